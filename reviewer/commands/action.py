"""`review action`: what the GitHub Action (action.yml) runs on a pull request.

It reviews the Markdown files the pull request adds, modifies or renames (the merge-base, three-dot diff of
base and head; deleted files are skipped), keeps the findings on the lines the pull request adds or changes
(`--filter added`; `diff_context` also keeps the three lines around each change, `file` the whole file), and
writes them as GitHub workflow commands (annotations), the full review log to the job summary and to a file,
the step's outputs (`findings`, `errors`, `report`), and SARIF when asked.

The fact base is the bundled one plus the fact directories given with `--facts` *as the base branch has
them*: a pull request cannot make its own claims pass by editing the facts. A pull request that changes those
directories is named in the summary for a human reviewer. Nothing from the pull request is executed; file
names go to git as arguments, never through a shell.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..errors import ConfigError, InputError

DEFAULT_PATHS = "**/*.md\n**/*.mdx"
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)


def add_arguments(p: argparse.ArgumentParser) -> None:
    env = os.environ.get
    p.add_argument("--paths", default=env("INPUT_PATHS") or DEFAULT_PATHS,
                   help="globs of the files to review, one per line or separated by spaces (default: **/*.md, **/*.mdx)")
    p.add_argument("--fail-on", choices=("error", "warning", "none"), default=env("INPUT_FAIL_ON") or "error")
    p.add_argument("--filter", choices=("added", "diff_context", "file"),
                   default=env("INPUT_FILTER") or "added", help="which findings to report (default: added lines)")
    p.add_argument("--facts", default=env("INPUT_FACTS") or "",
                   help="the repository's own fact directories (read from the base branch), one per line")
    p.add_argument("--sarif-file", default=env("INPUT_SARIF_FILE") or "",
                   help="also write SARIF 2.1.0 here")
    p.add_argument("--comment", choices=("true", "false"), default=(env("INPUT_COMMENT") or "false").lower(),
                   help="also post review comments with suggestions (needs a token with pull-requests: write)")
    p.add_argument("--base", help="base commit (default: the pull request's, from GITHUB_EVENT_PATH)")
    p.add_argument("--head", help="head commit (default: the pull request's, or HEAD)")
    p.add_argument("--repo", type=Path, default=Path(env("GITHUB_WORKSPACE") or "."), help="the checkout")


def git(repo: Path, *args: str) -> str:
    try:
        p = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=False)
    except OSError as exc:
        raise ConfigError(f"git is not available: {exc}") from None
    if p.returncode != 0:
        raise InputError(f"git {args[0]} failed: {p.stderr.strip().splitlines()[-1] if p.stderr.strip() else p.returncode}")
    return p.stdout


def pull_request() -> dict:
    event = os.environ.get("GITHUB_EVENT_PATH")
    if event and Path(event).is_file():
        return json.loads(Path(event).read_text(encoding="utf-8")).get("pull_request") or {}
    return {}


def commits(args: argparse.Namespace) -> tuple[str, str]:
    base, head = args.base, args.head
    pr = pull_request()
    base = base or pr.get("base", {}).get("sha")
    head = head or pr.get("head", {}).get("sha")
    if not base:
        raise ConfigError("no base commit: not a pull_request event and no --base")
    return base, head or "HEAD"


def changed_files(repo: Path, base: str, head: str) -> list[tuple[str, str, str]]:
    """(status letter, path at head, path at base) of the files the pull request adds, modifies or renames."""
    out = git(repo, "diff", "--name-status", "-z", "-M", f"{base}...{head}")
    parts = out.split("\0")
    files, i = [], 0
    while i < len(parts) - 1:
        status = parts[i]
        if status[:1] in ("R", "C"):
            files.append((status[:1], parts[i + 2], parts[i + 1]))
            i += 3
        else:
            if status[:1] in ("A", "M", "T"):
                files.append((status[:1], parts[i + 1], parts[i + 1]))
            i += 2  # D: deleted, nothing to review
    return files


def changed_lines(repo: Path, base: str, head: str, path: str, old: str, context: int) -> set[int]:
    """The head-side lines of `path` (at base: `old`, when renamed) the pull request adds or changes, with
    `context` lines around each."""
    diff = git(repo, "diff", f"-U{context}", "-M", f"{base}...{head}", "--", *dict.fromkeys((old, path)))
    lines: set[int] = set()
    for m in _HUNK.finditer(diff):
        start, count = int(m[1]), int(m[2]) if m[2] is not None else 1
        lines.update(range(start, start + count))
    return lines


def facts_changed(repo: Path, base: str, head: str, dirs: Sequence[str]) -> list[str]:
    if not dirs:
        return []
    return [p for p in git(repo, "diff", "--name-only", "-z", f"{base}...{head}", "--", *dirs).split("\0") if p]


def base_facts(repo: Path, base: str, dirs: Sequence[str], into: Path) -> list[Path]:
    """The fact directories as the base commit has them, extracted under `into` (those it does not have: none)."""
    out = []
    for d in dirs:
        listed = git(repo, "ls-tree", "-r", "--name-only", base, "--", d).split()
        if not listed:
            continue
        tar_path = into / "facts.tar"
        with open(tar_path, "wb") as fh:
            p = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", base, "--", d], stdout=fh,
                               stderr=subprocess.PIPE, check=False)
        if p.returncode != 0:
            raise InputError(f"git archive failed for {d}")
        with tarfile.open(tar_path) as tar:
            tar.extractall(into / "base", filter="data")
        out.append(into / "base" / d)
    return out


def _lines(text: str) -> list[str]:
    return [x for x in re.split(r"[\n\s]+", text.strip()) if x]


def _set_output(name: str, value: str) -> None:
    path = os.environ.get("GITHUB_OUTPUT")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(f"{name}={value}\n")


def _summary(text: str) -> None:
    path = os.environ.get("GITHUB_STEP_SUMMARY")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(text)


def run(args: argparse.Namespace) -> int:
    from pathspec import GitIgnoreSpec

    from ..api import Reviewer, exit_code
    from ..emitters import ci
    from ..emitters import markdown as md_out
    from ..models import evolve
    from ..output import write_atomic
    from ..source import read_source
    from .common import open_factbase

    repo = args.repo.resolve()
    base, head = commits(args)
    spec = GitIgnoreSpec.from_lines(_lines(args.paths))
    files = [(path, old) for _, path, old in changed_files(repo, base, head) if spec.match_file(path)]
    fact_dirs = _lines(args.facts)
    touched_facts = facts_changed(repo, base, head, fact_dirs)
    context = {"added": 0, "diff_context": 3, "file": -1}[args.filter]
    with tempfile.TemporaryDirectory() as tmp:
        reviewer = Reviewer(open_factbase(base_facts(repo, base, fact_dirs, Path(tmp))))
        reports = []
        for path, old in files:
            report = reviewer.review_source(read_source(repo / path))
            report = evolve(report, path=path)  # as the repository names it: annotations need that
            if context >= 0:
                lines = changed_lines(repo, base, head, path, old, context)
                kept = tuple(f for f in report.findings if f.line in lines or f.end_line in lines)
                from ..api import status_of

                report = evolve(report, findings=kept, status=status_of(kept))
            reports.append(report)
    sys.stdout.write(ci.render_github(reports))
    alarms = [f for _, f in ci.alarms(reports)]
    errors = [f for f in alarms if f.severity == "error"]
    log = md_out.render(reports) if reports else "No Markdown file of this pull request was reviewed.\n"
    head_note = []
    if touched_facts:
        head_note.append("> **This pull request changes the fact base** (" + ", ".join(f"`{p}`" for p in touched_facts)
                         + "). It was reviewed with the base branch's facts; a human should review the fact changes.\n")
    summary = (f"## Fact review: {len(errors)} error(s), {len(alarms) - len(errors)} warning(s) in {len(reports)} "
               f"file(s)\n\n" + "".join(head_note) + "\n" + log)
    _summary(summary)
    report_path = Path(os.environ.get("RUNNER_TEMP") or tempfile.gettempdir()) / "review-report.md"
    write_atomic(report_path, summary)
    if args.sarif_file:
        write_atomic(Path(args.sarif_file), ci.render_sarif(reports))
    if args.comment == "true":
        from . import pr_comments

        gh = pr_comments.from_environment(pull_request())
        if gh is None:
            print("review: notice: comment: no token, repository or pull request number; no comments posted",
                  file=sys.stderr)
        else:
            created, updated = pr_comments.post(gh, head, repo, reports)
            print(f"review: {created} review comment(s) posted, {updated} updated", file=sys.stderr)
    _set_output("findings", str(len(alarms)))
    _set_output("errors", str(len(errors)))
    _set_output("report", str(report_path))
    return exit_code(reports, args.fail_on)

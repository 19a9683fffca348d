"""Pull-request review comments for the Action's `comment` input: one comment per contradicted claim on the
pull request's lines, with a GitHub suggestion block that replaces the value by the fact base's (as the log
suggests it, in the article's number convention). A hidden marker keyed by the claim (check, entity,
attribute, text) lets the next push update a comment instead of adding a second one.

The token is the one the workflow passes (`GITHUB_TOKEN`, which needs `pull-requests: write`); the API is
GitHub's REST API at `GITHUB_API_URL`.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from ..errors import InputError
from ..fix import replaceable
from ..models import ArticleReport, Finding

MARKER = "<!-- hw-fact-review:{key} -->"


def key(f: Finding) -> str:
    return f"{f.check}:{f.entity}:{f.attribute}:{f.text}".replace("-->", "")


def suggested_line(line: str, f: Finding) -> str | None:
    """The article's line with the value replaced by the suggestion (None when the value spans lines)."""
    if not replaceable(f) or line[f.column - 1:f.end_column - 1] != f.text:
        return None
    return line[:f.column - 1] + (f.suggestion or "") + line[f.end_column - 1:]


def body(f: Finding, line: str) -> str:
    new = suggested_line(line, f)
    text = f"**{f.check}** {f.message}"
    if f.sources:
        text += "\n\nSource: " + ", ".join(f"[{s.title}]({s.url})" for s in f.sources[:2])
    if new is not None:
        text += f"\n\n```suggestion\n{new}\n```"
    return text + "\n\n" + MARKER.format(key=key(f))


class GitHub:
    def __init__(self, repository: str, pull: int, token: str, api: str = "https://api.github.com"):
        self.base = f"{api.rstrip('/')}/repos/{repository}/pulls"
        self.pull = pull
        self.token = token

    def _call(self, method: str, url: str, data: dict | None = None):
        req = urllib.request.Request(url, method=method, data=json.dumps(data).encode() if data is not None else None,
                                     headers={"Authorization": f"Bearer {self.token}",
                                              "Accept": "application/vnd.github+json",
                                              "X-GitHub-Api-Version": "2022-11-28",
                                              "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                raw = resp.read()
        except (urllib.error.URLError, OSError) as exc:
            raise InputError(f"GitHub API {method} failed: {exc}") from None
        return json.loads(raw) if raw else None

    def comments(self) -> list[dict]:
        out: list[dict] = []
        page = 1
        while True:
            got = self._call("GET", f"{self.base}/{self.pull}/comments?per_page=100&page={page}") or []
            out += got
            if len(got) < 100:
                return out
            page += 1

    def create(self, commit: str, path: str, line: int, text: str) -> None:
        self._call("POST", f"{self.base}/{self.pull}/comments",
                   {"body": text, "commit_id": commit, "path": path, "line": line, "side": "RIGHT"})

    def update(self, comment_id: int, text: str) -> None:
        self._call("PATCH", f"{self.base}/comments/{comment_id}", {"body": text})


def post(gh: GitHub, commit: str, repo: Path, reports: Sequence[ArticleReport]) -> tuple[int, int]:
    """Create or update a comment for each contradicted finding; (created, updated)."""
    existing = {}
    for c in gh.comments():
        for part in (c.get("body") or "").split("<!-- hw-fact-review:")[1:]:
            existing[(c.get("path"), part.split(" -->", 1)[0])] = c
    created = updated = 0
    for r in reports:
        lines = (repo / r.path).read_text(encoding="utf-8", errors="replace").split("\n")
        for f in r.findings:
            if f.verdict != "contradicted":
                continue
            text = body(f, lines[f.line - 1] if f.line <= len(lines) else "")
            old = existing.get((r.path, key(f)))
            if old is None:
                gh.create(commit, r.path, f.end_line, text)
                created += 1
            elif old.get("body") != text or old.get("line") != f.end_line:
                gh.update(old["id"], text)
                updated += 1
    return created, updated


def from_environment(pull_request: dict) -> GitHub | None:
    token = os.environ.get("INPUT_TOKEN") or os.environ.get("GITHUB_TOKEN")
    repository = os.environ.get("GITHUB_REPOSITORY")
    if not token or not repository or not pull_request.get("number"):
        return None
    return GitHub(repository, int(pull_request["number"]), token, os.environ.get("GITHUB_API_URL", "https://api.github.com"))

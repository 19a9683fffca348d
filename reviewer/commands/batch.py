"""`review batch PATH…`: review a content repository; reports, index and summary in --out, with a cache.

Exit codes, for CI to act on:

  0  no article has a contradicted or outdated finding at or above --fail-on
  1  some article has one
  2  a usage or configuration error (a PATH or glob that gives no article, an invalid fact file, an
     output directory another run holds: one line on stderr); a review that failed (internal error,
     past --timeout); or, with --strict, a file that was not reviewed

A file that cannot be read, is empty or binary, or is in a language the reviewer does not read
(French, Spanish: "not reviewed: language fr is not supported") is listed under "Not reviewed" in
index.md, index.html and summary.json and printed on stderr; without --strict it does not change
the exit code, which the reviewed articles' findings decide.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from ..lang import LANGUAGES
from .common import add_facts_option, iso_date, report_fact_errors


def _jobs(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"not a positive number of jobs: {value!r}")
    return n


def _seconds(value: str) -> float:
    try:
        n = float(value)
    except ValueError:
        n = -1.0
    if n < 0 or n != n:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {value!r}")
    return n


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="directories (every .md/.markdown/.mdx below, .gitignore honoured), glob patterns "
                        "(quote them) or files")
    p.add_argument("--out", type=Path, default=Path("reports"), metavar="DIR",
                   help="where reports, index.md, index.html and summary.json go (default: reports)")
    p.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                   help=f"worker processes (default: the number of CPUs, here {os.cpu_count()})")
    p.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                   help="leave out files or directories matching this .gitignore-style pattern (repeatable)")
    p.add_argument("--no-cache", action="store_true", help="review every file again; do not read or write the cache")
    p.add_argument("--cache", type=Path, metavar="FILE",
                   help="the cache file (default: OUT/.review-cache.sqlite)")
    add_facts_option(p)
    p.add_argument("--lang", choices=LANGUAGES, help="article language (default: front matter, else detected)")
    p.add_argument("--as-of", type=iso_date, metavar="DATE",
                   help="date to check time-dependent facts at when an article has none (default: today)")
    p.add_argument("--fail-on", choices=("error", "warning", "none"), default=None,
                   help="lowest severity of a contradicted/outdated finding that makes the exit code 1 "
                        "(default: warning, i.e. any)")
    p.add_argument("--select", action="append", default=[], metavar="CODES",
                   help="only these checks (codes or prefixes, comma-separated; as review --select)")
    p.add_argument("--ignore", action="append", default=[], metavar="CODES", help="not these checks")
    p.add_argument("--timeout", type=_seconds, default=None, metavar="SECONDS",
                   help="per-article time limit; a file that takes longer is one error and the batch goes on "
                        "(default 60; 0: none)")
    p.add_argument("--strict", action="store_true",
                   help="exit 2 if any file was not reviewed (unreadable, empty, binary, not UTF-8, too large, in "
                        "a language not supported); without it such files are listed but the findings decide")
    p.add_argument("--baseline", type=Path, metavar="FILE",
                   help="report only findings not recorded in FILE (made by 'review baseline create')")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress and no closing summary line")
    p.add_argument("--suggest-facts", action="store_true",
                   help="also write DIR/suggested-facts.yaml: the unverifiable claims as a draft fact file to source "
                        "(as `review facts suggest` does)")


class _PlainProgress:
    """`reviewed 120/2000` lines at every tenth of the way, for logs and CI."""

    def __init__(self, stream):
        self.stream = stream
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        step = 10 * done // total if total else 10
        if step > self.last and (done == total or step > 0):
            self.last = step
            print(f"reviewed {done}/{total}", file=self.stream, flush=True)

    def close(self) -> None:
        pass


class _RichProgress:
    def __init__(self):
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        # auto_refresh=False: no refresh thread, so that worker processes are never forked while a
        # thread holds the stderr lock; the bar is redrawn on each update instead
        self.progress = Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                 console=Console(stderr=True), transient=True, auto_refresh=False)
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.task is None:
            self.progress.start()
            self.task = self.progress.add_task("review", total=total)
        self.progress.update(self.task, completed=done, total=total)
        self.progress.refresh()

    def close(self) -> None:
        if self.task is not None:
            self.progress.stop()


def run(args: argparse.Namespace) -> int:
    from .. import config
    from ..api import check_codes
    from ..batch import run_batch
    from ..batch.run import DEFAULT_TIMEOUT, FactBaseRejected

    progress = None
    if not args.quiet:
        progress = _RichProgress() if sys.stderr.isatty() else _PlainProgress(sys.stderr)
    started = time.perf_counter()
    try:
        cfg = config.load(Path(args.paths[0]))  # [tool.review] or .review.toml, nearest the first path
        for name in ("lang", "fail_on", "as_of", "select", "ignore"):
            cfg.override(name, getattr(args, name))
        c = cfg.config
        result = run_batch(args.paths, args.out, jobs=args.jobs, exclude=[*c.exclude, *args.exclude],
                           use_cache=not args.no_cache, cache_path=args.cache, fact_dirs=[*cfg.fact_dirs(), *args.facts],
                           lang=c.lang, as_of=c.as_of, progress=progress, fail_on=c.fail_on or config.DEFAULT_FAIL_ON,
                           include=c.include, select=check_codes(c.select), ignore=check_codes(c.ignore),
                           severity=dict(c.severity),
                           timeout=DEFAULT_TIMEOUT if args.timeout is None else (args.timeout or None),
                           strict=args.strict, baseline=args.baseline)
    except FactBaseRejected as exc:
        report_fact_errors(exc.errors)
        raise
    finally:
        if progress is not None:
            progress.close()
    if args.suggest_facts:
        _suggest(result.out_dir, [*cfg.fact_dirs(), *args.facts])
    for notice in result.notices:
        print(f"review: notice: {notice}", file=sys.stderr)
    for path, message in result.errors:
        print(f"review: {path}: {message}", file=sys.stderr)
    if not args.quiet:
        statuses = {s: sum(1 for r in result.reports if r["status"] == s)
                    for s in ("FAILED", "PASSED WITH CHANGES", "PASSED")}
        print(f"{result.articles} articles ({result.cache_hits} from cache, {len(result.errors)} not reviewed): "
              f"{statuses['FAILED']} FAILED, {statuses['PASSED WITH CHANGES']} PASSED WITH CHANGES, "
              f"{statuses['PASSED']} PASSED; {len(result.conflicts)} cross-article conflicts; "
              f"{time.perf_counter() - started:.1f} s; see {result.out_dir / 'index.md'}")
    return result.exit_code


def _suggest(out_dir: Path, fact_dirs: list[Path]) -> None:
    """The batch's JSON reports as one draft fact file, written atomically beside index.md."""
    from ..factbase.suggest import draft
    from ..output import write_atomic
    from .common import open_factbase

    reports = sorted(out_dir.rglob("*.review.json"))
    write_atomic(out_dir / "suggested-facts.yaml", draft(reports, open_factbase(fact_dirs)))

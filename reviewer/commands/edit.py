"""`review ARTICLE` with --fix, --diff, --append-log, --baseline, several files and standard input: reading
the inputs, changing the articles, and the reports that are left to show."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import fix
from ..errors import InputError
from ..models import ArticleReport, Source
from ..output import write_atomic
from ..source import read_source, source_from_bytes

STDIN = "-"


@dataclass
class Inputs:
    sources: list[Source] = field(default_factory=list)
    raw: dict[str, bytes] = field(default_factory=dict)  # what standard input held, by the name shown
    failed: int = 0


def read_inputs(paths: Sequence[str], stdin_name: str | None, stdin=None) -> Inputs:
    """Every article that can be read; each one that cannot is one line on stderr (the rest go on)."""
    got = Inputs()
    for p in paths:
        try:
            if p == STDIN:
                name = stdin_name or "<stdin>"
                data = (stdin or sys.stdin.buffer).read()
                got.raw[name] = data
                got.sources.append(source_from_bytes(data, name))
            else:
                got.sources.append(read_source(p))
        except InputError as exc:
            print(f"review: {exc.line()}", file=sys.stderr)
            got.failed += 1
    return got


Review = Callable[[Source], ArticleReport]


@dataclass
class Edited:
    reports: list[ArticleReport]
    diff: str = ""
    stdout_text: str | None = None  # the edited article, for standard input


def edit(inputs: Inputs, review: Review, *, do_fix: bool, diff: bool, append_log: bool,
         render_log: Callable[[ArticleReport], str]) -> Edited:
    """Fix and/or append the log to each article; the reports of the articles as they are afterwards. A file
    is written once, atomically, with its mode, line endings and byte-order mark kept; standard input's
    article goes to standard output instead; with `diff` nothing is written."""
    out = Edited([])
    for src in inputs.sources:
        raw = inputs.raw[src.path] if src.path in inputs.raw else Path(src.path).read_bytes()
        bom = "\ufeff" if raw.startswith(b"\xef\xbb\xbf") else ""
        before = raw.decode("utf-8-sig")
        report = review(src)
        after, fixed = before, 0
        if do_fix or diff:
            edits, skipped = fix.plan(before, report.findings)
            after, fixed = fix.apply(before, edits), len(edits)
            if skipped:
                print(f"review: {src.path}: {len(skipped)} fix(es) left out: the file does not say there what the "
                      "finding quotes", file=sys.stderr)
        if after != before:  # what is left to report is the fixed article's
            report = review(source_from_bytes(after.encode("utf-8"), src.path))
        if append_log:
            after = fix.with_log(after, render_log(report))
        if diff:
            out.diff += fix.unified_diff(src.path, before, after)
        elif src.path in inputs.raw:
            out.stdout_text = (out.stdout_text or "") + after
        elif after != before:
            write_atomic(Path(src.path), bom + after, newline="")
        if do_fix and not diff:
            print(f"review: {src.path}: {fixed} value(s) fixed", file=sys.stderr)
        out.reports.append(report)
    return out

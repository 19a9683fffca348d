"""What `review --fix`, `--diff` and `--append-log` do to an article's own text.

A fix replaces a contradicted value by its suggestion where there is one clear replacement: the finding
is an error (not a warning, whose subject or source is in doubt), the value sits on one line exactly as
the finding quotes it, and the suggestion is a value the sentence can take as written (a ratio written in
words, "das Doppelte", has none). Everything else stays for the editor. The file's bytes outside the
replaced values are kept: line endings, a byte-order mark, trailing spaces.

The appended review log sits between two HTML comments, invisible when the article is rendered; running
it again replaces the log, and the reviewer reads the article without it (source.py blanks it).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .models import Finding

LOG_START = "<!-- review-log: start (written by `review --append-log`; replaced on the next run) -->"
LOG_END = "<!-- review-log: end -->"
LOG_BLOCK = re.compile(r"\n*<!-- review-log: start\b.*?-->.*?<!-- review-log: end -->\n?", re.S)
_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")  # as source.py counts lines: \r\n, \r and \n
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Edit:
    finding: Finding
    line: int  # 1-based
    start: int  # character columns in that line, 0-based, end exclusive
    end: int


def replaceable(f: Finding) -> bool:
    """The suggestion can stand in the sentence where the value is: one line, and not a ratio written in
    words ("das Doppelte" -> "1,76x" is no edit)."""
    if not f.suggestion or f.suggestion == f.text or f.line != f.end_line:
        return False
    return not (f.attribute == "ratio" and not _DIGIT.search(f.text))


def fixable(f: Finding) -> bool:
    """One clear replacement: a contradicted error (not a warning, whose subject or source is in doubt)
    with a suggestion that can replace the value."""
    return f.verdict == "contradicted" and f.severity == "error" and replaceable(f)


def plan(text: str, findings: Iterable[Finding]) -> tuple[list[Edit], list[Finding]]:
    """The edits to make in `text` (the article as read, with its own line endings), and the fixable findings
    left out because the file no longer says what they quote there (a repaired encoding, an overlap)."""
    lines = _LINES.findall(text)
    edits: list[Edit] = []
    skipped: list[Finding] = []
    taken: dict[int, list[tuple[int, int]]] = {}
    for f in findings:
        if not fixable(f):
            continue
        start, end = f.column - 1, f.end_column - 1
        line = lines[f.line - 1].rstrip("\r\n") if 0 < f.line <= len(lines) else ""
        if line[start:end] != f.text or any(s < end and start < e for s, e in taken.get(f.line, [])):
            skipped.append(f)
            continue
        taken.setdefault(f.line, []).append((start, end))
        edits.append(Edit(f, f.line, start, end))
    return edits, skipped


def apply(text: str, edits: Iterable[Edit]) -> str:
    """`text` with every edit made (right to left in each line, so that columns stay true)."""
    lines = _LINES.findall(text)
    for e in sorted(edits, key=lambda e: (e.line, e.start), reverse=True):
        line = lines[e.line - 1]
        suggestion = e.finding.suggestion or ""
        lines[e.line - 1] = line[:e.start] + suggestion + line[e.end:]
    return "".join(lines)


def unified_diff(path: str, before: str, after: str) -> str:
    if before == after:
        return ""
    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        fromfile=_side("a", path), tofile=_side("b", path)))


def without_log(text: str) -> str:
    """The article without a log that `--append-log` appended before."""
    return LOG_BLOCK.sub("", text).rstrip("\r\n") + _newline(text)


def with_log(text: str, log: str) -> str:
    """The article with `log` appended (in place of an earlier one), in the article's own line endings."""
    nl = _newline(text) or "\n"
    body = without_log(text).rstrip("\r\n")
    block = "\n".join([LOG_START, "", log.strip("\n"), "", LOG_END])
    return body + nl + nl + block.replace("\n", nl) + nl


def blank_log(markdown: str) -> str:
    """`markdown` with an appended log blanked to spaces (line breaks kept, so every offset stays)."""
    return LOG_BLOCK.sub(lambda m: re.sub(r"[^\r\n]", " ", m.group()), markdown) if LOG_START[:22] in markdown \
        else markdown


def _newline(text: str) -> str:
    m = re.search(r"\r\n|\r|\n", text)
    return m.group() if m else ""


def _side(prefix: str, path: str) -> str:
    """git's "a/x.md" for a relative path; an absolute one as it is."""
    return path if path.startswith("/") else f"{prefix}/{path}"

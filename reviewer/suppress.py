"""Inline suppression in Markdown, as linters offer it (ESLint's and markdownlint's comment forms):

    <!-- review-disable -->              ... <!-- review-enable -->        every check, for the lines between
    <!-- review-disable HW101 HW106 -->  ... <!-- review-enable -->        only those checks (codes or prefixes)
    <!-- review-disable-next-line HW101 -- the vendor's own slide -->      the next line (with a reason after "--")
    Trainium3 has 96 GB. <!-- review-disable-line -->                      its own line

A directive that suppressed no contradicted or outdated finding is reported (notice N010), so stale ones
do not pile up. HTML comments are never checked as article text, so the directives change nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .i18n import notice
from .models import Finding, Notice

_DIRECTIVE = re.compile(
    r"<!--\s*review-(?P<kind>disable-next-line|disable-line|disable|enable)\b(?P<codes>(?:[\s,]+[A-Za-z]+\d*)*)"
    r"(?:\s+--\s*(?P<reason>.*?))?\s*-->")
ALARMS = ("contradicted", "outdated")


@dataclass
class Directive:
    kind: str
    line: int  # where it is written
    codes: tuple[str, ...]  # empty: every check
    reason: str | None
    first: int = 0  # the lines it covers
    last: int = 0
    used: bool = field(default=False)

    def covers(self, f: Finding) -> bool:
        return self.first <= f.line <= self.last and (not self.codes or f.check.startswith(self.codes))


def directives(text: str) -> list[Directive]:
    """The directives of an article, each with the lines it covers."""
    if "review-" not in text:
        return []
    lines = text.split("\n")
    out: list[Directive] = []
    open_blocks: list[Directive] = []
    for i, line in enumerate(lines, start=1):
        for m in _DIRECTIVE.finditer(line):
            codes = tuple(c.upper() for c in re.split(r"[\s,]+", m["codes"].strip()) if c)
            d = Directive(m["kind"], i, codes, (m["reason"] or "").strip() or None)
            if d.kind == "disable-line":
                d.first = d.last = i
            elif d.kind == "disable-next-line":
                nxt = next((k for k in range(i + 1, len(lines) + 1) if lines[k - 1].strip()
                            and not _DIRECTIVE.fullmatch(lines[k - 1].strip())), i + 1)
                d.first = d.last = nxt
            elif d.kind == "disable":
                d.first, d.last = i, len(lines)
                open_blocks.append(d)
                out.append(d)
                continue
            else:  # enable: closes the open blocks (of the same codes, or all when it names none)
                for b in [b for b in open_blocks if not codes or set(b.codes) <= set(codes)]:
                    b.last = i
                    open_blocks.remove(b)
                continue
            out.append(d)
    return out


def apply(text: str, findings: Sequence[Finding]) -> tuple[list[int], list[Notice]]:
    """The indexes of the findings to keep, and a notice for each directive that suppressed no alarm."""
    s = Suppressor(text)
    return s.keep(findings), s.notices()


class Suppressor:
    """apply() for findings that come in parts (api.Reviewer.review_runs): keep() for each part, notices() at
    the end."""

    def __init__(self, text: str):
        self.found = directives(text)

    def keep(self, findings: Sequence[Finding]) -> list[int]:
        """The indexes of the findings to keep."""
        if not self.found:
            return list(range(len(findings)))
        keep = []
        for k, f in enumerate(findings):
            hits = [d for d in self.found if d.covers(f)]
            if not hits:
                keep.append(k)
            elif f.verdict in ALARMS:
                for d in hits:
                    d.used = True
        return keep

    def notices(self) -> list[Notice]:
        """A notice for each directive that suppressed no alarm."""
        return [Notice("N010", notice("N010", directive=f"review-{d.kind}" + "".join(f" {c}" for c in d.codes)), d.line)
                for d in self.found if not d.used]

"""A `git log` pasted in a code block: its commit messages are prose the page shows as its own history, read as
paragraphs and list items (markdown.py); the hashes, authors, dates and any diff in the block are not.

Two shapes: the full log ("commit 1f7c9e2…", "Author: …", "Date: …", then the message indented by four spaces),
whose message lines become paragraphs (a commit's later lines introduced by its subject line), and the
one-line log ("d9e40a6 trn3-ultraserver: 36 servers x 4 chips = 144"), whose lines become list items led by their
label ("trn3-ultraserver:").
"""

from __future__ import annotations

import re

from .models import Segment

COMMIT_LINE = r"^commit [0-9a-f]{7,40}\b"  # a full log's commit line (posts.py dates its message by it)
_COMMIT = re.compile(COMMIT_LINE, re.M)
_ONELINE = re.compile(r"(?P<hash>[0-9a-f]{7,12}) (?P<message>\S.*)")
_LABEL = re.compile(r"[\w.-]{2,40}:\s")  # "trn3-ultraserver: ", "gb300-nvl72: "


def is_git_log(content: str) -> bool:
    """The code block holds a `git log`: a full one, or only one-line entries (a shell prompt line allowed)."""
    if _COMMIT.search(content):
        return True
    lines = [line for line in content.splitlines() if line.strip() and not line.lstrip().startswith("$")]
    return len(lines) >= 2 and all(_ONELINE.fullmatch(line) for line in lines)


def segments(raw: str, start: int, first_block: int, heading: int, quote_depth: int) -> list[Segment]:
    """The messages of the log `raw` (the block's text, at file offset `start`) as segments from block `first_block`."""
    if _COMMIT.search(raw):
        return _full_log(raw, start, first_block, heading, quote_depth)
    out: list[Segment] = []
    at = 0
    for line in raw.splitlines(keepends=True):
        m = _ONELINE.fullmatch(line.rstrip("\n"))
        if m is not None:
            text = " " * m.start("message") + m.group("message")
            label = _LABEL.match(text, m.start("message"))
            out.append(Segment("list_item", text, start + at, first_block + len(out), heading=heading,
                               lead_end=label.end() if label else 0, quote_depth=quote_depth))
        at += len(line)
    return out


def _full_log(raw: str, start: int, first_block: int, heading: int, quote_depth: int) -> list[Segment]:
    """Each line of a commit's message (indented by four spaces) a paragraph, introduced by the commit's subject
    line: a message's lines are its units ("fp8_dense: 4.5 PFLOPS" over "Announced at GTC in March 2025")."""
    out: list[Segment] = []
    at, subject = 0, -1
    for line in raw.splitlines(keepends=True):
        body = line.rstrip("\n")
        if _COMMIT.match(body):
            subject = -1
        elif body.startswith("    ") and body.strip():
            block = first_block + len(out)
            out.append(Segment("paragraph", body, start + at, block, heading=heading, intro=subject,
                               quote_depth=quote_depth))
            subject = block if subject < 0 else subject
        at += len(line)
    return out

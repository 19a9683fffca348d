"""Delimited text pasted as a paragraph (a CSV export with semicolons or tabs, as spreadsheet software writes it
with decimal commas): read as the table it is, one segment per cell, the first line its header, so that a
cell's figure takes its column's unit and its row's name ("Trainium3;144;4,9" under "Chip;Speicher (GB);
Bandbreite (TB/s)") instead of running on with the lines before it as one sentence.

A paragraph is read so when it has at least three lines and every line has the same number (two or more) of
the same delimiter outside double quotes. Offsets stay the file's.

A table aligned with spaces (a command's output in a code block, a plain-text mail's table: "TYPE  CHIPS  MEM
(GiB)" over "trn1.2xlarge  1  32") is read the same way: its header is the first line of three or more fields
apart by two or more spaces that two or more lines right after it match field for field; the lines before it (the
command) and from the first line that does not match are not read. A box drawn with "|" or "+" is not such a
table; lines of "Key   value" (key_value_of) are read as the items of a list, the key each item's lead."""

from __future__ import annotations

import re

from .models import Segment

_DELIMITERS = (";", "\t")
MIN_LINES = 3


def _bounds(line: str, delim: str) -> list[tuple[int, int]]:
    """(start, end) of each field of a line, split on the delimiter outside double quotes."""
    out, start, quoted = [], 0, False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == delim and not quoted:
            out.append((start, i))
            start = i + 1
    out.append((start, len(line)))
    return out


def table_of(raw: str) -> tuple[str, list[list[tuple[int, int]]]] | None:
    """The delimiter and each line's field bounds (relative to `raw`) when the paragraph is delimited text."""
    lines = raw.rstrip("\n").split("\n")
    if len(lines) < MIN_LINES:
        return None
    for delim in _DELIMITERS:
        fields = [_bounds(line, delim) for line in lines]
        if len({len(f) for f in fields}) == 1 and len(fields[0]) >= 3:
            rows, at = [], 0
            for line, bounds in zip(lines, fields, strict=True):
                rows.append([(at + a, at + b) for a, b in bounds])
                at += len(line) + 1
            return delim, rows
    return None


_GAP = re.compile(r" {2,}|\t")  # (one space parts the words of a cell: "MEM (GiB)", "8 x H100")
_BOX = re.compile(r"^\s*[|+]")


def _aligned_fields(line: str) -> list[tuple[int, int]]:
    """(start, end) of each field of a line of an aligned table: text between runs of two or more spaces."""
    out, at = [], 0
    body = line.rstrip()
    for gap in _GAP.finditer(body):
        if gap.start() > at:
            out.append((at, gap.start()))
        at = gap.end()
    if at < len(body):
        out.append((at, len(body)))
    return out


def aligned_table_of(raw: str) -> list[list[tuple[int, int]]] | None:
    """Each row's field bounds (relative to `raw`) of a table aligned with spaces in `raw`, header row first."""
    lines = raw.split("\n")
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    fields = [_aligned_fields(line) if not _BOX.match(line) else [] for line in lines]
    for h, head in enumerate(fields):
        if len(head) < 3:
            continue
        n = h + 1
        while n < len(lines) and len(fields[n]) == len(head):
            n += 1
        if n - h - 1 >= MIN_LINES - 1:
            return [[(starts[r] + a, starts[r] + b) for a, b in fields[r]] for r in range(h, n)]
    return None


_KEY = re.compile(r"[A-Za-zÄÖÜäöü][\w ./()-]{0,23}")


def key_value_of(raw: str) -> list[tuple[int, int, int]] | None:
    """Each line's (start, value start, end) relative to `raw` of a block of "Key   value" lines aligned with spaces
    (a command's "describe" output: "Accelerators   8 x H100, 80 GB each"): three or more lines in a row of two
    fields each, the first a short label; the lines before them (the command) and after them are not read."""
    lines = raw.split("\n")
    rows: list[tuple[int, int, int]] = []
    best: list[tuple[int, int, int]] = []
    at = 0
    for line in lines:
        fields = _aligned_fields(line)
        if len(fields) == 2 and fields[0][0] == 0 and _KEY.fullmatch(line, 0, fields[0][1]) and not _BOX.match(line):
            rows.append((at, at + fields[1][0], at + fields[1][1]))
        else:
            best = rows if len(rows) > len(best) else best
            rows = []
        at += len(line) + 1
    best = rows if len(rows) > len(best) else best
    return best if len(best) >= MIN_LINES else None


def segments(raw: str, start: int, first_block: int, heading: int, quote_depth: int,
             aligned: bool = False) -> list[Segment]:
    """One table_cell segment per field (its quotes blanked), the first line's fields the column headers and each
    line's first field its row's header; block numbers from `first_block` on. `aligned`: a table aligned with
    spaces rather than one with a delimiter."""
    if aligned:
        rows = aligned_table_of(raw)
        if rows is None:
            return []
    else:
        found = table_of(raw)
        if found is None:
            return []
        _, rows = found
    out: list[Segment] = []
    headers: list[int] = []
    block = first_block
    for r, fields in enumerate(rows):
        row_first = -1
        for c, (a, b) in enumerate(fields):
            text = raw[a:b].replace('"', " ")
            col_header = headers[c] if r > 0 and c < len(headers) else -1
            out.append(Segment("table_cell", text, start + a, block, heading=heading,
                               row_header=row_first if c > 0 else -1, col_header=col_header,
                               quote_depth=quote_depth))
            if r == 0:
                headers.append(block)
            if c == 0:
                row_first = block
            block += 1
    return out


def key_value_items(raw: str, start: int, first_block: int, heading: int, quote_depth: int) -> list[Segment]:
    """One list_item segment per line of a "Key   value" block, the key its lead ("**Key:** value"), or none."""
    rows = key_value_of(raw)
    if rows is None:
        return []
    return [Segment("list_item", raw[a:e], start + a, first_block + i, heading=heading, lead_end=v - a,
                    intro=first_block if i else -1, quote_depth=quote_depth) for i, (a, v, e) in enumerate(rows)]

"""Footnotes in an article's segments: a mark after a figure ("8 TB/s¹", "96[^1]", "10 PFLOPS*") is blanked like
markup, and a note under a table ("³ Angekündigt waren im Juni 2024 bis zu 288 GB") speaks of the row whose cell
carries its mark. Every offset stays the same.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import replace

from .models import Segment


def blank_marks(out: list[Segment], text: str) -> list[Segment]:
    """The segments of a slice (of source `text`) with their notes given to their rows and their marks blanked."""
    every = bool(_FOOTNOTE_CLUE.search(text))
    if (every or "*" in text) and any(seg.kind == "table_cell" for seg in out):
        out = _footnotes_to_rows(out)
    if every or "*" in text:
        # footnote markers ("8 TB/s¹", "4.614³", "FP8 (dicht)²", "96[^1]", "96[1]", "96^1", "10 PFLOPS*",
        # and the label of a definition "[^1]: ...") are blanked like markup: the figure and the cue word
        # before them stay whole, and every offset stays the same (a star left in a segment's text is no
        # emphasis: the parser blanked those)
        out = [replace(seg, text=_FOOTNOTE.sub(lambda m: " " * len(m.group()), seg.text))
               if every or "*" in seg.text else seg for seg in out]
    return out


def _footnotes_to_rows(out: list[Segment]) -> list[Segment]:
    """A footnote under a table ("³ Angekündigt waren im Juni 2024 bis zu 288 GB") speaks of the row whose cell
    carries its marker ("| AMD MI325X | 256³ |"): the row's first cell becomes the note's intro, as a list's
    intro paragraph is its items' (a marker in more than one row says nothing)."""
    rows: dict[str, set[int]] = {}
    cells = {seg.block: seg.text for seg in out if seg.kind == "table_cell"}
    for seg in out:
        if seg.kind == "table_cell":
            for m in _SUPERSCRIPT_MARK.finditer(seg.text):
                owner = seg.row_header if seg.row_header >= 0 else seg.block
                if seg.col_header >= 0 and (_ITEM_CODE.fullmatch(cells.get(owner, "")) or (
                        _MEASURE_ROW.search(cells.get(owner, "")) and not _PERIOD.search(cells.get(seg.col_header, "")))):
                    owner = seg.col_header  # "| A-4.3 | ... | 5.000³ |" under "MI355X²": a numbered row names nothing,
                    # and "| FP8 dense per GPU (TFLOPS) | ... | 5,000⁴ |" a measure: the column names the product
                rows.setdefault(m.group(), set()).add(owner)
    if not rows:
        return out
    noted: list[Segment] = []
    notes: dict[str, str] = {}  # a mark of one row: its note
    for seg in out:
        lines = seg.text.rstrip("\n").split("\n") if seg.kind in ("paragraph", "blockquote") \
            and _NOTE_START.match(seg.text) else []  # (notes under a table in a block quote are in it too)
        if not lines or not all(_NOTE_START.match(line) for line in lines):
            noted.append(seg)
            continue
        for k, (at, line) in enumerate(_notes(lines)):  # one note a line ("² ...\n³ ...") or after another's
            mark = _NOTE_START.match(line)                # end ("¹ MXFP8. ² In GiB."): each its own paragraph
            row = rows.get(mark.group(1), set()) if mark else set()
            noted.append(replace(seg, text=line, start=seg.start + at, block=seg.block if k == 0 else NOTE_BLOCK + seg.start + at,
                                 intro=next(iter(row)) if len(row) == 1 else seg.intro))
            if mark and len(row) == 1:
                notes[mark.group(1)] = line
    # (and a marked cell its note: "| 10,000* |" under "FP8 dense" over "* Sparse value: ...")
    return [replace(seg, note=notes[mark_of.group()]) if seg.kind == "table_cell"
            and (mark_of := _SUPERSCRIPT_MARK.search(seg.text)) and mark_of.group() in notes else seg for seg in noted]


_ITEM_CODE = re.compile(r"[\s*_]*(?:[A-Za-z]{1,3}-)?\d+(?:\.\d+)*[\s*_.]*")  # "A-4.3", "4.1", "R-12" (not "B200")
# a row header that is a measure with its unit in brackets ("FP8 dense per GPU (TFLOPS)", "Speicher (GB)")
_MEASURE_ROW = re.compile(r"\((?:GB|GiB|TB|TiB|GB/s|TB/s|Gbit/s|Tbit/s|Gbps|Tbps|TFLOPS|PFLOPS|TOPS|W|kW|USD|EUR"
                          r"|US-Dollar|\$|€|nm)\)[\s*_]*$")
_PERIOD = re.compile(r"\b(?:19|20)\d\d\b|\bQ[1-4]\b|\bFY")  # a column of a year or a quarter names no product
_INLINE_NOTE = re.compile(r"(?<=[.;:)\]“”\"»!?][ \t])\s*(?=[¹²³⁴⁵⁶⁷⁸⁹⁰]+\s)")  # a note's mark after another note's end


def _notes(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(offset in the paragraph, text) of each note: each line, cut again where a mark follows a sentence's end."""
    at = 0
    for line in lines:
        cuts = [0] + [m.end() for m in _INLINE_NOTE.finditer(line) if m.end() > 0] + [len(line)]
        for a, b in itertools.pairwise(cuts):
            if line[a:b].strip():
                yield at + a, line[a:b]
        at += len(line) + 1


NOTE_BLOCK = 2_000_000  # block numbers of a footnote block's later lines: past any the parser gives


# (and a mark after a space that ends a cell: "| GB300 NVL72 ¹ |")
_SUPERSCRIPT_MARK = re.compile(r"(?<=[^\s¹²³⁴⁵⁶⁷⁸⁹⁰])(?<!\b10)[¹²³⁴⁵⁶⁷⁸⁹⁰]+|(?<=[\w)] )[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?=[\s|]*$)"
                               r"|(?<=[\w%)])(?:[†‡§]+|\*{1,2}(?=[\s|]|$))")
_NOTE_START = re.compile(r"[\s\\]*([¹²³⁴⁵⁶⁷⁸⁹⁰]+|[†‡§]+|\*{1,2})\s")  # (a star escaped: "\\* sparse figure")


_FOOTNOTE_CLUE = re.compile(r"[¹²³⁴⁵⁶⁷⁸⁹⁰^†‡§]|\[\d|<sup>")
# a superscript after anything but a space (not the exponent of "10³"), "[^note]", "[1]" after a word or
# figure (not a link's "[1](...)"), "^1" after a figure, and one or two stars after a figure or unit that
# the Markdown parser left as text (emphasis is blanked before)
_FOOTNOTE = re.compile(r"(?<=[^\s¹²³⁴⁵⁶⁷⁸⁹⁰])(?<!\b10)[¹²³⁴⁵⁶⁷⁸⁹⁰]+|(?<=[\w%)])[†‡§]+|\[\^[^\]\s]{1,30}\]"
                       r"|(?<=[\w%)])\[\d{1,2}\](?!\()|(?<=[\d%])\^\d{1,2}\b"
                       r"|(?<=[\w%)])\*{1,2}(?=[\s|,.;:)]|$)")

"""Stances a table gives its rows (reviewer/extract/stance.py has the stances of sentences and segments).

- A fact-check table: the "Claim" cell of a row its "Verdict" cell judges wrong holds the refuted myth.
- A column of an earlier year: under "Speicher 2024 (GB)" in an article of 2026, the cells' figures are historical
  (true then is right, not outdated now); so are a row's under a header that says until when it held ("(bis Mai 2025)").
  (A column of a time without a year, "| Then |", "| At launch |": stance.py.)
- A table of what others said: under a first column "Medium", "Quelle", "Source" or "Outlet", each row's figures
  are that source's words, except the page's own row ("Redaktion", "Our figures", "Correct").
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from ..lang.windows import Words
from ..models import Claim, Segment
from .patterns import YEAR
from .stance import set_aside_in


def judged_rows(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A fact-check table: in a row whose "Verdict" cell judges it wrong ("Wrong", "Exaggerated", "Outdated",
    "Falsch", "Übertrieben"), the figures of the "Claim" cell are the myth the table refutes; a row judged
    "Correct" and the row's "Correct figure" cell stay the article's own."""
    cells = [seg for seg in segs if seg.kind == "table_cell"]
    header = {seg.block: seg.text for seg in cells}
    row = {seg.block: seg.row_header if seg.row_header >= 0 else seg.block for seg in cells}
    verdicts = {row[seg.block] for seg in cells
                if w.verdict_header.match(header.get(seg.col_header, "")) and w.verdict_false.match(seg.text)}
    spans = [(seg.start, seg.start + len(seg.text)) for seg in cells
             if row[seg.block] in verdicts and w.claim_header.match(header.get(seg.col_header, ""))]
    # (a claim written then and judged wrong now is refuted: "| Aussage damals | Urteil |" over "| … 144 GB | falsch |")
    return set_aside_in(claims, spans, "refuted", ("asserted", "historical")) if spans else claims


def reported_rows(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """"| Medium | Speicher (GB) | ... |" over "| Wirtschaftskurier | 384³ | ... |": the figures of a row whose first
    column names who said them are quoted; the page's own row ("| **Redaktion** | 144 | ... |") stays asserted. So are
    the figures of a column whose header names a source before a colon ("| Buch: Speicher (GB) | Hersteller: … |")."""
    cells = [seg for seg in segs if seg.kind == "table_cell"]
    text = {seg.block: seg.text for seg in cells}
    column = {seg.block: seg.col_header for seg in cells}
    same = {seg.row_header for seg in cells if _SAME.fullmatch(seg.text)}  # rows that say the source was right
    spans = [(seg.start, seg.start + len(seg.text)) for seg in cells
             if (0 <= seg.row_header != seg.block and w.source_header.match(text.get(column.get(seg.row_header, -1), ""))
                 and not w.own_row.match(text.get(seg.row_header, "")))
             or (w.source_column.match(text.get(seg.col_header, "")) and seg.row_header not in same)]
    # ("| Buch: Speicher (GB) | Hersteller: Speicher (GB) |" over "| MI355X | 256 | 288 |": the book's figure; over
    # "| H100 SXM | 80 | = |" the page agrees)
    return set_aside_in(claims, spans, "quoted") if spans else claims


_SAME = re.compile(r"[\s*_]*(?:=|==|≙|✓|✔)[\s*_]*")


def dated_columns(segs: Sequence[Segment], claims: list[Claim], when: dt.date, names: frozenset[str]) -> list[Claim]:
    """"| Produkt | Speicher 2024 (GB) | Speicher 2026 (GB) |" in an article of 2026: the figures under a header that
    names one year, earlier than the article's, are historical; the header of the article's year stays the
    article's own, and so does a header that names a product with its year ("| H100 (2022) | H200 (2024) |":
    the columns are the chips, their figures today's)."""
    cells = [seg for seg in segs if seg.kind == "table_cell"]
    text = {seg.block: seg.text for seg in cells}

    def earlier(header: str) -> bool:
        years = [int(m.group()) for m in YEAR.finditer(header)]
        return len(years) == 1 and years[0] < when.year and not any(w in names for w in re.findall(r"\w+", header))

    early = {h: earlier(text.get(h, "")) for h in {seg.col_header for seg in cells}}  # (each header read once)
    spans = [(seg.start, seg.start + len(seg.text)) for seg in cells
             if 0 <= seg.col_header != seg.block and early[seg.col_header]]
    return set_aside_in(claims, spans, "historical") if spans else claims


def dated_rows(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """"| p5.48xlarge (bis Mai 2025) | 8 × H100 | 98,32 |": a row whose header says until when it held speaks of that
    time; its figures are historical (the price then is right, not outdated now)."""
    cells = [seg for seg in segs if seg.kind == "table_cell"]
    text = {seg.block: seg.text for seg in cells}
    spans = [(seg.start, seg.start + len(seg.text)) for seg in cells
             if 0 <= seg.row_header != seg.block and w.until_row.search(text.get(seg.row_header, ""))]
    return set_aside_in(claims, spans, "historical") if spans else claims

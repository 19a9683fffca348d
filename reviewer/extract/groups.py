"""Figures several units hold together: a fleet's, a group's, a board's, a row's of counted chips, a bracket's total.
Each says whether a figure is not one unit's own, so that no claim binds it to one chip or system.
"""

from __future__ import annotations

from .. import units
from ..models import Quantity, Segment
from .sentence import Sentence, count_before, group_in_bracket
from .subjects import Subjects


def several_together(ctx: Subjects, s: Sentence, q: Quantity, subject: str) -> bool:
    """The figure is several of the subject's together: "Twelve Trn2 UltraServers (768 Trainium2 chips, 72 TB of
    HBM)", "the Trainium2 pool as a whole peaks at 665.6 PFLOPS" (the twelve's, the fleet's), not one's."""
    last = next((m for m in reversed(s.mentions) if m.entity == subject and m.end <= q.start), None)
    return (ctx.kind(subject) in ("system", "pod", "instance") and group_in_bracket(s, q, subject)) \
        or (last is not None and bool(s.w.fleet_after.match(s.text, last.end - s.start))
            and "(" not in s.text[last.end - s.start:q.start - s.start]  # ("the H100 SXM pool (80 GB ...)": each one's)
            and not any(0 <= c.start - q.end <= 3 or last.end <= c.start < q.start for c in s.cue("SCOPE:chip")))
    # ("the Trn2 fleet's 96 GiB per chip at 2.9 TB/s": each chip's)


def fleet_figure(ctx: Subjects, s: Sentence, q: Quantity, subject: str) -> bool:
    """A figure for a counted number of chips or servers, the fleet's: "2,560 GB across the 32 GPUs in the fleet",
    "Across the three servers (24 GPUs) that comes to ..." (not a system's own count: _own_count)."""
    line = s.text.rfind("\n", 0, q.start - s.start) + 1  # (the lead of the figure's line: "Pro Rack (4 Knoten): ...")
    if (fleet := s.w.fleet_count_after.match(s.text, q.end - s.start)) is not None:
        return not _own_count(ctx, s, subject, fleet.start(), fleet.end())
    lead = s.w.fleet_count_lead.match(s.text[line:])
    return lead is not None and not _own_count(ctx, s, subject, line + lead.start(), line + lead.end())


def _own_count(ctx: Subjects, s: Sentence, subject: str, start: int, end: int) -> bool:
    """The count of chips or servers the figure is given for is the own count of the subject or of a system the sentence
    names ("A DGX B200 holds 1,536 GB across eight GPUs", „Auf 144 Chips kommt erst der Trn3 UltraServer“, "EFA adds up
    to 12.8 TB/s across the four instances" of a Trn2 UltraServer): no fleet."""
    n = next((p.value for p in s.quantities if start <= p.start - s.start < end and p.family == "count"), None)
    systems = {subject, *(x.entity for x in s.mentions)}
    return n is not None and any(ctx.kind(e) in ("system", "instance", "pod") and any(
        f.value == n for a in ("chip_count", "server_count") for f in ctx.fb.about(e, a)) for e in systems)


def group_total(ctx: Subjects, s: Sentence, q: Quantity, subject: str, attribute: str) -> bool:
    """The figure follows a count of the chip in its clause ("eight H100 GPUs with 640 GB", "our two-card H200 NVL
    box holds 282 GB"), no word for "each", and it is the count times the chip's own figure: all of them together.
    (The same words with the chip's own figure, "eight H100 GPUs with 80 GB", are each one's.)"""
    if ctx.kind(subject) != "chip" or q.family not in ("memory", "rate", "compute", "power"):
        return False
    m = next((m for m in reversed(s.mentions) if m.end <= q.start), None)
    if m is None or m.entity != subject or s.w.each_after.match(s.text, q.end - s.start) \
            or s.w.each_word.search(s.text, m.end - s.start, q.start - s.start) \
            or any(c in s.text[m.end - s.start:q.start - s.start] for c in ".;:()"):
        return False
    n = count_before(s, m)
    if n is None or n < 2:
        return False
    total = units.to_base(q.value, q.unit)
    return any(f.base_value and _times(n, f.base_value, total) for f in ctx.fb.about(subject, attribute))


def board_of(ctx: Subjects, s: Sentence, q: Quantity, subject: str, attribute: str) -> bool:
    """The figure's chip is named as an HGX board ("the HGX B300 board holds 2.1 TB", "das HGX-B300-Board fasst
    2,1 TB"), in the figure's clause, and the figure is at least twice the chip's own: the board's GPUs together.
    (Not a GPU on the board: "die Variante auf dem HGX-B300-Board bis zu 1.200 W", "(270 GB per GPU, up to 1,400 W)".)"""
    if q.family not in ("memory", "rate", "compute", "power"):
        return False  # (not a count: "the HGX B300 board carries eight GPUs")
    m = next((m for m in reversed(s.mentions) if m.end <= q.start), None)
    if m is None or m.entity != subject or ctx.kind(subject) != "chip" \
            or "HGX" not in s.text[max(0, m.start - s.start - 4):m.start - s.start + 3].upper() \
            or not s.w.board_after.match(s.text, m.end - s.start) \
            or any(ch in s.text[m.end - s.start:q.start - s.start] for ch in "(;:"):
        return False
    total = units.to_base(q.value, q.unit)
    return any(f.base_value and total >= 2 * f.base_value for f in ctx.fb.about(subject, attribute))


def _times(n: float, one: float, total: float) -> bool:
    """Whether `total` is `n` times `one` (within 3 %: rounded figures)."""
    return abs(n * one - total) <= 0.03 * total


def row_counts(ctx: Subjects, seg: Segment, subject: str) -> bool:
    """The cell's subject is the chip an earlier cell of its row counts two or more of ("| ND96isr_H100_v5 | 8 × H100 |
    640 |"): the row's figures are the group's."""
    if seg.kind != "table_cell" or seg.row_header < 0:
        return False
    return any((c := ctx.state.cell_counts.get(b)) is not None and c[0] == subject and c[1] >= 2
               for b in range(seg.row_header + 1, seg.block))


def several_systems_total(ctx: Subjects, seg: Segment, s: Sentence) -> bool:
    """A table cell that totals several systems: a system-wide column ("Beschleuniger gesamt") in a row with a cell
    counting systems ("| GB200 NVL72 | 2 Racks | 144 |"), or a total column ("Accelerators in total") in a row whose
    "Nodes" column counts several ("| DGX H100 | 32 | 8 | 256 |": not "HBM per node")."""
    header = ctx.state.cells.get(seg.col_header, (None, ()))[1]
    if s.w.fleet_header.search(ctx.state.cell_text.get(seg.col_header, "")):
        return True  # "| Chips in our fleet |", „| Chips in unserer Flotte |": the fleet's, whatever the row
    return (seg.row_header in ctx.state.row_units and "SCOPE:system" in header) or (
        (seg.row_header in ctx.state.row_counted or seg.row_header in ctx.state.row_units)
        and bool(s.w.total_header.search(ctx.state.cell_text.get(seg.col_header, ""))))  # ("| 48 racks | 72 | 3,456 |")


def bracket_total(ctx: Subjects, s: Sentence, q: Quantity, subject: str) -> bool:
    """The figure opens a bracket right after the chip's own figure and is a count of the sentence times it: the
    total ("8 H100 GPUs, 80 GB HBM3 each (640 GB)", "16 × Trainium, je 32 GiB (512 GiB)")."""
    if ctx.kind(subject) not in ("chip", "instance", "system", "pod") or q.family not in ("memory", "rate", "compute", "power") \
            or not s.text[:q.start - s.start].rstrip().endswith("("):
        return False
    each = next((p for p in reversed(s.quantities) if p.end <= q.start and p.family == q.family), None)
    if each is None or q.start - each.end > 20:
        return False
    # (a count, or "16 ×" before a name, which reads as a ratio)
    counts = {count_before(s, m) for m in s.mentions} | {c.value for c in s.quantities if c.end <= each.start and (
        c.family == "count" or (c.family == "ratio" and c.value.is_integer()))}
    total, one = units.to_base(q.value, q.unit), units.to_base(each.value, each.unit)
    return any(n is not None and n >= 2 and _times(n, one, total) for n in counts)

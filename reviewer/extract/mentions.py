"""Helpers of the subject rules that read one sentence: whether a name is only a predicate, a figure sits in its
owner's own parenthesis, a bracket has a figure of its own, a variant goes unnamed (subjects.py uses them)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..lang.windows import Words
from ..models import Segment
from .patterns import LABEL_LINE
from .sentence import Mention, Sentence, in_change, pair_after, second_of_pair


def compared_after(s: Sentence, at: int, entity: str, compared: list) -> bool:
    """The figure at `at` is compared with `entity`, named after it with its own ("7,7 TB/s ... wie beim H100 mit 3,35 TB/s")."""
    fig = next((q for q in s.quantities if q.start == at), None)
    return fig is not None and any(m.entity == entity and m.start > at and any(
        q.start >= m.end and q.family == fig.family for q in s.quantities) for m in compared)


def paren_has_own_figure(s: Sentence, end: int, owner: Mention) -> bool:
    """"SBUF 256 MiB (Trainium2: 224 MiB)": a bracket that names a chip with a figure of its own is a comparison,
    not the owner of the figure before it ("300 GB/s (NVLink 2)" is)."""
    if "(" not in s.text[end:owner.start - s.start]:
        return False
    close = s.text.find(")", owner.end - s.start)
    stop = close if close >= 0 else len(s.text)
    return any(owner.end <= q.start and q.start - s.start < stop for q in s.quantities)


def without_predicates(s: Sentence, mentions: list) -> list:
    """Drop a name that is only the predicate after an earlier one: "the H200 is the H100 with better
    memory: 141 GB of HBM3e" is about the H200."""
    if len(mentions) < 2:
        return mentions
    first = mentions[0]
    return [first] + [m for m in mentions[1:]
                      if not s.w.predicate_before.fullmatch(s.text[first.end - s.start:m.start - s.start])]


def end_of_number(text: str, at: int) -> int:
    """Where the number starting at `at` ends (its unit follows)."""
    m = re.match(r"[\d.,\s\u00a0]*\d", text[at:])
    return at + (m.end() if m else 0)


def in_own_parenthesis(s: Sentence, subject: str, at: int, is_hardware: Callable[[str], bool]) -> bool:
    """The figure at `at` is inside a parenthesis opened right after the subject's name, with no other hardware
    named in it before the figure ("the B200 (TSMC 3 nm)", "die H200 (141 GB, 4,8 TB/s)"): the parenthesis says
    something of that name, so no other entity of the sentence may own the figure."""
    named = [m for m in s.mentions if m.entity == subject and m.end <= at]
    if not named:
        return False
    gap = s.text[named[-1].end - s.start:at - s.start]
    if not re.match(r"\s*\([^()]*$", gap) or any(
            named[-1].end <= m.start < at and m.entity != subject and is_hardware(m.entity) for m in s.mentions):
        return False
    # "that of Trainium2 (4.9 vs 2.9 TB/s)": a pair, one figure each
    return not (pair_after(s, at) is not None or second_of_pair(s, at) or in_change(s, at))


def unnamed_variant(s: Sentence, at: int) -> bool:
    """A variant the sentence mentions before the figure at `at` without naming it ("there is also a smaller
    64-chip version: 161 PFLOPS", the variant's own count in "ein kleineres 64-Chip-System" too): the figure may be
    a sibling's. Not when a name lies in the phrase ("a smaller 64-chip Trn3 Gen1 UltraServer: 362 PFLOPS" is that
    one's figure, and wrong)."""
    return any(v.start() < at - s.start and not any(  # (a name before "-Variante" is what it is a variant of)
        m.start < s.start + v.end() + 2 and m.end > s.start + v.start() and not s.w.variant_of_after.match(s.text, m.end-s.start)
        for m in s.mentions) for v in s.w.variant.finditer(s.text))


def chip_before_link(s: Sentence, link: str, at: int, kind: Callable[[str], str]) -> str | None:
    """The chip named right before the last mention of the link before `at` ("H100 NVLink ~~600 GB/s~~ → 1.8 TB/s",
    "the H100's NVLink bandwidth", „H100-NVLink-Bandbreite“): the link's user, else None."""
    named = [m for m in s.mentions if m.end <= at]
    k = next((i for i in range(len(named) - 1, 0, -1) if named[i].entity == link), 0)
    if k and kind(named[k - 1].entity) == "chip" \
            and s.text[named[k - 1].end - s.start:named[k].start - s.start].strip(" -") in ("", "'s", "’s"):
        return named[k - 1].entity
    return None


def counted_topic(seg: Segment, s: Sentence, m: Mention, kind: str, w: Words) -> bool:
    """A name inside a count that is still what the text is about: a table's lead cell ("| 8x MI300X |"), a label line
    ("**4× MI300X**"), a list item's lead chip ("- **Eight MI355X.** …"), a classified ad's lot in its heading ("###
    VERKAUFE · 8× NVIDIA H100 SXM", whose cards the ad goes on to describe)."""
    return (seg.kind == "table_cell" and seg.col_header == -1 and len(s.mentions) == 1) \
        or (seg.kind == "paragraph" and m is s.mentions[0] and bool(LABEL_LINE.fullmatch(seg.text))) \
        or (seg.kind == "list_item" and m.end <= seg.lead_end and kind == "chip"
            and not s.text[seg.lead_end - s.start:].strip(" *_")) \
        or (seg.kind == "heading" and bool(w.ad_heading.search(seg.text)))


def likened(s: Sentence, m: Mention, at: int) -> bool:
    """The name after the figure at `at` is what it is likened to, not its owner ("Its compute dies come off TSMC's
    5 nm line, like the MI300X dies before them", „…, wie schon die MI300X-Dies davor“)."""
    return m.start > at and bool(s.w.like_before.search(s.text, max(0, m.start - s.start - 24), m.start - s.start))

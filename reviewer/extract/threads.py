"""Dated entries that correct one another: a status page or a live blog corrects an entry by its time.

"Correction to our 09:18 update, which said the affected GPUs have 80 GB of HBM3: ..." takes back the figure the
entry labelled 09:18 gives, above the correction (newest first) or below it: that entry's figure is corrected as
well, not only the correction's own quotation of it. So does a transcript's entry that points to its correction
("... built by TSMC on 5 nm. [Corrected at 00:41:15.]" over "**[00:41:15] Host:** A correction ... 5 nm ...").

A forum or mail thread that quotes and corrects an earlier post does not take the post's figure back this way: the
blind batches' gold files count a post's own figure as the page's claim even when a later reply corrects it (tried
after batch 107; it lost caught errors in four earlier batches and in the corpus). A dialogue's turn that the next
speaker opens by denying it ("**JONAS:** Jede GPU hier drin hat 20 TB HBM." over "**MARA:** Stimmt nicht. 20 TB hat
das ganze Rack.") is refuted, for what the denial gives a figure of its own (refuted_by_next_turn).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from ..lang.windows import Words
from ..models import Claim, Segment, evolve
from ..units import to_base
from .patterns import ONLY_QUOTATION

_TIME = re.compile(r"\b\d{1,2}:\d{2}\b")
# a dialogue's turn as markdown.py blanks its bold name: "  MARA:   ...", "  JONAS    (streichelt das Rack) : ..."
# (a name, no number: "**Zu 2:**" labels an answer, not a speaker)
_TURN = re.compile(r" {2}(?P<who>[^\s:(\d][^:\n(\d]{0,60}?) *(?:\([^)\n]{0,80}\) *)?:")
# a screenplay's turn: the speaker's name in capitals on a line of its own, maybe an extension ("(O.S.)") after it and
# a parenthetical line ("(blättert in einer Broschüre)") before the dialogue
_SCRIPT_TURN = re.compile(r"(?P<who>[A-ZÄÖÜ][A-ZÄÖÜ.'’ -]{0,40}[A-ZÄÖÜ.])(?: *\([^)\n]{1,20}\))? *\n(?:\([^)\n]{1,120}\) *\n)?")


# a radio play's or transcript's turn under a plain name in capitals: "TIMO: Komisch. ...", "JANA (gähnt): ..."
_CAPS_TURN = re.compile(r"(?P<who>[A-ZÄÖÜ]{2,}(?:[ -][A-ZÄÖÜ]{2,}){0,2}) *(?:\([^)\n]{0,80}\) *)?:")


def _turn(text: str) -> re.Match | None:
    return _TURN.match(text) or _SCRIPT_TURN.match(text) or _CAPS_TURN.match(text)


def corrected_entries(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """An asserted figure in an entry whose first line carries the time a correction names, or that points to the
    correction's time, when the correction gives the same figure as its old value (see the module): corrected. An
    entry is a paragraph, or a line of one that opens with its time (a live ticker's lines in one paragraph); a
    correction that is an entry of its own and names no time corrects the entry right above it."""
    starts = [seg.start for seg in segs]

    def entry_of(at: int) -> tuple[int, int, set[str]]:
        k = bisect_right(starts, at) - 1
        return _entry(segs[k], at) if k >= 0 else (at, at, set())

    fixes = []
    for c in claims:
        if c.stance == "corrected":
            lo, _, own = entry_of(c.start)
            above = _entry_above(segs, starts, lo) if own else set()  # ("**Update 18:42:** Die 2,9 Exaflops hatten wir ...")
            fixes.append((c, set(_TIME.findall(c.sentence)) | above, own))
    if not fixes:
        return claims
    out = list(claims)
    for i, c in enumerate(claims):
        if c.stance != "asserted":
            continue
        lo, hi, label = entry_of(c.start)
        pointed = {t for m in w.corrected_marker.finditer(_text_of(segs, starts, lo, hi)) for t in _TIME.findall(m.group())[:1]}
        if any((label & times or pointed & own) and f.entity == c.entity and f.attribute == c.attribute
               and _same_value(f, c) and not lo <= f.start < hi for f, times, own in fixes):
            # (another entry's: not the correction's own, "At 09:14 I said ... 256 GB. ... 256 GB is ...")
            out[i] = evolve(c, stance="corrected")
    return out


def _entry(seg: Segment, at: int) -> tuple[int, int, set[str]]:
    """(start, end, the times of its first line) of the entry that holds `at`: the line of a paragraph that opens with
    a time and the lines up to the next such line, else the whole paragraph."""
    lines, pos = [], seg.start
    for line in seg.text.split("\n"):
        lines.append((pos, line))
        pos += len(line) + 1
    timed = [(a, set(_TIME.findall(line[:40]))) for a, line in lines if _TIME.search(line[:40])]
    if len(timed) < 2:
        return seg.start, seg.start + len(seg.text), _label(seg)
    k = max((i for i, (a, _) in enumerate(timed) if a <= at), default=-1)
    if k < 0:
        return seg.start, timed[0][0], set()
    return timed[k][0], timed[k + 1][0] if k + 1 < len(timed) else seg.start + len(seg.text), timed[k][1]


def _entry_above(segs: Sequence[Segment], starts: list[int], at: int) -> set[str]:
    """The times of the entry that ends right before `at` (the nearest labelled one above, in this paragraph or in one
    of the three before it: a bounded look, so that many corrections cost no more than their number)."""
    k = bisect_right(starts, at) - 1
    stop = k - 3
    while k >= 0 and k >= stop:
        seg = segs[k]
        if seg.kind in ("paragraph", "list_item") and seg.start < at:
            lo, _, label = _entry(seg, min(at, seg.start + len(seg.text)) - 1)
            if label and lo < at:
                return label
        k -= 1
    return set()


def _text_of(segs: Sequence[Segment], starts: list[int], lo: int, hi: int) -> str:
    k = bisect_right(starts, lo) - 1
    return segs[k].text[lo - segs[k].start:hi - segs[k].start] if k >= 0 else ""


def _label(seg: Segment | None) -> set[str]:
    """The times in the first line of an entry ("**Identified** — 22 Sep 2026, 10:47 UTC", "**[00:41:15] Host:**")."""
    return set(_TIME.findall(seg.text.split("\n", 1)[0])) if seg is not None else set()


def _same_value(a: Claim, b: Claim) -> bool:
    """The same figure (in base units) or the same name."""
    if a.quantity is not None and b.quantity is not None:
        qa, qb = a.quantity, b.quantity
        if not qa.unit or not qb.unit:
            return qa.unit == qb.unit and abs(qa.value - qb.value) <= 1e-9 * max(1.0, abs(qa.value))
        x, y = to_base(qa.value, qa.unit), to_base(qb.value, qb.unit)
        return abs(x - y) <= 1e-6 * max(abs(x), abs(y), 1e-12)
    return a.quantity is None and b.quantity is None and (a.value_text or "").lower() == (b.value_text or "").lower() != ""


def refuted_by_next_turn(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A speaker's turn right above another speaker's turn that opens by denying it ("**JONAS:** Der H100 hatte doch
    auch schon NVLink 5." over "**MARA:** Nein. Der H100 hat NVLink 4 ..."), or a quotation block right above a
    paragraph that does: the first one's asserted figures of an attribute the denying one states too are refuted (see
    the module)."""
    pairs = []
    for a, b in pairwise(segs):
        if a.kind == b.kind == "paragraph" and (ta := _turn(a.text)) and (tb := _turn(b.text)) \
                and ta.group("who").strip() != tb.group("who").strip() and w.turn_denied.match(b.text, tb.end()):
            pairs.append((a, b))
        elif a.kind == "blockquote" and b.kind == "paragraph" and w.turn_denied.match(b.text):
            pairs.append((a, b))  # "> Gaudi 3 … 3,35 TB/s" over "Das stimmt nicht: Gaudi 3 kommt auf 3,7 TB/s": the quote denied
    if not pairs:
        return claims
    order = sorted(range(len(claims)), key=lambda i: claims[i].start)
    starts = [claims[i].start for i in order]
    out = list(claims)
    for a, b in pairs:
        denied = {claims[i].attribute for i in order[bisect_left(starts, b.start):bisect_left(starts, b.start + len(b.text))]}
        for i in order[bisect_left(starts, a.start):bisect_left(starts, a.start + len(a.text))]:
            if out[i].stance == "asserted" and out[i].attribute in denied:
                out[i] = evolve(out[i], stance="refuted")
    return out


_HOST_TURN = re.compile(r"\s*(?P<label>[^\W\d_][\w .'’-]{0,40}?)\s*:\s*")  # "  DANA:   " (its bold blanked)
_CLOSING_MARK = re.compile(r'["“”«»](?=[\s.,;:!?*_]*$)')


def host_names(markdown: str, w: Words) -> frozenset[str]:
    """The page's host, named in its opening ("Dana Okafor hosts", "hosted by ...", "Moderation: Jana Ruf"): the
    name and its first and last word, lower-cased (unquoted_host_turn)."""
    m = w.page_host.search(markdown, 0, 4000)
    if m is None:
        return frozenset()
    name = next(g for g in m.groups() if g)
    return frozenset({name.lower(), name.split()[0].lower(), name.split()[-1].lower()})


def unquoted_host_turn(seg: Segment, hosts: frozenset[str], w: Words) -> Segment:
    """'**DANA:** "Gorgeous. For the pedants ..."' on a page its host Dana Okafor speaks for: the host's turn set in
    quotation marks is the page's own words, read as the same turn without its marks (blanked), as the host's unquoted
    turn is; so is the turn of a label that names the role ("**Host:** "..."")."""
    if seg.kind != "paragraph" or (m := _HOST_TURN.match(seg.text)) is None:
        return seg  # (most segments: no label and colon at their start)
    label = m.group("label").strip()
    if not (label.lower() in hosts or w.chat_staff.fullmatch(label)) or "\n" in seg.text.strip() \
            or not ONLY_QUOTATION.fullmatch(seg.text, m.end()):
        return seg
    opening, closing = m.end(), _CLOSING_MARK.search(seg.text, m.end() + 1)
    if closing is None:
        return seg
    text = seg.text
    return replace(seg, text=f"{text[:opening]} {text[opening + 1:closing.start()]} {text[closing.end():]}")

"""Dated entries that correct one another: a status page or a live blog corrects an entry by its time.

"Correction to our 09:18 update, which said the affected GPUs have 80 GB of HBM3: ..." takes back the figure the
entry labelled 09:18 gives, above the correction (newest first) or below it: that entry's figure is corrected as
well, not only the correction's own quotation of it. So does a transcript's entry that points to its correction
("... built by TSMC on 5 nm. [Corrected at 00:41:15.]" over "**[00:41:15] Host:** A correction ... 5 nm ...").

A forum or mail thread that quotes and corrects an earlier post does not take the post's figure back this way: the
blind batches' gold files count a post's own figure as the page's claim even when a later reply corrects it (tried
after batch 107; it lost caught errors in four earlier batches and in the corpus).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from ..lang.windows import Words
from ..models import Claim, Segment, evolve
from ..units import to_base

_TIME = re.compile(r"\b\d{1,2}:\d{2}\b")


def corrected_entries(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """An asserted figure in an entry whose first line carries the time a correction names, or that points to the
    correction's time, when the correction gives the same figure as its old value (see the module): corrected."""
    starts = [seg.start for seg in segs]

    def seg_of(at: int) -> Segment | None:
        k = bisect_right(starts, at) - 1
        return segs[k] if k >= 0 else None

    fixes = [(c, set(_TIME.findall(c.sentence)), _label(seg_of(c.start))) for c in claims if c.stance == "corrected"]
    if not fixes:
        return claims
    out = list(claims)
    for i, c in enumerate(claims):
        seg = seg_of(c.start)
        if c.stance != "asserted" or seg is None:
            continue
        label = _label(seg)
        pointed = {t for m in w.corrected_marker.finditer(seg.text) for t in _TIME.findall(m.group())[:1]}
        end = seg.start + len(seg.text)
        if any((label & times or pointed & own) and f.entity == c.entity and f.attribute == c.attribute
               and _same_value(f, c) and not seg.start <= f.start < end for f, times, own in fixes):
            # (another entry's: not the correction's own paragraph, "At 09:14 I said ... 256 GB. ... 256 GB is ...")
            out[i] = evolve(c, stance="corrected")
    return out


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

"""Stances a quiz gives its statements (reviewer/extract/stance.py has the stances of sentences and segments).

- A statement right before "Answer: False." is refuted; the options of a multiple-choice question are not claims.
- A "True or false?" task's statements ("## Aufgabe 3 – Richtig oder falsch?" over "a) Die H100 hat 141 GB
  HBM3e.") are refuted when the answer key further down marks them false ("a) falsch – …").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from ..lang.windows import Words
from ..models import Claim, Segment, evolve


def answered(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A quiz's statements and options: the statement right before "Answer: False." is refuted (as a myth
    under "Myth:"), and the options of a multiple-choice question ("- (a) 192 GB" under a line ending in "?")
    are not the article's claims: what it asserts is in the answer."""
    spans = []
    for prev, seg in pairwise(segs):
        if seg.kind == "paragraph" and w.answer_false.match(seg.text) and prev.kind in ("paragraph", "heading"):
            spans.append((prev.start, prev.start + len(prev.text), "refuted"))
    intros = {seg.block: seg for seg in segs if seg.kind == "paragraph" and seg.text.rstrip(" *_\n").endswith("?")}
    for seg in segs:
        if seg.kind == "list_item" and seg.intro in intros and w.choice_option.match(seg.text):
            spans.append((seg.start, seg.start + len(seg.text), "quoted"))
    if not spans:
        return claims
    out = []
    for c in claims:
        hit = next((st for a, b, st in spans if a <= c.start < b), None)
        out.append(evolve(c, stance=hit) if hit and c.stance == "asserted" else c)
    return out


def true_or_false(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """The labelled statements under a "True or false?" heading ("a) Die H100 hat 141 GB HBM3e.") that the answer
    key below marks false ("a) falsch – Die H100 hat 80 GB …", "**b)** False.") are refuted: the task poses them
    for the reader to judge. A statement the key marks true stays the article's own."""
    at = next((k for k, seg in enumerate(segs) if seg.kind == "heading" and w.true_false_heading.search(seg.text)), -1)
    if at < 0:
        return claims
    lines: dict[str, list[tuple[int, int]]] = {}  # a statement's label -> its line's span
    k = at + 1
    while k < len(segs) and segs[k].kind != "heading":
        seg = segs[k]
        for m in _LINE.finditer(seg.text):
            label = w.statement_label.match(m.group())
            if label is not None:
                lines.setdefault(label.group(1).lower(), []).append((seg.start + m.start(), seg.start + m.end()))
        k += 1
    false = {key.group(1).lower() for seg in segs[k:] for line in _LINE.finditer(seg.text)
             if (key := w.answer_key_false.match(line.group())) is not None}
    spans = [span for label in false & lines.keys() for span in lines[label]]
    if not spans:
        return claims
    return [evolve(c, stance="refuted") if c.stance == "asserted" and any(a <= c.start < b for a, b in spans) else c
            for c in claims]


_LINE = re.compile(r"[^\n]+")

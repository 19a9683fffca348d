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
from ..models import Claim, Segment
from .stance import set_aside_in


def answered(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A quiz's statements and options: the statement right before "Answer: False." is refuted (as a myth
    under "Myth:"), and the options of a multiple-choice question ("- (a) 192 GB" under a line ending in "?")
    are not the article's claims: what it asserts is in the answer."""
    judged = [(prev.start, prev.start + len(prev.text)) for prev, seg in pairwise(segs)
              if seg.kind == "paragraph" and w.answer_false.match(seg.text) and prev.kind in ("paragraph", "heading")]
    intros = {seg.block for seg in segs if seg.kind == "paragraph" and seg.text.rstrip(" *_\n").endswith("?")}
    options = [(seg.start, seg.start + len(seg.text)) for seg in segs
               if seg.kind == "list_item" and seg.intro in intros and w.choice_option.match(seg.text)]
    claims = set_aside_in(claims, judged, "refuted") if judged else claims
    return set_aside_in(claims, options, "quoted") if options else claims


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
    spans = sorted(span for label in false & lines.keys() for span in lines[label])
    return set_aside_in(claims, spans, "refuted") if spans else claims


_LINE = re.compile(r"[^\n]+")

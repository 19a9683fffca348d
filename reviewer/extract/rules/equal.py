"""Sameness: "the same bandwidth as the B200", "gleichauf mit".
"""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Quantity, Segment
from ..patterns import (
    CUE_WINDOW,
)
from ..rule import SENTENCE, Rule
from ..sentence import Sentence, nearest_label
from ..subjects import Subjects
from .ratio import ratio_claim


def equal_claims(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """Sameness as a ratio of about one: "the same ... as", "gleichauf mit", "essentially where X was", with
    what is measured (a cue word, a precision or a figure of the sentence) written in the sentence.

    Bad (en): "The same foundry builds the MI355X" -- sameness of a thing, not a measure.
    Bad (de): "Der Chip nutzt dieselbe Architektur wie Trainium2" -- no measure named.
    Good (en): "NVLink 5 gives the B300 the same per-GPU bandwidth as the B200" -> ratio 1 (interconnect bandwidth).
    Good (de): "Bei FP8 bleibt es beim Stand der B200" -> ratio 1 (compute at FP8) of the chip in context.
    """
    for c in s.cue("EQUAL"):
        if s.w.multiple_before.search(s.text, max(0, c.start - s.start - 20), c.start - s.start):
            continue  # "four times as much as", "doppelt so viel wie": a multiple, not sameness
        if s.w.same_thing.match(s.text, c.end - s.start):
            continue  # "The same foundry builds the MI355X", "derselbe Prozess": sameness of a thing, no measure
        if any(0 <= f.start - c.end <= 3 for f in s.quantities):
            continue  # "inside the same 700 W envelope": the figure itself is the claim

        measured = (nearest_label(s, "ATTR:", c.start, c.end, CUE_WINDOW) or nearest_label(s, "PREC:", c.start, c.end, CUE_WINDOW)
                    or s.families & {"memory", "rate", "compute"})
        if not measured:
            continue  # "the same chip", "dieselbe Architektur": not a measure
        q = Quantity(c.start, c.end, s.text[c.start - s.start:c.end - s.start], 1.0, 0.15, "times", "ratio", "approx")
        claim = ratio_claim(ctx, seg, s, q, equal=True)
        if claim is not None:
            yield claim


RULE = Rule("equal", (SENTENCE,), equal_claims, order=10, cues=("EQUAL",))

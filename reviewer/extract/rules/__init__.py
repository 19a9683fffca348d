"""One module per claim kind. Each rule reads a figure of certain families or a sentence, and returns claims.

A figure goes to one rule by its family (`figure_claim`); every sentence goes through SENTENCE_RULES in
order. A rule's docstring shows a bad and a good reading in both languages; its cases are in
tests/rules/<kind>.yaml.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...models import Claim, Quantity, Segment
from .. import gates
from ..sentence import Sentence
from ..subjects import Subjects
from .core_type import core_type_claims
from .count import chip_multiple_claim, chips_multiplied, cores_multiplied, count_claim
from .date import date_claims, dated_names
from .equal import equal_claims
from .foundry import foundry_claims
from .interconnect import interconnect_claims
from .investment import investing_since
from .memory_type import memory_type_claims
from .money import money_claim
from .numeric import numeric_claim
from .ratio import ratio_claim
from .role import role_claims
from .took_office import took_office

SentenceRule = Callable[[Subjects, Segment, Sentence, list[Claim]], Iterable[Claim]]


def figure_claim(ctx: Subjects, seg: Segment, sentences: list[Sentence], i: int, q: Quantity) -> Claim | None:
    """The claim of the figure `q` of sentence `i`, by the rule for its family; None when it is not the
    article's own claim (gates.not_asserted_figure) or no rule finds what it is about."""
    s = sentences[i]
    if gates.not_asserted_figure(s, q):
        return None
    if q.family == "ratio":
        if chips_multiplied(ctx, s, q):
            return chip_multiple_claim(ctx, seg, s, q)
        if cores_multiplied(s, q):
            return None
        return ratio_claim(ctx, seg, s, q)
    if q.family == "count":
        return count_claim(ctx, seg, s, q)
    if q.family == "money":
        return money_claim(ctx, seg, s, q)
    return numeric_claim(ctx, seg, s, q)


def _of_sentence(rule: Callable[[Subjects, Segment, Sentence], Iterable[Claim]]) -> SentenceRule:
    def run(ctx: Subjects, seg: Segment, s: Sentence, claims: list[Claim]) -> Iterable[Claim]:
        return rule(ctx, seg, s)

    run.__doc__, run.__name__ = rule.__doc__, rule.__name__
    return run


# Every sentence the article asserts goes through these, in this order; memory_type_claims also reads the
# claims made so far (the capacity written right before "HBM3e" says whose memory it is).
SENTENCE_RULES: tuple[SentenceRule, ...] = (
    _of_sentence(equal_claims),
    _of_sentence(interconnect_claims),
    _of_sentence(foundry_claims),
    _of_sentence(role_claims),
    _of_sentence(date_claims),
    _of_sentence(investing_since),
    _of_sentence(took_office),
    _of_sentence(dated_names),
    memory_type_claims,
    _of_sentence(core_type_claims),
)

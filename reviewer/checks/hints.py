"""Why a figure is wrong, when it is a known kind of mistake: whose figure it really is (HW101's hints)."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ..factbase.base import ResolvedFact
from ..i18n import msg
from ..models import Claim
from .base import (
    BOUNDS,
    CheckContext,
    bits_bytes_flipped,
    built_from,
    figure,
    matches,
    render_fact_value,
    same_kind_and_vendor,
    same_precision,
)


def explain(claim: Claim, ctx: CheckContext, expected: ResolvedFact) -> str | None:
    """Why a figure is wrong, when it is a known kind of mistake: whose figure it really is."""
    q = figure(claim)
    if q.qualifier in BOUNDS:
        q = replace(q, qualifier="exact")  # "over 1.6 Tbps" is someone's figure only if it is that figure
    fb, lang = ctx.factbase, ctx.lang
    ent = fb.entities[claim.entity]
    claimed = claim.text
    stated = expected.fact.qualifiers.as_stated
    if stated and matches(replace(q, qualifier="exact"), expected):
        # "gut 500.000" where AWS said "nearly half a million": the words are the source's, the number is right
        return msg(lang, f"hint_as_stated_{stated}", expected=render_fact_value(expected, lang))
    if expected.unit_expr and q.unit and (("bit" in q.unit) != ("bit" in expected.unit_expr)):
        if matches(bits_bytes_flipped(q), expected):
            return msg(lang, "hint_bits", expected=render_fact_value(expected, lang))
    if isinstance(expected.value, (int, float)) and expected.unit_expr and q.unit \
            and abs(float(expected.value) - q.value) <= q.resolution and q.unit != expected.unit_expr:
        return msg(lang, "hint_unit", claimed=claimed, expected=render_fact_value(expected, lang))
    if claim.attribute == "compute":
        other = "dense" if claim.sparsity == "sparse" else "sparse"
        for f in fb.about(claim.entity, "compute"):
            if f.q.sparsity == other and same_precision(claim.precision, f.q.precision) and matches(q, f):
                return msg(lang, "hint_sparse" if other == "sparse" else "hint_dense", claimed=claimed)
        if claim.precision is None and "flop" in q.unit.lower():
            for f in fb.about(claim.entity, "compute"):
                if (f.q.precision or "").startswith("INT") and matches(replace(q, unit=cast(str, f.unit_expr)), f):
                    return msg(lang, "hint_integer", claimed=claimed, precision=f.q.precision)
    for f in fb.about(claim.entity, claim.attribute):
        # (of the precision written: MI455X's announced 20 PFLOPS is FP8, not the BF16 figure "20 PFLOPS BF16" misses)
        if f.fact.status == "announced" and same_precision(claim.precision, f.q.precision) and matches(q, f):
            return msg(lang, "hint_announced", claimed=claimed, expected=render_fact_value(expected, lang))
    if claim.per_direction and any(f.q.direction == "bidirectional" and matches(q, f)
                                   for f in fb.about(claim.entity, claim.attribute)):
        # "900 GB/s je GPU und Richtung": the vendor's figure for both directions together, said per direction
        return msg(lang, "hint_both_directions", claimed=claimed, expected=render_fact_value(expected, lang))
    if ent.predecessor:
        for f in fb.about(ent.predecessor, claim.attribute):
            if same_precision(claim.precision, f.q.precision) and matches(q, f):
                return msg(lang, "hint_predecessor", claimed=claimed, predecessor=fb.entities[ent.predecessor].name)
    related = list(built_from(fb, claim.entity))
    if ent.chip:
        related.append(fb.entities[ent.chip])
    for other in related:
        for f in fb.about(other.id, claim.attribute):
            if same_precision(claim.precision, f.q.precision) and matches(q, f):
                return msg(lang, "hint_scope", claimed=claimed, other=other.name, entity=ent.name)
    siblings = same_kind_and_vendor(fb, ent)
    for other in siblings:
        for f in fb.about(other.id, claim.attribute):
            if f.fact.status == "current" and same_precision(claim.precision, f.q.precision) and matches(q, f):
                return msg(lang, "hint_related", claimed=claimed, other=other.name)
    return None

"""HW106 date: the year something was acquired, announced or became available."""

from __future__ import annotations

from ..i18n import attr_name, msg
from ..models import Claim, Verdict
from .base import Check, CheckContext, sources_of


class DateClaim(Check):
    """A year stated for an acquisition, announcement or launch must be the year it happened.

    Bad:  "Amazon bought Annapurna Labs in 2018."   (January 2015)
    Good: "Amazon übernahm Annapurna Labs im Jahr 2015."
    """

    code = "HW106"
    name = "date"

    def applies(self, claim: Claim) -> bool:
        return claim.attribute in ("acquired", "announced", "available") and claim.value_text is not None

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        fb, lang = ctx.factbase, ctx.lang
        ent = fb.entities[claim.entity].name
        attribute = attr_name(lang, claim.attribute)
        facts = fb.about(claim.entity, claim.attribute)
        year = int(claim.value_text or 0)
        hit = [f for f in facts if f.value.year == year]
        if not hit and claim.attribute == "announced" and claim.scope == "presented":
            # "vorgestellt", "unveiled": a preview and the launch are both presentations
            hit = [f for f in fb.about(claim.entity, "available") if f.value.year == year]
        if hit:
            return Verdict(claim, "verified", expected=hit[0].value.isoformat(), sources=sources_of(hit),
                           reason=msg(lang, "verified", entity=ent, attribute=attribute, claimed=claim.text,
                                      expected=hit[0].value.isoformat()))
        current = [f for f in facts if f.fact.status == "current"]
        if not current:
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent, attribute=attribute,
                                                             claimed=claim.text))
        best = min(current, key=lambda f: abs(f.value.year - year))
        return Verdict(claim, "contradicted", expected=best.value.isoformat(), suggestion=str(best.value.year),
                       sources=sources_of([best]),
                       reason=msg(lang, "contradicted", entity=ent, attribute=attribute, claimed=claim.text,
                                  expected=best.value.isoformat()))

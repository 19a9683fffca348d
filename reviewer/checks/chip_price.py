"""HW109 per-chip price: "$3-4 per GPU-hour" against an instance's on-demand price over its chips."""

from __future__ import annotations

from .. import units
from ..i18n import attr_name, msg
from ..models import Claim, Verdict
from ..numbers import format_number
from ..suggest import as_written
from .base import Check, CheckContext, built_from, figure, interval, iso, sources_of

SLACK = 0.05  # "$6.90 per GPU-hour" for 55.04 / 8 = 6.88


class ChipHourPrice(Check):
    """A price per chip-hour must be the on-demand price of an instance built from the chip divided by its
    chip count (both sourced), at the article's date.

    Bad:  "On-demand H100 instances now cost $3-4 per GPU-hour."   (p5.48xlarge: 55.04 USD / 8 GPUs = 6.88)
    Good: "Nach der Preissenkung kostet eine H100 rund 6,90 US-Dollar pro GPU-Stunde."
    """

    code = "HW109"
    name = "chip-hour-price"

    attributes = frozenset({"price_per_chip_hour"})

    def applies(self, claim: Claim) -> bool:
        return claim.quantity is not None and not units.foreign_currency(claim.quantity.unit)

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        fb, lang, q = ctx.factbase, ctx.lang, figure(claim)
        ent = fb.entities[claim.entity].name
        attribute = attr_name(lang, claim.attribute)
        now, before = [], []  # (per-chip price, instance, its facts)
        for inst in built_from(fb, claim.entity):
            counts = [f for f in fb.about(inst.id, "chip_count") if f.base_value]
            if not counts or inst.kind != "instance":
                continue
            for price in fb.about(inst.id, "price_per_hour"):
                if not isinstance(price.value, (int, float)):
                    continue
                per_chip = float(price.value) / counts[0].base
                row = (per_chip, inst, [price, counts[0]])
                if price.valid_at(ctx.as_of):
                    now.append(row)
                elif price.fact.valid_until and price.fact.valid_until <= ctx.as_of:
                    before.append(row)
        if not now:
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent, attribute=attribute,
                                                             claimed=claim.text))
        lo, hi = interval(q)
        def fits(v: float) -> bool:
            return lo * (1 - SLACK) <= v <= hi * (1 + SLACK)

        def shown(row) -> str:
            return (f"{format_number(round(row[0], 2), lang)} USD "
                    f"({row[1].name}: {format_number(float(row[2][0].value), lang)} USD / "
                    f"{format_number(row[2][1].base_value, lang)})")
        hit = next((r for r in now if fits(r[0])), None)
        if hit is not None:
            return Verdict(claim, "verified", expected=shown(hit), sources=sources_of(hit[2]),
                           reason=msg(lang, "verified", entity=ent, attribute=attribute, claimed=claim.text,
                                      expected=shown(hit)))
        row = min(now, key=lambda r: abs(r[0] - q.value))
        old = next((r for r in before if fits(r[0])), None)
        if old is not None:
            return Verdict(claim, "outdated", expected=shown(row), sources=sources_of(row[2] + old[2]),
                           reason=msg(lang, "outdated", entity=ent, attribute=attribute, claimed=claim.text,
                                      until=iso(old[2][0].fact.valid_until), as_of=ctx.as_of.isoformat(),
                                      expected=shown(row)))
        per_chip = round(row[0], 2)
        return Verdict(claim, "contradicted", expected=shown(row), sources=sources_of(row[2]),
                       suggestion=as_written(q, per_chip, lang) or format_number(per_chip, lang),
                       reason=msg(lang, "contradicted", entity=ent, attribute=attribute, claimed=claim.text,
                                  expected=shown(row)))

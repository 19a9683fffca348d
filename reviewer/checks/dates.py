"""HW106 date: the year something was acquired, announced or became available, an investor first invested,
a company's head took office, or a provider cut its prices."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from ..i18n import attr_name, msg
from ..lang import LANGUAGES, dates
from ..models import Claim, Verdict
from ..periods import Period
from .base import Check, CheckContext, sources_of


class DateClaim(Check):
    """A year stated for an acquisition, announcement or launch must be the year it happened.

    Bad:  "Amazon bought Annapurna Labs in 2018."   (January 2015)
    Good: "Amazon übernahm Annapurna Labs im Jahr 2015."
    """

    code = "HW106"
    name = "date"

    attributes = frozenset({"acquired", "announced", "available", "first_investment", "took_office", "left_office",
                            "tranche_date", "price_cut"})

    def applies(self, claim: Claim) -> bool:
        return claim.value_text is not None

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        verdict = self._check_one(claim, ctx)
        if verdict.kind == "contradicted":
            for other in claim.alternates:  # a link's date that is the announcement of the chip to use it
                alt = self._check_one(replace(claim, entity=other, alternates=()), ctx)
                if alt.kind == "verified":
                    return alt
        return verdict

    def _check_one(self, claim: Claim, ctx: CheckContext) -> Verdict:
        fb, lang = ctx.factbase, ctx.lang
        ent = fb.entities[claim.entity].name
        attribute = attr_name(lang, claim.attribute)
        facts = fb.about(claim.entity, claim.attribute)
        if claim.attribute == "took_office":  # the start of the person's term in the company's timeline
            name = fb.entities[claim.versus].name if claim.versus in fb.entities else None
            facts = [replace(f, value=f.fact.valid_from) for f in fb.about(claim.entity, "ceo")
                     if f.value == name and f.fact.valid_from is not None]
            ent = name or ent
        if claim.attribute == "left_office":  # the end of the person's term (announced up to a month before it)
            name = fb.entities[claim.versus].name if claim.versus in fb.entities else None
            facts = [replace(f, value=f.fact.valid_until) for f in fb.about(claim.entity, "ceo")
                     if f.value == name and f.fact.valid_until is not None]
            ent = name or ent
        if claim.attribute == "tranche_date":  # the day of the investment's event of the amount the sentence gives
            amount = claim.quantity.value if claim.quantity is not None else 0.0
            facts = [replace(f, value=f.fact.valid_from) for f in fb.about(claim.entity, "investment")
                     if f.fact.qualifiers.cumulative is False and f.fact.qualifiers.versus == claim.versus
                     and f.fact.valid_from is not None and f.base_value and amount
                     and abs(f.base_value - amount) <= 0.01 * amount]
        if claim.attribute == "price_cut":  # the days the entity's hourly prices were cut
            facts = fb.price_cuts(claim.entity)
        period = Period.decode(claim.value_text or "0")
        yearless = period.year == 0
        if yearless:  # "announced on November 12": the last November 12 on or before the article's date
            day = period.day or 1
            year = ctx.as_of.year if (period.first_month, day) <= (ctx.as_of.month, ctx.as_of.day) else ctx.as_of.year - 1
            period = Period(year, period.first_month, period.last_month, period.day)
            # only a recent event is meant without a year; an older one cannot be told apart
            facts = [f for f in facts if 0 <= (ctx.as_of - f.date).days <= 366]
        hit = [f for f in facts if period.contains(f.date)]
        if not hit and yearless and period.day is None:
            # "announced in December", written early in a December: this one or the last; either is meant
            hit = [f for f in facts if f.date.month == period.first_month and 0 <= (ctx.as_of - f.date).days <= 400]
        if not hit and claim.attribute == "price_cut" and period.day is not None and not yearless:
            # a cut is announced and takes effect within days of each other ("announced on June 5", in effect
            # from June 1): a day within a week of it is that cut's
            on = dt.date(period.year, period.first_month, period.day)
            hit = [f for f in facts if abs((f.date - on).days) <= 7]
        if not hit and claim.attribute == "announced" and claim.scope == "presented":
            # "vorgestellt", "unveiled": a preview and the launch are both presentations
            hit = [f for f in fb.about(claim.entity, "available") if period.contains(f.date)]
        if hit:
            return Verdict(claim, "verified", expected=hit[0].date.isoformat(), sources=sources_of(hit),
                           reason=msg(lang, "verified", entity=ent, attribute=attribute, claimed=claim.text,
                                      expected=hit[0].date.isoformat()))
        current = [f for f in facts if f.fact.status == "current"]
        start = dt.date(period.year, period.first_month, period.day or 1)
        if yearless and current:
            best = min(current, key=lambda f: abs(f.date - start))
            if best.date.month != period.first_month and abs((best.date - start).days) > 62:
                current = []  # a different event altogether, not a wrong day
        if claim.scope == "presented" and not fb.about(claim.entity, "available") and current and \
                all(f.date.year < period.year for f in current) and not _KEYNOTE.search(claim.sentence or ""):
            # "Inferentia (2019)": announced 2018, so 2019 may be the launch, which has no fact (not "unveiled at
            # GTC in March 2023": a keynote event presents what is announced)
            current = []
        if not current and not facts and claim.scope == "presented" and not yearless:
            # "AMD launched it in December 2024" with only the release date (December 6, 2023) known: nothing is
            # presented after it is on sale, so a later date is wrong (an earlier one may be a preview)
            released = [f for f in fb.about(claim.entity, "available") if f.fact.status == "current"]
            if released and all(f.date < start for f in released):
                current = released
        if claim.attribute == "price_cut" and all(abs((f.date - start).days) > 366 for f in current):
            current = []  # a year or more from every cut the fact base knows: another cut, not a wrong date
        if claim.subject_how == "coreference" and current and all(
                abs(f.date.year - period.year) > 2 for f in current):
            current = []  # a subject taken from context, years away from its dates: another event, not a wrong year
        if not current:
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent, attribute=attribute,
                                                             claimed=claim.text))
        best = min(current, key=lambda f: abs(f.date - start))
        return Verdict(claim, "contradicted", expected=best.date.isoformat(),
                       suggestion=best.date.isoformat() if _ISO.fullmatch(claim.text)
                       else _written_like(period, best.date, lang), sources=sources_of([best]),
                       reason=msg(lang, "contradicted", entity=ent, attribute=attribute, claimed=claim.text,
                                  expected=best.date.isoformat()))


_KEYNOTE = re.compile(r"\b(?:GTC|re:Invent|Computex|Cloud Next|Hot Chips|Advancing AI|Intel Vision|CES)\b")



_ISO = re.compile(r"\d{4}-\d\d-\d\d")  # a date written as ISO 8601 ("2024-12-10") is suggested so


def _written_like(period: Period, date: dt.date, lang: str) -> str:
    """The fact's date as precisely as the article wrote its own: "2015", "Dezember 2025", "December 2, 2025"."""
    if period.whole_year:
        return str(date.year)
    month = dates(lang if lang in LANGUAGES else "en")["month_names"][date.month - 1]
    if period.day is None:
        return f"{month} {date.year}"
    return f"{date.day}. {month} {date.year}" if lang == "de" else f"{month} {date.day}, {date.year}"

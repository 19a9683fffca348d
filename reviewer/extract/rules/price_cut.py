"""When a provider cut the hourly prices of its instances.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Segment
from ...periods import MONTHS, Period, period_before
from ..patterns import (
    YEAR,
)
from ..rule import SENTENCE, Rule
from ..sentence import Sentence
from ..subjects import Subjects
from .date import yearless

NEAR = 60  # how far from the words for the cut its date may stand, in characters


def price_cut_dates(ctx: Subjects, seg: Segment, s: Sentence, made: list[Claim]) -> Iterable[Claim]:
    """The date of a price cut, next to the words for it, about the instance the sentence names, else the
    provider it names, else the instance whose hourly price the sentence gives: against the days the fact
    base's hourly prices of it were cut (FactBase.price_cuts).

    Bad (en): "We cut our cloud bill by 30% in June 2025" -- no price named as cut, and no instance.
    Bad (de): "Google senkte im Mai 2025 die Preise" -- the fact base has no price history of Google's.
    Good (en): "AWS's June 2025 GPU price cut took P5 to $55.04" -> price_cut June 2025 of aws.
    Good (de): "seit der Preissenkung im Juni 2025 kostet p5.48xlarge 55,04 US-Dollar" -> price_cut Juni 2025.
    """
    cut = s.w.price_cut.search(s.text)
    if cut is None:
        return
    named = [m for m in s.mentions if ctx.fb.price_cuts(m.entity)]
    subject = next((m for m in named if ctx.kind(m.entity) == "instance"), None) or (named[0] if named else None)
    lo = seg.start + s.start
    if subject is not None:
        entity, text = subject.entity, subject.text
    else:
        priced = [c for c in made if c.attribute == "price_per_hour" and lo <= c.start < lo + len(s.text)
                  and ctx.fb.price_cuts(c.entity)]
        if len({c.entity for c in priced}) != 1:
            return
        entity, text = priced[0].entity, priced[0].subject_text
    dates: list[tuple[int, int, int, Period]] = [
        (m.start(), m.end(), *period_before(s.text, m.start(), int(m.group()))) for m in YEAR.finditer(s.text)]
    if not dates:
        dates = [(m.start(), m.end(), m.start(), p) for m in s.w.yearless_day.finditer(s.text)
                 if (p := yearless(m)) is not None]
        dates += [(m.start("month"), m.end(), m.start("month"), Period(0, *(2 * (MONTHS[m.group("month").lower()],))))
                  for m in s.w.yearless_month.finditer(s.text)]
    near = [d for d in dates if cut.start() - NEAR <= d[2] and d[0] <= cut.end() + NEAR
            and not s.w.dateline.search(s.text, 0, d[0])]
    if len(near) != 1:
        return  # (two dates by one cut: which is the cut's cannot be told)
    _, end, at, period = near[0]
    yield Claim(entity=entity, attribute="price_cut", start=lo + at, end=lo + end, text=s.text[at:end],
                value_text=period.encode(), sentence=s.text.strip(), subject_text=text, subject_how="sentence")


RULE = Rule("price_cut", (SENTENCE,), price_cut_dates, order=62, needs_claims=True, cues=("PRICECUT",))

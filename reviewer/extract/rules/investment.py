"""When an investor first put money into a company, and when one tranche of an investment came.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...models import Claim, Segment
from ...periods import period_before
from ..patterns import (
    YEAR,
)
from ..rule import SENTENCE, Rule
from ..sentence import Sentence
from ..subjects import Subjects
from .date import yearless


def investing_since(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """When an investor first put money into the company named: "has invested ... since 2023".

    Bad (en): "Amazon has invested $8 billion in Anthropic" -- a sum, not a start (the money rule reads it).
    Bad (de): "Seit 2024 liefert AWS Trainium2-Instanzen" -- no investment named.
    Good (en): "Amazon has invested in Anthropic since 2023" -> first_investment 2023 of amazon.
    Good (de): "Amazon investiert seit 2024 in Anthropic" -> first_investment 2024 of amazon (contradicted: 2023).
    """
    if not s.cue("ATTR:investment"):
        return
    for m in YEAR.finditer(s.text):
        at, period = period_before(s.text, m.start(), int(m.group()))
        if not s.w.since.search(s.text, max(0, at - 8), at):
            continue
        if not any(not _CLAUSE_BREAK.search(s.w.goes_on.sub(" ", s.text[min(c.end - s.start, at):max(c.start - s.start, at)]))
                   for c in s.cue("ATTR:investment")):
            continue  # ("für dessen Campus Amazon 11 Mrd. investiert, rechnen seit Oktober 2025 …": another clause's date)
        investors = [x for x in s.mentions if x.start < s.start + at and ctx.fb.about(x.entity, "first_investment")]
        if not investors:
            continue
        investor = investors[-1]
        targets = {f.q.versus for f in ctx.fb.about(investor.entity, "first_investment")}
        if not any(x.entity in targets for x in s.mentions):
            continue
        yield Claim(entity=investor.entity, attribute="first_investment", start=seg.start + s.start + at,
                    end=seg.start + s.start + m.end(), text=s.text[at:m.end()], value_text=period.encode(),
                    sentence=s.text.strip(), subject_text=investor.text, subject_how="sentence")


_CLAUSE_BREAK = re.compile(r"[,;:()]")


def tranche_dates(ctx: Subjects, seg: Segment, s: Sentence, made: list[Claim]) -> Iterable[Claim]:
    """The date a tranche of an investment came: an amount the money rule read as one tranche or as a sum said
    without a word for time, and a date next to it, against the day of the investment's event of that amount.

    Bad (en): "By the end of 2024 Amazon had invested $8 billion" -- a running total at a deadline, not a tranche.
    Bad (de): "Amazon will bis 2027 weitere 10 Milliarden investieren" -- a plan.
    Good (en): "another $4 billion, announced on November 12" -> tranche_date of amazon's 4 billion (2024-11-22).
    Good (de): "Im Oktober 2024 legte Amazon weitere 4 Milliarden US-Dollar nach" -> tranche_date October 2024.
    """
    lo, hi = seg.start + s.start, seg.start + s.start + len(s.text)
    sums = [c for c in made if c.attribute == "investment" and lo <= c.start < hi and c.timing in (None, "event")
            and c.quantity is not None and c.as_of is None and c.versus and ctx.kind(c.versus) != "project"]  # (not a campus)
    if len(sums) != 1:
        return  # (two sums in one sentence: which date is whose cannot be told)
    money = sums[0]
    rel = money.start - lo
    dates = [(m.start(), m.end(), *period_before(s.text, m.start(), int(m.group()))) for m in YEAR.finditer(s.text)]
    if not dates:
        dates = [(m.start(), m.end(), m.start(), p) for m in s.w.yearless_day.finditer(s.text)
                 if (p := yearless(m)) is not None]
    near = [d for d in dates if abs(d[2] - rel) <= 60 and not s.w.deadline_before.search(s.text, 0, d[2])
            and not s.w.dateline.search(s.text, 0, d[0]) and not s.w.since.search(s.text, max(0, d[2] - 8), d[2])]
    if len(near) != 1:
        return
    _, end, at, period = near[0]
    yield Claim(entity=money.entity, attribute="tranche_date", start=lo + at, end=lo + end, text=s.text[at:end],
                value_text=period.encode(), versus=money.versus, quantity=money.quantity, sentence=s.text.strip(),
                subject_text=money.subject_text, subject_how="sentence")


RULE = Rule("investment", (SENTENCE,), investing_since, order=60, cues=("ATTR:investment",))
TRANCHES = Rule("investment", (SENTENCE,), tranche_dates, order=61, needs_claims=True, cues=("ATTR:investment",))

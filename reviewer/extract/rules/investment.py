"""When an investor first put money into a company.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Segment
from ...periods import period_before
from ..patterns import (
    YEAR,
)
from ..rule import SENTENCE, Rule
from ..sentence import Sentence
from ..subjects import Subjects


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


RULE = Rule("investment", (SENTENCE,), investing_since, order=60, cues=("ATTR:investment",))

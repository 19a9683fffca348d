"""When a company's head left office.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Segment
from ...periods import period_before
from ..patterns import (
    YEAR,
)
from ..rule import SENTENCE, Rule
from ..sentence import Mention, Sentence
from ..subjects import Subjects


def left_office(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """When a person who headed a company (a term with an end in the fact base) left the post: "stepped down
    in June 2024", "hat AWS im Juni 2024 verlassen", "ist seit Juni 2024 nicht mehr AWS-Chef".

    Bad (en): "Adam Selipsky presented Trainium2 in November 2023" -- no word for leaving.
    Bad (de): "Matt Garman führt AWS seit Juni 2024" -- a start, not an end.
    Good (en): "Selipsky stepped down in June 2024" -> left_office June 2024 of aws (verified).
    Good (de): "Selipsky hat AWS im Juni 2023 verlassen" -> left_office (contradicted: June 2024).
    """
    people = [m for m in s.mentions if ctx.kind(m.entity) == "person"]
    if not people and s.w.person_pronoun.search(s.text):
        # "Selipsky übernahm AWS. Im Juni 2024 trat auch er ab.": him
        prev = s.previous
        before = [m for m in prev.mentions if ctx.kind(m.entity) == "person" and _heads(ctx, m.entity)] if prev else []
        if len({m.entity for m in before}) == 1:  # (of those who left a post: "Jassy ..., Selipsky übernahm AWS.")
            people = [Mention(s.start, s.start, before[0].entity, before[0].text)]
    if not people:
        return
    for m in YEAR.finditer(s.text):
        at, period = period_before(s.text, m.start(), int(m.group()))
        left = s.w.left_office.search(s.text, max(0, at - 40), at) or s.w.left_office_after.match(s.text, m.end())
        if not left and s.w.since.search(s.text, max(0, at - 12), at):
            left = s.w.no_longer_after.match(s.text, m.end())  # ("ist seit Juni 2024 nicht mehr AWS-Chef")
        if not left:
            continue
        a = s.start + at
        # the one who leaves is the sentence's subject before the date ("Selipsky hat den Posten im Juni 2024 an
        # Garman übergeben"); without one before it, the nearest after it ("In June 2024 Selipsky stepped down")
        before = [p for p in people if p.end <= a]
        person = before[-1] if before else min(people, key=lambda p: abs(p.start - a))
        if abs(person.start - a) > 120 or ";" in s.text[min(person.end - s.start, at):max(person.end - s.start, at)]:
            continue
        heads = _heads(ctx, person.entity)
        if len(heads) != 1:
            continue
        yield Claim(entity=heads[0], attribute="left_office", start=seg.start + a, end=seg.start + s.start + m.end(),
                    text=s.text[at:m.end()], value_text=period.encode(), versus=person.entity,
                    sentence=s.text.strip(), subject_text=person.text, subject_how="sentence")


def _heads(ctx: Subjects, person: str) -> list[str]:
    """The companies whose head the person was, in a term that has ended."""
    name = ctx.fb.entities[person].name
    return [e for e in ctx.fb.entities if ctx.kind(e) == "organisation"
            and any(f.value == name and f.fact.valid_until for f in ctx.fb.about(e, "ceo"))]


RULE = Rule("left_office", (SENTENCE,), left_office, order=71)

"""When a company's head took office.
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


def took_office(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """When a person the sentence names as a company's head took office: "CEO since June 2024", "seit er
    im Juni 2024 übernommen hat".

    Bad (en): "Matt Garman spoke at re:Invent 2024" -- no word for taking office.
    Bad (de): "Seit 2024 baut AWS Trainium2" -- no person, no role.
    Good (en): "AWS CEO Matt Garman, in the role since June 2024, ..." -> took_office June 2024 of aws.
    Good (de): "AWS-Chef Matt Garman, seit er im Juni 2023 übernommen hat, ..." -> took_office (contradicted: 2024).
    """
    roles = s.cue("ROLE:")
    people = [m for m in s.mentions if ctx.kind(m.entity) == "person"]
    if not people and roles and s.w.person_pronoun.search(s.text):
        # "AWS-CEO Matt Garman kommt auf die Bühne. Es ist seine zweite Keynote als Chef, seit er ...": him
        prev = s.previous
        before = [m for m in prev.mentions if ctx.kind(m.entity) == "person"] if prev else []
        if len({m.entity for m in before}) == 1:
            people = [Mention(s.start, s.start, before[0].entity, before[0].text)]
    if not roles or not people:
        return
    if len(people) > 1:  # ("CEO since March 2025, succeeding Pat Gelsinger": not the predecessor's start)
        people = [p for p in people if not s.w.succeeded.search(s.text, max(0, p.start - s.start - 40), p.start - s.start)]
    for m in YEAR.finditer(s.text):
        at, period = period_before(s.text, m.start(), int(m.group()))
        took = s.w.took_office.search(s.text, max(0, at - 28), at) or s.w.took_office_after.match(s.text, m.end())
        if not took or s.w.no_longer_after.match(s.text, m.end()):
            continue  # ("ist seit Dezember 2024 nicht mehr Intel-Chef": when the term ended, not when it began)
        if s.w.not_office_before.search(s.text, max(0, took.start() - 30), took.start()):
            continue  # ("The MI300X, on sale since December 2023": a product's date)
        a = s.start + at
        near = [p for p in people if p.start < a or not s.w.next_item.search(s.text, m.end(), p.start - s.start)]
        if any(p.start < a for p in near):  # ("Lip-Bu Tan ist Chef seit März 2025, der Gelsinger ist raus": Tan's)
            near = [p for p in near if p.start < a or "," not in s.text[m.end():p.start - s.start]]
        if not near:
            continue
        # ("AMD unter Lisa Su, die das Unternehmen seit 2014 führt, und Intel unter CEO Pat Gelsinger": Lisa Su's)
        person = min(near, key=lambda p: abs(p.start - a))
        if abs(person.start - a) > 120:
            continue
        lo, hi = sorted((person.end - s.start, at))
        if ";" in s.text[lo:hi] or (s.w.and_clause.search(s.text, lo, hi) and _product_after(ctx, s, m.end())):
            continue  # ("AMD-Chefin Lisa Su hat die MI325X vorgestellt; ausgeliefert wird sie seit Oktober 2024", "Heute
            # führt Matt Garman AWS, und seit Dezember 2025 ist der Trainium3 verfügbar": another clause's date)
        name = ctx.fb.entities[person.entity].name
        heads = [e for e in ctx.fb.entities if ctx.kind(e) == "organisation"
                 and any(f.value == name and f.fact.valid_from for f in ctx.fb.about(e, "ceo"))]
        if len(heads) != 1:
            continue
        yield Claim(entity=heads[0], attribute="took_office", start=seg.start + a, end=seg.start + s.start + m.end(),
                    text=s.text[at:m.end()], value_text=period.encode(), versus=person.entity,
                    sentence=s.text.strip(), subject_text=person.text, subject_how="sentence")


def _product_after(ctx: Subjects, s: Sentence, rel: int) -> bool:
    """Hardware named after the date in its clause ("seit Dezember 2025 ist der Trainium3 allgemein verfügbar")."""
    stop = min((k for k in (s.text.find(",", rel), s.text.find(";", rel)) if k >= 0), default=len(s.text))
    return any(rel <= m.start - s.start < stop and ctx.kind(m.entity) not in ("person", "organisation", "project")
               for m in s.mentions)


RULE = Rule("took_office", (SENTENCE,), took_office, order=70, cues=("ROLE:",))

"""Roles: who heads a company (CEO), now or at a date the sentence gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...models import Claim, Segment
from ...periods import period_before
from ..patterns import YEAR
from ..rule import SENTENCE, Rule
from ..sentence import Cue, Mention, Sentence
from ..subjects import Subjects


def role_claims(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """A person named with a role word: the organisation's holder of that role at the article's date, or
    at the date the sentence gives ("in Nov 2023"); "former CEO" is no claim about now.

    Bad (en): "former AWS CEO Adam Selipsky" -- a past role, not checked as the current one.
    Bad (de): "Matt Garman sprach auf der re:Invent" -- no role word.
    Good (en): "AWS CEO Matt Garman opened re:Invent" -> ceo Matt Garman of aws.
    Good (de): "AWS-Chef Adam Selipsky" in an article of 2025 -> ceo of aws (contradicted: Matt Garman).
    "A succeeded B as CEO" / "A folgte auf B" / "A took over as CEO from B": B is claimed as A's predecessor in the
    role (scope "before:A").
    """
    if not s.cues:
        return  # a role is a cue word
    roles = s.cue("ROLE:")
    people = [m for m in s.mentions if ctx.kind(m.entity) == "person"]
    if roles and people:
        orgs = [m for m in s.mentions if ctx.kind(m.entity) == "organisation"]
        for p in people:
            # ("under" is a role word only as in "Intel under Pat Gelsinger")
            held = [c for c in roles if not s.w.role_under.fullmatch(s.text, c.start - s.start, c.end - s.start)
                    or _org_under(ctx, s, c, p)]
            if not held:
                continue
            role = min(held, key=lambda c: abs(c.start - p.start))
            if (abs(role.start - p.start) > 40 and not _elided(ctx, s, p, role, roles)) \
                    or ";" in s.text[min(role.start, p.start) - s.start:max(role.end, p.end) - s.start]:
                continue  # (not "Heute führt Lip-Bu Tan den Konzern; Pat Gelsinger war ... abgetreten": another clause's)
            # (an organisation across a semicolon is the other clause's: "Dort führt Jensen Huang ... die Geschäfte;
            # bei AMD steht Lisa Su ... an der Spitze")
            here = [o for o in orgs if ";" not in s.text[min(o.start, role.start) - s.start:max(o.end, role.end) - s.start]]
            # ("NVIDIA führt Jensen Huang, AMD Lisa Su": a list that leaves out the verb, the organisation right before
            # its person after a comma)
            gapped = [o for o in here if o.end <= p.start and not s.text[o.end - s.start:p.start - s.start].strip()
                      and s.text[:o.start - s.start].rstrip().endswith(",")]
            org = gapped[-1].entity if gapped else _organisation(ctx, s, here, role, p) if here else ctx.org_of(p.entity)
            if org is None:
                continue
            if not any(o.end <= p.start and o.entity != p.entity for o in people) \
                    and s.w.succeeded.search(s.text, max(0, p.start - s.start - 40), p.start - s.start):
                continue  # "| AWS | CEO, Nachfolger von Adam Selipsky |": the predecessor of someone the row is about
            # (a past word of another person's: "Lip-Bu Tan ist Chef seit März 2025, der Gelsinger ist raus" is Tan's now)
            pasts = [c for c in s.cue("PAST")
                     if abs(c.start - role.start) < 50 and min(people, key=lambda o: abs(o.start - c.start)) is p]
            scope = "past" if pasts else None
            years = _dating_years(s, p, role, pasts)
            y = years[0] if len(years) == 1 else None
            if y is not None:  # the text between the person and the year (past an apposition that holds the role:
                # "Adam Selipsky, AWS's chief executive, uncorked this one at re:Invent on 28 November 2023")
                lo, hi = (p.end - s.start, y.start()) if y.start() >= p.end - s.start else (y.end(), p.start - s.start)
                app = _APPOSITION.match(s.text, lo) if lo == p.end - s.start else None
                lo = app.end() if app and role.end - s.start <= app.end() and role.start >= p.end else lo
            words_at, period = period_before(s.text, y.start(), int(y.group())) if y is not None else (0, None)
            # (a comma that is part of a date before the year, "on April 9, 2024", is no clause break)
            if y is not None and hi - lo <= 80 and (not re.search(r"[,;:](?=\s)(?!\s+(?:19|20)\d\d\b)|[–—]",
                                                                  s.text[lo:max(hi, y.end() if y.start() >= lo else hi)])
                                                        or (lo == y.end() and _dated_clause(s, y.start(), lo, hi))) \
                    and not s.w.dateline.search(s.text, 0, y.start()) \
                    and not s.w.took_office.search(s.text, 0, words_at):
                # "Adam Selipsky (AWS CEO) unveiled Trainium2 at re:Invent in Nov 2023", "launched in April 2024, when
                # Pat Gelsinger was still CEO": the role then (not
                # "CEO Matt Garman (seit Mai 2024 im Amt)": since then and now; the start date is its own claim)
                assert period is not None
                scope = "at:" + period.encode()
            before = [o for o in people if o.end <= p.start and o.entity != p.entity]
            after = [o for o in people if o.start >= p.end and o.entity != p.entity]
            if before and (s.w.succeeded.search(s.text, 0, p.start - s.start)
                           or s.w.took_over_from.search(s.text, 0, p.start - s.start)
                           or (s.w.followed_on.search(s.text, 0, p.start - s.start)
                               and s.w.followed_on_after.match(s.text, p.end - s.start))):
                # "Matt Garman succeeded Adam Selipsky as AWS CEO", "Matt Garman, der auf Adam Selipsky folgte": who
                # held the role right before the other
                scope = "before:" + before[-1].entity
            elif after and s.w.handed_to.fullmatch(s.text, p.end - s.start, after[0].start - s.start):
                scope = "before:" + after[0].entity  # "Selipsky handed the chief executive's job to Matt Garman"
            yield Claim(entity=org, attribute=role.label.split(":", 1)[1], start=seg.start + p.start,
                        end=seg.start + p.end, text=p.text, value_text=ctx.fb.entities[p.entity].name,
                        scope=scope, sentence=s.text.strip(), subject_text=p.text)


_APPOSITION = re.compile(r",\s*[^,;:.]{1,50},")



def _dating_years(s: Sentence, p: Mention, role: Cue, pasts: list[Cue]) -> list[re.Match]:
    """The years that date the role of the person at `p`: those of its clause (not past a semicolon); none after a
    word for the past ("former"), unless it is "the then AWS CEO" / „der damalige AWS-Chef“ in a dated sentence (the
    role at that date); none for a role said to be today's („als der heutige AWS-Chef Adam Selipsky …“)."""
    then = bool(pasts) and all(s.w.then_word.fullmatch(s.text, c.start - s.start, c.end - s.start) for c in pasts)
    if (pasts and not then) or s.w.present_role_before.search(s.text, max(0, role.start - s.start - 24), role.start - s.start):
        return []
    a, b = p.start - s.start, p.end - s.start
    return [y for y in YEAR.finditer(s.text) if ";" not in s.text[min(y.end(), a):max(y.start(), b)]]

def _org_under(ctx: Subjects, s: Sentence, role: Cue, p: Mention) -> bool:
    """"AMD under Lisa Su", „Intel unter Pat Gelsinger“: an organisation right before the word, the person right after;
    or the word opens the sentence and the organisation follows the person ("Unter Lisa Su hat AMD ...")."""
    if role.end > p.start or s.text[role.end - s.start:p.start - s.start].strip():
        return False
    leads = not s.text[:role.start - s.start].strip(" *_")  # (not a quoted phrase: "„unter Pat Gelsinger“ – ...")
    return any(ctx.kind(o.entity) == "organisation" and (
        (o.end <= role.start and not s.text[o.end - s.start:role.start - s.start].strip())
        or (leads and p.end <= o.start and o.start - p.end <= 40 and ";" not in s.text[p.end - s.start:o.start - s.start]))
        for o in s.mentions)


def _elided(ctx: Subjects, s: Sentence, p: Mention, role: Cue, roles: list[Cue]) -> bool:
    """A person in a list that leaves out the one role word it began with: "AMD wird seit 2014 von Lisa Su geführt,
    AWS seit Juni 2024 von Matt Garman, Intel von Lip-Bu Tan" (an organisation in the person's own part, "von"/"by"
    right before the name)."""
    part = s.text[:p.start - s.start]
    part = part[part.rfind(",") + 1:]
    return len(roles) == 1 and role.end <= p.start and bool(s.w.elided_role_by.search(part)) and any(
        ctx.kind(o.entity) == "organisation" and p.start - s.start - len(part) <= o.start - s.start < p.start - s.start
        for o in s.mentions)


def _dated_clause(s: Sentence, year_at: int, lo: int, hi: int) -> bool:
    """The clause between a year and the person after it still speaks of that time: "launched in April 2024, when Pat
    Gelsinger was CEO", "November 2023, written the week AWS CEO ...", or a date opening the sentence ("In November
    2023, AWS CEO Adam Selipsky unveiled ..."; not "..., and AWS CEO Adam Selipsky keeps ...")."""
    return bool(s.w.when_gap.fullmatch(s.text, lo, hi)
                or (year_at <= 30 and s.w.date_lead_gap.fullmatch(s.text, lo, hi)))


def _organisation(ctx: Subjects, s: Sentence, orgs: list[Mention], role: Cue, p: Mention) -> str:
    """The organisation whose role the person holds: the one the role word is attached to ("AWS CEO", "Chef von
    AMD"), or else the one the fact base records the person in that role at ("Jonathan Ross wechselte zu Nvidia,
    seither führt Simon Edwards die Firma": Groq's), or else the nearest."""
    nearest = min(orgs, key=lambda o: abs(o.start - role.start))
    gap = s.text[nearest.end - s.start:role.start - s.start] if nearest.end <= role.start \
        else s.text[role.end - s.start:nearest.start - s.start]
    if s.w.role_attached.fullmatch(gap):
        return nearest.entity
    name = ctx.fb.entities[p.entity].name
    attribute = role.label.split(":", 1)[1]
    held = [o for o in orgs if any(f.value == name for f in ctx.fb.about(o.entity, attribute))]
    return min(held, key=lambda o: abs(o.start - role.start)).entity if held else nearest.entity


RULE = Rule("role", (SENTENCE,), role_claims, order=40, cues=("ROLE:",))

"""Sums of money: investments, acquisition prices, instance and chip-hour prices.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from ...models import Claim, Quantity, Segment
from ...periods import period_before
from ..gates import not_on_demand
from ..patterns import YEAR
from ..rule import Rule
from ..sentence import Mention, Sentence, nearest_label, plan_words_before
from ..subjects import Subjects


def money_claim(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """A sum of money with a word saying what it is (an investment, an acquisition price, an instance's or a
    chip's on-demand price per hour) and an entity the fact base has that kind of sum for.

    Bad (en): "Training the model cost $12 million" -- a training bill, not a list price.
    Bad (de): "Spot-Instanzen gibt es ab 40 US-Dollar pro Stunde" -- a spot price, not the on-demand price.
    Good (en): "Amazon has invested $8 billion in Anthropic" -> investment 8e9 USD of amazon (versus anthropic).
    Good (de): "Eine p5.48xlarge liegt bei 55,04 US-Dollar pro Stunde" -> price_per_hour of p5.48xlarge.
    """
    if nearest_label(s, "ATTR:investment", q.start, q.end, 80, exact=True):
        attribute = "investment"
    elif nearest_label(s, "ACQ", q.start, q.end, 80, exact=True):
        attribute = "acquisition_price"
    elif s.w.per_chip_hour.match(s.text, q.end - s.start):
        return chip_hour_price(ctx, seg, s, q)
    elif s.w.per_compute_hour.match(s.text, q.end - s.start):
        return None  # "$3.99 per PFLOPS-hour": the writer's own cost metric, not a list price
    else:
        return instance_price(ctx, seg, s, q)
    with_facts = [m for m in s.mentions if ctx.fb.about(m.entity, attribute)]
    how = "sentence"
    if not with_facts and attribute == "investment":
        with_facts, how = _investor_before(ctx, s), "coreference"
    project = None
    if not with_facts and attribute == "investment":
        with_facts, project = _investor_of_project(ctx, seg, s)
        how = "coreference"
    if not with_facts:
        return None
    subject = min(with_facts, key=lambda m: abs(m.start - q.start))
    versus = None
    scope = None
    timing = None
    if attribute == "investment" and project is None and _campus_sum(s, q):
        project = _project_around(ctx, seg, s)
        if project is None:
            return None  # "hat Amazon für 11 Mrd. US-Dollar einen Campus gebaut, auf dem … für Anthropic": the site's
    if attribute == "investment":
        targets = {f.q.versus for f in ctx.fb.about(subject.entity, attribute)}
        # "Project Rainier ... for Anthropic, in which Amazon has invested $8 billion": the nearest target
        aimed = [m for m in s.mentions if m.entity in targets]
        if any(ctx.kind(m.entity) == "organisation" for m in aimed) and _startup_nearer(ctx, s, q, aimed):
            aimed = [m for m in aimed if ctx.kind(m.entity) == "organisation"]  # „… in das Start-up gesteckt“: not the campus
        versus = project or (min(aimed, key=lambda m: abs(m.start - q.start)).entity if aimed else None)
        prev = s.previous
        if versus is None and prev is not None and s.w.the_startup.search(s.text):
            # "Anthropic soll ... kommen. Amazon hat in das Start-up bislang 4 Milliarden Dollar gesteckt."
            named = {m.entity for m in prev.mentions if m.entity in targets and ctx.kind(m.entity) == "organisation"}
            versus = named.pop() if len(named) == 1 else None
        if versus is None and not _other_party(ctx, s, subject.entity, targets):
            versus, how = _target_around(ctx, seg, s, targets), "coreference"
        if versus is None:
            return None
        timing = money_timing(s, q)
    return Claim(entity=subject.entity, attribute=attribute, start=seg.start + q.start, end=seg.start + q.end,
                 text=q.text, quantity=q, versus=versus, scope=scope, sentence=s.text.strip(),
                 subject_text=subject.text, as_of=stated_as_of(s, q), timing=timing, subject_how=how)


def _startup_nearer(ctx: Subjects, s: Sentence, q: Quantity, aimed: list[Mention]) -> bool:
    """A word for the investee nearer the sum than any other investee named, in its clause or, for a further sum, past a
    comma („13 Mrd. US-Dollar in das Start-up gesteckt, weitere bis zu 20 Mrd.“; not „…, und im 11 Mrd. US-Dollar teuren
    Project Rainier“)."""
    at = (q.start - s.start, q.end - s.start)
    breaks = ";" if s.w.further.search(s.text, max(0, at[0] - 25), at[0]) else ";,"  # (a further sum goes on past a comma)

    def gap(a: int, b: int) -> int:
        lo, hi = min(a, b), max(a, b)
        return hi - lo if not any(ch in s.text[lo:hi] for ch in breaks) else 10**6

    word = min((min(gap(m.start(), at[1]), gap(m.end(), at[0])) for m in s.w.the_startup.finditer(s.text)), default=10**6)
    others = [min(gap(m.start - s.start, at[1]), gap(m.end - s.start, at[0]))
              for m in aimed if ctx.kind(m.entity) != "organisation"]
    return word <= 60 and word < min(others, default=10**6)


def _investor_before(ctx: Subjects, s: Sentence) -> list[Mention]:
    """The one investor the two sentences before name, for a sum with an investment's word and no investor of its
    own: "Amazon kündigte … bis zu 4 Mrd. an. Die zweite Tranche über 2,75 Mrd. folgte im März 2024" (not when the
    sentence names another organisation, or the sentences before name two investors)."""
    if any(ctx.kind(m.entity) == "organisation" for m in s.mentions):
        return []
    found: list[Mention] = []
    prev, back = s.previous, 0
    while prev is not None and back < 2 and not found:
        found = [m for m in prev.mentions if ctx.fb.about(m.entity, "investment")]
        prev, back = prev.previous, back + 1
    return found[-1:] if len({m.entity for m in found}) == 1 else []


def _investor_of_project(ctx: Subjects, seg: Segment, s: Sentence) -> tuple[list[Mention], str | None]:
    """The one investor in the project the sentence names, or, for its campus, the paragraph before it: "Project
    Rainier's campus is an $11 billion investment", "Der Campus in New Carlisle ist ein Investment von 11 Mrd." after a
    paragraph on Rainier (the investor is no mention of the sentence: the claim is bound by coreference)."""
    project = _project_around(ctx, seg, s)
    if project is None:
        return [], None
    investors = {f.entity for f in ctx.fb.facts if f.attribute == "investment" and f.q.versus == project}
    if len(investors) != 1:
        return [], None
    investor = investors.pop()
    return [Mention(s.start, s.start, investor, ctx.fb.entity(investor).name)], project


def _project_around(ctx: Subjects, seg: Segment, s: Sentence) -> str | None:
    """The one project the sentence names, or, for a campus, the one its paragraph names before it, else the one the
    text named last."""
    named = [m.entity for m in s.mentions if ctx.kind(m.entity) == "project"]
    if not named and s.w.campus.search(s.text):
        named = [e for e in ctx.memory.all(seg.block, seg.start + s.start) if ctx.kind(e) == "project"] \
            or ([ctx.state.last_project] if ctx.state.last_project else [])  # (the project the text named last)
    return named[0] if len(set(named)) == 1 else None


def _campus_sum(s: Sentence, q: Quantity) -> bool:
    """A campus word in the sum's clause: "an $11 billion campus", "für 11 Mrd. US-Dollar einen Campus"."""
    lo, hi = q.start - s.start, q.end - s.start
    return any((0 <= m.start() - hi <= 30 and not _BREAKS.search(s.text, hi, m.start()))
               or (0 <= lo - m.end() <= 30 and not _BREAKS.search(s.text, m.end(), lo)) for m in s.w.campus.finditer(s.text))


_BREAKS = re.compile(r"[,;()]")  # (a campus past a comma or a bracket is another clause's)


def _other_party(ctx: Subjects, s: Sentence, investor: str, targets: set[str]) -> bool:
    """The sentence names an organisation besides the investor and its investees: its sum may be theirs."""
    return any(ctx.kind(m.entity) == "organisation" and m.entity != investor and m.entity not in targets
               for m in s.mentions)


def _target_around(ctx: Subjects, seg: Segment, s: Sentence, targets: set[str]) -> str | None:
    """The investee the paragraph named before the sum, else the list's intro or the section's heading, when it
    names one only: "… in Anthropic? – Amazon habe im September 2023 den Einstieg mit bis zu 4 Mrd. angekündigt"."""
    for seen in (ctx.memory.all(seg.block, seg.start + s.start), ctx.memory.all(seg.intro) if seg.intro >= 0 else [],
                 ctx.memory.all(seg.heading)):
        named = {e for e in seen if e in targets}
        if named:
            return named.pop() if len(named) == 1 else None
    return None


def money_timing(s: Sentence, q: Quantity) -> str | None:
    """What an investment says of time (vocabulary.Timing): one tranche ("another $4 billion", "weitere 4
    Milliarden"), the running total ("bislang 4 Milliarden", "$8 billion in total", "in which Amazon has
    invested $4 billion"), or None ("invested $4 billion in 2023": a tranche or the total, either verifies)."""
    rel, after = q.start - s.start, q.end - s.start
    so_far = s.w.so_far.search(s.text, max(0, rel - 30), min(len(s.text), after + 30))
    further = s.w.further.search(s.text, max(0, rel - 25), rel)  # ("13 billion in total, after a fresh 5 billion")
    if q.qualifier != "up_to" and so_far is not None and further is None and not any(
            ch in s.text[min(after, so_far.end()):max(rel, so_far.start())] for ch in ";:"):
        return "cumulative"  # "agreed to invest up to $25 billion more, for $13 billion in total so far"
    if q.qualifier == "up_to" or plan_words_before(s, rel) or s.w.plan_after.match(s.text, after):
        # "Amazon invests up to $25 billion", "would invest up to a further $25 billion": a deal, not money paid
        return "plan"
    if further is not None:
        return "event"
    if s.w.cumulative.search(s.text[max(0, rel - 40):rel]) or s.w.cumulative.match(s.text, after) \
            or s.w.cumulative_after.match(s.text, after) or s.w.perfect_invested.search(s.text):
        return "cumulative"
    return None


def stated_as_of(s: Sentence, q: Quantity) -> dt.date | None:
    """The date a sum is stated for, when the sentence names a deadline: "$8 billion by the end of 2024",
    "By October 2023 Amazon had invested ...", "bis Ende 2024 insgesamt 4 Milliarden": the last day of it."""
    after = q.end - s.start
    until = s.w.stated_until.search(s.text[after:after + 40])
    if until:
        return dt.date(int(until.group(1)), 12, 31)
    rel = q.start - s.start
    deadlines = []  # (the nearest deadline before the figure, else the first after it: "bis Ende 2023 waren 4 Mrd.
    # geflossen, bis Ende 2024 insgesamt 8 Mrd.")
    for m in YEAR.finditer(s.text):
        at, period = period_before(s.text, m.start(), int(m.group()))
        if s.w.stated_by.search(s.text, max(0, at - 30), at):
            deadlines.append((at, period))
    before = [d for d in deadlines if d[0] < rel]
    chosen = before[-1] if before else (deadlines[0] if deadlines else None)
    return chosen[1].last_day() if chosen else None


def chip_hour_price(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """"On-Demand H100-Instanzen kamen auf 3-4 Dollar pro GPU-Stunde": the chip's price per hour,
    which an instance's on-demand price over its chip count may check (HW109)."""
    if q.value >= 1000 or s.w.not_on_demand.search(s.text):
        return None
    chips = [m for m in s.mentions if m.end <= q.start and ctx.is_hardware(m.entity)]
    if not chips:
        return None
    chip = ctx.chip(chips[-1].entity)
    if ctx.kind(chip) != "chip":
        return None
    return Claim(entity=chip, attribute="price_per_chip_hour", start=seg.start + q.start,
                 end=seg.start + q.end, text=q.text, quantity=q, sentence=s.text.strip(),
                 subject_text=chips[-1].text)


def instance_price(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """"Eine p5.48xlarge mit acht H100 liegt bei 98,32 US-Dollar", "trn1.2xlarge ~$1.10": a sum
    written after an instance with a list price and no other period is its on-demand price per hour."""
    if q.value >= 1000 or q.range_high is not None:
        return None
    rel_start, rel_end = q.start - s.start, q.end - s.start
    if s.w.other_period.match(s.text, rel_end) or s.w.bill.search(s.text) \
            or not_on_demand(s, seg, ctx.state):
        return None  # "$71,000 per month", "pro GPU-Stunde", a spot or reserved price (a column of them), a bill
    priced = [m for m in s.mentions if m.end <= q.start and ctx.fb.about(m.entity, "price_per_hour")]
    if not s.mentions and seg.kind == "table_cell" and seg.row_header >= 0 and s.cue("ATTR:price_per_hour"):
        # "| `trn1.32xlarge` | 16 × Trainium | $24.78 |" under "Price per hour": the row's instance
        row = [e for e in ctx.memory.all(seg.row_header) if ctx.fb.about(e, "price_per_hour")]
        if len(set(row)) == 1:
            price = replace(q, unit=f"{q.unit} / hour", family="price")
            return Claim(entity=row[0], attribute="price_per_hour", start=seg.start + q.start,
                         end=seg.start + q.end, text=q.text, quantity=price, sentence=s.text.strip(),
                         subject_text=ctx.fb.entities[row[0]].name, subject_how="table")
    if not priced or any(priced[-1].end < m.start and m.end <= q.start and ctx.kind(m.entity) == "instance"
                         for m in s.mentions):
        return None
    hourly = any(c.end <= q.start and q.start - c.end <= 40 and not s.w.price_break.search(s.text, c.end - s.start, rel_start)
                 for c in s.cue("ATTR:price_per_hour"))  # "...; the current on-demand rate in us-east-1 is $98.32"
    if not hourly and (q.start - priced[-1].end > 60
                       or s.w.price_break.search(s.text[priced[-1].end - s.start:rel_start])):
        return None
    subject = priced[-1]
    price = replace(q, unit=f"{q.unit} / hour", family="price")
    return Claim(entity=subject.entity, attribute="price_per_hour", start=seg.start + q.start,
                 end=seg.start + q.end, text=q.text, quantity=price, sentence=s.text.strip(),
                 subject_text=subject.text)


RULE = Rule("money", ("money",), money_claim)

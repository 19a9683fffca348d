"""A figure no rule read, checked by its value alone: kept only when it verifies (reviewer/verify.py).

The rules read a figure's subject and attribute from the words around it, and give up where those words are
not theirs ("the Trn3 Gen1 UltraServer, with 64 chips, …" in a form they have not met). Such a figure is no
alarm; but an editor still wants to see it ticked when it is exactly what the fact base holds for the one piece
of hardware the sentence names. A value-match claim is offered for every attribute of that family the entity
has facts for; the checks run as for any claim, and whatever does not verify is dropped unseen. It never raises
an alarm, so it cannot cost precision; its confidence is low.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Quantity, Segment
from ...periods import period_before
from .. import gates
from ..patterns import YEAR
from ..rule import SENTENCE, Rule
from ..sentence import Sentence
from ..subjects import Subjects

HOW = "value"  # Claim.subject_how of a value-match claim

# the fact base's attributes a figure of each quantity family may be (counts: by the noun after the number)
_BY_FAMILY = {
    "memory": ("memory_capacity",),
    "rate": ("bandwidth",),  # (the numeric check reads "bandwidth" as any of the three kinds)
    "compute": ("compute",),
    "power": ("power",),
    "price": ("price_per_hour",),
}  # (no sums of money: whose investment in what, the money rule alone can say)
_BY_NOUN = {"CHIPNOUN": "chip_count", "SERVERNOUN": "server_count", "CPUNOUN": "cpu_count", "VCPUNOUN": "vcpus",
            "BUILDINGNOUN": "building_count"}
_FACT_ATTRIBUTES = {"bandwidth": ("memory_bandwidth", "interconnect_bandwidth", "network_bandwidth")}


def value_claims(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> list[Claim]:
    """Claims that `q` is the one named entity's figure, one per attribute it may be; none when the sentence names
    no entity, or more than one with facts of that kind (which of them the figure is about is the rules' question).

    Bad (en): "Trainium3 has 96 GB, like Trainium2" -- two chips with memory facts: no value-match claim.
    Bad (de): "Die Instanz kostet 12 Euro mehr" -- a sum in a currency the fact base has no figures in.
    Good (en): "… the Trn3 Gen1 UltraServer, which has 64 chips in it." -> chip_count of trn3-gen1-ultraserver,
    verified (a count of another value is dropped, never contradicted).
    Good (de): "Rechenleistung: 2,52 PFLOPS FP8" under Trainium3 -> compute of trainium3, verified.
    """
    attributes = _attributes(s, q)
    if not attributes or gates.not_a_claim(s, q):  # ("720 PFLOPS / 72 = 10 PFLOPS": a sum, no claim)
        return []
    owners = {m.entity: m for m in s.mentions
              if any(ctx.fb.about(m.entity, a) for attr in attributes for a in _FACT_ATTRIBUTES.get(attr, (attr,)))}
    if len(owners) > 1:
        return []
    if owners:
        m = next(iter(owners.values()))
        entity, written = m.entity, m.text
    else:  # none named: the one the paragraph, the list or the section is about ("Rechenleistung: 2,52 PFLOPS FP8")
        found = {ctx.subject(seg, s, q.start, attr)[::2] for attr in attributes}
        ctx.memory.inferred.clear()  # (a guess infers nothing the article's own claims are read with)
        subject, written = next(iter(found))
        if len(found) != 1 or subject is None:
            return []
        entity = subject
    return [Claim(entity=entity, attribute=attr, start=seg.start + q.start, end=seg.start + q.end, text=q.text,
                  quantity=q, sentence=s.text.strip(), subject_text=written, subject_how=HOW, confidence="low")
            for attr in attributes
            if any(ctx.fb.about(entity, a) for a in _FACT_ATTRIBUTES.get(attr, (attr,)))]


def _attributes(s: Sentence, q: Quantity) -> tuple[str, ...]:
    """The attributes a figure of `q`'s family may be: a count's by the noun right after it ("64 chips", "36 Server")."""
    if q.family != "count":
        return _BY_FAMILY.get(q.family, ()) if q.unit else ()
    rel = q.end - s.start
    for c in s.cues:
        if c.label in _BY_NOUN and 0 <= c.start - s.start - rel <= 3:
            return (_BY_NOUN[c.label],)
    return ()


_DATE_ATTRIBUTES = ("announced", "available", "acquired")
_DATE_CUES = {"announced": "ATTR:announced", "available": "ATTR:available", "acquired": "ACQ"}  # (cues.yaml)


def matched_dates(ctx: Subjects, seg: Segment, s: Sentence, claims: list[Claim]) -> Iterable[Claim]:
    """A month (or day) no rule read as a date of the one entity the sentence names with such dates, when it is the
    month of its announcement, launch or acquisition: verified by value, confidence low; another month is no claim.

    Bad (en): "Trainium2 and Trainium3 both shipped before December 2025" -- two chips with dates: no claim.
    Bad (de): "Im März 2025 stand die H200 im Keller" -- a month that is none of the H200's dates: no claim.
    Good (en): "AMD's December 2023 flagship, the MI300X, …" -> available December 2023 of mi300x, verified.
    Good (de): "Gaudi 3, im April 2024 auf der Intel Vision gezeigt, …" -> announced April 2024 of gaudi3, verified.
    """
    owners = {m.entity for m in s.mentions if any(ctx.fb.about(m.entity, a) for a in _DATE_ATTRIBUTES)}
    if len(owners) != 1:
        return
    entity = owners.pop()
    written = next(m.text for m in s.mentions if m.entity == entity)
    said = [a for a in _DATE_ATTRIBUTES if s.cue(_DATE_CUES[a])]  # ("die seit November 2023 verfügbare Instanz": not
    attributes = said or _DATE_ATTRIBUTES  # a match for its announcement)
    for y in YEAR.finditer(s.text):
        at, period = period_before(s.text, y.start(), int(y.group()))
        start, end = seg.start + s.start + at, seg.start + s.start + y.end()
        if period.first_month != period.last_month or any(c.start < end and start < c.end for c in claims) \
                or s.w.dateline.search(s.text, 0, y.start()):
            continue  # (a year or a part of one says too little to match; a date a rule read is the rule's; a
            # dateline's, "LAS VEGAS, 2. Dezember 2025 –", is when the text was written)
        for attribute in attributes:
            if any(period.contains(f.date) for f in ctx.fb.about(entity, attribute)):
                yield Claim(entity=entity, attribute=attribute, start=start, end=end, text=s.text[at:y.end()],
                            value_text=period.encode(), sentence=s.text.strip(), subject_text=written, subject_how=HOW,
                            confidence="low")
                break


# the fallback for figures no rule read: no family of its own (each family's figures go to their rule first); and the
# one for dates, a sentence rule that runs after all the others
RULE = Rule("value_match", (), value_claims)
DATE_RULE = Rule("value_match", (SENTENCE,), matched_dates, order=101, needs_claims=True)

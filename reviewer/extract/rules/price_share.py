"""By how much a provider cut an instance's hourly price ("a cut of 44 %", "rund 44 % weniger", "gut die Hälfte
niedriger"), against the prices before and after the cut in the fact base.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Quantity, Segment
from ..rule import SENTENCE, Rule
from ..sentence import Mention, Sentence
from ..subjects import Subjects

NEAR = 45  # how far before the share its word for a cut may stand, in characters (after it: NEAR_AFTER)
NEAR_AFTER = 25


def price_cut_share(ctx: Subjects, seg: Segment, s: Sentence, made: list[Claim]) -> Iterable[Claim]:
    """A percentage or a fraction next to a word for a cut ("cut", "reduction", "less", "Senkung", "weniger"),
    in a sentence about an hourly price (it names a price cut or gives a price), of the instance whose price the
    fact base has a history of: the share by which its price fell, checked against that history (HW102).

    Bad (en): "Trn2 is 30-40% cheaper than P5" -- a comparison with another instance, not a cut.
    Bad (de): "Die Kosten unseres Trainings sanken um 20 %" -- no list price of an instance with a price history.
    Good (en): "AWS cut the p5.48xlarge's price from $98.32 to $55.04, a cut of 56%" -> ratio 1.56 (contradicted: 44 %).
    Good (de): "Die p5.48xlarge kostet seit der Preissenkung 55,04 US-Dollar, rund 44 % weniger" -> verified.
    """
    shares = [q for q in s.quantities if q.family == "ratio" and q.range_high is None and _is_share(s, q)]
    lo = seg.start + s.start
    here = [c for c in made if lo <= c.start < lo + len(s.text)]
    if not shares or not (s.w.price_cut.search(s.text) or any(c.attribute == "price_per_hour" for c in here)
                          or any(q.family in ("money", "price") and _plain(s, q) for q in s.quantities)):
        return  # (no price: "$4.7\,\text{TB/s}$" is LaTeX, not money)
    if len({m.entity for m in s.mentions if ctx.kind(m.entity) == "instance"}) > 1:
        return  # ("inf2.48xlarge ... for $12.98 an hour, less than a quarter of what a p5.48xlarge costs"): compared
    subject = _priced(ctx, seg, s, here)
    if subject is None:
        return
    taken = {c.start for c in here if c.attribute == "ratio"}
    for q in shares:
        rel, rel_end = q.start - s.start, q.end - s.start
        if seg.start + q.start in taken or s.w.compared_clause.search(s.text, rel_end, min(len(s.text), rel_end + 40)) \
                or s.w.compared_clause.search(s.text, max(0, rel - 40), rel):
            continue  # ("30-40% cheaper than P5", "um 20 % günstiger als"): a comparison, not a cut
        cut = s.w.cut_share_word.search(s.text, max(0, rel - NEAR), rel) \
            or s.w.cut_share_word.search(s.text, rel_end, min(len(s.text), rel_end + NEAR_AFTER)) \
            or q.text.lstrip().startswith(("−", "-"))
        if not cut or s.w.more_share_word.search(s.text, max(0, rel - NEAR), min(len(s.text), rel_end + NEAR_AFTER)) \
                or s.w.share_conditional.search(s.text, max(0, rel - 80), min(len(s.text), rel_end + 30)):
            continue  # (a rise; "If AWS cuts prices 20%", "would fall by about 4 %": supposed, not said)
        # the share as a gain, so that HW102 holds it to a percentage's tolerance ("44 % weniger" -> 1.44)
        as_gain = Quantity(q.start, q.end, q.text, 1 + abs(q.value), q.resolution, "times", "ratio", q.qualifier)
        yield Claim(entity=subject.entity, attribute="ratio", start=seg.start + q.start, end=seg.start + q.end,
                    text=q.text, quantity=as_gain, scope="price_cut", sentence=s.text.strip(),
                    subject_text=subject.text, subject_how="sentence" if subject.end > subject.start else "coreference")


def _plain(s: Sentence, q: Quantity) -> bool:
    """A sum of money as prose writes it, not a figure of LaTeX math ("$4.7\\,\\text{TB/s}$")."""
    return "\\" not in s.text[q.end - s.start:q.end - s.start + 2]


def _is_share(s: Sentence, q: Quantity) -> bool:
    """A percentage ("44 %", "−54 %") or a fraction word ("half", "ein Drittel"), not a multiple ("2x")."""
    return q.unit == "percent" or (q.value < 1 and bool(s.w.fraction_word.fullmatch(q.text)
                                                       or s.w.half_word.fullmatch(q.text)))


def _priced(ctx: Subjects, seg: Segment, s: Sentence, here: list[Claim]) -> Mention | None:
    """The instance whose price was cut: one the sentence names, else the one whose hourly price it gives (of the
    sentence's claims, `here`), else the provider it names, else the instance in context (a mention of no length)."""
    named = [m for m in s.mentions if ctx.fb.price_cuts(m.entity)]
    instance = next((m for m in named if ctx.kind(m.entity) == "instance"), None)
    if instance is not None:
        return instance
    priced = {c.entity: c.subject_text for c in here if c.attribute == "price_per_hour" and ctx.fb.price_cuts(c.entity)}
    if len(priced) == 1:
        entity, text = next(iter(priced.items()))
        return Mention(s.start, s.start + 1, entity, text)
    if named:
        return named[0]  # "AWS cut P5 prices by roughly 20%": the provider's cuts
    inferred = ctx.context(seg, at=s.start, fits=lambda e: ctx.kind(e) == "instance" and bool(ctx.fb.price_cuts(e)))
    return Mention(s.start, s.start, inferred, ctx.fb.entities[inferred].name) if inferred else None


RULE = Rule("price_share", (SENTENCE,), price_cut_share, order=63, needs_claims=True, cues=("PRICECUT", "LESS"))

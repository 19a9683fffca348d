"""Who a ratio compares with whom ("4x the compute of Trainium2", "that is 1.76 times the capacity" after a
sentence with two chips, "der Nachfolger", the chip in context): the partner rules of reviewer/extract/rules/ratio.py,
which reads the ratio's value and what it measures.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Quantity, Segment
from .patterns import CUE_WINDOW, OPPOSITE, QUOTED
from .sentence import Sentence, compared_in, counted_in, is_reference, nearest_label
from .subjects import Subjects


@dataclass
class Ratio:
    """A ratio being read: its value, what it measures, what is compared with what."""

    q: Quantity
    equal: bool
    value: float
    high: float | None = None
    workload: str | None = None  # throughput, latency, ... : a vendor's workload claim
    said_precision: str | None = None  # the precision of the figure a "that is twice ..." refers to
    as_figures: Quantity | None = None  # a percentage to check against the two figures it sums up
    metric: str | None = None
    precision: str | None = None
    subject: str | None = None
    how: str = ""
    text: str = ""
    versus: str | None = None
    implied: bool = False


def partners(ctx: Subjects, seg: Segment, s: Sentence, r: Ratio) -> None:
    """The ratio's subject and what it is compared with, in this order: a name the sentence compares with, the
    subject rules and the sentences before, what the context leaves unsaid."""
    _versus_named(ctx, seg, s, r)
    _partners(ctx, seg, s, r)
    _partners_in_context(ctx, seg, s, r)


def _versus_named(ctx: Subjects, seg: Segment, s: Sentence, r: Ratio) -> None:
    """What the sentence names as the ratio's reference point ("what Trillium offers", "des Trainium2",
    "its FP8 throughput"), and for sameness the one it is level with."""
    q = r.q
    compared = compared_in(s)
    lead = len(s.text) - len(s.text.lstrip())
    opening = [c for c in s.cue("CMP") if c.start - s.start <= lead + 3]  # "Im Vergleich zum X, ...": all of it
    r.versus = next((m.entity for m in compared if ctx.is_hardware(m.entity) and 0 <= m.start - q.end <= 20),
                  None)  # "roughly 2.5x what Trillium offers": the one the ratio itself names
    r.versus = r.versus or next((m.entity for m in compared if ctx.is_hardware(m.entity) and (
        m.start > q.start - 80 or any(0 <= m.start - c.end <= 6 for c in opening))), None)
    if r.versus is None:  # "4x the compute of Trainium2" / "das 4-fache des Trainium2"
        r.versus = next((m.entity for m in s.mentions if m.start > q.end and ctx.is_hardware(m.entity)
                       and s.w.of_word.search(s.text[max(0, m.start - s.start - 8):m.start - s.start])),
                      None)
    if r.versus is None and s.w.as_much_after.match(s.text, q.end - s.start):  # "four times as much memory as Trainium2"
        r.versus = next((m.entity for m in s.mentions if m.start > q.end and ctx.is_hardware(m.entity)
                         and s.w.as_word.search(s.text, max(0, m.start - s.start - 12), m.start - s.start)), None)
    if r.versus is None:  # "roughly 3x the MI300X": the name right after the ratio
        r.versus = next((m.entity for m in s.mentions if m.start > q.end and ctx.is_hardware(m.entity)
                         and s.w.ratio_object_gap.fullmatch(s.text, q.end - s.start, m.start - s.start)), None)
    if r.versus is None and s.w.possessive_after.match(s.text, q.end - s.start) and not s.w.ratio_verb.match(q.text):
        # "at least 6x the FP4 performance of Trainium3 and twice its FP8 throughput": "its" is the partner's
        prior = [m for m in s.mentions if m.end <= q.start and ctx.is_hardware(m.entity)]
        r.versus = prior[-1].entity if prior else None
    if r.equal:
        if r.metric == "memory_bandwidth" and any(c.label == "ATTR:interconnect_bandwidth" for c in s.cues):
            r.metric = "interconnect_bandwidth"  # "NVLink 5 ... the same per-GPU bandwidth as the B200"
        if r.versus is None:  # "essentially where Trainium2 was", "beim Stand der B200"
            r.versus = next((m.entity for m in s.mentions if q.end <= m.start <= q.end + 30
                           and ctx.is_hardware(m.entity)), None)
        if r.versus is None and any(q.end <= c.start <= q.end + 12 for c in s.cue("ANAPH:system")):
            # "liegt damit gleichauf mit dem UltraServer": the system in context
            r.versus = ctx.context(seg, fits=lambda e: ctx.kind(e) in ("system", "pod", "instance")
                                   and e not in {m.entity for m in s.mentions}, at=q.start)


def _partners(ctx: Subjects, seg: Segment, s: Sentence, r: Ratio) -> None:
    """Who is compared with whom: the subject rules, then "that is 1.76 times" after a sentence with two
    chips, "the new part", "der Nachfolger", a chip and its predecessor both named."""
    q = r.q
    compared = compared_in(s)
    r.subject, r.how, r.text = ctx.subject(seg, s, q.start, r.metric, anaphora=False)
    if r.subject is not None and r.how == "coreference" and ctx.kind(r.subject) == "family":
        # "the H200 ... It is the same Hopper silicon ... That gives the newer part 76% more capacity than
        # its predecessor": a comparison is of the family's chip the paragraph named, not of the family
        members = set(ctx.fb.entities[r.subject].members)
        of_family = [e for e in ctx.memory.all(seg.block, seg.start + q.start) if e in members]
        if of_family:
            r.subject, r.text = of_family[-1], ctx.fb.entities[of_family[-1]].name
    prev = s.previous
    if r.versus is None and prev is not None and s.w.that_is.match(s.text) \
            and not any(ctx.is_hardware(m.entity) for m in s.mentions):
        _that_is(ctx, seg, prev, r)
    if r.subject is None and any(c.end <= q.start for c in s.cue("ANAPH:chip")) \
            and not any(ctx.is_hardware(m.entity) for m in s.mentions if m.end <= q.start):
        # "AWS says the new part has four times the memory of the older chip": the chip in context
        r.subject = ctx.context(seg, fits=lambda e: ctx.kind(e) == "chip", at=q.start) \
            or ctx.section_chip(seg) or ctx.main_chip()
        r.how, r.text = "coreference", ctx.fb.entities[r.subject].name if r.subject else ""
    if not r.equal and r.versus is not None and r.subject in (None, r.versus):
        # "The targets are ambitious: 6x the FP4 performance of Trainium3": what the paragraph is about
        r.subject = ctx.context(seg, fits=lambda e: ctx.is_hardware(e) and e != r.versus
                                and ctx.kind(e) == ctx.kind(r.versus), at=q.start)
        asked = [e for e in ctx.state.asked_about if e != r.versus and ctx.kind(e) == ctx.kind(r.versus)]
        if r.subject is None and len(set(asked)) == 1 and s.w.answer_turn.match(seg.text):
            r.subject = asked[0]  # "Q: So what does Trainium4 promise?" "A: Six times the FP4 of Trainium3."
        if r.subject is None and ctx.kind(r.versus) in ("system", "pod") and ctx.state.system_before not in (None, r.versus) \
                and ctx.kind(ctx.state.system_before) == ctx.kind(r.versus):
            # "Die Zahlen zum UltraServer: ..." + "Im Vergleich zum Trn2 UltraServer nennt AWS die 4,4-fache
            # Rechenleistung": the system the article last named
            r.subject = ctx.state.system_before
        r.how, r.text = "coreference", ctx.fb.entities[r.subject].name if r.subject else ""
    if r.equal and r.versus is not None and r.subject in (None, r.versus):
        # "at 671 TFLOPS it is essentially where Trainium2 was": "it" is the chip in context
        r.subject = ctx.context(seg, fits=lambda e: ctx.is_hardware(e) and e != r.versus, at=q.start)
        r.how, r.text = "coreference", ctx.fb.entities[r.subject].name if r.subject else ""
    for label, link in (("ANAPH:successor", "successor"), ("ANAPH:predecessor", "predecessor")):
        cue = [c for c in s.cue(label) if c.end <= q.start]
        # (and the name right after it: "Erst der Nachfolger Trainium3 legt ... zu" names the successor)
        named = [m for m in s.mentions if cue and (m.end <= cue[-1].start or 0 <= m.start - cue[-1].end <= 2)
                 and ctx.is_hardware(m.entity) and m not in compared]
        after_cmp = cue and any(-4 <= cue[-1].start - c.end <= 6 for c in s.cue("CMP"))
        if cue and not named and not after_cmp and not is_reference(s, cue[-1]):
            # "Pro Chip bietet der Nachfolger die doppelte FP8-Leistung"
            other = ctx.relative(seg, s, cue[-1], link)
            if other:
                ctx.infer(seg.block, other, seg.start + cue[-1].start)
                r.subject, r.how, r.text = other, "coreference", s.text[cue[-1].start - s.start:cue[-1].end - s.start]
                r.versus = r.versus or getattr(ctx.fb.entities[other], OPPOSITE[link])
            break
    if (r.versus is None or r.subject is None) and any(c.end <= q.end + 40 for c in s.cue("ANAPH:predecessor")):
        # "**H200** keeps the H100's compute ..., which gives it nearly twice the bandwidth of its
        # predecessor": the one named chip whose predecessor the sentence names too
        hardware = {m.entity for m in s.mentions if ctx.is_hardware(m.entity)}
        pairs = {(e, ctx.fb.entities[e].predecessor) for e in hardware if ctx.fb.entities[e].predecessor in hardware}
        if len(pairs) == 1:
            r.subject, r.versus = pairs.pop()
            r.how, r.text = "sentence", ctx.fb.entities[r.subject].name
    if r.subject is not None and r.versus is not None and ctx.kind(r.subject) in _ON_THE_WAY \
            and ctx.kind(r.versus) == "chip":
        # "Die MI455X für die Helios-Racks soll 432 GB bieten, das 1,5-Fache der MI355X", "The H200 in p5en has a bit
        # more than twice the memory bandwidth of the H100": a chip against a chip, not the rack, instance or link
        # the sentence names on the way
        like = [m for m in s.mentions if m.end <= q.start and m.entity != r.versus and m not in compared
                and ctx.kind(m.entity) == ctx.kind(r.versus)]
        if len({m.entity for m in like}) == 1:
            r.subject, r.how, r.text = like[0].entity, "sentence", like[0].text


_ON_THE_WAY = ("system", "pod", "instance", "interconnect")  # what a chip's sentence may name on the way


def _that_is(ctx: Subjects, seg: Segment, prev: Sentence, r: Ratio) -> None:
    """"That is about 1.76 times the capacity" after a sentence with two chips: the first chip of the sentence
    before against the one it was set against (or the chip in context against the one after "where")."""
    q = r.q
    # "The H200 pairs 141 GB with 4.8 TB/s, against 80 GB and 3.35 TB/s on the H100. That is about 1.76
    # times the capacity": the first chip of the sentence before against the one it was set against
    hw = [m for m in prev.mentions if ctx.is_hardware(m.entity) and m not in counted_in(prev)]
    ref = [m for m in compared_in(prev) if m in hw]
    one = next((m for m in hw if m not in ref), None)
    against = ref[0] if ref else next((m for m in reversed(hw) if one and m.entity != one.entity), None)
    if one is not None and against is None and {m.entity for m in hw} == {one.entity} and any(
            prev.w.contrast_break.search(prev.text, 0, m.start - prev.start) for m in hw):
        # "141 GB at 4.8 TB/s, where the H100 has 80 GB ... That is 76 % more": the chip in context against it
        set_against, one = one.entity, None
        r.subject = ctx.context(seg, fits=lambda e: e != set_against and ctx.kind(e) == ctx.kind(set_against),
                                at=q.start)
        if r.subject is not None:
            r.how, r.text, r.versus = "coreference", ctx.fb.entities[r.subject].name, set_against
    if one is not None and against is not None and one.entity != against.entity \
            and ctx.kind(one.entity) == ctx.kind(against.entity):
        r.subject, r.how, r.text, r.versus = one.entity, "coreference", one.text, against.entity


def _partners_in_context(ctx: Subjects, seg: Segment, s: Sentence, r: Ratio) -> None:
    """A reference point the sentence leaves unsaid: the predecessor ("4x mehr Leistung"), the other chip of
    the sentence before, a list's last two leads, the systems built from two chips."""
    q = r.q
    if r.versus is None and r.subject and r.metric == "compute" and not r.equal and ctx.kind(r.subject) in ("system", "pod") \
            and not s.cue("CMP") and not any(ctx.is_hardware(m.entity) and m.entity != r.subject for m in s.mentions):
        # "Der Trn3 UltraServer liefert 4x mehr Leistung": a vendor's system claim is against its predecessor
        ent = ctx.fb.entities.get(r.subject)
        r.versus = ent.predecessor if ent else None
    if r.versus is None and r.subject:
        ent = ctx.fb.entities.get(r.subject)
        if s.cue("ANAPH:predecessor"):
            r.versus = ent.predecessor if ent else None
        elif s.cue("ANAPH:successor") and not any(0 <= m.start - c.end <= 2 and m.entity == r.subject
                                                  for c in s.cue("ANAPH:successor") for m in s.mentions):
            # (not "der Nachfolger Trainium3 legt ... auf das 1,5-Fache zu", the successor named: its predecessor's)
            r.versus = ent.successor if ent else None
        elif s.cue("ANAPH:first"):  # "twice what the first generation offered"
            r.versus = ctx.first(r.subject)
    prev = s.previous
    if r.versus is None and r.subject is not None and prev is not None \
            and not any(ctx.is_hardware(m.entity) and m.entity != r.subject for m in s.mentions):
        # "Nvidia nennt für die B200 ... dicht 4,5 PFLOPS. Im fairen Vergleich liegt die MI355X 25 Prozent
        # vorn": ahead of the one other chip the sentence before gave a figure for
        others = {m.entity for m in prev.mentions if ctx.is_hardware(m.entity) and m.entity != r.subject}
        if q.unit == "percent" and len(others) == 1 and prev.families & {"memory", "rate", "compute"}:
            r.versus = others.pop()
            if not nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW):
                labels = [c.label[5:] for c in prev.cues if c.label.startswith("PREC:")]
                r.precision = labels[-1] if labels else None
        elif not r.equal and nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW) and not any(
                m.start() <= q.start - s.start < m.end() for m in QUOTED.finditer(s.text)):
            # "Die H100 ist das Arbeitspferd ... Die H200 bringt rund 76 Prozent mehr Speicher mit":
            # more than the one other chip of its kind the paragraph was about just before
            r.versus = ctx.paragraph_partner(s, r.subject)
    if r.versus is None and seg.kind == "list_item" \
            and not any(ctx.is_hardware(m.entity) for m in s.mentions):
        # "- Trn3 UltraServer: 21 TB" "- GB300 NVL72: 14 TB" "- → 50% mehr Memory": the list's last two
        leads = ctx.state.item_leads.get((seg.intro, seg.heading), [])
        if len(leads) >= 2 and leads[-2] != leads[-1]:
            r.subject, r.versus = leads[-2], leads[-1]
            r.how, r.text = "coreference", ctx.fb.entities[r.subject].name
    r.implied = False
    if r.versus is None and r.subject is not None and ctx.kind(r.subject) == "chip" and not s.cue("CMP") \
            and not any(ctx.is_hardware(m.entity) and m.entity != r.subject for m in s.mentions):
        # "Trainium3: 4x Performance": a vendor's ratio with no partner is against the predecessor,
        # per chip or per system built from them; which one is unsaid, so it only verifies
        r.versus = getattr(ctx.fb.entities.get(r.subject), "predecessor", None)
        r.implied = r.versus is not None
    if r.subject is not None and r.versus is not None and ctx.kind(r.subject) == ctx.kind(r.versus) == "chip" \
            and system_word_before(s, q):
        # "die UltraServers mit bis zu 144 dieser Chips bieten das Vierfache der bisherigen Rechenleistung":
        # the systems built from the two chips, when the fact base compares exactly one such pair
        pairs = {(a, f.q.versus) for a in ctx.fb.built_from(r.subject)
                 for f in ctx.fb.about(a, "ratio") if ctx.fb.chip_of(f.q.versus) == r.versus}
        if len(pairs) == 1:
            r.subject, r.versus = pairs.pop()
            r.how = "coreference"


def same_as_list(ctx: Subjects, s: Sentence, r: Ratio) -> None:
    """"at least 6x the FP4 performance of Trainium3, 3x the FP8 throughput and double the memory
    bandwidth": each ratio of the list compares what the first one compares."""
    q = r.q
    last = ctx.last_ratio(s)
    if last is not None and (r.subject is None or r.subject == last[1]) \
            and s.w.list_gap.fullmatch(s.text, last[2] - s.start, q.start - s.start) \
            and not any(last[2] <= m.start <= q.end + 25 and ctx.is_hardware(m.entity) and m.entity != last[1]
                        for m in s.mentions):
        # "at least 6x the FP4 performance of Trainium3, 3x the FP8 throughput and double the memory
        # bandwidth": each ratio of the list compares what the first one compares
        r.subject, r.versus, r.how = last[0], last[1], "sentence"
        r.text = ctx.fb.entities[r.subject].name


def system_word_before(s: Sentence, q: Quantity) -> bool:
    """"die UltraServers mit bis zu 144 dieser Chips bieten das Vierfache": a system word in the ratio's
    own clause, before it (not "Trainium3 is 40% more efficient, and an UltraServer ... four times")."""
    rel = q.start - s.start
    words = list(s.w.system_word.finditer(s.text, 0, rel))
    word = words[-1] if words else None
    return word is not None and not s.w.ratio_clause_break.search(s.text, word.end(), rel)

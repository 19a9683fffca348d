"""Interconnects: which link a chip or system uses (NeuronLink-v4, NVLink 5, EFA).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...models import Claim, Segment
from ...names import normalize, split_version
from ..gates import is_discussed
from ..patterns import (
    VERSION_AFTER,
)
from ..rule import SENTENCE, Rule
from ..sentence import Mention, Sentence, compared_in, counted_in, names_network
from ..subjects import Subjects

_POSSESSIVE_GAP = re.compile(r"(?:['’]s)?\s{1,2}")


def interconnect_claims(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """A link named in a sentence, about the chip or system it joins; negated when the text denies it.

    Bad (en): "NVIDIA quotes NVLink as the sum of both directions" -- another maker's link, not the chip's.
    Bad (de): "Der Trainium3 beherrscht NVLink nicht" -- read, but as a negated claim (does not use NVLink).
    Good (en): "Trainium3 chips talk over NeuronLink-v4" -> interconnect NeuronLink-v4 of trainium3.
    Good (de): "Gekoppelt werden die Trainium3-Chips per NeuronLink-v4" -> interconnect NeuronLink-v4.
    """
    if not any(ctx.kind(m.entity) == "interconnect" for m in s.mentions):
        return  # no link named
    compared, counted = compared_in(s), counted_in(s)
    chips = [m for m in s.mentions if ctx.is_hardware(m.entity) and m not in compared and m not in counted]
    for m in s.mentions:
        if ctx.kind(m.entity) != "interconnect" or is_discussed(s, m.start, m.end) or _listed(s, m):
            continue
        # (a product line's word alone before it, when the sentence names no hardware: "So ein NVL72 ..., und NVLink 5")
        before = [c for c in chips if c.end <= m.start] or [f for f in s.family if f.end <= m.start and not chips]
        subject = (before[-1] if before else (chips[0] if chips else None))
        # "NeuronLink-v4 bringt 2,56 TB/s, beim Trainium2 waren es mit NeuronLink-v3 ...": a chip only in a later
        # clause is a guess for the link before it (the chip in context may be meant)
        later_clause = not before and subject is not None and bool(
            s.w.clause_break.search(s.text[m.end - s.start:subject.start - s.start]))
        if not before and any(c.end <= m.start for c in s.cue("ANAPH:chip")):
            subject = None  # "The chip is to support NVLink Fusion, ... of Trainium3": the chip in context
        if len(before) >= 2 and subject is not None and _the_chip_is_the_first(s, m, before, subject):
            # "Für Trainium4 kündigt AWS die doppelte Leistung des Trainium3 an, außerdem soll der Chip
            # NVLink Fusion unterstützen": "the chip" is what the sentence is about, not the last name
            subject = before[0]
        subject = _owner_after(ctx, s, m, chips) or subject
        if subject is not None and subject.end <= m.start and s.w.link_compared_before.search(s.text, 0, m.start - s.start):
            continue  # "NVLink 5 mit 1,8 TB/s, doppelt so viel wie NVLink 4": the link it is compared with
        if subject is None:
            # "nearly 500,000 Trainium2 chips, linked inside each UltraServer by NeuronLink-v2": the
            # chips counted are what the link joins, when the sentence names no other
            # (not a ratio's reference: "6x Trainium3's FP8 ... plus NVLink Fusion" counts no Trainium3 chips)
            parts = [c for c in counted if c.end <= m.start and ctx.is_hardware(c.entity) and c not in compared]
            subject = parts[-1] if parts else None
        # (a field's value in a labelled list item, "- **Chip-Interconnect:** NeuronLink-v3" in a chip's spec box,
        # is that chip's, no guess that another chip's link may stand in for)
        guessed = (subject is None and not (seg.kind == "list_item" and 0 < seg.lead_end <= m.start)) or later_clause
        table = ctx.table_entity(seg) if subject is None else None
        if table is not None:  # "| Scale-up | ... | NVLink 5 |": the column's system (its chip's link, if recorded)
            subject, guessed = Mention(s.start, s.start, table, ctx.fb.entities[table].name), False
        if subject is None:
            maker = ctx.fb.entities[m.entity].vendor
            subject = ctx.implicit_subject(seg, s, m.start, maker=maker or None)
            if subject is not None and maker and any(
                    o.entity == maker and maker != ctx.fb.entities[ctx.chip(subject.entity)].vendor
                    # (not the link's owner right before it: "Nvidias NVLink Fusion", "Nvidia's NVLink Fusion")
                    and not _POSSESSIVE_GAP.fullmatch(s.text, o.end - s.start, m.start - s.start)
                    for o in s.mentions if o.end <= m.start):
                continue  # "NVIDIA quotes NVLink as the sum of both directions": another maker's link
        if subject is None:
            continue
        owner_after = subject.start >= m.end and bool(s.w.link_on.fullmatch(s.text, m.end - s.start, subject.start - s.start))
        # (also before the link when its chip follows it: "there's no NVLink on Trainium3")
        negated = any(c.end <= m.start and m.start - c.end <= 30 and (c.start >= subject.end or (owner_after and not any(
                          ch in s.text[c.end - s.start:m.start - s.start] for ch in "(),;:")))
                      and not s.w.neg_break.search(s.text[c.end - s.start:m.start - s.start])
                      and not s.w.not_saying.match(s.text, c.end - s.start)  # "AWS does not say which way its ..."
                      and not any(c.end <= o.start and o.end <= m.start and ctx.kind(o.entity) == "interconnect"
                                  for o in s.mentions)
                      for c in s.cue("NEG")) or negated_after(s, m)  # "not NVLink; it uses NeuronLink-v3"
        # "trn1.32xlarge mit NeuronLink": its chips' link (EFA, a network, is the instance's own)
        entity = subject.entity if names_network(s, m) else ctx.chip(subject.entity)
        if not ctx.fb.about(entity, "interconnect") and ctx.fb.about(subject.entity, "interconnect"):
            entity = subject.entity  # the GB200 NVL72's link, where its GPU has none recorded
        if any(0 <= m.start - c.end <= 8 for c in s.cue("ANAPH:predecessor")):
            # "doppelt so viel wie beim Vorgänger mit NeuronLink-v3": the predecessor's link
            entity = getattr(ctx.fb.entities.get(entity), "predecessor", None) or entity
        value, end = ctx.fb.entities[m.entity].name, m.end
        version = VERSION_AFTER.match(s.text, m.end - s.start)
        if version and not split_version(normalize(value))[1]:
            # "NVLink 6 switch trays": a generation the fact base does not know is still a generation
            value, end = f"{value} {version.group(1)}", s.start + version.end()
        yield Claim(entity=entity, attribute="interconnect", start=seg.start + m.start,
                    end=seg.start + end, text=s.text[m.start - s.start:end - s.start], value_text=value,
                    negated=negated, sentence=s.text.strip(), subject_text=subject.text,
                    alternates=ctx.guessed_alternates(seg, entity, m.start) if guessed else ())


def _listed(s: Sentence, m: Mention) -> bool:
    """The link is one item of a bare list of names ("in den Fragen zu H100, NVLink 5, MI325X, Ironwood und Gaudi 3"):
    a topic named, not what a chip uses."""
    before = [o for o in s.mentions if o.end <= m.start]
    after = [o for o in s.mentions if o.start >= m.end]
    return bool(before and after) and bool(s.w.name_list_gap.fullmatch(s.text, before[-1].end - s.start, m.start - s.start)) \
        and bool(s.w.name_list_gap.fullmatch(s.text, m.end - s.start, after[0].start - s.start)) \
        and "," in s.text[before[-1].end - s.start:after[0].start - s.start]


def _the_chip_is_the_first(s: Sentence, m: Mention, before: list[Mention], subject: Mention) -> bool:
    """"the chip" between the last name and the link points back to the sentence's first chip (not a pronoun
    of a new clause: "...; beim Trainium3 ist es NeuronLink-v4")."""
    return before[0].entity != subject.entity and any(
        subject.end <= c.start and c.end <= m.start and not (
            s.w.pronoun.fullmatch(s.text, c.start - s.start, c.end - s.start)
            and ";" in s.text[before[0].end - s.start:subject.start - s.start])
        for c in s.cue("ANAPH:chip"))


def _owner_after(ctx: Subjects, s: Sentence, m: Mention, chips: list[Mention]) -> Mention | None:
    """The chip written right after the link that owns it, if any."""
    m_rel = m.end - s.start
    owner = None
    after = next((c for c in chips if c.start >= m.end), None)
    if after is not None and s.w.name_modifier.fullmatch(s.text[m_rel:after.start - s.start]):
        owner = after  # "an NVLink-friendly Trainium4", "den NVLink-fähigen Trainium4"
    elif after is not None and s.w.link_gives.fullmatch(s.text[m_rel:after.start - s.start]):
        owner = after  # "twice the 900 GB/s that NVLink 4 gives each Hopper part": the receiver's link
    elif after is not None and s.w.link_gap.fullmatch(s.text[m_rel:after.start - s.start]) \
            and s.w.link_gap_lead.search(s.text, 0, m.start - s.start) \
            and any(o.end <= m.start and ctx.kind(o.entity) == "interconnect" for o in s.mentions):
        owner = after  # "NeuronLink-v3 verbindet die Trainium2-Chips ..., NeuronLink-v4 die Trainium3-Chips": gapped
    on = next((c for c in s.mentions if c.start >= m.end and ctx.is_hardware(c.entity)), None)
    if on is not None and s.w.link_for.fullmatch(s.text[m_rel:on.start - s.start]):
        # "NVLink Fusion support was announced for Trainium4", "NVLink Fusion erst für den Nachfolger Trainium4"
        owner = on
    but = next((c for c in chips if c.start >= m.end and s.w.link_not_but.fullmatch(s.text, m_rel, c.start - s.start)), None)
    if but is not None:  # "NVLink Fusion kommt nicht mit Trainium3, sondern erst mit Trainium4": the one after "but"
        return but
    if on is not None and s.w.link_on.fullmatch(s.text[m_rel:on.start - s.start]):
        owner = on  # "doppelt so viel wie NeuronLink-v3 beim Trainium2": the compared chip's own link
    if on is not None and s.w.owner_is.fullmatch(s.text, m_rel, on.start - s.start) \
            and s.w.owner_is_after.match(s.text, on.end - s.start):
        owner = on  # "NVLink 3 at 600 GB/s per GPU was the A100's"
    return owner


def negated_after(s: Sentence, m: Mention) -> bool:
    """"NVLink is not supported" / "NVLink wird nicht unterstützt": negation after the name."""
    return bool(s.w.neg_after.match(s.text[m.end - s.start:]))


RULE = Rule("interconnect", (SENTENCE,), interconnect_claims, order=20)

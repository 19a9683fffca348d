"""The entity in context: what the paragraph, the list, the section and the article have named so far.

`Context` is what a rule call sees of the article: the fact base, the discourse (read only), the memory
of named entities with what this call inferred, and lookups over them. `Subjects` (subjects.py) builds
on it to say who a figure or a name is about.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..factbase.base import FactBase
from ..models import Segment
from ..names import normalize, split_version
from ..nlp import cue_lexicon
from .discourse import Discourse, Inferred, Memory, PendingMemory
from .patterns import (
    HARDWARE_KINDS,
    OPPOSITE,
)
from .sentence import Cue, Mention, Sentence, counted_in


@lru_cache(maxsize=1)
def _network_words() -> frozenset[str]:
    return frozenset(normalize(w) for words in cue_lexicon().values() for w in words.get("ATTR:network_bandwidth", ()))


class Context:
    """The article so far, as one rule call sees it. A rule records an entity it inferred with `infer`,
    and the sentence's latest ratio with `set_last_ratio`; the extractor applies both after it returns."""

    def __init__(self, fb: FactBase, state: Discourse, memory: Memory, kinds: dict[str, str]):
        self.fb = fb
        self.state = state
        self.memory = PendingMemory(memory)
        self._kinds = kinds
        self.ratios: list[tuple[Sentence, tuple[str, str, int]]] = []  # each sentence's ratios, this call

    @property
    def inferred(self) -> list[Inferred]:
        return self.memory.inferred

    def last_ratio(self, s: Sentence) -> tuple[str, str, int] | None:
        """The sentence's last ratio so far (subject, versus, end), this call's included."""
        mine = [ratio for sentence, ratio in self.ratios if sentence is s]
        return mine[-1] if mine else s.last_ratio

    def set_last_ratio(self, s: Sentence, ratio: tuple[str, str, int]) -> None:
        """Record the sentence's latest ratio; the extractor stores it on the sentence after the call."""
        self.ratios.append((s, ratio))

    def infer(self, block: int, entity: str, at: int) -> None:
        """Remember that `entity` is meant at `at` ("der Nachfolger"), for the rest of this call and after."""
        self.memory.inferred.append(Inferred(block, entity, at))

    # -- helpers over the fact base ------------------------------------------------------------

    def kind(self, entity: str) -> str:
        return self._kinds.get(entity) or ""

    def is_hardware(self, entity: str) -> bool:
        return self.kind(entity) in HARDWARE_KINDS

    def is_network(self, entity: str) -> bool:
        """A link whose name or alias a language calls a network ("EFA", "InfiniBand": ATTR:network_bandwidth in
        lang/<code>/cues.yaml), so a figure said of it in a later sentence is a network's rate."""
        ent = self.fb.entities.get(entity)
        return ent is not None and self.kind(entity) == "interconnect" \
            and any(normalize(n) in _network_words() for n in (ent.name, *ent.aliases))

    def chip(self, entity: str) -> str:
        """The chip of a system, instance or pod (chip-level facts live there); any other entity itself."""
        if self.kind(entity) in ("system", "instance", "pod"):
            return self.fb.chip_of(entity) or entity
        return entity

    def context(self, seg: Segment, fits=None, fits_any: bool = False, at: int | None = None,
                 named: bool = False) -> str | None:
        """The entity a sentence without one is about: named earlier in the block, else the list's
        intro, the section heading or the article's topic. Never one named only later."""
        fits = fits or (lambda e: self.is_hardware(e))
        before = seg.start + at if at is not None else None
        if seg.lead_end:
            ent = next((e for e in self.memory.all(seg.block, before, named) if fits(e)), None)
            if ent:
                return ent
        for block in (seg.block, seg.intro, seg.heading):
            if block < 0:
                continue
            seen = [e for e in self.memory.all(block, before if block == seg.block else None, named) if fits(e)]
            if block == seg.block and seen:
                return seen[-1]
            if block == seg.block:
                replied = [e for e in self.state.reply_context if fits(e)]
                if replied:
                    return replied[-1]  # the reply to a quote: what the quote named
                myth = {e for e in self.memory.all(self.state.answers_myth) if fits(e)} if self.state.answers_myth >= 0 else set()
                if len(myth) == 1:
                    return myth.pop()  # "**Myth:** the MI325X ships with 288 GB." over "**Fact:** ... carries 256 GB"
            if block == seg.heading and len(set(seen)) > 1 and len({self.chip(e) for e in seen}) == 1 \
                    and self.chip(seen[0]) in seen:
                # "## Technische Daten: Trainium3 und Trn3 UltraServer": a chip and the systems built from it; what
                # names neither is the chip's
                return self.chip(seen[0])
            if seen and block == seg.intro and seg.kind == "paragraph" and seg.intro != self.state.question_block:
                return seen[-1]  # "… gives, per trn2.48xlarge:" over a paragraph of figures: the one named last
            if seen and (len(set(seen)) == 1 or block == seg.intro):
                if block == seg.intro and seg.heading >= 0:
                    own = self.heading_over_intro(seen[0], seg.heading, fits)
                    if own:
                        return own
                return seen[0]  # a list's intro paragraph: its first-named entity is the topic
        if self.state.topic and fits(self.state.topic):
            return self.state.topic
        return None

    def named_nearby(self, s: Sentence, at: int, fits: Callable[[str], bool]) -> Mention | None:
        """What a sentence that names no fitting hardware is about, before the heading's or the article's: a product
        line's word before the figure, in its clause ("GPU memory per DGX: 640 GB", "Das NVL72-Rack bringt es auf 13,4
        TB": the one named last with it; discourse.Families), or one right after the figure in its clause."""
        before = next((m for m in reversed(s.family) if m.end <= at and fits(m.entity)
                       and ";" not in s.text[m.end - s.start:at - s.start]), None)
        # (else one right after it: "94 GB statt 96 GB bei den NVL-Karten")
        return before or next((m for m in s.family if at < m.start <= at + 40 and fits(m.entity)
                               and ";" not in s.text[at - s.start:m.start - s.start]), None)

    def counted_before(self, s: Sentence, fits: Callable[[str], bool], at: int | None = None) -> Mention | None:
        """A sentence led by a word for each one of a counted chip ("Jedes Modul hatte 128 GiB" after "zwölf Knoten mit
        je vier AMD Instinct MI250", "Each module had ..."): the chip the sentence before counted. Led by "Each GPU" /
        „Jede GPU“: the chip of the one system the sentence before named, else the chip it counted; for a figure at `at`
        past a comma, only a word for the whole system there ("…, ein ganzer UltraServer kommt auf 20,7 TB") gives one."""
        if s.previous is None:
            return None
        unit, chip_word = s.w.each_unit_lead.match(s.text), s.w.each_chip_lead.match(s.text)
        # "zwei GB300-NVL72-Racks mit je 72 GPUs ... Jede GPU hat 288 GB": the chip of the system named before ("Each
        # GPU" after "the P6e-GB200 UltraServer is 18 instances of 4 B200 GPUs each": the system's, not the loose name);
        # a rack word in a later clause is that system ("…, und ein Rack schafft 180 PFLOPS", "…, 13.4 TB per rack")
        systems = [m for m in s.previous.mentions if self.kind(m.entity) == "system" and self.chip(m.entity) != m.entity]
        counted = [m for m in counted_in(s.previous) if self.kind(m.entity) == "chip" and fits(m.entity)]
        if chip_word and at is not None and re.search(r"[,;:]\s", s.text[chip_word.end():at - s.start]):
            if not s.w.whole_system_word.search(s.text, chip_word.end(), at - s.start + 16):
                return None  # (else the lead's clause only)
            whole = systems[-1] if len({m.entity for m in systems}) == 1 and fits(systems[-1].entity) else None
            return whole or (counted[-1] if counted else None)  # ("…, ein ganzer UltraServer kommt auf 20,7 TB")
        if not (unit or chip_word):
            return None
        own = {self.chip(m.entity) for m in systems}
        if chip_word and len(own) == 1 and fits(chip := own.pop()) and not any(m.entity == chip for m in counted) \
                and (counted or not any(self.kind(m.entity) == "chip" for m in s.previous.mentions)):
            return Mention(systems[-1].start, systems[-1].end, chip, self.fb.entities[chip].name)
        return counted[-1] if counted else None

    def predecessors(self, entity: str) -> list[str]:
        """The entity's predecessor, its predecessor's predecessor, and so on (the fact base refuses
        references to unknown entities)."""
        out, ent = [], self.fb.entities.get(entity)
        while ent is not None and ent.predecessor and ent.predecessor != entity and ent.predecessor not in out:
            out.append(ent.predecessor)
            ent = self.fb.entities[ent.predecessor]
        return out

    def first(self, entity: str) -> str | None:
        """The first generation of an entity's line: its predecessors' predecessor, and so on."""
        line = self.predecessors(entity)
        return line[-1] if line else None

    def relative(self, seg: Segment, s: Sentence, cue: Cue, link: str) -> str | None:
        """What "the successor"/"der Vorgänger" means: the successor (predecessor) of the entity in
        context, unless the sentence names that entity's own predecessor (successor), as in
        "## Lohnt sich Trainium3?" + "der Nachfolger bietet ... dieselbe Leistung wie Trainium2":
        then the entity in context is the successor itself."""
        ctx = self.context(seg, at=cue.start, named=True)
        ent = self.fb.entities.get(ctx) if ctx else None
        if ent is None or ctx is None:
            return None
        if link == "first":
            return self.first(ctx)
        back = OPPOSITE[link]
        named = {m.entity for m in s.mentions}
        if getattr(ent, back) and getattr(ent, back) in named:
            return ctx
        return getattr(ent, link)

    def heading_over_intro(self, intro: str, heading: int, fits) -> str | None:
        """"## NVIDIA B200" + "The first Blackwell part, ...:" + "- Memory: 192 GB": the list is about the
        heading's one entity when the intro names only its family or its predecessor ("## MI325X" +
        "reuses the MI300X compute silicon ...")."""
        named = list(dict.fromkeys(e for e in self.memory.all(heading) if fits(e)))
        if len(named) != 1 or named[0] == intro:
            return None
        own = named[0]
        chip = self.chip(own)
        ent = self.fb.entities[intro]
        if ent.kind == "family" and (own in ent.members or chip in ent.members):
            return own
        if intro in (self.fb.entities[own].predecessor, self.fb.entities[chip].predecessor):
            return own
        return None

    def paragraph_topic(self, seg: Segment, at: int) -> str | None:
        """The chip the paragraph has named most so far, when one clearly leads ("Trainium3 ... Trainium3
        ... only with Trainium4 ... The part is built on 5 nm")."""
        counts: dict[str, int] = {}
        for e in self.memory.all(seg.block, seg.start + at, named=True):
            if self.kind(e) == "chip":
                counts[e] = counts.get(e, 0) + 1
        return clear_leader(counts)

    def article_chip(self) -> str | None:
        """The chip the article is about: the one named most, else the first one named."""
        return self.main_chip() or next(iter(self.state.chip_mentions), None)

    def main_chip(self) -> str | None:
        """The chip the article has named most so far, when one clearly leads ("der neue Chip" in a
        section whose heading and paragraphs name none)."""
        return clear_leader(self.state.chip_mentions)

    def section_chip(self, seg: Segment) -> str | None:
        """The chip an earlier paragraph of the section was about: of the chips it named, the newest
        (not the predecessor of another one); "the new part" after "Trainium3 ... its predecessor, Trainium2"."""
        for block in reversed([b for b in self.state.paragraphs.get(seg.heading, []) if b < seg.block]):
            chips = list(dict.fromkeys(self.chip(e) for e in self.memory.all(block, named=True)
                                       if self.is_hardware(e)))
            chips = [e for e in chips if self.kind(e) == "chip"]
            if chips:
                newest = [e for e in chips if not any(self.fb.entities[o].predecessor == e for o in chips)]
                return (newest or chips)[0]
        return None

    def heading_chip(self, seg: Segment) -> str | None:
        """The one chip the section's heading names itself ("### Case 6 — NVIDIA B200 and the GB200 NVL72": the B200;
        a system's chip does not count)."""
        if seg.heading < 0:
            return None
        chips = list(dict.fromkeys(e for e in self.memory.all(seg.heading, named=True) if self.kind(e) == "chip"))
        return chips[0] if len(chips) == 1 else None

    def paragraph_partner(self, s: Sentence, subject: str) -> str | None:
        """The one other entity of the subject's kind named in the nearest earlier sentence (up to
        three back in the same paragraph) that names any hardware but the subject."""
        prev, kind = s.previous, self.kind(subject)
        for _ in range(3):
            if prev is None:
                return None
            others = {m.entity for m in prev.mentions if self.is_hardware(m.entity) and m.entity != subject}
            if others:
                return others.pop() if len(others) == 1 and self.kind(next(iter(others))) == kind else None
            prev = prev.previous
        return None

    def link_user(self, seg: Segment, link: str, at: int, per_chip: bool = False) -> str | None:
        """Of the chips the paragraph named so far, the last one whose link is exactly this generation:
        "Der Neue ... gleichauf mit dem Trainium2. Gekoppelt werden die Chips per NeuronLink-v4 mit
        1,28 TB/s" is about the chip with NeuronLink-v4, not the one compared last."""
        _, version = split_version(normalize(self.fb.entities[link].name))
        if not version:
            return None
        name = normalize(self.fb.entities[link].name)
        for e in reversed(self.memory.all(seg.block, seg.start + at)):
            chip = self.fb.chip_of(e) if self.kind(e) in ("system", "pod") and not per_chip else e
            if chip and self.kind(chip) == "chip" and any(normalize(str(f.value)) == name
                                                          for f in self.fb.about(chip, "interconnect") if not f.fact.negated):
                # (a system of such chips named last is the paragraph's subject: "Ein GB300 NVL72 kombiniert 72 GPUs
                # ... NVLink 5: 130 TB/s" after "Als Nvidia Blackwell Ultra vorstellte": the rack's, not the chip's; not a
                # figure per chip: "The Trn3 UltraServer ... on NeuronLink-v4 (1.28 TB/s per chip)")
                return e if e == chip else None
        return None

    def owner_named_after(self, s: Sentence, start: int, end: int, attribute: str) -> str | None:
        """A system, instance or chip named right after a link's figure as its owner ("the 400 Gbit/s of an ND GB200
        v6", „der 400 Gbit/s einer ND-GB200-v6“), whose sources give the attribute: the figure's user, not the chip
        in context."""
        if not s.w.definite_before.search(s.text, max(0, start - s.start - 8), start - s.start):
            return None
        m = next((m for m in s.mentions if m.start >= end and self.kind(m.entity) != "interconnect"), None)
        if m is None or self.kind(m.entity) not in ("system", "instance", "chip") or not self.fb.about(m.entity, attribute):
            return None
        return m.entity if s.w.of_owner.fullmatch(s.text, end - s.start, m.start - s.start) else None

    def uses_link(self, chip: str, link: str) -> bool:
        """Whether a figure said of a link may be the chip's: a generic name ("NeuronLink"), or a link
        the chip has; not "NVLink 4, which carries 900 GB/s" in a Trainium3 paragraph."""
        stem, version = split_version(normalize(self.fb.entities[link].name))
        if not version:
            return True
        stems = {split_version(normalize(str(f.value)))[0] for f in self.fb.about(self.chip(chip), "interconnect")
                 if not f.fact.negated}
        return not stems or stem in stems  # "H200 ... per NVLink 5 mit 900 GB/s": its NVLink, wrong generation

    def table_entity(self, seg: Segment) -> str | None:
        """In a table cell, the hardware its column or row header names ("| Scale-up | NeuronLink-v3 |")."""
        if seg.kind != "table_cell":
            return None
        for block in (seg.col_header, seg.row_header):
            ent = next((e for e in self.memory.all(block) if self.is_hardware(e)), None) if block >= 0 else None
            if ent:
                return ent
        return None

    def voices(self, organisations: frozenset[str]) -> frozenset[str]:
        """The organisations and the people the fact base names as one's chief (one pass over the facts)."""
        chiefs = {f.value for f in self.fb.facts if f.attribute == "ceo"}
        return organisations | {e for e, ent in self.fb.entities.items() if ent.kind == "person" and ent.name in chiefs}

    def org_of(self, person: str) -> str | None:
        name = self.fb.entities[person].name
        for f in self.fb.facts:
            if f.attribute == "ceo" and f.value == name:
                return f.entity
        return None


def clear_leader(counts: dict[str, int]) -> str | None:
    """The entity named at least twice and more often than any other, if there is one."""
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if ranked and ranked[0][1] >= 2 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return ranked[0][0]
    return None

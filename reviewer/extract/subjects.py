"""Who a figure or a name is about: the sentence, the table, the list lead, or the discourse."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..models import Quantity, Segment
from .context import Context
from .mentions import (
    compared_after,
    end_of_number,
    in_own_parenthesis,
    likened,
    paren_has_own_figure,
    unnamed_variant,
    without_predicates,
)
from .patterns import HARDWARE_KINDS, LINK_AFTER, PAREN_OWNER, STRONG_BREAK
from .sentence import (
    FIELD_SEPARATOR,
    Mention,
    Sentence,
    compared_figure,
    compared_in,
    counted_in,
    cue_texts,
    fields_line,
    in_change,
    is_reference,
    old_after,
    own_item,
    owner_after,
    owner_label,
    owns_other_figure,
    pair_after,
    second_of_pair,
    times_counted,
)

# a product identifier such as an instance type ("k2.h200.8x", "p5.48xlarge"), not a key such as "spec.fp8"
_PRODUCT_ID = re.compile(r"(?<![\w.])(?=[\w.-]*\d)[A-Za-z][\w-]*[.-][\w.-]*\w")  # ("k2.h200.8x", "RW-MI325-8")
# what a figure in a row of counted chips may be of (not a count, a price or a host's)
_CHIP_FIGURES = frozenset({"compute", "memory_capacity", "memory_bandwidth", "network_bandwidth", "interconnect_bandwidth"})
_GAP_BREAK = re.compile(r"[;:()]|,(?!\d)")  # a clause break between a figure and its scope (not "3,35")


class Subjects(Context):
    """Who a figure or a name is about: the sentence, the table, the list lead, or the discourse."""

    def subject(self, seg: Segment, s: Sentence, at: int, attribute: str | None,
                anaphora: bool = True) -> tuple[str | None, str, str]:
        """(entity, how it was found, how it was written) of the figure at `at`; (None, "", "") when the
        sentence names other hardware and guessing would risk a false alarm, or nothing fits.

        In this order: the table's headers; "the successor of X"; a name in the sentence (before the figure,
        its owner after it, a counted chip "mit je"); "der Nachfolger"; the list item's lead; a name after
        the figure; the discourse (the system or chip in context, the section's chip)."""
        fits = self.fits_for(attribute)
        found = ((self._in_table(seg, s, fits, attribute) if seg.kind == "table_cell" else None)
                 or self._by_link(s, at, fits) or self._in_sentence(seg, s, at, fits, anaphora)
                 or (self._by_anaphor(seg, s, at) if anaphora else None)
                 or self._by_lead_or_later(seg, s, at, fits) or self._in_context(seg, s, at, fits, attribute))
        return found or (None, "", "")

    def _each_counted(self, s: Sentence, m: Mention, at: int, each_after: bool) -> bool:
        """The counted name `m` holds each of its own the figure at `at`: a chip's right after it, "mit je" or a part's
        bracket ("Acht H100 mit je 80 GB", "vier H100-SXM-Module (80 GB)"), a system's only with a word for "each"."""
        a, b = m.end - s.start, at - s.start
        with_each = bool(s.w.each_with.match(s.text, a, b))
        if self.kind(m.entity) == "chip":
            gap = s.text[a:b].strip(" \t(," if each_after else " \t(")
            return with_each or not gap or bool(s.w.part_bracket.fullmatch(s.text, a, b))
        return self.kind(m.entity) in ("system", "instance", "pod") and (times_counted(s, m, at) or (with_each and (
            each_after or bool(s.w.each_word.search(s.text, a, b)))))

    def _in_table(self, seg: Segment, s: Sentence, fits: Callable[[str], bool],
                  attribute: str | None) -> tuple[str | None, str, str] | None:
        """A table cell's figure: the entity of the cell, its row or its column."""
        for block, how in ((seg.block, "table"), (seg.row_header, "table"), (seg.col_header, "table")):
            ent = next((e for e in self.memory.all(block) if fits(e)), None)
            if ent:
                return ent, how, self.fb.entities[ent].name
        if seg.row_header >= 0 and attribute in _CHIP_FIGURES \
                and not any(self.is_hardware(e) for e in self.memory.all(seg.row_header)):
            # "| ND96isr_H100_v5 | 8 × H100 | 640 |": an unknown row's figure is the nearest counted cell's chips'
            for block in range(seg.block - 1, seg.row_header, -1):
                counted = self.state.cell_counts.get(block)
                if counted and fits(counted[0]):
                    return counted[0], "table", self.fb.entities[counted[0]].name
        product = _PRODUCT_ID.search(self.state.cell_text.get(seg.row_header, "")) if seg.row_header >= 0 else None
        parts = re.split(r"[._-]", product.group().lower()) if product is not None else []
        if sum(any(ch.isdigit() for ch in p) for p in parts) >= 2 \
                and not any(self.is_hardware(e) for e in self.memory.all(seg.row_header)):
            # "| k2.h200.8x (Instanz) | 8 | 141 |": an unknown product: in a column per GPU, the chip its name holds; else none
            chip = next((p for p in parts if self.kind(p) == "chip" and fits(p)), None)
            column = self.state.cells.get(seg.col_header, (None, ()))[1]
            per_chip = "SCOPE:chip" in column and not s.w.unit_header.search(self.state.cell_text.get(seg.col_header, ""))
            return (chip, "table", self.fb.entities[chip].name) if chip and per_chip else (None, "", "")
        return None

    def _by_link(self, s: Sentence, at: int, fits: Callable[[str], bool]) -> tuple[str, str, str] | None:
        """"Der Nachfolger des ersten Inferentia hat 32 GB", "the successor of the H100 carries 141 GB"."""
        m = next((m for m in reversed(s.mentions) if m.end <= at), None)
        if m is not None and (s.cue("ANAPH:successor") or s.cue("ANAPH:predecessor")):
            # "Der Nachfolger des ersten Inferentia hat 32 GB", "the successor of the H100 carries 141 GB"
            link = next((lk for label, lk in (("ANAPH:successor", "successor"), ("ANAPH:predecessor", "predecessor"))
                         for c in s.cue(label) if (c.end <= m.start
                         and s.w.link_of.fullmatch(s.text, c.end - s.start, m.start - s.start))
                         or (m.end <= c.start <= at and LINK_AFTER.fullmatch(s.text, m.end - s.start, c.start - s.start))),
                        None)
            other = getattr(self.fb.entities.get(m.entity), link, None) if link else None
            if other and fits(other) and not any(c.end <= at and c.start >= m.end for c in s.cue("CMP")):
                return other, "coreference", m.text
        return None

    def _owner_after(self, s: Sentence, at: int, fits: Callable[[str], bool]) -> tuple[str, str, str] | None:
        """The owner of the figure at `at` written right after it: "the 900 GB/s that Hopper's NVLink 4 provided",
        "300 GB/s (NVLink 2)", "1,287 TFLOPS per Trainium2", "the 1.28 TB/s of NeuronLink-v3", "NVLink 3 at 600
        GB/s per GPU was the A100's"; None if none."""
        owner = next((m for m in s.mentions if m.start >= at and fits(m.entity)), None)
        if owner is None:
            return None
        gap = (end_of_number(s.text, at - s.start), owner.start - s.start)
        if any(p.fullmatch(s.text, *gap) for p in (s.w.object_relative, PAREN_OWNER, s.w.per_owner, s.w.successor_owner)) \
                and not paren_has_own_figure(s, gap[0], owner):
            chip = self.fb.chip_of(owner.entity)
            if chip and s.w.chip_in_owner.search(s.text, *gap) and fits(chip):
                return chip, "sentence", owner.text  # "15 PFLOPS gelten für die GPU im GB300 NVL72": its chip's
            return owner.entity, "sentence", owner.text
        if s.w.of_owner.fullmatch(s.text, *gap) and s.w.definite_before.search(
                s.text, max(0, at - s.start - 8), at - s.start) and not any(
                q.start == at and q.family == "ratio" for q in s.quantities):
            # ("das Doppelte des Trainium2": a ratio's "of" names what it is compared with, not its owner)
            return owner.entity, "sentence", owner.text
        if s.w.owner_is.fullmatch(s.text, *gap) and s.w.owner_is_after.match(s.text, owner.end - s.start):
            return owner.entity, "sentence", owner.text
        return None

    def _in_sentence(self, seg: Segment, s: Sentence, at: int, fits: Callable[[str], bool],
                     anaphora: bool) -> tuple[str, str, str] | None:
        """A name of the sentence before the figure, or its owner written after it."""
        inside = next((m for m in s.mentions if m.start < at < m.end and fits(m.entity)), None)
        if inside is not None:
            return inside.entity, "sentence", inside.text  # "8× H100 80 GB": a variant's name holds its figure
        compared = compared_in(s)
        counted = counted_in(s)
        candidates = [m for m in s.mentions if fits(m.entity) and m not in compared and m not in counted]
        candidates = [m for m in without_predicates(s, candidates) if m.end > at or not owner_label(s, m)]
        candidates = [m for m in candidates if self.kind(m.entity) != "family" or not {o.entity for o in candidates} & set(
            self.fb.entities[m.entity].members)]  # ("Two HGX H200 boxes for the Hopper fans: 141 GB": the chip's)
        owned = self._owner_after(s, at, fits)
        if owned is not None:
            return owned
        pair = second_of_pair(s, at)
        if pair and compared:
            # "the MI300X has 51 GB more memory than the H200 (192 GB vs 141 GB)": a pair's second is the compared one's
            other = [m for m in compared if fits(m.entity)]
            mine = [m for m in candidates if m not in compared]
            if other and mine:
                return other[0].entity, "sentence", other[0].text
        near = [m for m in s.mentions if fits(m.entity) and m.end <= at and m not in counted]
        if near and s.w.relative.match(s.text[near[-1].end - s.start:at - s.start]):
            m = near[-1]  # "Im Vergleich zum Trn2 UltraServer, der bei 20,8 PFLOPS lag": the relative clause's own
            return m.entity, "sentence", m.text
        if near and near[-1] in compared and compared_figure(s, near[-1], at):
            m = near[-1]  # "gegenüber der H100 (80 GB) knapp 50 % mehr HBM", "Compared with the H100 and its 80 GB, ..."
            return m.entity, "sentence", m.text
        if anaphora and near and near[-1] in compared and at - near[-1].end <= 16 \
                and not s.w.to_after.match(s.text, near[-1].end - s.start) \
                and not s.w.clause_or_and.search(s.text[near[-1].end - s.start:at - s.start]):
            m = near[-1]  # "than the H100's 80 GB", "als die H100 mit ihren 3,35 TB/s": the compared one's own figure
            return m.entity, "sentence", m.text
        figure = next((q for q in s.quantities if q.start == at), None)
        each_after = figure is not None and bool(s.w.each_after.match(s.text, figure.end - s.start))
        each_of = [m for m in counted if m.end <= at and fits(m.entity) and self._each_counted(s, m, at, each_after)]
        a_count = figure is not None and figure.family == "count"
        if each_of and not any(m.end <= at and m.start >= each_of[-1].end and (m not in counted or not a_count)
                               and self.kind(m.entity) != "interconnect" for m in s.mentions):  # (its link: its own)
            # "Acht H100 SXM mit je 80 GB Speicher und 3,35 TB/s", "8x H100 SXM5 80GB HBM3", "8 × AMD MI355X (288 GB
            # HBM3e je GPU)", "(8x H100, 80 GB each)": each counted chip's figure; "zwei GB200-NVL72-Racks mit je 72
            # Blackwell-GPUs" (a count past the counted GPUs too, "… und 36 Grace-CPUs"): each counted system's
            m = each_of[-1]
            return m.entity, "sentence", m.text
        before = [m for m in candidates if m.end <= at]
        parts = [m for m in counted if m.end <= at and fits(m.entity) and self.kind(m.entity) == "chip"]
        if parts and not before and figure is not None and any(0 <= c.start - figure.end <= 30 and not _GAP_BREAK.search(
                s.text, figure.end - s.start, c.start - s.start) for c in s.cue("SCOPE:chip")):
            # "2 Knoten mit je 8 × AMD MI355X, flüssigkeitsgekühlt, 1.400 W je GPU", "nodes with 8 H100 GPUs each, with
            # 80 GB HBM3 and 3.35 TB/s per GPU": the GPU counted
            m = parts[-1]
            return m.entity, "sentence", m.text
        if before and (chip := self._definite_chip(s, before[-1], at, fits)):
            return chip
        if before and self.kind(before[-1].entity) == "chip" and any(
                before[-1].end <= c.start and c.end <= at for c in s.cue("ANAPH:system")):
            # "Blackwell Ultra ... brings 186 GB per GPU, and the rack adds up to 1.1 exaFLOPS": the rack's
            ctx = self.context(seg, fits=lambda e: self.kind(e) in ("system", "pod") and fits(e), at=at)
            if ctx:
                return ctx, "coreference", self.fb.entities[ctx].name
        if len(before) > 1 and s.w.apposition_open.fullmatch(s.text, before[-2].end - s.start, before[-1].start - s.start) \
                and "," in s.text[before[-1].end - s.start:at - s.start]:
            m = before[-2]  # "Project Rainier, a Trainium2 cluster in Indiana, was switched on in October 2025"
            return m.entity, "sentence", m.text
        if len(before) > 1:
            # "The MI355X matches Blackwell Ultra ..., and AMD builds its compute dies on 5 nm": the maker's own chip
            makers = {o.entity for o in s.mentions if before[-1].end <= o.start and o.end <= at
                      and self.kind(o.entity) == "organisation"}
            own = [m for m in before if self.fb.entities[m.entity].vendor in makers] if makers else []
            if own and self.fb.entities[before[-1].entity].vendor not in makers:
                return own[-1].entity, "sentence", own[-1].text
        if before and self.kind(before[-1].entity) == "family" and (member := self.heading_chip(seg)) \
                and member in self.fb.entities[before[-1].entity].members and fits(member) \
                and all(m.entity == before[-1].entity for m in s.mentions if m.end <= at and self.is_hardware(m.entity)):
            return member, "sentence", before[-1].text  # "## Silver-backed Hopper (*H200*)" + "Hopper's ...: 141 GB": the H200's
        if before:
            m = before[-1]
            return self._its_chip(s, m, at, fits) or m.entity, "sentence", m.text
        return None

    def _definite_chip(self, s: Sentence, m: Mention, at: int, fits: Callable[[str], bool]) -> tuple[str, str, str] | None:
        """The chip of the system named at `m` when "the chip" stands between them, right before the figure at `at`
        ("Trn3 UltraServers went GA ..., and AWS says the chip is 40% more energy-efficient than Trainium2")."""
        if self.kind(m.entity) not in ("system", "pod", "instance"):
            return None
        cue = next((c for c in s.cue("ANAPH:chip") if m.end <= c.start and c.end <= at and at - c.end <= 30
                    and s.w.definite_chip.fullmatch(s.text, c.start - s.start, c.end - s.start)
                    and not s.w.clause_or_and.search(s.text, c.end - s.start, at - s.start)), None)
        chip = self.fb.chip_of(m.entity) if cue is not None else None
        return (chip, "coreference", s.text[cue.start - s.start:cue.end - s.start]) if chip and cue and fits(chip) else None

    def _its_chip(self, s: Sentence, m: Mention, at: int, fits: Callable[[str], bool]) -> str | None:
        """The chip of the system named at `m` when the sentence speaks of one of its chips ("the GPU in a GB300
        NVL72 has 279 GB at 8 TB/s"), in the clause of the figure at `at`."""
        chip = self.fb.chip_of(m.entity) if self.kind(m.entity) in ("system", "pod", "instance") else None
        if chip and chip != m.entity and fits(chip) and ";" not in s.text[m.end - s.start:at - s.start] \
                and s.w.chip_in_owner.search(s.text, max(0, m.start - s.start - 30), m.start - s.start):
            return chip
        return None

    def _by_anaphor(self, seg: Segment, s: Sentence, at: int) -> tuple[str, str, str] | None:
        """"der Vorgänger", "the successor", "the first generation": related to the entity in context (inferred)."""
        for label, link in (("ANAPH:predecessor", "predecessor"), ("ANAPH:successor", "successor"),
                            ("ANAPH:first", "first")):
            cue = [c for c in s.cue(label) if c.end <= at and not is_reference(s, c)] or [
                c for c in s.cue(label) if c.start > at and s.w.fronted_object.fullmatch(s.text, at - s.start, c.start - s.start)]
            if cue and any(cue[-1].end <= c.start and c.end <= at for c in s.cue("ANAPH:chip")):
                cue = []  # "four times as much as the older chip, and its 2.9 TB/s": "its" is nearer
            if cue:
                other = self.relative(seg, s, cue[-1], link)
                if other:
                    self.infer(seg.block, other, seg.start + cue[-1].start)
                    return other, "coreference", s.text[cue[-1].start - s.start:cue[-1].end - s.start]
        return None

    def _by_lead_or_later(self, seg: Segment, s: Sentence, at: int,
                          fits: Callable[[str], bool]) -> tuple[str, str, str] | None:
        """The list item's lead, or a name after the figure (unless a clause break or "the chip" says the
        figure belongs to the entity in context)."""
        candidates = without_predicates(s, [m for m in s.mentions if fits(m.entity) and m not in compared_in(s)
                                            and m not in counted_in(s)])
        if seg.lead_end and s.start < seg.lead_end:
            lead = [m for m in candidates if m.end <= seg.lead_end]
            if lead:
                return lead[0].entity, "lead", lead[0].text
        # (not a name that labels another figure between: "to 4.9 TB/s (2.9 TB/s is the Trainium2 value)")
        after = [m for m in candidates if m.start >= at and not (owner_label(s, m) and any(
            at < q.start and q.end <= m.start for q in s.quantities)) and not likened(s, m, at)]
        second = pair_after(s, at) or old_after(s, at)
        if after and second is not None and after[0].start >= second.end:
            # "Bandwidth per chip is lower though, 2.9 TB/s vs 3.35 TB/s on the H100": the H100 owns the second
            # figure; the first is the one in context ("rises to 2,517 TFLOPS, from 1,299 TFLOPS on Trainium2": so
            # is the figure a change went to)
            ctx = self.context(seg, fits=fits, at=at)
            return (ctx, "coreference", self.fb.entities[ctx].name) if ctx else None
        if after and any(c.end <= at for c in s.cue("ANAPH:chip")) and not any(m.end <= at for m in s.mentions
                                                                                if self.is_hardware(m.entity)):
            # "The newer part carries 144 GB ..., about 1.7x what Trainium2 offered": the part in context
            ctx = self.paragraph_topic(seg, at) or self.context(seg, fits=fits, at=at) or self.section_chip(seg)
            if ctx and fits(ctx):
                return ctx, "coreference", self.fb.entities[ctx].name
        if after and s.w.clause_break.search(s.text[at - s.start:after[0].start - s.start]) \
                and not any(c.end <= at for c in s.cue("ANAPH:chip")):
            # "bis zu 9.216 Chips, bei Trillium waren es noch 512": a later clause's name is its own; the context's is ours
            ctx = self.context(seg, fits=fits, at=at)
            if ctx:
                return ctx, "coreference", self.fb.entities[ctx].name
            gap = s.text[at - s.start:after[0].start - s.start]
            if (";" in gap and ((s.w.variant.search(gap) and s.w.also_variant.search(gap))
                                or s.w.system_owner_after.search(gap.split(";", 1)[0]))) or FIELD_SEPARATOR.search(gap) \
                    or (", " in gap and self.kind(after[0].entity) == "interconnect"):  # ("4.8 TB/s, and ... NVLink 4")
                return None  # "18 instances × 4 GPUs = 72 GPUs; there is also a smaller 36-GPU version (...)", "The
                # 83.2 PFLOPS is the UltraServer; a single trn2.48xlarge is 10.7 PFLOPS": the later clause's name is its own
        if after and s.w.contrast_break.search(s.text, at - s.start, after[0].start - s.start) \
                and s.w.contrast_verb.match(s.text, after[0].end - s.start):
            return None  # "the Gen2 box has 144 chips where the Trn2 UltraServer has 64": the contrast's own name
        if after:
            return after[0].entity, "sentence", after[0].text
        return None

    def _in_context(self, seg: Segment, s: Sentence, at: int, fits: Callable[[str], bool],
                    attribute: str | None) -> tuple[str | None, str, str] | None:
        """A sentence naming no fitting entity: the system or chip in context, the campus last named."""
        compared, counted = compared_in(s), counted_in(s)
        if s.w.we_compare.search(s.text) or (not s.cue("ANAPH:chip") and attribute != "site_area" and any(
                m not in counted and m not in compared and self.is_hardware(m.entity) for m in s.mentions)):
            # the sentence names other hardware (a vendor or a link does not count), or the speaker's own product
            return None, "", ""  # against the one in context ("Wir liegen mit 31 TB pro Rack darüber"): do not guess
        system = [c for c in s.cue("ANAPH:system") if c.end <= at]
        if system:
            ctx = self.context(seg, fits=lambda e: self.kind(e) in ("system", "pod", "instance") and fits(e),
                                at=system[-1].start)
            word = (s.text[system[-1].start - s.start:system[-1].end - s.start].split() or [""])[-1].lower()
            systems = {m.entity for m in s.previous.mentions if self.kind(m.entity) in ("system", "pod") and fits(m.entity)
                       and (word in self.fb.entities[m.entity].name.lower() or word == "system")
                       } if ctx is None and s.previous is not None else set()  # ("zwei GB200-NVL72-Racks …. … das System")
            ctx = systems.pop() if len(systems) == 1 else ctx  # ("zwei Trn2 UltraServer …. Ein UltraServer liefert …")
            if ctx is None and self.state.system_before and fits(self.state.system_before):
                # "## UltraServer math" + "Per UltraServer, AWS quotes 362 PFLOPS": the one last named, if the word names its kind
                # (a header's cue spans no text of the cell: "| HBM per rack (TB) |" over "| 13.4 |")
                ent = self.fb.entities[self.state.system_before]
                if word in ent.name.lower() or s.w.kind_words.get(word) == ent.kind:
                    ctx = self.state.system_before
            if ctx:
                return ctx, "coreference", self.fb.entities[ctx].name
        if s.w.both.match(s.text):
            # "### Q: H100 or H200?" + "Both are rated at 3,958 TFLOPS": the first of the two named before
            prev = s.previous
            named = ([m.entity for m in prev.mentions] if prev is not None
                     else self.memory.all(seg.block, seg.start + at) or self.memory.all(seg.heading))
            pair = list(dict.fromkeys(e for e in named if fits(e) and self.kind(e) == "chip"))
            if len(pair) >= 2:
                return pair[0], "coreference", self.fb.entities[pair[0]].name
        # "GPU memory per DGX: 640 GB", "das NVL72-Rack", "Each GPU has …" after the chips or the rack counted
        near = self.named_nearby(s, at, fits) or self.counted_before(s, fits, at)
        if near is not None:
            return near.entity, "coreference", near.text
        ctx = self.context(seg, fits=fits, at=at)
        if ctx:
            return ctx, "coreference", self.fb.entities[ctx].name
        if attribute in ("site_area", "building_count") and self.state.last_project:
            return self.state.last_project, "coreference", self.fb.entities[self.state.last_project].name
        if s.cue("SCOPE:chip") or any(c.end <= at for c in s.cue("ANAPH:chip")):
            # "## The instance" + "We landed on trn2.48xlarge ..." + "Per chip, AWS lists 667 TFLOPS": the section's chip
            ctx = self.section_chip(seg) or self.heading_chip(seg) or self.main_chip()
            if ctx and fits(ctx) and not compared_after(s, at, ctx, compared):
                return ctx, "coreference", self.fb.entities[ctx].name
        return None

    def fits_for(self, attribute: str | None) -> Callable[[str], bool]:
        def fits(entity: str) -> bool:
            kind = self.kind(entity)
            if attribute == "chip_count":
                return kind in HARDWARE_KINDS or kind == "project"
            if attribute in ("server_count", "cpu_count"):
                return kind in ("system", "pod", "instance")  # "Ein UltraServer verbindet vier Instanzen"
            if attribute in ("interconnect_bandwidth", "bandwidth"):
                return kind in HARDWARE_KINDS or kind == "interconnect"
            if attribute in ("site_area", "building_count"):
                return kind == "project"  # "das Areal umfasst 1.200 Hektar": the campus in context
            if attribute in ("price_per_hour", "host_memory", "vcpus"):
                return kind in ("instance", "system")  # "On demand zahlen wir 98,32 US-Dollar": for the instance
            return kind in HARDWARE_KINDS

        return fits

    def paired_subject(self, seg: Segment, s: Sentence, q: Quantity) -> tuple[str, str, str] | None:
        """"(144 GB vs. 128 GB)" under a heading "Trainium3 vs. TPU v5": values pair with entities in order."""
        cmp = s.cue("CMP")
        if not cmp:
            return None
        if any(self.is_hardware(m.entity) for m in s.mentions):
            return None
        for block in (seg.block, seg.intro, seg.heading):
            if block < 0:
                continue
            pair = self.memory.all(block)[:1] + self.memory.all_compared(block)[:1]
            if len(pair) == 2 and all(self.is_hardware(e) for e in pair):
                second = any(c.end <= q.start and q.start - c.end <= 4 for c in cmp)
                first = any(c.start >= q.end and c.start - q.end <= 4 for c in cmp)
                if second or first:
                    ent = pair[1] if second else pair[0]
                    return ent, "heading", self.fb.entities[ent].name
        return None

    def like_for_like(self, seg: Segment, subject: str, versus: str, at: int) -> str:
        """A ratio compares like with like: "4.4 times the compute of a Trn2 UltraServer" said of
        Trainium3 (from context) is about the Trainium3 system of that kind, the one in context or
        the one the fact base compares with it."""
        kind = self.kind(versus)
        if self.kind(subject) == "chip" and self.fb.chip_of(versus) == subject:
            # "4.4 times the compute of the Trn2 UltraServer" after a sentence naming Trainium2: the system in context
            ctx = self.context(seg, fits=lambda e: self.kind(e) == kind and e != versus, at=at) or self.state.system_before
            if ctx and ctx != versus and self.kind(ctx) == kind:
                return ctx
        if kind == "chip" and self.kind(subject) in ("system", "pod", "instance"):
            return self.fb.chip_of(subject) or subject  # a rack against a chip: its chip
        if self.kind(subject) == kind or self.kind(subject) != "chip":
            return subject
        built = [e for e in self.fb.built_from(subject, (kind,)) if e != versus]
        seen = set(self.memory.all(seg.block, seg.start + at))
        for block in (seg.intro, seg.heading):
            if block >= 0:
                seen.update(self.memory.all(block))
        ranked = ([e for e in built if e in seen]
                  + [e for e in built if any(f.q.versus == versus for f in self.fb.about(e, "ratio"))])
        if ranked:
            return ranked[0]
        return built[0] if len(built) == 1 else subject

    def maker_s_chip(self, s: Sentence, at: int) -> str | None:
        """"The MI355X matches Blackwell Ultra on capacity, and AMD builds its compute dies on 5 nm": the
        chip of the maker named last before `at`, when the sentence names exactly one of its chips."""
        chips = {self.chip(m.entity) for m in s.mentions if self.is_hardware(m.entity)}
        vendors = {self.fb.entities[c].vendor for c in chips}
        makers = [m for m in s.mentions if m.end <= at and m.entity in vendors and self.kind(m.entity) == "organisation"]
        if not makers:
            return None
        maker = makers[-1]
        own = [c for c in chips if self.fb.entities[c].vendor == maker.entity]
        after = [m for m in s.mentions if maker.end <= m.start < at and self.is_hardware(m.entity)]
        return own[0] if len(own) == 1 and not after else None

    def alternates(self, seg: Segment, s: Sentence, subject: str, how: str, scope: str | None,
                    at: int) -> tuple[str, ...]:
        """Entities a figure may be about besides the chosen subject.

        Always the other hardware named in the sentence (not a system named before the chip of a figure per chip).
        When the subject was inferred (not named in the sentence), also what the paragraph named before and, unless
        the text says "per chip", the systems built from the chip (or the chip of the system): an inferred subject
        is a guess, and a guess must not turn a right figure into an alarm."""
        if how == "sentence" and in_own_parenthesis(s, subject, at, self.is_hardware):
            return ()  # "MI355X (TSMC 3 nm) and B200 (TSMC 3 nm)": a parenthesis right after a name is that name's
        counted, compared = counted_in(s), compared_in(s)
        ratios = [q for q in s.quantities if q.family == "ratio"] if compared else ()
        systems = () if scope == "chip" else self.fb.built_from(subject, ("system",))  # (what the subject may be short for)
        lo, hi = (own_item(s, subject, at) if how == "sentence" else None) or (s.start, s.end)
        out = [m.entity for m in s.mentions if self.is_hardware(m.entity) and m not in counted and lo <= m.start < hi
               and not (self.kind(m.entity) == "family" and m.end <= at and subject in self.fb.entities[m.entity].members)
               # ("the Hopper lowlands ... the H200 ... 3.35 TB/s"; not "192 GB, the figure NVIDIA gave for Blackwell")
               and not owns_other_figure(s, m, at)  # (nor "…, die H100 nur 80 GB", "Hopper on 4 nm, the MI355X on 5 nm")
               and not (m in compared and m.end <= at)  # "wie der erste Trainium; ... 16 Chips": not its figure
               and not (m in compared and any(at < q.start < m.start for q in ratios))
               # "its 2.9 TB/s ... works out to about 1.7x what Trainium2 offered": the ratio's partner, not the owner
               and not (m.start > at and s.w.new_subject.search(s.text[at - s.start:m.start - s.start]))
               and not (m.end <= at and m.entity != subject and owner_after(s, m, subject, at, systems))
               and not (scope == "chip" and self._system_before_chip(s, m, subject, at)) and not likened(s, m, at)]
        if how == "table" and seg.row_header >= 0 and scope != "chip":
            out += self._row_alternates(seg, s, subject)
        if how != "sentence" and (pair_after(s, at) is not None or second_of_pair(s, at) or in_change(s, at)):
            # "Per chip it's 2x on FP8 (2,517 vs 1,299 TFLOPS)" after a paragraph on Trainium3: one figure of a
            # pair is the one compared with, most often the predecessor or the successor
            ent = self.fb.entities.get(subject)
            if ent is not None:
                out += [e for e in (ent.predecessor, ent.successor) if e]
        named_system = [m for m in s.mentions if m.entity == subject and m.end <= at]
        if named_system and self.kind(subject) == "chip" and s.w.system_word.search(
                s.text, named_system[-1].end - s.start, at - s.start):
            # "Trillium (v6e) keeps the 256-chip pod but lifts it to 234.9 PFLOPS": the pod's figure
            out += self.fb.built_from(subject, ("system", "pod"))
        named = [m for m in s.mentions if m.entity == subject and m.end <= at]
        gap = s.text[named[-1].end - s.start:at - s.start] if named else ""
        if named and named[-1].end <= seg.lead_end:
            gap = re.sub(r"^[^:]*:", "", gap, count=1)  # "**MI355X:** 8 TB/s ..., on a 5 nm process": the lead's colon
        brk = STRONG_BREAK.search(gap) if how == "sentence" and named else None
        if brk and any(named[-1].end + brk.end() <= c.start < at for c in s.cue("ANAPH:chip")):
            brk = None  # "Auch die MI355X kommt auf 288 GB; gefertigt werden ihre Chiplets im 5-nm-Verfahren"
        if brk:
            # "If your models fit on GB200, ...; if they do not, 288 GB per GPU ...": a name across a
            # semicolon or dash is a guess too; the article's topic may be what the figure is about
            how = "across"
            if self.state.topic:
                out += [self.state.topic, self.fb.chip_of(self.state.topic) or self.state.topic]
        if how not in ("sentence", "table"):
            out += self.memory.all(seg.block, seg.start + at) + self.memory.all_compared(seg.block, seg.start + at)
            for block in (seg.intro, seg.heading):
                if block >= 0 and not (block == seg.intro and seg.kind == "paragraph" and named):
                    out += self.memory.all(block)  # (a footnote that names its own subject: not its row's)
            if seg.intro >= 0 and seg.heading >= 0:
                intro = next((e for e in self.memory.all(seg.intro) if self.is_hardware(e)), None)
                if intro and self.heading_over_intro(intro, seg.heading, self.is_hardware) == subject:
                    # "## MI325X" + "reuses the MI300X silicon ...:" + "- Bandwidth: 5.3 TB/s": the intro's
                    # predecessor is the list's reference point, not a possible owner of its figures
                    out = [e for e in out if e != intro]
            if scope != "chip" and not any(s.w.chip_noun.search(c_text) for c_text in cue_texts(s, "ANAPH:chip", at)):
                ent = self.fb.entities.get(subject)
                out += self.fb.built_from(subject)
                if ent and ent.chip:
                    out.append(ent.chip)
        elif scope != "chip" and any(m.entity == subject and s.w.system_after.match(s.text, m.end - s.start)
                                     for m in s.mentions):
            # "Trn2-Instanzen (bis zu 20,8 Petaflops ...)": the chip's name for the systems built from it
            out += self.fb.built_from(subject)
        if scope == "chip":  # "each chip gets 1.5 TB", "640 GB per GPU": a system's total is the mistake
            out = [e for e in out if self.kind(e) not in ("system", "instance", "pod")]
        if unnamed_variant(s, at):
            out += self._unnamed_variants(s, subject, at)
        seen, uniq = {subject}, []
        for e in out:
            if e not in seen and self.is_hardware(e):
                seen.add(e)
                uniq.append(e)
        return tuple(uniq)

    def _system_before_chip(self, s: Sentence, m: Mention, subject: str, at: int) -> bool:
        """A system named before the chip that holds a figure per chip: "the trn2.48xlarge, where every Trainium2 chip
        gets 46.4 TB/s" is each chip's, not the instance's."""
        return m.end <= at and self.kind(m.entity) in ("system", "instance", "pod") and any(
            o.entity == subject and m.end <= o.start and o.end <= at for o in s.mentions)

    def _row_alternates(self, seg: Segment, s: Sentence, subject: str) -> list[str]:
        """"| trn2.48xlarge | Trainium2 | 16 | 667 |" under "BF16 dicht (TFLOPS)": the row's hardware, too; in "| H200-Server
        mit 8 GPUs | 1.128 |" also the systems built from the chip."""
        row = seg.row_header
        out = [e for e in (*self.memory.all(row), *self.state.row_entities.get(row, ())) if self.is_hardware(e)]
        return out + (self.fb.built_from(subject) if s.w.system_after.search(self.state.cell_text.get(row, "")) else [])

    def _unnamed_variants(self, s: Sentence, subject: str, at: int) -> list[str]:
        """The subject's variants, and those of a system the sentence names before the figure ("18 Instanzen
        p6e-gb200.36xlarge (P6e-GB200-UltraServer) ...; es gibt auch eine halbe Variante mit 36 GPUs")."""
        return self._variants(subject) + [v for m in s.mentions if m.end <= at and m.entity != subject
                                          and self.kind(m.entity) in ("system", "pod") for v in self._variants(m.entity)]

    def _variants(self, subject: str) -> list[str]:
        """"there is also a smaller 64-chip Gen1 version: 161 PFLOPS": a sibling built from the same chip; "eine
        kleinere 64-Chip-Variante (Trn3 Gen1) mit 161 PFLOPS" after the chip's name: a system built from it."""
        ent = self.fb.entities.get(subject)
        if ent is not None and ent.chip:
            return [e for e in self.fb.built_from(ent.chip) if self.kind(e) == ent.kind]
        if ent is not None and ent.kind == "chip":
            return [e for e in self.fb.built_from(subject) if self.kind(e) in ("system", "pod")]
        return []

    def guessed_alternates(self, seg: Segment, subject: str, at: int) -> tuple[str, ...]:
        """For a name said of a chip the sentence does not name: the other chips the paragraph named ("Ein Inferentia2-Chip
        ...; die 96 GiB gehören zum Trainium2. Der kleinere Chip ist per NeuronLink-v2"): a guess raises no alarm."""
        seen = [self.chip(e) for e in self.memory.all(seg.block, seg.start + at) if self.is_hardware(e)]
        if not any(self.kind(e) == "chip" for e in seen) and (seg.heading < 0 or {  # (not under "### #042 Nvidia H200")
                self.chip(e) for e in self.memory.all(seg.heading) if self.is_hardware(e)} != {subject}):
            # a paragraph naming no chip took its subject from further away ("**09:40** - The chips connect
            # through NeuronLink-v4" in a live blog): any chip the article has named may be meant
            seen = list(self.state.chip_mentions)
        return tuple(dict.fromkeys(e for e in seen if e != subject and self.kind(e) == "chip"))

    def subject_chips(self, seg: Segment, s: Sentence, compared, counted) -> list[Mention]:
        """The hardware a name in the sentence may be said of. In a list item with a lead, a chip named
        only as a genitive attribute is not: "**H200:** übernimmt die Rechenwerke der H100 und ergänzt
        sie um HBM3e" is about the H200."""
        chips = [m for m in s.mentions if self.is_hardware(m.entity) and m not in compared and m not in counted]
        chips = without_predicates(s, chips)
        named = {m.entity for m in chips}
        chips = [m for m in chips if not (self.kind(m.entity) == "family"
                                          and named & set(self.fb.entities[m.entity].members))]
        if seg.lead_end:
            return [m for m in chips if m.end <= seg.lead_end
                    or not s.w.genitive_before.search(s.text, 0, m.start - s.start)]
        return chips

    def implicit_subject(self, seg: Segment, s: Sentence, at: int, maker: str | None = None) -> Mention | None:
        """For a name claim in a sentence naming no hardware: a list item's lead or "the chip" points
        to the entity in context (a system's chip, for chip-level attributes)."""
        lead = len(s.text) - len(s.text.lstrip())
        starts_with_chips = any(c.start - s.start == lead for c in (*s.cue("CHIPNOUN"), *s.cue("SCOPE:chip"))) \
            and not any(self.kind(m.entity) == "organisation" for m in s.mentions)  # "Chips talk ...", "Jeder Chip ..."
        orgs = {m.entity for m in s.mentions if self.kind(m.entity) == "organisation" and m.start < at}
        # "Für die Vernetzung sorgt NVLink 4 mit 1,8 Tbit/s pro GPU", "141 GB · NVLink 5": the GPU in context (its maker's link)
        per_chip = maker is not None and bool(s.cue("SCOPE:chip") or fields_line(s, at))
        if not (seg.lead_end or s.cue("ANAPH:chip") or s.cue("ANAPH:system") or seg.kind == "table_cell"
                or starts_with_chips or orgs or per_chip):
            return None
        # ("8 × NVIDIA H100 SXM. Each GPU carries 80 GB of HBM3": the chip counted before)
        ctx = self.table_entity(seg) or ((each := self.counted_before(s, self.is_hardware, at)) and each.entity) \
            or (s.cue("ANAPH:chip") and self.paragraph_topic(seg, at)) or self.context(seg, at=at) or self.section_chip(seg)
        if ctx is None:
            return None
        if not (seg.lead_end or s.cue("ANAPH:chip") or s.cue("ANAPH:system") or seg.kind == "table_cell"
                or starts_with_chips or per_chip) and self.fb.entities[ctx].vendor not in orgs:
            return None  # "Google setzt nicht auf HBM3e" after "Ironwood ...": the maker's chip in context
        ctx = self.chip(ctx)
        if per_chip and not (seg.lead_end or s.cue("ANAPH:chip") or s.cue("ANAPH:system") or seg.kind == "table_cell"
                             or starts_with_chips or orgs) and self.fb.entities[ctx].vendor != maker:
            return None  # "NVLink 5 moves 1.8 TB/s per GPU" in a section on Trainium3: another maker's link
        return Mention(s.start, s.start, ctx, self.fb.entities[ctx].name)

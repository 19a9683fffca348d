"""Figures: memory, bandwidth, compute, power, process node, price per hour."""

from __future__ import annotations

import re
from collections.abc import Callable

from ... import units
from ...models import Claim, Quantity, Segment
from ..gates import not_on_demand, other_die
from ..groups import (
    board_of,
    bracket_total,
    fleet_figure,
    group_total,
    row_counts,
    several_systems_total,
    several_together,
)
from ..mentions import chip_before_link
from ..owners import bracket_scope, links_system, shared_by_counted, sized_system, variant_of, whole_system
from ..patterns import ATTR_BY_FAMILY, CHIP_LEVEL, CUE_WINDOW, LINK_KINDS, TIMES_BEFORE
from ..rule import Rule
from ..sentence import (
    FIELD_SEPARATOR,
    Sentence,
    arrow_after,
    change_of,
    coordinated_scope,
    count_before,
    counted_in,
    listed_scope,
    names_network,
    nearest_label,
    second_of_pair,
    times_counted,
)
from ..subjects import Subjects


def numeric_claim(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """A measured figure (memory, bandwidth, compute, power, process node, area, price per hour) with the
    attribute its cue words give it, about the entity the subject rules find, per chip or per system.

    Bad (en): "A 70B model needs about 140 GB for its weights" -- what a model needs (gates.py).
    Bad (de): "Die beiden Dies sind mit 10 TB/s verbunden" -- a die-to-die link inside the package.
    Good (en): "Trainium3 has 144 GB of HBM3e at 4.9 TB/s" -> memory_capacity 144 GB, memory_bandwidth 4.9 TB/s.
    Good (de): "Der Trainium3 bietet 4,9 TB/s Speicherbandbreite pro Chip" -> memory_bandwidth of trainium3.
    """
    prev = next((x for x in reversed(s.quantities) if x.end <= q.start), None)
    if prev is not None and prev.family == q.family and s.w.restated.fullmatch(s.text, prev.end - s.start, q.start - s.start) \
            and _same_amount(prev, q):
        return None  # "each chip has 96 GiB, roughly 103 GB": the figure before, again in other units
    attribute = attribute_of(ctx, s, q)
    if attribute is None or (attribute == "price_per_hour"
                             and not_on_demand(s, seg, ctx.state)):
        return None  # a spot, reserved, committed or Capacity Block price (a column of them) is no on-demand price
    rel = q.start - s.start
    if q.family == "memory" and _storage(ctx, seg, s, q):
        return None  # "8 × 3,84 TB NVMe", "| NVMe-SSD U.2 | 8 | 3.840 |": storage, not memory
    if q.family == "rate" and s.w.die_link.search(s.text[max(0, rel - 50):rel + 50]):
        return None  # "two dies joined by a 10 TB/s link": inside the package, not in the fact base
    if q.family == "rate" and (s.w.per_link_before.search(s.text, max(0, rel - 20), rel)
                               or s.w.per_link_after.match(s.text, q.end - s.start)):
        return None  # "18 links x 50 GB/s", "50 GB/s per link": one link of many, not in the fact base
    if q.family in ("power", "compute", "memory", "rate") and _unnamed_form_factor(s, rel):
        return None  # "die PCIe-Karte ist mit 600 W spezifiziert": a form factor with no entity of its own
    if attribute == "process_node" and other_die(_clause_before(s.text, rel, 60), s.w):
        return None  # "compute dies on 3 nm, I/O dies on 6 nm": the node facts are the compute dies'
    return place(ctx, seg, s, q, attribute)


def _unbound_start(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity, subject: str, how: str, older: bool) -> bool:
    """Where a change starts ("96 GB → 144 GB", „von 96 auf 144 GiB“) of a first generation, or of a subject guessed
    from earlier paragraphs (not from the heading, the list's intro or the paragraph): no figure to bind."""
    guessed = how == "coreference" and subject not in (
        *ctx.memory.all(seg.heading), *ctx.memory.all(seg.intro), *ctx.memory.all(seg.block))
    return (arrow_after(s, q) and (not older or guessed)) or (
        guessed and not any(ch.isalpha() for ch in q.text)  # („von 96 auf 144 GiB“: a bare start, its unit shared)
        and bool(s.w.from_end.search(s.text, max(0, q.start - s.start - 6), q.start - s.start)))


def _chip_scope_on_line(s: Sentence, q: Quantity) -> bool:
    """"per chip" by the figure, on its own line ("NeuronLink-v4 (1.28 TB/s per chip)"; not "NVLink 5: 130 TB/s" over a
    next line "Jede GPU ist dort ...")."""
    return any(abs(c.start - q.end) <= 40 or abs(q.start - c.end) <= 40 for c in s.cue("SCOPE:chip")
               if "\n" not in s.text[min(c.start, q.start) - s.start:max(c.end, q.end) - s.start])


def _storage(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> bool:
    """A capacity of storage: a word for it after the figure, or in the cell's row or column header."""
    if s.w.storage_after.match(s.text, q.end - s.start):
        return True
    return seg.kind == "table_cell" and any(s.w.storage_after.search(ctx.state.cell_text.get(b, ""))
                                            for b in (seg.row_header, seg.col_header) if b >= 0)


def _unnamed_form_factor(s: Sentence, rel: int) -> bool:
    """A form factor named in the figure's clause before it ("the PCIe card is rated at 600 W") that is no part of
    a name the fact base knows ("H100 PCIe") and follows none ("the H100 NVL PCIe card")."""
    clause = _clause_before(s.text, rel, 60)
    if (ff := s.w.form_factor.search(clause)) is None:
        return False
    a, b = rel - len(clause) + ff.start(), rel - len(clause) + ff.end()
    # (nor one a name comes right before: "the H100 NVL PCIe card (94 GB)" is the H100 NVL's)
    return not any(m.start - s.start < b and a - 3 <= m.end - s.start for m in s.mentions)


def _clause_before(text: str, at: int, width: int) -> str:
    """At most `width` characters before `at`, from the last clause break among them on ("Unlike its I/O dies,
    the rest of the MI300X is on 5 nm": the clause names no die)."""
    before = text[max(0, at - width):at]
    return before[max(before.rfind(","), before.rfind(";"), before.rfind(":")) + 1:]


# what only an instance or a system has: "per chip" near it ("16 Trainium2 chips, ... 192 vCPUs") is another figure's
INSTANCE_ONLY = frozenset({"vcpus", "host_memory", "price_per_hour"})


def place(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity, attribute: str) -> Claim | None:
    """The claim of a figure whose attribute is known: who it is about, per what, at which precision."""
    if seg.kind == "table_cell" and several_systems_total(ctx, seg, s):
        return None  # "| GB200 NVL72 | 2 Racks | 144 |" under "Beschleuniger gesamt": the total of several systems
    anchor = _marketed_as(s, q)  # "1.536 GiB, die AWS als 1,5 TB vermarktet": of what the figure before is of
    owner = _owner(ctx, seg, s, anchor, attribute)
    if owner is None:
        return None
    subject, how, text, attribute = owner
    if (how == "sentence" and several_together(ctx, s, q, subject)) or fleet_figure(ctx, s, q, subject):
        return None
    sibling = _sized_sibling(ctx, s, q, subject)
    if sibling is not None:  # "against 362 PFLOPS and 20.7 TB for the 144-chip version": that version's
        subject, text = sibling, ctx.fb.entities[sibling].name
    maker_s = None
    named = next((m for m in reversed(s.mentions) if m.end <= q.start and m.entity == subject), None) \
        if how == "sentence" and ctx.kind(subject) in ("system", "pod", "instance") \
        and q.family in ("memory", "rate", "compute", "power") else None  # (not "the inf2.48xlarge chip count: 12")
    if named is not None and s.w.chip_noun_after.match(s.text, named.end - s.start) and (chip := ctx.fb.chip_of(subject)):
        subject = chip  # "a GB300 NVL72 GPU 279 GB": the chip in the system
    if attribute in CHIP_LEVEL:
        subject = ctx.chip(subject)
        maker_s = ctx.maker_s_chip(s, q.start) if attribute == "process_node" and how == "sentence" else None
        subject = maker_s or subject
    scope, attribute = _scope(seg, s, anchor, attribute, ctx.kind)
    if scope == "chip" and any(m.entity == subject and times_counted(s, m, q.start) for m in counted_in(s)):
        scope = None  # "your four trn1.32xlarge together deliver 4 × 3,040 TFLOPS": the factor counts the instances
    if (scope is None and how == "sentence" and group_total(ctx, s, q, subject, attribute)) \
            or (scope in (None, "chip") and bracket_total(ctx, s, q, subject)) \
            or (scope is None and how == "table" and row_counts(ctx, seg, subject)):
        # "eight H100 GPUs with 640 GB of HBM3": the eight's memory together, not each one's ("80 GB each (640 GB)":
        # the "each" is the figure's before the bracket)
        scope = "system"
    scope = _counted_scope(ctx, s, anchor, subject, attribute, scope, how)
    subject = links_system(ctx, s, q, subject, scope, attribute)
    if scope == "chip" and attribute not in INSTANCE_ONLY and ctx.kind(subject) in ("system", "instance", "pod") \
            and not any(
            f.q.scope == "chip" for f in ctx.fb.about(subject, attribute)):
        # (not when the system has its own per-chip figure: "Trn1n: 768 GiB/s NeuronLink pro Chip")
        chip = ctx.fb.chip_of(subject)
        if chip:
            subject = chip
    if scope == "port" and ctx.kind(subject) in ("system", "instance", "pod") \
            and not any(f.q.scope == "port" for f in ctx.fb.about(subject, attribute)):
        # "HLS-3 boxes ... Its 24 Ethernet ports run at 200 Gbit/s each": a port's speed is its chip's
        chip = ctx.fb.chip_of(subject)
        if chip and any(f.q.scope == "port" for f in ctx.fb.about(chip, attribute)):
            subject = chip
    precision = nearest_label(s, "PREC:", q.start, q.end, CUE_WINDOW) if attribute == "compute" else None
    sparsity = nearest_label(s, "SPARSE:", q.start, q.end, CUE_WINDOW) if attribute == "compute" else None
    if attribute == "compute" and _called_sparse_after(s, q):
        sparsity = "sparse"  # "ADR-001 used 3,958 TFLOPS as dense FP8; that is NVIDIA's sparsity figure": what it is
    # "900 GB/s in each direction", "each way it is 450 GB/s"
    direction = s.w.per_direction.match(s.text, q.end - s.start) if q.family == "rate" else None
    end = s.start + direction.end() if direction else q.end  # the finding covers "900 GB/s in each direction"
    each_way = q.family == "rate" and (_each_way_before(s, q) or (seg.kind == "table_cell" and seg.col_header >= 0 and bool(
        s.w.direction_header.search(ctx.state.cell_text.get(seg.col_header, "")))))  # "| pro Richtung (GB/s) |" over "| 450 |"
    alternates = () if maker_s else _alternates(ctx, seg, s, subject, how, scope, q)
    whole = whole_system(ctx, s, q, subject, attribute)  # "For the whole board NVIDIA quotes 72 PFLOPS": a system's
    if whole == []:
        return None
    if whole and whole[0] != subject:
        subject, how, alternates = whole[0], "coreference", (*whole[1:], *alternates)
    if ctx.kind(subject) == "chip" and s.w.per_system_after.match(s.text, end - s.start):
        # "918 TFLOPS BF16 per chip, 234.9 PFLOPS per 256-chip pod": the figure may be the chip's pod's
        alternates = (*alternates, *ctx.fb.built_from(subject, ("pod", "system")))
    alternates = (*alternates, *_pair_partners(ctx, s, q, subject, how))
    old = is_old_of_change(s, q, ctx.state.errata)
    older = ctx.predecessors(subject) if old else []
    if old and _unbound_start(ctx, seg, s, q, subject, how, bool(older)):
        return None
    if older:
        # "bandwidth rises from 2.9 TB/s to 4.9 TB/s on Trainium3": the figure it rose from is the
        # predecessor's (or an earlier generation's: "von 32 GiB auf 144 GB" since the first Trainium)
        subject, how, alternates = older[0], "coreference", (*older[1:], subject, *alternates)
    return Claim(entity=subject, attribute=attribute, start=seg.start + q.start, end=seg.start + end,
                 text=s.text[q.start - s.start:end - s.start], quantity=q, precision=precision, sparsity=sparsity,
                 scope=scope, per_direction=bool(direction) or each_way,
                 sentence=s.text.strip(), subject_text=text, subject_how=how, alternates=alternates)


def _counted_scope(ctx: Subjects, s: Sentence, q: Quantity, subject: str, attribute: str, scope: str | None,
                   how: str) -> str | None:
    """The scope again where the words count boards or instances: "the HGX B300 board holds 2.1 TB" (the board's GPUs
    together), "Jede P5-Instanz bietet 3.200 Gigabit pro Sekunde", "p5.48xlarge instances (8 H100 GPUs and 3,200 Gbps
    of EFA each)" (each instance, not each chip)."""
    if scope is None and how == "sentence" and board_of(ctx, s, q, subject, attribute):
        return "system"
    if scope == "chip" and (_each_system(ctx, s) or _each_of_bracket_owner(ctx, s, q)):
        return None
    return scope


def _owner(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity,
           attribute: str) -> tuple[str, str, str, str] | None:
    """(subject, how it was found, how it was written, attribute): a link's figure may be its chip's."""
    subject, how, text = ctx.paired_subject(seg, s, q) or ctx.subject(seg, s, q.start, attribute)
    if attribute == "chip_count" and q.value >= 10_000 and ctx.state.last_project and q.qualifier != "up_to" and (
            subject is None or ctx.kind(subject) in ("system", "instance")):
        # (not "Cluster mit bis zu einer Million Chips": what the systems allow, not what a campus has)
        # "Nahezu 500.000 Trainium2-Chips sind über 30 Rechenzentren verteilt": the cluster last named
        subject, how, text = ctx.state.last_project, "coreference", ctx.fb.entities[ctx.state.last_project].name
    elif attribute == "chip_count" and q.qualifier == "up_to" and how != "sentence" and subject \
            and ctx.kind(subject) == "project" and (article := ctx.article_chip()):
        # "Tausende UltraServers lassen sich zu Clustern mit bis zu einer Million Chips verbinden" after a
        # sentence on Project Rainier: a capability of the article's chip, not the campus last named
        subject = article
        how, text = "coreference", ctx.fb.entities[subject].name
    if (group := _for_counted_chips(ctx, s, q) or shared_by_counted(ctx, s, q, attribute)) is not None:
        subject, how, text = group, "sentence", ctx.fb.entities[group].name  # "83,2 PFLOPS ... für 64 Trainium2"
    if subject is None:
        return None
    if how == "sentence" and ctx.kind(subject) == "chip":
        subject, text = variant_of(ctx, s, q, subject, text)  # "Die H100 in der NVL-Ausführung … hat 94 GB": the H100 NVL
    if ctx.kind(subject) == "interconnect" and s.w.chips_counted_before.search(s.text, 0, q.start - s.start) \
            and nearest_label(s, "SCOPE:", q.start, q.end, 20, same_clause=True) != "chip" \
            and not any(ctx.kind(e) in ("system", "pod") for e in ctx.memory.all(seg.block, seg.start + q.start)):
        # "Die 72 GPUs sind über NVLink der fünften Generation mit 130 TB/s verbunden": all 72 together, with no system
        return None  # in the paragraph whose figure it could be
    if attribute == "chip_count" and ctx.kind(subject) == "chip" and seg.kind == "table_cell" \
            and seg.row_header >= 0:
        # "| inf2.8xlarge | 2 × Inferentia2 |": the row's instance counts the chips the cell names
        row = next((e for e in ctx.memory.all(seg.row_header) if ctx.kind(e) in ("instance", "system", "pod")),
                   None)
        if row is not None:
            subject, how, text = row, "table", ctx.fb.entities[row].name
    if attribute == "chip_count" and ctx.kind(subject) == "chip":
        named = next((m for m in s.mentions if m.start >= q.end and ctx.kind(m.entity) == "chip"
                      and m.start - q.end <= 3), None)
        if named is not None and named.entity != subject:
            return None  # "mit acht H100 hätten wir ..." in a Trainium2 article: not Trainium2's count
    if ctx.kind(subject) == "interconnect" and s.w.nic_before.search(s.text, max(0, q.start - s.start - 60), q.start - s.start):
        # "joined by NVLink 4 at 900 GB/s, and each node had ConnectX-7 adapters at 400 Gbps": the node's network port
        node = ctx.context(seg, fits=lambda e: bool(ctx.fb.about(e, "network_bandwidth")), at=q.start)
        return (node, "coreference", ctx.fb.entities[node].name, "network_bandwidth") if node else None
    if ctx.kind(subject) == "interconnect":
        if attribute == "bandwidth":
            # "EFA ... 3,200 Gbps" is the network's rate, "NeuronLink ... 1.6 Tbps" the chip-to-chip link's
            network = any(m.entity == subject and names_network(s, m) for m in s.mentions) \
                or (how != "sentence" and ctx.is_network(subject))  # ("The 3,200 Gbps are 400 GB/s" after "of EFA")
            attribute = "network_bandwidth" if network else "interconnect_bandwidth"
        user = ctx.link_user(seg, subject, q.start, _chip_scope_on_line(s, q))
        # "Acht H100 SXM ..., untereinander per NVLink mit 1,8 TB/s pro GPU verbunden": the chips counted
        parts = [c.entity for c in counted_in(s) if c.end <= q.start and ctx.kind(c.entity) == "chip"]
        # ("H100 NVLink ~~600 GB/s~~ → 1.8 TB/s per GPU": the chip named right before the link)
        user = chip_before_link(s, subject, q.start, ctx.kind) or ctx.owner_named_after(s, q.start, q.end, attribute) \
            or user or (parts[-1] if parts else None)
        chip = user or ctx.context(seg, at=q.start)
        if chip and not ctx.fb.about(chip, attribute) and ctx.kind(chip) in ("instance", "system") \
                and any(m.entity == chip and m.end <= q.start for m in s.mentions) \
                and (its_chip := ctx.fb.chip_of(chip)) and ctx.fb.about(its_chip, attribute):
            chip = its_chip  # "Die GPUs einer p5-Instanz hängen per NVLink 5 mit 900 GB/s pro GPU zusammen": its chips'
        if chip and (ctx.fb.about(chip, attribute) or not ctx.fb.about(subject, attribute)) \
                and ctx.uses_link(chip, subject):
            # (the chip whose link is exactly the one named is no guess: no other chip may own the figure)
            subject, how = chip, "sentence" if user else "coreference"
        elif chip and not user and seg.lead_end and ctx.fb.about(own := ctx.fb.chip_of(chip) or chip, attribute) \
                and not any(ctx.is_hardware(m.entity) and ctx.kind(m.entity) != "interconnect" for m in s.mentions) \
                and nearest_label(s, "SCOPE:", q.start, q.end, 40, same_clause=True) == "chip":
            # "- **GPU link:** NVLink 5, 900 GB/s per GPU" on an H100 instance's card: a field of the chip in context,
            # whose link name may be the error; its figure per GPU is the chip's
            subject, how = own, "coreference"
    elif attribute == "interconnect_bandwidth" and ctx.kind(subject) == "chip" \
            and not ctx.fb.about(subject, attribute):
        # "**NVLink 3 (A100):** 400 GB/s": a chip with no such figure, beside a link with one
        link = next((m for m in s.mentions if ctx.kind(m.entity) == "interconnect"
                     and ctx.fb.about(m.entity, attribute)), None)
        if link is not None:
            subject, how, text = link.entity, "sentence", link.text
    return subject, how, text, attribute


def _sized_sibling(ctx: Subjects, s: Sentence, q: Quantity, subject: str) -> str | None:
    """The system of the same chip with N chips when the figure is said "for the N-chip version" after it, in its
    clause (past the other figures of a list: "362 PFLOPS and 20.7 TB for the 144-chip version"), or "for the
    Gen1" when one system of the chip has that generation in its name."""
    chip = ctx.fb.chip_of(subject) or subject
    if q.family == "count" and s.w.or_before.search(s.text, max(0, q.start - s.start - 8), q.start - s.start):
        # "come as 72 GPUs (18 instances x 4 GPUs) or 36 GPUs": the other size is the sibling with that many chips
        sized = [e for e in ctx.fb.built_from(chip) if e != subject
                 and any(f.value == q.value for f in ctx.fb.about(e, "chip_count"))]
        return sized[0] if len(sized) == 1 else None
    m = s.w.sized_version.search(s.text, q.end - s.start)
    if m is not None and not s.w.version_break.search(s.text, q.end - s.start, m.start()):
        n = float(re.sub(r"[,.]", "", m.group(1)))
        return next((e for e in ctx.fb.built_from(chip)
                     if e != subject and any(f.value == n for f in ctx.fb.about(e, "chip_count"))), None)
    m = s.w.gen_version.search(s.text, q.end - s.start)  # "... für die Gen1", "for the Gen1 version"
    if m is None or s.w.version_break.search(s.text, q.end - s.start, m.start()):
        # "There is also a smaller 64-chip Trn3 UltraServer, but the flagship Gen2 system packs 144 Trainium3 chips":
        # the generation named before the figure, in its clause
        m = next(reversed(list(s.w.gen_before.finditer(s.text, 0, q.start - s.start))), None)
        if m is None or s.w.version_break.search(s.text, m.end(), q.start - s.start):
            return None
    gen = m.group(1).replace(" ", "").lower()
    named = [e for e in ctx.fb.built_from(chip, ("system", "pod"))
             if any(gen in name.replace(" ", "").lower() for name in (ctx.fb.entities[e].name, *ctx.fb.entities[e].aliases))]
    return named[0] if len(named) == 1 and named[0] != subject else None


_COUNT_AT_END = re.compile(r"[\d.,]+\s*[×x]?\s*$")


def _for_counted_chips(ctx: Subjects, s: Sentence, q: Quantity) -> str | None:
    """The figure is given for a number of chips right after it ("83,2 PFLOPS sind der dichte FP8-Wert für 64
    Trainium2", "1.1 exaFLOPS across 72 B300s"): the one system built from that chip with that many chips."""
    for m in counted_in(s):
        if m.start < q.end or ctx.kind(m.entity) != "chip" or m.start - q.end > 60:
            continue
        n = count_before(s, m)
        before = s.text[q.end - s.start:m.start - s.start]
        count = _COUNT_AT_END.search(before)
        if n is None or n < 2 or count is None or not s.w.for_count_before.match(before[:count.start()]):
            continue
        return sized_system(ctx, m.entity, n)
    return None


def _pair_partners(ctx: Subjects, s: Sentence, q: Quantity, subject: str, how: str) -> tuple[str, ...]:
    """"Trainium3 is 144 GiB vs 96 GiB, i.e. 1.5x": the second figure of a pair whose owner goes unnamed is what it is
    compared with, the predecessor's or the successor's."""
    if how != "sentence" or not second_of_pair(s, q.start) or any(m.start >= q.end for m in s.mentions):
        return ()
    ent = ctx.fb.entities.get(subject)
    return (*ctx.predecessors(subject), *([ent.successor] if ent and ent.successor else []))


def _owner_after(s: Sentence, q: Quantity) -> bool:
    """The figure names its owner right after it ("3,360 TFLOPS per trn1.32xlarge"): its own scope."""
    owner = next((m for m in s.mentions if m.start >= q.end), None)
    return owner is not None and bool(s.w.per_owner.fullmatch(s.text, q.end - s.start, owner.start - s.start))


def _each_system(ctx: Subjects, s: Sentence) -> bool:
    """Every per-chip word of the sentence is a bare "jede"/"jeder" right before a system's or an instance's
    name ("Jede P5-Instanz", "jeder Trn2 UltraServer"): it counts those, not chips."""
    cues = s.cue("SCOPE:chip")
    return bool(cues) and all(
        " " not in s.text[c.start - s.start:c.end - s.start].strip() and any(
            0 <= m.start - c.end <= 1 and ctx.kind(m.entity) in ("system", "instance", "pod") for m in s.mentions)
        for c in cues)


def _each_of_bracket_owner(ctx: Subjects, s: Sentence, q: Quantity) -> bool:
    """The "each" that closes a bracket right after several systems or instances ("p5.48xlarge instances (8 H100
    GPUs and 3,200 Gbps of EFA each)") counts those, not the chips the bracket names."""
    rel = q.start - s.start
    open_at = s.text.rfind("(", 0, rel)
    if open_at < 0 or ")" in s.text[open_at:rel] or not s.w.each_closing.match(s.text, q.end - s.start):
        return False
    owner = next((m for m in reversed(s.mentions) if m.end <= open_at), None)
    # (of several instances: "a trn1.32xlarge (16 chips with 512 GiB each)" is each chip's)
    return owner is not None and ctx.kind(owner.entity) in ("system", "instance", "pod") \
        and bool(s.w.plural_units.search(s.text, owner.start - s.start, open_at))


def _alternates(ctx: Subjects, seg: Segment, s: Sentence, subject: str, how: str, scope: str | None,
                q: Quantity) -> tuple[str, ...]:
    """Subjects.alternates, and for a link's figure the chip the paragraph is about ("Eight H100 SXM per box. ...
    the GPUs talk over NVLink 5 at 900 GB/s per GPU": the H100's 900 GB/s, though the link is named wrong)."""
    out = (*ctx.alternates(seg, s, subject, how, scope, q.start),  # (and a product line's word before it: "So ein NVL72")
           *(f.entity for f in s.family if f.entity != subject and f.end <= q.start and scope != "chip"))
    sheet = any(m.entity == subject and m.end <= q.start and s.w.datasheet_after.match(s.text, m.end - s.start)
                for m in s.mentions)
    if sheet and (chip := ctx.fb.chip_of(subject)) and chip != subject and chip not in out:
        out = (*out, chip)  # "the current DGX B200 datasheet says 180 GB": a system's sheet gives its GPU's figures too
    if ctx.kind(subject) == "interconnect" and q.family == "rate":
        here = ctx.context(seg, at=q.start, fits=lambda e: ctx.kind(e) in ("chip", "system", "instance"))
        chip = here if here is None or ctx.kind(here) == "chip" else ctx.fb.chip_of(here)  # (a DGX H100's H100)
        out = (*out, chip) if chip and chip not in out else out
    return out


def _systems_counted(s: Sentence, at: int, kind: Callable[[str], str]) -> bool:
    """The factor at `at` ("12 ×") counts systems the sentence named ("twelve DGX B200 systems ... 12 × 14.3 kW")."""
    factor = next((p for p in reversed(s.quantities) if p.end <= at + 8 and p.start <= at), None)
    return factor is not None and any(
        p is not factor and p.value == factor.value and p.end <= factor.start and any(
            0 <= m.start - p.end <= 3 and kind(m.entity) in ("system", "instance", "pod") for m in s.mentions)
        for p in s.quantities)


def _earlier_figures_scope(s: Sentence, q: Quantity) -> bool:
    """The "per chip" before the figure closes an earlier figure of its family ("32 GiB of HBM per chip for 512
    GiB"): it is that figure's scope, not this one's."""
    cues = [c for c in s.cue("SCOPE:chip") if c.end <= q.start]
    if not cues or any(q.end <= c.start <= q.end + 20 for c in s.cue("SCOPE:chip")):
        return False  # (not "288 GB per GPU and 279 GB per GPU in HGX": the later figure has its own)
    cue = cues[-1]
    if not s.w.per_word.match(s.text, cue.start - s.start):
        return False  # (a chip named before its own figure, "ein Chip knapp 1,3 PFLOPS", is that figure's)
    prev = next((p for p in reversed(s.quantities) if p.end <= cue.start and p.family == q.family), None)
    gap = s.text[prev.end - s.start:cue.start - s.start] if prev is not None else ""
    return prev is not None and len(gap) <= 25 and not any(ch.isdigit() for ch in gap) \
        and not any(ch in s.text[cue.end - s.start:q.start - s.start] for ch in ".;:")


def _each_way_before(s: Sentence, q: Quantity) -> bool:
    """"Per direction, NVLink 4 gives 450 GB/s": a direction word before the figure, unless it is another figure's
    ("450 GB/s each way and 900 GB/s bidirectional": the 450's) or the figure says it is both ways."""
    m = s.w.per_direction_before.search(s.text, 0, q.start - s.start)
    if m is None or s.w.both_ways_after.match(s.text, q.end - s.start):
        return False
    return not any(o is not q and o.end <= q.start and o.end - s.start <= m.start()
                   and not s.text[o.end - s.start:m.start()].strip() for o in s.quantities)


def _called_sparse_after(s: Sentence, q: Quantity) -> bool:
    """The clause after the figure's says it is the sparse figure ("...; that is NVIDIA's sparsity figure", "..., but that
    is the sparse number", "...; das ist Nvidias Sparsity-Wert"), whatever its own clause called it."""
    rel = q.end - s.start  # (or right after it: "2,563 TFLOPS is the rate with structured sparsity")
    semi = (m.end() if (m := s.w.clause_but.search(s.text, rel, rel + 40)) else -1)
    return (semi >= 0 and bool(s.w.sparse_restated_after.match(s.text, semi))) or bool(s.w.sparse_is_after.match(s.text, rel))


_CLAUSE_SEMI = re.compile(r"[;:]|,(?!\d)")  # (a clause break: not a decimal comma)


def _list_breaks(s: Sentence, a: int, b: int) -> bool:
    """A clause break between offsets a and b: ";", ":" or a comma not followed by the list's next figure within a few
    characters ("gets 186 GB, up to 1,200 W and 130 TB/s" goes on; "… 186 GB, käme das Rack auf 13,4 TB" ends)."""
    for m in _CLAUSE_SEMI.finditer(s.text, a, b):
        nxt = next((f.start - s.start for f in s.quantities if f.start - s.start >= m.end()), None)
        if m.group() != "," or nxt is None or nxt - m.end() > 12:
            return True
    return False


def _scope(seg: Segment, s: Sentence, q: Quantity, attribute: str,
           kind: Callable[[str], str] | None = None) -> tuple[str | None, str]:
    """What the figure is per (chip, system, instance, port), and the attribute a port speed turns into."""
    scope = nearest_label(s, "SCOPE:", q.start, q.end, 40, same_clause=True) or coordinated_scope(s, q)
    if s.w.shared_chip_scope.match(s.text, q.end - s.start) or s.w.afterthought_chip_scope.match(s.text, q.end - s.start):
        scope = "chip"  # "20 TB per rack, i.e. 279 GB and 8 TB/s per GPU": the pair's "per GPU" is both figures'
    if s.w.sized_system_scope.match(s.text, q.end - s.start):
        scope = "system"  # "256 GB per GPU, i.e. 2 TB per 8-GPU node": the node's, not the GPU's of the clause before
    if scope == "chip" and bracket_scope(s, q):
        scope = None  # "640 GB HBM3 (80 GB je GPU)": the bracket's figure is per GPU, not the one before it
    if scope == "chip" and _earlier_figures_scope(s, q):
        scope = None  # "32 GiB of HBM per chip for 512 GiB of device memory": "per chip" is the 32 GiB's
    # "per chip it is 1,299 TFLOPS and 96 GB of HBM": each figure's; "Per server, that is 72 PFLOPS": the opening's
    scope = scope or listed_scope(s, q.start) or next(
        (c.label[6:] for c in s.cue("SCOPE:") if c.start < c.end and c.start - s.start <= 2
         and s.text[c.end - s.start:].startswith(",")), None)  # (a word of the text, not a table header's label)
    if scope is None and (each := s.w.each_of_chips.search(s.text, 0, q.start - s.start)) \
            and not _list_breaks(s, each.end(), q.start - s.start):
        scope = "chip"  # "Each of the GB300 rack's 72 GPUs carries 279 GB of HBM3e at 8 TB/s": each GPU's
    if scope is None and s.w.chip_owner_after.match(s.text, q.end - s.start):
        scope = "chip"  # "288 GB ist der Maximalausbau des Chips", "288 GB is the chip's maximum": the chip's
    if scope is None and seg.lead_end and q.start >= seg.lead_end and not _owner_after(s, q):
        # "- **Compute per chip:** ... 2.52 PFLOPS ...; 181 TFLOPS FP32": the lead's scope is every figure's
        lead = [c.label[6:] for c in s.cue("SCOPE:") if c.end <= seg.lead_end  # (not "8 GPUs per server": a count's)
                and not s.w.count_per_unit_before.search(s.text, max(0, c.start - s.start - 24), c.start - s.start)]
        scope = lead[0] if len(set(lead)) == 1 else None
    if scope is None and s.w.systems_label.match(s.text):
        scope = "system"  # "- Pods: TPU v5p 8,960 chips · TPU7x 9,216 chips, 1.77 PB HBM": each figure is its chip's pod's
    if scope == "chip" and attribute in ("server_count", "cpu_count"):
        scope = None  # "zwischen den vier Instanzen stehen jedem Chip ... zur Verfügung": not a count per chip
    if scope is None and attribute == "chip_count" and (
            s.cue("ANAPH:system") or re.search(r"\b[Pp]ods?\b", s.text[:q.start - s.start])):
        scope = "system"  # "In einem Pod lassen sich 9.216 Chips ..., bei Trillium waren es 512": a pod's count
    if scope is None and attribute == "chip_count" and s.w.per_instance.search(s.text):
        scope = "instance"  # "pro Inf2-Instanz sind bis zu 16 Chips möglich"
    if attribute in ("network_bandwidth", "bandwidth", "interconnect_bandwidth", "memory_bandwidth") and (
            s.w.port_before.search(s.text, max(0, q.start - s.start - 30), q.start - s.start)
            or s.w.port_after.match(s.text, q.end - s.start) or q.text.rstrip().endswith("GbE")):
        scope, attribute = "port", "network_bandwidth"  # "24 Ports mit je 400 Gigabit Ethernet", "400-GbE-Ports"
    times = TIMES_BEFORE.search(s.text, max(0, q.start - s.start - 8), q.start - s.start)
    if scope is None and times and not (kind and _systems_counted(s, times.start() + s.start, kind)):
        scope = "chip"  # "the GB300 NVL72's 20.7 TB is 72 × 288 GB": the factor's unit is one chip (not a system's)
    if scope is None and attribute == "memory_bandwidth":
        cap = s.w.capacity_at.search(s.text, max(0, q.start - s.start - 45), q.start - s.start)
        if cap:  # "Each GPU in that rack carries 186 GB of HBM3e at 8 TB/s": the capacity's scope
            scope = nearest_label(s, "SCOPE:", s.start + cap.start(), s.start + cap.start() + 1, 40,
                                   same_clause=True) or listed_scope(s, next(
                (p.start for p in s.quantities if p.start <= s.start + cap.start() <= p.end), s.start + cap.start()))
    if scope is None and attribute not in ("chip_count", "server_count", "cpu_count", "price_per_hour") \
            and each_chip(s, q, kind):
        scope = "chip"  # "12 Chips mit je 32 GiB HBM und 190 TFLOPS", "eight GPUs with 80 GB each"
    return scope, attribute


def attribute_of(ctx: Subjects, s: Sentence, q: Quantity) -> str | None:
    options = ATTR_BY_FAMILY.get(q.family)
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    allowed = set(options)
    if q.family == "memory" and any(c.label == "ATTR:host_memory" and c.start == c.end for c in s.cues):
        return "host_memory"  # "| Arbeitsspeicher DDR5 | 32 | 64 |" under "Speicher je Einheit (GB)": the row's word wins
    if q.family == "rate":
        allowed |= {"memory_capacity", "bandwidth"}
        if s.w.capacity_at.search(s.text, max(0, q.start - s.start - 45), q.start - s.start):
            return "memory_bandwidth"  # "32 GB per chip at 1,638 GB/s": the capacity's bandwidth
    cue = nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW, allowed=allowed)
    if cue == "memory_capacity" and q.family == "rate":
        if ("bps" in q.text or "bit" in q.text.lower()) \
                and FIELD_SEPARATOR.search(s.text, max(0, q.start - s.start - 30), q.start - s.start):
            return "network_bandwidth"  # "32 GiB device memory · up to 25 Gbps": the next item of a line, in bits
        return "memory_bandwidth"  # "HBM3e at 7.7 TB/s": a rate next to memory is its bandwidth
    if cue and cue != "bandwidth":
        return cue
    if q.family == "rate" and cue in (None, "bandwidth") and s.w.capacity_and.search(
            s.text, max(0, q.start - s.start - 40), q.start - s.start):
        return "memory_bandwidth"  # "die Variante mit 256 GB und 8 TB/s"
    if q.family == "rate":
        # "communicates via NeuronLink, which now delivers over 1.6 Tbps of bandwidth": the one kind
        # of link the sentence names before the figure, even beyond the cue window
        kinds = {c.label[5:] for c in s.cues if c.label in LINK_KINDS and c.end <= q.start}
        if len(kinds) == 1 and not any(c.label in LINK_KINDS for c in s.cues if c.start >= q.end):
            return kinds.pop()
    if cue:
        return cue
    if q.family == "memory":
        return "memory_capacity"
    return "bandwidth"  # a rate with no word saying which: any bandwidth fact may verify it


def is_old_of_change(s: Sentence, q: Quantity, errata: bool = False) -> bool:
    """"from 2.9 TB/s to 4.9 TB/s", "von 96 GB auf 144 GB", "4.8 TB/s instead of 3.35 TB/s": the figure a
    change starts from (on an errata page, not the one after "instead of": "had given ... as 1,536 GB instead of
    1,440 GB" names the right one the old text replaced)."""
    if errata and s.w.negated_before.search(s.text, max(0, q.start - s.start - 20), q.start - s.start):
        return False
    figures = s.quantities
    prior = [f for f in figures if f.end <= q.start]
    nxt = next((f for f in figures if f.start >= q.end), None)
    changes = [change_of(s, prior[-1], q) if prior else None,  # "4.8 TB/s instead of 3.35 TB/s"
               change_of(s, q, nxt) if nxt is not None and q.range_high is None else None]  # "from 2.9 TB/s to ..."
    return any(c is not None and c[1] is q for c in changes) or _ratio_pair_old(s, q, prior)


def _ratio_pair_old(s: Sentence, q: Quantity, prior: list[Quantity]) -> bool:
    """"the memory gain is 1.5x, 144 GB against 96 GB": a ratio pair's second figure (no name between) is the old one."""
    if len(prior) < 2 or prior[-1].family != q.family \
            or not s.w.versus_between.fullmatch(s.text, prior[-1].end - s.start, q.start - s.start) \
            or any(prior[-1].end <= m.start < q.start for m in s.mentions):
        return False
    ratio = prior[-2]
    return ratio.family == "ratio" and bool(s.w.versus_before.fullmatch(s.text, ratio.end - s.start, prior[-1].start - s.start))


def each_chip(s: Sentence, q: Quantity, kind: Callable[[str], str] | None = None) -> bool:
    """A figure distributed over counted chips: "16 Chips mit je 96 GiB und 2,9 TB/s", "eight GPUs
    with 80 GB each", "16 chips, each with 96 GiB" (not a system's after "each": "180 GB per GPU, so each
    replacement DGX B200 carries 1,440 GB")."""
    nouns = [c for c in s.cue("CHIPNOUN") if c.end <= q.start]
    if not nouns:
        return False
    between = s.text[nouns[-1].end - s.start:q.start - s.start]
    each = s.w.each_word.search(between)
    if each and s.w.system_word.match(between, each.end() + 1):
        return False  # "64 Trainium2-Chips und kommt je UltraServer auf 83,2 PFLOPS": each system's
    at = nouns[-1].end + (each.end() if each else 0)
    if each and kind is not None and any(at <= m.start < q.start and kind(m.entity) in ("system", "instance", "pod")
                                         for m in s.mentions):
        return False
    if each and not s.w.each_break.search(between[each.end():]) and ")" not in between[each.end():]:
        return True  # (not "144 chips (36 servers x 4 chips each), 20.7 TB": the bracket's "each" stays in it)
    return bool(s.w.each_after.match(s.text, q.end - s.start)) and len(between) <= 40


RULE = Rule("numeric", ("memory", "rate", "compute", "length", "power", "area", "price"), numeric_claim)


def _marketed_as(s: Sentence, q: Quantity) -> Quantity:
    """The figure before `q` when `q` is the same amount as its maker sells it ("1,536 GiB, which AWS markets as 1.5
    TB"), else `q`: whose and per what the figure is are read there."""
    prev = next((x for x in reversed(s.quantities) if x.end <= q.start), None)
    return prev if prev is not None and s.w.marketed_as.fullmatch(s.text, prev.end - s.start, q.start - s.start) \
        and _same_amount(prev, q) else q


def _same_amount(a: Quantity, b: Quantity) -> bool:
    """Two figures that are the same amount within a tenth ("96 GiB" and "103 GB"; not "3.040 TFLOPS" and its
    per-chip "190 TFLOPS")."""
    if not a.unit or not b.unit:
        return False
    x, y = units.to_base(a.value, a.unit), units.to_base(b.value, b.unit)  # (one family: the same dimension)
    return x > 0 and abs(x - y) <= 0.1 * x

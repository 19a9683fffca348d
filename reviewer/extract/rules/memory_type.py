"""Memory types: HBM3e, LPDDR5X.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ... import units
from ...models import Claim, Segment
from ..gates import is_discussed
from ..rule import SENTENCE, Rule
from ..sentence import Mention, Sentence, compared_in, counted_in, negation_before
from ..subjects import Subjects


def memory_type_claims(ctx: Subjects, seg: Segment, s: Sentence, figures: Sequence[Claim] = ()) -> Iterable[Claim]:
    """A memory type (HBM3e, LPDDR5X) said of the chip the sentence is about, or of the capacity written
    right before it; negated after "not", "statt", "instead of".

    Bad (en): "Samsung supplies the HBM3e stacks" -- no chip is said to use it.
    Bad (de): "| HBM (GB) |" -- a header cell names a column, it says nothing about a chip.
    Good (en): "Trainium3 carries 144 GB of HBM3e" -> memory_type HBM3e of trainium3.
    Good (de): "Der Trainium3 nutzt HBM3e" -> memory_type HBM3e of trainium3.
    """
    if seg.kind == "table_cell" and seg.col_header < 0:
        return  # a header cell ("HBM (GB)") names a column, it says nothing about a chip
    if "HBM" not in s.text and "DDR" not in s.text and "DRAM" not in s.text:
        return  # every MEMORY_TYPE match has one of these
    figures = _in_sentence(figures, seg.start + s.start, seg.start + s.end)
    compared, counted = compared_in(s), counted_in(s)
    chips = ctx.subject_chips(seg, s, compared, counted)
    for mt in s.w.memory_type.finditer(s.text):
        a = s.start + mt.start()
        if is_discussed(s, a, a + len(mt.group())):
            continue  # a quoted mistake
        clause = s.text[s.text.rfind(";", 0, mt.start()) + 1:mt.start()]
        if s.w.type_topic_after.match(s.text, mt.end()) and not clause.strip(" *_"):
            continue  # "Der GB300 nutzt HBM3e; HBM4 ist erst für Rubin angekündigt": the type opening its clause is the topic
        # "HBM instead of DRAM", "does not use HBM3e", "nicht HBM": what it does not have
        # (not across a figure: "96 GB, uh, no, 141 GB of HBM3e" corrects the figure, it negates no type)
        negated = negation_before(s, a, 12, across_figures=False) \
            and not s.w.not_named_before.search(s.text, max(0, mt.start() - 40), mt.start())
        # (not "the docs don't name the HBM generation", "nennen keine HBM-Generation": what a source leaves out)
        # "32 GB HBM", "8 GiB HBM pro Chip, gedacht für Inf1-Instanzen": the type of the capacity written
        # right before it
        # ("216 GB of HBM4": across "of" only when the capacity's own subject is named, in its clause or row; one
        # guessed from the context may still move to another chip when a later sentence compares the two)
        cap = next((c for c in figures if c.attribute == "memory_capacity" and 0 <= seg.start + a - c.end <= 4
                    and s.w.capacity_type_gap.fullmatch(seg.text, c.end - seg.start, a)
                    and (seg.start + a - c.end <= 2 or c.subject_how in ("sentence", "lead", "table"))), None)
        if any(c.attribute == "host_memory" and 0 <= seg.start + a - c.end <= 2 for c in figures) \
                or any(c.label == "ATTR:host_memory" and c.start <= a < c.end for c in s.cues):
            continue  # "864 GiB LPDDR5X" of a VM, "2 × Host-CPU, 4 TB DDR5": the host's memory, not its GPUs'

        before = [c for c in chips if c.end <= a]
        if not before:  # "Die acht H100-GPUs der Instanz sind mit HBM3e bestückt": the counted chips' memory
            before = [m for m in counted if m.end <= a and ctx.kind(m.entity) == "chip"]
        subject = Mention(a, a, _capacity_owner(ctx, cap), cap.subject_text) if cap else (before[-1] if before else None)
        if cap is not None and not negated and not _holds(ctx, cap, cap.entity):
            # "80 GB HBM3, nicht 96 GB HBM3e": the type goes with its rejected capacity (not "passt nicht in die
            # 2.048 GiB HBM", "instead of 80 GB of HBM3": a verb's negation, another chip's figures)
            negated = bool(s.w.negated_capacity_before.search(seg.text, 0, cap.start - seg.start))
        owner = s.w.type_owner.match(s.text, mt.end())
        if owner is not None:  # "HBM3 (HBM3e is the H200's memory)", "HBM3e beim H200": the chip after it
            found = next((c for c in chips if c.start - s.start == owner.end()), None)
            if found is not None:  # ("unlike the HBM3e on the H200": the contrast is with the subject, not the owner)
                subject, negated = found, False
        if subject is None and not chips:
            subject = ctx.implicit_subject(seg, s, a)
        if subject is None:
            continue
        entity = ctx.chip(subject.entity)
        if not ctx.fb.about(entity, "memory_type"):
            continue
        if _HOST_TYPE.match(mt.group()) and all(str(f.value).startswith("HBM") for f in ctx.fb.about(entity, "memory_type")):
            continue  # "18 VMs mit je vier GPUs, 128 vCPUs und 864 GiB LPDDR5X": a host's memory beside HBM GPUs
        yield Claim(entity=entity, attribute="memory_type", start=seg.start + a, end=seg.start + s.start
                    + mt.end(), text=mt.group(), value_text=mt.group(), sentence=s.text.strip(),
                    subject_text=subject.text, negated=negated)


_HOST_TYPE = re.compile(r"(?:LP)?DDR")  # a CPU's memory, not an accelerator's (GDDR is a GPU's)


def _capacity_owner(ctx: Subjects, cap: Claim) -> str:
    """Whose the capacity before the type is: its subject, or the one alternate whose capacity it is when it is not
    the subject's ("It keeps the H100's compute and changes the memory: 141 GB of HBM3e": the H200's)."""
    if not cap.alternates or _holds(ctx, cap, cap.entity):
        return cap.entity
    others = [e for e in dict.fromkeys(cap.alternates) if e != cap.entity and _holds(ctx, cap, e)]
    return others[0] if len(others) == 1 else cap.entity


def _holds(ctx: Subjects, cap: Claim, entity: str) -> bool:
    """Whether the entity has the capacity (within GiB and GB of each other)."""
    q = cap.quantity
    total = units.to_base(q.value, q.unit) if q is not None and q.unit else 0.0
    return bool(total) and any(f.base_value and abs(f.base_value - total) <= 0.08 * total
                               for f in ctx.fb.about(entity, "memory_capacity"))


def _in_sentence(figures: Sequence[Claim], start: int, end: int) -> list[Claim]:
    """The segment's claims so far that lie in the sentence at article offsets [start, end). (They are not in
    sentence order: the figures of every sentence come first, then each sentence's rules' claims.)"""
    return [c for c in figures if start <= c.start < end]


RULE = Rule("memory_type", (SENTENCE,), memory_type_claims, order=90, needs_claims=True)

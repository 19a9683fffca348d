"""Whose figure it is, when the words around it say so: a whole system's ("for the whole board"), a named system's link
total, a chip's variant ("the H100 in its NVL version"), or a bracket's own ("640 GB (80 GB per GPU)")."""

from __future__ import annotations

import re

from ..models import Quantity
from .sentence import Sentence, count_before, counted_in
from .subjects import Subjects


def whole_system(ctx: Subjects, s: Sentence, q: Quantity, subject: str, attribute: str) -> list[str] | None:
    """After "for the whole board"/„für das ganze Rack": the systems whose figure it may be (the subject itself when it
    is one with such a figure, else the systems built from the chip that have one; none: no claim); None without
    those words."""
    window = (max(0, q.start - s.start - 60), q.start - s.start)
    if not (s.w.whole_system_before.search(s.text, *window)
            or (attribute != "chip_count" and s.w.whole_system_subject.search(s.text, *window))):
        return None  # ("a full pod has 9,216 chips": the pod's count, of no system built from the chip in context)
    if ctx.kind(subject) != "chip":
        return [subject] if ctx.fb.about(subject, attribute) else []  # (a DGX B200 with no such figure: not its chip's)
    return [e for e in ctx.fb.built_from(subject, ("pod", "system")) if ctx.fb.about(e, attribute)]


def links_system(ctx: Subjects, s: Sentence, q: Quantity, subject: str, scope: str | None, attribute: str) -> str:
    """A link's total for a system the sentence names ("the aggregate NVLink bandwidth of a GB200 NVL72 rack ...; the
    correct rack total is 260 TB/s"): the system's figure, not the link's."""
    if scope != "system" or ctx.kind(subject) != "interconnect":
        return subject
    named = [m.entity for m in s.mentions if m.end <= q.start and ctx.kind(m.entity) in ("system", "pod")
             and ctx.fb.about(m.entity, attribute)]
    return named[-1] if named else subject


def variant_of(ctx: Subjects, s: Sentence, q: Quantity, subject: str, text: str) -> tuple[str, str]:
    """A chip's name followed by its variant's word ("H100 in der NVL-Ausführung", "the H100 in its NVL version"): the
    variant the fact base names so ("H100 NVL"), else the chip."""
    named = next((m for m in reversed(s.mentions) if m.entity == subject and m.end <= q.start), None)
    v = s.w.variant_after.match(s.text, named.end - s.start) if named is not None else None
    if named is None or v is None:
        return subject, text
    ent = ctx.fb.named(f"{named.text} {v.group(1)}")
    return (ent.id, f"{named.text} {v.group(1)}") if ent is not None and ent.kind == "chip" else (subject, text)


def bracket_scope(s: Sentence, q: Quantity) -> bool:
    """Every per-chip word right after the figure sits in a bracket after it that holds a figure of its own ("640 GB HBM3
    mit (80 GB je GPU)")."""
    m = _BRACKET_AFTER.match(s.text, q.end - s.start)
    if m is None or not any(ch.isdigit() for ch in m.group(1)):
        return False
    lo, hi = s.start + m.start(1), s.start + m.end(1)
    near = [c for c in s.cue("SCOPE:") if 0 <= c.start - q.end <= 40]  # (a word before it: "Jedes DGX H100 bringt")
    return bool(near) and all(lo <= c.start < hi for c in near)


_BRACKET_AFTER = re.compile(r"(?:\s+[^\W\d][\w-]*){0,3}\s*\(([^()]{0,40})\)")  # (words before it: "HBM3 mit (")


def shared_by_counted(ctx: Subjects, s: Sentence, q: Quantity, attribute: str) -> str | None:
    """A figure that chips counted before it share ("Seventy-two Blackwell Ultra GPUs and 36 Grace CPUs share one NVLink
    domain with 130 TB/s", „Die 72 GPUs teilen sich 13,4 TB"): the one system of that many of the chip with such a
    figure (not where the sentence names a system: "die p5.48xlarge mit acht H100, zusammen 640 GB" is the instance's)."""
    if attribute in ("chip_count", "cpu_count") or any(ctx.kind(m.entity) in ("system", "instance", "pod") for m in s.mentions):
        return None  # (nor a count: "zwölf Server mit je acht H100-GPUs, zusammen 96 GPUs" is the fleet's)
    for m in counted_in(s):
        if m.end > q.start or ctx.kind(m.entity) != "chip":
            continue
        n = count_before(s, m)
        if n is None or n < 2 or not s.w.shared_by.search(s.text, m.end - s.start, q.start - s.start):
            continue
        return sized_system(ctx, m.entity, n, attribute)
    return None


def sized_system(ctx: Subjects, chip: str, n: float, attribute: str | None = None) -> str | None:
    """The one system or pod built from `chip` with `n` of them (and a figure of `attribute`, if given), or None."""
    sized = [e for e in ctx.fb.built_from(chip, ("system", "pod")) if (attribute is None or ctx.fb.about(e, attribute))
             and any(f.base_value == n for f in ctx.fb.about(e, "chip_count"))]
    return sized[0] if len(sized) == 1 else None

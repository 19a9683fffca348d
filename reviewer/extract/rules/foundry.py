"""Foundries: who makes a chip (TSMC, Samsung, Intel, "its own fabs").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...models import Claim, Segment
from ..rule import SENTENCE, Rule
from ..sentence import Mention, Sentence, compared_in, counted_in, negation_before
from ..subjects import Subjects


def foundry_claims(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """A foundry named with its process ("TSMC N3P", "auf TSMC 3nm") or as the maker ("built by TSMC"),
    about the chip the sentence is about.

    Bad (en): "Gaudi 3 is not built in Intel's own fabs" -- what it is not.
    Bad (de): "Samsung liefert die HBM3e-Stapel" -- a memory supplier, not the foundry.
    Good (en): "Trainium3 is built on TSMC's 3 nm process" -> foundry TSMC of trainium3.
    Good (de): "Der MI355X wird bei TSMC im N3P-Verfahren gefertigt" -> foundry TSMC of mi355x.
    """
    foundries = s.cue("FOUNDRY:")
    if not foundries:
        return  # a foundry is a cue word
    compared, counted = compared_in(s), counted_in(s)
    chips = [m for m in s.mentions if ctx.is_hardware(m.entity) and m not in compared and m not in counted]
    if foundries and not s.cue("ATTR:foundry"):
        # "auf TSMC 3nm", "TSMC N3P", "TSMC's 4N process": a foundry named with its process is the foundry
        foundries = [f for f in foundries if s.w.node_after.match(s.text, f.end - s.start) or f.label == "FOUNDRY:own"
                     or s.w.foundry_compound.match(s.text, f.end - s.start)  # "the Samsung-built Trainium3"
                     or s.w.node_before.search(s.text, 0, f.start - s.start)  # "im 3-nm-Verfahren bei Samsung"
                     or re.match(r"Intel\s+\d", s.text[f.start - s.start:f.end - s.start])]  # "on Intel 7": a node
    if foundries:
        for f in foundries:
            rel = f.start - s.start
            # (before it, only what follows the nearest word for making: "216 GB HBM3e – gefertigt bei Samsung",
            # "HBM3e - fabricated by Samsung" name the memory, then its chip's maker)
            lo = max([max(0, rel - 25), *(c.end - s.start for c in s.cue("ATTR:foundry") if c.end <= f.start),
                      *(s.text.rfind(sep, 0, rel) + 1 for sep in _FIELD_SEPARATORS)])
            # (nor the field before a separator: "128 GB HBM2e · 3.7 TB/s · Samsung 5 nm" names the chip's maker)
            # (and not past a bracket it stands in: "Trainium3 (built by Samsung on 3 nm) has 144 GiB of HBM3e")
            near = s.w.and_split.split(s.text[rel:rel + 35].split(")")[0])[0] + " " + s.text[lo:rel]
            if s.w.memory_type.search(near) or s.w.memory_word.search(near):
                continue  # "Samsung produces the HBM3e stacks": a memory supplier, not the foundry
            before = [c for c in chips if c.end <= f.start]
            subject = before[-1] if before else (chips[0] if chips else None)
            table = ctx.table_entity(seg) if subject is None else None
            if table is not None:  # "| MI300X | TSMC |" under "Foundry": the row's chip
                subject = Mention(s.start, s.start, ctx.chip(table), ctx.fb.entities[table].name)
            if subject is None:  # "The wafers are made by Samsung": the chip in context
                here = ctx.context(seg, at=f.start)
                here = ctx.fb.chip_of(here) or here if here else None
                if here is None or not ctx.fb.about(here, "foundry"):
                    continue
                subject = Mention(s.start, s.start, here, ctx.fb.entities[here].name)
            family = ctx.fb.entities.get(subject.entity)
            if family is not None and family.kind == "family" and not ctx.fb.about(subject.entity, "foundry"):
                # "Die Hopper-Chips stammen aus Samsungs 4-nm-Fertigung" in a listing of H100s: the member in context
                here = ctx.context(seg, at=f.start, fits=lambda e, fam=family: ctx.chip(e) in fam.members)
                if here is not None:
                    subject = Mention(subject.start, subject.end, ctx.chip(here), subject.text)
            if negation_before(s, f.start, 20) or s.w.foundry_denied.match(s.text, f.end - s.start):
                continue  # "Gaudi 3 is not built in Intel's own fabs", "Samsung does not make these parts": what it is not
            value = f.label.split(":", 1)[1]
            if value == "own":  # "Intel builds it in its own fabs": the maker's own
                maker = ctx.fb.entities.get(ctx.fb.entities[ctx.chip(subject.entity)].vendor or "")
                if maker is None:
                    continue
                value = maker.name
            yield Claim(entity=subject.entity, attribute="foundry", start=seg.start + f.start,
                        end=seg.start + f.end, text=s.text[f.start - s.start:f.end - s.start],
                        value_text=value, sentence=s.text.strip(), subject_text=subject.text)


_FIELD_SEPARATORS = ("·", "•", "|")  # between the fields of a spec line


RULE = Rule("foundry", (SENTENCE,), foundry_claims, order=30, cues=("FOUNDRY:",))

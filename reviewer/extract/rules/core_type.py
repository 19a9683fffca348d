"""Core types: NeuronCore-v2, NeuronCore-v3.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Segment
from ..patterns import (
    CORE_TYPE,
)
from ..rule import SENTENCE, Rule
from ..sentence import Sentence, compared_in, counted_in, negation_before
from ..subjects import Subjects


def core_type_claims(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """The core generation (NeuronCore-v2, -v3) of the chip named before it, or of the one in context.

    Bad (en): "NeuronCore-v3 powers Trainium2 and Trainium3" -- the chip is named only after it: no guess.
    Bad (de): "Trainium3 setzt nicht auf NeuronCore-v2" -- what it does not use.
    Good (en): "Each Inferentia2 chip has two NeuronCore-v2 cores" -> core_type NeuronCore-v2 of inferentia2.
    Good (de): "**Kerne:** acht NeuronCore-v2" under a Inferentia2 heading -> core_type of inferentia2.
    """
    if "NeuronCore" not in s.text:
        return
    compared, counted = compared_in(s), counted_in(s)
    chips = [m for m in s.mentions if ctx.is_hardware(m.entity) and m not in compared and m not in counted]
    for mt in CORE_TYPE.finditer(s.text):
        a = s.start + mt.start()
        if negation_before(s, a, 12):
            continue
        before = [c for c in chips if c.end <= a]
        entity: str | None
        if before:
            entity, text = before[-1].entity, before[-1].text
        elif chips:
            continue  # the chip is named only after it: "NeuronCore-v3 powers Trainium2" is rare; do not guess
        else:
            entity = ctx.table_entity(seg) or ctx.context(seg, at=a)  # "| Kerne | 8 × NeuronCore-v2 |"
            text = ctx.fb.entities[entity].name if entity else ""
        chip = ctx.chip(entity) if entity else None
        if not chip or not ctx.fb.about(chip, "core_type"):
            continue
        yield Claim(entity=chip, attribute="core_type", start=seg.start + a, end=seg.start + s.start + mt.end(),
                    text=mt.group(), value_text=f"NeuronCore-v{mt.group(1)}", sentence=s.text.strip(),
                    subject_text=text, subject_how="sentence" if before else "coreference")


RULE = Rule("core_type", (SENTENCE,), core_type_claims, order=100)

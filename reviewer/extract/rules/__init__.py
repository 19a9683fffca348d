"""One module per claim kind. Each declares its Rule (reviewer/extract/rule.py): the kind, what it reads (the
families of the figures it reads, or every sentence) and, for sentence rules, its place in the order.

The rules are found here, not listed: a module of this package with a module-level `Rule` is a rule. A
figure goes to the one rule that reads its family (`figure_claim`); every sentence the article asserts
goes through the sentence rules in their order (`SENTENCE_RULES`). Cases: tests/rules/<kind>.yaml.
"""

from __future__ import annotations

import importlib
import pkgutil

from ...models import Claim, Quantity, Segment
from .. import gates
from ..rule import Rule
from ..sentence import Sentence
from ..subjects import Subjects
from .count import chip_multiple_claim, chips_multiplied, cores_multiplied, cpus_multiplied


def _discover() -> tuple[Rule, ...]:
    found = []
    for name in sorted(info.name for info in pkgutil.iter_modules(__path__)):
        module = importlib.import_module(f"{__name__}.{name}")
        found += [v for v in vars(module).values() if isinstance(v, Rule)]
    return tuple(found)


RULES: tuple[Rule, ...] = _discover()
SENTENCE_RULES: tuple[Rule, ...] = tuple(sorted((r for r in RULES if r.on_sentences), key=lambda r: r.order))
_BY_FAMILY: dict[str, Rule] = {}
for _rule in RULES:
    for _family in () if _rule.on_sentences else _rule.reads:
        if _family in _BY_FAMILY:
            raise RuntimeError(f"figures of family {_family!r} are read by two rules: {_BY_FAMILY[_family].kind}, "
                               f"{_rule.kind}")
        _BY_FAMILY[_family] = _rule


def figure_claim(ctx: Subjects, seg: Segment, sentences: list[Sentence], i: int, q: Quantity) -> Claim | None:
    """The claim of the figure `q` of sentence `i`, by the rule that reads its family; None when it is no
    claim (gates.not_a_claim) or no rule finds what it is about. Whether the article asserts it is the
    extractor's question (reviewer/extract/stance.py).

    One exception to the families: a multiple right before a chip's name ("2 × Inferentia2") counts chips,
    and one before "NeuronCore" counts cores (the core type is checked on its own)."""
    s = sentences[i]
    if gates.not_a_claim(s, q):
        return None
    if q.family == "power" and seg.kind == "table_cell" and seg.row_header >= 0 \
            and s.w.psu_before.search(ctx.state.cell_text.get(seg.row_header, "").rstrip()):
        return None  # "| Netzteile | 6 × 3,3 kW |": the power supplies' rating, in their row
    if q.family == "ratio" and (chips_multiplied(ctx, s, q) or cpus_multiplied(ctx, seg, s, q)):
        return chip_multiple_claim(ctx, seg, s, q)
    if q.family == "ratio" and cores_multiplied(s, q):
        return None
    rule = _BY_FAMILY.get(q.family) or _BY_FAMILY["memory"]  # (a family no rule names: the numeric rule)
    claim: Claim | None = rule.claims(ctx, seg, s, q)
    return claim


"""What `review facts check` holds the fact base to beyond its schema: sources an editor can defend, and
freshness (issue: a fact base an editor can defend).

- every fact has a primary or secondary source, or is marked `weak: true` (then a contradiction found from it
  is a warning, never an error); a fact marked weak that has a better source is an error too;
- no source is on a host that copies another publisher's page (facts/source-tiers.yaml `copies`);
- every fact carries `checked: DATE`, and no date lies in the future.
`stale` lists the facts due for a re-check: checked longer ago than the horizon, a shorter one for announced
hardware (its figures change before launch).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from .base import FactBase, ResolvedFact
from .load import FactFileError
from .tiers import TIERS

ANNOUNCED_SHARE = 3  # announced-but-unreleased hardware is re-checked after a third of the horizon
MANY_VALUED = frozenset({"investment"})  # an investment's tranches are several figures of one kind


@dataclass(frozen=True)
class TierReport:
    facts: int
    sources: Counter  # tier -> number of citations
    best: Counter  # tier -> facts whose best source has that tier
    weak: int
    checked: int

    def lines(self) -> list[str]:
        """The report `review facts check` prints under its summary."""
        out = ["sources by tier: " + ", ".join(f"{t} {self.sources[t]}" for t in TIERS)]
        out.append("facts by their best source: " + ", ".join(
            f"{t} {self.best[t]} ({self.best[t] / max(1, self.facts):.0%})" for t in TIERS)
                   + f"; marked weak {self.weak}")
        out.append(f"facts with a checked date: {self.checked} of {self.facts}")
        return out


def tier_report(fb: FactBase) -> TierReport:
    sources: Counter = Counter()
    best: Counter = Counter()
    for rf in fb.facts:
        sources.update(rf.tiers)
        best[rf.tiers[0] if rf.tiers else "tertiary"] += 1
    return TierReport(len(fb.facts), sources, best, sum(rf.fact.weak for rf in fb.facts),
                      sum(rf.fact.checked is not None for rf in fb.facts))


def audit(fb: FactBase, today: dt.date) -> list[FactFileError]:
    """Every fact that breaks the source and freshness rules above, as `path:line: message`."""
    errors = [e for rf in fb.facts for e in _fact_errors(fb, rf, today)] + conflicts(fb)
    return sorted(errors, key=lambda e: (e.path, e.line))


def conflicts(fb: FactBase) -> list[FactFileError]:
    """Two current figures of one thing (entity, attribute, qualifiers) that disagree while both are valid:
    the base must say which is which (`status: alternate|superseded|announced` with a note, or
    `valid_from`/`valid_until`), else a claim would verify against either."""
    groups: dict[tuple, list[ResolvedFact]] = {}
    for rf in fb.facts:
        if rf.fact.status == "current" and rf.base_value is not None and not rf.fact.derive \
                and rf.attribute not in MANY_VALUED:
            key = (rf.entity, rf.attribute, rf.family, rf.q.model_dump_json())
            groups.setdefault(key, []).append(rf)
    out = []
    for facts in groups.values():
        for i, a in enumerate(facts):
            for b in facts[:i]:
                if _overlap(a, b) and a.base_value is not None and b.base_value is not None \
                        and abs(a.base_value - b.base_value) > 0.01 * max(abs(a.base_value), abs(b.base_value)):
                    out.append(FactFileError(a.path, a.line, f"{a.entity}.{a.attribute}: {_written(a)} contradicts "
                                             f"{_written(b)} ({b.path}:{b.line}) for the "
                                             "same qualifiers; mark one 'status: alternate' or 'superseded' with a "
                                             "note, or bound them with valid_from/valid_until"))
    return out


def _written(rf: ResolvedFact) -> str:
    return f"{rf.fact.value} {rf.fact.unit}" if rf.fact.unit else str(rf.fact.value)


def _overlap(a: ResolvedFact, b: ResolvedFact) -> bool:
    lo = max(a.fact.valid_from or dt.date.min, b.fact.valid_from or dt.date.min)
    hi = min(a.fact.valid_until or dt.date.max, b.fact.valid_until or dt.date.max)
    return lo < hi


def _fact_errors(fb: FactBase, rf: ResolvedFact, today: dt.date) -> list[FactFileError]:
    out = []
    where = f"{rf.entity}.{rf.attribute}"
    best = rf.tiers[0] if rf.tiers else "tertiary"
    if best == "tertiary" and not rf.fact.weak:
        out.append(FactFileError(rf.path, rf.line, f"{where}: no primary or secondary source; cite one, or mark "
                                                   "the fact 'weak: true' (its contradictions are then warnings)"))
    if best in ("primary", "secondary") and rf.fact.weak:
        out.append(FactFileError(rf.path, rf.line, f"{where}: marked weak but cites a {best} source; "
                                                   "remove 'weak: true'"))
    for s in rf.fact.sources:
        original = fb.tiers.copy_of(s.url)
        if original:
            out.append(FactFileError(rf.path, rf.line, f"{where}: {s.url} is a copy of {original}; cite the "
                                                       "original page and say in the title where it was read"))
    if rf.fact.checked is None:
        out.append(FactFileError(rf.path, rf.line, f"{where}: no 'checked' date (when the value was last checked "
                                                   "against its sources)"))
    elif rf.fact.checked > today:
        out.append(FactFileError(rf.path, rf.line, f"{where}: checked {rf.fact.checked} lies in the future"))
    return out


def stale(fb: FactBase, today: dt.date, horizon: dt.timedelta) -> list[tuple[ResolvedFact, int]]:
    """(fact, days since its check) for every fact due for a re-check, the oldest first; a fact with no
    checked date is always due."""
    due = []
    for rf in fb.facts:
        limit = horizon / ANNOUNCED_SHARE if rf.fact.status == "announced" else horizon
        checked = rf.fact.checked
        age = (today - checked).days if checked else 10**6
        if checked is None or today - checked > limit:
            due.append((rf, age))
    return sorted(due, key=lambda p: (-p[1], p[0].path, p[0].line))

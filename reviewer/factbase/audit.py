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
from itertools import pairwise

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
    errors = [e for rf in fb.facts for e in _fact_errors(fb, rf, today)] + conflicts(fb) + time_errors(fb)
    return sorted(errors, key=lambda e: (e.path, e.line))


def conflicts(fb: FactBase) -> list[FactFileError]:
    """Two current figures of one thing (entity, attribute, qualifiers) that disagree while both are valid:
    the base must say which is which (`status: alternate|superseded|announced` with a note, or
    `valid_from`/`valid_until`), else a claim would verify against either."""
    groups: dict[tuple, list[ResolvedFact]] = {}
    for rf in fb.facts:
        if rf.fact.status == "current" and rf.base_value is not None and not rf.fact.derive \
                and rf.attribute not in MANY_VALUED and rf.fact.time_kind != "plan":  # (a target beside what stands)
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


def time_errors(fb: FactBase) -> list[FactFileError]:
    """What `review facts check` holds facts that change over time to (vocabulary.TimeKind):

    - a `state` (a role, a price) is one value at a time: its facts form a chain where each ends the day the
      next begins, with no gap and no overlap; a price chain names one region throughout (or none);
    - a running total given by hand (`qualifiers.cumulative: true`) agrees with the total the `cumulative`
      fact's events add up to on every day it claims, and no total goes down without a recorded reason."""
    return _state_chains(fb) + _totals(fb)


def _state_chains(fb: FactBase) -> list[FactFileError]:
    chains: dict[tuple, list[ResolvedFact]] = {}
    for rf in fb.facts:
        if rf.fact.time_kind != "state" or rf.fact.status not in ("current", "superseded") or rf.fact.negated:
            continue
        q = rf.q.model_dump(exclude={"region"})
        chains.setdefault((rf.entity, rf.attribute, tuple(sorted(q.items()))), []).append(rf)
    out: list[FactFileError] = []
    for facts in chains.values():
        regions = {rf.q.region for rf in facts}
        if len(regions) > 1 and None in regions:  # some name a region, some do not: old and new cannot be told
            out.extend(FactFileError(rf.path, rf.line, f"{rf.entity}.{rf.attribute}: no region, but others in its "
                                     f"chain name {', '.join(sorted(r for r in regions if r))}; give every price in "
                                     "the chain its region") for rf in facts if rf.q.region is None)
            continue
        by_region: dict[str | None, list[ResolvedFact]] = {}  # (prices of two regions are two chains)
        for rf in facts:
            by_region.setdefault(rf.q.region, []).append(rf)
        for group in by_region.values():
            out.extend(_chain_errors(group))
    return out


def _chain_errors(facts: list[ResolvedFact]) -> list[FactFileError]:
    """Gaps and overlaps in one state's chain, its facts ordered by when they begin."""
    if len(facts) < 2:
        return []
    ordered = sorted(facts, key=lambda rf: rf.fact.valid_from or dt.date.min)
    out = []
    for prev, nxt in pairwise(ordered):
        end, start = prev.fact.valid_until, nxt.fact.valid_from
        where = f"{nxt.entity}.{nxt.attribute}"
        if start is None:
            out.append(FactFileError(nxt.path, nxt.line, f"{where}: two values of one state without a start date "
                                     f"({_written(prev)} at {prev.path}:{prev.line}); give each its valid_from"))
        elif end is None:
            out.append(FactFileError(prev.path, prev.line, f"{prev.entity}.{prev.attribute}: {_written(prev)} has no "
                                     f"valid_until, but {_written(nxt)} ({nxt.path}:{nxt.line}) follows it from "
                                     f"{start}; end it there"))
        elif end < start:
            out.append(FactFileError(nxt.path, nxt.line, f"{where}: gap from {end} to {start} after {_written(prev)} "
                                     f"({prev.path}:{prev.line}): which value held then?"))
        elif end > start:
            out.append(FactFileError(nxt.path, nxt.line, f"{where}: {_written(nxt)} from {start} overlaps "
                                     f"{_written(prev)} ({prev.path}:{prev.line}), valid until {end}"))
    return out


def _totals(fb: FactBase) -> list[FactFileError]:
    derived: dict[tuple, list[ResolvedFact]] = {}
    by_hand: dict[tuple, list[ResolvedFact]] = {}
    for rf in fb.facts:
        if rf.q.cumulative is not True or rf.base_value is None:
            continue
        key = (rf.entity, rf.attribute, rf.q.versus, rf.q.scope)
        (derived if rf.fact.kind == "cumulative" else by_hand).setdefault(key, []).append(rf)
    out = []
    for key, totals in derived.items():
        totals.sort(key=lambda rf: rf.fact.valid_from or dt.date.min)
        for rf in by_hand.get(key, []):
            days = [d for d in (rf.fact.valid_from, rf.fact.valid_until and rf.fact.valid_until - dt.timedelta(days=1))
                    if d is not None] or [t.fact.valid_from for t in totals if t.fact.valid_from]
            for day in days:
                at = [t for t in totals if t.valid_at(day)]
                if not at or abs(at[0].base - rf.base) > 1e-6 * max(abs(rf.base), 1.0):
                    out.append(FactFileError(rf.path, rf.line, f"{rf.entity}.{rf.attribute}: the total {_written(rf)} "
                                             f"on {day} is not what the events add up to "
                                             f"({_written(at[0]) if at else 'nothing yet'}, {totals[0].path}:{totals[0].line})"))
                    break
    for key, totals in by_hand.items():  # totals kept by hand: never down without a reason
        if key in derived:
            continue
        ordered = sorted(totals, key=lambda rf: rf.fact.valid_from or dt.date.min)
        for prev, nxt in pairwise(ordered):
            if nxt.base < prev.base and not (nxt.fact.note and "reason" in nxt.fact.note.lower()):
                out.append(FactFileError(nxt.path, nxt.line, f"{nxt.entity}.{nxt.attribute}: the running total goes "
                                         f"down from {_written(prev)} to {_written(nxt)} without a recorded reason; "
                                         "record the events (kind: cumulative) with the reason on the one that lowers it"))
    return out


def _written(rf: ResolvedFact) -> str:
    v = rf.value
    shown = str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)
    return f"{shown} {rf.fact.unit}" if rf.fact.unit else shown


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

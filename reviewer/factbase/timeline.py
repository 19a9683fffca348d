"""An entity's figures over time, for `review facts show`: each running total (`kind: cumulative`) as the
table of its events and the total after each, and the plans beside it (`kind: plan`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .base import FactBase, ResolvedFact


@dataclass(frozen=True)
class Row:
    date: dt.date
    kind: str  # event | plan
    value: ResolvedFact  # the event, or the plan's target
    total: ResolvedFact | None  # the running total from this date on (events only)
    note: str


@dataclass(frozen=True)
class Timeline:
    attribute: str
    versus: str | None
    rows: tuple[Row, ...]


def timelines(fb: FactBase, entity: str) -> list[Timeline]:
    """Every running total of the entity with its plans, oldest row first."""
    groups: dict[tuple, list[ResolvedFact]] = {}
    for rf in fb.facts:
        if rf.entity == entity and rf.fact.time_kind in ("cumulative", "plan"):
            groups.setdefault((rf.attribute, rf.q.versus), []).append(rf)
    out = []
    for (attribute, versus), facts in groups.items():
        if not any(rf.fact.time_kind == "cumulative" for rf in facts):
            continue
        totals = [rf for rf in facts if rf.fact.time_kind == "cumulative" and rf.q.cumulative]
        rows = []
        for rf in facts:
            start = rf.fact.valid_from
            if start is None:
                continue
            if rf.fact.time_kind == "cumulative" and rf.q.cumulative is False:
                total = next((t for t in totals if t.valid_at(start)), None)
                rows.append(Row(start, "event", rf, total, rf.fact.note or ""))
            elif rf.fact.time_kind == "plan":
                rows.append(Row(start, "plan", rf, None, rf.fact.note or ""))
        rows.sort(key=lambda r: (r.date, r.kind != "event"))
        out.append(Timeline(attribute, versus, tuple(rows)))
    return out

"""`review facts check|list|show`: keep the fact base right and look things up in it."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from pathlib import Path

from ..errors import ConfigError
from ..factbase.audit import ANNOUNCED_SHARE, audit, stale, tier_report
from ..factbase.base import plain_number
from ..factbase.timeline import timelines
from .common import add_facts_option, open_factbase, report_fact_errors


class EntityNotFound(ConfigError):
    code = "E203"


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="facts_command", required=True, metavar="{check,list,show,stale,suggest}")
    check = sub.add_parser("check", help="validate fact files; errors as path:line: message, exit 2")
    check.add_argument("dirs", nargs="*", type=Path, metavar="DIR",
                       help="fact directories or files to validate on top of the bundled ones "
                            "(default: the bundled fact base)")
    check.add_argument("--no-bundled", action="store_true",
                       help="validate DIR on its own, without the bundled fact base")
    add_facts_option(check)
    lst = sub.add_parser("list", help="every fact with its qualifiers, validity and sources")
    lst.add_argument("--format", "-f", choices=("text", "json"), default="text")
    lst.add_argument("--entity", metavar="NAME", help="only this entity (any alias)")
    add_facts_option(lst)
    show = sub.add_parser("show", help="one entity, looked up by any alias (typos tolerated), with its facts")
    show.add_argument("name", metavar="NAME")
    show.add_argument("--format", "-f", choices=("text", "json"), default="text")
    add_facts_option(show)
    st = sub.add_parser("stale", help="facts due for a re-check (checked longer ago than --older-than; announced "
                                      "hardware after a third of it); exit 1 when there are any")
    st.add_argument("--older-than", type=_age, default=dt.timedelta(days=180), metavar="AGE",
                    help="horizon as days or weeks: 180d (default), 26w")
    st.add_argument("--as-of", type=_date, default=None, metavar="DATE", help="today's date (default: today)")
    add_facts_option(st)
    sg = sub.add_parser("suggest", help="turn the unverifiable claims of JSON reports into a draft fact file "
                                        "(sources to fill in; `facts check` rejects it until then)")
    sg.add_argument("reports", nargs="+", type=Path, metavar="REPORT.json",
                    help="reports written by `review --format json` or `review batch` (reports/*.json)")
    sg.add_argument("--output", "-o", type=Path, default=None, metavar="FILE",
                    help="write the draft here (atomically) instead of standard output")
    add_facts_option(sg)


def _age(text: str) -> dt.timedelta:
    m = re.fullmatch(r"\s*(\d+)\s*([dw])\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r}: give an age as days or weeks, e.g. 180d or 26w")
    n = int(m.group(1))
    return dt.timedelta(days=n * (7 if m.group(2) == "w" else 1))


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def run(args: argparse.Namespace) -> int:
    if args.facts_command == "check":
        return _check(args)
    if args.facts_command == "suggest":
        from ..factbase.suggest import suggest_command

        return suggest_command(args.reports, args.output, open_factbase(args.facts))
    fb = open_factbase(args.facts)
    if args.facts_command == "stale":
        today = args.as_of or dt.date.today()
        due = stale(fb, today, args.older_than)
        for rf, age in due:
            when = f"checked {rf.fact.checked} ({age} days ago)" if rf.fact.checked else "never checked"
            kind = ", announced" if rf.fact.status == "announced" else ""
            print(f"{rf.path}:{rf.line}: {rf.entity}.{rf.attribute} = {_value(rf)}"
                  f"{' ' + rf.fact.unit if rf.fact.unit else ''}: {when}{kind}")
        print(f"{len(due)} of {len(fb.facts)} facts due for a re-check (horizon {args.older_than.days} days, "
              f"{args.older_than.days // ANNOUNCED_SHARE} for announced hardware)", file=sys.stderr)
        return 1 if due else 0
    if args.facts_command == "list":
        facts = fb.facts
        if args.entity:
            eid = lookup(fb, args.entity)
            facts = [f for f in facts if f.entity == eid]
        if args.format == "json":
            print(json.dumps([fact_record(f) for f in facts], ensure_ascii=False, indent=2))
        else:
            for f in facts:
                print(_fact_line(f))
        return 0
    eid = lookup(fb, args.name)
    ent = fb.entities[eid]
    facts = [f for f in fb.facts if f.entity == eid]
    lines = timelines(fb, eid)
    if args.format == "json":
        print(json.dumps({"entity": ent.model_dump(mode="json"), "facts": [fact_record(f) for f in facts],
                          "timelines": [_timeline_record(t) for t in lines]}, ensure_ascii=False, indent=2))
        return 0
    print(f"{ent.name}  [{ent.id}, {ent.kind}" + (f", {fb.entities[ent.vendor].name}" if ent.vendor else "") + "]")
    if ent.aliases:
        print(f"  aliases: {', '.join(ent.aliases)}")
    for label, ref in (("chip", ent.chip), ("predecessor", ent.predecessor), ("successor", ent.successor)):
        if ref:
            print(f"  {label}: {fb.entities[ref].name}")
    if ent.members:
        print(f"  members: {', '.join(fb.entities[m].name for m in ent.members)}")
    for t in lines:
        _print_timeline(fb, t)
    print(f"  {len(facts)} fact(s):")
    for f in facts:
        print("  - " + _fact_line(f, with_entity=False))
        for s, tier in f.tiered_sources():
            print(f"      source: {s.title}, {s.url} ({s.date.isoformat()})" + (f" [{tier}]" if tier else ""))
    return 0


def _amount(rf) -> str:
    return plain_number(float(rf.value)) + (f" {rf.fact.unit}" if rf.fact.unit else "")


def _print_timeline(fb, t) -> None:
    """A running total as a table: each event with the total after it, and the plans between them."""
    versus = f" in {fb.entities[t.versus].name}" if t.versus and t.versus in fb.entities else ""
    print(f"  {t.attribute}{versus}, over time:")
    table = [("date", "what", "amount", "total after", "source")]
    for r in t.rows:
        what = "event" if r.kind == "event" else "plan" + (f" (by {r.value.fact.by})" if r.value.fact.by else "")
        amount = ("+" if r.kind == "event" and float(r.value.value) > 0 else "") + _amount(r.value)
        source = r.value.sources[0].title if r.value.sources else ""
        table.append((r.date.isoformat(), what, amount, _amount(r.total) if r.total else "", source[:60]))
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for k, row in enumerate(table):
        print("    " + "  ".join(cell.ljust(widths[i]) if i < 4 else cell for i, cell in enumerate(row)).rstrip())
        if k == 0:
            print("    " + "  ".join("-" * w for w in widths) + "  " + "-" * 6)


def _timeline_record(t) -> dict:
    return {"attribute": t.attribute, "versus": t.versus,
            "rows": [{"date": r.date.isoformat(), "kind": r.kind, "value": _value(r.value), "unit": r.value.fact.unit,
                      "total": _value(r.total) if r.total else None,
                      "by": r.value.fact.by.isoformat() if r.value.fact.by else None,
                      "note": r.note, "sources": [s.url for s in r.value.sources]} for r in t.rows]}


def _check(args: argparse.Namespace) -> int:
    """Schema and cross references (open_factbase), then the source and freshness rules (factbase.audit)."""
    fb = open_factbase([*args.dirs, *args.facts], include_bundled=not args.no_bundled)
    errors = audit(fb, dt.date.today())
    report = tier_report(fb)
    if errors:
        report_fact_errors(errors)
        for line in report.lines():
            print(f"review: {line}", file=sys.stderr)
        print(f"review: error: E201 the fact base has {len(errors)} error(s)", file=sys.stderr)
        return 2
    n_derived = sum(1 for f in fb.facts if f.fact.derive)
    print(f"ok: {len(fb.entities)} entities, {len(fb.facts)} facts ({n_derived} derived), "
          f"{len(fb.examples)} examples, every fact with a source")
    for line in report.lines():
        print(line)
    return 0


def lookup(fb, name: str) -> str:
    """The entity id for any alias: exact (case and spacing ignored), then typo-tolerant."""
    from rapidfuzz import fuzz, process

    from ..names import EntityNames, normalize

    names = EntityNames.from_factbase(fb)
    eid = names.resolve(name)
    if eid:
        return eid
    key = normalize(name)
    keys = list(names.by_key)
    best = process.extractOne(key, keys, scorer=fuzz.ratio, score_cutoff=80)
    if best:
        return names.by_key[best[0]]
    close = process.extract(key, keys, scorer=fuzz.WRatio, limit=3)
    hint = ", ".join(sorted({fb.entities[names.by_key[k]].name for k, _, _ in close}))
    raise EntityNotFound(f"no entity named {name!r}" + (f" (closest: {hint})" if hint else ""))


def _value(f) -> str | float:
    v = f.value
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def fact_record(f) -> dict:
    """The `facts list --format json` shape."""
    q = {k: v for k, v in f.q.model_dump().items() if v is not None}
    rec = {
        "entity": f.entity,
        "attribute": f.attribute,
        "value": _value(f),
        "unit": f.fact.unit,
        "qualifiers": q,
        "valid_from": f.fact.valid_from.isoformat() if f.fact.valid_from else None,
        "valid_until": f.fact.valid_until.isoformat() if f.fact.valid_until else None,
        "sources": [{"title": s.title, "url": s.url, "date": s.date.isoformat(), "tier": tier}
                    for s, tier in f.tiered_sources()],
        "tier": f.tiers[0] if f.tiers else None,  # the best source's
        "weak": f.fact.weak,
        "checked": f.fact.checked.isoformat() if f.fact.checked else None,
        "status": f.fact.status,
        "kind": f.fact.time_kind,  # point | state | cumulative | plan
        "by": f.fact.by.isoformat() if f.fact.by else None,  # a plan's horizon
        "negated": f.fact.negated,
        "derived_from": ({"entity": f.fact.derive.of, "count": f.fact.derive.count} if f.fact.derive else None),
        "note": f.fact.note,
        "file": f"{f.path}:{f.line}",
    }
    return rec


def _fact_line(f, with_entity: bool = True) -> str:
    q = {k: v for k, v in f.q.model_dump().items() if v is not None}
    parts = [f.entity] if with_entity else []
    value = f"{_value(f)}" + (f" {f.fact.unit}" if f.fact.unit else "")
    parts.append(f"{f.attribute} = {'NOT ' if f.fact.negated else ''}{value}")
    if q:
        parts.append("(" + ", ".join(f"{k}: {v}" for k, v in q.items()) + ")")
    if f.fact.status != "current":
        parts.append(f"[{f.fact.status}]")
    if f.fact.time_kind in ("cumulative", "plan"):
        total = {True: " total", False: " event"}.get(f.q.cumulative, "") if f.fact.time_kind == "cumulative" else ""
        parts.append(f"[{f.fact.time_kind}{total}" + (f", by {f.fact.by}" if f.fact.by else "") + "]")
    if f.fact.weak:
        parts.append("[weak]")
    if f.fact.valid_from or f.fact.valid_until:
        parts.append(f"valid {f.fact.valid_from or '…'} – {f.fact.valid_until or '…'}")
    if f.fact.derive:
        parts.append(f"= {f.fact.derive.count:g} × {f.fact.derive.of}")
    return " ".join(parts)



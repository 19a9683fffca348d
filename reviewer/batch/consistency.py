"""Cross-article consistency: two articles giving different values for the same thing.

Claims are grouped by entity, attribute and qualifiers (precision, sparsity, scope; for roles and
prices also the date they are judged at; see work.claim_record). Within a group, values that agree
(their admitted intervals overlap in some unit reading, or their names are equal or one extends
the other: "NVLink" / "NVLink 5") fall into one cluster. A group is a conflict when two articles
state values of different clusters, whether or not a fact covers them (unverifiable claims count),
unless both values were verified against the fact base.

Pure Python on the cached claim records: no spaCy, no pint.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

GROUP_FIELDS = ("entity", "attribute", "precision", "sparsity", "scope", "at", "kind")


def _parse(value: str):
    if value.startswith("n:"):
        return value[2:]
    return [tuple(map(float, iv.split(","))) for iv in value[2:].split(";")]


def _agree(a, b) -> bool:
    """Two parsed values of one group (both names or both intervals)."""
    if isinstance(a, str) or isinstance(b, str):
        if not (isinstance(a, str) and isinstance(b, str)):
            return True  # a number and a name: not comparable
        return a == b or a.startswith(b) or b.startswith(a)
    return any(lo1 <= hi2 * (1 + 1e-9) and lo2 <= hi1 * (1 + 1e-9) for lo1, hi1 in a for lo2, hi2 in b)


def _disagree(clusters: list[list[tuple[str, list]]]) -> bool:
    """Two articles state values of different clusters, and not both match the fact base.

    Two verified values that differ each match a fact (an alternate source, or a qualifier claims do
    not carry, such as direction: 1.8 TB/s total and 900 GB/s per direction): no conflict.
    """
    def apart(x: set[str], y: set[str]) -> bool:  # some article in x and a different one in y
        return bool(x) and bool(y) and not (len(x) == 1 and x == y)

    sets = [({p for p, _ in cl}, {p for p, r in cl if r[4] != "verified"}) for cl in clusters]
    for i, (all_a, open_a) in enumerate(sets):
        for all_b, open_b in sets[i + 1:]:
            if apart(open_a, all_b) or apart(all_a, open_b):
                return True
    return False


def conflicts(articles: Iterable[tuple[str, list[list]]]) -> list[dict]:
    """`articles`: (path, claim records [group, value, text, line, verdict]). The conflicts, most widespread first."""
    groups: dict[str, list[tuple[str, list]]] = {}
    for path, records in articles:
        for rec in records:
            groups.setdefault(rec[0], []).append((path, rec))
    out = []
    for group, members in groups.items():
        if len({p for p, _ in members}) < 2:
            continue
        by_value: dict[str, list[tuple[str, list]]] = {}  # one figure as written in many articles: compare it once
        for path, rec in members:
            by_value.setdefault(rec[1], []).append((path, rec))
        if len(by_value) < 2:
            continue
        clusters: list[list[tuple[str, list]]] = []
        heads: list = []
        for value, same in by_value.items():
            parsed = _parse(value)
            for head, cl in zip(heads, clusters, strict=True):
                if _agree(head, parsed):
                    cl.extend(same)
                    break
            else:
                heads.append(parsed)
                clusters.append(list(same))
        if len(clusters) < 2 or not _disagree(clusters):
            continue
        fields = dict(zip(GROUP_FIELDS, group.split("|"), strict=True))
        values = []
        for cl in sorted(clusters, key=lambda c: (-len({p for p, _ in c}), c[0][1][2])):
            values.append({
                "value": cl[0][1][2],
                "articles": [{"path": p, "line": r[3], "text": r[2], "verdict": r[4]} for p, r in cl],
            })
        conflict: dict[str, Any] = {"entity": fields["entity"], "attribute": fields["attribute"],
                    "qualifiers": {k: fields[k] for k in ("precision", "sparsity", "scope") if fields[k]},
                    "values": values}
        if fields["at"]:
            conflict["at"] = fields["at"]
        out.append(conflict)
    out.sort(key=lambda c: (-len({a["path"] for v in c["values"] for a in v["articles"]}), c["entity"], c["attribute"]))
    return out


def places(value: dict, limit: int) -> tuple[list[dict], int]:
    """The first `limit` places a value is stated at, and how many more there are."""
    arts = value["articles"]
    return arts[:limit], max(0, len(arts) - limit)


def describe(conflict: dict) -> str:
    """"trainium3 · memory_capacity (scope: chip)" for tables."""
    q = ", ".join(f"{k}: {v}" for k, v in conflict["qualifiers"].items())
    return f"{conflict['entity']} · {conflict['attribute']}" + (f" ({q})" if q else "")

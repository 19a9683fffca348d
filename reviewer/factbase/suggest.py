"""`review facts suggest REPORT.json…`: the fact base grows from what a site actually writes.

The unverifiable claims of JSON reports (`review --format json`, or the `*.review.json` files of `review
batch`) are grouped by entity and attribute into a draft fact file: one entry per group, its value the
wording most articles use, every article's wording and line as a comment, and `sources: []` to fill in. The
draft is a fact file in every other respect, so `review facts check` rejects it for exactly one reason until
an editor has sourced each entry: a fact needs at least one source.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

from ..errors import InputError
from ..output import write_atomic
from ..quantities import find_quantities
from .base import FactBase
from .schema import DATE_ATTRIBUTES, TEXT_ATTRIBUTES

# attributes whose claims a fact cannot hold as they are (a ratio needs `versus` and `metric`, a count of
# something the check derives): the draft lists them with a comment instead of a guess
_UNDRAFTABLE = frozenset({"ratio"})


class ReportError(InputError):
    code = "E109"


def _findings(path: Path) -> list[tuple[str, dict]]:
    """(article path, finding) of every article in a JSON report."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReportError(f"{path}: not a JSON report: {exc}") from None
    articles = data.get("articles") if isinstance(data, dict) else None
    if articles is None and isinstance(data, dict) and "findings" in data:
        articles = [data]
    if not isinstance(articles, list):
        raise ReportError(f"{path}: not a review report (no 'articles' or 'findings')")
    return [(str(a.get("path", path)), f) for a in articles if isinstance(a, dict)
            for f in a.get("findings") or () if isinstance(f, dict)]


def draft(reports: list[Path], fb: FactBase) -> str:
    """The draft fact file for the unverifiable, asserted claims of the reports."""
    groups: dict[tuple[str, str], list[tuple[str, dict]]] = defaultdict(list)
    for report in reports:
        for article, f in _findings(report):
            if f.get("verdict") != "unverifiable" or f.get("stance", "asserted") != "asserted":
                continue
            if f.get("entity") not in fb.entities or not f.get("attribute"):
                continue
            groups[(f["entity"], f["attribute"])].append((article, f))
    lines = ["# Draft facts from the unverifiable claims of " + ", ".join(str(r) for r in reports) + ".",
             "# For each entry: check the value against a primary source (the vendor's documentation) or established",
             "# press, add the source, set 'checked', then move the entry into a fact file. `review facts check`",
             "# rejects this file until every entry has a source.",
             "facts:"]
    if not groups:
        lines[-1] = "facts: []"
    for (entity, attribute), seen in sorted(groups.items()):
        lines += _entry(entity, attribute, seen, fb)
    return "\n".join(lines) + "\n"


def _entry(entity: str, attribute: str, seen: list[tuple[str, dict]], fb: FactBase) -> list[str]:
    wordings = Counter(str(f.get("claimed") or f.get("text") or "") for _, f in seen)
    wording = wordings.most_common(1)[0][0]
    head = f"  # {fb.entities[entity].name} · {attribute}: written {len(seen)} time(s)"
    out = [head] + [f"  #   {article}:{f.get('line')}: {f.get('claimed') or f.get('text')!r}"
                    for article, f in sorted(seen, key=lambda p: (p[0], p[1].get("line") or 0))]
    if attribute in _UNDRAFTABLE:
        return out + ["  #   (a ratio needs 'versus' and 'metric' in its qualifiers: write it by hand)"]
    value, unit = _value(attribute, wording)
    out += [f"  - entity: {entity}", f"    attribute: {attribute}", f"    value: {value}"]
    if unit:
        out.append(f"    unit: {json.dumps(unit)}")
    out += ["    checked: null  # the date you checked the value", "    sources: []"]
    return out


def _value(attribute: str, wording: str) -> tuple[str, str | None]:
    """The draft's value (as YAML) and unit for the wording most articles use."""
    if attribute in TEXT_ATTRIBUTES:
        return json.dumps(wording, ensure_ascii=False), None
    if attribute in DATE_ATTRIBUTES:
        return json.dumps(wording, ensure_ascii=False) + "  # write the date as YYYY-MM-DD", None
    for lang in ("en", "de"):
        qs = [q for q in find_quantities(wording, lang) if q.family != "count" or q.unit == ""]
        if qs:
            q = qs[0]
            unit = wording[q.start:q.end][len(_number_text(wording[q.start:q.end])):].strip() or None
            value = q.value if not q.unit or q.unit == "percent" else _written_number(wording[q.start:q.end], lang)
            return f"{value:g}", unit
    return json.dumps(wording, ensure_ascii=False) + "  # write the value", None


def _number_text(text: str) -> str:
    n = 0
    while n < len(text) and (text[n].isdigit() or text[n] in ".,$€ "):
        n += 1
    return text[:n]


def _written_number(text: str, lang: str) -> float:
    from ..numbers import parse_number

    return parse_number(_number_text(text).strip(" $€"), lang)[0]


def suggest_command(reports: list[Path], output: Path | None, fb: FactBase) -> int:
    text = draft(reports, fb)
    if output is None:
        print(text, end="")
    else:
        write_atomic(output, text)
    return 0

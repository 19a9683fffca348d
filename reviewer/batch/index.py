"""The run's overview files: index.md (a table, worst first), summary.json (everything, for tools)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..version import TOOL_NAME, __version__
from .consistency import describe, places

STATUS_RANK = {"FAILED": 0, "PASSED WITH CHANGES": 1, "PASSED": 2}
STATUS_ICON = {"FAILED": "❌", "PASSED WITH CHANGES": "⚠️", "PASSED": "✅"}
COUNT_KEYS = ("contradicted", "outdated", "verified", "unverifiable")
LISTED = 8  # places shown per conflicting value in index.md/html (summary.json has all)


def worst_first(rows: Sequence[dict]) -> list[dict]:
    return sorted(rows, key=lambda r: (STATUS_RANK[r["status"]], -r["counts"]["contradicted"],
                                       -r["counts"]["outdated"], r["path"]))


def totals(rows: Sequence[dict], errors: Sequence[dict]) -> dict:
    """Counts over the run: files, articles reviewed, files not reviewed, files answered from the cache (an
    article's review or a file's read error, each once), statuses and findings."""
    out = {"files": len(rows) + len(errors), "articles": len(rows), "not_reviewed": len(errors),
           "cache_hits": sum(1 for r in rows if r.get("cached")) + sum(1 for e in errors if e.get("cached"))}
    for status in STATUS_RANK:
        out[status] = sum(1 for r in rows if r["status"] == status)
    for k in COUNT_KEYS:
        out[k] = sum(r["counts"][k] for r in rows)
    return out


def elapsed(meta: dict) -> str:
    """The run's time so far, as the index pages show it: "0.4 s"."""
    return f"{meta.get('elapsed', 0.0):.1f} s"


def _cell(text) -> str:
    """Text for a Markdown table cell."""
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _link(text: str, target: str) -> str:
    label = _cell(text).replace("[", "\\[").replace("]", "\\]")
    return f"[{label}](<{target.replace('>', '%3E')}>)"


def render_markdown(rows: Sequence[dict], errors: Sequence[dict], conflicts: Sequence[dict], meta: dict) -> str:
    t = totals(rows, errors)
    out = ["# Batch review", ""]
    out.append(f"{t['articles']} articles reviewed, {t['not_reviewed']} files not reviewed; "
               f"{t['FAILED']} FAILED, {t['PASSED WITH CHANGES']} PASSED WITH CHANGES, {t['PASSED']} PASSED. "
               f"Findings: {t['contradicted']} contradicted, {t['outdated']} outdated, {t['verified']} verified, "
               f"{t['unverifiable']} unverifiable. {len(conflicts)} cross-article conflicts.  ")
    out.append(f"This run: {t['files']} files, {t['cache_hits']} from the cache, {elapsed(meta)}, "
               f"exit code {meta.get('exit_code')}.  ")
    out.append(f"{TOOL_NAME} {__version__}, fact base {meta['fingerprint']}"
               + (f", as of {meta['as_of']}" if meta.get("as_of") else "")
               + (f", language {meta['lang']}" if meta.get("lang") else "") + ".")
    out.append("")
    out += ["## Articles", "", "| Article | Status | Contradicted | Outdated | Verified | Unverifiable |",
            "|---|---|---:|---:|---:|---:|"]
    for e in errors:
        out.append(f"| {_cell(e['path'])} | ⛔ {_cell(e['status'])} | | | | |")
    for r in worst_first(rows):
        c = r["counts"]
        out.append(f"| {_link(r['path'], r['report'])} | {STATUS_ICON[r['status']]} {r['status']} | "
                   f"{c['contradicted']} | {c['outdated']} | {c['verified']} | {c['unverifiable']} |")
    out.append("")
    if errors:
        out += ["## Not reviewed", ""]
        out += [f"- `{e['path']}`: {e['message']}" for e in errors]
        out.append("")
    out += ["## Cross-article conflicts", ""]
    if not conflicts:
        out += ["None: no two articles give different values for the same entity, attribute and qualifiers.", ""]
    for c in conflicts:
        out.append(f"- **{_cell(describe(c))}**" + (f" at {c['at']}" if c.get("at") else "") + ":")
        for v in c["values"]:
            shown, more = places(v, LISTED)
            where = ", ".join(f"`{a['path']}`:{a['line']} ({a['verdict']})" for a in shown)
            out.append(f"  - \"{_cell(v['value'])}\" in {where}" + (f" and {more} more" if more else ""))
    out.append("")
    return "\n".join(out)


def render_summary(rows: Sequence[dict], errors: Sequence[dict], conflicts: Sequence[dict], meta: dict) -> str:
    doc = {
        "tool": {"name": TOOL_NAME, "version": __version__},
        "fact_base": {"fingerprint": meta["fingerprint"], "extra_dirs": meta.get("fact_dirs", [])},
        "options": {"lang": meta.get("lang"), "as_of": meta.get("as_of"), "fail_on": meta.get("fail_on"),
                    "strict": bool(meta.get("strict"))},
        "totals": totals(rows, errors),
        "exit_code": meta.get("exit_code"),
        "elapsed_seconds": round(meta.get("elapsed", 0.0), 3),
        "articles": [
            {"path": r["path"], "report": r["report"], "json_report": r["json_report"],
             "html_report": r.get("html_report"), "language": r["language"],
             "date": r["date"], "as_of": r["as_of"], "title": r["title"], "status": r["status"],
             "counts": r["counts"], "cached": r.get("cached", False)}
            for r in worst_first(rows)
        ],
        "not_reviewed": [{k: e[k] for k in ("path", "status", "message", "code", "cached")} for e in errors],
        "conflicts": list(conflicts),
    }
    return _dump(doc)


def _dump(doc: dict) -> str:
    """JSON with one line per key and per list item: readable, and fast (json's C encoder does not indent)."""
    lines = ["{"]
    for n, (key, value) in enumerate(doc.items()):
        comma = "," if n < len(doc) - 1 else ""
        if isinstance(value, list) and value:
            lines.append(f"  {json.dumps(key)}: [")
            lines += [f"    {json.dumps(v, ensure_ascii=False)}," for v in value[:-1]]
            lines.append(f"    {json.dumps(value[-1], ensure_ascii=False)}")
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"

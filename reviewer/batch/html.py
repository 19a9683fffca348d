"""index.html: the index table, sortable by clicking a header, and bar charts of findings per entity and
per article. One static file: inline CSS, inline vanilla JS, CSS bars computed here; no server, no
CDN. Every text from articles or facts goes through html.escape.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from .. import TOOL_NAME, __version__
from .consistency import describe, places
from .index import COUNT_KEYS, LISTED, STATUS_RANK, totals, worst_first

TOP_ENTITIES = 30
TOP_ARTICLES = 40

CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1d1d1f;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
.meta{color:#666;margin:0 0 12px}
.totals span{display:inline-block;margin:0 14px 6px 0}
table{border-collapse:collapse;width:100%;max-width:1200px}
th,td{padding:4px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
th{cursor:pointer;user-select:none;background:#f5f5f7;position:sticky;top:0}
th[aria-sort=ascending]::after{content:" \\25B2"}th[aria-sort=descending]::after{content:" \\25BC"}
.FAILED{color:#b00020;font-weight:600}.CHANGES{color:#9a6700;font-weight:600}.PASSED{color:#1a7f37}
.error td{color:#b00020}
.chart{max-width:1200px}
.row{display:flex;align-items:center;margin:2px 0}
.label{width:320px;flex:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding-right:8px}
.bar{flex:1;display:flex;height:14px;background:#f5f5f7}
.bar span{display:block;height:100%}
.num{width:48px;flex:none;text-align:right;font-variant-numeric:tabular-nums;color:#666}
.contradicted{background:#d1242f}.outdated{background:#d4a72c}.verified{background:#2da44e}
.unverifiable{background:#8c959f}
.legend span{display:inline-block;margin-right:14px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
ul.conflicts li{margin-bottom:6px}
"""

JS = """
(function(){
  var table=document.getElementById('articles');
  var heads=table.tHead.rows[0].cells;
  function key(cell){var v=cell.getAttribute('data-sort');if(v===null){v=cell.textContent.trim();}
    var n=parseFloat(v);return (v!==''&&!isNaN(n)&&isFinite(v))?n:v.toLowerCase();}
  function sortBy(col,dir){
    var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
    rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);
      if(typeof x!==typeof y){x=String(x);y=String(y);}
      return (x<y?-1:x>y?1:0)*dir;});
    rows.forEach(function(r){body.appendChild(r);});
    for(var i=0;i<heads.length;i++){heads[i].removeAttribute('aria-sort');}
    heads[col].setAttribute('aria-sort',dir>0?'ascending':'descending');
  }
  for(var i=0;i<heads.length;i++){(function(col){
    heads[col].addEventListener('click',function(){
      var cur=heads[col].getAttribute('aria-sort');
      var dir=cur==='ascending'?-1:cur==='descending'?1:(heads[col].classList.contains('n')?-1:1);
      sortBy(col,dir);});
  })(i);}
  table.setAttribute('data-sortable','ready');
})();
"""


def _status_class(status: str) -> str:
    return {"FAILED": "FAILED", "PASSED WITH CHANGES": "CHANGES", "PASSED": "PASSED"}[status]


def _bars(items: Sequence[tuple[str, str | None, Sequence[int]]], scale: int) -> str:
    """Rows of stacked bars: (label, link or None, counts in COUNT_KEYS order)."""
    out = ['<div class="chart">']
    for label, href, counts in items:
        total = sum(counts)
        segs = "".join(
            f'<span class="{k}" style="width:{100.0 * n / scale:.3f}%" title="{escape(k)}: {n}"></span>'
            for k, n in zip(COUNT_KEYS, counts, strict=True) if n)
        name = escape(label)
        if href:
            name = f'<a href="{escape(href)}">{name}</a>'
        out.append(f'<div class="row"><div class="label" title="{escape(label)}">{name}</div>'
                   f'<div class="bar">{segs}</div><div class="num">{total}</div></div>')
    out.append("</div>")
    return "\n".join(out)


def _places(value: dict) -> str:
    shown, more = places(value, LISTED)
    where = ", ".join(f"{escape(a['path'])}:{a['line']} ({escape(a['verdict'])})" for a in shown)
    return f"“{escape(value['value'])}” in {where}" + (f" and {more} more" if more else "")


def _legend() -> str:
    return '<p class="legend">' + "".join(f'<span><i class="{k}"></i>{k}</span>' for k in COUNT_KEYS) + "</p>"


def render_html(rows: Sequence[dict], errors: Sequence[dict], conflicts: Sequence[dict], meta: dict) -> str:
    t = totals(rows, errors)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             "<title>Batch review</title>", f"<style>{CSS}</style></head><body>"]
    parts.append("<h1>Batch review</h1>")
    parts.append(f'<p class="meta">{escape(TOOL_NAME)} {escape(__version__)} · fact base '
                 f'{escape(meta["fingerprint"])}'
                 + (f" · as of {escape(meta['as_of'])}" if meta.get("as_of") else "") + "</p>")
    parts.append('<p class="totals">' + "".join(f"<span><b>{t[k]}</b> {escape(label)}</span>" for k, label in (
        ("articles", "articles"), ("cache_hits", "from cache"), ("errors", "not readable"), ("FAILED", "failed"),
        ("PASSED WITH CHANGES", "passed with changes"), ("PASSED", "passed"), ("contradicted", "contradicted"),
        ("outdated", "outdated"), ("verified", "verified"), ("unverifiable", "unverifiable"))) + "</p>")

    parts.append("<h2>Articles</h2>")
    parts.append('<table id="articles"><thead><tr><th>Article</th><th>Status</th>'
                 + "".join(f'<th class="n">{k.capitalize()}</th>' for k in COUNT_KEYS)
                 + "<th>Language</th><th>Date</th></tr></thead><tbody>")
    for r in worst_first(rows):
        c = r["counts"]
        parts.append(
            f'<tr class="article"><td><a href="{escape(quote(r["report"]))}">{escape(r["path"])}</a>'
            + (f'<br><small>{escape(r["title"])}</small>' if r.get("title") else "") + "</td>"
            f'<td class="{_status_class(r["status"])}" data-sort="{STATUS_RANK[r["status"]]}">{escape(r["status"])}</td>'
            + "".join(f'<td class="n">{c[k]}</td>' for k in COUNT_KEYS)
            + f'<td>{escape(r["language"])}</td><td>{escape(r["date"] or "")}</td></tr>')
    parts.append("</tbody></table>")

    if errors:
        parts.append("<h2>Not reviewed</h2>")
        parts.append('<table id="errors"><thead><tr><th>File</th><th>Problem</th></tr></thead><tbody>')
        parts += [f'<tr class="error"><td>{escape(e["path"])}</td><td>{escape(e["message"])}</td></tr>' for e in errors]
        parts.append("</tbody></table>")

    parts.append("<h2>Cross-article conflicts</h2>")
    if not conflicts:
        parts.append("<p>None: no two articles give different values for the same entity, attribute and "
                     "qualifiers.</p>")
    else:
        parts.append('<ul class="conflicts">')
        for c in conflicts:
            values = "; ".join(_places(v) for v in c["values"])
            at = f" at {escape(c['at'])}" if c.get("at") else ""
            parts.append(f"<li><b>{escape(describe(c))}</b>{at}: {values}</li>")
        parts.append("</ul>")

    per_entity: dict[str, list[int]] = {}
    for r in rows:
        for entity, counts in r.get("by_entity", {}).items():
            acc = per_entity.setdefault(entity, [0, 0, 0, 0])
            for i, n in enumerate(counts):  # in COUNT_KEYS order (work.COUNT_ORDER)
                acc[i] += n
    entities = sorted(per_entity.items(), key=lambda kv: (-(kv[1][0] + kv[1][1]), -sum(kv[1]), kv[0]))[:TOP_ENTITIES]
    parts.append(f"<h2>Findings per entity</h2><p class=\"meta\">The {len(entities)} entities with the most "
                 f"contradicted and outdated findings, of {len(per_entity)}.</p>")
    parts.append(_legend())
    scale = max((sum(c) for _, c in entities), default=1) or 1
    parts.append(_bars([(e, None, c) for e, c in entities], scale))

    ranked = sorted(rows, key=lambda r: (-(r["counts"]["contradicted"] + r["counts"]["outdated"]),
                                         -sum(r["counts"].values()), r["path"]))[:TOP_ARTICLES]
    parts.append(f"<h2>Findings per article</h2><p class=\"meta\">The {len(ranked)} articles with the most "
                 f"contradicted and outdated findings, of {len(rows)}.</p>")
    parts.append(_legend())
    scale = max((sum(r["counts"].values()) for r in ranked), default=1) or 1
    parts.append(_bars([(r["path"], quote(r["report"]), [r["counts"][k] for k in COUNT_KEYS]) for r in ranked], scale))

    parts.append(f"<script>{JS}</script></body></html>")
    return "\n".join(parts) + "\n"

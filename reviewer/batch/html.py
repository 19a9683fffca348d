"""index.html: the totals and bar charts of findings per entity and per article first, then the index table,
sortable by its headers' buttons (mouse or keyboard); and each article's review log as a page of its own.
Static files: inline CSS, inline vanilla JS, CSS bars computed here; no server, no CDN. Every text from
articles or facts goes through html.escape (the logs through markdown-it with raw HTML off).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from .. import TOOL_NAME, __version__
from .consistency import describe, places
from .index import COUNT_KEYS, LISTED, STATUS_RANK, elapsed, totals, worst_first

TOP_ENTITIES = 30
TOP_ARTICLES = 40

CSS = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px;color:#1d1d1f;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
.meta{color:#595959;margin:0 0 12px}
.totals span{display:inline-block;margin:0 14px 6px 0}
table{border-collapse:collapse;width:100%;max-width:1200px}
th,td{padding:4px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
th{background:#f5f5f7;position:sticky;top:0}
th button{font:inherit;font-weight:600;color:inherit;background:none;border:0;padding:0;cursor:pointer;text-align:inherit}
th button:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}
th .sort{display:inline-block;width:1.2em;text-align:center;color:#595959}
td.date{white-space:nowrap}
.FAILED{color:#b00020;font-weight:600}.CHANGES{color:#7d5300;font-weight:600}.PASSED{color:#1a7f37}
.error td{color:#b00020}
.chart{max-width:1200px}
.row{display:flex;align-items:center;margin:2px 0}
.label{width:320px;flex:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding-right:8px}
.bar{flex:1;display:flex;height:14px;background:#f5f5f7}
.bar span{display:block;height:100%}
.num{width:48px;flex:none;text-align:right;font-variant-numeric:tabular-nums;color:#595959}
.contradicted{background:#d1242f}.outdated{background:#d4a72c}.verified{background:#2da44e}
.unverifiable{background:#8c959f}
.legend span{display:inline-block;margin-right:14px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
ul.conflicts li{margin-bottom:6px}
"""

# Sorting: a button in each header (Enter and Space press it, as any button), aria-sort on the header, and a
# visible arrow: ▲ ascending, ▼ descending, ↕ not sorted by this column.
JS = """
(function(){
  var table=document.getElementById('articles');
  var heads=table.tHead.rows[0].cells;
  var ARROW={ascending:'\\u25B2',descending:'\\u25BC',none:'\\u2195'};
  function key(cell){var v=cell.getAttribute('data-sort');if(v===null){v=cell.textContent.trim();}
    var n=parseFloat(v);return (v!==''&&!isNaN(n)&&isFinite(v))?n:v.toLowerCase();}
  function show(){for(var i=0;i<heads.length;i++){var s=heads[i].getAttribute('aria-sort')||'none';
    heads[i].querySelector('.sort').textContent=ARROW[s];}}
  function sortBy(col,dir){
    var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
    rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);
      if(typeof x!==typeof y){x=String(x);y=String(y);}
      return (x<y?-1:x>y?1:0)*dir;});
    rows.forEach(function(r){body.appendChild(r);});
    for(var i=0;i<heads.length;i++){heads[i].setAttribute('aria-sort','none');}
    heads[col].setAttribute('aria-sort',dir>0?'ascending':'descending');
    show();
  }
  for(var i=0;i<heads.length;i++){(function(col){
    heads[col].querySelector('button').addEventListener('click',function(){
      var cur=heads[col].getAttribute('aria-sort');
      var dir=cur==='ascending'?-1:cur==='descending'?1:(heads[col].classList.contains('n')?-1:1);
      sortBy(col,dir);});
  })(i);}
  show();
  table.setAttribute('data-sortable','ready');
})();
"""

LOG_CSS = """
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:960px;padding:0 16px;
color:#1d1d1f;background:#fff}
h1{font-size:20px}h2{font-size:18px;margin-top:28px}h3{font-size:16px;margin-top:22px}
table{border-collapse:collapse}th,td{padding:3px 8px;border:1px solid #d0d7de;text-align:left;vertical-align:top}
code{background:#f5f5f7;padding:0 3px;border-radius:3px}
a{color:#0b57d0}
"""


def render_log_html(log: str, shown: str, rel: str, lang: str) -> str:
    """An article's review log (Markdown) as a page of its own, beside the .review.md: what index.html links to.
    Raw HTML in the log (an article's text quoted in it) is shown as text, never run."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
    up = "../" * rel.count("/")
    return "\n".join([
        "<!DOCTYPE html>", f'<html lang="{escape(lang)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(shown)}</title>", f"<style>{LOG_CSS}</style></head><body>",
        f'<nav lang="en"><a href="{escape(quote(up + "index.html"))}">Batch review</a></nav>',
        f"<main><h1><code>{escape(shown)}</code></h1>", md.render(log), "</main></body></html>", ""])


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


def _head(t: dict, meta: dict, conflicts: int) -> list[str]:
    """Title, tool and fact base, this run's files, cache hits and time, and the totals."""
    run = (f"this run: {t['files']} files, {t['cache_hits']} from the cache, {elapsed(meta)}, "
           f"exit code {meta.get('exit_code')}")
    return [
        "<h1>Batch review</h1>",
        f'<p class="meta">{escape(TOOL_NAME)} {escape(__version__)} · fact base {escape(meta["fingerprint"])}'
        + (f" · as of {escape(meta['as_of'])}" if meta.get("as_of") else "") + f" · {escape(run)}</p>",
        '<p class="totals">' + "".join(f"<span><b>{n}</b> {escape(label)}</span>" for n, label in (
            (t["articles"], "articles"), (t["not_reviewed"], "not reviewed"), (t["FAILED"], "failed"),
            (t["PASSED WITH CHANGES"], "passed with changes"), (t["PASSED"], "passed"),
            (t["contradicted"], "contradicted"), (t["outdated"], "outdated"), (t["verified"], "verified"),
            (t["unverifiable"], "unverifiable"), (conflicts, "cross-article conflicts"))) + "</p>"]


def _charts(rows: Sequence[dict]) -> list[str]:
    """Bar charts: findings per entity (by the fact base's names) and per article (linked to its log)."""
    per_entity: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for r in rows:
        names.update(r.get("entity_names") or {})
        for entity, counts in r.get("by_entity", {}).items():
            acc = per_entity.setdefault(entity, [0, 0, 0, 0])
            for i, n in enumerate(counts):  # in COUNT_KEYS order (work.COUNT_ORDER)
                acc[i] += n
    entities = sorted(per_entity.items(), key=lambda kv: (-(kv[1][0] + kv[1][1]), -sum(kv[1]),
                                                          names.get(kv[0], kv[0]), kv[0]))[:TOP_ENTITIES]
    parts = [f"<h2>Findings per entity</h2><p class=\"meta\">The {len(entities)} entities with the most "
             f"contradicted and outdated findings, of {len(per_entity)}.</p>", _legend()]
    scale = max((sum(c) for _, c in entities), default=1) or 1
    parts.append(_bars([(names.get(e, e), None, c) for e, c in entities], scale))

    ranked = sorted(rows, key=lambda r: (-(r["counts"]["contradicted"] + r["counts"]["outdated"]),
                                         -sum(r["counts"].values()), r["path"]))[:TOP_ARTICLES]
    parts.append(f"<h2>Findings per article</h2><p class=\"meta\">The {len(ranked)} articles with the most "
                 f"contradicted and outdated findings, of {len(rows)}.</p>")
    parts.append(_legend())
    scale = max((sum(r["counts"].values()) for r in ranked), default=1) or 1
    parts.append(_bars([(r["path"], quote(_log_page(r)), [r["counts"][k] for k in COUNT_KEYS]) for r in ranked],
                       scale))
    return parts


def _log_page(row: dict) -> str:
    return row.get("html_report") or row["report"]


def _th(label: str, numeric: bool = False, sort: str = "none") -> str:
    cls = ' class="n"' if numeric else ""
    return (f'<th scope="col"{cls} aria-sort="{sort}"><button type="button">{escape(label)}'
            '<span class="sort" aria-hidden="true"></span></button></th>')


def _articles(rows: Sequence[dict]) -> list[str]:
    """The table of articles, worst first (sorted by status), each linked to its log's page."""
    parts = ["<h2>Articles</h2>",
             '<table id="articles"><thead><tr>' + _th("Article") + _th("Status", sort="ascending")
             + "".join(_th(k.capitalize(), numeric=True) for k in COUNT_KEYS)
             + _th("Language") + _th("Date") + "</tr></thead><tbody>"]
    for r in worst_first(rows):
        c = r["counts"]
        parts.append(
            f'<tr class="article"><td><a href="{escape(quote(_log_page(r)))}">{escape(r["path"])}</a>'
            + (f'<br><small>{escape(r["title"])}</small>' if r.get("title") else "") + "</td>"
            f'<td class="{_status_class(r["status"])}" data-sort="{STATUS_RANK[r["status"]]}">{escape(r["status"])}</td>'
            + "".join(f'<td class="n">{c[k]}</td>' for k in COUNT_KEYS)
            + f'<td>{escape(r["language"])}</td><td class="date">{escape(r["date"] or "")}</td></tr>')
    parts.append("</tbody></table>")
    return parts


def render_html(rows: Sequence[dict], errors: Sequence[dict], conflicts: Sequence[dict], meta: dict) -> str:
    """index.html: totals and charts first, then the sortable table of articles, the files not reviewed and
    the cross-article conflicts."""
    t = totals(rows, errors)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             "<title>Batch review</title>", f"<style>{CSS}</style></head><body><main>"]
    parts += _head(t, meta, len(conflicts))
    parts += _charts(rows)
    parts += _articles(rows)
    if errors:
        parts.append("<h2>Not reviewed</h2>")
        parts.append('<table id="errors"><thead><tr><th scope="col">File</th><th scope="col">Status</th>'
                     '<th scope="col">Problem</th></tr></thead><tbody>')
        parts += [f'<tr class="error"><td>{escape(e["path"])}</td><td>{escape(e["status"])}</td>'
                  f'<td>{escape(e["message"])}</td></tr>' for e in errors]
        parts.append("</tbody></table>")

    names = {k: v for r in rows for k, v in (r.get("entity_names") or {}).items()}
    parts.append("<h2>Cross-article conflicts</h2>")
    if not conflicts:
        parts.append("<p>None: no two articles give different values for the same entity, attribute and "
                     "qualifiers.</p>")
    else:
        parts.append('<ul class="conflicts">')
        for c in conflicts:
            values = "; ".join(_places(v) for v in c["values"])
            at = f" at {escape(c['at'])}" if c.get("at") else ""
            parts.append(f"<li><b>{escape(describe({**c, 'entity': names.get(c['entity'], c['entity'])}))}</b>"
                         f"{at}: {values}</li>")
        parts.append("</ul>")
    parts.append(f"<script>{JS}</script></main></body></html>")
    return "\n".join(parts) + "\n"

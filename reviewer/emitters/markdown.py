"""The review log in the article's language, modelled on an editor's "Technical Review Log"."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from ..i18n import log_text as t
from ..models import ArticleReport, Finding
from ..version import TOOL_NAME, __version__

STATUS_ICON = {"PASSED": "✅", "PASSED WITH CHANGES": "⚠️", "FAILED": "❌"}


def _confidence(r: ArticleReport) -> str:
    checked = [f for f in r.findings if f.verdict != "unverifiable"]
    if not r.findings:
        return "low"
    share = len(checked) / len(r.findings)
    return "high" if share >= 0.7 else "medium" if share >= 0.4 else "low"


def _where(f: Finding, lang: str) -> str:
    return f"{t(lang, 'line')} {f.line}:{f.column}"


def render_one(r: ArticleReport, today: dt.date | None = None) -> str:
    lang = r.language
    today = today or dt.date.today()
    out = [f"## 📋 {t(lang, 'title')}", ""]
    out.append(f"**{t(lang, 'article')}**: `{r.path}`" + (f" — {r.title}" if r.title else "") + "  ")
    out.append(f"**{t(lang, 'date')}**: {today.isoformat()}  ")
    out.append(f"**{t(lang, 'reviewer')}**: {TOOL_NAME} {__version__}  ")
    article_date = r.date.isoformat() if r.date else t(lang, "no_date", as_of=r.as_of.isoformat())
    out.append(f"**{t(lang, 'article_date')}**: {article_date}  ")
    out.append(f"**{t(lang, 'status')}**: {STATUS_ICON[r.status]} {r.status}  ")
    out.append(f"**{t(lang, 'confidence')}**: {t(lang, _confidence(r))}  ")
    out.append("")
    out.append(t(lang, "summary", **{k: r.count(k) for k in ("verified", "contradicted", "outdated", "unverifiable")}))
    out.append("")
    if r.notices:
        out += [f"### {t(lang, 'notices')}", ""]
        out += [f"- {n.code} ({t(lang, 'line')} {n.line}): {n.message}" for n in r.notices]
        out.append("")
    problems = [f for f in r.findings if f.verdict in ("contradicted", "outdated")]
    out += [f"### {t(lang, 'corrections')}", ""]
    if not problems:
        out += [t(lang, "none"), ""]
    for i, f in enumerate(problems, 1):
        icon = "❌" if f.severity == "error" else "⚠️"
        sure = "" if f.confidence == "high" else f", {t(lang, 'confidence').lower()}: {t(lang, f.confidence)}"
        out.append(f"{i}. {icon} **{f.entity} · {f.attribute}** ({_where(f, lang)}, {f.verdict}{sure})")
        out.append(f"   - **{t(lang, 'original')}**: \"{f.text}\"")
        out.append(f"   - **{t(lang, 'correction')}**: \"{f.suggestion or f.expected}\"")
        out.append(f"   - **{t(lang, 'reason')}**: {f.message}")
        for s in f.sources:
            out.append(f"   - **{t(lang, 'source')}**: [{s.title}]({s.url}) ({_dated(s, lang)})")
    out.append("")
    verified = [f for f in r.findings if f.verdict == "verified"]
    out += [f"### {t(lang, 'verified')}", ""]
    out += [f"- {f.entity}: \"{f.text}\" ({_where(f, lang)}) ✓" for f in verified] or [t(lang, "none")]
    out.append("")
    unverifiable = [f for f in r.findings if f.verdict == "unverifiable"]
    out += [f"### {t(lang, 'unverifiable')}", ""]
    out += [f"- {f.entity} · {f.attribute}: \"{f.text}\" ({_where(f, lang)})" for f in unverifiable] or [t(lang, "none")]
    out.append("")
    if r.set_aside:
        # what the article quotes, refutes or corrects: read, but not checked as its own claims
        out += [f"### {t(lang, 'set_aside')}", ""]
        out += [f"- {f.entity} · {f.attribute}: \"{f.text}\" ({_where(f, lang)}, {t(lang, 'stance_' + f.stance)})"
                for f in r.set_aside]
        out.append("")
    out += [f"### {t(lang, 'recommendations')}", ""]
    recs = []
    n_fix = sum(1 for f in problems if f.verdict == "contradicted")
    n_old = sum(1 for f in problems if f.verdict == "outdated")
    if n_fix:
        recs.append(t(lang, "rec_fix", n=n_fix))
    if n_old:
        recs.append(t(lang, "rec_outdated", n=n_old))
    if unverifiable:
        recs.append(t(lang, "rec_unverifiable", n=len(unverifiable)))
    if r.date is None:
        recs.append(t(lang, "rec_date"))
    if any(n.code == "N001" for n in r.notices):
        recs.append(t(lang, "rec_encoding"))
    if not recs:
        recs.append(t(lang, "rec_clean"))
    out += [f"{i}. 💡 {rec}" for i, rec in enumerate(recs, 1)]
    out.append("")
    sources: dict = {}
    for f in r.findings:
        for s in f.sources:
            sources.setdefault(s.url, s)
    out += [f"### {t(lang, 'sources')}", ""]
    out += [f"- [{s.title}]({s.url}) ({_dated(s, lang)})" for s in sources.values()] or [t(lang, "none")]
    out.append("")
    return "\n".join(out)


def render(reports: Sequence[ArticleReport], today: dt.date | None = None) -> str:
    return "\n---\n\n".join(render_one(r, today) for r in reports)


def _dated(s, lang: str) -> str:
    """A source's date, and its tier when the fact base has a tier table: "2025-12-02, primary source"."""
    return f"{s.date}, {t(lang, 'tier_' + s.tier)}" if s.tier else s.date

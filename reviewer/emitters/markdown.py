"""The review log in the article's language, modelled on an editor's "Technical Review Log".

Every word of it is the language's (reviewer/lang/<code>/messages.yaml): headings, verdicts, statuses, stances,
notices; entities by their names, attributes by the language's names for them. The terminal's rendering
(emitters/terminal.py) shares the parts below that decide what the log says.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from ..factbase.tiers import TIER_RANK
from ..i18n import label, notice_text, status_name, verdict_name
from ..i18n import log_text as t
from ..models import ArticleReport, Finding, SourceRef
from ..version import TOOL_NAME, __version__

STATUS_ICON = {"PASSED": "✅", "PASSED WITH CHANGES": "⚠️", "FAILED": "❌"}


def confidence(r: ArticleReport) -> str:
    """How much of the article the fact base could speak to: high, medium or low."""
    checked = [f for f in r.findings if f.verdict != "unverifiable"]
    if not r.findings:
        return "low"
    share = len(checked) / len(r.findings)
    return "high" if share >= 0.7 else "medium" if share >= 0.4 else "low"


def where(f: Finding, lang: str) -> str:
    return f"{t(lang, 'line')} {f.line}:{f.column}"


def corrections(r: ArticleReport) -> list[Finding]:
    return [f for f in r.findings if f.verdict in ("contradicted", "outdated")]


def verdict_note(f: Finding, lang: str) -> str:
    """"widerlegt", and how the subject was bound when it was not named in the clause."""
    sure = "" if f.confidence == "high" else f", {t(lang, 'binding_' + f.confidence)}"
    return verdict_name(lang, f.verdict) + sure


def recommendations(r: ArticleReport) -> list[str]:
    lang = r.language
    recs = []
    n_fix = r.count("contradicted")
    n_old = r.count("outdated")
    if n_fix:
        recs.append(t(lang, "rec_fix", n=n_fix))
    if n_old:
        recs.append(t(lang, "rec_outdated", n=n_old))
    if r.count("unverifiable"):
        recs.append(t(lang, "rec_unverifiable", n=r.count("unverifiable")))
    if r.date is None:
        recs.append(t(lang, "rec_date"))
    if any(n.code == "N001" for n in r.notices):
        recs.append(t(lang, "rec_encoding"))
    if not recs:
        recs.append(t(lang, "rec_clean"))
    return recs


def sources(r: ArticleReport) -> list[SourceRef]:
    """Every source the findings cite, once each, in the order they are first cited."""
    seen: dict[str, SourceRef] = {}
    for f in r.findings:
        for s in f.sources:
            seen.setdefault(s.url, s)
    return list(seen.values())


def best_source(f: Finding) -> SourceRef | None:
    """The finding's strongest source: the first of its best tier."""
    return min(f.sources, key=lambda s: TIER_RANK.get(s.tier, len(TIER_RANK)), default=None)


def summary(r: ArticleReport) -> str:
    return t(r.language, "summary", **{k: r.count(k) for k in ("verified", "contradicted", "outdated", "unverifiable")})


def dated(s: SourceRef, lang: str) -> str:
    """A source's date, and its tier when the fact base has a tier table: "2025-12-02, primary source"."""
    return f"{s.date}, {t(lang, 'tier_' + s.tier)}" if s.tier else s.date


def _head(r: ArticleReport, today: dt.date) -> list[str]:
    lang = r.language
    out = [f"## 📋 {t(lang, 'title')}", ""]
    out.append(f"**{t(lang, 'article')}**: `{r.path}`" + (f" — {r.title}" if r.title else "") + "  ")
    out.append(f"**{t(lang, 'date')}**: {today.isoformat()}  ")
    out.append(f"**{t(lang, 'reviewer')}**: {TOOL_NAME} {__version__}  ")
    article_date = r.date.isoformat() if r.date else t(lang, "no_date", as_of=r.as_of.isoformat())
    out.append(f"**{t(lang, 'article_date')}**: {article_date}  ")
    out.append(f"**{t(lang, 'status')}**: {STATUS_ICON[r.status]} {status_name(lang, r.status)}  ")
    out.append(f"**{t(lang, 'confidence')}**: {t(lang, confidence(r))}  ")
    out += ["", summary(r), ""]
    if r.notices:
        out += [f"### {t(lang, 'notices')}", ""]
        out += [f"- {n.code} ({t(lang, 'line')} {n.line}): {notice_text(lang, n)}" for n in r.notices]
        out.append("")
    return out


def _corrections(r: ArticleReport) -> list[str]:
    lang = r.language
    out = [f"### {t(lang, 'corrections')}", ""]
    problems = corrections(r)
    if not problems:
        out += [t(lang, "none"), ""]
    for i, f in enumerate(problems, 1):
        icon = "❌" if f.severity == "error" else "⚠️"
        out.append(f"{i}. {icon} **{label(lang, f)}** ({where(f, lang)}, {verdict_note(f, lang)})")
        out.append(f"   - **{t(lang, 'original')}**: \"{f.text}\"")
        if f.suggestion or f.expected:  # (never "None": a finding with no replacement has no such line)
            out.append(f"   - **{t(lang, 'correction')}**: \"{f.suggestion or f.expected}\"")
        out.append(f"   - **{t(lang, 'reason')}**: {f.message}")
        for s in f.sources:
            out.append(f"   - **{t(lang, 'source')}**: [{s.title}]({s.url}) ({dated(s, lang)})")
    out.append("")
    return out


def render_one(r: ArticleReport, today: dt.date | None = None) -> str:
    lang = r.language
    out = _head(r, today or dt.date.today()) + _corrections(r)
    verified = [f for f in r.findings if f.verdict == "verified"]
    out += [f"### {t(lang, 'verified')}", ""]
    out += [f"- {label(lang, f)}: \"{f.text}\" ({where(f, lang)}) ✓" for f in verified] or [t(lang, "none")]
    out.append("")
    unverifiable = [f for f in r.findings if f.verdict == "unverifiable"]
    out += [f"### {t(lang, 'unverifiable')}", ""]
    out += [f"- {label(lang, f)}: \"{f.text}\" ({where(f, lang)})" for f in unverifiable] or [t(lang, "none")]
    out.append("")
    if r.set_aside:
        # what the article quotes, refutes or corrects: read, but not checked as its own claims
        out += [f"### {t(lang, 'set_aside')}", ""]
        out += [f"- {label(lang, f)}: \"{f.text}\" ({where(f, lang)}, {t(lang, 'stance_' + f.stance)})"
                for f in r.set_aside]
        out.append("")
    out += [f"### {t(lang, 'recommendations')}", ""]
    out += [f"{i}. 💡 {rec}" for i, rec in enumerate(recommendations(r), 1)]
    out += ["", f"### {t(lang, 'sources')}", ""]
    out += [f"- [{s.title}]({s.url}) ({dated(s, lang)})" for s in sources(r)] or [t(lang, "none")]
    out.append("")
    return "\n".join(out)


def render(reports: Sequence[ArticleReport], today: dt.date | None = None) -> str:
    return "\n---\n\n".join(render_one(r, today) for r in reports)

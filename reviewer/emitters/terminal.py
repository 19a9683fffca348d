"""The review log for a person at a terminal (rich): what to correct first, each correction as original →
suggestion with its reason and best source; the rest as a count line unless `verbose`.

The same words and the same decisions as the Markdown log (emitters/markdown.py), which stays the format for
files, pipes and `--format markdown`.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from ..i18n import label, notice_text, status_name
from ..i18n import log_text as t
from ..models import ArticleReport, Finding, SourceRef
from . import markdown as md
from .tty import wants_color, wants_terminal, width_of  # noqa: F401  (the CLI's choice, also here)

STATUS_STYLE = {"PASSED": "bold green", "PASSED WITH CHANGES": "bold yellow", "FAILED": "bold red"}
STATUS_ICON = {"PASSED": "✓", "PASSED WITH CHANGES": "⚠", "FAILED": "✗"}
INDENT = 5  # a correction's lines under its number


def render(reports: Sequence[ArticleReport], color: bool, verbose: bool, width: int | None = None) -> str:
    """The reports for a terminal `width` columns wide (default 100), with ANSI colour when `color`."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=color, color_system="standard" if color else None,
                      no_color=not color, width=width or 100, markup=False, emoji=False, highlight=False,
                      legacy_windows=False, soft_wrap=False, _environ={})
    for k, r in enumerate(reports):
        if k:
            console.print()
        _article(console, r, verbose)
    return out.getvalue()


def _article(console: Console, r: ArticleReport, verbose: bool) -> None:
    lang = r.language
    console.rule(Text(f"{t(lang, 'title')}: {r.path}", style="bold"), align="left", style="dim")
    if r.title:
        console.print(Text(r.title, style="bold"))
    article_date = r.date.isoformat() if r.date else t(lang, "no_date", as_of=r.as_of.isoformat())
    _indented(console, Text.assemble((f"{STATUS_ICON[r.status]} {status_name(lang, r.status)}",
                                      STATUS_STYLE[r.status]),
                                     f"  ·  {t(lang, 'article_date')}: {article_date}",
                                     f"  ·  {t(lang, 'confidence')}: {t(lang, md.confidence(r))}"), 0)
    _indented(console, Text(md.summary(r), style="dim"), 0)
    if r.notices:
        _heading(console, t(lang, "notices"))
        for n in r.notices:
            _indented(console, Text.assemble(("! ", "yellow"), f"{n.code} ({t(lang, 'line')} {n.line}): ",
                                             notice_text(lang, n)), 2, 2)
    _heading(console, t(lang, "corrections"))
    problems = md.corrections(r)
    if not problems:
        console.print(Text("  " + t(lang, "none"), style="green"))
    for i, f in enumerate(problems, 1):
        _correction(console, i, f, lang, verbose)
    if not verbose:
        console.print()
    _listed(console, lang, "verified", [_fact(f, lang, "✓", "green") for f in r.findings if f.verdict == "verified"],
            verbose)
    _listed(console, lang, "unverifiable", [_fact(f, lang, "?", "cyan") for f in r.findings
                                            if f.verdict == "unverifiable"], verbose)
    if r.set_aside:
        _listed(console, lang, "set_aside", [_fact(f, lang, "–", "dim", t(lang, "stance_" + f.stance))
                                             for f in r.set_aside], verbose)
    all_sources = md.sources(r)
    if verbose and all_sources:
        _heading(console, t(lang, "sources"))
        for s in all_sources:
            _source(console, s, lang, "· ", 2)
    else:
        _listed(console, lang, "sources", [Text(s.url) for s in all_sources], verbose)  # (none, or a count)
    _heading(console, t(lang, "recommendations"))
    for rec in md.recommendations(r):
        _indented(console, Text.assemble(("→ ", "cyan"), rec), 2, 2)


def _indented(console: Console, text: Text, indent: int, hang: int = 0) -> None:
    """`text` wrapped to the console's width, its first line indented by `indent`, the others by `indent + hang`
    (no trailing blanks)."""
    for k, line in enumerate(text.wrap(console, max(20, console.width - indent - hang))):
        line.rstrip()
        console.print(Text(" " * (indent + (hang if k else 0))) + line, no_wrap=True, overflow="ignore", crop=False)


def _heading(console: Console, text: str) -> None:
    console.print()
    console.print(Text(text, style="bold underline"))


def _correction(console: Console, i: int, f: Finding, lang: str, verbose: bool) -> None:
    style = "red" if f.severity == "error" else "yellow"
    icon = "✗" if f.severity == "error" else "⚠"
    _indented(console, Text.assemble(f"{i:>3}. ", (f"{icon} {label(lang, f)}", f"bold {style}"),
                                     (f"  {md.where(f, lang)} · {md.verdict_note(f, lang)}", "dim")), 0, INDENT)
    suggestion = f.suggestion or f.expected or ""
    body = [Text.assemble((f.text, "red"), "  →  ", (suggestion, "bold green")),
            Text.assemble((f"{t(lang, 'reason')}: ", "bold"), f.message)]
    best = md.best_source(f)
    shown = list(f.sources) if verbose else [best] if best else []
    for line in body:
        _indented(console, line, INDENT)
    for s in shown:
        _source(console, s, lang, f"{t(lang, 'source')}: ", INDENT)
    if len(f.sources) > len(shown):
        _indented(console, Text(t(lang, "more_sources", n=len(f.sources) - len(shown)), style="dim"), INDENT)


def _source(console: Console, s: SourceRef, lang: str, lead: str, indent: int) -> None:
    """A source's title and date, and under it its address, whole on one line (to be copied or clicked)."""
    _indented(console, Text.assemble(lead, s.title, (f" ({md.dated(s, lang)})", "dim")), indent, len(lead))
    console.print(Text(" " * (indent + len(lead)) + s.url, style="blue"), no_wrap=True, overflow="ignore", crop=False)


def _fact(f: Finding, lang: str, mark: str, style: str, extra: str = "") -> Text:
    where = md.where(f, lang) + (f", {extra}" if extra else "")
    return Text.assemble((mark + " ", style), f"{label(lang, f)}: ", f"\"{f.text}\"", (f"  {where}", "dim"))


def _listed(console: Console, lang: str, key: str, lines: list[Text], verbose: bool) -> None:
    """A part of the log: under its heading, its lines when `verbose`, else one line with their count."""
    if not verbose:
        count = t(lang, "collapsed", n=len(lines)) if lines else "0"
        _indented(console, Text.assemble((t(lang, key), "bold"), ": ", count), 0, 2)
        return
    _heading(console, t(lang, key))
    for line in lines or [Text(t(lang, "none"))]:
        _indented(console, line, 2, 2)

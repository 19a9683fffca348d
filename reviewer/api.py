"""The library entry points: everything the CLI does, callable from Python.

    from reviewer import Reviewer
    report = Reviewer().review_path("article.md")
"""

from __future__ import annotations

import datetime as dt
import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from spacy.language import Language

from . import posts, suppress
from .checks import CheckContext
from .diskcache import freeze_once
from .extract import ClaimExtractor
from .extract.stance import answered
from .factbase.base import FactBase, load_factbase
from .fastpath import segment_docs
from .findings import SEVERITY_RANK, fail_rank, finding
from .lang import detect_language, words
from .markdown import segments
from .models import ArticleReport, Claim, Finding, Segment, Source, evolve
from .nlp import build_nlp
from .source import read_source, source_from_text
from .verify import set_aside, verify

FAIL_LEVELS = ("error", "warning", "info", "none")


# Pipelines built in this process, by (language, the fact files' content hash, model): a process that makes
# several Reviewers on the same fact files (an editor's plugin, the CLI called in-process, the tests) builds
# each pipeline once. A pipeline holds no state between documents.
_PIPELINES: OrderedDict[tuple[str, str, str | None], Language] = OrderedDict()
_PIPELINES_KEPT = 4


class Reviewer:
    """Holds the fact base and one spaCy pipeline per language, built on first use."""

    def __init__(self, factbase: FactBase | None = None, *, fact_dirs: Sequence[Path] = (),
                 spacy_model: str | None = None):
        self.factbase = factbase or load_factbase(fact_dirs)
        self.spacy_model = spacy_model
        self._nlp: dict[str, Language] = {}

    def nlp(self, lang: str) -> Language:
        if lang not in self._nlp:
            self._nlp[lang] = _pipeline(lang, self.factbase, self.spacy_model)
        return self._nlp[lang]

    def review_path(self, path: str | Path, *, lang: str | None = None, as_of: dt.date | None = None) -> ArticleReport:
        return self.review_source(read_source(path), lang=lang, as_of=as_of)

    def review_text(self, text: str, *, path: str = "<text>", lang: str | None = None,
                    as_of: dt.date | None = None) -> ArticleReport:
        return self.review_source(source_from_text(text, path), lang=lang, as_of=as_of)

    def review_source(self, src: Source, *, lang: str | None = None, as_of: dt.date | None = None) -> ArticleReport:
        return self.review_source_with_claims(src, lang=lang, as_of=as_of)[0]

    def review_source_with_claims(self, src: Source, *, lang: str | None = None,
                                  as_of: dt.date | None = None) -> tuple[ArticleReport, list[Claim]]:
        """The review, and each finding's claim in the same order: claims carry the qualifiers
        (precision, sparsity, scope) that findings do not, which the batch's consistency check needs."""
        language = lang or src.lang or detect_language(src.markdown)
        spans = posts.post_spans(src.markdown, language)  # a thread's dated posts
        when = src.date or as_of or posts.latest(spans) or dt.date.today()
        segs = front_matter_segments(src) + segments(src)
        nlp = self.nlp(language)
        extractor = ClaimExtractor(self.factbase, language)
        claims = []
        for seg, doc in zip(segs, segment_docs(nlp, [seg.text for seg in segs]), strict=True):
            claims.extend(extractor.claims(seg, doc))
        claims = posts.dated(answered(segs, _dedupe(claims), words(language)), spans, when)
        ctx = CheckContext(self.factbase, when, language)
        every = sorted(((finding(src, code, v), v.claim, set_aside(v)) for code, v in verify(claims, ctx)),
                       key=lambda p: (p[0].line, p[0].column, p[0].attribute))
        pairs = [(f, c) for f, c, aside in every if not aside]
        keep, unused = suppress.apply(src.text, [f for f, _ in pairs])  # <!-- review-disable… --> directives
        if len(keep) < len(pairs):
            pairs = [pairs[k] for k in keep]
        findings = tuple(f for f, _ in pairs)
        report = ArticleReport(path=src.path, language=language, date=src.date, as_of=when, title=src.title,
                               status=status_of(findings), findings=findings, notices=(*src.notices, *unused),
                               set_aside=tuple(f for f, _, aside in every if aside))
        return report, [c for _, c in pairs]


def _pipeline(lang: str, factbase: FactBase, model: str | None) -> Language:
    key = (lang, factbase.fingerprint, model)
    if not factbase.fingerprint:  # a fact base built in memory: its own pipeline
        return build_nlp(lang, factbase, model)
    if key in _PIPELINES:
        _PIPELINES.move_to_end(key)
        return _PIPELINES[key]
    nlp = _PIPELINES[key] = build_nlp(lang, factbase, model)
    freeze_once()
    while len(_PIPELINES) > _PIPELINES_KEPT:
        _PIPELINES.popitem(last=False)
    return nlp


# Front matter fields readers see: the headline, the teaser under it, the social-card text.
_SHOWN_FIELD = re.compile(r"^(?:title|description|summary|excerpt|subtitle|teaser)[ \t]*:[ \t]*(['\"]?)(.+?)\1[ \t]*$",
                          re.MULTILINE)
FRONT_MATTER_BLOCK = 1_000_000  # block numbers past any the Markdown parser gives


def front_matter_segments(src: Source) -> list[Segment]:
    """The title and description in the front matter (also a duplicated block's) are published
    text: they are reviewed as paragraphs of their own (the topic still comes from the first heading)."""
    out: list[Segment] = []
    for m in _SHOWN_FIELD.finditer(src.text):
        a, b = m.start(2), m.end(2)
        if src.markdown[a:b].strip():
            continue  # not in the front matter: the article's own text
        out.append(Segment("paragraph", src.text[a:b], a, FRONT_MATTER_BLOCK + len(out)))
    return out


def _dedupe(claims):
    seen, out = set(), []
    for c in claims:
        key = (c.start, c.end, c.attribute)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def status_of(findings: Sequence[Finding]) -> Literal["PASSED", "PASSED WITH CHANGES", "FAILED"]:
    severities = {f.severity for f in findings if f.verdict in ("contradicted", "outdated")}
    if "error" in severities:
        return "FAILED"
    if severities:
        return "PASSED WITH CHANGES"
    return "PASSED"


def check_codes(spec: Sequence[str]) -> tuple[str, ...]:
    """"HW101,HW1" as given to --select / --ignore: the codes, each a prefix of at least one check's code."""
    from .checks import CHECKS
    from .errors import ConfigError

    codes = tuple(c.strip().upper() for item in spec for c in item.split(",") if c.strip())
    known = [c.code for c in CHECKS]
    for code in codes:
        if not any(k.startswith(code) for k in known):
            raise ConfigError(f"{code!r} matches no check (the checks are {', '.join(known)})")
    return codes


def select_checks(report: ArticleReport, select: Sequence[str] = (), ignore: Sequence[str] = ()) -> ArticleReport:
    """The report with only the findings of the selected checks and none of the ignored ones (codes or their
    prefixes, as ruff's --select and --ignore: "HW1" is every HW1xx); its status follows what is left."""
    if not select and not ignore:
        return report

    def kept(code: str) -> bool:
        return (not select or code.startswith(tuple(select))) and not code.startswith(tuple(ignore) or ("\0",))

    findings = tuple(f for f in report.findings if kept(f.check))
    return evolve(report, findings=findings, status=status_of(findings),
                  set_aside=tuple(f for f in report.set_aside if kept(f.check)))


def with_severity(report: ArticleReport, severity: Mapping[str, str]) -> ArticleReport:
    """The report with the severity a configuration gives a check's contradicted and outdated findings
    (`[tool.review.severity] HW106 = "warning"`); its status follows."""
    if not severity:
        return report
    findings = tuple(evolve(f, severity=severity[f.check]) if f.check in severity
                     and f.verdict in ("contradicted", "outdated") else f for f in report.findings)
    return evolve(report, findings=findings, status=status_of(findings))


def exit_code(reports: Sequence[ArticleReport], fail_on: str = "warning") -> int:
    """1 when a contradicted or outdated finding is at or above the fail level, else 0."""
    threshold = fail_rank(fail_on)
    for r in reports:
        for f in r.findings:
            if f.verdict in ("contradicted", "outdated") and SEVERITY_RANK[f.severity] >= threshold:
                return 1
    return 0


def review_path(path: str | Path, **kwargs) -> ArticleReport:
    """One-shot convenience: review a file with the bundled fact base."""
    return Reviewer().review_path(path, **kwargs)

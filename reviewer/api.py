"""The library entry points: everything the CLI does, callable from Python.

    from reviewer import Reviewer
    report = Reviewer().review_path("article.md")
"""

from __future__ import annotations

import datetime as dt
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import chain
from pathlib import Path
from typing import Literal

from spacy.language import Language

from . import posts, suppress
from .checks import CheckContext
from .diskcache import freeze_once
from .extract import ClaimExtractor
from .extract.notes import (
    corrected_by_footnotes,
    corrected_by_margin_comments,
    corrected_by_notes,
    corrected_by_speaker_notes,
    marked_misprints,
    misprint_marks,
)
from .extract.quiz import answered, true_or_false
from .extract.rules.value_match import HOW as VALUE_MATCH
from .extract.stance import attributed_quotes, refuted_below, signed_letters
from .extract.table_stance import dated_columns, dated_rows, judged_rows, reported_rows
from .extract.threads import corrected_entries, host_names, refuted_by_next_turn, unquoted_host_turn
from .factbase.base import FactBase, load_factbase
from .fastpath import segment_docs
from .findings import SEVERITY_RANK, fail_rank, finding
from .lang import LANGUAGES, UnsupportedLanguage, detect_language, words
from .markdown import iter_segments
from .models import ArticleReport, Claim, Finding, Segment, Source, evolve
from .nlp import build_nlp
from .source import LANG_KEYS, read_source, source_from_text
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
        language, when, runs = self.review_runs(src, lang=lang, as_of=as_of)
        every = [item for run in runs for item in run]
        pairs = [(f, c) for f, c, aside in every if not aside]
        keep, unused = suppress.apply(src.text, [f for f, _ in pairs])  # <!-- review-disable… --> directives
        if len(keep) < len(pairs):
            pairs = [pairs[k] for k in keep]
        findings = tuple(f for f, _ in pairs)
        report = ArticleReport(path=src.path, language=language, date=src.date, as_of=when, title=src.title,
                               status=status_of(findings), findings=findings, notices=(*src.notices, *unused),
                               set_aside=tuple(f for f, _, aside in every if aside))
        return report, [c for _, c in pairs]

    def review_runs(self, src: Source, *, lang: str | None = None, as_of: dt.date | None = None
                    ) -> tuple[str, dt.date, Iterator[list[tuple[Finding, Claim, bool]]]]:
        """The review as it goes: the article's language, the date it is checked at, and its findings run by
        run (segments of about RUN_CHARS characters; one run for any article shorter than that), each run's
        (finding, claim, set aside) in document order. A run is analysed, checked and handed on before the
        next one is parsed, so a long article's findings need not all be held at once (emitters.json.stream)."""
        language = language_of(src, lang)
        spans = posts.post_spans(src.markdown, language)  # a thread's dated posts
        when = src.date or as_of or posts.latest(posts.post_spans(src.markdown, language, scenes=False)) or dt.date.today()
        return language, when, self._runs(src, language, (spans, posts.year_clauses(src.markdown, language, when)), when)

    def _runs(self, src: Source, language: str, spans: tuple[list, list],
              when: dt.date) -> Iterator[list[tuple[Finding, Claim, bool]]]:
        nlp = self.nlp(language)
        extractor = ClaimExtractor(self.factbase, language)
        ctx = CheckContext(self.factbase, when, language)
        w = words(language)
        hosts = host_names(src.markdown, w)  # (a host's turns in quotation marks are the page's own words)
        misprints = misprint_marks(src.markdown, w)  # ("Werte mit Sternchen (*) sind Fehldrucke")
        for segs in _in_runs(unquoted_host_turn(_grouped_cell(seg), hosts, w)
                             for seg in chain(front_matter_segments(src), iter_segments(src))):
            claims = []
            for seg, doc in zip(segs, segment_docs(nlp, [seg.text for seg in segs]), strict=True):
                claims.extend(extractor.claims(seg, doc))
            claims = [_as_written(src, c) for c in claims]
            matched = [c for c in claims if c.subject_how == VALUE_MATCH]  # (no evidence for the steps below: they
            claims = [c for c in claims if c.subject_how != VALUE_MATCH]  # read what the rules read, not a guess)
            claims = corrected_by_speaker_notes(segs, corrected_by_notes(segs, _dedupe(claims), w), w)
            claims = corrected_by_footnotes(segs, corrected_by_margin_comments(segs, claims, w), w, src.markdown)
            claims = marked_misprints(claims, src.markdown, misprints)
            claims = refuted_below(segs, judged_rows(segs, claims, w), w)
            claims = corrected_entries(segs, claims, w)  # ("Correction to our 09:18 update, which said ...")
            claims = refuted_by_next_turn(segs, claims, w)  # ("**JONAS:** ... 20 TB ..." / "**MARA:** Stimmt nicht. ...")
            claims = dated_columns(segs, reported_rows(segs, claims, w), when, self.factbase.name_words())
            claims = dated_rows(segs, claims, w)  # ("| p5.48xlarge (bis Mai 2025) | ... | 98,32 |")
            claims = answered(segs, true_or_false(segs, claims, w), w)
            claims = posts.dated(attributed_quotes(segs, signed_letters(segs, claims, w)) + matched, spans[0], when,
                                 now=w.now_lead)
            claims = posts.dated(claims, spans[1], when, own_time=False)  # ("In March 2025, ...", "Vor 2 Jahren ...")
            yield sorted(((finding(src, code, v), v.claim, set_aside(v)) for code, v in verify(claims, ctx)),
                         key=lambda p: (p[0].line, p[0].column, p[0].attribute))
            extractor.forget({seg.block for seg in segs[-16:]}
                             | {b for seg in segs for b in (seg.heading, seg.intro, seg.row_header, seg.col_header)}
                             | {seg.block for seg in segs if seg.kind == "table_cell" and seg.col_header == -1})
            # (a table's header cells, all of them: a header row that ends the run heads the next run's rows)


def language_of(src: Source, lang: str | None = None) -> str:
    """The language to review `src` in: `lang` (--lang), else its front matter's, else the detected one.
    Raises UnsupportedLanguage for one the reviewer does not read (front matter `lang: fr`, or detected)."""
    language = lang or src.lang
    if language is None:
        for key in LANG_KEYS:  # a language the front matter names but source.py does not know: not ours
            value = src.front_matter.get(key)
            if isinstance(value, str) and re.fullmatch(r"[A-Za-z]{2}(?:[-_][A-Za-z0-9]+)?", value.strip()):
                language = value.strip()[:2].lower()
                break
    language = language or detect_language(src.markdown)
    if language not in LANGUAGES:
        raise UnsupportedLanguage(language, src.path)
    return language


_SENTENCE_END = re.compile(r"[.!?][\"'“”»)\]]*\s+(?=\S)")


def _pieces(seg: Segment) -> Iterator[Segment]:
    """A segment longer than RUN_CHARS (a paragraph of a hundred thousand sentences, an article on one line) in
    pieces of about that size, each cut after a sentence's end; the pieces keep the segment's block, so the
    paragraph's discourse runs on across them. A shorter segment is its own one piece."""
    if len(seg.text) <= RUN_CHARS:
        yield seg
        return
    at = 0
    while len(seg.text) - at > RUN_CHARS:
        cut = None
        for m in _SENTENCE_END.finditer(seg.text, at + RUN_CHARS // 2, at + RUN_CHARS):
            cut = m.end()
        if cut is None:
            break  # (no sentence ends here: the rest stays whole)
        yield replace(seg, text=seg.text[at:cut], start=seg.start + at)
        at = cut
    yield replace(seg, text=seg.text[at:], start=seg.start + at)


class ReviewStream:
    """One article's review for a writer that streams (emitters.json.stream): parts() gives the findings and the
    set-aside claims run by run, with --select/--ignore and the configured severities applied and the
    suppression directives honoured; after it, head() is the report without them (its status and the
    counts of what parts() gave), and `alarms` the severities of its contradicted and outdated findings."""

    def __init__(self, reviewer: Reviewer, src: Source, *, lang: str | None = None, as_of: dt.date | None = None,
                 select: Sequence[str] = (), ignore: Sequence[str] = (), severity: Mapping[str, str] | None = None):
        self.src, self.select, self.ignore, self.severity = src, select, ignore, severity or {}
        self.language, self.when, self._runs = reviewer.review_runs(src, lang=lang, as_of=as_of)
        self.counts = dict.fromkeys(("verified", "contradicted", "outdated", "unverifiable"), 0)
        self.alarms: set[str] = set()
        self._suppress = suppress.Suppressor(src.text)

    def parts(self) -> Iterator[tuple[tuple[Finding, ...], tuple[Finding, ...]]]:
        for run in self._runs:
            found = [f for f, _, aside in run if not aside]
            found = [found[k] for k in self._suppress.keep(found)]
            part = configured(self._report(tuple(found), tuple(f for f, _, aside in run if aside)),
                              self.select, self.ignore, self.severity)
            for f in part.findings:
                self.counts[f.verdict] += 1
                if f.verdict in ("contradicted", "outdated"):
                    self.alarms.add(f.severity)
            yield part.findings, part.set_aside

    def head(self) -> ArticleReport:
        status = "FAILED" if "error" in self.alarms else "PASSED WITH CHANGES" if self.alarms else "PASSED"
        return evolve(self._report((), ()), status=status,
                      notices=(*self.src.notices, *self._suppress.notices()))

    def _report(self, findings: tuple[Finding, ...], aside: tuple[Finding, ...]) -> ArticleReport:
        return ArticleReport(path=self.src.path, language=self.language, date=self.src.date, as_of=self.when,
                             title=self.src.title, status=status_of(findings), findings=findings,
                             notices=self.src.notices, set_aside=aside)


RUN_CHARS = 100_000  # an article is analysed and checked in runs of segments of about this many characters


def _grouped_cell(seg: Segment) -> Segment:
    """A table cell that is one number with its thousands grouped by spaces ("| 4 500 |", "| 2 614,9 |", as
    statistics offices print them): the spaces become narrow no-break spaces, which the number reader groups. (In
    running text a space before three digits may part two numbers: "NVLink 4 900GB/s", "Gaudi 3 128 GB".)"""
    if seg.kind != "table_cell" or " " not in seg.text.strip() or not _SPACE_GROUPED.fullmatch(seg.text):
        return seg
    return replace(seg, text=_GROUP_SPACE.sub("\u202f", seg.text))


def _as_written(src: Source, c: Claim) -> Claim:
    """The claim's text as the article writes it (a grouped cell's spaces back: "4 500", not "4\u202f500")."""
    if "\u202f" not in c.text:
        return c
    written = src.markdown[c.start:c.end]
    return evolve(c, text=written) if written.replace(" ", "\u202f") == c.text else c


_SPACE_GROUPED = re.compile(r"[\s*_]*\d{1,3}(?: \d{3})+(?:[.,]\d+)?[\s*_¹²³⁴⁵⁶⁷⁸⁹]*")
_GROUP_SPACE = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")


def _in_runs(segs: Iterable[Segment]) -> Iterator[list[Segment]]:
    """The segments in runs of about RUN_CHARS characters (a longer segment in pieces: _pieces)."""
    run: list[Segment] = []
    size = 0
    for seg in (piece for whole in segs for piece in _pieces(whole)):
        if run and size + len(seg.text) > RUN_CHARS:
            yield run
            run, size = [], 0
        run.append(seg)
        size += len(seg.text)
    if run:
        yield run


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


def configured(report: ArticleReport, select: Sequence[str], ignore: Sequence[str],
               severity: Mapping[str, str]) -> ArticleReport:
    """The report as a configuration asks for it: its checks selected and ignored, their severities set."""
    return with_severity(select_checks(report, select, ignore), severity)


def exit_code_of_streams(streams: Sequence[ReviewStream], fail_on: str = "warning") -> int:
    """exit_code() for streamed reviews: from the severities of their alarms."""
    threshold = fail_rank(fail_on)
    return int(any(SEVERITY_RANK[sev] >= threshold for st in streams for sev in st.alarms))


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

"""One article's work in a batch, in a worker process or in-process: bytes in, plain JSON-able dict out.

The result carries everything the batch needs later, so it can be cached as JSON and a cache hit
needs neither spaCy nor the fact base: the rendered review log and JSON report, a summary row, and
the comparable claims for the cross-article consistency check.

Workers get the Reviewer from the parent through fork (built once there, inherited by every
worker), or, where fork is not available, build it once each in the pool initializer.
"""

from __future__ import annotations

import datetime as dt
import signal
from collections.abc import Sequence
from pathlib import Path

from ..errors import ReviewError
from ..findings import SEVERITY_RANK
from ..models import ArticleReport, Claim, Finding, Source, VerdictKind

VERDICTS: tuple[VerdictKind, ...] = ("verified", "contradicted", "outdated", "unverifiable")
COUNT_ORDER = ("contradicted", "outdated", "verified", "unverifiable")  # of the per-entity counts, worst first

_reviewer = None  # the worker's Reviewer (set before forking, or by the initializer)
_options: dict = {}
_warm: set[str] = set()  # languages whose pipeline has reviewed a first text in this process
_WARM_UP = (b"The Trainium2 chip has 96 GB of HBM3 at 2.9 TB/s.\n", b"Der Trainium2 hat 96 GB HBM3 mit 2,9 TB/s.\n")


def review_with_claims(reviewer, src: Source, *, lang: str | None = None,
                       as_of: dt.date | None = None) -> tuple[ArticleReport, list[Claim]]:
    """Reviewer.review_source, also returning each finding's claim (same order as report.findings)."""
    return reviewer.review_source_with_claims(src, lang=lang, as_of=as_of)


def _intervals(claim: Claim) -> list[list[float]] | None:
    """The values (in the family's base unit) a written figure admits, one interval per unit reading."""
    from .. import units
    from ..checks.base import interval  # the checks' own tolerance: a figure they verify agrees here too

    q = claim.quantity
    assert q is not None
    if q.qualifier not in ("exact", "approx"):
        return None  # "more than 100 GB", "up to 4x": bounds, not values to compare
    lo, hi = interval(q)
    if not q.unit or q.family == "count":
        return [[lo, hi]]
    out = []
    for unit in filter(None, (q.unit, units.binary_twin(q.unit))):  # "144 GB" may be written for 144 GiB
        try:
            out.append([units.to_base(lo, unit), units.to_base(hi, unit)])
        except (ValueError, AttributeError, TypeError):  # pint errors derive from these
            return None
    return out


def _name_key(value: str) -> str:
    return "".join(ch for ch in value.casefold() if ch.isalnum())


_MULTI: dict[str, frozenset[str]] = {}


def _multi_valued(factbase) -> frozenset[str]:
    """Name attributes an entity has several of at once (a system's interconnects: NeuronLink and EFA):
    two articles naming different ones do not disagree."""
    key = factbase.fingerprint
    if key not in _MULTI:
        values: dict[tuple[str, str], set[str]] = {}
        for f in factbase.facts:
            timeless = not (f.fact.valid_from or f.fact.valid_until)  # a CEO, then another: one at a time
            if isinstance(f.value, str) and f.fact.status == "current" and not f.fact.negated and timeless:
                values.setdefault((f.entity, f.attribute), set()).add(f.value)
        _MULTI[key] = frozenset(attribute for (_entity, attribute), v in values.items() if len(v) > 1)
    return _MULTI[key]


def claim_record(f: Finding, c: Claim, factbase, as_of: dt.date) -> list | None:
    """What the consistency check compares, or None for claims it does not compare (ratios, negations, bounds).

    A compact list (thousands of articles' records are read from the cache on every run):
    [group, value, text as written, line, verdict]. `group` joins what must be equal for two values
    to be compared (consistency.GROUP_FIELDS); `value` is "n:<name folded>" or "i:lo,hi;lo,hi" (the
    admitted intervals in the family's base unit, one per unit reading).
    """
    if c.negated or c.attribute == "ratio":
        return None
    if c.quantity is not None:
        iv = _intervals(c)
        if not iv:
            return None
        kind = c.quantity.family
        value = "i:" + ";".join(f"{lo:.7g},{hi:.7g}" for lo, hi in iv)
    elif c.value_text and _name_key(c.value_text) and c.attribute not in _multi_valued(factbase):
        kind = "name"
        value = "n:" + _name_key(c.value_text)
    else:
        return None
    # roles and prices change: two articles disagree only when they speak of the same date
    at = None
    if any(rf.fact.valid_from or rf.fact.valid_until for rf in factbase.about(c.entity, c.attribute)):
        at = as_of.isoformat()
    group = "|".join(x or "" for x in (c.entity, c.attribute, c.precision, c.sparsity, c.scope, at, kind))
    return [group, value, f.text, f.line, f.verdict]


def summary_row(report: ArticleReport) -> dict:
    problems = [f for f in report.findings if f.verdict in ("contradicted", "outdated")]
    by_entity: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for f in report.findings:
        by_entity.setdefault(f.entity, [0, 0, 0, 0])[COUNT_ORDER.index(f.verdict)] += 1
        names.setdefault(f.entity, f.entity_name or f.entity)
    return {
        "language": report.language,
        "date": report.date.isoformat() if report.date else None,
        "as_of": report.as_of.isoformat(),
        "title": report.title,
        "status": report.status,
        "counts": {k: report.count(k) for k in VERDICTS},
        "worst": max((SEVERITY_RANK[f.severity] for f in problems), default=-1),
        "by_entity": by_entity,
        "entity_names": names,  # id -> the fact base's name ("Trainium3"), for the index's charts
    }


class ArticleTimeout(Exception):
    """One article's review ran past the batch's per-article limit (--timeout)."""


def _on_alarm(signum, frame):
    raise ArticleTimeout


def _time_limited(fn, seconds: float | None):
    """fn() with a wall-clock limit (SIGALRM, in the process's main thread; no limit where there is none)."""
    import threading

    if not seconds or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return fn()
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def set_timeout(seconds: float | None) -> None:
    _options["timeout"] = seconds


def review_bytes(reviewer_of, shown: str, data: bytes, lang: str | None, as_of: dt.date | None) -> dict:
    """Review one article's bytes. `reviewer_of()` gives the Reviewer; it is called only for a readable file.

    Returns {"error": message, "code": "E10x"} for a file read_source rejects or one in a language the
    reviewer does not read (also "status": "not reviewed: language fr is not supported"; cacheable: it
    depends on the bytes and the options only), {"error": ..., "code": "E90x", "internal": True} if the
    review itself failed or ran past the per-article limit (`set_timeout`; not cached: it depends on the
    machine), else the result dict.
    """
    from ..api import language_of
    from ..lang import UnsupportedLanguage
    from ..source import source_from_bytes

    try:
        src = source_from_bytes(data, shown)
        language = language_of(src, lang)
    except UnsupportedLanguage as exc:
        return {"error": f"{exc.message} [{exc.code}]", "code": exc.code, "status": exc.status}
    except ReviewError as exc:
        return {"error": f"{exc.message} [{exc.code}]", "code": exc.code}
    try:
        from ..emitters import json as json_out
        from ..emitters import markdown as md_out

        reviewer = reviewer_of()
        limit = _options.get("timeout")
        if limit and language not in _warm:
            # (building the pipeline and its first use, the lazy tables behind it, is no review)
            _warm.add(language)
            review_with_claims(reviewer, source_from_bytes(_WARM_UP[language == "de"], "warm-up.md"), lang=language)
        try:
            report, claims = _time_limited(lambda: review_with_claims(reviewer, src, lang=lang, as_of=as_of), limit)
        except ArticleTimeout:
            return {"error": f"review took longer than {limit:g} s (--timeout); the file is skipped [E901]",
                    "code": "E901", "internal": True}
        report, claims = _only_checks(report, claims)
        records = [r for r in (claim_record(f, c, reviewer.factbase, report.as_of)
                               for f, c in zip(report.findings, claims, strict=True)) if r]
        result = {
            "log": md_out.render_one(report),
            "json": json_out.render([report]),
            "row": summary_row(report),
            "claims": records,
        }
        if src.date is None and as_of is None:
            result["today"] = report.as_of.isoformat()  # checked at today's date: valid today only
        return result
    except ReviewError:
        raise  # configuration problems (fact base, model) stop the run
    except Exception as exc:
        return {"error": f"internal error while reviewing: {type(exc).__name__}: {exc} [E900]", "code": "E900",
                "internal": True}


def _only_checks(report: ArticleReport, claims: list[Claim]) -> tuple[ArticleReport, list[Claim]]:
    """The report with the configuration's select, ignore and severity applied (claims kept in step)."""
    select, ignore, severity, *_ = _options.get("checks") or ((), (), {})
    baseline = _options.get("baseline")
    if not (select or ignore or severity or baseline):
        return report, claims
    from ..api import configured

    kept = configured(report, select, ignore, severity)
    if baseline is not None:  # --baseline: the findings it records are not reported again
        kept = baseline.filter(kept)
    if len(kept.findings) != len(report.findings):
        ids = {(f.line, f.column, f.entity, f.attribute) for f in kept.findings}
        claims = [c for f, c in zip(report.findings, claims, strict=True)
                  if (f.line, f.column, f.entity, f.attribute) in ids]
    return kept, claims


def set_checks(select: Sequence[str], ignore: Sequence[str], severity: dict[str, str],
               baseline: str | None = None) -> None:
    """The checks to keep, their severities and the baseline file, in this process (and the workers forked
    from it)."""
    _options["checks"] = (tuple(select), tuple(ignore), dict(severity), baseline)
    if baseline:
        from ..baseline import Baseline

        _options["baseline"] = Baseline.load(Path(baseline))
    else:
        _options.pop("baseline", None)


# -- worker processes --------------------------------------------------------------------------------

def set_reviewer(reviewer) -> None:
    """Called in the parent before forking, so that every worker inherits one built Reviewer."""
    global _reviewer
    _reviewer = reviewer


def init_worker(fact_dirs: Sequence[str], lang: str | None, as_of: str | None, checks: tuple = ((), (), {}),
                timeout: float | None = None) -> None:
    """Pool initializer: Ctrl-C is the parent's to handle; build the Reviewer if it was not inherited."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_checks(*checks)
    set_timeout(timeout)
    _options["lang"] = lang
    _options["as_of"] = dt.date.fromisoformat(as_of) if as_of else None
    _options["fact_dirs"] = [Path(d) for d in fact_dirs]


def _worker_reviewer():
    global _reviewer
    if _reviewer is None:
        from ..api import Reviewer
        from ..factbase.base import load_factbase

        _reviewer = Reviewer(load_factbase(_options["fact_dirs"]))
    return _reviewer


def review_chunk(items: Sequence[tuple[int, str, bytes]]) -> list[tuple[int, dict]]:
    """A worker's unit of work: several articles, results as plain dicts (cheap to send back)."""
    return [(i, review_bytes(_worker_reviewer, shown, data, _options["lang"], _options["as_of"]))
            for i, shown, data in items]

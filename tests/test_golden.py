"""Approval tests: the whole review of every corpus article, seed and scenario, pinned line by line.

Each article's expected review is a text file in tests/golden/ with an entry per finding: its span, check,
verdict and severity, entity and attribute, the text as written, the expected value, the suggestion, the
sources and the message, its stance and confidence, and the claim it was checked as (the figure as read, its qualifiers, how its
subject was found). Any change in what the reviewer says (a verdict, a column, a suggestion's number
format, a source's order, a word of a message, a claim set aside as not asserted) fails the article's test and shows as a diff of those lines.

A change that is meant gets its files rewritten, and the diff of tests/golden/ is then reviewed with it:

    pytest tests/test_golden.py --update-golden

Undated articles are reviewed at a fixed date, so the files do not move with the calendar.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import pytest
from conftest import SEEDS

from reviewer.models import ArticleReport, Claim, Finding
from reviewer.source import read_source

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
AS_OF = dt.date(2026, 11, 24)

ARTICLES = [pytest.param(p, id=f"corpus/{p.stem}") for p in sorted((HERE.parent / "corpus").glob("*.md"))]
# corpus/traps/: the blind articles full of quoted myths, errata, forum quotes, history and footnoted tables
ARTICLES += [pytest.param(p, id=f"traps/{p.stem}") for p in sorted((HERE.parent / "corpus" / "traps").glob("*.md"))]
ARTICLES += [pytest.param(p, id=f"seeds/{p.stem}") for p in sorted(SEEDS.glob("*.txt"))]
# tests/scenarios/: short articles written to walk each check's branches (verified, outdated, contradicted,
# unverifiable; the tolerance's edges; both languages), where corpus/ does not
ARTICLES += [pytest.param(p, id=f"scenarios/{p.stem}") for p in sorted((HERE / "scenarios").glob("*.md"))]


def finding_line(f: Finding) -> str:
    sources = " ".join(s.url or s.title for s in f.sources)
    return (f"{f.line}:{f.column}-{f.end_line}:{f.end_column} {f.check} {f.verdict}/{f.severity} "
            f"{f.stance}/{f.confidence} "
            f"{f.entity}.{f.attribute} {f.text!r} claimed={f.claimed!r} expected={f.expected!r} "
            f"suggestion={f.suggestion!r} sources=[{sources}]\n    {f.message}" + (f"\n    note: {f.note}" if f.note else ""))


def claim_line(c: Claim) -> str:
    """What the finding was checked as: the figure as read, its qualifiers and how its subject was found (the
    sentence by a digest: the seeds' sentences stay out of the project)."""
    q = c.quantity
    figure = (f"{q.value:g}{'-' + format(q.range_high, 'g') if q.range_high is not None else ''} {q.unit} "
              f"{q.family}/{q.qualifier} ±{q.resolution:g}") if q else "-"
    flags = [name for name in ("versus_implied", "per_direction", "negated") if getattr(c, name)]
    return (f"    claim: {figure} value={c.value_text!r} precision={c.precision} sparsity={c.sparsity} scope={c.scope} "
            f"versus={c.versus} {' '.join(flags)} subject={c.subject_how}:{c.subject_text!r} "
            f"alternates={','.join(c.alternates)} as_of={c.as_of} "
            f"sentence#{hashlib.sha1(c.sentence.encode()).hexdigest()[:8]}")


def golden_text(report: ArticleReport, claims: list[Claim]) -> str:
    head = [f"status: {report.status}", f"language: {report.language}", f"as_of: {report.as_of}",
            *(f"notice: {n}" for n in report.notices)]
    lines = [f"{finding_line(f)}\n{claim_line(c)}" for f, c in zip(report.findings, claims, strict=True)]
    # what the article does not assert: checked, set aside (reviewer/extract/stance.py)
    aside = [f"aside: {finding_line(f)}" for f in report.set_aside]
    return "\n".join(head + lines + aside) + "\n"


def test_every_article_has_its_golden_file():
    assert len(ARTICLES) >= 80, "corpus/ and ../shared/seeds must both be there"
    expected = {f"{p.values[0].parent.name}/{p.values[0].stem}.txt" for p in ARTICLES}
    present = {p.relative_to(GOLDEN).as_posix() for d in ("corpus", "traps", "seeds", "scenarios")
               for p in (GOLDEN / d).glob("*.txt")}
    assert present == expected, f"missing: {sorted(expected - present)}; stale: {sorted(present - expected)}"


@pytest.mark.parametrize("path", ARTICLES)
def test_review_matches_golden(path: Path, reviewer, request):
    report, claims = reviewer.review_source_with_claims(read_source(path), as_of=AS_OF)
    got = golden_text(report, claims)
    target = GOLDEN / path.parent.name / f"{path.stem}.txt"
    if request.config.getoption("--update-golden"):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(got, encoding="utf-8")
        return
    assert target.exists(), f"{target} is missing: run pytest tests/test_golden.py --update-golden"
    want = target.read_text(encoding="utf-8")
    assert got.splitlines() == want.splitlines()

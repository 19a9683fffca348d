from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from reviewer.api import Reviewer
from reviewer.factbase.base import load_factbase

HERE = Path(__file__).parent
ROOT = HERE.parent
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture(scope="session")
def fixture_reviewer() -> Reviewer:
    """A reviewer on the small fixture fact base: verdict tests do not move when facts/ grows."""
    return Reviewer(load_factbase([HERE / "fixtures" / "facts"], include_bundled=False))


@pytest.fixture(scope="session")
def reviewer() -> Reviewer:
    """The reviewer as users run it: the bundled fact base."""
    return Reviewer()


def review(rv: Reviewer, text: str, lang: str, as_of: str = "2025-12-10"):
    return rv.review_text(text, lang=lang, as_of=dt.date.fromisoformat(as_of))


def find(report, text: str):
    hits = [f for f in report.findings if f.text == text]
    assert hits, f"no finding for {text!r}; got {[(f.text, f.verdict) for f in report.findings]}"
    return hits[0]

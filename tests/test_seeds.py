"""The real articles the project started from (../shared/seeds): they must review cleanly."""

import pytest
from conftest import SEEDS

SEED_FILES = sorted(SEEDS.glob("*.txt"))


def test_seeds_are_there():
    """CI runs with ../shared beside the clone: a missing seed folder is a failure, not a skip."""
    assert len(SEED_FILES) == 5, f"expected the five seed articles in {SEEDS} (../shared/seeds beside the project)"


@pytest.mark.parametrize("path", SEED_FILES, ids=lambda p: p.name)
def test_seeds_review_without_error(reviewer, path):
    report = reviewer.review_path(path)
    assert report.findings


def test_seeds_000_catches_the_two_errors_and_verifies_trainium3(reviewer):
    report = reviewer.review_path(SEEDS / "000_c74e7db9f599dd4e.txt")
    by_text = {}
    for f in report.findings:
        by_text.setdefault(f.text, []).append(f)
    assert any(f.verdict == "contradicted" and f.entity.startswith("tpu-v5") for f in by_text["128 GB"])
    assert any(f.verdict == "contradicted" and f.entity == "gb300-nvl72" for f in by_text["14 TB"])
    for text in ("144 GB", "4.9 TB/s", "2.52 PFLOPS", "362 PFLOPS", "144"):
        assert any(f.verdict == "verified" for f in by_text[text]), text
    assert report.notices and report.language == "de"

"""The count rule (reviewer/extract/rules/count.py) where a case in tests/rules/count.yaml cannot say it: an
article read in runs (api.RUN_CHARS), which the rule cases do not change."""

from __future__ import annotations

import datetime as dt

from reviewer import api, markdown
from reviewer.source import source_from_text


def test_a_cell_whose_column_header_an_earlier_run_forgot_is_still_read(reviewer, monkeypatch):
    """A table of 18 columns whose header row ends a run: after the run the extractor keeps only the last 16
    blocks it saw (and the headers its run's cells refer to), so the first two header cells' texts are
    forgotten. The cell "16 Trainium2 chips" under the forgotten "Chips" is read all the same: a header that
    is no longer known is read as an empty one (count_claim asks its unit with "" then)."""
    extra = [f"C{k}" for k in range(16)]
    text = ("| Instance | Chips | " + " | ".join(extra) + " |\n|" + "---|" * 18 + "\n"
            "| trn2.48xlarge | 16 Trainium2 chips | " + " | ".join("x" for _ in extra) + " |\n")
    segs = list(markdown.iter_segments(source_from_text(text, "x.md")))
    assert [s.kind for s in segs[:19]] == ["table_cell"] * 19 and segs[19].col_header == segs[1].block
    monkeypatch.setattr(api, "RUN_CHARS", sum(len(s.text) for s in segs[:18]))  # (a run ends with the header row)
    assert len(list(api._in_runs(segs))) == 2
    report = reviewer.review_text(text, lang="en", as_of=dt.date(2025, 12, 10))
    assert [(f.text, f.entity, f.attribute, f.verdict) for f in report.findings] == [
        ("16", "trn2.48xlarge", "chip_count", "verified")]

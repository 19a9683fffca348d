"""The library's entry points (reviewer/api.py): the check codes --select and --ignore take, and an article reviewed in
runs (the mutation run's survivors: docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

import pytest

from reviewer import api
from reviewer.api import check_codes
from reviewer.errors import ConfigError
from reviewer.source import source_from_text

# --- check_codes: "HW101,HW1" as --select and --ignore take it ----------------------------------------------------


def test_check_codes_split_at_commas_and_are_upper_cased():
    assert check_codes(["HW101,hw106", " HW1 "]) == ("HW101", "HW106", "HW1")
    assert check_codes(["HW102, HW107,"]) == ("HW102", "HW107")


def test_a_check_code_that_matches_no_check_is_an_error_naming_it():
    with pytest.raises(ConfigError, match="'HW9' matches no check"):
        check_codes(["HW101,HW9"])


# --- a long article in runs: what the extractor keeps of a run for the next one -------------------------------------

# a table whose header row names Trainium3 and Trainium2 in its second and third columns, and 16 more columns
_COLUMNS = ["Spec", "Trainium3", "Trainium2", *(f"Col{k}" for k in range(3, 19))]
_WIDE_TABLE = ("| " + " | ".join(_COLUMNS) + " |\n" + "|" + "---|" * len(_COLUMNS) + "\n"
               + "| HBM | 144 GB | 96 GB | " + " | ".join("-" for _ in _COLUMNS[3:]) + " |\n")


def _memory_findings(rv) -> list[tuple[str, str, str]]:
    report = rv.review_text(_WIDE_TABLE, lang="en", as_of=dt.date(2025, 12, 10))
    return [(f.entity, f.text, f.verdict) for f in report.findings if f.attribute == "memory_capacity"]


def test_a_wide_table_in_one_run_has_each_columns_figure(reviewer):
    assert _memory_findings(reviewer) == [("trainium3", "144 GB", "verified"), ("trainium2", "96 GB", "verified")]


def test_a_wide_table_whose_header_row_ends_a_run_keeps_each_columns_figure(reviewer, monkeypatch):
    # (between runs every header cell of the run is kept, not only those of its last 16 segments)
    # the run ends right after the header row's 19 cells (Trainium3 is kept as the row's leading hardware cell)
    monkeypatch.setattr(api, "RUN_CHARS", sum(len(f" {c} ") for c in _COLUMNS))
    assert _memory_findings(reviewer) == [("trainium3", "144 GB", "verified"), ("trainium2", "96 GB", "verified")]


# --- a streamed review (ReviewStream): the configuration applied run by run, the alarms it raises ------------------


def _stream(rv, text: str, as_of: dt.date, **config) -> tuple[list[tuple[str, str, str, str]], api.ReviewStream]:
    stream = api.ReviewStream(rv, source_from_text(text, "<text>"), lang="en", as_of=as_of, **config)
    found = [(f.check, f.text, f.verdict, f.severity) for part, _ in stream.parts() for f in part]
    return found, stream


def test_a_streamed_article_with_only_an_outdated_figure_raises_its_alarm(reviewer):
    # the MI325X's 288 GB were superseded by mid-2025: an outdated finding is an alarm as a contradicted one is
    found, stream = _stream(reviewer, "The MI325X has 288 GB of HBM3E.\n", dt.date(2025, 7, 1))
    assert ("HW101", "288 GB", "outdated", "warning") in found
    assert stream.alarms == {"warning"}
    assert stream.counts["outdated"] == 1
    assert stream.head().status == "PASSED WITH CHANGES"
    assert api.exit_code_of_streams([stream], "warning") == 1


def test_a_streamed_article_takes_the_configured_severity_of_a_check(reviewer):
    # `[tool.review.severity] HW101 = "warning"`: the contradicted 96 GB is a warning, and so is the stream's alarm
    text = "Trainium3 has 96 GB of HBM.\n"
    found, stream = _stream(reviewer, text, dt.date(2025, 12, 10), severity={"HW101": "warning"})
    assert ("HW101", "96 GB", "contradicted", "warning") in found
    assert stream.alarms == {"warning"} and stream.head().status == "PASSED WITH CHANGES"
    assert api.exit_code_of_streams([stream], "error") == 0
    found, stream = _stream(reviewer, text, dt.date(2025, 12, 10))
    assert ("HW101", "96 GB", "contradicted", "error") in found and stream.alarms == {"error"}


# --- select_checks: --select and --ignore by code or prefix ----------------------------------------------------


def test_select_and_ignore_keep_the_findings_of_the_checks_they_name(reviewer):
    report = reviewer.review_text("Trainium3 has 96 GB of HBM.\n", lang="en", as_of=dt.date(2025, 12, 10))
    assert sorted(f.check for f in report.findings) == ["HW101", "HW107"]
    selected = api.select_checks(report, select=["HW101"])
    assert [(f.check, f.verdict) for f in selected.findings] == [("HW101", "contradicted")]
    assert selected.status == "FAILED"
    assert [f.check for f in api.select_checks(report, select=["HW1"]).findings] == ["HW101", "HW107"]
    ignored = api.select_checks(report, ignore=["HW101"])
    assert [(f.check, f.verdict) for f in ignored.findings] == [("HW107", "verified")]
    assert ignored.status == "PASSED"
    assert [f.check for f in api.select_checks(report, select=["HW1"], ignore=["HW107"]).findings] == ["HW101"]


# --- the front matter's title and description: reviewed as paragraphs, the description right after the title -----


def test_a_correction_in_the_front_matter_description_corrects_the_title(reviewer):
    # the description is the block after the title: its correction note replaces the title's 96 GB, which is set
    # aside, not reported as the article's own contradicted figure
    text = ("---\ntitle: Trainium3 has 96 GB of HBM\ndescription: 'Correction: Trainium3 has 144 GB of HBM.'\n---\n\n"
            "# Notes\n\nNothing here.\n")
    report = reviewer.review_text(text, lang="en", as_of=dt.date(2025, 12, 10))
    assert [(f.text, f.verdict, f.line) for f in report.findings if f.attribute == "memory_capacity"] == [
        ("144 GB", "verified", 3)]
    assert [(f.text, f.verdict) for f in report.set_aside] == [("96 GB", "contradicted")]
    assert report.status == "PASSED"

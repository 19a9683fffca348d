"""The library's entry points (reviewer/api.py): the check codes --select and --ignore take, and an article reviewed in
runs (the mutation run's survivors: docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

import pytest

from reviewer import api
from reviewer.api import check_codes
from reviewer.errors import ConfigError

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

"""Severity, status and exit code as one table: what articles of each mix of verdicts get, under every
--fail-on, through the CLI in this process (the installed command is smoke-tested in tests/test_cli.py)."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

FRONT = "---\ntitle: Test\ndate: {date}\n---\n\n"

ARTICLES = {
    # name: (date, body, verdicts the findings must have, severities of the alarms, status)
    "nothing": ("2025-12-10", "# Notes\n\nNothing to check here.\n", set(), set(), "PASSED"),
    "verified": ("2025-12-10", "Trainium3 has 144 GB of HBM3e.\n", {"verified"}, set(), "PASSED"),
    "unverifiable": ("2025-12-10", "The Gaudi 2 has 96 GB of memory.\n", {"unverifiable"}, set(), "PASSED"),
    "outdated": ("2025-07-01", "The MI325X has 288 GB of HBM3E.\n", {"outdated", "verified"}, {"warning"},
                 "PASSED WITH CHANGES"),
    "inferred_contradicted": ("2025-12-10", "## Trainium3\n\nThe chip has 96 GB of HBM.\n",
                              {"contradicted", "verified"}, {"warning"}, "PASSED WITH CHANGES"),
    "contradicted": ("2025-12-10", "Trainium3 has 96 GB of HBM.\n", {"contradicted", "verified"}, {"error"},
                     "FAILED"),
    "contradicted_and_outdated": ("2025-07-01", "Trainium2 has 96 GB of HBM3. The MI325X has 288 GB of HBM3E.\n"
                                  "The H200 has 80 GB of HBM3e.\n",
                                  {"contradicted", "outdated", "verified"}, {"error", "warning"}, "FAILED"),
}
# exit code by --fail-on: any alarm at or above the level fails
EXPECTED = {
    "nothing": {"warning": 0, "error": 0, "none": 0},
    "verified": {"warning": 0, "error": 0, "none": 0},
    "unverifiable": {"warning": 0, "error": 0, "none": 0},
    "outdated": {"warning": 1, "error": 0, "none": 0},
    "inferred_contradicted": {"warning": 1, "error": 0, "none": 0},
    "contradicted": {"warning": 1, "error": 1, "none": 0},
    "contradicted_and_outdated": {"warning": 1, "error": 1, "none": 0},
}
CASES = [(name, level) for name in ARTICLES for level in ("warning", "error", "none")]


@pytest.mark.parametrize(("name", "fail_on"), CASES, ids=[f"{n}-{f}" for n, f in CASES])
def test_exit_codes_table(tmp_path, capsys, name, fail_on):
    date, body, verdicts, severities, status = ARTICLES[name]
    path = tmp_path / f"{name}.md"
    path.write_text(FRONT.format(date=date) + body, encoding="utf-8")
    code, out, err = run_cli([str(path), "--format", "json", "--fail-on", fail_on], capsys)
    article = json.loads(out)["articles"][0]
    alarms = [f for f in article["findings"] if f["verdict"] in ("contradicted", "outdated")]
    assert {f["verdict"] for f in article["findings"]} == verdicts
    assert {f["severity"] for f in alarms} == severities
    assert article["status"] == status
    assert (code, err) == (EXPECTED[name][fail_on], "")


def test_exit_codes_an_outdated_only_article_fails_by_default(tmp_path, capsys):
    path = tmp_path / "outdated.md"
    path.write_text(FRONT.format(date="2025-07-01") + ARTICLES["outdated"][1], encoding="utf-8")
    assert run_cli([str(path)], capsys)[0] == 1


def test_exit_codes_a_missing_file_is_2_with_one_line(tmp_path, capsys):
    code, out, err = run_cli([str(tmp_path / "nope.md")], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_configured_severity_turns_a_check_s_errors_into_warnings(reviewer):
    """`[tool.review.severity] HW101 = "warning"`: the check's contradicted findings become warnings, and the status
    and the exit code follow (with --fail-on error the article no longer fails); no mapping changes nothing."""
    from reviewer.api import exit_code, with_severity

    report = reviewer.review_text("Each Trainium3 chip carries 96 GB of HBM3e.", lang="en")
    assert [(f.check, f.severity) for f in report.findings if f.verdict == "contradicted"] == [("HW101", "error")]
    assert with_severity(report, {}) is report
    softer = with_severity(report, {"HW101": "warning"})
    assert [f.severity for f in softer.findings if f.verdict == "contradicted"] == ["warning"]
    assert exit_code([report], "error") == 1 and exit_code([softer], "error") == 0

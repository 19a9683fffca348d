"""Inline suppression (reviewer/suppress.py) on real reviews: each directive form, codes and prefixes, a
reason, and the notice for a directive that suppressed nothing."""

import datetime as dt

import pytest

from reviewer.api import Reviewer
from reviewer.suppress import directives

DAY = dt.date(2026, 3, 1)


@pytest.fixture(scope="module")
def rv():
    return Reviewer()


def alarms(report):
    return [(f.line, f.text, f.check) for f in report.findings if f.verdict in ("contradicted", "outdated")]


def review(rv, text):
    return rv.review_text(text, lang="en", as_of=DAY)


def test_without_directives_every_alarm_is_reported(rv):
    r = review(rv, "Trainium3 has 96 GB of HBM3e.\n\nThe H100 uses HBM3e.\n")
    assert alarms(r) == [(1, "96 GB", "HW101"), (3, "HBM3e", "HW107")]


def test_disable_line_suppresses_its_own_line_only(rv):
    r = review(rv, "Trainium3 has 96 GB of HBM3e. <!-- review-disable-line -->\n\nTrainium3 has 96 GB again.\n")
    assert alarms(r) == [(3, "96 GB", "HW101")]
    assert not r.notices


def test_disable_next_line_with_codes_and_a_reason(rv):
    text = ("<!-- review-disable-next-line HW107 -- the vendor's slide says so -->\n"
            "The H100 uses HBM3e and Trainium3 has 96 GB.\n")
    r = review(rv, text)
    assert alarms(r) == [(2, "96 GB", "HW101")]  # only HW107 was suppressed
    assert directives(text)[0].reason == "the vendor's slide says so"


def test_disable_next_line_skips_blank_lines(rv):
    r = review(rv, "<!-- review-disable-next-line -->\n\nThe H100 uses HBM3e.\n")
    assert alarms(r) == []


def test_disable_and_enable_cover_the_lines_between(rv):
    text = ("Trainium3 has 96 GB.\n\n<!-- review-disable -->\nThe H100 uses HBM3e.\n\nTrainium3 has 96 GB here too.\n"
            "<!-- review-enable -->\n\nThe H100 still uses HBM3e.\n")
    assert alarms(review(rv, text)) == [(1, "96 GB", "HW101"), (9, "HBM3e", "HW107")]


def test_a_block_with_a_code_prefix_keeps_the_other_checks(rv):
    text = "<!-- review-disable HW10 -->\nTrainium3 has 96 GB.\nAWS CEO Adam Selipsky spoke.\n<!-- review-enable -->\n"
    r = review(rv, text)
    assert alarms(r) == []  # HW101 and HW105 both start with HW10
    text = "<!-- review-disable HW105 -->\nTrainium3 has 96 GB.\n\nAWS CEO Adam Selipsky spoke.\n<!-- review-enable -->\n"
    assert alarms(review(rv, text)) == [(2, "96 GB", "HW101")]


def test_a_block_left_open_runs_to_the_end(rv):
    assert alarms(review(rv, "<!-- review-disable -->\nTrainium3 has 96 GB.\n\nThe H100 uses HBM3e.\n")) == []


def test_an_unused_directive_is_a_notice_with_its_line(rv):
    r = review(rv, "Trainium3 has 144 GB. <!-- review-disable-line -->\n\n<!-- review-disable-next-line HW106 -->\n"
                   "Trainium3 has 96 GB.\n")
    assert alarms(r) == [(4, "96 GB", "HW101")]
    assert [(n.code, n.line) for n in r.notices] == [("N010", 1), ("N010", 3)]
    assert "review-disable-next-line HW106" in r.notices[1].message


def test_the_status_follows_what_is_left(rv):
    r = review(rv, "Trainium3 has 96 GB. <!-- review-disable-line -->\n")
    assert r.status == "PASSED"

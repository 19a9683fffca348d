"""The date check (reviewer/checks/dates.py, HW106) on claims built directly against the bundled fact base: the
verdict, the expected date, the suggestion written as precisely as the article's own date, the message (the mutation
run's survivors: docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

from reviewer.checks import BY_ATTRIBUTE
from reviewer.checks.base import CheckContext
from reviewer.models import Claim


def judge(rv, entity: str, attribute: str, period: str, *, text: str | None = None, lang: str = "en",
          as_of: str = "2025-12-10", **fields):
    """The verdict on a claim that `entity`'s `attribute` happened in `period` (Period.encode: "2018", "2018-03",
    "2018-03-05"; year 0 for a date written without a year)."""
    claim = Claim(entity, attribute, 0, 4, text or period, value_text=period, **fields)
    return claim, BY_ATTRIBUTE[attribute].check(claim, CheckContext(rv.factbase, dt.date.fromisoformat(as_of), lang))


# --- the suggestion, as precise as the article's date (_written_like) ---------------------------------------------


def test_wrong_year_is_contradicted_with_the_year(reviewer):
    claim, v = judge(reviewer, "annapurna-labs", "acquired", "2018")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "2015-01-22", "2015")
    assert v.reason == "Annapurna Labs acquisition date: the article says 2018, the source says 2015-01-22."


def test_wrong_month_is_contradicted_with_the_month_in_the_articles_language(reviewer):
    assert judge(reviewer, "annapurna-labs", "acquired", "2018-03")[1].suggestion == "January 2015"
    assert judge(reviewer, "annapurna-labs", "acquired", "2018-03", lang="de")[1].suggestion == "Januar 2015"


def test_wrong_day_is_contradicted_with_the_day_written_the_languages_way(reviewer):
    assert judge(reviewer, "annapurna-labs", "acquired", "2018-03-05", text="March 5, 2018")[1].suggestion \
        == "January 22, 2015"
    assert judge(reviewer, "annapurna-labs", "acquired", "2018-03-05", text="5. März 2018", lang="de")[1].suggestion \
        == "22. Januar 2015"


def test_wrong_day_written_as_iso_is_suggested_as_iso(reviewer):
    assert judge(reviewer, "annapurna-labs", "acquired", "2018-03-05", text="2018-03-05")[1].suggestion == "2015-01-22"
    assert judge(reviewer, "annapurna-labs", "acquired", "2018-03-05", text="2018-03-05", lang="de")[1].suggestion \
        == "2015-01-22"


def test_month_in_a_language_without_its_own_month_names_is_written_in_english(reviewer):
    assert judge(reviewer, "annapurna-labs", "acquired", "2018-03", lang="fr")[1].suggestion == "January 2015"


# --- took office ----------------------------------------------------------------------------------------------


def test_took_office_in_another_year_is_contradicted_with_the_persons_own_start(reviewer):
    # Lip-Bu Tan became Intel's CEO on 2025-03-18 (Pat Gelsinger in 2021: not his start)
    claim, v = judge(reviewer, "intel", "took_office", "2021", versus="lip-bu-tan")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "2025-03-18", "2025")
    assert v.reason == "Lip-Bu Tan start as CEO: the article says 2021, the source says 2025-03-18."


def test_took_office_of_someone_the_fact_base_does_not_know_is_unverifiable(reviewer):
    _, v = judge(reviewer, "intel", "took_office", "2025", versus="Jane Doe")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Intel start as CEO: 2025 is not covered by the fact base."


# --- dates written without a year --------------------------------------------------------------------------------


def test_month_without_a_year_in_that_same_month_looks_back_at_most_a_year(reviewer):
    # "announced in December", written on 2025-12-10: Trainium3's December 2024 is more than a year back
    _, v = judge(reviewer, "trainium3", "announced", "0-12")
    assert (v.kind, v.expected) == ("unverifiable", None)


def test_month_without_a_year_written_on_its_first_day_is_this_years(reviewer):
    # "announced in November", written on 2025-11-01: November 2025, eleven months after Trainium3's announcement:
    # another event, not a wrong date
    _, v = judge(reviewer, "trainium3", "announced", "0-11", as_of="2025-11-01")
    assert (v.kind, v.expected) == ("unverifiable", None)


def test_month_without_a_year_more_than_62_days_from_the_event_is_another_event(reviewer):
    # "announced in October" (2024, written on 2025-09-30): 63 days before Trainium3's December 3
    _, v = judge(reviewer, "trainium3", "announced", "0-10", as_of="2025-09-30")
    assert (v.kind, v.expected) == ("unverifiable", None)


def test_day_without_a_year_62_days_from_the_event_is_a_wrong_day(reviewer):
    # "announced on October 2" (2024): 62 days before December 3, 2024
    _, v = judge(reviewer, "trainium3", "announced", "0-10-02", as_of="2025-09-30")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2024-12-03", "December 3, 2024")


# --- presented, and subjects from context ------------------------------------------------------------------------


def test_presented_after_the_announcement_of_something_on_sale_is_contradicted(reviewer):
    # MI325X: announced June 2024, on sale October 2024: "presented in 2025" is neither
    _, v = judge(reviewer, "mi325x", "announced", "2025", scope="presented")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2024-06-02", "2024")
    assert v.reason == "Instinct MI325X announcement date: the article says 2025, the source says 2024-06-02."


def test_year_of_a_subject_from_context_three_years_off_is_another_event(reviewer):
    _, v = judge(reviewer, "trainium3", "announced", "2021", subject_how="coreference")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Trainium3 announcement date: 2021 is not covered by the fact base."


def test_year_of_a_subject_from_context_two_years_off_is_a_wrong_year(reviewer):
    _, v = judge(reviewer, "trainium3", "announced", "2022", subject_how="coreference")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2024-12-03", "2024")


# --- two dates of one kind (tests/fixtures/edge-facts: Zeta on sale 2024-01-15 and 2024-09-15) --------------------


def test_wrong_year_is_contradicted_with_the_nearest_of_two_dates(edge_reviewer):
    _, v = judge(edge_reviewer, "zeta", "available", "2025")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2024-09-15", "2024")
    assert {s.url for s in v.sources} == {"https://x.example/zeta-wave-2"}


def test_month_without_a_year_is_compared_with_the_nearest_of_two_dates(edge_reviewer):
    # "available in November" (2024, written on 2024-12-10): 47 days after the second wave, not another event
    _, v = judge(edge_reviewer, "zeta", "available", "0-11", as_of="2024-12-10")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2024-09-15", "September 2024")


# --- the day of a tranche of an investment ------------------------------------------------------------------------


def test_tranche_date_of_an_amount_within_a_percent_of_the_tranche_is_that_tranches(reviewer):
    # Amazon's second tranche in Anthropic: $2.75 billion on 2024-03-27; "$2.74 billion" is the same tranche
    from reviewer.quantities import find_quantities

    amount = find_quantities("$2.74 billion", "en")[0]
    claim, v = judge(reviewer, "amazon", "tranche_date", "2024-03", versus="anthropic", quantity=amount)
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "2024-03-27")
    _, v = judge(reviewer, "amazon", "tranche_date", "2025-03", versus="anthropic", quantity=amount)
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2024-03-27", "March 2024")

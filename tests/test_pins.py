"""Behaviours users rely on that one-line changes used to break with every test green (issue 25): each test
here fails when its behaviour does."""

from __future__ import annotations

from conftest import find, review


def test_pins_under_is_an_upper_bound(reviewer):
    # dropping "under" from the at-most qualifiers turns this into a contradicted "150 GB"
    f = find(review(reviewer, "The H200 has under 150 GB of HBM3e.", "en"), "150 GB")
    assert (f.entity, f.verdict) == ("h200", "verified")


def test_pins_dense_is_expected_for_a_figure_without_sparsity(reviewer):
    # dense and sparse swapped when the expected value is picked would expect 9 PFLOPS
    f = find(review(reviewer, "The B200 delivers 3 PFLOPS of FP8.", "en"), "3 PFLOPS")
    assert (f.entity, f.verdict, f.expected) == ("b200", "contradicted", "4.5 PFLOPS")


def test_pins_a_claim_at_column_1_of_line_2_is_there(reviewer):
    f = find(review(reviewer, "Intro line.\n144 GB of HBM3e sit on each Trainium3.\n", "en"), "144 GB")
    assert (f.line, f.column, f.end_column, f.entity) == (2, 1, 7, "trainium3")


def test_pins_a_contradicted_claim_about_an_inferred_subject_is_a_warning(reviewer):
    f = find(review(reviewer, "## Trainium3\n\nThe chip has 96 GB of HBM.\n", "en"), "96 GB")
    assert (f.entity, f.verdict, f.severity) == ("trainium3", "contradicted", "warning")


def test_pins_a_contradicted_ratio_is_a_warning(reviewer):
    text = "Trainium3 has 144 GB of HBM3e.\nIt offers 10 times the memory of Trainium2.\n"
    f = find(review(reviewer, text, "en"), "10 times")
    assert (f.entity, f.verdict, f.severity) == ("trainium3", "contradicted", "warning")


def test_pins_a_contradicted_claim_named_in_its_sentence_is_an_error(reviewer):
    f = find(review(reviewer, "Trainium3 has 96 GB of HBM.", "en"), "96 GB")
    assert (f.verdict, f.severity) == ("contradicted", "error")


def test_pins_the_closest_current_fact_is_expected_not_a_superseded_one(reviewer):
    # MI325X: 288 GB announced (superseded), 256 GB shipped; 280 GB is nearer 288, but the current one is meant
    f = find(review(reviewer, "The MI325X has 280 GB of HBM3E.", "en", as_of="2025-07-01"), "280 GB")
    assert (f.entity, f.verdict, f.expected) == ("mi325x", "contradicted", "256 GB")


def test_pins_nearly_is_just_short_of_the_figure(reviewer):
    # loosening the "nearly" floor from 0.85 to 0.5 would verify 8 PFLOPS for the B200's 4.5
    f = find(review(reviewer, "The B200 delivers nearly 8 PFLOPS of dense FP8.", "en"), "8 PFLOPS")
    assert (f.entity, f.verdict) == ("b200", "contradicted")


def test_pins_of_two_equally_near_facts_the_current_one_is_expected(reviewer):
    # closest() breaks a tie for the current fact; without that the alternate listed first would be expected
    from dataclasses import replace

    from reviewer.checks.base import closest
    from reviewer.models import Quantity

    current = next(f for f in reviewer.factbase.about("h200", "memory_capacity") if f.fact.status == "current")
    alternate = replace(current, fact=current.fact.model_copy(update={"status": "alternate"}))
    q = Quantity(0, 6, "141 GB", 141.0, 0.5, "gigabyte", "memory")
    assert closest(q, [alternate, current]) is current

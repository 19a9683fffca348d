"""The comparison check (reviewer/checks/ratio.py, HW102) on claims built directly, with the figure read by the real
quantity parser, against the bundled fact base: verdict, expected ratio, suggestion, message and sources (the mutation
run's survivors: docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

from reviewer.checks import BY_ATTRIBUTE
from reviewer.checks.base import CheckContext
from reviewer.models import Claim, Quantity
from reviewer.quantities import find_quantities


def judge(rv, entity: str, versus: str, written: str, *, lang: str = "en", **fields):
    q = find_quantities(written, lang)[0]
    claim = Claim(entity, "ratio", 0, len(written), q.text, quantity=q, versus=versus, **fields)
    return claim, BY_ATTRIBUTE["ratio"].check(claim, CheckContext(rv.factbase, dt.date(2025, 12, 10), lang))


def test_ratio_of_a_system_to_a_chip_compares_the_system_built_from_that_chip(reviewer):
    # "a Trn3 UltraServer has 4.4 times the compute of Trainium2": of the Trn2 UltraServer
    claim, v = judge(reviewer, "trn3-ultraserver", "trainium2", "4.4 times")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "4.4x", None)
    assert v.reason == "Trn3 UltraServer vs Trn2 UltraServer (compute): 4.4 times agrees with the sources (4.4x)."


def test_ratio_of_a_system_to_a_chip_its_predecessor_is_not_built_from_stays_that_chip(reviewer):
    _, v = judge(reviewer, "trn3-ultraserver", "trainium", "4.4 times")
    assert (v.kind, v.expected) == ("contradicted", "508.55x")
    assert v.reason.startswith("Trn3 UltraServer vs Trainium (1st generation) (compute): the article says 4.4 times")


def test_ratio_against_the_vendors_stated_one_is_contradicted_with_a_suggestion(reviewer):
    claim, v = judge(reviewer, "trainium3", "trainium2", "4.4 times")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "2x", "2 times")
    assert v.reason == "Trainium3 vs Trainium2 (compute): the article says 4.4 times, the sources give 2x."
    assert {s.url for s in v.sources} == {s.url for f in reviewer.factbase.about("trainium3", "ratio")
                                          if f.q.versus == "trainium2" and f.q.metric == "compute"
                                          and f.q.precision == "FP8" for s in f.fact.sources}


def test_ratio_contradicted_in_german(reviewer):
    _, v = judge(reviewer, "trainium3", "trainium2", "4,4-mal", lang="de")
    assert (v.kind, v.expected) == ("contradicted", "2x")
    assert v.reason == "Trainium3 gegenüber Trainium2 (Rechenleistung): Im Artikel steht 4,4-mal, laut Quellen 2x."


def test_ratio_at_most_a_figure_above_the_stated_one_is_verified(reviewer):
    _, v = judge(reviewer, "trainium3", "trainium2", "at most 3x", precision="FP8")
    assert (v.kind, v.expected) == ("verified", "2x")


def test_ratio_between_the_precisions_ratios_without_a_precision_is_undecided(reviewer):
    # Trainium2 vs Trainium: 6.7x at FP8, 3.4x at BF16, 3.7x at FP32; "5x" with no precision could be any
    claim, v = judge(reviewer, "trainium2", "trainium", "5x")
    assert (v.claim, v.kind, v.expected, v.sources) == (claim, "unverifiable", None, ())
    assert v.reason == "Trainium2 ratio: 5x is not covered by the fact base."


def test_ratio_derived_from_microscaled_figures_is_the_fp8_ratio(reviewer):
    # MXFP8 is read as FP8: 2,517 / 1,299 TFLOPS
    _, v = judge(reviewer, "trainium3", "trainium2", "1.9x", precision="MXFP8")
    assert (v.kind, v.expected) == ("verified", "1.94x")


# --- percentages and ranges (a ratio as the extractor reads "48 to 52 percent more": 1.48-1.52 times) --------------


def judge_ratio(rv, entity: str, versus: str, text: str, value: float, high: float | None = None, **fields):
    q = Quantity(0, len(text), text, value, 0.005, "times", "ratio", "exact", high)
    claim = Claim(entity, "ratio", 0, len(text), text, quantity=q, versus=versus, **fields)
    return BY_ATTRIBUTE["ratio"].check(claim, CheckContext(rv.factbase, dt.date(2025, 12, 10), "en"))


def test_percentage_range_around_the_stated_ratio_is_verified(reviewer):
    # Trainium3 has 1.5x Trainium2's memory: "40-60% more" contains it
    v = judge_ratio(reviewer, "trainium3", "trainium2", "40-60%", 1.4, 1.6, scope="memory_capacity")
    assert (v.kind, v.expected) == ("verified", "1.5x")
    assert v.reason == "Trainium3 vs Trainium2 (memory capacity): 40-60% agrees with the sources (1.5x)."


def test_narrow_percentage_range_around_the_stated_ratio_is_verified(reviewer):
    v = judge_ratio(reviewer, "trainium3", "trainium2", "48-52%", 1.48, 1.52, scope="memory_capacity")
    assert (v.kind, v.expected) == ("verified", "1.5x")


def test_percentage_range_reaching_the_stated_ratio_within_rounding_is_verified(reviewer):
    # "40-48% more" for 1.5x: the top of the range is within the two points a percentage is held to
    v = judge_ratio(reviewer, "trainium3", "trainium2", "40-48%", 1.40, 1.48, scope="memory_capacity")
    assert (v.kind, v.expected) == ("verified", "1.5x")


def test_percentage_range_short_of_the_stated_ratio_is_contradicted(reviewer):
    v = judge_ratio(reviewer, "trainium3", "trainium2", "30-40%", 1.3, 1.4, scope="memory_capacity")
    assert (v.kind, v.expected) == ("contradicted", "1.5x")
    assert v.reason == "Trainium3 vs Trainium2 (memory capacity): the article says 30-40%, the sources give 1.5x."


def test_percentage_range_within_a_stated_range_is_verified(reviewer):
    # Trainium2: 30-40% better price performance than GPU-based EC2 instances
    v = judge_ratio(reviewer, "trainium2", "gpu-ec2-instances", "30-40%", 1.3, 1.4, scope="price_performance")
    assert (v.kind, v.expected) == ("verified", "1.3-1.4x")


def test_percentage_within_a_stated_range_is_verified(reviewer):
    v = judge_ratio(reviewer, "trainium2", "gpu-ec2-instances", "35%", 1.35, scope="price_performance")
    assert (v.kind, v.expected) == ("verified", "1.3-1.4x")


def test_percentage_range_beyond_a_stated_range_is_contradicted(reviewer):
    v = judge_ratio(reviewer, "trainium2", "gpu-ec2-instances", "40-50%", 1.4, 1.5, scope="price_performance")
    assert (v.kind, v.expected) == ("contradicted", "1.3-1.4x")


def test_ratio_of_an_instance_to_a_chip_compares_the_instance_built_from_that_chip(reviewer):
    # "an ND H200 v5 has 1.76 times the memory of the H100": of the ND H100 v5
    _, v = judge(reviewer, "nd-h200-v5", "h100", "1.76x", scope="memory_capacity")
    assert (v.kind, v.expected) == ("verified", "1.76x")
    assert v.reason == "ND H200 v5 vs ND H100 v5 (memory capacity): 1.76x agrees with the sources (1.76x)."


def test_percentage_is_held_to_six_percent_of_its_gain(reviewer):
    # 47.5 % more for 1.5x: 2.5 points off a 50 % gain, within the 3 points (6 % of it) allowed
    v = judge_ratio(reviewer, "trainium3", "trainium2", "47.5%", 1.475, scope="memory_capacity")
    assert (v.kind, v.expected) == ("verified", "1.5x")
    v = judge_ratio(reviewer, "trainium3", "trainium2", "46%", 1.46, scope="memory_capacity")
    assert (v.kind, v.expected) == ("contradicted", "1.5x")


def _ratio_finding(rv, text: str, lang: str):
    report = rv.review_text(text, lang=lang, as_of=dt.date(2025, 12, 10))
    return next(f for f in report.findings if f.check == "HW102")


def test_a_fraction_more_keeps_the_slack_of_its_own_rounding(reviewer):
    """"a quarter more" is a rounded fraction (half a twentieth either way), not "25 %" to the point: the B200's
    180 GB against the H200's 141 GB, 1.28x, is a quarter more (the 6 % of the gain alone would leave 0.017)."""
    f = _ratio_finding(reviewer, "The B200 has a quarter more memory than the H200.", "en")
    assert (f.entity, f.text, f.verdict, f.expected) == ("b200", "a quarter", "verified", "1.28x")
    f = _ratio_finding(reviewer, "Der B200 hat ein Viertel mehr Speicher als der H200.", "de")
    assert (f.entity, f.text, f.verdict, f.expected) == ("b200", "Viertel", "verified", "1,28x")


def test_ratio_at_most_just_under_the_vendors_rounded_ratio_is_verified(reviewer):
    # AWS's "2x" is 2,517 / 1,299 TFLOPS = 1.94 rounded: "at most 1.9 times" is within the slack of a rounded ratio
    claim, v = judge(reviewer, "trainium3", "trainium2", "at most 1.9x", precision="FP8")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "2x", None)
    assert v.reason == "Trainium3 vs Trainium2 (compute): 1.9x agrees with the sources (2x)."


def test_ratio_between_two_precisions_ratios_without_a_precision_is_undecided(reviewer):
    # B300 vs B200: 1x at FP8, 1.67x at FP4 (the only two precisions both have); "1.3x" could be either
    claim, v = judge(reviewer, "b300", "b200", "1.3x")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.sources) == (claim, "unverifiable", None, None, ())
    assert v.reason == "B300 (Blackwell Ultra) ratio: 1.3x is not covered by the fact base."
    _, v = judge(reviewer, "b300", "b200", "1,3-mal", lang="de")
    assert (v.kind, v.reason) == ("unverifiable", "B300 (Blackwell Ultra) Verhältnis: 1,3-mal ist nicht in der "
                                                   "Faktenbasis belegt.")


def test_nearly_a_percentage_reaching_its_floor_exactly_is_verified(reviewer):
    # "1.51 TB/s, nearly 60 percent more than 1 TB/s": a gain of 51 % is 85 % of the 60 % written, the floor itself
    text = "60 percent"
    q = Quantity(0, len(text), text, 1.6, 0.005, "times", "ratio", "nearly", None)
    claim = Claim("trainium3", "ratio", 0, len(text), text, quantity=q, scope="figures", value_text="1.51")
    v = BY_ATTRIBUTE["ratio"].check(claim, CheckContext(reviewer.factbase, dt.date(2025, 12, 10), "en"))
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "1.51x", None)
    assert v.reason == "Trainium3: 60 percent agrees with the two figures the sentence compares (1.51x)."


def test_ratio_of_figures_one_of_which_is_a_range_is_held_to_their_quotient_not_the_ranges_top(reviewer):
    # MTIA 500: "384-512 GB" of HBM against the MTIA 450's 288 GB is 1.33x; the 512 is a capacity, not a ratio's top
    claim, v = judge(reviewer, "mtia-500", "mtia-450", "three times", scope="memory_capacity")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "1.33x", "1.33x")
    assert v.reason == ("Meta MTIA 500 vs Meta MTIA 450 (memory capacity): the article says three times, the sources "
                        "give 1.33x.")

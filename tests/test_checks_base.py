"""What the checks share (reviewer/checks/base.py): how a figure as written matches a fact, which fact is the closest,
how a fact's value is written, and the siblings an entity has; on real facts of the bundled and the fixture fact base
and figures read by the real quantity parser (the mutation run's survivors: docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

import pytest

from reviewer.checks import BY_ATTRIBUTE
from reviewer.checks.base import (
    CheckContext,
    closest,
    interval,
    matches,
    matches_as_written,
    matches_digits,
    render_fact_value,
    same_kind_and_vendor,
)
from reviewer.models import Claim
from reviewer.quantities import find_quantities


def q(written: str, lang: str = "en"):
    return find_quantities(written, lang)[0]


def fact(rv, entity: str, attribute: str, value):
    return next(f for f in rv.factbase.about(entity, attribute) if f.value == value and f.entity == entity)


def judge(rv, entity: str, attribute: str, written: str, lang: str = "en", **fields):
    quantity = q(written, lang)
    claim = Claim(entity, attribute, 0, len(written), quantity.text, quantity=quantity, **fields)
    return BY_ATTRIBUTE[attribute].check(claim, CheckContext(rv.factbase, dt.date(2025, 12, 10), lang))


# --- matches_digits: the digits written, no slack ----------------------------------------------------------------


def test_digits_of_a_count_match_within_half_a_unit(reviewer):
    chips = fact(reviewer, "trn3-ultraserver", "chip_count", 144.0)
    assert matches_digits(q("144 chips"), chips)
    assert not matches_digits(q("145 chips"), chips)
    assert not matches_digits(q("146 chips"), chips)


def test_digits_of_a_ratio_match_the_ratio(reviewer):
    four = fact(reviewer, "trainium4", "ratio", 4.0)
    assert four.family == "count"  # (a ratio fact is stored as a count of times)
    assert matches_digits(q("4 chips"), four)
    assert not matches_digits(q("5 chips"), four)


def test_digits_of_a_rate_match_the_rate_written(reviewer):
    bw = fact(reviewer, "gaudi3", "memory_bandwidth", 3.7)
    assert matches_digits(q("3.7 TB/s"), bw)
    assert not matches_digits(q("3.8 TB/s"), bw)
    assert not matches_digits(q("3.65 TB/s"), bw)


def test_digits_of_another_kind_of_figure_never_match(reviewer):
    # 3.7 TB is a capacity: the same number of bytes as 3.7 TB/s in a second, but not a rate
    assert not matches_digits(q("3.7 TB"), fact(reviewer, "gaudi3", "memory_bandwidth", 3.7))


def test_digits_never_match_a_fact_without_a_number(reviewer):
    link = fact(reviewer, "trainium3", "interconnect", "NeuronLink-v4")
    assert link.base_value is None
    assert not matches_digits(q("4 links"), link)
    assert not matches(q("4 links"), link)


def test_digits_of_a_range_never_match(reviewer):
    assert not matches_digits(q("3.5-3.9 TB/s"), fact(reviewer, "gaudi3", "memory_bandwidth", 3.7))


# --- matches_as_written: the figure as written, with the vendors' rounding but not the writer's ------------------


def test_as_written_a_rate_keeps_no_rounding_of_its_last_digit(reviewer):
    # "2.5 TB/s" may be Trainium3's 2.56 TB/s cut short; as written it is 2.5, not 2.56
    link = fact(reviewer, "trainium3", "interconnect_bandwidth", 2.56)
    assert matches(q("2.5 TB/s"), link)
    assert not matches_as_written(q("2.5 TB/s"), link)
    assert matches_as_written(q("2.56 TB/s"), link)


def test_as_written_a_qualified_rate_is_read_as_exact(reviewer):
    fp8 = fact(reviewer, "trainium3", "compute", 2517.0)
    assert matches(q("more than 2 PFLOPS"), fp8)
    assert not matches_as_written(q("more than 2 PFLOPS"), fp8)
    assert matches_as_written(q("about 2.52 PFLOPS"), fp8)


def test_as_written_a_count_keeps_its_rounding(reviewer):
    chips = fact(reviewer, "trn3-ultraserver", "chip_count", 144.0)
    assert matches_as_written(q("144 chips"), chips)
    assert not matches_as_written(q("146 chips"), chips)


def test_as_written_a_range_keeps_its_rounding(reviewer):
    assert matches_as_written(q("3.5-3.7 TB/s"), fact(reviewer, "gaudi3", "memory_bandwidth", 3.7))


# --- closest: the fact the writer most likely meant ---------------------------------------------------------------


def test_closest_of_announced_figures_only_is_the_nearest_one(reviewer):
    # MI455X has announced figures only (MXFP4 40.26, FP8 20.13, BF16 5.03 PFLOPS): 6 PFLOPS is nearest the BF16 one
    v = judge(reviewer, "mi455x", "compute", "6 PFLOPS")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "5.03 PFLOPS", "5.03 PFLOPS")
    assert v.reason == "AMD Instinct MI455X compute: the article says 6 PFLOPS, the source says 5.03 PFLOPS."


# --- render_fact_value -------------------------------------------------------------------------------------------


def test_fact_value_that_is_a_name_is_written_as_it_is(reviewer):
    assert render_fact_value(fact(reviewer, "trainium3", "interconnect", "NeuronLink-v4"), "en") == "NeuronLink-v4"


def test_fact_value_in_german_uses_german_number_marks_and_unit_words(reviewer):
    assert render_fact_value(fact(reviewer, "trainium3", "compute", 2517.0), "de") == "2517 TFLOPS"
    assert render_fact_value(fact(reviewer, "p5.48xlarge", "price_per_hour", 55.04), "de") == "55,04 USD pro Stunde"
    assert render_fact_value(fact(reviewer, "p5.48xlarge", "price_per_hour", 55.04), "en") == "55.04 USD / hour"


# --- same_kind_and_vendor: siblings, per fact base ---------------------------------------------------------------


def test_siblings_are_of_the_same_kind_and_vendor_without_the_entity_itself(reviewer):
    fb = reviewer.factbase
    siblings = [e.id for e in same_kind_and_vendor(fb, fb.entities["trainium3"])]
    assert "trainium2" in siblings and "inferentia2" in siblings
    assert "trainium3" not in siblings and "trn3-ultraserver" not in siblings and "h100" not in siblings


def test_siblings_are_those_of_the_fact_base_asked_even_after_another(reviewer, fixture_reviewer):
    # the bundled fact base's siblings first, then the fixture's: each answer is its own fact base's
    bundled = reviewer.factbase
    assert "h200" in [e.id for e in same_kind_and_vendor(bundled, bundled.entities["h100"])]
    fixture = fixture_reviewer.factbase
    assert [e.id for e in same_kind_and_vendor(fixture, fixture.entities["tpu-v5e"])] == ["h100", "tpu-v5p"]
    v = BY_ATTRIBUTE["memory_capacity"].check(
        Claim("tpu-v5e", "memory_capacity", 0, 5, "95 GB", quantity=q("95 GB")),
        CheckContext(fixture, dt.date(2025, 12, 10), "en"))
    assert (v.kind, v.expected, v.note) == ("contradicted", "16 GB", "95 GB is the figure of TPU v5p.")
    assert "h200" in [e.id for e in same_kind_and_vendor(bundled, bundled.entities["h100"])]


# --- interval: a floor of zero has no ceiling ----------------------------------------------------------------------


def test_a_floor_of_zero_admits_any_value_above_it():
    """"more than 0 W" / "gut 0 TB/s": a quarter more or twice nothing is still nothing, so the interval has no top
    (not the empty interval [0, 0] that 1.25 x 0 or 2 x 0 would give)."""
    import dataclasses

    for written, qualifier in (("more than 0 W", "at_least"), ("well over 0 W", "over")):
        zero = q(written)
        assert zero.value == 0, written
        low, high = interval(dataclasses.replace(zero, qualifier=qualifier))
        assert low <= 0 and high == float("inf"), (written, low, high)


def test_a_verdict_cites_its_sources_with_their_dates(reviewer):
    """The log and the JSON give each source's date (ISO): an editor sees how fresh the citation is."""
    import re

    v = judge(reviewer, "trainium3", "memory_capacity", "144 GB")
    assert v.kind == "verified" and v.sources
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", s.date) for s in v.sources), v.sources


def test_a_finding_names_its_entity_as_the_fact_base_does(reviewer):
    """The log says "Trainium3", the fact base's display name, whatever the article wrote ("Trn3")."""
    report = reviewer.review_text("Each Trainium3 chip carries 144 GB of HBM3e.", lang="en", as_of=dt.date(2025, 12, 10))
    f = next(f for f in report.findings if f.text == "144 GB")
    assert f.entity == "trainium3" and f.entity_name == reviewer.factbase.entities["trainium3"].name


# --- the top of an interval, a vendor's range in a suggestion (the mutation run's survivors) -----------------------


def test_a_good_figure_admits_a_quarter_more_exactly(reviewer):
    """"a good 64 GB" admits up to 1.25 x 64 = 80 GB, the top itself included: the H100's 80 GB."""
    memory = fact(reviewer, "h100", "memory_capacity", 80.0)
    assert interval(q("a good 64 GB"))[1] == 80.0
    assert matches(q("a good 64 GB"), memory)
    v = judge(reviewer, "h100", "memory_capacity", "a good 64 GB")
    assert (v.kind, v.expected) == ("verified", "80 GB")


def test_a_little_over_a_figure_admits_a_seventh_more(reviewer):
    """"a little over 64 GB" is not the H100's 80 GB (a quarter more): "a little" stays within 1.15 x the figure."""
    memory = fact(reviewer, "h100", "memory_capacity", 80.0)
    assert interval(q("a little over 40 GB"))[1] == pytest.approx(46.0)
    assert not matches(q("a little over 64 GB"), memory)
    assert matches(q("a little over 70 GB"), memory)
    v = judge(reviewer, "h100", "memory_capacity", "a little over 64 GB")
    assert (v.kind, v.expected) == ("contradicted", "80 GB")


def test_well_over_a_figure_is_more_than_it_below_twice(reviewer):
    """"well over 41 GB" reads as "more than": below twice the figure (81.5 GB), so the H100's 80 GB fits."""
    assert interval(q("well over 41 GB"))[1] == 81.5
    v = judge(reviewer, "h100", "memory_capacity", "well over 41 GB")
    assert (v.kind, v.expected) == ("verified", "80 GB")


def test_suggestion_for_a_vendors_range_is_the_range_in_the_writers_unit(reviewer):
    # Meta's MTIA 500: "384-512 GB" of HBM
    v = judge(reviewer, "mtia-500", "memory_capacity", "256 GB")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "384 GB", "384-512 GB")
    v = judge(reviewer, "mtia-500", "memory_capacity", "0.25 TB")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "384 GB", "0.384-0.512 TB")


# --- closest: a fact that is not current is only a little further away (the mutation run's survivors) ------------


def test_closest_prefers_a_figure_that_is_not_current_when_it_is_clearly_nearer(reviewer):
    # the MI325X: 256 GB as shipped (current), 288 GB as announced at Computex 2024 (not current)
    shipped = fact(reviewer, "mi325x", "memory_capacity", 256.0)
    announced = fact(reviewer, "mi325x", "memory_capacity", 288.0)
    assert announced.fact.status != "current" and shipped.fact.status == "current"
    assert closest(q("290 GB"), [shipped, announced]) is announced  # 0.7 % from 288 GB, 12 % from 256 GB
    assert closest(q("280 GB"), [shipped, announced]) is announced
    # halfway between them on a log scale (about 271.5 GB) the current figure wins by a small margin
    assert closest(q("272 GB"), [shipped, announced]) is shipped


# --- suggest_as_written: a vendor's value of exactly one in the writer's unit ------------------------------------


def test_suggestion_of_exactly_one_in_the_writers_unit_is_written_in_that_unit(reviewer):
    # the MI350X draws 1,000 W: "1.4 kW" is corrected to "1 kW" (only a value below one falls back to the vendor's W)
    v = judge(reviewer, "mi350x", "power", "1.4 kW")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "1,000 W", "1 kW")
    v = judge(reviewer, "mi350x", "power", "1,4 kW", lang="de")
    assert (v.kind, v.suggestion) == ("contradicted", "1 kW")
    v = judge(reviewer, "a3-highgpu-8g", "network_bandwidth", "1.6 Tbps")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "1,000 Gbps", "1 Tbps")


# --- the memo of a fact's sources is bounded (a long batch or server run sees ever new fact objects) --------------


def test_the_memo_of_sources_holds_at_most_20001_facts_and_then_starts_over(reviewer):
    """Every fact object a verdict cites is remembered with its SourceRefs; a process that loads fact bases again
    and again (the batch, a server) must not keep them all: past 20,000 the memo is emptied before the next one."""
    import dataclasses

    from reviewer.checks import base
    from reviewer.checks.base import sources_of

    memory = fact(reviewer, "trainium3", "memory_capacity", 144.0)
    copies = [dataclasses.replace(memory) for _ in range(20_002)]  # (kept alive: each keeps its own id)
    cited = sources_of([memory])
    base._REFS.clear()
    largest = 0
    for f in copies:
        assert sources_of([f]) == cited  # (the same sources, memo or not)
        largest = max(largest, len(base._REFS))
    assert largest == 20_001 and len(base._REFS) == 1  # (emptied before the 20,002nd copy, which is left alone)
    base._REFS.clear()


# --- a figure its source words as "more than" (the edge fixture's made-up fact) ----------------------------------


def test_a_count_the_source_gives_as_more_than_is_not_matched_by_at_most_or_nearly(edge_reviewer):
    """Bolt's fleet is "more than 100,000 chips" as its source words it: "at most" or "nearly 100,000" says the
    count stays below what the source says it exceeds, so neither matches; "more than 100,000" and "100,000" do."""
    fleet = fact(edge_reviewer, "bolt", "chip_count", 100000.0)
    assert fleet.fact.qualifiers.as_stated == "over"
    assert not matches(q("at most 100,000 chips"), fleet)
    assert not matches(q("höchstens 100.000 Chips", "de"), fleet)
    assert not matches(q("nearly 100,000 chips"), fleet)
    assert matches(q("more than 100,000 chips"), fleet) and matches(q("100,000 chips"), fleet)


def test_closest_of_a_count_of_one_is_the_fact_it_is_compared_with(reviewer):
    # "a p5.48xlarge with 1 H100": a count of one is a figure like any other, compared with the 8 GPUs on record
    eight = fact(reviewer, "p5.48xlarge", "chip_count", 8.0)
    assert q("1").value == 1
    assert closest(q("1"), [eight]) is eight

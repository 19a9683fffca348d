"""Boundary tables: for every qualifier, in both languages, one figure just inside the tolerance the checks
allow and one just outside (reviewer/checks/base.py: interval); dense against sparse; a current figure against
a superseded one; GB against GiB; bits against bytes. Every figure is from facts/ (H200: 141 GB HBM3e; B200:
4.5 PFLOPS dense FP8, 9 with sparsity; MI325X: 288 GB announced, 256 GB shipped; Trainium3: 144 GiB; Trn3
UltraServer: 28.8 Tbps EFA)."""

from __future__ import annotations

import pytest
from conftest import find, review

# (qualifier, language, sentence, figure, verdict)
QUALIFIERS = [
    ('exact', 'en', 'The H200 has 140 GB of HBM3e.', '140 GB', 'verified'),
    ('exact', 'en', 'The H200 has 139 GB of HBM3e.', '139 GB', 'contradicted'),
    ('exact', 'de', 'Die H200 hat 140 GB HBM3e.', '140 GB', 'verified'),
    ('exact', 'de', 'Die H200 hat 139 GB HBM3e.', '139 GB', 'contradicted'),
    ('about', 'en', 'The H200 has about 134 GB of HBM3e.', '134 GB', 'verified'),
    ('about', 'en', 'The H200 has about 133 GB of HBM3e.', '133 GB', 'contradicted'),
    ('about', 'de', 'Die H200 hat etwa 134 GB HBM3e.', '134 GB', 'verified'),
    ('about', 'de', 'Die H200 hat etwa 133 GB HBM3e.', '133 GB', 'contradicted'),
    ('nearly', 'en', 'The B200 delivers nearly 5 PFLOPS of dense FP8.', '5 PFLOPS', 'verified'),
    ('nearly', 'en', 'The B200 delivers nearly 5.4 PFLOPS of dense FP8.', '5.4 PFLOPS', 'contradicted'),
    ('nearly', 'de', 'Die B200 liefert knapp 5 PFLOPS FP8 dicht.', '5 PFLOPS', 'verified'),
    ('nearly', 'de', 'Die B200 liefert knapp 5,4 PFLOPS FP8 dicht.', '5,4 PFLOPS', 'contradicted'),
    ('up to', 'en', 'The H200 offers up to 140 GB of HBM3e.', '140 GB', 'verified'),
    ('up to', 'en', 'The H200 offers up to 139 GB of HBM3e.', '139 GB', 'contradicted'),
    ('up to', 'de', 'Die H200 bietet bis zu 140 GB HBM3e.', '140 GB', 'verified'),
    ('up to', 'de', 'Die H200 bietet bis zu 139 GB HBM3e.', '139 GB', 'contradicted'),
    ('at most', 'en', 'The H200 has under 150 GB of HBM3e.', '150 GB', 'verified'),
    ('at most', 'en', 'The H200 has under 140 GB of HBM3e.', '140 GB', 'contradicted'),
    ('at most', 'de', 'Die H200 hat unter 150 GB HBM3e.', '150 GB', 'verified'),
    ('at most', 'de', 'Die H200 hat unter 140 GB HBM3e.', '140 GB', 'contradicted'),
    ('at most', 'en', 'The H200 has at most 142 GB of HBM3e.', '142 GB', 'verified'),
    ('at most', 'de', 'Die H200 hat höchstens 140 GB HBM3e.', '140 GB', 'contradicted'),
    ('at least', 'en', 'The H200 has at least 141 GB of HBM3e.', '141 GB', 'verified'),
    ('at least', 'en', 'The H200 has at least 142 GB of HBM3e.', '142 GB', 'contradicted'),
    ('at least', 'de', 'Die H200 hat mindestens 141 GB HBM3e.', '141 GB', 'verified'),
    ('at least', 'de', 'Die H200 hat mindestens 142 GB HBM3e.', '142 GB', 'contradicted'),
    ('more than', 'en', 'The H200 has more than 100 GB of HBM3e.', '100 GB', 'verified'),
    ('more than', 'en', 'The H200 has more than 60 GB of HBM3e.', '60 GB', 'contradicted'),
    ('more than', 'de', 'Die H200 hat mehr als 100 GB HBM3e.', '100 GB', 'verified'),
    ('more than', 'de', 'Die H200 hat mehr als 60 GB HBM3e.', '60 GB', 'contradicted'),
    # "well over", "deutlich über": "more than", below twice the figure
    ('more than', 'en', 'The H200 has well over 71 GB of HBM3e.', '71 GB', 'verified'),
    ('more than', 'en', 'The H200 has well over 70 GB of HBM3e.', '70 GB', 'contradicted'),
    ('more than', 'de', 'Die H200 hat deutlich über 71 GB HBM3e.', '71 GB', 'verified'),
    ('more than', 'de', 'Die H200 hat deutlich über 70 GB HBM3e.', '70 GB', 'contradicted'),
    # "a good", "a little over", "gut", "etwas mehr als": a floor the value reaches, and at most a quarter above it
    ('over', 'en', 'The H200 has a good 141 GB of HBM3e.', '141 GB', 'verified'),
    ('over', 'en', 'The H200 has a good 142 GB of HBM3e.', '142 GB', 'contradicted'),
    ('over', 'en', 'The H200 has a good 113 GB of HBM3e.', '113 GB', 'verified'),
    ('over', 'en', 'The H200 has a good 112 GB of HBM3e.', '112 GB', 'contradicted'),
    ('over', 'de', 'Die H200 hat gut 141 GB HBM3e.', '141 GB', 'verified'),
    ('over', 'de', 'Die H200 hat gut 142 GB HBM3e.', '142 GB', 'contradicted'),
    ('over', 'de', 'Die H200 hat gut 113 GB HBM3e.', '113 GB', 'verified'),
    ('over', 'de', 'Die H200 hat gut 112 GB HBM3e.', '112 GB', 'contradicted'),
    # "a bit more than", "etwas mehr als": not by a seventh more (141 / 1.15 = 122.6)
    ('slightly_over', 'en', 'The H200 has a little over 141 GB of HBM3e.', '141 GB', 'verified'),
    ('slightly_over', 'en', 'The H200 has a little over 142 GB of HBM3e.', '142 GB', 'contradicted'),
    ('slightly_over', 'en', 'The H200 has a little over 123 GB of HBM3e.', '123 GB', 'verified'),
    ('slightly_over', 'en', 'The H200 has a little over 122 GB of HBM3e.', '122 GB', 'contradicted'),
    ('slightly_over', 'de', 'Die H200 hat etwas mehr als 141 GB HBM3e.', '141 GB', 'verified'),
    ('slightly_over', 'de', 'Die H200 hat etwas mehr als 142 GB HBM3e.', '142 GB', 'contradicted'),
    ('slightly_over', 'de', 'Die H200 hat etwas mehr als 123 GB HBM3e.', '123 GB', 'verified'),
    ('slightly_over', 'de', 'Die H200 hat etwas mehr als 122 GB HBM3e.', '122 GB', 'contradicted'),
    ('range', 'en', 'The H200 has 135-145 GB of HBM3e.', '135-145 GB', 'verified'),
    ('range', 'en', 'The H200 has 100-120 GB of HBM3e.', '100-120 GB', 'contradicted'),
    ('range', 'de', 'Die H200 hat 135-145 GB HBM3e.', '135-145 GB', 'verified'),
    ('range', 'de', 'Die H200 hat 100-120 GB HBM3e.', '100-120 GB', 'contradicted'),
]

KINDS = [
    # dense against sparse: a sparse figure sold as dense is the mistake
    ("sparse", "en", "The B200 delivers 9 PFLOPS of sparse FP8.", "9 PFLOPS", "verified"),
    ("sparse", "en", "The B200 delivers 9 PFLOPS of dense FP8.", "9 PFLOPS", "contradicted"),
    ("sparse", "de", "Die B200 liefert 9 PFLOPS FP8 mit Sparsity.", "9 PFLOPS", "verified"),
    ("sparse", "de", "Die B200 liefert 9 PFLOPS FP8 dicht.", "9 PFLOPS", "contradicted"),
    # current against superseded (checked mid-2025: the 288 GB announcement was replaced by 256 GB)
    ("superseded", "en", "The MI325X has 256 GB of HBM3E.", "256 GB", "verified"),
    ("superseded", "en", "The MI325X has 288 GB of HBM3E.", "288 GB", "outdated"),
    ("superseded", "de", "Die MI325X hat 256 GB HBM3E.", "256 GB", "verified"),
    ("superseded", "de", "Die MI325X hat 288 GB HBM3E.", "288 GB", "outdated"),
    # GB against GiB: AWS's 144 GiB reads as 144 GB and as 154.6 GB, not as 160 GB
    ("GiB", "en", "Trainium3 has 144 GiB of HBM3e.", "144 GiB", "verified"),
    ("GiB", "en", "Trainium3 has 154.6 GB of HBM3e.", "154.6 GB", "verified"),
    ("GiB", "en", "Trainium3 has 160 GB of HBM3e.", "160 GB", "contradicted"),
    ("GiB", "de", "Trainium3 hat 144 GiB HBM3e.", "144 GiB", "verified"),
    ("GiB", "de", "Trainium3 hat 160 GB HBM3e.", "160 GB", "contradicted"),
    # bits against bytes: 28.8 Tbps is not 28.8 TB/s
    ("bits", "en", "The Trn3 UltraServer has 28.8 Tbps of EFA networking.", "28.8 Tbps", "verified"),
    ("bits", "en", "The Trn3 UltraServer has 28.8 TB/s of EFA networking.", "28.8 TB/s", "contradicted"),
    ("bits", "de", "Der Trn3 UltraServer kommt auf 28,8 Tbit/s EFA-Netzwerk.", "28,8 Tbit/s", "verified"),
    ("bits", "de", "Der Trn3 UltraServer kommt auf 28,8 TB/s EFA-Netzwerk.", "28,8 TB/s", "contradicted"),
]
AS_OF = {"superseded": "2025-07-01"}
ENTITY = {"sparse": "b200", "superseded": "mi325x", "GiB": "trainium3", "bits": "trn3-ultraserver"}


@pytest.mark.parametrize(("qualifier", "lang", "text", "figure", "verdict"), QUALIFIERS,
                         ids=[f"{q}-{lang}-{v}-{f}" for q, lang, _, f, v in QUALIFIERS])
def test_boundaries_qualifier(reviewer, qualifier, lang, text, figure, verdict):
    f = find(review(reviewer, text, lang), figure)
    want = "b200" if "B200" in text else "h200"
    assert (f.entity, f.verdict) == (want, verdict)


def test_boundaries_every_qualifier_has_both_sides_in_both_languages():
    for qualifier in {q for q, *_ in QUALIFIERS}:
        sides = {(lang, v) for q, lang, _, _, v in QUALIFIERS if q == qualifier}
        assert sides >= {("en", "verified"), ("en", "contradicted"), ("de", "verified"), ("de", "contradicted")}, qualifier


@pytest.mark.parametrize(("kind", "lang", "text", "figure", "verdict"), KINDS,
                         ids=[f"{k}-{lang}-{v}-{f}" for k, lang, _, f, v in KINDS])
def test_boundaries_reading(reviewer, kind, lang, text, figure, verdict):
    f = find(review(reviewer, text, lang, as_of=AS_OF.get(kind, "2025-12-10")), figure)
    assert (f.entity, f.verdict) == (ENTITY[kind], verdict)


# -- the check's helpers at their edges, on real facts with the values set -------------------------------

def _bandwidth_facts(*base_values: float):
    """Real resolved facts (Trainium3's memory bandwidth), each a fact of its own, with the base values given."""
    from dataclasses import replace

    from reviewer.factbase.base import load_factbase

    rf = load_factbase().about("trainium3", "memory_bandwidth")[0]
    return [replace(rf, fact=rf.fact.model_copy(), base_value=v) for v in base_values]


def _figure(text: str):
    from reviewer.quantities import find_quantities

    (q,) = find_quantities(text, "en")
    return q


@pytest.mark.parametrize("figure,facts,near", [
    ("1 TB/s", (1e12,), True),  # the written figure exactly
    ("1.3 TB/s", (1e12,), True),  # 30 % more than the fact, to the last bit: still near
    ("1 TB/s", (1.3e12,), True),  # 30 % less
    ("1 TB/s", (1e12 / 1.31,), False), ("1 TB/s", (1e12 * 1.31,), False),  # beyond: not near
    ("1 TB/s", (1e12, 2.01e12), True), ("1 TB/s", (1e12, 0.49e12), True),  # the others over twice / under half
    ("1 TB/s", (1e12, 0.5e12), False), ("1 TB/s", (1e12, 2e12), False),  # one at exactly twice or half: ambiguous
    ("1 TB/s", (1e12, 1.1e12), False),  # two near: ambiguous
    ("1 TB/s", (None, 1e12), True),  # a fact without a value is no other
])
def test_near_one_picks_the_only_fact_within_30_percent(figure, facts, near):
    from reviewer.checks.numeric import _near_one

    resolved = _bandwidth_facts(*facts)
    got = _near_one(_figure(figure), resolved)
    assert got == ([next(f for f in resolved if f.base_value)] if near else [])


def test_near_one_needs_a_figure_with_a_unit():
    from dataclasses import replace

    from reviewer.checks.numeric import _near_one

    assert _near_one(replace(_figure("1 TB/s"), unit=""), _bandwidth_facts(1e12)) == []


@pytest.mark.parametrize("figure,family,fact_value,as_written", [
    ("4.9 TB/s", "rate", 4.9e12, True),  # the very digits
    ("5 TB/s", "rate", 4.9e12, False),  # rounds to them, not written
    ("about 5 TB/s", "rate", 4.9e12, False),  # "about" admits it; the digits do not
    ("4-5 TB/s", "rate", 4.9e12, True),  # a range: within it
    ("8 GB", "count", 8.4, True),  # a count is read as written, with its rounding ("8" for 8.4)
    ("1.5 GB", "ratio", 1.58, True),  # a ratio likewise ("1.5x" for 1.58)
    ("8 GB", "count", 9.5, False),
])
def test_matches_as_written_keeps_rounding_only_for_counts_ratios_and_ranges(figure, family, fact_value, as_written):
    from dataclasses import replace

    from reviewer.checks.base import matches_as_written

    q = _figure(figure)
    (fact,) = _bandwidth_facts(fact_value)
    if family != "rate":
        q, fact = replace(q, family=family), replace(fact, family=family)
    assert matches_as_written(q, fact) is as_written


@pytest.mark.parametrize("figure,unit", [
    ("28.8 TB/s", "terabit / second"), ("3.2 Tbps", "terabyte / second"), ("144 GB", "gigabit"),
    ("about 400 Gb/s", "gigabyte / second"),  # an approximate figure may be a slip too
    ("over 1.6 Tbps", "terabit / second"), ("up to 1.6 Tbps", "terabyte / second"),  # "over"/"under" bound it:
    ("under 1.6 Tbps", "terabit / second"),  # no digit-for-digit slip
    ("2.5 PFLOPS", "petaFLOPS"),  # no bits, no bytes
])
def test_bits_bytes_flipped(figure, unit):
    from reviewer.checks.base import bits_bytes_flipped

    q = _figure(figure)
    flipped = bits_bytes_flipped(q)
    assert flipped.unit == unit and flipped.value == q.value


def test_bits_bytes_flipped_leaves_a_figure_without_unit():
    from dataclasses import replace

    from reviewer.checks.base import bits_bytes_flipped

    q = replace(_figure("8 GB"), unit="")
    assert bits_bytes_flipped(q) is q

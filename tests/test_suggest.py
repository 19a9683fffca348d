"""Suggestions an article can contain as written, put back into their sentence and read again.

The round trip: review a sentence with a wrong figure, replace the figure by the suggestion, review again:
the reviewer must read the suggestion as the fact's value and verify it. It runs on every contradicted
example of the fact base and on a sentence for every fact unit (and counted attribute) in both languages.
"""

from __future__ import annotations

import datetime as dt

import pytest

from reviewer.fix import Edit, apply
from reviewer.models import Quantity
from reviewer.quantities import find_quantities
from reviewer.suggest import as_written, number_like, ratio_as_written

AS_OF = dt.date(2026, 3, 1)

# For each unit of the fact base's numeric facts (and each counted attribute), a sentence per language
# with a wrong figure in it, where the fact examples have none.
UNIT_SENTENCES = [
    ("EFLOPS", "en", "A TPU7x pod delivers 40 EFLOPS of FP8 compute."),
    ("EFLOPS", "de", "Ein TPU7x-Pod liefert 40 EFLOPS FP8-Rechenleistung."),
    ("MB", "en", "Gaudi 3 has 48 MB of on-chip SRAM."),
    ("MB", "de", "Gaudi 3 hat 48 MB On-Chip-SRAM."),
    ("MiB", "en", "Trainium2 has 96 MiB of on-chip SRAM."),
    ("MiB", "de", "Trainium2 hat 96 MiB On-Chip-SRAM."),
    ("MW", "en", "A DGX SuperPOD GB200 SU has a TDP of 2.4 MW."),  # (read as MW since this test)
    ("MW", "de", "Eine DGX SuperPOD GB200 SU benötigt 2,4 Megawatt."),
    ("Mbps", "en", "The NC24ads_A100_v4 offers 10,000 Mbps of network bandwidth."),
    ("Mbps", "de", "Die NC24ads_A100_v4 bietet 10.000 Mbit/s Netzwerkbandbreite."),
    ("GiB/s", "de", "Inferentia2 bietet 1.640 GiB/s Speicherbandbreite pro Chip."),
    ("TB", "de", "Ein NVIDIA DGX GH200 hat 288 TB gemeinsamen Speicher."),
    ("PB", "en", "A TPU7x pod has 2.5 PB of HBM."),
    ("PB", "de", "Ein TPU7x-Pod hat 2,5 PB HBM."),
    ("TOPS", "en", "The first-generation Inferentia delivers 256 TOPS INT8 per chip."),
    ("TOPS", "de", "Der Inferentia der ersten Generation liefert 256 TOPS INT8 pro Chip."),
    ("POPS", "en", "A TPU v5e pod delivers 50 POPS of INT8 compute."),
    ("POPS", "de", "Ein TPU-v5e-Pod liefert 50 POPS INT8-Rechenleistung."),
    ("Tbps", "en", "A Trn2 UltraServer has 6.4 Tbps of EFA network bandwidth."),
    ("Tbps", "de", "Ein Trn2 UltraServer hat 6,4 Tbit/s EFA-Netzwerkbandbreite."),
    ("USD / hour", "en", "A trn1.32xlarge costs $18.50 per hour on demand."),
    ("USD / hour", "de", "Eine trn1.32xlarge kostet on demand 18,50 US-Dollar pro Stunde."),
    ("USD", "en", "Amazon bought Annapurna Labs in 2015 for $530 million."),
    ("USD", "de", "Amazon kaufte Annapurna Labs 2015 für 530 Millionen US-Dollar."),
    ("W", "en", "The Instinct MI300X draws 1,000 W."),
    ("W", "de", "Die Instinct MI300X nimmt 1.000 W auf."),
    ("kW", "en", "An NVIDIA DGX B200 draws up to 10.2 kW."),
    ("kW", "de", "Ein NVIDIA DGX B200 nimmt bis zu 10,2 kW auf."),
    ("acre", "en", "Project Rainier's site covers 2,100 acres."),
    ("acre", "de", "Das Gelände von Project Rainier umfasst 2.100 Acres."),
    ("acre", "en", "Project Rainier's campus covers 1,200 hectares."),  # the unit slipped: "1,200 acre"
    ("acre", "de", "Das Gelände von Project Rainier umfasst 1.200 Hektar."),
    ("nm", "en", "The Instinct MI300X is made on a 7 nm process."),
    ("nm", "de", "Die Instinct MI300X wird im 7-nm-Verfahren gefertigt."),
    ("building_count", "en", "Project Rainier has 30 data center buildings."),
    ("building_count", "de", "Project Rainier umfasst 30 Rechenzentrumsgebäude."),
    ("cpu_count", "en", "An NVIDIA DGX B200 has 4 CPUs."),
    ("cpu_count", "de", "Ein NVIDIA DGX B200 hat 4 CPUs."),
    ("chips_per_server", "en", "A Trn3 UltraServer is built from 36 servers with 16 chips each."),
    ("chips_per_server", "de", "Ein Trn3 UltraServer besteht aus 36 Servern mit je 16 Chips."),
    ("server_count", "en", "A Trn2 UltraServer links 8 servers."),
    ("server_count", "de", "Ein Trn2 UltraServer verbindet 8 Server."),
    ("vcpus", "en", "The trn1.2xlarge has 16 vCPUs."),
    ("vcpus", "de", "Die trn1.2xlarge hat 16 vCPUs."),
]


def _round_trip(reviewer, text: str, lang: str, when: dt.date) -> list[str]:
    """Every contradicted finding of `text`, fixed by its suggestion and reviewed again: the problems."""
    text += "\n"
    report = reviewer.review_text(text, lang=lang, as_of=when)
    problems, checked = [], 0
    for f in report.findings:
        if f.verdict != "contradicted":
            continue
        if f.expected is None and f.suggestion is None and "target" in f.message:
            checked += 1  # a plan's target said as reached: the fix is the wording ("expects to reach"), no figure
            continue
        if not f.suggestion:
            problems.append(f"{text.strip()!r}: {f.text!r} has no suggestion")
            continue
        fixed = apply(text, [Edit(f, f.line, f.column - 1, f.end_column - 1)])
        again = reviewer.review_text(fixed, lang=lang, as_of=when)
        same = [g for g in again.findings if (g.line, g.column, g.attribute) == (f.line, f.column, f.attribute)]
        if [g.verdict for g in same] != ["verified"]:
            problems.append(f"{fixed.strip()!r}: the suggestion {f.suggestion!r} for {f.text!r} reads as "
                            f"{[(g.verdict, g.text) for g in again.findings]}")
        checked += 1
    if not checked and not problems:
        problems.append(f"{text.strip()!r}: no contradicted finding to fix")
    return problems


def test_every_contradicted_fact_example_round_trips(reviewer):
    examples = [(ex.lang, ex.text, ex.date or AS_OF) for _, ex in reviewer.factbase.examples
                if ex.verdict == "contradicted"]
    assert len(examples) > 80
    problems = [p for lang, text, when in examples for p in _round_trip(reviewer, text, lang, when)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("unit,lang,text", UNIT_SENTENCES, ids=[f"{u}-{lang}" for u, lang, _ in UNIT_SENTENCES])
def test_a_sentence_of_every_fact_unit_round_trips(reviewer, unit, lang, text):
    assert _round_trip(reviewer, text, lang, AS_OF) == []


def test_the_unit_table_and_the_examples_cover_every_fact_unit_in_both_languages(reviewer):
    """Every unit a numeric fact is stated in, and every counted attribute, has a round trip per language."""
    fb = reviewer.factbase
    wanted = {x.fact.unit or x.fact.attribute for x in fb.facts if isinstance(x.value, float)
              and (x.fact.unit or x.fact.attribute in ("building_count", "cpu_count", "server_count", "vcpus",
                                                       "chip_count", "core_count", "chips_per_server"))}
    covered = {(u, lang) for u, lang, _ in UNIT_SENTENCES}
    for _, ex in fb.examples:
        if ex.verdict != "contradicted":
            continue
        for f in reviewer.review_text(ex.text, lang=ex.lang, as_of=ex.date or AS_OF).findings:
            for fact in fb.about(f.entity, f.attribute):
                covered.add((fact.fact.unit or fact.fact.attribute, ex.lang))
    missing = sorted((u, lang) for u in wanted for lang in ("en", "de") if (u, lang) not in covered)
    assert not missing


def _q(text: str, lang: str) -> Quantity:
    (q,) = find_quantities(text, lang)
    return q


@pytest.mark.parametrize("written,lang,value,upper,expected", [
    ("$9,80 pro Stunde", "de", 55.04, None, "$55,04 pro Stunde"),  # the currency sign stays before the figure
    ("$1.10/hr", "en", 1.34375, None, "$1.344/hr"),
    ("4 Milliarden US-Dollar", "de", 8e9, None, "8 Milliarden US-Dollar"),  # the scale word carries on
    ("25 Mrd. US-Dollar", "de", 5e9, None, "5 Mrd. US-Dollar"),
    ("$8 billion", "en", 5e9, None, "$5 billion"),
    ("1.287 TFLOPS", "de", 1299, None, "1.299 TFLOPS"),  # the writer's group mark
    ("1287 TFLOPS", "de", 1299, None, "1299 TFLOPS"),  # ... or none
    ("3,958 dense FP8 TFLOPS", "en", 1979, None, "1,979 dense FP8 TFLOPS"),
    ("3-4 Dollar", "de", 6.88, None, "6,88 Dollar"),  # a range against one figure: one figure
    ("30-40 %", "de", 0.1, 0.2, "10-20 %"),  # ... against a range: a range
    ("16 ×", "de", 12, None, "12 ×"),
    ("2,52 PFLOPS", "de", 2.517, None, "2,517 PFLOPS"),
    ("1,8 TB/s", "de", 0.9, None, "0,9 TB/s"),
])
def test_as_written_changes_only_the_figure(written, lang, value, upper, expected):
    assert as_written(_q(written, lang), value, lang, upper) == expected


@pytest.mark.parametrize("written,lang,value", [
    ("1 Million", "de", 500_000),  # not "0,5 Million"
    ("1,5 Millionen", "de", 1_000_000),  # not "1 Millionen"
    ("eine BF16-PFLOPS", "de", 10.7),  # the digits of a name are no figure
])
def test_as_written_gives_up_where_the_words_cannot_carry_the_value(written, lang, value):
    q = find_quantities(written, lang)[0]
    assert as_written(q, value, lang) is None


@pytest.mark.parametrize("value,token,lang,expected", [
    (55.04, "9.80", "de", "55.04"),  # a German article quoting "9.80": its decimal point is kept
    (1.344, "1.10", "de", "1,344"),  # ... unless German reads the result as 1344
    (1299, "1,287", "en", "1,299"),
    (20736, "20,7", "en", "20,736"),  # "20.736" would read as twenty in English
    (2.9103, "820", "de", "2,91"),  # three significant decimals at most, no trailing zero
])
def test_number_like_keeps_the_writers_marks_where_they_read_back(value, token, lang, expected):
    assert number_like(value, token, lang) == expected


@pytest.mark.parametrize("text,lang,expected,suggestion", [
    ("Trainium3 ist 50 Prozent schneller als Trainium2.", "de", 1.33, "33 Prozent"),
    ("Trainium3 bietet das 4,4-fache der Leistung von Trainium2.", "de", 1.94, "1,94-fache"),
    ("Trainium3 offers four times the compute of Trainium2.", "en", 1.94, "1.94x"),
    ("The new chip needs 70% less energy.", "en", 0.5, "50%"),
])
def test_ratio_suggestions_keep_their_form_and_the_explanations_rounding(text, lang, expected, suggestion):
    from reviewer.extract.rules import ratio  # noqa: F401  (the reading of percentages lives there)

    q = next(q for q in find_quantities(text, lang) if q.family == "ratio" or q.unit in ("times", "percent"))
    if q.unit == "percent":  # as the ratio rule reads it: 50 % more is 1.5, 70 % less is 0.3
        sign = -1 if "less" in text else 1
        q = Quantity(q.start, q.end, q.text, 1 + sign * q.value, q.resolution, "times", "ratio")
    elif q.text[0].isalpha():
        q = Quantity(q.start, q.end, q.text, 4.0, 0.5, "times", "ratio")
    assert ratio_as_written(q, expected, lang) == suggestion

import pytest

from reviewer.quantities import find_quantities


def one(text, lang="en"):
    qs = find_quantities(text, lang)
    assert len(qs) == 1, qs
    return qs[0]


@pytest.mark.parametrize("text,lang,value,unit,qual", [
    ("has 144GB of HBM", "en", 144, "gigabyte", "exact"),
    ("mit 4,9TB/s", "de", 4.9, "terabyte / second", "exact"),
    ("(~2,5 PFLOPS)", "en", 2.5, "petaFLOPS", "approx"),
    ("ca. 20,7 TB", "de", 20.7, "terabyte", "approx"),
    ("etwa 46 TB/s", "de", 46, "terabyte / second", "approx"),
    ("rund 1.600 Gbit/s", "de", 1600, "gigabit / second", "approx"),
    ("about 3.3 TB/s", "en", 3.3, "terabyte / second", "approx"),
    ("roughly 900 GB/s", "en", 900, "gigabyte / second", "approx"),
    ("nearly 500 W", "en", 500, "watt", "nearly"),
    ("knapp 500 W", "de", 500, "watt", "nearly"),
    ("over 900 GB/s", "en", 900, "gigabyte / second", "at_least"),
    ("more than 1,835 TFLOPS", "en", 1835, "teraFLOPS", "at_least"),
    ("über 1.835 TFLOPS", "de", 1835, "teraFLOPS", "at_least"),
    ("exceeding 96 GB", "en", 96, "gigabyte", "at_least"),
    ("up to 12.8 Tbps", "en", 12.8, "terabit / second", "up_to"),
    ("bis zu 3,2 Tbps", "de", 3.2, "terabit / second", "up_to"),
    ("costs $55.04/h", "en", 55.04, "USD / hour", "exact"),
    ("kostet 98,32 $ pro Stunde", "de", 98.32, "USD / hour", "exact"),
    ("on 3nm", "en", 3, "nanometer", "exact"),
    ("sehr schnell: 7,38 TB pro Sekunde", "de", 7.38, "terabyte / second", "exact"),  # a symbol, the rate written out
    ("runs at 7.38 TB per second", "en", 7.38, "terabyte / second", "exact"),
    ("3.200 Gbit pro Sekunde", "de", 3200, "gigabit / second", "exact"),
])
def test_quantities_units_and_qualifiers(text, lang, value, unit, qual):
    q = one(text, lang)
    assert (q.value, q.unit, q.qualifier) == (pytest.approx(value), unit, qual)


@pytest.mark.parametrize("text,lang,value", [
    ("4x faster", "en", 4), ("4.4 times the compute", "en", 4.4), ("4-fach schneller", "de", 4),
    ("die 4-fache Leistung", "de", 4), ("twice the memory", "en", 2), ("soll sich verdreifachen", "de", 3),
    ("doubles the bandwidth", "en", 2),
])
def test_quantities_multipliers(text, lang, value):
    q = one(text, lang)
    assert q.family == "ratio" and q.value == pytest.approx(value)


@pytest.mark.parametrize("text,lang,value", [
    ("$4 billion", "en", 4e9), ("8 Milliarden US-Dollar", "de", 8e9), ("350 Millionen Dollar", "de", 350e6),
    ("eight chips", "en", 8), ("knapp 500.000 Chips", "de", 500000),
])
def test_quantities_magnitudes_and_number_words(text, lang, value):
    assert one(text, lang).value == pytest.approx(value)


@pytest.mark.parametrize("text", ["Llama 3 70B model", "the H100 and MI300X", "NeuronLink-v4 links", "trn2.48xlarge",
                                  "HBM3e stacks", "Nitro-v6 cards"])
def test_quantities_ignore_digits_inside_names(text):
    assert [q for q in find_quantities(text, "en") if q.family != "count"] == []


def test_quantities_range():
    q = one("30-40% cheaper")
    assert q.value == pytest.approx(0.30) and q.range_high == pytest.approx(0.40)


def test_quantities_spans_are_exact():
    text = "Trainium3: 144GB HBM3e, 4,9TB/s"
    spans = [text[q.start:q.end] for q in find_quantities(text, "de")]
    assert spans == ["144GB", "4,9TB/s"]


@pytest.mark.parametrize("lang,text", [
    ("en", "two GPUs and twelve chips"), ("en", "network two"), ("en", "two_x x_two stwo twos 2x"),
    ("en", "Ätwo twoÄ two-fold (two)"), ("de", "zwei Chips, zweite Generation, über zwei"), ("de", "zwei_x xzwei zwei"),
])
def test_anchor_starts_are_where_the_anchor_pattern_starts(lang, text):
    """The fast scan finds the number words at word boundaries exactly as the regex's \\b does (letters,
    digits and the underscore are word characters)."""
    from reviewer.quantities import _anchors, anchor_starts

    assert anchor_starts(text, lang) == [m.start() for m in _anchors(lang).finditer(text)]


@pytest.mark.parametrize("text,lang,value,qualifier", [
    ("nearly half a million Trainium2 chips", "en", 500_000, "nearly"),
    ("mit knapp einer halben Million Trainium2-Chips", "de", 500_000, "nearly"),
    ("fast eine halbe Million Chips", "de", 500_000, "nearly"),
])
def test_half_a_million_is_a_number(text, lang, value, qualifier):
    (q,) = find_quantities(text, lang)
    assert (q.value, q.family, q.qualifier) == (value, "count", qualifier)


def test_half_before_a_noun_stays_a_ratio():
    (q,) = find_quantities("half the memory of the B200", "en")
    assert (q.value, q.family) == (0.5, "ratio")


@pytest.mark.parametrize("text,lang,value", [("um den Faktor 2,9", "de", 2.9), ("by a factor of 4", "en", 4)])
def test_quantities_a_factor_is_a_ratio_in_times(text, lang, value):
    """"um den Faktor 2,9": a ratio whose unit is "times", like "2.9x" (the ratio check compares in that unit)."""
    q = one(text, lang)
    assert (q.family, q.unit) == ("ratio", "times") and q.value == pytest.approx(value)


@pytest.mark.parametrize("text,lang,factors", [("The rack holds 4 x 16 chips.", "en", [4, 16]),
                                               ("Ein Rack mit 36 × 4 Chips.", "de", [36, 4]),
                                               ("The system has 144 (36 × 4) GPUs.", "en", [144, 36, 4])])
def test_quantities_the_factors_of_a_product_are_counts_not_ratios(text, lang, factors):
    """"4 x 16 chips", "144 (36 × 4)": a product of counts, as "36×4" is; its first factor is a count without a
    unit, not "4 times" (the count rules and the figure check read family "count")."""
    qs = find_quantities(text, lang)
    assert [(q.value, q.unit, q.family) for q in qs] == [(f, "", "count") for f in factors]


@pytest.mark.parametrize("text,lang,value", [("twice the memory", "en", 2), ("doppelt so schnell", "de", 2),
                                             ("triples the bandwidth", "en", 3)])
def test_quantities_a_multiplier_word_is_a_ratio_in_times(text, lang, value):
    """"twice", "doppelt": a ratio in "times", like "2x" (the ratio check compares in that unit)."""
    q = one(text, lang)
    assert (q.family, q.unit, q.value, q.resolution) == ("ratio", "times", value, 0.05)


@pytest.mark.parametrize("text,lang,figure,unit", [("The rack draws 120 kW per hour.", "en", "120 kW", "kilowatt"),
                                                   ("Das Rack zieht 120 kW pro Stunde.", "de", "120 kW", "kilowatt")])
def test_quantities_a_per_hour_word_after_a_unit_is_not_part_of_the_figure(text, lang, figure, unit):
    """"120 kW per hour" (a slip for kWh, or per hour of use): the figure is the power as written, its span ends
    at the unit."""
    q = one(text, lang)
    assert (text[q.start:q.end], q.text, q.unit, q.family) == (figure, figure, unit, "power")


@pytest.mark.parametrize("text,lang,at", [("TSMC N3 carries the chip.", "en", 5), ("TSMC N3P", "en", 5),
                                          ("TSMC 4NP fertigt den Chip.", "de", 5), ("TSMC's N2 node", "en", 7)])
def test_quantities_a_process_name_after_tsmc_at_the_start_of_the_text_is_a_node(text, lang, at):
    """"TSMC N3" at the very start of a segment (a table cell, a list item): TSMC before the name makes it a node."""
    q = one(text, lang)
    assert (q.start, q.unit, q.family) == (at, "nanometer", "length")


@pytest.mark.parametrize("text,lang,written,unit,family,low,high", [
    ("2-3 billion vs $4 billion", "en", "2-3 billion", "USD", "money", 2e9, 3e9),
    ("1-2 thousand vs 3 thousand watts", "en", "1-2 thousand", "watt", "power", 1000, 2000),
    ("2 bis 3 Milliarden statt 4 Milliarden Dollar", "de", "2 bis 3 Milliarden", "USD", "money", 2e9, 3e9),
])
def test_a_bare_range_written_against_a_figure_with_a_unit_takes_the_unit_and_stays_a_range(
        text, lang, written, unit, family, low, high):
    first = find_quantities(text, lang)[0]
    assert (first.text, first.unit, first.family, first.value, first.range_high) == (written, unit, family, low, high)


@pytest.mark.parametrize(("text", "lang", "low", "high"), [
    ("Die B200 zieht 1.000 bis 1.200 Watt.", "de", 1000, 1200),   # German groups thousands with a dot
    ("The B200 draws 1,000 to 1,200 watts.", "en", 1000, 1200),
    ("Die Karte zieht 1,000 bis 1,200 kW.", "de", 1.0, 1.2),      # and writes decimals with a comma
])
def test_quantities_a_ranges_upper_end_is_read_in_the_articles_number_convention(text, lang, low, high):
    q = next(q for q in find_quantities(text, lang) if q.range_high is not None)
    assert (q.value, q.range_high) == (pytest.approx(low), pytest.approx(high))

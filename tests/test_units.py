import json
import re
from pathlib import Path

import pytest

from reviewer import units


def test_units_bits_and_bytes():
    assert units.convert(3.2, "terabit / second", "gigabyte / second") == pytest.approx(400)


def test_units_binary_prefixes():
    assert units.convert(144, "gibibyte", "gigabyte") == pytest.approx(154.618822656)
    assert units.binary_twin("gigabyte") == "gibibyte" and units.binary_twin("tebibyte / second") == "terabyte / second"


def test_units_flops_prefixes():
    assert units.convert(2517, "teraFLOPS", "petaFLOPS") == pytest.approx(2.517)


@pytest.mark.parametrize("surface,family", [("TB/s", "rate"), ("Tbps", "rate"), ("Gbit/s", "rate"), ("GiB", "memory"),
                                            ("PFLOPS", "compute"), ("Petaflops", "compute"), ("TOPS", "compute"),
                                            ("nm", "length"), ("USD / hour", "price")])
def test_units_lexicon_families(surface, family):
    assert units.parse_unit(surface)[1] == family


def test_units_case_distinguishes_bits():
    assert "bit" in units.LEXICON["Gb/s"][0] and "byte" in units.LEXICON["GB/s"][0]


def test_units_unknown_unit_is_an_error():
    with pytest.raises(ValueError):
        units.parse_unit("furlongs")


# --- the unit table built from scratch (pint), as on a machine with an empty cache -----------------------

LEXICON_GOLDEN = Path(__file__).parent / "golden" / "units-lexicon.txt"


@pytest.fixture
def cold_units(monkeypatch):
    """reviewer.units with no table in memory and none on disk: every factor comes from pint again."""
    monkeypatch.setattr(units, "_table", None)
    monkeypatch.setattr(units, "_table_key", "")
    for cached in (units.to_base, units.convert, units.registry):
        cached.cache_clear()
    yield units
    for cached in (units.to_base, units.convert):
        cached.cache_clear()


# (unit, family, the value of 1 unit in the family's base unit), worked out by hand
BASES = [
    ("terabyte / second", "rate", 1e12), ("terabit / second", "rate", 1.25e11), ("gibibyte", "memory", 2**30),
    ("gigabyte", "memory", 1e9), ("tebibyte / second", "rate", 2**40), ("gigabit", "memory", 1.25e8),
    ("petaFLOPS", "compute", 1e15), ("exaFLOPS", "compute", 1e18), ("teraFLOPS", "compute", 1e12),
    ("nanometer", "length", 1.0), ("watt", "power", 1.0), ("kilowatt", "power", 1e3),
    ("hectare", "area", 1e4), ("acre", "area", 4046.8564224), ("USD / hour", "price", 1.0), ("USD", "money", 1.0),
    ("times", "ratio", 1.0), ("percent", "ratio", 0.01),
]


@pytest.mark.cold_cache
@pytest.mark.parametrize("expr,family,factor", BASES)
def test_units_table_from_pint_on_an_empty_cache(cold_units, expr, family, factor):
    assert cold_units.family_of(expr) == family
    assert cold_units.to_base(3.0, expr) == pytest.approx(3.0 * factor, rel=1e-12)


@pytest.mark.cold_cache
def test_units_table_is_stored_and_read_back(cold_units, monkeypatch, tmp_path):
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))
    assert cold_units.convert(1.6, "terabit / second", "gigabyte / second") == pytest.approx(200)
    assert cold_units.pretty("terabyte / second") == "TB/s"
    stored = sorted(tmp_path.glob("units-*.json"))
    assert len(stored) == 1
    table = json.loads(stored[0].read_text())
    assert table["base"]["gibibyte"] == ["memory", 2**30]
    assert table["pair"]["terabit / second\tgigabyte / second"] == pytest.approx(125)
    assert table["pretty"]["terabyte / second"] == "TB/s"
    # a new process reads the same table instead of asking pint
    monkeypatch.setattr(units, "_table", None)
    units.convert.cache_clear()
    monkeypatch.setattr(units, "registry", lambda: pytest.fail("pint asked although the cache has the factor"))
    assert units.convert(1.6, "terabit / second", "gigabyte / second") == pytest.approx(200)
    assert units.pretty("terabyte / second") == "TB/s"


@pytest.mark.cold_cache
def test_units_cache_with_the_wrong_shape_is_rebuilt(cold_units, monkeypatch, tmp_path):
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))
    units._units_table()
    (path,) = tmp_path.glob("units-*.json")
    path.write_text(json.dumps({"base": {}, "pair": []}))
    monkeypatch.setattr(units, "_table", None)
    assert units._units_table()["base"]["gigabyte"] == ["memory", 1e9]


@pytest.mark.parametrize("expr,symbol", [("terabyte / second", "TB/s"), ("gibibyte", "GiB"), ("petaFLOPS", "PFLOPS"),
                                         ("terabit / second", "Tb/s"), ("nanometer", "nm"), ("kilowatt", "kW")])
@pytest.mark.cold_cache
def test_units_pretty_symbols(cold_units, expr, symbol):
    assert cold_units.pretty(expr) == symbol


@pytest.mark.cold_cache
def test_units_unknown_family_is_an_error(cold_units):
    with pytest.raises(ValueError, match="no known family"):
        cold_units.family_of("second")


def test_units_every_lexicon_entry_has_the_family_pint_gives():
    lexicon = units._build_lexicon()
    for surface, (expr, family) in lexicon.items():
        assert units._pint_family(expr) == (family if family != "count" else "ratio"), surface


def test_units_lexicon_matches_its_golden_file(request):
    """Every surface form and what it reads as; a change is reviewed as a diff of tests/golden/units-lexicon.txt
    (rewritten by `pytest tests/test_units.py --update-golden`)."""
    got = "".join(f"{s}\t{e}\t{f}\n" for s, (e, f) in sorted(units._build_lexicon().items()))
    if request.config.getoption("--update-golden"):
        LEXICON_GOLDEN.write_text(got, encoding="utf-8")
    assert got == LEXICON_GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("text,form", [("TB/s", "TB/s"), ("TB", "TB"), ("Gbit/s", "Gbit/s"), ("PFLOPS", "PFLOPS"),
                                       ("Gigabit Ethernet", "Gigabit Ethernet"), ("GiB/s", "GiB/s")])
def test_units_alternation_prefers_the_longest_form(text, form):
    assert re.fullmatch(f"(?:{units.unit_alternation()})", text)
    assert re.match(f"(?:{units.unit_alternation()})", text + " x").group() == form


@pytest.mark.parametrize("expr,bits", [("terabit / second", True), ("gigabit", True), ("terabyte / second", False)])
def test_units_is_bits(expr, bits):
    assert units.is_bits(expr) is bits


def test_units_binary_twin_both_ways_and_none():
    assert units.binary_twin("kilobyte") == "kibibyte" and units.binary_twin("pebibyte") == "petabyte"
    assert units.binary_twin("mebibyte / second") == "megabyte / second"
    assert units.binary_twin("terabit / second") is None and units.binary_twin("watt") is None


def test_units_an_unknown_unit_is_named_in_the_error():
    """A fact file's unit that is not known: the error names it (facts check prints it with the file and line)."""
    with pytest.raises(ValueError, match="unknown unit 'furlongs per fortnight'"):
        units.parse_unit("furlongs per fortnight")


# --- the table's key, what family_of reads from it, and pint's own errors (the mutation run's survivors) ----------


@pytest.mark.cold_cache
def test_units_table_stored_for_other_base_units_is_not_reused(cold_units, monkeypatch, tmp_path):
    """The stored table's key covers the families' base units: a table of factors to other bases is built anew."""
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))
    assert cold_units.to_base(3.0, "kilowatt") == pytest.approx(3000.0)
    monkeypatch.setitem(units.FAMILY_BASE, "power", "kilowatt")
    monkeypatch.setattr(units, "_table", None)
    units.to_base.cache_clear()
    assert units.to_base(3.0, "kilowatt") == pytest.approx(3.0)
    assert units.to_base(3.0, "watt") == pytest.approx(0.003)
    assert len(list(tmp_path.glob("units-*.json"))) == 2


@pytest.mark.cold_cache
def test_units_family_of_a_unit_in_the_stored_table_does_not_ask_pint(cold_units, monkeypatch, tmp_path):
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))
    cold_units._units_table()
    monkeypatch.setattr(units, "_table", None)
    monkeypatch.setattr(units, "registry", lambda: pytest.fail("pint asked although the table has the unit"))
    assert units.family_of("gibibyte") == "memory"
    assert units.family_of("terabit / second") == "rate"


@pytest.mark.cold_cache
def test_units_family_of_a_unit_the_table_lacks_is_asked_once_and_stored(cold_units, monkeypatch, tmp_path):
    """"USD / minute" is in no lexicon: pint gives its family and factor, the table keeps them for the next process."""
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))
    assert "USD / minute" not in cold_units._units_table()["base"]
    assert cold_units.family_of("USD / minute") == "price"
    (stored,) = tmp_path.glob("units-*.json")
    family, factor = json.loads(stored.read_text())["base"]["USD / minute"]
    assert family == "price" and factor == pytest.approx(60.0)
    assert cold_units.to_base(0.5, "USD / minute") == pytest.approx(30.0)


def test_units_a_pint_error_of_no_builtin_kind_still_names_the_unit(monkeypatch):
    """pint's errors are ValueErrors, AttributeErrors or TypeErrors today; one that is only a PintError (another pint
    version) is still reported as the unknown unit, named."""
    import pint

    def fails(expr):
        raise pint.errors.PintError(f"cannot parse {expr}")

    monkeypatch.setattr(units, "family_of", fails)
    with pytest.raises(ValueError, match="unknown unit 'furlongs per fortnight'"):
        units.parse_unit("furlongs per fortnight")


def test_a_currency_other_than_the_fact_bases_is_foreign():
    assert units.foreign_currency("EUR") and units.foreign_currency("EUR / hour")
    assert not units.foreign_currency("USD") and not units.foreign_currency("USD / hour")
    assert not units.foreign_currency(None) and not units.foreign_currency("")


def test_a_price_in_euros_is_not_checked_against_the_dollar_price(reviewer):
    # the p5.48xlarge costs 55.04 USD an hour: a euro price is not compared with it (no exchange rate), a dollar one is
    import datetime as dt

    def verdicts(text, lang):
        report = reviewer.review_text(text, lang=lang, as_of=dt.date(2025, 12, 10))
        return [(f.check, f.text, f.verdict) for f in report.findings]

    assert verdicts("Eine p5.48xlarge-Instanz kostet 55,04 € pro Stunde.", "de") == [
        ("", "55,04 € pro Stunde", "unverifiable")]
    assert verdicts("A p5.48xlarge instance costs €50 per hour.", "en") == [("", "€50 per hour", "unverifiable")]
    assert verdicts("A p5.48xlarge instance costs $50 per hour.", "en") == [("HW101", "$50 per hour", "contradicted")]


@pytest.mark.parametrize("text,lang,figure", [
    ("Trainium3 moves 4.9 terabytes\nper second of HBM traffic.", "en", "4.9 terabytes\nper second"),
    ("Each chip moves 4.9 terabytes  per second.", "en", "4.9 terabytes  per second"),
    ("Der Chip schafft 4,9 Terabyte\npro Sekunde.", "de", "4,9 Terabyte\npro Sekunde"),
])
def test_a_unit_of_several_words_broken_across_a_line_or_spaced_out_is_one_rate(text, lang, figure):
    """A spoken unit wrapped at a line's end ("4.9 terabytes" / "per second") or set with two spaces is still the
    rate, not a capacity of 4.9 TB (unit_alternation lets any run of blanks or one line break stand for its space)."""
    from reviewer.quantities import find_quantities

    (q,) = find_quantities(text, lang)
    assert (q.text, q.value, q.unit, q.family) == (figure, 4.9, "terabyte / second", "rate")

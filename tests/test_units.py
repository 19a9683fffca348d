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

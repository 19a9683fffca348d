import pytest

from reviewer.numbers import format_number, parse_number


@pytest.mark.parametrize("raw,lang,value,res", [
    ("2.52", "en", 2.52, 0.005), ("2,52", "de", 2.52, 0.005), ("2.52", "de", 2.52, 0.005),
    ("2,52", "en", 2.52, 0.005), ("3,958", "en", 3958, 0.5), ("500.000", "de", 500000, 0.5),
    ("1.600", "de", 1600, 0.5), ("1.835", "de", 1835, 0.5), ("4,9", "de", 4.9, 0.05),
    ("1,234.5", "en", 1234.5, 0.05), ("1.234,5", "de", 1234.5, 0.05), ("12.800", "de", 12800, 0.5),
    ("20,736", "en", 20736, 0.5), ("0.125", "de", 0.125, 0.0005), ("1.600.000", "de", 1600000, 0.5),
    ("362", "en", 362, 0.5),
])
def test_numbers_parse_en_de(raw, lang, value, res):
    assert parse_number(raw, lang) == pytest.approx((value, res))


@pytest.mark.parametrize("value,lang,text", [(2517, "en", "2,517"), (2.517, "de", "2,517"), (144, "de", "144"),
                                             (20736, "de", "20.736"), (3.35, "en", "3.35")])
def test_numbers_format(value, lang, text):
    assert format_number(value, lang) == text

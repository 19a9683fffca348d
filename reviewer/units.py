"""Units: how articles write them, and pint to convert between them.

The lexicon below maps surface forms ("TB/s", "Tbps", "Petaflops", "pro Stunde") to pint unit
expressions; every conversion is pint's. Case matters for abbreviations: "Gb/s" is gigabits and
"GB/s" gigabytes, and an article that confuses them is exactly what the reviewer must notice.

pint converts a multiplicative unit with one factor (value * factor), so the factors, families
and symbols pint gives are kept in a table in the user cache (reviewer.diskcache, keyed by
units.txt and pint's version) and pint itself is imported only for a unit the table lacks.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from . import diskcache

# Dimension families a claim can have; each has one base unit that values are compared in.
FAMILY_BASE = {
    "memory": "byte",
    "rate": "byte / second",
    "compute": "FLOPS",
    "length": "nanometer",
    "power": "watt",
    "area": "meter ** 2",
    "price": "USD / hour",
    "money": "USD",
    "ratio": "times",
    "count": "times",
}

_PREFIX = {"K": "kilo", "k": "kilo", "M": "mega", "G": "giga", "T": "tera", "P": "peta", "E": "exa"}
_BIN = {"Ki": "kibi", "Mi": "mebi", "Gi": "gibi", "Ti": "tebi", "Pi": "pebi"}
_WORD_PREFIX = {"kilo": "kilo", "mega": "mega", "giga": "giga", "tera": "tera", "peta": "peta", "exa": "exa"}


_PER_SECOND = ("pro Sekunde", "pro sekunde", "je Sekunde", "per second", "a second", "each second")


def _written_out_rates(p: str, name: str) -> dict[str, tuple[str, str]]:
    """A symbol with the rate written out: "7,38 TB pro Sekunde", "50 GB per second", "3.200 Gbit pro Sekunde"."""
    return {form: unit for per in _PER_SECOND for form, unit in ((f"{p}B {per}", (f"{name}byte / second", "rate")),
                                                                 (f"{p}bit {per}", (f"{name}bit / second", "rate")))}


def _build_lexicon() -> dict[str, tuple[str, str]]:
    """surface form -> (pint expression, family)."""
    lex: dict[str, tuple[str, str]] = {}
    for p, name in _PREFIX.items():
        if p == "k":
            continue
        lex[f"{p}B"] = (f"{name}byte", "memory")
        lex[f"{p}Byte"] = (f"{name}byte", "memory")
        for rate in ("B/s", "B/sec", "Bps", "Byte/s", "B/S"):
            lex[f"{p}{rate}"] = (f"{name}byte / second", "rate")
        for rate in ("bps", "bit/s", "b/s", "Bit/s", "bit/sec", "bits/s"):
            lex[f"{p}{rate}"] = (f"{name}bit / second", "rate")
        lex.update(_written_out_rates(p, name))
        lex[f"{p}bit"] = (f"{name}bit", "memory")
        for c in ("FLOPS", "FLOP/s", "FLOPs", "flops", "Flops", "OPS", "OPs"):
            lex[f"{p}{c}"] = (f"{name}FLOPS", "compute")
    for p in ("G", "T", "P", "E"):  # an automatic transcript writes everything lower case: "2.517 tflops", "288 gb"
        name = _PREFIX[p]
        lex[f"{p.lower()}flops"] = (f"{name}FLOPS", "compute")
        lex[f"{p.lower()}b"] = (f"{name}byte", "memory")
    for p, name in _BIN.items():
        lex[f"{p}B"] = (f"{name}byte", "memory")
        for rate in ("B/s", "B/sec", "Bps"):
            lex[f"{p}{rate}"] = (f"{name}byte / second", "rate")
    for word, name in _WORD_PREFIX.items():
        for cap in (word, word.capitalize()):
            lex[f"{cap}byte"] = (f"{name}byte", "memory")
            lex[f"{cap}bytes"] = (f"{name}byte", "memory")
            lex[f"{cap}flops"] = (f"{name}FLOPS", "compute")
            lex[f"{cap}FLOPS"] = (f"{name}FLOPS", "compute")
            lex[f"{cap}bit/s"] = (f"{name}bit / second", "rate")
            lex[f"{cap}bits per second"] = (f"{name}bit / second", "rate")
            lex[f"{cap}bytes per second"] = (f"{name}byte / second", "rate")
            # (spoken and transcribed: "4,9 Terabyte pro Sekunde", "vier terabyte pro sekunde")
            for per in _PER_SECOND:
                lex[f"{cap}bytes {per}"] = (f"{name}byte / second", "rate")
                lex[f"{cap}byte {per}"] = (f"{name}byte / second", "rate")
                lex[f"{cap}bit {per}"] = (f"{name}bit / second", "rate")
                lex[f"{cap}bits {per}"] = (f"{name}bit / second", "rate")
    lex.update({
        "nm": ("nanometer", "length"),
        "Nanometer": ("nanometer", "length"),
        "nanometer": ("nanometer", "length"),
        "nanometers": ("nanometer", "length"),
        "nanometre": ("nanometer", "length"),
        "nanometres": ("nanometer", "length"),
        "GbE": ("gigabit / second", "rate"),
        "gigs": ("gigabyte", "memory"),  # spoken: "80 gigs of HBM3"
        "PF": ("petaFLOPS", "compute"),  # "~2.5 PF MXFP8 dense", forum shorthand
        "EF": ("exaFLOPS", "compute"),
        "Gigabit Ethernet": ("gigabit / second", "rate"),
        "Gbit-Ethernet": ("gigabit / second", "rate"),
        "Gb Ethernet": ("gigabit / second", "rate"),
        "acres": ("acre", "area"),
        "acre": ("acre", "area"),
        "Acres": ("acre", "area"),
        "Acre": ("acre", "area"),
        "Hektar": ("hectare", "area"),
        "hectares": ("hectare", "area"),
        "hectare": ("hectare", "area"),
        "ha": ("hectare", "area"),
        **{w: (unit, "power") for unit, words in (("watt", "W Watt watts"), ("kilowatt", "kW Kilowatt kilowatts"),
                                                   ("megawatt", "MW Megawatt megawatts")) for w in words.split()},
        "x": ("times", "ratio"),
        "×": ("times", "ratio"),
        "X": ("times", "ratio"),
        "times": ("times", "ratio"),
        "-fach": ("times", "ratio"),
        "-fache": ("times", "ratio"),
        "-fachen": ("times", "ratio"),
        "fach": ("times", "ratio"),
        "fache": ("times", "ratio"),
        "fachen": ("times", "ratio"),
        "mal": ("times", "ratio"),
        "%": ("percent", "ratio"),
        "Prozent": ("percent", "ratio"),
        "percent": ("percent", "ratio"),
        "per cent": ("percent", "ratio"),
    })
    return lex


LEXICON = _build_lexicon()

# (the words for numbers, multiples, magnitudes, currencies and hours are in reviewer/lang/<code>/numbers.yaml)
CURRENCY_SYMBOLS = {"$": "USD", "US$": "USD", "USD": "USD", "€": "EUR", "EUR": "EUR"}
BASE_CURRENCY = "USD"  # the fact base's prices and sums (FAMILY_BASE)


def foreign_currency(unit_expr: str | None) -> bool:
    """A price or sum in a currency the fact base has no figures in ("21,50 € pro Stunde"): not comparable
    without an exchange rate, so not checked."""
    return bool(unit_expr) and any(
        word in CURRENCY_SYMBOLS.values() and word != BASE_CURRENCY for word in str(unit_expr).replace("/", " ").split())


def unit_alternation() -> str:
    """A regex alternation of every unit surface form, a form before its prefixes (so "TB/s" wins over "TB")."""
    forms = sorted(LEXICON, reverse=True)  # (every form before the forms it starts with)
    # (a spoken unit broken across a caption's or a paragraph's lines: "2.56 terabytes\na second")
    return "|".join(re.escape(f).replace(r"\ ", r"(?:[ \t]+\n?|\n)[ \t]*") for f in forms)


@lru_cache(maxsize=1)
def registry():
    import pint

    ureg = pint.UnitRegistry(None, autoconvert_offset_to_baseunit=False)
    ureg.load_definitions(str(_UNITS_TXT))
    return ureg


_UNITS_TXT = Path(__file__).with_name("units.txt")
_TABLE_FORMAT = "1"
_table: dict[str, dict] | None = None
_table_key = ""


def _pint_family(unit_expr: str) -> str:
    ureg = registry()
    dims = ureg.Unit(unit_expr).dimensionality
    for family, base in FAMILY_BASE.items():  # (a dimensionless unit is a ratio: "ratio" comes before "count")
        if dims == ureg.Unit(base).dimensionality:
            return family
    raise ValueError(f"unit '{unit_expr}' is of no known family")


def _units_table() -> dict[str, dict]:
    """{"base": {expr: [family, factor to the family's base]}, "pair": {"a\tb": factor}, "pretty": {expr: symbol}}."""
    global _table, _table_key
    if _table is None:
        _table_key = diskcache.digest(_TABLE_FORMAT, _UNITS_TXT.read_bytes(), repr(sorted(FAMILY_BASE.items())),
                                      diskcache.package_version("Pint"))
        loaded = diskcache.load("units", _table_key)
        if isinstance(loaded, dict) and all(isinstance(loaded.get(k), dict) for k in ("base", "pair", "pretty")):
            _table = loaded
        else:
            _table = {"base": {}, "pair": {}, "pretty": {}}
            known = {e for e, _ in LEXICON.values()} | set(FAMILY_BASE.values()) | {"USD / hour"}
            for expr in sorted(known | {t for e in known if (t := binary_twin(e))}):
                try:
                    family = _pint_family(expr)
                    _table["base"][expr] = [family, ureg_factor(expr, FAMILY_BASE[family])]
                except Exception:
                    pass
            diskcache.store("units", _table_key, _table)
    return _table


def ureg_factor(unit_expr: str, target: str) -> float:
    """pint's conversion factor: Quantity(v, unit_expr).to(target) is exactly v * this."""
    return float(registry().Quantity(unit_expr).to(target).magnitude)


def _remember(section: str, key: str, value) -> None:
    table = _units_table()
    table[section][key] = value
    diskcache.store("units", _table_key, table)


def family_of(unit_expr: str) -> str:
    """The comparison family of a pint expression, by dimensionality."""
    known = _units_table()["base"].get(unit_expr)
    if known is not None:
        return known[0]
    family = _pint_family(unit_expr)
    _remember("base", unit_expr, [family, ureg_factor(unit_expr, FAMILY_BASE[family])])
    return family


@lru_cache(maxsize=4096)
def to_base(value: float, unit_expr: str) -> float:
    """The value in its family's base unit."""
    known = _units_table()["base"].get(unit_expr)
    if known is not None:
        return float(value * known[1])
    family = family_of(unit_expr)
    return float(registry().Quantity(value, unit_expr).to(FAMILY_BASE[family]).magnitude)


@lru_cache(maxsize=4096)
def convert(value: float, unit_expr: str, target: str) -> float:
    key = f"{unit_expr}\t{target}"
    factor = _units_table()["pair"].get(key)
    if factor is not None:
        return float(value * factor)
    result = float(registry().Quantity(value, unit_expr).to(target).magnitude)
    _remember("pair", key, ureg_factor(unit_expr, target))
    return result


@lru_cache(maxsize=256)
def binary_twin(unit_expr: str) -> str | None:
    """The binary-prefix reading of a decimal byte unit and back ("gigabyte" <-> "gibibyte").

    AWS documents GiB and markets the same number as GB, so "144 GB" and "144 GiB" are both
    accepted readings of one figure.
    """
    pairs = {"kilo": "kibi", "mega": "mebi", "giga": "gibi", "tera": "tebi", "peta": "pebi"}
    for dec, binp in pairs.items():
        if f"{dec}byte" in unit_expr:
            return unit_expr.replace(f"{dec}byte", f"{binp}byte")
        if f"{binp}byte" in unit_expr:
            return unit_expr.replace(f"{binp}byte", f"{dec}byte")
    return None


def is_bits(unit_expr: str) -> bool:
    return "bit" in unit_expr


def pretty(unit_expr: str) -> str:
    """A short unit symbol for messages ("terabyte / second" -> "TB/s")."""
    known = _units_table()["pretty"].get(unit_expr)
    if known is not None:
        return known
    ureg = registry()
    symbol = f"{ureg.Unit(unit_expr):~}".replace(" ", "")
    _remember("pretty", unit_expr, symbol)
    return symbol


def parse_unit(surface: str) -> tuple[str, str]:
    """A unit as written in a fact file or an article -> (pint expression, family)."""
    if surface in LEXICON:
        return LEXICON[surface]
    expr = surface.replace("USD/h", "USD / hour")
    try:
        return expr, family_of(expr)
    except Exception as exc:  # (pint's parser fails on a malformed unit in many ways: "m**", "(", "GB//s")
        raise ValueError(f"unknown unit '{surface}'") from exc

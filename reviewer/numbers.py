"""Numbers as English and German articles write them: "2.52", "2,52", "3,958", "500.000", "1.600".

babel parses one locale's format, but articles mix them: German pieces quote "4.9 TB/s" straight
from English spec sheets. The rule here: when both separators appear, the last is the decimal
mark; a single separator followed by exactly three digits groups thousands in the article's
convention ("1.600" in German, "3,958" in English); anything else is a decimal mark.
"""

from __future__ import annotations

import re

_GROUP_SPACES = re.compile(r"(?<=\d)[\u00a0\u202f\u2009 '’](?=\d{3}\b)")


def parse_number(raw: str, lang: str) -> tuple[float, float]:
    """(value, resolution): resolution is half a unit of the last digit written ("2.52" -> 0.005)."""
    s = _GROUP_SPACES.sub("", raw.strip())
    dots, commas = s.count("."), s.count(",")
    if dots and commas:  # the last mark is the decimal one, every other groups ("1,299.5", "1.299,5"; "1.234,567.8")
        last = max(s.rfind("."), s.rfind(","))
        return _finish(s[:last].replace(".", "").replace(",", "") + "." + s[last + 1:], ".")
    if dots + commas == 0:
        return float(s), 0.5
    sep = "." if dots else ","
    if dots > 1 or commas > 1:
        return _finish(s.replace(sep, ""), None)
    head, tail = s.split(sep)
    if len(tail) == 3 and 1 <= len(head) <= 3 and head != "0":
        thousands = "." if lang == "de" else ","
        if sep == thousands:
            return _finish(head + tail, None)
    return _finish(s, sep)


def _finish(s: str, dec: str | None) -> tuple[float, float]:
    if dec and dec in s:
        head, tail = s.split(dec)
        value = float(f"{head or '0'}.{tail}")
        return value, 0.5 * 10 ** (-len(tail))
    return float(s), 0.5


def format_number(value: float, lang: str, digits: int | None = None) -> str:
    """A number in the article's convention, with as few decimals as needed (max 3)."""
    if not value or type(value) not in (int, float):  # 0.0 and -0.0 are equal keys, but not written alike
        return _format_number(value, lang, digits)
    key = (value, lang, digits)  # 2 and 2.0 are written alike
    text = _FORMATTED.get(key)
    if text is None:
        if len(_FORMATTED) > 10_000:
            _FORMATTED.clear()
        text = _FORMATTED[key] = _format_number(value, lang, digits)
    return text


_FORMATTED: dict[tuple, str] = {}


def _format_number(value: float, lang: str, digits: int | None = None) -> str:
    if digits is None:
        digits = 0
        for d in range(0, 4):
            if abs(round(value, d) - value) < 1e-9 * max(1.0, abs(value)):
                digits = d
                break
        else:
            digits = 3 if abs(value) < 100 else 1
    text = f"{value:,.{digits}f}"
    if lang == "de":
        text = text.replace(",", "\x00").replace(".", ",").replace("\x00", ".")
    if value < 10000 and lang == "de" and digits == 0:
        text = text.replace(".", "")  # German style guides drop the group mark below 10.000
    return text

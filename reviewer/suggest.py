"""Suggestions an article could contain as written: the fact's value in the writer's own way of writing it.

Only the figure changes. The currency sign, the unit as spelled, the scale word and the words after the
number stay ("$9,80" -> "$55,04", "4 Milliarden US-Dollar" -> "8 Milliarden US-Dollar", "1.287 TFLOPS"
-> "1.299 TFLOPS", "3-4 Dollar" -> "6,88 Dollar"), and the number keeps the writer's decimal and group
marks where the article's language reads them back the same. A suggestion is only good if the reviewer
reads it as the fact's value: `tests/test_suggest.py` puts every one back into its sentence.
"""

from __future__ import annotations

import math
import re

from .models import Quantity
from .numbers import format_number, parse_number

# a number as written, not the digits of a name ("BF16"); group 1 is its group mark
_NUM = re.compile(r"(?<!\w)(?:\d{1,3}(?:([.,\u00a0\u202f\u2009'’])\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)")


def digits_for(value: float) -> int | None:
    """Decimals to show: as few as the value needs (up to 3); above 100 none or one."""
    if abs(value) >= 100:
        return 0 if abs(value - round(value)) < 0.05 else 1
    return None


def number_like(value: float, token: str, lang: str, digits: int | None = None) -> str:
    """`value` written as `token` is written: its group mark (or none) and its decimal mark, as long as the
    article's language reads the result back as `value`; else in the language's own convention."""
    digits = digits_for(value) if digits is None else digits
    places = _needed(value) if digits is None else digits
    plain = format_number(value, lang, places)
    m = _NUM.fullmatch(token)
    if m is None:
        return plain
    group, (written, resolution) = m.group(1), parse_number(token, lang)
    if group:
        dec = "," if group == "." else "."
    elif resolution < 0.5:  # the writer's own decimal mark: "1,10", "2.52"
        dec = next(c for c in token if c in ".,")
    elif written < 1000:
        return plain  # a whole number below 1000 shows neither mark
    else:
        dec = "," if lang == "de" else "."
    if group is None:  # "1287" is written without a group mark; "9.80" does not say
        group = "" if written >= 1000 or abs(value) < 10000 else ("." if dec == "," else ",")
    text = f"{value:,.{places}f}".replace(",", "\x00").replace(".", dec).replace("\x00", group)
    if parse_number(text, lang)[0] != parse_number(plain, lang)[0]:
        return plain  # the writer's marks would read as another number here ("1.344" in German is 1344)
    return text


def _needed(value: float) -> int:
    """The fewest decimals that show the value to three ("2.9103" -> 2: "2.91")."""
    target = round(value, 3)
    return next(d for d in range(4) if abs(round(value, d) - target) < 1e-9 * max(1.0, abs(value)))


def as_written(q: Quantity, value: float, lang: str, upper: float | None = None, cents: bool = False) -> str | None:
    """`q`'s text with its figure (or its range) replaced by `value` (in the unit and scale `q` is written in:
    value 5e9 for "4 Milliarden US-Dollar" gives "5 Milliarden US-Dollar"); a range when `upper` is given.
    None when the text has no digits ("acht", "eine Million") or the scale word cannot carry the value."""
    tokens = list(_NUM.finditer(q.text))
    if not tokens:
        return None
    first = tokens[0]
    written = parse_number(first.group(), lang)[0]
    scale = q.value / written if written else 1.0
    if not math.isfinite(scale) or scale <= 0:
        return None
    new = value / scale
    if abs(scale - 1) > 1e-9 and (new < 1 or new == 1 != written):
        return None  # "0,5 Millionen", "1 Millionen": the whole number instead
    end = first.end()
    if q.range_high is not None and len(tokens) > 1:
        end = tokens[1].end()
    places = None
    if cents and re.search(r"[.,]\d\d$", first.group()) and round(new, 2) == round(new, 3):
        places = 2  # "$21.50" -> "$24.78", "$98.32" -> "$55.00"
    figure = number_like(new, first.group(), lang, places)
    if upper is not None:
        dash = q.text[first.end():tokens[1].start()] if q.range_high is not None and len(tokens) > 1 else "-"
        figure += dash + number_like(upper / scale, first.group(), lang, places)
    return q.text[:first.start()] + figure + q.text[end:]


def figure_as_written(q: Quantity, value: float, lang: str) -> str | None:
    """`value` (in the units of `q`'s first number as written) in the writer's number marks; None without digits."""
    first = _NUM.search(q.text)
    return number_like(value, first.group(), lang) if first else None


def ratio_as_written(q: Quantity, expected: float, lang: str) -> str:
    """A ratio's replacement with the rounding the explanation shows (two decimals): "4,4-fache" ->
    "1,94-fache"; a percentage stays one ("50 % mehr" read as 1.5 -> "33 %" for 1.33x, "70 % less" read as
    0.3 -> "50 %" for 0.5x); a ratio written in words gets "1,94x"."""
    shown = round(expected, 2)
    tokens = list(_NUM.finditer(q.text))
    if not tokens:
        return f"{format_number(shown, lang)}x"
    t = tokens[0]
    written = parse_number(t.group(), lang)[0]
    figure = format_number(shown, lang)
    for sign in (1, -1):  # the percentage the reading made of it: 1 + n/100 or 1 - n/100
        if written != 1 and math.isclose(q.value, 1 + sign * written / 100, abs_tol=1e-9):
            gain = sign * (expected - 1) * 100
            if gain < 0.5:
                return f"{format_number(shown, lang)}x"  # "50 % more" for a ratio below one: no percentage says it
            figure = format_number(round(gain), lang)
    return q.text[:t.start()] + figure + q.text[t.end():]

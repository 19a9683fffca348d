"""When in a year: "March 18, 2025", "18. März 2025", "the first half of 2025", "Anfang 2024", "Q4 2025".

A date claim is more than its year. The words written before the year narrow it to a month range
(and a day); `period_before` reads them, `Period.contains` tells whether a fact's date falls in it.
Month ranges of the vague words are generous ("early" is January to April) so that only a date
clearly outside them is called wrong.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from .lang import LANGUAGES, dates

# Month words of every language (reviewer/lang/<code>/dates.yaml): a date is read before the article's language
# is known (a dateline), so the readers below take every language's months. (Still to do: the vague parts of a
# year below, and reading dates per language.)
_MONTHS = {word: number for code in LANGUAGES for word, number in dates(code)["months"].items()}
MONTHS = {k: v for k, v in _MONTHS.items() if len(k) > 3}  # month names written out (no "Mar", "Mai" is a word too)

# vague parts of a year -> (first month, last month), of every language
_PARTS: dict[str, tuple[int, int]] = {part: (int(first), int(last)) for code in LANGUAGES
                                      for part, (first, last) in dates(code)["parts"].items()}


def _alternation(words) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


_MONTH = _alternation(_MONTHS)
_PART = _alternation(_PARTS)
_DAY_OF = _alternation({w for code in LANGUAGES for w in dates(code)["day_of"]})  # "3rd of December"
_PART_OF = _alternation({w for code in LANGUAGES for w in dates(code)["part_of"]})  # "Mitte des Jahres"
# Each pattern must end where the year begins (the text before the year is matched, anchored at its end).
_BEFORE = [
    # "18 March 2025", "18. März 2025", "3rd of December 2024"
    re.compile(rf"(?<![\w.,])(?P<day>[0-3]?\d)(?:\.|st|nd|rd|th)?\s+(?:(?:{_DAY_OF})\s+)?(?P<month>{_MONTH})\.?,?\s+$", re.I),
    # "March 18, 2025", "Dec. 3rd 2024", "March 2025"
    re.compile(rf"(?<![\w-])(?P<month>{_MONTH})\.?\s+(?:(?P<day>[0-3]?\d)(?:st|nd|rd|th)?,?\s+)?$", re.I),
    # "the first half of 2025", "Anfang 2024", "im ersten Halbjahr 2025", "Q4 2025", "mid-2025"
    re.compile(rf"(?<![\w-])(?P<part>{_PART})(?:\s+(?:{_PART_OF}))?(?:\s+|(?<=-))$", re.I),
    # "24.11.2025", "02.12.2025" (day and month as numbers, as German writes a date)
    re.compile(r"(?<![\w.,])(?P<nday>0?[1-9]|[12]\d|3[01])\.(?P<nmonth>0?[1-9]|1[0-2])\.$"),
    # "12/2024", "03/2023" (a table's month and year)
    re.compile(r"(?<![\w/.])(?P<month_number>0?[1-9]|1[0-2])/$"),
]


@dataclass(frozen=True)
class Period:
    """A year, or a month range of it, or one day."""

    year: int
    first_month: int = 1
    last_month: int = 12
    day: int | None = None

    @property
    def whole_year(self) -> bool:
        return self.first_month == 1 and self.last_month == 12 and self.day is None

    def last_day(self) -> dt.date:
        """The period's last day ("October 2023" ends on 2023-10-31, "Ende 2024" on 2024-12-31)."""
        if self.day is not None:
            return dt.date(self.year, self.first_month, self.day)
        after = dt.date(self.year + 1, 1, 1) if self.last_month == 12 else dt.date(self.year, self.last_month + 1, 1)
        return after - dt.timedelta(days=1)

    def contains(self, date: dt.date) -> bool:
        if date.year != self.year or not self.first_month <= date.month <= self.last_month:
            return False
        if self.day is None:
            return True
        written = dt.date(self.year, self.first_month, self.day)
        return abs((date - written).days) <= 1  # a keynote's date differs by a day across time zones

    def encode(self) -> str:
        """"2025", "2025-03", "2025-03-18", "2025-01/2025-06" (the claim's value_text)."""
        if self.day is not None:
            return f"{self.year}-{self.first_month:02d}-{self.day:02d}"
        if self.whole_year:
            return str(self.year)
        if self.first_month == self.last_month:
            return f"{self.year}-{self.first_month:02d}"
        return f"{self.year}-{self.first_month:02d}/{self.year}-{self.last_month:02d}"

    @classmethod
    def decode(cls, text: str) -> Period:
        first, _, last = text.partition("/")
        parts = [int(p) for p in first.split("-")]
        if len(parts) == 1:
            return cls(parts[0])
        if len(parts) == 3:
            return cls(parts[0], parts[1], parts[1], parts[2])
        end = int(last.split("-")[1]) if last else parts[1]
        return cls(parts[0], parts[1], end)


def period_before(text: str, year_start: int, year: int) -> tuple[int, Period]:
    """The period a year written at `year_start` of `text` is narrowed to, and where its words begin."""
    head = text[max(0, year_start - 40):year_start]
    offset = year_start - len(head)
    for pattern in _BEFORE:
        m = pattern.search(head)
        if not m:
            continue
        if "part" in m.groupdict():
            first, last = _PARTS[re.sub(r"\s+", " ", m.group("part").lower())]
            return offset + m.start(), Period(year, first, last)
        if "nmonth" in m.groupdict():
            nmonth, nday = int(m.group("nmonth")), int(m.group("nday"))
            try:
                dt.date(year, nmonth, nday)
            except ValueError:
                continue
            return offset + m.start(), Period(year, nmonth, nmonth, nday)
        if "month_number" in m.groupdict():
            number = int(m.group("month_number"))
            return offset + m.start(), Period(year, number, number)
        month = _MONTHS[m.group("month").lower()]
        day = int(m.group("day")) if m.group("day") else None
        if day is not None and not 1 <= day <= 31:
            day = None
        try:
            if day is not None:
                dt.date(year, month, day)
        except ValueError:
            day = None
        return offset + m.start(), Period(year, month, month, day)
    return year_start, Period(year)

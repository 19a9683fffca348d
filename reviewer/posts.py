"""When each post of a thread was written, and what a dated line speaks of: a talk page's signature
("-- Benutzer:Rechenwerk 12:05, 21. Dez. 2024 (CET)") dates the paragraph it ends; a forum or issue post's
header ("**lena** · 9. Feb. 2026", "mkoenig commented on Mar 3, 2026") dates the lines up to the next header.
A claim in a post written before the article's date is judged at the post's date (`Claim.as_of`): "the Neuron
docs (version 2.21) give 1,287 TFLOPS", signed in December 2024, was right then. So is a line led by a date, a
timeline's or changelog's item or a history table's row ("| 01.07.2025 | 98,32 $ |" is the price of that day).
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from collections.abc import Sequence

from .gitlogs import COMMIT_LINE
from .lang import LANGUAGES, dates, numbers, words
from .models import Claim, evolve
from .periods import period_before
from .vocabulary import TIMED_ATTRIBUTES

OLD_POST_DAYS = 180  # a post this much older than the article speaks of its own time (an archived thread)
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
# a signature: a user page's name, then within the line a time and a date ("10:14, 21. Dez. 2024 (CET)")
_SIGNATURE = re.compile(
    r"(?:(?:--|—|–|~~)\s*)?\[*(?<!\w)(?:" + "|".join(w for c in LANGUAGES for w in dates(c)["signature"]) + r")\s*:"
    r"[^\n]{1,80}?\d{1,2}:\d{2}\s*(?:[AaPp]\.?[Mm]\.?)?,?\s+(?P<date>[^\n()]{3,30}?(?:19|20)\d\d)", re.IGNORECASE)


def _date(words_: str) -> dt.date | None:
    years = list(_YEAR.finditer(words_))
    if not years:
        return None
    y = years[-1]  # the last year written
    _, period = period_before(words_, y.start(), int(y.group(1)))
    try:
        if period.day is None and not period.whole_year:
            # (a month without a day: its last day, so that what happened in it has happened: "November 2023: AWS
            # unveils Trainium2" is judged after the 28th)
            return period.last_day()
        return dt.date(period.year, period.first_month, period.day or 1)
    except ValueError:
        return None


# a line led by a date: a timeline's or changelog's item ("- **01.03.2025:** Tracker gestartet; ... 98,32 $"), a
# history table's row ("| 01.07.2025 | 98,32 | 12,29 |"), a dated paragraph ("2025-06-01: price cut to $55.04");
# possessive runs of blanks and emphasis marks, so that a line of many spaces costs linear time
_DATED_LINE = re.compile(
    r"^[ \t]*+(?:(?:[-*+]|\d{1,3}\.)[ \t]++|\|[ \t]*+)?[*_]*+[ \t]*+(?P<date>\d{1,2}\.\d{1,2}\.(?:19|20)\d\d"
    r"|(?:19|20)\d\d-\d\d-\d\d|\d{1,2}\.?[ \t]++[A-Za-zÄÖÜäöüé]{3,9}\.?[ \t]++(?:19|20)\d\d"
    r"|[A-Z][a-z]{2,8}\.?[ \t]++\d{1,2},?[ \t]++(?:19|20)\d\d"
    # a month of a timeline ("**März 2022:** Nvidia stellt ... vor", "- November 2023 – ..."): its last day
    r"|[A-ZÄÖÜ][a-zäöüé]{2,8}\.?[ \t]++(?:19|20)\d\d)[*_]*+[ \t]*+(?:[:|–—]|-[ \t])", re.MULTILINE)
_NUMERIC_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.((?:19|20)\d\d)|((?:19|20)\d\d)-(\d\d)-(\d\d)")


_CLOCK = re.compile(r"\s\d{1,2}:\d\d(?::\d\d)?(?=\s)")  # a time of day between a date and its year (`git log`)


def _line_date(words_: str) -> dt.date | None:
    m = _NUMERIC_DATE.fullmatch(words_)
    if m is None:
        return _date(_CLOCK.sub("", words_))  # ("Wed Jan 15 11:40:09 2025 +0100": 15 January 2025)
    day, month, year = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(6), m.group(5), m.group(4))
    try:
        return dt.date(int(year), int(month), int(day))
    except ValueError:
        return None


def post_spans(text: str, lang: str, scenes: bool = True) -> list[tuple[int, int, dt.date]]:
    """(start, end, date) of every dated post and dated line, in text order (with the sections that only their heading
    dates by a month, a screenplay's scenes among them, unless `scenes` is false: "## Aus dem Programmheft der
    Uraufführung (Oktober 2023)" and a flashback's "(NOVEMBER 2023)" are no date the page was written at; a release's
    "## [1.4.0] - 2026-05-02" is)."""
    spans = []
    now = words(lang).now_header
    today_columns: dict[int, int] = {}  # a dated table row's column of today (_before_now_column)
    for m in _DATED_LINE.finditer(text):
        when = _line_date(m.group("date"))
        if when is not None:
            end = text.find("\n", m.end())
            end = len(text) if end < 0 else end
            spans.append((m.start(), _before_now_column(text, m.start(), end, now, today_columns), when))
    for m in _SIGNATURE.finditer(text):
        when = _date(m.group("date"))
        if when is not None:
            para = text.rfind("\n\n", 0, m.start())
            spans.append((para + 2 if para >= 0 else 0, m.end(), when))
    spans.extend(_dated_sections(text, words(lang).date_field, words(lang).scene_date, scenes))
    for m in _GIT_COMMIT.finditer(text) if "commit " in text else ():
        # a pasted `git log`: each commit's message is of its own "Date:" (up to the next commit or the block's end)
        when, stop = _line_date(m.group("date").strip()), _COMMIT_END.search(text, m.end())
        if when is not None:
            spans.append((m.start(), stop.start() if stop else len(text), when))
    header = words(lang).post_header
    heads = []
    for m in re.finditer(r"[^\n]+", text):
        if header.match(m.group()) and not m.group().lstrip().startswith("|"):  # (not a table row)
            when = _date(m.group())
            heads.append((m.start(), when))
    ends = [start for start, _ in heads[1:]] + [len(text)] if heads else []
    for (start, when), end in zip(heads, ends, strict=True):
        if when is not None:
            spans.append((start, end, when))
    return sorted(spans)


_GIT_COMMIT = re.compile(COMMIT_LINE + r"[^\n]*\n(?:[^\n]*\n){0,3}?Date:[ \t]+(?P<date>[^\n]+)", re.MULTILINE)
_COMMIT_END = re.compile(r"^(?:" + COMMIT_LINE[1:] + r"|```|~~~)", re.MULTILINE)
_HEADING = re.compile(r"^(#{1,6})[ \t]", re.MULTILINE)
_FIELD_LINES = 4  # the date field is among the first lines of its section
# a screenplay's scene heading in bold ("**5. RÜCKBLENDE – INT. VENETIAN, LAS VEGAS – TAG (NOVEMBER 2023)**")
_SCENE_HEADING = re.compile(r"^[ \t]*\*\*[ \t]*(?:\d+[A-Z]?\.?[ \t]+)?(?:[A-ZÄÖÜ]+[ \t]*[–—-][ \t]*)?"
                            r"(?:INT|EXT|INNEN|AUSSEN|I/E)\.[^\n]*$", re.MULTILINE)


def _dated_sections(text: str, field: re.Pattern, scene: re.Pattern, scenes: bool = True) -> list[tuple[int, int, dt.date]]:
    """A section whose first lines give its date in a field ("## ADR-002: ..." over "- **Date:** 2024-07-08",
    "- **Datum:** 08.07.2024"), or whose first line sets its scene at a date ("## Zweite Szene – Rückblende" over
    "*Ende Dezember 2024. Dieselbe Halle ...*"): a decision record's, minutes', changelog entry's or scene's date, up
    to the next heading of its level or above (found from the end with a stack: linear in the number of headings)."""
    heads = sorted([*((m.start(), len(m.group(1))) for m in _HEADING.finditer(text)),
                    *((m.start(), 7) for m in (_SCENE_HEADING.finditer(text) if scenes else ()))])  # (ends at the next)
    out, stack = [], list[tuple[int, int]]()  # (start, level) of the headings after, each above the one after it
    for k in range(len(heads) - 1, -1, -1):
        start, level = heads[k]
        while stack and stack[-1][1] > level:
            stack.pop()
        end = stack[-1][0] if stack else len(text)
        stack.append((start, level))
        body = text[text.find("\n", start) + 1:heads[k + 1][0] if k + 1 < len(heads) else len(text)]
        lines = [line for line in body.split("\n", 12)[:12] if line.strip()][:_FIELD_LINES]
        m = next((m for m in map(field.match, lines) if m), None) or (scene.match(lines[0]) if lines else None)
        heading = text[start:text.find("\n", start)]
        when = _line_date(m.group("date").strip(" *_")) if m else (
            _heading_date(heading) if scenes or _day_dated(heading) else None)  # (a heading's month: see post_spans)
        if when is not None:
            out.append((start, end, when))
    return out[::-1]


# a heading that ends with a month and year or a full date ("## Snapshot A: April 2025", "## Stand (03/2026)" is none)
_TRAILING_DATE = re.compile(r"[:–—(-][ \t]*(?P<date>(?:\d{1,2}\.?[ \t]+)?(?P<month>[A-Za-zÄÖÜäöüé]{3,9})\.?[ \t]+(?:19|20)\d\d"
                            r"|\d{1,2}\.\d{1,2}\.(?:19|20)\d\d|(?:19|20)\d\d-\d\d-\d\d)\)?[ \t*_]*$")
_MONTHS = frozenset(m for code in LANGUAGES for m in dates(code)["months"])


def _day_dated(heading: str) -> bool:
    """The heading ends with a date that names its day ("## [1.4.0] - 2026-05-02": a release's), not a month alone."""
    m = _TRAILING_DATE.search(heading)
    return m is not None and not (m.group("month") and not m.group("date")[:1].isdigit())


def _heading_date(heading: str) -> dt.date | None:
    m = _TRAILING_DATE.search(heading)
    if m is None or (m.group("month") and m.group("month").lower() not in _MONTHS):
        return None
    return _line_date(m.group("date"))


_CLAUSE_END = re.compile(r";|[.!?](?=\s|\[\d|$)")  # (a citation after the full stop ends it too: "2024.[11] Rainier")


def _year_led_clauses(text: str, lead: re.Pattern) -> list[tuple[int, int, dt.date]]:
    """A sentence (or a clause after a colon) led by a year ("In 2024 a p5.48xlarge listed at $98.32 an hour; since
    ...", "2024 kostete eine p5.48xlarge 98,32 $", "...: in January 2025 a p5.48xlarge listed at ..."): its first
    clause speaks of that year, or of the month named before it (judged at its last day)."""
    out = []
    for m in lead.finditer(text):
        month = m.group("month")
        if month and month.lower().rstrip(".") not in _MONTHS:
            continue  # ("In Trainium 2025 ...": not a month)
        end = _CLAUSE_END.search(text, m.end())
        stop = end.start() if end else len(text)
        # (a month before the year narrows it: "in January 2025 a p5.48xlarge listed at $98.32" is judged on 31 January)
        start, at = m.start(), period_before(text, m.start("year"), int(m.group("year")))[1].last_day()
        for later in _YEAR.finditer(text, m.end(), stop):
            # up to the next date it names, which speaks from there on: "..., and the part that launched on October
            # 10, 2024 shipped with 256 GB" is of October 2024, not of June 2024
            out.append((start, later.start(), at))
            start, at = later.start(), period_before(text, later.start(), int(later.group()))[1].last_day()
        out.append((start, stop, at))
    return out


def _before_now_column(text: str, start: int, end: int, now: re.Pattern, columns: dict[int, int]) -> int:
    """Where a dated table row stops speaking of its date: at the first cell under a header of today ("| Post | Claim
    then | Figure today |" over "| Jun 2024 | MI325X 288 GB | 256 GB |"); the line's end otherwise. `columns` keeps
    each row's column of today (-1: none), so a long table's rows are walked and its header read once."""
    if not text[start:end].lstrip().startswith("|"):
        return end
    head = start
    while head > 0 and head not in columns and text[text.rfind("\n", 0, head - 1) + 1:head].lstrip().startswith("|"):
        head = text.rfind("\n", 0, head - 1) + 1  # up to a row already read, or the table's first row, its header
    if head not in columns:
        header = text[head:text.find("\n", head)].strip().strip("|").split("|")
        columns[head] = next((k for k, cell in enumerate(header) if now.search(cell)), -1)
    column = columns[start] = columns[head]
    if column < 0:
        return end
    bar = start - 1
    for _ in range(column + 1):  # (the row's bar before that column)
        bar = text.find("|", bar + 1, end)
        if bar < 0:
            return end
    return bar


def year_clauses(text: str, lang: str, when: dt.date) -> list[tuple[int, int, dt.date]]:
    """The sentences led by a year or month ("In 2024 a p5.48xlarge listed at ..."; _year_led_clauses) or by a time
    before the article's ("Vor 2 Jahren war Pat Gelsinger ...", "Two years ago, ..."). They speak of their time but
    are no post: they do not date the article (latest), nor what already names its own time (dated)."""
    w = words(lang)
    return sorted([*_year_led_clauses(text, w.year_clause), *_years_ago_clauses(text, w.years_ago_clause, lang, when)])


def _years_ago_clauses(text: str, lead: re.Pattern, lang: str, when: dt.date) -> list[tuple[int, int, dt.date]]:
    """A sentence led by a number of years before the article ("Vor 2 Jahren war Pat Gelsinger der Chef von Intel",
    "Two years ago today, AMD announced ..."): its first clause speaks of that day."""
    out = []
    counts = numbers(lang)["number_words"]
    for m in lead.finditer(text):
        n = m.group("n").lower()
        years = int(n) if n.isdigit() else counts.get(n, 1 if n in ("a", "an") else 0)
        if not 0 < years < 100:
            continue
        end = _CLAUSE_END.search(text, m.end())
        day = min(when.day, 28) if when.month == 2 else when.day  # (29 February has no day years before)
        out.append((m.start(), end.start() if end else len(text), when.replace(year=when.year - years, day=day)))
    return out


def _timed(c: Claim) -> bool:
    """A claim that is itself about a time: a date, a role with its own time ("scope=at:2024-06", "past")."""
    return c.attribute in TIMED_ATTRIBUTES or (c.scope or "").startswith(("at:", "past"))


def latest(spans: Sequence[tuple[int, int, dt.date]]) -> dt.date | None:
    """A thread without a date of its own was exported after its latest post."""
    return max((s[2] for s in spans), default=None)


def dated(claims: Sequence[Claim], spans: Sequence[tuple[int, int, dt.date]], article: dt.date,
          own_time: bool = True, now: re.Pattern | None = None) -> list[Claim]:
    """The claims, each in a post written before `article` judged at its post's date (unless the claim
    already names the date it is stated for); in a post much older than the article, as a statement of then.
    Without `own_time` (a sentence led by a date, not a post), a date and a role that names its own time ("Im Juni
    2024 löste Matt Garman Adam Selipsky ab") are left as they are; so is a claim whose sentence opens with a word for now
    (`now`: "Heute nennt AWS …" under "## Aus dem Programmheft der Uraufführung (Oktober 2023)")."""
    spans = [s for s in spans if s[2] < article]
    if not spans:
        return list(claims)
    starts = [s[0] for s in spans]
    out = []
    for c in claims:
        i = bisect.bisect_right(starts, c.start) - 1
        if c.as_of is None and i >= 0 and spans[i][0] <= c.start < spans[i][1] and (own_time or not _timed(c)) \
                and not (now is not None and now.match(c.sentence or "")):
            # (and said then: a value the vendor has since superseded, with no date of its own, was right then)
            old = c.stance == "asserted" and (article - spans[i][2]).days >= OLD_POST_DAYS
            c = evolve(c, as_of=spans[i][2], stance="historical" if old else c.stance)
        out.append(c)
    return out

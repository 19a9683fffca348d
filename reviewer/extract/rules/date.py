"""Dates: announced, available, acquired.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial

from ...models import Claim, Segment
from ...periods import MONTHS as MONTH_WORDS
from ...periods import Period, period_before
from ..patterns import (
    DATED_NAME,
    UNPUNCTUATED_BREAK,
    YEAR,
)
from ..rule import SENTENCE, Rule
from ..sentence import Cue, Mention, Sentence, compared_in, counted_in, distance, negation_before
from ..subjects import Subjects

_ATTRIBUTE_OF_CUE = {"ACQ": "acquired", "ATTR:announced": "announced", "ATTR:available": "available"}


def date_claims(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """A date next to a word for acquired, announced or available, about an entity with that date in the
    fact base: named in the sentence, or for "the chip was announced ..." the one in context. The year, and
    the month, day or part of the year written before it ("the first half of 2025").

    Bad (en): "Update December 2025: we corrected the table" -- when the text was written.
    Bad (de): "Das Start-up wurde 2021 gegründet" -- "Start-up" is no start of availability.
    Good (en): "Amazon bought Annapurna Labs in 2015" -> acquired 2015 of annapurna-labs.
    Good (de): "Trainium2 wurde im November 2023 vorgestellt" -> announced November 2023 of trainium2.
    """
    cues = _date_cues(s)
    if not cues:
        return
    years = list(YEAR.finditer(s.text))
    presenting = {c.start for c in s.cue("PRESENTED")}
    orgs = {x.entity for x in s.mentions if ctx.kind(x.entity) == "organisation"}
    # (start, end, where its words begin, the period): years, then days written without a year
    # ("announced on November 12": the last such day on or before the article's date, see HW106)
    dates: list[tuple[int, int, int, Period]] = [
        (m.start(), m.end(), *period_before(s.text, m.start(), int(m.group()))) for m in years]
    # ("available: 2024-12-10", "am 2024-12-03 allgemein verfügbar": an ISO date, one day)
    # (not a changelog's or revision history's stamp: "- **2026-03-11:** Footnote [^1] now notes ...", "2026-03-02 – removed")
    iso = list(_ISO_DATE.finditer(s.text))
    dates += [(m.start(), m.end(), m.start(), Period(int(m.group(1)), int(m.group(2)), int(m.group(2)), int(m.group(3))))
              for m in iso if not _STAMP_AFTER.match(s.text, m.end())]
    years = years or iso
    if not years:
        days = [(m.start(), m.end(), m.start(), yearless(m)) for m in s.w.yearless_day.finditer(s.text)]
        dates = [(a, b, at, p) for a, b, at, p in days if p is not None]
        if not dates:  # "seit Ende September in Betrieb": the month alone, the last one before the article's date
            dates = [(m.start("month"), m.end(), m.start("month"), Period(0, *(2 * (MONTH_WORDS[m.group("month").lower()],))))
                     for m in s.w.yearless_month.finditer(s.text)]
    if not dates or all(s.start + m.end() <= seg.lead_end for m in years):
        dates = _months_of_lead_year(seg, s) or dates  # "- **2024:** Intel launches Gaudi 3 in June."
    if not dates and seg.kind == "table_cell" and seg.row_header >= 0:
        yield from _row_date(ctx, seg, s, cues)  # "| Juni 2025 | Computex | Vorstellung von NVLink Fusion |"
        return
    owner = _cue_owners(s, cues, dates)
    for start, end, at, period in dates:
        a, b = s.start + start, s.start + end
        year_lead = seg.kind == "list_item" and seg.lead_end and s.start + end <= seg.lead_end \
            and not s.text[:at].strip(" *_-\t")  # "- **2021:** Trn1 ist allgemein verfügbar": a timeline's year
        if s.w.dateline.search(s.text, 0, start) or (s.text.startswith(":", end) and start < 30 and not year_lead):
            continue  # "Update Dezember 2025: ...", "Stand: März 2025": when the text was written
        if s.w.year_document_after.match(s.text, end):
            continue  # "which is what our 2023 deck used": the year of a document
        words = s.start + at  # "December 2024": the date's words start at "December"
        if s.w.deadline_before.search(s.text, 0, at):
            continue  # "sollte bis Ende 2025 auf eine Million kommen", "by the end of 2025": a plan's deadline
        own = [c for c in cues if owner.get(c) == start] if owner else cues
        if not own:
            continue  # "auf der re:Invent 2024 angekündigt und ging Ende Oktober 2025 in Betrieb": the cue is 2024's
        cue = min(own, key=partial(_apart, s, words=words, b=b))
        if _persons_clause(ctx, s, cue, words, at):
            continue  # "…, wonach Selipsky Trainium3 vorgestellt habe; AWS wird seit Juni 2024 von Matt Garman geführt"
        if (distance(cue, words, b) > 40 and not (owner.get(cue) == start and _apart(s, cue, words=words, b=b) <= 60)
                and not (len(dates) == 1 and len(cues) == 1 and years)) or _later_clause(s, cue, b):
            continue  # a year far from the word: unless it is the sentence's only year and only date word, or
            # the word's own of several ("Angekündigt wurde der Chip auf der re:Invent 2022, verfügbar ist er seit ...")
        attribute = _ATTRIBUTE_OF_CUE[cue.label]
        presented = attribute != "acquired" and cue.start in presenting
        if presented:
            attribute = "announced"  # "launched", "vorgestellt": the announcement or the launch

        def dated(entity: str, attribute=attribute, presented=presented) -> bool:
            return bool(ctx.fb.about(entity, attribute) or (presented and ctx.fb.about(entity, "available")))

        found = _dated_entity(ctx, seg, s, dated, cue, start, a, b, orgs)
        if found is None:
            continue
        entity, subject_text, named = found
        # "Trainium4 soll NVLink Fusion unterstützen (angekündigt im Dezember 2025)": a link's date may be the
        # announcement of the chip named before it that is to use it (checks/dates.py tries that chip too)
        alternates = tuple(dict.fromkeys(m.entity for m in s.mentions if m.end <= a and ctx.kind(m.entity) == "chip"
                                         and dated(m.entity))) if ctx.kind(entity) == "interconnect" else ()
        yield Claim(entity=entity, attribute=attribute,
                    start=seg.start + s.start + at, end=seg.start + b, text=s.text[at:end],
                    value_text=period.encode(), sentence=s.text.strip(), subject_text=subject_text,
                    subject_how="sentence" if named else "coreference",
                    scope="presented" if presented else None, alternates=alternates)


def _date_cues(s: Sentence) -> list[Cue]:
    """The sentence's words for acquired, announced or available: one cue per word ("allgemein verfügbar" holds
    "verfügbar"), none in "Start-up", none denied before its clause ends ("the story was demand, not availability:
    in October 2025 Google ..."; not "not available until March 2026")."""
    cues = [c if c.label != "DATE:announced" else Cue(c.start, c.end, "ATTR:announced")
            for c in s.cues if c.label in ("ACQ", "ATTR:announced", "ATTR:available", "DATE:announced")
            and not s.text.startswith(("-up", "-Up", "up"), c.end - s.start)]
    return [c for c in cues if not any(o is not c and o.start <= c.start and c.end <= o.end
                                       and (o.end - o.start) > (c.end - c.start) for o in cues)
            and not (negation_before(s, c.start, 5) and _PUNCT_AFTER.match(s.text, c.end - s.start))
            and not (c.label == "ACQ" and s.w.took_charge_after.match(s.text, c.end - s.start))]
    # ("übernahm Herr Berger die Leitung", "took over the team": someone took charge, nothing was acquired)


_CLAUSE_END = re.compile(r";|,\s")  # (punctuation, no language's words)
_PUNCT_AFTER = re.compile(r"[*_]*\s*[:;,]")
_STAMP_AFTER = re.compile(r"[*_]*\s*(?::|[–—-]\s)")
_ISO_DATE = re.compile(r"(?<![\w.-])((?:19|20)\d\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?![\w.-]?\d)")


def _row_date(ctx: Subjects, seg: Segment, s: Sentence, cues: list[Cue]) -> Iterable[Claim]:
    """A timeline table's row: its first cell is a date and nothing else, and this cell presents or launches
    the one entity it names with that date in the fact base ("| June 2025 | Computex: NVLink Fusion unveiled |")."""
    at_text = ctx.state.cell_at.get(seg.row_header)
    if at_text is None:
        return
    cell_start, text = at_text
    years = list(YEAR.finditer(text))
    if len(years) != 1:
        return
    m = years[0]
    at, period = period_before(text, m.start(), int(m.group()))
    if text[:at].strip(" *_\t") or text[m.end():].strip(" *_.\t"):
        return  # (a cell with more than a date: "seit 2024", "2024 (Vorschau)")
    cue = cues[0]
    attribute = _ATTRIBUTE_OF_CUE[cue.label]
    named = {x.entity: x for x in s.mentions if ctx.fb.about(x.entity, attribute)}
    if len(named) != 1:
        return
    (entity, mention), = named.items()
    yield Claim(entity=entity, attribute=attribute, start=cell_start + at, end=cell_start + m.end(),
                text=text[at:m.end()], value_text=period.encode(), sentence=s.text.strip(), subject_text=mention.text,
                subject_how="table")


def _later_clause(s: Sentence, c: Cue, b: int) -> bool:
    """The cue is a word of a clause after the date's ("…, von denen AMD im Juni 2024 sprach, kamen nie; ausgeliefert
    wurde sie mit 256 GB"): it dates nothing before its semicolon."""
    return c.start >= b and ";" in s.text[b - s.start:c.start - s.start]


def _apart(s: Sentence, c: Cue, *, words: int, b: int) -> int:
    """How far cue `c` is from a date written at words-b; a cue across a semicolon or comma belongs to the
    other clause."""
    lo, hi = (c.end, words) if c.end <= words else (b, c.start)
    gap = s.text[lo - s.start:hi - s.start]
    return distance(c, words, b) + (100 if ";" in gap else 30 if "," in gap else 0)


def _own_date_after(s: Sentence, x: Mention, b: int) -> bool:
    """A name the sentence compares with that has a date of its own after it: a relative clause opens after it ("than
    the 192 GB of the MI300X, which has been shipping since ...", before the date's end `b`), or an English participle
    with its date ("the older B200 announced in 2024")."""
    return (x.start < b and bool(s.w.relative_after.match(s.text, x.end - s.start))) \
        or bool(s.w.participle_date_after.match(s.text, x.end - s.start))


def _object_after(s: Sentence, last: Mention, cue: Cue, b: int, nxt: Mention) -> bool:
    """After a comma that ends the clause naming `last`, a new clause names its own subject before the date word `cue`,
    and the name `nxt` right after the date (at most a short word between) is what the verb presents."""
    comma = s.text.rfind(",", last.end - s.start, cue.start - s.start)
    return comma >= 0 and any(comma < m.start - s.start and m.end <= cue.start for m in s.mentions) \
        and bool(_SHORT_GAP.fullmatch(s.text, b - s.start, nxt.start - s.start))


_SHORT_GAP = re.compile(r"\s+(?:\w{1,5}\s+)?")


def _persons_clause(ctx: Subjects, s: Sentence, cue: Cue, words: int, at: int) -> bool:
    """The date at sentence offset `at` follows a semicolon after its cue word, in a clause that names a person: the
    date is that person's (a role's start), not the word's before the semicolon."""
    semi = s.text.rfind(";", 0, at) if cue.end <= words else -1
    return semi >= cue.end - s.start and any(semi < m.start - s.start and ctx.kind(m.entity) == "person"
                                             for m in s.mentions)


def _cue_owners(s: Sentence, cues: list[Cue], dates: list[tuple[int, int, int, Period]]) -> dict[Cue, int]:
    """Each cue word's date (by its start), when the sentence has several: the nearest pairs first, one date
    per cue, so a second date does not borrow the first one's word."""
    if len(dates) < 2:
        return {}
    pairs = sorted((_apart(s, c, words=s.start + at, b=s.start + end), i, j)
                   for i, c in enumerate(cues) for j, (_, end, at, _) in enumerate(dates))
    owner: dict[Cue, int] = {}
    taken: set[int] = set()
    for _, i, j in pairs:
        if cues[i] not in owner and j not in taken:
            owner[cues[i]] = dates[j][0]
            taken.add(j)
    return owner


def _dated_entity(ctx: Subjects, seg: Segment, s: Sentence, dated: Callable[[str], bool], cue: Cue, start: int,
                  a: int, b: int, orgs: set[str]) -> tuple[str, str, bool] | None:
    """(entity, how it was written, named in the sentence) a date at a-b is about: a name of the sentence
    with that date in the fact base, the table row's chip, or the one in context."""
    counted = [x for x in counted_in(s) if ctx.kind(x.entity) == "chip"  # "500.000 Trainium3-Chips"
               and not s.w.launched_after.match(s.text, x.end - s.start)]  # (but "32 MI355X, launched on ...")
    # "Seit dem Marktstart im Oktober 2024 sind es 256 GB, knapp 50 Prozent mehr als bei der MI300X", "3x FP8
    # over Trainium3 when they previewed it in December 2025": a comparison's partner is not what the date is about
    # (unless a relative clause opens after it: "than the 192 GB of the MI300X, which has been shipping since ...")
    counted += [x for x in compared_in(s) if not _own_date_after(s, x, b)]
    with_facts = [x for x in s.mentions if dated(x.entity) and x not in counted and not UNPUNCTUATED_BREAK.search(
        s.text[min(x.end, a) - s.start:max(x.start, b) - s.start])]  # a heading glued to the next line
    table = ctx.table_entity(seg) if seg.kind == "table_cell" and not with_facts else None
    if table is not None and dated(table):
        # "| Gaudi 3 | ... | 2024 |" under "Start" or "Launch": the row's chip
        return table, ctx.fb.entities[table].name, False
    elif with_facts and (named := _participle_names(s, [x for x in s.mentions if dated(x.entity)], b)) is not None:
        return named.entity, named.text, True  # "folgt auf den 2020 angekündigten ersten Trainium": the participle's noun
    elif with_facts:
        # "Der Trainium2 selbst, der schon das Dreifache der ersten Trainium-Generation bot, war im
        # November 2023 angekündigt worden": a name inside a relative clause is not the date's
        inner = [(r.start() + s.start, r.end() + s.start) for r in s.w.relative_clause.finditer(s.text, 0, start)]
        with_facts = [x for x in with_facts if not any(p <= x.start and x.end <= r for p, r in inner)] or with_facts
        before = [x for x in with_facts if x.end <= a]
        if len(before) > 1 and s.w.apposition_open.fullmatch(s.text, before[-2].end - s.start, before[-1].start - s.start) \
                and "," in s.text[before[-1].end - s.start:a - s.start]:
            before.pop()  # "Project Rainier, a Trainium2 cluster in Indiana, was switched on in October 2025"
        after = [x for x in with_facts if x.start >= b and ";" not in s.text[b - s.start:x.start - s.start]]
        if before and after and (";" in s.text[before[-1].end - s.start:a - s.start]
                                 or _object_after(s, before[-1], cue, b, after[0])
                                 or (cue.start >= b and s.w.where_after_date.match(s.text, b - s.start))  # ", where"
                                 or (s.w.date_clause_lead.search(s.text, before[-1].end - s.start, a - s.start)
                                     and not any(ch in s.text[b - s.start:after[0].start - s.start] for ch in ",.\n"))):
            # "Blackwell Ultra was unveiled ... 2025; the March 2024 GTC introduced the GB200 NVL72": its clause's; "...
            # der MI355X mit 288 GB, und AWS-Chef Adam Selipsky präsentierte im Dezember 2025 Trainium3": the verb's object
            before = []
        subject = before[-1] if before else (after or with_facts)[0]
        if not before and _CLAUSE_END.search(s.text, b - s.start, subject.start - s.start) \
                and any(c.end <= a for c in s.cue("ANAPH:")):
            return None  # "when they previewed it in December 2025, plus support for NVLink Fusion": "it" is meant
        semi = s.text.find(";", b - s.start, subject.start - s.start)
        if not before and semi >= 0 and any(b <= c.start and c.end - s.start <= semi for c in s.cue("ANAPH:")):
            # "Seit Ende Oktober 2025 ist er voll in Betrieb; damals liefen hier … Trainium2-Chips": "er" is the one
            # in context, not the next clause's name
            entity = ctx.context(seg, fits=dated, at=a)
            return (entity, ctx.fb.entities[entity].name, False) if entity else None
        return subject.entity, subject.text, True
    # "Vorgestellt auf der GTC am 19. März 2025.", "Announced at re:Invent in December 2018": a sentence that opens
    # with its date word is about what the text is about
    opens = not s.text[:cue.start - s.start].strip(" \t\n*_-•>")
    # (a person does not stop it when "the chip" is said: "Adam Selipsky ... präsentierte den Chip im November 2023")
    anaphor = any(cue.end <= c.start < a or (c.end <= cue.start and bool(
        s.w.chip_noun.search(s.text, c.start - s.start, c.end - s.start))) for c in s.cue("ANAPH:chip"))
    # (between the word and the date, or "the chip" before the word: "The chip was unveiled in 2023 by then-CEO ...")
    # "Der am 26. Januar 2026 vorgestellte Inferenzchip ...", "The inference chip, unveiled on ...": the chip
    the_chip = s.w.chip_np_start.match(s.text) is not None
    if not any(ctx.is_hardware(x.entity) or ctx.kind(x.entity) == "project"
               or (ctx.kind(x.entity) == "person" and not anaphor) for x in s.mentions) and (
            any(c.start < max(cue.start, a) for c in (*s.cue("ANAPH:chip"), *s.cue("ANAPH:system"),
                                              *s.cue("ANAPH:project"))) or seg.lead_end or orgs or the_chip
            or (seg.kind == "list_item" and seg.intro >= 0) or opens):
        # "The chip was announced at GTC on ...", "- **Ironwood:** ... Vorgestellt hat Google sie im
        # April 2025": the one in context (with only a maker named, that maker's)
        # ("Im Trn2-UltraServer stecken 64 Chips ... Vorgestellt wurde der Chip 2023": the chip said, not the system)
        chip_said = any(c.start < max(cue.start, a) and s.w.chip_noun.search(s.text, c.start - s.start, c.end - s.start)
                        for c in s.cue("ANAPH:chip")) and not s.cue("ANAPH:system")
        fits = (lambda e: dated(e) and ctx.kind(e) == "chip") if chip_said else dated
        entity = ctx.context(seg, fits=fits, at=a) or _undated_systems_chip(ctx, seg, dated, a)
        if entity is None and s.cue("ANAPH:system"):
            entity = _system_said(ctx, s, dated)
        if entity is None and (s.cue("ANAPH:chip") or opens):
            entity = ctx.section_chip(seg)
            entity = entity if entity and dated(entity) else None
        said = any(c.start < max(cue.start, a) for c in (*s.cue("ANAPH:chip"), *s.cue("ANAPH:system"),
                                                         *s.cue("ANAPH:project")))
        if entity is None or (not (seg.lead_end or seg.kind == "list_item" or opens or the_chip or said)
                              and ctx.fb.entities[entity].vendor not in orgs):
            return None
        return entity, ctx.fb.entities[entity].name, False
    return None



def _system_said(ctx: Subjects, s: Sentence, dated: Callable[[str], bool]) -> str | None:
    """The system a date is about when the sentence says "the rack" / „das System“: the one named last ("The rack is
    not new either: Nvidia unveiled it in March 2024"), else the one the sentence before counted („2025 kamen zwei
    GB200-NVL72-Racks …. Nvidia hatte das System im März 2023 … vorgestellt“)."""
    if ctx.state.system_before and dated(ctx.state.system_before):
        return ctx.state.system_before
    systems = {m.entity for m in s.previous.mentions if ctx.kind(m.entity) in ("system", "pod") and dated(m.entity)} \
        if s.previous is not None else set()
    return systems.pop() if len(systems) == 1 else None


def dated_names(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """A year in brackets after the name that opens a heading, list item or paragraph is when the chip came
    (announced or launched).

    Bad (en): "The H100 (2022) is still sold" -- in running text a year in brackets may be anything.
    Bad (de): "Die H100 (2022) wird weiter verkauft" -- likewise.
    Good (en): "- Trainium2 (2023): the second generation" -> announced 2023 of trainium2.
    Good (de): "## Trainium3 (Dezember 2025)" -> announced December 2025 of trainium3.
    """
    for m in s.mentions:
        if (m.start > 40 and seg.kind != "heading") or m.start - s.start > 40:  # (both offsets in the segment)
            continue
        d = DATED_NAME.match(s.text, m.end - s.start)
        if d is None or not (ctx.fb.about(m.entity, "announced") or ctx.fb.about(m.entity, "available")):
            continue
        if seg.kind not in ("heading", "list_item") and not s.text[d.end():].lstrip(" *").startswith(":"):
            continue  # in running text "H100 (2022)" may be anything; as a lead it dates the chip
        year = d.start("year")
        at, period = period_before(s.text, year, int(d.group("year")))
        at = max(at, d.start() + 1)
        yield Claim(entity=m.entity, attribute="announced", start=seg.start + s.start + at,
                    end=seg.start + s.start + d.end("year"), text=s.text[at:d.end("year")],
                    value_text=period.encode(), sentence=s.text.strip(), subject_text=m.text, scope="presented")


_MONTH_ALONE = re.compile(r"(?<![\w-])(?P<month>" + "|".join(sorted(map(re.escape, MONTH_WORDS), key=len, reverse=True))
                          + r")\b(?!\.?\s*\d)", re.IGNORECASE)


def _undated_systems_chip(ctx: Subjects, seg: Segment, dated: Callable[[str], bool], a: int) -> str | None:
    """The chip of the system in context when the system has no dates of its own ("**Intel Gaudi 3 HLS-3** … - vorgestellt
    im Mai 2024": the box came with its chip)."""
    around = ctx.context(seg, at=a)
    if around is None or ctx.kind(around) != "system" or any(ctx.fb.about(around, x) for x in ("announced", "available")):
        return None
    chip = ctx.fb.chip_of(around)
    return chip if chip and dated(chip) else None


def _months_of_lead_year(seg: Segment, s: Sentence) -> list[tuple[int, int, int, Period]]:
    """"- **2023:** ... unveils Trainium2 at re:Invent in December": in a timeline item led by a year, a month
    written alone is that year's."""
    lead = YEAR.search(seg.text, 0, seg.lead_end) if seg.kind == "list_item" and seg.lead_end else None
    if lead is None:
        return []
    year = int(lead.group())
    return [(m.start(), m.end(), m.start(), Period(year, MONTH_WORDS[m.group("month").lower()],
                                                   MONTH_WORDS[m.group("month").lower()]))
            for m in _MONTH_ALONE.finditer(s.text)]


def _participle_names(s: Sentence, with_facts: list, b: int) -> Mention | None:
    """The name right after a participle that follows the date ("den 2020 angekündigten ersten Trainium", "die im
    März 2024 vorgestellte B200"): the date is that name's, not the sentence's subject's."""
    for c in s.cue("DATE:announced"):
        if 0 <= c.start - b <= 3:
            return next((x for x in with_facts if 0 <= x.start - c.end <= 12), None)
    return None


def yearless(m: re.Match) -> Period | None:
    month = MONTH_WORDS[(m.group("month") or m.group("month2")).lower()]
    day = int(m.group("day") or m.group("day2"))
    return Period(0, month, month, day) if 1 <= day <= 31 else None


RULE = Rule("date", (SENTENCE,), date_claims, order=50, cues=("ACQ", "ATTR:announced", "ATTR:available", "DATE:announced"))
DATED_NAMES = Rule("date", (SENTENCE,), dated_names, order=80)

"""Notes that correct what is above them: a correction note right after a paragraph ("Correction: ...",
"[Editor's note: ...]") and a slide's speaker notes that say what the slide still shows ("**Speaker notes:** The
slide still says 6,144 chips ..."). Both run over a run's claims after extraction (reviewer/api.py), before the
checks; stance.py decides each figure's own stance, these move the figures the note speaks of."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence

from ..lang.windows import Words
from ..models import Claim, Segment, evolve
from ..units import to_base


def corrected_by_notes(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A correction note right after a paragraph ("*Korrektur nach der Aufnahme: Es sind 36 Server …*",
    "Correction: …", "[Editor's note: … 1,400 W, not 1,000 W.]") replaces what that paragraph said: a figure there
    of an entity and attribute the note states with another value is corrected. The paragraph's other figures, and
    those the note repeats ("die 3 nm stimmen"), stay the article's own."""
    by_block = {seg.block: seg for seg in segs if seg.kind != "heading"}
    notes: list[tuple[tuple[int, str], tuple[int, str]]] = []  # ((start, text) of what is corrected, of the note)
    for seg in segs:
        before = by_block.get(seg.block - 1)
        if before is not None and w.byline.match(before.text):  # (a poem's "*by Name, Place*" between them)
            before = by_block.get(seg.block - 2)
        if seg.kind in ("paragraph", "blockquote") and before is not None \
                and (w.errata_note.match(seg.text) or w.editor_note.match(seg.text)
                     or (seg.kind == "blockquote" and w.margin_comment.match(seg.text))):
            notes.append(((before.start, before.text), (seg.start, seg.text)))
        if seg.kind == "paragraph" and "[" in seg.text:
            notes.extend(_inline_notes(seg, w))
    quoting = [seg for seg in segs if (seg.kind in ("paragraph", "blockquote") and w.editor_note.match(seg.text))
               or (seg.kind in ("paragraph", "list_item", "blockquote") and w.quote_back.search(seg.text))]
    if not notes and not quoting:
        return claims
    order, starts = _by_start(claims)
    out = _quoted_back(quoting, claims, order, starts, w)
    for (b_start, b_text), (n_start, n_text) in notes:
        lo, hi = bisect_left(starts, b_start), bisect_left(starts, b_start + len(b_text))
        n_lo, n_hi = bisect_left(starts, n_start), bisect_left(starts, n_start + len(n_text))
        stated: dict[tuple[str, str], list[Claim]] = {}
        for d in (claims[i] for i in order[n_lo:n_hi]):
            if d.stance == "asserted":
                stated.setdefault((d.entity, d.attribute), []).append(d)
        for i in order[lo:hi]:
            c = out[i]
            if c.stance != "asserted":
                continue
            # (a figure of the note's that may be another entity's repeats nothing: "3 nm (TSMC N3P) nutzt erst die
            # MI355X" after "Die Angabe zum Fertigungsverfahren war falsch" about the MI300X)
            same = [d for d in _stated_about(stated, c) if not (d.alternates and _same_value(c, d))]
            if (same and not any(_same_value(c, d) for d in same)) or \
                    (not same and _replaced_in(n_text, c, b_text[c.end - b_start:], w)):
                out[i] = evolve(c, stance="corrected")
    return out


def _inline_notes(seg: Segment, w: Words) -> list[tuple[tuple[int, str], tuple[int, str]]]:
    """An editor's note in brackets inside a paragraph ("... jede H100 hatte 96 GB. [Anm. d. Red.: Die H100 SXM ... hat
    80 GB ...]"): it corrects the paragraph's text before it, back to the note before it."""
    out, at = [], 0
    for m in w.editor_remark.finditer(seg.text):
        out.append(((seg.start + at, seg.text[at:m.start()]), (seg.start + m.start(), m.group())))
        at = m.end()
    return out


_QUOTED = re.compile(r"[„“\"]([^„“”\"\n]{1,40})[“”\"]")
_BACK_SPAN = re.compile(r"(?:[^;.!?\n]|\.(?=\d)){0,60}")  # what a reply says the text gave, up to its clause's end


def _quoted_back(notes: Sequence[Segment], claims: list[Claim], order: list[int], starts: list[int], w: Words) -> list[Claim]:
    """An editors' note anywhere below that quotes a figure as the text gave it and states another value of the same
    entity and attribute ("**Anmerkung der Redaktion:** ... reimte unser Redner „zwölf Terabyte“ auf „Schrank“ ... rund
    13,4 TB"), or a reply that says what the text gave ("You wrote 720 PFLOPS of dense FP8; ... 360 PFLOPS"): the
    figure written so above it is corrected."""
    out = list(claims)
    for note in notes:
        quoted = {q.casefold() for q in _QUOTED.findall(note.text)}
        quoted |= {x.group().casefold() for m in w.quote_back.finditer(note.text) if (x := _BACK_SPAN.match(note.text, m.end()))}
        n_lo, n_hi = bisect_left(starts, note.start), bisect_left(starts, note.start + len(note.text))
        # (the note's figures, also those a "wrote" before them makes someone's: 'our poet wrote "twelve terabytes"; a
        # GB200 NVL72 carries ... 13.4 TB')
        stated = [claims[i] for i in order[n_lo:n_hi] if claims[i].stance in ("asserted", "quoted")]
        about = {(d.entity, d.attribute) for d in stated}
        for i in order[:n_lo] if quoted and stated else ():
            c = out[i]
            if c.stance != "asserted" or (c.entity, c.attribute) not in about:
                continue  # (most claims above: the word match below is built only for a figure the note restates)
            within = re.compile(rf"(?<!\w){re.escape(c.text.casefold())}(?!\w)")
            if any(within.search(q) for q in quoted) and any(
                    d.entity == c.entity and d.attribute == c.attribute and not _same_value(c, d) for d in stated):
                out[i] = evolve(c, stance="corrected")
    return out


def _stated_about(stated: dict[tuple[str, str], list[Claim]], c: Claim) -> list[Claim]:
    """The note's figures of the claim's entity and attribute; for a rate no word names ("8 TB/s" in a caption:
    "bandwidth", which any bandwidth fact may verify), the note's figures of any bandwidth of that entity
    ("Replace with 180 GB and 7.7 TB/s": the memory bandwidth)."""
    same = stated.get((c.entity, c.attribute), []) or [
        # (or of an entity the note's figure may be about: "Die H100 SXM in den DGX-H100-Systemen hat 80 GB")
        d for (_, attribute), ds in stated.items() if attribute == c.attribute for d in ds if c.entity in d.alternates]
    if same or c.attribute != "bandwidth":
        return same
    return [d for (entity, attribute), ds in stated.items() if entity == c.entity and attribute.endswith("_bandwidth")
            for d in ds]


_COUNTED = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s+([^\W\d_]{4,})")


def _replaced_in(note: str, c: Claim, after: str, w: Words) -> bool:
    """Whether a note that names no subject replaces the value: it names the value after a negation ("nicht
    bei Samsung, sondern bei TSMC") or before "korrekt sind …" ("Jana nannte 2,56 TB/s; korrekt sind …"), or
    gives another number of the same counted thing ("18 Servern" -> "Es sind 36 Server")."""
    value = c.value_text or c.text
    for m in re.finditer(re.escape(value), note, re.I):
        if w.negated_before.search(note, max(0, m.start() - 40), m.start()) or w.correct_marker.search(note, m.end()):
            return True
    counted = re.match(r"\s+([^\W\d_]{4,})", after) if c.quantity is not None and c.quantity.family == "count" \
        else None
    if counted is None:
        return False
    stem = counted.group(1)[:5].casefold()
    return any(m.group(2)[:5].casefold() == stem and m.group(1) != c.text.strip() for m in _COUNTED.finditer(note))


def _same_value(a: Claim, b: Claim) -> bool:
    if a.quantity is not None and b.quantity is not None:
        qa, qb = a.quantity, b.quantity
        if not qa.unit or not qb.unit or qa.family != qb.family:
            return qa.unit == qb.unit and abs(qa.value - qb.value) <= 1e-9 * max(1.0, abs(qa.value))
        x, y = to_base(qa.value, qa.unit), to_base(qb.value, qb.unit)
        return abs(x - y) <= 1e-6 * max(abs(x), abs(y), 1e-12)
    return (a.value_text or a.text).casefold() == (b.value_text or b.text).casefold()


def corrected_by_speaker_notes(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A slide's speaker notes that mark a figure of the slide as corrected ("**Speaker notes:** On the slide the
    v5p pod still has 6,144 chips - ...", "**Sprechernotizen:** Auf der Folie steht beim v5p-Pod noch 6.144 Chips
    - ..."): the slide's figure of that attribute and value, in the blocks above the notes under the same heading
    (since the last notes), is corrected as well. The notes' own other figures, and the slide's, stay asserted."""
    notes = [seg for seg in segs if seg.kind == "paragraph" and w.speaker_notes.match(seg.text)]
    if not notes:
        return claims
    order, starts = _by_start(claims)
    first_of: dict[int, int] = {}  # heading block -> the start of its first segment
    for seg in segs:
        first_of.setdefault(seg.heading, seg.start)
    out = list(claims)
    last_end = 0
    for note in notes:
        end = note.start + len(note.text)
        old = [claims[i] for i in order[bisect_left(starts, note.start):bisect_left(starts, end)]
               if claims[i].stance == "corrected"]
        lo = max(first_of.get(note.heading, 0), last_end)
        last_end = end
        for i in order[bisect_left(starts, lo):bisect_left(starts, note.start)]:
            c = out[i]
            if c.stance == "asserted" and any(c.attribute == d.attribute and _same_value(c, d) for d in old):
                out[i] = evolve(c, stance="corrected")
    return out


def corrected_by_margin_comments(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A marker's comment in brackets inside a paragraph ("... at 1.8 TB/s in each direction. [**Comment:** 1.8 TB/s
    is the bidirectional total ...]", "[**Kommentar:** ...]") speaks of the text before it, back to the comment
    before, in its sentence: a figure there whose number the comment repeats is the one it corrects (the figures it
    does not name, and the comment's own, stay asserted)."""
    spans = []  # (start of the text commented on, the comment's start, its end)
    for seg in segs:
        if seg.kind in ("paragraph", "list_item", "blockquote") and "[" in seg.text:
            last = 0
            for m in w.margin_comment_inline.finditer(seg.text):
                ends = [e.end() for e in _SENTENCE_END.finditer(seg.text, last, m.start())
                        if seg.text[e.end():m.start()].strip()]  # (a comment after its sentence's full stop: that one)
                spans.append((seg.start + (ends[-1] if ends else last), seg.start + m.start(), m.group()))
                last = m.end()
    if not spans:
        return claims
    order, starts = _by_start(claims)
    out = list(claims)
    for lo, at, comment in spans:
        numbers = set(_NUMBER.findall(comment))
        for i in order[bisect_left(starts, lo):bisect_left(starts, at)]:
            c = out[i]
            mine = _NUMBER.findall(c.quantity.text) if c.quantity is not None else []
            if c.stance == "asserted" and mine and mine[0] in numbers:
                out[i] = evolve(c, stance="corrected")
    return out


def corrected_by_footnotes(segs: Sequence[Segment], claims: list[Claim], w: Words, source: str) -> list[Claim]:
    """A table cell's figure whose footnote calls it wrong ("| Intel Gaudi 3 | 144³ |" over "³ Schon damals falsch,
    siehe oben.", "¹ Wrong even then.") is corrected: the table shows the old value to discuss it. A footnote that
    dates what it marks to an earlier time ("¹ Herstellerangaben zum Zeitpunkt des Vertragsschlusses.", "¹ Vendor
    figures at contract signing.") makes it historical: the figure it follows, or, after a cell without one (the row's
    name, "| 1 | HGX B200¹ | 16 | 192 |"), the row's figures. The
    marks are blanked in the segments (footnotes.py), so they are read from the article's `source` at the same
    offsets."""
    stance_of: dict[str, str] = {}
    for seg in segs:
        if seg.kind in ("paragraph", "blockquote"):  # (matched in place: no copy of each paragraph)
            mark = _NOTE_MARK.match(source, seg.start, seg.start + len(seg.text))
            if mark is None:
                continue
            if w.footnote_wrong.search(source, mark.end(), seg.start + len(seg.text)):
                stance_of[mark.group(1)] = "corrected"
            elif w.footnote_then.search(source, mark.end(), _first_clause_end(source, mark.end(), seg.start + len(seg.text))):
                # (its first clause: not "² aktueller Datenblattwert; bei der Vorstellung nannte Nvidia noch 192 GB")
                stance_of[mark.group(1)] = "historical"
    if not stance_of:
        return claims
    order, starts = _by_start(claims)
    out = list(claims)
    cells = [seg for seg in segs if seg.kind == "table_cell"]

    def row_of(seg: Segment) -> int:
        return seg.row_header if seg.row_header >= 0 else seg.block

    dated_rows = set()
    for seg in cells:
        for mark in _CELL_MARK.finditer(source, seg.start, seg.start + len(seg.text)):
            stance = stance_of.get(mark.group())
            if stance is None:
                continue
            marked = [i for i in order[bisect_left(starts, seg.start):bisect_left(starts, mark.start())]
                      if 0 <= mark.start() - out[i].end <= 2]
            if not marked and stance == "historical":
                dated_rows.add(row_of(seg))  # "| 1 | HGX B200¹ | 16 | 192 | 8 |": a mark on the row's name
            for i in marked:
                if out[i].stance in ("asserted", "historical") and (stance == "corrected" or out[i].stance == "asserted"):
                    out[i] = evolve(out[i], stance=stance)
    for seg in cells if dated_rows else ():
        if row_of(seg) in dated_rows:
            for i in order[bisect_left(starts, seg.start):bisect_left(starts, seg.start + len(seg.text))]:
                if out[i].stance == "asserted":
                    out[i] = evolve(out[i], stance="historical")
    return out


def misprint_marks(source: str, w: Words) -> frozenset[str]:
    """The marks a legend of the article calls wrong ("Werte mit Sternchen (*) sind Fehldrucke, siehe Korrekturzettel")."""
    return frozenset(m.group("mark") for m in w.mark_legend.finditer(source))


def marked_misprints(claims: list[Claim], source: str, marks: frozenset[str]) -> list[Claim]:
    """A figure followed by a mark the article's legend calls wrong ("Speicher: 80 GB* · …") is corrected: the page shows
    the misprint to correct it. (An asterisk that closes emphasis is no mark: "*… 80 GB*", "**80 GB**".)"""
    if not marks:
        return claims
    out = []
    for c in claims:
        mark = source[c.end:c.end + 1]
        if c.stance == "asserted" and mark in marks and source[c.end + 1:c.end + 2] != mark and (
                mark != "*" or source.count("*", source.rfind("\n", 0, c.start) + 1, c.start) % 2 == 0):
            c = evolve(c, stance="corrected")
        out.append(c)
    return out


_NOTE_MARK = re.compile(r"[\s\\]*([¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s")  # a footnote's own mark, at its start
_CELL_MARK = re.compile(r"(?<=[^\s¹²³⁴⁵⁶⁷⁸⁹⁰])[¹²³⁴⁵⁶⁷⁸⁹⁰]+")  # a mark after a cell's figure
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])")  # a number of its own, not a name's ("Trn3")
_SENTENCE_END = re.compile(r"[.!?][*_]*\s+")


def _first_clause_end(text: str, start: int, end: int) -> int:
    m = _CLAUSE_STOP.search(text, start, end)
    return m.start() if m else end


_CLAUSE_STOP = re.compile(r"[;:]|[.!?](?=\s)")


def _by_start(claims: Sequence[Claim]) -> tuple[list[int], list[int]]:
    """The claims' indices in text order, and their starts (for bisecting a span's claims)."""
    order = sorted(range(len(claims)), key=lambda i: claims[i].start)
    return order, [claims[i].start for i in order]

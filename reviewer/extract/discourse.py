"""The article's state as extraction walks it, and how a segment updates it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..lang.windows import Words
from ..models import Quantity, Segment, quick_init
from ..nlp import ENTITY_KEY
from ..periods import period_before
from .patterns import (
    HEADER_UNIT,
    YEAR,
)
from .sentence import Cue, Mention, Sentence, compared_in

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from .subjects import Subjects

_ENUMERATED = re.compile(r"[ \t]*(?:[a-z]|\d{1,2}|[ivx]{1,4})\)[ \t]")  # "a) ", "2) ", "iv) ": an item of a list in prose

@dataclass
class Memory:
    """Entities seen so far per block, for headers, leads and coreference."""

    by_block: dict[int, list[tuple[int, str, bool]]] = field(default_factory=dict)
    compared: dict[int, list[tuple[int, str]]] = field(default_factory=dict)

    def add(self, block: int, entity: str, at: int = -1, inferred: bool = False) -> None:
        seen = self.by_block.setdefault(block, [])
        seen.append((at, entity, inferred))
        if at >= 0 and len(seen) > 1 and seen[-2][0] > at:
            seen.sort(key=lambda pair: pair[0])

    def add_compared(self, block: int, entity: str, at: int = -1) -> None:
        self.compared.setdefault(block, []).append((at, entity))

    def all_compared(self, block: int, before: int | None = None) -> list[str]:
        """Entities a block compared against ("than the H100"), in text order; with `before`, only
        those named before that offset."""
        return [e for at, e in self.compared.get(block, []) if before is None or at < before]

    def all(self, block: int, before: int | None = None, named: bool = False) -> list[str]:
        """Entities named in a block, in text order; with `before`, only those named before that offset;
        with `named`, not those resolved from "the successor" and the like."""
        return _entities(self.by_block.get(block, []), before, named)


def _entities(seen: Sequence[tuple[int, str, bool]], before: int | None, named: bool) -> list[str]:
    return [e for at, e, inferred in seen if (before is None or at < before) and not (named and inferred)]


@quick_init
@dataclass(frozen=True)
class Inferred:
    """A mention a rule inferred ("der Nachfolger" is Trainium3): the extractor adds it to the memory."""

    block: int
    entity: str
    at: int


class PendingMemory:
    """The memory as one rule call sees it: what the article named, plus what this call inferred so far.

    A rule never writes the article's memory; it records what it inferred here, and the extractor adds
    it once the rule returns (in the same order, so the memory is what adding it at once would make)."""

    def __init__(self, base: Memory):
        self.base = base
        self.inferred: list[Inferred] = []

    def all_compared(self, block: int, before: int | None = None) -> list[str]:
        return self.base.all_compared(block, before)

    def all(self, block: int, before: int | None = None, named: bool = False) -> list[str]:
        extra = [(x.at, x.entity, True) for x in self.inferred if x.block == block]
        if not extra:
            return self.base.all(block, before, named)
        merged = sorted([*self.base.by_block.get(block, []), *extra], key=lambda pair: pair[0])  # stable
        return _entities(merged, before, named)


_NAME_PARTS = re.compile(r"[\s/-]+")  # the words of a name as written ("DGX-H100-Systeme")


class Families:
    """The words product lines share in their names ("DGX", "NVL72": FactBase.family_words), and which hardware
    the article named last with each: "Each of the four DGX H100 systems ... GPU memory per DGX: 640 GB", "das
    GB200 NVL72 ... Das NVL72-Rack bringt es auf 13,4 TB" (the word alone is that one; before any is named, none)."""

    def __init__(self, words: dict[str, frozenset[str]], in_name: dict[str, tuple[str, ...]] | None = None):
        self.of_entity: dict[str, list[str]] = {}
        # a system's words in its own name ("NVL72" of the GB200 NVL72), which another of its names means too ("acht
        # GB200-Racks ... So ein NVL72 ...": the GB200 NVL72's)
        self.in_name = in_name or {}
        for word, ids in words.items():
            for eid in ids:
                self.of_entity.setdefault(eid, []).append(word)
        alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        # (not before another name's word: "DGX SuperPOD", "DGX Cloud" are other products)
        self.pattern = re.compile(rf"(?<![\w-])(?:{alternation})(?!\w|\s+[A-Z])") if words else None
        self.last: dict[str, str] = {}  # word -> the entity named last with it
        self._written: dict[tuple[str, str], tuple[str, ...]] = {}  # (entity, name as written) -> its words of ours

    @classmethod
    def of(cls, fb) -> Families:
        """The fact base's product-line words, with each system's words in its own name."""
        words = fb.family_words()
        return cls(words, {e.id: tuple(w for w in e.name.split() if w in words)
                           for e in fb.entities.values() if e.kind == "system"})

    def _words_in(self, entity: str, written: str) -> tuple[str, ...]:
        key = (entity, written)
        words = self._written.get(key)
        if words is None:
            parts = set(_NAME_PARTS.split(written))
            words = self._written[key] = tuple(w for w in self.of_entity[entity] if w in parts) \
                or self.in_name.get(entity, ())
        return words

    def mentions(self, sentences: list[Sentence]) -> list[Sentence]:
        """The sentences, each with the product lines' words it writes alone (not inside a name, nor next to one:
        "HGX H200") as mentions of what the article named last with them, in `Sentence.family` (read only when the
        sentence names no fitting hardware: Context.named_nearby)."""
        for s in sentences:
            found = list(self.pattern.finditer(s.text)) if self.pattern is not None else []
            if not found:  # (the common case: only names, which the words they hold now mean)
                for m in s.mentions:
                    if m.entity in self.of_entity:
                        self.last.update(dict.fromkeys(self._words_in(m.entity, m.text), m.entity))
                continue
            # (in text order: a name, which the words written in it now mean, or a word alone; "Nvidia B200" does not
            # make "HGX" the B200's, "Nvidia HGX B300" does)
            events = sorted([(m.start, 0, m.entity, m.text) for m in s.mentions if m.entity in self.of_entity]
                            + [(s.start + f.start(), 1, f.group(), "") for f in found])
            for at, is_word, x, written in events:
                if not is_word:
                    self.last.update(dict.fromkeys(self._words_in(x, written), x))
                elif (eid := self.last.get(x)) and not any(m.start - 1 <= at + len(x) and at <= m.end + 1
                                                           for m in s.mentions):
                    s.family.append(Mention(at, at + len(x), eid, x))
        return sentences


@dataclass
class Discourse:
    """The article so far, as the next segment's rules see it."""

    topic: str | None = None  # the article's subject, from its first heading ("" once a heading had none)
    families: Families = field(default_factory=lambda: Families({}))  # product lines' words ("DGX", "NVL72")
    # table cells by block: (unit written in the cell, e.g. "HBM (GB)" -> GB; its cue labels)
    cells: dict[int, tuple[tuple[str, str] | None, tuple[str, ...]]] = field(default_factory=dict)
    # list items' leading entities by list ("- Trn3 UltraServer: 21 TB", "- GB300 NVL72: 14 TB")
    item_leads: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    cell_text: dict[int, str] = field(default_factory=dict)
    header_row: dict[int, int] = field(default_factory=dict)  # a table's header cell -> its row's first cell
    cell_counts: dict[int, tuple[str, float]] = field(default_factory=dict)  # a cell's "8 × H100": (chip, 8)
    cell_at: dict[int, tuple[int, str]] = field(default_factory=dict)  # a row's first cell -> (its offset, raw text)
    paragraphs: dict[int, list[int]] = field(default_factory=dict)  # a section's paragraph blocks by heading block
    last_system: str | None = None  # the system, pod or instance the article named last
    system_before: str | None = None  # the same, as of the current segment's start
    last_project: str | None = None  # "das Areal umfasst 1.200 Hektar": the campus last named
    chip_mentions: dict[str, int] = field(default_factory=dict)  # how often each chip was named (not compared, counted)
    last_paragraph: str = ""  # the text of the paragraph before (a blockquote's introduction)
    # a table row whose first cell names no hardware ("| AWS | Trainium2 | 96 | ..."): the first cell that does
    row_lead: dict[int, int] = field(default_factory=dict)
    named_leads: set[int] = field(default_factory=set)  # rows whose lead cell is a bare name ("| TPU v5e |")
    # the entities the cells of a table row named so far, by the row's first cell ("| trn2.48xlarge | Trainium2 |")
    row_entities: dict[int, list[str]] = field(default_factory=dict)
    row_units: set[int] = field(default_factory=set)  # rows with a cell counting several systems ("| 2 Racks |")
    row_counted: set[int] = field(default_factory=set)  # rows whose "Nodes" column counts several systems ("| 32 |")
    errata: bool = False  # under a heading such as "Corrections and updates": old values are quoted to be replaced
    errata_level: int = 0  # that heading's level: a heading of its level or above ends the errata
    errata_intro: int = -1  # a paragraph that introduces a list of changes ("Changelog from our repo:"): its block
    reported_intro: int = -1  # a paragraph that introduces what someone stated ("Der Kunde hat ... angegeben:")
    reported_last: int = -1  # the last enumerated paragraph under it ("a) vier Racks ... „je GPU 288 GB …“;")
    comments: bool = False  # under a heading such as "Kommentare (5)": what readers wrote
    party: bool = False  # under a heading for a party's statement ("## Gegendarstellung"): comments too
    section: str | None = None  # the stance a section heading gives its list items and cells ("Common wrong answers": refuted)
    in_turn: bool = False  # after a speaker's label in such a transcript, until the next heading: their speech
    bot_turn: bool = False  # inside a chatbot's turn ("**Assistant:** ..."): its tables, lists and paragraphs
    speakers_own: bool = False  # a transcript said its speakers' statements are their own: their turns are quoted
    # a document the page reproduces and disowns ("Wir geben die Pressemitteilung im Wortlaut wieder"): the block of
    # that paragraph, until the document ends ("— Ende der Pressemitteilung —") or the page's own section begins
    reproduced: int = -1
    # the document is the intro's block quote ("> **Sponsored** · ..." over "> GPU: ..."): it ends with it (None: not known yet)
    reproduced_quote: bool | None = False
    author_handle: str | None = None  # a thread's author ("(@hbmledger)" in its heading): replies by others are theirs
    # the day of an old revision a paragraph introduces ("the introduction as it stood in the revision of 20 August
    # 2024"): the blockquotes below it are history, judged at that day
    revision_of: dt.date | None = None
    # a section whose heading names an old version and its day ("## What the old card (v2, December 2024) said - valid
    # then"): (that day, the heading's level); its figures are history, judged then, until a heading of its level
    old_section: tuple[dt.date, int] | None = None
    intro_sparsity: dict[int, str] = field(default_factory=dict)  # a list intro's "SPARSE:dense" ("alle Werte dicht:")
    # a forum post's header was seen ("**name** · Feb 9, 2026"): its blockquotes quote others; "mail" for a mail
    # archive's ("Name wrote on ...:", "**From:** Name <address>"), whose quoted lists quote too
    thread: bool | str = False
    # whose comment the text below a comment's byline is ("**name** · 27.01.2026, 09:41 · ▲ 57"): "reader" (their
    # words, quoted) or "staff" (the editors' reply, the page's own); None outside a comment section
    post_by: str | None = None
    myth_block: int = -1  # a paragraph under a myth's label ("**Myth:** the MI325X ships with 288 GB."): its block
    # the paragraph right after it under a fact's label ("**Fact:** ... the card that launched ... carries 192 GB"): the
    # myth's block, whose hardware the fact is about
    answers_myth: int = -1
    asked_about: list[str] = field(default_factory=list)  # the hardware an interviewer's last question named
    question_block: int = -1  # a paragraph that asks about hardware ("**P:** Und die MI300X?"): its answer's intro
    # "> Trainium2 does 2,563 TFLOPS" then "That's the sparse rate. Dense FP8 is 1,299 TFLOPS": a reply is about
    # what it quotes (the names of the blockquote right before; the paragraph right after it reads them)
    quoted_before: list[str] = field(default_factory=list)
    reply_context: list[str] = field(default_factory=list)

    def note_replies(self, seg: Segment, sentences: list[Sentence], hardware: Callable[[str], bool], chat: bool) -> None:
        """A reply is about what the segment before it quotes: the names of a blockquote (or of a chat message,
        `chat`) are kept for the paragraph after it, and read there when it names no hardware of its own ("> Trainium2
        does 2,563 TFLOPS" then "That's the sparse rate. Dense FP8 is 1,299 TFLOPS"). What the quote compares its
        subject with is not what it is about ("Trainium3 is 4x faster than Trainium2")."""
        self.reply_context = self.quoted_before if self.quoted_before and seg.kind == "paragraph" \
            and not any(hardware(m.entity) for s in sentences for m in s.mentions if m not in compared_in(s)) else []
        # (a reply that names only what the quote compared with is still about the quote's subject: "> Trainium4 lands
        # ... with 2x the FP8 throughput of Trainium3" then "the target was 3x the FP8 performance ... of Trainium3")
        self.quoted_before = [m.entity for s in sentences for m in s.mentions if m not in compared_in(s)] \
            if seg.kind == "blockquote" or chat else []

    @property
    def quoting_kinds(self) -> tuple[str, ...]:
        """The segments a thread's quote marks make someone else's words: a mail's quoted list items too."""
        return ("blockquote", "table_cell", "list_item") if self.thread == "mail" else ("blockquote", "table_cell")

    def reported_item(self, seg: Segment) -> bool:
        """An item of the list a report's lead-in introduces ("Der Kunde hat folgende Ausstattung angegeben:"), or one
        of the enumerated paragraphs right after it ("a) …", "b) …"): its quotations are the reporter's words."""
        if seg.kind == "list_item":
            return seg.intro >= 0 and seg.intro == self.reported_intro
        if seg.kind == "paragraph" and self.reported_intro >= 0 and _ENUMERATED.match(seg.text) \
                and seg.block - max(self.reported_last, self.reported_intro) in (0, 1):
            self.reported_last = seg.block
            return True
        return False

    def errata_item(self, seg: Segment) -> bool:
        """An item of the list a changelog's lead-in introduces ("Changelog from our repo:")."""
        return seg.kind == "list_item" and seg.intro >= 0 and seg.intro == self.errata_intro

    def note_cell(self, seg: Segment) -> None:
        """A table cell's text, and for a header cell the row it heads (its row's first cell)."""
        self.cell_text[seg.block] = seg.text.strip(" *_")
        if seg.col_header < 0:
            self.header_row[seg.block] = seg.row_header if seg.row_header >= 0 else seg.block


_NAME_CELL_REST = re.compile(r"(?:[\s*_†‡⁰¹²³⁴⁵⁶⁷⁸⁹]|\[\d{1,2}\]|\^\d{1,2}|\([^()]{0,24}\))*")  # "MI300X²", "Trainium3 (cloud)"


def note_row_lead(state: Discourse, memory: Memory, seg: Segment, row: int, sentences: list[Sentence],
                  is_hardware: Callable[[str], bool]) -> None:
    """The cell that leads a table row whose first cell (a vendor, a rank, a week) names no hardware: the first
    cell that does (not in a table whose header row names it: "| Prozess | 4 nm | wie H100 | 3 nm |" under "| | H100
    | H200 | B200 |"), or later a cell that is nothing but one name, when the first one named it in prose ("| 3 |
    History I: TPU v3 to TPU v5e | Google Cloud TPU docs | TPU v5e | 16 |": the TPU v5e's row)."""
    names = [(s, m) for s in sentences for m in s.mentions if is_hardware(m.entity)]
    bare = len(names) == 1 and len(sentences) == 1 and bool(_NAME_CELL_REST.fullmatch(
        (s := names[0][0]).text[:names[0][1].start - s.start] + s.text[names[0][1].end - s.start:]))
    if row in state.row_lead:
        if bare and row not in state.named_leads:
            state.row_lead[row] = seg.block
            state.named_leads.add(row)
        return
    if not any(is_hardware(e) for e in memory.all(row)) and any(is_hardware(e) for e in memory.all(seg.block)) \
            and not (seg.col_header >= 0 and any(is_hardware(e) for e in memory.all(seg.col_header))):
        state.row_lead[row] = seg.block
        if bare or len(seg.text.split()) <= 3:  # (a short cell is a name too: "| ng-gb200-nvl72² |")
            state.named_leads.add(row)


def newest_for_new(ctx: Subjects, seg: Segment, s: Sentence) -> None:
    """"Trainium3 went GA ..., a year after Trainium2 instances became available. The new part
    carries ...": "the new part", "der neue Chip" is the newest chip the paragraph has named, not the
    last one; it is remembered there, so that "it" in the next sentence means it too."""
    for c in s.cue("ANAPH:chip"):
        if not s.w.new_word.search(s.text, c.start - s.start, c.end - s.start):
            continue
        if any(m.end <= c.start and ctx.is_hardware(m.entity) for m in s.mentions):
            continue  # "Trainium3 ... the new part": named in the sentence itself
        chips = list(dict.fromkeys(ctx.chip(e) for e in ctx.memory.all(seg.block, seg.start + c.start)
                                   if ctx.is_hardware(e)))
        chips = [e for e in chips if ctx.kind(e) == "chip"]
        newest = [e for e in chips if not any(e in ctx.predecessors(o) for o in chips if o != e)]
        if len(chips) >= 2 and len(newest) == 1 and chips[-1] != newest[0]:
            ctx.infer(seg.block, newest[0], seg.start + c.start)


def with_header(state: Discourse, seg: Segment, sentences: list[Sentence],
                quantities: Sequence[Quantity], w: Words) -> Sequence[Quantity]:
    """A bare number in a table takes its column header's unit ("HBM (GB)" over "96"), and the
    header's cue words (attribute, precision, dense/sparse) speak for every cell below it. In a
    table with one column per chip, the row's first cell ("Memory bandwidth (TB/s)") does that."""
    unit, labels = state.cells.get(seg.col_header, (None, ())) if seg.col_header >= 0 else (None, ())
    if seg.row_header >= 0:
        row_unit, row_labels = state.cells.get(seg.row_header, (None, ()))
        unit = unit or row_unit
        # (not its stance words: "| R-06 | ...; the RFP assumes GB200 stays within this | Partial | GB200 GPUs are
        # configurable up to 1,200 W |" reports the RFP in its own cell only)
        labels = labels + tuple(lab for lab in row_labels if not lab.startswith(("STANCE:", "REPORTED:")))
    if "SCOPE:chip" in labels and w.unit_header.search(state.cell_text.get(seg.col_header, "")) and any(
            w.chips_per_unit.search(state.cell_text.get(b, "")) for b, r in state.header_row.items()
            if r == state.header_row.get(seg.col_header)):
        # "| HBM je Einheit (GB) |" beside "| GPUs je Einheit |": the unit is the row's system, which holds the chips
        labels = tuple(lab for lab in labels if lab != "SCOPE:chip")
    if "SCOPE:chip" in labels and seg.row_header >= 0 and w.total_header.search(state.cell_text.get(seg.row_header, "")) \
            and w.card_header.search(state.cell_text.get(seg.col_header, "")):
        labels = tuple(lab for lab in labels if lab != "SCOPE:chip")  # "| DGX H100 gesamt | 1 | 640³ |" under "je Karte"
    if seg.note and "SPARSE:dense" in labels and w.sparse_note.match(seg.note):
        # "| 10,000* |" under "FP8 dense (TFLOPS)" over "* Sparse value: ...": the cell's note overrules its header
        labels = tuple("SPARSE:sparse" if lab == "SPARSE:dense" else lab for lab in labels)
    if unit is None and not labels:
        return quantities
    out = []
    text = seg.text
    for q in quantities:
        if q.family == "count" and unit is not None and not _year_after_word(text, q.start, q.text):
            q = Quantity(q.start, q.end, q.text, q.value, q.resolution, unit[0], unit[1], q.qualifier,
                         q.range_high)
        out.append(q)
    for s in sentences:
        have = {c.label.split(":", 1)[0] for c in s.cues}
        # (not a header's negation: "| H200 node, not AWS | ... | HBM3e |" does not deny the HBM3e)
        s.cues.extend(Cue(s.start, s.start, lab) for lab in labels
                      if lab.split(":", 1)[0] not in have and lab != "NEG")
        s.forget_mentions()
    return out


_YEAR = re.compile(r"(?:19|20)\d\d")
_WORD_BEFORE = re.compile(r"[A-Za-zÄÖÜäöü][.:]?\s+$")


def _year_after_word(text: str, at: int, written: str) -> bool:
    """"192 was the GTC 2024 launch number" in a cell under "HBM (GB)": a year after a word, no figure."""
    return bool(_YEAR.fullmatch(written)) and bool(_WORD_BEFORE.search(text, max(0, at - 3), at))


def header_unit(text: str, w: Words) -> tuple[str, str] | None:
    """The unit a column header gives its cells: "HBM (GB)", "Bandbreite (TB/s)", "Memory in GB"."""
    from .. import units

    m = HEADER_UNIT.search(text.strip())
    if not m:
        return None
    surface = (m.group(1) or m.group(2) or m.group(3)).strip()
    if w.hourly_price_unit.fullmatch(surface) or (units.CURRENCY_SYMBOLS.get(surface) == units.BASE_CURRENCY
                                                  and w.hourly_header.search(text, 0, m.start())):
        return "USD / hour", "price"  # "On-Demand (US-$/h)", "Preis (USD pro Stunde)", "Preis/Std. (USD)"
    if surface not in units.LEXICON:
        return None  # "(Blackwell Ultra)", "(dicht)": no unit (and no pint import to find that out)
    expr, family = units.LEXICON[surface]
    return (expr, family) if family not in ("count", "ratio") else None


def answering(state: Discourse, seg: Segment, doc: Doc, hardware: Callable[[str], bool]) -> Segment:
    """A paragraph right after a question that names hardware ("**P:** Gut. Und die MI300X?" over "**K:** 192 GB
    HBM3 mit 5,3 TB/s ..."), naming none itself: the question is its intro, as a list's intro is its items'."""
    if seg.kind == "paragraph" and seg.intro < 0 and state.question_block == seg.block - 1 >= 0 \
            and not any(hardware(span.label_) for span in doc.spans.get(ENTITY_KEY, ())):
        return replace(seg, intro=state.question_block)
    return seg


def note_question(state: Discourse, memory: Memory, seg: Segment, hardware: Callable[[str], bool]) -> None:
    """Remember a paragraph that ends with a question about hardware, for the answer after it."""
    asks = seg.kind == "paragraph" and seg.text.rstrip(" *_\n").endswith("?")
    state.question_block = seg.block if asks and any(hardware(e) for e in memory.all(seg.block)) else -1


def note_labels(state: Discourse, seg: Segment, w: Words) -> None:
    """At a paragraph: a myth's label ("**Myth:** the MI325X ships with 288 GB."), and a fact's label right below one
    ("**Fact:** ... the card that launched in October 2024 carries 192 GB"), which is about the myth's hardware; an
    editors' note under a party's heading ("## Gegendarstellung" … "*Anmerkung der Redaktion:* …"), after which the
    editors speak, not the party."""
    if seg.kind == "paragraph":
        state.answers_myth = state.myth_block if state.myth_block == seg.block - 1 and w.fact_label.match(seg.text) else -1
        state.myth_block = seg.block if w.myth_label.match(seg.text) else -1
        if state.party and w.editor_note.match(seg.text):
            state.party = state.comments = False


def note_reproduced(state: Discourse, seg: Segment, w: Words) -> None:
    """A document the page reproduces and disowns: from its intro ("Wir geben die Pressemitteilung im Wortlaut wieder;
    sie ist keine ...", "> **Sponsored content.** ...") to its end ("— Ende der Pressemitteilung —"), the page's own
    section ("## Unsere Einordnung"), or the end of the block quote that holds the intro and the document both."""
    if state.reproduced < 0 and seg.kind in ("paragraph", "blockquote") and w.reproduced_intro.search(seg.text):
        state.reproduced, state.reproduced_quote = seg.block, None if seg.kind == "blockquote" else False
    elif state.reproduced >= 0 and ((seg.kind == "paragraph" and w.reproduced_end.match(seg.text))
                                    or (seg.kind == "heading" and w.own_heading.match(seg.text))
                                    or (state.reproduced_quote and seg.kind != "blockquote")):
        state.reproduced = -1
    elif state.reproduced >= 0 and state.reproduced_quote is None:
        # ("> **Sponsored content.** ..." over the article's paragraphs: the document goes on after the quote)
        state.reproduced_quote = seg.kind == "blockquote"


def note_old_section(state: Discourse, seg: Segment, w: Words, level: int) -> None:
    """At a heading: a section of an old version's figures begins ("## What the old card (v2, December 2024) said -
    valid then", "## Stand der alten Karte (Dezember 2024)") or the one before ends."""
    if state.old_section is not None and level <= state.old_section[1]:
        state.old_section = None
    if w.old_version_heading.search(seg.text) and (day := named_day(seg.text)) is not None:
        state.old_section = (day, level)


def judged_then(state: Discourse, seg: Segment) -> dt.date | None:
    """The day the segment's figures speak of, when it is history: a blockquote under an old revision's intro, or any
    part of an old version's section."""
    if state.revision_of is not None and seg.kind == "blockquote":
        return state.revision_of  # "> Nvidia's B200 pairs 192 GB ..." under "... as it stood in the revision of 20 August 2024"
    return state.old_section[0] if state.old_section is not None and seg.kind != "heading" else None


def named_day(text: str) -> dt.date | None:
    """The last day of the one month or day a text names ("im Juni 2025", "on 20 August 2024"), or None when it
    names none, several, or only a year (too coarse to judge a figure at)."""
    years = list(YEAR.finditer(text))
    if len(years) != 1:
        return None
    _, period = period_before(text, years[0].start(), int(years[0].group()))
    if period.whole_year or period.first_month != period.last_month:
        return None
    return period.last_day()

"""Stage 4: spaCy Docs of segments -> Claims (subject, attribute, value, qualifiers, position).

The subject of a value comes, in this order, from: the table row and column headers; the
nearest fitting entity in the same sentence (entities after "than"/"als"/"vs." are what is
compared against, not the subject); the list item's lead; and for "the chip"/"der Chip"/"its",
or a sentence with no entity, the nearest earlier mention in the paragraph, the list's intro
or the section heading.
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from spacy.tokens import Doc

from . import units as _units
from .factbase.base import FactBase
from .models import Claim, Quantity, Segment, quick_init
from .names import normalize, split_version
from .nlp import CUE_KEY, ENTITY_KEY, doc_text
from .periods import MONTHS as _MONTH_WORDS
from .periods import Period, period_before

HARDWARE_KINDS = {"chip", "instance", "system", "pod", "family"}
ATTR_BY_FAMILY = {
    "memory": ("memory_capacity", "host_memory", "sram"),
    "rate": ("memory_bandwidth", "interconnect_bandwidth", "network_bandwidth"),
    "compute": ("compute",),
    "length": ("process_node",),
    "power": ("power",),
    "area": ("site_area",),
    "price": ("price_per_hour",),
}
CHIP_LEVEL = {"process_node", "foundry", "memory_type", "interconnect"}
_OPPOSITE = {"successor": "predecessor", "predecessor": "successor"}
_LINK_KINDS = {"ATTR:memory_bandwidth", "ATTR:interconnect_bandwidth", "ATTR:network_bandwidth"}
_OTHER_PERIOD = re.compile(r"\s*(?:per|pro|a|an|je|im|/)\s*(?:month|Monat|year|Jahr|day|Tag|GPU|chip|Chip|accelerator)",
                           re.IGNORECASE)
_PRICE_BREAK = re.compile(r"[;–—]|\s(?:but|while|whereas|than|aber|während|als)\s")
_BILL = re.compile(r"\b(?:train(?:ing|ed|s)?|fine-tun\w*|run|runs|job|bill|budget|total|insgesamt|Training\w*|"
                   r"Rechnung|Budget|Lauf|Läufe|Gesamtkosten)\b", re.IGNORECASE)
_CHIP_NOUN = re.compile(r"chip|gpu|accelerator|processor|beschleuniger", re.IGNORECASE)
_SYSTEM_AFTER = re.compile(r"[\s-]?(?:Instanz|Instanzen|instances?|Instances?|UltraServers?|Server|servers?)\b")
_HALF_OF_YEAR = re.compile(r"\b(?:first|second|the other|ersten|zweiten|erste|zweite)\s*$", re.IGNORECASE)
_THE_STARTUP = re.compile(r"\b(?:das|dem|the|this|that)\s+(?:KI-)?(?:Start-?up|startup|start-up|AI\s+startup|AI\s+lab|KI-Labor|Unternehmen|company)\b",
                          re.IGNORECASE)
_PERFECT_INVESTED = re.compile(r"\b(?:has|have)\s+(?:\w+\s+){0,2}invested\b|\b(?:hat|haben)\s+[^.;:]{0,60}\binvestiert\b",
                               re.IGNORECASE)
_FURTHER = re.compile(r"\b(?:another|further|additional|more|weitere\w*|zusätzlich\w*|nochmals|erneut)\s+(?:[\w$€]+\s+)?$",
                      re.IGNORECASE)
_CUMULATIVE = re.compile(r"\b(?:in total|total|so far|to date|altogether|all told|in all|insgesamt|bislang|bisher|"
                         r"kumuliert|summiert|Gesamt\w*)\b", re.IGNORECASE)
_STATED_UNTIL = re.compile(r"^\W*(?:\w+\s+){0,3}?(?:bis|by|as of|Stand)\s+(?:zum\s+)?(?:(?:the\s+)?end\s+of\s+|Ende\s+)?"
                           r"((?:19|20)\d\d)\b", re.IGNORECASE)
_DELTA_BEFORE = re.compile(r"\b(?:adds|adding|added|an\s+extra|an\s+additional|another|zusätzliche[nm]?|weitere|"
                           r"legt\s+(?:sogar\s+|noch\s+)?(?:um\s+)?)\s*(?:about\s+|rund\s+|another\s+)?$", re.IGNORECASE)
_DELTA_AFTER = re.compile(r"\s*(?:of\s+\w+\s+)?(?:more|mehr)\b(?!\s+(?:als|than)\s+(?:doppelt|twice))", re.IGNORECASE)
_PER_INSTANCE = re.compile(r"\b(?:per|pro|je|each|every|jede|an?|one|eine[rmn]?)\s+(?:[\w.]+[\s-])?(?:instance|Instanz)\b",
                           re.IGNORECASE)  # "pro Inf2-Instanz", "an Inf2 instance holds up to 16"
_CORE_TYPE = re.compile(r"NeuronCores?[- ]?v(\d)\b")
_GENERATION_HEADER = re.compile(r"Generation|\bGen\b|Chip|Modell|Model|Beschleuniger|Accelerator", re.IGNORECASE)
_DATED_NAME = re.compile(r"\s*\(\s*(?:[A-Za-zÄÖÜäöü]+\.?\s+)?(?P<year>(?:19|20)\d\d)\s*\)")
_NODE_BEFORE = re.compile(r"(?:\d+(?:\.\d+)?\s?-?nm|N\d+[A-Z]?)[\w-]*\s+(?:bei|at|by|von|from)\s+$")
_NODE_AFTER = re.compile(r"(?:['’]s)?[\s-]+(?:(?:im|in|on|auf|using)\s+(?:(?:the|its|a|dem|einem|seinem)\s+)?)?"
                         r"(?:\d+(?:\.\d+)?\s?-?nm\b|N\d+[A-Z]?\b|\d+N\b)")
_SYSTEM_WORD = re.compile(r"UltraServer|\b[Pp]ods?\b|\b[Rr]acks?\b|NVL\d+")
_UNPUNCTUATED_BREAK = re.compile(r"[^\s.!?:;,(\[–—-][ \t]*\n")
_NEG_BREAK = re.compile(r"[;:–—]|,\s*(?:but|it|sondern|aber|es|er|sie)\b|\b(?:but|instead|sondern|stattdessen)\b")
_ENERGY = re.compile(r"energ|efficien|effizien|watt", re.IGNORECASE)
_PRICE_WORD = re.compile(r"price|preis|cost|kosten|cheap|günstig", re.IGNORECASE)
_RELATIVE = re.compile(r"\s*,\s*(?:der|die|dem|den|which)\s+(?!ist\b|sind\b|is\b)(?:\w+\s+){0,2}$", re.IGNORECASE)
_NOT_ON_DEMAND = re.compile(r"\b(?:spot|reserved|savings plans?|reserviert\w*|Spot-\w*|Capacity Blocks?)\b", re.IGNORECASE)
CUE_WINDOW = 60  # characters around a value in which a cue word speaks about it
_MEMORY_TYPE = re.compile(r"(?<![\w-])(?:HBM[234]?[eE]?|LPDDR5X?|GDDR6X?|GDDR7|DDR5|DRAM)"
                          r"(?!\w|-(?!Speicher|Stacks?\b|Stapel|Memory|Module?\b|Kapazität|Bandbreite))")
_SINCE = re.compile(r"\b(?:seit|since)\s+$", re.IGNORECASE)
# "seit er im Juni 2024 übernommen hat", "took over in June 2024", "CEO since June 2024", "übernahm im Juni 2024"
_TOOK_OFFICE = re.compile(r"\b(?:since|seit|took\s+over|took\s+the\s+helm|took\s+charge|became\s+CEO|übernahm|"
                          r"stepped\s+up)\b(?:\s+(?:he|she|er|sie|it|in|im|on|am|at|the|the\s+top\s+job|die\s+Führung|"
                          r"den\s+Posten|das\s+Amt|die\s+Leitung))*\s+$", re.IGNORECASE)
_PERSON_PRONOUN = re.compile(r"\b(?:er|sie|seine?|ihre?|he|she|his|her)\b", re.IGNORECASE)
_TOOK_OFFICE_AFTER = re.compile(r"\s+(?:übernommen|übernahm|die\s+Führung\s+übernommen|ins\s+Amt|an\s+die\s+Spitze|"
                                r"took\s+over|took\s+office)\b", re.IGNORECASE)
_YEAR = re.compile(r"(?<![\w.,/-])(?:19[89]\d|20[0-4]\d)(?![\w.,/-]\d|\w)")


@quick_init
@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    entity: str
    text: str


@quick_init
@dataclass(frozen=True)
class _Cue:
    start: int
    end: int
    label: str


@dataclass
class _Sentence:
    start: int
    end: int
    text: str
    mentions: list[_Mention]
    cues: list[_Cue]
    memo: dict = field(default_factory=dict, repr=False)  # _compared/_counted, asked once per value

    def cue(self, prefix: str) -> list[_Cue]:
        cues = self.cues
        if not cues:
            return []
        labels = self.memo.get("labels")
        if labels is None or labels[0] != len(cues):  # cues are only ever added (_with_header)
            labels = self.memo["labels"] = (len(cues), "\n" + "\n".join(c.label for c in cues))
        if "\n" + prefix not in labels[1]:
            return []  # no label starts with the prefix
        return [c for c in cues if c.label.startswith(prefix)]


@dataclass
class _Memory:
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
        return [e for at, e, inferred in self.by_block.get(block, [])
                if (before is None or at < before) and not (named and inferred)]


class ClaimExtractor:
    """Turns each segment's Doc into claims, remembering entities across the article's blocks."""

    def __init__(self, factbase: FactBase):
        self.fb = factbase
        self._kinds = {eid: ent.kind for eid, ent in factbase.entities.items()}
        self.memory = _Memory()
        self.topic: str | None = None  # the article's subject, from its first heading
        # table cells by block: (unit written in the cell, e.g. "HBM (GB)" -> GB; its cue labels)
        self.cells: dict[int, tuple[tuple[str, str] | None, tuple[str, ...]]] = {}
        # list items' leading entities by list ("- Trn3 UltraServer: 21 TB", "- GB300 NVL72: 14 TB")
        self.item_leads: dict[tuple[int, int], list[str]] = {}
        self.cell_text: dict[int, str] = {}
        self._first_gen: dict[str, str] | None = None
        self.paragraphs: dict[int, list[int]] = {}  # a section's paragraph blocks by heading block, in order
        self.last_system: str | None = None  # the system, pod or instance the article named last
        self.system_before: str | None = None
        self.last_project: str | None = None  # "das Areal umfasst 1.200 Hektar": the campus last named
        self.chip_mentions: dict[str, int] = {}  # how often each chip was named (not compared, not counted)
        self.last_paragraph = ""  # the text of the paragraph before (a blockquote's introduction)
        self.asked_about: list[str] = []  # the hardware an interviewer's last question named ("Q: ... Trainium4?")

    # -- helpers over the fact base ------------------------------------------------------------
    def kind(self, entity: str) -> str:
        return self._kinds.get(entity) or ""

    def _is_hardware(self, entity: str) -> bool:
        return self.kind(entity) in HARDWARE_KINDS

    def _chip(self, entity: str) -> str:
        """The chip of a system, instance or pod (chip-level facts live there); any other entity itself."""
        if self.kind(entity) in ("system", "instance", "pod"):
            return self.fb.chip_of(entity) or entity
        return entity

    def _first_generations(self) -> dict[str, str]:
        """A line's bare name for its first chip: "trainium" -> Trainium (1st generation)."""
        if self._first_gen is None:
            self._first_gen = {}
            for e in self.fb.entities.values():
                stem = e.name.split(" (")[0]
                if e.kind == "chip" and e.successor and not e.predecessor and not re.search(r"\d", stem):
                    self._first_gen[stem.lower()] = e.id
        return self._first_gen

    # -- per segment ---------------------------------------------------------------------------
    def claims(self, seg: Segment, doc: Doc) -> list[Claim]:
        sentences = _sentences(doc)
        _mark_corrected_quotes(sentences)
        self.system_before = self.last_system  # as of this segment's start
        if seg.kind == "paragraph":
            self.last_paragraph = seg.text
        if seg.kind == "heading":
            self.last_paragraph = seg.text  # "## Reply 6: u/someone" introduces the blockquote below it
            if _FULLY_QUOTED.fullmatch(_NUMBERING.sub("", seg.text, count=1)):
                return []  # '## 1. "Trainium3 has four times the memory of Trainium2"': a myth to be refuted
        if seg.kind == "paragraph":
            blocks = self.paragraphs.setdefault(seg.heading, [])
            if not blocks or blocks[-1] != seg.block:
                blocks.append(seg.block)
        if seg.kind == "list_item" and sentences:
            first = next((m for m in sentences[0].mentions if self._is_hardware(m.entity)), None)
            if first is not None and not seg.text[:first.start].strip(" *_-:"):
                self.item_leads.setdefault((seg.intro, seg.heading), []).append(first.entity)
        out: list[Claim] = []
        for s in sentences:
            compared = _compared(s)
            counted = _counted(s)
            named = {m.entity for m in s.mentions}
            for m in s.mentions:
                if m in counted:
                    continue  # "16 Trainium2 chips": a part, not what the next sentence's "it" means
                if self.kind(m.entity) == "family" and named & set(self.fb.entities[m.entity].members):
                    continue  # "The H200 is the same Hopper compute die": the chip, not its family, is meant
                if m in compared:
                    self.memory.add_compared(seg.block, m.entity, seg.start + m.start)
                elif self._is_hardware(m.entity) or self.kind(m.entity) in ("organisation", "project"):
                    self.memory.add(seg.block, m.entity, seg.start + m.start)
                    if self.kind(m.entity) == "chip":
                        self.chip_mentions[m.entity] = self.chip_mentions.get(m.entity, 0) + 1
                    if self.kind(m.entity) in ("system", "pod", "instance"):
                        self.last_system = m.entity
                    elif self.kind(m.entity) == "project":
                        self.last_project = m.entity
        for s in sentences:
            self._newest_for_new(seg, s)
        if seg.kind == "table_cell":
            self.cell_text[seg.block] = seg.text.strip(" *_")
            if not any(s.mentions for s in sentences) and seg.col_header >= 0 \
                    and _GENERATION_HEADER.search(self.cell_text.get(seg.col_header, "")):
                first = self._first_generations().get(seg.text.strip(" *_").lower())
                if first:  # "| Trainium | 32 GiB |" in a column "Generation", above "| Trainium2 | ...": the first
                    self.memory.add(seg.block, first, seg.start)
        if self.topic is None and seg.kind == "heading":
            hw = {e for e in self.memory.all(seg.block) if self._is_hardware(e)}
            self.topic = hw.pop() if len(hw) == 1 else ""
        quantities: Sequence[Quantity] = doc._.hw_quantities or ()
        if seg.kind == "table_cell":
            self.cells[seg.block] = (_header_unit(seg.text),
                                     tuple(c.label for s in sentences for c in s.cues))
            quantities = self._with_header(seg, sentences, quantities)
        starts = [s.start for s in sentences]
        placed = [(bisect_right(starts, q.start) - 1, q) for q in quantities]  # (sentence index, quantity)
        for i, q in placed:
            if i >= 0:
                sentences[i].memo.setdefault("families", set()).add(q.family)
                sentences[i].memo["last"] = q  # "... 2.52 PFLOPS of dense FP8. That is twice ...": what "that" is
                sentences[i].memo.setdefault("quantities", []).append(q)
        for prev, s in zip(sentences, sentences[1:]):
            s.memo["previous"] = prev
        text = doc_text(doc)
        hedged = {j for k in range(len(placed) - 1) for j in (k, k + 1)
                  if placed[k][1].family == placed[k + 1][1].family
                  and _ALTERNATIVE.fullmatch(text[placed[k][1].end:placed[k + 1][1].start])}
        for k, (i, q) in enumerate(placed):
            if i < 0 or k in hedged:  # "3nm or 4nm": no claim
                continue
            claim = self._numeric_claim(seg, sentences, i, q)
            if claim is not None:
                out.append(claim)
        if seg.kind == "blockquote" and (_FULLY_QUOTED.fullmatch(seg.text) or _QUOTE_INTRO.search(self.last_paragraph)
                                         or _QUOTE_SOURCE.search(self.last_paragraph)):
            return []  # > "Trillium has 192 GB per chip ...", "Someone replied with this:" > ...: someone else's words
        for s in sentences:
            out.extend(self._equal_claims(seg, s))
            out.extend(self._name_claims(seg, s))
            if not s.cue("REPORTED"):
                out.extend(self._date_claims(seg, s))
                out.extend(self._investing_since(seg, s))
                out.extend(self._took_office(seg, s))
                out.extend(self._dated_names(seg, s))
                out.extend(self._memory_type_claims(seg, s, out))
                out.extend(self._core_type_claims(seg, s))
        if seg.kind == "paragraph" and _QUESTION_TURN.match(seg.text):
            # "Q: I've seen Trainium3 described at 1.3 petaflops.": the interviewer's premise; what it asks
            # about is what the answer's comparisons are about ("Q: So what does Trainium4 promise?")
            self.asked_about = [m.entity for s in sentences for m in s.mentions if self._is_hardware(m.entity)]
            return []
        return out

    def _newest_for_new(self, seg: Segment, s: _Sentence) -> None:
        """"Trainium3 went GA ..., a year after Trainium2 instances became available. The new part
        carries ...": "the new part", "der neue Chip" is the newest chip the paragraph has named, not the
        last one; it is remembered there, so that "it" in the next sentence means it too."""
        for c in s.cue("ANAPH:chip"):
            if not _NEW_WORD.search(s.text, c.start - s.start, c.end - s.start):
                continue
            if any(m.end <= c.start and self._is_hardware(m.entity) for m in s.mentions):
                continue  # "Trainium3 ... the new part": named in the sentence itself
            chips = list(dict.fromkeys(self._chip(e) for e in self.memory.all(seg.block, seg.start + c.start)
                                       if self._is_hardware(e)))
            chips = [e for e in chips if self.kind(e) == "chip"]
            newest = [e for e in chips if not any(e in self._predecessors(o) for o in chips if o != e)]
            if len(chips) >= 2 and len(newest) == 1 and chips[-1] != newest[0]:
                self.memory.add(seg.block, newest[0], seg.start + c.start, inferred=True)

    def _with_header(self, seg: Segment, sentences: list[_Sentence],
                     quantities: Sequence[Quantity]) -> Sequence[Quantity]:
        """A bare number in a table takes its column header's unit ("HBM (GB)" over "96"), and the
        header's cue words (attribute, precision, dense/sparse) speak for every cell below it. In a
        table with one column per chip, the row's first cell ("Memory bandwidth (TB/s)") does that."""
        unit, labels = self.cells.get(seg.col_header, (None, ())) if seg.col_header >= 0 else (None, ())
        if seg.row_header >= 0:
            row_unit, row_labels = self.cells.get(seg.row_header, (None, ()))
            unit = unit or row_unit
            labels = labels + row_labels
        if unit is None and not labels:
            return quantities
        out = []
        for q in quantities:
            if q.family == "count" and unit is not None:
                q = Quantity(q.start, q.end, q.text, q.value, q.resolution, unit[0], unit[1], q.qualifier,
                             q.range_high)
            out.append(q)
        for s in sentences:
            have = {c.label.split(":", 1)[0] for c in s.cues}
            # (not a header's negation: "| H200 node, not AWS | ... | HBM3e |" does not deny the HBM3e)
            s.cues.extend(_Cue(s.start, s.start, lab) for lab in labels
                          if lab.split(":", 1)[0] not in have and lab != "NEG")
            s.memo.pop("compared", None)
            s.memo.pop("counted", None)
        return out

    # -- numeric claims ------------------------------------------------------------------------
    def _numeric_claim(self, seg: Segment, sentences: list[_Sentence], i: int, q: Quantity) -> Claim | None:
        s = sentences[i]
        if s.cue("REPORTED") or _discussed(s, q.start, q.end):
            return None  # someone else's statement, quoted: not the article's claim
        if q.family in ("memory", "rate", "compute", "power") and q.unit != "percent" and (
                _DELTA_BEFORE.search(s.text, max(0, q.start - s.start - 24), q.start - s.start)
                or _DELTA_AFTER.match(s.text, q.end - s.start)):
            return None  # "while adding 32 GB of memory per GPU", "32 GB mehr als", "50 W more": a difference
        if q.family == "memory" and _model_requirement(s, q):
            return None  # "a 70B model needs about 140 GB for its weights": a model's size, not the chip's
        if q.family == "count" and any(m.start < q.start and q.end <= m.end for m in s.mentions):
            return None  # "über eine Million Trainium 2 Chips": the "2" is the name's
        attribute = None
        if q.family == "ratio" and q.text.rstrip()[-1:] in ("×", "x") \
                and any(m.start - q.end <= 2 and m.start >= q.end and self.kind(m.entity) == "chip" for m in s.mentions):
            # "| inf2.8xlarge | 2 × Inferentia2 |": a count of chips, not a ratio
            q = Quantity(q.start, q.end, q.text, q.value, 0.5, "times", "count", q.qualifier)
            attribute = "chip_count"
        elif q.family == "ratio" and q.text.rstrip()[-1:] in ("×", "x") and _CORE_NOUN.match(s.text, q.end - s.start):
            return None  # "| Kerne | 8 × NeuronCore-v2 |": a count of cores (the core type is checked on its own)
        elif q.family == "ratio":
            return self._ratio_claim(seg, s, q)
        if attribute == "chip_count":
            pass
        elif q.family == "count":
            if q.text.lower() in _INDEFINITE and not re.search(r"\b(?:nur|genau|lediglich|bloß|only|exactly)\s+$",
                                                               s.text[:q.start - s.start], re.IGNORECASE):
                return None  # "für einen Chip, eine Instanz oder ein Rack": an article, not a count
            if _ANY_BETWEEN.search(s.text, max(0, q.start - s.start - 16), q.start - s.start):
                return None  # "the hops between any two accelerators": a pair, not a system's count
            if _core_count(s, q):
                attribute = "core_count"  # "24 NeuronCores", "acht NeuronCore-v3-Kerne"
            elif _chip_count(s, q) or self._named_chips(s, q) or _elliptic_count(s, q) or (
                    seg.kind == "table_cell" and any(c.label == "CHIPNOUN" and c.start == c.end for c in s.cues)):
                attribute = "chip_count"  # (a cell in the row or column "Chips pro Pod" too)
            elif _chip_count(s, q, "SERVERNOUN"):
                attribute = "server_count"  # "144 chips spread over 36 servers", "verbindet vier Instanzen"
            elif _chip_count(s, q, "BUILDINGNOUN"):
                attribute = "building_count"  # "über 30 Rechenzentren verteilt": a campus's buildings
            elif _chip_count(s, q, "CPUNOUN"):
                attribute = "cpu_count"  # "72 GPUs mit 36 Grace-CPUs"
            elif _chip_count(s, q, "VCPUNOUN") or (seg.kind == "table_cell" and s.cue("VCPUNOUN")):
                attribute = "vcpus"  # "192 vCPUs", a cell under "vCPUs"
            else:
                return None
        elif q.family == "money":
            return self._money_claim(seg, s, q)
        else:
            attribute = self._attribute(s, q)
            if attribute is None or (attribute == "price_per_hour" and _NOT_ON_DEMAND.search(s.text)):
                return None  # a spot, reserved or Capacity Block price is not the on-demand list price
            rel = q.start - s.start
            if q.family == "rate" and _DIE_LINK.search(s.text[max(0, rel - 50):rel + 50]):
                return None  # "two dies joined by a 10 TB/s link": inside the package, not in the fact base
            if attribute == "process_node" and _other_die(s.text[max(0, rel - 40):rel]):
                return None  # "compute dies on 3 nm, I/O dies on 6 nm": the node facts are the compute dies'
        subject, how, text = self._paired_subject(seg, s, q) or self._subject(seg, s, q.start, attribute)
        if attribute == "chip_count" and q.value >= 10_000 and self.last_project and q.qualifier != "up_to" and (
                subject is None or self.kind(subject) in ("system", "instance")):
            # (not "Cluster mit bis zu einer Million Chips": what the systems allow, not what a campus has)
            # "Nahezu 500.000 Trainium2-Chips sind über 30 Rechenzentren verteilt": the cluster last named
            subject, how, text = self.last_project, "coreference", self.fb.entities[self.last_project].name
        elif attribute == "chip_count" and q.qualifier == "up_to" and how != "sentence" and subject \
                and self.kind(subject) == "project" and self._article_chip():
            # "Tausende UltraServers lassen sich zu Clustern mit bis zu einer Million Chips verbinden" after a
            # sentence on Project Rainier: a capability of the article's chip, not the campus last named
            subject = self._article_chip()
            how, text = "coreference", self.fb.entities[subject].name
        if subject is None:
            return None
        if attribute == "chip_count" and self.kind(subject) == "chip" and seg.kind == "table_cell" \
                and seg.row_header >= 0:
            # "| inf2.8xlarge | 2 × Inferentia2 |": the row's instance counts the chips the cell names
            row = next((e for e in self.memory.all(seg.row_header) if self.kind(e) in ("instance", "system", "pod")),
                       None)
            if row is not None:
                subject, how, text = row, "table", self.fb.entities[row].name
        if attribute == "chip_count" and self.kind(subject) == "chip":
            named = next((m for m in s.mentions if m.start >= q.end and self.kind(m.entity) == "chip"
                          and m.start - q.end <= 3), None)
            if named is not None and named.entity != subject:
                return None  # "mit acht H100 hätten wir ..." in a Trainium2 article: not Trainium2's count
        if self.kind(subject) == "interconnect":
            if attribute == "bandwidth":
                # "EFA ... 3,200 Gbps" is the network's rate, "NeuronLink ... 1.6 Tbps" the chip-to-chip link's
                network = any(m.entity == subject and _names_network(s, m) for m in s.mentions)
                attribute = "network_bandwidth" if network else "interconnect_bandwidth"
            user = self._link_user(seg, subject, q.start)
            # "Acht H100 SXM ..., untereinander per NVLink mit 1,8 TB/s pro GPU verbunden": the chips counted
            parts = [c.entity for c in _counted(s) if c.end <= q.start and self.kind(c.entity) == "chip"]
            user = user or (parts[-1] if parts else None)
            chip = user or self._context(seg, at=q.start)
            if chip and (self.fb.about(chip, attribute) or not self.fb.about(subject, attribute)) \
                    and self._uses_link(chip, subject):
                # (the chip whose link is exactly the one named is no guess: no other chip may own the figure)
                subject, how = chip, "sentence" if user else "coreference"
        elif attribute == "interconnect_bandwidth" and self.kind(subject) == "chip" \
                and not self.fb.about(subject, attribute):
            # "**NVLink 3 (A100):** 400 GB/s": a chip with no such figure, beside a link with one
            link = next((m for m in s.mentions if self.kind(m.entity) == "interconnect"
                         and self.fb.about(m.entity, attribute)), None)
            if link is not None:
                subject, how, text = link.entity, "sentence", link.text
        maker_s = None
        if attribute in CHIP_LEVEL:
            subject = self._chip(subject)
            maker_s = self._maker_s_chip(s, q.start) if attribute == "process_node" and how == "sentence" else None
            subject = maker_s or subject
        scope = _nearest_label(s, "SCOPE:", q.start, q.end, 40, same_clause=True)
        if scope is None and seg.lead_end and q.start >= seg.lead_end:
            # "- **Compute per chip:** ... 2.52 PFLOPS ...; 181 TFLOPS FP32": the lead's scope is every figure's
            lead = [c.label[6:] for c in s.cue("SCOPE:") if c.end <= seg.lead_end]
            scope = lead[0] if len(set(lead)) == 1 else None
        if scope == "chip" and attribute in ("server_count", "cpu_count"):
            scope = None  # "zwischen den vier Instanzen stehen jedem Chip ... zur Verfügung": not a count per chip
        if scope is None and attribute == "chip_count" and (
                s.cue("ANAPH:system") or re.search(r"\b[Pp]ods?\b", s.text[:q.start - s.start])):
            scope = "system"  # "In einem Pod lassen sich 9.216 Chips ..., bei Trillium waren es 512": a pod's count
        if scope is None and attribute == "chip_count" and _PER_INSTANCE.search(s.text):
            scope = "instance"  # "pro Inf2-Instanz sind bis zu 16 Chips möglich"
        if attribute in ("network_bandwidth", "bandwidth", "interconnect_bandwidth", "memory_bandwidth") and (
                _PORT_BEFORE.search(s.text, max(0, q.start - s.start - 30), q.start - s.start)
                or _PORT_AFTER.match(s.text, q.end - s.start)):
            scope, attribute = "port", "network_bandwidth"  # "24 Ports mit je 400 Gigabit Ethernet"
        if scope is None and _TIMES_BEFORE.search(s.text, max(0, q.start - s.start - 8), q.start - s.start):
            scope = "chip"  # "the GB300 NVL72's 20.7 TB is 72 × 288 GB": the factor's unit is one chip
        if scope is None and attribute == "memory_bandwidth":
            cap = _CAPACITY_AT.search(s.text, max(0, q.start - s.start - 45), q.start - s.start)
            if cap:  # "Each GPU in that rack carries 186 GB of HBM3e at 8 TB/s": the capacity's scope
                scope = _nearest_label(s, "SCOPE:", s.start + cap.start(), s.start + cap.start() + 1, 40,
                                       same_clause=True)
        if scope is None and attribute not in ("chip_count", "server_count", "cpu_count", "price_per_hour") \
                and self._each_chip(s, q):
            scope = "chip"  # "12 Chips mit je 32 GiB HBM und 190 TFLOPS", "eight GPUs with 80 GB each"
        if scope == "chip" and self.kind(subject) in ("system", "instance", "pod") and not any(
                f.q.scope == "chip" for f in self.fb.about(subject, attribute)):
            # (not when the system has its own per-chip figure: "Trn1n: 768 GiB/s NeuronLink pro Chip")
            chip = self.fb.chip_of(subject)
            if chip:
                subject = chip
        precision = _nearest_label(s, "PREC:", q.start, q.end, CUE_WINDOW) if attribute == "compute" else None
        sparsity = _nearest_label(s, "SPARSE:", q.start, q.end, CUE_WINDOW) if attribute == "compute" else None
        direction = _PER_DIRECTION.match(s.text, q.end - s.start) if q.family == "rate" else None
        end = s.start + direction.end() if direction else q.end  # the finding covers "900 GB/s in each direction"
        alternates = () if maker_s else self._alternates(seg, s, subject, how, scope, q.start)
        older = self._predecessors(subject) if self._old_of_change(s, q) else []
        if older:
            # "bandwidth rises from 2.9 TB/s to 4.9 TB/s on Trainium3": the figure it rose from is the
            # predecessor's (or an earlier generation's: "von 32 GiB auf 144 GB" since the first Trainium)
            subject, how, alternates = older[0], "coreference", (*older[1:], subject, *alternates)
        return Claim(entity=subject, attribute=attribute, start=seg.start + q.start, end=seg.start + end,
                     text=s.text[q.start - s.start:end - s.start], quantity=q, precision=precision, sparsity=sparsity,
                     scope=scope, per_direction=bool(direction),
                     sentence=s.text.strip(), subject_text=text, subject_how=how, alternates=alternates)

    @staticmethod
    def _old_of_change(s: _Sentence, q: Quantity) -> bool:
        """"from 2.9 TB/s to 4.9 TB/s", "von 96 GB auf 144 GB", "4.8 TB/s instead of 3.35 TB/s": the figure a
        change starts from."""
        figures = s.memo.get("quantities", ())
        prior = [f for f in figures if f.end <= q.start]
        nxt = next((f for f in figures if f.start >= q.end), None)
        changes = [_change(s, prior[-1], q) if prior else None,  # "4.8 TB/s instead of 3.35 TB/s"
                   _change(s, q, nxt) if nxt is not None and q.range_high is None else None]  # "from 2.9 TB/s to ..."
        return any(c is not None and c[1] is q for c in changes)

    @staticmethod
    def _system_word_before(s: _Sentence, q: Quantity) -> bool:
        """"die UltraServers mit bis zu 144 dieser Chips bieten das Vierfache": a system word in the ratio's
        own clause, before it (not "Trainium3 is 40% more efficient, and an UltraServer ... four times")."""
        rel = q.start - s.start
        word = None
        for word in _SYSTEM_WORD.finditer(s.text, 0, rel):
            pass
        return word is not None and not _RATIO_CLAUSE_BREAK.search(s.text, word.end(), rel)

    @staticmethod
    def _each_chip(s: _Sentence, q: Quantity) -> bool:
        """A figure distributed over counted chips: "16 Chips mit je 96 GiB und 2,9 TB/s", "eight GPUs
        with 80 GB each", "16 chips, each with 96 GiB"."""
        nouns = [c for c in s.cue("CHIPNOUN") if c.end <= q.start]
        if not nouns:
            return False
        between = s.text[nouns[-1].end - s.start:q.start - s.start]
        each = _EACH_WORD.search(between)
        if each and _SYSTEM_WORD.match(between, each.end() + 1):
            return False  # "64 Trainium2-Chips und kommt je UltraServer auf 83,2 PFLOPS": each system's
        if each and not re.search(r"[;.!?]|\b(?:while|whereas|während|aber|but)\b|,\s*(?:and|und|which|die|das|der)\b",
                                  between[each.end():]):
            return True
        return bool(_EACH_AFTER.match(s.text, q.end - s.start)) and len(between) <= 40

    def _alternates(self, seg: Segment, s: _Sentence, subject: str, how: str, scope: str | None,
                    at: int) -> tuple[str, ...]:
        """Entities a figure may be about besides the chosen subject.

        Always the other hardware named in the sentence. When the subject was inferred (not named
        in the sentence), also what the paragraph named before and, unless the text says "per chip",
        the systems built from the chip (or the chip of the system): an inferred subject is a guess,
        and a guess must not turn a right figure into an alarm.
        """
        counted, compared = _counted(s), _compared(s)
        ratios = [q for q in s.memo.get("quantities", ()) if q.family == "ratio"] if compared else ()
        out = [m.entity for m in s.mentions if self._is_hardware(m.entity) and m not in counted
               and not (m in compared and m.end <= at)  # "wie der erste Trainium; ... 16 Chips": not its figure
               and not (m in compared and any(at < q.start < m.start for q in ratios))
               # "its 2.9 TB/s ... works out to about 1.7x what Trainium2 offered": the ratio's partner, not the owner
               and not (m.start > at and _NEW_SUBJECT.search(s.text[at - s.start:m.start - s.start]))
               and not (m.end <= at and m.entity != subject and _owner_after(s, m, subject, at))]
        # ("141 GB HBM3e mit 3,35 TB/s, die H100 nur 80 GB": a name in a later clause does not own the figure)
        named_system = [m for m in s.mentions if m.entity == subject and m.end <= at]
        if named_system and self.kind(subject) == "chip" and _SYSTEM_WORD.search(
                s.text, named_system[-1].end - s.start, at - s.start):
            # "Trillium (v6e) keeps the 256-chip pod but lifts it to 234.9 PFLOPS": the pod's figure
            out += [e.id for e in self.fb.entities.values() if e.chip == subject and e.kind in ("system", "pod")]
        named = [m for m in s.mentions if m.entity == subject and m.end <= at]
        gap = s.text[named[-1].end - s.start:at - s.start] if named else ""
        if named and named[-1].end <= seg.lead_end:
            gap = re.sub(r"^[^:]*:", "", gap, count=1)  # "**MI355X:** 8 TB/s ..., on a 5 nm process": the lead's colon
        brk = _STRONG_BREAK.search(gap) if how == "sentence" and named else None
        if brk and any(named[-1].end + brk.end() <= c.start < at for c in s.cue("ANAPH:chip")):
            brk = None  # "Auch die MI355X kommt auf 288 GB; gefertigt werden ihre Chiplets im 5-nm-Verfahren"
        if brk:
            # "If your models fit on GB200, ...; if they do not, 288 GB per GPU ...": a name across a
            # semicolon or dash is a guess too; the article's topic may be what the figure is about
            how = "across"
            if self.topic:
                out += [self.topic, self.fb.chip_of(self.topic) or self.topic]
        if how not in ("sentence", "table"):
            out += self.memory.all(seg.block, seg.start + at) + self.memory.all_compared(seg.block, seg.start + at)
            for block in (seg.intro, seg.heading):
                if block >= 0:
                    out += self.memory.all(block)
            if seg.intro >= 0 and seg.heading >= 0:
                intro = next((e for e in self.memory.all(seg.intro) if self._is_hardware(e)), None)
                if intro and self._heading_over_intro(intro, seg.heading, self._is_hardware) == subject:
                    # "## MI325X" + "reuses the MI300X silicon ...:" + "- Bandwidth: 5.3 TB/s": the intro's
                    # predecessor is the list's reference point, not a possible owner of its figures
                    out = [e for e in out if e != intro]
            if scope != "chip" and not any(_CHIP_NOUN.search(c_text) for c_text in _cue_texts(s, "ANAPH:chip")):
                ent = self.fb.entities.get(subject)
                out += [e.id for e in self.fb.entities.values() if e.chip == subject]
                if ent and ent.chip:
                    out.append(ent.chip)
        elif scope != "chip" and any(m.entity == subject and _SYSTEM_AFTER.match(s.text, m.end - s.start)
                                     for m in s.mentions):
            # "Trn2-Instanzen (bis zu 20,8 Petaflops ...)": the chip's name for the systems built from it
            out += [e.id for e in self.fb.entities.values() if e.chip == subject]
        if scope == "chip":  # "each chip gets 1.5 TB", "640 GB per GPU": a system's total is the mistake
            out = [e for e in out if self.kind(e) not in ("system", "instance", "pod")]
        seen, uniq = {subject}, []
        for e in out:
            if e not in seen and self._is_hardware(e):
                seen.add(e)
                uniq.append(e)
        return tuple(uniq)

    def _money_claim(self, seg: Segment, s: _Sentence, q: Quantity) -> Claim | None:
        """"Amazon has invested $8 billion in Anthropic", "bought Annapurna Labs for $350 million".

        A sum of money is a claim only with a word saying what it is and an entity the fact base
        has that kind of sum for; any other price (a GPU server, a model's training bill) is not.
        """
        if _nearest_label(s, "ATTR:investment", q.start, q.end, 80, exact=True):
            attribute = "investment"
        elif _nearest_label(s, "ACQ", q.start, q.end, 80, exact=True):
            attribute = "acquisition_price"
        elif _PER_CHIP_HOUR.match(s.text, q.end - s.start):
            return self._chip_hour_price(seg, s, q)
        else:
            return self._instance_price(seg, s, q)
        with_facts = [m for m in s.mentions if self.fb.about(m.entity, attribute)]
        if not with_facts:
            return None
        subject = min(with_facts, key=lambda m: abs(m.start - q.start))
        versus = None
        scope = None
        if attribute == "investment":
            targets = {f.q.versus for f in self.fb.about(subject.entity, attribute)}
            # "Project Rainier ... for Anthropic, in which Amazon has invested $8 billion": the nearest target
            aimed = [m for m in s.mentions if m.entity in targets]
            versus = min(aimed, key=lambda m: abs(m.start - q.start)).entity if aimed else None
            prev = s.memo.get("previous")
            if versus is None and prev is not None and _THE_STARTUP.search(s.text):
                # "Anthropic soll ... kommen. Amazon hat in das Start-up bislang 4 Milliarden Dollar gesteckt."
                named = {m.entity for m in prev.mentions if m.entity in targets and self.kind(m.entity) == "organisation"}
                versus = named.pop() if len(named) == 1 else None
            if versus is None:
                return None
            rel = q.start - s.start
            if _CUMULATIVE.search(s.text[max(0, rel - 40):rel]) or (
                    _PERFECT_INVESTED.search(s.text) and not _FURTHER.search(s.text, max(0, rel - 25), rel)):
                # "bislang 4 Milliarden", "a total stake of $8 billion", "in which Amazon has invested $4 billion"
                # (not "has invested another $4 billion"): the running total
                scope = "cumulative"
        until = _STATED_UNTIL.search(s.text[q.end - s.start:q.end - s.start + 40])
        return Claim(entity=subject.entity, attribute=attribute, start=seg.start + q.start, end=seg.start + q.end,
                     text=q.text, quantity=q, versus=versus, scope=scope, sentence=s.text.strip(),
                     subject_text=subject.text, as_of=dt.date(int(until.group(1)), 12, 31) if until else None)

    def _named_chips(self, s: _Sentence, q: Quantity) -> bool:
        """"a p5.48xlarge with eight H100s", "mit 16 Trainium2": a number right before a chip's name counts it
        (not "je vier Chips", a per-server count; not "2 Trainium3" in a list of versions)."""
        rel_start = q.start - s.start
        if q.value < 1 or q.value != int(q.value):
            return False
        if _EACH.search(s.text[max(0, rel_start - 10):rel_start]):
            # "in Trn2 UltraServern mit je 64 Trainium2": each of the named systems; "36 Servern mit je vier" is not
            owner = [m for m in s.mentions if m.end <= q.start and self.kind(m.entity) in ("system", "pod", "instance")]
            if not owner or not re.fullmatch(r"\s*(?:mit|with)\s+(?:je|jeweils)?\s*", s.text[owner[-1].end - s.start:rel_start]):
                return False
        nxt = next((m for m in s.mentions if m.start >= q.end), None)
        return bool(nxt is not None and self.kind(nxt.entity) == "chip"
                    and re.fullmatch(r"\s", s.text[q.end - s.start:nxt.start - s.start])
                    and not re.match(r"[\w-]", s.text[nxt.end - s.start:nxt.end - s.start + 1].replace("s", "", 1))
                    and not _SYSTEM_AFTER.match(s.text, nxt.end - s.start)  # "four trn2 instances"
                    and not re.match(r"(?:[\s-]*[\w-]+){0,2}?\s*(?:each|jeweils|apiece)\b", s.text[nxt.end - s.start:]))

    def _equal_claims(self, seg: Segment, s: _Sentence) -> Iterable[Claim]:
        """"the same per-GPU bandwidth as the B200", "liegt gleichauf mit dem GB300 NVL72", "at 671 TFLOPS it is
        essentially where Trainium2 was": a ratio of about one, with what is measured written in the sentence."""
        if s.cue("REPORTED"):
            return
        for c in s.cue("EQUAL"):
            if _MULTIPLE_BEFORE.search(s.text, max(0, c.start - s.start - 20), c.start - s.start):
                continue  # "four times as much as", "doppelt so viel wie": a multiple, not sameness
            if _SAME_THING.match(s.text, c.end - s.start):
                continue  # "The same foundry builds the MI355X", "derselbe Prozess": sameness of a thing, no measure
            if any(0 <= f.start - c.end <= 3 for f in s.memo.get("quantities", ())):
                continue  # "inside the same 700 W envelope": the figure itself is the claim

            measured = (_nearest_label(s, "ATTR:", c.start, c.end, CUE_WINDOW) or _nearest_label(s, "PREC:", c.start, c.end, CUE_WINDOW)
                        or s.memo.get("families", set()) & {"memory", "rate", "compute"})
            if not measured:
                continue  # "the same chip", "dieselbe Architektur": not a measure
            q = Quantity(c.start, c.end, s.text[c.start - s.start:c.end - s.start], 1.0, 0.15, "times", "ratio", "approx")
            claim = self._ratio_claim(seg, s, q, equal=True)
            if claim is not None:
                yield claim

    def _chip_hour_price(self, seg: Segment, s: _Sentence, q: Quantity) -> Claim | None:
        """"On-Demand H100-Instanzen kamen auf 3-4 Dollar pro GPU-Stunde": the chip's price per hour,
        which an instance's on-demand price over its chip count may check (HW109)."""
        if q.value >= 1000 or _NOT_ON_DEMAND.search(s.text):
            return None
        chips = [m for m in s.mentions if m.end <= q.start and self._is_hardware(m.entity)]
        if not chips:
            return None
        chip = self._chip(chips[-1].entity)
        if self.kind(chip) != "chip":
            return None
        return Claim(entity=chip, attribute="price_per_chip_hour", start=seg.start + q.start,
                     end=seg.start + q.end, text=q.text, quantity=q, sentence=s.text.strip(),
                     subject_text=chips[-1].text)

    def _instance_price(self, seg: Segment, s: _Sentence, q: Quantity) -> Claim | None:
        """"Eine p5.48xlarge mit acht H100 liegt bei 98,32 US-Dollar", "trn1.2xlarge ~$1.10": a sum
        written after an instance with a list price and no other period is its on-demand price per hour."""
        if q.value >= 1000 or q.range_high is not None:
            return None
        rel_start, rel_end = q.start - s.start, q.end - s.start
        if _OTHER_PERIOD.match(s.text, rel_end) or _NOT_ON_DEMAND.search(s.text) or _BILL.search(s.text):
            return None  # "$71,000 per month", "pro GPU-Stunde", a spot or reserved price, a training bill
        priced = [m for m in s.mentions if m.end <= q.start and self.fb.about(m.entity, "price_per_hour")]
        if not s.mentions and seg.kind == "table_cell" and seg.row_header >= 0 and s.cue("ATTR:price_per_hour"):
            # "| `trn1.32xlarge` | 16 × Trainium | $24.78 |" under "Price per hour": the row's instance
            row = [e for e in self.memory.all(seg.row_header) if self.fb.about(e, "price_per_hour")]
            if len(set(row)) == 1:
                price = replace(q, unit=f"{q.unit} / hour", family="price")
                return Claim(entity=row[0], attribute="price_per_hour", start=seg.start + q.start,
                             end=seg.start + q.end, text=q.text, quantity=price, sentence=s.text.strip(),
                             subject_text=self.fb.entities[row[0]].name, subject_how="table")
        if not priced or any(priced[-1].end < m.start and m.end <= q.start and self.kind(m.entity) == "instance"
                             for m in s.mentions):
            return None
        if q.start - priced[-1].end > 60 or _PRICE_BREAK.search(s.text[priced[-1].end - s.start:rel_start]):
            return None
        subject = priced[-1]
        price = replace(q, unit=f"{q.unit} / hour", family="price")
        return Claim(entity=subject.entity, attribute="price_per_hour", start=seg.start + q.start,
                     end=seg.start + q.end, text=q.text, quantity=price, sentence=s.text.strip(),
                     subject_text=subject.text)

    def _dated_names(self, seg: Segment, s: _Sentence) -> Iterable[Claim]:
        """"Trainium2 (2024): ...", "## Trainium3 (Dezember 2025)": a year in brackets after the name that
        opens a heading, list item or paragraph is when the chip came (announced or launched)."""
        for m in s.mentions:
            if m.start - seg.start > 40 and seg.kind != "heading" or m.start - s.start > 40:
                continue
            d = _DATED_NAME.match(s.text, m.end - s.start)
            if d is None or not (self.fb.about(m.entity, "announced") or self.fb.about(m.entity, "available")):
                continue
            if seg.kind not in ("heading", "list_item") and not s.text[d.end():].lstrip(" *").startswith(":"):
                continue  # in running text "H100 (2022)" may be anything; as a lead it dates the chip
            year = d.start("year")
            at, period = period_before(s.text, year, int(d.group("year")))
            at = max(at, d.start() + 1)
            yield Claim(entity=m.entity, attribute="announced", start=seg.start + s.start + at,
                        end=seg.start + s.start + d.end("year"), text=s.text[at:d.end("year")],
                        value_text=period.encode(), sentence=s.text.strip(), subject_text=m.text, scope="presented")

    def _date_claims(self, seg: Segment, s: _Sentence) -> Iterable[Claim]:
        """"Amazon bought Annapurna Labs in 2015", "Trainium2 wurde 2023 vorgestellt", "launched on April 9,
        2024": a year (with the month or part of the year written before it) next to a word for acquired,
        announced or available, about an entity with that date in the fact base: named in the sentence,
        or for "the chip was announced ..." the one in context."""
        cues = [c for c in s.cues if c.label in ("ACQ", "ATTR:announced", "ATTR:available")
                and not s.text.startswith(("-up", "-Up", "up"), c.end - s.start)]  # "Start-up" is no start
        if not cues:
            return
        years = list(_YEAR.finditer(s.text))
        presenting = {c.start for c in s.cue("PRESENTED")}
        orgs = {x.entity for x in s.mentions if self.kind(x.entity) == "organisation"}
        # (start, end, where its words begin, the period): years, then days written without a year
        # ("announced on November 12": the last such day on or before the article's date, see HW106)
        dates = [(m.start(), m.end(), *period_before(s.text, m.start(), int(m.group()))) for m in years]
        if not years:
            dates = [(m.start(), m.end(), m.start(), _yearless(m)) for m in _YEARLESS_DAY.finditer(s.text)]
            dates = [d for d in dates if d[3] is not None]
        for start, end, at, period in dates:
            a, b = s.start + start, s.start + end
            year_lead = seg.kind == "list_item" and seg.lead_end and s.start + end <= seg.lead_end \
                and not s.text[:at].strip(" *_-\t")  # "- **2021:** Trn1 ist allgemein verfügbar": a timeline's year
            if _DATELINE.search(s.text, 0, start) or s.text.startswith(":", end) and start < 30 and not year_lead:
                continue  # "Update Dezember 2025: ...", "Stand: März 2025": when the text was written
            words = s.start + at  # "December 2024": the date's words start at "December"

            def apart(c, words=words, b=b) -> int:  # a cue across a semicolon or comma belongs to the other clause
                lo, hi = (c.end, words) if c.end <= words else (b, c.start)
                gap = s.text[lo - s.start:hi - s.start]
                return _distance(c, words, b) + (100 if ";" in gap else 30 if "," in gap else 0)

            cue = min(cues, key=apart)
            if _distance(cue, words, b) > 40 and not (len(dates) == 1 and len(cues) == 1 and years):
                continue  # a year far from the word: unless it is the sentence's only year and only date word
            attribute = {"ACQ": "acquired", "ATTR:announced": "announced", "ATTR:available": "available"}[cue.label]
            presented = attribute != "acquired" and cue.start in presenting
            if presented:
                attribute = "announced"  # "launched", "vorgestellt": the announcement or the launch

            def dated(entity: str, attribute=attribute, presented=presented) -> bool:
                return bool(self.fb.about(entity, attribute) or (presented and self.fb.about(entity, "available")))

            counted = [x for x in _counted(s) if self.kind(x.entity) == "chip"]  # "500.000 Trainium3-Chips"
            with_facts = [x for x in s.mentions if dated(x.entity) and x not in counted and not _UNPUNCTUATED_BREAK.search(
                s.text[min(x.end, a) - s.start:max(x.start, b) - s.start])]  # a heading glued to the next line
            table = self._table_entity(seg) if seg.kind == "table_cell" and not with_facts else None
            if table is not None and dated(table):
                # "| Gaudi 3 | ... | 2024 |" under "Start" or "Launch": the row's chip
                subject, subject_text, entity = None, self.fb.entities[table].name, table
            elif with_facts:
                # "Der Trainium2 selbst, der schon das Dreifache der ersten Trainium-Generation bot, war im
                # November 2023 angekündigt worden": a name inside a relative clause is not the date's
                inner = [(r.start() + s.start, r.end() + s.start) for r in _RELATIVE_CLAUSE.finditer(s.text, 0, start)]
                with_facts = [x for x in with_facts if not any(p <= x.start and x.end <= r for p, r in inner)] or with_facts
                before = [x for x in with_facts if x.end <= a]
                subject, subject_text = (before[-1] if before else with_facts[0]), None
            elif not any(self._is_hardware(x.entity) or self.kind(x.entity) in ("project", "person")
                         for x in s.mentions) and (
                    any(c.start < cue.start for c in (*s.cue("ANAPH:chip"), *s.cue("ANAPH:system"),
                                                      *s.cue("ANAPH:project"))) or seg.lead_end or orgs
                    or seg.kind == "list_item" and seg.intro >= 0):
                # "The chip was announced at GTC on ...", "- **Ironwood:** ... Vorgestellt hat Google sie im
                # April 2025": the one in context (with only a maker named, that maker's)
                entity = self._context(seg, fits=dated, at=a)
                if entity is None and s.cue("ANAPH:system") and self.system_before and dated(self.system_before):
                    entity = self.system_before  # "The rack is not new either: Nvidia unveiled it in March 2024"
                elif entity is None and s.cue("ANAPH:chip"):
                    entity = self._section_chip(seg)
                    entity = entity if entity and dated(entity) else None
                if entity is None or not (seg.lead_end or seg.kind == "list_item" or any(c.start < cue.start for c in (
                        *s.cue("ANAPH:chip"), *s.cue("ANAPH:system"), *s.cue("ANAPH:project"))))\
                        and self.fb.entities[entity].vendor not in orgs:
                    continue
                subject, subject_text = None, self.fb.entities[entity].name
            else:
                continue
            yield Claim(entity=subject.entity if subject else entity, attribute=attribute,
                        start=seg.start + s.start + at, end=seg.start + b, text=s.text[at:end],
                        value_text=period.encode(), sentence=s.text.strip(),
                        subject_text=subject.text if subject else subject_text,
                        subject_how="sentence" if subject else "coreference",
                        scope="presented" if presented else None)

    def _investing_since(self, seg: Segment, s: _Sentence) -> Iterable[Claim]:
        """"Amazon has invested $8 billion in Anthropic since 2023", "investierte seit Anfang 2024": the
        date the investor first put money into the company named."""
        if not s.cue("ATTR:investment"):
            return
        for m in _YEAR.finditer(s.text):
            at, period = period_before(s.text, m.start(), int(m.group()))
            if not _SINCE.search(s.text, max(0, at - 8), at):
                continue
            investors = [x for x in s.mentions if x.start < s.start + at and self.fb.about(x.entity, "first_investment")]
            if not investors:
                continue
            investor = investors[-1]
            targets = {f.q.versus for f in self.fb.about(investor.entity, "first_investment")}
            if not any(x.entity in targets for x in s.mentions):
                continue
            yield Claim(entity=investor.entity, attribute="first_investment", start=seg.start + s.start + at,
                        end=seg.start + s.start + m.end(), text=s.text[at:m.end()], value_text=period.encode(),
                        sentence=s.text.strip(), subject_text=investor.text, subject_how="sentence")

    def _took_office(self, seg: Segment, s: _Sentence) -> Iterable[Claim]:
        """"seit er im Juni 2023 übernommen hat", "Garman, CEO since June 2024", "took over in 2024": when a
        person the sentence names as a company's head took office."""
        roles = s.cue("ROLE:")
        people = [m for m in s.mentions if self.kind(m.entity) == "person"]
        if not people and roles and _PERSON_PRONOUN.search(s.text):
            # "AWS-CEO Matt Garman kommt auf die Bühne. Es ist seine zweite Keynote als Chef, seit er ...": him
            prev = s.memo.get("previous")
            before = [m for m in prev.mentions if self.kind(m.entity) == "person"] if prev else []
            if len({m.entity for m in before}) == 1:
                people = [_Mention(s.start, s.start, before[0].entity, before[0].text)]
        if not roles or not people:
            return
        for m in _YEAR.finditer(s.text):
            at, period = period_before(s.text, m.start(), int(m.group()))
            took = _TOOK_OFFICE.search(s.text, max(0, at - 28), at) or _TOOK_OFFICE_AFTER.match(s.text, m.end())
            if not took:
                continue
            a = s.start + at
            person = min(people, key=lambda p: abs(p.start - a))
            if abs(person.start - a) > 120:
                continue
            name = self.fb.entities[person.entity].name
            heads = [e for e in self.fb.entities if self.kind(e) == "organisation"
                     and any(f.value == name and f.fact.valid_from for f in self.fb.about(e, "ceo"))]
            if len(heads) != 1:
                continue
            yield Claim(entity=heads[0], attribute="took_office", start=seg.start + a, end=seg.start + s.start + m.end(),
                        text=s.text[at:m.end()], value_text=period.encode(), versus=person.entity,
                        sentence=s.text.strip(), subject_text=person.text, subject_how="sentence")

    def _attribute(self, s: _Sentence, q: Quantity) -> str | None:
        options = ATTR_BY_FAMILY.get(q.family)
        if not options:
            return None
        if len(options) == 1:
            return options[0]
        allowed = set(options)
        if q.family == "rate":
            allowed |= {"memory_capacity", "bandwidth"}
            if _CAPACITY_AT.search(s.text, max(0, q.start - s.start - 45), q.start - s.start):
                return "memory_bandwidth"  # "32 GB per chip at 1,638 GB/s": the capacity's bandwidth
        cue = _nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW, allowed=allowed)
        if cue == "memory_capacity" and q.family == "rate":
            return "memory_bandwidth"  # "HBM3e at 7.7 TB/s": a rate next to memory is its bandwidth
        if cue and cue != "bandwidth":
            return cue
        if q.family == "rate":
            # "communicates via NeuronLink, which now delivers over 1.6 Tbps of bandwidth": the one kind
            # of link the sentence names before the figure, even beyond the cue window
            kinds = {c.label[5:] for c in s.cues if c.label in _LINK_KINDS and c.end <= q.start}
            if len(kinds) == 1 and not any(c.label in _LINK_KINDS for c in s.cues if c.start >= q.end):
                return kinds.pop()
        if cue:
            return cue
        if q.family == "memory":
            return "memory_capacity"
        return "bandwidth"  # a rate with no word saying which: any bandwidth fact may verify it

    def _subject(self, seg: Segment, s: _Sentence, at: int, attribute: str,
                 anaphora: bool = True) -> tuple[str | None, str, str]:
        fits = self._fits(attribute)
        if seg.kind == "table_cell":
            for block, how in ((seg.block, "table"), (seg.row_header, "table"), (seg.col_header, "table")):
                ent = next((e for e in self.memory.all(block) if fits(e)), None)
                if ent:
                    return ent, how, self.fb.entities[ent].name
        m = next((m for m in reversed(s.mentions) if m.end <= at), None)
        if m is not None and (s.cue("ANAPH:successor") or s.cue("ANAPH:predecessor")):
            # "Der Nachfolger des ersten Inferentia hat 32 GB", "the successor of the H100 carries 141 GB"
            link = next((lk for label, lk in (("ANAPH:successor", "successor"), ("ANAPH:predecessor", "predecessor"))
                         for c in s.cue(label) if c.end <= m.start
                         and _LINK_OF.fullmatch(s.text, c.end - s.start, m.start - s.start)
                         or m.end <= c.start <= at and _LINK_AFTER.fullmatch(s.text, m.end - s.start, c.start - s.start)),
                        None)
            other = getattr(self.fb.entities.get(m.entity), link, None) if link else None
            if other and fits(other) and not any(c.end <= at and c.start >= m.end for c in s.cue("CMP")):
                return other, "coreference", m.text
        compared = _compared(s)
        counted = _counted(s)
        candidates = [m for m in s.mentions if fits(m.entity) and m not in compared and m not in counted]
        candidates = _without_predicates(s, candidates)
        owner = next((m for m in s.mentions if m.start >= at and fits(m.entity)), None)
        if owner is not None:
            gap = (_end_of_number(s.text, at - s.start), owner.start - s.start)
        if owner is not None and any(p.fullmatch(s.text, *gap) for p in (_OBJECT_RELATIVE, _PAREN_OWNER, _PER_OWNER)):
            # "the 900 GB/s that Hopper's NVLink 4 provided", "300 GB/s (NVLink 2)", "1,287 TFLOPS per Trainium2"
            return owner.entity, "sentence", owner.text
        near = [m for m in s.mentions if fits(m.entity) and m.end <= at and m not in counted]
        if near and _RELATIVE.match(s.text[near[-1].end - s.start:at - s.start]):
            m = near[-1]  # "Im Vergleich zum Trn2 UltraServer, der bei 20,8 PFLOPS lag": the relative clause's own
            return m.entity, "sentence", m.text
        if anaphora and near and near[-1] in compared and at - near[-1].end <= 16 \
                and not _TO_AFTER.match(s.text, near[-1].end - s.start) \
                and not re.search(r"[,;:–—()]|\b(?:und|and|sowie)\b", s.text[near[-1].end - s.start:at - s.start]):
            m = near[-1]  # "than the H100's 80 GB", "als die H100 mit ihren 3,35 TB/s": the compared one's own figure
            return m.entity, "sentence", m.text
        each_of = [m for m in counted if m.end <= at and fits(m.entity) and self.kind(m.entity) == "chip"
                   and _EACH_WITH.match(s.text, m.end - s.start, at - s.start)]
        if each_of and not any(m.end <= at and m.start >= each_of[-1].end for m in s.mentions):
            m = each_of[-1]  # "Acht H100 SXM mit je 80 GB Speicher und 3,35 TB/s": each counted chip's figure
            return m.entity, "sentence", m.text
        before = [m for m in candidates if m.end <= at]
        if before and self.kind(before[-1].entity) == "chip" and any(
                before[-1].end <= c.start and c.end <= at for c in s.cue("ANAPH:system")):
            # "Blackwell Ultra ... brings 186 GB per GPU, and the rack adds up to 1.1 exaFLOPS": the rack's
            ctx = self._context(seg, fits=lambda e: self.kind(e) in ("system", "pod") and fits(e), at=at)
            if ctx:
                return ctx, "coreference", self.fb.entities[ctx].name
        if len(before) > 1:
            # "The MI355X matches Blackwell Ultra on capacity, and AMD builds its compute dies on TSMC's 5 nm node":
            # a maker named after the last chip speaks of its own chip
            makers = {o.entity for o in s.mentions if before[-1].end <= o.start and o.end <= at
                      and self.kind(o.entity) == "organisation"}
            own = [m for m in before if self.fb.entities[m.entity].vendor in makers] if makers else []
            if own and self.fb.entities[before[-1].entity].vendor not in makers:
                return own[-1].entity, "sentence", own[-1].text
        if before:
            m = before[-1]
            return m.entity, "sentence", m.text
        if anaphora:
            for label, link in (("ANAPH:predecessor", "predecessor"), ("ANAPH:successor", "successor"),
                                ("ANAPH:first", "first")):
                cue = [c for c in s.cue(label) if c.end <= at and not _is_reference(s, c)]
                if cue and any(cue[-1].end <= c.start and c.end <= at for c in s.cue("ANAPH:chip")):
                    cue = []  # "four times as much as the older chip, and its 2.9 TB/s": "its" is nearer
                if cue:
                    other = self._relative(seg, s, cue[-1], link)
                    if other:
                        self.memory.add(seg.block, other, seg.start + cue[-1].start, inferred=True)
                        return other, "coreference", s.text[cue[-1].start - s.start:cue[-1].end - s.start]
        if seg.lead_end and s.start < seg.lead_end:
            lead = [m for m in candidates if m.end <= seg.lead_end]
            if lead:
                return lead[0].entity, "lead", lead[0].text
        after = [m for m in candidates if m.start >= at]
        if after and any(c.end <= at for c in s.cue("ANAPH:chip")) and not any(m.end <= at for m in s.mentions
                                                                                if self._is_hardware(m.entity)):
            # "The newer part carries 144 GB ..., about 1.7x what Trainium2 offered": the part in context
            ctx = self._paragraph_topic(seg, at) or self._context(seg, fits=fits, at=at) or self._section_chip(seg)
            if ctx and fits(ctx):
                return ctx, "coreference", self.fb.entities[ctx].name
        if after and _CLAUSE_BREAK.search(s.text[at - s.start:after[0].start - s.start]) \
                and not any(c.end <= at for c in s.cue("ANAPH:chip")):
            # "bis zu 9.216 Chips, bei Trillium waren es noch 512": a name in a later clause is that
            # clause's subject; the value's own is the one in context, if there is one
            ctx = self._context(seg, fits=fits, at=at)
            if ctx:
                return ctx, "coreference", self.fb.entities[ctx].name
        if after:
            return after[0].entity, "sentence", after[0].text
        if not s.cue("ANAPH:chip") and attribute != "site_area" and any(
                m not in counted and m not in compared and self._is_hardware(m.entity) for m in s.mentions):
            return None, "", ""  # the sentence names other hardware (a vendor or a link does not count): do not guess
        system = [c for c in s.cue("ANAPH:system") if c.end <= at]
        if system:
            ctx = self._context(seg, fits=lambda e: self.kind(e) in ("system", "pod", "instance") and fits(e),
                                at=system[-1].start)
            if ctx is None and self.system_before and fits(self.system_before):
                # "## UltraServer math" + "Per UltraServer, AWS quotes 362 PFLOPS": the one the article last
                # named, when the word names its kind
                word = s.text[system[-1].start - s.start:system[-1].end - s.start].split()[-1].lower()
                ent = self.fb.entities[self.system_before]
                if word in ent.name.lower() or (word, ent.kind) in _KIND_WORDS:
                    ctx = self.system_before
            if ctx:
                return ctx, "coreference", self.fb.entities[ctx].name
        if _BOTH.match(s.text):
            # "### Q: H100 or H200?" + "Both are rated at 3,958 TFLOPS": the first of the two named before
            prev = s.memo.get("previous")
            named = ([m.entity for m in prev.mentions] if prev is not None
                     else self.memory.all(seg.block, seg.start + at) or self.memory.all(seg.heading))
            pair = list(dict.fromkeys(e for e in named if fits(e) and self.kind(e) == "chip"))
            if len(pair) >= 2:
                return pair[0], "coreference", self.fb.entities[pair[0]].name
        ctx = self._context(seg, fits=fits, at=at)
        if ctx:
            return ctx, "coreference", self.fb.entities[ctx].name
        if attribute in ("site_area", "building_count") and self.last_project:
            return self.last_project, "coreference", self.fb.entities[self.last_project].name
        if s.cue("SCOPE:chip") or any(c.end <= at for c in s.cue("ANAPH:chip")):
            # "## The instance" + "We landed on trn2.48xlarge ..." + "Per chip, AWS lists 667 TFLOPS": the chip
            # an earlier paragraph of the section was about
            ctx = self._section_chip(seg) or self._main_chip()
            if ctx and fits(ctx):
                return ctx, "coreference", self.fb.entities[ctx].name
        return None, "", ""

    def _like_for_like(self, seg: Segment, subject: str, versus: str, at: int) -> str:
        """A ratio compares like with like: "4.4 times the compute of a Trn2 UltraServer" said of
        Trainium3 (from context) is about the Trainium3 system of that kind, the one in context or
        the one the fact base compares with it."""
        kind = self.kind(versus)
        if self.kind(subject) == "chip" and self.fb.chip_of(versus) == subject:
            # "4.4 times the compute of the Trn2 UltraServer" after a sentence naming Trainium2: the system in context
            ctx = self._context(seg, fits=lambda e: self.kind(e) == kind and e != versus, at=at) or self.system_before
            if ctx and ctx != versus and self.kind(ctx) == kind:
                return ctx
        if kind == "chip" and self.kind(subject) in ("system", "pod", "instance"):
            return self.fb.chip_of(subject) or subject  # a rack against a chip: its chip
        if self.kind(subject) == kind or self.kind(subject) != "chip":
            return subject
        built = [e.id for e in self.fb.entities.values() if e.chip == subject and e.kind == kind and e.id != versus]
        seen = set(self.memory.all(seg.block, seg.start + at))
        for block in (seg.intro, seg.heading):
            if block >= 0:
                seen.update(self.memory.all(block))
        ranked = ([e for e in built if e in seen]
                  + [e for e in built if any(f.q.versus == versus for f in self.fb.about(e, "ratio"))])
        if ranked:
            return ranked[0]
        return built[0] if len(built) == 1 else subject

    def _predecessors(self, entity: str) -> list[str]:
        """The entity's predecessor, its predecessor's predecessor, and so on (the fact base refuses
        references to unknown entities)."""
        out, ent = [], self.fb.entities.get(entity)
        while ent is not None and ent.predecessor and ent.predecessor != entity and ent.predecessor not in out:
            out.append(ent.predecessor)
            ent = self.fb.entities[ent.predecessor]
        return out

    def _first(self, entity: str) -> str | None:
        """The first generation of an entity's line: its predecessors' predecessor, and so on."""
        line = self._predecessors(entity)
        return line[-1] if line else None

    def _relative(self, seg: Segment, s: _Sentence, cue: _Cue, link: str) -> str | None:
        """What "the successor"/"der Vorgänger" means: the successor (predecessor) of the entity in
        context, unless the sentence names that entity's own predecessor (successor), as in
        "## Lohnt sich Trainium3?" + "der Nachfolger bietet ... dieselbe Leistung wie Trainium2":
        then the entity in context is the successor itself."""
        ctx = self._context(seg, at=cue.start, named=True)
        ent = self.fb.entities.get(ctx) if ctx else None
        if ent is None:
            return None
        if link == "first":
            return self._first(ctx)
        back = _OPPOSITE[link]
        named = {m.entity for m in s.mentions}
        if getattr(ent, back) and getattr(ent, back) in named:
            return ctx
        return getattr(ent, link)

    def _paired_subject(self, seg: Segment, s: _Sentence, q: Quantity) -> tuple[str, str, str] | None:
        """"(144 GB vs. 128 GB)" under a heading "Trainium3 vs. TPU v5": values pair with entities in order."""
        cmp = s.cue("CMP")
        if not cmp:
            return None
        if any(self._is_hardware(m.entity) for m in s.mentions):
            return None
        for block in (seg.block, seg.intro, seg.heading):
            if block < 0:
                continue
            pair = self.memory.all(block)[:1] + self.memory.all_compared(block)[:1]
            if len(pair) == 2 and all(self._is_hardware(e) for e in pair):
                second = any(c.end <= q.start and q.start - c.end <= 4 for c in cmp)
                first = any(c.start >= q.end and c.start - q.end <= 4 for c in cmp)
                if second or first:
                    ent = pair[1] if second else pair[0]
                    return ent, "heading", self.fb.entities[ent].name
        return None

    def _context(self, seg: Segment, fits=None, fits_any: bool = False, at: int | None = None,
                 named: bool = False) -> str | None:
        """The entity a sentence without one is about: named earlier in the block, else the list's
        intro, the section heading or the article's topic. Never one named only later."""
        fits = fits or (lambda e: self._is_hardware(e))
        before = seg.start + at if at is not None else None
        if seg.lead_end:
            ent = next((e for e in self.memory.all(seg.block, before, named) if fits(e)), None)
            if ent:
                return ent
        for block in (seg.block, seg.intro, seg.heading):
            if block < 0:
                continue
            seen = [e for e in self.memory.all(block, before if block == seg.block else None, named) if fits(e)]
            if block == seg.block and seen:
                return seen[-1]
            if seen and (len(set(seen)) == 1 or block == seg.intro):
                if block == seg.intro and seg.heading >= 0:
                    own = self._heading_over_intro(seen[0], seg.heading, fits)
                    if own:
                        return own
                return seen[0]  # a list's intro paragraph: its first-named entity is the topic
        if self.topic and fits(self.topic):
            return self.topic
        return None

    def _heading_over_intro(self, intro: str, heading: int, fits) -> str | None:
        """"## NVIDIA B200" + "The first Blackwell part, ...:" + "- Memory: 192 GB": the list is about the
        heading's one entity when the intro names only its family or its predecessor ("## MI325X" +
        "reuses the MI300X compute silicon ...")."""
        named = list(dict.fromkeys(e for e in self.memory.all(heading) if fits(e)))
        if len(named) != 1 or named[0] == intro:
            return None
        own = named[0]
        chip = self._chip(own)
        ent = self.fb.entities[intro]
        if ent.kind == "family" and (own in ent.members or chip in ent.members):
            return own
        if intro in (self.fb.entities[own].predecessor, self.fb.entities[chip].predecessor):
            return own
        return None

    def _paragraph_topic(self, seg: Segment, at: int) -> str | None:
        """The chip the paragraph has named most so far, when one clearly leads ("Trainium3 ... Trainium3
        ... only with Trainium4 ... The part is built on 5 nm")."""
        counts: dict[str, int] = {}
        for e in self.memory.all(seg.block, seg.start + at, named=True):
            if self.kind(e) == "chip":
                counts[e] = counts.get(e, 0) + 1
        return _clear_leader(counts)

    def _article_chip(self) -> str | None:
        """The chip the article is about: the one named most, else the first one named."""
        return self._main_chip() or next(iter(self.chip_mentions), None)

    def _main_chip(self) -> str | None:
        """The chip the article has named most so far, when one clearly leads ("der neue Chip" in a
        section whose heading and paragraphs name none)."""
        return _clear_leader(self.chip_mentions)

    def _section_chip(self, seg: Segment) -> str | None:
        """The chip an earlier paragraph of the section was about: of the chips it named, the newest
        (not the predecessor of another one); "the new part" after "Trainium3 ... its predecessor, Trainium2"."""
        for block in reversed([b for b in self.paragraphs.get(seg.heading, []) if b < seg.block]):
            chips = list(dict.fromkeys(self._chip(e) for e in self.memory.all(block, named=True)
                                       if self._is_hardware(e)))
            chips = [e for e in chips if self.kind(e) == "chip"]
            if chips:
                newest = [e for e in chips if not any(self.fb.entities[o].predecessor == e for o in chips)]
                return (newest or chips)[0]
        return None

    def _fits(self, attribute: str):
        def fits(entity: str) -> bool:
            kind = self.kind(entity)
            if attribute == "chip_count":
                return kind in HARDWARE_KINDS or kind == "project"
            if attribute in ("server_count", "cpu_count"):
                return kind in ("system", "pod", "instance")  # "Ein UltraServer verbindet vier Instanzen"
            if attribute in ("interconnect_bandwidth", "bandwidth"):
                return kind in HARDWARE_KINDS or kind == "interconnect"
            if attribute in ("site_area", "building_count"):
                return kind == "project"  # "das Areal umfasst 1.200 Hektar": the campus in context
            if attribute in ("price_per_hour", "host_memory", "vcpus"):
                return kind in ("instance", "system")  # "On demand zahlen wir 98,32 US-Dollar": for the instance
            return kind in HARDWARE_KINDS

        return fits

    def _ratio_claim(self, seg: Segment, s: _Sentence, q: Quantity, equal: bool = False) -> Claim | None:
        if _QUESTION.search(s.text) or any(m.start() <= q.start - s.start < m.end() for m in _QUOTED.finditer(s.text)):
            return None  # 'Is Trainium3 really "four times the memory"?', 'The "4x" numbers refer to ...': not asserted
        if not equal and q.unit != "percent":
            own = self._figures_ratio(seg, s, q)
            if own is not None:
                return own
        if _AS_MANY_AFTER.match(s.text, q.end - s.start):
            return None  # "Zehnmal so viele wie bei der Vorgängergeneration", "ten times as many": a count, not compute
        value, high = q.value, None
        kind = _WORKLOAD_KIND.match(s.text, q.end - s.start)
        workload = next((k for k, v in kind.groupdict().items() if v), None) if kind else None
        if workload == "throughput" and any(q.end <= c.start and c.end <= s.start + kind.end() for c in s.cue("PREC:")):
            workload = None  # "twice its FP8 throughput": compute at a precision
        if workload and _BENCHMARK.search(s.text):
            return None  # "3x the throughput on Llama 2 70B in our tests": a measurement, not the vendor's claim
        said_precision = None  # the precision of the figure a "that is twice ..." refers to
        if q.unit == "percent":
            if q.range_high is not None and not workload:
                return None
            more = _nearest_label(s, "MORE", q.start, q.end, 40, exact=True)
            less = _nearest_label(s, "LESS", q.start, q.end, 40, exact=True)
            if more is None and less is None:
                return None
            sign = 1 if more is not None else -1
            if more is not None and less is not None:  # "2,3-fach höheren Durchsatz und 70% niedrigere Kosten"
                near = min((c for c in s.cues if c.label in ("MORE", "LESS")), key=lambda c: _distance(c, q.start, q.end))
                sign = 1 if near.label == "MORE" else -1
            value = 1 + sign * value
            if q.range_high is not None:  # "30-40% better price performance": 1.3 to 1.4
                value, high = sorted((value, 1 + sign * q.range_high))
            elif not equal:
                # "4,8 TB/s statt 3,35 TB/s. Das entspricht einem Bandbreitenplus von rund 60 Prozent": the figures
                own = self._figures_ratio(seg, s, Quantity(q.start, q.end, q.text, value, q.resolution, "times",
                                                           "ratio", q.qualifier))
                if own is not None:
                    return own
        elif workload in _LOWER_BETTER and _nearest_label(s, "LESS", q.start, q.end, 30, exact=True):
            value = 1 / value if value else value  # "10-fach niedrigere Latenz": a tenth of the latency
        elif q.range_high is not None:
            return None
        elif q.value == 0.5 and q.text.lower() in ("half", "hälfte", "halb"):
            before = s.text[:q.start - s.start]
            if _HALF_OF_YEAR.search(before) or re.match(r"\s*(?:of\s+)?(?:the\s+)?(?:year|\d{4}|des Jahres)",
                                                         s.text[q.end - s.start:]):
                return None  # "the first half of 2025", "in der zweiten Hälfte des Jahres"
            if re.search(r"\b(?:by|um)\s+(?:die\s+)?$", before):
                # "legt um die Hälfte zu": grows by half; "um die Hälfte gesenkt": cut to half
                less = _nearest_label(s, "LESS", q.start, q.end, 40, exact=True)
                value = 0.5 if less is not None else 1.5
        metric = _nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW,
                                allowed={"compute", "memory_capacity", "memory_bandwidth", "efficiency",
                                         "interconnect_bandwidth", "network_bandwidth", "price_per_hour",
                                         "bandwidth"}, next_clause=False)
        prec_near = [c for c in s.cue("PREC:") if _distance(c, q.start, q.end) <= 15]
        if metric is not None and prec_near and metric != "compute" and not any(
                c.label.startswith("ATTR:") and _distance(c, q.start, q.end) <= 15 for c in s.cues):
            metric = "compute"  # "bei FP8 das Zehnfache einer TPU v5p und 192 GB HBM": the precision is nearer
        figure = next((f for f in reversed(s.memo.get("quantities", [])) if f.end <= q.start
                       and f.family in ("memory", "rate", "compute")
                       and re.fullmatch(r"[\s\w]{0,12},?\s*(?:um\s+|also\s+|und\s+damit\s+|or\s+|i\.\s?e\.\s+)?",
                                        s.text[f.end - s.start:q.start - s.start])), None)
        if figure is not None and not _nearest_label(s, "ATTR:", q.start, q.end, 15):
            # "bringt 288 GB mit, um 50 Prozent mehr als die MI300X": the figure just written is what is compared
            metric = {"memory": "memory_capacity", "rate": "memory_bandwidth", "compute": "compute"}[figure.family]
            if metric == "memory_bandwidth" and any(self.kind(m.entity) == "interconnect" for m in s.mentions
                                                    if m.end <= figure.start):
                metric = "interconnect_bandwidth"  # "NeuronLink-v4 runs at 2.56 TB/s, double what Trainium2 gets"
        if any(0 <= c.start - q.end <= 20 and _AS_MANY.fullmatch(s.text, q.end - s.start, c.start - s.start)
               for c in s.cue("CHIPNOUN")):
            metric = "chip_count"  # "doppelt so viele Beschleuniger wie ein NVL72-Rack", "twice as many chips"
        if metric == "bandwidth":
            metric = "memory_bandwidth"  # "46 Prozent mehr Bandbreite als die H100": chips are compared on HBM
        if metric is None and s.cue("PREC:"):
            metric = "compute"  # "Bei FP8 bleibt es beim Stand der B200": a precision is said of compute
        if metric is None and _COMPUTE_VERB.search(s.text[:q.start - s.start]):
            metric = "compute"  # "Trillium schafft damit das 4,7-Fache der v5e": what a chip achieves is its compute
        if metric is None:
            # "Against the B200 with its 180 GB, the gain is 50%": what the sentence measures
            measured = s.memo.get("families", set()) & {"memory", "rate", "compute"}
            prev = s.memo.get("previous")
            last = prev.memo.get("last") if prev is not None else None
            if not measured and last is not None and last.family in ("memory", "rate", "compute") \
                    and _THAT_IS.match(s.text):
                # "AWS rates it at 2.52 PFLOPS of dense FP8. That is twice what Trainium2 manages": the figure just said
                measured = {last.family}
                if last.family == "compute":
                    labels = [c.label[5:] for c in prev.cues if c.label.startswith("PREC:") and c.start < last.end + 20]
                    said_precision = labels[-1] if labels else None
            if not measured and prev is not None:
                # "... 60 Prozent mehr Speicher als die B200. Gegenüber der MI300X legt AMD um die Hälfte zu."
                labels = {c.label for c in prev.cues} & {"ATTR:memory_capacity", "ATTR:memory_bandwidth",
                                                          "ATTR:compute"}
                measured = prev.memo.get("families", set()) & {"memory", "rate", "compute"}
                if len(labels) == 1:
                    measured = {{"ATTR:memory_capacity": "memory", "ATTR:memory_bandwidth": "rate",
                                 "ATTR:compute": "compute"}[labels.pop()]}
            metric = {"memory": "memory_capacity", "rate": "memory_bandwidth"}.get(
                measured.pop() if len(measured) == 1 else "", "compute")
        if workload:
            metric = workload  # "2,3-fach höheren Durchsatz", "70% lower cost per inference": a vendor's workload claim
        if metric == "efficiency":
            near = [c for c in s.cue("ATTR:efficiency") if _distance(c, q.start, q.end) <= CUE_WINDOW]
            word = s.text[near[0].start - s.start:near[0].end - s.start] if near else ""
            if not near or not _ENERGY.search(word) or _PRICE_WORD.search(word):
                return None  # price-performance and cost ratios are not in the fact base; energy efficiency is
        if metric == "price_per_hour":
            return None
        rel = q.end - s.start
        if not workload and _WORKLOAD_METRIC.match(s.text[rel:rel + 40]) \
                and not _nearest_label(s, "PREC:", q.start, q.end, 30):
            return None  # "4-fach höheren Durchsatz und 10-fach niedrigere Latenz": measured, not specified
        if _SPEEDUP.match(s.text[rel:rel + 30]) and (_WORKLOAD.search(s.text) or not _nearest_label(
                s, "ATTR:", q.start, q.end, CUE_WINDOW) and not _nearest_label(s, "PREC:", q.start, q.end, CUE_WINDOW)):
            # "about 20% faster at high batch sizes in our runs": a measured speed, not a spec ratio
            return None  # "2.5x faster than the H100 on Llama 3 70B inference": a benchmark result, not a spec
        compared = _compared(s)
        precision = said_precision
        lead = len(s.text) - len(s.text.lstrip())
        opening = [c for c in s.cue("CMP") if c.start - s.start <= lead + 3]  # "Im Vergleich zum X, ...": all of it
        versus = next((m.entity for m in compared if self._is_hardware(m.entity) and 0 <= m.start - q.end <= 20),
                      None)  # "roughly 2.5x what Trillium offers": the one the ratio itself names
        versus = versus or next((m.entity for m in compared if self._is_hardware(m.entity) and (
            m.start > q.start - 80 or any(0 <= m.start - c.end <= 6 for c in opening))), None)
        if versus is None:  # "4x the compute of Trainium2" / "das 4-fache des Trainium2"
            versus = next((m.entity for m in s.mentions if m.start > q.end and self._is_hardware(m.entity)
                           and re.search(r"\b(?:of|von|des|der)\b", s.text[max(0, m.start - s.start - 8):m.start - s.start])),
                          None)
        if versus is None and _POSSESSIVE_AFTER.match(s.text, q.end - s.start) and not _RATIO_VERB.match(q.text):
            # "at least 6x the FP4 performance of Trainium3 and twice its FP8 throughput": "its" is the partner's
            prior = [m for m in s.mentions if m.end <= q.start and self._is_hardware(m.entity)]
            versus = prior[-1].entity if prior else None
        if equal:
            if metric == "memory_bandwidth" and any(c.label == "ATTR:interconnect_bandwidth" for c in s.cues):
                metric = "interconnect_bandwidth"  # "NVLink 5 ... the same per-GPU bandwidth as the B200"
            if versus is None:  # "essentially where Trainium2 was", "beim Stand der B200"
                versus = next((m.entity for m in s.mentions if q.end <= m.start <= q.end + 30
                               and self._is_hardware(m.entity)), None)
            if versus is None and any(q.end <= c.start <= q.end + 12 for c in s.cue("ANAPH:system")):
                # "liegt damit gleichauf mit dem UltraServer": the system in context
                versus = self._context(seg, fits=lambda e: self.kind(e) in ("system", "pod", "instance")
                                       and e not in {m.entity for m in s.mentions}, at=q.start)
        subject, how, text = self._subject(seg, s, q.start, metric, anaphora=False)
        if subject is not None and how == "coreference" and self.kind(subject) == "family":
            # "the H200 ... It is the same Hopper silicon ... That gives the newer part 76% more capacity than
            # its predecessor": a comparison is of the family's chip the paragraph named, not of the family
            members = set(self.fb.entities[subject].members)
            named = [e for e in self.memory.all(seg.block, seg.start + q.start) if e in members]
            if named:
                subject, text = named[-1], self.fb.entities[named[-1]].name
        prev = s.memo.get("previous")
        if versus is None and prev is not None and _THAT_IS.match(s.text) \
                and not any(self._is_hardware(m.entity) for m in s.mentions):
            # "The H200 pairs 141 GB with 4.8 TB/s, against 80 GB and 3.35 TB/s on the H100. That is about 1.76
            # times the capacity": the first chip of the sentence before against the one it was set against
            hw = [m for m in prev.mentions if self._is_hardware(m.entity) and m not in _counted(prev)]
            ref = [m for m in _compared(prev) if m in hw]
            first = next((m for m in hw if m not in ref), None)
            other = ref[0] if ref else next((m for m in reversed(hw) if first and m.entity != first.entity), None)
            if first is not None and other is not None and first.entity != other.entity \
                    and self.kind(first.entity) == self.kind(other.entity):
                subject, how, text, versus = first.entity, "coreference", first.text, other.entity
        if subject is None and any(c.end <= q.start for c in s.cue("ANAPH:chip")) \
                and not any(self._is_hardware(m.entity) for m in s.mentions if m.end <= q.start):
            # "AWS says the new part has four times the memory of the older chip": the chip in context
            subject = self._context(seg, fits=lambda e: self.kind(e) == "chip", at=q.start) \
                or self._section_chip(seg) or self._main_chip()
            how, text = "coreference", self.fb.entities[subject].name if subject else ""
        if not equal and versus is not None and subject in (None, versus):
            # "The targets are ambitious: 6x the FP4 performance of Trainium3": what the paragraph is about
            subject = self._context(seg, fits=lambda e: self._is_hardware(e) and e != versus
                                    and self.kind(e) == self.kind(versus), at=q.start)
            asked = [e for e in self.asked_about if e != versus and self.kind(e) == self.kind(versus)]
            if subject is None and len(set(asked)) == 1 and _ANSWER_TURN.match(seg.text):
                subject = asked[0]  # "Q: So what does Trainium4 promise?" "A: Six times the FP4 of Trainium3."
            if subject is None and self.kind(versus) in ("system", "pod") and self.system_before not in (None, versus) \
                    and self.kind(self.system_before) == self.kind(versus):
                # "Die Zahlen zum UltraServer: ..." + "Im Vergleich zum Trn2 UltraServer nennt AWS die 4,4-fache
                # Rechenleistung": the system the article last named
                subject = self.system_before
            how, text = "coreference", self.fb.entities[subject].name if subject else ""
        if equal and versus is not None and subject in (None, versus):
            # "at 671 TFLOPS it is essentially where Trainium2 was": "it" is the chip in context
            subject = self._context(seg, fits=lambda e: self._is_hardware(e) and e != versus, at=q.start)
            how, text = "coreference", self.fb.entities[subject].name if subject else ""
        for label, link in (("ANAPH:successor", "successor"), ("ANAPH:predecessor", "predecessor")):
            cue = [c for c in s.cue(label) if c.end <= q.start]
            named = [m for m in s.mentions if cue and m.end <= cue[-1].start and self._is_hardware(m.entity)
                     and m not in compared]
            after_cmp = cue and any(-4 <= cue[-1].start - c.end <= 6 for c in s.cue("CMP"))
            if cue and not named and not after_cmp and not _is_reference(s, cue[-1]):
                # "Pro Chip bietet der Nachfolger die doppelte FP8-Leistung"
                other = self._relative(seg, s, cue[-1], link)
                if other:
                    self.memory.add(seg.block, other, seg.start + cue[-1].start, inferred=True)
                    subject, how, text = other, "coreference", s.text[cue[-1].start - s.start:cue[-1].end - s.start]
                    versus = versus or getattr(self.fb.entities[other], _OPPOSITE[link])
                break
        if (versus is None or subject is None) and any(c.end <= q.end + 40 for c in s.cue("ANAPH:predecessor")):
            # "**H200** keeps the H100's compute ..., which gives it nearly twice the bandwidth of its
            # predecessor": the one named chip whose predecessor the sentence names too
            named = {m.entity for m in s.mentions if self._is_hardware(m.entity)}
            pairs = {(e, self.fb.entities[e].predecessor) for e in named if self.fb.entities[e].predecessor in named}
            if len(pairs) == 1:
                subject, versus = pairs.pop()
                how, text = "sentence", self.fb.entities[subject].name
        if versus is None and subject and metric == "compute" and not equal and self.kind(subject) in ("system", "pod") \
                and not s.cue("CMP") and not any(self._is_hardware(m.entity) and m.entity != subject for m in s.mentions):
            # "Der Trn3 UltraServer liefert 4x mehr Leistung": a vendor's system claim is against its predecessor
            ent = self.fb.entities.get(subject)
            versus = ent.predecessor if ent else None
        if versus is None and subject:
            ent = self.fb.entities.get(subject)
            if s.cue("ANAPH:predecessor"):
                versus = ent.predecessor if ent else None
            elif s.cue("ANAPH:successor"):
                versus = ent.successor if ent else None
            elif s.cue("ANAPH:first"):  # "twice what the first generation offered"
                versus = self._first(subject)
        prev = s.memo.get("previous")
        if versus is None and subject is not None and prev is not None \
                and not any(self._is_hardware(m.entity) and m.entity != subject for m in s.mentions):
            # "Nvidia nennt für die B200 ... dicht 4,5 PFLOPS. Im fairen Vergleich liegt die MI355X 25 Prozent
            # vorn": ahead of the one other chip the sentence before gave a figure for
            others = {m.entity for m in prev.mentions if self._is_hardware(m.entity) and m.entity != subject}
            if q.unit == "percent" and len(others) == 1 and prev.memo.get("families", set()) & {"memory", "rate", "compute"}:
                versus = others.pop()
                if not _nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW):
                    labels = [c.label[5:] for c in prev.cues if c.label.startswith("PREC:")]
                    precision = labels[-1] if labels else None
            elif not equal and _nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW) and not any(
                    m.start() <= q.start - s.start < m.end() for m in _QUOTED.finditer(s.text)):
                # "Die H100 ist das Arbeitspferd ... Die H200 bringt rund 76 Prozent mehr Speicher mit":
                # more than the one other chip of its kind the paragraph was about just before
                versus = self._paragraph_partner(s, subject)
        if versus is None and seg.kind == "list_item" \
                and not any(self._is_hardware(m.entity) for m in s.mentions):
            # "- Trn3 UltraServer: 21 TB" "- GB300 NVL72: 14 TB" "- → 50% mehr Memory": the list's last two
            leads = self.item_leads.get((seg.intro, seg.heading), [])
            if len(leads) >= 2 and leads[-2] != leads[-1]:
                subject, versus = leads[-2], leads[-1]
                how, text = "coreference", self.fb.entities[subject].name
        implied = False
        if versus is None and subject is not None and self.kind(subject) == "chip" and not s.cue("CMP") \
                and not any(self._is_hardware(m.entity) and m.entity != subject for m in s.mentions):
            # "Trainium3: 4x Performance": a vendor's ratio with no partner is against the predecessor,
            # per chip or per system built from them; which one is unsaid, so it only verifies
            versus = getattr(self.fb.entities.get(subject), "predecessor", None)
            implied = versus is not None
        if subject is not None and versus is not None and self.kind(subject) == self.kind(versus) == "chip" \
                and self._system_word_before(s, q):
            # "die UltraServers mit bis zu 144 dieser Chips bieten das Vierfache der bisherigen Rechenleistung":
            # the systems built from the two chips, when the fact base compares exactly one such pair
            pairs = {(a.id, f.q.versus) for a in self.fb.entities.values() if a.chip == subject
                     for f in self.fb.about(a.id, "ratio") if self.fb.chip_of(f.q.versus) == versus}
            if len(pairs) == 1:
                subject, versus = pairs.pop()
                how = "coreference"
        if subject is not None and versus is not None and how != "sentence":
            subject = self._like_for_like(seg, subject, versus, q.start)
        last = s.memo.get("ratio")
        if last is not None and (subject is None or subject == last[1]) \
                and _LIST_GAP.fullmatch(s.text, last[2] - s.start, q.start - s.start) \
                and not any(last[2] <= m.start <= q.end + 25 and self._is_hardware(m.entity) and m.entity != last[1]
                            for m in s.mentions):
            # "at least 6x the FP4 performance of Trainium3, 3x the FP8 throughput and double the memory
            # bandwidth": each ratio of the list compares what the first one compares
            subject, versus, how = last[0], last[1], "sentence"
            text = self.fb.entities[subject].name
        if subject is None or versus is None or subject == versus:
            return None
        s.memo["ratio"] = (subject, versus, q.end)
        if self.kind(subject) == "interconnect" and self.kind(versus) in ("system", "pod", "instance"):
            return None  # "NVLink 5 ties its GPUs together at 130 TB/s, the same as in the GB200 NVL72": a link vs a rack
        qualifier = q.qualifier
        if qualifier == "exact" and _MORE_THAN_THE.search(s.text, max(0, q.start - s.start - 20), q.start - s.start):
            qualifier = "at_least"  # "um mehr als das Vierfache", "more than the double"
        resolution = q.resolution
        if workload in _LOWER_BETTER and q.unit != "percent" and value < 1:
            resolution = abs(1 / max(q.value - q.resolution, 1e-9) - value)  # "10-fach niedriger" admits 1/10.5-1/9.5
        qq = Quantity(q.start, q.end, q.text, value, resolution, "times", "ratio", qualifier, high)
        return Claim(entity=subject, attribute="ratio", start=seg.start + q.start, end=seg.start + q.end,
                     text=q.text, quantity=qq, versus=versus, versus_implied=implied, scope=metric,
                     precision=_nearest_label(s, "PREC:", q.start, q.end, CUE_WINDOW) or precision,
                     sentence=s.text.strip(), subject_text=text, subject_how=how)

    def _figures_ratio(self, seg: Segment, s: _Sentence, q: Quantity) -> Claim | None:
        """"1.8 TB/s per GPU, twice the 900 GB/s of NVLink 4": a ratio between two figures the sentence
        gives is checked against those figures themselves (HW102, scope "figures")."""
        figures = s.memo.get("quantities", [])
        owner = s  # the sentence whose figures the ratio is checked against
        after = next((f for f in figures if f.start > q.end and f.family in _MEASURES
                      and _FIGURE_AFTER.fullmatch(s.text[q.end - s.start:f.start - s.start])), None)
        later = [f for f in figures if f.start > q.end and f.family in _MEASURES]
        if after is None and len(later) >= 2 and later[0].family == later[1].family \
                and _FROM_BEFORE.fullmatch(s.text[q.end - s.start:later[0].start - s.start]) \
                and _TO_BETWEEN.fullmatch(s.text[later[0].end - s.start:later[1].start - s.start]):
            # "capacity grows 1.5x, from 96 GiB to 144 GiB": the second figure over the first
            first, after = later[1], later[0]
        elif after is None:
            change = self._change_before(s, q, figures)
            prev = s.memo.get("previous")
            if change is None and prev is not None and _THAT_IS.match(s.text) \
                    and not any(f.end <= q.start and f.family in _MEASURES for f in figures):
                # "... 4,8 TB/s statt 3,35 TB/s. Das entspricht einem Bandbreitenplus von rund 60 Prozent."
                change = self._change_before(prev, None, prev.memo.get("quantities", []))
                owner = prev
            if change is None:
                return None
            first, after = change
        else:
            before = [f for f in figures if f.end <= q.start and f.family == after.family]
            if not before:
                return None
            first = before[-1]
        if _units.to_base(after.value, after.unit) <= 0:
            return None
        measured = _units.to_base(first.value, first.unit) / _units.to_base(after.value, after.unit)
        subject, how, text = self._subject(seg, owner, first.start, ATTR_BY_FAMILY[first.family][0])
        if subject is None:
            return None
        qq = Quantity(q.start, q.end, q.text, q.value, q.resolution, "times", "ratio", q.qualifier)
        return Claim(entity=subject, attribute="ratio", start=seg.start + q.start, end=seg.start + q.end,
                     text=q.text, quantity=qq, scope="figures", value_text=f"{measured:.6g}",
                     sentence=s.text.strip(), subject_text=text, subject_how=how)

    @staticmethod
    def _change_before(s: _Sentence, q: Quantity | None, figures) -> tuple[Quantity, Quantity] | None:
        """"bandwidth goes from 2.9 to 4.9 TB/s, roughly double", "steigt von 2,9 TB/s auf 4,9 TB/s, also
        knapp das Doppelte": a ratio right after a change it sums up is the new figure over the old one
        (q None: the change that ends the sentence, for a ratio in the next one)."""
        end = q.start if q is not None else s.end
        before = [f for f in figures if f.end <= end]
        if not before or not (_SUMS_UP if q is not None else _SENTENCE_END).fullmatch(
                s.text[before[-1].end - s.start:end - s.start]):
            return None
        last = before[-1]
        if last.family not in _MEASURES:
            return None
        if last.range_high is not None and _FROM_END.search(s.text, 0, last.start - s.start):
            new = Quantity(last.start, last.end, last.text, last.range_high, last.resolution, last.unit, last.family)
            return new, last  # "from 2.9 to 4.9 TB/s": one figure with its range
        return _change(s, before[-2], last) if len(before) >= 2 else None

    def _paragraph_partner(self, s: _Sentence, subject: str) -> str | None:
        """The one other entity of the subject's kind named in the nearest earlier sentence (up to
        three back in the same paragraph) that names any hardware but the subject."""
        prev, kind = s.memo.get("previous"), self.kind(subject)
        for _ in range(3):
            if prev is None:
                return None
            others = {m.entity for m in prev.mentions if self._is_hardware(m.entity) and m.entity != subject}
            if others:
                return others.pop() if len(others) == 1 and self.kind(next(iter(others))) == kind else None
            prev = prev.memo.get("previous")
        return None

    def _maker_s_chip(self, s: _Sentence, at: int) -> str | None:
        """"The MI355X matches Blackwell Ultra on capacity, and AMD builds its compute dies on 5 nm": the
        chip of the maker named last before `at`, when the sentence names exactly one of its chips."""
        chips = {self._chip(m.entity) for m in s.mentions if self._is_hardware(m.entity)}
        vendors = {self.fb.entities[c].vendor for c in chips}
        makers = [m for m in s.mentions if m.end <= at and m.entity in vendors and self.kind(m.entity) == "organisation"]
        if not makers:
            return None
        maker = makers[-1]
        own = [c for c in chips if self.fb.entities[c].vendor == maker.entity]
        after = [m for m in s.mentions if maker.end <= m.start < at and self._is_hardware(m.entity)]
        return own[0] if len(own) == 1 and not after else None

    # -- name claims: interconnect, foundry, role ---------------------------------------------
    def _name_claims(self, seg: Segment, s: _Sentence) -> Iterable[Claim]:
        if not s.mentions and not s.cues:
            return  # nothing below has a name or a cue to start from
        if s.cue("REPORTED"):
            return
        compared, counted = _compared(s), _counted(s)
        chips = [m for m in s.mentions if self._is_hardware(m.entity) and m not in compared and m not in counted]
        for m in s.mentions:
            if self.kind(m.entity) != "interconnect" or _discussed(s, m.start, m.end):
                continue
            before = [c for c in chips if c.end <= m.start]
            subject = (before[-1] if before else (chips[0] if chips else None))
            if not before and any(c.end <= m.start for c in s.cue("ANAPH:chip")):
                subject = None  # "The chip is to support NVLink Fusion, ... of Trainium3": the chip in context
            if len(before) >= 2 and before[0].entity != subject.entity and any(
                    subject.end <= c.start and c.end <= m.start for c in s.cue("ANAPH:chip")):
                # "Für Trainium4 kündigt AWS die doppelte Leistung des Trainium3 an, außerdem soll der Chip
                # NVLink Fusion unterstützen": "the chip" is what the sentence is about, not the last name
                subject = before[0]
            m_rel = m.end - s.start
            after = next((c for c in chips if c.start >= m.end), None)
            if after is not None and _NAME_MODIFIER.fullmatch(s.text[m_rel:after.start - s.start]):
                subject = after  # "an NVLink-friendly Trainium4", "den NVLink-fähigen Trainium4"
            elif after is not None and _LINK_GIVES.fullmatch(s.text[m_rel:after.start - s.start]):
                subject = after  # "twice the 900 GB/s that NVLink 4 gives each Hopper part": the receiver's link
            if subject is None:
                # "nearly 500,000 Trainium2 chips, linked inside each UltraServer by NeuronLink-v2": the
                # chips counted are what the link joins, when the sentence names no other
                parts = [c for c in counted if c.end <= m.start and self._is_hardware(c.entity)]
                subject = parts[-1] if parts else None
            guessed = subject is None
            table = self._table_entity(seg) if subject is None else None
            if table is not None:  # "| Scale-up | ... | NVLink 5 |": the column's system (its chip's link, if recorded)
                subject, guessed = _Mention(s.start, s.start, table, self.fb.entities[table].name), False
            if subject is None:
                subject = self._implicit_subject(seg, s, m.start)
                maker = self.fb.entities[m.entity].vendor
                if subject is not None and maker and any(
                        o.entity == maker and maker != self.fb.entities[self._chip(subject.entity)].vendor
                        for o in s.mentions if o.end <= m.start):
                    continue  # "NVIDIA quotes NVLink as the sum of both directions": another maker's link
            if subject is None:
                continue
            negated = any(c.end <= m.start and m.start - c.end <= 30 and c.start >= subject.end
                          and not _NEG_BREAK.search(s.text[c.end - s.start:m.start - s.start])
                          and not _NOT_SAYING.match(s.text, c.end - s.start)  # "AWS does not say which way its ..."
                          and not any(c.end <= o.start and o.end <= m.start and self.kind(o.entity) == "interconnect"
                                      for o in s.mentions)
                          for c in s.cue("NEG")) or _negated_after(s, m)  # "not NVLink; it uses NeuronLink-v3"
            # "trn1.32xlarge mit NeuronLink": its chips' link (EFA, a network, is the instance's own)
            entity = subject.entity if _names_network(s, m) else self._chip(subject.entity)
            if not self.fb.about(entity, "interconnect") and self.fb.about(subject.entity, "interconnect"):
                entity = subject.entity  # the GB200 NVL72's link, where its GPU has none recorded
            if any(0 <= m.start - c.end <= 8 for c in s.cue("ANAPH:predecessor")):
                # "doppelt so viel wie beim Vorgänger mit NeuronLink-v3": the predecessor's link
                entity = getattr(self.fb.entities.get(entity), "predecessor", None) or entity
            value, end = self.fb.entities[m.entity].name, m.end
            version = _VERSION_AFTER.match(s.text, m.end - s.start)
            if version and not split_version(normalize(value))[1]:
                # "NVLink 6 switch trays": a generation the fact base does not know is still a generation
                value, end = f"{value} {version.group(1)}", s.start + version.end()
            yield Claim(entity=entity, attribute="interconnect", start=seg.start + m.start,
                        end=seg.start + end, text=s.text[m.start - s.start:end - s.start], value_text=value,
                        negated=negated, sentence=s.text.strip(), subject_text=subject.text,
                        alternates=self._guessed_alternates(seg, entity, m.start) if guessed else ())
        foundries = s.cue("FOUNDRY:")
        if foundries and not s.cue("ATTR:foundry"):
            # "auf TSMC 3nm", "TSMC N3P", "TSMC's 4N process": a foundry named with its process is the foundry
            foundries = [f for f in foundries if _NODE_AFTER.match(s.text, f.end - s.start) or f.label == "FOUNDRY:own"
                         or _NODE_BEFORE.search(s.text, 0, f.start - s.start)  # "im 3-nm-Verfahren bei Samsung"
                         or re.match(r"Intel\s+\d", s.text[f.start - s.start:f.end - s.start])]  # "on Intel 7": a node
        if foundries:
            for f in foundries:
                rel = f.start - s.start
                near = re.split(r"\s(?:und|and)\s|[,;]", s.text[rel:rel + 35])[0] + " " + s.text[max(0, rel - 25):rel]
                if _MEMORY_TYPE.search(near) or re.search(r"\bmemory|Speicher", near, re.I):
                    continue  # "Samsung produces the HBM3e stacks": a memory supplier, not the foundry
                before = [c for c in chips if c.end <= f.start]
                subject = before[-1] if before else (chips[0] if chips else None)
                table = self._table_entity(seg) if subject is None else None
                if table is not None:  # "| MI300X | TSMC |" under "Foundry": the row's chip
                    subject = _Mention(s.start, s.start, self._chip(table), self.fb.entities[table].name)
                if subject is None:  # "The wafers are made by Samsung": the chip in context
                    ctx = self._context(seg, at=f.start)
                    ctx = self.fb.chip_of(ctx) or ctx if ctx else None
                    if ctx is None or not self.fb.about(ctx, "foundry"):
                        continue
                    subject = _Mention(s.start, s.start, ctx, self.fb.entities[ctx].name)
                if any(c.label == "NEG" and 0 <= f.start - c.end <= 20 for c in s.cues):
                    continue  # "Gaudi 3 is not built in Intel's own fabs": what it is not
                value = f.label.split(":", 1)[1]
                if value == "own":  # "Intel builds it in its own fabs": the maker's own
                    maker = self.fb.entities.get(self.fb.entities[self._chip(subject.entity)].vendor or "")
                    if maker is None:
                        continue
                    value = maker.name
                yield Claim(entity=subject.entity, attribute="foundry", start=seg.start + f.start,
                            end=seg.start + f.end, text=s.text[f.start - s.start:f.end - s.start],
                            value_text=value, sentence=s.text.strip(), subject_text=subject.text)
        roles = s.cue("ROLE:")
        people = [m for m in s.mentions if self.kind(m.entity) == "person"]
        if roles and people:
            orgs = [m for m in s.mentions if self.kind(m.entity) == "organisation"]
            for p in people:
                role = min(roles, key=lambda c: abs(c.start - p.start))
                if abs(role.start - p.start) > 40:
                    continue
                org = min(orgs, key=lambda o: abs(o.start - role.start)).entity if orgs else self._org_of(p.entity)
                if org is None:
                    continue
                past = bool(s.cue("PAST")) and any(abs(c.start - role.start) < 50 for c in s.cue("PAST"))
                scope = "past" if past else None
                years = [] if past else list(_YEAR.finditer(s.text))
                y = years[0] if len(years) == 1 else None
                if y is not None:  # the text between the person and the year
                    lo, hi = (p.end - s.start, y.start()) if y.start() >= p.end - s.start else (y.end(), p.start - s.start)
                if y is not None and hi - lo <= 80 and not re.search(r"[,;:](?=\s)|[–—]", s.text[lo:hi]) \
                        and not _DATELINE.search(s.text, 0, y.start()):
                    # "Adam Selipsky (AWS CEO) unveiled Trainium2 at re:Invent in Nov 2023": the role then
                    scope = "at:" + period_before(s.text, y.start(), int(y.group()))[1].encode()
                yield Claim(entity=org, attribute=role.label.split(":", 1)[1], start=seg.start + p.start,
                            end=seg.start + p.end, text=p.text, value_text=self.fb.entities[p.entity].name,
                            scope=scope, sentence=s.text.strip(), subject_text=p.text)

    def _link_user(self, seg: Segment, link: str, at: int) -> str | None:
        """Of the chips the paragraph named so far, the last one whose link is exactly this generation:
        "Der Neue ... gleichauf mit dem Trainium2. Gekoppelt werden die Chips per NeuronLink-v4 mit
        1,28 TB/s" is about the chip with NeuronLink-v4, not the one compared last."""
        _, version = split_version(normalize(self.fb.entities[link].name))
        if not version:
            return None
        for e in reversed(self.memory.all(seg.block, seg.start + at)):
            if self.kind(e) == "chip" and any(normalize(str(f.value)) == normalize(self.fb.entities[link].name)
                                              for f in self.fb.about(e, "interconnect") if not f.fact.negated):
                return e
        return None

    def _uses_link(self, chip: str, link: str) -> bool:
        """Whether a figure said of a link may be the chip's: a generic name ("NeuronLink"), or a link
        the chip has; not "NVLink 4, which carries 900 GB/s" in a Trainium3 paragraph."""
        stem, version = split_version(normalize(self.fb.entities[link].name))
        if not version:
            return True
        stems = {split_version(normalize(str(f.value)))[0] for f in self.fb.about(self._chip(chip), "interconnect")
                 if not f.fact.negated}
        return not stems or stem in stems  # "H200 ... per NVLink 5 mit 900 GB/s": its NVLink, wrong generation

    def _guessed_alternates(self, seg: Segment, subject: str, at: int) -> tuple[str, ...]:
        """For a name said of a chip the sentence does not name: the other chips the paragraph named
        ("Ein Inferentia2-Chip ...; die 96 GiB gehören zum Trainium2. Der kleinere Chip ist per
        NeuronLink-v2 verbunden"): a guess must not turn a right name into an alarm."""
        seen = [self._chip(e) for e in self.memory.all(seg.block, seg.start + at) if self._is_hardware(e)]
        if not any(self.kind(e) == "chip" for e in seen):
            # a paragraph naming no chip took its subject from further away ("**09:40** - The chips connect
            # through NeuronLink-v4" in a live blog): any chip the article has named may be meant
            seen = list(self.chip_mentions)
        return tuple(dict.fromkeys(e for e in seen if e != subject and self.kind(e) == "chip"))

    def _table_entity(self, seg: Segment) -> str | None:
        """In a table cell, the hardware its column or row header names ("| Scale-up | NeuronLink-v3 |")."""
        if seg.kind != "table_cell":
            return None
        for block in (seg.col_header, seg.row_header):
            ent = next((e for e in self.memory.all(block) if self._is_hardware(e)), None) if block >= 0 else None
            if ent:
                return ent
        return None

    def _subject_chips(self, seg: Segment, s: _Sentence, compared, counted) -> list[_Mention]:
        """The hardware a name in the sentence may be said of. In a list item with a lead, a chip named
        only as a genitive attribute is not: "**H200:** übernimmt die Rechenwerke der H100 und ergänzt
        sie um HBM3e" is about the H200."""
        chips = [m for m in s.mentions if self._is_hardware(m.entity) and m not in compared and m not in counted]
        chips = _without_predicates(s, chips)
        named = {m.entity for m in chips}
        chips = [m for m in chips if not (self.kind(m.entity) == "family"
                                          and named & set(self.fb.entities[m.entity].members))]
        if seg.lead_end:
            return [m for m in chips if m.end <= seg.lead_end
                    or not _GENITIVE_BEFORE.search(s.text, 0, m.start - s.start)]
        return chips

    def _implicit_subject(self, seg: Segment, s: _Sentence, at: int) -> _Mention | None:
        """For a name claim in a sentence naming no hardware: a list item's lead or "the chip" points
        to the entity in context (a system's chip, for chip-level attributes)."""
        lead = len(s.text) - len(s.text.lstrip())
        starts_with_chips = any(c.start - s.start == lead for c in (*s.cue("CHIPNOUN"), *s.cue("SCOPE:chip"))) \
            and not any(self.kind(m.entity) == "organisation" for m in s.mentions)  # "Chips talk ...", "Jeder Chip ..."
        orgs = {m.entity for m in s.mentions if self.kind(m.entity) == "organisation" and m.start < at}
        if not (seg.lead_end or s.cue("ANAPH:chip") or s.cue("ANAPH:system") or seg.kind == "table_cell"
                or starts_with_chips or orgs):
            return None
        ctx = self._table_entity(seg) or (s.cue("ANAPH:chip") and self._paragraph_topic(seg, at)) or self._context(seg, at=at) \
            or self._section_chip(seg)
        if ctx is None:
            return None
        if not (seg.lead_end or s.cue("ANAPH:chip") or s.cue("ANAPH:system") or seg.kind == "table_cell"
                or starts_with_chips) and self.fb.entities[ctx].vendor not in orgs:
            return None  # "Google setzt nicht auf HBM3e" after "Ironwood ...": the maker's chip in context
        ctx = self._chip(ctx)
        return _Mention(s.start, s.start, ctx, self.fb.entities[ctx].name)

    def _memory_type_claims(self, seg: Segment, s: _Sentence, figures: Sequence[Claim] = ()) -> Iterable[Claim]:
        """"144 GB HBM3e", "nutzt HBM statt DRAM": the memory type of the chip the sentence is about."""
        if seg.kind == "table_cell" and seg.col_header < 0:
            return  # a header cell ("HBM (GB)") names a column, it says nothing about a chip
        if "HBM" not in s.text and "DDR" not in s.text and "DRAM" not in s.text:
            return  # every _MEMORY_TYPE match has one of these
        compared, counted = _compared(s), _counted(s)
        chips = self._subject_chips(seg, s, compared, counted)
        for mt in _MEMORY_TYPE.finditer(s.text):
            a = s.start + mt.start()
            if _discussed(s, a, a + len(mt.group())):
                continue  # a quoted mistake
            # "HBM instead of DRAM", "does not use HBM3e", "nicht HBM": what it does not have
            negated = any(c.label == "NEG" and 0 <= a - c.end <= 12 for c in s.cues)
            # "32 GB HBM", "8 GiB HBM pro Chip, gedacht für Inf1-Instanzen": the type of the capacity written
            # right before it
            cap = next((c for c in figures if c.attribute == "memory_capacity" and 0 <= seg.start + a - c.end <= 2),
                       None)
            before = [c for c in chips if c.end <= a]
            subject = _Mention(a, a, cap.entity, cap.subject_text) if cap else (before[-1] if before else None)
            if subject is None and not chips:
                subject = self._implicit_subject(seg, s, a)
            if subject is None:
                continue
            entity = self._chip(subject.entity)
            if not self.fb.about(entity, "memory_type"):
                continue
            yield Claim(entity=entity, attribute="memory_type", start=seg.start + a, end=seg.start + s.start
                        + mt.end(), text=mt.group(), value_text=mt.group(), sentence=s.text.strip(),
                        subject_text=subject.text, negated=negated)

    def _core_type_claims(self, seg: Segment, s: _Sentence) -> Iterable[Claim]:
        """"Each Inferentia2 chip has two NeuronCore-v2 cores", "**Kerne:** acht NeuronCore-v2": the core
        generation of the chip named before it, or of the one in context."""
        if "NeuronCore" not in s.text:
            return
        compared, counted = _compared(s), _counted(s)
        chips = [m for m in s.mentions if self._is_hardware(m.entity) and m not in compared and m not in counted]
        for mt in _CORE_TYPE.finditer(s.text):
            a = s.start + mt.start()
            if any(c.label == "NEG" and 0 <= a - c.end <= 12 for c in s.cues):
                continue
            before = [c for c in chips if c.end <= a]
            if before:
                entity, text = before[-1].entity, before[-1].text
            elif chips:
                continue  # the chip is named only after it: "NeuronCore-v3 powers Trainium2" is rare; do not guess
            else:
                entity = self._table_entity(seg) or self._context(seg, at=a)  # "| Kerne | 8 × NeuronCore-v2 |"
                text = self.fb.entities[entity].name if entity else ""
            entity = self._chip(entity) if entity else None
            if not entity or not self.fb.about(entity, "core_type"):
                continue
            yield Claim(entity=entity, attribute="core_type", start=seg.start + a, end=seg.start + s.start + mt.end(),
                        text=mt.group(), value_text=f"NeuronCore-v{mt.group(1)}", sentence=s.text.strip(),
                        subject_text=text, subject_how="sentence" if before else "coreference")

    def _org_of(self, person: str) -> str | None:
        name = self.fb.entities[person].name
        for f in self.fb.facts:
            if f.attribute == "ceo" and f.value == name:
                return f.entity
        return None


_HEADER_UNIT = re.compile(r"\(([^()]{1,20})\)\s*$|\bin\s+(\S{1,10})\s*$")
_HOURLY_PRICE_UNIT = re.compile(r"(?:US-?\$|\$|USD|US-Dollar|Dollar)\s*(?:/|pro|per|je)\s*(?:h|hr|hour|Std\.?|Stunde)",
                                re.IGNORECASE)


def _header_unit(text: str) -> tuple[str, str] | None:
    """The unit a column header gives its cells: "HBM (GB)", "Bandbreite (TB/s)", "Memory in GB"."""
    from . import units

    m = _HEADER_UNIT.search(text.strip())
    if not m:
        return None
    surface = (m.group(1) or m.group(2)).strip()
    if _HOURLY_PRICE_UNIT.fullmatch(surface):
        return "USD / hour", "price"  # "On-Demand (US-$/h)", "Preis (USD pro Stunde)"
    if surface not in units.LEXICON:
        return None  # "(Blackwell Ultra)", "(dicht)": no unit (and no pint import to find that out)
    expr, family = units.LEXICON[surface]
    return (expr, family) if family not in ("count", "ratio") else None


def _sentences(doc: Doc) -> list[_Sentence]:
    text = doc_text(doc)  # slices of it are what Span.text gives, without rebuilding it from tokens
    ents = [_Mention(sp.start_char, sp.end_char, sp.label_, text[sp.start_char:sp.end_char])
            for sp in doc.spans.get(ENTITY_KEY, [])]
    cues = [_Cue(sp.start_char, sp.end_char, sp.label_) for sp in doc.spans.get(CUE_KEY, [])]
    out = []
    for sent in doc.sents:
        a, b = sent.start_char, sent.end_char
        out.append(_Sentence(a, b, text[a:b], [m for m in ents if a <= m.start < b],
                             [c for c in cues if a <= c.start < b]))
    return out


# "NVLink-friendly Trainium4", "NVLink-fähigen Trainium4": the link is the next name's
_NAME_MODIFIER = re.compile(r"-(?:friendly|compatible|ready|capable|enabled|based|fähige[nmrs]?|kompatible[nmrs]?|"
                            r"basierte[nmrs]?)\s+(?:\w+\s+)?")
_LINK_GIVES = re.compile(r"\s+(?:gives|gave|provides|provided|delivers|delivered|offers|offered|liefert|lieferte|"
                         r"bietet|bot|gibt|gab)\s+(?:each|every|the|jede[mnr]?|jedem|dem|der|den)?\s*")
_PER_CHIP_HOUR = re.compile(r"\s*(?:pro|per|je|/|a|an)\s*(?:GPU|Chip|chip|accelerator|Beschleuniger|TPU)"
                            r"[\s-]?(?:Stunde|hour|hr|h)\b", re.IGNORECASE)
_YEARLESS_DAY = re.compile(
    r"(?<![\w.,])(?:(?P<month>" + "|".join(sorted(_MONTH_WORDS, key=len, reverse=True)) + r")\.?\s+(?P<day>[0-3]?\d)"
    r"(?:st|nd|rd|th)?|(?P<day2>[0-3]?\d)\.\s*(?P<month2>" + "|".join(sorted(_MONTH_WORDS, key=len, reverse=True))
    + r"))(?![\w-]|[.,]?\s*\d)", re.IGNORECASE)


def _yearless(m: re.Match) -> Period | None:
    month = _MONTH_WORDS[(m.group("month") or m.group("month2")).lower()]
    day = int(m.group("day") or m.group("day2"))
    return Period(0, month, month, day) if 1 <= day <= 31 else None


_DATELINE = re.compile(r"(?:^|[\s(])(?:Update|Updated|Stand|Aktualisiert(?:\s+am)?|As\s+of|Last\s+updated)"
                       r"[:\s]+(?:\w+\.?\s+){0,2}$"
                       # a news dateline: "SEATTLE, March 3, 2026 —", "LAS VEGAS, 2. Dezember 2025 –"
                       r"|^[\s*_]*(?-i:[A-ZÄÖÜ]{2,}(?:[ -][A-ZÄÖÜ]{2,})*)\s*,\s+(?:[\w.]+\s*){1,3},?\s*$",
                       re.IGNORECASE)
_SYSTEM_EACH = re.compile(r"(?:UltraServers?|UltraServern|Pods?|Racks?|NVL\d+|Instanzen|instances)\s+[a-zäöü]\w*\s+"
                          r"(?:je|jeweils|each)\s+$")
_PREDICATE_BEFORE = re.compile(r"[^.;:]{0,12}\b(?:is|ist)\s+(?:essentially\s+|basically\s+|im Grunde\s+)?"
                               r"(?:the|die|der|das|a|an|ein|eine)\s+")
_GENITIVE_BEFORE = re.compile(r"\b[A-ZÄÖÜ][a-zäöüß]+\s+(?:der|des)\s+$")
_PER_OWNER = re.compile(r"\s*[A-Za-z/]*\s+(?:per|pro|je)\s+(?:the\s+|a\s+|einen?\s+)?")  # "1,287 TFLOPS per Trainium2"
_PAREN_OWNER = re.compile(r"[^\s,;()]*(?:\s+[^\s,;()]+)?\s*\(\s*")
_VERSION_AFTER = re.compile(r"[\s-]?v?(\d)(?![\w.,]?\d|-|\s?(?:TB|GB|Tb|Gb|x\b|×|%|GPU|[Cc]hip))")
_OBJECT_RELATIVE = re.compile(r"[^\s,;]*(?:\s+[^\s,;]+)?\s+(?:that|den|die|das)\s+(?:the\s+|die\s+|der\s+|das\s+)?")
_CAPACITY_AT = re.compile(r"\d\s?(?:GB|GiB|TB|TiB)\b(?:\s+(?:of\s+)?(?:HBM\w*|memory|Speicher))?"
                          r"(?:\s+(?:per|pro|je)\s+(?:chip|Chip|GPU|device))?,?\s+(?:at|with|mit|bei)\s+"
                          r"(?:up to\s+|bis zu\s+|about\s+|rund\s+|etwa\s+)?$")
_RATIO_BEFORE = re.compile(r"\b(?:doubles|doubled|triples|tripled|quadruples|quadrupled|twice|double|triple|"
                           r"times|\d+(?:\.\d+)?x|more than|less than)\s+(?:the\s+)?$", re.IGNORECASE)
# "das Zehnfache einer TPU v5p", "das Vierfache der v5p", "twice that of the MI300X": the reference point
_RATIO_OF_BEFORE = re.compile(r"(?:[Ff]ache[ns]?|[Dd]oppelte[ns]?|times|twice|double|half|\d(?:[.,]\d+)?x)"
                              r"(?:\s+[\w-]+(?<!\bund)(?<!\band)){0,3}?\s+(?:what\s+|a\s+|an\s+|(?:that\s+)?of\s+(?:the\s+|a\s+|an\s+)?|"
                              r"des\s+|der\s+|einer\s+|eines\s+|von\s+(?:der\s+|dem\s+)?)$")
# "Someone replied to my last thread with this:", "Ein Leser schrieb uns dazu:": a quote of someone else follows
_QUOTE_INTRO = re.compile(r"\b(?:replied|wrote|writes|claimed|claims|commented|posted|put it|said|says|told us|"
                          r"schrieb|schreibt|meinte|behauptete|behauptet|kommentierte|postete)\b[^.!?]*:\s*$", re.IGNORECASE)
_NOT_SAYING = re.compile(r"\s*(?:say|says|tell|disclose|specify|reveal|state|know|sagt|nennt|verrät|angeben|mitteilen)\b",
                         re.IGNORECASE)
_QUOTE_SOURCE = re.compile(r"(?<![\w/])u/\w+|(?<![\w.])@\w{2,}|^\s*(?:Reply|Antwort|Kommentar|Comment|Leserbrief|"
                           r"Reader|Leser)\b", re.IGNORECASE)  # a commenter's handle, "## Reply 3": their words
_NUMBERING = re.compile(r"^\s*(?:\d+[.)]|[IVX]+\.|Myth\s+\d+:|Mythos\s+\d+:)\s*", re.IGNORECASE)
# an interviewer's turn in a Q&A: "Q:", "**Q:**", "Frage:", "F:"
_QUESTION_TURN = re.compile(r"\W*(?:Q|F|Frage|Question|Interviewer|Interviewerin)\s*:")
_AS_MANY_AFTER = re.compile(r"\s+(?:so\s+viele|as\s+many)\s+(?:wie|as)\b", re.IGNORECASE)  # (no noun: "so viele Chips" is checked)
_ANSWER_TURN = re.compile(r"\W*(?:A|Antwort|Answer)\s*:")
_FULLY_QUOTED = re.compile(r'\s*(?:"[^"]+"|“[^”“]+[”“]|„[^“”"]+[“”"]|»[^«]+«|«[^»]+»)[\s.,;:!?—–-]*(?:[-—–]\s*\w[^"“”„«»]*)?')
_QUOTED = re.compile(r'"[^"\n]{1,200}"|“[^”\n]{1,200}[”“]|„[^“”"\n]{1,200}[“”"]|»[^«\n]{1,200}«|«[^»\n]{1,200}»')
_CORRECTION = re.compile(r"\b(?:wrong|false|incorrect|not true|untrue|inaccurate|a myth|mistaken|misleading|"
                         r"(?:is|are|was)(?:n't| not) (?:quite |entirely |really )?(?:right|correct|accurate|true)|"
                         r"says? otherwise|say(?:s)? something else|widerspricht|sagt etwas anderes|"
                         r"(?:it|that|this) (?:does|did|is|was)(?: not|n't)(?= *[.!]| *$)|"
                         r"falsch|stimmt (?:so |leider |aber |einfach |nicht ganz|schlicht )?nicht|nicht korrekt|"
                         r"nicht richtig|unzutreffend|irreführend|ein Irrtum|ein Mythos)\b",
                         re.IGNORECASE)


# "Original: "NVLink-Kompatibilität ..."" in a review log or change list: the wording being replaced
_QUOTE_LABEL = re.compile(r"(?:^|[\s*(])(?:Original(?:text|fassung)?|Vorher|Ursprünglich|Alt|Falsch|Fehler|Statt|Anstatt|"
                          r"Before|Previously|Old|Wrong|Incorrect|Instead of|Was)\s*[:=]?[\s*]*$", re.IGNORECASE)


def _mark_corrected_quotes(sentences: list[_Sentence]) -> None:
    """Quotation marks around a figure, with "that is wrong"/"das stimmt nicht" in the same or the
    next sentence: the article quotes someone else's mistake to correct it, it does not claim it."""
    for i, s in enumerate(sentences):
        if "(" in s.text:
            was = [(s.start + m.start(), s.start + m.end()) for m in _WAS_PAREN.finditer(s.text)]
            if was:  # "fixed H100 memory (was 94 GB)", "180 GB (nicht 192 GB)": the old or wrong value, no claim
                s.memo["discussed"] = was
        quotes = list(_QUOTED.finditer(s.text))
        if not quotes:
            continue
        after = s.text[quotes[-1].end():] + " " + (sentences[i + 1].text if i + 1 < len(sentences) else "")
        before = s.text[:quotes[0].start()]
        if _CORRECTION.search(after) or _CORRECTION.search(before) or _QUOTE_LABEL.search(before):
            s.memo["discussed"] = s.memo.get("discussed", []) + [(s.start + q.start(), s.start + q.end()) for q in quotes]


_WAS_PAREN = re.compile(r"\((?:was|were|previously|formerly|earlier|not|war|waren|vorher|zuvor|bisher|früher|statt|"
                        r"anstatt|nicht|instead\s+of)\s[^()\n]{1,80}\)", re.IGNORECASE)


def _discussed(s: _Sentence, start: int, end: int) -> bool:
    spans = s.memo.get("discussed")
    return bool(spans) and any(a <= start and end <= b for a, b in spans)


_NEEDS = re.compile(r"\b(?:needs?|requires?|takes|occupies|braucht|brauchen|benötigt|benötigen|belegt|belegen|"
                    r"erfordert)\b(?:\s+[\w-]+){0,3}\s*$", re.IGNORECASE)
_MODEL = re.compile(r"\b\d+(?:[.,]\d+)?\s?[BMT]\b|\b(?:models?|Modell\w*|weights|Gewichte\w*|parameters|"
                    r"Parameter\w*|KV[- ]?[Cc]ache)\b", re.IGNORECASE)


_FITS_INTO = re.compile(r"\bfits?\s+(?:\w+\s+)?(?:in|into|within|on)\s+(?:[\w'’-]+\s+){0,3}$", re.IGNORECASE)
_PASST = re.compile(r"\s+(?:\w+\s+)?pass(?:t|en|te|ten)\b")
_DIE_NOUN = re.compile(r"([\w/]+)[\s-]*(?:dies?|chiplets?|tiles?)\b", re.IGNORECASE)
_NOT_COMPUTE_DIE = re.compile(r"I/?O|IOD|base|Basis|cache|memory|Speicher|SRAM", re.IGNORECASE)


def _other_die(before: str) -> bool:
    """Whether the last die named before a node is not a compute die ("I/O dies on 6 nm",
    "I/O-Chiplets im 6-nm-Verfahren", "IODs on N6")."""
    last = None
    for last in _DIE_NOUN.finditer(before):
        pass
    if last is not None:
        return bool(_NOT_COMPUTE_DIE.fullmatch(last.group(1)))
    return bool(re.search(r"\bIODs?\b", before))


def _model_requirement(s: _Sentence, q: Quantity) -> bool:
    """"A 70B model in BF16 needs about 140 GB", "Llama 3 benötigt rund 810 GB": what a model needs."""
    before = s.text[:q.start - s.start]
    if not _MODEL.search(before):
        return False
    # ("a model that no longer fits into 32 GB", "wenn ein Modell nicht mehr in 32 GB passt": what it fits in)
    return bool(_NEEDS.search(before) or _FITS_INTO.search(before)
                or re.search(r"\bin\s+$", before) and _PASST.match(s.text, q.end - s.start))


def _without_predicates(s: _Sentence, mentions: list) -> list:
    """Drop a name that is only the predicate after an earlier one: "the H200 is the H100 with better
    memory: 141 GB of HBM3e" is about the H200."""
    if len(mentions) < 2:
        return mentions
    first = mentions[0]
    return [first] + [m for m in mentions[1:]
                      if not _PREDICATE_BEFORE.fullmatch(s.text[first.end - s.start:m.start - s.start])]


def _clear_leader(counts: dict[str, int]) -> str | None:
    """The entity named at least twice and more often than any other, if there is one."""
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if ranked and ranked[0][1] >= 2 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return ranked[0][0]
    return None


def _end_of_number(text: str, at: int) -> int:
    """Where the number starting at `at` ends (its unit follows)."""
    m = re.match(r"[\d.,\s\u00a0]*\d", text[at:])
    return at + (m.end() if m else 0)


def _names_network(s: _Sentence, m: _Mention) -> bool:
    """The mention is a network (EFA, InfiniBand): a network-bandwidth cue word covers it."""
    return any(c.label == "ATTR:network_bandwidth" and c.start < m.end and m.start < c.end for c in s.cues)


def _cue_texts(s: _Sentence, label: str) -> list[str]:
    return [s.text[c.start - s.start:c.end - s.start] for c in s.cue(label)]


def _distance(c: _Cue, start: int, end: int) -> int:
    if c.end <= start:
        return start - c.end
    if c.start >= end:
        return c.start - end
    return 0


_ALTERNATIVE = re.compile(r"\s+(?:or|oder)\s+(?:[\w-]+\s+){0,2}", re.IGNORECASE)
_WORKLOAD_METRIC = re.compile(r"[\s-]*(?:\w+\s+){0,2}?(?:throughput|latency|cost|costs|price|Durchsatz|"
                              r"Durchsatzes|Latenz|Kosten|Preis)\b", re.IGNORECASE)
_WORKLOAD_KIND = re.compile(
    r"[\s-]*(?:[\w-]+\s+){0,2}?(?:(?P<price_performance>Preis[-\s]?Leistung\w*|price[-\s/]?performance)"
    r"|(?P<inference_cost>(?:Kosten|costs?|weniger|less)\s+(?:pro|per|je)\s+(?:Inferenz|inference)|Inferenzkosten|"
    r"inference\s+costs?)"
    r"|(?P<training_cost>costs?[-\s]to[-\s]train|Trainingskosten|training\s+costs?)"
    r"|(?P<latency>Latenz(?:en)?|latency)|(?P<throughput>Durchsatz(?:es)?|throughput))\b", re.IGNORECASE)
_LOWER_BETTER = frozenset({"latency", "inference_cost", "training_cost"})
_BENCHMARK = re.compile(r"\b(?:Llama|GPT-?\d|BERT|ResNet|Stable Diffusion|Mixtral|DeepSeek|Qwen|\d+B\b|MLPerf|"
                        r"in (?:our|unseren|meinen|my) (?:tests?|Tests|runs?|Messungen)|we measured|gemessen)", re.IGNORECASE)
_SPEEDUP = re.compile(r"[\s-]*(?:\w+\s+)?(?:faster|quicker|speedup|speed-up|schneller|flotter|Beschleunigung)\b",
                      re.IGNORECASE)
_WORKLOAD = re.compile(r"\b(?:inference|training|Inferenz|Training|tokens?|Token|benchmarks?|Benchmarks?|MLPerf|"
                       r"Llama|GPT|BERT|ResNet|Stable Diffusion|Mixtral|DeepSeek|\d+B\b|workloads?|Workloads?)",
                       re.IGNORECASE)
_DIE_LINK = re.compile(r"\b(?:two|both|zwei|beiden?)\s+(?:compute\s+|GPU[- ])?dies\b|\bdie-to-die\b|\bdie-zu-die\b|"
                       r"\bNV-HBI\b", re.IGNORECASE)
_STRONG_BREAK = re.compile(r"[;:–—]|\s-\s")
_CLAUSE_BREAK = re.compile(r"[,;:–—()]|\s(?:and|but|while|whereas|und|aber|während|bei|at|with|mit|sowie)\s",
                           re.IGNORECASE)


def _nearest_label(s: _Sentence, prefix: str, start: int, end: int, window: int,
                   allowed: set[str] | None = None, exact: bool = False, same_clause: bool = False,
                   next_clause: bool = True) -> str | None:
    """The label of the nearest cue with this prefix; a cue in the same clause as the value beats
    a nearer one across a comma or "and" ("FP8-Leistung von 2,52 PFLOPS, bei BF16 sind es ...")."""
    best, best_d, best_len = None, 10 * window + 1, 0
    for c in s.cues:
        if exact:
            if c.label != prefix:
                continue
            value = c.label
        else:
            if not c.label.startswith(prefix):
                continue
            value = c.label[len(prefix):]
        if allowed is not None and value not in allowed:
            continue
        d = _distance(c, start, end)
        if d > window:
            continue
        gap = s.text[c.end - s.start:start - s.start] if c.end <= start else s.text[end - s.start:c.start - s.start]
        if _CLAUSE_BREAK.search(gap) and not (c.label.startswith("SCOPE:") and _BARE_WITH.fullmatch(gap)):
            # (a bare "mit"/"with" right after the cue joins it to the value: "jeder Chip mit 28.800 Gbit/s")
            if same_clause or (not next_clause and c.start >= end):
                continue  # (a cue in the clause after the value speaks of that clause's value)
            d += 5 * window
        if d < best_d or (d == best_d and c.end - c.start > best_len):  # "memory bandwidth" over "memory"
            best, best_d, best_len = value, d, c.end - c.start
    return best


_CORE_NOUN = re.compile(r"[\s-]*(?:NeuronCores?(?:-v\d)?(?:[\s-]*(?:Kerne|cores))?|Tensor\s?Cores|TensorCores|"
                        r"TPCs|(?:compute\s+|Rechen-?)?(?:cores|Kerne)n?)\b", re.IGNORECASE)


def _core_count(s: _Sentence, q: Quantity) -> bool:
    """"24 NeuronCores", "8 NeuronCore-v3 cores", "zwei Rechenkerne": a count of cores; "mit je zwei
    Kernen" counts per part, which the subject's own count is not."""
    rel_start, rel_end = q.start - s.start, q.end - s.start
    if _PER_UNIT.search(s.text[max(0, rel_start - 10):rel_start]):
        return False
    return bool(_CORE_NOUN.match(s.text, rel_end))


_BARE_WITH = re.compile(r"\s*(?:[\w-]+\s+){0,2}(?:mit|with)\s*")  # "jeder [Trainium3-Chip] mit"
_KIND_WORDS = {("pod", "pod"), ("instance", "instance"), ("instanz", "instance"), ("rack", "system"), ("system", "system"),
               ("systems", "system")}
_PORT_BEFORE = re.compile(r"\b(?:ports?\s+(?:of|with|at|running at)|Ports?\s+(?:mit\s+)?(?:je|à|zu\s+je|mit)|"
                          r"(?:per|each|pro|je)\s+Port)\s+(?:up to\s+|bis zu\s+)?$", re.IGNORECASE)
_PORT_AFTER = re.compile(r"\s*(?:\w+\s+)?(?:per|pro|je|each)\s+Port\b|(?:\s+\w+)?\s+ports?\b", re.IGNORECASE)
# a relative clause after which the main clause goes on with its verb ("Der Trainium2 selbst, der ..., war")
_RELATIVE_CLAUSE = re.compile(r",\s*(?:der|die|das|welche[rs]?|which|who)\b[^,;.]*,(?=\s*(?:war|ist|wurde|wird|hat|hatte|"
                              r"kam|was|is|were|has|had|came|will|would)\b)")
_MULTIPLE_BEFORE = re.compile(r"(?:times|twice|half|\d(?:[.,]\d+)?\s?x|[Ff]ache[ns]?|mal|doppelt|halb)\s*$",
                              re.IGNORECASE)
_BOTH = re.compile(r"\s*(?:Both|Beide)\b")
_PER_DIRECTION = re.compile(r"\s*(?:of\s+\w+\s+)?(?:in each direction|per direction|each way|in either direction|"
                            r"in jede Richtung|pro Richtung|je Richtung)\b", re.IGNORECASE)
_QUESTION = re.compile(r"\?[\s\"'“”»«*_)]*$")
_TIMES_BEFORE = re.compile(r"\b\d+\s?[×x]\s?$")
_MORE_THAN_THE = re.compile(r"\b(?:mehr als|über|more than|over)\s+(?:das|die|the)\s+$", re.IGNORECASE)
_NEW_SUBJECT = re.compile(r"[,;:–—]\s*(?:die|der|das|the|while|whereas|während|and|und)?\s*$", re.IGNORECASE)
_ANY_BETWEEN = re.compile(r"\b(?:between|zwischen)\s+(?:any\s+|je\s+|jeweils\s+|beliebigen\s+)?$", re.IGNORECASE)
_INDEFINITE = frozenset({"ein", "eine", "einen", "einem", "einer", "eines"})
_MEASURES = {"memory", "rate", "compute", "power"}
_FROM_BEFORE = re.compile(r",?\s+(?:[\w-]+\s+){0,2}(?:from|von)\s+", re.IGNORECASE)
_SENTENCE_END = re.compile(r"\s*[.!;:]?\s*")
_INSTEAD_OF = re.compile(r"\s+(?:statt|anstatt|anstelle\s+von|instead\s+of|rather\s+than|up\s+from|nach)\s+", re.IGNORECASE)
# a sentence that sums up the one before: "Das entspricht ...", "That is ...", "This works out to ..."
_THAT_IS = re.compile(r"\s*(?:das|dies|that|this)(?:'s|’s)?\s+(?:entspricht|ist|sind|macht|bedeutet|is|works\s+out\s+to|"
                      r"amounts\s+to|means)?\b", re.IGNORECASE)
_FROM_END = re.compile(r"\b(?:from|von)\s+$", re.IGNORECASE)
# what may stand between a change and the ratio that sums it up: "…, roughly double", "…, also knapp das Doppelte"
_SUMS_UP = re.compile(r"\s*[,;:(–—-]?\s*(?:(?:roughly|about|around|nearly|almost|approximately|more\s+than|just\s+over|"
                      r"just\s+under|over|a|an|the|that\s+is|which\s+is|i\.e\.|or|so|knapp|rund|etwa|fast|gut|über|"
                      r"mehr\s+als|also|das|die|der|ein|eine|einen|damit|somit|was|ist|sind|ungefähr|beinahe)\s+)*",
                      re.IGNORECASE)
_TO_BETWEEN = re.compile(r"\s+(?:to|auf)\s+", re.IGNORECASE)
_FIGURE_AFTER = re.compile(r"\s+(?:the|das|die|der|den|dem)\s+(?:(?:[\w-]+\s+){0,2}of\s+(?:the\s+)?)?", re.IGNORECASE)
_POSSESSIVE_AFTER = re.compile(r"\s+(?:its|their|seine[nrms]?|ihre[nrms]?)\b", re.IGNORECASE)
_RATIO_VERB = re.compile(r"(?:doubles|triples|quadruples|ver\w+)$", re.IGNORECASE)
_COMPUTE_VERB = re.compile(r"\b(?:schafft|leistet|rechnet|delivers|achieves|computes)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_THAT_IS = re.compile(r"\s*(?:That|This|It|Das|Dies|Damit|That's|Which)\b(?:\s+(?:is|are|means|ist|sind|wäre|bedeutet))?",
                      re.IGNORECASE)
_RATIO_CLAUSE_BREAK = re.compile(r"[;:]|,\s*(?:and|und|while|whereas|während|but|aber|which|die|das|der)\b")
_SAME_THING = re.compile(
    r"[\s-]+(?:[\w-]+\s+)?(?:foundry|foundries|fabs?|process|node|architecture|design|dies?|chip|chips|socket|package|"
    r"interconnect|vendor|company|maker|team|software|SDK|toolchain|Fertiger|Auftragsfertiger|Prozess|"
    r"Fertigungsprozess|Architektur|Fertigung|Hersteller|Sockel)\b", re.IGNORECASE)
_LINK_AFTER = re.compile(r"(?:['’]s)?[\s-]?")  # "the H100's successor", "the H100 successor", "H100-Nachfolger"
_LINK_OF = re.compile(r"\s+(?:des|der|von|vom|of)\s+(?:(?:the|dem|der|den)\s+)?", re.IGNORECASE)
_EACH_WITH = re.compile(r"(?:[\s-]*(?:Chips?|GPUs?|Beschleuniger\w*|accelerators?))?\s*,?\s*(?:mit\s+je|mit\s+jeweils|jeweils\s+mit|"
                        r"each\s+with|with)\s+(?:(?![.,]\s)[^;:()])*$", re.IGNORECASE)
_EACH_WORD = re.compile(r"\b(?:je|jeweils|each)\b", re.IGNORECASE)
_EACH_AFTER = re.compile(r"(?:\s+(?:of\s+)?[\w-]+)?\s+(?:each|apiece|jeweils)\b")
_EACH = re.compile(r"(?:\b(?:je|jeweils|each|per|pro|mit je)\s*)$", re.IGNORECASE)
_PER_UNIT = re.compile(r"(?:\b(?:je|jeweils|each|per|pro|with|mit je)\s*)$", re.IGNORECASE)


_ELLIPSIS = re.compile(r"(?:\b(?:waren|war|sind|ist)\s+es\s+(?:noch|nur|erst|bereits)?\s*"
                       r"|\b(?:it|there)\s+(?:was|were|is|are)\s+(?:still|only|just|already)?\s*)$", re.IGNORECASE)


def _elliptic_count(s: _Sentence, q: Quantity) -> bool:
    """"bis zu 9.216 Chips, bei Trillium waren es noch 512": the number in the later clause counts the
    same thing as the chip count before it."""
    rel = q.start - s.start
    return bool(_ELLIPSIS.search(s.text[max(0, rel - 30):rel])) and any(
        c.label == "CHIPNOUN" and c.end <= q.start and _CLAUSE_BREAK.search(s.text[c.end - s.start:rel])
        for c in s.cues)


def _chip_count(s: _Sentence, q: Quantity, noun: str = "CHIPNOUN") -> bool:
    """"144 Trainium3 chips", "72 Blackwell Ultra GPUs": a chip noun right after the number (a name may
    sit between); "mit je vier Chips" / "four chips each" count per server, not the system's total.
    With `noun` SERVERNOUN or CPUNOUN the same for "36 servers", "acht Instanzen", "36 Grace CPUs"."""
    rel_start, rel_end = q.start - s.start, q.end - s.start
    if _PER_UNIT.search(s.text[max(0, rel_start - 10):rel_start]) and not _SYSTEM_EACH.search(s.text, 0, rel_start):
        return False  # "36 Server mit je vier Chips" (not "UltraServer verbinden jeweils 64 Chips": each system's)
    for c in s.cues:
        if c.label != noun or c.start < q.end:
            continue
        gap = s.text[rel_end:c.start - s.start]
        names = [m for m in s.mentions if m.start >= q.end and m.end <= c.start]
        for m in names:
            gap = gap.replace(m.text, "")
        gap = re.sub(r"^\s*(?:dieser|diesen|dieses|these|of these|of the|of its|seiner|ihrer)\b", "", gap)  # "144 dieser Chips"
        if re.fullmatch(r"[\s-]*(?:[A-Z][\w.-]*[\s-]+){0,3}", gap + " ") and not re.match(r"^\s*(?:each|jeweils)\b", s.text[c.end - s.start:]):
            return True
        break
    return False


_BETWEEN_CMP = re.compile(
    r"^\s*(?:(?:the|a|an|its|their|der|die|das|dem|den|des|beim|bei|seinem|seinen|ihrem|ihren)\s+)?"
    r"(?:[a-zäöü][\w-]*\s+)?"
    r"(?:(?:predecessor|previous|successor|older|current|Vorgänger|Vorgängers|Nachfolger|älteren|aktuellen|"
    r"Nvidias?|AMDs?|Googles?|Intels?|AWS|\w+['’]s)\s+)*$", re.IGNORECASE)


_EQUAL_WIE = re.compile(r"\b(?:dieselben?|derselben?|dasselbe|gleiche[nrs]?|genauso|ebenso|so\s+\w+|doppelt|halb)\b"
                        r"[^,;:–—]{0,40}\bwie\s+(?:die|der|das|den|dem|beim|bei|bei der|eine[mnr]?|ein)?\s*$", re.IGNORECASE)
_WIE = re.compile(r"wie", re.IGNORECASE)  # in every _EQUAL_WIE match; found much faster
_OF_REFERENCE = re.compile(r"\b(?:of|than|to|over|vs\.?|versus|des|dem|gegenüber|seines|seinem|ihres|ihrem)"
                           r"\s+(?:(?:the|its|their|a|dessen|deren)\s+)?$", re.IGNORECASE)


def _is_reference(s: _Sentence, cue: _Cue) -> bool:
    """"of its predecessor", "than the predecessor", "des Vorgängers", "dem Vorgänger": the
    predecessor (successor) is what is compared against, not the subject."""
    if re.match(r"(?:des|dem|den)\b", s.text[cue.start - s.start:], re.IGNORECASE):
        return True
    return bool(_OF_REFERENCE.search(s.text[max(0, cue.start - s.start - 24):cue.start - s.start]))


def _owner_after(s: _Sentence, m: _Mention, subject: str, at: int) -> bool:
    """"the B200 reaches 9 PFLOPS, and Blackwell Ultra, the B300, ... carries 180 GB": the subject named in
    a later clause, between the other name and the figure, owns the figure alone."""
    own = next((o for o in s.mentions if o.entity == subject and m.end <= o.start and o.end <= at), None)
    return own is not None and bool(_NEXT_CLAUSE.search(s.text, m.end - s.start, own.start - s.start))


_NEXT_CLAUSE = re.compile(r"[,;]\s*(?:and|und|while|whereas|während|but|aber|sowie)\b|;", re.IGNORECASE)


def _change(s: _Sentence, a: Quantity, b: Quantity) -> tuple[Quantity, Quantity] | None:
    """Two figures of a sentence, `a` before `b`, that state a change: (new, old). "from 2.9 TB/s to
    4.9 TB/s", "von 96 GB auf 144 GB": `b` is new; "4,8 TB/s statt 3,35 TB/s", "instead of": `a` is."""
    if a.family != b.family:
        return None
    gap = s.text[a.end - s.start:b.start - s.start]
    if _TO_BETWEEN.fullmatch(gap) and _FROM_END.search(s.text, max(0, a.start - s.start - 12), a.start - s.start):
        return b, a
    if _INSTEAD_OF.fullmatch(gap):
        return a, b
    return None


def _compared(s: _Sentence) -> list[_Mention]:
    """Entities that follow a comparison word: what the subject is compared against
    ("than the H100", "gegenüber dem Vorgänger Trainium2", "wie beim Trainium2", "dieselbe
    Leistung wie Trainium2"), or that are introduced as the reference point ("das Sechsfache des
    Vorgängers Trillium", "the capacity of its predecessor, Trainium2")."""
    if "compared" in s.memo:
        return s.memo["compared"]
    cmp = s.cue("CMP")
    anaph = [c for c in s.cues if c.label in ("ANAPH:predecessor", "ANAPH:successor")]
    out = []
    for m in s.mentions:
        rel = m.start - s.start
        before = s.text[max(0, rel - 60):rel]
        if _WIE.search(before) and _EQUAL_WIE.search(before):
            out.append(m)
            continue
        ref = next((c for c in anaph if 0 <= m.start - c.end <= 3), None)
        if ref and _is_reference(s, ref):
            out.append(m)
            continue
        if _FROM_ON.search(before) and _TO_AFTER.match(s.text, m.end - s.start):
            out.append(m)  # "Capacity goes from 96 GB on Trainium2 to 144 GB per chip": the old one
            continue
        if _MIT_BEFORE.search(before) and _LEVEL_AFTER.match(s.text, m.end - s.start):
            out.append(m)  # "liegt ... mit dem GB300 NVL72 gleichauf": the one it is level with
            continue
        if _RATIO_BEFORE.search(before) and s.text.startswith(("'s", "’s"), m.end - s.start) \
                or _RATIO_OF_BEFORE.search(before):
            out.append(m)  # "It also doubles the v5e's memory", "das Vierfache der v5p": the reference point
            continue
        for c in cmp:
            gap = m.start - c.end
            if 0 <= gap <= 12 or (0 <= gap <= 30 and _BETWEEN_CMP.match(s.text[c.end - s.start:m.start - s.start])
                                  and not any(o.start >= c.end and o.end <= m.start for o in s.mentions)):
                out.append(m)
                break
        else:
            if out and out[-1].entity == m.entity and m.start - out[-1].end <= 3:
                out.append(m)  # "des Vorgängers Trillium (TPU v6e)": the same one again
    s.memo["compared"] = out
    return out


_FROM_ON = re.compile(r"\b(?:from|von)\s+[\d.,]+\s*[\w/]+\s+(?:on|bei|beim|für|of|in|with|mit)\s+"
                      r"(?:(?:the|dem|der|den)\s+)?$", re.IGNORECASE)
_TO_AFTER = re.compile(r"\s+(?:to|auf|zu)\s", re.IGNORECASE)
_AS_MANY = re.compile(r"\s+(?:so\s+viele|as\s+many|mehr|more)\s+(?:\w+\s+)?", re.IGNORECASE)
_MIT_BEFORE = re.compile(r"\b(?:mit|with)\s+(?:(?:dem|der|den|einem|einer|the|an?)\s+)?$", re.IGNORECASE)
_LEVEL_AFTER = re.compile(r"\s+(?:\w+\s+)?(?:gleichauf|auf\s+Augenhöhe|ebenbürtig|gleichzieht|gleich\b)", re.IGNORECASE)
# between two ratios of one list: the first one's object ("the FP4 performance of Trainium3"), a comma or "and"
_LIST_GAP = re.compile(r"[^.;:()]{0,60}?(?:,\s*(?:and\s+|und\s+)?|\s+(?:and|und|sowie)\s+)(?:the\s+|die\s+|das\s+)?"
                       r"(?:at\s+least\s+|mindestens\s+)?", re.IGNORECASE)
_NEW_WORD = re.compile(r"\bnew(?:er|est)?\b|\bneue", re.IGNORECASE)
_COUNT_BEFORE = re.compile(r"(?:\d(?:[\d.,]*\d)?|\b(?:two|four|eight|sixteen|zwei|vier|acht|sechzehn))\s*(?:x\s*)?$", re.IGNORECASE)


def _counted(s: _Sentence) -> list[_Mention]:
    """Names inside a count ("16 Trainium2 chips", "mit je 64 Trainium2"): parts, not the subject."""
    if "counted" not in s.memo:
        s.memo["counted"] = [m for m in s.mentions
                             if _COUNT_BEFORE.search(s.text[max(0, m.start - s.start - 12):m.start - s.start])]
    return s.memo["counted"]


_NEG_AFTER = re.compile(r"^\W*(?:(?:is|are|wird|werden|ist|sind)?\s*(?:not|nicht|no longer|nicht mehr)\s+"
                        r"(?:supported|unterstützt|used|genutzt|verwendet|available|verfügbar)"
                        r"|(?:nicht|not)\b(?=\s*[,.;])"  # "Trainium3 beherrscht NVLink nicht, er setzt auf ..."
                        # "NVLink spielt beim Trainium3 keine Rolle", "NVLink plays no part in Trainium3",
                        # "NVLink fehlt dem Trainium3", "NVLink is absent from Trainium3"
                        r"|(?:spielt|spielen|plays?)\s+(?:[\w-]+\s+){0,3}?(?:keine|no)\s+(?:Rolle|role|part)\b"
                        r"|(?:fehlt|fehlen|is\s+absent|is\s+missing)\b)", re.I)


def _negated_after(s: _Sentence, m: _Mention) -> bool:
    """"NVLink is not supported" / "NVLink wird nicht unterstützt": negation after the name."""
    return bool(_NEG_AFTER.match(s.text[m.end - s.start:]))

"""A sentence as extraction sees it: its text, mentions, cues and figures, and what rules ask of it.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field

from spacy.tokens import Doc

from ..lang import numbers
from ..lang.windows import Words
from ..models import Quantity, quick_init
from ..nlp import CUE_KEY, ENTITY_KEY, doc_text
from ..periods import period_before
from .patterns import ARROW, TIMES_BEFORE


@quick_init
@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    entity: str
    text: str


@quick_init
@dataclass(frozen=True)
class Cue:
    start: int
    end: int
    label: str


@dataclass(eq=False)
class Sentence:
    """One sentence of a segment: offsets into the segment's text, the names and cue words in it, and the
    figures the extractor placed in it. `compared_in` and `counted_in` are asked once per figure, so their
    answers are kept here; a header's cues added to a table cell clear them."""

    start: int
    end: int
    text: str
    mentions: list[Mention]
    cues: list[Cue]
    w: Words = field(repr=False)  # the article language's words (reviewer/lang/<code>/)
    quantities: list[Quantity] = field(default_factory=list)  # its figures, in text order
    families: set[str] = field(default_factory=set)  # their families ("memory", "rate", ...)
    last: Quantity | None = None  # its last figure: what "That is twice ..." in the next sentence refers to
    previous: Sentence | None = field(default=None, repr=False)  # the sentence before, in the same segment
    discussed: list[tuple[int, int]] = field(default_factory=list)  # spans of quoted mistakes and old values
    was: list[tuple[int, int]] = field(default_factory=list)  # of them, the "(was 94 GB)" brackets
    refuted: bool = False  # a myth the article refutes ("Myth: ...", or "That is wrong." after it)
    questioned: bool = False  # a report the next sentence doubts ("One reseller PDF says 288 GB. Which is it?")
    # what stance.figure_stance found in the sentence once, for all its values (stance.hints)
    stance_hints: dict | None = field(default=None, repr=False)
    # the last ratio of a list ("6x the FP4 of Trainium3, 3x the FP8 throughput"): (subject, versus, its end)
    last_ratio: tuple[str, str, int] | None = None
    compared: list[Mention] | None = field(default=None, repr=False)  # compared_in's answer
    counted: list[Mention] | None = field(default=None, repr=False)  # counted_in's answer
    family: list[Mention] = field(default_factory=list)  # a product line's word alone ("per DGX"): discourse.Families
    # (number of cues, their labels, the prefixes asked so far and their answers)
    _labels: tuple[int, str, dict[str, bool]] | None = field(default=None, repr=False)

    def cue(self, prefix: str) -> list[Cue]:
        if not self.has_cue(prefix):
            return []
        return [c for c in self.cues if c.label.startswith(prefix)]

    def has_cue(self, prefix: str) -> bool:
        """Whether a cue's label starts with the prefix."""
        cues = self.cues
        if not cues:
            return False
        labels = self._labels
        if labels is None or labels[0] != len(cues):  # cues are only ever added (a table header's)
            labels = self._labels = (len(cues), "\n" + "\n".join(c.label for c in cues), {})
        known = labels[2].get(prefix)
        if known is None:
            known = labels[2][prefix] = "\n" + prefix in labels[1]
        return known

    def forget_mentions(self) -> None:
        """Ask compared_in and counted_in again (cues were added)."""
        self.compared = self.counted = None


def split_sentences(doc: Doc, w: Words, is_hardware: Callable[[str], bool] | None = None) -> list[Sentence]:
    """The Doc's sentences with their mentions and cues. With `is_hardware`, a hardware name after a personal
    title ("Frau Erna Hopper", "Mrs Blackwell": a cluster's nickname, a character) is someone's name: no mention."""
    text = doc_text(doc)  # slices of it are what Span.text gives, without rebuilding it from tokens
    ents = [Mention(sp.start_char, sp.end_char, sp.label_, text[sp.start_char:sp.end_char])
            for sp in doc.spans.get(ENTITY_KEY, [])
            if not (is_hardware and is_hardware(sp.label_)
                    and w.titled_name_before.search(text, max(0, sp.start_char - 40), sp.start_char))]
    cues = [Cue(sp.start_char, sp.end_char, sp.label_) for sp in doc.spans.get(CUE_KEY, [])]
    ents.sort(key=_start)
    cues.sort(key=_start)
    ent_starts, cue_starts = [m.start for m in ents], [c.start for c in cues]
    out = []
    for sent in doc.sents:  # (each sentence's mentions and cues by bisection: linear in the segment's length)
        a, b = sent.start_char, sent.end_char
        own = cues[bisect_left(cue_starts, a):bisect_left(cue_starts, b)]
        split = list(w.separable_presented.finditer(text, a, b)) if " vor" in text[a:b] else ()
        if split:  # "stellte ... vor": the announcing and presenting words a phrase matcher cannot see
            own = sorted([*own, *(Cue(m.start(), m.end(), lab) for m in split for lab in ("ATTR:announced", "PRESENTED"))],
                         key=_start)
        out.append(Sentence(a, b, text[a:b], ents[bisect_left(ent_starts, a):bisect_left(ent_starts, b)], own, w))
    return out


def _start(span) -> int:
    return span.start


FIELD_SEPARATOR = re.compile(r"\s[·•|]\s")  # between the labelled fields of one line


def fields_line(s: Sentence, at: int) -> bool:
    """The line of the sentence at offset `at` is labelled fields with figures ("**Label:** 141 GB HBM3e · 4.8 TB/s ·
    NVLink 5 at 900 GB/s"), not answer options ("A: NVLink Fusion · B: NeuronLink-v4") nor a post's header line."""
    rel = at - s.start
    lo, hi = s.text.rfind("\n", 0, rel) + 1, s.text.find("\n", rel)
    hi = len(s.text) if hi < 0 else hi
    return bool(FIELD_SEPARATOR.search(s.text, lo, hi)) and any(lo <= q.start - s.start < hi for q in s.quantities)


def coordinated_scope(s: Sentence, q: Quantity) -> str | None:
    """The scope the subject gives the figure before, when the figure's verb is joined to that figure's with "and"
    ("each GPU carries 279 GB and may draw up to 1,100 W": the GPU's too), else None."""
    prev = next((p for p in reversed(s.quantities) if p.end <= q.start), None)
    if prev is None or not s.w.and_verb_between.fullmatch(s.text, prev.end - s.start, q.start - s.start):
        return None
    return next((c.label[6:] for c in reversed(s.cue("SCOPE:")) if c.end <= prev.start
                 and not any(c.end <= o.start and o.end <= prev.start for o in s.quantities)
                 and not any(ch in s.text[c.end - s.start:prev.start - s.start] for ch in ",;:")), None)


def nearest_label(s: Sentence, prefix: str, start: int, end: int, window: int,
                   allowed: set[str] | None = None, exact: bool = False, same_clause: bool = False,
                   next_clause: bool = True) -> str | None:
    """The label of the nearest cue with this prefix; a cue in the same clause as the value beats
    a nearer one across a comma or "and" ("FP8-Leistung von 2,52 PFLOPS, bei BF16 sind es ...")."""
    best, best_rank = None, None
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
        d = distance(c, start, end)
        if d > window:
            continue
        if c.end <= start and s.text.find(";", c.end - s.start, start - s.start) >= 0 and any(
                c.end <= q.start and q.end <= start for q in s.quantities):
            continue  # "FP32 52.5 → 47.5 TFLOPS; the old table (3,360 TFLOPS ...)": the cue labels the figure after it
        if s.discussed and _inside_other(s.discussed, c, start, end):
            continue  # "from 2,563 to 1,299 TFLOPS (was the sparse figure)": the words describe the old value
        gap = s.text[c.end - s.start:start - s.start] if c.end <= start else s.text[end - s.start:c.start - s.start]
        if c.start >= end and FIELD_SEPARATOR.search(gap):
            continue  # "Bandwidth: 8 TB/s · NVLink 5: 1.8 TB/s": a word past a field's separator labels the next field
        if c.start >= end and s.w.negation_word.search(gap) and any(0 <= q.start - c.end <= 2 for q in s.quantities):
            continue  # "41 PFLOPS FP8 instead of the dense 20.8 PFLOPS": past a contrast, the word of the figure it opens
        if c.start >= end and (_label_colon(s, c) or (prefix == "ATTR:" and _labels_figure(s, c))):
            # "FP4: 9 PFLOPS · FP8: 4.5 PFLOPS": a label with its colon names the value after it; so does a
            # word right before a figure in a list ("313.6 TB/s, EFA 28,800 Gbps")
            continue
        if prefix == "ATTR:" and c.start >= end and any(end <= q.start and q.end <= c.start for q in s.quantities):
            continue  # "640 GB, NVLink 4 at 900 GB/s per GPU, also 192 vCPUs": the cue is the later figure's
        if prefix == "SPARSE:" and c.start >= end and any(end <= q.start and q.end <= c.start and s.w.becomes_between.fullmatch(
                s.text, end - s.start, q.start - s.start) for q in s.quantities):
            continue  # "720 PFLOPS of FP8 halves to 360 PFLOPS once sparsity is taken out": the figure it turns into's
        if prefix == "SPARSE:" and c.start >= end and s.w.sparse_copula.fullmatch(gap) \
                and s.w.sparse_copula_next.match(s.text, c.end - s.start):
            continue  # "3.958 TFLOPS sind dicht nur 1.979": the word of the figure the first one is said to be
        if c.start >= end and _LIST_BREAK.search(gap):
            # "671 TFLOPS and not 2,517 TFLOPS; the larger number is sparse", "FP8 sparse 9 PFLOPS · BF16 dense
            # 2.25 PFLOPS": the next clause's or list item's word
            continue
        if c.end <= start and _LABEL_COLON.fullmatch(gap):
            d = 0  # "FP8: 4.5 PFLOPS": the value's own label
        elif s.w.clause_break.search(gap) and not c.start == c.end == s.start \
                and (c.end > start or s.w.clause_break.search(s.w.figure_at.sub("", gap))) \
                and not (c.label.startswith("SCOPE:") and s.w.bare_with.fullmatch(gap)) \
                and not (c.end <= start and "(" in gap and ")" not in gap
                         and not s.w.clause_break.search(_DIGIT_SEP.sub("", gap).replace("(", " "))):
            # ("on FP8 (2,517 vs 1,299 TFLOPS)": a bracket opened after the cue explains it, it does not part them)
            # (a bare "mit"/"with" right after the cue joins it to the value: "jeder Chip mit 28.800 Gbit/s")
            # (a table header's word, put at the cell's start with no width, speaks for the whole cell: "| NVLink
            # pro GPU | 5. Generation, 1,8 TB/s |")
            if same_clause or (not next_clause and c.start >= end):
                continue  # (a cue in the clause after the value speaks of that clause's value)
            if c.start >= end and any(0 <= q.start - c.end <= 20 and "(" not in gap and not s.w.clause_break.search(
                    s.text, c.end - s.start, q.start - s.start) for q in s.quantities):
                continue  # "3.958 TFLOPS FP8, dicht sind es 1.979 TFLOPS": the next clause's word, for its own figure
            if prefix == "SPARSE:" and c.end <= start and any(
                    o.label.startswith(prefix) and o.start >= end and not s.w.clause_break.search(
                        s.text, end - s.start, o.start - s.start) for o in s.cues):
                continue  # "9 PFLOPS of dense FP8, and the rack's 720 PFLOPS ... once sparsity is taken out": its own clause's
            d += 5 * window
        # ties: a cue before the value over one after it ('fp8  1,299 TFLOPS  bf16'), then the longer
        # ("memory bandwidth" over "memory")
        rank = (d, c.start >= end, -(c.end - c.start))
        if best_rank is None or rank < best_rank:
            best, best_rank = value, rank
    return best


_CMP_APPOSITION = re.compile(r"(?:\s*[\w-]+){0,4}\s*\(\s*")
_LIST_BREAK = re.compile(r"[;·•]")  # a semicolon, or the dot between the items of a list on one line
_DIGIT_SEP = re.compile(r"(?<=\d)[,.](?=\d)")  # "2,517": a thousands separator is no clause break
# a label's colon, with the emphasis around "**FP8:**" blanked and up to two more words of the label ("BF16 dense:")
_LABEL_FIGURE = re.compile(r"[ \t]+\d")
_LABEL_COLON = re.compile(r"[ \t*_]*(?:[\w/()-]+[ \t*_]*){0,2}?:[\s*_]*")  # (on the cue's line: "FP8 dicht\nHelios:")


def _label_colon(s: Sentence, c: Cue) -> bool:
    """The cue is a label with its colon ("FP4: 9 PFLOPS"), not the last word of a bracket the colon follows
    ("**MI300X** (192 GB HBM3, 2,6 PFLOPS BF16 dicht): 2,29 €": the bracket's figure is BF16)."""
    m = _LABEL_COLON.match(s.text, c.end - s.start)
    if m is None or ")" not in m.group():
        return m is not None
    return s.text.rfind("(", 0, c.start - s.start) <= s.text.rfind(")", 0, c.start - s.start)


def _labels_figure(s: Sentence, c: Cue) -> bool:
    """A cue word right before a figure of the sentence ("EFA 28,800 Gbps"), not before a name's number
    ("NVLink 4")."""
    m = _LABEL_FIGURE.match(s.text, c.end - s.start)
    if m is None:
        return False
    at = s.start + m.end() - 1
    return any(q.start == at for q in s.quantities) and not any(n.start <= at < n.end for n in s.mentions)


def _inside_other(spans: list[tuple[int, int]], c: Cue, start: int, end: int) -> bool:
    """Whether the cue lies inside a discussed span ("(was 94 GB)") that does not hold the value itself."""
    return any(a <= c.start and c.end <= b and not (a <= start and end <= b) for a, b in spans)


def distance(c: Cue, start: int, end: int) -> int:
    if c.end <= start:
        return start - c.end
    if c.start >= end:
        return c.start - end
    return 0


def clause_start(s: Sentence, rel: int) -> int:
    """Where the clause around a sentence offset begins: after the last ";" or ":" before it."""
    return max(s.text.rfind(";", 0, rel), s.text.rfind(":", 0, rel), 0)


def plan_words_before(s: Sentence, rel: int) -> bool:
    """A plan's words in the clause before a sentence offset ("Amazon plans to invest", "Anthropic soll ...")."""
    return s.w.plan_before.search(s.text, clause_start(s, rel), rel) is not None


def cue_texts(s: Sentence, label: str, at: int | None = None) -> list[str]:
    """The words of the sentence's cues with the label; with `at`, not those of a clause that a semicolon before
    `at` ended ("Each chip has ...; a full pod links 9,216 chips for 42.5 EFLOPS")."""
    cut = s.start + s.text.rfind(";", 0, at - s.start) if at is not None else -1
    return [s.text[c.start - s.start:c.end - s.start] for c in s.cue(label) if c.start > cut]


def compared_figure(s: Sentence, m: Mention, at: int) -> bool:
    """The figure at sentence offset `at` is the compared one's, `m`'s: in brackets right after it ("gegenüber der
    H100 (80 GB) knapp 50 % mehr HBM"), right after it with a possessive ("wie der Trainium mit seinen 32 GB", "than
    the H100 with its 80 GB") or in the phrase the sentence opens with to name it."""
    gap = (m.end - s.start, at - s.start)
    return bool(s.w.bracket_figure.fullmatch(s.text, *gap) or s.w.own_figure_next.fullmatch(s.text, *gap)) \
        or in_opening_comparison(s, m, at)


def in_opening_comparison(s: Sentence, m: Mention, at: int) -> bool:
    """A figure at sentence offset `at` inside the phrase the sentence opens with to name what it compares against,
    `m` ("Compared with the H100 SXM and its 80 GB of HBM3 at 3.35 TB/s, each B200 offers ...", "Gegenüber den
    H100-GPUs, mit denen wir trainiert haben (80 GB HBM3), bietet die B200 ..."): the phrase runs to the first comma
    outside brackets that opens no relative clause, and the figure is in brackets or follows "and its" / "mit ihren"
    (a German main clause follows the phrase without a comma: "Gegenüber dem Trainium2 wächst der Speicher ...")."""
    if not s.w.opening_cmp.fullmatch(s.text, 0, m.start - s.start):
        return False
    between, depth = s.text[m.end - s.start:at - s.start], 0
    for i, ch in enumerate(between):
        depth += (ch == "(") - (ch == ")")
        if ch in ";:" or (ch == "," and depth <= 0 and not s.w.relative_comma.match(between, i)):
            return False
    return depth > 0 or s.w.cmp_own_figure.search(between) is not None


# a number between a comparison word and a name: the word qualifies the figure ("over 1 million Trainium2 chips")
_FIGURE_BETWEEN = re.compile(r"\s*\d[\d.,]*\s*(?:[A-Za-zäöü]+\s*)?")


def compared_in(s: Sentence) -> list[Mention]:
    """Entities that follow a comparison word: what the subject is compared against
    ("than the H100", "gegenüber dem Vorgänger Trainium2", "wie beim Trainium2", "dieselbe
    Leistung wie Trainium2"), or that are introduced as the reference point ("das Sechsfache des
    Vorgängers Trillium", "the capacity of its predecessor, Trainium2")."""
    if s.compared is not None:
        return s.compared
    cmp = s.cue("CMP")
    anaph = [c for c in s.cues if c.label in ("ANAPH:predecessor", "ANAPH:successor")]
    out = []
    for m in s.mentions:
        rel = m.start - s.start
        before = s.text[max(0, rel - 60):rel]
        if s.w.wie.search(before) and s.w.equal_wie.search(before):
            out.append(m)
            continue
        ref = next((c for c in anaph if 0 <= m.start - c.end <= 3), None)
        if ref and is_reference(s, ref):
            out.append(m)
            continue
        if s.w.from_on.search(before) and s.w.to_after.match(s.text, m.end - s.start):
            out.append(m)  # "Capacity goes from 96 GB on Trainium2 to 144 GB per chip": the old one
            continue
        if s.w.mit_before.search(before) and s.w.level_after.match(s.text, m.end - s.start):
            out.append(m)  # "liegt ... mit dem GB300 NVL72 gleichauf": the one it is level with
            continue
        if (s.w.ratio_before.search(before) and s.text.startswith(("'s", "’s"), m.end - s.start)) \
                or s.w.ratio_of_before.search(before):
            out.append(m)  # "It also doubles the v5e's memory", "das Vierfache der v5p": the reference point
            continue
        for c in cmp:
            gap = m.start - c.end
            between = s.text[c.end - s.start:m.start - s.start]
            if s.w.datasheet_after.match(s.text, m.end - s.start):
                continue  # "I checked every row against Nvidia's GB300 NVL72 datasheet": the source's subject, no rival
            if ": " in between or s.w.cmp_is_time.fullmatch(s.text, 0, c.end - s.start):
                continue  # "8/9 vs Google: Ironwood (TPU7x), ...": a label's comparison, closed by its colon; a sentence
                # led by the word as a conjunction of time („Als die MI325X vorgestellt wurde, ...“): no comparison
            if _FIGURE_BETWEEN.fullmatch(between) \
                    and s.w.qualifier_cmp.search(s.text, max(0, c.start - s.start - 6), c.end - s.start):
                # (the comparison words that qualify a figure: not "gegenüber 64 im Trn2 UltraServer")
                continue  # "over 1 million Trainium2 chips", "mehr als 400 H100": a figure's qualifier, no comparison
            if 0 <= gap <= 12 or (0 <= gap <= 30 and s.w.between_cmp.match(between)
                                  and not any(o.start >= c.end and o.end <= m.start for o in s.mentions)) \
                    or (0 <= gap <= 45 and _CMP_APPOSITION.fullmatch(between)):
                # ("gegenüber unseren alten trn1-Knoten (Trainium der ersten Generation, ...)": named in brackets)
                out.append(m)
                break
        else:
            if out and out[-1].entity == m.entity and m.start - out[-1].end <= 3:
                out.append(m)  # "des Vorgängers Trillium (TPU v6e)": the same one again
    s.compared = out
    return out


def counted_in(s: Sentence) -> list[Mention]:
    """Names inside a count ("16 Trainium2 chips", "mit je 64 Trainium2"): parts, not the subject."""
    if s.counted is None:
        s.counted = [m for m in s.mentions if _count_before(s, m)]
    return s.counted


def _count_before(s: Sentence, m: Mention) -> bool:
    """A number right before the name, not a version's ("the CDNA 4 MI355X", "PCIe 5 GPUs")."""
    before = s.text[max(0, m.start - s.start - 16):m.start - s.start]
    n = s.w.count_before.search(before)
    return n is not None and not s.w.version_before.search(before, 0, n.start()) \
        and not _month_year(s, m.start - s.start - len(before) + n.start())


def _month_year(s: Sentence, at: int) -> bool:
    """The number at `at` is the year of a date whose month is written before it ("kündigte im Dezember 2025
    Trainium4 an"), as periods.period_before reads it."""
    year = _YEAR_AT.match(s.text, at)
    if year is None:
        return False
    words_at, period = period_before(s.text, year.start(1), int(year.group(1)))
    return words_at < year.start(1) and period.first_month == period.last_month


_YEAR_AT = re.compile(r"\s*((?:19|20)\d\d)\b")


def count_before(s: Sentence, m: Mention) -> float | None:
    """The count right before a counted name ("16 Trainium2 chips" 16, "eight H100" 8, "two-card H200 NVL" 2);
    None for a number word that ends a longer one ("sixty-four": only its "four" is a number word here)."""
    before = s.text[max(0, m.start - s.start - 16):m.start - s.start]
    n = s.w.count_before.search(before) or s.w.count_compound_before.search(before) \
        or s.w.group_count_before.search(before)
    if n is None:
        return None
    word = (n.group("n") or n.group("w")) if "n" in n.re.groupindex else n.group().strip(" \t\u00a0x×")
    if word[:1].isdigit():
        digits = re.sub(r"[.,]", "", word)
        return float(digits) if digits.isdigit() else None
    if before[:n.start()].endswith("-"):
        return None
    return numbers(s.w.code)["number_words"].get(word.lower())


def group_in_bracket(s: Sentence, q: Quantity, subject: str) -> bool:
    """The figure stands in a bracket opened after a count of several of the subject ("Twelve Trn2 UltraServers on a
    reservation (768 Trainium2 chips, 72 TB of HBM)", "Zwölf Trn2-UltraServer (768 Chips, 72 TB)"): their total."""
    for m in s.mentions:
        between = s.text[m.end - s.start:q.start - s.start]
        if m.entity != subject or m.end > q.start or "(" not in between or ")" in between[between.rfind("("):] \
                or (count_before(s, m) or 0) < 2 or _SIZE_BEFORE.search(s.text, 0, m.start - s.start):
            continue  # (a size is no count: "A 64-chip Trn2 UltraServer (four servers)")
        opened = m.end - s.start + between.rfind("(")
        close = s.text.find(")", opened)
        if not any(m.end <= o.start < s.start + opened for o in s.mentions) \
                and not s.w.per_one.search(s.text, opened, close if close > 0 else len(s.text)):
            return True  # (not after another name, "zwölf p5.48xlarge mit je 8 H100 (80 GB, ...)", nor a bracket of
            # each one's figures: "32 DGX H100 systems (8 GPUs and 640 GB per system, 256 GPUs in total)")
    return False


_SIZE_BEFORE = re.compile(r"\d[\d.,]*-[^\W\d]+\s*$")  # "A 64-chip Trn2 UltraServer": a size before the name

def change_of(s: Sentence, a: Quantity, b: Quantity) -> tuple[Quantity, Quantity] | None:
    """Two figures of a sentence, `a` before `b`, that state a change: (new, old). "from 2.9 TB/s to
    4.9 TB/s", "von 96 GB auf 144 GB", "96 → 144 GiB": `b` is new; "4,8 TB/s statt 3,35 TB/s", "instead of": `a` is."""
    if a.family != b.family:
        return None
    gap = s.text[a.end - s.start:b.start - s.start]
    if s.w.to_between.fullmatch(gap) and s.w.from_end.search(s.text, max(0, a.start - s.start - 12), a.start - s.start):
        return b, a
    if s.w.arrow_between.fullmatch(gap):
        return b, a
    if s.w.instead_of.fullmatch(gap):
        return a, b
    return None


def negation_before(s: Sentence, at: int, window: int, across_figures: bool = True) -> bool:
    """A negation ends at most `window` characters before text offset `at`, in the same clause ("not HBM3e",
    "nicht bei Intel"; not "stimmt nicht: Es ist HBM4", where the colon opens what is asserted), and with no
    figure between unless `across_figures`."""
    return any(c.label == "NEG" and 0 <= at - c.end <= window and not s.w.neg_break.search(s.text[c.end - s.start:at - s.start])
               and (across_figures or not any(c.end <= q.start < at for q in s.quantities)) for c in s.cues)


def arrow_after(s: Sentence, q: Quantity) -> bool:
    """An arrow follows the figure: "96 → 144 GiB" (the change's old end)."""
    return bool(_ARROW_AFTER.match(s.text, q.end - s.start))


_ARROW_AFTER = re.compile(r"\s*" + ARROW)


def names_network(s: Sentence, m: Mention) -> bool:
    """The mention is a network (EFA, InfiniBand): a network-bandwidth cue word covers it."""
    return any(c.label == "ATTR:network_bandwidth" and c.start < m.end and m.start < c.end for c in s.cues)


def is_reference(s: Sentence, cue: Cue) -> bool:
    """"of its predecessor", "than the predecessor", "des Vorgängers", "dem Vorgänger": the
    predecessor (successor) is what is compared against, not the subject."""
    if s.w.reference_article.match(s.text[cue.start - s.start:]):
        return True
    return bool(s.w.of_reference.search(s.text[max(0, cue.start - s.start - 24):cue.start - s.start]))


def times_counted(s: Sentence, m: Mention, at: int) -> bool:
    """The figure at sentence offset `at` is written "N ×" its value where `m` is counted N ("your four
    trn1.32xlarge together deliver 4 × 3,040 TFLOPS"): the factor counts `m`, so the figure is one of them."""
    times = TIMES_BEFORE.search(s.text, max(0, at - s.start - 8), at - s.start)
    n = count_before(s, m) if times is not None and m.end <= at else None
    return n is not None and times is not None and float(times.group().rstrip("×x \t")) == n


def owner_label(s: Sentence, m: Mention) -> bool:
    """The name says whose an earlier figure is ("4.8 TB/s, which is the H200 figure; corrected to 8 TB/s", "das
    ist der Wert des H200"): not the subject of a figure after it (not "`capacity` is the GB300 NVL72 figure: ... 279
    GB", which names no earlier figure)."""
    lo, hi = m.start - s.start, m.end - s.start
    return any(q.unit and q.end <= m.start for q in s.quantities) \
        and bool(s.w.owner_label.search(s.text[max(0, lo - 40):lo] + "NAME" + s.text[hi:hi + 20]))


def owner_after(s: Sentence, m: Mention, subject: str, at: int, systems=()) -> bool:
    """"the B200 reaches 9 PFLOPS, and Blackwell Ultra, the B300, ... carries 180 GB": the subject named in
    a later clause, between the other name and the figure, owns the figure alone. Not where the other is one of the
    subject's `systems` that the subject may be short for ("the GB200 NVL72 rack's HBM as 20.7 TB; the right value
    for GB200 is 13.4 TB"), unless the subject is counted one by one ("each GB200 has")."""
    own = next((o for o in s.mentions if o.entity == subject and m.end <= o.start and o.end <= at), None)
    return own is not None and bool(s.w.next_clause.search(s.text, m.end - s.start, own.start - s.start)) and (
        m.entity not in systems or bool(s.w.each_one.search(s.text, 0, own.start - s.start)))


def listed_scope(s: Sentence, at: int) -> str | None:
    """The scope word that leads a list of figures the one at `at` belongs to ("per chip it is 1,299 TFLOPS and 96
    GB of HBM", „je Chip sind es 1.299 TFLOPS und 96 GB HBM“): only figures and "and" between them."""
    cue = next((c for c in reversed(s.cue("SCOPE:")) if c.end <= at), None)
    if cue is None:
        return None
    gap = s.text[cue.end - s.start:at - s.start]
    for q in sorted(s.quantities, key=lambda q: -q.start):
        if cue.end <= q.start and q.end <= at:
            gap = gap[:q.start - cue.end] + "#" + gap[q.end - cue.end:]
    return cue.label[6:] if "#" in gap and s.w.figure_list.fullmatch(gap) else None


_ITEM_SEP = re.compile(r"\s[·•]\s")


def own_item(s: Sentence, subject: str, at: int) -> tuple[int, int] | None:
    """The offsets of the "·"-separated item of a line that holds the figure at `at` and names the subject before it
    ("Fab: MI355X TSMC 5 nm · Gaudi 3 TSMC 5 nm"): the other items' names own their own figures. None without items."""
    rel = at - s.start
    seps = list(_ITEM_SEP.finditer(s.text))
    lo = max((m.end() for m in seps if m.end() <= rel), default=0)
    hi = min((m.start() for m in seps if m.start() >= rel), default=len(s.text))
    named = any(m.entity == subject and lo <= m.start - s.start and m.end <= at for m in s.mentions)
    return (s.start + lo, s.start + hi) if seps and named else None


_OWN_GAP = re.compile(r"[^();:]{0,40}")  # (its own figure after a few words: "MI300X with 192 GB of HBM3 at 5.3 TB/s")


def owns_other_figure(s: Sentence, m: Mention, at: int) -> bool:
    """The name `m` is followed right away by a figure of its own of the kind of the one at `at` ("Hopper on a 4 nm-class
    node, the MI355X's compute dies on 5 nm, and Gaudi 3 on 5 nm": Hopper's and Gaudi 3's): not a possible owner of that
    one."""
    q = next((p for p in s.quantities if p.start == at), None)
    if q is None:
        return False
    for p in s.quantities:
        if p is q or p.family != q.family or p.start < m.end \
                or not _OWN_GAP.fullmatch(s.text, m.end - s.start, p.start - s.start) \
                or any(m.end <= o.start and o.end <= p.start for o in s.mentions):
            continue  # (not a figure shared with a name between: "p5e and Trn2 each have 3,200 Gbps")
        if p.end <= q.start:  # a name before the figure, with its own figure before a break
            between = s.text[p.end - s.start:q.start - s.start]
            tail = ""
        else:  # a name after the figure, right after a break ("…, and Gaudi 3 on 5 nm"; not "… für den Trn3 UltraServer")
            between = s.text[q.end - s.start:m.start - s.start]
            tail = between[max((b.end() for b in s.w.list_break.finditer(between)), default=0):]
        if s.w.list_break.search(between) and not any(ch in between for ch in "();") \
                and len(tail) <= 12 and not any(ch.isdigit() for ch in tail):
            return True  # (its own item of a list: "…, the MI355X on 5 nm", not "51 GB mehr … (192 GB gegenüber …)")
    return False


def second_of_pair(s: Sentence, at: int) -> bool:
    """The figure at `at` follows another of its family across "vs", "gegenüber", "against": "192 GB vs 141 GB"."""
    q = next((x for x in s.quantities if x.start == at), None)
    prev = [x for x in s.quantities if x.end <= at]
    return q is not None and bool(prev) and prev[-1].family == q.family \
        and bool(s.w.versus_between.fullmatch(s.text, prev[-1].end - s.start, at - s.start))


def _figure_and_next(s: Sentence, at: int):
    """The figure at `at` and the one after it (either None if none)."""
    q = next((x for x in s.quantities if x.start == at), None)
    return q, next((x for x in s.quantities if x.start >= at and x is not q), None)


def pair_after(s: Sentence, at: int):
    """The figure paired with the one at `at` across "vs", "gegenüber": "2.9 TB/s vs 3.35 TB/s"; None if none."""
    q, nxt = _figure_and_next(s, at)
    if q is None or nxt is None or nxt.family != q.family:
        return None
    return nxt if s.w.versus_between.fullmatch(s.text, q.end - s.start, nxt.start - s.start) else None


def old_after(s: Sentence, at: int):
    """The figure a change came from, written after the one it went to ("to 4.9 TB/s, from 2.9 TB/s"), or None."""
    q, nxt = _figure_and_next(s, at)
    change = change_of(s, q, nxt) if q is not None and nxt is not None else None
    return nxt if change is not None and change[0] is q else None


def in_change(s: Sentence, at: int) -> bool:
    """The figure at `at` is one end of a change ("goes from 1,287 TFLOPS to 2,517 TFLOPS")."""
    qs = s.quantities
    k = next((i for i, x in enumerate(qs) if x.start == at), None)
    return k is not None and ((k > 0 and change_of(s, qs[k - 1], qs[k]) is not None) or (
        k + 1 < len(qs) and change_of(s, qs[k], qs[k + 1]) is not None))


def planned(s: Sentence, at: int) -> bool:
    """Whether the figure at `at` (a segment offset) is a target: a plan's words in its clause before it
    ("Amazon plans to invest up to $25 billion", "Anthropic soll bis Ende 2025 eine Million Chips nutzen")."""
    rel = at - s.start
    if plan_words_before(s, rel) or s.w.plan_fronted.match(s.text, rel):
        return True  # (or German's fronted object before the modal: "Rund 30 Gebäude will Amazon hier betreiben")
    end = s.text.find(" ", rel)  # (after the figure's first word)
    return bool(s.w.future_before.search(s.text, clause_start(s, rel), rel)) and end > 0 \
        and bool(s.w.future_after.match(s.text, end))

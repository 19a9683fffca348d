"""What is not the article's own claim: quoted mistakes, old values, a model's needs, other dies.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from .. import units
from ..lang.windows import Words
from ..models import Quantity, Segment
from ..periods import MONTHS
from .patterns import (
    ARROW,
    FULLY_QUOTED,
    ONLY_QUOTATION,
    QUOTATIONS,
    QUOTED,
    QUOTED_ACROSS_LINES,
)
from .sentence import Cue, Sentence

if TYPE_CHECKING:
    from .discourse import Discourse


def mark_corrected_quotes(sentences: list[Sentence]) -> None:
    """Quotation marks around a figure, with "that is wrong"/"das stimmt nicht" in the same or the
    next sentence: the article quotes someone else's mistake to correct it, it does not claim it."""
    for i, s in enumerate(sentences):
        if "(" in s.text:
            was = [(s.start + m.start(), s.start + m.end()) for m in s.w.was_paren.finditer(s.text)]
            if was:  # "fixed H100 memory (was 94 GB)", "180 GB (nicht 192 GB)": the old or wrong value, no claim
                s.discussed = s.was = was
        quotes = list(QUOTED.finditer(s.text))
        if not quotes:
            continue
        after = s.text[quotes[-1].end():] + " " + (sentences[i + 1].text if i + 1 < len(sentences) else "")
        before = s.text[:quotes[0].start()]
        if s.w.correction.search(after) or s.w.correction.search(before) or s.w.quote_label.search(before) \
                or _negated_later(s, quotes):
            # (not the new wording an erratum puts in: 'Statt „… 192 GB“ ist zu lesen: „… 256 GB“')
            s.discussed = s.discussed + [(s.start + q.start(), s.start + q.end()) for q in quotes
                                         if not s.w.errata_new_lead.search(s.text, max(0, q.start() - 24), q.start())]


def mark_replaced_by_next(s: Sentence, nxt: Sentence) -> None:
    """A sentence that opens with the right value ("The correct figure is 32 GiB of HBM per Inferentia2 chip",
    "Richtig sind 32 GiB."): the figures of the sentence before in the same unit family and with another value are
    the wrong ones it replaces ("We assumed each Inferentia2 chip carried 16 GB of memory.")."""
    m = s.w.correct_next.match(nxt.text)
    if m is not None and nxt.quantities:
        _replaced(s, s.quantities, nxt.quantities[0], nxt.start + m.end())


def mark_replaced_within(s: Sentence) -> None:
    """A clause that corrects the one before it ("The same version said the HGX B300 is rated at 1,400 W; we have
    corrected that to 1,100 W.", "…; wir haben das auf 1.100 W korrigiert."): the earlier figures of the same
    unit family and another value are the old ones."""
    m = s.w.corrected_to.search(s.text)
    if m is None:
        return
    at = s.start + m.end()
    right = next((q for q in s.quantities if q.start >= at), None)
    if right is not None:
        _replaced(s, [q for q in s.quantities if q.end <= s.start + m.start()], right, at)


def _replaced(s: Sentence, old: list[Quantity], right: Quantity, at: int) -> None:
    """Set aside the figures of ``old`` that a right value (starting at ``at``, give or take two characters)
    replaces."""
    if not right.unit or right.start > at + 2:
        return
    value = units.to_base(right.value, right.unit)
    s.discussed = s.discussed + [(q.start, q.end) for q in old if q.unit and q.family == right.family
                                 and abs(units.to_base(q.value, q.unit) - value) > 1e-6 * abs(value)]


def _negated_later(s: Sentence, quotes: list[re.Match]) -> bool:
    """'a listing promised "640 GB of HBM3 per GPU": ... so 80 GB per GPU, not 640 GB': the quote's figure denied
    later in the sentence."""
    end = quotes[-1].end()
    for q in quotes:
        for n in _FIGURE.findall(q.group()):
            for m in re.finditer(re.escape(n) + r"(?!\d)", s.text[end:]):
                if s.w.negated_before.search(s.text, max(end, end + m.start() - 40), end + m.start()):
                    return True
    return False


_FIGURE = re.compile(r"\d[\d.,]*\d|\d")


def is_discussed(s: Sentence, start: int, end: int) -> bool:
    """Whether a span lies inside a quoted mistake or an old value the article corrects."""
    spans = s.discussed
    return bool(spans) and any(a <= start and end <= b for a, b in spans)


def model_requirement(s: Sentence, q: Quantity) -> bool:
    """"A 70B model in BF16 needs about 140 GB", "Llama 3 benötigt rund 810 GB", "a 140 GB checkpoint": what a
    model needs or has."""
    if s.w.model_after.match(s.text, q.end - s.start):
        return True  # "a 140 GB checkpoint fits in one Trainium3's 144 GiB"
    before = s.text[:q.start - s.start]
    if s.w.enough_for.search(before):
        return True  # "640 GB pro System reichen für 810 GB nicht", "not enough for 810 GB": what is to be held
    if s.w.bytes_product.search(before):
        return True  # "70 Mrd. × 2 Byte = 140 GB", "70B parameters × 2 bytes = 140 GB": a model's footprint
    if not s.w.model.search(before):
        return False
    # ("a model that no longer fits into 32 GB", "wenn ein Modell nicht mehr in 32 GB passt": what it fits in)
    return bool(s.w.needs.search(before) or s.w.fits_into.search(before)
                or (re.search(r"\bin\s+$", before) and s.w.passt.match(s.text, q.end - s.start)))


# AMD's names of the dies beside the compute dies: I/O dies, active interposer dies, fabric and media dies
_OTHER_DIE = re.compile(r"\b(?:IOD|AID|FCD|MID)s?\b")


def other_die(before: str, w: Words) -> bool:
    """Whether the last die named before a node is not a compute die ("I/O dies on 6 nm",
    "I/O-Chiplets im 6-nm-Verfahren", "IODs on N6", "FCD und MID in 3 nm")."""
    dies = list(w.die_noun.finditer(before))
    last = dies[-1] if dies else None
    if last is not None:
        return bool(w.not_compute_die.fullmatch(last.group(1)))
    return bool(_OTHER_DIE.search(before))


def quoted_heading(seg: Segment, w: Words) -> bool:
    """'## 1. "Trainium3 has four times the memory of Trainium2"': a heading that is only a quotation is a
    myth the section refutes."""
    return seg.kind == "heading" and bool(FULLY_QUOTED.fullmatch(w.numbering.sub("", seg.text, count=1)))


def companions(s: Sentence) -> list:
    """Mentions of hardware shown together with the subject ("Der Wirkstoff wurde auf der GTC vorgestellt, gemeinsam mit
    dem GB200 NVL72", "presented together with the GB200 NVL72"): no topic for the sentences after it."""
    return [m for m in s.mentions if s.w.companion_before.search(s.text, max(0, m.start - s.start - 24), m.start - s.start)]


def quoted_figures(s: Sentence) -> bool:
    """A quotation in the sentence that holds one of its figures ('## Mythos 4: „Nvidias B200 hat 192 GB“'), not only
    a title ('## 4. "Blackwell Ultra in the rack" (5 August 2026)')."""
    spans = [(q.start(), q.end()) for q in QUOTED.finditer(s.text)]
    return any(a <= x.start - s.start and x.end - s.start <= b for x in s.quantities for a, b in spans)


def quoted_blockquote(seg: Segment, before: str, w: Words) -> bool:
    """'> "Trillium has 192 GB per chip ..."' (also below the quoted post's author line), a quoted mail ('> **From:**
    Name · **Sent:** 9 April 2026'), or a blockquote after "Someone replied with this:" or under "## Reply 6: u/name":
    someone else's words (a list in it too). `before` is the paragraph or heading before it."""
    if seg.kind in ("list_item", "table_cell"):  # "> On Tue, Tom wrote:" over "> > 1. Rev A has ...": a list (or a
        return seg.quote_depth > 0 and bool(w.quote_intro.search(before))  # table) in the quoted mail
    if seg.kind != "blockquote":
        return False
    body = seg.text.split("\n", 1)[1] if "\n" in seg.text.strip() else ""  # below an author line ("🔁 **Name** `@x`")
    return bool(FULLY_QUOTED.fullmatch(seg.text) or (body and FULLY_QUOTED.fullmatch(body)) or w.salutation.match(seg.text)
                or w.salutation.match(before)  # ("> Dear colleagues, …" over "> On point 2, …": the letter's paragraphs)
                or w.quoted_mail_header.match(seg.text) or w.quoted_mail_header.match(before)
                or w.quote_intro.search(before) or w.quote_source.search(before) or w.quote_disclaimer.search(before))


def asked(text: str, w: Words) -> re.Match | None:
    """The turn label a paragraph or line opens with: a question's ("Q:", "**Frage 6** (Name):") or a quoted
    party's ("**Customer says:**"). A question labelled with its asker's name is a turn only when the text ends
    with its question ("*Frage (Teilnehmer): Lohnt sich das?* – Die p5.48xlarge ...": the answer follows)."""
    turn = w.question_turn.match(text)
    if turn and "asker" in turn.re.groupindex and turn.group("asker") and not text.rstrip(" *_\n").endswith("?"):
        turn = None
    if turn is None and "\n" not in text.strip() and text.rstrip(" *_\n").endswith("?"):
        turn = _NAMED_LABEL.match(text) or (_CAPS_LABEL.match(text) if len(_SENTENCE_STOP.findall(text)) <= 2 else None)
        # ("**Kenji Watanabe:** The MI355X has 256 GB per GPU, so ...?", "REUTER: Nvidias H100 wurde ja schon 2020
        # vorgestellt – ist das nicht ...?": a premise; a plain label in capitals, a short turn)
    return turn or w.quoted_turn.match(text)


# a person's name set in bold as a speaker's label (its marks blanked): "**Kenji Watanabe:** ", "**Dr. Jana Ruf:** "
_NAMED_LABEL = re.compile(r"[ ]{2}(?:(?:Dr|Prof|Mr|Ms|Mrs|Hr|Fr)\.\s+)?[A-ZÄÖÜ][\w'’-]+(?:\s+[A-ZÄÖÜ][\w'’-]+){1,3}:[ ]{2}")


def labelled_quotation(text: str) -> int:
    """Where the label of '**@neuronaut** (Trn3 Gen1): "64x Trainium3, 144 GB ..."' ends (a label, a colon and then
    only a quotation): the colon's offset, or -1."""
    colon = text.find(":", 0, 120)
    return colon if colon >= 0 and FULLY_QUOTED.fullmatch(text, colon + 1) else -1


# a speaker's name in capitals as a transcript's label: "REUTER: ", "DR. KESSLER: "
_CAPS_LABEL = re.compile(r"(?:(?:DR|PROF)\.\s+)?[A-ZÄÖÜ]{2,}(?:[ -][A-ZÄÖÜ]{2,}){0,2}:[ \t]")
_SENTENCE_STOP = re.compile(r"[.!?](?=\s|$)")
# "**Management response.** ", "**Frage 3 – Dr. Ines Hartmann, Bürgerinitiative „Lindenbach bleibt grün“:** " (marks blanked)
_BOLD_LABEL = re.compile(r"[ ]{2}(?:[^\s:.][^\n:.]{0,58}[.:]|[^\s:][^\n:]{0,98}:)[ ]{2}")


def label_then_quotation(text: str) -> bool:
    """'**Management response.** "We accept the finding ..."': a bold label and then only a quotation, someone's
    words under their label."""
    m = _BOLD_LABEL.match(text)
    return m is not None and bool(ONLY_QUOTATION.fullmatch(text, m.end()))


def said_line(text: str, w: Words) -> bool:
    """'**Model B answered:** "The H200 has 80 GB ..."': a label with a verb of saying, its colon, and then only a
    quotation (on this line): someone's words, which the next line may judge."""
    line = text.split("\n", 1)[0]
    colon = labelled_quotation(line)
    if colon <= 0 or not (line.startswith("  ") or line[colon + 1:colon + 3] == "  "):
        return False  # a label, set in bold (its marks are blanked); not a sentence ("A customer told us: "...")
    return bool(w.quote_intro.search(line, 0, colon + 1))


def question_turn(seg: Segment, w: Words) -> bool:
    """An interviewer's turn ("Q:", "Frage:"): its figures are the premise of a question, not claims; a chatbot's
    turn in a published chat ("**Assistant:** ..."): its words, which the author goes on to check. A heading is a
    question turn when it is labelled and asks ("### Q: The H200 has 192 GB of memory — is that why ...?")."""
    if seg.kind == "heading":
        return seg.text.rstrip(" *_\n").endswith("?") and bool(w.question_turn.match(seg.text.lstrip("# ")))
    if seg.kind in ("list_item", "paragraph") and w.true_or_false.match(seg.text):
        return True  # "2. True or false: the H100 SXM delivers 3,958 TFLOPS of dense FP8.": a quiz's question
    if seg.kind != "paragraph":
        return False
    turn = asked(seg.text, w)
    if turn and "\n" in seg.text.strip():
        return False  # "**Frage 1:** ...\n**Antwort:** ...": a turn on each line (the extractor reads them by line)
    return bool(turn or w.assistant_turn.match(seg.text))


def answered_at(text: str, w: Words) -> int:
    """Where the answer to a question turn begins on the question's own line ("**Q: Who is on the Gaudi 3 card?** A:
    Intel's CEO, ...", "**Frage: …?** Antwort: …"), or -1."""
    for m in _ASKED_END.finditer(text):
        if w.answer_turn.match(text, m.end()):
            return m.end()
    return -1


_ASKED_END = re.compile(r"\?[*_]*[ \t]+")


def hedged(text: str, placed: Sequence[tuple[int, Quantity]], w: Words) -> set[int]:
    """Indexes of figures offered as alternatives ("3nm or 4nm"): neither is claimed."""
    return {j for k in range(len(placed) - 1) for j in (k, k + 1)
            if placed[k][1].family == placed[k + 1][1].family
            and w.alternative.fullmatch(text[placed[k][1].end:placed[k + 1][1].start])}


_NEGATIVE = re.compile(r"(?:^|[\s(:=])[−–-]$")  # a minus sign right before the figure, not a range's dash ("3-4")


def not_a_claim(s: Sentence, q: Quantity) -> bool:
    """A figure that is no claim about hardware: a difference ("adds 32 GB", "50 W mehr"), what a model
    needs, a digit of a name ("Trainium 2 Chips")."""
    if q.family in ("memory", "rate", "compute", "power") and q.unit != "percent" and (
            s.w.delta_before.search(s.text, max(0, q.start - s.start - 24), q.start - s.start)
            or s.w.delta_after.match(s.text, q.end - s.start)):
        return True  # "while adding 32 GB of memory per GPU", "32 GB mehr als", "50 W more": a difference
    if q.family == "power" and (s.w.power_allocation.search(s.text)
                                or s.w.power_cap_before.search(s.text, 0, q.start - s.start)):
        # "stellt je Rack eine Anschlussleistung von 132 kW bereit": a site's allocation, no hardware's draw; "Begrenzen
        # Sie die Leistungsaufnahme auf 700 W je GPU": a limit set
        return True
    if q.family == "memory" and (s.w.buffer_before.search(s.text, max(0, q.start - s.start - 60), q.start - s.start)
                                 or s.w.buffer_after.match(s.text, q.end - s.start)):
        return True  # "NCCL-Puffer auf mindestens 1 GiB erhöhen", "with 1 GiB buffers": a software setting's size
    if q.family not in ("ratio", "count") and _NEGATIVE.search(s.text, 0, q.start - s.start):
        return True  # "Differenz: −43,28 $/h": a negative amount is a difference, no hardware's figure
    if q.family in ("memory", "rate", "compute") and unit_conversion(s, q):
        return True  # "Converted the other way, 141 GB is about 131 GiB": arithmetic, not a chip's figure
    if q.family not in ("count", "ratio", "memory", "rate", "compute", "power") \
            and _ARROW_AFTER.match(s.text, q.end - s.start):
        return True  # "$98.32 → $55.04": where a change started, not what the subject has (a spec's old
        # figure is the predecessor's: numeric.py)
    if q.family == "count" and _YEAR.fullmatch(q.text) and (_after_month(s.text[:q.start - s.start]) or not any(
            c.label.endswith("NOUN") and 0 <= c.start - q.end <= 3 for c in s.cues)):
        return True  # "after AWS's June 2025 GPU price cut": a year, not a count (unless "2048 chips" follows)
    if q.family == "count" and ((_TIMES_AFTER.match(s.text, q.end - s.start) and not _servers_times_chips(s, q))
                                or (_TIMES_BEFORE.search(s.text, 0, q.start - s.start) and not _servers_chips(s, q))
                                or s.w.systems_product.search(s.text, max(0, q.start - s.start - 60), q.start - s.start)):
        # "36 servers × 4 chips", "(4 servers × 16)": a factor of the total, not the total (the servers' number
        # is the system's server count, the chips' each server's); "10 Systeme × 8 GPUs = 80 B200": several
        # systems' chips, not one's
        return True
    if (q.family in ("memory", "rate", "compute", "power") and (
            _PRODUCT_BEFORE.search(s.text, max(0, q.start - s.start - 40), q.start - s.start)
            or s.w.product_restated.search(s.text, max(0, q.start - s.start - 70), q.start - s.start))) \
            or (q.family == "money" and _PRODUCT_BEFORE.search(s.text, max(0, q.start - s.start - 40), q.start - s.start)):
        # "4 × 96 GB = 384 GB": the writer's sum of several chips, not one chip's figure (nor "…, also gut 2 TB"); so is
        # "16 × $1.34375 = $21.50", sixteen instances' price
        return True
    if q.family in ("memory", "rate", "compute", "power") and (
            (any(ch.isalpha() for ch in q.text) and _DIVIDED_AFTER.match(s.text, q.end - s.start))
            or _DIVISION_BEFORE.search(s.text, max(0, q.start - s.start - 20), q.start - s.start)):
        return True  # "Pro H200 liegen 810 GB / 8 ≈ 101 GB": a share worked out, no chip's figure ("20 / 9" stays)
    if q.family in ("memory", "rate", "compute", "power") \
            and s.w.ratio_possessive_before.search(s.text, max(0, q.start - s.start - 30), q.start - s.start):
        return True  # "the H200 ... had 141 GB, nearly three times her 80 GB": what it is compared with, someone's
    if q.family == "ratio" and any(m.start() <= q.start - s.start < m.end() for m in s.w.half_idiom.finditer(s.text)):
        return True  # "stimmt die Aussage nur zur Hälfte", "that is only half true": an idiom, no ratio
    if q.unit == "percent" and s.w.people_share_after.match(s.text, q.end - s.start):
        return True  # "52 Prozent der Befragten": a survey's share of people
    if q.family == "count" and s.w.model_number_before.search(s.text, max(0, q.start - s.start - 30), q.start - s.start):
        return True  # "2 × Intel Xeon 8570": a processor's model number
    if q.family == "power" and (s.w.psu_before.search(s.text, max(0, q.start - s.start - 60), q.start - s.start)
                                or s.w.psu_after.match(s.text, q.end - s.start)):
        return True  # "sechs Netzteile mit je 3,3 kW", "six 3.3 kW PSUs", "3,3-kW-Netzteile": a part's rating
    if q.family in ("compute", "rate", "memory") and _PER_WATT.match(s.text, q.end - s.start):
        return True  # "2.0 TFLOPS/W": an efficiency, not the chip's compute
    if q.family == "memory" and model_requirement(s, q):
        return True  # "a 70B model needs about 140 GB for its weights": a model's size, not the chip's
    if q.value == 1 and q.unit and s.w.unit_definition.match(s.text):
        return True  # "1 TFLOPS sind 1 Billion Rechnungen in 1 Sekunde", "1 GiB is a little more than 1 GB": a unit's meaning
    par = s.text.rfind("(", 0, q.start - s.start) if q.unit else -1
    if par >= 0 and ")" not in s.text[par:q.start - s.start] and s.w.unit_definition.match(s.text[par + 1:]):
        return True  # "(1 GiB sind rund 1,074 GB)": a unit's meaning in brackets, both its figures
    # "über eine Million Trainium 2 Chips": the "2" is the name's
    return q.family == "count" and any(m.start < q.start and q.end <= m.end for m in s.mentions)


def _after_month(before: str) -> bool:
    """Whether the text ends with a month's name ("June ", "im Juni ")."""
    words = before.rstrip().rsplit(None, 1)
    return bool(words) and words[-1].strip(".,").lower() in MONTHS


def unit_conversion(s: Sentence, q: Quantity) -> bool:
    """A figure written as the same amount in another unit ("141 GB is about 131 GiB") in a sentence that
    names no hardware before it: a unit conversion, both sides."""
    if any(m.start < q.start for m in s.mentions):
        return False
    for a, b in pairwise(s.quantities):
        if q not in (a, b) or a.family != b.family or not a.unit or not b.unit or a.unit == b.unit:
            continue
        if not s.w.is_about.fullmatch(s.text[a.end - s.start:b.start - s.start]):
            continue
        va, vb = units.to_base(a.value, a.unit), units.to_base(b.value, b.unit)
        if va and abs(va - vb) <= 0.03 * va:
            return True
    return False


_YEAR = re.compile(r"(?:199\d|20[0-3]\d)")
_ARROW_AFTER = re.compile(r"\s*" + ARROW + r"\s*\d")
def _servers_times_chips(s: Sentence, q: Quantity) -> bool:
    """"18 servers × 8 chips": the first factor, a number of servers, with chips named after the second."""
    server = next((c for c in s.cues if c.label == "SERVERNOUN" and 0 <= c.start - q.end <= 2), None)
    return server is not None and any(c.label == "CHIPNOUN" and 0 < c.start - server.end <= 12 for c in s.cues)


def _servers_chips(s: Sentence, q: Quantity) -> bool:
    """"36 servers × 4 chips": the second factor, after a number of servers, with chips named after it: each
    server's chips (extract/rules/count.py reads them as the system's chips per server)."""
    server = next((c for c in s.cues if c.label == "SERVERNOUN" and 0 <= q.start - c.end <= 4), None)
    return server is not None and any(c.label == "CHIPNOUN" and 0 < c.start - q.end <= 2 for c in s.cues)


_TIMES_AFTER = re.compile(r"\s*(?:[A-Za-zÄÖÜäöü-]+\s+){0,2}?[×x]\s*\d")
_TIMES_BEFORE = re.compile(r"\d\s*(?:[A-Za-zÄÖÜäöü-]+\s+){0,2}[×x]\s*$")


_PER_WATT = re.compile(r"[ \t]*/[ \t]*(?:k?W|Watt)\b")
# "810 GB / 8 ≈ 101 GB", "101 GB / 3,35 TB/s ≈ 30 ms": a figure divided by a bare number, or by anything with the
# result given, is the writer's arithmetic, and so is the result of a division by a bare number
_DIVIDED_AFTER = re.compile(r"[ \t]*[/÷][ \t]*\d[\d.,]*(?:(?![\d.,]*[ \t]*[^\W\d_])|[ \t]*[^\W\d_][\w/]*[ \t]*[≈=])")
_DIVISION_BEFORE = re.compile(r"[/÷][ \t]*\d[\d.,]*[ \t]*[≈=][ \t]*$")
_PRODUCT_BEFORE = re.compile(r"\d\s*[×x*]\s*[$€£]?\s*\d[\d.,]*\s*[$€£]?\s*[^\W\d]{0,6}/?[^\W\d]{0,2}\s*=\s*$")
_QUOTE_MARK = re.compile(r'[„“”"»«]')
# an opening mark the sentencizer left after the sentence before's end ('... group. "'; not 'angekündigt.“', a German
# closing mark right after the full stop)
_LEFT_OPEN = re.compile(r'[.!?:][ \t]+[„“"»«][ \t]*$')
_OPENS_QUOTE = re.compile(r'[„“"»«]\s*$')  # (the sentencizer leaves a quote's opening mark on the sentence before)
_CLOSES_QUOTE = re.compile(r'[“”"«»][\s*_]*$')


def not_on_demand(s: Sentence, seg: Segment, state: Discourse) -> bool:
    """A spot, reserved, committed or Capacity Block price, said in the sentence or by the column of a table cell
    ("1-yr commit ($/hr)"): no on-demand list price. Nor is a price column beside one that names the cloud's own
    price ("| AWS On-Demand (USD/h) | Rechenwerk (USD/h) |"): a reseller's or the writer's own prices."""
    if s.w.not_on_demand.search(s.text):
        return True
    if seg.kind != "table_cell" or seg.col_header < 0:
        return False
    column = state.cell_text.get(seg.col_header, "")
    if s.w.not_on_demand.search(column):
        return True
    row = state.header_row.get(seg.col_header)
    return row is not None and not s.w.provider_column.search(column) and any(
        s.w.provider_column.search(state.cell_text.get(b, "")) and s.w.hourly_header.search(state.cell_text.get(b, ""))
        for b, r in state.header_row.items() if r == row and b != seg.col_header)


def author_label(text: str, w: Words) -> bool:
    """The text opens with its author's label or byline ("**A (TerraCompute, seller):** ...", "**Redaktion** · Antwort
    auf @name"): the word for the author stands before the label's colon or separator, or on a short first line (not
    "Während private Anbieter ihre Kapazitäten ausbauen, ..." in prose)."""
    head = text.lstrip("\n").split("\n", 1)[0]
    m = w.author_reply.match(head)
    if m is None:
        return False
    colon = head.find(":")
    return len(head) <= 100 or (0 <= colon <= 80 and m.end() <= colon + 3) or any(sep in head[:m.end() + 3] for sep in "·•|")


def reported(s: Sentence) -> bool:
    """A sentence that reports what someone else said ("hieß es", "according to"): none of its claims are
    the article's own."""
    return s.has_cue("REPORTED")


def _open_quote(text: str) -> str:
    """The marks that close a quotation still open at the text's end ('... Tobias: "Love the show.'), or ""."""
    if text.count('"') % 2 == 1:
        return '"'
    if "„" in text:  # German marks: „ opens, “ (or ”) closes
        return "“”" if text.count("„") > text.count("“") + text.count("”") else ""
    return "”" if text.count("“") > text.count("”") else ""  # English marks: “ opens, ” closes


def _closes_quote(text: str, closers: str) -> bool:
    """Whether the sentence closes the open quotation (a straight quote left unpaired, or a closing mark of more
    than it opens itself)."""
    if closers == '"':
        return text.count('"') % 2 == 1
    opened = text.count("„") if closers == "“”" else text.count("“")
    return sum(text.count(c) for c in closers) > opened


def carry_reported_speech(sentences: list[Sentence], organisations: Container[str]) -> None:
    """"Die FAZ berichtet, AMDs MI355X komme auf 288 GB. Mit 10 Petaflops liefere der Chip ...": German indirect
    speech (Konjunktiv I) right after a reported sentence goes on reporting; the later sentence is reported
    too. So is a sentence in which a person named with "Frau"/"Herr" says something in indirect speech (minutes,
    interviews), and one in which a source reports in indirect speech ("Der „Wirtschaftskurier“ berichtet, Amazon
    habe ..."; in English, "The Business Courier reported that ...", up to its clause's end), or a spokesperson does
    ("sagte ein AWS-Sprecher ..., die 83,2 PFLOPS gälten ..."). A reader's letter reports what the page wrote ("Your
    round-up said ..."); a clause after a semicolon may date the one before ("...; that was the wording until 2024").
    The sentence that answers a what-if question with "would" is hypothetical too.
    (A subjunctive on its own is no report: conference notes render the speaker so.)"""
    for s in sentences:
        that = s.w.report_that.match(s.text)
        if that is not None and not any(m.end - s.start <= that.end() and m.entity in organisations for m in s.mentions):
            # "The Business Courier reported that ...; per chip it has 144 GiB": its clause (a vendor's account of its
            # own hardware, "AWS reported that ...", is what the fact base records)
            s.cues = [*s.cues, Cue(s.start + that.end() - 1, s.start + that.end(), "STANCE:quoted")]
        elif (yours := s.w.your_text.match(s.text)) is not None:
            # "Your May round-up said each Trainium2 chip carries 144 GB": a letter says what the page once wrote
            s.cues = [*s.cues, Cue(s.start + yours.end() - 1, s.start + yours.end(), "STANCE:quoted")]
        if ";" in s.text and s.w.stated_then_after.search(s.text):
            # "...scale Trn1 to over 30,000 Trainium devices; that was the documented wording until December 2024"
            s.cues = [*s.cues, Cue(s.start, s.start, "STANCE:historical")]
        said = s.w.speaker_report.match(s.text) or s.w.source_report.match(s.text) or s.w.minutes_label.match(s.text)
        # (a speaker's label in minutes: "**Grüne (GRin Schäfer):** Jede der GPUs ziehe 1.400 W")
        # (whoever is named before the verb speaks: "TechCrunch zitierte einen AWS-Sprecher, ..." is no vendor's own)
        by = max((said.start(g) for g in ("verb", "verb2", "verb3") if g in said.re.groupindex), default=0) if said else 0
        if said is not None and not reported(s) and s.w.subjunctive.search(s.text, said.end()) \
                and not any(m.end - s.start <= by and m.entity in organisations for m in s.mentions):
            # "Frau X merkt an, der B200 habe ...", "Der „Wirtschaftskurier“ berichtet, Amazon habe ..." (not a
            # vendor's own account: "AWS erklärt, der Chip biete ...", which the fact base records)
            s.cues = [*s.cues, Cue(s.start, s.start, "REPORTED:quoted")]
    heard = False  # (a sentence before reports someone: "Außerdem sagte sie, die H100 sei ..." goes on with them)
    for prev, s in pairwise(sentences):
        heard = heard or reported(prev)
        if reported(prev) and not reported(s) and (s.w.subjunctive.search(s.text) or s.w.report_pronoun.search(s.text)):
            # (or a verb of saying with a pronoun: "... Für die B200-Flotte nannte sie 8 TB/s je GPU")
            s.cues = [*s.cues, Cue(s.start, s.start, "REPORTED:quoted")]
        elif heard and not reported(s) and (pron := s.w.report_pronoun.search(s.text)) \
                and (said := s.w.subjunctive.search(s.text, pron.end())) is not None:
            # "Außerdem sagte sie, die H100 sei über NVLink 5 angebunden – das wollen wir klarstellen: ...": her
            # clause, not the page's answer after it
            s.cues = [*s.cues, Cue(s.start + said.start(), s.start + said.end(), "STANCE:quoted")]
        elif reported(prev) and not reported(s) and (closers := _open_quote(prev.text)) and _closes_quote(s.text, closers):
            # 'This is from Tobias: "Love the show. The MI300X has 256 GB."': the quoted mail goes on
            s.cues = [*s.cues, Cue(s.start, s.start, "REPORTED:quoted")]
        elif not reported(s) and ((QUOTED_ACROSS_LINES.search(prev.text) and (FULLY_QUOTED.fullmatch(s.text) or (
                _OPENS_QUOTE.search(prev.text) and _CLOSES_QUOTE.search(s.text))))
                or (_LEFT_OPEN.search(prev.text) and not _QUOTE_MARK.search(s.text)
                    and not any(m.entity in organisations for m in prev.mentions))):
            # (the mark opened on the sentence before and not closed in this one: '..." says Lena. "256 gigabytes on
            # one GPU! We thought ...": the quotation goes on past a sentence end; a vendor's spokesperson's is checked)
            # '„... der Einstieg“, sagt Jana Petersen. „Beim GB300 NVL72 haben wir jetzt 30 TB.“': the quote goes on
            s.cues = [*s.cues, Cue(s.start, s.start, "REPORTED:quoted")]
    for prev, s in pairwise(sentences):
        if s.w.what_if.search(prev.text) and (would := s.w.hypothetical_goes_on.search(s.text)) is not None \
                and not s.w.now_header.search(s.text):
            # "What if AWS doubled the HBM on Trainium2? The card would read 256 GiB.": the answer is the what-if's,
            # from its "would" on ("Da eine MI355X 288 GB mitbringt, wären ...": not the clause before it; not an
            # answer that sets it beside today's figures: "..., exactly the 192 GB an AMD MI300X carries today")
            s.cues = [*s.cues, Cue(s.start + would.start(), s.start + would.end(), "STANCE:hypothetical")]
        if (reported(prev) or prev.has_cue("STANCE:quoted")) and len(s.text.strip(" *_")) <= 16 \
                and s.w.endorsed_next.match(s.text):
            # "Der Ranger erzählt, jeder Chip habe 2,9 TB/s. Stimmt.": the page makes the report its own
            prev.cues = [c for c in prev.cues if not c.label.startswith(("REPORTED", "STANCE:quoted"))]


def drop_vendor_claims(sentences: list[Sentence], organisations: Container[str]) -> None:
    """"AWS claimed Trn2 was 30 to 40 percent better": a vendor's own claim is no report of someone else's
    words; the fact base holds what vendors claim, so the article's account of it is checked. The cue goes."""
    for s in sentences:
        if not s.has_cue("REPORTED:quoted"):
            continue
        keep = [c for c in s.cues if not (
            c.label == "REPORTED:quoted" and s.w.claims_verb.fullmatch(s.text, c.start - s.start, c.end - s.start)
            and any(m.entity in organisations and m.end <= c.start
                    and not s.text[m.end - s.start:c.start - s.start].strip() for m in s.mentions))]
        if len(keep) < len(s.cues):
            s.cues = keep


_LINE_FURNITURE = re.compile(r"[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?[*_]{0,2}")
_TIME_MARK = re.compile(r"(?:\d{1,3}(?:\+\d{1,2})?['’′]|\d{1,2}:\d\d(?::\d\d)?)[ \t*_]+")  # "**23'** ", "**14:05** "


def quoted_lines(text: str, w: Words, labelled: bool = True) -> list[tuple[int, int]]:
    """The lines of a segment that are one quotation and nothing else: an answer engine's source card quoting a
    snippet under its title ('   "Nvidia's B200 packs 192 GB of HBM3e."'), „Der Chip habe 384 GB.“ on a line
    of its own, also after a speaker's label ('**O-Ton (Name, Analystin):** „… . Und …“': a quotation of several
    sentences; not "Richtig:", nor "Irrtum:", whose quotation is a refuted myth). Someone else's words: (start,
    end) offsets in the text."""
    if not any(mark in text for mark in '"“„»«'):
        return []  # (every segment passes here: most hold no quotation at all)
    out, at = [], 0
    for line in text.split("\n"):
        lead = _LINE_FURNITURE.match(line)
        body = line[lead.end() if lead else 0:]
        label = _SPEAKER_LABEL.match(body) if labelled else None  # (not a heading's "Kommentare zu: „Titel“")
        if labelled and (tm := _TIME_MARK.match(body)) is not None:
            # a live ticker's minute, then a narrated clause that hands over to someone ("**23'** In the studio, Gary
            # is unimpressed: "…""): their words; a bare name is the ticker's own commentator ("**60'** Marsh: "…"")
            rest = body[tm.end():]
            told = _SPEAKER_LABEL.match(rest)
            if told is not None and len(told.group().split()) > 3:
                body, label = rest, told
        # (not a caption the page shows: 'SUPER: "NVIDIA H200 — MEMORY: 141 GB"', its own words)
        caption = label is not None and bool(w.caption_label.fullmatch(body[:label.end()].rstrip(": *_")))
        if label is not None and not w.fact_label.match(body) and not w.myth_label.search(body):
            body = body[label.end():]
        if len(body) >= 12 and QUOTATIONS.fullmatch(body) and not caption:
            out.append((at + len(line) - len(body), at + len(line)))
        at += len(line) + 1
    return out


_SPEAKER_LABEL = re.compile(r"[^\n\d„“\"»«:]{2,80}:[*_]{0,2}[ \t]+")  # "O-Ton (Name, Analystin):** "


def page_line(text: str, w: Words) -> bool:
    """A line of the page's own between the turns of a transcript that disowns its speakers: a bracketed remark
    ("[Faktencheck: ...]") or one under the page's label ("**Fact check:** ...", "**Anm. d. Red.:** ...")."""
    return text.lstrip(" *_").startswith("[") or bool(w.page_label.match(text))


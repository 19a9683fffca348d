"""Quotations in a sentence and whose words they are: a speaker's after a short label and a colon, inside words
of a report, or a cited work's (stance.figure_stance and the extractor read them)."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from ..lang.windows import Words
from .patterns import QUOTED
from .sentence import Sentence

_LABEL_START = re.compile(r"[.;!?–—]\s|^")
_CLAUSE_BREAK = re.compile(r"[,;:]\s")  # (not a decimal comma: "1,8 TB/s")


_BRACKETED = re.compile(r"\([^()]*\)|@\w+")  # (a bracket, or a handle: "@kernelpanik_84" is a name)
_OPENING_QUOTE_TAIL = re.compile(r"[\s*_]*[,–—]\s*")  # ('"…," said the CTO': the comma after the mark)


def speaker_quotation(s: Sentence, start: int, end: int) -> bool:
    """The value lies in a quotation that a short label and a colon introduce, with no figure in the label:
    someone's words ('AMD's CTO on stage: "Every MI455X ..."', 'Lisa Su: „Der MI455X …“'), or in a quotation inside
    words of a report ("beziffert er mit „rund 135 kW“"). The page may still endorse them afterwards (extractor.py:
    endorsed)."""
    if '"' not in s.text and "„" not in s.text and "“" not in s.text and "»" not in s.text:
        return False
    rel, rel_end = start - s.start, end - s.start
    for q in QUOTED.finditer(s.text):
        if not (q.start() < rel and rel_end <= q.end()):
            continue
        before = s.text[:q.start()].rstrip(" *_")
        if not before.endswith(":"):
            # "die GPUs seien „über NVLink ... mit 1,8 TB/s je GPU“ verbunden", "beziffert er mit „rund 135 kW“": a quotation
            # inside words of a report (not the page's own words in marks; not a sentence that opens with the quotation,
            # '"With 46.4 TB/s ...," said the CTO', nor a maker's wording the page takes up, 'AMD speaks of "five
            # petaflops"'); indirect speech in the clause marks it too ("die Karte bringe „288 GB HBM3e“ mit")
            lead = s.text[:q.start()]
            opening = _OPENING_QUOTE_TAIL.match(s.text, q.end())
            if opening and (not lead.strip(" *_>-") or lead.rstrip(" *_").endswith((".", "!", "?"))):
                # '„Die 83,2 Petaflops gelten für Sparse-Modelle", hatte ein AWS-Sprecher gesagt': a sentence that
                # opens with the quotation and then says who said it
                tail = s.text[opening.end():]
                return bool(s.w.quote_report.search(tail[:min((m.start() for m in _CLAUSE_BREAK.finditer(tail)),
                                                              default=len(tail))]))
            breaks = [0, *(m.end() for m in _CLAUSE_BREAK.finditer(lead))]
            # (the clause that introduces it: 'Der Antragsteller gibt an, „...“' ends at the comma before the mark)
            clause = lead[breaks[-2 if len(breaks) > 1 and not lead[breaks[-1]:].strip() else -1]:]
            after = s.text[q.end():]
            after = after[:min((m.start() for m in _CLAUSE_BREAK.finditer(after)), default=len(after))]
            return bool(lead.strip(" *_>-") and not s.w.maker_before_quote.search(lead) and (
                s.w.quote_report.search(clause) or s.w.quote_report.search(after) or s.w.subjunctive.search(clause)))
        label = before[max(m.end() for m in _LABEL_START.finditer(before[:-1])):-1]
        # (not a caption the page shows: 'SUPER: "NVIDIA H200 — MEMORY: 141 GB HBM3e"', 'Einblendung: „...“')
        # (no figure: a section number in brackets, 'Your offer (section 2.4) stated: "..."', a handle's digits)
        return 0 < len(label.strip(" *_")) <= 60 and not any(ch.isdigit() for ch in _BRACKETED.sub("", label)) \
            and not s.w.caption_label.fullmatch(label)
    return False


def cited_quotation(s: Sentence, rel: int, rel_end: int) -> bool:
    """A value in quotation marks in a sentence whose subject is a cited work ('Hartmann et al. (2025) evaluate
    Ironwood and extrapolate to "full pods of 8,960 chips"'): the work's words, not the page's."""
    return bool(s.w.cited_subject.search(s.text, 0, rel)) and in_quotation(s, rel, rel_end)


def in_quotation(s: Sentence, rel: int, rel_end: int) -> bool:
    """The sentence offsets [rel, rel_end) lie inside quotation marks."""
    return any(q.start() < rel and rel_end <= q.end() for q in QUOTED.finditer(s.text))


def someones_quotation(s: Sentence, span: tuple[int, int], reported: bool, paragraph: str = "") -> bool:
    """The value at segment offsets `span` is in someone's quotation: a speaker's (speaker_quotation), one in an item
    a report lists (`reported`), or a story's line of dialogue in the `paragraph` (narrated_quotation)."""
    rel, rel_end = span[0] - s.start, span[1] - s.start
    return speaker_quotation(s, *span) or (reported and in_quotation(s, rel, rel_end)) \
        or bool(paragraph and narrated_quotation(paragraph, *span))


# a line of dialogue after a narrated sentence: 'Maya capped the marker. "Then we skip a generation. The B200 has 192
# gigs."', up to the mark that closes it at a sentence's end
_NARRATED = re.compile(r'(?<=[.!?] )(?:"[^"\n]{1,600}?[.!?…]"|“[^“”\n]{1,600}?[.!?…]”'
                       r'|„[^„“\n]{1,600}?[.!?…]“|»[^»«\n]{1,600}?[.!?…]«)(?=\s|$)')


_MARK = re.compile(r'["“”„»«]')


def narrated_quotation(paragraph: str, start: int, end: int) -> bool:
    """The segment offsets [start, end) lie in a quotation that opens after a narrated sentence and closes at a
    sentence's end: a character's line ('He nodded. "The H200 has 141."'), not the page's own words in marks."""
    if '"' not in paragraph and "“" not in paragraph and "„" not in paragraph and "»" not in paragraph:
        return False
    spans = _narrated_spans(paragraph)
    k = bisect_right(spans, (start, len(paragraph))) - 1
    return k >= 0 and spans[k][0] < start and end <= spans[k][1]


@lru_cache(maxsize=8)
def _narrated_spans(paragraph: str) -> list[tuple[int, int]]:
    """The line of dialogue of a paragraph, found once for all its values (a paragraph's hash is kept by the string):
    its first quotation only, when a narrated sentence opens it (a later one may be a speaker's going on: '..." said
    X. "With ...')."""
    first = _MARK.search(paragraph)
    if first is None:
        return []
    m = _NARRATED.search(paragraph, first.start())
    return [m.span()] if m is not None and m.start() == first.start() else []  # (only the paragraph's first quotation)


_CLOSING = re.compile(r'["”“«]')


def endorsed(text: str, at: int, w: Words) -> bool:
    """Whether the page endorses the quotation at `at`: right after its closing mark on the same line ('The narrator:
    "... 8,960 chips ..." Correct.') or at the start of the next line ("*Still right.*", "*Stimmt weiterhin.*")."""
    nl = text.find("\n", at)
    close = _CLOSING.search(text, at, nl if nl >= 0 else len(text))
    same = w.endorsed_next.match(text, close.end()) if close is not None and text[close.start() - 1] != "?" else None
    # (not an answer to a quoted question, '„... 50.000 Trainium2-Chips. Ist da nicht eine Null verloren gegangen?“
    # Stimmt, Stefan', nor a label that brings the fact, 'Irrtum: „...“ Richtig: ...')
    return bool(same is not None and not same.group().endswith(":")) or (nl >= 0 and bool(w.endorsed_next.match(text, nl + 1)))

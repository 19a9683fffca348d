"""What an errata text takes back and what it puts in its place: an old text's value ("the caption read ...", "hatten
... mit 380 TFLOPS angegeben"), a sentence that corrects itself after a semicolon, and the right value an old one stood
in for ("mit 1.536 GB statt mit 1.440 GB beziffert")."""

from __future__ import annotations

from .patterns import QUOTED
from .sentence import Sentence


def corrects_itself(s: Sentence, fix: int | None, rel: int, rel_end: int) -> bool:
    """Anywhere, a sentence that gives a value as an old text's and then the right one after a semicolon or a dash:
    "Ferner war die Bandbreite mit 7,2 TB/s angegeben; richtig sind 14,4 TB/s", "Bei 04:12 sagen wir, NVLink 4 schaffe
    1,8 TB/s – richtig sind 900 GB/s" (a number: not the name in "mit ~~192 GB~~ HBM3e angegeben")."""
    semi = min((i for i in (s.text.find(b, rel_end) for b in (";", " – ", " — ")) if i >= 0), default=-1)
    return fix is not None and 0 <= semi < fix and s.text[rel:rel + 1].isdigit() \
        and bool(s.w.right_value_clause.match(s.text, semi)) and errata_old(s, rel, rel_end)


def errata_old(s: Sentence, rel: int, rel_end: int) -> bool:
    """On an errata page: the value is quoted ("Dort stand „AWS-Chef Adam Selipsky“"), or an old text's verb
    governs it in its clause ("the review gave ... as 1,000 W", "hatten ... mit 380 TFLOPS angegeben")."""
    quote = next((q for q in QUOTED.finditer(s.text) if q.start() < rel and rel_end <= q.end()), None)
    if quote is not None:  # (not the new wording after 'read:' / „ist zu lesen:“)
        return not s.w.errata_new_lead.search(s.text, max(0, quote.start() - 24), quote.start())
    return bool(s.w.errata_said.search(s.text, 0, rel) or s.w.errata_said_after.match(s.text, rel_end))


def instead_of_old(s: Sentence, start: int, rel: int) -> bool:
    """The figure at `start` follows "statt" / "instead of" right after another figure of its family: on an errata page
    the old text gave that one in its place ("mit 1.536 GB statt mit 1.440 GB beziffert"), so this one is the right
    value (what an old text said is corrected: 'The caption read "NeuronLink-v2 torus"')."""
    q = next((x for x in s.quantities if x.start == start), None)
    prev = [x for x in s.quantities if x.end <= start]
    return q is not None and bool(prev) and prev[-1].family == q.family and rel - (prev[-1].end - s.start) <= 25 \
        and bool(s.w.negated_before.search(s.text, prev[-1].end - s.start, rel))

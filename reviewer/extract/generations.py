"""A product line's name alone ("Trainium", "Inferentia") read as its first generation where the sentence says so.

The fact base names the first generation "Trainium (1st generation)" and gives it aliases ("Trainium1", "Trn1",
"first-generation Trainium"); the bare word is no alias, because most articles use it for the whole line
("Anthropic trains on Trainium"). A sentence pins it to the first generation in three ways:

- it names one of the first generation's own instances or the chip by another name ("trn1.2xlarge is a single
  Trainium chip", "allgemein verfügbar als Trn1"), or it is a table cell that counts the chips of such a row
  ("| trn1.32xlarge | 16 × Trainium |");
- it names a year before the second generation's first date ("re:Invent 2020 ... Trainium", "Folie 5:
  Inferentia, 2018."): then only the first generation existed;
- the words after it say so ("Trainium instances of the first generation", "Trainium-Instanzen der ersten
  Generation": the `first_after` window);
- it is what a later chip of the line the sentence names is compared with ("Trainium2 has three times the memory of
  Trainium", „dreimal so viel Speicher wie der große Bruder Trainium“: the `compared_line_before` window).

Not when the word is part of a longer name ("Trainium2", "Trainium 3"; "Trainium-Chips" is the word: the
`compound_tail` window), nor when a word for the line follows it ("the Trainium family", "die Trainium-Reihe": the
`product_line` window).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..factbase.base import FactBase
from ..lang.windows import Words
from .sentence import Mention, Sentence

_COUNTED = re.compile(r"\d\s*[×x]?\s*(?:[A-Z][\w-]*\s+)?$")  # "16 × Trainium", "16 AWS Trainium chips"
_NAME_GOES_ON = re.compile(r"-[A-Z]")  # "Trainium-Ultra": a longer name (not a compound the language's words allow)
_YEAR = re.compile(r"(?<![\d.,/-])(?:19|20)\d\d(?![\d]|[.,]\d)")


@dataclass(frozen=True)
class Generation:
    word: str  # the line's name alone: "Trainium"
    entity: str  # its first chip's id
    pattern: re.Pattern[str]  # the word alone in a text
    until: int | None  # the year the second chip was first announced or shipped, where the base dates it
    own: frozenset[str]  # the first chip and the hardware built on it
    later: frozenset[str] = frozenset()  # the chips after it in the line ("Trainium2", "Trainium3")


def first_generations(fb: FactBase) -> tuple[Generation, ...]:
    """Each line's first chip: a chip with a successor and no predecessor, whose name without its bracket
    ("Trainium (1st generation)") has no digit."""
    out = []
    for ent in fb.entities.values():
        word = ent.name.split(" (")[0]
        if ent.kind != "chip" or not ent.successor or ent.predecessor or re.search(r"\d", word):
            continue
        dates = [f.value for a in ("announced", "available") for f in fb.about(ent.successor, a) if isinstance(f.value, dt.date)]
        pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?!\w|[ -]?\d)")
        own = frozenset({ent.id, *fb.built_from(ent.id)})
        later: set[str] = set()
        nxt: str | None = ent.successor
        while nxt and nxt not in later:
            later.add(nxt)
            nxt = fb.entities[nxt].successor if nxt in fb.entities else None
        out.append(Generation(word, ent.id, pattern, min(dates).year if dates else None, own, frozenset(later)))
    return tuple(out)


def mark_first_generation(
    sentences: list[Sentence], generations: tuple[Generation, ...], w: Words, row: Iterable[str] = ()
) -> list[Sentence]:
    """The sentences, with the first generation's line word added to `mentions` where the sentence names the
    generation's own hardware (the word not counted: "a single Trainium chip", not "its 16 Trainium chips", whose
    figures stay the instance's), where its table row does (the word counted: "| trn1.32xlarge | 16 × Trainium |"),
    or where it names a year before the successor."""
    row = set(row)
    for s in sentences:
        for g in generations:
            found = [
                f
                for f in g.pattern.finditer(s.text)
                if not w.product_line.match(s.text[f.end() :])
                and (not _NAME_GOES_ON.match(s.text, f.end()) or w.compound_tail.match(s.text, f.end()))
                and not any(m.start <= s.start + f.start() < m.end for m in s.mentions)
            ]
            if not found:
                continue
            early = g.until is not None and any(int(y.group()) < g.until for y in _YEAR.finditer(s.text))
            named = {m.entity for m in s.mentions}
            own = bool(named & g.own)
            found = [f for f in found if early or w.first_after.match(s.text, f.end())
                     or (named & g.later and w.compared_line_before.search(s.text, 0, f.start()))
                     or (own if not _COUNTED.search(s.text, 0, f.start()) else bool(row & g.own))]
            s.mentions.extend(Mention(s.start + f.start(), s.start + f.end(), g.entity, f.group()) for f in found)
            s.mentions.sort(key=lambda m: m.start)
    return sentences

"""Entity names: every alias in the fact base, its spelling variants, and typo-tolerant lookup.

Fuzzy matching (rapidfuzz) compares only the *stem* of a name; the version token must match
exactly, so "Tranium3" finds Trainium3 but "Trainium2" can never become Trainium3, "HBM3" is not
"HBM3e" and "NeuronLink-v3" is not "NeuronLink-v4".
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from .factbase.base import FactBase

_VERSIONED = re.compile(r"^(.*?[a-z])[\s\-_]?((?:v)?\d+(?:\.\d+)?[a-z]{0,2})$")
_CANDIDATE = re.compile(r"(?<![\w-])([A-Za-z][A-Za-z]{3,})[ -]?((?:v)?\d{1,3}[a-zA-Z]{0,2})(?![\w])")
# Where a _CANDIDATE match's digits can start: a digit after four letters and the optional space or
# hyphen and "v" (found by scanning for digits only, many times faster than _CANDIDATE is run).
_CANDIDATE_DIGIT = re.compile(r"\d(?:(?<=[A-Za-z]{4}\d)|(?<=[A-Za-z]{4}[ -]\d)|(?<=[A-Za-z]{4}v\d)|"
                              r"(?<=[A-Za-z]{4}[ -]v\d))")


def candidates(text: str) -> Iterable[re.Match[str]]:
    """Exactly _CANDIDATE.finditer(text).

    A match starts where a run of ASCII letters starts (the character before is no word character
    nor "-"), and its digits follow the run, after an optional space or hyphen and "v". So every
    match starts at the start of the letter run that ends at most two characters before its first
    digit: from each such digit, those starts are tried in text order, and, as finditer does, none
    inside the previous match.
    """
    starts = set()
    for d in _CANDIDATE_DIGIT.finditer(text):
        at = d.start()
        for end in (at, at - 1, at - 2):  # the letters end before the digit, "v", " "/"-", " v"/"-v"
            if end > 0 and text[end - 1] in _ASCII_LETTERS:
                start = end - 1
                while start > 0 and text[start - 1] in _ASCII_LETTERS:
                    start -= 1
                starts.add(start)
    last_end = 0
    for start in sorted(starts):
        if start < last_end:
            continue
        m = _CANDIDATE.match(text, start)
        if m is not None:
            yield m
            last_end = m.end()


_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
FUZZY_CUTOFF = 86.0
SYSTEM_KINDS = {"system", "pod", "instance"}


def normalize(name: str) -> str:
    return re.sub(r"[\s\-_]+", "", name.lower())


def split_version(key: str) -> tuple[str, str]:
    m = _VERSIONED.match(key)
    return (m.group(1), m.group(2)) if m else (key, "")


def _variants(alias: str, plural: bool) -> set[str]:
    out = {alias}
    m = re.match(r"^(.*?[A-Za-z])[\s\-]?(v?\d+[A-Za-z]{0,2})((?:\s.*)?)$", alias)
    if m and not re.search(r"\d[.\d]*x?large", alias):
        stem, version, rest = m.groups()
        # (not "A 100": "a 100 W budget" is an article and a figure, not the A100)
        for sep in ("", "-") if stem.lower() == "a" else ("", " ", "-"):
            out.add(f"{stem}{sep}{version}{rest}")
    if " " in alias and not re.search(r"\d[.\d]*x?large", alias):
        out |= {v.replace(" ", "-") for v in list(out)}  # German compounds: "TPU-v5p-Pod", "Trn2-UltraServer"
    if plural:
        # "UltraServers"; German dative plural "in Trn2 UltraServern"
        out |= {v + ("n" if v.endswith("er") else "") for v in list(out)} | {v + "s" for v in out if v[-1].isalpha()}
    return out


@dataclass
class EntityNames:
    """All names of all entities: surface forms for the phrase matcher, keys for lookups."""

    by_key: dict[str, str] = field(default_factory=dict)
    surfaces: dict[str, str] = field(default_factory=dict)
    stems_by_version: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))

    @classmethod
    def from_factbase(cls, fb: FactBase) -> EntityNames:
        names = cls()
        ambiguous: set[str] = set()
        for ent in fb.entities.values():
            plural = ent.kind in SYSTEM_KINDS
            # "AWS Trainium3 UltraServer": a system's name with its vendor's short name before it, so that
            # the chip's "AWS Trainium3" does not win the overlap
            vendor = fb.entities.get(ent.vendor) if plural and ent.vendor else None
            prefixes = [a for a in ([vendor.name, *vendor.aliases] if vendor else []) if len(a) <= 8]
            for alias in [ent.name, *ent.aliases, *(f"{p} {a}" for p in prefixes for a in [ent.name, *ent.aliases])]:
                variants = _variants(alias, plural)
                if ent.kind == "organisation" and alias[-1:].isalpha() and alias[-1] not in "sSxXzZ":
                    variants.add(alias + "s")  # the German genitive: "Nvidias Angabe", "Samsungs Fertigung"
                for v in sorted(variants):  # a set: sorted, so that runs agree
                    key = normalize(v)
                    if not key:
                        continue
                    if key in names.by_key and names.by_key[key] != ent.id:
                        ambiguous.add(key)
                    names.by_key.setdefault(key, ent.id)
                    names.surfaces.setdefault(v, ent.id)
        for key in ambiguous:  # a name two entities share identifies neither
            names.by_key.pop(key, None)
        names.surfaces = {s: e for s, e in names.surfaces.items() if normalize(s) not in ambiguous}
        for key, eid in names.by_key.items():
            stem, version = split_version(key)
            if version and len(stem) >= 4:
                names.stems_by_version[version].append((stem, eid))
        return names

    def phrase_patterns(self) -> Iterable[tuple[str, str]]:
        return self.surfaces.items()

    def resolve(self, text: str) -> str | None:
        """The entity a name denotes: exact (spacing/case-insensitive) first, then typo-tolerant."""
        key = normalize(text)
        if key in self.by_key:
            return self.by_key[key]
        stem, version = split_version(key)
        return self._fuzzy(stem, version)

    def _fuzzy(self, stem: str, version: str) -> str | None:
        if not version or len(stem) < 4:
            return None
        choices = self.stems_by_version.get(version)
        if not choices:
            return None
        # fuzz.ratio is 100 * 2 * (longest common subsequence) / (total length), so at most
        # 100 * 2 * min(lengths) / total: when no stem can reach the cutoff, rapidfuzz need not run
        n = len(stem)
        if max(200.0 * min(n, len(c)) / (n + len(c)) for c, _ in choices) < FUZZY_CUTOFF - 1e-6:
            return None
        from rapidfuzz import (  # only a name that may be misspelled needs it
            fuzz,
            process,
        )

        best = process.extractOne(stem, [c[0] for c in choices], scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
        if best is None or best[0][0] != stem[0]:
            return None
        return choices[best[2]][1]

    def fuzzy_mentions(self, text: str, taken: list[tuple[int, int]],
                       memo: dict[str, str | None] | None = None) -> Iterable[tuple[int, int, str]]:
        """(start, end, entity id) of misspelled or oddly spaced names not matched exactly.

        `memo` (name -> resolve(name)) may be shared by calls on this unchanged index: the same
        candidates ("with 144", "Trainium3") come up in article after article.
        """
        for m in _CANDIDATE.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            name = m.group()
            if memo is None:
                eid = self.resolve(name)
            elif name in memo:
                eid = memo[name]
            else:
                eid = memo[name] = self.resolve(name)
            if eid:
                yield m.start(), m.end(), eid

    @staticmethod
    def may_mention(text: str) -> bool:
        """False when fuzzy_mentions(text, ...) certainly yields nothing."""
        return _CANDIDATE.search(text) is not None

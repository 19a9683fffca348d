"""The languages the reviewer reads: one folder each (reviewer/lang/en/, reviewer/lang/de/) with its words as
data, and which language an article is in (English or German, by their stop words: spaCy's own lists).

A new language is a new folder with the same files; `LANGUAGES` lists the folders, and the CLI's --lang
choices come from it.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

from .windows import Words, load_words

HERE = Path(__file__).parent
LANGUAGES: tuple[str, ...] = tuple(sorted(p.name for p in HERE.iterdir() if (p / "extract.yaml").is_file()))


def language_file(code: str, name: str) -> Path:
    """A data file of a language's folder ("cues.yaml", "extract.yaml")."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    return HERE / code / name


@cache
def dates(code: str) -> dict:
    """The language's month words: {"months": {"march": 3, "mar": 3, ...}, "month_names": ["January", ...]}."""
    from ..yamlload import load_yaml

    data: dict = load_yaml(language_file(code, "dates.yaml").read_text(encoding="utf-8"))
    return data


@cache
def tokenizer_rules(code: str) -> dict:
    """The tokenizer's rules added for the language: {"infixes": [...], "suffixes": [...], "ordinal_before": ...}."""
    from ..yamlload import load_yaml

    data: dict = load_yaml(language_file(code, "tokenizer.yaml").read_text(encoding="utf-8"))
    return data


@cache
def numbers(code: str) -> dict:
    """The language's number words (numbers.yaml), with those of the languages it borrows from (its
    extract.yaml's `borrows`): qualifiers by kind, multipliers, magnitudes, number words, currency words,
    per-hour words, range words, the words that make "over" a preposition."""
    from ..yamlload import load_yaml

    def load(c: str, name: str) -> dict:
        data: dict = load_yaml(language_file(c, name).read_text(encoding="utf-8")) or {}
        return data

    own = load(code, "numbers.yaml")
    merged: dict = {key: (dict(value) if isinstance(value, dict) else list(value) if isinstance(value, list) else value)
                    for key, value in own.items()}
    merged["qualifiers"] = {kind: list(ws) for kind, ws in own["qualifiers"].items()}
    for other in load(code, "extract.yaml").get("borrows") or ():
        theirs = load(str(other), "numbers.yaml")
        for kind, ws in theirs["qualifiers"].items():
            merged["qualifiers"].setdefault(kind, [])
            merged["qualifiers"][kind] += [w for w in ws if w not in merged["qualifiers"][kind]]
        for key in ("multipliers", "magnitudes", "currency_words"):
            merged[key] = {**theirs[key], **merged[key]}
        for key in ("per_hour", "range_to", "spread"):
            merged[key] += [w for w in theirs[key] if w not in merged[key]]
        for key in ("sparsity_words", "times_suffix", "process_words", "made_by"):  # patterns: either
            merged[key] = f"{merged[key]}|{theirs[key]}"
    return merged


@cache
def words(code: str) -> Words:
    """The language's extraction words, compiled once per process."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    return load_words(HERE / code)

_WORD = re.compile(r"[a-zäöüß]+")


@lru_cache(maxsize=1)
def _markers() -> tuple[frozenset[str], frozenset[str]]:
    from spacy.lang.de.stop_words import STOP_WORDS as DE
    from spacy.lang.en.stop_words import STOP_WORDS as EN

    # words of one list only: "die" and "an" must not count for both
    return frozenset(EN - DE), frozenset(DE - EN)


def detect_language(text: str, default: str = "en") -> str:
    en, de = _markers()
    words = _WORD.findall(text[:20000].lower())
    n_en = sum(map(en.__contains__, words))
    n_de = sum(map(de.__contains__, words))
    if n_en == n_de == 0:
        return default
    return "de" if n_de > n_en else "en"

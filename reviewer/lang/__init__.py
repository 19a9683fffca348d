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

"""Which language an article is in: English or German, by their stop words (spaCy's own lists)."""

from __future__ import annotations

import re
from functools import lru_cache

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

"""The languages the reviewer reads: one folder each (reviewer/lang/en/, reviewer/lang/de/) with its words as
data, and which language an article is in (English or German, by their stop words: spaCy's own lists; an
article in another language, French or Spanish, is told apart by py3langid and not reviewed).

A new language is a new folder with the same files; `LANGUAGES` lists the folders, and the CLI's --lang
choices come from it.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

from ..errors import InputError
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
    per-hour words, range words, the words that make "over" a preposition; less what its `not_borrowed` lists."""
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
    for word in own.get("not_borrowed") or ():  # a borrowed word that is a word of this language too ("half")
        for key in ("multipliers", "magnitudes", "currency_words"):
            merged[key].pop(word, None)
    return merged


@cache
def words(code: str) -> Words:
    """The language's extraction words, compiled once per process."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    return load_words(HERE / code)

_WORD = re.compile(r"[a-zäöüß]+")
# Prose for telling languages apart: no code, no links' targets, no HTML tags or comments, no numbers
_NOT_PROSE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)|`[^`\n]*`|<!--.*?-->|<[^>\n]*>|\]\([^)\s]*\)|https?://\S+",
                        re.DOTALL)
_LETTERS = re.compile(r"[^\W\d_]{2,}")
SAMPLE_CHARS = 20_000  # detection reads the first this many characters of prose
MIN_WORDS = 30  # fewer words than this: too short to tell any language but by the stop-word choice
OWN_SHARE = 0.10  # this share of words English-only or German-only stop words: the article is one of ours
OTHER_CONFIDENCE = 0.90  # another language must be this likely (py3langid, normalized) to be reported
OTHER_SHARE = 0.25  # and this share of the words its stop words (prose has 40-50 %; our articles under 20 %)
NO_SPACES = frozenset({"zh", "ja", "th", "lo", "km", "my", "bo"})  # no stop-word share to count: words run together


class UnsupportedLanguage(InputError):
    """The article is in a language the reviewer does not read: it is not reviewed (the CLI exits 2)."""

    code = "E109"

    def __init__(self, language: str, path: str | None = None):
        self.language = language
        super().__init__(f"not reviewed: language {language} is not supported (supported: {', '.join(LANGUAGES)})",
                         path)

    @property
    def status(self) -> str:
        """The article's status in a batch's index and summary."""
        return f"not reviewed: language {self.language} is not supported"


@lru_cache(maxsize=1)
def _markers() -> tuple[frozenset[str], frozenset[str]]:
    from spacy.lang.de.stop_words import STOP_WORDS as DE
    from spacy.lang.en.stop_words import STOP_WORDS as EN

    # words of one list only: "die" and "an" must not count for both
    return frozenset(EN - DE), frozenset(DE - EN)


def in_other_language(text: str, lang: str) -> bool:
    """Whether a short text (a quotation) is in the other of our two languages: it has a stop word of only that
    one and none of only `lang`'s ("28.8 TB/s of EFA bandwidth" in a German article)."""
    en, de = _markers()
    words = _WORD.findall(text.lower())
    own, other = (de, en) if lang == "de" else (en, de)
    return any(w in other for w in words) and not any(w in own for w in words)


@lru_cache(maxsize=1)
def _identifier():
    """py3langid's identifier (its bundled model, normalized probabilities), loaded on first need: about a second."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def detect_language(text: str, default: str = "en") -> str:
    """The article's language: "de" or "en" by their stop words, or the code of another language
    ("fr", "es": one the reviewer does not read) when the text is long enough, few of its words are
    English or German stop words, py3langid is confident it is that other language, and enough of its
    words are that language's stop words (spaCy's lists) for it to be prose in it."""
    en, de = _markers()
    sample = text[:SAMPLE_CHARS]
    words = _WORD.findall(sample.lower())
    n_en = sum(map(en.__contains__, words))
    n_de = sum(map(de.__contains__, words))
    ours = default if n_en == n_de == 0 else "de" if n_de > n_en else "en"
    prose = _NOT_PROSE.sub(" ", sample)
    letters = _LETTERS.findall(prose)
    if len(letters) < MIN_WORDS:
        return ours  # short or numbers only: English or German, as ever
    in_prose = _WORD.findall(prose.lower())
    own = max(sum(map(en.__contains__, in_prose)), sum(map(de.__contains__, in_prose)))
    if own >= OWN_SHARE * len(letters):
        return ours  # plainly English or German: no model needed
    other, confidence = _identifier().classify(" ".join(letters))
    if other in LANGUAGES or confidence < OTHER_CONFIDENCE:
        return ours
    stop = _stop_words(str(other))
    if stop is not None and sum(map(stop.__contains__, (w.lower() for w in letters))) < OTHER_SHARE * len(letters):
        return ours  # names, units and table headers, not prose in that language
    return str(other)


@cache
def _stop_words(code: str) -> frozenset[str] | None:
    """spaCy's stop words of a language written with spaces between words, or None (none known, or no spaces).
    Its stop_words.py is run on its own: importing it as spacy.lang.fr.stop_words would run the language's package
    first, whose tokenizer exceptions compile for seconds (six for French) what this never uses."""
    import importlib.util

    if code in NO_SPACES or not code.isalpha():
        return None
    spec = importlib.util.find_spec("spacy.lang")
    if spec is None or not spec.submodule_search_locations:
        return None  # pragma: no cover - spaCy is a dependency
    path = Path(next(iter(spec.submodule_search_locations))) / code / "stop_words.py"
    module_spec = importlib.util.spec_from_file_location(f"_stop_words_{code}", path)
    if not path.is_file() or module_spec is None or module_spec.loader is None:
        return None
    module = importlib.util.module_from_spec(module_spec)
    try:
        module_spec.loader.exec_module(module)
        return frozenset(module.STOP_WORDS)
    except (ImportError, AttributeError):
        return None

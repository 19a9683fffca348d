"""Stage 3: the spaCy pipeline. One `build_nlp()` decides the components and their order.

    tokenizer (blank en/de; German gets the hyphen split English already has)
    -> sentencizer (and hw_footnote_stops, hw_quote_opens, hw_number_stops, hw_table_rows: where it misses a start)
    -> hw_entities  phrase patterns from every entity name and alias in facts/ (first-longest match)
    -> hw_fuzzy     rapidfuzz for typos and spacing ("Tranium3", "Trainium 3"); exact version tokens
    -> hw_cues      phrase patterns from lang/<code>/cues.yaml (attribute, precision, scope, ...), all matches
    -> hw_quantities numbers with units and qualifiers, as exact character spans

A trained pipeline the user has installed can replace the blank one (`--spacy-model`); its own
components stay, ours are added after them.

hw_entities and hw_cues give exactly what spaCy's SpanRuler gives with phrase patterns on LOWER
(deduplicated, in span order, the entity spans through `first_longest_spans_filter`), from a bare
PhraseMatcher: the SpanRuler's general machinery (a warnings context, Span objects for every raw
match, an empty token Matcher) cost more than the matching itself on short segments, and its
patterns were run through every earlier component when added. The tokenizer keeps each segment's
text on the Doc, because `Doc.text` is rebuilt from the tokens on every access.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from typing import Any, ClassVar, cast

import spacy
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.symbols import ORTH
from spacy.tokens import Doc, Span
from spacy.util import compile_infix_regex, compile_suffix_regex

from . import diskcache, errors
from .diskcache import gc_paused
from .factbase.base import FactBase
from .lang import LANGUAGES, dates, tokenizer_rules
from .names import EntityNames
from .quantities import find_quantities

ENTITY_KEY = "hw_entities"
CUE_KEY = "hw_cues"
TEXT_KEY = "hw_text"  # Doc.user_data: the text the Doc was made from

if not Doc.has_extension("hw_quantities"):
    Doc.set_extension("hw_quantities", default=None)


@lru_cache(maxsize=1)
def cue_lexicon() -> dict[str, dict[str, list[str]]]:
    """Each language's cue words by label (reviewer/lang/<code>/cues.yaml)."""
    from .lang import LANGUAGES, language_file
    from .yamlload import load_yaml

    return {code: load_yaml(language_file(code, "cues.yaml").read_text(encoding="utf-8")) for code in LANGUAGES}


def doc_text(doc: Doc) -> str:
    text = doc.user_data.get(TEXT_KEY)
    return doc.text if text is None else text


class _TextKeepingTokenizer:
    """The pipeline's tokenizer, also noting on each Doc the text it was made from."""

    def __init__(self, tokenizer):
        self.tokenizer = tokenizer

    def __call__(self, text: str) -> Doc:
        doc = self.tokenizer(text)
        doc.user_data[TEXT_KEY] = text
        return doc

    def pipe(self, texts, batch_size: int = 1000):
        for text in texts:
            yield self(text)

    def __getattr__(self, name):
        return getattr(self.tokenizer, name)

    def __setattr__(self, name, value):  # nlp.tokenizer.infix_finditer = ... reaches the tokenizer
        if name == "tokenizer":
            object.__setattr__(self, name, value)
        else:
            setattr(self.tokenizer, name, value)


# tokenizer id -> phrase -> its tokens (words, spaces), as PhraseRuler.add_patterns tokenized or read them
_PHRASE_TOKENS: dict[str, dict[str, tuple[list[str], list[bool]]]] = {}


class PhraseRuler:
    """Phrase patterns matched on LOWER into doc.spans[key]; as SpanRuler, with less overhead."""

    def __init__(self, nlp: Language, spans_key: str, first_longest: bool):
        self.nlp = nlp
        self.key = spans_key
        self.first_longest = first_longest
        self._matcher: PhraseMatcher | None = None  # built on first use (see `matcher`)
        self.pattern_tokens: dict[str, list[tuple[list[str], list[bool]]]] = {}  # label -> its phrases' tokens

    def add_patterns(self, patterns: list[tuple[str, str]], tokenizer_id: str = "") -> None:
        """(label, phrase) pairs; the phrases are tokenized as the pipeline tokenizes text.

        With a `tokenizer_id` (what decides the tokenization: spaCy's version, the language and
        our rules), the phrases' tokens are kept in the user cache and the pattern Docs made
        from them, which skips the tokenizer's rules for the ~1,500 phrases at start-up.
        """
        phrases = [phrase for _, phrase in patterns]
        tokens = self._cached_tokens(phrases, tokenizer_id) if tokenizer_id else None
        # (a phrase this process tokenized for another fact base is not tokenized again: a publication's facts on
        # top of the bundled ones add a few names to thousands)
        known = _PHRASE_TOKENS.setdefault(tokenizer_id, {}) if tokenizer_id else {}
        if tokens is None:
            tokens = [known.get(phrase) or self._tokenize(phrase) for phrase in phrases]
            if tokenizer_id:
                diskcache.store("phrases", self._tokens_key(phrases, tokenizer_id), tokens, keep=16)
        known.update(zip(phrases, tokens))
        # the tokens, not the Docs (each Doc is a few KB): enough to build a matcher from; the
        # article analyser builds one matcher for both rulers, so ours is only built when a
        # Doc goes through the pipeline component itself
        for (label, _), (words, spaces) in zip(patterns, tokens, strict=True):
            self.pattern_tokens.setdefault(label, []).append((list(words), list(spaces)))
        self._matcher = None

    def _tokenize(self, phrase: str) -> tuple[list[str], list[bool]]:
        doc = self.nlp.make_doc(phrase)
        return [t.text for t in doc], [bool(t.whitespace_) for t in doc]

    @property
    def matcher(self) -> PhraseMatcher:
        if self._matcher is None:
            self._matcher = phrase_matcher(self.nlp.vocab, [self.pattern_tokens])
        return self._matcher

    @staticmethod
    def _tokens_key(phrases: list[str], tokenizer_id: str) -> str:
        return diskcache.digest("1", spacy.__version__, tokenizer_id, json.dumps(phrases))

    def _cached_tokens(self, phrases: list[str], tokenizer_id: str) -> list | None:
        tokens = diskcache.load("phrases", self._tokens_key(phrases, tokenizer_id))
        if not isinstance(tokens, list) or len(tokens) != len(phrases):
            return None
        for (words, spaces), phrase in zip(tokens, phrases):  # cheap check: the text they spell
            if "".join(w + (" " if sp else "") for w, sp in zip(words, spaces)) != phrase:
                return None
        return tokens

    def matches(self, doc: Doc) -> list[tuple[int, int, int]]:
        """(start token, end token, label id) of the spans this ruler sets, in span order."""
        return self.spans_of(self.matcher(doc))

    def spans_of(self, raw) -> list[tuple[int, int, int]]:
        """The spans this ruler sets for its matcher's matches (match id, start, end)."""
        found = sorted({(start, end, key) for key, start, end in raw if start != end})
        if self.first_longest:  # spacy.util.filter_spans: longest first, then earliest; no overlaps
            kept: list[tuple[int, int, int]] = []
            seen: set[int] = set()
            for m in sorted(found, key=lambda m: (m[1] - m[0], -m[0]), reverse=True):
                if m[0] not in seen and m[1] - 1 not in seen:
                    kept.append(m)
                    seen.update(range(m[0], m[1]))
            found = sorted(kept, key=lambda m: m[0])
        return found

    def __call__(self, doc: Doc) -> Doc:
        doc.spans[self.key] = [Span(doc, start, end, label=key) for start, end, key in self.matches(doc)]
        return doc


def phrase_matcher(vocab, pattern_sets) -> PhraseMatcher:
    """A PhraseMatcher on LOWER with the patterns of each {label: [(words, spaces), ...]} given."""
    matcher = PhraseMatcher(vocab, attr="LOWER")
    for patterns in pattern_sets:
        for label, tokens in patterns.items():
            matcher.add(label, [Doc(vocab, words=w, spaces=sp) for w, sp in tokens])
    return matcher


@Language.factory("hw_phrases", default_config={"spans_key": "", "first_longest": False})
def _make_phrases(nlp: Language, name: str, spans_key: str, first_longest: bool):
    return PhraseRuler(nlp, spans_key, first_longest)


UNIT_FULL_STOPS = ("s.",)  # "TB/s." ends a sentence; spaCy reads "s." as an abbreviation


def _tokenizer_tweaks(nlp: Language) -> None:
    """Our tokenizer rules on a pipeline made elsewhere (an installed model): German splits
    hyphenated compounds as English does ("Trainium3-Chips" -> Trainium3 - Chips), a model number's
    plural splits off its "s" ("H100s"), and "s." is no abbreviation (see _blank)."""
    tokenizer: Any = nlp.tokenizer  # (spaCy types it as a callable; it is a Tokenizer)
    rules = tokenizer.rules or {}
    if any(k in rules for k in UNIT_FULL_STOPS):
        tokenizer.rules = {k: v for k, v in rules.items() if k not in UNIT_FULL_STOPS}
    infixes, suffixes = _affixes(str(nlp.lang), nlp.Defaults)
    tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    tokenizer.suffix_search = compile_suffix_regex(suffixes).search


def _affixes(lang: str, defaults) -> tuple[list, list]:
    """A language's infix and suffix rules with ours added (reviewer/lang/<code>/tokenizer.yaml): a model
    number's plural ("eight H100s", "MI300Xs") splits off its "s" so that the name matches, a model name's
    full stop ends the sentence; German also splits hyphenated compounds. A language without a folder gets
    the English rules."""
    ours = tokenizer_rules(lang if lang in LANGUAGES else "en")
    return [*defaults.infixes, *ours["infixes"]], [*defaults.suffixes, *ours["suffixes"]]


def _exceptions(lang: str, defaults: dict) -> dict:
    """spaCy's tokenizer exceptions without "s." (see _blank), with each short lower-case abbreviation also
    capitalised, as it is written at a sentence's start ("Ggü. Trainium2: ...", "Vgl."), and the language's own
    (tokenizer.yaml `abbreviations`): one token each, so their full stop ends no sentence."""
    out = {k: v for k, v in defaults.items() if k not in UNIT_FULL_STOPS}
    for k in list(out):
        cap = k[:1].upper() + k[1:]
        if k.endswith(".") and k[:-1].isalpha() and k[:1].islower() and 3 <= len(k) <= 7 and cap not in out:
            out[cap] = [{ORTH: cap}]
    ours = tokenizer_rules(lang if lang in LANGUAGES else "en").get("abbreviations") or ()
    for word in ours:
        out.setdefault(word, [{ORTH: word}])
    return out


def _blank(lang: str) -> Language:
    """spacy.blank(lang) with our tokenizer rules in its Defaults, so that the (large) German infix
    expression is compiled once: German splits hyphenated compounds as English does, and neither
    keeps "s." as an abbreviation, which would glue the full stop of "7.7 TB/s." to the unit and
    join two sentences into one."""
    base: Any = spacy.util.get_lang_class(lang)
    ours = _affixes(lang, base.Defaults)

    class BlankDefaults(base.Defaults):
        infixes, suffixes = ours
        tokenizer_exceptions: ClassVar[dict] = _exceptions(lang, base.Defaults.tokenizer_exceptions)

    class Blank(base):  # (a language class chosen at run time: `base` is Any)
        Defaults = BlankDefaults

    return Blank.from_config({"nlp": {"lang": lang}})


# Factories take JSON config only, so the live name index is looked up by the fact base's fingerprint.
_NAME_INDEXES: dict[str, EntityNames] = {}


@Language.factory("hw_fuzzy", requires=["doc.spans"], assigns=["doc.spans"], default_config={"names_key": ""})
def _make_fuzzy(nlp: Language, name: str, names_key: str):
    names = _NAME_INDEXES[names_key]
    memo: dict[str, str | None] = {}

    def hw_fuzzy(doc: Doc) -> Doc:
        text = doc_text(doc)
        if not names.may_mention(text):
            return doc
        if len(memo) > 100_000:
            memo.clear()
        found = list(doc.spans.get(ENTITY_KEY, []))
        taken = [(s.start_char, s.end_char) for s in found]
        extra = False
        for start, end, entity_id in names.fuzzy_mentions(text, taken, memo):
            span = doc.char_span(start, end, label=entity_id, alignment_mode="expand")
            if span is not None:
                found.append(span)
                extra = True
        if extra:
            doc.spans[ENTITY_KEY] = sorted(found, key=lambda s: s.start)
        return doc

    return hw_fuzzy


# "... waren es noch 512. Der Pod ...": German keeps a number's full stop on it (for "18. März"),
# so the sentencizer does not see it. A capitalised word after "<number>." starts a sentence unless
# it is a month or the number is an ordinal after an article ("der 3. Generation").
_NUMBER_STOP = re.compile(r"(?<![\w.,])(\d[\d.,]*?)\.[ \t]+([A-ZÄÖÜ][\wäöüß-]*)")
_ORDINAL_BEFORE = re.compile(tokenizer_rules("de")["ordinal_before"], re.IGNORECASE)
_MONTHS = frozenset(word.capitalize() for word in dates("de")["months"])  # "März", "Dez": no sentence stop before
_ORDINAL_NOUNS = frozenset(tokenizer_rules("de").get("ordinal_nouns") or ())  # "5. Generation"


def number_stops(text: str) -> list[int]:
    """Character offsets of the words that start a sentence after a German "<number>." (see above)."""
    if ". " not in text:
        return []
    out = []
    for m in _NUMBER_STOP.finditer(text):
        word = m.group(2)
        if word in _MONTHS or word.rstrip(".") in _MONTHS or word in _ORDINAL_NOUNS:
            continue
        if len(m.group(1)) <= 2 and _ORDINAL_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
            continue
        out.append(m.start(2))
    return out


_COLUMN_GAP = re.compile(r"\S {2,}\S")


_DEFINITION = re.compile(r"^\s*[^\s—–-][^—–\n]{0,50}?\s[—–]\s+\S")  # "v5p — 8,960 chips per pod"


def may_have_rows(text: str) -> bool:
    return "\n" in text and ("  " in text or "—" in text or "–" in text)


def table_row_starts(text: str) -> list[int]:
    """Character offsets of the rows of a plain-text table inside a paragraph ("trn2.48xlarge   16
    Trainium2   1,5 TB"): lines whose columns are aligned with runs of spaces each start a sentence, so
    that a row's figures belong to the name that opens the row. Lines of a cheat sheet ("NVLink 4 —
    900 GB/s per GPU" over "NVLink 5 — 1.8 TB/s per GPU") are rows too."""
    out, pos = [], 0
    lines = text.split("\n")
    tabular = [bool(_COLUMN_GAP.search(line) or _DEFINITION.match(line)) for line in lines]
    for k, line in enumerate(lines):
        if k and tabular[k] and (tabular[k - 1] or (k + 1 < len(lines) and tabular[k + 1])):
            stripped = len(line) - len(line.lstrip())
            if stripped < len(line):
                out.append(pos + stripped)
        pos += len(line) + 1
    return out


@Language.component("hw_table_rows")
def hw_table_rows(doc: Doc) -> Doc:
    text = doc_text(doc)
    return _sentence_starts(doc, table_row_starts(text)) if may_have_rows(text) else doc


# "... the Graviton4 processor.[7] Selipsky stepped down": a reference marker after a sentence's full stop
# hides the stop from the sentencizer; the capitalised word after it starts the next sentence
_FOOTNOTE_STOP = re.compile(r"[.!?](?:\[\d{1,3}\]|\[[a-z]\]|\^\d{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)+[ \t]+(?=[A-ZÄÖÜ])")


# "[00:04:50] board power is 1,400 watts": a transcript's line opens with its time stamp, and each line is an
# utterance of its own (transcripts rarely end one with a full stop)
_STAMP_LINE = re.compile(r"(?m)^[ \t]*(?P<at>[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?)[ \t]+(?=\S)")


# "The 288 GB is right 👍 But it's HBM3e": in a post, an emoji ends a sentence as a full stop does
_EMOJI_STOP = re.compile("[\U0001F300-\U0001FAFF\u2600-\u27BF]\uFE0F?[ \t]+(?=[A-ZÄÖÜ])")


def footnote_stops(text: str) -> list[int]:
    """Character offsets of the words that start a sentence after a stop with a reference marker or an emoji,
    and of a transcript's time-stamped lines."""
    out = [m.start("at") for m in _STAMP_LINE.finditer(text)] if ":" in text and "\n" in text else []
    if not text.isascii():
        out += [m.end() for m in _EMOJI_STOP.finditer(text)]
    if "[" not in text and "^" not in text and not any(c in text for c in "¹²³⁴⁵⁶⁷⁸⁹⁰"):
        return out
    return out + [m.end() for m in _FOOTNOTE_STOP.finditer(text)]


# 'The first DGX B200 arrived. "A rack with 144 GPUs …," says Albers', „… kamen. „Ein Rack …“, sagt Albers": the
# sentencizer keeps a quotation mark that follows a full stop with the sentence before (as it should a closing
# one); after a space and before a capital or a digit the mark opens the next sentence, and the quotation in it,
# where the quotation closes inside that sentence (one that runs on past a sentence end, '"256 gigabytes on one
# GPU! We thought ..."', stays as it was: gates.carry_reported_speech reads it across sentences)
_QUOTE_OPENS = re.compile(r"(?<=[.!?])[ \t]+([\"„“«»‚])(?=[A-ZÄÖÜ\d])(?:(?![.!?]\s)[^\"„“”«»\n])*[\"“”«»]")


def quote_opens(text: str) -> list[int]:
    """Character offsets of the quotation marks that open a sentence after a full stop (see above): where a sentence
    starts right after one, it starts at the mark."""
    if '"' not in text and not any(c in text for c in "„“«»‚"):
        return []
    return [m.start(1) for m in _QUOTE_OPENS.finditer(text)]


@Language.component("hw_quote_opens")
def hw_quote_opens(doc: Doc) -> Doc:
    starts = {t.idx: t.i for t in doc}
    for at in quote_opens(doc_text(doc)):
        i = starts.get(at)
        if i is not None and 0 < i < len(doc) - 1 and len(doc[i]) == 1 and doc[i + 1].is_sent_start:
            doc[i].is_sent_start = True
            doc[i + 1].is_sent_start = False
    return doc


@Language.component("hw_footnote_stops")
def hw_footnote_stops(doc: Doc) -> Doc:
    return _sentence_starts(doc, footnote_stops(doc_text(doc)))


@Language.component("hw_number_stops")
def hw_number_stops(doc: Doc) -> Doc:
    return _sentence_starts(doc, number_stops(doc_text(doc)))


def _sentence_starts(doc: Doc, found: list[int]) -> Doc:
    if not found:
        return doc
    starts = {t.idx: t.i for t in doc}
    for at in found:
        i = starts.get(at)
        if i is not None and i > 0:
            doc[i].is_sent_start = True
    return doc


@Language.factory("hw_quantities", assigns=["doc._.hw_quantities"], default_config={"lang": "en"})
def _make_quantities(nlp: Language, name: str, lang: str):
    def hw_quantities(doc: Doc) -> Doc:
        doc._.hw_quantities = find_quantities(doc_text(doc), lang)
        return doc

    return hw_quantities


@gc_paused()
def build_nlp(lang: str, factbase: FactBase, model: str | None = None) -> Language:
    """The claim pipeline for one language, built from the fact base's names and the cue lexicon."""
    if model:
        try:
            nlp = spacy.load(model, exclude=["ner", "lemmatizer", "textcat"])
        except OSError:
            raise errors.ModelNotInstalled(f"spaCy model '{model}' is not installed; install it or drop --spacy-model") from None
        _tokenizer_tweaks(nlp)
        nlp._hw_model = True  # type: ignore[attr-defined]  # its tokenizer and components are its own
        tokenizer_id = ""  # a model's tokenizer may be its own: tokenize its patterns each time
    else:
        nlp = _blank(lang)
        rules = repr((UNIT_FULL_STOPS, _affixes(lang, spacy.util.get_lang_class(lang).Defaults)))
        tokenizer_id = f"blank-{lang}-{hashlib.sha1(rules.encode()).hexdigest()[:16]}"  # new rules, new cache
    nlp.tokenizer = _TextKeepingTokenizer(nlp.tokenizer)
    if not nlp.has_pipe("parser") and not nlp.has_pipe("senter"):
        nlp.add_pipe("sentencizer")
    nlp.add_pipe("hw_footnote_stops")
    nlp.add_pipe("hw_quote_opens")
    if lang == "de":
        nlp.add_pipe("hw_number_stops")
    nlp.add_pipe("hw_table_rows")
    names = EntityNames.from_factbase(factbase)
    ruler = cast(PhraseRuler, nlp.add_pipe("hw_phrases", name=ENTITY_KEY,
                                           config={"spans_key": ENTITY_KEY, "first_longest": True}))
    ruler.add_patterns([(eid, alias) for alias, eid in names.phrase_patterns()], tokenizer_id)
    _NAME_INDEXES[factbase.fingerprint] = names
    nlp.add_pipe("hw_fuzzy", config={"names_key": factbase.fingerprint})
    cues = cast(PhraseRuler, nlp.add_pipe("hw_phrases", name=CUE_KEY, config={"spans_key": CUE_KEY, "first_longest": False}))
    cues.add_patterns([(label, word) for label, words in cue_lexicon()[lang].items() for word in words], tokenizer_id)
    nlp.add_pipe("hw_quantities", config={"lang": lang})
    return nlp

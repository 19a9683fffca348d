"""Stage 3: the spaCy pipeline. One `build_nlp()` decides the components and their order.

    tokenizer (blank en/de; German gets the hyphen split English already has)
    -> sentencizer
    -> hw_entities  SpanRuler, phrase patterns from every entity name and alias in facts/
    -> hw_fuzzy     rapidfuzz for typos and spacing ("Tranium3", "Trainium 3"); exact version tokens
    -> hw_cues      SpanRuler, phrase patterns from cues.yaml (attribute, precision, scope, ...)
    -> hw_quantities numbers with units and qualifiers, as exact character spans

A trained pipeline the user has installed can replace the blank one (`--spacy-model`); its own
components stay, ours are added after them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import spacy
import yaml
from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import compile_infix_regex

from . import errors
from .factbase.base import FactBase
from .names import EntityNames
from .quantities import find_quantities

ENTITY_KEY = "hw_entities"
CUE_KEY = "hw_cues"

if not Doc.has_extension("hw_quantities"):
    Doc.set_extension("hw_quantities", default=None)


@lru_cache(maxsize=1)
def cue_lexicon() -> dict[str, dict[str, list[str]]]:
    return yaml.safe_load(Path(__file__).with_name("cues.yaml").read_text(encoding="utf-8"))


def _tokenizer_tweaks(nlp: Language) -> None:
    """Split hyphenated compounds in German as English does ("Trainium3-Chips" -> Trainium3 - Chips)."""
    if nlp.lang != "de":
        return
    infixes = list(nlp.Defaults.infixes) + [r"(?<=[A-Za-z0-9])-(?=[A-Za-zÄÖÜäöü])"]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer


# Factories take JSON config only, so the live name index is looked up by the fact base's fingerprint.
_NAME_INDEXES: dict[str, EntityNames] = {}


@Language.factory("hw_fuzzy", requires=["doc.spans"], assigns=["doc.spans"], default_config={"names_key": ""})
def _make_fuzzy(nlp: Language, name: str, names_key: str):
    names = _NAME_INDEXES[names_key]

    def hw_fuzzy(doc: Doc) -> Doc:
        found = list(doc.spans.get(ENTITY_KEY, []))
        taken = [(s.start_char, s.end_char) for s in found]
        extra = False
        for start, end, entity_id in names.fuzzy_mentions(doc.text, taken):
            span = doc.char_span(start, end, label=entity_id, alignment_mode="expand")
            if span is not None:
                found.append(span)
                extra = True
        if extra:
            doc.spans[ENTITY_KEY] = sorted(found, key=lambda s: s.start)
        return doc

    return hw_fuzzy


@Language.factory("hw_quantities", assigns=["doc._.hw_quantities"], default_config={"lang": "en"})
def _make_quantities(nlp: Language, name: str, lang: str):
    def hw_quantities(doc: Doc) -> Doc:
        doc._.hw_quantities = find_quantities(doc.text, lang)
        return doc

    return hw_quantities


def build_nlp(lang: str, factbase: FactBase, model: str | None = None) -> Language:
    """The claim pipeline for one language, built from the fact base's names and the cue lexicon."""
    if model:
        try:
            nlp = spacy.load(model, exclude=["ner", "lemmatizer", "textcat"])
        except OSError:
            raise errors.ModelNotInstalled(f"spaCy model '{model}' is not installed; install it or drop --spacy-model") from None
    else:
        nlp = spacy.blank(lang)
    _tokenizer_tweaks(nlp)
    if not nlp.has_pipe("parser") and not nlp.has_pipe("senter"):
        nlp.add_pipe("sentencizer")
    names = EntityNames.from_factbase(factbase)
    ruler = nlp.add_pipe("span_ruler", name=ENTITY_KEY, config={
        "spans_key": ENTITY_KEY, "phrase_matcher_attr": "LOWER", "validate": False,
        "spans_filter": {"@misc": "spacy.first_longest_spans_filter.v1"}})
    ruler.add_patterns([{"label": eid, "pattern": alias} for alias, eid in names.phrase_patterns()])
    _NAME_INDEXES[factbase.fingerprint] = names
    nlp.add_pipe("hw_fuzzy", config={"names_key": factbase.fingerprint})
    cues = nlp.add_pipe("span_ruler", name=CUE_KEY, config={
        "spans_key": CUE_KEY, "phrase_matcher_attr": "LOWER", "validate": False})
    cues.add_patterns([{"label": label, "pattern": word}
                       for label, words in cue_lexicon()[lang].items() for word in words])
    nlp.add_pipe("hw_quantities", config={"lang": lang})
    return nlp

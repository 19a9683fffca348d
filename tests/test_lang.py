"""The language folders (reviewer/lang/<code>/): every language gives every window in its own words."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml
from conftest import find, review

from reviewer.lang import HERE, LANGUAGES, words
from reviewer.lang.windows import FLAGS, LanguageDataError, load_words, window_names
from reviewer.source import load_yaml

LANG_DIR = HERE

# Function words of one language only: a window of the other language that contains one of them has a
# word of the wrong language in it ("mit" in an English window, "with" in a German one).
# ("die" is also the English word for a piece of silicon: "die-to-die")
GERMAN_ONLY = {"der", "das", "und", "mit", "pro", "je", "jeweils", "seit", "nicht", "ist", "sind", "wird",
               "als", "auf", "von", "des", "dem", "den", "oder", "aber", "während", "bis", "zu", "im", "mehr"}
ENGLISH_ONLY = {"the", "and", "with", "per", "each", "since", "not", "is", "are", "than", "from", "of", "or",
                "but", "while", "whereas", "more", "its", "their", "by", "to", "at", "on"}


def _patterns(code: str) -> dict[str, str]:
    return yaml.safe_load((LANG_DIR / code / "extract.yaml").read_text(encoding="utf-8"))["windows"]


def _words(pattern: str) -> set[str]:
    pattern = re.sub(r"\\[A-Za-z]", " ", pattern)  # \bis is "is", not "bis"
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{2,}", pattern)}


def test_lang_the_folders_are_the_languages():
    assert LANGUAGES == ("de", "en")


@pytest.mark.parametrize("code", ["en", "de"])
def test_lang_every_window_is_given_and_compiles(code):
    assert set(_patterns(code)) == window_names(HERE) >= set(FLAGS)
    w = words(code)
    assert all(isinstance(getattr(w, name), re.Pattern) for name in FLAGS)


@pytest.mark.parametrize("code", LANGUAGES)
def test_lang_no_key_is_given_twice(code):
    """YAML keeps the last of two equal keys without a word: a window written twice is a dead first copy (two
    `each_after` windows were, once)."""
    twice = []
    for path in sorted((LANG_DIR / code).glob("*.yaml")):
        nodes = [yaml.compose(path.read_text(encoding="utf-8"))]
        while nodes:
            node = nodes.pop()
            if isinstance(node, yaml.MappingNode):
                keys = [k.value for k, _ in node.value]
                twice += [f"{path.name}: {k}" for k in sorted({k for k in keys if keys.count(k) > 1})]
                nodes += [v for _, v in node.value]
            elif isinstance(node, yaml.SequenceNode):
                nodes += node.value
    assert not twice, twice


def test_lang_no_english_window_has_a_german_word():
    found = {name: sorted(_words(p) & GERMAN_ONLY) for name, p in _patterns("en").items() if _words(p) & GERMAN_ONLY}
    assert not found, found


def test_lang_no_german_window_has_an_english_word():
    # "in" is both; an English word a German article uses comes through `borrows`, not the German pattern
    found = {name: sorted(_words(p) & ENGLISH_ONLY) for name, p in _patterns("de").items() if _words(p) & ENGLISH_ONLY}
    assert not found, found


def test_lang_the_word_check_finds_a_word_of_the_other_language():
    assert _words(r"\b(?:since|seit)\s+$") & GERMAN_ONLY == {"seit"}


def test_lang_german_borrows_english_windows_but_not_their_groups():
    de, en = words("de"), words("en")
    assert de.since.search("seit ") and de.since.search("since ") and not en.since.search("seit ")
    # a window with groups is the language's own: its groups are read by name
    assert de.yearless_day.search("am 2. Dezember") and not de.yearless_day.search("on December 2")
    assert "instanz" in de.kind_words and "rack" in de.kind_words and "instanz" not in en.kind_words


def _copy(tmp_path):
    for code in LANGUAGES:
        shutil.copytree(LANG_DIR / code, tmp_path / code)
    return tmp_path


def test_lang_a_missing_window_is_an_error_naming_the_file(tmp_path):
    root = _copy(tmp_path)
    path = root / "en" / "extract.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    del data["windows"]["since"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(LanguageDataError, match=r"en/extract\.yaml: windows missing: \['since'\]"):
        load_words(root / "en")


def test_lang_a_pattern_that_does_not_compile_names_its_window(tmp_path):
    root = _copy(tmp_path)
    path = root / "de" / "extract.yaml"
    data = load_yaml(path.read_text(encoding="utf-8"))
    data["windows"]["took_office"] = r"\b(?:seit"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(LanguageDataError, match=r"de/extract\.yaml: window took_office"):
        load_words(root / "de")


def test_lang_an_english_window_at_work(reviewer):
    r = review(reviewer, "AWS CEO Matt Garman, who took over in June 2023, opened the keynote.", "en")
    f = find(r, "June 2023")
    assert (f.entity, f.attribute, f.verdict) == ("aws", "took_office", "contradicted")


def test_lang_a_german_window_at_work(reviewer):
    r = review(reviewer, "AWS-Chef Matt Garman, seit er im Juni 2024 übernommen hat, eröffnete die Keynote.", "de")
    f = find(r, "Juni 2024")
    assert (f.entity, f.attribute, f.verdict) == ("aws", "took_office", "verified")

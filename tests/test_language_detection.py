"""Which language an article is in (reviewer/lang detect_language): English or German as ever, another language
(French, Spanish, ...) told apart and not reviewed: `review ARTICLE` exits 2, `review batch` lists it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT, SEEDS, cli

from reviewer.batch import run_batch
from reviewer.errors import InputError
from reviewer.lang import LANGUAGES, SAMPLE_CHARS, UnsupportedLanguage, detect_language
from reviewer.source import read_source, source_from_text

FOREIGN = ROOT / "tests" / "fixtures" / "lang"
OURS = [*sorted((ROOT / "corpus").glob("*.md")), *sorted((ROOT / "corpus" / "traps").glob("*.md")),
        *sorted((ROOT / "docs" / "blind").glob("*/*.md")), *sorted((ROOT / "docs" / "blind").glob("*.md")),
        *sorted(p for p in SEEDS.glob("*") if p.is_file())]
ENGLISH = (ROOT / "corpus" / "en-trainium3-launch.md").read_text(encoding="utf-8")
FRENCH = (FOREIGN / "fr-trainium3-lancement.md").read_text(encoding="utf-8")


def test_every_article_of_the_project_is_english_or_german():
    """corpus/, corpus/traps/, docs/blind/ and the seeds: never another language; a file named en-* or de-* is
    detected as that language."""
    assert len(OURS) > 200 and any(p.parent == SEEDS for p in OURS)
    for path in OURS:
        found = detect_language(read_source(path).markdown)
        assert found in ("de", "en"), path
        if path.name[:3] in ("de-", "en-"):
            assert found == path.name[:2], path


@pytest.mark.parametrize(("name", "code"), [("fr-trainium3-lancement.md", "fr"), ("es-gaudi3-lanzamiento.md", "es"),
                                            ("it-mi300x.md", "it"), ("pt-h100.md", "pt"), ("nl-b200.md", "nl")])
def test_an_article_in_another_language_is_detected(name, code):
    assert detect_language(read_source(FOREIGN / name).markdown) == code


def test_short_or_numbers_only_text_falls_back_to_english_or_german():
    assert detect_language("La puce Trainium3 a 144 Go de mémoire.") in ("de", "en")  # too short to tell
    assert detect_language("| 144 | 4,9 | 2025-12-10 |\n| 96 | 2,9 | 2024-12-03 |\n" * 50) == "en"
    assert detect_language("Der Trainium3 hat 144 GB Speicher, und die Bandbreite ist höher.") == "de"
    assert detect_language("", default="de") == "de"


def test_names_and_tables_from_another_language_are_no_article_in_it():
    """Code names and places (Ponte Vecchio, El Capitan) in a table are not prose: English or German, as ever."""
    names = "Ponte Vecchio, Rialto Bridge, Falcon Shores, Jaguar Shores, Sierra Forest, Granite Rapids, "
    assert detect_language(names * 8) in ("de", "en")
    table = "| El Capitan | Frontera | La Palma | Santa Clara | Los Alamos | Sierra | Lassen | Vista | Alta | Mesa |\n"
    assert detect_language("# Supercomputers\n\n" + table * 5) in ("de", "en")


def test_detection_reads_only_the_start_of_the_prose():
    assert detect_language(ENGLISH[:SAMPLE_CHARS].ljust(SAMPLE_CHARS) + FRENCH * 200) == "en"
    french = FRENCH.split("---\n", 2)[2]
    assert detect_language(french * (SAMPLE_CHARS // len(french) + 1) + ENGLISH * 20) == "fr"  # the start is French
    # code blocks, links' targets and HTML are no prose: English code in a French article does not hide it
    code = "\n```python\n" + "for the item in the list: if it is not there, then return it to the caller\n" * 40 + "```\n"
    assert detect_language(FRENCH + code) == "fr"


@pytest.mark.slow
def test_english_and_german_never_load_the_language_model():
    """Plain English or German is told by stop words alone: py3langid's model (a second to load) is not read."""
    script = ("import sys; from pathlib import Path; from reviewer.lang import detect_language, _identifier; "
              "from reviewer.source import read_source; "
              "[detect_language(read_source(Path(p)).markdown) for p in sys.argv[1:]]; "
              "print(_identifier.cache_info().currsize, 'py3langid' in sys.modules); "
              "print(detect_language(read_source("
              f"Path({str(FOREIGN / 'fr-trainium3-lancement.md')!r})).markdown), "
              "'spacy.lang.fr' in sys.modules)")
    paths = [str(p) for p in OURS]
    p = subprocess.run([sys.executable, "-c", script, *paths], capture_output=True, text=True, timeout=300, check=True)
    # a French article then loads the model and French stop words, but never spaCy's French package (its
    # tokenizer exceptions compile for six seconds)
    assert p.stdout.split() == ["0", "False", "fr", "False"]


@pytest.mark.parametrize("code", ["es", "it", "pt", "nl", "de", "en"])
def test_stop_words_are_spacys(code):
    """_stop_words runs a language's stop_words.py on its own: the words spaCy's module gives."""
    import importlib

    from reviewer.lang import _stop_words

    assert _stop_words(code) == frozenset(importlib.import_module(f"spacy.lang.{code}.stop_words").STOP_WORDS)
    assert _stop_words("xx") is None and _stop_words("../en") is None and _stop_words("zh") is None


def test_front_matter_and_lang_option_win_over_detection(reviewer):
    src = source_from_text("---\nlang: en\n---\n" + FRENCH.split("---\n", 2)[2], "fr-marked-en.md")
    assert src.lang == "en" and reviewer.review_source(src).language == "en"
    assert reviewer.review_text(FRENCH, path="fr.md", lang="de").language == "de"
    # a front matter naming a language the reviewer does not read: not reviewed, even if the text is English
    with pytest.raises(UnsupportedLanguage) as exc:
        reviewer.review_text("---\nlang: fr-FR\n---\n" + ENGLISH.split("---\n", 2)[2], path="x.md")
    assert exc.value.language == "fr"
    assert reviewer.review_text("---\nlanguage: English\n---\n" + ENGLISH.split("---\n", 2)[2]).language == "en"


def test_an_unsupported_language_is_an_input_error_not_a_review(reviewer):
    with pytest.raises(UnsupportedLanguage) as exc:
        reviewer.review_text(FRENCH, path="fr.md")
    err = exc.value
    assert isinstance(err, InputError) and err.code == "E109" and err.language == "fr"
    assert err.status == "not reviewed: language fr is not supported"
    assert err.line() == f"fr.md: not reviewed: language fr is not supported (supported: {', '.join(LANGUAGES)}) [E109]"


def test_review_of_an_article_in_another_language_exits_2_with_one_line():
    for fmt in ("markdown", "json", "sarif"):
        p = cli(FOREIGN / "es-gaudi3-lanzamiento.md", "--format", fmt)
        assert p.returncode == 2 and p.stdout == "" and p.stderr.count("\n") == 1, p.stderr
        assert "not reviewed: language es is not supported" in p.stderr and "[E109]" in p.stderr
    p = cli(FOREIGN / "es-gaudi3-lanzamiento.md", "--lang", "en", "--fail-on", "none")  # --lang: reviewed as told
    assert p.returncode == 0 and "PASSED" in p.stdout


def test_batch_lists_an_article_in_another_language_as_not_reviewed(tmp_path):
    root = tmp_path / "content"
    (root / "fr").mkdir(parents=True)
    (root / "fr" / "trainium3.md").write_text(FRENCH, encoding="utf-8")
    (root / "en.md").write_text("---\ndate: 2025-12-10\n---\nEach Trainium3 chip carries 144 GB of HBM3e.\n")
    out = tmp_path / "out"
    result = run_batch([root], out, jobs=1)
    assert result.exit_code == 0 and result.articles == 1  # without --strict the findings decide
    shown = str(root / "fr" / "trainium3.md")
    assert [p for p, _ in result.errors] == [shown] and "[E109]" in result.errors[0][1]
    assert not (out / "fr" / "trainium3.md.review.md").exists()
    summary = json.loads((out / "summary.json").read_text())
    [entry] = summary["not_reviewed"]
    assert entry["status"] == "not reviewed: language fr is not supported" and entry["code"] == "E109"
    assert all(a["status"] != "PASSED" for a in summary["articles"] if a["path"] == shown)
    assert summary["totals"]["not_reviewed"] == 1
    index = (out / "index.md").read_text()
    assert f"| {shown} | ⛔ not reviewed: language fr is not supported |" in index
    assert "## Not reviewed" in index.split(f"| {shown} |")[1]
    html = (out / "index.html").read_text()
    assert "<h2>Not reviewed</h2>" in html and "not reviewed: language fr is not supported" in html
    again = run_batch([root], out, jobs=1, strict=True)  # from the cache, and an error with --strict
    assert again.cache_hits == 2 and again.exit_code == 2
    p = cli("batch", root, "--out", tmp_path / "cli-out", "--quiet")
    assert p.returncode == 0 and p.stderr.count("\n") == 1 and "language fr is not supported" in p.stderr

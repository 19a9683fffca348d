"""The stance module's sentence-level shortcut: `stance_clue` must find a word wherever one of the windows it
stands for would match, or a sentence with a stance would be read as asserted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reviewer.lang import LANGUAGES, words
from reviewer.yamlload import load_yaml

ROOT = Path(__file__).resolve().parent.parent
WINDOWS = ("correct_marker", "hypothetical", "self_correction_word", "refuted_word", "refuted_lead", "errata_before",
           "negation_word", "historical_lead")


def _paragraphs(lang: str) -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "corpus").rglob(f"{lang}-*.md"))]
    texts += [case["text"] for path in sorted((ROOT / "tests" / "rules").glob("*.yaml"))
              for case in load_yaml(path.read_text(encoding="utf-8"))["cases"] if case["lang"] == lang]
    # sentences, roughly: the shortcut is asked per sentence
    return [p for t in texts for p in re.split(r"(?<=[.!?])\s+|\n", t) if p.strip()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stance_clue_finds_a_word_wherever_a_stance_window_matches(lang):
    w = words(lang)
    paragraphs = _paragraphs(lang)
    assert len(paragraphs) > 2000
    missed = [(name, p[:80]) for p in paragraphs for name in WINDOWS
              if getattr(w, name).search(p) and not w.stance_clue.search(p)]
    assert not missed, missed[:5]

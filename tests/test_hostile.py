"""Hostile input (issue 22), as property-based tests (hypothesis): random bytes, random Markdown built from the
pieces articles are made of, and mutations of the corpus articles. No exception escapes but a ReviewError (one
clear error line, exit 2), the JSON output always parses, and every finding points inside the file.
`tools/fuzz.py` runs the same properties with a large budget outside the unit tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import HERE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reviewer.emitters import json as json_out
from reviewer.errors import ReviewError
from reviewer.source import source_from_bytes

ROOT = HERE.parent
CORPUS = sorted((ROOT / "corpus").glob("*.md"))[:12]

# the pieces of an article: names, figures in both languages' formats, units, markup and its furniture
PIECES = ["Trainium2", "H100", "MI300X", "GB300 NVL72", "TPU v5p", "Trn2 UltraServer", "p5.48xlarge", "NeuronLink-v3",
          "96 GB", "1,299 TFLOPS", "2,52 PFLOPS", "3.2 Tbps", "4x", "um 46 %", "$55.04 per hour", "144 GiB",
          "December 2024", "3. Dezember 2024", "Adam Selipsky", "HBM3e", " not ", " statt ", "Myth:", "Answer: False.",
          "\n\n", "\n", "# ", "## ", "> ", "- ", "1. ", "| ", " | ", "|---|---|\n", "**", "_", "`", "~~", "[^1]", "¹",
          "<sup>2</sup>", "<!-- review-disable-line -->", "---\n", "date: 2026-01-01\n", "\t", "\u00a0", "\u2009",
          "\u200b", "\u200f", "\r\n", "é", "ü", "€", "…", "→", "—", "(", ")", ":", ";", ".", ",", "?", "0", "9"]


def _check(reviewer, data: bytes) -> None:
    try:
        src = source_from_bytes(data, "fuzz.md")
    except ReviewError as exc:
        assert exc.message and "\n" not in exc.message
        return
    report = reviewer.review_source(src)
    parsed = json.loads(json_out.render([report]))
    assert parsed["articles"][0]["path"] == "fuzz.md"
    lines = src.text.count("\n") + 1
    for f in (*report.findings, *report.set_aside):
        assert 1 <= f.line <= f.end_line <= lines, (f.line, f.end_line, lines)
        assert f.column >= 1


FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                          HealthCheck.too_slow])


@FAST
@given(st.binary(max_size=2000))
def test_random_bytes_never_escape(reviewer, data):
    _check(reviewer, data)


@FAST
@given(st.lists(st.sampled_from(PIECES), max_size=120))
def test_random_markdown_never_escapes(reviewer, pieces):
    _check(reviewer, "".join(pieces).encode("utf-8"))


@FAST
@given(st.sampled_from(CORPUS) if CORPUS else st.nothing(), st.data())
def test_mutated_corpus_articles_never_escape(reviewer, path, data):
    text = Path(path).read_bytes()
    for _ in range(data.draw(st.integers(1, 6))):
        a = data.draw(st.integers(0, len(text)))
        b = data.draw(st.integers(a, min(len(text), a + 400)))
        op = data.draw(st.sampled_from(["delete", "duplicate", "insert", "swap"]))
        if op == "delete":
            text = text[:a] + text[b:]
        elif op == "duplicate":
            text = text[:b] + text[a:b] + text[b:]
        elif op == "insert":
            text = text[:a] + data.draw(st.sampled_from(PIECES)).encode() + text[a:]
        else:
            text = text[:a] + text[b:] + text[a:b]
    _check(reviewer, text)


@pytest.mark.parametrize("name, data", [
    ("utf16_bom", "\ufeffThe H100 has 80 GB.".encode("utf-16")),
    ("nul_bytes", b"The H100 has\x00 80 GB.\n"),
    ("crlf_and_tabs", b"# H100\r\n\r\nThe\tH100 has 80\tGB of HBM3.\r\n"),
    ("thin_and_nbsp_in_numbers", "Trainium2 liefert 1\u2009299 TFLOPS und 96\u00a0GB.\n".encode()),
    ("zero_width_in_names", "The Trai\u200bnium2 has 96 GB; the H\u200d100 has 80 GB.\n".encode()),
    ("rtl_marks", "\u200fThe H100 has \u202e80 GB\u202c of HBM3.\n".encode()),
    ("yaml_bomb", (b"---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                   b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                   b"e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n---\nThe H100 has 80 GB.\n")),
    ("front_matter_of_1_mb", ("---\ntitle: x\nnote: " + "y" * 1_000_000 + "\n---\nThe H100 has 80 GB.\n").encode()),
    ("deep_nesting", (">" * 200 + " The H100 has 80 GB.\n").encode()),
    ("long_runs_of_blanks", (" " * 200_000 + "\n- " + " \t" * 100_000 + "01.03.2025\n| " + " " * 100_000 + "x\n").encode()),
])
def test_each_hostile_input_works_or_gets_one_clear_error(reviewer, name, data):
    _check(reviewer, data)


def test_nothing_in_front_matter_runs_code(reviewer, tmp_path):
    marker = tmp_path / "ran"
    for tag in ("!!python/object/apply:os.system", "!!python/object/apply:subprocess.call"):
        data = f"---\ntitle: {tag} [['touch', '{marker}']]\n---\nThe H100 has 80 GB.\n".encode()
        _check(reviewer, data)
    assert not marker.exists()


def test_quotes_nested_deeper_than_markdown_it_s_default_are_read(reviewer):
    report = reviewer.review_source(source_from_bytes((">" * 60 + " The H100 has 96 GB of HBM3.\n").encode(), "x.md"))
    # read, and checked; a quote inside a quote is someone else's words, so it is set aside as quoted
    found = [(f.text, f.verdict, f.stance) for f in (*report.findings, *report.set_aside) if f.attribute == "memory_capacity"]
    assert found == [("96 GB", "contradicted", "quoted")]


def test_a_price_in_a_currency_the_fact_base_has_no_figures_in_is_unverifiable(reviewer):
    """Found by hypothesis (a "€" inserted into a German price list): a EUR price went to the USD check and
    raised. Without an exchange rate it is not checked."""
    report = reviewer.review_source(source_from_bytes("Die trn1.32xlarge kostet 21,50 € pro Stunde.\n".encode(), "x.md"))
    assert [(f.text, f.verdict) for f in report.findings] == [("21,50 € pro Stunde", "unverifiable")]

"""A long article is parsed in slices, analysed in runs and its JSON streamed (issue 22: memory that does not
grow with the article). Each step must give what the whole-article path gives: the same segments, the same
findings, the same JSON, character for character."""

from __future__ import annotations

import io
import itertools
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from reviewer import api, cli, markdown
from reviewer.source import read_source, source_from_text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from shapes import build  # noqa: E402  (the benchmark's own generated articles)

CORPUS = sorted((ROOT / "corpus").glob("*.md"))[:6] + sorted((ROOT / "corpus" / "traps").glob("*.md"))[:6]
# German and English articles of the corpus and the traps whose JSON is streamed
STREAMED = [*CORPUS[:2], *CORPUS[6:8], *sorted((ROOT / "corpus").glob("en-*.md"))[:2]]


def _fields(segs):
    # (a footnote line under a table is linked to its row only when both are in one slice)
    return [(s.kind, s.text, s.start, s.block, s.heading, s.row_header, s.col_header, s.lead_end) for s in segs
            if s.text.lstrip()[:1] not in "¹²³⁴⁵⁶⁷⁸⁹"]


@pytest.mark.parametrize("size", [300, 2000])
def test_slices_give_the_segments_of_the_whole_article(size):
    cut = 0
    for path in CORPUS:
        src = read_source(path)
        cut += len(list(markdown._slices(src.markdown, size))) > 1
        assert _fields(markdown.iter_segments(src, size)) == _fields(markdown.iter_segments(src)), path.name
    assert cut >= len(CORPUS) // 2


def test_a_long_table_is_cut_between_rows_and_keeps_its_header_cells():
    rows = "".join(f"| Trainium2 | 96 | {k + 1000} |\n" for k in range(400))
    text = f"# Chips\n\nIntro.\n\n| Chip | HBM (GB) | Row |\n|---|---|---|\n{rows}\nAfter the table.\n"
    src = source_from_text(text, "t.md")
    cuts = list(markdown._slices(src.markdown, 2000))
    assert len(cuts) > 3 and all(h.startswith("| Chip |") for _, _, h in cuts[1:-1])
    assert all(src.markdown[a:b].startswith("|") for a, b, _ in cuts[1:])  # cut at a row's start
    whole, sliced = list(markdown.iter_segments(src)), list(markdown.iter_segments(src, 2000))
    assert _fields(sliced) == _fields(whole)
    assert {s.col_header for s in sliced if s.kind == "table_cell" and s.text.strip() == "96"} == {
        next(s.block for s in whole if s.text.strip() == "HBM (GB)")}


@pytest.mark.parametrize("opener,closer", [("```text", "```"), ("<!--", "-->"), ("<pre>", "</pre>")])
def test_no_cut_inside_a_fence_a_comment_or_a_pre_block(opener, closer):
    inside = "\n\n".join(f"Trainium2 line {k} has 96 GB." for k in range(200))
    text = f"Before.\n\n{opener}\n{inside}\n{closer}\n\nAfter the block, Trainium2 has 96 GB.\n"
    cuts = list(markdown._slices(text, 500))
    a = text.index(opener)
    b = text.index(closer) + len(closer)
    assert all(not (a < cut < b) for cut, _, _ in cuts)


def _json(args, monkeypatch, stream_chars):
    monkeypatch.setattr(cli, "STREAM_CHARS", stream_chars)
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = cli.main([*args, "--format", "json", "--as-of", "2026-06-01"])
    return code, buf.getvalue()


@pytest.mark.parametrize("run_chars", [api.RUN_CHARS, 700])
def test_streamed_json_is_the_rendered_json(monkeypatch, run_chars):
    monkeypatch.setattr(api, "RUN_CHARS", run_chars)
    for path in STREAMED:
        assert _json([str(path)], monkeypatch, 0) == _json([str(path)], monkeypatch, 10**9), path.name
    several = [str(p) for p in CORPUS[:3]]
    assert _json(several, monkeypatch, 0) == _json(several, monkeypatch, 10**9)


def test_streamed_json_honours_suppression_select_and_exit_code(tmp_path, monkeypatch):
    art = tmp_path / "a.md"
    art.write_text("# Trainium2\n\nTrainium2 has 128 GB of HBM. <!-- review-disable-line -->\n\n"
                   "The H100 has 96 GB of memory.\n\n<!-- review-disable-next-line -->\nThe B200 has 192 GB.\n",
                   encoding="utf-8")
    for extra in ([], ["--select", "HW106"], ["--fail-on", "none"]):
        streamed, rendered = _json([str(art), *extra], monkeypatch, 0), _json([str(art), *extra], monkeypatch, 10**9)
        assert streamed == rendered
    doc = json.loads(_json([str(art)], monkeypatch, 0)[1])["articles"][0]
    assert [f["text"] for f in doc["findings"] if f["verdict"] == "contradicted"] == ["96 GB"]
    assert doc["counts"]["contradicted"] == 1 and doc["status"] == "FAILED"


def test_a_long_article_in_runs_gives_the_findings_of_one_piece(monkeypatch):
    text = build("paragraphs", 20_000) + build("table", 10_000).split("---\n\n", 1)[1]  # (ten runs and more)
    one = api.Reviewer().review_text(text, path="x.md", lang="en")
    monkeypatch.setattr(api, "RUN_CHARS", 3_000)
    monkeypatch.setattr(markdown, "SLICE_CHARS", 5_000)
    runs = api.Reviewer().review_text(text, path="x.md", lang="en")
    assert len(runs.findings) > 250
    assert runs.findings == one.findings and runs.set_aside == one.set_aside


@pytest.mark.parametrize("shape", ["line", "paragraph"])
def test_a_paragraph_longer_than_a_run_is_cut_after_sentences(monkeypatch, shape):
    text = build(shape, 16_000)
    one = api.Reviewer().review_text(text, path="x.md", lang="en")
    monkeypatch.setattr(api, "RUN_CHARS", 2_000)
    pieces = list(api._pieces(next(s for s in markdown.segments(source_from_text(text, "x.md")) if len(s.text) > 2_000)))
    assert len(pieces) > 6 and all(p.text.rstrip()[-1:] in ".!?" for p in pieces[:-1])
    assert "".join(p.text for p in pieces) == text[pieces[0].start:pieces[-1].start + len(pieces[-1].text)]
    runs = api.Reviewer().review_text(text, path="x.md", lang="en")
    assert len(runs.findings) > 250 and runs.findings == one.findings


def test_streamed_output_file_is_written_atomically(tmp_path, monkeypatch):
    art, out = tmp_path / "a.md", tmp_path / "out" / "review.json"
    art.write_text("The H100 has 96 GB of memory.\n", encoding="utf-8")
    monkeypatch.setattr(cli, "STREAM_CHARS", 0)
    assert cli.main([str(art), "--format", "json", "-o", str(out)]) == 1
    assert json.loads(out.read_text(encoding="utf-8"))["articles"][0]["counts"]["contradicted"] == 1
    assert not list(out.parent.glob(".*.tmp"))


@pytest.mark.parametrize("shape", ["paragraph", "nesting"])
def test_a_block_with_no_blank_line_is_cut_at_a_lines_start_and_gives_the_same_findings(monkeypatch, shape):
    """One paragraph of many lines, or quotes nested line by line, has no blank line to cut at: past
    BLOCK_CUT_CHARS it is cut at the start of a line after a sentence's end (a paragraph goes on as one block)."""
    text = build(shape, 26_000)
    src = source_from_text(text, "x.md")
    one = api.Reviewer().review_text(text, path="x.md", lang="en")
    whole = list(markdown.iter_segments(src))
    monkeypatch.setattr(markdown, "BLOCK_CUT_CHARS", 5_000)
    monkeypatch.setattr(markdown, "SLICE_CHARS", 2_000)
    monkeypatch.setattr(api, "RUN_CHARS", 3_000)
    cuts = list(markdown._slices(src.markdown, 2_000))
    sliced = list(markdown.iter_segments(src))
    assert len(cuts) > 4 and all(src.markdown[a - 1:a] == "\n" for a, _, _ in cuts[1:])
    if shape == "paragraph":  # (one paragraph, in pieces of one block)
        assert len(whole) == 1 and len(sliced) == len(cuts) and {s.block for s in sliced} == {whole[0].block}
        assert "".join(s.text for s in sliced) == whole[0].text
    else:
        assert [(s.kind, s.text, s.start, s.quote_depth) for s in sliced] == [
            (s.kind, s.text, s.start, s.quote_depth) for s in whole]
    runs = api.Reviewer().review_text(text, path="x.md", lang="en")
    assert len(runs.findings) > 30 and runs.findings == one.findings and runs.set_aside == one.set_aside


def test_a_long_paragraph_whose_only_sentence_end_is_early_stays_whole(monkeypatch):
    """A piece is cut only in the second half of a run: a paragraph longer than a run whose one sentence end comes
    in its first half (a short lead sentence, then a long list of figures) is not split into a sliver and the rest."""
    monkeypatch.setattr(api, "RUN_CHARS", 2_000)
    text = "Prices follow. " + ", ".join(f"p5.48xlarge in region {n} at 55.04 USD per hour" for n in range(60)) + "\n"
    seg = next(s for s in markdown.segments(source_from_text(text, "x.md")) if len(s.text) > 2_000)
    pieces = list(itertools.islice(api._pieces(seg), 3))  # (a bound: a wrong cut could repeat itself forever)
    assert pieces == [seg]

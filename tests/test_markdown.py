from reviewer.markdown import segments
from reviewer.source import source_from_text

ARTICLE = """---
title: x
---
# Trainium3 specs

The **Trainium3** chip has 144 GB of HBM3e and [docs](https://example.com/144GB) say so.

- **B200:** 180 GB HBM3e, `9 PFLOPS` in code
  - nested: 4.9 TB/s

| Chip | Memory |
|------|--------|
| H100 | 80 GB  |

```
memory: 96 GB
```

    indented 128 GB code

<!-- 14 TB hidden -->
See https://example.com/14TB and ~~96 GB~~ 144 GB.
"""


def _pos(src, seg, needle):
    i = seg.text.index(needle)
    return src.line_col(seg.start + i)


def _all(src):
    return segments(src)


def test_markdown_prose_position():
    src = source_from_text(ARTICLE)
    seg = next(s for s in _all(src) if "144 GB of" in s.text)
    line, col = _pos(src, seg, "144 GB")
    assert ARTICLE.split("\n")[line - 1][col - 1:].startswith("144 GB of HBM3e")


def test_markdown_list_items_and_leads():
    src = source_from_text(ARTICLE)
    items = [s for s in _all(src) if s.kind == "list_item"]
    assert items[0].text[: items[0].lead_end].strip() == "B200"
    line, col = _pos(src, items[1], "4.9 TB/s")
    assert ARTICLE.split("\n")[line - 1][col - 1:].startswith("4.9 TB/s")


def test_markdown_table_cells_with_headers():
    src = source_from_text(ARTICLE)
    cells = [s for s in _all(src) if s.kind == "table_cell"]
    body = next(c for c in cells if "80 GB" in c.text)
    assert body.row_header >= 0 and body.col_header >= 0
    line, col = _pos(src, body, "80 GB")
    assert ARTICLE.split("\n")[line - 1][col - 1:].startswith("80 GB")


def test_markdown_skips_code_html_urls_and_struck_text():
    src = source_from_text(ARTICLE)
    text = "\n".join(s.text for s in _all(src))
    for hidden in ("9 PFLOPS", "96 GB", "128 GB", "14 TB", "example.com", "144GB"):
        assert hidden not in text, hidden
    assert "docs" in text and "144 GB." in text


def test_markdown_segment_text_keeps_source_length():
    src = source_from_text(ARTICLE)
    for seg in _all(src):
        assert src.markdown[seg.start:seg.start + len(seg.text)].count("\n") == seg.text.count("\n")


def test_tracked_changes_read_as_accepted_keep_every_offset():
    from reviewer.rewrap import accept_changes

    text = "In {~~2023~>2024~~} it had {--96--}{++144++} GB.{>>was 96 —PM<<}\n{--Old line.--}{++New line.++}\n"
    read = accept_changes(text)
    assert len(read) == len(text)
    assert read.split() == ["In", "2024", "it", "had", "144", "GB.", "\u200b", "New", "line."]
    # an opener with no closer, or a change across a blank line, is text as written
    for odd in ("{--" * 500 + "96 GB", "{~~96 GB without an arrow~~}", "{--one\n\ntwo--}", "{++" + "x" * 3000 + "++}"):
        assert accept_changes(odd) == odd


def test_org_mode_blocks_and_struck_text_keep_every_offset():
    from reviewer.rewrap import as_prose, org_as_markup

    text = ("#+TITLE: Log\n* DONE Call\n  #+BEGIN_QUOTE\n  It has 96 GB.\n  #+END_QUOTE\n  #+begin_src python\n"
            "  hbm = 128\n  #+end_src\n  Price: +$24.78/h+ $21.50/h, +5 % and 3+4.\n")
    read = org_as_markup(text)
    assert len(read) == len(text) and read.count("\n") == text.count("\n")
    assert read.split() == ["#+TITLE:", "Log", "*", "DONE", "Call", "“", "It", "has", "96", "GB.", "”", "Price:",
                            "$21.50/h,", "+5", "%", "and", "3+4."]
    quoted = '  #+BEGIN_QUOTE\n  "It has 96 GB."\n  -- Dana\n  #+END_QUOTE\n'
    assert org_as_markup(quoted).split() == ['"It', "has", "96", "GB.\"", "--", "Dana"]  # its own marks kept
    plain = "Prices rose +5 % and +3 % (see +info+ in the docs).\n"  # no Org clue: nothing is read as struck
    assert as_prose(plain) == plain


HTML_ARTICLE = """# Vergleich

<table>
  <tr><th rowspan="2">Hersteller</th><th colspan="2">Speicher</th></tr>
  <tr><th>HBM (GB)</th><th>Bandbreite (TB/s)</th></tr>
  <tr><td rowspan="2">AMD</td><td>256<sup>1</sup></td><td>6&nbsp;</td></tr>
  <tr><td>288</td><td>8</td></tr>
</table>

<p><small><sup>1</sup> Angekündigt mit 288 GB.<br>
<sup>2</sup> Zweite Notiz.</small></p>

<div><del>96 GB</del> und <code>128 GB</code> bleiben ungelesen, 144 GB nicht.</div>
"""


def test_html_table_cells_take_their_column_header_across_spans():
    src = source_from_text(HTML_ARTICLE)
    segs = _all(src)
    by_block = {s.block: s for s in segs}
    cells = [s for s in segs if s.kind == "table_cell"]
    bandwidth = next(c for c in cells if c.text.strip() == "8")
    assert by_block[bandwidth.col_header].text.strip() == "Bandbreite (TB/s)"  # the lower header row, past the rowspan
    first = next(c for c in cells if c.text.strip().startswith("256"))
    assert by_block[first.col_header].text.strip() == "HBM (GB)"
    assert by_block[first.row_header].text.strip() == "AMD"
    assert first.text.strip() == "256"  # the footnote mark is blanked, as a written superscript is
    for seg in segs:  # every offset lands where the source has the text
        for word in seg.text.split():
            at = seg.text.index(word)
            assert HTML_ARTICLE[seg.start + at:seg.start + at + len(word)] == word or word in "¹²"


def test_html_footnotes_and_prose_blocks():
    src = source_from_text(HTML_ARTICLE)
    text = "\n".join(s.text for s in _all(src))
    assert "Angekündigt mit 288 GB." in text and "144 GB nicht." in text
    assert "96 GB" not in text and "128 GB" not in text and "sup" not in text and "<" not in text


def test_html_hostile_tables_end_without_error():
    for raw in ("<table><tr><td rowspan='x' colspan='99999'>1 GB", "<table>" + "<tr><td rowspan=50 colspan=50>x</td>" * 300,
                "<p>unclosed <b>bold 5 GB", "<table></tr></td></table></table><td>4 GB</td>"):
        segs = _all(source_from_text(raw + "\n"))
        for seg in segs:
            assert len(seg.text) <= len(raw) + 1


JSON_ARTICLE = """# API

```json
// GET /chips (abridged)
{"data": [
  {"hbm_bandwidth_tb_s": 2.9, "chip_id": "trainium2", "note": "x", ...},
  {"chip_id" : "h100-sxm", "hbm_gb": 80, "nested": {"tdp_w": 700}, "ondemand_usd_hour_us_east_1": 55.04}
], "next_page": null}
```

```json
{"name": "job", "gpus": 8}
```
"""


def test_json_objects_are_rows_headers_rewritten_to_the_same_length():
    src = source_from_text(JSON_ARTICLE)
    cells = [s for s in _all(src) if s.kind == "table_cell"]
    by_block = {c.block: c for c in cells}
    for c in cells:  # every cell's text lies over its own source, as long as it
        assert len(c.text) == len(src.markdown[c.start:c.start + len(c.text)])
        assert "\n" not in c.text
    values = {c.text: c for c in cells if c.col_header >= 0}
    assert by_block[values["80"].col_header].text.strip() == "hbm (GB)"
    assert by_block[values["80"].row_header].text == "h100-sxm"
    assert by_block[values["55.04"].col_header].text.strip() == "ondemand us east   (USD/h)"
    # a field before the name field is still the row's; a nested object is a row of its own only with a name
    assert by_block[values["2.9"].row_header].text == "trainium2"
    assert "700" not in values
    assert by_block[values["8"].row_header].text == "job"  # ("name" names a row; what it names is the checks' matter)


DECK = """---
marp: true
paginate: true
---

<!-- _class: lead -->

# Hopper

- H200: 141 GB HBM3e

<!--
The H200 is the same die with more memory: 141 vs 80 GB is 1.76x.

Blackwell Ultra followed at GTC in March 2025.
-->

<!--
_paginate: false
header: Infra guild
-->
<!-- review-disable-next-line HW101 -- the vendor's own slide -->
- B200: 192 GB
"""


def test_deck_speaker_notes_are_the_presenters_paragraphs_and_directives_are_not():
    src = source_from_text(DECK)
    notes = [seg for seg in segments(src) if seg.kind == "paragraph"]
    assert [seg.text for seg in notes] == [
        "The H200 is the same die with more memory: 141 vs 80 GB is 1.76x.",
        "Blackwell Ultra followed at GTC in March 2025."]
    heading = next(seg for seg in segments(src) if seg.kind == "heading")
    assert all(seg.heading == heading.block for seg in notes)
    for seg in notes:
        assert src.text[seg.start:seg.start + len(seg.text)] == seg.text


def test_comments_outside_a_deck_stay_unread():
    src = source_from_text(DECK.replace("marp: true", "marp: false"))
    assert not [seg for seg in segments(src) if seg.kind == "paragraph"]
    src = source_from_text(ARTICLE)
    assert not any("14 TB" in seg.text for seg in segments(src))

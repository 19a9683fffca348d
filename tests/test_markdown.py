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

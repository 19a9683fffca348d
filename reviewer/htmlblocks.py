"""HTML blocks in a Markdown article: a table's cells and a prose element's text, with exact offsets.

CommonMark leaves an HTML block raw ("<table>…</table>", "<p><small>…</small></p>"). Python's HTMLParser
finds its tags, text and entities; the tags are markup and are blanked to spaces (length kept), so a
cell's or a paragraph's text stands where the source has it, as markdown.py's segments do. A table is laid
out as a browser lays it out (rowspan, colspan): each cell knows its column's lowest header cell and its
row's first cell, as a pipe table's cell does. A footnote mark set as "<sup>1</sup>" becomes "¹", so the
footnote rules of markdown.py treat it as a written superscript.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from typing import TYPE_CHECKING

from .models import Segment, SegmentKind

if TYPE_CHECKING:
    from markdown_it.token import Token

    from .markdown import _Context

# an HTML block this module reads: one that opens with a table's or a prose element's tag
_READ_BLOCK = re.compile(r"\s*<(?:table|thead|tbody|tr|caption|p|div|section|article|aside|figure|figcaption|"
                         r"blockquote|ul|ol|li|dl|dt|dd|h[1-6]|small|center|font|span|b|strong|em|i)[\s>/]",
                         re.IGNORECASE)
# tags whose text is no prose: struck-through (as "~~" in Markdown), code, scripts, styles
_SKIP = frozenset({"del", "s", "strike", "code", "pre", "script", "style", "template", "svg", "math", "kbd"})
# tags that end one segment and start the next
_BREAK = frozenset({"p", "div", "section", "article", "aside", "figure", "figcaption", "blockquote", "ul", "ol", "li",
                    "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tfoot", "tr",
                    "td", "th", "caption", "header", "footer", "nav", "details", "summary", "hr", "main"})
_CELL = frozenset({"td", "th"})
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_MAX_SPAN = 50  # a longer rowspan or colspan is hostile input, not a table
_MARK = re.compile(r"\d{1,2}|[*†‡§]{1,2}")  # what a <sup> holds when it is a footnote mark


def is_read(content: str) -> bool:
    """An HTML block of a table or of prose elements (not a folded accordion: markdown.py reads its summary)."""
    return bool(_READ_BLOCK.match(content)) and "<summary" not in content


@dataclass
class TableState:
    """The open table's layout: rows laid out so far, the cells rowspans reach into, the header per column."""

    row: int = -1
    col: int = 0
    row_first: int = -1
    in_thead: bool = False
    any_data: bool = False  # a <td> seen: a later <th> heads its row, not its column
    taken: dict[int, int] = field(default_factory=dict)  # column -> the last row a rowspan above reaches down to
    headers: dict[int, int] = field(default_factory=dict)  # column -> block of its lowest header cell


@dataclass
class _Event:
    kind: str  # "start", "end", "text"
    tag: str
    start: int  # offsets in the block
    end: int
    attrs: dict[str, str | None] = field(default_factory=dict)


class _Lexer(HTMLParser):
    """The block's tags and text, with their offsets; text is copied into `out` (all else stays blank)."""

    def __init__(self, raw: str):
        super().__init__(convert_charrefs=False)
        self.raw = raw
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", raw)]
        self.out = [c if c == "\n" else " " for c in raw]
        self.events: list[_Event] = []
        self.skip = 0

    def _at(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        at = self._at()
        text = self.get_starttag_text() or ""
        if tag in _SKIP:
            self.skip += 1
        self.events.append(_Event("start", tag, at, at + len(text), dict(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        at = self._at()
        self.events.append(_Event("start", tag, at, at + len(self.get_starttag_text() or ""), dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        at = self._at()
        end = self.raw.find(">", at)
        if tag in _SKIP and self.skip:
            self.skip -= 1
        self.events.append(_Event("end", tag, at, end + 1 if end >= 0 else len(self.raw)))

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        at = self._at()
        for k, c in enumerate(data):
            if c != "\n":
                self.out[at + k] = c
        self.events.append(_Event("text", "", at, at + len(data)))

    def _entity(self, char: str, length: int) -> None:
        if self.skip:
            return
        at = self._at()
        if len(char) == 1:
            self.out[at] = char
        self.events.append(_Event("text", "", at, at + length))

    def handle_entityref(self, name: str) -> None:
        self._entity(html.unescape(f"&{name};"), len(name) + 2)

    def handle_charref(self, name: str) -> None:
        self._entity(html.unescape(f"&#{name};"), len(name) + 3)


def _marks(lexer: _Lexer) -> None:
    """"<sup>1</sup>" after a figure becomes "¹" where the tag opens: a footnote mark the segment rules know."""
    ev = lexer.events
    for k in range(len(ev) - 2):
        a, b, c = ev[k], ev[k + 1], ev[k + 2]
        if a.kind == "start" and a.tag == "sup" and b.kind == "text" and c.kind == "end" and c.tag == "sup":
            mark = lexer.raw[b.start:b.end].strip()
            if _MARK.fullmatch(mark):
                for i in range(b.start, b.end):
                    lexer.out[i] = " "
                for i, ch in enumerate(mark.translate(SUPERSCRIPT)):
                    lexer.out[a.start + i] = ch


def segments(content: str, offset: int, ctx: _Context) -> list[Segment]:
    """The segments of one HTML block whose source starts at text offset `offset`."""
    lexer = _Lexer(content)
    lexer.feed(content)
    lexer.close()
    _marks(lexer)
    text = "".join(lexer.out)
    out: list[Segment] = []
    piece = 0  # where the running prose piece starts
    kind: SegmentKind = "paragraph"
    cell: _Event | None = None
    quote = 0  # how many <blockquote> elements are open
    for ev in lexer.events:
        if ev.kind == "text" or ev.tag not in _BREAK:
            continue
        if cell is not None and (ev.tag in _CELL or ev.tag in ("tr", "table", "thead", "tbody", "tfoot")):
            out.append(_cell(text, cell, ev.start, offset, ctx))
            cell = None
        elif cell is None:
            seg = _prose(text, piece, ev.start, offset, kind, ctx, quote)
            out += [seg] if seg is not None else []
        if ev.kind == "start" and ev.tag in _CELL and ctx.html_table is not None:
            cell = ev
        if ev.tag == "blockquote":
            quote = quote + 1 if ev.kind == "start" else max(0, quote - 1)
        _layout(ev, ctx)
        piece = ev.end
        kind = _kind_after(ev)
    if cell is not None:
        out.append(_cell(text, cell, len(text), offset, ctx))
    else:
        seg = _prose(text, piece, len(text), offset, kind, ctx, quote)
        out += [seg] if seg is not None else []
    return out


def _kind_after(ev: _Event) -> SegmentKind:
    if ev.kind == "start" and ev.tag == "li":
        return "list_item"
    if ev.kind == "start" and ev.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return "heading"
    return "paragraph"


def _layout(ev: _Event, ctx: _Context) -> None:
    """A table's structure tags: open and close the table, its head and its rows."""
    if ev.tag == "table":
        ctx.html_table = TableState() if ev.kind == "start" else None
        return
    table = ctx.html_table
    if table is None:
        return
    if ev.tag == "thead":
        table.in_thead = ev.kind == "start"
    elif ev.tag == "tr" and ev.kind == "start":
        table.row, table.col, table.row_first = table.row + 1, 0, -1


def _span(ev: _Event, name: str) -> int:
    value = ev.attrs.get(name) or "1"
    return max(1, min(int(value), _MAX_SPAN)) if value.strip().isdigit() else 1


def _cell(text: str, ev: _Event, end: int, offset: int, ctx: _Context) -> Segment:
    """One cell laid out in its table: its column past the cells rowspans reach into, its headers."""
    table = ctx.html_table
    assert table is not None
    if table.row < 0:  # (cells before any <tr>: a row of their own)
        table.row = 0
    while table.taken.get(table.col, -1) >= table.row:
        table.col += 1
    col, rows, cols = table.col, _span(ev, "rowspan"), _span(ev, "colspan")
    if rows > 1:
        for c in range(col, col + cols):
            table.taken[c] = max(table.taken.get(c, -1), table.row + rows - 1)
    table.col += cols
    block = ctx.block
    ctx.block += 1
    header = table.in_thead or (ev.tag == "th" and not table.any_data)
    table.any_data = table.any_data or ev.tag == "td"
    row_header = table.row_first if table.row_first >= 0 else -1
    if table.row_first < 0:
        table.row_first = block
    group = table.headers.get(col, -1) if header else -1  # (a header row above: its cell spans this one)
    if header:
        table.headers.update((c, block) for c in range(col, col + cols))
    body = text[ev.end:end]
    return Segment("table_cell", body, offset + ev.end, block, heading=ctx.heading, row_header=row_header,
                   col_header=-1 if header else table.headers.get(col, -1), col_group=group)


def _prose(text: str, a: int, b: int, offset: int, kind: SegmentKind, ctx: _Context, quote: int = 0) -> Segment | None:
    """The prose between two element boundaries, without the blank edges (inside `quote` <blockquote>
    elements: a block quote's); None if there is none."""
    body = text[a:b]
    lead = len(body) - len(body.lstrip())
    body = body.strip()
    if not body:
        return None
    block = ctx.block
    ctx.block += 1
    if kind == "heading":
        ctx.heading = block
        return Segment("heading", body, offset + a + lead, block, heading=block)
    if kind == "list_item":
        return Segment("list_item", body, offset + a + lead, block, heading=ctx.heading, intro=ctx.last_paragraph)
    if quote:
        return Segment("blockquote", body, offset + a + lead, block, heading=ctx.heading, quote_depth=quote)
    ctx.last_paragraph = block
    ctx.paragraph_level = ctx.heading_level
    return Segment("paragraph", body, offset + a + lead, block, heading=ctx.heading)


# a Marp directive in a comment ("<!-- _class: lead -->", "<!-- paginate: false -->"), or this tool's own
# ("<!-- review-disable -->"): no speaker note
_DIRECTIVE = re.compile(r"\s*(?:review-|(?:_?(?:theme|style|headingDivider|size|math|title|author|description|image|"
                        r"keywords|url|marp|lang|paginate|header|footer|class|color|transition|"
                        r"background(?:Color|Image|Position|Repeat|Size))[ \t]*:[^\n]*(?:\n\s*|\Z))+\Z)")
_NOTE_PARAGRAPH = re.compile(r"(?:(?!\n[ \t]*\n).)+", re.S)  # up to a blank line


def is_deck(front_matter: dict) -> bool:
    """A Marp slide deck (front matter "marp: true"): its HTML comments are the presenter's speaker notes."""
    return front_matter.get("marp") is True


def speaker_notes(tok: Token, ctx: _Context, text: str, line_starts: list[int]) -> list[Segment]:
    """A deck's speaker notes in an HTML block of comments ("<!-- The H200 is the same die ... -->"): each
    paragraph of a comment that is no directive, as a paragraph of the page's own under the slide's heading."""
    raw = block_text(tok, text, line_starts)
    if raw.rstrip() != tok.content.rstrip():
        return []  # (in a quote or a list: the source lines carry the container's marks)
    offset, out, at = line_starts[tok.map[0]] if tok.map else 0, [], 0
    while (a := raw.find("<!--", at)) >= 0 and (b := raw.find("-->", a + 4)) >= 0:  # (linear: one pass over the block)
        at = b + 3
        if not _DIRECTIVE.match(raw, a + 4, b):
            for piece in _NOTE_PARAGRAPH.finditer(raw, a + 4, b):
                seg = _prose(raw, piece.start(), piece.end(), offset, "paragraph", ctx)
                out += [seg] if seg is not None else []
    return out


def block_text(tok: Token, text: str, line_starts: list[int]) -> str:
    """A block's source lines as they stand in the text."""
    assert tok.map is not None
    end = line_starts[tok.map[1]] if tok.map[1] < len(line_starts) else len(text)
    return text[line_starts[tok.map[0]]:end]


def block_lines(tok: Token, text: str, line_starts: list[int]) -> list[tuple[int, str]]:
    """An HTML block's lines: (offset, text without the line break)."""
    assert tok.map is not None
    out = []
    for i in range(tok.map[0], tok.map[1]):
        start = line_starts[i]
        end = line_starts[i + 1] - 1 if i + 1 < len(line_starts) else len(text)
        out.append((start, text[start:end]))
    return out


# A component with attributes: a Hugo shortcode ("{{< spec-row name="MI325X" memory="256 GB" >}}") or an MDX/JSX
# element ("<SpecRow chip="Trainium3" memory="144 GB" />"). Its attribute names and values are prose ("chip
# Trainium3 memory 144 GB"); the rest is markup, and each element ends a sentence, as a table row would.
_COMPONENT = re.compile(r"\{\{[<%]\s*/?[\w.-]*|[%>]\}\}|</?[A-Z][\w.]*|/?>(?=\s*$)|/>|=\s*[\"'{]+|[\"'}]+(?=[\s/>]|$)",
                        re.MULTILINE)
_COMPONENT_ROW = re.compile(r"^\s*(?:<[A-Z][\w.]*|\{\{[<%])[^\n]*?\w=\s*[\"'{][^\"'}\n]*\d", re.MULTILINE)


def component_text(raw: str) -> str:
    """The component's markup blanked (length kept), and a full stop where each element closes."""
    def blank(m: re.Match) -> str:
        g = m.group()
        closing = g.startswith(("/>", ">", "%}}", ">}}"))
        return ("." + " " * (len(g) - 1)) if closing else " " * len(g)
    return _COMPONENT.sub(blank, raw)


def with_components(seg: Segment) -> Segment:
    """A paragraph of Hugo shortcodes: its attribute text, each shortcode a sentence."""
    if not _COMPONENT_ROW.search(seg.text):
        return seg
    return replace(seg, text=component_text(seg.text))


def component_lines(tok: Token, text: str, line_starts: list[int]) -> list[tuple[int, str]]:
    """(start, attribute text) of each line of an HTML block that is an element with figures in its attributes."""
    return [(start, component_text(raw)) for start, raw in block_lines(tok, text, line_starts) if _COMPONENT_ROW.match(raw)]

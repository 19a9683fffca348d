"""Stage 2: Source -> Segments (prose, headings, list items, table cells) with exact file offsets.

markdown-it-py gives each block its line range (the source map). Within a block, the raw inline
source is laid out character for character, and everything that is not prose (emphasis markers,
inline code, link targets, images, HTML, URLs, struck-through text) is blanked to spaces. The
segment text is then as long as its source, so a character's offset in the file is simply the
segment start plus its index: nothing is ever searched for again.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.common.utils import normalizeReference
from markdown_it.rules_core.text_join import text_join
from markdown_it.token import Token

from . import csvblocks, footnotes, gitlogs, htmlblocks, rewrap, yamlblocks
from .models import Segment, SegmentKind, Source
from .source import FENCE_LINE

# An inline code span that is one name ("inf2.48xlarge", "p5.48xlarge", "neuron-ls"): a letter
# first, no space, no number standing alone, so no figure in code ever becomes a claim.
_CODE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[.\-][A-Za-z0-9]+)*")
# a data file named after what it describes: "amd/mi355x.yaml", "nvidia/gb200-nvl72.json" (the stem is placed)
_CODE_RECORD = re.compile(r"(?:[\w.-]+/)*([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)\.(?:ya?ml|json|toml)")
_URL = re.compile(r"(?:https?://|www\.)[^\s)\]>]+")
_LEAD = re.compile(r"^\s*([^:\n]{1,60}?)\s*:(?=\s)")


# markdown-it's default (20) drops what lies deeper unread: quotes in quotes in lists of a long forum thread.
# Nesting is parsed by recursion, so the limit stays far below Python's.
MAX_NESTING = 100


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True, "maxNesting": MAX_NESTING}).enable(["table", "strikethrough"])


@lru_cache(maxsize=1)
def _block_parser() -> MarkdownIt:
    """_parser() without its two core rules after the block rules (inline parsing and joining the
    text of escapes): segments() runs them on the inline tokens it uses, and skips them for text in
    which no inline rule can match (the inline tokens are then exactly one text token)."""
    md = MarkdownIt("commonmark", {"html": True, "maxNesting": MAX_NESTING}).enable(["table", "strikethrough"])
    return md.disable(["inline", "text_join"])


# Where an inline rule of _parser() can match (newline, escape, backticks, strikethrough, emphasis,
# link, image, autolink and HTML, entity); at any other character its text rule or the pending text
# takes it, so content without these is one text token.
_INLINE_MARKUP = re.compile(r"[\n\\`~*_\[!<&]")


class _Text:
    """The one text token inline parsing makes of content without markup."""

    __slots__ = ("content",)
    type = "text"

    def __init__(self, content: str):
        self.content = content


def _inline_children(tok: Token, env: dict) -> list:
    """tok.children as the core rules "inline" and "text_join" of _parser() make them."""
    content = tok.content
    if not _INLINE_MARKUP.search(content):
        return [_Text(content)] if content else []
    md = _parser()
    children: list[Token] = []
    md.inline.parse(content, md, env, children)
    tok.children = children
    text_join(_OneInline(tok))  # type: ignore[arg-type]  # (text_join reads only .tokens)
    return tok.children


class _OneInline:
    """The part of a core state text_join reads: the tokens to join in."""

    __slots__ = ("tokens",)

    def __init__(self, tok: Token):
        self.tokens = [tok]


@dataclass
class _Context:
    heading: int = -1
    block: int = 0
    last_paragraph: int = -1
    heading_level: int = 0  # of the heading in effect (0: none yet)
    paragraph_level: int = 0  # the heading level last_paragraph was written under
    list_intro: list[int] = field(default_factory=list)
    colon_paragraph: int = -1  # the last paragraph, when it ends with a colon: the next paragraph's intro
    bold_label: bool = False  # the last paragraph is one short line that opens in bold ("**Bin 22 · H100 SXM** — glass 14")
    in_item: list[int] = field(default_factory=list)  # block of the current list item's first paragraph
    in_quote: int = 0
    table_headers: list[int] = field(default_factory=list)
    row_first: int = -1
    col: int = 0
    in_thead: bool = False
    source: str = ""  # the article as written (BBCode's and Org mode's markup not blanked)
    cells: list[tuple[int, int]] = field(default_factory=list)
    html_table: htmlblocks.TableState | None = None  # an HTML table open across HTML blocks
    notes: bool = False  # a slide deck's: its HTML comments are speaker notes (htmlblocks.speaker_notes)


def segments(src: Source) -> list[Segment]:
    """All checkable text blocks of the article, in document order."""
    return list(iter_segments(src))


SLICE_CHARS = 250_000  # a longer article is parsed in slices of about this size (iter_segments)
BLOCK_CUT_CHARS = 1_000_000  # a block longer than this is cut at a line's start (a sentence's, a quote's, an item's)
_LINE_CUT = re.compile(r"(?:>[ >]*)?(?:[-*+] |\d{1,3}\. )?[A-ZÄÖÜ0-9]")  # a line that starts a sentence
_SENTENCE_END = re.compile(r"[.!?][\"'”“»)\]*_]*[ \t]*\n?$")


def iter_segments(src: Source, slice_chars: int | None = None) -> Iterator[Segment]:
    """segments(), slice by slice: an article longer than `slice_chars` is parsed in slices, so the parser's
    tokens for a 10 MB article are never all in memory at once. A slice ends at a blank line before a plain
    top-level paragraph or heading (never inside a fence, a comment or an HTML block), or between two rows of a
    long table (the next slice is parsed under a copy of the table's header rows, whose tokens are skipped). The
    walk's state (headings, blocks, the table's header cells) runs on across the cuts, and link references are
    collected from the whole article first. A block longer than BLOCK_CUT_CHARS with no such place in it (a
    paragraph of a hundred thousand lines, quotes nested line by line) is cut at a line's start; a paragraph cut
    after a sentence's end goes on as the same block, as api._pieces cuts a long segment."""
    text = src.markdown
    text = rewrap.as_prose(text)  # (caption cues, words hyphenated at a line's end)
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    ctx = _Context(source=src.markdown, notes=htmlblocks.is_deck(src.front_matter))
    cuts = list(_slices(text, slice_chars or SLICE_CHARS))
    references = _references(text) if len(cuts) > 1 else {}
    last: Segment | None = None
    for a, b, header in cuts:
        env: dict = {"references": dict(references)} if references else {}
        tokens = _block_parser().parse(header + text[a:b], env)
        shift = bisect_right(line_starts, a) - 1 - header.count("\n")
        if header:  # (the copied header rows: their cells were segments of the slice before)
            tokens = tokens[next(k for k, tok in enumerate(tokens) if tok.type == "thead_close") + 1:]
        if shift:
            for tok in tokens:
                if tok.map:
                    tok.map = [tok.map[0] + shift, tok.map[1] + shift]
        segs = _finish(_walk(tokens, env, ctx, text, line_starts), text)
        if segs and last is not None and not header and text[:a].endswith("\n") and text[a - 2:a - 1].strip() \
                and segs[0].kind == last.kind == "paragraph":
            segs[0] = replace(segs[0], block=last.block)  # (the paragraph the slice before was cut in goes on)
        last = segs[-1] if segs else last
        yield from segs


# a paragraph's or heading's first line (bold, not a list's "* ")
_CUT_BEFORE = re.compile(r"[^\s>|*+\-<\[:=~`#\d]|#{1,6}\s|\d+[^\d.)]|\*\*\S")
_BOLD_LABEL = re.compile(r"\*\*[^*\n]{1,80}\*\*[^\n]{0,60}(?<![.!?:])")  # (not a glossary's sentence, nor "**Q:**")
_HTML_OPEN = re.compile(r"<!--|<(?:script|pre|style|textarea)\b", re.IGNORECASE)
_HTML_CLOSE = re.compile(r"-->|</(?:script|pre|style|textarea)>", re.IGNORECASE)
_TABLE_ROW = re.compile(r"[ \t]*\|")  # a pipe table's row, as this project's tables write them
_TABLE_RULE = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\n?$")
_REFERENCE = re.compile(r"^ {0,3}\[([^\]\n^][^\]\n]{0,998})\]:[ \t]*<?([^\s>]+)>?", re.MULTILINE)


def _references(text: str) -> dict:
    """The link reference definitions of the whole article ("[Unreleased]: https://..."), as the parser's env
    holds them: a slice resolves the references another slice defines."""
    out: dict = {}
    for m in _REFERENCE.finditer(text):
        out.setdefault(normalizeReference(m.group(1)), {"title": "", "href": m.group(2)})
    return out


def _slices(text: str, size: int) -> Iterator[tuple[int, int, str]]:
    """[a, b) slices of the text, each at least `size` long but the last, with the header rows to parse a slice
    under when it starts inside a table ("" otherwise); one slice for a shorter text."""
    if len(text) <= size:
        yield 0, len(text), ""
        return
    start, at, fence, html, blank, prev = 0, 0, "", 0, False, ""
    table, opened = "", ""  # the open table's header rows; those of the table the slice starts in
    while at < len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end + 1
        line = text[at:end]
        in_table = bool(table) and bool(_TABLE_ROW.match(line))
        if at - start >= size and not fence and html <= 0 and (
                (blank and _CUT_BEFORE.match(line)) or in_table
                or (at - start >= max(size, BLOCK_CUT_CHARS) and not blank and _LINE_CUT.match(line)
                    and _SENTENCE_END.search(prev))):
            yield start, at, opened
            start, opened = at, table if in_table else ""
        fenced = FENCE_LINE.match(line)
        if fenced and (not fence or fenced.group(1).startswith(fence)):
            fence = "" if fence else fenced.group(1)[:3]
        elif not fence:
            html += len(_HTML_OPEN.findall(line)) - len(_HTML_CLOSE.findall(line))
        if not fence and _TABLE_ROW.match(prev) and _TABLE_RULE.match(line) and not in_table:
            table = prev + (line if line.endswith("\n") else line + "\n")  # a header row and its rule: a table opens
        elif not in_table:
            table = ""
        blank, prev = not line.strip(), line
        at = end
    yield start, len(text), opened


def _walk(tokens: list[Token], env: dict, ctx: _Context, text: str, line_starts: list[int]) -> list[Segment]:
    """The segments of one slice's tokens."""
    out: list[Segment] = []
    parents: list[str] = []
    for tok in tokens:
        if tok.nesting == 1:
            parents.append(tok.type)
        elif tok.nesting == -1 and parents:
            parents.pop()
        t = tok.type
        if t == "heading_open":
            ctx.heading_level = int(tok.tag[1:]) if tok.tag[1:].isdigit() else 1
        if t == "bullet_list_open" or t == "ordered_list_open":
            # a nested list's intro is the item it hangs under ("- **Gaudi 3:** ..." / "  - Speicher: 144 GB")
            parent_item = ctx.in_item[-1] if ctx.in_item else -1
            ctx.list_intro.append(parent_item if parent_item >= 0 else ctx.last_paragraph)
        elif t in ("bullet_list_close", "ordered_list_close"):
            ctx.list_intro.pop()
        elif t == "list_item_open":
            ctx.in_item.append(-1)
        elif t == "list_item_close":
            ctx.in_item.pop()
        elif t == "blockquote_open":
            ctx.in_quote += 1
        elif t == "blockquote_close":
            ctx.in_quote -= 1
        elif t == "thead_open":
            ctx.in_thead, ctx.table_headers = True, []
        elif t == "thead_close":
            ctx.in_thead = False
        elif t == "tr_open":
            ctx.row_first, ctx.col = -1, 0
            ctx.cells = _table_cells(text, line_starts, tok.map[0]) if tok.map else []
        elif t == "inline" and tok.map is not None and parents and parents[-1] == "paragraph_open" \
                and not ctx.in_quote and not ctx.in_item and (cells := _delimited(tok, ctx, text, line_starts)):
            out += cells  # a CSV export pasted as a paragraph: a table
        elif t == "inline" and tok.map is not None:
            seg = _segment_for(tok, _inline_children(tok, env), parents, ctx, text, line_starts)
            if seg is not None:
                out.append(htmlblocks.with_components(seg) if "{{" in seg.text else seg)
        elif t in ("fence", "code_block") and tok.map is not None and not ctx.in_quote and gitlogs.is_git_log(tok.content):
            out += _git_log(tok, ctx, text, line_starts)  # a pasted `git log`: its commit messages
        elif t in ("fence", "code_block") and tok.map is not None and not ctx.in_quote \
                and ("  " in tok.content or "{" in tok.content):
            out += _delimited(tok, ctx, text, line_starts)  # a command's output ("TYPE  CHIPS  MEM (GiB)"), JSON
        elif t == "html_block" and tok.map is not None and htmlblocks.is_read(tok.content) \
                and (raw := htmlblocks.block_text(tok, text, line_starts)).rstrip() == tok.content.rstrip():
            # (a block in a quote or a list: its source lines carry the container's marks; not read)
            out += htmlblocks.segments(raw, line_starts[tok.map[0]], ctx)
        elif t == "html_block" and tok.map is not None and ctx.notes and tok.content.lstrip().startswith("<!--"):
            out += htmlblocks.speaker_notes(tok, ctx, text, line_starts)
        elif t == "html_block" and tok.map is not None and "<summary" in tok.content:
            out += _summary_headings(tok, ctx, text, line_starts)
        elif t == "html_block" and tok.map is not None and "=" in tok.content:
            out += _component_rows(tok, ctx, text, line_starts)
    return out


def _block_span(tok: Token, text: str, line_starts: list[int]) -> tuple[int, int]:
    """The text offsets of a block's lines (a fence's own lines left out)."""
    assert tok.map is not None
    first, last = tok.map
    if tok.type == "fence":
        first, last = first + 1, max(first + 1, last - 1)
    return (line_starts[first] if first < len(line_starts) else len(text),
            line_starts[last] if last < len(line_starts) else len(text))


def _delimited(tok: Token, ctx: _Context, text: str, line_starts: list[int]) -> list[Segment]:
    """The cells of delimited text (a paragraph) or of a table aligned with spaces (a paragraph or a code block,
    its fence lines not read): reviewer/csvblocks.py; or none."""
    start, end = _block_span(tok, text, line_starts)
    cells: list[Segment] = []
    if tok.type != "inline" and (read := yamlblocks.reader(tok.info, tok.content)) is not None:
        cells = read(text[start:end], start, ctx.block, ctx.heading)  # JSON, YAML or a diff of YAML
    elif tok.type == "inline" and (";" in tok.content or "\t" in tok.content):
        cells = csvblocks.segments(text[start:end], start, ctx.block, ctx.heading, ctx.in_quote)
    if not cells and "  " in text[start:end] and ctx.source[start:end] == text[start:end]:
        # (spaces that blanked markup left align nothing: a BBCode table's tags indent its rows as code)
        cells = csvblocks.segments(text[start:end], start, ctx.block, ctx.heading, ctx.in_quote, aligned=True)
        if not cells and tok.type != "inline":  # a command's "Key   value" output
            cells = csvblocks.key_value_items(text[start:end], start, ctx.block, ctx.heading, ctx.in_quote)
    ctx.block += len(cells)
    return cells


def _git_log(tok: Token, ctx: _Context, text: str, line_starts: list[int]) -> list[Segment]:
    """The commit messages of a `git log` in a code block (its fence lines not read): reviewer/gitlogs.py."""
    start, end = _block_span(tok, text, line_starts)
    segs = gitlogs.segments(text[start:end], start, ctx.block, ctx.heading, 0)
    ctx.block += len(segs)
    return segs


def _finish(out: list[Segment], text: str) -> list[Segment]:
    """Furniture blanked in the segments of a slice: post headers and counters, footnote markers."""
    if "·" in text:
        # a post's header line ("**@name@host** · 08:22", "**Name** · 9. Feb. 2026") is furniture: its time or
        # date is no figure, and the post's first line follows it
        out = [replace(seg, text=_POST_HEADER_LINE.sub(_blank_time, seg.text, count=1))
               if seg.kind == "paragraph" else seg for seg in out]
    if _POST_COUNTER_CLUE.search(text):
        # a thread's post counter ("7/12 GB300 NVL72: ...") is numbering, not a figure nor "12 GB300s"
        out = [replace(seg, text=_POST_COUNTER.sub(lambda m: m.group(1) + " " * len(m.group(2)), seg.text, count=1))
               if seg.kind != "table_cell" else seg for seg in out]
    return footnotes.blank_marks(out, text)


def _component_rows(tok: Token, ctx: _Context, text: str, line_starts: list[int]) -> list[Segment]:
    """An HTML block of MDX/JSX elements with figures in their attributes: one paragraph per element line
    ("<SpecRow chip="Trainium3" memory="144 GB" fp8="2,517 TFLOPS" />"), read as its attribute text."""
    out = []
    for start, analysed in htmlblocks.component_lines(tok, text, line_starts):
        out.append(Segment("paragraph", analysed, start, ctx.block, heading=ctx.heading))
        ctx.block += 1
    return out


def _summary_headings(tok: Token, ctx: _Context, text: str, line_starts: list[int]) -> list[Segment]:
    """"<details><summary>Intel Gaudi (Gaudi 3)</summary>": an accordion's summary heads what it folds away,
    as a heading would (its text kept, the tags blanked)."""
    out = []
    for start, raw in htmlblocks.block_lines(tok, text, line_starts):
        m = _SUMMARY.search(raw)
        if m is None:
            continue
        blanked = " " * m.start(1) + m.group(1) + " " * (len(raw) - m.end(1))
        ctx.heading, ctx.last_paragraph = ctx.block, -1
        out.append(Segment("heading", blanked, start, ctx.block, heading=ctx.block))
        ctx.block += 1
    return out


_SUMMARY = re.compile(r"<summary\b[^>]*>(.*?)</summary>", re.I)


_POST_COUNTER_CLUE = re.compile(r"(?m)^\W{0,4}\d{1,3}/\d{1,3}[*_]*\s")  # ("**7/12**" too)
_POST_COUNTER = re.compile(r"(?m)^(\W{0,4})(\d{1,3}/\d{1,3})(?=\s)")
# a post's header line: its time or date (the name and the dot stay: stance.py's post_header knows a thread by them)
_POST_HEADER_LINE = re.compile(r"^([ \t*_]*@?[\w.@-]{2,60}[ \t*_]*·[ \t]*)"
                               r"(\d{1,2}:\d{2}|\d{1,2}\.\s?\w{3,9}\.?\s\d{4})(?=[ \t]*\n)")


def _blank_time(m: re.Match) -> str:
    return m.group(1) + " " * len(m.group(2))


def _segment_for(tok: Token, children: list, parents: list[str], ctx: _Context, text: str,
                 line_starts: list[int]) -> Segment | None:
    parent = parents[-1] if parents else ""
    block = ctx.block
    ctx.block += 1
    if parent in ("th_open", "td_open"):
        cells = ctx.cells
        if ctx.col >= len(cells):
            ctx.col += 1
            return None
        start, end = cells[ctx.col]
        analysed = _blank_markup(tok, children, text[start:end], start, text)
        col_header = ctx.table_headers[ctx.col] if ctx.col < len(ctx.table_headers) and not ctx.in_thead else -1
        if ctx.in_thead:
            ctx.table_headers.append(block)
        row_header = ctx.row_first if ctx.col > 0 else -1
        if ctx.col == 0:
            ctx.row_first = block
        ctx.col += 1
        return Segment("table_cell", analysed, start, block, heading=ctx.heading, row_header=row_header,
                       col_header=col_header, quote_depth=ctx.in_quote)

    assert tok.map is not None  # (block tokens carry their lines)
    first, last = tok.map
    start = line_starts[first]
    end = line_starts[last] if last < len(line_starts) else len(text)
    raw = text[start:end]
    analysed = _blank_markup(tok, children, raw, start, text)
    if parent == "heading_open" or parent.startswith("heading"):
        ctx.heading = block
        if ctx.heading_level <= ctx.paragraph_level:
            # a list right under a heading has no intro paragraph: not the last section's (a subsection's
            # list still has its parent section's, "### Was ist X?" + paragraph + "#### Funktionen" + list)
            ctx.last_paragraph = -1
        return Segment("heading", analysed, start, block, heading=block)
    in_item = bool(ctx.in_item)
    if in_item and ctx.in_item[-1] == -1:
        ctx.in_item[-1] = block
        lead = _LEAD.match(analysed)
        intro = ctx.list_intro[-1] if ctx.list_intro else -1
        return Segment("list_item", analysed, start, block, heading=ctx.heading, intro=intro,
                       lead_end=lead.end(1) if lead else 0, quote_depth=ctx.in_quote)
    kind: SegmentKind = "blockquote" if ctx.in_quote else ("list_item" if in_item else "paragraph")
    # a paragraph right after one that ends with a colon ("Zum Trn2-UltraServer noch die Eckdaten:" over "Chips: 64 ·
    # HBM: 6 TB · …") has that one as its intro, as a list has
    # (and a paragraph or block quote right after a one-line paragraph that opens in bold, a label over it: "**Bin 22 ·
    # H100 SXM · 2022** — glass 14" over "> Memory: 80 GB HBM3 · bandwidth: 3.35 TB/s")
    intro = ctx.list_intro[-1] if (in_item and ctx.list_intro) else (
        ctx.last_paragraph if kind in ("paragraph", "blockquote") and ctx.colon_paragraph == ctx.last_paragraph == block - 1
        and not (ctx.bold_label and raw.lstrip(" >").startswith("**")) else -1)  # (not a label of its own)
    if not in_item:
        ctx.last_paragraph = block
        ctx.paragraph_level = ctx.heading_level
        ctx.bold_label = kind == "paragraph" and bool(_BOLD_LABEL.fullmatch(raw.strip()))
        ctx.colon_paragraph = block if kind == "paragraph" and (analysed.rstrip(" *_\n").endswith(":") or ctx.bold_label) \
            else -1
    return Segment(kind, analysed, start, block, heading=ctx.heading, intro=intro, quote_depth=ctx.in_quote)


def _blank_markup(tok: Token, children: list, raw: str, start: int, text: str) -> str:
    """The raw block source with every non-prose character replaced by a space (length kept)."""
    raw_lines = raw.split("\n")
    blank = "\n".join([" " * len(line) for line in raw_lines])
    if len(children) == 1 and type(children[0]) is _Text:
        # content without markup (one line): it stands verbatim on the first raw line it is found on
        # (what the general case below does with it, in one slice)
        c_line = children[0].content
        offset = 0
        for r_line in raw_lines:
            k = _locate(r_line, c_line)
            if k is not None:
                base = offset + k
                return _blank_urls(blank[:base] + c_line + blank[base + len(c_line):])
            offset += len(r_line) + 1
        return _blank_urls(blank)
    out = list(blank)
    content = tok.content
    # Where does each line of the inline content sit in the raw block? Container markers
    # ("> ", "- ", indentation) precede it on its line.
    raw_pos: list[int] = []
    line_offsets = [0]
    for ln in raw_lines[:-1]:
        line_offsets.append(line_offsets[-1] + len(ln) + 1)
    content_lines = content.split("\n")
    li = 0
    for c_line in content_lines:
        while li < len(raw_lines):
            r_line = raw_lines[li]
            k = _locate(r_line, c_line)
            if k is not None:
                base = line_offsets[li] + k
                raw_pos.extend(range(base, base + len(c_line)))
                raw_pos.append(base + len(c_line))  # the newline joining content lines
                li += 1
                break
            li += 1
        else:
            raw_pos.extend([-1] * (len(c_line) + 1))
    _copy_children(children, content, raw_pos, out)
    return _blank_urls("".join(out))


def _copy_children(children: list, content: str, raw_pos: list[int], out: list[str]) -> None:
    """Copy the prose of the inline tokens to their raw positions in `out` (code names, record names and footnote
    marks too); everything else stays blank."""
    cursor = 0
    strike = 0
    sup = -1  # after an inline "<sup>", where it stands: a footnote mark's digits become a superscript there
    for child in children:
        ct = child.type
        if ct == "s_open":
            strike += 1
        elif ct == "s_close":
            strike -= 1
        elif ct == "text" and not strike and sup >= 0 and _SUP_MARK.fullmatch(child.content):
            for k, ch in enumerate(child.content.translate(htmlblocks.SUPERSCRIPT)):  # where "<sup>" stands, as
                out[sup + k] = ch  # a written superscript would: right after the figure
            cursor = _advance(child.content, content, cursor)
        elif ct == "text" and not strike:
            cursor = _place(child.content, content, cursor, raw_pos, out)
        elif ct == "text":
            cursor = _advance(child.content, content, cursor)
        elif ct in ("softbreak", "hardbreak"):
            nl = content.find("\n", cursor)
            cursor = nl + 1 if nl >= 0 else cursor
        elif ct == "code_inline":
            cursor = _copy_code(child, content, cursor, raw_pos, out)
        elif ct == "html_inline":
            a = content.find(child.content, cursor)
            cursor = a + len(child.content) if a >= 0 else cursor
            tag = _SKIP_TAG.match(child.content)
            if tag is not None and not child.content.endswith("/>"):
                strike = max(0, strike - 1) if tag.group(1) else strike + 1  # "<del>96</del>", a wiki's "<ref>...</ref>"
        elif ct == "image":
            a = content.find("](", cursor)
            b = content.find(")", a) if a >= 0 else -1
            cursor = b + 1 if b >= 0 else cursor
        elif ct == "link_close" and content.startswith("](", cursor):
            b = content.find(")", cursor + 2 + max(0, len(str(child.attrs.get("href", ""))) - 8))
            cursor = b + 1 if b >= 0 else cursor
        if ct in ("html_inline", "text"):
            sup = raw_pos[a] if ct == "html_inline" and child.content.lower() == "<sup>" and 0 <= a < len(raw_pos) else -1


def _copy_code(child, content: str, cursor: int, raw_pos: list[int], out: list[str]) -> int:
    """An inline code span: blank, but a name set as code is prose ("the `trn1.32xlarge`") and a spec database's
    record file names its chip ("`amd/mi355x.yaml`: 288 GB HBM3e, ..."); the cursor after it."""
    a = content.find(child.markup, cursor)
    if a < 0:
        return cursor
    if _CODE_NAME.fullmatch(child.content):
        _place(child.content, content, a + len(child.markup), raw_pos, out)
    elif (rec := _CODE_RECORD.fullmatch(child.content)) is not None:
        _place(rec.group(1), content, a + len(child.markup) + rec.start(1), raw_pos, out)
    b = content.find(child.markup, a + len(child.markup) + len(child.content) - 1)
    return b + len(child.markup) if b >= 0 else a + len(child.markup)


def _blank_urls(analysed: str) -> str:
    if "http" not in analysed and "www." not in analysed:  # what every match of _URL starts with
        return analysed
    return _URL.sub(lambda m: " " * len(m.group()), analysed)


def _locate(raw_line: str, content_line: str) -> int | None:
    """Column of an inline content line within its raw source line (container prefix before it)."""
    c = content_line.rstrip()
    if not c:
        return len(raw_line) - len(raw_line.lstrip()) if not raw_line.strip() else None
    k = len(raw_line.rstrip()) - len(c)
    if k >= 0 and raw_line[k:k + len(c)] == c:
        return k
    k = raw_line.find(c)
    return k if k >= 0 else None


# inline HTML whose text is no prose of the article: struck values, code, and a wiki's citations ("<ref>{{cite web |title=
# AWS activates Project Rainier with 500,000 chips}}</ref>": a source's title, not a claim)
_SKIP_TAG = re.compile(r"<(/?)(?:del|s|strike|ref|code|kbd|samp|script|style)\b", re.IGNORECASE)
_SUP_MARK = re.compile(r"\d{1,2}")  # a footnote mark set as "<sup>1</sup>" inside a paragraph or a pipe table


def _place(piece: str, content: str, cursor: int, raw_pos: list[int], out: list[str]) -> int:
    """Copy a text token's characters to their raw positions, skipping markup between them."""
    n = len(piece)
    j = content.find(piece[0], cursor, min(len(content), cursor + 12)) if n else -1
    if j >= 0 and content.startswith(piece, j):
        # the common case: the token is verbatim in the inline content (after markup such as
        # "**"), so the search below finds its first character at j and every other one right
        # after it; copy them all at once, in one slice where the raw positions are contiguous
        cursor = j
        rp = raw_pos[cursor:cursor + n]
        first = rp[0] if rp else -1
        if len(rp) == n and first >= 0 and rp[-1] - first == n - 1 and rp == list(range(first, first + n)):
            out[first:first + n] = piece
        else:
            for ch, pos in zip(piece, rp):
                if pos >= 0:
                    out[pos] = ch
        return cursor + n
    for ch in piece:
        j = cursor
        limit = min(len(content), cursor + 12)
        while j < limit and content[j] != ch:
            j += 1
        if j >= limit:
            continue  # an entity or escape we cannot align: leave it blank
        pos = raw_pos[j] if j < len(raw_pos) else -1
        if pos >= 0:
            out[pos] = ch if ch != "\n" else "\n"
        cursor = j + 1
    return cursor


def _advance(piece: str, content: str, cursor: int) -> int:
    a = content.find(piece, cursor)
    return a + len(piece) if a >= 0 else cursor


_QUOTE_PREFIX = re.compile(r"[ \t]*(?:>[ \t]?)+")


def _table_cells(text: str, line_starts: list[int], line: int) -> list[tuple[int, int]]:
    """(start, end) text offsets of each cell in a table row line, split on unescaped pipes."""
    start = line_starts[line]
    end = line_starts[line + 1] - 1 if line + 1 < len(line_starts) else len(text)
    quote = _QUOTE_PREFIX.match(text, start, end)  # (a table in a block quote: "> | H200 | 141 |")
    start = quote.end() if quote else start
    row = text[start:end]
    bounds, in_code, i = [], False, 0
    for i, ch in enumerate(row):
        if ch == "`":
            in_code = not in_code
        elif ch == "|" and not in_code and (i == 0 or row[i - 1] != "\\"):
            bounds.append(i)
    edges = ([] if row.lstrip().startswith("|") else [-1]) + bounds + ([] if row.rstrip().endswith("|") else [len(row)])
    return [(start + a + 1, start + b) for a, b in itertools.pairwise(edges)]

"""Stage 1: file bytes -> Source (checked input, repaired encoding, front matter, line index)."""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any

from . import errors
from .fix import blank_log
from .i18n import notice
from .lang import LANGUAGES, dates
from .models import Notice, Source
from .periods import period_before
from .yamlload import load_yaml

MAX_BYTES = 10 * 1024 * 1024
SUFFIXES = {".md", ".markdown", ".mdx", ".txt"}
DATE_KEYS = ("updated", "pubDate", "date", "published", "pubdate", "publishDate", "lastmod")
LANG_KEYS = ("lang", "language", "locale")

_FRONT_OPEN = re.compile(r"\A---[ \t]*\r?\n")
_FRONT_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.M)
_YAML_KEY_LINE = re.compile(r"^[A-Za-z_][\w-]*:(?:\s|$)")
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")
# ftfy plans that turn UTF-8 read as a single-byte code page back into UTF-8
_MOJIBAKE_PLANS = {"macroman", "sloppy-windows-1252", "windows-1252", "latin-1", "sloppy-windows-1250"}
# The code pages ftfy re-decodes through (ftfy.chardata.CHARMAP_ENCODINGS, its "sloppy-" ones as the
# plain page: ftfy only adds the page's unassigned bytes as the Latin-1 characters).
_CODE_PAGES = ("latin-1", "windows-1252", "windows-1251", "windows-1250", "windows-1253", "windows-1254",
               "windows-1257", "iso-8859-2", "macroman", "cp437")


def read_source(path: str | Path, *, check_suffix: bool = False) -> Source:
    """Read and check one article file; raise an InputError subclass for anything unusable."""
    p = Path(path)
    shown = str(path)
    if not p.exists():
        raise errors.NotFound("no such file", shown)
    if p.is_dir():
        raise errors.IsDirectory("is a directory, not an article file (use 'review batch DIR')", shown)
    if check_suffix and p.suffix.lower() not in SUFFIXES:
        raise errors.UnsupportedType(f"not a Markdown or text file (expected one of {', '.join(sorted(SUFFIXES))})", shown)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise errors.TooLarge(f"file is {size / 1e6:.1f} MB; the limit is {MAX_BYTES // (1024 * 1024)} MB", shown)
        data = p.read_bytes()
    except PermissionError:
        raise errors.Unreadable("permission denied", shown) from None
    except OSError as exc:
        raise errors.Unreadable(f"cannot read: {exc.strerror or exc}", shown) from None
    return source_from_bytes(data, shown)


def source_from_bytes(data: bytes, path: str = "<text>") -> Source:
    if b"\x00" in data[:8192]:
        raise errors.BinaryFile("binary file (contains NUL bytes), not an article", path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise errors.NotUtf8(f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})", path) from None
    if not text.strip():
        raise errors.EmptyFile("empty file: nothing to review", path)
    return source_from_text(text, path)


def source_from_text(original: str, path: str = "<text>") -> Source:
    original = original.replace("\r\n", "\n").replace("\r", "\n")
    notices: list[Notice] = []
    text, offset_map, repaired = _repair_mojibake(original)
    if repaired:
        notices.append(Notice("N001", notice("N001", repaired=repaired)))
    line_starts = (0, *accumulate([len(line) + 1 for line in original.split("\n")[:-1]]))  # after each "\n"
    markdown, meta, more = _front_matter(text)
    markdown = blank_log(markdown)  # a review log `--append-log` wrote is not the article's text
    if "~~~" in markdown or "```" in markdown:
        markdown = _rst_underlines(markdown)
    notices.extend(more)
    date = _date_of(meta) or _date_in_text(markdown)
    lang = _lang_of(meta)
    title = meta.get("title") if isinstance(meta.get("title"), str) else None
    return Source(path=path, text=text, markdown=markdown, line_starts=line_starts, offset_map=offset_map,
                  front_matter=meta, title=title, date=date, lang=lang, notices=tuple(notices))


def _repair_mojibake(text: str) -> tuple[str, tuple[tuple[int, int], ...], int]:
    """Undo UTF-8-read-as-Mac-Roman/cp1252 with ftfy, run by run, keeping an offset map.

    ftfy decides on the whole document whether it is mojibake and which plan undoes it. The plan
    is then applied to each run of non-ASCII characters alone: ASCII is the same in both
    encodings, so every offset outside the runs maps one to one, and the map stays exact.
    """
    if text.isascii() or not _has_mojibake_clue(text):
        return text, (), 0
    import ftfy  # only text with a mojibake clue can be mojibake: clean text never imports it

    plan: Any  # ftfy's plan: (action, parameter) steps, or None
    _, plan = ftfy.fix_and_explain(text)
    steps = {name for _, name in plan or []}
    mixed = "decode_inconsistent_utf8" in steps  # clean umlauts beside mojibake (a re-saved CMS page)
    if not mixed and (not plan or not steps & _MOJIBAKE_PLANS or not any(op == "decode" for op, _ in plan)):
        plan = _whole_document_plan(text)
        if plan is None:
            return text, (), 0
    out: list[str] = []
    offset_map: list[tuple[int, int]] = []
    pos = new_len = repaired = 0
    for m in _NON_ASCII_RUN.finditer(text):
        out.append(text[pos:m.start()])
        new_len += m.start() - pos
        try:
            fixed = ftfy.fix_encoding(m.group()) if mixed else ftfy.apply_plan(m.group(), plan)
        except (UnicodeError, ValueError):
            fixed = m.group()
        if fixed != m.group():
            repaired += 1
        out.append(fixed)
        new_len += len(fixed)
        pos = m.end()
        offset_map.append((new_len, pos))  # after this run the two texts are aligned again
    out.append(text[pos:])
    if not repaired:
        return text, (), 0
    return "".join(out), ((0, 0), *offset_map), repaired


def _has_mojibake_clue(text: str) -> bool:
    """What any repair needs in the text, so that clean text (umlauts, „quotes“, – and €) skips ftfy.

    UTF-8 read as a code page turns every multi-byte character into a lead byte's character
    (0xC0-0xF4) followed by a continuation byte's (0x80-0xBF), and a run is only re-decoded where
    such a pair is. The other clues are characters ftfy may delete or change into a page's letters
    before it decodes (C1 controls, the format characters it removes, half- and full-width forms)
    and U+FFFD (byte 0x1A in its sloppy pages). tests/test_source.py checks this against ftfy.
    """
    pairs, others = _mojibake_clues()
    # pairs are searched for only in runs of two or more non-ASCII characters: one scan for those
    # is several times faster than one for the pairs' many alternatives
    return others.search(text) is not None or any(pairs.search(run) for run in _NON_ASCII_RUNS.findall(text))


_NON_ASCII_RUNS = re.compile(r"[^\x00-\x7f][^\x00-\x7f]+")  # two or more; faster to scan for than {2,}


@lru_cache(maxsize=1)
def _mojibake_clues() -> tuple[re.Pattern, re.Pattern]:
    pairs = []
    for page in _CODE_PAGES:
        # as in ftfy's sloppy pages, an unassigned byte reads as its Latin-1 character
        chars = [bytes([b]).decode(page, errors="replace").replace("\ufffd", chr(b)) for b in range(256)]
        pairs.append(f"[{re.escape(''.join(chars[0xC0:0xF5]))}][{re.escape(''.join(chars[0x80:0xC0]))}]")
    return re.compile("|".join(pairs)), re.compile("[\x80-\x9f\u206a-\u206f\ufeff\ufff9-\ufffd\uff00-\uffef]")


def _whole_document_plan(text: str) -> list[tuple[str, str]] | None:
    """A re-decode that every non-ASCII run survives strictly: ftfy's heuristics need more text
    than a short article gives them, but real UTF-8 prose never re-decodes cleanly this way."""
    runs = _NON_ASCII_RUN.findall(text)
    for codec in ("macroman", "sloppy-windows-1252"):
        plan = [("encode", codec), ("decode", "utf-8")]
        changed = 0
        try:
            for run in runs:
                if run.encode(codec).decode("utf-8") != run:
                    changed += 1
        except UnicodeError:
            continue
        if changed >= 2:
            return plan
    return None


def _front_matter(text: str) -> tuple[str, dict, list[Notice]]:
    """Split off YAML front matter (and a duplicated second block) by blanking it in place."""
    notices: list[Notice] = []
    m = _FRONT_OPEN.match(text)
    if not m:
        return text, {}, notices
    close = _FRONT_CLOSE.search(text, m.end())
    if not close:
        notices.append(Notice("N002", notice("N002")))
        return text, {}, notices
    raw = text[m.end():close.start()]
    end = close.end()
    meta: dict = {}
    import yaml

    try:
        loaded = load_yaml(raw)
        if isinstance(loaded, dict):
            meta = loaded
        elif loaded is not None:
            notices.append(Notice("N003", notice("N003")))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = text.count("\n", 0, m.end()) + (mark.line if mark else 0) + 1
        notices.append(Notice("N003", notice("N003_yaml", problem=getattr(exc, "problem", exc)), line))
    # A second block of `key: value` lines closed by '---' right after the first one: duplicated front matter.
    dup = _duplicate_block(text, end)
    if dup:
        line = text.count("\n", 0, dup[0]) + 1
        notices.append(Notice("N004", notice("N004"), line))
        end = dup[1]
    blanked = "\n".join([" " * len(line) for line in text[:end].split("\n")])  # all but line breaks
    return blanked + text[end:], meta, notices


def _duplicate_block(text: str, pos: int) -> tuple[int, int] | None:
    rest = text[pos:]
    stripped = rest.lstrip("\n")
    start = pos + len(rest) - len(stripped)
    lines = stripped.split("\n")
    n = 0
    for ln in lines:
        if re.fullmatch(r"(?:---|\.\.\.)[ \t]*", ln):
            if n >= 2:
                return start, start + sum(len(x) + 1 for x in lines[: n + 1])
            return None
        if not (_YAML_KEY_LINE.match(ln) or ln.startswith((" ", "- ", "\t"))):
            return None
        n += 1
    return None


def _as_date(value) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        m = re.match(r"\s*(\d{4}-\d{2}-\d{2})", value)
        if m:
            try:
                return dt.date.fromisoformat(m.group(1))
            except ValueError:
                return None
    return None


def _date_of(meta: dict) -> dt.date | None:
    """The date the article's statements must hold at: the latest of its dates (an update re-asserts)."""
    dates = [d for d in (_as_date(meta.get(k)) for k in DATE_KEYS) if d]
    return max(dates) if dates else None


# where an article without front matter says when it was written: a news dateline ("SEATTLE, March 3,
# 2026 —", "LAS VEGAS, 2. Dezember 2025 –") or a byline ("*Published March 2026.*", "Veröffentlicht am
# 3. Dezember 2025", "Stand: März 2026") among its first lines
# a reStructuredText title's underline of tildes or backticks ("AMD Instinct MI355X" over "~~~~~~~~~~~~~~~~~~~"
# in a page pasted from Sphinx): a heading, not a code fence that would swallow the rest of the page. The title is
# no list item and no quote, ends in no colon (as the line before a fence in Markdown does: "Run:"), is no longer
# than its underline, and lies in no fence.
FENCE_LINE = re.compile(r" {0,3}(`{3,}|~{3,})")  # a code fence's opening or closing line
_RST_TITLE = re.compile(r"(?![ \t]*(?:[-*+>]|\d+[.)])\s)\S[^\n]*[^\s:]")
_RST_LINE = re.compile(r"(~{4,}|`{4,})[ \t]*")


def _rst_underlines(markdown: str) -> str:
    lines = markdown.split("\n")
    fence = ""
    for i, line in enumerate(lines):
        if fence:
            if line.strip().startswith(fence):
                fence = ""
            continue
        title = lines[i - 1].strip() if i else ""
        if _RST_LINE.fullmatch(line) and _RST_TITLE.fullmatch(title) and len(line.rstrip()) >= len(title):
            lines[i] = "-" * len(line)
        elif m := FENCE_LINE.match(line):
            fence = m.group(1)
    return "\n".join(lines)


_DATELINE = re.compile(r"[\s*_>]*(?-i:[A-ZÄÖÜ]{2,}(?:[ -][A-ZÄÖÜ]{2,})*)\s*,\s+"
                       r"(?P<date>(?:[\w.]+,?\s*){1,3}?\d{4})\s*[*_]*\s*[—–-]")
# a dateline in bold, in mixed case ("**Las Vegas/Hamburg, Dienstag, 2. Dezember 2025** · ..."): places, then the date
_DATELINE_BOLD = re.compile(r"[\s>]*(?:\*\*|__)[A-ZÄÖÜ][\w.]+(?:[ /-][A-ZÄÖÜ][\w.]+){0,3}\s*,\s+"
                            r"(?P<date>(?:[\w.]+,?\s*){1,4}?\d{4})\s*(?:\*\*|__)")
# (the byline's words of every language, reviewer/lang/<code>/dates.yaml: the article's language is not known yet)
_BYLINE_WORDS = (r"(?:" + "|".join(w for c in LANGUAGES for w in dates(c)["byline"]) + r")(?:\s+(?:"
                 + "|".join(w for c in LANGUAGES for w in dates(c)["byline_at"]) + r"))?[*_]*\s*[:|]?[*_]*\s*"
                 r"(?P<date>\d{4}-\d{2}-\d{2}|(?:[\w.]+,?\s*){0,3}?\d{4})(?![\d-])")
_BYLINE = re.compile(r"[\s*_>:|]*" + _BYLINE_WORDS, re.IGNORECASE)  # (":date: 2026-09-14": a reST field;
# "| **Datum** | Donnerstag, 15. Oktober 2026 |": a header table's row)
# the same byline after a separator in a header or credit line ("# #infra — exported 2026-03-13",
# "*Preprint, revised 2026-09-14*")
_BYLINE_AFTER = re.compile(r"(?:^|[—–·|,(]\s*)" + _BYLINE_WORDS, re.IGNORECASE)
# a credit line that ends in a whole date after a separator ("**Redaktion KI-Hardware · Freitag, 11. September 2026**")
_DATE_AFTER_SEPARATOR = re.compile(r"[·|—–]\s*(?P<date>(?:[^\W\d]+,\s*)?(?:\d{1,2}\.?\s+[^\W\d]+\.?|[^\W\d]+\.?\s+\d{1,2},)"
                                   r"\s+\d{4}|\d{4}-\d{2}-\d{2})\s*[*_]*\s*$")
_YEAR_AT_END = re.compile(r"(\d{4})(?:-(\d{2})-(\d{2}))?$")


def _date_in_text(markdown: str) -> dt.date | None:
    lines = [line for line in markdown.split("\n") if line.strip()][:5]
    for line in lines:
        heading = line.lstrip().startswith("#")
        m = None if heading else _DATELINE.match(line) or _DATELINE_BOLD.match(line) or _BYLINE.match(line)
        m = m or _BYLINE_AFTER.search(line.lstrip("# ")) or (None if heading else _DATE_AFTER_SEPARATOR.search(line))
        if m is None:
            continue
        words = m.group("date")
        y = _YEAR_AT_END.search(words)
        if y is None:
            continue
        if y.group(2):
            return _as_date(y.group(0))
        _, period = period_before(words, y.start(), int(y.group(1)))
        try:
            return dt.date(period.year, period.first_month, period.day or 1)
        except ValueError:
            return None
    return None


def _lang_of(meta: dict) -> str | None:
    for key in LANG_KEYS:
        value = meta.get(key)
        if isinstance(value, str) and value[:2].lower() in LANGUAGES:
            return value[:2].lower()
    return None

"""YAML in a code block, or in a diff of a YAML file (a pull request's "Files changed"): each mapping whose fields
are scalars is read as a row of a table, like JSON (reviewer/jsonblocks.py). The mapping's key is the row's header
("hgx_b300:" reads "hgx b300", a `name:` or `id:` field wins), each scalar field a cell under a column header
that is the field's name with the unit it carries ("memory_bw_tbs: 7.7" is "7.7" under "memory bandwidth (TB/s)").

In a diff, a removed line ("-    memory_gb: 192") is the old value the change replaces, so it is not read; an added
line ("+    memory_gb: 180") and a context line are the file as it now stands. Comments ("# GTC 2024 keynote") are
not read. Offsets stay the file's: a header cell starts at the field's name (its text may run past it: a header
holds no figure), a row's header is the key with its underscores as spaces."""

from __future__ import annotations

import re
from collections.abc import Callable

from . import jsonblocks
from .models import Segment

# a YAML line: indentation, a key, a colon, a scalar value or nothing (a mapping opens), an optional comment
_LINE = re.compile(r"(?P<indent>[ \t]*)(?P<item>-[ \t]+)?(?P<key>[A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(?P<value>[^#\n]*?))?"
                   r"[ \t]*(?:#[^\n]*)?$")
_DIFF_META = re.compile(r"(?:diff |index |--- |\+\+\+ |@@ )")
_DIFF_HUNK = re.compile(r"^(?:@@ |\+\+\+ |diff )", re.MULTILINE)
_NAME_KEYS = ("name", "id", "model", "sku")
_SCALAR = re.compile(r"""["']?[^"'\[\]{}|>&*!]{1,80}?["']?""")


def looks_like_yaml(info: str, content: str) -> bool:
    """A fence tagged yaml or yml, or a diff whose lines (after their +/- marks) are YAML keys and values."""
    lang = info.strip().split(maxsplit=1)[0].lower() if info.strip() else ""
    if lang in ("yaml", "yml"):
        return True
    if lang not in ("diff", "patch"):
        return False
    body = [ln[1:] for ln in content.splitlines() if ln[:1] in "+- " and ln.strip() and not _DIFF_META.match(ln)]
    return sum(bool(_LINE.fullmatch(ln)) for ln in body) >= max(2, len(body) // 2)


def reader(info: str, content: str) -> Callable[[str, int, int, int], list[Segment]] | None:
    """The reader of a code block of data: JSON, YAML or a diff of YAML; None for anything else."""
    if jsonblocks.looks_like_json(info, content):
        return jsonblocks.segments
    if looks_like_yaml(info, content):
        return segments
    return None


def _rows(raw: str) -> list[tuple[tuple[int, int], list[tuple[int, int, int, int]]]]:
    """Each mapping with its key's span and its scalar fields (key start, key end, value start, value end), in
    the file's order; removed diff lines are skipped."""
    open_keys: list[tuple[int, tuple[int, int]]] = []  # (indent, key span) of the mappings open at this line
    rows: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
    diff = _DIFF_HUNK.search(raw) is not None
    at = 0
    for line in raw.split("\n"):
        start, at = at, at + len(line) + 1
        if diff and (_DIFF_META.match(line) or line.startswith("-")):
            continue  # (a removed line: the value the change replaces)
        body = line[1:] if diff and line[:1] in "+ " else line
        offset = start + len(line) - len(body)
        m = _LINE.fullmatch(body)
        if m is None:
            continue
        indent = len(m.group("indent").expandtabs())
        while open_keys and open_keys[-1][0] >= indent:
            open_keys.pop()
        key = (offset + m.start("key"), offset + m.end("key"))
        value = m.group("value")
        if m.group("item") or not value:  # a mapping opens ("b200:"), or a list item's ("- name: B200")
            open_keys.append((indent, key))
            rows.setdefault(key, [])
        if value and open_keys and _SCALAR.fullmatch(value):
            quote = 1 if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1 else 0
            rows[open_keys[-1][1]].append((key[0], key[1], offset + m.start("value") + quote,
                                           offset + m.end("value") - quote))
    return [(k, v) for k, v in rows.items() if v]


def segments(raw: str, start: int, first_block: int, heading: int) -> list[Segment]:
    """Table segments for the YAML in `raw` (the code block's text, fence lines excluded), block numbers from
    `first_block` on; none when no mapping has a scalar field."""
    out: list[Segment] = []
    block = first_block
    for key, fields in _rows(raw):
        named = next((f for f in fields if raw[f[0]:f[1]].lower() in _NAME_KEYS), None)
        row = block
        name_span = (named[2], named[3]) if named else key
        out.append(Segment("table_cell", raw[name_span[0]:name_span[1]].replace("_", " "), start + name_span[0], row,
                           heading=heading))
        block += 1
        for f in fields:
            if f is named:
                continue
            # (the header as a table writes it, "memory bandwidth (TB/s)" for "memory_bw_tbs": it may run past the
            # key, and a header cell holds no figure)
            header = jsonblocks.header_text(f'"{raw[f[0]:f[1]].replace("_bw_", "_bandwidth_")}"', fit=False)
            out.append(Segment("table_cell", header, start + f[0], block, heading=heading))
            out.append(Segment("table_cell", raw[f[2]:f[3]], start + f[2], block + 1, heading=heading,
                               row_header=row, col_header=block))
            block += 2
    return out

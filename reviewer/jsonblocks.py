"""JSON in a code block (an API reference's example response): each object with scalar fields is read as a row
of a table, its name field ("chip_id": "trainium2", "instance_type": "p5.48xlarge") the row's header and each other
field a cell whose column header is the field's name, with the unit its name carries written the way a table's
header writes it: `"hbm_bandwidth_tb_s": 2.9` is a cell "2.9" under "hbm bandwidth (TB/s)", `"tdp_w": 700` one
under "tdp (W)", `"ondemand_usd_hour": 55.04` one under "ondemand (USD/h)".

The scanner is lenient (abridged examples with `...` or `//` comments are common in docs): it reads string keys
followed by ":" and a string or number, and tracks objects by their braces. Offsets stay the file's: a header is
the field's name with its quotes, rewritten to the same length. A value such as "1.979" is not read: JSON writes a
decimal point, a German article's reader a thousands mark."""

from __future__ import annotations

import re

from .models import Segment

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}\[\]:,]|//[^\n]*|[A-Za-z_]\w*')
# the fields that name the row's thing, best first
_NAME_KEYS = ("instance_type", "instance", "system_id", "system", "chip_id", "chip", "accelerator", "gpu", "model",
              "sku", "name", "id")
# a field name's unit words (as snake_case parts) and how a table's header writes that unit
_UNITS: dict[tuple[str, ...], str] = {
    ("tb", "s"): "TB/s", ("gb", "s"): "GB/s", ("tbs",): "TB/s", ("gbs",): "GB/s",
    ("tbps",): "Tbps", ("gbps",): "Gbps", ("tbit", "s"): "Tbit/s",
    ("gbit", "s"): "Gbit/s", ("gib",): "GiB", ("gb",): "GB", ("tb",): "TB", ("tib",): "TiB", ("mib",): "MiB",
    ("mb",): "MB", ("tflops",): "TFLOPS", ("pflops",): "PFLOPS", ("eflops",): "EFLOPS", ("tops",): "TOPS",
    ("w",): "W", ("watts",): "W", ("kw",): "kW", ("nm",): "nm",
    ("usd", "hour"): "USD/h", ("usd", "hr"): "USD/h", ("usd", "h"): "USD/h", ("usd", "per", "hour"): "USD/h",
}
_LONGEST = max(len(k) for k in _UNITS)
_AMBIGUOUS = re.compile(r"-?[1-9]\d{0,2}\.\d{3}")


def looks_like_json(info: str, content: str) -> bool:
    """A fence tagged json (or jsonc, json5) or one whose content opens with a brace or bracket."""
    lang = info.strip().split(maxsplit=1)[0].lower() if info.strip() else ""
    return lang.startswith("json") or (not lang and content.lstrip()[:1] in ("{", "["))


def header_text(key: str, fit: bool = True) -> str:
    """A field's name (with its quotes, as written) rewritten as a table's header of the same length: its words
    apart, its unit words as the unit in parentheses at the end, bare numbers blanked ("us_east_1"); without `fit`,
    as long as that takes (a YAML key has no quotes to make room)."""
    parts = key[1:-1].split("_")
    unit, i = "", 0
    words: list[str] = []
    while i < len(parts):
        for n in range(min(_LONGEST, len(parts) - i), 0, -1):
            found = _UNITS.get(tuple(p.lower() for p in parts[i:i + n]))
            if found and not unit:
                unit, i = found, i + n
                break
        else:
            words.append(parts[i] if not parts[i].isdigit() else " " * len(parts[i]))
            i += 1
    out = " ".join(words) + (f" ({unit})" if unit else "  ")
    if not fit:
        return out.strip()
    return out.ljust(len(key)) if len(out) <= len(key) else " ".join(parts).center(len(key))


def _objects(raw: str) -> list[list[tuple[int, int, int, int]]]:
    """The scalar fields of each object in `raw`, in the order the objects open: (key start, key end, value start,
    value end), a string value without its quotes."""
    stack: list[list[tuple[int, int, int, int]]] = []
    done: list[tuple[int, list[tuple[int, int, int, int]]]] = []
    opened: list[int] = []
    last: tuple[int, int] | None = None  # the last token's span when it was a string
    key: tuple[int, int] | None = None
    for m in _TOKEN.finditer(raw):
        tok = m.group()
        if tok == "{":
            stack.append([])
            opened.append(m.start())
        elif tok == "}" and stack:
            done.append((opened.pop(), stack.pop()))
        elif tok == ":":
            key = last
        elif key is not None and stack and (tok[0] == '"' or tok[0].isdigit() or tok[0] == "-"):
            s, e = (m.start() + 1, m.end() - 1) if tok[0] == '"' else (m.start(), m.end())
            stack[-1].append((key[0], key[1], s, e))
            key = None
        else:
            key = None
        last = (m.start(), m.end()) if tok[0] == '"' else None
    return [fields for _, fields in sorted(done) if fields]


def segments(raw: str, start: int, first_block: int, heading: int) -> list[Segment]:
    """Table segments for the JSON in `raw` (the code block's text, fence lines excluded), block numbers from
    `first_block` on; none when it holds no object with a name field and another field."""
    out: list[Segment] = []
    block = first_block
    for fields in _objects(raw):
        name = next((f for k in _NAME_KEYS for f in fields if raw[f[0] + 1:f[1] - 1].lower() == k), None)
        if name is None or len(fields) < 2:
            continue
        row = block
        out.append(Segment("table_cell", raw[name[2]:name[3]], start + name[2], row, heading=heading))
        block += 1
        for f in fields:
            if f is name:
                continue
            out.append(Segment("table_cell", header_text(raw[f[0]:f[1]]), start + f[0], block, heading=heading))
            value = raw[f[2]:f[3]]
            if _AMBIGUOUS.fullmatch(value):
                value = " " * len(value)  # "1.979": JSON's decimal point, but a German reader's thousands
            out.append(Segment("table_cell", value, start + f[2], block + 1, heading=heading,
                               row_header=row, col_header=block))
            block += 2
    return out

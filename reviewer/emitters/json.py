"""JSON output: the shape CI and other tools depend on (extra keys are allowed, none removed)."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from contextlib import ExitStack
from dataclasses import fields
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, TextIO

from ..models import ArticleReport, Finding
from ..version import TOOL_NAME, __version__

if TYPE_CHECKING:
    from ..api import ReviewStream


def report_dict(r: ArticleReport) -> dict:
    return {
        "path": r.path,
        "language": r.language,
        "date": r.date.isoformat() if r.date else None,
        "as_of": r.as_of.isoformat(),
        "title": r.title,
        "status": r.status,
        "counts": {k: r.count(k) for k in ("verified", "contradicted", "outdated", "unverifiable")},
        "notices": [_flat(n) for n in r.notices],
        "findings": [finding_dict(f) for f in r.findings],
        # what the article does not assert (quoted, refuted, corrected, hypothetical, negated): read and checked,
        # never an alarm
        "set_aside": [aside_dict(f) for f in r.set_aside],
    }


def finding_dict(f: Finding) -> dict:
    return {
        "line": f.line, "column": f.column, "end_line": f.end_line, "end_column": f.end_column,
        "text": f.text, "entity": f.entity, "entity_name": f.entity_name, "attribute": f.attribute, "claimed": f.claimed,
        "expected": f.expected, "verdict": f.verdict, "severity": f.severity, "message": f.message,
        "suggestion": f.suggestion, "sources": [_flat(s) for s in f.sources], "check": f.check,
        "stance": f.stance, "confidence": f.confidence,
    }


def aside_dict(f: Finding) -> dict:
    return {"line": f.line, "column": f.column, "text": f.text, "entity": f.entity, "entity_name": f.entity_name,
            "attribute": f.attribute, "stance": f.stance, "verdict": f.verdict, "expected": f.expected}


def render(reports: Sequence[ArticleReport]) -> str:
    doc = {"tool": {"name": TOOL_NAME, "version": __version__}, "articles": [report_dict(r) for r in reports]}
    return dumps_indented(doc) + "\n"


def stream(out: TextIO, reviews: Sequence[ReviewStream]) -> None:
    """render() of the streamed reviews, character for character, written to `out` without holding their findings:
    each article's findings and set-aside claims are rendered run by run into temporary files, then copied
    between the parts of the document that need the whole article (status, counts, notices)."""
    with ExitStack() as stack:
        spools = []
        for review in reviews:
            found, aside = (stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8")) for _ in range(2))
            n_found = n_aside = 0
            for findings, set_aside in review.parts():
                n_found += _spool(found, (finding_dict(f) for f in findings), n_found)
                n_aside += _spool(aside, (aside_dict(f) for f in set_aside), n_aside)
            spools.append((review.head(), review.counts, (found, n_found), (aside, n_aside)))
        heads = []
        for k, (head, counts, _, _) in enumerate(spools):
            d = report_dict(head)
            d["counts"] = dict(counts)
            d["findings"], d["set_aside"] = [_SLOT.format(k, "f")], [_SLOT.format(k, "a")]
            heads.append(d)
        doc = dumps_indented({"tool": {"name": TOOL_NAME, "version": __version__}, "articles": heads}) + "\n"
        at = 0
        for m in _SLOT_JSON.finditer(doc):
            if m.group("open") != _ENTRY_NEWLINE:
                raise AssertionError("the findings list moved in the document: update _ENTRY_NEWLINE")
            out.write(doc[at:m.start()])
            k, which = int(m.group("k")), m.group("which")
            fh, n = spools[k][2] if which == "f" else spools[k][3]
            if n:
                out.write("[")
                fh.seek(0)
                shutil.copyfileobj(fh, out)
                out.write(m.group("close"))
            else:
                out.write("[]")
            at = m.end()
        out.write(doc[at:])


_SLOT = "\x00{}{}\x00"  # an article's list in the document, filled from its spool
_SLOT_JSON = re.compile(r'\[(?P<open>\n *)"\\u0000(?P<k>\d+)(?P<which>[fa])\\u0000"(?P<close>\n *\])')
_ENTRY_NEWLINE = "\n" + " " * 8  # a finding's line break and indentation inside "articles" and its list


def _spool(fh: TextIO, entries: Iterable[dict], written: int) -> int:
    """Write rendered list entries to the spool, each on its own line as dumps_indented puts them; the count."""
    n = 0
    for entry in entries:
        part: list[str] = [_ENTRY_NEWLINE if written + n == 0 else "," + _ENTRY_NEWLINE]
        _write(entry, _ENTRY_NEWLINE, part)
        fh.write("".join(part))
        n += 1
    return n


def _flat(obj) -> dict:
    """dataclasses.asdict for a dataclass of plain values (Notice, SourceRef), without its deep copy."""
    names = _FIELD_NAMES.get(type(obj))
    if names is None:
        names = _FIELD_NAMES[type(obj)] = tuple(f.name for f in fields(obj))
    return {name: getattr(obj, name) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


# -- json.dumps(obj, ensure_ascii=False, indent=2), character for character, three times as fast --
# With an indent, json.dumps leaves its C encoder for a generator-based pure-Python one; here the
# strings are still encoded in C and the many plain values of a finding are written inline.
_encode_scalar = json.JSONEncoder(ensure_ascii=False).encode  # floats, bools, ...: as json.dumps writes them


_KEYS: dict[str, str] = {}  # key -> its JSON and ": "


def _key(k: str) -> str:
    if len(_KEYS) > 10_000:
        _KEYS.clear()
    encoded = _KEYS[k] = encode_basestring(k) + ": "
    return encoded


def dumps_indented(obj) -> str:
    out: list[str] = []
    _write(obj, "\n", out)
    return "".join(out)


def _write(o, newline: str, out: list[str]) -> None:
    """Append `o`'s JSON to `out`; `newline` is a line break and the current indentation."""
    if isinstance(o, dict):
        if not o:
            out.append("{}")
            return
        inner = newline + "  "
        sep = "{" + inner
        append = out.append
        for k, v in o.items():
            key = _KEYS.get(k)
            if key is None:
                if not isinstance(k, str):
                    raise TypeError(f"keys must be str, not {type(k).__name__}")  # json would convert them
                key = _key(k)
            kind = type(v)
            if kind is str:
                append(f"{sep}{key}{encode_basestring(v)}")
            elif v is None:
                append(f"{sep}{key}null")
            elif kind is int:
                append(f"{sep}{key}{v}")
            else:
                append(f"{sep}{key}")
                _write(v, inner, out)
            sep = "," + inner
        append(newline + "}")
    elif isinstance(o, (list, tuple)):
        if not o:
            out.append("[]")
            return
        inner = newline + "  "
        sep = "[" + inner
        for v in o:
            out.append(sep)
            _write(v, inner, out)
            sep = "," + inner
        out.append(newline + "]")
    else:
        out.append(_encode_scalar(o))

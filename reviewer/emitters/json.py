"""JSON output: the shape CI and other tools depend on (extra keys are allowed, none removed)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields
from json.encoder import encode_basestring

from ..models import ArticleReport
from ..version import TOOL_NAME, __version__


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
        "findings": [
            {
                "line": f.line, "column": f.column, "end_line": f.end_line, "end_column": f.end_column,
                "text": f.text, "entity": f.entity, "attribute": f.attribute, "claimed": f.claimed,
                "expected": f.expected, "verdict": f.verdict, "severity": f.severity, "message": f.message,
                "suggestion": f.suggestion, "sources": [_flat(s) for s in f.sources], "check": f.check,
                "stance": f.stance, "confidence": f.confidence,
            }
            for f in r.findings
        ],
        # what the article does not assert (quoted, refuted, corrected, hypothetical, negated): read and checked,
        # never an alarm
        "set_aside": [
            {"line": f.line, "column": f.column, "text": f.text, "entity": f.entity, "attribute": f.attribute,
             "stance": f.stance, "verdict": f.verdict, "expected": f.expected}
            for f in r.set_aside
        ],
    }


def render(reports: Sequence[ArticleReport]) -> str:
    doc = {"tool": {"name": TOOL_NAME, "version": __version__}, "articles": [report_dict(r) for r in reports]}
    return dumps_indented(doc) + "\n"


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

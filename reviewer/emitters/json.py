"""JSON output: the shape CI and other tools depend on (extra keys are allowed, none removed)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict

from .. import TOOL_NAME, __version__
from ..models import ArticleReport


def report_dict(r: ArticleReport) -> dict:
    return {
        "path": r.path,
        "language": r.language,
        "date": r.date.isoformat() if r.date else None,
        "as_of": r.as_of.isoformat(),
        "title": r.title,
        "status": r.status,
        "counts": {k: r.count(k) for k in ("verified", "contradicted", "outdated", "unverifiable")},
        "notices": [asdict(n) for n in r.notices],
        "findings": [
            {
                "line": f.line, "column": f.column, "end_line": f.end_line, "end_column": f.end_column,
                "text": f.text, "entity": f.entity, "attribute": f.attribute, "claimed": f.claimed,
                "expected": f.expected, "verdict": f.verdict, "severity": f.severity, "message": f.message,
                "suggestion": f.suggestion, "sources": [asdict(s) for s in f.sources], "check": f.check,
            }
            for f in r.findings
        ],
    }


def render(reports: Sequence[ArticleReport]) -> str:
    doc = {"tool": {"name": TOOL_NAME, "version": __version__}, "articles": [report_dict(r) for r in reports]}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"

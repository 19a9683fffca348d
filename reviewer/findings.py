"""Stage 6: Verdicts -> Findings: file positions, severity, message, suggestion, sources."""

from __future__ import annotations

from .models import Finding, Source, Verdict

SEVERITY = {"contradicted": "error", "outdated": "warning", "unverifiable": "info", "verified": "info"}


def finding(src: Source, code: str, v: Verdict) -> Finding:
    c = v.claim
    line, col = src.line_col(c.start)
    end_line, end_col = src.line_col(c.end)
    severity = SEVERITY[v.kind]
    if v.kind == "contradicted" and (c.subject_how == "coreference" or c.attribute == "ratio"):
        severity = "warning"  # the subject or the metric was inferred: worth a look, not a hard failure
    message = v.reason if not v.note else f"{v.reason} {v.note}"
    return Finding(line=line, column=col, end_line=end_line, end_column=end_col, text=c.text, entity=c.entity,
                   attribute=c.attribute, claimed=c.text, expected=v.expected, verdict=v.kind, severity=severity,
                   message=message, suggestion=v.suggestion, sources=v.sources, check=code, note=v.note)

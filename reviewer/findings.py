"""Stage 6: Verdicts -> Findings: file positions, severity, message, suggestion, sources."""

from __future__ import annotations

from .models import Finding, Severity, Source, Verdict, VerdictKind

SEVERITY: dict[VerdictKind, Severity] = {"contradicted": "error", "outdated": "warning", "unverifiable": "info",
                                         "verified": "info"}
SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}  # the one ranking: --fail-on, exit codes, the batch index


def fail_rank(fail_on: str) -> int:
    """The lowest severity rank that fails a run with --fail-on `fail_on` ("none": nothing fails)."""
    return SEVERITY_RANK[fail_on] if fail_on != "none" else len(SEVERITY_RANK) + 1


def weak(v: Verdict) -> bool:
    """The verdict rests on weak facts only: every source it cites is tertiary (facts/source-tiers.yaml)."""
    return bool(v.sources) and all(s.tier == "tertiary" for s in v.sources)


def finding(src: Source, code: str, v: Verdict) -> Finding:
    c = v.claim
    line, col = src.line_col(c.start)
    end_line, end_col = src.line_col(c.end)
    severity: Severity = SEVERITY[v.kind]
    if v.kind == "contradicted" and c.confidence != "high":
        severity = "warning"  # the subject or the metric was inferred or guessed: worth a look, not a failure
    elif v.kind == "contradicted" and weak(v):
        severity = "warning"  # found from a weak fact (tertiary sources only): an editor cannot defend it as an error
    message = v.reason if not v.note else f"{v.reason} {v.note}"
    return Finding(line=line, column=col, end_line=end_line, end_column=end_col, text=c.text, entity=c.entity,
                   attribute=c.attribute, claimed=c.text, expected=v.expected, verdict=v.kind, severity=severity,
                   message=message, suggestion=v.suggestion, sources=v.sources, check=code, note=v.note,
                   stance=c.stance, confidence=c.confidence, entity_name=v.entity_name)

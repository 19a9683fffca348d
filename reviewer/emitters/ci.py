"""Output formats for CI, as linters offer them: `concise` (one line a finding, like ruff and Vale),
`github` (workflow commands, which GitHub shows as annotations on the pull request's lines), `rdjson`
(reviewdog's diagnostic format) and `sarif` (SARIF 2.1.0, for code scanning).

Only the findings that need a look are written: contradicted and outdated claims (severity error or warning).
Verified and unverifiable claims are in the Markdown and JSON logs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import PurePath

from ..checks import CHECKS
from ..models import ArticleReport, Finding
from ..version import TOOL_NAME, __version__

ALARM_SEVERITIES = ("error", "warning")


def alarms(reports: Sequence[ArticleReport]) -> Iterator[tuple[ArticleReport, Finding]]:
    for r in reports:
        for f in r.findings:
            if f.severity in ALARM_SEVERITIES:
                yield r, f


def posix(path: str) -> str:
    """The path as CI tools expect it: forward slashes, no leading "./"."""
    p = PurePath(path).as_posix()
    return p[2:] if p.startswith("./") else p


def _title(f: Finding) -> str:
    return f"{f.check} {CHECK_NAMES.get(f.check, '')}".strip()


def _text(f: Finding) -> str:
    """The message with its fix: what an annotation or a concise line says."""
    return f.message + (f" (suggestion: {f.suggestion})" if f.suggestion and f.suggestion not in f.message else "")


CHECK_NAMES = {c.code: c.name for c in CHECKS}


# -- concise -------------------------------------------------------------------------------------------
def render_concise(reports: Sequence[ArticleReport]) -> str:
    """`path:line:col: HW101 [error] message`, one line a finding."""
    return "".join(f"{posix(r.path)}:{f.line}:{f.column}: {f.check} [{f.severity}] {_text(f)}\n"
                   for r, f in alarms(reports))


# -- github workflow commands --------------------------------------------------------------------------
def _escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def github_command(path: str, f: Finding) -> str:
    """`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`, escaped as GitHub requires."""
    level = "error" if f.severity == "error" else "warning"
    props = [("file", posix(path)), ("line", str(f.line)), ("col", str(f.column)),
             ("endLine", str(f.end_line)), ("endColumn", str(f.end_column)), ("title", _title(f))]
    return f"::{level} " + ",".join(f"{k}={_escape_property(v)}" for k, v in props) + f"::{_escape_data(_text(f))}\n"


def render_github(reports: Sequence[ArticleReport]) -> str:
    return "".join(github_command(r.path, f) for r, f in alarms(reports))


# -- reviewdog rdjson ----------------------------------------------------------------------------------
def _range(f: Finding) -> dict:
    return {"start": {"line": f.line, "column": f.column}, "end": {"line": f.end_line, "column": f.end_column}}


def rdjson(reports: Sequence[ArticleReport]) -> dict:
    diagnostics = []
    for r, f in alarms(reports):
        d: dict = {"message": _text(f), "location": {"path": posix(r.path), "range": _range(f)},
                   "severity": "ERROR" if f.severity == "error" else "WARNING",
                   "code": {"value": f.check}}
        if f.suggestion and f.verdict == "contradicted":
            d["suggestions"] = [{"range": _range(f), "text": f.suggestion}]
        diagnostics.append(d)
    return {"source": {"name": TOOL_NAME}, "diagnostics": diagnostics}


def render_rdjson(reports: Sequence[ArticleReport]) -> str:
    return json.dumps(rdjson(reports), ensure_ascii=False, indent=2) + "\n"


# -- SARIF 2.1.0 ---------------------------------------------------------------------------------------
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _doc(check) -> tuple[str, str]:
    """A check's one-line summary and its full description, from its docstring."""
    lines = [ln.strip() for ln in (type(check).__doc__ or "").strip().splitlines()]
    full = " ".join(ln for ln in lines if ln)
    return (lines[0] if lines else check.name), full or check.name


def sarif(reports: Sequence[ArticleReport]) -> dict:
    rules = []
    for check in CHECKS:
        short, full = _doc(check)
        rules.append({"id": check.code, "name": check.name, "shortDescription": {"text": short},
                      "fullDescription": {"text": full}, "help": {"text": full},
                      "defaultConfiguration": {"level": "error"}})
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = []
    for r, f in alarms(reports):
        region = {"startLine": f.line, "startColumn": f.column, "endLine": f.end_line, "endColumn": f.end_column,
                  "snippet": {"text": f.text}}
        result: dict = {
            "ruleId": f.check, "level": "error" if f.severity == "error" else "warning",
            "message": {"text": _text(f)},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": posix(r.path)}, "region": region}}],
            # the same claim in the same words keeps its identity when lines move
            "partialFingerprints": {"claim/v1": f"{f.check}:{f.entity}:{f.attribute}:{f.text}"},
            "properties": {"verdict": f.verdict, "entity": f.entity, "attribute": f.attribute,
                           "expected": f.expected, "stance": f.stance, "confidence": f.confidence,
                           "sources": [s.url for s in f.sources], "source_tiers": [s.tier for s in f.sources]},
        }
        if f.check in index:
            result["ruleIndex"] = index[f.check]
        if f.suggestion and f.verdict == "contradicted":
            result["fixes"] = [{"description": {"text": f"Replace with {f.suggestion}"},
                                "artifactChanges": [{"artifactLocation": {"uri": posix(r.path)},
                                                     "replacements": [{"deletedRegion": {
                                                         "startLine": f.line, "startColumn": f.column,
                                                         "endLine": f.end_line, "endColumn": f.end_column},
                                                         "insertedContent": {"text": f.suggestion}}]}]}]
        results.append(result)
    run = {"tool": {"driver": {"name": TOOL_NAME, "version": __version__, "rules": rules}},
           "columnKind": "unicodeCodePoints", "results": results}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def render_sarif(reports: Sequence[ArticleReport]) -> str:
    return json.dumps(sarif(reports), ensure_ascii=False, indent=2) + "\n"


RENDERERS = {"concise": render_concise, "github": render_github, "rdjson": render_rdjson, "sarif": render_sarif}

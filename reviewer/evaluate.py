"""`review eval`: the reviewer against gold-annotated articles — recall, precision, coverage, confusion.

A gold file `NAME.gold.yaml` beside (or pointing at) its article lists every checkable claim:

    article: NAME.md
    claims:
      - {context: "a substring on exactly one line", quote: "96 GB", truth: wrong, note: "..."}
      - {line: 42, quote: "128 GB", truth: wrong}      # by line number, for texts we may not quote

`truth` is correct | wrong | outdated | unverifiable: the figure as written, against the fact base (for a
historical claim, at the time it names). `stance` (default asserted) is what the article does with it
(vocabulary.Stance): only asserted and historical claims are the article's own; an alarm on any other
(a refuted myth, a quoted post, an erratum's old value, speculation) is a false alarm, however wrong the
figure. A finding matches a gold claim when it is on the gold line and its column span overlaps the
quote's. Measures:

- recall: the article's own wrong and outdated claims reported as contradicted or outdated;
- precision: of all contradicted and outdated findings, those on such a claim;
- coverage: the article's own correct claims reported as verified.

Per stance: each gold stance's claims, the alarms on them, and how often the reviewer gave the claim the same
stance. Per confidence: the alarms at each confidence level and the share on a real error; the errors
(severity) at high confidence are what `--fail-on error` fails on.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .errors import ConfigError, NotFound
from .models import ArticleReport, Finding
from .source import read_source
from .vocabulary import CONFIDENCES, STANCES, Stance
from .yamlload import load_yaml

TRUTHS = ("correct", "wrong", "outdated", "unverifiable")
VERDICTS = ("verified", "contradicted", "outdated", "unverifiable", "none")
ALARMS = ("contradicted", "outdated")
_STRENGTH = {"contradicted": 3, "outdated": 3, "verified": 2, "unverifiable": 1}
OWN_STANCES = ("asserted", "historical")  # the article's own claims: the others never warrant an alarm


class GoldError(ConfigError):
    code = "E204"


class GoldClaim(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    context: str | None = None
    line: int | None = None
    quote: str
    truth: Literal["correct", "wrong", "outdated", "unverifiable"]
    stance: Stance = "asserted"
    note: str | None = None

    @model_validator(mode="after")
    def _where(self) -> GoldClaim:
        if (self.context is None) == (self.line is None):
            raise ValueError("a gold claim needs exactly one of 'context' or 'line'")
        return self


class GoldFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    article: str
    as_of: dt.date | None = None  # the date to judge at when the article has none
    claims: list[GoldClaim]


@dataclass(frozen=True)
class Located:
    path: str
    claim: GoldClaim
    line: int  # 1-based
    start: int  # 1-based column of the quote
    end: int  # exclusive


@dataclass
class ArticleScore:
    path: str
    confusion: Counter = field(default_factory=Counter)  # (truth, verdict) -> n
    false_alarms: list[tuple[str, Finding]] = field(default_factory=list)  # alarms on text with no gold claim
    misses: list[tuple[Located, str]] = field(default_factory=list)  # wrong/outdated not reported
    wrong_alarms: list[tuple[Located, Finding]] = field(default_factory=list)  # alarms on correct claims
    unverified: list[tuple[Located, str]] = field(default_factory=list)  # correct own claims not verified
    aside_alarms: int = 0  # alarms on claims the article does not assert (a quoted post, a refuted myth)
    # (gold stance, what) -> n; what: claims | errors | alarms | caught | matched | agree
    stances: Counter = field(default_factory=Counter)
    # (confidence, what) -> n; what: alarms | right (on an error) | errors | errors_right (severity error) |
    # caught (the article's errors whose most confident alarm is at this level)
    confidence: Counter = field(default_factory=Counter)

    def add(self, other: ArticleScore) -> None:
        self.confusion.update(other.confusion)
        self.aside_alarms += other.aside_alarms
        self.stances.update(other.stances)
        self.confidence.update(other.confidence)
        self.false_alarms += other.false_alarms
        self.misses += other.misses
        self.wrong_alarms += other.wrong_alarms
        self.unverified += other.unverified

    @property
    def errors(self) -> int:
        return sum(n for (t, _), n in self.confusion.items() if t in ("wrong", "outdated"))

    @property
    def caught(self) -> int:
        return sum(n for (t, v), n in self.confusion.items() if t in ("wrong", "outdated") and v in ALARMS)

    @property
    def alarms(self) -> int:
        return (sum(n for (_, v), n in self.confusion.items() if v in ALARMS) + len(self.false_alarms)
                + self.aside_alarms)

    @property
    def correct(self) -> int:
        return sum(n for (t, _), n in self.confusion.items() if t == "correct")

    @property
    def recall(self) -> float | None:
        return self.caught / self.errors if self.errors else None

    @property
    def precision(self) -> float | None:
        return self.caught / self.alarms if self.alarms else None

    @property
    def coverage(self) -> float | None:
        hits = self.confusion[("correct", "verified")]
        return hits / self.correct if self.correct else None


def gold_files(root: Path) -> list[Path]:
    root = Path(root)
    if root.is_file():
        return [root]
    if not root.is_dir():
        raise NotFound("no such directory", str(root))
    found = sorted(root.rglob("*.gold.yaml"))
    if not found:
        raise GoldError("no *.gold.yaml files", str(root))
    return found


def load_gold(path: Path) -> tuple[GoldFile, Path]:
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))  # (libyaml's parser where there is one: same values)
        gold = GoldFile.model_validate(data)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise GoldError(f"cannot read gold file: {exc}", str(path)) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise GoldError(f"invalid gold file: {where}: {first['msg']}", str(path)) from None
    return gold, (path.parent / gold.article)


def locate(gold: GoldFile, src, path: str) -> list[Located]:
    """Each gold claim's line and the columns of its quote (in the original file, as findings are);
    a context that is not on exactly one line is an error."""
    text = src.text
    lines = text.splitlines(keepends=True)
    # The original file's lines: a gold claim is placed by searching them here, not with Source.line_col,
    # which places the findings (a position bug there would cancel out of every score).
    raw = Path(src.path).read_bytes().decode("utf-8", errors="replace").split("\n") if Path(src.path).is_file() \
        else text.split("\n")
    out = []
    for c in gold.claims:
        if c.line is not None:
            if not 1 <= c.line <= len(lines):
                raise GoldError(f"gold line {c.line} is outside the article", path)
            idx, anchor = c.line - 1, 0
        else:
            hits = [i for i, ln in enumerate(lines) if c.context in ln]
            if not hits and src.offset_map and c.context and not c.context.isascii():
                # a context copied from a file whose mojibake the reader repaired: repair it the same way
                import ftfy

                c = c.model_copy(update={"context": ftfy.fix_encoding(c.context), "quote": ftfy.fix_encoding(c.quote)})
                hits = [i for i, ln in enumerate(lines) if c.context in ln]
            if len(hits) != 1:
                raise GoldError(f"context {c.context!r} is on {len(hits)} lines, not exactly one", path)
            idx = hits[0]
            anchor = lines[idx].index(c.context)
        column, end = _in_raw_line(raw[idx] if idx < len(raw) else "", lines[idx], c, anchor)
        if column < 0:
            raise GoldError(f"quote {c.quote!r} is not on line {idx + 1}", path)
        out.append(Located(src.path, c, idx + 1, column, end))
    return out


def _in_raw_line(raw: str, repaired: str, c, anchor: int) -> tuple[int, int]:
    """(column, end column) of the gold quote in the original line, counted in the original's characters
    (before a mojibake repair); (-1, -1) when the quote is not there."""
    quotes = [c.quote]
    if not c.quote.isascii():  # a quote on a line the reader repaired: its original (mojibake) spelling
        with contextlib.suppress(UnicodeError):
            quotes.append(c.quote.encode("utf-8").decode("cp1252"))
    start = raw.find(c.context) if c.context and c.context in raw else -1
    if start < 0 and c.context and anchor:
        # the context was found in the repaired line only: its offset there, shifted by what the repair
        # removed before it (an approximation that only matters when the quote occurs twice on the line)
        start = max(0, anchor - (len(repaired) - len(raw)))
    for quote in quotes:
        col = _find_whole(raw, quote, max(start, 0))
        if col < 0:
            col = _find_whole(raw, quote, 0)
        if col >= 0:
            return col + 1, col + 1 + len(quote)
    return -1, -1


def _joins(ch: str) -> bool:
    """A letter or digit that would make a quote part of a longer word (a footnote's mark, "192¹", does not)."""
    return ch.isalnum() and ch not in "¹²³⁴⁵⁶⁷⁸⁹⁰"


def _find_whole(line: str, quote: str, start: int) -> int:
    """The first occurrence of `quote` from `start` that is not part of a longer number or word (a gold
    quote "8" in "| 180 | 8 |" is the cell 8, not the 8 inside 180); else its first occurrence at all."""
    first = line.find(quote, start)
    col = first
    while col >= 0:
        before = line[col - 1] if col else " "
        after = line[col + len(quote)] if col + len(quote) < len(line) else " "
        if not (quote[:1].isalnum() and _joins(before)) and not (quote[-1:].isalnum() and _joins(after)):
            return col
        col = line.find(quote, col + 1)
    return first


def _overlaps(f: Finding, g: Located) -> bool:
    return f.line == g.line and f.column < g.end and g.start < f.end_column


def score(report: ArticleReport, located: Sequence[Located]) -> ArticleScore:
    s = ArticleScore(report.path)
    matched: set[int] = set()
    for g in located:
        hits = [(i, f) for i, f in enumerate(report.findings) if _overlaps(f, g)]
        matched.update(i for i, _ in hits)
        verdict = max((f.verdict for _, f in hits), key=lambda v: _STRENGTH[v], default="none")
        own = g.claim.stance in OWN_STANCES
        error = own and g.claim.truth in ("wrong", "outdated")
        _count_stance(s, g, report, hits, verdict, error)
        if not own:
            if verdict in ALARMS:
                s.wrong_alarms.append((g, next(f for _, f in hits if f.verdict in ALARMS)))
                s.aside_alarms += 1
            continue  # not the article's claim: only an alarm on it counts, as a false one
        s.confusion[(g.claim.truth, verdict)] += 1
        if error and verdict not in ALARMS:
            s.misses.append((g, verdict))
        if not error and verdict in ALARMS:
            s.wrong_alarms.append((g, next(f for _, f in hits if f.verdict in ALARMS)))
        if g.claim.truth == "correct" and verdict in ("none", "unverifiable"):
            s.unverified.append((g, verdict))  # what coverage lacks: a fact the base misses, or a claim not read
        for _, f in hits:
            if f.verdict in ALARMS:
                _count_confidence(s, f, error)
        if error and verdict in ALARMS:  # caught: at the most confident level among the alarms on it
            levels = [f.confidence for _, f in hits if f.verdict in ALARMS]
            s.confidence[(min(levels, key=CONFIDENCES.index), "caught")] += 1
    s.false_alarms = [(report.path, f) for i, f in enumerate(report.findings)
                      if i not in matched and f.verdict in ALARMS]
    for i, f in enumerate(report.findings):
        if f.verdict in ALARMS and (i not in matched or not _on_own_claim(f, located)):
            _count_confidence(s, f, False)
    return s


def _on_own_claim(f: Finding, located: Sequence[Located]) -> bool:
    return any(g.claim.stance in OWN_STANCES and _overlaps(f, g) for g in located)


def _count_stance(s: ArticleScore, g: Located, report: ArticleReport, hits, verdict: str, error: bool) -> None:
    st = g.claim.stance
    s.stances[(st, "claims")] += 1
    s.stances[(st, "errors")] += g.claim.truth in ("wrong", "outdated")
    s.stances[(st, "alarms")] += verdict in ALARMS
    s.stances[(st, "caught")] += error and verdict in ALARMS
    seen = [f for _, f in hits] + [f for f in report.set_aside if _overlaps(f, g)]
    if seen:
        s.stances[(st, "matched")] += 1
        s.stances[(st, "agree")] += seen[0].stance == st


def _count_confidence(s: ArticleScore, f: Finding, right: bool) -> None:
    s.confidence[(f.confidence, "alarms")] += 1
    s.confidence[(f.confidence, "right")] += right
    if f.severity == "error":
        s.confidence[(f.confidence, "errors")] += 1
        s.confidence[(f.confidence, "errors_right")] += right


def evaluate(roots: Iterable[Path], reviewer, as_of: dt.date | None = None) -> list[ArticleScore]:
    """Review every article that has a gold file under `roots` and score it."""
    scores = []
    for root in roots:
        for gpath in gold_files(root):
            gold, article = load_gold(gpath)
            src = read_source(article)
            located = locate(gold, src, str(gpath))
            report = reviewer.review_source(src, as_of=gold.as_of or as_of)
            scores.append(score(report, located))
    return scores


def total(scores: Sequence[ArticleScore]) -> ArticleScore:
    t = ArticleScore("TOTAL")
    for s in scores:
        t.add(s)
    return t


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x:.3f}"


def render_text(scores: Sequence[ArticleScore], details: bool = False) -> str:
    t = total(scores)
    rows = ["| article | claims | errors | caught | alarms | recall | precision | coverage |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for s in [*scores, t]:
        name = Path(s.path).name if s is not t else "**total**"
        claims = sum(s.confusion.values())
        rows.append(f"| {name} | {claims} | {s.errors} | {s.caught} | {s.alarms} | {_pct(s.recall)} | "
                    f"{_pct(s.precision)} | {_pct(s.coverage)} |")
    rows += ["", "Confusion (rows: gold truth; columns: reviewer verdict; none = no finding on the quote):", "",
             "| gold \\ reviewer | " + " | ".join(VERDICTS) + " |", "|---|" + "---:|" * len(VERDICTS)]
    for truth in TRUTHS:
        rows.append(f"| {truth} | " + " | ".join(str(t.confusion[(truth, v)]) for v in VERDICTS) + " |")
    fa = Counter(f.verdict for _, f in t.false_alarms)
    rows.append("| (no gold claim) | – | " + " | ".join(str(fa[v]) for v in ("contradicted", "outdated"))
                + " | – | – |")
    rows += ["", *_stance_table(t), "", *_confidence_table(t)]
    if details:
        rows.append("")
        for g, verdict in t.misses:
            rows.append(f"MISSED  {g.path}:{g.line}: {g.claim.quote!r} ({g.claim.truth}; reviewer: {verdict})"
                        f"  [{g.claim.note or ''}]")
        for g, f in t.wrong_alarms:
            stance = "" if g.claim.stance == "asserted" else f", {g.claim.stance}"
            rows.append(f"WRONG ALARM  {g.path}:{g.line}: {g.claim.quote!r} (gold {g.claim.truth}{stance}) — {f.message}")
        for path, f in t.false_alarms:
            rows.append(f"UNLISTED ALARM  {path}:{f.line}:{f.column}: {f.text!r} — {f.message}")
        for g, verdict in t.unverified:
            rows.append(f"NOT VERIFIED  {g.path}:{g.line}: {g.claim.quote!r} (correct; reviewer: {verdict})")
    return "\n".join(rows) + "\n"


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def _stance_table(t: ArticleScore) -> list[str]:
    """Per gold stance: its claims, how many are wrong as written, the alarms on them (caught errors for the
    article's own claims, false alarms for the rest), and how often the reviewer saw the same stance."""
    rows = ["Per stance (gold; alarms on a stance other than asserted or historical are false alarms):", "",
            "| stance | claims | wrong as written | alarms | caught | recall | false alarms | same stance |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for st in STANCES:
        n = t.stances[(st, "claims")]
        if not n:
            continue
        errors = t.stances[(st, "errors")] if st in OWN_STANCES else 0
        caught, alarms = t.stances[(st, "caught")], t.stances[(st, "alarms")]
        recall = _pct(_ratio(caught, errors)) if st in OWN_STANCES else "–"
        agree = _pct(_ratio(t.stances[(st, "agree")], t.stances[(st, "matched")]))
        rows.append(f"| {st} | {n} | {t.stances[(st, 'errors')]} | {alarms} | {caught} | {recall} | "
                    f"{alarms - caught} | {agree} |")
    return rows


def _confidence_table(t: ArticleScore) -> list[str]:
    """Per confidence level: the alarms and their precision; the errors (severity error) and theirs."""
    rows = ["Per confidence (every contradicted or outdated finding; errors: severity error, what "
            "`--fail-on error` fails on; recall: the article's errors caught at this level, of all of them):", "",
            "| confidence | alarms | on an error | precision | errors | on an error | precision | caught | recall |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for level in CONFIDENCES:
        c = t.confidence
        rows.append(f"| {level} | {c[(level, 'alarms')]} | {c[(level, 'right')]} | "
                    f"{_pct(_ratio(c[(level, 'right')], c[(level, 'alarms')]))} | {c[(level, 'errors')]} | "
                    f"{c[(level, 'errors_right')]} | {_pct(_ratio(c[(level, 'errors_right')], c[(level, 'errors')]))} | "
                    f"{c[(level, 'caught')]} | {_pct(_ratio(c[(level, 'caught')], t.errors))} |")
    return rows


def _metrics(s: ArticleScore) -> dict:
    return {"claims": sum(s.confusion.values()), "errors": s.errors, "caught": s.caught, "alarms": s.alarms,
            "recall": s.recall, "precision": s.precision, "coverage": s.coverage,
            "confusion": {truth: {v: s.confusion[(truth, v)] for v in VERDICTS} for truth in TRUTHS},
            "unlisted_alarms": len(s.false_alarms),
            "stances": {st: {k: s.stances[(st, k)] for k in ("claims", "errors", "alarms", "caught", "matched", "agree")}
                        for st in STANCES if s.stances[(st, "claims")]},
            "confidence": {level: {k: s.confidence[(level, k)] for k in ("alarms", "right", "errors", "errors_right",
                                                                          "caught")}
                           for level in CONFIDENCES}}


def render_json(scores: Sequence[ArticleScore]) -> dict:
    t = total(scores)
    return {"articles": [{"path": s.path, **_metrics(s)} for s in scores], "total": _metrics(t),
            "misses": [{"path": g.path, "line": g.line, "quote": g.claim.quote, "truth": g.claim.truth, "verdict": v,
                        "note": g.claim.note} for g, v in t.misses],
            "false_alarms": [{"path": p, "line": f.line, "column": f.column, "text": f.text,
                              "message": f.message, "gold": None} for p, f in t.false_alarms]
            + [{"path": g.path, "line": f.line, "column": f.column, "text": f.text, "message": f.message,
                "gold": g.claim.truth} for g, f in t.wrong_alarms]}

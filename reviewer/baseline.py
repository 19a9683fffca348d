"""A baseline for adopting the reviewer on old content: the findings a repository has today, recorded so
that later runs report only new ones (as ruff's and detekt's baselines do).

A finding is keyed by what it says, not where: the article's path (relative to the baseline file), the
claim as written, the entity and the attribute. Line numbers move when a paragraph is added above; these
do not. The same key twice in one article is counted, so a third copy of a known wrong figure is new.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from .api import status_of
from .errors import ReviewError
from .models import ArticleReport, Finding, evolve

VERSION = 1
RECORDED = ("contradicted", "outdated")  # what raises an alarm; the rest needs no baseline


class BadBaseline(ReviewError):
    """A --baseline file that is missing or not one."""

    code = "E111"


Key = tuple[str, str, str, str]


def article_key(report_path: str, base_dir: Path) -> str:
    """The article's path as the baseline records it: relative to the baseline's folder, with '/'."""
    if report_path in ("-", "<stdin>") or report_path.startswith("<"):
        return report_path
    try:
        return Path(os.path.relpath(Path(report_path).resolve(), base_dir.resolve())).as_posix()
    except ValueError:  # another drive (Windows)
        return Path(report_path).resolve().as_posix()


def _key(article: str, f: Finding) -> Key:
    return (article, " ".join(f.text.split()), f.entity, f.attribute)


def build(reports: Iterable[ArticleReport], base_dir: Path) -> dict:
    """The baseline file's content for these reports."""
    entries = []
    for r in reports:
        article = article_key(r.path, base_dir)
        for f in r.findings:
            if f.verdict in RECORDED:
                entries.append({"path": article, "text": " ".join(f.text.split()), "entity": f.entity,
                                "attribute": f.attribute, "verdict": f.verdict})
    entries.sort(key=lambda e: (e["path"], e["entity"], e["attribute"], e["text"]))
    return {"version": VERSION, "findings": entries}


class Baseline:
    """The recorded findings; `filter` takes a report's known findings out."""

    def __init__(self, keys: Counter[Key], base_dir: Path):
        self.base_dir = base_dir
        self.by_article: dict[str, Counter[Key]] = {}  # (a batch asks once per article: no scan of every key)
        for k, n in keys.items():
            self.by_article.setdefault(k[0], Counter())[k] = n

    @classmethod
    def load(cls, path: Path) -> Baseline:
        shown = str(path)
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BadBaseline("no such baseline file (make one with 'review baseline create')", shown) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise BadBaseline(f"cannot read the baseline: {exc}", shown) from None
        except json.JSONDecodeError as exc:
            raise BadBaseline(f"not a baseline file: invalid JSON at line {exc.lineno}", shown) from None
        if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("findings"), list):
            raise BadBaseline(f"not a baseline file of version {VERSION} (expected 'version' and 'findings')", shown)
        keys: Counter[Key] = Counter()
        for i, e in enumerate(data["findings"]):
            if not isinstance(e, dict) or not all(isinstance(e.get(k), str) for k in ("path", "text", "entity",
                                                                                     "attribute")):
                raise BadBaseline(f"finding {i + 1} needs the strings path, text, entity and attribute", shown)
            keys[(e["path"], " ".join(e["text"].split()), e["entity"], e["attribute"])] += 1
        return cls(keys, Path(path).parent)

    def filter(self, report: ArticleReport) -> ArticleReport:
        """The report without the findings the baseline knows (each recorded one absorbs one finding)."""
        article = article_key(report.path, self.base_dir)
        left = Counter(self.by_article.get(article, {}))
        kept: list[Finding] = []
        for f in report.findings:
            k = _key(article, f)
            if f.verdict in RECORDED and left[k] > 0:
                left[k] -= 1
                continue
            kept.append(f)
        if len(kept) == len(report.findings):
            return report
        return evolve(report, findings=tuple(kept), status=status_of(kept))

    def filter_all(self, reports: Sequence[ArticleReport]) -> list[ArticleReport]:
        return [self.filter(r) for r in reports]

"""`review baseline create PATH…`: record today's findings, so that `review --baseline FILE` and
`review batch --baseline FILE` report only new ones (for adopting the reviewer on old content).

Exit codes: 0 the baseline was written (whatever it holds); 2 usage, input or configuration error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..lang import LANGUAGES
from .common import add_facts_option, iso_date


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=("create",), help="create: review the articles and record their findings")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="articles, directories (every Markdown file below, .gitignore honoured) or glob patterns")
    p.add_argument("--output", "-o", type=Path, default=Path(".review-baseline.json"), metavar="FILE",
                   help="the baseline file to write, atomically (default: .review-baseline.json)")
    p.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                   help="leave out files or directories matching this .gitignore-style pattern (repeatable)")
    add_facts_option(p)
    p.add_argument("--lang", choices=LANGUAGES, help="article language (default: front matter, else detected)")
    p.add_argument("--as-of", type=iso_date, metavar="DATE",
                   help="date to check time-dependent facts at when an article has none (default: today)")


def run(args: argparse.Namespace) -> int:
    from .. import config
    from ..api import Reviewer, check_codes, configured
    from ..baseline import build
    from ..batch.discover import discover
    from ..output import write_atomic
    from ..source import read_source
    from .common import open_factbase

    articles = discover(args.paths, exclude=args.exclude, skip=[args.output])
    cfg = config.load(Path(articles[0].path))
    for name in ("lang", "as_of"):
        cfg.override(name, getattr(args, name))
    c = cfg.config
    select, ignore = check_codes(c.select), check_codes(c.ignore)
    reviewer = Reviewer(open_factbase([*cfg.fact_dirs(), *args.facts]))
    reports = [configured(reviewer.review_source(read_source(a.shown), lang=c.lang, as_of=c.as_of),
                          select, ignore, c.severity) for a in articles]
    data = build(reports, args.output.resolve().parent)
    write_atomic(args.output, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    print(f"review: {args.output}: {len(data['findings'])} finding(s) of {len(reports)} article(s) recorded",
          file=sys.stderr)
    return 0

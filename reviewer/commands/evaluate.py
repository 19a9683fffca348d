"""`review eval [DIR…]`: accuracy against gold-annotated articles (corpus/ by default)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from .common import add_facts_option, iso_date, open_factbase


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("dirs", nargs="*", type=Path, metavar="DIR",
                   help="directories with NAME.md + NAME.gold.yaml pairs, or gold files (default: corpus)")
    p.add_argument("--format", "-f", choices=("text", "json"), default="text")
    p.add_argument("--details", action="store_true",
                   help="list every missed error, every false alarm and every correct claim not verified")
    p.add_argument("--as-of", type=iso_date, metavar="DATE", help="date for articles without one (default: today)")
    p.add_argument("--min-recall", type=float, metavar="X", help="exit 1 when total recall is below X")
    p.add_argument("--min-precision", type=float, metavar="X", help="exit 1 when total precision is below X")
    p.add_argument("--min-coverage", type=float, metavar="X", help="exit 1 when total coverage is below X")
    p.add_argument("--spacy-model", metavar="NAME", help="an installed spaCy pipeline instead of a blank one")
    add_facts_option(p)


def run(args: argparse.Namespace) -> int:
    from ..api import Reviewer
    from ..evaluate import evaluate, render_json, render_text, total

    dirs = args.dirs or [Path("corpus")]
    reviewer = Reviewer(open_factbase(args.facts), spacy_model=args.spacy_model)
    scores = evaluate(dirs, reviewer, as_of=args.as_of)
    if args.format == "json":
        print(json.dumps(render_json(scores), ensure_ascii=False, indent=2))
    else:
        print(render_text(scores, details=args.details), end="")
    t = total(scores)
    failed = [(name, got, want) for name, got, want in (("recall", t.recall, args.min_recall),
                                                          ("precision", t.precision, args.min_precision),
                                                          ("coverage", t.coverage, args.min_coverage))
              if want is not None and (got or 0.0) < want]
    for name, got, want in failed:
        print(f"review eval: {name} {got or 0:.3f} is below {want:.3f}", file=__import__("sys").stderr)
    return 1 if failed else 0

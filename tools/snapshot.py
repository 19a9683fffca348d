"""Snapshot the reviewer's output, for a restructure that must change none of it.

Writes, for every article of corpus/, ../shared/seeds and a generated corpus (benchmarks/corpus.py,
deterministic), the JSON report (`review --format json`) and the claims behind its findings (with the
qualifiers findings do not show) into OUT_DIR, one file each. Compare two snapshots with `diff -r`:

    python tools/snapshot.py /tmp/snap-before
    ... change the code ...
    python tools/snapshot.py /tmp/snap-after && diff -r /tmp/snap-before /tmp/snap-after

Undated articles are checked at a fixed date, so two snapshots taken on different days agree.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

AS_OF = dt.date(2026, 11, 24)


def _articles(generated: int) -> list[tuple[str, Path]]:
    out = [(f"corpus/{p.name}", p) for p in sorted((ROOT / "corpus").glob("*.md"))]
    seeds = ROOT.parent / "shared" / "seeds"
    out += [(f"seeds/{p.name}", p) for p in sorted(seeds.glob("*.txt"))]
    if generated:
        from corpus import generate  # benchmarks/corpus.py

        gen_dir = Path(tempfile.mkdtemp(prefix="snapshot-gen-"))
        out += [(f"generated/{p.name}", p) for p in generate(gen_dir, generated, seed=7)]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--generated", type=int, default=1000, help="generated articles to add (default 1000)")
    args = ap.parse_args()

    from reviewer.api import Reviewer
    from reviewer.emitters.json import render
    from reviewer.source import read_source

    reviewer = Reviewer()
    for name, path in _articles(args.generated):
        report, claims = reviewer.review_source_with_claims(read_source(path), as_of=AS_OF)
        report = report.__class__(**{**report.__dict__, "path": name})
        target = args.out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.with_suffix(".json").write_text(render([report]))
        target.with_suffix(".claims.json").write_text(
            json.dumps([asdict(c) for c in claims], ensure_ascii=False, indent=1, default=str) + "\n")
    print(f"{len(list(args.out.rglob('*.json')))} files in {args.out}")


if __name__ == "__main__":
    main()

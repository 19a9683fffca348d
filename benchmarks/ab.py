"""Throughput of the working tree against an earlier revision, measured side by side.

A restructure must not make the reviewer slower. This checks out REV into a temporary git worktree and
reviews the same generated articles (benchmarks/corpus.py) in-process with each tree, alternating the
two in fresh processes round by round, so that the machine's drift hits both alike. It prints one row
per round and the medians:

    python benchmarks/ab.py 29a3c22                 # 400 articles, 4 rounds
    python benchmarks/ab.py HEAD~5 --articles 200 --rounds 6
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run inside one tree: its reviewer, its corpus generator, the same seed and the same date.
MEASURE = r"""
import datetime as dt, sys, tempfile, time
from pathlib import Path
root = Path(sys.argv[1]); sys.path[:0] = [str(root), str(root / "benchmarks")]
import reviewer
assert Path(reviewer.__file__).resolve().is_relative_to(root.resolve()), reviewer.__file__
from corpus import generate
from reviewer.api import Reviewer
from reviewer.emitters.json import render
from reviewer.source import read_source
srcs = [read_source(p) for p in generate(Path(tempfile.mkdtemp()), int(sys.argv[2]), seed=11)]
size = sum(len(s.text.encode()) for s in srcs)
rv, day = Reviewer(), dt.date(2026, 11, 24)
for s in srcs[:20]:
    rv.review_source(s, as_of=day)  # warm: pipelines, caches
t = time.perf_counter()
for s in srcs:
    render([rv.review_source(s, as_of=day)])
print(size / (time.perf_counter() - t) / 1e6)
"""


def throughput(root: Path, articles: int) -> float:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(root), str(articles)], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rev", help="the revision to compare with (a commit, tag or branch)")
    ap.add_argument("--articles", type=int, default=400)
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ab-") as tmp:
        old = Path(tmp) / "rev"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(old), args.rev], cwd=ROOT, check=True)
        try:
            rows = []
            print(f"| round | {args.rev} MB/s | working tree MB/s | ratio |\n|---:|---:|---:|---:|")
            for i in range(1, args.rounds + 1):
                a, b = throughput(old, args.articles), throughput(ROOT, args.articles)
                rows.append((a, b))
                print(f"| {i} | {a:.3f} | {b:.3f} | {b / a:.3f} |", flush=True)
            ma, mb = statistics.median(a for a, _ in rows), statistics.median(b for _, b in rows)
            print(f"| median | {ma:.3f} | {mb:.3f} | {mb / ma:.3f} |")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()

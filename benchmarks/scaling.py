"""Linear cost (issue 22): time per MB and peak RSS of `review FILE` per input shape and size.

    python benchmarks/scaling.py                          # every shape at 100 KB, 1 MB and 10 MB
    python benchmarks/scaling.py --sizes 100000,1000000 --shapes line,table

Each run is a whole `review` process (peak RSS via wait4, benchmarks/bench.py's launcher). Start-up is taken
out: the net time is the run's minus a 2 KB article's of the same shape, measured in the same run. The
growth of a shape is its net seconds per MB at the largest size over that at the smallest; the target is
at most 1.5x for every shape, and at most 300 MB peak RSS at 10 MB. The spaCy blank tokenizer on the same
text (in-process, `nlp.max_length` raised) is printed beside each row as a yardstick for the machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import review_cmd, run
from shapes import SHAPES, build

GROWTH_LIMIT = 1.5
RSS_LIMIT_MB = 300


def tokenizer_seconds(text: str) -> float:
    import spacy

    nlp = spacy.blank("en")
    nlp.max_length = len(text) + 1
    t = time.perf_counter()
    nlp.make_doc(text)
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="100000,1000000,10000000")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    shapes = args.shapes.split(",")
    rows, verdicts = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for shape in shapes:
            small = Path(tmp) / f"{shape}-start.md"
            small.write_text(build(shape, 2000), encoding="utf-8")
            base = min(run([*review_cmd(), str(small), "--format", "json"]).seconds for _ in range(3))
            per_mb = []
            for size in sizes:
                path = Path(tmp) / f"{shape}-{size}.md"
                text = build(shape, size)
                path.write_text(text, encoding="utf-8")
                r = run([*review_cmd(), str(path), "--format", "json"])
                mbytes = len(text.encode("utf-8")) / 1e6
                net = max(r.seconds - base, 1e-3)
                per_mb.append(net / mbytes)
                tok = tokenizer_seconds(text)
                rows.append((shape, f"{mbytes:.1f} MB", f"{r.seconds:.1f}", f"{net / mbytes:.2f}",
                             f"{r.maxrss_kb / 1024:.0f}", f"{tok / mbytes:.2f}", str(r.returncode)))
                print("  ", *rows[-1], file=sys.stderr, flush=True)
                if size == max(sizes):
                    verdicts.append((shape, "RSS", r.maxrss_kb / 1024 <= RSS_LIMIT_MB if size >= 10_000_000 else None))
            growth = per_mb[-1] / per_mb[0]
            verdicts.append((shape, f"growth {growth:.2f}x", growth <= GROWTH_LIMIT))
    print("| shape | size | seconds | net s/MB | peak RSS (MB) | tokenizer s/MB | exit |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print("| shape | target | result |\n|---|---|---|")
    for shape, what, ok in verdicts:
        status = "n/a" if ok is None else ("PASS" if ok else "FAIL")
        print(f"| {shape} | {what} (growth <= {GROWTH_LIMIT}x, RSS <= {RSS_LIMIT_MB} MB at 10 MB) | {status} |")
    return 0 if all(ok is not False for _, _, ok in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())

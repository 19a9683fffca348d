"""Fuzz the reviewer with a large budget (issue 22), outside the unit tests: the properties of
tests/test_hostile.py (no exception but a ReviewError escapes, the JSON parses, findings point inside the
file) over random bytes, random Markdown from article pieces and mutated corpus articles.

    python tools/fuzz.py                      # 2,000 inputs per strategy
    python tools/fuzz.py --examples 20000     # a long run

Prints how many inputs each strategy tried and every failure hypothesis found (shrunk); exit 1 on a failure.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--examples", type=int, default=2000, help="inputs per strategy")
    args = ap.parse_args()
    import test_hostile as th
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from reviewer.api import Reviewer

    reviewer = Reviewer()
    budget = settings(max_examples=args.examples, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck))
    counts: dict[str, int] = {}

    def counted(name, fn):
        def run(*a):
            counts[name] = counts.get(name, 0) + 1
            fn(*a)
        return run

    @budget
    @given(st.binary(max_size=4000))
    def random_bytes(data):
        counted("random bytes", th._check)(reviewer, data)

    @budget
    @given(st.lists(st.sampled_from(th.PIECES), max_size=300))
    def random_markdown(pieces):
        counted("random Markdown", th._check)(reviewer, "".join(pieces).encode("utf-8"))

    @budget
    @given(st.sampled_from(th.CORPUS), st.data())
    def mutated(path, data):
        counts["mutated corpus articles"] = counts.get("mutated corpus articles", 0) + 1
        th.test_mutated_corpus_articles_never_escape.hypothesis.inner_test(reviewer, path, data)

    failures: dict[str, str] = {}
    names = {"random_bytes": "random bytes", "random_markdown": "random Markdown", "mutated": "mutated corpus articles"}
    for test in (random_bytes, random_markdown, mutated):
        started = time.perf_counter()
        try:
            test()
        except Exception:  # a property failed: hypothesis has shrunk it
            failures[names[test.__name__]] = traceback.format_exc()
        print(f"{names[test.__name__]}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print("| strategy | inputs tried | failures |\n|---|---:|---:|")
    for name in names.values():
        print(f"| {name} | {counts.get(name, 0)} | {int(name in failures)} |")
    for name, trace in failures.items():
        print(f"\n{name}:\n{trace}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

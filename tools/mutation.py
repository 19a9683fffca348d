"""Mutation testing with mutmut (outside CI): run it, then print a table per module and the surviving mutants.

    pip install -e '.[mutation]'
    python tools/mutation.py --run            # mutmut run (pyproject.toml [tool.mutmut]), then the table
    python tools/mutation.py                  # the table of the last run (mutants/)
    python tools/mutation.py --survivors      # and every surviving mutant, by module and function

The modules and the tests that exercise them are in pyproject.toml ([tool.mutmut]: only_mutate,
pytest_add_cli_args_test_selection); mutmut runs only the tests that cover a mutated function. Score:
killed / (killed + survived + not covered); a timeout counts as killed (the mutant broke the code).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"

# mutmut 3's exit codes of a mutant's test run
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "not covered", 33: "not covered", 34: "skipped",
          36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 37: "type error", None: "not run"}


def results() -> dict[str, dict[str, str]]:
    """module -> {mutant: status} from mutants/**/*.meta."""
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        module = meta.relative_to(MUTANTS).as_posix()[: -len(".meta")]
        data = json.loads(meta.read_text(encoding="utf-8"))
        for key, code in data.get("exit_code_by_key", {}).items():
            out[module][key] = STATUS.get(code, f"exit {code}")
    return out


def table(found: dict[str, dict[str, str]]) -> str:
    rows = ["| module | mutants | killed | survived | not covered | timeout | score |", "|---|---:|---:|---:|---:|---:|---:|"]
    total: Counter = Counter()
    for module, mutants in sorted(found.items()):
        c = Counter(mutants.values())
        total.update(c)
        rows.append(_row(module, len(mutants), c))
    rows.append(_row("**total**", sum(len(m) for m in found.values()), total))
    return "\n".join(rows)


def _row(name: str, n: int, c: Counter) -> str:
    killed = c["killed"] + c["timeout"]
    judged = killed + c["survived"] + c["not covered"]
    score = f"{killed / judged:.1%}" if judged else "–"
    return f"| {name} | {n} | {c['killed']} | {c['survived']} | {c['not covered']} | {c['timeout']} | {score} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="store_true", help="run mutmut first")
    ap.add_argument("--jobs", type=int, default=2, help="mutmut's --max-children (default 2)")
    ap.add_argument("--survivors", action="store_true", help="list every surviving mutant")
    args = ap.parse_args()
    if args.run:
        subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.jobs)], cwd=ROOT, check=False)
    found = results()
    if not found:
        sys.exit("no mutmut results in mutants/: run with --run")
    print(table(found))
    if args.survivors:
        for module, mutants in sorted(found.items()):
            alive = sorted(k for k, status in mutants.items() if status in ("survived", "not covered"))
            if alive:
                print(f"\n{module}: {len(alive)}")
                for key in alive:
                    print(f"  {key}  ({mutants[key]})  `mutmut show {key}`")


if __name__ == "__main__":
    main()

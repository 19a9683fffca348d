"""Mutation testing with mutmut (outside CI): run it, then print a table per module and the surviving mutants.

    pip install -e '.[mutation]'
    python tools/mutation.py --run            # mutmut run (pyproject.toml [tool.mutmut]), then the table
    python tools/mutation.py                  # the table of the last run (mutants/)
    python tools/mutation.py --survivors      # and every surviving mutant, by module and function

The modules and the tests that exercise them are in pyproject.toml ([tool.mutmut]: only_mutate,
pytest_add_cli_args_test_selection); mutmut runs only the tests that cover a mutated function. Score:
killed / (killed + survived + not covered), over the mutants that were run; a timeout counts as killed (the
mutant broke the code). A survivor listed in tools/mutation_equivalent.yaml with the reason no input can tell it
from the original is "equivalent" and left out of the score; one listed there as `kind: not killed` stays a
survivor, shown with the reason no test kills it. An entry that matches no survivor now is reported.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutation_driver import defines, function_of

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
EQUIVALENT = ROOT / "tools" / "mutation_equivalent.yaml"

# mutmut 3's exit codes of a mutant's test run
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "not covered", 33: "not covered", 34: "skipped",
          36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 37: "type error", None: "not run"}


def equivalents() -> dict[str, dict]:
    """mutant -> {change: its changed lines, why: the reason no input tells it from the original}
    (tools/mutation_equivalent.yaml)."""
    import yaml

    if not EQUIVALENT.exists():
        return {}
    return yaml.safe_load(EQUIVALENT.read_text(encoding="utf-8")) or {}


def results(equivalent: dict[str, dict] | None = None) -> dict[str, dict[str, str]]:
    """module -> {mutant: status} from mutants/**/*.meta. A survivor is "equivalent" when the equivalents file
    lists a mutant of the same function with the same change (mutmut numbers a function's mutants afresh when
    the function is edited, so the change, not the number, is what matches)."""
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        module = meta.relative_to(MUTANTS).as_posix()[: -len(".meta")]
        data = json.loads(meta.read_text(encoding="utf-8"))
        for key, code in data.get("exit_code_by_key", {}).items():
            if defines(meta.with_suffix(""), key):  # (not a key of an earlier generation whose mutant is gone)
                out[module][key] = STATUS.get(code, f"exit {code}")
    if equivalent:
        for module, changes in survivor_changes(out).items():
            for key, status, lines in changes:
                entry = _entry(equivalent, key, lines)
                if status == "survived" and entry is not None and entry.get("kind", "equivalent") == "equivalent":
                    out[module][key] = "equivalent"
    return out


def _entry(equivalent: dict[str, dict], key: str, lines: list[str]) -> dict | None:
    """The equivalents file's entry for a mutant (the same function, the same change), or None."""
    change = tuple(map(_shown, lines))
    return next((v for k, v in equivalent.items() if function_of(k) == function_of(key) and tuple(v["change"]) == change),
                None)


def _shown(line: str) -> str:
    """A diff line as the survivors' list and the equivalents file write it: "- old code", "+ new code"."""
    return f"{line.strip()[:1]} {line[1:].strip()}"


def stale_equivalents(found: dict[str, dict[str, str]], equivalent: dict[str, dict]) -> list[str]:
    """Entries of the equivalents file that match no surviving mutant now (killed, not run, or gone)."""
    matched = {(function_of(key), tuple(map(_shown, lines))) for changes in survivor_changes(found).values()
               for key, status, lines in changes if status in ("equivalent", "survived")}
    return [key for key, v in equivalent.items() if (function_of(key), tuple(v["change"])) not in matched]


def table(found: dict[str, dict[str, str]]) -> str:
    rows = ["| module | mutants | killed | survived | equivalent | not covered | timeout | not run | score |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
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
    return (f"| {name} | {n} | {c['killed']} | {c['survived']} | {c['equivalent']} | {c['not covered']} | {c['timeout']} "
            f"| {c['not run']} | {score} |")


_DIFFS: dict[str, list[str]] = {}  # mutant -> its changed lines


def survivor_changes(found: dict[str, dict[str, str]]) -> dict[str, list[tuple[str, str, list[str]]]]:
    """module -> [(mutant, status, the changed lines)] of every mutant not killed (equivalent ones included)."""
    import os

    from mutmut.mutation.diff_apply import get_diff_for_mutant  # (mutmut's own `mutmut show`)

    out: dict[str, list[tuple[str, str, list[str]]]] = {}
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        for module, mutants in sorted(found.items()):
            for key, status in sorted(mutants.items(), key=lambda kv: _natural(kv[0])):
                if status not in ("survived", "not covered", "equivalent"):
                    continue
                lines = _DIFFS.get(key)
                if lines is None:  # (results, the stale check and the report each ask: one diff per mutant)
                    diff = get_diff_for_mutant(key, path=module)
                    lines = _DIFFS[key] = [ln for ln in diff.splitlines()
                                           if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
                out.setdefault(module, []).append((key, status, lines))
    finally:
        os.chdir(here)
    return out


KINDS = ("string", "number", "boundary", "operator", "condition forced", "None", "argument dropped",
         "continue -> break", "other")


def mutant_kind(lines: list[str]) -> str:
    """What kind of change a mutant is, from its diff's lines (a rough sort, for the README's table)."""
    minus = " ".join(ln[1:].strip() for ln in lines if ln.startswith("-"))
    plus = " ".join(ln[1:].strip() for ln in lines if ln.startswith("+"))
    if ("XX" in plus and "XX" not in minus) or (plus.lower() == minus.lower() and plus != minus):
        return "string"
    if "continue" in minus and "break" in plus:
        return "continue -> break"
    if " or True" in plus or " and False" in plus:
        return "condition forced"
    if re.sub(r"\d+", "#", plus) == re.sub(r"\d+", "#", minus):
        return "number"
    if re.sub(r"[<>]=?", "<", plus) == re.sub(r"[<>]=?", "<", minus):
        return "boundary"
    if re.sub(r"\b(and|or|not|in|is)\b|[-+*/%]|==|!=", "#", plus) == \
            re.sub(r"\b(and|or|not|in|is)\b|[-+*/%]|==|!=", "#", minus):
        return "operator"
    if "None" in plus and plus.count("None") > minus.count("None"):
        return "None"
    if len(plus) < len(minus):
        return "argument dropped"
    return "other"


def kinds_table(changes: dict[str, list[tuple[str, str, list[str]]]]) -> str:
    rows = ["| module | " + " | ".join(KINDS) + " |", "|---|" + "---:|" * len(KINDS)]
    total: Counter = Counter()
    for module, found in changes.items():
        c = Counter(mutant_kind(lines) for _, _, lines in found)
        total.update(c)
        rows.append(f"| {module} | " + " | ".join(str(c[k]) for k in KINDS) + " |")
    rows.append("| **total** | " + " | ".join(str(total[k]) for k in KINDS) + " |")
    return "\n".join(rows)


def _natural(key: str) -> tuple[str, int]:
    name, _, n = key.rpartition("__mutmut_")
    return name, int(n) if n.isdigit() else 0


def write_report(found: dict[str, dict[str, str]], equivalent: dict[str, dict], target: Path) -> None:
    import datetime as dt
    import tempfile

    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    changes = survivor_changes(found)
    alive = {m: [r for r in rows if r[1] != "equivalent"] for m, rows in changes.items()}
    parts = [f"# Surviving mutants\n\nWritten by `python tools/mutation.py --write {target.name}` on "
             f"{dt.date.today().isoformat()} at commit {head or '?'}: the table of the last mutmut run and, per "
             "module and function, every mutant no selected test killed, with the line it changed. An equivalent "
             "mutant (no input tells it from the original) carries the reason from "
             "`tools/mutation_equivalent.yaml` and is left out of the score. The README's \"Mutation testing\" "
             "section says how they are run.\n", table(found),
             "\nThe survivors (not the equivalent ones) by the kind of change (a rough sort by the changed line):\n",
             kinds_table({m: rows for m, rows in alive.items() if rows}), ""]
    for module, rows in changes.items():
        parts.append(f"## {module} ({len(rows)})\n")
        for key, status, lines in rows:
            parts.append(f"- `{key}` ({status})")
            parts.extend(f"  `{_shown(ln)}`".replace("``", "` `") for ln in lines[:6])
            entry = _entry(equivalent, key, lines)
            if entry is not None:
                parts.append(f"  {'Why' if status == 'equivalent' else 'Not killed'}: {entry['why']}")
        parts.append("")
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}-")
    with open(fd, "w", encoding="utf-8") as fh:
        fh.write("\n".join(parts) + "\n")
    Path(tmp).replace(target)


GENERATE = """
import os
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
from mutmut.mutation.trampoline import set_mutant_under_test
set_mutant_under_test("mutant_generation")
os.makedirs("mutants", exist_ok=True)
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants({jobs})
"""


def run(args: argparse.Namespace) -> None:
    """mutmut writes the mutants (mutants/: the files it copies, each mutated function behind a trampoline);
    tools/mutation_driver.py runs them in one pytest session with the selection from pyproject.toml."""
    import tomllib

    subprocess.run([sys.executable, "-c", GENERATE.format(jobs=args.jobs)], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    with open(ROOT / "pyproject.toml", "rb") as fh:
        selection = tomllib.load(fh)["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]
    opts = ["--jobs", str(args.jobs), "--seed", str(args.seed)] + [f"--only={g}" for g in args.only or ()]
    opts += (["--sample", str(args.sample)] if args.sample else []) + (["--fresh"] if args.fresh else [])
    opts += ["--survivors"] if args.rerun_survivors else []
    subprocess.run([sys.executable, str(ROOT / "tools" / "mutation_driver.py"), *opts, *selection], cwd=MUTANTS,
                   check=True)


def interval(killed: int, judged: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 %) of a score measured on a random sample of mutants."""
    if not judged:
        return 0.0, 1.0
    p = killed / judged
    centre = (p + z * z / (2 * judged)) / (1 + z * z / judged)
    half = z * ((p * (1 - p) / judged + z * z / (4 * judged * judged)) ** 0.5) / (1 + z * z / judged)
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="store_true", help="generate the mutants (mutmut) and run them first")
    ap.add_argument("--jobs", type=int, default=2, help="mutants run at a time (default 2)")
    ap.add_argument("--only", action="append", metavar="GLOB", help="only the mutants whose name matches")
    ap.add_argument("--sample", type=int, metavar="N", help="a random sample of N mutants (about 25 minutes for 600, two cores)")
    ap.add_argument("--seed", type=int, default=0, help="the sample's seed")
    ap.add_argument("--fresh", action="store_true", help="run the mutants that have a result again")
    ap.add_argument("--rerun-survivors", action="store_true", help="run the surviving mutants again (after new tests)")
    ap.add_argument("--survivors", action="store_true", help="list every surviving mutant")
    ap.add_argument("--write", type=Path, metavar="FILE",
                    help="write the table and every surviving mutant's change (Markdown) to FILE")
    args = ap.parse_args()
    if args.run:
        run(args)
    equivalent = equivalents()
    found = results(equivalent)
    if not found:
        sys.exit("no mutmut results in mutants/: run with --run")
    print(table(found))
    c = Counter(status for mutants in found.values() for status in mutants.values())
    killed, judged = c["killed"] + c["timeout"], c["killed"] + c["timeout"] + c["survived"] + c["not covered"]
    if c["not run"] and judged:
        lo, hi = interval(killed, judged)
        print(f"\n{judged} of {judged + c['not run']} mutants run: if they are a random sample (--sample), the score "
              f"of all is {lo:.1%} to {hi:.1%} (95 %)")
    if args.write:
        write_report(found, equivalent, args.write)
        print(f"\nwritten: {args.write}")
    stale = stale_equivalents(found, equivalent)
    if stale:
        print(f"\n{EQUIVALENT.name}: {len(stale)} entries match no surviving mutant now (killed, not run or gone: "
              "remove or re-check them):")
        print("\n".join(f"  {key}" for key in stale))
    if args.survivors:
        for module, mutants in sorted(found.items()):
            alive = sorted(k for k, status in mutants.items() if status in ("survived", "not covered"))
            if alive:
                print(f"\n{module}: {len(alive)}")
                for key in alive:
                    print(f"  {key}  ({mutants[key]})  `mutmut show {key}`")


if __name__ == "__main__":
    main()

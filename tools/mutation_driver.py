"""Run every mutant mutmut generated in mutants/ inside ONE pytest session (tools/mutation.py --run starts it).

mutmut runs `pytest.main` once per mutant: each run collects the tests again and builds the session's shared
reviewers (the fact base, two spaCy pipelines) again, seconds per mutant. Here the session is built once:

1. The clean run: every selected test once, in order, with mutmut's trampolines in "stats" mode, which records
   the mutated functions each test calls and how long it takes. Every test must pass.
2. Per mutant, a fork of that session switches the mutant on (MUTANT_UNDER_TEST), empties the package's memos
   (reviewer/memos.py) and runs only the tests that call the mutated function: first the tests that killed
   earlier mutants of the same function, then the rest, fastest first; it stops at the first failure. Two forks
   run at a time (`--jobs`); one that runs past its time limit is killed and counted a timeout.
3. The results go into mutmut's own files (mutants/**/*.py.meta, exit codes as mutmut writes them), so
   `mutmut results`, `mutmut show` and tools/mutation.py's table read them. They are saved as the run goes: an
   interrupted run keeps what it has, and the next run skips the mutants that have a result (`--fresh` redoes all).

    cd mutants && python ../tools/mutation_driver.py [--jobs 2] [--only GLOB] [--fresh] [--sample N] [--survivors] [pytest args]
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import tomllib
from collections import defaultdict
from pathlib import Path

KILLED, SURVIVED, NO_TESTS, TIMEOUT = 1, 0, 33, 36  # mutmut's exit codes (tools/mutation.py STATUS)


def function_of(key: str) -> str:
    """'reviewer.units.x_to_base__mutmut_3' -> 'reviewer.units.x_to_base' (the name the stats record)."""
    return key.rpartition("__mutmut_")[0]


def defines(source: Path, key: str) -> bool:
    """The mutated source file defines the mutant `key` ("pkg.mod.x_func__mutmut_3", "pkg.mod.xǁClassǁmeth__mutmut_3")."""
    text = _SOURCES.get(source)
    if text is None:
        text = _SOURCES[source] = source.read_text(encoding="utf-8") if source.exists() else ""
    return f"def {key.rsplit('.', 1)[-1]}(" in text


_SOURCES: dict[Path, str] = {}


class Metas:
    """mutmut's per-file result files: mutant -> exit code (None: not run yet)."""

    def __init__(self, root: Path) -> None:
        self.files = {p: json.loads(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.py.meta"))}
        # (a key of an earlier generation whose mutant the file no longer defines, after its function was edited,
        # would run the original code and "survive": left out)
        self.file_of = {key: p for p, data in self.files.items() for key in data["exit_code_by_key"]
                        if defines(p.with_suffix(""), key)}
        self.dirty: set[Path] = set()

    def names(self) -> list[str]:
        return list(self.file_of)

    def result(self, key: str) -> int | None:
        return self.files[self.file_of[key]]["exit_code_by_key"][key]

    def set(self, key: str, code: int | None, seconds: float) -> None:
        p = self.file_of[key]
        self.files[p]["exit_code_by_key"][key] = code
        self.files[p].setdefault("durations_by_key", {})[key] = round(seconds, 3)
        self.dirty.add(p)

    def save(self) -> None:
        for p in self.dirty:
            tmp = p.with_name(p.name + ".tmp")
            tmp.write_text(json.dumps(self.files[p], indent=4), encoding="utf-8")
            tmp.replace(p)
        self.dirty.clear()


class Driver:
    """A pytest plugin that replaces the test loop (pytest_runtestloop) with the clean run and the mutants'."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.metas = Metas(Path("reviewer"))
        with open(Path.cwd().parent / "pyproject.toml", "rb") as fh:  # the project's, not the copy's
            self.config = tomllib.load(fh).get("tool", {}).get("mutation", {})

    def pytest_collection_modifyitems(self, session, config, items):
        """Tests that cannot see a mutant (pyproject.toml [tool.mutation] skip: node id prefixes): the installed
        command in a subprocess imports the package, not the mutants' copy."""
        skip = tuple(self.config.get("skip", ()))
        items[:] = [it for it in items if not it.nodeid.startswith(skip)] if skip else items

    def pytest_runtestloop(self, session):
        self.tmp_root = Path(tempfile.mkdtemp(prefix="mutation-driver-"))
        try:
            return self._loop(session)
        finally:
            shutil.rmtree(self.tmp_root, ignore_errors=True)

    def _loop(self, session):
        items = list(session.items)
        if not items:
            sys.exit("mutation_driver: no tests selected")
        calls, durations = self._clean_run(session, items)
        self._only_for(items, calls)
        scope = [k for k in self.metas.names()
                 if not self.args.only or any(fnmatch.fnmatchcase(k, g) for g in self.args.only)]
        if self.args.fresh:  # every result in scope forgotten, so a sample's table holds the sample only
            for k in scope:
                self.metas.set(k, None, 0.0)
        # in random order (seeded): what has run when a run is stopped is a random sample, whose score estimates
        # the whole's (tools/mutation.py gives the interval); --sample N takes the first N, and a run that resumes
        # (no --fresh) goes on with the same sample
        random.Random(self.args.seed).shuffle(scope)
        scope = scope[:self.args.sample] if self.args.sample else scope
        wanted = (SURVIVED,) if self.args.survivors else (None,)  # --survivors: the survivors again (more tests)
        todo = [k for k in scope if self.metas.result(k) in wanted]
        print(f"\nmutation_driver: {len(items)} tests, {len(todo)} mutants to run, {self.args.jobs} at a time", flush=True)
        self._run_mutants(session, items, todo, calls, durations)
        return True

    def _only_for(self, items, calls) -> None:
        """Tests of seconds each that only some modules' mutants run (pyproject.toml [tool.mutation] only_for:
        node id prefix -> module prefix): the streaming tests compare a streamed review with a whole one, the
        same mutant on both sides, so only the streaming code's own mutants can fail them."""
        only_for = self.config.get("only_for", {})
        for fn, tests in calls.items():
            calls[fn] = [i for i in tests if not any(items[i].nodeid.startswith(prefix) and not fn.startswith(module)
                                                      for prefix, module in only_for.items())]

    @staticmethod
    def _clean_run(session, items):
        from _pytest.runner import runtestprotocol
        from mutmut.state import state

        calls: dict[str, list[int]] = defaultdict(list)
        durations: list[float] = []
        os.environ["MUTANT_UNDER_TEST"] = "stats"
        for i, item in enumerate(items):
            state()._stats.clear()
            t0 = time.perf_counter()
            # the last test's next item is the first: the session's fixtures (the shared reviewers) stay up for
            # the forks
            reports = runtestprotocol(item, nextitem=items[i + 1] if i + 1 < len(items) else items[0], log=False)
            durations.append(time.perf_counter() - t0)
            failed = [r for r in reports if r.failed]
            if failed:
                sys.exit(f"mutation_driver: {item.nodeid} fails without a mutant:\n{failed[0].longreprtext[-2000:]}")
            for name in state()._stats:
                calls[name].append(i)
        os.environ["MUTANT_UNDER_TEST"] = ""
        Path("driver-stats.json").write_text(json.dumps({"tests": [it.nodeid for it in items], "durations": durations,
                                                         "calls": calls}), encoding="utf-8")
        print(f"mutation_driver: clean run {sum(durations):.0f} s, {len(calls)} mutated functions called", flush=True)
        return calls, durations

    def _run_mutants(self, session, items, todo, calls, durations) -> None:
        killers: dict[str, list[int]] = defaultdict(list)  # function -> tests that killed its mutants, newest first
        running: dict[int, tuple[str, float, float, int, Path]] = {}  # pid -> (mutant, start, limit, pipe, tmp)
        counts: dict[int, int] = defaultdict(int)
        start, last_save, done = time.monotonic(), time.monotonic(), 0
        queue = list(reversed(todo))

        def finish(pid: int, status: int | None) -> None:
            nonlocal done
            key, t0, _, fd, tmp = running.pop(pid)
            with os.fdopen(fd) as pipe:
                told = pipe.read().strip()
            shutil.rmtree(tmp, ignore_errors=True)  # what the fork's tests wrote (their tmp_path, their caches)
            if status is None:
                code = TIMEOUT
            elif os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
                code = SURVIVED
            else:
                code = KILLED  # a failing test, or the fork died (a mutant that crashes the interpreter)
                if told.isdigit():
                    fn = killers[function_of(key)]
                    if int(told) in fn:
                        fn.remove(int(told))
                    fn.insert(0, int(told))
            self.metas.set(key, code, time.monotonic() - t0)
            counts[code] += 1
            done += 1

        while queue or running:
            while queue and len(running) < self.args.jobs:
                key = queue.pop()
                tests = calls.get(function_of(key), [])
                if not tests:
                    self.metas.set(key, NO_TESTS, 0.0)
                    counts[NO_TESTS] += 1
                    done += 1
                    continue
                first = [i for i in killers[function_of(key)] if i in set(tests)]
                order = first + sorted(set(tests) - set(first), key=lambda i: durations[i])
                limit = self.args.timeout + 3 * sum(durations[i] for i in order)
                read, write = os.pipe()
                tmp = Path(tempfile.mkdtemp(prefix="mutant-", dir=self.tmp_root))
                pid = os.fork()
                if pid == 0:  # the fork: run the mutant's tests, tell which one failed
                    os.close(read)
                    _child(session, items, order, key, write, tmp)
                os.close(write)
                running[pid] = (key, time.monotonic(), limit, read, tmp)
            pid, status = os.waitpid(-1, os.WNOHANG) if running else (0, 0)
            if pid:
                finish(pid, status)
                continue
            now = time.monotonic()
            for pid, (_key, t0, limit, _, _tmp) in list(running.items()):
                if now - t0 > limit:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    finish(pid, None)
            time.sleep(0.002)
            if now - last_save > 30:
                self.metas.save()
                last_save = now
                rate = done / max(now - start, 1e-9)
                print(f"mutation_driver: {done}/{len(todo)} in {now - start:.0f} s ({rate * 60:.0f}/min, "
                      f"{(len(todo) - done) / max(rate, 1e-9) / 60:.0f} min left): killed {counts[KILLED]}, "
                      f"survived {counts[SURVIVED]}, timeout {counts[TIMEOUT]}, no tests {counts[NO_TESTS]}", flush=True)
        self.metas.save()
        print(f"mutation_driver: {done} mutants in {time.monotonic() - start:.0f} s: killed {counts[KILLED]}, "
              f"survived {counts[SURVIVED]}, timeout {counts[TIMEOUT]}, no tests {counts[NO_TESTS]}", flush=True)


def _child(session, items, order: list[int], key: str, write: int, tmp: Path) -> None:
    """In the fork: the mutant on, the memos empty, its tests in order; exit 1 at the first failure. The tests'
    temporary folders go under `tmp`, which the driver deletes when the fork is done (every test has a cache
    folder of its own: thousands of forks would otherwise fill the disk)."""
    from _pytest.runner import runtestprotocol

    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        session.config._tmp_path_factory._basetemp = tmp
        os.environ["MUTANT_UNDER_TEST"] = key
        from reviewer import memos

        memos.clear()
        sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (the fork's output is not read)
        session._setupstate.teardown_exact(items[order[0]])  # back to what the first test shares with the last one run
        for n, i in enumerate(order):
            nxt = items[order[n + 1]] if n + 1 < len(order) else items[i]
            if any(r.failed for r in runtestprotocol(items[i], nextitem=nxt, log=False)):
                os.write(write, str(i).encode())
                code = 1
                break
    except BaseException:  # a mutant that breaks the harness is killed
        code = 1
    os._exit(code)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=2, help="forks at a time (default 2)")
    ap.add_argument("--only", action="append", metavar="GLOB", help="only mutants whose name matches (repeatable)")
    ap.add_argument("--fresh", action="store_true", help="run every mutant, also those with a result")
    ap.add_argument("--sample", type=int, metavar="N", help="run a random sample of N of the mutants to run")
    ap.add_argument("--survivors", action="store_true",
                    help="run the mutants that survived again (after tests were added)")
    ap.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    ap.add_argument("--timeout", type=float, default=10.0,
                    help="seconds a mutant may take beyond 3x its tests' clean time (default 10)")
    args, pytest_args = ap.parse_known_args()
    here = Path.cwd()
    if here.name != "mutants" or not (here / "reviewer").is_dir():
        sys.exit("mutation_driver: run it in mutants/ (tools/mutation.py --run)")
    sys.path.insert(0, str(here))
    import pytest

    import reviewer

    if Path(reviewer.__file__).resolve().parent != (here / "reviewer").resolve():
        sys.exit(f"mutation_driver: imported {reviewer.__file__}, not the mutants' copy")
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:randomly", "-o", "addopts=",
                          *pytest_args], plugins=[Driver(args)]))


if __name__ == "__main__":
    main()

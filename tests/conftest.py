from __future__ import annotations

import atexit
import contextlib
import datetime as dt
import hashlib
import io
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # (imported where used: pytest-xdist's controlling process loads this file and runs no test)
    from reviewer.api import Reviewer

HERE = Path(__file__).parent
ROOT = HERE.parent
# mutmut runs the tests from its copy of the project, mutants/ inside it (tools/mutation.py)
UNDER_MUTMUT = ROOT.name == "mutants"
SEEDS = (ROOT.parent.parent if UNDER_MUTMUT else ROOT.parent) / "shared" / "seeds"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite tests/golden/ from the reviewer's output (tests/test_golden.py)")


_shared: dict[str, object] = {}


def _once(name: str, build):
    """The session's shared objects, built on first use (see pytest_collection_finish)."""
    if name not in _shared:
        _shared[name] = build()
    return _shared[name]


def _build_fresh_cache() -> Path:
    """The cache this session's own code writes for the bundled and the fixture fact files (parsed YAML, pint's
    table, the tokenized names): built once per session, never from an earlier run's leftovers."""
    from reviewer.api import Reviewer
    from reviewer.factbase.base import load_factbase

    d = Path(tempfile.mkdtemp(prefix="hw-fact-reviewer-test-cache-"))
    atexit.register(shutil.rmtree, d, ignore_errors=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(d))
        Reviewer(load_factbase())
        Reviewer(load_factbase([HERE / "fixtures" / "facts"], include_bundled=False))
    return d


def _build_reviewer(*dirs: Path, bundled: bool = True) -> Reviewer:
    from reviewer.api import Reviewer
    from reviewer.factbase.base import load_factbase

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(_once("cache", _build_fresh_cache)))
        rv = Reviewer(load_factbase(list(dirs), include_bundled=bundled))
        if UNDER_MUTMUT:
            for lang in ("en", "de"):
                rv.nlp(lang)
    return rv


def _shared_reviewer() -> Reviewer:
    return _once("reviewer", _build_reviewer)


def _shared_fixture_reviewer() -> Reviewer:
    return _once("fixture_reviewer", lambda: _build_reviewer(HERE / "fixtures" / "facts", bundled=False))


def pytest_sessionstart(session):
    """Under mutmut, a mutant's run starts with empty memos: the number formats, unit factors and fact readings
    the shared reviewers left in the fork's parent would otherwise answer for a mutated function."""
    if UNDER_MUTMUT:
        from reviewer import memos

        memos.clear()


def pytest_collection_modifyitems(session, config, items):
    """Tests marked `slow` (seconds each: a subprocess, a browser, a big article) run first, the rest in their
    order: with pytest-xdist, a worker left with one of them at the end would finish alone while the other
    idles (mypy, last in one worker's share, once did for 20 s)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_collection_finish(session):
    """Under mutmut, every mutant's test run is a fork of a process that has only collected the tests: build the
    shared reviewers there, so no mutant's run builds them again. (A mutant in code that runs only while they
    are built is left to the tests that build their own: tests/test_factbase.py, tests/test_units.py.)"""
    if UNDER_MUTMUT and session.config.option.collectonly:
        _shared_reviewer()
        _shared_fixture_reviewer()


@pytest.fixture(scope="session")
def _fresh_cache() -> Path:
    return _once("cache", _build_fresh_cache)


@pytest.fixture(scope="session")
def edge_reviewer(_fresh_cache) -> Reviewer:
    """A reviewer on made-up facts whose dates and links sit on the checks' boundaries (tests/fixtures/edge-facts:
    terms ending on the 2nd of a month or lasting 200 days, dated and pod links, a chip on sale in two waves)."""
    from reviewer.api import Reviewer
    from reviewer.factbase.base import load_factbase

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(_fresh_cache))
        return Reviewer(load_factbase([HERE / "fixtures" / "edge-facts"], include_bundled=False))


@pytest.fixture(scope="session")
def fixture_reviewer() -> Reviewer:
    """A reviewer on the small fixture fact base: verdict tests do not move when facts/ grows."""
    return _shared_fixture_reviewer()


@pytest.fixture(scope="session")
def reviewer() -> Reviewer:
    """The reviewer as users run it: the bundled fact base."""
    return _shared_reviewer()


def cli(*args, cwd=None) -> subprocess.CompletedProcess:
    """`review ARGS` in this process, as the installed command runs it (its output captured, its working
    directory `cwd`): the same CompletedProcess a subprocess gives, at a fraction of the start-up cost."""
    from reviewer.cli import main

    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse: usage errors and --help
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["review", *argv], code, out.getvalue(), err.getvalue())


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    """`review ARGV` in this process (as the installed command runs it): exit code, stdout, stderr."""
    from reviewer.cli import main

    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse: usage errors and --help
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _own_cache(request, tmp_path_factory, monkeypatch):
    """Every test gets a cache folder of its own (reviewer/diskcache.py's folder): no test reads what another
    test, or an earlier run, left there. It starts with the entries of the session's fresh cache, so the CLI
    tests do not parse the fact files' YAML again; a test marked `cold_cache` starts with an empty folder.

    The entries are hard links, not copies (copying them for every test took 7 % of the suite's time):
    the cache never writes into an entry, it writes a new file and renames it over the name (diskcache.store),
    and drops old ones by unlinking them, so what a test's cache does leaves the session's entries as they
    are. (A test that wrote into an entry in place would change them for every later test: write a new file.)"""
    # (mkdtemp, not tmp_path_factory.mktemp: that numbers its folders by listing all of them, every test once)
    d = Path(tempfile.mkdtemp(prefix="cache-", dir=tmp_path_factory.getbasetemp()))
    if request.node.get_closest_marker("cold_cache") is None:
        for entry in os.scandir(request.getfixturevalue("_fresh_cache")):
            try:
                os.link(entry.path, d / entry.name)
            except OSError:  # (another file system: --basetemp elsewhere)
                shutil.copy2(entry.path, d / entry.name)
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(d))


_FACT_BASES: dict[tuple, object] = {}


def _fact_files_key(dirs, include_bundled: bool) -> tuple | None:
    """What a fact base is loaded from: the working directory, the directories as given, and every fact and
    tier file's path and bytes (None when a directory is missing: that is an error for the loader to report)."""
    from reviewer.factbase.load import bundled_facts_dir, fact_files
    from reviewer.factbase.tiers import tier_files

    every = ([bundled_facts_dir()] if include_bundled else []) + [Path(d) for d in dirs]
    if not all(d.exists() for d in every):
        return None
    h = hashlib.sha256()
    try:
        for f in [*fact_files(every, with_tiers=True), *tier_files(every)]:
            h.update(str(f).encode() + b"\0" + f.read_bytes() + b"\0")
    except OSError:
        return None
    return os.getcwd(), include_bundled, tuple(str(d) for d in dirs), h.hexdigest()


@pytest.fixture(autouse=True)
def _shared_fact_bases(request, monkeypatch):
    """The command in this process (conftest.cli, reviewer.cli.main) loads each fact base once per session: the
    same fact files (paths and bytes) give the FactBase loaded the first time, as a fixture shares a reviewer.
    `review` loads it on every start (0.2 s, a sixth of the suite's time in the CLI tests); that loading is
    still run by the first command on each set of files, by a fact base that does not load (errors are never
    kept), by every Reviewer and batch the tests build, and by the installed command's smoke tests
    (tests/test_cli.py). A test marked `cold_cache` loads its own."""
    if request.node.get_closest_marker("cold_cache") is not None:
        return
    from reviewer.commands import common, evaluate, facts

    load = common.open_factbase

    def open_factbase(dirs=(), include_bundled: bool = True):
        key = _fact_files_key(dirs, include_bundled)
        if key is None:
            return load(dirs, include_bundled=include_bundled)
        if key not in _FACT_BASES:
            _FACT_BASES[key] = load(dirs, include_bundled=include_bundled)
        return _FACT_BASES[key]

    for module in (common, evaluate, facts):  # (the last two import it by name)
        monkeypatch.setattr(module, "open_factbase", open_factbase)


def review(rv: Reviewer, text: str, lang: str, as_of: str = "2025-12-10"):
    return rv.review_text(text, lang=lang, as_of=dt.date.fromisoformat(as_of))


def find(report, text: str):
    hits = [f for f in report.findings if f.text == text]
    assert hits, f"no finding for {text!r}; got {[(f.text, f.verdict) for f in report.findings]}"
    return hits[0]

"""run_batch: discover, look up the cache, review the misses (in parallel), write reports and the index.

    from reviewer.batch import run_batch
    result = run_batch(["content/"], "reports", jobs=4)

The parent process reads and hashes every file, answers hits from the cache, and hands the misses
to workers in chunks; workers send back plain dicts (rendered log, JSON report, summary row,
comparable claims). Nothing of spaCy or the fact base is loaded unless some file misses the cache.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import FactBaseInvalid, OutputLocked, ReviewError, Unreadable
from ..findings import fail_rank
from ..lang import LANGUAGES
from ..output import write_atomic
from ..version import __version__
from . import work
from .cache import Cache, cache_key, default_cache_path
from .consistency import conflicts as find_conflicts
from .discover import Article, discover
from .html import render_html, render_log_html
from .index import render_markdown, render_summary, worst_first

INPROCESS_CHUNK = 32  # articles between cache commits when reviewing in-process
POOL_MIN_ARTICLES = 8  # below this a worker pool costs more than it saves
LOCK_NAME = ".review.lock"
DEFAULT_TIMEOUT = 60.0  # seconds per article (--timeout): runaway input becomes one error, the batch goes on

Progress = Callable[[int, int], None]


@dataclass
class BatchResult:
    articles: int  # articles with a report (fresh or from the cache)
    cache_hits: int  # files answered from the cache (articles and cached read errors)
    errors: list[tuple[str, str]]  # (path, message) of files that could not be reviewed
    reports: list[dict]  # one row per article, worst first: path, report, json_report, status, counts, ...
    exit_code: int
    elapsed: float  # seconds
    conflicts: list[dict] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    out_dir: Path = Path("reports")
    fingerprint: str = ""
    files: int = 0  # files found

    @property
    def reviewed(self) -> int:
        """Articles reviewed in this run (not from the cache)."""
        return sum(1 for r in self.reports if not r.get("cached"))


def fact_fingerprint(fact_dirs: Sequence[Path]) -> str:
    """FactBase.fingerprint, from the fact files' bytes without loading them.

    The same hash as factbase.load.content_hash over factbase.load.fact_files (a test keeps them
    equal), written out here because importing that module (pydantic) costs a tenth of a warm run.
    """
    dirs = [Path(__file__).resolve().parent.parent / "facts", *map(Path, fact_dirs)]  # bundled_facts_dir()
    h = hashlib.sha256()
    for d in dirs:
        if not d.exists():
            raise FactBaseInvalid("fact directory does not exist", str(d))
        files = [d] if d.is_file() else sorted(p for p in d.rglob("*") if p.suffix in {".yaml", ".yml"} and p.is_file())
        for p in files:
            h.update(p.name.encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


def code_fingerprint() -> str:
    """A hash of the tool's own code and data (not the fact base): a development checkout changes
    results without a version bump, and a stale cache must not hide that."""
    pkg = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    files = [*pkg.rglob("*.py"), *pkg.rglob("*.yaml"), *pkg.glob("*.txt")]  # lang/<code>/*.yaml too
    for f in sorted(files):
        if "facts" in f.relative_to(pkg).parts:
            continue
        h.update(f.relative_to(pkg).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _read(article: Article) -> tuple[bytes | None, dict | None]:
    """The file's bytes, or the error read_source gives for a file that cannot be read ({"error", "code"},
    as work.review_bytes gives for bytes it rejects)."""
    try:
        size = article.path.stat().st_size
        if size <= 1 << 20:  # most articles: no need to import read_source (ftfy, yaml) for its size limit
            return article.path.read_bytes(), None
        from ..source import MAX_BYTES

        if size <= MAX_BYTES:
            return article.path.read_bytes(), None
    except OSError:
        pass
    from ..source import read_source

    try:
        read_source(article.path)  # raises the error a single-article run would report
    except ReviewError as exc:
        return None, {"error": f"{exc.message} [{exc.code}]", "code": exc.code}
    return article.path.read_bytes(), None  # pragma: no cover - the file changed under us


def _signature(path: Path) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _place(path: Path, text: str | Callable[[], str], known: list[int] | None) -> list[int] | None:
    """Make `path` hold `text` (or what `text()` gives: made only if needed); return its (size, mtime)
    signature. A file whose signature is the one recorded when it was last written or checked is not
    even read: a warm run over thousands of articles only stats its reports."""
    sig = _signature(path)
    if sig is not None and sig == known:
        return sig
    _write_if_changed(path, text if isinstance(text, str) else text())
    return _signature(path)


def _write_if_changed(path: Path, text: str) -> None:
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    write_atomic(path, text)


class FactBaseRejected(FactBaseInvalid):
    """The fact base did not validate; `errors` holds each `path:line: message` (the CLI prints them)."""

    def __init__(self, errors):
        self.errors = list(errors)
        super().__init__(f"the fact base has {len(self.errors)} error(s)")


_last_reviewer: list = []  # [(fact dirs, fingerprint), Reviewer]: reused by the next run in this process


def _build_reviewer(fact_dirs: Sequence[Path], fingerprint: str):
    """A Reviewer on the bundled facts plus `fact_dirs`; the last one is kept for a later run over the
    same fact base in this process (benchmarks, tests, watch loops)."""
    from ..api import Reviewer
    from ..factbase.base import FactBaseError, load_factbase

    key = ([str(d) for d in fact_dirs], fingerprint)
    if _last_reviewer and _last_reviewer[0] == key:
        return _last_reviewer[1]
    try:
        reviewer = Reviewer(load_factbase(fact_dirs))
    except FactBaseError as exc:
        raise FactBaseRejected(exc.errors) from None
    _last_reviewer[:] = [key, reviewer]
    return reviewer


@contextmanager
def _locked(out: Path):
    """The output directory to this run alone (an advisory lock, `DIR/.review.lock`): a second batch writing
    the same reports fails with one error line instead of interleaving its files with this run's."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        fh = open(out / LOCK_NAME, "a+")  # noqa: SIM115 (held for the run)
    except OSError as exc:
        raise Unreadable(f"{out}: cannot write output: {exc.strerror or exc}") from None
    try:
        try:
            import fcntl
        except ImportError:  # (no advisory locks on this platform: runs are not kept apart)
            fcntl = None  # type: ignore[assignment]
        if fcntl is not None:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise OutputLocked(f"{out}: another review batch is writing these reports ({out / LOCK_NAME}); "
                                   "wait for it to finish or use another --out") from None
        for stale in out.rglob(".*.tmp"):  # what a killed run was writing (output.write_atomic): never a report
            stale.unlink(missing_ok=True)
        yield
    finally:
        fh.close()  # (releases the lock)


def _fork_context():
    import multiprocessing

    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None


def run_batch(paths: Sequence[str | os.PathLike], out_dir: str | os.PathLike = "reports", *,
              jobs: int | None = None, exclude: Iterable[str] = (), use_cache: bool = True,
              cache_path: str | os.PathLike | None = None, fact_dirs: Sequence[str | os.PathLike] = (),
              lang: str | None = None, as_of: dt.date | None = None, progress: Progress | None = None,
              fail_on: str = "warning", include: Iterable[str] = (), select: Sequence[str] = (),
              ignore: Sequence[str] = (), severity: dict[str, str] | None = None,
              timeout: float | None = DEFAULT_TIMEOUT, strict: bool = False,
              baseline: str | os.PathLike | None = None) -> BatchResult:
    """Review every article under `paths`; write reports, index.md, index.html and summary.json to `out_dir`.

    A file that cannot be read, is empty or is in a language the reviewer does not read is listed as not
    reviewed; it makes the exit code 2 only with `strict` (a failed review, an internal error or a timeout,
    always does). Raises NotFound for a path argument that does not exist or gives no article,
    FactBaseInvalid for a missing fact directory, FactBaseRejected (a FactBaseInvalid with .errors) for
    invalid fact files, and
    KeyboardInterrupt as it comes: reports already written are complete, the cache keeps every
    finished chunk.
    """
    started = time.perf_counter()
    out = Path(out_dir)
    cache_file = Path(cache_path) if cache_path else default_cache_path(out)
    dirs = [Path(d) for d in fact_dirs]
    run = _Run(discover(paths, exclude=exclude, skip=[out, cache_file], include=include), out, progress)
    fingerprint = fact_fingerprint(dirs)
    work.set_checks(select, ignore, severity or {}, str(baseline) if baseline else None)
    work.set_timeout(timeout)
    # a baseline changes what is reported: its content is part of every cache key
    recorded = hashlib.sha256(Path(baseline).read_bytes()).hexdigest() if baseline else None
    checks = json.dumps([list(select), list(ignore), sorted((severity or {}).items()), recorded])
    tool = f"{__version__}+{code_fingerprint()}" + (f"+{hashlib.sha256(checks.encode()).hexdigest()[:12]}"
                                                    if select or ignore or severity or baseline else "")
    as_of_s = as_of.isoformat() if as_of else None
    with _locked(out):
        return _run(run, out, cache_file if use_cache else None, fingerprint, tool, lang, as_of, as_of_s, jobs, dirs,
                    fail_on, started, strict)


def _run(run: _Run, out: Path, cache_file: Path | None, fingerprint: str, tool: str, lang: str | None,
         as_of: dt.date | None, as_of_s: str | None, jobs: int | None, dirs: list[Path], fail_on: str,
         started: float, strict: bool = False) -> BatchResult:
    cache = Cache(cache_file)
    try:
        misses, inputs = run.lookup(cache, lambda data: cache_key(hashlib.sha256(data).hexdigest(), fingerprint,
                                                                  tool, lang, as_of_s))
        keys = {i: key for i, _, _, key in misses}

        def finish(results: list[tuple[int, dict]]) -> None:
            for i, result in results:
                run.accept(i, result, cached=False)
                if not result.get("internal"):
                    cache.put(run.articles[i].shown, keys[i], result)
            cache.commit()
            run.tick(len(results))

        cache.commit()
        if misses:
            _review(misses, finish, jobs=max(1, jobs or os.cpu_count() or 1), fact_dirs=dirs,
                    fingerprint=fingerprint, lang=lang, as_of=as_of)
        # The index pages depend only on the inputs: an unchanged corpus keeps the ones the last run
        # wrote (and the conflicts it found), as make keeps a target newer than its sources.
        digest = hashlib.sha256(json.dumps([inputs, str(out.resolve()), fail_on, run.today, as_of_s, tool,
                                            [str(d) for d in dirs]]).encode()).hexdigest()
        meta = {"fingerprint": fingerprint, "fact_dirs": [str(d) for d in dirs], "lang": lang, "as_of": as_of_s,
                "fail_on": fail_on, "strict": strict}
        return run.index(cache, digest, bool(misses), meta, started)
    finally:
        cache.close()


class _Run:
    """One batch run's results so far, by article index: summary rows, read errors, comparable claims."""

    def __init__(self, articles: list, out: Path, progress: Progress | None):
        self.articles = articles
        self.out = out
        self.progress = progress
        self.today = dt.date.today().isoformat()
        self.rows: dict[int, dict] = {}
        self.errors: dict[int, dict] = {}
        self.claims: dict[int, list[list]] = {}  # comparable claim records, as batch/consistency.py reads them
        self.hits = 0
        self.done = 0

    def accept(self, i: int, value: dict, cached: bool) -> bool:
        """Record one result and put its reports in place; True if their file signatures changed."""
        a = self.articles[i]
        if "error" in value:
            self.errors[i] = not_reviewed(a.shown, value, cached)
            return False
        report_md, report_json, report_html = f"{a.rel}.review.md", f"{a.rel}.review.json", f"{a.rel}.review.html"
        known = value.get("files") or {}
        log = value["log"]
        files = {"md": _place(self.out / report_md, log, known.get("md")),
                 "json": _place(self.out / report_json, value["json"], known.get("json")),
                 "html": _place(self.out / report_html, lambda: render_log_html(log, a.shown, report_html,
                                                                                 value["row"]["language"]),
                                known.get("html"))}
        self.rows[i] = {"path": a.shown, "report": report_md, "json_report": report_json, "html_report": report_html,
                        **value["row"], "cached": cached}
        self.claims[i] = value.get("claims", [])
        changed = files != known
        value["files"] = files
        return changed

    def tick(self, n: int) -> None:
        self.done += n
        if self.progress:
            self.progress(self.done, len(self.articles))

    def lookup(self, cache: Cache, key_of: Callable[[bytes], str]
               ) -> tuple[list[tuple[int, str, bytes, str]], list[list[str]]]:
        """Read every article and answer what the cache has; (the misses to review, the index's inputs)."""
        misses: list[tuple[int, str, bytes, str]] = []
        inputs: list[list[str]] = []  # what the index is made of: every article's key or read error
        for i, a in enumerate(self.articles):
            data, problem = _read(a)
            if data is None:
                assert problem is not None
                self.accept(i, problem, cached=False)
                inputs.append([a.shown, "error", problem["error"]])
                continue
            key = key_of(data)
            inputs.append([a.shown, a.rel, key])
            value = cache.get(a.shown, key)
            if value is not None and value.get("today", self.today) == self.today:
                if self.accept(i, value, cached=True):
                    cache.put(a.shown, key, value)  # the reports were (re)written: remember their signatures
                self.hits += 1
            else:
                misses.append((i, a.shown, data, key))
        self.tick(len(self.articles) - len(misses))
        return misses, inputs

    def index(self, cache: Cache, digest: str, reviewed: bool, meta: dict, started: float) -> BatchResult:
        """The exit code, the index files (with this run's cache hits and time) and the result. The
        cross-article conflicts of an unchanged corpus are the ones the last run found."""
        out, fail_on = self.out, meta["fail_on"]
        ordered_rows = [self.rows[i] for i in sorted(self.rows)]
        error_list = [self.errors[i] for i in sorted(self.errors)]
        memo = cache.get_meta("index") if not reviewed else None
        if isinstance(memo, dict) and memo.get("digest") == digest and isinstance(memo.get("conflicts"), list):
            found = memo["conflicts"]
        else:
            found = find_conflicts((self.rows[i]["path"], self.claims[i]) for i in sorted(self.rows))
            cache.put_meta("index", {"digest": digest, "conflicts": found})
        code = batch_exit_code(ordered_rows, error_list, fail_on, meta["strict"])
        meta = {**meta, "exit_code": code, "elapsed": time.perf_counter() - started}
        write_atomic(out / "index.md", render_markdown(ordered_rows, error_list, found, meta))
        write_atomic(out / "index.html", render_html(ordered_rows, error_list, found, meta))
        write_atomic(out / "summary.json", render_summary(ordered_rows, error_list, found, meta))
        return BatchResult(
            articles=len(ordered_rows), cache_hits=self.hits, errors=[(e["path"], e["message"]) for e in error_list],
            reports=worst_first(ordered_rows), exit_code=code, elapsed=time.perf_counter() - started,
            conflicts=found, notices=list(cache.notices), out_dir=out, fingerprint=meta["fingerprint"],
            files=len(self.articles))


def not_reviewed(shown: str, value: dict, cached: bool) -> dict:
    """A file's entry under "not reviewed": path, status, message, code, whether it is the tool's own failure
    (an internal error or --timeout: not the file's fault), and whether it came from the cache."""
    internal = bool(value.get("internal"))
    status = value.get("status") or ("review failed" if internal else "not read")
    return {"path": shown, "status": status, "message": value["error"], "code": value.get("code") or "",
            "internal": internal, "cached": cached}


def batch_exit_code(rows: Sequence[dict], errors: Sequence[dict], fail_on: str, strict: bool) -> int:
    """2 if a review failed (internal error, --timeout) or, with --strict, a file was not reviewed (unreadable,
    empty, a language not supported); else 1 if an article has a contradicted or outdated finding at or above
    `fail_on`; else 0."""
    if any(e["internal"] for e in errors) or (strict and errors):
        return 2
    if any(r["worst"] >= fail_rank(fail_on) for r in rows):
        return 1
    return 0


def _review(misses: list[tuple[int, str, bytes, str]], finish: Callable[[list[tuple[int, dict]]], None], *,
            jobs: int, fact_dirs: Sequence[Path], fingerprint: str, lang: str | None,
            as_of: dt.date | None) -> None:
    """Review the misses in-process (jobs=1, few misses) or in a process pool; `finish` each chunk's results."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    holder: list = []

    def reviewer():
        if not holder:
            holder.append(_build_reviewer(fact_dirs, fingerprint))
        return holder[0]

    context = _fork_context()
    if jobs == 1 or len(misses) < POOL_MIN_ARTICLES:
        for start in range(0, len(misses), INPROCESS_CHUNK):
            chunk = misses[start:start + INPROCESS_CHUNK]
            finish([(i, work.review_bytes(reviewer, shown, data, lang, as_of)) for i, shown, data, _ in chunk])
        return

    workers = min(jobs, math.ceil(len(misses) / 4))
    size = max(1, min(32, math.ceil(len(misses) / (workers * 4))))
    chunks = [[(i, shown, data) for i, shown, data, _ in misses[s:s + size]] for s in range(0, len(misses), size)]
    if context is not None:
        # Build once here, fork: every worker inherits the fact base and both pipelines.
        rv = reviewer()
        for language in (lang,) if lang else LANGUAGES:
            rv.nlp(language)
        work.set_reviewer(rv)
    else:
        context = multiprocessing.get_context("spawn")
        reviewer()  # validate the fact base here; each worker builds its own in the initializer
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=work.init_worker,
                               initargs=([str(d) for d in fact_dirs], lang, as_of.isoformat() if as_of else None,
                                         work._options.get("checks") or ((), (), {}), work._options.get("timeout")))
    try:
        pending = {pool.submit(work.review_chunk, chunk) for chunk in chunks}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                finish(fut.result())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        work.set_reviewer(None)

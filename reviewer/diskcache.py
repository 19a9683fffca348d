"""A small on-disk cache of derived data, as JSON files in the user's cache directory.

Start-up work that depends only on files' bytes (parsed fact files, pint's conversion factors)
is stored here under a name that contains a hash of everything it was derived from, so a stale
entry is never read: a changed input simply has another name. Any I/O problem means "no cache",
never an error.

    $HW_FACT_REVIEWER_CACHE_DIR   a directory to use, or "off" to disable the cache
    $XDG_CACHE_HOME/hw-fact-reviewer, else ~/.cache/hw-fact-reviewer
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import tempfile
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any


def cache_dir() -> Path | None:
    env = os.environ.get("HW_FACT_REVIEWER_CACHE_DIR")
    if env:
        return None if env.lower() in ("off", "0", "no", "false") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "hw-fact-reviewer"


def digest(*parts: bytes | str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() if isinstance(p, str) else p)
        h.update(b"\0")
    return h.hexdigest()[:24]


@cache
def package_version(name: str) -> str:
    """The installed version of a distribution, part of cache keys (a parser upgrade invalidates)."""
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:
        return "?"


def load(kind: str, key: str, object_hook=None) -> Any | None:
    d = cache_dir()
    if d is None:
        return None
    try:
        with open(d / f"{kind}-{key}.json", encoding="utf-8") as fh:
            return json.load(fh, object_hook=object_hook)
    except (OSError, ValueError, TypeError):
        return None


def store(kind: str, key: str, data: Any, keep: int = 8) -> None:
    """Write an entry atomically; keep the newest `keep` entries of this kind."""
    d = cache_dir()
    if d is None:
        return
    try:
        d.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix=f".{kind}-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
        os.replace(tmp, d / f"{kind}-{key}.json")
        old = sorted(d.glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[keep:]
        for p in old:
            p.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError):
        try:
            os.unlink(tmp)
        except (OSError, NameError):
            pass


@contextmanager
def gc_paused():
    """No cyclic garbage collection while start-up builds its large, long-lived structures.

    Every full collection walks all objects spaCy has loaded (tens of ms each); the fact base
    and the pipelines are allocated in one go and live until the process ends, so collecting
    while building them finds nothing. Usable as a decorator.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_frozen = False


def freeze_once() -> None:
    """After the first pipeline is built: keep everything alive now out of the cyclic collector.

    spaCy, the fact base and the pipeline are some hundred thousand objects that live as long as
    the process; the next full collection would walk them all (tens of ms, most of a short run's
    review) to find nothing. gc.freeze() moves them to the permanent generation, once per process,
    so the cost is bounded: cyclic garbage among them (a first Reviewer dropped later) is not
    collected. Forked batch workers also share more pages with the parent.
    """
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()

"""Batch review of a content repository (issue 5): `review batch PATH…` and `run_batch`.

    from reviewer.batch import run_batch
    result = run_batch(["content/"], "reports", jobs=4)
    result.exit_code, result.cache_hits, result.errors, result.reports

Importing this package loads neither spaCy nor the fact base; a run does only when some file
misses the cache.
"""

from __future__ import annotations

from .run import BatchResult, run_batch

__all__ = ["BatchResult", "run_batch"]

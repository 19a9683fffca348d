"""Writing output files atomically: a temporary file beside the target, then one rename."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from .errors import Unreadable


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that readers see the old file or the new one, never half of one."""
    with atomic_writer(path) as fh:
        fh.write(text)


@contextmanager
def atomic_writer(path: Path) -> Iterator[TextIO]:
    """A file to write `path`'s new content to, piece by piece: a temporary file beside it that replaces it in
    one rename when the block ends, and is removed if the block fails."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise Unreadable(f"cannot write output: {exc.strerror or exc}", str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise Unreadable(f"cannot write output: {exc.strerror or exc}", str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

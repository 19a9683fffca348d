"""Writing output files atomically: a temporary file beside the target, then one rename."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from .errors import Unreadable


def write_atomic(path: Path, text: str, newline: str | None = None) -> None:
    """Replace `path` with `text` so that readers see the old file or the new one, never half of one."""
    with atomic_writer(path, newline) as fh:
        fh.write(text)


def _umask() -> int:
    mask = os.umask(0o022)  # the only way to read it; set straight back
    os.umask(mask)
    return mask


def _mode(path: Path) -> int:
    """The mode `path` has now, or what a new file made with open() would get."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666 & ~_umask()


@contextmanager
def atomic_writer(path: Path, newline: str | None = None) -> Iterator[TextIO]:
    """A file to write `path`'s new content to, piece by piece: a temporary file beside it that replaces it in
    one rename when the block ends, and is removed if the block fails. The file gets the mode `path` had, or
    a new file's ordinary mode (0666 less the umask), not the temporary file's 0600."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise Unreadable(f"cannot write output: {exc.strerror or exc}", str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as fh:
            yield fh
            fh.flush()
            os.fchmod(fh.fileno(), _mode(path))
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise Unreadable(f"cannot write output: {exc.strerror or exc}", str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

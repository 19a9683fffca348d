"""Whether and how to render for a terminal: light enough to ask before the renderer (and rich) is imported."""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from typing import TextIO


def wants_terminal(choice: str, stream: TextIO) -> bool:
    """Whether output to `stream` (no --format, no --output) is rendered for a terminal: when it is one, or when
    colour is asked for all the same (`--color always` into a pipe, for `less -R`)."""
    return choice == "always" or _isatty(stream)


def wants_color(choice: str, stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """--color: always, never, or auto: only on a terminal and without NO_COLOR (any non-empty value,
    no-color.org)."""
    if choice != "auto":
        return choice == "always"
    return _isatty(stream) and not (os.environ if environ is None else environ).get("NO_COLOR")


def width_of(stream: TextIO) -> int | None:
    """The terminal's width when `stream` is one (COLUMNS if set), else None (the renderer's default)."""
    return shutil.get_terminal_size().columns if _isatty(stream) else None


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # (a closed or file-less stream)
        return False

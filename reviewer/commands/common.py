"""What every subcommand shares: the --facts option and opening the fact base with readable errors."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Sequence
from pathlib import Path

from ..errors import FactBaseInvalid


def iso_date(value: str) -> dt.date:
    """An argparse type: YYYY-MM-DD."""
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {value!r}") from None


def add_facts_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--facts", action="append", type=Path, default=[], metavar="DIR",
                   help="extra fact directory (or file) on top of the bundled fact base (repeatable)")


def open_factbase(dirs: Sequence[Path] = (), include_bundled: bool = True):
    """Load the fact base; on errors print each as `review: path:line: message` and raise E201."""
    from ..factbase.base import FactBaseError, load_factbase

    try:
        return load_factbase(dirs, include_bundled=include_bundled)
    except FactBaseError as exc:
        report_fact_errors(exc.errors)
        raise FactBaseInvalid(f"the fact base has {len(exc.errors)} error(s)") from None


def report_fact_errors(errors) -> None:
    for err in errors:
        print(f"review: {err}", file=sys.stderr)

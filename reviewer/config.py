"""Project configuration: `[tool.review]` in `pyproject.toml`, or a `.review.toml` (the same keys at its top
level), found by walking up from the article (or the working directory), as ruff and sqlfluff find theirs.
The first directory that has either wins (`.review.toml` before `pyproject.toml`); the command line
overrides what it sets. `review config` prints the effective values and where each came from.

    [tool.review]
    facts = ["our-facts"]            # extra fact directories, relative to this file
    lang = "de"                      # the articles' language, when they do not say
    fail-on = "error"                # error | warning | none
    include = ["content/**/*.md"]    # what `review batch` reviews (gitwildmatch), and
    exclude = ["drafts/"]            # what it leaves out
    select = ["HW1"]                 # checks by code or prefix, as --select / --ignore
    ignore = ["HW109"]
    as-of = 2026-06-01               # the date for articles without one
    [tool.review.severity]
    HW106 = "warning"                # a check's contradictions at most this severity (error | warning | info)
"""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ConfigError

FILES = (".review.toml", "pyproject.toml")
DEFAULT_FAIL_ON = "warning"


class ReviewConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    facts: list[str] = []
    lang: Literal["en", "de"] | None = None
    fail_on: Literal["error", "warning", "none"] | None = Field(None, alias="fail-on")
    include: list[str] = []
    exclude: list[str] = []
    select: list[str] = []
    ignore: list[str] = []
    severity: dict[str, Literal["error", "warning", "info"]] = {}
    as_of: dt.date | None = Field(None, alias="as-of")


class Loaded:
    """The configuration in effect: its values, the file they came from (None: defaults only) and, per key,
    where each value came from ("default", the file, "command line")."""

    def __init__(self, config: ReviewConfig, path: Path | None):
        self.config = config
        self.path = path
        self.origin = {name: (str(path) if path and name in config.model_fields_set else "default")
                       for name in ReviewConfig.model_fields}

    def fact_dirs(self) -> list[Path]:
        base = self.path.parent if self.path else Path.cwd()
        return [(base / d) for d in self.config.facts]

    def override(self, name: str, value) -> None:
        """A value the command line gave (None or empty: the command line said nothing)."""
        if value is None or value == [] or value == ():
            return
        setattr(self.config, name, value)
        self.origin[name] = "command line"


def find(start: Path) -> Path | None:
    """The nearest `.review.toml`, or `pyproject.toml` with a `[tool.review]` table, from `start` up."""
    here = start.resolve()
    if here.is_file() or not here.exists():
        here = here.parent
    for d in (here, *here.parents):
        dot = d / FILES[0]
        if dot.is_file():
            return dot
        pp = d / FILES[1]
        if pp.is_file() and "review" in _read(pp).get("tool", {}):
            return pp
    return None


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the config: {exc}", str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"the config is not valid TOML ({exc})", str(path)) from None


def load(start: Path | None = None) -> Loaded:
    """The configuration for an article at `start` (or the working directory)."""
    path = find(start or Path.cwd())
    if path is None:
        return Loaded(ReviewConfig.model_validate({}), None)
    data = _read(path)
    table = data if path.name == FILES[0] else data["tool"]["review"]
    if not isinstance(table, dict):
        raise ConfigError("[tool.review] is not a table", str(path))
    try:
        config = ReviewConfig.model_validate(table)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "config"
        raise ConfigError(f"invalid config: {where}: {first['msg']}", str(path)) from None
    from .api import check_codes

    check_codes(config.select)  # (an unknown code is an error here too)
    check_codes(config.ignore)
    check_codes(list(config.severity))
    return Loaded(config, path)

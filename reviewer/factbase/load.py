"""Read fact files from disk into validated models; errors come back as `path:line: message`.

PyYAML's composed node tree keeps the line of every value, so a pydantic error location such as
("facts", 3, "unit") is turned into the line of that key in the file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import ValidationError

from .schema import FactFile


@dataclass(frozen=True)
class FactFileError:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class LoadedFile:
    path: str
    content: FactFile
    lines: dict[tuple, int]  # location path -> 1-based line


def bundled_facts_dir() -> Path:
    """The fact base shipped inside the package."""
    # reviewer/facts is a symlink to the repository's facts/ in a checkout, a real directory in a wheel
    return Path(__file__).resolve().parent.parent / "facts"


def _line_map(node: yaml.Node, path: tuple = (), out: dict | None = None) -> dict[tuple, int]:
    out = {} if out is None else out
    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            sub = path + (key.value,)
            out[sub] = key.start_mark.line + 1
            _line_map(value, sub, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_map(item, path + (i,), out)
    return out


def _line_of(lines: dict[tuple, int], loc: tuple) -> int:
    loc = tuple(loc)
    while loc and loc not in lines:
        loc = loc[:-1]
    return lines.get(loc, 1)


def load_file(path: Path) -> tuple[LoadedFile | None, list[FactFileError]]:
    """Parse and validate one fact file."""
    shown = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [FactFileError(shown, 1, f"cannot read: {exc}")]
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        problem = getattr(exc, "problem", None) or str(exc)
        return None, [FactFileError(shown, line, f"invalid YAML: {problem}")]
    if data is None:
        data = {}
    lines = _line_map(node) if node is not None else {}
    if not isinstance(data, dict):
        return None, [FactFileError(shown, 1, "a fact file must be a mapping with 'entities', 'facts', 'examples'")]
    try:
        content = FactFile.model_validate(data)
    except ValidationError as exc:
        errors = []
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
            # pydantic reports union members as extra loc parts ("float", "str"); drop them
            loc = tuple(p for p in loc if p not in {"float", "str", "date"})
            where = ".".join(str(p) for p in loc)
            msg = err["msg"].removeprefix("Value error, ")
            errors.append(FactFileError(shown, _line_of(lines, loc), f"{where}: {msg}" if where else msg))
        return None, _dedupe(errors)
    return LoadedFile(shown, content, lines), []


def _dedupe(errors: list[FactFileError]) -> list[FactFileError]:
    seen, out = set(), []
    for e in errors:
        if (e.line, e.message) not in seen:
            seen.add((e.line, e.message))
            out.append(e)
    return out


def fact_files(dirs: Iterable[Path]) -> list[Path]:
    """Every *.yaml / *.yml below the given directories (or the files themselves), in a stable order."""
    out: list[Path] = []
    for d in dirs:
        d = Path(d)
        if d.is_file():
            out.append(d)
        else:
            out.extend(sorted(p for p in d.rglob("*") if p.suffix in {".yaml", ".yml"} and p.is_file()))
    return out


def content_hash(paths: Iterable[Path]) -> str:
    """A hash of the fact files' bytes: part of the batch cache key."""
    h = hashlib.sha256()
    for p in paths:
        h.update(str(p.name).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]

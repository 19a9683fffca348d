"""Read fact files from disk into validated models; errors come back as `path:line: message`.

PyYAML's composed node tree keeps the line of every value, so a pydantic error location such as
("facts", 3, "unit") is turned into the line of that key in the file.

Parsing YAML is most of a short run's start-up, so the parsed data and line map of each file are
kept in the user cache (reviewer.diskcache), keyed by the file's bytes and the PyYAML version;
validation always runs on them, so a cached file is read exactly as a parsed one.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from .. import diskcache
from .schema import FactFile
from .tiers import TIERS_FILE

CACHE_FORMAT = "2"


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


def _line_map(node, path: tuple = (), out: dict | None = None) -> dict[tuple, int]:
    import yaml

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
        raw = path.read_bytes()
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as read_text() reads it
    except (OSError, UnicodeDecodeError):
        try:
            text = path.read_text(encoding="utf-8")  # for the very error message it gives
        except (OSError, UnicodeDecodeError) as exc:
            return None, [FactFileError(shown, 1, f"cannot read: {exc}")]
        raw = text.encode("utf-8")  # pragma: no cover - the file changed between the two reads
    key = diskcache.digest(CACHE_FORMAT, diskcache.package_version("PyYAML"), raw)
    cached = _from_cache(key)
    if cached is not None:
        data, lines = cached
    else:
        import yaml

        try:
            node, data = _compose_and_construct(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark else 1
            problem = getattr(exc, "problem", None) or str(exc)
            return None, [FactFileError(shown, line, f"invalid YAML: {problem}")]
        lines = _line_map(node) if node is not None else {}
        _to_cache(key, data, lines)
    if data is None:
        data = {}
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


def _compose_and_construct(text: str):
    """yaml.compose and yaml.safe_load in one parse: safe_load is construct_document(compose). With libyaml's
    parser when PyYAML has it (seven times faster on the bundled facts; the same values and the same node
    lines); any error is left to the pure-Python parser, whose messages (line, problem) the errors quote."""
    from ..yamlload import libyaml_first

    return libyaml_first(lambda loader: _compose_with(loader, text))


def _compose_with(loader_class, text: str):
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        return node, (loader.construct_document(node) if node is not None else None)
    finally:
        loader.dispose()


# The cache holds YAML's values in JSON with their types kept: a mapping with a key that is not a
# string (or starts with NUL) as [key, value] pairs, dates and non-finite floats tagged, each tag
# a one-key object whose key starts with NUL. Anything else JSON cannot carry is not cached.
def _enc(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else {"\0f": repr(v)}
    if isinstance(v, list):
        return [_enc(x) for x in v]
    if isinstance(v, dict):
        if all(isinstance(k, str) and not k.startswith("\0") for k in v):
            return {k: _enc(x) for k, x in v.items()}
        return {"\0m": [[_enc(k), _enc(x)] for k, x in v.items()]}
    if isinstance(v, dt.datetime):
        return {"\0t": v.isoformat()}
    if isinstance(v, dt.date):
        return {"\0d": v.isoformat()}
    raise TypeError(type(v).__name__)


def _dec(obj: dict):
    """json object_hook: inner values are already decoded."""
    if len(obj) == 1:
        (tag, x), = obj.items()
        if tag.startswith("\0"):
            if tag == "\0m":
                return {k: y for k, y in x}
            if tag == "\0d":
                return dt.date.fromisoformat(x)
            if tag == "\0t":
                return dt.datetime.fromisoformat(x)
            if tag == "\0f":
                return float(x)
            raise ValueError(tag)
    return obj


def _to_cache(key: str, data, lines: dict[tuple, int]) -> None:
    try:
        if not all(isinstance(p, (str, int)) and not isinstance(p, bool) for loc in lines for p in loc):
            return
        entry = {"data": _enc(data), "lines": [[list(loc), n] for loc, n in lines.items()]}
    except TypeError:
        return  # a YAML type JSON cannot carry: parse this file each time
    diskcache.store("factfile", key, entry, keep=200)


def _from_cache(key: str):
    entry = diskcache.load("factfile", key, object_hook=_dec)
    if not isinstance(entry, dict):
        return None
    try:
        return entry["data"], {tuple(loc): n for loc, n in entry["lines"]}
    except (KeyError, TypeError, ValueError):
        return None


def _dedupe(errors: list[FactFileError]) -> list[FactFileError]:
    seen, out = set(), []
    for e in errors:
        if (e.line, e.message) not in seen:
            seen.add((e.line, e.message))
            out.append(e)
    return out


def fact_files(dirs: Iterable[Path], with_tiers: bool = False) -> list[Path]:
    """Every *.yaml / *.yml below the given directories (or the files themselves), in a stable order; not the
    source tier table (source-tiers.yaml) unless `with_tiers` (the fingerprint hashes it with them)."""
    out: list[Path] = []
    for d in dirs:
        d = Path(d)
        if d.is_file():
            out.append(d)
        else:
            out.extend(sorted(p for p in d.rglob("*") if p.suffix in {".yaml", ".yml"} and p.is_file()
                              and (with_tiers or p.name != TIERS_FILE)))  # (the source tier table is no fact file)
    return out


def content_hash(paths: Iterable[Path]) -> str:
    """A hash of the fact files' bytes: part of the batch cache key."""
    h = hashlib.sha256()
    for p in paths:
        h.update(str(p.name).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]

"""Which files a batch run reviews.

Every Markdown file (.md, .markdown, .mdx) under the given directories and glob matches, less what
`.gitignore` files (the one at each given root and nested ones, git's rules via pathspec's
gitwildmatch) and `--exclude GLOB` leave out; `.git/` and the output directory are never entered.
A file named on the command line is reviewed whatever its suffix (read_source decides whether it is
usable), unless an `--exclude` pattern matches it.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pathspec import GitIgnoreSpec

from ..errors import NotFound

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx")
_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True)
class Article:
    path: Path  # to open
    shown: str  # how reports and the summary name it: the command-line argument plus what was found below it
    rel: str  # posix path below the common base of all arguments; mirrored under the output directory


def _ignored_by(specs: Sequence[tuple[str, GitIgnoreSpec]], rel: str, is_dir: bool) -> bool:
    """Whether `rel` (posix, below the root) is ignored by these (directory, .gitignore) pairs, outermost first."""
    status = None
    for where, spec in specs:  # deeper files last: they win, as in git
        sub = rel[len(where) + 1:] if where else rel
        result = spec.check_file(sub + "/" if is_dir else sub).include
        if result is not None:
            status = result
    return bool(status)


class _Ignores:
    """The .gitignore files below one root, each read once."""

    def __init__(self, root: Path):
        self.root = root
        self._specs: dict[str, GitIgnoreSpec | None] = {}

    def spec(self, rel_dir: str) -> GitIgnoreSpec | None:
        if rel_dir not in self._specs:
            f = self.root / rel_dir / ".gitignore"
            try:
                lines = f.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                lines = []
            self._specs[rel_dir] = GitIgnoreSpec.from_lines(lines) if lines else None
        return self._specs[rel_dir]

    def ignored_with_parents(self, rel: str, is_dir: bool) -> bool:
        """Whether `rel` or a directory above it (git does not look inside those) is ignored."""
        parts = rel.split("/")
        specs: list = []
        for depth in range(len(parts)):
            where = "/".join(parts[:depth])
            if depth and _ignored_by(specs, where, True):  # by the .gitignore files above it
                return True
            spec = self.spec(where)
            if spec is not None:
                specs.append((where, spec))
        return _ignored_by(specs, rel, is_dir)


def _is_markdown(name: str) -> bool:
    return name.lower().endswith(MARKDOWN_SUFFIXES)


def _glob_base(pattern: str) -> Path:
    """The directory part of a pattern before its first wildcard ("content/**/*.md" -> content)."""
    parts = Path(pattern).parts
    fixed = []
    for part in parts:
        if _GLOB_CHARS & set(part):
            break
        fixed.append(part)
    return Path(*fixed) if fixed else Path(".")


def discover(paths: Sequence[str | os.PathLike], *, exclude: Iterable[str] = (),
             skip: Iterable[str | os.PathLike] = (), include: Iterable[str] = ()) -> list[Article]:
    """The articles under `paths` (directories, files, glob patterns), sorted, each once; with `include`
    (gitwildmatch patterns, as a configuration's `include`), only those its patterns match.

    Raises NotFound for an argument that is neither a file, a directory nor a pattern with matches, for a
    directory or pattern that gives no article (none there, or all left out), and when nothing is left to
    review at all. `skip` names directories (the output directory) and files (the cache) never to enter or review.
    """
    found = _Found(exclude, skip)
    searched: list[tuple[str, set[str]]] = []  # each directory or pattern argument, and the files it gave
    for arg in paths:
        text = os.fspath(arg)
        p = Path(text)
        before = len(found.items)
        if p.is_dir():
            found.walk(p, text.rstrip("/\\") or text)
        elif p.is_file():
            if not found.excluded(p.name, text, False):
                found.items.append((os.path.abspath(p), p, text, os.path.abspath(p.parent), p.name))
            continue
        elif _GLOB_CHARS & set(text):
            found.glob(text)
        else:
            raise NotFound("no such file or directory", text)
        searched.append((text, {item[0] for item in found.items[before:]}))
    articles = found.articles()
    include = list(include)
    if include:
        spec = GitIgnoreSpec.from_lines(include)
        articles = [a for a in articles if spec.match_file(a.rel) or spec.match_file(Path(a.shown).as_posix())]
    kept = {os.path.abspath(a.path) for a in articles}
    for text, files in searched:
        if not files & kept:
            where = "matches this pattern" if not Path(text).is_dir() else "in this directory"
            raise NotFound(f"no Markdown article ({', '.join(MARKDOWN_SUFFIXES)}) {where} (none there, or all "
                           "left out by .gitignore, --exclude or include)", text)
    if not articles:
        raise NotFound("no article to review: every file given is excluded", " ".join(str(p) for p in paths))
    return articles


class _Found:
    """The files found so far: (abs path, path, as shown, abs root, posix path below the root)."""

    def __init__(self, exclude: Iterable[str], skip: Iterable[str | os.PathLike]):
        self.excl = GitIgnoreSpec.from_lines(list(exclude)) if exclude else None
        self.skip_abs = {os.path.abspath(s) for s in skip}
        self.items: list[tuple[str, Path, str, str, str]] = []

    def excluded(self, rel: str, shown: str, is_dir: bool) -> bool:
        if self.excl is None:
            return False
        tail = "/" if is_dir else ""
        return self.excl.match_file(rel + tail) or self.excl.match_file(Path(shown).as_posix() + tail)

    def walk(self, root: Path, shown_root: str) -> None:
        ignores = _Ignores(root)
        abs_root = os.path.abspath(root)
        prefix = "" if shown_root in ("", ".") else shown_root
        active: dict[str, list[tuple[str, GitIgnoreSpec]]] = {}  # dir -> the .gitignore specs that apply in it
        for dirpath, dirnames, filenames in os.walk(root):
            rel_dir = os.path.relpath(dirpath, root)
            rel_dir = "" if rel_dir == "." else Path(rel_dir).as_posix()
            parent = rel_dir.rpartition("/")[0] if "/" in rel_dir else ""
            specs = list(active.get(parent, [])) if rel_dir else []
            spec = ignores.spec(rel_dir)
            if spec is not None:
                specs.append((rel_dir, spec))
            active[rel_dir] = specs

            abs_dir = os.path.join(abs_root, rel_dir) if rel_dir else abs_root
            keep = []
            for d in sorted(dirnames):
                rel = f"{rel_dir}/{d}" if rel_dir else d
                if d == ".git" or os.path.join(abs_dir, d) in self.skip_abs:
                    continue
                if _ignored_by(specs, rel, True) or self.excluded(rel, os.path.join(prefix, rel), True):
                    continue
                keep.append(d)
            dirnames[:] = keep
            for name in sorted(filenames):
                if not name.lower().endswith(MARKDOWN_SUFFIXES):
                    continue
                rel = f"{rel_dir}/{name}" if rel_dir else name
                abs_path = os.path.join(abs_dir, name)
                shown = os.path.join(prefix, rel) if prefix else rel
                if abs_path in self.skip_abs or _ignored_by(specs, rel, False) or self.excluded(rel, shown, False):
                    continue
                self.items.append((abs_path, Path(dirpath, name), shown, abs_root, rel))

    def glob(self, text: str) -> None:
        matches = sorted(glob.glob(text, recursive=True))
        if not matches:
            raise NotFound("no file matches this pattern", text)
        base = _glob_base(text)
        ignores = _Ignores(base)
        for m in matches:
            mp = Path(m)
            if os.path.abspath(m) in self.skip_abs or ".git" in mp.parts:
                continue
            if mp.is_dir():
                self.walk(mp, m)
                continue
            if not (mp.is_file() and _is_markdown(mp.name)):
                continue
            rel = os.path.relpath(m, base)
            root = os.path.abspath(base)
            if rel.startswith(".."):  # "../x/*.md": the pattern's base is not above the match
                rel, root = mp.name, os.path.abspath(mp.parent)
            rel = Path(rel).as_posix()
            if ignores.ignored_with_parents(rel, False) or self.excluded(rel, m, False):
                continue
            self.items.append((os.path.abspath(m), mp, m, root, rel))

    def articles(self) -> list[Article]:
        """Each file once, with its path below the common directory of the roots, sorted by it."""
        seen: set[str] = set()
        unique = []
        for item in self.items:
            if item[0] not in seen:
                seen.add(item[0])
                unique.append(item)
        if not unique:
            return []
        roots = sorted({root for _, _, _, root, _ in unique})
        base = os.path.commonpath(roots)
        prefixes = {r: Path(os.path.relpath(r, base)).as_posix() for r in roots}
        articles = [Article(path, shown, rel if prefixes[root] == "." else f"{prefixes[root]}/{rel}")
                    for _, path, shown, root, rel in unique]
        return sorted(articles, key=lambda a: a.rel)

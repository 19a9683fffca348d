"""The incremental-run cache: one SQLite row per article path, JSON text values, no pickle.

A row holds the key it was computed under (file bytes, fact base, tool version, options), the
rendered outputs as plain text columns, and a small JSON value (summary row, comparable claims), so
a hit needs no spaCy pipeline and no fact base. A cache that cannot be read
(garbage bytes, a foreign or older schema) is deleted and rebuilt, with one notice; one that fails
later in the run is dropped for the rest of it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

SCHEMA = "1"
CACHE_NAME = ".review-cache.sqlite"


def cache_key(file_sha: str, fingerprint: str, version: str, lang: str | None, as_of: str | None) -> str:
    parts = json.dumps([SCHEMA, file_sha, fingerprint, version, lang, as_of])
    return hashlib.sha256(parts.encode()).hexdigest()


class Cache:
    """get/put by article path; `notices` collects the one-line reports of trouble."""

    def __init__(self, path: Path | None):
        self.path = Path(path) if path else None
        self.notices: list[str] = []
        self._db: sqlite3.Connection | None = None
        self._pending: list[tuple[str, str, str, str, str]] = []
        if self.path is not None:
            self._open()

    @property
    def enabled(self) -> bool:
        return self._db is not None

    def _connect(self) -> sqlite3.Connection:
        assert self.path is not None  # (only a cache with a file connects)
        db = sqlite3.connect(self.path, timeout=5)
        db.execute("PRAGMA synchronous=OFF")  # a torn cache is detected and rebuilt; speed matters more
        return db

    def _open(self) -> None:
        assert self.path is not None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.notices.append(f"cache {self.path}: cannot create its directory ({exc.strerror or exc}); running without it")
            return
        problem = None
        db = None
        try:
            db = self._connect()
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                self._create(db)
            elif tables != {"meta", "reviews"}:
                problem = "not a review cache"
            else:
                row = db.execute("SELECT value FROM meta WHERE name='schema'").fetchone()
                if not row or row[0] != SCHEMA:
                    problem = f"cache schema {row[0] if row else '?'}, expected {SCHEMA}"
                else:
                    db.execute("SELECT path, key, value, log, json FROM reviews LIMIT 1").fetchall()
        except sqlite3.DatabaseError as exc:
            problem = str(exc)
        if problem is None:
            self._db = db
            return
        if db is not None:
            db.close()
        self.notices.append(f"cache {self.path} is unusable ({problem}); ignored and rebuilt")
        try:
            for suffix in ("", "-journal", "-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            db = self._connect()
            self._create(db)
            self._db = db
        except (OSError, sqlite3.DatabaseError) as exc:
            self.notices.append(f"cache {self.path}: cannot rebuild it ({exc}); running without it")

    @staticmethod
    def _create(db: sqlite3.Connection) -> None:
        with db:
            db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("CREATE TABLE reviews (path TEXT PRIMARY KEY, key TEXT NOT NULL, value TEXT NOT NULL, "
                       "log TEXT NOT NULL, json TEXT NOT NULL)")
            db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA,))

    def _fail(self, exc: Exception) -> None:
        self.notices.append(f"cache {self.path} failed ({exc}); continuing without it")
        try:
            assert self._db is not None
            self._db.close()
        except sqlite3.Error:
            pass
        self._db = None
        self._pending.clear()

    def get(self, path: str, key: str) -> dict | None:
        """The cached result for `path` if it was stored under `key` (as given to put)."""
        if self._db is None:
            return None
        try:
            row = self._db.execute("SELECT key, value, log, json FROM reviews WHERE path=?", (path,)).fetchone()
        except sqlite3.DatabaseError as exc:
            self._fail(exc)
            return None
        if not row or row[0] != key:
            return None
        try:
            value = json.loads(row[1])
        except ValueError:
            return None
        if not isinstance(value, dict):
            return None
        if "error" not in value:
            if not (isinstance(row[2], str) and isinstance(row[3], str)):
                return None
            value["log"], value["json"] = row[2], row[3]
        return value

    def put(self, path: str, key: str, result: dict) -> None:
        """Store a result: {"log", "json", ...} or {"error": message}; the texts go to their own columns."""
        if self._db is not None:
            value = {k: v for k, v in result.items() if k not in ("log", "json")}
            self._pending.append((path, key, json.dumps(value, ensure_ascii=False),
                                  result.get("log", ""), result.get("json", "")))

    def commit(self) -> None:
        """Store what was put since the last commit, in one transaction."""
        if self._db is None or not self._pending:
            return
        try:
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO reviews (path, key, value, log, json) "
                                     "VALUES (?, ?, ?, ?, ?)",
                                     self._pending)
        except sqlite3.DatabaseError as exc:
            self._fail(exc)
        self._pending.clear()

    def get_meta(self, name: str):
        """A JSON value stored with put_meta, or None."""
        if self._db is None:
            return None
        try:
            row = self._db.execute("SELECT value FROM meta WHERE name=?", (name,)).fetchone()
            return json.loads(row[0]) if row else None
        except (sqlite3.DatabaseError, ValueError):
            return None

    def put_meta(self, name: str, value) -> None:
        if self._db is None or name == "schema":
            return
        try:
            with self._db:
                self._db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)",
                                 (name, json.dumps(value, ensure_ascii=False)))
        except sqlite3.DatabaseError as exc:
            self._fail(exc)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def default_cache_path(out_dir: str | os.PathLike) -> Path:
    return Path(out_dir) / CACHE_NAME

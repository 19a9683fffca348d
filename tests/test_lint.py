"""ruff and mypy, with the rule sets in pyproject.toml, are clean: CI runs them as part of the suite."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_lint_ruff_is_clean():
    p = _run("ruff", "check", "--no-cache", "reviewer", "tests", "tools", "benchmarks")
    assert p.returncode == 0, p.stdout + p.stderr


@pytest.mark.slow
def test_lint_mypy_is_clean(tmp_path):
    p = _run("mypy", "--cache-dir", str(tmp_path / "mypy"))
    assert p.returncode == 0, p.stdout + p.stderr

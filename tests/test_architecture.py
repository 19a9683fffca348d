"""Layering and registration rules from ARCHITECTURE.md, enforced."""

import ast
from pathlib import Path

import reviewer
from reviewer.checks import CHECKS

PKG = Path(reviewer.__file__).parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out.add(("." * node.level) + (node.module or ""))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_architecture_models_import_nothing_of_the_project():
    for module in ("models.py", "factbase/schema.py"):
        assert not [i for i in _imports(PKG / module) if i.startswith(".") or i.startswith("reviewer")], module


def test_architecture_nothing_imports_the_cli():
    for path in PKG.rglob("*.py"):
        if path.name != "cli.py":
            assert not [i for i in _imports(path) if i.endswith("cli")], path


def test_architecture_every_check_is_registered_and_documented():
    import importlib

    from reviewer.checks.base import Check

    modules = [importlib.import_module(f"reviewer.checks.{p.stem}") for p in (PKG / "checks").glob("*.py")
               if p.stem not in ("__init__", "base")]
    defined = {c for m in modules
               for c in vars(m).values() if isinstance(c, type) and issubclass(c, Check) and c is not Check}
    assert defined == {type(c) for c in CHECKS}
    codes = [c.code for c in CHECKS]
    assert len(set(codes)) == len(codes)
    for c in CHECKS:
        doc = type(c).__doc__ or ""
        assert c.code and c.name and "Bad:" in doc and "Good:" in doc, type(c).__name__

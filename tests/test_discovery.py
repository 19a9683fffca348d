"""The checks and the rules are found, not listed: found again here, as at import, they are the same."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from reviewer.checks import BY_ATTRIBUTE, CHECKS, OverlappingChecks, by_attribute
from reviewer.checks import _discover as discover_checks
from reviewer.checks.base import Check
from reviewer.extract.rule import Rule
from reviewer.extract.rules import RULES
from reviewer.extract.rules import _discover as discover_rules

PKG = Path(__file__).resolve().parent.parent / "reviewer"


def test_discovery_finds_one_instance_of_every_check_class_ordered_by_code():
    modules = [importlib.import_module(f"reviewer.checks.{p.stem}") for p in sorted((PKG / "checks").glob("*.py"))
               if p.stem not in ("__init__", "base")]
    defined = [c for m in modules for c in vars(m).values()
               if isinstance(c, type) and issubclass(c, Check) and c is not Check and c.__module__ == m.__name__]
    found = discover_checks()
    assert sorted(type(c).__name__ for c in found) == sorted(c.__name__ for c in defined)
    assert all(isinstance(c, Check) for c in found)
    codes = [c.code for c in found]
    assert codes == sorted(codes) and len(set(codes)) == len(codes)
    assert [type(c) for c in found] == [type(c) for c in CHECKS]


def test_discovery_finds_every_rule_by_module_name():
    every = []
    for path in sorted((PKG / "extract" / "rules").glob("*.py")):
        if path.stem != "__init__":
            module = importlib.import_module(f"reviewer.extract.rules.{path.stem}")
            every += [v for v in vars(module).values() if isinstance(v, Rule)]
    assert every and list(discover_rules()) == every == list(RULES)


def test_discovery_each_attribute_goes_to_the_one_check_that_declares_it():
    table = by_attribute(CHECKS)
    assert table == BY_ATTRIBUTE
    for check in CHECKS:
        for attribute in check.attributes:
            assert table[attribute] is check
    assert set(table) == {a for c in CHECKS for a in c.attributes}


def test_discovery_two_checks_on_one_attribute_are_refused():
    first, second = CHECKS[0], CHECKS[1]
    taken = sorted(first.attributes)[0]

    class Poacher(type(second)):  # type: ignore[misc, valid-type]
        attributes = second.attributes | {taken}

    with pytest.raises(OverlappingChecks, match=f"^'{taken}' is judged by {first.code} and {second.code}$"):
        by_attribute((first, Poacher()))

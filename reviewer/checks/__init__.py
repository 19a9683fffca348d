"""The checks, found in this package (every Check subclass of its modules: a new check is a new module; a
meta-test keeps each one documented), and the dispatch on a claim's attribute: one check per attribute,
refused at import if two claim the same."""

from __future__ import annotations

import importlib
import pkgutil

from .base import Check, CheckContext


def _discover() -> tuple[Check, ...]:
    """One instance of every Check subclass defined in a module of this package, by code."""
    found: dict[type, Check] = {}
    for name in sorted(info.name for info in pkgutil.iter_modules(__path__)):
        module = importlib.import_module(f"{__name__}.{name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Check) and value is not Check \
                    and value.__module__ == module.__name__:
                found[value] = value()
    return tuple(sorted(found.values(), key=lambda c: c.code))


CHECKS: tuple[Check, ...] = _discover()


class OverlappingChecks(Exception):
    """Two checks claim one attribute."""


def by_attribute(checks: tuple[Check, ...]) -> dict[str, Check]:
    """attribute -> the one check that judges it."""
    table: dict[str, Check] = {}
    for check in checks:
        for attribute in check.attributes:
            if attribute in table:
                raise OverlappingChecks(f"{attribute!r} is judged by {table[attribute].code} and {check.code}")
            table[attribute] = check
    return table


BY_ATTRIBUTE: dict[str, Check] = by_attribute(CHECKS)

__all__ = ["BY_ATTRIBUTE", "CHECKS", "Check", "CheckContext", "OverlappingChecks", "by_attribute"]

"""The package's module-level memos, emptied in one place.

The memos (number formats, unit factors, fact readings, source references, what a check worked out of a fact
base) give the same answers as the functions they skip, only faster. Under mutation testing a mutant's run
must start with them empty: a memo filled before the mutant was switched on would answer for the mutated
function (tests/conftest.py, tools/mutation_driver.py).
"""

from __future__ import annotations


def clear() -> None:
    from . import nlp, numbers, units
    from .checks import base

    nlp._PHRASE_TOKENS.clear()
    numbers._FORMATTED.clear()
    base._READINGS.clear()
    base._REFS.clear()
    base._LAST_BOUNDS = (None, ())
    base._FB_CACHE = (None, {})
    for cached in (units.to_base, units.convert, units.binary_twin):
        cached.cache_clear()

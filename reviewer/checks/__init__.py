"""The checks, registered in one explicit list (a meta-test keeps every check here and documented), and the
dispatch on a claim's attribute: one check per attribute, refused at import if two claim the same."""

from __future__ import annotations

from .base import Check, CheckContext
from .chip_price import ChipHourPrice
from .dates import DateClaim
from .names import (
                             CoreTypeClaim,
                             FoundryClaim,
                             InterconnectClaim,
                             MemoryTypeClaim,
                             RoleClaim,
)
from .numeric import NumericValue
from .ratio import RatioClaim

CHECKS: tuple[Check, ...] = (NumericValue(), RatioClaim(), InterconnectClaim(), FoundryClaim(), RoleClaim(),
                             DateClaim(), MemoryTypeClaim(), CoreTypeClaim(), ChipHourPrice())


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

"""The checks, registered in one explicit list (a meta-test keeps every check here and documented)."""

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

__all__ = ["CHECKS", "Check", "CheckContext"]

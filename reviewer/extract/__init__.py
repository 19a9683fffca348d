"""Claim extraction: the extractor, the discourse it keeps, subject resolution, gates and one rule per kind.

See reviewer/extract/extractor.py for the order of work, and ARCHITECTURE.md for where a rule lives.
"""

from .extractor import ClaimExtractor

__all__ = ["ClaimExtractor"]

"""hw-fact-reviewer: fact-checks Markdown articles about AI accelerators against a curated fact base."""

from __future__ import annotations

from .version import TOOL_NAME, __version__

__all__ = ["TOOL_NAME", "Reviewer", "__version__", "review_path"]


def __getattr__(name: str):
    # spaCy is imported only when a review is actually run, so `review --version` stays instant
    if name in ("Reviewer", "review_path"):
        from . import api

        return getattr(api, name)
    raise AttributeError(name)

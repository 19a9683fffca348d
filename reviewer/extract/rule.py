"""What a rule declares: the claim kind it makes, what it reads, and its place in the order of rules.

A rule module in reviewer/extract/rules/ ends with `RULE = Rule(...)`; reviewer/extract/rules/__init__.py
finds every module's RULE, so a new claim kind is a new module there (with its cases in
tests/rules/<kind>.yaml, its words in reviewer/lang/<code>/extract.yaml and a check in reviewer/checks/).

The function's docstring says what it reads, with examples in both languages:

    Bad (en): "..." -- what the rule does not read as a claim, and why
    Bad (de): "..."
    Good (en): "..." -> the claim it makes
    Good (de): "..."
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SENTENCE = "sentence"


@dataclass(frozen=True)
class Rule:
    """One claim kind's extraction rule."""

    kind: str  # the claim kind: the rule module's name and tests/rules/<kind>.yaml
    # the quantity families whose figures it reads, (SENTENCE,): every sentence, or (): the fallback for figures no
    # rule read (rules/value_match.py, called by the extractor)
    reads: tuple[str, ...]
    claims: Callable[..., Any]  # figure rules: (ctx, seg, s, q) -> Claim | None; sentence rules: (ctx, seg, s) -> claims
    order: int = 0  # sentence rules run in this order on each sentence (it decides which of two equal claims stays)
    needs_claims: bool = False  # a sentence rule that also reads the claims made so far in the segment
    # a sentence rule that makes claims only from cue words: it runs on a sentence with a cue of one of these
    # labels (or label prefixes) and is skipped on the others (ARCHITECTURE.md, "A rule")
    cues: tuple[str, ...] = ()

    @property
    def doc(self) -> str:
        return self.claims.__doc__ or ""

    @property
    def on_sentences(self) -> bool:
        return self.reads == (SENTENCE,)

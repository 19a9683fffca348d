"""The fact file format: pydantic models that validate every YAML file in facts/.

Unknown fields are forbidden everywhere so that a typo ("vlaue:") is an error, not a silently
ignored fact. The models import nothing of the project but its vocabulary (reviewer/vocabulary.py).
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from ..vocabulary import (
    DATE_ATTRIBUTES,
    STATE_ATTRIBUTES,
    TEXT_ATTRIBUTES,
    UNITLESS_ATTRIBUTES,
    Attribute,
    EntityKind,
    Scope,
    TimeKind,
)

Precision = Literal[
    "FP4", "NVFP4", "MXFP4", "FP6", "FP8", "MXFP8", "cFP8", "BF16", "FP16", "TF32", "FP32", "FP64", "INT8", "INT4"
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SourceRef(_Strict):
    """Where a figure comes from. Vendor documentation first."""

    title: str = Field(min_length=3)
    url: str = Field(pattern=r"^https?://\S+$")
    date: dt.date


class Qualifiers(_Strict):
    precision: Precision | None = None
    sparsity: Literal["dense", "sparse"] | None = None
    scope: Scope | None = None
    direction: Literal["bidirectional", "unidirectional", "unspecified"] | None = None
    versus: str | None = None  # entity id compared against (ratio, investment)
    metric: Attribute | None = None  # what a ratio compares
    region: str | None = None  # price region, e.g. us-east-1
    # sums of money: true for a running total ("8 billion in all"), false for one tranche ("another 4 billion")
    cumulative: bool | None = None
    # the source's own qualifier on the value: "nearly half a million" (the true figure is just below it: "well over
    # 500,000" is wrong), "more than 100,000" (just above it: "nearly 100,000" is wrong)
    as_stated: Literal["nearly", "over"] | None = None


class Derivation(_Strict):
    """A value computed from another entity's fact instead of typed twice.

    `count` × the value of `of`'s fact with the same attribute and qualifiers (scope aside).
    """

    of: str
    count: float = Field(gt=0)
    # The total as the vendor prints it ("20.7" TB), when it does: the fact base is only valid
    # while count x the per-chip figure agrees with it (either byte reading, printed rounding).
    stated: float | None = Field(default=None, gt=0)
    stated_unit: str | None = None

    @model_validator(mode="after")
    def _stated_needs_unit(self) -> Derivation:
        if (self.stated is None) != (self.stated_unit is None):
            raise ValueError("'stated' and 'stated_unit' go together")
        return self


class Event(_Strict):
    """One dated step of a running total (`kind: cumulative`): a tranche, a batch of chips delivered, a
    building opened. The total at any date is the sum of the events up to it."""

    date: dt.date
    value: float
    note: str | None = None
    # why the total goes down (a sale, a write-down): required for a negative event
    reason: str | None = None
    sources: list[SourceRef] = Field(min_length=1)

    @model_validator(mode="after")
    def _no_silent_drop(self) -> Event:
        if self.value == 0:
            raise ValueError("an event changes the total: its value is not 0")
        if self.value < 0 and not self.reason:
            raise ValueError("a negative event lowers the total: say why in 'reason'")
        return self


class Fact(_Strict):
    entity: str
    attribute: Attribute
    value: float | str | dt.date | None = None
    upper: float | None = None  # the top of a vendor's range ("30-40% better": value 1.3, upper 1.4)
    unit: str | None = None
    qualifiers: Qualifiers = Qualifiers()
    derive: Derivation | None = None
    negated: bool = False  # "X does not support Y"
    # misquote: a figure the press printed for the vendor's (with the source that printed it); a claim
    # repeating it is contradicted, naming the misquote, never verified
    status: Literal["current", "superseded", "alternate", "announced", "misquote"] = "current"
    # how the value behaves over time (vocabulary.TimeKind); unset: `state` for roles and prices, else `point`
    kind: TimeKind | None = None
    events: list[Event] = []  # kind cumulative: the total is derived from these, at any date
    by: dt.date | None = None  # kind plan: the horizon ("by the end of 2025")
    note: str | None = None
    valid_from: dt.date | None = None
    valid_until: dt.date | None = None
    sources: list[SourceRef] = Field(default_factory=list, validate_default=True)  # a cumulative fact's: its events'
    # only tertiary sources (aggregators, wikis): a contradiction found from it is a warning, never an error
    weak: bool = False
    checked: dt.date | None = None  # when someone last checked the value against its sources

    @field_validator("sources")
    @classmethod
    def _a_source(cls, sources: list[SourceRef], info: ValidationInfo) -> list[SourceRef]:
        """At least one source (reported at `sources:`); a cumulative fact's are its events'."""
        if not sources and not info.data.get("events"):
            raise ValueError("List should have at least 1 item: every fact needs a source")
        return sources

    @property
    def time_kind(self) -> str:
        """The declared kind, or the attribute's default."""
        if self.kind is not None:
            return self.kind
        return "state" if self.attribute in STATE_ATTRIBUTES else "point"

    @model_validator(mode="after")
    def _value_or_derivation(self) -> Fact:
        if (self.kind == "cumulative") != bool(self.events):
            raise ValueError("a 'cumulative' fact is derived from 'events', and only a cumulative fact has events")
        if sum(x is not None and x != [] for x in (self.value, self.derive, self.events)) != 1:
            raise ValueError("a fact needs exactly one of 'value', 'derive' or 'events'")
        if self.by is not None and self.kind != "plan":
            raise ValueError("'by' is a plan's horizon: only a 'kind: plan' fact has it")
        if self.status == "misquote" and not self.note:
            raise ValueError("a misquote needs a note saying who printed it and what the vendor's figure is")
        if self.events:
            if self.sources:
                raise ValueError("a cumulative fact's sources are its events': give each event its sources")
            if self.attribute in TEXT_ATTRIBUTES or self.attribute in DATE_ATTRIBUTES:
                raise ValueError(f"'{self.attribute}' is not a figure that adds up")
            if self.unit is None and self.attribute not in UNITLESS_ATTRIBUTES:
                raise ValueError(f"'{self.attribute}' needs a unit")
            if self.valid_from or self.valid_until:
                raise ValueError("a cumulative fact's dates are its events' dates, not valid_from/valid_until")
            if self.qualifiers.cumulative is not None:
                raise ValueError("a cumulative fact gives totals and events both: leave out qualifiers.cumulative")
        elif self.derive is not None:
            pass  # value and unit come from the fact it is derived from
        elif self.attribute in TEXT_ATTRIBUTES:
            if not isinstance(self.value, str):
                raise ValueError(f"'{self.attribute}' takes a text value")
        elif self.attribute in DATE_ATTRIBUTES:
            if not isinstance(self.value, dt.date):
                raise ValueError(f"'{self.attribute}' takes a date value (YYYY-MM-DD)")
        else:
            if isinstance(self.value, (str, dt.date)):
                raise ValueError(f"'{self.attribute}' takes a number")
            if self.unit is None and self.attribute not in UNITLESS_ATTRIBUTES:
                raise ValueError(f"'{self.attribute}' needs a unit")
        if self.valid_from and self.valid_until and self.valid_until < self.valid_from:
            raise ValueError("valid_until is before valid_from")
        if self.attribute == "ratio" and not (self.qualifiers.versus and self.qualifiers.metric):
            raise ValueError("a ratio needs qualifiers.versus and qualifiers.metric")
        if self.upper is not None and not (isinstance(self.value, (int, float)) and self.upper > self.value):
            raise ValueError("'upper' is the top of a range above 'value'")
        return self


class Entity(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.\-]*$")
    name: str
    kind: EntityKind
    vendor: str | None = None  # entity id of the vendor organisation
    aliases: list[str] = []
    predecessor: str | None = None
    successor: str | None = None
    chip: str | None = None  # for instances/systems/pods: the accelerator they are built from
    members: list[str] = []  # for families ("TPU v5" = v5e and v5p)


class Example(_Strict):
    """A sentence the reviewer must judge as stated (textlint-prh style specs)."""

    lang: Literal["en", "de"]
    text: str
    verdict: Literal["verified", "contradicted", "outdated"]
    date: dt.date | None = None  # the article date to judge it at


class FactFile(_Strict):
    entities: list[Entity] = []
    facts: list[Fact] = []
    examples: list[Example] = []

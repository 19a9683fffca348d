"""The typed, immutable containers passed between pipeline stages.

file bytes -> Source -> Segment -> (spaCy Doc) -> Claim -> Verdict -> Finding -> ArticleReport

Frozen dataclasses: cheap to build on the hot path and picklable for batch workers. This module
imports nothing of the project.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from dataclasses import MISSING, dataclass, field, fields
from typing import Literal


def quick_init(cls):
    """Give a frozen dataclass an __init__ that sets the instance's dict in one step.

    The dataclass's own __init__ sets each field through object.__setattr__ (the class forbids
    setattr), one call per field; here the same parameters, in the same order and with the same
    defaults, become the same __dict__ at once. Instances are the same in every respect (fields,
    equality, hash, repr, pickling, dataclasses.replace); only for classes without default
    factories, InitVars or __post_init__.
    """
    names, defaults = [], {}
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: not supported by quick_init")
        names.append(f.name)
        if f.default is not MISSING:
            defaults[f"_default_{f.name}"] = f.default
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: __post_init__ is not supported by quick_init")
    params = ", ".join(n if f"_default_{n}" not in defaults else f"{n}=_default_{n}" for n in names)
    body = ", ".join(f"{n!r}: {n}" for n in names)
    namespace: dict = {"_set": object.__setattr__, **defaults}
    exec(f"def __init__(self, {params}):\n    _set(self, '__dict__', {{{body}}})\n", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


def evolve(obj, **changes):
    """dataclasses.replace for a quick_init class, without its per-field __init__: a copy of the instance's
    dict with the changes (the names must be fields; nothing is validated)."""
    new = object.__new__(type(obj))
    object.__setattr__(new, "__dict__", {**obj.__dict__, **changes})
    return new


VerdictKind = Literal["verified", "contradicted", "outdated", "unverifiable"]
Severity = Literal["error", "warning", "info"]
QualifierKind = Literal["exact", "approx", "at_least", "at_most", "up_to", "nearly", "over", "slightly_over"]
SegmentKind = Literal["paragraph", "heading", "list_item", "table_cell", "blockquote"]


@quick_init
@dataclass(frozen=True)
class Notice:
    """Something the reader of the log should know about the input itself (not a claim)."""

    code: str
    message: str
    line: int = 1


@dataclass(frozen=True)
class Source:
    """An article's text after encoding repair, with what is needed to point back into the file."""

    path: str
    text: str  # repaired text; front matter kept, offsets are into this
    markdown: str  # same length as text, front matter blanked out
    line_starts: tuple[int, ...]  # offsets (in the original file's characters) where lines start
    offset_map: tuple[tuple[int, int], ...] = ()  # (text offset, original offset) breakpoints after repair
    front_matter: dict = field(default_factory=dict)
    title: str | None = None
    date: dt.date | None = None
    lang: str | None = None
    notices: tuple[Notice, ...] = ()

    def original_offset(self, offset: int) -> int:
        if not self.offset_map:
            return offset
        i = bisect_right(self.offset_map, offset, key=lambda pair: pair[0]) - 1
        if i < 0:
            return offset
        text_at, orig_at = self.offset_map[i]
        return orig_at + (offset - text_at)

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column in the original file of a text offset."""
        orig = self.original_offset(offset)
        i = bisect_right(self.line_starts, orig) - 1
        return i + 1, orig - self.line_starts[i] + 1


@quick_init
@dataclass(frozen=True)
class Segment:
    """A run of checkable text with the file offset it starts at.

    `text` has the same length as the Markdown source it came from: markup, inline code, URLs and
    link targets are blanked to spaces, so `start + i` is the text offset of character i.
    """

    kind: SegmentKind
    text: str
    start: int
    block: int  # index of this block (paragraph, heading, list item, table cell)
    heading: int = -1  # block of the nearest heading above
    intro: int = -1  # for list items: block of the paragraph that introduces the list
    row_header: int = -1  # for table cells: block of the row's first cell
    col_header: int = -1  # for table cells: block of the column's header cell
    col_group: int = -1  # for an HTML table's header cell: block of the header cell spanning it ("Peak dense" over "FP8")
    lead_end: int = 0  # list item lead ("**Trainium3:** ...") ends here in `text`
    quote_depth: int = 0  # how many block quotes it lies in (a list item's too: "> > 1. Rev A has ...")
    note: str = ""  # for a table cell with a footnote mark ("10,000*"): the note's text ("* Sparse value: ...")


@quick_init
@dataclass(frozen=True)
class Quantity:
    """A number as written, with its unit and the qualifier before it."""

    start: int  # text offsets
    end: int
    text: str
    value: float
    resolution: float  # half a unit of the last written digit, in the written unit
    unit: str  # pint expression, "" for a bare number
    family: str  # memory | rate | compute | length | power | price | money | ratio | count
    qualifier: QualifierKind = "exact"
    range_high: float | None = None  # "30-40%"


@quick_init
@dataclass(frozen=True)
class Claim:
    """One checkable statement: subject, attribute and a value (number or name)."""

    entity: str  # entity id
    attribute: str
    start: int  # text offsets of the value as written
    end: int
    text: str
    quantity: Quantity | None = None
    value_text: str | None = None  # for name claims: "NeuronLink-v4", "TSMC", "Adam Selipsky"
    precision: str | None = None
    sparsity: str | None = None
    scope: str | None = None
    versus: str | None = None  # the other entity of a comparison
    versus_implied: bool = False  # no partner written: the predecessor, per chip or per system, is assumed
    per_direction: bool = False  # "900 GB/s in each direction": half of a bidirectional total
    negated: bool = False
    sentence: str = ""
    subject_text: str = ""  # how the subject was written or found
    subject_how: str = "sentence"  # sentence | lead | table | heading | coreference
    # Other entities the figure may be about (named in the sentence, or around an inferred subject):
    # a figure that contradicts the subject but is exactly another one's is read as that one's.
    alternates: tuple[str, ...] = ()
    # "insgesamt 4 Milliarden bis Ende 2024": the date the figure is stated for, when not the article's
    as_of: dt.date | None = None
    # what the article does with it (vocabulary.Stance): "asserted" unless a stance rule says otherwise
    stance: str = "asserted"
    # how the subject and attribute were bound (vocabulary.Confidence), set by the extractor
    confidence: str = "high"
    # what the claim says of time (vocabulary.Timing): "cumulative" ("in total"), "event" ("a further"), "plan"
    # ("plans to"); None when the words say none of these
    timing: str | None = None


@quick_init
@dataclass(frozen=True)
class SourceRef:
    title: str
    url: str
    date: str
    tier: str = ""  # primary | secondary | tertiary (facts/source-tiers.yaml)


@quick_init
@dataclass(frozen=True)
class Verdict:
    claim: Claim
    kind: VerdictKind
    expected: str | None = None
    suggestion: str | None = None
    reason: str = ""  # why, in the article's language
    sources: tuple[SourceRef, ...] = ()
    note: str | None = None
    entity_name: str = ""  # the entity's display name in the fact base ("GB300 NVL72"), for the log


@quick_init
@dataclass(frozen=True)
class Finding:
    line: int
    column: int
    end_line: int
    end_column: int  # exclusive
    text: str
    entity: str
    attribute: str
    claimed: str
    expected: str | None
    verdict: VerdictKind
    severity: Severity
    message: str
    suggestion: str | None
    sources: tuple[SourceRef, ...]
    check: str = ""
    note: str | None = None
    stance: str = "asserted"  # vocabulary.Stance
    confidence: str = "high"  # vocabulary.Confidence: how the subject and attribute were bound
    entity_name: str = ""  # the entity's display name ("GB300 NVL72"; `entity` is its id): for people to read


@quick_init
@dataclass(frozen=True)
class ArticleReport:
    path: str
    language: str
    date: dt.date | None
    as_of: dt.date
    title: str | None
    status: Literal["PASSED", "PASSED WITH CHANGES", "FAILED"]
    findings: tuple[Finding, ...]
    notices: tuple[Notice, ...] = ()
    # claims the article does not assert (quoted, refuted, corrected, hypothetical, negated): checked, never
    # alarms, not in `findings`
    set_aside: tuple[Finding, ...] = ()

    def count(self, verdict: VerdictKind) -> int:
        return sum(1 for f in self.findings if f.verdict == verdict)

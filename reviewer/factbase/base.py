"""The fact base: validated files joined into one indexed, cross-checked set of facts."""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import cast

from .. import units
from ..diskcache import gc_paused
from .load import (
    FactFileError,
    LoadedFile,
    bundled_facts_dir,
    content_hash,
    fact_files,
    load_file,
)
from .schema import DATE_ATTRIBUTES, TEXT_ATTRIBUTES, Entity, Example, Fact, SourceRef
from .tiers import TIER_RANK, SourceTiers, TierFileError, load_tiers, tier_files

# a product line's word in a name: capitals, maybe digits ("DGX", "HGX", "NVL72", "SXM5"), not a kind of processor
# ("GPU", "CPU", "TPU", "LPU")
_FAMILY_WORD = re.compile(r"(?![A-Z]PUs?\b)[A-Z]{3,}\d*")

@dataclass(frozen=True)
class ResolvedFact:
    """A fact with its value resolved (derivations computed) and converted to its family's base unit."""

    fact: Fact
    value: float | str | dt.date
    unit_expr: str | None
    family: str | None
    base_value: float | None
    path: str
    line: int
    tiers: tuple[str, ...] = ()  # each source's tier (facts/source-tiers.yaml), sources best first

    @property
    def entity(self) -> str:
        return self.fact.entity

    @property
    def date(self) -> dt.date:
        """The value of a date fact (announced, available, acquired, first_investment; a term's start)."""
        assert isinstance(self.value, dt.date), (self.fact.attribute, self.value)
        return self.value

    @property
    def text(self) -> str:
        """The value of a name fact (interconnect, foundry, memory and core type, a person)."""
        assert isinstance(self.value, str), (self.fact.attribute, self.value)
        return self.value

    @property
    def number(self) -> float:
        """The value of a numeric fact, as written in the fact file (an int stays an int)."""
        assert isinstance(self.value, (int, float)), (self.fact.attribute, self.value)
        return self.value

    @property
    def base(self) -> float:
        """The value of a numeric fact in its family's base unit."""
        assert self.base_value is not None, (self.fact.attribute, self.value)
        return self.base_value

    @property
    def attribute(self) -> str:
        return self.fact.attribute

    @property
    def q(self):
        return self.fact.qualifiers

    @property
    def sources(self) -> list[SourceRef]:
        return self.fact.sources

    def tiered_sources(self) -> list[tuple[SourceRef, str]]:
        """Each source with its tier ("" when the fact base has no tier table), best first."""
        return list(zip(self.fact.sources, self.tiers or ("",) * len(self.fact.sources), strict=True))

    def valid_at(self, when: dt.date) -> bool:
        f = self.fact
        return (f.valid_from is None or f.valid_from <= when) and (f.valid_until is None or when < f.valid_until)


@dataclass
class FactBase:
    entities: dict[str, Entity] = field(default_factory=dict)
    facts: list[ResolvedFact] = field(default_factory=list)
    examples: list[tuple[str, Example]] = field(default_factory=list)
    fingerprint: str = ""
    tiers: SourceTiers = field(default_factory=SourceTiers)
    _index: dict[tuple[str, str], list[ResolvedFact]] = field(default_factory=lambda: defaultdict(list))
    _by_chip: dict[str | None, list[str]] | None = field(default=None, repr=False)
    _by_name: dict[str, Entity] | None = field(default=None, repr=False)
    _name_words: frozenset[str] | None = field(default=None, repr=False)
    _family_words: dict[str, frozenset[str]] | None = field(default=None, repr=False)
    _price_cuts: dict[str, list[tuple[ResolvedFact, ResolvedFact]]] = field(default_factory=dict, repr=False)

    def about(self, entity: str, attribute: str) -> list[ResolvedFact]:
        return self._index.get((entity, attribute), [])

    def attributes_of(self, entity: str) -> set[str]:
        return {a for (e, a) in self._index if e == entity}

    def entity(self, entity_id: str) -> Entity:
        return self.entities[entity_id]

    def chip_of(self, entity_id: str) -> str | None:
        return self.entities[entity_id].chip if entity_id in self.entities else None

    def kind(self, entity_id: str) -> str:
        """The entity's kind ("chip", "system", ...), "" for an id the base does not know."""
        ent = self.entities.get(entity_id)
        return ent.kind if ent else ""

    def built_from(self, chip: str, kinds: Collection[str] | None = None) -> list[str]:
        """The systems, instances and pods built from `chip`, in the fact files' order; with `kinds`, only those."""
        if self._by_chip is None:  # (entities are all loaded before the first question)
            self._by_chip = {}
            for e in self.entities.values():
                self._by_chip.setdefault(e.chip, []).append(e.id)
            for e in self.entities.values():  # a chip's products' systems are the chip's too (B300: GB300 NVL72)
                if e.kind == "chip" and e.members:
                    own = self._by_chip.setdefault(e.id, [])
                    own.extend(x for m in e.members for x in self._by_chip.get(m, []) if x not in own)
        return [e for e in self._by_chip.get(chip, []) if kinds is None or self.entities[e].kind in kinds]

    def named(self, name: str) -> Entity | None:
        """The (first) entity whose display name is `name`."""
        if self._by_name is None:
            self._by_name = {}
            for e in self.entities.values():
                self._by_name.setdefault(e.name, e)
        return self._by_name.get(name)

    def name_words(self) -> frozenset[str]:
        """The words of every entity's name and aliases ("GB300", "NVL72", "Trainium3")."""
        if self._name_words is None:
            self._name_words = frozenset(w for e in self.entities.values() for name in (e.name, *e.aliases)
                                         for w in re.findall(r"\w+", name))
        return self._name_words

    def family_words(self) -> dict[str, frozenset[str]]:
        """The words a product line's names share, each with the hardware whose names hold it ("DGX": DGX H100,
        DGX B200, ...; "NVL72": GB200 NVL72, GB300 NVL72): a word in capitals (and digits) inside a name of two
        words or more that is no name itself, nor a kind of chip ("GPU", "TPU") or an organisation's suffix. A
        text that writes it alone ("GPU memory per DGX: 640 GB", "das NVL72-Rack") means the one it named last."""
        if self._family_words is None:
            names = {n.casefold() for e in self.entities.values() for n in (e.name, *e.aliases)}
            found: dict[str, set[str]] = defaultdict(set)
            for e in self.entities.values():
                if e.kind in ("organisation", "project", "person"):
                    continue
                for name in (e.name, *e.aliases):
                    words = name.split()
                    for word in words if len(words) > 1 else ():
                        if _FAMILY_WORD.fullmatch(word) and word.casefold() not in names:
                            found[word].add(e.id)
            self._family_words = {w: frozenset(ids) for w, ids in found.items()}
        return self._family_words

    def price_cuts(self, entity_id: str) -> list[ResolvedFact]:
        """The days an hourly price was cut: each price fact of the entity (or, for an organisation, of the
        instances it sells) that begins the day a higher price of the same instance ends, with that day as
        its value (asked for every name in a sentence about a price cut: kept once worked out)."""
        return [replace(new, value=new.fact.valid_from) for _, new in self.price_cut_pairs(entity_id)
                if new.fact.valid_from is not None]  # (always set: a pair's new price begins the day the old ends)

    def price_cut_pairs(self, entity_id: str) -> list[tuple[ResolvedFact, ResolvedFact]]:
        """Each cut of the entity's hourly prices (or of its instances', for an organisation) as (the price before,
        the price after): the after-price begins the day a higher price of the same instance with the same
        qualifiers ends (kept once worked out)."""
        if entity_id in self._price_cuts:
            return self._price_cuts[entity_id]
        ent = self.entities.get(entity_id)
        if ent is None:
            return []
        instances = [e.id for e in self.entities.values() if e.kind == "instance" and e.vendor == entity_id] \
            if ent.kind == "organisation" else [entity_id]
        out = []
        for instance in instances:
            prices = self.about(instance, "price_per_hour")
            for f in prices:
                start = f.fact.valid_from
                old = next((g for g in prices if start is not None and f.base_value is not None
                            and g.fact.valid_until == start and g.base_value is not None
                            and g.base_value > f.base_value and g.fact.qualifiers == f.fact.qualifiers), None)
                if old is not None:
                    out.append((old, f))
        self._price_cuts[entity_id] = out
        return out

    def members(self, entity_id: str) -> list[str]:
        """The entity and what it stands for: a family's members ("TPU v5": v5e and v5p), each of whose figures
        may verify a claim about it."""
        ent = self.entities.get(entity_id)
        if ent and ent.members and ent.kind == "family":
            return [entity_id, *ent.members]
        return [entity_id]  # (a chip's products lend it their figures in the index: _lend_products_figures)


class FactBaseError(Exception):
    """The fact base did not validate; `errors` holds one `path:line: message` each."""

    def __init__(self, errors: Sequence[FactFileError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


def _resolve_numeric(fact: Fact, value: float, path: str, line: int) -> ResolvedFact:
    unit_expr, family = units.parse_unit(fact.unit) if fact.unit else ("times", "count")
    base = units.to_base(float(value), unit_expr) if family != "count" else float(value)
    return ResolvedFact(fact, float(value), unit_expr, family, base, path, line)


def running_totals(fact: Fact, path: str, line: int, event_lines: Sequence[int]) -> list[ResolvedFact]:
    """A `kind: cumulative` fact as the facts the checks read: one total for each stretch between two events
    (`qualifiers.cumulative: true`, valid from the event that made it until the next one) and each event
    (`cumulative: false`, valid from its date on: a tranche stays a true statement about its day).

    The totals are derived here, so a total for a date no event falls on is never typed by hand: by
    2023-10-31 Amazon had put 1.25 billion into Anthropic, not 4."""
    order = sorted(range(len(fact.events)), key=lambda j: fact.events[j].date)
    out: list[ResolvedFact] = []
    totals: list[tuple[dt.date, float, list[SourceRef], list[str]]] = []
    total = 0.0
    sources: list[SourceRef] = []
    steps: list[str] = []
    for j in order:
        ev = fact.events[j]
        event = fact.model_copy(update={
            "value": ev.value, "events": [], "valid_from": ev.date, "valid_until": None, "sources": ev.sources,
            "note": ev.note or ev.reason, "qualifiers": fact.qualifiers.model_copy(update={"cumulative": False})})
        out.append(_resolve_numeric(event, ev.value, path, event_lines[j]))
        total += ev.value
        new_urls = {e.url for e in ev.sources}
        sources = [*[s for s in sources if s.url not in new_urls], *ev.sources]
        steps.append(f"{ev.date.isoformat()}: {plain_number(ev.value)}")
        if totals and totals[-1][0] == ev.date:
            totals[-1] = (ev.date, total, list(sources), list(steps))
        else:
            totals.append((ev.date, total, list(sources), list(steps)))
    for k, (since, value, srcs, parts) in enumerate(totals):
        until = totals[k + 1][0] if k + 1 < len(totals) else None
        note = f"Running total from {len(parts)} event(s): " + "; ".join(parts) + (f". {fact.note}" if fact.note else "")
        total_fact = fact.model_copy(update={
            "value": value, "events": [], "valid_from": since, "valid_until": until,
            "sources": list(reversed(srcs)),  # the newest event's sources first: they state the new total
            "note": note, "qualifiers": fact.qualifiers.model_copy(update={"cumulative": True})})
        out.append(_resolve_numeric(total_fact, value, path, line))
    return out


def plain_number(value: float) -> str:
    """A figure as the fact base's own notes and tables write it: "1,250,000,000", "7.7"."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,g}"


def stated_total_mismatch(derived: ResolvedFact, stated: float, stated_unit: str) -> str | None:
    """Why a vendor's printed total disagrees with count x per-chip figure, or None when it agrees.

    The printed total is rounded ("20.7 TB" for 20,736 GiB, "362 PFLOPS" for 362,448 TFLOPS): it
    agrees when the derived value, in either byte reading, rounds to it at the printed precision.
    """
    try:
        unit_expr, family = units.parse_unit(stated_unit)
    except ValueError as exc:
        return f"derive.stated_unit: {exc}"
    if family != derived.family:
        return f"derive.stated_unit: '{stated_unit}' is not a {derived.family} unit"
    decimals = len(repr(float(stated)).split(".")[1].rstrip("0")) if "." in repr(float(stated)) else 0
    half_step = 0.5 * 10 ** -decimals
    readings = [derived.base]
    twin = units.binary_twin(derived.unit_expr) if derived.unit_expr else None
    if twin:
        readings.append(units.to_base(float(derived.number), twin))
    for base in readings:
        in_stated_unit = base / units.to_base(1.0, unit_expr)
        if abs(in_stated_unit - stated) <= half_step + 1e-9 * stated:
            return None
    shown = derived.base / units.to_base(1.0, unit_expr)
    derive = derived.fact.derive
    assert derive is not None
    return (f"derive: {derive.count:g} x {derive.of} = {shown:,.4g} {stated_unit}, "
            f"but the stated total is {stated:g} {stated_unit}")


def build(loaded: Iterable[LoadedFile], fingerprint: str = "",
          tiers: SourceTiers | None = None) -> tuple[FactBase, list[FactFileError]]:
    """Join loaded files, resolve derivations, check cross references; each fact's sources best tier first."""
    loaded = list(loaded)
    fb = FactBase(fingerprint=fingerprint, tiers=tiers or SourceTiers())
    errors: list[FactFileError] = []
    for lf in loaded:
        for i, ent in enumerate(lf.content.entities):
            if ent.id in fb.entities:
                errors.append(FactFileError(lf.path, lf.lines.get(("entities", i), 1), f"duplicate entity id '{ent.id}'"))
            fb.entities[ent.id] = ent
        fb.examples.extend((lf.path, ex) for ex in lf.content.examples)

    pending: list[tuple[LoadedFile, int, Fact]] = []
    for lf in loaded:
        for i, fact in enumerate(lf.content.facts):
            line = lf.lines.get(("facts", i), 1)
            if fact.entity not in fb.entities:
                errors.append(FactFileError(lf.path, line, f"unknown entity '{fact.entity}'"))
                continue
            for ref in (fact.qualifiers.versus, fact.derive.of if fact.derive else None):
                if ref and ref not in fb.entities:
                    errors.append(FactFileError(lf.path, line, f"unknown entity '{ref}'"))
            if fact.derive:
                pending.append((lf, i, fact))
                continue
            if fact.events:
                try:
                    expanded = running_totals(fact, lf.path, line,
                                              [lf.lines.get(("facts", i, "events", j), line) for j in range(len(fact.events))])
                except ValueError as exc:
                    errors.append(FactFileError(lf.path, lf.lines.get(("facts", i, "unit"), line), str(exc)))
                    continue
                for rf in expanded:
                    fb.facts.append(rf)
                    fb._index[(fact.entity, fact.attribute)].append(rf)
                continue
            try:
                if fact.attribute in TEXT_ATTRIBUTES or fact.attribute in DATE_ATTRIBUTES:
                    rf = ResolvedFact(fact, cast(str | dt.date, fact.value), None, None, None, lf.path, line)
                else:
                    rf = _resolve_numeric(fact, cast(float, fact.value), lf.path, line)
            except ValueError as exc:
                errors.append(FactFileError(lf.path, lf.lines.get(("facts", i, "unit"), line), str(exc)))
                continue
            fb.facts.append(rf)
            fb._index[(fact.entity, fact.attribute)].append(rf)

    for lf, i, fact in pending:
        line = lf.lines.get(("facts", i), 1)
        assert fact.derive is not None
        base = [
            f for f in fb.about(fact.derive.of, fact.attribute)
            if f.q.precision == fact.qualifiers.precision and f.q.sparsity == fact.qualifiers.sparsity
            and f.fact.status == "current" and isinstance(f.value, float)
        ]
        if len(base) != 1:
            errors.append(FactFileError(lf.path, line, f"derive: expected one current '{fact.attribute}' fact of "
                                        f"'{fact.derive.of}' with these qualifiers, found {len(base)}"))
            continue
        src = base[0]
        derived_fact = fact.model_copy(update={"unit": src.fact.unit})
        rf = _resolve_numeric(derived_fact, src.number * fact.derive.count, lf.path, line)
        if fact.derive.stated is not None:
            problem = stated_total_mismatch(rf, fact.derive.stated, fact.derive.stated_unit or "")
            if problem:
                errors.append(FactFileError(lf.path, lf.lines.get(("facts", i, "derive"), line), problem))
        fb.facts.append(rf)
        fb._index[(fact.entity, fact.attribute)].append(rf)

    _lend_products_figures(fb)
    _rank_sources(fb)
    for lf in loaded:
        for i, ent in enumerate(lf.content.entities):
            line = lf.lines.get(("entities", i), 1)
            for ref in [ent.predecessor, ent.successor, ent.chip, ent.vendor, *ent.members]:
                if ref and ref not in fb.entities:
                    errors.append(FactFileError(lf.path, line, f"entity '{ent.id}' refers to unknown entity '{ref}'"))
    return fb, errors


def figure_key(f: ResolvedFact) -> tuple:
    """What a figure is of, apart from whose: attribute, precision, sparsity, direction."""
    return f.attribute, f.q.precision, f.q.sparsity, f.q.direction


def _lend_products_figures(fb: FactBase) -> None:
    """A chip whose products are entities of their own (`members` of a chip: "B300" is built as HGX B300 and as
    the GB300's GPU) answers for their figures beside its own: "B300 ... 1,100 W" is HGX B300's, "1,400 W" GB300's,
    and "B300 ... 270 GB" is HGX B300's where the chip's own figure is its largest SKU's 288 GB (a writer's
    "B300" is often one of its products). The products' facts keep their entity."""
    for ent in fb.entities.values():
        if ent.kind != "chip" or not ent.members:
            continue
        attributes = {a for m in ent.members for a in fb.attributes_of(m)}
        for attribute in sorted(attributes):
            own = list(fb._index.get((ent.id, attribute), []))
            lent = [f for m in ent.members for f in fb._index.get((m, attribute), [])]
            if lent:
                fb._index[(ent.id, attribute)] = own + lent


def _rank_sources(fb: FactBase) -> None:
    """Each fact's sources, best tier first (the log cites the first), with their tiers."""
    ranked: dict[int, ResolvedFact] = {}
    for rf in fb.facts:
        tiers = [fb.tiers.tier(s.url) for s in rf.fact.sources]
        order = sorted(range(len(tiers)), key=lambda k: TIER_RANK[tiers[k]])  # (stable: the file's order within a tier)
        fact = rf.fact if order == sorted(order) else rf.fact.model_copy(
            update={"sources": [rf.fact.sources[k] for k in order]})
        ranked[id(rf)] = replace(rf, fact=fact, tiers=tuple(tiers[k] for k in order))
    fb.facts = [ranked[id(rf)] for rf in fb.facts]
    for key, facts in fb._index.items():
        fb._index[key] = [ranked[id(rf)] for rf in facts]


@gc_paused()
def load_factbase(extra_dirs: Sequence[Path] = (), include_bundled: bool = True) -> FactBase:
    """The bundled fact base plus a publication's own fact directories; raises FactBaseError."""
    dirs = ([bundled_facts_dir()] if include_bundled else []) + [Path(d) for d in extra_dirs]
    for d in dirs:
        if not Path(d).exists():
            raise FactBaseError([FactFileError(str(d), 1, "fact directory does not exist")])
    paths = fact_files(dirs)
    loaded, errors = [], []
    for p in paths:
        lf, errs = load_file(p)
        errors.extend(errs)
        if lf:
            loaded.append(lf)
    try:
        tiers = load_tiers(tier_files(dirs))
    except TierFileError as exc:
        raise FactBaseError([FactFileError(exc.path, 1, exc.message)]) from None
    fb, more = build(loaded, content_hash(fact_files(dirs, with_tiers=True)), tiers)
    errors.extend(more)
    if errors:
        raise FactBaseError(errors)
    return fb

"""What every check shares: the context it runs in, and how a number as written matches a fact."""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, replace

from .. import units
from ..factbase.base import FactBase, ResolvedFact
from ..factbase.tiers import TIER_RANK
from ..i18n import unit_name
from ..models import Claim, Quantity, SourceRef, Verdict
from ..numbers import format_number
from ..suggest import as_written, figure_as_written

# Relative slack for a figure written without a qualifier, on top of its last digit (which already
# admits truncation: "3.3 TB/s" for 3.35, "2.5 TB/s" for 2.56). Kept small: H200's 141 GB written
# as "144 GB" is 2% off and wrong; every planted-error class we know is further off than this.
EXACT_SLACK = 0.012
APPROX_SLACK = 0.06
NEARLY_FLOOR = 0.85  # "nearly 500,000", "fast doppelt": short of the figure, not far short
NEARLY_MULTIPLE_GAP = 0.5  # "nearly 5x" is at least 4.5x: "fast doppelt" may be 1.76x, "nearly 5x" is not 4.4x
PRECISION_GROUPS = [{"FP8", "MXFP8", "cFP8"}, {"FP4", "MXFP4", "NVFP4"}, {"BF16", "FP16"}]


@dataclass(frozen=True)
class CheckContext:
    factbase: FactBase
    as_of: dt.date
    lang: str


class Check:
    """A rule that turns one claim and the fact base into a verdict.

    `attributes` are the claim attributes the check judges (checks/__init__.py dispatches on them: one
    check per attribute); `applies` says whether a claim of them carries what the check needs."""

    code = ""
    name = ""
    attributes: frozenset[str] = frozenset()

    def applies(self, claim: Claim) -> bool:  # pragma: no cover - every check overrides it
        raise NotImplementedError

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:  # pragma: no cover
        raise NotImplementedError


_FB_CACHE: tuple = (None, {})  # a fact base and what has been worked out of it


# how far above an "over" figure the value may lie: "gut", "a good" by a quarter; "a bit more than", "etwas mehr als"
# by a seventh
OVER_CEILINGS = {"over": 1.25, "slightly_over": 1.15}
FLOORS = ("at_least", *OVER_CEILINGS)  # a figure written as a floor the value reaches
BOUNDS = (*FLOORS, "at_most")  # ... or as a floor or a ceiling


def fact_base_cache(fb: FactBase) -> dict:
    """A dict for values computed once from this fact base (they do not change once loaded)."""
    global _FB_CACHE
    if _FB_CACHE[0] is not fb:
        _FB_CACHE = (fb, {})
    return _FB_CACHE[1]


def built_from(fb: FactBase, chip: str) -> list:
    """The entities built from a chip (`chip: <id>`), in fact-base order (FactBase.built_from, as entities)."""
    return [fb.entities[e] for e in fb.built_from(chip)]


def same_kind_and_vendor(fb: FactBase, entity) -> list:
    """The other entities of an entity's kind and vendor, in fact-base order."""
    cache = fact_base_cache(fb)
    index = cache.get("kind_vendor")
    if index is None:
        index = cache["kind_vendor"] = {}
        for e in fb.entities.values():
            index.setdefault((e.kind, e.vendor), []).append(e)
    return [e for e in index.get((entity.kind, entity.vendor), []) if e.id != entity.id]


def sources_of(facts) -> tuple[SourceRef, ...]:
    seen, out = set(), []
    for f in facts:
        for ref in _refs(f):
            if ref.url not in seen:
                seen.add(ref.url)
                out.append(ref)
    if len(out) > 1:  # the best tier first (stable: the facts' own order within a tier); "" (no table) last
        out.sort(key=lambda r: TIER_RANK.get(r.tier, len(TIER_RANK)))
    return tuple(out)


_REFS: dict[int, tuple] = {}  # id(fact) -> (fact, its sources as SourceRefs)


def _refs(fact) -> tuple[SourceRef, ...]:
    known = _REFS.get(id(fact))
    if known is not None and known[0] is fact:
        return known[1]
    refs = tuple(SourceRef(s.title, s.url, s.date.isoformat(), tier) for s, tier in fact.tiered_sources())
    if len(_REFS) > 20_000:
        _REFS.clear()
    _REFS[id(fact)] = (fact, refs)
    return refs


def iso(date: dt.date | None) -> str:
    """A fact's date, known to be there (the caller filtered on it)."""
    assert date is not None
    return date.isoformat()


def figure(claim: Claim) -> Quantity:
    """The claim's figure: a check of figures runs only on claims that have one (Check.applies)."""
    assert claim.quantity is not None, claim
    return claim.quantity


def same_precision(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return True
    if a == b:
        return True
    return any(a in g and b in g for g in PRECISION_GROUPS)


def interval(q: Quantity) -> tuple[float, float]:
    """The values (in the written unit) that the figure as written admits."""
    v, res = q.value, q.resolution
    if q.range_high is not None:
        return v - res, q.range_high + res
    if q.qualifier in ("exact", "up_to"):
        # the resolution is half the last digit ("8" admits 7.5-8.5); a little slack on top for
        # vendors' own rounding ("2.52" for 2.517)
        tol = max(res * (1 + 1e-6), EXACT_SLACK * abs(v))
        # writers also cut digits off: "2.5 TB/s" for 2.56 (the next digit up is still the same figure;
        # not the next figure itself: "5.2 TB/s" is not 5.3 cut short)
        return v - tol, v + max(tol, 2 * res * (1 - 1e-6))
    if q.qualifier == "approx":
        tol = max(res, APPROX_SLACK * abs(v))
        return v - tol, v + tol
    if q.qualifier == "nearly":
        # short of the figure, or at it: "knapp 3 TB/s" is no reading of 3.35 TB/s though a bare "3" admits 3.5
        return v * NEARLY_FLOOR, v + min(res, APPROX_SLACK * abs(v))
    if q.qualifier == "at_least":
        # "over 1.6 Tbps" for 20 Tbps misleads as much as "1.6 Tbps": "more than" stays below twice the figure;
        # and it is not much below the figure either ("über 1 Million" is not half a million)
        low = v - min(res, APPROX_SLACK * abs(v))
        return low, 2 * v - res if v > 0 else math.inf
    if q.qualifier in OVER_CEILINGS:
        # "gut 3 TB/s": the figure is a floor the value reaches, and not by a quarter more; "a bit more than 4 TB/s",
        # "etwas mehr als": not by a seventh more (4.8 TB/s is "nearly 5", not "a bit more than 4")
        return v * (1 - 1e-9), OVER_CEILINGS[q.qualifier] * v if v > 0 else math.inf
    if q.qualifier == "at_most":
        return 0.0, v + res
    return v - res, v + res


def readings(q: Quantity) -> list[str]:
    """The unit readings of a written figure: "80 GiB" may mean GiB or (loosely) GB. A decimal
    unit is read as written: a binary fact has its decimal reading already ("144 GB" for AWS's
    144 GiB, see fact_readings), and reading "3.35 TB/s" as TiB/s would pass it for Gaudi 3's 3.7 TB/s."""
    out = [q.unit]
    twin = units.binary_twin(q.unit) if q.unit and "bibyte" in q.unit else None
    if twin:
        out.append(twin)
    return out


def fact_readings(fact: ResolvedFact) -> list[float]:
    """A fact's value in base units, and for binary byte units also its decimal reading.

    AWS documents 20,736 GiB and markets it as "20.7 TB": the same digits, the decimal unit.
    """
    known = _READINGS.get(id(fact))
    if known is not None and known[0] is fact:
        return known[1]
    out = _fact_readings(fact)
    if len(_READINGS) > 20_000:
        _READINGS.clear()
    _READINGS[id(fact)] = (fact, out)
    return out


_READINGS: dict[int, tuple] = {}  # id(fact) -> (fact, fact_readings(fact)); facts do not change


def _fact_readings(fact: ResolvedFact) -> list[float]:
    out = [fact.base_value] if fact.base_value is not None else []
    binary = fact.unit_expr and "bibyte" in fact.unit_expr  # a decimal fact has no binary reading
    numeric = isinstance(fact.value, (int, float)) and not isinstance(fact.value, bool)
    twin = units.binary_twin(fact.unit_expr) if binary and numeric else None
    if twin:
        out.append(units.to_base(fact.value, twin))
    if out and fact.fact.upper is not None and fact.unit_expr:
        # a vendor's range ("384-512 GB"): its top is a reading too ("up to 512 GB")
        out.append(units.to_base(float(fact.fact.upper), fact.unit_expr))
    return out


def matches(q: Quantity, fact: ResolvedFact) -> bool:
    if fact.base_value is None or fact.family != q.family:
        return False
    stated = fact.fact.qualifiers.as_stated
    if stated and q.qualifier in (FLOORS if stated == "nearly" else ("nearly", "at_most")):
        return False  # "gut 500.000" where the source said "nearly half a million": above what it said it stays below
    bounds = _bounds(q)
    if q.family in ("count", "ratio"):
        lo, hi = bounds[0]
        return lo <= fact.base_value <= hi
    if len(bounds) > 1 and fact.unit_expr and "bibyte" in fact.unit_expr:
        # a binary figure against a binary fact is read as written: "gut 200 GiB" is not the 192 GiB of a TPU7x,
        # though 200 GB would be (the loose decimal reading is for facts a vendor states in GB)
        lo_b, hi_b = bounds[0]
        return lo_b <= fact.base_value <= hi_b
    values = fact_readings(fact)
    return any(lo_b <= v <= hi_b for lo_b, hi_b in bounds for v in values)


_LAST_BOUNDS: tuple = (None, ())  # the quantity last matched and its bounds (one is matched with many facts)


def _bounds(q: Quantity) -> list[tuple[float, float]]:
    """The bounds matches() compares facts with: for a count or ratio, of the value; else of the
    value in base units, one pair per unit reading."""
    global _LAST_BOUNDS
    last_q, last = _LAST_BOUNDS
    if last_q is q:
        return last
    lo, hi = interval(q)
    if q.family in ("count", "ratio"):
        out = [(lo - 1e-9, hi + 1e-9)]
    else:
        out = []
        for unit in readings(q):
            lo_b = units.to_base(lo, unit) if math.isfinite(lo) else lo
            hi_b = units.to_base(hi, unit) if math.isfinite(hi) else hi
            out.append((lo_b * (1 - 1e-9), hi_b * (1 + 1e-9)))
    _LAST_BOUNDS = (q, out)
    return out


def matches_as_written(q: Quantity, fact: ResolvedFact) -> bool:
    """The fact has the very digits written, not just a value that rounds to them."""
    if q.family in ("count", "ratio") or q.range_high is not None:
        return matches(q, fact)
    return matches(replace(q, resolution=0.0, qualifier="exact"), fact)


def matches_digits(q: Quantity, fact: ResolvedFact) -> bool:
    """The fact rounds to the digits written, with no slack for vendors' rounding: 667 is 667, not 671."""
    if fact.base_value is None or fact.family != q.family or q.range_high is not None:
        return False
    if q.family in ("count", "ratio"):
        return abs(fact.base_value - q.value) <= q.resolution + 1e-9
    values = fact_readings(fact)
    for unit in readings(q):
        lo, hi = units.to_base(q.value - q.resolution, unit), units.to_base(q.value + q.resolution, unit)
        if any(lo * (1 - 1e-9) <= v <= hi * (1 + 1e-9) for v in values):
            return True
    return False


def closest(q: Quantity, facts: list[ResolvedFact]) -> ResolvedFact | None:
    """The fact nearest the written figure (on a log scale): the one the writer most likely meant."""
    best, best_d = None, math.inf
    if q.family in ("count", "ratio"):
        claimed = q.value
    else:
        claimed = units.to_base(q.value, q.unit)
    for f in facts:
        if not f.base_value or claimed <= 0:
            continue
        d = abs(math.log(f.base_value / claimed))
        if f.fact.status != "current":
            d += 0.01
        if d < best_d:
            best, best_d = f, d
    return best


def render_fact_value(fact: ResolvedFact, lang: str) -> str:
    """A fact's value as the vendor writes it ("144 GiB", "2.517 PFLOPS" -> "2,517 TFLOPS")."""
    if isinstance(fact.value, float):
        unit = unit_name(lang, fact.fact.unit or "")  # "USD pro Stunde"
        num = format_number(fact.value, lang)
        return f"{num} {unit}".strip()
    return str(fact.value)


def bits_bytes_flipped(q):
    """The figure with bits read as bytes or bytes as bits ("28.8 TB/s" -> 28.8 Tbit/s)."""
    if not q.unit or ("bit" not in q.unit and "byte" not in q.unit) or q.qualifier in BOUNDS:
        return q  # "over 1.6 Tbps" bounds a figure; it is not a digit-for-digit slip of one
    return replace(q, unit=q.unit.replace("byte", "bit") if "byte" in q.unit else q.unit.replace("bit", "byte"))


def slipped(q: Quantity, fact: ResolvedFact) -> bool:
    """Whether the figure is the fact with bits and bytes swapped: the same digits ("28.8 TB/s" for 28.8 Tbps), or,
    for a figure said to be about ("rund 7,3 Tbit/s"), close to the fact in the other unit (7,380 GB/s)."""
    flipped = bits_bytes_flipped(q)
    return matches(flipped, fact) if q.qualifier == "approx" else matches_digits(flipped, fact)


def suggest_as_written(q: Quantity, fact: ResolvedFact, lang: str) -> str:
    """The replacement text as the writer would write it (reviewer/suggest.py): the writer's unit, scale word
    and number marks where they keep the vendor's number, else the vendor's own figure."""
    if q.family in ("count",):
        return as_written(q, fact.base_value or 0, lang) or format_number(fact.base_value or 0, lang)
    if not q.unit or fact.unit_expr is None:
        return render_fact_value(fact, lang)
    if units.binary_twin(q.unit) == fact.unit_expr or q.unit == fact.unit_expr:
        value = float(fact.number)  # same number, the writer's (decimal) reading of the unit
    elif units.is_bits(q.unit) != units.is_bits(fact.unit_expr) and matches(bits_bytes_flipped(q), fact):
        return render_fact_value(fact, lang)  # the slip is bits for bytes: show the vendor's unit
    elif math.isclose(q.value, float(fact.number), rel_tol=1e-9):
        # "1.200 Hektar" for 1,200 acres: the unit slipped, not the number: the number as written, the vendor's unit
        written = figure_as_written(q, float(fact.number), lang)
        joint = "-" if _HYPHENATED.search(q.text) else " "  # "1,200-hectare campus" -> "1,200-acre campus"
        return f"{written}{joint}{unit_name(lang, fact.fact.unit)}" if written and fact.fact.unit \
            else render_fact_value(fact, lang)
    else:
        value = units.convert(float(fact.number), fact.unit_expr, q.unit)
    upper = None
    if fact.fact.upper is not None and fact.unit_expr:
        upper = units.convert(float(fact.fact.upper), fact.unit_expr, q.unit)
    if value < 1 <= q.value:
        return render_fact_value(fact, lang)  # not "0,19 PFLOPS" but the vendor's "190 TFLOPS"
    cents = q.family in ("price", "money")  # "$21.50": a price keeps its cents
    return as_written(q, value, lang, upper, cents) or render_fact_value(fact, lang)


_HYPHENATED = re.compile(r"\d-[^\W\d]")

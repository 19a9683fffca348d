"""Stage 5: Claims -> Verdicts, by the check for each claim's attribute (checks.BY_ATTRIBUTE)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from . import units
from .checks import BY_ATTRIBUTE, CheckContext
from .extract.rules.value_match import HOW as VALUE_MATCH
from .factbase.schema import Entity
from .i18n import attr_name, msg
from .models import Claim, Verdict, evolve
from .vocabulary import SET_ASIDE_STANCES


def verify(claims: Iterable[Claim], ctx: CheckContext) -> list[tuple[str, Verdict]]:
    """(check code, verdict) for every claim; a claim no check handles is unverifiable."""
    out = []
    for claim in claims:
        check = BY_ATTRIBUTE.get(claim.attribute)
        if check is None or not check.applies(claim):
            name = ctx.factbase.entities[claim.entity].name
            out.append(("", Verdict(claim, "unverifiable", reason=msg(
                ctx.lang, "unverifiable", entity=name, attribute=attr_name(ctx.lang, claim.attribute),
                claimed=claim.text))))
            continue
        at = replace(ctx, as_of=claim.as_of) if claim.as_of is not None else ctx  # "bis Ende 2024", a dated post
        v = check.check(claim, at)
        if v.kind == "contradicted" and at is not ctx and _spec(claim):
            now = check.check(claim, ctx)
            v = now if now.kind == "verified" else v  # (a spec right today and wrong at the date its line or clause
            # names: the date is the doubt, not the figure - "auf den Markt kam sie im August 2024 mit 256 GB")
        out.append((check.code, as_announced(v, at)))
    entities = ctx.factbase.entities
    return [(code, named(by_stance(v, ctx.lang), entities)) for code, v in _without_corrections(_matched(out), ctx.lang)]


def _matched(pairs: list[tuple[str, Verdict]]) -> list[tuple[str, Verdict]]:
    """Without the value-match claims that did not verify, and with one per figure (rules/value_match.py): a figure no
    rule read is shown only when it is exactly the fact base's, never as an alarm."""
    seen: set[tuple[int, int]] = set()
    out = []
    for code, v in pairs:
        if v.claim.subject_how == VALUE_MATCH:
            if v.kind != "verified" or (v.claim.start, v.claim.end) in seen:
                continue
            seen.add((v.claim.start, v.claim.end))
        out.append((code, v))
    return out


def _spec(claim: Claim) -> bool:
    """A hardware figure (memory, a rate, compute, power) the article asserts; not a sum of money or a count, whose
    date is the point ("by December 2024, 13 billion in total")."""
    return claim.stance == "asserted" and claim.quantity is not None \
        and claim.quantity.family in ("memory", "rate", "compute", "power")


def named(v: Verdict, entities: Mapping[str, Entity]) -> Verdict:
    """The verdict with its entity's display name, which the log shows instead of the id."""
    entity = entities.get(v.claim.entity)
    return evolve(v, entity_name=entity.name) if entity is not None else v


def as_announced(v: Verdict, ctx: CheckContext) -> Verdict:
    """A claim verified against hardware that is only announced (every fact on the attribute valid then is
    `status: announced`) verifies "as announced": the vendor's target, not a shipped product's figure."""
    if v.kind != "verified":
        return v
    facts = [f for f in ctx.factbase.about(v.claim.entity, v.claim.attribute) if f.valid_at(ctx.as_of)]
    if facts and all(f.fact.status == "announced" for f in facts):
        return replace(v, reason=msg(ctx.lang, "as_announced", reason=v.reason))
    return v


def by_stance(v: Verdict, lang: str) -> Verdict:
    """What the claim's stance does to its verdict (reviewer/extract/stance.py). Only an asserted claim keeps
    an alarm; a historical one was true at the time it names when it is merely outdated now; speculation
    is unverifiable at most. The claims the article does not assert keep their verdict and are set aside
    (not in the log's findings: reviewer/api.py)."""
    stance = v.claim.stance
    if stance == "historical" and v.kind == "outdated":
        return _true_then(v, lang)
    if stance == "speculation" and v.kind in ("contradicted", "outdated"):
        return replace(v, kind="unverifiable", suggestion=None,
                       reason=msg(lang, "stance_speculation", reason=v.reason))
    return v


def set_aside(v: Verdict) -> bool:
    """Whether the claim is left out of the log's findings: the article does not assert it. A negated value
    that is right ("144 GiB statt 96 GiB", the predecessor's 96) is a comparison the article makes, and it
    stays."""
    stance = v.claim.stance
    return stance in SET_ASIDE_STANCES and not (stance == "negated" and v.kind == "verified")


def _key(v: Verdict) -> tuple:
    c = v.claim
    return c.sentence, c.entity, c.attribute, c.precision, c.sparsity, c.versus


def _without_corrections(pairs: list[tuple[str, Verdict]], lang: str) -> list[tuple[str, Verdict]]:
    """A sentence that gives a once-true figure and the current one for the same thing tells the
    history ("288 GB was the announcement; it shipped with 256 GB"): the old figure is not claimed
    as current, it was true then. (Two figures where one was never true stay an alarm: that is a claim
    and a typo.)"""
    right: dict[tuple, list] = {}
    for _, v in pairs:
        if v.kind == "verified" and v.claim.quantity is not None and v.claim.stance == "asserted":
            right.setdefault(_key(v), []).append(v.claim.quantity)
    return [(code, _history(v, lang) if v.kind == "outdated" and any(
        _distinct(q, v.claim.quantity, fine=v.claim.stance == "asserted") for q in right.get(_key(v), ())) else v)
        for code, v in pairs]


def _history(v: Verdict, lang: str) -> Verdict:
    """An outdated figure beside the current one: said of an earlier time, and true then."""
    return replace(_true_then(v, lang), suggestion=None,
                   claim=evolve(v.claim, stance="historical") if v.claim.stance == "asserted" else v.claim)


def _true_then(v: Verdict, lang: str) -> Verdict:
    """An outdated verdict turned verified: the figure was true at the time the sentence speaks of."""
    return replace(v, kind="verified", reason=msg(lang, "stance_historical", reason=v.reason))


def _distinct(a, b, fine: bool = False) -> bool:
    """Two figures that are not one figure written twice ("1,287 TFLOPS (about 1.3 PFLOPS)"): they differ
    by more than the coarser one's rounding. With `fine` (the article's own figure), in one unit by more than the
    finer one's: nobody writes one figure twice in one unit, rounded two ways ("192 GB und 8 TB/s, ... 180 GB bei
    7,7 TB/s"); a denied one stays denied ("180 GB and 7.7 TB/s, not 192 GB and 8 TB/s")."""
    if b is None or not a.unit or not b.unit or a.family != b.family or a.family in ("count", "ratio"):
        return True
    va, vb = units.to_base(a.value, a.unit), units.to_base(b.value, b.unit)
    pick = min if fine and a.unit == b.unit else max
    res = pick(units.to_base(a.resolution, a.unit), units.to_base(b.resolution, b.unit))
    return abs(va - vb) > res

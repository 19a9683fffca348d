"""Stage 5: Claims -> Verdicts, by the first registered check that applies to each claim."""

from __future__ import annotations

from collections.abc import Iterable

from .checks import CHECKS, CheckContext
from .checks.base import fact_base_cache
from .i18n import attr_name, msg
from .models import Claim, Verdict


def verify(claims: Iterable[Claim], ctx: CheckContext) -> list[tuple[str, Verdict]]:
    """(check code, verdict) for every claim; a claim no check handles is unverifiable."""
    out = []
    memo = fact_base_cache(ctx.factbase).setdefault("verdicts", {})
    if len(memo) > _MEMO_SIZE:
        memo.clear()
    for claim in claims:
        key = _memo_key(claim, ctx)
        hit = memo.get(key)
        if hit is not None:
            code, v = hit
            out.append((code, Verdict(claim, v.kind, v.expected, v.suggestion, v.reason, v.sources, v.note)))
            continue
        code, v = check_one(claim, ctx)
        if v.claim is claim:  # a check that judged another claim in its place ("the one entity in
            memo[key] = (code, v)  # context with a network figure") is not remembered
        out.append((code, v))
    return _without_corrections(out)


def check_one(claim: Claim, ctx: CheckContext) -> tuple[str, Verdict]:
    """(check code, verdict) of one claim, worked out afresh."""
    check = next((c for c in CHECKS if c.applies(claim)), None)
    if check is None:
        name = ctx.factbase.entities[claim.entity].name
        return "", Verdict(claim, "unverifiable", reason=msg(
            ctx.lang, "unverifiable", entity=name, attribute=attr_name(ctx.lang, claim.attribute),
            claimed=claim.text))
    return check.code, check.check(claim, ctx)


# A check is a function of the claim's content and the context (fact base, date, language), not of
# where the claim stands: "144 GB HBM3e" said of Trainium3 gets the same verdict in every article of
# a batch. Verdicts are remembered per fact base (fact_base_cache), keyed by everything a check may
# read: every field of the claim but its offsets and sentence.
_MEMO_SIZE = 50_000
MEMO_IGNORES = ("start", "end", "sentence")  # the Claim fields _memo_key leaves out (and Quantity's offsets)


def _memo_key(c: Claim, ctx: CheckContext) -> tuple:
    q = c.quantity
    qk = None if q is None else (q.text, q.value, q.resolution, q.unit, q.family, q.qualifier, q.range_high)
    return (ctx.as_of, ctx.lang, c.entity, c.attribute, c.text, qk, c.value_text, c.precision, c.sparsity,
            c.scope, c.versus, c.versus_implied, c.per_direction, c.negated, c.subject_text, c.subject_how,
            c.alternates, c.as_of)


def _key(v: Verdict) -> tuple:
    c = v.claim
    return c.sentence, c.entity, c.attribute, c.precision, c.sparsity, c.versus


def _without_corrections(pairs: list[tuple[str, Verdict]]) -> list[tuple[str, Verdict]]:
    """A sentence that gives a once-true figure and the current one for the same thing tells the
    history ("288 GB was the announcement; it shipped with 256 GB"): the old figure is not claimed
    as current. (Two figures where one was never true stay an alarm: that is a claim and a typo.)"""
    right = {_key(v) for _, v in pairs if v.kind == "verified" and v.claim.quantity is not None}
    return [(code, v) for code, v in pairs if not (v.kind == "outdated" and _key(v) in right)]

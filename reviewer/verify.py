"""Stage 5: Claims -> Verdicts, by the first registered check that applies to each claim."""

from __future__ import annotations

from collections.abc import Iterable

from .checks import CHECKS, CheckContext
from .i18n import attr_name, msg
from .models import Claim, Verdict


def verify(claims: Iterable[Claim], ctx: CheckContext) -> list[tuple[str, Verdict]]:
    """(check code, verdict) for every claim; a claim no check handles is unverifiable."""
    out = []
    for claim in claims:
        check = next((c for c in CHECKS if c.applies(claim)), None)
        if check is None:
            name = ctx.factbase.entities[claim.entity].name
            out.append(("", Verdict(claim, "unverifiable", reason=msg(
                ctx.lang, "unverifiable", entity=name, attribute=attr_name(ctx.lang, claim.attribute),
                claimed=claim.text))))
            continue
        out.append((check.code, check.check(claim, ctx)))
    return out

"""HW103 interconnect, HW104 foundry, HW105 role: claims whose value is a name."""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import replace

from ..i18n import attr_name, msg
from ..models import Claim, Verdict
from ..names import normalize, split_version
from ..periods import Period
from .base import Check, CheckContext, iso, sources_of


def _same_name(claimed: str, fact_value: str) -> bool:
    """"NVLink Fusion" is a kind of "NVLink"; "NeuronLink" names "NeuronLink-v4"; v3 is never v4."""
    a, b = normalize(claimed), normalize(fact_value)
    if a == b:
        return True
    va, vb = split_version(a)[1], split_version(b)[1]
    if va and vb and va != vb:
        return False
    return a.startswith(b) or b.startswith(a)


def _names_of(fb, name: str) -> list[str]:
    """A link's name and its aliases, as the fact base knows them ("Elastic Fabric Adapter": "EFA", "AWS EFA")."""
    ent = fb.named(name)
    return [name, *ent.aliases] if ent is not None and ent.kind == "interconnect" else [name]


def _version_clash(claimed: str, fact_value: str) -> bool:
    (sa, va), (sb, vb) = split_version(normalize(claimed)), split_version(normalize(fact_value))
    return bool(va and vb and sa == sb and va != vb)


class InterconnectClaim(Check):
    """The interconnect a chip is said to use (or not to use) must be the one it has.

    Bad:  "Trainium3 chips talk to each other over NVLink."   (NeuronLink-v4; NVLink Fusion is Trainium4)
    Good: "Trainium3 nutzt NeuronLink-v4, nicht NVLink."
    """

    code = "HW103"
    name = "interconnect"

    attributes = frozenset({"interconnect"})

    def applies(self, claim: Claim) -> bool:
        return True

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        fb, lang = ctx.factbase, ctx.lang
        ent = fb.entities[claim.entity].name
        facts = [f for e in fb.members(claim.entity) for f in fb.about(e, "interconnect") if f.valid_at(ctx.as_of)]
        positive = [f for f in facts if not f.fact.negated]
        negative = [f for f in facts if f.fact.negated]
        value = claim.value_text or claim.text
        names = _names_of(fb, value)

        def same(fact_text: str) -> bool:  # "EFA" in a fact names the Elastic Fabric Adapter the article names
            return any(_same_name(name, fact_text) for name in names)

        pos_hit = [f for f in positive if same(f.text)]
        neg_hit = [f for f in negative if same(f.text)]
        clash = [f for f in positive if _version_clash(value, f.text)]
        uses = ", ".join(sorted({str(f.value) for f in positive})) or "?"
        if not claim.negated and not pos_hit and fb.entities[claim.entity].kind == "chip":
            # "Trainium3 chips are linked through NeuronSwitch-v1": the fabric of the systems built from the chip
            pos_hit = [f for e in fb.built_from(claim.entity, ("system", "pod"))
                       for f in fb.about(e, "interconnect")
                       if f.valid_at(ctx.as_of) and not f.fact.negated and same(f.text)]
        if not claim.negated and not pos_hit:
            for other in claim.alternates:  # a guessed subject: the link is another chip's in context
                alt_hit = [f for e in fb.members(other) for f in fb.about(e, "interconnect")
                           if f.valid_at(ctx.as_of) and not f.fact.negated and same(f.text)]
                if alt_hit:
                    alt = replace(claim, entity=other, alternates=())
                    return Verdict(alt, "verified", expected=str(alt_hit[0].value), sources=sources_of(alt_hit),
                                   reason=msg(lang, "verified", entity=fb.entities[other].name,
                                              attribute=attr_name(lang, "interconnect"), claimed=value,
                                              expected=alt_hit[0].value))
        if not claim.negated:
            if pos_hit:
                return Verdict(claim, "verified", expected=str(pos_hit[0].value), sources=sources_of(pos_hit),
                               reason=msg(lang, "verified", entity=ent, attribute=attr_name(lang, "interconnect"),
                                          claimed=value, expected=pos_hit[0].value))
            if neg_hit or clash:
                used = neg_hit or clash
                # a version clash is put right by the same link's own version ("NeuronLink-v3" in a Trn3 UltraServer
                # is NeuronLink-v4, not EFA, the first of its links by name)
                suggestion = str(clash[0].value) if clash else uses.split(", ")[0]
                return Verdict(claim, "contradicted", expected=uses, suggestion=suggestion,
                               sources=sources_of(used + positive),
                               reason=msg(lang, "unsupported", entity=ent, claimed=value, expected=uses),
                               note=(neg_hit[0].fact.note if neg_hit else None))
        else:
            if neg_hit or (not pos_hit and (clash or positive)):
                # "not NVLink; it uses NeuronLink-v3": the links it has are known and the named one is not among them
                used = neg_hit or clash or positive
                return Verdict(claim, "verified", expected=uses, sources=sources_of(used),
                               reason=msg(lang, "negated_ok", entity=ent, claimed=value))
            if pos_hit:
                return Verdict(claim, "contradicted", expected=str(pos_hit[0].value), sources=sources_of(pos_hit),
                               reason=msg(lang, "negated_wrong", entity=ent, claimed=value))
        return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent,
                                                         attribute=attr_name(lang, "interconnect"), claimed=value))


class FoundryClaim(Check):
    """The foundry a chip is said to be made at must be its foundry.

    Bad:  "Trainium3 is manufactured by Samsung."
    Good: "Produziert wird Trainium3 von TSMC."
    """

    code = "HW104"
    name = "foundry"

    attributes = frozenset({"foundry"})

    def applies(self, claim: Claim) -> bool:
        return True

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        return name_verdict(claim, ctx, lambda value, fact: normalize(fact) == normalize(value))


class RoleClaim(Check):
    """Who holds a role must be who held it at the article's date.

    Bad:  "AWS CEO Adam Selipsky announced ..."   (in an article dated after 2024-06-03: Matt Garman)
    Good: "AWS-Chef Matt Garman kündigte ... an."  (2025)   / "former AWS CEO Adam Selipsky"
    """

    code = "HW105"
    name = "role"

    attributes = frozenset({"ceo"})

    def applies(self, claim: Claim) -> bool:
        return True

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        fb, lang = ctx.factbase, ctx.lang
        org = fb.entities[claim.entity].name
        attribute = attr_name(lang, claim.attribute)
        facts = fb.about(claim.entity, claim.attribute)
        person = claim.value_text or claim.text
        theirs = [f for f in facts if normalize(str(f.value)) == normalize(person)]
        if claim.scope and claim.scope.startswith("before:"):
            return self._predecessor(claim, ctx, claim.scope[7:], facts, theirs)
        held_then = False
        if claim.scope and claim.scope.startswith("at:"):
            # a role in a sentence dated before the article: who held it then
            period = Period.decode(claim.scope[3:])
            first = dt.date(period.year, period.first_month, period.day or 1)
            last = dt.date(period.year, period.last_month, period.day or calendar.monthrange(period.year, period.last_month)[1])
            if last < ctx.as_of:
                held_then = any(_overlaps(f, first, last) for f in theirs)
                # (who held it all the period, else at its end: "im Frühjahr 2025 noch mit Intel-Chef Pat Gelsinger",
                # who had left in December 2024)
                then = [f for f in facts if f.valid_at(first) and f.valid_at(last)] or [f for f in facts if f.valid_at(last)]
                if not held_then and then and theirs:
                    return Verdict(claim, "contradicted", expected=str(then[0].value), suggestion=str(then[0].value),
                                   sources=sources_of(then + theirs),
                                   reason=msg(lang, "contradicted", entity=org, attribute=attribute, claimed=person,
                                              expected=str(then[0].value)))
                if not held_then:
                    return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=org,
                                                                     attribute=attribute, claimed=person))
        now = [f for f in facts if f.valid_at(ctx.as_of)]
        holder = str(now[0].value) if now else None
        if held_then or any(f.valid_at(ctx.as_of) for f in theirs) or (theirs and claim.scope == "past"):
            return Verdict(claim, "verified", expected=person, sources=sources_of(theirs),
                           reason=msg(lang, "verified", entity=org, attribute=attribute, claimed=person,
                                      expected=person))
        ended = [f for f in theirs if f.fact.valid_until and f.fact.valid_until <= ctx.as_of]
        if ended and holder and claim.as_of is not None:
            # judged at the time its line or post names ("**Dezember 2024:** AWS-Chef Adam Selipsky kündigt ... an"):
            # the person had left by then, so the line was wrong when it was written, not merely outdated
            return Verdict(claim, "contradicted", expected=holder, suggestion=holder, sources=sources_of(now + ended),
                           reason=msg(lang, "contradicted", entity=org, attribute=attribute, claimed=person,
                                      expected=holder))
        if ended and holder:
            return Verdict(claim, "outdated", expected=holder, suggestion=holder, sources=sources_of(now + ended),
                           reason=msg(lang, "outdated", entity=org, attribute=attribute, claimed=person,
                                      until=iso(ended[0].fact.valid_until), as_of=ctx.as_of.isoformat(),
                                      expected=holder))
        later = [f for f in theirs if f.fact.valid_from and f.fact.valid_from > ctx.as_of]
        if later:
            return Verdict(claim, "contradicted", expected=holder, suggestion=holder, sources=sources_of(later + now),
                           reason=msg(lang, "not_yet", claimed=person, attribute=attribute, entity=org,
                                      since=iso(later[0].fact.valid_from)))
        if holder and not theirs and claim.scope != "past":
            # (a former holder the fact base has no record of, "der damalige AWS-Chef Andy Jassy": unverifiable)
            return Verdict(claim, "contradicted", expected=holder, suggestion=holder, sources=sources_of(now),
                           reason=msg(lang, "contradicted", entity=org, attribute=attribute, claimed=person,
                                      expected=holder))
        return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=org, attribute=attribute,
                                                         claimed=person))


    @staticmethod
    def _predecessor(claim: Claim, ctx: CheckContext, successor: str, facts: list, theirs: list) -> Verdict:
        """"Matt Garman succeeded Adam Selipsky as AWS CEO": the holder on the day before the successor's
        first day must be the person named."""
        fb, lang = ctx.factbase, ctx.lang
        org, attribute = fb.entities[claim.entity].name, attr_name(lang, claim.attribute)
        person = claim.value_text or claim.text
        name = fb.entities[successor].name if successor in fb.entities else successor
        starts = [f.fact.valid_from for f in facts if normalize(str(f.value)) == normalize(name) and f.fact.valid_from]
        if not starts:
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=org, attribute=attribute,
                                                             claimed=person))
        eve = min(starts) - dt.timedelta(days=1)
        then = [f for f in facts if f.valid_at(eve)]
        interim = [f for f in then if f.fact.valid_from and f.fact.valid_until
                   and (f.fact.valid_until - f.fact.valid_from).days < INTERIM_DAYS]
        if interim and len(interim) == len(then):
            # "Lip-Bu Tan succeeded Pat Gelsinger": interim heads between them (months, not a term) are skipped, as
            # the press does; the holder before the interim is a predecessor too
            before = min(f.fact.valid_from for f in interim) - dt.timedelta(days=1)
            then = then + [f for f in facts if f.valid_at(before) and f not in then]
        if any(f in then for f in theirs):
            return Verdict(claim, "verified", expected=person, sources=sources_of(theirs),
                           reason=msg(lang, "verified", entity=org, attribute=attribute, claimed=person, expected=person))
        if not then:
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=org, attribute=attribute,
                                                             claimed=person))
        expected = str(then[0].value)
        return Verdict(claim, "contradicted", expected=expected, suggestion=expected, sources=sources_of(then),
                       reason=msg(lang, "predecessor", entity=org, attribute=attribute, claimed=person,
                                  successor=name, expected=expected))


INTERIM_DAYS = 200  # a head's term shorter than this, ended by the successor's start, is an interim


class MemoryTypeClaim(Check):
    """The memory a chip is said to carry must be its memory type ("HBM" alone names any HBM).

    Bad:  "Gaudi 3 carries 128 GB of HBM3e."      (HBM2e)
    Good: "Trainium3 hat 144 GiB HBM3e."
    """

    code = "HW107"
    name = "memory-type"

    attributes = frozenset({"memory_type"})

    def applies(self, claim: Claim) -> bool:
        return True

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        return name_verdict(claim, ctx, _same_memory)


class CoreTypeClaim(Check):
    """The core generation a chip is said to use must be its own.

    Bad:  "Trainium2 hat acht NeuronCore-v2."      (NeuronCore-v3)
    Good: "Each Inferentia2 chip has two NeuronCore-v2 cores."
    """

    code = "HW108"
    name = "core-type"

    attributes = frozenset({"core_type"})

    def applies(self, claim: Claim) -> bool:
        return True

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        return name_verdict(claim, ctx, lambda value, fact: normalize(value) == normalize(fact))


def _same_memory(value: str, fact: str) -> bool:
    a, b = normalize(value), normalize(fact)
    return a == b or (a == "hbm" and b.startswith("hbm"))


def name_verdict(claim: Claim, ctx: CheckContext, same) -> Verdict:
    """A claim whose value is a name against the entity's facts for that attribute: verified when one
    is the same name, contradicted when the entity has a current one and it differs."""
    fb, lang = ctx.factbase, ctx.lang
    ent = fb.entities[claim.entity].name
    attribute = attr_name(lang, claim.attribute)
    facts = [f for e in fb.members(claim.entity) for f in fb.about(e, claim.attribute)]
    value = claim.value_text or claim.text
    hit = [f for f in facts if same(value, str(f.value))]
    if claim.negated:  # "Ironwood does not use HBM3e", "HBM statt DRAM"
        current = [f for f in facts if f.fact.status == "current"]
        current = [f for f in current if f.entity == claim.entity] or ([] if fb.entities[claim.entity].members else current)
        if hit:
            return Verdict(claim, "contradicted", expected=str(hit[0].value), sources=sources_of(hit),
                           reason=msg(lang, "negated_wrong", entity=ent, claimed=value))
        if current:
            return Verdict(claim, "verified", expected=str(current[0].value), sources=sources_of(current),
                           reason=msg(lang, "negated_ok", entity=ent, claimed=value))
        return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent, attribute=attribute,
                                                         claimed=value))
    if hit:
        return Verdict(claim, "verified", expected=str(hit[0].value), sources=sources_of(hit),
                       reason=msg(lang, "verified", entity=ent, attribute=attribute, claimed=value,
                                  expected=hit[0].value))
    # (an announced product's announced name decides too: "Rubin ... HBM3e" against Nvidia's announced HBM4)
    current = [f for f in facts if f.fact.status == "current"] or [f for f in facts if f.fact.status == "announced"]
    # (a family's members may differ, so only a figure of its own decides: "B300 ... HBM4" is the chip's HBM3e)
    current = [f for f in current if f.entity == claim.entity] or ([] if fb.entities[claim.entity].members else current)
    if current:
        expected = str(current[0].value)
        return Verdict(claim, "contradicted", expected=expected, suggestion=expected, sources=sources_of(current),
                       reason=msg(lang, "contradicted", entity=ent, attribute=attribute, claimed=value,
                                  expected=expected))
    return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent, attribute=attribute,
                                                     claimed=value))


def _overlaps(f, first: dt.date, last: dt.date) -> bool:
    """Whether the fact held on some day from `first` to `last`."""
    start, until = f.fact.valid_from, f.fact.valid_until
    return (start is None or start <= last) and (until is None or until > first)

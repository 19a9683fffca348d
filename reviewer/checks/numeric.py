"""HW101 numeric-value: a figure with a unit against the entity's facts for that attribute."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace

from .. import units
from ..factbase.base import ResolvedFact
from ..i18n import attr_name, msg
from ..models import Claim, Quantity, Verdict, evolve
from ..numbers import parse_number
from .base import (
    BOUNDS,
    Check,
    CheckContext,
    built_from,
    closest,
    figure,
    matches,
    matches_as_written,
    matches_digits,
    render_fact_value,
    same_precision,
    slipped,
    sources_of,
    suggest_as_written,
)
from .hints import explain

_ONE_MARK = re.compile(r"(\d{1,3})([.,])(\d{3})(?![\d.,])")


def _other_grouping(q: Quantity, lang: str) -> Quantity | None:
    """The figure read in the other language's convention when its one mark is followed by exactly three digits
    and the article's language reads it as a decimal mark ("1,440 GB" in German is 1.44 GB; as English, 1440)."""
    m = _ONE_MARK.match(q.text)
    if m is None or m.group(2) != ("," if lang == "de" else "."):
        return None
    whole, resolution = parse_number(m.group(), "en" if lang == "de" else "de")
    return evolve(q, value=whole, resolution=resolution) if abs(q.value - whole) > 0.5 else None

BANDWIDTHS = ("memory_bandwidth", "interconnect_bandwidth", "network_bandwidth")


def q_unit(claim: Claim) -> str:
    return claim.quantity.unit if claim.quantity is not None else ""


class NumericValue(Check):
    """A number with a unit must agree with the fact within the rounding and qualifier written.

    Bad:  "Trainium3 has 96 GB of HBM per chip."      (96 GiB is Trainium2's figure)
    Good: "Trainium3 has 144 GB of HBM per chip."     (144 GiB; GB and GiB readings both accepted)
    """

    code = "HW101"
    name = "numeric-value"

    # the figures: capacities, rates, compute, power, nodes, areas, counts, prices and sums of money
    attributes = frozenset({
        "memory_capacity", "memory_bandwidth", "host_memory", "sram", "compute", "power", "process_node",
        "interconnect_bandwidth", "network_bandwidth", "bandwidth", "site_area", "price_per_hour",
        "chip_count", "server_count", "chips_per_server", "cpu_count", "core_count", "vcpus", "building_count",
        "investment", "acquisition_price",
    })

    def applies(self, claim: Claim) -> bool:
        return claim.quantity is not None and not units.foreign_currency(claim.quantity.unit)

    def candidates(self, claim: Claim, ctx: CheckContext) -> tuple[list[ResolvedFact], bool]:
        """Facts the claim may be about, and whether a mismatch with all of them is a contradiction."""
        fb = ctx.factbase
        attrs = BANDWIDTHS if claim.attribute == "bandwidth" else (claim.attribute,)
        confident = claim.attribute != "bandwidth"
        entities = fb.members(claim.entity)
        if claim.scope == "instance" and fb.entities[claim.entity].kind == "chip" and claim.attribute != "chip_count":
            # "bis zu 3 Petaflops pro Instance" said of the chip: an instance built from it may verify it
            entities = [claim.entity, *fb.built_from(claim.entity, ("instance",))]
            confident = False
        if claim.scope == "system" and fb.entities[claim.entity].kind == "chip":
            # "362 PFLOPS in total": a system built from the chip may verify it, nothing can contradict it
            entities = [claim.entity, *fb.built_from(claim.entity)]
            confident = False
        if claim.scope == "system" and fb.entities[claim.entity].kind == "interconnect":
            # "NVLink 5: 1,8 TB/s pro GPU, 130 TB/s im NVL72-Rack": a system on the link may verify it, nothing
            # can contradict it (the link's own figures are per chip)
            entities = [claim.entity, *(e.id for e in fb.entities.values() if e.kind in ("system", "pod"))]
            confident = False
        if claim.attribute == "chip_count" and fb.entities[claim.entity].kind == "chip" and claim.scope == "cluster":
            # "Trn3 UltraClusters scale to 1.5 million chips": against the published largest cluster
            largest = [f for f in fb.about(claim.entity, "chip_count") if f.q.scope == "cluster"]
            if largest:
                return largest, True
        if claim.attribute == "chip_count" and fb.entities[claim.entity].kind == "chip":
            # "UltraServers with up to 144 of these chips": systems built from the chip may verify it
            entities = fb.built_from(claim.entity)
            if any(f.q.scope == "cluster" for f in fb.about(claim.entity, "chip_count")):
                entities.append(claim.entity)  # "Cluster mit bis zu einer Million Trainium3-Chips": the chip's own cluster
            # "über eine Million Trainium2-Chips nutzen": a customer's fleet of the chip
            # (not when the sentence is about a cluster: "Das Anthropic-Cluster umfasst eine Million Trainium2")
            if not any(e.name == claim.subject_text and e.kind != "chip" for e in fb.entities.values()):
                entities += [e.id for e in fb.entities.values() if e.kind == "organisation"
                             and any(f.q.versus == claim.entity for f in fb.about(e.id, "chip_count"))]
            # "8,192 chips per pod": when only one system is built from the chip, the count is about it
            confident = claim.scope == "system" and len(entities) == 1
            if claim.scope == "instance" and figure(claim).qualifier == "up_to":
                # "bis zu 16 Chips pro Inf2-Instanz": the largest instance built from the chip
                counts = [f for e in entities if fb.entities[e].kind == "instance" for f in fb.about(e, "chip_count")]
                if counts:
                    top = max(f.value for f in counts)
                    return [f for f in counts if f.value == top], True
        facts = [f for e in entities for a in attrs for f in fb.about(e, a)]
        if claim.scope == "port" or any(f.q.scope == "port" for f in facts):
            # "24 ports of 200 GbE": only a per-port figure is per port ("400 Gbps per port" is no instance's total)
            facts = [f for f in facts if (f.q.scope == "port") == (claim.scope == "port")]
        if claim.versus:  # "invested $8 billion in Anthropic": only sums that went to Anthropic
            facts = [f for f in facts if f.q.versus == claim.versus]
        if claim.timing == "cumulative":  # "bislang 4 Milliarden": running totals, not one tranche (and the plans)
            facts = [f for f in facts if f.q.cumulative or f.fact.time_kind == "plan"]
        elif claim.timing == "event" and any(f.q.cumulative is False for f in facts):
            facts = [f for f in facts if f.q.cumulative is not True]  # "weitere 4 Milliarden": a tranche, not the total
        if claim.per_direction:  # "900 GB/s in each direction": against half of a bidirectional total
            facts = [replace(f, value=f.value / 2, base_value=f.base_value / 2)
                     if f.q.direction == "bidirectional" and isinstance(f.value, (int, float)) and f.base_value else f
                     for f in facts]
        if claim.attribute == "compute":
            facts = [f for f in facts if same_precision(claim.precision, f.q.precision)]
            if claim.precision is None and "flop" in q_unit(claim).lower():
                # "393 TFLOPS": floating-point operations, so not the INT8 TOPS figure - unless that is all there is
                floats = [f for f in facts if not (f.q.precision or "").startswith("INT")]
                facts = floats or facts
            if claim.sparsity:
                kept = [f for f in facts if f.q.sparsity in (None, claim.sparsity)]
                if claim.precision is None and not any(f.q.sparsity == claim.sparsity for f in kept) \
                        and any(f.q.sparsity not in (None, claim.sparsity) for f in facts):
                    kept = []  # "dense it is 10 PFLOPS" where only sparse figures (and FP32's) are recorded: none to match
                facts = kept
        return facts, confident

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        q = figure(claim)
        assert q is not None
        facts, confident = self.candidates(claim, ctx)
        plans: list[ResolvedFact] = []
        misquotes: list[ResolvedFact] = []
        settled_facts: list[ResolvedFact] = []
        for f in facts:  # (targets and press misquotes are checked apart from the figures that stand)
            (plans if f.fact.time_kind == "plan" else misquotes if f.fact.status == "misquote" else settled_facts).append(f)
        facts = settled_facts
        if claim.timing == "plan" and not plans:
            planned_by = self._planned_by_another(claim, ctx, q)
            if planned_by is not None:
                return planned_by
        if claim.timing == "plan" and plans:
            # "plans to invest up to $25 billion": against the plans, and the tranches a plan announces
            facts, plans = plans + [f for f in facts if f.q.cumulative is False], []
        exact = evolve(q, resolution=0.0) if plans else q
        if plans and any(f.valid_at(ctx.as_of) and matches_digits(exact, f) for f in plans) \
                and not any(f.valid_at(ctx.as_of) and matches_digits(exact, f) for f in facts):
            # "uses 1 million Trainium2 chips": the plan's very figure; the 500,000 at activation only rounds to it
            facts = [f for f in facts if not (f.valid_at(ctx.as_of) and matches(q, f))]
        v = self._against(claim, ctx, q, facts, confident)
        if v.kind == "contradicted" and (other := _other_grouping(q, ctx.lang)) is not None:
            # "DGX B200 (1,440 GB)" in a German text, the English name as it is sold: 1,440 read as 1440
            again = self._against(claim, ctx, other, facts, confident)
            v = again if again.kind == "verified" else v
        planned = [f for f in facts if f.fact.time_kind == "plan" and f.valid_at(ctx.as_of) and matches(q, f)]
        if v.kind == "verified" and planned:
            v = replace(v, reason=msg(ctx.lang, "as_planned", reason=v.reason, claimed=claim.text,
                                      horizon=_horizon(planned[0], ctx.lang)))
        if v.kind in ("contradicted", "unverifiable") and plans:
            v = self._plan_not_reached(claim, ctx, q, v, plans)
        if v.kind in ("contradicted", "unverifiable") and misquotes:
            v = self._misquoted(claim, ctx, q, v, misquotes, facts)
        if v.kind == "unverifiable" and not facts and claim.attribute == "compute" and claim.precision:
            v = self._other_precision(claim, ctx, q, v)
        return v

    @staticmethod
    def _other_precision(claim: Claim, ctx: CheckContext, q: Quantity, v: Verdict) -> Verdict:
        """"42.5 EFLOPS of BF16" where the sources give 42.5 EFLOPS at FP8 and no BF16 figure: the label is wrong
        (issue 19's wrong precision label), though the right BF16 figure is not known."""
        known = ctx.factbase.about(claim.entity, "compute")
        if any(same_precision(claim.precision, f.q.precision) for f in known):
            return v  # (a figure of that precision is known: the claim's sparsity or reading is what failed)
        hit = next((f for f in known
                    if f.q.precision and not same_precision(claim.precision, f.q.precision)
                    and not f.q.precision.startswith("INT")  # (an integer rate often has the float figure's digits)
                    and f.q.sparsity in ((claim.sparsity,) if claim.sparsity else (None, "dense"))
                    # (a sparse BF16 figure is often the dense FP8 one: "360 PFLOPS FP8" for a GB200 NVL72 is right)
                    and f.fact.status in ("current", "announced") and f.valid_at(ctx.as_of) and matches(q, f)), None)
        if hit is None:
            return v
        lang = ctx.lang
        return Verdict(claim, "contradicted", expected=None, sources=sources_of([hit]), note=hit.fact.note,
                       reason=msg(lang, "wrong_precision", entity=ctx.factbase.entities[claim.entity].name,
                                  attribute=attr_name(lang, claim.attribute), claimed=claim.text,
                                  precision=hit.q.precision, claimed_precision=claim.precision))

    def _planned_by_another(self, claim: Claim, ctx: CheckContext, q: Quantity) -> Verdict | None:
        """A target worded as one, of another entity the sentence names ("Rainier runs on nearly 500,000 chips, and
        AWS expects Anthropic to scale past one million Trainium2 chips by the end of 2025"): that one's plan."""
        for other in claim.alternates:
            alt = replace(claim, entity=other, alternates=(), subject_text=ctx.factbase.entities[other].name)
            hits = [f for f in self.candidates(alt, ctx)[0]
                    if f.fact.time_kind == "plan" and f.valid_at(ctx.as_of) and matches(q, f)]
            if hits:
                lang = ctx.lang
                expected = render_fact_value(hits[0], lang)
                reason = msg(lang, "verified", entity=ctx.factbase.entities[other].name,
                             attribute=attr_name(lang, claim.attribute), claimed=claim.text, expected=expected)
                return Verdict(alt, "verified", expected=expected, sources=sources_of(hits[:1]),
                               reason=msg(lang, "as_planned", reason=reason, claimed=claim.text,
                                          horizon=_horizon(hits[0], lang)))
        return None

    def _plan_not_reached(self, claim: Claim, ctx: CheckContext, q: Quantity, v: Verdict,
                          plans: list[ResolvedFact]) -> Verdict:
        """A figure that is a plan's target, said as if reached ("Anthropic uses a million Trainium2 chips"
        when AWS said it expects more than a million by the end of 2025): before the plan's horizon it is
        contradicted; after it, or for a plan without one, it stays unverifiable unless a reached figure
        contradicts it (then that verdict stands, with the plan named)."""
        hit = next((f for f in plans if f.valid_at(ctx.as_of) and matches(q, f)), None)
        if hit is None:
            return v
        lang = ctx.lang
        ent_name = ctx.factbase.entities[claim.entity].name
        attr = attr_name(lang, claim.attribute)
        horizon = _horizon(hit, lang)
        since = hit.fact.valid_from.isoformat() if hit.fact.valid_from else "?"
        before_horizon = hit.fact.by is not None and ctx.as_of <= hit.fact.by
        not_reached = msg(lang, "plan_not_reached", entity=ent_name, attribute=attr, claimed=claim.text,
                          horizon=horizon, since=since, as_of=ctx.as_of.isoformat())
        if v.kind == "contradicted":
            if hit.fact.by is not None and not before_horizon:
                return v  # (a plan whose day has passed explains nothing: "$4 billion" was reached in 2024)
            return replace(v, note=f"{v.note} {not_reached}" if v.note else not_reached)
        if before_horizon:
            return Verdict(claim, "contradicted", expected=None, sources=sources_of([hit]), note=hit.fact.note,
                           reason=not_reached)
        return replace(v, sources=sources_of([hit]), note=hit.fact.note,
                       reason=msg(lang, "plan_unconfirmed", entity=ent_name, attribute=attr, claimed=claim.text,
                                  horizon=horizon))

    @staticmethod
    def _misquoted(claim: Claim, ctx: CheckContext, q: Quantity, v: Verdict, misquotes: list[ResolvedFact],
                   facts: list[ResolvedFact]) -> Verdict:
        """A figure the press printed for the vendor's (`status: misquote`) is contradicted, naming the
        misquote, and never verified: "83.2 PFLOPS sparse" for a Trn2 UltraServer is the dense figure."""
        hit = next((f for f in misquotes if f.valid_at(ctx.as_of) and matches(q, f)), None)
        if hit is None:
            return v
        same = [f for f in facts if f.valid_at(ctx.as_of) and f.fact.status == "current" and f.q.precision == hit.q.precision
                and f.q.sparsity == hit.q.sparsity and f.q.scope == hit.q.scope]
        vendor = closest(q, same) or (same[0] if same else None)
        lang = ctx.lang
        expected = render_fact_value(vendor, lang) if vendor else v.expected
        return Verdict(claim, "contradicted", expected=expected,
                       suggestion=suggest_as_written(q, vendor, lang) if vendor else v.suggestion,
                       sources=sources_of([vendor, hit] if vendor else [hit]), note=hit.fact.note,
                       reason=msg(lang, "misquote", entity=ctx.factbase.entities[claim.entity].name,
                                  attribute=attr_name(lang, claim.attribute), claimed=claim.text, expected=expected))

    def _against(self, claim: Claim, ctx: CheckContext, q: Quantity, facts: list[ResolvedFact],
                 confident: bool) -> Verdict:
        if not facts:
            return self._no_facts(claim, ctx)
        valid = [f for f in facts if f.valid_at(ctx.as_of)]
        hits = self._hits(claim, ctx, q, valid, confident)
        if not hits:  # (then the chip's own figure stays what a wrong one is compared with)
            there = [f for f in self._links_in_systems(claim, ctx) if matches(q, f)]
            hits, valid = (there, valid + there) if there else (hits, valid)
        return self._of_hits(claim, ctx, q, hits, valid) or self._without_hit(claim, ctx, q, facts, valid, confident)

    @staticmethod
    def _links_in_systems(claim: Claim, ctx: CheckContext) -> list[ResolvedFact]:
        """"the 16 chips form a 4x4 torus over NeuronLink at 1,024 GB/s per chip": a system's own per-chip figure
        of its chips' links (the trn2.48xlarge's intra-instance NeuronLink) is the chip's figure there too. It
        can verify a figure; the chip's own figure stays what a wrong one is compared with."""
        fb = ctx.factbase
        ent = fb.entities[claim.entity]
        # (and in a system of instances, "inside an instance each chip gets 1,024 GB/s": its instances' figure;
        # never another instance's for an instance: the trn1n's chips are not the trn1's)
        chip = claim.entity if ent.kind == "chip" else fb.chip_of(claim.entity) if ent.kind == "system" else None
        if chip is None or claim.attribute not in ("interconnect_bandwidth", "bandwidth") or claim.scope == "system" \
                or claim.per_direction:
            return []  # (a figure per direction: not a system's per-chip total, whatever its direction)
        kinds = ("instance",) if ent.kind == "system" else None
        return [f for e in (fb.built_from(chip, kinds) if kinds else fb.built_from(chip))
                for f in fb.about(e, "interconnect_bandwidth") if f.q.scope == "chip" and f.valid_at(ctx.as_of)]

    def _no_facts(self, claim: Claim, ctx: CheckContext) -> Verdict:
        """No fact of the entity: a sparse figure sold as dense, a system's total said per chip, the one entity
        in context that has such a figure; else another entity's, else unverifiable."""
        lang = ctx.lang
        ent_name = ctx.factbase.entities[claim.entity].name
        attr = attr_name(lang, claim.attribute)
        if claim.attribute == "compute" and claim.sparsity == "dense":
            sold_as_dense = self._sparse_as_dense(claim, ctx)
            if sold_as_dense is not None:
                return sold_as_dense
        if claim.scope == "chip":
            total = self._system_total(claim, ctx)
            if total is not None:
                return total
        if claim.subject_how != "sentence" and claim.alternates \
                and not ctx.factbase.about(claim.entity, claim.attribute):
            # "**Trn2:** ... nach außen geht es per EFAv3 mit 3,2 TB/s": the guessed chip has no network
            # figure at all; the one entity in context that has is what the figure is about
            owners = [e for e in dict.fromkeys(claim.alternates)
                      if e != claim.entity and ctx.factbase.about(e, claim.attribute)]
            if len(owners) == 1:
                return self.check(replace(claim, entity=owners[0], alternates=()), ctx)
        return self._alternate(claim, ctx) or Verdict(
            claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent_name, attribute=attr,
                                              claimed=claim.text))

    def _hits(self, claim: Claim, ctx: CheckContext, q: Quantity, valid: list[ResolvedFact],
              confident: bool) -> list[ResolvedFact]:
        """The valid facts the figure matches; of an old and a new figure both within reach, the one written."""
        hits = [f for f in valid if matches(q, f)]
        if len({f.fact.status for f in hits}) >= 2 and q.qualifier not in (*BOUNDS, "nearly"):
            # "8 TB/s": 7.7 rounds to it, but the launch figure was exactly 8 - the old figure is meant
            # ("1.287": 1,299 is within the rounding slack, but 1,287 has the very digits; "3.360 TFLOPS" is the
            # old table's figure, not the GA blog's rounded "3.4 petaFLOPS"); "knapp 8 TB/s" says it is not 8
            exact = replace(q, resolution=0.0)
            precise = [f for f in hits if matches_digits(exact, f)] or [f for f in hits if matches_as_written(q, f)]
            hits = precise or hits
        if q.qualifier == "at_most" and q.family == "count" and hits \
                and all((f.base_value or 0) * 10 <= q.value for f in hits) and closest(q, valid) not in hits:
            # "höchstens 30.000 Chips" is about the cluster's 100,000, not a trn1.2xlarge's one chip far below it
            hits = []
        if hits and q.qualifier == "exact" and confident and not any(matches_digits(q, f) for f in hits) \
                and self._predecessors_figure(claim, hits, ctx, exact=True):
            # "In BF16 schafft der Chip 667 TFLOPS": 671 rounds near it, but 667 is exactly the predecessor's
            hits = []
        return hits

    def _of_hits(self, claim: Claim, ctx: CheckContext, q: Quantity, hits: list[ResolvedFact],
                 valid: list[ResolvedFact]) -> Verdict | None:
        """Verified, or outdated when only a superseded figure matches; None without a hit."""
        lang = ctx.lang
        ent_name = ctx.factbase.entities[claim.entity].name
        attr = attr_name(lang, claim.attribute)
        current_now = [f for f in valid if f.fact.status == "current"]
        if hits and all(f.fact.status == "superseded" for f in hits) and current_now:
            now = closest(q, current_now) or current_now[0]  # the vendor has since corrected the figure
            expected = render_fact_value(now, lang)
            return Verdict(claim, "outdated", expected=expected, suggestion=suggest_as_written(q, now, lang),
                           sources=sources_of([now, hits[0]]), note=hits[0].fact.note,
                           reason=msg(lang, "superseded", entity=ent_name, attribute=attr, claimed=claim.text,
                                      expected=expected))
        if hits:
            best = sorted(hits, key=lambda f: f.fact.status != "current")[0]
            note = None
            if best.fact.status != "current" and best.fact.note:
                note = msg(lang, "note_alternate", note=best.fact.note)
            elif best.q.sparsity == "sparse" and not claim.sparsity:
                dense = [f for f in valid if f.q.sparsity == "dense" and f.q.precision == best.q.precision]
                if dense:
                    note = msg(lang, "note_sparse", dense=render_fact_value(dense[0], lang))
            expected = render_fact_value(best, lang)
            return Verdict(claim, "verified", expected=expected, sources=sources_of([best]), note=note,
                           reason=msg(lang, "verified", entity=ent_name, attribute=attr, claimed=claim.text,
                                      expected=expected))
        return None

    def _without_hit(self, claim: Claim, ctx: CheckContext, q: Quantity, facts: list[ResolvedFact],
                     valid: list[ResolvedFact], confident: bool) -> Verdict:
        """No fact matches: outdated (true once), contradicted (when sure which fact is meant), another
        entity's figure, or unverifiable."""
        lang = ctx.lang
        ent_name = ctx.factbase.entities[claim.entity].name
        attr = attr_name(lang, claim.attribute)
        past = [f for f in facts if not f.valid_at(ctx.as_of) and f.fact.valid_until
                and f.fact.valid_until <= ctx.as_of and matches(q, f)]
        current = [f for f in valid if f.fact.status == "current"] or valid
        if past and current:
            now = closest(q, current) or current[0]
            expected = render_fact_value(now, lang)
            return Verdict(claim, "outdated", expected=expected, suggestion=suggest_as_written(q, now, lang),
                           sources=sources_of([now, past[0]]),
                           reason=msg(lang, "outdated", entity=ent_name, attribute=attr, claimed=claim.text,
                                      until=str(past[0].fact.valid_until), as_of=ctx.as_of.isoformat(),
                                      expected=expected))
        slip = False
        if current and not confident:
            # the same digits in the other unit, of a rate ("1.5 TB in total" is no slip for 192 GB,
            # though 1.5 Tbit is 188 GB)
            flipped = [f for f in current if f.fact.status == "current" and slipped(q, f)] if q.family == "rate" else []
            if flipped:  # "28.8 TB/s per UltraServer" where the only such figure is 28.8 Tbps: a known slip
                confident, current, slip = True, flipped, True
            elif claim.attribute == "bandwidth" and (near := _near_one(q, current)):
                # "Bandbreite: 3,35 TB/s" of Gaudi 3: of its bandwidths only the 3.7 TB/s of its memory is
                # anywhere near, every other one is far off - that is the figure meant, and it is wrong
                confident, current = True, near
            elif self._predecessors_figure(claim, current, ctx):
                # "13.4 TB in total" of a B300: unsure which B300 system is meant, but every one of them
                # differs and the figure is exactly what the predecessor's system has
                confident = True
        if not current or not confident:
            return self._alternate(claim, ctx) or Verdict(
                claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent_name, attribute=attr,
                                                  claimed=claim.text))
        own = self._chips_own(claim, ctx, q, current)
        if own is not None:
            return own
        # (after such a slip, only another entity's very digits outweigh it: "rund 7,3 Tbit/s" of Ironwood's
        # 7.3 TB/s is not TPU v5e's 800 GiB/s, which is 6.9 Tbit/s)
        alternate = self._alternate(claim, ctx, exact=slip)
        if alternate is not None:
            return alternate
        expected_fact = self._expected(claim, current, ctx.factbase.entities[claim.entity].members)
        if claim.attribute == "power" and q.unit and expected_fact.base_value \
                and (watts := units.to_base(q.value, q.unit)) >= 50 * expected_fact.base_value and not any(
                    f.base_value and f.base_value / 3 <= watts <= 3 * f.base_value
                    for e in ctx.factbase.built_from(claim.entity) for f in ctx.factbase.about(e, "power")):
            # "peak demand of the H100 hall falls from 512 kW to 358 kW": no chip draws that, nor anything built from
            # it: a hall's or a site's figure (not "a GB200 scalable unit at 1.5 MW", near its 1.2 MW: wrong)
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=ent_name, attribute=attr,
                                                             claimed=claim.text))
        expected = render_fact_value(expected_fact, lang)
        hint = explain(claim, ctx, expected_fact)
        reason = msg(lang, "contradicted", entity=ent_name, attribute=attr, claimed=claim.text, expected=expected)
        later = [f.fact.valid_from for f in facts if f.fact.valid_from and f.fact.valid_from > ctx.as_of and matches(q, f)]
        if later and not hint:  # "by October 2023 ... $4 billion in total": that total came in March 2024
            hint = msg(lang, "hint_not_yet", claimed=claim.text, since=min(later).isoformat())
        suggestion = suggest_as_written(q, expected_fact, lang)
        if suggestion and claim.text.startswith(q.text):
            suggestion += claim.text[len(q.text):]  # "450 GB/s in each direction": the words stay
        return Verdict(claim, "contradicted", expected=expected, suggestion=suggestion,
                       sources=sources_of([expected_fact]), reason=reason, note=hint)

    @staticmethod
    def _chips_own(claim: Claim, ctx: CheckContext, q: Quantity, current: list[ResolvedFact]) -> Verdict | None:
        """A system's per-chip figure ("NeuronLink-v4 at 2.56 TB/s per chip" in a Trn3 UltraServer, whose table
        gives 2,048 GiB/s per chip) that is its chip's own figure for the same thing, where the chip's figures
        include the system's too: two of the vendor's pages state one figure two ways, and the chip's is as good
        a source as the system's."""
        fb = ctx.factbase
        chip = fb.chip_of(claim.entity)
        if not chip or chip == claim.entity or not current or any(f.q.scope != "chip" for f in current):
            return None
        own = [f for f in fb.about(chip, claim.attribute) if f.q.scope == "chip" and f.valid_at(ctx.as_of)]
        hits = [f for f in own if matches(q, f)]
        if not hits or not any(f.base_value is not None and g.base_value is not None
                               and math.isclose(f.base_value, g.base_value, rel_tol=1e-9) for f in own for g in current):
            return None  # (only where the chip's own figures include the system's: a trn1n.32xlarge's 768 GiB/s
            # per chip is its own, twice the chip's 384 GiB/s in a trn1.32xlarge)
        expected = render_fact_value(hits[0], ctx.lang)
        return Verdict(claim, "verified", expected=expected, sources=sources_of(hits),
                       reason=msg(ctx.lang, "verified", entity=fb.entities[chip].name,
                                  attribute=attr_name(ctx.lang, claim.attribute), claimed=claim.text, expected=expected))

    def _system_total(self, claim: Claim, ctx: CheckContext) -> Verdict | None:
        """"jeder Chip mit 28.800 Gbit/s EFA": the chip has no such figure, but a system built from it
        has exactly this one - a per-system total stated per chip."""
        fb, q, lang = ctx.factbase, figure(claim), ctx.lang
        attrs = BANDWIDTHS if claim.attribute == "bandwidth" else (claim.attribute,)
        for other in built_from(fb, claim.entity):
            hits = [f for a in attrs for f in fb.about(other.id, a)
                    if f.fact.status == "current" and f.valid_at(ctx.as_of) and matches(q, f)]
            if hits and hits[0].q.scope in ("chip", "port"):
                # "800 Gbit/s InfiniBand je GPU" of the GPUs in an ND GB300 v6: the VM's own per-GPU figure (or its
                # per-port one: "8 × 400 Gbit/s InfiniBand, eine Verbindung je GPU")
                expected = render_fact_value(hits[0], lang)
                return Verdict(claim, "verified", expected=expected, sources=sources_of(hits[:1]),
                               reason=msg(lang, "verified", entity=other.name, attribute=attr_name(lang, claim.attribute),
                                          claimed=claim.text, expected=expected))
            if hits:
                expected = render_fact_value(hits[0], lang)
                return Verdict(claim, "contradicted", expected=expected, sources=sources_of(hits[:1]),
                               reason=msg(lang, "per_chip_total", entity=fb.entities[claim.entity].name,
                                          attribute=attr_name(lang, claim.attribute), claimed=claim.text,
                                          other=other.name, expected=expected))
        return None

    def _alternate(self, claim: Claim, ctx: CheckContext, exact: bool = False) -> Verdict | None:
        """The figure is exactly another entity the sentence names (a system beside its chip): read it
        as that one's. "FP8: 720 PFLOPS with sparsity" under a rack of B300s is the rack's figure.
        `exact`: only where the other's figure has the digits written."""
        q, lang = figure(claim), ctx.lang
        match = matches_digits if exact else matches
        for other in claim.alternates:
            alt = replace(claim, entity=other, alternates=())
            alt_facts, _ = self.candidates(alt, ctx)
            alt_hits = [f for f in alt_facts if f.valid_at(ctx.as_of) and match(q, f) and settled(f)]
            if alt_hits and q.qualifier == "exact" and not any(matches_digits(q, f) for f in alt_hits) \
                    and self._predecessors_figure(alt, alt_hits, ctx, exact=True):
                continue  # "181 TFLOPS FP32" near Trainium3's 183: exactly Trainium2's figure, not a rounding
            if alt_hits:
                best = min(alt_hits, key=lambda f: f.fact.status != "current")
                expected = render_fact_value(best, lang)
                return Verdict(alt, "verified", expected=expected, sources=sources_of([best]),
                               reason=msg(lang, "verified", entity=ctx.factbase.entities[other].name,
                                          attribute=attr_name(lang, claim.attribute), claimed=claim.text,
                                          expected=expected))
        return None

    @staticmethod
    def _predecessors_figure(claim: Claim, current: list[ResolvedFact], ctx: CheckContext, exact: bool = False) -> bool:
        fb, q = ctx.factbase, figure(claim)
        attrs = BANDWIDTHS if claim.attribute == "bandwidth" else (claim.attribute,)
        for entity in {f.fact.entity for f in current}:
            pred = fb.entities[entity].predecessor
            same = matches_digits if exact else matches_as_written
            if pred and any(f.fact.status == "current" and same(q, f)
                            and (claim.attribute != "compute" or same_precision(claim.precision, f.q.precision))
                            for a in attrs for f in fb.about(pred, a)):
                return True
        return False

    def _sparse_as_dense(self, claim: Claim, ctx: CheckContext) -> Verdict | None:
        """"10 PFLOPS FP8 dense" where the vendor gives 10 PFLOPS FP8 with sparsity and no dense figure:
        a dense figure can never equal the sparse one, so this is the sparse figure sold as dense."""
        q = figure(claim)
        if claim.precision is None:
            return None  # ("10 PFLOPS dense" of a GB200: FP8's sparse figure, and FP4's dense one, which is not recorded)
        sparse = [f for f in ctx.factbase.about(claim.entity, "compute")
                  if f.q.sparsity == "sparse" and same_precision(claim.precision, f.q.precision)
                  and f.valid_at(ctx.as_of) and matches(q, f) and settled(f)]
        if not sparse:
            return None
        lang = ctx.lang
        expected = render_fact_value(sparse[0], lang) + (" sparse" if lang == "en" else " (sparse)")
        return Verdict(claim, "contradicted", expected=expected, sources=sources_of(sparse[:1]),
                       reason=msg(lang, "contradicted", entity=ctx.factbase.entities[claim.entity].name,
                                  attribute=attr_name(lang, claim.attribute), claimed=claim.text, expected=expected),
                       note=msg(lang, "hint_sparse", claimed=claim.text))

    @staticmethod
    def _expected(claim: Claim, current: list[ResolvedFact], products: Sequence[str] = ()) -> ResolvedFact:
        q = figure(claim)
        pool = current
        if claim.attribute == "compute" and claim.sparsity is None:
            pool = [f for f in current if f.q.sparsity != "sparse"] or current
        elif claim.attribute == "compute" and claim.sparsity:
            pool = [f for f in current if f.q.sparsity == claim.sparsity] or current
        if all(f.entity in (claim.entity, *products) for f in pool):
            # (the chip's own figure before one its products lend it: "B300 ... 192 GB" expects the chip's 288 GB)
            pool = [f for f in pool if f.entity == claim.entity] or pool
        return closest(q, pool) or pool[0]


def settled(f: ResolvedFact) -> bool:
    """A figure a claim may verify against as it stands: not a plan's target, not a press misquote."""
    return f.fact.time_kind != "plan" and f.fact.status != "misquote"


def _horizon(plan: ResolvedFact, lang: str) -> str:
    """" for 2025-12-31": a plan's horizon as the messages write it, or nothing."""
    if plan.fact.by is None:
        return ""
    return msg(lang, "plan_horizon", date=plan.fact.by.isoformat())


def _near_one(q, facts: list[ResolvedFact]) -> list[ResolvedFact]:
    """The one fact within 30 % of the written figure when every other is more than twice or half as
    much (by their values in base units); else none."""
    if not q.unit:
        return []
    claimed = units.to_base(q.value, q.unit)
    near: list[tuple[ResolvedFact, float]] = []
    others: list[tuple[ResolvedFact, float]] = []
    for f in facts:
        if not f.base_value:
            continue
        r = claimed / f.base_value
        (near if 1 / 1.3 <= r <= 1.3 else others).append((f, r))
    if len({id(f.fact) for f, _ in near}) != 1 or any(0.5 <= r <= 2 for _, r in others):
        return []
    return [near[0][0]]


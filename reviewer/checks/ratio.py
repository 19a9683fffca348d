"""HW102 ratio: "4x", "twice", "verdreifachen", "46 Prozent mehr" against the two entities' facts."""

from __future__ import annotations

import datetime as dt
import re

from ..factbase.base import ResolvedFact
from ..i18n import attr_name, msg
from ..lang import words
from ..models import Claim, Verdict
from ..numbers import format_number
from ..suggest import ratio_as_written
from .base import FLOORS, NEARLY_FLOOR, NEARLY_MULTIPLE_GAP, OVER_CEILINGS, Check, CheckContext, figure, sources_of

RATIO_SLACK = 0.10  # vendor ratios are computed from rounded figures and rounded again
_WHOLE_TIMES = 0.25  # the resolution of a whole multiple in digits ("2x", "das 2-Fache")
_DIGIT = re.compile(r"\d")
OVER_SLACK = 0.01  # "gut das Doppelte" (a good double): the ratio reaches the figure, but for the rounding of its inputs
PRECISION_ORDER = ["FP8", "MXFP8", "BF16", "FP16", "FP4", "MXFP4", "INT8", "FP32"]


class RatioClaim(Check):
    """A comparison must agree with the vendor's stated ratio or the ratio of the two figures.

    Bad:  "Trainium3 offers 4x the FP8 compute of Trainium2."   (2,517 / 1,299 TFLOPS = 1.9x)
    Good: "A Trn3 UltraServer has 4.4 times the compute of a Trn2 UltraServer."  (362.4 / 83.2 PFLOPS)
    """

    code = "HW102"
    name = "ratio"

    attributes = frozenset({"ratio"})

    def applies(self, claim: Claim) -> bool:
        return claim.versus is not None or claim.scope in ("figures", "price_cut")

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        fb, lang = ctx.factbase, ctx.lang
        if claim.scope == "figures":  # "1.8 TB/s, twice the 900 GB/s of NVLink 4": the sentence's own figures
            measured = float(claim.value_text or 0)
            shown = f"{format_number(round(measured, 2), lang)}x"
            names = dict(entity=fb.entities[claim.entity].name, claimed=claim.text, expected=shown)
            if self._agrees(figure(claim), measured, lang=lang):
                return Verdict(claim, "verified", expected=shown, reason=msg(lang, "figures_ok", **names))
            return Verdict(claim, "contradicted", expected=shown, suggestion=ratio_as_written(figure(claim), measured, lang),
                           reason=msg(lang, "figures", **names))
        if claim.scope == "price_cut":  # "a cut of 44 %": the share by which the hourly price fell
            return self._price_cut(claim, ctx)
        metric = claim.scope or "compute"
        assert claim.versus is not None  # (applies: a ratio has a partner or is of the sentence's figures)
        subject, versus = claim.entity, self._counterpart(claim.entity, claim.versus, ctx)
        names = dict(entity=fb.entities[subject].name, versus=fb.entities[versus].name,
                     metric=attr_name(lang, metric), claimed=claim.text)
        stated = self._stated(subject, versus, metric, claim, ctx)
        if stated and (claim.precision or stated[0][1][0].q.precision is None):
            options = stated
        else:  # a vendor's FP8 ratio does not settle "four times the performance": other precisions may
            options = stated + self._derived(subject, versus, metric, claim.precision, ctx)
        if claim.versus_implied:  # "Trainium3: 4x Performance": per chip or per system built from them
            options = options + self._systems(subject, versus, metric, ctx)
        unverifiable = Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", entity=names["entity"],
                                                                 attribute=attr_name(lang, "ratio"), claimed=claim.text))
        if not options:
            return unverifiable
        q = figure(claim)
        fits = [(e, u) for e, u in options if self._agrees(q, e, _upper(u), lang=lang)]
        expected, used = fits[0] if fits else min(options, key=lambda o: abs(o[0] - q.value))
        ok = bool(fits)
        if not ok and len(options) > 1 and min(e for e, _ in options) <= q.value <= max(e for e, _ in options):
            # "four times the performance" with no precision: FP8 gives 6.8x, BF16 3.5x - undecided
            return unverifiable
        shown = f"{format_number(round(expected, 2), lang)}x"
        upper = _upper(used)
        if upper is not None:  # "30-40% better": the vendor's range
            shown = f"{format_number(round(expected, 2), lang)}-{format_number(round(upper, 2), lang)}x"
        if not ok and claim.versus_implied:
            return unverifiable  # the partner was not written: no reading of it is sure enough to contradict
        if ok:
            return Verdict(claim, "verified", expected=shown, sources=sources_of(used),
                           reason=msg(lang, "ratio_ok", expected=shown, **names))
        suggestion = ratio_as_written(q, expected, lang)
        return Verdict(claim, "contradicted", expected=shown, suggestion=suggestion, sources=sources_of(used),
                       reason=msg(lang, "ratio", expected=shown, **names))

    def _price_cut(self, claim: Claim, ctx: CheckContext) -> Verdict:
        """The share of a price cut (rules/price_share.py, read as a gain: "44 %" is 1.44) against each cut of the
        entity's hourly prices the fact base records up to the article's date (the price before and after)."""
        fb, lang = ctx.factbase, ctx.lang
        cuts = []  # (the cut as a gain, the price before, the price after)
        for old, new in fb.price_cut_pairs(claim.entity):
            if new.base_value and old.base_value and new.fact.valid_from and new.fact.valid_from <= ctx.as_of:
                cuts.append((2 - new.base_value / old.base_value, old, new))
        names = dict(entity=fb.entities[claim.entity].name, claimed=claim.text)
        if not cuts:
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", attribute=attr_name(lang, "ratio"),
                                                             **names))
        q = figure(claim)
        fits = [c for c in cuts if self._agrees(q, c[0], lang=lang, share=True)]
        gain, old, new = fits[0] if fits else max(cuts, key=lambda c: c[2].fact.valid_from or dt.date.min)
        shown = dict(expected=format_number(round((gain - 1) * 100), lang) + ("%" if lang == "en" else " %"),
                     old=f"{format_number(old.base_value or 0.0, lang)} USD",
                     new=f"{format_number(new.base_value or 0.0, lang)} USD")
        if fits:
            return Verdict(claim, "verified", expected=shown["expected"], sources=sources_of([old, new]),
                           reason=msg(lang, "price_cut_share_ok", **shown, **names))
        if len({round(c[0], 2) for c in cuts}) > 1:  # a provider's cuts of several sizes: which one is meant is open
            return Verdict(claim, "unverifiable", reason=msg(lang, "unverifiable", attribute=attr_name(lang, "ratio"),
                                                             **names))
        return Verdict(claim, "contradicted", expected=shown["expected"], suggestion=shown["expected"],
                       sources=sources_of([old, new]), reason=msg(lang, "price_cut_share", **shown, **names))

    @staticmethod
    def _agrees(q, expected: float, upper: float | None = None, *, lang: str = "en", share: bool = False) -> bool:
        # ("2x" for 1.7x is wrong: a whole multiple in digits is read to a quarter, not to a half)
        resolution = min(q.resolution, _WHOLE_TIMES) if q.unit == "times" and _DIGIT.search(q.text) else q.resolution
        tol = max(resolution, RATIO_SLACK * expected)
        # (a fraction more is a percentage in words: "gut ein Drittel mehr" is "gut 33 Prozent mehr")
        percent = share or any(p in q.text for p in ("%", "Prozent", "percent", "per cent")) \
            or bool(words(lang).fraction_word.fullmatch(q.text))  # (share: a price cut's "half" is 50 % less)
        if percent:
            # "50% more" against 1.6x is wrong, "46% more" against 1.43x too: a percentage is held to 6 % of the
            # gain it states (two points of 43 %; a rounded "about" keeps six)
            tol = max(q.resolution, 0.06 * abs(expected - 1), 0.06 if q.qualifier == "approx" else 0.02)
        if upper is not None and q.range_high is not None:
            # "30-40%" against the vendor's "30-40%": the range written must lie within the stated one
            # ("40 to 50 percent" against 30-40 % is wrong, though the two touch)
            return q.value >= expected - tol and q.range_high <= upper + tol
        if upper is not None or q.range_high is not None:
            # "35%" against a range, "30-40%" against a figure: the one must lie within the other
            top = upper if upper is not None else expected
            return q.value <= top + tol and (q.range_high if q.range_high is not None else q.value) >= expected - tol
        if q.qualifier in FLOORS:
            # "more than 2x", "a bit more than double" for 1.76x: the figure is a floor, not a rounded value;
            # "gut 76 Prozent mehr": a percentage's gain is the floor
            ceiling = OVER_CEILINGS.get(q.qualifier)  # (as base.py: "a little over twice" for 4x misleads)
            if percent and ceiling:
                return (q.value - 1) * (1 - 1e-9) <= expected - 1 <= (q.value - 1) * ceiling + tol
            if ceiling:  # "gut das Doppelte", "a little over twice": reached, and not by a quarter (a seventh) more
                return q.value * (1 - OVER_SLACK) <= expected <= q.value * ceiling + tol
            return expected >= q.value - min(tol, RATIO_SLACK * q.value)
        if q.qualifier == "at_most":
            return expected <= q.value + min(tol, RATIO_SLACK * q.value)
        if q.qualifier == "nearly":  # "fast doppelt so viel" for 1.76x: short of the figure, not far short
            if percent:  # "nearly 60 % more": the gain is what falls short of 60 %, not the ratio of 1.6
                return (q.value - 1) * NEARLY_FLOOR <= expected - 1 <= q.value - 1 + tol
            # ("nearly 5x" for 4.4x, "knapp das Fünffache": half a multiple short is no longer "nearly")
            floor = max(q.value * NEARLY_FLOOR, q.value - NEARLY_MULTIPLE_GAP) if q.value < 10 else q.value * NEARLY_FLOOR
            return floor <= expected <= q.value + tol
        return abs(expected - q.value) <= tol

    @staticmethod
    def _counterpart(subject: str, versus: str, ctx: CheckContext) -> str:
        """Compare like with like: a system against the system built from the named chip."""
        fb = ctx.factbase
        s, v = fb.entities[subject], fb.entities[versus]
        if s.kind in ("system", "instance") and v.kind == "chip" and s.predecessor:
            pred = fb.entities.get(s.predecessor)
            if pred and pred.chip == versus:
                return pred.id
        return versus

    @staticmethod
    def _systems(subject, versus, metric, ctx) -> list[tuple[float, list[ResolvedFact]]]:
        """The vendor's ratios between systems built from the two chips."""
        fb = ctx.factbase
        return [(float(f.value), [f]) for a in fb.built_from(subject)
                for f in fb.about(a, "ratio")
                if f.q.metric == metric and f.q.versus and fb.chip_of(f.q.versus) == versus]

    @staticmethod
    def _stated(subject, versus, metric, claim, ctx) -> list[tuple[float, list[ResolvedFact]]]:
        """The vendor's own ratios of the two: the one of the precision written, or with none written each
        precision's ("AWS selbst spricht vom Dreifachen": Trainium4's FP8 target is 3x, its FP4 target 6x)."""
        found = [(float(f.value), [f]) for f in ctx.factbase.about(subject, "ratio")
                 if f.q.versus == versus and f.q.metric == metric
                 and (claim.precision is None or f.q.precision in (None, claim.precision))]
        return found if claim.precision is None else found[:1]

    @staticmethod
    def _derived(subject, versus, metric, precision, ctx) -> list[tuple[float, list[ResolvedFact]]]:
        """The ratio of the two entities' figures: for compute with no precision written, one per
        precision both have (first the one vendors lead with)."""
        fb = ctx.factbase

        def pick(entity: str) -> dict[tuple, ResolvedFact]:
            """One figure per precision (for compute) or per direction (a link's bandwidth each way or both)."""
            out: dict[tuple, ResolvedFact] = {}
            for f in fb.about(entity, metric):
                if f.fact.status in ("current", "announced") and f.valid_at(ctx.as_of) and f.q.sparsity != "sparse" \
                        and f.base_value:  # (an announced chip against a shipping one: "432 GB, twice the MI355X's")
                    out.setdefault((f.q.precision, f.q.direction), f)
            return out

        a, b = pick(subject), pick(versus)
        if not a or not b:
            return []
        if metric != "compute":
            # like with like: "the same 1.8 TB/s as the B200" compares both bidirectional figures
            same = [k for k in a if k in b]
            fa, fb_ = (a[same[0]], b[same[0]]) if same else (next(iter(a.values())), next(iter(b.values())))
            return [(fa.base / fb_.base, [fa, fb_])]
        equivalent: dict[str | None, str | None] = {"MXFP8": "FP8", "cFP8": "FP8", "MXFP4": "FP4", "NVFP4": "FP4",
                                                    "FP16": "BF16"}
        norm_a: dict[str | None, ResolvedFact] = {}
        norm_b: dict[str | None, ResolvedFact] = {}
        for (p, _), v in a.items():
            norm_a.setdefault(equivalent.get(p, p), v)
        for (p, _), v in b.items():
            norm_b.setdefault(equivalent.get(p, p), v)
        order = [equivalent.get(precision, precision)] if precision else list(PRECISION_ORDER)
        return [(norm_a[p].base / norm_b[p].base, [norm_a[p], norm_b[p]])
                for p in order if p in norm_a and p in norm_b]


def _upper(used: list[ResolvedFact]) -> float | None:
    """The top of a vendor's stated range, when the ratio is one stated fact with a range."""
    return used[0].fact.upper if len(used) == 1 and used[0].fact.attribute == "ratio" else None

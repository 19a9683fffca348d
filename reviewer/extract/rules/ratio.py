"""Ratios: "4x", "1,5-mal", "50 Prozent mehr".
"""

from __future__ import annotations

import re

from ... import units as _units
from ...models import Claim, Quantity, Segment
from ..partners import Ratio, partners, same_as_list
from ..patterns import (
    ATTR_BY_FAMILY,
    CUE_WINDOW,
    LOWER_BETTER,
    MEASURES,
    QUESTION,
    QUOTED,
    SENTENCE_END,
)
from ..rule import Rule
from ..sentence import (
    Sentence,
    change_of,
    distance,
    nearest_label,
)
from ..subjects import Subjects


def ratio_claim(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity, equal: bool = False) -> Claim | None:
    """A ratio between two entities ("4x the compute of Trainium2", "50 Prozent mehr Speicher als die
    B200"), or between two figures the sentence gives, with what it measures.

    Bad (en): 'Is Trainium3 really "four times the memory"?' -- a question, not a claim.
    Bad (de): "Zehnmal so viele Chips wie die Vorgängergeneration" -- a count, not compute.
    Good (en): "Trainium3 has 1.5 times the memory capacity of Trainium2" -> ratio 1.5 versus trainium2.
    Good (de): "Die MI355X bietet 50 Prozent mehr Speicher als die MI300X" -> ratio 1.5 versus mi300x.
    """
    if QUESTION.search(s.text) or any(m.start() <= q.start - s.start < m.end() for m in QUOTED.finditer(s.text)) \
            or (s.start > 0 and (opened := QUOTED.match(seg.text, s.start - 1)) is not None and q.start < opened.end()):
        # 'Is Trainium3 really "four times the memory"?', 'The "4x" numbers refer to ...': not asserted (a sentence
        # that opens with a quotation whose opening mark went to the sentence before: "... 144 GiB. „Vierfach“ gilt")
        return None
    if not equal and q.unit != "percent" and not (q.value < 1 and s.w.fraction_word.fullmatch(q.text)):
        # (a fraction word is read first: "grows by a third" is 1.33 of the figures, not 0.33)
        own = figures_ratio(ctx, seg, s, q)
        if own is not None:
            return own
    if s.w.kind_of_after.match(s.text, q.end - s.start):
        return None  # "the 4x-style figures in AWS's launch material": a kind of figure, not a ratio
    if q.unit == "percent" and s.w.utilization_after.match(s.text, q.end - s.start):
        return None  # "at 40 % MFU or better": how well a run uses the chips, not a ratio of two of them
    if s.w.as_many_after.match(s.text, q.end - s.start):
        return None  # "Zehnmal so viele wie bei der Vorgängergeneration", "ten times as many": a count, not compute
    if q.unit == "times" and _FACTOR_OF_FIGURE.match(s.text, q.end - s.start):
        return None  # "144 × 144 GiB vs 72 × 288 GB": a product's factor, not a ratio
    r = Ratio(q, equal, q.value, workload=_workload(s, q))
    if r.workload and s.w.benchmark.search(s.text):
        return None  # "3x the throughput on Llama 2 70B in our tests": a measurement, not the vendor's claim
    if not _read_value(s, r):
        return None
    if r.as_figures is not None:
        # "4,8 TB/s statt 3,35 TB/s. Das entspricht einem Bandbreitenplus von rund 60 Prozent": the figures
        own = figures_ratio(ctx, seg, s, r.as_figures)
        if own is not None:
            return own
    r.metric = _metric(ctx, s, r)
    if r.metric is None or not _a_spec(s, r):
        return None
    r.precision = r.said_precision
    partners(ctx, seg, s, r)
    if r.subject is not None and r.versus is not None and r.how != "sentence":
        r.subject = ctx.like_for_like(seg, r.subject, r.versus, q.start)
    same_as_list(ctx, s, r)
    _per_chip(ctx, s, r)
    _per_system(ctx, s, r)
    if r.subject is None or r.versus is None or r.subject == r.versus:
        return None
    ctx.set_last_ratio(s, (r.subject, r.versus, q.end))
    if ctx.kind(r.subject) == "interconnect" and ctx.kind(r.versus) in ("system", "pod", "instance"):
        return None  # "NVLink 5 ties its GPUs together at 130 TB/s, the same as in the GB200 NVL72": a link vs a rack
    return _claim(seg, s, r)


def _per_chip(ctx: Subjects, s: Sentence, r: Ratio) -> None:
    """"Pro Chip verdoppelt sich die FP8-Leistung" after a sentence on two UltraServers: "per chip" in the ratio's
    clause compares the systems' chips."""
    if r.subject is None or r.versus is None or ctx.kind(r.subject) not in ("system", "pod", "instance"):
        return
    rel = r.q.start - s.start
    if not any(c.end - s.start <= rel and not s.w.ratio_clause_break.search(s.text, c.end - s.start, rel)
               for c in s.cue("SCOPE:chip")):
        return
    a, b = ctx.fb.chip_of(r.subject), ctx.fb.chip_of(r.versus)
    if a and b and a != b:
        r.subject, r.versus = a, b


def _per_system(ctx: Subjects, s: Sentence, r: Ratio) -> None:
    """"the 4.4x AWS quotes is UltraServer compute, Trn3 vs Trn2": two chips compared in a clause that names a
    system level compare the systems built from them (the one pair whose sources give a ratio of that metric)."""
    if r.subject is None or r.versus is None or ctx.kind(r.subject) != "chip" \
            or ctx.kind(r.versus) not in ("chip", "system", "pod"):
        return  # ("Per UltraServer (Trn3, Gen2): ... 4.4x the compute of a Trn2 UltraServer": a chip against a system too)
    rel = r.q.start - s.start
    breaks = [m.end() for m in s.w.system_level_break.finditer(s.text, 0, rel)]
    end = s.w.system_level_break.search(s.text, r.q.end - s.start)  # (its clause: not "..., and that an UltraServer")
    lo, hi = breaks[-1] if breaks else 0, end.start() if end else len(s.text)
    spans = [(lo, hi)] + ([(0, breaks[0])] if breaks and breaks[0] <= 60 else [])  # (and a label: "Per UltraServer:")
    bare = [m for a, b in spans for m in s.w.system_level.finditer(s.text, a, b)  # (a bare word: not "für den Trn3 UltraServer")
            if not any(n.start <= s.start + m.start() < n.end for n in s.mentions)]
    if not bare or any(lo <= c.start - s.start < hi for c in s.cue("SCOPE:chip")):
        return  # (not "144 Chips pro UltraServer ..., dazu pro Chip knapp die doppelte FP8-Leistung": per chip)
    kinds = ("system", "pod")
    others = ctx.fb.built_from(r.versus, kinds) if ctx.kind(r.versus) == "chip" else [r.versus]
    pairs = [(a, b) for a in ctx.fb.built_from(r.subject, kinds) for b in others
             if any(f.q.versus == b and f.q.metric == r.metric for f in ctx.fb.about(a, "ratio"))]
    if len(pairs) == 1:
        r.subject, r.versus = pairs[0]


def _workload(s: Sentence, q: Quantity) -> str | None:
    """"2,3-fach höheren Durchsatz", "70% lower cost per inference": the workload measure after the ratio."""
    kind = s.w.workload_kind.match(s.text, q.end - s.start)
    workload = next((k for k, v in kind.groupdict().items() if v), None) if kind else None
    if kind and workload == "throughput" and any(q.end <= c.start and c.end <= s.start + kind.end()
                                                 for c in s.cue("PREC:")):
        workload = None  # "twice its FP8 throughput": compute at a precision
    return workload


def _read_value(s: Sentence, r: Ratio) -> bool:
    """The ratio's value as new over old: "50% more" is 1.5, "10x lower latency" 0.1, "um die Hälfte
    gesenkt" 0.5; False when it is no ratio ("the first half of 2025", a range without a workload)."""
    q, value = r.q, r.value
    if q.unit == "percent":
        if q.range_high is not None and not r.workload:
            return False
        more = nearest_label(s, "MORE", q.start, q.end, 40, exact=True)
        less = nearest_label(s, "LESS", q.start, q.end, 40, exact=True)
        if more is None and less is None:
            return False
        sign = 1 if more is not None else -1
        if more is not None and less is not None:  # "2,3-fach höheren Durchsatz und 70% niedrigere Kosten"
            cues = [c for c in s.cues if c.label in ("MORE", "LESS")]
            # ("more memory than the H100, 76 percent, and less headroom": a word past "and" is the next clause's)
            cues = [c for c in cues if c.end <= q.start or not s.w.clause_and.search(
                s.text, q.end - s.start, c.start - s.start)] or cues
            near = min(cues, key=lambda c: distance(c, q.start, q.end))
            sign = 1 if near.label == "MORE" else -1
        value = 1 + sign * value
        if q.range_high is not None:  # "30-40% better price performance": 1.3 to 1.4
            value, r.high = sorted((value, 1 + sign * q.range_high))
        elif not r.equal:
            r.as_figures = Quantity(q.start, q.end, q.text, value, q.resolution, "times", "ratio", q.qualifier)
    elif r.workload in LOWER_BETTER and nearest_label(s, "LESS", q.start, q.end, 30, exact=True):
        value = 1 / value if value else value  # "10-fach niedrigere Latenz": a tenth of the latency
    elif q.range_high is not None:
        return False
    elif q.value < 1 and s.w.fraction_word.fullmatch(q.text):
        after = s.w.fraction_more.match(s.text, q.end - s.start)
        by = after is None and s.w.by_half.search(s.text[:q.start - s.start]) is not None
        if after is None and not by:
            return False  # "ein Drittel der Chips", "a quarter of the fleet": a share, no ratio
        count = next((x for x in s.quantities if x.family == "count" and x.end <= q.start
                      and not s.text[x.end - s.start:q.start - s.start].strip()), None)
        value *= count.value if count is not None else 1  # "rund zwei Drittel mehr": 2/3 more
        down = after.group("down") if after is not None else nearest_label(s, "LESS", q.start, q.end, 40, exact=True)
        value = 1 - value if down else 1 + value  # "gut ein Drittel mehr Speicher", "grows by a third": 1.33
        r.as_figures = Quantity(q.start, q.end, q.text, value, q.resolution, "times", "ratio", q.qualifier)
    elif q.value == 0.5 and s.w.half_word.fullmatch(q.text):
        before = s.text[:q.start - s.start]
        if s.w.half_of_year.search(before) or s.w.of_the_year.match(s.text[q.end - s.start:]):
            return False  # "the first half of 2025", "in der zweiten Hälfte des Jahres"
        if s.w.by_half.search(before):
            # "legt um die Hälfte zu": grows by half; "um die Hälfte gesenkt": cut to half
            less = nearest_label(s, "LESS", q.start, q.end, 40, exact=True)
            value = 0.5 if less is not None else 1.5
    r.value = value
    return True


_METRICS = {"compute", "memory_capacity", "memory_bandwidth", "efficiency", "interconnect_bandwidth", "network_bandwidth",
            "price_per_hour", "bandwidth"}


def _metric(ctx: Subjects, s: Sentence, r: Ratio) -> str | None:
    """What the ratio measures: the cue word nearest it, the figure just written, a precision (compute),
    or what the sentence, or the one before, gave figures of."""
    q = r.q
    metric = nearest_label(s, "ATTR:", q.start, q.end, CUE_WINDOW, allowed=_METRICS, next_clause=False)
    more = next((c for c in (*s.cue("MORE"), *s.cue("LESS")) if 0 <= c.start - q.end <= 3), None)
    named = min((c for c in s.cue("ATTR:") if more is not None and 0 <= c.start - more.end <= 2),
                key=lambda c: (c.start, c.start - c.end), default=None)  # ("memory bandwidth" over "memory")
    if named is not None and named.label[5:] in _METRICS:
        metric = named.label[5:]  # "bei gleicher Rechenleistung 76 % mehr Speicher": the word after "mehr"
    prec_near = [c for c in s.cue("PREC:") if distance(c, q.start, q.end) <= 15]
    if metric is not None and prec_near and metric != "compute" and not any(
            c.label.startswith("ATTR:") and distance(c, q.start, q.end) <= 15 for c in s.cues):
        metric = "compute"  # "bei FP8 das Zehnfache einer TPU v5p und 192 GB HBM": the precision is nearer
    figure = next((f for f in reversed(s.quantities) if f.end <= q.start
                   and f.family in ("memory", "rate", "compute", "power")
                   and s.w.figure_then_ratio.fullmatch(s.text[f.end - s.start:q.start - s.start])), None)
    if figure is not None and any(figure.end <= c.start and c.end <= q.start for c in s.cue("PREC:")):
        figure = None  # "mit 192 GB und ist bei FP8 knapp doppelt so schnell": the precision between speaks of compute
    if figure is not None and not nearest_label(s, "ATTR:", q.start, q.end, 15):
        if figure.family == "power":
            return None  # "nimmt mit bis zu 1.000 W rund 43 % mehr auf als die H100": a power ratio, no check reads it
        # "bringt 288 GB mit, um 50 Prozent mehr als die MI300X": the figure just written is what is compared
        metric = {"memory": "memory_capacity", "rate": "memory_bandwidth", "compute": "compute"}[figure.family]
        if metric == "memory_bandwidth" and any(ctx.kind(m.entity) == "interconnect" for m in s.mentions
                                                if m.end <= figure.start):
            metric = "interconnect_bandwidth"  # "NeuronLink-v4 runs at 2.56 TB/s, double what Trainium2 gets"
        elif metric == "memory_bandwidth" and _units.is_bits(figure.unit):
            # "The trn1n.32xlarge has 1,600 Gbps, twice that of the trn1.32xlarge": bits per second are a network's
            # (an instance's) or a link's (a chip's), never a memory's
            metric = "network_bandwidth" if any(ctx.kind(m.entity) in ("instance", "system", "pod")
                                                for m in s.mentions if m.end <= figure.start) else "interconnect_bandwidth"
    if any(0 <= c.start - q.end <= 20 and s.w.as_many.fullmatch(s.text, q.end - s.start, c.start - s.start)
           for c in s.cue("CHIPNOUN")):
        metric = "chip_count"  # "doppelt so viele Beschleuniger wie ein NVL72-Rack", "twice as many chips"
    if metric == "bandwidth":
        metric = "memory_bandwidth"  # "46 Prozent mehr Bandbreite als die H100": chips are compared on HBM
    if (metric is None and s.cue("PREC:")) or any(
            0 <= c.start - q.end <= 12 and not _CLAUSE_MARK.search(s.text, q.end - s.start, c.start - s.start)
            and not any(q.end <= a.start < c.start for a in s.cue("ATTR:")) for c in s.cue("PREC:")):
        # "Bei FP8 bleibt es beim Stand der B200": a precision is said of compute; one right after the ratio is its
        # metric ("1,5× Speicher, 2× FP8", "1.5x the memory and 2x the dense FP8 of Trainium2")
        metric = "compute"
    if metric is None and s.w.compute_verb.search(s.text[:q.start - s.start]):
        metric = "compute"  # "Trillium schafft damit das 4,7-Fache der v5e": what a chip achieves is its compute
    if metric is None:
        metric = _measured(s, r)
    if r.workload:
        metric = r.workload  # "2,3-fach höheren Durchsatz", "70% lower cost per inference": a vendor's workload claim
    return metric


def _measured(s: Sentence, r: Ratio) -> str:
    """"Against the B200 with its 180 GB, the gain is 50%": what the sentence (or the one before) measures."""
    measured = s.families & {"memory", "rate", "compute"}
    prev = s.previous
    last = prev.last if prev is not None else None
    if not measured and prev is not None and last is not None and last.family in ("memory", "rate", "compute") \
            and s.w.that_is.match(s.text):
        # "AWS rates it at 2.52 PFLOPS of dense FP8. That is twice what Trainium2 manages": the figure just said
        measured = {last.family}
        if last.family == "compute":
            labels = [c.label[5:] for c in prev.cues if c.label.startswith("PREC:") and c.start < last.end + 20]
            r.said_precision = labels[-1] if labels else None
    if not measured and prev is not None:
        # "... 60 Prozent mehr Speicher als die B200. Gegenüber der MI300X legt AMD um die Hälfte zu."
        said = {c.label for c in prev.cues} & {"ATTR:memory_capacity", "ATTR:memory_bandwidth", "ATTR:compute"}
        measured = prev.families & {"memory", "rate", "compute"}
        if len(said) == 1:
            measured = {{"ATTR:memory_capacity": "memory", "ATTR:memory_bandwidth": "rate",
                         "ATTR:compute": "compute"}[said.pop()]}
    return {"memory": "memory_capacity", "rate": "memory_bandwidth"}.get(
        measured.pop() if len(measured) == 1 else "", "compute")


def _a_spec(s: Sentence, r: Ratio) -> bool:
    """Whether the ratio is a specification the fact base can hold: not a price-performance or cost
    ratio, not a measured throughput, latency or speed-up."""
    q, metric = r.q, r.metric
    if metric == "efficiency":
        near = [c for c in s.cue("ATTR:efficiency") if distance(c, q.start, q.end) <= CUE_WINDOW]
        word = s.text[near[0].start - s.start:near[0].end - s.start] if near else ""
        if not near or not s.w.energy.search(word) or s.w.price_word.search(word):
            return False  # price-performance and cost ratios are not in the fact base; energy efficiency is
    if metric == "price_per_hour":
        return False
    rel = q.end - s.start
    if not r.workload and s.w.workload_metric.match(s.text[rel:rel + 40]) \
            and not nearest_label(s, "PREC:", q.start, q.end, 30):
        return False  # "4-fach höheren Durchsatz und 10-fach niedrigere Latenz": measured, not specified
    # "about 20% faster at high batch sizes in our runs": a measured speed, not a spec ratio;
    # "2.5x faster than the H100 on Llama 3 70B inference": a benchmark result, not a spec
    return not (s.w.speedup.match(s.text[rel:rel + 30]) and (s.w.workload.search(s.text) or (not nearest_label(
        s, "ATTR:", q.start, q.end, CUE_WINDOW) and not nearest_label(s, "PREC:", q.start, q.end, CUE_WINDOW))))


_CLAUSE_MARK = re.compile(r"[,;:]")  # (punctuation, no language's words)


def _claim(seg: Segment, s: Sentence, r: Ratio) -> Claim:
    q = r.q
    qualifier = q.qualifier
    if qualifier == "exact" and s.w.more_than_the.search(s.text, max(0, q.start - s.start - 20), q.start - s.start):
        qualifier = "at_least"  # "um mehr als das Vierfache", "more than the double"
    resolution = q.resolution
    if r.workload in LOWER_BETTER and q.unit != "percent" and r.value < 1:
        resolution = abs(1 / max(q.value - q.resolution, 1e-9) - r.value)  # "10-fach niedriger" admits 1/10.5-1/9.5
    qq = Quantity(q.start, q.end, q.text, r.value, resolution, "times", "ratio", qualifier, r.high)
    assert r.subject is not None and r.versus is not None  # (ratio_claim returned before otherwise)
    return Claim(entity=r.subject, attribute="ratio", start=seg.start + q.start, end=seg.start + q.end,
                 text=q.text, quantity=qq, versus=r.versus, versus_implied=r.implied, scope=r.metric,
                 precision=nearest_label(s, "PREC:", q.start, q.end, CUE_WINDOW) or r.precision,
                 sentence=s.text.strip(), subject_text=r.text, subject_how=r.how)


def figures_ratio(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """"1.8 TB/s per GPU, twice the 900 GB/s of NVLink 4": a ratio between two figures the sentence
    gives is checked against those figures themselves (HW102, scope "figures")."""
    figures = s.quantities
    owner = s  # the sentence whose figures the ratio is checked against
    after = next((f for f in figures if f.start > q.end and f.family in MEASURES
                  and s.w.figure_after.fullmatch(s.text[q.end - s.start:f.start - s.start])), None)
    later = [f for f in figures if f.start > q.end and f.family in MEASURES]
    if after is None and len(later) >= 2 and later[0].family == later[1].family \
            and s.w.from_before.fullmatch(s.text[q.end - s.start:later[0].start - s.start]) \
            and s.w.to_between.fullmatch(s.text[later[0].end - s.start:later[1].start - s.start]):
        # "capacity grows 1.5x, from 96 GiB to 144 GiB": the second figure over the first
        first, after = later[1], later[0]
    elif after is None and len(later) >= 2 and later[0].family == later[1].family \
            and s.w.versus_before.fullmatch(s.text[q.end - s.start:later[0].start - s.start]) \
            and s.w.versus_between.fullmatch(s.text[later[0].end - s.start:later[1].start - s.start]):
        # "das Doppelte, 144 GiB gegenüber 96 GiB": the first figure over the second
        first, after = later[0], later[1]
    elif after is None and (stated := _stated_pair(s, q, figures)) is not None:
        first, after = stated  # "141 vs 80 GB is 1.76x", "96 GB to 144 GB is 1.5x"
    elif after is None:
        change = change_before(s, q, figures)
        prev = s.previous
        if change is None and prev is not None and s.w.that_is.match(s.text) \
                and not any(f.end <= q.start and f.family in MEASURES for f in figures):
            # "... 4,8 TB/s statt 3,35 TB/s. Das entspricht einem Bandbreitenplus von rund 60 Prozent."
            change = change_before(prev, None, prev.quantities)
            owner = prev
        if change is None:
            return None
        first, after = change
    else:
        before = [f for f in figures if f.end <= q.start and f.family == after.family]
        if not before:
            return None
        first = before[-1]
    if _units.to_base(after.value, after.unit) <= 0:
        return None
    measured = _units.to_base(first.value, first.unit) / _units.to_base(after.value, after.unit)
    subject, how, text = ctx.subject(seg, owner, first.start, ATTR_BY_FAMILY[first.family][0])
    if subject is None:
        return None
    qq = Quantity(q.start, q.end, q.text, q.value, q.resolution, "times", "ratio", q.qualifier)
    return Claim(entity=subject, attribute="ratio", start=seg.start + q.start, end=seg.start + q.end,
                 text=q.text, quantity=qq, scope="figures", value_text=f"{measured:.6g}",
                 sentence=s.text.strip(), subject_text=text, subject_how=how)


def _stated_pair(s: Sentence, q: Quantity, figures) -> tuple[Quantity, Quantity] | None:
    """"141 vs 80 GB is 1.76x", "96 GB to 144 GB is 1.5x", „144 gegenüber 96 GiB sind das 1,5-Fache“: two figures of
    one kind joined by a word of comparison (the first over the second) or of change (the new over the old), right
    before what they come to."""
    before = [f for f in figures if f.end <= q.start and f.family in MEASURES]
    if len(before) < 2 or not s.w.figures_are.fullmatch(s.text, before[-1].end - s.start, q.start - s.start):
        return None
    a, b = before[-2], before[-1]
    if a.family != b.family:
        return None
    if s.w.versus_between.fullmatch(s.text, a.end - s.start, b.start - s.start):
        return a, b
    return (b, a) if s.w.to_between.fullmatch(s.text, a.end - s.start, b.start - s.start) else None


def change_before(s: Sentence, q: Quantity | None, figures) -> tuple[Quantity, Quantity] | None:
    """"bandwidth goes from 2.9 to 4.9 TB/s, roughly double", "steigt von 2,9 TB/s auf 4,9 TB/s, also
    knapp das Doppelte": a ratio right after a change it sums up is the new figure over the old one
    (q None: the change that ends the sentence, for a ratio in the next one)."""
    end = q.start if q is not None else s.end
    # (not a number word read as a count: "ein Plus von 80 Prozent")
    before = [f for f in figures if f.end <= end and (f.family != "count" or f.text[:1].isdigit())]
    if not before:
        return None
    gap = s.text[before[-1].end - s.start:end - s.start]
    if q is None:
        if not SENTENCE_END.fullmatch(gap):
            return None
    elif not s.w.sums_up.fullmatch(gap) and not (q.unit == "times" and s.w.gain_of.fullmatch(gap)):
        return None
    last = before[-1]
    if last.family not in MEASURES:
        return None
    if last.range_high is not None and s.w.from_end.search(s.text, 0, last.start - s.start):
        new = Quantity(last.start, last.end, last.text, last.range_high, last.resolution, last.unit, last.family)
        return new, last  # "from 2.9 to 4.9 TB/s": one figure with its range
    if len(before) < 2:
        return None
    return change_of(s, before[-2], last) or _pair(s, q, before[-2], last)


def _pair(s: Sentence, q: Quantity | None, a: Quantity, b: Quantity) -> tuple[Quantity, Quantity] | None:
    """"die B300 schafft 15 PFLOPS, der B200 9 PFLOPS – ein Plus von gut 80 Prozent": two figures of the same
    kind, the second after another chip's name, summed up by a gain or a loss (q: the ratio as new over old). The
    larger over the smaller for a gain, the smaller over the larger for a loss."""
    if q is None or a.family != b.family or a.range_high is not None or b.range_high is not None:
        return None
    if not any(a.end <= m.start < b.start for m in s.mentions) or "," not in s.text[
            a.end - s.start:b.start - s.start]:
        return None
    va, vb = _units.to_base(a.value, a.unit), _units.to_base(b.value, b.unit)
    if va <= 0 or vb <= 0 or va == vb:
        return None
    big, small = (a, b) if va > vb else (b, a)
    return (big, small) if q.value >= 1 else (small, big)


_FACTOR_OF_FIGURE = re.compile(r"\s*\d[\d.,]*\s*[A-Za-z]")  # ("× 144 GiB": a figure with its unit follows)

RULE = Rule("ratio", ("ratio",), ratio_claim)

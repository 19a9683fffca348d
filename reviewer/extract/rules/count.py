"""Counts: chips, cores, servers, CPUs, vCPUs, buildings; and a system's chips per server.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...factbase.base import FactBase
from ...models import Claim, Quantity, Segment
from ...units import LEXICON
from ..patterns import HEADER_UNIT
from ..rule import Rule
from ..sentence import Mention, Sentence, count_before, counted_in, group_in_bracket
from ..subjects import Subjects
from .numeric import place


def count_claim(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """A bare number with a noun saying what it counts: chips, cores, servers, CPUs, vCPUs, buildings; and
    "2 × Inferentia2" in an instance table. A count of chips per server is the system's chips_per_server.

    Bad (en): "the hops between any two accelerators" -- a pair, not a system's count.
    Bad (de): "36 Server mit je vier Chips" in a GB200 NVL72 -- per server, and no source says how many.
    Good (en): "a p5.48xlarge with eight H100s" -> chip_count 8 of p5.48xlarge.
    Good (de): "Ein Trn3 UltraServer besteht aus 36 Servern mit je vier Chips" -> chips_per_server 4 of
    trn3-ultraserver.
    """
    servers = _servers_before(s, q)
    if servers is not None:  # ("four trn2u.48xlarge instances × 16 chips": each instance's, of the UltraServer)
        claim = _per_server_claim(ctx, seg, s, q)
        if claim is not None or s.text[max(0, q.start - s.start - 3):q.start - s.start].rstrip().endswith(("×", "x")):
            return claim  # ("18 instances × 4 GPUs" of a GB200 NVL72: a factor, and no source gives it)
        return _count_claim(ctx, seg, s, q)
    return _count_claim(ctx, seg, s, q) or _per_server_claim(ctx, seg, s, q)


def _count_claim(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """A count of chips, cores, servers, CPUs, vCPUs or buildings of one subject (not one of its parts').

    Bad (en): "the hops between any two accelerators" -- a pair, not a system's count.
    Bad (de): "36 Server mit je vier Chips" -- four chips per server, not the system's total.
    Good (en): "a p5.48xlarge with eight H100s" -> chip_count 8 of p5.48xlarge.
    Good (de): "Ein Trn3 UltraServer verbindet 144 Trainium3-Chips" -> chip_count 144 of trn3-ultraserver.
    """
    if seg.kind == "table_cell" and seg.col_header >= 0 and _other_unit(ctx.state.cell_text.get(seg.col_header, "")):
        return None  # "| Llama 3.1 8B, 1 GPU | 9.870 |" under "Durchsatz (Tokens/s)": a measure in another unit
    if q.text.lower() in s.w.indefinite and not s.w.only_before.search(s.text[:q.start - s.start]):
        return None  # "für einen Chip, eine Instanz oder ein Rack": an article, not a count
    if q.value == 1 and s.w.as_one_before.search(s.text, max(0, q.start - s.start - 40), q.start - s.start):
        return None  # "a rack pretending to be one GPU", "wie eine einzige GPU": a likeness, not a count
    if _no_count(s, q):
        return None
    if q.value != int(q.value) or (q.text[:1] == "0" and q.value) or s.text[q.start - s.start - 1:q.start - s.start] == "#":
        return None  # "**2.1** Je Beschleuniger gelten ...", "### #041 Nvidia H100": a section's or item's number
    if 1990 <= q.value < 2040 and q.value == int(q.value) and s.w.year_lead.search(
            s.text, max(0, q.start - s.start - 12), q.start - s.start):
        return None  # "ab 2027 Beschleuniger mit mehr als 400 GB": a year, not a count
    if s.w.any_between.search(s.text, max(0, q.start - s.start - 16), q.start - s.start):
        return None  # "the hops between any two accelerators": a pair, not a system's count
    if is_core_count(s, q):
        attribute = "core_count"  # "24 NeuronCores", "acht NeuronCore-v3-Kerne"
    elif _under_cpu_header(ctx, seg, s):
        attribute = "cpu_count"  # "| 72x NVIDIA Grace |" under "Host CPUs": the rack's CPUs, not its GPUs
    elif is_chip_count(s, q) or names_chips(ctx, s, q) or is_elliptic_count(s, q) or counts_them(ctx, s, q) or (
            seg.kind == "table_cell" and any(c.label == "CHIPNOUN" and c.start == c.end for c in s.cues)
            and not _row_names_a_configuration(ctx, seg)):
        attribute = "chip_count"  # (a cell in the row or column "Chips pro Pod" too)
    elif is_chip_count(s, q, "SERVERNOUN"):
        attribute = "server_count"  # "144 chips spread over 36 servers", "verbindet vier Instanzen"
    elif is_chip_count(s, q, "BUILDINGNOUN"):
        attribute = "building_count"  # "über 30 Rechenzentren verteilt": a campus's buildings
    elif is_chip_count(s, q, "CPUNOUN"):
        attribute = "cpu_count"  # "72 GPUs mit 36 Grace-CPUs"
    elif is_chip_count(s, q, "VCPUNOUN") or (seg.kind == "table_cell" and s.cue("VCPUNOUN")):
        attribute = "vcpus"  # "192 vCPUs", a cell under "vCPUs"
    else:
        return None
    if attribute in ("chip_count", "cpu_count") and s.w.part_noun_after.match(s.text, q.end - s.start):
        return None  # "je 56 Kerne", "six power supplies": a count of a chip's or a system's parts
    if attribute == "chip_count" and _per_part(s, q) and any(ctx.kind(m.entity) in ("system", "pod") and m not in counted_in(s)
                                                              for m in s.mentions):
        # "Trn3 UltraServer: 4 Chips pro Server, 36 Server": per server, not the system's count (but "two GB200 NVL72
        # racks with 72 GPUs each": each of the systems counted)
        return None
    if attribute == "chip_count" and (s.w.part_of_before.search(s.text, max(0, q.start - s.start - 24), q.start - s.start)
                                      or (s.w.part_lead.match(s.text) and "," not in s.text[:q.start - s.start])):
        return None  # "four servers of 16 chips", "vier Server mit je 16 Chips", "Pro Compute-Tray stecken vier MI455X"
    if attribute == "chip_count" and s.w.part_size_after.match(s.text, q.end - s.start) \
            and s.w.many_before.search(s.text, max(0, q.start - s.start - 16), q.start - s.start):
        return None  # "built from four 16-chip servers", "aus vier 16-Chip-Servern": each part's size, not the total
    claim = place(ctx, seg, s, q, attribute)
    if claim is None and attribute == "chip_count":
        claim = _counted_chips_pod(ctx, s, seg, q)
    claim = _clusters_chip(ctx, claim, s, q) if claim is not None and attribute == "chip_count" else claim
    if claim is not None and attribute == "chip_count" and _fleet_total(s, q, claim.entity, ctx.kind(claim.entity), ctx.fb):
        return None  # "Order 32 DGX H100 systems (..., 256 GPUs in total)": all the systems' chips, not one's
    if claim is not None and attribute == "chip_count" and _rack_of_systems(ctx, seg, s, q, claim.entity):
        return None  # "| DGX B300 | 32 |" under "GPUs je Rack": four 8-GPU systems in a rack, no system's own count
    if claim is not None and attribute == "chip_count" and ctx.kind(claim.entity) != "project" \
            and s.w.whole_of_before.search(s.text, max(0, q.start - s.start - 48), q.start - s.start):
        return None  # "strings Trn2 UltraServers together into a cluster of nearly 500,000 chips": the cluster's count
    if claim is not None and attribute == "chip_count" and (_other_chip(ctx, s, q, claim.entity) or _inventory(ctx, s, claim)):
        return None  # "72 Blackwell Ultra GPUs" under a Trn3 UltraServer: a count of another chip, not its own
    if claim is not None and attribute == "chip_count" and seg.kind == "table_cell" and seg.col_header >= 0 \
            and ctx.kind(claim.entity) in ("system", "pod") \
            and s.w.per_part_next.match(ctx.state.cell_text.get(seg.col_header, "")):
        # a system's cell under "Chips per server", "Chips pro Server": each part's count, not its own; the system's
        # chips_per_server where its sources give one ("| Trn3 UltraServer (Trainium3) | 4 |"); else none (a row that
        # names a chip as well, "| u-p6e-gb200x72 (GB200) | 4 |", may still give the chip's)
        if ctx.fb.about(claim.entity, "chips_per_server") and "/" not in ctx.state.cell_text.get(seg.col_header, ""):
            # (not under "Chips per instance / UltraServer": "4 / 144" gives both)
            return replace(claim, attribute="chips_per_server", scope=None, alternates=())
        if not set(claim.alternates) & set(ctx.memory.all(seg.row_header)):
            return None
    return claim


def _inventory(ctx: Subjects, s: Sentence, claim: Claim) -> bool:
    """Three or more chips counted in the sentence, and a subject it does not name: an inventory, no system's count
    ("the schedule counts 48 B200, 32 MI300X, 24 H200 and 16 Gaudi 3 accelerators")."""
    return claim.subject_how != "sentence" and len({m.entity for m in counted_in(s) if ctx.kind(m.entity) == "chip"}) >= 3


def _rack_of_systems(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity, subject: str) -> bool:
    """A cell under a header per rack whose count is a multiple of the row's system's own, a server's (of at most 16
    chips; a rack-scale system's own is the rack's: "| GB300 NVL72 | 144 |" is wrong): several systems."""
    own = [f.value for f in ctx.fb.about(subject, "chip_count") if isinstance(f.value, (int, float))]
    return seg.kind == "table_cell" and seg.col_header >= 0 and bool(own) and max(own) <= 16 \
        and bool(s.w.per_rack_after.search(ctx.state.cell_text.get(seg.col_header, ""))) \
        and _multiple_of_own(ctx.fb, s, subject, q)


def _clusters_chip(ctx: Subjects, claim: Claim, s: Sentence, q: Quantity) -> Claim:
    """A cluster's count bound to an instance or a system, of a chip whose sources give its clusters' size ("UltraClusters
    scaled to over 30,000 Trainium devices" after a trn1.32xlarge, „auf über 30.000 Trainium-Chips skalieren“, the
    chip counted): the chip's."""
    if claim.scope != "cluster" or ctx.kind(claim.entity) == "chip":
        return claim
    counted = [m.entity for m in s.mentions if q.end <= m.start <= q.end + 2 and ctx.kind(m.entity) == "chip"]
    chip = next((a for a in (*counted, *claim.alternates) if ctx.kind(a) == "chip"
                 and any(f.q.scope == "cluster" for f in ctx.fb.about(a, "chip_count"))), None)
    if chip:
        return replace(claim, entity=chip, alternates=())
    return claim


def _multiple_of_own(fb: FactBase, s: Sentence, subject: str, q: Quantity, times: int = 2) -> bool:
    """The count is two or more times the system's own ("Jedes System ... 144 Chips pro System und 1.728 Chips
    insgesamt" after "zwölf Trn3 UltraServer"): several systems' chips, if a total word goes with it (not the own
    count of a system the sentence names: "the dense FP8 total of a 64-chip Trn2 UltraServer")."""
    if any(f.value == q.value for m in s.mentions for f in fb.about(m.entity, "chip_count")):
        return False
    own = [f.value for f in fb.about(subject, "chip_count") if isinstance(f.value, (int, float)) and f.value > 0]
    return any(q.value >= times * v and q.value % v == 0 for v in own)


def _fleet_total(s: Sentence, q: Quantity, subject: str, kind: str = "", fb: FactBase | None = None) -> bool:
    """A total the sentence gives after counting several of the subject ("32 DGX H100 systems ... 256 GPUs in
    total", "32 DGX-H100-Systeme ... insgesamt 256 GPUs", or in a bracket after them): the fleet's count of chips."""
    if group_in_bracket(s, q, subject) or (kind in ("system", "instance") and fb is not None and _factored(s, q)
                                           and not _a_systems_own(fb, s, subject, q)):
        # "Twelve Trn2 UltraServers on a reservation (768 Trainium2 chips, 72 TB of HBM)": the twelve's; "Ein voll
        # bestücktes Rack enthält damit 32 GPUs (8 GPUs je Knoten, 4 Knoten je Rack)" of a DGX B200: a product of parts
        return True
    if _instances_give(s, q):
        return True  # "so 8 instances give us 256 chips", "16 Instanzen für 256 Chips": the instances' chips together
    if s.w.such_servers.search(s.text, 0, q.start - s.start) and s.w.per_rack_after.match(s.text, q.end - s.start):
        return True  # "zwei solcher Server mit je acht GPUs, also 16 GPUs pro Rack": the rack's, of several servers
    if kind == "system" and fb is not None and _multiple_of_own(fb, s, subject, q, times=10) \
            and not any(f.value == q.value for e in fb.entities for f in fb.about(e, "chip_count")):
        return True  # "ein Rack kommt damit auf 20 TB GPU-Speicher, der erste Bauabschnitt auf 8.640 GPUs": 120 racks'
    several = any(m.entity == subject and m.end <= q.start and (count_before(s, m) or 0) > 1 for m in counted_in(s)) \
        or (kind == "instance" and _servers_counted(s, q)) \
        or (fb is not None and _multiple_of_own(fb, s, subject, q))
    # ("twelve trn1.32xlarge instances, … (192 chips in all)"; "twelve Trn3 UltraServers. … 1,728 chips in total")
    if not several:
        return False
    noun = _NOUN_AFTER.match(s.text, q.end - s.start)  # ("256 GPUs in total": the total word after the noun)
    return bool(s.w.cumulative.search(s.text, max(0, q.start - s.start - 12), q.start - s.start)
                or s.w.cumulative_after.match(s.text, q.end - s.start)
                or (noun is not None and s.w.cumulative_after.match(s.text, noun.end())))


def _no_count(s: Sentence, q: Quantity) -> bool:
    """A number that counts nothing: "4 chips' worth of cores" (a measure), "5. Generation" (a generation's number),
    "9  A. The GPUs talk ..." (a transcript's line number)."""
    after, line = q.end - s.start, s.text[:q.start - s.start].rpartition("\n")[2]
    return bool(s.w.worth_after.match(s.text, after) or s.w.generation_after.match(s.text, after)
                or (q.text.isdigit() and _LINE_NUMBER.match(s.text, after) and not line))


_NOUN_AFTER = re.compile(r"\s*[^\s,;.()]*")
_LINE_NUMBER = re.compile(r"[ \t]{2,}(?=\S)")  # (a number at a line's start, then two spaces: a numbered transcript's)


def _a_systems_own(fb: FactBase, s: Sentence, subject: str, q: Quantity) -> bool:
    """The count is the own chip count of the subject, of hardware the sentence names or of a system built from the
    subject's chip ("a smaller variant with 64 chips (4 × 16)" of a Trn3 UltraServer: the Gen1's)."""
    chip = fb.chip_of(subject)
    near = {subject, *(m.entity for m in s.mentions), *(fb.built_from(chip) if chip else ())}
    return any(f.value == q.value for e in near for f in fb.about(e, "chip_count"))


_BRACKET_AFTER = re.compile(r"[ \t]*(?:[^\W\d][\w-]*[ \t]*)?\(([^()\n]{3,80})\)")  # ("32 GPUs (8 GPUs je Knoten, ...)")


def _factored(s: Sentence, q: Quantity) -> bool:
    """The count's bracket right after it gives two counts whose product it is ("32 GPUs (8 GPUs je Knoten, 4 Knoten je
    Rack)"; "144 chips (36 servers × 4)" may still be a system's own: _fleet_total checks the subject's count)."""
    m = _BRACKET_AFTER.match(s.text, q.end - s.start)
    nums = [int(x) for x in re.findall(r"(?<![\d.,])\d{1,4}(?![\d.,]\d)", m.group(1))] if m else []
    return any(a * b == q.value and 1 < a < q.value and 1 < b < q.value for k, a in enumerate(nums) for b in nums[k + 1:])


def _servers_counted(s: Sentence, q: Quantity) -> bool:
    """More than one instance or server counted before the count ("twelve trn1.32xlarge instances")."""
    return any(p.family == "count" and p.value > 1 and p.end <= q.start and any(
        c.label == "SERVERNOUN" and c.end <= q.start and _NAME_BETWEEN.fullmatch(s.text, p.end - s.start, c.start - s.start)
        for c in s.cues) for p in s.quantities)


_NAME_BETWEEN = re.compile(r"\s+(?:[\w.-]+\s+|[\w.-]+-)?")  # ("zwölf trn1.32xlarge-Instanzen": a compound too)


def _instances_give(s: Sentence, q: Quantity) -> bool:
    """Several instances, servers or systems counted before the count, joined to it by "give", "for", "hold",
    "ergeben", "für" ("so 8 instances give us 256 chips", "eight UltraServers therefore hold 1,152 chips"): all of theirs."""
    return any(p.family == "count" and p.value > 1 and p.end <= q.start and (any(
        c.label == "SERVERNOUN" and 0 <= c.start - p.end <= 2 and s.w.instances_give.fullmatch(
            s.text, c.end - s.start, q.start - s.start) for c in s.cues) or bool(
        (word := s.w.systems_word.match(s.text, p.end - s.start)) and s.w.instances_give.fullmatch(
            s.text, word.end(), q.start - s.start))) for p in s.quantities)


def _right_after(s: Sentence, q: Quantity, m: Mention) -> bool:
    """The name `m` comes right after the number: two characters at most, or markup blanked ("72 **B300** GPUs")."""
    gap = m.start - q.end
    return 0 <= gap <= 2 or (0 <= gap <= 6 and not s.text[q.end - s.start:m.start - s.start].strip())


def _other_chip(ctx: Subjects, s: Sentence, q: Quantity, subject: str) -> bool:
    """Whether the chip the count names right after its number ("72 B300 GPUs") is neither the subject nor
    the chip the subject is built from."""
    counted = next((m for m in s.mentions if ctx.kind(m.entity) == "chip" and _right_after(s, q, m)), None)
    if counted is None or counted.entity == subject:
        return False
    fb = ctx.fb
    chip = fb.chip_of(subject)
    # ("72 Blackwell Ultra GPUs" in a GB300 NVL72, whose chip is the GB300: a product of the chip named)
    products = fb.entities[counted.entity].members if counted.entity in fb.entities else []
    return chip not in (None, counted.entity) and counted.entity not in fb.members(subject) and chip not in products


def counts_them(ctx: Subjects, s: Sentence, q: Quantity) -> bool:
    """"a Trn2 UltraServer strings 64 of them together", "ein Pod koppelt 9.216 davon": a count of the chips the
    sentence named before the number (a chip noun or a chip's name)."""
    them = s.w.of_them.match(s.text, q.end - s.start)
    if not them or _COUNT_IN_BRACKET.match(s.text, them.end()):
        return False  # ("four of those (64 chips) make up a Trn2 UltraServer": the bracket counts the chips)
    return any(c.end <= q.start for c in s.cue("CHIPNOUN")) or any(
        m.end <= q.start and ctx.kind(m.entity) == "chip" for m in s.mentions)


_COUNT_IN_BRACKET = re.compile(r"\s*\(\s*\d")


def _counted_chips_pod(ctx: Subjects, s: Sentence, seg: Segment, q: Quantity) -> Claim | None:
    """"Bis zu 9.216 Ironwood-Chips bilden einen Pod": a count of the chip named after the number, in a sentence
    with no owner but the word for a kind of system, is the count of the one such system built from that chip."""
    counted = next((m for m in s.mentions if m.start >= q.end and ctx.kind(m.entity) == "chip"
                    and not s.text[q.end - s.start:m.start - s.start].replace("-", " ").strip()), None)
    # (a non-breaking space or a tab between as well: "9.216\u00a0Ironwood-Chips")
    if counted is None:
        return None
    kinds = {kind for word, kind in s.w.kind_words.items()
             if re.search(rf"\b{re.escape(word)}s?\b", s.text, re.IGNORECASE)}
    built = ctx.fb.built_from(counted.entity, kinds) if kinds else []
    if len(built) != 1:
        return None
    return Claim(entity=built[0], attribute="chip_count", start=seg.start + q.start, end=seg.start + q.end,
                 text=q.text, quantity=q, sentence=s.text.strip(), subject_text=counted.text,
                 subject_how="coreference")


def _row_names_a_configuration(ctx: Subjects, seg: Segment) -> bool:
    """"| Llama 3.1 8B, 1 GPU | 64 |": the chip noun of the row's first cell comes with its own number (a setup
    the row measures), and the column does not count chips: the cell is no chip count."""
    column = ctx.state.cells.get(seg.col_header, (None, ()))[1] if seg.col_header >= 0 else ()
    row = ctx.state.cell_text.get(seg.row_header, "") if seg.row_header >= 0 else ""
    return "CHIPNOUN" not in column and any(ch.isdigit() for ch in row)


def _other_unit(header: str) -> bool:
    """A column header whose unit in brackets is none of ours and no count's: "Durchsatz (Tokens/s)",
    "Erstes Token (ms)"."""
    m = HEADER_UNIT.search(header.strip())
    surface = (m.group(1) or m.group(2) or "").strip() if m else ""
    return bool(surface) and surface not in LEXICON and ("/" in surface or surface in _TIME_UNITS)


_TIME_UNITS = frozenset({"ms", "s", "µs", "us", "ns", "min", "h"})


def _per_part(s: Sentence, q: Quantity) -> bool:
    """"4 Chips pro Server", "16 chips per instance", "four Trainium3 per server": the count's noun (or the chip's
    name) is followed by the part it counts per."""
    ends = [(c.start, c.end) for c in s.cue("CHIPNOUN")] + [(m.start, m.end) for m in s.mentions]
    noun = min((se for se in ends if se[0] >= q.end and se[0] - q.end <= 30), default=None)
    return noun is not None and bool(s.w.per_part_next.match(s.text[noun[1] - s.start:]))


def chips_multiplied(ctx: Subjects, s: Sentence, q: Quantity) -> bool:
    """"| inf2.8xlarge | 2 × Inferentia2 |": a multiple right before a chip's name counts chips (not "about 1x
    Trainium2", a ratio)."""
    if s.w.multiple_predicate.search(s.text, max(0, q.start - s.start - 12), q.start - s.start):
        return False  # "So FP8 is 2x Trainium2": a ratio
    return q.qualifier == "exact" and q.text.rstrip()[-1:] in ("×", "x") and any(
        m.start - q.end <= 2 and m.start >= q.end and ctx.kind(m.entity) == "chip" for m in s.mentions)


def cpus_multiplied(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> bool:
    """"| 72x NVIDIA Grace |" under "Host CPUs": a multiple in a column of CPUs counts them, named or not."""
    return q.qualifier == "exact" and q.text.rstrip()[-1:] in ("×", "x") and _under_cpu_header(ctx, seg, s)


def chip_multiple_claim(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """"2 × Inferentia2" as a count of chips (chips_multiplied), not as a ratio."""
    q = Quantity(q.start, q.end, q.text, q.value, 0.5, "times", "count", q.qualifier)
    claim = place(ctx, seg, s, q, "cpu_count" if _under_cpu_header(ctx, seg, s) else "chip_count")
    if claim is not None and claim.attribute == "chip_count" and _other_chip(ctx, s, q, claim.entity):
        return None  # "Die DGX H100 kommt mit 2× H100 NVL": cards of another chip beside the system, not its count
    return claim


def _under_cpu_header(ctx: Subjects, seg: Segment, s: Sentence) -> bool:
    """A cell under a header of CPUs ("| Host CPUs |" over "| 72x NVIDIA Grace |"): it counts the system's CPUs
    (not in a row of several systems: "| hc-dgx-b200-x8 | ... | 16x Intel Xeon |" is eight DGX B200s' CPUs)."""
    return seg.kind == "table_cell" and any(c.label == "CPUNOUN" and c.start == c.end for c in s.cues) \
        and not _MULTIPLE_OF.search(ctx.state.cell_text.get(seg.row_header, "") if seg.row_header >= 0 else "")


_MULTIPLE_OF = re.compile(r"[-_ ]x\d+\b|×\s*\d+\s*$|\b\d+\s*[x×]\s")  # "dgx-b200-x8", "DGX B200 × 8", "8 x DGX B200"


def cores_multiplied(s: Sentence, q: Quantity) -> bool:
    """"| Kerne | 8 × NeuronCore-v2 |": a count of cores (the core type is checked on its own)."""
    return q.text.rstrip()[-1:] in ("×", "x") and bool(s.w.core_noun.match(s.text, q.end - s.start))


def names_chips(ctx: Subjects, s: Sentence, q: Quantity) -> bool:
    """"a p5.48xlarge with eight H100s", "mit 16 Trainium2": a number right before a chip's name counts it
    (not "je vier Chips", a per-server count; not "2 Trainium3" in a list of versions)."""
    rel_start = q.start - s.start
    if q.value < 1 or q.value != int(q.value):
        return False
    if after_version(s, rel_start):
        return False  # "the CDNA 4 MI355X": a version of the architecture, no count
    if s.w.each.search(s.text[max(0, rel_start - 10):rel_start]):
        # "in Trn2 UltraServern mit je 64 Trainium2": each of the named systems; "36 Servern mit je vier" is not
        owner = [m for m in s.mentions if m.end <= q.start and ctx.kind(m.entity) in ("system", "pod", "instance")]
        if not owner or not s.w.with_each_gap.fullmatch(s.text[owner[-1].end - s.start:rel_start]):
            return False
    nxt = next((m for m in s.mentions if m.start >= q.end), None)
    return bool(nxt is not None and ctx.kind(nxt.entity) == "chip"
                and re.fullmatch(r"\s", s.text[q.end - s.start:nxt.start - s.start])
                and not re.match(r"[\w-]", s.text[nxt.end - s.start:nxt.end - s.start + 1].replace("s", "", 1))
                and not s.w.system_after.match(s.text, nxt.end - s.start)  # "four trn2 instances"
                and not s.w.each_later.match(s.text[nxt.end - s.start:]))


def is_core_count(s: Sentence, q: Quantity) -> bool:
    """"24 NeuronCores", "8 NeuronCore-v3 cores", "zwei Rechenkerne": a count of cores; "mit je zwei
    Kernen" counts per part, which the subject's own count is not."""
    rel_start, rel_end = q.start - s.start, q.end - s.start
    if s.w.per_unit.search(s.text[max(0, rel_start - 10):rel_start]):
        return False
    noun = s.w.core_noun.match(s.text, rel_end)
    # "16 Trainium2 chips, 8 NeuronCores each": per chip, not the subject's own count
    return noun is not None and not s.w.each_next.match(s.text[noun.end():])


def is_elliptic_count(s: Sentence, q: Quantity) -> bool:
    """"bis zu 9.216 Chips, bei Trillium waren es noch 512": the number in the later clause counts the
    same thing as the chip count before it."""
    rel = q.start - s.start
    if any(c.label.endswith("NOUN") and c.label != "CHIPNOUN" and c.start >= q.end
           and not s.text[q.end - s.start:c.start - s.start].strip() for c in s.cues):
        return False  # "Per server it is 4 chips; per UltraServer it is 36 servers": what the noun after counts
    return bool(s.w.ellipsis.search(s.text[max(0, rel - 30):rel])) and any(
        c.label == "CHIPNOUN" and c.end <= q.start and s.w.clause_break.search(s.text[c.end - s.start:rel])
        for c in s.cues)


def after_version(s: Sentence, rel_start: int) -> bool:
    """The number at `rel_start` follows a version word ("CDNA 4", "PCIe 5", "Gen 5"), markup blanked between
    them or not ("[CDNA](https://…) 4")."""
    before = s.text[max(0, rel_start - 200):rel_start].rstrip()
    return bool(s.w.version_before.search(before[-12:]))


def is_chip_count(s: Sentence, q: Quantity, noun: str = "CHIPNOUN") -> bool:
    """"144 Trainium3 chips", "72 Blackwell Ultra GPUs": a chip noun right after the number (a name may
    sit between); "mit je vier Chips" / "four chips each" count per server, not the system's total.
    With `noun` SERVERNOUN or CPUNOUN the same for "36 servers", "acht Instanzen", "36 Grace CPUs"."""
    rel_start, rel_end = q.start - s.start, q.end - s.start
    if after_version(s, rel_start):
        return False  # "built on CDNA 4 MI455X GPUs": the architecture's version, not four GPUs
    if ((s.w.per_unit.search(s.text[max(0, rel_start - 10):rel_start]) and not _pairs_totals(s, q))
            or (q.value <= 8 and s.w.per_unit_list.search(s.text[max(0, rel_start - 50):rel_start]))) \
            and not _each_system(s, rel_start) and not _systems_with(s, rel_start) \
            and not s.w.system_with_before.match(s.text, max(0, rel_start - 40), rel_start):
        # "36 Server mit je vier Chips", "36 Superchips mit je einer CPU und zwei GPUs" (not "UltraServer verbinden
        # jeweils 64 Chips": each system's; nor "the Trn3 Gen1 UltraServer with 64 chips": the one system's)
        return False
    for c in s.cues:
        if c.label != noun or c.start < q.end:
            continue
        if any(o.label.endswith("NOUN") and o.label != noun and o.start <= c.start and c.end <= o.end
               and o.end - o.start > c.end - c.start for o in s.cues):
            continue  # "18 EPYC-Prozessoren": the longer noun says what is counted (CPUs), not "Prozessoren" in it
        gap = s.text[rel_end:c.start - s.start]
        names = [m for m in s.mentions if m.start >= q.end and m.end <= c.start]
        for m in names:
            gap = gap.replace(m.text, "")
        gap = s.w.these_of.sub("", gap)  # "144 dieser Chips"
        if (instead := s.w.contrast_gap.match(gap)) is not None:  # "knapp eine Million statt ~~50.000~~ Trainium2-Chips"
            gap = re.sub(r"^[\s\d.,~]*", "", gap[instead.end():])
        if re.fullmatch(r"[\s-]*(?:[A-Z][\w.-]*[\s-]+){0,3}", gap + " ") and (
                not s.w.each_next.match(s.text[c.end - s.start:]) or _systems_with(s, rel_start)):
            return True  # (not "four chips each" of servers; but "two racks with 72 GPUs each": each rack's)
        break
    return False


def _pairs_totals(s: Sentence, q: Quantity) -> bool:
    """"pairs 72 GPUs with 72 Grace CPUs": a count after a bare "with" that equals a count before it pairs two
    totals; "36 servers with four chips", "a Trn3 UltraServer with 64 chips" after "144 chips across 36 servers"
    count per unit or name a variant (and "with each", "je" always count per unit)."""
    if not s.w.pairs_with.search(s.text, max(0, q.start - s.start - 10), q.start - s.start):
        return False
    before = [p for p in s.quantities if p.family == "count" and p.end <= q.start]
    return any(p.value == q.value for p in before)  # (not "one NVLink domain" between them)


def _systems_with(s: Sentence, rel: int) -> bool:
    """Counted systems "with" the count at `rel`: "two GB200 NVL72 racks with 72 GPUs each" (each rack's)."""
    return bool(s.w.systems_with_before.search(s.text, max(0, rel - 80), rel))


def _each_system(s: Sentence, rel: int) -> bool:
    """"UltraServer verbinden jeweils 64 Chips": the count before `rel` is each named system's, unless the
    systems are themselves counted parts ("vier Instanzen mit je 16 Trainium2-Chips": per instance)."""
    m = s.w.system_each.search(s.text, 0, rel)
    return m is not None and not any(0 <= m.start() - (q.end - s.start) <= 2 or re.fullmatch(
        r"\s+[\w.]+-", s.text[q.end - s.start:m.start()]) for q in s.quantities if q.end - s.start <= m.start())
    # ("vier trn2u.48xlarge-Instanzen mit je 16 Chips": the instances are counted, so 16 is each one's)



def _per_server_claim(ctx: Subjects, seg: Segment, s: Sentence, q: Quantity) -> Claim | None:
    """"36 servers x 4 chips", "36 Server mit je vier Chips", "4 Chips pro Server": a count of chips per server is
    the system's chips_per_server, when the system's sources give that figure (a system named in the sentence
    before it, or the subject the figure's place finds; a chip's systems as alternates). With a number of servers
    before it, the system is one with that many servers."""
    if q.value != int(q.value) or q.value > 64 or not _chip_noun_after(ctx, s, q):
        return None
    servers = _servers_before(s, q)
    if servers is None and not s.w.per_server_next.match(s.text[q.end - s.start:]):
        return None  # (not "Trn2 UltraServers of 64 chips each": each system's)
    fb = ctx.fb
    has_figure = [e for e in fb.entities if fb.about(e, "chips_per_server")]
    named = [m for m in s.mentions if m.end <= q.start and m.entity in has_figure]
    claim = place(ctx, seg, s, servers, "server_count") if servers is not None else None
    if claim is None:
        claim = place(ctx, seg, s, q, "chip_count")
    if claim is None and named:
        claim = Claim(entity=named[-1].entity, attribute="chip_count", start=seg.start + q.start, end=seg.start + q.end,
                      text=q.text, quantity=q, sentence=s.text.strip(), subject_text=named[-1].text)
    if claim is None:
        return None
    if named and claim.entity != named[-1].entity and named[-1].entity not in claim.alternates:
        claim = replace(claim, entity=named[-1].entity, subject_text=named[-1].text, subject_how="sentence")
    near = next((m for m in reversed(s.mentions) if m.end <= q.start and ctx.kind(m.entity) in ("system", "pod")), None)
    if servers is None and near is not None and near.entity not in has_figure \
            and ";" not in s.text[near.end - s.start:q.start - s.start]:
        return None  # "...; the 64-chip Gen1 UltraServer has 16 chips per server": the named system's, no source gives it
    candidates = [e for e in (claim.entity, *claim.alternates) if e in has_figure] or [
        e for e in fb.built_from(claim.entity, ("system", "pod")) if e in has_figure]
    if servers is not None:
        # "a smaller Gen1 with four servers of 16 chips", "the Trn2 generation: 4 instances × 16 chips" under a Trn3
        # UltraServer: only a system with that many servers (none when the subject has another number)
        fits = [e for e in (claim.entity, *claim.alternates, *candidates)
                if any(f.value == servers.value for f in fb.about(e, "server_count"))]
        if not fits and fb.about(claim.entity, "server_count") and claim.subject_how != "sentence":
            return None  # (the system named in the sentence keeps it: "A Trn3 UltraServer is 18 servers x 8 chips")
        candidates = [e for e in fits if e in has_figure] if fits else candidates
    if not candidates:
        return None  # (a GB200 NVL72's trays: no source gives its chips per tray)
    first, *others = dict.fromkeys(candidates)
    return replace(claim, entity=first, attribute="chips_per_server", scope=None, start=seg.start + q.start,
                   end=seg.start + q.end, text=q.text, quantity=q, alternates=tuple(others))


def _servers_before(s: Sentence, q: Quantity) -> Quantity | None:
    """The number of servers (or instances) right before the count, "with", "of" or "×" between."""
    m = s.w.server_of_before.search(s.text, max(0, q.start - s.start - 60), q.start - s.start)
    if m is None or s.w.total_after_count.match(s.text, q.end - s.start):
        return None  # ("four instances with 64 chips in all": the total)
    return next((p for p in s.quantities if p.family == "count" and p.start == s.start + m.start()), None)


def _chip_noun_after(ctx: Subjects, s: Sentence, q: Quantity) -> bool:
    """A chip noun or a chip's name right after the count ("4 chips", "vier Trainium3-Chips", "16 Trainium2")."""
    ends = [c.start for c in s.cue("CHIPNOUN")] + [m.start for m in s.mentions if ctx.kind(m.entity) == "chip"]
    return any(0 <= e - q.end <= 2 for e in ends)


RULE = Rule("count", ("count",), count_claim)

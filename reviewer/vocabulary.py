"""The project's vocabulary, in one place: what a fact or a claim is about (attribute), what kind of entity
it is, and what a figure is per (scope). The fact schema, the extraction rules, the checks and the log's
messages all use these lists; tests/test_architecture.py checks that they do. Imports nothing.
"""

from __future__ import annotations

from typing import Literal, get_args

Attribute = Literal[  # what a fact can state
    "memory_capacity",  # device memory (HBM/DRAM) per chip, or the total of a system
    "memory_type",  # text value: HBM3e, HBM3, HBM2e, ...
    "core_type",  # text value: NeuronCore-v3, ...
    "memory_bandwidth",
    "host_memory",  # instance host RAM, kept apart so it is never read as HBM
    "compute",  # FLOPS/OPS at a precision, dense or sparse
    "interconnect",  # text value: NeuronLink-v4, NVLink 5, ...; negated=True for "does not support"
    "interconnect_bandwidth",
    "network_bandwidth",  # EFA, Ethernet, InfiniBand scale-out
    "process_node",  # nm
    "foundry",  # text value
    "chip_count",  # accelerators in an instance, server, system or pod
    "server_count",  # servers or instances a system is built from
    "chips_per_server",  # accelerators in each server (or instance) of a system
    "cpu_count",  # host CPUs of a system (Grace CPUs of an NVL72 rack)
    "core_count",
    "vcpus",
    "sram",
    "power",  # watts
    "site_area",  # a campus's land area (acres, hectares)
    "building_count",  # data-center buildings of a campus
    "price_per_hour",
    "ratio",  # vendor-stated ratio against qualifiers.versus for qualifiers.metric
    "efficiency",  # energy efficiency: only as a ratio's metric (vendors state it relative to a predecessor)
    # a vendor's workload claims, only as a ratio's metric: new over old, so "10x lower latency" is 0.1
    "throughput",
    "latency",
    "inference_cost",  # cost per inference
    "training_cost",  # cost to train
    "price_performance",
    "ceo",  # text value: a person, with valid_from/valid_until
    "announced",  # date value
    "available",  # date value (GA / launch)
    "acquired",  # date value
    "acquisition_price",
    "investment",  # amount, with qualifiers.versus naming the investee
    "first_investment",  # date value: when the investor first put money in qualifiers.versus
]

# what a claim can be about besides a fact's attributes: a rate said without a word for which ("8 TB/s"),
# a chip's price per hour (an instance's price over its chips), when a company's head took office, when one tranche
# of an investment came (read from the investment's dated events), when hourly prices were cut (from the price history)
ClaimOnlyAttribute = Literal["bandwidth", "price_per_chip_hour", "took_office", "left_office", "tranche_date",
                             "price_cut"]
ClaimAttribute = Literal[Attribute, ClaimOnlyAttribute]
Scope = Literal["chip", "port", "instance", "server", "system", "pod", "cluster", "company"]
EntityKind = Literal["chip", "instance", "system", "pod", "interconnect", "organisation", "person", "family", "project"]

# How a fact behaves over time (facts/*.yaml `kind`; README "Facts over time"):
# - point: a specification; stays true, a revision supersedes it with a date
# - state: one value at a time (a role, a price), a chain of successors without gaps or overlaps
# - cumulative: a running total derived from dated events (tranches, chips delivered), never typed per period
# - plan: a target with its horizon ("more than a million chips by the end of 2025"), checked as a plan
TimeKind = Literal["point", "state", "cumulative", "plan"]
TIME_KINDS: tuple[str, ...] = get_args(TimeKind)
# attributes whose facts are a state unless a fact says otherwise: one holder or price at a time
STATE_ATTRIBUTES = frozenset({"ceo", "price_per_hour"})
# What a claim says of time (Claim.timing): a running total ("in total", "insgesamt", "bisher"), one event
# ("a further", "weitere"), a plan ("plans to", "soll bis"); None: not said
Timing = Literal["cumulative", "event", "plan"]

# What the article does with a claim (reviewer/extract/stance.py): only an asserted claim can raise a
# contradicted or outdated alarm; a historical one is judged at the time it names; speculation is
# unverifiable at most; the others are someone else's words or values the article itself calls wrong.
Stance = Literal["asserted", "quoted", "refuted", "corrected", "historical", "speculation", "hypothetical",
                 "negated", "measured"]
# How the claim's subject and attribute were bound: named in the clause, inferred from the context, guessed.
Confidence = Literal["high", "medium", "low"]

ATTRIBUTES: frozenset[str] = frozenset(get_args(Attribute))
STANCES: tuple[str, ...] = get_args(Stance)
CONFIDENCES: tuple[str, ...] = get_args(Confidence)
# stances whose claims are set aside: checked, but never an alarm and not in the log's findings
SET_ASIDE_STANCES = frozenset({"quoted", "refuted", "corrected", "hypothetical", "negated", "measured"})
CLAIM_ATTRIBUTES: frozenset[str] = ATTRIBUTES | frozenset(get_args(ClaimOnlyAttribute))
SCOPES: frozenset[str] = frozenset(get_args(Scope))
ENTITY_KINDS: frozenset[str] = frozenset(get_args(EntityKind))
TEXT_ATTRIBUTES = frozenset({"memory_type", "core_type", "interconnect", "foundry", "ceo"})
DATE_ATTRIBUTES = frozenset({"announced", "available", "acquired", "first_investment"})
# a claim about a time itself (a date, a start in office, a tranche's or a price cut's day): the article's own claim about
# the past, not a statement judged at a time (extract/extractor.py, posts.dated)
TIMED_ATTRIBUTES = DATE_ATTRIBUTES | {"took_office", "left_office", "tranche_date", "price_cut"}
# counts and ratios: a fact of them has no unit
UNITLESS_ATTRIBUTES = frozenset({"chip_count", "server_count", "chips_per_server", "cpu_count", "core_count", "vcpus",
                                 "ratio", "building_count"})
# only ever a ratio's metric (vendors state them relative to another part), never a figure of their own
METRIC_ATTRIBUTES = frozenset({"efficiency", "throughput", "latency", "inference_cost", "training_cost",
                               "price_performance"})

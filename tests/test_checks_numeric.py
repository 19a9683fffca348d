"""The figure check (reviewer/checks/numeric.py, HW101) on claims built directly, with the figure read by the real
quantity parser, against the bundled fact base: the verdict, the expected value, the suggestion, the message in the
article's language, the note and the sources, branch by branch (the mutation run's survivors:
docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

from reviewer.checks import BY_ATTRIBUTE
from reviewer.checks.base import CheckContext
from reviewer.models import Claim
from reviewer.quantities import find_quantities


def judge(rv, entity: str, attribute: str, written: str, *, lang: str = "en", as_of: str = "2025-12-10", **fields):
    """The check's verdict on `written` (a figure, read as the extractor reads it) said of `entity`'s `attribute`."""
    q = find_quantities(written, lang)[0]
    claim = Claim(entity, attribute, q.start, q.end, q.text, quantity=q, **fields)
    return claim, BY_ATTRIBUTE[attribute].check(claim, CheckContext(rv.factbase, dt.date.fromisoformat(as_of), lang))


def urls(rv, entity: str, attribute: str, value: float, **q) -> set[str]:
    """The source URLs of `entity`'s facts for `attribute` with `value` (and the qualifiers `q`)."""
    return {s.url for f in rv.factbase.about(entity, attribute)
            if f.value == value and f.entity == entity and all(getattr(f.q, k) == v for k, v in q.items())
            for s in f.fact.sources}


def got(verdict) -> set[str]:
    return {s.url for s in verdict.sources}


# --- verified, and the notes a verified figure carries (_of_hits) ---------------------------------------------------


def test_figure_as_the_vendor_gives_it_is_verified_without_a_note(reviewer):
    claim, v = judge(reviewer, "trainium3", "compute", "671 TFLOPS", precision="BF16")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.note) == (claim, "verified", "671 TFLOPS", None, None)
    assert v.reason == "Trainium3 compute: 671 TFLOPS agrees with the source (671 TFLOPS)."
    assert got(v) == urls(reviewer, "trainium3", "compute", 671.0, precision="BF16")


def test_sparse_figure_without_the_word_sparse_is_verified_with_the_dense_figure_in_a_note(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "2,517 TFLOPS", precision="BF16")
    assert (v.kind, v.expected) == ("verified", "2,517 TFLOPS")
    assert v.note == "This is the sparse figure; the dense figure is 671 TFLOPS."
    assert got(v) == urls(reviewer, "trainium3", "compute", 2517.0, precision="BF16", sparsity="sparse")


def test_sparse_figure_note_in_german(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "2.517 TFLOPS", precision="BF16", lang="de")
    assert (v.kind, v.expected) == ("verified", "2517 TFLOPS")
    assert v.reason == "Trainium3 Rechenleistung: 2.517 TFLOPS stimmt mit der Quelle überein (2517 TFLOPS)."
    assert v.note == "Das ist der Sparse-Wert; dicht (dense) sind es 671 TFLOPS."


def test_sparse_figure_said_to_be_sparse_has_no_note(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "2,517 TFLOPS", precision="BF16", sparsity="sparse")
    assert (v.kind, v.expected, v.note) == ("verified", "2,517 TFLOPS", None)


def test_figure_an_alternate_source_gives_is_verified_with_that_sources_note(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_bandwidth", "4.7 TB/s")
    assert (v.kind, v.expected) == ("verified", "4.7 TB/s")
    assert v.note == ("Matches a figure from another source: AWS's NKI architecture guide gives 4.7 TB/s; the "
                      "Trainium3 architecture page gives 4.9 TB/s.")


def test_superseded_figure_is_outdated_with_the_vendors_current_one(reviewer):
    claim, v = judge(reviewer, "trainium2", "compute", "655 TFLOPS", precision="BF16")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "outdated", "667 TFLOPS", "667 TFLOPS")
    assert v.reason == "Trainium2 compute: 655 TFLOPS is an earlier figure the vendor has since replaced by 667 TFLOPS."
    assert v.note == "Launch-time figure; current docs give 667."
    assert got(v) == (urls(reviewer, "trainium2", "compute", 667.0, precision="BF16")
                      | urls(reviewer, "trainium2", "compute", 655.0, precision="BF16"))


def test_superseded_figure_is_outdated_in_german_with_the_closest_current_figure(reviewer):
    # the instance's current FP8, BF16 and sparse figures: the closest to the 20 written is FP8's 20.8
    _, v = judge(reviewer, "trn2.48xlarge", "compute", "20 PFLOPS", precision="FP8", lang="de")
    assert (v.kind, v.expected, v.suggestion) == ("outdated", "20,8 PFLOPS", "20,8 PFLOPS")
    assert v.reason == ("trn2.48xlarge Rechenleistung: 20 PFLOPS ist ein früherer Wert, den der Hersteller "
                        "inzwischen durch 20,8 PFLOPS ersetzt hat.")


# --- contradicted: the expected figure (_expected) and the hints (explain) ---------------------------------------


def test_wrong_figure_without_sparsity_expects_the_dense_figure(reviewer):
    claim, v = judge(reviewer, "trainium3", "compute", "3,000 TFLOPS", precision="BF16")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.note) == (claim, "contradicted", "671 TFLOPS",
                                                                    "671 TFLOPS", None)
    assert v.reason == "Trainium3 compute: the article says 3,000 TFLOPS, the source says 671 TFLOPS."
    assert got(v) == urls(reviewer, "trainium3", "compute", 671.0, precision="BF16")


def test_wrong_figure_said_to_be_sparse_expects_the_sparse_figure(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "3,000 TFLOPS", precision="BF16", sparsity="sparse")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2,517 TFLOPS", "2,517 TFLOPS")


def test_wrong_sparse_figure_of_a_chip_with_a_figure_of_no_sparsity_expects_the_sparse_one(reviewer):
    # H100 FP8: 3,958 sparse, 1,979 dense
    _, v = judge(reviewer, "h100", "compute", "1,500 TFLOPS", precision="FP8", sparsity="sparse")
    assert (v.kind, v.expected) == ("contradicted", "3,958 TFLOPS")
    _, v = judge(reviewer, "h100", "compute", "1,500 TFLOPS", precision="FP8")
    assert (v.kind, v.expected) == ("contradicted", "1,979 TFLOPS")


def test_dense_figure_said_to_be_sparse_is_contradicted_with_a_hint(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "671 TFLOPS", precision="BF16", sparsity="sparse")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2,517 TFLOPS", "2,517 TFLOPS")
    assert v.note == "671 TFLOPS is the dense figure; the text calls it sparse."


def test_sparse_figure_said_to_be_dense_is_contradicted_with_a_hint(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "2,517 TFLOPS", precision="FP16", sparsity="dense")
    assert (v.kind, v.expected) == ("contradicted", "671 TFLOPS")
    assert v.note == "2,517 TFLOPS is the sparse figure; the text calls it dense."


def test_sparse_figure_said_to_be_dense_hint_in_german(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "2.517 TFLOPS", precision="FP16", sparsity="dense", lang="de")
    assert v.kind == "contradicted"
    assert v.note == "2.517 TFLOPS ist der Sparse-Wert; im Text steht dicht (dense)."


def test_predecessors_figure_is_contradicted_with_a_hint_naming_it(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "1,299 TFLOPS", precision="FP8")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "2,517 TFLOPS", "2,517 TFLOPS")
    assert v.note == "1,299 TFLOPS is Trainium2's figure."


def test_predecessors_exact_figure_near_the_chips_own_is_not_a_rounding_of_it(reviewer):
    # 667 is within the slack of Trainium3's 671, but it is exactly Trainium2's BF16 figure
    _, v = judge(reviewer, "trainium3", "compute", "667 TFLOPS", precision="BF16")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "671 TFLOPS", "671 TFLOPS")
    assert v.note == "667 TFLOPS is Trainium2's figure."


def test_predecessors_fp32_figure_near_the_chips_own_is_contradicted(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "181 TFLOPS", precision="FP32")
    assert (v.kind, v.expected) == ("contradicted", "183 TFLOPS")
    assert v.note == "181 TFLOPS is Trainium2's figure."


def test_number_right_unit_wrong_is_contradicted_with_a_unit_hint(reviewer):
    _, v = judge(reviewer, "gaudi3", "memory_bandwidth", "3.7 GB/s")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "3.7 TB/s", "3.7 TB/s")
    assert v.reason == "Gaudi 3 memory bandwidth: the article says 3.7 GB/s, the source says 3.7 TB/s."
    assert v.note == "The number is the source's, the unit is not: the source states 3.7 TB/s."


def test_number_rounding_to_the_facts_in_another_unit_gets_the_unit_hint(reviewer):
    _, v = judge(reviewer, "gaudi3", "memory_bandwidth", "4 GB/s")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "3.7 TB/s", "3,700 GB/s")
    assert v.note == "The number is the source's, the unit is not: the source states 3.7 TB/s."


def test_at_most_a_predecessors_figure_still_names_it(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_capacity", "at most 96 GB")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "144 GiB", "144 GB")
    assert v.reason == "Trainium3 memory capacity: the article says 96 GB, the source says 144 GiB."
    assert v.note == "96 GB is Trainium2's figure."


def test_more_than_a_figure_is_someones_figure_only_if_it_is_that_figure(reviewer):
    # "more than 60 GB" reaches up to Trainium2's 96 GiB, but 60 GB is nobody's figure: no hint
    _, v = judge(reviewer, "trainium3", "memory_capacity", "more than 60 GB")
    assert (v.kind, v.expected, v.suggestion, v.note) == ("contradicted", "144 GiB", "144 GB", None)


# --- the entities a figure may be about (candidates) -----------------------------------------------------------


def test_bandwidth_near_one_of_the_chips_bandwidths_is_contradicted_with_that_one(reviewer):
    # "Bandbreite: 3,35 TB/s" of Gaudi 3: only its memory's 3.7 TB/s is anywhere near
    claim, v = judge(reviewer, "gaudi3", "bandwidth", "3.35 TB/s")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "3.7 TB/s", "3.7 TB/s")
    assert v.reason == "Gaudi 3 bandwidth: the article says 3.35 TB/s, the source says 3.7 TB/s."
    assert got(v) == urls(reviewer, "gaudi3", "memory_bandwidth", 3.7)


def test_bandwidth_matching_any_of_the_chips_bandwidths_is_verified(reviewer):
    _, v = judge(reviewer, "gaudi3", "bandwidth", "1,050 GB/s")
    assert (v.kind, v.expected) == ("verified", "1,050 GB/s")
    assert v.reason == "Gaudi 3 bandwidth: 1,050 GB/s agrees with the source (1,050 GB/s)."


def test_per_direction_figure_is_half_the_bidirectional_total(reviewer):
    _, v = judge(reviewer, "gaudi3", "interconnect_bandwidth", "525 GB/s", per_direction=True)
    assert (v.kind, v.expected) == ("verified", "525 GB/s")


def test_per_port_figure_is_verified_only_against_the_per_port_fact(reviewer):
    _, v = judge(reviewer, "gaudi3", "network_bandwidth", "200 Gbps", scope="port")
    assert (v.kind, v.expected) == ("verified", "200 Gbps")
    _, v = judge(reviewer, "gaudi3", "network_bandwidth", "200 Gbps")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Gaudi 3 network bandwidth: 200 Gbps is not covered by the fact base."


def test_system_total_said_of_the_chip_is_verified_against_its_systems(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "362 PFLOPS", precision="FP8", scope="system")
    assert (v.kind, v.expected) == ("verified", "362,448 TFLOPS")
    assert v.reason == "Trainium3 compute: 362 PFLOPS agrees with the source (362,448 TFLOPS)."


def test_chips_per_instance_up_to_is_the_largest_instance(reviewer):
    _, v = judge(reviewer, "inferentia2", "chip_count", "up to 12 chips", scope="instance")
    assert (v.kind, v.expected) == ("verified", "12")


def test_misquoted_figure_is_contradicted_naming_the_vendors_figure(reviewer):
    claim, v = judge(reviewer, "trn2-ultraserver", "compute", "83.2 PFLOPS", precision="FP8", sparsity="sparse")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "164 PFLOPS", "164 PFLOPS")
    assert v.reason == ("Trn2 UltraServer compute: 83.2 PFLOPS is a misquote of the vendor's figure; the vendor "
                        "states 164 PFLOPS.")
    assert v.note.startswith("TechCrunch (Dec 3, 2024) quoted an AWS spokesperson")


# --- figures true once, targets and misquotes (_without_hit, _plan_not_reached) ------------------------------------


def test_price_before_a_price_cut_is_outdated_with_the_price_now(reviewer):
    claim, v = judge(reviewer, "p5.48xlarge", "price_per_hour", "$98.32 per hour")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "outdated", "55.04 USD / hour", "$55.04 per hour")
    assert v.reason == ("p5.48xlarge price per hour: $98.32 per hour was true until 2025-06-01; at 2025-12-10 it "
                        "is 55.04 USD / hour.")
    assert got(v) == (urls(reviewer, "p5.48xlarge", "price_per_hour", 55.04)
                      | urls(reviewer, "p5.48xlarge", "price_per_hour", 98.32))


def test_price_is_outdated_on_the_day_of_the_price_cut(reviewer):
    _, v = judge(reviewer, "p5.48xlarge", "price_per_hour", "$98.32 per hour", as_of="2025-06-01", lang="de")
    assert (v.kind, v.expected) == ("outdated", "55,04 USD pro Stunde")
    assert v.reason == ("p5.48xlarge Preis pro Stunde: $98.32 per hour galt bis 2025-06-01; am 2025-06-01 gilt "
                        "55,04 USD pro Stunde.")


def test_price_before_the_price_cut_is_verified_at_that_time(reviewer):
    _, v = judge(reviewer, "p5.48xlarge", "price_per_hour", "$98.32 per hour", as_of="2025-05-01")
    assert (v.kind, v.expected) == ("verified", "98.32 USD / hour")


def test_running_total_that_came_later_is_contradicted_with_when_it_came(reviewer):
    # "by December 2023 Amazon had invested $4 billion in total": $1.25 billion then; the $4 billion came in 2024
    _, v = judge(reviewer, "amazon", "investment", "$4 billion", versus="anthropic", timing="cumulative",
                 as_of="2023-12-01")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "1,250,000,000 USD", "$1.25 billion")
    assert v.note == ("$4 billion was reached only on 2024-03-27. Amazon investment: $4 billion is a target for "
                      "2024-03-31 (announced 2023-09-25), not a figure reached by 2023-12-01.")


def test_running_total_since_exceeded_is_outdated(reviewer):
    _, v = judge(reviewer, "amazon", "investment", "$4 billion", versus="anthropic", timing="cumulative",
                 as_of="2025-01-01")
    assert (v.kind, v.expected, v.suggestion) == ("outdated", "8,000,000,000 USD", "$8 billion")
    assert v.reason == ("Amazon investment: $4 billion was true until 2024-11-22; at 2025-01-01 it is "
                        "8,000,000,000 USD.")


def test_target_said_as_reached_before_its_horizon_is_contradicted(reviewer):
    claim, v = judge(reviewer, "anthropic", "chip_count", "1 million chips", versus="trainium2", as_of="2025-11-01")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", None, None)
    assert v.reason == ("Anthropic chip count: 1 million is a target for 2025-12-31 (announced 2025-10-29), not a "
                        "figure reached by 2025-11-01.")
    assert v.note.startswith("AWS expected Anthropic to scale to more than one million Trainium2 chips")


def test_target_said_as_reached_after_its_horizon_is_unconfirmed(reviewer):
    _, v = judge(reviewer, "anthropic", "chip_count", "1 million chips", versus="trainium2", as_of="2026-02-01",
                 lang="de")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason.startswith("Anthropic ")
    assert "2025-12-31" in v.reason
    assert v.note.startswith("AWS expected Anthropic to scale to more than one million Trainium2 chips")


def test_target_of_a_plan_with_no_horizon_said_as_reached_is_noted_on_the_contradiction(reviewer):
    _, v = judge(reviewer, "amazon", "investment", "$25 billion", versus="anthropic", as_of="2026-05-01")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "13,000,000,000 USD", "$13 billion")
    assert v.note == ("Amazon investment: $25 billion is a target (announced 2026-04-20), not a figure reached by "
                      "2026-05-01.")


def test_more_than_a_figure_the_source_says_nearly_of_is_contradicted_with_the_sources_words(reviewer):
    _, v = judge(reviewer, "project-rainier", "chip_count", "more than 500,000 chips")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "500,000", "500,000")
    assert v.note == "The source says nearly 500,000: the figure lies below it, not above."


def test_figure_a_source_says_nearly_of_is_verified_as_written(reviewer):
    assert judge(reviewer, "project-rainier", "chip_count", "nearly 500,000 chips")[1].kind == "verified"
    assert judge(reviewer, "project-rainier", "chip_count", "500,000 chips")[1].kind == "verified"


def test_cluster_size_since_superseded_is_outdated(reviewer):
    _, v = judge(reviewer, "trainium", "chip_count", "30,000 chips", scope="cluster", as_of="2025-01-01")
    assert (v.kind, v.expected, v.suggestion) == ("outdated", "100,000", "100,000")
    assert v.reason == ("Trainium (1st generation) chip count: 30,000 was true until 2024-12-06; at 2025-01-01 it "
                        "is 100,000.")


# --- a figure of something else: a system's total, a sparse figure, another precision, a slip ------------------------


def test_system_total_said_per_chip_is_contradicted_naming_the_system(reviewer):
    # "each chip with 28,800 Gbps EFA": that is the whole Trn3 UltraServer's
    claim, v = judge(reviewer, "trainium3", "network_bandwidth", "28,800 Gbps", scope="chip")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "28,800 Gbps", None)
    assert v.reason == ("Trainium3 network bandwidth: the article says 28,800 Gbps per chip, but that is the figure "
                        "of a whole Trn3 UltraServer (28,800 Gbps); the sources give no per-chip figure.")
    assert got(v) == urls(reviewer, "trn3-ultraserver", "network_bandwidth", 28800.0)


def test_per_chip_figure_of_a_system_built_from_the_chip_is_verified_as_the_systems(reviewer):
    # "800 Gbit/s InfiniBand per GPU" of the GB300s in an ND GB300 v6: the VM's own per-GPU figure
    claim, v = judge(reviewer, "gb300", "network_bandwidth", "800 Gbps", scope="chip", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "800 Gbps", None)
    assert v.reason == "ND GB300 v6 Netzwerkbandbreite: 800 Gbps stimmt mit der Quelle überein (800 Gbps)."
    assert got(v) == urls(reviewer, "nd-gb300-v6", "network_bandwidth", 800.0)


def test_sparse_figure_sold_as_dense_is_contradicted_as_the_sparse_figure(reviewer):
    # GB200: FP8 10 PFLOPS with sparsity, no dense figure
    claim, v = judge(reviewer, "gb200", "compute", "10 PFLOPS", precision="FP8", sparsity="dense")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "10 PFLOPS sparse", None)
    assert v.reason == ("GB200 (Blackwell GPU in GB200 NVL72) compute: the article says 10 PFLOPS, the source says "
                        "10 PFLOPS sparse.")
    assert v.note == "10 PFLOPS is the sparse figure; the text calls it dense."
    assert got(v) == urls(reviewer, "gb200", "compute", 10.0, precision="FP8")


def test_sparse_figure_sold_as_dense_in_german(reviewer):
    _, v = judge(reviewer, "gb200", "compute", "10 PFLOPS", precision="FP8", sparsity="dense", lang="de")
    assert v.expected == "10 PFLOPS (sparse)"
    assert v.reason == ("GB200 (Blackwell GPU in GB200 NVL72) Rechenleistung: Im Artikel steht 10 PFLOPS, laut Quelle "
                        "10 PFLOPS (sparse).")
    assert v.note == "10 PFLOPS ist der Sparse-Wert; im Text steht dicht (dense)."


def test_figure_of_another_precision_is_a_wrong_precision_label(reviewer):
    # "42.5 EFLOPS of BF16" for a TPU7x pod: 42.5 EFLOPS is its FP8 figure, and no BF16 figure is known
    claim, v = judge(reviewer, "tpu7x-pod", "compute", "42.5 EFLOPS", precision="BF16")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", None, None)
    assert v.reason == ("TPU7x Pod compute: 42.5 EFLOPS is the FP8 figure, not a BF16 one; the sources give no BF16 "
                        "figure.")
    assert v.note == "9,216 x 4,614 TFLOPS FP8."
    assert got(v) == urls(reviewer, "tpu7x-pod", "compute", 42.5)


def test_figure_of_another_precision_in_german(reviewer):
    _, v = judge(reviewer, "tpu7x-pod", "compute", "42,5 EFLOPS", precision="BF16", lang="de")
    assert v.reason == ("TPU7x Pod Rechenleistung: 42,5 EFLOPS ist der FP8-Wert, kein BF16-Wert; die Quellen nennen "
                        "keinen BF16-Wert.")


def test_integer_figure_written_as_flops_is_contradicted_with_a_hint(reviewer):
    _, v = judge(reviewer, "inferentia", "compute", "128 TFLOPS")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "64 TFLOPS", "64 TFLOPS")
    assert v.note == "128 TFLOPS is the INT8 figure (integer operations, TOPS), not floating-point FLOPS."


def test_integer_figure_written_as_flops_hint_in_german(reviewer):
    _, v = judge(reviewer, "inferentia", "compute", "128 TFLOPS", lang="de")
    assert v.note == "128 TFLOPS ist der INT8-Wert (Ganzzahl-Operationen, TOPS), keine Gleitkomma-FLOPS."


def test_system_figure_said_of_the_chip_gets_a_scope_hint(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_capacity", "20.7 TB")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "144 GiB", "144 GiB")
    assert v.note == "20.7 TB matches Trn3 UltraServer, not a single Trainium3."


def test_chip_figure_said_of_the_system_gets_a_scope_hint(reviewer):
    _, v = judge(reviewer, "trn3-ultraserver", "memory_capacity", "144 GB")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "20,736 GiB", "20,736 GB")
    assert v.note == "144 GB matches Trainium3, not a single Trn3 UltraServer."


def test_sibling_products_figure_gets_a_hint_naming_it(reviewer):
    _, v = judge(reviewer, "h100", "memory_capacity", "141 GB")
    assert (v.kind, v.expected) == ("contradicted", "80 GB")
    assert v.note == "141 GB is the figure of H200 NVL."


def test_figure_shipped_only_later_is_contradicted_with_when(reviewer):
    # MI325X: 288 GB announced, 256 GB shipped from 2024-10-10
    _, v = judge(reviewer, "mi325x", "memory_capacity", "256 GB", as_of="2024-06-01")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "288 GB", "288 GB")
    assert v.note == "256 GB was reached only on 2024-10-10."


def test_wrong_figure_with_no_known_kind_of_mistake_has_no_hint(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_capacity", "288 GB")
    assert (v.kind, v.expected, v.suggestion, v.note) == ("contradicted", "144 GiB", "144 GB", None)


def test_bytes_for_bits_is_contradicted_with_the_vendors_unit(reviewer):
    claim, v = judge(reviewer, "trn3-ultraserver", "network_bandwidth", "28.8 TB/s")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "28,800 Gbps", "28,800 Gbps")
    assert v.reason == ("Trn3 UltraServer network bandwidth: the article says 28.8 TB/s, the source says "
                        "28,800 Gbps.")
    assert v.note == "Bits and bytes are mixed up: the source states 28,800 Gbps."


def test_bytes_for_bits_hint_in_german(reviewer):
    _, v = judge(reviewer, "trn3-ultraserver", "network_bandwidth", "28,8 TB/s", lang="de")
    assert (v.kind, v.expected) == ("contradicted", "28.800 Gbps")
    assert v.note == "Bits und Bytes verwechselt: Die Quelle nennt 28.800 Gbps."


# --- hints that must not be given (explain) ---------------------------------------------------------------------


def test_at_most_a_figure_near_the_predecessors_names_it_as_written(reviewer):
    # "at most 1,290 TFLOPS FP8": 1,290 as written is within rounding of Trainium2's 1,299
    _, v = judge(reviewer, "trainium3", "compute", "at most 1,290 TFLOPS", precision="FP8")
    assert (v.kind, v.expected) == ("contradicted", "2,517 TFLOPS")
    assert v.note == "1,290 TFLOPS is Trainium2's figure."


def test_float_figure_in_another_unit_is_not_called_an_integer_figure(reviewer):
    # "183 PFLOPS": Trainium3's FP32 figure is 183 TFLOPS, a float figure, not an integer one: no hint
    _, v = judge(reviewer, "trainium3", "compute", "183 PFLOPS")
    assert (v.kind, v.expected, v.suggestion, v.note) == ("contradicted", "2,517 TFLOPS", "2.517 PFLOPS", None)


def test_integer_figure_in_another_scale_is_not_called_the_integer_figure(reviewer):
    # "0.128 PFLOPS" for Inferentia: not its 128 INT8 TOPS (0.128 TOPS would be), but an inf1.xlarge's figure
    _, v = judge(reviewer, "inferentia", "compute", "0.128 PFLOPS")
    assert (v.kind, v.expected) == ("contradicted", "64 TFLOPS")
    assert v.note == "0.128 PFLOPS matches inf1.xlarge, not a single Inferentia (1st generation)."


def test_predecessors_figure_of_another_precision_is_not_named(reviewer):
    # 1,299 TFLOPS is Trainium2's FP8 figure, not its BF16 one
    _, v = judge(reviewer, "trainium3", "compute", "1,299 TFLOPS", precision="BF16")
    assert (v.kind, v.expected, v.suggestion, v.note) == ("contradicted", "671 TFLOPS", "671 TFLOPS", None)


def test_systems_figure_of_another_precision_is_not_named(reviewer):
    # 362 PFLOPS is the Trn3 UltraServer's FP8 figure, not a BF16 one
    _, v = judge(reviewer, "trainium3", "compute", "362 PFLOPS", precision="BF16")
    assert (v.kind, v.expected, v.note) == ("contradicted", "671 TFLOPS", None)


# --- another entity in context (_alternate) ------------------------------------------------------------------


def test_figure_within_rounding_of_another_entity_in_context_is_read_as_its(reviewer):
    _, v = judge(reviewer, "aws", "compute", "2.49 PFLOPS", precision="FP8", alternates=("trainium3",))
    assert (v.kind, v.expected, v.suggestion) == ("verified", "2,517 TFLOPS", None)
    assert v.claim.entity == "trainium3" and v.claim.alternates == ()
    assert v.reason == "Trainium3 compute: 2.49 PFLOPS agrees with the source (2,517 TFLOPS)."
    assert got(v) == urls(reviewer, "trainium3", "compute", 2517.0, precision="FP8")


def test_figure_near_another_entitys_and_near_its_predecessors_is_still_read_as_the_others(reviewer):
    # 182 rounds to Trainium3's 183, and is near (not exactly) Trainium2's 181
    _, v = judge(reviewer, "aws", "compute", "182 TFLOPS", precision="FP32", alternates=("trainium3",))
    assert (v.kind, v.claim.entity, v.expected) == ("verified", "trainium3", "183 TFLOPS")


def test_figure_exactly_the_predecessors_goes_to_the_predecessor_in_context(reviewer):
    # 181 is near Trainium3's 183 but exactly Trainium2's: with both in context, it is Trainium2's
    _, v = judge(reviewer, "aws", "compute", "181 TFLOPS", precision="FP32", alternates=("trainium3", "trainium2"))
    assert (v.kind, v.claim.entity, v.expected) == ("verified", "trainium2", "181 TFLOPS")
    assert v.reason == "Trainium2 compute: 181 TFLOPS agrees with the source (181 TFLOPS)."


def test_figure_exactly_the_predecessors_is_not_read_as_the_successors_in_context(reviewer):
    _, v = judge(reviewer, "aws", "compute", "181 TFLOPS", precision="FP32", alternates=("trainium3",))
    assert (v.kind, v.claim.entity, v.expected) == ("unverifiable", "aws", None)


def test_figure_of_another_entity_in_context_expects_its_current_figure_over_a_superseded_one(reviewer):
    # 1.29 PFLOPS rounds to Trainium2's current 1,299 and its superseded 1,287
    _, v = judge(reviewer, "aws", "compute", "1.29 PFLOPS", precision="FP8", alternates=("trainium2",))
    assert (v.kind, v.claim.entity, v.expected) == ("verified", "trainium2", "1,299 TFLOPS")


def test_figure_of_the_one_entity_in_context_with_such_figures_is_judged_as_its(reviewer):
    # "**Trn2:** ... EFA at 5 TB/s": the chip (guessed from a lead) has no network figure, the UltraServer has
    _, v = judge(reviewer, "trainium3", "network_bandwidth", "5 TB/s", alternates=("trn2-ultraserver",),
                     subject_how="lead")
    assert (v.kind, v.claim.entity, v.expected, v.suggestion) == ("contradicted", "trn2-ultraserver", "12.8 Tbps",
                                                                  "1.6 TB/s")
    assert v.reason == "Trn2 UltraServer network bandwidth: the article says 5 TB/s, the source says 12.8 Tbps."


def test_figure_of_a_subject_named_in_the_sentence_stays_its_own(reviewer):
    claim, v = judge(reviewer, "trainium3", "network_bandwidth", "5 TB/s", alternates=("trn2-ultraserver",))
    assert (v.claim, v.kind, v.expected) == (claim, "unverifiable", None)
    assert v.reason == "Trainium3 network bandwidth: 5 TB/s is not covered by the fact base."


# --- rounding near the predecessor's figure (_hits) --------------------------------------------------------------


def test_figure_rounding_to_the_chips_own_and_near_the_predecessors_is_verified(reviewer):
    # 669 is a rounding of Trainium3's 671; Trainium2's 667 is near it but not its digits
    _, v = judge(reviewer, "trainium3", "compute", "669 TFLOPS", precision="BF16")
    assert (v.kind, v.expected) == ("verified", "671 TFLOPS")


def test_sparse_figure_note_in_german_writes_the_dense_figure_the_german_way(reviewer):
    _, v = judge(reviewer, "h100", "compute", "3.958 TFLOPS", precision="FP8", lang="de")
    assert (v.kind, v.expected) == ("verified", "3958 TFLOPS")
    assert v.note == "Das ist der Sparse-Wert; dicht (dense) sind es 1979 TFLOPS."


def test_sparse_figure_sold_as_dense_in_german_writes_the_figure_the_german_way(reviewer):
    _, v = judge(reviewer, "b200", "compute", "2,2 PFLOPS", precision="TF32", sparsity="dense", lang="de")
    assert (v.kind, v.expected) == ("contradicted", "2,2 PFLOPS (sparse)")


# --- scopes (candidates, _system_total) -------------------------------------------------------------------------


def test_bandwidth_of_a_whole_system_said_per_chip_is_contradicted(reviewer):
    # GH200 has no bandwidth figure of its own; a DGX GH200 has 57.6 TB/s in all
    claim, v = judge(reviewer, "gh200", "bandwidth", "57.6 TB/s", scope="chip")
    assert (v.claim, v.kind, v.expected) == (claim, "contradicted", "57.6 TB/s")
    assert v.reason == ("GH200 bandwidth: the article says 57.6 TB/s per chip, but that is the figure of a whole "
                        "NVIDIA DGX GH200 (57.6 TB/s); the sources give no per-chip figure.")


def test_per_instance_figure_said_of_a_chip_is_not_checked_against_its_systems(reviewer):
    # "362 PFLOPS per instance" of Trainium3: no instance is built from it; the UltraServer's figure does not count
    claim, v = judge(reviewer, "trainium3", "compute", "362 PFLOPS", precision="FP8", scope="instance")
    assert (v.claim, v.kind, v.expected) == (claim, "unverifiable", None)
    assert v.reason == "Trainium3 compute: 362 PFLOPS is not covered by the fact base."


def test_per_instance_figure_said_of_a_chip_is_verified_against_its_instances(reviewer):
    _, v = judge(reviewer, "trainium2", "compute", "20.8 PFLOPS", precision="FP8", scope="instance")
    assert (v.kind, v.expected) == ("verified", "20.8 PFLOPS")


def test_system_total_said_of_a_chip_that_no_system_has_is_unverifiable_not_contradicted(reviewer):
    _, v = judge(reviewer, "trainium3", "compute", "500 PFLOPS", precision="FP8", scope="system")
    assert (v.kind, v.expected) == ("unverifiable", None)


def test_system_total_said_of_a_link_is_verified_against_a_system_on_it(reviewer):
    claim, v = judge(reviewer, "nvlink-5", "interconnect_bandwidth", "130 TB/s", scope="system")
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "130 TB/s")
    assert v.reason == "NVLink 5 interconnect bandwidth: 130 TB/s agrees with the source (130 TB/s)."


def test_system_total_said_of_a_link_that_no_system_has_is_unverifiable_not_contradicted(reviewer):
    _, v = judge(reviewer, "nvlink-5", "interconnect_bandwidth", "200 TB/s", scope="system")
    assert (v.kind, v.expected) == ("unverifiable", None)


def test_suggestion_keeps_the_words_after_the_figure(reviewer):
    # "450 GB/s in each direction" -> "525 GB/s in each direction"
    q = find_quantities("450 GB/s", "en")[0]
    claim = Claim("gaudi3", "interconnect_bandwidth", 0, 26, "450 GB/s in each direction", quantity=q,
                  per_direction=True)
    v = BY_ATTRIBUTE["interconnect_bandwidth"].check(claim, CheckContext(reviewer.factbase, dt.date(2025, 12, 10),
                                                                         "en"))
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "525 GB/s", "525 GB/s in each direction")


def test_figure_of_another_precision_is_not_called_the_announced_figure(reviewer):
    # "MI455X: 20 PFLOPS BF16": 20.13 PFLOPS is its announced FP8 figure; nothing of it has shipped, and its BF16
    # figure is 5.03 PFLOPS - the hint "the announced figure; the shipped product has 5.03" was wrong
    _, v = judge(reviewer, "mi455x", "compute", "20 PFLOPS", precision="BF16")
    assert (v.kind, v.expected, v.suggestion, v.note) == ("contradicted", "5.03 PFLOPS", "5.03 PFLOPS", None)


def test_wrong_sparse_figure_with_no_precision_expects_the_nearest_sparse_figure(reviewer):
    # H100: FP32 67 TFLOPS (no sparsity), the tensor figures with sparsity from 989 TFLOPS (TF32) up
    _, v = judge(reviewer, "h100", "compute", "100 TFLOPS", sparsity="sparse")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "989 TFLOPS", "989 TFLOPS")


def test_capacity_of_a_whole_system_said_per_chip_is_contradicted(reviewer):
    _, v = judge(reviewer, "gh200", "memory_capacity", "144 TB", scope="chip")
    assert (v.kind, v.expected) == ("contradicted", "144 TB")
    assert v.reason == ("GH200 memory capacity: the article says 144 TB per chip, but that is the figure of a whole "
                        "NVIDIA DGX GH200 (144 TB); the sources give no per-chip figure.")


# --- plans of another entity in context, a chip's own figure in its system, links in systems ----------------------


def test_target_worded_as_one_of_another_entity_in_context_is_verified_as_its_plan(reviewer):
    # "Rainier runs on nearly 500,000 chips, and AWS expects Anthropic to scale past one million by the end of 2025"
    _, v = judge(reviewer, "project-rainier", "chip_count", "1 million chips", timing="plan",
                     alternates=("anthropic",), as_of="2025-11-01")
    assert (v.kind, v.claim.entity, v.claim.alternates, v.expected, v.suggestion) == (
        "verified", "anthropic", (), "1,000,000", None)
    assert v.claim.subject_text == "Anthropic"
    assert v.reason == ("Anthropic chip count: 1 million agrees with the source (1,000,000). As planned: 1 million is "
                        "a target for 2025-12-31, not yet a figure reached.")
    assert got(v) == urls(reviewer, "anthropic", "chip_count", 1000000.0)


def test_target_of_another_entity_in_context_in_german(reviewer):
    _, v = judge(reviewer, "project-rainier", "chip_count", "1 million chips", timing="plan",
                 alternates=("anthropic",), as_of="2025-11-01", lang="de")
    assert (v.kind, v.expected) == ("verified", "1.000.000")
    assert v.reason == ("Anthropic Chip-Anzahl: 1 million stimmt mit der Quelle überein (1.000.000). Laut Plan: "
                        "1 million ist ein Ziel bis 2025-12-31, noch kein erreichter Wert.")


def test_target_worded_as_one_is_verified_against_the_plan(reviewer):
    claim, v = judge(reviewer, "amazon", "investment", "$25 billion", versus="anthropic", timing="plan",
                     as_of="2026-05-01")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "25,000,000,000 USD", None)
    assert v.reason == ("Amazon investment: $25 billion agrees with the source (25,000,000,000 USD). As planned: "
                        "$25 billion is a target, not yet a figure reached.")


def test_one_tranche_said_as_such_is_verified_against_the_tranche_not_the_total(reviewer):
    _, v = judge(reviewer, "amazon", "investment", "$4 billion", versus="anthropic", timing="event",
                 as_of="2025-01-01")
    assert (v.kind, v.expected) == ("verified", "4,000,000,000 USD")


def test_chips_figure_said_of_the_system_per_chip_is_verified_as_the_chips(reviewer):
    # "NeuronLink-v4 at 2.56 TB/s per chip" in a Trn3 UltraServer, whose table gives 2,048 GiB/s per chip
    claim, v = judge(reviewer, "trn3-ultraserver", "interconnect_bandwidth", "2.56 TB/s", scope="chip")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "2.56 TB/s", None)
    assert v.reason == "Trainium3 interconnect bandwidth: 2.56 TB/s agrees with the source (2.56 TB/s)."
    assert got(v) == urls(reviewer, "trainium3", "interconnect_bandwidth", 2.56)


def test_chips_figure_said_of_the_system_per_chip_in_german(reviewer):
    _, v = judge(reviewer, "trn3-ultraserver", "interconnect_bandwidth", "2,56 TB/s", scope="chip", lang="de")
    assert v.reason == "Trainium3 Interconnect-Bandbreite: 2,56 TB/s stimmt mit der Quelle überein (2,56 TB/s)."


def test_link_figure_of_an_instance_built_from_the_chip_counts_for_the_chip(reviewer):
    # "the 16 chips form a 4x4 torus over NeuronLink at 1,024 GB/s per chip": the trn2.48xlarge's figure
    claim, v = judge(reviewer, "trainium2", "interconnect_bandwidth", "1,024 GB/s")
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "1,024 GB/s")
    assert v.reason == "Trainium2 interconnect bandwidth: 1,024 GB/s agrees with the source (1,024 GB/s)."


def test_link_figure_per_chip_of_a_system_counts_its_instances_figure(reviewer):
    _, v = judge(reviewer, "trn2-ultraserver", "interconnect_bandwidth", "1,024 GB/s", scope="chip")
    assert (v.kind, v.expected) == ("verified", "1,024 GB/s")
    assert v.reason == "Trn2 UltraServer interconnect bandwidth: 1,024 GB/s agrees with the source (1,024 GB/s)."


def test_link_figure_of_an_instance_does_not_verify_a_figure_said_of_the_whole_system(reviewer):
    # "the Trn2 UltraServer's NeuronLink fabric: 1,024 GB/s in total": the trn2.48xlarge's per-chip figure is
    # no figure of the whole system; the UltraServer's own per-chip 256 GB/s stays what it is compared with
    claim, v = judge(reviewer, "trn2-ultraserver", "interconnect_bandwidth", "1,024 GB/s", scope="system")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "256 GB/s", "256 GB/s")
    assert v.reason == "Trn2 UltraServer interconnect bandwidth: the article says 1,024 GB/s, the source says 256 GB/s."


def test_figure_near_no_misquote_is_judged_as_any_figure(reviewer):
    claim, v = judge(reviewer, "trn2-ultraserver", "compute", "100 PFLOPS", precision="FP8", sparsity="sparse")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.note) == (claim, "contradicted", "164 PFLOPS",
                                                                    "164 PFLOPS", None)
    assert v.reason == "Trn2 UltraServer compute: the article says 100 PFLOPS, the source says 164 PFLOPS."


def test_misquote_in_german(reviewer):
    _, v = judge(reviewer, "trn2-ultraserver", "compute", "83,2 PFLOPS", precision="FP8", sparsity="sparse",
                 lang="de")
    assert (v.kind, v.expected) == ("contradicted", "164 PFLOPS")
    assert v.reason == ("Trn2 UltraServer Rechenleistung: 83,2 PFLOPS ist ein Falschzitat des Herstellerwerts; der "
                        "Hersteller nennt 164 PFLOPS.")


def test_chips_per_system_said_of_the_chip_is_verified_against_its_systems(reviewer):
    # "UltraServers with up to 144 of these chips"
    claim, v = judge(reviewer, "trainium3", "chip_count", "144 chips")
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "144")
    assert v.reason == "Trainium3 chip count: 144 agrees with the source (144)."


def test_chips_of_a_fleet_said_of_the_chip_are_judged_against_the_customers_plan(reviewer):
    # "over a million Trainium2 chips in use": Anthropic's fleet, whose million is a target for the end of 2025
    claim, v = judge(reviewer, "trainium2", "chip_count", "1 million chips")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", None, None)
    assert v.reason == ("Trainium2 chip count: 1 million is a target for 2025-12-31 (announced 2025-10-29), not a "
                        "figure reached by 2025-12-10.")


# --- per direction, clusters, pods, the largest instance ------------------------------------------------------------


def test_per_direction_figure_of_a_link_known_only_both_ways_is_half_of_it(reviewer):
    # MI455X: 3.6 TB/s bidirectional (announced); "1.8 TB/s in each direction" is half of it
    _, v = judge(reviewer, "mi455x", "interconnect_bandwidth", "1.8 TB/s", per_direction=True)
    assert (v.kind, v.expected) == ("verified", "1.8 TB/s")
    assert v.reason == "AMD Instinct MI455X interconnect bandwidth: 1.8 TB/s agrees with the source (1.8 TB/s)."


def test_cluster_size_is_contradicted_with_the_largest_published_cluster(reviewer):
    claim, v = judge(reviewer, "trainium", "chip_count", "200,000 chips", scope="cluster")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "100,000", "100,000")
    assert v.reason == "Trainium (1st generation) chip count: the article says 200,000, the source says 100,000."


def test_chip_count_of_a_chip_with_a_published_cluster_is_verified_against_it(reviewer):
    # "Cluster mit bis zu 100.000 Trainium-Chips", the cluster not named as the sentence's scope
    _, v = judge(reviewer, "trainium", "chip_count", "100,000 chips")
    assert (v.kind, v.expected) == ("verified", "100,000")


def test_chips_per_pod_of_a_chip_with_one_pod_is_contradicted_with_the_pods_count(reviewer):
    claim, v = judge(reviewer, "tpu-v5p", "chip_count", "10,000 chips", scope="system")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "8,960", "8,960")


def test_chips_per_instance_up_to_fewer_than_the_largest_instance_is_contradicted(reviewer):
    claim, v = judge(reviewer, "inferentia2", "chip_count", "up to 8 chips", scope="instance")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "12", "12")
    assert v.reason == "Inferentia2 chip count: the article says 8, the source says 12."


def test_chips_of_a_fleet_with_the_chip_as_subject_are_the_customers(reviewer):
    _, v = judge(reviewer, "trainium2", "chip_count", "1 million chips", subject_text="Trainium2")
    assert (v.kind, v.expected) == ("contradicted", None)
    assert v.reason.endswith("is a target for 2025-12-31 (announced 2025-10-29), not a figure reached by 2025-12-10.")


def test_misquote_cites_the_vendors_figure_and_the_misquote(reviewer):
    _, v = judge(reviewer, "trn2-ultraserver", "compute", "83.2 PFLOPS", precision="FP8", sparsity="sparse")
    assert got(v) == (urls(reviewer, "trn2-ultraserver", "compute", 164.0, precision="FP8", sparsity="sparse")
                      | {s.url for f in reviewer.factbase.about("trn2-ultraserver", "compute")
                         if f.fact.status == "misquote" for s in f.fact.sources})


# --- German messages and suggestions; slips; plans at their horizon -------------------------------------------------


def test_outdated_price_in_german_suggests_the_price_now_written_the_german_way(reviewer):
    _, v = judge(reviewer, "p5.48xlarge", "price_per_hour", "98,32 $ pro Stunde", lang="de")
    assert (v.kind, v.expected, v.suggestion) == ("outdated", "55,04 USD pro Stunde", "55,04 $ pro Stunde")


def test_wrong_figure_in_german_suggests_the_figure_written_the_german_way(reviewer):
    claim, v = judge(reviewer, "gaudi3", "memory_bandwidth", "4,5 TB/s", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "3,7 TB/s", "3,7 TB/s")
    assert v.reason == "Gaudi 3 Speicherbandbreite: Im Artikel steht 4,5 TB/s, laut Quelle 3,7 TB/s."


def test_unverifiable_figure_in_german(reviewer):
    _, v = judge(reviewer, "gaudi3", "memory_bandwidth", "4,5 TB/s", lang="de", scope="system")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Gaudi 3 Speicherbandbreite: 4,5 TB/s ist nicht in der Faktenbasis belegt."


def test_running_total_that_came_later_in_german(reviewer):
    _, v = judge(reviewer, "amazon", "investment", "4 Milliarden $", versus="anthropic", timing="cumulative",
                 as_of="2023-12-01", lang="de")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "1.250.000.000 USD", "1,25 Milliarden $")
    assert v.note == ("4 Milliarden $ wurde erst am 2024-03-27 erreicht. Amazon Investition: 4 Milliarden $ ist ein "
                      "Ziel bis 2024-03-31 (angekündigt am 2023-09-25), kein bis 2023-12-01 erreichter Wert.")


def test_target_said_as_reached_before_its_horizon_in_german(reviewer):
    _, v = judge(reviewer, "anthropic", "chip_count", "1 Million Chips", versus="trainium2", as_of="2025-11-01",
                 lang="de")
    assert (v.kind, v.expected) == ("contradicted", None)
    assert v.reason == ("Anthropic Chip-Anzahl: 1 Million ist ein Ziel bis 2025-12-31 (angekündigt am 2025-10-29), "
                        "kein bis 2025-11-01 erreichter Wert.")
    assert got(v) == urls(reviewer, "anthropic", "chip_count", 1000000.0)


def test_target_said_as_reached_on_its_horizon_day_is_still_contradicted(reviewer):
    _, v = judge(reviewer, "anthropic", "chip_count", "1 million chips", versus="trainium2", as_of="2025-12-31")
    assert (v.kind, v.expected) == ("contradicted", None)
    assert v.reason.endswith("not a figure reached by 2025-12-31.")


def test_target_said_as_reached_after_its_horizon_in_german_cites_the_plan(reviewer):
    _, v = judge(reviewer, "anthropic", "chip_count", "1 Million Chips", versus="trainium2", as_of="2026-02-01",
                 lang="de")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == ("Anthropic Chip-Anzahl: 1 Million war das Ziel bis 2025-12-31; keine Quelle der Faktenbasis "
                        "bestätigt, dass es erreicht wurde.")
    assert got(v) == urls(reviewer, "anthropic", "chip_count", 1000000.0)


def test_bytes_for_bits_of_a_bandwidth_not_named_is_a_known_slip(reviewer):
    # "28.8 TB/s per UltraServer" (which bandwidth not said): the only such figure is 28.8 Tbps
    claim, v = judge(reviewer, "trn3-ultraserver", "bandwidth", "28.8 TB/s")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "28,800 Gbps", "28,800 Gbps")
    assert v.note == "Bits and bytes are mixed up: the source states 28,800 Gbps."


def test_slip_is_not_read_as_another_entitys_figure_that_is_only_near(reviewer):
    # "rund 7,3 Tbit/s" of Ironwood's 7.38 TB/s is not TPU v5e's 800 GiB/s (6.9 Tbit/s)
    claim, v = judge(reviewer, "tpu7x", "bandwidth", "rund 7,3 Tbit/s", lang="de", alternates=("tpu-v5e",))
    assert (v.claim, v.kind, v.expected) == (claim, "contradicted", "7380 GB/s")
    assert v.note == "Bits und Bytes verwechselt: Die Quelle nennt 7380 GB/s."


def test_system_total_of_a_chip_whose_predecessors_system_has_it_is_contradicted(reviewer):
    # "13.4 TB in total" of a B300: unsure which B300 system, but each differs and a B200 system has exactly that
    claim, v = judge(reviewer, "b300", "memory_capacity", "13.4 TB", scope="system")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "20,088 GB", "20.088 TB")


# --- the hints of explain(), the other precision, the tranche (the mutation run's survivors) -----------------------


def test_nearly_a_figure_the_source_said_was_nearly_reached_gets_the_sources_words(reviewer):
    # AWS said "nearly half a million" chips for Rainier: "nearly 499,000" reads below a figure the source puts above
    claim, v = judge(reviewer, "project-rainier", "chip_count", "nearly 499,000 chips")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "500,000", "500,000")
    assert v.note == "The source says nearly 500,000: the figure lies below it, not above."


def test_more_than_the_announced_figure_is_named_as_the_announced_one(reviewer):
    # MI325X: 288 GB announced, 256 GB shipped; "more than 289 GB" is the announced figure, read as written
    claim, v = judge(reviewer, "mi325x", "memory_capacity", "more than 289 GB")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "256 GB", "256 GB")
    assert v.note == "289 GB was the announced figure; the shipped product has 256 GB."


def test_dense_figure_of_another_precision_is_a_wrong_precision_label(reviewer):
    # Gaudi 3: 1,835 TFLOPS at FP8 and BF16 (both dense), no FP4 figure: "1,835 TFLOPS FP4" has the wrong label
    claim, v = judge(reviewer, "gaudi3", "compute", "1,835 TFLOPS", precision="FP4")
    assert (v.claim, v.kind, v.expected) == (claim, "contradicted", None)
    assert v.reason == "Gaudi 3 compute: 1,835 TFLOPS is the FP8 figure, not a FP4 one; the sources give no FP4 figure."
    assert got(v) == urls(reviewer, "gaudi3", "compute", 1835.0, precision="FP8")


def test_systems_figure_of_a_precision_they_have_is_no_wrong_label_of_the_chips(reviewer):
    # "B300 systems: 4.5 PFLOPS BF16": the GB300 NVL72 built from it has a BF16 figure, so BF16 is not a wrong label
    # for the B300's own FP8 4.5 PFLOPS; what the systems' BF16 figure is said to be stays unverifiable
    claim, v = judge(reviewer, "b300", "compute", "4.5 PFLOPS", precision="BF16", scope="system")
    assert (v.claim, v.kind, v.expected, v.sources) == (claim, "unverifiable", None, ())
    assert v.reason == "B300 (Blackwell Ultra) compute: 4.5 PFLOPS is not covered by the fact base."


def test_another_tranche_is_compared_with_the_tranches_not_the_running_total(reviewer):
    # "invested another $8 billion in Anthropic": Amazon's tranches were $1.25, $2.75, $4 and $5 billion; $8 billion
    # was the running total after the third, not a tranche
    claim, v = judge(reviewer, "amazon", "investment", "$8 billion", versus="anthropic", timing="event")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "4,000,000,000 USD", "$4 billion")
    assert v.reason == "Amazon investment: the article says $8 billion, the source says 4,000,000,000 USD."


# --- on the edge fixture's made-up facts (tests/fixtures/edge-facts): dated link rates of a rack, a pod's own rate,
# a misquote beside figures that changed on a date --------------------------------------------------------------


def test_a_racks_link_rate_per_chip_counts_for_the_chip_only_from_the_day_it_holds(edge_reviewer):
    # Zeta: 100 GB/s per chip of its own; its rack gives each chip 200 GB/s from 2026-01-01 on
    claim, v = judge(edge_reviewer, "zeta", "interconnect_bandwidth", "200 GB/s", as_of="2025-06-01")
    assert (v.claim, v.kind, v.expected) == (claim, "contradicted", "100 GB/s")
    claim, v = judge(edge_reviewer, "zeta", "interconnect_bandwidth", "200 GB/s", as_of="2026-06-01")
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "200 GB/s")
    assert got(v) == urls(edge_reviewer, "zeta-rack", "interconnect_bandwidth", 200.0)


def test_a_racks_link_rate_per_chip_is_not_its_pods(edge_reviewer):
    # the Zeta Rack gives each chip 200 GB/s; the 50 GB/s per chip across the Zeta Pod (built from the same chip) is
    # the pod's figure, not the rack's: a rack is only verified by the instances it is made of
    claim, v = judge(edge_reviewer, "zeta-rack", "interconnect_bandwidth", "50 GB/s", as_of="2026-06-01")
    assert (v.claim, v.kind, v.expected) == (claim, "contradicted", "200 GB/s")


def test_a_misquote_is_corrected_to_the_vendors_figure_valid_at_the_articles_date(edge_reviewer):
    # Sigma: 2,000 TFLOPS FP8 sparse to 2025, 2,400 from 2025 on; the press printed 1,200 "sparse" (a misquote):
    # in mid-2025 the vendor's figure it is corrected to is 2,400, not the closer but ended 2,000
    claim, v = judge(edge_reviewer, "sigma", "compute", "1,200 TFLOPS", as_of="2025-06-01", precision="FP8",
                     sparsity="sparse")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "2,400 TFLOPS", "2,400 TFLOPS")
    assert got(v) == urls(edge_reviewer, "sigma", "compute", 2400.0) | urls(edge_reviewer, "sigma", "compute", 1200.0)


def test_hourly_price_of_an_instance_said_per_chip_is_contradicted_naming_the_instance(reviewer):
    # "an H100 costs 55.04 USD per hour": that is the price of a whole p5.48xlarge (eight H100s), and its price
    # facts are dated (the June 2025 price cut), so each is taken only where it is valid
    claim, v = judge(reviewer, "h100", "price_per_hour", "55.04 USD per hour", scope="chip")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "55.04 USD / hour", None)
    assert v.reason == ("H100 SXM price per hour: the article says 55.04 USD per hour per chip, but that is the figure "
                        "of a whole p5.48xlarge (55.04 USD / hour); the sources give no per-chip figure.")

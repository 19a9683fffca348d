"""The name checks (reviewer/checks/names.py: HW103 interconnect, HW104 foundry, HW105 role, HW107 memory type,
HW108 core type) on claims built directly, against the bundled fact base: the verdict, the expected value, the
suggestion, the whole message in the article's language and the sources, for every branch of each check (the
mutation run's survivors: docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

from conftest import find, review

from reviewer.checks import BY_ATTRIBUTE
from reviewer.checks.base import CheckContext
from reviewer.models import Claim


def judge(rv, entity: str, attribute: str, value: str, *, text: str | None = None, lang: str = "en",
          as_of: str = "2025-12-10", **fields):
    """The check's verdict on a claim that `entity`'s `attribute` is `value` (written as `text`)."""
    claim = Claim(entity, attribute, 0, len(text or value), text or value, value_text=value, **fields)
    return claim, BY_ATTRIBUTE[attribute].check(claim, CheckContext(rv.factbase, dt.date.fromisoformat(as_of), lang))


def urls(rv, entity: str, attribute: str, *values: str, negated: bool | None = None) -> set[str]:
    """The source URLs of `entity`'s facts for `attribute` with one of `values`."""
    return {s.url for f in rv.factbase.about(entity, attribute) if str(f.value) in values
            and (negated is None or f.fact.negated == negated) for s in f.fact.sources}


def got(verdict) -> set[str]:
    return {s.url for s in verdict.sources}


# --- HW103 interconnect ---------------------------------------------------------------------------------------


def test_interconnect_named_as_the_fact_base_writes_it_is_verified(reviewer):
    claim, v = judge(reviewer, "trainium3", "interconnect", "NeuronLink-v4", text="NeuronLink v4")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "NeuronLink-v4", None)
    assert v.reason == "Trainium3 interconnect: NeuronLink-v4 agrees with the source (NeuronLink-v4)."
    assert got(v) == urls(reviewer, "trainium3", "interconnect", "NeuronLink-v4")


def test_interconnect_without_a_value_text_is_read_from_the_claims_text(reviewer):
    claim = Claim("trainium3", "interconnect", 0, 13, "NeuronLink-v4")
    v = BY_ATTRIBUTE["interconnect"].check(claim, CheckContext(reviewer.factbase, dt.date(2025, 12, 10), "en"))
    assert v.kind == "verified"
    assert v.reason == "Trainium3 interconnect: NeuronLink-v4 agrees with the source (NeuronLink-v4)."


def test_interconnect_verified_in_german_names_the_attribute_in_german(reviewer):
    _, v = judge(reviewer, "trainium3", "interconnect", "NeuronLink-v4", lang="de")
    assert v.kind == "verified"
    assert v.reason == "Trainium3 Interconnect: NeuronLink-v4 stimmt mit der Quelle überein (NeuronLink-v4)."


def test_interconnect_of_the_chips_systems_counts_for_the_chip(reviewer):
    # "Trainium3 chips are linked through NeuronSwitch-v1": the switch is the Trn3 UltraServer's
    claim, v = judge(reviewer, "trainium3", "interconnect", "NeuronSwitch-v1")
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "NeuronSwitch-v1")
    assert v.reason == "Trainium3 interconnect: NeuronSwitch-v1 agrees with the source (NeuronSwitch-v1)."
    assert got(v) == urls(reviewer, "trn3-ultraserver", "interconnect", "NeuronSwitch-v1")


def test_interconnect_alias_from_the_fact_base_matches_the_short_name_in_a_fact(reviewer):
    # the fact says "EFA"; the article writes the link's full name, whose aliases include "EFA"
    _, v = judge(reviewer, "trn2.48xlarge", "interconnect", "Elastic Fabric Adapter")
    assert (v.kind, v.expected) == ("verified", "EFA")
    assert v.reason == "trn2.48xlarge interconnect: Elastic Fabric Adapter agrees with the source (EFA)."


def test_interconnect_of_another_chip_in_context_is_read_as_that_chips(reviewer):
    # a guessed subject (Trainium2) with Trainium3 in context: NeuronLink-v4 is Trainium3's link
    _, v = judge(reviewer, "trainium2", "interconnect", "NeuronLink-v4", alternates=("trainium3",))
    assert v.kind == "verified" and v.expected == "NeuronLink-v4"
    assert v.claim.entity == "trainium3" and v.claim.alternates == ()
    assert v.reason == "Trainium3 interconnect: NeuronLink-v4 agrees with the source (NeuronLink-v4)."
    assert got(v) == urls(reviewer, "trainium3", "interconnect", "NeuronLink-v4")


def test_interconnect_of_another_chip_in_context_is_verified_in_german(reviewer):
    _, v = judge(reviewer, "trainium2", "interconnect", "NeuronLink-v4", alternates=("trainium3",), lang="de")
    assert v.reason == "Trainium3 Interconnect: NeuronLink-v4 stimmt mit der Quelle überein (NeuronLink-v4)."


def test_interconnect_of_another_version_is_contradicted_with_the_chips_own(reviewer):
    claim, v = judge(reviewer, "trainium2", "interconnect", "NeuronLink-v4")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "NeuronLink-v3", "NeuronLink-v3")
    assert v.reason == "Trainium2 does not support NeuronLink-v4; it uses NeuronLink-v3."
    assert v.note is None
    assert got(v) == urls(reviewer, "trainium2", "interconnect", "NeuronLink-v3")


def test_interconnect_the_chip_is_recorded_not_to_use_is_contradicted_with_the_facts_note(reviewer):
    _, v = judge(reviewer, "trainium3", "interconnect", "NVLink", lang="de")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "NeuronLink-v4", "NeuronLink-v4")
    assert v.reason == "Trainium3 unterstützt NVLink nicht; es nutzt NeuronLink-v4."
    assert v.note == "Trainium3 uses NeuronLink-v4; NVLink Fusion support was announced for Trainium4, not Trainium3."


def test_interconnect_recorded_as_not_used_with_no_link_known_expects_a_question_mark(reviewer):
    # trn1.2xlarge (one chip): "NeuronLink-v2: N/A" in the source, and no link it has
    _, v = judge(reviewer, "trn1.2xlarge", "interconnect", "NeuronLink-v2")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "?", "?")
    assert v.reason == "trn1.2xlarge does not support NeuronLink-v2; it uses ?."
    assert v.note == "Single-chip size: the NeuronLink-v2 column is 'N/A'."
    assert got(v) == urls(reviewer, "trn1.2xlarge", "interconnect", "NeuronLink-v2")


def test_interconnect_clash_on_a_system_with_several_links_lists_them_all(reviewer):
    _, v = judge(reviewer, "trn3-ultraserver", "interconnect", "NeuronLink-v3")
    assert v.kind == "contradicted"
    assert v.expected == "EFA, NeuronLink-v4, NeuronSwitch-v1"
    assert v.reason == "Trn3 UltraServer does not support NeuronLink-v3; it uses EFA, NeuronLink-v4, NeuronSwitch-v1."


def test_interconnect_clash_suggests_the_same_link_in_its_own_version_not_the_first_link(reviewer):
    # "NeuronLink-v3" in a Trn3 UltraServer is to be NeuronLink-v4, not EFA (the first of its links by name)
    _, v = judge(reviewer, "trn3-ultraserver", "interconnect", "NeuronLink-v3")
    assert v.suggestion == "NeuronLink-v4"
    assert got(v) == urls(reviewer, "trn3-ultraserver", "interconnect", "EFA", "NeuronLink-v4", "NeuronSwitch-v1")


def test_interconnect_without_a_version_names_any_version_of_it(reviewer):
    # "NeuronLink" names NeuronLink-v4
    _, v = judge(reviewer, "trainium3", "interconnect", "NeuronLink")
    assert (v.kind, v.expected) == ("verified", "NeuronLink-v4")
    assert v.reason == "Trainium3 interconnect: NeuronLink agrees with the source (NeuronLink-v4)."


def test_interconnect_of_another_family_in_another_version_is_no_version_clash(reviewer):
    # NVLink 4 is not a version of Trainium2's NeuronLink-v3: nothing says Trainium2 does not use it
    _, v = judge(reviewer, "trainium2", "interconnect", "NVLink 4")
    assert (v.kind, v.expected, v.suggestion) == ("unverifiable", None, None)
    assert v.reason == "Trainium2 interconnect: NVLink 4 is not covered by the fact base."


def test_interconnect_another_chip_in_context_is_recorded_not_to_use_is_not_its_link(reviewer):
    # Trainium3 (in context) is recorded as not using NVLink: that does not make NVLink its link
    claim, v = judge(reviewer, "trainium2", "interconnect", "NVLink", alternates=("trainium3",))
    assert (v.claim, v.kind, v.expected) == (claim, "unverifiable", None)
    assert v.reason == "Trainium2 interconnect: NVLink is not covered by the fact base."


def test_interconnect_said_not_to_be_used_stays_the_subjects_with_another_chip_in_context(reviewer):
    # "Trainium2 does not use NeuronLink-v4" with Trainium3 in context: judged for Trainium2, not read as Trainium3's
    claim, v = judge(reviewer, "trainium2", "interconnect", "NeuronLink-v4", negated=True, alternates=("trainium3",))
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "NeuronLink-v3")
    assert v.reason == "Trainium2 does not use NeuronLink-v4: correct."


def test_interconnect_nobody_records_is_unverifiable(reviewer):
    claim, v = judge(reviewer, "maia-100", "interconnect", "Ethernet")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.sources) == (claim, "unverifiable", None, None, ())
    assert v.reason == "Microsoft Azure Maia 100 interconnect: Ethernet is not covered by the fact base."


def test_interconnect_nobody_records_is_unverifiable_in_german(reviewer):
    _, v = judge(reviewer, "maia-100", "interconnect", "Ethernet", lang="de")
    assert v.reason == "Microsoft Azure Maia 100 Interconnect: Ethernet ist nicht in der Faktenbasis belegt."


def test_interconnect_said_not_to_be_used_and_recorded_so_is_verified(reviewer):
    claim, v = judge(reviewer, "trainium3", "interconnect", "NVLink", negated=True, lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "NeuronLink-v4", None)
    assert v.reason == "Trainium3 nutzt NVLink nicht: korrekt."
    assert got(v) == urls(reviewer, "trainium3", "interconnect", "NVLink", negated=True)


def test_interconnect_said_not_to_be_used_and_of_another_version_is_verified(reviewer):
    _, v = judge(reviewer, "trainium2", "interconnect", "NeuronLink-v4", negated=True)
    assert (v.kind, v.expected) == ("verified", "NeuronLink-v3")
    assert v.reason == "Trainium2 does not use NeuronLink-v4: correct."


def test_interconnect_said_not_to_be_used_on_a_system_cites_the_clashing_link(reviewer):
    # "not NeuronLink-v3": the source of NeuronLink-v4 (the clashing version), not of every link the system has
    _, v = judge(reviewer, "trn3-ultraserver", "interconnect", "NeuronLink-v3", negated=True)
    assert (v.kind, v.expected) == ("verified", "EFA, NeuronLink-v4, NeuronSwitch-v1")
    assert got(v) == urls(reviewer, "trn3-ultraserver", "interconnect", "NeuronLink-v4")


def test_interconnect_said_not_to_be_used_cites_only_the_clashing_version(reviewer):
    # Trn2 UltraServer: NeuronLink-v3 and EFA (another page): "not NeuronLink-v4" rests on the NeuronLink-v3 source
    _, v = judge(reviewer, "trn2-ultraserver", "interconnect", "NeuronLink-v4", negated=True)
    assert (v.kind, v.expected) == ("verified", "EFA, NeuronLink-v3")
    assert got(v) == urls(reviewer, "trn2-ultraserver", "interconnect", "NeuronLink-v3")


def test_interconnect_said_not_to_be_used_where_other_links_are_known_is_verified(reviewer):
    _, v = judge(reviewer, "trainium2", "interconnect", "NVLink", negated=True)
    assert (v.kind, v.expected) == ("verified", "NeuronLink-v3")
    assert v.reason == "Trainium2 does not use NVLink: correct."
    assert got(v) == urls(reviewer, "trainium2", "interconnect", "NeuronLink-v3")


def test_interconnect_said_not_to_be_used_but_used_is_contradicted(reviewer):
    claim, v = judge(reviewer, "trainium3", "interconnect", "NeuronLink-v4", negated=True, lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "NeuronLink-v4", None)
    assert v.reason == "Trainium3: Laut Artikel nutzt es NeuronLink-v4 nicht, tatsächlich aber doch."
    assert got(v) == urls(reviewer, "trainium3", "interconnect", "NeuronLink-v4")


def test_interconnect_said_not_to_be_used_with_no_link_known_is_unverifiable(reviewer):
    _, v = judge(reviewer, "maia-100", "interconnect", "NVLink", negated=True)
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Microsoft Azure Maia 100 interconnect: NVLink is not covered by the fact base."


# --- HW104 foundry, HW107 memory type, HW108 core type (name_verdict) ---------------------------------------------


def test_foundry_as_recorded_is_verified(reviewer):
    claim, v = judge(reviewer, "trainium3", "foundry", "TSMC", text="Taiwan's TSMC")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "TSMC", None)
    assert v.reason == "Trainium3 foundry: TSMC agrees with the source (TSMC)."
    assert got(v) == urls(reviewer, "trainium3", "foundry", "TSMC")


def test_foundry_other_than_recorded_is_contradicted_with_a_suggestion(reviewer):
    claim, v = judge(reviewer, "trainium3", "foundry", "Samsung", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "TSMC", "TSMC")
    assert v.reason == "Trainium3 Auftragsfertiger: Im Artikel steht Samsung, laut Quelle TSMC."
    assert got(v) == urls(reviewer, "trainium3", "foundry", "TSMC")


def test_foundry_of_a_chip_with_none_recorded_is_unverifiable(reviewer):
    claim, v = judge(reviewer, "trainium2", "foundry", "TSMC")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.sources) == (claim, "unverifiable", None, None, ())
    assert v.reason == "Trainium2 foundry: TSMC is not covered by the fact base."


def test_foundry_of_a_chip_with_none_recorded_is_unverifiable_in_german(reviewer):
    _, v = judge(reviewer, "trainium2", "foundry", "TSMC", lang="de")
    assert v.reason == "Trainium2 Auftragsfertiger: TSMC ist nicht in der Faktenbasis belegt."


def test_foundry_said_not_to_be_used_and_not_recorded_is_verified(reviewer):
    claim, v = judge(reviewer, "trainium3", "foundry", "Samsung", negated=True, lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "TSMC", None)
    assert v.reason == "Trainium3 nutzt Samsung nicht: korrekt."
    assert got(v) == urls(reviewer, "trainium3", "foundry", "TSMC")


def test_foundry_said_not_to_be_used_but_recorded_is_contradicted(reviewer):
    claim, v = judge(reviewer, "trainium3", "foundry", "TSMC", negated=True)
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "TSMC", None)
    assert v.reason == "Trainium3: the article says it does not use TSMC, but it does."
    assert got(v) == urls(reviewer, "trainium3", "foundry", "TSMC")


def test_foundry_said_not_to_be_used_with_none_recorded_is_unverifiable(reviewer):
    claim, v = judge(reviewer, "trainium2", "foundry", "Samsung", negated=True, lang="de")
    assert (v.claim, v.kind, v.expected, v.sources) == (claim, "unverifiable", None, ())
    assert v.reason == "Trainium2 Auftragsfertiger: Samsung ist nicht in der Faktenbasis belegt."


def test_memory_type_hbm_alone_names_any_hbm_generation(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_type", "HBM")
    assert (v.kind, v.expected) == ("verified", "HBM3e")
    assert v.reason == "Trainium3 memory type: HBM agrees with the source (HBM3e)."


def test_memory_type_of_another_generation_is_contradicted(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_type", "HBM3")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "HBM3e", "HBM3e")
    assert v.reason == "Trainium3 memory type: the article says HBM3, the source says HBM3e."


def test_memory_type_an_alternate_source_gives_is_verified(reviewer):
    # Trainium2: HBM3 (current) and HBM3e (an alternate source's reading)
    _, v = judge(reviewer, "trainium2", "memory_type", "HBM3e")
    assert (v.kind, v.expected) == ("verified", "HBM3e")


def test_memory_type_contradicted_expects_the_current_figure_not_an_alternate(reviewer):
    _, v = judge(reviewer, "trainium2", "memory_type", "HBM2e")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "HBM3", "HBM3")
    assert got(v) == urls(reviewer, "trainium2", "memory_type", "HBM3")


def test_memory_type_of_a_family_one_member_has_is_verified(reviewer):
    _, v = judge(reviewer, "hopper", "memory_type", "HBM3")
    assert (v.kind, v.expected) == ("verified", "HBM3")
    assert v.reason == "Hopper memory type: HBM3 agrees with the source (HBM3)."


def test_memory_type_of_a_family_no_member_has_is_unverifiable_not_contradicted(reviewer):
    # the members differ (H100: HBM3, H200: HBM3e): no figure of the family's own decides
    claim, v = judge(reviewer, "hopper", "memory_type", "HBM2e")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.sources) == (claim, "unverifiable", None, None, ())
    assert v.reason == "Hopper memory type: HBM2e is not covered by the fact base."


def test_memory_type_of_a_family_no_member_has_is_unverifiable_in_german(reviewer):
    _, v = judge(reviewer, "hopper", "memory_type", "HBM2e", lang="de")
    assert v.reason == "Hopper Speichertyp: HBM2e ist nicht in der Faktenbasis belegt."


def test_memory_type_of_a_chip_with_products_is_judged_on_its_own_figure(reviewer):
    _, v = judge(reviewer, "b300", "memory_type", "HBM4")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "HBM3e", "HBM3e")
    assert got(v) == urls(reviewer, "b300", "memory_type", "HBM3e") & {
        s.url for f in reviewer.factbase.about("b300", "memory_type") if f.entity == "b300" for s in f.fact.sources}


def test_memory_type_a_family_is_said_not_to_use_and_no_member_has_is_unverifiable(reviewer):
    _, v = judge(reviewer, "hopper", "memory_type", "HBM2e", negated=True)
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Hopper memory type: HBM2e is not covered by the fact base."


def test_memory_type_a_family_is_said_not_to_use_but_a_member_has_is_contradicted(reviewer):
    _, v = judge(reviewer, "hopper", "memory_type", "HBM3e", negated=True)
    assert (v.kind, v.expected) == ("contradicted", "HBM3e")
    assert v.reason == "Hopper: the article says it does not use HBM3e, but it does."


def test_core_type_of_another_generation_is_contradicted(reviewer):
    _, v = judge(reviewer, "trainium2", "core_type", "NeuronCore-v4", lang="de")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "NeuronCore-v3", "NeuronCore-v3")
    assert v.reason == "Trainium2 Kerntyp: Im Artikel steht NeuronCore-v4, laut Quelle NeuronCore-v3."


def test_core_type_written_with_a_space_is_the_same_name(reviewer):
    _, v = judge(reviewer, "trainium3", "core_type", "NeuronCore v4")
    assert (v.kind, v.expected) == ("verified", "NeuronCore-v4")


# --- HW105 role (AWS: Adam Selipsky until 2024-06-03, Matt Garman since; Intel: Pat Gelsinger 2021-02-15 to
# 2024-12-01, David Zinsner (and Michelle Johnston Holthaus) interim to 2025-03-18, Lip-Bu Tan since) ------------


def ceo_sources(rv, org: str, *people: str) -> set[str]:
    return urls(rv, org, "ceo", *people)


def test_role_current_holder_is_verified(reviewer):
    claim, v = judge(reviewer, "aws", "ceo", "Matt Garman", text="Garman")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "Matt Garman", None)
    assert v.reason == "Amazon Web Services CEO: Matt Garman agrees with the source (Matt Garman)."
    assert got(v) == ceo_sources(reviewer, "aws", "Matt Garman")


def test_role_message_names_the_person_not_the_text_as_written(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", text="Selipsky", as_of="2025-01-10")
    assert "Adam Selipsky was true until" in v.reason


def test_role_former_holder_is_outdated_with_the_holder_at_the_articles_date(reviewer):
    claim, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", as_of="2025-01-10", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "outdated", "Matt Garman", "Matt Garman")
    assert v.reason == "Amazon Web Services CEO: Adam Selipsky galt bis 2024-06-03; am 2025-01-10 gilt Matt Garman."
    assert got(v) == ceo_sources(reviewer, "aws", "Adam Selipsky", "Matt Garman")


def test_role_is_outdated_on_the_day_the_term_ends(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", as_of="2024-06-03")
    assert (v.kind, v.expected) == ("outdated", "Matt Garman")
    assert v.reason == ("Amazon Web Services CEO: Adam Selipsky was true until 2024-06-03; at 2024-06-03 it is "
                        "Matt Garman.")


def test_role_holder_the_day_before_the_change_is_verified(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", as_of="2024-06-02")
    assert (v.kind, v.expected) == ("verified", "Adam Selipsky")


def test_role_holder_from_the_first_day_of_the_term_is_verified(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Matt Garman", as_of="2024-06-03")
    assert (v.kind, v.expected) == ("verified", "Matt Garman")


def test_role_before_the_term_begins_is_contradicted_with_the_holder_then(reviewer):
    claim, v = judge(reviewer, "aws", "ceo", "Matt Garman", as_of="2024-01-10", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "Adam Selipsky", "Adam Selipsky")
    assert v.reason == "Matt Garman ist erst seit 2024-06-03 CEO von Amazon Web Services."
    assert got(v) == ceo_sources(reviewer, "aws", "Matt Garman", "Adam Selipsky")


def test_role_before_the_first_recorded_term_expects_nobody(reviewer):
    # Intel's record starts with Pat Gelsinger (2021-02-15): in 2020 nobody is known to have held it
    _, v = judge(reviewer, "intel", "ceo", "Pat Gelsinger", as_of="2020-01-01")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", None, None)
    assert v.reason == "Pat Gelsinger only became CEO of Intel on 2021-02-15."


def test_role_someone_else_while_a_holder_is_known_is_contradicted(reviewer):
    claim, v = judge(reviewer, "aws", "ceo", "Andy Jassy", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "Matt Garman", "Matt Garman")
    assert v.reason == "Amazon Web Services CEO: Im Artikel steht Andy Jassy, laut Quelle Matt Garman."
    assert got(v) == ceo_sources(reviewer, "aws", "Matt Garman")


def test_role_someone_else_while_a_holder_is_known_is_contradicted_in_english(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Andy Jassy", text="Jassy")
    assert v.reason == "Amazon Web Services CEO: the article says Andy Jassy, the source says Matt Garman."


def test_role_someone_else_when_no_holder_is_known_is_unverifiable(reviewer):
    claim, v = judge(reviewer, "intel", "ceo", "Bob Swan", as_of="2020-01-01")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.sources) == (claim, "unverifiable", None, None, ())
    assert v.reason == "Intel CEO: Bob Swan is not covered by the fact base."


def test_role_former_holder_the_fact_base_does_not_know_is_unverifiable(reviewer):
    # "der damalige AWS-Chef Andy Jassy": a past holder with no record
    claim, v = judge(reviewer, "aws", "ceo", "Andy Jassy", scope="past", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.sources) == (claim, "unverifiable", None, None, ())
    assert v.reason == "Amazon Web Services CEO: Andy Jassy ist nicht in der Faktenbasis belegt."


def test_role_former_holder_said_to_be_former_is_verified(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="past", as_of="2025-06-01")
    assert (v.kind, v.expected) == ("verified", "Adam Selipsky")
    assert got(v) == ceo_sources(reviewer, "aws", "Adam Selipsky")


def test_role_in_a_year_before_the_article_held_then_is_verified(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="at:2023")
    assert (v.kind, v.expected) == ("verified", "Adam Selipsky")
    assert v.reason == "Amazon Web Services CEO: Adam Selipsky agrees with the source (Adam Selipsky)."


def test_role_held_for_part_of_the_month_written_is_verified(reviewer):
    # June 2024: Selipsky to the 3rd, Garman from the 3rd; each held it then
    assert judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="at:2024-06")[1].kind == "verified"
    assert judge(reviewer, "aws", "ceo", "Matt Garman", scope="at:2024-06")[1].kind == "verified"


def test_role_in_a_year_before_the_article_not_held_then_is_contradicted_with_the_holder_then(reviewer):
    claim, v = judge(reviewer, "aws", "ceo", "Matt Garman", scope="at:2023", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "Adam Selipsky", "Adam Selipsky")
    assert v.reason == "Amazon Web Services CEO: Im Artikel steht Matt Garman, laut Quelle Adam Selipsky."
    assert got(v) == ceo_sources(reviewer, "aws", "Adam Selipsky", "Matt Garman")


def test_role_in_a_month_with_a_change_of_holder_and_not_held_then_is_contradicted(reviewer):
    # March 2025 at Intel: the interim heads until the 18th, Lip-Bu Tan from then. Nobody held it all month, but
    # Gelsinger (gone since December 2024) held it on no day of it: wrong, against the holder at the month's end
    claim, v = judge(reviewer, "intel", "ceo", "Pat Gelsinger", scope="at:2025-03", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "Lip-Bu Tan", "Lip-Bu Tan")
    assert v.reason == "Intel CEO: Im Artikel steht Pat Gelsinger, laut Quelle Lip-Bu Tan."


def test_role_in_a_period_the_person_held_for_part_of_it_is_verified(reviewer):
    # 2024 at Intel: Gelsinger until December 1; he held it in part of the year
    assert judge(reviewer, "intel", "ceo", "Pat Gelsinger", scope="at:2024")[1].kind == "verified"


def test_role_in_an_earlier_year_of_someone_never_recorded_is_unverifiable(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Andy Jassy", scope="at:2023")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Amazon Web Services CEO: Andy Jassy is not covered by the fact base."


def test_role_dated_to_a_period_ending_on_the_articles_date_is_judged_at_the_articles_date(reviewer):
    # a period that ends on the article's own date is not an earlier time: Selipsky is outdated on 2024-06-30
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="at:2024-06", as_of="2024-06-30")
    assert (v.kind, v.expected) == ("outdated", "Matt Garman")


def test_role_dated_to_a_day_is_judged_on_that_day(reviewer):
    assert judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="at:2024-06-02")[1].kind == "verified"
    assert judge(reviewer, "aws", "ceo", "Matt Garman", scope="at:2024-06-02")[1].kind == "contradicted"


def test_role_predecessor_named_correctly_is_verified(reviewer):
    claim, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="before:matt-garman")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "verified", "Adam Selipsky", None)
    assert v.reason == "Amazon Web Services CEO: Adam Selipsky agrees with the source (Adam Selipsky)."
    assert got(v) == ceo_sources(reviewer, "aws", "Adam Selipsky")


def test_role_wrong_predecessor_is_contradicted_with_the_holder_before_the_successor(reviewer):
    claim, v = judge(reviewer, "aws", "ceo", "Andy Jassy", scope="before:matt-garman", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "contradicted", "Adam Selipsky", "Adam Selipsky")
    assert v.reason == ("Amazon Web Services CEO: Laut Artikel war Andy Jassy Vorgänger von Matt Garman; "
                        "tatsächlich war es Adam Selipsky.")
    assert got(v) == ceo_sources(reviewer, "aws", "Adam Selipsky")


def test_role_predecessor_across_interim_heads_may_be_the_holder_before_them(reviewer):
    # "Lip-Bu Tan succeeded Pat Gelsinger": the interim heads (107 days) are skipped, as the press does
    _, v = judge(reviewer, "intel", "ceo", "Pat Gelsinger", scope="before:lip-bu-tan")
    assert (v.kind, v.expected) == ("verified", "Pat Gelsinger")
    assert got(v) == ceo_sources(reviewer, "intel", "Pat Gelsinger")


def test_role_predecessor_may_be_the_interim_head(reviewer):
    _, v = judge(reviewer, "intel", "ceo", "David Zinsner", scope="before:lip-bu-tan")
    assert (v.kind, v.expected) == ("verified", "David Zinsner")


def test_role_wrong_predecessor_across_interim_heads_expects_the_interim_head(reviewer):
    _, v = judge(reviewer, "intel", "ceo", "Andy Jassy", scope="before:lip-bu-tan")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "David Zinsner", "David Zinsner")
    assert v.reason == ("Intel CEO: the article names Andy Jassy as the predecessor of Lip-Bu Tan; "
                        "it was David Zinsner.")
    assert got(v) == ceo_sources(reviewer, "intel", "David Zinsner", "Michelle Johnston Holthaus", "Pat Gelsinger")


def test_role_predecessor_of_the_first_recorded_holder_is_unverifiable(reviewer):
    claim, v = judge(reviewer, "amd", "ceo", "Andy Jassy", scope="before:lisa-su", lang="de")
    assert (v.claim, v.kind, v.expected, v.suggestion, v.sources) == (claim, "unverifiable", None, None, ())
    assert v.reason == "AMD CEO: Andy Jassy ist nicht in der Faktenbasis belegt."


def test_role_predecessor_of_a_successor_with_no_recorded_start_is_unverifiable(reviewer):
    # NVIDIA: Jensen Huang's term has no start date
    claim, v = judge(reviewer, "nvidia", "ceo", "Andy Jassy", scope="before:jensen-huang", lang="de")
    assert (v.claim, v.kind, v.expected, v.sources) == (claim, "unverifiable", None, ())
    assert v.reason == "NVIDIA CEO: Andy Jassy ist nicht in der Faktenbasis belegt."


def test_role_predecessor_of_a_successor_the_fact_base_does_not_know_is_unverifiable(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="before:Jane Doe")
    assert (v.kind, v.expected) == ("unverifiable", None)
    assert v.reason == "Amazon Web Services CEO: Adam Selipsky is not covered by the fact base."


def test_role_predecessor_message_names_the_person_not_the_text_as_written(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Andy Jassy", text="Jassy", scope="before:matt-garman")
    assert v.reason == ("Amazon Web Services CEO: the article names Andy Jassy as the predecessor of Matt Garman; "
                        "it was Adam Selipsky.")


def test_role_predecessor_verified_in_german(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Adam Selipsky", scope="before:matt-garman", lang="de")
    assert v.reason == "Amazon Web Services CEO: Adam Selipsky stimmt mit der Quelle überein (Adam Selipsky)."


def test_role_current_holder_verified_in_german(reviewer):
    _, v = judge(reviewer, "aws", "ceo", "Matt Garman", lang="de")
    assert v.reason == "Amazon Web Services CEO: Matt Garman stimmt mit der Quelle überein (Matt Garman)."


def test_memory_type_verified_in_german(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_type", "HBM3e", lang="de")
    assert v.reason == "Trainium3 Speichertyp: HBM3e stimmt mit der Quelle überein (HBM3e)."


def test_memory_type_said_not_to_be_used_but_used_in_german(reviewer):
    _, v = judge(reviewer, "trainium3", "memory_type", "HBM3e", negated=True, lang="de")
    assert v.reason == "Trainium3: Laut Artikel nutzt es HBM3e nicht, tatsächlich aber doch."


def test_memory_type_a_chip_with_products_is_said_not_to_use_is_judged_on_its_own_figure(reviewer):
    # B300 (its products: HGX B300, GB300) has HBM3e of its own: "B300 does not use HBM4" is right
    claim, v = judge(reviewer, "b300", "memory_type", "HBM4", negated=True)
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "HBM3e")
    assert v.reason == "B300 (Blackwell Ultra) does not use HBM4: correct."


# --- the checks in the pipeline (each claims its attribute's claims: Check.applies) -------------------------------


def test_pipeline_judges_an_interconnect_claim(reviewer):
    f = find(review(reviewer, "Trainium3 chips talk to each other over NVLink.", "en"), "NVLink")
    assert (f.check, f.verdict, f.expected, f.suggestion) == ("HW103", "contradicted", "NeuronLink-v4",
                                                              "NeuronLink-v4")


def test_pipeline_judges_a_foundry_claim(reviewer):
    f = find(review(reviewer, "Trainium3 is manufactured by Samsung.", "en"), "Samsung")
    assert (f.check, f.verdict, f.expected, f.severity) == ("HW104", "contradicted", "TSMC", "error")


def test_pipeline_judges_a_role_claim(reviewer):
    f = find(review(reviewer, "AWS CEO Adam Selipsky announced the chip.", "en", as_of="2025-01-10"), "Adam Selipsky")
    assert (f.check, f.verdict, f.expected) == ("HW105", "outdated", "Matt Garman")


def test_pipeline_judges_a_memory_type_claim(reviewer):
    f = find(review(reviewer, "Gaudi 3 carries 128 GB of HBM3e.", "en"), "HBM3e")
    assert (f.check, f.verdict, f.expected) == ("HW107", "contradicted", "HBM2e")


def test_pipeline_judges_a_core_type_claim(reviewer):
    f = find(review(reviewer, "Trainium2 hat acht NeuronCore-v2.", "de"), "NeuronCore-v2")
    assert (f.check, f.verdict, f.expected) == ("HW108", "contradicted", "NeuronCore-v3")


# --- boundaries the bundled facts do not reach (tests/fixtures/edge-facts) ----------------------------------------


def test_role_term_ending_on_the_second_of_the_month_was_held_in_that_month(edge_reviewer):
    # Ann Early was CEO of Acme until 2020-03-02: in "March 2020" she held it (on the 1st)
    _, v = judge(edge_reviewer, "acme", "ceo", "Ann Early", scope="at:2020-03")
    assert (v.kind, v.expected) == ("verified", "Ann Early")


def test_role_former_holder_with_nobody_after_is_unverifiable_not_contradicted(edge_reviewer):
    # Bob Next left Acme on 2021-01-01 and no successor is on record: nobody to expect instead
    claim, v = judge(edge_reviewer, "acme", "ceo", "Bob Next", as_of="2022-06-01")
    assert (v.claim, v.kind, v.expected, v.suggestion) == (claim, "unverifiable", None, None)
    assert v.reason == "Acme CEO: Bob Next is not covered by the fact base."


def test_role_predecessor_after_a_term_of_exactly_200_days_is_that_term_not_the_one_before(edge_reviewer):
    # Cara Stint headed Bolt for exactly 200 days before Dan Successor: a term, not an interim, so Bea Before
    # (before Cara) is not Dan's predecessor
    _, v = judge(edge_reviewer, "bolt", "ceo", "Bea Before", scope="before:dan-successor")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "Cara Stint", "Cara Stint")
    assert v.reason == "Bolt CEO: the article names Bea Before as the predecessor of Dan Successor; it was Cara Stint."


def test_role_predecessor_is_the_holder_on_the_day_before_the_successor(edge_reviewer):
    # Fred Oneday held it on 2023-05-09 only, the day before Eve Successor's first
    _, v = judge(edge_reviewer, "cato", "ceo", "Fred Oneday", scope="before:eve-successor")
    assert (v.kind, v.expected) == ("verified", "Fred Oneday")


def test_role_predecessor_before_an_interim_is_the_holder_the_day_before_it(edge_reviewer):
    # Jo Oneday (interim, 2024-05-09) before Hal Successor; before Jo, Hank Oneday held it on 2024-05-08
    _, v = judge(edge_reviewer, "dune", "ceo", "Hank Oneday", scope="before:hal-successor")
    assert (v.kind, v.expected) == ("verified", "Hank Oneday")
    _, v = judge(edge_reviewer, "dune", "ceo", "Ivy Long", scope="before:hal-successor")
    assert (v.kind, v.expected) == ("contradicted", "Jo Oneday")


def test_interconnect_dated_fact_counts_from_its_date(edge_reviewer):
    _, v = judge(edge_reviewer, "zeta", "interconnect", "ZLink-v2", as_of="2025-01-01")
    assert (v.kind, v.expected) == ("verified", "ZLink-v2")
    _, v = judge(edge_reviewer, "zeta", "interconnect", "ZLink-v2", as_of="2023-06-01")
    assert (v.kind, v.expected) == ("unverifiable", None)


def test_interconnect_of_the_chips_system_counts_from_its_date(edge_reviewer):
    _, v = judge(edge_reviewer, "zeta", "interconnect", "ZSwitch", as_of="2025-01-01")
    assert (v.kind, v.expected) == ("verified", "ZSwitch")
    assert got(v) == {"https://x.example/zeta-switch"}


def test_interconnect_of_the_chips_pod_counts_for_the_chip(edge_reviewer):
    _, v = judge(edge_reviewer, "zeta", "interconnect", "ZTorus", as_of="2025-01-01")
    assert (v.kind, v.expected) == ("verified", "ZTorus")
    assert got(v) == {"https://x.example/zeta-torus"}


def test_interconnect_of_another_chip_in_context_counts_from_its_date(edge_reviewer):
    _, v = judge(edge_reviewer, "omega", "interconnect", "ZLink-v2", alternates=("zeta",), as_of="2025-01-01")
    assert (v.kind, v.claim.entity, v.expected) == ("verified", "zeta", "ZLink-v2")


def test_interconnect_recorded_as_not_used_suggests_the_first_of_several_links(edge_reviewer):
    _, v = judge(edge_reviewer, "sigma", "interconnect", "NVLink")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "SFabric, SLink", "SFabric")
    assert v.reason == "Sigma does not support NVLink; it uses SFabric, SLink."

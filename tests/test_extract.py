"""Extraction cases that need more than a case file can say (tests/rules/<kind>.yaml holds the rest): a
pipeline's sentence split, positions in the text, a corpus article, several findings of one kind in order."""

from pathlib import Path

from conftest import find, review


def alarms(report):
    return [(f.text, f.verdict) for f in report.findings if f.verdict in ("contradicted", "outdated")]


def test_a_german_sentence_ending_in_a_number_or_a_name_ends_there(reviewer):
    # German keeps "512." and "Trainium2." as one token ("18. März" is an ordinal); the sentence still ends
    nlp = reviewer.nlp("de")
    doc = nlp("Bei Trillium waren es 256. Der Pod hat mehr. Er folgt auf Trainium2. Am 18. März 2025 kam er.")
    assert [s.text for s in doc.sents] == ["Bei Trillium waren es 256.", "Der Pod hat mehr.",
                                           "Er folgt auf Trainium2.", "Am 18. März 2025 kam er."]
    assert "Trainium2" in [t.text for t in doc]


def test_servers_and_host_cpus_of_a_system_are_counted(reviewer):
    r = review(reviewer, "The headline product is the Trn3 UltraServer: 144 chips spread over 18 servers.", "en")
    f = find(r, "18")
    assert (f.attribute, f.verdict) == ("server_count", "contradicted")  # 36 servers of 4 chips
    assert find(r, "144").verdict == "verified"  # "spread over" is no "more than"
    r = review(reviewer, "Der GB200 NVL72 verbindet 72 GPUs mit 72 Grace-CPUs.", "de")
    assert [(f.attribute, f.verdict) for f in r.findings if f.text == "72"] == \
        [("chip_count", "verified"), ("cpu_count", "contradicted")]  # 36 Grace CPUs
    text = ("Die Chips sind in Trn2 UltraServern mit je 64 Trainium2 organisiert. "
            "Ein UltraServer verbindet {n} Instanzen per NeuronLink.")
    assert find(review(reviewer, text.format(n="acht"), "de"), "acht").verdict == "contradicted"
    assert find(review(reviewer, text.format(n="vier"), "de"), "vier").verdict == "verified"


def test_a_memory_type_after_a_capacity_is_the_type_of_that_capacity(reviewer):
    text = "- **Inferentia (1. Generation):** 128 TOPS INT8 und 8 GiB HBM pro Chip, gedacht für Inf1-Instanzen.\n"
    r = review(reviewer, text, "de")
    f = find(r, "HBM")  # Inferentia: 8 GiB of DRAM
    assert (f.entity, f.verdict) == ("inferentia", "contradicted")
    assert text[f.column - 1:f.end_column - 1] == "HBM"  # the span is the type as written


def test_a_memory_type_inside_a_quoted_mistake_is_no_claim(reviewer):
    text = 'Some blogs claim "Trainium2 has 32 GB of HBM2e", which is wrong.'
    assert not review(reviewer, text, "en").findings


def test_a_figure_no_fact_of_the_chip_has_may_be_the_system_s(reviewer):
    # under "## The rack", after a sentence about its Blackwell Ultra GPUs, the chip is the subject in
    # context: its sparse FP8 figure is no fact of the B300, but exactly the rack's
    text = (Path(__file__).parent.parent / "corpus" / "en-gb300-nvl72-explainer.md").read_text(encoding="utf-8")
    r = review(reviewer, text, "en")
    assert find(r, "720 PFLOPS").verdict == "verified" and find(r, "720 PFLOPS").entity == "gb300-nvl72"


def test_a_foundry_in_a_table_is_the_row_s_chip_s(reviewer):
    text = ("# Overview\n\n| Chip | Foundry | Memory |\n|---|---|---|\n| MI355X | TSMC | 288 GB |\n"
            "| Gaudi 3 | Samsung | 128 GB |\n| H100 | TSMC | 80 GB |\n")
    r = review(reviewer, text, "en")
    assert [(f.text, f.entity, f.verdict) for f in r.findings if f.attribute == "foundry"] == [
        ("TSMC", "mi355x", "verified"), ("Samsung", "gaudi3", "contradicted"), ("TSMC", "h100", "verified")]
    # under a heading naming one chip, each row is still its own chip
    text = "# MI355X\n\n| Chip | Process |\n|---|---|\n| MI355X | TSMC N3P |\n| Gaudi 3 | TSMC N5 |\n"
    r = review(reviewer, text, "en")
    assert [(f.text, f.entity) for f in r.findings if f.text == "TSMC"] == [("TSMC", "mi355x"), ("TSMC", "gaudi3")]


def test_ratios_in_a_list_share_the_first_one_s_comparison(reviewer):
    text = ("Trainium4 is where the détente shows up. AWS is targeting at least 6x the FP4 performance of "
            "Trainium3, 3x the FP8 throughput and {} the memory bandwidth.\n")
    r = review(reviewer, text.format("double"), "en")
    assert [(f.text, f.entity) for f in r.findings if f.attribute == "ratio"] == [
        ("6x", "trainium4"), ("3x", "trainium4"), ("double", "trainium4")]
    assert find(r, "3x").verdict == "verified" and find(r, "double").verdict == "contradicted"
    assert find(review(reviewer, text.format("4x"), "en"), "4x").verdict == "verified"


def test_a_pair_between_any_two_chips_is_no_count(reviewer):
    text = "The Trn3 UltraServer's switch cuts the hops between any two accelerators.\n"
    assert not review(reviewer, text, "en").findings
    text = "Der Trn3 UltraServer verkürzt die Wege zwischen zwei Chips.\n"
    assert not review(reviewer, text, "de").findings


def test_a_sentences_own_claims_are_found_by_article_offsets():
    """memory_type reads the claims so far that lie in its sentence, in article offsets (a paragraph far into an
    article gives only its sentence's claims, not every earlier one), though a later sentence's figure comes before
    an earlier sentence's rule claims in the list."""
    from reviewer.extract.rules.memory_type import _in_sentence
    from reviewer.models import Claim

    def claim(at: int) -> Claim:
        return Claim(entity="h100", attribute="memory_capacity", start=at, end=at + 5, text="80 GB")

    earlier, own, later = [claim(1000), claim(1040)], [claim(1100), claim(1130)], [claim(1200)]
    assert _in_sentence(earlier + own + later, 1100, 1150) == own
    assert _in_sentence(own + later + earlier, 1100, 1150) == own  # (figures first, then the rules' claims)
    assert _in_sentence(earlier + own, 1101, 1150) == own[1:]
    assert _in_sentence(earlier + later, 1100, 1150) == []


def test_a_timeline_rows_date_claim_carries_the_sentence_it_was_read_from(reviewer):
    """Each finding's claim (Reviewer.review_source_with_claims, which the batch and the golden files read) names the
    sentence it was read from; for a date in a timeline table's first column, that is the event cell's sentence."""
    import datetime as dt

    from reviewer.source import source_from_text

    text = ("| Date | Event |\n|---|---|\n| June 2025 | Computex: NVLink Fusion unveiled |\n"
            "| March 2025 | B300 unveiled at GTC |\n")
    report, claims = reviewer.review_source_with_claims(source_from_text(text), lang="en", as_of=dt.date(2025, 12, 10))
    assert [(f.text, c.entity, c.subject_how, c.sentence) for f, c in zip(report.findings, claims, strict=True)] == [
        ("June 2025", "nvlink-fusion", "table", "Computex: NVLink Fusion unveiled"),
        ("March 2025", "b300", "table", "B300 unveiled at GTC")]


def test_a_maker_s_german_genitive_is_the_maker(reviewer):
    """"Nvidias", "Samsungs", "AMDs": an organisation's name with the German genitive -s is that organisation (not
    for a name that ends in s, x or z: "AWS")."""
    from reviewer.names import EntityNames

    names = EntityNames.from_factbase(reviewer.factbase)
    for written, org in (("Nvidias", "nvidia"), ("AMDs", "amd")):
        assert names.surfaces.get(written) == org, written
    assert "AWSs" not in names.surfaces

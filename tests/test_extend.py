"""A worked example of adding a claim kind, on a copy of the package: the files it takes, and that the
reviewer then reads and checks the new kind without any list being edited.

The new kind, die_count ("the B200 joins two dies"), takes:
    reviewer/extract/rules/die_count.py   the rule (found, not registered)
    reviewer/checks/die_count.py          the check (found, not registered)
    tests/rules/die_count.yaml            its cases
    reviewer/lang/en/*.yaml, de/*.yaml    its words: a window each, the attribute's name in the log
    reviewer/vocabulary.py                one line: the attribute (facts of it must validate)
The fact it is checked against comes from a publication's own fact directory (--facts), not the package.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import ROOT

PKG = ROOT / "reviewer"

RULE = '''
"""Die counts: "the B200 joins two dies", "die B200 besteht aus zwei Dies"."""

from __future__ import annotations

from collections.abc import Iterable

from ...models import Claim, Quantity, Segment
from ..rule import SENTENCE, Rule
from ..sentence import Sentence
from ..subjects import Subjects


def die_count_claims(ctx: Subjects, seg: Segment, s: Sentence) -> Iterable[Claim]:
    """A number of dies said of the chip named before it.

    Bad (en): "The MI355X has eight compute dies and a cache die" -- no number right before "dies".
    Bad (de): "Die Dies sind verbunden" -- no number.
    Good (en): "The B200 joins two dies" -> die_count 2 of b200.
    Good (de): "Die B200 besteht aus zwei Dies" -> die_count 2 of b200.
    """
    for m in s.w.die_count.finditer(s.text):
        chips = [x for x in s.mentions if x.end <= s.start + m.start() and ctx.kind(x.entity) == "chip"]
        if not chips:
            continue
        n = float(m.group(1)) if m.group(1).isdigit() else float(WORDS[m.group(1).lower()])
        a, b = s.start + m.start(1), s.start + m.end(1)
        q = Quantity(a, b, m.group(1), n, 0.5, "", "count")
        yield Claim(entity=chips[-1].entity, attribute="die_count", start=seg.start + a, end=seg.start + b,
                    text=m.group(1), quantity=q, sentence=s.text.strip(), subject_text=chips[-1].text)


WORDS = {"one": 1, "two": 2, "four": 4, "ein": 1, "zwei": 2, "vier": 4}
RULE = Rule("die_count", (SENTENCE,), die_count_claims, order=110)
'''

CHECK = '''
"""HW110 die-count: a chip's number of dies against the vendor's."""

from __future__ import annotations

from ..models import Claim, Verdict
from .base import Check, CheckContext, figure, sources_of


class DieCount(Check):
    """The number of dies a chip is built from.

    Bad:  "The B200 joins four dies."   (two)
    Good: "The B200 joins two dies."
    """

    code = "HW110"
    name = "die-count"
    attributes = frozenset({"die_count"})

    def applies(self, claim: Claim) -> bool:
        return claim.quantity is not None

    def check(self, claim: Claim, ctx: CheckContext) -> Verdict:
        facts = [f for f in ctx.factbase.about(claim.entity, "die_count") if f.valid_at(ctx.as_of)]
        if not facts:
            return Verdict(claim, "unverifiable")
        if any(f.number == figure(claim).value for f in facts):
            return Verdict(claim, "verified", expected=str(facts[0].number), sources=sources_of(facts))
        return Verdict(claim, "contradicted", expected=str(facts[0].number), sources=sources_of(facts))
'''

CASES = '''
rule: die_count
cases:
  - {name: two_dies, lang: en, text: "The B200 joins two dies.", findings: [{text: two, verdict: verified}]}
  - {name: four_dies, lang: en, text: "The B200 joins four dies.", findings: [{text: four, verdict: contradicted}]}
  - {name: zwei_dies, lang: de, text: "Die B200 besteht aus zwei Dies.", findings: [{text: zwei, verdict: verified}]}
  - {name: vier_dies, lang: de, text: "Die B200 besteht aus vier Dies.", findings: [{text: vier, verdict: contradicted}]}
'''

# A fact of a publication's own directory: NVIDIA's Blackwell page ("two reticle-limited dies").
FACTS = '''
facts:
  - entity: b200
    attribute: die_count
    value: 2
    sources:
      - {title: "NVIDIA Blackwell Architecture", date: 2024-03-18,
         url: "https://www.nvidia.com/en-us/data-center/technologies/blackwell-architecture/"}
'''

WORDS = {
    "en": (r"die_count: '\b(\d+|one|two|four)\s+(?:compute\s+)?dies\b'", "die_count: die count\n"),
    "de": (r"die_count: '\b(\d+|ein|zwei|vier)\s+(?:Rechen-)?Dies\b'", "die_count: Anzahl der Dies\n"),
}


def _tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def _copy(tmp: Path) -> Path:
    project = tmp / "project"
    shutil.copytree(PKG, project / "reviewer", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests" / "rules", project / "tests" / "rules")
    return project


def _add_die_count(project: Path) -> None:
    (project / "reviewer/extract/rules/die_count.py").write_text(textwrap.dedent(RULE), encoding="utf-8")
    (project / "reviewer/checks/die_count.py").write_text(textwrap.dedent(CHECK), encoding="utf-8")
    (project / "tests/rules/die_count.yaml").write_text(textwrap.dedent(CASES), encoding="utf-8")
    for code, (window, name) in WORDS.items():
        extract = project / f"reviewer/lang/{code}/extract.yaml"
        text = extract.read_text(encoding="utf-8")
        extract.write_text(text.replace("\nkind_words:", "\n  " + window.rstrip("\n") + "\nkind_words:", 1),
                           encoding="utf-8")
        messages = project / f"reviewer/lang/{code}/messages.yaml"
        text = messages.read_text(encoding="utf-8")
        messages.write_text(text.replace("attributes:\n", "attributes:\n  " + name, 1), encoding="utf-8")
    vocabulary = project / "reviewer/vocabulary.py"
    text = vocabulary.read_text(encoding="utf-8")
    text = text.replace('    "memory_type",', '    "die_count",  # dies a chip is built from\n    "memory_type",', 1)
    vocabulary.write_text(text.replace('UNITLESS_ATTRIBUTES = frozenset({', 'UNITLESS_ATTRIBUTES = frozenset({"die_count", ', 1),
                          encoding="utf-8")


REVIEW = '''
import datetime as dt, json, sys
from pathlib import Path
from reviewer.api import Reviewer
from reviewer.factbase.base import load_factbase
rv = Reviewer(load_factbase([Path(sys.argv[1])]))
out = []
for text, lang in json.loads(sys.argv[2]):
    r = rv.review_text(text, lang=lang, as_of=dt.date(2025, 12, 10))
    out.append([(f.text, f.entity, f.attribute, f.verdict, f.check, f.message) for f in r.findings])
print(json.dumps(out))
'''


@pytest.mark.slow
def test_extend_a_claim_kind_takes_a_rule_a_check_a_case_file_and_the_words(tmp_path):
    project = _copy(tmp_path)
    before = _tree(project)
    _add_die_count(project)
    changed = {path for path, digest in _tree(project).items() if before.get(path) != digest}
    assert changed == {
        "reviewer/extract/rules/die_count.py", "reviewer/checks/die_count.py", "tests/rules/die_count.yaml",
        "reviewer/lang/en/extract.yaml", "reviewer/lang/de/extract.yaml",
        "reviewer/lang/en/messages.yaml", "reviewer/lang/de/messages.yaml", "reviewer/vocabulary.py",
    }
    facts = tmp_path / "publication-facts"
    facts.mkdir()
    (facts / "dies.yaml").write_text(textwrap.dedent(FACTS), encoding="utf-8")
    texts = [["The B200 joins two dies.", "en"], ["Die B200 besteht aus vier Dies.", "de"]]
    p = subprocess.run([sys.executable, "-c", REVIEW, str(facts), json.dumps(texts)], cwd=project,
                       env={"PYTHONPATH": str(project), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    en, de = json.loads(p.stdout)
    assert ["two", "b200", "die_count", "verified", "HW110"] in [f[:5] for f in en]
    found = next(f for f in de if f[2] == "die_count")
    assert found[:5] == ["vier", "b200", "die_count", "contradicted", "HW110"]

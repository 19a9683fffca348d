"""Rule cases as data: tests/rules/<kind>.yaml, one file per claim kind (reviewer/extract/rules/<kind>.py).

Each case is one scenario: a text in one language, reviewed against the bundled fact base (or the small
fixture base), and what must hold of the findings:

    - name: of_its_predecessor_is_what_is_compared_against     # unique in the file
      lang: en                                                  # en | de
      as_of: 2025-12-10                                         # optional (default 2025-12-10)
      facts: bundled                                            # optional: bundled | fixture
      text: "Trainium3 has 144 GB ... 1.5 times the capacity of its predecessor ..."
      findings:                 # the first finding with each text: every field given must match
        - {text: "1.5 times", verdict: verified, entity: trainium3}
      absent: [{text: "1.7x"}]  # no finding matches all of a matcher's fields
      aside: [{text: "256 GB", stance: refuted}]   # claims set aside as not asserted (report.set_aside)
      no_alarms: true           # no contradicted or outdated finding at all
      alarms: [["8.5", contradicted]]   # exactly these alarms (text, verdict), in order
      alarm_texts: ["393 TFLOPS"]       # exactly these alarm texts, in order
      alarm_count: 1

A field of a finding matcher is a finding attribute (verdict, entity, attribute, line, column, severity,
suggestion, expected, ...), or that name with `_in` (one of a list), `_not` (anything but),
`_contains` / `_contains_ci` (substrings of the message, note, suggestion), or `text_startswith`.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from conftest import HERE

from reviewer.yamlload import load_yaml

RULES_DIR = HERE / "rules"
_FIELD = re.compile(r"_(?:in|not|contains|contains_ci|startswith)$")
CASE_KEYS = {"name", "lang", "as_of", "facts", "text", "findings", "absent", "no_alarms", "alarms", "alarm_texts",
             "alarm_count", "note", "aside", "not_read"}
FIELDS = {"text", "verdict", "entity", "attribute", "line", "column", "end_line", "end_column", "severity",
          "expected", "suggestion", "claimed", "check", "message", "note", "stance", "confidence"}


def _load(path: Path) -> list[dict]:
    data = load_yaml(path.read_text(encoding="utf-8"))  # (yaml.safe_load's values, with libyaml's parser)
    if not isinstance(data, dict) or data.get("rule") != path.stem or not isinstance(data.get("cases"), list):
        raise ValueError(f"{path}: needs 'rule: {path.stem}' and a list 'cases'")
    names = set()
    for case in data["cases"]:
        unknown = set(case) - CASE_KEYS
        if unknown or not {"name", "lang", "text"} <= set(case):
            raise ValueError(f"{path}: case {case.get('name')!r}: unknown keys {sorted(unknown)} or name/lang/text missing")
        for key in ("findings", "absent", "aside", "not_read"):
            # (a comma in an unquoted flow value splits it: "{text: 42,5 EFLOPS}" is {"text": "42", "5 EFLOPS": None})
            odd = [f for matcher in case.get(key) or () for f in matcher if _FIELD.sub("", f) not in FIELDS]
            if odd:
                raise ValueError(f"{path}: case {case['name']!r}: {key} has unknown fields {odd} (quote values with commas)")
        if case["name"] in names:
            raise ValueError(f"{path}: case name {case['name']!r} twice")
        names.add(case["name"])
    return data["cases"]


CASES = [(path.stem, case) for path in sorted(RULES_DIR.glob("*.yaml")) for case in _load(path)]


def _matches(finding, matcher: dict) -> bool:
    for key, want in matcher.items():
        if key.endswith("_contains") or key.endswith("_contains_ci"):
            want = [want] if isinstance(want, str) else want  # one substring, not its characters
        if key == "text_startswith":
            ok = finding.text.startswith(want)
        elif key.endswith("_contains_ci"):
            ok = all(w.lower() in (getattr(finding, key[:-12]) or "").lower() for w in want)
        elif key.endswith("_contains"):
            ok = all(w in (getattr(finding, key[:-9]) or "") for w in want)
        elif key.endswith("_in"):
            ok = getattr(finding, key[:-3]) in want
        elif key.endswith("_not"):
            ok = getattr(finding, key[:-4]) != want
        else:
            ok = getattr(finding, key) == want
        if not ok:
            return False
    return True


def _check(case: dict, report) -> list[str]:
    problems = []
    alarms = [(f.text, f.verdict) for f in report.findings if f.verdict in ("contradicted", "outdated")]
    seen = [(f.text, f.entity, f.attribute, f.verdict) for f in report.findings]
    for matcher in case.get("findings") or ():
        hits = [f for f in report.findings if f.text == matcher["text"]]
        if not hits:
            problems.append(f"no finding {matcher['text']!r}")
        elif not _matches(hits[0], matcher):
            f = hits[0]
            problems.append(f"{matcher} got {({k: getattr(f, k) for k in FIELDS})}")
    for matcher in case.get("aside") or ():
        hits = [f for f in report.set_aside if f.text == matcher["text"]]
        if not hits:
            problems.append(f"nothing set aside as {matcher['text']!r}: {[(f.text, f.stance) for f in report.set_aside]}")
        elif not any(_matches(h, matcher) for h in hits):  # (a "line" tells two set aside with one text apart)
            problems.append(f"set aside {matcher} got {({k: getattr(hits[0], k) for k in FIELDS})}")
    for matcher in case.get("absent") or ():
        hits = [f for f in report.findings if _matches(f, matcher)]
        if hits:
            problems.append(f"unexpected finding matching {matcher}: {[(f.text, f.verdict) for f in hits]}")
    for matcher in case.get("not_read") or ():  # (neither a finding nor a claim set aside: the rule read nothing)
        hits = [f for f in [*report.findings, *report.set_aside] if _matches(f, matcher)]
        if hits:
            problems.append(f"read {matcher}: {[(f.text, f.stance, f.verdict) for f in hits]}")
    if case.get("no_alarms") and alarms:
        problems.append(f"alarms {alarms}")
    if "alarms" in case and [list(a) for a in alarms] != case["alarms"]:
        problems.append(f"alarms {alarms}, want {case['alarms']}")
    if "alarm_texts" in case and [t for t, _ in alarms] != case["alarm_texts"]:
        problems.append(f"alarm texts {[t for t, _ in alarms]}, want {case['alarm_texts']}")
    if "alarm_count" in case and len(alarms) != case["alarm_count"]:
        problems.append(f"{len(alarms)} alarms {alarms}, want {case['alarm_count']}")
    return problems + ([f"findings: {seen}"] if problems else [])


@pytest.mark.parametrize(("kind", "case"), CASES, ids=[f"{k}:{c['name']}:{c['lang']}" for k, c in CASES])
def test_rules_case(kind, case, reviewer, fixture_reviewer):
    rv = fixture_reviewer if case.get("facts") == "fixture" else reviewer
    as_of = case.get("as_of") or "2025-12-10"
    as_of = as_of if isinstance(as_of, dt.date) else dt.date.fromisoformat(str(as_of))
    report = rv.review_text(case["text"], lang=case["lang"], as_of=as_of)
    problems = _check(case, report)
    assert not problems, "\n".join(problems)


def test_rules_every_case_reads_a_figure_or_a_name():
    """A case that only says "no alarm" passes when nothing is extracted at all: each must also name a
    finding it expects (the figure was read and got its entity), or what must be absent."""
    empty = [f"{k}:{c['name']}" for k, c in CASES
             if not c.get("findings") and not c.get("absent") and not c.get("aside") and not c.get("not_read")]
    assert not empty, empty


def test_rules_every_file_has_verified_and_contradicted_cases_in_both_languages():
    from reviewer.lang import LANGUAGES

    for path in sorted(RULES_DIR.glob("*.yaml")):
        cases = _load(path)
        for lang in LANGUAGES:
            verdicts = {f.get("verdict") for c in cases if c["lang"] == lang for f in c.get("findings") or ()}
            verdicts |= {v for c in cases if c["lang"] == lang for _, v in c.get("alarms") or ()}
            assert "verified" in verdicts, f"{path.name}: no verified case in {lang}"
            assert verdicts & {"contradicted", "outdated"}, f"{path.name}: no contradicted case in {lang}"


def test_rules_a_malformed_case_file_is_rejected_with_its_path(tmp_path):
    bad = tmp_path / "ratio.yaml"
    bad.write_text("rule: ratio\ncases:\n  - {name: x, lang: en, text: t, finding: []}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"ratio\.yaml.*unknown keys \['finding'\]"):
        _load(bad)

"""Layering and registration rules from ARCHITECTURE.md, enforced."""

import ast
from pathlib import Path

import reviewer
from reviewer.checks import CHECKS

PKG = Path(reviewer.__file__).parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out.add(("." * node.level) + (node.module or ""))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_architecture_models_import_nothing_of_the_project_but_its_vocabulary():
    assert not [i for i in _imports(PKG / "vocabulary.py") if i.startswith(".") or i.startswith("reviewer")]
    for module in ("models.py", "factbase/schema.py"):
        project = [i for i in _imports(PKG / module) if i.startswith(".") or i.startswith("reviewer")]
        assert not [i for i in project if not i.endswith("vocabulary")], module


def test_architecture_nothing_imports_the_cli():
    for path in PKG.rglob("*.py"):
        if path.name != "cli.py":
            assert not [i for i in _imports(path) if i.endswith("cli")], path


def test_architecture_every_check_is_registered_and_documented():
    import importlib

    from reviewer.checks.base import Check

    modules = [importlib.import_module(f"reviewer.checks.{p.stem}") for p in (PKG / "checks").glob("*.py")
               if p.stem not in ("__init__", "base")]
    defined = {c for m in modules
               for c in vars(m).values() if isinstance(c, type) and issubclass(c, Check) and c is not Check}
    assert defined == {type(c) for c in CHECKS}
    codes = [c.code for c in CHECKS]
    assert len(set(codes)) == len(codes)
    for c in CHECKS:
        doc = type(c).__doc__ or ""
        assert c.code and c.name and "Bad:" in doc and "Good:" in doc, type(c).__name__
        assert c.attributes, f"{type(c).__name__} judges no attribute"


# -- one vocabulary: the schema, the rules, the checks and the messages share it -------------------------

def test_architecture_every_claim_attribute_has_one_check_or_is_a_ratio_metric():
    from reviewer.checks import BY_ATTRIBUTE
    from reviewer.vocabulary import CLAIM_ATTRIBUTES, METRIC_ATTRIBUTES

    assert set(BY_ATTRIBUTE) | METRIC_ATTRIBUTES == CLAIM_ATTRIBUTES
    assert not set(BY_ATTRIBUTE) & METRIC_ATTRIBUTES


def test_architecture_two_checks_of_one_attribute_are_refused():
    import pytest

    from reviewer.checks import OverlappingChecks, by_attribute
    from reviewer.checks.numeric import NumericValue
    from reviewer.checks.ratio import RatioClaim

    assert by_attribute((NumericValue(), RatioClaim()))["ratio"].code == "HW102"
    with pytest.raises(OverlappingChecks, match="HW101 and HW101"):
        by_attribute((NumericValue(), NumericValue()))


def test_architecture_every_claim_attribute_has_a_name_in_every_language():
    from reviewer.i18n import ATTRIBUTE_NAMES
    from reviewer.lang import LANGUAGES
    from reviewer.vocabulary import CLAIM_ATTRIBUTES

    for lang in LANGUAGES:
        assert set(ATTRIBUTE_NAMES[lang]) >= CLAIM_ATTRIBUTES, (lang, sorted(CLAIM_ATTRIBUTES - set(ATTRIBUTE_NAMES[lang])))


def test_architecture_the_rules_make_claims_only_of_attributes_in_the_vocabulary():

    from reviewer.extract.patterns import ATTR_BY_FAMILY
    from reviewer.vocabulary import CLAIM_ATTRIBUTES

    written = {a for options in ATTR_BY_FAMILY.values() for a in options}
    for path in (PKG / "extract").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            pairs = []
            if isinstance(node, ast.Call):  # Claim(attribute="ratio", ...)
                pairs = [(k.arg, k.value) for k in node.keywords]
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple) \
                    and isinstance(node.value, ast.Tuple):  # scope, attribute = "port", "network_bandwidth"
                pairs = [(getattr(t, "id", None), v) for t, v in zip(node.targets[0].elts, node.value.elts)]
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                pairs = [(node.targets[0].id, node.value)]
            written |= {v.value for k, v in pairs if k == "attribute" and isinstance(v, ast.Constant)
                        and isinstance(v.value, str)}
    assert len(written) > 15, written
    assert written <= CLAIM_ATTRIBUTES, sorted(written - CLAIM_ATTRIBUTES)


# -- sizes: a module reads in one sitting, a function does one thing (ARCHITECTURE.md, "Size and naming") --

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80


def test_architecture_modules_and_functions_fit_a_sitting():
    too_long = []
    for path in sorted(PKG.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.count("\n")
        if lines > MAX_MODULE_LINES:
            too_long.append(f"{path.relative_to(PKG)}: {lines} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_long.append(f"{path.relative_to(PKG)}:{node.lineno} {node.name}(): {length} lines")
    assert not too_long, "\n".join(too_long)


# -- rules: one module per claim kind, declared, documented, with cases and words in every language --------

def _rules():
    from reviewer.extract.rules import RULES

    return RULES


def test_architecture_every_rule_module_declares_a_rule_of_its_own_kind():
    from reviewer.extract.rule import Rule

    modules = [p.stem for p in (PKG / "extract" / "rules").glob("*.py") if p.stem != "__init__"]
    for stem in modules:
        import importlib

        module = importlib.import_module(f"reviewer.extract.rules.{stem}")
        declared = [v for v in vars(module).values() if isinstance(v, Rule)]
        assert declared, f"reviewer/extract/rules/{stem}.py declares no Rule"
        assert {r.kind for r in declared} == {stem}, stem
    assert {r.kind for r in _rules()} == set(modules)


def test_architecture_every_rule_has_bad_and_good_examples_in_both_languages():
    from reviewer.lang import LANGUAGES

    for rule in _rules():
        for tag in ("Bad", "Good"):
            for lang in LANGUAGES:
                assert f"{tag} ({lang}):" in rule.doc, f"{rule.kind} ({rule.claims.__name__}): no '{tag} ({lang}):'"


def test_architecture_every_rule_has_a_case_file_with_cases_in_both_languages():
    from reviewer.lang import LANGUAGES
    from reviewer.yamlload import load_yaml

    for kind in {r.kind for r in _rules()}:
        path = PKG.parent / "tests" / "rules" / f"{kind}.yaml"
        assert path.is_file(), f"no case file {path.relative_to(PKG.parent)}"
        cases = (load_yaml(path.read_text(encoding="utf-8")) or {}).get("cases") or []
        assert {c.get("lang") for c in cases} >= set(LANGUAGES), f"{path.name}: cases in {LANGUAGES} needed"


def test_architecture_every_window_the_code_reads_is_in_every_language_folder():
    """`s.w.took_office` in code is `took_office` in reviewer/lang/<code>/extract.yaml, for every language."""
    import re

    import yaml

    from reviewer.lang import HERE, LANGUAGES
    from reviewer.lang.windows import window_names

    used = set()
    for path in (PKG / "extract").rglob("*.py"):
        used |= set(re.findall(r"\bw\.([a-z_]+)\b", path.read_text(encoding="utf-8")))
    used -= {"kind_words", "indefinite", "windows", "code"}
    assert used, "the extraction reads no window: the check below would pass on nothing"
    assert used <= window_names(HERE), sorted(used - window_names(HERE))
    for lang in LANGUAGES:
        data = yaml.safe_load((PKG / "lang" / lang / "extract.yaml").read_text(encoding="utf-8"))
        assert used <= set(data["windows"]), (lang, sorted(used - set(data["windows"])))


def _mixed_patterns(path: Path) -> list[str]:
    """Regular expressions written in code (re.compile/search/match/... with a literal) whose words are of
    both languages: English-only and German-only stop words (spaCy's lists) and cue words both appear."""
    import re

    from spacy.lang.de.stop_words import STOP_WORDS as DE
    from spacy.lang.en.stop_words import STOP_WORDS as EN

    en = (EN - DE) | {"per", "each", "since", "instead", "than", "while", "whereas", "more", "about", "nearly"}
    de = (DE - EN) | {"pro", "je", "jeweils", "seit", "statt", "als", "während", "insgesamt", "mehr", "etwa", "rund"}
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re":
            text = " ".join(c.value for c in ast.walk(node.args[0])
                            if isinstance(c, ast.Constant) and isinstance(c.value, str))
            text = re.sub(r"\\[A-Za-z]", " ", text)  # escapes are no words: \bis is "is"
            text = re.sub(r"\(\?P<\w+>", " ", text)  # nor are group names: (?P<per_hour>
            words = {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{2,}", text)}
            if words & en and words & de:
                out.append(f"{path.relative_to(PKG)}:{node.lineno}: {sorted(words & en)[:3]} + {sorted(words & de)[:3]}")
    return out


def test_architecture_mixed_pattern_detector_finds_a_mixed_pattern(tmp_path):
    bad = PKG / "_probe_mixed.py"
    try:
        bad.write_text('import re\nX = re.compile(r"\\b(?:since|seit)\\s+$")\nY = re.compile(r"\\d+\\s?nm")\n')
        found = _mixed_patterns(bad)
    finally:
        bad.unlink()
    assert len(found) == 1 and ":2:" in found[0]


def test_architecture_no_regex_in_the_code_mixes_two_languages():
    found = [m for path in sorted(PKG.rglob("*.py")) for m in _mixed_patterns(path)]
    assert not found, "\n".join(found)


def test_architecture_no_word_file_names_a_key_twice():
    """A YAML mapping keeps the last of two equal keys without a word: a second "speaker_label:" in extract.yaml
    once replaced the first, and the rule written for it never ran. Every key of the language files and the fact
    base is named once in its mapping."""
    import yaml

    def twice(node) -> list[str]:
        found = []
        if isinstance(node, yaml.MappingNode):
            keys = [k.value for k, _ in node.value if isinstance(k, yaml.ScalarNode) and k.value != "<<"]
            found += [f"{node.start_mark.line + 1}: {k!r}" for k in sorted({k for k in keys if keys.count(k) > 1})]
        for child in (node.value if isinstance(node.value, list) else []):
            for part in (child if isinstance(child, tuple) else (child,)):
                found += twice(part)
        return found

    root = Path(__file__).resolve().parent.parent
    files = sorted((root / "reviewer" / "lang").glob("*/*.yaml")) + sorted((root / "facts").glob("*.yaml"))
    assert len(files) > 20
    for path in files:
        assert not twice(yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)), path

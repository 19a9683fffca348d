"""The speed-ups (issue 5) give exactly what the plain implementations they replace give."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest
import spacy

from reviewer import quantities, units
from reviewer.factbase import load as fact_load
from reviewer.lang import detect_language, numbers
from reviewer.markdown import segments
from reviewer.names import EntityNames
from reviewer.nlp import CUE_KEY, ENTITY_KEY, _blank, _tokenizer_tweaks, cue_lexicon
from reviewer.source import source_from_text

ROOT = Path(__file__).parent.parent


def _segment_texts() -> list[tuple[str, str]]:
    out = []
    for p in sorted((ROOT / "corpus").glob("*.md")):
        src = source_from_text(p.read_text(encoding="utf-8"), str(p))
        lang = src.lang or detect_language(src.markdown)
        out += [(s.text, lang) for s in segments(src)]
    return out


TRICKY = ["rund  US$ 5 Mrd.", "about\n\n$5", "über 5-fache", "awesome 5 GB", "mehr als eine Milliarde", "≈ 4,9 TB/s",
          "up to USD  80 per hour", "some 2–3x", "knapp 1.600 W", "twice the H100", "fast 20,7 TB", "v5 5nm 5-nm"]


def test_quantities_search_matches_finditer():
    texts = _segment_texts() + [(t, lang) for t in TRICKY for lang in ("en", "de")]
    rng = random.Random(5)
    parts = [*quantities._qualifier_words("de")[0], *quantities._CUR_PREFIXES, " ", "  ", "\n", "5", "4,9", "1.600", "x",
             "-fach", "%", "TB/s", "GB", "eine", "one", "twice", "Vierfache", "Mrd.", "/h", "Euro", "H100", "a"]
    texts += [("".join(rng.choice(parts) + rng.choice(["", " "]) for _ in range(8)), lang)
              for _ in range(3000) for lang in ("en", "de")]
    assert quantities._anchors("en") is not None and quantities._anchors("de") is not None
    for text, lang in texts:
        fast = [(m.span(), m.groupdict()) for m in quantities._matches(text, lang)]
        plain = [(m.span(), m.groupdict()) for m in quantities._pattern(lang).finditer(text)]
        assert fast == plain, text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_phrase_rulers_give_what_span_ruler_gives(reviewer, lang):
    ours = reviewer.nlp(lang)
    ref = spacy.blank(lang)
    _tokenizer_tweaks(ref)
    ref.add_pipe("sentencizer")
    names = EntityNames.from_factbase(reviewer.factbase)
    ruler = ref.add_pipe("span_ruler", name=ENTITY_KEY, config={
        "spans_key": ENTITY_KEY, "phrase_matcher_attr": "LOWER", "validate": False,
        "spans_filter": {"@misc": "spacy.first_longest_spans_filter.v1"}})
    ruler.add_patterns([{"label": eid, "pattern": alias} for alias, eid in names.phrase_patterns()])
    cues = ref.add_pipe("span_ruler", name=CUE_KEY, config={
        "spans_key": CUE_KEY, "phrase_matcher_attr": "LOWER", "validate": False})
    cues.add_patterns([{"label": label, "pattern": word}
                       for label, words in cue_lexicon()[lang].items() for word in words])
    texts = [t for t, lg in _segment_texts() if lg == lang]
    with ours.select_pipes(enable=["sentencizer", ENTITY_KEY, CUE_KEY]):
        for text, a, b in zip(texts, ours.pipe(texts), ref.pipe(texts), strict=True):
            for key in (ENTITY_KEY, CUE_KEY):
                assert [(s.start, s.end, s.label_) for s in a.spans[key]] == \
                    [(s.start, s.end, s.label_) for s in b.spans[key]], text
            assert a.text == text and a.user_data["hw_text"] == text


def test_german_blank_tokenizes_as_the_tweaked_one():
    plain = spacy.blank("de")
    _tokenizer_tweaks(plain)
    ours = _blank("de")
    texts = [t for t, lang in _segment_texts() if lang == "de"] + ["Trainium3-Chips", "5-nm-Verfahren", "TPU-v5p-Pod"]
    for text in texts:
        assert [(t.text, t.idx) for t in ours(text)] == [(t.text, t.idx) for t in plain(text)]


@pytest.mark.slow
def test_cached_fact_files_load_as_parsed(tmp_path, monkeypatch):
    paths = fact_load.fact_files([fact_load.bundled_facts_dir()])
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", "off")
    parsed = [fact_load.load_file(p) for p in paths]
    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))
    first = [fact_load.load_file(p) for p in paths]  # parses and writes the cache
    assert len(list(tmp_path.glob("factfile-*.json"))) == len(paths)
    cached = [fact_load.load_file(p) for p in paths]
    assert cached == first == parsed


def test_libyaml_composes_fact_files_as_the_pure_python_parser():
    """Fact files are parsed with libyaml's loader (issue 25's suite time): the same values and the same line of
    every key and item (the errors' path:line) as PyYAML's pure-Python SafeLoader gives. On the tier table, the
    fixture bases and the largest bundled file (the pure-Python parse of all of them takes seconds)."""
    import yaml

    assert getattr(yaml, "CSafeLoader", None) is not None  # PyYAML's wheels carry libyaml
    bundled = fact_load.bundled_facts_dir()
    largest = max(fact_load.fact_files([bundled]), key=lambda p: p.stat().st_size)
    fixtures = fact_load.fact_files([ROOT / "tests" / "fixtures" / "facts", ROOT / "tests" / "fixtures" / "edge-facts"])
    for path in [bundled / "source-tiers.yaml", largest, *fixtures]:
        text = path.read_text(encoding="utf-8")
        c_node, c_data = fact_load._compose_and_construct(text)
        py_node, py_data = fact_load._compose_with(yaml.SafeLoader, text)
        assert c_data == py_data, path
        assert fact_load._line_map(c_node) == fact_load._line_map(py_node), path
        assert type(c_node.start_mark).__module__ == "yaml._yaml"  # libyaml's marks: its parser ran


def test_fact_cache_keeps_yaml_types():
    value = {"a": [1, 2.5, "x", None, True, float("inf")], "d": dt.date(2025, 1, 2), 3: {"t": dt.datetime(2025, 1, 2, 3)},
             "\0m": "tag-like key"}
    import json

    back = json.loads(json.dumps(fact_load._enc(value)), object_hook=fact_load._dec)
    assert back == value
    assert [type(x) for x in back["a"]] == [int, float, str, type(None), bool, float]
    assert type(back["d"]) is dt.date and type(back[3]["t"]) is dt.datetime


def test_unit_table_gives_pints_numbers():
    ureg = units.registry()
    for expr, family in sorted(set(units.LEXICON.values())):
        assert units.family_of(expr) == family or family == "count"
        base = units.FAMILY_BASE[units.family_of(expr)]
        for v in (1.0, 2.52, 144.0, 3958.0, 0.1):
            assert units.to_base(v, expr) == float(ureg.Quantity(v, expr).to(base).magnitude)
    assert units.convert(3.2, "terabit / second", "gigabyte / second") == \
        float(ureg.Quantity(3.2, "terabit / second").to("gigabyte / second").magnitude)
    assert units.pretty("terabyte / second") == "TB/s"


def test_phrase_tokens_from_the_cache_match_as_tokenized(reviewer, tmp_path, monkeypatch):
    from reviewer.nlp import PhraseRuler

    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))
    nlp = _blank("de")
    names = EntityNames.from_factbase(reviewer.factbase)
    patterns = [(eid, alias) for alias, eid in names.phrase_patterns()]
    fresh, cached = PhraseRuler(nlp, "x", True), PhraseRuler(nlp, "x", True)
    fresh.add_patterns(patterns, "test-de")  # tokenizes and writes the cache
    assert list(tmp_path.glob("phrases-*.json"))
    cached.add_patterns(patterns, "test-de")  # Docs from the cached tokens
    for text, _lang in _segment_texts():
        doc = nlp.make_doc(text)
        assert sorted(fresh.matcher(doc)) == sorted(cached.matcher(doc)), text


def test_phrases_tokenized_for_another_fact_base_are_not_tokenized_again(reviewer, tmp_path, monkeypatch):
    """A publication's facts on top of the bundled ones add a few names: only those are tokenized (the others as
    this process tokenized them for the bundled base), and the patterns are what tokenizing all of them gives."""
    from reviewer import nlp as nlp_module
    from reviewer.nlp import PhraseRuler

    monkeypatch.setenv("HW_FACT_REVIEWER_CACHE_DIR", str(tmp_path))  # (an empty disk cache: every key misses)
    monkeypatch.setattr("reviewer.nlp._PHRASE_TOKENS", {})
    nlp = _blank("en")
    patterns = [(eid, alias) for alias, eid in EntityNames.from_factbase(reviewer.factbase).phrase_patterns()]
    PhraseRuler(nlp, "x", True).add_patterns(patterns[:-40], "memo-test-en")
    tokenized: list[str] = []
    original = PhraseRuler._tokenize
    monkeypatch.setattr(PhraseRuler, "_tokenize", lambda self, phrase: tokenized.append(phrase) or original(self, phrase))
    more = [*patterns, ("acme-x1", "Acme X1 chip")]
    second = PhraseRuler(nlp, "x", True)
    second.add_patterns(more, "memo-test-en")
    assert tokenized == [phrase for _, phrase in more[-41:]]
    every = PhraseRuler(nlp, "x", True)
    every.add_patterns(more)  # (no tokenizer id: no memo, no cache, every phrase tokenized)
    assert second.pattern_tokens == every.pattern_tokens
    assert len(nlp_module._PHRASE_TOKENS["memo-test-en"]) == len({phrase for _, phrase in more})


@pytest.mark.slow
def test_phrase_patterns_are_the_same_in_every_process():
    """The phrase-token cache is keyed by the patterns: names in set order (string hashes differ
    from process to process) missed it on every start-up and tokenized all names again."""
    import os
    import subprocess
    import sys

    code = ("from reviewer.factbase.base import load_factbase; from reviewer.names import EntityNames; "
            "import hashlib; print(hashlib.sha1(repr(list(EntityNames.from_factbase(load_factbase())"
            ".phrase_patterns())).encode()).hexdigest())")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3")}
    assert len(seen) == 1


def test_json_writer_gives_what_json_dumps_gives(reviewer):
    import json

    from reviewer.emitters.json import dumps_indented, report_dict

    rng = random.Random(5)
    leaves = ["", "x", "ü „Zitat“ – 5 €", 'quote " backslash \\ tab \t nl \n', "\x00\u2028",
              0, -7, 10**20, 1.5, -0.0, float("inf"), float("nan"), True, False, None]

    def value(depth: int):
        pick = rng.random()
        if depth > 3 or pick < 0.5:
            return rng.choice(leaves)
        if pick < 0.75:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        keys = ["a", "b", "é", 'k"ey', str(depth)]
        return {rng.choice(keys) + str(i): value(depth + 1) for i in range(rng.randint(0, 4))}

    samples = [value(0) for _ in range(2000)] + [(1, [2, ()], {"t": (3,)})]
    for p in sorted((ROOT / "corpus").glob("*.md"))[::4]:  # real reports, German and English (all of them: 3 s more)
        samples.append({"articles": [report_dict(reviewer.review_path(p, as_of=dt.date(2026, 11, 22)))]})
    for obj in samples:
        assert dumps_indented(obj) == json.dumps(obj, ensure_ascii=False, indent=2)


def _doc_view(doc) -> tuple:
    """What the claim extractor reads of a Doc (or of the fast path's SegmentDoc)."""
    from reviewer.nlp import doc_text

    return (doc_text(doc),
            [(s.start_char, s.end_char, s.label_) for s in doc.spans.get(ENTITY_KEY, [])],
            [(s.start_char, s.end_char, s.label_) for s in doc.spans.get(CUE_KEY, [])],
            [(s.start_char, s.end_char) for s in doc.sents],
            doc._.hw_quantities)


def _odd_articles(lang: str, n: int = 300) -> list[list[str]]:
    """Segments with whitespace, punctuation, names, typos and numbers at their edges."""
    rng = random.Random(7 if lang == "en" else 8)
    parts = ["", " ", "  ", "\n", " \n", "\n ", "\t", "\u00a0", "\u2009", ".", "!", "?", "...", "?!", "\"", "“", "„",
             ")", "(", "-", "–", ":", ";", ",", "Trainium3", "Tranium3", "Trainium 3", "trn2", "H100", "H100.",
             "TPU v5e", "NVLink", "NeuronLink-v4", "Nvidia", "the chip", "der Chip", "144 GB", "2,52 PFLOPS", "5 nm",
             "4x", "twice", "18.", "512.", "Der", "März", "Pod", "Am", "3.", "HBM3e", "TSMC", "CEO", "Adam Selipsky",
             "memory bandwidth", "Speicherbandbreite", "e.g.", "z. B.", "U.S.", "s.", "TB/s.", "x"]
    out = []
    for _ in range(n):
        segs = []
        for _ in range(rng.randint(1, 6)):
            segs.append("".join(rng.choice(parts) + rng.choice(["", " ", " ", "  ", "\n"]) for _ in range(rng.randint(0, 12))))
        out.append(segs)
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_doc_per_article_gives_each_segments_own_doc(reviewer, lang):
    from reviewer.api import front_matter_segments
    from reviewer.fastpath import ArticleAnalyser

    nlp = reviewer.nlp(lang)
    assert ArticleAnalyser.supports(nlp)
    analyser = ArticleAnalyser(nlp)
    articles = []
    for p in sorted((ROOT / "corpus").glob("*.md")):
        src = source_from_text(p.read_text(encoding="utf-8"), str(p))
        if (src.lang or detect_language(src.markdown)) == lang:
            articles.append([s.text for s in front_matter_segments(src) + segments(src)])
    articles += _odd_articles(lang) + [[], [""], ["", ""], [" "], ["a"], ["\n\n"]]
    for texts in articles:
        fast = [_doc_view(d) for d in analyser.docs(texts)]
        plain = [_doc_view(d) for d in nlp.pipe(texts)]
        assert fast == plain, texts


ODD_MARKDOWN = [
    "A *b* _c_ **d** `e` ~~f~~ [g](http://x.y) ![h](i.png) <b>j</b> &amp; \\* k\nl  \nm",
    "[ref]\n\n[ref]: http://example.com\n",
    "- a\n- **b:** c\n\n> q *r*\n> s\n\n| x | y |\n|---|---|\n| 1 *2* | 3 |\n",
    "# H1 &copy;\n\nSetext\n===\n\n    code\n\n```\nfence\n```\n\n<div>\nhtml\n</div>\n",
    "a\\\nb &#35; c &#x41; &bogus; \\& d <http://a.b> <a@b.c> e_f_g a*b*c",
    "", "plain text only", "trailing  \nbreak", "tab\there", "x ~y~ z", "1. one\n2. two\n   more",
]


def test_inline_children_as_markdown_it_core_rules_give_them():
    from reviewer.markdown import _block_parser, _inline_children, _parser

    def view(children):
        return [(c.type, c.content, getattr(c, "markup", ""), str(getattr(c, "attrs", {}).get("href", "")))
                for c in children]

    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "corpus").glob("*.md"))] + ODD_MARKDOWN
    rng = random.Random(3)
    parts = ["a", " ", "\n", "*", "_", "`", "~", "[", "]", "(", ")", "!", "<", ">", "&", ";", "\\", "#", "|", "-",
             ":", "1.", "x@y.z", "http://a.b", "&amp;", "**", "~~", "<b>", "</b>", "\n\n", "  \n"]
    texts += ["".join(rng.choice(parts) for _ in range(rng.randint(1, 40))) for _ in range(1500)]
    for text in texts:
        full = [t for t in _parser().parse(text) if t.type == "inline"]
        env: dict = {}
        blocks = [t for t in _block_parser().parse(text, env) if t.type == "inline"]
        assert [t.content for t in full] == [t.content for t in blocks], text
        for a, b in zip(full, blocks):
            assert view(a.children or []) == view(_inline_children(b, env)), text


def test_quick_init_builds_what_the_dataclass_init_builds():
    import dataclasses
    import pickle

    from reviewer import models

    for name in ["Notice", "Segment", "Quantity", "Claim", "SourceRef", "Verdict", "Finding", "ArticleReport"]:
        cls = getattr(models, name)
        plain = dataclasses.dataclass(frozen=True)(type(name, (), {"__annotations__": dict(cls.__annotations__),
                                                                 **{f.name: f.default for f in dataclasses.fields(cls)
                                                                    if f.default is not dataclasses.MISSING}}))
        required = [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
        optional = [f.name for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING]
        for n_opt in range(len(optional) + 1):
            args = [f"v{i}" for i in range(len(required) + n_opt)]
            ours, ref = cls(*args), plain(*args)
            assert ours.__dict__ == ref.__dict__ and list(ours.__dict__) == list(ref.__dict__)
            kw = {n: i for i, n in enumerate(required + optional[:n_opt])}
            assert cls(**kw).__dict__ == plain(**kw).__dict__
        obj = cls(*[f"v{i}" for i in range(len(required))])
        assert obj == pickle.loads(pickle.dumps(obj)) and hash(obj) == hash(dataclasses.replace(obj))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, required[0], 1)
        with pytest.raises(TypeError):
            cls()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_quantities_in_joined_texts_as_in_each_text(lang):
    texts = [t for t, lg in _segment_texts() if lg == lang] + TRICKY
    rng = random.Random(9)
    parts = [*quantities._qualifier_words("de")[0], *quantities._CUR_PREFIXES, " ", "\n", "5", "4,9", "1.600", "x", "-fach",
             "%", "TB/s", "GB", "eine", "one", "twice", "Mrd.", "/h", "Euro", "\x00", "", "-", "/", ".", ","]
    groups = [texts[i:i + 30] for i in range(0, len(texts), 30)]
    groups += [["".join(rng.choice(parts) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 8))]
               for _ in range(3000)]
    for group in groups:
        assert quantities.find_quantities_in(group, lang) == [quantities.find_quantities(t, lang) for t in group], group


def test_name_candidates_found_from_digits_as_by_finditer():
    from reviewer.names import _CANDIDATE, candidates

    rng = random.Random(4)
    parts = ["a", "b", "v", "V", "Trainium", "Tranium", "abc", "abcd", " ", "-", "_", "3", "12", "1234", "e", "ü",
             ".", "\n", "TPU", "NVLink", "0", "٣", "²", "v5e", "-v4", " v3"]
    texts = [t for t, _ in _segment_texts()]
    texts += ["".join(rng.choice(parts) for _ in range(rng.randint(0, 25))) for _ in range(20000)]
    for text in texts:
        assert [(m.span(), m.groups()) for m in candidates(text)] == \
            [(m.span(), m.groups()) for m in _CANDIDATE.finditer(text)], text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_anchor_starts_as_the_anchor_pattern_finds_them(lang):
    words = sorted({*numbers(lang)["number_words"], *numbers(lang)["multipliers"]})
    rng = random.Random(6)
    parts = [*words, *(w.upper() for w in words[:5]), "x", "_", "-", ".", ",", "/", " ", "ü", "5", "٣", "²", "1.5",
             "a", "s", "n", "\n", "\x00"]
    texts = [t for t, lg in _segment_texts() if lg == lang] + TRICKY
    texts += ["".join(rng.choice(parts) for _ in range(rng.randint(0, 12))) for _ in range(10000)]
    for text in texts:
        assert quantities.anchor_starts(text, lang) == [m.start() for m in quantities._anchors(lang).finditer(text)], text

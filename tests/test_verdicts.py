"""Each verdict, on the fixture fact base (tests/fixtures/facts)."""

import pytest
from conftest import find, review


@pytest.mark.parametrize("text,lang,quote", [
    ("Each Trainium3 chip carries 144 GB of HBM3e.", "en", "144 GB"),
    ("Der Trainium3 bietet 4,9 TB/s Speicherbandbreite pro Chip.", "de", "4,9 TB/s"),
    ("Trainium3 delivers ~2,5 PFLOPS of FP8 compute.", "en", "2,5 PFLOPS"),
    ("Trainium3 has more than 96 GB of HBM.", "en", "96 GB"),
    ("Ein Trn3 UltraServer hat rund 21 TB HBM3e.", "de", "21 TB"),
    ("A Trn3 UltraServer delivers 362 PFLOPS of MXFP8 compute.", "en", "362 PFLOPS"),
    ("The Trn3 UltraServer holds up to 144 chips.", "en", "144"),
    ("Trainium3 is built on a 3nm process.", "en", "3nm"),
])
def test_verdict_verified(fixture_reviewer, text, lang, quote):
    assert find(review(fixture_reviewer, text, lang), quote).verdict == "verified"


@pytest.mark.parametrize("text,lang,quote,expected", [
    ("Trainium3 has 96 GB of HBM per chip.", "en", "96 GB", "144 GiB"),
    ("Der Trainium3 hat 128 GB HBM3e.", "de", "128 GB", "144 GiB"),
    ("The GB300 NVL72 offers 14 TB of HBM.", "en", "14 TB", "20.7 TB"),
    ("Trainium3 reaches 1.3 PFLOPS FP8.", "en", "1.3 PFLOPS", "2,517 TFLOPS"),
])
def test_verdict_contradicted_with_expected_and_source(fixture_reviewer, text, lang, quote, expected):
    f = find(review(fixture_reviewer, text, lang), quote)
    assert f.verdict == "contradicted" and f.severity == "error"
    assert f.expected == expected and f.sources and f.suggestion


def test_verdict_contradicted_says_whose_figure_it_is(fixture_reviewer):
    f = find(review(fixture_reviewer, "Trainium3 has 96 GB of HBM per chip.", "en"), "96 GB")
    assert "Trainium2" in f.message


def test_verdict_suggestion_keeps_the_writers_unit(fixture_reviewer):
    f = find(review(fixture_reviewer, "Trainium3 has 96 GB of HBM per chip.", "en"), "96 GB")
    assert f.suggestion == "144 GB"


def test_verdict_outdated_ceo(fixture_reviewer):
    r = review(fixture_reviewer, "AWS CEO Adam Selipsky presented the chip.", "en", as_of="2025-01-10")
    f = find(r, "Adam Selipsky")
    assert f.verdict == "outdated" and f.expected == "Matt Garman"


def test_verdict_ceo_before_the_change_is_verified(fixture_reviewer):
    r = review(fixture_reviewer, "AWS CEO Adam Selipsky presented the chip.", "en", as_of="2024-04-10")
    assert find(r, "Adam Selipsky").verdict == "verified"


def test_verdict_former_ceo_is_verified(fixture_reviewer):
    r = review(fixture_reviewer, "Der ehemalige AWS-CEO Adam Selipsky hatte den Chip angekündigt.", "de", as_of="2025-06-01")
    assert find(r, "Adam Selipsky").verdict == "verified"


def test_verdict_unverifiable(fixture_reviewer):
    f = find(review(fixture_reviewer, "Trainium3 draws 1,000 W.", "en"), "1,000 W")
    assert f.verdict == "unverifiable" and f.severity == "info"


def test_verdict_interconnect_and_negation(fixture_reviewer):
    r = review(fixture_reviewer, "Trainium3 chips talk to each other over NVLink.", "en")
    assert find(r, "NVLink").verdict == "contradicted"
    r = review(fixture_reviewer, "Trainium3 nutzt NeuronLink-v4, nicht NVLink.", "de")
    assert find(r, "NeuronLink-v4").verdict == "verified" and find(r, "NVLink").verdict == "verified"


def test_verdict_typo_resolves_but_versions_never_do(fixture_reviewer):
    r = review(fixture_reviewer, "Tranium3 has 144 GB of HBM.", "en")
    assert find(r, "144 GB").entity == "trainium3"
    r = review(fixture_reviewer, "Trainium 3 has 144 GB of HBM.", "en")
    assert find(r, "144 GB").entity == "trainium3"
    r = review(fixture_reviewer, "Trainium2 has 96 GB of HBM.", "en")
    f = find(r, "96 GB")
    assert f.entity == "trainium2" and f.verdict == "verified"


def test_verdict_ratio(fixture_reviewer):
    r = review(fixture_reviewer, "A Trn3 UltraServer has 4.4 times the compute of a Trn2 UltraServer.", "en")
    assert find(r, "4.4 times").verdict == "verified"
    r = review(fixture_reviewer, "Trainium3 offers 4x the FP8 compute of Trainium2.", "en")
    assert find(r, "4x").verdict == "contradicted"


def test_verdict_table_headers_give_subject_and_attribute(fixture_reviewer):
    text = "| Chip | Memory |\n|---|---|\n| Trainium3 | 96 GB |\n| Trainium2 | 96 GB |\n"
    r = review(fixture_reviewer, text, "en")
    by_line = {f.line: f for f in r.findings}
    assert by_line[3].verdict == "contradicted" and by_line[4].verdict == "verified"


def test_verdict_list_lead_and_coreference(fixture_reviewer):
    text = "Der Trainium3 im Detail:\n\n- **Speicher**: 144 GB HBM3e\n- **Bandbreite**: 4,9 TB/s\n\nTrainium2 ist älter. Der Chip hat 96 GB.\n"
    r = review(fixture_reviewer, text, "de")
    assert find(r, "144 GB").entity == "trainium3" and find(r, "4,9 TB/s").verdict == "verified"
    assert find(r, "96 GB").entity == "trainium2"


def test_verdict_quoted_error_is_not_a_claim(fixture_reviewer):
    r = review(fixture_reviewer, "Some outlets wrote that the GB300 NVL72 has 14 TB, which is wrong.", "en")
    assert not [f for f in r.findings if f.verdict == "contradicted"]


# -- the library's entry points (reviewer.api) give the review the CLI gives -------------------------------

def test_review_path_reads_the_file_and_passes_language_and_date(fixture_reviewer, tmp_path):
    import datetime as dt

    article = tmp_path / "a.md"
    article.write_text("# Trainium3\n\nDer Trainium3 hat 128 GB HBM3e.\n", encoding="utf-8")
    report = fixture_reviewer.review_path(article, lang="de", as_of=dt.date(2025, 12, 10))
    assert report.path == str(article) and report.language == "de" and report.as_of == dt.date(2025, 12, 10)
    assert [(f.text, f.verdict) for f in report.findings] == [("128 GB", "contradicted"), ("HBM3e", "verified")]
    assert "Im Artikel steht" in report.findings[0].message  # the German log: the language was passed on
    assert fixture_reviewer.review_path(article, lang="de", as_of=dt.date(2025, 12, 10)) == report


def test_module_review_path_uses_the_bundled_fact_base(tmp_path):
    import datetime as dt

    from reviewer.api import review_path

    article = tmp_path / "b.md"
    article.write_text("Trainium3 has 96 GB of memory per chip.\n", encoding="utf-8")
    report = review_path(article, lang="en", as_of=dt.date(2025, 12, 10))
    assert report.language == "en" and report.as_of == dt.date(2025, 12, 10)
    assert [(f.text, f.verdict) for f in report.findings] == [("96 GB", "contradicted")]
    assert report.findings[0].message.startswith("Trainium3")  # the English log


def test_reviewers_on_the_same_fact_files_share_their_pipelines(fixture_reviewer):
    from conftest import HERE

    from reviewer.api import Reviewer
    from reviewer.factbase.base import load_factbase

    # (two new reviewers: the fixture's own may hold a pipeline the bounded cache has since let go)
    one = Reviewer(load_factbase([HERE / "fixtures" / "facts"], include_bundled=False))
    again = Reviewer(load_factbase([HERE / "fixtures" / "facts"], include_bundled=False))
    assert again.factbase is not one.factbase and again.factbase.fingerprint == fixture_reviewer.factbase.fingerprint
    assert again.nlp("en") is one.nlp("en") and again.nlp("de") is one.nlp("de")


def test_a_fact_base_built_in_memory_gets_a_pipeline_of_its_own(fixture_reviewer):
    import dataclasses
    import datetime as dt

    from reviewer.api import Reviewer

    in_memory = dataclasses.replace(fixture_reviewer.factbase, fingerprint="")
    rv = Reviewer(in_memory)
    assert rv.nlp("en") is not fixture_reviewer.nlp("en")
    report = rv.review_text("Trainium3 has 96 GB of memory per chip.", lang="en", as_of=dt.date(2025, 12, 10))
    assert [(f.text, f.verdict) for f in report.findings] == [("96 GB", "contradicted")]


def test_the_process_keeps_the_newest_pipelines(fixture_reviewer, monkeypatch):
    from reviewer import api

    monkeypatch.setattr(api, "_PIPELINES", api.OrderedDict())
    monkeypatch.setattr(api, "_PIPELINES_KEPT", 1)
    en = api._pipeline("en", fixture_reviewer.factbase, None)
    assert list(api._PIPELINES) == [("en", fixture_reviewer.factbase.fingerprint, None)]
    assert api._pipeline("en", fixture_reviewer.factbase, None) is en  # kept
    api._pipeline("de", fixture_reviewer.factbase, None)
    assert list(api._PIPELINES) == [("de", fixture_reviewer.factbase.fingerprint, None)]  # the oldest went


def test_a_spacy_model_that_is_not_installed_is_a_clear_error(fixture_reviewer):
    from reviewer import errors
    from reviewer.api import Reviewer

    rv = Reviewer(fixture_reviewer.factbase, spacy_model="xx_hw_not_installed")
    assert rv.spacy_model == "xx_hw_not_installed"
    with pytest.raises(errors.ModelNotInstalled, match="xx_hw_not_installed"):
        rv.nlp("en")


def test_exit_code_fails_on_warnings_by_default(fixture_reviewer):
    import datetime as dt

    from reviewer.api import exit_code

    report = fixture_reviewer.review_text("Trainium3 has 96 GB of memory per chip.", lang="en",
                                          as_of=dt.date(2025, 12, 10))
    assert report.findings[0].severity == "error"
    assert exit_code([report]) == 1 and exit_code([report], "none") == 0

"""The review log people read (emitters/markdown.py): every word in the article's language, entities by the
names people write, the tool's corrections called suggestions."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from reviewer.emitters import json as json_out
from reviewer.emitters import markdown as md
from reviewer.i18n import notice_text
from reviewer.models import ArticleReport, Notice, evolve
from reviewer.source import source_from_text

TODAY = dt.date(2026, 1, 15)

# One article per language with a bit of everything: a contradicted system figure (GB300 NVL72), a contradicted
# chip figure, an outdated price, a guessed subject (the last line's "der Chip"), verified and unverifiable
# claims, a quoted claim (set aside), an unused suppression (notice N010) and mojibake (notice N001).
ARTICLES = {
    "de": """---
date: 2025-12-10
title: Testartikel
---
# Rechenzentren

Das GB300 NVL72 bietet 14 TB Grafikspeicher fÃ¼r große Modelle.

Der Trainium3 hat 96 GB HBM3e pro Chip und nutzt NeuronLink-v4.

<!-- review-disable-next-line HW106 -->
Die p5.48xlarge kostet 98,32 US-Dollar pro Stunde.

Ein Analyst schrieb: „Trainium2 hat 32 GB HBM.“

Inferentia2 ist 40 % effizienter als GPUs.

Der Chip wurde in 3nm gefertigt und liefert 2,52 PFLOPS.
""",
    "en": """---
date: 2025-12-10
title: Test article
---
# Data centres

The GB300 NVL72 offers 14 TB of GPU memory. Weâ€™re told so.

Trainium3 has 96 GB of HBM3e per chip and uses NeuronLink-v4.

<!-- review-disable-next-line HW106 -->
The p5.48xlarge costs $98.32 per hour.

An analyst wrote: "Trainium2 has 32 GB of HBM."

Inferentia2 is 40% more efficient than GPUs.

The chip is made in 3nm and delivers 2.52 PFLOPS.
""",
}

# The log's own words of the other language: none may be left in a log (whole words, case-sensitive).
ENGLISH = ["Technical Review Log", "Review date", "Reviewer", "Status", "Confidence", "Article", "Corrections",
           "Correction", "Suggested", "Suggestion", "Why", "Source", "Sources", "line", "Verified facts",
           "Unverifiable claims", "Recommendations", "Input notices", "None", "PASSED", "FAILED", "WITH CHANGES",
           "HIGH", "MEDIUM", "LOW", "verified", "contradicted", "outdated", "unverifiable", "primary source", "press",
           "weak source", "quoted", "refuted", "corrected", "hypothetical", "negated", "measured", "encoding",
           "repaired", "unused suppression", "suppressed", "subject inferred", "subject guessed", "hour", "the",
           "made", "Made"]
GERMAN = ["Technisches Prüfprotokoll", "Prüfdatum", "Prüfwerkzeug", "Ergebnis", "Aussagekraft", "Artikel",
          "Korrekturen", "Vorgeschlagene", "Vorgenommene", "Vorschlag", "Begründung", "Quelle", "Zeile",
          "Verifizierte", "Empfehlungen", "Hinweise", "Keine", "BESTANDEN", "HOCH", "MITTEL", "NIEDRIG",
          "verifiziert", "widerlegt", "veraltet", "nicht verifizierbar", "Primärquelle", "Fachpresse", "Zitat",
          "Kodierung", "Unterdrückung", "Bezug", "Stunde", "der", "die", "das"]


def _report(reviewer, lang: str) -> ArticleReport:
    report = reviewer.review_source(source_from_text(ARTICLES[lang], f"{lang}.md"))
    assert report.language == lang
    return report


def _variants(report: ArticleReport) -> list[ArticleReport]:
    """The report as it is and with the other statuses, and its first correction bound with medium confidence:
    every status and confidence word of the log appears in one of them."""
    first = md.corrections(report)[0]
    medium = tuple(evolve(f, confidence="medium") if f is first else f for f in report.findings)
    return [report, *(evolve(report, status=s) for s in ("PASSED", "PASSED WITH CHANGES")),
            evolve(report, findings=medium)]


def _own_words(log: str, report: ArticleReport) -> str:
    """The log without what is not its own words: the sources' titles and addresses, the article's text (quoted),
    the fact base's notes and the YAML parser's messages (English whatever the article's language)."""
    for f in report.findings:
        if f.note:
            log = log.replace(f.note, "")
    log = re.sub(r"\[[^\]]*\]\([^)]*\)", "", log)  # [title](url)
    log = re.sub(r"[\"„“][^\"“”\n]*[\"“”]", "", log)  # "as written"
    return log.replace(report.path, "")


@pytest.mark.parametrize("lang, others", [("de", ENGLISH), ("en", GERMAN)])
def test_log_speaks_only_the_article_s_language(reviewer, lang, others):
    report = _report(reviewer, lang)
    assert {f.verdict for f in report.findings} == {"verified", "contradicted", "outdated", "unverifiable"}
    assert report.set_aside and {n.code for n in report.notices} == {"N001", "N010"}
    assert {f.confidence for f in md.corrections(report)} >= {"high", "low"}
    for variant in _variants(report):
        log = md.render_one(variant, TODAY)
        words = _own_words(log, variant)
        left = [w for w in others if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", words)]
        assert not left, (left, log)


def test_log_german_words_for_verdicts_headings_status_confidence_and_notices(reviewer):
    report = _report(reviewer, "de")
    log = md.render_one(report, TODAY)
    for words in ("## 📋 Technisches Prüfprotokoll", "**Ergebnis**: ❌ NICHT BESTANDEN", "**Aussagekraft**: HOCH",
                  "### Vorgeschlagene Korrekturen", "**Vorschlag**:", "**Begründung**:", "### Hinweise zur Eingabe",
                  "Zeile 9:19, widerlegt)", "veraltet)", "widerlegt, Bezug vermutet)", "Zitat)",
                  "Kodierung repariert: 1 Mojibake-Sequenzen",
                  "Unwirksame Unterdrückung: review-disable-next-line HW106 unterdrückt keine",
                  "laut Quelle 144 GiB", "gilt 55,04 USD pro Stunde", "Primärquelle"):
        assert words in log, words
    medium = md.render_one(_variants(report)[-1], TODAY)
    assert "widerlegt, Bezug aus dem Kontext erschlossen)" in medium
    changes = md.render_one(evolve(report, status="PASSED WITH CHANGES"), TODAY)
    assert "**Ergebnis**: ⚠️ BESTANDEN MIT ÄNDERUNGSBEDARF" in changes


def test_log_english_says_the_corrections_are_suggested(reviewer):
    log = md.render_one(_report(reviewer, "en"), TODAY)
    assert "### Suggested corrections" in log and "**Suggestion**: \"144 GB\"" in log
    assert "(line 9:15, contradicted)" in log and "contradicted, subject guessed)" in log


@pytest.mark.parametrize("lang, label, ids", [
    ("de", "GB300 NVL72 · Speicherkapazität", ["gb300-nvl72", "memory_capacity", "trainium3", "price_per_hour"]),
    ("en", "GB300 NVL72 · memory capacity", ["gb300-nvl72", "memory_capacity", "trainium3", "price_per_hour"]),
])
def test_log_names_entities_and_attributes_as_people_write_them(reviewer, lang, label, ids):
    report = _report(reviewer, lang)
    log = md.render_one(report, TODAY)
    assert f"**{label}**" in log
    assert ("Trainium3 · " + ("Speichertyp" if lang == "de" else "memory type")) in log  # a verified fact
    assert ("Trainium2 · " + ("Speicherkapazität" if lang == "de" else "memory capacity")) in log  # set aside
    words = _own_words(log, report)  # (an address may spell the id: .../gb300-nvl72-specs)
    for id_ in ids:
        assert id_ not in words, id_


def test_log_json_keeps_the_ids_and_adds_the_names(reviewer):
    doc = json.loads(json_out.render([_report(reviewer, "de")]))
    art = doc["articles"][0]
    gb300 = [f for f in art["findings"] if f["entity"] == "gb300-nvl72"]
    assert gb300 and gb300[0]["attribute"] == "memory_capacity" and gb300[0]["entity_name"] == "GB300 NVL72"
    assert art["set_aside"][0]["entity"] == "trainium2" and art["set_aside"][0]["entity_name"] == "Trainium2"
    assert art["status"] == "FAILED" and {f["verdict"] for f in art["findings"]} >= {"contradicted", "outdated"}
    assert art["notices"][0]["message"].startswith("encoding repaired: 1 mojibake")  # JSON: English


@pytest.mark.parametrize("text, code, german", [
    ("---\ndate: 2025-12-10\n---\nDer Chip hat 144 GB fÃ¼r alle.\n", "N001", "Kodierung repariert: 1 Mojibake"),
    ("---\ndate: 2025-12-10\nDer Chip hat 144 GB.\n", "N002", "wird aber nie geschlossen; als Text gelesen"),
    ("---\n- eine Liste\n---\nDer Chip hat 144 GB.\n", "N003", "keine YAML-Zuordnung; ignoriert"),
    ("---\ntitle: [offen\n---\nDer Chip hat 144 GB.\n", "N003", "kein gültiges YAML ("),
    ("---\ntitle: A\n---\n\ntitle: A\nautor: B\n---\nDer Chip hat 144 GB.\n", "N004", "zweiter Block; übersprungen"),
])
def test_log_notices_in_the_article_s_language(text, code, german):
    notices = [n for n in source_from_text(text).notices if n.code == code]
    assert notices, text
    n = notices[0]
    assert german in notice_text("de", n)
    assert notice_text("en", n) == n.message  # made in English; JSON keeps that
    if "(" in german:  # the YAML parser's own words are carried over
        assert n.message.split("(", 1)[1].split(")")[0] in notice_text("de", n)


def test_log_notice_that_no_template_made_stays_as_it_is():
    n = Notice("N999", "something new happened", 3)
    assert notice_text("de", n) == "something new happened"

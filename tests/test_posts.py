"""A thread's posts carry their own dates (reviewer/posts.py): a talk page's signature dates its paragraph, a
post header dates the lines up to the next header, and a thread without a date of its own is dated by its
latest post."""

from __future__ import annotations

import datetime as dt

from reviewer.api import Reviewer
from reviewer.posts import post_spans

THREAD = """**anna-dev** commented on Mar 4, 2024

The current CEO of AWS is Adam Selipsky.

---

**kfoerster-ml** commented on Mar 5, 2026

Trainium2 has 96 GB of HBM per chip.
"""


def test_a_header_dates_the_lines_up_to_the_next_header():
    spans = post_spans(THREAD, "en")
    assert [s[2] for s in spans] == [dt.date(2024, 3, 4), dt.date(2026, 3, 5)]
    assert THREAD[spans[0][0]:spans[0][1]].count("Selipsky") == 1 and "Trainium2" not in THREAD[spans[0][0]:spans[0][1]]


def test_a_signature_dates_its_paragraph_only():
    text = "Erste Zeile ohne Datum.\n\n: Trainium2 hat 96 GB. -- Benutzer:Rechenwerk 12:05, 21. Dez. 2024 (CET)\n"
    ((start, end, when),) = post_spans(text, "de")
    assert when == dt.date(2024, 12, 21) and text[start:end].startswith(": Trainium2")


def test_a_table_row_with_a_date_is_no_post_header():
    assert post_spans("| Announced | 1 December 2020 |\n| Memory | 32 GB |\n", "en") == []


def test_a_thread_without_a_date_is_dated_by_its_latest_post_and_its_old_posts_by_their_own():
    report = Reviewer().review_text(THREAD, lang="en")
    assert report.as_of == dt.date(2026, 3, 5)
    ceo = next(f for f in report.findings if f.attribute == "ceo")
    assert ceo.verdict == "verified"  # true on Mar 4, 2024, when it was posted


def test_a_front_matter_date_still_wins_over_the_posts():
    report = Reviewer().review_text("---\ndate: 2026-06-01\n---\n" + THREAD, lang="en")
    assert report.as_of == dt.date(2026, 6, 1)


def test_a_days_heading_dates_a_chat_export_but_a_letters_dateline_makes_no_post():
    """'## Monday, 16 March 2026' heads a chat export's day (its latest day dates the export); a letter's dateline
    ('Lindenfeld, 11. Mai 2026') is no post: its '> ' box stays the letter's own."""
    chat = "# #hardware\n\n## Monday, 16 March 2026\n\n**dana.k** · 16:24\nAWS CEO Adam Selipsky announced it.\n"
    assert [s[2] for s in post_spans(chat, "en")] == [dt.date(2026, 3, 16)]
    assert [s[2] for s in post_spans(chat.replace("Monday, 16 March", "Montag, 16. März"), "de")] == [dt.date(2026, 3, 16)]
    assert Reviewer().review_text(chat, lang="en").as_of == dt.date(2026, 3, 16)
    for text, lang in (("Lindenfeld, 11. Mai 2026\n\nLiebe Eltern,\n", "de"), ("Seattle, 11 May 2026\n\nDear parents,\n", "en")):
        assert post_spans(text, lang) == []
    assert post_spans("  tobi_ml, 19.04.2026:  \nVerkaufe 8x H100.\n", "de")  # (a handle's post header still dates it)


def test_a_heading_or_scene_date_dates_its_section_but_not_the_page():
    # blind batches 142 and 147: "## Aus dem Programmheft der Uraufführung (Oktober 2023)" and a flashback's
    # "**5. RÜCKBLENDE – INT. … (NOVEMBER 2023)**" date their sections; a page without a date of its own is not dated
    # by them (it is reviewed as of today), while a post's header still dates its thread
    text = ("# Programmheft\n\n## Aus dem Programmheft der Uraufführung (Oktober 2023)\n\nDamals Adam Selipsky.\n\n"
            "**5. RÜCKBLENDE – INT. VENETIAN – TAG (NOVEMBER 2023)**\n\nJONAS\nHeute stellen wir Trainium2 vor.\n\n"
            "**6. INT. BÜRO – NACHT**\n\nMERVE\nAmazon hat insgesamt 13 Mrd. Dollar in Anthropic gesteckt.\n")
    assert sorted(s[2] for s in post_spans(text, "de")) == [dt.date(2023, 10, 31), dt.date(2023, 11, 30)]
    assert post_spans(text, "de", scenes=False) == []
    report = Reviewer().review_text(text, lang="de")
    assert report.as_of == dt.date.today()
    assert [f.verdict for f in report.findings if f.text == "13 Mrd. Dollar"] == ["verified"]

import datetime as dt
import os

import pytest

from reviewer import errors
from reviewer.source import read_source, source_from_text

MOJIBAKE = "author: 'Robin B\u221a\u2202hm'\n- \uf8ff\u00fc\u00ec\u00d6 **Verf\u221a\u00bagbarkeit**: 144 GB HBM3e\n"


def test_source_missing_file(tmp_path):
    with pytest.raises(errors.NotFound):
        read_source(tmp_path / "nope.md")


def test_source_directory(tmp_path):
    with pytest.raises(errors.IsDirectory):
        read_source(tmp_path)


def test_source_binary(tmp_path):
    p = tmp_path / "a.md"
    p.write_bytes(b"\x00\xff\x00binary")
    with pytest.raises(errors.BinaryFile):
        read_source(p)


@pytest.mark.parametrize("content", [b"", b"  \n\n\t\n"])
def test_source_empty(tmp_path, content):
    p = tmp_path / "a.md"
    p.write_bytes(content)
    with pytest.raises(errors.EmptyFile):
        read_source(p)


def test_source_too_large(tmp_path):
    p = tmp_path / "big.md"
    with open(p, "wb") as fh:
        fh.truncate(10 * 1024 * 1024 + 1)  # sparse: no 10 MB actually written
    with pytest.raises(errors.TooLarge):
        read_source(p)


def test_source_not_utf8(tmp_path):
    p = tmp_path / "latin1.md"
    p.write_bytes("Gr\u00f6\u00dfe: 144 GB".encode("latin-1"))
    with pytest.raises(errors.NotUtf8):
        read_source(p)


def test_source_unreadable(tmp_path):
    if os.geteuid() == 0:
        # root reads files whatever their mode; /proc/self/mem is a real file whose read fails with EIO
        target = "/proc/self/mem"
    else:
        target = tmp_path / "locked.md"
        target.write_text("144 GB")
        target.chmod(0)
    with pytest.raises(errors.Unreadable):
        read_source(target)


def test_source_mojibake_repaired_with_notice():
    src = source_from_text(MOJIBAKE, "x.md")
    assert "Böhm" in src.text and "Verfügbarkeit" in src.text
    assert any(n.code == "N001" for n in src.notices)


def test_source_positions_point_into_the_original_after_repair():
    src = source_from_text(MOJIBAKE, "x.md")
    line, col = src.line_col(src.text.index("144 GB"))
    original_line = MOJIBAKE.split("\n")[line - 1]
    assert original_line[col - 1:col - 1 + 6] == "144 GB"


def test_source_front_matter_fields():
    src = source_from_text("---\ntitle: T\npubDate: '2025-12-12'\nupdated: 2026-01-05\nlang: de-DE\n---\nText\n")
    assert (src.title, src.date.isoformat(), src.lang) == ("T", "2026-01-05", "de")
    assert src.markdown.count("\n") == src.text.count("\n") and len(src.markdown) == len(src.text)


def test_source_duplicated_front_matter_is_skipped():
    text = "---\ntitle: A\n---\n\ntitle: A\nauthor: B\n---\n# Heading\n"
    src = source_from_text(text)
    assert any(n.code == "N004" for n in src.notices)
    assert "author" not in src.markdown and "# Heading" in src.markdown


@pytest.mark.parametrize("text", ["---\ntitle: [unclosed\n---\nBody 144 GB\n", "---\nno close\n", "---\n- a list\n---\nx\n"])
def test_source_broken_front_matter_does_not_crash(text):
    src = source_from_text(text)
    assert src.text


# -- the mojibake clue that lets clean text skip ftfy (issue 5) ---------------------------------
CLEAN_GERMAN = ("Die Größe des HBM3e-Speichers: 141 GB – gemäß „Datenblatt“ rund 4,8 TB/s für 30.000 € "
                "(Übergang, Maß, Ärger, Öl, naïve café, 5 °C, 2×, ±3 %, ‚so‘, »so«, …)\n")
MOJIBAKE_SAMPLES = [MOJIBAKE,
                    "F\u00c3\u00bcr 1.000 \u00e2\u201a\u00ac und Gr\u00c3\u00b6\u00c3\u0178e \u00e2\u20ac\u201c gut",
                    "Robin B\u221a\u2202hm f\u221a\u00bar die Verf\u221a\u00bagbarkeit"]


def test_clean_german_has_no_mojibake_clue_and_skips_ftfy(monkeypatch):
    import ftfy

    from reviewer import source

    assert not source._has_mojibake_clue(CLEAN_GERMAN)
    monkeypatch.setattr(ftfy, "fix_and_explain", lambda *a, **k: pytest.fail("ftfy ran on clean text"))
    src = source_from_text(CLEAN_GERMAN)
    assert src.text == CLEAN_GERMAN and not src.notices


@pytest.mark.parametrize("text", MOJIBAKE_SAMPLES)
def test_mojibake_has_a_clue_and_is_repaired(text):
    from reviewer import source

    assert source._has_mojibake_clue(text)
    assert any(n.code == "N001" for n in source_from_text(text).notices)


def test_mojibake_clue_covers_every_pair_ftfy_can_decode():
    """Every lead + continuation character pair of every code page ftfy re-decodes through, and
    every character ftfy may delete or turn into a page's letter before decoding, is a clue."""
    import ftfy.bad_codecs  # noqa: F401  (registers the sloppy code pages)
    from ftfy.chardata import CHARMAP_ENCODINGS, CONTROL_CHARS, WIDTH_MAP

    from reviewer import source

    clue = source._has_mojibake_clue
    for page in [*CHARMAP_ENCODINGS, "windows-1252"]:
        chars = [bytes([b]).decode(page, errors="replace") for b in range(256)]
        leads = [c for c in chars[0xC0:0xF5] if c != "\ufffd" or page.startswith("sloppy")]
        continuations = [c for c in chars[0x80:0xC0] if c != "\ufffd" or page.startswith("sloppy")]
        assert all(clue(a + b) for a in leads for b in continuations), page
        aliases = [c for c in chars[:0x80] if not c.isascii()]  # U+FFFD is byte 0x1A in sloppy pages
        assert all(clue(c) for c in aliases), page
    assert all(clue(chr(k)) for k in CONTROL_CHARS if k >= 0x80)
    assert all(clue(chr(k)) for k, v in WIDTH_MAP.items() if not v.isascii())
    assert all(clue(chr(k)) for k in range(0x80, 0xA0))


def test_mojibake_clue_changes_no_repair(monkeypatch):
    """With and without the clue, the same texts come out (seeds, corpus and random mixtures)."""
    import random
    from pathlib import Path

    from reviewer import source

    root = Path(__file__).parent.parent
    texts = [p.read_text(encoding="utf-8") for p in [*root.glob("corpus/*.md"), *root.glob("../shared/seeds/*")]]
    parts = [*CLEAN_GERMAN.split(" "), *" ".join(MOJIBAKE_SAMPLES).split(" "),
             "ß“", "\u00c3", "\u00a4", "\ufffd", " ", "\n"]
    rng = random.Random(5)
    texts += ["".join(rng.choice(parts) for _ in range(rng.randint(1, 12))) for _ in range(1500)]
    gated = [source._repair_mojibake(t) for t in texts]
    monkeypatch.setattr(source, "_has_mojibake_clue", lambda text: True)  # every text goes to ftfy
    assert gated == [source._repair_mojibake(t) for t in texts]


@pytest.mark.parametrize("body, date", [
    ("LAS VEGAS, December 2, 2025 — AWS today announced Trainium3.\n", "2025-12-02"),
    ("**SEATTLE, March 3, 2026 —** Amazon said ...\n", "2026-03-03"),
    ("# Title\n\n*Published March 2026.* Buying cycles ...\n", "2026-03-01"),
    ("LAS VEGAS, 2. Dezember 2025 – AWS hat ...\n", "2025-12-02"),
    ("Veröffentlicht am 3. Dezember 2025\n\nText.\n", "2025-12-03"),
    # a bold label with its colon inside the marks (a transcript's header; blind trap set 17)
    ("# Q4 Earnings Call\n\n**Call date:** February 19, 2026\n**Published:** February 20, 2026\n", "2026-02-20"),
    ("# Telefonkonferenz\n\n**Veröffentlicht:** 20. Februar 2026\n", "2026-02-20"),
    ("_Posted on 2025-12-02_\n", "2025-12-02"),
    ("# #infra-purchasing — exported 2026-03-13\n\n**maria** 10:42 AM\n", "2026-03-13"),  # an export's header
    ("# A Survey\n\nJ. Doe, R. Roe\n\n*Preprint, revised 2026-09-14*\n", "2026-09-14"),
    ("# Titel\n\nExportiert am 3. Februar 2026 · 12 Beiträge\n", "2026-02-03"),
    ("# LOT: 4× DGX H100\n\n**Listed: 12 March 2026** · Item #2291 · Seller: **surplus**\n", "2026-03-12"),  # a listing
    ("**Landgericht X**\n\nAktenzeichen: 3-06 O 214/24\n\nVerkündet am 4. Februar 2026\n", "2026-02-04"),  # a judgment
    ("# Klausur\n\n**Klausurtermin: 20. Juli 2026** · Bearbeitungszeit: 90 Minuten\n", "2026-07-20"),  # an exam
    ("# Neuer Chip\n\nNachricht vom 3. Juni 2026\n\nGoogle hat einen neuen Chip.\n", "2026-06-03"),  # plain language
    ("# Tech bulletin\n\n*Broadcast: 2 June 2026, 18:00*\n", "2026-06-02"),  # a radio script
    ("# Pressespiegel\n\n**Redaktion KI-Hardware · Freitag, 11. September 2026**\n", "2026-09-11"),  # a credit line
    ("# Weekly\n\n*Newsroom hardware desk · Friday, September 11, 2026*\n", "2026-09-11"),
    ("# Budget\n\n*Last run: 2026-09-14 09:41 UTC · kernel: Python 3.11*\n", "2026-09-14"),  # a notebook
    ("# Protokoll\n\n| | |\n|---|---|\n| **Datum** | Donnerstag, 15. Oktober 2026, 14:00 Uhr |\n", "2026-10-15"),
    ("# Notes · 14 posts\n\nThe H100 · 80 GB\n", None),  # a separator before no date
    ("The H100 was launched in 2022.\n", None),
    ("# The 2022 launch, revisited\n\nText.\n", None),  # a year in a title is no date of the page
    ("---\ndate: 2024-05-01\n---\nSEATTLE, March 3, 2026 — text\n", "2024-05-01"),  # the front matter wins
])
def test_source_date_from_a_dateline_or_byline(body, date):
    assert source_from_text(body).date == (dt.date.fromisoformat(date) if date else None)


def test_rest_field_date_and_tilde_underlines_keep_offsets():
    text = ("Supported\n=========\n\n:date: 2026-09-14\n\nAMD Instinct MI355X\n~~~~~~~~~~~~~~~~~~~\n\n"
            "Run:\n~~~~\ncode\n~~~~\n\nA long title line\n````\nx\n````\n")
    src = source_from_text(text)
    assert src.date == dt.date(2026, 9, 14)
    assert len(src.markdown) == len(text)
    lines = src.markdown.split("\n")
    assert lines[6] == "-" * 19  # the title's underline: a setext heading
    assert lines[9] == "~~~~" and lines[11] == "~~~~"  # a fence after "Run:" stays a fence, its closing line too
    assert lines[14] == "````"  # an underline shorter than its line: a fence
    assert source_from_text("Date: March 3, 2026\n\nText.").date == dt.date(2026, 3, 3)
    assert source_from_text("Datum: 3. März 2026\n\nText.").date == dt.date(2026, 3, 3)

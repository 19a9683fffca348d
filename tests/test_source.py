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

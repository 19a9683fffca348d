"""Positions checked against the raw file, never with the code's own Source.line_col: each finding's line,
column and end column (1-based, end exclusive, in the file's characters) are where an independent search of
the file's text finds the figure."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli


def locate(raw: str, needle: str, occurrence: int = 0) -> tuple[int, int, int]:
    """(line, column, end column) of the occurrence-th `needle` in `raw`, counted here: lines split at "\\n",
    columns in characters (a tab is one, a "\\r" before the "\\n" is not reached)."""
    seen = 0
    for number, line in enumerate(raw.split("\n"), start=1):
        start = line.find(needle)
        while start >= 0:
            if seen == occurrence:
                return number, start + 1, start + 1 + len(needle)
            seen += 1
            start = line.find(needle, start + 1)
    raise AssertionError(f"{needle!r} not in the file")


CASES = {
    "column_1": ("Intro line.\n144 GB of HBM3e sit on each Trainium3.\n", "144 GB", "144 GB"),
    "last_column": ("The memory of Trainium3 is\nTrainium3: 144 GB\n", "144 GB", "144 GB"),
    "crlf": ("Intro.\r\nTrainium3 has 144 GB of HBM3e.\r\nThe chip has 96 GB more.\r\n", "144 GB", "144 GB"),
    "front_matter": ("---\ntitle: Trainium3\ndate: 2025-12-01\n---\n\nTrainium3 has 144 GB of HBM3e.\n",
                     "144 GB", "144 GB"),
    "tab": ("Trainium3 has\t144 GB of HBM3e.\n", "144 GB", "144 GB"),
    "after_mojibake": ("Die B200 \u00e2\u20ac\u201c Nvidias Chip \u00e2\u20ac\u201c hat 180 GB HBM3e.\n", "180 GB", "180 GB"),
    "mojibake_in_the_figure_line": ("Trainium3 \u00e2\u20ac\u201c 144 GB HBM3e \u00e2\u20ac\u201c und 4,9 TB/s.\n",
                                    "4,9 TB/s", "4,9 TB/s"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_positions_match_the_raw_file(tmp_path, capsys, name):
    text, found_text, needle = CASES[name]
    path = tmp_path / f"{name}.md"
    path.write_bytes(text.encode("utf-8"))
    code, out, _ = run_cli([str(path), "--format", "json", "--as-of", "2025-12-10"], capsys)
    assert code in (0, 1)
    findings = [f for f in json.loads(out)["articles"][0]["findings"] if f["text"] == found_text]
    assert findings, json.loads(out)["articles"][0]["findings"]
    raw = path.read_bytes().decode("utf-8")
    f = findings[0]
    assert (f["line"], f["column"], f["end_column"]) == locate(raw, needle)
    assert f["end_line"] == f["line"]

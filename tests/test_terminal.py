"""The review log at a terminal (emitters/terminal.py, `review` without --format or --output): the installed
command run under a pseudo-terminal (once), the command in this process under a pseudo-terminal and into a pipe
(its options and the environment's variables), and the renderer on its own."""

from __future__ import annotations

import datetime as dt
import fcntl
import io
import os
import shutil
import struct
import subprocess
import sys
import termios
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from conftest import cli

from reviewer.emitters import terminal
from reviewer.models import ArticleReport, Finding, SourceRef

ANSI = "\x1b["
# a contradicted and an outdated figure among verified ones; the corrections are what the terminal leads with
ARTICLE = """---
date: 2025-12-10
---
Trainium3 has 96 GB of HBM3e per chip and uses NeuronLink-v4.

The p5.48xlarge costs $98.32 per hour.

Trainium2 has 96 GB of HBM and 8 NeuronCores.
"""


def _exe() -> str:
    return shutil.which("review") or str(Path(sys.executable).with_name("review"))


def _env(cache: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", HW_FACT_REVIEWER_CACHE_DIR=str(cache), **extra)
    return env


def on_tty(*args, env: dict[str, str], columns: int = 100) -> tuple[int, str]:
    """`review ARGS` with its standard output on a pseudo-terminal `columns` wide: exit code and what it showed."""
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    proc = subprocess.Popen([_exe(), *map(str, args)], stdin=subprocess.DEVNULL, stdout=follower,
                            stderr=subprocess.DEVNULL, env=env, close_fds=True)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the command closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    code = proc.wait(timeout=120)
    return code, b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def _environ(monkeypatch, **extra: str) -> None:
    """`_env`'s environment for the command run in this process: no colour or size variables, TERM, `extra`."""
    for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in extra.items():
        monkeypatch.setenv(name, value)


def here_on_tty(*args, columns: int = 100) -> tuple[int, str]:
    """`review ARGS` in this process (reviewer.cli.main), as `on_tty` runs the installed command: its standard
    output a pseudo-terminal `columns` wide (the process's own standard output too, whose size the terminal's
    width is read from), its standard error discarded. Exit code and what it showed."""
    from reviewer.cli import main

    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                data = os.read(leader, 65536)
            except OSError:  # EIO: the terminal was closed
                break
            if not data:
                break
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    terminal_out = open(follower, "w", encoding="utf-8")  # noqa: SIM115  (closed below, before the reader ends)
    process_stdout = sys.__stdout__
    try:
        sys.__stdout__ = terminal_out  # (shutil.get_terminal_size asks sys.__stdout__)
        with redirect_stdout(terminal_out), redirect_stderr(io.StringIO()):
            code = main([str(a) for a in args])
    finally:
        sys.__stdout__ = process_stdout
        terminal_out.close()
    reader.join(timeout=60)
    os.close(leader)
    return code, b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def here_in_pipe(*args) -> tuple[int, str]:
    """`review ARGS` in this process, its standard output not a terminal (conftest.cli)."""
    p = cli(*args)
    return p.returncode, p.stdout


@pytest.fixture(scope="module")
def article(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("terminal") / "article.md"
    path.write_text(ARTICLE, encoding="utf-8")
    return path


@pytest.mark.slow
def test_terminal_tty_gets_colour_and_the_corrections_first(article, _fresh_cache):
    code, out = on_tty(article, env=_env(_fresh_cache))
    assert code == 1
    assert ANSI in out and "**" not in out and "## " not in out and "### " not in out
    plain = terminal_plain(out)
    assert "Technical Review Log: " in plain and "✗ FAILED" in plain
    corrections = plain.index("Suggested corrections")
    assert corrections < plain.index("Trainium3 · memory capacity") < plain.index("p5.48xlarge · price per hour")
    assert "96 GB  →  144 GB" in plain and "Why: Trainium3 memory capacity: the article says 96 GB" in plain
    assert "(line 4:15 · contradicted)" not in plain and "line 4:15 · contradicted" in plain
    assert "Source: AWS Neuron documentation: Trainium3 Architecture" in plain
    # the rest as counts, after the corrections
    assert corrections < plain.index("Verified facts: ") and "(--verbose lists them)" in plain
    assert "✓ Trainium3 · memory type" not in plain


def test_terminal_no_color_removes_the_colour_not_the_rendering(article, monkeypatch):
    _environ(monkeypatch, NO_COLOR="1")
    code, out = here_on_tty(article)
    assert code == 1 and ANSI not in out
    assert "Suggested corrections" in out and "96 GB  →  144 GB" in out and "**" not in out
    _environ(monkeypatch)
    _, never = here_on_tty(article, "--color", "never")
    assert ANSI not in never and "96 GB  →  144 GB" in never


def test_terminal_color_always_colours_a_pipe(article, monkeypatch):
    _environ(monkeypatch, NO_COLOR="1")
    code, out = here_in_pipe(article, "--color", "always")
    assert code == 1 and ANSI in out and "**" not in out
    assert "Suggested corrections" in terminal_plain(out)


def test_terminal_pipe_without_flags_gets_markdown(article, monkeypatch):
    _environ(monkeypatch)
    code, out = here_in_pipe(article)
    assert code == 1 and ANSI not in out
    assert out.startswith("## 📋 Technical Review Log") and "**Trainium3 · memory capacity**" in out


def test_terminal_file_and_format_markdown_get_markdown_on_a_tty(article, monkeypatch, tmp_path):
    _environ(monkeypatch)
    log = tmp_path / "log.md"
    code, out = here_on_tty(article, "-o", log)
    assert code == 1 and out == "" and log.read_text(encoding="utf-8").startswith("## 📋 Technical Review Log")
    _, out = here_on_tty(article, "--format", "markdown")
    assert out.startswith("## 📋 Technical Review Log") and ANSI not in out


def test_terminal_verbose_lists_the_verified_facts(article, monkeypatch):
    _environ(monkeypatch)
    _, out = here_on_tty(article, "--verbose")
    plain = terminal_plain(out)
    assert '✓ Trainium3 · memory type: "HBM3e"' in plain and '✓ Trainium3 · interconnect: "NeuronLink-v4"' in plain
    assert "(--verbose lists them)" not in plain
    assert "Sources used\n" in plain and "https://" in plain.split("Sources used\n", 1)[1]
    _, short = here_on_tty(article)
    verified = sum(1 for line in plain.splitlines() if line.lstrip().startswith("✓ "))
    assert verified >= 3 and f"Verified facts: {verified} (--verbose lists them)" in terminal_plain(short)


def terminal_plain(out: str) -> str:
    """The text without its colour codes."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", out)


# -- the renderer on its own ---------------------------------------------------------------------------------

def _finding(verdict: str, line: int, sources=(), **kw) -> Finding:
    base = dict(line=line, column=5, end_line=line, end_column=10, text="96 GB", entity="trainium3",
                attribute="memory_capacity", claimed="96 GB", expected="144 GiB", verdict=verdict, severity="error",
                message="Trainium3 Speicherkapazität: Im Artikel steht 96 GB, laut Quelle 144 GiB.",
                suggestion="144 GB", sources=tuple(sources), check="HW101", entity_name="Trainium3")
    return Finding(**{**base, **kw})


WEAK = SourceRef("A blog", "https://blog.example/t3", "2025-12-03", "tertiary")
PRIMARY = SourceRef("AWS Neuron documentation", "https://docs.example/t3", "2025-12-02", "primary")
REPORT = ArticleReport(path="a.md", language="de", date=dt.date(2025, 12, 10), as_of=dt.date(2025, 12, 10),
                       title="Trainium3", status="FAILED",
                       findings=(_finding("verified", 2, text="HBM3e", attribute="memory_type", severity="info"),
                                 _finding("contradicted", 3, (WEAK, PRIMARY)),
                                 _finding("outdated", 4, (PRIMARY,), severity="warning", confidence="medium")))


def test_terminal_render_shows_the_best_source_and_counts_the_rest():
    out = terminal.render([REPORT], color=False, verbose=False, width=120)
    assert ANSI not in out and "**" not in out
    first = out.split("  2. ", 1)[0]
    assert "Quelle: AWS Neuron documentation (2025-12-02, Primärquelle)" in first and "A blog" not in first
    assert "und 1 weitere Quelle(n) (--verbose)" in first
    assert "  2. ⚠ Trainium3 · Speicherkapazität  Zeile 4:5 · veraltet, Bezug aus dem Kontext erschlossen\n" in out
    assert "Verifizierte technische Fakten: 1 (mit --verbose aufgelistet)" in out
    assert "Verwendete Verifikations-Quellen: 2 (mit --verbose aufgelistet)" in out


@pytest.mark.parametrize("verbose", [False, True])
def test_terminal_render_wraps_to_the_width_with_indented_lines(verbose):
    out = terminal.render([REPORT], color=False, verbose=verbose, width=50)
    lines = out.splitlines()
    assert all(line == line.rstrip() for line in lines)  # no blanks padding the lines
    assert max(len(line) for line in lines if "https://" not in line) <= 50  # (an address stays whole)
    at = lines.index("  2. ⚠ Trainium3 · Speicherkapazität  Zeile")
    assert lines[at + 1:at + 3] == ["     4:5 · veraltet, Bezug aus dem Kontext", "     erschlossen"]  # under its text


def test_terminal_render_verbose_and_colour():
    out = terminal.render([REPORT], color=True, verbose=True, width=80)
    plain = terminal_plain(out)
    assert ANSI in out and "Quelle: A blog" in plain and "weitere Quelle" not in plain
    assert '✓ Trainium3 · Speichertyp: "HBM3e"  Zeile 2:5' in plain
    assert "\x1b[1;31m✗ NICHT BESTANDEN" in out


@pytest.mark.parametrize("choice, tty, environ, want", [
    ("auto", True, {}, True), ("auto", True, {"NO_COLOR": "1"}, False), ("auto", True, {"NO_COLOR": ""}, True),
    ("auto", False, {}, False), ("always", False, {"NO_COLOR": "1"}, True), ("never", True, {}, False),
])
def test_terminal_wants_color(choice, tty, environ, want):
    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    assert terminal.wants_color(choice, Stream(), environ) is want
    assert terminal.wants_terminal(choice, Stream()) is (tty or choice == "always")


def test_a_correction_without_any_replacement_never_shows_none():
    from reviewer.emitters import markdown

    bare = _finding("contradicted", 3, (PRIMARY,), suggestion=None, expected=None)
    report = ArticleReport(path="a.md", language="en", date=dt.date(2025, 12, 10), as_of=dt.date(2025, 12, 10),
                           title=None, status="FAILED", findings=(bare,))
    for text in (markdown.render([report]), terminal.render([report], color=False, verbose=True, width=100)):
        assert "96 GB" in text and '"None"' not in text and "→  None" not in text  # ("None." heads empty lists)

"""Text as other tools export it, read as the prose it carries: a caption track's cues (SRT, WebVTT) run on as
one paragraph, words a PDF export hyphenated at a line's end are whole again, a draft's tracked changes
(CriticMarkup) read as accepted, and BBCode's and Org mode's quotations and struck text as Markdown's. All keep
every offset, so positions still point into the file (markdown.iter_segments parses what `as_prose` returns)."""

from __future__ import annotations

import re
from collections.abc import Iterator


def as_prose(text: str) -> str:
    """The text with caption cues joined and hyphenated words made whole (the same text when it has neither)."""
    if _CAPTION_CLUE.search(text):
        text = join_captions(unfence_captions(text))
    if _HYPHEN_BREAK.search(text):
        text = join_hyphenated(text)
    if _CRITIC_CLUE.search(text):
        text = accept_changes(text)
    if _BBCODE_CLUE.search(text):
        text = bbcode_as_markup(text)
    if _ORG_CLUE.search(text):
        text = org_as_markup(text)
    return text


# Org mode, an Emacs outline pasted as text: a #+BEGIN_QUOTE block is a quotation (“…” where its marker lines
# are), a source or example block is code (blanked, as a fence's text is not read), and +struck+ text is blanked
_ORG_CLUE = re.compile(r"^[ \t]*#\+(?:BEGIN_(?:QUOTE|SRC|EXAMPLE)|TITLE:|DATE:)", re.MULTILINE | re.IGNORECASE)
_ORG_BLOCK = re.compile(r"^([ \t]*)#\+BEGIN_(QUOTE|SRC|EXAMPLE)\b[^\n]*\n(.*?)^[ \t]*#\+END_\2\b[^\n]*$",
                        re.MULTILINE | re.IGNORECASE | re.DOTALL)
_QUOTE_MARK = re.compile(r"\s*[\"“„»«]")
_ORG_STRUCK = re.compile(r"(?<![\w+])\+(?=[^\s+])[^+\n]{1,80}?(?<=[^\s+])\+(?![\w+])")


def org_as_markup(text: str) -> str:
    """The text with Org mode's blocks and struck text read as Markdown would (same length): see _ORG_CLUE."""
    out = list(text)
    for m in _ORG_BLOCK.finditer(text):
        _blank(out, m.start(), m.start(3))
        _blank(out, m.end(3), m.end())
        if m.group(2).upper() != "QUOTE":
            _blank(out, m.start(3), m.end(3))
        elif not _QUOTE_MARK.match(m.group(3)):  # (a block opening with its own marks keeps them: "..." -- Name)
            out[m.start() + len(m.group(1))] = "“"
            out[m.end(3) + len(m.group(1))] = "”"
    for m in _ORG_STRUCK.finditer(text):
        _blank(out, m.start(), m.end())
    return "".join(out)


def _blank(out: list[str], a: int, b: int) -> None:
    """Characters a..b of `out` as spaces, its line breaks kept (the offsets and the lines stay the file's)."""
    for i in range(a, b):
        if out[i] != "\n":
            out[i] = " "


# BBCode, a forum's markup: its tags are blanked like Markdown's; a quotation ([quote="name"]...[/quote]) keeps
# typographic quotation marks where its tags open and close, so the quoted words are read as someone's; struck
# ([s], [strike]) and code ([code]) text is blanked, as "~~" and backticks are
_BBCODE_CLUE = re.compile(r"\[/(?:quote|b|i|u|s|strike|size|color|font|url|table|tr|td|th|list|code)\]", re.IGNORECASE)
_BBCODE_TAG = re.compile(r"\[(/?)(quote|b|i|u|s|strike|size|color|font|url|table|tr|td|th|list|code|\*)(?:=[^\]\n]{0,80})?\]",
                         re.IGNORECASE)
_BBCODE_BLANKED = ("s", "strike", "code")


def bbcode_as_markup(text: str) -> str:
    """The text with BBCode tags blanked (same length): quotations marked “…”, struck and code text blanked."""
    out = list(text)
    opened: dict[str, list[int]] = {}
    for m in _BBCODE_TAG.finditer(text):
        closing, tag = bool(m.group(1)), m.group(2).lower()
        for i in range(m.start(), m.end()):
            out[i] = " "
        if tag == "quote":
            out[m.start()] = "”" if closing else "“"
        elif tag in _BBCODE_BLANKED and not closing:
            opened.setdefault(tag, []).append(m.end())
        elif tag in _BBCODE_BLANKED and opened.get(tag):
            _blank(out, opened[tag].pop(), m.start())
    return "".join(out)


# CriticMarkup, a draft's tracked changes: {++ inserted ++}, {-- deleted --}, {~~ old ~> new ~~}, {== highlighted
# ==} and {>> a reviewer's comment <<}; none runs across a blank line or longer than _CRITIC_MAX characters (each
# opener's closer is looked for that far only, so a text full of openers costs linear time)
_CRITIC_MAX = 2000
_CRITIC_CLUE = re.compile(r"\{(?:--|>>|~~|\+\+|==)")
_CLOSER = {"{--": "--}", "{>>": "<<}", "{~~": "~~}", "{++": "++}", "{==": "==}"}
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_INDENT = re.compile(r"[ \t]*")
_TEXT_AFTER = re.compile(r"[ \t]*[^\s]")


def _changes(text: str) -> Iterator[tuple[int, int, int, int]]:
    """(start, kept_start, kept_end, end) of each tracked change: the text kept is text[kept_start:kept_end]
    (the new half of a substitution, an insertion, a highlight), empty for a deletion or a comment."""
    pos = 0
    while (m := _CRITIC_CLUE.search(text, pos)) is not None:
        opener = m.group()
        close = text.find(_CLOSER[opener], m.end(), m.end() + _CRITIC_MAX + 3)
        body_end = close
        if opener == "{~~" and close >= 0:
            arrow = text.find("~>", m.end(), close)
            close = close if arrow >= 0 else -1
        if close < 0 or _PARAGRAPH_BREAK.search(text, m.end(), body_end):
            pos = m.start() + 1
            continue
        end = close + 3
        if opener in ("{--", "{>>"):
            yield m.start(), m.start(), m.start(), end
        elif opener == "{~~":
            yield m.start(), arrow + 2, close, end
        else:
            yield m.start(), m.end(), close, end
        pos = end


def accept_changes(text: str) -> str:
    """A draft with CriticMarkup read as if every change were accepted: what was deleted, the old half of a
    substitution and the reviewers' comments are blanked (they are not the article's words: a deleted "5 nm" is
    a corrected value, a comment's figure someone's remark), the markers too; inserted, new and highlighted text
    stays where it is. A line that starts with blanked text and goes on gets a zero-width space first, so that it
    stays a paragraph's line (spaces there would make it an indented code block)."""
    out = list(text)
    for start, kept_start, kept_end, end in _changes(text):
        for a, b in ((start, kept_start), (kept_end, end)):
            for k in range(a, b):
                if out[k] != "\n":
                    out[k] = " "
            line_start = text.rfind("\n", max(0, a - 80), a) + 1
            indent = _INDENT.match(text, line_start)  # (always matches: it may be empty)
            at_line_start = (line_start > 0 or a <= 80) and indent is not None and indent.end() >= a
            if b > a and at_line_start and _TEXT_AFTER.match(text, b):
                out[a] = "\u200b"
    return "".join(out)


# a caption cue's timing line (SRT "00:41:26,720 --> 00:41:30,440", WebVTT "01:02.500 --> 01:04.000 align:start")
_CUE_TIME = re.compile(r"^[ \t]*(?:\d{1,2}:)?\d{2}:\d{2}[,.]\d{3}[ \t]+-->[ \t]+(?:\d{1,2}:)?\d{2}:\d{2}[,.]\d{3}[^\n]*$",
                       re.MULTILINE)
_CAPTION_CLUE = re.compile(r"\d{2}:\d{2}[,.]\d{3}[ \t]+-->")
_CUE_NUMBER = re.compile(r"[ \t]*\d{1,6}[ \t]*\n$")  # an SRT cue's number, the line before its timing
# ">> MODERATOR: ...", "- Ten months.": a caption's speaker change (not a list item, nor a quote)
_SPEAKER_CHANGE = re.compile(r"^([ \t]*)(>>|-(?= ))", re.MULTILINE)


# a word hyphenated at a line's end, as PDF exports and hard-wrapped text leave it ("erwar-" / "ten", "Trai-" /
# "nium3"): three letters before the hyphen, a lower-case one after the break (not "NeuronLink-" / "v4", "FP8-" /
# "Leistung", "4 nm-" / "class")
_HYPHEN_BREAK = re.compile(r"(?<=[A-Za-zÄÖÜäöüß]{2}[a-zäöüß])-\n([ \t]*)(?=[a-zäöüß])(?!v\d)")


def join_hyphenated(text: str) -> str:
    """Words hyphenated across a line break made whole again ("erwar-\nten" reads "erwarten"), so that a cue or
    a name split by the break is found. The joined word ends where its second half ended, and the line break
    follows it: every offset outside the word stays the same."""
    out, last = [], 0
    for m in _HYPHEN_BREAK.finditer(text):
        if m.start() < last:
            continue
        end = m.end()
        while end < len(text) and not text[end].isspace():  # (the word's second half)
            end += 1
        word = text[m.end():end]
        out.append(text[last:m.start()])
        out.append(word + "\n" + " " * (end - m.start() - len(word) - 1))
        last = end
    out.append(text[last:])
    return "".join(out)


# a fenced block of captions ("```srt" ... "```"): the export of a video's subtitles, prose to read, not code
_CAPTION_FENCE = re.compile(r"^([ \t]*(`{3,}|~{3,})[ \t]*(?:srt|vtt|webvtt|subtitles?|captions?)[ \t]*)\n(.*?)^([ \t]*\2[ \t]*)$",
                            re.MULTILINE | re.DOTALL | re.IGNORECASE)


def unfence_captions(text: str) -> str:
    """A caption track kept in a fenced block labelled srt or vtt, with its fence lines blanked (same length), so
    that join_captions reads its cues as the speech they are; a fence of anything else stays code."""
    out, last = [], 0
    for m in _CAPTION_FENCE.finditer(text):
        if len(_CUE_TIME.findall(m.group(3))) < 3:
            continue
        out += [text[last:m.start(1)], " " * len(m.group(1)), text[m.end(1):m.start(4)], " " * len(m.group(4))]
        last = m.end(4)
    out.append(text[last:])
    return "".join(out)


def join_captions(text: str) -> str:
    """A caption track (SRT or WebVTT cues kept in the article) read as the speech it is: each cue's number and
    timing line are blanked (no figures: "00:41:02,517" is no "2,517"), and cues that follow each other run on as
    one paragraph, so that a sentence split across cues ("Trainium3 went / [cue] generally available ...") keeps
    its subject. Every offset stays the same: the blank line and the header between two cues become one line
    holding a zero-width space (not blank, so the paragraph goes on; no column gap, so no plain-text table)."""
    if len(_CUE_TIME.findall(text)) < 3:
        return text
    out = list(text)
    last_end = -1  # where the last cue's text ended (the line break of its last line), or -1
    for m in _CUE_TIME.finditer(text):
        head = m.start()
        number = _CUE_NUMBER.search(text, text.rfind("\n", 0, max(head - 1, 0)) + 1, head)
        if number is not None and number.end() == head:
            head = number.start()
        blank = _BLANK_LINE.search(text, m.end())
        end = blank.start() if blank else len(text)
        if last_end >= 0 and not text[last_end:head].strip():
            out[last_end + 1:m.end()] = ["\u200b"] + [" "] * (m.end() - last_end - 2)  # (the line break stays)
        else:
            out[head:m.end()] = [ch if ch == "\n" else " " for ch in text[head:m.end()]]
        for sp in _SPEAKER_CHANGE.finditer(text, m.end(), end):  # ">>" at a line's start would open a quote
            out[sp.start(2):sp.end(2)] = [" "] * (sp.end(2) - sp.start(2))
        last_end = end
    return "".join(out)


_BLANK_LINE = re.compile(r"\n[ \t]*\n|\Z")

"""Messages in the article's language (reviewer/lang/<code>/messages.yaml). Keys are stable; templates use
str.format fields. A language without a messages file gets English."""

from __future__ import annotations

import re
from functools import cache
from string import Formatter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Finding, Notice


@cache
def _table(lang: str) -> dict[str, dict[str, str]]:
    from .lang import LANGUAGES, language_file
    from .yamlload import load_yaml

    code = lang if lang in LANGUAGES and language_file(lang, "messages.yaml").is_file() else "en"
    data: dict[str, dict[str, str]] = load_yaml(language_file(code, "messages.yaml").read_text(encoding="utf-8"))
    return data


class _ByLanguage(dict):
    """ATTRIBUTE_NAMES["de"], MESSAGES["en"], ...: one part of each language's messages file, read on first use."""

    def __init__(self, part: str):
        super().__init__()
        self.part = part

    def __missing__(self, lang: str) -> dict[str, str]:
        value = self[lang] = _table(lang).get(self.part) or {}
        return value


ATTRIBUTE_NAMES = _ByLanguage("attributes")
MESSAGES = _ByLanguage("messages")
LOG = _ByLanguage("log")
NOTICES = _ByLanguage("notices")
UNIT_NAMES = _ByLanguage("units")  # a fact's unit as the log writes it, where the language has its own words


def msg(lang: str, key: str, **fields) -> str:
    if isinstance(fields.get("claimed"), str):  # (as written, with markup blanked between number and unit: "**96** GB")
        fields["claimed"] = " ".join(fields["claimed"].split())
    return MESSAGES[lang][key].format(**fields)


def attr_name(lang: str, attribute: str) -> str:
    return ATTRIBUTE_NAMES[lang].get(attribute, attribute)


def log_text(lang: str, key: str, **fields) -> str:
    return LOG[lang][key].format(**fields)


def unit_name(lang: str, unit: str) -> str:
    return UNIT_NAMES[lang].get(unit, unit)


def verdict_name(lang: str, verdict: str) -> str:
    """"contradicted" in the log's words: "widerlegt"."""
    return log_text(lang, "verdict_" + verdict)


def status_name(lang: str, status: str) -> str:
    """An ArticleReport's status ("PASSED WITH CHANGES") in the log's words."""
    return log_text(lang, "status_" + status.lower().replace(" ", "_"))


def label(lang: str, f: Finding) -> str:
    """What a finding is about, as people write it: "GB300 NVL72 · Speicherkapazität" (the ids without a name)."""
    return f"{f.entity_name or f.entity} · {attr_name(lang, f.attribute)}"


def notice(key: str, **fields) -> str:
    """A notice's text. Notices are made while a file is read, before its language is known: in English, as the
    JSON report keeps them; the log shows them in the article's language (notice_text)."""
    return NOTICES["en"][key].format(**fields)


def notice_text(lang: str, n: Notice) -> str:
    """The notice in `lang`: its English text read back with the English template it was made from, and the
    fields written into `lang`'s template. A text no template made stays as it is."""
    for key, pattern in _notice_patterns():
        if key.split("_", 1)[0] == n.code and (m := pattern.fullmatch(n.message)):
            return NOTICES[lang].get(key, NOTICES["en"][key]).format(**m.groupdict())
    return n.message


@cache
def _notice_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for key, template in NOTICES["en"].items():
        parts = [re.escape(text) + (f"(?P<{name}>.*)" if name else "")
                 for text, name, _, _ in Formatter().parse(template)]
        out.append((key, re.compile("".join(parts), re.DOTALL)))
    return tuple(out)

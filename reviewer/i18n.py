"""Messages in the article's language (reviewer/lang/<code>/messages.yaml). Keys are stable; templates use
str.format fields. A language without a messages file gets English."""

from __future__ import annotations

from functools import cache


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
        value = self[lang] = _table(lang)[self.part]
        return value


ATTRIBUTE_NAMES = _ByLanguage("attributes")
MESSAGES = _ByLanguage("messages")
LOG = _ByLanguage("log")


def msg(lang: str, key: str, **fields) -> str:
    return MESSAGES[lang][key].format(**fields)


def attr_name(lang: str, attribute: str) -> str:
    return ATTRIBUTE_NAMES[lang].get(attribute, attribute)


def log_text(lang: str, key: str, **fields) -> str:
    return LOG[lang][key].format(**fields)

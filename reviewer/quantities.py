"""Numbers with units, qualifiers and ranges, found as exact character spans in a text.

One compiled regular expression per language, built from the unit lexicon in units.py. Its
character spans are the claim positions reported to the user, so they are never re-derived.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import cast

from . import units
from .lang import numbers
from .models import QualifierKind, Quantity
from .numbers import parse_number

_NUM = r"\d{1,3}(?:[.,\u00a0\u202f\u2009'’]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
_CUR_PREFIXES = ("US$", "$", "€", "USD", "EUR")  # the pattern's `cur1`, without its optional space


@lru_cache(maxsize=4)
def _qualifiers(lang: str) -> dict[str, list[str]]:
    """The language's qualifier words by kind (reviewer/lang/<code>/numbers.yaml)."""
    return numbers(lang)["qualifiers"]


@lru_cache(maxsize=4)
def _qualifier_words(lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(every qualifier, the same longest first)."""
    words = tuple(w for ws in _qualifiers(lang).values() for w in ws)
    return words, tuple(sorted(words, key=len, reverse=True))


@lru_cache(maxsize=4)
def _pattern(lang: str) -> re.Pattern[str]:
    lexicon = numbers(lang)
    qual = "|".join(sorted((re.escape(w) for w in _qualifier_words(lang)[0]), key=len, reverse=True))
    mult = "|".join(sorted((re.escape(w) for w in lexicon["multipliers"]), key=len, reverse=True))
    mag = "|".join(sorted((re.escape(w) for w in lexicon["magnitudes"]), key=len, reverse=True))
    cur_pre = r"US\$|\$|€|USD\s?|EUR\s?"
    cur_post = "|".join(sorted((re.escape(w) for w in [*units.CURRENCY_SYMBOLS, *lexicon["currency_words"]]),
                               key=len, reverse=True))
    per_hour = "|".join(sorted((re.escape(w) for w in lexicon["per_hour"]), key=len, reverse=True))
    unit = units.unit_alternation()
    words = "|".join(re.escape(w) for w in sorted(_number_words(lang), key=len, reverse=True))  # ("half a")
    range_to = "|".join(re.escape(w) for w in lexicon["range_to"])
    times_suffix, sparsity = lexicon["times_suffix"], lexicon["sparsity_words"]
    # Keep _earliest_start in step with what may precede the number: qualifier, spaces, cur1, a space.
    return re.compile(
        rf"""
        (?:(?P<qual>{qual})\s*)?
        (?:
            \s?(?P<mult>\b(?:{mult}))\b(?!\s+an?\s+(?:{mag})\b|-[^\W\d_])  # ("half a million" is a number, "half-remember",
            # "double-wide" no ratio)
          |
            (?P<cur1>{cur_pre})?\s?
            (?<![\w.,/\-])(?P<num>{_NUM}|\b(?:{words})\b)
            (?:\s?(?:-|–|{range_to})\s?(?P<num2>{_NUM})(?![\w]))?
            (?:\s(?P<mag>{mag})(?!\w))?
            (?:
                \s?(?P<cur2>{cur_post})(?![\w])
              | (?P<unit_tight>(?:x|×)(?![\w])|{times_suffix})
              | (?:[ \t]{{2,6}}(?=\S)  # (markup blanked between: "**96** GB", a tracked change)
                  |\s?|-(?=nm\b|[Nn]anometer|[Nn]anometre|Gbit-Ethernet|GbE|[Aa]cres?|hectares?|Hektar)  # "5-nm-Verfahren",
                                                                                      # "3-nanometer", "1,200-acre campus"
                  |\s?(?:(?:{sparsity})\s)?(?:(?:MX|NV)?FP\d{{1,2}}|BF16|TF32|INT8)[\s-](?=[PTEG]?FLOPS|[PTEG]?OPS|[PpTtEe][a-z]*flops)
                  |\s(?:{sparsity})\s(?=[PTEG]?FLOPS|[PpTtEe][a-z]*flops))
                (?P<unit>{unit})(?![\w])  # "362 FP8-Petaflops", "667 dense FP8 TFLOPS"
              | (?![\w%])
            )
            (?:\s?(?P<per_hour>{per_hour})(?![\w]))?
        )
        """,
        re.VERBOSE,
    )


@lru_cache(maxsize=4)
def _number_words(lang: str) -> tuple[str, ...]:
    """The language's number words, and those of two and more capitalised as at a sentence's start ("Eight billion
    dollars, …", „Acht H100 …“; not "One"/„Ein“, an article as often as a number). _quantity reads them lower-cased."""
    words = numbers(lang)["number_words"]
    return tuple(words) + tuple(w[0].upper() + w[1:] for w, v in words.items() if v >= 2 and w[0].islower())


def _qualifier_kind(word: str | None, lang: str) -> QualifierKind:
    if not word:
        return "exact"
    for kind, ws in _qualifiers(lang).items():
        if word in ws:
            return cast(QualifierKind, kind)
    return "exact"


@lru_cache(maxsize=4)
def _anchors(lang: str) -> re.Pattern[str] | None:
    """Where the number or multiplier word of a match can start (a superset of those positions).

    Every match of _pattern(lang) contains one, and what may precede it in the match (qualifier,
    spaces, currency prefix) contains none; None if the lexicons ever break that.
    """
    words = sorted({*_number_words(lang), *numbers(lang)["multipliers"]}, key=len, reverse=True)
    qualifier_words = _qualifier_words(lang)[0]
    first = "".join(sorted({re.escape(w[0]) for w in words}))
    anchors = re.compile(rf"(?=[\d{first}])(?:(?<![\w.,/\-])\d|\b(?:{'|'.join(map(re.escape, words))})\b)")
    if any(anchors.search(w) for w in (*qualifier_words, *_CUR_PREFIXES)) or \
            any(not w or w[-1].isspace() for w in qualifier_words):
        return None
    return anchors


def _earliest_start(text: str, at: int, pos: int, lang: str) -> int:
    """No match with its number (or multiplier word) at `at` starts before this (nor before pos)."""
    end = at
    while end > pos and text[end - 1].isspace():
        end -= 1
    start = at - 1 if end < at else at  # the optional space before the number
    ends = [end]  # where a qualifier would end
    if text.endswith(_CUR_PREFIXES, pos, end):
        cur = min(end - len(c) for c in _CUR_PREFIXES if text.endswith(c, pos, end))
        start = min(start, cur)
        while cur > pos and text[cur - 1].isspace():
            cur -= 1
        ends.append(cur)
    qualifier_words, longest_first = _qualifier_words(lang)
    for e in ends:
        if text.endswith(qualifier_words, pos, e):  # the longest qualifier ending there starts first
            start = min(start, next(e - len(w) for w in longest_first if text.endswith(w, pos, e)))
    return max(start, pos)


def _matches(text: str, lang: str) -> Iterable[re.Match[str]]:
    """Exactly `_pattern(lang).finditer(text)`, searching only near numbers and multiplier words.

    finditer tries the large pattern at every position of the text; here a small one finds the
    positions a match must contain, and the search for the next match starts just before the
    first of them (where its qualifier or currency prefix could begin), so it is the match
    finditer finds next.
    """
    pattern, anchors = _pattern(lang), _anchors(lang)
    if anchors is None:
        yield from pattern.finditer(text)
        return
    pos = 0
    for a in anchor_starts(text, lang):
        if a < pos:
            continue
        m = pattern.search(text, _earliest_start(text, a, pos, lang))
        if m is None:
            return
        yield m
        pos = m.end()


_DIGIT_ANCHOR = re.compile(r"\d(?<![\w.,/\-]\d)")  # _anchors' first branch, found by scanning for digits


def anchor_starts(text: str, lang: str) -> list[int]:
    """The starts of `_anchors(lang).finditer(text)`, found faster: its digits by a scan for digits,
    its words with str.find. The two kinds cannot overlap (a word has no digit, and a digit right
    before a word leaves no word boundary). Words of several words ("half a", "eine halbe") can hold
    shorter ones: as finditer does, the longest at a position wins and what lies inside it is skipped."""
    out = [m.start() for m in _DIGIT_ANCHOR.finditer(text)]
    n = len(text)
    spans = []
    for word in _anchor_words(lang):
        i = text.find(word)
        k = len(word)
        while i >= 0:
            e = i + k
            if (i == 0 or not _is_word_char(text[i - 1])) and (e == n or not _is_word_char(text[e])):
                spans.append((i, e))
            i = text.find(word, i + 1)
    if spans:
        end = -1
        for i, e in sorted(spans, key=lambda se: (se[0], -se[1])):
            if i >= end:
                out.append(i)
                end = e
        out.sort()
    return out


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"  # what \w matches


@lru_cache(maxsize=4)
def _anchor_words(lang: str) -> tuple[str, ...]:
    return tuple(sorted({*_number_words(lang), *numbers(lang)["multipliers"]}))


def find_quantities(text: str, lang: str) -> list[Quantity]:
    out: list[Quantity] = []
    for m in _matches(text, lang):
        q = _quantity(m, lang)
        if q is not None:
            out.append(q)
    return _with_process_names(text, _shared_currency(text, _shared_units(text, out, lang), lang), lang)


@lru_cache(maxsize=4)
def _versus(lang: str) -> re.Pattern[str]:
    words = "|".join(sorted((re.escape(w) for w in numbers(lang).get("versus_words") or ()), key=len, reverse=True))
    return re.compile(rf"\s+(?:{words})\s+" if words else r"(?!x)x", re.IGNORECASE)


def _shared_units(text: str, found: list[Quantity], lang: str) -> list[Quantity]:
    """"144 statt 96 GiB", "141 vs 80 GB", „von 2,9 auf 4,9 TB/s“: a bare number written against a figure with a unit,
    or where a change starts, has that unit."""
    if len(found) < 2:
        return found
    out = list(found)
    for k in range(len(out) - 1):
        a, b = out[k], out[k + 1]
        if a.family == "count" and not a.unit and b.unit and b.family not in ("count", "ratio") \
                and (_versus(lang).fullmatch(text, a.end, b.start) or _from_to(lang).search(text, max(0, a.start - 6), b.start)):
            out[k] = Quantity(a.start, a.end, a.text, a.value, a.resolution, b.unit, b.family, a.qualifier, a.range_high)
    return out


def _shared_currency(text: str, found: list[Quantity], lang: str) -> list[Quantity]:
    """"weitere 4 Mrd. nach, insgesamt also 8 Mrd. US-Dollar", "in two tranches of four billion": a bare sum of
    billions near a sum of billions in a currency is in that currency (not a count of billions of things: "208
    billion transistors" has its noun after it)."""
    sums = [q for q in found if q.family == "money" and q.value >= 1e9]
    if not sums:
        return found
    out = list(found)
    for k, q in enumerate(out):
        if q.family != "count" or q.unit or q.value < 1e9 or q.text[-1:].isdigit() \
                or not _bare_sum_after(lang).match(text, q.end):
            continue
        near = min(sums, key=lambda s: abs(s.start - q.start))
        if abs(near.start - q.start) <= 200:
            out[k] = Quantity(q.start, q.end, q.text, q.value, q.resolution, near.unit, "money", q.qualifier, q.range_high)
    return out


@lru_cache(maxsize=4)
def _from_to(lang: str) -> re.Pattern[str]:
    return re.compile(numbers(lang).get("from_to") or r"(?!x)x")


@lru_cache(maxsize=4)
def _bare_sum_after(lang: str) -> re.Pattern[str]:
    return re.compile(numbers(lang).get("bare_sum_after") or r"(?!x)x")


# TSMC's process names ("N3P", "N5", "N6") and the custom ones it makes for Nvidia ("4N", "4NP", "3NP"):
# the number is the node in nm. Only where the text says it is a process: TSMC named just before
# ("TSMC N3P", "TSMCs N3P-Prozess", "TSMC's 3nm-class N3P", "TSMC 4NP") or a process word just after
# ("on N3P process", "im N5-Verfahren", "the 4N process"); a bare "N5" or "4N" is anything.
_PROCESS_NAME = re.compile(r"(?<![\w.,/\-])(?:N([1-9])(?:P|E|X|A)?|([1-9])NP?)(?![\w])")
_TSMC_BEFORE = re.compile(r"\bTSMC(?:'s|’s|s)?\s+(?:[\w-]+\s+)?$")
@lru_cache(maxsize=4)
def _process_after(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A process word after a process name ("N3P process", "im N5-Verfahren"), and who makes it ("4NP, built
    by TSMC"), in the language's words."""
    lexicon = numbers(lang)
    return (re.compile(rf"[\s-]?(?:{lexicon['process_words']})", re.IGNORECASE),
            re.compile(rf",?\s+(?:{lexicon['made_by']})\s+TSMC\b"))


def _with_process_names(text: str, found: list[Quantity], lang: str) -> list[Quantity]:
    if "N" not in text:
        return found
    extra = []
    for m in _PROCESS_NAME.finditer(text):
        process_after, tsmc_after = _process_after(lang)
        if (_TSMC_BEFORE.search(text, max(0, m.start() - 30), m.start()) or process_after.match(text, m.end())
                or tsmc_after.match(text, m.end())):
            extra.append(Quantity(m.start(), m.end(), m.group(), float(m.group(1) or m.group(2)), 0.5, "nanometer", "length"))
    if not extra:
        return found
    return sorted(found + extra, key=_start_of)


def _start_of(q: Quantity) -> int:
    return q.start


@lru_cache(maxsize=4)
def _spread(lang: str) -> re.Pattern[str]:
    """"spread over 36 servers", "über 30 Rechenzentren verteilt": "over" as a preposition."""
    return re.compile(rf"(?:{'|'.join(map(re.escape, numbers(lang)['spread']))})\s*$", re.IGNORECASE)


# No match of the pattern contains a NUL, and to every lookaround a NUL is what the start or end
# of the text is (neither a word character nor space nor one of ".,/-"): searched with NULs
# between them, texts give each exactly the matches they give alone.
TEXT_JOINER = "\x00"


def find_quantities_in(texts: Sequence[str], lang: str) -> list[list[Quantity]]:
    """[find_quantities(t, lang) for t in texts], searching them as one text."""
    out: list[list[Quantity]] = [[] for _ in texts]
    if not texts:
        return out
    joined = TEXT_JOINER.join(texts)
    ends, o = [], 0
    for t in texts:
        o += len(t)
        ends.append(o)
        o += len(TEXT_JOINER)
    k = 0
    base = 0
    for m in _matches(joined, lang):
        at = m.start()
        while at > ends[k]:
            k += 1
            base = ends[k - 1] + len(TEXT_JOINER)
        q = _quantity(m, lang, base)
        if q is not None:
            out[k].append(q)
    out = [_shared_currency(t, _shared_units(t, qs, lang), lang) for t, qs in zip(texts, out)]
    if _PROCESS_NAME.search(joined):  # (rare: the texts are searched one by one only then)
        out = [_with_process_names(t, qs, lang) for t, qs in zip(texts, out)]
    return out


@lru_cache(maxsize=4)
def _factor_before(lang: str) -> re.Pattern[str]:
    return re.compile(numbers(lang).get("factor_before") or r"(?!x)x", re.IGNORECASE)


@lru_cache(maxsize=4)
def _change_from(lang: str) -> re.Pattern[str]:
    return re.compile(numbers(lang).get("change_from") or r"(?!x)x", re.IGNORECASE)


_TIMES_SIGNS = ("x", "×", "X")
_PRODUCT_AFTER = re.compile(r"[ \t]?\d")


def _quantity(m: re.Match[str], lang: str, base: int = 0) -> Quantity | None:
    """The quantity of a match; its offsets are counted from `base` in the searched text."""
    lexicon = numbers(lang)
    qual = _qualifier_kind(m.group("qual"), lang)
    if qual == "at_least" and _spread(lang).search(m.string[max(base, m.start() - 20):m.start()]):
        qual = "exact"  # "144 chips spread over 36 servers": a preposition, not "more than"
    if m.group("mult"):
        word = m.group("mult")
        return Quantity(m.start("mult") - base, m.end("mult") - base, word, float(lexicon["multipliers"][word]), 0.05,
                        "times", "ratio", qual)
    raw = m.group("num")
    if raw is None:
        return None
    words = lexicon["number_words"]
    if raw.lower() in words:
        value, res = float(words[raw.lower()]), 0.0
    else:
        value, res = parse_number(raw, lang)
    high = parse_number(m.group("num2"), lang)[0] if m.group("num2") else None
    num_start = m.start("num")
    if high is not None and (high <= value or _change_from(lang).search(m.string, max(base, num_start - 60), num_start)):
        # ("corrected the pod size from 8,960 to 9,612 chips": a change, not a range; the new value is the figure)
        # "NVLink 5 to 1.8 TB/s": a range runs upwards; the first number belongs to what comes before it
        value, res = parse_number(m.group("num2"), lang)
        high, num_start = None, m.start("num2")
    num_group = "num" if num_start == m.start("num") else "num2"
    scale = float(lexicon["magnitudes"].get(m.group("mag") or "", 1.0))
    value, res = value * scale, res * scale
    high = high * scale if high is not None else None
    currency = None
    for g in ("cur1", "cur2"):
        c = (m.group(g) or "").strip()
        if c:
            currency = units.CURRENCY_SYMBOLS.get(c) or lexicon["currency_words"].get(c)
    start = m.start("cur1") if m.group("cur1") and num_start == m.start("num") else num_start
    end = m.end()
    if currency:
        if m.group("per_hour"):
            unit_expr, family = f"{currency} / hour", "price"
        else:
            unit_expr, family = currency, "money"
    elif m.group("unit_tight"):
        unit_expr, family = "times", "ratio"
    elif m.group("unit") and m.group("unit") in _TIMES_SIGNS and _PRODUCT_AFTER.match(m.string, m.end("unit")):
        unit_expr, family = "", "count"  # "144 (36 × 4)", "4 x 16 chips": a product, as "36×4" is, not "36 times"
        end = m.end(num_group)
    elif m.group("unit"):
        unit_expr, family = units.LEXICON[" ".join(m.group("unit").split())]
        if m.group("per_hour"):
            end = m.end("unit")
    elif _factor_before(lang).search(m.string, max(base, start - 30), start):
        unit_expr, family = "times", "ratio"  # "um den Faktor 2,9", "by a factor of 4"
        end = m.end(num_group)
    else:
        unit_expr, family = "", "count"
        end = m.end("mag") if m.group("mag") else m.end(num_group)
    if family == "count" and m.group("per_hour"):
        end = m.end(num_group)
    if family == "ratio" and unit_expr == "percent":
        value, res = value / 100.0, res / 100.0
        high = high / 100.0 if high is not None else None
        unit_expr = "percent"
    return Quantity(start - base, end - base, m.string[start:end], value, res, unit_expr, family, qual, high)

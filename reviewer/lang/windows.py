"""A language's words for claim extraction, compiled: windows (regular expressions by name), kind words and
indefinite articles, read from reviewer/lang/<code>/extract.yaml.

Every language gives every window in its own words, so no regular expression mixes two languages, and a new
language is a new folder. FLAGS below fixes the flags of the windows that need other flags than the default
(case-insensitive); a window a new rule adds is written in the language folders only.
"""

from __future__ import annotations

import re
from pathlib import Path

DEFAULT_FLAGS = re.IGNORECASE

# name -> flags of the windows the code has read since the words moved here (`w.<name>`)
FLAGS: dict[str, int] = {
    "other_period": re.IGNORECASE,
    "units_column": 0,
    "price_break": 0,
    "bill": re.IGNORECASE,
    "chip_noun": re.IGNORECASE,
    "system_after": 0,
    "half_of_year": re.IGNORECASE,
    "the_startup": re.IGNORECASE,
    "perfect_invested": re.IGNORECASE,
    "further": re.IGNORECASE,
    "cumulative": re.IGNORECASE,
    "stated_until": re.IGNORECASE,
    "plan_before": 0,
    "plan_after": 0,
    "then_header": re.IGNORECASE,
    "qualifier_cmp": re.IGNORECASE,
    "future_before": 0,
    "future_after": 0,
    "cumulative_after": re.IGNORECASE,
    "stated_by": re.IGNORECASE,
    "delta_before": re.IGNORECASE,
    "delta_after": re.IGNORECASE,
    "per_instance": re.IGNORECASE,
    "generation_header": re.IGNORECASE,
    "node_before": 0,
    "node_after": 0,
    "system_word": 0,
    "neg_break": 0,
    "measured_break": re.IGNORECASE,
    "cited_work": re.IGNORECASE,
    "measured_clause": re.IGNORECASE,
    "announced_after": re.IGNORECASE,
    "with_before": re.IGNORECASE,
    "fraction_word": re.IGNORECASE,
    "fraction_more": re.IGNORECASE,
    "announced_clause_end": re.IGNORECASE,
    "answer_false": re.IGNORECASE,
    "until_past": 0,
    "choice_option": 0,
    "energy": re.IGNORECASE,
    "price_word": re.IGNORECASE,
    "relative": re.IGNORECASE,
    "not_on_demand": re.IGNORECASE,
    "memory_type": 0,
    "since": re.IGNORECASE,
    "took_office": re.IGNORECASE,
    "took_over_from": re.IGNORECASE,
    "person_pronoun": re.IGNORECASE,
    "took_office_after": re.IGNORECASE,
    "hourly_price_unit": re.IGNORECASE,
    "name_modifier": 0,
    "link_gives": 0,
    "per_chip_hour": re.IGNORECASE,
    "yearless_day": re.IGNORECASE,
    "dateline": re.IGNORECASE,
    "system_each": 0,
    "predicate_before": 0,
    "genitive_before": 0,
    "per_owner": 0,
    "chip_in_owner": 0,
    "object_relative": 0,
    "capacity_at": 0,
    "ratio_before": re.IGNORECASE,
    "ratio_of_before": 0,
    "quote_intro": re.IGNORECASE,
    "comment_header": 0,
    "not_saying": re.IGNORECASE,
    "quote_source": re.IGNORECASE,
    "numbering": re.IGNORECASE,
    "question_turn": 0,
    "quoted_turn": 0,
    "yes_no_question": 0,
    "when_past": re.IGNORECASE,
    "speaker_report": 0,
    "hypothetical_goes_on": re.IGNORECASE,
    "what_if": re.IGNORECASE,
    "titled_name_before": 0,
    "worth_after": re.IGNORECASE,
    "apposition_open": re.IGNORECASE,
    "requirement_clause": re.IGNORECASE,
    "requirement_header": re.IGNORECASE,
    "year_lead": re.IGNORECASE,
    "as_many_after": re.IGNORECASE,
    "answer_turn": 0,
    "correction": re.IGNORECASE,
    "quote_label": re.IGNORECASE,
    "was_paren": re.IGNORECASE,
    "needs": re.IGNORECASE,
    "model": re.IGNORECASE,
    "fits_into": re.IGNORECASE,
    "passt": 0,
    "die_noun": re.IGNORECASE,
    "not_compute_die": re.IGNORECASE,
    "alternative": re.IGNORECASE,
    "workload_metric": re.IGNORECASE,
    "workload_kind": re.IGNORECASE,
    "benchmark": re.IGNORECASE,
    "speedup": re.IGNORECASE,
    "workload": re.IGNORECASE,
    "die_link": re.IGNORECASE,
    "clause_break": re.IGNORECASE,
    "core_noun": re.IGNORECASE,
    "bare_with": 0,
    "figure_at": re.IGNORECASE,
    "wiki_signature": re.MULTILINE,
    "port_before": re.IGNORECASE,
    "port_after": re.IGNORECASE,
    "relative_clause": 0,
    "multiple_before": re.IGNORECASE,
    "both": 0,
    "per_direction": re.IGNORECASE,
    "more_than_the": re.IGNORECASE,
    "new_subject": re.IGNORECASE,
    "any_between": re.IGNORECASE,
    "from_before": re.IGNORECASE,
    "instead_of": re.IGNORECASE,
    "from_end": re.IGNORECASE,
    "sums_up": re.IGNORECASE,
    "to_between": re.IGNORECASE,
    "arrow_between": 0,
    "figure_after": re.IGNORECASE,
    "possessive_after": re.IGNORECASE,
    "ratio_verb": re.IGNORECASE,
    "compute_verb": re.IGNORECASE,
    "that_is": re.IGNORECASE,
    "ratio_clause_break": 0,
    "same_thing": re.IGNORECASE,
    "link_of": re.IGNORECASE,
    "each_with": re.IGNORECASE,
    "each_word": re.IGNORECASE,
    "each_after": 0,
    "each": re.IGNORECASE,
    "each_one": re.IGNORECASE,
    "doubt_question": re.IGNORECASE,
    "contrary_lead": re.IGNORECASE,
    "nothing_after": re.IGNORECASE,
    "year_document_after": re.IGNORECASE,
    "per_unit": re.IGNORECASE,
    "ellipsis": re.IGNORECASE,
    "between_cmp": re.IGNORECASE,
    "equal_wie": re.IGNORECASE,
    "wie": re.IGNORECASE,
    "of_reference": re.IGNORECASE,
    "next_clause": re.IGNORECASE,
    "from_on": re.IGNORECASE,
    "to_after": re.IGNORECASE,
    "as_many": re.IGNORECASE,
    "mit_before": re.IGNORECASE,
    "level_after": re.IGNORECASE,
    "list_gap": re.IGNORECASE,
    "new_word": re.IGNORECASE,
    "count_before": re.IGNORECASE,
    "version_before": 0,
    "neg_after": re.IGNORECASE,
    "only_before": re.IGNORECASE,
    "with_each_gap": 0,
    "each_later": 0,
    "these_of": 0,
    "each_next": 0,
    "and_split": 0,
    "memory_word": re.IGNORECASE,
    "each_break": 0,
    "of_the_year": 0,
    "by_half": 0,
    "figure_then_ratio": 0,
    "of_word": 0,
    "clause_or_and": 0,
    "half_word": re.IGNORECASE,
    "reference_article": re.IGNORECASE,
}


class LanguageDataError(ValueError):
    """A language folder's data is missing a window, has an unknown one, or a pattern does not compile."""


class Words:
    """One language's compiled extraction words: each window is an attribute (`w.took_office`)."""

    def __init__(self, code: str, windows: dict[str, re.Pattern[str]], kind_words: dict[str, str],
                 indefinite: frozenset[str]):
        self.code = code
        self.windows = windows
        self.kind_words = kind_words  # "rack" -> "system": the word for a kind in "the rack", "per pod"
        self.indefinite = indefinite  # "ein", "eine": an article, not a count of one
        self.__dict__.update(windows)

    def __getattr__(self, name: str) -> re.Pattern[str]:  # only for a name that is no window: an error
        raise AttributeError(f"no window {name!r} in language {self.code!r}")


def _load(folder: Path) -> dict:
    from ..yamlload import load_yaml

    return load_yaml((folder / "extract.yaml").read_text(encoding="utf-8")) or {}


def window_names(root: Path) -> set[str]:
    """Every window some language folder under `root` gives, and every window FLAGS names."""
    names = set(FLAGS)
    for folder in root.iterdir():
        if (folder / "extract.yaml").is_file():
            names |= set(_load(folder).get("windows") or {})
    return names


def _read(folder: Path) -> tuple[Path, dict]:
    path = folder / "extract.yaml"
    data = _load(folder)
    missing = sorted(window_names(folder.parent) - set(data.get("windows") or {}))
    if missing:
        raise LanguageDataError(f"{path}: windows missing: {missing}")
    return path, data


def load_words(folder: Path) -> Words:
    """Compile a language folder's extract.yaml; LanguageDataError names the file and the window.

    With `borrows: [en]` (German writers use English phrases: "per GPU", "up to"), each window also
    matches the borrowed language's: `(?:own)|(?:borrowed)`. A window with capture groups is taken as
    written (its groups are read by number or name); kind words and indefinite articles are merged."""
    path, data = _read(folder)
    borrowed = [_read(folder.parent / str(code))[1] for code in data.get("borrows") or ()]
    windows = {}
    for name in sorted(data["windows"]):
        flags = FLAGS.get(name, DEFAULT_FLAGS)
        try:
            own = re.compile(data["windows"][name], flags)
            others = [b["windows"][name] for b in borrowed]
            if others and not own.groups:
                own = re.compile("|".join(f"(?:{p})" for p in (data["windows"][name], *others)), flags)
        except (re.error, TypeError) as e:
            raise LanguageDataError(f"{path}: window {name}: {e}") from None
        windows[name] = own
    kind_words: dict[str, str] = {}
    indefinite: set[str] = set()
    for d in (*borrowed, data):
        kind_words.update({str(k): str(v) for k, v in (d.get("kind_words") or {}).items()})
        indefinite.update(str(w) for w in d.get("indefinite") or ())
    return Words(folder.name, windows, kind_words, frozenset(indefinite))

"""The fast path of stage 3: every segment of an article through the pipeline at once, as one Doc.

build_nlp (nlp.py) decides the components; this module runs them on the article's segments joined into
one text and gives each segment what the claim extractor reads of its own Doc, exactly.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, cast

import numpy
from spacy.language import Language
from spacy.tokens import Doc

from .names import candidates as fuzzy_candidates
from .nlp import (
    _NAME_INDEXES,
    CUE_KEY,
    ENTITY_KEY,
    TEXT_KEY,
    PhraseRuler,
    _TextKeepingTokenizer,
    footnote_stops,
    may_have_rows,
    number_stops,
    phrase_matcher,
    quote_opens,
    table_row_starts,
)
from .quantities import find_quantities_in

# -- one Doc per article ------------------------------------------------------------------------
# Each segment as a Doc of its own costs the tokenizer's, every component's and the Doc's fixed
# overhead about thirty times an article. Instead the segments are joined with a line break into
# one text, tokenized and matched once, and each segment gets what the claim extractor reads of a
# Doc (entity and cue spans, sentences, quantities, its text), exactly as its own Doc would give it:
#
# - spaCy's tokenizer splits a text on whitespace and tokenizes each run of non-space characters on
#   its own, so every token between a segment's first and last non-space character is the same in
#   the joined Doc; only the whitespace at a segment's two ends is tokenized differently (a
#   segment's own Doc makes its leading and trailing whitespace tokens of their own), and those
#   tokens are made here as the tokenizer makes them.
# - the line break between two segments is always a token of its own, so no phrase pattern (none
#   has whitespace in it) matches across segments, and first-longest filtering, which only compares
#   overlapping matches, picks within each segment what it picks in the segment's own Doc.
# - the sentencizer is replayed per segment over its own token sequence (Sentencizer.predict: a
#   sentence starts at token 0 and at the first token after a sentence-final character that is
#   neither punctuation nor one), and German "<number>. Word" starts and the rows of a plain-text
#   table are added as hw_number_stops and hw_table_rows add them.
# tests/test_speed_equivalence.py compares both ways on every segment of corpus/ and on odd texts.
SEGMENT_JOINER = "\n"


class CharSpan:
    """A span by character offsets in its segment, as the claim extractor reads spaCy's Span."""

    __slots__ = ("end_char", "fuzzy", "label_", "start_char", "token")
    token: int  # its first token's index in the joined Doc (set where the span is made)

    def __init__(self, start_char: int, end_char: int, label_: str = ""):
        self.start_char = start_char
        self.end_char = end_char
        self.label_ = label_
        self.fuzzy = False  # found by hw_fuzzy (not an exact name)

    def __repr__(self) -> str:
        return f"CharSpan({self.start_char}, {self.end_char}, {self.label_!r})"


class _Extensions:
    __slots__ = ("hw_quantities",)

    def __init__(self, quantities):
        self.hw_quantities = quantities


class SegmentDoc:
    """What the claim extractor reads of a segment's Doc: spans, sentences, quantities, text."""

    __slots__ = ("_", "sents", "spans", "user_data")

    def __init__(self, text: str, entities: list[CharSpan], cues: list[CharSpan], sents: list[CharSpan],
                 quantities):
        self.spans = {ENTITY_KEY: entities, CUE_KEY: cues}
        self.sents = sents
        self._ = _Extensions(quantities)
        self.user_data = {TEXT_KEY: text}

    @property
    def text(self) -> str:
        return self.user_data[TEXT_KEY]


_FAST_LAYOUT = {"en": ["sentencizer", "hw_footnote_stops", "hw_quote_opens", "hw_table_rows", ENTITY_KEY, "hw_fuzzy",
                       CUE_KEY, "hw_quantities"],
                "de": ["sentencizer", "hw_footnote_stops", "hw_quote_opens", "hw_number_stops", "hw_table_rows", ENTITY_KEY,
                       "hw_fuzzy", CUE_KEY, "hw_quantities"]}


class ArticleAnalyser:
    """The pipeline of build_nlp (blank, no trained model) run on all segments of an article at once."""

    def __init__(self, nlp: Language):
        from spacy.attrs import IDX, IS_PUNCT, LENGTH, ORTH

        self.nlp = nlp
        self.tokenizer = cast(_TextKeepingTokenizer, nlp.tokenizer).tokenizer  # the bare one, under ours
        self.entities = cast(PhraseRuler, nlp.get_pipe(ENTITY_KEY))
        self.cues = cast(PhraseRuler, nlp.get_pipe(CUE_KEY))
        self.names = _NAME_INDEXES[nlp.get_pipe_config("hw_fuzzy")["names_key"]]
        self.lang = nlp.get_pipe_config("hw_quantities")["lang"]
        self.number_stops = nlp.has_pipe("hw_number_stops")
        strings = nlp.vocab.strings
        self.sentence_final = {strings[c] for c in cast(Any, nlp.get_pipe("sentencizer")).punct_chars}
        self.attrs = [IDX, LENGTH, IS_PUNCT, ORTH]
        self.labels: dict[int, str] = {}
        # one matcher with the patterns of both rulers, when no label is in both (a match's label
        # then tells whose it is)
        self.matcher = None
        if not set(self.entities.pattern_tokens) & set(self.cues.pattern_tokens):
            self.matcher = phrase_matcher(nlp.vocab, [self.entities.pattern_tokens, self.cues.pattern_tokens])
            self.entity_keys = {strings[label] for label in self.entities.pattern_tokens}
        self.fuzzy_memo: dict[str, str | None] = {}
        self.space_memo: dict[str, list[tuple[int, int]]] = {}

    @staticmethod
    def supports(nlp: Language) -> bool:
        return (isinstance(nlp.tokenizer, _TextKeepingTokenizer) and nlp.lang in _FAST_LAYOUT
                and nlp.pipe_names == _FAST_LAYOUT[nlp.lang] and not getattr(nlp, "_hw_model", False)
                and all(len(c) == 1 for c in cast(Any, nlp.get_pipe("sentencizer")).punct_chars))  # see docs()

    def _space_tokens(self, text: str) -> list[tuple[int, int]]:
        """(start, end) of the tokens the tokenizer makes of a run of whitespace."""
        out = self.space_memo.get(text)
        if out is None:
            if len(self.space_memo) > 1000:
                self.space_memo.clear()
            out = self.space_memo[text] = [(t.idx, t.idx + len(t.text)) for t in self.tokenizer(text)]
        return out

    def docs(self, texts: list[str]) -> list[SegmentDoc]:
        joined = SEGMENT_JOINER.join(texts)
        doc = self.tokenizer(joined)
        offsets, o = [], 0
        for t in texts:
            offsets.append(o)
            o += len(t) + len(SEGMENT_JOINER)
        if len(doc):
            arr = doc.to_array(self.attrs)
            idx = arr[:, 0].tolist()
            ends = (arr[:, 0] + arr[:, 1]).tolist()
            # sentence-final characters are single characters: only one-character tokens are one
            orths = arr[:, 3]
            final_set = self.sentence_final
            finals = [i for i in numpy.flatnonzero(arr[:, 1] == 1).tolist() if int(orths[i]) in final_set]
            # after a sentence-final token, the next token that is neither punctuation nor
            # sentence-final starts a sentence: such a token "breaks"
            breaks = (arr[:, 2] == 0).tolist()
            for i in finals:
                breaks[i] = False
        else:
            idx, ends, breaks, finals = [], [], [], []
        count = len(texts)
        if self.matcher is not None:  # both rulers' patterns in one matcher: one pass over the tokens
            raw = self.matcher(doc)
            entity_keys = self.entity_keys
            ent_raw = [m for m in raw if m[0] in entity_keys]
            cue_raw = [m for m in raw if m[0] not in entity_keys]
            ents = self._spans(self.entities.spans_of(ent_raw), idx, ends, offsets, count)
            cues = self._spans(self.cues.spans_of(cue_raw), idx, ends, offsets, count)
        else:
            ents = self._spans(self.entities.matches(doc), idx, ends, offsets, count)
            cues = self._spans(self.cues.matches(doc), idx, ends, offsets, count)
        self._fuzzy(doc, joined, offsets, ents)
        quantities = find_quantities_in(texts, self.lang)
        tokens = (idx, ends, breaks, finals)
        return [SegmentDoc(text, ents[k], cues[k], self._sentences(text, offsets[k], tokens), quantities[k])
                for k, text in enumerate(texts)]

    def _spans(self, matches, idx, ends, offsets, count) -> list[list[CharSpan]]:
        """Matches in the joined Doc -> per segment, spans by characters in the segment."""
        out: list[list] = [[] for _ in range(count)]
        k, o = 0, 0
        last = count - 1
        labels = self.labels
        for start, end, key in matches:
            a = idx[start]
            while k < last and offsets[k + 1] <= a:
                k += 1
                o = offsets[k]
            label = labels.get(key)
            if label is None:
                label = labels[key] = self.nlp.vocab.strings[key]
            span = CharSpan(a - o, ends[end - 1] - o, label)
            span.token = start
            out[k].append(span)
        return out

    def _fuzzy(self, doc: Doc, joined: str, offsets: list[int], ents: list[list[CharSpan]]) -> None:
        """hw_fuzzy: misspelled names, found as in each segment's own text (no candidate spans a line
        break), aligned to its tokens; spans in token order, as hw_fuzzy sorts them."""
        memo = self.fuzzy_memo
        if len(memo) > 100_000:
            memo.clear()
        resolve = self.names.resolve
        k, o = 0, 0
        last = len(offsets) - 1
        changed = set()
        taken: tuple[list[int], list[int]] | None = None  # segment k's matched spans: starts, running max of ends
        for m in fuzzy_candidates(joined):
            a, b = m.start(), m.end()
            while k < last and offsets[k + 1] <= a:
                k += 1
                o = offsets[k]
                taken = None
            if taken is None:
                taken = _taken(ents[k])
            i = bisect_left(taken[0], b - o)  # the spans starting before the candidate ends ...
            if i and taken[1][i - 1] > a - o:
                continue  # ... one of which ends after it starts: the candidate overlaps a matched name
            name = m.group()
            eid = memo.get(name, _UNSEEN)
            if eid is _UNSEEN:
                eid = memo[name] = resolve(name)
            if not eid:
                continue
            span = doc.char_span(a, b, alignment_mode="expand")
            if span is not None:
                extra = CharSpan(span.start_char - o, span.end_char - o, cast(str, eid))
                extra.token = span.start
                extra.fuzzy = True
                ents[k].append(extra)
                changed.add(k)
        for k in changed:
            ents[k].sort(key=_token_of)

    def _sentences(self, text: str, o: int, tokens) -> list[CharSpan]:
        """The sentences of the segment's own Doc (sentencizer, then hw_footnote_stops, hw_quote_opens, hw_number_stops
        and hw_table_rows)."""
        n_chars = len(text)
        if not n_chars:
            return []
        idx, ends, breaks, finals = tokens
        stripped = text.lstrip()
        a = n_chars - len(stripped)  # first non-space character
        b = a + len(stripped.rstrip())  # after the last one
        # The segment's own tokens: its leading whitespace, the joined Doc's tokens in between, its
        # trailing whitespace (a single space after the last token is that token's trailing
        # space). Token i of the segment is lead[i], then joined token i0 + i - n_lead, then trail.
        lead: list[tuple[int, int]] = self._space_tokens(text[:a]) if a else []
        n_lead = len(lead)
        i0, i1 = bisect_left(idx, o + a), bisect_left(idx, o + b)
        trail: list[tuple[int, int]] = []
        if b < n_chars:
            s0 = b + 1 if text[b] == " " else b
            if s0 < n_chars:
                trail = [(s0 + x, s0 + y) for x, y in self._space_tokens(text[s0:])]
        n_mid = i1 - i0
        # sentence starts after token 0, as indices into the joined Doc (i1: the first trailing token)
        starts = []
        j = bisect_left(finals, i0)
        n_finals = len(finals)
        while j < n_finals and finals[j] < i1:
            i = finals[j] + 1
            while i < i1 and not breaks[i]:
                i += 1
            if i < i1:
                starts.append(i)
            elif trail:
                starts.append(i1)
            j += 1
        for at in footnote_stops(text):
            i = bisect_left(idx, o + at, i0, i1)
            if i < i1 and idx[i] == o + at and n_lead + i - i0 > 0:
                starts.append(i)
        for at in quote_opens(text):  # (hw_quote_opens: the mark starts the sentence, not the word after it)
            i = bisect_left(idx, o + at, i0, i1)
            if i + 1 < i1 and idx[i] == o + at and idx[i + 1] == o + at + 1 and n_lead + i - i0 > 0 and i + 1 in starts:
                starts = [k for k in starts if k != i + 1] + [i]
        extra = number_stops(text) if self.number_stops else []
        if may_have_rows(text):
            extra = extra + table_row_starts(text)
        for at in extra:
            i = bisect_left(idx, o + at, i0, i1)
            if i < i1 and idx[i] == o + at and n_lead + i - i0 > 0:
                starts.append(i)
        last_end = trail[-1][1] if trail else (ends[i1 - 1] - o if n_mid else lead[-1][1])
        if not starts:
            return [CharSpan(0, last_end)]  # token 0 starts at character 0
        if len(starts) > 1:
            starts = sorted(set(starts))
        out = []
        begin = 0
        for i in starts:
            # the sentence before token i ends with the token before it
            out.append(CharSpan(begin, ends[i - 1] - o if i > i0 else lead[-1][1]))
            begin = idx[i] - o if i < i1 else trail[0][0]
        out.append(CharSpan(begin, last_end))
        return out


_UNSEEN = object()


def _token_of(span: CharSpan) -> int:
    return span.token


def segment_docs(nlp: Language, texts: list[str]):
    """One Doc-like result per segment text, lazily: the fast path for our own pipeline, nlp.pipe otherwise."""
    analyser: ArticleAnalyser | bool | None = getattr(nlp, "_hw_analyser", None)
    if analyser is None:
        analyser = ArticleAnalyser(nlp) if ArticleAnalyser.supports(nlp) else False
        setattr(nlp, "_hw_analyser", analyser)  # (built once per pipeline)  # noqa: B010
    if not isinstance(analyser, ArticleAnalyser):
        yield from nlp.pipe(texts)
        return
    for batch in _batches(texts):  # a long article in parts: one joined Doc of it all would hold every token at once
        yield from analyser.docs(batch)


BATCH_CHARS = 200_000


def _batches(texts: list[str]):
    """The segments in runs of about BATCH_CHARS characters (a longer segment is a run of its own)."""
    batch: list[str] = []
    size = 0
    for t in texts:
        if batch and size + len(t) > BATCH_CHARS:
            yield batch
            batch, size = [], 0
        batch.append(t)
        size += len(t)
    if batch:
        yield batch


def _taken(spans: list[CharSpan]) -> tuple[list[int], list[int]]:
    """A segment's matched (not fuzzy) name spans as sorted starts and the running maximum of their ends, so that
    whether a range overlaps one is a bisection, not a scan of every span of a long segment."""
    pairs = sorted((sp.start_char, sp.end_char) for sp in spans if not sp.fuzzy)
    ends, high = [], -1
    for _, end in pairs:
        high = max(high, end)
        ends.append(high)
    return [start for start, _ in pairs], ends

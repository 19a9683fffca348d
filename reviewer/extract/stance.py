"""What the article asserts: every claim's stance, decided before any check runs (vocabulary.Stance).

- asserted: the article's own, current claim. Only these raise contradicted or outdated alarms.
- quoted: someone else's words (a blockquote after "u/name replied:", "according to", an interviewer's
  premise, "some outlets wrote").
- refuted: a myth the article says is wrong ("The claim that X has 256 GB is wrong", "Myth: ...",
  "## 'Trainium3 has four times the memory'", "... stimmt nicht", "That is wrong." in the next sentence).
- corrected: an old value an erratum or changelog replaces ("the caption still lists 80 GB; the right value
  is 141 GB", "we wrongly gave ... as", "(was 94 GB)"); the new value after "the right value is" is asserted.
- historical: said of the time it names ("at launch", "bei der Vorstellung"): judged then, never outdated.
- speculation: "analysts expect", "reportedly", "angeblich": unverifiable at most.
- hypothetical: "if AWS doubled the memory, it would have ..."; a requirement ("mindestens 141 GB je Beschleuniger
  gefordert", a cell under "Requirement"); and a yes/no question ("Does the B200 have
  192 GB?"): it asks, it does not assert (quoted when the question is in quotation marks).
- negated: "50 GB/s and not 400 GB/s", "statt 96 GB": the figure after "not", "rather than", "statt".

The words are the language's (reviewer/lang/<code>/cues.yaml: REPORTED:<stance>, STANCE:<stance>; and
extract.yaml's windows); the rules are here, one function per kind of evidence. What each stance does to a
verdict is reviewer/verify.py's `by_stance`.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import pairwise

from ..lang import in_other_language
from ..lang.windows import Words
from ..models import Claim, Segment, evolve
from ..quantities import find_quantities
from ..units import family_of, to_base
from .discourse import Discourse
from .errata import corrects_itself, errata_old, instead_of_old
from .gates import (
    answered_at,
    author_label,
    is_discussed,
    label_then_quotation,
    labelled_quotation,
    mark_replaced_by_next,
    mark_replaced_within,
    page_line,
    question_turn,
    quoted_blockquote,
    quoted_heading,
    said_line,
)
from .patterns import ARROW, FULLY_QUOTED, LETTER_SIGNATURE, QUOTE_ATTRIBUTION, QUOTED
from .quotations import cited_quotation
from .sentence import Cue, Sentence

_ARROW_AFTER = re.compile(r"[\s*_~]*" + ARROW + r"\s*\S")
BOLD_QUESTION = re.compile(r"[ ]{2}[^ \n][^\n]{4,400}\?[ ]{2}\s*")  # a paragraph or line: one bold question


def segment_stance(seg: Segment, state: Discourse, w: Words) -> str:
    """The stance of every claim in the segment, from the segment's form alone ("asserted" when it says
    nothing): a heading that is only a quotation or names a myth, a quoted reply (after "u/name replied:",
    "Zitat von X:", or anywhere in a forum thread), a quote inside a quote ("> > MI355X sits at 1,000 W": what a
    reply answers), an interviewer's or a chatbot's turn, a reader's comment."""
    if quoted_heading(seg, w) or (seg.kind == "heading" and w.myth_label.search(seg.text)):
        return "refuted"
    # (a table cell's column header, which may say whose figures the column holds)
    column = state.cell_text.get(seg.col_header, "") if seg.kind == "table_cell" and seg.col_header >= 0 else None
    if column is not None and w.requirement_header.search(column):
        return "hypothetical"  # a tender's table: "| M-02 | Leistungsaufnahme je Beschleuniger ≤ 700 W |" under "Anforderung"
    if column is not None and (w.remark_header.match(column) or w.offer_header.match(column)):
        return "quoted"  # a colleague's remark; what an offer promised ("| Merkmal | Angebot RW-0417 | Datenblatt |")
    if column is not None and FULLY_QUOTED.fullmatch(seg.text):
        return "quoted"  # '| „Trainium2 schafft 2.563 TFLOPS FP8 – dicht“ (Wiederverkäufer RechenWerk) | Falsch: … |'
    if seg.kind == "paragraph" and BOLD_QUESTION.fullmatch(seg.text):
        return "quoted"  # "**We were told the H200 has twice the FP8 throughput. Is that right?**": an FAQ's question
    if seg.kind == "blockquote" and w.assistant_turn.match(seg.text):
        return "quoted"  # "> **Model B:** The H200 has 192 GB ...": a chatbot's answer, quoted for the judge
    if state.bot_turn and seg.quote_depth == 0 and seg.kind in ("paragraph", "table_cell", "list_item"):
        return "quoted"  # a chatbot's table or its next paragraph, in a published chat: its words, not the author's
    if column is not None and w.measured_header.match(column):
        return "measured"
    if seg.kind == "table_cell" and seg.row_header >= 0 and any(
            w.old_row.fullmatch(state.cell_text.get(b, "")) for b in range(seg.row_header, seg.block)):
        return "corrected"  # "Trainium2;alt;96;;1,287": a row its status cell marks as superseded
    if column is not None and w.corrected_header.match(column):
        return "corrected"  # an errata table's "| Seite/Zeile | gedruckt (falsch) | richtig |": the printed, wrong value
    if column is not None and w.then_header.match(column):
        # "| Trainium2 FP8 (TFLOPS) | 1,287 | 1,299 |" under "| Metric | Launch docs (Dec 2024) | Current |"
        return "historical"  # "| BF16 dicht (TFLOPS) | 1.979 | 741 |" under "| Kennwert | Datenblatt | Gemessen |"
    if seg.kind in ("paragraph", "list_item") and w.forwarded_header.match(state.last_paragraph):
        return "quoted"  # the post under "↪️ *Forwarded from GPU Bargain Hunter*": another channel's words
    if state.post_by == "staff" and seg.quote_depth <= 1 and seg.kind in ("paragraph", "blockquote", "list_item"):
        return "asserted"  # the editors' reply under a reader's comment ("> **Redaktion** · Antwort auf @name ...")
    if (seg.kind == "paragraph" and seg.text.startswith(("− ", "−\t"))) or (seg.kind == "blockquote" and bool(
            w.fix_intro.search(state.last_paragraph))):  # "− alte Fassung" over "+ neue Fassung" in a version diff: the
        return "corrected"  # text an edit replaced; a quote of one's own text "that needs fixing:"
    if seg.kind in ("blockquote", "paragraph") and w.reviewer_note.match(seg.text):
        return "quoted"  # "> Anm. Betreuer: Der Trainium2 hat 144 GB ...": a supervisor's margin note, right or wrong
    if seg.kind == "blockquote" and w.letter_signature.search(seg.text.rstrip()):
        return "quoted"  # a reader's letter with its signature: their premises, which the answer below takes up
    if seg.kind in ("paragraph", "list_item", "blockquote") and w.wiki_signature.search(seg.text):
        return "quoted"  # a wiki talk page's signed comments ("... --[[User:Name|Name]] 12:31, 5 May 2026 (UTC)")
    if ((seg.kind in ("list_item", "paragraph") and (lead := w.rumour_lead.match(seg.text) or w.measured_lead.match(seg.text)))
            or (seg.kind == "blockquote" and (lead := w.rumour_lead.match(seg.text)))) \
            and not (lead.re is w.rumour_lead and any(w.fact_label.match(x) for x in seg.text.split("\n")[1:])):
        return "speculation" if lead.re is w.rumour_lead else "measured"  # "- **MI355X rumour.**" (no "Fact:" below)
    if state.section in ("measured", "speculation") and seg.kind in ("paragraph", "list_item", "table_cell") \
            and not w.errata_note.match(seg.text):  # the author's own results under "### 3.2 Eigene Messungen" (not a
        return state.section  # correction note there); what may come, under "## Next year (speculation)"
    if state.speakers_own and seg.kind == "paragraph" and not page_line(seg.text, w) \
            and (state.in_turn or w.speaker_label.match(seg.text)):  # a speaker's turn, and the speech going on after
        return "quoted"  # an interjection (a fact-check between turns is the page's: "[...]", "**Fact check:** ...")
    if (seg.kind in ("paragraph", "list_item") and "\n" not in seg.text.strip()
            and (said_line(seg.text, w) or label_then_quotation(seg.text))) \
            or (seg.kind == "blockquote" and labelled_quotation(seg.text) >= 0):
        return "quoted"  # '**Model A answered:** "The H200 carries 141 GB ..."', '> **Model A:** "Roughly 3,958 ..."'
    if state.speakers_own and seg.kind in ("paragraph", "list_item") and labelled_quotation(seg.text) >= 0:
        return "quoted"  # a submitter's quoted words, on a page that disowns them
    handle = w.handle_label.match(seg.text) if seg.kind == "blockquote" and "@" in seg.text[:12] else None
    if handle is not None and handle.group("handle") != state.author_handle:
        return "quoted"  # "> **@tpu_or_bust:** Why not TPUs? A v5p has ... 192 GB": another account's post
    chat = w.chat_line.match(seg.text) if seg.kind == "paragraph" and seg.text.lstrip(" *_")[:1] == "[" else None
    if chat is not None and not (chat.group("role") and w.chat_staff.search(chat.group("role"))) \
            and chat.group("handle") != state.author_handle:
        return "quoted"  # "[00:06:30] **@hbm_hoarder:** NVLink 5 = 1.8 Tbps per GPU": a viewer's, not "(host)"'s
    reply = w.reply_line.match(seg.text) if seg.kind == "paragraph" and "↳" in seg.text[:8] else None
    if reply is not None and reply.group("handle") != state.author_handle:
        return "quoted"  # "↳ **@fp8_or_bust** · 8:40 AM: the datasheet literally says 10 PFLOPS": another's reply
    answer = seg.kind == "blockquote" and author_label(seg.text, w)  # the page's answer: "> **Name** (creator): …"
    if state.post_by == "reader" and seg.kind in ("paragraph", "blockquote", "list_item", "table_cell") and not answer:
        return "quoted"  # a reader's comment below its byline ("**name** · 27.01.2026, 09:41 · ▲ 57 ▼ 4")
    if (seg.kind in state.quoting_kinds and seg.quote_depth > 0 and state.thread and not answer) \
            or quoted_blockquote(seg, state.last_paragraph, w) \
            or seg.quote_depth >= 2 or (state.comments and seg.kind != "heading" and not author_label(seg.text, w)) \
            or (question_turn(seg, w) and answered_at(seg.text, w) < 0) \
            or (seg.kind == "paragraph" and w.comment_header.match(seg.text)):
        return "quoted"  # (and a comment under "**Name** · Role")
    return "asserted"


def set_aside_in(claims: list[Claim], spans: Sequence[tuple[int, int]], stance: str,
                 over: tuple[str, ...] = ("asserted",)) -> list[Claim]:
    """The claims of a stance in `over` (the asserted ones) starting inside one of `spans` (sorted, apart) take `stance`."""
    starts = [a for a, _ in spans]

    def inside(x: int) -> bool:
        k = bisect_right(starts, x) - 1
        return k >= 0 and x < spans[k][1]

    return [evolve(c, stance=stance) if c.stance in over and inside(c.start) else c for c in claims]


def attributed_quotes(segs: Sequence[Segment], claims: list[Claim]) -> list[Claim]:
    """A block quote whose last paragraph is an attribution ("> — @siliconskeptic, December 3, 2025", an embedded
    post; "> – Jensen Huang, CEO"): the paragraphs of the quote above it are that person's words."""
    spans = []
    for i, seg in enumerate(segs):
        if seg.kind == "blockquote" and i and segs[i - 1].kind == "blockquote" \
                and QUOTE_ATTRIBUTION.fullmatch(seg.text.replace(">", " ")):
            first = i - 1
            while first > 0 and segs[first - 1].kind == "blockquote" \
                    and not QUOTE_ATTRIBUTION.fullmatch(segs[first - 1].text.replace(">", " ")):
                first -= 1
            spans.append((segs[first].start, seg.start))
    return set_aside_in(claims, spans, "quoted") if spans else claims


def signed_letters(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A letters page: the paragraphs above a signature line ("*Thomas K., Bielefeld*"), from the heading or the
    signature or the editors' reply before them, are a reader's words, and the heading that opens them ("Betreff:
    96 GB bei der H100?") with them; the editors' reply below the signature stays the page's own. (A guest book's
    signed entries are the page itself: "# Gästebuch · Hotel Alte Weberei".)"""
    if any(seg.kind == "heading" and w.guest_book.search(seg.text) for seg in segs[:4]):
        return claims
    spans = []
    opened = 0  # index of the first segment of the letter being read
    for i, seg in enumerate(segs):
        if seg.kind == "heading" and (i == 0 or segs[i - 1].kind != "heading"):
            opened = i
        elif seg.kind == "paragraph" and LETTER_SIGNATURE.fullmatch(seg.text) and i > opened:
            spans.append((segs[opened].start, seg.start))
            opened = i + 1
    return set_aside_in(claims, spans, "quoted") if spans else claims


def refuted_below(segs: Sequence[Segment], claims: list[Claim], w: Words) -> list[Claim]:
    """A table (or a code block's record) and, right after it, a paragraph whose first sentence calls some of it stale or
    wrong ("Three of those fields are stale or wrong. The 192 GB and 8 TB/s are what ...", "Zwei Werte der Tabelle sind
    veraltet: ..."): a figure of the table that the paragraph repeats is refuted; the others stay the article's own."""
    pairs = []
    first = None  # the first cell of the table being read
    for prev, seg in pairwise(segs):
        if prev.kind == "table_cell" and first is None:
            first = prev
        elif prev.kind != "table_cell":
            first = None
        if first is not None and seg.kind == "paragraph" and w.stale_record.search(seg.text, 0, _first_end(seg.text)):
            pairs.append((first.start, prev.start + len(prev.text), seg))
    if not pairs:
        return claims
    out = list(claims)
    order = sorted(range(len(claims)), key=lambda i: claims[i].start)
    starts = [claims[i].start for i in order]
    for lo, hi, para in pairs:
        said = _figures(para.text, w.code)
        for i in order[bisect_left(starts, lo):bisect_left(starts, hi)]:
            c, q = out[i], out[i].quantity
            if c.stance == "asserted" and q is not None and q.unit and any(
                    abs(x - to_base(q.value, q.unit)) <= 1e-6 * abs(x) for x in said.get(family_of(q.unit), ())):
                out[i] = evolve(c, stance="refuted")
    return out


def _figures(text: str, lang: str) -> dict[str, list[float]]:
    """The figures with a unit that `text` writes ("192 GB", "7,7 TB/s"), in base units by the unit's family."""
    out: dict[str, list[float]] = {}
    for q in find_quantities(text, lang):
        if q.unit:
            out.setdefault(q.family, []).append(to_base(q.value, q.unit))
    return out


def _first_end(text: str) -> int:
    m = _SENTENCE_END.search(text)
    return m.end() if m else len(text)


def _dated_after(s: Sentence, rel: int, rel_end: int) -> bool:
    """A clause after the figure, with no other figure between, says it was a past day's ("..., because that is what
    the Neuron docs said at launch in December 2024"); or the figure goes along with one that was announced then
    ("192 GB is what NVIDIA announced for the B200 at GTC in March 2024, together with 8 TB/s")."""
    then = s.w.that_was_then.search(s.text, rel_end)
    if then is not None and not any(rel_end <= q.start - s.start < then.start() for q in s.quantities):
        return True
    return bool(s.w.along_with_before.search(s.text, max(0, rel - 24), rel)) and any(
        q.end - s.start < rel and s.w.announced_after.match(s.text, q.end - s.start) for q in s.quantities)


_SENTENCE_END = re.compile(r"[.!?:](?=\s|$)")
def mark_myths(sentences: list[Sentence], mistake: bool = False) -> None:
    """"Myth: Trainium3 has four times the memory. Fact: ...": the sentences from a myth label to the next
    fact label are refuted; so is a sentence followed by "That is wrong." / "Das stimmt nicht." / "If only.", and
    one that mocks its figure ("Sure, and the B200 surely has a terabyte of memory."). A list item under
    a heading of mistakes (`mistake`: "## Common wrong answers", "Sidebar: What the book gets wrong") states the
    mistake in its first sentence; what follows it is the right value ("- p. 57: H100 FP8 given as 3,958 TFLOPS
    dense. That is the sparse figure; dense is 1,979 TFLOPS.")."""
    first = next((x for x in sentences if x.quantities or x.mentions), None) if mistake else None
    if first is not None:  # (its first sentence with a figure: "**[00:09:55]** Wir haben gesagt, ... 1,77 TB ...")
        first.refuted = True
    refuting = False
    for i, s in enumerate(sentences):
        labelled = ":" in s.text or "–" in s.text or "—" in s.text  # (every label ends with one of them)
        # a label opens the sentence or one of its lines ("Zwei Dauerbrenner:\nIrrtum: ...")
        for line in s.text.split("\n") if labelled else ():
            if s.w.myth_label.search(line):
                refuting = True
            elif s.w.fact_label.search(line):
                refuting = False
        nxt = sentences[i + 1] if i + 1 < len(sentences) else None
        if refuting or (nxt is not None and (s.quantities or s.mentions) and (
                s.w.refuted_next.search(nxt.text) or s.w.contrary_lead.match(nxt.text))) or s.w.ironic_lead.match(s.text):
            s.refuted = True
        elif nxt is not None and s.quantities and s.w.questioned_next.match(nxt.text):
            s.questioned = True  # "One reseller PDF says the MI325X has 288 GB. Which is it?"
        elif nxt is not None and s.quantities and not s.refuted:
            mark_replaced_by_next(s, nxt)  # "We assumed 16 GB per chip. The correct figure is 32 GiB."
        if s.quantities and not s.refuted:
            mark_replaced_within(s)  # "… 1,400 W per GPU; we have corrected that to 1,100 W."
        if refuting and labelled and QUOTED.search(s.text):
            refuting = False  # 'Common misconception: "A trn2.48xlarge has 64 chips." It has 16.': the quote is the myth


_CLAUSE_LEAD = re.compile(r"[:—–]\s+(?=[Ww]hen\b|[Aa]ls\b)")  # a clause after a colon or dash that opens with "when"


def _when_clause_end(s: Sentence, start: int) -> int:
    """Where a clause of the past that opens the sentence, or one after its colon or dash or after "recalled that", ends
    ("Als der Tracker am 01.03.2025 startete,", "...: when Trn2 went GA in December 2024 the docs said"); -1 if none."""
    if s.text[:16].lstrip(" *_>-\n").startswith(("Als ", "When ", "Back when ", "Damals, als ", "Damals als ")):
        when = s.w.when_past.match(s.text)
        if when is not None:
            return when.end()
    leads = list(_CLAUSE_LEAD.finditer(s.text, 0, start - s.start)) if ": " in s.text or "— " in s.text else []
    # (and one a verb of saying opens: "Rafael recalled that when we signed the Trn1 reservation in 2023, ...")
    for d in leads + list(s.w.when_lead.finditer(s.text, 0, start - s.start)):
        rest = s.text[d.end():]
        m = s.w.when_past.match(rest[:1].upper() + rest[1:])
        if m is not None:
            return d.end() + m.end()
    return -1


def _marked(s: Sentence, start: int, end: int) -> str | None:
    """The stance the value's own marks give, before any stance word is looked for: an arrow after it, a pointer to
    the page's corrections, a period that ended, a yes/no question (or one the next sentence asks about it), a
    translation's original wording."""
    if _ARROW_AFTER.match(s.text, end - s.start):
        return "corrected"  # "HBM3e → HBM3", "NVLink 5 -> NVLink 4": where a change started
    if "(" in s.text and s.w.see_corrections.match(s.text, end - s.start):
        return "corrected"  # "die Speicherbandbreite liege bei 4,9 Tbit/s (siehe Korrekturen)": corrected further down
    until = s.w.until_past.match(s.text) if s.text[:12].lstrip(" *_>-\n").startswith(("Bis ", "Until", "Till", "Up to")) \
        else None
    if until is not None and until.end() <= end - s.start and not any(ch in s.text[until.end():start - s.start]
                                                                       for ch in ";:"):
        return "historical"  # "Bis Ende Mai 2025 verlangte AWS noch 98,32 US-Dollar": the period that ended then
    ended = s.w.cost_until.search(s.text) if s.w.until_word.search(s.text) else None
    if ended is not None and ended.start() < start - s.start and not any(ch in s.text[ended.start():start - s.start]
                                                                          for ch in ";:"):
        return "historical"  # "kostete bis Juni 2025 98,32 US-Dollar", "cost $98.32 an hour until June 2025"
    if s.text.rstrip(" *_)]»“”\"'\n").endswith("?") and (s.w.yes_no_question.match(s.text) or s.w.tag_question.search(s.text)):
        # 'Bieterfrage 3: „Trifft es zu, dass die MI325X 288 GB bietet?“', "Sind das nicht eher 2,56 Tbit/s?"
        quoted = any(q.start() < start - s.start and end - s.start <= q.end() for q in QUOTED.finditer(s.text))
        if quoted or s.w.yes_no_question.match(s.text):  # ('"Your B200s have 192 GB each, right?"': someone asks;
            return "quoted" if quoted else "hypothetical"  # the author's own "…, right?" half-asserts: a warning)
    premise = s.w.premise_question.match(s.text) if s.text.rstrip(" *_\n").endswith("?") else None
    if premise is not None and end - s.start <= premise.end():
        return "quoted"  # "Since Trainium3 speaks NVLink, can I plug my own H100s into the pool?": the asker's premise
    if s.w.nothing_after.match(s.text, end - s.start):
        return "negated"  # "the H200 doubles nothing on compute"
    doubt = s.w.doubt_question.search(s.text) if "?" in s.text else None
    if doubt is not None and doubt.start() < start - s.start:
        return "speculation"  # "TODO: check - I think the MI325X has 288 GB?": the writer is not sure
    if s.questioned or (s.w.echo_question.match(s.text) and not s.w.tag_question.search(s.text)):
        return "quoted"  # "Hold on. The B200 at 192 GB?": a figure echoed in doubt; a report the next sentence asks about
    if "(" in s.text and any(q.start() < start - s.start and end - s.start <= q.end()
                             and s.text[:q.start()].rstrip().endswith("(") and in_other_language(q.group(), s.w.code)
                             for q in QUOTED.finditer(s.text)):
        return "quoted"  # a translation's original wording in parentheses: („28.8 TB/s of EFA bandwidth“)
    return None


def _theirs(h: dict, text: str, rel: int) -> bool:
    """The value at sentence offset `rel` is what a cited work states ("Patel et al. [10] state that Trainium2 offers
    ... 4 TB/s", up to a clause break) or what other documents say ("some OEM decks still say 192 GB, and honestly
    ...", up to the clause's end)."""
    return any(b <= rel and not any(ch in text[b:rel] for ch in ";:") for b in h["cited"]) \
        or any(a <= rel < b for a, b in h["others"])


def _reported(s: Sentence, rel: int) -> list[Cue]:
    """The report cues of a value; not of a report a lead contrasts it with ("Anders als dort behauptet, hat …")."""
    cues = s.cue("REPORTED")
    contrary = s.w.contrary_lead.match(s.text)
    if contrary is not None and contrary.end() <= rel:
        cues = [c for c in cues if c.start - s.start >= contrary.end()]
    # a question about a topic answered after a colon ("Several of you asked about TPU7x: 192 GiB ...")
    return [c for c in cues if ":" not in s.text[c.end - s.start:rel] or not s.w.asked_about.match(s.text, c.start - s.start)]


_OPENS_CLAUSE = re.compile(r"(?:^|[:;,.–—(]\s*)\W*(?:\w{1,4}\s+)?$")  # (the figure opens its clause: "…: 12,8 TB/s wären")

def figure_stance(s: Sentence, start: int, end: int, errata: bool = False) -> str:
    """The stance of a value written at text offsets [start, end) of sentence `s` (its segment's stance
    aside): evidence at the value itself first, then the sentence's. On an errata page (`errata`), a quoted
    value and what an old text "said" or "gave" are the corrected ones."""
    at_value = _at_value(s, start, end)
    if at_value is not None:
        return at_value
    h = hints(s)
    if not h["any"] and not errata:
        return "asserted"  # (most sentences: no stance word, cue or mark at all)
    rel, rel_end = start - s.start, end - s.start
    text = s.text
    if s.was and any(a < start and end <= b for a, b in s.was):
        return "corrected"  # "now reads 28.8 TB/s (was 12.8 TB/s, the figure of the 64-chip version)": the old value
    if (h["fix"] is not None and rel >= h["fix"] and not any(h["fix"] <= b and _still_then(s, b, rel)
                                                             for b in h["historical_lead"])) \
            or _STRUCK_BEFORE.search(text, max(0, rel - 40), rel):
        # "...; the right value is 141 GB", "rated at ~~700 W~~ 1,000 W": the correction's own value (not a past it
        # goes on to tell: „Richtig ist, dass AMD bei der Vorstellung noch von 288 GB sprach")
        return "asserted"
    if any(b <= rel and any(sep in text[b:rel] for sep in (";", " – ", " — ", " - ")) for b in h["errata"]):
        return "asserted"  # "In einer früheren Version hieß es „1.200 Hektar“; das Gelände misst 1.200 Acres"
    if is_discussed(s, start, end) or (h["self_correction"] and s.w.self_correction.match(text, rel_end)):
        return "corrected"  # '"96 GB" is wrong', "(was 94 GB)", "96 GB, äh, nein, 141 GB": an old value
    if (errata and errata_old(s, rel, rel_end)) or corrects_itself(s, h["fix"], rel, rel_end):
        return "asserted" if errata and instead_of_old(s, start, rel) else "corrected"  # 'The caption read "..."'
    reported = _reported(s, rel)
    if reported:
        first = min(reported, key=lambda c: c.start)
        said = first.label.split(":", 1)[1]
        if said == "corrected" and first.start - s.start < rel and _after_break(s, first.start - s.start, rel):
            return "asserted"  # "We wrongly gave its memory as 128 GB; it has 96 GB": the second clause
        if not (said == "speculation" and first.start - s.start < rel and ";" in text[first.end - s.start:rel]):
            return said  # (a rumour ends at a semicolon: "statt der gemunkelten 144 GB ...; gefertigt wird in 5 nm")
    if any(b <= rel and not any(ch in text[b:rel] for ch in ';:"“”„«»') for b in h["asked"]):
        return "quoted"  # "A student asked why, if every H100 has 141 GB, the placard ...": the asker's premise
    if _theirs(h, text, rel):
        return "quoted"  # "Patel et al. [10] state that ... 4 TB/s", "some OEM decks still say 192 GB, and ...": theirs
    if _refuted(s, h, rel, rel_end):
        return "refuted"
    if any(b <= rel for b in h["errata"]) or (h["changed"] and (
            s.w.changed_from.search(text, 0, rel) or (s.w.from_end.search(text, max(0, rel - 12), rel)
                                                      and s.w.changed_to_after.match(text, rel_end)))) \
            or any(a <= rel and rel_end <= b for a, b in h["errata_spans"]):
        # "the figure caption still lists 80 GB", "corrected from 144 GB to 128 GB", "von 800 Gbit/s auf 1.600
        # Gbit/s korrigiert"
        return "corrected"
    if h["negation"] and (s.w.negated_before.search(text, max(0, rel - 40), rel)
                          or s.w.negated_phrase.search(text, max(0, rel - 60), rel)
                          or s.w.negated_scope_after.match(text, rel_end)):  # "die 13,4 TB nicht pro Chip gelten"
        return "negated"  # "50 GB/s and not 400 GB/s", "statt 96 GB", "instead of 80 GB of HBM3 at 3.35 TB/s"
    if any(b <= rel and not any(ch in text[b:rel] for ch in ";:") for b in h["requirement"]):
        return "hypothetical"  # "Je Beschleuniger gelten mindestens 141 GB HBM ... und höchstens 700 W": a requirement
    hyp = h["hypothetical"]  # (or a figure that opens its what-if: "12.8 TB/s would be eight times as much")
    if (s.w.counterfactual_after.match(text, rel_end) and _OPENS_CLAUSE.search(text, 0, rel)) or (
            hyp is not None and hyp[0] <= rel and (";" not in text[hyp[1]:rel] or s.w.hypothetical_goes_on.search(
                text, text.rfind(";", hyp[1], rel) + 1, clause_end(text, rel_end)))
            and not s.w.actual_before.search(text, max(0, rel - 48), rel)):  # ("… wie die heutigen 20,7 TB": today's)
        # "if AWS doubled the memory, it would have 288 GB"; "Sollte AWS ... anbieten, würden wir ...; die Variante ... dann"
        return "hypothetical"
    if (s.has_cue("STANCE:measured") and any(_measures(s, c, rel, rel_end) for c in s.cue("STANCE:measured"))) \
            or any(b <= rel and not s.w.measured_break.search(text, b, rel) for b in h["measured"]):
        return "measured"  # "erreichten wir 741 TFLOPS", "our copy kernel topped out at 2.91 TB/s": no specification
    for label in ("STANCE:quoted", "STANCE:speculation", "STANCE:hypothetical", "STANCE:historical"):
        if s.has_cue(label) and any(_governs(s, c, rel, rel_end) for c in s.cue(label)):
            return label.split(":", 1)[1]
    if any(_still_then(s, b, rel) for b in h["historical_lead"]) or _dated_after(s, rel, rel_end):
        return "historical"  # "At the Trn2 launch in December 2024, the Neuron docs listed 1,287 TFLOPS"
    if any(a >= rel_end and not any(ch in text[rel_end:a] for ch in ",;:") for a in h["historical_after"]) \
            or s.w.announced_after.match(text, rel_end) \
            or (s.w.with_before.search(text, 0, rel) and s.w.announced_clause_end.match(text, rel_end)):
        # "NVIDIA gave 192 GB at the GTC 2024 launch", "288 GB is what AMD announced", "Mit 288 GB hatte AMD den
        # Chip im Juni 2024 angekündigt"
        return "historical"
    if s.has_cue("ATTR:announced") and s.quantities and any(
            c.end - s.start <= rel and not any(ch in s.w.date_comma.sub("", text[c.end - s.start:rel]) for ch in ",;:")
            for c in s.cue("ATTR:announced")):
        return "historical"  # "AMD announced the MI325X with 288 GB", "unveiled on March 18, 2024, with 192 GB": then
    return "quoted" if cited_quotation(s, rel, rel_end) else "asserted"


def _refuted(s: Sentence, h: dict, rel: int, rel_end: int) -> bool:
    """A myth the sentence refutes: "The claim that the MI300X has 256 GB is, of course, wrong", "Don't believe the
    myth that ...", "You believed the myth that ..." (in the myth's own clause), a mistake named after it."""
    text = s.text
    if s.refuted or (h["refuted_after"] and _refuted_clause(s, rel_end)) or any(rel_end <= b for b in h["mistake"]):
        return True
    return (any(a < rel for a in h["refuted_lead"]) and bool(
        s.w.correction.search(text, rel_end) or s.w.in_fact.search(text, rel_end) or s.w.disbelief_before.search(text, 0, rel))) \
        or any(not any(ch in text[m.end():rel] for ch in ";:") for m in s.w.myth_that.finditer(text, 0, rel))


_NO_HINTS: dict = {"fix": None, "self_correction": False, "refuted_after": False, "refuted_lead": [], "errata": [],
                   "errata_spans": [], "mistake": [], "changed": False, "negation": False, "hypothetical": None, "cited": [],
                   "historical_lead": [], "historical_after": [], "measured": [], "requirement": [], "asked": [],
                   "others": []}


def hints(s: Sentence) -> dict:
    """What the sentence holds of the stance windows, found once for all its values: where a correction's
    new value starts, where errata and history leads end, whether it negates, supposes or refutes at all."""
    h = s.stance_hints
    if h is not None:
        return h
    text, w = s.text, s.w
    clue = w.stance_clue.search(text) is not None
    if not clue:
        h = dict(_NO_HINTS)  # (most sentences: no word any window starts from)
    else:
        fix = w.correct_marker.search(text)
        hyp = w.hypothetical.search(text)
        leads = list(w.historical_lead.finditer(text))
        h = {
            "fix": fix.end() if fix else None,
            # (cheap words first: the full windows are matched only at a value, where these occur)
            "self_correction": w.self_correction_word.search(text) is not None,
            "refuted_after": w.refuted_word.search(text) is not None,
            "refuted_lead": [m.start() for m in w.refuted_lead.finditer(text)],
            "errata": [m.end() for m in w.errata_before.finditer(text)],
            # "Absatz gelöscht, der der H100 141 GB HBM3e zuschrieb": the old text's values inside the clause
            "errata_spans": [(m.start(), m.end()) for m in w.errata_clause.finditer(text)],
            "mistake": [m.end() for m in w.mistake_label.finditer(text)],  # "Common mistake: reading 720 PFLOPS as dense"
            "changed": w.changed_word.search(text) is not None,
            "negation": w.negation_word.search(text) is not None,
            "hypothetical": (hyp.start(), hyp.end()) if hyp else None,
            "historical_lead": [m.end() for m in leads],
            "historical_after": [m.start() for m in leads],
            "cited": [m.end() for m in w.cited_work.finditer(text)],
            "measured": [m.end() for m in w.measured_clause.finditer(text)],
            "requirement": [m.start() for m in w.requirement_clause.finditer(text)],
            "asked": [m.end() for m in w.asked_clause.finditer(text)],  # "asked why, if every H100 has 141 GB, ..."
            "others": [(m.start(), m.end()) for m in w.others_say.finditer(text)],  # "some OEM decks still say 192 GB"
        }
    # (the long announced_after window is searched last, only when nothing else opened the sentence: „…“, den Werten,
    # die NVIDIA … nannte)
    h["any"] = bool(s.discussed or s.refuted or s.has_cue("REPORTED") or s.has_cue("STANCE:")
                    or s.has_cue("ATTR:announced") or any(h.values()) or (clue and w.announced_after.search(text)))
    s.stance_hints = h
    return h


def _still_then(s: Sentence, b: int, rel: int) -> bool:
    """A past that a lead opens at sentence offset `b` still speaks at `rel`: no clause break between, and no clause
    that comes back to the present ("At launch, ... 288 GB, but it now ships with 256 GB")."""
    lead = _LEAD_COLON.match(s.text, b)  # ("in the Neuron docs at GA: FP8 1,287 TFLOPS": the lead's own colon)
    b = lead.end() if lead else b
    # (not the colon inside a name: "Als wir 2023 Trainium2 vorgestellt haben, auf der re:Invent, stand noch ...")
    return b <= rel and not _GAP_BREAK.search(s.text, b, rel) and not s.w.now_clause.search(s.text, max(0, b - 1), rel)


_LEAD_COLON = re.compile(r"[ \t]*:")
# a struck value right before the figure ("~~700 W~~ 1,000 W"), blanked to spaces like all markup: six and more
_STRUCK_BEFORE = re.compile(r"(?<=\S) {6,}$")


def _governs(s: Sentence, c: Cue, rel: int, rel_end: int) -> bool:
    """Whether a cue ("is expected to", "at launch") speaks of the value at [rel, rel_end): the value comes
    after it in the same clause, or right before it with no comma between ("288 GB at launch"). In "Project
    Rainier, switched on in June 2025, was expected to scale past one million chips" only the last is."""
    a, b = c.start - s.start, c.end - s.start
    if b <= rel:
        gap = s.text[b:rel]
        if s.w.now_clause.search(gap):
            return False  # "Bei der Vorstellung war von 288 GB die Rede, ausgeliefert wird sie mit 256 GB"
        # (a label's own colon does not part them: "Ihr Zielpreis für die p5.48xlarge: 50,00 $")
        return not _GAP_BREAK.search(gap) or bool(_LABEL_GAP.fullmatch(gap))
    return a >= rel_end and not any(ch in s.text[rel_end:a] for ch in ",;:")


_GAP_BREAK = re.compile(r";|:(?!\w)")  # a clause break (not the colon inside a name: "at re:Invent, AWS CEO ...")
_LABEL_GAP = re.compile(r"(?:[^;:.]|\.(?=\S)){0,40}:[\s*_]*(?:[\w-]+\s+){0,3}")  # ("Damals, ...: Doku nennt 1.287")


def _measures(s: Sentence, c: Cue, rel: int, rel_end: int) -> bool:
    """Whether a measurement cue ("we measured", "kam auf") speaks of the value at [rel, rel_end): the value
    follows it before the measurement's clause ends ("…, whose TDP is 700 W", "of its 3.35 TB/s"), or comes
    right before it ("2.91 TB/s in our tests")."""
    a, b = c.start - s.start, c.end - s.start
    if "(" in s.text[max(0, a - 1):a + 1]:  # "2.47 TB/s (measured, 1 GiB buffers)": the figure right
        # before it, and its bracket
        if b <= rel:
            return not any(ch in s.text[b:rel] for ch in ")\n")
        return 0 <= a - rel_end <= 25 and not any(ch in s.text[rel_end:a] for ch in ",;:\n")
    if b <= rel:
        return not s.w.measured_break.search(s.text, b, rel)
    return a >= rel_end and not any(ch in s.text[rel_end:a] for ch in ",;:")


def _noted_otherwise(s: Sentence, start: int, end: int) -> bool:
    """A bracketed note after the value in its clause corrects it ("[Anm. d. Ü.: Genau genommen ...]"), or one right
    after it gives another figure of its unit ("bei 3,9 TB/s [Anm. d. Red.: Für die H100 SXM nennt Nvidia 3,35 TB/s.]")."""
    note = s.w.correcting_note.search(s.text, end - s.start)
    if note is not None and not any(ch in s.text[end - s.start:note.start()] for ch in ".;:!?"):
        return True
    right = s.w.editor_bracket.match(s.text, end - s.start)
    if right is None:
        return False
    # (a figure of its unit, or for a bare count another count: "512 Chips pro Pod [Lehrkraft: ... 256 Chips!]")
    own = next((q for q in s.quantities if q.start == start), None)
    unit = s.text[start - s.start:end - s.start].split()[-1]
    return any(q.start - s.start >= right.start() and q.end - s.start <= right.end()
               and q.text != s.text[start - s.start:end - s.start]
               and (q.text.endswith(unit) if not unit[:1].isdigit() else own is not None and own.family == q.family == "count")
               for q in s.quantities)


def _at_value(s: Sentence, start: int, end: int) -> str | None:
    """The stance the value's own marks give, or a note right after it, or a "when" clause it stands in; None if none."""
    marked = _marked(s, start, end)
    if marked is not None:
        return marked
    if "[" in s.text and _noted_otherwise(s, start, end):
        return "corrected"  # "doppelt so viel Speicher [Anm. d. Ü.: Genau genommen ist es das 1,76-Fache.]"
    when_end = _when_clause_end(s, start)
    if 0 <= when_end <= start - s.start and not any(ch in s.text[when_end:start - s.start] for ch in ";:") \
            and not s.w.now_clause.search(s.text, max(0, when_end - 1), start - s.start):  # (", and the shipping part ended up")
        return "historical"  # "Als der Tracker am 01.03.2025 startete, kostete die p5.48xlarge noch 98,32 $"
    asked = s.previous.text.rstrip(" *_\n") if s.previous is not None else ""
    if (asked.endswith(("? –", "? —")) or (asked.endswith("?") and s.text.lstrip(" *_")[:1] in "–—")) \
            and s.w.past_question.search(asked) and ". " not in s.text[:start - s.start]:
        return "historical"  # "When Nvidia announced the B200 at GTC in March 2024, how much HBM did it quote? – 192 GB."
    return None


def _after_break(s: Sentence, cue: int, rel: int) -> bool:
    """Whether a figure of the sentence lies between the reported cue and a clause break (";", ":", " — ")
    that comes before the value at `rel`: the reported clause has ended."""
    for q in s.quantities:
        a = q.start - s.start
        if cue < a < rel:
            gap = s.text[q.end - s.start:rel]
            if any(b in gap for b in (";", ": ", " — ", " – ")):
                return True
    return False


def _refuted_clause(s: Sentence, rel_end: int) -> bool:
    """A value followed in its clause by "is wrong" / "stimmt nicht" is refuted unless another figure
    comes between them (then that one is)."""
    m = s.w.refuted_after.match(s.text, rel_end)
    if m is None:
        return False
    return not any(rel_end < q.start - s.start < m.end() for q in s.quantities)


def clause_end(text: str, at: int) -> int:
    """Where the clause around `at` ends: the next semicolon, or the sentence's end."""
    end = text.find(";", at)
    return len(text) if end < 0 else end

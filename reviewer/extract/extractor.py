"""Stage 4: spaCy Docs of segments -> Claims, one segment at a time in article order.

For each segment the extractor (1) splits it into sentences and marks what the article does not assert
(gates), (2) updates the discourse: the entities named, the table's headers, the lists' leads, (3) places
the figures in their sentences, and (4) runs the rules: one per figure (by its family), then the
sentence rules. A rule reads the sentence, the discourse and the fact base and returns claims; what it
inferred ("the successor" is Trainium3) it records on its context, and the extractor adds it to the
memory after the rule returns. No rule writes the discourse.

The subject of a value comes, in this order, from: the table row and column headers; the nearest
fitting entity in the same sentence (entities after "than"/"als"/"vs." are what is compared against,
not the subject); the list item's lead; and for "the chip"/"der Chip"/"its", or a sentence with no
entity, the nearest earlier mention in the paragraph, the list's intro or the section heading (subjects.py).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import pairwise

from spacy.tokens import Doc

from ..factbase.base import FactBase
from ..lang import words
from ..models import Claim, Quantity, Segment, evolve
from ..nlp import doc_text
from ..vocabulary import TIMED_ATTRIBUTES
from . import discourse, gates, stance
from .discourse import Discourse, Families, Memory, answering, header_unit, newest_for_new, note_question, with_header
from .generations import first_generations, mark_first_generation
from .mentions import counted_topic, unnamed_variant
from .patterns import HARDWARE_KINDS, QUOTED, QUOTED_LEAD, QUOTED_LINES
from .quotations import endorsed, someones_quotation
from .rules import SENTENCE_RULES, figure_claim
from .rules.value_match import value_claims
from .sentence import (
    Cue,
    Sentence,
    arrow_after,
    compared_in,
    count_before,
    counted_in,
    planned,
    split_sentences,
)
from .subjects import Subjects

KEEP_PARAGRAPHS = 64  # of a section, what ClaimExtractor.forget keeps
KEEP_MENTIONS = 256  # of a block


_BRACKET_OPEN = re.compile(r"\s*\(\s*")
_BARE_PRODUCT = re.compile(r"[2-9]\d*\s*[×x]\s*\d+[¹²³⁴⁵⁶⁷⁸⁹*]?")  # "4 × 8": systems times chips each
_BARE_COUNT = re.compile(r"(?:[2-9]|[1-9]\d+)[¹²³⁴⁵⁶⁷⁸⁹*]?")  # "32¹" under "Knoten": that many systems


class ClaimExtractor:
    """Turns each segment's Doc into claims, remembering entities across the article's blocks."""

    def __init__(self, factbase: FactBase, lang: str = "en"):
        self.fb = factbase
        self.w = words(lang)  # the article language's words (reviewer/lang/<code>/)
        self._kinds: dict[str, str] = {eid: ent.kind for eid, ent in factbase.entities.items()}
        self._organisations = frozenset(eid for eid, kind in self._kinds.items() if kind == "organisation")
        self.memory = Memory()
        self.state = Discourse(families=Families.of(factbase))
        self._generations = first_generations(factbase)  # "Trainium" alone, read as the first chip
        self._ctx = Subjects(self.fb, self.state, self.memory, self._kinds)  # what each rule call sees
        self._voices = self._ctx.voices(self._organisations)  # who speaks for a vendor: it, and its chief
        self._sentence_rules = [(r.claims, r.needs_claims, r.cues) for r in SENTENCE_RULES]
        self._errata, self._quoted_lines = False, list[tuple[int, int]]()  # an errata page's; lines that are quotations

    def kind(self, entity: str) -> str:
        return self._kinds.get(entity) or ""

    def forget(self, keep: set[int]) -> None:
        """Between the runs of a long article (api.Reviewer.review_runs): drop what is remembered of blocks no
        later segment refers to, so that memory does not grow with the article. Kept are the blocks in `keep`
        (the headings, list intros and table rows and columns the last run's segments refer to, and its last
        blocks), the rows' leading cells, and the last KEEP_PARAGRAPHS paragraphs of each kept section."""
        st, keep = self.state, set(keep)
        for heading in list(st.paragraphs):
            if heading in keep:
                st.paragraphs[heading] = st.paragraphs[heading][-KEEP_PARAGRAPHS:]
                keep.update(st.paragraphs[heading])
            else:
                del st.paragraphs[heading]
        keep.update(lead for row, lead in st.row_lead.items() if row in keep)
        for by_block in (self.memory.by_block, self.memory.compared, st.cells, st.cell_text, st.cell_at, st.row_lead,
                         st.row_entities, st.intro_sparsity, st.cell_counts, st.header_row):
            for block in [b for b in by_block if b not in keep]:
                del by_block[block]
        for seen in self.memory.by_block.values():
            del seen[:-KEEP_MENTIONS]  # (a paragraph of a hundred thousand sentences: its last names)
        for compared in self.memory.compared.values():
            del compared[:-KEEP_MENTIONS]
        st.item_leads = {k: v for k, v in st.item_leads.items() if k[0] in keep or k[1] in keep}

    def _note_post(self, seg: Segment) -> None:
        """A post's byline, before the post's own stance: the next post of a thread after a reader's reply is its
        author's own words (the post may follow its byline in the same paragraph: "**@siliconsherpa** · Jan 26,
        2026, 17:09\n5/9 Scale-up: ..."); the first post's author is the thread's, unless the page named one."""
        if seg.kind != "paragraph":
            return
        byline = self.w.post_byline.match(seg.text.strip("\n").split("\n", 1)[0][:300])
        if byline is None:
            return
        if self.state.post_by == "reader":
            self.state.post_by = None
        handle = _HANDLE.search(byline.group())
        if self.state.author_handle is None and handle is not None:
            self.state.author_handle = handle.group(1)

    def _note_intro(self, seg: Segment) -> None:
        """What a paragraph or heading says of the segments after it: the intro of a quote below it, a thread, an
        errata page, a section of readers' comments."""
        if seg.kind == "heading" or (seg.kind in ("paragraph", "list_item") and _CAPS_HEADING.fullmatch(seg.text.strip())):
            # (a plain-text mail's or newsletter's heading line, "4) SHORT TAKES", ends a forwarded mail too)
            self.state.post_by, self.state.in_turn = None, False
        elif seg.kind == "paragraph" and self.w.mail_header.match(seg.text):
            self.state.thread, self.state.post_by = True, None  # a mail of a thread: its "> " lines quote the mails before
        elif seg.kind == "paragraph" and self.w.forwarded.match(seg.text):
            self.state.post_by = "reader"  # "---------- Weitergeleitete Nachricht ----------": the forwarded sender's
        elif seg.kind in ("paragraph", "blockquote") and len(seg.text) < 300 and "\n" not in seg.text.strip() \
                and self.w.comment_byline.match(seg.text):
            own = (reply := self.w.reply_line.match(seg.text)) is not None and reply.group("handle") == self.state.author_handle
            # (the thread's author answering a reply: "↳ **@siliconsherpa** · … · Reply to @gpu_bro_92": the page's words)
            self.state.post_by = None if own else "staff" if self.w.author_reply.search(seg.text) else "reader"
        elif seg.kind == "paragraph" and len(seg.text) < 300 and self.w.letter_reference.match(seg.text):
            self.state.post_by = "reader"  # "*Zu „Der Speicher entscheidet“ von M. Kessler, Rechenwerk 6/2026*": a letter
        if seg.kind in ("heading", "blockquote") or (seg.kind == "paragraph" and self.w.speaker_label.match(seg.text)):
            # a chatbot's turn goes on (a table, a list, "So a B200 does ...") until the next speaker, heading or box
            self.state.bot_turn = seg.kind == "paragraph" and bool(self.w.assistant_turn.match(seg.text))
        if seg.kind == "paragraph" and self.state.speakers_own and self.w.speaker_label.match(seg.text):
            # a speech goes on past an interjection ("– Umso schlimmer, Herr Kollege. ..."); the page's fact-check ends it
            self.state.in_turn = not gates.page_line(seg.text, self.w)
        discourse.note_labels(self.state, seg, self.w)  # ("**Myth:** ..." over "**Fact:** ...", an editors' note)
        if self.state.author_handle is None and seg.kind in ("heading", "paragraph") \
                and (handle := self.w.author_handle.search(seg.text)):
            self.state.author_handle = handle.group("handle")  # "# 🧵 Who actually ships the memory? (@hbmledger)"
        if seg.kind != "blockquote":
            self.state.revision_of = discourse.named_day(seg.text) \
                if seg.kind == "paragraph" and self.w.old_revision.search(seg.text) else None
        discourse.note_reproduced(self.state, seg, self.w)
        if seg.kind in ("paragraph", "blockquote", "heading") and not self.state.speakers_own \
                and self.w.speakers_own.search(seg.text):
            self.state.speakers_own = True  # "Speakers' statements are their own": a transcript's turns are quoted
        if seg.kind in ("paragraph", "heading") or (seg.kind == "blockquote" and (self.w.quote_intro.search(seg.text)
                                                                          or self.w.quoted_mail_header.match(seg.text)
                                                                          or self.w.salutation.match(seg.text))):
            self.state.last_paragraph = seg.text  # "## Reply 6: u/someone", "> On Tue, Tom wrote:", "> Dear Sir or Madam,"
            if seg.kind == "paragraph" and self.w.mail_thread.match(seg.text):
                self.state.thread = "mail"  # "Name wrote on ...:", "**From:** Name <address>"
            elif seg.kind == "paragraph" and self.w.post_header.match(seg.text) and not self.state.thread:
                self.state.thread = True
            if seg.kind == "heading":
                discourse.note_old_section(self.state, seg, self.w, level := _heading_level(seg.text))
                if self.w.errata_heading.search(seg.text):
                    # "# Corrections and updates", "## Berichtigung": up to the next heading of its level or above
                    self.state.errata, self.state.errata_level = True, min(level, self.state.errata_level or level)
                elif self.state.errata and level <= self.state.errata_level:
                    self.state.errata, self.state.errata_level = False, 0
                # "## Kommentare (5)", "## 12 Comments": readers' words until the next heading
                self.state.party = bool(self.w.party_heading.match(seg.text))  # ("## Gegendarstellung": a party's words)
                self.state.comments = bool(self.w.comments_heading.match(seg.text)) or self.state.party
                self.state.section = "refuted" if self.w.mistakes_heading.match(seg.text) \
                    else "measured" if self.w.measured_heading.match(seg.text) \
                    else "speculation" if self.w.speculation_heading.match(seg.text) else None

    def _is_hardware(self, entity: str) -> bool:
        return self.kind(entity) in HARDWARE_KINDS

    def _apply(self) -> None:
        """After a rule call: add what it inferred to the memory, and its last ratio to each sentence; the
        context is then empty for the next call."""
        ctx = self._ctx
        for x in ctx.memory.inferred:
            self.memory.add(x.block, x.entity, x.at, inferred=True)
        for sentence, ratio in ctx.ratios:
            sentence.last_ratio = ratio
        ctx.memory.inferred.clear()
        ctx.ratios.clear()

    # -- per segment ---------------------------------------------------------------------------
    def claims(self, seg: Segment, doc: Doc) -> list[Claim]:
        """The segment's claims, each with its stance (reviewer/extract/stance.py). A figure the article
        does not assert (reported speech, a quoted mistake, a quoted heading) is read as a claim to show
        what it says, but what its rule inferred is not remembered: it does not move the article's subject."""
        out = self._claims(answering(self.state, seg, doc, self._is_hardware), doc)
        note_question(self.state, self.memory, seg, self._is_hardware)
        if (then := discourse.judged_then(self.state, seg)) is not None:  # an old revision's, an old version's section
            out = [evolve(c, stance="historical", as_of=c.as_of or then) if c.stance == "asserted" else c for c in out]
        if 0 <= self.state.reproduced < seg.block and out:
            # a document the page reproduces and disowns: its words, not the remarks in brackets ("[Anm. d. Red.: ...]")
            remarks = [(seg.start + m.start(), seg.start + m.end()) for m in self.w.editor_remark.finditer(seg.text)]
            out = [evolve(c, stance="quoted") if c.stance == "asserted" and not any(a <= c.start < b for a, b in remarks)
                   else c for c in out]
        return out

    def _claims(self, seg: Segment, doc: Doc) -> list[Claim]:
        row = seg.row_header
        if (seg.kind == "table_cell" and row in self.state.row_lead) or seg.intro in self.state.row_lead:
            # "| Nvidia | H200 | 141 |": the H200's row (and a note on a cell of "| 6... Nbd7 | MI355X | 5,000³ |": its)
            seg = replace(seg, row_header=self.state.row_lead.get(row, row), intro=self.state.row_lead.get(seg.intro, seg.intro))
        sentences = mark_first_generation(self.state.families.mentions(split_sentences(doc, self.w, self._is_hardware)),
                                          self._generations, self.w,
                                          [*self.memory.all(row), *self.state.row_entities.get(row, ())])
        self.state.note_replies(seg, sentences, self._is_hardware, bool(self.w.chat_line.match(seg.text)))
        gates.mark_corrected_quotes(sentences)
        gates.drop_vendor_claims(sentences, self._organisations)
        gates.carry_reported_speech(sentences, self._voices)  # (a vendor's chief speaks for it)
        self._quoted_lines = gates.quoted_lines(doc.text, self.w, seg.kind != "heading")
        self._note_post(seg)
        seg_stance = stance.segment_stance(seg, self.state, self.w)
        # an errata page, or a correction note ("*Korrektur zur Ausgabe 36/2026: Wir hatten ... angegeben*")
        self._errata = self.state.errata or bool(self.w.errata_note.match(seg.text)) or self.state.errata_item(seg)
        self.state.system_before = self.state.last_system  # as of this segment's start
        self._note_intro(seg)
        if gates.quoted_heading(seg, self.w):
            placed = _place(sentences, doc._.hw_quantities or ())
            self._note_mentions(seg, [s for s in sentences if gates.quoted_figures(s)])  # (the myth's hardware: the section's)
            return self._aside(seg, sentences, placed, [(k, seg_stance) for k in range(len(placed))])
        self._note_structure(seg, sentences)
        self._note_mentions(seg, sentences)
        if seg.kind == "table_cell" and seg.row_header >= 0:
            self.state.row_entities.setdefault(seg.row_header, []).extend(m.entity for s in sentences for m in s.mentions)
        if seg.kind == "table_cell" and row >= 0:
            discourse.note_row_lead(self.state, self.memory, seg, row, sentences, self._is_hardware)
        quantities = self._note_cells(seg, sentences, doc._.hw_quantities or ())
        placed = _place(sentences, quantities)
        # (after the figures are placed: "That is wrong." refutes a figure)
        stance.mark_myths(sentences, mistake=self.state.section == "refuted" and seg.kind == "list_item")
        out: list[Claim] = []
        hedged = gates.hedged(doc_text(doc), placed, self.w)
        unasserted: list[tuple[int, str]] = []  # figures of reported speech and quoted mistakes, with their stance
        spare: list[Claim] = []  # figures no rule read, by their value alone (rules/value_match.py)
        for k, (i, q) in enumerate(placed):
            if i < 0 or k in hedged:  # "3nm or 4nm": no claim
                continue
            s = sentences[i]
            if gates.reported(s) or gates.is_discussed(s, q.start, q.end):
                st = seg_stance if seg_stance != "asserted" else self._figure_stance(s, q.start, q.end)
                if st == "quoted" and seg.kind in ("paragraph", "list_item") and endorsed(seg.text, q.end, self.w):
                    st = "asserted"  # "It said: … 192 GB of HBM3e …" over "*Still right.*": the page makes it its own
                if st != "asserted":
                    unasserted.append((k, st))
                    continue
            claim = figure_claim(self._ctx, seg, sentences, i, q)
            if self._ctx.memory.inferred or self._ctx.ratios:
                self._apply()
            out.append(claim) if claim is not None else spare.extend(value_claims(self._ctx, seg, s, q))
        aside = self._aside(seg, sentences, placed, unasserted)
        if seg_stance == "quoted" and seg.kind == "blockquote":
            return [evolve(c, stance="quoted") for c in out] + aside
        ctx = self._ctx
        for s in sentences:
            if gates.reported(s) and not (seg.kind == "paragraph" and endorsed(seg.text, s.start + len(s.text.rstrip()), self.w)):
                continue  # "hieß es", "according to ...": someone else's statement (unless the next line endorses it)
            for claims, needs_claims, cues in self._sentence_rules:
                if cues and not any(s.has_cue(label) for label in cues):
                    continue  # the rule reads a cue word the sentence has not
                out.extend(claims(ctx, seg, s, out) if needs_claims else claims(ctx, seg, s))
                if ctx.memory.inferred or ctx.ratios:
                    self._apply()
        if gates.question_turn(seg, self.w):
            # "Q: I've seen Trainium3 described at 1.3 petaflops.": the interviewer's premise; what it asks
            # about is what the answer's comparisons are about ("Q: So what does Trainium4 promise?")
            if not self.w.quoted_turn.match(seg.text):  # (a customer's objection asks nothing the answer is about)
                self.state.asked_about = [m.entity for s in sentences for m in s.mentions if self._is_hardware(m.entity)]
            asked_to = gates.answered_at(seg.text, self.w)  # ("**Q: Who is on the card?** A: Intel's CEO, ...": to the A)
            if asked_to < 0:
                return [evolve(c, stance="quoted") for c in out] + aside
            aside += [evolve(c, stance="quoted") for c in out if c.start - seg.start < asked_to]
            out = [c for c in out if c.start - seg.start >= asked_to]
        starts = [s.start for s in sentences]
        lead = self._quoted_lead(seg)
        said = self._introduced_quotes(seg) if (out or spare) and seg_stance == "asserted" else []
        return self._deleted([self._with_stance(seg, sentences, starts, c, seg_stance, lead, said) for c in out] + [evolve(
            self._with_stance(seg, sentences, starts, c, seg_stance, lead, said), confidence="low") for c in spare], seg) + aside

    def _deleted(self, claims: list[Claim], seg: Segment) -> list[Claim]:
        """"[gestrichen: … 1.200 W …] [eingefügt: … 1.400 W …]": a tracked change's deleted words are corrected away."""
        spans = [m.span() for m in self.w.deleted_span.finditer(seg.text)] if "[" in seg.text else []
        if not spans:
            return claims
        return [evolve(c, stance="corrected") if c.stance == "asserted" and any(a <= c.start - seg.start < b for a, b in spans)
                else c for c in claims]

    def _quoted_lead(self, seg: Segment) -> int:
        """Where a list item's or paragraph's opening quotation ends ('- **"The B200 has 192 GB."** That was the
        launch figure.'), or -1: its figures are someone's words, unless an attribution follows the quotation
        ('"With 46.4 TB/s on every chip ...," said the CTO': a release's quote, its own claim)."""
        if seg.kind not in ("list_item", "paragraph"):
            return -1
        lead = QUOTED_LEAD.match(seg.text)
        if lead is None or (seg.kind == "paragraph" and self.w.quote_attribution.match(seg.text, lead.end() - 1)):
            return -1
        return lead.end() - 1

    def _introduced_quotes(self, seg: Segment) -> list[tuple[int, int]]:
        """The quotations the segment introduces with a verb of saying and a colon ('the sales rep put it this way,
        I quote: „A GB300 NVL72 rack delivers 720 petaflops …“') or right after one ('Table 2 said "80 GB"'):
        someone's words, across their sentences."""
        out = []
        for m in [*QUOTED.finditer(seg.text), *(q for q in QUOTED_LINES.finditer(seg.text) if "\n" in q.group())]:
            before = seg.text[max(0, m.start() - 160):m.start()]
            if (before.rstrip().endswith(":") and self.w.quote_intro.search(re.split(r"[.!?]\s", before)[-1])) \
                    or self.w.said_before.search(before):  # ('Table 2 said "80 GB". Not accepted.')
                out.append((m.start(), m.end()))
        return out

    def _aside(self, seg: Segment, sentences: list[Sentence], placed: list[tuple[int, Quantity]],
               which: Iterable[tuple[int, str]]) -> list[Claim]:
        """The claims of figures the article does not assert (`which`: their index and stance); what their
        rules inferred is dropped, so they change nothing the article's own claims are read with."""
        out = []
        for k, st in which:
            i, q = placed[k]
            if i < 0:
                continue
            claim = figure_claim(self._ctx, seg, sentences, i, q)
            self._ctx.memory.inferred.clear()
            self._ctx.ratios.clear()
            if claim is not None:
                out.append(evolve(claim, stance=st, confidence=self._confidence(seg, claim)))
        return out

    def _with_stance(self, seg: Segment, sentences: list[Sentence], starts: list[int], c: Claim,
                     seg_stance: str, quoted_lead: int = -1, said: Sequence[tuple[int, int]] = ()) -> Claim:
        """The claim with its stance and its confidence (`starts`: where the sentences start; `quoted_lead`: where
        the segment's opening quotation ends, or -1)."""
        sure = self._confidence(seg, c)
        if seg_stance == "quoted" and self.state.comments and "\n" in seg.text and self._signed_by_author(seg, c):
            seg_stance = "asserted"  # "**A (TerraCompute, seller):** ...", "**A:** ... *(seller)*": under the questions
        if seg_stance != "asserted":
            return evolve(c, stance=seg_stance, confidence=sure)
        i, span = bisect_right(starts, c.start - seg.start) - 1, (c.start - seg.start, c.end - seg.start)
        st = self._figure_stance(sentences[i], *span) if i >= 0 else "asserted"
        if st == "asserted" and seg.kind != "heading" and i >= 0 and someones_quotation(
                sentences[i], span, self.state.reported_item(seg), seg.text if seg.kind == "paragraph" else ""):
            st = "quoted"  # 'AMDs Rechenzentrumschef auf der Bühne: „Jede MI455X …“' (a heading quotes a title)
        if seg.kind == "paragraph" and "\n" in seg.text and st == "asserted":
            at = c.start - seg.start  # "**Customer says:** ..." on its own line of a paragraph: that line's figures
            line = seg.text[seg.text.rfind("\n", 0, at) + 1:]
            if gates.asked(line, self.w) or gates.said_line(line, self.w) \
                    or stance.BOLD_QUESTION.fullmatch(line.split("\n", 1)[0]):
                st = "quoted"  # (an FAQ's bold question over its answer: "**AMD says the MI325X has 288 GB. Why …?**")
        if (st == "asserted" and 0 <= c.end - seg.start < quoted_lead) \
                or (st in ("asserted", "historical") and any(a < c.start - seg.start < b for a, b in said)):
            st = "quoted"  # inside the segment's opening quotation (_quoted_lead), or one it introduces
        if st == "quoted" and seg.kind in ("paragraph", "list_item") and endorsed(seg.text, c.end - seg.start, self.w):
            st = "asserted"  # "It said: … 192 GB of HBM3e …" over "*Still right.*": the page makes it its own
        if st == "negated" and c.negated:
            st = "asserted"  # "does not use EFA": the article's own claim that it does not
        if st == "corrected" and i >= 0 and _generation_step(sentences[i], c):
            st = "asserted"  # "das 1,7-Fache (2,9 → 4,9 TB/s)": the predecessor's figure, not a corrected one
        if st == "historical" and c.attribute in TIMED_ATTRIBUTES:
            st = "asserted"  # "announced in March 2024": a date is the article's own claim about the past
        if c.as_of is None and i >= 0 and ((st in ("historical", "asserted") and c.quantity is not None)
                                           or (st == "historical" and c.attribute == "ceo")):
            text = sentences[i].text
            at = max(c.start - seg.start - sentences[i].start, 0)
            # (the clause's own date: "...; the first $4 billion was announced in Sept 2024"; asserted, after a semicolon
            # of a dated line: "**Juni 2024:** ... angekündigt; ausgeliefert wird er ab Oktober 2024 mit 256 GB")
            then = discourse.named_day(text[text.rfind(";", 0, at) + 1:stance.clause_end(text, at)]) \
                if st == "historical" or ";" in text[:at] else None
            if then is not None:
                c = evolve(c, as_of=then)  # "bei der Vorschau im Juni 2025 war von 19,6 TB/s die Rede": judged then
        if sure == "high" and i >= 0 and (self._ambiguous(sentences[i], c.start - seg.start)
                                          or _unknown_name_between(sentences[i], c, c.start - seg.start,
                                                                   self.fb.name_words())):
            sure = "medium"
        if i >= 0 and c.timing is None and c.quantity is not None and planned(sentences[i], c.start - seg.start):
            c = evolve(c, timing="plan")
        return c if st == "asserted" and sure == "high" else evolve(c, stance=st, confidence=sure)

    @staticmethod
    def _ambiguous(s: Sentence, at: int) -> bool:
        """A figure inside quotation marks, or in a question, is someone's wording or a premise, not what the
        article states ("Zwischenruf: „Und die Inferentia2 hatte 96 GB!“", "Die H200 hat doch 192 GB, oder?"):
        a contradiction there is a warning to check, not an error."""
        rel = at - s.start
        if s.w.quote_unclosed.match(s.text, 0, rel) or unnamed_variant(s, at) \
                or s.w.parts_before.search(s.text, 0, rel):
            return True  # (and a variant's figure: "daneben gibt es eine kleinere Konfiguration mit 256 Chips";
            # a part of a total: "1.28 TB/s per chip, made up of 1,024 GB/s inside an instance and ...")
        # a question: its last clause ("Seit X geschickt hat, ist die Debatte zurück: Lohnen sich ...?" asks after the colon)
        return s.text.rstrip(" *_)").endswith("?") and rel > max(s.text.rfind(":"), s.text.rfind(";"))

    def _signed_by_author(self, seg: Segment, c: Claim) -> bool:
        """The claim's line is the page's own answer among others' questions (its seller's, its author's)."""
        at, end = c.start - seg.start, seg.text.find("\n", c.start - seg.start)
        line = seg.text[seg.text.rfind("\n", 0, at) + 1:end if end >= 0 else None]
        return gates.author_label(line, self.w) or bool(self.w.author_label_end.search(line))

    def _figure_stance(self, s: Sentence, start: int, end: int) -> str:
        quoted = any(a <= start and end <= b for a, b in self._quoted_lines)  # a line that is one quotation alone
        return "quoted" if quoted else stance.figure_stance(s, start, end, errata=self._errata)

    def _confidence(self, seg: Segment, c: Claim) -> str:
        """How the subject and the attribute were bound (vocabulary.Confidence): high when the subject is
        named in the clause, its table row or its list lead; medium when it was inferred from the paragraph,
        the list's intro or the section's heading, or a ratio's partner or metric was read from the words
        around it; low when it was guessed from earlier paragraphs, or a ratio's partner is assumed."""
        if c.subject_how == "value":
            return "low"  # (a figure matched by its value alone: rules/value_match.py)
        if c.subject_how in ("sentence", "table", "lead"):
            sure = "high"
        elif c.subject_how == "heading" or c.entity in self.memory.all(seg.block) \
                or c.entity in self.memory.all(seg.heading) or (seg.intro >= 0 and c.entity in self.memory.all(seg.intro)):
            sure = "medium"
        else:
            sure = "low"
        if c.attribute == "ratio" and c.scope != "price_cut":  # (a cut's share is held to the price history alone)
            sure = "low" if c.versus_implied or sure == "low" else "medium"
        return sure

    def _note_structure(self, seg: Segment, sentences: list[Sentence]) -> None:
        """A section's paragraphs, a list's leading entities."""
        if seg.kind == "paragraph":
            blocks = self.state.paragraphs.setdefault(seg.heading, [])
            if not blocks or blocks[-1] != seg.block:
                blocks.append(seg.block)
        if seg.kind == "list_item" and sentences:
            first = next((m for m in sentences[0].mentions if self._is_hardware(m.entity)), None)
            if first is not None and not seg.text[:first.start].strip(" *_-:"):
                self.state.item_leads.setdefault((seg.intro, seg.heading), []).append(first.entity)

    def _note_mentions(self, seg: Segment, sentences: list[Sentence]) -> None:
        """The entities the segment names (and compares against), the system and project named last."""
        for s in sentences:
            compared, counted = compared_in(s) + gates.companions(s), counted_in(s)  # ("together with" it: no topic)
            named = {m.entity for m in s.mentions}
            for m in s.mentions:
                if m in counted:
                    if seg.kind == "table_cell" and (n := count_before(s, m)) is not None and self.kind(m.entity) == "chip":
                        self.state.cell_counts[seg.block] = (m.entity, n)  # "| ND96isr_H100_v5 | 8 × H100 |"
                    if not counted_topic(seg, s, m, self.kind(m.entity), self.w):
                        continue  # "16 Trainium2 chips": a part
                if self.kind(m.entity) == "family" and named & set(self.fb.entities[m.entity].members):
                    continue  # "The H200 is the same Hopper compute die": the chip, not its family, is meant
                if seg.kind == "heading" and self.kind(m.entity) == "chip" and any(
                        o.end <= m.start and self.kind(o.entity) == "chip"
                        and _BRACKET_OPEN.fullmatch(s.text, o.end - s.start, m.start - s.start) for o in s.mentions):
                    # "## 1. Nvidia GB300 (Blackwell Ultra)": what the chip is, no second subject (a system's bracket
                    # is its exact name: "P6e-GB200 UltraServer (u-p6e-gb200x72)")
                    continue
                if m in compared:
                    self.memory.add_compared(seg.block, m.entity, seg.start + m.start)
                elif self.kind(m.entity) in ("system", "pod") and _in_variant(s, m):
                    continue  # "There's also a smaller Gen1 UltraServer with 64 chips": an aside, not the subject
                elif self._is_hardware(m.entity) or self.kind(m.entity) in ("organisation", "project"):
                    self.memory.add(seg.block, m.entity, seg.start + m.start)
                    if self.kind(m.entity) == "chip":
                        self.state.chip_mentions[m.entity] = self.state.chip_mentions.get(m.entity, 0) + 1
                    if self.kind(m.entity) in ("system", "pod", "instance"):
                        self.state.last_system = m.entity
                    elif self.kind(m.entity) == "project":
                        self.state.last_project = m.entity
        for s in sentences:
            newest_for_new(self._ctx, seg, s)
            if self._ctx.memory.inferred:
                self._apply()

    def _composition(self, seg: Segment, cell: str) -> bool:
        """"| Trn3 UltraServer | 36 × 4 |" under "Server × Chips": a product that is the row system's own chip count."""
        n = [int(x) for x in re.findall(r"\d+", cell)[:2]] + [0, 0]
        return any(f.value == n[0] * n[1] for e in self.memory.all(seg.row_header) for f in self.fb.about(e, "chip_count"))

    def _note_cells(self, seg: Segment, sentences: list[Sentence],
                    quantities: Sequence[Quantity]) -> Sequence[Quantity]:
        """The article's topic (its first heading's one entity); a table cell's text, unit and cues."""
        if seg.kind == "table_cell":
            self.state.note_cell(seg)
            if seg.row_header < 0:  # (a row's first cell: "| Juni 2025 | Computex | Vorstellung von NVLink Fusion |")
                self.state.cell_at[seg.block] = (seg.start, seg.text)
            if not any(s.mentions for s in sentences) and seg.col_header >= 0 \
                    and self.w.generation_header.search(self.state.cell_text.get(seg.col_header, "")):
                first = next((g.entity for g in self._generations
                              if g.word.lower() == seg.text.strip(" *_").lower()), None)
                if first:  # "| Trainium | 32 GiB |" in a column "Generation", above "| Trainium2 | ...": the first
                    self.memory.add(seg.block, first, seg.start)
        if self.state.topic is None and seg.kind == "heading":
            hw = {e for e in self.memory.all(seg.block) if self._is_hardware(e)} or {
                m.entity for s in sentences for m in s.mentions if self._is_hardware(m.entity)}  # "Verkaufe 8x H100"
            self.state.topic = hw.pop() if len(hw) == 1 else ""
        if seg.kind == "table_cell":
            self.state.cells[seg.block] = (header_unit(seg.text, self.w), tuple(c.label for s in sentences for c in s.cues))
            cell = seg.text.strip(" *_")  # "| GB200 NVL72 | 2 Racks | 144 |", "| DGX B300 | 4 × 8 | 32 |" under
            header = self.state.cell_text.get(seg.col_header, "")
            if seg.row_header >= 0 and (self.w.units_cell.fullmatch(cell) or (_BARE_PRODUCT.fullmatch(cell) and (
                    self.w.units_header.search(header)))) and not self._composition(seg, cell):  # "Knoten × GPUs"
                self.state.row_units.add(seg.row_header)  # the row is of several systems
            if seg.row_header >= 0 and _BARE_COUNT.fullmatch(cell) and self.w.units_column.fullmatch(header):
                self.state.row_counted.add(seg.row_header)  # "| DGX H100 | 32¹ |" under "Knoten": so many systems
            if seg.col_group >= 0:  # "FP8" under "Peak dense (TFLOPS)": the spanning header's unit and words too
                unit, labels = self.state.cells[seg.block]
                group_unit, group_labels = self.state.cells.get(seg.col_group, (None, ()))
                self.state.cells[seg.block] = (unit or group_unit, labels + tuple(x for x in group_labels if x not in labels))
            if seg.row_header >= 0 and seg.col_header >= 0:
                # a unit column gives its row's bare numbers their unit ("| Speicherbandbreite | TB/s | 4,8 |" under "| Merkmal |
                # Einheit | je GPU |"), a row of units its column's ("| *unit* | GB | TB/s |" under "| Accelerator | HBM ... |")
                for units_at, target in ((seg.col_header, seg.row_header), (seg.row_header, seg.col_header)):
                    if self.w.unit_column.match(self.state.cell_text.get(units_at, "")):
                        unit = header_unit(f"({seg.text.strip(' *_')})", self.w)
                        _, labels = self.state.cells.get(target, (None, ()))
                        if unit is not None:
                            self.state.cells[target] = (unit, labels)
                        break
            quantities = with_header(self.state, seg, sentences, quantities, self.w)
        elif seg.kind == "paragraph" and seg.text.rstrip(" *_\n").endswith(":"):
            # "Rechenleistung laut Datenblatt, alle Werte dicht (ohne Sparsity):": its dense/sparse word speaks for
            # every item of the list below it that says none itself
            self.state.intro_sparsity[seg.block] = next(
                (c.label for s in sentences for c in s.cues if c.label.startswith("SPARSE:")), "")
        elif seg.kind == "list_item" and self.state.intro_sparsity.get(seg.intro):
            label = self.state.intro_sparsity[seg.intro]
            for s in sentences:
                if not s.has_cue("SPARSE:"):
                    s.cues = [*s.cues, Cue(s.start, s.start, label)]
        if seg.kind in ("paragraph", "blockquote") and len(seg.text) <= 120 and self.w.errata_heading.search(seg.text):
            self.state.errata_intro = seg.block  # "Changelog from our repo:", "**Corrections to the draft**": its items
        if seg.kind == "paragraph" and seg.text.rstrip(" *_\n").endswith(":") and self.w.quote_intro.search(seg.text):
            self.state.reported_intro = seg.block  # "Der Kunde hat ... folgende Ausstattung angegeben:": its items
        return quantities


# an unknown model number ("MI350X", "H800") between a figure and the name it was bound to may be the figure's owner
_MODEL_NUMBER = re.compile(r"\b[A-Z]{1,3}\d{2,4}[A-Z]{0,3}\b")
_CLAUSE_AFTER = re.compile(r"[,;.:!?(]")


def _heading_level(text: str) -> int:
    """An ATX heading's level from its blanked marks ("###" and its space are four blanks); a setext one is 1."""
    blanks = len(text) - len(text.lstrip(" "))
    return max(1, blanks - 1) if blanks else 1


_HANDLE = re.compile(r"@([\w.]{2,30})")
# a heading in plain text: one line in capitals, maybe numbered ("4) SHORT TAKES", "2. MAILBAG: HOW MUCH MEMORY ...")
_CAPS_HEADING = re.compile(r"(?:\d{1,2}[.)]\s+)?(?=[^a-zäöüß\n]*[A-ZÄÖÜ]{3})[^a-zäöüß\n]{4,80}")


def _generation_step(s: Sentence, c: Claim) -> bool:
    """A figure before an arrow that numeric.py gave to the predecessor, in a sentence that compares generations
    (a ratio, or the predecessor named): "Trainium2 → Trainium3: 2,9 → 4,9 TB/s", "1.5x (96 → 144 GiB)". Not a
    changelog's "Trainium3 memory: 128 → 144 GiB", where the old figure is a corrected one."""
    q = c.quantity
    return q is not None and c.subject_how == "coreference" and arrow_after(s, q) and (
        any(x.family == "ratio" for x in s.quantities) or any(m.entity == c.entity for m in s.mentions))


def _unknown_name_between(s: Sentence, c: Claim, at: int, names: frozenset[str]) -> bool:
    """"die luftgekühlte Schwester MI350X begnügt sich mit 1.000 W" after the MI355X: a model number the fact
    base does not know stands between the figure and its subject's name (or before the figure, when the
    subject was not named in the sentence). `names`: the words of the fact base's names ("GB300", "NVL72")."""
    own = [m.end for m in s.mentions if m.entity == c.entity and m.end <= at]
    lo = (own[-1] if own else s.start) - s.start
    known = [(x.start, x.end) for x in s.mentions] + [(x.start, x.end) for x in s.cues] \
        + [(x.start, x.end) for x in s.quantities]
    rel = at - s.start
    after = _CLAUSE_AFTER.search(s.text, rel + len(c.text))
    hi = after.start() if after else len(s.text)  # and after the figure, up to its clause's end ("1,000 W is the MI350X")
    for m in (*_MODEL_NUMBER.finditer(s.text, lo, rel), *_MODEL_NUMBER.finditer(s.text, rel, min(hi, rel + 40))):
        a, b = s.start + m.start(), s.start + m.end()
        if not any(x < b and a < y for x, y in known) and m.group() not in names:
            return True
    return False


def _place(sentences: list[Sentence], quantities: Sequence[Quantity]) -> list[tuple[int, Quantity]]:
    """Each figure with the index of its sentence; each sentence with its figures and the one before."""
    starts = [s.start for s in sentences]
    placed = [(bisect_right(starts, q.start) - 1, q) for q in quantities]
    for i, q in placed:
        if i >= 0:
            sentences[i].families.add(q.family)
            sentences[i].last = q  # "... 2.52 PFLOPS of dense FP8. That is twice ...": what "that" is
            sentences[i].quantities.append(q)
    for prev, s in pairwise(sentences):
        s.previous = prev
    return placed


def _in_variant(s: Sentence, m) -> bool:
    """Whether the mention is the system of a phrase naming a variant ("also a smaller Gen1 UltraServer")."""
    return any(v.start() <= m.start - s.start < v.end() for v in s.w.variant.finditer(s.text)) \
        and bool(s.w.also_variant.search(s.text, 0, m.start - s.start))

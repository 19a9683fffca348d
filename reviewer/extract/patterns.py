"""What extraction reads that is no language's words: the entity kinds and attribute families it works
with, and patterns of digits, quotation marks and punctuation. Words are in reviewer/lang/<code>/extract.yaml.
"""

from __future__ import annotations

import re

HARDWARE_KINDS = {"chip", "instance", "system", "pod", "family"}
ATTR_BY_FAMILY = {
    "memory": ("memory_capacity", "host_memory", "sram"),
    "rate": ("memory_bandwidth", "interconnect_bandwidth", "network_bandwidth"),
    "compute": ("compute",),
    "length": ("process_node",),
    "power": ("power",),
    "area": ("site_area",),
    "price": ("price_per_hour",),
}
CHIP_LEVEL = {"process_node", "foundry", "memory_type", "interconnect"}
OPPOSITE = {"successor": "predecessor", "predecessor": "successor"}
LINK_KINDS = {"ATTR:memory_bandwidth", "ATTR:interconnect_bandwidth", "ATTR:network_bandwidth"}
CORE_TYPE = re.compile(r"NeuronCores?[- ]?v(\d)\b")
DATED_NAME = re.compile(r"\s*\(\s*(?:[A-Za-zÄÖÜäöü]+\.?\s+)?(?P<year>(?:19|20)\d\d)\s*\)")
UNPUNCTUATED_BREAK = re.compile(r"[^\s.!?:;,(\[–—-][ \t]*\n")
# an arrow between an old figure or name and the new one ("96 → 144 GiB", "HBM3e -> HBM3")
ARROW = r"(?:→|->|⟶|⇒|=>)"
CUE_WINDOW = 60  # characters around a value in which a cue word speaks about it
# a year; after a month's number too ("12/2024" in a table), not after other numbers ("2024/25", "3.2024")
# (also after a day and month written as numbers: "24.11.2025")
YEAR = re.compile(r"(?:(?<![\w.,/-])|(?<=\b[1-9]/)|(?<=\b0[1-9]/)|(?<=\b1[0-2]/)|(?<=\b[0-3]\d\.[01]\d\.)|(?<=\b[1-9]\.[01]\d\.)"
                  r"|(?<=\b[0-3]\d\.[1-9]\.)|(?<=\b[1-9]\.[1-9]\.))(?:19[89]\d|20[0-4]\d)(?![\w.,/-]\d|\w)")
# ("HBM (GB)", "Memory in GB", or a header that is a unit alone: "USD/h", "GiB")
HEADER_UNIT = re.compile(r"\(([^()]{1,20})\)\s*$|\bin\s+(\S{1,10})\s*$|^(\S{2,10}|[$€£])$")  # (not a bare "W": wins)
PAREN_OWNER = re.compile(r"[^\s,;()]*(?:\s+[^\s,;()]+)?\s*\(\s*")
VERSION_AFTER = re.compile(r"[\s-]?v?(\d)(?![\w.,]?\d|-|\s?(?:TB|GB|Tb|Gb|x\b|×|%|GPU|[Cc]hip))")
_QUOTATION = r'(?:"[^"]+"|“[^”“]+[”“]|„[^“”"]+[“”"]|»[^«]+«|«[^»]+»)'  # one quotation, in any language's marks
# (after the quotation: a citation, '(p. 57)', '(S. 112)', and an attribution, '— Name, Role', '— @handle')
FULLY_QUOTED = re.compile(r'\s*' + _QUOTATION + r'[\s.,;:!?—–-]*'
                          r'(?:\([^()"“”„«»\n]{1,80}\)[\s.,;]*)?(?:[-—–]\s*@?\w[^"“”„«»]*)?')
ONLY_QUOTATION = re.compile(r'\s*' + _QUOTATION + r'[\s.,;:!?*_]*')  # a quotation and nothing after it
# quotations and nothing else, separated by a middle dot, a bar, a comma ('"X has 4 chips" · "Y is just Z"')
QUOTATIONS = re.compile(r'\s*' + _QUOTATION + r'(?:\s*[·•|,;/]\s*' + _QUOTATION + r')*[\s.,;:!?*_]*')
QUOTED = re.compile(r'"[^"\n]{1,200}"|“[^”\n]{1,200}[”“]|„[^“”"\n]{1,200}[“”"]|»[^«\n]{1,200}«|«[^»\n]{1,200}»')
# typographic quotation marks also over the line breaks of one paragraph (a quoted couplet of a poem): for a quotation a
# colon introduces
QUOTED_LINES = re.compile(r'“(?:[^”\n]|\n(?!\s*\n)){1,400}[”“]|„(?:[^“”"\n]|\n(?!\s*\n)){1,400}[“”"]')
# a list item that opens with a whole quotation, bold or not, and goes on ('- **"Trainium3 runs on NVLink."** It doesn't.')
QUOTED_LEAD = re.compile(r'[ \t]{0,3}[*_]{0,2}[ \t]{0,3}(?:"[^"\n]{8,}"|“[^”\n]{8,}[”“]|„[^“”"\n]{8,}[“”"]|»[^«\n]{8,}«)'
                         r'\s*[*_]{0,2}[\s.,:;—–-]+\S')
QUOTED_ACROSS_LINES = re.compile(r'„[^“”"]{1,300}[“”"]|“[^”“]{1,300}[”“]|"[^"]{1,300}"|»[^«]{1,300}«|«[^»]{1,300}»')
# a letter's signature on a line of its own: a first name, an initial and a place ("*Thomas K., Bielefeld*",
# "— Jane D., Portland, OR", "Heinz-Dieter M., Wuppertal"), or a whole name set in bold or italics ("**Priya Raman, Leeds**")
LETTER_SIGNATURE = re.compile(r"[\s*_—–-]*[A-ZÄÖÜ][\w-]+(?:\s[A-ZÄÖÜ][\w-]+)?\s[A-ZÄÖÜ]\.,\s[A-ZÄÖÜ][\w .-]{1,30}"
                              r"(?:,\s[A-Z][\w .-]{1,20})?[\s*_]*"
                              r"|[—–-]?(?:[*_]{1,2}|[ ]{2})[A-ZÄÖÜ][\w-]+(?:\s[A-ZÄÖÜ][\w'’-]+){1,2},\s[A-ZÄÖÜ][\w.-]{1,30}"
                              r"(?:\s[A-ZÄÖÜ][\w.-]{1,20})?(?:,\s[A-Z][\w .-]{1,20})?(?:[*_]{1,2}|[ ]{2})\s*")  # (marks blanked)
# a quotation's attribution on a line of its own, below it: "— @siliconskeptic, December 3, 2025", "– Jensen Huang, CEO"
QUOTE_ATTRIBUTION = re.compile(r"[\s*_]*[—–]\s*(?:@[\w.]+|[A-ZÄÖÜ][\w.'-]+(?:\s+[A-ZÄÖÜ][\w.'-]+){0,3})[\s*_]*"
                               r"(?:,[^\n]{0,80})?\s*")
LOWER_BETTER = frozenset({"latency", "inference_cost", "training_cost"})
STRONG_BREAK = re.compile(r"[;:–—]|\s-\s")
QUESTION = re.compile(r"\?[\s\"'“”»«*_)]*$")
TIMES_BEFORE = re.compile(r"\b\d+\s?[×x]\s?$")
MEASURES = {"memory", "rate", "compute", "power"}
SENTENCE_END = re.compile(r"\s*[.!;:]?\s*")
LINK_AFTER = re.compile(r"(?:['’]s)?[\s-]?")  # "the H100's successor", "the H100 successor", "H100-Nachfolger"
# a bold line that heads a list ("**4× MI300X**", its marks blanked by the parser)
LABEL_LINE = re.compile(r"(?:\*\*|__|[ ]{2})[^\s*_][^\n.!?:;*_]{2,80}(?:\*\*|__|[ ]{2}):?[ \t]*\n?")

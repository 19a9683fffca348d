"""The words and patterns extraction reads, English and German together.

Moved here unchanged from the old extract.py; the next step splits them into reviewer/lang/<code>/ so that
no pattern mixes two languages (issue 18).
"""

from __future__ import annotations

import re

from ..periods import MONTHS as MONTH_WORDS

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
OTHER_PERIOD = re.compile(r"\s*(?:per|pro|a|an|je|im|/)\s*(?:month|Monat|year|Jahr|day|Tag|GPU|chip|Chip|accelerator)",
                           re.IGNORECASE)
PRICE_BREAK = re.compile(r"[;–—]|\s(?:but|while|whereas|than|aber|während|als)\s")
BILL = re.compile(r"\b(?:train(?:ing|ed|s)?|fine-tun\w*|run|runs|job|bill|budget|total|insgesamt|Training\w*|"
                   r"Rechnung|Budget|Lauf|Läufe|Gesamtkosten)\b", re.IGNORECASE)
CHIP_NOUN = re.compile(r"chip|gpu|accelerator|processor|beschleuniger", re.IGNORECASE)
SYSTEM_AFTER = re.compile(r"[\s-]?(?:Instanz|Instanzen|instances?|Instances?|UltraServers?|Server|servers?)\b")
HALF_OF_YEAR = re.compile(r"\b(?:first|second|the other|ersten|zweiten|erste|zweite)\s*$", re.IGNORECASE)
THE_STARTUP = re.compile(r"\b(?:das|dem|the|this|that)\s+(?:KI-)?(?:Start-?up|startup|start-up|AI\s+startup|AI\s+lab|KI-Labor|Unternehmen|company)\b",
                          re.IGNORECASE)
PERFECT_INVESTED = re.compile(r"\b(?:has|have)\s+(?:\w+\s+){0,2}invested\b|\b(?:hat|haben)\s+[^.;:]{0,60}\binvestiert\b",
                               re.IGNORECASE)
FURTHER = re.compile(r"\b(?:another|further|additional|more|weitere\w*|zusätzlich\w*|nochmals|erneut)\s+(?:[\w$€]+\s+)?$",
                      re.IGNORECASE)
CUMULATIVE = re.compile(r"\b(?:in total|total|so far|to date|altogether|all told|in all|insgesamt|bislang|bisher|"
                         r"kumuliert|summiert|Gesamt\w*)\b", re.IGNORECASE)
STATED_UNTIL = re.compile(r"^\W*(?:\w+\s+){0,3}?(?:bis|by|as of|Stand)\s+(?:zum\s+)?(?:(?:the\s+)?end\s+of\s+|Ende\s+)?"
                           r"((?:19|20)\d\d)\b", re.IGNORECASE)
DELTA_BEFORE = re.compile(r"\b(?:adds|adding|added|an\s+extra|an\s+additional|another|zusätzliche[nm]?|weitere|"
                           r"legt\s+(?:sogar\s+|noch\s+)?(?:um\s+)?)\s*(?:about\s+|rund\s+|another\s+)?$", re.IGNORECASE)
DELTA_AFTER = re.compile(r"\s*(?:of\s+\w+\s+)?(?:more|mehr)\b(?!\s+(?:als|than)\s+(?:doppelt|twice))", re.IGNORECASE)
PER_INSTANCE = re.compile(r"\b(?:per|pro|je|each|every|jede|an?|one|eine[rmn]?)\s+(?:[\w.]+[\s-])?(?:instance|Instanz)\b",
                           re.IGNORECASE)  # "pro Inf2-Instanz", "an Inf2 instance holds up to 16"
CORE_TYPE = re.compile(r"NeuronCores?[- ]?v(\d)\b")
GENERATION_HEADER = re.compile(r"Generation|\bGen\b|Chip|Modell|Model|Beschleuniger|Accelerator", re.IGNORECASE)
DATED_NAME = re.compile(r"\s*\(\s*(?:[A-Za-zÄÖÜäöü]+\.?\s+)?(?P<year>(?:19|20)\d\d)\s*\)")
NODE_BEFORE = re.compile(r"(?:\d+(?:\.\d+)?\s?-?nm|N\d+[A-Z]?)[\w-]*\s+(?:bei|at|by|von|from)\s+$")
NODE_AFTER = re.compile(r"(?:['’]s)?[\s-]+(?:(?:im|in|on|auf|using)\s+(?:(?:the|its|a|dem|einem|seinem)\s+)?)?"
                         r"(?:\d+(?:\.\d+)?\s?-?nm\b|N\d+[A-Z]?\b|\d+N\b)")
SYSTEM_WORD = re.compile(r"UltraServer|\b[Pp]ods?\b|\b[Rr]acks?\b|NVL\d+")
UNPUNCTUATED_BREAK = re.compile(r"[^\s.!?:;,(\[–—-][ \t]*\n")
NEG_BREAK = re.compile(r"[;:–—]|,\s*(?:but|it|sondern|aber|es|er|sie)\b|\b(?:but|instead|sondern|stattdessen)\b")
ENERGY = re.compile(r"energ|efficien|effizien|watt", re.IGNORECASE)
PRICE_WORD = re.compile(r"price|preis|cost|kosten|cheap|günstig", re.IGNORECASE)
RELATIVE = re.compile(r"\s*,\s*(?:der|die|dem|den|which)\s+(?!ist\b|sind\b|is\b)(?:\w+\s+){0,2}$", re.IGNORECASE)
NOT_ON_DEMAND = re.compile(r"\b(?:spot|reserved|savings plans?|reserviert\w*|Spot-\w*|Capacity Blocks?)\b", re.IGNORECASE)
CUE_WINDOW = 60  # characters around a value in which a cue word speaks about it
MEMORY_TYPE = re.compile(r"(?<![\w-])(?:HBM[234]?[eE]?|LPDDR5X?|GDDR6X?|GDDR7|DDR5|DRAM)"
                          r"(?!\w|-(?!Speicher|Stacks?\b|Stapel|Memory|Module?\b|Kapazität|Bandbreite))")
SINCE = re.compile(r"\b(?:seit|since)\s+$", re.IGNORECASE)
# "seit er im Juni 2024 übernommen hat", "took over in June 2024", "CEO since June 2024", "übernahm im Juni 2024"
TOOK_OFFICE = re.compile(r"\b(?:since|seit|took\s+over|took\s+the\s+helm|took\s+charge|became\s+CEO|übernahm|"
                          r"stepped\s+up)\b(?:\s+(?:he|she|er|sie|it|in|im|on|am|at|the|the\s+top\s+job|die\s+Führung|"
                          r"den\s+Posten|das\s+Amt|die\s+Leitung))*\s+$", re.IGNORECASE)
PERSON_PRONOUN = re.compile(r"\b(?:er|sie|seine?|ihre?|he|she|his|her)\b", re.IGNORECASE)
TOOK_OFFICE_AFTER = re.compile(r"\s+(?:übernommen|übernahm|die\s+Führung\s+übernommen|ins\s+Amt|an\s+die\s+Spitze|"
                                r"took\s+over|took\s+office)\b", re.IGNORECASE)
YEAR = re.compile(r"(?<![\w.,/-])(?:19[89]\d|20[0-4]\d)(?![\w.,/-]\d|\w)")
HEADER_UNIT = re.compile(r"\(([^()]{1,20})\)\s*$|\bin\s+(\S{1,10})\s*$")
HOURLY_PRICE_UNIT = re.compile(r"(?:US-?\$|\$|USD|US-Dollar|Dollar)\s*(?:/|pro|per|je)\s*(?:h|hr|hour|Std\.?|Stunde)",
                                re.IGNORECASE)
# "NVLink-friendly Trainium4", "NVLink-fähigen Trainium4": the link is the next name's
NAME_MODIFIER = re.compile(r"-(?:friendly|compatible|ready|capable|enabled|based|fähige[nmrs]?|kompatible[nmrs]?|"
                            r"basierte[nmrs]?)\s+(?:\w+\s+)?")
LINK_GIVES = re.compile(r"\s+(?:gives|gave|provides|provided|delivers|delivered|offers|offered|liefert|lieferte|"
                         r"bietet|bot|gibt|gab)\s+(?:each|every|the|jede[mnr]?|jedem|dem|der|den)?\s*")
PER_CHIP_HOUR = re.compile(r"\s*(?:pro|per|je|/|a|an)\s*(?:GPU|Chip|chip|accelerator|Beschleuniger|TPU)"
                            r"[\s-]?(?:Stunde|hour|hr|h)\b", re.IGNORECASE)
YEARLESS_DAY = re.compile(
    r"(?<![\w.,])(?:(?P<month>" + "|".join(sorted(MONTH_WORDS, key=len, reverse=True)) + r")\.?\s+(?P<day>[0-3]?\d)"
    r"(?:st|nd|rd|th)?|(?P<day2>[0-3]?\d)\.\s*(?P<month2>" + "|".join(sorted(MONTH_WORDS, key=len, reverse=True))
    + r"))(?![\w-]|[.,]?\s*\d)", re.IGNORECASE)
DATELINE = re.compile(r"(?:^|[\s(])(?:Update|Updated|Stand|Aktualisiert(?:\s+am)?|As\s+of|Last\s+updated)"
                       r"[:\s]+(?:\w+\.?\s+){0,2}$"
                       # a news dateline: "SEATTLE, March 3, 2026 —", "LAS VEGAS, 2. Dezember 2025 –"
                       r"|^[\s*_]*(?-i:[A-ZÄÖÜ]{2,}(?:[ -][A-ZÄÖÜ]{2,})*)\s*,\s+(?:[\w.]+\s*){1,3},?\s*$",
                       re.IGNORECASE)
SYSTEM_EACH = re.compile(r"(?:UltraServers?|UltraServern|Pods?|Racks?|NVL\d+|Instanzen|instances)\s+[a-zäöü]\w*\s+"
                          r"(?:je|jeweils|each)\s+$")
PREDICATE_BEFORE = re.compile(r"[^.;:]{0,12}\b(?:is|ist)\s+(?:essentially\s+|basically\s+|im Grunde\s+)?"
                               r"(?:the|die|der|das|a|an|ein|eine)\s+")
GENITIVE_BEFORE = re.compile(r"\b[A-ZÄÖÜ][a-zäöüß]+\s+(?:der|des)\s+$")
PER_OWNER = re.compile(r"\s*[A-Za-z/]*\s+(?:per|pro|je)\s+(?:the\s+|a\s+|einen?\s+)?")  # "1,287 TFLOPS per Trainium2"
PAREN_OWNER = re.compile(r"[^\s,;()]*(?:\s+[^\s,;()]+)?\s*\(\s*")
VERSION_AFTER = re.compile(r"[\s-]?v?(\d)(?![\w.,]?\d|-|\s?(?:TB|GB|Tb|Gb|x\b|×|%|GPU|[Cc]hip))")
OBJECT_RELATIVE = re.compile(r"[^\s,;]*(?:\s+[^\s,;]+)?\s+(?:that|den|die|das)\s+(?:the\s+|die\s+|der\s+|das\s+)?")
CAPACITY_AT = re.compile(r"\d\s?(?:GB|GiB|TB|TiB)\b(?:\s+(?:of\s+)?(?:HBM\w*|memory|Speicher))?"
                          r"(?:\s+(?:per|pro|je)\s+(?:chip|Chip|GPU|device))?,?\s+(?:at|with|mit|bei)\s+"
                          r"(?:up to\s+|bis zu\s+|about\s+|rund\s+|etwa\s+)?$")
RATIO_BEFORE = re.compile(r"\b(?:doubles|doubled|triples|tripled|quadruples|quadrupled|twice|double|triple|"
                           r"times|\d+(?:\.\d+)?x|more than|less than)\s+(?:the\s+)?$", re.IGNORECASE)
# "das Zehnfache einer TPU v5p", "das Vierfache der v5p", "twice that of the MI300X": the reference point
RATIO_OF_BEFORE = re.compile(r"(?:[Ff]ache[ns]?|[Dd]oppelte[ns]?|times|twice|double|half|\d(?:[.,]\d+)?x)"
                              r"(?:\s+[\w-]+(?<!\bund)(?<!\band)){0,3}?\s+(?:what\s+|a\s+|an\s+|(?:that\s+)?of\s+(?:the\s+|a\s+|an\s+)?|"
                              r"des\s+|der\s+|einer\s+|eines\s+|von\s+(?:der\s+|dem\s+)?)$")
# "Someone replied to my last thread with this:", "Ein Leser schrieb uns dazu:": a quote of someone else follows
QUOTE_INTRO = re.compile(r"\b(?:replied|wrote|writes|claimed|claims|commented|posted|put it|said|says|told us|"
                          r"schrieb|schreibt|meinte|behauptete|behauptet|kommentierte|postete)\b[^.!?]*:\s*$", re.IGNORECASE)
NOT_SAYING = re.compile(r"\s*(?:say|says|tell|disclose|specify|reveal|state|know|sagt|nennt|verrät|angeben|mitteilen)\b",
                         re.IGNORECASE)
QUOTE_SOURCE = re.compile(r"(?<![\w/])u/\w+|(?<![\w.])@\w{2,}|^\s*(?:Reply|Antwort|Kommentar|Comment|Leserbrief|"
                           r"Reader|Leser)\b", re.IGNORECASE)  # a commenter's handle, "## Reply 3": their words
NUMBERING = re.compile(r"^\s*(?:\d+[.)]|[IVX]+\.|Myth\s+\d+:|Mythos\s+\d+:)\s*", re.IGNORECASE)
# an interviewer's turn in a Q&A: "Q:", "**Q:**", "Frage:", "F:"
QUESTION_TURN = re.compile(r"\W*(?:Q|F|Frage|Question|Interviewer|Interviewerin)\s*:")
AS_MANY_AFTER = re.compile(r"\s+(?:so\s+viele|as\s+many)\s+(?:wie|as)\b", re.IGNORECASE)  # (no noun: "so viele Chips" is checked)
ANSWER_TURN = re.compile(r"\W*(?:A|Antwort|Answer)\s*:")
FULLY_QUOTED = re.compile(r'\s*(?:"[^"]+"|“[^”“]+[”“]|„[^“”"]+[“”"]|»[^«]+«|«[^»]+»)[\s.,;:!?—–-]*(?:[-—–]\s*\w[^"“”„«»]*)?')
QUOTED = re.compile(r'"[^"\n]{1,200}"|“[^”\n]{1,200}[”“]|„[^“”"\n]{1,200}[“”"]|»[^«\n]{1,200}«|«[^»\n]{1,200}»')
CORRECTION = re.compile(r"\b(?:wrong|false|incorrect|not true|untrue|inaccurate|a myth|mistaken|misleading|"
                         r"(?:is|are|was)(?:n't| not) (?:quite |entirely |really )?(?:right|correct|accurate|true)|"
                         r"says? otherwise|say(?:s)? something else|widerspricht|sagt etwas anderes|"
                         r"(?:it|that|this) (?:does|did|is|was)(?: not|n't)(?= *[.!]| *$)|"
                         r"falsch|stimmt (?:so |leider |aber |einfach |nicht ganz|schlicht )?nicht|nicht korrekt|"
                         r"nicht richtig|unzutreffend|irreführend|ein Irrtum|ein Mythos)\b",
                         re.IGNORECASE)
# "Original: "NVLink-Kompatibilität ..."" in a review log or change list: the wording being replaced
QUOTE_LABEL = re.compile(r"(?:^|[\s*(])(?:Original(?:text|fassung)?|Vorher|Ursprünglich|Alt|Falsch|Fehler|Statt|Anstatt|"
                          r"Before|Previously|Old|Wrong|Incorrect|Instead of|Was)\s*[:=]?[\s*]*$", re.IGNORECASE)
WAS_PAREN = re.compile(r"\((?:was|were|previously|formerly|earlier|not|war|waren|vorher|zuvor|bisher|früher|statt|"
                        r"anstatt|nicht|instead\s+of)\s[^()\n]{1,80}\)", re.IGNORECASE)
NEEDS = re.compile(r"\b(?:needs?|requires?|takes|occupies|braucht|brauchen|benötigt|benötigen|belegt|belegen|"
                    r"erfordert)\b(?:\s+[\w-]+){0,3}\s*$", re.IGNORECASE)
MODEL = re.compile(r"\b\d+(?:[.,]\d+)?\s?[BMT]\b|\b(?:models?|Modell\w*|weights|Gewichte\w*|parameters|"
                    r"Parameter\w*|KV[- ]?[Cc]ache)\b", re.IGNORECASE)
FITS_INTO = re.compile(r"\bfits?\s+(?:\w+\s+)?(?:in|into|within|on)\s+(?:[\w'’-]+\s+){0,3}$", re.IGNORECASE)
PASST = re.compile(r"\s+(?:\w+\s+)?pass(?:t|en|te|ten)\b")
DIE_NOUN = re.compile(r"([\w/]+)[\s-]*(?:dies?|chiplets?|tiles?)\b", re.IGNORECASE)
NOT_COMPUTE_DIE = re.compile(r"I/?O|IOD|base|Basis|cache|memory|Speicher|SRAM", re.IGNORECASE)
ALTERNATIVE = re.compile(r"\s+(?:or|oder)\s+(?:[\w-]+\s+){0,2}", re.IGNORECASE)
WORKLOAD_METRIC = re.compile(r"[\s-]*(?:\w+\s+){0,2}?(?:throughput|latency|cost|costs|price|Durchsatz|"
                              r"Durchsatzes|Latenz|Kosten|Preis)\b", re.IGNORECASE)
WORKLOAD_KIND = re.compile(
    r"[\s-]*(?:[\w-]+\s+){0,2}?(?:(?P<price_performance>Preis[-\s]?Leistung\w*|price[-\s/]?performance)"
    r"|(?P<inference_cost>(?:Kosten|costs?|weniger|less)\s+(?:pro|per|je)\s+(?:Inferenz|inference)|Inferenzkosten|"
    r"inference\s+costs?)"
    r"|(?P<training_cost>costs?[-\s]to[-\s]train|Trainingskosten|training\s+costs?)"
    r"|(?P<latency>Latenz(?:en)?|latency)|(?P<throughput>Durchsatz(?:es)?|throughput))\b", re.IGNORECASE)
LOWER_BETTER = frozenset({"latency", "inference_cost", "training_cost"})
BENCHMARK = re.compile(r"\b(?:Llama|GPT-?\d|BERT|ResNet|Stable Diffusion|Mixtral|DeepSeek|Qwen|\d+B\b|MLPerf|"
                        r"in (?:our|unseren|meinen|my) (?:tests?|Tests|runs?|Messungen)|we measured|gemessen)", re.IGNORECASE)
SPEEDUP = re.compile(r"[\s-]*(?:\w+\s+)?(?:faster|quicker|speedup|speed-up|schneller|flotter|Beschleunigung)\b",
                      re.IGNORECASE)
WORKLOAD = re.compile(r"\b(?:inference|training|Inferenz|Training|tokens?|Token|benchmarks?|Benchmarks?|MLPerf|"
                       r"Llama|GPT|BERT|ResNet|Stable Diffusion|Mixtral|DeepSeek|\d+B\b|workloads?|Workloads?)",
                       re.IGNORECASE)
DIE_LINK = re.compile(r"\b(?:two|both|zwei|beiden?)\s+(?:compute\s+|GPU[- ])?dies\b|\bdie-to-die\b|\bdie-zu-die\b|"
                       r"\bNV-HBI\b", re.IGNORECASE)
STRONG_BREAK = re.compile(r"[;:–—]|\s-\s")
CLAUSE_BREAK = re.compile(r"[,;:–—()]|\s(?:and|but|while|whereas|und|aber|während|bei|at|with|mit|sowie)\s",
                           re.IGNORECASE)
CORE_NOUN = re.compile(r"[\s-]*(?:NeuronCores?(?:-v\d)?(?:[\s-]*(?:Kerne|cores))?|Tensor\s?Cores|TensorCores|"
                        r"TPCs|(?:compute\s+|Rechen-?)?(?:cores|Kerne)n?)\b", re.IGNORECASE)
BARE_WITH = re.compile(r"\s*(?:[\w-]+\s+){0,2}(?:mit|with)\s*")  # "jeder [Trainium3-Chip] mit"
KIND_WORDS = {("pod", "pod"), ("instance", "instance"), ("instanz", "instance"), ("rack", "system"), ("system", "system"),
               ("systems", "system")}
PORT_BEFORE = re.compile(r"\b(?:ports?\s+(?:of|with|at|running at)|Ports?\s+(?:mit\s+)?(?:je|à|zu\s+je|mit)|"
                          r"(?:per|each|pro|je)\s+Port)\s+(?:up to\s+|bis zu\s+)?$", re.IGNORECASE)
PORT_AFTER = re.compile(r"\s*(?:\w+\s+)?(?:per|pro|je|each)\s+Port\b|(?:\s+\w+)?\s+ports?\b", re.IGNORECASE)
# a relative clause after which the main clause goes on with its verb ("Der Trainium2 selbst, der ..., war")
RELATIVE_CLAUSE = re.compile(r",\s*(?:der|die|das|welche[rs]?|which|who)\b[^,;.]*,(?=\s*(?:war|ist|wurde|wird|hat|hatte|"
                              r"kam|was|is|were|has|had|came|will|would)\b)")
MULTIPLE_BEFORE = re.compile(r"(?:times|twice|half|\d(?:[.,]\d+)?\s?x|[Ff]ache[ns]?|mal|doppelt|halb)\s*$",
                              re.IGNORECASE)
BOTH = re.compile(r"\s*(?:Both|Beide)\b")
PER_DIRECTION = re.compile(r"\s*(?:of\s+\w+\s+)?(?:in each direction|per direction|each way|in either direction|"
                            r"in jede Richtung|pro Richtung|je Richtung)\b", re.IGNORECASE)
QUESTION = re.compile(r"\?[\s\"'“”»«*_)]*$")
TIMES_BEFORE = re.compile(r"\b\d+\s?[×x]\s?$")
MORE_THAN_THE = re.compile(r"\b(?:mehr als|über|more than|over)\s+(?:das|die|the)\s+$", re.IGNORECASE)
NEW_SUBJECT = re.compile(r"[,;:–—]\s*(?:die|der|das|the|while|whereas|während|and|und)?\s*$", re.IGNORECASE)
ANY_BETWEEN = re.compile(r"\b(?:between|zwischen)\s+(?:any\s+|je\s+|jeweils\s+|beliebigen\s+)?$", re.IGNORECASE)
INDEFINITE = frozenset({"ein", "eine", "einen", "einem", "einer", "eines"})
MEASURES = {"memory", "rate", "compute", "power"}
FROM_BEFORE = re.compile(r",?\s+(?:[\w-]+\s+){0,2}(?:from|von)\s+", re.IGNORECASE)
SENTENCE_END = re.compile(r"\s*[.!;:]?\s*")
INSTEAD_OF = re.compile(r"\s+(?:statt|anstatt|anstelle\s+von|instead\s+of|rather\s+than|up\s+from|nach)\s+", re.IGNORECASE)
FROM_END = re.compile(r"\b(?:from|von)\s+$", re.IGNORECASE)
# what may stand between a change and the ratio that sums it up: "…, roughly double", "…, also knapp das Doppelte"
SUMS_UP = re.compile(r"\s*[,;:(–—-]?\s*(?:(?:roughly|about|around|nearly|almost|approximately|more\s+than|just\s+over|"
                      r"just\s+under|over|a|an|the|that\s+is|which\s+is|i\.e\.|or|so|knapp|rund|etwa|fast|gut|über|"
                      r"mehr\s+als|also|das|die|der|ein|eine|einen|damit|somit|was|ist|sind|ungefähr|beinahe)\s+)*",
                      re.IGNORECASE)
TO_BETWEEN = re.compile(r"\s+(?:to|auf)\s+", re.IGNORECASE)
FIGURE_AFTER = re.compile(r"\s+(?:the|das|die|der|den|dem)\s+(?:(?:[\w-]+\s+){0,2}of\s+(?:the\s+)?)?", re.IGNORECASE)
POSSESSIVE_AFTER = re.compile(r"\s+(?:its|their|seine[nrms]?|ihre[nrms]?)\b", re.IGNORECASE)
RATIO_VERB = re.compile(r"(?:doubles|triples|quadruples|ver\w+)$", re.IGNORECASE)
COMPUTE_VERB = re.compile(r"\b(?:schafft|leistet|rechnet|delivers|achieves|computes)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
THAT_IS = re.compile(r"\s*(?:That|This|It|Das|Dies|Damit|That's|Which)\b(?:\s+(?:is|are|means|ist|sind|wäre|bedeutet))?",
                      re.IGNORECASE)
RATIO_CLAUSE_BREAK = re.compile(r"[;:]|,\s*(?:and|und|while|whereas|während|but|aber|which|die|das|der)\b")
SAME_THING = re.compile(
    r"[\s-]+(?:[\w-]+\s+)?(?:foundry|foundries|fabs?|process|node|architecture|design|dies?|chip|chips|socket|package|"
    r"interconnect|vendor|company|maker|team|software|SDK|toolchain|Fertiger|Auftragsfertiger|Prozess|"
    r"Fertigungsprozess|Architektur|Fertigung|Hersteller|Sockel)\b", re.IGNORECASE)
LINK_AFTER = re.compile(r"(?:['’]s)?[\s-]?")  # "the H100's successor", "the H100 successor", "H100-Nachfolger"
LINK_OF = re.compile(r"\s+(?:des|der|von|vom|of)\s+(?:(?:the|dem|der|den)\s+)?", re.IGNORECASE)
EACH_WITH = re.compile(r"(?:[\s-]*(?:Chips?|GPUs?|Beschleuniger\w*|accelerators?))?\s*,?\s*(?:mit\s+je|mit\s+jeweils|jeweils\s+mit|"
                        r"each\s+with|with)\s+(?:(?![.,]\s)[^;:()])*$", re.IGNORECASE)
EACH_WORD = re.compile(r"\b(?:je|jeweils|each)\b", re.IGNORECASE)
EACH_AFTER = re.compile(r"(?:\s+(?:of\s+)?[\w-]+)?\s+(?:each|apiece|jeweils)\b")
EACH = re.compile(r"(?:\b(?:je|jeweils|each|per|pro|mit je)\s*)$", re.IGNORECASE)
PER_UNIT = re.compile(r"(?:\b(?:je|jeweils|each|per|pro|with|mit je)\s*)$", re.IGNORECASE)
ELLIPSIS = re.compile(r"(?:\b(?:waren|war|sind|ist)\s+es\s+(?:noch|nur|erst|bereits)?\s*"
                       r"|\b(?:it|there)\s+(?:was|were|is|are)\s+(?:still|only|just|already)?\s*)$", re.IGNORECASE)
BETWEEN_CMP = re.compile(
    r"^\s*(?:(?:the|a|an|its|their|der|die|das|dem|den|des|beim|bei|seinem|seinen|ihrem|ihren)\s+)?"
    r"(?:[a-zäöü][\w-]*\s+)?"
    r"(?:(?:predecessor|previous|successor|older|current|Vorgänger|Vorgängers|Nachfolger|älteren|aktuellen|"
    r"Nvidias?|AMDs?|Googles?|Intels?|AWS|\w+['’]s)\s+)*$", re.IGNORECASE)
EQUAL_WIE = re.compile(r"\b(?:dieselben?|derselben?|dasselbe|gleiche[nrs]?|genauso|ebenso|so\s+\w+|doppelt|halb)\b"
                        r"[^,;:–—]{0,40}\bwie\s+(?:die|der|das|den|dem|beim|bei|bei der|eine[mnr]?|ein)?\s*$", re.IGNORECASE)
WIE = re.compile(r"wie", re.IGNORECASE)  # in every EQUAL_WIE match; found much faster
OF_REFERENCE = re.compile(r"\b(?:of|than|to|over|vs\.?|versus|des|dem|gegenüber|seines|seinem|ihres|ihrem)"
                           r"\s+(?:(?:the|its|their|a|dessen|deren)\s+)?$", re.IGNORECASE)
NEXT_CLAUSE = re.compile(r"[,;]\s*(?:and|und|while|whereas|während|but|aber|sowie)\b|;", re.IGNORECASE)
FROM_ON = re.compile(r"\b(?:from|von)\s+[\d.,]+\s*[\w/]+\s+(?:on|bei|beim|für|of|in|with|mit)\s+"
                      r"(?:(?:the|dem|der|den)\s+)?$", re.IGNORECASE)
TO_AFTER = re.compile(r"\s+(?:to|auf|zu)\s", re.IGNORECASE)
AS_MANY = re.compile(r"\s+(?:so\s+viele|as\s+many|mehr|more)\s+(?:\w+\s+)?", re.IGNORECASE)
MIT_BEFORE = re.compile(r"\b(?:mit|with)\s+(?:(?:dem|der|den|einem|einer|the|an?)\s+)?$", re.IGNORECASE)
LEVEL_AFTER = re.compile(r"\s+(?:\w+\s+)?(?:gleichauf|auf\s+Augenhöhe|ebenbürtig|gleichzieht|gleich\b)", re.IGNORECASE)
# between two ratios of one list: the first one's object ("the FP4 performance of Trainium3"), a comma or "and"
LIST_GAP = re.compile(r"[^.;:()]{0,60}?(?:,\s*(?:and\s+|und\s+)?|\s+(?:and|und|sowie)\s+)(?:the\s+|die\s+|das\s+)?"
                       r"(?:at\s+least\s+|mindestens\s+)?", re.IGNORECASE)
NEW_WORD = re.compile(r"\bnew(?:er|est)?\b|\bneue", re.IGNORECASE)
COUNT_BEFORE = re.compile(r"(?:\d(?:[\d.,]*\d)?|\b(?:two|four|eight|sixteen|zwei|vier|acht|sechzehn))\s*(?:x\s*)?$", re.IGNORECASE)
NEG_AFTER = re.compile(r"^\W*(?:(?:is|are|wird|werden|ist|sind)?\s*(?:not|nicht|no longer|nicht mehr)\s+"
                        r"(?:supported|unterstützt|used|genutzt|verwendet|available|verfügbar)"
                        r"|(?:nicht|not)\b(?=\s*[,.;])"  # "Trainium3 beherrscht NVLink nicht, er setzt auf ..."
                        # "NVLink spielt beim Trainium3 keine Rolle", "NVLink plays no part in Trainium3",
                        # "NVLink fehlt dem Trainium3", "NVLink is absent from Trainium3"
                        r"|(?:spielt|spielen|plays?)\s+(?:[\w-]+\s+){0,3}?(?:keine|no)\s+(?:Rolle|role|part)\b"
                        r"|(?:fehlt|fehlen|is\s+absent|is\s+missing)\b)", re.I)

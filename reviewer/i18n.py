"""Messages in the article's language. Keys are stable; templates use str.format fields."""

from __future__ import annotations

ATTRIBUTE_NAMES = {
    "en": {
        "memory_capacity": "memory capacity", "memory_type": "memory type", "memory_bandwidth": "memory bandwidth",
        "host_memory": "host memory", "compute": "compute", "interconnect": "interconnect",
        "interconnect_bandwidth": "interconnect bandwidth", "network_bandwidth": "network bandwidth",
        "bandwidth": "bandwidth", "process_node": "process node", "foundry": "foundry", "core_type": "core type", "chip_count": "chip count", "server_count": "server count", "site_area": "site area", "building_count": "data-center buildings", "price_per_chip_hour": "price per chip-hour", "cpu_count": "CPU count", "core_count": "core count", "vcpus": "vCPU count",
        "sram": "on-chip SRAM", "efficiency": "energy efficiency", "power": "power", "price_per_hour": "price per hour", "ratio": "ratio", "ceo": "CEO",
        "investment": "investment", "first_investment": "first investment", "took_office": "start as CEO", "acquisition_price": "acquisition price", "acquired": "acquisition date",
        "announced": "announcement date", "available": "availability date",
        "throughput": "throughput", "latency": "latency", "inference_cost": "cost per inference",
        "training_cost": "cost to train", "price_performance": "price performance",
    },
    "de": {
        "memory_capacity": "Speicherkapazität", "memory_type": "Speichertyp", "memory_bandwidth": "Speicherbandbreite",
        "host_memory": "Host-Speicher", "compute": "Rechenleistung", "interconnect": "Interconnect",
        "interconnect_bandwidth": "Interconnect-Bandbreite", "network_bandwidth": "Netzwerkbandbreite",
        "bandwidth": "Bandbreite", "process_node": "Fertigungsprozess", "foundry": "Auftragsfertiger",
        "core_type": "Kerntyp", "chip_count": "Chip-Anzahl", "server_count": "Anzahl der Server", "site_area": "Fläche", "building_count": "Rechenzentrumsgebäude", "price_per_chip_hour": "Preis pro Chip-Stunde", "cpu_count": "CPU-Anzahl", "core_count": "Kernanzahl", "vcpus": "vCPU-Anzahl", "sram": "On-Chip-SRAM", "efficiency": "Energieeffizienz", "power": "Leistungsaufnahme",
        "price_per_hour": "Preis pro Stunde", "ratio": "Verhältnis", "ceo": "CEO",
        "investment": "Investition", "first_investment": "erste Investition", "took_office": "Amtsantritt als CEO", "acquisition_price": "Kaufpreis", "acquired": "Übernahmedatum",
        "announced": "Ankündigungsdatum", "available": "Verfügbarkeitsdatum",
        "throughput": "Durchsatz", "latency": "Latenz", "inference_cost": "Kosten pro Inferenz",
        "training_cost": "Trainingskosten", "price_performance": "Preis-Leistung",
    },
}

MESSAGES = {
    "en": {
        "verified": "{entity} {attribute}: {claimed} agrees with the source ({expected}).",
        "contradicted": "{entity} {attribute}: the article says {claimed}, the source says {expected}.",
        "superseded": "{entity} {attribute}: {claimed} is an earlier figure the vendor has since replaced by {expected}.",
        "outdated": "{entity} {attribute}: {claimed} was true until {until}; at {as_of} it is {expected}.",
        "unverifiable": "{entity} {attribute}: {claimed} is not covered by the fact base.",
        "negated_wrong": "{entity}: the article says it does not use {claimed}, but it does.",
        "negated_ok": "{entity} does not use {claimed}: correct.",
        "unsupported": "{entity} does not support {claimed}; it uses {expected}.",
        "ratio": "{entity} vs {versus} ({metric}): the article says {claimed}, the sources give {expected}.",
        "ratio_ok": "{entity} vs {versus} ({metric}): {claimed} agrees with the sources ({expected}).",
        "figures": "{entity}: the article says {claimed}, but the two figures it compares give {expected}.",
        "figures_ok": "{entity}: {claimed} agrees with the two figures the sentence compares ({expected}).",
        "not_yet": "{claimed} only became {attribute} of {entity} on {since}.",
        "note_alternate": "Matches a figure from another source: {note}",
        "note_sparse": "This is the sparse figure; the dense figure is {dense}.",
        "hint_predecessor": "{claimed} is {predecessor}'s figure.",
        "hint_sparse": "{claimed} is the sparse figure; the text calls it dense.",
        "hint_dense": "{claimed} is the dense figure; the text calls it sparse.",
        "hint_integer": "{claimed} is the {precision} figure (integer operations, TOPS), not floating-point FLOPS.",
        "hint_scope": "{claimed} matches {other}, not a single {entity}.",
        "per_chip_total": "{entity} {attribute}: the article says {claimed} per chip, but that is the figure of a whole {other} ({expected}); the sources give no per-chip figure.",
        "hint_bits": "Bits and bytes are mixed up: the source states {expected}.",
        "hint_unit": "The number is the source's, the unit is not: the source states {expected}.",
        "hint_related": "{claimed} is the figure of {other}.",
        "hint_announced": "{claimed} was the announced figure; the shipped product has {expected}.",
    },
    "de": {
        "verified": "{entity} {attribute}: {claimed} stimmt mit der Quelle überein ({expected}).",
        "contradicted": "{entity} {attribute}: Im Artikel steht {claimed}, laut Quelle {expected}.",
        "superseded": "{entity} {attribute}: {claimed} ist ein früherer Wert, den der Hersteller inzwischen durch {expected} ersetzt hat.",
        "outdated": "{entity} {attribute}: {claimed} galt bis {until}; am {as_of} gilt {expected}.",
        "unverifiable": "{entity} {attribute}: {claimed} ist nicht in der Faktenbasis belegt.",
        "negated_wrong": "{entity}: Laut Artikel nutzt es {claimed} nicht, tatsächlich aber doch.",
        "negated_ok": "{entity} nutzt {claimed} nicht: korrekt.",
        "unsupported": "{entity} unterstützt {claimed} nicht; es nutzt {expected}.",
        "ratio": "{entity} gegenüber {versus} ({metric}): Im Artikel steht {claimed}, laut Quellen {expected}.",
        "ratio_ok": "{entity} gegenüber {versus} ({metric}): {claimed} stimmt mit den Quellen überein ({expected}).",
        "figures": "{entity}: Im Artikel steht {claimed}, die beiden verglichenen Werte ergeben aber {expected}.",
        "figures_ok": "{entity}: {claimed} passt zu den beiden Werten, die der Satz vergleicht ({expected}).",
        "not_yet": "{claimed} ist erst seit {since} {attribute} von {entity}.",
        "note_alternate": "Entspricht dem Wert einer anderen Quelle: {note}",
        "note_sparse": "Das ist der Sparse-Wert; dicht (dense) sind es {dense}.",
        "hint_predecessor": "{claimed} ist der Wert des Vorgängers {predecessor}.",
        "hint_sparse": "{claimed} ist der Sparse-Wert; im Text steht dicht (dense).",
        "hint_dense": "{claimed} ist der dichte (dense) Wert; im Text steht sparse.",
        "hint_integer": "{claimed} ist der {precision}-Wert (Ganzzahl-Operationen, TOPS), keine Gleitkomma-FLOPS.",
        "hint_scope": "{claimed} entspricht {other}, nicht einem einzelnen {entity}.",
        "per_chip_total": "{entity} {attribute}: Im Artikel steht {claimed} pro Chip, das ist aber der Wert eines ganzen {other} ({expected}); einen Wert pro Chip nennen die Quellen nicht.",
        "hint_bits": "Bits und Bytes verwechselt: Die Quelle nennt {expected}.",
        "hint_unit": "Die Zahl stimmt, die Einheit nicht: Die Quelle nennt {expected}.",
        "hint_related": "{claimed} ist der Wert von {other}.",
        "hint_announced": "{claimed} war der angekündigte Wert; ausgeliefert wird {expected}.",
    },
}

LOG = {
    "en": {
        "title": "Technical Review Log", "date": "Review date", "reviewer": "Reviewer", "status": "Status",
        "confidence": "Confidence", "article": "Article", "article_date": "Article date", "as_of": "checked as of",
        "language": "Language", "corrections": "Corrections", "original": "Original", "correction": "Correction",
        "line": "line", "source": "Source", "reason": "Why", "verified": "Verified facts",
        "unverifiable": "Unverifiable claims", "recommendations": "Recommendations", "sources": "Sources used",
        "notices": "Input notices", "none": "None.", "no_date": "none (checked as of {as_of})",
        "rec_fix": "Apply the {n} correction(s) above before publishing.",
        "rec_outdated": "Update the {n} outdated statement(s) to the state at the article's date.",
        "rec_unverifiable": "Add a source for the {n} claim(s) the fact base does not cover, or check them by hand.",
        "rec_date": "Add a publication date to the front matter so time-dependent facts are checked at the right date.",
        "rec_clean": "No changes needed on the checked claims.",
        "rec_encoding": "Re-save the file as UTF-8: its text was mis-decoded (mojibake) and was repaired for this review.",
        "summary": "{verified} verified, {contradicted} contradicted, {outdated} outdated, {unverifiable} unverifiable",
        "high": "HIGH", "medium": "MEDIUM", "low": "LOW",
    },
    "de": {
        "title": "Technical Review Log", "date": "Review-Datum", "reviewer": "Reviewer", "status": "Review-Status",
        "confidence": "Konfidenz-Level", "article": "Artikel", "article_date": "Artikeldatum", "as_of": "geprüft zum",
        "language": "Sprache", "corrections": "Vorgenommene Korrekturen", "original": "Original",
        "correction": "Korrektur", "line": "Zeile", "source": "Quelle", "reason": "Grund",
        "verified": "Verifizierte technische Fakten", "unverifiable": "Nicht verifizierbare Angaben",
        "recommendations": "Empfehlungen", "sources": "Verwendete Verifikations-Quellen",
        "notices": "Hinweise zur Eingabe", "none": "Keine.", "no_date": "keines (geprüft zum {as_of})",
        "rec_fix": "Die {n} Korrektur(en) oben vor der Veröffentlichung übernehmen.",
        "rec_outdated": "Die {n} veraltete(n) Aussage(n) auf den Stand zum Artikeldatum bringen.",
        "rec_unverifiable": "Für die {n} nicht belegte(n) Angabe(n) eine Quelle ergänzen oder von Hand prüfen.",
        "rec_date": "Ein Veröffentlichungsdatum in die Front Matter aufnehmen, damit zeitabhängige Fakten zum richtigen Datum geprüft werden.",
        "rec_clean": "Keine Änderungen an den geprüften Angaben nötig.",
        "rec_encoding": "Die Datei als UTF-8 neu speichern: Ihr Text war falsch dekodiert (Mojibake) und wurde für dieses Review repariert.",
        "summary": "{verified} verifiziert, {contradicted} widerlegt, {outdated} veraltet, {unverifiable} nicht verifizierbar",
        "high": "HIGH", "medium": "MEDIUM", "low": "LOW",
    },
}


def msg(lang: str, key: str, **fields) -> str:
    table = MESSAGES.get(lang, MESSAGES["en"])
    return table[key].format(**fields)


def attr_name(lang: str, attribute: str) -> str:
    return ATTRIBUTE_NAMES.get(lang, ATTRIBUTE_NAMES["en"]).get(attribute, attribute)


def log_text(lang: str, key: str, **fields) -> str:
    return LOG.get(lang, LOG["en"])[key].format(**fields)

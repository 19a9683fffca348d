"""The ratio rule (reviewer/extract/rules/ratio.py): what a case of tests/rules/ratio.yaml cannot see because it is
not on the finding, the claim as read: how its subject was found and how it was written (Claim.subject_how,
Claim.subject_text, which the golden files pin for every article, see tests/test_golden.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from reviewer.source import source_from_text

THE_NEW_PART = {
    "en": ("## Trainium3 and the Trn3 UltraServer\n\n"
           "The new part has twice the compute of its predecessor. Trainium2 stays on sale.\n", "twice"),
    "de": ("## Trainium3 und der Trn3 UltraServer\n\n"
           "Der neue Chip bietet die doppelte Rechenleistung des Vorgängers. Trainium2 bleibt im Angebot.\n", "doppelte"),
}


@pytest.mark.parametrize("lang", sorted(THE_NEW_PART))
def test_rule_ratio_the_new_part_is_the_chip_in_context_found_by_coreference(reviewer, lang):
    """"The new part" before the ratio, in a sentence naming no chip before it: the chip in context (the one the
    heading names, not its system), found by coreference and written as its name."""
    text, word = THE_NEW_PART[lang]
    report, claims = reviewer.review_source_with_claims(source_from_text(text), lang=lang, as_of=dt.date(2025, 12, 10))
    read = [(f, c) for f, c in zip(report.findings, claims, strict=True) if f.text == word]
    assert len(read) == 1, [(f.text, f.entity) for f in report.findings]
    finding, claim = read[0]
    assert (finding.entity, finding.attribute, finding.verdict) == ("trainium3", "ratio", "verified")
    assert (claim.versus, claim.scope) == ("trainium2", "compute")
    assert (claim.subject_how, claim.subject_text) == ("coreference", "Trainium3")

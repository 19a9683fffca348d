"""The per-chip price check (reviewer/checks/chip_price.py, HW109) on claims built directly (the mutation run's
survivors: docs/mutation-survivors.md)."""

from __future__ import annotations

import datetime as dt

import pytest

from reviewer.checks import BY_ATTRIBUTE
from reviewer.checks.base import CheckContext
from reviewer.factbase.base import load_factbase
from reviewer.factbase.load import bundled_facts_dir, fact_files
from reviewer.models import Claim
from reviewer.quantities import find_quantities


def judge(fb, entity: str, written: str, lang: str = "en"):
    q = find_quantities(written, lang)[0]
    claim = Claim(entity, "price_per_chip_hour", q.start, q.end, q.text, quantity=q)
    return claim, BY_ATTRIBUTE["price_per_chip_hour"].check(claim, CheckContext(fb, dt.date(2025, 12, 10), lang))


@pytest.fixture(scope="module")
def systems_first():
    """The bundled fact files, the one with the DGX H100 first: what is built from the H100 is listed with that
    system before the priced p5.48xlarge (a publication's own fact directory can put its systems first too)."""
    d = bundled_facts_dir()
    first = d / "nvidia-and-cloud-instances-docs.yaml"
    return load_factbase([first, *(p for p in fact_files([d]) if p != first)], include_bundled=False)


def test_per_chip_price_is_found_after_a_system_built_from_the_chip(systems_first):
    built = systems_first.built_from("h100")
    assert built.index("dgx-h100") < built.index("p5.48xlarge")  # (a system, then the instance with a price)
    claim, v = judge(systems_first, "h100", "$6.88 per GPU-hour")
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "6.88 USD (p5.48xlarge: 55.04 USD / 8)")
    _, v = judge(systems_first, "h100", "$3-4 per GPU-hour")
    assert (v.kind, v.expected, v.suggestion) == ("contradicted", "6.88 USD (p5.48xlarge: 55.04 USD / 8)", "$6.88")


def test_per_chip_price_in_the_bundled_order_is_the_same(reviewer):
    claim, v = judge(reviewer.factbase, "h100", "$6.88 per GPU-hour")
    assert (v.claim, v.kind, v.expected) == (claim, "verified", "6.88 USD (p5.48xlarge: 55.04 USD / 8)")

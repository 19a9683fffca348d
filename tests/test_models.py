"""reviewer.models.quick_init: the one-step __init__ gives the same instances as the dataclass's own."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from reviewer.models import quick_init


@dataclass(frozen=True)
class Slow:
    name: str
    value: float
    unit: str = "GB"
    note: str | None = None


def _pair():
    """The dataclass and its quick_init twin, decorated here, in the test (not at import)."""

    @dataclass(frozen=True)
    class Fast:
        name: str
        value: float
        unit: str = "GB"
        note: str | None = None

    Fast.__qualname__ = "Fast"  # pickle finds it as this module's Fast
    globals()["Fast"] = quick_init(Fast)
    return Slow, Fast


@pytest.mark.parametrize("args,kwargs", [(("HBM", 141.0), {}), (("HBM", 141.0, "GiB"), {}),
                                         (("HBM",), {"value": 2.0, "note": "n"}), ((), {"name": "a", "value": 1.0})])
def test_quick_init_gives_the_dataclasss_instance(args, kwargs):
    slow_cls, fast_cls = _pair()
    slow, fast = slow_cls(*args, **kwargs), fast_cls(*args, **kwargs)
    assert vars(fast) == vars(slow)
    assert list(vars(fast)) == [f.name for f in dataclasses.fields(fast_cls)]  # the fields' order
    assert dataclasses.astuple(fast) == dataclasses.astuple(slow)
    assert repr(fast).split("(", 1)[1] == repr(slow).split("(", 1)[1]
    assert fast == fast_cls(*args, **kwargs) and hash(fast) == hash(fast_cls(*args, **kwargs))
    assert pickle.loads(pickle.dumps(fast)) == fast
    assert dataclasses.replace(fast, unit="TB").unit == "TB"


def test_quick_init_keeps_the_signature_rules():
    _, fast_cls = _pair()
    assert fast_cls.__init__.__qualname__.endswith("Fast.__init__")
    with pytest.raises(TypeError):
        fast_cls("HBM")  # value has no default
    with pytest.raises(TypeError):
        fast_cls("HBM", 1.0, "GB", None, "extra")
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast_cls("HBM", 1.0).unit = "TB"


def test_quick_init_refuses_what_it_cannot_copy():
    with pytest.raises(TypeError, match=r"Factory\.items: not supported"):
        @quick_init
        @dataclass(frozen=True)
        class Factory:
            items: list = field(default_factory=list)

    with pytest.raises(TypeError, match=r"KwOnly\.b: not supported"):
        @quick_init
        @dataclass(frozen=True)
        class KwOnly:
            a: int
            b: int = field(default=1, kw_only=True)

    with pytest.raises(TypeError, match=r"NoInit\.c: not supported"):
        @quick_init
        @dataclass(frozen=True)
        class NoInit:
            c: int = field(default=0, init=False)

    with pytest.raises(TypeError, match="Post: __post_init__ is not supported"):
        @quick_init
        @dataclass(frozen=True)
        class Post:
            a: int

            def __post_init__(self):
                pass


def test_evolve_is_dataclasses_replace_for_quick_init_classes():
    import dataclasses

    from reviewer.models import Claim, Quantity, evolve

    q = Quantity(3, 9, "144 GB", 144.0, 0.5, "GB", "memory")
    c = Claim("trainium3", "memory_capacity", 3, 9, "144 GB", quantity=q, sentence="Trainium3 has 144 GB.")
    assert evolve(c, stance="refuted", confidence="low") == dataclasses.replace(c, stance="refuted", confidence="low")
    assert evolve(c, stance="refuted").stance == "refuted" and c.stance == "asserted"  # the original is unchanged
    assert hash(evolve(c)) == hash(c) and evolve(c) is not c

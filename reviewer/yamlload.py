"""YAML for the project's own data and for front matter: safe loading, with libyaml when PyYAML has it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def load_yaml(raw: str):
    """yaml.safe_load, with libyaml's parser when PyYAML has it (ten times faster; the constructor,
    and so the values, are the same). Any error is left to the pure-Python parser, whose messages
    (line, problem) the N003 notice quotes."""
    import yaml

    return libyaml_first(lambda loader: yaml.load(raw, Loader=loader))


def libyaml_first(parse: Callable[[Any], Any]):
    """`parse(loader)` with libyaml's CSafeLoader when PyYAML has it, else (and on any YAML error, for its
    message) with the pure-Python SafeLoader."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", None)
    if loader is not None:
        try:
            return parse(loader)
        except yaml.YAMLError:
            pass
    return parse(yaml.SafeLoader)

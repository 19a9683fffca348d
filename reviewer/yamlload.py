"""YAML for the project's own data and for front matter: safe loading, with libyaml when PyYAML has it."""

from __future__ import annotations


def load_yaml(raw: str):
    """yaml.safe_load, with libyaml's parser when PyYAML has it (ten times faster; the constructor,
    and so the values, are the same). Any error is left to the pure-Python parser, whose messages
    (line, problem) the N003 notice quotes."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", None)
    if loader is not None:
        try:
            return yaml.load(raw, Loader=loader)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(raw)

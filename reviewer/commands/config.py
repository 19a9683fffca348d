"""`review config [PATH]`: the configuration in effect for an article (or directory) at PATH, and where each
value came from (a file, or the default)."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path

from .. import config


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", nargs="?", type=Path, default=Path("."), metavar="PATH",
                   help="an article or directory; its configuration is found from there up (default: .)")


def _toml(value) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {json.dumps(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


def run(args: argparse.Namespace) -> int:
    loaded = config.load(args.path)
    out = [f"# config file: {loaded.path if loaded.path else 'none found (defaults)'}"]
    data = loaded.config.model_dump()
    if data.get("fail_on") is None:
        data["fail_on"] = config.DEFAULT_FAIL_ON
    for name, field in config.ReviewConfig.model_fields.items():
        key = field.alias or name
        if data[name] is None:
            out.append(f"# {key} is not set")
        else:
            out.append(f"{key} = {_toml(data[name])}  # from {loaded.origin[name]}")
    sys.stdout.write("\n".join(out) + "\n")
    return 0

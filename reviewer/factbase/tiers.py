"""Source tiers: how far an editor can defend a correction on a source (facts/source-tiers.yaml).

- primary: the vendor's own documentation, datasheets, technical blogs, pricing pages, press releases,
  SEC filings and keynotes;
- secondary: established technical press with editorial standards (The Next Platform, AnandTech, Tom's
  Hardware, ServeTheHome, The Verge, TechCrunch, Reuters, heise, Golem ...);
- tertiary: everything else (aggregators, wikis, personal notes, content farms).

A host listed under `copies` serves a copy or a mirror of another publisher's page: it is never a source
(`review facts check` rejects it; cite the original and say where it was read). A rule matches a URL's host
(or a subdomain of it) and, when it gives one, the start of the URL's path ("github.com/aws-neuron").
A publication's own fact directory may carry its own source-tiers.yaml; the most specific rule wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

Tier = Literal["primary", "secondary", "tertiary"]
TIERS: tuple[Tier, ...] = ("primary", "secondary", "tertiary")
TIER_RANK: dict[str, int] = {"primary": 0, "secondary": 1, "tertiary": 2, "": 3}  # lower is better; "": no tier table
TIERS_FILE = "source-tiers.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Rule(_Strict):
    host: str = Field(pattern=r"^[a-z0-9.-]+\.[a-z]{2,}(?:/\S*)?$")
    publisher: str = Field(min_length=2)


class _Copy(_Strict):
    host: str = Field(pattern=r"^[a-z0-9.-]+\.[a-z]{2,}(?:/\S*)?$")
    copy_of: str = Field(min_length=2)


class _TierFile(_Strict):
    primary: list[_Rule] = []
    secondary: list[_Rule] = []
    copies: list[_Copy] = []


@dataclass(frozen=True)
class SourceTiers:
    """The tier table: (host, path prefix, tier, publisher) rules, and the hosts that copy others' pages."""

    rules: tuple[tuple[str, str, Tier, str], ...] = ()
    copies: tuple[tuple[str, str, str], ...] = ()
    loaded: bool = False  # a fact base without any tier table has no tiers ("")

    def tier(self, url: str) -> Tier | Literal[""]:
        if not self.loaded:
            return ""
        hit = _match(self.rules, url)
        return hit[2] if hit else "tertiary"

    def publisher(self, url: str) -> str | None:
        hit = _match(self.rules, url)
        return hit[3] if hit else None

    def copy_of(self, url: str) -> str | None:
        """The publisher whose page the URL's host copies, or None."""
        hit = _match(self.copies, url)
        return hit[2] if hit else None



def _split(host_path: str) -> tuple[str, str]:
    host, _, path = host_path.partition("/")
    return host, ("/" + path if path else "")


def _under(path: str, prefix: str) -> bool:
    """`path` lies under `prefix`, segment by segment: "/aws" covers "/aws/x", not "/awsome"."""
    return not prefix or path == prefix or path.startswith(prefix.rstrip("/") + "/")


def _match(rules: Sequence[tuple], url: str):
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if host.startswith("www."):
        host = host[4:]
    path = parts.path or "/"
    for rule in rules:
        r_host, r_path = rule[0], rule[1]
        if (host == r_host or host.endswith("." + r_host)) and _under(path, r_path):
            return rule
    return None


class TierFileError(ValueError):
    """A source-tiers.yaml that does not validate."""

    def __init__(self, path: Path, message: str):
        self.path, self.message = str(path), message
        super().__init__(f"{path}:1: {message}")


def load_tiers(paths: Sequence[Path]) -> SourceTiers:
    """The tier table from the given files; the most specific rule (longest host and path) wins."""
    import yaml

    from ..yamlload import load_yaml

    rules: list[tuple[str, str, Tier, str]] = []
    copies: list[tuple[str, str, str]] = []
    for path in paths:
        try:
            data = load_yaml(path.read_text(encoding="utf-8")) or {}  # (libyaml's parser where there is one)
            table = _TierFile.model_validate(data)
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            raise TierFileError(path, f"cannot read the tier table: {exc}") from None
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise TierFileError(path, f"{where}: {err['msg']}") from None
        for tier in ("primary", "secondary"):
            for r in getattr(table, tier):
                rules.append((*_split(r.host), tier, r.publisher))
        copies += [(*_split(c.host), c.copy_of) for c in table.copies]
    # a longer (more specific) host or path wins over a shorter one
    rules.sort(key=lambda r: -(len(r[0]) + len(r[1])))
    copies.sort(key=lambda r: -(len(r[0]) + len(r[1])))
    return SourceTiers(tuple(rules), tuple(copies), loaded=bool(paths))


def tier_files(dirs: Iterable[Path]) -> list[Path]:
    """The source-tiers.yaml of each fact directory that has one, in the order given."""
    out = []
    for d in dirs:
        p = Path(d)
        f = p / TIERS_FILE if p.is_dir() else p.parent / TIERS_FILE
        if f.is_file() and f not in out:
            out.append(f)
    return out

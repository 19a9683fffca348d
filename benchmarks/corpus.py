"""A synthetic benchmark corpus built from the gold articles in corpus/*.md.

Every generated article takes the front matter and title of one source article of a language,
then its sections, with paragraphs shuffled inside each section, sections of other articles of
the same language mixed in or dropped, some numbers changed (same format: "2,52" stays a German
decimal with two places) and some entity names swapped for a sibling ("H100" -> "H200"). The
result is deterministic for a seed, in English and German, and varies in length (about 1-8 KB),
so that neither a cache nor a branch predictor sees 16 files copied.

    python benchmarks/corpus.py OUT_DIR --articles 2000 --seed 5
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIR = ROOT / "corpus"

# Names an article may swap for a sibling (same kind, both in the fact base).
SWAPS = [
    ["H100", "H200", "B200", "B300"],
    ["Trainium2", "Trainium3"],
    ["Trn2", "Trn3"],
    ["MI300X", "MI325X", "MI355X"],
    ["GB200 NVL72", "GB300 NVL72"],
    ["TPU v5p", "TPU v5e", "Trillium", "Ironwood"],
    ["Inferentia2", "Inferentia"],
    ["Gaudi 3", "Gaudi 2"],
    ["NVLink 4", "NVLink 5"],
    ["HBM3e", "HBM3"],
]
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:[.,]\d{3})+|\d+)([.,]\d+)?(?![\w])")
_FENCE = re.compile(r"^```")


@dataclass
class Article:
    name: str
    lang: str
    front: list[str]  # front matter lines without the --- fences
    title: str  # the "# " heading block
    intro: list[str]  # blocks before the first "## "
    sections: list[list[str]]  # each: heading block, then its blocks


def _blocks(body: str) -> list[str]:
    """Blank-line separated blocks; a fenced code block stays one block."""
    out, cur, fenced = [], [], False
    for line in body.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        if not line.strip() and not fenced:
            if cur:
                out.append("\n".join(cur))
                cur = []
            continue
        cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return out


def parse_article(path: Path) -> Article:
    text = path.read_text(encoding="utf-8")
    front: list[str] = []
    if text.startswith("---\n"):
        end = text.index("\n---", 4)
        front = text[4:end].split("\n")
        text = text[end + 4:]
    lang = "de" if path.name.startswith("de-") else "en"
    title, intro, sections = "", [], []
    for block in _blocks(text):
        if block.startswith("# ") and not title:
            title = block
        elif block.startswith("## "):
            sections.append([block])
        elif sections:
            sections[-1].append(block)
        else:
            intro.append(block)
    return Article(path.stem, lang, front, title, intro, sections)


def load_sources(source_dir: Path = SOURCE_DIR) -> dict[str, list[Article]]:
    by_lang: dict[str, list[Article]] = {"en": [], "de": []}
    for p in sorted(source_dir.glob("*.md")):
        a = parse_article(p)
        by_lang[a.lang].append(a)
    return by_lang


def _vary_number(m: re.Match[str], rng: random.Random) -> str:
    whole, frac = m.group(1), m.group(2) or ""
    if rng.random() > 0.25 or (not frac and 1990 <= int(whole.replace(",", "").replace(".", "")) <= 2035):
        return m.group()  # most numbers, and years, stay
    digits = whole.replace(".", "").replace(",", "")
    if len(digits) >= 4 and len(whole) != len(digits):  # grouped thousands: keep the grouping shape
        sep = whole[-4]
        n = int(digits) + rng.randint(-9, 9) * 10 ** (len(digits) - 3)
        n = max(n, 10 ** (len(digits) - 1))
        s = f"{n:,}".replace(",", sep)
        return s + frac
    n = max(1, int(digits) + rng.choice([-2, -1, 1, 2, 3]) * max(1, int(digits) // 10))
    if frac:
        places = len(frac) - 1
        frac = frac[0] + str(rng.randrange(10 ** places)).zfill(places)
    return f"{n}{frac}"


def _vary_text(block: str, rng: random.Random, swaps: dict[str, str]) -> str:
    if block.startswith("```"):
        return block
    for old, new in swaps.items():
        block = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w])", new, block)
    return _NUMBER.sub(lambda m: _vary_number(m, rng), block)


def make_article(i: int, rng: random.Random, sources: dict[str, list[Article]]) -> tuple[str, str]:
    lang = "de" if rng.random() < 0.5 else "en"
    pool = sources[lang]
    base = rng.choice(pool)
    sections = [list(s) for s in base.sections]
    # mix: take sections of other articles of the language, drop some, repeat for long pieces
    for _ in range(rng.choice([0, 0, 1, 2, 3, 6])):
        other = rng.choice(pool)
        if other.sections:
            sections.insert(rng.randrange(len(sections) + 1), list(rng.choice(other.sections)))
    if len(sections) > 2 and rng.random() < 0.3:
        del sections[rng.randrange(2, len(sections)):]
    for s in sections:  # shuffle paragraphs below each heading
        body = s[1:]
        rng.shuffle(body)
        s[1:] = body
    intro = list(base.intro)
    rng.shuffle(intro)
    swaps: dict[str, str] = {}
    for group in rng.sample(SWAPS, k=rng.choice([0, 1, 2])):
        old = rng.choice(group)
        swaps[old] = rng.choice([g for g in group if g != old])
    date = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(900))
    front = []
    for line in base.front:
        key = line.split(":", 1)[0]
        if key in ("date", "pubDate", "updated", "published"):
            line = f"{key}: {date.isoformat()}"
        elif key == "title":
            line = f'title: "{base.title[2:].strip()} ({i})"'
        front.append(line)
    blocks = [base.title, *intro, *(b for s in sections for b in s)]
    body = "\n\n".join(_vary_text(b, rng, swaps) if not b.startswith("#") else b for b in blocks)
    name = f"{i:05d}-{base.name}.md"
    return name, "---\n" + "\n".join(front) + "\n---\n\n" + body + "\n"


def generate(out_dir: Path, n: int, seed: int = 5, source_dir: Path = SOURCE_DIR) -> list[Path]:
    """Write n articles below out_dir (in 20 sub-directories); return their paths in order."""
    rng = random.Random(seed)
    sources = load_sources(source_dir)
    paths = []
    for i in range(n):
        name, text = make_article(i, rng, sources)
        p = out_dir / f"part-{i % 20:02d}" / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        paths.append(p)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--articles", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    paths = generate(args.out, args.articles, args.seed)
    size = sum(p.stat().st_size for p in paths)
    print(f"{len(paths)} articles, {size / 1e6:.2f} MB in {args.out}")


if __name__ == "__main__":
    main()

"""Throughput against the prose linters a content repository's CI runs in the same slot (issue 22).

    python benchmarks/peers.py                  # 600 generated articles, each tool once as a whole process
    python benchmarks/peers.py --articles 200

Sets up its peers in its own directory (default ~/.cache/hw-fact-reviewer-peers; needs npm and pip, once):
textlint with textlint-rule-prh and a small term list (the vendors' product names), and proselint from PyPI.
Each tool runs as one process with one worker and no cache over the same generated articles
(benchmarks/corpus.py); the spaCy blank tokenizer in a process of its own is the floor. Printed: MB/s of each,
and the ratios the issue sets as targets (review >= 1.0x textlint+prh, >= 1.5x proselint).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import review_cmd

from corpus import generate

PRH = """version: 1
rules:
  - expected: Trainium2
    pattern: /Trainium 2\\b/
  - expected: NeuronLink
    pattern: /Neuron Link/
  - expected: UltraServer
    pattern: /Ultra Server/
  - expected: HBM3e
    pattern: /HBM3E/
  - expected: NVLink
    pattern: /NV-Link/
  - expected: Gaudi 3
    pattern: /Gaudi3/
"""
TOKENIZER = ("import sys, spacy\nnlp = {'en': spacy.blank('en'), 'de': spacy.blank('de')}\n"
             "for p in sys.argv[1:]:\n    t = open(p, encoding='utf-8').read()\n"
             "    nlp['de' if '/de-' in p or p.rsplit('/', 1)[-1].startswith('de-') else 'en'](t)\n")


def setup(home: Path) -> tuple[list[str], list[str]]:
    """The textlint and proselint commands, installed under `home` on the first run."""
    home.mkdir(parents=True, exist_ok=True)
    if not (home / "node_modules" / ".bin" / "textlint").exists():
        subprocess.run(["npm", "install", "--silent", "--prefix", str(home), "textlint@15", "textlint-rule-prh@6"],
                       check=True)
    (home / "prh.yml").write_text(PRH, encoding="utf-8")
    (home / ".textlintrc.json").write_text('{"rules": {"prh": {"rulePaths": ["%s"]}}}' % (home / "prh.yml"),
                                           encoding="utf-8")
    if not (home / "plib" / "proselint").exists():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", str(home / "plib"), "proselint"],
                       check=True)
    textlint = [str(home / "node_modules" / ".bin" / "textlint"), "--config", str(home / ".textlintrc.json"),
                "--rules-base-directory", str(home / "node_modules")]
    proselint = [sys.executable, "-m", "proselint", "check"]
    return textlint, proselint


def timed(cmd: list[str], env: dict | None = None) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--articles", type=int, default=600)
    ap.add_argument("--home", type=Path, default=Path.home() / ".cache" / "hw-fact-reviewer-peers")
    args = ap.parse_args()
    textlint, proselint = setup(args.home)
    env = {**os.environ, "PYTHONPATH": str(args.home / "plib")}
    with tempfile.TemporaryDirectory() as tmp:
        paths = generate(Path(tmp) / "corpus", args.articles)
        files = [str(p) for p in paths]
        mb = sum(p.stat().st_size for p in paths) / 1e6
        runs = {
            "review batch (1 worker, no cache)": timed([*review_cmd(), "batch", str(Path(tmp) / "corpus"), "--jobs", "1",
                                                        "--no-cache", "--quiet", "--out", str(Path(tmp) / "out")]),
            "textlint + prh": timed([*textlint, *files]),
            "proselint": timed([*proselint, *files], env=env),
            "spaCy blank tokenizer (process)": timed([sys.executable, "-c", TOKENIZER, *files]),
        }
    speed = {k: mb / v for k, v in runs.items()}
    ours = speed["review batch (1 worker, no cache)"]
    print(f"{len(paths)} articles, {mb:.2f} MB\n")
    print("| tool | seconds | MB/s |\n|---|---:|---:|")
    for k, v in runs.items():
        print(f"| {k} | {v:.1f} | {speed[k]:.2f} |")
    print("\n| target | ratio | result |\n|---|---:|---|")
    for name, peer, goal in (("textlint + prh", "textlint + prh", 1.0), ("proselint", "proselint", 1.5)):
        r = ours / speed[peer]
        print(f"| review >= {goal}x {name} | {r:.2f} | {'PASS' if r >= goal else 'FAIL'} |")
    tok = ours / speed["spaCy blank tokenizer (process)"]
    print(f"| review / bare tokenizer process (yardstick) | {tok:.2f} | - |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

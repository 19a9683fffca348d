"""Input shapes for the linear-cost benchmark (issue 22): each builds an article of about `size` bytes.

- paragraphs: many short paragraphs of ordinary article prose with figures;
- paragraph: one paragraph of many sentences (no blank line);
- line: one line of many sentences (no newline at all);
- table: a pipe table of many rows, units in the header;
- nesting: block quotes nested up to 39 deep, a list item in each;
- aligned: a code block holding a table aligned with spaces (a command's output), units in the header.
"""

from __future__ import annotations

SENTENCES = (
    "The Trainium2 chip has 96 GB of HBM3 at 2.9 TB/s.",
    "AWS says the Trn2 UltraServer links 64 chips over NeuronLink-v3.",
    "An H100 SXM offers 80 GB HBM3 and 3.35 TB/s, and the H200 has 141 GB.",
    "Prices start at $55.04 per hour for the trn2.48xlarge.",
    "Der MI300X hat 192 GB HBM3 mit 5,3 TB/s.",
    "Nothing in this sentence is a figure, it is prose about the market.",
)
ROW = "| Trainium2 | 96 | 2.9 | 1,299 | 500 |\n"
HEADER = "| Chip | HBM (GB) | Bandwidth (TB/s) | FP8 dense (TFLOPS) | TDP (W) |\n|---|---|---|---|---|\n"
FRONT = "---\ntitle: Shapes\ndate: 2026-06-01\n---\n\n"
ALIGNED_HEADER = "```\nTYPE              CHIPS   MEM (GiB)   BF16 DENSE (TFLOPS)   USD/h\n"
ALIGNED_ROW = "trn1n.32xlarge       16         512                  3040   24.78\n"


def _fill(unit_of: callable, size: int) -> str:
    parts: list[str] = []
    n = len(FRONT)
    i = 0
    while n < size:
        s = unit_of(i)
        parts.append(s)
        n += len(s.encode())
        i += 1
    return "".join(parts)


def build(shape: str, size: int) -> str:
    k = len(SENTENCES)
    if shape == "paragraphs":
        body = _fill(lambda i: SENTENCES[i % k] + " " + SENTENCES[(i + 1) % k] + "\n\n", size)
    elif shape == "paragraph":
        body = _fill(lambda i: SENTENCES[i % k] + ("\n" if i % 3 == 2 else " "), size)
    elif shape == "line":
        body = _fill(lambda i: SENTENCES[i % k] + " ", size)
    elif shape == "table":
        body = HEADER + _fill(lambda i: ROW, size - len(HEADER))
    elif shape == "aligned":
        body = ALIGNED_HEADER + _fill(lambda i: ALIGNED_ROW, size - len(ALIGNED_HEADER) - 4) + "```\n"
    elif shape == "nesting":
        def nest(i: int) -> str:  # block quotes 0-39 deep, each line a list item inside them
            d = i % 40
            return ">" * d + " - " + SENTENCES[i % k] + "\n"
        body = _fill(nest, size)
    else:
        raise ValueError(shape)
    return FRONT + body


SHAPES = ("paragraphs", "paragraph", "line", "table", "nesting", "aligned")

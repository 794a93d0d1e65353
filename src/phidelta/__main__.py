"""``python -m phidelta`` / ``phidelta``: print the measures of a small built-in example.

The full command line (stats, assess, triangle, report, demo) comes with the CLI layer; until
then this prints every measure of Flach's Example 2.1 and of the two tables of Flach Table 2.2,
and the diamond's corners at their class ratios.
"""

from __future__ import annotations

import sys

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.geometry import diamond
from phidelta.measures import MEASURES, measure_table

_EXAMPLES = {
    "Flach Ex. 2.1": (15, 10, 15, 60),
    "Flach T2.2 left": (40, 10, 20, 30),
    "Flach T2.2 right": (30, 20, 30, 20),
}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if args and args[0] != "demo":
        print(f"phidelta: unknown command {args[0]!r}; try `phidelta demo`.", file=sys.stderr)
        return 2
    names = list(_EXAMPLES)
    counts = BinaryCounts.from_array(np.array(list(_EXAMPLES.values())))
    table = measure_table(counts, index=names)
    symbols = {m.name: m.symbol for m in MEASURES}
    width = max(len(k) for k in table) + 8
    print("phidelta demo: every measure of three confusion matrices (Flach, ch. 2)\n")
    print(f"{'measure':<{width}}" + "".join(f"{n:>18}" for n in names))
    for key, values in table.items():
        label = f"{key} ({symbols[key]})" if key in symbols else key
        print(f"{label:<{width}}" + "".join(f"{v:>18.6g}" for v in values))
    ratio = float(counts[0].negatives[0] / counts[0].positives[0])
    shape = diamond(ratio)
    print(f"\nφ-δ diamond at the class ratio of Example 2.1 (N/P = {ratio:.4g}):")
    for name, corner in shape.corners.items():
        print(f"  {name:<7} (φ, δ) = ({corner.phi:+.4f}, {corner.delta:+.4f})  {corner.classifier}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

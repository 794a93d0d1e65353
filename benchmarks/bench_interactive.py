"""Interactive report and threshold explorer of large inputs (issue 32, item 4): the page stays
light while the counts at every cut stay exact.

An assessment of ``--rows`` rows (default 10⁶ distinct scores: probabilities of a binormal
model, five folds) is written by ``phidelta report --interactive``'s function; the script
prints the time, the file's size, plotly.js's size and what the report adds to it (the target:
at most 2 MB), then for the explorer alone the number of slider steps and its data's size.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10**6)
    args = parser.parse_args()
    import plotly

    from phidelta.counts import ScoreTable
    from phidelta.data import Roles
    from phidelta.rendering._explorer import explorer_payload
    from phidelta.report import file_report

    rng = np.random.default_rng(0)
    y = rng.random(args.rows) < 0.3
    p = 1 / (1 + np.exp(-(rng.normal(size=args.rows) + 1.2 * y - 0.8)))
    folder = Path(tempfile.mkdtemp())
    data = folder / "scores.csv"
    frame = pd.DataFrame({"y": y.astype(int), "p": p, "fold": rng.integers(0, 5, args.rows)})
    frame.to_csv(data, index=False)
    start = time.perf_counter()
    page = file_report(
        folder / "report.html",
        predictions=data,
        roles=Roles("y", positive=1, score="p", fold="fold"),
        interactive=True,
    )
    seconds = time.perf_counter() - start
    js = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").stat().st_size
    size = page.stat().st_size
    print(f"{args.rows:,} rows: report in {seconds:.0f} s, {size / 2**20:.2f} MiB")
    print(f"plotly.js {js / 2**20:.2f} MiB; the report adds {(size - js) / 2**20:.2f} MiB")
    table = ScoreTable.from_scores(y, p)
    start = time.perf_counter()
    payload = explorer_payload(table)
    seconds = time.perf_counter() - start
    print(
        f"explorer: {len(table):,} distinct scores, {len(payload['steps']['tp']):,} slider "
        f"steps, {len(json.dumps(payload)) / 2**20:.2f} MiB of data, {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()

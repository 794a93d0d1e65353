"""Peak memory of streamed analyses against the chunk size (issue 13's performance goal).

A 2·10⁶-row Parquet file (a class column, numeric features, a score and a fold column; row
groups of 10⁵ rows) is analysed through :mod:`phidelta.data` in blocks of rows. Each run is a
fresh process that imports everything and runs the analysis once on 2,000 rows (the
baseline), then streams the file; the table prints the peak resident memory above that
baseline, in MiB and in units of one chunk table (the chunk's rows × the columns read × 8
bytes). "reading" is the floor: the same blocks read and dropped, nothing computed (pyarrow's
Parquet reader keeps decoded pages and thread-local buffers of its own). The goal: independent
of the file's size, and a small multiple of one chunk table above the reading floor.

    .venv/bin/python benchmarks/bench_streaming.py
    .venv/bin/python benchmarks/bench_streaming.py --rows 500000 --chunks 20000 100000
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

CHILD = r"""
import gc, json, sys
import phidelta.data as data

def status(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    return 0

path, small, kind, chunksize = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def run(source):
    if kind == "reading":  # the floor: pyarrow's reader and the conversion to pandas alone
        columns = None if "all" in sys.argv[5] else ["y", "score", "fold"]
        for block in data.read_chunks(source, chunksize=chunksize, columns=columns):
            del block
        return None
    if kind == "signature":
        return data.load_signature(source, data.Roles("y"), chunksize=chunksize)
    roles = data.Roles("y", score="score", fold="fold")
    return data.load_assessment(source, roles, chunksize=chunksize)

run(small)  # the code paths once, on 2,000 rows: every lazy import is in the baseline
gc.collect()
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the high-water mark starts again from the current RSS
base = status("VmRSS")
run(path)
print(json.dumps({"base": base, "peak": status("VmHWM")}))
"""


def make_file(path: Path, rows: int, features: int) -> int:
    import pandas as pd

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, rows)
    columns = {"y": y}
    for j in range(features):
        columns[f"f{j}"] = rng.normal(size=rows) + 0.1 * j * y
    columns["score"] = np.round(rng.random(rows) * 0.7 + 0.3 * y, 4)  # ties, like real scores
    columns["fold"] = rng.integers(1, 11, rows)
    frame = pd.DataFrame(columns)
    frame.to_parquet(path, row_group_size=100_000)
    frame.head(2_000).to_parquet(path.with_name("small.parquet"))
    return len(columns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rows", type=float, nargs="+", default=[5e5, 2e6], help="file sizes to compare"
    )
    parser.add_argument("--features", type=int, default=8)
    parser.add_argument(
        "--chunks", type=int, nargs="+", default=[25_000, 100_000, 250_000, 500_000]
    )
    args = parser.parse_args()
    print(f"{'rows':>10} {'analysis':<17} {'chunk rows':>10} {'chunk MiB':>9} ", end="")
    print(f"{'peak MiB':>9} {'× chunk':>8}")
    for rows in (int(r) for r in args.rows):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "stream.parquet"
            n_columns = make_file(path, rows, args.features)
            for kind, columns in (
                ("reading", "all"),
                ("signature", "all"),
                ("reading", "3"),
                ("assessment", "3"),
            ):
                for chunk in args.chunks:
                    out = subprocess.run(
                        [
                            sys.executable,
                            "-c",
                            CHILD,
                            str(path),
                            str(path.with_name("small.parquet")),
                            kind,
                            str(chunk),
                            columns,
                        ],
                        capture_output=True,
                        text=True,
                        check=True,
                    )
                    numbers = json.loads(out.stdout.strip().splitlines()[-1])
                    above = (numbers["peak"] - numbers["base"]) / 2**20
                    read = n_columns if columns == "all" else 3  # y, score, fold
                    table = chunk * read * 8 / 2**20
                    label = f"{kind} ({read} col)"
                    print(
                        f"{rows:>10,} {label:<17} {chunk:>10,} {table:>9.1f} {above:>9.1f} "
                        f"{above / table:>8.2f}"
                    )


if __name__ == "__main__":
    main()

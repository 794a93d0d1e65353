"""One machine vs two Dask workers, and streaming a file larger than the memory allowed.

1. ``--n`` labels and scores (default 10⁸) generated on the workers: score table + AUC and
   binary counts, NumPy in this process vs a LocalCluster of 2 worker processes; wall time,
   peak memory per worker, the overhead of an (almost) empty computation.
2. The Zipf bag of words of the features benchmark (``--docs`` × ``--terms``): signature.
3. ``phidelta stats --chunksize`` on a Parquet file 4× larger than the address-space limit it
   runs under (``RLIMIT_AS``, which also counts libraries and thread reservations: about
   1.4 GiB of the process is virtual overhead, its resident peak stays under 1 GiB), checked
   against the same statistics computed without a limit.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def part_one(n: int, chunk: int, client) -> None:
    import dask.array as da

    from phidelta import BinaryCounts, measures
    from phidelta import distributed as pdd
    from phidelta.counts import ScoreTable

    print(f"1. {n:,} labels and scores, chunks of {chunk:,}")
    state = da.random.RandomState(0)
    y = (state.random_sample(n, chunks=chunk) < 0.3).astype("int8")
    s = (state.normal(size=n, chunks=chunk) + y).round(3)
    p = (s > 0.5).astype("int8")
    y, s, p = client.persist([y, s, p])
    from distributed import wait

    wait([y, s, p])  # generated on the workers before any timing
    t_overhead, _ = timed(lambda: pdd.counts(y[: chunk // 10], p[: chunk // 10]))
    t_dask_table, table = timed(pdd.score_table, y, s)
    t_dask_counts, counts = timed(pdd.counts, y, p)
    t_dask_auc, auc_ranges = timed(pdd.partitioned_auc, y, s, ranges=4)
    ly, ls, lp = client.compute([y, s, p], sync=True)
    t_np_table, local = timed(ScoreTable.from_scores, ly, ls)
    t_np_counts, local_counts = timed(BinaryCounts.from_labels, ly, lp)
    assert local == table
    assert local_counts == counts
    assert measures.auc(local) == auc_ranges
    workers = client.run(peak_rss_mib)
    print(f"   score table: numpy {t_np_table:6.2f} s   dask {t_dask_table:6.2f} s")
    print(f"   counts     : numpy {t_np_counts:6.2f} s   dask {t_dask_counts:6.2f} s")
    print(f"   AUC over 4 score ranges on the workers: {t_dask_auc:6.2f} s (bit for bit equal)")
    print(f"   overhead of a tiny computation: {t_overhead * 1000:6.1f} ms")
    print(f"   peak memory per worker: {', '.join(f'{v:,.0f} MiB' for v in workers.values())}")


def part_two(docs: int, terms: int, nnz: float, client) -> None:
    import dask
    import dask.array as da
    import scipy.sparse as sp

    sys.path.insert(0, str(Path(__file__).parent))
    from bench_signatures import zipf_corpus
    from phidelta import distributed as pdd
    from phidelta.signatures import signature

    print(f"2. bag of words {docs:,} × {terms:,}")
    blocks = 8
    rows = docs // blocks

    def block(i: int):
        matrix, labels = zipf_corpus(rows, terms, nnz / blocks, random_state=i)
        return matrix, labels

    parts = [dask.delayed(block)(i) for i in range(blocks)]
    X = da.concatenate(
        [
            da.from_delayed(
                dask.delayed(lambda b: b[0])(b),
                shape=(rows, terms),
                dtype=float,
                meta=sp.csr_matrix((0, terms)),
            )
            for b in parts
        ]
    )
    Y = da.concatenate(
        [da.from_delayed(dask.delayed(lambda b: b[1])(b), shape=(rows,), dtype=int) for b in parts]
    )
    X, Y = client.persist([X, Y])
    from distributed import wait

    wait([X, Y])
    t_dask, sig = timed(pdd.signature, X, Y, pos_label=1)
    local_x, local_y = client.compute([X, Y], sync=True)
    local_x = sp.csr_matrix(local_x)
    t_np, local = timed(signature, local_x, local_y)
    assert local.counts == sig.counts
    print(f"   {local_x.nnz:,} nonzeros: numpy {t_np:6.2f} s   dask {t_dask:6.2f} s (identical)")
    workers = client.run(peak_rss_mib)
    print(f"   peak memory per worker: {', '.join(f'{v:,.0f} MiB' for v in workers.values())}")


def part_three(rows: int, limit_mib: int) -> None:
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    print(
        f"3. streaming phidelta stats on a Parquet file of {rows:,} rows under "
        f"RLIMIT_AS = {limit_mib} MiB"
    )
    rng = np.random.default_rng(0)
    folder = Path(tempfile.mkdtemp())
    path = folder / "big.parquet"
    writer = None
    block = 250_000  # one row group per block: pyarrow decodes whole row groups
    for start in range(0, rows, block):
        m = min(block, rows - start)
        y = rng.integers(0, 2, m)
        frame = pd.DataFrame(
            {"y": y, **{f"x{j}": rng.normal(size=m) + 0.1 * j * y for j in range(20)}}
        )
        table = pa.Table.from_pandas(frame, preserve_index=False)
        writer = writer or pq.ParquetWriter(path, table.schema)
        writer.write_table(table)
    writer.close()
    in_memory = rows * 21 * 8 / 2**20
    print(
        f"   file {path.stat().st_size / 2**20:,.0f} MiB on disk, {in_memory:,.0f} MiB as "
        f"floats in memory ({in_memory / limit_mib:.1f}× the limit)"
    )
    command = [
        sys.executable,
        "-m",
        "phidelta",
        "stats",
        str(path),
        "--label",
        "y",
        "--format",
        "json",
        "--chunksize",
        "200000",
    ]
    limit = limit_mib * 2**20

    def restrict() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    start = time.perf_counter()
    env = {**os.environ, "MALLOC_ARENA_MAX": "2", "ARROW_DEFAULT_MEMORY_POOL": "system"}
    result = subprocess.run(command, capture_output=True, text=True, preexec_fn=restrict, env=env)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        print("   failed:", result.stderr.strip()[-300:])
        return
    child_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    streamed = json.loads(result.stdout)
    # the same statistics without a memory limit (large blocks in this process)
    from phidelta.data import read_chunks
    from phidelta.signatures import signature_from_chunks

    blocks = (
        (b.drop(columns=["y"]), b["y"].to_numpy()) for b in read_chunks(path, chunksize=2_000_000)
    )
    reference = signature_from_chunks(blocks, pos_label=1)
    by_name = {r["name"]: r for r in streamed}
    worst = max(
        abs(by_name[n]["phi"] - p)
        for n, p in zip(reference.names, reference.phi_delta().phi, strict=True)
    )
    print(
        f"   finished in {wall:.1f} s within the limit (peak resident {child_rss:,.0f} MiB); "
        f"largest |φ| difference to the reference without a limit {worst:.1e}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=float, default=1e8)
    parser.add_argument("--chunk", type=float, default=1e7)
    parser.add_argument("--docs", type=int, default=800_000)
    parser.add_argument("--terms", type=int, default=50_000)
    parser.add_argument("--nnz", type=float, default=79e6)
    parser.add_argument("--rows", type=int, default=39_000_000)
    parser.add_argument("--limit-mib", type=int, default=1536)
    parser.add_argument("--skip", default="", help="parts to skip, e.g. 12")
    args = parser.parse_args()
    if "3" not in args.skip:
        part_three(args.rows, args.limit_mib)
    if "1" in args.skip and "2" in args.skip:
        return
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            memory_limit="10GiB",
        ) as cluster,
        Client(cluster) as client,
    ):
        if "1" not in args.skip:
            part_one(int(args.n), int(args.chunk), client)
        if "2" not in args.skip:
            part_two(args.docs, args.terms, args.nnz, client)


if __name__ == "__main__":
    main()

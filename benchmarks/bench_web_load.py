"""The web application under load (issue 14's performance goals).

``phidelta serve`` runs in its own process (its workers in theirs); this process is the load
generator (httpx with asyncio). Each client repeats the full cycle of the page — upload a
300-row CSV, create a signature analysis, fetch a view at another ratio — for ``--duration``
seconds at each concurrency; meanwhile a probe times a cheap GET (``/api/examples``) every
50 ms. The table gives requests/s, p50/p99 per step, errors and the server's memory (the
resident memory of the server and all its processes). Then:

* memory across ``--uploads`` uploads after a warm-up (the goal: flat within ±50 MB);
* a cheap GET while a 10,000-column upload is parsed (the server is started with
  ``--max-columns 20000`` so that the table is parsed, not refused).

Goals on a 2-core machine: no errors, view p99 < 1 s at c=8, requests/s at c=8 ≥ 1.6× c=1,
cheap GET p99 < 100 ms at c=32, memory flat, the cheap GET < 100 ms during the wide upload.

    .venv/bin/python benchmarks/bench_web_load.py                    # 60 s per concurrency
    .venv/bin/python benchmarks/bench_web_load.py --duration 20 --uploads 1000
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import numpy as np


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tree(pid: int) -> list[int]:
    """A process and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    parent = int(handle.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def _rss(pid: int) -> int:
    """Resident memory of a process and all its descendants, in bytes."""
    total = 0
    for current in _tree(pid):
        try:
            with open(f"/proc/{current}/status") as handle:
                for line in handle:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def _cpu(pid: int) -> tuple[float, float]:
    """CPU seconds of the server's main process and of all its other processes."""
    main = rest = 0.0
    for current in _tree(pid):
        try:
            with open(f"/proc/{current}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        seconds = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        if current == pid:
            main += seconds
        else:
            rest += seconds
    return main, rest


def _table(rows: int, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, rows)
    columns = {"y": y}
    for i in range(6):
        columns[f"x{i}"] = np.round(rng.normal(size=rows) + (i % 3) * 0.4 * y, 4)
    columns["colour"] = rng.choice(["red", "green", "blue"], rows)
    header = ",".join(columns)
    lines = [",".join(str(columns[c][r]) for c in columns) for r in range(rows)]
    return (header + "\n" + "\n".join(lines) + "\n").encode()


RATIOS = [round(10 ** (k / 10), 4) for k in range(-10, 11)]  # what the slider sends


class Stats:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}

    def add(self, step: str, seconds: float, ok: bool) -> None:
        self.times.setdefault(step, []).append(seconds)
        if not ok:
            self.errors[step] = self.errors.get(step, 0) + 1

    def requests(self) -> int:
        return sum(len(v) for k, v in self.times.items() if k != "cheap GET")

    def quantile(self, step: str, q: float) -> float:
        values = self.times.get(step) or [float("nan")]
        return float(np.quantile(values, q))


async def _timed(stats: Stats, step: str, request) -> httpx.Response | None:
    started = time.perf_counter()
    try:
        answer = await request
        ok = answer.status_code == 200
    except httpx.HTTPError:
        answer, ok = None, False
    stats.add(step, time.perf_counter() - started, ok)
    return answer if ok else None


async def _cycle(client: httpx.AsyncClient, stats: Stats, content: bytes, seed: int) -> None:
    files = {"file": (f"run{seed}.csv", io.BytesIO(content), "text/csv")}
    answer = await _timed(stats, "upload", client.post("/api/datasets", files=files))
    if answer is None:
        return
    body = {"dataset_id": answer.json()["id"], "kind": "signature", "label": "y"}
    answer = await _timed(stats, "analyse", client.post("/api/analyses", json=body))
    if answer is None:
        return
    ratio = RATIOS[seed % len(RATIOS)]
    url = f"/api/analyses/{answer.json()['id']}/view"
    await _timed(stats, "view", client.get(url, params={"ratio": ratio, "rank": "corner"}))


async def _probe(client: httpx.AsyncClient, stats: Stats, stop: asyncio.Event) -> None:
    while not stop.is_set():
        await _timed(stats, "cheap GET", client.get("/api/examples"))
        await asyncio.sleep(0.05)


async def _load(url: str, concurrency: int, duration: float, contents: list[bytes]) -> Stats:
    stats, stop = Stats(), asyncio.Event()
    limits = httpx.Limits(max_connections=concurrency + 4)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        deadline = time.perf_counter() + duration

        async def client_loop(index: int) -> None:
            n = index
            while time.perf_counter() < deadline:
                await _cycle(client, stats, contents[n % len(contents)], n)
                n += concurrency

        probe = asyncio.create_task(_probe(client, stats, stop))
        started = time.perf_counter()
        await asyncio.gather(*(client_loop(i) for i in range(concurrency)))
        stats.elapsed = time.perf_counter() - started
        stop.set()
        await probe
    return stats


async def _uploads(url: str, count: int, contents: list[bytes], pid: int) -> list[int]:
    """RSS after every tenth of ``count`` uploads (8 at a time)."""
    memory = [_rss(pid)]
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        done = 0
        while done < count:
            batch = []
            for i in range(8):
                files = {"file": ("m.csv", io.BytesIO(contents[(done + i) % len(contents)]))}
                batch.append(client.post("/api/datasets", files=files))
            answers = await asyncio.gather(*batch)
            assert all(a.status_code == 200 for a in answers), answers[0].text
            done += len(batch)
            if done % max(8, count // 10 // 8 * 8) == 0 or done >= count:
                memory.append(_rss(pid))
    return memory


async def _wide(url: str, columns: int) -> tuple[float, list[float], int]:
    header = ",".join(f"c{i}" for i in range(columns))
    rows = "\n".join(",".join(str((i * j) % 7) for i in range(columns)) for j in range(20))
    content = (header + "\n" + rows + "\n").encode()
    stats, stop = Stats(), asyncio.Event()
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:

        async def upload() -> tuple[float, int]:
            started = time.perf_counter()
            files = {"file": ("wide.csv", io.BytesIO(content), "text/csv")}
            answer = await client.post("/api/datasets", files=files)
            stop.set()
            return time.perf_counter() - started, answer.status_code

        probe = asyncio.create_task(_probe(client, stats, stop))
        took, status = await upload()
        await probe
    return took, stats.times["cheap GET"], status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds per concurrency")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--uploads", type=int, default=1000, help="for the memory check")
    parser.add_argument("--workers", type=int, default=None, help="server worker processes")
    parser.add_argument("--wide", type=int, default=10_000, help="columns of the wide upload")
    args = parser.parse_args()

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    database = Path(tempfile.mkdtemp()) / "load.sqlite3"
    command = [sys.executable, "-m", "phidelta", "serve", "--port", str(port)]
    command += ["--database", str(database), "--max-columns", str(2 * args.wide)]
    if args.workers:
        command += ["--workers", str(args.workers)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                httpx.get(url + "/api/examples", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        contents = [_table(args.rows, seed) for seed in range(50)]
        print(f"phidelta serve (pid {server.pid}), {os.cpu_count()} cores, {args.rows}-row CSV")
        print()
        print(
            "| clients | requests/s | upload p50 / p99 | analyse p50 / p99 | view p50 / p99 "
            "| cheap GET p50 / p99 | errors | server RSS |"
        )
        print("|---:|---:|---|---|---|---|---:|---:|")
        rates = {}
        for concurrency in args.concurrency:
            main_before, rest_before = _cpu(server.pid)
            stats = asyncio.run(_load(url, concurrency, args.duration, contents))
            main_after, rest_after = _cpu(server.pid)
            rates[concurrency] = stats.requests() / stats.elapsed
            count = stats.requests() + len(stats.times["cheap GET"])
            cpu = (
                f"{(main_after - main_before) / count * 1e3:.1f}, "
                f"{(rest_after - rest_before) / count * 1e3:.1f}"
            )

            def ms(step: str, stats: Stats = stats) -> str:
                p50, p99 = stats.quantile(step, 0.5), stats.quantile(step, 0.99)
                return f"{p50 * 1e3:.0f} / {p99 * 1e3:.0f} ms"

            print(
                f"| {concurrency} | {rates[concurrency]:.1f} | {ms('upload')} | {ms('analyse')} "
                f"| {ms('view')} | {ms('cheap GET')} | {sum(stats.errors.values())} "
                f"| {_rss(server.pid) / 2**20:.0f} MiB | {cpu} |",
                flush=True,
            )
        if 1 in rates and 8 in rates:
            print(f"\nrequests/s at c=8 / c=1: {rates[8] / rates[1]:.2f}")

        warm = asyncio.run(_uploads(url, 200, contents, server.pid))
        memory = asyncio.run(_uploads(url, args.uploads, contents, server.pid))
        low, high = min(memory) / 2**20, max(memory) / 2**20
        print(
            f"\nmemory over {args.uploads} uploads after {200} warm-up uploads: "
            f"{memory[0] / 2**20:.0f} -> {memory[-1] / 2**20:.0f} MiB "
            f"(range {low:.0f}-{high:.0f} MiB, {high - low:+.0f}); warm-up started at "
            f"{warm[0] / 2**20:.0f} MiB"
        )
        took, latencies, status = asyncio.run(_wide(url, args.wide))
        print(
            f"\n{args.wide:,}-column upload: HTTP {status} after {took:.2f} s; cheap GET meanwhile "
            f"(n={len(latencies)}): max {max(latencies) * 1e3:.0f} ms, "
            f"p50 {np.median(latencies) * 1e3:.0f} ms"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()

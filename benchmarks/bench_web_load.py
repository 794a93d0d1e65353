"""The web application under load (issue 14's performance goals).

``phidelta serve`` runs in its own process (its workers in theirs). This process is the load
generator: asyncio connections speaking plain HTTP/1.1 with prepared requests (httpx costs the
generator several ms of CPU a request, which on a 2-core machine would be taken from the
server). Each client repeats the full cycle of the page — upload a 300-row CSV, create a
signature analysis, fetch a view at another ratio — over its own keep-alive connection, for
``--duration`` seconds at each concurrency (after ``--warmup`` seconds at 8 clients, not
measured). Meanwhile a probe in a third process times a cheap GET (``/api/examples``) every
50 ms. The table gives requests/s, p50/p99 per step, errors, the server's memory (the
proportional set size of the server and all its processes), CPU milliseconds per request of
the server's main process, its workers and the generator, and the CPU that other processes of
the machine took meanwhile (the numbers mean something only when that is near 0). Then:

* memory across ``--uploads`` uploads after 200 warm-up uploads (goal: flat within ±50 MB);
* the probe while a 10,000-column upload is parsed (the server is started with
  ``--max-columns 20000`` so that the table is parsed, not refused).

Goals on a 2-core machine: no errors, view p99 < 1 s at c=8, requests/s at c=8 ≥ 1.6× c=1,
cheap GET p99 < 100 ms at c=32, memory flat, the cheap GET < 100 ms during the wide upload.

    .venv/bin/python benchmarks/bench_web_load.py                    # 60 s per concurrency
    .venv/bin/python benchmarks/bench_web_load.py --duration 20 --uploads 1000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

RATIOS = [round(10 ** (k / 10), 4) for k in range(-10, 11)]  # what the page's slider sends
_ID = re.compile(rb'"id":"([0-9a-f]+)"')


# --- the server's processes ---------------------------------------------------------------------
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


def _memory(pid: int) -> int:
    """Proportional set size of a process and all its descendants, in bytes (pages shared by
    the forked workers counted once, not once per process as RSS would)."""
    total = 0
    for current in _tree(pid):
        try:
            with open(f"/proc/{current}/smaps_rollup") as handle:
                for line in handle:
                    if line.startswith("Pss:"):
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


def _busy() -> float:
    """CPU seconds spent by the whole machine (all processes, all cores) since boot."""
    with open("/proc/stat") as handle:
        fields = [int(x) for x in handle.readline().split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


# --- a lean HTTP/1.1 client -----------------------------------------------------------------
class Connection:
    """One keep-alive connection; requests are bytes prepared in advance."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, raw: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.writer.write(raw)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        match = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
        body = await self.reader.readexactly(int(match.group(1))) if match else b""
        if re.search(rb"(?i)\r\nconnection: *close", head):
            self.writer.close()
            self.writer = None
        return status, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def _request(method: str, path: str, body: bytes = b"", content_type: str = "") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
    if content_type:
        lines.append(f"Content-Type: {content_type}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def _upload_request(content: bytes, name: str) -> bytes:
    boundary = "phideltaload"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
            f"Content-Type: text/csv\r\n\r\n"
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return _request("POST", "/api/datasets", body, f"multipart/form-data; boundary={boundary}")


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


def _wide_table(columns: int) -> bytes:
    header = ",".join(f"c{i}" for i in range(columns))
    rows = "\n".join(",".join(str((i * j) % 7) for i in range(columns)) for j in range(20))
    return (header + "\n" + rows + "\n").encode()


# --- the probe, in its own process --------------------------------------------------------
def _probe_process(port: int, conn) -> None:
    """GET /api/examples every 50 ms until told to stop; send back the latencies."""
    latencies = []
    raw = _request("GET", "/api/examples")
    with socket.create_connection(("127.0.0.1", port)) as sock:
        while not conn.poll(0.05):
            started = time.perf_counter()
            sock.sendall(raw)
            data = b""
            while b"\r\n\r\n" not in data:
                data += sock.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
            while len(body) < length:
                body += sock.recv(65536)
            latencies.append((time.perf_counter() - started, int(head[9:12])))
    conn.send(latencies)


class Probe:
    def __init__(self, port: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.here, there = context.Pipe()
        self.process = context.Process(target=_probe_process, args=(port, there), daemon=True)

    def __enter__(self) -> Probe:
        self.process.start()
        return self

    def __exit__(self, *exc) -> None:
        self.here.send("stop")
        answers = self.here.recv()
        self.process.join()
        self.latencies = [seconds for seconds, _ in answers]
        self.errors = sum(1 for _, status in answers if status != 200)


# --- the runs -----------------------------------------------------------------------------
class Stats:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}

    def add(self, step: str, seconds: float, ok: bool) -> None:
        self.times.setdefault(step, []).append(seconds)
        if not ok:
            self.errors[step] = self.errors.get(step, 0) + 1

    def requests(self) -> int:
        return sum(len(v) for v in self.times.values())

    def quantiles(self, step: str) -> str:
        values = self.times.get(step) or [float("nan")]
        p50, p99 = np.quantile(values, 0.5), np.quantile(values, 0.99)
        return f"{p50 * 1e3:.0f} / {p99 * 1e3:.0f} ms"


async def _timed(stats: Stats, step: str, conn: Connection, raw: bytes) -> bytes | None:
    started = time.perf_counter()
    try:
        status, body = await conn.request(raw)
        ok = status == 200
    except (OSError, asyncio.IncompleteReadError):
        conn.writer, body, ok = None, b"", False
    stats.add(step, time.perf_counter() - started, ok)
    return body if ok else None


async def _cycle(conn: Connection, stats: Stats, upload: bytes, seed: int) -> None:
    body = await _timed(stats, "upload", conn, upload)
    if body is None:
        return
    dataset = _ID.search(body).group(1).decode()
    analysis = json.dumps({"dataset_id": dataset, "kind": "signature", "label": "y"}).encode()
    raw = _request("POST", "/api/analyses", analysis, "application/json")
    body = await _timed(stats, "analyse", conn, raw)
    if body is None:
        return
    ratio = RATIOS[seed % len(RATIOS)]
    view = f"/api/analyses/{_ID.search(body).group(1).decode()}/view?ratio={ratio}&rank=corner"
    await _timed(stats, "view", conn, _request("GET", view))


async def _load(port: int, concurrency: int, duration: float, uploads: list[bytes]) -> Stats:
    stats = Stats()
    deadline = time.perf_counter() + duration

    async def client_loop(index: int) -> None:
        conn, n = Connection(port), index
        while time.perf_counter() < deadline:
            await _cycle(conn, stats, uploads[n % len(uploads)], n)
            n += concurrency
        conn.close()

    started = time.perf_counter()
    await asyncio.gather(*(client_loop(i) for i in range(concurrency)))
    stats.elapsed = time.perf_counter() - started
    return stats


async def _uploads(port: int, count: int, uploads: list[bytes], pid: int) -> list[int]:
    """Memory after every tenth of ``count`` uploads (8 clients)."""
    memory, done = [_memory(pid)], 0
    connections = [Connection(port) for _ in range(8)]
    step = max(8, count // 10)
    while done < count:
        answers = await asyncio.gather(
            *(c.request(uploads[(done + i) % len(uploads)]) for i, c in enumerate(connections))
        )
        assert all(status == 200 for status, _ in answers), answers[0]
        done += len(connections)
        if done % step < len(connections) or done >= count:
            memory.append(_memory(pid))
    for conn in connections:
        conn.close()
    return memory


async def _wide(port: int, columns: int) -> tuple[float, int]:
    conn = Connection(port)
    started = time.perf_counter()
    status, _ = await conn.request(_upload_request(_wide_table(columns), "wide.csv"))
    conn.close()
    return time.perf_counter() - started, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds per concurrency")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds, not measured")
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--uploads", type=int, default=1000, help="for the memory check")
    parser.add_argument("--workers", type=int, default=None, help="server worker processes")
    parser.add_argument("--wide", type=int, default=10_000, help="columns of the wide upload")
    args = parser.parse_args()

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    database = Path(tempfile.mkdtemp()) / "load.sqlite3"
    command = [sys.executable, "-m", "phidelta", "serve", "--port", str(port)]
    command += ["--database", str(database), "--max-columns", str(2 * args.wide)]
    if args.workers:
        command += ["--workers", str(args.workers)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        uploads = [_upload_request(_table(args.rows, seed), f"run{seed}.csv") for seed in range(50)]
        print(f"phidelta serve (pid {server.pid}), {os.cpu_count()} cores, {args.rows}-row CSV")
        print()
        print(
            "| clients | requests/s | upload p50 / p99 | analyse p50 / p99 | view p50 / p99 "
            "| cheap GET p50 / p99 | errors | server memory (PSS) "
            "| CPU ms/request: server, workers, generator | other processes |"
        )
        print("|---:|---:|---|---|---|---|---:|---:|---:|---:|")
        asyncio.run(_load(port, 8, args.warmup, uploads))  # imports, ratio caches: not measured
        rates = {}
        for concurrency in args.concurrency:
            main_before, rest_before = _cpu(server.pid)
            ours_before, busy_before = sum(os.times()[:2]), _busy()
            with Probe(port) as probe:
                stats = asyncio.run(_load(port, concurrency, args.duration, uploads))
            ours = sum(os.times()[:2]) - ours_before
            main_after, rest_after = _cpu(server.pid)
            spent = main_after - main_before + rest_after - rest_before + ours
            others = max(0.0, _busy() - busy_before - spent) / stats.elapsed
            count = stats.requests()
            rates[concurrency] = count / stats.elapsed
            cpu = ", ".join(
                f"{seconds / count * 1e3:.1f}"
                for seconds in (main_after - main_before, rest_after - rest_before, ours)
            )
            cheap = np.quantile(probe.latencies, [0.5, 0.99]) * 1e3
            print(
                f"| {concurrency} | {rates[concurrency]:.1f} | {stats.quantiles('upload')} "
                f"| {stats.quantiles('analyse')} | {stats.quantiles('view')} "
                f"| {cheap[0]:.0f} / {cheap[1]:.0f} ms "
                f"| {sum(stats.errors.values()) + probe.errors} "
                f"| {_memory(server.pid) / 2**20:.0f} MiB | {cpu} | {others:.0%} of a core |",
                flush=True,
            )
        if 1 in rates and 8 in rates:
            print(f"\nrequests/s at c=8 / c=1: {rates[8] / rates[1]:.2f}")

        warm = asyncio.run(_uploads(port, 200, uploads, server.pid))
        memory = asyncio.run(_uploads(port, args.uploads, uploads, server.pid))
        low, high = min(memory) / 2**20, max(memory) / 2**20
        print(
            f"\nmemory over {args.uploads} uploads after 200 warm-up uploads: "
            f"{memory[0] / 2**20:.0f} -> {memory[-1] / 2**20:.0f} MiB "
            f"(range {low:.0f}-{high:.0f} MiB, {high - low:.0f} MiB); the warm-up started at "
            f"{warm[0] / 2**20:.0f} MiB; every tenth: "
            + ", ".join(f"{m / 2**20:.0f}" for m in memory),
            flush=True,
        )
        with Probe(port) as probe:
            time.sleep(0.3)
            took, status = asyncio.run(_wide(port, args.wide))
        print(
            f"\n{args.wide:,}-column upload: HTTP {status} after {took:.2f} s; the cheap GET "
            f"meanwhile (n={len(probe.latencies)}): max {max(probe.latencies) * 1e3:.0f} ms, "
            f"p50 {np.median(probe.latencies) * 1e3:.0f} ms"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()

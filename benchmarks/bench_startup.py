"""Start-up time of the command line (issue 15: `phidelta --help` under 0.3 s).

Each command runs 10 times in a fresh process; the table prints the median wall time next to
the floor of starting Python itself (`python -c pass`) and of importing NumPy, so the ratio
shows what phidelta adds.

    .venv/bin/python benchmarks/bench_startup.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def median_time(command: list[str], runs: int = 10) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    floor = median_time([sys.executable, "-c", "pass"])
    rows = [
        ("python -c pass (floor)", [sys.executable, "-c", "pass"]),
        ("python -c 'import numpy'", [sys.executable, "-c", "import numpy"]),
        ("python -c 'import phidelta'", [sys.executable, "-c", "import phidelta"]),
        ("phidelta --help", [str(BIN / "phidelta"), "--help"]),
        ("phidelta stats --help", [str(BIN / "phidelta"), "stats", "--help"]),
        (
            "python -c 'import phidelta.measures'",
            [sys.executable, "-c", "import phidelta.measures"],
        ),
    ]
    print(f"{'command':<38} {'median s':>9} {'× floor':>8}")
    for label, command in rows:
        seconds = median_time(command)
        print(f"{label:<38} {seconds:>9.3f} {seconds / floor:>8.1f}")


if __name__ == "__main__":
    main()

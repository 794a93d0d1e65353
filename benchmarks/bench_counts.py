"""Counting binary confusion counts from 10⁸ labels: phidelta vs the floor vs scikit-learn.

Floor: ``numpy.bincount(2 * y_true + y_pred, minlength=4)``, the least work that yields the four
cells. Target (issue 2): within 1.5× of the floor and at least 10× faster than
``sklearn.metrics.confusion_matrix``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from phidelta import BinaryCounts


def best_of(repeat: int, function, *args, **kwargs) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return best, result


def floor(y_true: np.ndarray, y_pred: np.ndarray) -> np.ndarray:
    return np.bincount(2 * y_true + y_pred, minlength=4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=float, default=1e8, help="number of labels (default 1e8)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-sklearn", action="store_true")
    args = parser.parse_args()
    n = int(args.n)
    rng = np.random.default_rng(0)
    y_true = (rng.random(n) < 0.3).astype(np.int64)
    y_pred = np.where(rng.random(n) < 0.8, y_true, 1 - y_true)
    print(f"{n:,} labels, int64 0/1 encoding, best of {args.repeat}")

    t_floor, cells = best_of(args.repeat, floor, y_true, y_pred)
    t_ours, counts = best_of(args.repeat, BinaryCounts.from_labels, y_true, y_pred)
    assert list(cells) == list(counts.to_array()[0]), "phidelta disagrees with bincount"
    print(f"  numpy.bincount floor      {t_floor:8.3f} s")
    print(
        f"  phidelta from_labels      {t_ours:8.3f} s   ratio to floor {t_ours / t_floor:5.2f}×"
        "   (target ≤ 1.5×)"
    )

    for name, encode, pos in [
        ("bool", lambda y: y.astype(bool), None),
        ("±1 int8", lambda y: (2 * y - 1).astype(np.int8), None),
    ]:
        yt, yp = encode(y_true), encode(y_pred)
        t, other = best_of(args.repeat, BinaryCounts.from_labels, yt, yp, pos_label=pos)
        assert other == counts
        print(f"  phidelta from_labels {name:<8}{t:5.3f} s   ratio to floor {t / t_floor:5.2f}×")

    if not args.skip_sklearn:
        from sklearn.metrics import confusion_matrix

        t_sk, matrix = best_of(1, confusion_matrix, y_true, y_pred)
        assert np.array_equal(matrix.ravel(), cells)
        print(f"  sklearn confusion_matrix  {t_sk:8.3f} s   ratio to floor {t_sk / t_floor:5.2f}×")
        print(f"  phidelta speed-up over scikit-learn: {t_sk / t_ours:6.1f}×   (target ≥ 10×)")


if __name__ == "__main__":
    main()

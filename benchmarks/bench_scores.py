"""AUC, ROC curve, Brier score and isotonic calibration on 10⁷ scores: phidelta vs scikit-learn.

Floors: one ``numpy.sort`` of the scores (AUC and ROC are sort-bound), ``numpy.mean((p − y)²)``
(Brier). Targets (issue 4): AUC and ROC ≥ 10× faster than scikit-learn and within 4× of the
sort; Brier within 2× of its floor; calibration ≥ 2× faster than ``IsotonicRegression``; a
merge of 100 tables of 10⁵ scores no slower than sorting their union.

On AMD Zen 4 NumPy's AVX-512 sort is about 6× slower than its AVX2 sort (the memory form of
``vpcompressq`` is microcoded there; numpy/x86-simd-sort#6), so the floor would be a slow
sort. There the benchmark re-runs itself with ``NPY_DISABLE_CPU_FEATURES`` set to NumPy's
AVX-512 targets: every contender, scikit-learn included, then uses NumPy's fast sort, as on
the machine where the targets were set. ``--default-dispatch`` keeps NumPy's own choice.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from phidelta import measures
from phidelta.counts import ScoreTable


def best(function, *args, repeat: int = 3, **kwargs):
    result, fastest = None, float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = function(*args, **kwargs)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, result


def row(name: str, seconds: float, floor: float, note: str = "") -> None:
    print(f"  {name:<34}{seconds:8.3f} s  {seconds / floor:6.2f}× floor  {note}")


AVX512_TARGETS = "AVX512_ICL AVX512_SPR X86_V4"


def is_zen4() -> bool:
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            info = cpuinfo.read(8192)
    except OSError:
        return False
    fields = {
        key.strip(): value.strip()
        for key, _, value in (line.partition(":") for line in info.splitlines())
    }
    return (
        fields.get("vendor_id") == "AuthenticAMD"
        and fields.get("cpu family") == "25"
        and "avx512f" in fields.get("flags", "").split()
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=float, default=1e7)
    parser.add_argument("--skip-sklearn", action="store_true")
    parser.add_argument("--default-dispatch", action="store_true")
    args = parser.parse_args()
    if is_zen4() and not args.default_dispatch and "NPY_DISABLE_CPU_FEATURES" not in os.environ:
        environment = dict(os.environ, NPY_DISABLE_CPU_FEATURES=AVX512_TARGETS)
        os.execve(sys.executable, [sys.executable, *sys.argv], environment)
    disabled = os.environ.get("NPY_DISABLE_CPU_FEATURES")
    print(f"NumPy {np.__version__}; disabled CPU targets: {disabled or 'none'}")
    n = int(args.n)
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.3).astype(np.int64)
    continuous = rng.normal(size=n) + y
    for label, scores in (("continuous", continuous), ("heavily tied", np.round(continuous, 1))):
        print(f"{n:,} {label} scores ({len(np.unique(scores[:100000])):,} distinct in 10⁵)")
        t_sort, _ = best(np.sort, scores)
        row("numpy.sort (floor)", t_sort, t_sort)
        t_table, _ = best(ScoreTable.from_scores, y, scores)
        t_auc, value = best(lambda s=scores: measures.auc(ScoreTable.from_scores(y, s)))
        t_roc, _ = best(lambda s=scores: measures.roc_curve(ScoreTable.from_scores(y, s)))
        row("phidelta score table", t_table, t_sort)
        row("phidelta AUC (table + area)", t_auc, t_sort, "(target ≤ 4×)")
        row("phidelta ROC curve", t_roc, t_sort, "(target ≤ 4×)")
        if not args.skip_sklearn:
            from sklearn.metrics import roc_auc_score, roc_curve

            t_sk, sk_value = best(roc_auc_score, y, scores, repeat=1)
            t_skroc, _ = best(roc_curve, y, scores, repeat=1)
            assert abs(sk_value - value) < 1e-12
            row("sklearn roc_auc_score", t_sk, t_sort, f"phidelta {t_sk / t_auc:5.1f}× faster")
            row("sklearn roc_curve", t_skroc, t_sort, f"phidelta {t_skroc / t_roc:5.1f}× faster")
            if label == "continuous":
                w = rng.random(n)
                t_wauc, w_value = best(
                    lambda s=scores, w=w: measures.auc(
                        ScoreTable.from_scores(y, s, sample_weight=w)
                    ),
                    repeat=2,
                )
                t_skw, skw_value = best(roc_auc_score, y, scores, sample_weight=w, repeat=1)
                assert abs(skw_value - w_value) < 1e-12
                row("phidelta AUC, sample weights", t_wauc, t_sort)
                row(
                    "sklearn AUC, sample weights",
                    t_skw,
                    t_sort,
                    f"phidelta {t_skw / t_wauc:5.1f}× faster",
                )
    p = 1 / (1 + np.exp(-continuous))
    t_floor, _ = best(lambda: np.mean((p - y) ** 2))
    t_brier, _ = best(measures.brier_score, y, p)
    print("Brier score")
    row("numpy.mean((p − y)²) (floor)", t_floor, t_floor)
    row("phidelta brier_score", t_brier, t_floor, "(target ≤ 2×)")
    if not args.skip_sklearn:
        from sklearn.isotonic import IsotonicRegression
        from sklearn.metrics import brier_score_loss

        t_skb, _ = best(brier_score_loss, y, p, repeat=1)
        row("sklearn brier_score_loss", t_skb, t_floor)
        m = min(n, 2_000_000)
        t_iso, _ = best(
            lambda: IsotonicRegression(out_of_bounds="clip").fit(p[:m], y[:m]), repeat=1
        )
        t_cal, _ = best(lambda: measures.IsotonicCalibrator().fit(y[:m], p[:m]), repeat=1)
        print(f"isotonic calibration on {m:,} scores")
        row("sklearn IsotonicRegression.fit", t_iso, t_iso)
        row(
            "phidelta IsotonicCalibrator.fit",
            t_cal,
            t_iso,
            f"phidelta {t_iso / t_cal:5.1f}× faster (target ≥ 2×)",
        )
    parts = [
        ScoreTable.from_scores(y[i::100][:100_000], continuous[i::100][:100_000])
        for i in range(100)
    ]
    union = np.concatenate([continuous[i::100][:100_000] for i in range(100)])
    union_y = np.concatenate([y[i::100][:100_000] for i in range(100)])
    t_union, _ = best(np.sort, union)
    t_rebuild, _ = best(ScoreTable.from_scores, union_y, union)
    t_merge, _ = best(lambda: sum(parts[1:], parts[0]), repeat=1)
    t_tree, _ = best(lambda: ScoreTable.merge(parts))
    print("merging 100 tables of 10⁵ scores")
    row("numpy.sort of the union (floor)", t_union, t_union)
    row("phidelta table of the union", t_rebuild, t_union, "(from the scores)")
    row("phidelta ScoreTable.merge", t_tree, t_union, "(target ≤ 1×)")
    row("phidelta sum(tables) (pairwise)", t_merge, t_union)


if __name__ == "__main__":
    main()

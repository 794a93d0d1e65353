"""Every phidelta.metrics function against scikit-learn's, in one process, on 10⁶ and 10⁷ samples.

Each row calls both with the same arguments, checks that the results agree, and prints the
best of ``--repeat`` times and the ratio (scikit-learn / phidelta: above 1 means phidelta is
faster). The calls alternate (scikit-learn, phidelta, scikit-learn, …), so that both are
timed over the same stretch of time: on a shared machine a busy spell then slows both rather
than all the calls of one.

Targets (issue 16): every function at least as fast as scikit-learn; the sort-bound ones
(roc_auc_score, roc_curve, average_precision_score, precision_recall_curve) at least 10×
faster; the weighted ``roc_auc_score`` at least 10× faster at 10⁷ (issue 29: also at 10⁶,
on a busy machine too); multi-class ``roc_auc_score`` (10 classes, 10⁶ samples) at least 5×
faster. The rows with a target say whether it is met, and the load average is printed at the
start and beside each target: on a shared machine other processes take the cores phidelta's
threads (and scikit-learn's BLAS) would use. ``--only roc_auc_score --n 1e6`` runs the weighted AUC
check alone.

On AMD Zen 4 the benchmark re-runs itself with NumPy's AVX-512 sort disabled for every
contender, as ``bench_scores.py`` does (``--default-dispatch`` keeps NumPy's choice).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings

import numpy as np

from bench_scores import AVX512_TARGETS, is_zen4
from phidelta import metrics

ONLY: set[str] = set()
#: Rows with a target: the least ratio (scikit-learn / phidelta) they must reach.
TARGETS = {"roc_auc_score(sample_weight)": 10.0}


def _load() -> str:
    try:
        return ", ".join(f"{v:.1f}" for v in os.getloadavg())
    except OSError:  # not on this system
        return "unknown"


def agree(expected, actual) -> bool:
    if isinstance(expected, tuple | list):
        return all(agree(e, a) for e, a in zip(expected, actual, strict=True))
    if expected is None:
        return actual is None
    e, a = np.asarray(expected, dtype=float), np.asarray(actual, dtype=float)
    return e.shape == a.shape and np.allclose(e, a, rtol=1e-9, atol=1e-12, equal_nan=True)


def alternating(functions: list, args: tuple, kwargs: dict, repeat: int) -> list:
    """(best time, last result) of each function, called in turn ``repeat`` times."""
    fastest = [float("inf")] * len(functions)
    results: list = [None] * len(functions)
    for _ in range(repeat):
        for i, function in enumerate(functions):
            start = time.perf_counter()
            results[i] = function(*args, **kwargs)
            fastest[i] = min(fastest[i], time.perf_counter() - start)
    return list(zip(fastest, results, strict=True))


def compare(name: str, sk, args: tuple, kwargs: dict, repeat: int, ratios: dict) -> None:
    if ONLY and name not in ONLY:
        return
    (theirs, expected), (ours, actual) = alternating(
        [getattr(sk, name), getattr(metrics, name)], args, kwargs, repeat
    )
    options = ", ".join(f"{k}={v!r}" for k, v in kwargs.items() if k != "sample_weight")
    if "sample_weight" in kwargs:
        options = ", ".join(filter(None, [options, "sample_weight"]))
    label = f"{name}({options})" if options else name
    mark = "" if agree(expected, actual) else "  RESULTS DIFFER"
    ratios[label] = theirs / ours
    if label in TARGETS:
        met = "met" if theirs / ours >= TARGETS[label] else "NOT met"
        mark += f"  (target ≥ {TARGETS[label]:g}×: {met}; load average {_load()})"
    print(f"  {label:<62}{theirs:8.3f} s {ours:8.3f} s {theirs / ours:7.1f}×{mark}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", default="1e6,1e7", help="sample sizes, comma separated")
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--default-dispatch", action="store_true")
    parser.add_argument(
        "--only", default="", help="function names to run, comma separated (default: all)"
    )
    args = parser.parse_args()
    ONLY.update(filter(None, args.only.split(",")))
    if is_zen4() and not args.default_dispatch and "NPY_DISABLE_CPU_FEATURES" not in os.environ:
        environment = dict(os.environ, NPY_DISABLE_CPU_FEATURES=AVX512_TARGETS)
        os.execve(sys.executable, [sys.executable, *sys.argv], environment)
    import sklearn
    from sklearn import metrics as sk

    warnings.simplefilter("ignore")
    disabled = os.environ.get("NPY_DISABLE_CPU_FEATURES")
    print(
        f"NumPy {np.__version__}, scikit-learn {sklearn.__version__}; disabled CPU targets: "
        f"{disabled or 'none'}; load average {_load()}"
    )
    print(f"  {'function':<62}{'sklearn':>10} {'phidelta':>10} {'ratio':>8}")
    for n in (int(float(v)) for v in args.n.split(",")):
        rng = np.random.default_rng(0)
        y = (rng.random(n) < 0.3).astype(np.int64)
        pred = np.where(rng.random(n) < 0.8, y, 1 - y)
        scores = rng.normal(size=n) + y
        proba = 1 / (1 + np.exp(-scores))
        weight = rng.random(n)
        r = args.repeat if n <= 10**6 else max(1, args.repeat // 3)
        ratios: dict[str, float] = {}
        print(f"{n:,} samples, binary")
        binary = [
            ("accuracy_score", (y, pred), {}),
            ("balanced_accuracy_score", (y, pred), {}),
            ("precision_score", (y, pred), {}),
            ("recall_score", (y, pred), {}),
            ("f1_score", (y, pred), {}),
            ("f1_score", (y, pred), {"sample_weight": weight}),
            ("fbeta_score", (y, pred), {"beta": 2.0}),
            ("precision_recall_fscore_support", (y, pred), {}),
            ("matthews_corrcoef", (y, pred), {}),
            ("cohen_kappa_score", (y, pred), {}),
            ("confusion_matrix", (y, pred), {}),
            ("confusion_matrix", (y, pred), {"sample_weight": weight}),
            ("roc_auc_score", (y, scores), {}),
            ("roc_auc_score", (y, scores), {"sample_weight": weight}),
            ("roc_auc_score", (y, scores), {"max_fpr": 0.1}),
            ("roc_curve", (y, scores), {}),
            ("roc_curve", (y, scores), {"sample_weight": weight}),
            ("precision_recall_curve", (y, scores), {}),
            ("average_precision_score", (y, scores), {}),
            ("average_precision_score", (y, scores), {"sample_weight": weight}),
            ("det_curve", (y, scores), {}),
            ("brier_score_loss", (y, proba), {}),
            ("log_loss", (y, proba), {}),
        ]
        for name, positional, keywords in binary:
            compare(name, sk, positional, keywords, r, ratios)
        fpr, tpr, _ = metrics.roc_curve(y, scores, drop_intermediate=False)
        compare("auc", sk, (fpr, tpr), {}, r, ratios)
        if n <= 10**6:
            k = args.classes
            print(f"{n:,} samples, {k} classes")
            labels = rng.integers(0, k, n)
            guess = np.where(rng.random(n) < 0.6, labels, rng.integers(0, k, n))
            logits = rng.normal(size=(n, k)) + 2 * np.eye(k)[labels]
            probabilities = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
            multiclass = [
                ("accuracy_score", (labels, guess), {}),
                ("f1_score", (labels, guess), {"average": "macro"}),
                ("precision_recall_fscore_support", (labels, guess), {"average": None}),
                ("matthews_corrcoef", (labels, guess), {}),
                ("cohen_kappa_score", (labels, guess), {"weights": "quadratic"}),
                ("balanced_accuracy_score", (labels, guess), {}),
                ("confusion_matrix", (labels, guess), {}),
                ("roc_auc_score", (labels, probabilities), {"multi_class": "ovr"}),
                ("roc_auc_score", (labels, probabilities), {"multi_class": "ovo"}),
                ("average_precision_score", (labels, probabilities), {}),
                ("log_loss", (labels, probabilities), {}),
                ("brier_score_loss", (labels, probabilities), {}),
            ]
            for name, positional, keywords in multiclass:
                compare(name, sk, positional, keywords, r, ratios)
        if not ratios:
            continue
        slowest = min(ratios, key=ratios.get)
        print(f"  slowest ratio at {n:,}: {ratios[slowest]:.1f}× ({slowest})")


if __name__ == "__main__":
    main()

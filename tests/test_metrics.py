"""phidelta.metrics against scikit-learn on random data with ties, weights and odd labels.

Every call is made with both packages; the results must agree to 1e-12, the same exception
type must be raised where scikit-learn raises, and the same warnings (message text) must be
emitted. The data are seeded: each seed draws a problem size, labels, ties and weights.
"""

from __future__ import annotations

import itertools
import warnings
from typing import Any

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta import metrics
from phidelta.exceptions import UndefinedMeasureWarning

sk = pytest.importorskip("sklearn.metrics")
sk_exceptions = pytest.importorskip("sklearn.exceptions")

TOL = {"rtol": 1e-12, "atol": 1e-12}
SEEDS = range(4)


def _call(function: Any, args: tuple, kwargs: dict) -> tuple[Any, Any, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result, error = function(*args, **kwargs), None
        except Exception as exc:  # compared below
            result, error = None, exc
    messages = sorted(
        str(w.message)
        for w in caught
        if issubclass(w.category, UserWarning) and not issubclass(w.category, FutureWarning)
    )
    return result, error, messages


def _same(expected: Any, actual: Any) -> None:
    if isinstance(expected, tuple | list):
        assert isinstance(actual, tuple | list)
        assert len(expected) == len(actual)
        for e, a in zip(expected, actual, strict=True):
            _same(e, a)
        return
    if expected is None:
        assert actual is None
        return
    assert np.shape(expected) == np.shape(actual)
    assert_allclose(np.asarray(actual, dtype=float), np.asarray(expected, dtype=float), **TOL)


def both(name: str, *args: Any, **kwargs: Any) -> Any:
    """Call scikit-learn's and phidelta's ``name`` and compare everything they do."""
    expected, their_error, their_warnings = _call(getattr(sk, name), args, kwargs)
    actual, our_error, our_warnings = _call(getattr(metrics, name), args, kwargs)
    if their_error is not None:
        assert our_error is not None, f"{name}: scikit-learn raised {their_error!r}, phidelta not"
        assert isinstance(our_error, ValueError | TypeError | NotImplementedError)
        assert isinstance(their_error, type(our_error)) or isinstance(our_error, ValueError)
        return None
    if our_error is not None:
        raise our_error
    _same(expected, actual)
    assert our_warnings == their_warnings, name
    return actual


def _labels(rng: np.random.Generator, n: int, k: int, kind: str) -> tuple[np.ndarray, Any]:
    codes = rng.integers(0, k, n)
    if kind == "int":
        return codes, 1
    if kind == "pm1" and k == 2:
        return 2 * codes - 1, 1
    if kind == "str":
        names = np.array(["ant", "bee", "cat", "dog", "eel", "fox"])[:k]
        return names[codes], names[-1]
    return codes.astype(np.float64) + 3, float(k - 1 + 3)


def _weights(rng: np.random.Generator, n: int, which: str) -> np.ndarray | None:
    if which == "none":
        return None
    w = rng.random(n) * 3
    if which == "integers":
        w = rng.integers(0, 4, n)
        w[0] = 1
    else:
        w[rng.random(n) < 0.1] = 0.0
        w[0] = 0.5
    return w


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ["int", "pm1", "str", "float"])
@pytest.mark.parametrize("weights", ["none", "floats", "integers"])
def test_binary_labels(seed, kind, weights):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 60))
    y, positive = _labels(rng, n, 2, kind)
    flip = rng.random(n) < 0.3
    p = y.copy()
    p[flip] = y[rng.permutation(n)][flip]
    w = _weights(rng, n, weights)
    both("accuracy_score", y, p, sample_weight=w)
    both("accuracy_score", y, p, normalize=False, sample_weight=w)
    for adjusted in (False, True):
        both("balanced_accuracy_score", y, p, sample_weight=w, adjusted=adjusted)
    both("matthews_corrcoef", y, p, sample_weight=w)
    for weighting in (None, "linear", "quadratic"):
        both("cohen_kappa_score", y, p, weights=weighting, sample_weight=w)
    for normalize in (None, "true", "pred", "all"):
        both("confusion_matrix", y, p, sample_weight=w, normalize=normalize)
    for average in ("binary", "micro", "macro", "weighted", None):
        options = {"average": average, "sample_weight": w, "pos_label": positive}
        for zero_division in ("warn", 0.0, 1.0, np.nan):
            both("precision_recall_fscore_support", y, p, zero_division=zero_division, **options)
        both("precision_score", y, p, **options)
        both("recall_score", y, p, zero_division=1.0, **options)
        both("f1_score", y, p, zero_division=np.nan, **options)
        both("fbeta_score", y, p, beta=0.5, **options)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ["int", "str", "float"])
@pytest.mark.parametrize("weights", ["none", "floats"])
def test_multiclass_labels(seed, kind, weights):
    rng = np.random.default_rng(100 + seed)
    n, k = int(rng.integers(2, 200)), int(rng.integers(3, 6))
    y, _ = _labels(rng, n, k, kind)
    p = np.where(rng.random(n) < 0.6, y, _labels(rng, n, k, kind)[0])
    w = _weights(rng, n, weights)
    classes = np.unique(np.concatenate([y, p]))
    both("accuracy_score", y, p, sample_weight=w)
    both("balanced_accuracy_score", y, p, sample_weight=w)
    both("balanced_accuracy_score", y, p, sample_weight=w, adjusted=True)
    both("matthews_corrcoef", y, p, sample_weight=w)
    for weighting in (None, "linear", "quadratic"):
        both("cohen_kappa_score", y, p, weights=weighting, sample_weight=w)
        both("cohen_kappa_score", y, p, weights=weighting, labels=classes[::-1])
    both("confusion_matrix", y, p, sample_weight=w, labels=classes[:2])
    both("confusion_matrix", y, p, sample_weight=w, normalize="true")
    for average in ("micro", "macro", "weighted", None):
        for zero_division in ("warn", 0.0, np.nan):
            options = {"average": average, "zero_division": zero_division, "sample_weight": w}
            both("precision_recall_fscore_support", y, p, beta=0.5, **options)
        both("f1_score", y, p, labels=classes[1:], average=average)
    both("precision_score", y, p, average="binary")  # scikit-learn's error


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("weights", ["none", "floats"])
def test_multilabel_indicators(seed, weights):
    rng = np.random.default_rng(200 + seed)
    n, k = int(rng.integers(2, 80)), int(rng.integers(2, 6))
    y = (rng.random((n, k)) < 0.4).astype(int)
    p = np.where(rng.random((n, k)) < 0.7, y, 1 - y)
    w = _weights(rng, n, weights)
    both("accuracy_score", y, p, sample_weight=w)
    for average in ("micro", "macro", "weighted", "samples", None):
        for zero_division in ("warn", 1.0):
            options = {"average": average, "zero_division": zero_division, "sample_weight": w}
            both("precision_recall_fscore_support", y, p, **options)
            both("recall_score", y, p, labels=[k - 1, 0], **options)
    scores = np.round(rng.random((n, k)), 1)  # ties
    for average in ("micro", "macro", "weighted", "samples", None):
        both("roc_auc_score", y, scores, average=average, sample_weight=w)
        both("average_precision_score", y, scores, average=average, sample_weight=w)


def _scores(rng: np.random.Generator, y_positive: np.ndarray, decimals: int) -> np.ndarray:
    raw = rng.normal(size=len(y_positive)) + 0.8 * y_positive
    return np.round(raw, decimals)  # few decimals: many ties


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ["int", "pm1", "str", "float"])
@pytest.mark.parametrize("weights", ["none", "floats", "integers"])
@pytest.mark.parametrize("decimals", [0, 8])
def test_binary_scores(seed, kind, weights, decimals):
    rng = np.random.default_rng(300 + seed)
    n = int(rng.integers(2, 120))
    y, positive = _labels(rng, n, 2, kind)
    s = _scores(rng, y == positive, decimals)
    w = _weights(rng, n, weights)
    pos_label = positive if kind in ("str", "float") else None
    for drop in (True, False):
        both("roc_curve", y, s, pos_label=pos_label, sample_weight=w, drop_intermediate=drop)
        both(
            "precision_recall_curve",
            y,
            s,
            pos_label=pos_label,
            sample_weight=w,
            drop_intermediate=drop,
        )
        both("det_curve", y, s, pos_label=pos_label, sample_weight=w, drop_intermediate=drop)
    for max_fpr in (None, 0.3, 1.0):
        both("roc_auc_score", y, s, sample_weight=w, max_fpr=max_fpr)
    both("average_precision_score", y, s, pos_label=positive, sample_weight=w)
    proba = 1 / (1 + np.exp(-s))
    both("brier_score_loss", y, proba, pos_label=pos_label, sample_weight=w)
    both("log_loss", y, proba, sample_weight=w)
    both("log_loss", y, proba, sample_weight=w, normalize=False)
    fpr, tpr, _ = metrics.roc_curve(y, s, pos_label=pos_label, sample_weight=w)
    if np.all(np.isfinite(fpr)) and np.all(np.isfinite(tpr)):
        both("auc", fpr, tpr)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ["int", "str"])
def test_multiclass_scores(seed, kind):
    rng = np.random.default_rng(400 + seed)
    n, k = int(rng.integers(10, 300)), int(rng.integers(3, 6))
    y, _ = _labels(rng, n, k, kind)
    codes = np.searchsorted(np.unique(y), y)
    logits = np.round(rng.normal(size=(n, k)) + 1.5 * np.eye(k)[codes % k], 1)
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    w = _weights(rng, n, "floats")
    if len(np.unique(y)) == k:
        for average in ("macro", "weighted"):
            both("roc_auc_score", y, proba, multi_class="ovo", average=average)
            both("roc_auc_score", y, proba, multi_class="ovr", average=average, sample_weight=w)
        both("roc_auc_score", y, proba, multi_class="ovr", average="micro")
        both("roc_auc_score", y, proba, multi_class="ovr", average=None)
        both("average_precision_score", y, proba, sample_weight=w)
        both("log_loss", y, proba, sample_weight=w)
        both("brier_score_loss", y, proba, sample_weight=w)
    labels = np.unique(np.concatenate([np.unique(y), ["zzz"] if kind == "str" else [99]]))
    padded = np.concatenate([proba[:, : len(labels) - 1], np.zeros((n, 1))], axis=1)
    padded /= padded.sum(axis=1, keepdims=True)
    both("log_loss", y, padded, labels=labels)
    both("roc_auc_score", y, proba, multi_class="raise")  # scikit-learn's error


@pytest.mark.parametrize(
    ("truth", "guess"),
    [([0, 0, 0], [0, 0, 0]), ([1, 1], [1, 1]), (["a", "a"], ["a", "a"]), ([0, 0, 1], [0, 0, 0])],
)
def test_one_label_gives_both_packages_warnings(truth, guess):
    for name in (
        "matthews_corrcoef",
        "cohen_kappa_score",
        "balanced_accuracy_score",
        "confusion_matrix",
        "accuracy_score",
    ):
        both(name, truth, guess)


def test_warning_is_both_packages_warning():
    with pytest.warns(sk_exceptions.UndefinedMetricWarning) as record:
        metrics.precision_score([0, 0], [0, 0])
    assert issubclass(record[0].category, UndefinedMeasureWarning)
    assert issubclass(record[0].category, metrics.UndefinedMetricWarning)


def test_text_and_pandas_inputs():
    pd = pytest.importorskip("pandas")
    y = pd.Series(["no", "yes", "yes", "no", "yes"], dtype="category")
    p = pd.Series(["no", "yes", "no", "no", "yes"])
    assert metrics.recall_score(y, p, pos_label="yes") == pytest.approx(2 / 3, abs=1e-15)
    scores = pd.Series([0.1, 0.9, 0.4, 0.4, 0.8])
    assert metrics.roc_auc_score(y, scores) == sk.roc_auc_score(y, scores)


def test_negative_weights_are_refused():
    with pytest.raises(ValueError, match=r"`sample_weight` must be non-negative"):
        metrics.accuracy_score([0, 1], [0, 1], sample_weight=[1.0, -1.0])


def test_int64_weights_that_overflow_raise_instead_of_wrapping():
    weight = np.full(3, np.iinfo(np.int64).max, dtype=np.int64)
    with pytest.raises(OverflowError, match=r"beyond int64"):
        metrics.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=weight)
    big = np.full(3, 2**60, dtype=np.int64)  # sums exact as integers, not as floats
    cm = metrics.confusion_matrix([0, 1, 1], [0, 1, 1], sample_weight=big)
    assert cm[1, 1] == 2**61


@pytest.mark.parametrize("scale", [1e-170, 2.0**-101, 2.0**101, 1e155, 1e250])
def test_results_free_of_the_weights_scale_do_not_overflow_or_underflow(scale):
    """Areas, curves and R_K of weights far from 1 equal those of the same weights near 1,
    bit for bit (the weights are rescaled by a power of two); scikit-learn gives NaN, 0 or a
    ZeroDivisionError for some of these."""
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 40)
    s = rng.integers(0, 6, 40) / 5  # ties
    w = rng.random(40) + 0.5
    cases = [
        (metrics.roc_auc_score, (y, s)),
        (metrics.average_precision_score, (y, s)),
        (metrics.roc_curve, (y, s)),
        (metrics.precision_recall_curve, (y, s)),
        (metrics.roc_auc_score, (np.c_[y, 1 - y], np.c_[s, 1 - s])),  # multilabel
        (metrics.average_precision_score, (np.c_[y, 1 - y], np.c_[s, 1 - s])),
        (metrics.matthews_corrcoef, (y, (s > 0.5).astype(int))),
        (metrics.matthews_corrcoef, (y % 3 + s.astype(int), y)),  # multi-class
    ]
    exponent = np.frexp(scale)[1]
    scaled = w * scale
    near_one = np.ldexp(scaled, -exponent)  # the same weights, the same mantissas
    for function, args in cases:
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)
            expected = function(*args, sample_weight=near_one)
            actual = function(*args, sample_weight=scaled)
        tuples = isinstance(actual, tuple)
        pairs = zip(actual, expected, strict=True) if tuples else [(actual, expected)]
        for a, e in pairs:
            np.testing.assert_array_equal(a, e, err_msg=function.__name__)


@pytest.mark.parametrize(
    ("truth", "kwargs"), [(["1"], {}), (["1", "1"], {}), (["0"], {"pos_label": 0})]
)
def test_one_text_class_that_spells_the_positive_class_is_it(truth, kwargs):
    """ "1" is the class 1 (as scikit-learn finds by comparing 1 with "1" as text)."""
    for name in ("precision_score", "recall_score", "f1_score"):
        ours = getattr(metrics, name)(truth, truth, **kwargs)
        assert ours == getattr(sk, name)(truth, truth, **kwargs) == 1.0


def test_weighted_roc_curve_drops_collinear_points_exactly():
    # equal float weights: scikit-learn's rounded running sums keep a collinear point or two
    y = np.array([1, 1, 1, 0, 0, 0, 1, 1, 0, 0])
    s = np.arange(10, 0, -1) / 10
    fpr, tpr, _ = metrics.roc_curve(y, s, sample_weight=np.full(10, 0.1))
    assert_allclose(fpr, [0, 0, 0, 0.6, 0.6, 1], **TOL)
    assert_allclose(tpr, [0, 0.2, 0.6, 0.6, 1, 1], **TOL)
    sk_fpr, sk_tpr, _ = sk.roc_curve(y, s, sample_weight=np.full(10, 0.1))
    assert_allclose(np.trapezoid(tpr, fpr), np.trapezoid(sk_tpr, sk_fpr), **TOL)


# --- warnings point at the caller's line ---------------------------------------------------------
_NO_POSITIVES, _SCORES, _TRUTH = [0, 0, 0, 0], [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]
_INDICATOR = np.array([[0, 1], [0, 0], [0, 1], [0, 0]])
_INDICATOR_SCORES = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]])

WARNING_CALLS = {
    "precision_recall_curve": lambda: metrics.precision_recall_curve(_NO_POSITIVES, _SCORES),
    "roc_curve": lambda: metrics.roc_curve(_NO_POSITIVES, _SCORES),
    "roc_curve without negatives": lambda: metrics.roc_curve([1, 1, 1, 1], _SCORES),
    "roc_auc_score": lambda: metrics.roc_auc_score(_NO_POSITIVES, _SCORES),
    "roc_auc_score, multi-label": lambda: metrics.roc_auc_score(_INDICATOR, _INDICATOR_SCORES),
    "average_precision_score": lambda: metrics.average_precision_score(_NO_POSITIVES, _SCORES),
    "average_precision_score, multi-label": lambda: metrics.average_precision_score(
        _INDICATOR, _INDICATOR_SCORES
    ),
    "precision_score": lambda: metrics.precision_score(_TRUTH, [0, 0, 0, 0]),
    "f1_score": lambda: metrics.f1_score(_NO_POSITIVES, [0, 0, 0, 0]),
    "precision_recall_fscore_support": lambda: metrics.precision_recall_fscore_support(
        [0, 1, 2, 2], [0, 0, 0, 0], average="macro"
    ),
    "precision_score, samples": lambda: metrics.precision_score(
        _INDICATOR, np.zeros_like(_INDICATOR), average="samples"
    ),
    "balanced_accuracy_score": lambda: metrics.balanced_accuracy_score([0, 0, 1, 1], [0, 2, 1, 1]),
    "log_loss": lambda: metrics.log_loss([0, 1], [[0.2, 0.7], [0.3, 0.6]]),
    "cohen_kappa_score": lambda: metrics.cohen_kappa_score([0, 0], [0, 0]),
}


@pytest.mark.parametrize("name", list(WARNING_CALLS))
def test_warnings_point_at_the_callers_line(name):
    """Whatever the depth of the helper that notices (binary or averaged, direct or through
    another public function), the warning names the line that called phidelta."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        WARNING_CALLS[name]()
    assert caught, name
    for warning in caught:
        assert warning.filename == __file__, (name, warning.filename, str(warning.message))


def test_measure_and_validation_warnings_point_at_the_callers_line():
    from phidelta import inference, measures
    from phidelta.counts import BinaryCounts

    counts = BinaryCounts(tn=[3], fp=[2], fn=[0], tp=[0])
    with pytest.warns(UndefinedMeasureWarning) as caught:
        measures.sensitivity(counts)
    assert {w.filename for w in caught} == {__file__}
    with pytest.warns(DeprecationWarning, match="former name") as caught:
        inference.wilson_interval([3], [4], level=0.9)
    assert {w.filename for w in caught} == {__file__}


# --- odd inputs: scikit-learn's outcome, or a clean refusal -------------------------------------
ODD_INPUTS = {
    "empty": [],
    "nan": [0, np.nan],
    "inf": [np.inf, 0],
    "text": ["a", "b"],
    "text and a number": [0, "a"],
    "matrix": [[0, 1], [1, 0]],
    "booleans": [True, False],
    "fractions": [0.5, 0.2],
    "objects": np.array([0, 1], dtype=object),
    "negative": [-1, 1],
    "huge": [2**70, 0],
    "one": [1],
}
ODD_FUNCTIONS = (
    "accuracy_score",
    "balanced_accuracy_score",
    "f1_score",
    "matthews_corrcoef",
    "cohen_kappa_score",
    "confusion_matrix",
    "roc_auc_score",
    "roc_curve",
    "precision_recall_curve",
    "average_precision_score",
    "brier_score_loss",
    "log_loss",
    "auc",
)
#: (function, first, second): scikit-learn fails where phidelta answers, or skips a check that
#: phidelta makes (documented in docs/guide/sklearn_metrics.rst)
ODD_ON_PURPOSE = {
    ("average_precision_score", "empty", "empty"),  # scikit-learn: IndexError
    *(("auc", "booleans", second) for second in ODD_INPUTS),  # scikit-learn: bool subtraction
    *(("roc_auc_score", "one", second) for second in ODD_INPUTS),  # it skips the length check
}


@pytest.mark.parametrize("name", ODD_FUNCTIONS)
def test_odd_inputs_get_scikit_learns_outcome_or_a_clean_error(name):
    for (first, a), (second, b) in itertools.product(ODD_INPUTS.items(), repeat=2):
        case = (name, first, second)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                ours, our_error = getattr(metrics, name)(a, b), None
            except Exception as exc:
                ours, our_error = None, exc
            try:
                theirs, their_error = getattr(sk, name)(a, b), None
            except Exception as exc:
                theirs, their_error = None, exc
        assert our_error is None or isinstance(our_error, ValueError | TypeError), (
            case,
            repr(our_error),
        )
        if case in ODD_ON_PURPOSE:
            continue
        assert (our_error is None) == (their_error is None), (case, our_error, their_error)
        if our_error is None:
            _same(
                tuple(theirs) if isinstance(theirs, tuple) else np.asarray(theirs, dtype=float),
                tuple(ours) if isinstance(ours, tuple) else np.asarray(ours, dtype=float),
            )


def test_fuzzed_corners_match_scikit_learn():
    """Corners a differential fuzzer found: the one-vs-one AUC's type, ``pos_label=None`` for
    average precision, and ``labels`` mixing text and numbers in ``log_loss``."""
    y = np.array([0, 1, 2, 1, 0, 2])
    p = np.random.default_rng(0).dirichlet([1, 1, 1], 6)
    ours = metrics.roc_auc_score(y, p, multi_class="ovo")
    assert type(ours) is type(sk.roc_auc_score(y, p, multi_class="ovo"))
    for package in (sk, metrics):
        with pytest.raises(ValueError, match="'pos_label' parameter of average_precision_score"):
            package.average_precision_score([1, 1], [0.2, 0.3], pos_label=None)
        with pytest.raises(ValueError, match="Mix of label input types"):
            package.log_loss([0, 1, 1], [[0.5, 0.5], [0.2, 0.8], [0.3, 0.7]], labels=["a", 1])


def test_weighted_auc_with_the_extreme_scores_weighted_zero():
    """The scores' bounds found while checking them are not used once rows of zero weight,
    here those holding the smallest and the largest score, are dropped."""
    rng = np.random.default_rng(8)
    y = rng.random(400) < 0.4
    scores = rng.normal(size=400) + y
    w = rng.random(400) + 0.1
    w[[np.argmin(scores), np.argmax(scores)]] = 0.0
    for max_fpr in (None, 0.3):
        expected = sk.roc_auc_score(y, scores, sample_weight=w, max_fpr=max_fpr)
        got = metrics.roc_auc_score(y, scores, sample_weight=w, max_fpr=max_fpr)
        assert got == pytest.approx(expected, rel=1e-12)

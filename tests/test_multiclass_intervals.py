"""Intervals of multi-class measures (issue 29, item 6): matrix_intervals."""

from __future__ import annotations

import numpy as np
import pytest

from phidelta.counts import ConfusionMatrix
from phidelta.inference import MULTICLASS_MEASURES, MatrixIntervals, matrix_intervals
from phidelta.measures import (
    entropy_balance,
    f1_score,
    macro_average,
    multiclass_accuracy,
    multiclass_cohen_kappa,
    multiclass_mcc,
    weighted_average,
)

MATRIX = [[10, 2, 0], [3, 8, 1], [0, 2, 9]]


def _rows(matrix: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """The rows behind a matrix: one (true, predicted) pair per sample."""
    counts = np.asarray(matrix)
    true, pred = np.nonzero(counts)
    repeats = counts[true, pred]
    return np.repeat(true, repeats), np.repeat(pred, repeats)


def test_percentile_matches_a_row_resampling_bootstrap():
    # brute force: resample the 35 rows behind the matrix with replacement, build each matrix,
    # evaluate the library's measures, take percentiles. Both sides use 4000 resamples; at
    # n = 35 the bootstrap distributions have an SD of about 0.07 and steps of 1/35, so the
    # Monte Carlo error of a 2.5 % quantile of each side is below 0.01; tolerance 0.03
    y_true, y_pred = _rows(MATRIX)
    rng = np.random.default_rng(1)
    b, n = 4000, len(y_true)
    index = rng.integers(0, n, size=(b, n))
    counts = np.zeros((b, 3, 3), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(b), n), y_true[index].ravel(), y_pred[index].ravel()), 1)
    resampled = ConfusionMatrix(counts)
    with np.errstate(divide="ignore", invalid="ignore"):
        brute = {
            "accuracy": multiclass_accuracy(resampled),
            "mcc": multiclass_mcc(resampled, zero_division=np.nan),
            "kappa": multiclass_cohen_kappa(resampled, zero_division=np.nan),
            "macro_f1": macro_average(f1_score, resampled, zero_division=np.nan),
            "joint_mi2": entropy_balance(resampled).joint_fractions[:, 1],
            "mutual_information": entropy_balance(resampled).mutual_information,
        }
    res = matrix_intervals(
        ConfusionMatrix(MATRIX),
        list(brute),
        method="percentile",
        n_resamples=4000,
        random_state=2,
    )
    for name, values in brute.items():
        low, high = np.nanquantile(values, [0.025, 0.975])
        assert res.low[name][0] == pytest.approx(low, abs=0.03), name
        assert res.high[name][0] == pytest.approx(high, abs=0.03), name


def test_estimates_are_the_library_point_measures():
    cm = ConfusionMatrix([MATRIX, [[5, 1, 1], [0, 7, 2], [1, 1, 6]]])
    res = matrix_intervals(cm, n_resamples=50, random_state=0)
    np.testing.assert_array_equal(res.estimate["accuracy"], multiclass_accuracy(cm))
    np.testing.assert_array_equal(res.estimate["mcc"], multiclass_mcc(cm))
    np.testing.assert_array_equal(res.estimate["kappa"], multiclass_cohen_kappa(cm))
    np.testing.assert_array_equal(
        res.estimate["weighted_f1"], weighted_average(f1_score, cm, zero_division=np.nan)
    )
    balance = entropy_balance(cm)
    np.testing.assert_array_equal(
        np.stack([res.estimate[f"joint_{c}"] for c in ("delta_h", "mi2", "vi")], axis=1),
        balance.joint_fractions,
    )
    np.testing.assert_array_equal(res.estimate["mutual_information"], balance.mutual_information)
    assert list(res.methods) == list(MULTICLASS_MEASURES)
    assert set(res.methods.values()) == {"bca"}
    for name in MULTICLASS_MEASURES:
        assert res.estimate[name].shape == (2,)
        assert np.all(res.low[name] <= res.estimate[name])  # BCa contains its estimate
        assert np.all(res.estimate[name] <= res.high[name])
    estimate, low, high = res
    assert isinstance(res, MatrixIntervals)
    assert (estimate, low, high) == (res.estimate, res.low, res.high)
    frame = res.to_frame()
    assert frame.shape == (2, 3 * len(MULTICLASS_MEASURES))
    assert frame.attrs["methods"]["mcc"] == "bca"


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_reproducible_with_random_state(method):
    cm = ConfusionMatrix(MATRIX)
    a = matrix_intervals(cm, ["mcc", "macro_f1"], method=method, n_resamples=200, random_state=7)
    b = matrix_intervals(cm, ["mcc", "macro_f1"], method=method, n_resamples=200, random_state=7)
    for name in ("mcc", "macro_f1"):
        np.testing.assert_array_equal(a.low[name], b.low[name])
        np.testing.assert_array_equal(a.high[name], b.high[name])


def test_a_perfect_matrix_gives_accuracy_one():
    res = matrix_intervals(
        ConfusionMatrix([[7, 0, 0], [0, 5, 0], [0, 0, 9]]), ["accuracy"], random_state=0
    )
    # every resample is perfect: [1, 1] up to the rounding of the sum of joint probabilities
    assert res.low["accuracy"][0] == pytest.approx(1.0, abs=1e-12)
    assert res.high["accuracy"][0] == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_triangle_coordinates_stay_in_the_unit_interval(method):
    # a balanced matrix, a skewed one near the ΔH′ vertex and a tiny one
    cm = ConfusionMatrix(
        [MATRIX, [[20, 0, 0], [0, 1, 0], [0, 0, 1]], [[1, 0, 0], [0, 1, 0], [1, 0, 1]]]
    )
    names = ["joint_delta_h", "joint_mi2", "joint_vi"]
    res = matrix_intervals(cm, names, method=method, n_resamples=300, random_state=3)
    for name in names:
        assert np.all(res.low[name] >= 0)
        assert np.all(res.high[name] <= 1)
        assert np.all(res.low[name] <= res.high[name])
    total = sum(res.estimate[name] for name in names)
    np.testing.assert_allclose(total, 1.0, atol=1e-12)


def test_rectangular_matrix_without_declared_outputs_gets_the_entropy_measures():
    cm = ConfusionMatrix([[8, 1, 1], [2, 7, 1]])  # a reject column, outputs undeclared
    res = matrix_intervals(cm, n_resamples=50, random_state=0)
    assert list(res.methods) == ["joint_delta_h", "joint_mi2", "joint_vi", "mutual_information"]
    with pytest.raises(ValueError, match=r"`measures` \['accuracy'\] need to know"):
        matrix_intervals(cm, ["accuracy"], n_resamples=50)


@pytest.mark.parametrize(
    ("kwargs", "error", "pattern"),
    [
        ({"matrices": [[1, 2], [3, 4]]}, TypeError, "`matrices` must be a ConfusionMatrix"),
        ({"measures": "mcc"}, TypeError, "`measures` must be a sequence"),
        ({"measures": ["auc"]}, ValueError, "`measures` must name some of"),
        ({"measures": []}, ValueError, "`measures` must name some of"),
        ({"method": "basic"}, ValueError, "`method` must be one of"),
        ({"n_resamples": 5}, ValueError, "`n_resamples` must be at least 10"),
        ({"n_resamples": 100.0}, TypeError, "`n_resamples` must be an int"),
        ({"confidence_level": 1.5}, ValueError, "confidence"),
        ({"random_state": "seed"}, TypeError, "`random_state` must be"),
        (
            {"matrices": ConfusionMatrix([[0.5, 1], [1, 2]])},
            ValueError,
            "`matrices` must hold integer counts",
        ),
    ],
)
def test_bad_input_names_the_argument(kwargs, error, pattern):
    arguments = {"matrices": ConfusionMatrix(MATRIX), "n_resamples": 20} | kwargs
    with pytest.raises(error, match=pattern):
        matrix_intervals(**arguments)

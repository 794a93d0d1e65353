"""The best threshold's spread over folds and its bootstrap interval (issue 30, item 3):
``Assessment.best_thresholds`` against pROC 1.18's ``coords(x = "best")`` per fold (each of
tests/data/proc_coords.json's data sets is one fold), and the pooled interval against
``coordinate_intervals``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta import inference
from phidelta.assessment import assess
from phidelta.counts import ScoreTable

CASES = json.loads((Path(__file__).parent / "data" / "proc_coords.json").read_text())["cases"]


@pytest.fixture(scope="module")
def folds():
    y = np.concatenate([case["y"] for case in CASES])
    s = np.concatenate([case["s"] for case in CASES]).astype(float)
    fold = np.repeat(np.arange(len(CASES)), [len(case["y"]) for case in CASES])
    return assess(y, scores=s, folds=fold), y, s


@pytest.mark.parametrize("setting", range(4))
def test_each_folds_threshold_is_procs_best(folds, setting):
    """coords(x = "best", best.method, best.weights = c(cost, prevalence)) of every fold: of
    tied points, the one with the highest threshold."""
    assessment = folds[0]
    method, (cost, prevalence) = (
        CASES[0]["best"][setting]["method"],
        CASES[0]["best"][setting]["weights"],
    )
    best = assessment.best_thresholds(
        method.replace(".", "_"),
        cost_ratio=cost,
        ratio=(1 - prevalence) / prevalence,
        n_resamples=50,
        random_state=0,
    )
    for i, case in enumerate(CASES):
        reference = case["best"][setting]
        top = int(np.argmax(reference["threshold"]))
        assert best.thresholds[i] == pytest.approx(reference["threshold"][top], rel=1e-12)
        assert best.sensitivity[i] == pytest.approx(reference["sensitivity"][top], rel=1e-12)
        assert best.specificity[i] == pytest.approx(reference["specificity"][top], rel=1e-12)
        assert best.tied_points[i] == len(np.atleast_1d(reference["threshold"]))
    spread = best.spread
    finite = best.thresholds[np.isfinite(best.thresholds)]
    assert spread["mean"] == pytest.approx(np.mean(finite), rel=1e-14)
    assert spread["std"] == pytest.approx(np.std(finite), rel=1e-14)
    assert spread["range"] == pytest.approx(np.ptp(finite), rel=1e-14)


def test_pooled_interval_is_the_coordinate_interval_of_the_pooled_rows(folds):
    assessment, y, s = folds
    best = assessment.best_thresholds(n_resamples=300, random_state=4, confidence_level=0.9)
    expected = inference.coordinate_intervals(
        ScoreTable.from_scores(y, s), "best", n_resamples=300, random_state=4, confidence_level=0.9
    )
    table = best.table()
    assert table.index[len(CASES) :] == ["pooled", "mean", "std", "min", "max"]
    row = table.index.index("pooled")
    for name in ("threshold", "sensitivity", "specificity"):
        assert table[name][row] == pytest.approx(expected.estimate[name][0], rel=1e-14)
        assert table[f"{name}_low"][row] == pytest.approx(expected.low[name][0], rel=1e-14)
        assert table[f"{name}_high"][row] == pytest.approx(expected.high[name][0], rel=1e-14)
    assert np.isnan(table["threshold_low"][: len(CASES)]).all()  # folds: no interval
    assert_allclose(table["threshold"][len(CASES) + 2], best.spread["std"])


def test_a_fold_of_one_class_has_no_threshold():
    y = np.array([1, 0, 1, 0, 1, 1, 1, 0, 1, 0])
    s = np.array([0.9, 0.1, 0.8, 0.3, 0.7, 0.6, 0.5, 0.2, 0.4, 0.35])
    fold = np.array([0, 0, 0, 0, 1, 1, 1, 2, 2, 2])  # fold 1: positives only
    best = assess(y, scores=s, folds=fold).best_thresholds(n_resamples=20, random_state=0)
    assert np.isnan(best.thresholds[1])
    assert best.tied_points[1] == 0
    assert best.spread["mean"] == pytest.approx(np.nanmean(best.thresholds[[0, 2]]))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"criterion": "best"}, ValueError, "criterion"),
        ({"cost_ratio": -1.0}, ValueError, "cost_ratio"),
        ({"ratio": 0.0}, ValueError, "ratio"),
        ({"confidence_level": 1.0}, ValueError, "confidence_level"),
        ({"n_resamples": 3}, ValueError, "n_resamples"),
    ],
)
def test_bad_options_are_refused(folds, kwargs, error, message):
    with pytest.raises(error, match=message):
        folds[0].best_thresholds(**kwargs)


def test_predictions_only_have_no_threshold():
    with pytest.raises(ValueError, match="no scores"):
        assess([1, 0, 1, 0], y_pred=[1, 0, 0, 0]).best_thresholds()

"""Classifier assessment runs: cross-validation and user-provided predictions."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta import BinaryCounts, measures
from phidelta.assessment import assess, cross_validate
from phidelta.counts import ScoreTable

sklearn = pytest.importorskip("sklearn")


def test_listing_3_thirty_folds_of_a_linear_svm():
    from sklearn.datasets import load_breast_cancer
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import LinearSVC

    X, y = load_breast_cancer(return_X_y=True)
    run = cross_validate(make_pipeline(StandardScaler(), LinearSVC()), X, y, cv=30, random_state=1)
    assert len(run.counts) == 30
    assert run.pooled().total[0] == len(y)
    assert run.positive == 1
    assert run.ratio == pytest.approx((y == 0).sum() / (y == 1).sum())
    assert len(run.tables) == 30
    assert sum(t.total_positives for t in run.tables) == (y == 1).sum()
    delta = measures.delta(run.counts)
    assert np.all(delta > 0.7)
    assert measures.auc(run.pooled_table()) > 0.95
    table = run.measures(["accuracy", "unbiased_mcc"]).to_frame()
    assert list(table.index) == [str(k) for k in range(1, 31)]


def test_assess_predictions_and_scores():
    rng = np.random.default_rng(0)
    y = np.where(rng.random(200) < 0.4, "spam", "ham")
    scores = rng.random(200) + (y == "spam") * 0.5
    folds = rng.integers(0, 4, 200)
    predicted = np.where(scores > 0.7, "spam", "ham")
    a = assess(y, y_pred=predicted, scores=scores, folds=folds, pos_label="spam")
    expected, _ = BinaryCounts.from_groups(y, predicted, folds, pos_label="spam")
    assert a.counts == expected
    for i, f in enumerate(a.folds):
        assert a.tables[i] == ScoreTable.from_scores(
            y[folds == f], scores[folds == f], pos_label="spam"
        )
    thresholded = assess(y, scores=scores, folds=folds, pos_label="spam", threshold=0.7)
    assert (
        thresholded.counts
        == BinaryCounts.from_groups(
            y, np.where(scores >= 0.7, "spam", "ham"), folds, pos_label="spam"
        )[0]
    )
    best = assess(y, scores=scores, pos_label="spam", threshold="optimal")
    assert best.threshold == pytest.approx(
        measures.optimal_points(ScoreTable.from_scores(y, scores, pos_label="spam")).thresholds[0]
    )
    assert_allclose(best.counts.total, 200)


def test_assess_errors():
    with pytest.raises(ValueError, match=r"Pass `y_pred`"):
        assess([0, 1])
    with pytest.raises(ValueError, match=r"one class"):
        assess([1, 1], y_pred=[1, 0])
    with pytest.raises(ValueError, match=r"Lengths differ"):
        assess([0, 1, 1], scores=[0.2, 0.3])

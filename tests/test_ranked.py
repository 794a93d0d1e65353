"""Labels ranked by distinct scores: the same counts, curves and areas as the score table."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phidelta import measures
from phidelta.counts import ScoreTable
from phidelta.counts._ranked import RankedLabels, rank_scores
from phidelta.measures._pr import ranked_average_precision, ranked_weighted_average_precision
from phidelta.measures._ranking import (
    ranked_auc_numerator,
    ranked_partial_auc,
    ranked_weighted_auc_numerator,
)
from phidelta.metrics._ranking import _corner_points

_any_float = st.floats(allow_nan=False, allow_infinity=False)


def _both(y: np.ndarray, s: np.ndarray) -> tuple[RankedLabels, ScoreTable]:
    ranked = rank_scores(s, y)
    assert isinstance(ranked, RankedLabels)
    return ranked, ScoreTable._from_mask(s, y)


@given(
    s=st.lists(_any_float, min_size=1, max_size=50, unique_by=lambda v: v if v else 0.0),
    seed=st.integers(0, 2**32 - 1),
)
def test_ranked_labels_equal_the_table(s, seed):
    """Any distinct doubles (signs, subnormals, ±1e308 together): counts, cumulative counts,
    thresholds at any rows, corner points, AUC and AP agree with the score table's."""
    scores = np.array(s, dtype=np.float64)
    y = np.random.default_rng(seed).random(len(scores)) < 0.4
    ranked = rank_scores(scores, y)
    table = ScoreTable._from_mask(scores, y)
    if not isinstance(ranked, RankedLabels):  # scores spanning the whole double range
        assert ranked == table
        return
    assert ranked.total_positives == table.total_positives
    tp, fp = ranked.cumulative()
    expected_tp, expected_fp = table.cumulative()
    np.testing.assert_array_equal(tp, expected_tp)
    np.testing.assert_array_equal(fp, expected_fp)
    rows = np.flatnonzero(np.random.default_rng(seed + 1).random(len(scores)) < 0.5)
    np.testing.assert_array_equal(ranked.scores_at(rows), table.scores[rows])
    if len(scores) > 2:
        points = ranked.corner_points()
        np.testing.assert_array_equal(points, _corner_points(table))
        at_tp, at_fp = ranked.cumulative_at(points)
        np.testing.assert_array_equal(at_tp, expected_tp[points])
        np.testing.assert_array_equal(at_fp, expected_fp[points])
    if 0 < table.total_positives < len(scores):
        assert ranked_auc_numerator(ranked.labels) == measures.auc_numerator(
            table.positives, table.negatives
        )
    if table.total_positives:
        assert ranked_average_precision(ranked.labels) == pytest.approx(
            measures.average_precision(table), rel=1e-13
        )
    assert ranked.table() == table  # decodes the scores in place: last


def test_ties_give_the_table():
    y = np.array([True, False, True, False])
    s = np.array([0.5, 0.5, 0.2, 0.1])
    ranked = rank_scores(s, y)
    assert isinstance(ranked, ScoreTable)
    assert ranked == ScoreTable._from_mask(s, y)


@pytest.mark.parametrize("n", [70_000, 200_003])
def test_blocks_carry_their_running_sums(n):
    """Longer than one block (2¹⁶ rows): the running sums cross block borders exactly."""
    rng = np.random.default_rng(n)
    y = rng.random(n) < 0.3
    s = rng.normal(size=n) - 3 * y
    ranked, table = _both(y, s)
    for got, expected in zip(ranked.cumulative(), table.cumulative(), strict=True):
        np.testing.assert_array_equal(got, expected)
    assert ranked_auc_numerator(ranked.labels) == measures.auc_numerator(
        table.positives, table.negatives
    )
    assert ranked_average_precision(ranked.labels) == pytest.approx(
        measures.average_precision(table), rel=1e-12
    )
    points = ranked.corner_points()
    np.testing.assert_array_equal(points, _corner_points(table))
    np.testing.assert_array_equal(ranked.cumulative_at(points)[0], table.cumulative()[0][points])


def _weighted_case(scores: np.ndarray, seed: int) -> tuple[object, ScoreTable]:
    rng = np.random.default_rng(seed)
    y = rng.random(len(scores)) < 0.4
    w = rng.random(len(scores)) + 0.01
    return rank_scores(scores, y, w), ScoreTable._from_mask_weighted(scores, y, w)


@pytest.mark.parametrize("seed", range(5))
def test_weighted_rows_sharing_their_truncated_score_part_are_ordered_exactly(seed):
    """Scores one ulp apart next to ±1e300: the packed sort truncates them to one part, and
    only those rows are fetched and ordered by their full keys."""
    near = 1.0 + np.arange(40) * np.finfo(float).eps
    scores = np.concatenate([near, -near, [1e300, -1e300, 3.5, 0.0]])
    scores = np.random.default_rng(seed).permutation(scores)
    ranked, table = _weighted_case(scores, seed)
    assert isinstance(ranked, RankedLabels)
    assert ranked.total_positives == pytest.approx(table.total_positives, rel=1e-14)
    assert ranked_weighted_auc_numerator(ranked.labels, ranked.weights) == pytest.approx(
        measures.auc_numerator(table.positives, table.negatives), rel=1e-13
    )
    rows = np.arange(0, len(scores), 3)
    np.testing.assert_array_equal(ranked.scores_at(rows), table.scores[rows])
    assert ranked.table() == table


@given(
    s=st.lists(_any_float, min_size=1, max_size=40),
    seed=st.integers(0, 2**32 - 1),
)
def test_weighted_ranking_equals_the_weighted_table(s, seed):
    """Any doubles with weights: ranked labels when the scores are distinct, else the table;
    either way the weighted table's counts and AUC."""
    ranked, table = _weighted_case(np.array(s, dtype=np.float64), seed)
    if isinstance(ranked, RankedLabels):
        assert len(set(np.array(s) + 0.0)) == len(s)
        if ranked.total_positives and ranked.total_negatives:
            assert ranked_weighted_auc_numerator(ranked.labels, ranked.weights) == pytest.approx(
                measures.auc_numerator(table.positives, table.negatives), rel=1e-12
            )
        ranked = ranked.table()
    # tied weights may be summed in another order (the fallback sorts them apart): 1 ulp
    np.testing.assert_array_equal(ranked.scores, table.scores)
    np.testing.assert_allclose(ranked.positives, table.positives, rtol=1e-12)
    np.testing.assert_allclose(ranked.negatives, table.negatives, rtol=1e-12)


def test_weighted_ties_sum_their_weights_as_the_table_does():
    s = np.array([-1.0, -1.0, -1.0, -4294967296.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0])
    ranked, table = _weighted_case(s, 29)
    assert isinstance(ranked, ScoreTable)
    np.testing.assert_array_equal(ranked.scores, table.scores)
    np.testing.assert_allclose(ranked.positives, table.positives, rtol=1e-12)
    np.testing.assert_allclose(ranked.negatives, table.negatives, rtol=1e-12)


def test_weighted_ties_give_the_table():
    y = np.array([True, False, True])
    s = np.array([0.5, 0.5, 0.1])
    ranked = rank_scores(s, y, np.array([0.5, 2.0, 1.0]))
    assert isinstance(ranked, ScoreTable)
    assert ranked == ScoreTable._from_mask_weighted(s, y, np.array([0.5, 2.0, 1.0]))


@pytest.mark.parametrize(("n", "high"), [(50, 0.1), (50, 0.5), (1000, 0.013), (150_001, 0.3)])
def test_ranked_partial_auc_equals_the_tables(n, high):
    rng = np.random.default_rng(n)
    y = rng.random(n) < 0.4
    ranked, table = _both(y, rng.normal(size=n) + y)
    assert ranked_partial_auc(ranked.labels, high) == pytest.approx(
        measures.partial_auc(table, fpr_range=(0.0, high)), rel=1e-12
    )


@pytest.mark.parametrize("n", [40, 70_001])
def test_weighted_ranked_curves_equal_the_weighted_tables(n):
    """Running weights, corner points (a step turns where its label or its weight changes)
    and average precision of weighted ranked labels, against the weighted score table."""
    rng = np.random.default_rng(n)
    y = rng.random(n) < 0.4
    w = np.repeat(rng.random(n // 2 + 1) + 0.01, 2)[:n]  # equal neighbours: straight runs
    ranked = rank_scores(rng.normal(size=n) + y, y, w)
    assert isinstance(ranked, RankedLabels)
    table = ranked.table()
    tp, fp = ranked.cumulative()
    expected_tp, expected_fp = table.cumulative()
    np.testing.assert_allclose(tp, expected_tp, rtol=1e-12)
    np.testing.assert_allclose(fp, expected_fp, rtol=1e-12)
    points = ranked.corner_points()
    np.testing.assert_array_equal(points, _corner_points(table))
    at_tp, _ = ranked.cumulative_at(points)
    np.testing.assert_allclose(at_tp, expected_tp[points], rtol=1e-12)
    assert ranked_weighted_average_precision(ranked.labels, ranked.weights) == pytest.approx(
        measures.average_precision(table), rel=1e-12
    )


def test_dropped_scores_are_refused_not_made_up():
    ranked = rank_scores(np.array([0.3, 0.1, 0.7]), np.array([True, False, False]))
    labels = ranked.labels.copy()
    ranked.drop_scores()
    np.testing.assert_array_equal(ranked.labels, labels)  # the counts stay
    with pytest.raises(RuntimeError, match="dropped"):
        ranked.scores()
    with pytest.raises(RuntimeError, match="dropped"):
        ranked.scores_at(np.array([0]))


@pytest.mark.parametrize("decimals", [None, 5])
def test_roc_with_more_corners_than_a_block_equals_the_tables(decimals):
    """Thresholds are taken block by block: from the sorted keys before the fused ROC drops
    them (distinct scores), or from the score table (scores rounded: ties)."""
    from phidelta.metrics import roc_curve

    rng = np.random.default_rng(7)
    n = 300_001
    y = rng.random(n) < 0.5
    s = rng.normal(size=n) + y
    if decimals is not None:
        s = np.round(s, decimals)
        assert len(np.unique(s)) < n
    fpr, tpr, thresholds = roc_curve(y, s)
    table = ScoreTable._from_mask(s, y)
    points = _corner_points(table)
    assert len(points) > 2**16 + 1
    tp, fp = table.cumulative()
    np.testing.assert_array_equal(tpr, tp[points] / tp[-1])
    np.testing.assert_array_equal(fpr, fp[points] / fp[-1])
    np.testing.assert_array_equal(thresholds[1:], table.scores[points[1:] - 1])
    assert thresholds[0] == np.inf

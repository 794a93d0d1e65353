"""`measures.pr_auc` against R's ROCR (``performance(pred, "aucpr")``) and its identities.

The reference values in ``tests/data/rocr_aucpr.json`` come from ``tests/data/rocr_aucpr.R``
(run by hand with R and ROCR; CI has no R).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from phidelta import measures
from phidelta.counts import ScoreTable

TOL = {"rtol": 1e-12, "atol": 1e-12}
ROCR = json.loads((Path(__file__).parent / "data" / "rocr_aucpr.json").read_text("utf-8"))
CASES = ROCR["cases"]


def _curve_area(table: ScoreTable) -> float:
    """The documented curve point by point: (0, 1), one point per score holding positives,
    Davis & Goadrich's points at TP = a + 1, a + 2, … inside steps gaining more than two
    positives, then trapezoids (slow, for checking the closed form)."""
    tp = np.concatenate(([0.0], np.cumsum(table.positives)[table.positives > 0]))
    fp = np.concatenate(([0.0], np.cumsum(table.negatives)[table.positives > 0]))
    recall, precision = [0.0], [1.0]
    for i in range(1, len(tp)):
        gain = tp[i] - tp[i - 1]
        if gain > 2:
            x = np.arange(1, np.floor(gain) + 1)
            skew = (fp[i] - fp[i - 1]) / gain
            recall.extend(tp[i - 1] + x)
            precision.extend((tp[i - 1] + x) / (tp[i - 1] + fp[i - 1] + x + skew * x))
        recall.append(tp[i])
        precision.append(tp[i] / (tp[i] + fp[i]))
    r, p = np.array(recall) / tp[-1], np.array(precision)
    return float(np.sum(np.diff(r) * (p[1:] + p[:-1]) / 2))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_pr_auc_is_rocrs_aucpr(case):
    table = ScoreTable.from_scores(case["y"], case["s"])
    assert_allclose(measures.pr_auc(table), case["expected"], **TOL)
    if case["long_steps"] < 2:  # where ROCR 1.0-11 keeps its points in order: its own number
        assert_allclose(measures.pr_auc(table), case["rocr"], **TOL)


def test_the_reference_file_holds_rocrs_numbers_where_rocr_is_in_order():
    # ROCR 1.0-11 misplaces the interpolated points of the second and later long steps only
    assert ROCR["source"] == "tests/data/rocr_aucpr.R"
    for case in CASES:
        if case["long_steps"] < 2:
            assert_allclose(case["rocr"], case["expected"], **TOL)
        else:
            assert abs(case["rocr"] - case["expected"]) > 1e-6, case["name"]
    assert sum(c["long_steps"] >= 2 for c in CASES) >= 3
    assert sum(c["long_steps"] == 1 for c in CASES) >= 2


def test_a_perfect_ranking_has_area_one():
    # issue 28: the recall-0 end point was left out and this gave 2/3
    table = ScoreTable.from_scores([1, 1, 1, 0, 0], [0.9, 0.8, 0.7, 0.2, 0.1])
    assert measures.pr_auc(table) == 1.0


tied_data = st.integers(1, 60).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(any),
        st.lists(st.integers(0, 6), min_size=n, max_size=n),
    )
)


@given(data=tied_data)
def test_perfect_rankings_have_area_one(data):
    y, s = (np.asarray(v) for v in data)
    s = np.where(y == 1, s + 10, s)  # every positive above every negative, ties within a class
    assert measures.pr_auc(ScoreTable.from_scores(y, s)) == pytest.approx(1.0, abs=1e-12)


@given(data=tied_data)
def test_closed_form_is_the_curve_point_by_point(data):
    table = ScoreTable.from_scores(*data)
    area = measures.pr_auc(table)
    assert_allclose(area, _curve_area(table), **TOL)
    assert 0 <= area <= 1


@pytest.mark.parametrize("seed", range(3))
def test_closed_form_on_long_tie_groups(seed):
    # steps gaining hundreds of positives: the digamma series, not the eight explicit terms
    rng = np.random.default_rng(seed)
    y = (rng.random(5000) < 0.3).astype(int)
    s = np.round(rng.normal(size=5000) + y)
    table = ScoreTable.from_scores(y, s)
    assert_allclose(measures.pr_auc(table), _curve_area(table), **TOL)


@given(data=tied_data, weights=st.lists(st.integers(1, 4), min_size=60, max_size=60))
def test_an_integer_weight_counts_as_copies(data, weights):
    y, s = (np.asarray(v) for v in data)
    w = np.asarray(weights[: len(y)])
    weighted = ScoreTable.from_scores(y, s, sample_weight=w)
    copies = ScoreTable.from_scores(np.repeat(y, w), np.repeat(s, w))
    assert_allclose(measures.pr_auc(weighted), measures.pr_auc(copies), **TOL)


@given(data=tied_data)
def test_only_the_order_of_scores_matters(data):
    y, s = (np.asarray(v) for v in data)
    raw = measures.pr_auc(ScoreTable.from_scores(y, s))
    assert measures.pr_auc(ScoreTable.from_scores(y, np.exp(s / 3) - 7)) == pytest.approx(raw)


def test_pr_auc_refuses_a_table_without_positives():
    with pytest.raises(ValueError, match="The area under the PR curve is undefined"):
        measures.pr_auc(ScoreTable.from_scores([0, 0], [0.1, 0.2], labels=[0, 1]))
    with pytest.raises(TypeError, match="`table` must be a ScoreTable"):
        measures.pr_auc([0.1, 0.2])

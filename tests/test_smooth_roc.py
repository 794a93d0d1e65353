"""Smoothed ROC curves (issue 30, item 5) against pROC 1.18's ``smooth``.

``tests/data/proc_smooth.json`` comes from ``tests/data/proc_smooth.R`` (run by hand; the suite
needs no R) on the data sets of ``tests/data/proc_coords.json``: every fourth point of each
smoothed curve and its AUC, binormal and density (R's ``bw.nrd0``, ``adjust = 2``, ``bw = 0.3``).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from phidelta import measures
from phidelta.counts import ScoreTable

DATA = Path(__file__).parent / "data"
SMOOTH = json.loads((DATA / "proc_smooth.json").read_text("utf-8"))
SETS = {
    case["name"]: case
    for case in json.loads((DATA / "proc_coords.json").read_text("utf-8"))["cases"]
}


def test_reference_file_names_its_source():
    assert SMOOTH["source"] == "tests/data/proc_smooth.R"
    assert "pROC 1.18" in SMOOTH["software"]
    assert {case["name"] for case in SMOOTH["cases"]} <= set(SETS)


@pytest.mark.parametrize(
    "case", SMOOTH["cases"], ids=[f"{c['name']}: {c['setting']}" for c in SMOOTH["cases"]]
)
def test_smoothed_curve_and_area_are_procs(case):
    data = SETS[case["name"]]
    table = ScoreTable.from_scores(np.asarray(data["y"]), np.asarray(data["s"], dtype=float))
    bandwidth = "nrd0" if case["bandwidth"] is None else case["bandwidth"]
    curve = measures.smooth_roc(
        table, method=case["method"], bandwidth=bandwidth, adjust=case["adjust"]
    )
    assert len(curve.fpr) == 514  # n = 512 and both ends
    # pROC's order: specificity ascending; ours: ROC order, fpr ascending
    np.testing.assert_allclose(curve.tpr[::-1][::4], case["sensitivities"], atol=1e-12)
    np.testing.assert_allclose((1 - curve.fpr)[::-1][::4], case["specificities"], atol=1e-12)
    assert curve.auc == pytest.approx(case["auc"], abs=1e-12)
    if case["method"] == "density":
        assert curve.bandwidth == pytest.approx(case["bw"], rel=1e-14)
    else:
        assert curve.auc == pytest.approx(measures.binormal_auc(table), abs=1e-15)


def test_binormal_curve_is_its_model_and_density_area_is_its_trapezoids():
    rng = np.random.default_rng(3)
    y = rng.random(500) < 0.3
    table = ScoreTable.from_scores(y, rng.normal(size=500) + 1.1 * y)
    binormal = measures.smooth_roc(table, n=200)
    inner = (binormal.fpr > 0) & (binormal.fpr < 1)
    from scipy.special import ndtr, ndtri

    expected = ndtr(binormal.intercept + binormal.slope * ndtri(binormal.fpr[inner]))
    np.testing.assert_allclose(binormal.tpr[inner], expected, atol=1e-12)
    assert np.all(np.diff(binormal.fpr) >= 0)
    assert np.all(np.diff(binormal.tpr) >= 0)
    density = measures.smooth_roc(table, method="density", n=1000)
    assert density.auc == pytest.approx(np.trapezoid(density.tpr, density.fpr), abs=1e-12)
    # two normal classes a unit apart: both smoothed areas near the empirical one
    assert abs(density.auc - measures.auc(table)) < 0.03
    assert abs(binormal.auc - measures.auc(table)) < 0.03


def test_bad_input_is_refused():
    table = ScoreTable.from_scores([0, 1, 0, 1], [1.0, 2.0, 3.0, 4.0])
    with pytest.raises(ValueError, match="`method` must be one of"):
        measures.smooth_roc(table, method="loess")
    with pytest.raises(ValueError, match="`bandwidth` must be a number or one of"):
        measures.smooth_roc(table, method="density", bandwidth="silverman")
    with pytest.raises(ValueError, match="`bandwidth` must be positive"):
        measures.smooth_roc(table, method="density", bandwidth=0.0)
    with pytest.raises(ValueError, match="`adjust` must be positive"):
        measures.smooth_roc(table, method="density", adjust=np.inf)
    with pytest.raises(TypeError, match="`n` must be an integer"):
        measures.smooth_roc(table, n=2.5)
    with pytest.raises(ValueError, match="class"):
        measures.smooth_roc(ScoreTable.from_scores([1, 1], [1.0, 2.0]))
    # no spread: R's bw.nrd0 falls back on the first value's size, then on 1
    constant = ScoreTable.from_scores([0, 1], [5.0, 5.0])
    width = measures.smooth_roc(constant, method="density").bandwidth
    assert width == pytest.approx(0.9 * 5.0 * 2**-0.2)
    zero = ScoreTable.from_scores([0, 1], [0.0, 0.0])
    assert measures.smooth_roc(zero, method="density").bandwidth == pytest.approx(0.9 * 2**-0.2)
    with pytest.raises(ValueError, match="no spread"):
        measures.smooth_roc(constant, method="density", bandwidth="nrd")

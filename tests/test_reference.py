"""Reproduce the seeds' worked examples and the published packages' reference values (1e-12)."""

from __future__ import annotations

import filecmp

import numpy as np
import pytest
from numpy.testing import assert_allclose

import phidelta as pd_
from conftest import SHARED_REFDATA, VENDORED_REFDATA
from phidelta import BinaryCounts, measures
from phidelta.geometry import diamond

TOL = {"rtol": 1e-12, "atol": 1e-12}


def _read(path):
    return np.genfromtxt(path, delimiter=",", names=True, dtype=None, encoding="utf-8")


@pytest.mark.skipif(not SHARED_REFDATA.is_dir(), reason="no ../shared/refdata beside the checkout")
def test_vendored_reference_data_matches_shared_copy():
    shared = sorted(p.relative_to(SHARED_REFDATA) for p in SHARED_REFDATA.rglob("*") if p.is_file())
    for rel in shared:
        assert filecmp.cmp(SHARED_REFDATA / rel, VENDORED_REFDATA / rel, shallow=False), rel


# --- Flach, ch. 2 -----------------------------------------------------------------------------
def test_flach_table_2_2():
    # left: 30 of 50 positives and 40 of 50 negatives right; right: independent rows
    counts = BinaryCounts(tn=[40, 30], fp=[10, 20], fn=[20, 30], tp=[30, 20])
    assert_allclose(measures.accuracy(counts), [0.70, 0.50], **TOL)
    assert_allclose(measures.error_rate(counts), [0.30, 0.50], **TOL)
    assert_allclose(measures.true_positive_rate(counts), [0.60, 0.40], **TOL)
    assert_allclose(measures.true_negative_rate(counts), [0.80, 0.60], **TOL)
    assert_allclose(measures.false_negative_rate(counts), [0.40, 0.60], **TOL)
    assert_allclose(measures.false_positive_rate(counts), [0.20, 0.40], **TOL)
    # uniform class distribution: accuracy is the plain mean of the per-class rates
    assert_allclose(measures.accuracy(counts), measures.unbiased_accuracy(counts), **TOL)
    # independent rows and columns carry no information
    assert measures.information_gain(counts)[1] == 0.0
    assert measures.mcc(counts)[1] == 0.0


def test_flach_example_2_1():
    counts = BinaryCounts(tn=15, fp=10, fn=15, tp=60)
    assert_allclose(measures.accuracy(counts), 0.75, **TOL)
    assert_allclose(measures.sensitivity(counts), 0.80, **TOL)
    assert_allclose(measures.specificity(counts), 0.60, **TOL)
    assert_allclose(measures.precision(counts), 60 / 70, **TOL)
    # eq. 2.3: accuracy = pos·tpr + neg·tnr
    pos = measures.positive_proportion(counts)
    assert_allclose(
        measures.accuracy(counts),
        pos * measures.sensitivity(counts) + (1 - pos) * measures.specificity(counts),
        **TOL,
    )


# --- the R package ------------------------------------------------------------------------------
def test_convert_matches_r(refdata):
    ref = _read(refdata / "phidelta" / "r_convert.csv")
    result = pd_.convert(ref["spec"], ref["sens"], ratio=ref["ratio"])
    assert_allclose(result.phi, ref["phi"], **TOL)
    assert_allclose(result.delta, ref["delta"], **TOL)
    # scalar ratios give the same values, one ratio at a time
    for r in np.unique(ref["ratio"]):
        rows = ref["ratio"] == r
        phi, delta = pd_.convert(ref["spec"][rows], ref["sens"][rows], ratio=r)
        assert_allclose(phi, ref["phi"][rows], **TOL)
        assert_allclose(delta, ref["delta"][rows], **TOL)


def test_counts_from_rates_reproduce_r_convert(refdata):
    ref = _read(refdata / "phidelta" / "r_convert.csv")
    counts = BinaryCounts.from_rates(ref["spec"], ref["sens"], negatives=ref["ratio"], positives=1)
    result = measures.phi_delta(counts, ratio=ref["ratio"])
    assert_allclose(result.phi, ref["phi"], **TOL)
    assert_allclose(result.delta, ref["delta"], **TOL)
    # at the counts' own class ratio the same numbers come out with ratio="actual"
    actual = measures.phi_delta(counts, ratio="actual")
    assert_allclose(actual.phi, ref["phi"], **TOL)


def test_borders_match_r(refdata):
    ref = _read(refdata / "phidelta" / "r_borders.csv")
    for row in ref:
        corner = diamond(float(row["ratio"])).corners[str(row["corner"])]
        assert_allclose([corner.phi, corner.delta], [row["phi"], row["delta"]], **TOL)


def _soft_counts(refdata):
    raw = np.genfromtxt(
        refdata / "phidelta" / "r_soft_counts.csv", delimiter=",", dtype=None, encoding="utf-8"
    )
    names = list(raw[0, 1:])
    cells = {row[0]: row[1:].astype(float) for row in raw[1:]}
    return names, BinaryCounts(cells["TN"], cells["FP"], cells["FN"], cells["TP"])


def test_stats_uncorrected_from_r_soft_counts(refdata):
    names, counts = _soft_counts(refdata)
    ref = _read(refdata / "phidelta" / "r_stats_uncorrected.csv")
    assert list(ref["name"]) == names
    assert counts.is_soft
    result = measures.phi_delta(counts)
    assert_allclose(result.phi, ref["phi"], **TOL)
    assert_allclose(result.delta, ref["delta"], **TOL)


def test_generalized_from_soft_counts_matches_python_package(refdata):
    names, counts = _soft_counts(refdata)
    ref = _read(refdata / "phidelta" / "py_stats_climate.csv")
    assert list(ref["name"]) == names
    ratio = 14 / 15  # negatives over positives of the climate labels
    assert_allclose(ref["ratio"], ratio, **TOL)
    assert_allclose(measures.class_ratio(counts), ratio, **TOL)
    standard = measures.phi_delta(counts)
    assert_allclose(standard.phi, ref["phi"], **TOL)
    generalized = measures.phi_delta(counts, ratio=ratio)
    assert_allclose(generalized.phi, ref["phi_gen"], **TOL)
    assert_allclose(generalized.delta, ref["delta_gen"], **TOL)
    # the soft counts' own class ratio is the actual one
    actual = measures.phi_delta(counts, ratio="actual")
    assert_allclose(actual.delta, ref["delta_gen"], **TOL)
    # converting the standard pair gives the same generalized pair
    converted = measures.standard_to_generalized(standard.phi, standard.delta, ratio)
    assert_allclose(converted.phi, ref["phi_gen"], **TOL)
    assert_allclose(converted.delta, ref["delta_gen"], **TOL)


def test_r_ratio_corrected_equals_correct_formula_at_inverted_ratio(refdata):
    """The R bug: it feeds P/N = 15/14 where N/P = 14/15 belongs. Test the relation."""
    _, counts = _soft_counts(refdata)
    ref = _read(refdata / "phidelta" / "r_stats_ratio_corrected.csv")
    assert_allclose(ref["ratio"], 15 / 14, **TOL)
    at_r_bug = measures.phi_delta(counts, ratio=15 / 14)
    assert_allclose(at_r_bug.phi, ref["phi"], **TOL)
    assert_allclose(at_r_bug.delta, ref["delta"], **TOL)
    correct = measures.phi_delta(counts, ratio=14 / 15)
    assert not np.allclose(correct.phi, ref["phi"])

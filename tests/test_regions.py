"""Confidence regions in the φ-δ space: coverage by simulation, geometry, bootstrap."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta import BinaryCounts, convert
from phidelta.geometry import diamond
from phidelta.inference import phi_delta_region
from phidelta.measures import phi_delta

GRID = list(itertools.product([10, 100, 10_000], [10, 100, 10_000], [0.5, 0.9], [0.6, 0.95]))


def _coverage(method, ratio=1.0, draws=2000, level=0.95):
    rng = np.random.default_rng(20261123)
    out = []
    for positives, negatives, sensitivity, specificity in GRID:
        tp = rng.binomial(positives, sensitivity, draws)
        tn = rng.binomial(negatives, specificity, draws)
        counts = BinaryCounts(tn=tn, fp=negatives - tn, fn=positives - tp, tp=tp)
        truth = convert([specificity], [sensitivity], ratio=ratio)
        region = phi_delta_region(counts, confidence_level=level, method=method, ratio=ratio)
        out.append(region.contains(truth.phi[0], truth.delta[0]).mean())
    return np.array(out)


@pytest.mark.parametrize("ratio", [1.0, 0.25, 4.0])
def test_exact_regions_cover_the_true_point_at_least_at_their_level(ratio):
    coverage = _coverage("exact", ratio=ratio)
    assert coverage.min() >= 0.95 - 0.015, dict(zip(GRID, coverage, strict=True))


def test_wilson_regions_cover_close_to_their_level():
    coverage = _coverage("wilson")
    assert np.all(np.abs(coverage - 0.95) <= 0.025), dict(zip(GRID, coverage, strict=True))


def test_regions_are_parallelograms_inside_the_diamond_around_the_point():
    counts = BinaryCounts(tn=[80, 5, 0], fp=[20, 5, 3], fn=[10, 1, 2], tp=[90, 9, 0])
    for ratio in (0.1, 1.0, 7.5):
        region = phi_delta_region(counts, ratio=ratio)
        shape = diamond(ratio)
        corners = region.polygons.reshape(-1, 2)
        assert shape.contains(corners[:, 0], corners[:, 1], tol=1e-9).all()
        sides = np.diff(np.concatenate([region.polygons, region.polygons[:, :1]], axis=1), axis=1)
        assert_allclose(sides[:, 0], -sides[:, 2], atol=1e-12)  # opposite sides parallel
        point = phi_delta(counts, ratio=ratio, zero_division=np.nan)
        assert region.contains(point.phi, point.delta).all()
        assert not region.contains(point.phi + 0.5, point.delta)[0]
    assert region.specificity[2, 0] == 0.0  # no true negatives: the interval starts at 0
    assert 0 < region.specificity[2, 1] < 1


def test_bootstrap_regions_for_soft_counts_and_errors():
    soft = BinaryCounts(tn=[40.5], fp=[9.5], fn=[5.25], tp=[44.75])
    with pytest.raises(ValueError, match="Soft counts have no exact intervals"):
        phi_delta_region(soft)
    a = phi_delta_region(soft, method="bootstrap", random_state=1)
    b = phi_delta_region(soft, method="bootstrap", random_state=1)
    assert_allclose(a.polygons, b.polygons)
    point = phi_delta(soft, zero_division=np.nan)
    assert a.contains(point.phi, point.delta).all()
    with pytest.raises(ValueError, match="`confidence_level` must be in"):
        phi_delta_region(soft, method="bootstrap", confidence_level=1.5)
    with pytest.raises(ValueError, match="`method` must be"):
        phi_delta_region(BinaryCounts(tn=[1], fp=[1], fn=[1], tp=[1]), method="normal")
    empty = phi_delta_region(BinaryCounts(tn=[3], fp=[1], fn=[0], tp=[0]))
    assert np.isnan(empty.polygons).all()


def test_repeated_counts_share_their_intervals_exactly():
    from phidelta.inference._regions import _clopper_pearson, _clopper_pearson_each

    rng = np.random.default_rng(2)
    n = rng.integers(1, 50, 5000).astype(float)
    k = np.floor(rng.random(5000) * (n + 1))
    assert_allclose(_clopper_pearson(k, n, 0.97), _clopper_pearson_each(k, n, 0.97), rtol=0)

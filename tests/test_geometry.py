"""The φ-δ geometry: diamond, crossings, point test, isometrics, grids."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from numpy.testing import assert_allclose

from phidelta import BinaryCounts, measures
from phidelta.geometry import ISOMETRIC_MEASURES, diamond, isometrics, make_grid, random_samples
from strategies import ratios


@pytest.mark.parametrize("r", [0.1, 0.25, 1.0, 4.0, 10.0])
def test_corners_are_the_four_dummies_and_oracles(r):
    d = diamond(r)
    n, p = r / (1 + r), 1 / (1 + r)
    assert_allclose(d.top, [0, 1], atol=1e-15)
    assert_allclose(d.right, [2 * n, 2 * p - 1], atol=1e-15)
    assert_allclose(d.bottom, [2 * (n - p), -1], atol=1e-15)
    assert_allclose(d.left, [-2 * p, 2 * n - 1], atol=1e-15)
    assert d.labels()["top"] == "oracle"
    assert d.labels("feature")["right"].startswith("characteristic")
    assert d.delta_limits == (-1.0, 1.0)
    # each corner is the (φ, δ) of the counts it names
    for corner in d.corners.values():
        counts = BinaryCounts.from_rates([corner.specificity], [corner.sensitivity], ratio=r)
        got = measures.phi_delta(counts, ratio="actual")
        assert_allclose([got.phi[0], got.delta[0]], [corner.phi, corner.delta], atol=1e-12)
    assert_allclose(d.border[0], d.border[-1])


def test_standard_diamond_is_the_unit_rhombus():
    d = diamond(1.0)
    phi, delta = make_grid(41)
    assert np.all(d.contains(phi, delta))
    assert_allclose(np.abs(phi) + np.abs(delta) <= 1 + 1e-12, True)
    outside = d.contains([0.6, 0.0, -1.01], [0.6, 1.0001, 0.0])
    assert not outside.any()


@given(r=ratios)
def test_contains_agrees_with_rates(r):
    d = diamond(r)
    rng = np.random.default_rng(0)
    phi, delta = rng.uniform(-2, 1, 400), rng.uniform(-1.1, 1.1, 400)
    spec, sens = measures.phi_delta_to_rates(phi, delta, r)
    expected = (spec >= 0) & (spec <= 1) & (sens >= 0) & (sens <= 1)
    assert np.array_equal(d.contains(phi, delta), expected)
    inside = random_samples(200, random_state=1, ratio=r)
    assert np.all(d.contains(*inside))


@pytest.mark.parametrize("r", [0.25, 1.0, 4.0])
def test_crossings_lie_on_axes_and_border(r):
    d = diamond(r)
    crossings = d.crossings
    assert crossings["phi_axis"].shape == (2, 2)
    assert crossings["delta_axis"].shape == (2, 2)
    assert_allclose(crossings["phi_axis"][:, 1], 0, atol=1e-15)
    assert_allclose(crossings["delta_axis"][:, 0], 0, atol=1e-15)
    assert_allclose(crossings["delta_axis"][1], [0, 1], atol=1e-15)  # the oracle
    for point in np.vstack(list(crossings.values())):
        spec, sens = measures.phi_delta_to_rates([point[0]], [point[1]], r)
        on_edge = min(abs(spec[0]), abs(1 - spec[0]), abs(sens[0]), abs(1 - sens[0]))
        assert on_edge < 1e-12
    if r == 1.0:
        assert_allclose(crossings["phi_axis"], [[-1, 0], [1, 0]], atol=1e-15)


def _measure_at(name, spec, sens, r):
    counts = BinaryCounts.from_rates(spec, sens, ratio=r)
    functions = {
        "accuracy": measures.accuracy,
        "delta": lambda c, **k: measures.delta(c, ratio="actual", **k),
        "bias": lambda c, **k: measures.phi(c, ratio="actual", **k),
        "phi": lambda c, **k: measures.phi(c, ratio="actual", **k),
        "sensitivity": measures.sensitivity,
        "specificity": measures.specificity,
        "precision": measures.precision,
        "negative_predictive_value": measures.negative_predictive_value,
        "information_gain": measures.information_gain,
    }
    return functions[name](counts, zero_division=np.nan)


@pytest.mark.parametrize("r", [0.25, 1.0, 4.0])
@pytest.mark.parametrize("name", ISOMETRIC_MEASURES)
def test_every_isometric_point_has_its_value(name, r):
    lines = isometrics(name, ratio=r, num=41)
    assert lines
    drawn = 0
    for line in lines:
        if line.is_empty:
            continue
        drawn += 1
        assert np.all(diamond(r).contains(line.phi, line.delta, tol=1e-9))
        phi, delta = line.phi, line.delta
        if len(phi) == 2:  # a segment: test inside it (an end may be the measure's pivot,
            t = np.array([0.1, 0.5, 0.9])  # where it is 0/0, as precision at the left corner)
            phi, delta = phi[0] + t * (phi[1] - phi[0]), delta[0] + t * (delta[1] - delta[0])
        spec, sens = measures.phi_delta_to_rates(phi, delta, r)
        values = _measure_at(name, np.clip(spec, 0, 1), np.clip(sens, 0, 1), r)
        ok = np.isfinite(values)
        assert ok.sum() >= 1
        assert_allclose(values[ok], line.value, atol=1e-9, err_msg=f"{name} {line.value}")
    assert drawn >= 2


def test_accuracy_isometrics_are_horizontal_and_bias_vertical():
    for r in (0.25, 4.0):
        for line in isometrics("accuracy", [0.3, 0.6, 0.9], ratio=r):
            if not line.is_empty:
                assert_allclose(line.delta, 2 * line.value - 1)
        for line in isometrics("bias", [-0.3, 0.2], ratio=r):
            assert_allclose(line.phi, line.value)


@pytest.mark.parametrize("r", [0.25, 1.0, 4.0])
def test_straight_isometrics_run_left_to_right_then_bottom_to_top(r):
    # a vertical line's ends are equal in φ only up to rounding: they still run upwards
    for name in ("bias", "accuracy", "sensitivity", "precision"):
        for line in isometrics(name, ratio=r):
            if line.is_empty:
                continue
            vertical = abs(line.phi[0] - line.phi[-1]) < 1e-9
            assert line.delta[0] < line.delta[-1] if vertical else line.phi[0] < line.phi[-1]


def test_linear_isometrics_end_on_the_border():
    for line in isometrics("precision", ratio=4.0) + isometrics("npv", ratio=0.25):
        spec, sens = measures.phi_delta_to_rates(line.phi, line.delta, line.ratio)
        for s, t in zip(spec, sens, strict=True):
            assert min(abs(s), abs(1 - s), abs(t), abs(1 - t)) < 1e-12


def test_information_gain_curves_have_two_branches_and_unreachable_levels_are_empty():
    lines = isometrics("information_gain", [0.2, 1.5], ratio=1.0, num=21)
    assert [(line.branch, line.is_empty) for line in lines] == [
        ("upper", False),
        ("lower", False),
        ("upper", True),
        ("lower", True),
    ]
    upper, lower = lines[0], lines[1]
    assert np.all(upper.delta > 0)
    assert np.all(lower.delta < 0)
    assert_allclose(upper.phi, -lower.phi[::-1] * 0 + upper.phi)  # shape check: same size
    assert len(upper.phi) == 21


def test_make_grid_and_random_samples():
    phi, delta = make_grid(5)
    assert len(phi) == 25
    assert set(np.round(delta, 12)) >= {-1.0, 0.0, 1.0}
    a, b = random_samples(10, random_state=7), random_samples(10, random_state=7)
    assert np.array_equal(a.phi, b.phi)
    gphi, gdelta = make_grid(5, ratio=4.0)
    assert np.all(diamond(4.0).contains(gphi, gdelta))


def test_geometry_errors():
    with pytest.raises(ValueError, match=r"`ratio` must be in \[0.1, 10\]"):
        diamond(20)
    with pytest.raises(ValueError, match=r"`ratio` must be in \[0.1, 10\]"):
        diamond(0.05)
    with pytest.raises(ValueError, match=r"`ratio` must be a positive finite number"):
        diamond(-1)
    with pytest.raises(ValueError, match=r"`ratio` must be in \[0.1, 10\]"):
        isometrics("accuracy", ratio=11)
    with pytest.raises(ValueError, match=r"`measure` must be one of"):
        isometrics("auc")
    with pytest.raises(ValueError, match=r"`size` must be an integer >= 2"):
        make_grid(1)
    with pytest.raises(TypeError, match=r"`n` must be an integer"):
        random_samples(2.5)
    with pytest.raises(ValueError, match=r"Lengths differ"):
        diamond(1).contains([0, 1], [0])
    with pytest.raises(ValueError, match=r"`view` must be"):
        diamond(1).labels("roc")


# --- the calibration map as a polyline ----------------------------------------------------------
def test_calibration_polyline_is_the_map_over_its_window():
    from phidelta.geometry import calibration_polyline
    from phidelta.measures import IsotonicCalibrator

    rng = np.random.default_rng(8)
    y = rng.random(500) < 0.3
    s = rng.normal(size=500) + 1.5 * y
    s[:2] = [60.0, -45.0]  # extreme decision values
    calibrator = IsotonicCalibrator().fit(y, s)
    line = calibration_polyline(calibrator)
    assert np.all(np.diff(line.score) >= 0)
    assert_allclose(line.probability, calibrator.transform(line.score), atol=1e-12)
    low, high = line.window
    x, _ = calibrator.breakpoints()
    assert line.clipped
    assert low <= x[1]  # every turn is in view
    assert x[-2] <= high
    assert high - low < 0.5 * (s.max() - s.min())
    assert (line.score[0], line.score[-1]) == (s.min(), s.max())  # flat ends still drawn
    # probabilities: all of [0, 1]; a given window is kept
    probabilities = calibration_polyline(IsotonicCalibrator().fit(y, 1 / (1 + np.exp(-s))))
    assert probabilities.window == (0.0, 1.0)
    assert not probabilities.clipped
    assert calibration_polyline(calibrator, (-2, 3)).window == (-2.0, 3.0)
    with pytest.raises(ValueError, match="increasing"):
        calibration_polyline(calibrator, (3, -2))
    with pytest.raises(ValueError, match="finite"):
        calibration_polyline(calibrator, (0, np.inf))
    with pytest.raises(TypeError, match="IsotonicCalibrator"):
        calibration_polyline(None)
    with pytest.raises(ValueError, match="two numbers"):
        calibration_polyline(calibrator, "ab")
    with pytest.raises(ValueError, match="not fitted"):
        calibration_polyline(IsotonicCalibrator())
    one = calibration_polyline(IsotonicCalibrator().fit([0, 1], [7.0, 7.0]))  # one score
    assert one.window == (6.5, 7.5)
    assert one.probability.tolist() == [0.5, 0.5, 0.5]

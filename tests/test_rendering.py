"""Diagrams: drawn artists carry the geometry's coordinates, and every label stays inside."""

from __future__ import annotations

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from numpy.testing import assert_allclose  # noqa: E402

import phidelta  # noqa: E402
from phidelta import BinaryCounts  # noqa: E402
from phidelta.datasets import load_climate_data  # noqa: E402
from phidelta.geometry import diamond  # noqa: E402
from phidelta.rendering import DELTA_LABEL, PHI_LABEL, PhiDeltaDisplay, plot  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _texts_inside_figure(fig):
    renderer = fig.canvas.get_renderer()
    box = fig.bbox
    outside = []
    for text in fig.findobj(matplotlib.text.Text):
        if not text.get_visible() or not text.get_text():
            continue
        extent = text.get_window_extent(renderer)
        if (
            extent.x0 < box.x0 - 1
            or extent.x1 > box.x1 + 1
            or extent.y0 < box.y0 - 1
            or extent.y1 > box.y1 + 1
        ):
            outside.append(text.get_text())
    return outside


@pytest.mark.parametrize("ratio", [0.25, 1.0, 4.0])
def test_diamond_corners_points_and_labels(ratio):
    data, labels, names = load_climate_data()
    sig = phidelta.signature(data, labels, feature_names=names)
    display = PhiDeltaDisplay.from_signature(
        sig, ratio=ratio, isometrics=("accuracy", "bias", "precision")
    )
    border = display.border_.get_xydata()
    assert_allclose(border, diamond(ratio).border, atol=1e-12)
    points = display.points_.get_offsets()
    phi, delta = sig.phi_delta(ratio)
    assert_allclose(points, np.column_stack([phi, delta]), atol=1e-12)
    assert np.all(diamond(ratio).contains(points[:, 0], points[:, 1]))
    assert display.ax_.get_xlabel() == PHI_LABEL
    assert display.ax_.get_ylabel() == DELTA_LABEL
    display.figure_.canvas.draw()
    assert _texts_inside_figure(display.figure_) == []
    assert len(display.labels_) >= 4  # names drawn without overlaps
    renderer = display.figure_.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in display.labels_]
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    corners = {t.get_text().replace("\n", " ") for t in display.corner_labels_}
    assert "covariant (f ⇔ c)" in corners


def test_folds_mean_ellipse_color_and_highlight():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 600)
    p = np.where(rng.random(600) < 0.8, y, 1 - y)
    folds = rng.integers(0, 10, 600)
    _, ax = plt.subplots()
    display = PhiDeltaDisplay.from_predictions(
        y, p, groups=folds, ax=ax, mean=True, ellipse=True, color_by="mcc", highlight=[0, 3]
    )
    assert display.ax_ is ax
    assert len(display.points_.get_offsets()) == 10
    assert display.colorbar_ is not None
    colours = display.points_.get_array()
    counts, _ = BinaryCounts.from_groups(y, p, folds)
    assert_allclose(colours, phidelta.measures.mcc(counts))


def test_functional_plot_and_errors():
    phi, delta = phidelta.make_grid(5)
    display = plot(phi, delta, ratio=1.0)
    assert len(display.points_.get_offsets()) == 25
    with pytest.raises(ValueError, match=r"`ratio` must be in \[0.1, 10\]"):
        plot(phi, delta, ratio=20)
    with pytest.raises(ValueError, match=r"`names` has 1 names for 25 points"):
        plot(phi, delta, names=["a"])
    with pytest.raises(ValueError, match=r"`color_by` by name needs counts"):
        plot(phi, delta, color_by="mcc")


def test_roc_threshold_calibration_and_triangle_displays(refdata):
    import json

    from phidelta import measures
    from phidelta.counts import ConfusionMatrix, ScoreTable
    from phidelta.geometry import extended_triangle
    from phidelta.rendering import (
        CalibrationDisplay,
        EntropyTriangleDisplay,
        RocDisplay,
        ThresholdScanDisplay,
    )

    example = json.loads((refdata / "flach" / "flach_example_2_5.json").read_text())
    y, s = example["labels"], example["scores"]
    roc = RocDisplay.from_predictions(y, s, ratio=4 / 6, acceptable_region=True)
    curve = measures.roc_curve(ScoreTable.from_scores(y, s))
    assert_allclose(roc.curve_.get_xydata(), np.column_stack([curve.fpr, curve.tpr]))
    assert_allclose(roc.hull_.get_xydata(), [[0, 0], [0, 1 / 3], [0.5, 1], [1, 1]], atol=1e-12)
    assert_allclose(roc.operating_point_.get_offsets(), [[0.5, 1.0]])
    coverage = RocDisplay.from_predictions(y, s, space="coverage")
    assert coverage.curve_.get_xydata()[-1].tolist() == [4.0, 6.0]
    scan = ThresholdScanDisplay.from_predictions(y, s, measures=("accuracy",))
    assert_allclose(scan.lines_[0].get_ydata(), np.array([5, 6, 5, 6, 7, 6, 7, 8, 7, 6]) / 10)
    calibration = CalibrationDisplay.from_predictions(y, s)
    xs, ys = calibration.map_.get_data()
    assert_allclose(ys[xs >= 0.8], 1.0)
    assert_allclose(ys[(xs > 0.32) & (xs < 0.74)], 2 / 3)
    CalibrationDisplay.from_predictions(y, s, kind="reliability", bins=5)
    matrices = json.loads((refdata / "entropy" / "matrices.json").read_text())["paper_counts"]
    cm = ConfusionMatrix(np.array(list(matrices.values())))
    triangle = EntropyTriangleDisplay.from_matrices(
        cm, names=list(matrices), extended=True, series=True
    )
    assert_allclose(
        triangle.points_.get_offsets(), extended_triangle(measures.entropy_balance(cm)).joint
    )
    triangle.figure_.canvas.draw()
    assert _texts_inside_figure(triangle.figure_) == []
    with pytest.raises(ValueError, match=r"`space` must be"):
        RocDisplay.from_predictions(y, s, space="pr")


def test_from_estimator():
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from phidelta import measures
    from phidelta.counts import ScoreTable
    from phidelta.rendering import CalibrationDisplay, RocDisplay

    X, y = load_breast_cancer(return_X_y=True)
    model = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)
    point = PhiDeltaDisplay.from_estimator(model, X, y)
    expected = measures.phi_delta(BinaryCounts.from_labels(y, model.predict(X)))
    assert_allclose(point.points_.get_offsets()[0], [expected.phi[0], expected.delta[0]])
    roc = RocDisplay.from_estimator(model, X, y, pos_label=0)
    scores = model.predict_proba(X)[:, 0]
    curve = measures.roc_curve(ScoreTable.from_scores(y, scores, pos_label=0))
    assert_allclose(roc.curve_.get_xydata()[:, 1], curve.tpr)
    CalibrationDisplay.from_estimator(model, X, y, kind="reliability")


def _boxes(display):
    renderer = display.figure_.canvas.get_renderer()
    return [label.get_window_extent(renderer) for label in display.labels_]


def test_calibration_map_is_drawn_exactly_over_the_scores_where_it_changes():
    from phidelta import measures
    from phidelta.rendering import CalibrationDisplay

    rng = np.random.default_rng(3)
    y = rng.random(400) < 0.4
    s = rng.normal(size=400) + 2 * y
    s[0], s[1] = 40.0, -25.0  # a few extreme decision values
    display = CalibrationDisplay.from_predictions(y, s)
    calibrator = measures.IsotonicCalibrator().fit(y, s)
    xs, ys = display.map_.get_data()
    assert_allclose(ys, calibrator.transform(xs), atol=1e-12)  # the map, not a sampled grid
    x, _ = calibrator.breakpoints()
    low, high = display.ax_.get_xlim()
    assert low <= x[1]  # every turn of the map is in view
    assert x[-2] <= high
    assert high - low < 0.5 * (s.max() - s.min())  # not squeezed by the extremes
    assert "flat beyond" in display.ax_.get_xlabel()
    assert display.ax_.get_legend()._loc == 4  # lower right, which the map leaves empty
    probabilities = CalibrationDisplay.from_predictions(y, 1 / (1 + np.exp(-s)))
    assert probabilities.ax_.get_xlim() == (0.0, 1.0)
    assert probabilities.ax_.get_xlabel() == "score"


@pytest.mark.parametrize("ratio", [1.0, "actual", 0.25])
def test_labels_never_overlap_each_other_points_or_corner_labels(ratio):
    from sklearn.datasets import load_breast_cancer

    from phidelta.signatures import signature

    cancer = load_breast_cancer()
    labels = np.where(cancer.target == 0, "malignant", "benign")
    sig = signature(
        cancer.data, labels, pos_label="malignant", feature_names=list(cancer.feature_names)
    )
    display = PhiDeltaDisplay.from_signature(sig, ratio=ratio, annotate=30)
    boxes = _boxes(display)
    assert len(boxes) >= 3  # something is labelled, and what does not fit is left out
    renderer = display.figure_.canvas.get_renderer()
    corners = [c.get_window_extent(renderer) for c in display.corner_labels_]
    for i, box in enumerate(boxes):
        assert not any(box.overlaps(other) for other in boxes[i + 1 :])
        assert not any(box.overlaps(corner) for corner in corners)
    centres = display.ax_.transData.transform(np.column_stack([display.phi, display.delta]))
    for box in boxes:  # no label covers the centre of a point
        inside = (
            (centres[:, 0] > box.x0)
            & (centres[:, 0] < box.x1)
            & (centres[:, 1] > box.y0)
            & (centres[:, 1] < box.y1)
        )
        assert not inside.any()
    plt.close(display.figure_)


def test_dummy_features_are_never_labelled_as_best():
    rng = np.random.default_rng(3)
    y = (rng.random(400) < 0.12).astype(int)  # N/P ≈ 7: generalized δ of dummies is large
    data = np.column_stack([np.ones(400), np.zeros(400), y + rng.normal(0, 0.8, 400)])
    with pytest.warns(UserWarning, match="constant feature"):
        sig = phidelta.signature(data, y, feature_names=["always", "never", "signal"])
    display = PhiDeltaDisplay.from_signature(sig, ratio="actual", annotate=3)
    assert [label.get_text() for label in display.labels_] == ["signal"]
    plt.close(display.figure_)


def test_fold_spread_stays_inside_the_diamond_and_has_a_legend():
    rng = np.random.default_rng(0)
    tp = rng.integers(40, 60, 30)
    tn = rng.integers(100, 160, 30)
    counts = BinaryCounts(tn=tn, fp=200 - tn, fn=60 - tp, tp=tp)
    display = PhiDeltaDisplay.from_counts(counts, ratio=0.25, mean=True, ellipse=True)
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert legend == ["folds", "spread (2σ ellipse)", "mean"]
    ring = next(line for line in display.ax_.lines if line.get_label().startswith("spread"))
    assert ring.get_clip_path() is not None
    plt.close(display.figure_)


def test_entropy_triangle_is_a_ternary_plot_with_readable_marks():
    from phidelta.counts import ConfusionMatrix
    from phidelta.geometry import ternary_coordinates, ternary_grid
    from phidelta.rendering import EntropyTriangleDisplay

    rng = np.random.default_rng(1)
    matrices = np.array([np.diag([15, 15, 20]) + rng.integers(0, 6, (3, 3)) for _ in range(10)])
    names = [str(i + 1) for i in range(10)]
    display = EntropyTriangleDisplay.from_matrices(
        ConfusionMatrix(matrices), names=names, extended=True
    )
    ticks = [t.get_text() for t in display.tick_labels_]
    assert ticks.count("0.2") == 3
    assert {"ΔH′", "2MI′", "VI′"} <= set(ticks)
    renderer = display.figure_.canvas.get_renderer()
    # the texts' own boxes: a label away from its point has a leader line
    boxes = [matplotlib.text.Text.get_window_extent(t, renderer) for t in display.labels_]
    assert len(boxes) >= 5
    for i, box in enumerate(boxes):
        assert not any(box.overlaps(other) for other in boxes[i + 1 :])
    # F_X and F_Y are drawn above F_XY, hollow: no mark hides another
    marks = [c for c in display.ax_.collections if c.get_label().startswith(("F_X (", "F_Y ("))]
    assert all(c.get_zorder() > display.points_.get_zorder() for c in marks)
    # every grid level lies on its own level line: 2MI′ = 0.4 is the height 0.4·√3/2
    grid = ternary_grid([0.4])
    assert_allclose(grid.lines["mi2"][0][:, 1], 0.4 * np.sqrt(3) / 2)
    assert_allclose(grid.ticks["vi"][0], ternary_coordinates([[0.6, 0, 0.4]])[0])
    assert_allclose(grid.ticks["delta_h"][0], ternary_coordinates([[0.4, 0.6, 0]])[0])


def test_regions_are_drawn_from_the_measures_layer():
    from phidelta.inference import phi_delta_region

    counts = BinaryCounts(tn=[30, 35, 38], fp=[20, 15, 12], fn=[5, 3, 8], tp=[15, 17, 12])
    display = PhiDeltaDisplay.from_counts(counts, ratio=2.5, regions=True)
    assert len(display.regions_) == 3
    expected = phi_delta_region(counts, ratio=2.5).polygons
    assert_allclose(display.regions_[1].get_xy()[:4], expected[1])
    folds = PhiDeltaDisplay.from_counts(counts, mean=True, regions="wilson")
    assert len(folds.regions_) == 1  # the pooled counts' region beside the fold spread
    pooled = phi_delta_region(counts.sum(), method="wilson").polygons[0]
    assert_allclose(folds.regions_[0].get_xy()[:4], pooled)
    assert "95% region (pooled)" in [t.get_text() for t in folds.ax_.get_legend().get_texts()]
    with pytest.raises(ValueError, match="`regions` need counts"):
        plot([0.1], [0.2], regions=True)


@pytest.mark.parametrize("ratio", [1.0, 0.4, 3.0])
def test_isometric_labels_do_not_cover_each_other(ratio):
    from phidelta.rendering import PhiDeltaDisplay

    display = PhiDeltaDisplay(phi=np.array([0.1]), delta=np.array([0.5]), ratio=ratio).plot(
        isometrics=("accuracy", "bias")
    )
    renderer = display.figure_.canvas.get_renderer()
    boxes = [label.get_window_extent(renderer) for label in display.isometric_labels_]
    assert len(boxes) >= 12
    for i, box in enumerate(boxes):
        assert not any(box.overlaps(other) for other in boxes[:i]), display.isometric_labels_[
            i
        ].get_text()


@pytest.mark.parametrize("ratio", [1.0, 1.68, 0.4])
def test_isometric_labels_of_a_zoomed_view_lie_inside_the_axes(ratio):
    from phidelta.rendering import PhiDeltaDisplay

    # a comparison zoomed onto its folds (as the report draws it): lines run off the view
    rng = np.random.default_rng(1)
    counts = BinaryCounts(
        tn=rng.integers(40, 50, 10),
        fp=rng.integers(0, 8, 10),
        fn=rng.integers(0, 8, 10),
        tp=[60] * 10,
    )
    display = PhiDeltaDisplay.from_counts(
        counts, ratio=ratio, isometrics=("accuracy", "bias"), limits=(-0.5, 0.25, 0.45, 1.05)
    )
    display.figure_.canvas.draw()
    frame = display.ax_.get_window_extent()
    shown = [label for label in display.isometric_labels_ if label.get_visible()]
    assert shown  # the lines in view are labelled
    for label in shown:
        box = label.get_window_extent()
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1, label.get_text()  # noqa: PT018
        assert frame.y0 <= box.y0 and box.y1 <= frame.y1, label.get_text()  # noqa: PT018


def test_roc_display_names_each_curve_and_can_leave_out_the_operating_point():
    from phidelta import ScoreTable
    from phidelta.rendering import RocDisplay

    a = ScoreTable.from_scores([1, 0, 1, 0, 1], [0.9, 0.1, 0.8, 0.7, 0.3])
    b = ScoreTable.from_scores([1, 0, 1, 0, 1], [0.2, 0.6, 0.5, 0.1, 0.9])
    display = RocDisplay(tables=[a, b], names=["A", "B"]).plot(operating_point=False)
    texts = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert texts[:2] == ["A (AUC = 0.833)", "B (AUC = 0.667)"]
    assert texts[2].startswith("convex hull of A")
    assert display.operating_point_ is None
    assert not any(t.startswith(("optimal", "isometric")) for t in texts)


def test_names_of_another_length_are_refused_and_ratio_actual_is_pooled():
    from phidelta import BinaryCounts
    from phidelta.counts import ConfusionMatrix, ScoreTable
    from phidelta.rendering import EntropyTriangleDisplay, PhiDeltaDisplay, RocDisplay

    counts = BinaryCounts(tn=[5, 6, 7], fp=[1, 2, 3], fn=[2, 1, 0], tp=[4, 5, 6])
    with pytest.raises(ValueError, match="`names` has 1 names for 3 entries"):
        PhiDeltaDisplay.from_counts(counts, names=["a"])
    matrices = ConfusionMatrix(np.array([[[5, 1], [2, 4]], [[3, 3], [1, 5]]]))
    with pytest.raises(ValueError, match="`names` has 1 names for 2 matrices"):
        EntropyTriangleDisplay.from_matrices(matrices, names=["a"])
    table = ScoreTable.from_scores([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3])
    with pytest.raises(ValueError, match="`names` has 1 names for 3 tables"):
        RocDisplay.from_tables([table] * 3, names=["a"])
    display = PhiDeltaDisplay.from_counts(counts, ratio="actual")
    assert display.ratio == pytest.approx(24 / 18)  # N/P of the three entries together


def test_color_colours_everything_one_classifier_draws_and_the_legend_names_classifiers():
    from matplotlib.colors import to_rgba

    rng = np.random.default_rng(3)
    tp, tn = rng.integers(30, 50, 10), rng.integers(30, 50, 10)
    first = BinaryCounts(tn=tn, fp=50 - tn, fn=50 - tp, tp=tp)
    second = BinaryCounts(tn=tn - 10, fp=60 - tn, fn=60 - tp, tp=tp - 10)
    green = to_rgba("tab:green")
    display = PhiDeltaDisplay.from_counts(
        first, mean=True, ellipse=True, regions=True, color="tab:green"
    )
    ax = display.ax_
    mean = next(c for c in ax.collections if c.get_gid() == "phidelta:mean")
    ring = next(line for line in ax.lines if line.get_gid() == "phidelta:spread")
    assert tuple(display.points_.get_facecolor()[0]) == green
    assert tuple(mean.get_facecolor()[0]) == green  # was orange
    assert to_rgba(ring.get_color()) == green  # was orange
    assert to_rgba(display.regions_[0].get_facecolor(), 1) == green
    # alone and uncoloured, the mean and spread stand out in orange
    plain = PhiDeltaDisplay.from_counts(first, mean=True, ellipse=True)
    assert to_rgba(
        next(ln for ln in plain.ax_.lines if ln.get_gid() == "phidelta:spread").get_color()
    ) == to_rgba("tab:orange")
    # two named classifiers on one axes: one legend entry each, then a grey key
    _, ax = plt.subplots()
    PhiDeltaDisplay.from_counts(
        first, ax=ax, mean=True, ellipse=True, regions=True, color="tab:blue", label="LR"
    )
    other = PhiDeltaDisplay.from_counts(
        second,
        ax=ax,
        mean=True,
        ellipse=True,
        regions=True,
        color="tab:orange",
        label="NB",
    )  # joins the diagram already on ax: one diamond, one set of corner labels
    assert sum(line.get_gid() == "phidelta:diamond" for line in ax.lines) == 1
    assert other.border_ is None
    assert other.corner_labels_ == []
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts == ["LR", "NB", "folds", "mean", "spread (2σ ellipse)", "95% region (pooled)"]
    handles = ax.get_legend().legend_handles
    assert tuple(handles[1].get_facecolor()[0]) == to_rgba("tab:orange")
    nb_mean = [c for c in ax.collections if c.get_gid() == "phidelta:mean"][1]
    assert tuple(nb_mean.get_facecolor()[0]) == to_rgba("tab:orange")
    assert other.ax_ is ax


def test_every_display_draws_one_figure_per_call_with_the_options_of_plot():
    """The guide's recipes pass plot's options to from_* (as scikit-learn's displays take
    them): one call, one figure. A chained ``from_*(...).plot(...)`` drew two."""
    import re
    from pathlib import Path

    from phidelta import ScoreTable
    from phidelta.counts import ConfusionMatrix
    from phidelta.rendering import (
        CalibrationDisplay,
        CriticalDifferenceDisplay,
        DecisionCurveDisplay,
        EntropyTriangleDisplay,
        RocDisplay,
        ThresholdScanDisplay,
    )

    y, s = [1, 0, 1, 0, 1, 0, 1, 1], [0.9, 0.1, 0.8, 0.7, 0.3, 0.4, 0.6, 0.2]
    calls = [
        lambda: EntropyTriangleDisplay.from_matrices(
            ConfusionMatrix([[5, 1], [2, 4]]), extended=True, series=True, title="t"
        ),
        lambda: EntropyTriangleDisplay.from_predictions([0, 1, 2] * 2, [0, 1, 1] * 2, title="t"),
        lambda: RocDisplay.from_predictions(y, s, ratio=2.0, cost_ratio=1.0, space="coverage"),
        lambda: RocDisplay.from_tables([ScoreTable.from_scores(y, s)], acceptable_region=True),
        lambda: ThresholdScanDisplay.from_predictions(y, s, against="background_acceptance"),
        lambda: CalibrationDisplay.from_predictions(y, s),
        lambda: DecisionCurveDisplay.from_predictions(y, s, kind="standardized_net_benefit"),
        lambda: CriticalDifferenceDisplay.from_scores(
            np.arange(12.0).reshape(4, 3) % 5, ["A", "B", "C"], title="t"
        ),
        lambda: PhiDeltaDisplay.from_counts(
            BinaryCounts(tn=[5], fp=[1], fn=[2], tp=[4]), title="t"
        ),
    ]
    for call in calls:
        plt.close("all")
        call()
        assert len(plt.get_fignums()) == 1
    # and the pages show no chained call
    root = Path(__file__).resolve().parents[1]
    pages = [root / "README.md", *(root / "docs").rglob("*.rst"), *(root / "docs").rglob("*.py")]
    chained = re.compile(r"\.from_\w+\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*\.plot\(")
    found = [p.name for p in pages if chained.search(p.read_text(encoding="utf-8"))]
    assert found == []

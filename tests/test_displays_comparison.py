"""Displays of comparisons: the critical difference diagram, one-vs-rest φ-δ points of
confusion matrices, and significant features marked in a signature's diagram."""

from __future__ import annotations

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from numpy.testing import assert_allclose  # noqa: E402
from scipy import stats  # noqa: E402

from phidelta import inference, measures  # noqa: E402
from phidelta.rendering import CriticalDifferenceDisplay, PhiDeltaDisplay  # noqa: E402

LONG_NAMES = [
    "logistic regression (L2, C=1)",
    "random forest (500 trees)",
    "gradient boosting",
    "naive Bayes",
    "k-nearest neighbours (k=5)",
    "support vector machine (RBF kernel)",
    "decision tree",
    "linear discriminant analysis",
]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _visible_texts(fig):
    renderer = fig.canvas.get_renderer()
    return [
        (t.get_text(), t.get_window_extent(renderer))
        for t in fig.findobj(matplotlib.text.Text)
        if t.get_visible() and t.get_text()
    ]


def _assert_readable(fig):
    """Every text inside the figure, and no two texts overlapping."""
    fig.canvas.draw()
    texts = _visible_texts(fig)
    box = fig.bbox
    for text, extent in texts:
        assert extent.x0 >= box.x0 - 1, text
        assert extent.x1 <= box.x1 + 1, text
        assert extent.y0 >= box.y0 - 1, text
        assert extent.y1 <= box.y1 + 1, text
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1 :]:
            assert not box_a.overlaps(box_b), (a, b)


@pytest.mark.parametrize("k", [2, 4, 5, 8])
def test_critical_difference_diagram_draws_ranks_cd_and_cliques(k):
    rng = np.random.default_rng(k)
    n = 16
    scores = rng.random((n, k)) * 0.4 + np.linspace(0, 0.5, k)
    names = LONG_NAMES[:k]
    display = CriticalDifferenceDisplay.from_scores(scores, names)
    ranks = stats.rankdata(-scores, axis=1).mean(axis=0)
    assert_allclose(display.average_ranks, ranks, rtol=0, atol=1e-12)
    cd = inference.critical_difference(k, n)
    xs = display.cd_bar_.get_xdata()
    assert xs[1] - xs[0] == pytest.approx(cd, rel=1e-12)
    assert display.cd_label_.get_text().startswith(f"CD = {cd:.3f}")
    # each name hangs from its rank: the elbow line starts at (rank, 0)
    for i, label in enumerate(display.name_labels_):
        assert label.get_text() == f"{names[i]} ({ranks[i]:.2f})"
        elbow = display.elbow_lines_[i]
        assert elbow.get_xdata()[0] == ranks[i]
        assert elbow.get_ydata()[0] == 0
        assert elbow.get_ydata()[-1] == pytest.approx(label.get_position()[1])
        # the better half reads from the left, the worse half from the right
        better = np.argsort(ranks, kind="stable").tolist().index(i) < (k + 1) // 2
        assert label.get_ha() == ("right" if better else "left")
    # every clique is a thick line over its members' ranks
    expected = inference.rank_cliques(ranks, cd)
    assert display.cliques == expected
    assert len(display.clique_lines_) == len(expected)
    for clique, line in zip(expected, display.clique_lines_, strict=True):
        lo, hi = line.get_xdata()
        assert lo == pytest.approx(ranks[list(clique)].min() - 0.03)
        assert hi == pytest.approx(ranks[list(clique)].max() + 0.03)
        assert line.get_linewidth() >= 3
    _assert_readable(display.figure_)


def test_critical_difference_diagram_on_given_axes_lower_is_better_and_bonferroni_dunn():
    rng = np.random.default_rng(7)
    errors = rng.random((12, 5)) * 0.3 + np.linspace(0.4, 0, 5)
    fig, ax = plt.subplots(figsize=(9, 3))
    display = CriticalDifferenceDisplay.from_scores(
        errors, LONG_NAMES[:5], lower_is_better=True, ax=ax, title="Error rates"
    )
    assert display.ax_ is ax
    assert display.figure_ is fig
    assert_allclose(display.average_ranks, stats.rankdata(errors, axis=1).mean(axis=0))
    _assert_readable(fig)
    dunn = CriticalDifferenceDisplay.from_scores(
        errors, LONG_NAMES[:5], lower_is_better=True, test="bonferroni-dunn"
    )
    best = int(np.argmin(dunn.average_ranks))
    assert dunn.control == best
    assert dunn.name_labels_[best].get_fontweight() in ("bold", 700)
    cd = inference.critical_difference(5, 12, test="bonferroni-dunn")
    lo, hi = dunn.clique_lines_[0].get_xdata()
    centre = dunn.average_ranks[best]
    assert lo == pytest.approx(max(1.0, centre - cd) - 0.03)
    assert hi == pytest.approx(min(5.0, centre + cd) + 0.03)
    assert "Bonferroni–Dunn" in dunn.cd_label_.get_text()
    _assert_readable(dunn.figure_)


def test_critical_difference_diagram_takes_names_from_a_data_frame():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(
        np.random.default_rng(1).random((6, 3)), columns=["tree", "forest", "boosting"]
    )
    display = CriticalDifferenceDisplay.from_scores(frame)
    assert display.names == ["tree", "forest", "boosting"]
    assert_allclose(display.average_ranks, stats.rankdata(-frame.to_numpy(), axis=1).mean(0))


def test_critical_difference_diagram_errors():
    scores = np.random.default_rng(0).random((5, 3))
    with pytest.raises(ValueError, match="`names` has 2 names for 3 classifiers"):
        CriticalDifferenceDisplay.from_scores(scores, ["a", "b"])
    with pytest.raises(ValueError, match="`test` must be one of"):
        CriticalDifferenceDisplay.from_scores(scores, test="tukey")
    with pytest.raises(ValueError, match="`scores` must have shape"):
        CriticalDifferenceDisplay.from_scores(scores[:, :1])


# --- one point per class of a confusion matrix --------------------------------------------------


def _one_vs_rest_by_hand(matrix):
    """(tn, fp, fn, tp) of every class against the rest, from the definition."""
    matrix = np.asarray(matrix, dtype=float)
    total = matrix.sum()
    tp = np.diag(matrix)
    fn = matrix.sum(axis=1) - tp
    fp = matrix.sum(axis=0) - tp
    return total - tp - fn - fp, fp, fn, tp


def test_confusion_matrix_points_are_the_one_vs_rest_classifiers():
    from phidelta import BinaryCounts, ConfusionMatrix

    rng = np.random.default_rng(4)
    folds = rng.integers(0, 8, (5, 4, 4)) + np.diag([30, 12, 20, 5])
    classes = ["cat", "dog", "bird", "fish"]
    pooled = folds.sum(axis=0)
    tn, fp, fn, tp = _one_vs_rest_by_hand(pooled)
    expected = measures.phi_delta(BinaryCounts(tn=tn, fp=fp, fn=fn, tp=tp))
    # a stack of matrices is pooled: the points of the summed matrix, as array or object
    for given in (folds, ConfusionMatrix(folds, input_classes=classes)):
        display = PhiDeltaDisplay.from_confusion_matrix(
            given, labels=None if isinstance(given, ConfusionMatrix) else classes, mean=True
        )
        points = display.points_.get_offsets()
        assert_allclose(points, np.column_stack([expected.phi, expected.delta]), atol=1e-12)
        assert display.names == classes
        assert sorted(t.get_text() for t in display.labels_) == sorted(classes)
        legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
        assert legend == ["classes", "macro mean"]
        mean = next(c for c in display.ax_.collections if c.get_label() == "macro mean")
        assert_allclose(mean.get_offsets()[0], [expected.phi.mean(), expected.delta.mean()])
    # at another ratio, with the regions of every class (not a pooled region)
    display = PhiDeltaDisplay.from_confusion_matrix(
        pooled, labels=classes, ratio=2.0, regions=True, mean=True
    )
    generalized = measures.phi_delta(BinaryCounts(tn=tn, fp=fp, fn=fn, tp=tp), ratio=2.0)
    assert_allclose(
        display.points_.get_offsets(), np.column_stack([generalized.phi, generalized.delta])
    )
    assert len(display.regions_) == 4
    region = inference.phi_delta_region(BinaryCounts(tn=tn, fp=fp, fn=fn, tp=tp), ratio=2.0)
    assert_allclose(display.regions_[2].get_xy()[:4], region.polygons[2])
    _assert_labels_inside(display)


def test_confusion_matrix_defaults_reject_columns_and_errors():
    from phidelta import ConfusionMatrix

    matrix = [[15, 0, 5], [0, 15, 5], [0, 0, 20]]
    display = PhiDeltaDisplay.from_confusion_matrix(matrix)
    assert display.names == ["0", "1", "2"]
    assert display.mean_label == "macro mean"
    assert display.ax_.get_legend() is None  # no mean, nothing to explain
    # a reject column: a prediction of no class is negative for every class
    reject = ConfusionMatrix(
        [[8, 1, 1], [2, 6, 2]], input_classes=["a", "b"], output_classes=["a", "b", "?"]
    )
    counts = reject.one_vs_rest()
    shown = PhiDeltaDisplay.from_confusion_matrix(reject)
    expected = measures.phi_delta(counts)
    assert_allclose(shown.points_.get_offsets(), np.column_stack([expected.phi, expected.delta]))
    with pytest.raises(ValueError, match="`labels` has 2 labels for 3 classes"):
        PhiDeltaDisplay.from_confusion_matrix(matrix, labels=["x", "y"])
    with pytest.raises(ValueError, match="`counts` must be non-negative"):
        PhiDeltaDisplay.from_confusion_matrix([[1, -1], [0, 2]])


def _assert_labels_inside(display):
    """Class names and corner labels inside the axes, no two class names overlapping."""
    display.figure_.canvas.draw()
    renderer = display.figure_.canvas.get_renderer()
    box = display.ax_.get_window_extent(renderer)
    names = [t.get_window_extent(renderer) for t in display.labels_]
    for extent in names + [t.get_window_extent(renderer) for t in display.corner_labels_]:
        assert box.x0 - 1 <= extent.x0
        assert extent.x1 <= box.x1 + 1
    for i, a in enumerate(names):
        assert not any(a.overlaps(b) for b in names[i + 1 :])


# --- significant features -----------------------------------------------------------------------


def test_signature_marks_features_significant_after_benjamini_hochberg():
    from phidelta import signature

    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 300)
    noise = rng.integers(0, 2, (300, 12))
    signal = np.column_stack([np.where(rng.random(300) < p, y, 1 - y) for p in (0.9, 0.7, 0.6)])
    sig = signature(np.column_stack([signal, noise]), y)
    q = inference.benjamini_hochberg(sig.pvalues())
    display = PhiDeltaDisplay.from_signature(sig, fdr=0.05)
    assert_allclose(display.qvalues_, q)
    assert display.significant_.tolist() == (q <= 0.05).tolist()
    assert display.significant_[:2].all()
    marked = display.marked_.get_offsets()
    phi, delta = sig.phi_delta(1.0)
    keep = q <= 0.05
    assert_allclose(marked, np.column_stack([phi[keep], delta[keep]]))
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert legend == ["features", f"BH q ≤ 0.05 ({int(keep.sum())})"]
    loose = PhiDeltaDisplay.from_signature(sig, fdr=0.5)
    assert loose.significant_.sum() >= display.significant_.sum()
    plain = PhiDeltaDisplay.from_signature(sig)
    assert plain.marked_ is None
    assert plain.significant_ is None
    with pytest.raises(ValueError, match="`fdr` must be in"):
        PhiDeltaDisplay.from_signature(sig, fdr=0)
    with pytest.raises(ValueError, match="`marked` must be one bool per point"):
        PhiDeltaDisplay.from_counts(sig.counts, marked=[True])


def test_zoomed_view_places_names_inside_and_drops_corners_out_of_sight():
    from phidelta import ConfusionMatrix

    matrix = ConfusionMatrix(
        [[40, 3, 2], [4, 30, 6], [1, 5, 35]], input_classes=["alpha", "beta", "gamma"]
    )
    display = PhiDeltaDisplay.from_confusion_matrix(matrix, limits=(-0.4, 0.4, 0.4, 1.05))
    assert display.ax_.get_xlim() == (-0.4, 0.4)
    assert display.ax_.get_ylim() == (0.4, 1.05)
    assert [t.get_text() for t in display.corner_labels_] == ["oracle"]
    assert sorted(t.get_text() for t in display.labels_) == ["alpha", "beta", "gamma"]
    _assert_labels_inside(display)
    with pytest.raises(ValueError, match="`limits` must be"):
        PhiDeltaDisplay.from_confusion_matrix(matrix, limits=(0.4, -0.4, 0.4, 1.05))

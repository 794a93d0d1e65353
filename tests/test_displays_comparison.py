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

from phidelta import measures  # noqa: E402
from phidelta.rendering import CriticalDifferenceDisplay  # noqa: E402

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
    cd = measures.critical_difference(k, n)
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
    expected = measures.rank_cliques(ranks, cd)
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
    cd = measures.critical_difference(5, 12, test="bonferroni-dunn")
    lo, hi = dunn.clique_lines_[0].get_xdata()
    centre = dunn.average_ranks[best]
    assert lo == pytest.approx(max(1.0, centre - cd) - 0.03)
    assert hi == pytest.approx(min(5.0, centre + cd) + 0.03)
    assert "Bonferroni–Dunn" in dunn.cd_label_.get_text()
    _assert_readable(dunn.figure_)


def test_critical_difference_diagram_errors():
    scores = np.random.default_rng(0).random((5, 3))
    with pytest.raises(ValueError, match="`names` has 2 names for 3 classifiers"):
        CriticalDifferenceDisplay.from_scores(scores, ["a", "b"])
    with pytest.raises(ValueError, match="`test` must be one of"):
        CriticalDifferenceDisplay.from_scores(scores, test="tukey")
    with pytest.raises(ValueError, match="`scores` must have shape"):
        CriticalDifferenceDisplay.from_scores(scores[:, :1])

"""The entropy triangle of folds: the same options and the same pooled numbers in the notebook
(``EntropyTriangleDisplay``) and on the command line (``phidelta triangle --fold``)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from numpy.testing import assert_allclose

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from phidelta.counts import ConfusionMatrix  # noqa: E402
from phidelta.geometry import extended_triangle  # noqa: E402
from phidelta.measures import entropy_balance  # noqa: E402
from phidelta.rendering import EntropyTriangleDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _folds(n: int = 900, k: int = 10) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three classes, predictions right about 3 times in 4, ``k`` folds: close points."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, n)
    p = np.where(rng.random(n) < 0.75, y, rng.integers(0, 3, n))
    return y, p, np.arange(n) % k


def _text_boxes(display: EntropyTriangleDisplay) -> list:
    renderer = display.figure_.canvas.get_renderer()
    for label in display.labels_:
        label.update_positions(renderer)
    return [Text.get_window_extent(label, renderer) for label in display.labels_]


def test_from_predictions_draws_folds_named_and_their_pool():
    y, p, folds = _folds()
    display = EntropyTriangleDisplay.from_predictions(y, p, folds=folds, extended=True)
    matrices, groups = ConfusionMatrix.from_groups(y, p, folds)
    assert display.names == [str(g) for g in groups]
    joint = extended_triangle(entropy_balance(matrices)).joint
    assert_allclose(display.points_.get_offsets(), joint, atol=1e-12)
    pooled = extended_triangle(entropy_balance(matrices.sum())).joint
    assert_allclose(display.pooled_.get_offsets(), pooled, atol=1e-12)
    legend = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert "F_XY pooled (all folds)" in legend
    # one fold, or pooled=False: no star
    alone = EntropyTriangleDisplay.from_predictions(y, p)
    assert alone.pooled_ is None
    assert EntropyTriangleDisplay.from_predictions(y, p, folds=folds, pooled=False).pooled_ is None


def test_crowded_fold_labels_are_all_placed_without_overlaps_with_leader_lines():
    y, p, folds = _folds()
    display = EntropyTriangleDisplay.from_predictions(y, p, folds=folds, extended=True)
    assert sorted(t.get_text() for t in display.labels_) == [str(i) for i in range(10)]
    boxes = _text_boxes(display)
    for i, box in enumerate(boxes):
        assert not any(box.overlaps(other) for other in boxes[i + 1 :])
    # the points crowd: some labels stand away from their point, joined by a leader line
    assert any(label.arrow_patch is not None for label in display.labels_)
    # a label without a leader line is nearer its own point than any other fold's point
    renderer = display.figure_.canvas.get_renderer()
    centres = display.ax_.transData.transform(display.points_.get_offsets())
    for label, box in zip(display.labels_, boxes, strict=True):
        if label.arrow_patch is not None:
            continue
        own = display.names.index(label.get_text())
        nearest = np.clip(centres, [box.x0, box.y0], [box.x1, box.y1])
        distance = np.hypot(*(nearest - centres).T)
        assert np.argmin(distance) == own, label.get_text()
    assert renderer is not None


def test_the_options_of_plot_pass_through_every_constructor():
    y, p, folds = _folds(300, 3)
    for display in (
        EntropyTriangleDisplay.from_predictions(y, p, folds=folds, series=True, title="t"),
        EntropyTriangleDisplay.from_matrices(
            ConfusionMatrix.from_groups(y, p, folds)[0], pooled=True, series=True, title="t"
        ),
    ):
        assert display.ax_.get_title() == "t"
        assert display.pooled_ is not None
    with pytest.raises(ValueError, match="`pooled` must be the entropy balance of one"):
        EntropyTriangleDisplay(
            balance=entropy_balance(ConfusionMatrix.from_groups(y, p, folds)[0]),
            pooled=entropy_balance(ConfusionMatrix.from_groups(y, p, folds)[0]),
        )


def test_cli_triangle_of_folds_has_a_pooled_column_and_labels_its_folds(tmp_path):
    pytest.importorskip("click")
    pd = pytest.importorskip("pandas")
    from test_cli import run

    y, p, folds = _folds()
    path = tmp_path / "three.csv"
    pd.DataFrame({"y": y, "p": p, "fold": folds}).to_csv(path, index=False)
    out = run(
        "triangle", str(path), "--label", "y", "--prediction", "p", "--fold", "fold",
        "--format", "json", "--plot", str(tmp_path / "tri.png"),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)["rows"]
    assert list(rows[0]) == ["quantity", *map(str, range(10)), "pooled"]
    matrices, _ = ConfusionMatrix.from_groups(y, p, folds)
    pooled = entropy_balance(matrices.sum()).to_dict()
    got = {row["quantity"]: row["pooled"] for row in rows}
    assert got == pytest.approx({k: float(v[0]) for k, v in pooled.items()}, abs=1e-12)
    assert (tmp_path / "tri.png").stat().st_size > 0

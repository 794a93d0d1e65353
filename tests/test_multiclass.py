"""Multi-class matrices and the entropy triangle (Valverde-Albacete & Peláez-Moreno 2010)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.testing import assert_allclose

from phidelta import BinaryCounts, measures
from phidelta.counts import (
    ConfusionMatrix,
    binary_erasure_channel,
    binary_symmetric_channel,
    convex_series,
    noisy_typewriter,
)
from phidelta.geometry import extended_triangle, ternary_coordinates
from phidelta.measures import entropy_balance, multiclass_accuracy, multiclass_cohen_kappa

TOL = {"rtol": 1e-12, "atol": 1e-12}
COLUMNS = {  # reference column -> (attribute, fraction index or None)
    "H_UX": ("h_uniform_x", None),
    "H_UY": ("h_uniform_y", None),
    "H_X": ("h_x", None),
    "H_Y": ("h_y", None),
    "H_XY": ("h_xy", None),
    "MI": ("mutual_information", None),
    "H_X_given_Y": ("h_x_given_y", None),
    "H_Y_given_X": ("h_y_given_x", None),
    "VI": ("variation_of_information", None),
    "DeltaH_X": ("delta_h_x", None),
    "DeltaH_Y": ("delta_h_y", None),
    "DeltaH_norm": ("joint_fractions", 0),
    "MI2_norm": ("joint_fractions", 1),
    "VI_norm": ("joint_fractions", 2),
    "FX_DeltaH": ("input_fractions", 0),
    "FX_MI": ("input_fractions", 1),
    "FX_CondH": ("input_fractions", 2),
    "FY_DeltaH": ("output_fractions", 0),
    "FY_MI": ("output_fractions", 1),
    "FY_CondH": ("output_fractions", 2),
    "accuracy": ("accuracy", None),
    "EMA": ("ema", None),
    "NIT": ("nit", None),
}


def _reference(refdata, name):
    return np.genfromtxt(
        refdata / "entropy" / name, delimiter=",", names=True, dtype=None, encoding="utf-8"
    )


def _check_against(balance, ref):
    for column, (attribute, index) in COLUMNS.items():
        values = getattr(balance, attribute)
        if index is not None:
            values = values[:, index]
        assert_allclose(values, ref[column], **TOL, err_msg=column)
        # zero in the reference means exactly zero here
        assert np.all(values[ref[column] == 0] == 0), column
    scale = ref["H_UX"] + ref["H_UY"]
    assert_allclose(balance.delta_h_x / scale, ref["DeltaH_X_normXY"], **TOL)
    assert_allclose(balance.delta_h_y / scale, ref["DeltaH_Y_normXY"], **TOL)


def test_paper_matrices_every_column(refdata):
    ref = _reference(refdata, "paper_matrices.csv")
    data = json.loads((refdata / "entropy" / "matrices.json").read_text())
    matrices = ConfusionMatrix(np.array([data["paper_counts"][c] for c in ref["case"]]))
    balance = entropy_balance(matrices)
    _check_against(balance, ref)
    # the quoted values
    assert_allclose(balance.joint_fractions[0], [0.0268, 0.6052, 0.3680], atol=5e-5)
    assert_allclose(balance.input_fractions[5], [0.4847, 0, 0.5153], atol=5e-5)
    assert_allclose(balance.output_fractions[5], [1, 0, 0], atol=1e-15)


def test_convex_series_every_column(refdata):
    ref = _reference(refdata, "convex_series.csv")
    data = json.loads((refdata / "entropy" / "matrices.json").read_text())["convex_series_n3"]
    from_json = ConfusionMatrix(np.array([data[c]["joint"] for c in ref["case"]]))
    _check_against(entropy_balance(from_json), ref)
    generated = convex_series(3, ref["param"])
    assert_allclose(generated.counts, from_json.counts, atol=1e-16)
    _check_against(entropy_balance(generated), ref)


def _random_matrices():
    shapes = st.tuples(st.integers(2, 6), st.integers(2, 6))
    return shapes.flatmap(
        lambda s: hnp.arrays(np.int64, (3, *s), elements=st.integers(0, 50))
    ).filter(lambda a: np.all(a.sum(axis=(1, 2)) > 0))


@given(counts=_random_matrices())
def test_balance_equations_on_random_rectangular_matrices(counts):
    b = entropy_balance(ConfusionMatrix(counts))
    # eq. 6 and eq. 9
    assert_allclose(
        b.h_uniform_x + b.h_uniform_y,
        b.delta_h + 2 * b.mutual_information + b.variation_of_information,
        atol=1e-12,
    )
    assert_allclose(b.h_uniform_x, b.delta_h_x + b.mutual_information + b.h_x_given_y, atol=1e-12)
    assert_allclose(b.h_uniform_y, b.delta_h_y + b.mutual_information + b.h_y_given_x, atol=1e-12)
    for fractions in (b.joint_fractions, b.input_fractions, b.output_fractions):
        assert_allclose(fractions.sum(axis=1), 1.0, atol=1e-12)
        assert np.all(fractions >= 0)
    # F_XY is the weighted average of F_X and F_Y (the extended diagram)
    w = b.h_uniform_x / (b.h_uniform_x + b.h_uniform_y)
    average = w[:, None] * b.input_fractions + (1 - w)[:, None] * b.output_fractions
    assert_allclose(b.joint_fractions[:, [0, 2]], average[:, [0, 2]], atol=1e-12)
    # base only scales the entropies
    nats = entropy_balance(ConfusionMatrix(counts), base=np.e)
    assert_allclose(nats.mutual_information, b.mutual_information * np.log(2), atol=1e-12)
    assert_allclose(nats.joint_fractions, b.joint_fractions, atol=1e-12)


def test_empty_class_row_counts_in_the_uniform_reference():
    seen = ConfusionMatrix.from_labels([0, 1, 1, 0], [0, 1, 0, 0])  # classes 0, 1 only
    declared = ConfusionMatrix.from_labels([0, 1, 1, 0], [0, 1, 0, 0], classes=[0, 1, 2])
    assert declared.shape == (1, 3, 3)
    assert np.all(declared.counts[0, 2] == 0)
    b_seen, b_declared = entropy_balance(seen), entropy_balance(declared)
    assert_allclose(b_declared.h_uniform_x, np.log2(3))
    assert_allclose(b_declared.mutual_information, b_seen.mutual_information, atol=1e-15)
    assert not np.allclose(b_declared.joint_fractions, b_seen.joint_fractions)
    assert_allclose(b_declared.joint_fractions.sum(), 1.0)


def test_ternary_coordinates_and_extended_diagram(refdata):
    corners = ternary_coordinates([[0, 1, 0], [1, 0, 0], [0, 0, 1]])
    assert_allclose(corners, [[0.5, np.sqrt(3) / 2], [1, 0], [0, 0]])
    data = json.loads((refdata / "entropy" / "matrices.json").read_text())
    b = entropy_balance(ConfusionMatrix(np.array(list(data["paper_counts"].values()))))
    t = extended_triangle(b)
    assert t.segments().shape == (6, 3, 2)
    # every point is inside the triangle: y ≥ 0, and left/right sides
    points = t.segments().reshape(-1, 2)
    h = np.sqrt(3)
    assert np.all(points[:, 1] >= -1e-12)
    assert np.all(points[:, 1] <= h * points[:, 0] + 1e-12)
    assert np.all(points[:, 1] <= h * (1 - points[:, 0]) + 1e-12)
    # F_XY lies between F_X and F_Y (on the segment joining them, n = p)
    assert_allclose(t.joint, (t.input + t.output) / 2, atol=1e-12)
    with pytest.raises(ValueError, match=r"must be non-negative and sum to 1"):
        ternary_coordinates([[0.5, 0.5, 0.5]])


def test_channel_models():
    bsc = entropy_balance(binary_symmetric_channel(np.arange(0, 0.51, 0.05)))
    assert_allclose(bsc.mutual_information[0], 1.0, atol=1e-15)
    assert bsc.mutual_information[-1] == 0.0
    assert np.all(np.diff(bsc.mutual_information) < 0)
    assert np.all(bsc.delta_h == 0)  # uniform marginals: on the left side
    bec = binary_erasure_channel(np.linspace(0, 1, 11))
    assert bec.shape == (11, 2, 3)
    assert bec.output_classes == [0, "erasure", 1]
    b = entropy_balance(bec)
    assert_allclose(b.mutual_information, 1 - np.linspace(0, 1, 11), atol=1e-12)  # MI = 1 − e
    assert_allclose(b.accuracy, 1 - np.linspace(0, 1, 11), atol=1e-12)
    tw = entropy_balance(noisy_typewriter())
    assert_allclose(tw.mutual_information, np.log2(27) - np.log2(3), atol=1e-12)  # log2 9
    with pytest.raises(ValueError, match=r"Each row of `channel` must sum to 1"):
        ConfusionMatrix.from_channel([[0.5, 0.4], [0.1, 0.9]])
    with pytest.raises(ValueError, match=r"`error` must lie in \[0, 1\]"):
        binary_symmetric_channel(1.5)


def test_one_vs_rest_and_averages_against_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(5)
    y = rng.choice(["a", "b", "c", "d"], 400)
    p = np.where(rng.random(400) < 0.6, y, rng.choice(["a", "b", "c", "d"], 400))
    cm = ConfusionMatrix.from_labels(y, p, classes=["a", "b", "c", "d"])
    ovr = measures.one_vs_rest(cm)
    assert len(ovr) == 4
    for i, label in enumerate(cm.input_classes):
        expected = BinaryCounts.from_labels(y == label, p == label)
        assert_allclose(ovr[i].to_array(), expected.to_array(), atol=0)
    assert_allclose(measures.multiclass_accuracy(cm), metrics.accuracy_score(y, p), **TOL)
    assert_allclose(measures.balanced_accuracy(cm), metrics.balanced_accuracy_score(y, p), **TOL)
    assert_allclose(measures.multiclass_cohen_kappa(cm), metrics.cohen_kappa_score(y, p), **TOL)
    assert_allclose(
        measures.macro_average(measures.precision, cm),
        metrics.precision_score(y, p, average="macro"),
        **TOL,
    )
    assert_allclose(
        measures.micro_average(measures.f1_score, cm),
        metrics.f1_score(y, p, average="micro"),
        **TOL,
    )
    assert_allclose(
        measures.macro_average(measures.recall, cm),
        metrics.recall_score(y, p, average="macro"),
        **TOL,
    )
    assert_allclose(
        entropy_balance(cm).mutual_information * np.log(2), metrics.mutual_info_score(y, p), **TOL
    )
    # per-class φ, δ for the diagram
    phi, delta = measures.phi_delta(ovr)
    assert np.all(np.abs(phi) + np.abs(delta) <= 1 + 1e-12)


def test_batches_groups_and_merging():
    rng = np.random.default_rng(2)
    y, p = rng.integers(0, 3, 300), rng.integers(0, 3, 300)
    folds = rng.integers(0, 5, 300)
    batch, groups = ConfusionMatrix.from_groups(y, p, folds, classes=[0, 1, 2])
    assert list(groups) == [0, 1, 2, 3, 4]
    assert batch.sum() == ConfusionMatrix.from_labels(y, p, classes=[0, 1, 2])
    half = ConfusionMatrix.from_labels(y[:100], p[:100], classes=[0, 1, 2])
    rest = ConfusionMatrix.from_labels(y[100:], p[100:], classes=[0, 1, 2])
    assert half + rest == batch.sum()
    assert len(batch[1:3]) == 2
    assert batch[0] == ConfusionMatrix.from_labels(y[folds == 0], p[folds == 0], classes=[0, 1, 2])


def test_errors():
    with pytest.raises(ValueError, match=r"`counts` must be non-negative"):
        ConfusionMatrix([[1, -1], [0, 2]])
    with pytest.raises(ValueError, match=r"`counts` must be finite"):
        ConfusionMatrix([[1, np.inf], [0, 2]])
    with pytest.raises(ValueError, match=r"all-zero matrices at positions \[0\]"):
        ConfusionMatrix([[0, 0], [0, 0]])
    with pytest.raises(ValueError, match=r"`y_true` has labels \['d'\] that are not in `classes`"):
        ConfusionMatrix.from_labels(["a", "d"], ["a", "b"], classes=["a", "b"])
    with pytest.raises(ValueError, match=r"at least 2 input and 2 output classes"):
        ConfusionMatrix([[3, 4]])
    with pytest.raises(TypeError, match=r"`matrices` must be a ConfusionMatrix"):
        entropy_balance([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match=r"Cannot add matrices of shapes"):
        ConfusionMatrix([[1, 2], [3, 4]]) + ConfusionMatrix([[1, 2, 0], [3, 4, 0]])
    with pytest.raises(ValueError, match=r"`classes` must not repeat a class"):
        ConfusionMatrix.from_labels([0, 1], [0, 1], classes=[0, 1, 1])


def test_rectangular_matrix_needs_declared_outputs_for_accuracy():
    # an erasure channel: 2 inputs, outputs 0, "erasure", 1 — 90 of 100 decisions correct
    counts = [[45, 5, 0], [0, 5, 45]]
    undeclared = ConfusionMatrix(counts)
    assert undeclared.output_classes is None
    with pytest.raises(ValueError, match=r"no declared `output_classes`"):
        multiclass_accuracy(undeclared)
    with pytest.raises(ValueError, match=r"no declared `output_classes`"):
        multiclass_cohen_kappa(undeclared)
    balance = entropy_balance(undeclared)  # entropies need no class names
    assert np.isnan(balance.accuracy[0])
    declared = ConfusionMatrix(counts, output_classes=[0, "erasure", 1])
    assert multiclass_accuracy(declared)[0] == pytest.approx(0.9)
    assert_allclose(entropy_balance(declared).mutual_information, balance.mutual_information)
    # a square matrix with named inputs uses them for its outputs
    named = ConfusionMatrix([[8, 2], [1, 9]], input_classes=["a", "b"])
    assert named.output_classes == ["a", "b"]
    assert multiclass_accuracy(named)[0] == pytest.approx(0.85)

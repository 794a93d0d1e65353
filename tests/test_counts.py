"""BinaryCounts: constructors for every label encoding, merging, indexing, clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

from phidelta import BinaryCounts
from strategies import binary_counts

Y_TRUE = [1, 1, 1, 0, 0, 1, 0]
Y_PRED = [1, 0, 1, 0, 1, 1, 0]
EXPECTED = BinaryCounts(tn=2, fp=1, fn=1, tp=3)


@pytest.mark.parametrize(
    ("encode", "pos_label"),
    [
        (lambda y: np.asarray(y), None),  # 0/1 ints
        (lambda y: np.asarray(y, dtype=np.int8), None),
        (lambda y: np.asarray(y, dtype=float), None),  # 0.0/1.0
        (lambda y: 2 * np.asarray(y) - 1, None),  # ±1
        (lambda y: np.asarray(y, dtype=bool), None),  # booleans
        (lambda y: np.where(np.asarray(y) == 1, "spam", "ham"), "spam"),  # strings
        (lambda y: np.where(np.asarray(y) == 1, "spam", "ham").astype(object), "spam"),
        (lambda y: [("yes" if v else "no") for v in y], "yes"),  # plain lists
        (lambda y: np.where(np.asarray(y) == 1, 7, 3), 7),  # arbitrary ints
        (lambda y: 1 - np.asarray(y), 0),  # 0 as the positive class
    ],
)
def test_from_labels_any_encoding(encode, pos_label):
    counts = BinaryCounts.from_labels(encode(Y_TRUE), encode(Y_PRED), pos_label=pos_label)
    assert counts == EXPECTED


def test_from_labels_pandas_and_categorical():
    pd = pytest.importorskip("pandas")
    y = pd.Series(pd.Categorical(["a" if v else "b" for v in Y_TRUE]))
    p = pd.Series(["a" if v else "b" for v in Y_PRED])
    assert BinaryCounts.from_labels(y, p, pos_label="a") == EXPECTED


def test_pandas_missing_labels_are_rejected():
    pd = pytest.importorskip("pandas")
    y = pd.Series([1, 0, None], dtype="Int64")
    with pytest.raises(ValueError, match=r"`y_true` contains NaN; labels must not be missing"):
        BinaryCounts.from_labels(y, [1, 0, 1])
    s = pd.Series(["a", pd.NA, "b"], dtype="string")
    with pytest.raises(ValueError, match=r"`y_pred` contains missing values"):
        BinaryCounts.from_labels(["a", "b", "b"], s, pos_label="a")


def test_one_class_data_is_counted():
    counts = BinaryCounts.from_labels([0, 0, 0], [0, 1, 0])
    assert counts == BinaryCounts(tn=2, fp=1, fn=0, tp=0)
    counts = BinaryCounts.from_labels(["a", "a"], ["a", "a"], labels=["a", "b"], pos_label="b")
    assert counts == BinaryCounts(tn=2, fp=0, fn=0, tp=0)


def test_empty_input_gives_zero_counts():
    counts = BinaryCounts.from_labels(np.array([], dtype=int), np.array([], dtype=int))
    assert counts == BinaryCounts(0, 0, 0, 0)


def test_sample_weights():
    w = np.array([1.0, 2.0, 0.5, 1.0, 3.0, 1.0, 0.25])
    counts = BinaryCounts.from_labels(Y_TRUE, Y_PRED, sample_weight=w)
    assert counts.tn.dtype == np.float64
    assert_allclose(counts.to_array()[0], [1.25, 3.0, 2.0, 2.5])
    ones = BinaryCounts.from_labels(Y_TRUE, Y_PRED, sample_weight=np.ones(7))
    assert_allclose(ones.to_array(), EXPECTED.to_array())


def test_batch_shared_truth_and_per_row_truth():
    y_pred = np.array([Y_PRED, Y_TRUE, [1] * 7])
    batch = BinaryCounts.from_label_batch(Y_TRUE, y_pred)
    assert len(batch) == 3
    assert batch[0] == EXPECTED
    assert batch[1] == BinaryCounts(tn=3, fp=0, fn=0, tp=4)
    assert batch[2] == BinaryCounts(tn=0, fp=3, fn=0, tp=4)
    per_row = BinaryCounts.from_label_batch(np.tile(Y_TRUE, (3, 1)), y_pred)
    assert per_row == batch


def test_batch_ragged_folds():
    y_true = [[1, 0, 1], [0, 0], [1, 1, 0, 1]]
    y_pred = [[1, 1, 1], [0, 1], [0, 1, 0, 1]]
    batch = BinaryCounts.from_label_batch(y_true, y_pred)
    expected = [BinaryCounts.from_labels(t, p) for t, p in zip(y_true, y_pred, strict=True)]
    assert batch == BinaryCounts.concat(expected)


def test_from_groups_matches_per_group_counts():
    rng = np.random.default_rng(3)
    y, p = rng.integers(0, 2, 500), rng.integers(0, 2, 500)
    folds = rng.choice(["f1", "f2", "f3", "f4"], 500)
    counts, groups = BinaryCounts.from_groups(y, p, folds)
    assert list(groups) == ["f1", "f2", "f3", "f4"]
    for i, g in enumerate(groups):
        assert counts[i] == BinaryCounts.from_labels(y[folds == g], p[folds == g])
    assert counts.sum() == BinaryCounts.from_labels(y, p)
    weighted, _ = BinaryCounts.from_groups(y, p, folds, sample_weight=np.full(500, 2.0))
    assert_allclose(weighted.to_array(), 2 * counts.to_array())


@given(data=st.data())
def test_counts_of_parts_add_up_to_counts_of_whole(data):
    n = data.draw(st.integers(0, 120))
    y = np.array(data.draw(st.lists(st.sampled_from(["neg", "pos"]), min_size=n, max_size=n)))
    p = np.array(data.draw(st.lists(st.sampled_from(["neg", "pos"]), min_size=n, max_size=n)))
    cut = data.draw(st.integers(0, n))
    kw = {"pos_label": "pos", "labels": ["neg", "pos"]}
    whole = BinaryCounts.from_labels(y, p, **kw)
    parts = BinaryCounts.from_labels(y[:cut], p[:cut], **kw) + BinaryCounts.from_labels(
        y[cut:], p[cut:], **kw
    )
    assert parts == whole


@given(a=binary_counts(min_size=3, max_size=3), b=binary_counts(min_size=3, max_size=3))
def test_addition_is_entrywise_and_commutative(a, b):
    total = a + b
    assert_allclose(total.to_array(), a.to_array() + b.to_array())
    assert total == b + a
    assert sum([a, b]) == total


def test_from_rates_with_sizes_and_ratio():
    counts = BinaryCounts.from_rates([0.6], [0.8], negatives=25, positives=75)
    assert_allclose(counts.to_array(), [[15, 10, 15, 60]])
    normalized = BinaryCounts.from_rates([0.6], [0.8], ratio=1 / 3)
    assert_allclose(normalized.total, [1.0])
    assert_allclose(normalized.to_array(), counts.to_array() / 100, atol=1e-15)
    assert_allclose(counts.at_ratio(1 / 3).to_array(), normalized.to_array(), atol=1e-15)


def test_container_protocol_and_immutability():
    counts = BinaryCounts(tn=[1, 2, 3], fp=[0, 1, 0], fn=[4, 0, 0], tp=[5, 5, 5])
    assert len(counts) == 3
    assert counts[1] == BinaryCounts(2, 1, 0, 5)
    assert counts[-1] == BinaryCounts(3, 0, 0, 5)
    assert counts[1:] == BinaryCounts([2, 3], [1, 0], [0, 0], [5, 5])
    assert counts[np.array([True, False, True])] == BinaryCounts([1, 3], [0, 0], [4, 0], [5, 5])
    assert [c.tp[0] for c in counts] == [5, 5, 5]
    assert_array_equal(counts.to_matrix()[0], [[1, 0], [4, 5]])
    assert BinaryCounts.from_array(counts.to_matrix()) == counts
    with pytest.raises(AttributeError):
        counts.tp = np.array([0, 0, 0])
    with pytest.raises(ValueError):
        counts.tp[0] = 9
    with pytest.raises(IndexError):
        counts[3]
    assert "tn=[1, 2, 3]" in repr(counts)
    assert not counts.is_soft
    assert BinaryCounts([0.5], [0], [0], [1]).is_soft


# --- errors -----------------------------------------------------------------------------------
def test_ambiguous_labels_need_pos_label():
    with pytest.raises(ValueError, match=r"do not say which is positive; pass `pos_label`"):
        BinaryCounts.from_labels(["a", "b"], ["a", "a"])


def test_pos_label_absent():
    with pytest.raises(ValueError, match=r"`pos_label`='Spam' is not in `y_true` or `y_pred`"):
        BinaryCounts.from_labels(["spam", "ham"], ["ham", "ham"], pos_label="Spam")
    with pytest.raises(ValueError, match=r"`pos_label`='2' is not in"):
        BinaryCounts.from_labels([0, 1], [1, 1], pos_label="2")
    # text that spells a class (as a command line or a web form sends it) is that class
    assert BinaryCounts.from_labels([0, 1], [1, 1], pos_label="1") == BinaryCounts.from_labels(
        [0, 1], [1, 1], pos_label=1
    )
    assert BinaryCounts.from_labels([True, False], [True, True], pos_label="false").tp[0] == 0


def test_more_than_two_labels():
    with pytest.raises(ValueError, match=r"`y_true` has more than two distinct labels"):
        BinaryCounts.from_labels([0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match=r"together have more than two labels"):
        BinaryCounts.from_labels([0, 1, 1], [0, 2, 2], pos_label=1)


def test_label_errors():
    with pytest.raises(ValueError, match=r"Lengths differ: `y_true` has 3, `y_pred` has 2"):
        BinaryCounts.from_labels([0, 1, 1], [0, 1])
    with pytest.raises(ValueError, match=r"`y_true` contains NaN"):
        BinaryCounts.from_labels([0.0, np.nan], [0, 1])
    with pytest.raises(ValueError, match=r"`y_pred` contains missing values"):
        BinaryCounts.from_labels(["a", "b"], ["a", None], pos_label="a")
    with pytest.raises(ValueError, match=r"`y_true` must be 1-dimensional"):
        BinaryCounts.from_labels([[0, 1]], [[0, 1]])
    with pytest.raises(ValueError, match=r"not in `labels`"):
        BinaryCounts.from_labels([0, 1], [0, 1], labels=[0, 2], pos_label=2)
    with pytest.raises(ValueError, match=r"`sample_weight` must be non-negative"):
        BinaryCounts.from_labels([0, 1], [0, 1], sample_weight=[1, -1])
    with pytest.raises(ValueError, match=r"`y_true` has 2 labels but each row of `y_pred` has 3"):
        BinaryCounts.from_label_batch([0, 1], [[0, 1, 1]])


def test_count_errors():
    with pytest.raises(ValueError, match=r"`fp` must be non-negative counts"):
        BinaryCounts(tn=1, fp=-1, fn=0, tp=0)
    with pytest.raises(ValueError, match=r"`tp` must be finite; it contains NaN"):
        BinaryCounts(tn=1, fp=1, fn=0, tp=np.nan)
    with pytest.raises(ValueError, match=r"Lengths differ"):
        BinaryCounts(tn=[1, 2], fp=[1], fn=[0], tp=[0])
    with pytest.raises(TypeError, match=r"`tn` must be numeric"):
        BinaryCounts(tn="3", fp=1, fn=0, tp=0)
    with pytest.raises(ValueError, match=r"Cannot add counts with 2 and 1 entries"):
        BinaryCounts([1, 1], [1, 1], [1, 1], [1, 1]) + BinaryCounts(1, 1, 1, 1)
    with pytest.raises(ValueError, match=r"`sensitivity` must lie in \[0, 1\]"):
        BinaryCounts.from_rates([0.5], [1.5], ratio=1)
    with pytest.raises(ValueError, match=r"`ratio` must be a positive finite number"):
        BinaryCounts.from_rates([0.5], [0.5], ratio=0)
    with pytest.raises(ValueError, match=r"Pass either `ratio` or `negatives`"):
        BinaryCounts.from_rates([0.5], [0.5], ratio=1, negatives=3, positives=4)


def test_integer_counts_whose_totals_overflow_int64_are_refused():
    """tn + fp + fn + tp of 2⁶² each wrapped around to 0 (negatives −2⁶³) silently."""
    with pytest.raises(OverflowError, match="more than int64 holds"):
        BinaryCounts(tn=[2**62], fp=[2**62], fn=[2**62], tp=[2**62])
    largest = BinaryCounts(tn=[2**61], fp=[2**61], fn=[2**61], tp=[2**61 - 1])
    assert largest.total.tolist() == [2**63 - 1]
    assert BinaryCounts(tn=[2.0**62], fp=[2.0**62], fn=[2.0**62], tp=[2.0**62]).total[0] == 2.0**64

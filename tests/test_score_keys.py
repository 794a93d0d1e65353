"""Score tables built from labelled 64-bit keys: every float, every sign pattern, every tie."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phidelta.counts import ScoreTable, _score_keys, _scores
from phidelta.counts._score_keys import labelled_keys, sort_keys

TINY = 5e-324  # the smallest subnormal


def _reference(y: np.ndarray, s: np.ndarray) -> tuple[list[float], list[int], list[int]]:
    """Count with a dictionary (−0.0 and 0.0 are one key, as they are one score)."""
    counts: dict[float, list[int]] = {}
    for label, score in zip(y.tolist(), s.tolist(), strict=True):
        counts.setdefault(score, [0, 0])[0 if label else 1] += 1
    scores = sorted(counts, reverse=True)
    return scores, [counts[k][0] for k in scores], [counts[k][1] for k in scores]


def _assert_matches_reference(y: np.ndarray, s: np.ndarray) -> ScoreTable:
    table = ScoreTable._from_mask(s, y)
    scores, positives, negatives = _reference(y, s)
    assert table.scores.tolist() == scores
    assert table.positives.tolist() == positives
    assert table.negatives.tolist() == negatives
    assert table.positives.dtype == table.negatives.dtype == np.int64
    assert np.all(np.diff(table.scores) < 0)
    return table


_any_float = st.floats(allow_nan=False, allow_infinity=False)
_pool = st.lists(_any_float, min_size=1, max_size=6)  # few distinct values: many ties


@given(
    data=st.tuples(_pool, st.integers(1, 60)).flatmap(
        lambda pool_n: st.tuples(
            st.lists(st.booleans(), min_size=pool_n[1], max_size=pool_n[1]),
            st.lists(st.sampled_from(pool_n[0]), min_size=pool_n[1], max_size=pool_n[1]),
        )
    )
)
def test_tied_scores_of_any_magnitude_and_sign(data):
    _assert_matches_reference(np.array(data[0]), np.array(data[1], dtype=np.float64))


@given(
    y=st.lists(st.booleans(), min_size=1, max_size=40),
    s=st.lists(_any_float, min_size=40, max_size=40),
)
def test_distinct_scores_of_any_magnitude_and_sign(y, s):
    _assert_matches_reference(np.array(y), np.array(s[: len(y)], dtype=np.float64))


@pytest.mark.parametrize(
    ("scores", "fits"),
    [
        ([0.0, 0.25, 1.0, 0.25, 1e-300], True),  # non-negative: probabilities
        ([-0.0, -3.5, -1e300, -3.5, -TINY], True),  # non-positive
        ([-0.75, 0.5, 0.0, -0.0, 0.5], True),  # both signs, no squeezing needed
        ([-5.5, 6.25, 0.0, -0.0, 1e-7, -6.25], True),  # both signs, small magnitudes squeezed out
        ([-1e300, 1e300, 1e-5, 0.0], True),  # squeezed just enough
        ([-5.5, 6.25, 1e-7, -6.25, -1e-7], True),  # squeezed, no zero: the unclamped keys
        ([-1e300, 1e300, 1e-5, -3.0], True),  # squeezed just enough, no zero
        ([-1e300, 1e300, TINY, 0.0], False),  # spans everything: the packed fallback
        ([-1.7976931348623157e308, TINY, 1.0], False),
    ],
)
def test_every_key_branch_and_the_fallback(scores, fits):
    s = np.array(scores * 3)
    y = np.arange(len(s)) % 2 == 0
    made = labelled_keys(s, y, float(s.min()), float(s.max()))
    assert (made is not None) == fits
    table = _assert_matches_reference(y, s)
    assert not np.signbit(table.scores[table.scores == 0]).any()  # one zero, written +0.0


@given(
    y=st.lists(st.booleans(), min_size=2, max_size=30),
    s=st.lists(_any_float.filter(bool), min_size=30, max_size=30),
)
def test_keys_without_zeros_equal_the_clamped_keys(y, s):
    """Without a zero the squeezed keys are computed doubled and unclamped; they equal the
    keys of the clamped formula that must be used when a score is ±0."""
    scores = np.array([*s[: len(y)], -2.5, 3.0], dtype=np.float64)
    labels = np.array([*y, False, True])
    made = labelled_keys(scores, labels, float(scores.min()), float(scores.max()))
    if made is None:
        return
    keys, code = made
    assert not code.zeros or not code.shift
    clamped = _score_keys.keys_of(scores, labels, dataclasses.replace(code, zeros=True))
    assert np.array_equal(keys, clamped)


def test_large_continuous_input_matches_the_packed_path():
    rng = np.random.default_rng(7)
    y = rng.random(200_000) < 0.3
    s = np.concatenate([rng.normal(size=100_000), np.round(rng.normal(size=100_000), 2)])
    assert ScoreTable._from_mask(s, y) == ScoreTable._from_mask_packed(s, y)


@pytest.mark.parametrize(
    ("scores", "as_doubles"), [([0.5, 0.25, 0.5], True), ([-1e300, 1e300, 1e-5], False)]
)
def test_keys_sort_as_doubles_only_below_the_bits_of_infinity(scores, as_doubles):
    s = np.array(scores * 4)
    y = np.arange(len(s)) % 3 == 0
    keys, code = labelled_keys(s, y, float(s.min()), float(s.max()))
    assert (code.largest < 0x7FF0_0000_0000_0000) == as_doubles
    assert int(keys.max()) <= code.largest
    expected = np.sort(keys)
    sort_keys(keys, code)
    assert np.array_equal(keys, expected)


def test_keys_are_made_block_by_block_the_same_as_at_once(monkeypatch):
    rng = np.random.default_rng(3)
    s = np.concatenate([rng.normal(size=5000), [0.0, -0.0, 1e-9]])
    y = rng.random(len(s)) < 0.5
    whole, code = labelled_keys(s, y, float(s.min()), float(s.max()))
    monkeypatch.setattr(_score_keys, "BLOCK_ROWS", 7)
    blocked, blocked_code = labelled_keys(s, y, float(s.min()), float(s.max()))
    assert code == blocked_code
    assert np.array_equal(whole, blocked)
    assert ScoreTable._from_mask(s, y) == ScoreTable._from_mask_packed(s, y)


@pytest.mark.parametrize("tied", [False, True])
def test_merging_tables_equals_the_table_of_the_union(tied):
    # continuous parts take the re-listing path, heavily tied parts the packed run merge
    rng = np.random.default_rng(11)
    y = rng.random(30_000) < 0.4
    s = rng.normal(size=30_000)
    s = np.round(s, 1) if tied else s
    parts = [ScoreTable.from_scores(y[i::7], s[i::7], labels=[False, True]) for i in range(7)]
    union = ScoreTable.from_scores(y, s)
    entries = sum(len(t) for t in parts)
    assert (entries * 2 >= len(s)) != tied  # the two paths are both exercised
    assert ScoreTable.merge(parts) == union
    assert sum(parts[1:], parts[0]) == union


def test_strided_and_big_endian_scores_give_the_same_table():
    rng = np.random.default_rng(5)
    matrix = rng.normal(size=(500, 3))
    y = matrix[:, 1] > 0
    column = matrix[:, 0]  # a strided view
    expected = ScoreTable.from_scores(y, column.copy())
    assert not column.flags.c_contiguous
    assert ScoreTable.from_scores(y, column) == expected
    assert ScoreTable.from_scores(y, column.astype(">f8")) == expected


def test_merging_stack_equals_one_merge_of_everything():
    rng = np.random.default_rng(2)
    stack = _scores.MergingStack()
    assert not stack
    with pytest.raises(ValueError, match="No score tables"):
        stack.result()
    parts = []
    for i in range(300):  # three levels of 16: 300 = 1·256 + 2·16 + 12
        y = rng.random(50) < 0.5
        s = rng.normal(size=50) if i % 2 else np.round(rng.normal(size=50), 1)
        parts.append(ScoreTable.from_scores(y, s, labels=[False, True]))
        stack.add(parts[-1])
    assert stack
    assert stack.result() == ScoreTable.merge(parts)


@given(
    data=st.tuples(_pool, st.integers(1, 60)).flatmap(
        lambda pool_n: st.tuples(
            st.lists(st.booleans(), min_size=pool_n[1], max_size=pool_n[1]),
            st.lists(st.sampled_from(pool_n[0]), min_size=pool_n[1], max_size=pool_n[1]),
            st.lists(
                st.sampled_from([0.0, 0.25, 1.0, 3.5]), min_size=pool_n[1], max_size=pool_n[1]
            ),
        )
    )
)
def test_weighted_tables_sum_the_weights_of_each_score_and_class(data):
    y, s, w = np.array(data[0]), np.array(data[1], dtype=np.float64), np.array(data[2])
    table = ScoreTable._from_mask_weighted(s, y, w)
    sums: dict[float, list[float]] = {}
    for label, score, weight in zip(y.tolist(), s.tolist(), w.tolist(), strict=True):
        sums.setdefault(score, [0.0, 0.0])[0 if label else 1] += weight
    scores = sorted(sums, reverse=True)  # zero-weight scores stay, with zero counts
    assert table.scores.tolist() == scores
    assert table.positives.tolist() == [sums[k][0] for k in scores]  # exact: quarter weights
    assert table.negatives.tolist() == [sums[k][1] for k in scores]
    assert table.positives.dtype == np.float64


def test_tables_per_group_equal_the_tables_of_each_groups_examples():
    rng = np.random.default_rng(9)
    y = np.where(rng.random(3000) < 0.4, "spam", "ham")
    s = np.round(rng.normal(size=3000), 2)
    folds = rng.choice(["fold b", "fold a", "fold c"], size=3000)
    y[folds == "fold c"] = "ham"  # a group holding one class keeps both declared
    tables, groups = ScoreTable.from_groups(y, s, folds, pos_label="spam")
    assert groups.tolist() == ["fold a", "fold b", "fold c"]
    for table, group in zip(tables, groups.tolist(), strict=True):
        mask = folds == group
        expected = ScoreTable.from_scores(
            y[mask], s[mask], pos_label="spam", labels=["ham", "spam"]
        )
        assert table == expected
    assert tables[2].total_positives == 0


def test_large_arrays_start_at_a_huge_page_and_behave_as_plain_ones():
    from phidelta._compute import HUGE_PAGE, LARGE_BYTES, empty_large

    for n, dtype in [(1_000_000, np.float64), (600_000, np.int64), (LARGE_BYTES, np.uint8)]:
        a = empty_large(n, dtype)
        assert a.shape == (n,)
        assert a.dtype == dtype
        assert a.ctypes.data % HUGE_PAGE == 0
        assert a.flags.c_contiguous
        assert a.flags.writeable
        a[:] = 7  # all of it is usable
        assert a[-1] == 7
    small = empty_large(1000, np.float64)
    assert small.base is None  # below 4 MiB: a plain array
    assert small.shape == (1000,)


def test_rankings_on_huge_page_arrays_equal_scikit_learn():
    # 600,000 rows: the keys and the precision-recall points take more than 4 MiB each
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    from phidelta import metrics

    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 600_000)
    s = np.round(rng.random(600_000) + 0.3 * y, 7)  # ties too
    for name in ("roc_curve", "precision_recall_curve"):
        for ours, theirs in zip(
            getattr(metrics, name)(y, s), getattr(sklearn_metrics, name)(y, s), strict=True
        ):
            np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-15)
    distinct = rng.permutation(600_000) / 600_000  # every score once: the ranked-labels path
    for name in ("roc_curve", "precision_recall_curve"):
        for ours, theirs in zip(
            getattr(metrics, name)(y, distinct),
            getattr(sklearn_metrics, name)(y, distinct),
            strict=True,
        ):
            np.testing.assert_array_equal(ours, theirs)
    assert metrics.roc_auc_score(y, s) == pytest.approx(sklearn_metrics.roc_auc_score(y, s), 1e-12)


@given(
    s=st.lists(_any_float, min_size=1, max_size=50),
    y=st.lists(st.booleans(), min_size=50, max_size=50),
    block=st.sampled_from([1, 3, 64]),
)
def test_sorted_keys_decode_to_the_scores_in_decreasing_order(s, y, block):
    """Every sign pattern (the rows of non-negative scores, then those of negative ones),
    shifted or not, from the keys themselves or from ``key >> 1``, in blocks that split the
    two kinds of rows anywhere; an exact zero decodes to +0.0."""
    scores = np.array(s, dtype=np.float64)
    labels = np.array(y[: len(s)])
    made = labelled_keys(scores, labels, float(scores.min()), float(scores.max()))
    if made is None:
        return
    keys, code = made
    sort_keys(keys, code)
    expected = np.sort(scores)[::-1] + 0.0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_score_keys, "BLOCK_ROWS", block)
        values = np.right_shift(keys, np.uint64(1))
        decoded = _score_keys.decode_scores(values, code)
        assert decoded.tolist() == expected.tolist()
        assert not np.signbit(decoded[decoded == 0]).any()
        decoded = _score_keys.decode_scores(keys.copy(), code, labelled=True)
        assert decoded.tolist() == expected.tolist()
        assert not np.signbit(decoded[decoded == 0]).any()

"""Blocked passes split across threads give exactly the one-thread results."""

from __future__ import annotations

import itertools
import os
import threading
import time

import numpy as np
import pytest

from phidelta import _compute, _parallel, _sorting, metrics
from phidelta.counts import _ranked, _score_keys
from phidelta.counts._ranked import RankedLabels, rank_scores
from phidelta.measures import _pr
from phidelta.measures import _ranking as _measures_ranking
from phidelta.metrics import _inputs, _ranking
from phidelta.signatures import _accumulate

BLOCK = 16


@pytest.fixture
def small_parts(monkeypatch):
    """Parts of a few small blocks, on three threads, whatever the machine."""
    monkeypatch.setenv("PHIDELTA_NUM_THREADS", "3")
    monkeypatch.setattr(_parallel, "MIN_ROWS", 64)
    monkeypatch.setattr(_sorting, "SPLIT_SORT_ROWS", 64)
    for module in (_score_keys, _ranked, _ranking, _measures_ranking, _pr):
        monkeypatch.setattr(module, "BLOCK_ROWS", BLOCK)
    return monkeypatch


@pytest.mark.parametrize("n", [1, 63, 64, 100, 1000, 4097])
@pytest.mark.parametrize("threads", [1, 2, 3, 5])
def test_parts_cover_the_rows_in_order_from_block_starts(monkeypatch, n, threads):
    monkeypatch.setenv("PHIDELTA_NUM_THREADS", str(threads))
    parts = _parallel.row_parts(n, BLOCK, min_rows=64)
    assert parts[0][0] == 0
    assert parts[-1][1] == n
    assert all(a[1] == b[0] for a, b in itertools.pairwise(parts))
    assert all(start % BLOCK == 0 and stop > start for start, stop in parts)
    assert len(parts) <= threads
    if n < 64 or threads == 1:
        assert parts == [(0, n)]
    elif n >= 1000:
        assert len(parts) == threads


def test_thread_count_setting(monkeypatch):
    monkeypatch.setenv("PHIDELTA_NUM_THREADS", "0")
    assert _parallel.thread_count() == 1
    monkeypatch.setenv("PHIDELTA_NUM_THREADS", "two")
    with pytest.raises(ValueError, match="PHIDELTA_NUM_THREADS"):
        _parallel.thread_count()
    monkeypatch.delenv("PHIDELTA_NUM_THREADS")
    assert 1 <= _parallel.thread_count() <= 4


def test_parts_run_at_once_on_other_threads():
    seen: list[int] = []
    both = threading.Barrier(2, timeout=10)

    def work(start, stop):
        seen.append(threading.get_ident())
        both.wait()  # returns only when both parts are running at the same time
        return start, stop

    assert _parallel.run_parts(work, [(0, 5), (5, 9)]) == [(0, 5), (5, 9)]
    assert len(set(seen)) == 2
    assert threading.get_ident() in seen


def test_parts_inside_a_part_run_on_its_thread():
    """A pass inside a pass does not wait for helpers (they may all be busy): its parts run
    one after the other on the helper that asked."""

    def inner(start, stop):
        return threading.get_ident()

    def outer(start, stop):
        idents = _parallel.run_parts(inner, [(0, 1), (1, 2), (2, 3)])
        return idents, threading.get_ident()

    results = _parallel.run_parts(outer, [(0, 1), (1, 2), (2, 3)])
    for idents, own in results[1:]:  # the parts that ran on helpers
        assert set(idents) == {own}


def test_a_failing_part_waits_for_the_others():
    finished = []

    def work(start, stop):
        if start == 0:
            raise RuntimeError("first part failed")
        time.sleep(0.05)
        finished.append(start)

    with pytest.raises(RuntimeError, match="first part failed"):
        _parallel.run_parts(work, [(0, 1), (1, 2), (2, 3)])
    assert sorted(finished) == [1, 2]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_makes_its_own_helpers():
    _parallel.run_parts(lambda a, b: b - a, [(0, 1), (1, 3)])  # the parent has helpers
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            result = _parallel.run_parts(lambda a, b: b - a, [(0, 1), (1, 3)])
            os.write(write, repr(result).encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    with os.fdopen(read) as pipe:
        assert pipe.read() == "[1, 2]"


def _cases():
    rng = np.random.default_rng(11)
    n = 3001
    y = rng.random(n) < 0.3
    normal = rng.normal(size=n) * 3 + y  # both signs, squeezed keys
    with_zero = normal.copy()
    with_zero[1500] = 0.0  # squeezed keys that must keep zero at zero
    signed_zeros = with_zero.copy()
    signed_zeros[::97] = -0.0  # one score, a tie
    return {
        "both signs": (y, normal),
        "both signs with a zero": (y, with_zero),
        "signed zeros": (y, signed_zeros),
        "probabilities": (y, 1 / (1 + np.exp(-normal))),
        "non-positive": (y, -np.abs(normal)),
        "ties": (y, np.round(normal, 1)),
    }


CASES = _cases()
WEIGHTS = np.random.default_rng(12).random(3001) + 0.01
CALLS = [
    ("roc_curve", {}),
    ("roc_curve", {"drop_intermediate": False}),
    ("precision_recall_curve", {}),
    ("det_curve", {}),
    ("roc_auc_score", {}),
    ("average_precision_score", {}),
    ("roc_auc_score", {"sample_weight": WEIGHTS}),
    ("average_precision_score", {"sample_weight": WEIGHTS}),
]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize(("name", "options"), CALLS)
def test_threaded_metrics_equal_one_thread(small_parts, case, name, options):
    y, scores = CASES[case]
    function = getattr(metrics, name)
    small_parts.setenv("PHIDELTA_NUM_THREADS", "1")
    expected = function(y, scores, **options)
    small_parts.setenv("PHIDELTA_NUM_THREADS", "3")
    assert len(_parallel.row_parts(len(y), BLOCK)) == 3
    got = function(y, scores, **options)
    expected, got = (r if isinstance(r, tuple) else (r,) for r in (expected, got))
    for a, b in zip(expected, got, strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("case", ["both signs", "both signs with a zero", "probabilities"])
def test_threaded_ranking_equals_one_thread(small_parts, case):
    y, scores = CASES[case]
    small_parts.setenv("PHIDELTA_NUM_THREADS", "1")
    expected = rank_scores(scores, y)
    small_parts.setenv("PHIDELTA_NUM_THREADS", "3")
    got = rank_scores(scores, y)
    assert isinstance(got, RankedLabels)
    assert isinstance(expected, RankedLabels)
    np.testing.assert_array_equal(got.labels, expected.labels)
    np.testing.assert_array_equal(got.corner_points(), expected.corner_points())
    assert got.table() == expected.table()


@pytest.mark.parametrize("case", list(CASES))
def test_keys_sorted_in_parts_equal_one_sort(small_parts, case):
    y, scores = CASES[case]
    keys, code = _score_keys.labelled_keys(scores, y, float(scores.min()), float(scores.max()))
    expected = np.sort(keys)
    assert len(_parallel.row_parts(len(keys), 1, min_rows=64)) == 3
    _score_keys.sort_keys(keys, code)
    np.testing.assert_array_equal(keys, expected)


def test_a_tie_across_parts_is_found(small_parts):
    """The only shared score sits on the border of two parts: the scan of the first part
    compares its last key with the next part's first."""
    n = 3001
    scores = np.linspace(1.0, 2.0, n)[::-1].copy()
    border = _parallel.row_parts(n, BLOCK)[1][0]
    scores[border] = scores[border - 1]
    y = np.arange(n) % 2 == 0
    assert not isinstance(rank_scores(scores, y), RankedLabels)


@pytest.fixture
def small_input_parts(small_parts):
    small_parts.setattr(_inputs, "BLOCK_ROWS", BLOCK)
    return small_parts


@pytest.mark.parametrize(
    ("values", "expected"),
    [([0, 1], [0, 1]), ([3], [3]), ([-1, 1], [-1, 1]), ([0, 1, 2], None), ([0.5, np.nan], None)],
)
def test_two_classes_are_found_in_parts(small_input_parts, values, expected):
    y = np.resize(np.asarray(values), 1000)
    if len(values) == 2 and expected is not None:
        y[:300] = values[0]  # the second value first appears in a later block
    found = _inputs._at_most_two(y)
    assert (found is None) == (expected is None)
    if expected is not None:
        assert found.tolist() == expected


@pytest.mark.parametrize(("bad", "message"), [(np.nan, "NaN"), (np.inf, "infinity")])
def test_bounds_in_parts_find_a_bad_score_in_any_part(small_input_parts, bad, message):
    scores = np.linspace(-2.0, 3.0, 1000)
    assert _inputs.finite_bounds(scores)[1:] == (-2.0, 3.0)
    scores[900] = bad  # in the last part
    with pytest.raises(ValueError, match=message):
        _inputs.finite_bounds(scores, "y_score")


@pytest.mark.parametrize("threads", ["1", "3"])
def test_weights_gathered_over_the_order_equal_a_plain_gather(small_parts, threads):
    """Areas need no scores: the weights in rank order then take the order's memory, block by
    block; the counts are those of the ranking that keeps its scores."""
    small_parts.setenv("PHIDELTA_NUM_THREADS", threads)
    y, scores = CASES["both signs"]
    weights = np.random.default_rng(5).random(len(y)) + 0.01
    kept = rank_scores(scores, y, weights)
    counts_only = rank_scores(scores, y, weights, keep_scores=False)
    np.testing.assert_array_equal(counts_only.labels, kept.labels)
    np.testing.assert_array_equal(counts_only.weights, kept.weights)
    assert counts_only.total_positives == kept.total_positives
    with pytest.raises(RuntimeError, match="dropped"):
        counts_only.scores()
    assert metrics.roc_auc_score(y, scores, sample_weight=weights) == pytest.approx(
        _ranking.measures.auc(kept.table()), rel=1e-12
    )


@pytest.mark.parametrize("case", ["both signs", "probabilities"])
def test_weighted_areas_in_blocks_on_threads_equal_one_thread(small_parts, case):
    """The weighted AUC's blocks (running sums within a block, added in block order) and the
    ranked labels' class weights are the same on one thread and on three, the class weights
    found on the way are the ranked labels' own, and the area is the score table's."""
    y, scores = CASES[case]
    small_parts.setenv("PHIDELTA_NUM_THREADS", "1")
    ranked = rank_scores(scores, y, WEIGHTS, keep_scores=False)
    expected = _measures_ranking.ranked_weighted_auc_sums(ranked.labels, ranked.weights)
    totals = ranked.total_positives, ranked.total_negatives
    assert expected[1:] == totals
    small_parts.setenv("PHIDELTA_NUM_THREADS", "3")
    again = rank_scores(scores, y, WEIGHTS, keep_scores=False)
    assert len(_parallel.row_parts(len(y), BLOCK)) == 3
    assert _measures_ranking.ranked_weighted_auc_sums(again.labels, again.weights) == expected
    assert (again.total_positives, again.total_negatives) == totals
    assert totals == pytest.approx((WEIGHTS[y].sum(), WEIGHTS[~y].sum()), rel=1e-13)
    kept = rank_scores(scores, y, WEIGHTS)
    area = expected[0] / (2 * totals[0] * totals[1])
    assert area == pytest.approx(_measures_ranking.auc(kept.table()), rel=1e-13)


def test_dot_is_the_dot_product():
    a, b = np.random.default_rng(3).random((2, 1000))
    assert _compute.dot(a, b) == pytest.approx(float(np.dot(a, b)), rel=1e-14)
    assert _compute.dot(a[:0], b[:0]) == 0.0


@pytest.fixture
def small_stretches(monkeypatch):
    monkeypatch.setattr(_accumulate, "_PARALLEL_CELLS", 64)
    return monkeypatch


@pytest.mark.parametrize("prevalence", [0.0, 0.3, 0.8, 1.0])
@pytest.mark.parametrize("order", ["C", "F", "C, long rows", "C, wide"])
def test_column_sums_on_threads_equal_one_thread_and_the_products(
    small_stretches, prevalence, order
):
    """The signature's one read of a dense matrix: the same minimum, maximum and class sums on
    one thread and on three (a fixed number of stretches, added in order; by columns for a
    column-major matrix), equal to the products with the labels to rounding; NaN marks a
    column with a missing value."""
    if order == "C, long rows":  # rows added one by one
        small_stretches.setattr(_accumulate, "_LONG_ROW", 4)
    if order == "C, wide":  # results too large for 12 stretches: 2
        small_stretches.setattr(_accumulate, "_STRETCH_RESULTS", 32 * 7 * 2)
    order = order[0]
    rng = np.random.default_rng(4)
    x = np.asarray(rng.normal(size=(1000, 7)) * 10 + 3, order=order)
    x[500, 2] = np.nan
    is_pos = rng.random(1000) < prevalence
    small_stretches.setenv("PHIDELTA_NUM_THREADS", "1")
    expected = _accumulate.column_sums_and_range(x, is_pos, block_bytes=16 * 8 * 7)
    small_stretches.setenv("PHIDELTA_NUM_THREADS", "3")
    got = _accumulate.column_sums_and_range(x, is_pos, block_bytes=16 * 8 * 7)
    for a, b in zip(expected, got, strict=True):
        np.testing.assert_array_equal(a, b)
    low, high, pos_sum, neg_sum = got
    pos = is_pos.astype(np.float64)
    finite = np.arange(7) != 2
    np.testing.assert_array_equal(low[finite], x[:, finite].min(axis=0))
    np.testing.assert_array_equal(high[finite], x[:, finite].max(axis=0))
    assert np.isnan(low[2])
    assert np.isnan(high[2])
    np.testing.assert_allclose(pos_sum[finite], (pos @ x)[finite], rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(neg_sum[finite], ((1 - pos) @ x)[finite], rtol=1e-12, atol=1e-9)

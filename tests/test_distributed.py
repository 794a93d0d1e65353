"""Dask: per-partition counts reduced on a LocalCluster equal the single-machine results."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")
dd = pytest.importorskip("dask.dataframe")

import scipy.sparse as sp  # noqa: E402

from phidelta import BinaryCounts, measures  # noqa: E402
from phidelta import distributed as pdd  # noqa: E402
from phidelta.counts import ConfusionMatrix, ScoreTable  # noqa: E402
from phidelta.signatures import signature  # noqa: E402


def _uneven_chunks(n: int, rng: np.random.Generator) -> tuple[int, ...]:
    """Random chunk sizes including empty ones, summing to n."""
    cuts = np.sort(rng.integers(0, n + 1, 6))
    sizes = np.diff(np.concatenate([[0], cuts, [n]]))
    return (0, *sizes.tolist(), 0)


def test_counts_tables_and_matrices_equal_single_machine(client):
    rng = np.random.default_rng(7)
    n = 5000
    y = rng.integers(0, 2, n)
    y[:900] = 1  # the first partitions hold one class only
    p = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n) + y, 2)
    k, kp = rng.integers(0, 3, n), rng.integers(0, 3, n)
    chunks = (900, *_uneven_chunks(n - 900, rng))
    Y, P, S = (da.from_array(v, chunks=(chunks,)) for v in (y, p, s))
    assert pdd.counts(Y, P) == BinaryCounts.from_labels(y, p)
    table = ScoreTable.from_scores(y, s)
    assert pdd.score_table(Y, S) == table
    auc = measures.auc(table)
    assert measures.auc(pdd.score_table(Y, S)) == auc  # bit for bit
    assert pdd.partitioned_auc(Y, S, ranges=4) == auc  # range-partitioned on the workers
    assert pdd.partitioned_auc(table, ranges=4) == auc
    frame = dd.from_pandas(pd.DataFrame({"y": y, "s": s}), npartitions=5)
    assert pdd.partitioned_auc(frame.y, frame.s, ranges=4) == auc  # dask Series alike
    K, KP = (da.from_array(v, chunks=(chunks,)) for v in (k, kp))
    assert pdd.confusion_matrix(K, KP, classes=[0, 1, 2]) == ConfusionMatrix.from_labels(
        k, kp, classes=[0, 1, 2]
    )
    binned = pdd.binned_auc(Y, S, bins=40)
    assert abs(binned.auc - auc) <= binned.error_bound
    assert binned.error_bound > 0


def test_signatures_dense_sparse_and_dataframe(client):
    rng = np.random.default_rng(8)
    n = 4000
    y = rng.integers(0, 2, n)
    y[:300] = 1  # a one-class first partition
    x = rng.normal(size=(n, 12)) + y[:, None] * rng.random(12)
    chunks = (300, *_uneven_chunks(n - 300, rng))
    X = da.from_array(x, chunks=(chunks, 6))  # column blocks are joined per partition
    Y = da.from_array(y, chunks=(chunks,))
    got = pdd.signature(X, Y, pos_label=1)
    want = signature(x, y)
    assert_allclose(got.counts.to_array(), want.counts.to_array(), rtol=1e-12, atol=1e-9)
    bag = sp.random(n, 400, density=0.03, format="csr", random_state=3)
    bag.data[:] = 1 + (bag.data * 4).astype(int)  # term counts
    sparse_chunks = tuple(c for c in chunks)
    Xs = da.from_array(bag, chunks=(sparse_chunks, 400), asarray=False)
    assert pdd.signature(Xs, Y, pos_label=1).counts == signature(bag, y).counts
    frame = pd.DataFrame(
        {
            "cls": np.where(y == 1, "P", "N"),
            "f": x[:, 0],
            "g": rng.choice(list("abcd"), n),
            "h": rng.integers(0, 2, n),
        }
    )
    frame.loc[rng.random(n) < 0.05, "f"] = np.nan
    ddf = dd.from_pandas(frame, npartitions=7)
    got = pdd.signature(ddf, label="cls", pos_label="P")
    want = signature(frame.drop(columns=["cls"]), frame["cls"], pos_label="P")
    assert got.names == want.names
    assert_allclose(got.counts.to_array(), want.counts.to_array(), rtol=1e-12, atol=1e-9)


def test_numpy_inputs_stay_local_and_errors():
    y = np.array([0, 1, 1, 0])
    assert pdd.counts(y, y) == BinaryCounts.from_labels(y, y)
    Y = da.from_array(y, chunks=2)
    with pytest.raises(ValueError, match=r"different row chunks"):
        pdd.counts(Y, da.from_array(y, chunks=3))
    with pytest.raises(ValueError, match=r"same partitions"):
        pdd.counts(Y, da.from_array(y, chunks=1))
    unknown = da.from_array(y, chunks=2)[da.from_array(y, chunks=2) > 0]
    with pytest.raises(ValueError, match=r"unknown chunk sizes"):
        pdd.counts(unknown, unknown)
    with pytest.raises(ValueError, match=r"Pass `pos_label`"):
        pdd.signature(da.ones((4, 2), chunks=2), Y, pos_label=None)


def test_distributed_assessment_and_connection_errors(client):
    from phidelta.assessment import assess

    rng = np.random.default_rng(9)
    n = 3000
    y = rng.integers(0, 2, n)
    y[:500] = 0
    s = np.round(rng.random(n) * 0.6 + 0.4 * y, 3)
    p = (s > 0.5).astype(int)
    folds = rng.integers(1, 6, n)
    chunks = (500, *_uneven_chunks(n - 500, rng))
    Y, S, P, F = (da.from_array(v, chunks=(chunks,)) for v in (y, s, p, folds))
    got = pdd.assess(Y, y_pred=P, scores=S, folds=F, labels=[0, 1])
    want = assess(y, y_pred=p, scores=s, folds=folds)
    assert got.counts == want.counts
    assert [t == u for t, u in zip(got.tables, want.tables, strict=True)] == [True] * 5
    assert got.ratio == want.ratio
    with pytest.raises(ConnectionError, match=r"No Dask scheduler answered at tcp://127.0.0.1:9"):
        pdd.connect("tcp://127.0.0.1:9", timeout=2)


def test_a_table_in_memory_keeps_max_values():
    """``signature(frame, label=…, max_values=…)`` of a frame in memory keeps that many of a
    nominal column's values, as on Dask (it was dropped and the default 256 used)."""
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"y": [0, 1] * 10, "c": [f"v{i % 5}" for i in range(20)]})
    with pytest.warns(UserWarning, match="the 3 most frequent"):
        kept = pdd.signature(frame, label="y", max_values=3)
    assert len(kept.names) == 3
    assert {f"c(v{i})" for i in range(5)} <= set(pdd.signature(frame, label="y").names)

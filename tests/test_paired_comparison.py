"""The paired difference of a comparison (issue 29, item 4): the same interval as
paired_difference_interval on the same rows, whichever door reads them."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from numpy.testing import assert_array_equal

from phidelta.assessment import SUMMARY_MEASURES
from phidelta.comparison import compare, comparison_part
from phidelta.inference import (
    paired_difference_from_table,
    paired_difference_interval,
    paired_table,
)

pd = pytest.importorskip("pandas")


def _data(n=700, seed=11):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    good = 1 / (1 + np.exp(-(2 * y - 1) * 1.2 - rng.normal(0, 1, n)))
    poor = 1 / (1 + np.exp(-(2 * y - 1) * 0.5 - rng.normal(0, 1, n)))
    return y, good, poor, np.arange(n) % 5


def _same(got, want):
    assert_array_equal(got.table, want.table)
    assert got.methods == want.methods
    for field in ("difference", "low", "high", "estimate_a", "estimate_b"):
        assert getattr(got, field) == pytest.approx(getattr(want, field), rel=1e-12, nan_ok=True)


def test_from_table_is_the_interval_of_the_rows():
    y, good, poor, _ = _data()
    a, b = (good >= 0.5).astype(int), (poor >= 0.5).astype(int)
    rows = paired_difference_interval(y, a, b, random_state=4)
    table = paired_table(y == 1, a == 1, b == 1)
    assert_array_equal(table, rows.table)
    _same(paired_difference_from_table(table.reshape(8), random_state=4), rows)


@pytest.mark.parametrize(
    "table",
    [np.zeros(8, dtype=int), np.full(7, 3), [[[1, -1], [0, 0]], [[0, 0], [0, 2]]], np.full(8, 0.5)],
)
def test_from_table_refuses_what_is_not_a_table(table):
    with pytest.raises(ValueError, match=r"`table` must"):
        paired_difference_from_table(table)


def test_comparison_of_predictions_has_the_difference_of_its_rows():
    y, good, poor, folds = _data()
    a, b = (good >= 0.5).astype(int), (poor >= 0.5).astype(int)
    result = compare(y, y_pred=(a, b), folds=folds, measure="mcc")
    names = list(dict.fromkeys(["mcc", *SUMMARY_MEASURES]))
    _same(result.difference, paired_difference_interval(y, a, b, measures=names, random_state=0))
    row = result.summary()[-1]
    assert row["test"] == "paired difference"
    assert row["statistic"] == pytest.approx(result.difference.difference["mcc"], rel=1e-12)
    assert (row["low"], row["high"], row["method"]) == (
        result.difference.low["mcc"],
        result.difference.high["mcc"],
        "bca",
    )
    assert np.isnan(row["pvalue"])
    assert row["low"] < row["statistic"] < row["high"]
    # the verdict and the repr speak of the tests only
    assert "paired difference" not in result.verdict() + repr(result)
    # the same rows give the same interval every run (random_state=0)
    _same(compare(y, y_pred=(a, b), folds=folds, measure="mcc").difference, result.difference)


def test_scores_give_the_difference_at_the_decided_thresholds():
    y, good, poor, folds = _data()
    result = compare(y, scores=(good, poor), folds=folds, threshold=0.5)
    a, b = (good >= 0.5).astype(int), (poor >= 0.5).astype(int)
    names = list(dict.fromkeys(["accuracy", *SUMMARY_MEASURES]))
    _same(result.difference, paired_difference_interval(y, a, b, measures=names, random_state=0))
    assert result.summary()[-1]["method"] == "newcombe_paired"


def test_parts_add_their_tables_and_pickle():
    y, good, poor, folds = _data()
    a, b = (good >= 0.5).astype(int), (poor >= 0.5).astype(int)
    kwargs = {"classes": [0, 1], "positive": 1}
    whole = comparison_part(y, y_pred=(a, b), folds=folds, **kwargs)
    halves = [
        comparison_part(y[s], y_pred=(a[s], b[s]), folds=folds[s], **kwargs)
        for s in (slice(0, 300), slice(300, None))
    ]
    total = pickle.loads(pickle.dumps(halves[0])) + halves[1]
    assert_array_equal(total.table, whole.table)
    assert int(whole.table.sum()) == len(y)
    assert comparison_part(y, scores=(good, poor), **kwargs).table is None


def _frame(tmp_path):
    y, good, poor, folds = _data()
    frame = pd.DataFrame({"y": y, "p": good, "q": poor, "fold": folds})
    frame["pa"] = (frame.p >= 0.5).astype(int)
    frame["pb"] = (frame.q >= 0.5).astype(int)
    frame.loc[[4, 40], "q"] = np.nan  # left out of both
    frame.loc[[4, 40], "pb"] = np.nan
    path = tmp_path / "two.csv"
    frame.to_csv(path, index=False)
    return frame, path


@pytest.mark.parametrize("kind", ["score", "prediction"])
def test_every_door_gives_the_same_table_and_interval(tmp_path, kind):
    from phidelta.data import Roles, load_comparison

    frame, path = _frame(tmp_path)
    first, second = ("p", "q") if kind == "score" else ("pa", "pb")
    a = Roles("y", fold="fold", **{kind: first})
    b = Roles("y", fold="fold", **{kind: second})
    whole = load_comparison(path, a, b).difference
    kept = frame.dropna(subset=["q"])
    names = list(dict.fromkeys(["accuracy", *SUMMARY_MEASURES]))
    rows = paired_difference_interval(
        kept.y, kept.pa, kept.pb.astype(int), measures=names, random_state=0
    )
    _same(whole, rows)
    for chunksize in (7, 100, 10_000):
        _same(load_comparison(path, a, b, chunksize=chunksize).difference, whole)
    dd = pytest.importorskip("dask.dataframe")
    from phidelta.distributed import DaskTable

    dask_frame = dd.from_pandas(frame, npartitions=4)
    _same(load_comparison(DaskTable(dask_frame), a, b).difference, whole)


def test_cli_compare_json_carries_the_paired_difference(tmp_path, capsys):
    from phidelta.cli import main
    from phidelta.data import Roles, load_comparison

    _, path = _frame(tmp_path)
    code = main(
        [
            "assess", str(path), "--label", "y", "--score", "p", "--compare", "q",
            "--fold", "fold", "--compare-measure", "delta", "--format", "json",
        ]
    )  # fmt: skip
    assert code == 0
    document = json.loads(capsys.readouterr().out)
    expected = load_comparison(
        path,
        Roles("y", score="p", fold="fold"),
        Roles("y", score="q", fold="fold"),
        measure="delta",
    )
    row = document["comparison"][-1]
    want = expected.summary()[-1]
    assert row["test"] == "paired difference"
    assert row["statistic"] == pytest.approx(expected.difference.difference["delta"], rel=1e-12)
    assert row["detail"] == want["detail"]
    assert f"[{want['low']:.4g}, {want['high']:.4g}] (bca)" in row["detail"]

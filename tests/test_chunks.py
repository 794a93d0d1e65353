"""Chunked input: counts of blocks merge into the counts of the whole, for every counts type;
the CLI streams files with --chunksize and gets the same answers."""

from __future__ import annotations

import itertools
import json
import subprocess

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from phidelta import BinaryCounts
from phidelta.counts import ConfusionMatrix, ScoreTable


def _split(n: int, cuts: list[int]) -> list[slice]:
    points = sorted({0, n, *[c % (n + 1) for c in cuts]})
    return [slice(a, b) for a, b in itertools.pairwise(points)]


@given(
    n=st.integers(1, 200),
    cuts=st.lists(st.integers(0, 400), max_size=6),
    seed=st.integers(0, 2**31),
)
def test_every_counts_type_merges_exactly(n, cuts, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    p = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n), 1)
    groups = rng.integers(0, 3, n)
    k = rng.integers(0, 3, n)
    kp = rng.integers(0, 3, n)
    parts = _split(n, cuts)
    assert BinaryCounts.from_chunks([(y[c], p[c]) for c in parts]) == BinaryCounts.from_labels(y, p)
    grouped = BinaryCounts.from_chunks([(y[c], p[c], groups[c]) for c in parts])
    assert grouped == BinaryCounts.from_groups(y, p, groups).counts
    assert ScoreTable.from_chunks([(y[c], s[c]) for c in parts]) == ScoreTable.from_scores(y, s)
    assert ConfusionMatrix.from_chunks(
        [(k[c], kp[c]) for c in parts], classes=[0, 1, 2]
    ) == ConfusionMatrix.from_labels(k, kp, classes=[0, 1, 2])


def test_chunk_errors():
    with pytest.raises(ValueError, match=r"`chunks` is empty"):
        BinaryCounts.from_chunks([])
    with pytest.raises(TypeError, match=r"Chunk 0 must be"):
        BinaryCounts.from_chunks([[1, 0, 1, 0]])
    with pytest.raises(ValueError, match=r"`classes` is required"):
        ConfusionMatrix.from_chunks([([0], [0])], classes=None)
    with pytest.raises(ValueError, match=r"pass `pos_label`"):
        ScoreTable.from_chunks([(["a"], [0.5])])


pd = pytest.importorskip("pandas")
pytest.importorskip("click")


def _cli(*args):
    """The command line's entry point, in this process (output caught)."""
    import contextlib
    import io

    from phidelta.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def test_cli_streaming_matches_in_memory(tmp_path, refdata):
    rng = np.random.default_rng(3)
    n = 5000
    y = rng.integers(0, 2, n)
    score = 1 / (1 + np.exp(-(rng.normal(size=n) + 2 * y - 1)))
    frame = pd.DataFrame(
        {
            "y": np.where(y == 1, "pos", "neg"),
            "p": np.round(score, 3),
            "yhat": np.where(score > 0.5, "pos", "neg"),
            "fold": rng.integers(1, 6, n),
            "f1": rng.normal(size=n),
            "f2": rng.integers(0, 2, n),
            "f3": rng.choice(list("abc"), n),
        }
    )
    csv = tmp_path / "big.csv"
    frame.to_csv(csv, index=False)
    parquet = tmp_path / "big.parquet"
    frame.to_parquet(parquet)
    whole = _cli("stats", str(csv), "--label", "y", "--positive", "pos", "--format", "json")
    for path in (csv, parquet):
        streamed = _cli(
            "stats",
            str(path),
            "--label",
            "y",
            "--positive",
            "pos",
            "--format",
            "json",
            "--chunksize",
            "777",
        )
        assert streamed.returncode == 0, streamed.stderr
        a, b = json.loads(whole.stdout)["rows"], json.loads(streamed.stdout)["rows"]
        assert [r["name"] for r in a] == [r["name"] for r in b]
        assert_allclose([r["phi"] for r in a], [r["phi"] for r in b], atol=1e-12)
    args = [
        "assess",
        str(csv),
        "--label",
        "y",
        "--prediction",
        "yhat",
        "--score",
        "p",
        "--fold",
        "fold",
        "--positive",
        "pos",
        "--format",
        "json",
    ]
    a = json.loads(_cli(*args).stdout)
    b = json.loads(_cli(*args, "--chunksize", "333").stdout)
    assert a == b
    args = ["triangle", str(csv), "--label", "y", "--prediction", "yhat", "--format", "json"]
    assert json.loads(_cli(*args).stdout) == json.loads(_cli(*args, "--chunksize", "999").stdout)
    bad = _cli("stats", str(csv), "--label", "nope", "--chunksize", "100")
    assert bad.returncode != 0
    assert "column 'nope'" in bad.stderr


def test_cli_dask_engine_matches_numpy(tmp_path):
    pytest.importorskip("dask.dataframe")
    rng = np.random.default_rng(4)
    n = 3000
    y = rng.integers(0, 2, n)
    score = np.round(rng.random(n) * 0.6 + 0.4 * y, 3)
    frame = pd.DataFrame(
        {
            "y": y,
            "p": score,
            "yhat": (score > 0.5).astype(int),
            "fold": rng.integers(1, 4, n),
            "f1": rng.normal(size=n),
            "f2": rng.choice(list("xyz"), n),
        }
    )
    csv = tmp_path / "d.csv"
    frame.to_csv(csv, index=False)
    for args in (
        ["stats", str(csv), "--label", "y", "--positive", "1"],
        [
            "assess",
            str(csv),
            "--label",
            "y",
            "--prediction",
            "yhat",
            "--score",
            "p",
            "--fold",
            "fold",
            "--positive",
            "1",
        ],
        ["triangle", str(csv), "--label", "y", "--prediction", "yhat"],
    ):
        local = _cli(*args, "--format", "json")
        dask_run = _cli(*args, "--format", "json", "--engine", "dask")
        assert dask_run.returncode == 0, dask_run.stderr
        a, b = json.loads(local.stdout)["rows"], json.loads(dask_run.stdout)["rows"]
        assert len(a) == len(b)
        for ra, rb in zip(a, b, strict=True):
            for key, value in ra.items():
                if isinstance(value, float):
                    assert rb[key] == pytest.approx(value, rel=1e-12, abs=1e-12), key
                else:
                    assert rb[key] == value, key
    dead = _cli(
        "stats", str(csv), "--label", "y", "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9"
    )
    assert dead.returncode != 0
    assert "No Dask scheduler answered" in dead.stderr

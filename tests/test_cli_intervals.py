"""--confidence-level on ``assess``, ``stats`` and ``report`` (issue 29, item 5): the doors'
intervals are those of :func:`phidelta.inference.measure_intervals` on the same counts."""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

from phidelta.counts import BinaryCounts
from phidelta.inference import measure_intervals, rate_intervals

pytest.importorskip("click")
pytest.importorskip("matplotlib")

from tests.test_cli import run

MEASURES = (
    "accuracy",
    "unbiased_accuracy",
    "sensitivity",
    "specificity",
    "precision",
    "f1_score",
    "mcc",
    "unbiased_mcc",
    "phi",
    "delta",
)


@pytest.fixture(scope="module")
def predictions(tmp_path_factory):
    rng = np.random.default_rng(7)
    n = 240
    y = rng.integers(0, 2, n)
    p = 1 / (1 + np.exp(-(rng.normal(size=n) + 1.6 * y - 0.8)))
    q = 1 / (1 + np.exp(-(rng.normal(size=n) + 0.8 * y - 0.4)))
    fold = rng.integers(1, 4, n)
    path = tmp_path_factory.mktemp("intervals") / "preds.csv"
    lines = [
        "y,p,q,fold",
        *(f"{a},{b:.17g},{c:.17g},{d}" for a, b, c, d in zip(y, p, q, fold, strict=True)),
    ]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.fixture(scope="module")
def features(tmp_path_factory):
    rng = np.random.default_rng(3)
    n = 150
    y = rng.integers(0, 2, n)
    a = np.where(rng.random(n) < 0.75, y, 1 - y)
    b = rng.integers(0, 2, n)
    colour = rng.choice(["red", "green", "blue"], n)
    x = rng.normal(size=n) + y
    path = tmp_path_factory.mktemp("intervals") / "features.csv"
    rows = [f"{u},{v},{w},{c},{s:.17g}" for u, v, w, c, s in zip(y, a, b, colour, x, strict=True)]
    path.write_text("\n".join(["y,a,b,colour,x", *rows]) + "\n")
    return str(path)


def assess_json(*args: str) -> dict:
    done = run("assess", *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def fold_counts(rows: list[dict]) -> BinaryCounts:
    """The counts of the fold rows and the pooled row, as the JSON gives them."""
    kept = [r for r in rows if r["row"] not in ("mean", "std")]
    return BinaryCounts(*([r[k] for r in kept] for k in ("tn", "fp", "fn", "tp")))


def column(rows: list[dict], key: str) -> np.ndarray:
    return np.array([np.nan if r[key] is None else r[key] for r in rows], float)


@pytest.mark.parametrize(("method", "library"), [("auto", "auto"), ("bootstrap", "bca")])
def test_assess_intervals_are_measure_intervals(predictions, method, library):
    doc = assess_json(
        predictions, "--label", "y", "--score", "p", "--fold", "fold",
        "--confidence-level", "0.9", "--interval-method", method, "--random-state", "5",
    )  # fmt: skip
    rows = doc["rows"]
    assert [r["row"] for r in rows][-3:] == ["pooled", "mean", "std"]
    expected = measure_intervals(
        fold_counts(rows),
        measures=MEASURES,
        confidence_level=0.9,
        method=library,
        random_state=5,
    )
    k = len(rows) - 2
    for name in MEASURES:
        assert_allclose(column(rows, name)[:k], expected.estimate[name], rtol=1e-12)
        assert_allclose(column(rows, f"{name}_low")[:k], expected.low[name], rtol=1e-12)
        assert_allclose(column(rows, f"{name}_high")[:k], expected.high[name], rtol=1e-12)
        assert np.isnan(column(rows, f"{name}_low")[k:]).all()  # mean, std: none
    assert doc["confidence_level"] == 0.9
    assert doc["random_state"] == 5
    assert doc["intervals"] == expected.methods | {"auc": "delong"}


def test_assess_rates_agree_with_wilson(predictions):
    """The rates' columns by "auto" are the Wilson intervals the assessment gave before."""
    rows = assess_json(
        predictions, "--label", "y", "--score", "p", "--fold", "fold", "--confidence-level", "0.8"
    )["rows"]
    counts = fold_counts(rows)
    wilson = rate_intervals(counts, confidence_level=0.8)
    k = len(counts)
    for name in ("sensitivity", "specificity", "precision"):
        assert_allclose(column(rows, f"{name}_low")[:k], wilson[name].low, rtol=1e-12)
        assert_allclose(column(rows, f"{name}_high")[:k], wilson[name].high, rtol=1e-12)


def test_assess_intervals_bracket_their_values(predictions):
    rows = assess_json(
        predictions, "--label", "y", "--score", "p", "--fold", "fold", "--confidence-level", "0.95"
    )["rows"]
    for name in (*MEASURES, "auc"):
        value, low, high = (column(rows, name + end) for end in ("", "_low", "_high"))
        defined = ~np.isnan(low)
        assert defined.sum() >= 4  # three folds and the pooled row
        assert np.all(low[defined] <= value[defined] + 1e-12)
        assert np.all(value[defined] <= high[defined] + 1e-12)


def test_same_file_same_intervals_in_chunks(predictions):
    args = (predictions, "--label", "y", "--score", "p", "--fold", "fold")
    args += ("--confidence-level", "0.95", "--interval-method", "percentile")
    first, again = assess_json(*args), assess_json(*args)
    chunked = assess_json(*args, "--chunksize", "37")
    assert first == again
    assert first["rows"] == chunked["rows"]


def test_without_the_switch_nothing_changes(predictions):
    rows = assess_json(predictions, "--label", "y", "--score", "p", "--fold", "fold")["rows"]
    assert "mcc_low" not in rows[0]
    assert "sensitivity_low" in rows[0]


def test_compare_gives_both_classifiers_intervals(predictions):
    doc = assess_json(
        predictions, "--label", "y", "--score", "p", "--compare", "q", "--fold", "fold",
        "--confidence-level", "0.95",
    )  # fmt: skip
    for name in ("p", "q"):
        rows = [r for r in doc["rows"] if r["classifier"] == name]
        expected = measure_intervals(
            fold_counts(rows), measures=["mcc", "delta"], random_state=0
        )  # the default seed: 0
        assert_allclose(column(rows, "mcc_low")[:-2], expected.low["mcc"], rtol=1e-12)
        assert_allclose(column(rows, "delta_high")[:-2], expected.high["delta"], rtol=1e-12)


@pytest.mark.parametrize("level", ["0", "1", "1.5", "-0.2", "abc", "nan", "95"])
@pytest.mark.parametrize("command", ["assess", "stats", "report"])
def test_bad_levels_are_refused_in_one_line(predictions, tmp_path, command, level):
    args = {
        "assess": ("assess", predictions, "--label", "y", "--score", "p"),
        "stats": ("stats", predictions, "--label", "y"),
        "report": ("report", "--predictions", predictions, "--label", "y", "--score", "p",
                   "-o", str(tmp_path / "r.html")),
    }[command]  # fmt: skip
    done = run(*args, "--confidence-level", level)
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert "--confidence-level" in done.stderr
    assert "(0, 1)" in done.stderr
    assert not (tmp_path / "r.html").exists()


def test_method_and_seed_need_the_level(predictions):
    done = run("assess", predictions, "--label", "y", "--score", "p", "--random-state", "3")
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "Error: --interval-method and --random-state choose the intervals of "
        "--confidence-level: give --confidence-level too"
    )


def stats_json(*args: str) -> dict:
    done = run("stats", *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


STATS = {
    "specificity": "specificity",
    "sensitivity": "sensitivity",
    "phi": "phi",
    "delta": "delta",
    "information_gain": "unbiased_information_gain",
}


def test_stats_intervals_of_integer_counts(features):
    from phidelta.data import Roles, load_signature

    doc = stats_json(
        features, "--label", "y", "--ignore", "x", "--confidence-level", "0.9",
        "--random-state", "11",
    )  # fmt: skip
    sig = load_signature(features, Roles("y"), kinds={"x": "ignore"})
    res = measure_intervals(sig.counts, measures=list(STATS.values()), confidence_level=0.9,
                            random_state=11)  # fmt: skip
    at = {name: i for i, name in enumerate(sig.names)}
    assert len(doc["rows"]) == len(sig) == 5  # a, b and the three colours, ranked
    for row in doc["rows"]:
        i = at[row["name"]]
        for key, measure in STATS.items():
            assert row[key] == pytest.approx(res.estimate[measure][i], rel=1e-12)
            assert row[f"{key}_low"] == pytest.approx(res.low[measure][i], rel=1e-12)
            assert row[f"{key}_high"] == pytest.approx(res.high[measure][i], rel=1e-12)
            if res.methods[measure] not in ("bca", "percentile"):  # closed forms bracket
                assert row[f"{key}_low"] <= row[key] <= row[f"{key}_high"]
    assert doc["intervals"] == {k: res.methods[m] for k, m in STATS.items()}
    assert doc["no_interval"] is None


def test_stats_gives_soft_counts_no_interval(features):
    doc = stats_json(features, "--label", "y", "--confidence-level", "0.95")
    soft = [r for r in doc["rows"] if r["kind"] == "numeric"]
    assert len(soft) == 1
    assert all(soft[0][f"{k}_low"] is None for k in STATS)
    assert all(soft[0][f"{k}_high"] is None for k in STATS)
    assert "soft counts" in doc["no_interval"]
    counted = [r for r in doc["rows"] if r["kind"] != "numeric"]
    assert all(r["delta_low"] is not None for r in counted)


def test_stats_threshold_features_are_counted(features):
    from phidelta.data import Roles, load_signature

    doc = stats_json(features, "--label", "y", "--numeric", "threshold", "--confidence-level",
                     "0.95")  # fmt: skip
    sig = load_signature(features, Roles("y"), numeric="threshold")
    i = sig.names.index("x")
    res = measure_intervals(sig.counts[[i]], measures=["delta"], random_state=0)
    (row,) = [r for r in doc["rows"] if r["name"] == "x"]
    assert row["delta_low"] == pytest.approx(res.low["delta"][0], rel=1e-12)
    assert "searched" in doc["cuts"]


def test_stats_same_file_same_intervals_in_chunks(features):
    args = (features, "--label", "y", "--ignore", "x", "--confidence-level", "0.95")
    assert stats_json(*args)["rows"] == stats_json(*args, "--chunksize", "40")["rows"]


def test_report_shows_the_library_intervals(predictions, tmp_path):
    from phidelta.data import Roles, load_assessment

    out = tmp_path / "r.html"
    done = run(
        "report", "--predictions", predictions, "--label", "y", "--score", "p", "--fold",
        "fold", "--confidence-level", "0.9", "--random-state", "4", "-o", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    page = html.unescape(out.read_text(encoding="utf-8"))
    result = load_assessment(predictions, Roles("y", score="p", fold="fold"))
    counts = BinaryCounts.concat([result.counts, result.pooled()])
    res = measure_intervals(counts, measures=MEASURES, confidence_level=0.9, random_state=4)
    cells = re.findall(r"<td[^>]*>([^<]*\[[^<]*\])</td>", page)
    assert len(cells) == len(MEASURES) * len(counts)  # every fold and the pooled row
    for name in MEASURES:
        for low, high in zip(res.low[name], res.high[name], strict=True):
            assert f"[{low:.2f},\xa0{high:.2f}]" in page
    assert "Intervals at 90%: wilson: accuracy" in page
    assert "with its 90% pointwise (bootstrap percentile) and simultaneous" in page
    assert "90% Wilson interval" in page
    assert "DeLong 90% CI" in page


def test_report_without_the_switch_has_no_intervals(predictions, tmp_path):
    out = tmp_path / "r.html"
    done = run("report", "--predictions", predictions, "--label", "y", "--score", "p",
               "-o", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert "Intervals at" not in page
    assert "pointwise (bootstrap" not in page
    assert_array_equal(re.findall(r"\[\d\.\d\d,", page), [])

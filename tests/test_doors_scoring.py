"""One door for data, for the tests and curves of scoring classifiers (issue 30, item 8).

A predictions file with text classes, a missing score and an ``NA`` marker goes through the
Python API (pandas reads it, the library functions get the rows) and through the command line
(``roc-test``, ``calibration``, ``decision`` and ``power`` with ``--format json``): the numbers
must agree, resampling ones with the same seed.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from numpy.testing import assert_allclose

pd = pytest.importorskip("pandas")
pytest.importorskip("click")
pytest.importorskip("matplotlib")

from click.testing import CliRunner  # noqa: E402

from phidelta.cli import cli  # noqa: E402
from phidelta.counts import ScoreTable  # noqa: E402
from phidelta.inference import (  # noqa: E402
    auc_power,
    calibration_summary,
    hosmer_lemeshow_test,
    net_benefit_difference,
    roc_test,
)
from phidelta.measures import (  # noqa: E402
    debiased_calibration_error,
    decision_curve,
    expected_calibration_error,
)


@pytest.fixture(scope="module")
def predictions(tmp_path_factory):
    """A file of two probability columns; row 3 has an empty cell, row 7 an NA."""
    rng = np.random.default_rng(30)
    n = 160
    y = rng.integers(0, 2, n)
    a = 1 / (1 + np.exp(-(1.6 * y - 0.8 + rng.normal(size=n))))
    b = 1 / (1 + np.exp(-(0.7 * y - 0.35 + rng.normal(size=n))))
    frame = pd.DataFrame(
        {"y": np.where(y == 1, "sick", "well"), "a": a.round(3), "b": b.round(2).astype(object)}
    )
    frame.loc[3, "a"] = np.nan
    frame.loc[7, "b"] = "NA"
    path = tmp_path_factory.mktemp("scoring") / "predictions.csv"
    frame.to_csv(path, index=False)
    return path


def _python(path):
    """The Python door: pandas reads the file, the rows with a missing score are dropped."""
    frame = pd.read_csv(path, na_values=["NA"]).dropna()
    return frame["y"].to_numpy(), frame["a"].to_numpy(float), frame["b"].to_numpy(float)


def _cli(*args: str) -> dict:
    result = CliRunner().invoke(cli, [*args, "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _read(path, *args: str) -> list[str]:
    return [str(path), "--label", "y", "--positive", "sick", *args, "--missing-values", "NA"]


@pytest.mark.parametrize(
    "options",
    [
        {"method": "delong"},
        {"method": "delong", "paired": False, "alternative": "greater"},
        {"method": "bootstrap", "random_state": 3},
        {"method": "bootstrap", "fpr_range": (0.0, 0.2), "mcclish": True, "random_state": 1},
        {"method": "specificity", "specificity": 0.8, "random_state": 2},
        {"method": "venkatraman", "random_state": 5},
        {"method": "venkatraman", "paired": False, "random_state": 5},
    ],
    ids=lambda o: "-".join(str(v) for v in o.values()),
)
def test_roc_test_doors_agree(predictions, options):
    y, a, b = _python(predictions)
    args = ["--method", options["method"]]
    if options.get("paired") is False:
        args.append("--unpaired")
    if "alternative" in options:
        args += ["--alternative", options["alternative"]]
    if "fpr_range" in options:
        args += ["--fpr-range", ",".join(map(str, options["fpr_range"]))]
    if options.get("mcclish"):
        args.append("--mcclish")
    if "specificity" in options:
        args += ["--specificity", str(options["specificity"])]
    args += ["--random-state", str(options.get("random_state", 0))]
    doc = _cli("roc-test", *_read(predictions, "--score", "a", "--score", "b", *args))
    kwargs = {"random_state": 0} | options
    expected = roc_test((y, a), (y, b), pos_label="sick", n_resamples=2000, **kwargs)
    (row,) = doc["rows"]
    assert doc["rows_used"] == len(y) == 158
    assert doc["rows_left_out"] == 2
    assert doc["paired"] is expected.paired
    assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-12)
    assert row["pvalue"] == pytest.approx(expected.pvalue, rel=1e-12)
    if options["method"] != "venkatraman":
        low, high = expected.confidence_interval()
        assert row["estimate_a"] == pytest.approx(expected.estimate_a, rel=1e-12)
        assert row["estimate_b"] == pytest.approx(expected.estimate_b, rel=1e-12)
        assert row["difference_low"] == (None if np.isinf(low) else pytest.approx(low, rel=1e-12))
        assert row["difference_high"] == (
            None if np.isinf(high) else pytest.approx(high, rel=1e-12)
        )


def test_calibration_doors_agree(predictions):
    y, a, b = _python(predictions)
    doc = _cli("calibration", *_read(predictions, "--score", "a", "--score", "b", "--bins", "8"))
    got = {row["statistic"]: row for row in doc["rows"]}
    for name, p in (("a", a), ("b", b)):
        rms = calibration_summary(y, p, pos_label="sick").to_dict()
        for key, value in rms.items():
            assert got[key][name] == (None if np.isnan(value) else pytest.approx(value, rel=1e-12))
        hl = hosmer_lemeshow_test(y, p, pos_label="sick")
        assert got["HL:Chi-sq"][name] == pytest.approx(hl.statistic, rel=1e-12)
        assert got["HL:p"][name] == pytest.approx(hl.pvalue, rel=1e-12)
        assert got["HL:df"][name] == hl.df
        for strategy, key in (("uniform", "ECE (equal width)"), ("quantile", "ECE (equal mass)")):
            ece = expected_calibration_error(y, p, pos_label="sick", bins=8, strategy=strategy)
            assert got[key][name] == pytest.approx(ece.ece, rel=1e-12)
        debiased = debiased_calibration_error(y, p, pos_label="sick", bins=8)
        assert got["ℓ2 CE (debiased)"][name] == pytest.approx(debiased.error, rel=1e-12, abs=1e-15)


def test_decision_doors_agree(predictions):
    y, a, b = _python(predictions)
    grid = np.array([0.05, 0.1, 0.15, 0.2, 0.3, 0.5])
    doc = _cli(
        "decision",
        *_read(predictions, "--score", "a", "--score", "b"),
        "--thresholds",
        "0.05,0.1,0.15,0.2,0.3,0.5",
        "--random-state",
        "4",
        "--resamples",
        "500",
    )
    columns = {k: np.array([r[k] for r in doc["rows"]], dtype=float) for k in doc["rows"][0]}
    for name, p in (("a", a), ("b", b)):
        curve = decision_curve(ScoreTable.from_scores(y, p, pos_label="sick"), thresholds=grid)
        assert_allclose(columns[f"{name}:net_benefit"], curve.net_benefit, rtol=1e-12)
        assert_allclose(columns["treat_all"], curve.treat_all, rtol=1e-12)
        assert_allclose(
            columns[f"{name}:net_interventions_avoided"],
            curve.net_interventions_avoided(),
            rtol=1e-12,
        )
    diff = net_benefit_difference(
        y, a, b, pos_label="sick", thresholds=grid, n_resamples=500, random_state=4
    )
    rows = doc["difference"]
    for key in ("difference", "low", "high", "simultaneous_low", "pvalue"):
        assert_allclose([r[key] for r in rows], getattr(diff, key), rtol=1e-12)


def test_thresholds_as_a_range_are_the_grid_of_that_step(predictions):
    doc = _cli("decision", *_read(predictions, "--score", "a"), "--thresholds", "0.1:0.3:0.1")
    assert [r["threshold_probability"] for r in doc["rows"]] == [0.1, 0.2, 0.3]
    assert "difference" not in doc


def test_power_doors_agree():
    doc = _cli("power", "--auc", "0.75", "--power", "0.9", "--ratio", "2")
    expected = auc_power(0.75, power=0.9, ratio=2)
    (row,) = doc["rows"]
    assert row["n_positives"] == pytest.approx(expected.n_positives, rel=1e-12)
    assert row["n_negatives"] == pytest.approx(2 * expected.n_positives, rel=1e-12)
    back = _cli("power", "--auc", "0.75", "--positives", str(row["n_positives"]), "--ratio", "2")
    assert back["rows"][0]["power"] == pytest.approx(0.9, rel=1e-9)  # the two directions meet

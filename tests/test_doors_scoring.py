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
    binormal_roc_power,
    calibration_summary,
    coordinate_intervals,
    hosmer_lemeshow_test,
    net_benefit_difference,
    roc_difference_band,
    roc_power,
    roc_test,
)
from phidelta.measures import (  # noqa: E402
    debiased_calibration_error,
    decision_curve,
    expected_calibration_error,
    optimal_points,
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


@pytest.fixture(scope="module")
def second_sample(tmp_path_factory):
    """Another sample (other rows, other size): its curve is unpaired with the first file's."""
    rng = np.random.default_rng(31)
    n = 120
    y = rng.integers(0, 2, n)
    a = 1 / (1 + np.exp(-(0.5 * y - 0.25 + rng.normal(size=n))))
    frame = pd.DataFrame({"y": np.where(y == 1, "sick", "well"), "a": a.round(3)})
    path = tmp_path_factory.mktemp("scoring_b") / "second.csv"
    frame.to_csv(path, index=False)
    return path, frame["y"].to_numpy(), frame["a"].to_numpy(float)


@pytest.mark.parametrize(
    "options",
    [
        {"method": "delong"},
        {"method": "bootstrap", "random_state": 4},
        {"method": "venkatraman", "random_state": 6, "n_resamples": 300},
    ],
    ids=lambda o: o["method"],
)
def test_roc_test_of_two_files_is_unpaired(predictions, second_sample, options):
    frame = pd.read_csv(predictions, na_values=["NA"]).dropna(subset=["a"])  # only a is read
    y, a = frame["y"].to_numpy(), frame["a"].to_numpy(float)
    path_b, y_b, a_b = second_sample
    resamples = options.get("n_resamples", 2000)
    doc = _cli(
        "roc-test",
        *_read(predictions),
        str(path_b),
        "--score",
        "a",
        "--method",
        options["method"],
        "--random-state",
        str(options.get("random_state", 0)),
        "--resamples",
        str(resamples),
    )
    kwargs = {"random_state": 0, "n_resamples": resamples} | options
    curve_a, curve_b = (y, a), (y_b, a_b)
    expected = roc_test(curve_a, curve_b, pos_label="sick", **kwargs)
    (row,) = doc["rows"]
    assert doc["paired"] is False is expected.paired
    assert (doc["rows_used_a"], doc["rows_used_b"]) == (159, 120)
    assert row["curve_a"] == "a (predictions.csv)"
    assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-12)
    assert row["pvalue"] == pytest.approx(expected.pvalue, rel=1e-12)
    if options["method"] == "venkatraman":  # its interval: the band of the curves' difference
        band = roc_difference_band(
            curve_a, curve_b, pos_label="sick", n_resamples=resamples, random_state=6
        )
        for key in band._fields:
            assert_allclose([r[key] for r in doc["band"]], getattr(band, key), rtol=1e-12)
    else:
        assert_allclose(
            [row["difference_low"], row["difference_high"]],
            expected.confidence_interval(),
            rtol=1e-12,
        )


def test_power_of_two_curves_both_directions():
    args = ["--binormal", "1.5,1", "--binormal", "1,1", "--r-positives", "0.4"]
    args += ["--r-negatives", "0.5", "--ratio", "1.5"]
    doc = _cli("power", *args, "--power", "0.8")
    expected = binormal_roc_power(
        1.5, 1, 1, 1, r_positives=0.4, r_negatives=0.5, ratio=1.5, power=0.8
    )
    (row,) = doc["rows"]
    assert row["n_positives"] == pytest.approx(expected.n_positives, rel=1e-12)
    assert row["difference"] == pytest.approx(expected.difference, rel=1e-12)
    back = _cli("power", *args, "--positives", str(row["n_positives"]))
    assert back["rows"][0]["power"] == pytest.approx(0.8, rel=1e-9)  # the two directions meet
    published = _cli("power", *args, "--power", "0.8", "--formula", "obuchowski")["rows"][0]
    assert published["n_positives"] > row["n_positives"]  # pROC's variances are larger


def test_power_of_a_pilot_study(predictions, second_sample):
    y, a, b = _python(predictions)
    doc = _cli(
        "power", "--pilot", *_read(predictions, "--score", "a", "--score", "b"), "--power", "0.9"
    )
    expected = roc_power((y, a), (y, b), pos_label="sick", power=0.9)
    (row,) = doc["rows"]
    assert doc["paired"] is True
    assert row["n_positives"] == pytest.approx(expected.n_positives, rel=1e-12)
    assert row["n_negatives"] == pytest.approx(expected.n_negatives, rel=1e-12)
    path_b, y_b, a_b = second_sample
    frame = pd.read_csv(predictions, na_values=["NA"]).dropna(subset=["a"])  # only a is read
    y, a = frame["y"].to_numpy(), frame["a"].to_numpy(float)
    doc = _cli(
        "power",
        "--pilot",
        *_read(predictions),
        "--pilot",
        str(path_b),
        "--score",
        "a",
        "--positives",
        "30",
        "--negatives",
        "45",
    )
    expected = roc_power((y, a), (y_b, a_b), pos_label="sick", n_positives=30, ratio=1.5)
    assert doc["paired"] is False
    assert doc["rows"][0]["power"] == pytest.approx(expected.power, rel=1e-12)


def test_best_threshold_doors_agree(predictions):
    frame = pd.read_csv(predictions, na_values=["NA"]).dropna(subset=["a"])
    folds = np.arange(len(frame)) % 4
    frame = frame.assign(fold=folds)
    path = predictions.parent / "folds.csv"
    frame.to_csv(path, index=False)
    doc = _cli(
        "best-threshold",
        *_read(path, "--score", "a", "--fold", "fold"),
        "--criterion",
        "closest_topleft",
        "--cost-ratio",
        "2",
        "--prevalence",
        "0.3",
        "--resamples",
        "200",
        "--random-state",
        "3",
    )
    is_sick = frame["y"].to_numpy() == "sick"
    scores = frame["a"].to_numpy(float)
    rows = {r["fold"]: r for r in doc["rows"]}
    for fold in range(4):  # pROC's best.weights = c(2, 0.3): cost 2, ratio 0.7 / 0.3
        table = ScoreTable.from_scores(is_sick[folds == fold], scores[folds == fold])
        points = optimal_points(table, criterion="closest_topleft", cost_ratio=2, ratio=0.7 / 0.3)
        assert rows[str(fold)]["threshold"] == pytest.approx(points.thresholds[0], rel=1e-12)
        assert rows[str(fold)]["sensitivity"] == pytest.approx(points.tpr[0], rel=1e-12)
    chosen = np.array([rows[str(f)]["threshold"] for f in range(4)])
    assert rows["mean"]["threshold"] == pytest.approx(chosen.mean(), rel=1e-12)
    assert rows["std"]["threshold"] == pytest.approx(chosen.std(), rel=1e-12)
    assert doc["threshold_range"] == pytest.approx(np.ptp(chosen), rel=1e-12)
    pooled = coordinate_intervals(
        ScoreTable.from_scores(is_sick, scores),
        "best",
        criterion="closest_topleft",
        cost_ratio=2,
        ratio=0.7 / 0.3,
        n_resamples=200,
        random_state=3,
    )
    for end, bound in (("", pooled.estimate), ("_low", pooled.low), ("_high", pooled.high)):
        assert rows["pooled"][f"threshold{end}"] == pytest.approx(bound["threshold"][0])

"""What the command line's tables carry and how they read (issue 28): ``assess`` gives the
pooled counts, the mean and std over folds and the intervals the report shows, in every
format; a table reads the same piped as on a terminal; ``stats`` leaves out the columns that
repeat their base columns at N/P = 1."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest
from numpy.testing import assert_allclose

pytest.importorskip("click")
pytest.importorskip("rich")
pd = pytest.importorskip("pandas")

from phidelta import inference, measures  # noqa: E402
from phidelta._format import column_text  # noqa: E402
from phidelta.cli import main  # noqa: E402
from phidelta.counts import BinaryCounts, ScoreTable  # noqa: E402

SUMMARY_ROWS = ["pooled", "mean", "std"]


def cli(capsys: pytest.CaptureFixture, *args: str) -> str:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def predictions(tmp_path_factory):
    rng = np.random.default_rng(7)
    n = 600
    y = rng.integers(0, 2, n)
    score = np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 2 * y - 1))), 3)  # with ties
    frame = pd.DataFrame(
        {"y": y, "s": score, "yhat": (score > 0.6).astype(int), "fold": rng.integers(1, 5, n)}
    )
    path = tmp_path_factory.mktemp("tables") / "predictions.csv"
    frame.to_csv(path, index=False)
    return str(path), frame


ASSESS = ("--label", "y", "--prediction", "yhat", "--score", "s", "--fold", "fold")


def test_assess_json_has_pooled_mean_std_rows_and_intervals(predictions, capsys):
    path, frame = predictions
    rows = json.loads(cli(capsys, "assess", path, *ASSESS, "--format", "json"))["rows"]
    folds = sorted(frame.fold.unique())
    assert [r["row"] for r in rows] == [str(f) for f in folds] + SUMMARY_ROWS
    by = {r["row"]: r for r in rows}
    # the library's functions on counts and score tables built here, not through the CLI's path
    per_fold, _ = BinaryCounts.from_groups(frame.y, frame.yhat, frame.fold)
    pooled = BinaryCounts.from_labels(frame.y, frame.yhat, pos_label=1)
    assert [by["pooled"][f] for f in ("tn", "fp", "fn", "tp")] == [
        int(getattr(pooled, f)[0]) for f in ("tn", "fp", "fn", "tp")
    ]
    for name in ("accuracy", "mcc", "delta", "phi", "f1_score"):
        fold_values = getattr(measures, name)(per_fold)
        assert_allclose([by[str(f)][name] for f in folds], fold_values, rtol=1e-12)
        assert by["pooled"][name] == pytest.approx(getattr(measures, name)(pooled)[0], rel=1e-12)
        assert by["mean"][name] == pytest.approx(np.mean(fold_values), rel=1e-12)
        assert by["std"][name] == pytest.approx(np.std(fold_values), rel=1e-12)
    tn, fp, fn, tp = (float(getattr(pooled, f)[0]) for f in ("tn", "fp", "fn", "tp"))
    for name, (k, n) in {
        "sensitivity": (tp, tp + fn),
        "specificity": (tn, tn + fp),
        "precision": (tp, tp + fp),
    }.items():
        wilson = inference.wilson_interval([k], [n])
        assert by["pooled"][f"{name}_low"] == pytest.approx(wilson.low[0], rel=1e-12)
        assert by["pooled"][f"{name}_high"] == pytest.approx(wilson.high[0], rel=1e-12)
    delong = inference.auc_confidence_interval(ScoreTable.from_scores(frame.y, frame.s))
    assert by["pooled"]["auc"] == pytest.approx(delong.auc, rel=1e-12)
    assert (by["pooled"]["auc_low"], by["pooled"]["auc_high"]) == pytest.approx(
        (delong.low, delong.high), rel=1e-12
    )
    fold_aucs = []
    for f in folds:
        part = frame[frame.fold == f]
        ci = inference.auc_confidence_interval(ScoreTable.from_scores(part.y, part.s))
        assert (by[str(f)]["auc_low"], by[str(f)]["auc_high"]) == pytest.approx(
            (ci.low, ci.high), rel=1e-12
        )
        fold_aucs.append(ci.auc)
    assert by["mean"]["auc"] == pytest.approx(np.mean(fold_aucs), rel=1e-12)
    for row in ("mean", "std"):  # a spread has no counts and no interval
        assert by[row]["tp"] is None
        assert by[row]["auc_low"] is None
        assert by[row]["sensitivity_high"] is None


def test_assess_csv_is_one_parseable_table_with_every_digit(predictions, capsys):
    path, _ = predictions
    rows = json.loads(cli(capsys, "assess", path, *ASSESS, "--format", "json"))["rows"]
    frame = pd.read_csv(io.StringIO(cli(capsys, "assess", path, *ASSESS, "--format", "csv")))
    assert list(frame.columns) == list(rows[0])
    assert list(frame["row"].astype(str)) == [r["row"] for r in rows]
    assert {"auc_low", "auc_high", "sensitivity_low", "specificity_high"} <= set(frame.columns)
    for column in frame.columns.drop("row"):
        expected = [np.nan if r[column] is None else r[column] for r in rows]
        assert_allclose(frame[column].to_numpy(float), expected, rtol=0, atol=0)  # every digit
    folds = frame[~frame["row"].isin(SUMMARY_ROWS)]  # the folds, as a user filters them
    assert len(folds) == 4


def test_assess_regions_cover_folds_and_the_pooled_row(predictions, capsys):
    path, frame = predictions
    rows = json.loads(cli(capsys, "assess", path, *ASSESS, "--format", "json", "--regions"))
    by = {r["row"]: r for r in rows["rows"]}
    region = inference.phi_delta_region(BinaryCounts.from_labels(frame.y, frame.yhat, pos_label=1))
    corners = region.polygons[0]
    assert by["pooled"]["delta_region_low"] == pytest.approx(corners[:, 1].min(), rel=1e-12)
    assert by["pooled"]["phi_region_high"] == pytest.approx(corners[:, 0].max(), rel=1e-12)
    assert by["mean"]["delta_region_low"] is None
    assert "delta_low" not in by["pooled"]  # the region's extent is not an interval of δ


def test_assess_regions_follow_the_confidence_level(predictions, capsys):
    """One switch: with --confidence-level 0.9 the joint regions are the 90% ones (narrower
    than the 95% ones), and the caption says so."""
    path, frame = predictions
    args = ("assess", path, *ASSESS, "--format", "json", "--regions")
    at_90 = json.loads(cli(capsys, *args, "--confidence-level", "0.9"))
    at_95 = json.loads(cli(capsys, *args))
    assert at_90["regions"].startswith("joint 90% regions")
    assert at_95["regions"].startswith("joint 95% regions")
    counts = BinaryCounts.from_labels(frame.y, frame.yhat, pos_label=1)
    corners = inference.phi_delta_region(counts, confidence_level=0.9).polygons[0]
    pooled = {r["row"]: r for r in at_90["rows"]}["pooled"]
    assert pooled["delta_region_low"] == pytest.approx(corners[:, 1].min(), rel=1e-12)
    assert pooled["phi_region_high"] == pytest.approx(corners[:, 0].max(), rel=1e-12)
    wide = {r["row"]: r for r in at_95["rows"]}["pooled"]
    assert wide["delta_region_low"] < pooled["delta_region_low"]


def _table_rows(out: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of a one-block rich table."""
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("┃"))
    names = re.findall(r"┃ *([^┃]*?) *(?=┃)", header)
    rows = [re.split(r" *│ *", line.strip("│ ")) for line in lines if line.startswith("│")]
    return names, rows


def test_assess_table_shows_the_same_rows_rounded(predictions, capsys, monkeypatch):
    path, _ = predictions
    rows = json.loads(cli(capsys, "assess", path, *ASSESS, "--format", "json"))["rows"]
    monkeypatch.setenv("COLUMNS", "1000")  # one block
    names, cells = _table_rows(cli(capsys, "assess", path, *ASSESS))
    expected = _cells_with_intervals(rows)
    assert names == list(expected)
    assert {"sensitivity", "auc"} <= set(names)
    assert "auc_low" not in names
    assert [row[0] for row in cells] == [r["row"] for r in rows]
    for i, name in enumerate(names):
        assert [row[i] for row in cells] == expected[name], name


def _cells_with_intervals(rows: list[dict]) -> dict[str, list[str]]:
    """The JSON rows as a table shows them: each column rounded on its own, and a measure with
    ``_low`` and ``_high`` columns one cell ``value [low, high]``, the three rounded as one
    column (the value alone where the interval is undefined: the mean and std rows)."""
    text = {name: column_text([r[name] for r in rows]) for name in rows[0]}
    n = len(rows)
    for name in rows[0]:
        if f"{name}_low" in text and f"{name}_high" in text:
            trio = (name, f"{name}_low", f"{name}_high")
            shared = column_text([r[key] for key in trio for r in rows])
            for k, key in enumerate(trio):
                text[key] = shared[k * n : (k + 1) * n]
    out = {}
    for name, cells in text.items():
        if name.endswith(("_low", "_high")) and name.rsplit("_", 1)[0] in text:
            continue
        if f"{name}_low" in text and f"{name}_high" in text:
            low, high = text[f"{name}_low"], text[f"{name}_high"]
            cells = [
                v if "–" in (a, b) else f"{v} [{a}, {b}]"
                for v, a, b in zip(cells, low, high, strict=True)
            ]
        out[name] = cells
    return out


def test_a_wide_table_of_few_folds_is_printed_on_its_side(predictions, capsys, monkeypatch):
    """One fold with every measure's interval: a line per measure, a column per row (the fold,
    pooled, mean, std), where a column per measure took seven blocks of 80 characters."""
    path, _ = predictions
    one = ("--label", "y", "--score", "s", "--confidence-level", "0.9")
    rows = json.loads(cli(capsys, "assess", path, *one, "--format", "json"))["rows"]
    monkeypatch.setenv("COLUMNS", "120")
    out = cli(capsys, "assess", path, *one)
    assert max(map(len, out.splitlines())) <= 120
    names, cells = _table_rows(out)
    assert names == ["row", *[r["row"] for r in rows]]
    expected = _cells_with_intervals(rows)
    assert [row[0] for row in cells] == list(expected)[1:]
    for j, name in enumerate(list(expected)[1:]):
        assert cells[j][1:] == [expected[name][i] for i in range(len(rows))], name
    low, high = (rows[1][f"accuracy_{side}"] for side in ("low", "high"))
    assert low < rows[1]["accuracy"] < high  # the pooled row's interval, at the asked level
    assert "(continued)" not in out


def test_a_piped_table_fits_its_width_rounded_and_uncut(tmp_path, capsys, monkeypatch):
    """capsys's stdout is no terminal: the table reads as on a terminal of $COLUMNS
    characters; a cell wider than that wraps, never cut with an ellipsis."""
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 200)
    long_name = "a_feature_with_a_very_long_name_" + "abcdefghij" * 6
    frame = pd.DataFrame({"y": y, "x": rng.normal(size=200) + y, long_name: rng.normal(size=200)})
    path = tmp_path / "long.csv"
    frame.to_csv(path, index=False)
    monkeypatch.setenv("COLUMNS", "60")
    out = cli(capsys, "stats", str(path), "--label", "y")
    lines = out.splitlines()
    assert max(map(len, lines)) <= 60
    assert "…" not in out
    # the first column's pieces, row after row, spell the whole name
    first = [line.split("│")[1].strip() for line in lines if line.startswith("│")]
    assert long_name in "".join(first)
    digits = re.findall(r"-?\d\.\d+", out)
    assert digits
    assert all(len(d.split(".")[1]) <= 5 for d in digits)  # rounded, not 17 digits
    full = json.loads(cli(capsys, "stats", str(path), "--label", "y", "--format", "json"))
    assert any(len(repr(r["delta"]).split(".")[1]) > 10 for r in full["rows"])  # JSON: all


def test_stats_leaves_out_the_ratio_columns_at_ratio_one(refdata, capsys):
    climate = str(refdata / "phidelta" / "climate_data.csv")
    repeated = {"phi_ratio", "delta_ratio", "information_gain_ratio"}
    at_one = json.loads(cli(capsys, "stats", climate, "--label", "RainBool", "--format", "json"))
    assert not repeated & set(at_one["rows"][0])
    header = cli(capsys, "stats", climate, "--label", "RainBool", "--format", "csv").split("\n")[0]
    assert not repeated & set(header.split(","))
    table = cli(capsys, "stats", climate, "--label", "RainBool")
    assert "_ratio" not in table
    # another ratio: the columns are there, with the library's values
    from phidelta.data import Roles, load_signature

    expected = load_signature(climate, Roles("RainBool")).to_dict(ratio=2.0)
    at_two = json.loads(
        cli(capsys, "stats", climate, "--label", "RainBool", "--ratio", "2", "--format", "json")
    )
    by_name = {r["name"]: r for r in at_two["rows"]}
    for i, name in enumerate(expected["name"]):
        for key in sorted(repeated):
            assert by_name[name][key] == pytest.approx(expected[key][i], rel=1e-12, abs=1e-15)
    table = cli(capsys, "stats", climate, "--label", "RainBool", "--ratio", "2")
    assert "phi_ratio" in table

"""``phidelta scan``: Jiřina's threshold scan on the command line, held against the library's
:func:`phidelta.measures.threshold_scan` of a ScoreTable built here from the file's columns."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phidelta._door_scoring import spread_rows
from phidelta.counts import ScoreTable
from phidelta.measures import LOWER_IS_BETTER, threshold_scan

click = pytest.importorskip("click")
from click.testing import CliRunner  # noqa: E402

from phidelta.cli import cli, main  # noqa: E402

DEFAULT = [
    "signal_efficiency",
    "background_acceptance",
    "purity",
    "quality_factor",
    "classification_error",
]


@pytest.fixture(scope="module")
def events(tmp_path_factory):
    """Signal and background events: scores on a grid of 0.01 (ties) reaching beyond 1, a
    tenth of them signal (rare events), and event weights."""
    rng = np.random.default_rng(7)
    n = 400
    signal = rng.random(n) < 0.1
    score = np.round(np.where(signal, rng.normal(1.2, 0.4, n), rng.normal(0.6, 0.4, n)), 2)
    score = np.maximum(score, 0.01)  # never negative, beyond 1: the default cut warns
    weight = np.round(rng.uniform(0.5, 2.0, n), 3)
    path = tmp_path_factory.mktemp("scan") / "events.csv"
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["kind", "bdt", "w"])
        for s, x, w in zip(signal, score, weight, strict=True):
            writer.writerow(["sig" if s else "bkg", repr(float(x)), repr(float(w))])
    return path, signal, score, weight


def invoke(path, *options):
    args = ["scan", str(path), "--label", "kind", "--positive", "sig", "--score", "bdt"]
    result = CliRunner().invoke(cli, [*args, *options])
    assert result.exit_code == 0, result.output
    return result


def read_csv(text):
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], rows[1:]


def cell(text):
    return np.nan if text == "" else float(text)  # "inf": the first cut, nothing selected


@pytest.mark.parametrize("weighted", [False, True])
def test_csv_is_the_librarys_scan_to_every_digit(events, weighted):
    path, signal, score, weight = events
    options = ["--weight", "w"] if weighted else []
    result = invoke(path, "--format", "csv", *options)
    head, rows = read_csv(result.stdout)
    table = ScoreTable.from_scores(signal, score, sample_weight=weight if weighted else None)
    scan = threshold_scan(table, DEFAULT)
    assert head == ["threshold", "tn", "fp", "fn", "tp", *DEFAULT]
    assert len(rows) == len(table) + 1  # every distinct score and the cut above them all
    got = np.array([[cell(c) for c in row] for row in rows])
    expected = np.column_stack([np.asarray(scan.index, float), *(scan[n] for n in head[1:])])
    np.testing.assert_array_equal(got, expected)  # NaN where undefined, on both sides
    assert got[0, 0] == np.inf
    assert got[-1, 0] == score.min()
    assert f"# thresholds: {len(rows)}" in result.stderr
    assert "warning" not in result.stderr  # scores beyond [0, 1]: no default-cut warning


@pytest.mark.parametrize(
    ("best", "lower"),
    [
        ("quality_factor", False),
        ("enrichment_factor", False),
        ("purity", False),
        ("classification_error", True),
        ("weighted_classification_error", True),
        ("background_acceptance", True),
        ("signal_error", True),
    ],
)
@pytest.mark.parametrize("against", ["threshold", "background_acceptance"])
def test_best_cut_is_the_first_extreme_of_the_librarys_scan(events, best, lower, against):
    path, signal, score, _ = events
    document = json.loads(
        invoke(path, "--best", best, "--against", against, "--format", "json").stdout
    )
    scan = threshold_scan(ScoreTable.from_scores(signal, score), [best])
    values = scan[best]
    extreme = np.nanmin(values) if lower else np.nanmax(values)
    row = np.flatnonzero(values == extreme)[0]  # of tied cuts the highest threshold
    assert document["best"] == best
    assert document["best_rule"].startswith("minimum" if lower else "maximum")
    assert document["best_undefined_cuts"] == np.isnan(values).sum()
    threshold = scan.index[row]  # +inf (nothing selected) is null in JSON
    assert document["best_threshold"] == (None if np.isinf(threshold) else threshold)
    assert document[f"best_{best}"] == values[row]
    assert [document[f"best_{c}"] for c in ("tn", "fp", "fn", "tp")] == [
        scan[c][row] for c in ("tn", "fp", "fn", "tp")
    ]


def test_tied_cuts_give_the_highest_threshold(tmp_path):
    """Ce = 2/6 at θ = 0.9 and again at θ = 0.7: the first, 0.9, is the best cut."""
    path = tmp_path / "tie.csv"
    path.write_text("kind,bdt\nsig,0.9\nbkg,0.8\nsig,0.7\nbkg,0.4\nsig,0.3\nbkg,0.1\n")
    document = json.loads(invoke(path, "--best", "classification_error", "--format", "json").stdout)
    errors = [r["classification_error"] for r in document["rows"]]
    assert errors[1] == errors[3] == min(errors) == pytest.approx(2 / 6)
    assert document["best_threshold"] == 0.9


@pytest.mark.parametrize("against", ["threshold", "background_acceptance"])
@pytest.mark.parametrize("points", [3, 7, 30])
def test_points_keep_the_best_row_and_the_ends(events, against, points):
    path, _signal, score, _ = events
    options = ("--against", against, "--format", "json")
    whole = json.loads(invoke(path, *options).stdout)
    some = json.loads(invoke(path, *options, "--points", str(points)).stdout)
    everything = [r["threshold"] for r in whole["rows"]]
    kept = [r["threshold"] for r in some["rows"]]
    assert len(kept) == some["rows_shown"] == points
    assert some["thresholds"] == whole["thresholds"] == len(everything)
    assert kept[0] is None
    assert kept[-1] == everything[-1] == score.min()
    assert some["best_threshold"] in kept
    assert [everything.index(t) for t in kept] == sorted(map(everything.index, kept))
    assert all(r in whole["rows"] for r in some["rows"])  # rows of the scan, unchanged


def test_terminal_table_shows_25_rows_and_says_how_many_in_all(events):
    path, signal, score, _ = events
    result = invoke(path, "--measure", "quality_factor")
    total = len(ScoreTable.from_scores(signal, score)) + 1
    caption = " ".join(result.stdout.split())
    assert f"thresholds: {total}; rows shown: 25" in caption
    assert "best quality_factor" in caption


@given(
    n=st.integers(1, 60),
    points=st.integers(3, 70),
    data=st.data(),
    plateaus=st.booleans(),
)
def test_spread_rows_keeps_points_rows_with_the_ends_and_the_kept_one(n, points, data, plateaus):
    keep = data.draw(st.integers(0, n - 1))
    steps = data.draw(st.lists(st.integers(0 if plateaus else 1, 3), min_size=n, max_size=n))
    axis = np.cumsum(steps).astype(float) / 7.0
    axis[0] = -np.inf if data.draw(st.booleans()) else axis[0]  # an end the grid never targets
    rows = spread_rows(axis, points, [keep])
    assert len(rows) == min(points, n)
    assert np.all(np.diff(rows) > 0)
    assert {0, n - 1, keep} <= set(rows.tolist())


def test_spread_rows_follow_the_axis_not_the_row_order():
    """Scores crowded at the low end: the rows kept are spread over the scores' range."""
    axis = np.concatenate([[np.inf, 10.0, 9.0], np.linspace(1.0, 0.0, 98)])
    # targets 10/3 and 20/3 between the ends 0 and 10: the scores 1.0 and 9.0, not the rows
    # 33 and 67 that row order would give
    assert spread_rows(axis, 4).tolist() == [0, 2, 3, 100]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--measure", "qualty_factor"], ["--measure", "did you mean quality_factor"]),
        (["--measure", "sig_eff_xyz"], ["--measure", "e.g. signal_efficiency"]),
        (["--best", "accuracyy"], ["--best", "accuracy"]),
        (["--points", "2"], ["--points", "x>=3"]),
        (["--points", "many"], ["--points", "not a valid integer"]),
        (["--against", "signal"], ["--against", "threshold"]),
        (["--plot", "scan.txt"], ["--plot", ".png"]),
    ],
)
def test_bad_options_are_refused_in_one_line(events, capsys, options, words):
    path = events[0]
    args = ["scan", str(path), "--label", "kind", "--positive", "sig", "--score", "bdt"]
    code = main([*args, *options])
    captured = capsys.readouterr()
    assert code != 0
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1, captured.err
    assert all(w in captured.err for w in words), captured.err


def test_a_best_undefined_at_every_threshold_is_refused(tmp_path, capsys):
    """One signal above one background: the odds ratio is 0/0 or 1/0 at every cut."""
    path = tmp_path / "two.csv"
    path.write_text("kind,bdt\nsig,0.9\nbkg,0.8\n")
    args = ["scan", str(path), "--label", "kind", "--positive", "sig", "--score", "bdt"]
    assert main([*args, "--best", "odds_ratio"]) != 0
    err = capsys.readouterr().err.strip()
    assert err == (
        "Error: odds_ratio is undefined at every threshold of these scores; choose another measure."
    )
    assert main(args) == 0  # Q is defined where background was selected


def test_plot_draws_the_scan_with_the_best_cut_marked(events, tmp_path):
    pytest.importorskip("matplotlib")
    path = events[0]
    png = tmp_path / "scan.png"
    result = invoke(path, "--plot", str(png), "--against", "background_acceptance")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"diagram written to {png}" in result.stderr


@pytest.mark.parametrize(
    ("best", "against"),
    [("quality_factor", "background_acceptance"), ("classification_error", "threshold")],
)
def test_plot_marks_the_best_cut_once_where_the_scan_has_it(events, best, against):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from phidelta._cli_scoring import _scan_plot
    from phidelta._door_scoring import scan_columns

    _, signal, score, _ = events
    table = ScoreTable.from_scores(signal, score)
    _, summary = scan_columns(table, DEFAULT, best=best, against=against)
    display = _scan_plot(table, DEFAULT, best, against)
    labels = [line.get_label() for line in display.lines_]
    # against Be, Be itself would be the diagonal
    assert ("background acceptance" in labels) == (against == "threshold")
    # one mark, the best cut of --best by the table's rule (measures.best_cut)
    (mark,) = display.ax_.collections
    word = "minimum" if best in LOWER_IS_BETTER else "maximum"
    assert mark.get_label().startswith(
        f"{word} {'Ce' if best == 'classification_error' else 'Q'} ="
    )
    x = summary["best_threshold" if against == "threshold" else "best_background_acceptance"]
    np.testing.assert_array_equal(mark.get_offsets(), [[x, summary[f"best_{best}"]]])
    assert display.best_ == summary["best_threshold"]
    plt.close(display.figure_)


def test_help_has_an_example():
    result = CliRunner().invoke(cli, ["scan", "--help"])
    assert result.exit_code == 0
    assert "Example: phidelta scan" in result.output
    assert "highest threshold" in result.output  # the rule of ties

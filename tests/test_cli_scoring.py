"""The commands roc-test, power, calibration and decision: plots, output and errors."""

from __future__ import annotations

import numpy as np
import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("click")
pytest.importorskip("matplotlib")

from phidelta.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    rng = np.random.default_rng(8)
    n = 90
    y = rng.integers(0, 2, n)
    frame = pd.DataFrame(
        {
            "y": y,
            "p": np.clip(0.3 * y + 0.6 * rng.random(n), 0, 1).round(3),
            "q": rng.random(n).round(2),
            "s": rng.normal(size=n),
        }
    )
    frame.loc[5, "q"] = np.nan
    out = tmp_path_factory.mktemp("cli_scoring") / "p.csv"
    frame.to_csv(out, index=False)
    return out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roc-test", "--score", "p"], "give --score twice"),
        (["roc-test", "--score", "p", "--score", "zz"], "zz"),
        (["roc-test", "--score", "p", "--score", "q", "--fpr-range", "0.2"], "--fpr-range"),
        (
            [
                "roc-test",
                "--score",
                "p",
                "--score",
                "q",
                "--alternative",
                "less",
                "--method",
                "venkatraman",
            ],
            "two-sided",
        ),
        (["calibration", "--score", "s"], "[0, 1]"),
        (["decision", "--score", "p", "--thresholds", "0.1:0.5"], "--thresholds"),
        (["decision", "--score", "p", "--thresholds", "0.5,0.1"], "increasing"),
    ],
)
def test_errors_are_one_line(path, capsys, args, message):
    code = main([args[0], str(path), "--label", "y", *args[1:]])
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err.startswith("Error: ")
    assert message in err
    assert len(err.splitlines()) == 1, err


def test_power_needs_one_of_power_and_sample(capsys):
    code = main(["power", "--auc", "0.8"])
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err.startswith("Error: ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["roc-test", "--score", "p", "--score", "q"],
        ["calibration", "--score", "p", "--score", "q"],
        ["decision", "--score", "p", "--score", "q", "--band", "--resamples", "50"],
    ],
)
def test_plots_are_written(path, tmp_path, capsys, args):
    image = tmp_path / "figure.png"
    code = main([args[0], str(path), "--label", "y", *args[1:], "--plot", str(image)])
    assert code == 0, capsys.readouterr().err
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_csv_output_is_one_table(path, capsys):
    assert main(["calibration", str(path), "--label", "y", "--score", "p", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "statistic,p"
    assert lines[1].startswith("Dxy,")
    assert len(lines) == 1 + 24


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roc-test", "{p}", "{p}", "--label", "y", "--score", "p", "--paired"], "unpaired"),
        (["roc-test", "{p}", "{p}", "{p}", "--label", "y", "--score", "p"], "two"),
        (["roc-test", "{p}", "{p}", "--label", "y", "--score", "p", "-s"], "No such option"),
        (["power", "--auc", "0.7", "--binormal", "1,1"], "give one design"),
        (["power", "--binormal", "1,1", "--power", "0.8"], "give --binormal twice"),
        (["power", "--binormal", "1,0", "--binormal", "1,1", "--power", "0.8"], "B of the first"),
        (["power", "--binormal", "1", "--binormal", "1,1", "--power", "0.8"], "A,B"),
        (["power", "--auc", "0.7", "--power", "0.8", "--r-positives", "0.3"], "does not apply"),
        (["power", "--auc", "0.7", "--positives", "-5"], "--positives must be a positive"),
        (["power", "--auc", "0.7", "--positives", "50", "--power", "0.8"], "--power"),
        (["power", "--pilot", "{p}", "--score", "p", "--score", "q"], "--pilot needs --label"),
        (
            ["best-threshold", "{p}", "--label", "y", "--score", "p", "--prevalence", "1.5"],
            "(0, 1)",
        ),
        (["best-threshold", "{p}", "--label", "y", "--score", "zz"], "zz"),
    ],
)
def test_new_commands_refuse_in_one_line(path, capsys, args, message):
    code = main([str(path) if a == "{p}" else a for a in args])
    err = capsys.readouterr().err.strip()
    assert code != 0
    assert message in err
    assert len(err.splitlines()) == 1, err


@pytest.mark.parametrize("command", ["roc-test", "power", "best-threshold"])
def test_help_names_every_design(capsys, command):
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    expected = {
        "roc-test": ["PREDICTIONS [PREDICTIONS_B]", "two files", "--unpaired"],
        "power": ["--binormal", "--pilot", "--auc", "--power"],
        "best-threshold": ["--fold", "--criterion", "--prevalence"],
    }[command]
    assert all(word in text for word in expected)

"""The command line speaks its own language: every bad option or file gives one line on stderr,
a non-zero exit status and nothing on stdout, before any work is done."""

from __future__ import annotations

import time

import numpy as np
import pytest

pytest.importorskip("click")
pd = pytest.importorskip("pandas")

from phidelta.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def files(tmp_path_factory, refdata):
    root = tmp_path_factory.mktemp("cli")
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    pd.DataFrame({"y": y, "s": rng.normal(size=200) + y, "words": np.where(y, "x", "high")}).to_csv(
        root / "preds.csv", index=False
    )
    (root / "empty.csv").write_text("")
    return {
        "climate": str(refdata / "phidelta" / "climate_data.csv"),
        "preds": str(root / "preds.csv"),
        "empty": str(root / "empty.csv"),
        "root": root,
    }


BAD = [
    (["stats", "{climate}", "--label", "RainBool", "--ratio", "20"], "must be in [0.1, 10]"),
    (["stats", "{climate}", "--label", "RainBool", "--ratio", "abc"], "must be a number"),
    (["stats", "{climate}", "--label", "RainBool", "--ratio", "0"], "must be in [0.1, 10]"),
    (["stats", "{climate}", "--label", "RainBool", "--top", "-1"], "--top"),
    (["assess", "{preds}", "--label", "y", "--score", "s", "--ratio", "abc"], "must be a number"),
    (["stats", "{climate}", "--label", "RainBool", "--plot", "{root}/x.txt"], "image format"),
    (["stats", "{climate}", "--label", "RainBool", "--plot", "{root}"], "is a directory"),
    (["demo", "--folds", "1"], "--folds"),
    (["stats", "{climate}", "--label", "Rain"], "column 'Rain' (label) is not in"),
    (["stats", "{climate}", "--label", "RainBool", "--positive", "yes"], "--positive 'yes'"),
    (["assess", "{preds}", "--label", "y", "--score", "words"], "column 'words' (score)"),
    (["assess", "{preds}", "--label", "y", "--score", "s", "--threshold", "x"], "threshold"),
    (["assess", "{preds}", "--label", "y", "--roc", "{root}/r.png"], "--roc needs --score"),
    (["triangle", "{empty}", "--matrix"], "is empty"),
    (["stats", "{root}/missing.csv", "--label", "y"], "file not found"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a[:1] + a[2:4]) for a, _ in BAD])
def test_bad_input_is_one_line_and_nothing_on_stdout(files, capsys, args, message):
    argv = [a.format(**files) for a in args]
    start = time.perf_counter()
    code = main(argv)
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert code != 0
    assert out == ""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert message in lines[0]
    assert "`" not in lines[0]  # no library argument names such as `y_true`
    if args[0] == "demo":
        assert elapsed < 1.0  # refused before any computation


def test_missing_output_folders_are_created_like_the_report(files, capsys):
    target = files["root"] / "new" / "deeper" / "diagram.png"
    assert main(["stats", files["climate"], "--label", "RainBool", "--plot", str(target)]) == 0
    assert target.exists()
    report = files["root"] / "other" / "r.html"
    code = main(
        [
            "report",
            "--predictions",
            files["preds"],
            "--truth",
            "y",
            "--score",
            "s",
            "-o",
            str(report),
        ]
    )
    assert code == 0
    assert report.exists()
    capsys.readouterr()


def test_piped_tables_are_rounded_as_on_a_terminal(files, capsys):
    assert main(["stats", files["climate"], "--label", "RainBool", "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert "0.2725" in out  # δ of WindForceAvg, as a terminal shows it
    assert "0.27252747252747245" not in out  # every digit is for --format csv/json
    assert "information_gain_ratio" not in out  # at N/P = 1 it repeats information_gain


def test_warnings_are_one_line_each(files, tmp_path, capsys):
    frame = pd.read_csv(files["climate"])
    frame["constant"] = 1.0
    path = tmp_path / "constant.csv"
    frame.to_csv(path, index=False)
    assert main(["stats", str(path), "--label", "RainBool", "--format", "csv"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1
    assert "constant feature" in warnings[0]
    assert ".py" not in err  # no source lines


def test_help_is_fast():
    import subprocess
    import sys

    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", "import sys, phidelta.cli; assert 'scipy.stats' not in sys.modules"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert time.perf_counter() - start < 5  # generous: the benchmark measures the real time

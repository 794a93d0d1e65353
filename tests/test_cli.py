"""The command line through its real entry point (a subprocess), including bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

import phidelta
from phidelta.datasets import load_climate_data

pytest.importorskip("click")
pytest.importorskip("matplotlib")
pd = pytest.importorskip("pandas")


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command line in this process (its entry point ``main``), stdout and stderr caught.

    One test below starts the real ``phidelta`` program; the rest run in process, which keeps
    the suite fast (each start of the program costs an interpreter and the imports)."""
    import contextlib
    import io
    import os

    from phidelta.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def run_program(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "phidelta", *args], capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def climate(refdata):
    return str(refdata / "phidelta" / "climate_data.csv")


@pytest.fixture(scope="module")
def predictions(tmp_path_factory):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 400)
    score = 1 / (1 + np.exp(-(rng.normal(size=400) + 2 * y - 1)))
    frame = pd.DataFrame(
        {"y": y, "score": score, "yhat": (score > 0.5).astype(int), "fold": rng.integers(1, 6, 400)}
    )
    path = tmp_path_factory.mktemp("pred") / "predictions.csv"
    frame.to_csv(path, index=False)
    return path, frame


def test_stats_json_matches_the_library(climate, tmp_path):
    plot = tmp_path / "sig.png"
    result = run(
        "stats",
        climate,
        "--label",
        "RainBool",
        "--positive",
        "1",
        "--format",
        "json",
        "--ratio",
        "actual",
        "--plot",
        str(plot),
    )
    assert result.returncode == 0, result.stderr
    records = json.loads(result.stdout)["rows"]
    data, labels, names = load_climate_data()
    phi, delta, names, _ = phidelta.stats(data, labels, {"features": names})
    by_name = {r["name"]: r for r in records}
    for name, p, d in zip(names, phi, delta, strict=True):
        assert by_name[name]["phi_ratio"] == pytest.approx(p, abs=1e-12)
        assert by_name[name]["delta_ratio"] == pytest.approx(d, abs=1e-12)
    assert plot.stat().st_size > 1000
    csv = run("stats", climate, "--label", "RainBool", "--format", "csv", "--top", "2")
    assert csv.returncode == 0
    assert len(csv.stdout.strip().splitlines()) == 3


def test_parquet_input(climate, tmp_path):
    pytest.importorskip("pyarrow")
    parquet = tmp_path / "climate.parquet"
    pd.read_csv(climate).to_parquet(parquet)
    from_parquet = run("stats", str(parquet), "--label", "RainBool", "--format", "json")
    from_csv = run("stats", climate, "--label", "RainBool", "--format", "json")
    assert from_parquet.returncode == 0, from_parquet.stderr
    assert json.loads(from_parquet.stdout) == json.loads(from_csv.stdout)


def test_assess_and_triangle(predictions, tmp_path):
    path, frame = predictions
    result = run(
        "assess",
        str(path),
        "--label",
        "y",
        "--prediction",
        "yhat",
        "--score",
        "score",
        "--fold",
        "fold",
        "--positive",
        "1",
        "--format",
        "json",
        "--plot",
        str(tmp_path / "folds.png"),
        "--roc",
        str(tmp_path / "roc.png"),
    )
    assert result.returncode == 0, result.stderr
    records = json.loads(result.stdout)["rows"]
    assert [r["row"] for r in records] == ["1", "2", "3", "4", "5", "pooled", "mean", "std"]
    counts, _ = phidelta.BinaryCounts.from_groups(frame.y, frame.yhat, frame.fold)
    assert_allclose([r["mcc"] for r in records[:5]], phidelta.measures.mcc(counts))
    assert (tmp_path / "roc.png").exists()
    triangle = run(
        "triangle",
        str(path),
        "--label",
        "y",
        "--prediction",
        "yhat",
        "--format",
        "json",
        "--plot",
        str(tmp_path / "tri.png"),
    )
    assert triangle.returncode == 0, triangle.stderr
    values = {r["quantity"]: r["value"] for r in json.loads(triangle.stdout)["rows"]}
    assert values["joint_delta_h"] + values["joint_mi2"] + values["joint_vi"] == pytest.approx(1)
    matrix = tmp_path / "m.csv"
    matrix.write_text("15,0,5\n0,15,5\n0,0,20\n")
    m = run("triangle", str(matrix), "--matrix", "--format", "json")
    values = {r["quantity"]: r["value"] for r in json.loads(m.stdout)["rows"]}
    assert values["joint_mi2"] == pytest.approx(0.6051549589285763, abs=1e-12)


def test_report_and_demo(climate, predictions, tmp_path):
    path, _ = predictions
    out = tmp_path / "r.html"
    result = run(
        "report",
        "--data",
        climate,
        "--label",
        "RainBool",
        "--positive",
        "1",
        "--predictions",
        str(path),
        "--truth",
        "y",
        "--score",
        "score",
        "--fold",
        "fold",
        "--prediction",
        "yhat",
        "-o",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    text = out.read_text()
    assert "Feature signature" in text
    assert "Classifier assessment" in text
    assert "Entropy triangle of the predictions" in text
    assert text.count("data:image/png;base64,") >= 4
    demo = tmp_path / "demo" / "report.html"
    result = run("demo", "-o", str(demo), "--folds", "3")
    assert result.returncode == 0, result.stderr
    assert "report written to" in result.stdout
    html = demo.read_text()
    for heading in ("Feature signature", "linear SVM", "logistic regression", "entropy triangle"):
        assert heading in html


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stats", "missing.csv", "--label", "y"], "file not found: missing.csv"),
        (["stats", "{climate}", "--label", "Rain"], "column 'Rain' (label) is not in"),
        (
            ["stats", "{climate}", "--label", "RainBool", "--positive", "yes"],
            "--positive 'yes' is not in column 'RainBool'",
        ),
        (["stats", "{empty}", "--label", "y"], "is empty"),
        (
            ["assess", "{bad_scores}", "--label", "y", "--score", "s"],
            "column 's' (score) must hold numbers",
        ),
        (
            ["assess", "{bad_scores}", "--label", "y"],
            "choose a prediction column or a score column",
        ),
        (["triangle", "{climate}"], "pass --label and --prediction, or --matrix"),
        # options that would do nothing, and messages in the command line's words
        (
            ["stats", "{climate}", "--label", "RainBool", "--scheduler", "tcp://host:8786"],
            "--scheduler needs --engine dask",
        ),
        (
            ["triangle", "{climate}", "--matrix", "--label", "RainBool"],
            "--matrix reads the counts from DATA",
        ),
        (
            ["triangle", "{climate}", "--label", "a", "--prediction", "b", "--header", "yes"],
            "--header needs --matrix",
        ),
        (
            ["report", "--data", "{climate}", "--label", "RainBool", "--fold", "f"],
            "--fold need --predictions",
        ),
        (
            ["report", "--data", "{climate}", "--label", "RainBool", "-o", "{tmp}/r.pdf"],
            "r.pdf must end in .html",
        ),
        (
            [
                "assess",
                "{bad_scores}",
                "--label",
                "y",
                "--compare",
                "t",
                "--compare-measure",
                "delt",
            ],
            "'delt' is not a measure of phidelta; did you mean delta?",
        ),
        (
            ["assess", "{bad_scores}", "--label", "y", "--score", "s", "--test-fraction", "0.3"],
            "--compare-measure and --test-fraction need --compare",
        ),
        (
            ["stats", "{climate}", "--label", "RainBool", "--fdr", "0.05", "--test", "fisher"],
            "use --test permutation, build it with --numeric threshold",
        ),
    ],
)
def test_bad_input_gives_one_clear_line(args, message, climate, tmp_path):
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    bad = tmp_path / "bad.csv"
    bad.write_text("y,s\n1,0.5\n0,high\n")
    args = [a.format(climate=climate, empty=empty, bad_scores=bad, tmp=tmp_path) for a in args]
    result = run(*args)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_output_that_cannot_be_written_is_one_clear_line(climate, tmp_path, monkeypatch):
    """Refused before any work when opening it fails (a read-only file system: the folder's
    permission bits say nothing to root); a write that fails later is one line too."""
    import builtins

    real_open = builtins.open
    forbidden = str(tmp_path / "read-only" / "signature.png")

    def refusing_open(file, *args, **kwargs):
        if str(file) == forbidden:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing_open)
    result = run("stats", climate, "--label", "RainBool", "--plot", forbidden)
    assert result.returncode == 2
    assert result.stdout == ""  # nothing computed
    assert f"cannot write {forbidden}: Permission denied" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    monkeypatch.undo()

    report = tmp_path / "r.html"
    real_write = Path.write_text

    def full_disk(self, *args, **kwargs):
        if self == report:
            raise OSError(28, "No space left on device")
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    result = run("report", "--data", climate, "--label", "RainBool", "-o", str(report))
    assert result.returncode == 1
    assert result.stderr.strip() == "Error: No space left on device"


def test_report_names_the_option_for_the_predictions_positive_class(tmp_path):
    data = tmp_path / "data.csv"
    data.write_text("x,diagnosis\n1,sick\n0,well\n1,sick\n0,well\n")
    predictions = tmp_path / "predictions.csv"
    predictions.write_text("y,p\n1,0.9\n0,0.2\n1,0.7\n0,0.4\n")
    args = ["report", "--data", str(data), "--label", "diagnosis", "--positive", "sick"]
    args += ["--predictions", str(predictions), "--truth", "y", "--score", "p"]
    result = run(*args, "-o", str(tmp_path / "r.html"))
    assert result.returncode == 1
    assert "--positive 'sick' is not in column 'y'" in result.stderr
    assert "positive class with --predictions-positive" in result.stderr
    result = run(*args, "--predictions-positive", "1", "-o", str(tmp_path / "r.html"))
    assert result.returncode == 0, result.stderr


def test_no_arguments_print_the_help_and_a_port_is_checked():
    result = run()
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: phidelta")
    assert result.stderr == ""
    result = run("serve", "--port", "99999")
    assert result.returncode == 2
    assert "99999 is not in the range 0<=x<=65535" in result.stderr


def test_a_wide_table_fits_the_terminal_in_blocks_of_whole_columns(predictions, monkeypatch):
    import re

    path, frame = predictions
    monkeypatch.setenv("COLUMNS", "100")
    args = ("assess", str(path), "--label", "y", "--score", "score", "--fold", "fold")
    out = run(*args).stdout
    lines = out.splitlines()
    assert max(map(len, lines)) <= 100
    headers = [re.findall(r"┃ *([^┃]*?) *(?=┃)", line) for line in lines if line.startswith("┃")]
    assert len(headers) >= 2  # cut into blocks, each led by the fold column
    assert all(block[0] == "row" for block in headers)
    measures = [name for block in headers for name in block[1:]]
    assert len(measures) == len(set(measures))  # each column once, its header on one line
    assert {"unbiased_accuracy", "phi", "delta", "auc"} <= set(measures)
    assert "(continued)" in out
    # one column, one number of decimals (they line up); the folds' accuracies as computed
    rows = [line for line in lines if line.startswith("│")]
    block = headers[0]
    at = block.index("accuracy")
    accuracies = [re.split(r" *│ *", row.strip("│ "))[at] for row in rows[: frame.fold.nunique()]]
    assert len({len(a.split(".")[1]) for a in accuracies}) == 1
    expected = phidelta.assessment.assess(frame.y, scores=frame.score, folds=frame.fold)
    assert_allclose(
        [float(a) for a in accuracies], expected.measures(["accuracy"])["accuracy"], atol=5e-5
    )
    assert lines[-1].startswith("positive: 1")  # the notes after the tables, unwrapped


def test_help_of_every_command_has_an_example():
    for command in ("stats", "assess", "triangle", "report", "demo"):
        result = run(command, "--help")
        assert result.returncode == 0
        assert "Example:" in result.stdout
    # the installed program itself: its entry point, as a user starts it
    result = run_program("stats", "--help")
    assert result.returncode == 0
    assert "Example:" in result.stdout


def test_serve_passes_every_limit_to_the_server(monkeypatch, tmp_path):
    pytest.importorskip("fastapi")
    import phidelta.web
    from phidelta.cli import main

    seen = {}
    monkeypatch.setattr(phidelta.web, "serve", lambda **kwargs: seen.update(kwargs))
    args = ["serve", "--database", str(tmp_path / "db.sqlite3"), "--max-upload-mb", "5"]
    assert main([*args, "--max-pending-upload-mb", "12", "--max-columns", "7"]) == 0
    assert seen["max_upload_mb"] == 5
    assert seen["max_pending_upload_bytes"] == 12 * 2**20
    assert seen["limits"].max_columns == 7
    assert main(args) == 0
    assert seen["max_pending_upload_bytes"] is None  # the server's default: 4 × the upload limit


def test_ratio_actual_in_any_case(climate):
    lower = run("stats", climate, "--label", "RainBool", "--ratio", "actual", "--format", "csv")
    upper = run("stats", climate, "--label", "RainBool", "--ratio", "Actual", "--format", "csv")
    assert lower.returncode == upper.returncode == 0
    assert upper.stdout == lower.stdout

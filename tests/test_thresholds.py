"""The default threshold on scores that are never negative but exceed 1 (percentages, counts):
it predicts every row positive, and every door says so (issue 28's newcomer trap, in the
spirit of a threshold outside the scores being refused)."""

from __future__ import annotations

import warnings

import pytest

from phidelta.assessment import assess
from phidelta.exceptions import ThresholdWarning


def test_percentages_at_the_default_threshold_warn():
    with pytest.warns(ThresholdWarning, match="every row is predicted positive"):
        result = assess([1, 0, 1, 0], scores=[80.0, 20.0, 60.0, 40.0])
    assert result.threshold == 0.0
    assert result.counts.fp.sum() + result.counts.tp.sum() == 4


@pytest.mark.parametrize(
    ("scores", "threshold"),
    [
        ([0.8, 0.2, 0.6, 0.4], None),  # probabilities: 0.5
        ([2.0, -1.0, 0.5, -0.5], None),  # a decision function: 0
        ([80.0, 20.0, 60.0, 40.0], 50.0),  # percentages with their threshold
        ([80.0, 20.0, 60.0, 40.0], "optimal"),
    ],
)
def test_no_warning_where_the_cut_splits_the_scores(scores, threshold):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assess([1, 0, 1, 0], scores=scores, threshold=threshold)


def test_the_command_line_says_it(tmp_path):
    pytest.importorskip("click")
    from click.testing import CliRunner

    from phidelta.cli import cli

    path = tmp_path / "percent.csv"
    path.write_text("y,p\n1,80\n0,20\n1,60\n0,40\n")
    result = CliRunner().invoke(cli, ["assess", str(path), "--label", "y", "--score", "p"])
    assert result.exit_code == 0, result.output
    assert "warning: the scores run from 20 to 80" in result.stderr
    assert "every row is predicted positive" in result.stderr


def test_best_threshold_searches_the_cut_and_does_not_warn_of_the_default(tmp_path):
    """``best-threshold`` never cuts at the default: pROC's aSAH s100b (0.03 to 2.07) gave
    the default-threshold warning beside the best cut it found."""
    pytest.importorskip("click")
    from click.testing import CliRunner

    from phidelta.cli import cli

    path = tmp_path / "percent.csv"
    path.write_text("y,p\n1,80\n0,20\n1,60\n0,40\n1,50\n0,10\n")
    args = ["best-threshold", str(path), "--label", "y", "--score", "p", "--format", "json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr
    import json

    rows = {row["fold"]: row for row in json.loads(result.stdout)["rows"]}
    assert rows["all"]["threshold"] == 45.0  # between 40 (negative) and 50 (positive)
    assert rows["all"]["tied_points"] == 1  # a count, not 1.0


def test_the_report_tells_its_reader(tmp_path):
    """The report is read by others than the one who ran it: the warning is in it too."""
    pytest.importorskip("matplotlib")
    from phidelta.report import assessment_section

    with pytest.warns(ThresholdWarning) as caught:
        result = assess([1, 0, 1, 0, 1, 0], scores=[80.0, 20.0, 60.0, 40.0, 50.0, 10.0])
    body = assessment_section(result)
    assert "every row is predicted positive" in str(caught[0].message)
    assert "Threshold: the scores run from 10 to 80" in body
    cut = assess([1, 0, 1, 0, 1, 0], scores=[80.0, 20.0, 60.0, 40.0, 50.0, 10.0], threshold=45)
    assert "Threshold:" not in assessment_section(cut)

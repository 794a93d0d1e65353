"""phidelta.data.load_scores: the rows of labels and score columns, by the rules of every
analysis (classes, positive class, missing values), whole or streamed."""

from __future__ import annotations

import numpy as np
import pytest

pd = pytest.importorskip("pandas")

from phidelta.data import DataError, Roles, load_assessment, load_scores  # noqa: E402


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
    out = tmp_path_factory.mktemp("load_scores") / "p.csv"
    frame.to_csv(out, index=False)
    return out


def test_rows_are_those_of_the_other_analyses(path):
    """The classes, the positive class and the rows left out are the assessment's."""
    rows = load_scores(path, Roles("y"), ["p", "q"])
    assessed = load_assessment(path, Roles("y", score="q"))
    table = assessed.pooled_table()
    assert rows.positive == assessed.positive
    assert rows.rows_left_out == assessed.rows_left_out == 1
    assert rows.table("q") == table
    whole = load_scores(path, Roles("y"), ["q", "p"])
    chunked = load_scores(path, Roles("y"), ["q", "p"], chunksize=7)
    assert np.array_equal(whole.is_positive, chunked.is_positive)
    assert all(np.array_equal(whole.scores[k], chunked.scores[k]) for k in ("p", "q"))


def test_missing_error_refuses_the_file(path):
    with pytest.raises(DataError, match="'q'"):
        load_scores(path, Roles("y"), ["q"], missing="error")


def test_one_class_left_is_refused():
    frame = pd.DataFrame({"y": [1, 0, 1], "p": [0.2, None, 0.9]})
    with pytest.raises(DataError, match="one class"):
        load_scores(frame, Roles("y"), ["p"])


def test_a_score_column_is_needed():
    with pytest.raises(DataError, match="choose a score column"):
        load_scores(pd.DataFrame({"y": [1, 0]}), Roles("y"), [])

"""Two classifiers compared: the paired tests equal the measures' own, and every door agrees."""

from __future__ import annotations

import json

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta.comparison import compare
from phidelta.inference import corrected_resampled_ttest, delong_test, mcnemar_test

pd = pytest.importorskip("pandas")


def _data(n=900, seed=3):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    good = 1 / (1 + np.exp(-(2 * y - 1) * 1.2 - rng.normal(0, 1, n)))
    poor = 1 / (1 + np.exp(-(2 * y - 1) * 0.6 - rng.normal(0, 1, n)))
    folds = np.arange(n) % 9
    return y, good, poor, folds


def test_predictions_give_mcnemar_of_the_examples():
    y, good, poor, folds = _data()
    a, b = (good >= 0.5).astype(int), (poor >= 0.5).astype(int)
    result = compare(y, y_pred=(a, b), folds=folds)
    expected = mcnemar_test(y, a, b)
    assert result.mcnemar.method == expected.method == "chi2"
    assert_allclose(tuple(result.mcnemar), tuple(expected), rtol=1e-12)
    assert result.delong is None


@pytest.mark.parametrize("n", [12, 30])
def test_few_discordant_examples_use_the_exact_test(n):
    y = np.array([0, 1] * n)
    a = y.copy()
    b = y.copy()
    b[:5] = 1 - b[:5]  # five discordant examples, all in A's favour
    a[7] = 1 - a[7]  # and one in B's
    result = compare(y, y_pred=(a, b))
    expected = mcnemar_test(y, a, b)
    assert result.mcnemar.method == "exact"
    assert_allclose(tuple(result.mcnemar), tuple(expected), rtol=1e-12)
    assert result.ttest is None  # one fold: no t-test


def test_scores_give_delong_mcnemar_at_the_threshold_and_the_corrected_ttest():
    y, good, poor, folds = _data()
    result = compare(y, scores=(good, poor), folds=folds, measure="delta")
    mcnemar, delong, ttest = result
    assert_allclose(tuple(delong), tuple(delong_test(y, good, poor)), rtol=1e-12)
    assert result.a.threshold == result.b.threshold == 0.5
    expected = mcnemar_test(y, (good >= 0.5).astype(int), (poor >= 0.5).astype(int))
    assert_allclose(tuple(mcnemar), tuple(expected), rtol=1e-12)
    per_fold_a = result.a.measures(["delta"])["delta"]
    per_fold_b = result.b.measures(["delta"])["delta"]
    assert_allclose(
        tuple(ttest),
        tuple(corrected_resampled_ttest(per_fold_a, per_fold_b, test_fraction=1 / 9)),
        rtol=1e-12,
    )
    assert result.test_fraction == pytest.approx(1 / 9)
    assert [row["test"] for row in result.summary()] == [
        "McNemar",
        "DeLong",
        "corrected resampled t",
        "paired difference",
    ]


def test_bad_pairs_are_refused():
    with pytest.raises(TypeError, match="`scores` must be a pair"):
        compare([0, 1], scores=[0.1, 0.9])
    with pytest.raises(ValueError, match="Pass `y_pred`"):
        compare([0, 1])
    with pytest.raises(ValueError, match="`measure` must name a measure"):
        compare([0, 1, 0, 1], y_pred=([0, 1, 0, 1], [0, 1, 1, 1]), folds=[1, 1, 2, 2], measure="x")


def _frame(tmp_path):
    y, good, poor, folds = _data()
    frame = pd.DataFrame({"y": y, "p": good, "q": poor, "fold": folds})
    frame["pa"] = (frame.p >= 0.5).astype(int)
    frame["pb"] = (frame.q >= 0.5).astype(int)
    frame.loc[[4, 40], "q"] = np.nan  # rows B cannot score: left out of both
    frame.loc[40, "pb"] = np.nan
    path = tmp_path / "two.csv"
    frame.to_csv(path, index=False)
    return frame, path


def _numbers(result):
    return [
        result.a.counts.tp.tolist(),
        result.b.counts.fp.tolist(),
        tuple(result.mcnemar),
        None if result.delong is None else tuple(result.delong),
        tuple(result.ttest),
        result.a.rows_left_out,
    ]


def test_every_door_gives_the_same_comparison(tmp_path):
    from phidelta.data import Roles, load_comparison

    frame, path = _frame(tmp_path)
    a, b = Roles("y", score="p", fold="fold"), Roles("y", score="q", fold="fold")
    whole = load_comparison(path, a, b)
    assert whole.names == ("p", "q")
    assert whole.a.rows_left_out == 2
    kept = frame.dropna(subset=["q"])
    direct = compare(kept.y, scores=(kept.p, kept.q), folds=kept.fold)
    assert _numbers(whole)[:5] == _numbers(direct)[:5]
    for chunksize in (7, 100, 10_000):
        assert _numbers(load_comparison(path, a, b, chunksize=chunksize)) == _numbers(whole)
    dd = pytest.importorskip("dask.dataframe")
    from phidelta.distributed import DaskTable

    dask_frame = dd.from_pandas(frame, npartitions=4)
    assert_allclose(
        np.hstack([np.ravel(v) for v in _numbers(load_comparison(DaskTable(dask_frame), a, b))]),
        np.hstack([np.ravel(v) for v in _numbers(whole)]),
        rtol=1e-12,
    )


def test_load_comparison_refuses_mixed_kinds_weights_and_gaps(tmp_path):
    from phidelta.data import DataError, Roles, load_comparison

    _, path = _frame(tmp_path)
    with pytest.raises(DataError, match="compare like with like"):
        load_comparison(path, Roles("y", score="p"), Roles("y", prediction="pb"))
    with pytest.raises(DataError, match="weight"):
        load_comparison(path, Roles("y", score="p", weight="p"), Roles("y", score="q"))
    with pytest.raises(DataError, match="missing values"):
        load_comparison(path, Roles("y", score="p"), Roles("y", score="q"), missing="error")
    with pytest.raises(DataError, match="share the fold"):
        load_comparison(path, Roles("y", score="p", fold="fold"), Roles("y", score="q"))


def test_cli_compare_json_and_plot(tmp_path, capsys):
    from phidelta.cli import main
    from phidelta.data import Roles, load_comparison

    _, path = _frame(tmp_path)
    plot = tmp_path / "out" / "two.png"
    code = main(
        [
            "assess", str(path), "--label", "y", "--score", "p", "--compare", "q",
            "--fold", "fold", "--format", "json", "--regions", "--plot", str(plot),
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    document = json.loads(out)
    expected = load_comparison(
        path, Roles("y", score="p", fold="fold"), Roles("y", score="q", fold="fold")
    )
    tests = {row["test"]: row for row in document["comparison"]}
    assert tests["McNemar"]["pvalue"] == pytest.approx(expected.mcnemar.pvalue, rel=1e-12)
    assert tests["DeLong"]["statistic"] == pytest.approx(expected.delong.statistic, rel=1e-12)
    assert tests["corrected resampled t"]["pvalue"] == pytest.approx(expected.ttest.pvalue)
    rows = document["rows"]
    assert [r["classifier"] for r in rows] == ["p"] * 12 + ["q"] * 12  # 9 folds, pooled, mean, std
    assert [r["row"] for r in rows[9:12]] == ["pooled", "mean", "std"]
    assert all(
        r["delta_region_low"] <= r["delta"] <= r["delta_region_high"]
        for r in rows
        if r["tp"] is not None
    )
    assert document["rows_left_out"] == 2
    assert plot.stat().st_size > 0


def test_both_classifiers_are_named_by_the_same_kind_of_column(tmp_path):
    """With a prediction and a score each, both are named by their score (the AUC's row was
    named by the second's prediction column and its AUC came from its score)."""
    from phidelta.data import Roles, load_comparison

    _, path = _frame(tmp_path)
    a = Roles("y", prediction="pa", score="p", fold="fold")
    b = Roles("y", prediction="pb", score="q", fold="fold")
    assert load_comparison(path, a, b).names == ("p", "q")


def test_cli_compare_needs_one_column_per_kind(tmp_path, capsys):
    from phidelta.cli import main

    _, path = _frame(tmp_path)
    code = main(
        ["assess", str(path), "--label", "y", "--score", "p", "--prediction", "pa",
         "--compare", "q"]
    )  # fmt: skip
    assert code != 0
    assert "give --compare twice" in capsys.readouterr().err
    code = main(
        ["assess", str(path), "--label", "y", "--score", "p", "--prediction", "pa",
         "--compare", "pb", "--compare", "q", "--format", "json"]
    )  # fmt: skip
    assert code == 0
    document = json.loads(capsys.readouterr().out)
    assert {row["test"] for row in document["comparison"]} == {
        "McNemar",
        "DeLong",
        "paired difference",
    }


def test_compare_estimators_uses_cross_validates_folds_for_both():
    pytest.importorskip("sklearn")
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from phidelta.assessment import cross_validate
    from phidelta.comparison import compare_estimators

    X, y = load_breast_cancer(return_X_y=True)
    a = make_pipeline(StandardScaler(), LogisticRegression())
    b = GaussianNB()
    result = compare_estimators(a, b, X, y, cv=5, random_state=4, measure="delta")
    alone_a, alone_b = (
        cross_validate(a, X, y, cv=5, random_state=4),
        cross_validate(b, X, y, cv=5, random_state=4),
    )
    for field in ("tn", "fp", "fn", "tp"):
        assert getattr(result.a.counts, field).tolist() == getattr(alone_a.counts, field).tolist()
        assert getattr(result.b.counts, field).tolist() == getattr(alone_b.counts, field).tolist()
    assert result.test_fraction == pytest.approx(0.2)
    assert result.names == ("Pipeline", "GaussianNB")


def test_report_shows_both_classifiers_and_the_verdict(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from phidelta.cli import main
    from phidelta.data import Roles, load_comparison
    from phidelta.report import comparison_verdict

    _, path = _frame(tmp_path)
    out = tmp_path / "r.html"
    code = main(
        ["report", "--predictions", str(path), "--label", "y", "--score", "p",
         "--compare", "q", "--fold", "fold", "-o", str(out)]
    )  # fmt: skip
    assert code == 0, capsys.readouterr().err
    text = out.read_text()
    expected = load_comparison(
        path, Roles("y", score="p", fold="fold"), Roles("y", score="q", fold="fold")
    )
    verdict = comparison_verdict(expected)
    assert verdict.startswith("p is more accurate than q")
    assert verdict in text
    assert "Paired tests" in text
    assert main(["report", "--data", str(path), "--label", "y", "--compare", "q"]) != 0
    assert "--compare needs --predictions" in capsys.readouterr().err


def test_verdict_says_when_the_tests_cannot_tell():
    from phidelta.report import comparison_verdict

    y = [0, 1] * 10
    a = y[:]
    b = y[:]
    a[0], b[1] = 1 - a[0], 1 - b[1]  # one error each, on different examples
    text = comparison_verdict(compare(y, y_pred=(a, b), names=("one", "other")))
    assert text.startswith("The tests do not tell one and other apart")


def test_from_comparison_draws_both_classifiers_named_in_one_diagram():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from phidelta.inference import phi_delta_region
    from phidelta.rendering import PhiDeltaDisplay

    y, good, poor, folds = _data()
    result = compare(y, scores=(good, poor), folds=folds, names=("good", "poor"))
    first, second = PhiDeltaDisplay.from_comparison(result)
    assert first.ax_ is second.ax_
    legend = [t.get_text() for t in second.ax_.get_legend().get_texts()]
    # one entry per classifier, then a grey key of the marks
    assert legend == ["good", "poor", "folds", "mean", "spread (2σ ellipse)", "95% region (pooled)"]
    for display, assessment in ((first, result.a), (second, result.b)):
        (patch,) = display.regions_
        expected = phi_delta_region(assessment.counts.sum()).polygons[0]
        assert_allclose(patch.get_xy()[:4], expected, atol=1e-12)
    assert second.border_ is None  # one frame: B adds no second diamond
    assert sum(t.get_text() == "oracle" for t in first.ax_.texts) == 1


def test_mcnemar_from_discordant_counts_equals_the_test_of_examples():
    from phidelta.inference import mcnemar_discordant_test

    y, good, poor, _ = _data()
    a, b = (good >= 0.5).astype(int), (poor >= 0.5).astype(int)
    right_a, right_b = a == y, b == y
    only_a = int(np.sum(right_a & ~right_b))
    only_b = int(np.sum(~right_a & right_b))
    for exact in (None, True, False):
        assert tuple(mcnemar_discordant_test(only_a, only_b, exact=exact)) == tuple(
            mcnemar_test(y, a, b, exact=exact)
        )
    with pytest.raises(ValueError, match="`only_b` must be a non-negative integer"):
        mcnemar_discordant_test(3, -1)


def test_cross_validate_takes_a_list_of_documents():
    pytest.importorskip("sklearn")
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB
    from sklearn.pipeline import make_pipeline

    from phidelta.assessment import cross_validate

    rng = np.random.default_rng(0)
    words = np.array(["good", "fine", "great", "bad", "poor", "awful", "the", "a", "is"])
    y = rng.integers(0, 2, 120)
    documents = [
        " ".join(rng.choice(words[:3] if label else words[3:6], 3)) + " the film is" for label in y
    ]
    run = cross_validate(make_pipeline(CountVectorizer(), MultinomialNB()), documents, y, cv=4)
    assert len(run.folds) == 4
    assert run.pooled().tp[0] + run.pooled().fn[0] == int(y.sum())
    with pytest.raises(ValueError, match="`X` has 119 rows but `y` has 120 labels"):
        cross_validate(MultinomialNB(), documents[:-1], y, cv=4)

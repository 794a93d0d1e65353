"""``phidelta stats --fdr``: the library's p- and q-values, flagged features, and clear errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from numpy.testing import assert_allclose

pd = pytest.importorskip("pandas")
stats = pytest.importorskip("scipy.stats")


@pytest.fixture
def binary_file(tmp_path):
    rng = np.random.default_rng(2)
    n = 400
    y = rng.integers(0, 2, n)
    columns = {"y": y}
    for j in range(30):
        columns[f"w{j}"] = (rng.random(n) < 0.3 + (0.35 if j < 6 else 0.0) * y).astype(int)
    path = tmp_path / "binary.csv"
    pd.DataFrame(columns).to_csv(path, index=False)
    return path


def test_stats_fdr_adds_fisher_and_bh_values(binary_file, tmp_path, capsys):
    from phidelta.cli import main
    from phidelta.data import Roles, load_signature

    plot = tmp_path / "sig.png"
    code = main(
        ["stats", str(binary_file), "--label", "y", "--fdr", "0.05", "--format", "json",
         "--plot", str(plot)]
    )  # fmt: skip
    assert code == 0
    document = json.loads(capsys.readouterr().out)
    sig = load_signature(binary_file, Roles("y"))
    frame = pd.read_csv(binary_file)
    by_name = {row["name"]: row for row in document["rows"]}
    for name in sig.names:  # each p-value is scipy's Fisher test of the feature's 2×2 table
        table = pd.crosstab(frame[name], frame["y"]).to_numpy()
        assert by_name[name]["pvalue"] == pytest.approx(stats.fisher_exact(table)[1], rel=1e-9)
    pvalues = np.array([by_name[n]["pvalue"] for n in sig.names])
    qvalues = np.array([by_name[n]["qvalue"] for n in sig.names])
    assert_allclose(qvalues, stats.false_discovery_control(pvalues), rtol=1e-12)
    flagged = {n for n in sig.names if by_name[n]["significant"]}
    assert flagged == {n for n, q in zip(sig.names, qvalues, strict=True) if q <= 0.05}
    assert f"{len(flagged)} of 30 features" in document["significance"]
    assert plot.stat().st_size > 0


def test_stats_fdr_tests_soft_features_by_permutation(tmp_path, capsys):
    from phidelta.cli import main
    from phidelta.data import Roles, load_signature
    from phidelta.inference import benjamini_hochberg

    rng = np.random.default_rng(5)
    y = np.repeat([0, 1], 60)
    frame = pd.DataFrame({"y": y, "signal": y + rng.normal(0, 0.7, 120)})
    for j in range(8):
        frame[f"noise{j}"] = rng.normal(size=120)
    path = tmp_path / "soft.csv"
    frame.to_csv(path, index=False)
    args = ["stats", str(path), "--label", "y", "--fdr", "0.1", "--permutations", "199"]
    assert main([*args, "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    expected = load_signature(path, Roles("y")).pvalues("permutation", n_permutations=199)
    sig_names = load_signature(path, Roles("y")).names
    by_name = {row["name"]: row for row in document["rows"]}
    assert [by_name[n]["pvalue"] for n in sig_names] == pytest.approx(expected.tolist())
    assert [by_name[n]["qvalue"] for n in sig_names] == pytest.approx(
        benjamini_hochberg(expected).tolist()
    )
    assert by_name["signal"]["significant"]
    assert by_name["signal"]["pvalue"] == pytest.approx(1 / 200)
    assert "permutation test of |δ|, 199 permutations" in document["significance"]
    # the test needs the rows: streamed data are refused in words, as is Fisher on soft counts
    assert main([*args, "--chunksize", "50"]) == 1
    assert "needs the rows in memory" in capsys.readouterr().err
    assert main([*args, "--test", "fisher"]) == 1
    err = capsys.readouterr().err
    assert "soft counts" in err
    assert "Traceback" not in err
    assert main(["stats", str(path), "--label", "y", "--fdr", "1.5"]) != 0
    assert main(["stats", str(path), "--label", "y", "--test", "fisher"]) == 1
    assert "give --fdr too" in capsys.readouterr().err


def test_report_signature_section_shows_the_default_tests_q_values(binary_file):
    pytest.importorskip("matplotlib")
    from phidelta.data import Roles, load_signature
    from phidelta.inference import benjamini_hochberg
    from phidelta.report import signature_section

    sig = load_signature(binary_file, Roles("y"))
    assert sig.default_test() == "fisher"
    qvalues = benjamini_hochberg(sig.pvalues("fisher"))
    html = signature_section(sig, fdr=0.05)
    count = int(np.sum(qvalues <= 0.05))
    assert f"{count} of 30 features are more than noise" in html
    assert "Fisher&#x27;s exact test" in html or "Fisher's exact test" in html
    streamed = load_signature(binary_file, Roles("y"), chunksize=100)
    assert "more than noise" in signature_section(streamed)  # integer counts: Fisher still


def test_every_door_shows_the_same_pvalues_of_a_streamed_signature(tmp_path, capsys):
    """A streamed signature has no rows to permute: CLI, report and web page all fall back to
    Fisher's test of the integer-count features (one library rule), NaN for soft ones."""
    pytest.importorskip("matplotlib")
    from phidelta.cli import main
    from phidelta.data import Roles, load_signature
    from phidelta.report import _feature_pvalues, signature_section
    from phidelta.web._views import feature_significance

    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 300)
    word = (rng.random(300) < 0.2 + 0.4 * y).astype(int)
    frame = pd.DataFrame({"y": y, "word": word, "level": y + rng.normal(size=300)})
    path = tmp_path / "mixed.csv"
    frame.to_csv(path, index=False)
    streamed = load_signature(path, Roles("y"), chunksize=64)
    expected, method = streamed.default_pvalues()
    assert method == "fisher"
    assert streamed.default_test() == "permutation"  # what it would run with its rows
    table = pd.crosstab(frame["word"], frame["y"]).to_numpy()
    assert expected[streamed.names.index("word")] == pytest.approx(stats.fisher_exact(table)[1])
    assert np.isnan(expected[streamed.names.index("level")])  # soft: no 2×2 table
    report_pvalues, how = _feature_pvalues(streamed)
    assert_allclose(report_pvalues, expected, rtol=0)
    assert how == "Fisher's exact test"
    assert "more than noise" in signature_section(streamed)
    assert_allclose(feature_significance(streamed)[0], expected, rtol=0)
    args = ["stats", str(path), "--label", "y", "--fdr", "0.05", "--chunksize", "64"]
    assert main([*args, "--format", "json"]) == 0
    rows = {row["name"]: row["pvalue"] for row in json.loads(capsys.readouterr().out)["rows"]}
    shown = [np.nan if rows[n] is None else rows[n] for n in streamed.names]  # JSON null: NaN
    assert_allclose(shown, expected, rtol=0)

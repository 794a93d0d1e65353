"""Clustered data in every door (issue 29, item 3): the multi-class intervals, comparisons,
coverage bands, signatures and the report resample whole groups once groups are given, and
the same file gives the same clustered intervals through the library, the command line (whole
and chunked) and the report."""

from __future__ import annotations

import json

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

from phidelta.counts import BinaryCounts, ConfusionMatrix
from phidelta.inference import matrix_intervals, measure_intervals


def multiclass_sample(
    groups: int, size: int, rng: np.random.Generator, spread: float = 1.5
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three classes; a group's rows share its skill (a logit shift of ``spread``·u_group):
    the correct predictions of one group are correlated."""
    group = np.repeat(np.arange(groups), size)
    y = rng.integers(0, 3, groups * size)
    skill = rng.standard_normal(groups)[group]
    correct = rng.random(groups * size) < 1 / (1 + np.exp(-(1 + spread * skill)))
    predicted = np.where(correct, y, (y + rng.integers(1, 3, groups * size)) % 3)
    return y, predicted, group


# --- multi-class -------------------------------------------------------------------------------
def test_two_class_matrix_is_the_binary_cluster_bootstrap():
    # a 2×2 matrix's cells are (tn, fp, fn, tp) in the same order: the same groups, the same
    # seed, the same resamples — the percentile bounds agree exactly
    rng = np.random.default_rng(1)
    g = np.repeat(np.arange(30), 4)
    y = rng.integers(0, 2, 120)
    p = np.where(rng.random(120) < 0.7, y, 1 - y)
    kw = {"random_state": 3, "n_resamples": 500, "method": "percentile"}
    a = matrix_intervals(
        ConfusionMatrix.from_labels(y, p),
        ["accuracy"],
        groups=ConfusionMatrix.from_groups(y, p, g),
        **kw,
    )
    b = measure_intervals(
        BinaryCounts.from_labels(y, p),
        measures=["accuracy"],
        groups=BinaryCounts.from_groups(y, p, g),
        **kw,
    )
    assert a.methods == b.methods == {"accuracy": "cluster_percentile"}
    assert_allclose(a.low["accuracy"], b.low["accuracy"], rtol=1e-12)
    assert_allclose(a.high["accuracy"], b.high["accuracy"], rtol=1e-12)


def test_one_row_per_group_is_the_matrix_bootstrap_in_law():
    rng = np.random.default_rng(2)
    y, p, _ = multiclass_sample(150, 1, rng)
    cm = ConfusionMatrix.from_labels(y, p)
    names = ["accuracy", "joint_mi2"]
    rows = matrix_intervals(cm, names, random_state=0, n_resamples=3000)
    singles = ConfusionMatrix.from_groups(y, p, np.arange(len(y)))
    groups = matrix_intervals(cm, names, groups=singles, random_state=1, n_resamples=3000)
    for name in names:
        assert_allclose(
            [groups.low[name][0], groups.high[name][0]],
            [rows.low[name][0], rows.high[name][0]],
            atol=0.02,
        )
    assert_array_equal(groups.estimate["accuracy"], rows.estimate["accuracy"])


def test_matrix_intervals_with_groups_cover_where_the_rows_bootstrap_does_not():
    # 30 groups of 8 rows sharing their skill: the rows' bootstrap is too narrow. The true
    # accuracy is the population's (one large sample of the same model); 150 data sets
    # (Monte Carlo SE ≈ 1.8 points at 95 %), 300 resamples each
    truth_y, truth_p, _ = multiclass_sample(200_000, 1, np.random.default_rng(99))
    truth = float(np.mean(truth_y == truth_p))
    rng = np.random.default_rng(4)
    naive = clustered = 0
    reps = 150
    for i in range(reps):
        y, p, g = multiclass_sample(30, 8, rng, spread=2.5)
        cm = ConfusionMatrix.from_labels(y, p)
        kw = {"method": "percentile", "n_resamples": 300, "random_state": i}
        a = matrix_intervals(cm, ["accuracy"], **kw)
        b = matrix_intervals(cm, ["accuracy"], groups=ConfusionMatrix.from_groups(y, p, g), **kw)
        naive += a.low["accuracy"][0] <= truth <= a.high["accuracy"][0]
        clustered += b.low["accuracy"][0] <= truth <= b.high["accuracy"][0]
    assert 0.88 <= clustered / reps <= 0.99
    assert naive / reps <= 0.85


def test_matrix_group_errors():
    rng = np.random.default_rng(5)
    y, p, g = multiclass_sample(10, 3, rng)
    cm = ConfusionMatrix.from_labels(y, p, classes=[0, 1, 2])
    with pytest.raises(ValueError, match="do not add up"):
        matrix_intervals(cm, groups=ConfusionMatrix.from_groups(y[1:], p[1:], g[1:]))
    with pytest.raises(ValueError, match="fewer than two"):
        matrix_intervals(cm, groups=ConfusionMatrix.from_groups(y, p, np.zeros(len(y))))
    with pytest.raises(TypeError, match="matrices of each group"):
        matrix_intervals(cm, groups=g)
    with pytest.raises(ValueError, match="each of the 2 matrices"):
        matrix_intervals(
            ConfusionMatrix(np.concatenate([cm.counts, cm.counts]), input_classes=[0, 1, 2]),
            groups=[ConfusionMatrix.from_groups(y, p, g)],
        )


@pytest.mark.parametrize("role", ["label", "prediction", "score", "weight"])
def test_the_group_column_cannot_be_a_column_it_groups(role):
    """Grouping by the label (or by what is measured) keeps every class's rows in every
    resample: the intervals would collapse to the estimate, so the roles are refused."""
    from phidelta.data import DataError, Roles

    columns = {"label": "y", "prediction": "p", "score": "s", "weight": "w"}
    with pytest.raises(DataError, match=f"not the {role} column") as info:
        Roles(**{**columns, "group": columns[role]})
    assert info.value.role == "group"
    assert Roles(**columns, group="patient").group == "patient"


@pytest.fixture(scope="module")
def multiclass_file(tmp_path_factory):
    pd = pytest.importorskip("pandas")
    y, p, g = multiclass_sample(40, 5, np.random.default_rng(0))
    frame = pd.DataFrame({"y": y, "p": p, "patient": [f"p{k:02d}" for k in g], "fold": g % 2})
    frame.loc[3, "patient"] = None  # a row of no group: left out, counted
    path = tmp_path_factory.mktemp("clustered_mc") / "multiclass.csv"
    frame.to_csv(path, index=False)
    return path


def test_load_multiclass_with_groups_and_the_triangle_command(multiclass_file):
    pytest.importorskip("click")
    from click.testing import CliRunner

    from phidelta.cli import cli
    from phidelta.data import DataError, Roles, load_multiclass

    roles = Roles("y", prediction="p", fold="fold", group="patient")
    whole = load_multiclass(multiclass_file, roles)
    chunked = load_multiclass(multiclass_file, roles, chunksize=37)
    assert whole.rows_left_out == chunked.rows_left_out == 1
    assert len(whole.groups.labels) == 40
    # the groups' matrices add up to each fold's, and over the folds to the pooled one
    for part, matrix in zip(whole.groups.parts, whole.matrices.counts, strict=True):
        assert_array_equal(part.counts.sum(axis=0), matrix)
    assert_array_equal(whole.groups.pooled.counts.sum(axis=0), whole.matrices.counts.sum(axis=0))
    a = whole.intervals(random_state=2, n_resamples=300)
    b = chunked.intervals(random_state=2, n_resamples=300)
    assert set(a.methods.values()) == {"cluster_bca"}
    for name in ("accuracy", "joint_mi2"):
        assert_array_equal(a.low[name], b.low[name])
        assert_array_equal(a.high[name], b.high[name])
    # the groups of each fold (the fold's matrix) and of all folds (the pooled row)
    fold0 = matrix_intervals(
        ConfusionMatrix(whole.matrices.counts[:1], input_classes=[0, 1, 2]),
        ["accuracy"],
        groups=whole.groups.parts[0],
        random_state=0,
        n_resamples=300,
    )
    assert fold0.estimate["accuracy"][0] == a.estimate["accuracy"][0]
    args = ["triangle", str(multiclass_file), "--label", "y", "--prediction", "p"]
    args += ["--fold", "fold", "--group", "patient", "--confidence-level", "0.9"]
    args += ["--random-state", "2", "--format", "json"]
    runs = [CliRunner().invoke(cli, [*args, *extra]) for extra in ((), ("--chunksize", "37"))]
    for done in runs:
        assert done.exit_code == 0, done.output
    docs = [json.loads(done.output) for done in runs]
    assert docs[0]["rows"] == docs[1]["rows"]
    assert docs[0]["interval_method"].startswith("cluster_bca: whole groups drawn, 40 groups")
    want = whole.intervals(confidence_level=0.9, random_state=2)
    rows = {r["quantity"]: r for r in docs[0]["rows"]}
    for column, i in (("0", 0), ("1", 1), ("pooled", 2)):
        assert rows["joint_mi2"][f"{column}_low"] == pytest.approx(want.low["joint_mi2"][i])
        assert rows["accuracy"][f"{column}_high"] == pytest.approx(want.high["accuracy"][i])
    one = pd_frame(multiclass_file).assign(patient="p")
    with pytest.raises(DataError, match="single group"):
        load_multiclass(one, roles)


def pd_frame(path):
    pd = pytest.importorskip("pandas")
    return pd.read_csv(path)


# --- comparisons -------------------------------------------------------------------------------
def paired_clustered_sample(
    groups: int, size: int, icc: float, rng: np.random.Generator
) -> tuple[np.ndarray, ...]:
    """Labels, two exchangeable classifiers' scores (the null hypothesis) and group ids: a
    group's rows share a shift of A's and B's scores that differs between them, so a group's
    discordant rows lean the same way."""
    group = np.repeat(np.arange(groups), size)
    y = rng.integers(0, 2, groups * size)
    shift = np.sqrt(icc) * rng.standard_normal((2, groups))[:, group]
    noise = np.sqrt(1 - icc) * rng.standard_normal((2, groups * size))
    a, b = y + shift + noise
    return y, a, b, group


def test_clustered_mcnemar_with_one_row_per_group_is_mcnemars_chi2():
    from phidelta.comparison import compare
    from phidelta.inference import clustered_mcnemar_test

    rng = np.random.default_rng(6)
    y, a, b, _ = paired_clustered_sample(150, 1, 0.5, rng)
    pa, pb = (a >= 0.5).astype(int), (b >= 0.5).astype(int)
    only_a = int(np.sum((pa == y) & (pb != y)))
    only_b = int(np.sum((pa != y) & (pb == y)))
    res = compare(y, y_pred=(pa, pb), groups=np.arange(len(y)))
    # (b − c)² / (b + c): McNemar's χ² without continuity correction (McNemar 1947)
    assert res.mcnemar.statistic == pytest.approx((only_a - only_b) ** 2 / (only_a + only_b))
    assert res.mcnemar.method == "durkalski"
    sm = pytest.importorskip("statsmodels.stats.contingency_tables")
    table = [[np.sum((pa == y) & (pb == y)), only_a], [only_b, np.sum((pa != y) & (pb != y))]]
    ref = sm.mcnemar(table, exact=False, correction=False)
    assert res.mcnemar.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert res.mcnemar.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    # the definition, group by group (Durkalski et al. 2003)
    b_k, c_k = rng.integers(0, 5, 12), rng.integers(0, 5, 12)
    d = b_k - c_k
    assert clustered_mcnemar_test(b_k, c_k).statistic == pytest.approx(d.sum() ** 2 / np.sum(d * d))
    with pytest.raises(ValueError, match="at least two groups"):
        clustered_mcnemar_test([3], [1])
    with pytest.raises(ValueError, match="non-negative whole"):
        clustered_mcnemar_test([3, -1], [1, 0])


def test_compare_with_groups_uses_the_clustered_forms():
    from phidelta.comparison import compare
    from phidelta.inference import delong_test, paired_difference_from_table, paired_table

    rng = np.random.default_rng(7)
    y, a, b, g = paired_clustered_sample(40, 5, 0.7, rng)
    res = compare(y, scores=(a, b), groups=g, threshold=0.5, folds=g % 2)
    assert res.n_groups == 40
    assert res.delong.standard_error == delong_test(y, a, b, groups=g).standard_error
    said_a, said_b = a >= 0.5, b >= 0.5
    cells = np.stack(
        [paired_table(y[g == k] == 1, said_a[g == k], said_b[g == k]) for k in range(40)]
    )
    want = paired_difference_from_table(
        paired_table(y == 1, said_a, said_b),
        measures=list(res.difference.methods),
        groups=cells,
        random_state=0,
    )
    assert res.difference.low == want.low
    assert set(res.difference.methods.values()) == {"cluster_bca"}
    assert res.a.groups is not None  # each classifier's intervals resample groups too
    assert res.b.groups is not None
    assert "Obuchowski" in res.summary()[1]["detail"]


def test_clustered_mcnemar_holds_its_size_where_mcnemar_does_not():
    # 300 data sets under the null (A and B exchangeable), 40 groups of 15 rows whose
    # discordant rows lean the same way: McNemar's test, rows as independent, rejects 22 %
    # of them; the clustered test 5 % (Monte Carlo SE ≈ 1.3 points)
    from phidelta.inference import clustered_mcnemar_test, mcnemar_discordant_test

    rng = np.random.default_rng(8)
    naive = clustered = 0
    reps = 300
    for _ in range(reps):
        y, a, b, g = paired_clustered_sample(40, 15, 0.9, rng)
        right_a, right_b = (a >= 0.5) == y, (b >= 0.5) == y
        only_a = np.bincount(g, weights=right_a & ~right_b).astype(int)
        only_b = np.bincount(g, weights=~right_a & right_b).astype(int)
        naive += mcnemar_discordant_test(int(only_a.sum()), int(only_b.sum())).pvalue < 0.05
        clustered += clustered_mcnemar_test(only_a, only_b).pvalue < 0.05
    assert 0.015 <= clustered / reps <= 0.09
    assert naive / reps >= 0.15


def test_load_comparison_with_groups_whole_chunked_and_the_command_line(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("click")
    from click.testing import CliRunner

    from phidelta.cli import cli
    from phidelta.comparison import compare
    from phidelta.data import DataError, Roles, load_comparison

    y, a, b, g = paired_clustered_sample(30, 6, 0.7, np.random.default_rng(9))
    a, b = np.round(a, 3), np.round(b, 3)
    frame = pd.DataFrame({"y": y, "a": a, "b": b, "patient": g, "fold": g % 2})
    path = tmp_path / "pairs.csv"
    frame.to_csv(path, index=False)
    roles = Roles("y", score="a", fold="fold", group="patient", threshold="0.5")
    other = Roles("y", score="b", fold="fold", threshold="0.5")
    whole = load_comparison(path, roles, other)
    chunked = load_comparison(path, roles, other, chunksize=41)
    direct = compare(y, scores=(a, b), folds=g % 2, groups=g, threshold=0.5)
    for got in (chunked, direct):
        assert got.mcnemar == whole.mcnemar
        assert got.delong.standard_error == pytest.approx(whole.delong.standard_error, rel=1e-12)
        assert got.difference.low == whole.difference.low
        assert got.difference.high == whole.difference.high
    with pytest.raises(DataError, match="group"):
        load_comparison(path, roles, Roles("y", score="b", fold="fold", group="fold"))
    with pytest.raises(DataError, match="single group"):
        load_comparison(frame.assign(patient=1), roles, other)
    args = ["assess", str(path), "--label", "y", "--score", "a", "--compare", "b"]
    args += ["--fold", "fold", "--group", "patient", "--threshold", "0.5", "--format", "json"]
    args += ["--confidence-level", "0.9", "--random-state", "4"]
    runs = [CliRunner().invoke(cli, [*args, *extra]) for extra in ((), ("--chunksize", "41"))]
    for done in runs:
        assert done.exit_code == 0, done.output
    docs = [json.loads(done.output) for done in runs]
    assert docs[0] == docs[1]
    tests = {row["test"]: row for row in docs[0]["comparison"]}
    assert tests["McNemar"]["statistic"] == pytest.approx(whole.mcnemar.statistic)
    assert "durkalski" in tests["McNemar"]["detail"]
    assert tests["DeLong"]["pvalue"] == pytest.approx(whole.delong.pvalue)
    assert docs[0]["intervals"]["accuracy"] == "cluster_bca"


# --- coverage bands ----------------------------------------------------------------------------
def test_coverage_band_with_groups_is_the_clustered_roc_band_in_counts():
    from phidelta.counts import ScoreTable
    from phidelta.inference import coverage_band, roc_band

    rng = np.random.default_rng(10)
    group = np.repeat(np.arange(40), 5)
    y = rng.integers(0, 2, 200)
    s = np.round(y + rng.normal(size=40)[group] + rng.normal(size=200), 1)
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, group)
    kw = {"grid": 11, "random_state": 5, "n_resamples": 300}
    roc = roc_band(table, groups=tables, **kw)
    cov = coverage_band(table, groups=tables, **kw)
    p, n = table.total_positives, table.total_negatives
    assert cov.method == roc.method
    assert cov.method.startswith("cluster bootstrap over 40 groups")
    assert_allclose(cov.fp, roc.fpr * n, rtol=1e-12)
    for got, rate in (
        (cov.low, roc.low),
        (cov.high, roc.high),
        (cov.simultaneous_low, roc.simultaneous_low),
        (cov.simultaneous_high, roc.simultaneous_high),
    ):
        assert_allclose(got, rate * p, rtol=1e-12)
    # the display draws the same band
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from phidelta.rendering import RocDisplay

    shown = RocDisplay(tables=[table]).plot(
        space="coverage", band=True, band_groups=tables, random_state=5, n_resamples=300
    )
    drawn = coverage_band(table, groups=tables, random_state=5, n_resamples=300)
    assert_array_equal(shown.band_.simultaneous_high, drawn.simultaneous_high)


# --- feature signatures ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def signature_file(tmp_path_factory):
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(12)
    g = np.repeat(np.arange(40), 5)
    y = (g < 20).astype(int)
    u = rng.normal(size=40)[g]
    frame = pd.DataFrame(
        {
            "y": y,
            "b": ((y + u + rng.normal(size=200)) > 0.5).astype(int),
            "t": rng.choice(["x", "w", "z"], 200),
            "num": np.round(y + u + rng.normal(size=200), 2),
            "patient": [f"p{k:02d}" for k in g],
        }
    )
    frame.loc[7, "patient"] = None  # a row of no group: left out, counted
    path = tmp_path_factory.mktemp("clustered_sig") / "features.csv"
    frame.to_csv(path, index=False)
    return path, frame


def test_signature_counts_by_group_are_the_features_counts_per_group(signature_file):
    from phidelta.data import Roles, load_signature

    path, frame = signature_file
    sig = load_signature(path, Roles("y", group="patient"), numeric="threshold")
    assert "patient" not in sig.sources  # the group is no feature
    assert sig.rows_left_out == 1
    kept = frame[frame["patient"].notna()]
    y, g = kept["y"].to_numpy(), kept["patient"].to_numpy()
    cells, labels = sig.counts_by_group()
    assert labels.tolist() == sorted(set(g))
    num = sig.names.index("num")
    side = kept["num"].to_numpy() > sig.cuts[num]
    if not np.allclose(BinaryCounts.from_labels(y, side).to_array()[0], sig.counts.to_array()[num]):
        side = kept["num"].to_numpy() < sig.cuts[num]  # the cut's other side
    present = {
        "b": kept["b"].to_numpy() == 1,
        "t(w)": kept["t"].to_numpy() == "w",
        "num": side,
    }
    for name, rows in present.items():
        want = BinaryCounts.from_groups(y, rows.astype(int), g).counts.to_array()
        assert_array_equal(cells[sig.names.index(name)], want)


def test_signature_intervals_with_groups_are_the_cluster_bootstrap(signature_file):
    from phidelta._door_intervals import SIGNATURE_MEASURES, signature_intervals
    from phidelta.data import DataError, Roles, load_signature

    path, frame = signature_file
    sig = load_signature(path, Roles("y", group="patient"))  # soft: "num" gets none
    bounds, methods, counted = signature_intervals(sig, confidence_level=0.9, random_state=4)
    assert set(methods.values()) == {"cluster_bca"}
    assert counted == len(sig) - 1
    assert np.isnan(bounds["delta"][0][sig.names.index("num")])
    # the same features' counts per group made from the rows: the same resamples, the same bounds
    kept = frame[frame["patient"].notna()]
    y, g = kept["y"].to_numpy(), kept["patient"].to_numpy()
    rows = [i for i, name in enumerate(sig.names) if name != "num"]
    parts = []
    for i in rows:
        source, name = sig.sources[i], sig.names[i]
        if name == source:  # binary: present = the larger value
            present = kept[source].to_numpy() == kept[source].max()
        else:  # a nominal indicator "t(w)"
            present = kept[source].to_numpy() == name[len(source) + 1 : -1]
        parts.append(BinaryCounts.from_groups(y, present.astype(int), g))
    want = measure_intervals(
        sig.counts[rows],
        measures=list(SIGNATURE_MEASURES.values()),
        groups=parts,
        confidence_level=0.9,
        random_state=4,
    )
    for column, measure in SIGNATURE_MEASURES.items():
        assert_allclose(bounds[column][0][rows], want.low[measure], rtol=1e-12)
        assert_allclose(bounds[column][1][rows], want.high[measure], rtol=1e-12)
    plain = signature_intervals(
        load_signature(path, Roles("y"), kinds={"patient": "ignore"}),
        confidence_level=0.9,
    )[1]
    assert plain["delta"] == "newcombe"  # without groups: the closed forms
    with pytest.raises(DataError, match="in one piece"):
        load_signature(path, Roles("y", group="patient"), chunksize=50)
    with pytest.raises(DataError, match="single group"):
        load_signature(frame.assign(patient="p"), Roles("y", group="patient"))


def test_stats_group_through_the_command_line(signature_file):
    pytest.importorskip("click")
    from click.testing import CliRunner

    from phidelta._door_intervals import signature_intervals
    from phidelta.cli import cli
    from phidelta.data import Roles, load_signature

    path, _ = signature_file
    args = ["stats", str(path), "--label", "y", "--group", "patient", "--numeric", "threshold"]
    args += ["--confidence-level", "0.9", "--random-state", "2", "--format", "json"]
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == 0, done.output
    doc = json.loads(done.output)
    assert doc["groups"].startswith("40 groups")
    assert doc["intervals"]["delta"] == "cluster_bca"
    sig = load_signature(path, Roles("y", group="patient"), numeric="threshold")
    bounds, _, _ = signature_intervals(sig, confidence_level=0.9, random_state=2)
    by = {row["name"]: row for row in doc["rows"]}
    for i, name in enumerate(sig.names):
        assert by[name]["delta_low"] == pytest.approx(bounds["delta"][0][i], rel=1e-12)
        assert by[name]["phi_high"] == pytest.approx(bounds["phi"][1][i], rel=1e-12)
    for extra, said in ((["--chunksize", "50"], "in one piece"), (["--fdr", "0.1"], "--fdr")):
        refused = CliRunner().invoke(cli, [*args, *extra])
        assert refused.exit_code != 0
        assert said in refused.output


def test_the_reports_signature_section_with_groups(signature_file):
    pytest.importorskip("matplotlib").use("Agg")
    import html

    from phidelta._door_intervals import interval_cell, signature_intervals
    from phidelta._format import column_text
    from phidelta.data import Roles, load_signature
    from phidelta.report import signature_section

    path, _ = signature_file
    sig = load_signature(path, Roles("y", group="patient"), numeric="threshold")
    page = html.unescape(signature_section(sig, confidence_level=0.9, random_state=2))
    bounds, _, _ = signature_intervals(sig, confidence_level=0.9, random_state=2)
    order = sig.rank("delta")  # the table's rows, its column's digits
    text = column_text([sig.to_dict()["delta"][i] for i in order], digits=3)
    for t, i in zip(text, order, strict=True):
        assert interval_cell(t, bounds["delta"][0][i], bounds["delta"][1][i]) in page
    assert "every interval resamples whole groups" in page
    assert "p-values, which treat rows as independent, are not shown" in page


def test_a_single_fold_and_the_pooled_rows_get_one_clustered_interval():
    """The same groups' tables give the same cluster-bootstrap interval, wherever they stand
    (a newcomer's file of one fold showed the fold and the pooled row with two intervals)."""
    from phidelta._door_intervals import assessment_intervals
    from phidelta.assessment import assess

    rng = np.random.default_rng(3)
    g = np.repeat(np.arange(30), 4)
    y = (rng.random(120) < 0.2 + 0.02 * g).astype(int)
    pred = (rng.random(120) < 0.3 + 0.4 * y).astype(int)
    res = assessment_intervals(
        assess(y, y_pred=pred, groups=g), ["accuracy", "mcc"], confidence_level=0.9
    )
    assert res.index == ["all", "pooled"]
    for name in ("accuracy", "mcc"):
        assert res.low[name][0] == res.low[name][1] < res.estimate[name][0]
        assert res.high[name][0] == res.high[name][1] > res.estimate[name][0]

"""Clustered data (issue 29, item 3): with groups of rows (patients, speakers, documents,
sites), every interval resamples whole groups and the AUC gets Obuchowski's (1997) clustered
variance; rows of one group are never treated as independent once groups are given."""

from __future__ import annotations

import json
from functools import partial

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy import stats

from phidelta.assessment import assess
from phidelta.counts import BinaryCounts, ScoreTable
from phidelta.inference import (
    auc_confidence_interval,
    bootstrap_interval,
    count_bootstrap_interval,
    delong_test,
    measure_intervals,
    paired_difference_from_table,
    paired_difference_interval,
    paired_table,
    precision_recall_band,
    roc_band,
    table_bootstrap_interval,
    wilson_interval,
)
from phidelta.inference._clustered import GroupedTable, check_group_labels, obuchowski
from phidelta.measures import auc, mcc, partial_auc

# the population of the simulations: half the groups positive, half negative (a patient's
# class), scores y + √ICC·u_group + √(1 − ICC)·e, so AUC = Φ(1/√2) and Se(0.5) = Φ(0.5)
TRUE_AUC = float(stats.norm.cdf(1 / np.sqrt(2)))
CUT = 0.5
TRUE_SENSITIVITY = float(stats.norm.cdf(1 - CUT))


def clustered_sample(
    groups: int, size: int, icc: float, rng: np.random.Generator, mixed: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Labels, scores and group ids; ``mixed``: each row's class drawn apart (groups hold both
    classes, e.g. several lesions of one patient), else one class per group."""
    group = np.repeat(np.arange(groups), size)
    y = rng.integers(0, 2, groups * size) if mixed else (group < groups // 2).astype(int)
    s = y + np.sqrt(icc) * rng.standard_normal(groups)[group]
    s += np.sqrt(1 - icc) * rng.standard_normal(groups * size)
    return y, np.round(s, 2), group


def delong_variance(table: ScoreTable) -> float:
    return auc_confidence_interval(table).standard_error ** 2


def brute_obuchowski(kernel: np.ndarray, y: np.ndarray, g: np.ndarray) -> float:
    """Obuchowski's (1997) variance from its formulas, pair by pair (an independent check):
    ``kernel[i, j]`` is ψ of the i-th positive and the j-th negative (1, ½ for a tie, 0), or a
    difference of two such kernels (the formulas are bilinear in it)."""
    theta = kernel.mean()
    v10, v01 = kernel.mean(axis=1), kernel.mean(axis=0)  # per positive, per negative
    clusters = np.unique(g)
    big_v10 = np.array([v10[g[y == 1] == c].sum() for c in clusters])
    big_v01 = np.array([v01[g[y == 0] == c].sum() for c in clusters])
    m = np.array([np.sum((g == c) & (y == 1)) for c in clusters])
    n = np.array([np.sum((g == c) & (y == 0)) for c in clusters])
    M, N, K = m.sum(), n.sum(), len(clusters)
    I10, I01 = np.count_nonzero(m), np.count_nonzero(n)
    s10 = I10 / ((I10 - 1) * M) * np.sum((big_v10 - m * theta) ** 2)
    s01 = I01 / ((I01 - 1) * N) * np.sum((big_v01 - n * theta) ** 2)
    s11 = K / (K - 1) * np.sum((big_v10 - m * theta) * (big_v01 - n * theta))
    return s10 / M + s01 / N + 2 * s11 / (M * N)


def kernel_of(y: np.ndarray, s: np.ndarray) -> np.ndarray:
    pos, neg = s[y == 1], s[y == 0]
    return (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])


# --- Obuchowski's variance ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_one_row_per_group_is_delong_exactly(seed):
    # I₁₀ = P, I₀₁ = N and no group holds both classes: S₁₁ = 0, and the factor I₁₀/(I₁₀ − 1)
    # is DeLong's P/(P − 1) — the variances agree to rounding, ties included
    rng = np.random.default_rng(seed)
    n = 30 + 40 * seed
    y = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n) + y, 1)  # many ties
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, np.arange(n))
    clustered = auc_confidence_interval(table, groups=tables)
    naive = auc_confidence_interval(table)
    assert clustered.auc == naive.auc
    assert clustered.standard_error == pytest.approx(naive.standard_error, rel=1e-12)
    assert (clustered.low, clustered.high) == pytest.approx((naive.low, naive.high), rel=1e-12)
    b = s + rng.normal(size=n)
    assert delong_test(y, s, b, groups=np.arange(n)).standard_error == pytest.approx(
        delong_test(y, s, b).standard_error, rel=1e-10
    )


@pytest.mark.parametrize("mixed", [False, True], ids=["one class per group", "mixed groups"])
def test_obuchowski_follows_the_papers_formulas(mixed):
    rng = np.random.default_rng(11)
    y, s, g = clustered_sample(24, 5, 0.6, rng, mixed=mixed)
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, g)
    se = auc_confidence_interval(table, groups=tables).standard_error
    assert se**2 == pytest.approx(brute_obuchowski(kernel_of(y, s), y, g), rel=1e-10)
    codes, k = check_group_labels(g, len(g))
    parts = obuchowski(GroupedTable.from_rows(y == 1, s, codes, k)[0])
    cross = float(np.dot(parts.centred_positives, parts.centred_negatives))
    # groups of both classes give the cross term S₁₁; one class per group gives none
    assert (cross != 0) == mixed


def test_obuchowski_agrees_with_the_cluster_bootstrap():
    # groups of both classes (the cross term matters): the closed form and the bootstrap's
    # variance, two consistent estimates, agree within the bootstrap's error (√(2/B) ≈ 4 %)
    rng = np.random.default_rng(5)
    y, s, g = clustered_sample(300, 4, 0.6, rng, mixed=True)
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, g)
    closed = auc_confidence_interval(table, groups=tables).standard_error ** 2
    grouped = GroupedTable.from_tables(tables)
    from phidelta.inference._clustered import table_statistic_values

    values = table_statistic_values(
        grouped, auc, is_auc=True, n_resamples=1500, rng=np.random.default_rng(0)
    )
    assert np.var(values, ddof=1) / closed == pytest.approx(1, abs=0.15)
    assert closed > delong_variance(table)  # positive within-group correlation


def test_clustered_delong_test_is_obuchowskis_difference():
    # Var(A − B) is the formulas' variance of the difference of the two kernels (bilinear):
    # Var A + Var B − 2 Cov(A, B), both curves' cross terms S₁₁ included
    rng = np.random.default_rng(8)
    y, s, g = clustered_sample(40, 5, 0.7, rng, mixed=True)
    other = np.round(s + rng.normal(size=len(s)), 2)
    r = delong_test(y, s, other, groups=g)
    variance = brute_obuchowski(kernel_of(y, s) - kernel_of(y, other), y, g)
    assert r.standard_error**2 == pytest.approx(variance, rel=1e-10)
    assert r.difference == pytest.approx(kernel_of(y, s).mean() - kernel_of(y, other).mean())
    assert r.standard_error != pytest.approx(delong_test(y, s, other).standard_error, rel=0.01)


# --- coverage: the clustered interval holds, the naive one does not ---------------------------
def test_clustered_auc_interval_covers_where_delong_does_not():
    # 80 groups of 4 rows, ICC 0.8: the design effect 1 + (4 − 1)·0.8 = 3.4 makes DeLong's SE
    # too small by √3.4, so its nominal 95 % interval covers about 2Φ(1.96/1.84) − 1 ≈ 71 %.
    # 400 data sets: Monte Carlo SE ≈ 1.1 points at 95 %, 2.3 at 71 %. Obuchowski's interval
    # must lie within about ±4 SE of 94.5 % (it runs a point low with 40 groups per class: 93.8 %
    # over 2,000 data sets), DeLong's far below.
    rng = np.random.default_rng(2)
    naive = clustered = 0
    reps = 400
    for _ in range(reps):
        y, s, g = clustered_sample(80, 4, 0.8, rng)
        table = ScoreTable.from_scores(y, s)
        tables, _ = ScoreTable.from_groups(y, s, g)
        a = auc_confidence_interval(table)
        b = auc_confidence_interval(table, groups=tables)
        naive += a.low <= TRUE_AUC <= a.high
        clustered += b.low <= TRUE_AUC <= b.high
    assert 0.90 <= clustered / reps <= 0.99
    assert naive / reps <= 0.85


def test_cluster_bootstrap_of_a_rate_covers_where_wilson_does_not():
    # the same design at 40 groups of 5, ICC 0.8; 200 data sets (Monte Carlo SE ≈ 1.5 points at
    # 95 %), 400 resamples each; Wilson's interval, rows as independent, covers about 65 %
    rng = np.random.default_rng(7)
    wilson = clustered = 0
    reps = 200
    for i in range(reps):
        y, s, g = clustered_sample(40, 5, 0.8, rng)
        predicted = (s >= CUT).astype(int)
        counts = BinaryCounts.from_labels(y, predicted)
        w = wilson_interval(counts.tp, counts.tp + counts.fn)
        res = measure_intervals(
            counts,
            measures=["sensitivity"],
            groups=BinaryCounts.from_groups(y, predicted, g),
            n_resamples=400,
            random_state=i,
        )
        wilson += w.low[0] <= TRUE_SENSITIVITY <= w.high[0]
        clustered += res.low["sensitivity"][0] <= TRUE_SENSITIVITY <= res.high["sensitivity"][0]
    assert 0.89 <= clustered / reps <= 0.99
    assert wilson / reps <= 0.80


# --- the cluster bootstrap ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def grouped_data():
    rng = np.random.default_rng(3)
    y, s, g = clustered_sample(60, 5, 0.6, rng, mixed=True)
    predicted = (s >= CUT).astype(int)
    return y, s, g, predicted


def test_one_row_per_group_is_the_row_bootstrap_in_law(grouped_data):
    # G groups of one row drawn G times: the multinomial of the four cells, as the count
    # bootstrap draws it (the same law; the intervals agree within Monte Carlo error)
    y, _, _, predicted = grouped_data
    counts = BinaryCounts.from_labels(y, predicted)
    singles = BinaryCounts.from_groups(y, predicted, np.arange(len(y)))
    statistic = partial(mcc, zero_division=np.nan)
    rows = count_bootstrap_interval(counts, statistic, n_resamples=4000, random_state=0)
    groups = count_bootstrap_interval(
        counts, statistic, n_resamples=4000, random_state=1, groups=singles
    )
    assert_allclose([groups.low[0], groups.high[0]], [rows.low[0], rows.high[0]], atol=0.02)


def test_the_order_of_the_groups_does_not_matter(grouped_data):
    y, _, g, predicted = grouped_data
    counts = BinaryCounts.from_labels(y, predicted)
    per_group = BinaryCounts.from_groups(y, predicted, g).counts
    shuffled = per_group[np.random.default_rng(0).permutation(len(per_group))]
    a = measure_intervals(counts, measures=["mcc", "delta"], groups=per_group, random_state=4)
    b = measure_intervals(counts, measures=["mcc", "delta"], groups=shuffled, random_state=4)
    for name in ("mcc", "delta"):
        assert_array_equal(a.low[name], b.low[name])
        assert_array_equal(a.high[name], b.high[name])


def test_every_measure_gets_a_cluster_bootstrap(grouped_data):
    y, _, g, predicted = grouped_data
    counts = BinaryCounts.from_labels(y, predicted)
    per_group = BinaryCounts.from_groups(y, predicted, g)
    res = measure_intervals(counts, groups=per_group, random_state=0)
    assert set(res.methods.values()) == {"cluster_bca", "none"}
    for name, method in res.methods.items():
        if method == "none" or np.isnan(res.estimate[name][0]):
            continue
        assert res.low[name][0] <= res.high[name][0], name
    percentile = measure_intervals(
        counts, measures=["sensitivity"], groups=per_group, method="percentile", random_state=0
    )
    assert percentile.methods == {"sensitivity": "cluster_percentile"}
    again = measure_intervals(counts, groups=per_group, random_state=0)
    assert_array_equal(again.low["mcc"], res.low["mcc"])  # a seed, the same interval


def test_several_entries_each_resample_their_groups(grouped_data):
    y, _, g, predicted = grouped_data
    half = g < 30
    counts = BinaryCounts.concat(
        [BinaryCounts.from_labels(y[m], predicted[m]) for m in (half, ~half)]
    )
    parts = [BinaryCounts.from_groups(y[m], predicted[m], g[m]) for m in (half, ~half)]
    res = measure_intervals(counts, measures=["accuracy"], groups=parts, random_state=0)
    assert res.low["accuracy"].shape == (2,)
    assert np.all(res.low["accuracy"] < res.estimate["accuracy"])
    pct = bootstrap_interval(counts, partial(mcc), groups=parts, random_state=0)
    assert pct.low.shape == (2,)


def test_table_bootstrap_with_groups(grouped_data):
    y, s, g, _ = grouped_data
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, g)
    one = table_bootstrap_interval(table, auc, groups=tables, random_state=0, workers=1)
    two = table_bootstrap_interval(table, auc, groups=tables, random_state=0, workers=2)
    assert_array_equal(one.low, two.low)  # the streams do not depend on the threads
    assert one.low[0] < auc(table) < one.high[0]
    # any statistic: partial AUC, one table per resample
    part = table_bootstrap_interval(
        table,
        partial(partial_auc, fpr_range=(0, 0.5)),
        groups=tables,
        random_state=0,
        n_resamples=200,
    )
    assert part.low[0] <= part.estimate[0] <= part.high[0]
    # weighted rows: the groups carry their weights whole
    w = np.random.default_rng(1).random(len(y)) + 0.5
    weighted = ScoreTable.from_scores(y, s, sample_weight=w)
    w_tables, _ = ScoreTable.from_groups(y, s, g, sample_weight=w)
    assert np.isfinite(auc_confidence_interval(weighted, groups=w_tables).standard_error)
    assert table_bootstrap_interval(
        weighted, auc, groups=w_tables, random_state=0, n_resamples=200
    ).low[0] < auc(weighted)


def test_bands_with_groups(grouped_data):
    y, s, g, _ = grouped_data
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, g)
    plain = roc_band(table, grid=11, random_state=0)
    band = roc_band(table, grid=11, random_state=0, groups=tables)
    assert_array_equal(band.tpr, plain.tpr)  # the estimate is the table's
    assert band.method.startswith("cluster bootstrap over 60 groups")
    assert np.all(band.simultaneous_low <= band.tpr)
    assert np.all(band.tpr <= band.simultaneous_high)
    assert np.all(band.simultaneous_low <= band.low)
    assert np.all(band.high <= band.simultaneous_high)
    pr = precision_recall_band(table, grid=11, random_state=0, groups=tables)
    assert_array_equal(pr.precision, precision_recall_band(table, grid=11).precision)
    # strongly correlated groups: the clustered band is wider than the rows' band
    rng = np.random.default_rng(9)
    y2, s2, g2 = clustered_sample(40, 10, 0.9, rng)
    t2 = ScoreTable.from_scores(y2, s2)
    tables2, _ = ScoreTable.from_groups(y2, s2, g2)
    wide = roc_band(t2, grid=[0.2, 0.5], random_state=0, groups=tables2)
    narrow = roc_band(t2, grid=[0.2, 0.5], random_state=0)
    assert np.all(wide.high - wide.low > 1.3 * (narrow.high - narrow.low))


def test_paired_difference_with_groups(grouped_data):
    y, s, g, predicted = grouped_data
    other = (s + np.random.default_rng(2).normal(size=len(s)) >= CUT).astype(int)
    res = paired_difference_interval(
        y, predicted, other, measures=["accuracy", "mcc"], groups=g, random_state=0
    )
    assert res.methods == {"accuracy": "cluster_bca", "mcc": "cluster_bca"}
    per_group = np.stack(
        [
            paired_table(y[g == k] == 1, predicted[g == k] == 1, other[g == k] == 1)
            for k in range(60)
        ]
    )
    whole = paired_table(y == 1, predicted == 1, other == 1)
    again = paired_difference_from_table(
        whole, measures=["accuracy", "mcc"], groups=per_group, random_state=0
    )
    assert again.low == res.low
    assert again.high == res.high
    assert res.low["accuracy"] <= res.difference["accuracy"] <= res.high["accuracy"]


# --- argument errors ---------------------------------------------------------------------------
def test_group_argument_errors(grouped_data):
    y, s, g, predicted = grouped_data
    table = ScoreTable.from_scores(y, s)
    tables, _ = ScoreTable.from_groups(y, s, g)
    counts = BinaryCounts.from_labels(y, predicted)
    with pytest.raises(ValueError, match="labels for 300 rows"):
        paired_difference_interval(y, predicted, predicted, groups=g[:-1])
    with pytest.raises(ValueError, match="single group"):
        delong_test(y, s, s, groups=np.zeros(len(y)))
    with pytest.raises(ValueError, match="NaN"):
        delong_test(y, s, s, groups=np.where(g == 3, np.nan, g))
    with pytest.raises(ValueError, match="missing"):
        assess(y, scores=s, groups=np.where(g == 3, None, g).astype(object))
    with pytest.raises(ValueError, match="single group"):
        assess(y, scores=s, groups=np.ones(len(y)))
    with pytest.raises(ValueError, match="fewer than two"):
        auc_confidence_interval(table, groups=[table])
    with pytest.raises(ValueError, match="do not add up"):
        auc_confidence_interval(table, groups=tables[:-1])
    with pytest.raises(TypeError, match="ScoreTable"):
        auc_confidence_interval(table, groups=g)
    with pytest.raises(ValueError, match="fewer than two"):
        measure_intervals(counts, groups=BinaryCounts.from_groups(y, predicted, np.zeros(300)))
    with pytest.raises(ValueError, match="add up to"):
        measure_intervals(counts, groups=BinaryCounts.from_groups(y[1:], predicted[1:], g[1:]))
    with pytest.raises(ValueError, match="closed forms treat rows as independent"):
        measure_intervals(counts, groups=BinaryCounts.from_groups(y, predicted, g), method="wilson")
    with pytest.raises(ValueError, match="each of the 2 entries"):
        measure_intervals(
            BinaryCounts.concat([counts, counts]),
            groups=[BinaryCounts.from_groups(y, predicted, g)],
        )
    # one class per group with one group of positives: no variance between those groups
    one = np.where(y == 1, 0, 1 + g)
    with pytest.raises(ValueError, match="two groups with positives"):
        auc_confidence_interval(table, groups=ScoreTable.from_groups(y, s, one)[0])
    w_tables, _ = ScoreTable.from_groups(y, s, g, sample_weight=np.full(len(y), 0.5))
    with pytest.raises(ValueError, match="weighted"):
        roc_band(ScoreTable.from_scores(y, s, sample_weight=np.full(len(y), 0.5)), groups=w_tables)


# --- assessments, the data layer and the command line ------------------------------------------
def test_assessment_intervals_resample_groups(grouped_data):
    y, s, g, _ = grouped_data
    folds = g % 3
    a = assess(y, scores=s, folds=folds, groups=g, threshold=CUT)
    assert a.groups is not None
    assert len(a.groups.labels) == 60
    summary = a.summary(random_state=0)
    tables, _ = ScoreTable.from_groups(y, s, g)
    pooled = auc_confidence_interval(a.pooled_table(), groups=tables)
    assert summary["auc_low"][3] == pytest.approx(pooled.low)  # folds 0, 1, 2, then pooled
    fold0 = folds == 0
    fold_tables, _ = ScoreTable.from_groups(y[fold0], s[fold0], g[fold0])
    assert summary["auc_high"][0] == pytest.approx(
        auc_confidence_interval(a.tables[0], groups=fold_tables).high
    )
    plain = assess(y, scores=s, folds=folds, threshold=CUT).summary()
    assert_array_equal(summary["sensitivity"], plain["sensitivity"])  # the values stay
    assert not np.allclose(summary["sensitivity_low"][:4], plain["sensitivity_low"][:4])
    assert "Obuchowski" in a._repr_html_()
    # groups of one fold only (leave-one-group-out): those folds get no interval
    logo = assess(y, scores=s, folds=g, groups=g, threshold=CUT).summary(random_state=0)
    assert np.isnan(logo["auc_low"][:60]).all()
    assert np.isfinite(logo["auc_low"][60])


@pytest.fixture(scope="module")
def grouped_file(tmp_path_factory, grouped_data):
    pd = pytest.importorskip("pandas")
    y, s, g, _ = grouped_data
    frame = pd.DataFrame({"y": y, "s": s, "patient": [f"p{k:02d}" for k in g], "fold": g % 3})
    frame.loc[7, "patient"] = None  # a row of no group: left out, counted
    path = tmp_path_factory.mktemp("clustered") / "grouped.csv"
    frame.to_csv(path, index=False)
    return path


def test_load_assessment_with_a_group_column(grouped_file):
    from phidelta.data import DataError, Roles, load_assessment, load_signature

    roles = Roles("y", score="s", fold="fold", group="patient", threshold=str(CUT))
    whole = load_assessment(grouped_file, roles)
    chunked = load_assessment(grouped_file, roles, chunksize=41)
    assert whole.rows_left_out == chunked.rows_left_out == 1
    assert list(whole.groups.labels) == list(chunked.groups.labels)
    a, b = whole.summary(random_state=0), chunked.summary(random_state=0)
    for key in ("sensitivity_low", "specificity_high", "auc_low", "auc_high"):
        assert_array_equal(a[key], b[key])
    with pytest.raises(DataError, match="missing value"):
        load_assessment(grouped_file, roles, missing="error")
    # a signature keeps each row's group (the group column is no feature), whole tables only
    sig = load_signature(grouped_file, Roles("y", group="patient"))
    assert "patient" not in sig.sources
    assert len(sig.counts_by_group()[1]) == 60
    with pytest.raises(DataError, match="in one piece"):
        load_signature(grouped_file, Roles("y", group="patient"), chunksize=41)


def test_assess_group_through_the_command_line_and_the_library_agree(grouped_file):
    pytest.importorskip("click")
    from click.testing import CliRunner

    from phidelta._door_intervals import assessment_intervals
    from phidelta.assessment import SUMMARY_MEASURES
    from phidelta.cli import cli
    from phidelta.data import Roles, load_assessment

    args = ["assess", str(grouped_file), "--label", "y", "--score", "s", "--fold", "fold"]
    args += ["--group", "patient", "--threshold", str(CUT), "--format", "json"]
    args += ["--confidence-level", "0.9", "--random-state", "3"]
    runs = [CliRunner().invoke(cli, [*args, *extra]) for extra in ((), ("--chunksize", "50"))]
    for done in runs:
        assert done.exit_code == 0, done.output
    docs = [json.loads(done.output) for done in runs]
    assert docs[0]["rows"] == docs[1]["rows"]
    doc = docs[0]
    assert doc["intervals"]["auc"] == "obuchowski"
    assert set(doc["intervals"].values()) == {"cluster_bca", "obuchowski"}
    assert doc["groups"].startswith("60 groups")

    result = load_assessment(
        grouped_file, Roles("y", score="s", fold="fold", group="patient", threshold=str(CUT))
    )
    want = assessment_intervals(result, SUMMARY_MEASURES, confidence_level=0.9, random_state=3)
    summary = result.summary(confidence_level=0.9, random_state=3)
    rows = {r["row"]: r for r in doc["rows"]}
    for i, label in enumerate(want.index):
        for name in SUMMARY_MEASURES:
            for end in ("low", "high"):
                got = rows[label][f"{name}_{end}"]
                expected = getattr(want, end)[name][i]
                assert (got is None and np.isnan(expected)) or got == pytest.approx(expected)
        for end in ("low", "high"):
            assert rows[label][f"auc_{end}"] == pytest.approx(summary[f"auc_{end}"][i])

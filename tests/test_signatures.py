"""Feature signatures: the published stats, every input type, kinds, ranking and selection."""

from __future__ import annotations

import csv
import io
import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from numpy.testing import assert_allclose

import phidelta
from phidelta import measures
from phidelta.signatures import ConstantFeatureWarning, nominal_subsets, signature

TOL = {"rtol": 1e-12, "atol": 1e-12}
pd = pytest.importorskip("pandas")


def _read(path):
    return np.genfromtxt(path, delimiter=",", names=True, dtype=None, encoding="utf-8")


@pytest.fixture(scope="module")
def climate(refdata):
    frame = pd.read_csv(refdata / "phidelta" / "climate_data.csv")
    labels = frame.pop("RainBool")
    return frame, labels


def test_stats_uncorrected_matches_r(climate, refdata):
    frame, labels = climate
    ref = _read(refdata / "phidelta" / "r_stats_uncorrected.csv")
    phi, delta, names, ratio = phidelta.stats(frame, labels, ratio_corrected=False)
    assert names == list(ref["name"])
    assert_allclose(phi, ref["phi"], **TOL)
    assert_allclose(delta, ref["delta"], **TOL)
    assert ratio == pytest.approx(14 / 15, abs=1e-15)  # N/P (R reports P/N = 15/14)


def test_stats_corrected_matches_python_package_and_r_relation(climate, refdata):
    frame, labels = climate
    py = _read(refdata / "phidelta" / "py_stats_climate.csv")
    phi, delta, _, ratio = phidelta.stats(frame, labels)
    assert_allclose(phi, py["phi_gen"], **TOL)
    assert_allclose(delta, py["delta_gen"], **TOL)
    assert_allclose(ratio, py["ratio"], **TOL)
    r = _read(refdata / "phidelta" / "r_stats_ratio_corrected.csv")
    sig = signature(frame, labels)
    at_inverse = sig.phi_delta(1 / ratio)  # R's values: the formula at P/N
    assert_allclose(at_inverse.phi, r["phi"], **TOL)
    assert_allclose(at_inverse.delta, r["delta"], **TOL)


def test_soft_counts_match_r(climate, refdata):
    frame, labels = climate
    raw = np.genfromtxt(
        refdata / "phidelta" / "r_soft_counts.csv", delimiter=",", dtype=None, encoding="utf-8"
    )
    cells = {row[0]: row[1:].astype(float) for row in raw[1:]}
    counts = signature(frame, labels).counts
    for field, key in (("tn", "TN"), ("fp", "FP"), ("fn", "FN"), ("tp", "TP")):
        assert_allclose(getattr(counts, field), cells[key], **TOL)


def test_synthetic_mixed_matches_python_package(refdata):
    """Binary, float with "?", 0/1 and nominal indicators, compared as sets by name.

    For a split into halves the published package lists one half arbitrarily; we list the half
    holding the first sorted value. The other half is the complementary indicator, whose rates
    are 1 − ρ̄ and 1 − ρ (the point mirrored through the origin at ratio 1).
    """
    frame = pd.read_csv(refdata / "phidelta" / "synthetic_mixed.csv")
    labels = frame.pop("cls")
    ref = pd.read_csv(refdata / "phidelta" / "py_stats_synthetic_mixed.csv")
    with pytest.warns(ConstantFeatureWarning, match=r"\['f_const'\]"):
        sig = signature(frame, labels, pos_label="P")
    assert sig.ratio == 1.5
    assert len(sig) == len(ref)
    spec, sens = measures.specificity(sig.counts), measures.sensitivity(sig.counts)

    def key(name):
        source, _, rest = name.replace("np.str_(", "").replace(")", "").partition("(")
        return source, frozenset(rest.split(",")) if rest else None

    ours = {key(name): i for i, name in enumerate(sig.names)}
    values = {}
    for source, subset in ours:
        values.setdefault(source, set()).update(subset or ())
    for row in ref.itertuples():
        source, subset = key(row.name)
        if source == "f_const":  # published φ = 5 is a defect: ours sits on the right corner
            i = ours[(source, None)]
            assert sig.kinds[i] == "constant"
            assert (spec[i], sens[i]) == (0.0, 1.0)
            continue
        expected = measures.phi_delta_to_rates([row.phi], [row.delta], 1.0)
        expected_gen = measures.phi_delta_to_rates([row.phi_gen], [row.delta_gen], 1.5)
        assert_allclose(expected_gen, expected, atol=1e-12)  # one pair of rates behind both
        if (source, subset) in ours:
            i = ours[(source, subset)]
            got = (spec[i], sens[i])
        else:
            i = ours[(source, frozenset(values[source] - subset))]
            got = (1 - spec[i], 1 - sens[i])
        assert_allclose(got, np.ravel(expected), **TOL, err_msg=row.name)
    std = sig.phi_delta(1.0)
    by_name = {n: i for i, n in enumerate(ref["name"])}
    i = by_name["f_float"]
    assert_allclose(std.phi[sig.names.index("f_float")], ref["phi"][i], **TOL)
    assert_allclose(
        sig.phi_delta(1.5).delta[sig.names.index("f_float")], ref["delta_gen"][i], **TOL
    )


def test_nominal_subsets_enumeration():
    assert nominal_subsets(3) == [(0,), (1,), (2,)]
    four = nominal_subsets(4)
    assert len(four) == 7
    assert all(0 in s for s in four if len(s) == 2)
    assert len(nominal_subsets(8)) == 8 + 28 + 56 + 35
    assert nominal_subsets(9) == [(i,) for i in range(9)]


def _random_binary(seed=0, rows=300, cols=40):
    rng = np.random.default_rng(seed)
    y = rng.random(rows) < 0.3
    p = rng.random(cols) * 0.5
    x = (rng.random((rows, cols)) < p) | (y[:, None] & (rng.random((rows, cols)) < 0.2))
    return x.astype(np.float64), y.astype(int)


def test_dense_sparse_dataframe_and_chunks_agree():
    x, y = _random_binary()
    dense = signature(x, y)
    assert set(dense.kinds) == {"binary"}
    for matrix in (sp.csr_matrix(x), sp.csc_matrix(x), sp.csr_array(x)):
        sparse = signature(matrix, y)
        assert sparse.counts == dense.counts
        assert sparse.names == dense.names
    frame = signature(pd.DataFrame(x, columns=[f"F{j + 1}" for j in range(40)]), y)
    assert frame.counts == dense.counts
    halves = (
        signature(sp.csr_matrix(x[:120]), y[:120]).counts
        + signature(sp.csr_matrix(x[120:]), y[120:]).counts
    )
    assert halves == dense.counts
    for matrix in (sp.csr_matrix(x), sp.csc_matrix(x), sp.coo_matrix(x)):
        pos, neg = phidelta.signatures._statistics.sparse_presence(
            matrix, y.astype(bool), block_nnz=37
        )
        assert_allclose(pos, dense.counts.tp)
        assert_allclose(neg, dense.counts.fp)


def test_explicit_zeros_in_sparse_data_are_absent():
    m = sp.csr_matrix(
        (np.array([0.0, 2.0, 1.0]), np.array([0, 1, 1]), np.array([0, 2, 3])), shape=(2, 2)
    )
    sig = signature(m, [1, 0])
    assert list(sig.counts.tp) == [0, 1]
    assert list(sig.counts.fp) == [0, 1]


def test_polars_input():
    pl = pytest.importorskip("polars")
    x, y = _random_binary(1)
    frame = pl.DataFrame({f"F{j + 1}": x[:, j] for j in range(x.shape[1])})
    assert signature(frame, y).counts == signature(x, y).counts


def test_threshold_mode_finds_the_best_cut():
    rng = np.random.default_rng(4)
    y = rng.random(200) < 0.4
    informative = np.where(y, rng.normal(2, 1, 200), rng.normal(0, 1, 200))
    x = np.column_stack([informative, -informative, rng.normal(size=200)])
    sig = signature(x, y, numeric="threshold")
    assert np.all(np.isfinite(sig.cuts))
    assert not sig.counts.is_soft
    delta = sig.phi_delta().delta
    assert delta[0] > 0.5
    assert delta[1] == pytest.approx(-delta[0])  # the mirror feature is contravariant
    # brute force over every cut of column 0
    values = np.unique(informative)
    best = max(
        abs(np.mean(informative[y] > c) - np.mean(informative[~y] > c))
        for c in (values[1:] + values[:-1]) / 2
    )
    assert abs(delta[0]) == pytest.approx(best, abs=1e-12)
    # invariant under a strictly increasing transform
    again = signature(np.exp(x / 3), y, numeric="threshold")
    assert again.counts == sig.counts


def test_missing_values_policies():
    x = np.array([[1.0, 0.0], [np.nan, 1.0], [3.0, np.nan], [2.0, 1.0]])
    y = np.array([1, 1, 0, 0])
    soft = signature(x, y)
    assert soft.kinds == ["numeric", "binary"]
    # binary: the missing row is left out of that feature's counts
    assert float(soft.counts.total[1]) == 3
    # soft: a missing value becomes the column mean (2.0 → scaled 0.5 presence)
    imputed = signature(np.array([[1.0], [2.0], [3.0], [2.0]]), y)
    assert_allclose(soft.counts[0].to_array(), imputed.counts.to_array())
    with pytest.raises(ValueError, match=r"Column 'F1' has no values \(all missing\)"):
        signature(np.array([[np.nan], [np.nan]]), [0, 1])


def test_constant_features_sit_on_corners():
    x = np.column_stack([np.zeros(6), np.full(6, 5.0), np.arange(6.0)])
    y = [0, 1, 0, 1, 1, 0]
    with pytest.warns(ConstantFeatureWarning):
        sig = signature(x, y)
    phi, delta = sig.phi_delta()
    assert (phi[0], delta[0]) == (-1.0, 0.0)  # never present: left corner
    assert (phi[1], delta[1]) == (1.0, 0.0)  # always present: right corner
    d = phidelta.diamond(3.0)
    gphi, gdelta = sig.phi_delta(3.0)
    assert np.all(d.contains(gphi, gdelta))


def test_ranking_and_selection():
    x, y = _random_binary(2, rows=500, cols=60)
    sig = signature(x, y)
    phi, delta = sig.phi_delta()
    order = sig.rank("delta")
    assert np.all(np.diff(np.abs(delta[order])) <= 0)
    assert np.all(np.diff(phi[sig.rank("phi")]) <= 0)
    ig = measures.unbiased_information_gain(sig.counts)
    assert np.all(np.diff(ig[sig.rank("information_gain")]) <= 1e-15)
    # corners at ratio 4: the bottom corner is (2(n − p), −1) = (1.2, −1)
    r = 4.0
    gphi, gdelta = sig.phi_delta(r)
    dist = np.minimum(np.hypot(gphi, gdelta - 1), np.hypot(gphi - 1.2, gdelta + 1))
    assert np.all(np.diff(dist[sig.rank("corner", ratio=r)]) >= 0)
    chosen = sig.select(phi_max=0.7, delta_min=0.2, k=5)
    assert len(chosen) <= 5
    assert np.all(np.abs(phi[chosen]) < 0.7)
    assert np.all(np.abs(phi[chosen]) + np.abs(delta[chosen]) / 0.2 >= 1)
    everything = sig.select()
    assert len(everything) == len(sig)
    sub = sig[chosen]
    assert sub.names == [sig.names[i] for i in chosen]
    with pytest.raises(ValueError, match=r"`by` must be one of"):
        sig.rank("auc")


def test_export_frame_and_csv(tmp_path):
    x, y = _random_binary(3, cols=5)
    sig = signature(x, y)
    frame = sig.to_frame()
    assert list(frame["name"]) == sig.names
    assert list(frame.index) == sig.names
    assert list(frame.reset_index()["feature"]) == sig.names  # no clash with "name"
    assert_allclose(frame["delta"], sig.phi_delta().delta)
    path = tmp_path / "sig.csv"
    sig.to_csv(path)
    back = pd.read_csv(path)
    assert_allclose(back["phi"], frame["phi"], rtol=0, atol=0)
    table = sig.measures(["accuracy", "unbiased_mcc"]).to_frame()
    assert list(table.index) == sig.names


def test_default_positive_class_and_errors():
    x = np.eye(4)
    assert signature(x, ["b", "a", "b", "a"], pos_label="a").positive == "a"
    with pytest.raises(ValueError, match=r"do not say which is positive; pass `pos_label`"):
        signature(x, ["b", "a", "b", "a"])
    assert signature(x, [0.0, 1.0, 0.0, 1.0]).positive == 1
    assert signature(x, ["0", "1", "0", "1"]).positive == "1"
    assert signature(x, ["b", "a", "b", "a"], pos_label="b").counts.tp.sum() == 2
    assert signature(x, [True, False, True, False]).positive is True
    assert signature(x, [-1, 1, -1, 1]).positive == 1
    with pytest.raises(ValueError, match=r"do not say which is positive"):
        signature(x, [2, 3, 2, 3])
    with pytest.raises(ValueError, match=r"`labels` has 3 entries but `data` has 4 rows"):
        signature(x, [0, 1, 0])
    with pytest.raises(ValueError, match=r"single class"):
        signature(x, [1, 1, 1, 1])
    with pytest.raises(ValueError, match=r"`pos_label`='c' is not in `labels`"):
        signature(x, ["a", "b", "a", "b"], pos_label="c")
    with pytest.raises(ValueError, match=r"`data` must be 2-dimensional"):
        signature(np.arange(4), [0, 1, 0, 1])
    with pytest.raises(ValueError, match=r"`numeric` must be"):
        signature(x, [0, 1, 0, 1], numeric="hard")
    with pytest.raises(ValueError, match=r"`kinds` names unknown columns"):
        signature(x, [0, 1, 0, 1], kinds={"nope": "binary"})
    with pytest.raises(ValueError, match=r"`info` has unknown keys"):
        phidelta.stats(x, [0, 1, 0, 1], {"postive": 1})


def test_kind_overrides():
    frame = pd.DataFrame(
        {"level": [1, 2, 3, 1, 2, 3], "flag": ["y", "n", "y", "n", "y", "n"], "id": range(6)}
    )
    y = [1, 0, 1, 0, 1, 0]
    sig = signature(frame, y, kinds={"level": "nominal", "id": "ignore"})
    assert sig.sources.count("level") == 3
    assert "id" not in sig.sources
    assert sig.kinds[sig.sources.index("flag")] == "binary"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        flag = sig[sig.sources.index("flag")]
    assert flag.counts.tp[0] == 3  # "y" > "n": present = "y"


# --- chunked input: blocks of rows add up to the whole ------------------------------------------
from phidelta.signatures import signature_from_chunks  # noqa: E402


def _chunks(frame, labels, sizes):
    start = 0
    for size in sizes:
        yield frame.iloc[start : start + size], labels.iloc[start : start + size]
        start += size


def _assert_same(a, b):
    assert a.names == b.names
    assert a.kinds == b.kinds
    assert_allclose(a.counts.to_array(), b.counts.to_array(), rtol=1e-12, atol=1e-12)
    assert a.ratio == b.ratio


def test_chunks_equal_whole_on_climate_data(climate):
    frame, labels = climate
    whole = signature(frame, labels)
    _assert_same(signature_from_chunks(_chunks(frame, labels, [10, 1, 7, 11])), whole)
    _assert_same(signature_from_chunks(_chunks(frame, labels, [29])), whole)


def test_chunks_equal_whole_on_mixed_data(refdata):
    frame = pd.read_csv(refdata / "phidelta" / "synthetic_mixed.csv")
    labels = frame.pop("cls")
    with pytest.warns(ConstantFeatureWarning):
        whole = signature(frame, labels, pos_label="P")
    # blocks with one class only (rows 0–7 are all P), and single rows
    for sizes in ([8, 12], [3, 1, 1, 5, 10], [1] * 20):
        with pytest.warns(ConstantFeatureWarning):
            got = signature_from_chunks(_chunks(frame, labels, sizes), pos_label="P")
        _assert_same(got, whole)


def test_chunk_merge_detects_more_than_two_values():
    x = np.array([[0.0], [1.0], [1.0], [2.0], [np.nan], [2.0]])
    y = np.array([1, 0, 1, 0, 1, 0])
    whole = signature(x, y)
    assert whole.kinds == ["numeric"]
    parts = signature_from_chunks([(x[:3], y[:3]), (x[3:], y[3:])])  # {0, 1} then {2}
    _assert_same(parts, whole)
    two = np.array([[5.0], [7.0], [7.0], [5.0]])
    parts = signature_from_chunks([(two[:1], [1]), (two[1:2], [0]), (two[2:], [1, 0])])
    _assert_same(parts, signature(two, [1, 0, 1, 0]))
    assert parts.kinds == ["binary"]


def test_sparse_chunks():
    x, y = _random_binary(5)
    blocks = [(sp.csr_matrix(x[i : i + 70]), y[i : i + 70]) for i in range(0, 300, 70)]
    assert signature_from_chunks(blocks).counts == signature(sp.csr_matrix(x), y).counts


def test_chunk_errors():
    with pytest.raises(ValueError, match=r"`chunks` is empty"):
        signature_from_chunks([])
    with pytest.raises(ValueError, match=r"pass `pos_label`"):
        signature_from_chunks([(np.eye(2), ["a", "b"])])
    with pytest.raises(ValueError, match=r"single class"):
        signature_from_chunks([(np.eye(2), [1, 1])])
    with pytest.raises(ValueError, match=r"more than two classes"):
        signature_from_chunks([(np.eye(2), [0, 1]), (np.eye(2), [2, 2])])
    with pytest.raises(ValueError, match=r"different columns"):
        signature_from_chunks([(np.eye(2), [0, 1]), (np.eye(3)[:2], [0, 1])])


def test_sparse_kernel_and_fallback_agree(monkeypatch):
    from phidelta.signatures import _statistics

    x, y = _random_binary(11, rows=500, cols=60)
    x[x > 0] = np.random.default_rng(0).integers(1, 4, int((x > 0).sum()))  # counts
    matrix = sp.csr_matrix(x)
    matrix.data[::7] = 0.0  # explicit zeros are absent
    direct = _statistics.sparse_presence(matrix, y.astype(bool), block_nnz=97)
    monkeypatch.setattr(_statistics, "_KERNEL", None)
    fallback = _statistics.sparse_presence(matrix, y.astype(bool), block_nnz=97)
    present = matrix.toarray() != 0
    assert_allclose(direct[0], present[y == 1].sum(axis=0))
    assert_allclose(direct[1], present[y == 0].sum(axis=0))
    assert_allclose(direct[0], fallback[0])
    assert_allclose(direct[1], fallback[1])


def test_csv_leaves_undefined_cuts_empty():
    frame = pd.DataFrame({"colour": ["red", "blue", "red", "green"], "x": [1.0, 2, 3, 4]})
    text = signature(frame, [1, 0, 1, 0], numeric="threshold").to_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["cut"] for r in rows if r["kind"] == "nominal"} == {""}
    assert all(float(r["cut"]) == float(r["cut"]) for r in rows if r["kind"] == "numeric")
    assert "nan" not in text


@pytest.mark.parametrize("numeric", ["soft", "threshold"])
@pytest.mark.parametrize("infinity", [np.inf, -np.inf])
def test_an_infinite_feature_value_is_refused_by_name(numeric, infinity):
    """Before: φ and δ were NaN (soft) or a number (threshold), with NumPy's warning."""
    frame = pd.DataFrame({"x": [1.0, 2, infinity, 4, np.nan, 6], "z": [1.0, 2, 3, 4, 5, 6]})
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(ValueError, match="feature 'x' holds an infinite value"):
            signature(frame, [0, 1, 0, 1, 1, 0], numeric=numeric)


def test_a_boolean_column_with_gaps_is_a_binary_feature_with_rows_left_out():
    """pandas keeps booleans with a None as objects: they were three nominal values."""
    labels = [1, 0, 1, 1, 0, 0]
    with_gap = signature(pd.DataFrame({"b": [True, False, None, True, False, True]}), labels)
    as_numbers = signature(pd.DataFrame({"b": [1.0, 0, np.nan, 1, 0, 1]}), labels)
    assert with_gap.names == as_numbers.names == ["b"]
    assert with_gap.kinds == ["binary"]
    assert with_gap.counts == as_numbers.counts


def _cars(n: int = 93) -> tuple[object, np.ndarray]:
    """A Cars93-like table: two identifier columns, a copy of the label, real features."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    table = pd.DataFrame(
        {
            "Make": [f"maker {i} model" for i in range(n)],
            "Model": [f"M{i}" for i in range(n)],
            "Origin": np.where(y == 1, "USA", "non-USA"),  # the label, recoded
            "Price": rng.normal(20, 5, n) + 3 * y,
            "Type": rng.choice(["Small", "Large", "Midsize"], n),
        }
    )
    return table, y


def test_label_copies_and_identifiers_are_named_by_a_warning_and_as_data():
    from phidelta.exceptions import SuspectColumnWarning

    table, y = _cars()
    with pytest.warns(SuspectColumnWarning, match=r"columns Make, Model hold a different") as got:
        sig = signature(table, y)
    expected = {"Make": "identifier", "Model": "identifier", "Origin": "label copy"}
    assert sig.suspect_columns == expected
    assert got[0].message.columns == expected
    message = str(got[0].message)
    assert "column Origin separates the classes perfectly (δ = ±1" in message
    assert "kinds={'Make': 'ignore', 'Model': 'ignore', 'Origin': 'ignore'}" in message
    assert sig.suspect_note() in message
    assert sum(s in ("Make", "Model") for s in sig.sources) == 2 * 93  # one-row indicators
    # left out as the message says: no warning, no such features
    with warnings.catch_warnings():
        warnings.simplefilter("error", SuspectColumnWarning)
        kept = signature(table, y, kinds=dict.fromkeys(expected, "ignore"))
    assert kept.suspect_columns == {}
    assert kept.suspect_note() is None
    assert set(kept.sources) == {"Price", "Type"}
    # the same from blocks of rows, and after slicing (data, not a side effect)
    with pytest.warns(SuspectColumnWarning):
        chunked = phidelta.signatures.signature_from_chunks(
            (table.iloc[i : i + 40], y[i : i + 40]) for i in range(0, 93, 40)
        )
    assert chunked.suspect_columns == expected
    assert sig[[i for i, s in enumerate(sig.sources) if s == "Price"]].suspect_columns == {}


@pytest.mark.filterwarnings("ignore:Column .id. has 300 distinct values")
def test_identifiers_beyond_max_values_and_a_best_cut_are_not_confused():
    from phidelta.exceptions import SuspectColumnWarning

    rng = np.random.default_rng(1)
    y = np.arange(300) % 2
    table = pd.DataFrame({"id": [f"r{i}" for i in range(300)], "x": rng.normal(size=300) + y})
    with pytest.warns(SuspectColumnWarning):
        sig = signature(table, y, max_values=256)  # 256 indicators of 300 distinct values
    assert sig.suspect_columns == {"id": "identifier"}
    # a numeric feature whose best cut separates a small sample is no copy of the label
    small = pd.DataFrame({"x": [0.1, 0.2, 0.3, 0.7, 0.8, 0.9], "c": ["a", "b", "a", "b", "a", "b"]})
    with warnings.catch_warnings():
        warnings.simplefilter("error", SuspectColumnWarning)
        cut = signature(small, [0, 0, 0, 1, 1, 1], numeric="threshold")
    assert cut.phi_delta().delta[0] == 1.0
    assert cut.suspect_columns == {}


def test_every_door_shows_the_suspect_columns_in_its_words(tmp_path):
    pytest.importorskip("click")
    pytest.importorskip("matplotlib")
    from test_cli import run

    table, y = _cars()
    path = tmp_path / "cars.csv"
    table.assign(label=np.where(y == 1, "yes", "no")).to_csv(path, index=False)
    out = run("stats", str(path), "--label", "label", "--positive", "yes", "--format", "csv")
    assert out.returncode == 0, out.stderr
    (line,) = [w for w in out.stderr.splitlines() if "hold a different value" in w]
    assert line.startswith("warning: column Origin separates the classes perfectly")
    assert line.endswith("pass --ignore Make --ignore Model --ignore Origin.")
    dropped = run(
        "stats", str(path), "--label", "label", "--positive", "yes", "--format", "csv",
        "--ignore", "Make", "--ignore", "Model", "--ignore", "Origin",
    )  # fmt: skip
    assert dropped.returncode == 0, dropped.stderr
    assert "warning" not in dropped.stderr
    assert not any(name in dropped.stdout for name in ("Make", "Model", "Origin"))
    report = tmp_path / "r.html"
    out = run("report", "--data", str(path), "--label", "label", "--positive", "yes", "-o",
              str(report))  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert '<p class="note">Suspect columns: column Origin separates' in report.read_text()

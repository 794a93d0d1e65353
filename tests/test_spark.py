"""The Spark engine: the same numbers as in memory, errors from the executors as phidelta's.

One local session of two cores serves every test (the ``spark`` fixture of conftest.py).
Integer counts and score tables must be equal bit for bit to the table's in memory; weighted
(float) sums equal to rounding.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

pd = pytest.importorskip("pandas")
pytest.importorskip("pyspark")

import test_doors  # noqa: E402
from phidelta import spark as ps  # noqa: E402
from phidelta.counts import BinaryCounts, ConfusionMatrix, ScoreTable  # noqa: E402
from phidelta.data import (  # noqa: E402
    DataError,
    Roles,
    SparkTable,
    load_assessment,
    load_comparison,
    load_multiclass,
    load_signature,
    open_blocks,
)
from phidelta.data._spark import worker_error  # noqa: E402
from phidelta.measures import auc, measure_table, precision_recall_curve, roc_curve  # noqa: E402

# PySpark's own warning about pandas 3 when it converts a pandas frame (createDataFrame); one
# local session for every Spark test of the run: under pytest-xdist's --dist loadgroup (the
# README's test command) they all run in one process, which starts one JVM
pytestmark = [
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas"),
    pytest.mark.xdist_group("spark"),
]
from test_doors import (  # noqa: E402
    ASSESSMENTS,
    MULTICLASS,
    SIGNATURES,
    _close,
    _read,
    assessment_numbers,
    cli_assessment,
    cli_multiclass,
    cli_signature,
    multiclass_numbers,
    signature_numbers,
)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return test_doors._make_files(tmp_path_factory.mktemp("spark_doors"))


def _engine_cases(cases: list) -> list:
    """The fixture cases of test_doors but the compressed copies (the same rows once read:
    decompressing is not the engine's work)."""
    return [case for case in cases if not case[0].endswith(".gz")]


SPARK_SIGNATURES = _engine_cases(SIGNATURES)
SPARK_ASSESSMENTS = _engine_cases(ASSESSMENTS)
SPARK_MULTICLASS = _engine_cases(MULTICLASS)


def _frame(spark, path):
    """The fixture file as pandas reads it, as a Spark frame of two partitions (rows split
    without a shuffle, each in several Arrow batches)."""
    return spark.createDataFrame(_read(path))


# --- one door: the fixture files of test_doors through the Spark engine ------------------------
@pytest.mark.parametrize(("name", "roles"), SPARK_SIGNATURES, ids=[s[0] for s in SPARK_SIGNATURES])
def test_signature_on_spark_equals_in_memory(spark, files, name, roles):
    want = signature_numbers(load_signature(files[name], roles))
    _close(want, signature_numbers(load_signature(_frame(spark, files[name]), roles)), "spark")


@pytest.mark.parametrize(
    ("name", "roles"), SPARK_ASSESSMENTS, ids=[a[0] for a in SPARK_ASSESSMENTS]
)
def test_assessment_on_spark_equals_in_memory(spark, files, name, roles):
    whole = load_assessment(files[name], roles)
    got = load_assessment(_frame(spark, files[name]), roles)
    _close(assessment_numbers(whole), assessment_numbers(got), "spark")
    assert got.counts == whole.counts  # integers, bit for bit
    if whole.tables is not None:
        assert got.tables == whole.tables
    assert got.missing_cells == whole.missing_cells


@pytest.mark.parametrize(("name", "roles"), SPARK_MULTICLASS, ids=[m[0] for m in SPARK_MULTICLASS])
def test_multiclass_on_spark_equals_in_memory(spark, files, name, roles):
    whole = load_multiclass(files[name], roles)
    got = load_multiclass(_frame(spark, files[name]), roles)
    _close(
        multiclass_numbers(whole.matrices, whole.names),
        multiclass_numbers(got.matrices, got.names),
        "spark",
    )
    np.testing.assert_array_equal(got.matrices.counts, whole.matrices.counts)
    assert (got.names, got.rows_left_out) == (whole.names, whole.rows_left_out)


@pytest.mark.parametrize(
    ("name", "roles"),
    [
        ("decision", Roles("y", positive="spam", score="s", fold="fold")),
        ("survey.gz", Roles("sex", positive="Female", score="s", fold="fold")),
        ("decision.parquet", Roles("y", positive="spam", score="s", threshold="0.3")),
    ],
)
def test_files_read_by_spark_give_the_numbers_of_the_file(spark, files, name, roles):
    want = assessment_numbers(load_assessment(files[name], roles))
    frame = ps.read_table(str(files[name]), spark=spark)
    _close(want, assessment_numbers(load_assessment(frame, roles)), "spark read_table")


@pytest.mark.parametrize("name", ["decision.parquet", "survey"])
def test_the_command_line_on_spark_gives_the_numbers_in_memory(spark, files, name):
    path = files[name]
    if name == "survey":
        roles = Roles("sex", positive="Female")
        want = signature_numbers(load_signature(path, roles))
        _close(want, cli_signature(path, roles, "--engine", "spark"), "cli --engine spark")
        roles = Roles("region", prediction="guess", fold="hypothesis")
        loaded = load_multiclass(path, roles)
        want = multiclass_numbers(loaded.matrices, loaded.names)
        _close(want, cli_multiclass(path, roles, "--engine", "spark"), "cli --engine spark")
    else:
        roles = Roles("y", positive="spam", score="s", fold="fold", threshold="0.3")
        want = assessment_numbers(load_assessment(path, roles))
        got = cli_assessment(path, roles, "--engine", "spark", "--master", "local[2]")
        _close(want, got, "cli --engine spark")


def test_the_command_line_on_spark_says_what_is_wrong_in_one_line(spark, tmp_path):
    from click.testing import CliRunner

    from phidelta.cli import cli

    path = tmp_path / "bad.csv"
    path.write_text("y,s\n1,0.9\n0,x\n")
    for args, message in [
        (["--engine", "spark"], "column 's' (score) must hold numbers"),
        (["--master", "local[2]"], "--master need --engine spark"),
        (["--engine", "spark", "--spark-conf", "x"], "takes KEY=VALUE; got 'x'"),
    ]:
        result = CliRunner().invoke(
            cli, ["assess", str(path), "--label", "y", "--score", "s", *args]
        )
        assert result.exit_code != 0
        assert message in result.output
        assert "Traceback" not in result.output


def test_a_comparison_on_spark_equals_in_memory(spark, files):
    a = Roles("y", positive="spam", score="s", fold="fold")
    path = files["decision"]
    frame = _read(path)
    frame["t"] = np.round(frame["s"] * 0.5 + np.sin(np.arange(len(frame))), 2)
    b = Roles("y", positive="spam", score="t", fold="fold")
    whole = load_comparison(frame, a, b)
    got = ps.compare(
        spark.createDataFrame(frame), "y", scores=("s", "t"), pos_label="spam", fold="fold"
    )
    assert got.a.tables == whole.a.tables
    assert got.b.tables == whole.b.tables
    assert got.delong.statistic == whole.delong.statistic


# --- exactness of the functions a Spark user calls ---------------------------------------------
@pytest.fixture(scope="module")
def scored(spark):
    rng = np.random.default_rng(31)
    n = 3000
    y = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n) + 0.8 * y, 2)  # ties
    w = rng.random(n) * 3
    fold = rng.integers(0, 4, n)
    p = (s > 0.3).astype(int)
    frame = pd.DataFrame({"y": y, "s": s, "w": w, "fold": fold, "p": p}).sort_values("fold")
    return frame, spark.createDataFrame(frame)  # two partitions: folds 0-1 and 2-3


def test_score_table_auc_and_curves_are_those_in_memory_bit_for_bit(scored):
    frame, df = scored
    want = ScoreTable.from_scores(frame["y"].to_numpy(), frame["s"].to_numpy())
    table = ps.score_table(df, "y", "s")
    assert table == want
    np.testing.assert_array_equal(table.positives, want.positives)
    assert ps.auc(df, "y", "s") == auc(want)
    got, expected = ps.roc_curve(df, "y", "s"), roc_curve(want)
    for a, b in zip(got, expected, strict=True):
        np.testing.assert_array_equal(a, b)
    got, expected = ps.precision_recall_curve(df, "y", "s"), precision_recall_curve(want)
    np.testing.assert_array_equal(got.precision, expected.precision)


def test_weighted_tables_equal_in_memory_to_rounding(scored):
    frame, df = scored
    want = ScoreTable.from_scores(
        frame["y"].to_numpy(), frame["s"].to_numpy(), sample_weight=frame["w"].to_numpy()
    )
    table = ps.score_table(df, "y", "s", weight="w")
    np.testing.assert_array_equal(table.scores, want.scores)
    np.testing.assert_allclose(table.positives, want.positives, rtol=1e-12)
    np.testing.assert_allclose(table.negatives, want.negatives, rtol=1e-12)


def test_counts_and_measure_tables_per_fold(scored):
    frame, df = scored
    got = ps.counts(df, "y", "p", fold="fold")
    for i, fold in enumerate(sorted(frame["fold"].unique())):
        rows = frame[frame["fold"] == fold]
        want = BinaryCounts.from_labels(rows["y"].to_numpy(), rows["p"].to_numpy())
        assert got[i] == want
    table = ps.measure_table(df, "y", prediction="p", fold="fold", measures=["phi", "delta"])
    expected = measure_table(got, measures=["phi", "delta"])
    np.testing.assert_array_equal(table["delta"], expected["delta"])


def test_confusion_matrix_and_signature(spark):
    rng = np.random.default_rng(5)
    n = 500
    frame = pd.DataFrame(
        {
            "y": rng.choice(["a", "b", "c"], n),
            "p": rng.choice(["a", "b", "c"], n),
            "x": rng.normal(size=n),
            "k": rng.choice(["u", "v", "w"], n),
            "c": rng.choice(["pos", "neg"], n),
        }
    )
    df = spark.createDataFrame(frame)
    got = ps.confusion_matrix(df, "y", "p").matrices
    want = ConfusionMatrix.from_labels(frame["y"], frame["p"], classes=["a", "b", "c"])
    np.testing.assert_array_equal(got.counts, want.counts)
    sig = ps.signature(df.drop("y", "p"), "c", pos_label="pos")
    local = load_signature(frame.drop(columns=["y", "p"]), Roles("c", positive="pos"))
    assert sig.names == local.names
    np.testing.assert_allclose(sig.counts.to_array(), local.counts.to_array(), rtol=1e-12)


def test_rows_for_the_row_tests_come_in_partition_order(scored):
    """load_scores (paired ROC tests, lowess) needs rows: they come back, in order."""
    from phidelta.data import load_scores

    frame, df = scored
    got = load_scores(df, Roles("y"), ["s", "w"])
    want = load_scores(frame, Roles("y"), ["s", "w"])
    np.testing.assert_array_equal(got.is_positive, want.is_positive)
    np.testing.assert_array_equal(got.scores["s"], want.scores["s"])


def test_empty_partitions_add_nothing(spark, scored):
    frame, df = scored
    sparse = df.where("fold < 2")  # the second partition has no row left
    kept = frame[frame["fold"] < 2]
    want = ScoreTable.from_scores(kept["y"].to_numpy(), kept["s"].to_numpy())
    assert ps.score_table(sparse, "y", "s") == want


# --- errors --------------------------------------------------------------------------------------
def test_an_error_on_an_executor_is_phidelta_s_own(spark):
    df = spark.createDataFrame(pd.DataFrame({"y": [1, 0, 1, 0], "s": ["0.9", "x", "0.1", "0.3"]}))
    with pytest.raises(DataError, match=r"column 's' \(score\) must hold numbers") as caught:
        ps.auc(df, "y", "s")
    assert caught.value.role == "score"


def test_errors_name_the_argument(spark, scored):
    _, df = scored
    with pytest.raises(
        DataError, match=r"column .S. \(score\) is not in the Spark frame"
    ) as caught:
        ps.auc(df, "y", "S")
    assert caught.value.role == "score"
    with pytest.raises(TypeError, match=r"`frame` must be a pyspark\.sql\.DataFrame"):
        ps.auc(pd.DataFrame({"y": [1]}), "y", "s")
    with pytest.raises(DataError, match="holds one class"):
        ps.auc(df.where("y = 1"), "y", "s")
    with pytest.raises(DataError, match="no such file"):
        ps.read_table("/nonexistent/scores.parquet", spark=spark)
    with pytest.raises(DataError, match=r"cannot read nodb\.scores with Spark"):
        ps.read_table("nodb.scores", spark=spark)  # a catalog name, not a file


def test_a_failing_worker_becomes_one_line():
    text = (
        "An exception was thrown from the Python worker:\nTraceback (most recent call last):\n"
        '  File "worker.py", line 1, in <module>\n'
        "ModuleNotFoundError: No module named 'phidelta'\n"
    )
    error = worker_error(text)
    assert isinstance(error, RuntimeError)
    assert "\n" not in str(error)
    assert "No module named 'phidelta'" in str(error)
    assert "PYSPARK_PYTHON" in str(error)
    assert isinstance(worker_error("x\nphidelta.data._errors.DataError: bad label\n"), DataError)


def test_the_engine_is_chosen_by_the_frame_and_only_parts_travel(spark, scored):
    _, df = scored
    blocks = open_blocks(df)
    assert isinstance(blocks, SparkTable)
    assert blocks.header() == ["y", "s", "w", "fold", "p"]
    assert blocks.reduce(len) == 3000  # each partition's row count, added on the driver
    lengths = blocks.reduce(lambda block: [len(block)], ["y"])  # one entry per Arrow batch
    assert sum(lengths) == 3000
    assert max(lengths) <= 64


def test_the_engine_shows_no_resource_warning_of_pyspark_s_own(scored):
    """The command line prints every warning as its own: PySpark 3.5's ``collect`` leaves its
    local socket to the garbage collector, a ResourceWarning the engine keeps quiet."""
    import gc
    import warnings

    _, df = scored
    blocks = open_blocks(df)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert len(blocks.first(["y"])) == blocks.reduce(len, ["y"]) == 3000
        gc.collect()
    assert [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)] == []


def test_import_phidelta_does_not_import_pyspark():
    code = (
        "import sys, phidelta, phidelta.data, phidelta.spark, phidelta.cli\n"
        "print('pyspark' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_readme_test_command_is_what_ci_runs_and_installs_java():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    command = (root / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert f"    {command}\n" in (root / "README.md").read_text()
    assert "openjdk-17-jre-headless" in command


@given(
    values=st.lists(
        st.one_of(st.sampled_from(["all", "A", "b", "ä"]), st.integers(-3, 3)), min_size=1
    ),
    text=st.booleans(),
)
def test_group_codes_are_numpy_s_unique(values, text):
    """The hashing factorization of object groups (every block's folds) = np.unique's."""
    from phidelta.counts._labels import group_codes

    groups = np.array([str(v) if text else v for v in values], dtype=object)
    try:
        want = np.unique(groups, return_inverse=True)
    except TypeError:  # text and numbers do not order: the same error
        with pytest.raises(TypeError):
            group_codes(groups)
        return
    uniques, codes = group_codes(groups)
    assert uniques.tolist() == want[0].tolist()
    np.testing.assert_array_equal(codes, want[1].ravel())

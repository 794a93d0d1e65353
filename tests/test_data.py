"""The data layer's rules, each written once: formats, class values, missing rows, roles,
matrix headers and blocks of rows."""

from __future__ import annotations

import numpy as np
import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from phidelta.counts import check_pos_label  # noqa: E402
from phidelta.data import (  # noqa: E402
    DataError,
    Limits,
    Roles,
    clean_classes,
    detect_format,
    load_assessment,
    load_multiclass,
    read_chunks,
    read_matrix,
    read_table,
)


# --- formats ------------------------------------------------------------------------------------
def test_format_from_content_then_name(tmp_path):
    frame = pd.DataFrame({"y": [0, 1], "x": [0.5, 1.5]})
    hidden = tmp_path / "data.csv"  # Parquet bytes behind a .csv name
    frame.to_parquet(hidden)
    assert detect_format(hidden) == "parquet"
    assert read_table(hidden)["x"].tolist() == [0.5, 1.5]
    assert detect_format("a.TSV") == "tsv"
    assert detect_format(b"y,x\n", name="upload.pq") == "parquet"
    with pytest.raises(ValueError, match=r"`format` must be one of csv, tsv, parquet"):
        detect_format("a.csv", format="xlsx")


@pytest.mark.parametrize("sep", [",", ";", "\t", "|"])
def test_csv_delimiter_is_read_off_the_header(sep):
    content = f"y{sep}x{sep}name\n1{sep}0.5{sep}a\n0{sep}1.5{sep}b\n".encode()
    frame = read_table(content)
    assert list(frame.columns) == ["y", "x", "name"]
    assert frame["x"].tolist() == [0.5, 1.5]


def test_bad_files_are_data_errors(tmp_path):
    with pytest.raises(DataError, match="file not found"):
        read_table(tmp_path / "missing.csv")
    (tmp_path / "empty.csv").write_text("")
    with pytest.raises(DataError, match="is empty"):
        read_table(tmp_path / "empty.csv")
    (tmp_path / "header.csv").write_text("a,b\n")
    with pytest.raises(DataError, match="has no rows"):
        read_table(tmp_path / "header.csv")
    with pytest.raises(DataError, match="is a directory"):
        read_table(tmp_path)
    with pytest.raises(DataError) as info:
        read_table(b"a,b\n1,2\n", columns=["a", "c"])
    assert info.value.role == "c"


def test_parquet_blocks_stop_at_row_groups_and_cover_every_row(tmp_path):
    frame = pd.DataFrame({"y": np.arange(1000) % 2, "x": np.arange(1000.0)})
    path = tmp_path / "groups.parquet"
    frame.to_parquet(path, row_group_size=300)
    for chunksize in (100, 300, 1000, 5000):
        sizes = [len(b) for b in read_chunks(path, chunksize=chunksize)]
        assert sum(sizes) == 1000
        assert max(sizes) <= chunksize
    tiny = tmp_path / "tiny.parquet"
    frame.to_parquet(tiny, row_group_size=10)  # tiny row groups are joined into full blocks
    assert [len(b) for b in read_chunks(tiny, chunksize=400)] == [400, 400, 200]
    with pytest.raises(ValueError, match="`chunksize` must be a positive number"):
        next(read_chunks(path, chunksize=0))


# --- class values and the positive class --------------------------------------------------------
@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([1.0, np.nan, 0.0], [1, 0]),
        ([True, None, False], [True, False]),
        (["true", "False", None], [True, False]),
        (["1", "0", "1"], [1, 0, 1]),
        (["a", None, "b"], ["a", "b"]),
        ([1, "a"], [1, "a"]),  # text and numbers mixed: each value as its text reads
        (["1", "yes", "1.0", "007", "true", "2.5"], [1, "yes", 1, 7, True, 2.5]),
        ([0.5, 1.5], [0.5, 1.5]),
    ],
)
def test_class_values_read_alike_from_every_reader(values, expected):
    classes, missing = clean_classes(pd.Series(values, dtype=object))
    assert classes.tolist() == expected
    assert [type(v) for v in classes.tolist()] == [type(v) for v in expected]
    assert missing.sum() == sum(v is None or (isinstance(v, float) and np.isnan(v)) for v in values)


@pytest.mark.parametrize(
    ("classes", "given", "positive"),
    [
        ([0, 1], None, 1),
        ([-1, 1], None, 1),
        ([0.0, 1.0], None, 1.0),
        ([False, True], None, True),
        (["0", "1"], None, "1"),
        (["false", "true"], None, "true"),
        (["ham", "spam"], "spam", "spam"),
        ([0, 1], "1", 1),
        ([0, 1], "0", 0),
        ([False, True], "True", True),
        ([False, True], "0", False),
        ([0.5, 1.5], "1.5", 1.5),
    ],
)
def test_the_one_positive_class_rule(classes, given, positive):
    found = check_pos_label(classes, given, where="`y`")
    assert found == positive
    assert type(found) is type(positive)


def test_the_rule_refuses_with_the_classes_found():
    with pytest.raises(ValueError, match=r"\['ham', 'spam'\] found in `y` do not say"):
        check_pos_label(["ham", "spam"], None, where="`y`")
    with pytest.raises(ValueError, match=r"\[2, 3\] found in `y`"):
        check_pos_label([2, 3], None, where="`y`")
    with pytest.raises(ValueError, match=r"`positive`='eggs' is not in `y`; its classes are"):
        check_pos_label(["ham", "spam"], "eggs", where="`y`", argument="positive")
    with pytest.raises(ValueError, match=r"is not in"):
        check_pos_label(["ham", "spam"], 1, where="`y`")  # numbers never match text


# --- roles and missing rows ---------------------------------------------------------------------
def test_roles_parse_what_doors_send():
    assert Roles("y", threshold=" optimal ").threshold == "optimal"
    assert Roles("y", threshold="-0.25").threshold == -0.25
    assert Roles("y", threshold="", prediction="", positive="").threshold is None
    assert Roles("y", prediction="").prediction is None
    with pytest.raises(DataError, match="threshold must be a number") as info:
        Roles("y", threshold="half")
    assert info.value.role == "threshold"
    with pytest.raises(DataError, match="threshold must be finite"):
        Roles("y", threshold=float("inf"))
    with pytest.raises(DataError, match="label column must be a column name"):
        Roles("")
    assert Roles("y", score="s", fold="f", weight="w").columns() == ["y", "s", "f", "w"]


def test_missing_role_values_are_left_out_and_counted_or_refused():
    frame = pd.DataFrame(
        {
            "y": [1, 0, 1, 0, None, 1],
            "s": [0.9, 0.2, None, 0.4, 0.5, 0.8],
            "fold": ["a", "a", "b", None, "b", "b"],
        }
    )
    result = load_assessment(frame, Roles("y", score="s", fold="fold"))
    assert result.rows_left_out == 3
    assert result.counts.total.sum() == 3
    assert result.folds.tolist() == ["a", "b"]
    with pytest.raises(
        DataError, match=r"column 's' \(score\) has 1 missing value \(1 empty cell\);"
    ) as info:
        load_assessment(frame.dropna(subset=["y"]), Roles("y", score="s"), missing="error")
    assert info.value.role == "score"
    with pytest.raises(DataError, match="must hold numbers; 1 values are not numbers"):
        load_assessment(pd.DataFrame({"y": [1, 0], "s": ["0.3", "high"]}), Roles("y", score="s"))


def test_weights_and_a_threshold_with_predictions():
    frame = pd.DataFrame(
        {"y": [1, 0, 1, 0], "p": [1, 1, 0, 0], "w": [2.0, 1.0, 1.0, 3.0], "s": [1, 2, 3, 4]}
    )
    weighted = load_assessment(frame, Roles("y", prediction="p", weight="w"))
    assert weighted.counts.tp[0] == 2.0
    assert weighted.counts.tn[0] == 3.0
    assert weighted.ratio == pytest.approx(4 / 3)
    with pytest.raises(DataError, match="with a prediction column it has no use"):
        load_assessment(frame, Roles("y", prediction="p", threshold=0.5))
    with pytest.raises(DataError, match="choose a prediction column or a score column"):
        load_assessment(frame, Roles("y"))


def test_multiclass_declared_classes_by_their_text():
    frame = pd.DataFrame({"y": [1, 2, 3, 3], "p": [1, 3, 3, 2]})
    loaded = load_multiclass(frame, Roles("y", prediction="p"), classes=["3", "2", "1"])
    assert loaded.matrices.input_classes == [3, 2, 1]
    assert loaded.matrices.counts[0].tolist() == [[1, 1, 0], [1, 0, 0], [0, 0, 1]]
    with pytest.raises(DataError, match=r"classes \[3\] that are not among the declared"):
        load_multiclass(frame, Roles("y", prediction="p"), classes=["1", "2"])


# --- confusion-matrix files ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "inputs", "outputs"),
    [
        (b"8,2\n1,9\n", [0, 1], [0, 1]),
        (b"a,b\n8,2\n1,9\n", ["a", "b"], ["a", "b"]),
        (b",a,b\na,8,2\nb,1,9\n", ["a", "b"], ["a", "b"]),
        (b"a,8,2\nb,1,9\n", ["a", "b"], ["a", "b"]),
        (b"true\\pred;a;b\na;8;2\nb;1;9\n", ["a", "b"], ["a", "b"]),
        (b"0,1\n8,2\n1,9\n", [0, 1], [0, 1]),  # numeric names: auto sees no header
    ],
)
def test_matrix_header_and_row_names(content, inputs, outputs):
    matrix = read_matrix(content)
    if content.startswith(b"0,1"):
        with pytest.raises(DataError, match="rows have different numbers"):
            read_matrix(content + b"3\n")
        matrix = read_matrix(content, header="yes")
        assert matrix.input_classes == ["0", "1"]
        return
    assert matrix.counts[0].tolist() == [[8, 2], [1, 9]]
    assert matrix.input_classes == inputs
    assert matrix.output_classes == outputs


def test_matrix_errors_and_rectangular_matrices():
    with pytest.raises(DataError, match=r"row 1, column 2 holds 'x'"):
        read_matrix(b"8,x\n1,9\n", header="no")
    with pytest.raises(DataError, match="an empty cell"):
        read_matrix(b"8,\n1,9\n")
    with pytest.raises(DataError, match="header names 4 classes but the rows hold 2"):
        read_matrix(b"a,b,c,d\n8,2\n1,9\n")
    with pytest.raises(DataError, match="`header` must be auto, yes or no"):
        read_matrix(b"8,2\n1,9\n", header="maybe")
    reject = read_matrix(b"45,5,0\n0,5,45\n")  # 2 inputs, 3 outputs, no names
    assert reject.output_classes is None
    named = read_matrix(b",0,erasure,1\n0,45,5,0\n1,0,5,45\n")
    assert named.output_classes == ["0", "erasure", "1"]
    assert named.input_classes == ["0", "1"]


# --- hostile tables -----------------------------------------------------------------------------
def test_repeated_column_names_are_refused_in_linear_time():
    import time

    header = ",".join(["a"] * 50_000).encode()
    start = time.perf_counter()
    with pytest.raises(DataError, match=r"repeats column names: 'a' \(50,000 times\)"):
        read_table(header + b"\n" + b",".join([b"1"] * 50_000) + b"\n")
    assert time.perf_counter() - start < 5  # pandas' renaming took 40 s for this
    with pytest.raises(DataError, match="repeats column names"):
        read_table(pd.DataFrame([[1, 2]], columns=["x", "x"]))


def test_limits_name_the_bound_they_enforce(tmp_path):
    wide = b",".join(f"c{i}".encode() for i in range(30)) + b"\n" + b",".join([b"1"] * 30)
    with pytest.raises(DataError, match=r"30 columns; at most 10 are allowed") as info:
        read_table(wide + b"\n", limits=Limits(max_columns=10))
    assert info.value.limit == "max_columns"
    long = b"y,x\n" + b"".join(b"%d,1\n" % i for i in range(50))
    with pytest.raises(DataError, match=r"more than 20 rows") as info:
        read_table(long, limits=Limits(max_rows=20))
    assert info.value.limit == "max_rows"
    assert len(read_table(long, limits=Limits(max_rows=50))) == 50
    big_cell = b"y,t\n1," + b"x" * 500 + b"\n"
    with pytest.raises(DataError, match=r"cell of 500 characters") as info:
        read_table(big_cell, limits=Limits(max_cell_bytes=100))
    assert info.value.limit == "max_cell_bytes"
    frame = pd.DataFrame({"y": np.arange(40) % 2})
    frame.to_parquet(tmp_path / "rows.parquet")
    with pytest.raises(DataError, match=r"40 rows; at most 30") as info:
        read_table(tmp_path / "rows.parquet", limits=Limits(max_rows=30))
    assert info.value.limit == "max_rows"
    assert read_table(wide + b"\n").shape == (1, 30)  # no limits: local files


def test_nested_and_binary_parquet_columns(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    nested = pa.table({"y": [0, 1], "l": [[1, 2], [3]]})
    pq.write_table(nested, tmp_path / "nested.parquet")
    for reader in (read_table, lambda p: next(read_chunks(p, chunksize=10))):
        with pytest.raises(DataError, match=r"column 'l' .* holds list<"):
            reader(tmp_path / "nested.parquet")
    structs = pa.table({"y": [0, 1], "s": [{"a": 1}, {"a": 2}]})
    pq.write_table(structs, tmp_path / "struct.parquet")
    with pytest.raises(DataError, match=r"column 's' .* holds struct<"):
        read_table(tmp_path / "struct.parquet")
    binary = pa.table({"y": [0, 1], "b": pa.array([b"\xff\xfe", b"ok"], pa.binary())})
    pq.write_table(binary, tmp_path / "binary.parquet")
    with pytest.raises(DataError, match=r"column 'b' .* not UTF-8 text"):
        read_table(tmp_path / "binary.parquet")
    text = pa.table({"y": [0, 1], "b": pa.array([b"yes", b"no"], pa.binary())})
    pq.write_table(text, tmp_path / "text.parquet")
    assert read_table(tmp_path / "text.parquet")["b"].tolist() == ["yes", "no"]


def test_matrix_files_that_csv_cannot_read_are_data_errors():
    with pytest.raises(DataError, match="cannot read the matrix as CSV"):
        read_matrix(b"8,2\n1," + b"9" * 200_000 + b"\n")  # a field beyond csv's limit


@pytest.mark.parametrize("chunksize", [None, 2])
def test_a_missing_column_is_named_with_the_column_meant(tmp_path, chunksize):
    path = tmp_path / "runs.csv"
    path.write_text("RainBool,score,fold\n1,0.9,1\n0,0.2,1\n1,0.7,2\n0,0.4,2\n")
    cases = [
        (Roles("rainbool", score="score"), "label", "did you mean 'RainBool'?"),  # case
        (Roles("RainBool", score="scores"), "score", "did you mean 'score'?"),  # spelling
        (Roles("RainBool", score="p"), "score", "its columns are RainBool, score, fold"),
    ]
    for roles, role, message in cases:
        with pytest.raises(DataError, match=message) as caught:
            load_assessment(path, roles, chunksize=chunksize)
        assert caught.value.role == role
    with pytest.raises(DataError, match="did you mean 'fold'") as caught:
        read_table(path, columns=["Fold"])
    assert caught.value.role == "Fold"


def test_a_file_without_a_header_row_is_named_as_such(tmp_path):
    from phidelta.data import Roles, load_signature

    path = tmp_path / "no_header.csv"
    path.write_text("1,4.7,17,0\n0,3.2,11,1\n1,5.0,17,1\n")
    with pytest.raises(DataError, match="the file needs a header row") as info:
        load_signature(path, Roles("y"))
    assert "its columns are 1, 4.7, 17, 0" in str(info.value)
    path.write_text("1,4.7,1,0\n0,3.2,11,1\n")  # the first row repeats a value
    with pytest.raises(DataError, match=r"repeats column names.*needs a header row"):
        load_signature(path, Roles("0"))
    path.write_text("y,4.7\n1,2.0\n0,3.0\n")  # a named label: numeric names are fine
    with pytest.raises(DataError) as info:
        load_signature(path, Roles("label"))
    assert "header row" not in str(info.value)


def test_semicolons_with_decimal_commas_read_as_numbers(tmp_path):
    """The European convention ("3,5" between ";") gives the numbers of the same table
    written with points, whole and in chunks."""
    from phidelta.data import ChunkedTable, Roles, load_signature

    rng = np.random.default_rng(2)
    frame = pd.DataFrame(
        {"x": rng.normal(size=30).round(3), "z": rng.integers(0, 5, 30), "y": np.arange(30) % 2}
    )
    plain = tmp_path / "plain.csv"
    frame.to_csv(plain, index=False)
    european = tmp_path / "european.csv"
    frame.to_csv(european, index=False, sep=";", decimal=",")
    assert "," in european.read_text().splitlines()[1]
    expected = load_signature(plain, Roles("y"))
    for source in (european, ChunkedTable(european, chunksize=7)):
        found = load_signature(source, Roles("y"))
        assert found.kinds == expected.kinds
        np.testing.assert_allclose(found.counts.to_array(), expected.counts.to_array())

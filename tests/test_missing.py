"""What counts as missing, compressed and spreadsheet files, strict matrix files, whole-file
counts in messages, and thresholds outside the scores' range (issue 28): each through every
door it concerns."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import zipfile

import numpy as np
import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("click")
pytest.importorskip("fastapi")

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from phidelta.cli import cli  # noqa: E402
from phidelta.data import (  # noqa: E402
    COMMON_MARKERS,
    DataError,
    Limits,
    MissingCells,
    Roles,
    check_missing_values,
    compression_of,
    describe_missing,
    detect_format,
    load_assessment,
    load_comparison,
    load_multiclass,
    load_signature,
    read_chunks,
    read_matrix,
    read_missing,
    read_table,
)
from phidelta.web import create_app  # noqa: E402

SURVEY = (
    "sex,exer,region,pulse,smoke,s,fold\n"
    "Female,None,NA,72,Never,0.8,1\n"
    "Male,Some,EU,NA,NA,0.3,1\n"
    "Male,Freq,EU,80,Heavy,0.4,2\n"
    "Female,None,NA,,Never,0.7,2\n"
    "Female,Some,NA,70,Occas,0.35,1\n"
    "Male,Some,NA,75,Never,,2\n"
    ",Freq,AS,64,Never,0.5,1\n"
    "Male,null,AS,66,Never,0.45,2\n"
)


@pytest.fixture
def survey(tmp_path):
    path = tmp_path / "survey.csv"
    path.write_text(SURVEY)
    return path


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# --- the rule ---------------------------------------------------------------------------------
def test_text_categories_that_look_like_markers_stay_categories(survey):
    sig = load_signature(survey, Roles("sex", positive="Female"))
    assert {"exer(None)", "exer(null)", "exer(Some)", "exer(Freq)"} <= set(sig.names)
    assert "exer(?)" not in sig.names  # the empty cells are not the category None
    cells = sig.missing_cells
    assert cells.kept["exer"] == {"None": 2, "null": 1}
    assert cells.kept["region"] == {"NA": 4}
    assert cells.read["sex"] == {"": 1}
    # R's NA in a column of numbers is a missing number: pulse stays numeric
    assert cells.read["pulse"] == {"NA": 1, "": 1}
    assert sig.kinds[sig.names.index("pulse")] == "numeric"
    # the region NA is one of three classes, not a gap
    tri = load_multiclass(survey, Roles("region", prediction="region"))
    assert tri.matrices.input_classes == ["AS", "EU", "NA"]
    assert tri.matrices.counts[0].trace() == 8
    assert tri.rows_left_out == 0


def test_markers_the_user_names_are_missing(survey):
    sig = load_signature(survey, Roles("sex", positive="Female"), missing_values=["None", "NA"])
    assert "exer(None)" not in sig.names
    assert sig.missing_cells.read["exer"] == {"None": 2}
    assert sig.missing_cells.read["region"] == {"NA": 4}
    assert "region" not in sig.missing_cells.kept
    # a label column whose marker is named: those rows are left out and counted
    tri = load_multiclass(survey, Roles("region", prediction="region"), missing_values="NA")
    assert tri.matrices.input_classes == ["AS", "EU"]
    assert tri.rows_left_out == 4
    assert tri.missing_cells.read["region"] == {"NA": 4}


def test_the_report_names_columns_markers_and_the_way_out():
    cells = MissingCells({"region": {"NA": 3}, "s": {"": 2}}, {"exer": {"None": 24}})
    text = describe_missing(cells)
    assert "column 'region': 3 cells 'NA' read as missing" in text
    assert "column 's': 2 empty cells read as missing" in text
    assert "column 'exer': 24 cells 'None' kept as a category" in text
    assert "missing_values=['None']" in text
    assert "--missing-values None" in describe_missing(cells, hint="--missing-values {joined}")
    assert describe_missing(cells, ["s"]) == "column 's': 2 empty cells read as missing"
    assert describe_missing(MissingCells()) == ""


def test_read_missing_on_numbers_booleans_and_text():
    frame = pd.DataFrame(
        {
            "n": ["1.5", "NA", "2", " ", None],
            "b": ["TRUE", "FALSE", "NA", "TRUE", "FALSE"],
            "t": ["NA", "EU", "null", "?", "EU"],
            "f": [1.0, np.nan, 2.0, 3.0, 4.0],
        }
    )
    clean, cells = read_missing(frame)
    assert clean["n"].dtype == np.float64
    assert np.isnan(clean["n"].to_numpy()[[1, 3, 4]]).all()
    assert clean["b"].isna().tolist() == [False, False, True, False, False]
    assert clean["t"].tolist() == ["NA", "EU", "null", "?", "EU"]
    assert cells.read == {"f": {"": 1}, "n": {"NA": 1, "": 2}, "b": {"NA": 1}}
    assert cells.kept == {"t": {"NA": 1, "null": 1, "?": 1}}
    # counts add up over blocks: two halves give the whole
    top, bottom = read_missing(frame.iloc[:2])[1], read_missing(frame.iloc[2:])[1]
    assert (top + bottom).read["n"] == cells.read["n"]
    assert {"NA", "null", "None", "?", "NaN"} <= COMMON_MARKERS


def test_missing_values_argument_is_checked():
    assert check_missing_values(" NA ") == ("NA",)
    with pytest.raises(TypeError, match="missing_values"):
        check_missing_values(3)
    with pytest.raises(TypeError, match="must hold strings"):
        check_missing_values(["NA", None])
    with pytest.raises(TypeError, match="missing_values"):
        load_signature(pd.DataFrame({"y": [0, 1], "f": [1, 2]}), Roles("y"), missing_values=7)


@pytest.mark.parametrize("chunksize", [None, 2, 3])
def test_every_reader_applies_the_one_rule(survey, chunksize):
    roles = Roles("sex", positive="Female", score="s", fold="fold")
    whole = load_assessment(survey, roles)
    got = load_assessment(survey, roles, chunksize=chunksize)
    assert got.counts == whole.counts
    assert got.rows_left_out == whole.rows_left_out == 2
    assert got.missing_cells.read == {"sex": {"": 1}, "s": {"": 1}}
    named = load_signature(
        survey, Roles("sex", positive="Female"), chunksize=chunksize, missing_values="None"
    )
    assert named.missing_cells.read["exer"] == {"None": 2}


def test_dask_applies_the_one_rule(survey):
    pytest.importorskip("dask.dataframe")
    from phidelta.data import read_dask

    frame = read_dask(survey)
    sig = load_signature(frame, Roles("sex", positive="Female"))
    whole = load_signature(survey, Roles("sex", positive="Female"))
    assert sig.names == whole.names
    assert sig.missing_cells.kept == whole.missing_cells.kept
    assert sig.missing_cells.read == whole.missing_cells.read


def test_cli_reports_and_takes_markers(survey):
    code, out, err = _cli("stats", str(survey), "--label", "sex", "--positive", "Female")
    assert code == 0, err
    assert "exer(None)" in out
    words = " ".join(out.split())
    assert "column 'region': 4 cells 'NA' kept as a category" in words
    assert "--missing-values" in words
    code, out, err = _cli(
        "stats",
        str(survey),
        "--label",
        "sex",
        "--positive",
        "Female",
        "--missing-values",
        "None,NA",
        "--format",
        "json",
    )
    assert code == 0, err
    doc = json.loads(out)
    assert "exer(None)" not in [r["name"] for r in doc["rows"]]
    assert "4 cells 'NA' read as missing" in doc["missing"]


def test_chunked_error_counts_the_whole_file(tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text("y,s\n1,0.5\n,0.2\n0,0.1\n1,0.9\n0,0.3\n,0.4\n1,\n")
    for chunksize in (None, 2, 3):
        with pytest.raises(DataError) as info:
            load_assessment(path, Roles("y", score="s"), missing="error", chunksize=chunksize)
        message = str(info.value)
        assert "column 'y' (label) has 2 missing values (2 empty cells)" in message
        assert "column 's' (score) has 1 missing value" in message
    code, _, err = _cli(
        "assess",
        str(path),
        "--label",
        "y",
        "--score",
        "s",
        "--missing",
        "error",
        "--chunksize",
        "2",
    )
    assert code != 0
    assert "has 2 missing values" in err
    assert "--missing drop" in err


# --- compressed and spreadsheet files -------------------------------------------------------
def _zip(name: str, content: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(name, content)
    return buffer.getvalue()


PACKERS = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
    ".zip": lambda content: _zip("survey.csv", content),
}


def _zstd(content: bytes) -> bytes:
    zstandard = pytest.importorskip("zstandard")
    return zstandard.ZstdCompressor().compress(content)


@pytest.mark.parametrize("suffix", [*PACKERS, ".zst"])
def test_compressed_files_read_as_the_text_they_hold(tmp_path, survey, suffix):
    packed = (_zstd if suffix == ".zst" else PACKERS[suffix])(survey.read_bytes())
    path = tmp_path / f"survey.csv{suffix}"
    path.write_bytes(packed)
    assert compression_of(path) is not None
    plain = read_table(survey)
    pd.testing.assert_frame_equal(read_table(path), plain)
    pd.testing.assert_frame_equal(read_table(packed), plain)  # bytes: by their first bytes
    for packed_block, plain_block in zip(
        read_chunks(path, chunksize=3), read_chunks(survey, chunksize=3), strict=True
    ):
        pd.testing.assert_frame_equal(packed_block, plain_block)
    roles = Roles("sex", positive="Female", score="s", fold="fold")
    assert load_assessment(path, roles).counts == load_assessment(survey, roles).counts
    code, out, err = _cli(
        "assess",
        str(path),
        "--label",
        "sex",
        "--positive",
        "Female",
        "--score",
        "s",
        "--format",
        "json",
    )
    assert code == 0, err
    doc = json.loads(out)
    code, again, _ = _cli(
        "assess",
        str(survey),
        "--label",
        "sex",
        "--positive",
        "Female",
        "--score",
        "s",
        "--format",
        "json",
    )
    assert doc["rows"] == json.loads(again)["rows"]


def test_compressed_tsv_and_a_zip_of_several_files(tmp_path, survey):
    tsv = survey.read_text().replace(",", "\t").encode()
    path = tmp_path / "survey.tsv.gz"
    path.write_bytes(gzip.compress(tsv))
    assert detect_format(path) == "tsv"
    assert list(read_table(path).columns) == list(read_table(survey).columns)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.csv", survey.read_bytes())
        archive.writestr("b.csv", survey.read_bytes())
    with pytest.raises(DataError, match="zip archive of 2 files; it must hold one"):
        read_table(buffer.getvalue())


def test_a_decompression_bomb_stops_at_max_bytes():
    bomb = gzip.compress(b"a,b\n" + b"1,2\n" * 2_000_000)
    assert len(bomb) < 100_000
    with pytest.raises(DataError, match="unpacks to more than 1,000,000 bytes") as info:
        read_table(bomb, limits=Limits(max_bytes=1_000_000))
    assert info.value.limit == "max_bytes"


def test_spreadsheets_read_their_first_sheet(tmp_path, survey):
    pytest.importorskip("openpyxl")
    pytest.importorskip("odf")
    frame = read_table(survey)
    for suffix, engine in ((".xlsx", "openpyxl"), (".ods", "odf")):
        path = tmp_path / f"survey{suffix}"
        frame.to_excel(path, index=False, engine=engine)
        assert detect_format(path) == "spreadsheet"
        assert detect_format(path.read_bytes()) == "spreadsheet"  # by content
        sheet = read_table(path)
        assert sheet["region"].tolist() == frame["region"].tolist()  # NA is a region
        roles = Roles("sex", positive="Female", score="s")
        assert load_assessment(path, roles).counts == load_assessment(survey, roles).counts
        code, _, err = _cli("stats", str(path), "--label", "sex", "--positive", "Female")
        assert code == 0, err


def test_old_excel_files_are_refused_by_name(tmp_path):
    path = tmp_path / "book.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    with pytest.raises(DataError, match=r"old binary Excel workbook \(.xls/.xlsb\): save it as"):
        read_table(path)
    code, _, err = _cli("stats", str(path), "--label", "y")
    assert code != 0
    assert "save it as .xlsx or CSV" in err


# --- matrix files: the tables' verdict --------------------------------------------------------
def test_an_unterminated_quote_is_refused_by_every_reader(tmp_path):
    content = b'a,b\n1,2\n3,"4'
    path = tmp_path / "matrix.csv"
    path.write_bytes(content)
    with pytest.raises(DataError, match="EOF inside string"):
        read_table(path)
    with pytest.raises(DataError, match="EOF inside string"):
        read_matrix(path)
    code, _, err = _cli("triangle", str(path), "--matrix")
    assert code != 0
    assert "EOF inside string" in err
    client = TestClient(create_app(tmp_path / "web.sqlite3"))
    uploaded = client.post("/api/datasets", files={"file": ("matrix.csv", content, "text/csv")})
    if uploaded.status_code == 200:  # the upload is a table; the matrix analysis reads it
        created = client.post(
            "/api/analyses",
            json={"dataset_id": uploaded.json()["id"], "kind": "multiclass", "matrix": True},
        )
        assert created.status_code == 400, created.text
        assert "EOF inside string" in str(created.json()["detail"])
    else:
        assert uploaded.status_code == 400
        assert "EOF inside string" in str(uploaded.json()["detail"])
        assert ".." not in str(uploaded.json()["detail"])  # one period, not two


def test_a_compressed_matrix_file(tmp_path):
    path = tmp_path / "matrix.csv.gz"
    path.write_bytes(gzip.compress(b",a,b\na,8,2\nb,1,9\n"))
    assert read_matrix(path).counts[0].tolist() == [[8, 2], [1, 9]]


# --- thresholds outside the scores ------------------------------------------------------------
@pytest.mark.parametrize(("threshold", "side"), [(1.5, "above"), (-0.5, "below")])
def test_a_threshold_outside_the_scores_is_refused(survey, threshold, side):
    roles = Roles("sex", positive="Female", score="s", threshold=threshold)
    with pytest.raises(DataError, match=f"lies {side} every score") as info:
        load_assessment(survey, roles)
    assert info.value.role == "threshold"
    with pytest.raises(DataError, match=f"lies {side} every score"):
        load_comparison(survey, roles, Roles("sex", score="pulse"))
    code, _, err = _cli(
        "assess",
        str(survey),
        "--label",
        "sex",
        "--positive",
        "Female",
        "--score",
        "s",
        "--threshold",
        str(threshold),
    )
    assert code != 0
    assert f"lies {side} every score" in err
    # at the edges the cut still splits nothing wrongly: the highest score is kept
    top = load_assessment(survey, Roles("sex", positive="Female", score="s", threshold=0.8))
    assert top.counts.tp.sum() + top.counts.fp.sum() == 1


def test_an_r_file_with_na_labels_is_told_how_to_read_them(tmp_path):
    path = tmp_path / "r.csv"  # as R's write.csv writes: NA in text and number columns alike
    path.write_text('"Sex","Pulse"\n"Female",92\n"Male",NA\nNA,80\n"Male",70\n"Female",66\n')
    with pytest.raises(
        DataError,
        match=r"if 'NA' marks a missing value, name it: "
        r"missing_values=\['NA'\]",
    ):
        load_signature(path, Roles("Sex", positive="Female"))
    code, _, err = _cli("stats", str(path), "--label", "Sex", "--positive", "Female")
    assert code != 0
    assert "name it: --missing-values NA" in err
    sig = load_signature(path, Roles("Sex", positive="Female"), missing_values="NA")
    assert sig.rows_left_out == 1
    assert sig.missing_cells.read == {"Sex": {"NA": 1}, "Pulse": {"NA": 1}}


def test_the_report_takes_markers_and_says_what_was_missing(tmp_path, survey):
    pytest.importorskip("matplotlib")
    out = tmp_path / "report.html"
    code, _, err = _cli(
        "report",
        "--data",
        str(survey),
        "--label",
        "sex",
        "--positive",
        "Female",
        "--predictions",
        str(survey),
        "--score",
        "s",
        "--missing-values",
        "None",
        "-o",
        str(out),
    )
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert "Missing values: column &#x27;" in page
    assert "column &#x27;region&#x27;: 4 cells &#x27;NA&#x27; kept as a category" in page
    assert "--missing-values null,NA" in page  # the option that reads them as missing, CLI words
    assert "column &#x27;exer&#x27;: 2 cells &#x27;None&#x27; read as missing" in page
    assert "exer(None)" not in page


def test_a_marker_that_spells_a_number_is_missing_in_a_column_of_numbers(tmp_path):
    path = tmp_path / "codes.csv"  # -99 for "not measured", as SPSS and SAS exports write it
    path.write_text("y,x,t\n0,1,a\n1,-99,b\n0,3,-99.0\n1,4,a\n1,5,b\n0,-99,c\n")
    for chunksize in (None, 2):
        sig = load_signature(path, Roles("y"), missing_values="-99", chunksize=chunksize)
        assert sig.missing_cells.read == {"x": {"-99": 2}, "t": {"-99.0": 1}}
        assert "t(-99.0)" not in sig.names
    plain = load_signature(path, Roles("y"))
    assert plain.missing_cells.read == {}
    assert "t(-99.0)" in plain.names
    frame = pd.DataFrame({"y": [0, 1, 0, 1], "s": [0.2, -99.0, 0.4, 0.9]})
    result = load_assessment(frame, Roles("y", score="s"), missing_values=["-99"])
    assert result.rows_left_out == 1
    assert result.missing_cells.read == {"s": {"-99": 1}}


def test_the_web_page_reads_spreadsheets_and_compressed_uploads(tmp_path, survey):
    pytest.importorskip("openpyxl")
    frame = read_table(survey)
    book = io.BytesIO()
    frame.to_excel(book, index=False)
    client = TestClient(create_app(tmp_path / "web.sqlite3"))
    roles = Roles("sex", positive="Female", score="s", fold="fold")
    want = load_assessment(survey, roles).counts
    for name, content in (
        ("survey.xlsx", book.getvalue()),
        ("survey.csv.bz2", bz2.compress(survey.read_bytes())),
    ):
        uploaded = client.post("/api/datasets", files={"file": (name, content, "text/plain")})
        assert uploaded.status_code == 200, uploaded.text
        view = client.post(
            "/api/analyses",
            json={
                "dataset_id": uploaded.json()["id"],
                "kind": "classifier",
                "label": "sex",
                "positive": "Female",
                "score": "s",
                "fold": "fold",
            },
        ).json()["view"]
        got = {f["name"]: [f[c] for c in ("tn", "fp", "fn", "tp")] for f in view["folds"]}
        assert list(got.values()) == np.stack([want.tn, want.fp, want.fn, want.tp], 1).tolist()
        assert "column 'sex': 1 empty cell read as missing" in view["missing"]

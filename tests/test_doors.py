"""One door for data: the same file gives the same numbers through every interface.

Each fixture file runs through the Python data layer (from the path, a pandas frame and a
polars frame), the command line (``--format json`` in memory, with several ``--chunksize``
values and with ``--engine dask``), the web JSON API and ``phidelta.distributed`` (a Dask
frame of three partitions). Every door's answer is reduced to the same canonical numbers —
counts, rates, φ and δ, AUC, entropies — and all must agree.
"""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import numpy as np
import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("click")
pytest.importorskip("fastapi")
pytest.importorskip("pyarrow")

from click.testing import CliRunner  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from phidelta.cli import cli  # noqa: E402
from phidelta.data import (  # noqa: E402
    Roles,
    load_assessment,
    load_multiclass,
    load_signature,
    read_matrix,
)
from phidelta.measures import auc, entropy_balance  # noqa: E402
from phidelta.web import create_app  # noqa: E402

CHUNKSIZES = ("7", "64", "1000")


# --- fixture files ----------------------------------------------------------------------------
def _make_files(root: Path) -> dict[str, Path]:
    rng = np.random.default_rng(2024)
    n = 240
    files: dict[str, Path] = {}

    def write(name: str, frame: pd.DataFrame, parquet: bool = False) -> None:
        files[name] = root / f"{name}.csv"
        frame.to_csv(files[name], index=False)
        if parquet:
            files[f"{name}.parquet"] = root / f"{name}.parquet"
            frame.to_parquet(files[f"{name}.parquet"], index=False)

    y = rng.integers(0, 2, n)
    write(
        "binary_folds",
        pd.DataFrame(
            {
                "y": y,
                "yhat": np.where(rng.random(n) < 0.8, y, 1 - y),
                "fold": rng.integers(1, 6, n),
                "f1": rng.normal(size=n),
            }
        ),
    )
    spam = rng.random(n) < 0.35
    write(
        "decision",
        pd.DataFrame(
            {
                "y": np.where(spam, "spam", "ham"),
                "s": np.round(rng.normal(size=n) + 1.2 * spam - 0.4, 2),  # ties, both signs
                "fold": rng.choice(["A", "B", "C", "D"], n),
            }
        ),
        parquet=True,
    )
    y = rng.integers(0, 2, n)
    write(
        "probabilities",
        pd.DataFrame({"y": y, "p": np.round(np.clip(0.35 * y + 0.65 * rng.random(n), 0, 1), 2)}),
    )
    party = np.where(rng.random(n) < 0.45, "republican", "democrat")
    votes = {}
    for k in range(6):
        agree = np.where(rng.random(n) < 0.3 + 0.1 * k, party == "republican", rng.random(n) < 0.5)
        column = np.where(agree, "y", "n").astype(object)
        column[rng.random(n) < 0.08] = None  # empty cells
        column[rng.random(n) < 0.05] = "?"  # the UCI spelling of a missing vote
        votes[f"vote{k + 1}"] = column
    party = party.astype(object)
    party[[5, 77]] = None  # two rows without a class
    write("house_votes", pd.DataFrame({"party": party, **votes}))
    c = rng.integers(0, 2, n).astype(float)
    c[[3, 100, 101]] = np.nan  # read back as a float column 0.0 / 1.0
    write(
        "float_class",
        pd.DataFrame(
            {
                "c": c,
                "f1": rng.normal(size=n) + np.nan_to_num(c),
                "b": rng.integers(0, 2, n),
                "s": np.round(rng.random(n), 3),
            }
        ),
    )
    flag = (rng.random(n) < 0.4).astype(object)
    flag[17] = None
    write(
        "bool_class",
        pd.DataFrame(
            {
                "flag": flag,
                "guess": rng.random(n) < 0.45,
                "f1": rng.normal(size=n),
                "s": np.round(rng.normal(size=n), 2),
            }
        ),
    )
    truth = rng.choice(list("abcd"), n)
    guess = np.where(rng.random(n) < 0.7, truth, rng.choice(list("abc"), n))
    guess = np.where(guess == "d", "c", guess)  # class d is never predicted
    write(
        "multiclass",
        pd.DataFrame({"y": truth, "p": guess, "fold": rng.integers(1, 4, n)}),
        parquet=True,
    )
    # digits only in the first rows (a chunk of them is read as numbers), then words and other
    # spellings of the numbers (a chunk of them is read as text): the same classes either way
    truth = rng.integers(0, 3, n).astype(str).astype(object)
    truth[150::7] = "unsure"
    truth[160::11] = "1.0"
    guess = np.where(rng.random(n) < 0.7, truth, rng.integers(0, 3, n).astype(str)).astype(object)
    guess[200::9] = "02"
    write("mixed_classes", pd.DataFrame({"y": truth, "p": guess}))
    # categories that pandas' default list reads as missing: a category is a category (students
    # who do not exercise, North America, a null hypothesis); R's NA in a column of numbers is
    # a missing number; and the same file compressed
    exercise = rng.choice(["None", "Some", "Freq"], n).astype(object)
    exercise[rng.random(n) < 0.05] = None  # empty cells
    region = rng.choice(["NA", "EU", "AS"], n)
    pulse = np.round(rng.normal(72, 8, n) + 4 * (exercise == "None"), 1).astype(object)
    pulse[rng.random(n) < 0.07] = "NA"
    sex = np.where(rng.random(n) < 0.5, "Female", "Male").astype(object)
    sex[[9, 99]] = None
    survey = pd.DataFrame(
        {
            "sex": sex,
            "exer": exercise,
            "region": region,
            "hypothesis": rng.choice(["null", "alternative"], n),
            "pulse": pulse,
            "s": np.round(rng.random(n) * 0.6 + 0.3 * (sex == "Female"), 2),
            "guess": np.where(rng.random(n) < 0.7, region, rng.choice(["NA", "EU"], n)),
            "fold": rng.choice(["NA", "EU", "null"], n),
        }
    )
    write("survey", survey)
    files["survey.gz"] = root / "survey.csv.gz"
    files["survey.gz"].write_bytes(gzip.compress(files["survey"].read_bytes()))
    matrix = "15,0,5\n0,15,5\n0,0,20\n"
    files["matrix_header"] = root / "matrix_header.csv"
    files["matrix_header"].write_text(
        ",x,y,z\n"
        + "".join(f"{name},{row}\n" for name, row in zip("xyz", matrix.splitlines(), strict=True))
    )
    files["matrix_plain"] = root / "matrix_plain.csv"
    files["matrix_plain"].write_text(matrix)
    files["matrix_top"] = root / "matrix_top.csv"
    files["matrix_top"].write_text("x,y,z\n" + matrix)
    return files


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return _make_files(tmp_path_factory.mktemp("doors"))


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    database = tmp_path_factory.mktemp("web") / "doors.sqlite3"
    return TestClient(create_app(database, max_upload_bytes=5_000_000))


# --- canonical numbers of each door -----------------------------------------------------------
def _close(a, b, path="") -> None:
    """Equal structures; floats to 1e-12 (chunked soft counts sum in another order)."""
    if isinstance(a, dict):
        assert set(a) == set(b), f"{path}: keys {sorted(a)} != {sorted(b)}"
        for key in a:
            _close(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list | tuple):
        assert len(a) == len(b), f"{path}: lengths {len(a)} != {len(b)}"
        for i, (x, z) in enumerate(zip(a, b, strict=True)):
            _close(x, z, f"{path}[{i}]")
    elif isinstance(a, float) or isinstance(b, float):
        if a is None or b is None or np.isnan(a) or np.isnan(b):
            assert a is None or np.isnan(a), f"{path}: {a} vs {b}"
            assert b is None or np.isnan(b), f"{path}: {a} vs {b}"
        else:
            assert b == pytest.approx(a, rel=1e-12, abs=1e-12), f"{path}: {a} != {b}"
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def _num(value):
    return None if value is None else float(value)


def signature_numbers(sig) -> dict:
    table = sig.to_dict(ratio=1.0)
    return {
        "positive": str(sig.positive),
        "ratio": float(sig.ratio),
        "left_out": sig.rows_left_out,
        "features": {
            name: [_num(table[k][i]) for k in ("specificity", "sensitivity", "phi", "delta")]
            for i, name in enumerate(table["name"])
        },
    }


def assessment_numbers(result) -> dict:
    out = {
        "positive": str(result.positive),
        "ratio": float(result.ratio),
        "threshold": _num(result.threshold),
        "left_out": result.rows_left_out,
        "folds": {
            str(f): [int(getattr(result.counts, c)[i]) for c in ("tn", "fp", "fn", "tp")]
            for i, f in enumerate(result.folds)
        },
    }
    if result.tables is not None:
        out["auc"] = {
            str(f): float(auc(t)) for f, t in zip(result.folds, result.tables, strict=True)
        }
    return out


def multiclass_numbers(matrices, names) -> dict:
    balance = entropy_balance(matrices)
    return {
        "names": [str(n) for n in names],
        "mutual_information": [float(v) for v in balance.mutual_information],
        "fractions": [[float(v) for v in row] for row in balance.joint_fractions],
        "accuracy": [float(v) for v in balance.accuracy],
    }


def _cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, [*args, "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def cli_signature(path, roles: Roles, *extra: str) -> dict:
    args = ["stats", str(path), "--label", roles.label]
    if roles.positive is not None:
        args += ["--positive", str(roles.positive)]
    doc = _cli_json(*args, *extra)
    return {
        "positive": str(doc["positive"]),
        "ratio": doc["ratio"],
        "left_out": doc["rows_left_out"] or 0,
        "features": {
            r["name"]: [r[k] for k in ("specificity", "sensitivity", "phi", "delta")]
            for r in doc["rows"]
        },
    }


def cli_assessment(path, roles: Roles, *extra: str) -> dict:
    args = ["assess", str(path), "--label", roles.label]
    for role in ("positive", "prediction", "score", "fold", "threshold"):
        value = getattr(roles, role)
        if value is not None:
            args += [f"--{role}", str(value)]
    doc = _cli_json(*args, *extra)
    folds = [r for r in doc["rows"] if r["row"] not in ("pooled", "mean", "std")]
    out = {
        "positive": str(doc["positive"]),
        "ratio": doc["ratio"],
        "threshold": doc["threshold"],
        "left_out": doc["rows_left_out"] or 0,
        "folds": {r["row"]: [r[c] for c in ("tn", "fp", "fn", "tp")] for r in folds},
    }
    if roles.score is not None:
        out["auc"] = {r["row"]: r["auc"] for r in folds}
    return out


def cli_multiclass(path, roles: Roles, *extra: str) -> dict:
    args = ["triangle", str(path), "--label", roles.label, "--prediction", roles.prediction]
    if roles.fold is not None:
        args += ["--fold", roles.fold]
    doc = _cli_json(*args, *extra)
    rows = {r["quantity"]: r for r in doc["rows"]}
    names = [k for k in doc["rows"][0] if k not in ("quantity", "pooled")]
    shown = names if len(names) > 1 else ["all"]
    return {
        "names": shown,
        "mutual_information": [rows["mutual_information"][k] for k in names],
        "fractions": [[rows[f"joint_{p}"][k] for p in ("delta_h", "mi2", "vi")] for k in names],
        "accuracy": [rows["accuracy"][k] for k in names],
    }


def _web_analysis(web, path: Path, body: dict) -> dict:
    uploaded = web.post(
        "/api/datasets", files={"file": (path.name, io.BytesIO(path.read_bytes()), "text/csv")}
    )
    assert uploaded.status_code == 200, uploaded.text
    created = web.post("/api/analyses", json={"dataset_id": uploaded.json()["id"], **body})
    assert created.status_code == 200, created.text
    return created.json()


def web_signature(web, path, roles: Roles) -> dict:
    view = _web_analysis(
        web, path, {"kind": "signature", "label": roles.label, "positive": _text(roles.positive)}
    )["view"]
    return {
        "positive": str(view["positive"]),
        "ratio": view["actual_ratio"],
        "left_out": view["rows_left_out"],
        "features": {
            f["name"]: [f["specificity"], f["sensitivity"], f["phi_standard"], f["delta_standard"]]
            for f in view["features"]
        },
    }


def _text(value):
    return None if value is None else str(value)


def web_assessment(web, path, roles: Roles) -> dict:
    body = {"kind": "classifier", "label": roles.label, "positive": _text(roles.positive)}
    for role in ("prediction", "score", "fold", "threshold"):
        body[role] = _text(getattr(roles, role))
    view = _web_analysis(web, path, body)["view"]
    return {
        "positive": str(view["positive"]),
        "ratio": view["actual_ratio"],
        "threshold": view["threshold"],
        "left_out": view["rows_left_out"],
        "folds": {f["name"]: [f[c] for c in ("tn", "fp", "fn", "tp")] for f in view["folds"]},
    }


def web_multiclass(web, path, roles: Roles | None, header: str = "auto") -> dict:
    if roles is None:
        body = {"kind": "multiclass", "matrix": True, "header": header}
    else:
        body = {
            "kind": "multiclass",
            "label": roles.label,
            "prediction": roles.prediction,
            "fold": roles.fold,
        }
    view = _web_analysis(web, path, body)["view"]
    return {
        "names": view["names"],
        "mutual_information": view["mutual_information"],
        "fractions": view["fractions"],
        "accuracy": view["accuracy"],
    }


def _read(path: Path):
    """The file as pandas reads it when told that only empty cells are missing (its default
    list of markers would read the categories "None", "NA" and "null" as missing)."""
    if path.suffix == ".parquet":
        return pd.read_parquet(path)
    return pd.read_csv(path, keep_default_na=False, na_values=[""])


def _frames(path: Path):
    """The file as a pandas frame and as a polars frame (tables the Python API accepts)."""
    frame = _read(path)
    yield frame
    polars = pytest.importorskip("polars")
    yield polars.from_pandas(frame)


def _dask_frame(path: Path):
    dd = pytest.importorskip("dask.dataframe")
    frame = _read(path)
    return dd.from_pandas(frame, npartitions=3)


# --- the matrix of doors ----------------------------------------------------------------------
SIGNATURES = [
    ("house_votes", Roles("party", positive="republican")),
    ("float_class", Roles("c")),
    ("bool_class", Roles("flag")),
    ("binary_folds", Roles("y")),
    ("survey", Roles("sex", positive="Female")),
    ("survey.gz", Roles("sex", positive="Female")),
]

ASSESSMENTS = [
    ("binary_folds", Roles("y", prediction="yhat", fold="fold")),
    ("decision", Roles("y", positive="spam", score="s", fold="fold")),
    ("decision.parquet", Roles("y", positive="spam", score="s", fold="fold", threshold="0.3")),
    ("decision", Roles("y", positive="spam", score="s", threshold="optimal")),
    ("probabilities", Roles("y", score="p")),
    ("float_class", Roles("c", positive="1", score="s")),
    ("bool_class", Roles("flag", positive="true", prediction="guess", score="s")),
    ("survey", Roles("sex", positive="Female", score="s", fold="fold")),
    ("survey.gz", Roles("sex", positive="Female", score="s", fold="fold")),
]

MULTICLASS = [
    ("multiclass", Roles("y", prediction="p", fold="fold")),
    ("multiclass.parquet", Roles("y", prediction="p")),
    ("binary_folds", Roles("y", prediction="yhat")),
    ("mixed_classes", Roles("y", prediction="p")),
    ("survey", Roles("region", prediction="guess", fold="hypothesis")),
    ("survey.gz", Roles("region", prediction="guess")),
]


@pytest.mark.parametrize(("name", "roles"), SIGNATURES, ids=[s[0] for s in SIGNATURES])
def test_signature_doors_agree(files, web, name, roles):
    path = files[name]
    want = signature_numbers(load_signature(path, roles))
    for frame in _frames(path):
        _close(want, signature_numbers(load_signature(frame, roles)), "python frame")
        chunked = load_signature(frame, roles, chunksize=50)
        _close(want, signature_numbers(chunked), "python frame in chunks")
    _close(want, cli_signature(path, roles), "cli")
    for size in CHUNKSIZES:
        _close(want, cli_signature(path, roles, "--chunksize", size), f"cli --chunksize {size}")
        chunked = load_signature(path, roles, chunksize=int(size))
        _close(want, signature_numbers(chunked), f"python chunksize {size}")
    _close(want, cli_signature(path, roles, "--engine", "dask"), "cli --engine dask")
    _close(want, signature_numbers(load_signature(_dask_frame(path), roles)), "distributed")
    _close(want, web_signature(web, path, roles), "web")


@pytest.mark.parametrize(("name", "roles"), ASSESSMENTS, ids=[a[0] for a in ASSESSMENTS])
def test_assessment_doors_agree(files, web, name, roles):
    path = files[name]
    want = assessment_numbers(load_assessment(path, roles))
    for frame in _frames(path):
        _close(want, assessment_numbers(load_assessment(frame, roles)), "python frame")
        chunked = load_assessment(frame, roles, chunksize=50)
        _close(want, assessment_numbers(chunked), "python frame in chunks")
    _close(want, cli_assessment(path, roles), "cli")
    for size in CHUNKSIZES:
        got = cli_assessment(path, roles, "--chunksize", size)
        _close(want, got, f"cli --chunksize {size}")
    _close(want, cli_assessment(path, roles, "--engine", "dask"), "cli --engine dask")
    _close(want, assessment_numbers(load_assessment(_dask_frame(path), roles)), "distributed")
    from_web = web_assessment(web, path, roles)
    _close({k: v for k, v in want.items() if k != "auc"}, from_web, "web")


@pytest.mark.parametrize(("name", "roles"), MULTICLASS, ids=[m[0] for m in MULTICLASS])
def test_multiclass_doors_agree(files, web, name, roles):
    path = files[name]
    loaded = load_multiclass(path, roles)
    want = multiclass_numbers(loaded.matrices, loaded.names)
    for frame in _frames(path):
        again = load_multiclass(frame, roles)
        _close(want, multiclass_numbers(again.matrices, again.names), "python frame")
    _close(want, cli_multiclass(path, roles), "cli")
    for size in CHUNKSIZES:
        _close(want, cli_multiclass(path, roles, "--chunksize", size), f"cli --chunksize {size}")
    _close(want, cli_multiclass(path, roles, "--engine", "dask"), "cli --engine dask")
    distributed = load_multiclass(_dask_frame(path), roles)
    _close(want, multiclass_numbers(distributed.matrices, distributed.names), "distributed")
    _close(want, web_multiclass(web, path, roles), "web")


@pytest.mark.parametrize("name", ["matrix_header", "matrix_plain", "matrix_top"])
def test_matrix_file_doors_agree(files, web, name):
    path = files[name]
    matrix = read_matrix(path)
    assert matrix.counts[0].tolist() == [[15, 0, 5], [0, 15, 5], [0, 0, 20]]
    want = multiclass_numbers(matrix, ["matrix"])
    assert want["accuracy"] == [pytest.approx(50 / 60)]
    doc = _cli_json("triangle", str(path), "--matrix")
    rows = {r["quantity"]: r["value"] for r in doc["rows"]}
    assert rows["accuracy"] == pytest.approx(want["accuracy"][0], rel=1e-12)
    assert rows["mutual_information"] == pytest.approx(want["mutual_information"][0], rel=1e-12)
    _close(want, web_multiclass(web, path, None), "web")


# --- the divergences the issue found, each pinned -----------------------------------------------
def test_decision_scores_cut_at_zero_in_memory_chunked_and_reported(files):
    path = files["decision"]
    roles = Roles("y", positive="spam", score="s")
    whole = load_assessment(path, roles)
    assert whole.threshold == 0.0
    frame = pd.read_csv(path)
    spam = frame["y"] == "spam"
    assert int(whole.counts.tp[0]) == int((spam & (frame["s"] >= 0)).sum())
    assert int(whole.counts.fp[0]) == int((~spam & (frame["s"] >= 0)).sum())
    for size in (5, 50):
        assert load_assessment(path, roles, chunksize=size).counts == whole.counts
    doc = _cli_json("assess", str(path), "--label", "y", "--positive", "spam", "--score", "s")
    assert doc["threshold"] == 0.0
    assert "score ≥ 0" in doc["predictions"]


def test_a_matrix_header_is_read_alike_by_cli_and_web(files, web):
    path = files["matrix_top"]  # "x,y,z" above the counts
    doc = _cli_json("triangle", str(path), "--matrix")
    accuracy = {r["quantity"]: r["value"] for r in doc["rows"]}["accuracy"]
    assert accuracy == pytest.approx(50 / 60)
    assert web_multiclass(web, path, None)["accuracy"] == [pytest.approx(50 / 60)]
    # an explicit "no header" refuses the names as counts instead of misreading them
    result = CliRunner().invoke(cli, ["triangle", str(path), "--matrix", "--header", "no"])
    assert result.exit_code != 0
    assert "must hold counts" in result.output


def test_float_and_boolean_class_columns_and_missing_labels(files, web):
    for name, label, positive in (("float_class", "c", 1), ("bool_class", "flag", True)):
        sig = load_signature(files[name], Roles(label))
        assert sig.positive == positive
        assert type(sig.positive) is type(positive)
        frame = pd.read_csv(files[name])
        assert sig.rows_left_out == int(frame[label].isna().sum()) > 0
        kept = frame[label].dropna()
        is_pos = kept.astype(str).str.lower().isin(["1.0", "true"])
        assert sig.ratio == pytest.approx((~is_pos).sum() / is_pos.sum(), rel=1e-15)
        dask_sig = load_signature(_dask_frame(files[name]), Roles(label))
        assert dask_sig.rows_left_out == sig.rows_left_out
        assert dask_sig.counts == sig.counts or np.allclose(
            dask_sig.counts.to_array(), sig.counts.to_array(), rtol=1e-12
        )
    # the web page sends the positive class as text
    view = web_signature(web, files["float_class"], Roles("c", positive="1"))
    assert view["positive"] == "1"
    # refusing rows with a missing label is one option away, with the count in the message
    with pytest.raises(ValueError, match=r"column 'c' \(label\) has 3 missing values"):
        load_signature(files["float_class"], Roles("c"), missing="error")


def test_a_column_of_digits_then_words_has_one_set_of_classes(files):
    path = files["mixed_classes"]
    roles = Roles("y", prediction="p")
    whole = load_multiclass(path, roles).matrices
    assert whole.input_classes == [0, 1, 2, "unsure"]  # "1.0" is the class 1, "02" the class 2
    frame = pd.read_csv(path, dtype=str)
    counted = frame["y"].replace({"1.0": "1"}).value_counts()
    assert whole.counts[0].sum(axis=1).tolist() == [counted[c] for c in ("0", "1", "2", "unsure")]
    for size in (7, 64):
        assert pd.read_csv(path, nrows=size)["y"].dtype.kind == "i"  # the first chunk: numbers
        chunked = load_multiclass(path, roles, chunksize=size).matrices
        assert chunked.input_classes == whole.input_classes
        assert np.array_equal(chunked.counts, whole.counts)


def test_string_classes_need_a_positive_everywhere(files, web):
    path = files["decision"]
    with pytest.raises(ValueError, match=r"do not say which is positive; pass `positive`"):
        load_assessment(path, Roles("y", score="s"))
    result = CliRunner().invoke(cli, ["stats", str(files["house_votes"]), "--label", "party"])
    assert result.exit_code != 0
    assert "pass --positive (one of 'democrat', 'republican')" in result.output
    uploaded = web.post(
        "/api/datasets",
        files={"file": ("h.csv", io.BytesIO(files["house_votes"].read_bytes()), "text/csv")},
    ).json()
    answer = web.post("/api/analyses", json={"dataset_id": uploaded["id"], "label": "party"})
    assert answer.status_code == 400
    assert answer.json()["detail"]["field"] == "positive"


# --- intervals: the same file, the same intervals through every door (issue 29, item 5) -------
INTERVAL_MEASURES = ("accuracy", "sensitivity", "f1_score", "mcc", "phi", "delta")


@pytest.mark.parametrize("name", ["decision", "survey.gz"])
def test_interval_doors_agree(files, web, name):
    from phidelta.counts import BinaryCounts
    from phidelta.inference import measure_intervals

    path = files[name]
    roles = ASSESSMENTS[1][1] if name == "decision" else ASSESSMENTS[-1][1]
    assessment = load_assessment(path, roles)
    counts = BinaryCounts.concat([assessment.counts, assessment.pooled()])
    want = measure_intervals(
        counts, measures=list(INTERVAL_MEASURES), confidence_level=0.9, random_state=0
    )
    rows = [*map(str, assessment.folds), "pooled"]

    def check(got_rows: dict, where: str) -> None:
        for measure in INTERVAL_MEASURES:
            for end in ("low", "high"):
                got = [got_rows[r][f"{measure}_{end}"] for r in rows]
                _close(list(map(_num, getattr(want, end)[measure])), list(map(_num, got)), where)

    args = ["assess", str(path), "--label", roles.label, "--positive", str(roles.positive)]
    args += ["--score", roles.score, "--fold", roles.fold, "--confidence-level", "0.9"]
    for extra in ((), ("--chunksize", "64"), ("--engine", "dask")):
        doc = _cli_json(*args, *extra)
        check({r["row"]: r for r in doc["rows"]}, f"cli {' '.join(extra)}")
    uploaded = web.post(
        "/api/datasets", files={"file": (path.name, io.BytesIO(path.read_bytes()), "text/csv")}
    ).json()
    body = {"kind": "classifier", "label": roles.label, "positive": _text(roles.positive)}
    body |= {"score": roles.score, "fold": roles.fold}
    created = web.post("/api/analyses", json={"dataset_id": uploaded["id"], **body}).json()
    view = web.get(f"/api/analyses/{created['id']}/view?intervals=true&confidence_level=0.9")
    assert view.status_code == 200, view.text
    table = view.json()["table"]
    by_row = {
        str(label): {k: table["columns"][k][i] for k in table["columns"]}
        for i, label in enumerate(table["index"])
    }
    check(by_row, "web")


# --- the triangle's intervals: the same file, the same intervals through every door -----------
TRIANGLE_TABLE = ("joint_delta_h", "joint_mi2", "joint_vi", "mutual_information", "accuracy")


@pytest.mark.parametrize(
    ("name", "roles"),
    [
        ("multiclass", Roles("y", prediction="p", fold="fold")),
        ("survey.gz", Roles("region", prediction="guess")),
        ("matrix_header", None),
    ],
    ids=["folds", "one matrix", "matrix file"],
)
def test_triangle_interval_doors_agree(files, web, name, roles):
    from phidelta._door_intervals import TRIANGLE_MEASURES, triangle_intervals

    path = files[name]
    if roles is None:
        matrices, names = read_matrix(path), ["matrix"]
        want = triangle_intervals(matrices, names, confidence_level=0.9, random_state=0)
        args = ["triangle", str(path), "--matrix"]
    else:
        loaded = load_multiclass(path, roles)
        matrices, names = loaded.matrices, loaded.names
        want = loaded.intervals(confidence_level=0.9, random_state=0)  # the Python door
        for frame in _frames(path):
            again = load_multiclass(frame, roles).intervals(confidence_level=0.9, random_state=0)
            for q in TRIANGLE_MEASURES:
                _close(list(want.low[q]), list(again.low[q]), f"python frame {q}")
                _close(list(want.high[q]), list(again.high[q]), f"python frame {q}")
        args = ["triangle", str(path), "--label", roles.label, "--prediction", roles.prediction]
        args += ["--fold", roles.fold] if roles.fold else []
    rows = [*names, "pooled"] if len(names) > 1 else names
    assert want.index == rows
    assert set(want.methods) == set(TRIANGLE_MEASURES)

    # the command line: every quantity's <column>_low and _high, whole, in chunks, on Dask
    extras = [()] if roles is None else [(), ("--chunksize", "64"), ("--engine", "dask")]
    for extra in extras:
        doc = _cli_json(*args, "--confidence-level", "0.9", *extra)
        by = {r["quantity"]: r for r in doc["rows"]}
        assert doc["random_state"] == 0
        columns = rows if len(names) > 1 else ["value"]
        for q in TRIANGLE_MEASURES:
            for end in ("low", "high"):
                got = [by[q][f"{c}_{end}"] for c in columns]
                _close(list(map(_num, getattr(want, end)[q])), got, f"cli {extra} {q}_{end}")
        assert by["h_uniform_x"][f"{columns[0]}_low"] is None  # fixed by the classes: none

    # the web page's view with the switch on
    if roles is None:
        body = {"kind": "multiclass", "matrix": True}
    else:
        body = {"kind": "multiclass", "label": roles.label, "prediction": roles.prediction}
        body["fold"] = roles.fold
    created = _web_analysis(web, path, body)
    view = web.get(f"/api/analyses/{created['id']}/view?intervals=true&confidence_level=0.9")
    assert view.status_code == 200, view.text
    shown = view.json()["intervals"]
    assert shown["random_state"] == 0
    assert shown["method"] == "bca"
    k = len(names)
    for end in ("low", "high"):
        fractions = np.array(shown[f"fractions_{end}"], dtype=float)
        for j, q in enumerate(TRIANGLE_TABLE[:3]):
            _close(list(getattr(want, end)[q][:k]), list(fractions[:, j]), f"web {q}_{end}")
        for q in TRIANGLE_TABLE[3:]:
            _close(list(getattr(want, end)[q][:k]), shown[f"{q}_{end}"], f"web {q}_{end}")
        if k > 1:
            pooled = shown["pooled"]
            got = [*pooled[f"fractions_{end}"], *(pooled[f"{q}_{end}"] for q in TRIANGLE_TABLE[3:])]
            _close([float(getattr(want, end)[q][k]) for q in TRIANGLE_TABLE], got, "web pooled")
        else:
            assert shown["pooled"] is None
    # off again: no intervals
    off = web.get(f"/api/analyses/{created['id']}/view?intervals=false").json()
    assert off.get("intervals") is None


# --- clustered rows: the same file, the same clustered intervals through every door ----------
@pytest.fixture(scope="module")
def clustered_file(tmp_path_factory):
    """Patients of four rows: a label, two classifiers' predictions and scores, a fold per
    patient (so each fold holds whole patients) and a patient with a missing id."""
    rng = np.random.default_rng(29)
    groups, size = 30, 4
    patient = np.repeat(np.arange(groups), size)
    y = rng.integers(0, 2, groups * size)
    shared = rng.normal(size=groups)[patient]
    s = np.round(y + 0.8 * shared + rng.normal(size=groups * size), 2)
    s2 = np.round(y + 0.8 * shared + 1.5 * rng.normal(size=groups * size), 2)
    frame = pd.DataFrame(
        {
            "y": y,
            "p": (s >= 0.5).astype(int),
            "s": s,
            "p2": (s2 >= 0.5).astype(int),
            "s2": s2,
            "patient": [f"id{k:02d}" for k in patient],
            "fold": patient % 3,
        }
    )
    frame.loc[5, "patient"] = None  # a row of no patient: left out, counted, in every door
    path = tmp_path_factory.mktemp("clustered_doors") / "clustered.csv"
    frame.to_csv(path, index=False)
    return path


def test_clustered_interval_doors_agree(clustered_file, web):
    """The same grouped file and seed give the same clustered intervals through the Python
    API, the command line (whole and in chunks), the report and the web page's group role
    (issue 29, items 3 and 5)."""
    import html as _html
    import re

    from phidelta._door_intervals import (
        TRIANGLE_MEASURES,
        assessment_intervals,
        interval_cell,
    )
    from phidelta._format import column_text
    from phidelta.data import load_comparison
    from phidelta.report import file_report

    path = clustered_file
    roles = Roles("y", prediction="p", score="s", fold="fold", group="patient")
    other = Roles("y", prediction="p2", score="s2", fold="fold", group="patient")
    level, seed = 0.9, 0  # 0: the web page's seed (phidelta.web._views.INTERVAL_SEED)
    # the Python door
    assessment = load_assessment(path, roles)
    want = assessment_intervals(
        assessment, INTERVAL_MEASURES, confidence_level=level, random_state=seed
    )
    assert set(want.methods.values()) == {"cluster_bca"}
    summary = assessment.summary(confidence_level=level, random_state=seed)
    comparison = load_comparison(path, roles, other)
    want_b = assessment_intervals(
        comparison.b, INTERVAL_MEASURES, confidence_level=level, random_state=seed
    )
    multiclass = load_multiclass(path, Roles("y", prediction="p", fold="fold", group="patient"))
    triangle = multiclass.intervals(confidence_level=level, random_state=seed)
    rows = [*map(str, assessment.folds), "pooled"]

    # the command line, whole and in chunks
    args = ["assess", str(path), "--label", "y", "--prediction", "p", "--score", "s"]
    args += ["--fold", "fold", "--group", "patient", "--confidence-level", str(level)]
    args += ["--random-state", str(seed), "--compare", "p2", "--compare", "s2"]
    tri = ["triangle", str(path), "--label", "y", "--prediction", "p", "--fold", "fold"]
    tri += ["--group", "patient", "--confidence-level", str(level), "--random-state", str(seed)]
    for extra in ((), ("--chunksize", "7")):
        doc = _cli_json(*args, *extra)
        by = {(r["classifier"], r["row"]): r for r in doc["rows"]}
        for measure in INTERVAL_MEASURES:
            for end in ("low", "high"):
                for name, expected in (("s", want), ("s2", want_b)):
                    got = [by[name, r][f"{measure}_{end}"] for r in rows]
                    _close(list(map(_num, getattr(expected, end)[measure])), got, f"cli {extra}")
        for end in ("low", "high"):
            got = [by["s", r][f"auc_{end}"] for r in rows]
            _close(list(summary[f"auc_{end}"][: len(rows)]), got, f"cli {extra} auc")
        tests = {row["test"]: row for row in doc["comparison"]}
        assert tests["McNemar"]["statistic"] == pytest.approx(comparison.mcnemar.statistic)
        assert tests["DeLong"]["pvalue"] == pytest.approx(comparison.delong.pvalue)
        assert doc["rows_left_out"] == 1
        shown = {r["quantity"]: r for r in _cli_json(*tri, *extra)["rows"]}
        for q in TRIANGLE_MEASURES:
            for end in ("low", "high"):
                got = [shown[q][f"{c}_{end}"] for c in [*multiclass.names, "pooled"]]
                _close(list(map(_num, getattr(triangle, end)[q])), got, f"triangle {extra}")

    # the signature of the same file (stats): its rows are read whole (chunks are refused)
    from phidelta._door_intervals import signature_intervals

    sig = load_signature(path, Roles("y", group="patient"), kinds={"fold": "ignore"})
    bounds, methods, _ = signature_intervals(sig, confidence_level=level, random_state=seed)
    assert set(methods.values()) == {"cluster_bca"}
    stats = ["stats", str(path), "--label", "y", "--group", "patient", "--ignore", "fold"]
    stats += ["--confidence-level", str(level), "--random-state", str(seed)]
    by = {r["name"]: r for r in _cli_json(*stats)["rows"]}
    for i, feature in enumerate(sig.names):
        for j, end in enumerate(("low", "high")):
            _close([_num(bounds["delta"][j][i])], [by[feature][f"delta_{end}"]], "stats")
    refused = CliRunner().invoke(cli, [*stats, "--chunksize", "7"])
    assert refused.exit_code != 0

    # the report: the same cells, and it says how they were made
    out = path.parent / "report.html"
    file_report(
        out,
        predictions=path,
        roles=roles,
        compare=other,
        confidence_level=level,
        random_state=seed,
    )
    page = _html.unescape(out.read_text(encoding="utf-8"))
    for measure in ("accuracy", "mcc", "delta"):
        text = column_text(list(summary[measure][: len(rows)]), digits=3)
        for i, t in enumerate(text):
            cell = interval_cell(t, want.low[measure][i], want.high[measure][i])
            assert cell in page, (measure, cell)
    for i, t in enumerate(column_text(list(triangle.estimate["joint_mi2"]), digits=3)):
        cell = interval_cell(t, triangle.low["joint_mi2"][i], triangle.high["joint_mi2"][i])
        assert cell in page, cell
    assert "30 groups of rows" in page
    assert re.search(r"cluster_bca: the bootstrap of whole groups of rows \(30 groups", page)
    assert "Obuchowski" in page
    assert "durkalski" in page

    # the web page: the group role of each kind of analysis, the switch on at the same level
    def web_view(body: dict) -> dict:
        created = _web_analysis(web, path, body | {"group": "patient"})
        query = f"intervals=true&confidence_level={level}"
        answer = web.get(f"/api/analyses/{created['id']}/view?{query}")
        assert answer.status_code == 200, answer.text
        return answer.json()

    body = {"kind": "classifier", "label": "y", "prediction": "p", "score": "s", "fold": "fold"}
    view = web_view(body | {"compare_prediction": "p2", "compare_score": "s2"})
    assert view["groups"]["count"] == 30
    assert view["rows_left_out"] == 1
    tables = (view["table"], view["comparison"]["table"])
    for table, expected in zip(tables, (want, want_b), strict=True):
        assert set(table["intervals"]["methods"].values()) == {"cluster_bca"}
        for measure in INTERVAL_MEASURES:
            for end in ("low", "high"):
                got = table["columns"][f"{measure}_{end}"][: len(rows)]
                _close(list(map(_num, getattr(expected, end)[measure])), got, f"web {measure}")
    for end in ("low", "high"):  # Obuchowski's
        got = view["table"]["columns"][f"auc_{end}"][: len(rows)]
        _close(list(summary[f"auc_{end}"][: len(rows)]), got, "web auc")
    tests = {row["test"]: row for row in view["comparison"]["tests"]}
    assert tests["McNemar"]["statistic"] == pytest.approx(comparison.mcnemar.statistic)
    assert tests["DeLong"]["pvalue"] == pytest.approx(comparison.delong.pvalue)
    assert view["groups"]["methods"]["mcnemar"] == "durkalski"
    shown = web_view({"kind": "multiclass", "label": "y", "prediction": "p", "fold": "fold"})
    k = len(multiclass.names)
    assert shown["intervals"]["method"] == "cluster_bca"
    for end in ("low", "high"):
        fractions = np.array(shown["intervals"][f"fractions_{end}"], dtype=float)
        for j, q in enumerate(("joint_delta_h", "joint_mi2", "joint_vi")):
            _close(list(getattr(triangle, end)[q][:k]), list(fractions[:, j]), f"web {q}")
        got = [
            *shown["intervals"][f"accuracy_{end}"],
            shown["intervals"]["pooled"][f"accuracy_{end}"],
        ]
        _close(list(getattr(triangle, end)["accuracy"]), got, "web accuracy")
    features = web_view({"kind": "signature", "label": "y", "ignore": "fold"})["features"]
    assert [f["name"] for f in features] == sig.names
    for i, feature in enumerate(features):
        for j, end in enumerate(("low", "high")):
            for measure in ("phi", "delta", "sensitivity", "specificity"):
                python = _num(bounds[measure][j][i])
                _close([python], [feature[f"{measure}_{end}"]], f"web {feature['name']}")

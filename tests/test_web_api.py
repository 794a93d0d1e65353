"""The JSON API of the web application, every endpoint and its error answers."""

from __future__ import annotations

import csv
import io
import itertools
import json

import numpy as np
import pytest
from numpy.testing import assert_allclose

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
pd = pytest.importorskip("pandas")

from fastapi.testclient import TestClient  # noqa: E402

import phidelta  # noqa: E402
from phidelta.web import create_app  # noqa: E402


@pytest.fixture
def database(tmp_path):
    return tmp_path / "web.sqlite3"


@pytest.fixture
def client(database):
    with TestClient(create_app(database, max_upload_bytes=200_000)) as client:
        yield client


@pytest.fixture
def climate_bytes(refdata):
    return (refdata / "phidelta" / "climate_data.csv").read_bytes()


def upload(client, content: bytes, name: str = "data.csv"):
    return client.post("/api/datasets", files={"file": (name, io.BytesIO(content), "text/csv")})


def test_upload_signature_view_csv_and_delete(client, climate_bytes, refdata):
    response = upload(client, climate_bytes, "climate_data.csv")
    assert response.status_code == 200
    dataset = response.json()
    assert dataset["rows"] == 29
    assert dataset["columns"][0]["name"] == "RainBool"
    assert dataset["columns"][0]["values"] == [0, 1]
    assert client.get("/api/datasets").json()[0]["id"] == dataset["id"]
    assert client.get(f"/api/datasets/{dataset['id']}").json()["rows"] == 29
    created = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "signature",
            "label": "RainBool",
            "positive": "1",
        },
    )
    assert created.status_code == 200
    body = created.json()
    assert body["url"] == f"/analyses/{body['id']}"
    frame = pd.read_csv(refdata / "phidelta" / "climate_data.csv")
    labels = frame.pop("RainBool")
    phi, delta, names, ratio = phidelta.stats(frame, labels, ratio_corrected=False)
    features = body["view"]["features"]
    assert [f["name"] for f in features] == names
    assert_allclose([f["phi"] for f in features], phi, atol=1e-12)
    assert_allclose([f["delta"] for f in features], delta, atol=1e-12)
    assert body["view"]["actual_ratio"] == pytest.approx(ratio)
    view = client.get(
        f"/api/analyses/{body['id']}/view",
        params={"ratio": 4, "rank": "corner", "phi_max": 0.9, "delta_min": 0.1, "k": 3},
    ).json()
    sig = phidelta.signature(frame, labels)
    assert_allclose([f["phi"] for f in view["features"]], sig.phi_delta(4).phi, atol=1e-12)
    assert view["order"] == sig.rank("corner", ratio=4).tolist()
    assert view["selected"] == sig.select(phi_max=0.9, delta_min=0.1, k=3, ratio=4).tolist()
    assert_allclose(view["diamond"]["border"]["phi"], phidelta.diamond(4).border[:, 0])
    csv = client.get(f"/api/analyses/{body['id']}/signature.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    table = pd.read_csv(io.StringIO(csv.text))
    assert_allclose(table["phi"], phi, atol=1e-12)
    assert client.get("/api/analyses").json()[0]["id"] == body["id"]
    assert client.delete(f"/api/analyses/{body['id']}").json() == {"deleted": body["id"]}
    assert client.get(f"/api/analyses/{body['id']}").status_code == 404
    assert client.delete(f"/api/datasets/{dataset['id']}").status_code == 200
    assert client.get(f"/api/datasets/{dataset['id']}").status_code == 404


def test_analyses_survive_a_restart(database, climate_bytes):
    with TestClient(create_app(database)) as first:
        dataset = upload(first, climate_bytes).json()
        created = first.post(
            "/api/analyses", json={"dataset_id": dataset["id"], "label": "RainBool"}
        ).json()
    first.app.state.store.close()
    with TestClient(create_app(database)) as second:
        again = second.get(f"/api/analyses/{created['id']}")
        assert again.status_code == 200
        assert again.json()["view"]["features"] == created["view"]["features"]
        assert second.get(f"/analyses/{created['id']}").status_code == 200  # the page


def test_classifier_and_multiclass_views(client):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    score = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    frame = pd.DataFrame(
        {"y": y, "p": score, "yhat": (score > 0.5).astype(int), "fold": rng.integers(1, 4, 300)}
    )
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    body = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "classifier",
            "label": "y",
            "prediction": "yhat",
            "score": "p",
            "fold": "fold",
            "positive": "1",
        },
    ).json()
    view = client.get(
        f"/api/analyses/{body['id']}/view", params={"ratio": 2, "cost_ratio": 3}
    ).json()
    counts, _ = phidelta.BinaryCounts.from_groups(y, frame.yhat, frame.fold)
    assert_allclose(
        [f["phi"] for f in view["folds"]], phidelta.measures.phi(counts, ratio=2), atol=1e-12
    )
    table = phidelta.counts.ScoreTable.from_scores(y, score)
    assert view["roc"]["auc"] == pytest.approx(phidelta.measures.auc(table), abs=1e-12)
    assert (view["roc"]["positives"], view["roc"]["negatives"]) == ((y == 1).sum(), (y == 0).sum())
    best = phidelta.measures.optimal_points(table, ratio=2, cost_ratio=3)
    assert view["roc"]["optimal"]["threshold"] == pytest.approx(best.thresholds.tolist())
    line = phidelta.geometry.calibration_polyline(
        phidelta.measures.IsotonicCalibrator().fit(y, score)
    )
    assert_allclose(view["calibration"]["score"], line.score, atol=1e-12)
    assert_allclose(view["calibration"]["probability"], line.probability, atol=1e-12)
    assert view["calibration"]["window"] == [0.0, 1.0]  # probabilities
    triangle = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "multiclass",
            "label": "y",
            "prediction": "yhat",
            "fold": "fold",
        },
    ).json()
    assert len(triangle["view"]["joint"]) == 3
    assert_allclose(np.sum(triangle["view"]["fractions"], axis=1), 1.0)
    matrix_csv = upload(client, b"a,b,c\n15,0,5\n0,15,5\n0,0,20\n", "matrix.csv").json()
    tri = client.post(
        "/api/analyses", json={"dataset_id": matrix_csv["id"], "kind": "multiclass", "matrix": True}
    ).json()
    assert tri["view"]["fractions"][0][1] == pytest.approx(0.6051549589285763, abs=1e-12)


def test_an_analysis_keeps_only_the_parameters_its_kind_reads(client):
    # the page sends every field, those hidden for the kind too
    frame = pd.DataFrame(
        {"y": [0, 1, 0, 1, 1], "p": [0.1, 0.8, 0.4, 0.3, 0.9], "f": [1, 2, 1, 2, 2]}
    )
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    every = {"label": "y", "positive": "1", "prediction": "f", "score": "p", "fold": "f"}
    every |= {"threshold": "0.3", "numeric": "threshold", "header": "yes"}
    stored = {}
    for kind in ("signature", "classifier", "multiclass"):
        fields = {k: v for k, v in every.items() if kind != "classifier" or k != "prediction"}
        created = client.post(
            "/api/analyses", json={"dataset_id": dataset["id"], "kind": kind, **fields}
        )
        assert created.status_code == 200, created.text
        listed = client.get(f"/api/analyses/{created.json()['id']}").json()
        stored[kind] = {k for k, v in listed["params"].items() if v not in (None, False)}
    assert stored["signature"] == {"label", "positive", "numeric"}
    assert stored["classifier"] == {"label", "positive", "score", "fold", "threshold"}
    assert stored["multiclass"] == {"label", "prediction", "fold", "header"}
    # the same signature asked with other hidden fields is the same analysis
    again = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "signature",
            "label": "y",
            "positive": "1",
            "numeric": "threshold",
        },
    ).json()
    assert again["params"] == client.get(f"/api/analyses/{again['id']}").json()["params"]


def test_examples(client):
    assert client.get("/api/examples").json()[0]["name"] == "climate"
    dataset = client.post("/api/examples/climate").json()
    assert dataset["rows"] == 29
    assert client.post("/api/examples/iris").status_code == 422  # an Enum path parameter


@pytest.mark.parametrize(
    ("payload", "status", "field", "message"),
    [
        ({"label": "Rain"}, 400, "label", "Column 'Rain' (label) is not in the data"),
        (
            {"label": "RainBool", "positive": "yes"},
            400,
            "positive",
            "`positive`='yes' is not in column 'RainBool'",
        ),
    ],
)
def test_analysis_errors(client, climate_bytes, payload, status, field, message):
    dataset = upload(client, climate_bytes).json()
    response = client.post("/api/analyses", json={"dataset_id": dataset["id"], **payload})
    assert response.status_code == status
    assert response.json()["detail"]["field"] == field
    assert message in response.json()["detail"]["message"]


@pytest.mark.parametrize(
    ("payload", "field"),
    [({"kind": "forest"}, "kind"), ({"numeric": "fuzzy"}, "numeric"), ({"header": "?"}, "header")],
)
def test_choices_are_enums(client, climate_bytes, payload, field):
    """Kinds, numeric modes and header choices are Enums: FastAPI answers 422 naming them."""
    dataset = upload(client, climate_bytes).json()
    response = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "label": "RainBool", **payload}
    )
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", field]
    assert client.get("/api/analyses").json() == []  # nothing stored


def test_bad_uploads_and_limits(client):
    one_class = upload(client, b"y,x\n1,0.5\n1,0.7\n").json()
    response = client.post("/api/analyses", json={"dataset_id": one_class["id"], "label": "y"})
    assert response.status_code == 400
    assert "holds one class" in response.json()["detail"]["message"]
    words = upload(client, b"y,s\n1,0.5\n0,high\n").json()
    response = client.post(
        "/api/analyses",
        json={"dataset_id": words["id"], "kind": "classifier", "label": "y", "score": "s"},
    )
    assert response.status_code == 400
    assert response.json()["detail"]["field"] == "score"
    empty = upload(client, b"")
    assert empty.status_code == 400
    assert empty.json()["detail"]["field"] == "file"
    garbage = upload(client, bytes(range(256)) * 10, "x.parquet")
    assert garbage.status_code == 400
    before = len(client.get("/api/datasets").json())
    # an old binary workbook is named as such before any parse (it was a 500 from the route)
    old_excel = upload(client, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100), "x.xls")
    assert old_excel.status_code == 400, old_excel.text
    assert old_excel.json()["detail"]["field"] == "file"
    assert "old binary Excel workbook" in old_excel.json()["detail"]["message"]
    assert len(client.get("/api/datasets").json()) == before  # nothing stored
    big = upload(client, b"a,b\n" + b"1,2\n" * 60_000)
    assert big.status_code == 413
    assert "larger than" in big.json()["detail"]["message"]
    # a path-like file name is only a label
    named = upload(client, b"y,x\n1,2\n0,3\n", "../../etc/passwd").json()
    assert named["name"] == "passwd"
    assert client.get("/api/analyses/nope").status_code == 404
    assert client.get("/api/datasets/nope").status_code == 404
    assert client.delete("/api/analyses/nope").status_code == 404
    assert client.get("/static/../../pyproject.toml").status_code == 404
    assert client.get("/static/secret.py").status_code == 404


def test_query_validation(client, climate_bytes):
    dataset = upload(client, climate_bytes).json()
    created = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "label": "RainBool"}
    ).json()
    for params in ({"ratio": 20}, {"ratio": 0}, {"ratio": "abc"}):
        response = client.get(f"/api/analyses/{created['id']}/view", params=params)
        assert response.status_code == 422, params  # the schema says: [0.1, 10] or "actual"
        assert response.json()["detail"][0]["loc"][:2] == ["query", "ratio"]
    # "actual" is the exact N/P of the data (267/168-like ratios are not rounded in log10)
    actual = client.get(f"/api/analyses/{created['id']}/view", params={"ratio": "actual"}).json()
    assert actual["ratio"] == actual["actual_ratio"] == pytest.approx(14 / 15, abs=0)
    for params in ({"rank": "auc"}, {"k": -1}, {"phi_max": 0}):
        response = client.get(f"/api/analyses/{created['id']}/view", params=params)
        assert response.status_code == 422, params
    assert client.get("/openapi.json").json()["info"]["title"] == "phidelta"


def test_lists_come_in_pages(client):
    ids = [upload(client, b"y,x\n1,2\n0,3\n").json()["id"] for _ in range(3)]
    assert [d["id"] for d in client.get("/api/datasets").json()] == ids[::-1]  # newest first
    assert [d["id"] for d in client.get("/api/datasets?limit=2").json()] == ids[:0:-1]
    assert [d["id"] for d in client.get("/api/datasets?limit=2&offset=2").json()] == ids[:1]
    assert client.get("/api/datasets?limit=0").status_code == 422
    assert client.get("/api/analyses?limit=5000").status_code == 422


def test_triangle_view_has_the_pooled_marks_and_the_grid(client):
    rng = np.random.default_rng(7)
    truth = rng.choice(list("abc"), 300)
    guess = np.where(rng.random(300) < 0.7, truth, rng.choice(list("abc"), 300))
    frame = pd.DataFrame({"y": truth, "p": guess, "fold": rng.integers(1, 4, 300)})
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    view = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "multiclass",
            "label": "y",
            "prediction": "p",
            "fold": "fold",
        },
    ).json()["view"]
    pooled = phidelta.geometry.extended_triangle(
        phidelta.measures.entropy_balance(
            phidelta.ConfusionMatrix.from_labels(truth, guess, classes=["a", "b", "c"])
        )
    )
    assert_allclose(view["pooled"][1], pooled.joint[0], atol=1e-12)
    assert_allclose(view["pooled"][0], pooled.input[0], atol=1e-12)
    assert sorted(view["grid"]) == ["delta_h", "mi2", "vi"]
    assert len(view["grid"]["mi2"]) == 4


def _predictions_frame() -> pd.DataFrame:
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 240)
    p = 1 / (1 + np.exp(-(rng.normal(size=240) + 2 * y - 1)))
    q = 1 / (1 + np.exp(-(1.5 * rng.normal(size=240) + 1.5 * y - 0.7)))
    return pd.DataFrame({"y": y, "p": p, "q": q, "fold": rng.integers(1, 5, 240)})


def _same(payload: list, expected: np.ndarray) -> None:
    values = np.array([np.nan if v is None else v for v in payload], dtype=float)
    assert_allclose(values, expected, atol=1e-12, equal_nan=True)


def _refused_for_features(client, dataset, download):
    """A feature (signature) analysis of the dataset has no ``download``: 400, naming the kind."""
    signature = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "kind": "signature", "label": "y"}
    ).json()
    refused = client.get(f"/api/analyses/{signature['id']}/{download}")
    assert refused.status_code == 400
    assert refused.json()["detail"]["field"] == "kind"
    assert refused.headers["content-type"] == "application/json"


def test_classifier_view_has_the_measure_table_of_every_door_and_its_csv(client):
    """Folds, pooled, mean and std with Wilson and DeLong intervals: the library's
    Assessment.summary (what `phidelta assess` and the report print), and as CSV."""
    from phidelta.data import Roles, load_assessment

    frame = _predictions_frame()
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    created = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "classifier",
            "label": "y",
            "score": "p",
            "fold": "fold",
        },
    ).json()
    table = created["view"]["table"]
    expected = load_assessment(frame, Roles("y", score="p", fold="fold")).summary()
    assert table["index"] == ["1", "2", "3", "4", "pooled", "mean", "std"]
    assert list(table["columns"]) == list(expected)
    for name in expected:
        _same(table["columns"][name], expected[name])
    assert {"sensitivity_low", "specificity_high", "auc_low", "auc_high"} <= set(expected)
    text = client.get(f"/api/analyses/{created['id']}/assessment.csv")
    assert text.status_code == 200
    assert text.headers["content-type"].startswith("text/csv")
    read = pd.read_csv(io.StringIO(text.text), dtype={"row": str})
    assert read["row"].tolist() == expected.index
    for name in expected:
        assert_allclose(read[name], expected[name], rtol=1e-15, equal_nan=True)
    _refused_for_features(client, dataset, "assessment.csv")


def test_classifier_view_compares_two_score_columns_as_the_command_line(client):
    """compare_score: load_comparison's paired tests (McNemar, DeLong, corrected t), verdict,
    the second classifier's folds, table and ROC; both classifiers in the CSV."""
    from phidelta.data import Roles, load_comparison

    frame = _predictions_frame()
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    created = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "classifier",
            "label": "y",
            "score": "p",
            "fold": "fold",
            "compare_score": "q",
            "compare_measure": "delta",
        },
    ).json()
    assert created["params"]["compare_score"] == "q"
    assert created["params"]["compare_measure"] == "delta"
    view = created["view"]
    expected = load_comparison(
        frame,
        Roles("y", score="p", fold="fold"),
        Roles("y", score="q", fold="fold"),
        measure="delta",
    )
    cmp = view["comparison"]
    assert cmp["names"] == ["p", "q"]
    assert cmp["verdict"] == expected.verdict()
    assert [t["test"] for t in cmp["tests"]] == [
        "McNemar",
        "DeLong",
        "corrected resampled t",
        "paired difference",
    ]
    for got, want in zip(cmp["tests"], expected.summary(), strict=True):
        if want["test"] == "paired difference":  # an interval: no p-value
            assert got["pvalue"] is None
        else:
            assert got["pvalue"] == pytest.approx(want["pvalue"], rel=1e-12)
        assert got["statistic"] == pytest.approx(want["statistic"], rel=1e-12)
        assert got["detail"] == want["detail"]
    _same(cmp["table"]["columns"]["delta"], expected.b.summary()["delta"])
    _same(view["table"]["columns"]["delta"], expected.a.summary()["delta"])
    assert cmp["roc"]["auc"] == pytest.approx(expected.delong.auc_b, abs=1e-12)
    assert len(cmp["folds"]) == 4
    read = pd.read_csv(
        io.StringIO(client.get(f"/api/analyses/{created['id']}/assessment.csv").text)
    )
    assert read["classifier"].tolist() == ["p"] * 7 + ["q"] * 7
    # like with like, shown next to the comparison's controls
    mixed = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "classifier",
            "label": "y",
            "score": "p",
            "compare_prediction": "fold",
        },
    )
    assert mixed.status_code == 400
    assert mixed.json()["detail"]["field"] == "compare"
    assert "like with like" in mixed.json()["detail"]["message"]
    # without a second classifier the t-test's measure is not stored
    alone = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "classifier",
            "label": "y",
            "score": "p",
            "compare_measure": "delta",
        },
    ).json()
    assert alone["params"]["compare_measure"] is None
    assert "comparison" not in alone["view"]


def test_one_operating_point_and_every_optimum_names_its_ratio_and_costs(client):
    """threshold "optimal": the folds' cut is the library's (cost-optimal at the data's own
    N/P, equal costs) and the view says so; the ROC's optimum carries the view's ratio and
    cost ratio."""
    from phidelta.assessment import decision_threshold
    from phidelta.counts import ScoreTable
    from phidelta.measures import false_positive_rate, sensitivity

    frame = _predictions_frame()
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    created = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "classifier",
            "label": "y",
            "score": "p",
            "threshold": "optimal",
        },
    ).json()
    table = ScoreTable.from_scores(frame.y, frame.p)
    view = client.get(
        f"/api/analyses/{created['id']}/view", params={"ratio": 2, "cost_ratio": 3}
    ).json()
    point = view["operating_point"]
    assert point["rule"] == "optimal"
    assert point["threshold"] == decision_threshold(table, "optimal") == view["threshold"]
    assert point["ratio"] == view["actual_ratio"]
    assert point["cost_ratio"] == 1.0
    counts = table.counts_at(point["threshold"])
    assert point["fpr"] == pytest.approx(false_positive_rate(counts)[0], abs=1e-12)
    assert point["tpr"] == pytest.approx(sensitivity(counts)[0], abs=1e-12)
    assert (view["roc"]["optimal"]["ratio"], view["roc"]["optimal"]["cost_ratio"]) == (2, 3)
    default = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "classifier", "label": "y", "score": "p"},
    ).json()["view"]["operating_point"]
    assert (default["rule"], default["threshold"], default["ratio"]) == ("default", 0.5, None)


def test_the_page_says_when_the_default_cut_makes_every_row_positive(client):
    """Scores from 0.03 upward (pROC's aSAH s100b, a concentration): the default cut 0 lies
    below every score, and the view says so in the library's words (ThresholdWarning) for
    each classifier so cut; a threshold given, or probabilities, give no note."""
    import warnings

    from phidelta.assessment import assess
    from phidelta.exceptions import ThresholdWarning

    frame = _predictions_frame()
    frame["concentration"] = 0.03 + 2 * frame.p  # positive, beyond 1
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    base = {"dataset_id": dataset["id"], "kind": "classifier", "label": "y"}

    def view(**settings):
        response = client.post("/api/analyses", json=base | settings)
        assert response.status_code == 200, response.text
        return response.json()["view"]

    one_sided = view(score="concentration", compare_score="p")
    with pytest.warns(ThresholdWarning) as caught:
        assess(frame.y, scores=frame.concentration)
    library = str(caught[0].message).replace("give the threshold", "set the threshold field")
    assert one_sided["threshold_note"] == "concentration: " + library.replace(
        "'optimal'", "“optimal”"
    )
    point = one_sided["operating_point"]
    assert (point["fpr"], point["tpr"]) == (1.0, 1.0)  # every row predicted positive
    with warnings.catch_warnings():
        warnings.simplefilter("error", ThresholdWarning)
        assert view(score="concentration", threshold="1")["threshold_note"] is None
        assert view(score="p")["threshold_note"] is None


def test_the_summary_implies_the_positive_class_and_finds_labelled_matrices(client):
    """A column of two classes says which is positive by the package's rule (null when the
    user must choose: Female/Male); a labelled confusion matrix is named as one."""
    frame = pd.DataFrame(
        {"sex": ["Female", "Male", "Male"], "y": [0, 1, 1], "ok": ["true", "false", "true"]}
    )
    columns = {
        c["name"]: c for c in upload(client, frame.to_csv(index=False).encode()).json()["columns"]
    }
    assert columns["sex"]["positive"] is None
    assert columns["y"]["positive"] == 1
    assert columns["ok"]["positive"] is True  # read as booleans
    matrix = upload(client, b",a,b,c\na,15,0,5\nb,0,15,5\nc,0,0,20\n", "matrix.csv").json()
    assert matrix["matrix"] == {"classes": ["a", "b", "c"]}
    assert upload(client, b"y,p,q\n1,0,1\n0,1,1\n1,1,0\n").json().get("matrix") is None


def test_a_limit_names_the_server_option_that_raises_it(database):
    """413 for too many rows (or bytes) says which `phidelta serve` option raises the limit."""
    from phidelta.data import Limits

    limits = Limits(max_columns=20, max_rows=10, max_cell_bytes=1000)
    with TestClient(create_app(database, max_upload_bytes=5_000, limits=limits)) as small:
        rows = upload(small, b"y,x\n" + b"1,2\n" * 20)
        assert rows.status_code == 413
        assert rows.json()["detail"]["limit"] == "max_rows"
        assert "phidelta serve --max-rows ROWS" in rows.json()["detail"]["message"]
        big = upload(small, b"y,x\n" + b"1,2\n" * 2_000)
        assert big.status_code == 413
        assert "phidelta serve --max-upload-mb MB" in big.json()["detail"]["message"]


def test_the_file_dialog_offers_what_the_data_layer_reads(client):
    """The page's accept= is derived from the data layer's SUFFIXES (compressed text and
    spreadsheets included), with the last extension of compound ones."""
    import re

    from phidelta.web._routers.pages import accepted_suffixes

    page = client.get("/").text
    accept = re.search(r'id="file" accept="([^"]*)"', page).group(1).split(",")
    assert accept == accepted_suffixes()
    assert {".csv", ".tsv", ".parquet", ".csv.gz", ".gz", ".bz2", ".xz", ".zip", ".zst"} <= set(
        accept
    )
    assert client.get("/analyses/abc").text == page


def test_the_triangle_table_has_the_pooled_row_its_legend_shows(client):
    rng = np.random.default_rng(7)
    truth = rng.choice(list("abc"), 300)
    guess = np.where(rng.random(300) < 0.7, truth, rng.choice(list("abc"), 300))
    frame = pd.DataFrame({"y": truth, "p": guess, "fold": rng.integers(1, 4, 300)})
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    view = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "multiclass",
            "label": "y",
            "prediction": "p",
            "fold": "fold",
        },
    ).json()["view"]
    pooled = phidelta.measures.entropy_balance(
        phidelta.ConfusionMatrix.from_labels(truth, guess, classes=["a", "b", "c"])
    )
    assert_allclose(view["pooled_row"]["fractions"], pooled.joint_fractions[0], atol=1e-12)
    assert view["pooled_row"]["accuracy"] == pytest.approx(pooled.accuracy[0], abs=1e-12)


def test_missing_values_field_is_the_data_layers_and_its_report_is_shown(client):
    """missing_values ("-99, NA"): the data layer's missing_values= for every kind, stored
    with the analysis; the view reports per column what was read as missing and the markers
    kept as categories (phidelta.data.describe_missing), with the page's advice."""
    from phidelta.data import Roles, describe_missing, load_assessment, load_signature

    text = b"y,region,x,s,fold\n" + b"".join(
        f"{i % 2},{'NA' if i % 3 else 'EU'},{-99 if i % 7 == 0 else i},"
        f"{'unknown' if i % 11 == 0 else round(i % 2 * 0.6 + i / 100, 3)},{i % 3}\n".encode()
        for i in range(60)
    )
    frame = text  # the data layer reads the bytes as the server does
    dataset = upload(client, text).json()
    plain = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "kind": "signature", "label": "y"}
    ).json()
    assert "column 'region'" in plain["view"]["missing"]
    assert "kept as a category" in plain["view"]["missing"]
    assert "write NA in the “missing values” field" in plain["view"]["missing"]
    created = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "signature",
            "label": "y",
            "missing_values": "-99, NA",
        },
    ).json()
    assert created["params"]["missing_values"] == "-99, NA"
    expected = load_signature(frame, Roles("y"), missing_values=["-99", "NA"])
    assert created["view"]["missing"] == describe_missing(
        expected.missing_cells, hint="write {joined} in the “missing values” field"
    )
    assert "column 'region': 40 cells 'NA' read as missing" in created["view"]["missing"]
    scored = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "classifier",
            "label": "y",
            "score": "s",
            "fold": "fold",
            "missing_values": "unknown",
        },
    ).json()["view"]
    assessed = load_assessment(
        frame, Roles("y", score="s", fold="fold"), missing_values=["unknown"]
    )
    assert scored["rows_left_out"] == assessed.rows_left_out == 6
    assert "column 's': 6 cells 'unknown' read as missing" in scored["missing"]
    triangle = client.post(
        "/api/analyses",
        json={
            "dataset_id": dataset["id"],
            "kind": "multiclass",
            "label": "y",
            "prediction": "region",
            "missing_values": "NA",
        },
    ).json()["view"]
    assert triangle["rows_left_out"] == 40
    assert "'NA' read as missing" in triangle["missing"]


def test_suspect_columns_are_named_and_can_be_left_out(client):
    """An identifier column (a different value in every row) and a copy of the label: the
    signature view names them with the page's advice, and the "leave out columns" field (the
    library's kinds={column: 'ignore'}) drops them."""
    from phidelta.data import Roles, load_signature

    text = b"y,id,copy,x\n" + b"".join(
        f"{i % 2},car{i},{'yes' if i % 2 else 'no'},{(i * 7) % 5}\n".encode() for i in range(30)
    )
    dataset = upload(client, text).json()
    view = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "kind": "signature", "label": "y"}
    ).json()["view"]
    assert "column copy separates the classes perfectly" in view["suspect"]
    assert "column id holds a different value in every row" in view["suspect"]
    assert "write id, copy in the “leave out columns” field" in view["suspect"]
    created = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "signature", "label": "y", "ignore": "id,copy"},
    ).json()
    assert created["params"]["ignore"] == "id,copy"
    names = [f["name"] for f in created["view"]["features"]]
    expected = load_signature(text, Roles("y"), kinds={"id": "ignore", "copy": "ignore"})
    assert names == expected.names == ["x"] or sorted(names) == sorted(expected.names)
    assert not any(n.startswith(("id", "copy")) for n in names)
    assert created["view"]["suspect"] == ""
    wrong = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "signature", "label": "y", "ignore": "ID"},
    )
    assert wrong.status_code == 400
    assert wrong.json()["detail"]["field"] == "ignore"
    assert "did you mean 'id'" in wrong.json()["detail"]["message"]


def _numbers(payload: list) -> np.ndarray:
    return np.array([np.nan if v is None else v for v in payload], dtype=float)


def test_the_interval_switch_gives_the_librarys_intervals_and_bands(client):
    """Issue 29, item 5: with ?intervals=true every measure of the table has the interval of
    phidelta.inference.measure_intervals of the folds' and the pooled counts (seed 0), the ROC
    curve the bands of roc_band and the calibration plot reliability_intervals; the CSV has
    the same low/high columns; the analysis can store the switch."""
    from phidelta.counts import BinaryCounts
    from phidelta.data import Roles, load_assessment
    from phidelta.inference import measure_intervals, reliability_intervals, roc_band
    from phidelta.measures import expected_calibration_error

    frame = _predictions_frame()
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    created = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "classifier", "label": "y", "score": "p"}
        | {"fold": "fold"},
    ).json()
    assert "intervals" not in created["view"]["table"] or not created["view"]["table"]["intervals"]
    query = "intervals=true&confidence_level=0.9&n_resamples=500"
    view = client.get(f"/api/analyses/{created['id']}/view?{query}")
    assert view.status_code == 200, view.text
    view = view.json()
    assessment = load_assessment(frame, Roles("y", score="p", fold="fold"))
    counts = BinaryCounts.concat([assessment.counts, assessment.pooled()])
    names = ["accuracy", "sensitivity", "f1_score", "mcc", "phi", "delta"]
    expected = measure_intervals(
        counts, measures=names, confidence_level=0.9, n_resamples=500, random_state=0
    )
    table = view["table"]
    assert table["intervals"]["confidence_level"] == 0.9
    assert table["intervals"]["random_state"] == 0
    for name in names:
        assert table["intervals"]["methods"][name] == expected.methods[name]
        for end in ("low", "high"):
            column = _numbers(table["columns"][f"{name}_{end}"])
            assert_allclose(column[:5], getattr(expected, end)[name], rtol=1e-12, equal_nan=True)
            assert np.isnan(column[5:]).all()  # mean and std
    # the same file, the same intervals
    again = client.get(f"/api/analyses/{created['id']}/view?{query}").json()
    assert again["table"] == table
    band = roc_band(
        assessment.pooled_table(), confidence_level=0.9, n_resamples=500, random_state=0
    )
    got = view["roc"]["band"]
    assert got["method"] == band.method
    for key in ("fpr", "tpr", "low", "high", "simultaneous_low", "simultaneous_high"):
        assert_allclose(_numbers(got[key]), getattr(band, key), rtol=1e-12, equal_nan=True)
    pooled = assessment.pooled_table()
    y = np.repeat([1, 0], [int(pooled.total_positives), int(pooled.total_negatives)])
    p = np.concatenate(
        [
            np.repeat(pooled.scores, pooled.positives.astype(int)),
            np.repeat(pooled.scores, pooled.negatives.astype(int)),
        ]
    )
    bins = reliability_intervals(expected_calibration_error(y, p), confidence_level=0.9)
    for key in ("observed", "low", "high"):
        _same(view["calibration"]["reliability"][key], getattr(bins, key))
    text = client.get(f"/api/analyses/{created['id']}/assessment.csv?{query}").text
    read = pd.read_csv(io.StringIO(text), dtype={"row": str})
    for name in names:
        assert_allclose(read[f"{name}_low"][:5], expected.low[name], rtol=1e-15)
    plain = pd.read_csv(
        io.StringIO(client.get(f"/api/analyses/{created['id']}/assessment.csv").text)
    )
    assert "mcc_low" not in plain
    # stored with the analysis: its default view has the switch on
    stored = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "classifier", "label": "y", "score": "p"}
        | {"fold": "fold", "intervals": True, "confidence_level": 0.9, "n_resamples": 500},
    ).json()
    assert stored["params"]["intervals"] is True
    assert client.get(f"/api/analyses/{stored['id']}").json()["view"]["table"] == table


def test_the_feature_view_has_intervals_where_its_counts_are_integer(client):
    """Binary and nominal features get the intervals of φ, δ, sensitivity and specificity of
    measure_intervals; a numeric feature read softly gets none (and is named)."""
    from phidelta.data import Roles, load_signature
    from phidelta.inference import measure_intervals

    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 120)
    frame = pd.DataFrame(
        {
            "y": y,
            "b": np.where(rng.random(120) < 0.7, y, 1 - y),
            "c": rng.choice(["red", "green", "blue"], 120),
            "x": rng.normal(size=120) + y,
        }
    )
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    created = client.post("/api/analyses", json={"dataset_id": dataset["id"], "label": "y"}).json()
    view = client.get(f"/api/analyses/{created['id']}/view?intervals=true").json()
    sig = load_signature(frame, Roles("y"))
    cells = np.stack([sig.counts.tn, sig.counts.fp, sig.counts.fn, sig.counts.tp])
    whole = np.all(cells == np.round(cells), axis=0)
    assert view["intervals"]["soft"] == np.flatnonzero(~whole).tolist()
    assert whole.any()
    assert (~whole).any()
    names = ["phi", "delta", "sensitivity", "specificity"]
    expected = measure_intervals(sig.counts[np.flatnonzero(whole)], measures=names)
    for name in names:
        low = _numbers([f[f"{name}_low"] for f in view["features"]])
        assert_allclose(low[whole], expected.low[name], rtol=1e-12)
        assert np.isnan(low[~whole]).all()
    text = client.get(f"/api/analyses/{created['id']}/signature.csv?intervals=true").text
    read = pd.read_csv(io.StringIO(text))
    assert_allclose(read["delta_high"][whole], expected.high["delta"], rtol=1e-15)


@pytest.mark.parametrize(
    "query",
    [
        "intervals=true&confidence_level=1",
        "intervals=true&confidence_level=0",
        "intervals=true&n_resamples=5",
        "intervals=true&n_resamples=1000000",
    ],
)
def test_the_interval_switch_is_bounded(client, climate_bytes, query):
    dataset = upload(client, climate_bytes).json()
    created = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "label": "RainBool"}
    ).json()
    answer = client.get(f"/api/analyses/{created['id']}/view?{query}")
    assert answer.status_code == 422
    assert answer.json()["detail"]
    refused = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "label": "RainBool", "confidence_level": 1.5},
    )
    assert refused.status_code == 422


# --- a group column (issue 29, item 3): every interval resamples whole groups ----------------
def _grouped_frame() -> pd.DataFrame:
    """30 patients of four rows sharing a shift of their scores, two folds of whole patients,
    probabilities; a row of no patient."""
    rng = np.random.default_rng(31)
    patient = np.repeat(np.arange(30), 4)
    y = rng.integers(0, 2, 120)
    shift = rng.normal(size=30)[patient]
    p = np.round(1 / (1 + np.exp(-(2 * y - 1 + shift + rng.normal(size=120)))), 3)
    frame = pd.DataFrame(
        {
            "y": y,
            "p": p,
            "yhat": (p >= 0.5).astype(int),
            "q": np.round(1 / (1 + np.exp(-(y - 0.5 + shift + rng.normal(size=120)))), 3),
            "b": np.where(rng.random(120) < 0.7, y, 1 - y),
            "patient": [f"id{k:02d}" for k in patient],
            "fold": patient % 2,
        }
    )
    frame.loc[3, "patient"] = None  # left out, counted
    return frame


def test_a_group_column_makes_every_interval_of_the_views_resample_whole_groups(client):
    """The group role of the page (phidelta.data's Roles(group=)): the measure table's
    intervals are assessment_intervals' cluster bootstrap, the AUC's Obuchowski's, the ROC
    band roc_band's with the groups' tables, the triangle's and the features' the cluster
    bootstrap; what has no clustered form (regions, reliability bins, scoring, p-values) is
    left out and named in the view's groups note."""
    from phidelta._door_intervals import assessment_intervals, signature_intervals
    from phidelta.assessment import SUMMARY_MEASURES
    from phidelta.data import Roles, load_assessment, load_multiclass, load_signature
    from phidelta.inference import roc_band

    frame = _grouped_frame()
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    body = {"dataset_id": dataset["id"], "kind": "classifier", "label": "y", "score": "p"}
    body |= {"fold": "fold", "group": "patient"}
    created = client.post("/api/analyses", json=body)
    assert created.status_code == 200, created.text
    created = created.json()
    assert created["params"]["group"] == "patient"
    roles = Roles("y", score="p", fold="fold", group="patient")
    assessment = load_assessment(frame, roles)
    assert assessment.groups is not None
    # without the switch: the summary's rates and AUC as every door shows them (seed 0)
    plain = created["view"]
    summary = assessment.summary(random_state=0)
    for key in ("sensitivity_low", "precision_high", "auc_low", "auc_high"):
        _same(plain["table"]["columns"][key], summary[key])
    assert plain["groups"]["count"] == 30
    assert plain["groups"]["methods"]["auc"] == "obuchowski"
    assert plain["rows_left_out"] == 1
    query = "intervals=true&confidence_level=0.9&n_resamples=200&regions=true"
    view = client.get(f"/api/analyses/{created['id']}/view?{query}")
    assert view.status_code == 200, view.text
    view = view.json()
    want = assessment_intervals(
        assessment, SUMMARY_MEASURES, confidence_level=0.9, n_resamples=200, random_state=0
    )
    table = view["table"]
    assert set(table["intervals"]["methods"].values()) == {"cluster_bca"}
    for name in ("accuracy", "mcc", "delta", "sensitivity"):
        for end in ("low", "high"):
            column = _numbers(table["columns"][f"{name}_{end}"])
            assert_allclose(column[:3], getattr(want, end)[name], rtol=1e-12, equal_nan=True)
    obuchowski = assessment.summary(confidence_level=0.9, random_state=0)
    _same(table["columns"]["auc_low"], obuchowski["auc_low"])
    band = roc_band(
        assessment.pooled_table(),
        confidence_level=0.9,
        n_resamples=200,
        random_state=0,
        groups=assessment.groups.pooled_parts()[1],
    )
    assert view["roc"]["band"]["method"] == band.method
    assert band.method.startswith("cluster bootstrap over 30 groups")
    for key in ("low", "high", "simultaneous_low", "simultaneous_high"):
        assert_allclose(_numbers(view["roc"]["band"][key]), getattr(band, key), rtol=1e-12)
    # no clustered form: left out, and said
    assert view.get("regions") is None
    assert view["calibration"]["reliability"] is None
    assert view.get("scoring") is None
    groups = view["groups"]
    assert groups["left_out"] == ["regions", "reliability", "scoring"]
    assert groups["methods"]["measures"] == "cluster_bca"
    assert groups["methods"]["roc_band"] == band.method
    assert groups["text"].startswith("30 groups (patient): every interval resamples whole groups")
    text = client.get(f"/api/analyses/{created['id']}/assessment.csv?{query}").text
    read = pd.read_csv(io.StringIO(text), dtype={"row": str})
    assert_allclose(read["mcc_low"][:3], want.low["mcc"], rtol=1e-15)

    # a second classifier: clustered McNemar, Obuchowski's DeLong, its own clustered table
    compared = client.post("/api/analyses", json=body | {"compare_score": "q"}).json()
    cmp = client.get(f"/api/analyses/{compared['id']}/view?{query}").json()
    tests = {t["test"]: t for t in cmp["comparison"]["tests"]}
    assert "durkalski" in tests["McNemar"]["detail"]
    assert cmp["groups"]["methods"]["mcnemar"] == "durkalski"
    assert set(cmp["comparison"]["table"]["intervals"]["methods"].values()) == {"cluster_bca"}

    # the triangle of the predictions and the features' signature
    multi = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "multiclass", "label": "y"}
        | {"prediction": "yhat", "fold": "fold", "group": "patient"},
    ).json()
    shown = client.get(f"/api/analyses/{multi['id']}/view?{query}").json()
    loaded = load_multiclass(frame, Roles("y", prediction="yhat", fold="fold", group="patient"))
    triangle = loaded.intervals(confidence_level=0.9, n_resamples=200, random_state=0)
    assert shown["intervals"]["method"] == "cluster_bca"
    _same(shown["intervals"]["mutual_information_low"], triangle.low["mutual_information"][:2])
    _same([shown["intervals"]["pooled"]["accuracy_high"]], triangle.high["accuracy"][2:])
    assert shown["groups"]["methods"] == {"triangle": "cluster_bca"}
    sig = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "signature", "label": "y"}
        | {"group": "patient", "ignore": "fold, p, q, yhat"},
    ).json()
    features = client.get(f"/api/analyses/{sig['id']}/view?{query}&significance=true").json()
    assert [f["name"] for f in features["features"]] == ["b"]  # the group is no feature
    bounds, methods, _ = signature_intervals(
        load_signature(
            frame,
            Roles("y", group="patient"),
            kinds=dict.fromkeys(["fold", "p", "q", "yhat"], "ignore"),
        ),
        confidence_level=0.9,
        n_resamples=200,
        random_state=0,
    )
    assert features["features"][0]["delta_low"] == pytest.approx(bounds["delta"][0][0], rel=1e-12)
    assert features["intervals"]["methods"]["delta"] == methods["delta"] == "cluster_bca"
    assert features.get("significance") is None
    assert features["groups"]["left_out"] == ["significance"]
    refused = client.get(f"/api/analyses/{sig['id']}/signature.csv?significance=true")
    assert refused.status_code == 400
    assert refused.json()["detail"]["field"] == "group"


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"kind": "classifier", "score": "p", "group": "visit"}, "Column 'visit' (group)"),
        ({"kind": "signature", "group": "visit"}, "Column 'visit' (group)"),
        ({"kind": "multiclass", "prediction": "yhat", "group": "visit"}, "Column 'visit'"),
        ({"kind": "classifier", "score": "p", "group": "one"}, "holds a single group"),
        ({"kind": "signature", "group": "one"}, "holds a single group"),
        ({"kind": "multiclass", "prediction": "yhat", "group": "one"}, "holds a single group"),
        ({"kind": "multiclass", "matrix": True, "group": "patient"}, "no group column"),
    ],
)
def test_a_bad_group_column_is_a_400_naming_the_group_field(client, payload, message):
    frame = _grouped_frame().assign(one="p")
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    answer = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "label": "y", **payload}
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["detail"]["field"] == "group"
    assert message in answer.json()["detail"]["message"]
    assert client.get("/api/analyses").json() == []  # nothing stored


def _scores_p_against_q(client, frame):
    """``frame`` uploaded, and the analysis of its scores p (folds: fold) against q."""
    dataset = upload(client, frame.to_csv(index=False).encode()).json()
    created = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "classifier", "label": "y", "score": "p"}
        | {"fold": "fold", "compare_score": "q"},
    )
    assert created.status_code == 200, created.text
    return dataset, created.json()


def _predictions_yhat(client, dataset):
    """The analysis of the dataset's predictions yhat alone (no scores, so no ROC curve)."""
    created = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "classifier", "label": "y"}
        | {"prediction": "yhat"},
    )
    assert created.status_code == 200, created.text
    return created.json()


def _within_segments(x, y, kept, tolerance):
    """Whether every vertex of the polyline (x, y) lies within ``tolerance`` of the segment
    between the two kept vertices spanning it (the contract of
    phidelta.geometry.thin_polyline), and the largest such distance."""
    worst = 0.0
    for first, last in itertools.pairwise(kept):
        px, py = x[first : last + 1] - x[first], y[first : last + 1] - y[first]
        dx, dy = x[last] - x[first], y[last] - y[first]
        length2 = dx * dx + dy * dy
        t = np.clip((px * dx + py * dy) / length2, 0, 1) if length2 > 0 else np.zeros_like(px)
        worst = max(worst, float(np.hypot(px - t * dx, py - t * dy).max()))
    return worst <= tolerance, worst


@pytest.fixture
def roomy_client(database):
    """A client of a server that takes uploads of up to 1 MB."""
    with TestClient(create_app(database, max_upload_bytes=1_000_000)) as client:
        yield client


def test_the_views_roc_curves_are_thinned_and_the_csv_has_every_vertex(roomy_client):
    """A view's ROC curves are the full curves thinned as the figures draw them: far fewer
    vertices, every vertex exact and every dropped one within the drawing tolerance of the
    kept segment spanning it; the AUC and the number of vertices are the full curve's. The
    roc.csv download has every vertex of phidelta.measures.roc_curve, every digit."""
    from phidelta.geometry import DRAWING_TOLERANCE

    client = roomy_client
    rng = np.random.default_rng(11)
    n = 10_000  # 5,000 per class: the curve's steps are within the drawing tolerance
    y = rng.integers(0, 2, n)
    p = np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 1.5 * y - 0.7))), 7)
    q = np.round(rng.normal(size=n) + y, 6)
    frame = pd.DataFrame({"y": y, "p": p, "q": q, "fold": rng.integers(1, 4, n)})
    frame["yhat"] = (p >= 0.5).astype(int)
    dataset, created = _scores_p_against_q(client, frame)
    view = client.get(f"/api/analyses/{created['id']}/view?ratio=2").json()
    curves = {}
    for name, sent, scores in (("p", view["roc"], p), ("q", view["comparison"]["roc"], q)):
        table = phidelta.ScoreTable.from_scores(y, scores, pos_label=1)
        curve = phidelta.measures.roc_curve(table)
        curves[name] = curve
        assert len(curve.fpr) > 9000
        assert sent["points"] == len(curve.fpr)
        assert len(sent["fpr"]) < len(curve.fpr) / 20
        assert sent["auc"] == pytest.approx(phidelta.measures.auc(table), rel=1e-12)
        # the kept vertices are the curve's own, in order, its ends among them
        vertices = list(zip(curve.fpr.tolist(), curve.tpr.tolist(), strict=True))
        kept, at = [], 0
        for point in zip(sent["fpr"], sent["tpr"], strict=True):
            at = vertices.index(point, at)
            kept.append(at)
        assert kept[0] == 0
        assert kept[-1] == len(vertices) - 1
        ok, worst = _within_segments(curve.fpr, curve.tpr, kept, DRAWING_TOLERANCE + 1e-12)
        assert ok, worst
    # every vertex of both curves, as the library computes them
    answer = client.get(f"/api/analyses/{created['id']}/roc.csv")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/csv")
    assert "roc-" in answer.headers["content-disposition"]
    head, *rows = csv.reader(io.StringIO(answer.text))
    assert head == ["classifier", "threshold", "fpr", "tpr"]
    assert [row[0] for row in rows] == ["p"] * len(curves["p"].fpr) + ["q"] * len(curves["q"].fpr)
    for name, curve in curves.items():
        read = np.array([[float(v) for v in row[1:]] for row in rows if row[0] == name])
        np.testing.assert_array_equal(read, np.c_[curve.thresholds, curve.fpr, curve.tpr])
    # no ROC curve: a feature analysis, and a classifier of predictions only
    _refused_for_features(client, dataset, "roc.csv")
    predictions = _predictions_yhat(client, dataset)
    refused = client.get(f"/api/analyses/{predictions['id']}/roc.csv")
    assert refused.status_code == 400
    assert refused.json()["detail"]["field"] == "score"
    assert "no score column" in refused.json()["detail"]["message"]
    assert client.get("/api/analyses/nope/roc.csv").status_code == 404


def test_the_classifier_view_draws_jirinas_threshold_dependence(client):
    """With scores the view has the threshold scan of the first classifier's pooled scores
    (Jiřina 2005, Figs. 2-3): the figure phidelta.rendering.plotly.threshold_scan_figure makes
    of the library's table, its minimum classification error the library's; predictions alone
    have none."""
    from phidelta.data import Roles, load_assessment
    from phidelta.measures import threshold_scan
    from phidelta.rendering.plotly import threshold_scan_figure
    from phidelta.web._views import THRESHOLD_SCAN_MEASURES

    frame = _predictions_frame()
    frame["yhat"] = (frame["p"] >= 0.5).astype(int)
    dataset, created = _scores_p_against_q(client, frame)
    sent = created["view"]["figures"]["threshold_scan"]
    table = load_assessment(frame, Roles("y", score="p", fold="fold")).pooled_table()
    assert table == phidelta.ScoreTable.from_scores(frame["y"], frame["p"], pos_label=1)
    expected = threshold_scan_figure(
        table, measures=THRESHOLD_SCAN_MEASURES, title_text="p: threshold dependence"
    )
    assert json.loads(json.dumps(expected)) == sent
    # the library's numbers: Ce, Se and Be at every finite threshold, the minimum marked
    scan = threshold_scan(table, list(THRESHOLD_SCAN_MEASURES))
    traces = {t["name"]: t for t in sent["data"]}
    assert_allclose(traces["classification error"]["x"], scan.index[1:], rtol=1e-15)
    for name in THRESHOLD_SCAN_MEASURES:
        assert_allclose(traces[name.replace("_", " ")]["y"], scan[name][1:], rtol=1e-15)
    best = next(t for t in sent["data"] if t["name"].startswith("minimum Ce"))
    assert best["y"] == [pytest.approx(np.min(scan["classification_error"][1:]), rel=1e-15)]
    # the ratio slider does not change it
    again = client.get(f"/api/analyses/{created['id']}/view?ratio=3").json()
    assert again["figures"]["threshold_scan"] == sent
    predictions = _predictions_yhat(client, dataset)
    assert predictions["view"]["figures"].get("threshold_scan") is None

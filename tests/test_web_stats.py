"""How sure is a point, in the web API: the classifier view's confidence regions and the
signature view's p-values (the library's default test) and Benjamini–Hochberg q-values
(toggles, off by default)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from numpy.testing import assert_allclose

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
pd = pytest.importorskip("pandas")
stats = pytest.importorskip("scipy.stats")

from fastapi.testclient import TestClient  # noqa: E402

import phidelta  # noqa: E402
from phidelta.inference import phi_delta_region  # noqa: E402
from phidelta.web import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    database = tmp_path_factory.mktemp("stats") / "web.sqlite3"
    with TestClient(create_app(database, workers=1)) as client:
        yield client


def _upload(client, frame) -> str:
    content = frame.to_csv(index=False).encode()
    files = {"file": ("d.csv", io.BytesIO(content), "text/csv")}
    answer = client.post("/api/datasets", files=files)
    assert answer.status_code == 200, answer.text
    return answer.json()["id"]


def _create(client, **request) -> dict:
    answer = client.post("/api/analyses", json=request)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.fixture(scope="module")
def assessment(client):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 400)
    yhat = np.where(rng.random(400) < 0.8, y, 1 - y)
    fold = rng.integers(1, 6, 400)
    fold[:3] = 9  # a fold of three rows, perhaps without positives or negatives
    frame = pd.DataFrame({"y": y, "yhat": yhat, "fold": fold})
    dataset = _upload(client, frame)
    created = _create(
        client, dataset_id=dataset, kind="classifier", label="y", prediction="yhat", fold="fold"
    )
    return created, frame


def _counts(folds: list[dict]) -> phidelta.BinaryCounts:
    return phidelta.BinaryCounts(
        **{cell: [int(f[cell]) for f in folds] for cell in ("tn", "fp", "fn", "tp")}
    )


@pytest.mark.parametrize("ratio", [1.0, 2.5, 0.3])
def test_regions_are_the_librarys_regions_at_the_views_ratio(client, assessment, ratio):
    created, _ = assessment
    assert "regions" not in created["view"] or created["view"]["regions"] is None  # off
    view = client.get(
        f"/api/analyses/{created['id']}/view", params={"ratio": ratio, "regions": "true"}
    ).json()
    counts = _counts(view["folds"])
    expected = phi_delta_region(counts, confidence_level=0.95, method="exact", ratio=ratio)
    regions = view["regions"]
    assert regions["level"] == 0.95
    assert regions["method"] == "exact"
    assert len(regions["folds"]) == len(view["folds"]) == 6
    for region, polygon in zip(regions["folds"], expected.polygons, strict=True):
        if np.isnan(polygon).any():
            assert region is None
        else:
            assert_allclose(region["phi"], polygon[:, 0], atol=1e-12)
            assert_allclose(region["delta"], polygon[:, 1], atol=1e-12)
    pooled = phi_delta_region(counts.sum(), confidence_level=0.95, method="exact", ratio=ratio)
    assert_allclose(regions["pooled"]["phi"], pooled.polygons[0, :, 0], atol=1e-12)
    assert_allclose(regions["pooled"]["delta"], pooled.polygons[0, :, 1], atol=1e-12)
    point = regions["pooled_point"]
    expected_point = phidelta.measures.phi_delta(counts.sum(), ratio=ratio)
    assert point["phi"] == pytest.approx(expected_point.phi[0], abs=1e-12)
    assert pooled.contains(point["phi"], point["delta"])[0]


def test_a_fold_without_negatives_has_no_region(client):
    frame = pd.DataFrame(
        {"y": [1, 1, 1, 0, 1, 0, 1, 0], "yhat": [1, 0, 1, 0, 1, 1, 0, 0], "f": [1, 1, 1] + [2] * 5}
    )
    created = _create(
        client,
        dataset_id=_upload(client, frame),
        kind="classifier",
        label="y",
        prediction="yhat",
        fold="f",
    )
    view = client.get(f"/api/analyses/{created['id']}/view?regions=true").json()
    assert view["regions"]["folds"][0] is None  # fold 1: positives only
    assert len(view["regions"]["folds"][1]["phi"]) == 4


def test_the_regions_follow_the_interval_switchs_level(client):
    """One switch for every interval: with the intervals on at 90% the joint regions are the
    90% ones (the library's, at the view's ratio), at 95% otherwise; the figure names it."""
    from phidelta.counts import BinaryCounts
    from phidelta.inference import phi_delta_region

    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 300)
    frame = pd.DataFrame({"y": y, "yhat": np.where(rng.random(300) < 0.8, y, 1 - y)})
    created = _create(
        client, dataset_id=_upload(client, frame), kind="classifier", label="y", prediction="yhat"
    )
    url = f"/api/analyses/{created['id']}/view?regions=true&ratio=2"
    plain = client.get(url).json()
    at_90 = client.get(url + "&intervals=true&confidence_level=0.9&n_resamples=200").json()
    assert (plain["regions"]["level"], at_90["regions"]["level"]) == (0.95, 0.9)
    counts = BinaryCounts.from_labels(frame.y, frame.yhat, pos_label=1)
    corners = phi_delta_region(counts, ratio=2, confidence_level=0.9).polygons[0]
    np.testing.assert_allclose(at_90["regions"]["pooled"]["phi"], corners[:, 0], rtol=1e-12)
    np.testing.assert_allclose(at_90["regions"]["pooled"]["delta"], corners[:, 1], rtol=1e-12)
    names = [t.get("name", "") for t in at_90["figures"]["plot"]["data"]]
    assert any("90%" in n for n in names)
    assert not any("95%" in n for n in names)


@pytest.fixture(scope="module")
def features(client):
    """Binary and nominal features (integer counts, tested) and a soft numeric one (not)."""
    rng = np.random.default_rng(11)
    n = 240
    y = rng.integers(0, 2, n)
    frame = pd.DataFrame(
        {
            "y": y,
            "strong": np.where(rng.random(n) < 0.85, y, 1 - y),
            "weak": np.where(rng.random(n) < 0.6, y, 1 - y),
            "noise": rng.integers(0, 2, n),
            "colour": rng.choice(["red", "green", "<b>blue</b>"], n),
            "level": rng.normal(size=n) + y,
        }
    )
    dataset = _upload(client, frame)
    created = _create(client, dataset_id=dataset, kind="signature", label="y", positive="1")
    return created, frame


def _table(frame, name: str) -> list[list[int]]:
    """The 2×2 table [[TP, FN], [FP, TN]] of a binary feature or of one value of a nominal
    one (``colour(red)``), counted from the data."""
    if name.endswith(")"):
        column, value = name[:-1].split("(", 1)
        present = (frame[column] == value).to_numpy()
    else:
        present = frame[name].to_numpy() == 1
    positive = frame["y"].to_numpy() == 1
    return [
        [int((present & positive).sum()), int((~present & positive).sum())],
        [int((present & ~positive).sum()), int((~present & ~positive).sum())],
    ]


def _significance(client, created, fdr=0.05) -> tuple[dict, np.ndarray, np.ndarray]:
    view = client.get(
        f"/api/analyses/{created['id']}/view", params={"significance": "true", "fdr": fdr}
    ).json()
    rows = view["features"]
    p = np.array([np.nan if f["pvalue"] is None else f["pvalue"] for f in rows])
    q = np.array([np.nan if f["qvalue"] is None else f["qvalue"] for f in rows])
    return view, p, q


def test_significance_is_the_librarys_default_test_and_benjamini_hochberg(client, features):
    from phidelta.data import Roles, load_signature

    created, frame = features
    assert created["view"].get("significance") is None  # off by default
    assert all(f.get("pvalue") is None for f in created["view"]["features"])
    view, p, q = _significance(client, created)
    # a soft numeric feature among them: the permutation test, as the CLI and report run it
    expected = load_signature(frame, Roles("y", positive="1"))
    assert expected.default_test() == "permutation"
    order = [expected.names.index(f["name"]) for f in view["features"]]
    assert_allclose(p, expected.pvalues("auto")[order], rtol=1e-15)
    assert_allclose(q, stats.false_discovery_control(p), rtol=1e-12)
    significance = view["significance"]
    assert (significance["method"], significance["permutations"]) == ("permutation", 1000)
    assert significance["tested"] == len(p)
    assert significance["significant"] == [int(i) for i in np.flatnonzero(q <= 0.05)]
    names = [view["features"][i]["name"] for i in significance["significant"]]
    assert {"strong", "level"} <= set(names)
    assert "noise" not in names
    # another rate marks more (or as many) features
    looser = client.get(
        f"/api/analyses/{created['id']}/view", params={"significance": "true", "fdr": 0.5}
    ).json()["significance"]
    assert set(significance["significant"]) <= set(looser["significant"])
    assert looser["fdr"] == 0.5
    assert significance["optimistic"] == []  # every cut was searched again


def test_binary_and_nominal_features_get_fishers_exact_test(client, features):
    _, frame = features
    dataset = _upload(client, frame.drop(columns="level"))
    created = _create(client, dataset_id=dataset, kind="signature", label="y", positive="1")
    view, p, q = _significance(client, created)
    assert view["significance"]["method"] == "fisher"
    assert view["significance"]["permutations"] is None
    for row, value in zip(view["features"], p, strict=True):  # each 2×2 table's exact test
        assert value == pytest.approx(
            stats.fisher_exact(_table(frame, row["name"])).pvalue, rel=1e-10
        )
    assert_allclose(q, stats.false_discovery_control(p), rtol=1e-12)


def test_features_cut_on_the_data_are_tested_with_the_cut_searched_again(client, features):
    created, _ = features
    threshold = _create(
        client,
        dataset_id=created["dataset_id"],
        kind="signature",
        label="y",
        positive="1",
        numeric="threshold",
    )
    view = client.get(f"/api/analyses/{threshold['id']}/view?significance=true").json()
    names = [f["name"] for f in view["features"]]
    assert view["significance"]["method"] == "permutation"
    assert view["significance"]["tested"] == len(names)
    assert view["significance"]["optimistic"] == []


def test_significance_in_the_csv_download(client, features):
    created, _ = features
    url = f"/api/analyses/{created['id']}/signature.csv"
    plain = pd.read_csv(io.StringIO(client.get(url).text))
    assert "pvalue" not in plain.columns
    answer = client.get(url, params={"significance": "true"})
    assert answer.status_code == 200
    table = pd.read_csv(io.StringIO(answer.text), keep_default_na=False, na_values=[""])
    view = client.get(f"/api/analyses/{created['id']}/view", params={"significance": "true"}).json()
    by_name = {f["name"]: f for f in view["features"]}
    assert list(table.columns[:-2]) == list(plain.columns)
    for _, row in table.iterrows():
        expected = by_name[row["name"]]
        for column in ("pvalue", "qvalue"):
            if expected[column] is None:
                assert np.isnan(row[column])  # an empty cell, not "nan"
            else:
                assert row[column] == pytest.approx(expected[column], rel=1e-15)
    assert "<b>blue</b>" in set(table["name"].str.slice(7, -1))  # names as data, unchanged
    assert ",nan," not in answer.text


@pytest.mark.parametrize("fdr", ["0", "1", "-0.1", "x"])
def test_a_bad_false_discovery_rate_is_refused(client, features, fdr):
    created, _ = features
    answer = client.get(
        f"/api/analyses/{created['id']}/view", params={"significance": "true", "fdr": fdr}
    )
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["query", "fdr"]


def test_the_toggles_are_described_in_the_openapi_document(client):
    document = client.get("/openapi.json").json()
    view = document["paths"]["/api/analyses/{analysis_id}/view"]["get"]
    names = {p["name"]: p for p in view["parameters"]}
    assert {"regions", "significance", "fdr"} <= set(names)
    assert names["regions"]["schema"]["default"] is False
    assert names["fdr"]["schema"]["exclusiveMinimum"] == 0
    assert {"400", "404", "422", "503"} <= set(view["responses"])
    schemas = document["components"]["schemas"]
    assert "regions" in schemas["ClassifierView"]["properties"]
    assert "pvalue" in schemas["Feature"]["properties"]
    download = document["paths"]["/api/analyses/{analysis_id}/signature.csv"]["get"]
    assert "significance" in {p["name"] for p in download["parameters"]}

"""Property-based test of the API against its own OpenAPI description, with every check of
schemathesis (``--checks all``): no 5xx, every status and every body as declared, schema-valid
requests accepted, invalid ones refused, 405 with an Allow header."""

from __future__ import annotations

import tempfile

import pytest

schemathesis = pytest.importorskip("schemathesis")
pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.config import SchemathesisConfig  # noqa: E402

from phidelta.web import create_app  # noqa: E402

# Any bytes are a schema-valid file, so an upload may be refused with 400 (not a table) or
# 413 (beyond a limit) although its request matches the schema; and the pinned analysis is a
# signature, whose measure table and ROC curve of a classifier are refused with 400 (the kind):
# the declared exceptions.
CONFIG_DICT = {
    "operations": [
        {
            "include-name": "POST /api/datasets",
            "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "413"]}},
        },
        *(
            {
                "include-name": f"GET /api/analyses/{{analysis_id}}/{name}.csv",
                "checks": {
                    "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "404"]}
                },
            }
            for name in ("assessment", "roc")
        ),
    ]
}
CONFIG = SchemathesisConfig.from_dict(CONFIG_DICT)


def _app():
    app = create_app(f"{tempfile.mkdtemp()}/schema.sqlite3", max_upload_bytes=100_000, workers=1)
    client = TestClient(app)
    dataset = client.post("/api/examples/climate").json()
    analysis = client.post(
        "/api/analyses", json={"dataset_id": dataset["id"], "label": "RainBool"}
    ).json()
    return app, {"dataset_id": dataset["id"], "analysis_id": analysis["id"]}


APP, IDS = _app()
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=CONFIG)
# the same operations on a stored dataset and analysis (their views against the models)
pinned = schemathesis.openapi.from_asgi(
    "/openapi.json", APP, config=SchemathesisConfig.from_dict({"parameters": IDS, **CONFIG_DICT})
).exclude(method="DELETE")


def test_every_error_answer_is_declared():
    """400 (a Host it does not serve) everywhere, 403 on writes, 404 for ids, 413 and 507 where
    data is stored, 503 where the database or a worker is used, all with the error model."""
    paths = schema.raw_schema["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            declared = set(operation["responses"])
            where = (method, path, sorted(declared))
            assert {"200", "400"} <= declared, where
            if path != "/api/examples":
                assert "503" in declared, where
            if "_id}" in path:
                assert "404" in declared, where
            if method in ("post", "delete"):
                assert "403" in declared, where
            if method == "post" and path.startswith(("/api/datasets", "/api/examples")):
                assert {"413", "507"} <= declared or "examples" in path, where
                assert "507" in declared, where
            for status in declared - {"200", "422"}:
                content = operation["responses"][status]["content"]["application/json"]
                assert content["schema"] == {"$ref": "#/components/schemas/ErrorResponse"}


@schema.parametrize()
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case):
    case.call_and_validate()  # every built-in check


@pinned.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_stored_resources_conform_to_the_schema(case):
    case.call_and_validate()


def test_routers_per_resource_and_choices_as_enums():
    """Issue item 9: the API is routers per resource with Enums for its choices."""
    raw = schema.raw_schema
    tags = {
        path: {tag for operation in operations.values() for tag in operation.get("tags", [])}
        for path, operations in raw["paths"].items()
    }
    assert tags["/api/datasets/{dataset_id}"] == {"datasets"}
    assert tags["/api/analyses/{analysis_id}/view"] == {"analyses"}
    assert tags["/api/examples/{name}"] == {"examples"}
    components = raw["components"]["schemas"]
    assert components["AnalysisKind"]["enum"] == ["signature", "classifier", "multiclass"]
    assert set(components["Ranking"]["enum"]) == {"delta", "corner", "phi", "information_gain"}
    assert components["Numeric"]["enum"] == ["soft", "threshold"]
    assert components["ExampleName"]["enum"] == ["climate"]
    view = raw["paths"]["/api/analyses/{analysis_id}/view"]["get"]["responses"]["200"]
    assert set(view["content"]["application/json"]["schema"]["discriminator"]["mapping"]) == {
        "signature",
        "classifier",
        "multiclass",
    }

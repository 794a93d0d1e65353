"""Property-based test of the API against its own OpenAPI schema: no input gives a 5xx."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")
pytest.importorskip("fastapi")

from hypothesis import HealthCheck, settings  # noqa: E402

from phidelta.web import create_app  # noqa: E402


def _app(tmp_dir: str):
    app = create_app(f"{tmp_dir}/schema.sqlite3", max_upload_bytes=100_000)
    from fastapi.testclient import TestClient

    client = TestClient(app)
    dataset = client.post("/api/examples/climate").json()
    client.post("/api/analyses", json={"dataset_id": dataset["id"], "label": "RainBool"})
    return app


import tempfile  # noqa: E402

schema = schemathesis.openapi.from_asgi("/openapi.json", _app(tempfile.mkdtemp()))


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:300])

"""Safe by default: trusted hosts, same-origin writes, body limits, protective headers."""

from __future__ import annotations

import io

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from phidelta.web import create_app
from phidelta.web._security import host_name


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "s.sqlite3", workers=1)) as client:
        yield client


def test_only_trusted_hosts_are_answered(tmp_path):
    """A page of evil.example that rebinds its name to 127.0.0.1 sends Host: evil.example."""
    app = create_app(tmp_path / "h.sqlite3", workers=1, allowed_hosts=["127.0.0.1", "::1"])
    with TestClient(app, base_url="http://127.0.0.1:8765") as client:
        assert client.get("/api/datasets").status_code == 200
        assert client.get("/api/datasets", headers={"host": "[::1]:8765"}).status_code == 200
        for host in ("evil.example", "evil.example:8765", "127.0.0.1.evil.example", ""):
            answer = client.get("/api/datasets", headers={"host": host})
            assert answer.status_code == 400, host
            assert "does not answer to the host" in answer.json()["detail"]["message"]
        assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_the_default_hosts_are_local_and_any_can_be_allowed(tmp_path):
    with TestClient(create_app(tmp_path / "a.sqlite3", workers=1)) as client:
        for host in ("localhost:8765", "127.0.0.1", "[::1]:80", "testserver"):
            assert client.get("/api/examples", headers={"host": host}).status_code == 200
        assert client.get("/api/examples", headers={"host": "example.org"}).status_code == 400
    app = create_app(tmp_path / "b.sqlite3", workers=1, allowed_hosts=["*"])
    with TestClient(app) as client:
        assert client.get("/api/examples", headers={"host": "example.org"}).status_code == 200


def test_host_names_without_ports():
    assert host_name("LocalHost:8765") == "localhost"
    assert host_name("[::1]:8765") == "::1"
    assert host_name("::1") == "::1"
    assert host_name("example.org") == "example.org"


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example"},
        {"origin": "null"},
        {"referer": "http://evil.example/page.html"},
        {"origin": "http://testserver.evil.example"},
        {"origin": "http://testserver:9999"},  # another port: another origin
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site", "origin": "http://testserver"},
    ],
)
def test_a_form_of_another_site_cannot_change_data(client, headers):
    """A plain HTML form POST (no JSON, no preflight) from another site is refused."""
    form = {"content-type": "application/x-www-form-urlencoded", **headers}
    answer = client.post("/api/examples/climate", headers=form, content=b"x=1")
    assert answer.status_code == 403
    assert "another site" in answer.json()["detail"]["message"]
    upload = client.post(
        "/api/datasets", headers=headers, files={"file": ("a.csv", io.BytesIO(b"y\n1\n"))}
    )
    assert upload.status_code == 403
    assert client.get("/api/datasets").json() == []
    dataset = client.post("/api/examples/climate").json()  # a program: no browser headers
    assert client.delete(f"/api/datasets/{dataset['id']}", headers=headers).status_code == 403
    assert len(client.get("/api/datasets").json()) == 1


def test_the_page_itself_and_programs_may_change_data(client):
    same = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post("/api/examples/climate", headers=same).status_code == 200
    referer = {"referer": "http://testserver/analyses/abc"}
    assert client.post("/api/examples/climate", headers=referer).status_code == 200
    dataset = client.post("/api/examples/climate").json()
    body = {"dataset_id": dataset["id"], "label": "RainBool"}
    assert client.post("/api/analyses", json=body).status_code == 200
    assert client.delete(f"/api/datasets/{dataset['id']}", headers=same).status_code == 200
    # reading is never refused: a cross-site GET cannot read the answer (no CORS headers)
    answer = client.get("/api/datasets", headers={"origin": "http://evil.example"})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers


def test_protective_headers_on_pages_answers_and_errors(client):
    for path in ("/", "/api/datasets", "/static/app.js", "/api/analyses/nope"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self';" in policy, path
        assert "style-src 'self' 'unsafe-inline'" in policy
        assert "frame-ancestors 'none'" in policy
        assert "object-src 'none'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "same-origin"
    refused = client.get("/api/datasets", headers={"host": "evil.example"})
    assert refused.headers["x-content-type-options"] == "nosniff"


def test_request_bodies_are_bounded(client):
    big = b'{"dataset_id": "' + b"x" * (2 * 2**20) + b'"}'
    answer = client.post("/api/analyses", content=big, headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert answer.json()["detail"]["limit"] == "body"

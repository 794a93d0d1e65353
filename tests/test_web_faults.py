"""Faults answered with a 4xx (or 507) and a message, never a bare 500, and never leaving a
half-stored dataset behind; a bad database or a busy port stops ``phidelta serve`` with one
line before it prints its address."""

from __future__ import annotations

import io
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("fastapi")
pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from fastapi.testclient import TestClient  # noqa: E402

from phidelta.web import Store, StoreError, _tasks, create_app  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "f.sqlite3", workers=1)) as client:
        yield client


def _upload(client, content: bytes, name: str = "data.csv"):
    return client.post("/api/datasets", files={"file": (name, io.BytesIO(content), "text/csv")})


def _parquet(table) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    return buffer.getvalue()


def test_multiclass_with_missing_labels_and_predictions_leaves_the_rows_out(client):
    frame = pd.DataFrame(
        {
            "y": ["a", "b", "c", None, "a", "b", "c", "a"],
            "p": ["a", "b", "b", "a", None, "b", "c", np.nan],
        }
    )
    dataset = _upload(client, frame.to_csv(index=False).encode()).json()
    answer = client.post(
        "/api/analyses",
        json={"dataset_id": dataset["id"], "kind": "multiclass", "label": "y", "prediction": "p"},
    )
    assert answer.status_code == 200, answer.text
    view = answer.json()["view"]
    assert view["rows_left_out"] == 3
    assert view["accuracy"] == [pytest.approx(4 / 5)]


@pytest.mark.parametrize(
    ("column", "message"),
    [
        (pa.array([[1, 2], [3], [], [4]]), "holds list<"),
        (pa.array([{"a": 1}, {"a": 2}, {"a": 3}, {"a": 4}]), "holds struct<a: int64> values"),
        (pa.array([{"k": 1}, {}, {"k": 2}, {}], type=pa.map_(pa.string(), pa.int64())), "map<"),
        (pa.array([b"\xff\xfe", b"ok", b"\x80", b"x"], type=pa.binary()), "not UTF-8"),
    ],
    ids=["list", "struct", "map", "binary"],
)
def test_parquet_columns_that_cannot_be_analysed_are_refused_and_not_stored(
    client, column, message
):
    content = _parquet(pa.table({"y": [0, 1, 0, 1], "c": column}))
    answer = _upload(client, content, "bad.parquet")
    assert answer.status_code == 400, answer.text
    assert answer.json()["detail"]["field"] == "file"
    assert message in answer.json()["detail"]["message"]
    assert client.get("/api/datasets").json() == []  # no orphan row


def test_a_utf8_binary_column_is_read_as_text(client):
    content = _parquet(pa.table({"y": [0, 1, 0, 1], "c": pa.array([b"u", b"v", b"u", b"w"])}))
    answer = _upload(client, content, "ok.parquet")
    assert answer.status_code == 200, answer.text
    assert answer.json()["columns"][1]["values"] == ["u", "v", "w"]


def test_a_full_database_answers_507_and_deleting_frees_space(tmp_path):
    """Issue item 4: 'database or disk is full' (here: a size cap, as a full disk does)."""
    app = create_app(tmp_path / "full.sqlite3", workers=1, max_database_bytes=400_000)
    content = pd.DataFrame({"y": [0, 1] * 5_000, "x": np.arange(10_000)}).to_csv().encode()
    with TestClient(app) as client:
        stored = []
        for _ in range(10):
            answer = _upload(client, content)
            if answer.status_code != 200:
                break
            stored.append(answer.json()["id"])
        assert answer.status_code == 507, answer.text
        assert "database is full" in answer.json()["detail"]["message"]
        assert stored
        assert len(client.get("/api/datasets").json()) == len(stored)
        assert client.get(f"/api/datasets/{stored[0]}").status_code == 200  # reads go on
        assert client.delete(f"/api/datasets/{stored[0]}").status_code == 200
        assert _upload(client, content).status_code == 200  # the space is used again


def test_a_delete_on_a_full_disk_answers_507(tmp_path, monkeypatch):
    with TestClient(create_app(tmp_path / "d.sqlite3", workers=1)) as client:
        dataset = _upload(client, b"y,x\n1,2\n0,3\n").json()

        def full(self, key):
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(Store, "delete_dataset", full)
        answer = client.delete(f"/api/datasets/{dataset['id']}")
        assert answer.status_code == 507
        assert "delete datasets to free space" in answer.json()["detail"]["message"]


def test_a_failed_insert_leaves_nothing_behind(tmp_path, monkeypatch):
    store = Store(tmp_path / "t.sqlite3", max_bytes=100_000)
    with pytest.raises(sqlite3.OperationalError, match="full"):
        store.add_dataset("a" * 12, "big.csv", "csv", os.urandom(500_000))
    assert store.datasets() == []
    store.add_dataset("b" * 12, "small.csv", "csv", b"y,x\n1,2\n")  # the connection still works
    assert [d["id"] for d in store.datasets()] == ["b" * 12]


def _not_writable_directory(tmp_path: Path) -> Path:
    if os.geteuid() == 0:  # root writes anywhere a mode allows: take a read-only place
        return Path("/proc/self")
    directory = tmp_path / "ro"
    directory.mkdir()
    directory.chmod(0o555)
    return directory


@pytest.mark.parametrize("kind", ["read-only directory", "directory", "not SQLite"])
def test_a_bad_database_path_is_one_clear_error(tmp_path, kind):
    path = {
        "read-only directory": lambda: _not_writable_directory(tmp_path) / "x.sqlite3",
        "directory": lambda: tmp_path,
        "not SQLite": lambda: _write(tmp_path / "notes.sqlite3", b"just some text\n" * 100),
    }[kind]()
    with pytest.raises(StoreError) as error:
        Store(path)
    assert "\n" not in str(error.value)
    assert str(path) in str(error.value)


def _write(path: Path, content: bytes) -> Path:
    path.write_bytes(content)
    return path


def _serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "phidelta", "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("read-only directory", "not writable"),
        ("directory", "is a directory"),
        ("not SQLite", "is not a SQLite database"),
    ],
)
def test_serve_with_a_bad_database_prints_one_line_and_no_address(tmp_path, kind, expected):
    path = {
        "read-only directory": lambda: _not_writable_directory(tmp_path) / "x.sqlite3",
        "directory": lambda: tmp_path,
        "not SQLite": lambda: _write(tmp_path / "notes.sqlite3", b"just some text\n" * 100),
    }[kind]()
    done = _serve("--port", "1", "--database", str(path))  # never reaches the port
    assert done.returncode != 0
    assert "http://" not in done.stdout
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert expected in done.stderr


def test_serve_on_a_busy_port_prints_one_line_and_no_address(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = _serve("--port", str(port), "--database", str(tmp_path / "db.sqlite3"))
    assert done.returncode != 0
    assert "http://" not in done.stdout
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert f"port {port}" in done.stderr, done.stderr
    assert "in use" in done.stderr


def test_a_headerless_matrix_whose_first_row_repeats_a_count_is_still_a_matrix(client):
    """``10,0,0`` as a header repeats the name '0': no table, but a confusion matrix."""
    dataset = _upload(client, b"10,0,0\n0,10,0\n1,0,9\n", "matrix.csv")
    assert dataset.status_code == 200, dataset.text
    assert [c["name"] for c in dataset.json()["columns"]] == ["0", "1", "2"]
    body = {"dataset_id": dataset.json()["id"], "kind": "multiclass", "matrix": True}
    answer = client.post("/api/analyses", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"]["accuracy"] == [pytest.approx(29 / 30)]
    body = {"dataset_id": dataset.json()["id"], "kind": "signature", "label": "0"}
    answer = client.post("/api/analyses", json=body)
    assert answer.status_code == 400
    assert "reads only as a confusion matrix" in answer.json()["detail"]["message"]
    assert _upload(client, b"a,a\n1,2\n", "nothing.csv").status_code == 400  # no matrix


# --- a worker that dies or fails ---------------------------------------------------------------
# (functions of this module, run in a worker process: it imports this module by name)


def _kill_own_worker(*args: object) -> bytes:
    os.kill(os.getpid(), signal.SIGKILL)
    return b"{}"  # pragma: no cover - never reached


def _fail_in_worker(*args: object) -> bytes:
    return (1 / 0).to_bytes()  # a bug


def _wait_until_dead(pid: int, timeout: float = 5.0) -> None:
    stat = Path(f"/proc/{pid}/stat")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                return
        except (FileNotFoundError, ProcessLookupError):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} is still alive")


@pytest.fixture
def analysis(client) -> str:
    dataset = _upload(client, b"y,x\n1,0.9\n0,0.2\n1,0.7\n0,0.4\n").json()["id"]
    created = client.post("/api/analyses", json={"dataset_id": dataset, "label": "y"})
    assert created.status_code == 200
    return f"/api/analyses/{created.json()['id']}/view"


def test_a_worker_killed_while_working_answers_503_and_is_replaced(client, analysis, monkeypatch):
    pids = client.app.state.pool.pids()
    monkeypatch.setattr(_tasks, "render_view", _kill_own_worker)
    answer = client.get(analysis)
    assert answer.status_code == 503
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["detail"]["message"].startswith("The worker stopped while working")
    monkeypatch.undo()
    assert client.get(analysis).status_code == 200  # a new worker took its place
    assert client.app.state.pool.pids() != pids


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_worker_killed_while_idle_costs_no_request(client, analysis):
    assert client.get(analysis).status_code == 200
    pids = client.app.state.pool.pids()
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    for pid in pids:  # until the kill has taken effect (a zombie, or reaped)
        _wait_until_dead(pid)
    answer = client.get(analysis)
    assert answer.status_code == 200, answer.text


def test_a_bug_in_a_worker_answers_500_in_the_json_shape(client, analysis, monkeypatch, caplog):
    monkeypatch.setattr(_tasks, "render_view", _fail_in_worker)
    with caplog.at_level("ERROR", logger="phidelta.web"):
        answer = client.get(analysis)
    assert answer.status_code == 500
    assert "internal error" in answer.json()["detail"]["message"]
    assert "ZeroDivisionError" in caplog.text  # the traceback is logged, not sent
    assert "ZeroDivisionError" not in answer.text
    monkeypatch.undo()
    assert client.get(analysis).status_code == 200  # the worker goes on

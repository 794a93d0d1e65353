"""The web application (FastAPI): pages, static assets and the JSON API behind every view."""

from __future__ import annotations

import os
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, File, HTTPException, Query, Request, UploadFile
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from phidelta import __version__
from phidelta.data import HEADER_CHOICES, detect_format
from phidelta.signatures import RANKINGS
from phidelta.web._storage import Store, default_database_path
from phidelta.web._views import (
    InputError,
    classifier_view,
    multiclass_view,
    read_table,
    signature_csv,
    signature_view,
    summary,
)

DEFAULT_MAX_UPLOAD = 50 * 2**20
KINDS = ("signature", "classifier", "multiclass")


class AnalysisRequest(BaseModel):
    """What to analyse: a dataset and the roles of its columns."""

    dataset_id: str = Field(..., max_length=64)
    kind: str = Field("signature", description="signature, classifier or multiclass")
    label: str | None = Field(None, max_length=500, description="class / true-label column")
    positive: str | None = Field(None, max_length=500, description="the positive class")
    prediction: str | None = Field(None, max_length=500)
    score: str | None = Field(None, max_length=500)
    fold: str | None = Field(None, max_length=500)
    threshold: str | None = Field(
        None,
        max_length=64,
        description='score cut (a number or "optimal"); default 0.5 for scores in [0, 1], else 0',
    )
    numeric: str = Field("soft", description="soft or threshold")
    matrix: bool = Field(False, description="the dataset is a confusion matrix")
    header: str = Field("auto", description="matrix header row: auto, yes or no")


def _error(status: int, message: str, field: str | None = None) -> HTTPException:
    return HTTPException(status_code=status, detail={"message": message, "field": field})


def _static(name: str) -> Path:
    return Path(str(resources.files("phidelta.web").joinpath("static", name)))


def create_app(
    database: str | Path | None = None, *, max_upload_bytes: int = DEFAULT_MAX_UPLOAD
) -> FastAPI:
    """The application, storing everything in ``database`` (SQLite; see
    :func:`default_database_path`)."""
    store = Store(database or default_database_path())
    app = FastAPI(
        title="phidelta",
        version=__version__,
        description="φ-δ diagrams, feature signatures, classifier assessment and the "
        "entropy triangle, as a JSON API and a web page.",
    )
    app.state.store = store
    frames: OrderedDict[str, Any] = OrderedDict()

    def frame_of(dataset_id: str) -> tuple[dict[str, Any], Any]:
        dataset = store.dataset(dataset_id)
        if dataset is None:
            raise _error(404, f"No dataset {dataset_id!r}.", "dataset_id")
        if dataset_id not in frames:
            try:
                frames[dataset_id] = read_table(dataset["content"], dataset["format"])
            except InputError as exc:
                raise _error(400, str(exc), exc.field) from None
            while len(frames) > 8:
                frames.popitem(last=False)
        return dataset, frames[dataset_id]

    @app.middleware("http")
    async def limit_uploads(request: Request, call_next: Any) -> Any:
        length = request.headers.get("content-length")
        if (
            request.method == "POST"
            and length
            and length.isdigit()
            and int(length) > max_upload_bytes
        ):
            return JSONResponse(
                status_code=413,
                content={
                    "detail": {
                        "message": f"The upload is larger than {max_upload_bytes // 2**20} MiB.",
                        "field": "file",
                    }
                },
            )
        return await call_next(request)

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> JSONResponse:
        return JSONResponse(
            status_code=400, content={"detail": {"message": str(exc), "field": exc.field}}
        )

    # --- pages and assets -------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(_static("index.html"), media_type="text/html")

    @app.get("/analyses/{analysis_id}", response_class=HTMLResponse, include_in_schema=False)
    def analysis_page(analysis_id: str) -> FileResponse:
        return FileResponse(_static("index.html"), media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
            '<path d="M8 1 15 8 8 15 1 8Z" fill="none" stroke="#22303c" stroke-width="1.5"/>'
            "</svg>"
        )
        return Response(svg, media_type="image/svg+xml")

    @app.get("/static/plotly.min.js", include_in_schema=False)
    def plotly_js() -> FileResponse:
        import plotly

        path = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
        return FileResponse(path, media_type="text/javascript")

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> FileResponse:
        allowed = {"app.js": "text/javascript", "style.css": "text/css"}
        if name not in allowed:  # a fixed list: a request never names a path
            raise _error(404, "Not found.")
        return FileResponse(_static(name), media_type=allowed[name])

    # --- datasets ---------------------------------------------------------------------------
    @app.get("/api/examples", summary="Built-in example data sets")
    def examples() -> list[dict[str, str]]:
        return [
            {
                "name": "climate",
                "description": "Weather at Frankfurt (Oder), Feb 2016; "
                "class RainBool (R package phiDelta)",
            }
        ]

    @app.post("/api/examples/{name}", summary="Load a built-in example as a dataset")
    def load_example(name: str) -> dict[str, Any]:
        if name != "climate":
            raise _error(404, f"No example {name!r}.", "example")
        from phidelta.datasets import climate_data_path

        content = Path(climate_data_path()).read_bytes()
        dataset = store.add_dataset("climate_data.csv", "csv", content)
        return {**dataset, **summary(frame_of(dataset["id"])[1])}

    @app.post("/api/datasets", summary="Upload a CSV, TSV or Parquet file")
    async def upload(file: UploadFile = File(...)) -> dict[str, Any]:  # noqa: B008
        chunks, size = [], 0
        while chunk := await file.read(1 << 20):
            size += len(chunk)
            if size > max_upload_bytes:
                raise _error(
                    413, f"The upload is larger than {max_upload_bytes // 2**20} MiB.", "file"
                )
            chunks.append(chunk)
        content = b"".join(chunks)
        name = file.filename or "upload.csv"
        fmt = detect_format(content, name=name)
        try:
            frame = read_table(content, fmt)
        except InputError as exc:
            raise _error(400, str(exc), exc.field) from None
        dataset = store.add_dataset(name, fmt, content)
        frames[dataset["id"]] = frame
        return {**dataset, **summary(frame)}

    @app.get("/api/datasets", summary="List datasets")
    def list_datasets() -> list[dict[str, Any]]:
        return store.datasets()

    @app.get("/api/datasets/{dataset_id}", summary="A dataset's columns and values")
    def get_dataset(dataset_id: str) -> dict[str, Any]:
        dataset, frame = frame_of(dataset_id)
        return {
            "id": dataset["id"],
            "name": dataset["name"],
            "format": dataset["format"],
            **summary(frame),
        }

    @app.delete("/api/datasets/{dataset_id}", summary="Delete a dataset and its analyses")
    def delete_dataset(dataset_id: str) -> dict[str, Any]:
        if not store.delete_dataset(dataset_id):
            raise _error(404, f"No dataset {dataset_id!r}.", "dataset_id")
        frames.pop(dataset_id, None)
        return {"deleted": dataset_id}

    # --- analyses ---------------------------------------------------------------------------
    @app.post("/api/analyses", summary="Create an analysis; returns its id and URL")
    def create_analysis(request: AnalysisRequest) -> dict[str, Any]:
        if request.kind not in KINDS:
            raise _error(400, f"`kind` must be one of {', '.join(KINDS)}.", "kind")
        if request.numeric not in ("soft", "threshold"):
            raise _error(400, "`numeric` must be soft or threshold.", "numeric")
        if request.header not in HEADER_CHOICES:
            raise _error(400, f"`header` must be one of {', '.join(HEADER_CHOICES)}.", "header")
        dataset, frame = frame_of(request.dataset_id)
        params = request.model_dump(exclude={"dataset_id", "kind"})
        payload = _view(request.kind, dataset, frame, params, {})  # validates before storing
        analysis = store.add_analysis(request.dataset_id, request.kind, params)
        return {**analysis, "url": f"/analyses/{analysis['id']}", "view": payload}

    def _view(
        kind: str,
        dataset: dict[str, Any],
        frame: Any,
        params: dict[str, Any],
        query: dict[str, Any],
    ) -> Any:
        def pick(*names: str) -> dict[str, Any]:
            return {n: query[n] for n in names if n in query}

        if kind == "signature":
            return signature_view(
                frame, params, **pick("ratio", "rank_by", "phi_max", "delta_min", "k")
            )
        if kind == "classifier":
            return classifier_view(frame, params, **pick("ratio", "cost_ratio"))
        return multiclass_view(frame, params, dataset["content"], dataset["format"])

    @app.get("/api/analyses", summary="List analyses")
    def list_analyses() -> list[dict[str, Any]]:
        return store.analyses()

    def analysis_of(analysis_id: str) -> dict[str, Any]:
        analysis = store.analysis(analysis_id)
        if analysis is None:
            raise _error(404, f"No analysis {analysis_id!r}.", "analysis_id")
        return analysis

    @app.get("/api/analyses/{analysis_id}", summary="An analysis and its default view")
    def get_analysis(analysis_id: str) -> dict[str, Any]:
        analysis = analysis_of(analysis_id)
        dataset, frame = frame_of(analysis["dataset_id"])
        return {
            **analysis,
            "dataset": {"id": dataset["id"], "name": dataset["name"]},
            "view": _view(analysis["kind"], dataset, frame, analysis["params"], {}),
        }

    @app.get(
        "/api/analyses/{analysis_id}/view",
        summary="The view for a ratio, ranking, selection rule and cost ratio",
    )
    def view(
        analysis_id: str,
        ratio: str = Query(
            "1",
            max_length=32,
            description='N/P of the diagram: a number in [0.1, 10], or "actual" for the exact '
            "ratio of the data",
        ),
        rank: str = Query("delta", pattern=f"^({'|'.join(RANKINGS)})$"),
        phi_max: float = Query(0.7, gt=0, le=2),
        delta_min: float = Query(0.4, ge=0, le=1),
        k: int | None = Query(10, ge=0, le=1_000_000),
        cost_ratio: float = Query(1.0, gt=0, le=1e6),
    ) -> Any:
        analysis = analysis_of(analysis_id)
        dataset, frame = frame_of(analysis["dataset_id"])
        query = {
            "ratio": ratio,
            "rank_by": rank,
            "phi_max": phi_max,
            "delta_min": delta_min,
            "k": k,
            "cost_ratio": cost_ratio,
        }
        return _view(analysis["kind"], dataset, frame, analysis["params"], query)

    @app.get("/api/analyses/{analysis_id}/signature.csv", summary="The ranking table as CSV")
    def download(
        analysis_id: str,
        ratio: str = Query("1", max_length=32, description='a number in [0.1, 10] or "actual"'),
    ) -> Response:
        analysis = analysis_of(analysis_id)
        if analysis["kind"] != "signature":
            raise _error(400, "Only signature analyses have a feature table.", "kind")
        _, frame = frame_of(analysis["dataset_id"])
        text = signature_csv(frame, analysis["params"], ratio)
        return Response(
            text,
            media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="signature-{analysis_id}.csv"'},
        )

    @app.delete("/api/analyses/{analysis_id}", summary="Delete an analysis")
    def delete_analysis(analysis_id: str) -> dict[str, Any]:
        if not store.delete_analysis(analysis_id):
            raise _error(404, f"No analysis {analysis_id!r}.", "analysis_id")
        return {"deleted": analysis_id}

    return app


def serve(
    host: str = "127.0.0.1", port: int = 8765, database: str | None = None, max_upload_mb: int = 50
) -> None:  # pragma: no cover - exercised end to end
    import uvicorn

    app = create_app(database, max_upload_bytes=max_upload_mb * 2**20)
    uvicorn.run(app, host=host, port=port, log_level=os.environ.get("PHIDELTA_LOG", "warning"))

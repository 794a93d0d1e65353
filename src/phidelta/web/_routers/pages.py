"""The page, its scripts and styles (no path of a request ever names a file)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from phidelta.web._errors import ApiError

router = APIRouter(include_in_schema=False)

_ASSETS = {"app.js": "text/javascript", "style.css": "text/css"}
_FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
    '<path d="M8 1 15 8 8 15 1 8Z" fill="none" stroke="#22303c" stroke-width="1.5"/>'
    "</svg>"
)


def _static(name: str) -> Path:
    return Path(str(resources.files("phidelta.web").joinpath("static", name)))


@router.get("/", response_class=HTMLResponse)
def index() -> FileResponse:
    return FileResponse(_static("index.html"), media_type="text/html")


@router.get("/analyses/{analysis_id}", response_class=HTMLResponse)
def analysis_page(analysis_id: str) -> FileResponse:
    return FileResponse(_static("index.html"), media_type="text/html")


@router.get("/favicon.ico")
def favicon() -> Response:
    return Response(_FAVICON, media_type="image/svg+xml")


@router.get("/static/plotly.min.js")
def plotly_js() -> FileResponse:
    import plotly

    path = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return FileResponse(path, media_type="text/javascript")


@router.get("/static/{name}")
def static(name: str) -> FileResponse:
    if name not in _ASSETS:  # a fixed list: a request never names a path
        raise ApiError(404, "Not found.")
    return FileResponse(_static(name), media_type=_ASSETS[name])

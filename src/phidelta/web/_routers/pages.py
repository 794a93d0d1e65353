"""The page, its scripts and styles (no path of a request ever names a file)."""

from __future__ import annotations

from functools import lru_cache
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


def accepted_suffixes() -> list[str]:
    """The file names the data layer reads (:data:`phidelta.data.SUFFIXES`), for the file
    dialog's ``accept``: each ending, and the last part of the compound ones (``.gz`` of
    ``.csv.gz``: browsers compare a file's last extension)."""
    from phidelta.data import SUFFIXES

    endings = [str(s) for s in SUFFIXES]
    return list(dict.fromkeys([*endings, *("." + s.rsplit(".", 1)[-1] for s in endings)]))


@lru_cache(maxsize=1)
def _index_html() -> str:
    """The page, its file dialog offering what the server reads."""
    from phidelta.assessment import SUMMARY_MEASURES

    text = _static("index.html").read_text(encoding="utf-8")
    # the t-test's measures: those of the measure table (accuracy, the command line's default,
    # first)
    names = ["accuracy", *(m for m in SUMMARY_MEASURES if m != "accuracy")]
    options = "".join(f'<option value="{m}">{m.replace("_", " ")}</option>' for m in names)
    text = text.replace("{measure_options}", options)
    return text.replace('accept="{accept}"', f'accept="{",".join(accepted_suffixes())}"')


@router.get("/", response_class=HTMLResponse)
def index() -> HTMLResponse:
    return HTMLResponse(_index_html())


@router.get("/analyses/{analysis_id}", response_class=HTMLResponse)
def analysis_page(analysis_id: str) -> HTMLResponse:
    return HTMLResponse(_index_html())


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

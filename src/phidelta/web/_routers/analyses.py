"""``/api/analyses``: create (validated by computing its view first), list, view, download and
delete; every view is computed in a worker process."""

from __future__ import annotations

import sqlite3
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query
from fastapi.responses import Response
from pydantic import Field

from phidelta.web import _tasks
from phidelta.web._errors import ApiError, errors, not_found
from phidelta.web._models import (
    MAX_RESAMPLES,
    MIN_RESAMPLES,
    Analysis,
    AnalysisCreated,
    AnalysisItem,
    AnalysisKind,
    AnalysisRequest,
    Deleted,
    Ranking,
    View,
)
from phidelta.web._services import PageDep, Services, ServicesDep, json_response
from phidelta.web._views import FDR, applicable

router = APIRouter(prefix="/api/analyses", tags=["analyses"])

AnalysisId = Path(..., max_length=64, description="the id the creation returned")
Ratio = Annotated[
    Annotated[float, Field(ge=0.1, le=10)] | Literal["actual"],
    Query(
        description='N/P of the diagram: a number in [0.1, 10], or "actual" for the exact '
        "ratio of the data",
    ),
]

Intervals = Query(
    None,
    description="every measure with its interval, bands on the ROC curves and reliability "
    "intervals; in a multi-class view the triangle's numbers with their intervals (seeded "
    "bootstrap); by default the analysis's own",
)
ConfidenceLevel = Query(
    None, gt=0, lt=1, description="the intervals' level, in (0, 1); by default the analysis's"
)
Resamples = Query(
    None,
    ge=MIN_RESAMPLES,
    le=MAX_RESAMPLES,
    description="resamples of the intervals' bootstrap; by default the analysis's",
)


def _intervals(
    intervals: bool | None, confidence_level: float | None, n_resamples: int | None
) -> dict[str, Any]:
    return {
        "intervals": intervals,
        "confidence_level": confidence_level,
        "n_resamples": n_resamples,
    }


Fdr = Query(
    FDR,
    gt=0,
    lt=1,
    description="the false discovery rate at which significant features are marked",
)


def _analysis(services: Services, analysis_id: str) -> dict[str, Any]:
    analysis = services.store.analysis(analysis_id)
    if analysis is None:
        raise not_found("analysis", analysis_id)
    return analysis


def _render(services: Services, analysis: dict[str, Any], query: dict[str, Any]) -> bytes:
    dataset_id = analysis["dataset_id"]
    return services.pool.run(
        _tasks.render_view,
        dataset_id,
        analysis["kind"],
        analysis["params"],
        query,
        dataset=dataset_id,
    )


@router.post(
    "",
    summary="Create an analysis; returns its id, URL and default view",
    response_model=AnalysisCreated,
    responses=errors(400, 403, 404, 413, 503, 507),
)
def create_analysis(request: AnalysisRequest, services: ServicesDep) -> Response:
    if services.store.dataset(request.dataset_id) is None:
        raise not_found("dataset", request.dataset_id)
    kind = request.kind.value
    params = applicable(kind, request.model_dump(mode="json", exclude={"dataset_id", "kind"}))
    view = _render(services, {"dataset_id": request.dataset_id, "kind": kind, "params": params}, {})
    try:  # stored only once its view could be computed
        analysis = services.store.add_analysis(request.dataset_id, kind, params)
    except sqlite3.IntegrityError:  # the dataset was deleted meanwhile
        raise not_found("dataset", request.dataset_id) from None
    return json_response({**analysis, "url": f"/analyses/{analysis['id']}"}, view=view)


@router.get(
    "", summary="List analyses", response_model=list[AnalysisItem], responses=errors(400, 503)
)
def list_analyses(services: ServicesDep, page: PageDep) -> list[dict[str, Any]]:
    return services.store.analyses(page.limit, page.offset)


@router.get(
    "/{analysis_id}",
    summary="An analysis and its default view",
    response_model=Analysis,
    responses=errors(400, 404, 413, 503),
)
def get_analysis(services: ServicesDep, analysis_id: str = AnalysisId) -> Response:
    analysis = _analysis(services, analysis_id)
    dataset = services.store.dataset(analysis["dataset_id"])
    if dataset is None:
        raise not_found("dataset", analysis["dataset_id"])
    view = _render(services, analysis, {})
    return json_response(
        {**analysis, "dataset": {"id": dataset["id"], "name": dataset["name"]}}, view=view
    )


@router.get(
    "/{analysis_id}/view",
    summary="The view for a ratio, ranking, selection rule and cost ratio",
    response_model=View,
    responses=errors(400, 404, 413, 503),
)
def view(
    services: ServicesDep,
    analysis_id: str = AnalysisId,
    ratio: Ratio = 1.0,
    rank: Ranking = Query(Ranking("delta"), description="how features are ranked"),  # noqa: B008
    phi_max: float = Query(0.7, gt=0, le=2),
    delta_min: float = Query(0.4, ge=0, le=1),
    k: int = Query(10, ge=0, le=1_000_000),
    cost_ratio: float = Query(1.0, gt=0, le=1e6),
    regions: bool = Query(
        False,
        description="classifier views: the 95% confidence region of every fold and of the "
        "pooled counts (phidelta.inference.phi_delta_region at the view's ratio); not with a "
        "group column (no clustered form: left out, and the view's groups note says so)",
    ),
    significance: bool = Query(
        False,
        description="signature views: Fisher p-values and Benjamini–Hochberg q-values of the "
        "features with integer counts, and those with q ≤ fdr; not with a group column (they "
        "treat rows as independent: left out, and the view's groups note says so)",
    ),
    fdr: float = Fdr,
    intervals: bool | None = Intervals,
    confidence_level: float | None = ConfidenceLevel,
    n_resamples: int | None = Resamples,
) -> Response:
    analysis = _analysis(services, analysis_id)
    query = {
        **_intervals(intervals, confidence_level, n_resamples),
        "ratio": ratio,
        "rank_by": rank.value,
        "phi_max": phi_max,
        "delta_min": delta_min,
        "k": k,
        "cost_ratio": cost_ratio,
        "regions": regions,
        "significance": significance,
        "fdr": fdr,
    }
    return Response(_render(services, analysis, query), media_type="application/json")


@router.get(
    "/{analysis_id}/signature.csv",
    summary="The ranking table as CSV",
    response_class=Response,
    responses={
        200: {"content": {"text/csv": {"schema": {"type": "string"}}}},
        **errors(400, 404, 413, 503),
    },
)
def download(
    services: ServicesDep,
    analysis_id: str = AnalysisId,
    ratio: Ratio = 1.0,
    significance: bool = Query(
        False,
        description="add the columns pvalue (Fisher) and qvalue (Benjamini–Hochberg); refused "
        "(400) for an analysis with a group column: they treat rows as independent",
    ),
    intervals: bool | None = Intervals,
    confidence_level: float | None = ConfidenceLevel,
    n_resamples: int | None = Resamples,
) -> Response:
    analysis = _analysis(services, analysis_id)
    if analysis["kind"] != AnalysisKind.signature.value:
        raise ApiError(400, "Only signature analyses have a feature table.", "kind")
    dataset_id = analysis["dataset_id"]
    text = services.pool.run(
        _tasks.render_csv,
        dataset_id,
        analysis["params"],
        ratio,
        significance,
        _intervals(intervals, confidence_level, n_resamples),
        dataset=dataset_id,
    )
    return Response(
        text,
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="signature-{analysis_id}.csv"'},
    )


@router.get(
    "/{analysis_id}/assessment.csv",
    summary="The measure table of a classifier analysis as CSV",
    response_class=Response,
    responses={
        200: {"content": {"text/csv": {"schema": {"type": "string"}}}},
        **errors(400, 404, 413, 503),
    },
)
def download_assessment(
    services: ServicesDep,
    analysis_id: str = AnalysisId,
    intervals: bool | None = Intervals,
    confidence_level: float | None = ConfidenceLevel,
    n_resamples: int | None = Resamples,
) -> Response:
    return _classifier_csv(
        services,
        analysis_id,
        "a measure table",
        "assessment",
        _tasks.render_assessment_csv,
        _intervals(intervals, confidence_level, n_resamples),
    )


@router.get(
    "/{analysis_id}/roc.csv",
    summary="Every vertex of the ROC curves of a classifier analysis as CSV",
    description="The full curves a view's `roc` thins for drawing: columns classifier, "
    "threshold (predict positive when score ≥ threshold; the first is inf), fpr and tpr, a "
    "row per vertex of phidelta.measures.roc_curve of each classifier's pooled scores, every "
    "digit. Refused (400) for an analysis that is no classifier's or has no score column.",
    response_class=Response,
    responses={
        200: {"content": {"text/csv": {"schema": {"type": "string"}}}},
        **errors(400, 404, 413, 503),
    },
)
def download_roc(services: ServicesDep, analysis_id: str = AnalysisId) -> Response:
    return _classifier_csv(services, analysis_id, "a ROC curve", "roc", _tasks.render_roc_csv)


def _classifier_csv(
    services: Services, analysis_id: str, what: str, filename: str, task: Any, *args: Any
) -> Response:
    """A CSV download of a classifier analysis (400 for another kind): ``task`` run in the
    worker pool on the analysis's dataset and parameters (and ``args``)."""
    analysis = _analysis(services, analysis_id)
    if analysis["kind"] != AnalysisKind.classifier.value:
        raise ApiError(400, f"Only classifier analyses have {what}.", "kind")
    dataset_id = analysis["dataset_id"]
    text = services.pool.run(task, dataset_id, analysis["params"], *args, dataset=dataset_id)
    return Response(
        text,
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}-{analysis_id}.csv"'},
    )


@router.delete(
    "/{analysis_id}",
    summary="Delete an analysis",
    response_model=Deleted,
    responses=errors(400, 403, 404, 503, 507),
)
def delete_analysis(services: ServicesDep, analysis_id: str = AnalysisId) -> dict[str, str]:
    if not services.store.delete_analysis(analysis_id):
        raise not_found("analysis", analysis_id)
    return {"deleted": analysis_id}

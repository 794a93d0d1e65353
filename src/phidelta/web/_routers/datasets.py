"""``/api/datasets``: upload (streamed, within the limits), list, describe and delete."""

from __future__ import annotations

from fastapi import APIRouter, Path, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from phidelta.data import DataError, detect_format
from phidelta.web import _tasks
from phidelta.web._errors import ApiError, errors, not_found
from phidelta.web._models import Dataset, DatasetItem, Deleted
from phidelta.web._services import PageDep, Services, ServicesDep, merged_response
from phidelta.web._storage import new_id
from phidelta.web._upload import UPLOAD_BODY, read_upload

router = APIRouter(prefix="/api/datasets", tags=["datasets"])

DatasetId = Path(..., max_length=64, description="the id an upload returned")


def add_dataset(services: Services, name: str, content: bytes) -> Response:
    """Parse in a worker first, store only what parsed: a failure leaves no row behind."""
    try:
        fmt = detect_format(content, name=name)
    except DataError as exc:  # a format we do not read (an old .xls, ...): say so, store nothing
        raise ApiError(400, str(exc), "file") from None
    key = new_id()
    described = services.pool.run(_tasks.parse_upload, key, content, fmt, dataset=key)
    try:
        dataset = services.store.add_dataset(key, name, fmt, content)
    except BaseException:
        services.pool.drop(key)
        raise
    return merged_response(dataset, described)


@router.post(
    "",
    summary="Upload a CSV, TSV or Parquet file",
    response_model=Dataset,
    responses=errors(400, 403, 413, 503, 507),
    openapi_extra=UPLOAD_BODY,
)
async def upload(request: Request, services: ServicesDep) -> Response:
    # the body is read here, as it streams in (413 past the limit, 503 past the bytes all
    # uploads may hold at once); the parse runs in a worker
    received = await read_upload(request, services.settings.max_upload_bytes, services.uploads)
    try:
        return await run_in_threadpool(add_dataset, services, received.name, received.content)
    finally:
        services.uploads.release(received.held)


@router.get(
    "", summary="List datasets", response_model=list[DatasetItem], responses=errors(400, 503)
)
def list_datasets(services: ServicesDep, page: PageDep) -> list[dict]:
    return services.store.datasets(page.limit, page.offset)


@router.get(
    "/{dataset_id}",
    summary="A dataset's columns and values",
    response_model=Dataset,
    responses=errors(400, 404, 413, 503),
)
def get_dataset(services: ServicesDep, dataset_id: str = DatasetId) -> Response:
    dataset = services.store.dataset(dataset_id)
    if dataset is None:
        raise not_found("dataset", dataset_id)
    described = services.pool.run(_tasks.dataset_summary, dataset_id, dataset=dataset_id)
    return merged_response(dataset, described)


@router.delete(
    "/{dataset_id}",
    summary="Delete a dataset and its analyses",
    response_model=Deleted,
    responses=errors(400, 403, 404, 503, 507),
)
def delete_dataset(services: ServicesDep, dataset_id: str = DatasetId) -> dict:
    if not services.store.delete_dataset(dataset_id):
        raise not_found("dataset", dataset_id)
    services.pool.drop(dataset_id)
    return {"deleted": dataset_id}

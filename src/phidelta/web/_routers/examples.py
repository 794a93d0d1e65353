"""``/api/examples``: the built-in example data sets."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import Response

from phidelta.web._errors import errors
from phidelta.web._models import Dataset, Example, ExampleName
from phidelta.web._routers.datasets import add_dataset
from phidelta.web._services import ServicesDep

router = APIRouter(prefix="/api/examples", tags=["examples"])

EXAMPLES = {
    ExampleName.climate: (
        "Weather at Frankfurt (Oder), Feb 2016; class RainBool (R package phiDelta)",
        "climate_data.csv",
    )
}


def _path(name: ExampleName) -> Path:
    from phidelta.datasets import climate_data_path

    return Path({ExampleName.climate: climate_data_path}[name]())


@router.get(
    "", summary="Built-in example data sets", response_model=list[Example], responses=errors(400)
)
def examples() -> list[dict]:
    return [{"name": name.value, "description": text} for name, (text, _) in EXAMPLES.items()]


@router.post(
    "/{name}",
    summary="Load a built-in example as a dataset",
    response_model=Dataset,
    responses=errors(400, 403, 503, 507),
)
def load_example(name: ExampleName, services: ServicesDep) -> Response:
    return add_dataset(services, EXAMPLES[name][1], _path(name).read_bytes())

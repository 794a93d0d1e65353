"""Small data sets shipped with the package (no network access needed)."""

from __future__ import annotations

import csv
from importlib import resources

import numpy as np

__all__ = ["climate_data_path", "load_climate_data"]


def climate_data_path() -> str:
    """Path of ``climate_data.csv``: 29 days of weather at Frankfurt (Oder), February 2016.

    The example of the R package phiDelta (same data as ``EFS::efsdata``): class ``RainBool``
    (1 = rain, 15 days; 0 = no rain, 14 days) and six features.
    """
    return str(resources.files("phidelta.datasets").joinpath("climate_data.csv"))


def load_climate_data() -> tuple[np.ndarray, np.ndarray, list[str]]:
    """``(data, labels, feature_names)`` of the climate example as NumPy arrays.

    Examples
    --------
    >>> data, labels, names = load_climate_data()
    >>> data.shape, int(labels.sum()), names[0]
    ((29, 6), 15, 'date')
    """
    with open(climate_data_path(), newline="") as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], np.array(rows[1:], dtype=np.float64)
    return body[:, 1:], body[:, 0].astype(np.int64), header[1:]

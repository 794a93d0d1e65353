"""Shared fixtures: the reference data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
SHARED_REFDATA = ROOT.parent / "shared" / "refdata"
VENDORED_REFDATA = Path(__file__).resolve().parent / "data" / "refdata"


def refdata_root() -> Path:
    """``../shared/refdata`` when the checkout sits beside it, else the copy under tests/data."""
    return SHARED_REFDATA if SHARED_REFDATA.is_dir() else VENDORED_REFDATA


@pytest.fixture(scope="session")
def refdata() -> Path:
    return refdata_root()


# `HYPOTHESIS_PROFILE=thorough pytest` runs ten times the examples (by hand, before a release)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.register_profile("ci", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def client():
    """A Dask LocalCluster of two worker processes, started once for the session."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as connection:
        yield connection
    cluster.close()

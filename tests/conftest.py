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


@pytest.fixture(scope="session")
def spark():
    """One local Spark session of two cores for the whole run (Java and PySpark are installed
    by the README's test command): small shuffles and Arrow batches, no UI, a JVM tuned to
    start fast."""
    pytest.importorskip("pyspark")
    from phidelta.spark import session

    active = session(
        "local[2]",
        conf={
            "spark.ui.enabled": "false",
            "spark.sql.shuffle.partitions": "2",
            "spark.default.parallelism": "2",
            # several Arrow batches per partition: parts are added on the executors too
            "spark.sql.execution.arrow.maxRecordsPerBatch": "64",
            "spark.driver.extraJavaOptions": "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
        },
    )
    yield active
    active.stop()

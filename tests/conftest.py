"""Shared fixtures: the reference data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
SHARED_REFDATA = ROOT.parent / "shared" / "refdata"
VENDORED_REFDATA = Path(__file__).resolve().parent / "data" / "refdata"


if os.environ.get("PYTEST_XDIST_WORKER"):
    # the README's test command runs two pytest processes on a two-core machine: each (and
    # each program it starts) gets one BLAS thread, or their BLAS threads outnumber the cores
    # and spin waiting for each other. phidelta's own threads are tests' business
    # (tests/test_parallel.py sets PHIDELTA_NUM_THREADS).
    for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - scikit-learn's dependency, in the test extra
        pass
    else:
        threadpool_limits(1, user_api="blas")


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


#: Test files whose module fixtures are costly (a Sphinx build, a server, a browser): under
#: ``--dist loadgroup`` each runs in one process, so each fixture is built once.
ONE_PROCESS = {
    "test_docs.py": "the documentation site, built once (1–2 min)",
    "test_web_e2e.py": "a web server and a browser",
    "test_explorer.py": "a browser and saved explorer pages",
    "test_report_interactive.py": "interactive reports and a browser",
    "test_web_load.py": "a live server",
}


def _uses_shared(item: pytest.Item, name: str) -> bool:
    """Whether the test uses the session fixture `name` of this file (a test module may
    have a fixture of that name of its own)."""
    info = getattr(item, "_fixtureinfo", None)
    definitions = info.name2fixturedefs.get(name) if info is not None else None
    return bool(definitions) and definitions[-1].func.__code__.co_filename == __file__


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give every test a node id of its own, and the Spark tests one xdist group.

    pytest-xdist's ``--dist loadgroup`` (the README's test command) keys its work by node id
    and sends the tests whose id ends in ``@name`` (an ``xdist_group`` mark) to one process.
    Two things break that under pytest 9, whose node ids are structured:

    - schemathesis names one test per API operation (``test[POST /api/datasets]``) but gives
      them all the function's node id: of 13 tests sharing an id xdist ran one and dropped
      the others without a word. The id takes the test's name.
    - xdist writes the ``@name`` suffix where pytest 9 no longer reads it, so the marks had
      no effect: the suffix is written here. Every test that uses the ``spark`` fixture is in
      the group ``spark``, so the run starts one local Spark session (one JVM), not one per
      process; likewise the Dask cluster's tests (``client``) and the files of
      :data:`ONE_PROCESS`, whose module fixtures are costly to build twice. (xdist starts the
      groups first, the largest first: a long group never comes last.)

    A collection that still repeats an id is an error, not a silent loss.
    """
    grouping = getattr(config.option, "loadgroup", False)
    for item in items:
        parent, _, last = item.nodeid.rpartition("::")
        structured = hasattr(item, "_id")  # pytest ≥ 9
        if parent and item.name.startswith(last + "[") and item.name.endswith("]"):
            if structured:
                item._id = item._id.with_params(item.name[len(last) + 1 : -1])
            else:
                item._nodeid = f"{parent}::{item.name}"
        for fixture, group in (("spark", "spark"), ("client", "dask")):
            if _uses_shared(item, fixture):
                item.add_marker(pytest.mark.xdist_group(group))
        if item.path.name in ONE_PROCESS:
            item.add_marker(pytest.mark.xdist_group(item.path.stem))
        names = sorted({str(mark.args[0]) for mark in item.iter_markers("xdist_group")})
        if grouping and names and structured and "@" not in item.nodeid:
            # NodeId.parse keeps the string as given, suffix and all
            item._id = type(item._id).parse(f"{item.nodeid}@{'_'.join(names)}")
    seen: set[str] = set()
    repeated = {item.nodeid for item in items if item.nodeid in seen or seen.add(item.nodeid)}
    if repeated:
        raise pytest.UsageError(f"tests share a node id: {sorted(repeated)[:5]}")


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

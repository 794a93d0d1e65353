"""The README's test command runs every collected test once, and a group's tests in one process.

``pytest -n 2 --dist loadgroup`` keys its work by node id: tests that share an id were dropped
without a word, and under pytest 9 xdist's group marks had no effect (see ``conftest.py``).
This runs a small suite the same way, with this suite's collection hook, and counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("xdist")
pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).with_name("conftest.py")

PLUGIN = f"""
import importlib.util
import pytest

_spec = importlib.util.spec_from_file_location("suite_conftest", {str(CONFTEST)!r})
_suite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_suite)
pytest_collection_modifyitems = _suite.pytest_collection_modifyitems


def pytest_pycollect_makeitem(collector, name, obj):
    # what schemathesis does: one test per case, named with brackets, all with one node id
    if name == "test_case":
        return [
            pytest.Function.from_parent(collector, name=f"test_case[{{i}}]", callobj=obj)
            for i in range(5)
        ]
"""

TESTS = """
import os
import pytest

LOG = {log!r}


def _record(name):
    with open(LOG, "a") as log:
        log.write(f"{{name}} {{os.getpid()}}\\n")


def test_case(request):
    _record(request.node.name)


@pytest.mark.parametrize("i", range(6))
@pytest.mark.xdist_group("engine")
def test_grouped(i):
    _record(f"grouped {{i}}")


@pytest.mark.parametrize("i", range(6))
def test_free(i):
    _record(f"free {{i}}")
"""


def test_every_test_runs_once_and_a_group_in_one_process(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = pytester.path / "ran.log"
    pytester.makeconftest(PLUGIN)
    pytester.makepyfile(test_small=TESTS.format(log=str(log)))
    # only xdist among the installed plugins: the small run starts in seconds
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = pytester.runpytest_subprocess("-p", "xdist.plugin", "-n", "2", "--dist", "loadgroup")
    result.assert_outcomes(passed=17)
    ran = [line.rsplit(" ", 1) for line in log.read_text().splitlines()]
    names = [name for name, _ in ran]
    assert sorted(n for n in names if n.startswith("test_case")) == [
        f"test_case[{i}]" for i in range(5)
    ]
    assert len(names) == len(set(names)) == 17
    assert len({pid for name, pid in ran if name.startswith("grouped")}) == 1
    assert len({pid for _, pid in ran}) == 2  # and the rest was shared out

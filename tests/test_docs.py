"""The documentation site builds offline with warnings as errors, and covers the whole API.

One build per test session (≈1–2 min on two cores) of a copy of ``docs/`` in a temporary folder,
so the test never writes into the source tree: ``sphinx-build -W --keep-going -b html``, as the
README states it, with proxies pointing nowhere so that any network access fails.
"""

from __future__ import annotations

import importlib
import inspect
import os
import posixpath
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("numpydoc")
pytest.importorskip("sphinx_gallery")
pytest.importorskip("pydata_sphinx_theme")

DOCS = Path(__file__).resolve().parents[1] / "docs"

#: the modules whose ``__all__`` the API reference must cover (issue 18, item 1)
MODULES = (
    "phidelta",
    "phidelta.measures",
    "phidelta.inference",
    "phidelta.counts",
    "phidelta.geometry",
    "phidelta.signatures",
    "phidelta.rendering",
    "phidelta.assessment",
    "phidelta.comparison",
    "phidelta.distributed",
    "phidelta.spark",
    "phidelta.metrics",
    "phidelta.data",
    "phidelta.api",
    "phidelta.selection",
    "phidelta.report",
    "phidelta.datasets",
    "phidelta.exceptions",
)

#: public modules documented elsewhere: the command line and the web application (user guide)
_INTERFACES = ("phidelta.cli", "phidelta.web", "phidelta.__main__")


def test_every_public_module_is_listed() -> None:
    import pkgutil

    import phidelta

    found = {
        f"phidelta.{info.name}"
        for info in pkgutil.iter_modules(phidelta.__path__)
        if not info.name.startswith("_")
    }
    assert found - set(MODULES) - set(_INTERFACES) == set()


_GENERATED = ("_build", "auto_examples", "generated", "sg_execution_times.rst", "__pycache__")


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess, Path]:
    """Build the site once: the finished process and the folder of the HTML output."""
    root = tmp_path_factory.mktemp("docs")
    source = root / "docs"
    shutil.copytree(DOCS, source, ignore=shutil.ignore_patterns(*_GENERATED))
    html = root / "html"
    offline = dict.fromkeys(
        ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy"),
        "http://127.0.0.1:9",
    )
    env = {**os.environ, **offline, "MPLBACKEND": "Agg", "no_proxy": "", "NO_PROXY": ""}
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-j", "2", "-q"]
    result = subprocess.run(
        [*command, "-b", "html", str(source), str(html)],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        timeout=900,
        check=False,
    )
    return result, html


@pytest.fixture(scope="module")
def site(build: tuple[subprocess.CompletedProcess, Path]) -> Path:
    """The HTML output (``--keep-going`` writes it even when a warning fails the build)."""
    html = build[1]
    assert (html / "objects.inv").is_file(), f"no site was built:\n{build[0].stderr[-20000:]}"
    return html


def _inventory(html: Path) -> dict[str, set[str]]:
    from sphinx.util.inventory import InventoryFile

    with (html / "objects.inv").open("rb") as stream:
        data = InventoryFile.load(stream, "", posixpath.join)
    return {kind: set(entries) for kind, entries in data.items()}


def test_site_builds_offline_with_warnings_as_errors(
    build: tuple[subprocess.CompletedProcess, Path],
) -> None:
    result, site = build
    # the build's own warnings, readable in the failure report
    assert result.returncode == 0, f"sphinx-build -W failed:\n{result.stderr[-20000:]}"
    for page in ("index", "api/index", "auto_examples/index", "guide/index", "glossary"):
        assert (site / f"{page}.html").is_file(), page


def test_every_public_name_is_in_the_api_reference(site: Path) -> None:
    inventory = _inventory(site)
    documented = set().union(*inventory.values())
    modules = {name: importlib.import_module(name) for name in MODULES}
    missing = []
    for module_name, module in modules.items():
        assert module_name in inventory["py:module"], module_name
        page = (site / "api" / "generated" / f"{module_name}.html").read_text(encoding="utf-8")
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj):
                found = obj.__name__ in inventory["py:module"]
            else:
                # described on its own page, or on the page of a module that exports it too
                homes = [
                    other
                    for other, exporter in modules.items()
                    if name in exporter.__all__ and getattr(exporter, name) is obj
                ]
                found = any(f"{home}.{name}" in documented for home in homes)
            # and listed on the module's page
            found = found and f">{name}<" in page.replace('<span class="pre">', ">")
            if not found:
                missing.append(f"{module_name}.{name}")
    assert not missing, f"not in the API reference: {missing}"


def test_every_gallery_example_ran(site: Path) -> None:
    examples = sorted(p.stem for p in (DOCS / "examples").glob("*.py"))
    assert examples, "the gallery has no examples"
    gallery = (site / "auto_examples" / "index.html").read_text(encoding="utf-8")
    for stem in examples:
        page = site / "auto_examples" / f"{stem}.html"
        assert page.is_file(), f"{stem}.py has no page"
        assert f"{stem}.html" in gallery, f"{stem} is not in the gallery's index"
        # sphinx-gallery records the run time of every example it executed
        assert "Total running time of the script" in page.read_text(encoding="utf-8"), stem

"""The user guide's examples run and print what the pages say; its CLI page is current."""

from __future__ import annotations

import doctest
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(
    page
    for page in [*(DOCS / "guide").glob("*.rst"), *DOCS.glob("*.rst")]
    if ">>> " in page.read_text(encoding="utf-8")
)


def test_the_guide_has_examples():
    names = {page.name for page in PAGES}
    assert {"assessment.rst", "signatures.rst", "coming_from_packages.rst"} <= names


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples_run(page, tmp_path, monkeypatch):
    pytest.importorskip("matplotlib").use("Agg")
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {page} failed"


def test_cli_page_shows_the_current_help():
    pytest.importorskip("click")
    spec = importlib.util.spec_from_file_location("cli_help", DOCS / "cli_help.py")
    cli_help = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cli_help)
    text = cli_help.PAGE.read_text(encoding="utf-8")
    assert cli_help.current(text) == cli_help.generated(), (
        "docs/guide/cli.rst is stale: run python docs/cli_help.py"
    )


# ``.. code-block:: python`` programs run as they stand, each in a fresh interpreter, except
# fragments that say so on their first line (they continue a session or need the reader's files)
_FRAGMENT = ("# continues the example above", "# with your own files")
_BLOCK = re.compile(r"^\.\. code-block:: python\n\n((?:   .*\n|\n)+)", re.M)


def _programs() -> list[tuple[str, str]]:
    """Every program of the pages; one that says it continues the program above runs after
    it, in one interpreter."""
    found = []
    for page in sorted([*(DOCS / "guide").glob("*.rst"), *DOCS.glob("*.rst")]):
        text = page.read_text(encoding="utf-8")
        previous = ""
        for number, match in enumerate(_BLOCK.finditer(text)):
            code = "\n".join(line[3:] for line in match.group(1).splitlines())
            if code.lstrip().startswith("# continues the program above"):
                code = previous + "\n" + code
            elif code.lstrip().startswith(_FRAGMENT):
                continue
            found.append((f"{page.name}:{number}", code))
            previous = code
    return found


PROGRAMS = _programs()


def test_the_guide_has_programs():
    assert {"tour.rst:0", "sklearn_metrics.rst:0"} <= {name for name, _ in PROGRAMS}


def _uses_spark(code: str) -> bool:
    return "from phidelta import spark" in code or "import phidelta.spark" in code


SPARK_PROGRAMS = [(name, code) for name, code in PROGRAMS if _uses_spark(code)]
OTHER_PROGRAMS = [(name, code) for name, code in PROGRAMS if not _uses_spark(code)]


@pytest.mark.parametrize(("name", "code"), OTHER_PROGRAMS, ids=[name for name, _ in OTHER_PROGRAMS])
def test_page_programs_run(name, code, tmp_path):
    pytest.importorskip("matplotlib")
    result = subprocess.run(
        [sys.executable, "-c", "import matplotlib\nmatplotlib.use('Agg')\n" + code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, f"{name}:\n{result.stderr[-3000:]}"


@pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas")
@pytest.mark.parametrize(("name", "code"), SPARK_PROGRAMS, ids=[name for name, _ in SPARK_PROGRAMS])
def test_page_spark_programs_run(name, code, spark, tmp_path, monkeypatch, capsys):
    """A program on Spark runs in this process on the run's one local session (``session()``
    returns the active session; the program's ``spark.stop()`` leaves it running for the
    other Spark tests): a JVM of its own would cost half a minute."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(type(spark), "stop", lambda self: None)
    # Spark's default Arrow batches, not the Spark tests' small ones (many batches a partition)
    key = "spark.sql.execution.arrow.maxRecordsPerBatch"
    small = spark.conf.get(key)
    spark.conf.set(key, "10000")
    try:
        exec(compile(code, name, "exec"), {"__name__": "__main__"})
    finally:
        spark.conf.set(key, small)
    assert capsys.readouterr().out.strip(), f"{name} printed nothing"
    assert spark.range(3).count() == 3  # the session still serves the other tests

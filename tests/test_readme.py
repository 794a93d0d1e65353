"""The README's Python code runs as written: every ```python block, alone, in a fresh interpreter.

Each block runs in its own subprocess (nothing carries over from the blocks before it) in an
empty temporary folder, with matplotlib's Agg backend, as a new user would paste it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"

_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def python_blocks() -> list[tuple[int, str]]:
    """(line number, code) of every ```python block of the README."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in _BLOCK.finditer(text)]


BLOCKS = python_blocks()


def test_the_readme_has_python_blocks() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize(("line", "code"), BLOCKS, ids=[f"line{line}" for line, _ in BLOCKS])
def test_block_runs_alone(line: int, code: str, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    pytest.importorskip("sklearn")
    script = tmp_path / f"readme_line{line}.py"
    script.write_text(code, encoding="utf-8")
    env = {**os.environ, "MPLBACKEND": "Agg", "PYTHONWARNINGS": "error::SyntaxWarning"}
    result = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, f"README.md line {line}:\n{result.stderr[-5000:]}"

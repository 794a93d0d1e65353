"""Write every ``phidelta COMMAND --help`` into the CLI page of the user guide.

The page ``docs/guide/cli.rst`` holds the help texts between the markers
``.. BEGIN generated help`` and ``.. END generated help``; run ``python docs/cli_help.py``
after changing an option (``tests/test_guide.py`` fails while the page is stale).
"""

from __future__ import annotations

import sys
from pathlib import Path

PAGE = Path(__file__).parent / "guide" / "cli.rst"
BEGIN = ".. BEGIN generated help (phidelta COMMAND --help)"
END = ".. END generated help"
COMMANDS = (
    "stats",
    "assess",
    "roc-test",
    "power",
    "best-threshold",
    "scan",
    "calibration",
    "decision",
    "triangle",
    "report",
    "demo",
    "serve",
)


def help_text(command: str) -> str:
    """The help of one subcommand at 80 columns, as a terminal of that width shows it."""
    from click.testing import CliRunner

    from phidelta.cli import cli

    result = CliRunner().invoke(cli, [command, "--help"], prog_name="phidelta", terminal_width=80)
    if result.exit_code != 0:  # pragma: no cover - a broken command
        raise RuntimeError(result.output)
    return result.output


def generated() -> str:
    """The block between the markers, markers included."""
    parts = [BEGIN, ""]
    for command in COMMANDS:
        body = "\n".join(
            f"   {line}" if line.strip() else "" for line in help_text(command).splitlines()
        )
        parts += [
            f".. rubric:: phidelta {command} --help",
            "",
            ".. code-block:: text",
            "",
            body,
            "",
        ]
    return "\n".join([*parts, END])


def current(text: str) -> str:
    """The block as the page holds it now."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[start:end]


def main() -> int:
    text = PAGE.read_text(encoding="utf-8")
    PAGE.write_text(text.replace(current(text), generated()), encoding="utf-8")
    print(f"wrote the help of {len(COMMANDS)} commands into {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

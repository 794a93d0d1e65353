"""The report's building blocks: a matplotlib figure as an embedded PNG and named columns as an
HTML table. Below both :mod:`phidelta.report` and the scoring sections, which share them."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping, Sequence
from typing import Any

from phidelta._format import html_table

__all__ = ["figure_html", "table_html"]


def figure_html(fig: Any, caption: str = "", dpi: int = 130) -> str:
    """A matplotlib figure as an embedded PNG (closes the figure)."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    text = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    source = f"data:image/png;base64,{data}"
    return f'<figure><img alt="{html.escape(caption)}" src="{source}">{text}</figure>'


def table_html(
    columns: Mapping[str, Sequence[Any]], *, digits: int = 4, max_rows: int | None = None
) -> str:
    """An HTML table from named columns of equal length: the numbers of a column share their
    decimals (``digits`` significant digits of the largest, two of the smallest; a column of
    p-values keeps ``digits`` significant digits a value), as the command line prints them
    and a notebook shows results (:func:`phidelta._format.html_table`)."""
    return html_table(columns, max_rows=max_rows, digits=digits)

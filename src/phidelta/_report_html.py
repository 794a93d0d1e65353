"""The report's building blocks: a figure as an embedded PNG or, in an interactive report, as a
Plotly figure, and named columns as an HTML table. Below both :mod:`phidelta.report` and the
scoring sections, which share them."""

from __future__ import annotations

import base64
import html
import io
import json
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from phidelta._format import html_table

__all__ = [
    "canvas",
    "figure_html",
    "interactive_figures",
    "is_interactive",
    "plotly_html",
    "table_html",
]

# whether figure_html draws the displays it is given as Plotly figures (an interactive report)
_INTERACTIVE: ContextVar[bool] = ContextVar("phidelta_report_interactive", default=False)


@contextmanager
def interactive_figures(interactive: bool = True) -> Iterator[None]:
    """Within the block, :func:`figure_html` draws each figure given with its ``display`` as
    the interactive figure of the figure specification
    (:func:`phidelta.rendering.plotly.display_figure`) instead of a PNG: the sections are
    the same functions for the static and the interactive report."""
    token = _INTERACTIVE.set(bool(interactive))
    try:
        yield
    finally:
        _INTERACTIVE.reset(token)


def is_interactive() -> bool:
    """Whether the figures are drawn within :func:`interactive_figures` (an interactive
    report): a section that builds its display by drawing it asks first, and computes what
    the interactive figure needs (bands, intervals) without drawing."""
    return _INTERACTIVE.get()


def canvas(figsize: tuple[float, float]) -> tuple[Any, Any]:
    """A new matplotlib figure and axes for a section's figure; ``(None, None)`` within
    :func:`interactive_figures`, whose figures come from the figure specification: there
    the section builds its display without drawing it (nothing for matplotlib to draw and
    throw away)."""
    if is_interactive():
        return None, None
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=figsize)


def plotly_html(spec: Mapping[str, Any], caption: str = "", height: int = 460) -> str:
    """A Plotly figure specification drawn by plotly.js, which the page loads once before
    (:meth:`phidelta.report.Report.html` of an interactive report)."""
    key = f"figure-{uuid.uuid4().hex[:12]}"
    h = int(spec["layout"].get("height") or height)

    def script_json(value: Any) -> str:  # "</" would close the <script> early
        return json.dumps(value, allow_nan=False, separators=(",", ":")).replace("</", "<\\/")

    text = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    # drawn once the page is laid out: a figure drawn before its neighbours exist would keep
    # the width it had alone in its row
    return (
        f'<figure class="interactive"><div id="{key}" class="plotly-figure" '
        f'style="width:100%;height:{h}px"></div><script>(function () {{ var draw = () => '
        f"Plotly.newPlot({json.dumps(key)}, {script_json(spec['data'])}, "
        f"{script_json(spec['layout'])}, {{responsive: true, displaylogo: false}}); "
        'if (document.readyState === "loading") '
        'document.addEventListener("DOMContentLoaded", draw); else draw(); })();</script>'
        f"{text}</figure>"
    )


def figure_html(
    fig: Any,
    caption: str = "",
    dpi: int = 130,
    *,
    display: Any = None,
    spec: Callable[[], Mapping[str, Any]] | None = None,
    **options: Any,
) -> str:
    """A matplotlib figure as an embedded PNG (closes the figure); in an interactive report
    (:func:`interactive_figures`) the figure of ``display`` from the figure specification
    (:func:`phidelta.rendering.plotly.display_figure` with ``options``), or the one ``spec()``
    builds, and ``fig`` (None where :func:`canvas` made none) is closed unseen."""
    import matplotlib.pyplot as plt

    if (display is not None or spec is not None) and _INTERACTIVE.get():
        from phidelta.rendering.plotly import display_figure

        if fig is not None:
            plt.close(fig)
        return plotly_html(display_figure(display, **options) if spec is None else spec(), caption)
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

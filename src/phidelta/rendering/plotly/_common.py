"""Shared pieces of the Plotly figure specifications: colours, escaping, numbers as JSON,
the conversion to ``plotly.graph_objects.Figure`` and the offline notebook output."""

from __future__ import annotations

import html
import json
import uuid
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "BLUE",
    "ISOMETRIC_COLORS",
    "PINK",
    "PURPLE",
    "TEAL",
    "OfflineFigure",
    "escape",
    "notebook_html",
    "plotly_js",
    "to_figure",
]

PINK, BLUE, PURPLE, TEAL = "deeppink", "#2a6bb0", "#5b2a86", "#138d75"
RED, GREEN, ORANGE = "#d62728", "green", "orange"
#: the colour of each isometric family
ISOMETRIC_COLORS = {
    "accuracy": "#1f77b4",
    "bias": "#d62728",
    "sensitivity": "#2ca02c",
    "specificity": "#bcbd22",
    "precision": "#9467bd",
    "negative_predictive_value": "#8c564b",
    "information_gain": "#7f7f7f",
}
#: what every figure's title uses
TITLE_FONT = {"size": 13}


def escape(value: Any) -> str:
    """A data-borne string (a column, feature, fold or class name) as Plotly text.

    Plotly renders a subset of HTML in trace names, hover labels and annotations, so a name
    such as ``<b>blue</b>`` would be drawn bold; escaped, it is drawn as typed.

    Parameters
    ----------
    value : object
        Anything; its ``str``.

    Returns
    -------
    str

    Examples
    --------
    >>> escape("<b>blue</b> & 'red'")
    '&lt;b&gt;blue&lt;/b&gt; &amp; &#x27;red&#x27;'
    """
    return html.escape(str(value), quote=True)


def floats(values: Any) -> list[float | None]:
    """Numbers as JSON: floats, None where not finite."""
    array = np.asarray(values, dtype=float).ravel()
    return [float(v) if np.isfinite(v) else None for v in array]


def figure(data: list[dict[str, Any]], layout: dict[str, Any]) -> dict[str, Any]:
    """A figure specification: ``{"data": traces, "layout": layout}``."""
    return {"data": data, "layout": layout}


#: pixels at the top of a figure that plotly.js's mode bar (the toolbar a hovered figure
#: shows at its top right) takes: titles are drawn below them
TOOLBAR_HEIGHT = 28
#: pixels of one row of a legend at font size 9, and of the axis ticks and title below a plot
LEGEND_ROW, X_AXIS_HEIGHT = 19, 45


def title(text: str, size: int = 13) -> dict[str, Any]:
    """A figure's title: left-aligned just above the plot area and below the band that
    plotly.js's mode bar takes when the figure is hovered, so that neither covers the other
    whatever the figure's width (``automargin`` keeps that band even where a page sets a
    smaller top margin).

    Examples
    --------
    >>> t = title("ROC")
    >>> t["xanchor"], t["yref"], t["pad"]["t"] == TOOLBAR_HEIGHT
    ('left', 'paper', True)
    """
    return {
        "text": text,
        "font": {"size": size},
        "x": 0,
        "xref": "paper",
        "xanchor": "left",
        "y": 1,
        "yref": "paper",
        "yanchor": "bottom",
        "pad": {"t": TOOLBAR_HEIGHT, "b": 6},
        "automargin": True,
    }


def top_margin(text: str, size: int = 13) -> int:
    """The top margin (px) that holds :func:`title` ``text`` below the mode bar's band."""
    return TOOLBAR_HEIGHT + 6 + round(1.35 * size) * (text.count("<br>") + 1)


def legend_entries(data: list[dict[str, Any]]) -> int:
    """How many legend entries plotly.js draws for ``data``: the traces whose
    ``showlegend`` is not False (none when only one would be)."""
    entries = sum(t.get("showlegend") is not False for t in data)
    return entries if entries > 1 else 0


def legend_below(
    rows: int, *, horizontal: bool = False, axis_lines: int = 1
) -> tuple[dict[str, Any], int]:
    """A legend below the plot area, at the bottom of the figure, and the bottom margin (px)
    that holds it under the x axis's ticks and title: it covers no curve, diagonal or band,
    whatever the figure's height.

    Parameters
    ----------
    rows : int
        The legend's rows: its entries (:func:`legend_entries`, plus any a page adds) when
        one a row; fewer rows than it takes make plotly.js lift the axis title onto the
        ticks.
    horizontal : bool, default False
        Entries side by side, wrapped (else one entry a row: no width is too narrow).
    axis_lines : int, default 1
        Lines of the x axis's title.

    Returns
    -------
    (dict, int)
        The layout's ``legend`` and ``margin["b"]``.

    Examples
    --------
    >>> legend, bottom = legend_below(2)
    >>> legend["orientation"], bottom == X_AXIS_HEIGHT + 2 * LEGEND_ROW + 8
    ('v', True)
    >>> legend_below(0)[1] == X_AXIS_HEIGHT
    True
    """
    legend = {
        "font": {"size": 9},
        "orientation": "h" if horizontal else "v",
        "traceorder": "normal",  # filled bands would otherwise reverse it
        "x": 0,
        "xref": "paper",
        "xanchor": "left",
        "y": 0,
        "yref": "container",
        "yanchor": "bottom",
    }
    axis = X_AXIS_HEIGHT + 18 * (axis_lines - 1)
    return legend, axis + (LEGEND_ROW * rows + 8 if rows else 0)


def percent(level: float) -> str:
    """A confidence level as the page writes it: 0.95 → "95%"."""
    return f"{float(f'{100 * level:.3g}'):g}%"


def precision(value: float, digits: int = 3) -> str:
    """A number with ``digits`` significant digits, trailing zeros kept (1 → "1.00"), as
    JavaScript's ``toPrecision`` writes it."""
    text = f"{float(value):#.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        text = f"{mantissa.rstrip('.')}e{int(exponent):+d}"
    return text.rstrip(".")


def number(value: float, digits: int = 3) -> str:
    """A number rounded to ``digits`` significant digits, without trailing zeros
    (1 → "1", 0.12345 → "0.123"); infinite cuts (predict no row or every row positive) as
    "∞" and "−∞"."""
    if not np.isfinite(value):
        return "nan" if np.isnan(value) else ("∞" if value > 0 else "−∞")
    rounded = float(f"{float(value):.{digits}g}")
    if rounded == int(rounded) and abs(rounded) < 1e15:
        return str(int(rounded))
    return repr(rounded)


def _require_plotly(what: str) -> Any:
    try:
        import plotly.graph_objects as go
    except ImportError:
        raise ImportError(
            f"{what} needs plotly; install the 'interactive' extra "
            "(pip install 'phidelta[interactive]'; the 'web' extra has it too)."
        ) from None
    return go


def to_figure(spec: dict[str, Any]) -> Any:
    """A figure specification as a ``plotly.graph_objects.Figure``.

    Parameters
    ----------
    spec : dict
        ``{"data": [...], "layout": {...}}`` from a ``*_figure`` function.

    Returns
    -------
    plotly.graph_objects.Figure

    Raises
    ------
    ImportError
        If plotly is not installed (the ``interactive`` or ``web`` extra).

    Examples
    --------
    >>> from phidelta.rendering.plotly import phi_delta_figure
    >>> fig = to_figure(phi_delta_figure([0.1], [0.5], names=["f"]))
    >>> [trace.name for trace in fig.data][-1]
    'folds'
    """
    go = _require_plotly("to_figure")
    if not (isinstance(spec, dict) and "data" in spec and "layout" in spec):
        raise TypeError(
            "`spec` must be a figure specification {'data': [...], 'layout': {...}}; got "
            f"{type(spec).__name__}."
        )
    return go.Figure(data=spec["data"], layout=spec["layout"])


def plotly_js() -> str:
    """The text of plotly.js as the installed plotly package ships it (no network).

    Raises
    ------
    ImportError
        If plotly is not installed.
    """
    _require_plotly("plotly_js")
    import plotly

    return (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text("utf-8")


def _spec_of(fig: Any) -> dict[str, Any]:
    if isinstance(fig, dict):
        return {"data": fig["data"], "layout": fig["layout"]}
    if hasattr(fig, "to_plotly_json"):  # a plotly Figure
        return json.loads(fig.to_json())
    raise TypeError(
        f"expected a figure specification or a plotly Figure; got {type(fig).__name__}."
    )


def _script_json(value: Any) -> str:
    # inside <script>: no "</" may close the element early
    text = json.dumps(value, allow_nan=False, default=float)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def notebook_html(*figures: Any, include_plotlyjs: bool = True, height: int = 480) -> str:
    """HTML that draws figures with plotly.js inlined once: no network at view time.

    Plotly's own notebook renderer loads plotly.js from a CDN, which a notebook without
    network (or one opened later from disk) cannot show. This HTML carries the library
    itself (once, however many figures follow; a page that already has ``window.Plotly``
    keeps its own) and draws each figure into its own ``div``. Under RequireJS (the classic
    notebook) plotly.js is loaded as a plain script, so ``window.Plotly`` is set either way.

    Parameters
    ----------
    *figures : dict or plotly Figure
        Figure specifications (``*_figure`` functions) or ``to_plotly()`` figures.
    include_plotlyjs : bool, default=True
        Inline plotly.js; False when the page is known to have it (a second output).
    height : int, default=480
        Height of each figure's ``div`` in pixels where its layout sets none.

    Returns
    -------
    str

    Examples
    --------
    >>> from phidelta.rendering.plotly import phi_delta_figure
    >>> page = notebook_html(phi_delta_figure([0.1], [0.5]), phi_delta_figure([0.2], [0.1]))
    >>> page.count("Plotly.newPlot"), "<script src" in page  # nothing fetched
    (2, False)
    """
    parts = []
    if include_plotlyjs:
        js = plotly_js().replace("</script", "<\\/script")
        parts.append(
            "<script>window.__phideltaDefine = window.define; window.define = undefined;"
            "</script>"
            f"<script>if (!window.Plotly) {{ {js} \n}}</script>"
            "<script>window.define = window.__phideltaDefine;</script>"
        )
    for fig in figures:
        spec = _spec_of(fig)
        div = f"phidelta-{uuid.uuid4().hex}"
        h = int(spec["layout"].get("height") or height)
        parts.append(
            f'<div id="{div}" style="width:100%;height:{h}px;"></div>'
            f"<script>Plotly.newPlot({json.dumps(div)}, {_script_json(spec['data'])}, "
            f"{_script_json(spec['layout'])}, {{responsive: true}});</script>"
        )
    return '<div class="phidelta-figures">' + "".join(parts) + "</div>"


class OfflineFigure:
    """A figure that a notebook (Jupyter, VS Code) shows inline with plotly.js inlined.

    Parameters
    ----------
    *figures : dict or plotly Figure
        What to show, one below the other.

    Examples
    --------
    >>> from phidelta.rendering.plotly import phi_delta_figure
    >>> shown = OfflineFigure(phi_delta_figure([0.1], [0.5]))
    >>> "Plotly.newPlot" in shown._repr_html_()
    True
    """

    def __init__(self, *figures: Any) -> None:
        self.figures = figures

    def _repr_html_(self) -> str:
        return notebook_html(*self.figures)

"""Plotly figure specifications: one figure code for the web page, the notebook and the
interactive report.

Each ``*_figure`` function builds a figure as plain, JSON-ready dicts —
``{"data": [traces], "layout": {...}}`` — from the geometry and measures layers; building one
needs no plotly. The web page draws them as the server sends them (``Plotly.react``), each
matplotlib Display's ``to_plotly()`` turns them into a ``plotly.graph_objects.Figure``, and
:func:`notebook_html` / :class:`OfflineFigure` show them in a notebook with plotly.js inlined
(no CDN, so a notebook without network, or saved, still shows them).

Figures (stable names)
----------------------
phi_delta_figure(phi, delta, *, ratio, names, view, isometrics, hover, highlight, marked, mean,
    ellipse, regions, pooled_region, pooled_point, ...)
    The φ-δ diagram (signature: ``view="feature"``; assessment: ``view="classifier"``).
roc_figure(tables, *, names, space="roc"|"coverage", hull, ratio, cost_ratio, optimal,
    operating_point, bands, acceptable_region, thin)
precision_recall_figure(tables, *, names, bands, thin)
calibration_figure(y_true, scores, *, table, kind="map"|"reliability"|"smooth", reliability,
    band)
threshold_scan_figure(table, *, measures, against, log)
decision_curve_figure(curves, *, names, kind, band, treat_all, treat_none)
entropy_triangle_figure(balance, *, names, pooled, interval_segments)

Building blocks
---------------
diamond_traces(ratio, *, isometrics), corner_annotations(ratio, *, view, small),
phi_delta_layout(ratio, *, view, title_text, legend_below), point_traces(phi, delta, ...),
region_traces(polygons, ...), thinned(x, y) (indices of a curve's vertices to draw),
escape(text) (data-borne strings as Plotly text), legend_entries(data) and
legend_below(rows) (a figure's legend under its plot area and the bottom margin that holds
it: a figure whose traces are added to grows its margin), ISOMETRIC_FAMILIES,
ISOMETRIC_COLORS.

display_figure(display, **options): the specification of a matplotlib Display's values
(``display.to_plotly(**options)`` is ``to_figure(display_figure(display, **options))``; every
Display inherits ``to_plotly`` from :class:`InteractiveDisplay`).

Large inputs: ROC, coverage and precision–recall curves, the lowess calibration curve and
threshold scans of more than 1,000 vertices are thinned for drawing by
:func:`phidelta.geometry.thin_polyline` — no drawn point further than half a pixel of a
1,000-pixel plot from the exact curve, every drawn vertex exact.

Output
------
to_figure(spec) → plotly.graph_objects.Figure (needs the ``interactive`` or ``web`` extra);
notebook_html(*figures) → HTML with plotly.js inlined once; OfflineFigure(*figures) shows
them inline (``_repr_html_``); plotly_js() → the installed plotly.js text.

Examples
--------
>>> from phidelta.rendering.plotly import phi_delta_figure
>>> spec = phi_delta_figure([0.1, -0.2], [0.5, 0.3], names=["f1", "f2"], view="feature")
>>> spec["data"][0]["name"], spec["layout"]["yaxis"]["scaleanchor"]
('diamond', 'x')
"""

from phidelta.rendering.plotly._common import (
    ISOMETRIC_COLORS,
    OfflineFigure,
    escape,
    legend_below,
    legend_entries,
    notebook_html,
    plotly_js,
    to_figure,
)
from phidelta.rendering.plotly._curves import (
    calibration_figure,
    decision_curve_figure,
    precision_recall_figure,
    roc_figure,
    thinned,
    threshold_scan_figure,
)
from phidelta.rendering.plotly._displays import InteractiveDisplay, display_figure
from phidelta.rendering.plotly._phidelta import (
    ISOMETRIC_FAMILIES,
    corner_annotations,
    diamond_traces,
    phi_delta_figure,
    phi_delta_layout,
    point_traces,
    region_traces,
)
from phidelta.rendering.plotly._triangle import entropy_triangle_figure

__all__ = [
    "ISOMETRIC_COLORS",
    "ISOMETRIC_FAMILIES",
    "InteractiveDisplay",
    "OfflineFigure",
    "calibration_figure",
    "corner_annotations",
    "decision_curve_figure",
    "diamond_traces",
    "display_figure",
    "entropy_triangle_figure",
    "escape",
    "legend_below",
    "legend_entries",
    "notebook_html",
    "phi_delta_figure",
    "phi_delta_layout",
    "plotly_js",
    "point_traces",
    "precision_recall_figure",
    "region_traces",
    "roc_figure",
    "thinned",
    "threshold_scan_figure",
    "to_figure",
]

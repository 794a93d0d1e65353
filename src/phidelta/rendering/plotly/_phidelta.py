"""The φ-δ diagram as a Plotly figure specification (Armano 2015; Armano et al. 2019)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from phidelta.geometry import diamond, isometrics, spread_ellipse
from phidelta.rendering.plotly._common import (
    BLUE,
    ISOMETRIC_COLORS,
    ORANGE,
    PINK,
    PURPLE,
    escape,
    figure,
    floats,
    precision,
    title,
    top_margin,
)
from phidelta.rendering.plotly._common import legend_below as _legend_under

__all__ = [
    "ISOMETRIC_FAMILIES",
    "corner_annotations",
    "diamond_traces",
    "phi_delta_figure",
    "phi_delta_layout",
    "point_traces",
    "region_traces",
]

#: the isometric families a diagram can show, in the order of the page's toggles
ISOMETRIC_FAMILIES = tuple(ISOMETRIC_COLORS)

PHI_TITLE = "φ (characteristic / bias)"
DELTA_TITLE = "δ (discriminant / accuracy)"
MARGIN = {"l": 55, "r": 25, "t": 35, "b": 45}
#: the width (px) that a legend below the diagram is assumed to have when its rows are
#: counted: a half-width plot's, or less (more rows counted than drawn leave a blank line;
#: fewer would push the φ axis's title onto its ticks)
LEGEND_WIDTH = 400


#: pixels between the φ-δ diagram's title and its plot area, for the oracle's label
_ORACLE_ROOM = 12


@lru_cache(maxsize=64)
def _lines(
    ratio: float, name: str
) -> tuple[tuple[float, tuple[float, ...], tuple[float, ...]], ...]:
    # the information-gain curves cost ~50 ms: computed once per ratio
    return tuple(
        (float(line.value), tuple(floats(line.phi)), tuple(floats(line.delta)))
        for line in isometrics(name, ratio=ratio, num=41)
        if not line.is_empty
    )


def diamond_traces(
    ratio: float = 1.0, *, isometrics: Sequence[str] = ("accuracy",)
) -> list[dict[str, Any]]:
    """The diamond of ``ratio`` and the isometric lines of some families, as traces.

    The border comes first (trace 0, named "diamond", lightly filled); each family follows,
    one trace per line, named after the family with one legend entry for all its lines and
    the line's value on hover. Each isometric trace carries ``meta={"isometric": name}`` so
    that a page can show or hide a family without asking for the figure again.

    Parameters
    ----------
    ratio : float in [0.1, 10], default 1.0
        Class ratio N/P of the diagram.
    isometrics : sequence of str, default ("accuracy",)
        Families of :data:`ISOMETRIC_FAMILIES`.

    Returns
    -------
    list of dict

    Raises
    ------
    ValueError
        If a family is unknown or the ratio is out of range.

    Examples
    --------
    >>> traces = diamond_traces(1.0, isometrics=["accuracy", "bias"])
    >>> traces[0]["name"], traces[0]["x"]
    ('diamond', [0.0, 1.0, 0.0, -1.0, 0.0])
    >>> sorted({t["name"] for t in traces[1:]})
    ['accuracy', 'bias']
    """
    for name in isometrics:
        if name not in ISOMETRIC_COLORS:
            raise ValueError(
                f"`isometrics` must name families of {list(ISOMETRIC_FAMILIES)}; got {name!r}."
            )
    border = diamond(ratio).border
    traces: list[dict[str, Any]] = [
        {
            "type": "scatter",
            "x": floats(border[:, 0]),
            "y": floats(border[:, 1]),
            "mode": "lines",
            "name": "diamond",
            "line": {"color": "black", "width": 1.5},
            "hoverinfo": "skip",
            "fill": "toself",
            "fillcolor": "rgba(0,0,0,0.03)",
        }
    ]
    for name in isometrics:
        for i, (value, phi, delta) in enumerate(_lines(float(ratio), name)):
            traces.append(
                {
                    "type": "scatter",
                    "x": list(phi),
                    "y": list(delta),
                    "mode": "lines",
                    "name": name.replace("_", " "),
                    "legendgroup": name,
                    "showlegend": i == 0,
                    "line": {"color": ISOMETRIC_COLORS[name], "width": 0.7},
                    "opacity": 0.6,
                    "hovertemplate": f"{name} = {value:.4g}<extra></extra>",
                    "meta": {"isometric": name},
                }
            )
    return traces


def corner_annotations(
    ratio: float = 1.0, *, view: str = "classifier", small: bool = False
) -> list[dict[str, Any]]:
    """The corners' names as annotations outside the diamond.

    Annotations are drawn above every trace (a point never hides them) and are not clipped
    by the plot area. The top and bottom names stand beside their corner, joined to it by a
    short leader line, so that a point at the corner is never under its name; the side names
    take two lines (on a ``small`` plot, a word a line above the corner).

    Parameters
    ----------
    ratio : float in [0.1, 10], default 1.0
        Class ratio N/P of the diagram.
    view : {"classifier", "feature"}, default "classifier"
        Which reading of the corners (:meth:`phidelta.geometry.Corner.label`).
    small : bool, default False
        Labels for a narrow plot (a phone).

    Returns
    -------
    list of dict

    Examples
    --------
    >>> [a["text"] for a in corner_annotations()][:2]
    ['oracle', 'dummy:<br>always positive']
    """
    if view not in ("classifier", "feature"):
        raise ValueError(f'`view` must be "classifier" or "feature"; got {view!r}.')
    out = []
    for corner in diamond(ratio).corners.values():
        text = escape(corner.label(view))
        top, bottom = corner.delta > 0.99, corner.delta < -0.99
        if top or bottom:
            out.append(
                {
                    "x": corner.phi,
                    "y": corner.delta,
                    "text": text,
                    "showarrow": True,
                    "arrowhead": 0,
                    "arrowwidth": 1,
                    "arrowcolor": "#999",
                    "ax": 22,
                    "ay": -12 if top else 12,
                    "standoff": 3,
                    "xanchor": "left",
                    "yanchor": "middle",
                    "font": {"size": 10, "color": "#555"},
                }
            )
            continue
        left = corner.phi < 0
        text = text.replace(" ", "<br>") if small else text.replace(": ", ":<br>", 1)
        out.append(
            {
                "x": corner.phi,
                "y": corner.delta,
                "text": text,
                "showarrow": False,
                "font": {"size": 9 if small else 10, "color": "#555"},
                "xanchor": "right" if left else "left",
                "yanchor": "bottom" if small else "middle",
                "align": "right" if left else "left",
                "xshift": -4 if left else 4,
                "yshift": 2 if small else 0,
            }
        )
    return out


def phi_delta_layout(
    ratio: float = 1.0,
    *,
    view: str = "classifier",
    title_text: str | None = None,
    legend_below: bool = False,
) -> dict[str, Any]:
    """The layout of a φ-δ diagram: equal units, axes that hold the diamond and its corner
    names and no more, the corners named.

    Parameters
    ----------
    ratio : float in [0.1, 10], default 1.0
        Class ratio N/P of the diagram.
    view : {"classifier", "feature"}, default "classifier"
        Which corner names.
    title_text : str, optional
        The title; default "φ-δ diagram, N/P = …".
    legend_below : bool, default False
        The legend below the diagram (a half-width plot), not beside it.

    Returns
    -------
    dict

    Examples
    --------
    >>> layout = phi_delta_layout(1.0)
    >>> layout["xaxis"]["range"], layout["yaxis"]["scaleanchor"]
    ([-1.62, 1.62], 'x')
    """
    border = diamond(ratio).border[:, 0]
    low, high = float(border.min()) - 0.62, float(border.max()) + 0.62
    text = title_text or f"φ-δ diagram, N/P = {precision(ratio)}"
    # the oracle's label rises above δ = 1 and, on a small plot, above the plot area: the
    # title keeps its distance
    margin = {**MARGIN, "t": top_margin(text) + _ORACLE_ROOM}
    heading = title(text)
    heading["pad"]["b"] += _ORACLE_ROOM
    legend: dict[str, Any] = {"font": {"size": 9}}
    if legend_below:  # at the bottom of the figure, under the φ axis's title: two rows
        legend, margin["b"] = _legend_under(2, horizontal=True)
    return {
        "margin": margin,
        "hovermode": "closest",
        "title": heading,
        "xaxis": {
            "title": {"text": PHI_TITLE},
            "zeroline": True,
            "range": [round(low, 12), round(high, 12)],
            "constrain": "domain",
        },
        "yaxis": {
            "title": {"text": DELTA_TITLE},
            "scaleanchor": "x",
            "scaleratio": 1,
            "zeroline": True,
            "range": [-1.16, 1.16],
            "constrain": "domain",
        },
        "legend": legend,
        "annotations": corner_annotations(ratio, view=view),
    }


def _legend_rows(data: list[dict[str, Any]]) -> int:
    """The rows of a horizontal legend of ``data`` :data:`LEGEND_WIDTH` wide: plotly.js
    aligns the entries of a wrapped legend in columns as wide as the widest entry (a
    40-pixel symbol and up to about 5.5 pixels a character at font size 9)."""
    names = [str(t.get("name", "")) for t in data if t.get("showlegend") is not False]
    if not names:
        return 0
    widest = 40 + 5.5 * max(len(name) for name in names)
    per_row = max(1, int(LEGEND_WIDTH // widest))
    return -(-len(names) // per_row)


def _hover(names: list[str], hover: Mapping[str, Any] | None, n: int) -> tuple[list[Any], str]:
    """customdata rows [name, index, *extra] and the hover template showing them."""
    extra = dict(hover or {})
    columns = []
    lines = []
    for k, (label, values) in enumerate(extra.items()):
        values = list(values)
        if len(values) != n:
            raise ValueError(f"`hover[{label!r}]` has {len(values)} values for {n} points.")
        numeric = all(isinstance(v, (int, float, np.number)) or v is None for v in values)
        columns.append(floats(values) if numeric else [escape(v) for v in values])
        fmt = ":.4f" if numeric else ""
        lines.append(f"<br>{escape(label)} = %{{customdata[{k + 2}]{fmt}}}")
    rows = [[names[i], i, *(c[i] for c in columns)] for i in range(n)]
    template = "<b>%{customdata[0]}</b><br>φ = %{x:.4f}<br>δ = %{y:.4f}" + "".join(lines)
    return rows, template + "<extra></extra>"


def point_traces(
    phi: Any,
    delta: Any,
    *,
    names: Sequence[Any] | None = None,
    name: str = "points",
    color: str = BLUE,
    symbol: str = "circle",
    size: float = 8,
    hover: Mapping[str, Any] | None = None,
    highlight: Any = None,
    marked: Any = None,
    mean: bool = False,
    ellipse: bool = False,
    accent: str | None = None,
) -> list[dict[str, Any]]:
    """One set of points (features, folds, classifiers) with its mean and 2σ spread.

    The points' trace is named ``name``; each point's ``customdata`` is
    ``[escaped name, index, *hover values]``, and hovering shows the name, φ and δ (and the
    ``hover`` columns). Highlighted points are pink and larger; marked points (significant
    features) are stars.

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        The points' coordinates.
    names : sequence, optional
        One name per point (data-borne: escaped); default "1", "2", …
    name : str, default "points"
        The trace's name (legend entry).
    color, symbol : str
        The markers' colour and symbol.
    size : float, default 8
        The markers' size in pixels.
    hover : mapping of str to sequence, optional
        More values to show on hover, by label (numbers with four decimals, text as is).
    highlight : array-like of int, optional
        Indices of points drawn pink and larger.
    marked : array-like of bool, optional
        One flag per point: flagged points are stars.
    mean, ellipse : bool, default False
        Add the mean point ("mean", an x) and the 2σ spread ellipse ("spread (2σ)") of the
        finite points.
    accent : str, optional
        The colour of the mean and spread; default orange.

    Returns
    -------
    list of dict
        The spread (if any), the points, the mean (if any).

    Examples
    --------
    >>> traces = point_traces([0.1, -0.2], [0.5, 0.3], names=["<i>a</i>", "b"], mean=True)
    >>> [t["name"] for t in traces], traces[0]["customdata"][0][0]
    (['points', 'mean'], '&lt;i&gt;a&lt;/i&gt;')
    """
    phi = np.asarray(phi, dtype=float).ravel()
    delta = np.asarray(delta, dtype=float).ravel()
    n = len(phi)
    if len(delta) != n:
        raise ValueError(f"`phi` and `delta` must have the same length; got {n} and {len(delta)}.")
    labels = [escape(v) for v in names] if names is not None else [str(i + 1) for i in range(n)]
    if len(labels) != n:
        raise ValueError(f"`names` has {len(labels)} names for {n} points.")
    chosen = np.zeros(n, dtype=bool)
    if highlight is not None:
        picked = np.asarray(highlight, dtype=int).ravel()
        if picked.size and (picked.min() < 0 or picked.max() >= n):
            raise ValueError(
                f"`highlight` must hold indices of the {n} points; got {picked.tolist()}."
            )
        chosen[picked] = True
    stars = np.zeros(n, dtype=bool) if marked is None else np.asarray(marked, dtype=bool)
    if len(stars) != n:
        raise ValueError(f"`marked` has {len(stars)} flags for {n} points.")
    customdata, template = _hover(labels, hover, n)
    points = {
        "type": "scatter",
        "x": floats(phi),
        "y": floats(delta),
        "mode": "markers",
        "name": name,
        "customdata": customdata,
        "marker": {
            "color": [PINK if c else color for c in chosen] if chosen.any() else color,
            "size": [
                (size + 6 if c else size) + (4 if s else 0)
                for c, s in zip(chosen, stars, strict=True)
            ]
            if (chosen.any() or stars.any())
            else size,
            "symbol": ["star" if s else symbol for s in stars] if stars.any() else symbol,
            "line": {"color": "white", "width": 0.5},
        },
        "hovertemplate": template,
    }
    traces: list[dict[str, Any]] = []
    ok = np.isfinite(phi) & np.isfinite(delta)
    accent = accent or ORANGE
    # a named set ("A: folds") names its mean and spread alike ("A: mean")
    prefix = f"{name.rsplit(': ', 1)[0]}: " if ": " in name else ""
    if ellipse and ok.sum() >= 2:
        ring = spread_ellipse(phi[ok], delta[ok])
        traces.append(
            {
                "type": "scatter",
                "x": floats(ring[:, 0]),
                "y": floats(ring[:, 1]),
                "mode": "lines",
                "name": f"{prefix}spread (2σ)",
                "line": {"color": accent},
                "hoverinfo": "skip",
            }
        )
    traces.append(points)
    if mean and ok.any():
        traces.append(
            {
                "type": "scatter",
                "x": [float(phi[ok].mean())],
                "y": [float(delta[ok].mean())],
                "mode": "markers",
                "name": f"{prefix}mean",
                "marker": {"symbol": "x", "size": 13, "color": accent},
                "hovertemplate": f"{prefix}mean<br>φ = %{{x:.4f}}<br>δ = %{{y:.4f}}<extra></extra>",
            }
        )
    return traces


def region_traces(
    polygons: Sequence[Any],
    *,
    pooled: Any = None,
    pooled_point: tuple[float, float] | None = None,
    level: float = 0.95,
    label: str | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Joint confidence regions (:func:`phidelta.inference.phi_delta_region`) as traces.

    Parameters
    ----------
    polygons : sequence of (4, 2) arrays or None
        Every point's region, its corners in order around it (None or non-finite: none).
    pooled : (4, 2) array, optional
        The region of the pooled counts.
    pooled_point : (float, float), optional
        The pooled counts' point, a star.
    level : float, default 0.95
        The regions' confidence level (named in the legend).
    label : str, optional
        Whose regions (a classifier's name, data-borne: escaped).

    Returns
    -------
    below, above : list of dict
        The regions (to draw under the points) and the pooled point (to draw last).

    Examples
    --------
    >>> square = [[0, 0.1], [0.1, 0], [0, -0.1], [-0.1, 0]]
    >>> below, above = region_traces([square], pooled_point=(0.0, 0.0))
    >>> below[0]["name"], below[0]["x"][-1], above[0]["marker"]["symbol"]
    ('95% regions, folds', None, 'star')
    """
    who = f"{escape(label)}: " if label else ""
    named = f"{who}{round(level * 100)}%"
    xs: list[float | None] = []
    ys: list[float | None] = []
    for polygon in polygons:
        if polygon is None:
            continue
        ring = np.asarray(polygon, dtype=float)
        if not np.isfinite(ring).all():
            continue
        ring = np.vstack([ring, ring[:1]])
        xs += [*floats(ring[:, 0]), None]
        ys += [*floats(ring[:, 1]), None]
    below: list[dict[str, Any]] = [
        {
            "type": "scatter",
            "x": xs,
            "y": ys,
            "mode": "lines",
            "fill": "toself",
            "name": f"{named} regions, folds",
            "line": {"color": BLUE, "width": 0.8},
            "fillcolor": "rgba(42,107,176,0.08)",
            "hoverinfo": "skip",
        }
    ]
    if pooled is not None and np.isfinite(np.asarray(pooled, dtype=float)).all():
        ring = np.asarray(pooled, dtype=float)
        ring = np.vstack([ring, ring[:1]])
        below.append(
            {
                "type": "scatter",
                "x": floats(ring[:, 0]),
                "y": floats(ring[:, 1]),
                "mode": "lines",
                "fill": "toself",
                "name": f"{named} region, pooled",
                "line": {"color": PURPLE, "width": 2},
                "fillcolor": "rgba(91,42,134,0.15)",
                "hoverinfo": "skip",
            }
        )
    above = []
    if pooled_point is not None and np.isfinite(pooled_point).all():
        above.append(
            {
                "type": "scatter",
                "x": [float(pooled_point[0])],
                "y": [float(pooled_point[1])],
                "mode": "markers",
                "name": f"{who}pooled folds",
                "marker": {
                    "symbol": "star",
                    "size": 14,
                    "color": PURPLE,
                    "line": {"color": "white", "width": 1},
                },
                "hovertemplate": "pooled folds<br>φ = %{x:.4f}<br>δ = %{y:.4f}<extra></extra>",
            }
        )
    return below, above


def phi_delta_figure(
    phi: Any,
    delta: Any,
    *,
    ratio: float = 1.0,
    names: Sequence[Any] | None = None,
    view: str = "classifier",
    isometrics: Sequence[str] = ("accuracy",),
    name: str | None = None,
    hover: Mapping[str, Any] | None = None,
    highlight: Any = None,
    marked: Any = None,
    marked_label: str = "marked",
    mean: bool = False,
    ellipse: bool = False,
    regions: Sequence[Any] | None = None,
    pooled_region: Any = None,
    pooled_point: tuple[float, float] | None = None,
    confidence_level: float = 0.95,
    region_label: str | None = None,
    title_text: str | None = None,
    legend_below: bool = False,
) -> dict[str, Any]:
    """A φ-δ diagram as a Plotly figure specification (plain, JSON-ready dicts).

    The diamond of ``ratio`` (the generalized diagram when ratio ≠ 1, Armano et al. 2019),
    the isometric lines of some families, the corners named (classifier or feature view), and
    the points — features of a signature or folds of an assessment — with their names, φ and
    δ on hover; optionally their mean and 2σ spread, their joint confidence regions, the
    pooled point, highlighted and marked points.

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        The points at ``ratio``.
    ratio : float in [0.1, 10], default 1.0
        Class ratio N/P of the diagram.
    names : sequence, optional
        One name per point (escaped: data-borne names are drawn as typed).
    view : {"classifier", "feature"}, default "classifier"
        Which corner names.
    isometrics : sequence of str, default ("accuracy",)
        Families of :data:`ISOMETRIC_FAMILIES` to draw.
    name : str, optional
        The points' legend entry; default "folds" (classifier view) or "features".
    hover : mapping of str to sequence, optional
        More values per point to show on hover (e.g. sensitivity, specificity).
    highlight : array-like of int, optional
        Points drawn pink and larger.
    marked : array-like of bool, optional
        Points drawn as stars, with a legend entry ``marked_label``.
    marked_label : str, default "marked"
        The legend entry of the marked points.
    mean, ellipse : bool, default False
        The mean and the 2σ spread ellipse of the points.
    regions : sequence of (4, 2) arrays, optional
        Each point's joint confidence region (drawn under the points).
    pooled_region : (4, 2) array, optional
        The pooled counts' region.
    pooled_point : (float, float), optional
        The pooled counts' point (a star, drawn last).
    confidence_level : float, default 0.95
        The regions' level, for the legend.
    region_label : str, optional
        Whose regions and pooled point, in their legend entries (a classifier's name).
    title_text : str, optional
        The title.
    legend_below : bool, default False
        The legend below the diagram.

    Returns
    -------
    dict
        ``{"data": [...], "layout": {...}}``; ``plotly.graph_objects.Figure(**spec)`` or
        :func:`to_figure` draws it.

    Examples
    --------
    >>> spec = phi_delta_figure([0.1, -0.2], [0.5, 0.3], names=["f1", "f2"], view="feature")
    >>> [t["name"] for t in spec["data"] if t.get("showlegend") is not False]
    ['diamond', 'accuracy', 'features']
    >>> spec["data"][-1]["customdata"][1][0]
    'f2'
    """
    point_name = name or ("folds" if view == "classifier" else "features")
    data = diamond_traces(ratio, isometrics=isometrics)
    below, above = [], []
    if regions is not None or pooled_region is not None or pooled_point is not None:
        below, above = region_traces(
            regions or [],
            pooled=pooled_region,
            pooled_point=pooled_point,
            level=confidence_level,
            label=region_label,
        )
    data += below
    data += point_traces(
        phi,
        delta,
        names=names,
        name=point_name,
        hover=hover,
        highlight=highlight,
        marked=marked,
        mean=mean,
        ellipse=ellipse,
    )
    if marked is not None and np.asarray(marked, dtype=bool).any():
        data.append(
            {
                "type": "scatter",
                "x": [None],
                "y": [None],
                "mode": "markers",
                "name": marked_label,
                "marker": {"symbol": "star", "size": 11, "color": BLUE},
                "hoverinfo": "skip",
            }
        )
    data += above
    layout = phi_delta_layout(ratio, view=view, title_text=title_text, legend_below=legend_below)
    if legend_below:  # as many rows as the entries take
        layout["margin"]["b"] = _legend_under(max(_legend_rows(data), 2), horizontal=True)[1]
    return figure(data, layout)

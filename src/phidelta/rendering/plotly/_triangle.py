"""The entropy triangle (Valverde-Albacete & Peláez-Moreno 2014) as a Plotly figure
specification."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phidelta.geometry import extended_triangle, ternary_grid
from phidelta.rendering.plotly._common import (
    escape,
    figure,
    floats,
    percent,
    title,
    top_margin,
)
from phidelta.rendering.plotly._curves import COLORS

__all__ = ["entropy_triangle_figure"]

_H = float(np.sqrt(3) / 2)


def _corner(x: float, y: float, text: str, ax: int, ay: int, xanchor: str) -> dict[str, Any]:
    # beside the corner, joined by a short leader line (never on a point, never clipped)
    return {
        "x": x,
        "y": y,
        "text": text,
        "showarrow": True,
        "arrowhead": 0,
        "arrowwidth": 1,
        "arrowcolor": "#888",
        "ax": ax,
        "ay": ay,
        "standoff": 6,
        "xanchor": xanchor,
        "yanchor": "middle",
        "font": {"size": 11, "color": "#444"},
    }


def entropy_triangle_figure(
    balance: Any,
    *,
    names: Sequence[Any] | None = None,
    pooled: Any = None,
    interval_segments: Any = None,
    confidence_level: float = 0.95,
    levels: Sequence[float] = (0.2, 0.4, 0.6, 0.8),
    title_text: str | None = None,
) -> dict[str, Any]:
    """The extended entropy triangle as a Plotly figure specification.

    The triangle with the level lines of ΔH′, 2MI′ and VI′, its corners named, and for each
    matrix F_X ◀, F_XY ● and F_Y ▶ joined (hover: the matrix's name and coordinates); the
    pooled matrix's marks with a star; the intervals of ΔH′, 2MI′ and VI′ as segments
    (:func:`phidelta.geometry.ternary_interval_segments`).

    Parameters
    ----------
    balance : EntropyBalance
        :func:`phidelta.measures.entropy_balance` of the matrices.
    names : sequence, optional
        One name per matrix (escaped); default "1", "2", …
    pooled : EntropyBalance, optional
        The balance of the matrices added up.
    interval_segments : array of shape (k, 3, 2, 2), optional
        Per point, the three segments' ends.
    confidence_level : float, default 0.95
        The intervals' level, for the legend.
    levels : sequence of float
        The level lines of each fraction.
    title_text : str, optional
        The title.

    Returns
    -------
    dict

    Examples
    --------
    >>> from phidelta import ConfusionMatrix
    >>> from phidelta.measures import entropy_balance
    >>> balance = entropy_balance(ConfusionMatrix([[[8, 2], [1, 9]]]))
    >>> spec = entropy_triangle_figure(balance, names=["m"])
    >>> [t["name"] for t in spec["data"] if t.get("showlegend") is not False]
    ['triangle', 'm']
    """
    coords = extended_triangle(balance)
    k = len(coords.joint)
    labels = [escape(n) for n in names] if names is not None else [str(i + 1) for i in range(k)]
    if len(labels) != k:
        raise ValueError(f"`names` has {len(labels)} names for {k} matrices.")
    data: list[dict[str, Any]] = []
    for lines in ternary_grid(tuple(levels)).lines.values():
        for segment in lines:
            segment = np.asarray(segment, dtype=float)
            data.append(
                {
                    "type": "scatter",
                    "x": floats(segment[:, 0]),
                    "y": floats(segment[:, 1]),
                    "mode": "lines",
                    "line": {"color": "#e3e3e3", "width": 1},
                    "hoverinfo": "skip",
                    "showlegend": False,
                }
            )
    data.append(
        {
            "type": "scatter",
            "x": [0, 1, 0.5, 0],
            "y": [0, 0, _H, 0],
            "mode": "lines",
            "line": {"color": "black"},
            "name": "triangle",
            "hoverinfo": "skip",
        }
    )
    if interval_segments is not None:
        xs: list[float | None] = []
        ys: list[float | None] = []
        for point in np.asarray(interval_segments, dtype=float):
            for ends in point:
                if np.isfinite(ends).all():
                    xs += [float(ends[0][0]), float(ends[1][0]), None]
                    ys += [float(ends[0][1]), float(ends[1][1]), None]
        data.append(
            {
                "type": "scatter",
                "x": xs,
                "y": ys,
                "mode": "lines",
                "name": f"{percent(confidence_level)} intervals of ΔH′, 2MI′, VI′",
                "line": {
                    "color": "rgba(0,0,0,0.45)" if pooled is not None else "rgba(31,119,180,0.55)",
                    "width": 3,
                },
                "hoverinfo": "skip",
            }
        )
    for i, name in enumerate(labels):
        marks = np.array([coords.input[i], coords.joint[i], coords.output[i]])
        # each matrix its colour (the grid's traces would otherwise use up Plotly's cycle)
        color = COLORS[i % len(COLORS)]
        data.append(
            {
                "type": "scatter",
                "x": floats(marks[:, 0]),
                "y": floats(marks[:, 1]),
                "mode": "lines+markers",
                "name": name,
                "line": {"color": color},
                "marker": {
                    "symbol": ["triangle-left", "circle", "triangle-right"],
                    "size": [9, 11, 9],
                    "color": color,
                },
                "hovertemplate": f"{name}<br>(%{{x:.3f}}, %{{y:.3f}})<extra></extra>",
            }
        )
    if pooled is not None:
        star = extended_triangle(pooled)
        marks = np.vstack([star.input, star.joint, star.output])
        data.append(
            {
                "type": "scatter",
                "x": floats(marks[:, 0]),
                "y": floats(marks[:, 1]),
                "mode": "lines+markers",
                "name": "pooled",
                "line": {"color": "black", "width": 1.5},
                "marker": {
                    "symbol": ["triangle-left", "star", "triangle-right"],
                    "size": [10, 15, 10],
                    "color": "black",
                },
                "hovertemplate": "pooled<br>(%{x:.3f}, %{y:.3f})<extra></extra>",
            }
        )
    text = title_text or "entropy triangle: F_X ◀ F_XY ● F_Y ▶"
    layout = {
        "margin": {"l": 20, "r": 20, "t": top_margin(text), "b": 30},
        "hovermode": "closest",
        "title": title(text),
        "annotations": [
            _corner(0, 0, "inaccurate<br>(VI′ = 1)", -24, 24, "right"),
            _corner(1, 0, "underperforming<br>(ΔH′ = 1)", 24, 24, "left"),
            _corner(0.5, _H, "optimal (2MI′ = 1)", 40, -14, "left"),
        ],
        "xaxis": {"visible": False, "range": [-0.32, 1.32]},
        "yaxis": {"visible": False, "scaleanchor": "x", "range": [-0.2, 1]},
    }
    return figure(data, layout)

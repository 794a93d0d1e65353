"""What the displays share: the lazy matplotlib import and overlap-free text placement."""

from __future__ import annotations

from typing import Any

import numpy as np


def require_matplotlib(what: str) -> Any:
    """``matplotlib.pyplot``, or an ImportError that says how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - exercised without matplotlib only
        raise ImportError(f"{what} needs matplotlib: pip install 'phidelta[plot]'.") from exc
    return plt


_OFFSETS = [
    (6, 6),
    (6, -12),
    (-6, 6),
    (-6, -12),
    (10, -3),
    (-10, -3),
    (0, 10),
    (0, -14),
    (14, 12),
    (-14, 12),
    (14, -16),
    (-14, -16),
]


def place_labels(
    ax: Any,
    x: np.ndarray,
    y: np.ndarray,
    texts: list[str],
    *,
    fontsize: float = 8,
    color: str = "0.15",
    avoid: list[Any] | tuple[Any, ...] = (),
    points: Any = None,
    point_size: float = 28,
) -> list[Any]:
    """Annotate points without overlaps, keeping every label inside the axes.

    Greedy: labels are tried in the given order (most important first) at a few offsets
    around their point; a label may not overlap another label, an ``avoid`` artist (corner and
    isometric labels) or any marker of ``points`` (an (n, 2) array of data coordinates drawn
    with area ``point_size`` pt²). A label that fits nowhere is left out, so a crowded diagram
    labels as many points as fit. Returns the placed texts.
    """
    figure = ax.figure
    renderer = figure.canvas.get_renderer()
    axes_box = ax.get_window_extent(renderer)
    taken: list[Any] = [artist.get_window_extent(renderer) for artist in avoid]
    markers = _marker_boxes(ax, points, point_size, figure.dpi)
    placed = []
    for xi, yi, text in zip(x, y, texts, strict=True):
        for dx, dy in _OFFSETS:
            ha = "left" if dx > 0 else ("right" if dx < 0 else "center")
            artist = ax.annotate(
                text,
                (xi, yi),
                xytext=(dx, dy),
                textcoords="offset points",
                fontsize=fontsize,
                color=color,
                ha=ha,
                va="bottom",
                annotation_clip=True,
            )
            box = artist.get_window_extent(renderer).expanded(1.05, 1.1)
            if within(box, axes_box) and not _hits(box, taken, markers):
                taken.append(box)
                placed.append(artist)
                break
            artist.remove()
    return placed


def within(box: Any, frame: Any) -> bool:
    """Whether a display box lies wholly inside another (a label inside the axes)."""
    return frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1


def _marker_boxes(ax: Any, points: Any, point_size: float, dpi: float) -> np.ndarray:
    """Display-space boxes (x0, y0, x1, y1) of the markers, one row per point."""
    if points is None or len(points) == 0:
        return np.empty((0, 4))
    centres = ax.transData.transform(np.asarray(points, dtype=float))
    half = 0.5 * np.sqrt(point_size) * dpi / 72.0  # marker area in pt², side in pixels
    return np.column_stack(
        [centres[:, 0] - half, centres[:, 1] - half, centres[:, 0] + half, centres[:, 1] + half]
    )


def _hits(box: Any, taken: list[Any], markers: np.ndarray) -> bool:
    if any(box.overlaps(other) for other in taken):
        return True
    if len(markers) == 0:
        return False
    return bool(
        np.any(
            (markers[:, 0] < box.x1)
            & (markers[:, 2] > box.x0)
            & (markers[:, 1] < box.y1)
            & (markers[:, 3] > box.y0)
        )
    )


def require_result(value: Any, attributes: tuple[str, ...], name: str, expected: str) -> None:
    """A TypeError naming ``expected`` unless ``value`` has the ``attributes`` a display reads
    (the rendering layer does not import the interfaces whose results it draws)."""
    if not all(hasattr(value, attribute) for attribute in attributes):
        raise TypeError(f"`{name}` must be {expected}; got {type(value).__name__}.")

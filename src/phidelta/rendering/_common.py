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
    leaders: bool = False,
) -> list[Any]:
    """Annotate points without overlaps, keeping every label inside the axes.

    Greedy: labels are tried in the given order (most important first) at a few offsets
    around their point; a label may not overlap another label, an ``avoid`` artist (corner and
    isometric labels) or any marker of ``points`` (an (n, 2) array of data coordinates drawn
    with area ``point_size`` pt²). With ``leaders``, a label with no room beside its point is
    tried farther out, joined to its point by a thin leader line that crosses no label. A
    label that fits nowhere is left out, so a crowded diagram labels as many points as fit.
    Returns the placed texts.
    """
    from matplotlib.text import Text

    figure = ax.figure
    renderer = figure.canvas.get_renderer()
    axes_box = ax.get_window_extent(renderer)
    taken: list[Any] = [artist.get_window_extent(renderer) for artist in avoid]
    markers = _marker_boxes(ax, points, point_size, figure.dpi)
    offsets = [*_OFFSETS, *(_LEADER_OFFSETS if leaders else ())]
    placed = []
    for xi, yi, text in zip(x, y, texts, strict=True):
        anchor = ax.transData.transform((xi, yi))
        for dx, dy in offsets:
            far = (dx, dy) not in _OFFSETS
            ha = "left" if dx > 0 else ("right" if dx < 0 else "center")
            artist = ax.annotate(
                text,
                (xi, yi),
                xytext=(dx, dy),
                textcoords="offset points",
                fontsize=fontsize,
                color=color,
                ha=ha,
                va="center" if far else "bottom",
                annotation_clip=True,
                arrowprops=(
                    {"arrowstyle": "-", "color": "0.45", "lw": 0.5, "shrinkA": 1, "shrinkB": 3}
                    if far
                    else None
                ),
            )
            # the text's own box (an annotation's extent would include its leader line)
            artist.update_positions(renderer)
            box = Text.get_window_extent(artist, renderer).expanded(1.05, 1.1)
            if (
                within(box, axes_box)
                and not _hits(box, taken, markers)
                and not (far and _crosses(anchor, box, taken))
                and (far or not leaders or _nearest_is_own(anchor, box, markers))
            ):
                taken.append(box)
                placed.append(artist)
                break
            artist.remove()
    return placed


#: Farther places for a label with a leader line: rings of 12 directions at 3 distances (pt).
_LEADER_OFFSETS = [
    (round(r * np.cos(a)), round(r * np.sin(a)))
    for r in (24, 36, 50, 66)
    for a in np.deg2rad([30, 150, 210, 330, 90, 270, 0, 180, 60, 120, 240, 300])
]


def _nearest_is_own(anchor: np.ndarray, box: Any, markers: np.ndarray) -> bool:
    """Whether a label beside its point (no leader line) is closer to that point than to
    any other marker, so that a reader pairs them; points at the same place count as one."""
    if len(markers) == 0:
        return True
    centres = 0.5 * (markers[:, :2] + markers[:, 2:])
    nearest = np.column_stack(
        [np.clip(centres[:, 0], box.x0, box.x1), np.clip(centres[:, 1], box.y0, box.y1)]
    )
    distance = np.hypot(*(nearest - centres).T)
    others = np.hypot(*(centres - anchor).T) > 1.0  # another place than the labelled point
    own = float(np.hypot(*(np.clip(anchor, [box.x0, box.y0], [box.x1, box.y1]) - anchor)))
    return not np.any(distance[others] < 1.5 * own)


def _crosses(anchor: np.ndarray, box: Any, taken: list[Any]) -> bool:
    """Whether the leader line from ``anchor`` (display units) to ``box`` crosses any box of
    ``taken``; sampled along the line, its two ends left out (the point, the label)."""
    end = np.array([min(max(anchor[0], box.x0), box.x1), min(max(anchor[1], box.y0), box.y1)])
    for t in np.linspace(0.12, 0.9, 14):
        x, y = anchor + t * (end - anchor)
        if any(o.x0 <= x <= o.x1 and o.y0 <= y <= o.y1 for o in taken):
            return True
    return False


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

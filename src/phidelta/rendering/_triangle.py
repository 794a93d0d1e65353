"""The entropy triangle (de Finetti diagram) of Valverde-Albacete & Peláez-Moreno (2010)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import ConfusionMatrix
from phidelta.geometry import (
    TRIANGLE_VERTICES,
    extended_triangle,
    ternary_grid,
    ternary_interval_segments,
)
from phidelta.measures import entropy_balance
from phidelta.rendering._common import place_labels, require_matplotlib
from phidelta.rendering.plotly._displays import InteractiveDisplay

__all__ = ["EntropyTriangleDisplay"]

#: the coordinates of F_XY, in the order of the fractions [ΔH′, 2MI′, VI′]
_COORDINATES = ("joint_delta_h", "joint_mi2", "joint_vi")


class EntropyTriangleDisplay(InteractiveDisplay):
    """Entropy triangle of confusion matrices (Valverde-Albacete & Peláez-Moreno 2010).

    F_XY points, optionally flanked by F_X and F_Y joined through F_XY (the extended diagram),
    series drawn as connected markers: the de Finetti entropy diagram of Valverde-Albacete &
    Peláez-Moreno (2010, §2.2 and Fig. 2b), whose sides are 2MI′ = 0 (bottom), ΔH′ = 0 (left)
    and VI′ = 0 (right).

    Parameters
    ----------
    balance : EntropyBalance
        The entropy balance of the matrices (:func:`phidelta.measures.entropy_balance`).
    names : list of str, optional
        One name per matrix, placed beside its point (with a leader line when the points
        crowd).
    pooled : EntropyBalance, optional
        The entropy balance of the matrices added up (the folds pooled), drawn as a star.
    intervals : MatrixIntervals, optional
        Intervals of the coordinates (:func:`phidelta.inference.matrix_intervals` with
        ``joint_delta_h``, ``joint_mi2`` and ``joint_vi``): one row per matrix, then one for
        ``pooled`` when it is given. Each F_XY point gets three thin segments, one per
        coordinate, along the altitude towards its vertex, from the level line of the low
        bound to that of the high bound (:func:`phidelta.geometry.ternary_interval_segments`):
        three intervals, not a joint region. With ``pooled`` only the star gets them: the
        folds' own points show how much they vary, and their segments would hide each other.

    Attributes
    ----------
    points_ : matplotlib PathCollection
        The F_XY points (set by :meth:`plot`, like every attribute below).
    pooled_ : matplotlib PathCollection or None
        The pooled F_XY star.
    intervals_ : matplotlib LineCollection or None
        The interval segments (with ``intervals``).
    triangle_ : matplotlib Line2D
        The outline of the triangle.
    vertex_labels_, tick_labels_, labels_ : list of Text
        The meanings of the vertices, the grid's tick labels and axis names, the names.
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.

    See Also
    --------
    phidelta.measures.entropy_balance : the numbers drawn.
    phidelta.geometry.extended_triangle : the coordinates.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> d = EntropyTriangleDisplay.from_matrices(ConfusionMatrix([[5, 1], [2, 4]]))
    >>> d.points_.get_offsets().shape
    (1, 2)

    Two of the paper's matrices (Fig. 3, a and b), extended and named:

    >>> a = [[15, 0, 5], [0, 15, 5], [0, 0, 20]]
    >>> b = [[16, 2, 2], [2, 16, 2], [1, 1, 18]]
    >>> d = EntropyTriangleDisplay.from_matrices(
    ...     ConfusionMatrix([a, b]), names=["a", "b"], extended=True)
    >>> [label.get_text() for label in d.labels_]
    ['a', 'b']

    Folds of predictions, each named, and their pool as a star (as the command line's
    ``triangle --fold`` and the web page draw them):

    >>> d = EntropyTriangleDisplay.from_predictions(
    ...     [0, 1, 2] * 4, [0, 1, 1, 0, 1, 2] * 2, folds=[1, 1, 1, 2, 2, 2] * 2)
    >>> d.names, d.pooled_.get_offsets().shape
    (['1', '2'], (1, 2))

    With the intervals of the coordinates (three segments per point):

    >>> from phidelta.inference import matrix_intervals
    >>> cm = ConfusionMatrix([a, b])
    >>> res = matrix_intervals(cm, ["joint_delta_h", "joint_mi2", "joint_vi"], random_state=0)
    >>> d = EntropyTriangleDisplay(balance=entropy_balance(cm), intervals=res).plot()
    >>> len(d.intervals_.get_segments())
    6
    """

    def __init__(
        self,
        *,
        balance: Any,
        names: list[str] | None = None,
        pooled: Any = None,
        intervals: Any = None,
    ) -> None:
        entries = len(np.atleast_1d(balance.accuracy))
        if names is not None and len(names) != entries:
            raise ValueError(f"`names` has {len(names)} names for {entries} matrices.")
        if pooled is not None and len(np.atleast_1d(pooled.accuracy)) != 1:
            raise ValueError("`pooled` must be the entropy balance of one (pooled) matrix.")
        if intervals is not None:
            wanted = entries + (pooled is not None)
            for name in _COORDINATES:
                if name not in intervals.low or len(intervals.low[name]) != wanted:
                    raise ValueError(
                        f"`intervals` must hold {name!r} for {wanted} matrices (one per matrix"
                        + (", then the pooled one)" if pooled is not None else ")")
                    )
        self.balance = balance
        self.names = names
        self.pooled = pooled
        self.intervals = intervals

    @classmethod
    def from_matrices(
        cls,
        matrices: ConfusionMatrix,
        *,
        names: list[str] | None = None,
        pooled: bool = False,
        ax: Any = None,
        **plot_kw: Any,
    ) -> EntropyTriangleDisplay:
        """Entropy triangle of one or more confusion matrices.

        Parameters
        ----------
        matrices : ConfusionMatrix
            One matrix, or a stack of them (one point each).
        names : list of str, optional
            One name per matrix.
        pooled : bool, default False
            Also draw the matrices added up as a star: for folds of one classifier (the
            matrices of different classifiers have no meaningful sum).
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot` (``extended``, ``series``, ``title``, ``levels``): one
            call draws one figure.

        Returns
        -------
        EntropyTriangleDisplay
            The display, drawn.
        """
        if not isinstance(matrices, ConfusionMatrix):
            matrices = ConfusionMatrix(matrices)
        total = entropy_balance(matrices.sum()) if pooled else None
        display = cls(balance=entropy_balance(matrices), names=names, pooled=total)
        return display.plot(ax=ax, **plot_kw)

    @classmethod
    def from_predictions(
        cls,
        y_true: Any,
        y_pred: Any,
        *,
        classes: Any = None,
        folds: Any = None,
        pooled: bool | None = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> EntropyTriangleDisplay:
        """Entropy triangle of the confusion matrix of labels and predictions.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
            True and predicted labels (any number of classes).
        classes : array-like, optional
            The classes, in the order of the matrix; default the sorted labels.
        folds : array-like of shape (n_samples,), optional
            The fold (or run) of every sample: one matrix, and one named point, per fold.
        pooled : bool, optional
            Draw the folds added up as a star; default: when there are several folds.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        EntropyTriangleDisplay
            The display, drawn (one point, or one per fold).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> d = EntropyTriangleDisplay.from_predictions([0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 0])
        >>> d.points_.get_offsets().round(3).tolist()
        [[0.29, 0.433]]
        """
        if folds is None:
            matrix = ConfusionMatrix.from_labels(y_true, y_pred, classes=classes)
            return cls.from_matrices(matrix, pooled=bool(pooled), ax=ax, **plot_kw)
        matrices, groups = ConfusionMatrix.from_groups(y_true, y_pred, folds, classes=classes)
        pooled = len(groups) > 1 if pooled is None else pooled
        names = [str(g) for g in groups]
        return cls.from_matrices(matrices, names=names, pooled=pooled, ax=ax, **plot_kw)

    def plot(
        self,
        ax: Any = None,
        *,
        extended: bool = False,
        series: bool = False,
        title: str | None = None,
        levels: tuple[float, ...] = (0.2, 0.4, 0.6, 0.8),
    ) -> EntropyTriangleDisplay:
        """Draw the triangle as a ternary plot.

        Grid lines and tick labels for ΔH′, 2MI′ and VI′, the F_XY points (and with
        ``extended`` the F_X ◁ and F_Y ▷ marks joined through them, drawn above F_XY so that
        none hides another), names placed without overlaps.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        extended : bool, default False
            Also draw the marginal fractions F_X and F_Y (the extended diagram).
        series : bool, default False
            Join the F_XY points in order (a series of matrices, e.g. a convex combination).
        title : str, optional
            Title of the axes; default the meaning of the three sides.
        levels : tuple of float, default (0.2, 0.4, 0.6, 0.8)
            The levels of the grid lines of each fraction.

        Returns
        -------
        EntropyTriangleDisplay
            The display itself, with ``points_``, ``ax_`` and ``figure_`` set.
        """
        plt = require_matplotlib("EntropyTriangleDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(6.4, 5.8))
        vertices = np.array([v[:2] for v in TRIANGLE_VERTICES.values()])
        outline = np.vstack([vertices, vertices[:1]])
        (self.triangle_,) = ax.plot(outline[:, 0], outline[:, 1], color="black", lw=1.0)
        self._draw_grid(ax, ternary_grid(levels))
        self.vertex_labels_ = []
        for x, y, meaning in TRIANGLE_VERTICES.values():
            self.vertex_labels_.append(
                ax.annotate(
                    meaning,
                    (x, y),
                    # bottom corners: below the tick labels, running inward from the corner
                    xytext=(0, 8) if y > 0 else (0, -17),
                    textcoords="offset points",
                    ha="center" if y > 0 else ("left" if x < 0.5 else "right"),
                    va="bottom" if y > 0 else "top",
                    fontsize=7.5,
                    color="0.25",
                    annotation_clip=False,
                )
            )
        coords = extended_triangle(self.balance)
        if series:
            ax.plot(coords.joint[:, 0], coords.joint[:, 1], color="tab:blue", lw=0.8, zorder=3)
        self.points_ = ax.scatter(
            coords.joint[:, 0],
            coords.joint[:, 1],
            s=46,
            color="tab:blue",
            edgecolors="white",
            zorder=4,
            label="F_XY (joint)",
        )
        if extended:
            for segment in coords.segments():
                ax.plot(segment[:, 0], segment[:, 1], color="0.55", lw=0.7, zorder=2)
            for marks, marker, colour, label in (
                (coords.input, "<", "tab:green", "F_X (input)"),
                (coords.output, ">", "tab:purple", "F_Y (output)"),
            ):
                ax.scatter(
                    marks[:, 0],
                    marks[:, 1],
                    marker=marker,
                    s=34,
                    facecolors="none",
                    edgecolors=colour,
                    linewidths=1.2,
                    zorder=5,
                    label=label,
                )
        self.pooled_ = None
        if self.pooled is not None:
            star = extended_triangle(self.pooled)
            self.pooled_ = ax.scatter(
                star.joint[:, 0],
                star.joint[:, 1],
                marker="*",
                s=170,
                color="tab:red",
                edgecolors="black",
                linewidths=0.6,
                zorder=6,
                label="F_XY pooled (all folds)",
            )
        self.intervals_ = self._draw_intervals(ax) if self.intervals is not None else None
        ax.set_xlim(-0.12, 1.12)
        ax.set_ylim(-0.14, 0.98)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.legend(fontsize=7, loc="upper right", framealpha=0.9)
        ax.set_title(
            title or "entropy triangle: bottom 2MI′ = 0, left ΔH′ = 0, right VI′ = 0", fontsize=9
        )
        self.labels_ = []
        if self.names:
            points = np.vstack(
                [coords.joint, coords.input, coords.output] if extended else [coords.joint]
            )
            if self.pooled_ is not None:
                points = np.vstack([points, self.pooled_.get_offsets()])
            if self.intervals_ is not None:  # names beside the segments, not on them
                steps = np.linspace(0, 1, 7)[:, None]
                points = np.vstack(
                    [points] + [a + steps * (b - a) for a, b in self.intervals_.get_segments()]
                )
            self.labels_ = place_labels(
                ax,
                coords.joint[:, 0],
                coords.joint[:, 1],
                [str(n) for n in self.names],
                fontsize=7,
                avoid=[*self.vertex_labels_, *self.tick_labels_, ax.get_legend()],
                points=points,
                point_size=46,
                leaders=True,
            )
        self.ax_, self.figure_ = ax, ax.figure
        return self

    def _draw_intervals(self, ax: Any) -> Any:
        """The three segments of each F_XY point (and of the pooled star), under the marks."""
        from matplotlib.collections import LineCollection

        low = np.stack([self.intervals.low[n] for n in _COORDINATES], axis=1)
        high = np.stack([self.intervals.high[n] for n in _COORDINATES], axis=1)
        if self.pooled is not None:  # the star's only (its row is the last)
            fractions, colour = np.atleast_2d(self.pooled.joint_fractions), "tab:red"
            low, high = low[-1:], high[-1:]
        else:
            fractions, colour = np.atleast_2d(self.balance.joint_fractions), "tab:blue"
        ends = ternary_interval_segments(fractions, low, high)  # (k, 3, 2, 2)
        shown = ~np.isnan(ends).any(axis=(2, 3))
        segments = ends[shown]
        level = getattr(self.intervals, "confidence_level", None)
        label = (f"{100 * level:g}% " if level else "") + "intervals"
        lines = LineCollection(
            list(segments),
            colors=colour,
            linewidths=1.6,
            alpha=0.55,
            capstyle="butt",
            zorder=3,
            label=label,
        )
        ax.add_collection(lines)
        return lines

    def _draw_grid(self, ax: Any, grid: Any) -> None:
        """Level lines of each fraction and their values on the side where they are read."""
        self.tick_labels_ = []
        placement = {  # offset from the side (points) and alignment of the tick labels
            "mi2": ((-4, 0), "right", "center", "2MI′"),
            "vi": ((0, -4), "center", "top", "VI′"),
            "delta_h": ((4, 0), "left", "center", "ΔH′"),
        }
        for name, segments in grid.lines.items():
            for segment in segments:
                ax.plot(segment[:, 0], segment[:, 1], color="0.88", lw=0.6, zorder=0)
            offset, ha, va, symbol = placement[name]
            for (x, y), level in zip(grid.ticks[name], grid.levels, strict=True):
                self.tick_labels_.append(
                    ax.annotate(
                        f"{level:g}",
                        (x, y),
                        xytext=offset,
                        textcoords="offset points",
                        ha=ha,
                        va=va,
                        fontsize=6.5,
                        color="0.4",
                        annotation_clip=False,
                    )
                )
            # the axis name beside its middle tick
            middle = grid.ticks[name][len(grid.levels) // 2]
            far = (offset[0] * 5, offset[1] * 5)
            self.tick_labels_.append(
                ax.annotate(
                    symbol,
                    tuple(middle),
                    xytext=far,
                    textcoords="offset points",
                    ha=ha,
                    va=va,
                    fontsize=8,
                    color="0.3",
                    annotation_clip=False,
                )
            )

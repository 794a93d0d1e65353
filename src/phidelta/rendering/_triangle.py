"""The entropy triangle (de Finetti diagram) of Valverde-Albacete & Peláez-Moreno (2010)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import ConfusionMatrix
from phidelta.geometry import TRIANGLE_VERTICES, extended_triangle
from phidelta.measures import entropy_balance
from phidelta.rendering._common import require_matplotlib

__all__ = ["EntropyTriangleDisplay"]


class EntropyTriangleDisplay:
    """Entropy triangle of confusion matrices: F_XY points, optionally flanked by F_X and F_Y
    joined through F_XY (the extended diagram), series drawn as connected markers.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> d = EntropyTriangleDisplay.from_matrices(ConfusionMatrix([[5, 1], [2, 4]]))
    >>> d.points_.get_offsets().shape
    (1, 2)
    """

    def __init__(self, *, balance: Any, names: list[str] | None = None) -> None:
        self.balance = balance
        self.names = names

    @classmethod
    def from_matrices(
        cls,
        matrices: ConfusionMatrix,
        *,
        names: list[str] | None = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> EntropyTriangleDisplay:
        return cls(balance=entropy_balance(matrices), names=names).plot(ax=ax, **plot_kw)

    @classmethod
    def from_predictions(
        cls, y_true: Any, y_pred: Any, *, classes: Any = None, ax: Any = None, **plot_kw: Any
    ) -> EntropyTriangleDisplay:
        matrix = ConfusionMatrix.from_labels(y_true, y_pred, classes=classes)
        return cls.from_matrices(matrix, ax=ax, **plot_kw)

    def plot(
        self,
        ax: Any = None,
        *,
        extended: bool = False,
        series: bool = False,
        title: str | None = None,
    ) -> EntropyTriangleDisplay:
        plt = require_matplotlib("EntropyTriangleDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(5.6, 5.2))
        vertices = np.array([v[:2] for v in TRIANGLE_VERTICES.values()])
        outline = np.vstack([vertices, vertices[:1]])
        (self.triangle_,) = ax.plot(outline[:, 0], outline[:, 1], color="black", lw=1.0)
        for fraction in (0.2, 0.4, 0.6, 0.8):  # grid lines of constant 2MI′
            y = fraction * np.sqrt(3) / 2
            ax.plot([fraction / 2, 1 - fraction / 2], [y, y], color="0.85", lw=0.5, zorder=0)
        for name, (x, y, meaning) in TRIANGLE_VERTICES.items():
            ax.annotate(
                meaning,
                (x, y),
                xytext=(0, 8 if y > 0 else -12),
                textcoords="offset points",
                ha="center",
                fontsize=7,
                color="0.3",
            )
            del name
        coords = extended_triangle(self.balance)
        if extended:
            for segment in coords.segments():
                ax.plot(segment[:, 0], segment[:, 1], color="0.5", lw=0.7, zorder=2)
            ax.scatter(
                coords.input[:, 0],
                coords.input[:, 1],
                marker="<",
                s=30,
                color="tab:green",
                zorder=3,
                label="F_X (input)",
            )
            ax.scatter(
                coords.output[:, 0],
                coords.output[:, 1],
                marker=">",
                s=30,
                color="tab:purple",
                zorder=3,
                label="F_Y (output)",
            )
        if series:
            ax.plot(coords.joint[:, 0], coords.joint[:, 1], color="tab:blue", lw=0.8, zorder=3)
        self.points_ = ax.scatter(
            coords.joint[:, 0],
            coords.joint[:, 1],
            s=40,
            color="tab:blue",
            edgecolors="white",
            zorder=4,
            label="F_XY",
        )
        if self.names:
            for (x, y), name in zip(coords.joint, self.names, strict=True):
                ax.annotate(name, (x, y), xytext=(4, 4), textcoords="offset points", fontsize=7)
        ax.set_xlim(-0.08, 1.08)
        ax.set_ylim(-0.1, 1.0)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.legend(fontsize=7, loc="upper right")
        ax.set_title(
            title or "entropy triangle: bottom 2MI′ = 0, left ΔH′ = 0, right VI′ = 0", fontsize=9
        )
        self.ax_, self.figure_ = ax, ax.figure
        return self

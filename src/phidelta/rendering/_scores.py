"""Displays of scoring classifiers: ROC and coverage curves, threshold scans, calibration."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import ScoreTable
from phidelta.geometry import line_in_box
from phidelta.measures import (
    IsotonicCalibrator,
    expected_calibration_error,
    isometric_slope,
    optimal_points,
    roc_convex_hull,
    roc_curve,
    threshold_scan,
)
from phidelta.rendering._common import require_matplotlib

__all__ = ["CalibrationDisplay", "RocDisplay", "ThresholdScanDisplay"]


class RocDisplay:
    """ROC curve (or coverage curve) with ties as diagonals, the convex hull, the isometric of
    an operating condition through its optimal point, and Jiřina's acceptable region.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> d = RocDisplay.from_predictions([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1])
    >>> d.curve_.get_xydata()[-1].tolist()
    [1.0, 1.0]
    """

    def __init__(self, *, tables: list[ScoreTable], names: list[str] | None = None) -> None:
        self.tables = list(tables)
        self.names = names

    @classmethod
    def from_predictions(
        cls, y_true: Any, scores: Any, *, pos_label: Any = None, ax: Any = None, **plot_kw: Any
    ) -> RocDisplay:
        table = ScoreTable.from_scores(y_true, scores, pos_label=pos_label)
        return cls(tables=[table]).plot(ax=ax, **plot_kw)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: Any,
        *,
        pos_label: Any = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> RocDisplay:
        """ROC of a fitted classifier's scores on (X, y): the positive class's
        ``predict_proba`` column, else ``decision_function``."""
        return cls.from_predictions(
            y, _estimator_scores(estimator, X, y, pos_label), pos_label=pos_label, ax=ax, **plot_kw
        )

    @classmethod
    def from_tables(
        cls,
        tables: list[ScoreTable],
        *,
        names: list[str] | None = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> RocDisplay:
        return cls(tables=tables, names=names).plot(ax=ax, **plot_kw)

    def plot(
        self,
        ax: Any = None,
        *,
        space: str = "roc",
        hull: bool = True,
        ratio: float | None = None,
        cost_ratio: float = 1.0,
        acceptable_region: bool = False,
        title: str | None = None,
        operating_point: bool = True,
    ) -> RocDisplay:
        """Draw the curves.

        Parameters
        ----------
        ax : matplotlib Axes, optional
        space : {"roc", "coverage"}, default="roc"
            Rates, or counts in the first table's N × P box (Flach's coverage plot).
        hull : bool, default=True
            The first table's ROC convex hull.
        ratio, cost_ratio : float, optional
            The operating condition whose isometric and optimal point are drawn (default
            ratio: the data's own N/P; Flach eq. 2.9).
        acceptable_region : bool, default=False
            Shade Jiřina's acceptable region (Q ≥ 1 and E ≥ 1).
        title : str, optional
        operating_point : bool, default=True
            Draw the first table's optimal operating point and its isometric.

        Returns
        -------
        RocDisplay
        """
        plt = require_matplotlib("RocDisplay.plot")
        if space not in ("roc", "coverage"):
            raise ValueError(f'`space` must be "roc" or "coverage"; got {space!r}.')
        if ax is None:
            _, ax = plt.subplots(figsize=(5.6, 5.2))
        first = self.tables[0]
        p_total, n_total = first.total_positives, first.total_negatives
        sx, sy = (1.0, 1.0) if space == "roc" else (n_total, p_total)
        ax.plot([0, sx], [0, sy], color="0.7", lw=0.8, ls="--")
        self.curves_ = []
        for k, table in enumerate(self.tables):
            curve = roc_curve(table)
            label = (
                f"{self.names[k]} (AUC = {curve.auc():.3f})"
                if self.names
                else (f"AUC = {curve.auc():.3f}" if len(self.tables) == 1 else None)
            )
            (line,) = ax.plot(curve.fpr * sx, curve.tpr * sy, lw=1.5, label=label)
            self.curves_.append(line)
        self.curve_ = self.curves_[0]
        if hull:
            h = roc_convex_hull(first)
            (self.hull_,) = ax.plot(
                h.fpr * sx,
                h.tpr * sy,
                color="tab:red",
                lw=1.0,
                ls="-.",
                label=(f"convex hull of {self.names[0]}" if self.names else "convex hull")
                + f" (AUC = {h.auc():.3f})",
            )
        self.operating_point_ = None
        if operating_point:
            self._draw_operating_point(ax, first, ratio, cost_ratio, sx, sy)
        if acceptable_region:
            grid = np.linspace(0, 1, 200)
            ax.fill_between(
                grid * sx,
                np.sqrt(grid) * sy,
                sy,
                color="tab:olive",
                alpha=0.12,
                label="acceptable: Q ≥ 1, E ≥ 1",
            )
        ax.set_xlim(0, sx)
        ax.set_ylim(0, sy * 1.02)
        if space == "roc":
            ax.set_xlabel("false positive rate (background acceptance Be)")
            ax.set_ylabel("true positive rate (signal efficiency Se)")
            ax.set_aspect("equal")
        else:
            ax.set_xlabel("false positives")
            ax.set_ylabel("true positives")
        ax.set_title(title or ("ROC curve" if space == "roc" else "coverage curve"), fontsize=10)
        ax.legend(loc="lower right", fontsize=7)
        self.ax_, self.figure_ = ax, ax.figure
        return self

    def _draw_operating_point(
        self, ax: Any, table: Any, ratio: float | None, cost_ratio: float, sx: float, sy: float
    ) -> None:
        """The optimal operating point of ``table`` and the isometric through it."""
        r = table.total_negatives / table.total_positives if ratio is None else ratio
        best = optimal_points(table, ratio=r, cost_ratio=cost_ratio)
        slope = isometric_slope(ratio=r, cost_ratio=cost_ratio)
        segment = line_in_box((best.fpr[0], best.tpr[0]), slope)
        if len(segment):
            ax.plot(
                segment[:, 0] * sx,
                segment[:, 1] * sy,
                color="tab:green",
                lw=0.9,
                ls=":",
                label=f"isometric (N/P = {r:.3g}, c = {cost_ratio:g})",
            )
        self.operating_point_ = ax.scatter(
            best.fpr * sx,
            best.tpr * sy,
            color="tab:green",
            zorder=5,
            s=40,
            label=f"optimal: threshold {best.thresholds[0]:.3g}",
        )


def _estimator_scores(estimator: Any, X: Any, y: Any, pos_label: Any) -> np.ndarray:
    from phidelta.counts._labels import binary_target

    positive = binary_target(y, pos_label, name="y").positive
    classes = list(getattr(estimator, "classes_", []))
    if positive not in classes:
        raise ValueError(f"The estimator's classes {classes} do not include {positive!r}.")
    if hasattr(estimator, "predict_proba"):
        return estimator.predict_proba(X)[:, classes.index(positive)]
    if hasattr(estimator, "decision_function"):
        decision = estimator.decision_function(X)
        return decision if classes.index(positive) == 1 else -decision
    raise TypeError("The estimator has neither predict_proba nor decision_function.")


class ThresholdScanDisplay:
    """Jiřina's threshold dependences: measures against the threshold θ or against Be."""

    def __init__(self, *, table: ScoreTable) -> None:
        self.table = table

    @classmethod
    def from_predictions(
        cls, y_true: Any, scores: Any, *, pos_label: Any = None, ax: Any = None, **plot_kw: Any
    ) -> ThresholdScanDisplay:
        return cls(table=ScoreTable.from_scores(y_true, scores, pos_label=pos_label)).plot(
            ax=ax, **plot_kw
        )

    def plot(
        self,
        ax: Any = None,
        *,
        measures: tuple[str, ...] = ("classification_error",),
        against: str = "threshold",
        log: bool = False,
        title: str | None = None,
    ) -> ThresholdScanDisplay:
        """``against="threshold"`` (Jiřina Figs. 2–3) or ``"background_acceptance"`` (Figs.
        6–7, e.g. measures=("enrichment_factor", "quality_factor"), log=True)."""
        plt = require_matplotlib("ThresholdScanDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 4))
        scan = threshold_scan(self.table, [*measures, "background_acceptance"])
        if against == "threshold":
            x = np.asarray(scan.index[1:], dtype=float)  # skip +inf
            rows = slice(1, None)
            ax.set_xlabel("threshold θ (predict positive when score ≥ θ)")
        elif against == "background_acceptance":
            x = scan["background_acceptance"]
            rows = slice(None)
            ax.set_xlabel("background acceptance Be")
        else:
            raise ValueError(
                f'`against` must be "threshold" or "background_acceptance"; got {against!r}.'
            )
        self.lines_ = []
        for name in measures:
            (line,) = ax.plot(
                x[rows] if against != "threshold" else x,
                scan[name][rows],
                drawstyle="steps-post" if against == "threshold" else "default",
                label=name.replace("_", " "),
            )
            self.lines_.append(line)
        if log:
            ax.set_yscale("log")
        if "classification_error" in measures:
            values = scan["classification_error"][rows]
            best = int(np.nanargmin(values))
            ax.scatter(
                [x[best] if against == "threshold" else x[rows][best]],
                [values[best]],
                color="tab:red",
                zorder=5,
                label=f"minimum Ce = {values[best]:.3g}",
            )
        ax.legend(fontsize=7)
        ax.set_title(title or "threshold dependence", fontsize=10)
        self.ax_, self.figure_ = ax, ax.figure
        return self


class CalibrationDisplay:
    """The calibration map (Flach Fig. 2.13) and a reliability diagram."""

    def __init__(self, *, y_true: Any, scores: Any, pos_label: Any = None) -> None:
        self.y_true, self.scores, self.pos_label = y_true, np.asarray(scores, float), pos_label

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: Any,
        *,
        pos_label: Any = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> CalibrationDisplay:
        """Calibration of a fitted classifier's scores on (X, y)."""
        return cls.from_predictions(
            y, _estimator_scores(estimator, X, y, pos_label), pos_label=pos_label, ax=ax, **plot_kw
        )

    @classmethod
    def from_predictions(
        cls, y_true: Any, scores: Any, *, pos_label: Any = None, ax: Any = None, **plot_kw: Any
    ) -> CalibrationDisplay:
        return cls(y_true=y_true, scores=scores, pos_label=pos_label).plot(ax=ax, **plot_kw)

    def plot(
        self,
        ax: Any = None,
        *,
        kind: str = "map",
        bins: int = 10,
        laplace: bool = True,
        title: str | None = None,
    ) -> CalibrationDisplay:
        """``kind="map"``: score → calibrated probability (isotonic, and Laplace-corrected);
        ``kind="reliability"``: observed frequency against mean predicted probability per bin
        (scores must be probabilities)."""
        plt = require_matplotlib("CalibrationDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(5.2, 4.6))
        if kind == "map":
            calibrator = IsotonicCalibrator().fit(
                self.y_true, self.scores, pos_label=self.pos_label
            )
            grid = np.linspace(self.scores.min(), self.scores.max(), 400)
            (self.map_,) = ax.plot(
                grid, calibrator.transform(grid), color="tab:red", label="isotonic calibration map"
            )
            if laplace:
                smooth = IsotonicCalibrator(laplace=True).fit(
                    self.y_true, self.scores, pos_label=self.pos_label
                )
                ax.plot(
                    grid,
                    smooth.transform(grid),
                    color="tab:blue",
                    ls="--",
                    label="Laplace-corrected",
                )
            ax.set_xlabel("score")
            ax.set_ylabel("calibrated probability")
        elif kind == "reliability":
            bins_table = expected_calibration_error(
                self.y_true, self.scores, pos_label=self.pos_label, bins=bins
            )
            ok = bins_table.count > 0
            ax.plot([0, 1], [0, 1], color="0.6", ls="--", lw=0.8)
            (self.map_,) = ax.plot(
                bins_table.mean_predicted[ok],
                bins_table.observed[ok],
                marker="o",
                label=f"ECE = {bins_table.ece:.3f}",
            )
            ax.set_xlabel("mean predicted probability")
            ax.set_ylabel("observed frequency of the positive class")
            ax.set_xlim(0, 1)
            ax.set_ylim(0, 1)
        else:
            raise ValueError(f'`kind` must be "map" or "reliability"; got {kind!r}.')
        ax.legend(fontsize=7, loc="upper left")
        ax.set_title(
            title or ("calibration map" if kind == "map" else "reliability diagram"), fontsize=10
        )
        self.ax_, self.figure_ = ax, ax.figure
        return self

"""Displays of scoring classifiers: ROC and coverage curves, threshold scans, calibration."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import ScoreTable
from phidelta.geometry import calibration_polyline, line_in_box
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
    """ROC or coverage curve with its convex hull, an isometric and Jiřina's acceptable region.

    ROC curve (or coverage curve, Flach 2012, §2.2) with ties as diagonals, the convex hull, the
    isometric of an operating condition through its optimal point (Flach 2012, Example 2.5 and
    Fig. 2.11), and Jiřina's acceptable region Q ≥ 1, E ≥ 1 (Jiřina & Jiřina 2005, §5.5).

    Parameters
    ----------
    tables : list of ScoreTable
        One score table per curve; the first one gets the hull and the operating point.
    names : list of str, optional
        Legend names of the curves.

    Attributes
    ----------
    curves_ : list of matplotlib Line2D
        The curves, one per table (set by :meth:`plot`).
    curve_ : matplotlib Line2D
        The first curve.
    hull_ : matplotlib Line2D
        The first table's convex hull (when drawn).
    operating_point_ : matplotlib PathCollection or None
        The first table's optimal operating point (when drawn).
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.

    See Also
    --------
    phidelta.measures.roc_curve, phidelta.measures.roc_convex_hull,
    phidelta.measures.optimal_points

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> d = RocDisplay.from_predictions([1, 0, 1, 0], [0.9, 0.8, 0.3, 0.1])
    >>> d.curve_.get_xydata()[-1].tolist()
    [1.0, 1.0]
    """

    def __init__(self, *, tables: list[ScoreTable], names: list[str] | None = None) -> None:
        if isinstance(tables, ScoreTable):
            tables = [tables]
        if (
            isinstance(tables, str | bytes)
            or not hasattr(tables, "__iter__")
            or not (tables := list(tables))
            or not all(isinstance(t, ScoreTable) for t in tables)
        ):
            raise TypeError("`tables` must be one or more phidelta ScoreTables.")
        if names is not None and len(names) != len(tables):
            raise ValueError(f"`names` has {len(names)} names for {len(tables)} tables.")
        self.tables = tables
        self.names = names

    @classmethod
    def from_predictions(
        cls, y_true: Any, scores: Any, *, pos_label: Any = None, ax: Any = None, **plot_kw: Any
    ) -> RocDisplay:
        """ROC curve of labels and scores.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels (binary).
        scores : array-like of shape (n_samples,)
            Scores of the positive class (higher = more positive).
        pos_label : optional
            The positive class; default the package's rule (1 / True for {0, 1}, {−1, 1} and
            booleans).
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        RocDisplay
            The display, drawn.
        """
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
        """ROC of a fitted classifier's scores on (X, y).

        The scores are the positive class's ``predict_proba`` column, else
        ``decision_function``.

        Parameters
        ----------
        estimator : fitted classifier
            A scikit-learn style classifier with ``classes_`` and ``predict_proba`` or
            ``decision_function``.
        X : array-like of shape (n_samples, n_features)
            The samples to score.
        y : array-like of shape (n_samples,)
            Their true labels (binary).
        pos_label : optional
            The positive class; default the package's rule (1 / True for {0, 1}, {−1, 1} and
            booleans).
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        RocDisplay
            The display, drawn.

        Raises
        ------
        ValueError
            If the estimator's classes do not include the positive class.
        TypeError
            If the estimator has neither ``predict_proba`` nor ``decision_function``.
        """
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
        """ROC curves of score tables computed beforehand (e.g. several classifiers).

        Parameters
        ----------
        tables : list of ScoreTable
            One table per curve; the first one gets the hull and the operating point.
        names : list of str, optional
            Legend names of the curves.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        RocDisplay
            The display, drawn.
        """
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
            Where to draw; default a new figure.
        space : {"roc", "coverage"}, default="roc"
            Rates, or counts in the first table's N × P box (Flach's coverage plot).
        hull : bool, default=True
            The first table's ROC convex hull.
        ratio, cost_ratio : float, optional
            The operating condition whose isometric and optimal point are drawn (default
            ratio: the data's own N/P; the isometric's slope is N/P times the cost ratio,
            Flach §2.2, Example 2.5).
        acceptable_region : bool, default=False
            Shade Jiřina's acceptable region (Q ≥ 1 and E ≥ 1).
        title : str, optional
            Title of the axes; default "ROC curve" or "coverage curve".
        operating_point : bool, default=True
            Draw the first table's optimal operating point and its isometric.

        Returns
        -------
        RocDisplay
            The display itself, with ``curves_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``space`` is unknown.
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
    """Jiřina's threshold dependences: measures against the threshold θ or against Be.

    Jiřina & Jiřina (2005), Figs. 2–3 (classification error against θ) and Figs. 6–7
    (enrichment and quality factor against the background acceptance Be).

    Parameters
    ----------
    table : ScoreTable
        The scores and labels (:meth:`phidelta.counts.ScoreTable.from_scores`).

    Attributes
    ----------
    lines_ : list of matplotlib Line2D
        One line per measure (set by :meth:`plot`).
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.

    See Also
    --------
    phidelta.measures.threshold_scan : the numbers drawn.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> y, scores = [1, 0, 1, 0, 1], [0.9, 0.8, 0.6, 0.3, 0.1]
    >>> d = ThresholdScanDisplay.from_predictions(y, scores)
    >>> [line.get_label() for line in d.lines_]
    ['classification error']
    >>> d = ThresholdScanDisplay.from_predictions(
    ...     y, scores, measures=("enrichment_factor", "quality_factor"),
    ...     against="background_acceptance", log=True)
    >>> d.ax_.get_xlabel()
    'background acceptance Be'
    """

    def __init__(self, *, table: ScoreTable) -> None:
        self.table = table

    @classmethod
    def from_predictions(
        cls, y_true: Any, scores: Any, *, pos_label: Any = None, ax: Any = None, **plot_kw: Any
    ) -> ThresholdScanDisplay:
        """Threshold dependences of labels and scores.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels (binary).
        scores : array-like of shape (n_samples,)
            Scores of the positive class (higher = more positive).
        pos_label : optional
            The positive class; default the package's rule (1 / True for {0, 1}, {−1, 1} and
            booleans).
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        ThresholdScanDisplay
            The display, drawn.
        """
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
        """Draw the measures against the threshold or against the background acceptance.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        measures : tuple of str, default ("classification_error",)
            Measures of :func:`phidelta.measures.threshold_scan`; the minimum of the
            classification error is marked.
        against : {"threshold", "background_acceptance"}, default "threshold"
            ``"threshold"`` (Jiřina Figs. 2–3) or ``"background_acceptance"`` (Figs. 6–7, e.g.
            ``measures=("enrichment_factor", "quality_factor"), log=True``).
        log : bool, default False
            A logarithmic y axis.
        title : str, optional
            Title of the axes; default "threshold dependence".

        Returns
        -------
        ThresholdScanDisplay
            The display itself, with ``lines_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``against`` is unknown.
        """
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
        # a corner the curves leave empty, not loc="best": its search over every vertex is
        # slow on large tables and makes matplotlib warn (rates fall with θ; rates rise with
        # Be on a linear axis, ratios such as the enrichment fall on a log one)
        corner = "lower right" if against == "background_acceptance" and not log else "upper right"
        ax.legend(fontsize=7, loc=corner)
        ax.set_title(title or "threshold dependence", fontsize=10)
        self.ax_, self.figure_ = ax, ax.figure
        return self


class CalibrationDisplay:
    """The calibration map (Flach Fig. 2.13) and a reliability diagram.

    The calibration map is the isotonic one read off the ROC convex hull (Flach 2012, §2.3 and
    Fig. 2.13), optionally Laplace-corrected; the reliability diagram bins the scores (they
    must be probabilities) and shows the expected calibration error.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (binary).
    scores : array-like of shape (n_samples,)
        Scores of the positive class.
    pos_label : optional
        The positive class; default the package's rule.

    Attributes
    ----------
    map_ : matplotlib Line2D
        The calibration map, or the reliability curve (set by :meth:`plot`).
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.

    See Also
    --------
    phidelta.measures.IsotonicCalibrator, phidelta.measures.expected_calibration_error

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> y, scores = [1, 0, 1, 0, 1, 0], [0.9, 0.8, 0.6, 0.3, 0.1, 0.05]
    >>> CalibrationDisplay.from_predictions(y, scores).map_.get_label()
    'isotonic calibration map'
    >>> d = CalibrationDisplay.from_predictions(y, scores, kind="reliability", bins=2)
    >>> d.map_.get_label()
    'ECE = 0.142'
    """

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
        """Calibration of a fitted classifier's scores on (X, y).

        The scores are the positive class's ``predict_proba`` column, else
        ``decision_function``.

        Parameters
        ----------
        estimator : fitted classifier
            A scikit-learn style classifier with ``classes_`` and ``predict_proba`` or
            ``decision_function``.
        X : array-like of shape (n_samples, n_features)
            The samples to score.
        y : array-like of shape (n_samples,)
            Their true labels (binary).
        pos_label : optional
            The positive class; default the package's rule (1 / True for {0, 1}, {−1, 1} and
            booleans).
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        CalibrationDisplay
            The display, drawn.

        Raises
        ------
        ValueError
            If the estimator's classes do not include the positive class.
        TypeError
            If the estimator has neither ``predict_proba`` nor ``decision_function``.
        """
        return cls.from_predictions(
            y, _estimator_scores(estimator, X, y, pos_label), pos_label=pos_label, ax=ax, **plot_kw
        )

    @classmethod
    def from_predictions(
        cls, y_true: Any, scores: Any, *, pos_label: Any = None, ax: Any = None, **plot_kw: Any
    ) -> CalibrationDisplay:
        """Calibration of labels and scores.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels (binary).
        scores : array-like of shape (n_samples,)
            Scores of the positive class (higher = more positive).
        pos_label : optional
            The positive class; default the package's rule (1 / True for {0, 1}, {−1, 1} and
            booleans).
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        CalibrationDisplay
            The display, drawn.
        """
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
        """Draw the calibration map or the reliability diagram.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        kind : {"map", "reliability"}, default "map"
            ``"map"``: score → calibrated probability (isotonic, and Laplace-corrected);
            ``"reliability"``: observed frequency against mean predicted probability per bin
            (scores must be probabilities).
        bins : int, default 10
            Bins of the reliability diagram.
        laplace : bool, default True
            Also draw the Laplace-corrected map (``kind="map"``).
        title : str, optional
            Title of the axes; default "calibration map" or "reliability diagram".

        Returns
        -------
        CalibrationDisplay
            The display itself, with ``map_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``kind`` is unknown.
        """
        plt = require_matplotlib("CalibrationDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(5.2, 4.6))
        if kind == "map":
            table = ScoreTable.from_scores(self.y_true, self.scores, pos_label=self.pos_label)
            isotonic = calibration_polyline(IsotonicCalibrator().fit_table(table))
            (self.map_,) = ax.plot(
                isotonic.score,
                isotonic.probability,
                color="tab:red",
                label="isotonic calibration map",
            )
            if laplace:  # over the same window
                corrected = calibration_polyline(
                    IsotonicCalibrator(laplace=True).fit_table(table), isotonic.window
                )
                ax.plot(
                    corrected.score,
                    corrected.probability,
                    color="tab:blue",
                    ls="--",
                    label="Laplace-corrected",
                )
            ax.set_xlim(*isotonic.window)
            flat = " (the map is flat beyond this range)" if isotonic.clipped else ""
            ax.set_xlabel("score" + flat)
            ax.set_ylabel("calibrated probability")
            ax.set_ylim(-0.03, 1.03)
            legend = "lower right"  # a non-decreasing map leaves this corner empty
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
            ax.set_xlim(-0.03, 1.03)  # room for the markers at 0 and 1
            ax.set_ylim(-0.03, 1.03)
            legend = "upper left"
        else:
            raise ValueError(f'`kind` must be "map" or "reliability"; got {kind!r}.')
        ax.legend(fontsize=7, loc=legend)
        ax.set_title(
            title or ("calibration map" if kind == "map" else "reliability diagram"), fontsize=10
        )
        self.ax_, self.figure_ = ax, ax.figure
        return self

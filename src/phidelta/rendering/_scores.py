"""Displays of scoring classifiers: ROC and coverage curves, threshold scans, calibration."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import ScoreTable
from phidelta.geometry import (
    calibration_polyline,
    line_in_box,
    logistic_calibration_curve,
    smooth_calibration_curve,
)
from phidelta.inference import (
    calibration_summary,
    coverage_band,
    reliability_intervals,
    roc_band,
)
from phidelta.measures import (
    LOWER_IS_BETTER,
    MEASURES,
    IsotonicCalibrator,
    best_cut,
    expected_calibration_error,
    isometric_slope,
    logistic_calibration,
    optimal_points,
    roc_convex_hull,
    roc_curve,
    threshold_scan,
)
from phidelta.rendering._common import require_matplotlib
from phidelta.rendering.plotly._displays import InteractiveDisplay

__all__ = ["CalibrationDisplay", "RocDisplay", "ThresholdScanDisplay"]


class RocDisplay(InteractiveDisplay):
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
    band_ : RocBand, CoverageBand or None
        The first table's bands (``plot(band=...)``), as :mod:`phidelta.inference` computed
        them.
    band_patches_ : list of matplotlib PolyCollection
        The shaded bands, simultaneous first.
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
    >>> d = RocDisplay.from_predictions(
    ...     [1, 0, 1, 0, 1, 0], [0.9, 0.8, 0.7, 0.4, 0.3, 0.1], band=True, random_state=0
    ... )
    >>> [p.get_label() for p in d.band_patches_]
    ['95% simultaneous band (bootstrap sup-t)', '95% pointwise band (bootstrap percentile)']
    """

    def __init__(self, *, tables: list[ScoreTable], names: list[str] | None = None) -> None:
        self.tables = _score_tables(tables, names)
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
        band: bool | str = False,
        confidence_level: float = 0.95,
        n_resamples: int = 2000,
        random_state: Any = None,
        band_groups: Any = None,
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
        band : bool or {"pointwise", "simultaneous"}, default=False
            Shade the first table's confidence band(s) (True: both), computed by
            :func:`phidelta.inference.roc_band` (or :func:`~phidelta.inference.coverage_band`
            in coverage space): stratified bootstrap, vertical averaging at 101 false positive
            rates, percentile pointwise and sup-t simultaneous bands. The result is kept in
            ``band_``.
        confidence_level : float, default=0.95
            The bands' confidence level.
        n_resamples : int, default=2000
            Bootstrap resamples of the bands.
        random_state : None, int or Generator, optional
            Seeds the bands' resampling; the same seed draws the same bands.
        band_groups : sequence of ScoreTable, optional
            With several rows per patient, speaker, document or site: the first table's
            score table of each group (``ScoreTable.from_groups``); the bands then resample
            whole groups (the cluster bootstrap, ``groups`` of
            :func:`phidelta.inference.roc_band`).

        Returns
        -------
        RocDisplay
            The display itself, with ``curves_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``space`` or ``band`` is unknown.
        """
        plt = require_matplotlib("RocDisplay.plot")
        if space not in ("roc", "coverage"):
            raise ValueError(f'`space` must be "roc" or "coverage"; got {space!r}.')
        kinds = _band_kinds(band)
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
        self.band_, self.band_patches_ = None, []
        if kinds:
            make = roc_band if space == "roc" else coverage_band
            self.band_ = make(
                first,
                confidence_level=confidence_level,
                n_resamples=n_resamples,
                random_state=random_state,
                groups=band_groups,
            )
            self.band_patches_ = _shade_band(ax, self.band_, kinds, self.curve_.get_color())
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


def _band_kinds(band: Any) -> tuple[str, ...]:
    """The bands asked for by ``band=``: True for both, a name for one, False for none."""
    if band is True:
        return ("simultaneous", "pointwise")
    if band is False or band is None:
        return ()
    if band in ("pointwise", "simultaneous"):
        return (band,)
    raise ValueError(f'`band` must be True, False, "pointwise" or "simultaneous"; got {band!r}.')


_BAND_LABEL = {
    "pointwise": "{level:g}% pointwise band (bootstrap percentile)",
    "simultaneous": "{level:g}% simultaneous band (bootstrap sup-t)",
}


def _shade_band(ax: Any, band: Any, kinds: tuple[str, ...], color: str) -> list[Any]:
    """Shade the bands of a curve band result (simultaneous lighter, below the pointwise)."""
    x, _, low, high, sim_low, sim_high = band
    patches = []
    for kind in kinds:
        lower, upper = (sim_low, sim_high) if kind == "simultaneous" else (low, high)
        patches.append(
            ax.fill_between(
                x,
                lower,
                upper,
                color=color,
                alpha=0.12 if kind == "simultaneous" else 0.28,
                lw=0,
                label=_BAND_LABEL[kind].format(level=100 * band.confidence_level),
            )
        )
    return patches


def _bin_bars(ax: Any, intervals: Any, kinds: tuple[str, ...], color: str) -> list[Any]:
    """Vertical bars of each non-empty bin's interval: simultaneous wide and pale, pointwise as
    capped error bars."""
    ok = intervals.count > 0
    x = intervals.mean_predicted[ok]
    level = 100 * intervals.confidence_level
    bars = []
    for kind in kinds:
        if kind == "simultaneous":
            bars.append(
                ax.vlines(
                    x,
                    intervals.simultaneous_low[ok],
                    intervals.simultaneous_high[ok],
                    color=color,
                    alpha=0.25,
                    lw=7,
                    label=f"{level:g}% simultaneous (Wilson, Bonferroni over bins)",
                )
            )
        else:
            bars.append(
                ax.errorbar(
                    x,
                    intervals.observed[ok],
                    yerr=np.clip(  # rounding can put a bound 1e-16 inside its estimate
                        [
                            intervals.observed[ok] - intervals.low[ok],
                            intervals.high[ok] - intervals.observed[ok],
                        ],
                        0,
                        None,
                    ),
                    fmt="none",
                    ecolor=color,
                    elinewidth=1,
                    capsize=3,
                    label=f"{level:g}% per bin (Wilson score)",
                )
            )
    return bars


def _score_tables(tables: Any, names: list[str] | None) -> list[ScoreTable]:
    """The tables of a display of curves (one or several), checked against their names."""
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
    return tables


def _estimator_scores(
    estimator: Any, X: Any, y: Any, pos_label: Any, *, probabilities: bool = False
) -> np.ndarray:
    """The positive class's ``predict_proba`` column of a fitted classifier, else (unless
    `probabilities` are needed) its ``decision_function``, turned towards the positive class."""
    from phidelta.counts._labels import binary_target

    if probabilities and not hasattr(estimator, "predict_proba"):
        raise TypeError(
            f"`estimator` must have predict_proba: a decision curve needs probabilities; "
            f"{type(estimator).__name__} has none (calibrate it first, e.g. with "
            "scikit-learn's CalibratedClassifierCV)."
        )
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


class ThresholdScanDisplay(InteractiveDisplay):
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
        best: str | None = "classification_error",
    ) -> ThresholdScanDisplay:
        """Draw the measures against the threshold or against the background acceptance.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        measures : tuple of str, default ("classification_error",)
            Measures of :func:`phidelta.measures.threshold_scan`.
        against : {"threshold", "background_acceptance"}, default "threshold"
            ``"threshold"`` (Jiřina Figs. 2–3) or ``"background_acceptance"`` (Figs. 6–7, e.g.
            ``measures=("enrichment_factor", "quality_factor"), log=True``).
        log : bool, default False
            A logarithmic y axis.
        title : str, optional
            Title of the axes; default "threshold dependence".
        best : str or None, default "classification_error"
            The measure whose best cut (:func:`phidelta.measures.best_cut`: its maximum, or
            minimum for an error) is marked when it is among ``measures``: a point and a
            dotted vertical line; None marks nothing.

        Returns
        -------
        ThresholdScanDisplay
            The display itself, with ``lines_``, ``ax_``, ``figure_`` and ``best_`` (the marked
            cut's threshold, or None) set.

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
        self.best_ = None
        if best is not None and best in measures and not np.isnan(scan[best][rows]).all():
            values = scan[best][rows]
            row = best_cut(values, best)
            at = x[row] if against == "threshold" else x[rows][row]
            color = self.lines_[list(measures).index(best)].get_color()
            ax.axvline(at, color=color, linestyle=":", linewidth=1)
            word = "minimum" if best in LOWER_IS_BETTER else "maximum"
            symbol = next(i.symbol for i in MEASURES if i.name == best)
            symbol = symbol if len(symbol) <= 3 else best.replace("_", " ")
            ax.scatter(
                [at],
                [values[row]],
                marker="D",
                color=color,
                edgecolor="black",
                zorder=5,
                label=f"{word} {symbol} = {values[row]:.3g} at θ = "
                f"{float(scan.index[rows][row]):.3g}",
            )
            self.best_ = float(scan.index[rows][row])
        # a corner the curves leave empty, not loc="best": its search over every vertex is
        # slow on large tables and makes matplotlib warn (rates fall with θ; rates rise with
        # Be on a linear axis, ratios such as the enrichment fall on a log one)
        corner = "lower right" if against == "background_acceptance" and not log else "upper right"
        ax.legend(fontsize=7, loc=corner)
        ax.set_title(title or "threshold dependence", fontsize=10)
        self.ax_, self.figure_ = ax, ax.figure
        return self


class CalibrationDisplay(InteractiveDisplay):
    """The calibration map (Flach Fig. 2.13), a reliability diagram and smooth calibration curves.

    The calibration map is the isotonic one read off the ROC convex hull (Flach 2012, §2.3 and
    Fig. 2.13), optionally Laplace-corrected; the reliability diagram bins the scores (they
    must be probabilities) and shows the expected calibration error; the smooth view is rms's
    ``val.prob`` plot (Harrell 2015, §10.11): the lowess and the logistic calibration curves
    beside the isotonic map, over the spread of the predictions. Any view of probabilities can
    print val.prob's statistics beside the axes (``statistics=True``).

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
    band_ : ReliabilityIntervals or None
        Each bin's Wilson intervals (``plot(kind="reliability", band=...)``).
    band_bars_ : list of matplotlib artists
        The drawn intervals, simultaneous first.
    statistics_ : CalibrationSummary or None
        val.prob's statistics (``plot(statistics=True)``), from
        :func:`phidelta.inference.calibration_summary`.
    statistics_text_ : matplotlib Text or None
        Their panel, right of the axes.
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.

    See Also
    --------
    phidelta.measures.IsotonicCalibrator, phidelta.measures.expected_calibration_error
    phidelta.geometry.smooth_calibration_curve, phidelta.inference.calibration_summary

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
    >>> d = CalibrationDisplay.from_predictions(y, scores, kind="reliability", bins=2, band=True)
    >>> d.band_.method
    'Wilson score per bin; simultaneous: Bonferroni over the non-empty bins'
    >>> d = CalibrationDisplay.from_predictions(y, scores, kind="smooth", statistics=True)
    >>> d.map_.get_label(), round(d.statistics_.statistics.eavg, 3)
    ('nonparametric (lowess)', 0.316)
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
        band: bool | str = False,
        confidence_level: float = 0.95,
        statistics: bool = False,
    ) -> CalibrationDisplay:
        """Draw the calibration map, the reliability diagram or the smooth calibration curves.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        kind : {"map", "reliability", "smooth"}, default "map"
            ``"map"``: score → calibrated probability (isotonic, and Laplace-corrected);
            ``"reliability"``: observed frequency against mean predicted probability per bin;
            ``"smooth"``: rms's val.prob plot — the lowess curve
            (:func:`phidelta.geometry.smooth_calibration_curve`), the logistic calibration
            curve and the isotonic map, with the distribution of the predictions along the
            bottom. The last two need probabilities.
        bins : int, default 10
            Bins of the reliability diagram.
        laplace : bool, default True
            Also draw the Laplace-corrected map (``kind="map"``).
        title : str, optional
            Title of the axes; default "calibration map" or "reliability diagram".
        band : bool or {"pointwise", "simultaneous"}, default=False
            Draw each bin's Wilson score interval (``kind="reliability"``; True: both), as
            :func:`phidelta.inference.reliability_intervals` computes them: pointwise as error
            bars, simultaneous (Bonferroni over the bins) as wider pale bars. The result is
            kept in ``band_``.
        confidence_level : float, default=0.95
            The intervals' confidence level.
        statistics : bool, default=False
            Print rms's val.prob statistics (Dxy, C, R², D, U, Q, Brier, intercept, slope,
            Emax, E90, Eavg, Spiegelhalter's z and p; see
            :func:`phidelta.inference.calibration_summary`) in a panel right of the axes;
            kept in ``statistics_``. The scores must be probabilities.

        Returns
        -------
        CalibrationDisplay
            The display itself, with ``map_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If ``kind`` or ``band`` is unknown, a band is asked of another view than the
            reliability diagram, or ``kind="smooth"`` or ``statistics`` is asked of scores
            that are not probabilities.
        """
        plt = require_matplotlib("CalibrationDisplay.plot")
        kinds = _band_kinds(band)
        if kinds and kind != "reliability":
            raise ValueError(
                f'`band` is drawn on the reliability diagram (kind="reliability"); got '
                f"kind={kind!r}."
            )
        if kind not in ("map", "reliability", "smooth"):
            raise ValueError(f'`kind` must be "map", "reliability" or "smooth"; got {kind!r}.')
        if (kind == "smooth" or statistics) and (
            self.scores.size and (self.scores.min() < 0 or self.scores.max() > 1)
        ):
            asked = 'kind="smooth"' if kind == "smooth" else "statistics=True"
            raise ValueError(
                f"{asked} needs probabilities in [0, 1] as scores; these range over "
                f'[{self.scores.min():g}, {self.scores.max():g}] (use kind="map", or '
                "calibrate them first)."
            )
        self.band_, self.band_bars_ = None, []
        self.statistics_, self.statistics_text_ = None, None
        if ax is None:
            # bands put the legend under the axes, statistics (and the smooth view's legend)
            # go right of them: a layout that keeps them in the figure
            right = statistics or kind == "smooth"
            width = 7.4 if right else 5.2
            layout = "constrained" if kinds or right else None
            _, ax = plt.subplots(figsize=(width, 4.6), layout=layout)
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
            if kinds:
                self.band_ = reliability_intervals(bins_table, confidence_level=confidence_level)
                self.band_bars_ = _bin_bars(ax, self.band_, kinds, self.map_.get_color())
            ax.set_xlabel("mean predicted probability")
            ax.set_ylabel("observed frequency of the positive class")
            ax.set_xlim(-0.03, 1.03)  # room for the markers at 0 and 1
            ax.set_ylim(-0.03, 1.03)
            legend = "upper left"
        else:  # "smooth": rms's val.prob plot
            legend = self._draw_smooth(ax)
        if statistics:
            self._print_statistics(ax)
        if self.band_bars_:  # tall bars can reach any corner: the legend goes below the axes
            ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
        elif legend == "right":  # four curves can cross any corner: the legend goes beside
            ax.legend(fontsize=7, loc="lower left", bbox_to_anchor=(1.03, 0.0), borderaxespad=0)
        else:
            ax.legend(fontsize=7, loc=legend)
        titles = {
            "map": "calibration map",
            "reliability": "reliability diagram",
            "smooth": "calibration curves",
        }
        ax.set_title(title or titles[kind], fontsize=10)
        self.ax_, self.figure_ = ax, ax.figure
        return self

    def _draw_smooth(self, ax: Any) -> str:
        """The ideal line, the lowess and logistic curves, the isotonic map and the spread of
        the predictions (rms's ``val.prob`` plot); returns where the legend goes."""
        p = self.scores
        ax.plot([0, 1], [0, 1], color="0.82", lw=4, label="ideal", zorder=1)
        # the predictions' distribution as spikes along the bottom, at most 15 % high
        count, edges = np.histogram(p, bins=100, range=(0.0, 1.0))
        shown = count > 0
        ax.vlines(
            edges[:-1][shown] + 0.005,
            -0.03,
            -0.03 + 0.15 * count[shown] / count.max(),
            color="0.55",
            lw=1,
            zorder=1,
        )
        table = ScoreTable.from_scores(self.y_true, p, pos_label=self.pos_label)
        isotonic = calibration_polyline(IsotonicCalibrator().fit_table(table), (0.0, 1.0))
        ax.plot(
            isotonic.score,
            isotonic.probability,
            color="tab:red",
            lw=1,
            alpha=0.8,
            label="isotonic calibration map",
        )
        fit = logistic_calibration(self.y_true, p, pos_label=self.pos_label)
        logistic = logistic_calibration_curve(fit)
        ax.plot(
            logistic.probability,
            logistic.observed,
            color="black",
            lw=1,
            ls="--",
            label="logistic calibration",
        )
        smooth = smooth_calibration_curve(self.y_true, p, pos_label=self.pos_label)
        (self.map_,) = ax.plot(
            smooth.probability,
            smooth.observed,
            color="tab:blue",
            lw=1.8,
            label="nonparametric (lowess)",
        )
        ax.set_xlabel("predicted probability")
        ax.set_ylabel("observed frequency of the positive class")
        ax.set_xlim(-0.02, 1.02)
        ax.set_ylim(-0.03, 1.03)
        return "right"

    def _print_statistics(self, ax: Any) -> None:
        """val.prob's statistics, three decimals, in a panel right of the axes."""
        self.statistics_ = calibration_summary(self.y_true, self.scores, pos_label=self.pos_label)
        numbers = self.statistics_.to_dict()
        shown = ("Dxy", "C (ROC)", "R2", "D", "U", "Q", "Brier", "Intercept", "Slope")
        shown += ("Emax", "E90", "Eavg", "S:z", "S:p")  # val.prob's panel, in its order
        lines = [f"{name:<10}{numbers[name]:>8.3f}" for name in shown]
        self.statistics_text_ = ax.text(
            1.04,
            1.0,
            "\n".join(lines),
            transform=ax.transAxes,
            ha="left",
            va="top",
            family="monospace",
            fontsize=8,
            linespacing=1.35,
        )

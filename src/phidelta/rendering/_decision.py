"""The decision curve display: net benefit against the threshold probability (Vickers & Elkin)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.counts import ScoreTable
from phidelta.inference import decision_curve_band
from phidelta.measures import decision_curve
from phidelta.rendering._common import require_matplotlib
from phidelta.rendering._scores import (
    _band_kinds,
    _estimator_scores,
    _score_tables,
    _shade_band,
)
from phidelta.rendering.plotly._displays import InteractiveDisplay

__all__ = ["DecisionCurveDisplay"]

_KINDS = ("net_benefit", "standardized_net_benefit", "net_interventions_avoided")


class DecisionCurveDisplay(InteractiveDisplay):
    """Decision curves of one or more models beside treating all and treating none.

    Net benefit NB = TP/n − FP/n · p_t/(1 − p_t) against the threshold probability p_t
    (Vickers & Elkin 2006), or its standardized form NB / prevalence (Kerr et al. 2016), or the
    net interventions avoided per 100 (Vickers et al. 2008). The y axis stops where the
    curves stop saying anything: net benefit is shown from −prevalence / 2 (treating all falls
    below it as p_t grows: a harm no model is compared against) to a little above the
    prevalence, the most any model can reach; the standardized curve from −0.5 to 1.05. Pass
    ``ylim`` to choose another range.

    Parameters
    ----------
    tables : list of ScoreTable
        One table of predicted probabilities per model, on the same rows; the first one gives
        treat-all (its prevalence) and gets the band.
    names : list of str, optional
        Legend names of the models.

    Attributes
    ----------
    curves_ : list of DecisionCurve
        The curves drawn, one per table (set by :meth:`plot`).
    lines_ : list of matplotlib Line2D
        The models' lines.
    curve_ : matplotlib Line2D
        The first model's line.
    treat_all_, treat_none_ : matplotlib Line2D or None
        The reference lines (when drawn).
    band_ : DecisionCurveBand or None
        The first model's bands (``plot(band=...)``), as
        :func:`phidelta.inference.decision_curve_band` computed them.
    band_patches_ : list of matplotlib PolyCollection
        The shaded bands, simultaneous first.
    ax_ : matplotlib Axes
        The axes drawn on.
    figure_ : matplotlib Figure
        The figure of ``ax_``.

    See Also
    --------
    phidelta.measures.decision_curve, phidelta.inference.decision_curve_band

    References
    ----------
    Vickers, A. J., & Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. Medical Decision Making, 26(6), 565–574.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> y, p = [1, 1, 0, 1, 0, 0], [0.9, 0.7, 0.6, 0.4, 0.2, 0.1]
    >>> d = DecisionCurveDisplay.from_predictions(y, p, name="model")
    >>> [line.get_label() for line in (d.curve_, d.treat_all_, d.treat_none_)]
    ['model', 'treat all', 'treat none']
    >>> d = DecisionCurveDisplay.from_predictions(y * 20, p * 20, band=True, random_state=0)
    >>> [patch.get_label() for patch in d.band_patches_]
    ['95% simultaneous band (bootstrap sup-t)', '95% pointwise band (bootstrap percentile)']
    """

    def __init__(self, *, tables: list[ScoreTable], names: list[str] | None = None) -> None:
        self.tables = _score_tables(tables, names)
        self.names = names

    @classmethod
    def from_predictions(
        cls,
        y_true: Any,
        probabilities: Any,
        *,
        pos_label: Any = None,
        sample_weight: Any = None,
        name: str | None = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> DecisionCurveDisplay:
        """Decision curve of labels and predicted probabilities.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels (binary).
        probabilities : array-like of shape (n_samples,)
            Predicted probabilities of the positive class, in [0, 1].
        pos_label : optional
            The positive class; default the package's rule (1 / True for {0, 1}, {−1, 1} and
            booleans).
        sample_weight : array-like of shape (n_samples,), optional
            Weights of the rows (weighted curves; bands need unweighted rows).
        name : str, optional
            Legend name of the model.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        DecisionCurveDisplay
            The display, drawn.
        """
        table = ScoreTable.from_scores(
            y_true, probabilities, pos_label=pos_label, sample_weight=sample_weight
        )
        names = None if name is None else [name]
        return cls(tables=[table], names=names).plot(ax=ax, **plot_kw)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: Any,
        *,
        pos_label: Any = None,
        name: str | None = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> DecisionCurveDisplay:
        """Decision curve of a fitted classifier's ``predict_proba`` on (X, y).

        Parameters
        ----------
        estimator : fitted classifier
            A scikit-learn style classifier with ``classes_`` and ``predict_proba``.
        X : array-like of shape (n_samples, n_features)
            The samples to score.
        y : array-like of shape (n_samples,)
            Their true labels (binary).
        pos_label : optional
            The positive class; default the package's rule.
        name : str, optional
            Legend name; default the estimator's class name.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        DecisionCurveDisplay
            The display, drawn.

        Raises
        ------
        TypeError
            If the estimator has no ``predict_proba`` (decision values are not probabilities).
        ValueError
            If the estimator's classes do not include the positive class.
        """
        return cls.from_predictions(
            y,
            _estimator_scores(estimator, X, y, pos_label, probabilities=True),
            pos_label=pos_label,
            name=type(estimator).__name__ if name is None else name,
            ax=ax,
            **plot_kw,
        )

    @classmethod
    def from_tables(
        cls,
        tables: list[ScoreTable],
        *,
        names: list[str] | None = None,
        ax: Any = None,
        **plot_kw: Any,
    ) -> DecisionCurveDisplay:
        """Decision curves of score tables computed beforehand (e.g. several models).

        Parameters
        ----------
        tables : list of ScoreTable
            One table of predicted probabilities per model.
        names : list of str, optional
            Legend names of the models.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        DecisionCurveDisplay
            The display, drawn.
        """
        return cls(tables=tables, names=names).plot(ax=ax, **plot_kw)

    def plot(
        self,
        ax: Any = None,
        *,
        thresholds: Any = None,
        kind: str = "net_benefit",
        per: float = 100,
        treat_all: bool = True,
        treat_none: bool = True,
        band: bool | str = False,
        confidence_level: float = 0.95,
        n_resamples: int = 2000,
        random_state: Any = None,
        stratified: bool = False,
        ylim: tuple[float, float] | None = None,
        title: str | None = None,
    ) -> DecisionCurveDisplay:
        """Draw the decision curves.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        thresholds : array-like, optional
            Increasing threshold probabilities in [0, 1); default 0, 0.01, …, 0.99.
        kind : {"net_benefit", "standardized_net_benefit", "net_interventions_avoided"}
            What to draw; default ``"net_benefit"``. Net interventions avoided has no
            reference lines (treating all is its zero).
        per : float, default=100
            Net interventions avoided per how many patients.
        treat_all, treat_none : bool, default=True
            Draw the reference strategies.
        band : bool or {"pointwise", "simultaneous"}, default=False
            Shade the first model's bootstrap band(s) (True: both), computed by
            :func:`phidelta.inference.decision_curve_band` and kept in ``band_``.
        confidence_level : float, default=0.95
            The bands' confidence level.
        n_resamples : int, default=2000
            Bootstrap resamples of the bands.
        random_state : None, int or Generator, optional
            Seeds the bands' resampling.
        stratified : bool, default=False
            Keep the class totals in the bands' resamples (see
            :func:`~phidelta.inference.decision_curve_band`).
        ylim : (float, float), optional
            The y range; default as described in the class docstring.
        title : str, optional
            Title of the axes; default "decision curve".

        Returns
        -------
        DecisionCurveDisplay
            The display itself, with ``curves_``, ``lines_``, ``ax_`` and ``figure_`` set.

        Raises
        ------
        ValueError
            If `kind` or `band` is unknown, or a table's scores are not probabilities.
        """
        plt = require_matplotlib("DecisionCurveDisplay.plot")
        if kind not in _KINDS:
            raise ValueError(f"`kind` must be one of {list(_KINDS)}; got {kind!r}.")
        kinds = _band_kinds(band)
        self.curves_ = [decision_curve(t, thresholds=thresholds) for t in self.tables]
        if ax is None:
            # bands put the legend under the axes: a layout that keeps it in the figure
            _, ax = plt.subplots(figsize=(6.0, 4.4), layout="constrained" if kinds else None)
        values = [_values(curve, kind, per) for curve in self.curves_]
        first = self.curves_[0]
        pt = first.threshold_probability
        self.treat_all_ = self.treat_none_ = None
        if kind != "net_interventions_avoided":
            scale = 1.0 if kind == "net_benefit" else 1 / first.prevalence
            if treat_all:
                (self.treat_all_,) = ax.plot(
                    pt, first.treat_all * scale, color="0.45", lw=1.1, label="treat all"
                )
            if treat_none:
                (self.treat_none_,) = ax.plot(
                    pt, first.treat_none, color="0.15", lw=1.0, ls="--", label="treat none"
                )
        self.lines_ = []
        for k, y in enumerate(values):
            label = self.names[k] if self.names else ("model" if len(values) == 1 else None)
            (line,) = ax.plot(pt, y, lw=1.6, label=label, zorder=3)
            self.lines_.append(line)
        self.curve_ = self.lines_[0]
        self.band_, self.band_patches_ = None, []
        if kinds:
            self.band_ = decision_curve_band(
                self.tables[0],
                thresholds=pt,
                measure=kind,
                per=per,
                confidence_level=confidence_level,
                n_resamples=n_resamples,
                random_state=random_state,
                stratified=stratified,
            )
            self.band_patches_ = _shade_band(ax, self.band_, kinds, self.curve_.get_color())
        ax.set_xlim(pt[0], pt[-1])
        ax.set_ylim(*(ylim if ylim is not None else _default_ylim(self.curves_, values, kind)))
        ax.axhline(0, color="0.8", lw=0.6, zorder=0)
        ax.set_xlabel("threshold probability $p_t$ (treat when the predicted probability ≥ $p_t$)")
        ax.set_ylabel(
            {
                "net_benefit": "net benefit",
                "standardized_net_benefit": "standardized net benefit (NB / prevalence)",
                "net_interventions_avoided": f"net interventions avoided per {per:g}",
            }[kind]
        )
        ax.set_title(title or "decision curve", fontsize=10)
        if self.band_patches_:  # a band can fill any corner: the legend goes below the axes
            ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)
        else:  # net benefit falls with p_t, interventions avoided rise: the emptier corner
            corner = "lower right" if kind == "net_interventions_avoided" else "upper right"
            ax.legend(fontsize=7, loc=corner)
        self.ax_, self.figure_ = ax, ax.figure
        return self


def _values(curve: Any, kind: str, per: float) -> np.ndarray:
    if kind == "net_benefit":
        return np.asarray(curve.net_benefit)
    if kind == "standardized_net_benefit":
        return np.asarray(curve.standardized_net_benefit)
    return np.asarray(curve.net_interventions_avoided(per))


def _default_ylim(curves: list[Any], values: list[np.ndarray], kind: str) -> tuple[float, float]:
    """From −prevalence / 2 to 1.1 · prevalence for net benefit (the most prevalent model's),
    −0.5 to 1.05 standardized; the models' own range for interventions avoided, from at most
    0 (below, the curves run to −inf as p_t → 0)."""
    if kind == "net_benefit":
        top = max(curve.prevalence for curve in curves)
        return -0.5 * top, 1.1 * top
    if kind == "standardized_net_benefit":
        return -0.5, 1.05
    finite = np.concatenate([v[np.isfinite(v)] for v in values])
    high = float(finite.max()) if len(finite) else 1.0
    high = max(high, 1.0)
    return -0.15 * high, 1.1 * high

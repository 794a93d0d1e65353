"""Decision curves and Brier curves: what acting on a probability is worth at every threshold.

A decision curve (Vickers & Elkin 2006) is the net benefit of treating those whose predicted
probability is at least p_t, over a range of threshold probabilities p_t; a Brier curve
(Hernández-Orallo, Flach & Ferri 2011) is the loss of the same decision over the cost
proportions. Both depend on the data only through the true and false positives at each
threshold, which the score table gives for every threshold at once (its cumulative counts read
by one search), so a curve costs O(thresholds · log distinct scores) whatever the rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import (
    as_float_array,
    check_positive_int,
    check_positive_number,
    require_pandas,
)
from phidelta.counts import ScoreTable
from phidelta.measures._ranking import _check_table, _check_two_classes, roc_convex_hull
from phidelta.measures._results import TupleResult

__all__ = ["BrierCurve", "DecisionCurve", "brier_curve", "decision_curve"]

#: dcurves' default grid: 0, 0.01, …, 0.99 (p_t = 1 would weigh a false positive infinitely)
_DEFAULT_THRESHOLDS = np.arange(100) / 100


def threshold_probabilities(thresholds: Any) -> np.ndarray:
    """The threshold probabilities of a decision curve: increasing, in [0, 1) (None: 0–0.99)."""
    if thresholds is None:
        return _DEFAULT_THRESHOLDS.copy()
    values = as_float_array(thresholds, "thresholds")
    if not len(values) or values.min() < 0 or values.max() >= 1 or np.any(np.diff(values) <= 0):
        raise ValueError(
            f"`thresholds` must be increasing threshold probabilities in [0, 1); got "
            f"{thresholds!r}."
        )
    return values


def probability_table(table: Any, what: str) -> ScoreTable:
    """``table`` if it is a ScoreTable of probabilities holding both classes."""
    t = _check_table(table)
    _check_two_classes(t, what)
    if t.scores[0] > 1 or t.scores[-1] < 0:
        raise ValueError(
            f"{what} needs probabilities: the scores of `table` must lie in [0, 1]; they run "
            f"from {t.scores[-1]:g} to {t.scores[0]:g}. Build the table from predict_proba's "
            "column, or calibrate the scores first (phidelta.measures.IsotonicCalibrator)."
        )
    return t


def treated_counts(table: ScoreTable, thresholds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(TP, FP) of the rule "treat when score ≥ p_t" at every threshold: the cumulative counts
    read where the decreasing scores fall below each p_t (one search for all thresholds)."""
    tp, fp = table.cumulative()
    above = np.searchsorted(-table.scores, -thresholds, side="right")  # scores ≥ p_t
    return tp[above].astype(np.float64), fp[above].astype(np.float64)


@dataclass(frozen=True)
class DecisionCurve(TupleResult):
    """Net benefit of a model, of treating all and of treating none, per threshold probability.

    Vickers & Elkin (2006): at threshold probability p_t one treats when the predicted
    probability is at least p_t, which values a true positive at 1 and a false positive at the
    odds p_t / (1 − p_t); the net benefit is NB = TP/n − FP/n · p_t/(1 − p_t). Treating all
    gives NB = π − (1 − π) · p_t/(1 − p_t) with π the prevalence, treating none gives 0.

    Unpacks as ``threshold_probability, net_benefit, treat_all, treat_none``.

    Attributes
    ----------
    threshold_probability : ndarray of shape (k,)
        p_t, increasing in [0, 1).
    net_benefit : ndarray of shape (k,)
        The model's net benefit at each p_t.
    treat_all, treat_none : ndarray of shape (k,)
        The net benefit of treating everyone and of treating no one (zero).
    prevalence : float
        π = P / n.
    true_positives, false_positives : ndarray of shape (k,)
        The (weighted) counts treated at each p_t.
    total : float
        n, the (weighted) number of samples.
    table : ScoreTable
        The counts the curve came from (not shown in the repr).
    standardized_net_benefit : ndarray of shape (k,)
        NB / π (Kerr et al. 2016): the share of the perfect model's net benefit, in
        (−inf, 1].
    standardized_treat_all : ndarray of shape (k,)
        Treating all's net benefit over π.

    See Also
    --------
    decision_curve : computes it.
    phidelta.measures.net_benefit : the net benefit of binary counts at one p_t.

    References
    ----------
    Vickers, A. J., & Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. Medical Decision Making, 26(6), 565–574.

    Kerr, K. F., Brown, M. D., Zhu, K., & Janes, H. (2016). Assessing the clinical impact of
    risk prediction models with decision curves: guidance for correct interpretation and
    appropriate use. Journal of Clinical Oncology, 34(21), 2534–2540.

    Vickers, A. J., Cronin, A. M., Elkin, E. B., & Gonen, M. (2008). Extensions to decision
    curve analysis, a novel method for evaluating diagnostic tests, prediction models and
    molecular markers. BMC Medical Informatics and Decision Making, 8, 53.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.7, 0.6, 0.4, 0.2, 0.1])
    >>> curve = decision_curve(t, thresholds=[0.25, 0.5])
    >>> curve.net_benefit      # at 0.25: 3/6 − 1/6 · 1/3
    array([0.44444444, 0.16666667])
    >>> curve.standardized_net_benefit
    array([0.88888889, 0.33333333])
    >>> curve.net_interventions_avoided()   # per 100: (4/9 − 1/3) / (1/3) · 100
    array([33.33333333, 16.66666667])
    """

    threshold_probability: np.ndarray
    net_benefit: np.ndarray
    treat_all: np.ndarray
    treat_none: np.ndarray
    prevalence: float
    true_positives: np.ndarray = field(repr=False)
    false_positives: np.ndarray = field(repr=False)
    total: float = field(repr=False)
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = (
        "threshold_probability",
        "net_benefit",
        "treat_all",
        "treat_none",
    )

    @property
    def standardized_net_benefit(self) -> np.ndarray:
        """NB / π, the model's net benefit as a share of a perfect model's (Kerr et al. 2016)."""
        return self.net_benefit / self.prevalence

    @property
    def standardized_treat_all(self) -> np.ndarray:
        """Treating all's net benefit over π."""
        return self.treat_all / self.prevalence

    def net_interventions_avoided(self, per: float = 100) -> np.ndarray:
        """Net interventions avoided, (NB − NB_all) / (p_t / (1 − p_t)) · `per` (Vickers 2008).

        The model's gain over treating everyone, in unnecessary interventions avoided per
        `per` patients at no loss of true positives. Undefined (NaN) at p_t = 0, where the
        model and treating all are the same rule (0 / 0).

        Parameters
        ----------
        per : float, default=100
            Per how many patients.

        Returns
        -------
        ndarray of shape (k,)
            The interventions avoided at each threshold probability.

        Raises
        ------
        TypeError, ValueError
            If `per` is not a positive finite number.
        """
        per = check_positive_number(per, "per", unit=" (of patients)")
        odds = self.threshold_probability / (1 - self.threshold_probability)
        with np.errstate(divide="ignore", invalid="ignore"):
            avoided = (self.net_benefit - self.treat_all) / odds * per
        return np.where(odds > 0, avoided, np.nan)

    def to_frame(self) -> Any:
        """The curve as a pandas DataFrame, one row per threshold probability.

        Returns
        -------
        pandas.DataFrame
            ``threshold_probability``, ``net_benefit``, ``treat_all``, ``treat_none``,
            ``standardized_net_benefit``, ``net_interventions_avoided`` (per 100),
            ``true_positives`` and ``false_positives``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("DecisionCurve.to_frame")
        return pd.DataFrame(
            {
                "threshold_probability": self.threshold_probability,
                "net_benefit": self.net_benefit,
                "treat_all": self.treat_all,
                "treat_none": self.treat_none,
                "standardized_net_benefit": self.standardized_net_benefit,
                "net_interventions_avoided": self.net_interventions_avoided(),
                "true_positives": self.true_positives,
                "false_positives": self.false_positives,
            }
        )


def decision_curve(table: ScoreTable, *, thresholds: Any = None) -> DecisionCurve:
    """Decision curve of predicted probabilities (Vickers & Elkin 2006).

    At each threshold probability p_t the model treats those with probability ≥ p_t, and its
    net benefit is NB = TP/n − FP/n · p_t/(1 − p_t) (Vickers & Elkin 2006), beside
    treating all, π − (1 − π) · p_t/(1 − p_t), and treating none, 0. Every threshold is read
    off the score table's cumulative counts at once; weighted tables give weighted counts.

    Parameters
    ----------
    table : ScoreTable
        Predicted probabilities (scores in [0, 1]) with their positive and negative counts.
    thresholds : array-like, optional
        Increasing threshold probabilities in [0, 1); default 0, 0.01, …, 0.99 (dcurves'
        grid).

    Returns
    -------
    DecisionCurve
        Unpacks as ``threshold_probability, net_benefit, treat_all, treat_none``; also
        ``standardized_net_benefit``, ``net_interventions_avoided()`` and ``to_frame()``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable`.
    ValueError
        If a class is absent, the scores of `table` are not probabilities, or `thresholds` is
        not increasing in [0, 1).

    See Also
    --------
    phidelta.measures.net_benefit : the net benefit of binary counts at one threshold.
    brier_curve : the loss of the same decisions over the cost proportions.
    phidelta.inference.decision_curve_band : its confidence bands.

    References
    ----------
    Vickers, A. J., & Elkin, E. B. (2006). Decision curve analysis: a novel method for
    evaluating prediction models. Medical Decision Making, 26(6), 565–574.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.7, 0.6, 0.4, 0.2, 0.1])
    >>> pt, model, treat_all, treat_none = decision_curve(t, thresholds=[0.1, 0.5])
    >>> model, treat_all    # at 0.5: 2/6 − 1/6; treating all: 3/6 − 3/6
    (array([0.44444444, 0.16666667]), array([0.44444444, 0.        ]))
    """
    t = probability_table(table, "The decision curve")
    pt = threshold_probabilities(thresholds)
    tp, fp = treated_counts(t, pt)
    p, n = t.total_positives, t.total_negatives
    total = p + n
    odds = pt / (1 - pt)  # the harm of a false positive relative to the benefit of a true one
    return DecisionCurve(
        threshold_probability=pt,
        net_benefit=tp / total - fp / total * odds,
        treat_all=p / total - n / total * odds,
        treat_none=np.zeros_like(pt),
        prevalence=p / total,
        true_positives=tp,
        false_positives=fp,
        total=total,
        table=t,
    )


@dataclass(frozen=True)
class BrierCurve(TupleResult):
    """The loss of thresholding probabilities at each operating condition, and the least loss.

    The Brier curve (Hernández-Orallo, Flach & Ferri 2011) sets the threshold from the
    operating condition, as a calibrated model's Bayes decision would; the optimal curve picks
    the best threshold for each (the lower envelope of one cost line per ROC point, Drummond &
    Holte 2006). The gap between them is what the probabilities lose by their calibration.

    Unpacks as ``operating_condition, loss``.

    Attributes
    ----------
    operating_condition : ndarray of shape (points,)
        The cost proportion c = c_FP / (c_FP + c_FN) (``space="cost"``) or Drummond & Holte's
        probability cost PC(+) (``space="skew"``), evenly spaced on [0, 1].
    loss : ndarray of shape (points,)
        The loss with the threshold of each operating condition.
    optimal_loss : ndarray of shape (points,)
        The least loss over all thresholds (the lower envelope of ``lines``).
    thresholds : ndarray of shape (points,)
        The threshold probability used at each operating condition (treat when p ≥ it).
    lines : ndarray of shape (m, 2)
        Intercept and slope of the loss line of each of the m ROC points, in the same space.
    space : str
        ``"cost"`` or ``"skew"``.
    table : ScoreTable
        The counts the curve came from (not shown in the repr).

    See Also
    --------
    brier_curve : computes it.
    cost_curve : Drummond & Holte's curve, the optimal loss in skew space.

    References
    ----------
    Hernández-Orallo, J., Flach, P., & Ferri, C. (2011). Brier curves: a new cost-based
    visualisation of classifier performance. Proceedings of the 28th International Conference
    on Machine Learning (ICML).

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.8, 0.6, 0.4, 0.2])
    >>> curve = brier_curve(t, points=3)   # at c = 0.5: p ≥ 0.5 errs twice, p ≥ 0.8 once
    >>> curve.loss, curve.optimal_loss
    (array([0. , 0.5, 0. ]), array([0.  , 0.25, 0.  ]))
    """

    operating_condition: np.ndarray
    loss: np.ndarray
    optimal_loss: np.ndarray
    thresholds: np.ndarray
    lines: np.ndarray = field(repr=False)
    space: str
    table: ScoreTable = field(repr=False)

    _fields: ClassVar[tuple[str, ...]] = ("operating_condition", "loss")


def brier_curve(table: ScoreTable, *, space: str = "cost", points: int = 201) -> BrierCurve:
    """The Brier curve of predicted probabilities and its lower envelope (Hernández-Orallo et
    al. 2011).

    ``space="cost"``: at cost proportion c = c_FP / (c_FP + c_FN) a calibrated model treats
    when p ≥ c, and its loss is Q(c) = 2 · (c · FP + (1 − c) · FN) / n. Integrating over c,
    a negative with probability p adds 2 · ∫₀ᵖ c dc = p² and a positive 2 · ∫ₚ¹ (1 − c) dc =
    (1 − p)², so the area under the curve is the Brier score (Hernández-Orallo et al. 2011).

    ``space="skew"``: the axes of :func:`cost_curve` (Drummond & Holte 2006), the probability
    cost z = PC(+) on x and the normalized expected cost z · FNR + (1 − z) · FPR on y. The
    threshold at z is the cost proportion c whose PC(+) at the table's prevalence π is z,
    c = π(1 − z) / (π(1 − z) + (1 − π)z), so both spaces draw the same decisions (the loss of
    the cost space is the normalized one times 2 · (π(1 − c) + (1 − π)c)); the optimal loss is
    then the cost curve itself, and the Brier curve never lies below it.

    Parameters
    ----------
    table : ScoreTable
        Predicted probabilities (scores in [0, 1]) with their positive and negative counts.
    space : {"cost", "skew"}, default="cost"
        The operating conditions: cost proportions, or Drummond & Holte's probability costs.
    points : int, default=201
        Number of operating conditions, evenly spaced on [0, 1]; at least 2.

    Returns
    -------
    BrierCurve
        Unpacks as ``operating_condition, loss``; also ``optimal_loss``, ``thresholds`` and
        ``lines``.

    Raises
    ------
    TypeError
        If `table` is not a :class:`~phidelta.counts.ScoreTable` or `points` not an integer.
    ValueError
        If a class is absent, the scores of `table` are not probabilities, `space` is unknown
        or `points` < 2.

    See Also
    --------
    cost_curve : the optimal loss in skew space, from any scores.
    decision_curve : the net benefit of the same decisions.
    phidelta.geometry.lower_envelope : the exact envelope of the lines.

    References
    ----------
    Hernández-Orallo, J., Flach, P., & Ferri, C. (2011). Brier curves: a new cost-based
    visualisation of classifier performance. Proceedings of the 28th International Conference
    on Machine Learning (ICML).

    Drummond, C., & Holte, R. C. (2006). Cost curves: an improved method for visualizing
    classifier performance. Machine Learning, 65(1), 95–130.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.7, 0.6, 0.4, 0.2, 0.1])
    >>> curve = brier_curve(t, points=5)
    >>> curve.thresholds
    array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> curve.loss         # at c = 0.5: 2 · (0.5 · 1 + 0.5 · 1) / 6
    array([0.        , 0.08333333, 0.33333333, 0.16666667, 0.        ])
    >>> c, loss = brier_curve(t, points=20001)
    >>> round(float(np.trapezoid(loss, c)), 4)  # the area is the Brier score, 0.145
    0.145
    """
    t = probability_table(table, "The Brier curve")
    if space not in ("cost", "skew"):
        raise ValueError(f'`space` must be "cost" or "skew"; got {space!r}.')
    points = check_positive_int(points, "points", minimum=2)
    x = np.linspace(0, 1, points)
    p, n = t.total_positives, t.total_negatives
    prevalence = p / (p + n)
    if space == "cost":
        cut = x
    else:  # the cost proportion whose PC(+) at prevalence π is x
        cut = prevalence * (1 - x) / (prevalence * (1 - x) + (1 - prevalence) * x)
    tp, fp = treated_counts(t, cut)
    cum_tp, cum_fp = t.cumulative()
    fn_all, fp_all = p - cum_tp.astype(np.float64), cum_fp.astype(np.float64)
    if space == "cost":
        loss = 2 * (x * fp + (1 - x) * (p - tp)) / (p + n)
        # the line of each ROC point: 2·FN/n + c · 2·(FP − FN)/n
        lines = np.stack([2 * fn_all / (p + n), 2 * (fp_all - fn_all) / (p + n)], axis=1)
    else:
        loss = x * (p - tp) / p + (1 - x) * fp / n
        # Drummond & Holte's line of each ROC point: FPR + z · (FNR − FPR)
        lines = np.stack([fp_all / n, fn_all / p - fp_all / n], axis=1)
    # the envelope's minimizers are ROC convex hull vertices (Drummond & Holte 2006, §3)
    hull = lines[roc_convex_hull(t).indices]
    optimal = (hull[None, :, 0] + hull[None, :, 1] * x[:, None]).min(axis=1)
    return BrierCurve(
        operating_condition=x,
        loss=loss,
        optimal_loss=optimal,
        thresholds=cut,
        lines=lines,
        space=space,
        table=t,
    )

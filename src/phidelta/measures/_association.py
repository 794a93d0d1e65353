"""More measures of binary counts that papers report (and PyCM offers): association and
likelihood ratios, set overlaps, geometric means, lift, d′ and net benefit."""

from __future__ import annotations

import numpy as np
from scipy.special import ndtri

from phidelta.counts import BinaryCounts
from phidelta.measures._common import (
    ZeroDivision,
    check_counts,
    check_zero_division,
    divide,
    finish,
    floats,
    scaled_near_one,
)
from phidelta.measures._entries import NO_SAMPLES, measure_entries

__all__ = [
    "chi_square",
    "fowlkes_mallows_index",
    "g_mean",
    "jaccard_index",
    "lift",
    "markedness",
    "negative_likelihood_ratio",
    "net_benefit",
    "odds_ratio",
    "positive_likelihood_ratio",
    "sensitivity_index",
    "yules_q",
]


def _prepare(counts: BinaryCounts, zero_division: ZeroDivision):
    return floats(check_counts(counts)), check_zero_division(zero_division)


def _prepare_scaled(counts: BinaryCounts, zero_division: ZeroDivision):
    """As :func:`_prepare`, each entry scaled near 1 (for ratios of products of counts)."""
    fields, zd = _prepare(counts, zero_division)
    return scaled_near_one(*fields), zd


@measure_entries("where a class or a predicted class is empty (P·N·P̂·N̂ = 0)")
def chi_square(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Pearson's χ² statistic of the 2×2 table, without continuity correction (Pearson 1900).

    χ² = M·(TP·TN − FP·FN)² / (P·N·P̂·N̂) = M·MCC². Undefined when a class or a predicted
    class is empty (a margin of the table is 0).

    {parameters}

    {returns}
        χ², in [0, M].

    {raises}

    See Also
    --------
    mcc : χ² = M·MCC².

    References
    ----------
    Pearson, K. (1900). On the criterion that a given system of deviations from the probable
    in the case of a correlated system of variables is such that it can be reasonably supposed
    to have arisen from random sampling. Philosophical Magazine, 50(302), 157–175.

    Examples
    --------
    >>> chi_square(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([14.28571429])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    m = tn + fp + fn + tp
    tn, fp, fn, tp = scaled_near_one(tn, fp, fn, tp)  # the ratio below does not need the scale
    ratio = divide(tp * tn - fp * fn, np.sqrt(tp + fn) * np.sqrt(tn + fp))
    ratio = divide(ratio, np.sqrt(tp + fp) * np.sqrt(tn + fn))
    return finish(m * ratio * ratio, zd, "chi-square", "a class or a predicted class is empty")


@measure_entries("where FP·FN = 0 (the ratio is infinite or 0/0)")
def odds_ratio(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """The (sample) diagnostic odds ratio (TP·TN) / (FP·FN) (Bland & Altman 2000, "The odds
    ratio", BMJ 320; Glas et al. 2003): the odds of a positive prediction among positives over
    those among negatives. Undefined when FP·FN = 0 (infinite or 0/0).

    {parameters}

    {returns}
        The odds ratio, in [0, inf).

    {raises}

    See Also
    --------
    yules_q : (OR − 1) / (OR + 1).

    References
    ----------
    Glas, A. S., Lijmer, J. G., Prins, M. H., Bonsel, G. J., & Bossuyt, P. M. M. (2003). The
    diagnostic odds ratio: a single indicator of test performance. Journal of Clinical
    Epidemiology, 56(11), 1129–1135.

    Examples
    --------
    >>> odds_ratio(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([6.])
    """
    (tn, fp, fn, tp), zd = _prepare_scaled(counts, zero_division)
    return finish(divide(tp * tn, fp * fn), zd, "odds ratio", "fp·fn == 0")


@measure_entries("where FPR = 0 or a class is absent")
def positive_likelihood_ratio(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """LR+ = sensitivity / (1 − specificity) = TPR / FPR (Deeks & Altman 2004, "Diagnostic
    tests 4: likelihood ratios", BMJ 329). Undefined when FPR = 0 or a class is absent.

    {parameters}

    {returns}
        LR+, in [0, inf).

    {raises}

    See Also
    --------
    enrichment_factor : Jiřina's name for it.
    negative_likelihood_ratio : LR−.

    Examples
    --------
    >>> positive_likelihood_ratio(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([2.])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    return finish(
        divide(divide(tp, tp + fn), divide(fp, tn + fp)), zd, "LR+", "fpr == 0 or a class is empty"
    )


@measure_entries("where TNR = 0 or a class is absent")
def negative_likelihood_ratio(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """LR− = (1 − sensitivity) / specificity = FNR / TNR (Deeks & Altman 2004). Undefined when
    TNR = 0 or a class is absent.

    {parameters}

    {returns}
        LR−, in [0, inf).

    {raises}

    See Also
    --------
    positive_likelihood_ratio : LR+.

    Examples
    --------
    >>> negative_likelihood_ratio(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.33333333])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    return finish(
        divide(divide(fn, tp + fn), divide(tn, tn + fp)), zd, "LR-", "tnr == 0 or a class is empty"
    )


@measure_entries("where nothing is predicted positive or nothing negative (P̂ = 0 or N̂ = 0)")
def markedness(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Markedness MK = PPV + NPV − 1 (Powers 2011, "Evaluation: from precision, recall and
    F-measure to ROC, informedness, markedness and correlation", J. Mach. Learn. Technol. 2):
    the predictive counterpart of informedness (Youden's J = δ); MCC = ±√(J·MK).
    Undefined when nothing is predicted positive or nothing negative.

    {parameters}

    {returns}
        MK in [−1, 1].

    {raises}

    See Also
    --------
    delta : informedness (Youden's J), the rate counterpart.
    mcc : ±√(J·MK).

    Examples
    --------
    >>> markedness(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.35714286])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    values = divide(tp, tp + fp) + divide(tn, tn + fn) - 1
    return finish(values, zd, "markedness", "a predicted class is empty")


@measure_entries("where TP + FP + FN = 0")
def jaccard_index(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Jaccard index (threat score, critical success index) J = TP / (TP + FP + FN) (Jaccard
    1912, "The distribution of the flora in the alpine zone", New Phytologist 11): the overlap
    of the predicted and the actual positives over their union; J = F1 / (2 − F1).
    Undefined when TP + FP + FN = 0.

    {parameters}

    {returns}
        J in [0, 1].

    {raises}

    See Also
    --------
    f1_score : J = F1 / (2 − F1).

    Examples
    --------
    >>> jaccard_index(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.70588235])
    """
    (_tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    return finish(divide(tp, tp + fp + fn), zd, "Jaccard index", "tp + fp + fn == 0")


@measure_entries("where there are no positives or none are predicted (P = 0 or P̂ = 0)")
def fowlkes_mallows_index(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Fowlkes–Mallows index FM = √(PPV·TPR) = TP / √(P̂·P) (Fowlkes & Mallows 1983, JASA 78):
    the geometric mean of precision and recall. Undefined when P = 0 or P̂ = 0.

    {parameters}

    {returns}
        FM in [0, 1].

    {raises}

    See Also
    --------
    g_mean : the geometric mean of the two rates.

    Examples
    --------
    >>> fowlkes_mallows_index(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.82807867])
    """
    (_tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    # the two square roots round apart: a perfect classifier would get 1 + 2⁻⁵²
    values = np.minimum(divide(tp, np.sqrt(tp + fp) * np.sqrt(tp + fn)), 1.0)
    return finish(values, zd, "Fowlkes-Mallows index", "no positives or none predicted")


@measure_entries("where a class is absent")
def g_mean(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """G-mean = √(sensitivity·specificity) (Kubat & Matwin 1997, "Addressing the curse of
    imbalanced training sets: one-sided selection", ICML): unbiased, like the unbiased
    accuracy it bounds from below. Undefined when a class is absent.

    {parameters}

    {returns}
        G-mean in [0, 1].

    {raises}

    See Also
    --------
    unbiased_accuracy : the arithmetic mean of the two rates.

    Examples
    --------
    >>> g_mean(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.69282032])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    values = np.sqrt(divide(tp, tp + fn) * divide(tn, tn + fp))
    return finish(values, zd, "G-mean", "a class is empty")


@measure_entries("where TP·TN + FP·FN = 0")
def yules_q(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Yule's Q = (TP·TN − FP·FN) / (TP·TN + FP·FN) = (OR − 1) / (OR + 1) (Yule 1900, Phil.
    Trans. R. Soc. A 194), the coefficient of association. Undefined when both products are 0.

    {parameters}

    {returns}
        Q in [−1, 1].

    {raises}

    See Also
    --------
    odds_ratio : Q = (OR − 1) / (OR + 1).

    Examples
    --------
    >>> yules_q(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.71428571])
    """
    (tn, fp, fn, tp), zd = _prepare_scaled(counts, zero_division)
    return finish(
        divide(tp * tn - fp * fn, tp * tn + fp * fn), zd, "Yule's Q", "tp·tn + fp·fn == 0"
    )


@measure_entries("where P = 0 or P̂ = 0")
def lift(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Lift = PPV / prevalence = TP·M / (P̂·P) (Brin et al. 1997, "Dynamic itemset counting
    and implication rules", SIGMOD; the lift of a marketing campaign): how much richer in
    positives the predicted positives are than the data. Undefined when P = 0 or P̂ = 0.

    {parameters}

    {returns}
        The lift, in [0, inf).

    {raises}

    See Also
    --------
    precision : PPV = lift · prevalence.

    Examples
    --------
    >>> lift(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([1.14285714])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    m = tn + fp + fn + tp
    return finish(divide(divide(tp, tp + fp), divide(tp + fn, m)), zd, "lift", "P or P̂ is 0")


@measure_entries("where a rate is 0 or 1 (d′ infinite) or a class is absent")
def sensitivity_index(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """d′ = Φ⁻¹(TPR) − Φ⁻¹(FPR), the sensitivity index of signal detection theory (Green &
    Swets 1966; Macmillan & Creelman 2005, eq. 1.5): the distance of the signal and noise
    means in units of their common standard deviation under the equal-variance normal model.
    Undefined (infinite) when a rate is 0 or 1, and when a class is absent.

    {parameters}

    {returns}
        d′, a real number.

    {raises}

    See Also
    --------
    binormal_auc : the area of the binormal ROC model.

    Examples
    --------
    >>> sensitivity_index(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([1.09496834])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    with np.errstate(divide="ignore", invalid="ignore"):
        values = _probit(tp, fn) - _probit(fp, tn)
    return finish(values, zd, "d'", "a rate is 0 or 1, or a class is empty")


def _probit(hits: np.ndarray, misses: np.ndarray) -> np.ndarray:
    """Φ⁻¹(hits / (hits + misses)) at full precision near 1 too: −Φ⁻¹ of the complement
    rate, divided directly, above one half (so that swapping the classes negates it exactly)."""
    total = hits + misses
    rate, complement = divide(hits, total), divide(misses, total)
    return np.where(rate <= 0.5, ndtri(rate), -ndtri(complement))


@measure_entries(NO_SAMPLES)
def net_benefit(
    counts: BinaryCounts,
    *,
    threshold_probability: float,
    zero_division: ZeroDivision = "warn",
) -> np.ndarray:
    """Net benefit at threshold probability p_t: TP/M − FP/M · p_t/(1 − p_t) (Vickers & Elkin
    2006, "Decision curve analysis", Med. Decis. Making 26, eq. 1): true positives gained
    minus false positives weighted by the odds at which one would act. Plotted against p_t it
    is the decision curve. Undefined without samples.

    Parameters
    ----------
    {counts}
    threshold_probability : float
        p_t in (0, 1), the probability above which one would act.
    {zero_division}

    {returns}
        The net benefit, in (−inf, 1].

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number, or `threshold_probability`
        is not in (0, 1).

    See Also
    --------
    threshold_scan : counts at every threshold, for a decision curve.

    Examples
    --------
    >>> net_benefit(BinaryCounts(tn=15, fp=10, fn=15, tp=60), threshold_probability=0.2)
    array([0.575])
    """
    (tn, fp, fn, tp), zd = _prepare(counts, zero_division)
    pt = float(threshold_probability)
    if not 0 < pt < 1:
        raise ValueError(f"`threshold_probability` must be in (0, 1); got {pt!r}.")
    m = tn + fp + fn + tp
    return finish(divide(tp - fp * (pt / (1 - pt)), m), zd, "net benefit", "no samples")

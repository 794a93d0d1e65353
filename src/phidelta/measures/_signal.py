"""Signal/background measures of Jiřina & Jiřina (2005), §4: local measures at one threshold.

The vocabulary of particle physics: the positive class is the *signal* (S = P samples), the
negative class the *background* (B = N). A classifier passes S₁ = TP signal and B₁ = FP
background samples; it loses S₀ = FN and rejects B₀ = TN.
"""

from __future__ import annotations

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.measures._common import (
    ZeroDivision,
    check_counts,
    check_zero_division,
    class_rate,
    divide,
    finish,
    floats,
)
from phidelta.measures._entries import measure_entries

__all__ = [
    "background_acceptance",
    "classification_error",
    "data_quality",
    "data_quality_rare",
    "enrichment_factor",
    "purity",
    "quality_factor",
    "rejection_factor",
    "signal_efficiency",
    "signal_error",
    "weighted_classification_error",
]


def _jirina(section: str) -> str:
    """The References entry of a measure of Jiřina & Jiřina (2005), §`section`."""
    return f"""\
References
----------
Jiřina, M., & Jiřina, M., jr. (2005). Measures and characteristics of classification
quality. Technical report V-936, Institute of Computer Science, Academy of Sciences of the
Czech Republic. Section {section}."""


@measure_entries("where there is no signal (S = TP + FN = 0)", references=_jirina("4.1"))
def signal_efficiency(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Signal efficiency (signal acceptance) Se = S₁ / S (Jiřina §4.1); equal to sensitivity ρ.

    {parameters}

    {returns}
        Se in [0, 1].

    {raises}

    See Also
    --------
    sensitivity : the same quantity.
    signal_error : 1 − Se.

    {references}

    Examples
    --------
    >>> signal_efficiency(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.8])
    """
    return class_rate(counts, zero_division, "tp", "signal efficiency Se", "no signal: S == 0")


@measure_entries("where there is no signal (S = TP + FN = 0)", references=_jirina("4.1"))
def signal_error(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Signal error 1 − Se = S₀ / S (Jiřina §4.1); equal to the false negative rate.

    {parameters}

    {returns}
        1 − Se in [0, 1].

    {raises}

    See Also
    --------
    false_negative_rate : the same quantity.

    {references}

    Examples
    --------
    >>> signal_error(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.2])
    """
    return class_rate(counts, zero_division, "fn", "signal error", "no signal: S == 0")


@measure_entries("where there is no background (B = TN + FP = 0)", references=_jirina("4.2"))
def background_acceptance(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Background acceptance (background error) Be = B₁ / B (Jiřina §4.2); the false positive rate.

    {parameters}

    {returns}
        Be in [0, 1].

    {raises}

    See Also
    --------
    false_positive_rate : the same quantity.
    purity : 1 − Be.

    {references}

    Examples
    --------
    >>> background_acceptance(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.4])
    """
    return class_rate(
        counts, zero_division, "fp", "background acceptance Be", "no background: B == 0"
    )


@measure_entries("where there is no background (B = TN + FP = 0)", references=_jirina("4.2"))
def purity(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Purity 1 − Be = B₀ / B, as Jiřina defines it (§4.2); equal to specificity ρ̄.

    Note: much of the particle-physics literature uses "purity" for S₁ / (S₁ + B₁), which is
    :func:`precision`; this function follows the seed document.

    {parameters}

    {returns}
        1 − Be in [0, 1].

    {raises}

    See Also
    --------
    specificity : the same quantity.
    precision : what other authors call purity.

    {references}

    Examples
    --------
    >>> purity(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.6])
    """
    return class_rate(counts, zero_division, "tn", "purity", "no background: B == 0")


@measure_entries("where there are no samples (S + B = 0)", references=_jirina("4.3"))
def classification_error(
    counts: BinaryCounts, *, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Classification error (error rate) Ce = (S₀ + B₁) / N (Jiřina §4.3; N = all samples).

    {parameters}

    {returns}
        Ce in [0, 1].

    {raises}

    See Also
    --------
    error_rate : the same quantity.

    {references}

    Examples
    --------
    >>> classification_error(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.25])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    return finish(divide(fn + fp, tn + fp + fn + tp), zd, "classification error Ce", "no samples")


@measure_entries("where there are no samples (S + B = 0)", references=_jirina("4.4"))
def weighted_classification_error(
    counts: BinaryCounts,
    *,
    signal_weight: float = 1.0,
    background_weight: float = 1.0,
    zero_division: ZeroDivision = "warn",
) -> np.ndarray:
    """Weighted classification error Ce = (Ws·S₀ + Wb·B₁) / N (Jiřina §4.4).

    ``signal_weight`` Ws prices a lost signal sample, ``background_weight`` Wb an accepted
    background sample. Ws = Wb = 1 gives Ce; ``background_weight=0`` gives Jiřina's
    C′e = S₀ / N.

    Parameters
    ----------
    {counts}
    signal_weight : float, default=1.0
        Ws, the cost of a lost signal sample (FN); non-negative and finite.
    background_weight : float, default=1.0
        Wb, the cost of an accepted background sample (FP); non-negative and finite.
    {zero_division}

    {returns}
        The weighted error, in [0, max(Ws, Wb)].

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`.
    ValueError
        If `zero_division` is neither ``"warn"`` nor a number, or a weight is negative or
        not finite.

    See Also
    --------
    classification_error : Ws = Wb = 1.

    {references}

    Examples
    --------
    >>> weighted_classification_error(BinaryCounts(tn=15, fp=10, fn=15, tp=60), signal_weight=5)
    array([0.85])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    for name, w in (("signal_weight", signal_weight), ("background_weight", background_weight)):
        if isinstance(w, bool) or not np.isfinite(w) or w < 0:
            raise ValueError(f"`{name}` must be a non-negative finite number; got {w!r}.")
    tn, fp, fn, tp = floats(c)
    return finish(
        divide(signal_weight * fn + background_weight * fp, tn + fp + fn + tp),
        zd,
        "weighted classification error",
        "no samples",
    )


@measure_entries(
    "where Be = 0 (no background accepted) or a class is absent", references=_jirina("4.5")
)
def enrichment_factor(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Enrichment factor (signal enhancement) E = Se / Be (Jiřina §4.5).

    The factor by which the signal-to-background ratio of the selected sample exceeds that of
    the input: (S₁/B₁) / (S/B) = E. Undefined when Be = 0 (no background accepted) or a class
    is absent.

    {parameters}

    {returns}
        E in [0, inf).

    {raises}

    See Also
    --------
    positive_likelihood_ratio : the same quantity (LR+).
    quality_factor : Se / √Be.

    {references}

    Examples
    --------
    >>> enrichment_factor(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([2.])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    se, be = divide(tp, tp + fn), divide(fp, tn + fp)
    return finish(divide(se, be), zd, "enrichment factor E", "Be == 0 or a class is absent")


@measure_entries("where Be = 0 or a class is absent", references=_jirina("4.6"))
def quality_factor(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Quality factor Q = Se / √Be (Jiřina §4.6).

    Q ≥ 1 means the selected sample is statistically no worse than the input:
    S₁/√B₁ = Q · S/√B. Undefined when Be = 0 or a class is absent.

    {parameters}

    {returns}
        Q in [0, inf).

    {raises}

    See Also
    --------
    enrichment_factor : Se / Be.
    acceptable_region : where Q ≥ 1 and E ≥ 1 on the ROC.

    {references}

    Examples
    --------
    >>> quality_factor(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([1.26491106])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    se, be = divide(tp, tp + fn), divide(fp, tn + fp)
    return finish(divide(se, np.sqrt(be)), zd, "quality factor Q", "Be == 0 or a class is absent")


@measure_entries("where Be = 0 (FP = 0, including no background)", references=_jirina("4.7"))
def rejection_factor(counts: BinaryCounts, *, zero_division: ZeroDivision = "warn") -> np.ndarray:
    """Background rejection factor R = 1 / Be (Jiřina §4.7). Undefined when Be = 0.

    {parameters}

    {returns}
        R in [1, inf).

    {raises}

    See Also
    --------
    background_acceptance : 1 / R.

    {references}

    Examples
    --------
    >>> rejection_factor(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([2.5])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, _fn, _tp = floats(c)
    return finish(divide(tn + fp, fp), zd, "rejection factor R", "Be == 0")


#: The `selected` parameter of the data qualities.
_SELECTED = """\
selected : bool, default=False
    False for the input data (S = P, B = N); True for the sample the classifier selects
    (S = TP, B = FP)."""


def _signal_background(c: BinaryCounts, selected: bool) -> tuple[np.ndarray, np.ndarray]:
    tn, fp, fn, tp = floats(c)
    return (tp, fp) if selected else (tp + fn, tn + fp)


@measure_entries("where S + B = 0 (an empty set)", selected=_SELECTED, references=_jirina("4.6"))
def data_quality(
    counts: BinaryCounts, *, selected: bool = False, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Data quality (sensitivity of a data set) q = S / √(S + B) (Jiřina §4.6).

    Of the input data (S = P, B = N) by default; of the sample the classifier selects
    (S = S₁ = TP, B = B₁ = FP) with ``selected=True``. Undefined for an empty set.

    Parameters
    ----------
    {counts}
    {selected}
    {zero_division}

    {returns}
        q = S / √(S + B), in [0, inf).

    {raises}

    See Also
    --------
    data_quality_rare : the S ≪ B form.

    {references}

    Examples
    --------
    >>> data_quality(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([7.5])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    s, b = _signal_background(c, selected)
    return finish(divide(s, np.sqrt(s + b)), zd, "data quality q", "S + B == 0")


@measure_entries("where B = 0", selected=_SELECTED, references=_jirina("4.6"))
def data_quality_rare(
    counts: BinaryCounts, *, selected: bool = False, zero_division: ZeroDivision = "warn"
) -> np.ndarray:
    """Data quality for rare signals q = S / √B (Jiřina §4.6, the S ≪ B form).

    Of the input data by default, of the selected sample with ``selected=True``; the ratio
    selected / input is the quality factor Q. Undefined when B = 0.

    Parameters
    ----------
    {counts}
    {selected}
    {zero_division}

    {returns}
        S / √B, in [0, inf).

    {raises}

    See Also
    --------
    data_quality : S / √(S + B).
    quality_factor : selected over input.

    {references}

    Examples
    --------
    >>> data_quality_rare(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([15.])
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    s, b = _signal_background(c, selected)
    return finish(divide(s, np.sqrt(b)), zd, "data quality S/√B", "B == 0")

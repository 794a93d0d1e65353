"""Tests of the calibration of predicted probabilities: Spiegelhalter's z, the unreliability χ²
of the logistic recalibration, Hosmer–Lemeshow over deciles of risk, and rms's ``val.prob``
summary that gathers them with the point statistics of
:func:`phidelta.measures.calibration_statistics`."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy.stats import chi2, norm

from phidelta._stack import outside_stacklevel
from phidelta._validation import check_positive_int
from phidelta.exceptions import UndefinedMeasureWarning
from phidelta.measures import (
    CalibrationStatistics,
    TupleResult,
    calibration_statistics,
    logistic_calibration,
)
from phidelta.measures._calibration import _labelled_probabilities

__all__ = [
    "CalibrationSummary",
    "CalibrationTest",
    "HosmerLemeshowTest",
    "calibration_summary",
    "hosmer_lemeshow_test",
    "spiegelhalter_test",
    "unreliability_test",
]


@dataclass(frozen=True)
class CalibrationTest(TupleResult):
    """A test of calibration: the statistic and its p-value; unpacks as ``statistic, pvalue``.

    The result of Spiegelhalter's z test (Spiegelhalter 1986; ``df`` is None) and of the
    unreliability χ² test (Cox 1958; ``df`` = 2).

    Attributes
    ----------
    statistic : float
        z (Spiegelhalter) or χ² (unreliability).
    pvalue : float
        Two-sided for z; the upper tail for χ².
    df : int or None
        Degrees of freedom of a χ² statistic.
    method : str
        Which test.

    See Also
    --------
    spiegelhalter_test, unreliability_test

    Examples
    --------
    >>> statistic, pvalue = spiegelhalter_test([0, 1, 1, 0, 1], [0.2, 0.7, 0.6, 0.4, 0.9])
    >>> round(statistic, 4), round(pvalue, 4)
    (-1.1711, 0.2416)
    """

    statistic: float
    pvalue: float
    df: int | None
    method: str

    _fields: ClassVar[tuple[str, ...]] = ("statistic", "pvalue")


def spiegelhalter_test(
    y_true: Any, probabilities: Any, *, pos_label: Any = None
) -> CalibrationTest:
    """Spiegelhalter's z test: is the Brier score what calibrated probabilities would give?

    Under the hypothesis that every yᵢ is Bernoulli(pᵢ), the Brier score has mean
    Σ pᵢ(1 − pᵢ)/n and variance Σ (1 − 2pᵢ)² pᵢ(1 − pᵢ)/n²; standardized,

    .. math::

       z = \\frac{\\sum_i (y_i - p_i)(1 - 2 p_i)}
       {\\sqrt{\\sum_i (1 - 2 p_i)^2\\, p_i (1 - p_i)}} ,

    with the two-sided p-value 2Φ(−abs(z)), as rms's ``val.prob`` reports them (``S:z``,
    ``S:p``). Every row counts; a row with p of 0 or 1 adds to the numerator only (and makes
    z infinite when it is wrong).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (binary).
    probabilities : array-like of shape (n,)
        Predicted probabilities of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean classes; else it must
        be given).

    Returns
    -------
    CalibrationTest
        Unpacks as ``statistic, pvalue`` (z and its two-sided p-value).

    Raises
    ------
    ValueError
        If `probabilities` is not 1-D, not in [0, 1] or not finite, or the lengths differ.

    Warns
    -----
    UndefinedMeasureWarning
        If z is 0/0 (every p is 0, ½ or 1 and every row with p of 0 or 1 is right): z and the
        p-value are NaN.

    See Also
    --------
    phidelta.measures.brier_score : the score it standardizes.
    hosmer_lemeshow_test : a test over groups of risk.

    References
    ----------
    Spiegelhalter, D. J. (1986). Probabilistic prediction in patient management and clinical
    trials. Statistics in Medicine, 5(5), 421–433.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> result = spiegelhalter_test(y, p)   # rms: S:z -0.1157, S:p 0.9079
    >>> round(result.statistic, 4), round(result.pvalue, 4)
    (-0.1157, 0.9079)
    """
    p, y = _labelled_probabilities(y_true, probabilities, pos_label)
    lean = 1 - 2 * p
    numerator = float(np.sum((y - p) * lean))
    denominator = float(np.sqrt(np.sum(lean * lean * p * (1 - p))))
    if denominator == 0 and numerator == 0:
        warnings.warn(
            "Spiegelhalter's z is undefined (0/0: every probability is 0, 1/2 or 1, and the "
            "rows with 0 or 1 are right); returned nan.",
            UndefinedMeasureWarning,
            stacklevel=outside_stacklevel(),
        )
        z = np.nan
    else:
        with np.errstate(divide="ignore"):
            z = float(np.divide(numerator, denominator))
    return CalibrationTest(
        statistic=z, pvalue=float(2 * norm.sf(abs(z))), df=None, method="Spiegelhalter z"
    )


def unreliability_test(
    y_true: Any, probabilities: Any, *, pos_label: Any = None
) -> CalibrationTest:
    """Likelihood-ratio test of intercept 0 and slope 1 in the logistic recalibration.

    The deviance of the probabilities as given (logit P(y = 1) = 0 + 1·logit p) minus that of
    the fitted recalibration (intercept and slope estimated; Cox 1958) is χ² with 2 degrees of
    freedom when the probabilities are calibrated: rms's ``U:Chi-sq`` and ``U:p`` (the
    unreliability index U of Harrell 2015, §10.11, is (χ² − 2)/n). Rows with p of 0 or 1 are
    left out, with a warning.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (binary).
    probabilities : array-like of shape (n,)
        Predicted probabilities of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean classes; else it must
        be given).

    Returns
    -------
    CalibrationTest
        Unpacks as ``statistic, pvalue``; ``df`` is 2.

    Raises
    ------
    ValueError
        As :func:`phidelta.measures.logistic_calibration`.

    See Also
    --------
    phidelta.measures.logistic_calibration : the fit it tests.

    References
    ----------
    Cox, D. R. (1958). Two further applications of a model for binary regression. Biometrika,
    45(3–4), 562–565.

    Harrell, F. E. (2015). Regression Modeling Strategies, 2nd ed., §10.11. Springer.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> result = unreliability_test(y, p)   # rms: U:Chi-sq 0.1982, U:p 0.9057
    >>> round(result.statistic, 4), round(result.pvalue, 4), result.df
    (0.1982, 0.9057, 2)
    """
    fit = logistic_calibration(y_true, probabilities, pos_label=pos_label)
    return _unreliability(fit.deviance_as_given - fit.deviance)


def _unreliability(statistic: float) -> CalibrationTest:
    return CalibrationTest(
        statistic=statistic,
        pvalue=float(chi2.sf(statistic, 2)),
        df=2,
        method="unreliability (likelihood ratio of intercept 0, slope 1)",
    )


@dataclass(frozen=True)
class HosmerLemeshowTest(TupleResult):
    """Hosmer–Lemeshow's goodness-of-fit test over groups of risk; unpacks as
    ``statistic, pvalue``.

    Attributes
    ----------
    statistic : float
        Ĉ = Σ_k (O_k − E_k)² / (E_k (1 − E_k/n_k)).
    pvalue : float
        Upper tail of χ² with ``df`` degrees of freedom.
    df : int
        Groups − 2.
    edges : ndarray of shape (groups + 1,)
        The cut points; group k holds edges[k] < p ≤ edges[k + 1] (the first group also
        p = edges[0]).
    size : ndarray of shape (groups,)
        Examples per group, n_k.
    observed : ndarray of shape (groups,)
        Positives per group, O_k.
    expected : ndarray of shape (groups,)
        Sum of the probabilities per group, E_k.

    See Also
    --------
    hosmer_lemeshow_test : computes it.

    References
    ----------
    Hosmer, D. W., & Lemeshow, S. (1980). Goodness of fit tests for the multiple logistic
    regression model. Communications in Statistics – Theory and Methods, 9(10), 1043–1069.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> result = hosmer_lemeshow_test(y, p, groups=5)
    >>> result.size.tolist(), result.observed.tolist(), result.df
    ([2, 2, 2, 2, 2], [0.0, 1.0, 1.0, 1.0, 2.0], 3)
    """

    statistic: float
    pvalue: float
    df: int
    edges: np.ndarray
    size: np.ndarray
    observed: np.ndarray
    expected: np.ndarray

    _fields: ClassVar[tuple[str, ...]] = ("statistic", "pvalue")

    def to_frame(self) -> Any:
        """The groups as a pandas DataFrame, one row per group.

        Returns
        -------
        pandas.DataFrame
            Columns ``low``, ``high``, ``size``, ``observed`` and ``expected``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        from phidelta._validation import require_pandas

        pd = require_pandas("HosmerLemeshowTest.to_frame")
        return pd.DataFrame(
            {
                "low": self.edges[:-1],
                "high": self.edges[1:],
                "size": self.size,
                "observed": self.observed,
                "expected": self.expected,
            }
        )


def hosmer_lemeshow_test(
    y_true: Any, probabilities: Any, *, pos_label: Any = None, groups: int = 10
) -> HosmerLemeshowTest:
    """Hosmer–Lemeshow's test over groups of risk ("deciles of risk" for ``groups=10``).

    The groups, exactly: the cut points are the quantiles of the probabilities at
    0, 1/g, …, 1 (linear interpolation between order statistics: NumPy's default, R's type 7),
    with repeated cut points kept once; group k holds the probabilities in
    (q_k, q_{k+1}], the first group [q_0, q_1]; empty groups are dropped. Tied probabilities
    are therefore always in one group, and heavy ties give fewer, unequal groups (the rule of
    ``cut(p, quantile(p, 0:g/g), include.lowest = TRUE)`` in R, which ResourceSelection's
    ``hoslem.test`` uses). With O_k the positives, E_k the sum of the probabilities and n_k the
    size of group k,

    .. math::

       \\hat C = \\sum_k \\frac{(O_k - E_k)^2}{E_k (1 - E_k / n_k)}
       = \\sum_k \\Bigl[\\frac{(O_k - E_k)^2}{E_k}
       + \\frac{(O_k - E_k)^2}{n_k - E_k}\\Bigr] ,

    compared with χ² on G − 2 degrees of freedom (G groups; Hosmer & Lemeshow 1980). A term
    with E_k = 0 or E_k = n_k (every probability 0, or 1) adds 0 when it is matched and makes
    Ĉ infinite when it is not. rms has no Hosmer–Lemeshow test (Harrell advises against its
    dependence on the grouping); the ``unreliability_test`` and ``spiegelhalter_test`` need
    none.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (binary).
    probabilities : array-like of shape (n,)
        Predicted probabilities of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean classes; else it must
        be given).
    groups : int, default=10
        g, the groups asked for (fewer when probabilities are tied).

    Returns
    -------
    HosmerLemeshowTest
        Unpacks as ``statistic, pvalue``; also ``df`` and the groups (``to_frame()``).

    Raises
    ------
    ValueError
        If `probabilities` is not 1-D, not in [0, 1] or not finite, the lengths differ,
        `groups` < 3, or fewer than 3 groups are left (too few distinct probabilities).

    See Also
    --------
    spiegelhalter_test : a test without groups.
    phidelta.measures.expected_calibration_error : a calibration error over bins.

    References
    ----------
    Hosmer, D. W., & Lemeshow, S. (1980). Goodness of fit tests for the multiple logistic
    regression model. Communications in Statistics – Theory and Methods, 9(10), 1043–1069.

    Hosmer, D. W., Lemeshow, S., & Sturdivant, R. X. (2013). Applied Logistic Regression,
    3rd ed., §5.2.2. Wiley.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> statistic, pvalue = hosmer_lemeshow_test(y, p, groups=5)
    >>> round(statistic, 4), round(pvalue, 4)
    (1.4256, 0.6995)
    """
    p, y = _labelled_probabilities(y_true, probabilities, pos_label)
    groups = check_positive_int(groups, "groups", minimum=3)
    edges = np.unique(np.quantile(p, np.linspace(0, 1, groups + 1)))
    # right-closed intervals (q_k, q_{k+1}]; p = q_0 joins the first
    which = np.maximum(np.searchsorted(edges, p, side="left") - 1, 0)
    k = max(len(edges) - 1, 1)
    size = np.bincount(which, minlength=k)
    kept = size > 0
    if kept.sum() < 3:
        raise ValueError(
            f"Hosmer–Lemeshow needs at least 3 groups; the probabilities give {int(kept.sum())} "
            f"(too few distinct values for `groups`={groups})."
        )
    observed = np.bincount(which, weights=y, minlength=k)[kept]
    expected = np.bincount(which, weights=p, minlength=k)[kept]
    size = size[kept]
    if len(edges) > 1:
        edges = np.concatenate([edges[:1], edges[1:][kept]])
    squares = (observed - expected) ** 2
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(squares > 0, squares / expected + squares / (size - expected), 0.0)
    statistic = float(terms.sum())
    df = len(size) - 2
    return HosmerLemeshowTest(
        statistic=statistic,
        pvalue=float(chi2.sf(statistic, df)),
        df=df,
        edges=edges,
        size=size,
        observed=observed,
        expected=expected,
    )


@dataclass(frozen=True)
class CalibrationSummary:
    """rms's ``val.prob`` in one result: the point statistics and the two tests.

    Attributes
    ----------
    statistics : CalibrationStatistics
        Dxy, C, R², D, U, Q, Brier, intercept, slope, Emax, E90, Eavg (and the χ² of D and U).
    spiegelhalter : CalibrationTest
        Spiegelhalter's z and its p-value (``S:z``, ``S:p``).
    unreliability : CalibrationTest
        The χ² of U with 2 degrees of freedom and its p-value (``U:Chi-sq``, ``U:p``).

    See Also
    --------
    calibration_summary : computes it.

    References
    ----------
    Harrell, F. E. (2015). Regression Modeling Strategies, 2nd ed., §10.11. Springer.

    Examples
    --------
    >>> summary = calibration_summary([0, 0, 1, 0, 0, 1, 0, 1, 1, 1],
    ...                               [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9])
    >>> list(summary.to_dict())[:4]
    ['Dxy', 'C (ROC)', 'R2', 'D']
    """

    statistics: CalibrationStatistics
    spiegelhalter: CalibrationTest
    unreliability: CalibrationTest

    def to_dict(self) -> dict[str, float]:
        """The 18 numbers of ``val.prob``, under its names and in its order.

        ``D:p`` is NaN: rms reports NA there (the likelihood ratio of the probabilities as
        given is not that of a fitted model).

        Returns
        -------
        dict of str to float
            ``Dxy``, ``C (ROC)``, ``R2``, ``D``, ``D:Chi-sq``, ``D:p``, ``U``, ``U:Chi-sq``,
            ``U:p``, ``Q``, ``Brier``, ``Intercept``, ``Slope``, ``Emax``, ``E90``, ``Eavg``,
            ``S:z``, ``S:p``.
        """
        s = self.statistics.to_dict()
        order = ["Dxy", "C (ROC)", "R2", "D", "D:Chi-sq"]
        out = {name: s[name] for name in order}
        out["D:p"] = np.nan
        out.update({"U": s["U"], "U:Chi-sq": s["U:Chi-sq"], "U:p": self.unreliability.pvalue})
        out.update({name: s[name] for name in ("Q", "Brier", "Intercept", "Slope")})
        out.update({name: s[name] for name in ("Emax", "E90", "Eavg")})
        out.update({"S:z": self.spiegelhalter.statistic, "S:p": self.spiegelhalter.pvalue})
        return out

    def to_frame(self) -> Any:
        """The 18 numbers as a pandas DataFrame (:meth:`to_dict`), one row each.

        Returns
        -------
        pandas.DataFrame
            Columns ``statistic`` (rms's name) and ``value``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        from phidelta._validation import require_pandas

        pd = require_pandas("CalibrationSummary.to_frame")
        numbers = self.to_dict()
        return pd.DataFrame({"statistic": list(numbers), "value": list(numbers.values())})


def calibration_summary(
    y_true: Any, probabilities: Any, *, pos_label: Any = None
) -> CalibrationSummary:
    """Everything rms's ``val.prob`` reports, in one call (Harrell 2015, §10.11).

    :func:`phidelta.measures.calibration_statistics` (with its two differences from rms: exact
    C and Dxy on every row, converged intercept and slope), :func:`spiegelhalter_test` and
    :func:`unreliability_test`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (binary).
    probabilities : array-like of shape (n,)
        Predicted probabilities of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean classes; else it must
        be given).

    Returns
    -------
    CalibrationSummary
        ``statistics``, ``spiegelhalter``, ``unreliability``; ``to_dict()`` in rms's names.

    Raises
    ------
    ValueError
        As :func:`phidelta.measures.calibration_statistics`.

    See Also
    --------
    hosmer_lemeshow_test : not part of val.prob.

    References
    ----------
    Harrell, F. E. (2015). Regression Modeling Strategies, 2nd ed., §10.11. Springer.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> summary = calibration_summary(y, p)
    >>> for name, value in summary.to_dict().items():   # rms's val.prob, rounded alike
    ...     print(f"{name:>9} {value:8.4f}")
          Dxy   0.6800
      C (ROC)   0.8400
           R2   0.4543
            D   0.3167
     D:Chi-sq   4.1666
          D:p      nan
            U  -0.1802
     U:Chi-sq   0.1982
          U:p   0.9057
            Q   0.4968
        Brier   0.1615
    Intercept   0.3377
        Slope   1.1573
         Emax   0.1806
          E90   0.1204
         Eavg   0.0745
          S:z  -0.1157
          S:p   0.9079
    """
    statistics = calibration_statistics(y_true, probabilities, pos_label=pos_label)
    return CalibrationSummary(
        statistics=statistics,
        spiegelhalter=spiegelhalter_test(y_true, probabilities, pos_label=pos_label),
        unreliability=_unreliability(statistics.u_chi2),
    )

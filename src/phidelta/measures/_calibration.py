"""Calibration statistics of predicted probabilities, as rms's ``val.prob`` reports them
(Harrell 2015, §10.11): logistic recalibration (intercept and slope), the errors of a smooth
calibration curve (Emax, E90, Eavg), the likelihood indexes D, U and Q with Nagelkerke's R²,
and the debiased squared calibration error of Kumar, Liang & Ma (2019).

The tests among them (Spiegelhalter's z, the unreliability χ², Hosmer–Lemeshow) live one layer
up, in :mod:`phidelta.inference`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, fields
from typing import Any, ClassVar

import numpy as np
from scipy.special import expit

from phidelta._lowess import lowess
from phidelta._stack import outside_stacklevel
from phidelta.counts import ScoreTable
from phidelta.measures._curves import CalibrationBins, expected_calibration_error
from phidelta.measures._probability import _positive_indicator, _probabilities
from phidelta.measures._ranking import auc
from phidelta.measures._results import TupleResult

__all__ = [
    "RMS_NAMES",
    "CalibrationStatistics",
    "DebiasedCalibrationError",
    "LogisticCalibration",
    "calibration_statistics",
    "debiased_calibration_error",
    "logistic_calibration",
]

#: Each field of :class:`CalibrationStatistics` and the name rms's ``val.prob`` gives it.
RMS_NAMES: dict[str, str] = {
    "dxy": "Dxy",
    "c": "C (ROC)",
    "r2": "R2",
    "d": "D",
    "d_chi2": "D:Chi-sq",
    "u": "U",
    "u_chi2": "U:Chi-sq",
    "q": "Q",
    "brier": "Brier",
    "intercept": "Intercept",
    "slope": "Slope",
    "emax": "Emax",
    "e90": "E90",
    "eavg": "Eavg",
}

_MAX_ITERATIONS = 100


def _labelled_probabilities(
    y_true: Any, probabilities: Any, pos_label: Any
) -> tuple[np.ndarray, np.ndarray]:
    """The probabilities (1-D, in [0, 1], finite) and the positive indicator (0.0/1.0)."""
    p = _probabilities(probabilities)
    if p.ndim != 1:
        raise ValueError(f"`probabilities` must be 1-D (the positive class); got shape {p.shape}.")
    y = _positive_indicator(y_true, pos_label, len(p))
    if len(p) == 0:
        raise ValueError("No examples: calibration statistics need labelled probabilities.")
    return p, y


def _both_classes(y: np.ndarray, what: str) -> None:
    positives = int(y.sum())
    if positives in (0, len(y)):
        only = "positive" if positives else "negative"
        raise ValueError(
            f"`y_true` holds {only} examples only ({what}): {what} needs both classes."
        )


def _inside(p: np.ndarray, what: str) -> np.ndarray:
    """The rows with 0 < p < 1 (a finite logit); warns when some are left out."""
    inside = (p > 0) & (p < 1)
    left_out = len(p) - int(inside.sum())
    if left_out:
        warnings.warn(
            f"{left_out} of {len(p)} probabilities are 0 or 1 and have no logit: they are left "
            f"out of {what}, as rms's val.prob leaves them out.",
            UserWarning,
            stacklevel=outside_stacklevel(),
        )
    return inside


def _deviance(eta: np.ndarray, y: np.ndarray) -> float:
    """−2 log-likelihood of outcomes y under log-odds eta: 2 Σ log(1 + e^η) − y·η."""
    return float(2.0 * np.sum(np.logaddexp(0.0, eta) - y * eta))


def _null_deviance(y: np.ndarray) -> float:
    """−2 log-likelihood of the intercept-only model (both classes present)."""
    n, positives = len(y), float(y.sum())
    negatives = n - positives
    return float(-2.0 * (positives * np.log(positives / n) + negatives * np.log(negatives / n)))


def _recalibrate(logit: np.ndarray, y: np.ndarray) -> tuple[float, float, float, int]:
    """Maximum-likelihood (intercept, slope) of logit P(y = 1) = a + b·logit, by Newton–Raphson
    with step halving, from (logit ȳ, 0) as rms's ``lrm.fit`` starts; returns the deviance
    and the iterations too (NaN estimates when they diverge: the classes are separated)."""
    mean = float(y.mean())
    beta = np.array([np.log(mean / (1 - mean)), 0.0])
    deviance = _deviance(np.full(len(y), beta[0]), y)
    for iteration in range(1, _MAX_ITERATIONS + 1):
        mu = expit(beta[0] + beta[1] * logit)
        w = mu * (1 - mu)
        residual = y - mu
        wl = w * logit
        hessian = np.array([[w.sum(), wl.sum()], [wl.sum(), np.sum(wl * logit)]])
        gradient = np.array([residual.sum(), np.sum(residual * logit)])
        try:
            step = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:
            break
        for _ in range(30):  # halve a step that increases the deviance
            trial = beta + step
            trial_deviance = _deviance(trial[0] + trial[1] * logit, y)
            if trial_deviance <= deviance * (1 + 1e-12) or not np.isfinite(deviance):
                break
            step = step / 2
        beta, deviance = trial, trial_deviance
        if np.max(np.abs(step)) <= 1e-10 * (1 + np.max(np.abs(beta))):
            return float(beta[0]), float(beta[1]), deviance, iteration
    return np.nan, np.nan, np.nan, _MAX_ITERATIONS


@dataclass(frozen=True)
class LogisticCalibration(TupleResult):
    """Logistic recalibration: logit P(y = 1) = intercept + slope · logit(p) (Cox 1958).

    Unpacks as ``intercept, slope``. Perfect calibration is intercept 0 and slope 1; a slope
    below 1 means the predictions are too extreme (overfitting), above 1 too moderate.

    Attributes
    ----------
    intercept, slope : float
        The maximum-likelihood estimates (NaN if they diverge: logit(p) separates the classes).
    deviance : float
        −2 log-likelihood of the recalibrated probabilities.
    deviance_as_given : float
        −2 log-likelihood of the probabilities as given (intercept 0, slope 1).
    null_deviance : float
        −2 log-likelihood of the intercept-only model (every row at the rate of positives).
    n : int
        Rows fitted: those with 0 < p < 1.
    iterations : int
        Newton–Raphson iterations.

    See Also
    --------
    logistic_calibration : computes it.
    calibration_statistics : with the other statistics of rms's val.prob.

    References
    ----------
    Cox, D. R. (1958). Two further applications of a model for binary regression. Biometrika,
    45(3–4), 562–565.

    Examples
    --------
    >>> fit = logistic_calibration([0, 0, 1, 0, 0, 1, 0, 1, 1, 1],
    ...                            [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9])
    >>> intercept, slope = fit
    >>> fit.n, fit.iterations
    (10, 6)
    """

    intercept: float
    slope: float
    deviance: float
    deviance_as_given: float
    null_deviance: float
    n: int
    iterations: int

    _fields: ClassVar[tuple[str, ...]] = ("intercept", "slope")

    def predict(self, probabilities: Any) -> np.ndarray:
        """The recalibrated probabilities, expit(intercept + slope · logit(p)).

        Parameters
        ----------
        probabilities : array-like
            Probabilities in [0, 1] (0 and 1 stay 0 and 1 for a positive slope).

        Returns
        -------
        ndarray
            The recalibrated probabilities, the shape of `probabilities`.
        """
        p = np.asarray(probabilities, dtype=np.float64)
        with np.errstate(divide="ignore"):
            logit = np.log(p) - np.log1p(-p)
        return expit(self.intercept + self.slope * logit)


def logistic_calibration(
    y_true: Any, probabilities: Any, *, pos_label: Any = None
) -> LogisticCalibration:
    """Calibration intercept and slope: the logistic regression of the outcome on logit(p).

    Fits logit P(y = 1) = a + b · logit(p) by maximum likelihood (Newton–Raphson to
    convergence; rms's ``lrm.fit`` stops earlier, when −2 log L changes by less than 0.025,
    which moves its estimates by up to about 1e-7). Perfect calibration is a = 0, b = 1
    (Cox 1958). Rows with p of 0 or 1 have no logit and are left out, with a warning, as in
    rms's ``val.prob``.

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
    LogisticCalibration
        Unpacks as ``intercept, slope``; also the deviances, ``n`` and ``iterations``.

    Raises
    ------
    ValueError
        If `probabilities` is not 1-D, not in [0, 1] or not finite (NaN), the lengths differ,
        the fitted rows hold one class only, or their probabilities are all equal (the slope is
        then not identifiable).

    Warns
    -----
    UserWarning
        If some probabilities are 0 or 1 (left out), or the estimates diverge (NaN): logit(p)
        separates the classes.

    See Also
    --------
    calibration_statistics : this fit with rms's other statistics.

    References
    ----------
    Cox, D. R. (1958). Two further applications of a model for binary regression. Biometrika,
    45(3–4), 562–565.

    Harrell, F. E. (2015). Regression Modeling Strategies, 2nd ed., §10.11. Springer.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> fit = logistic_calibration(y, p)
    >>> round(fit.intercept, 4), round(fit.slope, 4)   # rms: 0.3377 and 1.1573
    (0.3377, 1.1573)
    """
    p, y = _labelled_probabilities(y_true, probabilities, pos_label)
    inside = _inside(p, "the logistic recalibration")
    return _logistic_calibration(p[inside], y[inside])


def _logistic_calibration(p: np.ndarray, y: np.ndarray) -> LogisticCalibration:
    """The fit on rows with 0 < p < 1 (checked here: some rows, both classes, two distinct p)."""
    if not len(p):
        raise ValueError(
            "`probabilities` are all 0 or 1: no row has a logit, so there is no logistic "
            "recalibration (it needs rows with 0 < p < 1)."
        )
    _both_classes(y, "the logistic recalibration of the rows with 0 < p < 1")
    if np.all(p == p[0]):
        raise ValueError(
            f"`probabilities` are all {float(p[0])!r} (on the rows with 0 < p < 1): the "
            "calibration slope is not identifiable from a single predicted probability."
        )
    logit = np.log(p) - np.log1p(-p)
    intercept, slope, deviance, iterations = _recalibrate(logit, y)
    if np.isnan(slope):
        warnings.warn(
            "The logistic recalibration diverges (logit(p) separates the classes): its "
            "intercept and slope are NaN.",
            UserWarning,
            stacklevel=outside_stacklevel(),
        )
    return LogisticCalibration(
        intercept=intercept,
        slope=slope,
        deviance=deviance,
        deviance_as_given=_deviance(logit, y),
        null_deviance=_null_deviance(y),
        n=len(y),
        iterations=iterations,
    )


@dataclass(frozen=True)
class CalibrationStatistics:
    """The statistics of rms's ``val.prob`` that are not tests (Harrell 2015, §10.11).

    Their rms names are in :data:`RMS_NAMES`; :meth:`to_frame` lists them with those names.

    Attributes
    ----------
    n : int
        Rows of the likelihood statistics (``r2``, ``d``, ``u``, ``q``, ``intercept``,
        ``slope``): those with 0 < p < 1. The others use every row.
    dxy : float
        Somers' D of the probabilities and the outcome, 2·C − 1.
    c : float
        The area under the ROC curve (ties count half).
    r2 : float
        Nagelkerke's R² of the probabilities as given: (1 − e^(−LR/n)) / (1 − e^(−L₀/n)).
    d : float
        Discrimination index (LR − 1)/n, LR = ``d_chi2``.
    d_chi2 : float
        LR = L₀ − L₀₁: the null deviance minus the deviance of the probabilities as given.
    u : float
        Unreliability index (``u_chi2`` − 2)/n.
    u_chi2 : float
        L₀₁ − L_cal: how much the deviance falls when the probabilities are recalibrated
        (intercept and slope fitted); χ² with 2 degrees of freedom if they are calibrated.
    q : float
        Quality index D − U.
    brier : float
        The Brier score, mean (p − y)².
    intercept, slope : float
        The logistic recalibration (:func:`logistic_calibration`).
    emax, e90, eavg : float
        Largest, 90th percentile and mean of abs(p − smooth(p)) over the rows, smooth the
        lowess curve of the outcomes on the probabilities (span 2/3, no robustness
        iterations). Eavg is the integrated calibration index (ICI) of Austin & Steyerberg
        (2019).

    See Also
    --------
    calibration_statistics : computes them.
    phidelta.inference.calibration_summary : with Spiegelhalter's and the unreliability test.

    References
    ----------
    Harrell, F. E. (2015). Regression Modeling Strategies, 2nd ed., §10.11. Springer.

    Examples
    --------
    >>> stats = calibration_statistics([0, 0, 1, 0, 0, 1, 0, 1, 1, 1],
    ...                                [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9])
    >>> round(stats.c, 4), round(stats.brier, 4)
    (0.84, 0.1615)
    """

    n: int
    dxy: float
    c: float
    r2: float
    d: float
    d_chi2: float
    u: float
    u_chi2: float
    q: float
    brier: float
    intercept: float
    slope: float
    emax: float
    e90: float
    eavg: float

    def to_dict(self) -> dict[str, float]:
        """The statistics under rms's names, in val.prob's order (without ``n``).

        Returns
        -------
        dict of str to float
            rms's name (:data:`RMS_NAMES`) → value.
        """
        return {RMS_NAMES[f.name]: getattr(self, f.name) for f in fields(self) if f.name != "n"}

    def to_frame(self) -> Any:
        """The statistics as a pandas DataFrame, one row per statistic.

        Returns
        -------
        pandas.DataFrame
            Columns ``statistic`` (the field), ``rms`` (val.prob's name) and ``value``.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        from phidelta._validation import require_pandas

        pd = require_pandas("CalibrationStatistics.to_frame")
        names = [f.name for f in fields(self) if f.name != "n"]
        return pd.DataFrame(
            {
                "statistic": names,
                "rms": [RMS_NAMES[name] for name in names],
                "value": [getattr(self, name) for name in names],
            }
        )


def calibration_statistics(
    y_true: Any, probabilities: Any, *, pos_label: Any = None
) -> CalibrationStatistics:
    """rms's ``val.prob`` statistics of predicted probabilities (Harrell 2015, §10.11).

    With L₀ the deviance (−2 log-likelihood) of the intercept-only model, L₀₁ that of the
    probabilities as given and L_cal that of the logistic recalibration
    (:func:`logistic_calibration`), over the n rows with 0 < p < 1:

    * LR = L₀ − L₀₁; D = (LR − 1)/n (discrimination); R² = (1 − e^(−LR/n))/(1 − e^(−L₀/n))
      (Nagelkerke 1991);
    * U = (L₀₁ − L_cal − 2)/n (unreliability: what recalibration gains, less its two
      parameters' expected gain); Q = D − U (quality);
    * intercept and slope of the recalibration;

    and over every row: the Brier score, C (the AUC, ties counting half) and Dxy = 2C − 1, and
    Emax, E90 and Eavg, the largest, 90th-percentile and mean abs(p − s(p)) with s the lowess
    smooth of the outcomes on the probabilities (Cleveland 1979; span 2/3, no robustness
    iterations, δ = 1 % of the range: val.prob's ``lowess(p, y, iter = 0)``). Eavg is the
    integrated calibration index of Austin & Steyerberg (2019).

    Two differences from rms 6.5, both on purpose: C and Dxy are exact (rms's ``lrm.fit`` bins
    the probabilities to multiples of 1/5000 first, which changes C in the fourth decimal when
    probabilities are close), and they use every row (rms leaves out p of 0 or 1 there). The
    intercept and slope are iterated to convergence (rms stops earlier; they agree to about
    1e-7).

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
    CalibrationStatistics
        The fourteen statistics and ``n``; ``to_dict()`` gives rms's names.

    Raises
    ------
    ValueError
        If `probabilities` is not 1-D, not in [0, 1] or not finite (NaN: drop those rows
        first; rms drops them silently), the lengths differ, there is one class only (among the
        rows with 0 < p < 1), or those rows' probabilities are all equal.

    Warns
    -----
    UserWarning
        If some probabilities are 0 or 1: they are left out of the likelihood statistics.

    See Also
    --------
    logistic_calibration : the intercept and slope alone.
    phidelta.inference.calibration_summary : these statistics and val.prob's tests.
    phidelta.geometry.smooth_calibration_curve : the lowess curve, to draw.

    References
    ----------
    Harrell, F. E. (2015). Regression Modeling Strategies, 2nd ed., §10.11. Springer. (rms's
    ``val.prob``.)

    Austin, P. C., & Steyerberg, E. W. (2019). The Integrated Calibration Index (ICI) and
    related metrics for quantifying the calibration of logistic regression models. Statistics
    in Medicine, 38(21), 4051–4065.

    Nagelkerke, N. J. D. (1991). A note on a general definition of the coefficient of
    determination. Biometrika, 78(3), 691–692.

    Cleveland, W. S. (1979). Robust locally weighted regression and smoothing scatterplots.
    Journal of the American Statistical Association, 74(368), 829–836.

    Examples
    --------
    >>> y = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> p = [0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> stats = calibration_statistics(y, p)   # rms's val.prob(p, y) gives the same, rounded
    >>> round(stats.slope, 4), round(stats.emax, 4), round(stats.eavg, 4), round(stats.q, 4)
    (1.1573, 0.1806, 0.0745, 0.4968)
    """
    p, y = _labelled_probabilities(y_true, probabilities, pos_label)
    inside = _inside(p, "the likelihood statistics (R², D, U, Q, intercept and slope)")
    fit = _logistic_calibration(p[inside], y[inside])
    n = fit.n
    lr = fit.null_deviance - fit.deviance_as_given
    d = (lr - 1) / n
    u_chi2 = fit.deviance_as_given - fit.deviance
    u = (u_chi2 - 2) / n
    r2 = -np.expm1(-lr / n) / -np.expm1(-fit.null_deviance / n)
    c = auc(ScoreTable.from_scores(y.astype(np.int8), p, pos_label=1))
    error = np.abs(p - lowess(p, y))
    return CalibrationStatistics(
        n=n,
        dxy=2 * c - 1,
        c=c,
        r2=float(r2),
        d=d,
        d_chi2=lr,
        u=u,
        u_chi2=u_chi2,
        q=d - u,
        brier=float(np.mean((p - y) ** 2)),
        intercept=fit.intercept,
        slope=fit.slope,
        emax=float(error.max()),
        e90=float(np.quantile(error, 0.9)),
        eavg=float(error.mean()),
    )


@dataclass(frozen=True)
class DebiasedCalibrationError(TupleResult):
    """The squared (ℓ2) calibration error over bins, debiased (Kumar, Liang & Ma 2019).

    Unpacks as ``error, squared``.

    Attributes
    ----------
    error : float
        √max(squared, 0): the ℓ2 calibration error, on the scale of probabilities.
    squared : float
        The debiased estimate of the squared calibration error; it can be negative when the
        predictions are close to calibrated.
    plugin : float
        The plug-in estimate Σ_b (n_b/n)·(ȳ_b − p̄_b)², biased upward by about
        Σ_b ȳ_b(1 − ȳ_b)/n.
    bins : CalibrationBins
        The bins (counts, mean predicted, observed).

    See Also
    --------
    debiased_calibration_error : computes it.
    expected_calibration_error : the ℓ1 error, plug-in.

    References
    ----------
    Kumar, A., Liang, P., & Ma, T. (2019). Verified uncertainty calibration. Advances in
    Neural Information Processing Systems 32, 3792–3803.

    Examples
    --------
    >>> error, squared = debiased_calibration_error([0, 1, 0, 1], [0.2, 0.3, 0.6, 0.9], bins=2)
    >>> round(squared, 4), error   # (ȳ − p̄)² = 1/16 per bin, less ȳ(1 − ȳ)/(2 − 1) = 1/4
    (-0.1875, 0.0)
    """

    error: float
    squared: float
    plugin: float
    bins: CalibrationBins

    _fields: ClassVar[tuple[str, ...]] = ("error", "squared")


def debiased_calibration_error(
    y_true: Any,
    probabilities: Any,
    *,
    pos_label: Any = None,
    bins: int = 10,
    strategy: str = "quantile",
) -> DebiasedCalibrationError:
    """Debiased estimate of the squared calibration error (Kumar, Liang & Ma 2019, §5).

    Over bins b of n_b examples with mean prediction p̄_b and rate of positives ȳ_b, the
    plug-in estimate Σ_b (n_b/n)(ȳ_b − p̄_b)² overstates the squared calibration error by the
    sampling variance of each ȳ_b; the debiased estimate subtracts its unbiased estimate:

    .. math::

       \\widehat{\\mathrm{CE}}^2 = \\sum_b \\frac{n_b}{n}
       \\Bigl[(\\bar y_b - \\bar p_b)^2 - \\frac{\\bar y_b (1 - \\bar y_b)}{n_b - 1}\\Bigr] .

    Given the predictions, it is unbiased for Σ_b (n_b/n)(μ_b − p̄_b)² when every example of a
    bin has the same probability μ_b of the positive class. A bin of one example has no
    variance estimate and adds nothing. Equal-mass bins (``strategy="quantile"``) are the
    authors' recommendation; the bins are those of :func:`expected_calibration_error`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (binary).
    probabilities : array-like of shape (n,)
        Predicted probabilities of the positive class.
    pos_label : label, default=None
        The positive class (by default 1 or True for 0/1, ±1 or boolean classes; else it must
        be given).
    bins : int, default=10
        Number of bins.
    strategy : {"quantile", "uniform"}, default="quantile"
        Equal-mass or equal-width bins.

    Returns
    -------
    DebiasedCalibrationError
        Unpacks as ``error, squared``; also ``plugin`` and ``bins``.

    Raises
    ------
    ValueError
        As :func:`expected_calibration_error`, and if there are no examples.

    See Also
    --------
    expected_calibration_error : the ℓ1 calibration error over the same bins.
    brier_decomposition : the calibration loss over segments of one probability.

    References
    ----------
    Kumar, A., Liang, P., & Ma, T. (2019). Verified uncertainty calibration. Advances in
    Neural Information Processing Systems 32, 3792–3803. Section 5 (debiased estimator).

    Examples
    --------
    >>> y = [0, 0, 1, 0, 1, 1, 1, 0]
    >>> p = [0.1, 0.1, 0.1, 0.1, 0.8, 0.8, 0.8, 0.8]
    >>> result = debiased_calibration_error(y, p, bins=2, strategy="uniform")
    >>> round(result.plugin, 4), round(result.squared, 4)   # 0.0125 − (3/16)/3
    (0.0125, -0.05)
    """
    table = expected_calibration_error(
        y_true, probabilities, pos_label=pos_label, bins=bins, strategy=strategy
    )
    count = table.count
    n = count.sum()
    if n == 0:
        raise ValueError("No examples: the calibration error is undefined.")
    full = count > 0
    weight = count[full] / n
    observed, predicted = table.observed[full], table.mean_predicted[full]
    gap = (observed - predicted) ** 2
    plugin = float(np.sum(weight * gap))
    # the unbiased estimate of Var(ȳ_b) = μ_b(1 − μ_b)/n_b is ȳ_b(1 − ȳ_b)/(n_b − 1) (Kumar et
    # al. 2019, §5); a bin of one example has none, and adds nothing
    several = count[full] > 1
    size = count[full][several]
    term = gap[several] - observed[several] * (1 - observed[several]) / (size - 1)
    squared = float(np.sum(weight[several] * term))
    return DebiasedCalibrationError(
        error=float(np.sqrt(max(squared, 0.0))), squared=squared, plugin=plugin, bins=table
    )

"""Comparing two ROC curves as pROC's ``roc.test`` does (Robin et al. 2011): DeLong's test of
two AUCs, paired or not; the bootstrap test of two AUCs, partial AUCs, sensitivities at a fixed
specificity or specificities at a fixed sensitivity; Venkatraman's permutation test of whether
the curves themselves differ.

Resampling is vectorized over resamples and permutations: every per-row pass is NumPy, in
blocks of resamples, each block with its own generator derived from ``random_state`` (so the
result does not depend on ``workers``).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from scipy import stats as _stats

from phidelta._compute import BLOCK_ROWS
from phidelta._validation import (
    DEPRECATED,
    as_float_array,
    check_confidence_level,
    check_same_length,
)
from phidelta.counts import ScoreTable
from phidelta.counts._labels import as_label_array, binary_target
from phidelta.inference._uncertainty import (
    _check_workers,
    _components,
    _generator,
    _uniform_integers,
    _weighted_variance,
    delong_test,
)
from phidelta.measures import ConfidenceInterval, TupleResult, auc
from phidelta.measures._ranking import _check_two_classes, mcclish_standardized

__all__ = ["RocDifferenceBand", "RocTest", "VenkatramanTest", "roc_difference_band", "roc_test"]

_ALTERNATIVES = ("two-sided", "less", "greater")
_METHODS = ("delong", "bootstrap", "venkatraman", "sensitivity", "specificity")


# --- the two curves --------------------------------------------------------------------------
@dataclass(frozen=True)
class _Curve:
    """A curve's score table and, when it came from rows, the rows (for pairing and ranks)."""

    table: ScoreTable
    is_pos: np.ndarray | None = None
    scores: np.ndarray | None = None


def _as_curve(curve: Any, name: str, pos_label: Any) -> _Curve:
    """A ScoreTable or a pair ``(y_true, scores)``, checked once at the entry point."""
    if isinstance(curve, ScoreTable):
        _check_two_classes(curve, f"The ROC curve of `{name}`")
        return _Curve(curve)
    if isinstance(curve, tuple | list) and len(curve) == 2:
        y = as_label_array(curve[0], f"{name}[0] (y_true)")
        s = as_float_array(curve[1], f"{name}[1] (scores)")
        check_same_length(**{f"{name}[0] (y_true)": y, f"{name}[1] (scores)": s})
        is_pos = np.asarray(
            binary_target(y, pos_label, name=f"{name}[0] (y_true)", both=True).is_positive,
            dtype=bool,
        )
        return _Curve(ScoreTable._from_mask(s, is_pos), is_pos, s)
    raise TypeError(
        f"`{name}` must be a pair (y_true, scores) or a ScoreTable; got {type(curve).__name__}."
    )


def _are_paired(a: _Curve, b: _Curve, paired: Any) -> bool:
    """pROC's rule: two curves are paired when they hold the same rows' labels."""
    same = (
        a.is_pos is not None
        and b.is_pos is not None
        and len(a.is_pos) == len(b.is_pos)
        and bool(np.array_equal(a.is_pos, b.is_pos))
    )
    if paired is None:
        return same
    if not isinstance(paired, bool | np.bool_):
        raise TypeError(f"`paired` must be None, True or False; got {paired!r}.")
    if paired and not same:
        raise ValueError(
            "`paired=True` needs two curves of the same rows: pairs (y_true, scores) with the "
            "same labels in the same order."
        )
    return bool(paired)


def _check_alternative(alternative: Any) -> str:
    if alternative not in _ALTERNATIVES:
        raise ValueError(
            f'`alternative` must be "two-sided", "less" or "greater"; got {alternative!r}.'
        )
    return str(alternative)


# --- what is compared: an area, a partial area, a coordinate ----------------------------------
@dataclass(frozen=True)
class _Estimand:
    """A statistic of ROC curves given as cumulative counts, vectorized over resamples.

    ``tp``, ``fp``: arrays (rows, d + 1) of the positives and negatives scoring at or above
    each distinct score, from the top down, starting at 0; ``p``, ``n``: (rows,) totals.
    """

    kind: str  # "auc", "partial_auc", "sensitivity" (at a specificity), "specificity",
    # "sensitivities" (at every specificity of `grid`: one value per grid point)
    low: float = 0.0
    high: float = 1.0
    over: str = "fpr"  # the axis of a partial area's range
    mcclish: bool = False
    at: float = math.nan  # the fixed specificity (kind "sensitivity") or sensitivity
    grid: tuple[float, ...] = ()

    @property
    def size(self) -> int:
        """Values per curve."""
        return len(self.grid) if self.kind == "sensitivities" else 1

    @property
    def name(self) -> str:
        if self.kind == "auc":
            return "AUC"
        if self.kind == "partial_auc":
            standard = "McClish-standardized " if self.mcclish else ""
            return f"{standard}partial AUC over {self.over} in [{self.low:g}, {self.high:g}]"
        other = "specificity" if self.kind == "sensitivity" else "sensitivity"
        return f"{self.kind} at {other} {self.at:g}"

    def __call__(self, tp: np.ndarray, fp: np.ndarray, p: np.ndarray, n: np.ndarray) -> np.ndarray:
        p = np.asarray(p, dtype=np.float64)[:, None]
        n = np.asarray(n, dtype=np.float64)[:, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            if self.kind == "auc":
                dfp = np.diff(fp, axis=1)
                pairs = (dfp * (tp[:, 1:] + tp[:, :-1])).sum(axis=1)
                return pairs / (2 * p[:, 0] * n[:, 0])
            tpr, fpr = tp / p, fp / n
            if self.kind == "partial_auc":
                if self.over == "fpr":
                    area = _areas_between(fpr, tpr, self.low, self.high)
                else:  # the area to the right of the curve, over the tpr axis
                    area = _areas_between(tpr, 1 - fpr, self.low, self.high)
                if not self.mcclish:
                    return area
                # McClish's standardization is affine in the area: one rule, in measures
                zero = mcclish_standardized(0.0, self.low, self.high, over=self.over)
                one = mcclish_standardized(1.0, self.low, self.high, over=self.over)
                return zero + area * (one - zero)
            specificity = (n - fp) / n  # pROC's arithmetic, so equal coordinates compare equal
            if self.kind == "sensitivity":
                return _sensitivity_at(tpr, specificity, self.at)
            if self.kind == "sensitivities":
                return np.stack([_sensitivity_at(tpr, specificity, at) for at in self.grid], 1)
            return _specificity_at(tpr, specificity, self.at)

    def values_of(self, table: ScoreTable) -> np.ndarray:
        """The statistic of a table's own curve: an array of :attr:`size` values."""
        tp, fp = table.cumulative()
        values = self(
            tp[None, :].astype(np.float64),
            fp[None, :].astype(np.float64),
            np.array([table.total_positives]),
            np.array([table.total_negatives]),
        )
        return np.asarray(values, dtype=np.float64).reshape(-1)

    def of_table(self, table: ScoreTable) -> float:
        return float(self.values_of(table)[0])


def _areas_between(x: np.ndarray, y: np.ndarray, low: float, high: float) -> np.ndarray:
    """∫ y dx over [low, high] of piecewise-linear curves with non-decreasing x, one per row:
    each segment's trapezoid clipped to the range (vertical steps add nothing)."""
    x0, x1, y0, y1 = x[:, :-1], x[:, 1:], y[:, :-1], y[:, 1:]
    a, b = np.maximum(x0, low), np.minimum(x1, high)
    inside = (x1 > x0) & (b > a)
    slope = (y1 - y0) / (x1 - x0)
    ya, yb = y0 + slope * (a - x0), y0 + slope * (b - x0)
    return np.where(inside, (b - a) * (ya + yb) / 2, 0.0).sum(axis=1)


def _sensitivity_at(tpr: np.ndarray, specificity: np.ndarray, at: float) -> np.ndarray:
    """pROC's ``coords(x=at, input="specificity")``: on a vertical step at that specificity
    the highest sensitivity, else the line between the neighbouring points. Along the rows the
    specificity falls and the sensitivity rises."""
    last = specificity.shape[1] - 1
    i = np.count_nonzero(specificity >= at, axis=1)[:, None] - 1  # the last point at or above
    j = np.minimum(i + 1, last)
    sp_i, sp_j = np.take_along_axis(specificity, i, 1), np.take_along_axis(specificity, j, 1)
    se_i, se_j = np.take_along_axis(tpr, i, 1), np.take_along_axis(tpr, j, 1)
    between = se_i + (sp_i - at) / (sp_i - sp_j) * (se_j - se_i)
    return np.where(sp_i == at, se_i, between)[:, 0]


def _specificity_at(tpr: np.ndarray, specificity: np.ndarray, at: float) -> np.ndarray:
    """pROC's ``coords(x=at, input="sensitivity")``: on a horizontal step at that sensitivity
    the highest specificity, else the line between the neighbouring points."""
    k = np.count_nonzero(tpr < at, axis=1)[:, None]  # the first point at or above
    h = np.maximum(k - 1, 0)
    se_k, se_h = np.take_along_axis(tpr, k, 1), np.take_along_axis(tpr, h, 1)
    sp_k, sp_h = np.take_along_axis(specificity, k, 1), np.take_along_axis(specificity, h, 1)
    between = sp_h + (at - se_h) / (se_k - se_h) * (sp_k - sp_h)
    return np.where(se_k == at, sp_k, between)[:, 0]


def _estimand(
    method: str,
    fpr_range: Any,
    tpr_range: Any,
    mcclish: bool,
    specificity: Any,
    sensitivity: Any,
) -> _Estimand:
    """The quantity a test compares, from roc_test's keywords (each used or refused)."""
    fixed = specificity is not None or sensitivity is not None
    if method not in ("specificity", "sensitivity") and fixed:
        given = "specificity" if specificity is not None else "sensitivity"
        raise ValueError(
            f'`{given}` is the fixed coordinate of method="{given}"; got method="{method}".'
        )
    if method == "specificity" or method == "sensitivity":
        other = "sensitivity" if method == "specificity" else "specificity"
        value = specificity if method == "specificity" else sensitivity
        if (sensitivity if method == "specificity" else specificity) is not None:
            raise ValueError(f'method="{method}" takes `{method}`, not `{other}`.')
        if fpr_range is not None or tpr_range is not None or mcclish:
            raise ValueError(f'method="{method}" compares coordinates; it takes no partial range.')
        if isinstance(value, bool) or not isinstance(value, int | float | np.number):
            raise TypeError(
                f'method="{method}" needs `{method}`, a number in [0, 1]; got {value!r}.'
            )
        if not 0 <= value <= 1:
            raise ValueError(f"`{method}` must be in [0, 1]; got {value!r}.")
        # method "specificity" compares the sensitivities at that specificity (pROC's names)
        return _Estimand(other, at=float(value))
    if fpr_range is None and tpr_range is None:
        if mcclish:
            raise ValueError(
                "`mcclish=True` standardizes a partial area: give `fpr_range` or `tpr_range`."
            )
        return _Estimand("auc")
    if fpr_range is not None and tpr_range is not None:
        raise ValueError("Pass at most one of `fpr_range` and `tpr_range`.")
    bounds = fpr_range if fpr_range is not None else tpr_range
    name = "fpr_range" if fpr_range is not None else "tpr_range"
    try:
        low, high = (float(v) for v in bounds)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"`{name}` must be a pair (a, b) of numbers; got {bounds!r}.") from exc
    if not 0 <= low < high <= 1:
        raise ValueError(f"`{name}` must satisfy 0 ≤ a < b ≤ 1; got ({low}, {high}).")
    return _Estimand(
        "partial_auc", low, high, "fpr" if fpr_range is not None else "tpr", bool(mcclish)
    )


# --- results --------------------------------------------------------------------------------
@dataclass(frozen=True)
class RocTest(TupleResult):
    """A test of two ROC curves' AUCs, partial AUCs or coordinates, with the difference's
    interval (pROC's ``roc.test``; Robin et al. 2011).

    Unpacks as ``statistic, pvalue`` like SciPy's test results; :meth:`confidence_interval`
    bounds ``difference`` = ``estimate_a`` − ``estimate_b``.

    Attributes
    ----------
    statistic : float
        z for DeLong's paired test, Student's t for the unpaired one (with ``df``), and
        difference / bootstrap standard error for the bootstrap tests (pROC's D).
    pvalue : float
        The p-value under ``alternative``.
    method : str
        "delong", "bootstrap", "sensitivity" or "specificity".
    estimand : str
        What is compared: "AUC", a partial AUC with its range, or a coordinate.
    alternative : str
        "two-sided", "less" (a below b) or "greater" (a above b).
    paired : bool
        Whether the curves are of the same rows.
    estimate_a, estimate_b : float
        The compared quantity on each curve.
    standard_error : float
        Of the difference: DeLong's, or the standard deviation of the resampled differences.
    df : float
        Degrees of freedom of the unpaired DeLong test; ``inf`` for the normal ones.
    n_resamples : int
        Bootstrap resamples (0 for DeLong).
    bootstrap_distribution : ndarray or None
        The resampled differences (undefined resamples left out), as in
        ``scipy.stats.bootstrap``.

    See Also
    --------
    roc_test : computes it.

    References
    ----------
    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> a = [0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1]
    >>> b = [0.6, 0.4, 0.8, 0.5, 0.3, 0.7, 0.2, 0.1]
    >>> res = roc_test((y, a), (y, b))
    >>> statistic, pvalue = res
    >>> round(res.difference, 3), res.paired
    (0.375, True)
    """

    statistic: float
    pvalue: float
    method: str
    estimand: str
    alternative: str
    paired: bool
    estimate_a: float
    estimate_b: float
    standard_error: float
    df: float = math.inf
    n_resamples: int = 0
    bootstrap_distribution: np.ndarray | None = field(default=None, repr=False, compare=False)

    _fields: ClassVar[tuple[str, ...]] = ("statistic", "pvalue")

    @property
    def difference(self) -> float:
        """``estimate_a − estimate_b``."""
        return self.estimate_a - self.estimate_b

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """The interval of the difference that goes with the test: difference ± q·standard
        error, q the normal quantile (Student's with ``df`` for the unpaired DeLong test).

        One-sided for a one-sided ``alternative``, as SciPy's tests give it: (low, inf) for
        "greater", (−inf, high) for "less". The interval excludes 0 exactly when the p-value
        is below 1 − `confidence_level`.

        Parameters
        ----------
        confidence_level : float, default=0.95
            In (0, 1).

        Returns
        -------
        ConfidenceInterval
            ``low, high`` of ``estimate_a − estimate_b``.

        Raises
        ------
        ValueError
            If `confidence_level` is not in (0, 1).
        """
        level = check_confidence_level(confidence_level, where="RocTest.confidence_interval")
        tail = 1 - level if self.alternative != "two-sided" else (1 - level) / 2
        q = _quantile(1 - tail, self.df)
        low = self.difference - q * self.standard_error
        high = self.difference + q * self.standard_error
        if self.alternative == "greater":
            high = math.inf
        elif self.alternative == "less":
            low = -math.inf
        return ConfidenceInterval(float(low), float(high))


@dataclass(frozen=True)
class VenkatramanTest(TupleResult):
    """Venkatraman's permutation test: are two ROC curves equal at every operating point?
    (Venkatraman & Begg 1996 for paired curves, Venkatraman 2000 for unpaired ones).

    Unpacks as ``statistic, pvalue``, with SciPy's ``null_distribution`` as in
    ``scipy.stats.permutation_test``.

    Attributes
    ----------
    statistic : float
        E: for paired curves the summed absolute difference, over all rank thresholds, of the
        two scorers' error counts; for unpaired ones the area between their expected error
        rates as functions of the mixture's distribution.
    pvalue : float
        (1 + #{permuted E ≥ E}) / (1 + n_permutations): never 0.
    paired : bool
        Whether the curves are of the same rows.
    n_permutations : int
        The permutations drawn.
    null_distribution : ndarray
        E of every permutation.

    See Also
    --------
    roc_test : computes it (``method="venkatraman"``).
    roc_difference_band : its interval: the band of the curves' difference.

    References
    ----------
    Venkatraman, E. S., & Begg, C. B. (1996). A distribution-free procedure for comparing
    receiver operating characteristic curves from a paired experiment. Biometrika, 83(4),
    835–848.

    Venkatraman, E. S. (2000). A permutation test to compare receiver operating characteristic
    curves. Biometrics, 56(4), 1134–1138.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    >>> a = [9, 8, 7, 3, 2, 4, 6, 1, 5, 0]
    >>> b = [6, 4, 8, 5, 3, 7, 2, 1, 9, 0]
    >>> res = roc_test((y, a), (y, b), method="venkatraman", random_state=0)
    >>> statistic, pvalue = res
    >>> statistic, len(res.null_distribution)
    (12.0, 2000)
    """

    statistic: float
    pvalue: float
    paired: bool
    n_permutations: int
    null_distribution: np.ndarray = field(repr=False, compare=False)

    _fields: ClassVar[tuple[str, ...]] = ("statistic", "pvalue")


def _quantile(probability: float, df: float) -> float:
    if math.isinf(df):
        return float(_stats.norm.ppf(probability))
    return float(_stats.t.ppf(probability, df))


def _pvalue(statistic: float, alternative: str, df: float = math.inf) -> float:
    """P-value of a normal (or Student's t) statistic; "greater": a above b."""
    law = _stats.norm if math.isinf(df) else _stats.t(df)
    if alternative == "two-sided":
        return float(min(1.0, 2 * law.sf(abs(statistic))))
    if alternative == "greater":
        return float(law.sf(statistic))
    return float(law.cdf(statistic))


def _ratio(difference: float, standard_error: float) -> float:
    """difference / standard error, 0 when both vanish (identical curves), ±inf when only
    the error does."""
    if standard_error > 0:
        return difference / standard_error
    return 0.0 if difference == 0 else math.copysign(math.inf, difference)


# --- DeLong ---------------------------------------------------------------------------------
def _delong_variance(table: ScoreTable) -> float:
    """DeLong's variance S₁₀/P + S₀₁/N of one AUC (the structural components' variances)."""
    v10, v01 = _components(table)
    p, n = table.total_positives, table.total_negatives
    return float(
        _weighted_variance(v10, table.positives.astype(np.float64)) / p
        + _weighted_variance(v01, table.negatives.astype(np.float64)) / n
    )


def _delong_unpaired(a: _Curve, b: _Curve, alternative: str) -> RocTest:
    """DeLong's variances of the two areas added; Student's t with Welch–Satterthwaite's
    degrees of freedom over the rows of each curve, as pROC computes them."""
    auc_a, auc_b = auc(a.table), auc(b.table)
    var_a, var_b = _delong_variance(a.table), _delong_variance(b.table)
    rows_a = a.table.total_positives + a.table.total_negatives
    rows_b = b.table.total_positives + b.table.total_negatives
    total = var_a + var_b
    denominator = var_a**2 / (rows_a - 1) + var_b**2 / (rows_b - 1)
    df = total**2 / denominator if denominator > 0 else math.inf
    se = math.sqrt(total)
    t = _ratio(auc_a - auc_b, se)
    return RocTest(
        statistic=float(t),
        pvalue=_pvalue(t, alternative, df),
        method="delong",
        estimand="AUC",
        alternative=alternative,
        paired=False,
        estimate_a=auc_a,
        estimate_b=auc_b,
        standard_error=se,
        df=float(df),
    )


def _delong_paired(a: _Curve, b: _Curve, alternative: str) -> RocTest:
    test = delong_test(a.is_pos, a.scores, b.scores, pos_label=True)
    z = _ratio(test.difference, test.standard_error)
    return RocTest(
        statistic=float(z),
        pvalue=_pvalue(z, alternative),
        method="delong",
        estimand="AUC",
        alternative=alternative,
        paired=True,
        estimate_a=test.auc_a,
        estimate_b=test.auc_b,
        standard_error=test.standard_error,
    )


# --- the bootstrap --------------------------------------------------------------------------
def _score_index(curve: _Curve) -> tuple[np.ndarray, np.ndarray]:
    """The distinct-score index (0 = the top score) of every positive and every negative row:
    from the rows in their order, or from the table's counts."""
    t = curve.table
    if curve.scores is None:
        d = np.arange(len(t), dtype=np.int64)
        pos, neg = t.positives.astype(np.int64), t.negatives.astype(np.int64)
        return np.repeat(d, pos), np.repeat(d, neg)
    index = len(t) - 1 - np.searchsorted(t.scores[::-1], curve.scores)
    return index[curve.is_pos], index[~curve.is_pos]


class _Resampler:
    """The statistics of one curve, or of two curves on the same rows, over bootstrap resamples
    of those rows: stratified (P positives and N negatives drawn apart, as pROC does) or not.

    A resample is the multiplicity of every positive and every negative row. For a curve, C is
    the running sum of the positives' multiplicities in the curve's score order; the positives
    scoring at or above a distinct score are C read at a fixed position, so each curve's
    counts at its thresholds come from one gather, and the AUC from the negatives alone:
    Σⱼ mⱼ·(C[above j] + C[at or above j]) / (2·P·N) (Mann–Whitney, ties half).
    """

    def __init__(self, curves: Sequence[_Curve], estimand: _Estimand, stratified: bool):
        self.estimand, self.stratified = estimand, stratified
        indices = [_score_index(c) for c in curves]
        # the rows in the first curve's score order: its gathers are then the identity
        pos_order = np.argsort(indices[0][0], kind="stable")
        neg_order = np.argsort(indices[0][1], kind="stable")
        self.p, self.n = len(pos_order), len(neg_order)
        self.plans = []
        for curve, (pos, neg) in zip(curves, indices, strict=True):
            pos, neg = pos[pos_order], neg[neg_order]
            tp_at = np.concatenate(([0], np.cumsum(curve.table.positives.astype(np.int64))))
            fp_at = np.concatenate(([0], np.cumsum(curve.table.negatives.astype(np.int64))))
            pos_perm = np.argsort(pos, kind="stable")
            neg_perm = np.argsort(neg, kind="stable")
            before, upto = tp_at[neg], tp_at[neg + 1]
            tied = np.flatnonzero(upto != before)
            self.plans.append(
                {
                    "pos_perm": None if np.all(np.diff(pos) >= 0) else pos_perm,
                    "neg_perm": None if np.all(np.diff(neg) >= 0) else neg_perm,
                    "tp_at": tp_at,
                    "fp_at": fp_at,
                    "before": before,
                    "tied": tied,
                    "upto": upto[tied],
                }
            )

    def width(self) -> int:
        return self.p + self.n

    def draw(self, rng: np.random.Generator, rows: int) -> tuple[np.ndarray, np.ndarray]:
        """Multiplicities of the positives (rows, P) and the negatives (rows, N)."""
        if self.stratified:
            return _multiplicities(rng, self.p, rows), _multiplicities(rng, self.n, rows)
        both = _multiplicities(rng, self.p + self.n, rows)
        return both[:, : self.p], both[:, self.p :]

    def __call__(self, rng: np.random.Generator, rows: int) -> np.ndarray:
        """The statistic of every curve on ``rows`` resamples: an array (rows, curves)."""
        m_pos, m_neg = self.draw(rng, rows)
        p = m_pos.sum(axis=1)
        n = m_neg.sum(axis=1)
        out = np.empty((rows, len(self.plans), self.estimand.size))
        running = np.zeros((rows, self.p + 1), dtype=np.int64)
        for c, plan in enumerate(self.plans):
            mine = m_pos if plan["pos_perm"] is None else m_pos[:, plan["pos_perm"]]
            np.cumsum(mine, axis=1, out=running[:, 1:])
            if self.estimand.kind == "auc":
                wins = np.take(running, plan["before"], axis=1)
                total = 2 * np.einsum("ij,ij->i", wins, m_neg)
                if len(plan["tied"]):
                    extra = np.take(running, plan["upto"], axis=1) - wins[:, plan["tied"]]
                    total += np.einsum("ij,ij->i", extra, m_neg[:, plan["tied"]])
                with np.errstate(divide="ignore", invalid="ignore"):
                    out[:, c, 0] = total / (2.0 * p * n)
                continue
            tp = np.take(running, plan["tp_at"], axis=1).astype(np.float64)
            negs = m_neg if plan["neg_perm"] is None else m_neg[:, plan["neg_perm"]]
            neg_running = np.zeros((rows, self.n + 1), dtype=np.int64)
            np.cumsum(negs, axis=1, out=neg_running[:, 1:])
            fp = np.take(neg_running, plan["fp_at"], axis=1).astype(np.float64)
            out[:, c] = np.reshape(self.estimand(tp, fp, p, n), (rows, -1))
        out[(p == 0) | (n == 0)] = np.nan  # a class absent (unstratified): undefined
        return out.reshape(rows, -1)


def _multiplicities(rng: np.random.Generator, size: int, rows: int) -> np.ndarray:
    """``rows`` resamples with replacement of ``size`` items, as multiplicities (rows, size)."""
    picks = _uniform_integers(rng, size, rows * size)
    if rows > 1:
        picks += np.repeat(np.arange(0, rows * size, size, dtype=np.int64), size)
    return np.bincount(picks, minlength=rows * size).reshape(rows, size)


def _run_blocks(
    kernel: Callable[[np.random.Generator, int], np.ndarray],
    width: int,
    n_resamples: int,
    columns: int,
    rng: np.random.Generator,
    threads: int,
) -> np.ndarray:
    """``kernel(generator, rows)`` over ``n_resamples`` rows, in blocks with their own
    generators derived from ``rng`` (so the values do not depend on ``threads``)."""
    values = np.empty((n_resamples, columns))
    # resamples evaluated together: their arrays stay within a core's cache
    group = max(1, BLOCK_ROWS // max(width, 1))
    chunk = max(group, min(n_resamples, (8_000_000 // max(width, 1)) // group * group))
    starts = range(0, n_resamples, chunk)
    seeds = rng.integers(0, 2**63, size=(len(starts), 2))

    def block(number: int) -> None:
        draw = np.random.default_rng(seeds[number])
        stop = min(starts[number] + chunk, n_resamples)
        for start in range(starts[number], stop, group):
            rows = min(group, stop - start)
            values[start : start + rows] = kernel(draw, rows)

    if threads > 1 and len(starts) > 1:
        with ThreadPoolExecutor(min(threads, len(starts))) as pool:
            list(pool.map(block, range(len(starts))))
    else:
        for number in range(len(starts)):
            block(number)
    return values


def _resampled(
    curves: Sequence[_Curve],
    estimand: _Estimand,
    *,
    paired: bool,
    stratified: bool,
    n_resamples: int,
    rng: np.random.Generator,
    threads: int,
) -> np.ndarray:
    """The estimand of each curve over ``n_resamples`` resamples: (n_resamples, len(curves) ·
    estimand.size), curve by curve. Paired curves share every resample's rows; unpaired ones
    are resampled independently."""
    size = estimand.size
    if paired or len(curves) == 1:
        kernel = _Resampler(curves, estimand, stratified)
        return _run_blocks(kernel, kernel.width(), n_resamples, len(curves) * size, rng, threads)
    columns = []
    for curve in curves:
        kernel = _Resampler([curve], estimand, stratified)
        stream = np.random.default_rng(rng.integers(0, 2**63, size=2))
        columns.append(_run_blocks(kernel, kernel.width(), n_resamples, size, stream, threads))
    return np.hstack(columns)


def _bootstrap_test(
    a: _Curve,
    b: _Curve,
    estimand: _Estimand,
    *,
    method: str,
    paired: bool,
    alternative: str,
    stratified: bool,
    n_resamples: int,
    rng: np.random.Generator,
    threads: int,
) -> RocTest:
    """pROC's bootstrap test: D = (θ_a − θ_b) / sd of the resampled differences, normal."""
    values = _resampled(
        [a, b],
        estimand,
        paired=paired,
        stratified=stratified,
        n_resamples=n_resamples,
        rng=rng,
        threads=threads,
    )
    differences = values[:, 0] - values[:, 1]
    undefined = np.isnan(differences)
    if undefined.any():
        warnings.warn(
            f"{int(undefined.sum())} of {n_resamples} resamples left the estimand undefined "
            "(a class absent); they were left out.",
            RuntimeWarning,
            stacklevel=3,
        )
        differences = differences[~undefined]
    if len(differences) < 2:
        raise ValueError("Fewer than two resamples defined the estimand: the test is undefined.")
    se = float(np.std(differences, ddof=1))
    estimate_a, estimate_b = estimand.of_table(a.table), estimand.of_table(b.table)
    statistic = _ratio(estimate_a - estimate_b, se)
    return RocTest(
        statistic=float(statistic),
        pvalue=_pvalue(statistic, alternative),
        method=method,
        estimand=estimand.name,
        alternative=alternative,
        paired=paired,
        estimate_a=estimate_a,
        estimate_b=estimate_b,
        standard_error=se,
        n_resamples=int(n_resamples),
        bootstrap_distribution=differences,
    )


# --- Venkatraman ----------------------------------------------------------------------------
def _random_bits(rng: np.random.Generator, rows: int, size: int) -> np.ndarray:
    """Independent fair bits, an array (rows, size) of bool, 64 from each raw word."""
    count = rows * size
    words = rng.bit_generator.random_raw(-(-count // 64))
    return np.unpackbits(words.view(np.uint8))[:count].view(bool).reshape(rows, size)


def _paired_errors(sign_r: np.ndarray, sign_s: np.ndarray) -> np.ndarray:
    """Venkatraman & Begg's E: Σ over the rank thresholds x of |e_S(x) − e_R(x)|, e(x) the
    errors (false negatives + false positives) when the x lowest ranks are called negative.
    With sign +1 for a positive and −1 for a negative, e(x) = N + (the signs' sum over the x
    lowest ranks), so E is the summed absolute difference of the two running sums."""
    running_r = np.cumsum(sign_r, axis=1, dtype=np.int32)
    running_s = np.cumsum(sign_s, axis=1, dtype=np.int32)
    running_s -= running_r
    return np.abs(running_s).sum(axis=1, dtype=np.int64).astype(np.float64)


class _PairedPermutations:
    """E of paired permutations, as pROC draws them: every row's two ranks are exchanged with
    probability 1/2, and an exchanged rank meeting the other scorer's equal rank is placed before
    or after it at random (pROC jitters ranks by U(−1/2, 1/2)). No rank is sorted: at each rank
    value k the permuted first scorer holds the row of rank k in R if kept, and the row of rank
    k in S if exchanged, so its sequence is two slots per k, compacted."""

    def __init__(self, is_pos: np.ndarray, scores_a: np.ndarray, scores_b: np.ndarray):
        sign = np.where(is_pos, 1, -1).astype(np.int8)
        self.by_r = np.argsort(scores_a, kind="stable")  # ties by position: pROC's "first"
        self.by_s = np.argsort(scores_b, kind="stable")
        self.sign_r, self.sign_s = sign[self.by_r], sign[self.by_s]
        self.n = len(sign)

    def observed(self) -> float:
        return float(_paired_errors(self.sign_r[None, :], self.sign_s[None, :])[0])

    def __call__(self, rng: np.random.Generator, rows: int) -> np.ndarray:
        n = self.n
        kept = _random_bits(rng, rows, n)  # per row of the data: ranks not exchanged
        kept_r, kept_s = kept[:, self.by_r], kept[:, self.by_s]  # at each rank value of R, S
        first_r = _random_bits(rng, rows, n)  # R's jittered rank before S's equal one
        first_s = _random_bits(rng, rows, n)
        seq_r = self._sequence(first_r, self.sign_r, kept_r, self.sign_s, ~kept_s)
        seq_s = self._sequence(first_s, self.sign_s, kept_s, self.sign_r, ~kept_r)
        return _paired_errors(seq_r, seq_s)

    @staticmethod
    def _sequence(
        first: np.ndarray,
        own: np.ndarray,
        own_in: np.ndarray,
        other: np.ndarray,
        other_in: np.ndarray,
    ) -> np.ndarray:
        """The signs in rank order of a permuted scorer: at each rank value its own (jittered)
        row if kept and the other scorer's row if exchanged, in the jitter's order."""
        rows, n = first.shape
        slots = np.empty((rows, 2 * n), dtype=np.int8)
        present = np.empty((rows, 2 * n), dtype=bool)
        # the slot pairs (first, second) of every rank value, by arithmetic on 0/1 flags
        slots[:, 0::2] = other + first.view(np.int8) * (own - other)
        slots[:, 1::2] = own + other - slots[:, 0::2]
        present[:, 0::2] = (first & own_in) | (~first & other_in)
        present[:, 1::2] = own_in ^ other_in ^ present[:, 0::2]
        # exactly n slots are occupied in each permutation
        return np.take(slots, np.flatnonzero(present)).reshape(rows, n)


def _unpaired_area(pos_a: np.ndarray, pos_b: np.ndarray, mixing: float) -> np.ndarray:
    """Venkatraman's (2000) unpaired E, as pROC computes it: for each curve, against the
    mixture's distribution p(x) = π·F(x) + (1 − π)·G(x) at every rank threshold x, the expected
    error rate π·F(x) + (1 − π)·(1 − G(x)) (F, G the positives' and negatives' distributions);
    E is the trapezoidal area of the absolute difference of the two curves' linear
    interpolations over the union of their points, where both are defined."""

    def coordinates(pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        size = pos.shape[1]
        cases = np.cumsum(pos, axis=1, dtype=np.int64)
        controls = np.arange(1, size + 1) - cases
        f = cases / cases[:, -1:]
        g = controls / controls[:, -1:]
        return mixing * f + (1 - mixing) * g, mixing * f + (1 - mixing) * (1 - g)

    xa, ea = coordinates(pos_a)
    xb, eb = coordinates(pos_b)
    x = np.sort(np.concatenate([xa, xb], axis=1), axis=1, kind="stable")
    y = np.abs(_interpolated(x, xa, ea) - _interpolated(x, xb, eb))
    area = (y[:, 1:] + y[:, :-1]) * np.diff(x, axis=1) / 2
    return np.nansum(area, axis=1)


def _interpolated(x: np.ndarray, xp: np.ndarray, fp: np.ndarray) -> np.ndarray:
    """np.interp on every row (xp increasing in (0, 1] per row), NaN outside each row's knots
    (R's approxfun). The rows are laid end to end, shifted by 2 each."""
    shift = 2.0 * np.arange(x.shape[0])[:, None]
    values = np.interp((x + shift).ravel(), (xp + shift).ravel(), fp.ravel()).reshape(x.shape)
    values[(x < xp[:, :1]) | (x > xp[:, -1:])] = np.nan
    return values


class _UnpairedPermutations:
    """E of unpaired permutations, as pROC draws them: both curves' ranks jittered by
    U(−1/2, 1/2) and pooled per class; each curve gets back as many positives' and negatives'
    values, drawn without replacement from the pools, and is ranked again. Jittered ranks of the
    two curves meet only at equal integer ranks, so the pooled order is two slots per rank
    (order drawn at random) and no value is sorted."""

    def __init__(self, a: _Curve, b: _Curve):
        pos_a = a.is_pos[np.argsort(a.scores, kind="stable")]
        pos_b = b.is_pos[np.argsort(b.scores, kind="stable")]
        self.pos_a, self.pos_b = pos_a, pos_b
        self.n_a, self.n_b = len(pos_a), len(pos_b)
        # the pooled proportion of positives (pROC 1.18 divides by twice the first curve's rows)
        self.mixing = (pos_a.sum() + pos_b.sum()) / (self.n_a + self.n_b)
        labels = np.concatenate([pos_a, pos_b])
        self.positives = np.flatnonzero(labels)
        self.negatives = np.flatnonzero(~labels)
        k = max(self.n_a, self.n_b)
        absent = self.n_a + self.n_b  # a sentinel element
        self.slots = np.full((k, 2), absent, dtype=np.int64)
        self.slots[: self.n_a, 0] = np.arange(self.n_a)
        self.slots[: self.n_b, 1] = self.n_a + np.arange(self.n_b)
        self.labels = np.append(labels, False)[self.slots]  # (k, 2)
        self.base_pos = np.zeros(len(self.positives), dtype=np.int8)
        self.base_pos[: int(pos_a.sum())] = 1
        self.base_neg = np.zeros(len(self.negatives), dtype=np.int8)
        self.base_neg[: self.n_a - int(pos_a.sum())] = 1

    def observed(self) -> float:
        return float(_unpaired_area(self.pos_a[None, :], self.pos_b[None, :], self.mixing)[0])

    def __call__(self, rng: np.random.Generator, rows: int) -> np.ndarray:
        owner = np.full((rows, self.n_a + self.n_b + 1), 2, dtype=np.int8)  # 1: a, 0: b
        owner[:, self.positives] = rng.permuted(np.tile(self.base_pos, (rows, 1)), axis=1)
        owner[:, self.negatives] = rng.permuted(np.tile(self.base_neg, (rows, 1)), axis=1)
        slot_owner = owner[:, self.slots]  # (rows, k, 2)
        swap = _random_bits(rng, rows, len(self.slots))[:, :, None]
        slot_owner = np.where(swap, slot_owner[:, :, ::-1], slot_owner).reshape(rows, -1)
        labels = np.where(swap, self.labels[None, :, ::-1], self.labels[None]).reshape(rows, -1)
        seq_a = labels[slot_owner == 1].reshape(rows, self.n_a)
        seq_b = labels[slot_owner == 0].reshape(rows, self.n_b)
        return _unpaired_area(seq_a, seq_b, self.mixing)


def _venkatraman(
    a: _Curve,
    b: _Curve,
    *,
    paired: bool,
    n_permutations: int,
    rng: np.random.Generator,
    threads: int,
) -> VenkatramanTest:
    kernel: _PairedPermutations | _UnpairedPermutations
    if paired:
        kernel = _PairedPermutations(a.is_pos, a.scores, b.scores)
        width = 4 * kernel.n
    else:
        kernel = _UnpairedPermutations(a, b)
        width = 4 * (kernel.n_a + kernel.n_b)
    observed = kernel.observed()
    null = _run_blocks(
        lambda draw, rows: kernel(draw, rows)[:, None], width, n_permutations, 1, rng, threads
    )[:, 0]
    # ties of floating-point areas within rounding count as reached (SciPy's convention)
    reached = np.count_nonzero(null >= observed - 1e-12 * max(abs(observed), 1.0))
    return VenkatramanTest(
        statistic=observed,
        pvalue=float((reached + 1) / (n_permutations + 1)),
        paired=paired,
        n_permutations=int(n_permutations),
        null_distribution=null,
    )


# --- the entry point --------------------------------------------------------------------------
def roc_test(
    curve_a: Any,
    curve_b: Any,
    *,
    method: str | None = None,
    paired: bool | None = None,
    alternative: str = "two-sided",
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    mcclish: bool = False,
    specificity: float | None = None,
    sensitivity: float | None = None,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    workers: int = -1,
    pos_label: Any = None,
) -> RocTest | VenkatramanTest:
    """Compare two ROC curves, paired or unpaired, as pROC's ``roc.test`` does.

    * ``method="delong"``: DeLong's test of the AUCs (DeLong et al. 1988): z with the
      covariance of the structural components for paired curves; for unpaired ones the
      variances added and Student's t with Welch–Satterthwaite degrees of freedom.
    * ``method="bootstrap"``: the AUCs, or partial AUCs (`fpr_range`, `tpr_range`,
      `mcclish`), resampled `n_resamples` times — positives and negatives apart when
      `stratified`, the same rows for both curves when paired; D = difference / the standard
      deviation of the resampled differences, against the normal.
    * ``method="specificity"``: the sensitivities at the given `specificity`, bootstrapped;
      ``method="sensitivity"``: the specificities at the given `sensitivity` (pROC's names:
      the method names the fixed coordinate). Coordinates between ROC points are
      interpolated linearly; on a step, the higher value is taken, as pROC's ``coords``.
    * ``method="venkatraman"``: Venkatraman's permutation test (1996 paired, 2000 unpaired)
      of whether the curves differ at any operating point, not only in area; two-sided only.

    Every test but Venkatraman's gives the interval of the difference
    (``res.confidence_interval()``); Venkatraman's, which has no single difference, goes
    with the band of the curves' difference at fixed specificities,
    :func:`roc_difference_band`.

    Parameters
    ----------
    curve_a, curve_b : (y_true, scores) or ScoreTable
        The two curves: pairs of label and score arrays, or score tables (unpaired tests,
        but Venkatraman's, which ranks the rows). Positives are expected to score higher.
    method : {"delong", "bootstrap", "venkatraman", "sensitivity", "specificity"}, optional
        The test; by default "delong", or "bootstrap" for a partial area (as pROC chooses).
    paired : bool, optional
        Whether the curves are of the same rows. By default, detected as pROC does: paired
        when both are pairs with the same labels in the same order.
    alternative : {"two-sided", "less", "greater"}, default="two-sided"
        "greater": curve a's quantity is above curve b's; "less": below.
    fpr_range, tpr_range : (float, float), optional
        Compare the partial areas over this range of the false (true) positive rate, as
        :func:`~phidelta.measures.partial_auc` computes them (bootstrap only).
    mcclish : bool, default=False
        Standardize the partial areas (McClish 1989), pROC's ``partial.auc.correct``.
    specificity : float, optional
        The fixed specificity of ``method="specificity"``, in [0, 1].
    sensitivity : float, optional
        The fixed sensitivity of ``method="sensitivity"``, in [0, 1].
    n_resamples : int, default=2000
        Bootstrap resamples or permutations (pROC's ``boot.n``); at least 10.
    stratified : bool, default=True
        Resample positives and negatives apart (pROC's ``boot.stratified``).
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, optional
        Source of randomness, as in SciPy (None: fresh entropy).
    workers : int, default=-1
        Threads drawing blocks of resamples (−1: every CPU); the result does not depend on it.
    pos_label : label, optional
        The positive class of the label arrays (by default 1 or True for 0/1, ±1 or boolean
        classes).

    Returns
    -------
    RocTest or VenkatramanTest
        Unpacks as ``statistic, pvalue``; a RocTest has ``estimate_a``, ``estimate_b``,
        ``difference``, ``standard_error`` and ``confidence_interval()``.

    Raises
    ------
    TypeError
        If a curve is neither a pair nor a ScoreTable, or an argument has the wrong type.
    ValueError
        If a class is absent, `paired=True` for curves of different rows, an option does not
        apply to the method (a partial range with DeLong's or Venkatraman's test, a one-sided
        Venkatraman test, a fixed coordinate with another method), or a value is out of range.

    See Also
    --------
    delong_test : DeLong's paired test alone.
    roc_difference_band : the band of the curves' difference (Venkatraman's interval).
    auc_variance, auc_covariance : the variance of an AUC and the covariance of two.

    References
    ----------
    DeLong, E. R., DeLong, D. M., & Clarke-Pearson, D. L. (1988). Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric approach.
    Biometrics, 44(3), 837–845.

    Venkatraman, E. S., & Begg, C. B. (1996). A distribution-free procedure for comparing
    receiver operating characteristic curves from a paired experiment. Biometrika, 83(4),
    835–848.

    Venkatraman, E. S. (2000). A permutation test to compare receiver operating characteristic
    curves. Biometrics, 56(4), 1134–1138.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    >>> a = [0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1, 0.5, 0.0]
    >>> b = [0.6, 0.4, 0.8, 0.5, 0.3, 0.7, 0.2, 0.1, 0.9, 0.0]
    >>> res = roc_test((y, a), (y, b))             # paired: the same labels
    >>> round(res.statistic, 3), round(res.pvalue, 3)
    (1.455, 0.146)
    >>> low, high = res.confidence_interval()
    >>> res = roc_test((y, a), (y, b), method="bootstrap", random_state=0, alternative="greater")
    >>> res.method, res.alternative, res.n_resamples
    ('bootstrap', 'greater', 2000)
    >>> res = roc_test((y, a), (y, b), method="specificity", specificity=0.8, random_state=0)
    >>> res.estimand, res.estimate_a, res.estimate_b
    ('sensitivity at specificity 0.8', 1.0, 0.6)
    """
    a = _as_curve(curve_a, "curve_a", pos_label)
    b = _as_curve(curve_b, "curve_b", pos_label)
    is_paired = _are_paired(a, b, paired)
    alternative = _check_alternative(alternative)
    partial = fpr_range is not None or tpr_range is not None
    if method is None:
        method = "bootstrap" if partial else "delong"
    if method not in _METHODS:
        raise ValueError(
            '`method` must be "delong", "bootstrap", "venkatraman", "sensitivity" or '
            f'"specificity"; got {method!r}.'
        )
    estimand = _estimand(method, fpr_range, tpr_range, mcclish, specificity, sensitivity)
    if method in ("delong", "venkatraman") and estimand.kind != "auc":
        raise ValueError(
            f'method="{method}" compares whole curves; a partial area needs method="bootstrap".'
        )
    if method == "delong":
        if is_paired:
            return _delong_paired(a, b, alternative)
        return _delong_unpaired(a, b, alternative)
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, int | np.integer):
        raise TypeError(f"`n_resamples` must be an integer >= 10; got {n_resamples!r}.")
    if n_resamples < 10:
        raise ValueError(f"`n_resamples` must be an integer >= 10; got {n_resamples}.")
    threads = _check_workers(workers)
    rng = _generator(random_state, DEPRECATED, "roc_test")
    if method == "venkatraman":
        if alternative != "two-sided":
            raise ValueError(
                "Venkatraman's test is two-sided only (are the curves different?); "
                f"got alternative={alternative!r}."
            )
        for name, curve in (("curve_a", a), ("curve_b", b)):
            if curve.scores is None:
                raise TypeError(
                    f"Venkatraman's test ranks the rows: pass `{name}` as (y_true, scores), "
                    "not a ScoreTable."
                )
        return _venkatraman(
            a, b, paired=is_paired, n_permutations=int(n_resamples), rng=rng, threads=threads
        )
    for name, curve in (("curve_a", a), ("curve_b", b)):
        if curve.table.positives.dtype.kind not in "iu":
            raise ValueError(f"Bootstrap resampling needs integer counts; `{name}` is weighted.")
    return _bootstrap_test(
        a,
        b,
        estimand,
        method=method,
        paired=is_paired,
        alternative=alternative,
        stratified=bool(stratified),
        n_resamples=int(n_resamples),
        rng=rng,
        threads=threads,
    )


# --- the band of the curves' difference -------------------------------------------------------
@dataclass(frozen=True)
class RocDifferenceBand(TupleResult):
    """The difference of two ROC curves, sensitivity a − sensitivity b at fixed
    specificities, with its pointwise and simultaneous bootstrap bands: the interval that goes
    with Venkatraman's test, which asks whether the curves differ anywhere.

    Unpacks as ``specificity, difference, low, high, simultaneous_low, simultaneous_high``.

    Attributes
    ----------
    specificity : ndarray of shape (k,)
        The grid.
    difference : ndarray of shape (k,)
        Sensitivity of curve a − sensitivity of curve b at each specificity (read as pROC's
        ``coords``: on a vertical step the highest sensitivity, else linear between points).
    low, high : ndarray of shape (k,)
        Pointwise percentile band: each grid point's interval holds the true difference with
        probability `confidence_level`.
    simultaneous_low, simultaneous_high : ndarray of shape (k,)
        Simultaneous (sup-t) band: holds the whole difference at the grid with probability
        `confidence_level`; it contains the pointwise band. Where it excludes 0 the curves
        differ at that specificity.
    confidence_level : float
        The confidence level.
    paired : bool
        Whether the curves are of the same rows (resampled together) or independent samples
        (resampled apart).
    n_resamples : int
        Resamples that defined the difference (resamples lacking a class are left out).
    critical_value : float
        The sup-t critical value c (simultaneous band: difference ± c · bootstrap sd).

    See Also
    --------
    roc_difference_band : computes it.
    roc_test : Venkatraman's test (``method="venkatraman"``).

    References
    ----------
    Venkatraman, E. S. (2000). A permutation test to compare receiver operating characteristic
    curves. Biometrics, 56(4), 1134–1138.

    Macskassy, S. A., & Provost, F. (2004). Confidence bands for ROC curves: methods and an
    empirical study. Proceedings of the 1st Workshop on ROC Analysis in AI.

    Examples
    --------
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    >>> a = [9, 8, 7, 3, 2, 4, 6, 1, 5, 0]
    >>> specificity, difference, *bands = roc_difference_band(
    ...     (y, a), (y, a[::-1]), specificities=[0.4, 0.8], random_state=0
    ... )
    >>> difference.tolist()
    [0.6, 0.8]
    """

    specificity: np.ndarray
    difference: np.ndarray
    low: np.ndarray
    high: np.ndarray
    simultaneous_low: np.ndarray
    simultaneous_high: np.ndarray
    confidence_level: float
    paired: bool
    n_resamples: int
    critical_value: float

    _fields: ClassVar[tuple[str, ...]] = (
        "specificity",
        "difference",
        "low",
        "high",
        "simultaneous_low",
        "simultaneous_high",
    )


def roc_difference_band(
    curve_a: Any,
    curve_b: Any,
    *,
    specificities: Any = None,
    paired: bool | None = None,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    stratified: bool = True,
    random_state: Any = None,
    workers: int = -1,
    pos_label: Any = None,
) -> RocDifferenceBand:
    """The band of the difference of two ROC curves: sensitivity a − sensitivity b at fixed
    specificities, by the bootstrap (paired or unpaired, stratified as pROC resamples).

    Venkatraman's test (``roc_test(method="venkatraman")``) asks whether two curves differ
    anywhere and has no single difference; this band is its interval: where the simultaneous
    band excludes 0, the curves differ at that specificity. Each resample draws the rows of
    paired curves together (their positives and negatives apart when `stratified`) and the
    rows of unpaired curves independently; the sensitivities at every specificity of the
    grid are read from each resample's curves (pROC's ``coords``: on a vertical step the
    highest sensitivity, else linear between points). The pointwise band is the percentile
    interval of the resampled differences; the simultaneous band is the sup-t band
    (difference ± c·sd, c the `confidence_level` quantile of the largest standardized
    deviation over the grid), widened to contain the pointwise one.

    Parameters
    ----------
    curve_a, curve_b : (y_true, scores) or ScoreTable
        The two curves, as :func:`roc_test` takes them.
    specificities : array-like of float, optional
        The grid, in [0, 1]; default 0, 0.05, …, 1.
    paired : bool, optional
        Whether the curves are of the same rows; detected as :func:`roc_test` does.
    confidence_level : float, default=0.95
        In (0, 1).
    n_resamples : int, default=2000
        Bootstrap resamples; at least 10.
    stratified : bool, default=True
        Resample positives and negatives apart.
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, optional
        Source of randomness (None: fresh entropy).
    workers : int, default=-1
        Threads drawing blocks of resamples; the result does not depend on it.
    pos_label : label, optional
        The positive class of the label arrays.

    Returns
    -------
    RocDifferenceBand
        Unpacks as ``specificity, difference, low, high, simultaneous_low,
        simultaneous_high``.

    Raises
    ------
    TypeError
        If a curve is neither a pair nor a ScoreTable, or an argument has the wrong type.
    ValueError
        If a class is absent, a table is weighted, `specificities` are empty, NaN or outside
        [0, 1], or an option is out of range.

    See Also
    --------
    roc_test : the tests of two curves.
    roc_band : the band of one curve.

    References
    ----------
    Venkatraman, E. S. (2000). A permutation test to compare receiver operating characteristic
    curves. Biometrics, 56(4), 1134–1138.

    Robin, X., et al. (2011). pROC: an open-source package for R and S+ to analyze and compare
    ROC curves. BMC Bioinformatics, 12, 77.

    Macskassy, S. A., & Provost, F. (2004). Confidence bands for ROC curves: methods and an
    empirical study. Proceedings of the 1st Workshop on ROC Analysis in AI.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(200) < 0.5
    >>> a, b = y + rng.normal(size=200), 0.3 * y + rng.normal(size=200)
    >>> band = roc_difference_band((y, a), (y, b), specificities=[0.5, 0.9], random_state=0)
    >>> band.paired, band.difference.round(3).tolist()
    (True, [0.261, 0.17])
    >>> bool(np.all(band.simultaneous_low <= band.low))
    True
    """
    from phidelta.inference._bands import _summaries

    a = _as_curve(curve_a, "curve_a", pos_label)
    b = _as_curve(curve_b, "curve_b", pos_label)
    is_paired = _are_paired(a, b, paired)
    level = check_confidence_level(confidence_level, where="roc_difference_band")
    grid = np.arange(21) / 20 if specificities is None else specificities
    grid = np.atleast_1d(as_float_array(grid, "specificities"))
    if grid.ndim != 1 or not grid.size or not np.all((grid >= 0) & (grid <= 1)):
        raise ValueError(
            f"`specificities` must be numbers in [0, 1] (at least one); got {specificities!r}."
        )
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, int | np.integer):
        raise TypeError(f"`n_resamples` must be an integer >= 10; got {n_resamples!r}.")
    if n_resamples < 10:
        raise ValueError(f"`n_resamples` must be an integer >= 10; got {n_resamples}.")
    for name, curve in (("curve_a", a), ("curve_b", b)):
        if curve.table.positives.dtype.kind not in "iu":
            raise ValueError(f"Bootstrap resampling needs integer counts; `{name}` is weighted.")
    estimand = _Estimand("sensitivities", grid=tuple(float(g) for g in grid))
    values = _resampled(
        [a, b],
        estimand,
        paired=is_paired,
        stratified=bool(stratified),
        n_resamples=int(n_resamples),
        rng=_generator(random_state, DEPRECATED, "roc_difference_band"),
        threads=_check_workers(workers),
    )
    differences = values[:, : grid.size] - values[:, grid.size :]
    differences = differences[~np.isnan(differences).any(axis=1)]
    if len(differences) < 2:
        raise ValueError("Fewer than two resamples defined both curves: no band.")
    estimate = estimand.values_of(a.table) - estimand.values_of(b.table)
    low, high, sim_low, sim_high, critical = _summaries(
        estimate, differences, 1 - level, (-1.0, 1.0)
    )
    return RocDifferenceBand(
        specificity=grid,
        difference=estimate,
        low=low,
        high=high,
        simultaneous_low=sim_low,
        simultaneous_high=sim_high,
        confidence_level=level,
        paired=is_paired,
        n_resamples=len(differences),
        critical_value=critical,
    )

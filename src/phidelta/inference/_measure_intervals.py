"""One switch: every measure of the registry with its confidence interval, each by a documented
method (closed forms where they exist, the bootstrap on counts elsewhere)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from scipy import special

from phidelta._validation import check_confidence_level, require_pandas
from phidelta.counts import BinaryCounts
from phidelta.inference._count_bootstrap import bootstrap_bounds
from phidelta.inference._methods import (
    KAPPA_METHODS,
    PROPORTION_METHODS,
    contain,
    kappa_standard_error,
    katz_bounds,
    newcombe_bounds,
    proportion_bounds,
    woolf_bounds,
)
from phidelta.inference._resampling import BOOTSTRAP_METHODS, check_resampling, generator
from phidelta.measures import MEASURES
from phidelta.measures._common import check_counts, floats
from phidelta.measures._results import TupleResult

if TYPE_CHECKING:
    from phidelta.inference import Interval

__all__ = ["AUTO_METHODS", "MeasureIntervals", "measure_intervals"]

Cells = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]

#: The method "auto" gives each measure of :data:`~phidelta.measures.MEASURES` (the guide's
#: "Intervals of every measure" says why). "none": a plain count, which gets no interval.
AUTO_METHODS: Mapping[str, str] = MappingProxyType(
    {
        # plain counts: fixed by the design or the data, no interval
        "negatives": "none",
        "positives": "none",
        "predicted_negatives": "none",
        "predicted_positives": "none",
        "total": "none",
        # proportions k/n: Wilson's score interval
        "negative_proportion": "wilson",
        "positive_proportion": "wilson",
        "predicted_negative_proportion": "wilson",
        "predicted_positive_proportion": "wilson",
        "class_ratio": "wilson",  # σ = q/(1 − q) of the negative proportion q
        "specificity": "wilson",
        "sensitivity": "wilson",
        "false_positive_rate": "wilson",
        "false_negative_rate": "wilson",
        "accuracy": "wilson",
        "error_rate": "wilson",
        "precision": "wilson",
        "negative_predictive_value": "wilson",
        "f1_score": "wilson",  # F1 = 2J/(1 + J) of the Jaccard index J = tp/(tp + fp + fn)
        "jaccard_index": "wilson",
        "signal_efficiency": "wilson",
        "signal_error": "wilson",
        "background_acceptance": "wilson",
        "purity": "wilson",
        "classification_error": "wilson",
        "weighted_classification_error": "wilson",  # the registry's Ws = Wb = 1: Ce
        "rejection_factor": "wilson",  # 1/Be
        # differences of two independent proportions: Newcombe's hybrid score interval
        "determinant": "newcombe",  # Δ = ρ + ρ̄ − 1 = δ
        "delta": "newcombe",  # δ = ρ − fpr
        "phi": "newcombe",  # φ = ρ − ρ̄
        "unbiased_accuracy": "newcombe",  # (1 + δ)/2
        "unbiased_error_rate": "newcombe",  # (1 − δ)/2
        "unbiased_bias": "newcombe",  # fnr − fpr
        "markedness": "newcombe",  # tp/P̂ − fn/N̂
        # ratios of two independent proportions: Katz's log interval
        "positive_likelihood_ratio": "katz_log",
        "negative_likelihood_ratio": "katz_log",
        "enrichment_factor": "katz_log",  # Se/Be = LR+
        "unbiased_precision": "katz_log",  # LR+/(1 + LR+)
        "unbiased_negative_predictive_value": "katz_log",  # 1/(1 + LR−)
        # the odds ratio: Woolf's log interval
        "odds_ratio": "woolf_log",
        "yules_q": "woolf_log",  # (OR − 1)/(OR + 1)
        # κ: Fleiss, Cohen & Everitt's standard error
        "cohen_kappa": "fleiss_cohen_everitt",
        # everything else: the BCa bootstrap on counts
        "mcc": "bca",
        "friedman_bias": "bca",
        "information_gain": "bca",
        "unbiased_f1_score": "bca",
        "unbiased_mcc": "bca",
        "unbiased_information_gain": "bca",
        "g_mean": "bca",
        "sensitivity_index": "bca",
        "chi_square": "bca",
        "fowlkes_mallows_index": "bca",
        "lift": "bca",
        "quality_factor": "bca",
        "data_quality": "bca",
        "data_quality_rare": "bca",
    }
)


def _ratio(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return x / (1 - x)


def _inverse(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return 1 / x


def _odds_to_share(x: np.ndarray) -> np.ndarray:  # x/(1 + x), 1 at x = ∞
    with np.errstate(divide="ignore"):
        return 1 / (1 + 1 / x)


def _share_of_one(x: np.ndarray) -> np.ndarray:  # 1/(1 + x), 0 at x = ∞
    return 1 / (1 + x)


def _yule(x: np.ndarray) -> np.ndarray:  # (x − 1)/(x + 1), 1 at x = ∞
    return 1 - 2 / (x + 1)


@dataclass(frozen=True)
class _Basis:
    """How a closed-form interval of a measure is made: ``kind`` names the family,
    ``parts(tn, fp, fn, tp)`` gives its counts ((k, n) or (k₁, n₁, k₂, n₂)), and
    ``transform`` maps its bounds to the measure (monotone; ``decreasing`` swaps them)."""

    kind: str  # "proportion", "newcombe", "katz", "woolf", "kappa", "bootstrap" or "none"
    parts: Callable[..., tuple[np.ndarray, ...]] | None = None
    transform: Callable[[np.ndarray], np.ndarray] | None = None
    decreasing: bool = False


def _p(parts: Callable[..., tuple[np.ndarray, ...]], **kw: Any) -> _Basis:
    return _Basis("proportion", parts, **kw)


def _n(parts: Callable[..., tuple[np.ndarray, ...]], **kw: Any) -> _Basis:
    return _Basis("newcombe", parts, **kw)


def _k(parts: Callable[..., tuple[np.ndarray, ...]], **kw: Any) -> _Basis:
    return _Basis("katz", parts, **kw)


# the counts behind each closed form, from the cells (tn, fp, fn, tp)
_BASES: dict[str, _Basis] = {
    "negative_proportion": _p(lambda tn, fp, fn, tp: (tn + fp, tn + fp + fn + tp)),
    "positive_proportion": _p(lambda tn, fp, fn, tp: (fn + tp, tn + fp + fn + tp)),
    "predicted_negative_proportion": _p(lambda tn, fp, fn, tp: (tn + fn, tn + fp + fn + tp)),
    "predicted_positive_proportion": _p(lambda tn, fp, fn, tp: (fp + tp, tn + fp + fn + tp)),
    "class_ratio": _p(lambda tn, fp, fn, tp: (tn + fp, tn + fp + fn + tp), transform=_ratio),
    "specificity": _p(lambda tn, fp, fn, tp: (tn, tn + fp)),
    "sensitivity": _p(lambda tn, fp, fn, tp: (tp, fn + tp)),
    "false_positive_rate": _p(lambda tn, fp, fn, tp: (fp, tn + fp)),
    "false_negative_rate": _p(lambda tn, fp, fn, tp: (fn, fn + tp)),
    "accuracy": _p(lambda tn, fp, fn, tp: (tn + tp, tn + fp + fn + tp)),
    "error_rate": _p(lambda tn, fp, fn, tp: (fp + fn, tn + fp + fn + tp)),
    "precision": _p(lambda tn, fp, fn, tp: (tp, fp + tp)),
    "negative_predictive_value": _p(lambda tn, fp, fn, tp: (tn, tn + fn)),
    # given tn, tp is binomial among the tp + fp + fn others: J is a proportion, F1 = 2J/(1 + J)
    "f1_score": _p(lambda tn, fp, fn, tp: (tp, tp + fp + fn), transform=lambda j: 2 * j / (1 + j)),
    "jaccard_index": _p(lambda tn, fp, fn, tp: (tp, tp + fp + fn)),
    "signal_efficiency": _p(lambda tn, fp, fn, tp: (tp, fn + tp)),
    "signal_error": _p(lambda tn, fp, fn, tp: (fn, fn + tp)),
    "background_acceptance": _p(lambda tn, fp, fn, tp: (fp, tn + fp)),
    "purity": _p(lambda tn, fp, fn, tp: (tn, tn + fp)),
    "classification_error": _p(lambda tn, fp, fn, tp: (fp + fn, tn + fp + fn + tp)),
    "weighted_classification_error": _p(lambda tn, fp, fn, tp: (fp + fn, tn + fp + fn + tp)),
    "rejection_factor": _p(
        lambda tn, fp, fn, tp: (fp, tn + fp), transform=_inverse, decreasing=True
    ),
    # Armano 2015, eqs. 11–14: δ = ρ − fpr, φ = ρ − ρ̄ (standard, ratio 1), a_u = (1 + δ)/2
    "determinant": _n(lambda tn, fp, fn, tp: (tp, fn + tp, fp, tn + fp)),
    "delta": _n(lambda tn, fp, fn, tp: (tp, fn + tp, fp, tn + fp)),
    "phi": _n(lambda tn, fp, fn, tp: (tp, fn + tp, tn, tn + fp)),
    "unbiased_accuracy": _n(
        lambda tn, fp, fn, tp: (tp, fn + tp, fp, tn + fp), transform=lambda d: (1 + d) / 2
    ),
    "unbiased_error_rate": _n(
        lambda tn, fp, fn, tp: (tp, fn + tp, fp, tn + fp),
        transform=lambda d: (1 - d) / 2,
        decreasing=True,
    ),
    "unbiased_bias": _n(lambda tn, fp, fn, tp: (fn, fn + tp, fp, tn + fp)),
    "markedness": _n(lambda tn, fp, fn, tp: (tp, fp + tp, fn, tn + fn)),
    "positive_likelihood_ratio": _k(lambda tn, fp, fn, tp: (tp, fn + tp, fp, tn + fp)),
    "negative_likelihood_ratio": _k(lambda tn, fp, fn, tp: (fn, fn + tp, tn, tn + fp)),
    "enrichment_factor": _k(lambda tn, fp, fn, tp: (tp, fn + tp, fp, tn + fp)),
    # π_u = ρ/(ρ + fpr) = LR+/(1 + LR+), π̄_u = ρ̄/(ρ̄ + fnr) = 1/(1 + LR−) (Armano 2015, §3)
    "unbiased_precision": _k(
        lambda tn, fp, fn, tp: (tp, fn + tp, fp, tn + fp), transform=_odds_to_share
    ),
    "unbiased_negative_predictive_value": _k(
        lambda tn, fp, fn, tp: (fn, fn + tp, tn, tn + fp),
        transform=_share_of_one,
        decreasing=True,
    ),
    "odds_ratio": _Basis("woolf"),
    "yules_q": _Basis("woolf", transform=_yule),
    "cohen_kappa": _Basis("kappa"),
}

_KIND_METHODS: dict[str, tuple[str, ...]] = {
    "proportion": PROPORTION_METHODS,
    "newcombe": ("newcombe",),
    "katz": ("katz_log",),
    "woolf": ("woolf_log",),
    "kappa": KAPPA_METHODS,
    "bootstrap": (),
}

_INFO = {m.name: m for m in MEASURES}


def _basis(name: str) -> _Basis:
    if AUTO_METHODS[name] == "none":
        return _Basis("none")
    return _BASES.get(name, _Basis("bootstrap"))


def allowed_methods(name: str) -> tuple[str, ...]:
    """The interval methods that apply to the measure `name`: its closed forms, then the two
    bootstraps ("none" only for the plain counts)."""
    kind = _basis(name).kind
    return ("none",) if kind == "none" else _KIND_METHODS[kind] + BOOTSTRAP_METHODS


_EVERY_METHOD = sorted({m for name in AUTO_METHODS for m in allowed_methods(name)})


def _choose(names: list[str], method: Any) -> dict[str, str]:
    """The method of each measure: "auto", one method name (wherever it applies, "auto"
    elsewhere) or a mapping name → method on top of "auto"."""
    chosen = {name: AUTO_METHODS[name] for name in names}
    if isinstance(method, str):
        if method != "auto":
            if method not in _EVERY_METHOD:
                raise ValueError(
                    f'`method` must be "auto", one of {_EVERY_METHOD} or a dict measure → '
                    f"method; got {method!r}."
                )
            for name in names:
                if method in allowed_methods(name):
                    chosen[name] = method
        return chosen
    if not isinstance(method, Mapping):
        raise TypeError(
            f'`method` must be "auto", a method name or a dict measure → method; got '
            f"{type(method).__name__}."
        )
    for name, value in method.items():
        if name not in AUTO_METHODS:
            raise ValueError(
                f"`method` names an unknown measure {name!r}; known: {sorted(AUTO_METHODS)}."
            )
        if value not in allowed_methods(name):
            raise ValueError(
                f"`method`[{name!r}] must be one of {list(allowed_methods(name))}; got {value!r}."
            )
        if name in chosen:
            chosen[name] = value
    return chosen


def _closed_form(
    name: str, method: str, cells: Cells, counts: BinaryCounts, estimate: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray]:
    basis = _basis(name)
    if basis.kind == "proportion":
        low, high = proportion_bounds(*basis.parts(*cells), level, method)
    elif basis.kind == "newcombe":
        low, high = newcombe_bounds(*basis.parts(*cells), level)
    elif basis.kind == "katz":
        low, high = katz_bounds(*basis.parts(*cells), level)
    elif basis.kind == "woolf":
        low, high = woolf_bounds(*cells, level)
    else:  # κ ± z·SE
        half = special.ndtri(0.5 + level / 2) * kappa_standard_error(counts, method)
        low, high = estimate - half, estimate + half
    if basis.transform is not None:
        low, high = basis.transform(low), basis.transform(high)
        if basis.decreasing:
            low, high = high, low
    if basis.kind in ("katz", "woolf"):  # the zero-cell rule may miss an estimate of 0 or ∞
        low, high = contain(estimate, low, high)
    return low, high


@dataclass(frozen=True, repr=False)
class MeasureIntervals(TupleResult):
    """Measures of a batch of counts with their confidence intervals and the method of each.

    Unpacks as ``estimate, low, high``: three dicts measure name → array, one value per entry.

    Attributes
    ----------
    estimate : dict of str to ndarray
        The measures of the counts (SciPy's name: ``statistic``).
    low, high : dict of str to ndarray
        The bounds: within the measure's range, NaN where the measure is undefined and for
        the plain counts (method "none").
    methods : dict of str to str
        The method of each measure's interval (see :data:`AUTO_METHODS`).
    confidence_level : float
        The confidence level.
    n_resamples : int
        Resamples of the bootstrap methods.
    counts : BinaryCounts
        The counts the intervals came from.
    index : list or None
        Row labels, used by :meth:`to_frame`.

    See Also
    --------
    measure_intervals : computes it.

    References
    ----------
    Virtanen, P., et al. (2020). SciPy 1.0: fundamental algorithms for scientific computing in
    Python. Nature Methods, 17, 261–272 (the names ``statistic`` and ``confidence_level``).
    The methods' own references are those of :func:`measure_intervals`.

    Examples
    --------
    >>> res = measure_intervals(BinaryCounts(tn=15, fp=10, fn=15, tp=60),
    ...                         measures=["sensitivity", "delta"])
    >>> estimate, low, high = res
    >>> res.methods
    {'sensitivity': 'wilson', 'delta': 'newcombe'}
    >>> np.round(res.interval("delta").high, 4)
    array([0.5821])
    """

    estimate: dict[str, np.ndarray]
    low: dict[str, np.ndarray]
    high: dict[str, np.ndarray]
    methods: dict[str, str]
    confidence_level: float
    n_resamples: int
    counts: BinaryCounts
    index: list[Any] | None = field(default=None)

    _fields: ClassVar[tuple[str, ...]] = ("estimate", "low", "high")

    @property
    def statistic(self) -> dict[str, np.ndarray]:
        """The measures of the counts (``estimate``)."""
        return self.estimate

    def __repr__(self) -> str:
        used: dict[str, int] = {}
        for method in self.methods.values():
            used[method] = used.get(method, 0) + 1
        how = ", ".join(f"{m} ×{n}" for m, n in used.items())
        return (
            f"MeasureIntervals({len(self.methods)} measures × {len(self.counts)} entries, "
            f"{self.confidence_level:g} confidence; {how})"
        )

    def interval(self, name: str) -> Interval:
        """The interval of one measure, as the other interval functions return it.

        Parameters
        ----------
        name : str
            A measure of this result.

        Returns
        -------
        Interval
            ``estimate``, ``low``, ``high`` and ``level``.

        Raises
        ------
        KeyError
            If the measure is not in this result.
        """
        from phidelta.inference import Interval

        if name not in self.methods:
            raise KeyError(f"{name!r} is not among these measures: {list(self.methods)}.")
        return Interval(
            estimate=self.estimate[name],
            low=self.low[name],
            high=self.high[name],
            level=self.confidence_level,
        )

    def to_frame(self) -> Any:
        """A pandas DataFrame: the counts, then ``<measure>``, ``<measure>_low`` and
        ``<measure>_high`` for every measure; the methods in ``frame.attrs["methods"]``.

        Returns
        -------
        pandas.DataFrame
            One row per entry (labelled by ``index``).

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("MeasureIntervals.to_frame")
        columns = {f: np.asarray(getattr(self.counts, f)) for f in ("tn", "fp", "fn", "tp")}
        for name in self.methods:
            columns[name] = self.estimate[name]
            columns[f"{name}_low"] = self.low[name]
            columns[f"{name}_high"] = self.high[name]
        frame = pd.DataFrame(columns, index=self.index)
        frame.attrs["methods"] = dict(self.methods)
        frame.attrs["confidence_level"] = self.confidence_level
        return frame


def measure_intervals(
    counts: BinaryCounts,
    *,
    measures: Sequence[str] | None = None,
    confidence_level: float = 0.95,
    method: str | Mapping[str, str] = "auto",
    random_state: Any = None,
    n_resamples: int = 2000,
    index: Sequence[Any] | None = None,
    groups: Any = None,
) -> MeasureIntervals:
    """Every measure of the registry (or a chosen subset) with its confidence interval.

    ``method="auto"`` gives each measure the method of :data:`AUTO_METHODS`:

    * proportions k/n (the rates, accuracy, precision, NPV, the Jaccard index and the
      proportions of the table): Wilson's score interval; F1 = 2J/(1 + J), the class ratio
      σ = q/(1 − q) and the rejection factor 1/Be get the Wilson interval of J, q and Be,
      mapped (the map is monotone, so the coverage is the same);
    * differences of two independent proportions (δ and Δ, φ, the unbiased accuracy and error
      rate, the unbiased bias, markedness): Newcombe's hybrid score interval (method 10);
    * ratios of two independent proportions (LR+, LR−, the enrichment factor; π_u and π̄_u
      as LR+/(1 + LR+) and 1/(1 + LR−)): Katz's log interval; the odds ratio and Yule's Q:
      Woolf's log interval. Zero-cell rule: ½ added to every cell of the table for the
      interval, which is then widened to contain the estimate;
    * Cohen's κ: κ ± z·SE with Fleiss, Cohen & Everitt's (1969) standard error
      ("fleiss_cohen_everitt"); PyCM's simpler SE = √(p_o(1 − p_o)/(N(1 − p_e)²)) of Cohen
      (1960) by name, ``"cohen_1960"``;
    * every other measure (MCC, the information measures, F1_u, MCC_u, G-mean, d′, χ²,
      Fowlkes–Mallows, lift, Friedman's bias, Jiřina's Q and data qualities): the BCa
      bootstrap on counts (:func:`count_bootstrap_interval`), all on the same resamples;
    * the plain counts (N, P, N̂, P̂, M): no interval ("none"; NaN bounds).

    Bounds never leave the measure's range [``info.low``, ``info.high``] (they are clipped)
    and are NaN wherever the measure is undefined.

    **Clustered data.** With ``groups`` (the counts of each group of rows: patient, speaker,
    document, site) no closed form is used — they treat the rows as independent — and every
    measure gets the *cluster* bootstrap: whole groups drawn with replacement, their counts
    added (Davison & Hinkley 1997, §3.8; Field & Welsh 2007), BCa (``"cluster_bca"``, its
    acceleration from the jackknife that leaves out one group) or percentile
    (``"cluster_percentile"``). Soft (weighted) counts are allowed then: a group carries its
    weights whole.

    Parameters
    ----------
    counts : BinaryCounts
        One or more binary confusion counts; one row per entry. Soft counts need closed-form
        methods only (the bootstrap resamples integer counts).
    measures : sequence of str, optional
        Names from :data:`~phidelta.measures.MEASURES`; all of them by default.
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    method : str or dict, default="auto"
        ``"auto"``; or one method name, used for every measure it applies to ("auto"
        elsewhere): ``"clopper_pearson"``, ``"jeffreys"`` or ``"agresti_coull"`` for the
        proportions, ``"cohen_1960"`` for κ, ``"percentile"`` or ``"bca"`` to bootstrap every
        measure; or a dict measure name → method on top of "auto".
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, default=None
        Source of the bootstrap's randomness (SciPy's name; None: fresh entropy).
    n_resamples : int, default=2000
        Resamples of the bootstrap methods; at least 10 (SciPy's name).
    index : sequence, optional
        Row labels for :meth:`MeasureIntervals.to_frame`; one per entry.
    groups : BinaryCounts or sequence of BinaryCounts, optional
        The counts of each group of rows, adding up to `counts`: for one entry a BinaryCounts
        with one entry per group (``BinaryCounts.from_groups(y_true, y_pred, groups)``), for
        several a sequence of those, one per entry. `method` may then be "auto" (BCa),
        "bca" or "percentile".

    Returns
    -------
    MeasureIntervals
        Unpacks as ``estimate, low, high`` (dicts name → array); ``methods`` gives the method
        of each measure, ``to_frame()`` a table with ``<measure>``, ``<measure>_low`` and
        ``<measure>_high`` columns.

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`, or `method`,
        `random_state` or `n_resamples` is of another type.
    ValueError
        If a measure or a method is unknown or does not apply to its measure, `index` has the
        wrong length, `confidence_level` is not in (0, 1), `n_resamples` < 10, or soft counts
        meet a bootstrap method (without `groups`); with `groups`, if a closed form is asked
        for, the groups do not add up to the counts or an entry has fewer than two groups.

    See Also
    --------
    phidelta.measures.measure_table : the measures alone.
    proportion_interval, newcombe_interval, katz_ratio_interval, woolf_odds_ratio_interval,
    count_bootstrap_interval : the methods.

    References
    ----------
    Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference.
    Journal of the American Statistical Association, 22(158), 209–212.

    Newcombe, R. G. (1998). Interval estimation for the difference between independent
    proportions: comparison of eleven methods. Statistics in Medicine, 17(8), 873–890.

    Simel, D. L., Samsa, G. P., & Matchar, D. B. (1991). Likelihood ratios with confidence:
    sample size estimation for diagnostic test studies. Journal of Clinical Epidemiology,
    44(8), 763–770.

    Woolf, B. (1955). On estimating the relation between blood group and disease. Annals of
    Human Genetics, 19(4), 251–253.

    Fleiss, J. L., Cohen, J., & Everitt, B. S. (1969). Large sample standard errors of kappa and
    weighted kappa. Psychological Bulletin, 72(5), 323–327.

    Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American
    Statistical Association, 82(397), 171–185.

    Davison, A. C., & Hinkley, D. V. (1997). Bootstrap Methods and their Application.
    Cambridge University Press, §3.8 (resampling clusters).

    Field, C. A., & Welsh, A. H. (2007). Bootstrapping clustered data. Journal of the Royal
    Statistical Society: Series B, 69(3), 369–390.

    Examples
    --------
    >>> res = measure_intervals(BinaryCounts(tn=[15, 40], fp=[10, 10], fn=[15, 20], tp=[60, 30]),
    ...                         measures=["sensitivity", "mcc"], random_state=0)
    >>> res.methods
    {'sensitivity': 'wilson', 'mcc': 'bca'}
    >>> np.round(res.low["sensitivity"], 4)
    array([0.6959, 0.4618])
    >>> list(res.to_frame().columns)[4:]
    ['sensitivity', 'sensitivity_low', 'sensitivity_high', 'mcc', 'mcc_low', 'mcc_high']

    Several rows per patient: the counts of each patient, and the cluster bootstrap.

    >>> y, pred = [1, 1, 0, 0, 1, 0, 1, 1, 0, 0] * 3, [1, 0, 0, 0, 1, 1, 1, 1, 0, 1] * 3
    >>> patient = np.repeat(np.arange(10), 3)
    >>> per_patient = BinaryCounts.from_groups(y, pred, patient)
    >>> res = measure_intervals(BinaryCounts.from_labels(y, pred), measures=["sensitivity"],
    ...                         groups=per_patient, random_state=0)
    >>> res.methods
    {'sensitivity': 'cluster_bca'}
    """
    c = check_counts(counts)
    names = list(AUTO_METHODS) if measures is None else _check_names(measures)
    if index is not None and len(index) != len(c):
        raise ValueError(f"`index` has {len(index)} labels for {len(c)} entries.")
    level = check_confidence_level(confidence_level, where="measure_intervals")
    if groups is not None:  # clustered rows: the cluster bootstrap (inference._clustered)
        from phidelta.inference._clustered import count_parts

        return grouped_measure_intervals(
            c, count_parts(c, groups), names, level, method, random_state, n_resamples, index
        )
    chosen = _choose(names, method)
    boot = {name: m for name, m in chosen.items() if m in BOOTSTRAP_METHODS}
    if boot:
        first = next(iter(boot.values()))
        n_resamples, _ = check_resampling(c, n_resamples, first, "The bootstrap")
        rng = generator(random_state)
    cells = floats(c)
    estimate: dict[str, np.ndarray] = {}
    low: dict[str, np.ndarray] = {}
    high: dict[str, np.ndarray] = {}
    for name in names:
        estimate[name] = np.asarray(_INFO[name](c, zero_division=np.nan), dtype=np.float64)
    for kind in BOOTSTRAP_METHODS:  # every measure of one bootstrap on the same resamples
        group = [name for name, m in boot.items() if m == kind]
        if group:
            bounds = bootstrap_bounds(
                c,
                {name: partial(_INFO[name], zero_division=np.nan) for name in group},
                estimate,
                level=level,
                method=kind,
                n_resamples=n_resamples,
                rng=rng,
            )
            for name in group:
                low[name], high[name] = bounds[name]
    for name in names:
        m = chosen[name]
        if m == "none":
            low[name] = np.full(len(c), np.nan)
            high[name] = np.full(len(c), np.nan)
        elif m not in BOOTSTRAP_METHODS:
            low[name], high[name] = _closed_form(name, m, cells, c, estimate[name], level)
        info = _INFO[name]
        undefined = np.isnan(estimate[name])
        low[name] = np.where(undefined, np.nan, np.clip(low[name], info.low, info.high))
        high[name] = np.where(undefined, np.nan, np.clip(high[name], info.low, info.high))
    return MeasureIntervals(
        estimate=estimate,
        low=low,
        high=high,
        methods={name: chosen[name] for name in names},
        confidence_level=level,
        n_resamples=int(n_resamples),
        counts=c,
        index=None if index is None else list(index),
    )


def grouped_measure_intervals(
    c: BinaryCounts,
    parts: Sequence[np.ndarray],
    names: list[str],
    level: float,
    method: Any,
    random_state: Any,
    n_resamples: Any,
    index: Sequence[Any] | None,
) -> MeasureIntervals:
    """:func:`measure_intervals` with groups: every measure by the cluster bootstrap.

    ``parts[e]`` holds entry e's counts per group (G_e, 4), trusted to add up to its counts;
    an entry of fewer than two groups gets NaN bounds (the doors' folds of one patient)."""
    from phidelta.inference._clustered import (
        CLUSTER_METHODS,
        clustered_measure_bounds,
        clustered_methods,
    )

    chosen = clustered_methods(names, method, AUTO_METHODS)
    n_resamples, _ = check_resampling(None, n_resamples, "bca", "The cluster bootstrap")
    rng = generator(random_state)
    estimate = {
        name: np.asarray(_INFO[name](c, zero_division=np.nan), dtype=np.float64) for name in names
    }
    bounds = clustered_measure_bounds(
        parts,
        chosen,
        {name: partial(_INFO[name], zero_division=np.nan) for name in names},
        estimate,
        level=level,
        n_resamples=n_resamples,
        rng=rng,
    )
    low: dict[str, np.ndarray] = {}
    high: dict[str, np.ndarray] = {}
    for name in names:
        info = _INFO[name]
        lo, hi = bounds.get(name, (np.full(len(c), np.nan), np.full(len(c), np.nan)))
        undefined = np.isnan(estimate[name])
        low[name] = np.where(undefined, np.nan, np.clip(lo, info.low, info.high))
        high[name] = np.where(undefined, np.nan, np.clip(hi, info.low, info.high))
    return MeasureIntervals(
        estimate=estimate,
        low=low,
        high=high,
        methods={name: CLUSTER_METHODS.get(m, m) for name, m in chosen.items()},
        confidence_level=level,
        n_resamples=int(n_resamples),
        counts=c,
        index=None if index is None else list(index),
    )


def _check_names(measures: Any) -> list[str]:
    if isinstance(measures, str):
        raise TypeError(f"`measures` must be a sequence of names; got the string {measures!r}.")
    names = list(measures)
    unknown = [n for n in names if n not in AUTO_METHODS]
    if unknown:
        raise ValueError(f"`measures` has unknown names {unknown}; known: {sorted(AUTO_METHODS)}.")
    return names

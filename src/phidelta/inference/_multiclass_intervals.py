"""Intervals of multi-class measures: each confusion matrix resampled as a multinomial draw of
its cells (the rows behind the matrix drawn with replacement), the measures evaluated on all
resampled matrices at once; percentile and BCa intervals (Efron 1987)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

import numpy as np

from phidelta._validation import check_confidence_level, require_pandas
from phidelta.counts import ConfusionMatrix
from phidelta.inference._clustered import CLUSTER_METHODS, cluster_bounds, entry_parts
from phidelta.inference._count_bootstrap import cell_bootstrap_bounds
from phidelta.inference._resampling import check_resampling, generator
from phidelta.measures import (
    entropy_balance,
    f1_score,
    macro_average,
    micro_average,
    multiclass_accuracy,
    multiclass_cohen_kappa,
    multiclass_mcc,
    precision,
    sensitivity,
    weighted_average,
)
from phidelta.measures._entropy import _check_matrix
from phidelta.measures._results import TupleResult

__all__ = [
    "ENTROPY_BALANCE_MEASURES",
    "MULTICLASS_MEASURES",
    "MatrixIntervals",
    "matrix_intervals",
]

_NAN = {"zero_division": np.nan}

# the entropy balances of the last two batches of matrices seen, per thread (a block of
# resamples and its leave-one-out matrices, which BCa's statistics alternate between): every
# quantity of one balance, which each statistic would otherwise compute again
_LAST = threading.local()


def _balance(matrices: ConfusionMatrix) -> dict[str, np.ndarray]:
    seen = getattr(_LAST, "balance", None) or []
    for held, quantities in seen:
        if held is matrices:
            return quantities
    quantities = entropy_balance(matrices).to_dict()
    _LAST.balance = [(matrices, quantities), *seen[:1]]
    return quantities


def _balance_part(name: str, matrices: ConfusionMatrix) -> np.ndarray:
    return _balance(matrices)[name]


_AVERAGES = {"macro": macro_average, "micro": micro_average, "weighted": weighted_average}
_BINARY = {"precision": precision, "recall": sensitivity, "f1": f1_score}

# name -> (statistic of a ConfusionMatrix, needs declared outputs)
_STATISTICS: dict[str, tuple[Callable[[ConfusionMatrix], np.ndarray], bool]] = {
    "accuracy": (multiclass_accuracy, True),
    "mcc": (partial(multiclass_mcc, **_NAN), True),
    "kappa": (partial(multiclass_cohen_kappa, **_NAN), True),
    **{
        f"{average}_{name}": (partial(_AVERAGES[average], measure, **_NAN), True)
        for name, measure in _BINARY.items()
        for average in ("macro", "micro", "weighted")
    },
    # the entropy triangle: F_XY = [ΔH′, 2MI′, VI′] (Valverde-Albacete & Peláez-Moreno 2010)
    "joint_delta_h": (partial(_balance_part, "joint_delta_h"), False),
    "joint_mi2": (partial(_balance_part, "joint_mi2"), False),
    "joint_vi": (partial(_balance_part, "joint_vi"), False),
    "mutual_information": (partial(_balance_part, "mutual_information"), False),
}

#: The measures of :func:`matrix_intervals`, in their default order.
MULTICLASS_MEASURES: tuple[str, ...] = tuple(_STATISTICS)

#: The other quantities of the entropy balance (:meth:`~phidelta.measures.EntropyBalance.to_dict`)
#: that :func:`matrix_intervals` gives on request (by name, not by default): the entropies and
#: conditional entropies in bits, the marginal fractions F_X and F_Y of the extended triangle,
#: EMA and NIT. The uniform entropies ``h_uniform_x`` and ``h_uniform_y`` are not among them:
#: they are fixed by the number of classes.
ENTROPY_BALANCE_MEASURES: tuple[str, ...] = (
    "h_x",
    "h_y",
    "h_xy",
    "h_x_given_y",
    "h_y_given_x",
    "variation_of_information",
    "delta_h_x",
    "delta_h_y",
    "input_delta_h",
    "input_mi",
    "input_h_cond",
    "output_delta_h",
    "output_mi",
    "output_h_cond",
    "ema",
    "nit",
)
_STATISTICS.update(
    {name: (partial(_balance_part, name), False) for name in ENTROPY_BALANCE_MEASURES}
)


def _trusted_matrices(counts: np.ndarray, like: ConfusionMatrix) -> ConfusionMatrix:
    """Matrices with the classes of ``like``, without validation (a leave-one-out matrix of a
    single sample is empty: its measures are NaN)."""
    matrices = object.__new__(ConfusionMatrix)
    object.__setattr__(matrices, "counts", counts)
    object.__setattr__(matrices, "input_classes", like.input_classes)
    object.__setattr__(matrices, "output_classes", like.output_classes)
    return matrices


def _quiet(statistic: Callable[[ConfusionMatrix], np.ndarray]) -> Callable[[Any], np.ndarray]:
    """The statistic without NumPy's warnings (0/0 of an empty leave-one-out matrix)."""

    def call(matrices: ConfusionMatrix) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(statistic(matrices), dtype=np.float64)

    return call


@dataclass(frozen=True)
class MatrixIntervals(TupleResult):
    """Multi-class measures of a batch of confusion matrices with their bootstrap intervals.

    Unpacks as ``estimate, low, high``: three dicts measure name → array, one value per matrix.

    Attributes
    ----------
    estimate : dict of str to ndarray
        The measures of the matrices (as :mod:`phidelta.measures` computes them, NaN where
        undefined).
    low, high : dict of str to ndarray
        The bounds: quantiles of the resampled measure, so within its range; NaN where the
        estimate or every resample is undefined.
    methods : dict of str to str
        The method of each interval ("bca" or "percentile"; with groups "cluster_bca" or
        "cluster_percentile").
    confidence_level : float
        The confidence level.
    n_resamples : int
        Resamples per matrix.
    matrices : ConfusionMatrix
        The matrices the intervals came from.
    index : list or None
        A label per matrix (the rows of :meth:`to_frame`), or None.

    See Also
    --------
    matrix_intervals : computes it.

    References
    ----------
    Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American
    Statistical Association, 82(397), 171–185.

    Examples
    --------
    >>> res = matrix_intervals(ConfusionMatrix([[10, 2, 0], [3, 8, 1], [0, 2, 9]]),
    ...                        measures=["accuracy"], random_state=0)
    >>> estimate, low, high = res
    >>> np.round(estimate["accuracy"], 4), res.methods
    (array([0.7714]), {'accuracy': 'bca'})
    """

    estimate: dict[str, np.ndarray]
    low: dict[str, np.ndarray]
    high: dict[str, np.ndarray]
    methods: dict[str, str]
    confidence_level: float
    n_resamples: int
    matrices: ConfusionMatrix = field(repr=False)
    index: list[Any] | None = field(default=None, repr=False)

    _fields: ClassVar[tuple[str, ...]] = ("estimate", "low", "high")

    def to_frame(self) -> Any:
        """A pandas DataFrame: ``<measure>``, ``<measure>_low`` and ``<measure>_high`` for every
        measure, one row per matrix (labelled by ``index``); the methods in
        ``frame.attrs["methods"]``.

        Returns
        -------
        pandas.DataFrame
            One row per matrix.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("MatrixIntervals.to_frame")
        columns = {}
        for name in self.methods:
            columns[name] = self.estimate[name]
            columns[f"{name}_low"] = self.low[name]
            columns[f"{name}_high"] = self.high[name]
        frame = pd.DataFrame(columns, index=self.index)
        frame.attrs["methods"] = dict(self.methods)
        frame.attrs["confidence_level"] = self.confidence_level
        return frame


def _check_measures(measures: Any, declared: bool) -> list[str]:
    if measures is None:
        return [name for name in MULTICLASS_MEASURES if declared or not _STATISTICS[name][1]]
    if isinstance(measures, str) or not isinstance(measures, Sequence):
        raise TypeError(
            f"`measures` must be a sequence of measure names; got {type(measures).__name__}."
        )
    names = list(measures)
    unknown = [name for name in names if name not in _STATISTICS]
    if unknown or not names:
        raise ValueError(
            f"`measures` must name some of {list(MULTICLASS_MEASURES)} (or of "
            f"ENTROPY_BALANCE_MEASURES, {list(ENTROPY_BALANCE_MEASURES)}); got {names!r}."
        )
    if not declared:
        needing = [name for name in names if _STATISTICS[name][1]]
        if needing:
            raise ValueError(
                f"`measures` {needing} need to know which outputs are correct; these matrices "
                "have no declared `output_classes`."
            )
    return list(dict.fromkeys(names))


def matrix_intervals(
    matrices: ConfusionMatrix,
    measures: Sequence[str] | None = None,
    *,
    confidence_level: float = 0.95,
    method: str = "bca",
    n_resamples: int = 2000,
    random_state: Any = None,
    index: Sequence[Any] | None = None,
    groups: Any = None,
) -> MatrixIntervals:
    """Bootstrap intervals of multi-class measures: accuracy, MCC, κ, the averages of
    precision, recall and F1, the entropy-triangle coordinates and the mutual information.

    Each n×p matrix is resampled as a multinomial draw of its n·p cells with the observed
    proportions and the same total — the rows behind the matrix drawn with replacement, so
    the class sizes vary as in a random sample — ``n_resamples`` matrices at once, in blocks
    that bound the memory; every measure is evaluated on all resampled matrices in one call
    and on the same resamples. Resamples where a measure is undefined are left out of its
    quantiles. BCa (Efron 1987) corrects the percentile interval for bias and skewness; its
    acceleration comes from the jackknife, whose n·p distinct leave-one-out matrices are
    weighted by their cell counts, and its interval is widened where needed to contain the
    estimate.

    With ``groups`` (the matrices of each group of rows: patient, speaker, document, site)
    the resamples draw whole groups with replacement and add their matrices (the cluster
    bootstrap, Davison & Hinkley 1997, §3.8): a group's rows are never drawn apart, and
    BCa's jackknife leaves out one group at a time.

    The measures (:data:`MULTICLASS_MEASURES`): ``accuracy``; ``mcc``, Gorodkin's R_K
    (Gorodkin 2004); ``kappa``, Cohen's unweighted κ (Cohen 1960); ``macro_*``, ``micro_*``
    and ``weighted_*`` of ``precision``, ``recall`` and ``f1`` (one-vs-rest, as
    :func:`~phidelta.measures.macro_average` and the others compute them; a class whose value
    is undefined makes the average NaN); ``joint_delta_h``, ``joint_mi2`` and ``joint_vi``,
    the coordinates ΔH′, 2MI′ and VI′ of the entropy triangle, which sum to 1
    (Valverde-Albacete & Peláez-Moreno 2010, eq. 10); ``mutual_information`` in bits. On
    request, by name, every other quantity of the entropy balance
    (:data:`ENTROPY_BALANCE_MEASURES`: the entropies in bits, the marginal fractions F_X and
    F_Y, EMA and NIT).

    Parameters
    ----------
    matrices : ConfusionMatrix
        Integer counts (rows: true classes); one interval per matrix and measure.
    measures : sequence of str, optional
        Names from :data:`MULTICLASS_MEASURES` and :data:`ENTROPY_BALANCE_MEASURES`; default
        all of :data:`MULTICLASS_MEASURES` (only the entropy measures for a rectangular matrix
        without declared ``output_classes``).
    confidence_level : float, default=0.95
        Confidence level, in (0, 1) (SciPy's name).
    method : {"bca", "percentile"}, default="bca"
        The interval.
    n_resamples : int, default=2000
        Resamples per matrix; at least 10 (SciPy's name).
    random_state : None, int, numpy.random.SeedSequence or numpy.random.Generator, default=None
        Source of randomness (SciPy's name; None: fresh entropy).
    index : sequence, optional
        A label per matrix, for :meth:`MatrixIntervals.to_frame`.
    groups : ConfusionMatrix or sequence of ConfusionMatrix, optional
        The matrices of each group of rows, adding up to `matrices`: for one matrix a
        ConfusionMatrix with one matrix per group (``ConfusionMatrix.from_groups(y_true,
        y_pred, groups)`` gives it, or its ``(matrices, groups)`` pair), for several a
        sequence of those, one per matrix.

    Returns
    -------
    MatrixIntervals
        Unpacks as ``estimate, low, high`` (dicts measure → array, one value per matrix);
        ``methods``, ``confidence_level``, ``n_resamples``, ``matrices`` and ``to_frame()``.

    Raises
    ------
    TypeError
        If `matrices` is not a :class:`~phidelta.counts.ConfusionMatrix`, or `measures`,
        `n_resamples` or `random_state` is of another type.
    ValueError
        If the counts are not integers, a measure is unknown (or needs declared outputs the
        matrices lack), `method` is unknown, `confidence_level` is not in (0, 1),
        `n_resamples` < 10 or `index` has not one label per matrix; with `groups`, if they
        do not add up to `matrices` or a matrix has fewer than two groups.

    See Also
    --------
    cohen_kappa_interval : κ's interval from its standard error.
    count_bootstrap_interval : the same bootstrap for binary counts.

    References
    ----------
    Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American
    Statistical Association, 82(397), 171–185.

    Gorodkin, J. (2004). Comparing two K-category assignments by a K-category correlation
    coefficient. Computational Biology and Chemistry, 28(5–6), 367–374.

    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. Eq. 10.

    Examples
    --------
    >>> cm = ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]])
    >>> res = matrix_intervals(cm, ["mcc", "joint_mi2"], random_state=0)
    >>> bool(res.low["mcc"][0] < res.estimate["mcc"][0] < res.high["mcc"][0])
    True
    >>> np.round(res.estimate["joint_mi2"], 4)
    array([0.6052])
    >>> list(res.to_frame().columns)[:3]
    ['mcc', 'mcc_low', 'mcc_high']

    Several rows per patient: the matrices of each patient, and the cluster bootstrap.

    >>> y, pred = list("aabbcc") * 4, list("abbcca") * 4
    >>> per_patient = ConfusionMatrix.from_groups(y, pred, np.repeat(np.arange(8), 3))
    >>> res = matrix_intervals(ConfusionMatrix.from_labels(y, pred), ["accuracy"],
    ...                        groups=per_patient, random_state=0)
    >>> res.methods
    {'accuracy': 'cluster_bca'}
    """
    cm = _check_matrix(matrices)
    n_resamples, method = check_resampling(None, n_resamples, method, "matrix_intervals")
    if not np.array_equal(cm.counts, np.round(cm.counts)):
        raise ValueError(
            "`matrices` must hold integer counts (matrix_intervals resamples the rows behind "
            "them); these are fractional."
        )
    names = _check_measures(measures, cm.outputs_declared)
    level = check_confidence_level(confidence_level, where="matrix_intervals")
    if index is not None and len(index) != len(cm):
        raise ValueError(f"`index` has {len(index)} labels for {len(cm)} matrices.")
    if groups is not None:  # clustered rows: the cluster bootstrap (inference._clustered)
        return grouped_matrix_intervals(
            cm, matrix_parts(cm, groups), names, level, method, n_resamples, random_state, index
        )
    return _intervals(cm, names, level, method, n_resamples, random_state, index)


def _intervals(
    matrices: ConfusionMatrix,
    names: list[str],
    level: float,
    method: str,
    n_resamples: int,
    random_state: Any,
    index: Sequence[Any] | None,
    parts: Sequence[np.ndarray] | None = None,
) -> MatrixIntervals:
    """Every measure's bounds on the same resamples (trusted arguments): each matrix's cells
    drawn as a multinomial, or with ``parts`` (each matrix's cells per group) whole groups."""
    rng = generator(random_state)
    statistics = {name: _quiet(_STATISTICS[name][0]) for name in names}
    estimates = {name: statistic(matrices) for name, statistic in statistics.items()}
    m, n, p = matrices.shape

    def build(flat: np.ndarray) -> ConfusionMatrix:
        return _trusted_matrices(flat.reshape(-1, n, p), matrices)

    kw = {"level": level, "method": method, "n_resamples": n_resamples, "rng": rng}
    try:
        if parts is None:
            cells = matrices.counts.astype(np.int64).reshape(m, n * p)
            bounds = cell_bootstrap_bounds(cells, build, statistics, estimates, **kw)
        else:  # whole groups drawn; an undefined estimate gets no interval
            bounds = cluster_bounds(parts, build, statistics, estimates, **kw)
            for name in names:
                undefined = np.isnan(estimates[name])
                bounds[name] = tuple(np.where(undefined, np.nan, b) for b in bounds[name])
    finally:
        _LAST.balance = None  # the resampled matrices are not kept
    return MatrixIntervals(
        estimate=estimates,
        low={name: bounds[name][0] for name in names},
        high={name: bounds[name][1] for name in names},
        methods=dict.fromkeys(names, method if parts is None else CLUSTER_METHODS[method]),
        confidence_level=level,
        n_resamples=n_resamples,
        matrices=matrices,
        index=None if index is None else list(index),
    )


def matrix_parts(matrices: ConfusionMatrix, groups: Any) -> list[np.ndarray]:
    """Each matrix's per-group cells (G_e, n·p), from ``groups`` (see
    :func:`matrix_intervals`), checked: integer counts of the same classes, adding up to
    the matrix, at least two groups."""
    k, n, p = matrices.shape
    per_matrix = entry_parts(
        groups, k, ConfusionMatrix, entry="matrix", entries="matrices", given="matrices"
    )
    out = []
    for e, part in enumerate(per_matrix):
        where = "" if k == 1 else f" of matrix {e}"
        cells = np.asarray(part.counts)
        if cells.shape[1:] != (n, p):
            raise ValueError(
                f"the groups' matrices{where} are {cells.shape[1]}×{cells.shape[2]}; the "
                f"matrix is {n}×{p}: give them the same classes."
            )
        if not np.array_equal(cells, np.round(cells)):
            raise ValueError(f"the groups' matrices{where} must hold integer counts.")
        if len(cells) < 2:
            raise ValueError(
                f"the groups{where} are {len(cells)}: whole groups cannot be resampled with "
                "fewer than two (the interval would have no width). Give at least two groups."
            )
        if not np.array_equal(cells.sum(axis=0), matrices.counts[e]):
            raise ValueError(
                f"the groups' matrices{where} do not add up to the matrix: the groups must "
                "split the same rows."
            )
        out.append(cells.astype(np.int64).reshape(len(cells), n * p))
    return out


def grouped_matrix_intervals(
    matrices: ConfusionMatrix,
    parts: Sequence[np.ndarray],
    names: list[str],
    level: float,
    method: str,
    n_resamples: int,
    random_state: Any,
    index: Sequence[Any] | None,
) -> MatrixIntervals:
    """:func:`matrix_intervals` with groups: every measure by the cluster bootstrap.

    ``parts[e]`` holds matrix e's cells per group (G_e, n·p), trusted to add up to it (the
    doors pass their folds' groups); a matrix of fewer than two groups gets NaN bounds."""
    n_resamples, method = check_resampling(None, n_resamples, method, "matrix_intervals")
    level = check_confidence_level(level, where="matrix_intervals")
    return _intervals(matrices, names, level, method, n_resamples, random_state, index, parts)

"""One registry of the scalar measures and their properties; one call for all of them."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any, Literal

import numpy as np

from phidelta._validation import require_pandas
from phidelta.counts import BinaryCounts
from phidelta.measures import (
    _association,
    _bias,
    _classic,
    _information,
    _matrices,
    _phidelta,
    _rates,
    _signal,
    _unbiased,
)
from phidelta.measures._common import ZeroDivision, check_counts, check_zero_division

__all__ = ["LOWER_IS_BETTER", "MEASURES", "MeasureInfo", "MeasureTable", "measure_table"]

Swap = Literal["same", "negate", "inverse"]
INF = float("inf")


@dataclass(frozen=True)
class MeasureInfo:
    """A measure of binary counts and what is known about it.

    One entry of the :data:`MEASURES` registry, which drives :func:`measure_table`,
    :func:`threshold_scan` and the parametrized tests. Everything after ``name`` and
    ``function`` is passed by keyword.

    Parameters
    ----------
    name : str
        The measure's name, which is also its function's name.
    function : callable
        ``function(counts, **options)``, one value per entry.
    symbol : str
        The symbol of the source (ρ for sensitivity, Se for signal efficiency).
    family : str
        "counts", "rates", "biased", "unbiased", "phi-delta" or "signal".
    source : str
        Where the measure is defined (paper and equation).
    low, high : float
        The range of its values (``INF`` where unbounded).
    swap : str or None, default=None
        How the value changes when the positive and negative classes are exchanged: it
        becomes ``swap_transform`` applied to the measure named ``swap`` (None: no simple
        rule).
    swap_transform : {"same", "negate", "inverse"}, default="same"
        The transform of that rule.

    References
    ----------
    The ``source`` of each registered measure: Armano (2015), Jiřina & Jiřina (2005), Flach
    (2012, chapter 2), or the paper named in the measure's docstring.

    Examples
    --------
    >>> info = MeasureInfo(
    ...     "sensitivity", _rates.sensitivity, symbol="ρ", family="rates",
    ...     source="Armano 2015, Table 1", low=0, high=1, swap="specificity",
    ... )
    >>> info(BinaryCounts(tn=15, fp=10, fn=15, tp=60))
    array([0.8])
    """

    name: str
    function: Callable[..., np.ndarray]
    _: KW_ONLY
    symbol: str
    family: str
    source: str
    low: float
    high: float
    swap: str | None = None
    swap_transform: Swap = "same"

    @property
    def defined_everywhere(self) -> bool:
        """True for the plain counts, which never divide (they take no ``zero_division``)."""
        return "zero_division" not in inspect.signature(self.function).parameters

    def __call__(self, counts: BinaryCounts, **kwargs: Any) -> np.ndarray:
        """The measure of `counts`; ``zero_division`` is dropped for the plain counts."""
        if self.defined_everywhere:
            kwargs.pop("zero_division", None)
        return self.function(counts, **kwargs)


_A15, _J05, _F = "Armano 2015", "Jiřina 2005", "Flach ch. 2"

#: Every scalar measure of binary counts, in the order of the table.
MEASURES: tuple[MeasureInfo, ...] = (
    # counts and proportions (Armano 2015, Table 1)
    MeasureInfo(
        "negatives",
        _rates.negatives,
        symbol="N",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=INF,
        swap="positives",
    ),
    MeasureInfo(
        "positives",
        _rates.positives,
        symbol="P",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=INF,
        swap="negatives",
    ),
    MeasureInfo(
        "predicted_negatives",
        _rates.predicted_negatives,
        symbol="N̂",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=INF,
        swap="predicted_positives",
    ),
    MeasureInfo(
        "predicted_positives",
        _rates.predicted_positives,
        symbol="P̂",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=INF,
        swap="predicted_negatives",
    ),
    MeasureInfo(
        "total",
        _rates.total,
        symbol="M",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=INF,
        swap="total",
    ),
    MeasureInfo(
        "negative_proportion",
        _rates.negative_proportion,
        symbol="n",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="positive_proportion",
    ),
    MeasureInfo(
        "positive_proportion",
        _rates.positive_proportion,
        symbol="p",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="negative_proportion",
    ),
    MeasureInfo(
        "predicted_negative_proportion",
        _rates.predicted_negative_proportion,
        symbol="n̂",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="predicted_positive_proportion",
    ),
    MeasureInfo(
        "predicted_positive_proportion",
        _rates.predicted_positive_proportion,
        symbol="p̂",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="predicted_negative_proportion",
    ),
    MeasureInfo(
        "class_ratio",
        _rates.class_ratio,
        symbol="σ",
        family="counts",
        source=f"{_A15}, Table 1",
        low=0,
        high=INF,
        swap="class_ratio",
        swap_transform="inverse",
    ),
    # the rates of each class
    MeasureInfo(
        "specificity",
        _rates.specificity,
        symbol="ρ̄",
        family="rates",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="sensitivity",
    ),
    MeasureInfo(
        "sensitivity",
        _rates.sensitivity,
        symbol="ρ",
        family="rates",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="specificity",
    ),
    MeasureInfo(
        "false_positive_rate",
        _rates.false_positive_rate,
        symbol="fp",
        family="rates",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="false_negative_rate",
    ),
    MeasureInfo(
        "false_negative_rate",
        _rates.false_negative_rate,
        symbol="fn",
        family="rates",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="false_positive_rate",
    ),
    # biased measures: they change with the class ratio
    MeasureInfo(
        "accuracy",
        _classic.accuracy,
        symbol="a",
        family="biased",
        source=f"{_A15}, eq. 6",
        low=0,
        high=1,
        swap="accuracy",
    ),
    MeasureInfo(
        "error_rate",
        _classic.error_rate,
        symbol="e",
        family="biased",
        source=f"{_F}, Table 2.3",
        low=0,
        high=1,
        swap="error_rate",
    ),
    MeasureInfo(
        "precision",
        _classic.precision,
        symbol="π",
        family="biased",
        source=f"{_A15}, eq. 6",
        low=0,
        high=1,
        swap="negative_predictive_value",
    ),
    MeasureInfo(
        "negative_predictive_value",
        _classic.negative_predictive_value,
        symbol="π̄",
        family="biased",
        source=f"{_A15}, Table 1",
        low=0,
        high=1,
        swap="precision",
    ),
    MeasureInfo(
        "f1_score",
        _classic.f1_score,
        symbol="F1",
        family="biased",
        source=f"{_A15}, §2",
        low=0,
        high=1,
    ),
    MeasureInfo(
        "mcc",
        _classic.mcc,
        symbol="MCC",
        family="biased",
        source=f"{_A15}, eqs. 7–8",
        low=-1,
        high=1,
        swap="mcc",
    ),
    MeasureInfo(
        "cohen_kappa",
        _classic.cohen_kappa,
        symbol="κ",
        family="biased",
        source="Cohen 1960",
        low=-1,
        high=1,
        swap="cohen_kappa",
    ),
    MeasureInfo(
        "friedman_bias",
        _bias.friedman_bias,
        symbol="bias",
        family="biased",
        source=f"{_A15}, eqs. 16–19",
        low=-2,
        high=2,
        swap="friedman_bias",
        swap_transform="negate",
    ),
    MeasureInfo(
        "information_gain",
        _information.information_gain,
        symbol="I",
        family="biased",
        source=f"{_A15}, eq. 21",
        low=0,
        high=1,
        swap="information_gain",
    ),
    # unbiased measures: functions of the two rates, the same at every class ratio
    MeasureInfo(
        "determinant",
        _matrices.determinant,
        symbol="Δ",
        family="unbiased",
        source=f"{_A15}, eq. 11",
        low=-1,
        high=1,
        swap="determinant",
    ),
    MeasureInfo(
        "unbiased_accuracy",
        _unbiased.unbiased_accuracy,
        symbol="a_u",
        family="unbiased",
        source=f"{_A15}, eq. 9",
        low=0,
        high=1,
        swap="unbiased_accuracy",
    ),
    MeasureInfo(
        "unbiased_error_rate",
        _unbiased.unbiased_error_rate,
        symbol="e_u",
        family="unbiased",
        source=f"{_A15}, eq. 14",
        low=0,
        high=1,
        swap="unbiased_error_rate",
    ),
    MeasureInfo(
        "unbiased_precision",
        _unbiased.unbiased_precision,
        symbol="π_u",
        family="unbiased",
        source=f"{_A15}, eq. 9",
        low=0,
        high=1,
        swap="unbiased_negative_predictive_value",
    ),
    MeasureInfo(
        "unbiased_negative_predictive_value",
        _unbiased.unbiased_negative_predictive_value,
        symbol="π̄_u",
        family="unbiased",
        source=f"{_A15}, §3",
        low=0,
        high=1,
        swap="unbiased_precision",
    ),
    MeasureInfo(
        "unbiased_f1_score",
        _unbiased.unbiased_f1_score,
        symbol="F1_u",
        family="unbiased",
        source=f"{_A15}, §3",
        low=0,
        high=1,
    ),
    MeasureInfo(
        "unbiased_mcc",
        _unbiased.unbiased_mcc,
        symbol="MCC_u",
        family="unbiased",
        source=f"{_A15}, eq. 10",
        low=-1,
        high=1,
        swap="unbiased_mcc",
    ),
    MeasureInfo(
        "unbiased_bias",
        _bias.unbiased_bias,
        symbol="bias_u",
        family="unbiased",
        source=f"{_A15}, eq. 20",
        low=-1,
        high=1,
        swap="unbiased_bias",
        swap_transform="negate",
    ),
    MeasureInfo(
        "unbiased_information_gain",
        _information.unbiased_information_gain,
        symbol="I_u",
        family="unbiased",
        source=f"{_A15}, Fig. 7",
        low=0,
        high=1,
        swap="unbiased_information_gain",
    ),
    # the φ-δ pair
    MeasureInfo(
        "phi",
        _phidelta.phi,
        symbol="φ",
        family="phi-delta",
        source=f"{_A15}, eq. 12",
        low=-1,
        high=1,
        swap="phi",
        swap_transform="negate",
    ),
    MeasureInfo(
        "delta",
        _phidelta.delta,
        symbol="δ",
        family="phi-delta",
        source=f"{_A15}, eq. 11",
        low=-1,
        high=1,
        swap="delta",
    ),
    # association and likelihood ratios: functions of the two rates (unbiased) ...
    MeasureInfo(
        "positive_likelihood_ratio",
        _association.positive_likelihood_ratio,
        symbol="LR+",
        family="unbiased",
        source="Deeks & Altman 2004",
        low=0,
        high=INF,
        swap="negative_likelihood_ratio",
        swap_transform="inverse",
    ),
    MeasureInfo(
        "negative_likelihood_ratio",
        _association.negative_likelihood_ratio,
        symbol="LR−",
        family="unbiased",
        source="Deeks & Altman 2004",
        low=0,
        high=INF,
        swap="positive_likelihood_ratio",
        swap_transform="inverse",
    ),
    MeasureInfo(
        "odds_ratio",
        _association.odds_ratio,
        symbol="OR",
        family="unbiased",
        source="Bland & Altman 2000",
        low=0,
        high=INF,
        swap="odds_ratio",
    ),
    MeasureInfo(
        "yules_q",
        _association.yules_q,
        symbol="Q",
        family="unbiased",
        source="Yule 1900",
        low=-1,
        high=1,
        swap="yules_q",
    ),
    MeasureInfo(
        "g_mean",
        _association.g_mean,
        symbol="G",
        family="unbiased",
        source="Kubat & Matwin 1997",
        low=0,
        high=1,
        swap="g_mean",
    ),
    MeasureInfo(
        "sensitivity_index",
        _association.sensitivity_index,
        symbol="d′",
        family="unbiased",
        source="Macmillan & Creelman 2005, eq. 1.5",
        low=-INF,
        high=INF,
        swap="sensitivity_index",
    ),
    # ... and of the class ratio too (biased)
    MeasureInfo(
        "chi_square",
        _association.chi_square,
        symbol="χ²",
        family="biased",
        source="Pearson 1900",
        low=0,
        high=INF,
        swap="chi_square",
    ),
    MeasureInfo(
        "markedness",
        _association.markedness,
        symbol="MK",
        family="biased",
        source="Powers 2011",
        low=-1,
        high=1,
        swap="markedness",
    ),
    MeasureInfo(
        "jaccard_index",
        _association.jaccard_index,
        symbol="J",
        family="biased",
        source="Jaccard 1912",
        low=0,
        high=1,
    ),
    MeasureInfo(
        "fowlkes_mallows_index",
        _association.fowlkes_mallows_index,
        symbol="FM",
        family="biased",
        source="Fowlkes & Mallows 1983",
        low=0,
        high=1,
    ),
    MeasureInfo(
        "lift",
        _association.lift,
        symbol="lift",
        family="biased",
        source="Brin et al. 1997",
        low=0,
        high=INF,
    ),
    # signal-versus-background measures (Jiřina 2005)
    MeasureInfo(
        "signal_efficiency",
        _signal.signal_efficiency,
        symbol="Se",
        family="signal",
        source=f"{_J05}, §4.1",
        low=0,
        high=1,
        swap="purity",
    ),
    MeasureInfo(
        "signal_error",
        _signal.signal_error,
        symbol="1 − Se",
        family="signal",
        source=f"{_J05}, §4.1",
        low=0,
        high=1,
        swap="background_acceptance",
    ),
    MeasureInfo(
        "background_acceptance",
        _signal.background_acceptance,
        symbol="Be",
        family="signal",
        source=f"{_J05}, §4.2",
        low=0,
        high=1,
        swap="signal_error",
    ),
    MeasureInfo(
        "purity",
        _signal.purity,
        symbol="1 − Be",
        family="signal",
        source=f"{_J05}, §4.2",
        low=0,
        high=1,
        swap="signal_efficiency",
    ),
    MeasureInfo(
        "classification_error",
        _signal.classification_error,
        symbol="Ce",
        family="signal",
        source=f"{_J05}, §4.3",
        low=0,
        high=1,
        swap="classification_error",
    ),
    MeasureInfo(
        "weighted_classification_error",
        _signal.weighted_classification_error,
        symbol="Ce_w",
        family="signal",
        source=f"{_J05}, §4.4",
        low=0,
        high=INF,
    ),
    MeasureInfo(
        "enrichment_factor",
        _signal.enrichment_factor,
        symbol="E",
        family="signal",
        source=f"{_J05}, §4.5",
        low=0,
        high=INF,
    ),
    MeasureInfo(
        "quality_factor",
        _signal.quality_factor,
        symbol="Q",
        family="signal",
        source=f"{_J05}, §4.6",
        low=0,
        high=INF,
    ),
    MeasureInfo(
        "rejection_factor",
        _signal.rejection_factor,
        symbol="R",
        family="signal",
        source=f"{_J05}, §4.7",
        low=1,
        high=INF,
    ),
    MeasureInfo(
        "data_quality",
        _signal.data_quality,
        symbol="q",
        family="signal",
        source=f"{_J05}, §4.6",
        low=0,
        high=INF,
    ),
    MeasureInfo(
        "data_quality_rare",
        _signal.data_quality_rare,
        symbol="S/√B",
        family="signal",
        source=f"{_J05}, §4.6",
        low=0,
        high=INF,
    ),
)


_BY_NAME = {m.name: m for m in MEASURES}

#: The measures of :data:`MEASURES` that are errors, where lower is better: a best cut
#: minimizes them and maximizes every other measure. They are the ones a perfect classifier
#: (fp = fn = 0) takes to the low end of their range: the error rates (Jiřina 2005, §4.1–4.4:
#: signal error 1 − Se, background acceptance Be, the classification error Ce and its weighted
#: form; Armano 2015, Table 1: false positive and false negative rates, the error rate and its
#: unbiased form) and the negative likelihood ratio FNR / TNR.
LOWER_IS_BETTER: frozenset[str] = frozenset(
    {
        "background_acceptance",
        "classification_error",
        "error_rate",
        "false_negative_rate",
        "false_positive_rate",
        "negative_likelihood_ratio",
        "signal_error",
        "unbiased_error_rate",
        "weighted_classification_error",
    }
)


class MeasureTable(Mapping[str, np.ndarray]):
    """Measures of a batch of counts: a read-only mapping name → array, one value per entry.

    Parameters
    ----------
    columns : dict of str to ndarray
        One array per measure, all of the same length (not copied).
    index : sequence or None, default=None
        Row labels (fold or feature names), used by :meth:`to_frame`.

    Attributes
    ----------
    index : list or None
        The row labels.

    See Also
    --------
    measure_table : builds one from counts.
    threshold_scan : one row per threshold of a score table.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. The statistics table of the web
    application.

    Examples
    --------
    >>> table = measure_table(BinaryCounts(tn=[15, 40], fp=[10, 10], fn=[15, 20], tp=[60, 30]))
    >>> table["accuracy"]
    array([0.75, 0.7 ])
    """

    def __init__(self, columns: dict[str, np.ndarray], index: Sequence[Any] | None = None) -> None:
        self._columns = columns
        self.index = None if index is None else list(index)

    def __getitem__(self, key: str) -> np.ndarray:
        return self._columns[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)

    def __repr__(self) -> str:
        k = len(next(iter(self._columns.values()))) if self._columns else 0
        return f"MeasureTable({len(self._columns)} measures × {k} entries)"

    def __str__(self) -> str:
        return self.to_string()

    def to_string(self, max_entries: int = 8) -> str:
        """A plain-text table for a terminal: one line per measure, one column per entry
        (headed by ``index``), each measure's values rounded alike (``print(table)``).

        Parameters
        ----------
        max_entries : int, default 8
            Entries shown; the rest are counted in a last line (:meth:`to_frame` has all).

        Returns
        -------
        str
            The table's lines, names to the left and numbers to the right.

        Examples
        --------
        >>> counts = BinaryCounts(tn=[15, 40], fp=[10, 10], fn=[15, 20], tp=[60, 30])
        >>> print(measure_table(counts, measures=["accuracy", "delta"], index=["a", "b"]))
        measure        a       b
        tn            15      40
        fp            10      10
        fn            15      20
        tp            60      30
        accuracy  0.7500  0.7000
        delta     0.4000  0.4000
        """
        from phidelta._format import column_text

        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"`max_entries` must be a positive integer; got {max_entries!r}.")
        k = len(next(iter(self._columns.values()))) if self._columns else 0
        shown = min(k, max_entries)
        heads = [str(i) for i in (self.index if self.index is not None else range(k))][:shown]
        lines = [["measure", *heads]]
        for name, values in self._columns.items():
            row = np.asarray(values)[:shown]
            finite = row[np.isfinite(row)] if row.dtype.kind == "f" else row
            if name in ("tn", "fp", "fn", "tp") and np.all(finite == np.round(finite)):
                row = np.array([None if v != v else int(v) for v in row.tolist()], dtype=object)
            lines.append([name, *column_text(row.tolist())])
        widths = [max(len(line[j]) for line in lines) for j in range(shown + 1)]
        text = "\n".join(  # names to the left, numbers to the right
            "  ".join(
                [line[0].ljust(widths[0])]
                + [c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)]
            )
            for line in lines
        )
        if k > shown:
            text += f"\n… and {k - shown:,} more entries (to_frame() has them all)"
        return text

    def _repr_html_(self) -> str | None:
        """In a notebook: one row per entry (its index first), one column per measure (None,
        so the plain repr, when there is nothing to tabulate)."""
        from phidelta._format import html_table

        k = len(next(iter(self._columns.values()))) if self._columns else 0
        index = {"": [str(i) for i in self.index]} if self.index is not None else {}
        return html_table({**index, **self._columns}, max_rows=50) if k else None

    def to_dict(self) -> dict[str, np.ndarray]:
        """A plain dict of arrays (copies).

        Returns
        -------
        dict of str to ndarray
            A copy of every column.
        """
        return {k: v.copy() for k, v in self._columns.items()}

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per entry and one column per measure.

        Returns
        -------
        pandas.DataFrame
            One row per entry (labelled by ``index``), one column per measure.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("MeasureTable.to_frame")
        return pd.DataFrame(self._columns, index=self.index)


def measure_table(
    counts: BinaryCounts,
    *,
    measures: Sequence[str] | None = None,
    index: Sequence[Any] | None = None,
    zero_division: ZeroDivision = float("nan"),
) -> MeasureTable:
    """Every measure of the registry (or a chosen subset) for a batch of counts.

    Parameters
    ----------
    counts : BinaryCounts
        One or more binary confusion counts; one row per entry.
    measures : sequence of str, optional
        Names from :data:`MEASURES`; all of them by default. The counts tn, fp, fn, tp always
        come first.
    index : sequence, optional
        Row labels (fold or feature names) for :meth:`MeasureTable.to_frame`; one per entry.
    zero_division : float or "warn", default=nan
        Value of undefined entries, silently; with ``"warn"`` they are NaN and each measure
        that has some warns (:class:`~phidelta.exceptions.UndefinedMeasureWarning`).

    Returns
    -------
    MeasureTable
        A read-only mapping name → array of shape (len(counts),).

    Raises
    ------
    TypeError
        If `counts` is not a :class:`~phidelta.counts.BinaryCounts`.
    ValueError
        If a name is not in the registry, `index` has the wrong length, or `zero_division` is
        neither ``"warn"`` nor a number.

    See Also
    --------
    MEASURES : the registry, with each measure's source equation.
    threshold_scan : every measure at every threshold of a score table.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. The statistics table of the web
    application.

    Examples
    --------
    >>> t = measure_table(BinaryCounts(tn=15, fp=10, fn=15, tp=60), measures=["mcc", "delta"])
    >>> list(t)
    ['tn', 'fp', 'fn', 'tp', 'mcc', 'delta']
    """
    c, zd = check_counts(counts), check_zero_division(zero_division)
    names = [m.name for m in MEASURES] if measures is None else list(measures)
    unknown = [n for n in names if n not in _BY_NAME]
    if unknown:
        raise ValueError(f"Unknown measures {unknown}; known: {sorted(_BY_NAME)}.")
    if index is not None and len(index) != len(c):
        raise ValueError(f"`index` has {len(index)} labels for {len(c)} entries.")
    columns: dict[str, np.ndarray] = {
        f: np.asarray(getattr(c, f)).copy() for f in ("tn", "fp", "fn", "tp")
    }
    for name in names:
        columns[name] = _BY_NAME[name](c, zero_division=zd)
    return MeasureTable(columns, index)

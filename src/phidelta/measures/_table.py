"""One registry of the scalar measures and their properties; one call for all of them."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from phidelta.counts import BinaryCounts
from phidelta.measures import (
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

__all__ = ["MEASURES", "MeasureInfo", "MeasureTable", "measure_table"]

Swap = Literal["same", "negate", "inverse"]
INF = float("inf")


@dataclass(frozen=True)
class MeasureInfo:
    """A measure of binary counts and what is known about it.

    ``swap`` tells how the value changes when the positive and negative classes are exchanged:
    it becomes ``swap_transform`` applied to the measure named ``swap`` (None: no simple rule).
    """

    name: str
    function: Callable[..., np.ndarray]
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
        if self.defined_everywhere:
            kwargs.pop("zero_division", None)
        return self.function(counts, **kwargs)


def _m(
    name: str,
    function: Callable[..., np.ndarray],
    symbol: str,
    family: str,
    source: str,
    low: float,
    high: float,
    swap: str | None = None,
    swap_transform: Swap = "same",
) -> MeasureInfo:
    return MeasureInfo(name, function, symbol, family, source, low, high, swap, swap_transform)


_A15, _J05, _F = "Armano 2015", "Jiřina 2005", "Flach ch. 2"

#: Every scalar measure of binary counts, in the order of the table.
MEASURES: tuple[MeasureInfo, ...] = (
    _m("negatives", _rates.negatives, "N", "counts", f"{_A15}, Table 1", 0, INF, "positives"),
    _m("positives", _rates.positives, "P", "counts", f"{_A15}, Table 1", 0, INF, "negatives"),
    _m(
        "predicted_negatives",
        _rates.predicted_negatives,
        "N̂",
        "counts",
        f"{_A15}, Table 1",
        0,
        INF,
        "predicted_positives",
    ),
    _m(
        "predicted_positives",
        _rates.predicted_positives,
        "P̂",
        "counts",
        f"{_A15}, Table 1",
        0,
        INF,
        "predicted_negatives",
    ),
    _m("total", _rates.total, "M", "counts", f"{_A15}, Table 1", 0, INF, "total"),
    _m(
        "negative_proportion",
        _rates.negative_proportion,
        "n",
        "counts",
        f"{_A15}, Table 1",
        0,
        1,
        "positive_proportion",
    ),
    _m(
        "positive_proportion",
        _rates.positive_proportion,
        "p",
        "counts",
        f"{_A15}, Table 1",
        0,
        1,
        "negative_proportion",
    ),
    _m(
        "predicted_negative_proportion",
        _rates.predicted_negative_proportion,
        "n̂",
        "counts",
        f"{_A15}, Table 1",
        0,
        1,
        "predicted_positive_proportion",
    ),
    _m(
        "predicted_positive_proportion",
        _rates.predicted_positive_proportion,
        "p̂",
        "counts",
        f"{_A15}, Table 1",
        0,
        1,
        "predicted_negative_proportion",
    ),
    _m(
        "class_ratio",
        _rates.class_ratio,
        "σ",
        "counts",
        f"{_A15}, Table 1",
        0,
        INF,
        "class_ratio",
        "inverse",
    ),
    _m("specificity", _rates.specificity, "ρ̄", "rates", f"{_A15}, Table 1", 0, 1, "sensitivity"),
    _m("sensitivity", _rates.sensitivity, "ρ", "rates", f"{_A15}, Table 1", 0, 1, "specificity"),
    _m(
        "false_positive_rate",
        _rates.false_positive_rate,
        "fp",
        "rates",
        f"{_A15}, Table 1",
        0,
        1,
        "false_negative_rate",
    ),
    _m(
        "false_negative_rate",
        _rates.false_negative_rate,
        "fn",
        "rates",
        f"{_A15}, Table 1",
        0,
        1,
        "false_positive_rate",
    ),
    _m("accuracy", _classic.accuracy, "a", "biased", f"{_A15}, eq. 6", 0, 1, "accuracy"),
    _m("error_rate", _classic.error_rate, "e", "biased", f"{_F}, Table 2.3", 0, 1, "error_rate"),
    _m(
        "precision",
        _classic.precision,
        "π",
        "biased",
        f"{_A15}, eq. 6",
        0,
        1,
        "negative_predictive_value",
    ),
    _m(
        "negative_predictive_value",
        _classic.negative_predictive_value,
        "π̄",
        "biased",
        f"{_A15}, Table 1",
        0,
        1,
        "precision",
    ),
    _m("f1_score", _classic.f1_score, "F1", "biased", f"{_A15}, §2", 0, 1),
    _m("mcc", _classic.mcc, "MCC", "biased", f"{_A15}, eqs. 7–8", -1, 1, "mcc"),
    _m("cohen_kappa", _classic.cohen_kappa, "κ", "biased", "Cohen 1960", -1, 1, "cohen_kappa"),
    _m(
        "friedman_bias",
        _bias.friedman_bias,
        "bias",
        "biased",
        f"{_A15}, eqs. 16–19",
        -2,
        2,
        "friedman_bias",
        "negate",
    ),
    _m(
        "information_gain",
        _information.information_gain,
        "I",
        "biased",
        f"{_A15}, eq. 21",
        0,
        1,
        "information_gain",
    ),
    _m(
        "determinant",
        _matrices.determinant,
        "Δ",
        "unbiased",
        f"{_A15}, eq. 11",
        -1,
        1,
        "determinant",
    ),
    _m(
        "unbiased_accuracy",
        _unbiased.unbiased_accuracy,
        "a_u",
        "unbiased",
        f"{_A15}, eq. 9",
        0,
        1,
        "unbiased_accuracy",
    ),
    _m(
        "unbiased_error_rate",
        _unbiased.unbiased_error_rate,
        "e_u",
        "unbiased",
        f"{_A15}, eq. 14",
        0,
        1,
        "unbiased_error_rate",
    ),
    _m(
        "unbiased_precision",
        _unbiased.unbiased_precision,
        "π_u",
        "unbiased",
        f"{_A15}, eq. 9",
        0,
        1,
        "unbiased_negative_predictive_value",
    ),
    _m(
        "unbiased_negative_predictive_value",
        _unbiased.unbiased_negative_predictive_value,
        "π̄_u",
        "unbiased",
        f"{_A15}, §3",
        0,
        1,
        "unbiased_precision",
    ),
    _m("unbiased_f1_score", _unbiased.unbiased_f1_score, "F1_u", "unbiased", f"{_A15}, §3", 0, 1),
    _m(
        "unbiased_mcc",
        _unbiased.unbiased_mcc,
        "MCC_u",
        "unbiased",
        f"{_A15}, eq. 10",
        -1,
        1,
        "unbiased_mcc",
    ),
    _m(
        "unbiased_bias",
        _bias.unbiased_bias,
        "bias_u",
        "unbiased",
        f"{_A15}, eq. 20",
        -1,
        1,
        "unbiased_bias",
        "negate",
    ),
    _m(
        "unbiased_information_gain",
        _information.unbiased_information_gain,
        "I_u",
        "unbiased",
        f"{_A15}, Fig. 7",
        0,
        1,
        "unbiased_information_gain",
    ),
    _m("phi", _phidelta.phi, "φ", "phi-delta", f"{_A15}, eq. 12", -1, 1, "phi", "negate"),
    _m("delta", _phidelta.delta, "δ", "phi-delta", f"{_A15}, eq. 11", -1, 1, "delta"),
    _m(
        "signal_efficiency",
        _signal.signal_efficiency,
        "Se",
        "signal",
        f"{_J05}, §4.1",
        0,
        1,
        "purity",
    ),
    _m(
        "signal_error",
        _signal.signal_error,
        "1 − Se",
        "signal",
        f"{_J05}, §4.1",
        0,
        1,
        "background_acceptance",
    ),
    _m(
        "background_acceptance",
        _signal.background_acceptance,
        "Be",
        "signal",
        f"{_J05}, §4.2",
        0,
        1,
        "signal_error",
    ),
    _m("purity", _signal.purity, "1 − Be", "signal", f"{_J05}, §4.2", 0, 1, "signal_efficiency"),
    _m(
        "classification_error",
        _signal.classification_error,
        "Ce",
        "signal",
        f"{_J05}, §4.3",
        0,
        1,
        "classification_error",
    ),
    _m(
        "weighted_classification_error",
        _signal.weighted_classification_error,
        "Ce_w",
        "signal",
        f"{_J05}, §4.4",
        0,
        INF,
    ),
    _m("enrichment_factor", _signal.enrichment_factor, "E", "signal", f"{_J05}, §4.5", 0, INF),
    _m("quality_factor", _signal.quality_factor, "Q", "signal", f"{_J05}, §4.6", 0, INF),
    _m("rejection_factor", _signal.rejection_factor, "R", "signal", f"{_J05}, §4.7", 1, INF),
    _m("data_quality", _signal.data_quality, "q", "signal", f"{_J05}, §4.6", 0, INF),
    _m("data_quality_rare", _signal.data_quality_rare, "S/√B", "signal", f"{_J05}, §4.6", 0, INF),
)


_BY_NAME = {m.name: m for m in MEASURES}


class MeasureTable(Mapping[str, np.ndarray]):
    """Measures of a batch of counts: a read-only mapping name → array, one value per entry.

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

    def to_dict(self) -> dict[str, np.ndarray]:
        """A plain dict of arrays (copies)."""
        return {k: v.copy() for k, v in self._columns.items()}

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per entry and one column per measure."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - exercised without pandas only
            raise ImportError(
                "MeasureTable.to_frame needs pandas: pip install 'phidelta[ml]' (or pandas)."
            ) from exc
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
    measures : sequence of str, optional
        Names from :data:`MEASURES`; all of them by default. The counts tn, fp, fn, tp always
        come first.
    index : sequence, optional
        Row labels (fold or feature names) for :meth:`MeasureTable.to_frame`.
    zero_division : float or "warn", default nan
        Value of undefined entries (silently, unless "warn").

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

"""What every measure shares: the counts check and the zero-division policy.

Policy (one for every measure): where a denominator is zero the measure is undefined. With the
default ``zero_division="warn"`` such entries are NaN and an :class:`UndefinedMeasureWarning`
says how many; an explicit number (``0.0``, ``1.0``, ``numpy.nan``, …) is used instead, silently.
Measures built on rates (specificity, sensitivity) are undefined for entries with no positives
or no negatives, because the rates are.
"""

from __future__ import annotations

import numbers
import warnings
from typing import Any, Literal

import numpy as np

from phidelta._compute import unit_scale
from phidelta._stack import outside_stacklevel
from phidelta.counts import BinaryCounts
from phidelta.exceptions import UndefinedMeasureWarning

ZeroDivision = float | Literal["warn"]


def check_counts(counts: Any, name: str = "counts") -> BinaryCounts:
    if isinstance(counts, BinaryCounts):
        return counts
    raise TypeError(
        f"`{name}` must be a BinaryCounts; got {type(counts).__name__}. Build one with "
        "BinaryCounts(tn=..., fp=..., fn=..., tp=...) or BinaryCounts.from_labels(y_true, y_pred)."
    )


def check_zero_division(value: Any) -> ZeroDivision:
    if isinstance(value, str):
        if value == "warn":
            return value
    elif isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    raise ValueError(
        f'`zero_division` must be "warn" or a number (e.g. 0.0 or nan); got {value!r}.'
    )


def floats(counts: BinaryCounts) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """tn, fp, fn, tp as float64 arrays."""
    return tuple(np.asarray(getattr(counts, f), dtype=np.float64) for f in ("tn", "fp", "fn", "tp"))


def scaled_near_one(*fields: np.ndarray) -> tuple[np.ndarray, ...]:
    """The counts of each entry times one power of two that brings the entry's largest count
    near 1: exact, so measures that do not depend on the counts' scale (MCC, κ, odds ratios)
    are unchanged, and their products of counts neither overflow nor underflow for weighted
    counts far from 1. An all-zero entry stays zero."""
    top = fields[0]
    for field in fields[1:]:
        top = np.maximum(top, field)
    scale = unit_scale(top)
    return tuple(field * scale for field in fields)


def finish(
    values: np.ndarray, zero_division: ZeroDivision, measure: str, condition: str
) -> np.ndarray:
    """Apply the zero-division policy to the raw values (which hold NaN/inf where undefined)."""
    values = np.array(values, dtype=np.float64, ndmin=1)
    bad = ~np.isfinite(values)
    if bad.any():
        if isinstance(zero_division, str):
            warnings.warn(
                f"{measure} is undefined for {int(bad.sum())} of {values.size} entries "
                f"({condition}); returned nan. Pass zero_division=<value> to choose the value "
                "and silence this warning.",
                UndefinedMeasureWarning,
                stacklevel=outside_stacklevel(),
            )
            values[bad] = np.nan
        else:
            values[bad] = zero_division
    return values


def divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """Elementwise division that yields nan/inf (never a warning) where the denominator is 0."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.true_divide(numerator, denominator)


def rates(counts: BinaryCounts) -> tuple[np.ndarray, np.ndarray]:
    """(specificity ρ̄, sensitivity ρ) with NaN where a class is absent."""
    tn, fp, fn, tp = floats(counts)
    return divide(tn, tn + fp), divide(tp, tp + fn)


def class_rate(
    counts: Any, zero_division: Any, cell: str, measure: str, condition: str
) -> np.ndarray:
    """One cell of the counts over the size of its class, ``"tn"`` or ``"fp"`` over N,
    ``"fn"`` or ``"tp"`` over P, checked and finished under the zero-division policy: the
    measures that are such a rate under several names (sensitivity, signal efficiency, …)."""
    c, zd = check_counts(counts), check_zero_division(zero_division)
    tn, fp, fn, tp = floats(c)
    cells = {"tn": tn, "fp": fp, "fn": fn, "tp": tp}
    size = tn + fp if cell in ("tn", "fp") else tp + fn
    return finish(divide(cells[cell], size), zd, measure, condition)


def all_rates(counts: BinaryCounts) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(tn, fp, fn, tp) as rates of their class, each divided directly (no ``1 − x``), so that
    tiny rates keep full relative precision. NaN where a class is absent."""
    tn, fp, fn, tp = floats(counts)
    negatives, positives = tn + fp, fn + tp
    return (
        divide(tn, negatives),
        divide(fp, negatives),
        divide(fn, positives),
        divide(tp, positives),
    )

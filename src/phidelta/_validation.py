"""Shared input checks, run once at public entry points.

Every check raises a ``ValueError`` or ``TypeError`` whose message names the argument, what was
expected and what came in. Private helpers trust their inputs.
"""

from __future__ import annotations

import math
import numbers
import warnings
from typing import Any

import numpy as np

from phidelta._stack import outside_stacklevel

#: Ratios (negatives / positives) the φ-δ geometry accepts (Armano et al. 2019, §4.2).
GEOMETRY_RATIO_RANGE = (0.1, 10.0)


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def as_float_array(value: Any, name: str, *, ndim: int | None = 1) -> np.ndarray:
    """Convert to a float64 array, rejecting non-numeric input, NaN and infinities."""
    if isinstance(value, str | bytes):
        raise TypeError(f"`{name}` must be numeric; got the string {_describe(value)}.")
    try:
        array = np.asarray(value)
    except Exception as exc:  # ragged sequences and the like
        raise TypeError(f"`{name}` must be an array of numbers; got {_describe(value)}.") from exc
    if array.dtype == object:
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError) as exc:
            raise TypeError(
                f"`{name}` must be an array of numbers; got values such as "
                f"{_describe(array.ravel()[:3].tolist())}."
            ) from exc
    if not (np.issubdtype(array.dtype, np.number) or array.dtype == bool):
        raise TypeError(f"`{name}` must be numeric; got an array of dtype {array.dtype}.")
    if np.issubdtype(array.dtype, np.complexfloating):
        raise TypeError(f"`{name}` must be real; got an array of dtype {array.dtype}.")
    array = array.astype(np.float64, copy=False)
    if ndim is not None:
        if ndim == 1 and array.ndim == 0:
            array = array.reshape(1)
        if array.ndim != ndim:
            raise ValueError(
                f"`{name}` must be {ndim}-dimensional; got an array of shape {array.shape}."
            )
    if not np.all(np.isfinite(array)):
        bad = "NaN" if np.isnan(array).any() else "infinite values"
        raise ValueError(f"`{name}` must be finite; it contains {bad}.")
    return array


def check_same_length(**arrays: np.ndarray) -> int:
    """All 1-D arrays must have one common length; returns it."""
    lengths = {name: len(a) for name, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        listed = ", ".join(f"`{k}` has {v}" for k, v in lengths.items())
        raise ValueError(f"Lengths differ: {listed}; they must be equal.")
    return next(iter(lengths.values()))


def check_sample_weight(sample_weight: Any, n: int) -> np.ndarray:
    """One non-negative, finite weight per sample (the one check of ``sample_weight``)."""
    weights = as_float_array(sample_weight, "sample_weight")
    if len(weights) != n:
        raise ValueError(
            f"`sample_weight` has {len(weights)} entries but there are {n} samples; one weight "
            "per sample is needed."
        )
    if np.any(weights < 0):
        raise ValueError(
            f"`sample_weight` must be non-negative; got a minimum of {weights.min():g}."
        )
    return weights


def check_unit_interval(array: np.ndarray, name: str) -> np.ndarray:
    """Rates such as specificity and sensitivity must lie in [0, 1]."""
    if array.size and (array.min() < 0 or array.max() > 1):
        raise ValueError(
            f"`{name}` must lie in [0, 1]; got values from {array.min():g} to {array.max():g}."
        )
    return array


def check_ratio(ratio: Any, *, name: str = "ratio", geometry: bool = False) -> np.ndarray:
    """A class ratio r = N/P (negatives over positives).

    Measures accept any positive finite ratio (a physicist's background-to-signal ratio may be
    10⁶); the φ-δ geometry restricts it to [0.1, 10] as the software paper does.
    """
    if isinstance(ratio, (bool, str | bytes)):
        raise TypeError(
            f"`{name}` must be a positive number (negatives / positives); got {_describe(ratio)}."
        )
    try:
        array = np.asarray(ratio, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"`{name}` must be a positive number (negatives / positives); got {_describe(ratio)}."
        ) from exc
    if not np.all(np.isfinite(array)) or np.any(array <= 0):
        raise ValueError(
            f"`{name}` must be a positive finite number (negatives / positives); "
            f"got {_describe(ratio)}."
        )
    if geometry:
        low, high = GEOMETRY_RATIO_RANGE
        if np.any(array < low) or np.any(array > high):
            raise ValueError(
                f"`{name}` must be in [0.1, 10] (negatives / positives) for the φ-δ geometry; "
                f"got {_describe(ratio)}."
            )
    return array


def check_positive_int(value: Any, name: str, *, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"`{name}` must be an integer >= {minimum}; got {_describe(value)}.")
    if value < minimum:
        raise ValueError(f"`{name}` must be an integer >= {minimum}; got {value}.")
    return int(value)


def check_positive_number(value: Any, name: str, *, unit: str = "") -> float:
    """A positive finite real number; `unit` says of what, e.g. " (of patients)"."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` must be a positive number{unit}; got {_describe(value)}.")
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"`{name}` must be a positive number{unit}; got {value!r}.")
    return float(value)


def check_open_unit(value: Any, name: str) -> float:
    """A number strictly between 0 and 1 (a confidence or a significance level)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"`{name}` must be a number in (0, 1); got {_describe(value)}.")
    if not 0 < value < 1:
        raise ValueError(f"`{name}` must be in (0, 1); got {value!r}.")
    return float(value)


def check_confidence_level(confidence_level: Any, level: Any = None, *, where: str) -> float:
    """The confidence level of an interval, in (0, 1). ``confidence_level`` is SciPy's name;
    ``level``, phidelta's former keyword, is still read (with a DeprecationWarning) when
    given; a ``level`` that contradicts a non-default ``confidence_level`` is an error. ``where``
    names the function for the messages."""
    if level is not None and confidence_level != 0.95:
        raise TypeError(
            f"{where} got both `confidence_level` and its former name `level`; pass "
            "`confidence_level` only."
        )
    former = DEPRECATED if level is None else level
    value = renamed(confidence_level, former, name="confidence_level", old="level", where=where)
    return check_open_unit(value, "confidence_level")


#: The default of a keyword kept under its former name: "not given".
DEPRECATED: Any = "deprecated"


def renamed(value: Any, former: Any, *, name: str, old: str, where: str) -> Any:
    """``value``, or the value given under the keyword's former name ``old`` (still read, with
    a DeprecationWarning pointing at the caller). ``former`` is :data:`DEPRECATED` when the
    former name was not used."""
    if isinstance(former, str) and former == DEPRECATED:
        return value
    warnings.warn(
        f"`{old}` is the former name of `{name}` in {where}; pass `{name}` instead.",
        DeprecationWarning,
        stacklevel=outside_stacklevel(),
    )
    return former


def require_pandas(what: str) -> Any:
    """``pandas``, or an ImportError that says how to install it (``what`` names the caller).

    Examples
    --------
    >>> require_pandas("MeasureTable.to_frame").__name__
    'pandas'
    """
    try:
        import pandas
    except ImportError as exc:  # pragma: no cover - exercised without pandas only
        raise ImportError(f"{what} needs pandas: pip install 'phidelta[ml]' (or pandas).") from exc
    return pandas

"""Inputs as scikit-learn's metrics take them: target types, one label encoding, weights.

scikit-learn decides what a target is (binary, multi-class, multi-label indicator, continuous)
from its values and shape, and its tests check the errors it raises for everything else. This
module makes those decisions once per call, in linear time where the labels are integers (a
range count instead of a sort), and returns integer codes that the counts are built from.
The positive class is never decided here: that is :func:`phidelta.counts.check_pos_label`.
"""

from __future__ import annotations

import math
import numbers
import sys
import warnings
from typing import Any, NamedTuple

import numpy as np

from phidelta._compute import BLOCK_ROWS, unit_scale
from phidelta._parallel import row_parts, run_parts
from phidelta._stack import outside_stacklevel
from phidelta.counts import check_pos_label, match_class
from phidelta.exceptions import UndefinedMeasureWarning

__all__ = [
    "Targets",
    "UndefinedMetricWarning",
    "as_target",
    "check_lengths",
    "check_targets",
    "check_weights",
    "column",
    "encode",
    "finite_bounds",
    "finite_scores",
    "implicit_positive",
    "scale_free",
    "target_classes",
    "target_type",
    "warn_undefined",
]

#: Label ranges up to this size are encoded by counting instead of sorting.
_RANGE_LIMIT = 1 << 22


class UndefinedMetricWarning(UndefinedMeasureWarning):
    """A metric of :mod:`phidelta.metrics` is undefined (scikit-learn's warning name).

    The warning actually emitted is a subclass of this class and, once scikit-learn's
    ``sklearn.exceptions`` has been imported (which any code that filters or expects
    scikit-learn's ``UndefinedMetricWarning`` has done), of scikit-learn's
    ``UndefinedMetricWarning`` too: filters and ``pytest.warns`` written for either package
    catch it, and scikit-learn is never imported by phidelta to find out.

    Examples
    --------
    >>> import warnings
    >>> from phidelta.metrics import precision_score
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     precision_score([0, 1], [0, 0])  # nothing predicted positive: 0/0
    0.0
    >>> issubclass(caught[0].category, UndefinedMetricWarning)
    True
    """


_BOTH: dict[type, type] = {}


def _category() -> type[Warning]:
    module = sys.modules.get("sklearn.exceptions")
    theirs = getattr(module, "UndefinedMetricWarning", None)
    if theirs is None:
        return UndefinedMetricWarning
    if theirs not in _BOTH:
        _BOTH[theirs] = type(
            "UndefinedMetricWarning",
            (UndefinedMetricWarning, theirs),
            {"__module__": __name__, "__doc__": UndefinedMetricWarning.__doc__},
        )
    return _BOTH[theirs]


def warn_undefined(message: str) -> None:
    """Emit the undefined-metric warning (see :class:`UndefinedMetricWarning`) at the
    caller's line."""
    warnings.warn(message, _category(), stacklevel=outside_stacklevel())


# --- arrays ---------------------------------------------------------------------------------------
def _is_sparse(y: Any) -> bool:
    return hasattr(y, "toarray") and hasattr(y, "nnz")


def as_target(y: Any, name: str) -> Any:
    """``y`` as a NumPy array (or a SciPy sparse matrix, kept as it is)."""
    if _is_sparse(y):
        return y
    if isinstance(y, str | bytes) or not (
        hasattr(y, "__array__") or hasattr(y, "__len__") or hasattr(y, "to_numpy")
    ):
        raise ValueError(f"Expected array-like (array or non-string sequence), got {y!r}")
    if hasattr(y, "to_numpy") and not isinstance(y, np.ndarray):
        y = y.to_numpy()
    try:
        array = np.asarray(y)
    except ValueError:  # ragged nested sequences
        array = np.empty(len(y), dtype=object)
        array[:] = list(y)
    if array.dtype.kind == "c":
        raise ValueError("Complex data not supported")
    return array


def check_lengths(*arrays: Any) -> int:
    """One number of samples for all (``None`` skipped), scikit-learn's message otherwise."""
    lengths = [_length(a) for a in arrays if a is not None]
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths!r}")
    return lengths[0] if lengths else 0


def check_samples(y: np.ndarray) -> None:
    """scikit-learn's error for a target without samples (``check_array``'s message)."""
    if not len(y):
        raise ValueError(
            f"Found array with 0 sample(s) (shape={y.shape}) while a minimum of 1 is required."
        )


def check_label_type(y: np.ndarray, given: Any) -> np.ndarray | None:
    """scikit-learn's ``LabelBinarizer`` checks: the classes of ``y`` (1-D, from the caller's
    ``given``) must be binary or multi-class labels — not continuous values, mixed text and
    numbers or other objects (the probabilities' columns would be matched to nothing).
    Returns the sorted classes when the check found them (numbers), else None."""
    described = _describe(y, "y_true")
    kind = described.kind
    # NumPy turns [0, "a"] into text: the mix is seen in the caller's sequence
    if (
        y.dtype.kind == "U"
        and isinstance(given, list | tuple)
        and any(not isinstance(v, str) for v in given)
    ):
        _mixed([y])
    if kind in ("binary", "multiclass"):
        return described.values
    if y.dtype.kind == "O" and any(isinstance(v, str) for v in y.tolist()):
        _mixed([y])
    raise ValueError(f"Unknown label type: ({given!r},)")


def _length(a: Any) -> int:
    if hasattr(a, "shape") and len(a.shape):
        return int(a.shape[0])
    if hasattr(a, "shape"):
        raise TypeError(f"Singleton array {a!r} cannot be considered a valid collection.")
    if not hasattr(a, "__len__"):
        raise TypeError(f"Expected sequence or array-like, got {type(a)}")
    return len(a)


def column(y: Any, name: str = "y") -> np.ndarray:
    """A 1-D array from a vector or a one-column matrix (scikit-learn's ``column_or_1d``)."""
    array = as_target(y, name)
    if _is_sparse(array):
        raise TypeError(
            "Sparse data was passed, but dense data is required. Use '.toarray()' to "
            "convert to a dense numpy array."
        )
    if array.ndim == 1:
        return array
    if array.ndim == 2 and array.shape[1] == 1:
        return array.ravel()
    raise ValueError(f"y should be a 1d array, got an array of shape {array.shape} instead.")


def finite_scores(y: Any, name: str | None = None) -> np.ndarray:
    """Scores as float64 with scikit-learn's messages for text, NaN and infinity."""
    array = _float_scores(y, name)
    _check_finite(array, name)
    return array


def finite_bounds(y: Any, name: str | None = None) -> tuple[np.ndarray, float, float]:
    """:func:`finite_scores` with their minimum and maximum, found in the same pass: all
    scores are finite exactly when both are (a NaN makes both NaN). Empty: (array, 0, 0)."""
    array = _float_scores(y, name)
    if not array.size:
        return array, 0.0, 0.0
    low, high = _bounds(array)
    if not (np.isfinite(low) and np.isfinite(high)):
        _check_finite(array, name)  # raises, with the message for NaN or infinity
    return array, low, high


def _bounds(array: np.ndarray) -> tuple[float, float]:
    """Minimum and maximum of a non-empty 1-D float array in one blocked pass, in parts on
    the threads (NaN for both when it holds a NaN)."""

    def bounds(start: int, stop: int) -> tuple[float, float]:
        low, high = np.inf, -np.inf
        for at in range(start, stop, BLOCK_ROWS):
            block = array[at : min(at + BLOCK_ROWS, stop)]
            low, high = np.minimum(low, block.min()), np.maximum(high, block.max())
            if np.isnan(low) or np.isnan(high):
                return np.nan, np.nan
        return low, high

    found = np.array(run_parts(bounds, row_parts(array.size, BLOCK_ROWS)))
    return float(np.min(found[:, 0])), float(np.max(found[:, 1]))


def _float_scores(y: Any, name: str | None) -> np.ndarray:
    array = column(y, name or "y_score")
    if array.dtype.kind not in "biuf":
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError) as exc:
            raise ValueError(
                f"could not convert {name or 'input'} to float: dtype {array.dtype}"
            ) from exc
    return np.asarray(array, dtype=np.float64)


def _check_finite(array: np.ndarray, name: str | None) -> None:
    if array.dtype.kind == "f" and array.size and not np.isfinite(array).all():
        where = f"Input {name} contains" if name else "Input contains"
        if np.isnan(array).any():
            raise ValueError(f"{where} NaN.")
        raise ValueError(f"{where} infinity or a value too large for dtype('float64').")


def scale_free(weight: np.ndarray | None) -> np.ndarray | None:
    """``weight`` times the power of two that brings its largest value near 1, when that
    value lies outside [2⁻¹⁰⁰, 2¹⁰⁰] (else ``weight`` itself), for results that do not depend
    on the weights' scale (areas, rates, precision): multiplying by a power of two is exact,
    so they are unchanged, and products of weights such as P·N neither overflow nor
    underflow (scikit-learn: NaN, 0 or a ZeroDivisionError for weights of 1e155 or 1e-170)."""
    if weight is None or not weight.size:
        return weight
    top = float(weight.max())
    if not 0.0 < top < math.inf or 2.0**-100 <= top <= 2.0**100:
        return weight
    return weight * unit_scale(top)


def check_weights(sample_weight: Any, n: int, *, allow_all_zero: bool = False) -> np.ndarray | None:
    """Finite, non-negative weights, one per sample (a number is used for every sample).

    scikit-learn accepts negative weights; phidelta's counts are non-negative, so they are
    refused here with a message that says so.
    """
    if sample_weight is None:
        return None
    if isinstance(sample_weight, numbers.Number) and not isinstance(sample_weight, bool):
        w = np.full(n, float(sample_weight))
    else:
        w = np.asarray(sample_weight)
        if w.dtype.kind not in "biuf":
            w = w.astype(np.float64)
        w = w.astype(np.float64, copy=False)
        if w.ndim != 1:
            raise ValueError(
                f"Sample weights must be 1D array or scalar, got {w.ndim}D array. Expected "
                f"either a scalar value or a 1D array of length {n}."
            )
        if w.shape != (n,):
            raise ValueError(f"sample_weight.shape == {w.shape}, expected {(n,)}!")
    if not n:
        return w
    low, high = _bounds(w)  # one pass finds NaN, infinity, a negative weight and all zero
    if not (np.isfinite(low) and np.isfinite(high)):
        _check_finite(w, "sample_weight")  # raises, with the message for NaN or infinity
    if low < 0:
        raise ValueError(
            f"`sample_weight` must be non-negative for phidelta's counts; got a minimum of "
            f"{low:g} (scikit-learn accepts negative weights, phidelta does not)."
        )
    if not allow_all_zero and high == 0:
        raise ValueError("Sample weights must contain at least one non-zero number.")
    return w


# --- target types ---------------------------------------------------------------------------------
class _Described(NamedTuple):
    kind: str  # scikit-learn's type_of_target name
    values: np.ndarray | None  # 1-D targets: the sorted distinct labels
    array: Any  # the target as an array (integral floats stay floats)


def target_type(y: Any, name: str = "y") -> str:
    """scikit-learn's ``type_of_target`` name of ``y`` ("binary", "multiclass", ...)."""
    return _describe(as_target(y, name), name).kind


def target_classes(y: Any, name: str = "y") -> tuple[str, list[Any] | None]:
    """(``type_of_target`` name, sorted distinct labels of a 1-D target or None)."""
    d = _describe(as_target(y, name), name)
    return d.kind, None if d.values is None else d.values.tolist()


def _describe(y: Any, name: str) -> _Described:
    if _is_sparse(y):
        return _describe_sparse(y)
    if y.ndim == 1 and y.size and y.dtype.kind == "O":
        first = y[0]
        _reject_first(first)
    elif y.ndim >= 1 and y.size:
        first = y.flat[0]
        _reject_first(first)
    if y.ndim not in (1, 2):
        return _Described("unknown", None, y)
    if not min(y.shape):
        return _Described("binary" if y.ndim == 1 else "unknown", np.zeros(0), y)
    if y.dtype.kind == "O" and not isinstance(y.flat[0], str):
        return _Described("unknown", None, y)
    if y.ndim == 2 and y.shape[1] > 1:
        distinct = _distinct(y.ravel(), limit=3)
        if len(distinct) < 3 and (y.dtype.kind in "biu" or _integral(distinct)):
            return _Described("multilabel-indicator", None, y)
        suffix = "-multioutput"
    else:
        suffix = ""
        y = y.ravel() if y.ndim == 2 else y
    if y.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            integral = np.array_equal(y, np.trunc(y))
        if not integral:
            _check_finite(y, name)
            return _Described("continuous" + suffix, None, y)
    if suffix:
        _check_finite(y, name)  # ±inf is "integral" too
        return _Described("multiclass" + suffix, None, y)
    values = _distinct_integral_floats(y) if y.dtype.kind == "f" else _distinct(y)
    _check_finite(values, name)  # ±inf is "integral" too: found among the distinct labels
    return _Described("multiclass" if len(values) > 2 else "binary", values, y)


def _reject_first(first: Any) -> None:
    if isinstance(first, bytes | np.bytes_):
        raise TypeError(
            "Support for labels represented as bytes is not supported. Convert the labels to "
            "a string or integer format."
        )
    if isinstance(first, list | tuple) or (
        isinstance(first, np.ndarray) and first.dtype.kind == "O"
    ):
        raise ValueError(
            "You appear to be using a legacy multi-label data representation. Sequence of "
            "sequences are no longer supported; use a binary array or sparse matrix instead - "
            "the MultiLabelBinarizer transformer can convert to this format."
        )


def _describe_sparse(y: Any) -> _Described:
    if y.ndim != 2 or not min(y.shape):
        return _Described("unknown", None, y)
    data = np.asarray(y.tocsr().data)
    distinct = _distinct(np.concatenate([data, [0]]) if y.nnz < np.prod(y.shape) else data, 3)
    if y.shape[1] > 1 and len(distinct) < 3 and (data.dtype.kind in "biu" or _integral(distinct)):
        return _Described("multilabel-indicator", None, y)
    if data.dtype.kind == "f" and not _integral(data):
        return _Described("continuous-multioutput" if y.shape[1] > 1 else "continuous", None, y)
    if y.shape[1] > 1:
        return _Described("multiclass-multioutput", None, y)
    return _Described("multiclass" if len(distinct) > 2 else "binary", None, y)


def _integral(values: np.ndarray) -> bool:
    if values.dtype.kind != "f":
        return values.dtype.kind in "biu"
    with np.errstate(invalid="ignore"):
        return bool(np.array_equal(values, np.trunc(values)))


def _distinct(y: np.ndarray, limit: int | None = None) -> np.ndarray:
    """Sorted distinct values; with ``limit=3``, stop once three are certain."""
    if y.dtype.kind in "biuf" and y.size:
        pair = _at_most_two(y)
        if pair is not None:
            return pair
        if limit is not None:
            return y[:3]  # three or more: the exact set is not needed
    if y.dtype.kind in "biu" and y.size:
        present, low = _present(y)
        if present is not None:
            return (np.flatnonzero(present) + low).astype(y.dtype)
    if y.dtype.kind == "O":
        try:
            return np.array(sorted(set(y.tolist())), dtype=object)
        except TypeError:
            _mixed([y])
    return np.unique(y)


def _at_most_two(y: np.ndarray) -> np.ndarray | None:
    """The sorted distinct values of a numeric vector when there are at most two (no sort:
    the first value different from the first one, then both counted in one blocked pass),
    else None."""
    y = y.ravel()
    first, second = y[0], None
    for start in range(0, y.size, BLOCK_ROWS):
        other = np.flatnonzero(y[start : start + BLOCK_ROWS] != first)
        if len(other):
            second = y[start + int(other[0])]
            break
    if second is None:
        return y[:1].copy()

    def count(start: int, stop: int) -> int:
        equal = np.empty(min(stop - start, BLOCK_ROWS), dtype=bool)
        found = 0
        for at in range(start, stop, BLOCK_ROWS):
            block = y[at : min(at + BLOCK_ROWS, stop)]
            e = equal[: len(block)]
            found += int(np.count_nonzero(np.equal(block, first, out=e)))
            found += int(np.count_nonzero(np.equal(block, second, out=e)))
        return found

    if sum(run_parts(count, row_parts(y.size, BLOCK_ROWS))) != y.size:
        return None
    return np.sort(np.array([first, second], dtype=y.dtype))


def _distinct_integral_floats(y: np.ndarray) -> np.ndarray:
    """Distinct values of floats known to be whole numbers: counted over their integer range
    when it is small (no sort), as floats."""
    pair = _at_most_two(y)
    if pair is not None:
        return pair
    if np.abs(y).max() < 2**53:
        present, low = _present(y.astype(np.int64))
        if present is not None:
            return (np.flatnonzero(present) + low).astype(y.dtype)
    return np.unique(y)


def _present(y: np.ndarray) -> tuple[np.ndarray | None, int]:
    """Which values of an integer range occur (a count, not a sort), when the range is small."""
    if y.dtype == bool:
        y = y.view(np.uint8)
    low, high = int(y.min()), int(y.max())
    if high - low >= max(_RANGE_LIMIT, 2 * y.size):
        return None, low
    shifted = y - low if low else y
    return np.bincount(shifted.astype(np.intp, copy=False), minlength=high - low + 1) > 0, low


# --- pairs of targets -----------------------------------------------------------------------------
class Targets(NamedTuple):
    """Checked ``y_true, y_pred`` of one classification task.

    ``kind`` is "binary", "multiclass" or "multilabel-indicator". For the first two, ``classes``
    are the sorted labels present in either, and ``true``/``pred`` are their codes (indices into
    ``classes``). For multi-label targets ``true``/``pred`` are boolean (samples, labels)
    matrices and ``classes`` is ``arange(labels)``.
    """

    kind: str
    classes: np.ndarray
    true: np.ndarray
    pred: np.ndarray
    weight: np.ndarray | None


def check_targets(
    y_true: Any,
    y_pred: Any,
    sample_weight: Any = None,
    *,
    names: tuple[str, str] = ("y_true", "y_pred"),
) -> Targets:
    """scikit-learn's ``_check_targets``: one task type for both, codes of one label set."""
    a, b = as_target(y_true, names[0]), as_target(y_pred, names[1])
    n = check_lengths(a, b, sample_weight)
    ta, tb = _describe(a, names[0]), _describe(b, names[1])
    if _length(a) < 1 or _length(b) < 1:
        raise ValueError(
            "Found empty input array (e.g., `y_true` or `y_pred`) while a minimum of 1 sample "
            "is required."
        )
    w = check_weights(sample_weight, n)
    kinds = {ta.kind, tb.kind}
    if kinds == {"binary", "multiclass"}:
        kinds = {"multiclass"}
    if len(kinds) > 1:
        raise ValueError(
            f"Classification metrics can't handle a mix of {ta.kind} and {tb.kind} targets"
        )
    kind = kinds.pop()
    if kind not in ("binary", "multiclass", "multilabel-indicator"):
        raise ValueError(f"{kind} is not supported")
    if kind == "multilabel-indicator":
        if a.shape[1] != b.shape[1]:
            raise ValueError("Multi-label binary indicator input with different numbers of labels")
        return Targets(kind, np.arange(a.shape[1]), _indicator(a), _indicator(b), w)
    classes, codes_a, codes_b = _encode_pair(ta, tb)
    return Targets("multiclass" if len(classes) > 2 else "binary", classes, codes_a, codes_b, w)


def _indicator(y: Any) -> np.ndarray:
    dense = y.toarray() if _is_sparse(y) else np.asarray(y)
    return dense != 0


def _mixed(arrays: list[np.ndarray]) -> None:
    shown = " and ".join(f"{_unique_for_message(y)}" for y in arrays)
    raise ValueError(f"Mix of label input types (string and number); Got {shown}.")


def _unique_for_message(y: np.ndarray) -> Any:
    try:
        return np.unique(y)
    except TypeError:
        return np.array(sorted(set(y.tolist()), key=repr), dtype=object)


def _is_text(d: _Described) -> bool:
    return d.array.dtype.kind in "US" or (
        d.array.dtype.kind == "O" and all(isinstance(v, str) for v in d.values.tolist())
    )


def _encode_pair(ta: _Described, tb: _Described) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The union of both label sets (sorted) and each target's codes into it."""
    a, b = ta.array, tb.array
    if (
        a.dtype.kind == "O"
        or b.dtype.kind == "O"
        or (a.dtype.kind in "US") != (b.dtype.kind in "US")
    ):
        text_a, text_b = _is_text(ta), _is_text(tb)
        mixed_a = (
            a.dtype.kind == "O"
            and not text_a
            and any(isinstance(v, str) for v in ta.values.tolist())
        )
        if mixed_a or (text_a != text_b and len(ta.values) and len(tb.values)):
            _mixed([a, b])
    values = _union(ta.values, tb.values)
    return values, encode(a, values), encode(b, values)


def _union(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    if u.dtype.kind == "O" or v.dtype.kind == "O":
        merged = sorted(set(u.tolist()) | set(v.tolist()))
        kinds = {type(x) for x in merged}
        if kinds <= {str}:
            return np.array(merged, dtype=object)
        return np.array(merged)
    if u.dtype.kind in "biuf" and v.dtype.kind in "biuf" and u.dtype != v.dtype:
        # sklearn's sorted Python values: ints and floats mix to floats, booleans to ints
        kind = np.result_type(u, v)
        return np.union1d(u.astype(kind), v.astype(kind))
    return np.union1d(u, v)


def encode(y: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Index of each label of ``y`` in the sorted ``values`` (which hold every label of y)."""
    if y.dtype.kind in "biu" or (y.dtype.kind == "f" and values.dtype.kind in "biuf"):
        ints = y.view(np.uint8) if y.dtype == bool else y
        if ints.dtype.kind == "f":
            with np.errstate(invalid="ignore"):
                ints = ints.astype(np.int64)
        low = int(values[0]) if len(values) else 0
        high = int(values[-1]) if len(values) else 0
        if low < 0 and ints.dtype.kind == "u":  # booleans among negative labels
            ints = ints.astype(np.int64)
        if high - low < max(_RANGE_LIMIT, 2 * len(y)):
            if low == 0 and len(values) == high + 1:  # the values are 0..k-1: codes = labels
                return ints.astype(np.intp, copy=False)
            table = np.zeros(high - low + 1, dtype=np.intp)
            table[values.astype(np.int64) - low] = np.arange(len(values))
            return table[ints - low if low else ints]
    if y.dtype.kind == "O" or values.dtype.kind == "O":
        lookup = {v: i for i, v in enumerate(values.tolist())}
        return np.fromiter((lookup[v] for v in y.tolist()), dtype=np.intp, count=len(y))
    return np.searchsorted(values, y).astype(np.intp, copy=False)


# --- the positive class ---------------------------------------------------------------------------
def implicit_positive(classes: list[Any], pos_label: Any, *, name: str = "y_true") -> Any:
    """The positive class by :func:`phidelta.counts.check_pos_label`; without ``pos_label``
    and without an implicit positive, scikit-learn's message.

    phidelta's rule is a superset of scikit-learn's: it also reads the text "0"/"1" and
    "false"/"true" (a file's or a web form's classes) as 0/1.
    """
    if pos_label is not None:
        found, value = match_class(classes, pos_label)
        return value if found else pos_label
    try:
        return check_pos_label(classes, None, where=f"`{name}`")
    except ValueError as exc:
        listed = ", ".join(repr(c) for c in classes)
        raise ValueError(
            f"{name} takes value in {{{listed}}} and pos_label is not specified: either make "
            f"{name} take value in {{0, 1}} or {{-1, 1}} or pass pos_label explicitly."
        ) from exc

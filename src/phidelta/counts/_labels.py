"""Turning label vectors of any encoding into "is positive" masks, in linear time.

No sort is needed: a vector holds at most two distinct values exactly when every element equals
either its first element or the first element that differs from it. Two comparisons and two
``count_nonzero`` calls per vector check that, which keeps counting at memory speed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_STANDARD_POSITIVES = (True, 1)  # {False, True}, {0, 1} and {-1, +1}: the positive is 1 / True
_STANDARD_SETS = ({0, 1}, {-1, 1})


def as_label_array(values: Any, name: str, *, ndim: int | tuple[int, ...] = 1) -> np.ndarray:
    """A label vector (or matrix for batches) as a NumPy array, with missing values rejected."""
    if hasattr(values, "to_numpy") and not isinstance(values, np.ndarray):
        values = values.to_numpy()  # pandas / polars Series
    if isinstance(values, str | bytes):
        raise TypeError(f"`{name}` must be an array of labels; got the string {values!r}.")
    if isinstance(values, list | tuple) and _mixes_strings(values):
        array = np.array(values, dtype=object)  # NumPy would turn 0 into "0"
    else:
        array = np.asarray(values)
    allowed = (ndim,) if isinstance(ndim, int) else ndim
    if array.ndim not in allowed:
        shape = " or ".join(f"{d}-dimensional" for d in allowed)
        raise ValueError(f"`{name}` must be {shape}; got an array of shape {array.shape}.")
    kind = array.dtype.kind
    if kind == "f" and np.isnan(array).any():
        raise ValueError(f"`{name}` contains NaN; labels must not be missing.")
    if kind == "c":
        raise TypeError(f"`{name}` must hold labels, not complex numbers.")
    if kind == "O" and array.size:
        flat = array.ravel()
        missing = np.fromiter((_is_missing(v) for v in flat), bool, len(flat))
        if missing.any():
            raise ValueError(
                f"`{name}` contains missing values (None or NaN) at "
                f"{int(missing.sum())} positions; labels must not be missing."
            )
    if kind not in "biufUSO":
        raise TypeError(
            f"`{name}` must hold labels (numbers, booleans or strings); got dtype {array.dtype}."
        )
    return array


def _mixes_strings(values: list | tuple) -> bool:
    kinds = {isinstance(v, str | bytes) for v in values if not isinstance(v, list | tuple)}
    return len(kinds) > 1


def _is_missing(value: Any) -> bool:
    """None, float NaN, pandas.NA and NaT (checked by type name: pandas is optional)."""
    if value is None or (isinstance(value, float) and value != value):
        return True
    return type(value).__name__ in ("NAType", "NaTType")


def _python(value: Any) -> Any:
    return value.item() if isinstance(value, np.generic) else value


def distinct_at_most_two(array: np.ndarray, name: str) -> tuple[list[Any], np.ndarray | None]:
    """The distinct values of ``array`` (at most two) and the mask ``array == first value``.

    Raises a ValueError naming the argument when there are more than two values.
    """
    flat = array.ravel()
    if flat.size == 0:
        return [], None
    first = flat[0]
    equal_first = flat == first
    if not isinstance(equal_first, np.ndarray):  # exotic objects that do not broadcast
        raise TypeError(f"`{name}` holds labels that cannot be compared elementwise.")
    n_first = int(np.count_nonzero(equal_first))
    if n_first == flat.size:
        return [_python(first)], equal_first
    second = flat[int(np.argmin(equal_first))]
    n_second = int(np.count_nonzero(flat == second))
    if n_first + n_second != flat.size:
        sample = np.unique(flat[: min(flat.size, 10_000)])[:6].tolist()
        raise ValueError(
            f"`{name}` has more than two distinct labels (e.g. {sample}); binary counts need "
            "two classes. Use phidelta's multi-class confusion matrices, or binarize first."
        )
    return [_python(first), _python(second)], equal_first


def _sorted_labels(labels: list[Any]) -> list[Any]:
    try:
        return sorted(labels)
    except TypeError:
        return sorted(labels, key=repr)


def resolve_pos_label(
    present: list[Any], pos_label: Any, declared: list[Any] | None, what: str
) -> Any:
    """Choose the positive label and check it against the labels seen (or declared)."""
    universe = declared if declared is not None else present
    if pos_label is not None:
        if not any(_same(pos_label, v) for v in universe):
            where = "`labels`" if declared is not None else what
            raise ValueError(
                f"`pos_label`={pos_label!r} is not in {where}; its labels are "
                f"{_sorted_labels(universe)}."
            )
        return pos_label
    values = set()
    for v in universe:
        if isinstance(v, bool | np.bool_) or (
            isinstance(v, int | float | np.number) and float(v).is_integer()
        ):
            values.add(int(v))
        else:
            values = None
            break
    if values is not None and any(values <= s for s in _STANDARD_SETS):
        if all(isinstance(v, bool | np.bool_) for v in universe) and universe:
            return True
        return 1
    raise ValueError(
        f"The labels {_sorted_labels(universe)} do not say which class is positive; "
        "pass `pos_label` (e.g. pos_label="
        f"{_sorted_labels(universe)[-1]!r})."
    )


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b) and (isinstance(a, str) == isinstance(b, str))
    except Exception:
        return False


def positive_mask(
    array: np.ndarray, values: list[Any], equal_first: np.ndarray | None, pos_label: Any
) -> np.ndarray:
    """Boolean mask ``array == pos_label`` reusing the comparison already made."""
    if equal_first is None:
        return np.zeros(array.shape, dtype=bool)
    mask = equal_first if _same(values[0], pos_label) else None
    if mask is None:
        mask = (
            ~equal_first if any(_same(v, pos_label) for v in values) else np.zeros_like(equal_first)
        )
    return mask.reshape(array.shape)


def encode_pair(
    y_true: np.ndarray,
    y_pred: np.ndarray,
    pos_label: Any,
    labels: Any,
) -> tuple[np.ndarray, np.ndarray, Any]:
    """Masks "is positive" for true and predicted labels sharing one binary encoding."""
    true_values, true_first = distinct_at_most_two(y_true, "y_true")
    pred_values, pred_first = distinct_at_most_two(y_pred, "y_pred")
    present: list[Any] = []
    for v in true_values + pred_values:
        if not any(_same(v, w) for w in present):
            present.append(v)
    declared = None
    if labels is not None:
        declared = list(np.asarray(labels).tolist())
        if len(declared) != 2 or _same(declared[0], declared[1]):
            raise ValueError(f"`labels` must list the two classes; got {declared!r}.")
        stray = [v for v in present if not any(_same(v, d) for d in declared)]
        if stray:
            raise ValueError(
                f"`y_true`/`y_pred` contain labels {_sorted_labels(stray)} that are not in "
                f"`labels`={declared!r}."
            )
    elif len(present) > 2:
        raise ValueError(
            f"`y_true` and `y_pred` together have more than two labels: "
            f"{_sorted_labels(present)}; binary counts need one shared pair of labels."
        )
    if not present and declared is None and pos_label is None:
        return (np.zeros(y_true.shape, bool), np.zeros(y_pred.shape, bool), 1)
    if not present and pos_label is not None and declared is None:
        return (np.zeros(y_true.shape, bool), np.zeros(y_pred.shape, bool), pos_label)
    pos = resolve_pos_label(present, pos_label, declared, "`y_true` or `y_pred`")
    true_pos = positive_mask(y_true, true_values, true_first, pos)
    pred_pos = positive_mask(y_pred, pred_values, pred_first, pos)
    return true_pos, pred_pos, pos

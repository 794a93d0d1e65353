"""The roles of a table's columns, and one block of rows turned into clean role arrays.

The rules every door shares:

* **Class values** are read the same in every block and by every reader: missing values
  aside, a float column whose values are whole numbers holds integers (``0.0``/``1.0`` with a
  gap are the classes 0 and 1), a column of booleans — or of the text ``true``/``false`` —
  holds booleans, and text is read value by value: a value that spells a number is that
  number (``"1"`` and ``"1.0"`` are the class 1, ``"007"`` the class 7, as a CSV reader
  reads a column of digits), one that spells ``true``/``false`` that boolean, other text is
  text — so a column read in blocks gives the classes it gives read whole.
* **Missing values** in a role column (label, prediction, score, fold, weight, group): with
  ``missing="drop"`` (the default, as pROC's ``na.rm``) the row is left out and the number of
  rows left out is reported with the result; with ``missing="error"`` the data are refused.
  Missing *feature* values follow the signature's own rules.
* **Scores and weights** must be numbers; text that is not a number is an error naming the
  column and a value (never a silent NaN).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from phidelta.data._errors import DataError

__all__ = ["MISSING", "RoleBlock", "Roles", "clean_classes", "role_block"]

#: What to do with a row whose role column is missing: leave it out (counted) or refuse.
MISSING = ("drop", "error")


def _parse_threshold(value: Any) -> float | str | None:
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "optimal":
            return "optimal"
        try:
            value = float(text)
        except ValueError:
            raise DataError(
                f'the threshold must be a number or "optimal"; got {value!r}', "threshold"
            ) from None
    if isinstance(value, bool) or not isinstance(value, int | float | np.number):
        raise DataError(f'the threshold must be a number or "optimal"; got {value!r}', "threshold")
    if not np.isfinite(float(value)):
        raise DataError(f"the threshold must be finite; got {value!r}", "threshold")
    return float(value)


@dataclass(frozen=True)
class Roles:
    """Which column plays which role.

    Parameters
    ----------
    label : str
        The class (true label) column.
    positive : optional
        The positive class, as a value or as text (``"1"`` matches the number 1, ``"true"``
        the boolean True). Needed unless the classes are {0, 1}, {−1, 1} or {False, True}.
    prediction, score : str, optional
        Columns of predicted labels and of scores (higher = more positive).
    threshold : float, "optimal" or text of either, optional
        The cut that turns scores into predictions (positive when score ≥ threshold); by
        default 0.5 when every score lies in [0, 1] and 0 otherwise.
    fold, weight : str, optional
        Columns of fold or run ids and of sample weights.
    group : str, optional
        Column of group ids (patient, speaker, document, site) when several rows belong to
        one group: its rows are not independent, and every interval resamples whole groups
        (the AUC's is Obuchowski's clustered one). A row of no group (a missing id) follows
        the missing-value rule.

    Raises
    ------
    DataError
        If a column name is not a string, or the threshold is neither a finite number nor
        "optimal".

    Examples
    --------
    >>> Roles("y", positive="1", score="s", threshold="0.3").threshold
    0.3
    >>> Roles("y", fold="run").classifier(score="b").columns()
    ['y', 'b', 'run']
    """

    label: str
    positive: Any = None
    prediction: str | None = None
    score: str | None = None
    threshold: float | str | None = None
    fold: str | None = None
    weight: str | None = None
    group: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.label, str) or not self.label:
            raise DataError(f"the label column must be a column name; got {self.label!r}", "label")
        for role in ("prediction", "score", "fold", "weight", "group"):
            value = getattr(self, role)
            if value == "":  # an empty form field: no such column
                object.__setattr__(self, role, None)
            elif value is not None and not isinstance(value, str):
                raise DataError(f"the {role} column must be a column name; got {value!r}", role)
        if isinstance(self.positive, str) and self.positive == "":
            object.__setattr__(self, "positive", None)
        object.__setattr__(self, "threshold", _parse_threshold(self.threshold))
        if self.group is not None:
            # a group holds rows of one patient, speaker or site: grouping by what is measured
            # makes every resample keep the same rows of each class (degenerate intervals)
            for role in ("label", "prediction", "score", "weight"):
                if getattr(self, role) == self.group:
                    raise DataError(
                        f"the group column must hold group ids, not the {role} column "
                        f"({self.group!r})",
                        "group",
                    )

    def columns(self) -> list[str]:
        """The columns these roles read (each once, label first).

        Returns
        -------
        list of str
            Column names.
        """
        names = [self.label, self.prediction, self.score, self.fold, self.weight, self.group]
        return list(dict.fromkeys(n for n in names if n is not None))

    def classifier(self, prediction: str | None = None, score: str | None = None) -> Roles:
        """These roles for one classifier of the rows: its prediction and score columns, the
        label, positive class, threshold, fold, weight and group shared (the two classifiers
        of :func:`phidelta.data.load_comparison`).

        Parameters
        ----------
        prediction, score : str, optional
            The classifier's columns of predicted labels and of scores.

        Returns
        -------
        Roles
            The roles, with these two columns.
        """
        return replace(self, prediction=prediction, score=score)


def check_roles(roles: Any) -> Roles:
    """``roles`` itself if it is a :class:`Roles`, else a TypeError saying what is expected."""
    if not isinstance(roles, Roles):
        raise TypeError(
            "`roles` must be a phidelta.data.Roles naming the columns, e.g. "
            f"Roles('label', score='score'); got {type(roles).__name__}."
        )
    return roles


def clean_classes(values: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(classes, missing)``: the non-missing values of a class-like column, read by the
    class-value rule of this module, and the mask of missing entries.

    Parameters
    ----------
    values : array-like or pandas.Series
        A class-like column.

    Returns
    -------
    classes : ndarray
        The non-missing values (whole floats become integers, text stays text).
    missing : ndarray of bool
        Where values are missing.

    Examples
    --------
    >>> import numpy as np
    >>> classes, missing = clean_classes(np.array([1.0, np.nan, 0.0]))
    >>> classes, missing
    (array([1, 0]), array([False,  True, False]))
    """
    import pandas as pd

    series = values if isinstance(values, pd.Series) else pd.Series(np.asarray(values))
    if isinstance(series.dtype, pd.CategoricalDtype):
        series = series.astype(object)
    missing = series.isna().to_numpy()
    kept = series[~missing] if missing.any() else series
    array = kept.to_numpy()
    kind = array.dtype.kind
    if kind == "O":
        inferred = pd.api.types.infer_dtype(array, skipna=False)
        if inferred == "boolean":
            array = array.astype(bool)
        elif inferred in ("integer", "floating", "mixed-integer-float", "decimal"):
            array = array.astype(np.float64)
        elif inferred == "string":
            array = _text_classes(array)
        elif inferred != "empty":  # numbers, booleans and text mixed: each as its text reads
            array = _text_classes(np.array([str(v) for v in array.tolist()], dtype=object))
        kind = array.dtype.kind
    if kind == "f" and len(array) and np.all(np.isfinite(array)) and np.all(array % 1 == 0):
        if np.abs(array).max() < 2**53:
            array = array.astype(np.int64)
    elif kind in "iu":
        array = array.astype(np.int64, copy=False)
    elif kind in "US":
        array = array.astype(object)
    return array, missing


def _text_classes(array: np.ndarray) -> np.ndarray:
    """Text read value by value as a CSV reader reads a column of such values: a value that
    spells a number is that number, one that spells ``true``/``false`` that boolean, other
    text stays text. Value by value, so that a column read in blocks — a block of digits
    only is read as numbers by the reader, a later block with words as text — gives the same
    classes as the column read whole (``"1"`` is the class 1 in both)."""
    import pandas as pd

    codes, distinct = pd.factorize(array)
    spelled = [v.strip().lower() for v in distinct.tolist()]
    numbers = pd.to_numeric(pd.Series(distinct, dtype=object), errors="coerce").to_numpy(
        dtype=np.float64, na_value=np.nan
    )
    is_number = ~np.isnan(numbers)
    is_boolean = np.array([v in ("true", "false") for v in spelled], dtype=bool)
    if is_number.all():
        return numbers[codes]
    if is_boolean.all():
        return np.array([v == "true" for v in spelled], dtype=bool)[codes]
    if not (is_number.any() or is_boolean.any()):
        return array
    values = np.empty(len(distinct), dtype=object)
    for i, (text, number) in enumerate(zip(distinct.tolist(), numbers.tolist(), strict=True)):
        if is_boolean[i]:
            values[i] = spelled[i] == "true"
        elif is_number[i]:
            whole = np.isfinite(number) and number % 1 == 0 and abs(number) < 2**53
            values[i] = int(number) if whole else number
        else:
            values[i] = text
    return values[codes]


def _numbers(series: Any, role: str, column: str) -> tuple[np.ndarray, np.ndarray]:
    """``(numbers, missing)`` of a score or weight column; text that is no number is refused."""
    import pandas as pd

    missing = series.isna().to_numpy()
    if series.dtype.kind in "biuf":
        return series.to_numpy(dtype=np.float64, na_value=np.nan), missing
    numeric = pd.to_numeric(series, errors="coerce")
    bad = numeric.isna().to_numpy() & ~missing
    if bad.any():
        example = series[bad].iloc[0]
        raise DataError(
            f"column {column!r} ({role}) must hold numbers; {int(bad.sum())} values are not "
            f"numbers (e.g. {example!r})",
            role,
        )
    return numeric.to_numpy(dtype=np.float64, na_value=np.nan), missing


@dataclass
class RoleBlock:
    """One block of rows as clean arrays, rows with a missing role value left out."""

    label: np.ndarray
    prediction: np.ndarray | None
    score: np.ndarray | None
    fold: np.ndarray | None
    weight: np.ndarray | None
    left_out: int
    group: np.ndarray | None = None


def role_block(frame: Any, roles: Roles, *, missing: str = "drop") -> RoleBlock:
    """The role columns of one block of rows (a pandas DataFrame) as clean arrays.

    Parameters
    ----------
    frame : pandas.DataFrame
        One block of rows.
    roles : Roles
        Which column plays which role.
    missing : {"drop", "error"}, default="drop"
        Leave out the rows with a missing role value (counted in ``left_out``), or refuse them.

    Returns
    -------
    RoleBlock
        ``label``, ``prediction``, ``score``, ``fold``, ``weight`` and ``group`` arrays (None
        for roles not given) and ``left_out``.

    Raises
    ------
    DataError
        If `missing` is invalid, a value is missing with ``missing="error"``, or a score or
        weight is not a number.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": [1, 0, None], "s": [0.9, 0.1, 0.5]})
    >>> block = role_block(frame, Roles("y", score="s"))
    >>> block.label, block.score, block.left_out
    (array([1, 0]), array([0.9, 0.1]), 1)
    """
    check_roles(roles)
    if missing not in MISSING:
        raise DataError(f"`missing` must be one of {', '.join(MISSING)}; got {missing!r}.")
    arrays: dict[str, np.ndarray] = {}
    gaps: dict[str, np.ndarray] = {}
    for role in ("label", "prediction", "fold", "group"):
        column = getattr(roles, role)
        if column is not None:
            series = frame[column]
            mask = series.isna().to_numpy()
            gaps[role] = mask
            arrays[role] = series  # cleaned after the rows are dropped
    for role in ("score", "weight"):
        column = getattr(roles, role)
        if column is not None:
            arrays[role], gaps[role] = _numbers(frame[column], role, column)
    absent = np.zeros(len(frame), dtype=bool)
    for role, mask in gaps.items():
        if mask.any():
            if missing == "error":
                column = getattr(roles, role)
                count = int(mask.sum())
                raise DataError(
                    f"column {column!r} ({role}) has {count} missing "
                    f"value{'s' if count != 1 else ''}; fill "
                    "them in, or leave those rows out (missing='drop')",
                    role,
                )
            absent |= mask
    left_out = int(absent.sum())
    keep = ~absent if left_out else None
    out: dict[str, np.ndarray | None] = {}
    for role in ("label", "prediction", "fold", "group", "score", "weight"):
        if role not in arrays:
            out[role] = None
            continue
        value = arrays[role]
        if keep is not None:
            value = value[keep]
        if role in ("label", "prediction", "fold", "group"):
            value = clean_classes(value.reset_index(drop=True))[0]
        out[role] = value
    assert out["label"] is not None
    return RoleBlock(
        out["label"],
        out["prediction"],
        out["score"],
        out["fold"],
        out["weight"],
        left_out,
        out["group"],
    )

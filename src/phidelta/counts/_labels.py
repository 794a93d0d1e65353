"""Turning label vectors of any encoding into "is positive" masks, in linear time.

No sort is needed: a vector holds at most two distinct values exactly when every element equals
either its first element or the first element that differs from it. Two comparisons and two
``count_nonzero`` calls per vector check that, which keeps counting at memory speed.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np


def as_label_array(values: Any, name: str, *, ndim: int | tuple[int, ...] = 1) -> np.ndarray:
    """A label vector (or matrix for batches) as a NumPy array, with missing values rejected.

    Parameters
    ----------
    values : array-like
        Labels: numbers, booleans, strings or categories.
    name : str
        The argument's name, for error messages.
    ndim : int or tuple of int, default=1
        The accepted number(s) of dimensions.

    Returns
    -------
    ndarray
        The labels (a 0-d input of ndim 1 is not accepted).

    Raises
    ------
    TypeError
        If `values` is a string, holds complex numbers or is not an array of labels.
    ValueError
        If the dimensions are wrong or a label is missing (NaN, None).

    Examples
    --------
    >>> as_label_array(["a", "b"], "y_true")
    array(['a', 'b'], dtype='<U1')
    """
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
    if kind == "O" and array.size and not set(map(type, array.ravel())) <= _NEVER_MISSING:
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


def group_codes(groups: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(groups, return_inverse=True)``: the distinct groups, sorted, and each row's
    index among them — for an object array (text folds, the single fold ``"all"``) by hashing
    the values instead of sorting the rows with Python comparisons (about 50× faster per block
    of 2¹⁶ rows; the same result, NumPy's way when the values do not order).

    Parameters
    ----------
    groups : ndarray of shape (n,)
        The group of each row (checked by :func:`as_label_array`).

    Returns
    -------
    uniques : ndarray
        The distinct groups, sorted.
    codes : ndarray of shape (n,)
        The index of each row's group in `uniques`.

    Examples
    --------
    >>> uniques, codes = group_codes(np.array(["b", "a", "b"], dtype=object))
    >>> uniques.tolist(), codes.tolist()
    (['a', 'b'], [1, 0, 1])
    """
    if groups.dtype != object or not groups.size:
        uniques, codes = np.unique(groups, return_inverse=True)
        return uniques, codes.ravel()
    values = groups.tolist()
    try:
        found = sorted(set(values))
    except TypeError:  # values that do not order: NumPy's error, as before
        uniques, codes = np.unique(groups, return_inverse=True)
        return uniques, codes.ravel()
    if len(found) == 1:  # one group (no fold column): every row's code is 0
        codes = np.zeros(len(values), dtype=np.intp)
    else:
        index = {value: i for i, value in enumerate(found)}
        codes = np.fromiter(map(index.__getitem__, values), np.intp, len(values))
    uniques = np.empty(len(found), dtype=object)
    uniques[:] = found
    return uniques, codes


#: Types of labels that are never missing: an object array of only these (text labels, the
#: fold "all") needs no value-by-value look (a C loop over the types instead).
_NEVER_MISSING = frozenset({str, bytes, bool, int})


def _mixes_strings(values: list | tuple) -> bool:
    kinds = {isinstance(v, str | bytes) for v in values if not isinstance(v, list | tuple)}
    return len(kinds) > 1


def _is_missing(value: Any) -> bool:
    """None, float NaN, pandas.NA and NaT (checked by type name: pandas is optional)."""
    if value is None or (isinstance(value, float) and value != value):
        return True
    return type(value).__name__ in ("NAType", "NaTType")


def python_value(value: Any) -> Any:
    """A NumPy scalar as the Python value it holds (so that 1, np.int64(1) key alike).

    Parameters
    ----------
    value : scalar
        A Python or NumPy scalar.

    Returns
    -------
    scalar
        The Python value (``value.item()`` for NumPy scalars, else `value`).

    Examples
    --------
    >>> python_value(np.int64(3)), python_value("x")
    (3, 'x')
    """
    return value.item() if isinstance(value, np.generic) else value


def ordered_values(values: Any) -> list[Any]:
    """Values sorted; values that do not compare (text beside numbers) by type, then repr.

    Parameters
    ----------
    values : iterable
        Labels.

    Returns
    -------
    list
        The values sorted.

    Examples
    --------
    >>> ordered_values([2, "b", 1, "a"])
    [1, 2, 'a', 'b']
    """
    try:
        return sorted(values)
    except TypeError:
        return sorted(values, key=lambda v: (type(v).__name__, repr(v)))


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
        return [python_value(first)], equal_first
    second = flat[int(np.argmin(equal_first))]
    n_second = int(np.count_nonzero(flat == second))
    if n_first + n_second != flat.size:
        sample = np.unique(flat[: min(flat.size, 10_000)])[:6].tolist()
        raise ValueError(
            f"`{name}` has more than two distinct labels (e.g. {sample}); binary counts need "
            "two classes. Use phidelta's multi-class confusion matrices, or binarize first."
        )
    return [python_value(first), python_value(second)], equal_first


def _sorted_labels(labels: list[Any]) -> list[Any]:
    try:
        return sorted(labels)
    except TypeError:
        return sorted(labels, key=repr)


# Class sets whose positive needs no saying (scikit-learn's convention, extended to the text a
# file or a web form carries): {0, 1}, {−1, 1}, {False, True}, as numbers, floats or strings.
_IMPLICIT_NUMBERS = ({0, 1}, {-1, 1})
_IMPLICIT_TEXT = ({"0", "1"}, {"-1", "1"}, {"false", "true"})
_TEXT_TRUE = ("true", "1", "1.0")
_TEXT_FALSE = ("false", "0", "0.0")


def _implicit_positive(universe: list[Any]) -> tuple[bool, Any]:
    """(found, positive) for the implicit sets; the positive as the class value itself."""
    if not universe:
        return False, None
    if all(isinstance(v, bool | np.bool_) for v in universe):
        return True, True
    if all(
        isinstance(v, int | float | np.number) and not isinstance(v, bool | np.bool_)
        for v in universe
    ):
        if not all(float(v).is_integer() for v in universe):
            return False, None
        as_ints = {int(v) for v in universe}
        if any(as_ints <= s for s in _IMPLICIT_NUMBERS):
            return True, next((v for v in universe if v == 1), 1)
        return False, None
    if all(isinstance(v, str) for v in universe):
        spelled = {v.strip().lower() for v in universe}
        if any(spelled <= s for s in _IMPLICIT_TEXT):
            return True, next(
                (v for v in universe if v.strip().lower() in ("1", "true")),
                "True" if spelled <= {"false", "true"} else "1",
            )
    return False, None


def match_class(classes: list[Any], wanted: Any) -> tuple[bool, Any]:
    """(found, class value) of ``wanted`` among ``classes``.

    An exact match (``1 == 1.0 == True`` for numbers, strings only equal strings) comes first;
    a string ``wanted`` — as a command line or a web form sends it — also matches a number
    that it spells (``"1"`` → ``1``, ``"0.5"`` → ``0.5``) or a boolean (``"true"``/``"1"`` →
    ``True``). The class value is returned, so results report ``1``, not ``"1"``.

    Parameters
    ----------
    classes : list
        The candidate class values.
    wanted : scalar
        The label looked for.

    Returns
    -------
    found : bool
        Whether `wanted` matches a class.
    value : scalar or None
        The matching class value (None when not found).

    Examples
    --------
    >>> match_class([0, 1], "1")
    (True, 1)
    >>> match_class(["a", "b"], "c")
    (False, None)
    """
    for v in classes:
        if same_class(wanted, v):
            return True, v
    if isinstance(wanted, str):
        text = wanted.strip().lower()
        for v in classes:
            if isinstance(v, bool | np.bool_):
                if (v and text in _TEXT_TRUE) or (not v and text in _TEXT_FALSE):
                    return True, v
            elif isinstance(v, int | float | np.number):
                try:
                    if float(text) == float(v):
                        return True, v
                except ValueError:
                    pass
    return False, None


def check_pos_label(
    classes: list[Any],
    pos_label: Any,
    *,
    declared: list[Any] | None = None,
    where: str,
    argument: str = "pos_label",
) -> Any:
    """The positive class: the one rule of the whole package.

    ``classes`` are the labels seen, ``declared`` the labels the caller declared (they win
    when given). Without ``pos_label``, {0, 1}, {−1, 1} and {False, True} — also as floats
    ``0.0``/``1.0`` and as their text ``"0"``/``"1"``, ``"false"``/``"true"`` — have the
    implicit positive 1 / True; any other classes need ``pos_label``, and the error lists the
    values found. A given ``pos_label`` must be one of the classes (see :func:`match_class`
    for text); the class value is returned.

    Parameters
    ----------
    classes : list
        The labels seen.
    pos_label : scalar or None
        The positive class asked for.
    declared : list, optional
        The labels the caller declared; they win over `classes` when given.
    where : str
        Where the labels come from, for error messages (e.g. ``"`y_true`"``).
    argument : str, default="pos_label"
        The argument's name, for error messages.

    Returns
    -------
    scalar
        The positive class, as the value found among the classes.

    Raises
    ------
    ValueError
        If `pos_label` is not among the classes, or is None and the classes do not imply one.

    See Also
    --------
    match_class : how a text `pos_label` matches a number or boolean.

    Examples
    --------
    >>> check_pos_label([0.0, 1.0], None, where="`y`")
    1.0
    >>> check_pos_label([False, True], "true", where="`y`")
    True
    >>> check_pos_label(["ham", "spam"], None, where="`y`")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: The classes ['ham', 'spam'] found in `y` do not say which is positive; ...
    """
    universe = declared if declared is not None else classes
    if pos_label is not None:
        found, value = match_class(universe, pos_label)
        if not found:
            source = "`labels`" if declared is not None else where
            raise ValueError(
                f"`{argument}`={pos_label!r} is not in {source}; its classes are "
                f"{_sorted_labels(universe)[:20]}."
            )
        return python_value(value)
    found, value = _implicit_positive(universe)
    if found:
        return python_value(value)
    listed = ", ".join(repr(v) for v in _sorted_labels(universe)[:10])
    raise ValueError(
        f"The classes {_sorted_labels(universe)[:10]} found in {where} do not say which is "
        f"positive; pass `{argument}` (one of {listed})."
    )


def same_class(a: Any, b: Any) -> bool:
    """Equal as class labels: 1 == 1.0 == True, but text equals only text.

    Parameters
    ----------
    a, b : scalar
        Two labels.

    Returns
    -------
    bool
        Whether they are the same class.

    Examples
    --------
    >>> same_class(1, 1.0), same_class(True, 1), same_class("1", 1)
    (True, True, False)
    """
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
    mask = equal_first if same_class(values[0], pos_label) else None
    if mask is None:
        mask = (
            ~equal_first
            if any(same_class(v, pos_label) for v in values)
            else np.zeros_like(equal_first)
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
        if not any(same_class(v, w) for w in present):
            present.append(v)
    declared = None
    if labels is not None:
        declared = list(np.asarray(labels).tolist())
        if len(declared) != 2 or same_class(declared[0], declared[1]):
            raise ValueError(f"`labels` must list the two classes; got {declared!r}.")
        stray = [v for v in present if not any(same_class(v, d) for d in declared)]
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
    pos = check_pos_label(present, pos_label, declared=declared, where="`y_true` or `y_pred`")
    true_pos = positive_mask(y_true, true_values, true_first, pos)
    pred_pos = positive_mask(y_pred, pred_values, pred_first, pos)
    return true_pos, pred_pos, pos


class BinaryTarget(NamedTuple):
    """A label vector as "is positive", with the positive class and the classes seen.

    Attributes
    ----------
    is_positive : ndarray of bool
        True where the label is the positive class.
    positive : scalar
        The positive class.
    classes : list
        The classes seen (or declared), in order of appearance.

    See Also
    --------
    binary_target : returns it.

    Examples
    --------
    >>> target = binary_target(["s", "h", "s"], "s")
    >>> target.positive, target.classes
    ('s', ['s', 'h'])
    """

    is_positive: np.ndarray
    positive: Any
    classes: list[Any]


def binary_target(
    y: Any, pos_label: Any, *, name: str = "y_true", labels: Any = None, both: bool = False
) -> BinaryTarget:
    """Check a label vector and mark its positives by :func:`check_pos_label`.

    ``labels`` declares both classes (a block of rows may hold one); ``both=True`` requires
    that both classes occur (AUC, DeLong, a signature need positives and negatives).

    Parameters
    ----------
    y : array-like of shape (n,)
        Labels of at most two classes.
    pos_label : scalar or None
        The positive class (None: by the rule of :func:`check_pos_label`).
    name : str, default="y_true"
        The argument's name, for error messages.
    labels : pair, optional
        Declare both classes.
    both : bool, default=False
        Require that both classes occur.

    Returns
    -------
    BinaryTarget
        ``(is_positive, positive, classes)``.

    Raises
    ------
    ValueError
        If there are more than two classes, the positive class cannot be determined, or
        ``both=True`` and a class is missing.

    Examples
    --------
    >>> binary_target(["s", "h", "s"], "s").is_positive
    array([ True, False,  True])
    """
    array = as_label_array(y, name)
    values, first = distinct_at_most_two(array, name)
    declared = None
    if labels is not None:
        declared = list(np.asarray(labels).tolist())
        if len(declared) != 2 or same_class(declared[0], declared[1]):
            raise ValueError(f"`labels` must list the two classes; got {declared!r}.")
    if both and len(values) < 2:
        raise ValueError(
            f"`{name.strip('`')}` holds one class {values}; positives and negatives are both "
            "needed."
        )
    if not values and declared is None:
        positive = 1 if pos_label is None else pos_label
        return BinaryTarget(np.zeros(array.shape, dtype=bool), positive, [])
    positive = check_pos_label(values, pos_label, declared=declared, where=f"`{name}`")
    return BinaryTarget(positive_mask(array, values, first, positive), positive, values)


class PositiveClass:
    """The positive class decided over blocks of labels that may each hold one class.

    Without ``pos_label`` the implicit rule decides as soon as one class is seen ({0} already
    says the positive is 1; {"ham"} fails at once). A given ``pos_label`` is matched when its
    class first appears; :meth:`result` fails if it never did.
    """

    def __init__(self, pos_label: Any, *, where: str) -> None:
        self.pos_label, self.where = pos_label, where
        self.classes: list[Any] = []
        self.positive: Any = None
        self.decided = False

    def mask(self, array: np.ndarray, name: str) -> np.ndarray:
        """The "is positive" mask of one block, after adding its classes to those seen."""
        values, first = distinct_at_most_two(array, name)
        for v in values:
            if not any(same_class(v, w) for w in self.classes):
                self.classes.append(v)
        if len(self.classes) > 2:
            raise ValueError(
                f"The labels have more than two classes: {_sorted_labels(self.classes)[:10]}; "
                "binary counts need two."
            )
        if not self.decided and values:
            if self.pos_label is None:
                self.positive = check_pos_label(self.classes, None, where=self.where)
                self.decided = True
            else:
                found, value = match_class(self.classes, self.pos_label)
                if found:
                    self.positive, self.decided = python_value(value), True
        if not self.decided:
            return np.zeros(array.shape, dtype=bool)
        return positive_mask(array, values, first, self.positive)

    def result(self) -> Any:
        """The positive class; an error naming the classes seen if it was never found."""
        if not self.decided:
            return check_pos_label(self.classes, self.pos_label, where=self.where)
        return self.positive

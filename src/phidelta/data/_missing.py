"""What counts as missing: one rule for every reader and every door.

A cell is **missing** when

* it is empty (nothing, or only spaces, between its separators; a null of Parquet, pandas,
  polars or pyarrow), or
* it holds one of the **markers the user names** (``missing_values=["NA"]`` in Python,
  ``--missing-values NA`` on the command line, the "missing values" field of the web page), or
* it holds one of the **common markers** (:data:`COMMON_MARKERS`: ``NA``, ``NaN``, ``null``,
  ``None``, ``?``, …) *in a column of numbers* (or of ``true``/``false``) — a column whose
  other cells are all numbers (or booleans), where such a cell cannot be a value (R writes its
  missing numbers and logicals as ``NA``).

Every other cell is a value: in a column of text, ``"None"`` (students who do not exercise),
``"NA"`` (North America) and ``"null"`` are categories like any other. A common marker kept as
a category is reported (:func:`describe_missing`), with how to read it as missing instead.

The CSV/TSV readers of :mod:`phidelta.data` therefore read only empty cells as missing (not
pandas' long default list), and the analyses apply this rule to each block of rows with
:func:`read_missing`, counting per column what was read as missing
(:class:`MissingCells`) — counts that add up over blocks, so a streamed file or a Dask frame
reports the whole file's counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from phidelta.data._errors import DataError

__all__ = [
    "COMMON_MARKERS",
    "MissingCells",
    "check_missing_values",
    "describe_missing",
    "read_missing",
]

#: Text that marks a missing value in a column of numbers (pandas' default list, R's ``NA``
#: and the ``?`` of the UCI data sets). In a column of text these are categories.
COMMON_MARKERS = frozenset(
    {
        "#N/A",
        "#N/A N/A",
        "#NA",
        "-1.#IND",
        "-1.#QNAN",
        "-NaN",
        "-nan",
        "1.#IND",
        "1.#QNAN",
        "<NA>",
        "N/A",
        "NA",
        "NULL",
        "NaN",
        "None",
        "n/a",
        "nan",
        "null",
        "?",
    }
)

#: The key of empty cells (and nulls) in :class:`MissingCells`.
EMPTY = ""


def check_missing_values(value: Any, argument: str = "missing_values") -> tuple[str, ...]:
    """The markers of missing values a user names, checked: a string or a list of strings.

    Parameters
    ----------
    value : str, sequence of str or None
        One marker, several, or None (only empty cells and the common markers in columns
        of numbers are missing).
    argument : str, default="missing_values"
        What error messages call the argument.

    Returns
    -------
    tuple of str
        The markers, surrounding spaces removed, each once.

    Raises
    ------
    TypeError
        If `value` is not text or a sequence of text.

    Examples
    --------
    >>> check_missing_values("NA"), check_missing_values(["NA", " -99 ", "NA"])
    (('NA',), ('NA', '-99'))
    >>> check_missing_values(None)
    ()
    """
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Iterable) or isinstance(value, bytes | dict):
        raise TypeError(
            f"`{argument}` must be a string or a list of strings (the cells read as "
            f"missing, e.g. ['NA']); got {type(value).__name__}."
        )
    markers: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise TypeError(
                f"`{argument}` must hold strings (the text of the cells read as missing); "
                f"got {item!r}."
            )
        text = item.strip()
        if text and text not in markers:
            markers.append(text)
    return tuple(markers)


class MissingCells:
    """Per column, the cells read as missing by marker, and the common markers kept as
    categories: counts that add up over blocks of rows.

    Parameters
    ----------
    read : dict, optional
        ``{column: {marker: cells}}`` of cells read as missing (marker ``""``: empty cells).
    kept : dict, optional
        ``{column: {marker: cells}}`` of common markers kept as categories in text columns.

    Examples
    --------
    >>> a = MissingCells({"region": {"": 1}})
    >>> b = MissingCells({"region": {"": 2}}, kept={"region": {"NA": 3}})
    >>> (a + b).read, (a + b).kept
    ({'region': {'': 3}}, {'region': {'NA': 3}})
    """

    __slots__ = ("kept", "read")

    def __init__(
        self,
        read: dict[str, dict[str, int]] | None = None,
        kept: dict[str, dict[str, int]] | None = None,
    ) -> None:
        self.read = read or {}
        self.kept = kept or {}

    def __add__(self, other: MissingCells) -> MissingCells:
        return MissingCells(_merge(self.read, other.read), _merge(self.kept, other.kept))

    def __repr__(self) -> str:
        return f"MissingCells(read={self.read!r}, kept={self.kept!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, MissingCells) and self.read == other.read and self.kept == other.kept
        )

    __hash__ = None  # type: ignore[assignment]

    def restricted(self, columns: Iterable[str]) -> MissingCells:
        """Only these columns.

        Parameters
        ----------
        columns : iterable of str
            The columns to keep.

        Returns
        -------
        MissingCells
            The counts of those columns.
        """
        wanted = set(columns)
        return MissingCells(
            {c: m for c, m in self.read.items() if c in wanted},
            {c: m for c, m in self.kept.items() if c in wanted},
        )

    def total(self, column: str) -> int:
        """The cells of one column read as missing.

        Parameters
        ----------
        column : str
            The column.

        Returns
        -------
        int
            Its cells read as missing, by every marker.
        """
        return sum(self.read.get(column, {}).values())


def _merge(a: dict[str, dict[str, int]], b: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    merged = {column: dict(markers) for column, markers in a.items()}
    for column, markers in b.items():
        into = merged.setdefault(column, {})
        for marker, cells in markers.items():
            into[marker] = into.get(marker, 0) + cells
    return merged


def read_missing(
    frame: Any, markers: tuple[str, ...] = (), columns: list[str] | None = None
) -> tuple[Any, MissingCells]:
    """One block of rows with the rule of this module applied: the missing cells of
    ``columns`` (all by default) become NaN, a column of numbers with markers becomes numbers,
    and what was read as missing is counted.

    Parameters
    ----------
    frame : pandas.DataFrame
        One block of rows, as a reader of :mod:`phidelta.data` read it (empty cells NaN).
    markers : tuple of str, default=()
        The markers the user named (see :func:`check_missing_values`).
    columns : list of str, optional
        The columns to read; every column by default.

    Returns
    -------
    frame : pandas.DataFrame
        The block (the same object when nothing changed).
    cells : MissingCells
        What was read as missing, and the common markers kept as categories.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"pulse": ["72", "NA", "80"], "exercise": ["None", "Some", None]})
    >>> clean, cells = read_missing(frame)
    >>> clean["pulse"].tolist(), clean["exercise"].tolist()
    ([72.0, nan, 80.0], ['None', 'Some', nan])
    >>> cells.read, cells.kept
    ({'pulse': {'NA': 1}, 'exercise': {'': 1}}, {'exercise': {'None': 1}})
    >>> read_missing(frame, ("None",))[1].read["exercise"]
    {'': 1, 'None': 1}
    """
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise TypeError(
            f"`frame` must be a pandas DataFrame (one block of rows); got {type(frame).__name__}."
        )
    markers = check_missing_values(markers, "markers")
    names = [str(c) for c in frame.columns] if columns is None else list(dict.fromkeys(columns))
    absent = [n for n in names if n not in frame.columns]
    if absent:
        raise DataError(f"`columns` names columns the block does not have: {absent[:5]}")
    read: dict[str, dict[str, int]] = {}
    kept: dict[str, dict[str, int]] = {}
    changed: dict[str, Any] = {}
    texts = []
    plain = []
    for name in names:
        series = frame[name]
        if series.dtype.kind in "OSU" or str(series.dtype) in ("string", "str", "category"):
            texts.append(name)
        else:
            plain.append(name)
    if plain:  # numbers, booleans, dates: their nulls, and the numbers a marker spells
        gaps = frame[plain].isna().sum()
        for name, cells in zip(plain, gaps.tolist(), strict=True):
            if cells:
                read[name] = {EMPTY: int(cells)}
        spelled = _numbers_of(markers)
        for name in plain if spelled else ():
            values, counts = _number_column(frame[name], spelled)
            if counts:
                read.setdefault(name, {}).update(counts)
                changed[name] = values
    named = set(markers)
    for name in texts:
        values, counts = _text_column(frame[name], named)
        if counts[0]:
            read[name] = counts[0]
        if counts[1]:
            kept[name] = counts[1]
        if values is not None:
            changed[name] = values
    if changed:
        frame = frame.assign(
            **{name: pd.Series(v, index=frame.index) for name, v in changed.items()}
        )
    return frame, MissingCells(read, kept)


def _numbers_of(markers: tuple[str, ...]) -> dict[str, float]:
    """The markers that spell numbers (``"-99"``), with their values."""
    import pandas as pd

    values = pd.to_numeric(pd.Series(list(markers), dtype=object), errors="coerce")
    return {m: float(v) for m, v in zip(markers, values.tolist(), strict=True) if v == v}


def _number_column(series: Any, spelled: dict[str, float]) -> tuple[Any, dict[str, int]]:
    """A column of numbers with the cells equal to a marker's number (``-99``) as NaN, and
    how many each marker took."""
    if series.dtype.kind not in "iuf":
        return series, {}
    values = series.to_numpy(dtype=np.float64, na_value=np.nan)
    counts: dict[str, int] = {}
    gone = np.zeros(len(values), dtype=bool)
    for marker, number in spelled.items():
        hit = values == number
        if hit.any():
            counts[marker] = int(hit.sum())
            gone |= hit
    if not counts:
        return series, {}
    return np.where(gone, np.nan, values), counts


def _text_column(
    series: Any, named: set[str]
) -> tuple[np.ndarray | None, tuple[dict[str, int], dict[str, int]]]:
    """A text column's new values (None: unchanged) and its counts (read, kept)."""
    import pandas as pd

    if isinstance(series.dtype, pd.CategoricalDtype):
        series = series.astype(object)
    codes, distinct = pd.factorize(series, use_na_sentinel=True)
    occurrences = np.bincount(codes[codes >= 0], minlength=len(distinct))
    nulls = int((codes < 0).sum())
    values = list(distinct)
    spelled = [v.strip() if isinstance(v, str) else None for v in values]
    empty = np.array([s == "" for s in spelled], dtype=bool)
    by_name = np.array([s in named for s in spelled], dtype=bool)
    spelled_numbers = _numbers_of(tuple(named))
    common = np.array([s in COMMON_MARKERS for s in spelled], dtype=bool)
    numbers = pd.to_numeric(pd.Series(values, dtype=object), errors="coerce").to_numpy(
        dtype=np.float64, na_value=np.nan
    )
    is_number = ~np.isnan(numbers) & ~common  # "NaN" spells a float, but it is a marker
    if spelled_numbers:  # "-99.0" is the marker -99
        by_name |= is_number & np.isin(numbers, list(spelled_numbers.values()))
    is_boolean = np.array([s is not None and s.lower() in ("true", "false") for s in spelled])
    is_boolean |= np.array([isinstance(v, bool | np.bool_) for v in values], dtype=bool)
    rest = ~(empty | by_name | common)
    typed = is_number | is_boolean
    of_values = bool(typed.any()) and bool(typed[rest].all())  # numbers or true/false
    of_numbers = of_values and bool(is_number[rest].all()) and not is_boolean.any()
    gone = empty | by_name | (common & of_values)
    read: dict[str, int] = {}
    if nulls or empty.any():
        read[EMPTY] = nulls + int(occurrences[empty].sum())
    for i in np.flatnonzero(gone & ~empty):
        read[spelled[i]] = read.get(spelled[i], 0) + int(occurrences[i])
    kept = {}
    for i in np.flatnonzero(common & ~gone):
        kept[spelled[i]] = kept.get(spelled[i], 0) + int(occurrences[i])
    if of_numbers and gone.any():
        table = np.where(gone, np.nan, numbers)
        out = np.where(codes >= 0, table[np.maximum(codes, 0)], np.nan)
        return out, (read, kept)
    if gone.any():
        table = np.array(values, dtype=object)
        table[gone] = np.nan
        out = table[np.maximum(codes, 0)]
        out[codes < 0] = np.nan
        return out, (read, kept)
    return None, (read, kept)


def describe_missing(
    cells: MissingCells | None,
    columns: Iterable[str] | None = None,
    *,
    limit: int = 6,
    hint: str = "missing_values={listed}",
) -> str:
    """One line saying what was read as missing, per column, and which common markers were
    kept as categories (with how to read them as missing instead); empty when nothing was.

    Parameters
    ----------
    cells : MissingCells or None
        The counts of an analysis (e.g. ``Assessment.missing_cells``).
    columns : iterable of str, optional
        Report only these columns (e.g. the role columns whose gaps left rows out).
    limit : int, default=6
        Most columns named; the rest are summed up.
    hint : str, default="missing_values={listed}"
        How a door names markers, for the advice on categories that look like markers:
        ``{listed}`` is the Python list of them, ``{joined}`` the markers joined by commas
        (e.g. ``"--missing-values {joined}"`` on the command line).

    Returns
    -------
    str
        E.g. ``"column 'region': 3 cells 'NA' read as missing"``.

    Examples
    --------
    >>> print(describe_missing(MissingCells({"pulse": {"NA": 45, "": 1}}, {"smoke": {"NA": 1}})))
    ... # doctest: +NORMALIZE_WHITESPACE
    column 'smoke': 1 cell 'NA' kept as a category (to read it as missing:
    missing_values=['NA']); column 'pulse': 45 cells 'NA' and 1 empty cell read as missing
    """
    if cells is None:
        return ""
    if not isinstance(cells, MissingCells):
        raise TypeError(
            "`cells` must be the MissingCells of a result (e.g. Assessment.missing_cells); "
            f"got {type(cells).__name__}."
        )
    if columns is not None:
        cells = cells.restricted(columns)
    kept, kept_markers = [], []
    for column, markers in cells.kept.items():
        kept.append(f"column {column!r}: {_cells(markers)} kept as a category")
        kept_markers += [m for m in markers if m not in kept_markers]
    read = [f"column {c!r}: {_cells(m)} read as missing" for c, m in cells.read.items() if m]
    if len(kept) > limit:
        more = len(kept) - limit
        kept = [*kept[:limit], f"and {more} more such column{'s' if more != 1 else ''}"]
    if kept:
        listed = ", ".join(repr(m) for m in kept_markers)
        advice = hint.format(listed=f"[{listed}]", joined=",".join(kept_markers))
        pronoun = "it" if len(kept_markers) == 1 else "them"
        kept[-1] += f" (to read {pronoun} as missing: {advice})"
    room = max(limit - len(kept), 1)
    if len(read) > room:
        more = len(read) - room
        read = [
            *read[:room],
            f"and {more} more column{'s' if more != 1 else ''} with missing cells",
        ]
    return "; ".join(kept + read)


def _cells(markers: dict[str, int]) -> str:
    words = []
    for marker, cells in sorted(markers.items(), key=lambda item: (item[0] == EMPTY, item[0])):
        plural = "s" if cells != 1 else ""
        if marker == EMPTY:
            words.append(f"{cells:,} empty cell{plural}")
        else:
            words.append(f"{cells:,} cell{plural} {marker!r}")
    return " and ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " and " + words[-1]


def refuse_missing(cells: MissingCells, roles: dict[str, str]) -> None:
    """The error of ``missing="error"``: the first role column with missing cells, with the
    whole data's counts.

    Parameters
    ----------
    cells : MissingCells
        The counts of the whole data.
    roles : dict
        ``{column: role}`` of the role columns.

    Raises
    ------
    DataError
        If a role column has a missing cell.
    """
    found = [(c, r, cells.read[c]) for c, r in roles.items() if cells.read.get(c)]
    if not found:
        return
    parts = []
    for column, role, markers in found:
        count = sum(markers.values())
        parts.append(
            f"column {column!r} ({role}) has {count:,} missing value{'s' if count != 1 else ''} "
            f"({_cells(markers)})"
        )
    raise DataError(
        "; ".join(parts) + "; fill them in, or leave those rows out (missing='drop', the default)",
        found[0][1],
    )

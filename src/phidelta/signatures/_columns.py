"""Reading a data table into typed columns: NumPy, pandas, polars and SciPy sparse input."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: Strings that mean "missing" in a column of numbers (the `?` of the published data sets).
MISSING_STRINGS = frozenset({"?", "", "NA", "NaN", "nan", "null", "None"})


@dataclass
class Column:
    """One source column: its name and values (float64 with NaN, or an object/str array)."""

    name: str
    values: np.ndarray
    numeric: bool


def _is_sparse(data: Any) -> bool:
    try:
        import scipy.sparse as sp
    except ImportError:  # pragma: no cover - scipy is a core dependency
        return False
    return sp.issparse(data)


def _string_column_as_numbers(values: np.ndarray) -> np.ndarray | None:
    """A text column whose entries are numbers or missing markers, as floats; else None."""
    out = np.empty(len(values), dtype=np.float64)
    for i, v in enumerate(values.tolist()):
        if v is None or (isinstance(v, float) and v != v):
            out[i] = np.nan
            continue
        if isinstance(v, int | float):  # booleans too: a boolean column with gaps is 0/1
            out[i] = float(v)
            continue
        text = str(v).strip()
        if text in MISSING_STRINGS:
            out[i] = np.nan
            continue
        try:
            out[i] = float(text)
        except ValueError:
            return None
    if np.isnan(out).all():
        return None
    return out


def column_from_values(name: str, raw: Any, numeric: bool | None = None) -> Column:
    """A typed column; ``numeric`` (from a first block) fixes the type instead of inferring it."""
    column = _infer_column(name, raw)
    if numeric is None or column.numeric == numeric:
        return column
    if numeric:  # text here, numbers in the first block: only missing markers are allowed
        values = np.asarray(raw).astype(object)
        numbers = _string_column_as_numbers(values)
        if numbers is None:
            if all(_is_missing_text(v) for v in values.tolist()):
                return Column(name, np.full(len(values), np.nan), True)
            raise ValueError(
                f"Column {name!r} held numbers in the first block but text values "
                "later; declare it with kinds={name: 'nominal'}."
            )
        return Column(name, numbers, True)
    texts = [
        None if v != v else (str(int(v)) if float(v).is_integer() else repr(v))
        for v in column.values.tolist()
    ]
    return Column(name, np.array(texts, dtype=object), False)


def _is_missing_text(value: Any) -> bool:
    if value is None or (isinstance(value, float) and value != value):
        return True
    return str(value).strip() in MISSING_STRINGS


def _infer_column(name: str, raw: Any) -> Column:
    values = np.asarray(raw)
    if values.ndim != 1:
        raise ValueError(f"Column {name!r} must be 1-dimensional; got shape {values.shape}.")
    kind = values.dtype.kind
    if kind in "biuf":  # no copy for float64: the columns are stacked into one matrix later
        return Column(name, values.astype(np.float64, copy=False), True)
    if kind == "M" or kind == "m":
        as_int = values.astype("datetime64[ns]" if kind == "M" else "timedelta64[ns]")
        floats = as_int.astype(np.int64).astype(np.float64)
        floats[np.isnat(as_int)] = np.nan
        return Column(name, floats, True)
    if kind in "OUS":
        obj = values.astype(object)
        numbers = _string_column_as_numbers(obj)
        if numbers is not None:
            return Column(name, numbers, True)
        return Column(name, obj, False)
    raise TypeError(f"Column {name!r} has unsupported dtype {values.dtype}.")


@dataclass
class Table:
    """A data table split for processing: a numeric float matrix, text columns, or sparse."""

    def schema(self) -> dict[str, bool]:
        """Column name → numeric?, to read later blocks with the same types."""
        return {
            **dict.fromkeys(self.numeric_names or [], True),
            **{c.name: False for c in self.text or []},
        }

    names: list[str]
    n_rows: int
    numeric: np.ndarray | None = None  # (n_rows, k) float64 with NaN for missing
    numeric_names: list[str] | None = None
    text: list[Column] | None = None
    sparse: Any = None


def read_table(data: Any, names: list[str] | None, schema: dict[str, bool] | None = None) -> Table:
    """Split ``data`` into a numeric matrix and text columns (or keep a sparse matrix).

    ``schema`` (column name → numeric?) imposes the column types of an earlier block.
    """
    if _is_sparse(data):
        if data.ndim != 2:
            raise ValueError(f"`data` must be 2-dimensional; got shape {data.shape}.")
        n_rows, n_cols = data.shape
        return Table(_names(names, n_cols, None), n_rows, sparse=data)
    columns_attr = getattr(data, "columns", None)
    if (
        columns_attr is not None
        and hasattr(data, "__getitem__")
        and not isinstance(data, np.ndarray)
    ):
        labels = [str(c) for c in list(columns_attr)]
        final = _names(names, len(labels), labels)
        columns = []
        for original, label in zip(list(columns_attr), final, strict=True):
            series = data[original]
            if hasattr(series, "dtype") and str(series.dtype) == "category":
                raw = np.asarray(series.astype(object))
            else:
                raw = series.to_numpy() if hasattr(series, "to_numpy") else np.asarray(series)
            columns.append(
                column_from_values(label, raw, None if schema is None else schema.get(label))
            )
        n_rows = len(columns[0].values) if columns else len(data)
        return _split(columns, final, n_rows)
    array = np.asarray(data)
    if array.ndim != 2:
        raise ValueError(
            f"`data` must be 2-dimensional (rows = samples, columns = features); got shape "
            f"{array.shape}."
        )
    n_rows, n_cols = array.shape
    final = _names(names, n_cols, None)
    if array.dtype.kind in "biuf" and (schema is None or all(schema.get(n, True) for n in final)):
        matrix = np.asarray(array, dtype=np.float64)
        return Table(final, n_rows, numeric=matrix, numeric_names=list(final), text=[])
    columns = [
        column_from_values(final[j], array[:, j], None if schema is None else schema.get(final[j]))
        for j in range(n_cols)
    ]
    return _split(columns, final, n_rows)


def _split(columns: list[Column], names: list[str], n_rows: int) -> Table:
    numeric = [c for c in columns if c.numeric]
    matrix = np.column_stack([c.values for c in numeric]) if numeric else np.empty((n_rows, 0))
    return Table(
        names,
        n_rows,
        numeric=matrix,
        numeric_names=[c.name for c in numeric],
        text=[c for c in columns if not c.numeric],
    )


def _names(names: list[str] | None, n: int, default: list[str] | None) -> list[str]:
    if names is None:
        return default if default is not None else [f"F{j + 1}" for j in range(n)]
    names = [str(x) for x in names]
    if len(names) != n:
        raise ValueError(f"`feature names` has {len(names)} names for {n} columns.")
    return names

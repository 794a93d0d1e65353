"""Confusion-matrix files: one rule for headers and row names, for every door.

A matrix file holds counts, rows = true classes, columns = predicted classes.

* ``header="auto"`` (default): the first row is a header when one of its cells is not a
  number; ``"yes"``/``True`` always, ``"no"``/``False`` never.
* A first column with a cell that is not a number, or below an empty corner cell of the
  header, holds the row (true-class) names.
* Class names come from the header (predicted classes) and the row names (true classes);
  a square matrix with only one of them uses it for both. Without names a square matrix has
  the classes 0..k−1; a rectangular one (more outputs than inputs, e.g. a reject column) has
  undeclared output classes, so accuracy and kappa refuse it until they are declared.
* Parquet files always carry column names: they are the header unless ``header="no"``.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from phidelta.counts import ConfusionMatrix
from phidelta.data._errors import DataError
from phidelta.data._formats import _check_source, detect_format, read_cells

__all__ = ["HEADER_CHOICES", "read_matrix"]

#: The values of ``header`` in :func:`read_matrix`: ``"auto"`` (the first row is a header when
#: one of its cells is not a number), ``"yes"`` or ``"no"``.
HEADER_CHOICES = ("auto", "yes", "no")


def _header_choice(header: Any) -> str:
    if header is True:
        return "yes"
    if header is False:
        return "no"
    if isinstance(header, str) and header.lower() in HEADER_CHOICES:
        return header.lower()
    raise DataError(f"`header` must be auto, yes or no; got {header!r}", "header")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _cells(source: Any, fmt: str, header: str) -> tuple[list[str] | None, list[list[str]]]:
    """(header names or None, body rows of text cells)."""
    if fmt == "parquet":
        import pandas as pd

        data = io.BytesIO(bytes(source)) if isinstance(source, bytes | bytearray) else source
        try:
            frame = pd.read_parquet(data)
        except Exception as exc:
            raise DataError(f"cannot read the matrix as PARQUET: {exc}", "file") from None
        body = [[str(v) for v in row] for row in frame.astype(object).to_numpy().tolist()]
        return (None if header == "no" else [str(c) for c in frame.columns]), body
    rows = read_cells(source, format=fmt, name="the matrix")
    rows = [row for row in rows if any(cell for cell in row)]
    if not rows:
        raise DataError("the matrix file is empty", "file")
    first = rows[0]
    has_header = header == "yes" or (
        header == "auto" and any(cell and not _is_number(cell) for cell in first[1:])
    )
    return (first if has_header else None), (rows[1:] if has_header else rows)


def read_matrix(source: Any, *, header: Any = "auto", format: str | None = None) -> ConfusionMatrix:
    """A confusion matrix from a CSV/TSV/Parquet file or its bytes.

    Parameters
    ----------
    source : str, path or bytes
        A CSV, TSV or Parquet file of counts (rows = true classes, columns = predicted
        classes), or its bytes.
    header : {"auto", "yes", "no"} or bool, default="auto"
        Whether the first row holds the predicted classes' names; ``"auto"``: when one of its
        cells is not a number. A first column with a cell that is not a number holds the true
        classes' names.
    format : str, optional
        "csv", "tsv" or "parquet"; detected by default.

    Returns
    -------
    ConfusionMatrix
        One matrix; classes from the header and row names (0..k−1 without names for a square
        matrix; undeclared outputs for a rectangular one).

    Raises
    ------
    DataError
        If `header` is invalid, the file is empty or unreadable, a count is not a
        non-negative number, or the rows have different lengths.

    See Also
    --------
    phidelta.measures.entropy_balance : the entropy triangle of the matrix.

    Examples
    --------
    >>> read_matrix(b",a,b\\na,8,2\\nb,1,9\\n").input_classes
    ['a', 'b']
    >>> read_matrix(b"8,2\\n1,9\\n").counts.tolist()
    [[[8, 2], [1, 9]]]
    """
    choice = _header_choice(header)
    _check_source(source)
    fmt = detect_format(source, format=format)
    names, body = _cells(source, fmt, choice)
    if not body:
        raise DataError("the matrix has a header but no rows of counts", "file")
    row_names = None
    corner = names is not None and len(names) > 1 and names[0] == ""
    if corner or any(row and row[0] and not _is_number(row[0]) for row in body):
        row_names = [row[0] for row in body]
        body = [row[1:] for row in body]
    width = {len(row) for row in body}
    if len(width) != 1:
        raise DataError(
            f"the matrix rows have different numbers of cells ({sorted(width)}); every row "
            "needs one count per predicted class",
            "file",
        )
    counts = np.empty((len(body), width.pop()))
    for i, row in enumerate(body):
        for j, cell in enumerate(row):
            if not _is_number(cell):
                shown = repr(cell) if cell else "an empty cell"
                raise DataError(
                    f"the matrix must hold counts; row {i + 1}, column {j + 1} holds {shown}",
                    "file",
                )
            counts[i, j] = float(cell)
    if names is not None and len(names) == counts.shape[1] + 1:
        names = names[1:]  # the corner cell above the row names
    if names is not None and len(names) != counts.shape[1]:
        raise DataError(
            f"the header names {len(names)} classes but the rows hold {counts.shape[1]} counts",
            "file",
        )
    inputs, outputs = row_names, names
    n, p = counts.shape
    if n == p:
        inputs = inputs if inputs is not None else outputs
        outputs = outputs if outputs is not None else inputs
    if np.all(counts == np.rint(counts)):
        counts = counts.astype(np.int64)
    try:
        return ConfusionMatrix(counts, input_classes=inputs, output_classes=outputs)
    except ValueError as exc:
        raise DataError(str(exc), "file") from None

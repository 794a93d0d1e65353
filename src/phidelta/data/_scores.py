"""Rows of labels and score columns: what the tests and curves of scoring classifiers read.

ROC tests of paired curves, Venkatraman's test, calibration statistics and paired decision
curves need the rows themselves (their order pairs two scorers; lowess smooths them), not only
the additive score tables of :func:`~phidelta.data.load_assessment`. :func:`load_scores` reads
them through the same rules as every other analysis: the classes and the positive class
(:func:`~phidelta.data.positive_class`), the missing values (:mod:`phidelta.data._missing`)
and the role columns (:func:`~phidelta.data.role_block`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from phidelta.counts import ScoreTable, binary_target
from phidelta.data._analyses import (
    _blocks,
    _check_missing,
    _check_roles,
    _finish_missing,
    classes_of,
    positive_class,
)
from phidelta.data._errors import DataError
from phidelta.data._missing import MissingCells, check_missing_values, read_missing
from phidelta.data._roles import Roles, check_roles, role_block

__all__ = ["ScoreRows", "load_scores"]


@dataclass(frozen=True)
class ScoreRows:
    """Labels and one or more score columns of the same rows, in the file's order.

    Attributes
    ----------
    is_positive : ndarray of bool, shape (n,)
        Whether each row is of the positive class.
    scores : dict of str to ndarray of shape (n,)
        Each score column's values, by column name, in the order asked for.
    positive : scalar
        The positive class, as found in the label column.
    rows_left_out : int
        Rows left out for a missing label or score (in any of the score columns: the rows
        stay paired).
    missing_cells : MissingCells
        What was read as missing, per column.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": ["a", "b", "a"], "p": [0.2, 0.9, None]})
    >>> rows = load_scores(frame, Roles("y", positive="b"), ["p"])
    >>> rows.is_positive.tolist(), rows.scores["p"].tolist(), rows.rows_left_out
    ([False, True], [0.2, 0.9], 1)
    """

    is_positive: np.ndarray
    scores: dict[str, np.ndarray]
    positive: Any
    rows_left_out: int
    missing_cells: MissingCells

    def table(self, column: str) -> ScoreTable:
        """The score table of one score column.

        Parameters
        ----------
        column : str
            One of the score columns.

        Returns
        -------
        ScoreTable
            Its positive and negative counts per distinct score.
        """
        return ScoreTable.from_scores(self.is_positive, self.scores[column], pos_label=True)


@dataclass
class _Rows:
    """One block's rows, the rows left out and the cells read as missing; blocks concatenate."""

    is_positive: np.ndarray
    scores: tuple[np.ndarray, ...]
    left_out: int
    cells: MissingCells

    def __add__(self, other: _Rows) -> _Rows:
        return _Rows(
            np.concatenate([self.is_positive, other.is_positive]),
            tuple(np.concatenate(pair) for pair in zip(self.scores, other.scores, strict=True)),
            self.left_out + other.left_out,
            self.cells + other.cells,
        )


def load_scores(
    source: Any,
    roles: Roles,
    scores: list[str] | tuple[str, ...],
    *,
    chunksize: int | None = None,
    format: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
) -> ScoreRows:
    """The labels and score columns of a predictions table, row by row.

    The positive class, the missing values and the score columns are read by the rules of
    every analysis (see :mod:`phidelta.data`); a row with a missing label or a missing score
    in any of `scores` is left out of all of them (counted in ``rows_left_out``), so that two
    scorers stay paired. A streamed file (`chunksize`) is read block by block and its rows
    concatenated in order: the result is that of the whole file.

    Parameters
    ----------
    source : str, path, bytes or table
        A CSV/TSV/Parquet file, its bytes, or a pandas/polars/pyarrow table.
    roles : Roles
        The label column and the positive class (its other roles are not read).
    scores : list of str
        The score (or probability) columns, at least one.
    chunksize : int, optional
        Stream a file in blocks of this many rows.
    format : str, optional
        "csv", "tsv" or "parquet"; detected by default.
    missing : {"drop", "error"}, default="drop"
        Rows with a missing label or score are left out and counted, or refused.
    missing_values : str or list of str, optional
        Text read as missing besides empty cells (e.g. ``["NA"]``).

    Returns
    -------
    ScoreRows
        ``is_positive``, ``scores`` (by column), ``positive``, ``rows_left_out`` and
        ``missing_cells``.

    Raises
    ------
    DataError
        If no score column is named, a column is missing, the label column does not hold two
        classes, the positive class cannot be decided, or a score is not a number.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": [1, 0, 1, 0], "a": [0.9, 0.2, 0.6, 0.4],
    ...                       "b": [0.7, 0.5, None, 0.1]})
    >>> rows = load_scores(frame, Roles("y"), ["a", "b"])
    >>> rows.positive, rows.scores["a"].tolist(), rows.rows_left_out
    (1, [0.9, 0.2, 0.4], 1)
    """
    check_roles(roles)
    _check_missing(missing)
    markers = check_missing_values(missing_values)
    if isinstance(scores, str):
        scores = [scores]
    names = list(dict.fromkeys(scores or ()))
    if not names:
        raise DataError("choose a score column", "score")
    every = [Roles(roles.label, positive=roles.positive, score=name) for name in names]
    blocks = _blocks(source, chunksize, format)
    for named in every:
        _check_roles(blocks, named)
    classes = classes_of(blocks, [roles.label], markers)
    positive = positive_class(classes, roles)
    columns = [roles.label, *names]

    def part(frame: Any) -> _Rows:
        frame, cells = read_missing(frame, markers, columns)
        gaps = frame[columns].isna().any(axis=1).to_numpy()
        if gaps.any():
            frame = frame[~gaps]
        read = [role_block(frame, named) for named in every]
        is_pos = np.asarray(
            binary_target(read[0].label, positive, labels=classes).is_positive, dtype=bool
        )
        return _Rows(is_pos, tuple(block.score for block in read), int(gaps.sum()), cells)

    total = blocks.reduce(part, columns)
    _finish_missing(total, missing, *every)
    if total.is_positive.all() or not total.is_positive.any():
        raise DataError(
            f"column {roles.label!r} holds one class in the rows with scores; positives and "
            "negatives are both needed",
            "label",
        )
    return ScoreRows(
        total.is_positive,
        dict(zip(names, total.scores, strict=True)),
        positive,
        total.left_out,
        total.cells,
    )

"""Tables and the roles of their columns in, counts objects out: the analyses every door runs.

Each analysis is a pre-pass for the classes (so that the positive class is decided once, on
all rows), a function that reduces one block of rows to additive counts, and a finish. In
memory the whole table is one block; streamed files and Dask partitions are many, added up
exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from phidelta._docstrings import (
    COMPARISON_RESULT,
    SIGNATURE_OPTIONS,
    SIGNATURE_RESULT,
    shared_entries,
)
from phidelta.assessment import Assessment, assessment_part, finish_assessment
from phidelta.counts import (
    ConfusionMatrix,
    binary_target,
    check_pos_label,
    match_class,
    ordered_values,
    python_value,
    same_class,
)
from phidelta.data._blocks import Blocks
from phidelta.data._engines import open_blocks
from phidelta.data._errors import DataError, missing_column
from phidelta.data._missing import (
    COMMON_MARKERS,
    MissingCells,
    check_missing_values,
    read_missing,
    refuse_missing,
)
from phidelta.data._roles import MISSING, Roles, check_roles, clean_classes, role_block
from phidelta.signatures import Signature, block_statistics, signature

if TYPE_CHECKING:
    from phidelta.comparison import Comparison

__all__ = [
    "Multiclass",
    "classes_of",
    "load_assessment",
    "load_comparison",
    "load_multiclass",
    "load_signature",
    "positive_class",
]


# Docstring entries of the loaders below (see phidelta._docstrings).
_SOURCE = """\
source : str, path, bytes, table or Dask DataFrame
    A CSV/TSV/Parquet file, its bytes, a pandas/polars/pyarrow table, or a Dask DataFrame."""
_READING = """\
chunksize : int, optional
    Stream a file in blocks of this many rows.
format : str, optional
    "csv", "tsv" or "parquet"; detected by default."""
_MISSING = """\
missing : {"drop", "error"}, default="drop"
    Rows with a missing role value are left out and counted, or refused.
missing_values : str or list of str, optional
    Text read as missing besides empty cells (e.g. ``["NA"]``); in a column of numbers
    the common markers (``NA``, ``NaN``, ``null``, ``None``, ``?``, …) are missing
    anyway (see :mod:`phidelta.data._missing`)."""


@dataclass
class _Counted:
    """A part, the rows left out while making it and the cells read as missing; all add up."""

    part: Any
    left_out: int
    cells: MissingCells

    def __add__(self, other: _Counted) -> _Counted:
        return _Counted(
            self.part + other.part, self.left_out + other.left_out, self.cells + other.cells
        )


def _check_missing(missing: Any) -> None:
    if missing not in MISSING:
        raise DataError(f"`missing` must be one of {', '.join(MISSING)}; got {missing!r}.")


def _role_columns(*roles: Roles) -> dict[str, str]:
    """``{column: role}`` of the columns the roles name (the first role of a column)."""
    found: dict[str, str] = {}
    for named in roles:
        for role in ("label", "prediction", "score", "fold", "weight", "group"):
            column = getattr(named, role)
            if column is not None and column not in found:
                found[column] = role
    return found


def _finish_missing(total: _Counted, missing: str, *roles: Roles) -> None:
    """``missing="error"``: refused with the whole data's counts (not one block's)."""
    if missing == "error" and total.left_out:
        refuse_missing(total.cells, _role_columns(*roles))


def _unique(values: np.ndarray) -> set[Any]:
    if values.dtype == object:
        return set(values.tolist())
    return set(np.unique(values).tolist())


def classes_of(blocks: Blocks, columns: list[str], missing_values: Any = None) -> list[Any]:
    """The classes found in some columns (missing values aside), in sorted order: the one
    light pass that streamed and distributed data need before counting.

    Parameters
    ----------
    blocks : WholeTable, ChunkedTable or DaskTable
        The block source (see :func:`open_blocks`).
    columns : list of str
        The columns to read.
    missing_values : str or list of str, optional
        Markers read as missing besides empty cells (see :mod:`phidelta.data._missing`).

    Returns
    -------
    list
        The distinct values, sorted (by type, then value, where they do not compare).

    Raises
    ------
    DataError
        If a column is missing.

    Examples
    --------
    >>> classes_of(open_blocks(b"y,p\\n1,0\\n0,2\\n"), ["y", "p"])
    [0, 1, 2]
    """
    if not hasattr(blocks, "reduce"):
        raise TypeError(
            f"`blocks` must be a block source from open_blocks(...); got {type(blocks).__name__}."
        )
    markers = check_missing_values(missing_values)
    columns = list(dict.fromkeys(columns))  # a label that is also the prediction: read once

    def found_in(frame: Any) -> set[Any]:
        frame = read_missing(frame, markers, columns)[0]
        return set().union(*(_unique(clean_classes(frame[c])[0]) for c in columns))

    found = blocks.reduce(found_in, columns, combine=set.union)
    return ordered_values(found)


def positive_class(classes: list[Any], roles: Roles) -> Any:
    """The positive class among the two ``classes`` of the label column (the package's rule).

    Parameters
    ----------
    classes : list
        The classes of the label column.
    roles : Roles
        Its ``positive`` is the class asked for (None: the rule of
        :func:`~phidelta.counts.check_pos_label`).

    Returns
    -------
    scalar
        The positive class, as found among `classes`.

    Raises
    ------
    DataError
        If there are not exactly two classes, or the positive class is not among them or
        cannot be inferred.

    Examples
    --------
    >>> positive_class([0, 1], Roles("y"))
    1
    >>> positive_class(["ham", "spam"], Roles("y", positive="spam"))
    'spam'
    """
    check_roles(roles)
    where = f"column {roles.label!r}"
    if len(classes) < 2:
        raise DataError(
            f"{where} holds one class {classes}; positives and negatives are both needed",
            "label",
        )
    if len(classes) > 2:
        raise DataError(
            f"{where} holds {len(classes)} classes ({', '.join(map(str, classes[:10]))}); a "
            "binary analysis needs two (use the multi-class analysis, or binarize first)"
            + _marker_hint(classes),
            "label",
        )
    try:
        return check_pos_label(classes, roles.positive, where=where, argument="positive")
    except ValueError as exc:
        raise DataError(str(exc), "positive") from None


def _marker_hint(classes: list[Any]) -> str:
    """A class that is a common missing-value marker (R writes a missing label as NA): how to
    read it as missing instead."""
    markers = [c for c in classes if isinstance(c, str) and c.strip() in COMMON_MARKERS]
    if not markers:
        return ""
    listed = ", ".join(repr(m) for m in markers)
    return (
        f"; if {listed} {'marks' if len(markers) == 1 else 'mark'} a missing value, name "
        f"{'it' if len(markers) == 1 else 'them'}: missing_values={markers!r}"
    )


def _blocks(source: Any, chunksize: int | None, format: str | None) -> Blocks:
    return open_blocks(source, chunksize=chunksize, format=format)


def _check_roles(blocks: Blocks, roles: Roles) -> None:
    """Every column a role names must be in the table; the error names the role."""
    header = blocks.header()
    for role in ("label", "prediction", "score", "fold", "weight", "group"):
        column = getattr(roles, role)
        if column is not None and column not in header:
            raise missing_column(column, header, blocks.name, role)


@shared_entries(
    source=_SOURCE,
    reading=_READING,
    signature_options=SIGNATURE_OPTIONS,
    signature_result=SIGNATURE_RESULT,
)
def load_signature(
    source: Any,
    roles: Roles,
    *,
    chunksize: int | None = None,
    format: str | None = None,
    numeric: str = "soft",
    kinds: dict[str, str] | None = None,
    max_values: int = 256,
    missing: str = "drop",
    missing_values: Any = None,
) -> Signature:
    """The feature signature of a table: every column but the label is a feature.

    ``source`` is a path (CSV/TSV/Parquet), bytes, a pandas/polars/pyarrow table or a Dask
    DataFrame; ``chunksize`` streams a file. Rows whose label is missing are left out and
    counted in ``Signature.rows_left_out`` (``missing="error"`` refuses them instead).

    With a group column (``roles.group``: several rows per patient, speaker, document or
    site; a table read in one piece) the group is no feature: each row's group is kept
    (:meth:`~phidelta.signatures.Signature.counts_by_group`) and the features' intervals
    resample whole groups (the cluster bootstrap). A row with a missing group is left out.

    Parameters
    ----------
    {source}
    roles : Roles
        The label column, the positive class and, optionally, the group column.
    {reading}
    numeric : {"soft", "threshold"}, default="soft"
        How a numeric feature becomes counts (see :func:`phidelta.signatures.signature`).
    {signature_options}
    missing : {"drop", "error"}, default="drop"
        Rows with a missing label are left out and counted, or refused.
    missing_values : str or list of str, optional
        Text read as missing besides empty cells (e.g. ``["NA"]``); in a column of numbers
        the common markers (``NA``, ``NaN``, ``null``, ``None``, ``?``, …) are missing
        anyway (see :mod:`phidelta.data._missing`). What was read as missing is
        ``missing_cells`` of the result.

    {signature_result}

    Raises
    ------
    DataError
        If the roles name more than the label, the positive class and a group column, there
        are no feature columns, the label does not have two classes, the source cannot be
        read, or a group column is named with a table read in chunks or holds one group.

    References
    ----------
    Armano, G. (2015). A direct measure of discriminant and characteristic capability for
    classifier building and assessment. Information Sciences. Section 5 and Fig. 10 (feature
    signatures).

    Examples
    --------
    >>> from phidelta.datasets import climate_data_path
    >>> sig = load_signature(climate_data_path(), Roles("RainBool", positive="1"))
    >>> sig.positive, round(sig.ratio, 4)
    (1, 0.9333)
    """
    check_roles(roles)
    _check_missing(missing)
    markers = check_missing_values(missing_values)
    if any(getattr(roles, r) is not None for r in ("prediction", "score", "fold", "weight")):
        raise DataError("a feature signature uses only the label column and the positive class")
    blocks = _blocks(source, chunksize, format)
    header = blocks.header()
    _check_roles(blocks, roles)
    features = [c for c in header if c not in (roles.label, roles.group)]
    if not features:
        raise DataError(f"{blocks.name} has no feature columns besides {roles.label!r}", "label")
    classes = classes_of(blocks, [roles.label], markers)
    positive = positive_class(classes, roles)
    label_only = Roles(roles.label)
    if not isinstance(blocks, _whole_type()):
        if roles.group is not None:
            raise DataError(
                "a signature's groups are read from its rows: read the table in one piece (no "
                "chunks, no Dask, no Spark) to use a group column",
                "group",
            )
        if numeric != "soft":
            raise DataError(
                "numeric='threshold' needs whole columns: read the table in one piece "
                "(no chunks, no Dask, no Spark)",
                "numeric",
            )
        # column types come from the first block: a streamed file meets it first anyway;
        # partitions reduced in parallel need it beforehand
        layout: dict[str, bool] | None = None
        if not getattr(blocks, "sequential", False):
            first = read_missing(blocks.first(), markers)[0]
            first = first[~first[roles.label].isna().to_numpy()]
            layout = block_statistics(
                first.drop(columns=[roles.label]), np.zeros(len(first), bool)
            ).schema()
            del first

        def part(frame: Any) -> _Counted:
            nonlocal layout
            frame, cells = read_missing(frame, markers)
            block = role_block(frame, label_only)
            kept = frame[~frame[roles.label].isna().to_numpy()] if block.left_out else frame
            is_pos = binary_target(block.label, positive, labels=classes).is_positive
            statistics = block_statistics(
                kept.drop(columns=[roles.label]), is_pos, schema=layout, kinds=kinds
            )
            if layout is None:
                layout = statistics.schema()
            return _Counted(statistics, block.left_out, cells)

        total = blocks.reduce(part)
        _finish_missing(total, missing, label_only)
        try:
            result = Signature.from_statistics(
                total.part, positive=positive, kinds=kinds, max_values=max_values
            )
        except ValueError as exc:
            raise DataError(str(exc), "label") from None
        return _with_left_out(result, total.left_out, total.cells)
    frame, cells = read_missing(blocks.first(), markers)
    used = Roles(roles.label, group=roles.group)  # a row of no group is left out too
    block = role_block(frame, used)
    _finish_missing(_Counted(None, block.left_out, cells), missing, used)
    gaps = frame[[c for c in (roles.label, roles.group) if c is not None]].isna().any(axis=1)
    kept = frame[~gaps.to_numpy()] if block.left_out else frame
    result = signature(
        kept.drop(columns=[c for c in (roles.label, roles.group) if c is not None]),
        block.label,
        pos_label=positive,
        numeric=numeric,
        kinds=kinds,
        max_values=max_values,
    )
    if roles.group is not None:  # each row's group, for the clustered intervals
        if len(set(block.group.tolist())) < 2:
            raise DataError(
                f"column {roles.group!r} (group) holds a single group: whole groups cannot be "
                "resampled with one group; name a column of at least two groups, or none",
                "group",
            )
        result = replace(result, _rows=replace(result._rows, groups=block.group))
    return _with_left_out(result, block.left_out, cells)


def _whole_type() -> type:
    from phidelta.data._blocks import WholeTable

    return WholeTable


def _with_left_out(result: Signature, left_out: int, cells: MissingCells) -> Signature:
    from dataclasses import replace

    return replace(result, rows_left_out=left_out, missing_cells=cells)


@shared_entries(source=_SOURCE, reading=_READING, missing=_MISSING)
def load_assessment(
    source: Any,
    roles: Roles,
    *,
    chunksize: int | None = None,
    format: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
) -> Assessment:
    """Per-fold counts and score tables of a predictions table (label, prediction and/or
    score, fold, weight, group): the same numbers whole, streamed or on Dask.

    Without a prediction column, scores become predictions at ``roles.threshold`` (default
    0.5 when every score lies in [0, 1], else 0), decided on the merged score tables; the cut
    is ``Assessment.threshold``. Rows with a missing role value are left out and counted in
    ``Assessment.rows_left_out``.

    With a group column (``roles.group``: several rows per patient, speaker, document or
    site) the counts and score tables are kept per group within each fold too
    (``Assessment.groups``), and every interval of the result resamples whole groups: the
    cluster bootstrap for the measures, Obuchowski's variance for the AUC
    (:meth:`~phidelta.assessment.Assessment.summary`). A row with a missing group is left
    out like one with a missing label.

    Parameters
    ----------
    {source}
    roles : Roles
        Which column plays which role.
    {reading}
    {missing}

    Returns
    -------
    Assessment
        Per-fold counts, score tables, folds, positive class, threshold and rows left out.

    Raises
    ------
    DataError
        If neither a prediction nor a score column is named, a column is missing, the
        labels, predictions or scores cannot be read, or the group column holds a single
        group.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": [1, 0, 1, 0], "s": [2.0, -1.0, -0.5, 0.5]})
    >>> result = load_assessment(frame, Roles("y", score="s"))
    >>> result.threshold, result.counts.tp.tolist()
    (0.0, [1])

    Two rows per patient: the intervals resample patients.

    >>> frame["patient"] = ["a", "a", "b", "b"]
    >>> load_assessment(frame, Roles("y", score="s", group="patient")).groups.labels.tolist()
    ['a', 'b']
    """
    check_roles(roles)
    _check_missing(missing)
    markers = check_missing_values(missing_values)
    if roles.prediction is None and roles.score is None:
        raise DataError("choose a prediction column or a score column (or both)", "prediction")
    if roles.prediction is not None and roles.threshold is not None:
        raise DataError(
            "a threshold turns scores into predictions; with a prediction column it has no use",
            "threshold",
        )
    blocks = _blocks(source, chunksize, format)
    _check_roles(blocks, roles)
    classes = classes_of(blocks, [roles.label], markers)
    positive = positive_class(classes, roles)
    columns = roles.columns()

    def part(frame: Any) -> _Counted:
        frame, cells = read_missing(frame, markers, columns)
        block = role_block(frame, roles)
        try:
            made = assessment_part(
                block.label,
                y_pred=block.prediction,
                scores=block.score,
                folds=block.fold,
                sample_weight=block.weight,
                classes=classes,
                positive=positive,
                groups=block.group,
            )
        except ValueError as exc:
            raise DataError(str(exc), "prediction" if roles.prediction else "score") from None
        return _Counted(made, block.left_out, cells)

    total = blocks.reduce(part, columns)
    _finish_missing(total, missing, roles)
    try:
        result = finish_assessment(
            total.part, positive=positive, threshold=roles.threshold, rows_left_out=total.left_out
        )
    except ValueError as exc:
        raise DataError(str(exc), "label") from None
    check_threshold(result, roles.threshold)
    if result.groups is not None and len(result.groups.labels) < 2:
        raise DataError(
            f"column {roles.group!r} (group) holds a single group: whole groups cannot be "
            "resampled with one group (the intervals would have no width); name a column of "
            "at least two groups, or none",
            "group",
        )
    return replace(result, missing_cells=total.cells)


def check_threshold(result: Assessment, asked: Any) -> None:
    """A threshold the user gave must cut the scores: one above every score (or below every
    score) predicts a single class for every row — almost always a threshold on another
    scale (1.5 for probabilities, 50 for a percentage read as a fraction).

    Parameters
    ----------
    result : Assessment
        An assessment of scores.
    asked : float, "optimal" or None
        The threshold the user gave (``Roles.threshold``); only a number is checked.

    Raises
    ------
    DataError
        If `asked` lies above the highest score or below the lowest.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": [1, 0, 1, 0], "s": [0.9, 0.2, 0.6, 0.4]})
    >>> load_assessment(frame, Roles("y", score="s", threshold=1.5))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    phidelta.data._errors.DataError: the threshold 1.5 lies above every score (the scores ...
    """
    if not isinstance(asked, float) or not result.tables:
        return
    tables = [t for t in result.tables if len(t)]
    if not tables:
        return
    low = min(float(t.scores.min()) for t in tables)
    high = max(float(t.scores.max()) for t in tables)
    if low <= asked <= high:
        return
    side, verdict = ("above", "negative") if asked > high else ("below", "positive")
    raise DataError(
        f"the threshold {asked:g} lies {side} every score (the scores run from {low:.6g} to "
        f"{high:.6g}): every row would be predicted {verdict}; choose a threshold within "
        "the scores' range",
        "threshold",
    )


@shared_entries(
    source=_SOURCE, reading=_READING, missing=_MISSING, comparison_result=COMPARISON_RESULT
)
def load_comparison(
    source: Any,
    roles: Roles,
    other: Roles,
    *,
    chunksize: int | None = None,
    format: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
    measure: str = "accuracy",
    test_fraction: float | None = None,
    names: tuple[str, str] | None = None,
) -> Comparison:
    """Two classifiers of one predictions table compared: their per-fold assessments and the
    paired tests (:func:`phidelta.comparison.compare`), whole, streamed or on Dask alike.

    ``roles`` names classifier A's prediction and/or score column (and the label, positive
    class, fold and threshold, shared); ``other`` names B's, of the same kinds — its label,
    positive class and fold must be ``roles``'. A row missing a value either classifier needs
    is left out of both (the tests are paired), and counted.

    With a group column (``roles.group``: several rows per patient, speaker, document or
    site) no test or interval treats a group's rows as independent: McNemar's test is the
    clustered one (Durkalski et al. 2003), DeLong's variance Obuchowski's and the paired
    differences and each classifier's intervals resample whole groups.

    Parameters
    ----------
    {source}
    roles : Roles
        Classifier A's columns, with the shared label, positive class, fold, group and
        threshold.
    other : Roles
        Classifier B's prediction and/or score column (its label, positive class, fold and
        group must be those of `roles`, or its group None).
    {reading}
    {missing}
    measure : str, default="accuracy"
        The per-fold measure of the corrected t-test (a name of
        :data:`phidelta.measures.MEASURES`).
    test_fraction : float, optional
        Test share of the data in each fold; default 1/k for k folds.
    names : pair of str, optional
        The classifiers' names; by default their prediction (or score) columns.

    {comparison_result}

    Raises
    ------
    DataError
        If a weight column is named, the classifiers do not share their label, positive
        class, fold and group, a column is missing or unreadable, or the group column holds
        a single group.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": [1, 0, 1, 0, 1, 0], "a": [1, 0, 1, 0, 1, 1],
    ...                       "b": [0, 0, 1, 1, 0, 1]})
    >>> result = load_comparison(frame, Roles("y", prediction="a"), Roles("y", prediction="b"))
    >>> result.mcnemar.method, result.names
    ('exact', ('a', 'b'))
    """
    check_roles(roles)
    check_roles(other)
    _check_missing(missing)
    markers = check_missing_values(missing_values)
    from phidelta.comparison import comparison_part, finish_comparison

    if roles.weight is not None or other.weight is not None:
        raise DataError("paired tests count examples: a weight column has no use here", "weight")
    if other.group is None:
        other = replace(other, group=roles.group)
    for role in ("label", "fold", "group"):
        if getattr(roles, role) != getattr(other, role):
            raise DataError(f"both classifiers must share the {role} column", role)
    if (roles.prediction is None) != (other.prediction is None) or (roles.score is None) != (
        other.score is None
    ):
        raise DataError(
            "compare like with like: give both classifiers prediction columns, score columns, "
            "or both",
            "prediction" if roles.prediction is not None else "score",
        )
    if roles.prediction is None and roles.score is None:
        raise DataError("choose a prediction column or a score column (or both)", "prediction")
    other = replace(other, positive=roles.positive)
    blocks = _blocks(source, chunksize, format)
    _check_roles(blocks, roles)
    _check_roles(blocks, other)
    classes = classes_of(blocks, [roles.label], markers)
    positive = positive_class(classes, roles)
    columns = list(dict.fromkeys(roles.columns() + other.columns()))

    def part(frame: Any) -> _Counted:
        frame, cells = read_missing(frame, markers, columns)
        gaps = frame[columns].isna().any(axis=1).to_numpy()
        if gaps.any():
            frame = frame[~gaps]
        a = role_block(frame, roles)
        b = role_block(frame, other)
        try:
            made = comparison_part(
                a.label,
                y_pred=None if a.prediction is None else (a.prediction, b.prediction),
                scores=None if a.score is None else (a.score, b.score),
                folds=a.fold,
                classes=classes,
                positive=positive,
                groups=a.group,
            )
        except ValueError as exc:
            raise DataError(str(exc), "prediction" if roles.prediction else "score") from None
        return _Counted(made, int(gaps.sum()), cells)

    total = blocks.reduce(part, columns)
    _finish_missing(total, missing, roles, other)
    if roles.group is not None:
        seen = total.part.groups or set().union(
            *(set(g.tolist()) for g in total.part.paired_groups)
        )
        if len(seen) < 2:
            raise DataError(
                f"column {roles.group!r} (group) holds a single group: whole groups cannot be "
                "resampled with one group; name a column of at least two groups, or none",
                "group",
            )
    column = other.score or other.prediction  # named as the first, by the score when given
    try:
        result = finish_comparison(
            total.part,
            positive=positive,
            thresholds=(roles.threshold, other.threshold),
            measure=measure,
            test_fraction=test_fraction,
            rows_left_out=total.left_out,
            names=names or (roles.score or roles.prediction, column),
        )
    except ValueError as exc:
        raise DataError(str(exc), "label") from None
    check_threshold(result.a, roles.threshold)
    check_threshold(result.b, other.threshold)
    return replace(
        result,
        a=replace(result.a, missing_cells=total.cells),
        b=replace(result.b, missing_cells=total.cells),
    )


class Multiclass(NamedTuple):
    """Confusion matrices of a multi-class table: one per group (fold), with its name.

    Attributes
    ----------
    matrices : ConfusionMatrix
        One matrix per group (fold), or one.
    names : list of str
        The group of each matrix.
    rows_left_out : int
        Rows left out for a missing label or prediction.
    missing_cells : MissingCells or None
        What was read as missing, per column.
    groups : MulticlassGroups or None
        With a group column (several rows per patient, speaker, document or site): each
        group's matrix within each fold, which :meth:`intervals` resamples whole.

    See Also
    --------
    load_multiclass : returns it.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 1, 1], "p": [0, 1, None]})
    >>> load_multiclass(frame, Roles("y", prediction="p")).rows_left_out
    1

    The intervals ``phidelta triangle --confidence-level`` prints (the same seed, the same
    numbers):

    >>> frame = pd.DataFrame({"y": list("aabbcc") * 5, "p": list("abbbca") * 5})
    >>> res = load_multiclass(frame, Roles("y", prediction="p")).intervals(random_state=0)
    >>> res.index, res.methods["joint_mi2"]
    (['all'], 'bca')
    """

    matrices: ConfusionMatrix
    names: list[str]
    rows_left_out: int
    missing_cells: MissingCells | None = None
    groups: MulticlassGroups | None = None

    def intervals(
        self,
        *,
        confidence_level: float = 0.95,
        method: str = "auto",
        n_resamples: int = 2000,
        random_state: Any = None,
    ) -> Any:
        """Bootstrap intervals of the entropy triangle's quantities and the accuracy, for each
        matrix and, with several (folds), for the matrices added up: what the command line's
        ``triangle --confidence-level``, the report and the web page show.

        The rows behind each matrix are resampled (:func:`phidelta.inference.matrix_intervals`,
        Efron 1987); every quantity of the entropy balance gets an interval but the uniform
        entropies, fixed by the number of classes. With :attr:`groups` whole groups are
        resampled instead (the cluster bootstrap; methods ``cluster_bca`` or
        ``cluster_percentile``), and a fold of fewer than two groups gets no interval.

        Parameters
        ----------
        confidence_level : float, default=0.95
            In (0, 1).
        method : {"auto", "bootstrap", "percentile"}, default="auto"
            "auto" and "bootstrap": BCa; "percentile": the percentile bootstrap.
        n_resamples : int, default=2000
            Resamples of the bootstrap.
        random_state : None, int or numpy.random.Generator, default=None
            Source of randomness (None: fresh entropy; the doors use 0).

        Returns
        -------
        MatrixIntervals
            One row per matrix (``index``: the names), then ``"pooled"`` with several;
            ``to_frame()`` gives ``<quantity>``, ``<quantity>_low`` and ``<quantity>_high``.

        Raises
        ------
        ValueError
            If the counts are weighted (not counts of rows), or an option is invalid.
        """
        from phidelta._door_intervals import MATRIX_METHODS, triangle_intervals

        if method not in MATRIX_METHODS:
            raise ValueError(f"`method` must be one of {list(MATRIX_METHODS)}; got {method!r}.")
        res = triangle_intervals(
            self.matrices,
            self.names,
            confidence_level=confidence_level,
            method=method,
            n_resamples=n_resamples,
            random_state=random_state,
            groups=None if self.groups is None else self.groups.per_matrix(),
        )
        if res is None:
            raise ValueError(
                "The matrices hold weighted counts, not counts of rows: the bootstrap needs "
                "counts of rows (no interval is given)."
            )
        return res


@dataclass(frozen=True)
class MulticlassGroups:
    """The matrices of a multi-class table by group (patient, speaker, document, site) within
    each fold: the additive parts the clustered intervals resample (whole groups).

    Attributes
    ----------
    labels : list
        The groups, in sorted order.
    parts : list of ConfusionMatrix
        For each matrix (fold) of :attr:`Multiclass.matrices`, one matrix per group with rows
        in that fold.
    pooled : ConfusionMatrix
        One matrix per group, its folds added up.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": list("abab"), "p": list("abba"), "g": [1, 1, 2, 2]})
    >>> res = load_multiclass(frame, Roles("y", prediction="p", group="g"))
    >>> res.groups.labels, res.groups.pooled.counts.shape
    ([1, 2], (2, 2, 2))
    """

    labels: list[Any]
    parts: list[ConfusionMatrix]
    pooled: ConfusionMatrix

    def per_matrix(self) -> list[ConfusionMatrix]:
        """The parts of each matrix, then, with several matrices, those of the pooled one (the
        order of the doors' intervals)."""
        return self.parts if len(self.parts) == 1 else [*self.parts, self.pooled]


def _declared(classes: Any, found: list[Any]) -> list[Any]:
    """Declared classes (values, or their text) matched to the values found."""
    out = []
    for wanted in classes:
        ok, value = match_class(found, wanted)
        out.append(value if ok else wanted)
    return out


@shared_entries(source=_SOURCE, reading=_READING, missing=_MISSING)
def load_multiclass(
    source: Any,
    roles: Roles,
    *,
    classes: Any = None,
    chunksize: int | None = None,
    format: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
) -> Multiclass:
    """The k×k confusion matrix of label and prediction columns (one per fold with a fold
    column). ``classes`` fixes their order (default: every class seen in either column,
    sorted); a class never predicted, or never true, keeps its zero column or row.

    With a group column (``roles.group``: several rows per patient, speaker, document or
    site) each group's matrix within each fold is kept too (``Multiclass.groups``), and the
    intervals resample whole groups (:meth:`Multiclass.intervals`). A row with a missing
    group is left out like one with a missing label.

    Parameters
    ----------
    {source}
    roles : Roles
        The label and prediction columns (and optionally fold, weight and group).
    classes : sequence, optional
        The classes, in order; by default every class seen, sorted.
    {reading}
    {missing}

    Returns
    -------
    Multiclass
        ``(matrices, names, rows_left_out)``.

    Raises
    ------
    DataError
        If the label or prediction column is not named or missing, no row has both, or the
        group column holds a single group.

    References
    ----------
    Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
    assess the performance of multi-class classifiers. Pattern Recognition Letters. (the confusion
    matrices of the entropy triangle).

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": ["a", "b", "c", "c"], "p": ["a", "c", "c", "c"]})
    >>> load_multiclass(frame, Roles("y", prediction="p")).matrices.counts[0].tolist()
    [[1, 0, 0], [0, 0, 1], [0, 0, 2]]
    """
    check_roles(roles)
    _check_missing(missing)
    markers = check_missing_values(missing_values)
    if roles.prediction is None:
        raise DataError("choose the label and the prediction columns", "prediction")
    blocks = _blocks(source, chunksize, format)
    _check_roles(blocks, roles)
    found = classes_of(blocks, [roles.label, roles.prediction], markers)
    order = found if classes is None else _declared(list(classes), found)
    stray = [v for v in found if not any(same_class(v, w) for w in order)]
    if stray:
        raise DataError(
            f"the data hold classes {stray[:10]} that are not among the declared classes "
            f"{list(classes or [])}",
            "classes",
        )

    columns = roles.columns()

    def part(frame: Any) -> _Counted:
        frame, cells = read_missing(frame, markers, columns)
        block = role_block(frame, roles)
        groups = block.fold if block.fold is not None else np.zeros(len(block.label), np.int64)
        matrices, names = ConfusionMatrix.from_groups(
            block.label, block.prediction, groups, classes=order, sample_weight=block.weight
        )
        keyed = _Matrices({python_value(g): matrices[i] for i, g in enumerate(names.tolist())})
        if block.group is not None:  # each group's matrix within each fold
            keyed.by_part = _group_matrices(block, groups, order)
        return _Counted(keyed, block.left_out, cells)

    total = blocks.reduce(part, columns)
    _finish_missing(total, missing, roles)
    keys = ordered_values(total.part.by_group)
    if not keys:
        raise DataError("no rows with both a label and a prediction", "label")
    stacked = ConfusionMatrix(
        np.concatenate([total.part.by_group[k].counts for k in keys]),
        input_classes=order,
        output_classes=order,
    )
    names = [str(k) for k in keys] if roles.fold is not None else ["all"]
    groups = None
    if roles.group is not None:
        groups = _multiclass_groups(total.part.by_part, keys, order)
        if len(groups.labels) < 2:
            raise DataError(
                f"column {roles.group!r} (group) holds a single group: whole groups cannot be "
                "resampled with one group (the intervals would have no width); name a column "
                "of at least two groups, or none",
                "group",
            )
    return Multiclass(stacked, names, total.left_out, total.cells, groups)


def _group_matrices(block: Any, folds: np.ndarray, order: list[Any]) -> dict[Any, Any]:
    """``{(fold, group): matrix}`` of one block's rows."""
    out: dict[Any, Any] = {}
    fold_values = np.unique(folds) if folds.dtype != object else ordered_values(set(folds))
    for fold in fold_values:
        rows = folds == fold
        weight = None if block.weight is None else block.weight[rows]
        matrices, names = ConfusionMatrix.from_groups(
            block.label[rows],
            block.prediction[rows],
            block.group[rows],
            classes=order,
            sample_weight=weight,
        )
        for i, g in enumerate(names.tolist()):
            out[python_value(fold), python_value(g)] = matrices[i]
    return out


def _multiclass_groups(
    by_part: dict[Any, ConfusionMatrix], folds: list[Any], order: list[Any]
) -> MulticlassGroups:
    """The parts of each fold and of the folds pooled, groups in sorted order."""
    labels = ordered_values({g for _, g in by_part})
    parts = []
    for fold in folds:
        mine = [g for g in labels if (fold, g) in by_part]
        parts.append(_stacked([by_part[fold, g] for g in mine], order))
    pooled = []
    for g in labels:
        held = [by_part[fold, g] for fold in folds if (fold, g) in by_part]
        pooled.append(sum(held[1:], held[0]))
    return MulticlassGroups(labels, parts, _stacked(pooled, order))


def _stacked(matrices: list[ConfusionMatrix], order: list[Any]) -> ConfusionMatrix:
    return ConfusionMatrix(
        np.concatenate([m.counts for m in matrices]), input_classes=order, output_classes=order
    )


@dataclass
class _Matrices:
    by_group: dict[Any, ConfusionMatrix]
    by_part: dict[Any, ConfusionMatrix] | None = None

    def __add__(self, other: _Matrices) -> _Matrices:
        merged = dict(self.by_group)
        for key, value in other.by_group.items():
            merged[key] = merged[key] + value if key in merged else value
        parts = None
        if self.by_part is not None or other.by_part is not None:
            parts = dict(self.by_part or {})
            for key, value in (other.by_part or {}).items():
                parts[key] = parts[key] + value if key in parts else value
        return _Matrices(merged, parts)

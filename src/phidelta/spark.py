"""Assessment of data that lives in Spark DataFrames (the ``spark`` extra).

The functions take a ``pyspark.sql.DataFrame`` and the names of its columns in their roles —
label, positive class, prediction, score, threshold, fold, weight, group, the missing-value
rule — as every other door does (:class:`phidelta.data.Roles`). Each partition is reduced to
its additive parts on Spark's executors (Arrow batches, ``mapInArrow``): confusion counts,
confusion matrices, score tables of the distinct scores, signature statistics. Only the parts
travel to the driver, never rows, and they are added up there exactly: integer counts and
score tables bit for bit equal to the table's in memory, float (weighted) sums to rounding.
The AUC is therefore exact — Spark's ``BinaryClassificationEvaluator`` bins the scores
(``numBins=1000`` by default) and has no curves, measures, intervals or signatures.

Errors raised on an executor come back as phidelta's own (a
:class:`~phidelta.data.DataError` naming the role); the workers run this interpreter when the
session is started with :func:`session` on a local master. PySpark is imported by these
functions only: ``import phidelta`` does not import it.

See Also
--------
phidelta.distributed : the same for Dask collections.
phidelta.data.SparkTable : the Spark back-end of the data layer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from phidelta._docstrings import (
    ASSESSMENT_RESULT,
    COMPARISON_RESULT,
    SIGNATURE_OPTIONS,
    SIGNATURE_RESULT,
    shared_entries,
)
from phidelta.counts import BinaryCounts, ScoreTable
from phidelta.data import DataError, Roles, SparkTable
from phidelta.data._spark import is_spark, require_spark
from phidelta.data._spark import quiet as _quiet

__all__ = [
    "SparkTable",
    "assess",
    "auc",
    "compare",
    "confusion_matrix",
    "counts",
    "measure_table",
    "precision_recall_curve",
    "read_table",
    "roc_curve",
    "score_table",
    "session",
    "signature",
]

#: Settings of the sessions :func:`session` starts, unless given: no progress bars on the
#: terminal, Arrow batches of 2^16 rows (Spark's default, 10,000, costs more calls), and
#: pandas frames converted through Arrow (``createDataFrame``, ``toPandas``): Spark's default
#: from 4.2 on; without it PySpark 3.5 reads a missing text cell as the text "NaN" and
#: refuses a column of booleans with missing cells.
DEFAULT_CONF = {
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.execution.arrow.maxRecordsPerBatch": "65536",
    "spark.sql.execution.arrow.pyspark.enabled": "true",
}

# Docstring entries shared by the functions below (see phidelta._docstrings).
_MISSING = """\
missing : {"drop", "error"}, default="drop"
    Rows with a missing value are left out and counted, or refused.
missing_values : str or list of str, optional
    Text read as missing besides empty cells."""
_PREDICTION_COLUMNS = """\
frame : pyspark.sql.DataFrame
    The predictions.
label, prediction : str
    The class column and the predicted class column."""
_SCORE_COLUMNS = """\
frame : pyspark.sql.DataFrame
    The scores.
label, score : str
    The class column and the score column.
**roles
    ``pos_label``, ``weight``, ``missing``, ``missing_values`` as in :func:`score_table`."""
_SCORE_ERRORS = """\
Raises
------
TypeError
    If `frame` is not a Spark DataFrame.
DataError
    As :func:`score_table`."""


def session(
    master: str = "local[2]", *, conf: dict[str, str] | None = None, app_name: str = "phidelta"
) -> Any:
    """A Spark session whose Python workers run this interpreter (on a local master).

    Spark starts its Python workers with ``PYSPARK_PYTHON``, else whatever ``python3`` is
    first on the PATH — from an unactivated virtual environment, one without phidelta. On a
    ``local`` master it is set to this interpreter (``sys.executable``) unless already set; on
    a cluster the executors need phidelta installed and ``PYSPARK_PYTHON`` naming it. An
    active session is returned as it is (Spark allows one per process).

    Parameters
    ----------
    master : str, default="local[2]"
        ``local[N]`` (N cores of this machine) or a cluster URL (``spark://host:7077``,
        ``yarn``, ``k8s://…``).
    conf : dict of str to str, optional
        Spark settings (``spark.executor.memory``, …), over :data:`DEFAULT_CONF`.
    app_name : str, default="phidelta"
        The application's name in Spark's UI.

    Returns
    -------
    pyspark.sql.SparkSession
        The session.

    Raises
    ------
    ImportError
        If PySpark is not installed.
    TypeError
        If `master` is not a string or `conf` not a mapping of strings.

    Examples
    --------
    >>> settings = {"spark.sql.shuffle.partitions": "2"}
    >>> spark = session("local[2]", conf=settings)  # doctest: +SKIP
    >>> spark.conf.get("spark.ui.showConsoleProgress")  # doctest: +SKIP
    'false'
    """
    if not isinstance(master, str) or not master:
        raise TypeError(f"`master` must be local[N] or a cluster URL; got {master!r}.")
    settings = dict(DEFAULT_CONF)
    if conf is not None:
        if not isinstance(conf, dict) or not all(isinstance(k, str) for k in conf):
            raise TypeError(f"`conf` must map Spark setting names to values; got {conf!r}.")
        settings.update({key: str(value) for key, value in conf.items()})
    sql = require_spark()
    active = sql.SparkSession.getActiveSession()
    if active is not None:  # getOrCreate would change its runtime settings to ours
        return active
    if master.startswith("local"):
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    builder = sql.SparkSession.builder.master(master).appName(app_name)
    for key, value in settings.items():
        builder = builder.config(key, value)
    with _quiet():
        spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def read_table(source: str, *, format: str | None = None, spark: Any = None) -> Any:
    """A Parquet, CSV or TSV file (or folder of them), or a table of Spark's catalog, as a
    Spark DataFrame read as the data layer reads files.

    CSV and TSV need a header row; their delimiter is read off it for a local file (as
    :func:`phidelta.data.read_table` does), column types are inferred, and only empty cells
    are null — markers such as ``NA`` follow the data layer's missing-value rule later.

    Parameters
    ----------
    source : str
        A path or URL (``.parquet``/``.pq``, ``.csv``, ``.tsv``/``.tab``, or a folder), or a
        table name of the catalog (``db.table``).
    format : {"csv", "tsv", "parquet", "table"}, optional
        Detected from the name (and a local file's bytes) by default.
    spark : pyspark.sql.SparkSession, optional
        The session; the active one by default, else a new local one (:func:`session`).

    Returns
    -------
    pyspark.sql.DataFrame
        The lazily read table.

    Raises
    ------
    DataError
        If the file or table does not exist or cannot be read, or `format` is unknown.

    Examples
    --------
    >>> from phidelta.datasets import climate_data_path
    >>> frame = read_table(str(climate_data_path()))  # doctest: +SKIP
    >>> frame.count()  # doctest: +SKIP
    29
    """
    from phidelta.data import SUFFIXES, detect_format

    if not isinstance(source, str | Path) or not str(source):
        raise DataError(f"`source` must be a path or a table name; got {source!r}.", "file")
    source = str(source)
    if format not in (None, "csv", "tsv", "parquet", "table"):
        raise DataError(
            f"`format` must be one of csv, tsv, parquet, table; got {format!r}.", "file"
        )
    local = "://" not in source
    path = Path(source)
    if format is None:
        if local and path.is_file():
            format = detect_format(path)
        elif local and path.is_dir():
            format = "tsv" if any(path.glob("*.tsv")) else "csv"
            format = "parquet" if any(path.glob("*.parquet")) else format
        elif not local or source.lower().endswith(SUFFIXES):
            format = detect_format(source)
        else:  # a name of the catalog (``db.table`` has a dot, not a file's suffix)
            format = "table"
    if format == "spreadsheet":
        raise DataError(f"{path.name} is a spreadsheet: Spark reads CSV, TSV and Parquet", "file")
    if local and format != "table" and not path.exists():
        raise DataError(f"no such file: {source}", "file")
    spark = spark if spark is not None else _session()
    try:
        with _quiet():
            if format == "table":
                return spark.table(source)
            if format == "parquet":
                return spark.read.parquet(source)
            options = {"header": "true", "inferSchema": "true", "nullValue": "", "mode": "FAILFAST"}
            if local and path.is_file():
                from phidelta.data._formats import text_dialect

                options["sep"] = text_dialect(path, format)["sep"]
            elif format == "tsv":
                options["sep"] = "\t"
            return spark.read.options(**options).csv(source)
    except Exception as exc:
        if type(exc).__name__ not in ("AnalysisException", "Py4JJavaError"):
            raise
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DataError(f"cannot read {source} with Spark: {first}", "file") from None


def _session() -> Any:
    sql = require_spark()
    active = sql.SparkSession.getActiveSession()
    return active if active is not None else session()


def _check_frame(frame: Any) -> Any:
    if not is_spark(frame):
        raise TypeError(
            f"`frame` must be a pyspark.sql.DataFrame; got {type(frame).__name__} (for a file, "
            "use phidelta.spark.read_table; for pandas, the functions of phidelta.data)."
        )
    return SparkTable(frame)


@shared_entries(assessment_result=ASSESSMENT_RESULT)
def assess(
    frame: Any,
    label: str,
    *,
    prediction: str | None = None,
    score: str | None = None,
    pos_label: Any = None,
    threshold: float | str | None = None,
    fold: str | None = None,
    weight: str | None = None,
    group: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
) -> Any:
    """Per-fold counts and score tables of a Spark DataFrame's prediction and/or score
    columns (:func:`phidelta.data.load_assessment` on Spark's executors).

    Parameters
    ----------
    frame : pyspark.sql.DataFrame
        The predictions.
    label : str
        The class column.
    prediction, score : str, optional
        Columns of predicted labels and of scores (at least one).
    pos_label : scalar or str, optional
        The positive class (as a value or its text); needed unless the classes are {0, 1},
        {−1, 1} or booleans.
    threshold : float or "optimal", optional
        Without `prediction`: positive when score ≥ threshold (default 0.5 for scores in
        [0, 1], else 0).
    fold, weight, group : str, optional
        Columns of fold ids, sample weights and group ids.
    missing : {"drop", "error"}, default="drop"
        Rows with a missing role value are left out and counted, or refused.
    missing_values : str or list of str, optional
        Text read as missing besides empty cells (e.g. ``["NA"]``).

    {assessment_result}

    Raises
    ------
    TypeError
        If `frame` is not a Spark DataFrame.
    DataError
        If a column is missing, the label does not hold two classes, or a value cannot be
        read (raised on the executors, reported as in memory).

    See Also
    --------
    phidelta.data.load_assessment : the same for files and tables in memory.

    Examples
    --------
    >>> from phidelta.spark import session  # doctest: +SKIP
    >>> rows = [(1, 0.9), (0, 0.2), (1, 0.4), (0, 0.6)]
    >>> frame = session().createDataFrame(rows, "y long, s double")  # doctest: +SKIP
    >>> assess(frame, "y", score="s").counts  # doctest: +SKIP
    BinaryCounts(tn=[1], fp=[1], fn=[1], tp=[1])
    """
    from phidelta.data import load_assessment

    table = _check_frame(frame)
    roles = Roles(
        label,
        positive=pos_label,
        prediction=prediction,
        score=score,
        threshold=threshold,
        fold=fold,
        weight=weight,
        group=group,
    )
    with _quiet():
        return load_assessment(table, roles, missing=missing, missing_values=missing_values)


@shared_entries(prediction_columns=_PREDICTION_COLUMNS, missing=_MISSING)
def counts(
    frame: Any,
    label: str,
    prediction: str,
    *,
    pos_label: Any = None,
    fold: str | None = None,
    weight: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
) -> BinaryCounts:
    """Binary confusion counts of a label and a prediction column (one entry per fold).

    Parameters
    ----------
    {prediction_columns}
    pos_label : scalar or str, optional
        The positive class.
    fold, weight : str, optional
        Columns of fold ids and of sample weights.
    {missing}

    Returns
    -------
    BinaryCounts
        One entry, or one per fold (in sorted fold order).

    Raises
    ------
    TypeError
        If `frame` is not a Spark DataFrame.
    DataError
        If a column is missing or the label does not hold two classes.

    Examples
    --------
    >>> rows = [(1, 1), (0, 0), (1, 0), (0, 1)]
    >>> frame = session().createDataFrame(rows, "y long, p long")  # doctest: +SKIP
    >>> counts(frame, "y", "p")  # doctest: +SKIP
    BinaryCounts(tn=[1], fp=[1], fn=[1], tp=[1])
    """
    return assess(
        frame,
        label,
        prediction=prediction,
        pos_label=pos_label,
        fold=fold,
        weight=weight,
        missing=missing,
        missing_values=missing_values,
    ).counts


@shared_entries(missing=_MISSING)
def score_table(
    frame: Any,
    label: str,
    score: str,
    *,
    pos_label: Any = None,
    weight: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
) -> ScoreTable:
    """The exact score table (distinct scores, positives and negatives at each) of a label
    and a score column: the additive part every curve and the AUC come from.

    Parameters
    ----------
    frame : pyspark.sql.DataFrame
        The scores.
    label, score : str
        The class column and the score column (higher = more positive).
    pos_label : scalar or str, optional
        The positive class.
    weight : str, optional
        Column of sample weights.
    {missing}

    Returns
    -------
    ScoreTable
        Bit for bit the table of the rows in memory (unweighted).

    Raises
    ------
    TypeError
        If `frame` is not a Spark DataFrame.
    DataError
        If a column is missing, a score is not a number or the label does not hold two
        classes.

    Examples
    --------
    >>> rows = [(1, 0.9), (0, 0.2), (1, 0.4), (0, 0.4)]
    >>> frame = session().createDataFrame(rows, "y long, s double")  # doctest: +SKIP
    >>> score_table(frame, "y", "s")  # doctest: +SKIP
    ScoreTable(3 distinct scores, 2 positives, 2 negatives)
    """
    return assess(
        frame,
        label,
        score=score,
        pos_label=pos_label,
        weight=weight,
        missing=missing,
        missing_values=missing_values,
    ).pooled_table()


@shared_entries(score_columns=_SCORE_COLUMNS, score_errors=_SCORE_ERRORS)
def auc(frame: Any, label: str, score: str, **roles: Any) -> float:
    """The exact area under the ROC curve of a label and a score column (ties count half).

    Parameters
    ----------
    {score_columns}

    Returns
    -------
    float
        The AUC of all rows, exact (no binning).

    {score_errors}

    See Also
    --------
    phidelta.measures.auc : the AUC of a score table.

    Examples
    --------
    >>> rows = [(1, 0.9), (0, 0.2), (1, 0.4), (0, 0.4)]
    >>> frame = session().createDataFrame(rows, "y long, s double")  # doctest: +SKIP
    >>> auc(frame, "y", "s")  # doctest: +SKIP
    0.875
    """
    from phidelta.measures import auc as table_auc

    return table_auc(score_table(frame, label, score, **roles))


@shared_entries(score_columns=_SCORE_COLUMNS, score_errors=_SCORE_ERRORS)
def roc_curve(frame: Any, label: str, score: str, **roles: Any) -> Any:
    """The exact ROC curve of a label and a score column (every distinct score a point).

    Parameters
    ----------
    {score_columns}

    Returns
    -------
    RocCurve
        Unpacks as ``fpr, tpr, thresholds``; ``auc()`` and ``table`` as in memory.

    {score_errors}

    Examples
    --------
    >>> rows = [(1, 0.9), (0, 0.2), (1, 0.4), (0, 0.4)]
    >>> frame = session().createDataFrame(rows, "y long, s double")  # doctest: +SKIP
    >>> roc_curve(frame, "y", "s").tpr  # doctest: +SKIP
    array([0. , 0.5, 1. , 1. ])
    """
    from phidelta.measures import roc_curve as table_roc

    return table_roc(score_table(frame, label, score, **roles))


@shared_entries(score_columns=_SCORE_COLUMNS, score_errors=_SCORE_ERRORS)
def precision_recall_curve(frame: Any, label: str, score: str, **roles: Any) -> Any:
    """The exact precision-recall curve of a label and a score column.

    Parameters
    ----------
    {score_columns}

    Returns
    -------
    PrecisionRecallCurve
        As :func:`phidelta.measures.precision_recall_curve` of the rows in memory.

    {score_errors}

    Examples
    --------
    >>> rows = [(1, 0.9), (0, 0.2), (1, 0.4), (0, 0.4)]
    >>> frame = session().createDataFrame(rows, "y long, s double")  # doctest: +SKIP
    >>> precision_recall_curve(frame, "y", "s").recall  # doctest: +SKIP
    array([0. , 0.5, 1. , 1. ])
    """
    from phidelta.measures import precision_recall_curve as table_pr

    return table_pr(score_table(frame, label, score, **roles))


def measure_table(
    frame: Any,
    label: str,
    *,
    measures: Sequence[str] | None = None,
    **roles: Any,
) -> Any:
    """Every measure (or the chosen ones) per fold of a Spark DataFrame's predictions, or of
    its scores cut at the threshold.

    Parameters
    ----------
    frame : pyspark.sql.DataFrame
        The predictions, or the scores to cut at the threshold.
    label : str
        The class column.
    measures : sequence of str, optional
        Names from :data:`phidelta.measures.MEASURES`; all by default.
    **roles
        ``prediction``, ``score``, ``pos_label``, ``threshold``, ``fold``, ``weight``,
        ``missing``, ``missing_values`` as in :func:`assess`.

    Returns
    -------
    MeasureTable
        Name → one value per fold, indexed by fold.

    Raises
    ------
    TypeError
        If `frame` is not a Spark DataFrame.
    DataError
        As :func:`assess`.

    Examples
    --------
    >>> rows = [(1, 1), (0, 0), (1, 0), (0, 0)]
    >>> frame = session().createDataFrame(rows, "y long, p long")  # doctest: +SKIP
    >>> measure_table(frame, "y", prediction="p", measures=["delta"])["delta"]  # doctest: +SKIP
    array([0.5])
    """
    names = None if measures is None else list(measures)
    return assess(frame, label, **roles).measures(names)


@shared_entries(signature_options=SIGNATURE_OPTIONS, signature_result=SIGNATURE_RESULT)
def signature(
    frame: Any,
    label: str,
    *,
    pos_label: Any = None,
    kinds: dict[str, str] | None = None,
    max_values: int = 256,
    missing: str = "drop",
    missing_values: Any = None,
) -> Any:
    """The φ-δ feature signature of a Spark DataFrame: every column but the label is a
    feature (soft mode: per-partition statistics added up on the driver).

    Parameters
    ----------
    frame : pyspark.sql.DataFrame
        The features and the class column.
    label : str
        The class column.
    pos_label : scalar or str, optional
        The positive class.
    {signature_options}
    missing : {"drop", "error"}, default="drop"
        Rows with a missing label are left out and counted, or refused.
    missing_values : str or list of str, optional
        Text read as missing besides empty cells.

    {signature_result}

    Raises
    ------
    TypeError
        If `frame` is not a Spark DataFrame.
    DataError
        As :func:`phidelta.data.load_signature`.

    See Also
    --------
    phidelta.data.load_signature : the same for files and tables in memory (the signatures
        of Armano 2015, Section 5 and Fig. 10).

    Examples
    --------
    >>> from phidelta.datasets import climate_data_path
    >>> sig = signature(read_table(str(climate_data_path())), "RainBool")  # doctest: +SKIP
    >>> round(sig.ratio, 4)  # doctest: +SKIP
    0.9333
    """
    from phidelta.data import load_signature

    table = _check_frame(frame)
    with _quiet():
        return load_signature(
            table,
            Roles(label, positive=pos_label),
            kinds=kinds,
            max_values=max_values,
            missing=missing,
            missing_values=missing_values,
        )


@shared_entries(prediction_columns=_PREDICTION_COLUMNS, missing=_MISSING)
def confusion_matrix(
    frame: Any,
    label: str,
    prediction: str,
    *,
    classes: Sequence[Any] | None = None,
    fold: str | None = None,
    weight: str | None = None,
    missing: str = "drop",
    missing_values: Any = None,
) -> Any:
    """The k×k confusion matrices of a label and a prediction column (one per fold).

    Parameters
    ----------
    {prediction_columns}
    classes : sequence, optional
        The classes, in order; every class seen, sorted, by default.
    fold, weight : str, optional
        Columns of fold ids and of sample weights.
    {missing}

    Returns
    -------
    Multiclass
        ``(matrices, names, rows_left_out, missing_cells)``, as
        :func:`phidelta.data.load_multiclass`.

    Raises
    ------
    TypeError
        If `frame` is not a Spark DataFrame.
    DataError
        If a column is missing or a class is not among `classes`.

    Examples
    --------
    >>> rows = [("a", "a"), ("b", "c"), ("c", "c")]
    >>> frame = session().createDataFrame(rows, "y string, p string")  # doctest: +SKIP
    >>> confusion_matrix(frame, "y", "p").matrices.counts[0].tolist()  # doctest: +SKIP
    [[1, 0, 0], [0, 0, 1], [0, 0, 1]]
    """
    from phidelta.data import load_multiclass

    table = _check_frame(frame)
    roles = Roles(label, prediction=prediction, fold=fold, weight=weight)
    with _quiet():
        return load_multiclass(
            table, roles, classes=classes, missing=missing, missing_values=missing_values
        )


@shared_entries(comparison_result=COMPARISON_RESULT)
def compare(
    frame: Any,
    label: str,
    *,
    predictions: tuple[str, str] | None = None,
    scores: tuple[str, str] | None = None,
    pos_label: Any = None,
    threshold: float | str | None = None,
    fold: str | None = None,
    measure: str = "accuracy",
    missing: str = "drop",
    missing_values: Any = None,
) -> Any:
    """Two classifiers of one Spark DataFrame compared: McNemar, DeLong and the corrected
    t-test (:func:`phidelta.data.load_comparison` on Spark's executors).

    Parameters
    ----------
    frame : pyspark.sql.DataFrame
        The predictions of both classifiers.
    label : str
        The class column.
    predictions, scores : pair of str, optional
        The two classifiers' prediction columns and/or score columns.
    pos_label : scalar or str, optional
        The positive class.
    threshold : float or "optimal", optional
        Without predictions: the cut of both classifiers' scores.
    fold : str, optional
        Column of fold ids.
    measure : str, default="accuracy"
        The per-fold measure of the corrected t-test.
    missing : {"drop", "error"}, default="drop"
        Rows missing a value either classifier needs are left out of both, or refused.
    missing_values : str or list of str, optional
        Text read as missing besides empty cells.

    {comparison_result}

    Raises
    ------
    TypeError
        If `frame` is not a Spark DataFrame.
    DataError
        If neither pair is given, or as :func:`phidelta.data.load_comparison`.

    Examples
    --------
    >>> rows = [(1, 0.9, 0.6), (0, 0.2, 0.7), (1, 0.4, 0.8), (0, 0.6, 0.1)]
    >>> frame = session().createDataFrame(rows, "y long, a double, b double")  # doctest: +SKIP
    >>> compare(frame, "y", scores=("a", "b")).names  # doctest: +SKIP
    ('a', 'b')
    """
    from phidelta.data import load_comparison

    table = _check_frame(frame)
    if predictions is None and scores is None:
        raise DataError("give `predictions` or `scores`: a pair of column names", "prediction")
    a_pred, b_pred = predictions if predictions is not None else (None, None)
    a_score, b_score = scores if scores is not None else (None, None)
    shared = Roles(label, positive=pos_label, threshold=threshold, fold=fold)
    first, second = shared.classifier(a_pred, a_score), shared.classifier(b_pred, b_score)
    with _quiet():
        return load_comparison(
            table,
            first,
            second,
            measure=measure,
            missing=missing,
            missing_values=missing_values,
        )

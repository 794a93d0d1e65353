"""The Spark back-end of the data layer: a Spark DataFrame as a source of blocks.

Each partition is reduced on Spark's executors: its rows arrive as Arrow record batches
(``DataFrame.mapInArrow``), each batch becomes a pandas block and is reduced by the same
per-block function as a chunk of a file (:class:`~phidelta.data.ChunkedTable`), the blocks'
parts are added up in the partition, and one serialized part per partition travels to the
driver, where the parts are added up in partition order (:func:`~phidelta.data.add_up`).
Only parts travel, never rows: the driver holds one part per partition (counts, confusion
matrices, score tables of the distinct scores, signature statistics), whatever the rows.

An error raised by the per-block function on an executor (a :class:`~phidelta.data.DataError`
naming a role, a ValueError) is carried back as the part of its partition and raised again
on the driver: the user sees phidelta's own error, not a JVM trace. PySpark is imported when
a frame is opened, never before.
"""

from __future__ import annotations

import contextlib
import pickle
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from phidelta.data._blocks import Blocks, add_up, engine_table, parts_of, require_library
from phidelta.data._errors import DataError

if TYPE_CHECKING:
    from phidelta.data._blocks import Columns, Combine, PerBlock

__all__ = [
    "FIRST_ROWS",
    "SPARK",
    "SparkTable",
    "is_spark",
    "quiet",
    "require_spark",
    "worker_error",
]

#: Rows of :meth:`SparkTable.first`: enough to read the columns' types.
FIRST_ROWS = 65536

#: The Arrow schema of the parts: one serialized part per partition.
_PARTS = "part binary"

#: The types a feature or role column cannot have (Spark's names).
_NESTED = ("array", "map", "struct")


def require_spark() -> Any:
    """The ``pyspark.sql`` module, or an ImportError saying which extra installs it (see
    :func:`~phidelta.data._blocks.require_library`).

    Returns
    -------
    module
        ``pyspark.sql``.

    Examples
    --------
    >>> require_spark().__name__
    'pyspark.sql'
    """
    return require_library(
        "pyspark.sql",
        "The Spark engine needs PySpark (and Java 17+): pip install 'phidelta[spark]'.",
    )


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """PySpark's FutureWarning about pandas 3 silenced (this engine converts the Arrow
    batches to pandas itself), and PySpark 3.5's ResourceWarning about the local socket a
    ``collect`` leaves open (the command line would print it as a warning of its own).

    Yields
    ------
    None
        Inside: those warnings are not shown.

    Examples
    --------
    >>> with quiet():
    ...     pass
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
        warnings.filterwarnings("ignore", message="unclosed <socket", category=ResourceWarning)
        yield


def is_spark(value: Any) -> bool:
    """Whether ``value`` is a Spark DataFrame (classic or Spark Connect), read off its
    class and attributes: PySpark is not imported.

    Parameters
    ----------
    value : object
        Anything.

    Returns
    -------
    bool
        True for a ``pyspark.sql.DataFrame``.

    Examples
    --------
    >>> is_spark([1, 2, 3])
    False
    """
    module = type(value).__module__ or ""
    return module.startswith("pyspark.sql") and hasattr(value, "mapInArrow")


def worker_error(message: str) -> Exception:
    """The exception a failure on Spark's Python workers becomes on the driver: one line,
    the worker's own last line (``ModuleNotFoundError: No module named 'phidelta'``), and
    what to do when the workers cannot import phidelta.

    Parameters
    ----------
    message : str
        The text of Spark's ``PythonException`` (a Python traceback).

    Returns
    -------
    Exception
        A :class:`~phidelta.data.DataError` for phidelta's own errors and ValueErrors, a
        RuntimeError otherwise.

    Examples
    --------
    >>> text = "Traceback (most recent call last):\\n  ...\\nValueError: `x` is bad\\n"
    >>> worker_error(text)
    DataError('`x` is bad')
    >>> error = worker_error("Traceback:\\nModuleNotFoundError: No module named 'phidelta'")
    >>> type(error).__name__, str(error)[:70]
    ('RuntimeError', "Spark's Python workers failed: ModuleNotFoundError: No module named 'p")
    """
    lines = [line.strip() for line in str(message).splitlines() if line.strip()]
    last = next(
        (line for line in reversed(lines) if ": " in line and not line.startswith(("at ", "File"))),
        lines[-1] if lines else "no message",
    )
    kind, _, text = last.partition(": ")
    if kind.rsplit(".", 1)[-1] in ("DataError", "ValueError"):
        return DataError(text)
    hint = ""
    if "ModuleNotFoundError" in kind or "ImportError" in kind:
        hint = (
            " (the workers need phidelta installed: start them with this interpreter, "
            "PYSPARK_PYTHON, or install phidelta on the cluster)"
        )
    return RuntimeError(f"Spark's Python workers failed: {last}{hint}")


def _frame(batch: Any, name: str) -> Any:
    """One Arrow record batch as a pandas block, read as :mod:`phidelta.data` reads a
    Parquet file (binary columns as text, each column its own block)."""
    import pyarrow as pa

    from phidelta.data._formats import binaries_as_text

    table = binaries_as_text(pa.Table.from_batches([batch]), name)
    return table.to_pandas(split_blocks=True)


def _packed(ok: bool, value: Any) -> Any:
    """A part (or the error raised while making it) as a one-row Arrow batch."""
    import pyarrow as pa

    try:
        data = pickle.dumps((ok, value, getattr(value, "__dict__", {}) if not ok else None))
    except Exception as exc:  # an error that does not pickle: its text
        text = f"{type(value).__name__}: {value}" if not ok else f"{type(exc).__name__}: {exc}"
        data = pickle.dumps((False, RuntimeError(text), {}))
    return pa.RecordBatch.from_arrays([pa.array([data], pa.binary())], names=["part"])


def _unpacked(data: bytes) -> Any:
    """A partition's part, or its error raised again (with its role) on the driver."""
    ok, value, attributes = pickle.loads(data)
    if ok:
        return value
    if attributes:
        value.__dict__.update(attributes)
    raise value


class _Partition:
    """What runs on an executor for each partition: ``function`` of each Arrow batch, the
    parts added up, one serialized part (or the error) out. An empty partition gives none."""

    def __init__(self, function: PerBlock, combine: Combine, name: str) -> None:
        self.function, self.combine, self.name = function, combine, name

    def __call__(self, batches: Iterator[Any]) -> Iterator[Any]:
        try:
            blocks = (_frame(batch, self.name) for batch in batches if batch.num_rows)
            first = next(blocks, None)
            if first is None:
                return
            parts = parts_of(_chain(first, blocks), self.function)
            yield _packed(True, add_up(parts, self.combine))
        except Exception as exc:  # raised again on the driver
            yield _packed(False, exc)


def _parts(rows: list[Any]) -> Iterator[Any]:
    """The parts of collected rows, in order, each row's bytes let go once read (the driver
    holds the serialized parts of the partitions not yet added, not all of them twice)."""
    rows.reverse()
    while rows:
        data = rows.pop()[0]
        part = _unpacked(data)
        del data
        yield part


def _chain(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    del first
    yield from rest


def _quoted(column: str) -> str:
    """A column name as Spark SQL reads it literally (dots and spaces included)."""
    return "`" + column.replace("`", "``") + "`"


@engine_table("pyspark.sql.DataFrame", "the Spark frame", "PySpark")
class SparkTable(Blocks):
    """A Spark DataFrame as a source of blocks for :mod:`phidelta.data`: each partition is
    reduced on the executors by the same function as a chunk of a file, one part per
    partition travels to the driver, and the parts are added up there.

    {table_sections}

    See Also
    --------
    phidelta.data.open_blocks : returns one for a Spark DataFrame.
    phidelta.data.DaskTable : the same reductions over the partitions of a Dask frame.
    phidelta.spark : functions of a Spark DataFrame's columns (AUC, curves, measures).

    Examples
    --------
    >>> from phidelta.spark import session  # doctest: +SKIP
    >>> rows = [(1, 0.9), (0, 0.2), (1, 0.4)]
    >>> frame = session().createDataFrame(rows, "y long, s double")  # doctest: +SKIP
    >>> table = SparkTable(frame)  # doctest: +SKIP
    >>> table.header(), table.reduce(len)  # doctest: +SKIP
    (['y', 's'], 3)
    """

    def __init__(self, frame: Any, name: str = "the Spark frame") -> None:
        require_spark()
        self.frame, self.name = frame, name

    def _names(self) -> list[str]:
        """The column names, from the schema (no Spark job)."""
        return [field.name for field in self.frame.schema.fields]

    def _select(self, columns: list[str] | None) -> Any:
        fields = {field.name: field for field in self.frame.schema.fields}
        names = list(fields) if columns is None else list(dict.fromkeys(columns))
        for name in names:
            if name not in fields:
                from phidelta.data._errors import missing_column

                raise missing_column(name, list(fields), self.name)
            kind = fields[name].dataType.typeName()
            if kind in _NESTED:
                raise DataError(
                    f"column {name!r} of {self.name} holds {kind} values; only numbers, "
                    "booleans, text and dates can be analysed",
                    name,
                )
        return self.frame if columns is None else self.frame.select(*map(_quoted, names))

    def _first(self, columns: Columns) -> Any:
        """The first rows (at most :data:`FIRST_ROWS`), as a pandas block read like every
        other block."""
        head = self._select(columns).limit(FIRST_ROWS)
        with quiet():
            if hasattr(head, "toArrow"):  # PySpark 4
                table = head.toArrow()
            else:  # pragma: no cover - PySpark 3.x
                import pyarrow as pa

                table = pa.Table.from_pandas(head.toPandas(), preserve_index=False)
        batches = table.combine_chunks().to_batches()
        return _frame(batches[0], self.name) if batches else table.to_pandas()

    def _map(self, function: PerBlock, columns: Columns, combine: Combine) -> Iterator[Any]:
        """`function` of every Arrow batch of every partition, on the executors, the parts of
        a partition added up there: one part per partition, in partition order (a column
        missing or nested, or an error of the function on an executor, is a DataError)."""
        frame = self._select(columns)
        if combine is set.union:
            # a union of what each row holds (the classes of a column): a row seen twice adds
            # nothing, so Spark drops duplicate rows first, in the JVM, and the function reads
            # the few distinct ones instead of every row
            frame = frame.distinct()
        run = _Partition(function, combine, self.name)
        try:
            with quiet():
                rows = frame.mapInArrow(run, _PARTS).collect()
        except Exception as exc:
            if type(exc).__name__ != "PythonException":
                raise
            raise worker_error(str(exc)) from None
        # the rows of a collect come in partition order: the parts are added in row order
        return _parts(rows)


class _Spark:
    """The Spark engine: opens a Spark DataFrame (see :data:`SPARK`)."""

    name = "spark"

    def accepts(self, source: Any) -> bool:
        return is_spark(source)

    def open(self, source: Any, *, name: str | None = None) -> SparkTable:
        return SparkTable(source, name=name or "the Spark frame")


#: The Spark engine of :func:`phidelta.data.open_blocks`.
SPARK = _Spark()

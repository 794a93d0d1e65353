"""Which engine reads a source: the dispatch of :func:`open_blocks`.

The engines are back-ends of the data layer behind one interface
(:class:`~phidelta.data._blocks.Engine`: open a source, map a per-block function over its
blocks, add up the parts). Each recognizes its own sources without importing its library,
so ``import phidelta`` never imports Dask or PySpark.
"""

from __future__ import annotations

from typing import Any

from phidelta.data._blocks import Blocks, ChunkedTable, Engine, WholeTable
from phidelta.data._dask import DASK
from phidelta.data._spark import SPARK

__all__ = ["ENGINES", "open_blocks"]

#: The engines :func:`open_blocks` asks, in order.
ENGINES: tuple[Engine, ...] = (DASK, SPARK)


def open_blocks(
    source: Any,
    *,
    chunksize: int | None = None,
    format: str | None = None,
    name: str | None = None,
) -> Blocks:
    """The block source for ``source``: a Dask DataFrame reduces per partition on Dask
    (:class:`~phidelta.data.DaskTable`), a Spark DataFrame per partition on Spark's
    executors (:class:`~phidelta.data.SparkTable`), ``chunksize`` streams a file in blocks,
    and anything else is read whole.

    Parameters
    ----------
    source : object
        A block source (returned as is), a Dask or Spark DataFrame, a file name, bytes, or a
        pandas/polars/pyarrow table.
    chunksize : int, optional
        Stream a file in blocks of this many rows.
    format : str, optional
        "csv", "tsv" or "parquet"; detected by default.
    name : str, optional
        What error messages call the data.

    Returns
    -------
    WholeTable, ChunkedTable, DaskTable or SparkTable
        An object with ``header()``, ``first()`` and ``reduce()``.

    Raises
    ------
    DataError
        If the source cannot be read.

    Examples
    --------
    >>> type(open_blocks(b"y,s\\n1,0.9\\n")).__name__
    'WholeTable'
    """
    if hasattr(source, "reduce") and hasattr(source, "header"):  # already a block source
        return source
    for engine in ENGINES:
        if engine.accepts(source):
            return engine.open(source, name=name)
    if chunksize is not None:
        return ChunkedTable(source, chunksize=chunksize, format=format)
    return WholeTable(source, format=format, name=name)

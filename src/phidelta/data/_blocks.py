"""Where the rows come from: one table in memory or a file read in blocks, and the small
interface every engine of the data layer implements.

Each source hands blocks of rows (pandas DataFrames) to a function that reduces a block to
additive counts, and adds the results up. Because every door reduces through the same
functions, a file gives the same counts whole, in any chunk size, on Dask and on Spark.

The interface has three steps: an :class:`Engine` *opens* a source it accepts as
:class:`Blocks`, whose ``reduce`` *maps* a per-block function over the blocks where they live
and *adds up* the parts. :class:`Blocks` writes ``reduce`` and ``first`` once; each
source (the table in memory, the file in chunks, and the engines ``_dask`` and ``_spark``)
says only how it maps the function over its blocks and, where the parts are not added here,
how it adds them. The engines import this module and nothing of each other;
:func:`phidelta.data.open_blocks` (``_engines``) picks one.
"""

from __future__ import annotations

import importlib
import operator
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from phidelta._docstrings import shared_entries
from phidelta.data._formats import check_columns, read_chunks, read_header, read_table

__all__ = [
    "Blocks",
    "ChunkedTable",
    "Columns",
    "Combine",
    "Engine",
    "PerBlock",
    "WholeTable",
    "add_up",
    "engine_table",
    "parts_of",
    "require_library",
]

#: A per-block function: ``function(block)`` is the part of a block (a pandas DataFrame).
PerBlock = Callable[[Any], Any]
#: How two parts add up: ``combine(a, b)``, associative.
Combine = Callable[[Any, Any], Any]
#: The columns a function reads; None for all.
Columns = list[str] | None


class Blocks:
    """A source of blocks of rows (see :func:`phidelta.data.open_blocks`): its column names,
    its first block (to read the columns' types), and ``reduce``: a per-block function mapped
    over the blocks where they live, the parts added up with ``combine`` (associative;
    integer parts give the same sum in any grouping).

    An :class:`Engine` opens its sources as Blocks. ``header``, ``first`` and ``reduce`` are
    written here once; a source says what is its own: its column names (``_names``), how it
    reads its first block (``_first``), how it maps the function over its blocks (``_map``:
    the parts, in order) and, where the parts are not added up here with :func:`add_up`, how
    it adds them (``_add``: Dask's tree of delayed calls).

    Attributes
    ----------
    name : str
        What error messages call the data.

    Examples
    --------
    >>> class Pairs(Blocks):
    ...     name = "pairs"
    ...     def _names(self):
    ...         return ["x"]
    ...     def _first(self, columns):
    ...         return [1, 2]
    ...     def _map(self, function, columns, combine):
    ...         return map(function, ([1, 2], [3, 4]))
    >>> Pairs().reduce(sum), Pairs().first()
    (10, [1, 2])
    """

    name: str

    def header(self) -> list[str]:
        """The column names.

        Returns
        -------
        list of str
            The column names.
        """
        return self._names()

    def first(self, columns: Columns = None) -> Any:
        """The first block, read like every other block.

        Parameters
        ----------
        columns : list of str, optional
            The columns to keep; all by default.

        Returns
        -------
        pandas.DataFrame
            The first block (the whole table, a file's first chunk, the first partition).
        """
        return self._first(columns)

    def reduce(
        self, function: PerBlock, columns: Columns = None, combine: Combine = operator.add
    ) -> Any:
        """`function` of every block, where the block lives, the parts added up.

        Parameters
        ----------
        function : callable
            ``function(block)``, e.g. the counts of a block (a pandas DataFrame).
        columns : list of str, optional
            The columns the function reads (checked to exist).
        combine : callable, default=operator.add
            ``combine(a, b)``, associative (see :func:`add_up`).

        Returns
        -------
        object
            The combination of the blocks' parts, in the blocks' order.

        Raises
        ------
        DataError
            If the data cannot be read, a column is missing, or the function raised it
            (on a worker or an executor too).
        ValueError
            If there are no rows (no partitions).
        """
        return self._add(self._map(function, columns, combine), combine)

    def _names(self) -> list[str]:
        raise NotImplementedError

    def _first(self, columns: Columns) -> Any:
        raise NotImplementedError

    def _map(self, function: PerBlock, columns: Columns, combine: Combine) -> Iterable[Any]:
        """The parts of the blocks, in order (``combine`` for a source that adds some up
        where the blocks live)."""
        raise NotImplementedError

    def _add(self, parts: Iterable[Any], combine: Combine) -> Any:
        return add_up(iter(parts), combine)


class Engine(Protocol):
    """A back-end that runs per-block functions where the data live (Dask's workers, Spark's
    executors): it recognizes its sources without importing its library, and opens one as
    :class:`Blocks`."""

    name: str

    def accepts(self, source: Any) -> bool: ...

    def open(self, source: Any, *, name: str | None = None) -> Blocks: ...


def add_up(parts: Iterator[Any], combine: Combine = operator.add) -> Any:
    """Add parts as they arrive, like a binary counter: two sums of 2^k parts are added when
    they meet, so each part takes part in about log₂(parts) additions and memory holds
    log₂(parts) partial sums. Raises ValueError when there is no part.

    Parameters
    ----------
    parts : iterator
        The parts (counts, score tables, …), in order.
    combine : callable, default=operator.add
        ``combine(a, b)``, associative.

    Returns
    -------
    object
        The combination of all parts, in their order.

    Raises
    ------
    ValueError
        If there is no part.

    Examples
    --------
    >>> add_up(iter([1, 2, 3, 4, 5]))
    15
    """
    stack: list[tuple[int, Any]] = []
    for part in parts:
        level, value = 0, part
        while stack and stack[-1][0] == level:
            value = combine(stack.pop()[1], value)
            level += 1
        stack.append((level, value))
    if not stack:
        raise ValueError("no rows: nothing to count")
    total = stack.pop()[1]
    while stack:
        total = combine(stack.pop()[1], total)
    return total


def engine_table(frame_type: str, default_name: str, library: str) -> Callable[[type], type]:
    """A decorator that puts in an engine's table's docstring (its ``{table_sections}`` line)
    the sections it shares with the other engines' tables: its frame and name, as parameters
    and as attributes, and the library it needs (see
    :func:`phidelta._docstrings.shared_entries`).

    Parameters
    ----------
    frame_type : str
        The type of the engine's frames, e.g. ``"pyspark.sql.DataFrame"``.
    default_name : str
        What error messages call the data unless named.
    library : str
        The library the engine needs.

    Returns
    -------
    callable
        The class decorator.

    Examples
    --------
    >>> @engine_table("polars.LazyFrame", "the frame", "Polars")
    ... class LazyTable:
    ...     '''A Polars LazyFrame as blocks.
    ...
    ...     {table_sections}
    ...     '''
    >>> LazyTable.__doc__.splitlines()[4].strip()
    'frame : polars.LazyFrame'
    """
    return shared_entries(
        table_sections=f"""\
Parameters
----------
frame : {frame_type}
    The data.
name : str, default="{default_name}"
    What error messages call the data.

Attributes
----------
frame : {frame_type}
    The data.
name : str
    What error messages call the data.

Raises
------
ImportError
    If {library} is not installed."""
    )


def require_library(module: str, message: str) -> Any:
    """An engine's library, imported when the engine is first used (``import phidelta``
    never imports it), or an ImportError saying which extra installs it.

    Parameters
    ----------
    module : str
        The module, e.g. ``"pyspark.sql"``.
    message : str
        The error's text when it is not installed.

    Returns
    -------
    module
        The module.

    Raises
    ------
    ImportError
        If the module is not installed.

    Examples
    --------
    >>> require_library("operator", "no operator").__name__
    'operator'
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - exercised without the library only
        raise ImportError(message) from exc


def parts_of(blocks: Iterator[Any], function: PerBlock) -> Iterator[Any]:
    """``function`` of each block, dropping the block before the next one is read (a
    generator expression would keep it alive while reading its successor).

    Parameters
    ----------
    blocks : iterator
        The blocks, in order.
    function : callable
        ``function(block)``, e.g. the counts of a block.

    Yields
    ------
    object
        The part of each block, in order.

    Examples
    --------
    >>> list(parts_of(iter([[1, 2], [3]]), len))
    [2, 1]
    """
    while (block := next(blocks, None)) is not None:
        part = function(block)
        del block
        yield part


class WholeTable(Blocks):
    """A table read at once (a file, bytes, or a pandas/polars/pyarrow table): one block.

    Parameters
    ----------
    source : str, path, bytes or table
        A file name, its bytes, or a pandas/polars/pyarrow table.
    format : str, optional
        "csv", "tsv" or "parquet"; detected by default.
    name : str, optional
        What error messages call the data.

    Attributes
    ----------
    frame : pandas.DataFrame
        The table, column names as text.
    name : str
        What error messages call the data.

    See Also
    --------
    phidelta.data.open_blocks : picks the block source for a source.
    ChunkedTable : a file read in blocks.

    Examples
    --------
    >>> table = WholeTable(b"y,s\\n1,0.9\\n0,0.2\\n1,0.4\\n")
    >>> table.header(), table.reduce(len)
    (['y', 's'], 3)
    """

    def __init__(self, source: Any, *, format: str | None = None, name: str | None = None):
        self.frame = read_table(source, format=format, name=name)
        self.frame.columns = [str(c) for c in self.frame.columns]
        self.name = name or (str(source) if isinstance(source, str) else "the data")

    def _names(self) -> list[str]:
        return list(self.frame.columns)

    def _first(self, columns: Columns) -> Any:
        return self.frame if columns is None else self.frame[columns]

    def _map(self, function: PerBlock, columns: Columns, combine: Combine) -> Iterable[Any]:
        """The one part: `function` of the whole table (its columns checked to exist)."""
        if columns is not None:
            check_columns(self.header(), columns, self.name)
        return [function(self._first(columns))]


class ChunkedTable(Blocks):
    """A file read in blocks of ``chunksize`` rows: memory holds one block at a time. Blocks
    are reduced in order (``sequential``), so the first block can set the column types.

    Parameters
    ----------
    source : str or path
        A CSV, TSV or Parquet file.
    chunksize : int
        Rows per block.
    format : str, optional
        "csv", "tsv" or "parquet"; detected by default.

    Attributes
    ----------
    name : str
        What error messages call the data.
    progress : callable or None
        Called with the number of rows read after each block.

    See Also
    --------
    WholeTable : a table read at once.
    phidelta.data.DaskTable : blocks as Dask partitions.
    phidelta.data.SparkTable : blocks as Spark partitions.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "scores.csv")
    >>> with open(path, "w") as file:
    ...     _ = file.write("y,s\\n1,0.9\\n0,0.2\\n1,0.4\\n")
    >>> table = ChunkedTable(path, chunksize=2)
    >>> table.reduce(len), len(table.first())
    (3, 2)
    """

    sequential = True

    def __init__(self, source: Any, *, chunksize: int, format: str | None = None):
        self.source, self.chunksize, self.format = source, chunksize, format
        self.name = str(source)
        self._header = read_header(source, format=format)
        self.progress: Callable[[int], None] | None = None

    def _names(self) -> list[str]:
        """The column names, read from the file's first line."""
        return list(self._header)

    def _blocks(self, columns: list[str] | None) -> Iterator[Any]:
        rows = 0
        for block in read_chunks(
            self.source, chunksize=self.chunksize, columns=columns, format=self.format
        ):
            block.columns = [str(c) for c in block.columns]
            rows += len(block)
            if self.progress is not None:
                self.progress(rows)
            yield block
            del block  # one block alive at a time: not kept while the next one is read

    def _first(self, columns: Columns) -> Any:
        return next(self._blocks(columns))

    def _map(self, function: PerBlock, columns: Columns, combine: Combine) -> Iterable[Any]:
        """`function` of every block, in order, as the blocks are read."""
        return parts_of(self._blocks(columns), function)

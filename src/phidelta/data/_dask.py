"""The Dask back-end of the data layer: a Dask DataFrame as a source of blocks.

Each partition is reduced on the workers by the same per-block function as a chunk of a file
(:class:`~phidelta.data.ChunkedTable`), and the parts are added in a balanced tree of delayed
calls, so the result equals the one of the table in memory: integer counts and score tables
bit for bit, float sums to rounding. Dask is imported when a frame is opened, never before.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from phidelta.data._blocks import Blocks, add_up, engine_table, require_library

if TYPE_CHECKING:
    from phidelta.data._blocks import Columns, Combine, PerBlock

__all__ = ["DASK", "DaskTable", "compute", "is_dask", "reduce_delayed", "require_dask", "tree"]


def require_dask() -> Any:
    """The ``dask`` module, or an ImportError saying which extra installs it (see
    :func:`~phidelta.data._blocks.require_library`).

    Returns
    -------
    module
        ``dask``.

    Examples
    --------
    >>> require_dask().__name__
    'dask'
    """
    return require_library(
        "dask", "phidelta.distributed needs Dask: pip install 'phidelta[scale]'."
    )


def is_dask(value: Any) -> bool:
    """Whether ``value`` is a Dask collection (read off its attributes; Dask not imported).

    Parameters
    ----------
    value : object
        Anything.

    Returns
    -------
    bool
        True for a Dask array, Series or DataFrame.

    Examples
    --------
    >>> is_dask([1, 2, 3])
    False
    """
    return hasattr(value, "dask") and hasattr(value, "to_delayed")


def tree(parts: list[Any], combine: Combine) -> Any:
    """The parts added as :func:`~phidelta.data.add_up` adds them, each addition a delayed
    call: a balanced tree of pairwise merges (depth log₂ of the partitions) that runs on the
    workers. No part is a ValueError.

    Parameters
    ----------
    parts : list
        Delayed parts (or values), in order.
    combine : callable
        ``combine(a, b)``, associative.

    Returns
    -------
    dask.delayed.Delayed or object
        The combination of the parts, to be computed.

    Examples
    --------
    >>> compute(tree([1, 2, 3], operator.add))
    6
    """
    dask = require_dask()
    if not parts:
        raise ValueError("No partitions: nothing to assess.")
    return add_up(iter(parts), dask.delayed(combine))


def compute(value: Any) -> Any:
    """``value.compute()`` for a Dask object, else ``value``.

    Parameters
    ----------
    value : object
        A delayed value or a plain one.

    Returns
    -------
    object
        The computed value.

    Examples
    --------
    >>> compute(3)
    3
    """
    return value.compute() if hasattr(value, "compute") else value


def reduce_delayed(
    function: Callable[..., Any],
    arguments: Iterable[tuple[Any, ...]],
    combine: Combine = operator.add,
) -> Any:
    """``function(*args)`` of each partition's arguments on the workers, the parts added in a
    balanced tree of delayed calls (:func:`tree`) and computed.

    Parameters
    ----------
    function : callable
        The per-partition function.
    arguments : iterable of tuple
        Its arguments for each partition (delayed blocks, or values), in order.
    combine : callable, default=operator.add
        ``combine(a, b)``, associative.

    Returns
    -------
    object
        The combination of the partitions' parts.

    Raises
    ------
    ValueError
        If there is no partition.

    Examples
    --------
    >>> reduce_delayed(len, [([1, 2],), ([3],)])
    3
    """
    dask = require_dask()
    return compute(tree([dask.delayed(function)(*args) for args in arguments], combine))


@engine_table("dask.dataframe.DataFrame", "the Dask frame", "Dask")
class DaskTable(Blocks):
    """A Dask DataFrame as a source of blocks for :mod:`phidelta.data`: each partition is
    reduced on the workers by the same function as a chunk of a file, and the results are
    added in a tree.

    {table_sections}

    See Also
    --------
    phidelta.data.open_blocks : returns one for a Dask DataFrame.
    phidelta.data.ChunkedTable : the same reductions over a file read in blocks.
    phidelta.data.SparkTable : the same reductions over the partitions of a Spark DataFrame.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> import pandas as pd
    >>> frame = dd.from_pandas(pd.DataFrame({"y": [1, 0, 1, 0], "s": [4, 3, 2, 1]}), npartitions=2)
    >>> table = DaskTable(frame)
    >>> table.header(), table.reduce(len)
    (['y', 's'], 4)
    """

    def __init__(self, frame: Any, name: str = "the Dask frame") -> None:
        require_dask()
        self.frame, self.name = frame, name

    def _names(self) -> list[str]:
        return [str(c) for c in self.frame.columns]

    def _first(self, columns: Columns) -> Any:
        frame = self.frame if columns is None else self.frame[columns]
        return frame.get_partition(0).compute()

    def _map(self, function: PerBlock, columns: Columns, combine: Combine) -> list[Any]:
        """`function` of every partition, as delayed calls (run on the workers when added)."""
        dask = require_dask()
        frame = self.frame if columns is None else self.frame[columns]
        return [dask.delayed(function)(part) for part in frame.to_delayed()]

    def _add(self, parts: Iterable[Any], combine: Combine) -> Any:
        """The delayed parts added in a tree on the workers, computed."""
        return compute(tree(list(parts), combine))


class _Dask:
    """The Dask engine: opens a Dask DataFrame (see :data:`DASK`)."""

    name = "dask"

    def accepts(self, source: Any) -> bool:
        return is_dask(source) and hasattr(source, "columns")

    def open(self, source: Any, *, name: str | None = None) -> DaskTable:
        return DaskTable(source, name=name or "the Dask frame")


#: The Dask engine of :func:`phidelta.data.open_blocks`.
DASK = _Dask()

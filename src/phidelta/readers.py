"""Reading data files in blocks of rows, so that files larger than memory can be assessed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["read_chunks"]


def read_chunks(
    path: str | Path, *, columns: list[str] | None = None, chunksize: int = 100_000
) -> Iterator[Any]:
    """Yield pandas DataFrames of at most ``chunksize`` rows from a CSV, TSV or Parquet file.

    Memory stays at one block: CSV/TSV through ``pandas.read_csv(chunksize=...)``, Parquet
    through ``pyarrow.parquet.ParquetFile.iter_batches``. ``columns`` reads only those.

    Examples
    --------
    >>> from phidelta.datasets import climate_data_path
    >>> sizes = [len(block) for block in read_chunks(climate_data_path(), chunksize=10)]
    >>> sizes
    [10, 10, 9]
    """
    import pandas as pd

    file = Path(path)
    if chunksize < 1:
        raise ValueError(f"`chunksize` must be a positive number of rows; got {chunksize}.")
    suffix = file.suffix.lower()
    if suffix in (".parquet", ".pq"):
        import pyarrow.parquet as pq

        # pre_buffer=False: pyarrow otherwise keeps every column chunk it read alive, and
        # memory grows with the file instead of staying at one block
        parquet = pq.ParquetFile(file, pre_buffer=False)
        for batch in parquet.iter_batches(batch_size=chunksize, columns=columns):
            yield batch.to_pandas()
        return
    sep = "\t" if suffix in (".tsv", ".tab") else ","
    yield from pd.read_csv(file, sep=sep, usecols=columns, chunksize=chunksize)

"""The data layer: tables in, counts out — the one door every interface reads data through.

The Python API, the command line, the HTML report, the web application and the Dask and
Spark engines read tables, pick the positive class, turn scores into predictions and parse
confusion matrices here, so a file gives the same numbers through every door.

The rules, each written once:

* **format** — :func:`detect_format`: Parquet by content or ``.parquet``/``.pq``, TSV by
  ``.tsv``/``.tab``, spreadsheets (``.xlsx``/``.ods``, the ``excel`` extra), else CSV, whose
  delimiter (``,`` ``;`` tab ``|``) is read off the header; compressed text (gzip, bz2, xz, zip,
  zstd) by its first bytes;
* **positive class** — :func:`phidelta.counts.check_pos_label`: {0, 1}, {−1, 1} and
  {False, True} (also as 0.0/1.0 and as text) have the implicit positive 1 / True; other
  classes need one, given as a value or its text (``"1"`` matches 1);
* **missing values** — :mod:`phidelta.data._missing`: a cell is missing when it is empty, holds
  a marker the user names (``missing_values=``), or holds a common marker (``NA``, ``null``,
  ``None``, ``?``, …) in a column of numbers; in a column of text every value is a category.
  What was read as missing is reported per column (``missing_cells``,
  :func:`describe_missing`);
* **missing role values** — rows with a missing label, prediction, score, fold, weight or group
  are left out and counted (``rows_left_out``), or refused with ``missing="error"``;
* **threshold** — scores become predictions as score ≥ threshold; the default is 0.5 when
  every score lies in [0, 1], else 0, decided on the merged score tables (so in memory,
  chunked and on Dask alike) and reported as ``Assessment.threshold``;
* **matrix headers** — :func:`read_matrix`: ``header="auto"`` takes the first row as a header
  when one of its cells is not a number.

Examples
--------
>>> from phidelta.data import Roles, load_signature
>>> from phidelta.datasets import climate_data_path
>>> sig = load_signature(climate_data_path(), Roles("RainBool"), chunksize=10)
>>> sig.positive, len(sig)
(1, 6)
"""

from phidelta.data._analyses import (
    Multiclass,
    classes_of,
    load_assessment,
    load_comparison,
    load_multiclass,
    load_signature,
    positive_class,
)
from phidelta.data._blocks import ChunkedTable, WholeTable, add_up
from phidelta.data._compression import COMPRESSIONS, compression_of
from phidelta.data._dask import DaskTable
from phidelta.data._engines import open_blocks
from phidelta.data._errors import DataError
from phidelta.data._formats import (
    FORMATS,
    SUFFIXES,
    Limits,
    check_columns,
    detect_format,
    read_cells,
    read_chunks,
    read_dask,
    read_header,
    read_table,
)
from phidelta.data._matrix import HEADER_CHOICES, read_matrix
from phidelta.data._missing import (
    COMMON_MARKERS,
    MissingCells,
    check_missing_values,
    describe_missing,
    read_missing,
)
from phidelta.data._roles import MISSING, Roles, clean_classes, role_block
from phidelta.data._scores import ScoreRows, load_scores
from phidelta.data._spark import SparkTable

__all__ = [
    "COMMON_MARKERS",
    "COMPRESSIONS",
    "FORMATS",
    "HEADER_CHOICES",
    "MISSING",
    "SUFFIXES",
    "ChunkedTable",
    "DaskTable",
    "DataError",
    "Limits",
    "MissingCells",
    "Multiclass",
    "Roles",
    "ScoreRows",
    "SparkTable",
    "WholeTable",
    "add_up",
    "check_columns",
    "check_missing_values",
    "classes_of",
    "clean_classes",
    "compression_of",
    "describe_missing",
    "detect_format",
    "load_assessment",
    "load_comparison",
    "load_multiclass",
    "load_scores",
    "load_signature",
    "open_blocks",
    "positive_class",
    "read_cells",
    "read_chunks",
    "read_dask",
    "read_header",
    "read_matrix",
    "read_missing",
    "read_table",
    "role_block",
]

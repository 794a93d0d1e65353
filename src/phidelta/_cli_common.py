"""What every command of the ``phidelta`` command line shares: its output formats and writer
(table, CSV, JSON), its error wrapper (the library's errors in option words, one line and exit
status 1), the options that say how a data file is read, and the checks of its option values.

:mod:`phidelta.cli` and :mod:`phidelta._cli_scoring` both import it (an interface layer).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np

from phidelta._format import MISSING, column_text, number_text

try:
    import click
except ImportError:  # pragma: no cover - exercised without the cli extra only
    click = None

FORMATS = ("table", "csv", "json")


def _fail(message: str) -> None:
    raise click.ClickException(message)


# the data layer names roles as the Python API does; a command-line user knows the options
_OPTION_NAMES = {
    "`positive`=": "--positive ",
    "`positive`": "--positive",
    "`y_true`": "the label column",
    "`y_pred`": "the prediction column",
    "`scores`": "the score column",
    "`folds`": "the fold column",
    "`groups`": "the group column",
    "`pos_label`": "--positive",
    "`threshold`": "--threshold",
    "missing='drop'": "--missing drop",
    'method="permutation"': "--test permutation",
    'numeric="threshold"': "--numeric threshold",
    "numeric='threshold'": "--numeric threshold",
    "(no chunks, no Dask, no Spark)": "(without --chunksize or --engine dask/spark)",
    "`sample_weight`": "the weight column",
    "(use the multi-class analysis, or binarize first)": "(phidelta triangle analyses several "
    "classes; or make a two-class label column)",
    "Use phidelta's multi-class confusion matrices, or binarize first.": "Scores? Pass the "
    "column as --score. Several classes? Use phidelta triangle.",
}


def _speak_cli(message: str) -> str:
    for api, option in _OPTION_NAMES.items():
        message = message.replace(api, option)
    # missing_values=['NA', 'null'] is the option --missing-values NA,null
    message = re.sub(
        r"missing_values=\[([^\]]*)\]",
        lambda m: "--missing-values " + ",".join(re.findall(r"'([^']*)'", m.group(1))),
        message,
    )
    # the library's kinds={'a': 'ignore', ...} is the option --ignore a ...
    return re.sub(r"pass kinds=\{([^}]*)\}", _ignore_options, message)


def _ignore_options(match: re.Match[str]) -> str:
    names = re.findall(r"""(['"])(.*?)\1: 'ignore'""", match.group(1))
    return "pass " + " ".join(f"--ignore {name}" for _, name in names)


def _emit(
    columns: dict[str, Any],
    fmt: str,
    title: str,
    meta: dict[str, Any],
    extra: dict[str, tuple[str, dict[str, Any]]] | None = None,
) -> None:
    """Print named columns as a table, CSV or JSON. ``meta`` (positive class, ratio, threshold,
    rows left out) goes into the JSON object, the table title, or stderr for CSV. ``extra``
    holds further named tables (title, columns): more tables on a terminal, lists of records
    in the JSON object, comment lines on stderr with CSV (whose stdout stays one table)."""
    extra = extra or {}
    notes = [
        f"{k.replace('_', ' ')}: {_text(v)}"
        for k, v in meta.items()
        if v is not None and k != "threshold"  # the "predictions" note says it in words
    ]
    if fmt == "json":
        document = {k: _plain(v) for k, v in meta.items()} | {"rows": _records(columns)}
        document |= {name: _records(table) for name, (_, table) in extra.items()}
        click.echo(json.dumps(document, indent=1, allow_nan=False, default=str))
    elif fmt == "csv":
        import csv

        for note in notes:
            click.echo(f"# {note}", err=True)
        for name, (_, table) in extra.items():
            for record in _records(table):
                fields = " ".join(f"{k}={_text(v, full=True)}" for k, v in record.items())
                click.echo(f"# {name}: {fields}", err=True)
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(list(columns))
        writer.writerows(zip(*map(_plain_column, columns.values()), strict=True))
    else:
        _print_table(columns, title, "; ".join(notes) or None)
        for table_title, table in extra.values():
            _print_table(table, table_title, None)


def _records(columns: dict[str, Any]) -> list[dict[str, Any]]:
    names = list(columns)
    return [
        dict(zip(names, row, strict=True))
        for row in zip(*map(_plain_column, columns.values()), strict=True)
    ]


def _plain_column(values: Any) -> list[Any]:
    """A column's cells as plain Python values (:func:`_plain`), converted a column at a time:
    a scan of 10⁶ thresholds took half a minute cell by cell."""
    array = np.asarray(values) if hasattr(values, "dtype") else None
    if array is not None and array.dtype.kind in "iub":
        return array.tolist()
    if array is not None and array.dtype.kind == "f":  # undefined numbers are None
        cells = array.tolist()
        for i in np.flatnonzero(~np.isfinite(array)).tolist():
            cells[i] = None
        return cells
    return [_plain(v) for v in values]


def _print_table(columns: dict[str, Any], title: str, caption: str | None) -> None:
    from rich.console import Console
    from rich.table import Table

    # a table is for reading, on a terminal or piped (`| less`, `> file`): numbers rounded
    # with the report's rule, a measure and its interval in one cell, and a table wider than
    # the terminal (rich's width: $COLUMNS, a terminal on stdin, stdout or stderr, else 80)
    # turned on its side when it has few rows (a measure a line), else cut into blocks of
    # whole columns, each led by the row's name, as pandas prints a wide frame;
    # --format csv/json keep every digit and a column a number
    console = Console(soft_wrap=False)
    names = list(columns)
    rows = len(next(iter(columns.values()))) if names else 0
    cells = {n: _column_text(columns[n]) for n in names}
    text = {n for n in names if rows and all(isinstance(v, str) for v in columns[n])}
    names, cells = _with_intervals(columns, cells)
    lead = 2 if names[:2] == ["classifier", "row"] else 1  # what each block repeats
    blocks = _column_blocks(names, cells, console.width, lead=lead)
    if len(blocks) > 1 and 0 < rows <= _SIDEWAYS_ROWS:
        side_names, side_cells = _sideways(names, cells, rows, lead)
        side_blocks = _column_blocks(side_names, side_cells, console.width)
        folds = names[0] in ("row", "classifier")
        if len(side_blocks) < len(blocks) and (folds or len(side_blocks) == 1):
            names, cells, blocks, rows = side_names, side_cells, side_blocks, len(names) - lead
            text = {names[0]}
    for b, block in enumerate(blocks):
        table = Table(title=title if b == 0 else "(continued)")
        for n in block:  # a cell wider than the terminal wraps: no number is ever cut
            table.add_column(n, justify="left" if n in text else "right", overflow="fold")
        for i in range(rows):
            table.add_row(*[cells[n][i] for n in block])
        console.print(table)
    if caption:  # one paragraph under the tables, not wrapped to the last one's width
        console.print(caption, style="dim italic", highlight=False)


#: A table wider than the terminal with at most this many rows is printed on its side when
#: that takes fewer blocks: always for folds (an assessment's, a comparison's), for other
#: tables (a test's row, a few features) only if it then fits the terminal.
_SIDEWAYS_ROWS = 8


def _with_intervals(
    columns: dict[str, Any], cells: dict[str, list[str]]
) -> tuple[list[str], dict[str, list[str]]]:
    """Each column ``m`` that has both ``m_low`` and ``m_high`` beside it as one column whose
    cells read ``value [low, high]``, the three rounded as one column so that they share
    their decimals (the value alone where its interval is undefined)."""
    merged = {n for n in cells if f"{n}_low" in cells and f"{n}_high" in cells}
    bounds = {f"{n}_{side}" for n in merged for side in ("low", "high")}
    out: dict[str, list[str]] = {}
    for n in cells:
        if n in bounds:
            continue
        if n not in merged:
            out[n] = cells[n]
            continue
        trio = (n, f"{n}_low", f"{n}_high")
        rows = len(cells[n])
        shared = _column_text([v for key in trio for v in columns[key]])
        value, low, high = (shared[k * rows : (k + 1) * rows] for k in range(3))
        out[n] = [
            v if MISSING in (a, b) else f"{v} [{a}, {b}]"
            for v, a, b in zip(value, low, high, strict=True)
        ]
    return list(out), out


def _sideways(
    names: list[str], cells: dict[str, list[str]], rows: int, lead: int
) -> tuple[list[str], dict[str, list[str]]]:
    """The table turned on its side: a line per column after the ``lead`` ones, a column per
    row, headed by that row's lead cells (its fold, or classifier and fold)."""
    heads = [" · ".join(cells[n][i] for n in names[:lead]) for i in range(rows)]
    heads = [h if heads.count(h) == 1 else f"{h} ({i + 1})" for i, h in enumerate(heads)]
    measures = names[lead:]
    out = {" · ".join(names[:lead]): measures}  # headed by what the columns' heads are
    out |= {h: [cells[n][i] for n in measures] for i, h in enumerate(heads)}
    return list(out), out


def _column_text(values: Any) -> list[str]:
    """A column's cells, rounded with the report's rule, the numbers of a column sharing
    their decimals (:func:`phidelta._format.column_text`)."""
    return column_text([_plain(v) for v in values])


def _column_blocks(
    names: list[str], cells: dict[str, list[str]], width: int, lead: int = 1
) -> list[list[str]]:
    """Columns in blocks that fit ``width`` characters with their headers on one line; every
    block after the first repeats the first ``lead`` columns."""
    from rich.cells import cell_len  # terminal columns, not characters

    if len(names) <= lead:
        return [names]

    def need(name: str) -> int:  # the widest cell or header, its padding and one border
        return max([cell_len(name), *map(cell_len, cells[name])]) + 3

    first = names[:lead]
    start = 1 + sum(map(need, first))
    blocks, used = [list(first)], start
    for name in names[lead:]:
        if used + need(name) > width and len(blocks[-1]) > lead:
            blocks.append(list(first))
            used = start
        blocks[-1].append(name)
        used += need(name)
    return blocks


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


def _text(value: Any, full: bool = False) -> str:
    if isinstance(value, dict):  # the intervals' methods: measures grouped by method
        from phidelta._door_intervals import method_text

        return method_text(value)
    value = _plain(value)
    if value is None:
        return MISSING
    if isinstance(value, float) and full:
        return repr(value)
    return number_text(value)


def _save(display: Any, path: str | None) -> None:
    if path:
        display.figure_.savefig(path, dpi=110, bbox_inches="tight")
        click.echo(f"diagram written to {path}", err=True)


def _source(path: str, chunksize: int | None, engine: str, scheduler: str | None) -> Any:
    """What the data layer reads: the path, a streamed file with a progress line on stderr,
    a Dask frame (on a cluster when a scheduler is named) or a Spark frame (--master,
    --spark-conf)."""
    if scheduler and engine != "dask":
        _fail("--scheduler needs --engine dask")
    spark = click.get_current_context().meta.get(_SPARK_KEY, {})
    if spark and engine != "spark":
        _fail(f"{' and '.join(sorted(spark))} need --engine spark")
    if engine == "spark":
        return _spark_source(path, spark.get("--master"), spark.get("--spark-conf", {}))
    if engine == "dask":
        try:
            import dask.dataframe  # noqa: F401
        except ImportError:
            _fail("--engine dask needs the scale extra: pip install 'phidelta[scale]'")
        from phidelta import distributed as pdd

        if scheduler:
            try:
                pdd.connect(scheduler)  # becomes the default scheduler of this process
            except ConnectionError as exc:
                _fail(str(exc))
        return pdd.DaskTable(pdd.read_table(path), name=Path(path).name)
    if chunksize:
        from phidelta.data import ChunkedTable

        table = ChunkedTable(path, chunksize=chunksize)
        if sys.stderr.isatty():
            table.progress = lambda rows: click.echo(
                f"\r{Path(path).name}: {rows:,} rows", err=True, nl=False
            )
        return table
    return path


#: Where --master and --spark-conf keep their values (they are not parameters of every command).
_SPARK_KEY = "phidelta.spark"


def _spark_option(context: Any, parameter: Any, value: Any) -> Any:
    """Keep --master and --spark-conf KEY=VALUE in the click context for :func:`_source`."""
    if value in (None, ()):
        return value
    if parameter.name == "spark_conf":
        pairs = {}
        for item in value:
            key, sign, setting = item.partition("=")
            if not sign or not key.strip():
                raise click.BadParameter(f"takes KEY=VALUE; got {item!r}", param=parameter)
            pairs[key.strip()] = setting
        value = pairs
    context.meta.setdefault(_SPARK_KEY, {})[parameter.opts[0]] = value
    return value


def _spark_source(path: str, master: str | None, conf: dict[str, str]) -> Any:
    """A Parquet/CSV/TSV file or a catalog table as a Spark frame of a session on ``master``
    (default local[2], its Python workers this interpreter); a failure on the executors that
    is not phidelta's own error (a worker without phidelta) becomes one line too."""
    import shutil

    try:
        import pyspark  # noqa: F401
    except ImportError:
        _fail("--engine spark needs the spark extra: pip install 'phidelta[spark]'")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        _fail(
            "--engine spark needs Java 17 or later (e.g. apt-get install openjdk-17-jre-headless)"
        )
    from phidelta import spark as ps
    from phidelta.data import SparkTable

    try:
        session = ps.session(master or "local[2]", conf=conf)
    except Exception as exc:  # the JVM did not start: its first line
        _fail(f"Spark did not start on {master or 'local[2]'}: {str(exc).strip().splitlines()[0]}")

    class _Table(SparkTable):
        def reduce(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return super().reduce(*args, **kwargs)
            except RuntimeError as exc:
                _fail(str(exc))

    return _Table(ps.read_table(path, spark=session), name=Path(path).name)


def _missing_note(cells: Any, columns: Any = None) -> str | None:
    """What was read as missing (and markers kept as categories), in option words."""
    from phidelta.data import describe_missing

    return describe_missing(cells, columns, hint="--missing-values {joined}") or None


def _markers(text: str | None) -> list[str] | None:
    """--missing-values NA,null → ["NA", "null"]."""
    return None if text is None else [m for m in text.split(",") if m.strip()]


def _header_option(function: Any) -> Any:
    """--header of a matrix file (triangle --matrix, report --matrix)."""
    return click.option(
        "--header",
        type=click.Choice(["auto", "yes", "no"]),
        default="auto",
        show_default=True,
        help="With --matrix: is the first row class names? auto: when a cell is not a number.",
    )(function)


def _streaming_options(function: Any) -> Any:
    """--chunksize, --engine, --scheduler, --missing and --missing-values: how a data file
    is read."""
    function = click.option(
        "--missing-values",
        metavar="TEXT[,TEXT...]",
        help="Cells read as missing besides empty ones, e.g. NA (R's files) or NA,null. "
        "Without it only empty cells are missing (and NA, null, None, ? in a column of "
        "numbers): in a column of text, None or NA is a category.",
    )(function)
    function = click.option(
        "--missing",
        type=click.Choice(["drop", "error"]),
        default="drop",
        show_default=True,
        help="Rows with a missing label, prediction, score, fold, weight or group: leave them "
        "out (and say how many) or refuse the file.",
    )(function)
    function = click.option(
        "--scheduler",
        help="Address of a Dask scheduler to use (with --engine dask), e.g. tcp://10.0.0.5:8786.",
    )(function)
    function = click.option(
        "--spark-conf",
        multiple=True,
        metavar="KEY=VALUE",
        expose_value=False,
        callback=_spark_option,
        help="A Spark setting (with --engine spark), e.g. spark.executor.memory=4g; repeatable.",
    )(function)
    function = click.option(
        "--master",
        expose_value=False,
        callback=_spark_option,
        help="Spark master (with --engine spark): local[N] (default local[2]) or a cluster "
        "URL, e.g. spark://10.0.0.5:7077.",
    )(function)
    function = click.option(
        "--engine",
        type=click.Choice(["numpy", "dask", "spark"]),
        default="numpy",
        show_default=True,
        help="numpy: this process; dask: per-partition counts reduced by "
        "Dask (a local pool, or --scheduler); spark: per-partition counts on Spark's "
        "executors (--master); DATA may then be a Parquet/CSV folder or a table name.",
    )(function)
    return click.option(
        "--chunksize",
        type=click.IntRange(min=1),
        help="Stream the file in blocks of this many rows (files larger than memory).",
    )(function)


def _prediction_options(function: Any) -> Any:
    """--prediction, --score, --threshold and --fold: the columns of a predictions file."""
    for option in reversed(
        (
            click.option("--prediction", help="Column of predicted labels."),
            click.option("--score", help="Column of scores or positive-class probabilities."),
            click.option(
                "--threshold",
                help="Without --prediction: predict positive when score ≥ this number, or "
                '"optimal" (accuracy-optimal cut). Default 0.5 for scores in [0, 1], else 0.',
            ),
            click.option("--fold", help="Column of fold (or run) ids."),
        )
    ):
        function = option(function)
    return function


def _errors(function: Any) -> Any:
    """Turn the library's ValueError/TypeError into one clear line and exit status 1, and its
    warnings into one line each on stderr (no source lines)."""
    import functools
    import warnings

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                return function(*args, **kwargs)
            except KeyError as exc:  # its message is the repr of the key
                raise click.ClickException(_speak_cli(str(exc).strip("'\""))) from None
            except (ValueError, TypeError) as exc:
                raise click.ClickException(_speak_cli(str(exc))) from None
            finally:
                seen = set()
                for warning in caught:
                    text = _speak_cli(str(warning.message).splitlines()[0])
                    if text not in seen:
                        seen.add(text)
                        click.echo(f"warning: {text}", err=True)

    return wrapper


class _Ratio(click.ParamType):
    """A class ratio N/P for the φ-δ diagram: a number in [0.1, 10] or "actual"."""

    name = "ratio"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, float) or value == "actual":
            return value
        if isinstance(value, str) and value.strip().lower() == "actual":
            return "actual"
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f'must be a number in [0.1, 10] or "actual"; got {value!r}', param, ctx)
        if not 0.1 <= number <= 10:
            self.fail(f"must be in [0.1, 10] (negatives / positives); got {value}", param, ctx)
        return number


def _measure_name(ctx: Any, param: Any, value: Any, examples: tuple[str, ...] | None = None) -> Any:
    """A measure's name (or the tuple of a repeatable option's), checked before any data is
    read; an unknown one gets the close names, else ``examples`` of the registry (bound with
    :func:`functools.partial`) or all its names."""
    from phidelta.measures import MEASURES

    names = sorted(info.name for info in MEASURES)
    for name in () if value is None else (value,) if isinstance(value, str) else value:
        if name in names:
            continue
        import difflib

        close = difflib.get_close_matches(name, names, n=3)
        hint = (
            f"; did you mean {', '.join(close)}?"
            if close
            else f"; e.g. {', '.join(examples)} ({len(names)} in phidelta.measures.MEASURES)"
            if examples
            else f"; one of {', '.join(names)}"
        )
        raise click.BadParameter(f"{name!r} is not a measure of phidelta{hint}", ctx, param)
    return value


def _output(ctx: Any, param: Any, value: str | None) -> str | None:
    """An output file: its folder is created (one rule for every command), and a path that
    cannot be written is refused before any work is done."""
    if value is None:
        return None

    target = Path(value)
    if target.is_dir():
        raise click.BadParameter(f"{value} is a directory; give a file name", ctx, param)
    if param.name == "output" and target.suffix.lower() not in (".html", ".htm"):
        raise click.BadParameter(f"{value} must end in .html (the report is HTML)", ctx, param)
    if param.name in ("plot_path", "roc_path"):
        allowed = (".png", ".svg", ".pdf", ".jpg", ".jpeg", ".eps")
        if target.suffix.lower() not in allowed:
            raise click.BadParameter(
                f"{value} must end in {', '.join(allowed)} (the image format)", ctx, param
            )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.BadParameter(
            f"cannot create the folder {target.parent}: {exc.strerror}", ctx, param
        ) from None
    if not os.access(target.parent, os.W_OK):
        raise click.BadParameter(f"cannot write to the folder {target.parent}", ctx, param)
    existed = target.exists()
    try:  # the folder's permissions do not tell everything (read-only or special file systems)
        with open(target, "ab"):
            pass
    except OSError as exc:
        raise click.BadParameter(f"cannot write {value}: {exc.strerror}", ctx, param) from None
    if not existed:
        target.unlink(missing_ok=True)
    return value


def _level(ctx: Any, param: Any, value: str | None) -> float | None:
    """--confidence-level: a number in (0, 1), checked before any data is read."""
    if value is None:
        return None
    try:
        level = float(value)
    except (TypeError, ValueError):
        level = float("nan")
    if not 0 < level < 1:  # NaN fails too
        raise click.BadParameter(
            f"must be a number in (0, 1), e.g. 0.95; got {value!r}", ctx, param
        )
    return level

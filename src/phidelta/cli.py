"""The ``phidelta`` command line: stats, assess, triangle, report and demo (an interface layer).

Every command reads CSV or Parquet, names its columns with flags, and prints a table, CSV or
JSON. Bad input gives one line on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

try:
    import click
except ImportError:  # pragma: no cover - exercised without the cli extra only
    click = None

__all__ = ["main"]

FORMATS = ("table", "csv", "json")


def _fail(message: str) -> None:
    raise click.ClickException(message)


def _read(path: str) -> Any:
    """A CSV or Parquet file as a pandas DataFrame, with clear errors."""
    import pandas as pd

    file = Path(path)
    if not file.exists():
        _fail(f"file not found: {path}")
    if file.is_dir():
        _fail(f"{path} is a directory, not a data file")
    if file.stat().st_size == 0 or (
        file.suffix.lower() not in (".parquet", ".pq")
        and not file.read_text(errors="replace").strip()
    ):
        _fail(f"{path} is empty")
    try:
        suffix = file.suffix.lower()
        if suffix in (".parquet", ".pq"):
            frame = pd.read_parquet(file)
        elif suffix in (".tsv", ".tab"):
            frame = pd.read_csv(file, sep="\t")
        else:
            frame = pd.read_csv(file)
    except pd.errors.EmptyDataError:
        _fail(f"{path} is empty")
    except Exception as exc:  # parser errors of every kind
        _fail(f"cannot read {path}: {exc}")
    if frame.empty:
        _fail(f"{path} has no rows")
    return frame


def _column(frame: Any, name: str | None, what: str, path: str) -> Any:
    if name is None:
        return None
    if name not in frame.columns:
        _fail(
            f"column {name!r} ({what}) is not in {path}; its columns are "
            f"{', '.join(map(str, frame.columns))}"
        )
    return frame[name]


def _positive(series: Any, value: str | None) -> Any:
    """Match --positive against the column's values (CSV numbers arrive as text)."""
    if value is None:
        return None
    values = list(series.dropna().unique())
    for v in values:
        if str(v) == value or (isinstance(v, int | float | np.number) and _same_number(v, value)):
            return v
    _fail(
        f"the positive class {value!r} is not in column {series.name!r}; its values are "
        f"{', '.join(sorted(map(str, values))[:10])}"
    )
    return None


def _same_number(v: Any, text: str) -> bool:
    try:
        return float(text) == float(v)
    except ValueError:
        return False


def _emit(columns: dict[str, Any], fmt: str, title: str) -> None:
    names = list(columns)
    rows = len(next(iter(columns.values()))) if names else 0
    if fmt == "json":
        records = [{n: _plain(columns[n][i]) for n in names} for i in range(rows)]
        click.echo(json.dumps(records, indent=1, allow_nan=False, default=str))
    elif fmt == "csv":
        import csv

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(names)
        for i in range(rows):
            writer.writerow([_plain(columns[n][i]) for n in names])
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=title)
        for n in names:
            table.add_column(n, justify="left" if isinstance(columns[n][0], str) else "right")
        for i in range(rows):
            table.add_row(*[_text(columns[n][i]) for n in names])
        Console().print(table)


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


def _text(value: Any) -> str:
    value = _plain(value)
    if value is None:
        return "–"
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _save(display: Any, path: str | None) -> None:
    if path:
        display.figure_.savefig(path, dpi=110, bbox_inches="tight")
        click.echo(f"diagram written to {path}", err=True)


def _stream(path: str, chunksize: int, columns: list[str] | None = None) -> Any:
    """Blocks of a file with a progress display on stderr (rows so far)."""
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn

    from phidelta.readers import read_chunks

    file = Path(path)
    if not file.exists():
        _fail(f"file not found: {path}")
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        transient=True,
        console=Console(stderr=True),
    ) as progress:
        task = progress.add_task(f"reading {file.name}", total=None)
        rows = 0
        for block in read_chunks(file, columns=columns, chunksize=chunksize):
            rows += len(block)
            progress.update(task, description=f"{file.name}: {rows:,} rows")
            yield block


def _read_header(path: str) -> list[str]:
    from phidelta.readers import read_chunks

    file = Path(path)
    if not file.exists():
        _fail(f"file not found: {path}")
    if file.stat().st_size == 0:
        _fail(f"{path} is empty")
    first = next(iter(read_chunks(file, chunksize=1)), None)
    if first is None:
        _fail(f"{path} has no rows")
    return [str(c) for c in first.columns]


def _values_of(path: str, columns: list[str], chunksize: int) -> dict[str, list[Any]]:
    """Distinct values of some columns, in one light pass (for streamed files)."""
    import pandas as pd

    header = _read_header(path)
    for name in columns:
        if name not in header:
            _fail(f"column {name!r} is not in {path}; its columns are {', '.join(header)}")
    seen: dict[str, set[Any]] = {c: set() for c in columns}
    for block in _stream(path, chunksize, columns):
        for c in columns:
            seen[c].update(pd.unique(block[c].dropna()).tolist())
    return {c: sorted(v, key=lambda x: (str(type(x)), x)) for c, v in seen.items()}


def _match(values: list[Any], wanted: str | None, column: str) -> Any:
    if wanted is None:
        return None
    for v in values:
        if str(v) == wanted or (isinstance(v, int | float | np.number) and _same_number(v, wanted)):
            return v
    _fail(
        f"the positive class {wanted!r} is not in column {column!r}; its values are "
        f"{', '.join(map(str, values[:10]))}"
    )
    return None


def _dask_frame(path: str, scheduler: str | None, columns: list[str] | None = None) -> Any:
    """A dask DataFrame of a CSV/Parquet file (and a client when a scheduler is named)."""
    try:
        import dask.dataframe as dd
    except ImportError:
        _fail("--engine dask needs the scale extra: pip install 'phidelta[scale]'")
    from phidelta import distributed as pdd

    file = Path(path)
    if not file.exists():
        _fail(f"file not found: {path}")
    client = None
    if scheduler:
        try:
            client = pdd.connect(scheduler)
        except ConnectionError as exc:
            _fail(str(exc))
    if file.suffix.lower() in (".parquet", ".pq"):
        frame = dd.read_parquet(file, columns=columns)
    else:
        sep = "\t" if file.suffix.lower() in (".tsv", ".tab") else ","
        frame = dd.read_csv(file, sep=sep, usecols=columns, blocksize="64MB")
    return frame, client


def _streaming_options(function: Any) -> Any:
    """--chunksize, --engine and --scheduler: how a data file is read and reduced."""
    function = click.option(
        "--scheduler",
        help="Address of a Dask scheduler to use (with --engine dask), e.g. tcp://10.0.0.5:8786.",
    )(function)
    function = click.option(
        "--engine",
        type=click.Choice(["numpy", "dask"]),
        default="numpy",
        show_default=True,
        help="numpy: this process; dask: per-partition counts reduced by "
        "Dask (a local pool, or --scheduler).",
    )(function)
    return click.option(
        "--chunksize",
        type=click.IntRange(min=1),
        help="Stream the file in blocks of this many rows (files larger than memory).",
    )(function)


def _errors(function: Any) -> Any:
    """Turn the library's ValueError/TypeError into one clear line and exit status 1."""
    import functools

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except (ValueError, TypeError, KeyError) as exc:
            raise click.ClickException(str(exc).strip("'\"")) from None

    return wrapper


if click is not None:

    @click.group(context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(package_name="phidelta")
    def cli() -> None:
        """phidelta: how good is a classifier or a feature, independently of class imbalance."""

    @cli.command()
    @click.argument("data")
    @click.option("--label", required=True, help="Name of the class column.")
    @click.option("--positive", help="The positive class (default: 1/True, else first sorted).")
    @click.option(
        "--numeric",
        type=click.Choice(["soft", "threshold"]),
        default="soft",
        show_default=True,
        help="How numeric features become counts.",
    )
    @click.option(
        "--ratio",
        default="1",
        show_default=True,
        help='Ratio N/P of the φ-δ space: a number in [0.1, 10] or "actual".',
    )
    @click.option(
        "--rank",
        "rank_by",
        default="delta",
        show_default=True,
        type=click.Choice(["delta", "corner", "phi", "information_gain"]),
    )
    @click.option("--top", type=int, default=0, help="Show only the first N features.")
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
    @click.option("--plot", "plot_path", help="Write the φ-δ diagram to this PNG/SVG/PDF.")
    @_streaming_options
    @_errors
    def stats(
        data: str,
        label: str,
        positive: str | None,
        numeric: str,
        ratio: str,
        rank_by: str,
        top: int,
        fmt: str,
        plot_path: str | None,
        chunksize: int | None,
        engine: str = "numpy",
        scheduler: str | None = None,
    ) -> None:
        """Feature signature of a data file: φ, δ of every feature, ranked.

        Example: phidelta stats climate_data.csv --label RainBool --positive 1 --ratio actual
        """
        from phidelta.signatures import default_positive_label, signature, signature_from_chunks

        if engine == "dask":
            from phidelta import distributed as pdd

            if numeric != "soft":
                _fail("--engine dask needs --numeric soft (a best cut needs whole columns)")
            frame, client = _dask_frame(data, scheduler)
            if label not in frame.columns:
                _fail(
                    f"column {label!r} is not in {data}; its columns are "
                    f"{', '.join(map(str, frame.columns))}"
                )
            values = sorted(
                frame[label].dropna().unique().compute().tolist(), key=lambda x: (str(type(x)), x)
            )
            pos = _match(values, positive, label)
            if pos is None:
                pos = default_positive_label(values)
            sig = pdd.signature(frame, label=label, pos_label=pos)
            if client is not None:
                client.close()
        elif chunksize:
            if numeric != "soft":
                _fail("--chunksize needs --numeric soft (a best cut needs whole columns)")
            values = _values_of(data, [label], chunksize)[label]
            pos = _match(values, positive, label)
            if pos is None:
                pos = default_positive_label(values)
            blocks = (
                (b.drop(columns=[label]), b[label].to_numpy()) for b in _stream(data, chunksize)
            )
            sig = signature_from_chunks(blocks, pos_label=pos)
        else:
            frame = _read(data)
            labels = _column(frame, label, "class", data)
            pos = _positive(labels, positive)
            sig = signature(
                frame.drop(columns=[label]), labels.to_numpy(), pos_label=pos, numeric=numeric
            )
        r = sig.ratio if ratio == "actual" else _ratio(ratio)
        order = sig.rank(rank_by, ratio=r)
        if top:
            order = order[:top]
        table = sig.to_dict(ratio=r)
        keys = [
            "name",
            "kind",
            "specificity",
            "sensitivity",
            "phi",
            "delta",
            "phi_ratio",
            "delta_ratio",
            "information_gain",
        ]
        columns = {k: [table[k][i] for i in order] for k in keys}
        _emit(
            columns,
            fmt,
            f"signature of {Path(data).name} (positive "
            f"{_plain(sig.positive)!r}, N/P = {sig.ratio:.4g})",
        )
        if plot_path:
            import matplotlib

            matplotlib.use("Agg")
            from phidelta.rendering import PhiDeltaDisplay

            _save(PhiDeltaDisplay.from_signature(sig, ratio=r), plot_path)

    def _ratio(text: str) -> float:
        try:
            return float(text)
        except ValueError:
            _fail(f'--ratio must be a number or "actual"; got {text!r}')
            return 1.0

    @cli.command()
    @click.argument("predictions")
    @click.option("--label", required=True, help="Column of true labels.")
    @click.option("--prediction", help="Column of predicted labels.")
    @click.option("--score", help="Column of scores or positive-class probabilities.")
    @click.option("--fold", help="Column of fold (or run) ids.")
    @click.option("--positive", help="The positive class.")
    @click.option(
        "--ratio",
        default="1",
        show_default=True,
        help='Ratio N/P of the φ-δ diagram: a number or "actual".',
    )
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
    @click.option("--plot", "plot_path", help="Write the φ-δ diagram of the folds here.")
    @click.option("--roc", "roc_path", help="Write the pooled ROC curve here (needs --score).")
    @_streaming_options
    @_errors
    def assess(
        predictions: str,
        label: str,
        prediction: str | None,
        score: str | None,
        fold: str | None,
        positive: str | None,
        ratio: str,
        fmt: str,
        plot_path: str | None,
        roc_path: str | None,
        chunksize: int | None,
        engine: str = "numpy",
        scheduler: str | None = None,
    ) -> None:
        """Measures per fold of a predictions file (label, prediction and/or score, fold).

        Example: phidelta assess preds.csv --label y --score p --fold fold --positive 1
        """
        from phidelta.assessment import assess as run
        from phidelta.assessment import assess_chunks

        if prediction is None and score is None:
            _fail("pass --prediction (predicted labels) or --score (scores), or both")
        if engine == "dask":
            from phidelta import distributed as pdd

            wanted = [c for c in (label, prediction, score, fold) if c]
            frame, client = _dask_frame(predictions, scheduler)
            for name in wanted:
                if name not in frame.columns:
                    _fail(
                        f"column {name!r} is not in {predictions}; its columns are "
                        f"{', '.join(map(str, frame.columns))}"
                    )
            values = sorted(
                frame[label].dropna().unique().compute().tolist(), key=lambda x: (str(type(x)), x)
            )
            if len(values) != 2:
                _fail(f"column {label!r} must hold two classes; it holds {values[:10]}")
            scores = None
            if score:
                import dask.dataframe as dd

                scores = dd.to_numeric(frame[score], errors="coerce")
                bad = int(scores.isna().sum().compute())
                if bad:
                    _fail(f"column {score!r} must hold numbers; {bad} values are not numeric")
            result = pdd.assess(
                frame[label],
                y_pred=frame[prediction] if prediction else None,
                scores=scores,
                folds=frame[fold] if fold else None,
                labels=values,
                pos_label=_match(values, positive, label),
            )
            if client is not None:
                client.close()
        elif chunksize:
            wanted = [c for c in (label, prediction, score, fold) if c]
            header = _read_header(predictions)
            for name in wanted:
                if name not in header:
                    _fail(
                        f"column {name!r} is not in {predictions}; its columns are "
                        f"{', '.join(header)}"
                    )
            values = _values_of(predictions, [label], chunksize)[label]
            if len(values) != 2:
                _fail(f"column {label!r} must hold two classes; it holds {values[:10]}")
            pos = _match(values, positive, label)

            def blocks() -> Any:
                for b in _stream(predictions, chunksize, wanted):
                    yield (
                        b[label].to_numpy(),
                        b[prediction].to_numpy() if prediction else None,
                        _numbers(b[score], score) if score else None,
                        b[fold].to_numpy() if fold else None,
                    )

            result = assess_chunks(blocks(), labels=values, pos_label=pos)
        else:
            frame = _read(predictions)
            y = _column(frame, label, "labels", predictions)
            predicted = _column(frame, prediction, "predictions", predictions)
            scores = _column(frame, score, "scores", predictions)
            folds = _column(frame, fold, "folds", predictions)
            result = run(
                y.to_numpy(),
                y_pred=None if predicted is None else predicted.to_numpy(),
                scores=None if scores is None else _numbers(scores, score),
                folds=None if folds is None else folds.to_numpy(),
                pos_label=_positive(y, positive),
            )
        _report_assessment(result, predictions, fmt, ratio, plot_path, roc_path)

    def _numbers(series: Any, name: str | None) -> Any:
        import pandas as pd

        numeric = pd.to_numeric(series, errors="coerce")
        bad = int(numeric.isna().sum())
        if bad:
            _fail(
                f"column {name!r} must hold numbers; {bad} values are not numeric "
                f"(e.g. {series[numeric.isna()].iloc[0]!r})"
            )
        return numeric.to_numpy(dtype=float)

    def _report_assessment(
        result: Any,
        predictions: str,
        fmt: str,
        ratio: str,
        plot_path: str | None,
        roc_path: str | None,
    ) -> None:
        from phidelta.assessment import SUMMARY_MEASURES

        names = list(SUMMARY_MEASURES)
        table = result.measures(names)
        columns: dict[str, Any] = {"fold": [str(f) for f in result.folds]}
        for f in ("tn", "fp", "fn", "tp"):
            columns[f] = table[f]
        columns.update({n: table[n] for n in names})
        if result.tables is not None:
            from phidelta.measures import auc

            columns["auc"] = [
                auc(t) if t.total_positives and t.total_negatives else np.nan for t in result.tables
            ]
        _emit(
            columns,
            fmt,
            f"assessment of {Path(predictions).name} (positive {_plain(result.positive)!r})",
        )
        if plot_path or roc_path:
            import matplotlib

            matplotlib.use("Agg")
            from phidelta.rendering import PhiDeltaDisplay, RocDisplay

            r = result.ratio if ratio == "actual" else _ratio(ratio)
            if plot_path:
                _save(
                    PhiDeltaDisplay.from_counts(result.counts, ratio=r, mean=True, ellipse=True),
                    plot_path,
                )
            if roc_path:
                if result.tables is None:
                    _fail("--roc needs --score")
                _save(RocDisplay(tables=[result.pooled_table()]).plot(), roc_path)

    @cli.command()
    @click.argument("data")
    @click.option("--label", help="Column of true labels (with --prediction).")
    @click.option("--prediction", help="Column of predicted labels.")
    @click.option("--classes", help="Comma-separated list of the classes, in order.")
    @click.option(
        "--matrix",
        is_flag=True,
        help="DATA is a count matrix (rows = true, columns = predicted), no header.",
    )
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
    @click.option("--plot", "plot_path", help="Write the entropy triangle here.")
    @_streaming_options
    @_errors
    def triangle(
        data: str,
        label: str | None,
        prediction: str | None,
        classes: str | None,
        matrix: bool,
        fmt: str,
        plot_path: str | None,
        chunksize: int | None,
        engine: str = "numpy",
        scheduler: str | None = None,
    ) -> None:
        """Entropy balance and triangle of a confusion matrix or of label/prediction columns.

        Example: phidelta triangle preds.csv --label y --prediction yhat
        """
        from phidelta.counts import ConfusionMatrix
        from phidelta.measures import entropy_balance

        declared = None if classes is None else [c.strip() for c in classes.split(",")]
        if matrix:
            file = Path(data)
            if not file.exists():
                _fail(f"file not found: {data}")
            try:
                counts = np.loadtxt(file, delimiter=",", ndmin=2)
            except ValueError as exc:
                _fail(f"cannot read a numeric matrix from {data}: {exc}")
            cm = ConfusionMatrix(counts)
        elif label is None or prediction is None:
            _fail("pass --label and --prediction, or --matrix")
        elif engine == "dask":
            from phidelta import distributed as pdd

            frame, client = _dask_frame(data, scheduler, [label, prediction])
            truth, guess = frame[label].astype(str), frame[prediction].astype(str)
            if declared is None:
                found = set(truth.unique().compute().tolist()) | set(
                    guess.unique().compute().tolist()
                )
                declared = sorted(found)
            cm = pdd.confusion_matrix(truth, guess, classes=declared)
            if client is not None:
                client.close()
        elif chunksize:
            if declared is None:
                found = _values_of(data, [label, prediction], chunksize)
                declared = sorted({str(v) for v in found[label] + found[prediction]})
            blocks = (
                (b[label].astype(str).to_numpy(), b[prediction].astype(str).to_numpy())
                for b in _stream(data, chunksize, [label, prediction])
            )
            cm = ConfusionMatrix.from_chunks(blocks, classes=declared)
        else:
            frame = _read(data)
            y = _column(frame, label, "labels", data)
            p = _column(frame, prediction, "predictions", data)
            cm = ConfusionMatrix.from_labels(
                y.astype(str).to_numpy(), p.astype(str).to_numpy(), classes=declared
            )
        b = entropy_balance(cm)
        columns = {
            "quantity": list(b.to_dict()),
            "value": [float(v[0]) for v in b.to_dict().values()],
        }
        _emit(columns, fmt, f"entropy balance of {Path(data).name} (bits)")
        if plot_path:
            import matplotlib

            matplotlib.use("Agg")
            from phidelta.rendering import EntropyTriangleDisplay

            _save(EntropyTriangleDisplay(balance=b).plot(extended=True), plot_path)

    @cli.command()
    @click.option("--data", help="Data file for the feature signature.")
    @click.option("--label", help="Class column of --data.")
    @click.option("--predictions", help="Predictions file for the classifier assessment.")
    @click.option("--truth", help="Label column of --predictions (default: --label).")
    @click.option("--prediction", help="Predicted-label column of --predictions.")
    @click.option("--score", help="Score column of --predictions.")
    @click.option("--fold", help="Fold column of --predictions.")
    @click.option("--positive", help="The positive class.")
    @click.option("--output", "-o", default="phidelta-report.html", show_default=True)
    @_errors
    def report(
        data: str | None,
        label: str | None,
        predictions: str | None,
        truth: str | None,
        prediction: str | None,
        score: str | None,
        fold: str | None,
        positive: str | None,
        output: str,
    ) -> None:
        """One self-contained HTML report: signature, assessment, curves, entropy triangle.

        Example: phidelta report --data climate.csv --label RainBool --positive 1 -o r.html
        """
        import matplotlib

        matplotlib.use("Agg")
        from phidelta.assessment import assess as run
        from phidelta.report import Report, assessment_section, signature_section
        from phidelta.signatures import signature

        if data is None and predictions is None:
            _fail("pass --data (with --label) and/or --predictions")
        built = Report("phidelta report")
        if data is not None:
            if label is None:
                _fail("--data needs --label")
            frame = _read(data)
            labels = _column(frame, label, "class", data)
            sig = signature(
                frame.drop(columns=[label]),
                labels.to_numpy(),
                pos_label=_positive(labels, positive),
            )
            built.add(f"Feature signature of {Path(data).name}", signature_section(sig))
        if predictions is not None:
            frame = _read(predictions)
            y = _column(frame, truth or label, "labels", predictions)
            if y is None:
                _fail("--predictions needs --truth (or --label)")
            p = _column(frame, prediction, "predictions", predictions)
            s = _column(frame, score, "scores", predictions)
            f = _column(frame, fold, "folds", predictions)
            result = run(
                y.to_numpy(),
                y_pred=None if p is None else p.to_numpy(),
                scores=None if s is None else s.to_numpy(dtype=float),
                folds=None if f is None else f.to_numpy(),
                pos_label=_positive(y, positive),
            )
            built.add(
                f"Classifier assessment of {Path(predictions).name}", assessment_section(result)
            )
            if p is not None:  # the entropy balance of the predictions, one matrix per fold
                from phidelta.counts import ConfusionMatrix
                from phidelta.report import triangle_section

                classes = sorted(set(map(str, y.unique())) | set(map(str, p.unique())))
                truth, guess = y.astype(str).to_numpy(), p.astype(str).to_numpy()
                if f is None:
                    matrices = ConfusionMatrix.from_labels(truth, guess, classes=classes)
                    names = ["all"]
                else:
                    matrices, groups = ConfusionMatrix.from_groups(
                        truth, guess, f.to_numpy(), classes=classes
                    )
                    names = [str(g) for g in groups]
                built.add("Entropy triangle of the predictions", triangle_section(matrices, names))
        path = built.write(output)
        click.echo(f"report written to {path.resolve()}")

    @cli.command()
    @click.option(
        "--output",
        "-o",
        default="phidelta-demo/report.html",
        show_default=True,
        help="Where to write the report.",
    )
    @click.option("--folds", type=int, default=30, show_default=True)
    @_errors
    def demo(output: str, folds: int) -> None:
        """The report on built-in data (breast cancer, wine from scikit-learn): no arguments.

        Example: phidelta demo -o report.html
        """
        from rich.progress import Progress

        from phidelta.report import demo_report

        with Progress(transient=True) as progress:
            task = progress.add_task("building the demo report", total=4)

            def step(message: str) -> None:
                progress.update(task, advance=1, description=message)

            path = demo_report(output, folds=folds, progress=step)
        click.echo(f"report written to {Path(path).resolve()}")
        click.echo("open it in a browser, e.g.: xdg-open " + str(Path(path).resolve()))


if click is not None:

    @cli.command()
    @click.option(
        "--host",
        default="127.0.0.1",
        show_default=True,
        help="Interface to bind (127.0.0.1: this machine only).",
    )
    @click.option("--port", default=8765, show_default=True, type=int)
    @click.option(
        "--database",
        envvar="PHIDELTA_DB",
        help="SQLite file for uploads and analyses (env PHIDELTA_DB; default under "
        "the user's data directory).",
    )
    @click.option(
        "--max-upload-mb",
        default=50,
        show_default=True,
        type=int,
        help="Uploads larger than this are refused (HTTP 413).",
    )
    def serve(host: str, port: int, database: str | None, max_upload_mb: int) -> None:
        """Start the web application and print its address.

        Example: phidelta serve --port 8765   (then open http://127.0.0.1:8765)
        """
        try:
            from phidelta.web import default_database_path
            from phidelta.web import serve as run_server
        except ImportError as exc:
            _fail(f"the web application needs the web extra: pip install 'phidelta[web]' ({exc})")
        click.echo(
            f"phidelta web application on http://{host}:{port}  "
            f"(data: {database or default_database_path()}; Ctrl-C stops it)"
        )
        run_server(host=host, port=port, database=database, max_upload_mb=max_upload_mb)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``phidelta`` command."""
    if click is None:
        print(
            "phidelta: the command line needs the cli extra: pip install 'phidelta[cli]'",
            file=sys.stderr,
        )
        return 2
    try:
        cli.main(args=argv, prog_name="phidelta", standalone_mode=True)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    return 0

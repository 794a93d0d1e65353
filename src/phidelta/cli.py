"""The ``phidelta`` command line: stats, assess, triangle, report and demo (an interface layer).

Every command reads CSV or Parquet, names its columns with flags, and prints a table, CSV or
JSON. Bad input gives one line on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from phidelta._cli_common import (
    FORMATS,
    _emit,
    _errors,
    _fail,
    _header_option,
    _level,
    _markers,
    _measure_name,
    _missing_note,
    _output,
    _prediction_options,
    _Ratio,
    _save,
    _source,
    _speak_cli,
    _streaming_options,
)
from phidelta._door_intervals import DEFAULT_RANDOM_STATE, INTERVAL_METHODS

try:
    import click
except ImportError:  # pragma: no cover - exercised without the cli extra only
    click = None

__all__ = ["main"]


def _interval_options(function: Any) -> Any:
    """--confidence-level, --interval-method and --random-state: an interval beside every
    measure (:mod:`phidelta._door_intervals`)."""
    function = _count_option(
        "--random-state",
        DEFAULT_RANDOM_STATE,
        "Seed of the bootstrap intervals: the same file gives the same intervals on every run.",
        minimum=0,
    )(function)
    function = click.option(
        "--interval-method",
        type=click.Choice(list(INTERVAL_METHODS)),
        default="auto",
        show_default=True,
        help="auto: a documented method per measure family (Wilson for rates, Newcombe for "
        "differences of rates such as δ, Katz/Woolf log intervals for ratios, Fleiss–Cohen–"
        "Everitt for κ, the BCa bootstrap on counts otherwise); bootstrap: the BCa bootstrap "
        "(2000 resamples) for every measure; percentile: the percentile bootstrap.",
    )(function)
    return click.option(
        "--confidence-level",
        "confidence_level",
        metavar="LEVEL",
        callback=_level,
        help="Add an interval at this level (in (0, 1), e.g. 0.95) beside every measure: "
        "<measure>_low and <measure>_high columns; the methods are named in the caption "
        '(the "intervals" entry of --format json).',
    )(function)


def _interval_switches(
    level: float | None, method: str, random_state: int
) -> dict[str, Any] | None:
    """The interval options as keyword arguments, None without --confidence-level."""
    if level is None:
        if method != "auto" or random_state != DEFAULT_RANDOM_STATE:
            _fail(
                "--interval-method and --random-state choose the intervals of "
                "--confidence-level: give --confidence-level too"
            )
        return None
    return {"confidence_level": level, "method": method, "random_state": random_state}


def _ratio(value: Any, actual: float) -> float:
    """The validated --ratio (see :class:`_Ratio`); "actual" is the data's N/P."""
    return actual if value == "actual" else float(value)


def _threshold_note(result: Any, asked: str | None) -> str:
    """How scores became predictions, in words, for the reader of a result."""
    if result.threshold is None:
        return "from the prediction column"
    cut = f"score ≥ {result.threshold:g}"
    if asked is None:
        return cut + (
            " (default for scores in [0, 1])"
            if result.threshold == 0.5
            else " (default for scores outside [0, 1])"
        )
    if str(asked).strip().lower() == "optimal":
        return cut + " (accuracy-optimal cut)"
    return cut


def _count_option(name: str, default: int, help_text: str, *, minimum: int = 1) -> Any:
    """An option that takes a whole number of at least `minimum`, its default shown in the
    help."""
    return click.option(
        name,
        default=default,
        show_default=True,
        type=click.IntRange(min=minimum),
        help=help_text,
    )


def _compare_option(function: Any) -> Any:
    """--compare: another classifier's column(s) in the predictions file."""
    return click.option(
        "--compare",
        multiple=True,
        metavar="COLUMN",
        help="Another classifier's column, of the kind of --prediction or --score (give it "
        "twice, prediction then score, when both are given): paired tests of the two "
        "(McNemar; DeLong with scores; the corrected resampled t-test over the folds).",
    )(function)


def _other_roles(roles: Any, compare: tuple[str, ...]) -> Any:
    """The second classifier's roles: ``roles`` with its prediction and/or score column
    replaced by the --compare columns, in that order."""
    kinds = [k for k in ("prediction", "score") if getattr(roles, k) is not None]
    if len(compare) != len(kinds):
        _fail(
            f"--compare names the other classifier's {' and '.join(kinds)} column"
            + (" (give --compare twice: prediction, then score)" if len(kinds) == 2 else "")
            + f"; got {len(compare)} column{'s' if len(compare) != 1 else ''}"
        )
    return roles.classifier(**dict(zip(kinds, compare, strict=True)))


if click is not None:
    from phidelta._vocabulary import RANKINGS, SUMMARY_COLUMNS

    @click.group(context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(package_name="phidelta")
    def cli() -> None:
        """phidelta: how good is a classifier or a feature, independently of class imbalance."""

    from phidelta._cli_scoring import register as _register_scoring

    _register_scoring(cli)  # roc-test, power, calibration, decision

    @cli.command()
    @click.argument("data")
    @click.option("--label", required=True, help="Name of the class column.")
    @click.option(
        "--positive",
        help="The positive class (needed unless the classes are 0/1, -1/1 or false/true).",
    )
    @click.option(
        "--numeric",
        type=click.Choice(["soft", "threshold"]),
        default="soft",
        show_default=True,
        help="How numeric features become counts: soft (the published packages' min-max soft "
        "counts, one additive pass) or threshold (the best single cut, maximizing |δ|: what "
        "a one-feature classifier can do, optimistic on small samples). Soft δ is often far "
        "below the best cut's.",
    )
    @click.option(
        "--ratio",
        type=_Ratio(),
        default="1",
        show_default=True,
        help='Ratio N/P of the φ-δ space: a number in [0.1, 10] or "actual".',
    )
    @click.option(
        "--rank", "rank_by", default="delta", show_default=True, type=click.Choice(RANKINGS)
    )
    @click.option(
        "--top",
        type=click.IntRange(min=0),
        default=0,
        help="Show only the first N features (0: all).",
    )
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
    @click.option(
        "--plot", "plot_path", callback=_output, help="Write the φ-δ diagram to this PNG/SVG/PDF."
    )
    @click.option(
        "--fdr",
        type=click.FloatRange(0, 1, min_open=True, max_open=True),
        help="False discovery rate: add each feature's p-value (see --test) and "
        "Benjamini–Hochberg q-value, flag the features with q ≤ this rate, and mark them "
        "in --plot.",
    )
    @click.option(
        "--test",
        "test_method",
        type=click.Choice(["auto", "fisher", "permutation"]),
        default="auto",
        show_default=True,
        help="The p-values of --fdr: Fisher's exact test (integer counts: binary, nominal "
        "features) or a permutation test of |δ| (every kind; a threshold feature's cut is "
        "searched again in each permutation). auto: Fisher when every feature is binary or "
        "nominal, else the permutation test.",
    )
    @_count_option(
        "--permutations",
        1000,
        "Permutations of the permutation test (its p-values are multiples of 1/(B + 1)).",
    )
    @click.option(
        "--ignore",
        multiple=True,
        metavar="COLUMN",
        help="Leave this column out of the features (repeatable): an identifier, a copy of "
        "the label.",
    )
    @click.option(
        "--group",
        help="Column of group ids (patient, speaker, document, site) when several rows belong "
        "to one group: no feature, and the intervals of --confidence-level resample whole "
        "groups (cluster bootstrap). Needs the table in one piece (no --chunksize, no Dask).",
    )
    @_interval_options
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
        fdr: float | None = None,
        test_method: str = "auto",
        permutations: int = 1000,
        ignore: tuple[str, ...] = (),
        group: str | None = None,
        engine: str = "numpy",
        scheduler: str | None = None,
        missing: str = "drop",
        missing_values: str | None = None,
        confidence_level: float | None = None,
        interval_method: str = "auto",
        random_state: int = DEFAULT_RANDOM_STATE,
    ) -> None:
        """Feature signature of a data file: φ, δ of every feature, ranked.

        With --confidence-level, φ, δ, sensitivity, specificity and information gain (at
        N/P = 1) of every feature with integer counts (binary and nominal features, and
        numeric ones with --numeric threshold) get intervals (*_low, *_high); soft counts
        are not counts of rows, so their features get none (empty cells). With --group the
        intervals resample whole groups (cluster_bca); --fdr's p-values treat rows as
        independent, so --fdr is refused with --group.

        Example: phidelta stats climate_data.csv --label RainBool --positive 1 --ratio actual
        """
        from phidelta.data import Roles, load_signature

        switches = _interval_switches(confidence_level, interval_method, random_state)
        if fdr is None and (test_method != "auto" or permutations != 1000):
            _fail("--test and --permutations choose the p-values of --fdr: give --fdr too")
        if group and fdr is not None:
            _fail(
                "--fdr's p-values (Fisher, permutations) treat rows as independent and have no "
                "clustered form: --fdr cannot be used with --group"
            )
        sig = load_signature(
            _source(data, chunksize, engine, scheduler),
            Roles(label, positive=positive, group=group),
            numeric=numeric,
            kinds=dict.fromkeys(ignore, "ignore") or None,
            missing=missing,
            missing_values=_markers(missing_values),
        )
        r = _ratio(ratio, sig.ratio)
        order = sig.rank(rank_by, ratio=r)
        if top:
            order = order[:top]
        table = sig.to_dict(ratio=r)
        # at N/P = 1 the *_ratio columns repeat their base columns: left out
        keys = [k for k in SUMMARY_COLUMNS if r != 1 or not k.endswith("_ratio")]
        columns = {k: [table[k][i] for i in order] for k in keys}
        interval_meta: dict[str, Any] = {}
        if switches is not None:
            columns, interval_meta = _signature_bounds(sig, columns, order, switches)
        significance = pvalues = None
        if fdr is not None:
            from phidelta.inference import benjamini_hochberg

            if test_method == "auto":  # the rule of every door, rows or no rows
                pvalues, method = sig.default_pvalues(n_permutations=permutations)
                if np.all(np.isnan(pvalues)):
                    _fail(
                        "the permutation test of soft features needs the rows in memory: drop "
                        "--chunksize and --engine dask, or use --numeric threshold"
                    )
            else:
                method = test_method
                if method == "permutation" and (chunksize or engine == "dask"):
                    _fail(
                        "the permutation test needs the rows in memory: drop --chunksize and "
                        "--engine dask, or use --test fisher with integer counts"
                    )
                pvalues = sig.pvalues(method, n_permutations=permutations)
            qvalues = benjamini_hochberg(pvalues)
            columns["pvalue"] = pvalues[order]
            columns["qvalue"] = qvalues[order]
            columns["significant"] = (qvalues <= fdr)[order].tolist()
            how = (
                "Fisher's exact test"
                if method == "fisher"
                else f"permutation test of |δ|, {permutations} permutations, seed 0"
            )
            significance = (
                f"{int(np.count_nonzero(qvalues <= fdr))} of {len(sig)} features have a "
                f"Benjamini–Hochberg q-value ≤ {fdr:g} ({how})"
            )
        meta = {
            "positive": sig.positive,
            "ratio": sig.ratio,
            "numeric_features": (
                "soft counts (--numeric threshold for the best cut)"
                if numeric == "soft"
                else "best single cut"
            ),
            "ranked_by": f"{rank_by} at N/P = {r:.4g}",
            "rows_left_out": sig.rows_left_out or None,
            "missing": _missing_note(sig.missing_cells),
            "significance": significance,
            "groups": (
                f"{len(set(sig._rows.groups.tolist()))} groups: every interval resamples whole "
                "groups (cluster bootstrap)"
                if group
                else None
            ),
        } | interval_meta
        _emit(
            columns,
            fmt,
            f"signature of {Path(data).name}"
            + (
                ""
                if r == 1
                else f" (phi_ratio, delta_ratio and information_gain_ratio at N/P = {r:.4g})"
            ),
            meta,
        )
        if plot_path:
            import matplotlib

            matplotlib.use("Agg")
            from phidelta.rendering import PhiDeltaDisplay

            _save(
                PhiDeltaDisplay.from_signature(
                    sig, ratio=r, fdr=fdr, pvalues=None if fdr is None else pvalues
                ),
                plot_path,
            )

    def _signature_bounds(
        sig: Any, columns: dict[str, Any], order: Any, switches: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The columns of ``stats`` with each interval after its measure, and the meta
        entries that say how the intervals were made."""
        from phidelta._door_intervals import signature_intervals

        bounds, methods, counted = signature_intervals(sig, **switches)
        out: dict[str, Any] = {}
        for key, values in columns.items():
            out[key] = values
            if key in bounds:
                out[f"{key}_low"], out[f"{key}_high"] = (b[order] for b in bounds[key])
        soft = len(sig) - counted
        cut = sig.numeric_mode == "threshold" and "numeric" in sig.kinds
        meta: dict[str, Any] = {
            "confidence_level": switches["confidence_level"],
            "intervals": methods or None,
            "random_state": switches["random_state"],
            "no_interval": (
                f"{soft} feature{'s' if soft != 1 else ''} with soft counts (not counts of "
                "rows: no interval is given; --numeric threshold counts rows)"
                if soft
                else None
            ),
            "cuts": (
                "each numeric feature's cut was searched on the same rows: its intervals do "
                "not account for that search (optimistic)"
                if cut
                else None
            ),
        }
        return out, meta

    @cli.command()
    @click.argument("predictions")
    @click.option("--label", required=True, help="Column of true labels.")
    @_prediction_options
    @click.option("--weight", help="Column of sample weights.")
    @click.option(
        "--group",
        help="Column of group ids (patient, speaker, document, site) when several rows belong "
        "to one group: every interval then resamples whole groups (cluster bootstrap; the "
        "AUC's is Obuchowski's clustered DeLong interval); with --compare, McNemar's test is "
        "the clustered one (Durkalski et al. 2003), DeLong's test gets Obuchowski's "
        "variance and the paired differences the cluster bootstrap.",
    )
    @click.option(
        "--positive",
        help="The positive class (needed unless the classes are 0/1, -1/1 or false/true).",
    )
    @click.option(
        "--ratio",
        type=_Ratio(),
        default="1",
        show_default=True,
        help='Ratio N/P of the φ-δ diagram: a number in [0.1, 10] or "actual".',
    )
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
    @click.option(
        "--plot", "plot_path", callback=_output, help="Write the φ-δ diagram of the folds here."
    )
    @click.option(
        "--roc",
        "roc_path",
        callback=_output,
        help="Write the pooled ROC curve here (needs --score).",
    )
    @_compare_option
    @click.option(
        "--compare-measure",
        callback=_measure_name,
        help="With --compare: the per-fold measure of the corrected t-test (default accuracy; "
        "e.g. delta, unbiased_accuracy).",
    )
    @click.option(
        "--test-fraction",
        type=click.FloatRange(0, 1, min_open=True, max_open=True),
        help="With --compare: test share of the data in each fold, for the t-test (default 1/k "
        "for k folds).",
    )
    @click.option(
        "--regions",
        is_flag=True,
        help="Joint confidence regions of (φ, δ), at 95% or --confidence-level: their ranges "
        "in the table "
        "(phi_region_low, phi_region_high, delta_region_low, delta_region_high: the extent of "
        "the joint region, not intervals of φ or δ; folds and pooled), their polygons in --plot.",
    )
    @_interval_options
    @_streaming_options
    @_errors
    def assess(
        predictions: str,
        label: str,
        prediction: str | None,
        score: str | None,
        threshold: str | None,
        fold: str | None,
        weight: str | None,
        group: str | None,
        positive: str | None,
        ratio: str,
        fmt: str,
        plot_path: str | None,
        roc_path: str | None,
        compare: tuple[str, ...] = (),
        compare_measure: str | None = None,
        test_fraction: float | None = None,
        regions: bool = False,
        chunksize: int | None = None,
        engine: str = "numpy",
        scheduler: str | None = None,
        missing: str = "drop",
        missing_values: str | None = None,
        confidence_level: float | None = None,
        interval_method: str = "auto",
        random_state: int = DEFAULT_RANDOM_STATE,
    ) -> None:
        """Measures of a predictions file per fold, pooled, and their mean and std over folds.

        Rows (column "row"): one per fold (its id), then "pooled" (all folds' counts
        together), "mean" and "std" (of the folds' values; ddof=0). Beside sensitivity,
        specificity and precision their Wilson 95% intervals (*_low, *_high), and with --score
        the AUC with DeLong's 95% interval (auc_low, auc_high), for each fold and the pooled
        row; the mean and std rows have no counts or intervals. CSV and JSON keep every digit.
        With --confidence-level every measure gets its interval (*_low, *_high) at that level,
        for each fold and the pooled row, by the method the caption names (the rates' Wilson
        interval, the AUC's DeLong interval at that level too). With --group (several rows per
        patient, speaker, document or site) no interval treats a group's rows as independent:
        every measure gets the cluster bootstrap (whole groups drawn, seed --random-state) and
        the AUC Obuchowski's clustered interval; with --compare too, McNemar's test is the
        clustered one (Durkalski et al. 2003), DeLong's test gets Obuchowski's variance and
        the paired differences resample whole groups.

        Example: phidelta assess preds.csv --label y --score p --fold fold --positive 1

        Two classifiers: phidelta assess preds.csv --label y --score p --compare q --fold fold
        """
        from phidelta.data import Roles, load_assessment

        switches = _interval_switches(confidence_level, interval_method, random_state)
        if roc_path and score is None:
            _fail("--roc needs --score")
        if group and regions:
            _fail(
                "--regions draws joint regions that treat the rows as independent: they have "
                "no clustered form yet, so they cannot be used with --group"
            )
        if not compare and (compare_measure is not None or test_fraction is not None):
            _fail("--compare-measure and --test-fraction need --compare")
        compare_measure = compare_measure or "accuracy"
        roles = Roles(
            label,
            positive=positive,
            prediction=prediction,
            score=score,
            threshold=threshold,
            fold=fold,
            weight=weight,
            group=group,
        )
        source = _source(predictions, chunksize, engine, scheduler)
        view = _View(predictions, fmt, ratio, plot_path, roc_path, threshold, regions, switches)
        if compare:
            _compare(
                source,
                roles,
                compare,
                compare_measure,
                test_fraction,
                (missing, _markers(missing_values)),
                view,
            )
            return
        result = load_assessment(
            source, roles, missing=missing, missing_values=_markers(missing_values)
        )
        _report_assessment(result, view)

    class _View(NamedTuple):
        """How an assessment is shown: the options of ``assess`` that do not read data."""

        predictions: str
        fmt: str
        ratio: str
        plot_path: str | None
        roc_path: str | None
        threshold: str | None
        regions: bool
        intervals: dict[str, Any] | None = None  # --confidence-level and its method, seed

    def _compare(
        source: Any,
        roles: Any,
        compare: tuple[str, ...],
        measure: str,
        test_fraction: float | None,
        missing: tuple[str, list[str] | None],
        view: _View,
    ) -> None:
        from phidelta.data import load_comparison

        other = _other_roles(roles, compare)
        result = load_comparison(
            source,
            roles,
            other,
            missing=missing[0],
            missing_values=missing[1],
            measure=measure,
            test_fraction=test_fraction,
        )
        rows = result.summary()
        title = f"{result.names[0]} vs {result.names[1]}: paired tests"
        tests = {k: [r[k] for r in rows] for k in ("test", "statistic", "pvalue", "detail")}
        _report_assessment(result.a, view, comparison=result, extra={"comparison": (title, tests)})

    def _assessment_columns(
        result: Any,
        name: str | None,
        regions: bool,
        intervals: Any = None,
        random_state: int = DEFAULT_RANDOM_STATE,
    ) -> dict[str, Any]:
        """The rows of :meth:`phidelta.assessment.Assessment.summary` (folds, pooled, mean,
        std, with their intervals) as columns, led by ``row`` (and ``classifier``); with
        ``intervals`` (a :class:`~phidelta.inference.MeasureIntervals` of the folds and the
        pooled counts) every measure's interval after it. ``random_state`` seeds the
        clustered intervals of an assessment with groups."""
        level = 0.95 if intervals is None else intervals.confidence_level
        summary = result.summary(confidence_level=level, random_state=random_state)
        rows = len(summary.index)
        columns: dict[str, Any] = {} if name is None else {"classifier": [name] * rows}
        columns["row"] = summary.index
        whole = np.issubdtype(result.counts.tn.dtype, np.integer)
        bounds: dict[str, Any] = {}
        if regions:
            from phidelta.inference import phi_delta_region

            # the ranges of each fold's and the pooled counts' joint region (a parallelogram)
            # at ratio 1, at the intervals' level; none for the mean and std rows
            corners = [
                phi_delta_region(c, confidence_level=level).polygons
                for c in (result.counts, result.pooled())
            ]
            polygons = np.concatenate([*corners, np.full((2, *corners[0].shape[1:]), np.nan)])
            for axis, key in enumerate(("phi", "delta")):
                bounds[key] = polygons[..., axis].min(1), polygons[..., axis].max(1)
        none = np.full(2, np.nan)  # the mean and std rows have no intervals
        for key, values in summary.items():
            if key in ("tn", "fp", "fn", "tp") and whole:  # integer counts stay integers
                values = [None if np.isnan(v) else int(v) for v in values]
            if key in columns:  # a rate's interval, given already by `intervals`
                continue
            columns[key] = values
            if intervals is not None and key in intervals.methods:
                columns[f"{key}_low"] = np.concatenate([intervals.low[key], none])
                columns[f"{key}_high"] = np.concatenate([intervals.high[key], none])
            if key in bounds:
                # the extent of the joint region, named so as not to be read as an interval
                columns[f"{key}_region_low"], columns[f"{key}_region_high"] = bounds[key]
        return columns

    def _intervals_of(result: Any, switches: dict[str, Any] | None) -> Any:
        """The intervals of an assessment's folds and pooled counts (None without
        --confidence-level, or with weighted counts)."""
        if switches is None:
            return None
        from phidelta._door_intervals import assessment_intervals
        from phidelta.assessment import SUMMARY_MEASURES

        return assessment_intervals(result, SUMMARY_MEASURES, **switches)

    def _interval_meta(
        results: list[Any], bounds: list[Any], switches: dict[str, Any]
    ) -> dict[str, Any]:
        """What the caption and the JSON say of the intervals: level, method of each
        measure, seed."""
        given = next((b for b in bounds if b is not None), None)
        methods = dict(given.methods) if given is not None else {}
        grouped = any(getattr(r, "groups", None) is not None for r in results)
        for name in ("sensitivity", "specificity", "precision"):  # weighted: Wilson still
            methods.setdefault(name, "cluster_bca" if grouped else "wilson")
        if any(r.tables is not None for r in results):
            methods["auc"] = "obuchowski" if grouped else "delong"
        return {
            "confidence_level": switches["confidence_level"],
            "intervals": methods,
            "random_state": switches["random_state"],
            "no_interval": (
                "weighted counts are not counts of rows: only the rates' "
                + ("cluster-bootstrap" if grouped else "Wilson")
                + " and the AUC's "
                + ("Obuchowski" if grouped else "DeLong")
                + " intervals are given"
                if any(b is None for b in bounds)
                else None
            ),
        }

    def _groups_note(result: Any, seed: int) -> str | None:
        """What the caption and the JSON say of an assessment's groups (None without)."""
        groups = getattr(result, "groups", None)
        if groups is None:
            return None
        return (
            f"{len(groups.labels)} groups: every interval resamples whole groups (cluster "
            f"bootstrap, BCa, seed {seed})"
            + ("; the AUC's is Obuchowski's clustered interval" if result.tables else "")
        )

    def _report_assessment(
        result: Any,
        view: _View,
        *,
        comparison: Any = None,
        extra: dict[str, tuple[str, dict[str, Any]]] | None = None,
    ) -> None:
        """Print an assessment (of one classifier, or of both of a comparison) and draw it."""
        results = [result] if comparison is None else [comparison.a, comparison.b]
        bounds = [_intervals_of(r, view.intervals) for r in results]
        seed = DEFAULT_RANDOM_STATE if view.intervals is None else view.intervals["random_state"]
        if comparison is None:
            columns = _assessment_columns(result, None, view.regions, bounds[0], seed)
        else:
            first, second = (
                _assessment_columns(r, str(n), view.regions, b, seed)
                for r, n, b in zip(results, comparison.names, bounds, strict=True)
            )
            columns = {k: [*first[k], *second[k]] for k in first if k in second}
        meta = {
            "positive": result.positive,
            "ratio": result.ratio,
            "threshold": result.threshold,
            "predictions": _threshold_note(result, view.threshold),
            "rows_left_out": result.rows_left_out or None,
            "missing": _missing_note(result.missing_cells),
            "groups": _groups_note(result, seed),
        }
        level = 0.95 if view.intervals is None else view.intervals["confidence_level"]
        if view.regions:
            meta["regions"] = (
                f"joint {100 * level:g}% regions of (phi, delta) at N/P = 1 "
                "(Clopper–Pearson, Šidák)"
            )
        if view.intervals is not None:
            meta |= _interval_meta(results, bounds, view.intervals)
        title = f"assessment of {Path(view.predictions).name}"
        _emit(columns, view.fmt, title, meta, extra)
        if view.plot_path or view.roc_path:
            import matplotlib

            matplotlib.use("Agg")
            from phidelta.rendering import PhiDeltaDisplay, RocDisplay

            r = _ratio(view.ratio, result.ratio)
            if view.plot_path and comparison is not None:
                display, _ = PhiDeltaDisplay.from_comparison(
                    comparison, ratio=r, regions=view.regions, confidence_level=level
                )
                _save(display, view.plot_path)
            elif view.plot_path:
                display = PhiDeltaDisplay.from_counts(
                    result.counts,
                    ratio=r,
                    mean=True,
                    ellipse=True,
                    regions=view.regions,
                    confidence_level=level,
                )
                _save(display, view.plot_path)
            if view.roc_path:
                if comparison is None:
                    tables, names = [result.pooled_table()], None
                else:
                    tables = [comparison.a.pooled_table(), comparison.b.pooled_table()]
                    names = [str(n) for n in comparison.names]
                _save(RocDisplay(tables=tables, names=names).plot(), view.roc_path)

    @cli.command()
    @click.argument("data")
    @click.option("--label", help="Column of true labels (with --prediction).")
    @click.option("--prediction", help="Column of predicted labels.")
    @click.option("--fold", help="Column of fold (or run) ids: one matrix each.")
    @click.option(
        "--group",
        help="Column of group ids (patient, speaker, document, site) when several rows belong "
        "to one group: the intervals of --confidence-level then resample whole groups "
        "(cluster bootstrap), never a group's rows apart.",
    )
    @click.option("--classes", help="Comma-separated list of the classes, in order.")
    @click.option(
        "--matrix",
        is_flag=True,
        help="DATA is a count matrix (rows = true, columns = predicted classes).",
    )
    @_header_option
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
    @click.option("--plot", "plot_path", callback=_output, help="Write the entropy triangle here.")
    @_interval_options
    @_streaming_options
    @_errors
    def triangle(
        data: str,
        label: str | None,
        prediction: str | None,
        fold: str | None,
        classes: str | None,
        matrix: bool,
        header: str,
        fmt: str,
        plot_path: str | None,
        chunksize: int | None,
        engine: str = "numpy",
        scheduler: str | None = None,
        missing: str = "drop",
        missing_values: str | None = None,
        confidence_level: float | None = None,
        interval_method: str = "auto",
        random_state: int = DEFAULT_RANDOM_STATE,
        group: str | None = None,
    ) -> None:
        """Entropy balance and triangle of a confusion matrix or of label/prediction columns.

        With --confidence-level every quantity (per matrix, and pooled over folds) gets its
        interval (<column>_low, <column>_high: value_low and value_high for one matrix) from
        a bootstrap of the rows behind the matrix (BCa; percentile with --interval-method
        percentile), and --plot draws the intervals of ΔH′, 2MI′ and VI′ as segments; the
        uniform entropies h_uniform_* are fixed by the number of classes and get none. With
        --group the bootstrap draws whole groups (cluster_bca, cluster_percentile): a fold
        of fewer than two groups gets no interval.

        Example: phidelta triangle preds.csv --label y --prediction yhat
        """
        from phidelta.data import Roles, load_multiclass, read_matrix
        from phidelta.measures import entropy_balance

        switches = _interval_switches(confidence_level, interval_method, random_state)
        declared = None if classes is None else [c.strip() for c in classes.split(",")]
        left_out = missing_note = groups = None
        if matrix and (label or prediction or fold or group or classes or missing_values):
            _fail(
                "--matrix reads the counts from DATA: --label, --prediction, --fold, --group, "
                "--classes and --missing-values are for label/prediction columns"
            )
        if not matrix and header != "auto":
            _fail("--header needs --matrix (a table of columns always has a header row)")
        if matrix:
            cm, names = read_matrix(data, header=header), ["matrix"]
        elif label is None or prediction is None:
            _fail("pass --label and --prediction, or --matrix")
        else:
            loaded = load_multiclass(
                _source(data, chunksize, engine, scheduler),
                Roles(label, prediction=prediction, fold=fold, group=group),
                classes=declared,
                missing=missing,
                missing_values=_markers(missing_values),
            )
            cm, names, left_out = loaded.matrices, loaded.names, loaded.rows_left_out or None
            missing_note = _missing_note(loaded.missing_cells)
            groups = loaded.groups
        b = entropy_balance(cm)
        values = b.to_dict()
        bounds = _triangle_bounds(cm, names, switches, groups)
        columns: dict[str, Any] = {"quantity": list(values)}
        for i, name in enumerate(names):
            key = name if len(names) > 1 else "value"
            columns[key] = [float(v[i]) for v in values.values()]
            columns.update(_bound_columns(key, values, bounds, i))
        pooled = entropy_balance(cm.sum()) if len(names) > 1 else None
        if pooled is not None:  # the folds added up, beside them
            key = "pooled" if "pooled" not in columns else "all folds pooled"
            columns[key] = [float(v[0]) for v in pooled.to_dict().values()]
            columns.update(_bound_columns(key, values, bounds, len(names)))
        meta = {
            "classes": [str(c) for c in cm.input_classes],
            "rows_left_out": left_out,
            "missing": missing_note,
        }
        if switches is not None:
            meta |= _triangle_interval_meta(bounds, switches, groups)
        _emit(
            columns,
            fmt,
            f"entropy balance of {Path(data).name} (h_*, delta_h_*, mutual_information and "
            "variation_of_information in bits; joint_*, input_*, output_*, accuracy, ema and "
            "nit are fractions)",
            meta,
        )
        if plot_path:
            import matplotlib

            matplotlib.use("Agg")
            from phidelta.rendering import EntropyTriangleDisplay

            shown = EntropyTriangleDisplay(
                balance=b, names=names if len(names) > 1 else None, pooled=pooled, intervals=bounds
            )
            _save(shown.plot(extended=True), plot_path)

    def _triangle_bounds(
        cm: Any, names: list[str], switches: dict[str, Any] | None, groups: Any = None
    ) -> Any:
        """The intervals of the triangle's quantities per matrix, then pooled (None without
        --confidence-level, or for counts that are not counts of rows); with groups, whole
        groups resampled."""
        if switches is None:
            return None
        from phidelta._door_intervals import triangle_intervals

        per_matrix = None if groups is None else groups.per_matrix()
        return triangle_intervals(cm, names, **switches, groups=per_matrix)

    def _bound_columns(key: str, values: dict[str, Any], bounds: Any, row: int) -> dict[str, Any]:
        """``<key>_low`` and ``<key>_high`` of every quantity (NaN where it has none)."""
        if bounds is None:
            return {}
        return {
            f"{key}_{end}": [
                float(getattr(bounds, end)[q][row]) if q in bounds.methods else float("nan")
                for q in values
            ]
            for end in ("low", "high")
        }

    def _triangle_interval_meta(
        bounds: Any, switches: dict[str, Any], groups: Any = None
    ) -> dict[str, Any]:
        """What the caption and the JSON say of the triangle's intervals."""
        if bounds is None:
            return {
                "confidence_level": switches["confidence_level"],
                "no_interval": "the matrix holds weighted counts, not counts of rows: no "
                "interval is given",
            }
        return {
            "confidence_level": switches["confidence_level"],
            "interval_method": (
                f"{next(iter(bounds.methods.values()))} bootstrap of the rows behind each "
                f"matrix ({bounds.n_resamples} resamples)"
                if groups is None
                else f"{next(iter(bounds.methods.values()))}: whole groups drawn, "
                f"{len(groups.labels)} groups, never a group's rows apart "
                f"({bounds.n_resamples} resamples)"
            ),
            "random_state": switches["random_state"],
            "no_interval": "h_uniform_x, h_uniform_y (fixed by the number of classes)",
        }

    @cli.command()
    @click.option("--data", help="Data file for the feature signature.")
    @click.option("--label", help="Class column of --data.")
    @click.option("--predictions", help="Predictions file for the classifier assessment.")
    @click.option("--truth", help="Label column of --predictions (default: --label).")
    @_prediction_options
    @click.option("--positive", help="The positive class of --data (and of --predictions).")
    @click.option(
        "--predictions-positive",
        help="The positive class of --predictions, when it differs from --positive.",
    )
    @click.option(
        "--group",
        help="Column of group ids of --predictions (patient, speaker, document, site) when "
        "several rows belong to one group: every interval of the assessment, the comparison "
        "and the entropy triangle then resamples whole groups (cluster bootstrap; the AUC's "
        "is Obuchowski's), and the report says so; the signature's too when --data has the "
        "same column.",
    )
    @click.option(
        "--ratio",
        type=_Ratio(),
        default="actual",
        show_default=True,
        help='Ratio N/P of the generalized diagrams: a number in [0.1, 10] or "actual".',
    )
    @click.option(
        "--output", "-o", default="phidelta-report.html", show_default=True, callback=_output
    )
    @click.option(
        "--ignore",
        multiple=True,
        metavar="COLUMN",
        help="Leave this column of --data out of the features (repeatable).",
    )
    @_compare_option
    @click.option(
        "--matrix",
        help="A count matrix file (rows = true, columns = predicted classes) for an entropy "
        "triangle, as phidelta triangle --matrix reads it.",
    )
    @_header_option
    @click.option(
        "--missing-values",
        metavar="TEXT[,TEXT...]",
        help="Cells of --data and --predictions read as missing besides empty ones, e.g. NA.",
    )
    @_interval_options
    @click.option(
        "--interactive",
        is_flag=True,
        help="One self-contained interactive page: every figure with hover and zoom "
        "(plotly.js inlined, no network to open it) and a threshold explorer per score column.",
    )
    @_errors
    def report(
        data: str | None,
        label: str | None,
        predictions: str | None,
        truth: str | None,
        prediction: str | None,
        score: str | None,
        threshold: str | None,
        fold: str | None,
        positive: str | None,
        predictions_positive: str | None,
        ratio: Any,
        output: str,
        ignore: tuple[str, ...] = (),
        compare: tuple[str, ...] = (),
        matrix: str | None = None,
        header: str = "auto",
        missing_values: str | None = None,
        group: str | None = None,
        confidence_level: float | None = None,
        interval_method: str = "auto",
        random_state: int = DEFAULT_RANDOM_STATE,
        interactive: bool = False,
    ) -> None:
        """One self-contained HTML report: signature, assessment, curves, entropy triangle.

        The feature signature of --data; the assessment of --predictions (φ-δ diagrams, ROC
        and calibration with --score, measures per fold, pooled and across folds); the
        entropy triangle of the predictions (with --prediction, of two classes or more: a
        file of several classes gives the triangle alone) and of a --matrix of counts.
        Without --prediction or --matrix the report says that no triangle is drawn.
        With --confidence-level the assessment's measures show their intervals
        ("0.873 [0.81, 0.92]"), its ROC curve its pointwise and simultaneous bands and its
        reliability diagram each bin's interval. With --group (several rows per patient,
        speaker, document or site in --predictions) every interval resamples whole groups;
        what has no clustered form (the joint φ-δ regions, the reliability diagram's Wilson
        intervals, the calibration and decision-curve sections) is left out, and said so.

        With --interactive every figure is interactive and each score column gets a
        threshold explorer; the static report (PNG figures) is what a PDF or an e-mail needs.

        Example: phidelta report --data climate.csv --label RainBool --positive 1 -o r.html

        Several classes: phidelta report --predictions preds.csv --truth y --prediction yhat
        """
        import matplotlib

        matplotlib.use("Agg")
        from phidelta.data import Roles
        from phidelta.report import file_report

        switches = _interval_switches(confidence_level, interval_method, random_state)
        if data is None and predictions is None and matrix is None:
            _fail("pass --data (with --label), --predictions and/or --matrix")
        if matrix is None and header != "auto":
            _fail("--header needs --matrix")
        if data is not None and label is None:
            _fail("--data needs --label")
        if predictions is not None and (truth or label) is None:
            _fail("--predictions needs --truth (or --label)")
        if compare and predictions is None:
            _fail("--compare needs --predictions")
        if predictions is None and (truth or prediction or score or threshold or fold):
            _fail("--truth, --prediction, --score, --threshold and --fold need --predictions")
        if group is not None and predictions is None and data is None:
            _fail("--group names a column of --predictions (or of --data)")
        features = None if data is None else Roles(label, positive=positive)
        if features is not None and group is not None:  # --data's rows in groups too
            from phidelta.data import open_blocks

            if group in open_blocks(data).header():
                features = Roles(label, positive=positive, group=group)
        assessed = None
        if predictions is not None:
            assessed = Roles(
                truth or label,
                positive=predictions_positive or positive,
                prediction=prediction,
                score=score,
                threshold=threshold,
                fold=fold,
                group=group,
            )
        try:
            path = file_report(
                output,
                data=data,
                features=features,
                predictions=predictions,
                roles=assessed,
                compare=_other_roles(assessed, compare) if compare and assessed else None,
                ignore=ignore,
                ratio=ratio,
                matrix=matrix,
                header=header,
                missing_values=_markers(missing_values),
                hint="--missing-values {joined}",
                interactive=interactive,
                **(
                    {}
                    if switches is None
                    else {
                        "confidence_level": switches["confidence_level"],
                        "interval_method": switches["method"],
                        "random_state": switches["random_state"],
                    }
                ),
            )
        except ValueError as exc:  # one --positive for two files whose classes differ
            column = f"column '{truth or label}'"
            said = _speak_cli(str(exc))
            if predictions_positive is None and "--positive" in said and column in said:
                raise ValueError(
                    f"{said.rstrip('.')}; give the predictions file's own positive class with "
                    "--predictions-positive"
                ) from None
            raise
        click.echo(f"report written to {path.resolve()}")

    @cli.command()
    @click.option(
        "--output",
        "-o",
        default="phidelta-demo/report.html",
        show_default=True,
        callback=_output,
        help="Where to write the report.",
    )
    @_count_option(
        "--folds", 30, "Cross-validation folds of the classifiers' assessment.", minimum=2
    )
    @click.option(
        "--interactive",
        is_flag=True,
        help="Interactive figures and threshold explorers in one self-contained page.",
    )
    @_errors
    def demo(output: str, folds: int, interactive: bool = False) -> None:
        """The report on built-in data (breast cancer, wine from scikit-learn): no data needed.

        Example: phidelta demo -o report.html (--interactive: hover, zoom, threshold sliders)
        """
        from rich.progress import Progress

        from phidelta.report import demo_report

        with Progress(transient=True) as progress:
            task = progress.add_task("building the demo report", total=4)

            def step(message: str) -> None:
                progress.update(task, advance=1, description=message)

            path = demo_report(output, folds=folds, progress=step, interactive=interactive)
        click.echo(f"report written to {Path(path).resolve()}")
        click.echo("open it in a browser, e.g.: xdg-open " + str(Path(path).resolve()))


if click is not None:

    @cli.command()
    @click.option(
        "--host",
        default="127.0.0.1",
        show_default=True,
        help="Interface to bind (127.0.0.1: this machine only; with 0.0.0.0 add the names "
        "clients use with --allowed-host).",
    )
    @click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535))
    @click.option(
        "--database",
        envvar="PHIDELTA_DB",
        help="SQLite file for uploads and analyses (env PHIDELTA_DB; default under "
        "the user's data directory).",
    )
    @_count_option(
        "--max-upload-mb", 50, "Uploads larger than this are refused (HTTP 413) as they arrive."
    )
    @click.option(
        "--max-pending-upload-mb",
        type=click.IntRange(min=1),
        help="Bytes all uploads in progress may hold together; beyond it an upload gets "
        "HTTP 503 with Retry-After  [default: 4 × --max-upload-mb]",
    )
    @_count_option("--max-columns", 2_000, "Tables with more columns are refused (413).")
    @_count_option("--max-rows", 2_000_000, "Tables with more rows are refused (413).")
    @_count_option(
        "--max-cell-bytes", 100_000, "Tables with a longer cell or column name are refused (413)."
    )
    @click.option(
        "--workers",
        type=click.IntRange(min=1),
        help="Processes that parse and analyse  [default: one per core]",
    )
    @click.option(
        "--time-limit",
        default=30.0,
        show_default=True,
        type=click.FloatRange(min=0, min_open=True),
        help="Seconds a parse or analysis may take (then it is stopped: HTTP 503).",
    )
    @_count_option("--cache-mb", 256, "Memory for parsed tables, shared by the workers.")
    @click.option(
        "--max-database-mb",
        type=click.IntRange(min=1),
        help="Cap on the database size (beyond it uploads get HTTP 507, as on a full disk).",
    )
    @click.option(
        "--allowed-host",
        "allowed_hosts",
        multiple=True,
        metavar="NAME",
        help="Another host name clients may use (repeatable; '*' for any). The address "
        "bound and localhost are always allowed.",
    )
    def serve(
        host: str,
        port: int,
        database: str | None,
        max_upload_mb: int,
        max_pending_upload_mb: int | None,
        max_columns: int,
        max_rows: int,
        max_cell_bytes: int,
        workers: int | None,
        time_limit: float,
        cache_mb: int,
        max_database_mb: int | None,
        allowed_hosts: tuple[str, ...],
    ) -> None:
        """Start the web application and print its address.

        Example: phidelta serve --port 8765   (then open http://127.0.0.1:8765)
        """
        try:
            from phidelta.data import Limits
            from phidelta.web import ServeError, default_database_path
            from phidelta.web import serve as run_server
        except ImportError as exc:
            _fail(f"the web application needs the web extra: pip install 'phidelta[web]' ({exc})")
        data = database or default_database_path()

        def ready(url: str) -> None:
            click.echo(f"phidelta web application on {url}  (data: {data}; Ctrl-C stops it)")

        try:
            run_server(
                host=host,
                port=port,
                database=database,
                max_upload_mb=max_upload_mb,
                allowed_hosts=allowed_hosts,
                on_ready=ready,
                limits=Limits(
                    max_columns=max_columns, max_rows=max_rows, max_cell_bytes=max_cell_bytes
                ),
                workers=workers,
                time_limit=time_limit,
                cache_bytes=cache_mb * 2**20,
                max_database_bytes=None if max_database_mb is None else max_database_mb * 2**20,
                max_pending_upload_bytes=(
                    None if max_pending_upload_mb is None else max_pending_upload_mb * 2**20
                ),
            )
        except ServeError as exc:
            _fail(str(exc))


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``phidelta`` command."""
    if click is None:
        print(
            "phidelta: the command line needs the cli extra: pip install 'phidelta[cli]'",
            file=sys.stderr,
        )
        return 2
    try:
        code = cli.main(args=argv, prog_name="phidelta", standalone_mode=False)
    except click.UsageError as exc:  # one line, with where to find help
        if type(exc).__name__ == "NoArgsIsHelpError":  # `phidelta` alone: the help, no error
            click.echo(exc.format_message())
            return 0
        command = exc.ctx.command_path if exc.ctx is not None else "phidelta"
        click.echo(f"Error: {exc.format_message()} (see: {command} --help)", err=True)
        return exc.exit_code
    except click.ClickException as exc:
        click.echo(f"Error: {exc.format_message()}", err=True)
        return exc.exit_code
    except click.Abort:
        click.echo("Aborted.", err=True)
        return 1
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing left to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the final flush does not fail again
        return 1
    except OSError as exc:  # e.g. a disk that fills up while an output is written
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"Error: {where}{exc.strerror or exc}", err=True)
        return 1
    except SystemExit as exit_:
        return int(exit_.code or 0)
    return code if isinstance(code, int) else 0

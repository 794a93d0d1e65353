"""The command line of scoring classifiers after the curve: roc-test, power, best-threshold,
calibration and decision (an interface layer, registered on ``phidelta``'s group by
:func:`register`).

Each command reads its rows through :func:`phidelta.data.load_scores` (the classes, the
positive class and the missing values by the rules of every door), calls one library function
per result and prints it with the table, CSV and JSON writer of :mod:`phidelta._cli_common`,
which :mod:`phidelta.cli` shares.
"""

from __future__ import annotations

import functools
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from phidelta import _cli_common as base
from phidelta.measures import LOWER_IS_BETTER

__all__ = ["register", "threshold_grid"]

_ROC_METHODS = ("delong", "bootstrap", "venkatraman", "sensitivity", "specificity")
_DECISION_MEASURES = ("net_benefit", "standardized_net_benefit", "net_interventions_avoided")
# the power functions' arguments as `phidelta power` names them
_POWER_OPTIONS = {
    "`n_positives`": "--positives",
    "`n_negatives`": "--negatives",
    "`ratio`": "--ratio",
    "`power`": "--power",
    "`alpha`": "--alpha",
    "`auc`": "--auc",
    "`null_auc`": "--null-auc",
    "`a_1`": "A of the first --binormal",
    "`b_1`": "B of the first --binormal",
    "`a_2`": "A of the second --binormal",
    "`b_2`": "B of the second --binormal",
    "`r_positives`": "--r-positives",
    "`r_negatives`": "--r-negatives",
    "`fpr_range`": "--fpr-range",
}


def _solved(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A power function's result, its errors in the words of ``phidelta power``."""
    try:
        return function(*args, **kwargs)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        for argument, option in _POWER_OPTIONS.items():
            message = message.replace(argument, option)
        raise ValueError(message) from None


def threshold_grid(text: str | None) -> np.ndarray | None:
    """The threshold probabilities of ``--thresholds``: numbers separated by commas, or
    ``START:STOP:STEP`` (STOP included when the steps reach it), None for the library's grid.

    Parameters
    ----------
    text : str or None
        What the option holds.

    Returns
    -------
    ndarray or None
        The threshold probabilities, as the library receives them.

    Raises
    ------
    ValueError
        If the text is neither form, or STEP is not positive.

    Examples
    --------
    >>> threshold_grid("0.1:0.3:0.1").tolist()
    [0.1, 0.2, 0.3]
    >>> threshold_grid("0.05,0.5").tolist()
    [0.05, 0.5]
    """
    if text is None:
        return None
    try:
        if ":" in text:
            start, stop, step = (float(part) for part in text.split(":"))
            if not step > 0:
                raise ValueError
            count = int(np.floor((stop - start) / step + 1e-9)) + 1
            # k·step from start, rounded to the step's decimals: 0.1 + 2·0.1 is 0.3 here
            digits = max(0, -int(np.floor(np.log10(step))) + 6)
            return np.round(start + step * np.arange(max(count, 0)), digits)
        return np.array([float(part) for part in text.split(",") if part.strip()])
    except ValueError:
        raise ValueError(
            "--thresholds must be numbers separated by commas (0.05,0.1,0.2) or "
            f"START:STOP:STEP with STEP > 0 (0.05:0.5:0.05); got {text!r}"
        ) from None


def _pair(
    text: str | None, option: str, form: str = "LOW,HIGH, e.g. 0.8,1"
) -> tuple[float, float] | None:
    """Two numbers of an option, ``LOW,HIGH`` of a range or ``A,B`` of a binormal curve."""
    if text is None:
        return None
    try:
        low, high = (float(part) for part in text.split(","))
    except ValueError:
        raise ValueError(f"{option} must be {form}; got {text!r}") from None
    return low, high


#: The measures of ``phidelta scan`` without --measure (Jiřina §4.1–4.6) and its table's rows.
_SCAN_MEASURES = (
    "signal_efficiency",
    "background_acceptance",
    "purity",
    "quality_factor",
    "classification_error",
)
_SCAN_TABLE_ROWS = 25


#: The check of scan's measure options: unknown names get close ones, or the defaults.
_measure_names = functools.partial(base._measure_name, examples=_SCAN_MEASURES)


def _scores_of(predictions: str, roles: Any, missing: str, missing_values: str | None) -> Any:
    """The assessment of a predictions file for a command that searches or scans the cuts
    itself (best-threshold, scan): no default cut is used, so none is warned of."""
    from phidelta.data import load_assessment
    from phidelta.exceptions import ThresholdWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ThresholdWarning)
        return load_assessment(
            predictions, roles, missing=missing, missing_values=base._markers(missing_values)
        )


def _scan_plot(table: Any, measures: list[str], best: str, against: str) -> Any:
    """The scan's Display against `against`, the best cut of `best` marked by the Display
    (:func:`phidelta.measures.best_cut`, the rule of the table's), the legend beside the axes.
    Against Be, Be itself (the diagonal) is not drawn."""
    from phidelta.rendering import ThresholdScanDisplay

    axis = "background_acceptance"
    shown = tuple(n for n in dict.fromkeys([*measures, best]) if against != axis or n != axis)
    display = ThresholdScanDisplay(table=table).plot(
        measures=shown or (axis,),
        against=against,
        title=f"threshold scan, best {best.replace('_', ' ')}",
        best=best,
    )
    # beside the axes: inside, a corner of the legend always hid a curve (pROC's aSAH)
    display.ax_.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    return display


def register(cli: Any) -> None:
    """Add the commands of this module to ``phidelta``'s click group.

    Parameters
    ----------
    cli : click.Group
        The group of :mod:`phidelta.cli`.
    """
    import click

    from phidelta import _door_scoring as door

    # --- the options the commands share ------------------------------------------------------
    def row_options(function: Any) -> Any:
        """--missing and --missing-values (that of the other commands): these tests need the
        rows in memory (their order pairs two scorers), so no streaming option is offered."""
        function = base._streaming_options(function)
        function.__click_params__ = [
            p for p in function.__click_params__ if p.name == "missing_values"
        ]
        return click.option(
            "--missing",
            type=click.Choice(["drop", "error"]),
            default="drop",
            show_default=True,
            help="Rows with a missing label or score (of any --score column): leave them out "
            "of every column (and say how many) or refuse the file.",
        )(function)

    def label_options(function: Any) -> Any:
        for option in reversed(
            (
                click.option("--label", required=True, help="Column of true labels."),
                click.option(
                    "--positive",
                    help="The positive class (needed unless the classes are 0/1, -1/1 or "
                    "false/true).",
                ),
            )
        ):
            function = option(function)
        return function

    def common(function: Any) -> Any:
        return click.argument("predictions")(label_options(function))

    def score_option(help_text: str) -> Any:
        return click.option(
            "--score", "scores", multiple=True, required=True, metavar="COLUMN", help=help_text
        )

    def fmt_option(function: Any) -> Any:
        return click.option(
            "--format", "fmt", type=click.Choice(base.FORMATS), default="table", show_default=True
        )(function)

    def plot_option(help_text: str) -> Any:
        return click.option("--plot", "plot_path", callback=base._output, help=help_text)

    def level_option(help_text: str) -> Any:
        return click.option(
            "--confidence-level",
            "confidence_level",
            metavar="LEVEL",
            default="0.95",
            show_default=True,
            callback=base._level,
            help=help_text,
        )

    def resampling_options(minimum: int, resamples_help: str, seed_help: str) -> Any:
        def decorate(function: Any) -> Any:
            function = click.option(
                "--random-state",
                type=click.IntRange(min=0),
                default=0,
                show_default=True,
                help=seed_help,
            )(function)
            return click.option(
                "--resamples",
                type=click.IntRange(min=minimum),
                default=2000,
                show_default=True,
                help=resamples_help,
            )(function)

        return decorate

    def design_options(function: Any) -> Any:
        """--positives/--negatives/--ratio/--power/--alpha/--alternative of `power`."""
        for option in reversed(
            (
                click.option(
                    "--positives",
                    type=float,
                    help="Positives of the study (per curve when unpaired): compute the power.",
                ),
                click.option(
                    "--negatives", type=float, help="Negatives of the study (or --ratio)."
                ),
                click.option(
                    "--ratio",
                    type=float,
                    help="Negatives per positive (default 1; with --pilot the pilot's).",
                ),
                click.option(
                    "--power",
                    "wanted",
                    type=float,
                    help="The power wanted, in (0, 1): compute the positives and negatives.",
                ),
                click.option("--alpha", type=float, default=0.05, show_default=True),
                click.option(
                    "--alternative",
                    type=click.Choice(["two-sided", "one-sided"]),
                    default="two-sided",
                    show_default=True,
                ),
            )
        ):
            function = option(function)
        return function

    def read(predictions: str, label: str, positive: Any, scores: Any, missing: str, values: Any):
        from phidelta.data import Roles, load_scores

        return load_scores(
            predictions,
            Roles(label, positive=positive),
            list(scores),
            missing=missing,
            missing_values=base._markers(values),
        )

    def rows_meta(rows: Any) -> dict[str, Any]:
        return {
            "positive": rows.positive,
            "rows_used": len(rows.is_positive),
            "rows_left_out": rows.rows_left_out or None,
            "missing": base._missing_note(rows.missing_cells),
        }

    def two_curves(
        files: tuple[str, ...],
        label: str,
        positive: Any,
        scores: tuple[str, ...],
        missing: str,
        values: Any,
    ) -> tuple[list[Any], list[Any], list[str], dict[str, Any]]:
        """The two curves of a test or a pilot study: two --score columns of one file (the
        same rows), or one column (or one each) of two files (two samples): (label, score)
        pairs, their score tables, their names, and what was read."""
        if not 1 <= len(files) <= 2:
            base._fail(f"give one predictions file, or two (one curve each); got {len(files)}")
        if len(files) == 1:
            if len(scores) != 2:
                base._fail(f"give --score twice (curve a, then curve b); got {len(scores)}")
            if scores[0] == scores[1]:
                base._fail(f"the two --score columns are the same column {scores[0]!r}")
            rows = read(files[0], label, positive, scores, missing, values)
            curves = [(rows.is_positive, rows.scores[s]) for s in scores]
            return curves, [rows.table(s) for s in scores], list(scores), rows_meta(rows)
        if len(scores) not in (1, 2):
            base._fail(
                "with two files give --score once (the same column in both) or twice (the "
                f"column of the first file, then of the second); got {len(scores)}"
            )
        columns = scores * 2 if len(scores) == 1 else scores
        both = [
            read(f, label, positive, [c], missing, values)
            for f, c in zip(files, columns, strict=True)
        ]
        curves = [(rows.is_positive, rows.scores[c]) for rows, c in zip(both, columns, strict=True)]
        names = [f"{c} ({Path(f).name})" for f, c in zip(files, columns, strict=True)]
        meta: dict[str, Any] = {}
        for end, rows in zip(("a", "b"), both, strict=True):
            meta |= {f"{k}_{end}": v for k, v in rows_meta(rows).items()}
        tables = [rows.table(c) for rows, c in zip(both, columns, strict=True)]
        return curves, tables, names, meta

    def agg() -> None:
        import matplotlib

        matplotlib.use("Agg")

    # --- roc-test ----------------------------------------------------------------------------
    @cli.command("roc-test")
    @click.argument("predictions", nargs=-1, required=True, metavar="PREDICTIONS [PREDICTIONS_B]")
    @label_options
    @score_option(
        "A score column: with one file give it twice (curve a, then curve b, the same rows); "
        "with two files once (the same column in both) or twice (one per file)."
    )
    @click.option(
        "--method",
        type=click.Choice(_ROC_METHODS),
        help="delong (the AUCs, DeLong 1988), bootstrap (AUCs or partial AUCs), venkatraman "
        "(are the curves equal at every point? a permutation test), sensitivity (the "
        "specificities at --sensitivity) or specificity (the sensitivities at --specificity), "
        "as pROC's roc.test. Default delong, bootstrap with a partial range.",
    )
    @click.option(
        "--paired/--unpaired",
        default=None,
        help="Test the curves as of the same rows (the default for two columns of one file) "
        "or as independent samples (always so for two files).",
    )
    @click.option(
        "--alternative",
        type=click.Choice(["two-sided", "less", "greater"]),
        default="two-sided",
        show_default=True,
        help="greater: curve a above curve b; less: below.",
    )
    @click.option("--fpr-range", metavar="LOW,HIGH", help="Partial AUC over this FPR range.")
    @click.option("--tpr-range", metavar="LOW,HIGH", help="Partial AUC over this TPR range.")
    @click.option("--mcclish", is_flag=True, help="Standardize the partial AUCs (McClish 1989).")
    @click.option(
        "--specificity", type=float, help="The fixed specificity of --method specificity."
    )
    @click.option(
        "--sensitivity", type=float, help="The fixed sensitivity of --method sensitivity."
    )
    @resampling_options(
        10,
        "Bootstrap resamples or permutations.",
        "Seed of the resampling tests: the same file gives the same p-value on every run.",
    )
    @click.option(
        "--unstratified",
        is_flag=True,
        help="Resample rows as a whole, not positives and negatives apart.",
    )
    @level_option(
        "Level of the difference's interval (with venkatraman: of the band of the curves' "
        "difference)."
    )
    @fmt_option
    @plot_option("Write both ROC curves here (PNG/SVG/PDF).")
    @row_options
    @base._errors
    def roc_test_command(
        predictions: tuple[str, ...],
        label: str,
        positive: str | None,
        scores: tuple[str, ...],
        method: str | None,
        paired: bool | None,
        alternative: str,
        fpr_range: str | None,
        tpr_range: str | None,
        mcclish: bool,
        specificity: float | None,
        sensitivity: float | None,
        resamples: int,
        random_state: int,
        unstratified: bool,
        confidence_level: float,
        fmt: str,
        plot_path: str | None,
        missing: str = "drop",
        missing_values: str | None = None,
    ) -> None:
        """Compare two ROC curves (pROC's roc.test), with the interval of the difference
        (a − b): two score columns of one predictions file (paired: the same rows), or one
        column of each of two files (unpaired: two samples).

        Examples: phidelta roc-test preds.csv --label y --score a --score b --method bootstrap;
        phidelta roc-test site1.csv site2.csv --label y --score p
        """
        from phidelta.inference import roc_test

        if len(predictions) == 2 and paired:
            base._fail("two files are two samples: their curves are unpaired (drop --paired)")
        curves, tables, names, meta = two_curves(
            predictions, label, positive, scores, missing, missing_values
        )
        result = roc_test(
            *curves,
            method=method,
            paired=False if len(predictions) == 2 else paired,
            alternative=alternative,
            fpr_range=_pair(fpr_range, "--fpr-range"),
            tpr_range=_pair(tpr_range, "--tpr-range"),
            mcclish=mcclish,
            specificity=specificity,
            sensitivity=sensitivity,
            n_resamples=resamples,
            stratified=not unstratified,
            random_state=random_state,
        )
        band = None
        if not hasattr(result, "estimand"):  # Venkatraman's: the band of the difference
            from phidelta.inference import roc_difference_band

            band = roc_difference_band(
                *curves,
                paired=result.paired,
                confidence_level=confidence_level,
                n_resamples=resamples,
                stratified=not unstratified,
                random_state=random_state,
            )
        columns, extra = door.roc_test_tables(result, names, confidence_level, band)
        resampled = getattr(result, "n_resamples", None) or getattr(result, "n_permutations", 0)
        meta |= {
            "paired": result.paired,
            "alternative": alternative,
            "confidence_level": confidence_level if "difference_low" in columns or extra else None,
            "resamples": resampled or None,
            "random_state": random_state if resampled else None,
        }
        where = " and ".join(Path(p).name for p in predictions)
        base._emit(columns, fmt, f"{names[0]} vs {names[1]}: {where}", meta, extra)
        if plot_path:
            agg()
            from phidelta.rendering import RocDisplay

            base._save(RocDisplay(tables=tables, names=names).plot(), plot_path)

    # --- power ------------------------------------------------------------------------------
    @cli.command("power")
    @click.option("--auc", type=float, help="One AUC: the AUC expected, in (0, 1).")
    @click.option(
        "--null-auc", type=float, help="One AUC: the AUC of the null hypothesis (default 0.5)."
    )
    @click.option(
        "--binormal",
        multiple=True,
        metavar="A,B",
        help="Two binormal curves tpr = Φ(A + B·Φ⁻¹(fpr)): give it twice, curve 1 then curve 2 "
        "(Obuchowski & McClish 1997).",
    )
    @click.option(
        "--r-positives",
        type=float,
        default=0.0,
        show_default=True,
        help="With --binormal: the correlation of the two tests' scores among the positives "
        "(pROC's ra; 0 and 0: unpaired curves).",
    )
    @click.option(
        "--r-negatives",
        type=float,
        default=0.0,
        show_default=True,
        help="With --binormal: the correlation among the negatives (pROC's rn).",
    )
    @click.option(
        "--fpr-range",
        metavar="LOW,HIGH",
        help="With --binormal: compare the partial areas over this FPR range.",
    )
    @click.option(
        "--pilot",
        multiple=True,
        metavar="FILE",
        help="Two curves of a pilot study: a predictions file with two --score columns "
        "(paired), or two files with one curve each (unpaired).",
    )
    @click.option("--label", help="With --pilot: the column of true labels.")
    @click.option("--positive", help="With --pilot: the positive class.")
    @click.option(
        "--score",
        "scores",
        multiple=True,
        metavar="COLUMN",
        help="With --pilot: the score columns (as roc-test takes them).",
    )
    @click.option(
        "--method",
        type=click.Choice(["delong", "bootstrap"]),
        default="delong",
        show_default=True,
        help="With --pilot: how the pilot's variances are estimated.",
    )
    @click.option(
        "--paired/--unpaired",
        default=None,
        help="With --pilot: the curves as of the same rows (default for one file) or not.",
    )
    @design_options
    @click.option(
        "--formula",
        type=click.Choice(["delta", "obuchowski"]),
        default="delta",
        show_default=True,
        help="--auc and --binormal: delta, the binormal AUC's variance with every term; "
        "obuchowski, the published formula pROC computes (plans more positives).",
    )
    @resampling_options(
        10,
        "With --pilot --method bootstrap: resamples of the pilot's variances.",
        "With --pilot --method bootstrap: the seed.",
    )
    @fmt_option
    @row_options
    @base._errors
    def power_command(
        auc: float | None,
        null_auc: float | None,
        binormal: tuple[str, ...],
        r_positives: float,
        r_negatives: float,
        fpr_range: str | None,
        pilot: tuple[str, ...],
        label: str | None,
        positive: str | None,
        scores: tuple[str, ...],
        method: str,
        paired: bool | None,
        positives: float | None,
        negatives: float | None,
        ratio: float | None,
        wanted: float | None,
        alpha: float,
        alternative: str,
        formula: str,
        resamples: int,
        random_state: int,
        fmt: str,
        missing: str = "drop",
        missing_values: str | None = None,
    ) -> None:
        """Power of a ROC study, or the sample it needs (pROC's power.roc.test; Obuchowski &
        McClish 1997): give --positives to get the power, --power to get the positives and
        negatives.

        \b
        Three designs, one of:
          --auc        one AUC against a null AUC
          --binormal   two binormal curves (twice: A,B of each), paired through
                       --r-positives/--r-negatives, or unpaired
          --pilot      two curves of a pilot study's data, paired or unpaired
        \b
        Examples:
          phidelta power --auc 0.75 --power 0.9 --ratio 2
          phidelta power --binormal 1.5,1 --binormal 1,1 --r-positives 0.4 --power 0.8
          phidelta power --pilot pilot.csv --label y --score a --score b --power 0.9
        """
        from phidelta.inference import auc_power, binormal_roc_power, roc_power

        designs = [
            d
            for d, given in (("--auc", auc), ("--binormal", binormal), ("--pilot", pilot))
            if given
        ]
        if len(designs) != 1:
            base._fail(
                "give one design: --auc (one AUC), --binormal twice (two binormal curves) or "
                f"--pilot (two curves of a pilot study); got {', '.join(designs) or 'none'}"
            )
        design = designs[0]
        misplaced = [
            name
            for name, used, owner in (
                ("--null-auc", null_auc is not None, "--auc"),
                ("--r-positives", r_positives != 0, "--binormal"),
                ("--r-negatives", r_negatives != 0, "--binormal"),
                ("--fpr-range", fpr_range is not None, "--binormal"),
                ("--label", label is not None, "--pilot"),
                ("--score", bool(scores), "--pilot"),
                ("--method", method != "delong", "--pilot"),
                ("--paired/--unpaired", paired is not None, "--pilot"),
                ("--formula", formula != "delta", "--auc or --binormal"),
            )
            if used and design not in owner
        ]
        if misplaced:
            base._fail(f"{', '.join(misplaced)} does not apply to {design}")
        sample = {"n_positives": positives, "power": wanted, "alpha": alpha}
        sample["alternative"] = alternative
        meta: dict[str, Any] = {"design": design.lstrip("-"), "alternative": alternative}
        if design == "--auc":
            null = 0.5 if null_auc is None else null_auc
            res = _solved(
                auc_power,
                auc,
                null_auc=null,
                n_negatives=negatives,
                ratio=ratio,
                formula=formula,
                **sample,
            )
            title = f"power of a test of AUC {auc:g} against {null:g}"
            meta["formula"] = formula
        elif design == "--binormal":
            if len(binormal) != 2:
                base._fail(
                    f"give --binormal twice (A,B of curve 1, then of curve 2); got {len(binormal)}"
                )
            (a1, b1), (a2, b2) = (_pair(text, "--binormal", "A,B, e.g. 1.5,1") for text in binormal)
            res = _solved(
                binormal_roc_power,
                a1,
                b1,
                a2,
                b2,
                r_positives=r_positives,
                r_negatives=r_negatives,
                fpr_range=_pair(fpr_range, "--fpr-range"),
                n_negatives=negatives,
                ratio=ratio,
                formula=formula,
                **sample,
            )
            title = f"power of a test of binormal curves ({a1:g}, {b1:g}) vs ({a2:g}, {b2:g})"
            meta |= {"paired": bool(r_positives or r_negatives), "formula": formula}
        else:
            if label is None:
                base._fail("--pilot needs --label (the column of true labels)")
            curves, _, names, read_meta = two_curves(
                pilot, label, positive, scores, missing, missing_values
            )
            if negatives is not None:
                if positives is None:
                    base._fail("--negatives needs --positives; to plan a study give --ratio")
                if ratio is not None:
                    base._fail("give at most one of --negatives and --ratio")
                ratio = negatives / positives
            res = _solved(
                roc_power,
                *curves,
                ratio=ratio,
                method=method,
                paired=False if len(pilot) == 2 else paired,
                n_resamples=resamples,
                random_state=random_state,
                **sample,
            )
            title = f"power of a test of {names[0]} vs {names[1]} (pilot study)"
            together = len(pilot) == 1 and paired is not False  # same labels: paired
            meta |= read_meta | {"paired": together, "method": method}
            if method == "bootstrap":
                meta |= {"resamples": resamples, "random_state": random_state}
        names = ("power", "n_positives", "n_negatives", "alpha", "difference", "variance")
        columns = {n: [getattr(res, n)] for n in (*names, "null_variance")}
        base._emit(columns, fmt, title, meta)

    # --- best-threshold ----------------------------------------------------------------------
    @cli.command("best-threshold")
    @common
    @click.option("--score", required=True, metavar="COLUMN", help="Column of scores.")
    @click.option(
        "--fold",
        help="Column of fold (or run) ids: the best threshold of each fold and their spread. "
        "Without it the file is one fold.",
    )
    @click.option(
        "--criterion",
        type=click.Choice(["youden", "closest_topleft", "cost"]),
        default="youden",
        show_default=True,
        help="Youden's J, the distance to the top-left corner (pROC's best.method) or the "
        "expected cost.",
    )
    @click.option(
        "--cost-ratio",
        type=float,
        default=1.0,
        show_default=True,
        help="c = cost of a false negative / cost of a false positive (pROC's best.weights[1]).",
    )
    @click.option(
        "--prevalence",
        type=float,
        help="The prevalence weighing the criterion (pROC's best.weights[2]; default ½ for "
        "youden and closest_topleft, the data's for cost).",
    )
    @resampling_options(
        10,
        "Bootstrap resamples of the pooled threshold's interval.",
        "Seed of the bootstrap: the same file gives the same interval on every run.",
    )
    @level_option("Level of the pooled threshold's interval.")
    @fmt_option
    @row_options
    @base._errors
    def best_threshold_command(
        predictions: str,
        label: str,
        positive: str | None,
        score: str,
        fold: str | None,
        criterion: str,
        cost_ratio: float,
        prevalence: float | None,
        resamples: int,
        random_state: int,
        confidence_level: float,
        fmt: str,
        missing: str = "drop",
        missing_values: str | None = None,
    ) -> None:
        """The best threshold of each fold (pROC's coords(x = "best")), its spread over the
        folds (mean, std, min, max) and the bootstrap interval of the pooled rows' best
        threshold (ci.coords), with the sensitivity and specificity there.

        One row per fold, then pooled (with the intervals), mean, std, min and max. Example:
        phidelta best-threshold preds.csv --label y --score p --fold fold --cost-ratio 2
        """
        from phidelta.data import Roles

        if prevalence is not None and not 0 < prevalence < 1:
            base._fail(f"--prevalence must be in (0, 1); got {prevalence:g}")
        roles = Roles(label, positive=positive, score=score, fold=fold)
        result = _scores_of(predictions, roles, missing, missing_values)
        best = result.best_thresholds(
            criterion,
            ratio=None if prevalence is None else (1 - prevalence) / prevalence,
            cost_ratio=cost_ratio,
            confidence_level=confidence_level,
            n_resamples=resamples,
            random_state=random_state,
        )
        columns = door.best_threshold_columns(best)
        meta = {
            "positive": result.positive,
            "rows_left_out": result.rows_left_out or None,
            "missing": base._missing_note(result.missing_cells),
            "criterion": criterion,
            "cost_ratio": cost_ratio,
            "prevalence": prevalence,
            "confidence_level": confidence_level,
            "resamples": resamples,
            "random_state": random_state,
        } | {f"threshold_{k}": v for k, v in best.spread.items()}
        base._emit(columns, fmt, f"best threshold of {Path(predictions).name}", meta)

    # --- scan --------------------------------------------------------------------------------
    @cli.command("scan")
    @common
    @click.option(
        "--score", required=True, metavar="COLUMN", help="Column of scores (higher: more signal)."
    )
    @click.option(
        "--weight", metavar="COLUMN", help="Column of event weights: the counts are their sums."
    )
    @click.option(
        "--measure",
        "measures",
        multiple=True,
        metavar="NAME",
        callback=_measure_names,
        help=f"A measure of every threshold (repeatable; default {', '.join(_SCAN_MEASURES)}); "
        "any name of phidelta.measures.MEASURES.",
    )
    @click.option(
        "--against",
        type=click.Choice(["threshold", "background_acceptance"]),
        default="threshold",
        show_default=True,
        help="The axis of --points and --plot: the threshold θ (Jiřina Figs. 2–3) or the "
        "background acceptance Be (Figs. 6–7).",
    )
    @click.option(
        "--best",
        default="quality_factor",
        show_default=True,
        metavar="NAME",
        callback=_measure_names,
        help="The measure whose best cut is reported: its maximum, or its minimum for an "
        f"error ({', '.join(sorted(LOWER_IS_BETTER))}); of tied cuts the first, the highest "
        "threshold; thresholds where it is undefined are passed over.",
    )
    @click.option(
        "--points",
        type=click.IntRange(min=3),
        help="Rows shown, spread evenly over --against, always with the best cut, the first "
        "and the last [default: all with csv and json, 25 in a table].",
    )
    @fmt_option
    @plot_option("Write the scan against --against here (PNG/SVG/PDF), the best cut marked.")
    @row_options
    @base._errors
    def scan_command(
        predictions: str,
        label: str,
        positive: str | None,
        score: str,
        weight: str | None,
        measures: tuple[str, ...],
        against: str,
        best: str,
        points: int | None,
        fmt: str,
        plot_path: str | None,
        missing: str = "drop",
        missing_values: str | None = None,
    ) -> None:
        """Jiřina's threshold scan: the counts and signal/background measures at every cut
        of the scores (select as signal when score ≥ threshold), one row per distinct score
        from the highest, with the best cut of --best.

        Example: phidelta scan events.csv --label y --score bdt --plot scan.png
        """
        from phidelta.data import Roles

        roles = Roles(label, positive=positive, score=score, weight=weight)
        result = _scores_of(predictions, roles, missing, missing_values)
        table = result.pooled_table()
        chosen = list(measures or _SCAN_MEASURES)
        if points is None and fmt == "table":
            points = _SCAN_TABLE_ROWS
        columns, summary = door.scan_columns(
            table, chosen, best=best, against=against, points=points
        )
        meta = {
            "positive": result.positive,
            "rows_left_out": result.rows_left_out or None,
            "missing": base._missing_note(result.missing_cells),
            "weight": weight,
        } | summary
        if fmt != "json":  # the first cut selects nothing: +inf, "inf" in CSV (null in JSON)
            columns["threshold"] = [
                "inf" if t == np.inf else t for t in columns["threshold"].tolist()
            ]
            if summary["best_threshold"] == np.inf:
                meta["best_threshold"] = "inf (nothing selected)"
        title = (
            f"threshold scan of {Path(predictions).name}: best {best} "
            f"{base._text(summary[f'best_{best}'])} at threshold "
            f"{base._text(meta['best_threshold'])}"
        )
        base._emit(columns, fmt, title, meta)
        if plot_path:
            agg()
            base._save(_scan_plot(table, chosen, best, against), plot_path)

    # --- calibration -------------------------------------------------------------------------
    @cli.command("calibration")
    @common
    @score_option("A column of predicted probabilities (repeatable: one column of results each).")
    @click.option(
        "--bins",
        type=click.IntRange(min=1),
        default=10,
        show_default=True,
        help="Bins of the expected calibration errors and of --plot.",
    )
    @click.option(
        "--groups",
        type=click.IntRange(min=3),
        default=10,
        show_default=True,
        help="Groups of risk of the Hosmer–Lemeshow test.",
    )
    @fmt_option
    @plot_option("Write the reliability diagram here (PNG/SVG/PDF).")
    @row_options
    @base._errors
    def calibration_command(
        predictions: str,
        label: str,
        positive: str | None,
        scores: tuple[str, ...],
        bins: int,
        groups: int,
        fmt: str,
        plot_path: str | None,
        missing: str = "drop",
        missing_values: str | None = None,
    ) -> None:
        """Calibration statistics of predicted probabilities: rms's val.prob (Dxy, C, R²,
        D, U, Q, Brier, intercept, slope, Emax, E90, Eavg, Spiegelhalter's z), the
        Hosmer–Lemeshow test and the expected calibration error (equal-width, equal-mass,
        debiased).

        One row per statistic, one column per --score. Example:
        phidelta calibration preds.csv --label y --score p --plot calibration.png
        """
        names = list(dict.fromkeys(scores))
        rows = read(predictions, label, positive, names, missing, missing_values)
        statistics: dict[str, list[Any]] = {}
        for name in names:
            for key, value in door.calibration_numbers(
                rows.is_positive, rows.scores[name], bins=bins, groups=groups
            ).items():
                statistics.setdefault(key, []).append(value)
        columns = {"statistic": list(statistics)} | {
            name: [values[i] for values in statistics.values()] for i, name in enumerate(names)
        }
        meta = rows_meta(rows) | {"bins": bins, "groups": groups}
        base._emit(columns, fmt, f"calibration of {Path(predictions).name}", meta)
        if plot_path:
            agg()
            import matplotlib.pyplot as plt

            from phidelta.rendering import CalibrationDisplay

            _, ax = plt.subplots(figsize=(5.2, 4.6))
            for name in names:
                display = CalibrationDisplay(y_true=rows.is_positive, scores=rows.scores[name])
                display.plot(ax=ax, kind="reliability", bins=bins)
                display.map_.set_label(f"{name}: {display.map_.get_label()}")
            ax.legend(fontsize=7, loc="upper left")
            base._save(display, plot_path)

    # --- decision ----------------------------------------------------------------------------
    @cli.command("decision")
    @common
    @score_option(
        "A column of predicted probabilities (repeatable; with two, their paired difference "
        "of net benefit)."
    )
    @click.option(
        "--thresholds",
        metavar="P[,P...]|START:STOP:STEP",
        help="Threshold probabilities in [0, 1), increasing; default 0, 0.01, …, 0.99.",
    )
    @click.option(
        "--band",
        is_flag=True,
        help="Bootstrap bands of each model's net benefit (pointwise percentile and "
        "simultaneous sup-t), and with two --score the difference's p-values.",
    )
    @level_option("Level of --band and of the difference's interval.")
    @resampling_options(
        2,
        "Bootstrap resamples of --band and of the difference.",
        "Seed of the bootstrap: the same file gives the same bands on every run.",
    )
    @click.option(
        "--measure",
        type=click.Choice(_DECISION_MEASURES),
        default="net_benefit",
        show_default=True,
        help="The curve of --plot and of --band.",
    )
    @fmt_option
    @plot_option("Write the decision curves here.")
    @row_options
    @base._errors
    def decision_command(
        predictions: str,
        label: str,
        positive: str | None,
        scores: tuple[str, ...],
        thresholds: str | None,
        band: bool,
        confidence_level: float,
        resamples: int,
        random_state: int,
        measure: str,
        fmt: str,
        plot_path: str | None,
        missing: str = "drop",
        missing_values: str | None = None,
    ) -> None:
        """Decision curves of predicted probabilities (Vickers & Elkin 2006): net benefit,
        standardized net benefit and net interventions avoided (per 100) at each threshold
        probability, beside treating all and treating none.

        With two --score, their paired difference of net benefit with its bootstrap interval
        and p-value at each threshold (a second table). Example:
        phidelta decision preds.csv --label y --score p --thresholds 0.05:0.5:0.05 --band
        """
        names = list(dict.fromkeys(scores))
        grid = threshold_grid(thresholds)
        rows = read(predictions, label, positive, names, missing, missing_values)
        bootstrap = {
            "confidence_level": confidence_level,
            "n_resamples": resamples,
            "random_state": random_state,
        }
        columns, difference = door.decision_tables(
            rows.is_positive,
            {n: rows.scores[n] for n in names},
            grid,
            band=band,
            measure=measure,
            **bootstrap,
        )
        extra = {}
        if difference is not None:
            extra["difference"] = (f"{names[0]} − {names[1]}: paired net benefit", difference)
        meta = rows_meta(rows) | {
            "prevalence": float(np.mean(rows.is_positive)),
            "confidence_level": confidence_level if band or difference else None,
            "resamples": resamples if band or difference else None,
            "random_state": random_state if band or difference else None,
        }
        base._emit(columns, fmt, f"decision curves of {Path(predictions).name}", meta, extra)
        if plot_path:
            agg()
            from phidelta.rendering import DecisionCurveDisplay

            display = DecisionCurveDisplay(tables=[rows.table(n) for n in names], names=names)
            base._save(
                display.plot(
                    thresholds=grid,
                    kind=measure,
                    band=band,
                    confidence_level=confidence_level,
                    n_resamples=resamples,
                    random_state=random_state,
                ),
                plot_path,
            )

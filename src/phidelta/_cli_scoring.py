"""The command line of scoring classifiers after the curve: roc-test, power, calibration and
decision (an interface layer, registered on ``phidelta``'s group by :func:`register`).

Each command reads its rows through :func:`phidelta.data.load_scores` (the classes, the
positive class and the missing values by the rules of every door), calls one library function
per result and prints it with the table, CSV and JSON writer of :mod:`phidelta._cli_common`,
which :mod:`phidelta.cli` shares.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from phidelta import _cli_common as base

__all__ = ["register", "threshold_grid"]

_ROC_METHODS = ("delong", "bootstrap", "venkatraman", "sensitivity", "specificity")
_DECISION_MEASURES = ("net_benefit", "standardized_net_benefit", "net_interventions_avoided")


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


def _pair(text: str | None, option: str) -> tuple[float, float] | None:
    """``LOW,HIGH`` of a range option."""
    if text is None:
        return None
    try:
        low, high = (float(part) for part in text.split(","))
    except ValueError:
        raise ValueError(f"{option} must be LOW,HIGH, e.g. 0.8,1; got {text!r}") from None
    return low, high


def register(cli: Any) -> None:
    """Add the commands of this module to ``phidelta``'s click group.

    Parameters
    ----------
    cli : click.Group
        The group of :mod:`phidelta.cli`.
    """
    import click

    from phidelta import _door_scoring as door

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

    def common(function: Any) -> Any:
        for option in reversed(
            (
                click.argument("predictions"),
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

    def fmt_option(function: Any) -> Any:
        return click.option(
            "--format", "fmt", type=click.Choice(base.FORMATS), default="table", show_default=True
        )(function)

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

    def agg() -> None:
        import matplotlib

        matplotlib.use("Agg")

    # --- roc-test ----------------------------------------------------------------------------
    @cli.command("roc-test")
    @common
    @click.option(
        "--score",
        "scores",
        multiple=True,
        required=True,
        metavar="COLUMN",
        help="A score column; give it twice: curve a, then curve b.",
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
        help="Test the curves as of the same rows (the default: both columns are of one "
        "file's rows) or as independent samples.",
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
    @click.option(
        "--resamples",
        type=click.IntRange(min=10),
        default=2000,
        show_default=True,
        help="Bootstrap resamples or permutations.",
    )
    @click.option(
        "--unstratified",
        is_flag=True,
        help="Resample rows as a whole, not positives and negatives apart.",
    )
    @click.option(
        "--random-state",
        type=click.IntRange(min=0),
        default=0,
        show_default=True,
        help="Seed of the resampling tests: the same file gives the same p-value on every run.",
    )
    @click.option(
        "--confidence-level",
        "confidence_level",
        metavar="LEVEL",
        default="0.95",
        show_default=True,
        callback=base._level,
        help="Level of the difference's interval.",
    )
    @fmt_option
    @click.option(
        "--plot",
        "plot_path",
        callback=base._output,
        help="Write both ROC curves here (PNG/SVG/PDF).",
    )
    @row_options
    @base._errors
    def roc_test_command(
        predictions: str,
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
        unstratified: bool,
        random_state: int,
        confidence_level: float,
        fmt: str,
        plot_path: str | None,
        missing: str = "drop",
        missing_values: str | None = None,
    ) -> None:
        """Compare two ROC curves of a predictions file (pROC's roc.test), with the interval
        of the difference (a − b).

        Example: phidelta roc-test preds.csv --label y --score a --score b --method bootstrap
        """
        from phidelta.inference import roc_test

        if len(scores) != 2:
            base._fail(f"give --score twice (curve a, then curve b); got {len(scores)}")
        if scores[0] == scores[1]:
            base._fail(f"the two --score columns are the same column {scores[0]!r}")
        rows = read(predictions, label, positive, scores, missing, missing_values)
        y = rows.is_positive
        a, b = (rows.scores[s] for s in scores)
        result = roc_test(
            (y, a),
            (y, b),
            method=method,
            paired=paired,
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
        columns = {"curve_a": [scores[0]], "curve_b": [scores[1]]}
        if hasattr(result, "estimand"):  # a RocTest: estimates and the difference's interval
            low, high = result.confidence_interval(confidence_level)
            columns |= {
                "method": [result.method],
                "estimand": [result.estimand],
                "estimate_a": [result.estimate_a],
                "estimate_b": [result.estimate_b],
                "difference": [result.difference],
                "difference_low": [low],
                "difference_high": [high],
                "standard_error": [result.standard_error],
                "statistic": [result.statistic],
                "df": [result.df],
                "pvalue": [result.pvalue],
            }
        else:  # Venkatraman's test: whether the curves differ anywhere
            columns |= {
                "method": ["venkatraman"],
                "estimand": ["ROC curve"],
                "statistic": [result.statistic],
                "pvalue": [result.pvalue],
            }
        resampled = getattr(result, "n_resamples", None) or getattr(result, "n_permutations", 0)
        meta = rows_meta(rows) | {
            "paired": result.paired,
            "alternative": alternative,
            "confidence_level": confidence_level if "difference_low" in columns else None,
            "resamples": resampled or None,
            "random_state": random_state if resampled else None,
        }
        base._emit(columns, fmt, f"{scores[0]} vs {scores[1]}: {Path(predictions).name}", meta)
        if plot_path:
            agg()
            from phidelta.rendering import RocDisplay

            tables = [rows.table(s) for s in scores]
            base._save(RocDisplay(tables=tables, names=list(scores)).plot(), plot_path)

    # --- power ------------------------------------------------------------------------------
    @cli.command("power")
    @click.option("--auc", type=float, required=True, help="The AUC expected, in (0, 1).")
    @click.option(
        "--null-auc", type=float, default=0.5, show_default=True, help="The AUC of the null."
    )
    @click.option("--positives", type=float, help="Positives of the study: compute the power.")
    @click.option("--negatives", type=float, help="Negatives of the study (or --ratio).")
    @click.option("--ratio", type=float, help="Negatives per positive (default 1).")
    @click.option("--power", "wanted", type=float, help="The power wanted: compute the sample.")
    @click.option("--alpha", type=float, default=0.05, show_default=True)
    @click.option(
        "--alternative",
        type=click.Choice(["two-sided", "one-sided"]),
        default="two-sided",
        show_default=True,
    )
    @click.option(
        "--formula",
        type=click.Choice(["delta", "obuchowski"]),
        default="delta",
        show_default=True,
        help="delta: the binormal AUC's variance with every term; obuchowski: the published "
        "formula pROC computes (plans more positives).",
    )
    @fmt_option
    @base._errors
    def power_command(
        auc: float,
        null_auc: float,
        positives: float | None,
        negatives: float | None,
        ratio: float | None,
        wanted: float | None,
        alpha: float,
        alternative: str,
        formula: str,
        fmt: str,
    ) -> None:
        """Power of a test of one AUC against a null AUC, or the sample it needs (pROC's
        power.roc.test; Obuchowski & McClish 1997).

        Example: phidelta power --auc 0.75 --power 0.9 --ratio 2
        """
        from phidelta.inference import auc_power

        res = auc_power(
            auc,
            null_auc=null_auc,
            n_positives=positives,
            n_negatives=negatives,
            ratio=ratio,
            power=wanted,
            alpha=alpha,
            alternative=alternative,
            formula=formula,
        )
        names = ("power", "n_positives", "n_negatives", "alpha", "difference", "variance")
        columns = {n: [getattr(res, n)] for n in (*names, "null_variance")}
        meta = {"alternative": res.alternative, "formula": formula}
        base._emit(columns, fmt, f"power of a test of AUC {auc:g} against {null_auc:g}", meta)

    # --- calibration -------------------------------------------------------------------------
    @cli.command("calibration")
    @common
    @click.option(
        "--score",
        "scores",
        multiple=True,
        required=True,
        metavar="COLUMN",
        help="A column of predicted probabilities (repeatable: one column of results each).",
    )
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
    @click.option(
        "--plot",
        "plot_path",
        callback=base._output,
        help="Write the reliability diagram here (PNG/SVG/PDF).",
    )
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
    @click.option(
        "--score",
        "scores",
        multiple=True,
        required=True,
        metavar="COLUMN",
        help="A column of predicted probabilities (repeatable; with two, their paired "
        "difference of net benefit).",
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
    @click.option(
        "--confidence-level",
        "confidence_level",
        metavar="LEVEL",
        default="0.95",
        show_default=True,
        callback=base._level,
        help="Level of --band and of the difference's interval.",
    )
    @click.option(
        "--resamples",
        type=click.IntRange(min=2),
        default=2000,
        show_default=True,
        help="Bootstrap resamples of --band and of the difference.",
    )
    @click.option(
        "--random-state",
        type=click.IntRange(min=0),
        default=0,
        show_default=True,
        help="Seed of the bootstrap: the same file gives the same bands on every run.",
    )
    @click.option(
        "--measure",
        type=click.Choice(_DECISION_MEASURES),
        default="net_benefit",
        show_default=True,
        help="The curve of --plot and of --band.",
    )
    @fmt_option
    @click.option(
        "--plot", "plot_path", callback=base._output, help="Write the decision curves here."
    )
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

"""The report's sections for predicted probabilities: calibration and decision curves (an
interface layer; :mod:`phidelta.report` re-exports them and wires them into its reports).

The numbers are those of :mod:`phidelta._door_scoring`, the same as ``phidelta calibration``
and ``phidelta decision`` print.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import numpy as np

from phidelta._door_scoring import best_threshold_columns, calibration_numbers, decision_tables

__all__ = [
    "REPORT_THRESHOLDS",
    "best_threshold_section",
    "calibration_section",
    "decision_section",
    "file_scoring_sections",
]

#: The threshold probabilities of the report's decision table (the figure uses 0, 0.01, …).
REPORT_THRESHOLDS = np.round(np.arange(1, 11) * 0.05, 2)

_MEANING = {
    "Dxy": "Somers' rank correlation, 2C − 1",
    "C (ROC)": "AUC",
    "R2": "Nagelkerke's R²",
    "D": "discrimination index",
    "U": "unreliability index (what recalibration gains)",
    "U:p": "p of U (intercept 0 and slope 1)",
    "Q": "quality index, D − U",
    "Brier": "mean squared error of the probabilities",
    "Intercept": "calibration intercept (0 when calibrated)",
    "Slope": "calibration slope (1 when calibrated)",
    "Emax": "largest |p − smoothed outcome|",
    "E90": "90th percentile of |p − smoothed outcome|",
    "Eavg": "mean |p − smoothed outcome| (ICI)",
    "S:z": "Spiegelhalter's z",
    "S:p": "p of Spiegelhalter's z",
    "HL:Chi-sq": "Hosmer–Lemeshow's Ĉ",
    "HL:p": "p of Hosmer–Lemeshow's test",
    "ECE (equal width)": "expected calibration error, equal-width bins",
    "ECE (equal mass)": "expected calibration error, equal-mass bins",
    "ℓ2 CE (debiased)": "root of the debiased squared calibration error (Kumar et al. 2019)",
}


def calibration_section(
    is_positive: Any, probabilities: Mapping[str, Any], *, bins: int = 10, groups: int = 10
) -> str:
    """Calibration of predicted probabilities: a reliability diagram of every model and
    rms's ``val.prob`` statistics, Hosmer–Lemeshow's test and the expected calibration
    errors (:func:`phidelta.inference.calibration_summary` and the functions it names).

    Parameters
    ----------
    is_positive : array-like of bool, shape (n,)
        The rows' classes.
    probabilities : mapping of str to array-like of shape (n,)
        Each model's predicted probabilities of the positive class, by name.
    bins : int, default=10
        Bins of the reliability diagram and of the expected calibration errors.
    groups : int, default=10
        Groups of risk of the Hosmer–Lemeshow test.

    Returns
    -------
    str
        The section's HTML.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=200)
    >>> body = calibration_section(rng.uniform(size=200) < p, {"model": p})
    >>> body.count("<figure>"), "Spiegelhalter" in body
    (1, True)
    """
    from phidelta._report_html import canvas, figure_html, table_html
    from phidelta.geometry import smooth_calibration_curve
    from phidelta.rendering import CalibrationDisplay

    y = np.asarray(is_positive, dtype=bool)
    names = list(probabilities)
    numbers = [
        calibration_numbers(y, np.asarray(probabilities[n], float), bins=bins, groups=groups)
        for n in names
    ]
    keys = [k for k in numbers[0] if k not in ("D:Chi-sq", "D:p", "U:Chi-sq", "HL:df")]
    columns: dict[str, list[Any]] = {"statistic": keys}
    columns |= {
        name: [values[k] for k in keys] for name, values in zip(names, numbers, strict=True)
    }
    columns["meaning"] = [_MEANING.get(k, "") for k in keys]
    fig, ax = canvas((5.2, 4.6))
    displays = []
    for name, values in zip(names, numbers, strict=True):
        display = CalibrationDisplay(y_true=y, scores=np.asarray(probabilities[name], float))
        displays.append(display)
        if fig is None:  # an interactive report's: its figure is _reliability_figure's
            continue
        display.plot(ax=ax, kind="reliability", bins=bins)
        display.map_.set_label(f"{name} (ECE {values['ECE (equal width)']:.3f})")
        # rms's val.prob curve beside the bins: the lowess smooth E_avg is measured against
        smooth = smooth_calibration_curve(y, display.scores)
        ax.plot(
            smooth.probability,
            smooth.observed,
            color=display.map_.get_color(),
            lw=2.2,
            alpha=0.45,
            label=f"{name}: lowess (Eavg {values['Eavg']:.3f})",
        )
    if ax is not None:
        ax.legend(fontsize=7, loc="upper left")
    degrees = ", ".join(
        f"{name}: {values['HL:df']:g}" for name, values in zip(names, numbers, strict=True)
    )
    note = (
        '<p class="note">rms\'s <code>val.prob</code> statistics (Harrell 2015, §10.11): '
        "E<sub>max</sub>, E<sub>90</sub> and E<sub>avg</sub> compare each probability with "
        "the lowess smooth of the outcomes (the figure's faint line of each model); C and "
        "Dxy are exact and use every row (rms bins the probabilities first). "
        "Hosmer–Lemeshow over "
        f"{groups} groups of risk (degrees of freedom {html.escape(degrees)}); the expected "
        f"calibration errors over {bins} bins. The same numbers as "
        "<code>phidelta calibration</code>.</p>"
    )
    return (
        note
        + table_html(columns)
        + '<div class="figures">'
        + figure_html(
            fig,
            f"reliability diagram, {bins} equal-width bins, and each model's lowess smooth",
            spec=lambda: _reliability_figure(displays, names, bins, numbers),
        )
        + "</div>"
    )


def _reliability_figure(
    displays: list[Any], names: list[str], bins: int, numbers: list[dict[str, Any]]
) -> dict[str, Any]:
    """The reliability diagrams of several models in one figure specification (the
    interactive report's): the first model's figure, the others' bins added in turn, and each
    model's lowess smooth, as the static figure draws them (the bins without intervals,
    named with their ECE)."""
    from phidelta.geometry import smooth_calibration_curve
    from phidelta.rendering.plotly import (
        display_figure,
        escape,
        legend_below,
        legend_entries,
        thinned,
    )

    colors = ("#2a6bb0", "#138d75", "#ff7f0e", "#9467bd", "#8c564b")
    spec: dict[str, Any] = {"data": [], "layout": {}}
    for k, (display, name) in enumerate(zip(displays, names, strict=True)):
        shown = display_figure(display, kind="reliability", bins=bins, band=False)
        for trace in shown["data"]:
            if trace.get("name") == "ideal" and k > 0:
                continue
            if trace.get("name") != "ideal":
                trace["name"] = f"{escape(name)} (ECE {numbers[k]['ECE (equal width)']:.3f})"
                if len(displays) > 1:
                    trace.setdefault("marker", {})["color"] = colors[k % len(colors)]
            spec["data"].append(trace)
        smooth = smooth_calibration_curve(display.y_true, display.scores)
        keep = thinned(smooth.probability, smooth.observed)  # one vertex a row: thinned
        color = next(  # the model's bins' color
            (t["marker"]["color"] for t in shown["data"] if "color" in t.get("marker", {})),
            colors[k % len(colors)],
        )
        spec["data"].append(
            {
                "type": "scatter",
                "x": smooth.probability[keep].tolist(),
                "y": smooth.observed[keep].tolist(),
                "mode": "lines",
                "line": {"color": color, "width": 2.2},
                "opacity": 0.45,
                "name": f"{escape(name)}: lowess (Eavg {numbers[k]['Eavg']:.3f})",
            }
        )
        spec["layout"] = spec["layout"] or shown["layout"]
    # the first model's layout holds its own legend: grown to hold every model's entries
    layout = spec["layout"]
    legend, bottom = legend_below(legend_entries(spec["data"]))
    layout["height"] += bottom - layout["margin"]["b"]
    layout["margin"] = {**layout["margin"], "b": bottom}
    layout["legend"] = legend
    return spec


def decision_section(
    is_positive: Any,
    probabilities: Mapping[str, Any],
    *,
    thresholds: Any = None,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: int = 0,
) -> str:
    """Decision curves of predicted probabilities (Vickers & Elkin 2006): net benefit of each
    model beside treating all and none, with the first model's bootstrap bands, and a table
    of net benefit and net interventions avoided at a few threshold probabilities; for two
    models of the same rows, their paired difference with its interval and p-value.

    Parameters
    ----------
    is_positive : array-like of bool, shape (n,)
        The rows' classes.
    probabilities : mapping of str to array-like of shape (n,)
        Each model's predicted probabilities, by name (the same rows).
    thresholds : array-like, optional
        The table's threshold probabilities; default 0.05, 0.1, …, 0.5
        (:data:`REPORT_THRESHOLDS`).
    confidence_level : float, default=0.95
        Of the bands and of the difference's interval.
    n_resamples : int, default=2000
        Bootstrap resamples.
    random_state : int, default=0
        Seed of the bootstrap.

    Returns
    -------
    str
        The section's HTML.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=200)
    >>> body = decision_section(rng.uniform(size=200) < p, {"a": p, "b": p**2}, n_resamples=50)
    >>> body.count("<figure>"), "paired difference" in body
    (1, True)
    """
    from phidelta._report_html import figure_html, is_interactive, table_html
    from phidelta.counts import ScoreTable
    from phidelta.inference import decision_curve_band
    from phidelta.measures import decision_curve
    from phidelta.rendering import DecisionCurveDisplay

    y = np.asarray(is_positive, dtype=bool)
    names = list(probabilities)
    rows = {n: np.asarray(probabilities[n], float) for n in names}
    grid = REPORT_THRESHOLDS if thresholds is None else np.asarray(thresholds, float)
    bootstrap = {
        "confidence_level": confidence_level,
        "n_resamples": n_resamples,
        "random_state": random_state,
    }
    columns, difference = decision_tables(y, rows, grid, **bootstrap)
    shown = {"threshold": columns["threshold_probability"], "treat all": columns["treat_all"]}
    for name in names:
        shown[f"{name}: net benefit"] = columns[f"{name}:net_benefit"]
        shown[f"{name}: interventions avoided per 100"] = columns[
            f"{name}:net_interventions_avoided"
        ]
    tables = [ScoreTable.from_scores(y, rows[n], pos_label=True) for n in names]
    display = DecisionCurveDisplay(tables=tables, names=names)
    fig, band = None, None
    if is_interactive():  # the band plot() computes, without drawing: the figure is Plotly's
        grid = decision_curve(tables[0]).threshold_probability
        band = decision_curve_band(tables[0], thresholds=grid, **bootstrap)
    else:
        fig = display.plot(band=True, **bootstrap).figure_
    level = f"{confidence_level:.0%}"
    parts = [
        '<p class="note">Net benefit NB = TP/n − FP/n · p<sub>t</sub>/(1 − p<sub>t</sub>) of '
        "treating the rows with a predicted probability ≥ p<sub>t</sub> (Vickers &amp; Elkin "
        "2006), beside treating all and treating none; net interventions avoided = (NB − "
        "NB<sub>all</sub>)/(p<sub>t</sub>/(1 − p<sub>t</sub>)) per 100. The figure's bands "
        f"({level}, bootstrap of the rows, seed {random_state}) are those of "
        f"{html.escape(names[0])}. The same numbers as <code>phidelta decision</code>.</p>",
        table_html(shown),
    ]
    if difference is not None:
        parts += [
            f"<h3>{html.escape(names[0])} − {html.escape(names[1])}: paired difference of net "
            "benefit</h3>",
            f'<p class="note">The same rows resampled for both ({n_resamples} resamples, seed '
            f"{random_state}); the interval is the {level} percentile interval, the p-value "
            "that of z = difference / bootstrap standard error, threshold by threshold (not "
            "adjusted for the many thresholds).</p>",
            table_html(
                {
                    "threshold": difference["threshold_probability"],
                    "difference": difference["difference"],
                    "low": difference["low"],
                    "high": difference["high"],
                    "pvalue": difference["pvalue"],
                }
            ),
        ]
    parts.append(
        '<div class="figures">'
        + figure_html(fig, "decision curves (net benefit)", display=display, band=band)
        + "</div>"
    )
    return "".join(parts)


def best_threshold_section(
    assessment: Any,
    *,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: int = 0,
) -> str:
    """Each fold's best threshold (Youden's J, pROC's ``coords(x = "best")``), the spread over
    the folds, and the stratified bootstrap interval of the pooled rows' best threshold.

    Parameters
    ----------
    assessment : Assessment
        An assessment with scores.
    confidence_level : float, default=0.95
        Of the pooled interval.
    n_resamples : int, default=2000
        Bootstrap resamples.
    random_state : int, default=0
        Seed of the bootstrap.

    Returns
    -------
    str
        The section's HTML: a note and the table of
        :meth:`phidelta.assessment.BestThresholds.table`.

    Examples
    --------
    >>> from phidelta.assessment import assess
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(300) < 0.4
    >>> a = assess(y, scores=np.round(rng.normal(size=300) + y, 2), folds=np.arange(300) % 3)
    >>> body = best_threshold_section(a, n_resamples=50)
    >>> body.count("<tr>") - 1, "Youden" in body   # 3 folds, pooled, mean, std, min, max
    (8, True)
    """
    from phidelta._report_html import table_html

    best = assessment.best_thresholds(
        confidence_level=confidence_level, n_resamples=n_resamples, random_state=random_state
    )
    columns = best_threshold_columns(best)
    shown: dict[str, Any] = {"fold": columns["fold"]}
    for name in ("threshold", "sensitivity", "specificity"):
        shown[name] = columns[name]
        shown[f"{name} {confidence_level:.0%} CI"] = [
            "" if np.isnan(low) else f"{low:.4g} – {high:.4g}"
            for low, high in zip(columns[f"{name}_low"], columns[f"{name}_high"], strict=True)
        ]
    spread = best.spread
    return (
        '<p class="note">The threshold that maximizes Youden\'s J = sensitivity + specificity '
        '− 1 in each fold (pROC\'s <code>coords(x = "best")</code>; of tied points the '
        "highest threshold; predict positive when score ≥ threshold), then the folds' rows "
        f"pooled with the {confidence_level:.0%} stratified bootstrap interval of their best "
        f"threshold ({n_resamples} resamples, seed {random_state}; pROC's "
        "<code>ci.coords</code>), and the mean, standard deviation, minimum and maximum over "
        f"the folds: the chosen threshold moves by {spread['range']:.4g} from fold to fold. "
        "Weighted by costs and prevalence: <code>phidelta best-threshold</code>.</p>"
        + table_html(shown)
    )


def file_scoring_sections(
    report: Any,
    predictions: Any,
    roles: Any,
    compare: Any = None,
    *,
    missing_values: Any = None,
    confidence_level: float | None = None,
    random_state: int = 0,
) -> None:
    """Add the best-threshold, calibration and decision-curve sections of a predictions
    file's score columns to ``report`` (the file's rows read by
    :func:`phidelta.data.load_assessment` and :func:`phidelta.data.load_scores`).

    With scores that are not all probabilities in [0, 1], or with sample weights (the
    statistics count rows), one note says why the calibration and decision sections are left
    out; the best threshold needs unweighted rows too (its interval resamples them).

    Parameters
    ----------
    report : Report
        The report to add to.
    predictions : str, path or table
        The predictions file.
    roles : Roles
        Its label, positive class and score column.
    compare : Roles, optional
        A second classifier's roles: its score column is a second model of the same rows.
    missing_values : str or list of str, optional
        Cells read as missing besides empty ones.
    confidence_level : float, optional
        Of the decision curves' bands and difference; default 0.95.
    random_state : int, default=0
        Seed of the bootstrap.
    """
    from phidelta.data import Roles, load_assessment, load_scores

    columns = [roles.score] + ([compare.score] if compare is not None and compare.score else [])
    if roles.weight is None:
        scored = load_assessment(
            predictions,
            Roles(roles.label, positive=roles.positive, score=roles.score, fold=roles.fold),
            missing_values=missing_values,
        )
        report.add(
            f"Best threshold of {roles.score}",
            best_threshold_section(
                scored, confidence_level=confidence_level or 0.95, random_state=random_state
            ),
        )
    heading = "Calibration and decision curves"
    if roles.weight is not None:
        report.add(
            heading,
            '<p class="note">Sample weights: the calibration statistics and decision curves '
            "count rows, so they are not shown for weighted rows.</p>",
        )
        return
    rows = load_scores(
        predictions,
        Roles(roles.label, positive=roles.positive),
        columns,
        missing_values=missing_values,
    )
    outside = [c for c in columns if not np.all((rows.scores[c] >= 0) & (rows.scores[c] <= 1))]
    if outside:
        report.add(
            heading,
            f'<p class="note">The scores of {html.escape(", ".join(outside))} are not all in '
            "[0, 1]: they are not probabilities, so no calibration statistics or decision "
            "curves are shown (calibrate them first, e.g. "
            "<code>phidelta.measures.IsotonicCalibrator</code>).</p>",
        )
        return
    left = (
        f'<p class="note">{rows.rows_left_out} rows with a missing label or score are left out.</p>'
        if rows.rows_left_out
        else ""
    )
    name = ", ".join(columns)
    try:
        calibration = calibration_section(rows.is_positive, rows.scores)
    except ValueError as exc:  # e.g. one predicted probability: no calibration slope exists
        calibration = f'<p class="note">No calibration statistics: {html.escape(str(exc))}</p>'
    report.add(f"Calibration of {name}", left + calibration)
    report.add(
        f"Decision curves of {name}",
        left
        + decision_section(
            rows.is_positive,
            rows.scores,
            confidence_level=confidence_level or 0.95,
            random_state=random_state,
        ),
    )

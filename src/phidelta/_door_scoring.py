"""Calibration, decision-curve and threshold-scan tables as every door shows them (command
line, report).

One place decides which numbers a door prints for predicted probabilities — rms's ``val.prob``
statistics, Hosmer–Lemeshow's test and the expected calibration errors; the decision curves of
one or more models with their bands and, for two models of the same rows, their paired
difference — so that the command line's JSON and the report's tables are the same numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = [
    "are_probabilities",
    "best_threshold_columns",
    "calibration_numbers",
    "decision_tables",
    "roc_test_tables",
    "scan_columns",
    "spread_rows",
]


def are_probabilities(scores: Any) -> bool:
    """Whether every score is a probability (finite and in [0, 1]).

    Parameters
    ----------
    scores : array-like
        Scores.

    Returns
    -------
    bool

    Examples
    --------
    >>> are_probabilities([0.0, 0.4, 1.0]), are_probabilities([-1.2, 0.3])
    (True, False)
    """
    values = np.asarray(scores, dtype=float)
    return bool(values.size and np.all((values >= 0) & (values <= 1)))


def calibration_numbers(
    is_positive: np.ndarray, probabilities: np.ndarray, *, bins: int = 10, groups: int = 10
) -> dict[str, float]:
    """The calibration statistics of one probability column, by name: ``val.prob``'s eighteen
    (rms's names), Hosmer–Lemeshow's Ĉ, df and p, and the expected calibration errors.

    Parameters
    ----------
    is_positive : ndarray of bool
        The rows' classes.
    probabilities : ndarray
        Their predicted probabilities of the positive class.
    bins : int, default=10
        Bins of the expected calibration errors.
    groups : int, default=10
        Groups of risk of the Hosmer–Lemeshow test.

    Returns
    -------
    dict of str to float
        ``Dxy`` … ``S:p`` (:meth:`phidelta.inference.CalibrationSummary.to_dict`),
        ``HL:Chi-sq``, ``HL:df``, ``HL:p``, ``ECE (equal width)``, ``ECE (equal mass)`` and
        ``ℓ2 CE (debiased)``, the root of the debiased squared error clipped at 0 (Kumar, Liang & Ma
        2019, equal-mass bins).

    Examples
    --------
    >>> y = np.array([0, 0, 1, 0, 0, 1, 0, 1, 1, 1], bool)
    >>> p = np.array([0.05, 0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9])
    >>> numbers = calibration_numbers(y, p, bins=5, groups=5)
    >>> round(numbers["Brier"], 4), numbers["HL:df"]  # Σ(y − p)²/10 = 1.615/10
    (0.1615, 3.0)
    """
    from phidelta.inference import calibration_summary, hosmer_lemeshow_test
    from phidelta.measures import debiased_calibration_error, expected_calibration_error

    y, p = is_positive, probabilities
    numbers = dict(calibration_summary(y, p).to_dict())
    hl = hosmer_lemeshow_test(y, p, groups=groups)
    numbers |= {"HL:Chi-sq": hl.statistic, "HL:df": float(hl.df), "HL:p": hl.pvalue}
    for strategy, name in (("uniform", "ECE (equal width)"), ("quantile", "ECE (equal mass)")):
        numbers[name] = expected_calibration_error(y, p, bins=bins, strategy=strategy).ece
    numbers["ℓ2 CE (debiased)"] = float(debiased_calibration_error(y, p, bins=bins).error)
    return numbers


def decision_tables(
    is_positive: np.ndarray,
    probabilities: Mapping[str, np.ndarray],
    thresholds: np.ndarray | None = None,
    *,
    band: bool = False,
    measure: str = "net_benefit",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: int = 0,
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The decision curves of one or more models of the same rows, as columns, and for two
    models their paired difference of net benefit.

    Parameters
    ----------
    is_positive : ndarray of bool
        The rows' classes.
    probabilities : mapping of str to ndarray
        Each model's predicted probabilities, by name.
    thresholds : ndarray, optional
        The threshold probabilities; default the library's grid (0, 0.01, …, 0.99).
    band : bool, default=False
        Add each model's bootstrap bands of `measure`
        (:func:`phidelta.inference.decision_curve_band`).
    measure : str, default="net_benefit"
        The curve banded.
    confidence_level, n_resamples, random_state
        Of the bootstrap (bands and difference).

    Returns
    -------
    columns : dict
        ``threshold_probability``, ``treat_all``, ``treat_none`` and per model
        ``<name>:net_benefit``, ``<name>:standardized_net_benefit``,
        ``<name>:net_interventions_avoided`` (per 100), and with `band`
        ``<name>:<measure>_low``, ``_high``, ``_simultaneous_low``, ``_simultaneous_high``.
    difference : dict or None
        For two models (:func:`phidelta.inference.net_benefit_difference`):
        ``threshold_probability``, ``difference``, ``low``, ``high``, ``simultaneous_low``,
        ``simultaneous_high``, ``standard_error``, ``statistic``, ``pvalue``.

    Examples
    --------
    >>> y = np.array([1, 1, 0, 1, 0, 0], bool)
    >>> columns, _ = decision_tables(y, {"m": np.array([0.9, 0.7, 0.6, 0.4, 0.2, 0.1])},
    ...                              np.array([0.25, 0.5]))
    >>> columns["m:net_benefit"]
    array([0.44444444, 0.16666667])
    """
    from phidelta.counts import ScoreTable
    from phidelta.inference import decision_curve_band, net_benefit_difference
    from phidelta.measures import decision_curve

    names = list(probabilities)
    tables = {
        n: ScoreTable.from_scores(is_positive, probabilities[n], pos_label=True) for n in names
    }
    curves = [decision_curve(tables[n], thresholds=thresholds) for n in names]
    first = curves[0]
    columns: dict[str, Any] = {
        "threshold_probability": first.threshold_probability,
        "treat_all": first.treat_all,
        "treat_none": first.treat_none,
    }
    bootstrap = {
        "confidence_level": confidence_level,
        "n_resamples": n_resamples,
        "random_state": random_state,
    }
    for name, curve in zip(names, curves, strict=True):
        columns[f"{name}:net_benefit"] = curve.net_benefit
        columns[f"{name}:standardized_net_benefit"] = curve.standardized_net_benefit
        columns[f"{name}:net_interventions_avoided"] = curve.net_interventions_avoided()
        if band:
            made = decision_curve_band(
                tables[name], thresholds=thresholds, measure=measure, **bootstrap
            )
            for key in ("low", "high", "simultaneous_low", "simultaneous_high"):
                columns[f"{name}:{measure}_{key}"] = getattr(made, key)
    if len(names) != 2:
        return columns, None
    res = net_benefit_difference(
        is_positive,
        probabilities[names[0]],
        probabilities[names[1]],
        thresholds=thresholds,
        **bootstrap,
    )
    keys = ("threshold_probability", "difference", "low", "high", "simultaneous_low")
    keys += ("simultaneous_high", "standard_error", "statistic", "pvalue")
    return columns, {k: getattr(res, k) for k in keys}


def roc_test_tables(
    result: Any, names: list[str], confidence_level: float, band: Any = None
) -> tuple[dict[str, list[Any]], dict[str, tuple[str, dict[str, Any]]]]:
    """A test of two ROC curves as a one-row table, and for Venkatraman's test the band of the
    curves' difference as a further table (its interval).

    Parameters
    ----------
    result : RocTest or VenkatramanTest
        What :func:`phidelta.inference.roc_test` returned.
    names : list of str
        The two curves' names.
    confidence_level : float
        Of the difference's interval.
    band : RocDifferenceBand, optional
        With Venkatraman's test: :func:`phidelta.inference.roc_difference_band`.

    Returns
    -------
    columns : dict
        ``curve_a``, ``curve_b``, ``method``, ``estimand``, the estimates, ``difference`` with
        ``difference_low`` and ``difference_high``, ``standard_error``, ``statistic``, ``df``
        and ``pvalue``; for Venkatraman's test ``statistic`` and ``pvalue`` (and, with
        `band`, ``largest_difference`` and whether the simultaneous band excludes 0 anywhere).
    extra : dict
        ``{"band": (title, columns)}`` with `band`, else empty.

    Examples
    --------
    >>> from phidelta.inference import roc_test
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0]
    >>> res = roc_test((y, [9, 8, 7, 3, 2, 4, 6, 1]), (y, [6, 4, 8, 5, 3, 7, 2, 1]))
    >>> columns, extra = roc_test_tables(res, ["a", "b"], 0.95)
    >>> columns["difference"], extra
    ([0.375], {})
    """
    columns: dict[str, list[Any]] = {"curve_a": [names[0]], "curve_b": [names[1]]}
    if hasattr(result, "estimand"):  # a RocTest: estimates and the difference's interval
        low, high = result.confidence_interval(confidence_level)
        return columns | {
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
        }, {}
    columns |= {
        "method": ["venkatraman"],
        "estimand": ["ROC curve"],
        "statistic": [result.statistic],
        "pvalue": [result.pvalue],
    }
    if band is None:
        return columns, {}
    largest = int(np.argmax(np.abs(band.difference)))
    excludes = (band.simultaneous_low > 0) | (band.simultaneous_high < 0)
    columns |= {
        "largest_difference": [float(band.difference[largest])],
        "at_specificity": [float(band.specificity[largest])],
        "band_excludes_0": [bool(excludes.any())],
    }
    table = {name: getattr(band, name) for name in band._fields}
    level = f"{confidence_level:.0%}"
    title = f"sensitivity {names[0]} − {names[1]} at fixed specificities, {level} bands"
    return columns, {"band": (title, table)}


def best_threshold_columns(best: Any) -> dict[str, Any]:
    """The best thresholds of an assessment's folds as columns: ``fold`` (the fold ids, then
    ``pooled``, ``mean``, ``std``, ``min``, ``max``) and the columns of
    :meth:`phidelta.assessment.BestThresholds.table`.

    Parameters
    ----------
    best : BestThresholds
        What :meth:`phidelta.assessment.Assessment.best_thresholds` returned.

    Returns
    -------
    dict of str to list or ndarray

    Examples
    --------
    >>> from phidelta.assessment import assess
    >>> a = assess([1, 0, 1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6, 0.8, 0.3],
    ...            folds=[1, 1, 1, 2, 2, 2])
    >>> columns = best_threshold_columns(a.best_thresholds(n_resamples=10, random_state=0))
    >>> columns["fold"]
    ['1', '2', 'pooled', 'mean', 'std', 'min', 'max']
    """
    table = best.table()
    columns = {"fold": list(table.index)} | {name: table[name] for name in table}
    # a count of points, undefined in the spread rows: whole numbers, not 1.000
    columns["tied_points"] = [None if v != v else int(v) for v in table["tied_points"].tolist()]
    return columns


def spread_rows(axis: Any, points: int, keep: Sequence[int] = ()) -> np.ndarray:
    """``points`` rows of a threshold scan spread evenly over its ``axis``, always with the
    first, the last and the ``keep`` rows.

    The rows nearest to evenly spaced values of the axis between its finite ends are kept;
    where several values fall on one row (a plateau of Be, clustered scores) the rows still
    missing are spread evenly over the others in row order (in quantiles of the scores).

    Parameters
    ----------
    axis : array-like of float
        One value per row, monotone in row order (the thresholds, decreasing from +inf, or
        the background acceptance Be, increasing); non-finite values are never targeted.
    points : int
        Rows wanted, at least ``2 + len(keep)``; all rows if there are no more.
    keep : sequence of int, default=()
        Rows always kept (the best cut).

    Returns
    -------
    ndarray of int
        The kept rows, increasing: ``min(points, len(axis))`` of them.

    Raises
    ------
    ValueError
        If `points` is too small to hold the first, the last and the `keep` rows.

    Examples
    --------
    >>> spread_rows([np.inf, 0.9, 0.8, 0.7, 0.2, 0.1], 4).tolist()  # thresholds 0.7 and 0.2
    [0, 3, 4, 5]
    >>> spread_rows([0, 0, 0, 0.5, 1, 1], 3, keep=[2]).tolist()
    [0, 2, 5]
    """
    values = np.asarray(axis, dtype=float)
    n = len(values)
    required = sorted({0, n - 1, *(int(k) for k in keep)}) if n else []
    if points < len(required):
        raise ValueError(
            f"`points` must be at least {len(required)} (the first, the last and the kept "
            f"rows); got {points}."
        )
    if points >= n:
        return np.arange(n)
    chosen = set(required)
    finite = np.flatnonzero(np.isfinite(values))
    wanted = points - len(required)
    if wanted and finite.size:
        order = np.argsort(values[finite], kind="stable")
        ascending = values[finite][order]
        # interior targets: the two ends of the axis are the first and last rows, kept
        targets = np.linspace(ascending[0], ascending[-1], wanted + 2)[1:-1]
        right = np.clip(np.searchsorted(ascending, targets), 0, len(ascending) - 1)
        left = np.clip(right - 1, 0, len(ascending) - 1)
        nearer = np.where(
            np.abs(ascending[left] - targets) <= np.abs(ascending[right] - targets), left, right
        )
        chosen.update(finite[order[nearer]].tolist())
    missing = points - len(chosen)
    if missing > 0:  # the middles of equal parts of the rows left (steps of at least one)
        rest = np.setdiff1d(np.arange(n), np.fromiter(chosen, int))
        at = np.floor((np.arange(missing) + 0.5) * len(rest) / missing).astype(int)
        chosen.update(rest[at].tolist())
    return np.array(sorted(chosen))


def scan_columns(
    table: Any,
    measures: Sequence[str],
    *,
    best: str = "quality_factor",
    against: str = "threshold",
    points: int | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Jiřina's threshold scan as a door prints it: one row per threshold with its counts and
    measures (:func:`phidelta.measures.threshold_scan`), the best cut of one measure, and
    ``points`` rows spread over the axis of the scan when the whole is too long to read.

    The best cut maximizes `best`, or minimizes it when it is an error
    (:data:`phidelta.measures.LOWER_IS_BETTER`); thresholds where it is undefined are passed
    over, and of tied cuts the first (the highest threshold) is taken.

    Parameters
    ----------
    table : ScoreTable
        The pooled score table.
    measures : sequence of str
        Names of :data:`phidelta.measures.MEASURES`; `best` is added after them when not
        among them, and against Be ``background_acceptance`` before them.
    best : str, default="quality_factor"
        The measure whose best cut is reported.
    against : {"threshold", "background_acceptance"}, default="threshold"
        The axis over which `points` rows are spread (Jiřina Figs. 2–3 or 6–7).
    points : int, optional
        Rows kept (:func:`spread_rows`, with the best cut's row); all of them by default.

    Returns
    -------
    columns : dict
        ``threshold`` (the first row's is +inf: nothing selected), ``tn``, ``fp``, ``fn``,
        ``tp`` and the measures, of the rows kept.
    summary : dict
        ``thresholds`` (rows of the whole scan), ``rows_shown``, ``against``, ``best``,
        ``best_rule``, ``best_undefined_cuts`` (the thresholds passed over), ``best_threshold``
        and ``best_<column>`` of the best cut's row.

    Raises
    ------
    ValueError
        If `against` is unknown or `best` is undefined at every threshold.

    Examples
    --------
    >>> from phidelta.counts import ScoreTable
    >>> t = ScoreTable.from_scores([1, 0, 1, 0, 1, 0], [0.9, 0.8, 0.7, 0.4, 0.3, 0.1])
    >>> columns, summary = scan_columns(t, ["signal_efficiency"], best="classification_error")
    >>> columns["threshold"].tolist()
    [inf, 0.9, 0.8, 0.7, 0.4, 0.3, 0.1]
    >>> summary["best_threshold"], summary["best_classification_error"]  # tied at 0.7
    (0.9, 0.3333333333333333)
    """
    from phidelta.measures import LOWER_IS_BETTER, best_cut, threshold_scan

    if against not in ("threshold", "background_acceptance"):
        raise ValueError(
            f'`against` must be "threshold" or "background_acceptance"; got {against!r}.'
        )
    axis_column = ["background_acceptance"] if against == "background_acceptance" else []
    scan = threshold_scan(table, list(dict.fromkeys([*axis_column, *measures, best])))
    thresholds = np.asarray(scan.index, dtype=float)
    values = scan[best]
    lower = best in LOWER_IS_BETTER
    row = best_cut(values, best)  # ties: the first
    axis = thresholds if against == "threshold" else scan["background_acceptance"]
    kept = np.arange(len(thresholds)) if points is None else spread_rows(axis, points, [row])
    columns = {"threshold": thresholds[kept]} | {name: scan[name][kept] for name in scan}
    summary = {
        "thresholds": len(thresholds),
        "rows_shown": len(kept),
        "against": against,
        "best": best,
        "best_rule": f"{'minimum' if lower else 'maximum'}, the highest threshold of ties",
        "best_undefined_cuts": int(np.isnan(values).sum()),  # cuts passed over (Q where Be = 0)
        "best_threshold": thresholds[row].item(),
    } | {f"best_{name}": scan[name][row].item() for name in scan}
    return columns, summary

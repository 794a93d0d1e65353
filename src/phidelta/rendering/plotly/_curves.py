"""ROC, coverage and precision–recall curves, calibration, threshold scans and decision
curves as Plotly figure specifications."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from phidelta.geometry import (
    DRAWING_TOLERANCE,
    calibration_polyline,
    line_in_box,
    logistic_calibration_curve,
    smooth_calibration_curve,
    thin_polyline,
)
from phidelta.rendering.plotly._common import (
    BLUE,
    GREEN,
    RED,
    TEAL,
    escape,
    figure,
    floats,
    legend_below,
    legend_entries,
    number,
    percent,
    precision,
    title,
    top_margin,
)

__all__ = [
    "calibration_figure",
    "decision_curve_figure",
    "precision_recall_figure",
    "roc_figure",
    "thinned",
    "threshold_scan_figure",
]

#: the curves' colours, in order (the page's blue and teal first)
COLORS = (BLUE, TEAL, "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22")
_RGB = {BLUE: "31,119,180", TEAL: "19,141,117"}  # the bands of the blue and teal curves
MARGIN = {"l": 55, "r": 15}
#: the height of a curve figure's plot area in pixels, its margins added to the figure's
PLOT_HEIGHT = 330


def _rgb(color: str) -> str:
    if color in _RGB:
        return _RGB[color]
    if color.startswith("#") and len(color) == 7:
        return ",".join(str(int(color[i : i + 2], 16)) for i in (1, 3, 5))
    return "31,119,180"


#: the last curves thinned, by a digest of their vertices and scale: the ROC and coverage
#: figures of one table (the web page's pair, the explorer's slider and ROC figure) draw
#: the same vertices, so the curve is thinned once for all of them. A web view of two
#: classifiers thins 8 curves, and a server has several users: the kept indices (a few
#: hundred per curve) are bounded in bytes, at most :data:`_THINNED_BYTES` in all
_THINNED: OrderedDict[bytes, np.ndarray] = OrderedDict()
_THINNED_BYTES = 4 << 20
_THINNED_HELD = [0]  # the bytes of the indices kept
_THINNED_LOCK = threading.Lock()


def thinned(
    x: Any, y: Any, *, scale: tuple[float, float] = (1.0, 1.0), thin: bool = True
) -> np.ndarray:
    """The indices of a curve's vertices to draw: all of a short curve, else those that
    :func:`phidelta.geometry.thin_polyline` keeps (within half a pixel of a 1,000-pixel plot
    of the range ``scale``).

    A curve is thinned once: the ROC curve and the coverage curve (the same vertices scaled
    by N and P, Flach 2012, §2.2) share its result, as do figures drawn again of the same
    table (the last few curves are remembered by a digest of their vertices).

    Parameters
    ----------
    x, y : array-like of shape (n,)
        The curve's vertices in drawing order.
    scale : (float, float), default (1.0, 1.0)
        The plotted range of x and y.
    thin : bool, default True
        False: every vertex.

    Returns
    -------
    ndarray of int
        Increasing indices into ``x`` and ``y``, the first and the last among them.

    Examples
    --------
    >>> t = np.linspace(0, 1, 5001)
    >>> len(thinned(t, t)), len(thinned(t[:10], t[:10]))
    (2, 10)
    """
    x = np.ascontiguousarray(x, dtype=float)
    y = np.ascontiguousarray(y, dtype=float)
    ok = np.isfinite(x) & np.isfinite(y)
    if not thin or len(x) <= 1000 or not ok.all():
        return np.arange(len(x))
    digest = hashlib.blake2b(x.data, digest_size=16)
    digest.update(y.data)
    digest.update(np.asarray(scale, dtype=float).tobytes())
    key = digest.digest()
    with _THINNED_LOCK:
        kept = _THINNED.get(key)
        if kept is not None:
            _THINNED.move_to_end(key)
            return kept.copy()
    kept = thin_polyline(x, y, tolerance=DRAWING_TOLERANCE, scale=scale)
    with _THINNED_LOCK:
        if key not in _THINNED:
            _THINNED[key] = kept
            _THINNED_HELD[0] += kept.nbytes
        while _THINNED_HELD[0] > _THINNED_BYTES and len(_THINNED) > 1:
            _THINNED_HELD[0] -= _THINNED.popitem(last=False)[1].nbytes
    return kept.copy()


def _frame(text: str, data: list[dict[str, Any]], *, axis_lines: int = 1) -> dict[str, Any]:
    """A curve figure's margins, title, legend and height: the title left-aligned below the
    mode bar's band, the legend below the plot area where it covers no curve, the figure as
    high as its plot area of :data:`PLOT_HEIGHT` and both (a long legend makes the figure
    higher, not the plot smaller)."""
    legend, bottom = legend_below(legend_entries(data), axis_lines=axis_lines)
    top = top_margin(text)
    return {
        "margin": {**MARGIN, "t": top, "b": bottom},
        "height": top + PLOT_HEIGHT + bottom,
        "hovermode": "closest",
        "title": title(text),
        "legend": legend,
    }


def _tables(tables: Any) -> list[Any]:
    if hasattr(tables, "total_positives"):
        return [tables]
    tables = list(tables)
    if not tables or not all(hasattr(t, "total_positives") for t in tables):
        raise TypeError(
            "`tables` must be a ScoreTable or a list of them (ScoreTable.from_scores(y, s))."
        )
    return tables


def _names(names: Sequence[Any] | None, n: int) -> list[str] | None:
    if names is None:
        return None
    if len(names) != n:
        raise ValueError(f"`names` has {len(names)} names for {n} curves.")
    return [escape(v) for v in names]


def _band_traces(
    band: Any,
    x: Any,
    *,
    color: str,
    who: str,
    simultaneous_legend: bool,
    sx: float = 1.0,
    sy: float = 1.0,
) -> list[dict[str, Any]]:
    """A curve's bands, shaded: the simultaneous band (``simultaneous_low``,
    ``simultaneous_high`` where the band has them) under the pointwise one (``low``,
    ``high``), at the abscissae ``x``, scaled by ``sx`` and ``sy``."""
    x = np.asarray(x, dtype=float) * sx
    slow = getattr(band, "simultaneous_low", None)
    shigh = getattr(band, "simultaneous_high", None)
    rgb = _rgb(color)

    def shade(lo: Any, hi: Any, alpha: float, name: str, legend: bool) -> list[dict[str, Any]]:
        return [
            {
                "type": "scatter",
                "x": floats(x),
                "y": floats(np.asarray(lo, float) * sy),
                "mode": "lines",
                "line": {"width": 0},
                "showlegend": False,
                "hoverinfo": "skip",
            },
            {
                "type": "scatter",
                "x": floats(x),
                "y": floats(np.asarray(hi, float) * sy),
                "mode": "lines",
                "line": {"width": 0},
                "fill": "tonexty",
                "fillcolor": f"rgba({rgb},{alpha})",
                "name": name,
                "showlegend": legend,
                "hoverinfo": "skip",
            },
        ]

    lvl = percent(band.confidence_level)
    out = []
    if slow is not None:
        out += shade(
            slow, shigh, 0.12, f"{lvl} simultaneous band (sup-t){who}", simultaneous_legend
        )
    return out + shade(band.low, band.high, 0.28, f"{lvl} pointwise band (percentile){who}", True)


def roc_figure(
    tables: Any,
    *,
    names: Sequence[Any] | None = None,
    space: str = "roc",
    hull: bool = True,
    ratio: float | None = None,
    cost_ratio: float = 1.0,
    optimal: bool = True,
    operating_point: dict[str, Any] | None = None,
    bands: Sequence[Any] | None = None,
    acceptable_region: bool = False,
    thin: bool = True,
    title_text: str | None = None,
) -> dict[str, Any]:
    """ROC curves (or coverage curves) as a Plotly figure specification.

    The chance diagonal, each table's curve (ties as diagonal segments, hover: the rates and
    the threshold), the first table's convex hull, the best iso-cost line at ``ratio`` and
    ``cost_ratio`` through its cost-optimal point (Flach 2012, §2.2), bands where given, an
    operating point where given. Curves of more than 1,000 vertices are thinned for drawing
    (:func:`phidelta.geometry.thin_polyline`): no drawn point further than half a pixel of a
    1,000-pixel plot from the exact curve; the vertices drawn are exact.

    Parameters
    ----------
    tables : ScoreTable or list of ScoreTable
        One curve per table.
    names : sequence, optional
        One name per table (escaped).
    space : {"roc", "coverage"}, default "roc"
        Rates, or counts in the first table's N × P box (Flach's coverage plot).
    hull : bool, default True
        The first table's ROC convex hull.
    ratio : float, optional
        N/P of the operating condition; default the first table's own.
    cost_ratio : float, default 1.0
        c_FN / c_FP of the operating condition.
    optimal : bool, default True
        Draw the best iso-cost line and, without ``operating_point``, the cost-optimal point
        it touches (as :class:`~phidelta.rendering.RocDisplay` marks it).
    operating_point : dict, optional
        ``{"fpr", "tpr"}`` (rates) and optionally ``"name"`` and ``"text"`` (hover): a point
        to mark, such as the folds' pooled counts — then the only point marked.
    bands : sequence, optional
        Per table, a band with ``fpr``, ``low``, ``high`` (and ``simultaneous_low``,
        ``simultaneous_high``, ``confidence_level``) such as
        :func:`phidelta.inference.roc_band`'s, or None.
    acceptable_region : bool, default False
        Shade Jiřina's acceptable region, Q ≥ 1 and E ≥ 1 (true positive rate at least the
        square root of the false positive rate), under every curve and band, as
        :meth:`phidelta.rendering.RocDisplay.plot` does.
    thin : bool, default True
        Thin long curves for drawing.
    title_text : str, optional
        The title; default "ROC" or "coverage space".

    Returns
    -------
    dict
        ``{"data": [...], "layout": {...}}``.

    Examples
    --------
    >>> from phidelta import ScoreTable
    >>> table = ScoreTable.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> spec = roc_figure(table)
    >>> [t.get("name") for t in spec["data"]][1:3]
    ['ROC (AUC 0.750)', 'convex hull (AUC 0.875)']
    >>> spec["data"][3]["name"]
    'best iso-cost line at N/P = 1.00, c_FN/c_FP = 1: score ≥ 0.6'
    """
    from phidelta.measures import isometric_slope, optimal_points, roc_convex_hull, roc_curve

    tables = _tables(tables)
    labels = _names(names, len(tables))
    if space not in ("roc", "coverage"):
        raise ValueError(f'`space` must be "roc" or "coverage"; got {space!r}.')
    coverage = space == "coverage"
    first = tables[0]
    sx = float(first.total_negatives) if coverage else 1.0
    sy = float(first.total_positives) if coverage else 1.0
    several = len(tables) > 1
    data: list[dict[str, Any]] = [
        {
            "type": "scatter",
            "x": [0, sx],
            "y": [0, sy],
            "mode": "lines",
            "line": {"dash": "dot", "color": "#999"},
            "showlegend": False,
            "hoverinfo": "skip",
        }
    ]
    curves = []
    for k, table in enumerate(tables):
        curve = roc_curve(table)
        keep = thinned(curve.fpr, curve.tpr, thin=thin)
        who = f" {labels[k]}" if labels else ""
        kind = "coverage curve" if coverage else "ROC"
        curves.append(
            {
                "type": "scatter",
                "x": floats(curve.fpr[keep] * sx),
                "y": floats(curve.tpr[keep] * sy),
                "mode": "lines",
                "line": {"color": COLORS[k % len(COLORS)], "width": 2},
                "name": f"{kind}{who} (AUC {curve.auc():.3f})",
                "customdata": floats(curve.thresholds[keep]),
                "hovertemplate": f"{kind}{who}<br>"
                + ("FP %{x:.0f}, TP %{y:.0f}" if coverage else "FPR %{x:.3f}, TPR %{y:.3f}")
                + "<br>score ≥ %{customdata:.4g}<extra></extra>",
            }
        )
    data.append(curves[0])
    if hull:
        h = roc_convex_hull(first)
        data.append(
            {
                "type": "scatter",
                "x": floats(h.fpr * sx),
                "y": floats(h.tpr * sy),
                "mode": "lines",
                "line": {"dash": "dash", "color": "#333"},
                "name": f"convex hull (AUC {h.auc():.3f})",
            }
        )
    if optimal:
        r = float(first.total_negatives / first.total_positives) if ratio is None else ratio
        best = optimal_points(first, ratio=r, cost_ratio=cost_ratio)
        segment = line_in_box(
            (best.fpr[0], best.tpr[0]), isometric_slope(ratio=r, cost_ratio=cost_ratio)
        )
        condition = f"N/P = {precision(r)}, c_FN/c_FP = {number(cost_ratio)}"
        cut = number(best.thresholds[0])
        data.append(
            {
                "type": "scatter",
                "x": floats(segment[:, 0] * sx) if len(segment) else [],
                "y": floats(segment[:, 1] * sy) if len(segment) else [],
                "mode": "lines",
                "line": {"dash": "dot", "color": GREEN},
                "name": f"best iso-cost line at {condition}: score ≥ {cut}",
                "hovertemplate": f"cost-optimal at {condition}: score ≥ {cut}<extra></extra>",
            }
        )
        if operating_point is None:  # the point it touches, as the static figure marks it
            data.append(
                {
                    "type": "scatter",
                    "x": floats(best.fpr[:1] * sx),
                    "y": floats(best.tpr[:1] * sy),
                    "mode": "markers",
                    "marker": {"color": GREEN, "size": 9},
                    "name": f"optimal: threshold {cut}",
                    "hovertemplate": f"cost-optimal point: score ≥ {cut}<extra></extra>",
                }
            )
    for k, band in enumerate(bands or []):
        if band is None:
            continue
        who = f" {labels[k]}" if labels and several else ""
        shades = _band_traces(
            band,
            band.fpr,
            color=COLORS[k % len(COLORS)],
            who=who,
            simultaneous_legend=not several,
            sx=sx,
            sy=sy,
        )
        if k == 0:  # under the first curve
            data[1:1] = shades
        else:
            data += shades
    if acceptable_region:  # under everything but the diagonal
        grid = np.linspace(0, 1, 200)
        data[1:1] = [
            {
                "type": "scatter",
                "x": floats(np.r_[grid, 1.0, 0.0] * sx),
                "y": floats(np.r_[np.sqrt(grid), 1.0, 1.0] * sy),
                "mode": "lines",
                "line": {"width": 0},
                "fill": "toself",
                "fillcolor": "rgba(188,189,34,0.12)",  # matplotlib's tab:olive
                "name": "acceptable: Q ≥ 1, E ≥ 1",
                "hoverinfo": "skip",
            }
        ]
    data += curves[1:]
    if operating_point is not None and operating_point.get("fpr") is not None:
        text = operating_point.get("text", "")
        data.append(
            {
                "type": "scatter",
                "x": [operating_point["fpr"] * sx],
                "y": [operating_point["tpr"] * sy],
                "mode": "markers",
                "marker": {
                    "color": BLUE,
                    "size": 11,
                    "symbol": "diamond",
                    "line": {"color": "white", "width": 1},
                },
                "name": operating_point.get("name", "operating point"),
                "hovertemplate": (f"operating point: {text}<br>" if text else "operating point<br>")
                + "FPR %{x:.3f}, TPR %{y:.3f}<extra></extra>",
            }
        )
    n, p = first.total_negatives, first.total_positives
    # equal units (the diagonal at 45°; the coverage box N × P as Flach draws it, unless
    # so flat that it could not be read), the plot area shrunk rather than the axes widened
    square = not coverage or 0.25 <= sy / sx <= 4
    layout = {
        **_frame(title_text or ("coverage space" if coverage else "ROC"), data),
        "xaxis": {
            "title": {
                "text": f"false positives (N = {n:g})" if coverage else "false positive rate"
            },
            "range": [0, sx],
            "constrain": "domain",
        },
        "yaxis": {
            "title": {"text": f"true positives (P = {p:g})" if coverage else "true positive rate"},
            "range": [0, 1.02 * sy],
            **({"scaleanchor": "x", "constrain": "domain"} if square else {}),
        },
    }
    return figure(data, layout)


def precision_recall_figure(
    tables: Any,
    *,
    names: Sequence[Any] | None = None,
    bands: Sequence[Any] | None = None,
    thin: bool = True,
    title_text: str | None = None,
) -> dict[str, Any]:
    """Precision–recall curves as a Plotly figure specification.

    Each table's curve through its achievable points (hover: recall, precision, threshold),
    the first table's prevalence as the chance level, bands where given
    (:func:`phidelta.inference.precision_recall_band`). Long curves are thinned for drawing
    as in :func:`roc_figure`.

    Parameters
    ----------
    tables : ScoreTable or list of ScoreTable
        One curve per table.
    names : sequence, optional
        One name per table.
    bands : sequence, optional
        Per table a band with ``recall``, ``low``, ``high`` (and the simultaneous ones), or
        None.
    thin : bool, default True
        Thin long curves for drawing.
    title_text : str, optional
        The title.

    Returns
    -------
    dict

    Examples
    --------
    >>> from phidelta import ScoreTable
    >>> spec = precision_recall_figure(ScoreTable.from_scores([0, 1, 1], [0.2, 0.6, 0.9]))
    >>> [t.get("name") for t in spec["data"]]
    ['chance (prevalence 0.667)', 'precision–recall (AP 1.000)']
    """
    from phidelta.measures import average_precision, precision_recall_curve

    tables = _tables(tables)
    labels = _names(names, len(tables))
    first = tables[0]
    prevalence = first.total_positives / (first.total_positives + first.total_negatives)
    data: list[dict[str, Any]] = [
        {
            "type": "scatter",
            "x": [0, 1],
            "y": [prevalence, prevalence],
            "mode": "lines",
            "line": {"dash": "dot", "color": "#999"},
            "name": f"chance (prevalence {prevalence:.3f})",
            "hoverinfo": "skip",
        }
    ]
    for k, band in enumerate(bands or []):
        if band is not None:
            data += _band_traces(
                band,
                band.recall,
                color=COLORS[k % len(COLORS)],
                who=f" {labels[k]}" if labels else "",
                simultaneous_legend=len(tables) == 1,
            )
    for k, table in enumerate(tables):
        curve = precision_recall_curve(table)
        keep = thinned(curve.recall, curve.precision, thin=thin)
        who = f" {labels[k]}" if labels else ""
        ap = float(np.asarray(average_precision(table)).ravel()[0])
        data.append(
            {
                "type": "scatter",
                "x": floats(curve.recall[keep]),
                "y": floats(curve.precision[keep]),
                "mode": "lines",
                "line": {"color": COLORS[k % len(COLORS)], "width": 2},
                "name": f"precision–recall{who} (AP {ap:.3f})",
                "customdata": floats(curve.thresholds[keep]),
                "hovertemplate": f"precision–recall{who}<br>recall %{{x:.3f}}, precision "
                "%{y:.3f}<br>score ≥ %{customdata:.4g}<extra></extra>",
            }
        )
    layout = {
        **_frame(title_text or "precision–recall", data),
        "xaxis": {"title": {"text": "recall (true positive rate)"}, "range": [0, 1]},
        "yaxis": {"title": {"text": "precision"}, "range": [0, 1.02]},
    }
    return figure(data, layout)


def calibration_figure(
    y_true: Any = None,
    scores: Any = None,
    *,
    table: Any = None,
    pos_label: Any = None,
    kind: str = "map",
    reliability: Any = None,
    band: bool | str = "pointwise",
    title_text: str | None = None,
) -> dict[str, Any]:
    """Calibration as a Plotly figure specification.

    ``kind="map"``: the isotonic calibration map score → probability
    (:func:`phidelta.geometry.calibration_polyline`) with, where given, the reliability
    bins and their intervals (:func:`phidelta.inference.reliability_intervals`).
    ``kind="reliability"``: the bins of ``reliability`` beside the ideal line.
    ``kind="smooth"``: rms's val.prob plot — the ideal line, the lowess curve
    (:func:`phidelta.geometry.smooth_calibration_curve`), the logistic calibration curve,
    the isotonic map over [0, 1] and the reliability bins where given; the scores must be
    probabilities.

    Parameters
    ----------
    y_true, scores : array-like of shape (n,), optional
        Rows (needed by ``kind="smooth"``).
    table : ScoreTable, optional
        The scores' table (else made from the rows).
    pos_label : object, optional
        The positive class of ``y_true``.
    kind : {"map", "reliability", "smooth"}, default "map"
        Which view.
    reliability : ReliabilityIntervals, optional
        Bins with ``mean_predicted``, ``observed``, ``low``, ``high``, ``count``,
        ``confidence_level`` (and ``simultaneous_low``, ``simultaneous_high``).
    band : bool or {"pointwise", "simultaneous"}, default "pointwise"
        Which intervals of the bins of ``reliability`` to draw, as
        :meth:`phidelta.rendering.CalibrationDisplay.plot` draws them: each bin's own
        (``low``, ``high``) as error bars, the simultaneous ones (Bonferroni over the bins)
        as wide pale bars under them; True both, False none (the bins alone).
    title_text : str, optional
        The title.

    Returns
    -------
    dict

    Raises
    ------
    ValueError
        If ``kind`` or ``band`` is unknown, or the view lacks what it draws.

    Examples
    --------
    >>> spec = calibration_figure([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9])
    >>> spec["data"][0]["name"], spec["layout"]["xaxis"]["range"]
    ('isotonic', [0.0, 1.0])
    >>> from phidelta.inference import reliability_intervals
    >>> from phidelta.measures import expected_calibration_error
    >>> bins = expected_calibration_error([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9], bins=2)
    >>> spec = calibration_figure(
    ...     [0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9], kind="reliability",
    ...     reliability=reliability_intervals(bins), band=True)
    >>> [t["name"] for t in spec["data"]][1:]
    ['95% simultaneous (Wilson, Bonferroni over bins)', 'bins, 95% Wilson']
    """
    from phidelta.counts import ScoreTable
    from phidelta.measures import IsotonicCalibrator, logistic_calibration

    if kind not in ("map", "reliability", "smooth"):
        raise ValueError(f'`kind` must be "map", "reliability" or "smooth"; got {kind!r}.')
    if band is True or band is False:
        kinds: tuple[str, ...] = ("pointwise", "simultaneous") if band else ()
    elif band in ("pointwise", "simultaneous"):
        kinds = (band,)
    else:
        raise ValueError(
            f'`band` must be True, False, "pointwise" or "simultaneous"; got {band!r}.'
        )
    if table is None:
        if y_true is None or scores is None:
            raise ValueError("give `y_true` and `scores`, or `table`.")
        table = ScoreTable.from_scores(y_true, scores, pos_label=pos_label)
    data: list[dict[str, Any]] = []
    if kind == "reliability":  # the bins alone, beside the ideal line
        if reliability is None:
            raise ValueError(
                'kind="reliability" draws the bins: give `reliability` '
                "(phidelta.inference.reliability_intervals)."
            )
        data.append(
            {
                "type": "scatter",
                "x": [0, 1],
                "y": [0, 1],
                "mode": "lines",
                "line": {"color": "#999", "dash": "dash", "width": 1},
                "name": "ideal",
                "hoverinfo": "skip",
            }
        )
        window = [-0.03, 1.03]
        xtitle = "mean predicted probability"
        ytitle = "observed frequency of the positive class"
    elif kind == "map":
        isotonic = calibration_polyline(IsotonicCalibrator().fit_table(table))
        data.append(
            {
                "type": "scatter",
                "x": floats(isotonic.score),
                "y": floats(isotonic.probability),
                "mode": "lines",
                "line": {"color": BLUE},
                "name": "isotonic",
                "hovertemplate": "score %{x:.4g}<br>probability %{y:.3f}<extra></extra>",
            }
        )
        window = list(isotonic.window)
        xtitle = "score (the map is flat beyond this range)" if isotonic.clipped else "score"
        ytitle = "calibrated probability"
    else:
        if y_true is None or scores is None:
            raise ValueError('kind="smooth" needs the rows: give `y_true` and `scores`.')
        p = np.asarray(scores, dtype=float)
        if p.size and (p.min() < 0 or p.max() > 1):
            raise ValueError(
                'kind="smooth" needs probabilities in [0, 1] as `scores`; these range over '
                f"[{p.min():g}, {p.max():g}]."
            )
        isotonic = calibration_polyline(IsotonicCalibrator().fit_table(table), (0.0, 1.0))
        logistic = logistic_calibration_curve(logistic_calibration(y_true, p, pos_label=pos_label))
        smooth = smooth_calibration_curve(y_true, p, pos_label=pos_label)
        keep = thinned(smooth.probability, smooth.observed)
        data += [
            {
                "type": "scatter",
                "x": [0, 1],
                "y": [0, 1],
                "mode": "lines",
                "line": {"color": "#d0d0d0", "width": 4},
                "name": "ideal",
                "hoverinfo": "skip",
            },
            {
                "type": "scatter",
                "x": floats(isotonic.score),
                "y": floats(isotonic.probability),
                "mode": "lines",
                "line": {"color": RED, "width": 1},
                "opacity": 0.8,
                "name": "isotonic",
            },
            {
                "type": "scatter",
                "x": floats(logistic.probability),
                "y": floats(logistic.observed),
                "mode": "lines",
                "line": {"color": "black", "width": 1, "dash": "dash"},
                "name": "logistic calibration",
            },
            {
                "type": "scatter",
                "x": floats(smooth.probability[keep]),
                "y": floats(smooth.observed[keep]),
                "mode": "lines",
                "line": {"color": BLUE, "width": 2},
                "name": "nonparametric (lowess)",
                "hovertemplate": "predicted %{x:.3f}<br>observed %{y:.3f}<extra></extra>",
            },
        ]
        window = [-0.02, 1.02]
        xtitle = "predicted probability"
        ytitle = "observed frequency of the positive class"
    if reliability is not None:
        rel = reliability
        color = RED if kind == "map" else "#ff7f0e"
        lvl = percent(rel.confidence_level)
        observed = np.asarray(rel.observed, dtype=float)
        if "simultaneous" in kinds:  # wide pale bars under the bins, one a non-empty bin
            filled = np.asarray(rel.count, dtype=float) > 0
            x = np.asarray(rel.mean_predicted, dtype=float)[filled]
            low = np.asarray(rel.simultaneous_low, dtype=float)[filled]
            high = np.asarray(rel.simultaneous_high, dtype=float)[filled]
            gap = np.full(len(x), np.nan)  # a break between two bins' bars
            data.append(
                {
                    "type": "scatter",
                    "x": floats(np.column_stack([x, x, gap])),
                    "y": floats(np.column_stack([low, high, gap])),
                    "mode": "lines",
                    "line": {"color": f"rgba({_rgb(color)},0.25)", "width": 7},
                    "name": f"{lvl} simultaneous (Wilson, Bonferroni over bins)",
                    "hoverinfo": "skip",
                }
            )
        bins = {
            "type": "scatter",
            "x": floats(rel.mean_predicted),
            "y": floats(observed),
            "mode": "markers",
            "marker": {"color": color, "size": 7},
            "name": f"bins, {lvl} Wilson" if "pointwise" in kinds else "bins",
            "customdata": floats(rel.count),
            "hovertemplate": "mean predicted %{x:.3f}<br>observed %{y:.3f}"
            "<br>%{customdata} rows<extra></extra>",
        }
        if "pointwise" in kinds:
            bins["error_y"] = {
                "type": "data",
                "symmetric": False,
                "color": color,
                "array": floats(np.asarray(rel.high, dtype=float) - observed),
                "arrayminus": floats(observed - np.asarray(rel.low, dtype=float)),
            }
        data.append(bins)
    named = {"map": "calibration map", "reliability": "reliability diagram"}
    layout = {
        **_frame(title_text or named.get(kind, "calibration curves"), data),
        "xaxis": {"title": {"text": xtitle}, "range": window},
        "yaxis": {"title": {"text": ytitle}, "range": [-0.02, 1.02]},
    }
    return figure(data, layout)


def threshold_scan_figure(
    table: Any,
    *,
    measures: Sequence[str] = ("classification_error",),
    against: str = "threshold",
    log: bool = False,
    title_text: str | None = None,
) -> dict[str, Any]:
    """Measures against the threshold (Jiřina Figs. 2–3) or the background acceptance
    (Figs. 6–7) as a Plotly figure specification, the minimum classification error marked.
    Scans of more than 1,000 thresholds are thinned for drawing (on a linear axis) within half
    a pixel of a 1,000-pixel plot, their steps kept as steps.

    Parameters
    ----------
    table : ScoreTable
        The scores' table.
    measures : sequence of str, default ("classification_error",)
        Measures of :func:`phidelta.measures.threshold_scan`.
    against : {"threshold", "background_acceptance"}, default "threshold"
        The x axis.
    log : bool, default False
        A logarithmic y axis.
    title_text : str, optional
        The title; default "threshold dependence".

    Returns
    -------
    dict

    Examples
    --------
    >>> from phidelta import ScoreTable
    >>> spec = threshold_scan_figure(ScoreTable.from_scores([0, 1, 1], [0.2, 0.6, 0.9]))
    >>> [t["name"] for t in spec["data"]]
    ['classification error', 'minimum Ce = 0']
    """
    from phidelta.measures import best_cut, threshold_scan

    if against not in ("threshold", "background_acceptance"):
        raise ValueError(
            f'`against` must be "threshold" or "background_acceptance"; got {against!r}.'
        )
    scan = threshold_scan(table, [*measures, "background_acceptance"])
    by_threshold = against == "threshold"
    rows = slice(1, None) if by_threshold else slice(None)  # the threshold +inf: no x
    x = (
        np.asarray(scan.index, dtype=float)[rows]
        if by_threshold
        else np.asarray(scan["background_acceptance"], dtype=float)
    )
    data: list[dict[str, Any]] = []
    for k, name in enumerate(measures):
        y = np.asarray(scan[name], dtype=float)[rows]
        xs, ys, shape = x, y, {"shape": "hv"} if by_threshold else {}
        if len(x) > 1000 and not log and np.isfinite(y).all() and np.isfinite(x).all():
            if by_threshold:  # the steps as a polyline, so that thinning keeps their shape
                xs, ys, shape = np.repeat(x, 2)[1:], np.repeat(y, 2)[:-1], {}
            keep = thinned(xs, ys, scale=(float(np.ptp(xs)) or 1.0, float(np.ptp(ys)) or 1.0))
            xs, ys = xs[keep], ys[keep]
        data.append(
            {
                "type": "scatter",
                "x": floats(xs),
                "y": floats(ys),
                "mode": "lines",
                "line": {"color": COLORS[k % len(COLORS)], **shape},
                "name": name.replace("_", " "),
            }
        )
    if "classification_error" in measures:
        values = np.asarray(scan["classification_error"], dtype=float)[rows]
        best = best_cut(values, "classification_error")
        data.append(
            {
                "type": "scatter",
                "x": [float(x[best])],
                "y": [float(values[best])],
                "mode": "markers",
                "marker": {"color": RED, "size": 9},
                "name": f"minimum Ce = {values[best]:.3g}",
            }
        )
    layout = {
        **_frame(title_text or "threshold dependence", data),
        "xaxis": {
            "title": {
                "text": "threshold θ (predict positive when score ≥ θ)"
                if by_threshold
                else "background acceptance Be"
            }
        },
        "yaxis": {"type": "log"} if log else {},
    }
    return figure(data, layout)


def decision_curve_figure(
    curves: Any,
    *,
    names: Sequence[Any] | None = None,
    kind: str = "net_benefit",
    per: float = 100,
    treat_all: bool = True,
    treat_none: bool = True,
    band: Any = None,
    ylim: tuple[float, float] | None = None,
    title_text: str | None = None,
) -> dict[str, Any]:
    """Decision curves (Vickers & Elkin 2006) as a Plotly figure specification: each
    model's net benefit (or standardized net benefit, or net interventions avoided) against
    the threshold probability, beside treating all and treating none, with the first model's
    band where given (:func:`phidelta.inference.decision_curve_band`).

    Parameters
    ----------
    curves : DecisionCurve or list of DecisionCurve
        :func:`phidelta.measures.decision_curve` results over the same thresholds.
    names : sequence, optional
        One name per model; default "model".
    kind : {"net_benefit", "standardized_net_benefit", "net_interventions_avoided"}
        What to draw.
    per : float, default 100
        Interventions avoided per how many patients.
    treat_all, treat_none : bool, default True
        The reference strategies (not drawn for interventions avoided).
    band : DecisionCurveBand, optional
        The first model's band (``low``, ``high``, ``simultaneous_low``, ...).
    ylim : (float, float), optional
        The y range; default from −prevalence/2 to 1.1 · prevalence for net benefit.
    title_text : str, optional
        The title; default "decision curve".

    Returns
    -------
    dict

    Examples
    --------
    >>> from phidelta import ScoreTable
    >>> from phidelta.measures import decision_curve
    >>> curve = decision_curve(ScoreTable.from_scores([0, 1, 1, 0], [0.2, 0.7, 0.9, 0.4]))
    >>> [t["name"] for t in decision_curve_figure(curve)["data"]]
    ['treat all', 'treat none', 'model']
    """
    kinds = ("net_benefit", "standardized_net_benefit", "net_interventions_avoided")
    if kind not in kinds:
        raise ValueError(f"`kind` must be one of {list(kinds)}; got {kind!r}.")
    curves = [curves] if hasattr(curves, "net_benefit") else list(curves)
    labels = _names(names, len(curves)) or (
        ["model"] if len(curves) == 1 else [f"model {k + 1}" for k in range(len(curves))]
    )
    first = curves[0]
    pt = np.asarray(first.threshold_probability, dtype=float)

    def values(curve: Any) -> np.ndarray:
        if kind == "net_benefit":
            return np.asarray(curve.net_benefit, dtype=float)
        if kind == "standardized_net_benefit":
            return np.asarray(curve.standardized_net_benefit, dtype=float)
        return np.asarray(curve.net_interventions_avoided(per), dtype=float)

    data: list[dict[str, Any]] = []
    if kind != "net_interventions_avoided":
        scale = 1.0 if kind == "net_benefit" else 1 / first.prevalence
        if treat_all:
            data.append(
                {
                    "type": "scatter",
                    "x": floats(pt),
                    "y": floats(np.asarray(first.treat_all) * scale),
                    "mode": "lines",
                    "line": {"color": "#737373", "width": 1.2},
                    "name": "treat all",
                }
            )
        if treat_none:
            data.append(
                {
                    "type": "scatter",
                    "x": floats(pt),
                    "y": floats(first.treat_none),
                    "mode": "lines",
                    "line": {"color": "#262626", "width": 1, "dash": "dash"},
                    "name": "treat none",
                }
            )
    if band is not None:
        data += _band_traces(
            band,
            pt,
            color=COLORS[0],
            who=f" {labels[0]}" if len(curves) > 1 else "",
            simultaneous_legend=True,
        )
    ytitle = {
        "net_benefit": "net benefit",
        "standardized_net_benefit": "standardized net benefit (NB / prevalence)",
        "net_interventions_avoided": f"net interventions avoided per {per:g}",
    }[kind]
    for k, curve in enumerate(curves):
        data.append(
            {
                "type": "scatter",
                "x": floats(pt),
                "y": floats(values(curve)),
                "mode": "lines",
                "line": {"color": COLORS[k % len(COLORS)], "width": 2},
                "name": labels[k],
                "hovertemplate": f"{labels[k]}<br>p_t = %{{x:.2f}}<br>{ytitle} = "
                "%{y:.4f}<extra></extra>",
            }
        )
    if ylim is None:
        if kind == "net_benefit":
            top = max(c.prevalence for c in curves)
            ylim = (-0.5 * top, 1.1 * top)
        elif kind == "standardized_net_benefit":
            ylim = (-0.5, 1.05)
        else:
            finite = np.concatenate([v[np.isfinite(v)] for v in map(values, curves)])
            high = max(float(finite.max()) if len(finite) else 1.0, 1.0)
            ylim = (-0.15 * high, 1.1 * high)
    layout = {
        **_frame(title_text or "decision curve", data, axis_lines=2),
        "xaxis": {
            "title": {
                "text": "threshold probability p_t<br>(treat when the predicted probability ≥ p_t)"
            },
            "range": [float(pt[0]), float(pt[-1])],
        },
        "yaxis": {
            "title": {"text": ytitle},
            "range": [float(ylim[0]), float(ylim[1])],
            "zeroline": True,
        },
    }
    return figure(data, layout)

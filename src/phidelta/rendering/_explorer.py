"""The threshold explorer: a scoring classifier's operating points in the browser, no server.

One slider walks the thresholds (predict positive when score ≥ threshold): the operating
point moves together on the ROC (Flach 2012, §2.2), precision–recall and φ-δ diagrams
(Armano 2015), and the confusion matrix and the measures show the library's numbers at that
cut, each with its interval (:func:`phidelta.inference.measure_intervals`). A second slider
sets the class ratio N/P of the φ-δ diagram (the generalized φ-δ, Armano et al. 2019).

Everything the page shows is computed here, in Python, from the exact score table and
embedded as JSON: the counts at each slider step come from the table's cumulative sums (exact
for any number of distinct scores), the measures and their intervals from the library. Only
the generalized φ, δ at the ratio of the second slider and their intervals are computed in
the browser, by the library's formulas from the numbers sent (``static/explorer.js``, tested
against :func:`phidelta.measures.phi_delta` and, from the exact Wilson limits of sensitivity
and specificity, :func:`phidelta.inference.newcombe_interval` with the ratio's weights).
Large tables keep the page light: the slider steps over the vertices kept by
:func:`phidelta.geometry.thin_polyline` on the ROC and precision–recall curves (no drawn
point further than half a pixel of a 1,000-pixel plot from the exact curve) and over up to
:data:`EVEN_STEPS` cuts evenly spaced in rows.
"""

from __future__ import annotations

import html
import json
import uuid
import warnings
from collections.abc import Mapping
from importlib import resources
from typing import Any

import numpy as np

from phidelta.counts import BinaryCounts, ScoreTable

__all__ = [
    "ALL_STEPS",
    "EVEN_STEPS",
    "EXPLORER_MEASURES",
    "MCC_RESAMPLES",
    "MCC_SEED",
    "ThresholdExplorer",
    "explorer_fragment",
    "explorer_payload",
    "explorer_script",
    "explorer_steps",
]

#: Tables with at most this many operating points get a slider step at each of them.
ALL_STEPS = 2001
#: Larger tables: besides the thinned curves' vertices, cuts evenly spaced in rows.
EVEN_STEPS = 400

#: The measures shown at each cut, with their labels, each with its interval
#: (:func:`phidelta.inference.measure_intervals`: MCC's is the BCa bootstrap on counts, seeded
#: with :data:`MCC_SEED`); the page adds φ and δ at the diagram's ratio.
EXPLORER_MEASURES: Mapping[str, str] = {
    "sensitivity": "sensitivity (recall, tpr)",
    "specificity": "specificity",
    "precision": "precision",
    "negative_predictive_value": "negative predictive value",
    "accuracy": "accuracy",
    "f1_score": "F1 score",
    "cohen_kappa": "Cohen's κ",
    "phi": "φ (bias)",
    "delta": "δ (discriminant capability)",
    "mcc": "MCC",
}
#: the seed and resamples of MCC's bootstrap: the same table gives the same page
MCC_SEED, MCC_RESAMPLES = 0, 2000
# the intervals' methods as the page names them (phidelta.inference.AUTO_METHODS)
_METHOD_NAMES = {
    "wilson": "Wilson score",
    "newcombe": "Newcombe hybrid score",
    "fleiss_cohen_everitt": "Fleiss–Cohen–Everitt",
    "bca": f"BCa bootstrap ({MCC_RESAMPLES:,} resamples)",
}
# sent exactly (not to seven digits): the page combines their Wilson limits into the
# intervals of φ and δ at its ratio
_EXACT_BOUNDS = ("sensitivity", "specificity")

#: The ratios N/P of the φ-δ slider: 41 steps evenly spaced in log10 over [0.1, 10] (the
#: geometry's range), plus the data's own ratio when it lies inside.
_RATIO_GRID = np.round(10 ** np.linspace(-1, 1, 41), 6)


def explorer_steps(table: ScoreTable) -> np.ndarray:
    """The operating points the threshold slider steps over, as indices of
    ``table.thresholds()``.

    Every operating point of a table with at most :data:`ALL_STEPS`; otherwise the vertices
    of the thinned ROC and precision–recall curves (:func:`phidelta.geometry.thin_polyline`,
    half a pixel of a 1,000-pixel plot) and :data:`EVEN_STEPS` cuts evenly spaced in rows,
    the first (nothing positive) and the last (everything positive) always among them.

    Parameters
    ----------
    table : ScoreTable
        The exact score table, both classes present.

    Returns
    -------
    ndarray of int
        Increasing indices into ``table.thresholds()`` (decreasing thresholds).

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
    >>> explorer_steps(t).tolist()
    [0, 1, 2, 3]
    """
    return _steps_and_curve(table)[0]


def _steps_and_curve(table: ScoreTable) -> tuple[np.ndarray, np.ndarray]:
    """The slider's steps (:func:`explorer_steps`) and the vertices of the thinned ROC curve
    (drawn in the φ-δ diagram), thinned once for both."""
    from phidelta.rendering.plotly import thinned

    points = len(table) + 1
    tp, fp = table.cumulative()
    # the rates as roc_curve writes them, so that the ROC figure's thinning is this one
    tpr, fpr = tp / table.total_positives, fp / table.total_negatives
    roc = thinned(fpr, tpr)
    if points <= ALL_STEPS:
        return np.arange(points), roc
    predicted = tp + fp
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = tp / predicted
    defined = np.flatnonzero(predicted > 0)
    pr = defined[thinned(tpr[defined], precision[defined])]
    rows = np.linspace(0, predicted[-1], EVEN_STEPS)
    even = np.minimum(np.searchsorted(predicted, rows, side="left"), points - 1)
    return np.unique(np.concatenate([[0, points - 1], roc, pr, even])), roc


def _listed(values: np.ndarray) -> list[Any]:
    """A JSON-ready list: integers stay integers, NaN and ±inf become null."""
    values = np.asarray(values)
    if values.dtype.kind in "iub":
        return values.tolist()
    floats = values.astype(float)
    return [v if np.isfinite(v) else None for v in floats.tolist()]


def _significant(bounds: np.ndarray, digits: int = 7) -> list[float | None]:
    """Interval bounds to ``digits`` significant digits, JSON-ready (the page shows four
    decimals): the data of many steps a third lighter; the values themselves stay exact."""
    return [float(f"{v:.{digits}g}") if np.isfinite(v) else None for v in bounds.tolist()]


def _step_measures(counts: BinaryCounts, level: float) -> dict[str, Any]:
    """The measures of :data:`EXPLORER_MEASURES` at each step, with intervals (library):
    bounds to seven digits, those of sensitivity and specificity exact."""
    from phidelta.exceptions import UndefinedMeasureWarning
    from phidelta.inference import measure_intervals
    from phidelta.measures import mcc

    names = list(EXPLORER_MEASURES)
    # weighted rows: the bootstrap resamples integer counts, so MCC goes without interval
    drawn = [n for n in names if n != "mcc"] if counts.is_soft else names
    with warnings.catch_warnings():  # undefined at the extreme cuts: NaN, shown as "—"
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        found = measure_intervals(
            counts,
            measures=drawn,
            confidence_level=level,
            random_state=MCC_SEED,
            n_resamples=MCC_RESAMPLES,
        )
        estimate, low, high = dict(found.estimate), dict(found.low), dict(found.high)
        methods = {n: _METHOD_NAMES.get(found.methods[n], found.methods[n]) for n in drawn}
        if counts.is_soft:
            estimate["mcc"] = mcc(counts, zero_division=np.nan)
            low["mcc"] = high["mcc"] = np.full(len(counts), np.nan)
            methods["mcc"] = ""

    def bounds(values: dict[str, np.ndarray]) -> dict[str, list[Any]]:
        return {
            n: _listed(values[n]) if n in _EXACT_BOUNDS else _significant(values[n]) for n in names
        }

    return {
        "names": names,
        "labels": list(EXPLORER_MEASURES.values()),
        "methods": {n: methods[n] for n in names},
        "value": {n: _listed(estimate[n]) for n in names},
        "low": bounds(low),
        "high": bounds(high),
    }


def _ratios(actual: float) -> list[float]:
    grid = [float(r) for r in _RATIO_GRID]
    if 0.1 <= actual <= 10 and not np.any(np.isclose(_RATIO_GRID, actual, rtol=1e-9)):
        grid = sorted([*grid, float(actual)])
    return grid


def _start(thresholds: np.ndarray, deltas: list[Any], threshold: float | None) -> int:
    """The first step shown: the one nearest ``threshold`` (its cut "score ≥ threshold"), or
    the largest δ (Youden's J) without one."""
    if threshold is not None:
        finite = np.where(np.isfinite(thresholds), thresholds, np.inf)
        at = np.flatnonzero(finite >= threshold)  # cuts predicting no more than the rule
        return int(at[-1]) if len(at) else 0
    values = np.array([-np.inf if d is None else d for d in deltas], dtype=float)
    return int(np.argmax(values))


def explorer_payload(
    table: ScoreTable,
    *,
    name: str = "classifier",
    positive: Any = "positive",
    confidence_level: float = 0.95,
    ratio: float | None = None,
    threshold: float | None = None,
) -> dict[str, Any]:
    """Everything the explorer's page shows, JSON-ready: counts, measures and figures.

    Parameters
    ----------
    table : ScoreTable
        The exact score table of the classifier, both classes present.
    name : str, default "classifier"
        The classifier's name (titles and hover labels).
    positive : object, default "positive"
        The positive class, as the page names it.
    confidence_level : float, default 0.95
        Level of the measures' intervals, in (0, 1).
    ratio : float, optional
        The φ-δ slider's first ratio N/P (in [0.1, 10]); default the data's own ratio when it
        lies in [0.1, 10], else 1.
    threshold : float, optional
        The threshold slider's first cut (the step nearest "score ≥ threshold"); default
        the cut of the largest δ (Youden's J).

    Returns
    -------
    dict
        Keys ``name``, ``positives``, ``negatives``, ``steps`` (``threshold`` — null for
        the cut above every score —, ``tp`` and ``fp`` at each step), ``measures``,
        ``curve`` (the ROC curve's thinned vertices and their thresholds), ``figures`` (ROC
        and PR, Plotly dicts), ``ratios`` and ``phidelta_backgrounds`` (one Plotly figure per
        ratio) and ``start``.

    Raises
    ------
    ValueError
        If the table lacks a class, or ``ratio`` is outside [0.1, 10].

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0, 1], [0.9, 0.5, 0.5, 0.1, 0.3])
    >>> payload = explorer_payload(t, name="demo")
    >>> payload["steps"]["tp"], payload["steps"]["fp"]
    ([0, 1, 2, 3, 3], [0, 0, 1, 1, 2])
    >>> payload["measures"]["value"]["sensitivity"][2]  # 2 of 3 positives at score ≥ 0.5
    0.6666666666666666
    """
    from phidelta._validation import check_confidence_level

    if not isinstance(table, ScoreTable):
        raise TypeError(f"`table` must be a ScoreTable; got {type(table).__name__}.")
    if table.total_positives <= 0 or table.total_negatives <= 0:
        raise ValueError(
            "`table` must hold both classes (the explorer draws rates of each); got "
            f"{table.total_positives:g} positives and {table.total_negatives:g} negatives."
        )
    level = check_confidence_level(confidence_level, where="explorer_payload")
    actual = float(table.total_negatives / table.total_positives)
    first_ratio = (actual if 0.1 <= actual <= 10 else 1.0) if ratio is None else float(ratio)
    if not 0.1 <= first_ratio <= 10:
        raise ValueError(f"`ratio` must be in [0.1, 10] (negatives / positives); got {ratio!r}.")
    steps, kept = _steps_and_curve(table)
    tp_all, fp_all = table.cumulative()
    tp, fp = tp_all[steps], fp_all[steps]
    p, n = table.total_positives, table.total_negatives
    # weighted tables: the running sums may overshoot the total by a rounding error
    counts = BinaryCounts(tn=np.maximum(n - fp, 0), fp=fp, fn=np.maximum(p - tp, 0), tp=tp)
    shown = _step_measures(counts, level)
    thresholds = table.thresholds()[steps]
    fpr, tpr = fp_all / n, tp_all / p
    ratios = _ratios(actual)
    figures, backgrounds = _figures(table, name, ratios)
    return {
        "name": str(name),
        "name_html": html.escape(str(name)),
        "positive": str(positive),
        "positives": _listed(np.array([p]))[0],
        "negatives": _listed(np.array([n]))[0],
        "distinct_scores": len(table),
        "confidence_level": level,
        "steps": {"threshold": _listed(thresholds), "tp": _listed(tp), "fp": _listed(fp)},
        "measures": shown,
        "curve": {
            "fpr": _listed(fpr[kept]),
            "tpr": _listed(tpr[kept]),
            "threshold": _listed(table.thresholds()[kept]),
        },
        "figures": figures,
        "ratios": ratios,
        "ratio_start": int(np.argmin(np.abs(np.log(np.array(ratios) / first_ratio)))),
        "phidelta_backgrounds": backgrounds,
        "start": _start(thresholds, shown["value"]["delta"], threshold),
    }


def _figures(
    table: ScoreTable, name: str, ratios: list[float]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The ROC and precision–recall figures, and the φ-δ diagram's background (diamond,
    accuracy isometrics, corners) at each ratio: the figure specification's
    (:mod:`phidelta.rendering.plotly`), one figure code for the page, notebook and report."""
    from phidelta.rendering.plotly import (
        diamond_traces,
        phi_delta_layout,
        precision_recall_figure,
        roc_figure,
    )
    from phidelta.rendering.plotly._common import legend_below, legend_entries

    roc = roc_figure(table, names=[name], optimal=False)
    pr = precision_recall_figure(table, names=[name])
    for spec in (roc, pr):  # room for the operating point's legend entry (explorer.js)
        bottom = legend_below(legend_entries(spec["data"]) + 1)[1]
        spec["layout"]["height"] += bottom - spec["layout"]["margin"]["b"]
        spec["layout"]["margin"]["b"] = bottom
    backgrounds = [
        {
            "data": diamond_traces(r, isometrics=("accuracy",)),
            "layout": phi_delta_layout(r, legend_below=True),
        }
        for r in ratios
    ]
    return {"roc": roc, "pr": pr}, backgrounds


def explorer_script() -> str:
    """The explorer's JavaScript (package data ``rendering/static/explorer.js``).

    Returns
    -------
    str
        The script's text; it defines ``window.phideltaExplorer`` once per page.

    Examples
    --------
    >>> "phideltaExplorer" in explorer_script()
    True
    """
    return resources.files("phidelta.rendering").joinpath("static/explorer.js").read_text("utf-8")


_CSS = """
.pdx{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1c1c;
max-width:1180px}
.pdx-head{font-size:.95rem;margin:.3rem 0}
.pdx-controls{display:flex;flex-wrap:wrap;gap:.4rem 1.6rem;align-items:center;margin:.4rem 0}
.pdx-controls label{display:flex;align-items:center;gap:.5rem;font-size:.9rem}
.pdx-controls input[type=range]{width:min(360px,70vw)}
.pdx-controls output{font-size:.85rem;color:#333;min-width:14rem}
.pdx-plots{display:flex;flex-wrap:wrap;gap:.5rem}
.pdx-plots>div{flex:1 1 340px;min-width:300px;min-height:430px}
.pdx-tables{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}
.pdx table{border-collapse:collapse;font-size:.82rem;margin:.4rem 0}
.pdx th,.pdx td{border:1px solid #ddd;padding:.2rem .45rem;text-align:right}
.pdx th{background:#f4f4f4;text-align:left}
.pdx caption{font-size:.82rem;color:#555;text-align:left}
"""


def _json_script(payload: Mapping[str, Any]) -> str:
    # "</" inside a <script> would end it: JSON allows the escaped "<\/"
    text = json.dumps(payload, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    return text.replace("</", "<\\/")


def explorer_fragment(payload: Mapping[str, Any], *, script: bool = True) -> str:
    """The explorer's HTML: sliders, three plots, the confusion matrix and the measures.

    Parameters
    ----------
    payload : dict
        From :func:`explorer_payload`.
    script : bool, default True
        Include the explorer's JavaScript (:func:`explorer_script`); a page holding several
        explorers includes it once and passes False for the others. plotly.js is never
        included: the page (or :func:`plotly_script`) provides it.

    Returns
    -------
    str
        An HTML fragment that renders itself once plotly.js and the script are loaded.
    """
    key = f"pdx-{uuid.uuid4().hex[:12]}"
    steps = len(payload["steps"]["tp"])
    start = steps - 1 - int(payload["start"])
    title = html.escape(payload["name"])
    head = (
        f"<b>{title}</b>: positive class {html.escape(payload['positive'])}, "
        f"{payload['positives']:g} positives, {payload['negatives']:g} negatives, "
        f"{payload['distinct_scores']:,} distinct scores; the slider steps over "
        f"{steps:,} cuts, the counts at each exact."
    )
    body = (
        f'<div class="pdx" id="{key}" data-explorer="1"><style>{_CSS}</style>'
        f'<div class="pdx-head">{head}</div><div class="pdx-controls">'
        f'<label>threshold <input type="range" class="pdx-threshold" min="0" '
        f'max="{steps - 1}" step="1" value="{start}" aria-label="threshold"></label>'
        '<output class="pdx-threshold-value"></output>'
        f'<label>class ratio of the φ-δ diagram <input type="range" class="pdx-ratio" '
        f'min="0" max="{len(payload["ratios"]) - 1}" step="1" '
        f'value="{payload["ratio_start"]}" aria-label="class ratio"></label>'
        '<output class="pdx-ratio-value"></output></div>'
        '<div class="pdx-plots"><div class="pdx-roc"></div><div class="pdx-pr"></div>'
        '<div class="pdx-phidelta"></div></div><div class="pdx-tables">'
        '<table class="pdx-matrix"><caption>confusion matrix at the cut</caption><thead><tr>'
        "<th></th><th>predicted positive</th><th>predicted negative</th></tr></thead>"
        '<tbody></tbody></table><table class="pdx-measures"><caption>measures at the cut, '
        'intervals at <span class="pdx-level"></span></caption><thead><tr><th>measure</th>'
        "<th>value</th><th>interval</th><th>method</th></tr></thead><tbody></tbody></table>"
        f'</div><script type="application/json" class="pdx-data">{_json_script(payload)}'
        "</script></div>"
    )
    code = f"<script>{explorer_script()}</script>" if script else ""
    return (
        f"{body}{code}<script>window.phideltaExplorer && "
        f"window.phideltaExplorer.render({json.dumps(key)});</script>"
    )


def _plotly_script() -> str:
    """plotly.js as a script that sets ``window.Plotly`` (inlined: no network)."""
    from phidelta.rendering.plotly import notebook_html

    return notebook_html(include_plotlyjs=True)


class ThresholdExplorer:
    """A scoring classifier's threshold explorer: shown inline by a notebook, saved as a page.

    Build it with :func:`phidelta.explore` (or :meth:`from_table`). The page needs no Python
    and no network: the score table's numbers are embedded and plotly.js is inlined.

    Parameters
    ----------
    payload : dict
        From :func:`explorer_payload`.

    Attributes
    ----------
    payload : dict
        What the page shows.

    Examples
    --------
    >>> t = ScoreTable.from_scores([1, 0, 1, 0, 1], [0.9, 0.5, 0.5, 0.1, 0.3])
    >>> explorer = ThresholdExplorer.from_table(t, name="demo")
    >>> explorer
    ThresholdExplorer(name='demo', positives=3, negatives=2, steps=5)
    >>> "phideltaExplorer.render" in explorer.html(include_plotlyjs=False)
    True
    """

    def __init__(self, payload: Mapping[str, Any]) -> None:
        self.payload = dict(payload)

    @classmethod
    def from_table(cls, table: ScoreTable, **options: Any) -> ThresholdExplorer:
        """The explorer of an exact score table (options of :func:`explorer_payload`).

        Parameters
        ----------
        table : ScoreTable
            The classifier's score table, both classes present.
        **options
            ``name``, ``positive``, ``confidence_level``, ``ratio``, ``threshold``.

        Returns
        -------
        ThresholdExplorer
        """
        return cls(explorer_payload(table, **options))

    def __repr__(self) -> str:
        p = self.payload
        return (
            f"ThresholdExplorer(name={p['name']!r}, positives={p['positives']:g}, "
            f"negatives={p['negatives']:g}, steps={len(p['steps']['tp'])})"
        )

    def html(self, *, include_plotlyjs: bool = True, script: bool = True) -> str:
        """The explorer as an HTML fragment (a notebook output, a report's section).

        Parameters
        ----------
        include_plotlyjs : bool, default True
            Inline plotly.js (about 4.8 MB); False where the page already has it.
        script : bool, default True
            Include the explorer's own JavaScript; False where the page already has it.

        Returns
        -------
        str
            The sliders, plots and tables, the data embedded, drawn when the fragment loads.
        """
        plotly = _plotly_script() if include_plotlyjs else ""
        return plotly + explorer_fragment(self.payload, script=script)

    def page(self) -> str:
        """A complete HTML document holding the explorer (what :meth:`save` writes).

        Returns
        -------
        str
            The document, plotly.js inlined: it needs no network to open.
        """
        title = html.escape(f"Threshold explorer: {self.payload['name']}")
        return (
            f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}'
            f'</title></head><body style="margin:1rem auto;max-width:1200px;padding:0 1rem">'
            f"{self.html()}</body></html>"
        )

    def save(self, path: Any) -> Any:
        """Write :meth:`page` to ``path`` (UTF-8): a file that opens anywhere, offline.

        Parameters
        ----------
        path : str or Path
            The HTML file to write (its folder is created).

        Returns
        -------
        Path
            The file written.
        """
        from pathlib import Path

        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.page(), encoding="utf-8")
        return target

    @staticmethod
    def script() -> str:
        """The explorer's JavaScript, for a page that holds several explorers and includes it
        once (then ``html(script=False)`` for each).

        Returns
        -------
        str
            The script's text (:func:`explorer_script`).
        """
        return explorer_script()

    def _repr_html_(self) -> str:
        return self.html()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": repr(self)}

"""Self-contained HTML reports: figures embedded as PNG, tables as HTML (an interface layer)."""

from __future__ import annotations

import datetime as _dt
import functools
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from phidelta import __version__
from phidelta._door_intervals import (
    DEFAULT_RANDOM_STATE,
    INTERVAL_METHODS,
    assessment_intervals,
    interval_cell,
    method_text,
    signature_intervals,
    triangle_intervals,
)
from phidelta._format import column_text
from phidelta._report_html import canvas, figure_html, interactive_figures, table_html
from phidelta._report_scoring import calibration_section, decision_section, file_scoring_sections

__all__ = [
    "Report",
    "assessment_section",
    "calibration_section",
    "decision_section",
    "demo_report",
    "explorer_section",
    "file_report",
    "signature_section",
    "triangle_section",
]

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;
max-width:1180px;color:#1c1c1c;line-height:1.45;padding:0 1rem}
h1{font-size:1.6rem} h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2.4rem}
h3{font-size:1.05rem;margin-top:1.4rem}
.figures{display:flex;flex-wrap:wrap;gap:1rem}
.figures figure{margin:0;flex:1 1 460px;max-width:720px}
.figures img{width:100%;height:auto;border:1px solid #eee}
.figures figure.interactive{border:1px solid #eee}
figcaption{font-size:.85rem;color:#555}
table{border-collapse:collapse;font-size:.82rem;margin:.6rem 0}
th,td{border:1px solid #ddd;padding:.2rem .45rem;text-align:right}
th{background:#f4f4f4}
.note{font-size:.88rem;color:#444} .note.warning{color:#8a4b00} nav a{margin-right:1rem}
"""


@dataclass
class Report:
    """An HTML report built from sections; ``write(path)`` makes one self-contained file.

    Figures are embedded as PNG and tables as HTML, so the file needs nothing else to open.

    Parameters
    ----------
    title : str
        The title of the page.
    sections : list of (str, str), optional
        ``(heading, HTML body)`` pairs, in order; :meth:`add` appends one.
    interactive : bool, default False
        The page loads plotly.js (inlined, once) and the threshold explorer's script, which
        the sections' interactive figures and explorers use (:func:`file_report` and
        :func:`demo_report` with ``interactive=True``).

    See Also
    --------
    signature_section, assessment_section, triangle_section : bodies of sections.
    file_report, demo_report : complete reports.

    Examples
    --------
    >>> report = Report("My report").add("Notes", "<p>Nothing yet.</p>")
    >>> report.sections
    [('Notes', '<p>Nothing yet.</p>')]
    >>> page = report.html()
    >>> page.startswith("<!doctype html>"), "<h2>Notes</h2>" in page
    (True, True)
    """

    title: str
    sections: list[tuple[str, str]] = field(default_factory=list)
    interactive: bool = False

    def add(self, heading: str, body: str) -> Report:
        """Append a section.

        Parameters
        ----------
        heading : str
            The section's heading (plain text, escaped).
        body : str
            Its HTML (inserted as is).

        Returns
        -------
        Report
            The report itself, so that calls chain.
        """
        self.sections.append((heading, body))
        return self

    def html(self) -> str:
        """The page: title, version and time stamp, a navigation bar and the sections.

        Returns
        -------
        str
            A complete HTML document.
        """
        stamp = _dt.datetime.now().strftime("%Y-%m-%d %H:%M")
        nav = "".join(
            f'<a href="#s{i}">{html.escape(h)}</a>' for i, (h, _) in enumerate(self.sections)
        )
        parts = [
            f'<section id="s{i}"><h2>{html.escape(h)}</h2>{b}</section>'
            for i, (h, b) in enumerate(self.sections)
        ]
        scripts = ""
        if self.interactive:  # loaded once, before every figure and explorer that uses them
            from phidelta.rendering import ThresholdExplorer
            from phidelta.rendering.plotly import notebook_html

            scripts = notebook_html() + f"<script>{ThresholdExplorer.script()}</script>"
        return (
            f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(self.title)}</title><style>{_CSS}</style></head><body>"
            f'{scripts}<h1>{html.escape(self.title)}</h1><p class="note">phidelta '
            f"{__version__}, {stamp}</p><nav>{nav}</nav>{''.join(parts)}</body></html>"
        )

    def write(self, path: str | Path) -> Path:
        """Write the page of :meth:`html` to ``path`` (UTF-8), creating its folder.

        Parameters
        ----------
        path : str or Path
            The HTML file to write.

        Returns
        -------
        Path
            The file written.
        """
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.html(), encoding="utf-8")
        return target


def _ratios(chosen: float) -> list[float]:
    """The diagrams' ratios: standard, and ``chosen`` when it differs and the geometry allows
    it (N/P in [0.1, 10])."""
    return [1.0] + ([chosen] if 0.1 <= chosen <= 10 and abs(chosen - 1) > 1e-9 else [])


def signature_section(
    signature: Any,
    *,
    ratio: float | None = None,
    top: int = 20,
    phi_max: float = 0.7,
    delta_min: float = 0.4,
    k: int | None = 10,
    fdr: float = 0.05,
    confidence_level: float | None = None,
    interval_method: str = "auto",
    random_state: int = DEFAULT_RANDOM_STATE,
) -> str:
    """The feature signature: diagrams, the ranking table with p- and q-values, the selection.

    Diagrams at ratio 1 and at the actual ratio, the ranking table with each feature's p- and
    q-value (:meth:`~phidelta.signatures.Signature.default_test`; Benjamini & Hochberg 1995),
    and the features Armano's rule (2015, §5.1) selects among those with q ≤ ``fdr``. With
    ``confidence_level``, φ, δ, the rates and the information gain of every feature with
    integer counts get their intervals in the table
    (:func:`phidelta._door_intervals.signature_intervals`, as ``phidelta stats`` prints them).

    Parameters
    ----------
    signature : Signature
        The features (:func:`phidelta.signatures.signature`).
    ratio : float, optional
        The class ratio of the second diagram; default the signature's actual ratio (only
        drawn when it differs from 1 and lies in [0.1, 10]).
    top : int, default 20
        Rows of the ranking table (by |δ|).
    phi_max, delta_min : float, default 0.7 and 0.4
        φM and δm of the selection rule (Armano 2015, Table 3).
    k : int or None, default 10
        Keep at most this many selected features.
    fdr : float, default 0.05
        The false discovery rate of the q-values and of the selection.
    confidence_level : float, optional
        In (0, 1): the intervals of φ, δ (at N/P = 1), sensitivity, specificity and
        information gain (at N/P = 1) of the features with integer counts ("0.41 [0.33,
        0.49]"); soft counts of numeric features are not counts of rows and get none, which
        the section says.
    interval_method : {"auto", "bootstrap", "percentile"}, default="auto"
        The intervals' method (:data:`phidelta._door_intervals.INTERVAL_METHODS`).
    random_state : int, default=0
        Seed of the bootstrap intervals.

    Returns
    -------
    str
        The section's HTML, figures embedded.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from phidelta.datasets import load_climate_data
    >>> from phidelta.signatures import signature
    >>> data, labels, names = load_climate_data()
    >>> body = signature_section(signature(data, labels, feature_names=names), top=3)
    >>> body.count("<figure>"), body.count("<tr>")  # 2 diagrams; a header and 3 features
    (2, 4)
    >>> "soft counts" in signature_section(signature(data, labels, feature_names=names),
    ...                                    top=3, confidence_level=0.9)
    True
    """

    from phidelta.rendering import PhiDeltaDisplay
    from phidelta.signatures import SUMMARY_COLUMNS

    kept = getattr(signature, "_rows", None)
    grouped = kept is not None and kept.groups is not None  # rows in groups (patients)
    # the p-values (Fisher, permutations) treat rows as independent: none with groups
    pvalues, how = (None, "") if grouped else _feature_pvalues(signature)
    figures = []
    ratios = _ratios(signature.ratio if ratio is None else ratio)
    for r in ratios:
        fig, ax = canvas((6.2, 5.4))
        shown = PhiDeltaDisplay.from_signature(
            signature,
            ratio=r,
            ax=ax,
            draw=fig is not None,
            annotate=12,
            isometrics=("accuracy",),
            fdr=None if pvalues is None else fdr,
            pvalues=pvalues,
        )
        figures.append(
            figure_html(
                fig,
                f"signature at ratio N/P = {r:.3g}"
                + (" (standard)" if r == 1 else (" (actual)" if ratio is None else "")),
                display=shown,
                isometrics=("accuracy",),
            )
        )
    order = signature.rank("delta")[:top]
    columns = signature.to_dict()
    ranked = {key: [columns[key][i] for i in order] for key in SUMMARY_COLUMNS}
    said = ""
    if confidence_level is not None:
        ranked, said = _feature_interval_cells(
            signature, ranked, order, confidence_level, interval_method, random_state
        )
    significance = ""
    if pvalues is not None:
        from phidelta.inference import benjamini_hochberg

        qvalues = benjamini_hochberg(pvalues)
        ranked["pvalue"] = pvalues[order]
        ranked["qvalue"] = qvalues[order]
        significance = (
            f"<p>{int(np.count_nonzero(qvalues <= fdr))} of {len(signature)} features are "
            f"more than noise at a false discovery rate of {fdr:g} (Benjamini–Hochberg "
            f"q-values of the {html.escape(how)}; ringed in the diagrams).</p>"
        )
    chosen = signature.select(
        phi_max=phi_max,
        delta_min=delta_min,
        k=k,
        fdr=None if pvalues is None else fdr,
        pvalues=pvalues if pvalues is not None else "fisher",
    )
    selected = ", ".join(html.escape(signature.names[i]) for i in chosen) or "none"
    note = signature.suspect_note()  # columns that look like no feature, by name
    suspect = (
        f'<p class="note">Suspect columns: {html.escape(note)}. They are ranked below all the '
        "same; leave them out with <code>--ignore</code> (<code>kinds=</code> in Python).</p>"
        if note
        else ""
    )
    return (
        f'<p class="note">{len(signature)} features, positive class '
        f"{html.escape(str(signature.positive))}, class ratio N/P = {signature.ratio:.4g}. "
        "Discriminant features sit near the top (covariant) or bottom (contravariant) "
        "corner, rare ones at the left, characteristic ones (stop words) at the right.</p>"
        f"{suspect}"
        f'<div class="figures">{"".join(figures)}</div>'
        f"<h3>Top {len(order)} features by standard |δ| (N/P = 1, as <code>phidelta stats"
        f"</code> ranks by default)</h3>{significance}{said}{table_html(ranked)}"
        f"<h3>Selection (|φ| &lt; {phi_max}, |φ| + |δ|/{delta_min} ≥ 1"
        + (f", q ≤ {fdr:g}" if pvalues is not None else "")
        + f", top {k} by |δ|)</h3><p>{selected}</p>"
    )


def _feature_interval_cells(
    signature: Any,
    ranked: dict[str, Any],
    order: Any,
    level: float,
    method: str,
    random_state: int,
) -> tuple[dict[str, Any], str]:
    """The ranking table's φ, δ, rates and information gain as cells "0.41 [0.33, 0.49]" (the
    features with integer counts), and the sentence that says how and for which."""
    bounds, methods, counted = signature_intervals(
        signature, confidence_level=level, method=method, random_state=random_state
    )
    shown = dict(ranked)
    for key, (low, high) in bounds.items():
        text = column_text(list(ranked[key]), digits=3)
        shown[key] = [interval_cell(t, low[i], high[i]) for t, i in zip(text, order, strict=True)]
    percent = f"{100 * level:g}%"
    soft = len(signature) - counted
    parts = []
    if counted:
        parts.append(
            f"In brackets the {percent} intervals of φ, δ, sensitivity, specificity and "
            f"information gain (φ, δ and information gain at N/P = 1): "
            f"{html.escape(method_text(methods))} (bootstrap: seed {random_state})."
        )
    if soft:
        parts.append(
            f"{soft} feature{'s' if soft != 1 else ''} with soft counts (numeric features read "
            "softly: sums of min-max scaled values, not counts of rows) get no interval — a "
            "binomial or bootstrap interval needs counts of rows; the best single cut "
            "(<code>phidelta stats --numeric threshold</code>) counts rows and gets one."
        )
    if signature.numeric_mode == "threshold" and "numeric" in signature.kinds:
        parts.append(
            "Each numeric feature's cut was searched on the same rows: its intervals do not "
            "account for that search (optimistic)."
        )
    parts.append("The *_ratio columns (the same rates seen at another N/P) have no interval here.")
    kept = getattr(signature, "_rows", None)
    if kept is not None and kept.groups is not None:
        parts.append(
            f"The rows come in {len(set(kept.groups.tolist()))} groups (patients, speakers, …): "
            "every interval resamples whole groups (cluster bootstrap), and the features' "
            "p-values, which treat rows as independent, are not shown."
        )
    return shown, f'<p class="note">{" ".join(parts)}</p>'


def _feature_pvalues(signature: Any) -> tuple[np.ndarray | None, str]:
    """The features' p-values every door shows (:meth:`Signature.default_pvalues`) and the
    test's name; None when no feature has a test (soft counts without their rows)."""
    pvalues, method = signature.default_pvalues()
    if np.all(np.isnan(pvalues)):
        return None, ""
    how = "Fisher's exact test" if method == "fisher" else "permutation test of |δ| (1,000)"
    return pvalues, how


def assessment_section(
    assessment: Any,
    *,
    ratio: float | None = None,
    confidence_level: float | None = None,
    interval_method: str = "auto",
    random_state: int = DEFAULT_RANDOM_STATE,
) -> str:
    """Per-fold φ-δ diagrams, measures, ROC, calibration and the threshold scan.

    The folds in φ-δ diagrams (Armano 2015, Fig. 11) at ratio 1 and at the actual ratio with
    their mean, spread and pooled 95% region; with scores the pooled ROC curve (Flach 2012,
    §2.2), the calibration map (Flach 2012, Fig. 2.13) and the threshold scan (Jiřina &
    Jiřina 2005, Figs. 2–3); the measures per fold and across folds.

    Parameters
    ----------
    assessment : Assessment
        The per-fold results (:func:`phidelta.assessment.assess`, ``cross_validate``, …).
    ratio : float, optional
        The class ratio of the second diagram; default the assessment's actual ratio.
    confidence_level : float, optional
        In (0, 1): every measure of the tables with its interval ("0.873 [0.81, 0.92]",
        :func:`phidelta.inference.measure_intervals` on each fold's and the pooled counts),
        the ROC curve with its pointwise and simultaneous bands
        (:func:`phidelta.inference.roc_band`) and the reliability diagram with each bin's
        Wilson intervals, all at this level; a sentence names the methods. None: no intervals
        but the pooled AUC's and rates' (at 95%).
    interval_method : {"auto", "bootstrap", "percentile"}, default="auto"
        The measures' method (:data:`phidelta._door_intervals.INTERVAL_METHODS`).
    random_state : int, default=0
        Seed of the bootstrap intervals and bands: the same data, the same report.

    Returns
    -------
    str
        The section's HTML, figures embedded.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from phidelta.assessment import assess
    >>> run = assess([1, 0, 1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6, 0.8, 0.3],
    ...              folds=[1, 1, 2, 2, 3, 3])
    >>> body = assessment_section(run)
    >>> body.count("<figure>")  # φ-δ, ROC, calibration map, reliability, threshold scan
    5
    >>> "Intervals at 90%" in assessment_section(run, confidence_level=0.9)
    True
    """
    from phidelta import measures
    from phidelta.assessment import one_sided_default_cut
    from phidelta.inference import reliability_intervals, roc_band
    from phidelta.rendering import (
        CalibrationDisplay,
        PhiDeltaDisplay,
        RocDisplay,
        ThresholdScanDisplay,
    )

    level = 0.95 if confidence_level is None else confidence_level
    percent = f"{100 * level:g}%"
    band: dict[str, Any] = {}
    # with groups (patients, speakers) every interval resamples whole groups; the joint
    # regions and the reliability diagram's Wilson intervals, rows as independent, are left out
    grouped = getattr(assessment, "groups", None) is not None
    if confidence_level is not None:
        band = {"band": True, "confidence_level": level, "random_state": random_state}
        if grouped and assessment.tables is not None:
            band["band_groups"] = assessment.groups.pooled_parts()[1]
    figures = []
    ratios = _ratios(assessment.ratio if ratio is None else ratio)
    for r in ratios:
        fig, ax = canvas((6.2, 5.4))
        drawn = {"mean": True, "ellipse": True, "isometrics": ("accuracy", "bias")}
        # the joint regions at the report's level: one switch for every interval
        drawn["confidence_level"] = level
        shown = PhiDeltaDisplay.from_counts(
            assessment.counts, ratio=r, ax=ax, draw=fig is not None, regions=not grouped, **drawn
        )
        figures.append(
            figure_html(
                fig,
                f"{_folds(len(assessment.counts))} at ratio N/P = {r:.3g}: "
                "accuracy (δ), bias (φ) and variance (spread) at a glance"
                + (
                    " (no joint region: it treats rows as independent, and the rows come in groups)"
                    if grouped
                    else f"; the shaded parallelogram is the joint {percent} region of the pooled "
                    "counts"
                ),
                display=shown,
                regions=not grouped,
                **drawn,
            )
        )
    one_sided = None  # the default cut on one side of every score, said below
    if assessment.tables is not None:
        pooled = assessment.pooled_table()
        one_sided = one_sided_default_cut(pooled, assessment.threshold)
        fig, ax = canvas((5.6, 5.2))
        roc = RocDisplay(tables=[pooled])
        bands: dict[str, Any] = {}
        if fig is not None:  # plot() computes the bands it draws
            roc.plot(ax=ax, acceptable_region=True, **band)
        elif band:  # the same bands, for the interactive figure alone
            bands["bands"] = [
                roc_band(
                    pooled,
                    confidence_level=level,
                    random_state=random_state,
                    groups=band.get("band_groups"),
                )
            ]
        figures.append(
            figure_html(
                fig,
                "pooled ROC curve, convex hull and the accuracy-optimal operating point"
                + (
                    f", with its {percent} pointwise (bootstrap percentile) and simultaneous "
                    "(bootstrap sup-t) bands"
                    + (", whole groups resampled (cluster bootstrap)" if grouped else "")
                    if band
                    else ""
                ),
                display=roc,
                acceptable_region=True,
                **bands,
            )
        )
        y, s = _labelled_scores(pooled)
        fig, ax = canvas((5.6, 4.6))
        shown = CalibrationDisplay(y_true=y, scores=s, pos_label=True)
        if fig is not None:
            shown.plot(ax=ax)
        figures.append(
            figure_html(fig, "isotonic calibration map (Flach Fig. 2.13)", display=shown)
        )
        if s.min() >= 0 and s.max() <= 1:
            fig, ax = canvas((5.6, 4.6))
            intervals = bool(band) and not grouped
            shown = CalibrationDisplay(y_true=y, scores=s, pos_label=True)
            diagram: dict[str, Any] = {"kind": "reliability"}
            if fig is not None:
                shown.plot(ax=ax, kind="reliability", band=intervals, confidence_level=level)
            else:  # the bins plot() draws, their intervals where it draws them
                bins = measures.expected_calibration_error(y, s, pos_label=True, bins=10)
                diagram["reliability"] = reliability_intervals(bins, confidence_level=level)
                diagram["band"] = intervals
            figures.append(
                figure_html(
                    fig,
                    "reliability diagram"
                    + (
                        f", each bin with its {percent} Wilson interval (pointwise; pale: "
                        "simultaneous over the bins, Bonferroni)"
                        if band and not grouped
                        else (
                            " (no per-bin intervals: Wilson's treat rows as independent, and "
                            "the rows come in groups)"
                            if band
                            else ""
                        )
                    ),
                    display=shown,
                    **diagram,
                )
            )
        fig, ax = canvas((6, 4))
        scanned = ("classification_error", "signal_efficiency", "background_acceptance")
        shown = ThresholdScanDisplay(table=pooled)
        if fig is not None:
            shown.plot(ax=ax, measures=scanned)
        figures.append(
            figure_html(
                fig, "threshold dependence (Jiřina Figs. 2–3)", display=shown, measures=scanned
            )
        )
    from phidelta.assessment import SUMMARY_MEASURES

    names = list(SUMMARY_MEASURES)
    # the rows `phidelta assess` prints, intervals too
    summary = assessment.summary(names, confidence_level=level, random_state=random_state)
    k = len(assessment.counts)
    intervals = None
    if confidence_level is not None:
        intervals = assessment_intervals(
            assessment,
            names,
            confidence_level=level,
            method=interval_method,
            random_state=random_state,
        )
    shown = {n: _with_intervals(summary, n, intervals) for n in names}
    columns: dict[str, Any] = {"fold": summary.index[:k]}
    columns.update({n: shown[n][:k] for n in names})
    across = ""
    if k > 1:  # a spread needs more than one fold
        rows: dict[str, Any] = {"statistic": summary.index[k:]}  # pooled, mean, std
        rows.update({n: shown[n][k:] for n in names})
        across = f"<h3>Pooled and across folds</h3>{table_html(rows)}"
    said = ""
    if confidence_level is not None:
        said = (
            f'<p class="note">Intervals at {percent}: '
            + (
                html.escape(method_text(intervals.methods))
                + f" (bootstrap on counts: {intervals.n_resamples} resamples, seed "
                f"{random_state}); the mean and std rows have none."
                if intervals is not None
                else "weighted counts are not counts of rows, so the measures get none."
            )
            + (
                (
                    f" The pooled AUC's interval is Obuchowski's clustered one; the ROC bands "
                    f"resample whole groups (seed {random_state}); the reliability diagram has "
                    "none."
                    if grouped
                    else f" The pooled AUC's interval is DeLong's; the ROC bands resample the "
                    f"rows (seed {random_state}); the reliability diagram's are Wilson's per bin."
                )
                if assessment.tables is not None
                else ""
            )
            + "</p>"
        )
    extra = ""
    if assessment.tables is not None and not np.isnan(summary["auc"][k]):
        y, s = _labelled_scores(assessment.pooled_table())
        brier = (
            measures.brier_score(y, s, pos_label=True) if s.min() >= 0 and s.max() <= 1 else None
        )
        extra = (
            f"<p>Pooled AUC {summary['auc'][k]:.4f} "
            f"({'Obuchowski' if grouped else 'DeLong'} {percent} CI "
            f"{summary['auc_low'][k]:.4f}–{summary['auc_high'][k]:.4f})"
            + (f", Brier score {brier:.4f}" if brier is not None else "")
            + ".</p>"
        )
    extra += (
        "<p>Pooled over all folds: "
        + ", ".join(
            f"{name} {summary[name][k]:.4f} ({'cluster-bootstrap' if grouped else 'Wilson'} "
            f"{percent} CI {summary[name + '_low'][k]:.4f}–"
            f"{summary[name + '_high'][k]:.4f})"
            for name in ("sensitivity", "specificity")
        )
        + ".</p>"
    )
    how = (
        f"scores cut at score ≥ {assessment.threshold:g}"
        if assessment.threshold is not None
        else "predictions from the prediction column"
    )
    if one_sided:  # what the command line warns of, said to the report's reader
        extra = f'<p class="note warning">Threshold: {html.escape(one_sided)}.</p>{extra}'
    left = (
        f", {assessment.rows_left_out} rows with a missing value left out"
        if assessment.rows_left_out
        else ""
    )
    if grouped:
        left += (
            f"; {len(assessment.groups.labels)} groups of rows (patients, speakers, …): every "
            "interval resamples whole groups (cluster bootstrap; the AUC's is Obuchowski's), "
            "never a group's rows apart"
        )
    return (
        f'<p class="note">Positive class {html.escape(str(assessment.positive))}, '
        f"class ratio N/P = {assessment.ratio:.4g}, {html.escape(how)}{left}.</p>{extra}"
        f'<div class="figures">{"".join(figures)}</div>'
        f"<h3>Measures per fold</h3>{said}{table_html(columns)}{across}"
    )


def _with_intervals(summary: Any, name: str, intervals: Any) -> Any:
    """A measure's column of the summary, as numbers, or as cells "0.873 [0.81, 0.92]" with
    the intervals of the folds and the pooled row (the mean and std rows: the value alone)."""
    values = summary[name]
    if intervals is None:
        return values
    text = column_text(list(values), digits=3)
    low = [*intervals.low[name], np.nan, np.nan]
    high = [*intervals.high[name], np.nan, np.nan]
    return [interval_cell(t, lo, hi) for t, lo, hi in zip(text, low, high, strict=True)]


def comparison_section(
    comparison: Any,
    *,
    ratio: float | None = None,
    confidence_level: float | None = None,
    interval_method: str = "auto",
    random_state: int = DEFAULT_RANDOM_STATE,
) -> str:
    """Two classifiers on the same folds: both in one φ-δ diagram (folds, means, the pooled
    counts' 95% regions), their per-fold measures side by side, and the paired tests with a
    verdict in words.

    With ``confidence_level`` every number of the summary has its interval: the pooled
    measures of each classifier (:func:`phidelta.inference.measure_intervals`) and their
    paired differences A − B on the same rows
    (:func:`phidelta.inference.paired_difference_from_table`: Newcombe's paired score
    interval for the rates and accuracy, the paired bootstrap otherwise), the pooled AUCs
    and their difference (DeLong), the per-fold measure of each fold, and the mean per-fold
    difference (the corrected resampled t interval, Nadeau & Bengio 2003).

    Parameters
    ----------
    comparison : Comparison
        The two classifiers (:func:`phidelta.comparison.compare` and the like).
    ratio : float, optional
        The class ratio of the second diagram; default the actual ratio.
    confidence_level : float, optional
        In (0, 1): the intervals above, at this level. None: the tests and the paired
        difference of the t-test's measure (95%) only.
    interval_method : {"auto", "bootstrap", "percentile"}, default="auto"
        The measures' and the differences' method.
    random_state : int, default=0
        Seed of the bootstrap intervals.

    Returns
    -------
    str
        The section's HTML, figures embedded.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from phidelta.comparison import compare
    >>> y = [0, 1] * 20
    >>> good, poor = y[:], [1 - v if i % 3 == 0 else v for i, v in enumerate(y)]
    >>> result = compare(y, y_pred=(good, poor), folds=[1, 2] * 20, names=("good", "poor"))
    >>> "Pooled measures and paired differences" in comparison_section(
    ...     result, confidence_level=0.9)
    True
    """

    from phidelta.rendering import PhiDeltaDisplay

    a, b = comparison.a, comparison.b
    name_a, name_b = (html.escape(str(n)) for n in comparison.names)
    region_level = 0.95 if confidence_level is None else confidence_level  # the one switch
    figures = []
    for r in _ratios(a.ratio if ratio is None else ratio):
        fig, ax = canvas((6.2, 5.4))
        pair = PhiDeltaDisplay.from_comparison(
            comparison,
            ratio=r,
            ax=ax,
            draw=fig is not None,
            ellipse=False,
            limits=_around(comparison, r, region_level),
            regions=comparison.n_groups is None,  # regions treat rows as independent
            confidence_level=region_level,
        )
        figures.append(
            figure_html(
                fig,
                f"{name_a} (blue) and {name_b} (green), {_folds(len(a.counts))} at ratio "
                f"N/P = {r:.3g}"
                + (
                    f", with the joint {100 * region_level:g}% regions of their pooled counts"
                    if comparison.n_groups is None
                    else " (no joint regions: they treat rows as independent, and the rows "
                    "come in groups)"
                ),
                spec=lambda r=r, pair=pair: _comparison_figure(pair, comparison, r, region_level),
            )
        )
    measure = comparison.measure
    per_fold = {
        "fold": [str(f) for f in a.folds],
        f"{measure} ({comparison.names[0]})": a.measures([measure])[measure],
        f"{measure} ({comparison.names[1]})": b.measures([measure])[measure],
    }
    rows = comparison.summary()
    pooled = said = ""
    if confidence_level is not None:
        level = confidence_level
        difference = _paired_difference(comparison, level, interval_method, random_state)
        rows = [_difference_row(row, comparison, difference) for row in rows]
        pooled, said = _pooled_differences(
            comparison, difference, level, interval_method, random_state
        )
        per_fold = _per_fold_intervals(comparison, per_fold, level, interval_method, random_state)
        said += _mean_difference(comparison, level)
    tests = {k: [row[k] for row in rows] for k in ("test", "statistic", "pvalue", "detail")}
    return (
        f"<p>{html.escape(comparison_verdict(comparison))}</p>"
        f'<div class="figures">{"".join(figures)}</div>'
        f"<h3>Paired tests</h3>{table_html(tests)}{pooled}"
        f"<h3>{html.escape(measure)} per fold</h3>{said}{table_html(per_fold)}"
    )


def _comparison_figure(
    pair: Any, comparison: Any, ratio: float, level: float = 0.95
) -> dict[str, Any]:
    """Two classifiers' folds, means and pooled regions (at ``level``) in one φ-δ diagram (the
    interactive report's), zoomed as the static one: the figure specification of the first
    display, the second's points and region added in teal."""
    from phidelta.inference import phi_delta_region
    from phidelta.rendering.plotly import display_figure, point_traces, region_traces

    first, second = pair
    names = [str(n) for n in comparison.names]
    spec = display_figure(first, name=names[0], mean=True)
    for name, result in zip(names, (comparison.a, comparison.b), strict=True):
        pooled = phi_delta_region(result.pooled(), ratio=ratio, confidence_level=level).polygons[0]
        below, _ = region_traces([], pooled=pooled, label=name, level=level)
        spec["data"][1:1] = below  # under every point
    spec["data"] += point_traces(
        second.phi, second.delta, names=second.names, name=names[1], color="#138d75", mean=True
    )
    low_phi, high_phi, low_delta, high_delta = _around(comparison, ratio, level)
    spec["layout"]["xaxis"]["range"] = [low_phi, high_phi]
    spec["layout"]["yaxis"]["range"] = [low_delta, high_delta]
    return spec


def _paired_difference(comparison: Any, level: float, method: str, random_state: int) -> Any:
    """The paired differences A − B of the t-test's measure and the summary measures at
    ``level`` (None without rows, as :attr:`Comparison.difference`)."""
    from phidelta.assessment import SUMMARY_MEASURES
    from phidelta.inference import paired_difference_from_table

    if comparison.difference is None:
        return None
    return paired_difference_from_table(
        comparison.difference.table,
        measures=list(dict.fromkeys([comparison.measure, *SUMMARY_MEASURES])),
        confidence_level=level,
        method=method,  # the doors' names are the paired methods' names
        random_state=random_state,
        groups=comparison.group_tables,  # with groups: the cluster bootstrap
    )


def _difference_row(row: dict[str, Any], comparison: Any, difference: Any) -> dict[str, Any]:
    """The summary's "paired difference" row at the section's level (other rows as they are)."""
    if row["test"] != "paired difference" or difference is None:
        return row
    m, (a, b) = comparison.measure, comparison.names
    return row | {
        "statistic": difference.difference[m],
        "detail": (
            f"{m} {a} − {b} {difference.difference[m]:.4g}, "
            f"{100 * difference.confidence_level:g}% interval [{difference.low[m]:.4g}, "
            f"{difference.high[m]:.4g}] ({difference.methods[m]})"
        ),
    }


def _pooled_differences(
    comparison: Any, difference: Any, level: float, method: str, random_state: int
) -> tuple[str, str]:
    """The table of each classifier's pooled measures and their paired difference, every cell
    with its interval, and the sentence that names the methods."""
    from phidelta.assessment import SUMMARY_MEASURES
    from phidelta.counts import BinaryCounts
    from phidelta.inference import auc_confidence_interval, measure_intervals

    a, b = comparison.a, comparison.b
    name_a, name_b = (str(n) for n in comparison.names)
    names = list(dict.fromkeys([comparison.measure, *SUMMARY_MEASURES]))
    percent = f"{100 * level:g}%"
    counts = BinaryCounts.concat([a.pooled(), b.pooled()])
    if counts.is_soft:
        return "", (
            '<p class="note">Weighted counts are not counts of rows: the pooled measures and '
            "their differences get no interval.</p>"
        )
    grouped = comparison.n_groups is not None
    if grouped:  # whole groups resampled
        from phidelta.inference._measure_intervals import grouped_measure_intervals

        parts = [a.group_parts()[-1], b.group_parts()[-1]]
        both = grouped_measure_intervals(
            counts, parts, names, level, INTERVAL_METHODS[method], random_state, 2000, None
        )
    else:
        both = measure_intervals(
            counts,
            measures=names,
            confidence_level=level,
            method=INTERVAL_METHODS[method],
            random_state=random_state,
        )

    def cell(value: float, low: float, high: float) -> str:
        return interval_cell(column_text([value], digits=3)[0], low, high)

    table: dict[str, list[Any]] = {
        "measure": [],
        name_a: [],
        name_b: [],
        f"{name_a} − {name_b}": [],
        "method of the difference": [],
    }
    for m in names:
        table["measure"].append(m)
        for column, i in ((name_a, 0), (name_b, 1)):
            table[column].append(cell(both.estimate[m][i], both.low[m][i], both.high[m][i]))
        if difference is None:
            table[f"{name_a} − {name_b}"].append("–")
            table["method of the difference"].append("")
        else:
            table[f"{name_a} − {name_b}"].append(
                cell(difference.difference[m], difference.low[m], difference.high[m])
            )
            table["method of the difference"].append(difference.methods[m])
    auc = ""
    if comparison.delong is not None:
        ends = [
            auc_confidence_interval(
                r.pooled_table(),
                confidence_level=level,
                groups=r.groups.pooled_parts()[1] if grouped else None,
            )
            for r in (a, b)
        ]
        low, high = comparison.delong.confidence_interval(level)
        table["measure"].append("auc")
        for column, end in ((name_a, ends[0]), (name_b, ends[1])):
            table[column].append(cell(end.statistic, end.low, end.high))
        table[f"{name_a} − {name_b}"].append(cell(comparison.delong.difference, low, high))
        table["method of the difference"].append(
            "obuchowski_paired" if grouped else "delong_paired"
        )
        auc = (
            " The AUCs' intervals and their difference's are Obuchowski's clustered ones."
            if grouped
            else " The AUCs' intervals are DeLong's, their difference's the paired DeLong interval."
        )
    differences = (
        f"the cluster bootstrap of the {comparison.n_groups} groups' 2×2×2 tables of both "
        "predictions, whole groups drawn"
        if grouped
        else "on the same rows (the 2×2×2 table of both predictions) Newcombe's paired score "
        "interval for the rates and accuracy, the paired bootstrap on the table otherwise"
    )
    note = (
        f'<p class="note">Pooled over the folds, in brackets the {percent} intervals: of each '
        f"classifier's measures ({html.escape(method_text(both.methods))}); of the paired "
        f"differences A − B {html.escape(differences)} (seed {random_state}).{auc}</p>"
    )
    return f"<h3>Pooled measures and paired differences</h3>{note}{table_html(table)}", ""


def _per_fold_intervals(
    comparison: Any, per_fold: dict[str, Any], level: float, method: str, random_state: int
) -> dict[str, Any]:
    """The per-fold measure of each classifier as cells "0.873 [0.81, 0.92]"."""
    from phidelta.inference import measure_intervals

    measure = comparison.measure
    shown = dict(per_fold)
    for result, name in zip((comparison.a, comparison.b), comparison.names, strict=True):
        key = f"{measure} ({name})"
        if result.counts.is_soft:
            continue
        if result.groups is not None:  # whole groups resampled, fold by fold
            from phidelta.inference._measure_intervals import grouped_measure_intervals

            res = grouped_measure_intervals(
                result.counts,
                result.group_parts()[:-1],
                [measure],
                level,
                INTERVAL_METHODS[method],
                random_state,
                2000,
                None,
            )
        else:
            res = measure_intervals(
                result.counts,
                measures=[measure],
                confidence_level=level,
                method=INTERVAL_METHODS[method],
                random_state=random_state,
            )
        text = column_text(list(per_fold[key]), digits=3)
        shown[key] = [
            interval_cell(t, lo, hi)
            for t, lo, hi in zip(text, res.low[measure], res.high[measure], strict=True)
        ]
    return shown


def _mean_difference(comparison: Any, level: float) -> str:
    """The mean per-fold difference with the corrected resampled t interval (Nadeau & Bengio
    2003), the interval the corrected t-test inverts; empty with one fold."""
    from scipy import stats

    if comparison.ttest is None:
        return ""
    measure = comparison.measure
    d = np.asarray(comparison.a.measures([measure])[measure], dtype=float) - np.asarray(
        comparison.b.measures([measure])[measure], dtype=float
    )
    d = d[np.isfinite(d)]
    if len(d) < 2:
        return ""
    rho = comparison.test_fraction
    spread = np.sqrt((1 / len(d) + rho / (1 - rho)) * d.var(ddof=1))
    half = stats.t.ppf(0.5 + level / 2, len(d) - 1) * spread
    a, b = (html.escape(str(n)) for n in comparison.names)
    return (
        f'<p class="note">Mean per-fold difference {html.escape(measure)} {a} − {b}: '
        f"{d.mean():.4g}, {100 * level:g}% interval [{d.mean() - half:.4g}, "
        f"{d.mean() + half:.4g}] (corrected resampled t, test fraction {rho:.3g}: the "
        "interval the t-test above inverts). In brackets each fold's interval "
        "(phidelta.inference.measure_intervals).</p>"
    )


def _around(
    comparison: Any, ratio: float, level: float = 0.95
) -> tuple[float, float, float, float]:
    """Limits (φ min, φ max, δ min, δ max) that hold both classifiers' folds and pooled
    regions (at ``level``) with a margin: the part of the diamond where the comparison
    happens."""
    from phidelta.inference import phi_delta_region
    from phidelta.measures import phi_delta

    phis, deltas = [], []
    for result in (comparison.a, comparison.b):
        phi, delta = phi_delta(result.counts, ratio=ratio, zero_division=np.nan)
        region = phi_delta_region(result.pooled(), ratio=ratio, confidence_level=level)
        corners = region.polygons.reshape(-1, 2)
        phis += [phi, corners[:, 0]]
        deltas += [delta, corners[:, 1]]
    phi, delta = np.concatenate(phis), np.concatenate(deltas)
    low_phi, high_phi = np.nanmin(phi), np.nanmax(phi)
    low_delta, high_delta = np.nanmin(delta), np.nanmax(delta)
    margin = 0.15 * max(high_phi - low_phi, high_delta - low_delta, 0.2)
    return (
        float(low_phi - margin),
        float(high_phi + margin),
        float(max(low_delta - margin, -1.1)),
        float(min(high_delta + margin, 1.1)),
    )


def comparison_verdict(comparison: Any, *, alpha: float = 0.05) -> str:
    """One sentence a reader can quote: :meth:`phidelta.comparison.Comparison.verdict`.

    Examples
    --------
    >>> from phidelta.comparison import compare
    >>> y = [0, 1] * 20
    >>> good, poor = y[:], [1 - v if i % 3 == 0 else v for i, v in enumerate(y)]
    >>> comparison_verdict(compare(y, y_pred=(good, poor), names=("good", "poor")))
    'good is more accurate than poor (McNemar p = 0.00012).'
    """
    return comparison.verdict(alpha=alpha)


def _folds(k: int) -> str:
    return "1 fold" if k == 1 else f"{k} folds"


def _labelled_scores(table: Any) -> tuple[np.ndarray, np.ndarray]:
    """The examples of a score table (integer counts) as (is positive, score) arrays: the
    pooled data in score order, for measures that need one value per example."""
    counts = np.concatenate([table.positives, table.negatives])
    if not np.all(counts == np.rint(counts)):
        raise ValueError("Weighted score tables have no examples to list.")
    scores = np.concatenate([table.scores, table.scores])
    labels = np.concatenate([np.ones(len(table), bool), np.zeros(len(table), bool)])
    repeats = counts.astype(np.int64)
    return np.repeat(labels, repeats), np.repeat(scores, repeats)


def _with_interactive_figures(build: Callable[..., Path]) -> Callable[..., Path]:
    """``build(..., interactive=True)`` builds its sections with interactive figures."""

    @functools.wraps(build)
    def built(*args: Any, **kwargs: Any) -> Path:
        with interactive_figures(bool(kwargs.get("interactive", False))):
            return build(*args, **kwargs)

    return built


def explorer_section(
    assessment: Any,
    *,
    name: str = "classifier",
    confidence_level: float | None = None,
) -> str:
    """The threshold explorer of a scoring classifier, for an interactive report.

    The pooled score table of ``assessment`` in :func:`phidelta.explore`'s explorer: a
    slider over the thresholds moves the operating point on the ROC, precision–recall and
    φ-δ diagrams and shows the confusion matrix and the measures with their intervals at
    that cut; a second slider sets the φ-δ diagram's ratio. The page must load plotly.js
    and the explorer's script once (``Report(..., interactive=True)``).

    Parameters
    ----------
    assessment : Assessment
        With scores (``assessment.tables``); its threshold is the first cut shown.
    name : str, default "classifier"
        The classifier's name.
    confidence_level : float, optional
        Level of the intervals; default 0.95.

    Returns
    -------
    str
        The section's HTML.

    Examples
    --------
    >>> from phidelta.assessment import assess
    >>> run = assess([1, 0, 1, 0, 1, 0], scores=[0.9, 0.2, 0.4, 0.6, 0.8, 0.3])
    >>> body = explorer_section(run, name="model")
    >>> body.count('class="pdx"'), "Plotly.newPlot" in body  # plotly.js: once, in the page
    (1, False)
    """
    from phidelta.rendering import ThresholdExplorer

    explorer = ThresholdExplorer.from_table(
        assessment.pooled_table(),
        name=name,
        positive=assessment.positive,
        confidence_level=0.95 if confidence_level is None else confidence_level,
        threshold=assessment.threshold,
    )
    note = (
        '<p class="note">Move the threshold: the point moves on the three diagrams and the '
        "confusion matrix and measures follow, computed by phidelta from the exact counts at "
        "each cut; the second slider sets the class ratio of the φ-δ diagram.</p>"
    )
    return note + explorer.html(include_plotlyjs=False, script=False)


@_with_interactive_figures
def file_report(
    path: str | Path,
    *,
    data: Any = None,
    features: Any = None,
    predictions: Any = None,
    roles: Any = None,
    compare: Any = None,
    ratio: float | str | None = None,
    ignore: Sequence[str] = (),
    matrix: Any = None,
    header: Any = "auto",
    missing_values: Any = None,
    hint: str = "missing_values={listed}",
    confidence_level: float | None = None,
    interval_method: str = "auto",
    random_state: int = DEFAULT_RANDOM_STATE,
    interactive: bool = False,
) -> Path:
    """The report of data files read through :mod:`phidelta.data`.

    The feature signature of ``data``, the assessment of ``predictions`` (plus, with a
    prediction column, the entropy triangle of the predictions, one matrix per fold; with
    more than two classes the triangle alone, as the binary assessment needs two) and the
    entropy triangle of a confusion ``matrix``; the diagrams at ratio 1 and at ``ratio``
    (default: each file's actual N/P). Without a prediction column or a matrix the report
    says that no triangle is drawn.

    Parameters
    ----------
    path : str or Path
        The HTML file to write.
    data : str or Path, optional
        A file of features and a class column, for the signature section.
    features : Roles, optional
        The :class:`~phidelta.data.Roles` of ``data`` (its label column and positive class).
    predictions : str or Path, optional
        A file of labels, predictions and/or scores, for the assessment section.
    roles : Roles, optional
        The :class:`~phidelta.data.Roles` of ``predictions``.
    compare : Roles, optional
        The roles of a second classifier in ``predictions``: adds the two classifiers'
        comparison (:mod:`phidelta.comparison`).
    ratio : float or "actual", optional
        The class ratio of the second diagrams; default each file's actual N/P.
    ignore : sequence of str, optional
        Columns of ``data`` left out of the features (an identifier, a copy of the label).
    matrix : str or Path, optional
        A file of counts, true classes as rows (:func:`phidelta.data.read_matrix`), for an
        entropy triangle.
    header : {"auto", "yes", "no"} or bool, default="auto"
        Whether the first row of ``matrix`` holds class names (:func:`~phidelta.data.read_matrix`).
    missing_values : str or list of str, optional
        Cells of ``data`` and ``predictions`` read as missing besides empty ones (see
        :mod:`phidelta.data._missing`); each section says what was read as missing.
    hint : str, default="missing_values={listed}"
        How the notes name the option (:func:`phidelta.data.describe_missing`).
    confidence_level : float, optional
        In (0, 1): every number with its interval — the assessment's measures, its ROC curve
        with bands and its reliability diagram with per-bin intervals
        (:func:`assessment_section`), the signature's φ, δ, rates and information gain of the
        features with integer counts (:func:`signature_section`), the comparison's pooled
        measures and paired differences (:func:`comparison_section`), and the entropy
        triangle's quantities with segments in the triangle (:func:`triangle_section`).
    interval_method : {"auto", "bootstrap", "percentile"}, default="auto"
        The measures' interval method (see :func:`assessment_section`).
    random_state : int, default=0
        Seed of the bootstrap intervals and bands.
    interactive : bool, default False
        One self-contained interactive page instead: every figure drawn by plotly.js
        (inlined once; hover, zoom, legend toggles) from the figure specification
        (:mod:`phidelta.rendering.plotly`), and the threshold explorer of each score column
        (:func:`explorer_section`). No network is needed to open it.

    Returns
    -------
    Path
        The file written.

    Raises
    ------
    phidelta.data.DataError
        If a file cannot be read with its roles.
    ValueError
        If ``predictions`` hold more than two classes and ``roles`` name a score column or
        ``compare`` is given (both need two classes).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import tempfile
    >>> from pathlib import Path
    >>> from phidelta.data import Roles
    >>> from phidelta.datasets import climate_data_path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = file_report(Path(folder) / "report.html", data=climate_data_path(),
    ...                           features=Roles("RainBool"))
    ...     "Feature signature of climate_data.csv" in written.read_text(encoding="utf-8")
    True
    """
    from phidelta.data import (
        describe_missing,
        load_assessment,
        load_comparison,
        load_multiclass,
        load_signature,
    )

    def missing_note(cells: Any) -> str:
        said = describe_missing(cells, hint=hint)
        return f'<p class="note">Missing values: {html.escape(said)}.</p>' if said else ""

    built = Report("phidelta report", interactive=interactive)
    switches: dict[str, Any] = {}
    if confidence_level is not None:
        switches = {
            "confidence_level": confidence_level,
            "interval_method": interval_method,
            "random_state": random_state,
        }
    if data is not None:
        sig = load_signature(
            data,
            features,
            kinds=dict.fromkeys(ignore, "ignore") or None,
            missing_values=missing_values,
        )
        built.add(
            f"Feature signature of {Path(str(data)).name}",
            missing_note(sig.missing_cells)
            + signature_section(
                sig, ratio=None if ratio in (None, "actual") else float(ratio), **switches
            ),
        )
    if predictions is not None:
        from dataclasses import replace

        multiclass = note = None
        if roles.prediction is not None:  # the matrices of the predictions, of any classes
            multiclass = load_multiclass(
                predictions,
                replace(roles, score=None, threshold=None),
                missing_values=missing_values,
            )
        classes = [] if multiclass is None else list(multiclass.matrices.input_classes)
        if len(classes) > 2:
            listed = ", ".join(map(str, classes))
            if roles.score is not None or compare is not None:
                raise ValueError(
                    f"column {roles.label!r} holds {len(classes)} classes ({listed}); scores "
                    "and a comparison need two (the entropy triangle of several classes needs "
                    "only the label and prediction columns)."
                )
            note = (
                f'<p class="note">{len(classes)} classes ({html.escape(listed)}): the '
                "entropy triangle shows the predictions; the binary assessment (φ-δ "
                "diagrams, ROC) needs two classes.</p>"
            )
        else:
            result = load_assessment(predictions, roles, missing_values=missing_values)
            built.add(
                f"Classifier assessment of {Path(str(predictions)).name}",
                missing_note(result.missing_cells)
                + assessment_section(
                    result,
                    ratio=None if ratio in (None, "actual") else float(ratio),
                    confidence_level=confidence_level,
                    interval_method=interval_method,
                    random_state=random_state,
                ),
            )
            if interactive and result.tables is not None and roles.group is not None:
                built.add(
                    f"Threshold explorer: {roles.score}",
                    '<p class="note">Groups of rows (patients, speakers, …): the explorer\'s '
                    "intervals at each cut treat rows as independent and have no clustered form "
                    "here, so it is not shown.</p>",
                )
            elif interactive and result.tables is not None:
                built.add(
                    f"Threshold explorer: {roles.score}",
                    explorer_section(
                        result, name=str(roles.score), confidence_level=confidence_level
                    ),
                )
        if compare is not None:
            comparison = load_comparison(predictions, roles, compare, missing_values=missing_values)
            built.add(
                f"{comparison.names[0]} against {comparison.names[1]}",
                comparison_section(
                    comparison,
                    ratio=None if ratio in (None, "actual") else float(ratio),
                    **switches,
                ),
            )
            if (
                interactive
                and compare.score is not None
                and comparison.b.tables is not None
                and roles.group is None
            ):
                built.add(
                    f"Threshold explorer: {compare.score}",
                    explorer_section(
                        comparison.b, name=str(compare.score), confidence_level=confidence_level
                    ),
                )
        if roles.score is not None and len(classes) <= 2 and roles.group is not None:
            built.add(
                "Calibration and decision curves",
                '<p class="note">Groups of rows (patients, speakers, …): the calibration '
                "statistics and the decision curves' bands treat rows as independent and have "
                "no clustered form here, so they are not shown.</p>",
            )
        elif roles.score is not None and len(classes) <= 2:  # probabilities: calibration, DCA
            file_scoring_sections(
                built,
                predictions,
                roles,
                compare,
                missing_values=missing_values,
                confidence_level=confidence_level,
                random_state=random_state,
            )
        if multiclass is not None:
            built.add(
                "Entropy triangle of the predictions",
                (note or "")
                + (missing_note(multiclass.missing_cells) if len(classes) > 2 else "")
                + triangle_section(
                    multiclass.matrices,
                    multiclass.names,
                    pooled=len(multiclass.names) > 1,
                    groups=multiclass.groups,
                    **switches,
                ),
            )
        elif matrix is None:
            built.add(
                "Entropy triangle",
                '<p class="note">No entropy triangle is drawn: it needs predicted labels '
                "(a prediction column) or a confusion matrix.</p>",
            )
    if matrix is not None:
        from phidelta.data import read_matrix

        built.add(
            f"Entropy triangle of {Path(str(matrix)).name}",
            triangle_section(
                read_matrix(matrix, header=header), [Path(str(matrix)).stem], **switches
            ),
        )
    return built.write(path)


def triangle_section(
    matrices: Any,
    names: Sequence[str],
    *,
    pooled: bool = False,
    confidence_level: float | None = None,
    interval_method: str = "auto",
    random_state: int = DEFAULT_RANDOM_STATE,
    groups: Any = None,
) -> str:
    """Entropy balance of confusion matrices: the extended entropy triangle and its table.

    The extended de Finetti diagram of Valverde-Albacete & Peláez-Moreno (2010, Fig. 2b and
    §2.2), and per matrix the fractions ΔH′, 2MI′ and VI′, the mutual information, the
    accuracy, EMA and NIT. With ``confidence_level`` every number of the table has its
    interval (a bootstrap of the rows behind each matrix,
    :func:`phidelta._door_intervals.triangle_intervals`, as ``phidelta triangle`` prints
    them) and each point of the triangle three segments, the intervals of ΔH′, 2MI′ and VI′.

    Parameters
    ----------
    matrices : ConfusionMatrix
        One or more multi-class confusion matrices.
    names : sequence of str
        One name per matrix.
    pooled : bool, default False
        Also the matrices added up (folds of one classifier; the matrices of different
        classifiers have no meaningful sum): a star in the triangle and a row of the table.
    confidence_level : float, optional
        In (0, 1): the intervals at this level.
    interval_method : {"auto", "bootstrap", "percentile"}, default="auto"
        "auto" and "bootstrap": BCa; "percentile": the percentile bootstrap.
    random_state : int, default=0
        Seed of the bootstrap.
    groups : MulticlassGroups, optional
        With several rows per patient, speaker, document or site
        (:attr:`phidelta.data.Multiclass.groups`): the intervals resample whole groups.

    Returns
    -------
    str
        The section's HTML, the figure embedded.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from phidelta.counts import ConfusionMatrix
    >>> a = [[15, 0, 5], [0, 15, 5], [0, 0, 20]]  # the paper's matrices a and b (Fig. 3)
    >>> b = [[16, 2, 2], [2, 16, 2], [1, 1, 18]]
    >>> body = triangle_section(ConfusionMatrix([a, b]), ["a", "b"])
    >>> body.count("<figure>"), body.count("<tr>")  # a header and one row per matrix
    (1, 3)
    >>> "Intervals at 90%" in triangle_section(ConfusionMatrix([a, b]), ["a", "b"],
    ...                                        confidence_level=0.9)
    True
    """
    from phidelta._door_intervals import pooled_label
    from phidelta.counts import ConfusionMatrix
    from phidelta.measures import entropy_balance
    from phidelta.rendering import EntropyTriangleDisplay

    labels = list(names)
    total = None
    if pooled and len(labels) > 1:
        total = matrices.sum()
        labels.append(pooled_label(labels))
    balance = entropy_balance(matrices)
    bounds = None
    if confidence_level is not None:
        bounds = triangle_intervals(
            matrices,
            list(names),
            confidence_level=confidence_level,
            method=interval_method,
            random_state=random_state,
            pooled=total is not None,
            groups=None if groups is None else groups.per_matrix(),
        )
    fig, ax = canvas((6.2, 5.6))
    shown_triangle = EntropyTriangleDisplay(
        balance=balance,
        names=list(names),
        pooled=None if total is None else entropy_balance(total),
        intervals=bounds,
    )
    if fig is not None:
        shown_triangle.plot(ax=ax, extended=True)
    shown = balance
    if total is not None:  # the table's last row: the matrices added up
        shown = entropy_balance(
            ConfusionMatrix(
                np.concatenate([matrices.counts, total.counts]),
                input_classes=matrices.input_classes,
                output_classes=matrices.output_classes,
            )
        )
    values = shown.to_dict()
    columns: dict[str, Any] = {"matrix": labels}
    for key, label in (
        ("joint_delta_h", "ΔH′"),
        ("joint_mi2", "2MI′"),
        ("joint_vi", "VI′"),
        ("mutual_information", "MI (bits)"),
        ("accuracy", "accuracy"),
        ("ema", "EMA"),
        ("nit", "NIT"),
    ):
        columns[label] = values[key]
        if bounds is not None and key in bounds.methods:
            text = column_text(list(values[key]), digits=3)
            columns[label] = [
                interval_cell(t, lo, hi)
                for t, lo, hi in zip(text, bounds.low[key], bounds.high[key], strict=True)
            ]
    through = "the pooled star" if total is not None else "each F_XY point"
    caption = "extended entropy triangle: F_X and F_Y flank F_XY" + (
        f"; the segments through {through} are the intervals of ΔH′, 2MI′ and VI′"
        if bounds is not None
        else ""
    )
    said = ""
    if confidence_level is not None:
        percent = f"{100 * confidence_level:g}%"
        said = (
            f'<p class="note">Intervals at {percent}: '
            + (
                (
                    f"{next(iter(bounds.methods.values()))}: the bootstrap of whole groups of "
                    f"rows ({len(groups.labels)} groups, never a group's rows apart; "
                    if groups is not None
                    else f"{next(iter(bounds.methods.values())).upper()} bootstrap of the rows "
                    "behind each matrix ("
                )
                + f"{bounds.n_resamples} resamples, seed {random_state}). Each "
                "segment in the triangle runs across the level lines of one coordinate, from "
                "its low to its high bound: three intervals, not a joint region."
                if bounds is not None
                else "the matrices hold weighted counts, not counts of rows, so they get none."
            )
            + "</p>"
        )
    drawn = figure_html(fig, caption, display=shown_triangle)
    return f'<div class="figures">{drawn}</div>{said}{table_html(columns)}'


@_with_interactive_figures
def demo_report(
    path: str | Path, *, folds: int = 30, progress: Any = None, interactive: bool = False
) -> Path:
    """The built-in demonstration: data shipped by scikit-learn (no network).

    Breast-cancer data: the feature signature and a 30-fold assessment of a linear SVM (the
    software paper's Listing 3, Armano et al. 2019), logistic regression's scores and its
    comparison with naive Bayes; wine data: the entropy triangle of three classifiers
    (Valverde-Albacete & Peláez-Moreno 2010).

    Parameters
    ----------
    path : str or Path
        The HTML file to write.
    folds : int, default 30
        Folds of the cross-validations.
    progress : callable, optional
        Called with a message before each step (the command line prints them).
    interactive : bool, default False
        One self-contained interactive page (see :func:`file_report`): interactive figures
        and the threshold explorers of both scoring classifiers.

    Returns
    -------
    Path
        The file written.

    Examples
    --------
    Takes a few seconds (it fits every model once per fold):

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:  # doctest: +SKIP
    ...     written = demo_report(Path(folder) / "demo.html", folds=3, progress=print)
    feature signature of the breast-cancer data
    3-fold cross-validation of a linear SVM
    logistic regression scores: ROC and calibration
    logistic regression against naive Bayes on the same folds
    entropy triangle of three classifiers on the wine data
    """
    import matplotlib

    matplotlib.use("Agg")
    from sklearn.datasets import load_breast_cancer, load_wine
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import LinearSVC
    from sklearn.tree import DecisionTreeClassifier

    from phidelta.assessment import cross_validate
    from phidelta.counts import ConfusionMatrix
    from phidelta.signatures import signature

    step = progress or (lambda message: None)
    report = Report("phidelta demonstration report", interactive=interactive)
    cancer = load_breast_cancer()
    labels = np.where(cancer.target == 0, "malignant", "benign")
    step("feature signature of the breast-cancer data")
    sig = signature(
        cancer.data, labels, pos_label="malignant", feature_names=list(cancer.feature_names)
    )
    report.add("Feature signature: breast cancer (positive: malignant)", signature_section(sig))
    step(f"{folds}-fold cross-validation of a linear SVM")
    model = make_pipeline(StandardScaler(), LinearSVC())
    run = cross_validate(model, cancer.data, labels, cv=folds, pos_label="malignant")
    report.add(
        f"Classifier assessment: linear SVM, {folds}-fold cross-validation", assessment_section(run)
    )
    if interactive and run.tables is not None:
        report.add("Threshold explorer: linear SVM", explorer_section(run, name="linear SVM"))
    step("logistic regression scores: ROC and calibration")
    probabilistic = cross_validate(
        make_pipeline(StandardScaler(), LogisticRegression()),
        cancer.data,
        labels,
        cv=10,
        pos_label="malignant",
    )
    report.add(
        "Classifier assessment: logistic regression (probabilities), 10 folds",
        assessment_section(probabilistic),
    )
    if interactive:
        report.add(
            "Threshold explorer: logistic regression",
            explorer_section(probabilistic, name="logistic regression"),
        )
    is_positive, probability = _labelled_scores(probabilistic.pooled_table())
    models = {"logistic regression": probability}
    report.add("Calibration: logistic regression", calibration_section(is_positive, models))
    report.add("Decision curve: logistic regression", decision_section(is_positive, models))
    step("logistic regression against naive Bayes on the same folds")
    from phidelta.comparison import compare_estimators

    comparison = compare_estimators(
        make_pipeline(StandardScaler(), LogisticRegression()),
        GaussianNB(),
        cancer.data,
        labels,
        cv=folds,
        pos_label="malignant",
        names=("logistic regression", "naive Bayes"),
    )
    report.add(
        f"Is logistic regression better than naive Bayes? ({folds} folds, the same for both)",
        comparison_section(comparison),
    )
    step("entropy triangle of three classifiers on the wine data")
    wine = load_wine()
    matrices = []
    names = []
    for name, estimator in (
        ("naive Bayes", GaussianNB()),
        ("decision tree", DecisionTreeClassifier(max_depth=2, random_state=0)),
        ("logistic regression", make_pipeline(StandardScaler(), LogisticRegression())),
    ):
        from sklearn.model_selection import cross_val_predict

        predicted = cross_val_predict(estimator, wine.data, wine.target, cv=5)
        matrices.append(
            ConfusionMatrix.from_labels(wine.target, predicted, classes=[0, 1, 2]).counts[0]
        )
        names.append(name)
    report.add(
        "Multi-class: entropy triangle (wine data, 5-fold predictions)",
        triangle_section(ConfusionMatrix(np.array(matrices)), names),
    )
    return report.write(path)

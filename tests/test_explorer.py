"""The threshold explorer: the numbers it embeds are the library's at every cut, and in
headless Chromium its slider shows them, exactly, with the network off."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

import numpy as np
import pytest
from numpy.testing import assert_allclose
from playwright.sync_api import sync_playwright

import phidelta
from pages import ARGS, CHROMIUM, distance_to_polyline, open_offline
from phidelta.assessment import assess
from phidelta.counts import BinaryCounts, ScoreTable
from phidelta.exceptions import UndefinedMeasureWarning
from phidelta.inference import measure_intervals, newcombe_interval
from phidelta.measures import mcc, phi_delta
from phidelta.rendering._explorer import (
    ALL_STEPS,
    EXPLORER_MEASURES,
    MCC_RESAMPLES,
    MCC_SEED,
    explorer_payload,
    explorer_steps,
)

EXACT = ("sensitivity", "specificity")  # bounds sent exactly: the page combines them


def _data(n: int = 400, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.35
    return y, np.round(rng.normal(size=n) + 1.3 * y, 2)  # rounded: ties


def _library(table: ScoreTable, threshold: float | None) -> tuple[Any, dict, dict, dict]:
    """Counts at the cut and the library's measures with their intervals there (MCC's
    bootstrap bounds: :func:`_mcc_bounds`)."""
    counts = table.counts_at(np.inf if threshold is None else threshold)
    names = [n for n in EXPLORER_MEASURES if n != "mcc"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        value, low, high = measure_intervals(counts, measures=names)
        value = {**value, "mcc": mcc(counts, zero_division=np.nan)}
    return counts, value, low, high


def _mcc_bounds(table: ScoreTable, tp: list, fp: list, level: float = 0.95) -> tuple:
    """The library's MCC intervals (BCa on counts, the explorer's seed and resamples) of the
    counts at every step, as the explorer draws them: one seeded run over all steps."""
    p, n = table.total_positives, table.total_negatives
    tp, fp = np.asarray(tp, dtype=float), np.asarray(fp, dtype=float)
    counts = BinaryCounts(tn=n - fp, fp=fp, fn=p - tp, tp=tp)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        _, low, high = measure_intervals(
            counts,
            measures=["mcc"],
            confidence_level=level,
            random_state=MCC_SEED,
            n_resamples=MCC_RESAMPLES,
        )
    return low["mcc"], high["mcc"]


def _ratio_intervals(counts: Any, ratio: float) -> tuple[Any, Any]:
    """The library's intervals of φ and δ at `ratio` (Armano et al. 2019, eq. 2), weighted
    Newcombe intervals of sensitivity and specificity, in the order the page computes them."""
    n, p = ratio / (1 + ratio), 1 / (1 + ratio)
    args = (counts.tp, counts.tp + counts.fn, counts.tn, counts.tn + counts.fp)
    phi = newcombe_interval(*args, weights=(2 * p, 2 * n))
    delta = newcombe_interval(*args, weights=(2 * p, -(2 * n)))
    return (phi.low + 2 * (n - p), phi.high + 2 * (n - p)), (delta.low - 1, delta.high - 1)


def _same(shown: float | None, expected: float) -> bool:
    """The page's number (None: undefined) is the library's, bit for bit."""
    return np.isnan(expected) if shown is None else shown == float(expected)


def _bound(shown: float | None, expected: float) -> bool:
    """An interval's bound as the page holds it: the library's to seven significant digits."""
    return np.isnan(expected) if shown is None else shown == float(f"{expected:.7g}")


def test_every_step_holds_the_tables_counts_and_the_librarys_measures():
    y, s = _data()
    table = ScoreTable.from_scores(y, s)
    payload = explorer_payload(table, name="m")
    steps = payload["steps"]
    assert len(steps["tp"]) == len(table) + 1  # a small table: every cut
    mcc_low, mcc_high = _mcc_bounds(table, steps["tp"], steps["fp"])
    for i in (0, 1, len(table) // 2, len(table)):
        counts, value, low, high = _library(table, steps["threshold"][i])
        assert (steps["tp"][i], steps["fp"][i]) == (int(counts.tp[0]), int(counts.fp[0]))
        low, high = {**low, "mcc": mcc_low[i : i + 1]}, {**high, "mcc": mcc_high[i : i + 1]}
        for name in EXPLORER_MEASURES:
            assert _same(payload["measures"]["value"][name][i], value[name][0]), name
            check = _same if name in EXACT else _bound
            assert check(payload["measures"]["low"][name][i], low[name][0]), name
            assert check(payload["measures"]["high"][name][i], high[name][0]), name
    middle = len(table) // 2
    assert mcc_low[middle] < payload["measures"]["value"]["mcc"][middle] < mcc_high[middle]
    assert steps["threshold"][0] is None  # above every score: nothing positive
    assert payload["measures"]["value"]["precision"][0] is None  # undefined there


def test_large_tables_step_over_thinned_cuts_whose_counts_stay_exact():
    rng = np.random.default_rng(1)
    n = 20_000
    y = rng.random(n) < 0.3
    s = rng.normal(size=n) + y
    table = ScoreTable.from_scores(y, s)
    assert len(table) + 1 > ALL_STEPS
    steps = explorer_steps(table)
    assert steps[0] == 0
    assert steps[-1] == len(table)
    assert len(steps) < len(table) / 10
    payload = explorer_payload(table)
    tp_all, fp_all = table.cumulative()
    assert payload["steps"]["tp"] == tp_all[steps].tolist()
    assert payload["steps"]["fp"] == fp_all[steps].tolist()
    for i in rng.choice(len(steps), 5, replace=False):
        cut = payload["steps"]["threshold"][i]
        counts = table.counts_at(np.inf if cut is None else cut)
        assert (payload["steps"]["tp"][i], payload["steps"]["fp"][i]) == (
            int(counts.tp[0]),
            int(counts.fp[0]),
        )
    # the drawn ROC curve (for the φ-δ diagram) is the thinned exact curve: every cut of the
    # table lies within half a pixel of a 1,000-pixel plot of it
    fx, fy = np.array(payload["curve"]["fpr"]), np.array(payload["curve"]["tpr"])
    exact_x, exact_y = fp_all / fp_all[-1], tp_all / tp_all[-1]
    assert len(fx) < len(exact_x) / 20
    assert np.max(distance_to_polyline(exact_x, exact_y, fx, fy)) <= 0.5 / 1000 + 1e-12
    # light: the page's data grows with the steps, not with the rows
    assert len(json.dumps(payload)) < 1_200_000


def test_explore_takes_labels_a_table_or_an_assessment():
    y, s = _data(120)
    table = ScoreTable.from_scores(y, s, pos_label=True)
    by_labels = phidelta.explore(y, s, pos_label=True)
    by_table = phidelta.explore(table)
    run = assess(y, scores=s, pos_label=True, threshold=0.5)
    by_assessment = phidelta.explore(run)
    assert by_labels.payload["steps"] == by_table.payload["steps"]
    assert by_assessment.payload["steps"] == by_table.payload["steps"]
    # the assessment's threshold is the first cut shown: the counts of its rule
    start = by_assessment.payload["start"]
    assert by_assessment.payload["steps"]["tp"][start] == int(run.pooled().tp[0])
    assert by_assessment.payload["steps"]["fp"][start] == int(run.pooled().fp[0])
    with pytest.raises(TypeError, match="`scores` must be None when `y_true` is a ScoreTable"):
        phidelta.explore(table, s)
    with pytest.raises(TypeError, match="`scores` is required"):
        phidelta.explore(y)
    with pytest.raises(ValueError, match="`table` must hold both classes"):
        phidelta.explore(np.ones(5, bool), np.arange(5.0), pos_label=True)
    with pytest.raises(ValueError, match=r"`ratio` must be in \[0.1, 10\]"):
        phidelta.explore(table, ratio=20)


def test_weighted_rows_give_the_weighted_tables_counts():
    rng = np.random.default_rng(4)
    y, s = rng.random(200) < 0.4, rng.normal(size=200)
    w = rng.random(200) * 2
    table = ScoreTable.from_scores(y, s, pos_label=True, sample_weight=w)
    payload = phidelta.explore(y, s, pos_label=True, sample_weight=w).payload
    for i in (1, 50, 200):
        counts = table.counts_at(payload["steps"]["threshold"][i])
        assert payload["steps"]["tp"][i] == pytest.approx(float(counts.tp[0]), rel=1e-12)
        assert payload["steps"]["fp"][i] == pytest.approx(float(counts.fp[0]), rel=1e-12)
        assert 0 <= payload["measures"]["low"]["sensitivity"][i] <= 1
        # no bootstrap of weighted counts: MCC without interval, its value the library's (the
        # running sums' rounding apart)
        assert payload["measures"]["low"]["mcc"][i] is None
        value, expected = (
            payload["measures"]["value"]["mcc"][i],
            mcc(counts, zero_division=np.nan)[0],
        )
        if np.isfinite(expected):  # the last cut: a class empty, up to the sums' rounding
            assert value == pytest.approx(expected, rel=1e-12)


def test_a_notebook_gets_the_page_with_plotly_inlined_once_and_no_network():
    y, s = _data(80)
    shown = phidelta.explore(y, s, pos_label=True, name="<b>model</b>")
    bundle = shown._repr_mimebundle_()
    page = bundle["text/html"]
    assert bundle["text/plain"].startswith("ThresholdExplorer(")
    assert page.count("plotly.js v") == 1 or page.count("* plotly.js") == 1
    assert not re.search(r"<script[^>]+src=", page)  # nothing fetched: plotly.js is inlined
    assert "<b>model</b>" not in page  # the name is escaped wherever HTML is read
    assert len(shown.html(include_plotlyjs=False)) < len(page) - 3_000_000


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield instance
        instance.close()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    y, s = _data(300, seed=3)
    table = ScoreTable.from_scores(y, s, pos_label=True)
    path = phidelta.explore(table, name="logistic").save(
        tmp_path_factory.mktemp("explorer") / "explorer.html"
    )
    return table, path


@pytest.fixture(scope="module")
def offline(browser, saved):
    """The saved page, opened once for the module (plotly.js takes seconds to parse), every
    request but the file itself refused: the network is off."""
    return open_offline(browser, saved[1], ready=".pdx-measures tbody tr")


def _move(page, selector: str, value: int) -> None:
    page.eval_on_selector(
        selector,
        f"e => {{ e.value = '{value}'; e.dispatchEvent(new Event('input')); }}",
    )


def _shown(page) -> dict[str, Any]:
    return page.evaluate("""() => {
        const root = document.querySelector('.pdx');
        const cells = {};
        root.querySelectorAll('.pdx-matrix td').forEach(td => {
            cells[td.className.slice(4)] = Number(td.dataset.count); });
        const rows = {};
        root.querySelectorAll('.pdx-measures tbody tr').forEach(tr => {
            const v = tr.querySelector('.pdx-value'), i = tr.querySelector('.pdx-interval');
            rows[tr.dataset.measure] = {value: v.dataset.value, text: v.textContent,
                                        low: i.dataset.low, high: i.dataset.high}; });
        const point = id => { const d = root.querySelector(id).data;
                              const t = d[d.length - 1]; return [t.x[0], t.y[0]]; };
        return {cells, rows, threshold: root.dataset.threshold, ratio: root.dataset.ratio,
                roc: point('.pdx-roc'), pr: point('.pdx-pr'), pd: point('.pdx-phidelta')};
    }""")


def _number(text: str | None) -> float | None:
    return None if text in (None, "null", "undefined") else float(text)


def test_the_slider_shows_the_librarys_counts_and_measures_at_the_cut(saved, offline):
    table, page, (_, asked, errors) = saved[0], offline[0], offline
    steps = int(page.eval_on_selector(".pdx-threshold", "e => e.max")) + 1
    sent = json.loads(page.text_content("script.pdx-data"))["steps"]
    mcc_low, mcc_high = _mcc_bounds(table, sent["tp"], sent["fp"])
    for position in (0, steps // 3, steps - 1):  # right: higher thresholds
        _move(page, ".pdx-threshold", position)
        shown = _shown(page)
        cut = None if shown["threshold"] == "inf" else float(shown["threshold"])
        counts, value, low, high = _library(table, cut)
        i = steps - 1 - position
        low, high = {**low, "mcc": mcc_low[i : i + 1]}, {**high, "mcc": mcc_high[i : i + 1]}
        assert shown["cells"] == {
            "tp": int(counts.tp[0]),
            "fp": int(counts.fp[0]),
            "fn": int(counts.fn[0]),
            "tn": int(counts.tn[0]),
        }
        for name in EXPLORER_MEASURES:
            row = shown["rows"][name]
            expected = float(value[name][0])
            assert _same(_number(row["value"]), expected), name
            if np.isfinite(expected):  # the text: the value to four decimals
                assert abs(float(row["text"]) - expected) <= 0.5e-4 + 1e-12
            else:
                assert row["text"] == "—"
            check = _same if name in EXACT else _bound
            assert check(_number(row["low"]), low[name][0]), name
            assert check(_number(row["high"]), high[name][0]), name
        # φ and δ at the diagram's ratio, their intervals the library's bit for bit
        phi, delta = _ratio_intervals(counts, float(shown["ratio"]))
        for key, (lo, hi) in (("phi_ratio", phi), ("delta_ratio", delta)):
            assert _same(_number(shown["rows"][key]["low"]), lo[0]), key
            assert _same(_number(shown["rows"][key]["high"]), hi[0]), key
        p, n = table.total_positives, table.total_negatives
        assert shown["roc"] == pytest.approx([counts.fp[0] / n, counts.tp[0] / p], abs=1e-15)
        if position == 0:  # left: the lowest score, everything positive
            assert float(shown["threshold"]) == table.scores[-1]
    assert shown["threshold"] == "inf"  # right: above every score, nothing positive
    assert asked == []
    assert errors == []


def test_the_ratio_slider_maps_the_diagram_as_the_library_does(saved, offline):
    table, (page, _, errors) = saved[0], offline
    _move(page, ".pdx-threshold", 40)
    ratios = json.loads(page.text_content("script.pdx-data"))["ratios"]
    for index in (0, 13, len(ratios) - 1):
        _move(page, ".pdx-ratio", index)
        shown = _shown(page)
        r = float(shown["ratio"])
        assert r == ratios[index]
        counts = table.counts_at(float(shown["threshold"]))
        expected = phi_delta(counts, ratio=r)
        assert_allclose(shown["pd"], [expected.phi[0], expected.delta[0]], rtol=0, atol=1e-15)
        assert_allclose(
            [float(shown["rows"][k]["value"]) for k in ("phi_ratio", "delta_ratio")],
            [expected.phi[0], expected.delta[0]],
            rtol=0,
            atol=1e-15,
        )
        # their intervals: the library's weighted Newcombe intervals at this ratio, exactly,
        # and holding the value
        phi, delta = _ratio_intervals(counts, r)
        for key, (lo, hi), value in (
            ("phi_ratio", phi, expected.phi[0]),
            ("delta_ratio", delta, expected.delta[0]),
        ):
            row = shown["rows"][key]
            assert (float(row["low"]), float(row["high"])) == (float(lo[0]), float(hi[0])), key
            assert float(row["low"]) <= value + 1e-15, key
            assert value - 1e-15 <= float(row["high"]), key
        # the diamond drawn is the geometry's at that ratio
        border = page.evaluate("document.querySelector('.pdx-phidelta').data[0].x")
        assert_allclose(border, phidelta.diamond(r).border[:, 0], atol=1e-12)
    # the browser's formula is the library's, over random rates and ratios
    rng = np.random.default_rng(5)
    spec, sens, ratio = rng.random(50), rng.random(50), 10 ** rng.uniform(-1, 1, 50)
    got = np.array(
        page.evaluate(
            "([a, b, r]) => a.map((_, i) => window.phideltaExplorer.phiDelta(a[i], b[i], r[i]))",
            [spec.tolist(), sens.tolist(), ratio.tolist()],
        )
    )
    expected = phidelta.convert(spec, sens, ratio=ratio)
    assert_allclose(got[:, 0], expected.phi, rtol=0, atol=1e-15)
    assert_allclose(got[:, 1], expected.delta, rtol=0, atol=1e-15)
    assert errors == []


def test_hover_names_the_classifier_and_its_phi_and_delta(offline):
    page, _, errors = offline
    box = page.locator(".pdx-phidelta .scatterlayer .trace:last-child .points path").first
    box.hover(force=True)
    page.wait_for_selector(".pdx-phidelta .hoverlayer .hovertext")
    text = page.text_content(".pdx-phidelta .hoverlayer .hovertext")
    assert "logistic" in text
    assert "φ = " in text
    assert "δ = " in text
    assert "positive when score ≥" in text
    assert errors == []


def test_a_notebook_output_draws_the_explorer_even_under_requirejs(browser, tmp_path):
    """What Jupyter does with an HTML output: the HTML set as innerHTML, then each script
    run again in order (innerHTML runs none); on a page with an AMD loader, as the classic
    notebook's RequireJS (older plotly.js builds register a module there instead of setting
    window.Plotly; the output hides the loader while plotly.js runs)."""
    y, s = _data(60)
    output = phidelta.explore(y, s, pos_label=True, name="nb")._repr_mimebundle_()["text/html"]
    (tmp_path / "output.json").write_text(json.dumps(output), encoding="utf-8")
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_content(
        "<div id='cell'></div><script>window.define = function () {}; "
        "window.define.amd = {};</script>"
    )
    page.evaluate(
        """html => {
        const cell = document.getElementById('cell');
        cell.innerHTML = html;
        for (const old of Array.from(cell.querySelectorAll('script'))) {
            if (old.type === 'application/json') continue;
            const fresh = document.createElement('script');
            fresh.text = old.textContent;
            old.replaceWith(fresh);
        }
    }""",
        output,
    )
    page.wait_for_selector("#cell .pdx-measures tbody tr")
    drawn = page.evaluate(
        "['.pdx-roc', '.pdx-pr', '.pdx-phidelta'].map(k => document.querySelector(k).data.length)"
    )
    assert all(n > 0 for n in drawn)
    assert page.evaluate("typeof window.define") == "function"  # the page's loader kept
    assert errors == []

"""The Plotly figure specifications (phidelta.rendering.plotly) and the thinning of curves."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from phidelta import BinaryCounts, ScoreTable
from phidelta.geometry import DRAWING_TOLERANCE, diamond, thin_polyline
from phidelta.measures import (
    decision_curve,
    entropy_balance,
    optimal_points,
    phi_delta,
    roc_convex_hull,
    roc_curve,
)
from phidelta.rendering import plotly as pf


def _distance_to_polyline(points: np.ndarray, line: np.ndarray) -> np.ndarray:
    """The distance of every point to the polyline through ``line``'s vertices."""
    a, b = line[:-1], line[1:]
    d = b - a
    length2 = (d**2).sum(axis=1)
    rel = points[:, None, :] - a[None, :, :]
    t = np.where(length2 > 0, (rel * d[None]).sum(axis=2) / np.where(length2 > 0, length2, 1), 0)
    t = np.clip(t, 0, 1)
    nearest = a[None] + t[..., None] * d[None]
    return np.sqrt(((points[:, None, :] - nearest) ** 2).sum(axis=2)).min(axis=1)


@st.composite
def polylines(draw):
    n = draw(st.integers(2, 120))
    steps = draw(st.lists(st.floats(-1, 1, allow_nan=False), min_size=2 * n, max_size=2 * n))
    walk = np.cumsum(np.array(steps).reshape(n, 2), axis=0)
    scale = draw(st.sampled_from([1e-3, 1.0, 1e3]))
    return walk * scale


@settings(max_examples=40, deadline=None)
@given(line=polylines(), tolerance=st.sampled_from([DRAWING_TOLERANCE, 0.01, 0.1]))
def test_thinned_polyline_stays_within_the_tolerance(line, tolerance):
    keep = thin_polyline(line[:, 0], line[:, 1], tolerance=tolerance)
    assert keep[0] == 0
    assert keep[-1] == len(line) - 1
    assert np.all(np.diff(keep) > 0)
    span = np.maximum(np.ptp(line, axis=0), 1e-300)
    unit, drawn = line / span, line[keep] / span
    # every exact vertex near the drawn curve, every drawn point near the exact curve
    assert _distance_to_polyline(unit, drawn).max() <= tolerance * (1 + 1e-9)
    t = np.linspace(0, 1, 7)[:, None, None]
    between = (drawn[:-1][None] + t * (drawn[1:] - drawn[:-1])[None]).reshape(-1, 2)
    if len(unit) > 1:
        assert _distance_to_polyline(between, unit).max() <= tolerance * (1 + 1e-9)


def test_thinning_a_large_roc_curve_keeps_the_bound_and_few_points():
    rng = np.random.default_rng(0)
    n = 200_000
    scores = rng.normal(size=n)
    y = rng.random(n) < 1 / (1 + np.exp(-2 * scores))
    curve = roc_curve(ScoreTable.from_scores(y, scores))
    spec = pf.roc_figure(ScoreTable.from_scores(y, scores), hull=False, optimal=False)
    drawn = np.c_[spec["data"][1]["x"], spec["data"][1]["y"]]
    assert len(drawn) < 2000 < len(curve.fpr)
    exact = np.c_[curve.fpr, curve.tpr]
    # drawn vertices are exact vertices; every exact vertex within half a pixel of 1,000
    assert np.isin(drawn[:, 0], curve.fpr).all()
    assert _distance_to_polyline(exact[::50], drawn).max() <= DRAWING_TOLERANCE


def test_the_thinned_curves_kept_are_bounded_in_bytes(monkeypatch):
    """A server draws many users' curves: the remembered thinnings never hold more than their
    byte bound, the newest kept, a curve found again not counted twice."""
    from phidelta.rendering.plotly import _curves

    monkeypatch.setattr(_curves, "_THINNED", type(_curves._THINNED)())
    monkeypatch.setattr(_curves, "_THINNED_HELD", [0])
    rng = np.random.default_rng(5)
    curves = [np.sort(rng.random(3000)) for _ in range(6)]
    one = len(pf.thinned(curves[0], np.sqrt(curves[0]))) * 8
    monkeypatch.setattr(_curves, "_THINNED_BYTES", 3 * one)
    for x in curves:
        pf.thinned(x, np.sqrt(x))
        pf.thinned(x, np.sqrt(x))  # found again: held once
        held = sum(k.nbytes for k in _curves._THINNED.values())
        assert held == _curves._THINNED_HELD[0] <= 3.5 * one
    assert 1 <= len(_curves._THINNED) <= 4
    assert np.array_equal(
        next(reversed(_curves._THINNED.values())), pf.thinned(curves[-1], np.sqrt(curves[-1]))
    )


def test_roc_and_coverage_figures_share_one_thinning(monkeypatch):
    """The coverage curve is the ROC curve scaled by N and P (Flach 2012, §2.2): both
    figures draw the same exact vertices, thinned once."""
    from phidelta.rendering.plotly import _curves

    calls = []

    def counting(*args, **kwargs):
        calls.append(1)
        return thin_polyline(*args, **kwargs)

    monkeypatch.setattr(_curves, "thin_polyline", counting)
    monkeypatch.setattr(_curves, "_THINNED", type(_curves._THINNED)())
    monkeypatch.setattr(_curves, "_THINNED_HELD", [0])
    rng = np.random.default_rng(3)
    y = rng.random(6000) < 0.2
    table = ScoreTable.from_scores(y, y + rng.normal(size=6000))
    n, p = table.total_negatives, table.total_positives
    roc = pf.roc_figure(table, hull=False, optimal=False)["data"][1]
    cover = pf.roc_figure(table, space="coverage", hull=False, optimal=False)["data"][1]
    assert len(calls) == 1
    curve = roc_curve(table)
    assert 2 < len(roc["x"]) < len(curve.fpr)
    assert_allclose(cover["x"], np.asarray(roc["x"]) * n, rtol=1e-15)
    assert_allclose(cover["y"], np.asarray(roc["y"]) * p, rtol=1e-15)
    assert cover["customdata"] == roc["customdata"]
    assert np.isin(roc["x"], curve.fpr).all()  # exact vertices
    # thinning another curve thins again; the first one's vertices are not mutated by callers
    pf.roc_figure(ScoreTable.from_scores(y[::2], rng.normal(size=3000)), hull=False)
    assert len(calls) == 2
    first = pf.thinned(curve.fpr, curve.tpr)
    first[:] = 0
    assert len(calls) == 2
    assert pf.thinned(curve.fpr, curve.tpr)[-1] == len(curve.fpr) - 1


def test_thinning_refuses_bad_input():
    with pytest.raises(ValueError, match="`x` and `y` must have the same length"):
        thin_polyline([0, 1], [0])
    with pytest.raises(ValueError, match="`tolerance` must be a positive number"):
        thin_polyline([0, 1, 2], [0, 1, 0], tolerance=0)
    assert thin_polyline([0.0, 1.0, 2.0], [0.0, 0.0, 0.0]).tolist() == [0, 2]


def test_phi_delta_figure_draws_the_geometry_and_the_points():
    counts = BinaryCounts(tn=[15, 40, 7], fp=[10, 10, 3], fn=[15, 20, 2], tp=[60, 30, 9])
    pd_ = phi_delta(counts, ratio=2.0)
    spec = pf.phi_delta_figure(
        pd_.phi,
        pd_.delta,
        ratio=2.0,
        names=["a", "<b>b</b>", "c"],
        isometrics=["accuracy"],
        mean=True,
        ellipse=True,
        highlight=[1],
    )
    json.dumps(spec, allow_nan=False)  # JSON as it is
    border = diamond(2.0).border
    assert_allclose(np.c_[spec["data"][0]["x"], spec["data"][0]["y"]], border)
    points = next(t for t in spec["data"] if t["name"] == "folds")
    assert_allclose(points["x"], pd_.phi)
    assert_allclose(points["y"], pd_.delta)
    assert [c[0] for c in points["customdata"]] == ["a", "&lt;b&gt;b&lt;/b&gt;", "c"]
    assert points["marker"]["color"][1] == pf._common.PINK
    assert "φ = %{x:.4f}" in points["hovertemplate"]
    assert "δ = %{y:.4f}" in points["hovertemplate"]
    mean = next(t for t in spec["data"] if t["name"] == "mean")
    assert_allclose([mean["x"][0], mean["y"][0]], [pd_.phi.mean(), pd_.delta.mean()])
    # the equal units of the diagram
    assert spec["layout"]["yaxis"]["scaleanchor"] == "x"
    assert {a["text"] for a in spec["layout"]["annotations"]} >= {"oracle"}


def test_every_isometric_family_is_a_toggleable_legend_group():
    traces = pf.diamond_traces(1.0, isometrics=pf.ISOMETRIC_FAMILIES)
    families = {t["meta"]["isometric"] for t in traces[1:]}
    assert families == set(pf.ISOMETRIC_FAMILIES)
    for family in families:
        lines = [t for t in traces[1:] if t["meta"]["isometric"] == family]
        assert sum(t["showlegend"] for t in lines) == 1
    with pytest.raises(ValueError, match="`isometrics` must name families"):
        pf.diamond_traces(1.0, isometrics=["nope"])
    with pytest.raises(ValueError, match="`highlight` must hold indices of the 1 points"):
        pf.phi_delta_figure([0.1], [0.2], highlight=[3])
    with pytest.raises(ValueError, match="`names` has 2 names for 1 points"):
        pf.phi_delta_figure([0.1], [0.2], names=["a", "b"])


def test_roc_figure_is_the_library_curve_with_bands_in_order():
    rng = np.random.default_rng(1)
    y = rng.random(300) < 0.4
    s = y + rng.normal(size=300)
    table = ScoreTable.from_scores(y, s)
    curve, hull = roc_curve(table), roc_convex_hull(table)
    spec = pf.roc_figure(table, names=["m<1>"])
    json.dumps(spec, allow_nan=False)
    assert_allclose(spec["data"][1]["x"], curve.fpr)
    assert_allclose(spec["data"][1]["y"], curve.tpr)
    assert spec["data"][1]["name"] == f"ROC m&lt;1&gt; (AUC {curve.auc():.3f})"
    assert_allclose(spec["data"][2]["x"], hull.fpr)
    cov = pf.roc_figure(table, space="coverage")
    assert max(cov["data"][1]["x"]) == (~y).sum()
    assert max(cov["data"][1]["y"]) == y.sum()
    from phidelta.inference import roc_band

    band = roc_band(table, n_resamples=50, random_state=0)
    banded = pf.roc_figure(table, bands=[band])
    fills = [t for t in banded["data"] if t.get("fill") == "tonexty"]
    assert len(fills) == 2
    assert banded["data"][5]["name"].startswith("ROC")


def test_roc_acceptable_region_is_jirinas_q_and_e_at_least_one():
    """Q = TPR/√FPR ≥ 1 and E ≥ 1 (Jiřina & Jiřina 2005): the shaded region's lower edge is
    TPR = √FPR, in rates and scaled by N and P in coverage space; drawn only when asked."""
    table = ScoreTable.from_scores([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.5, 0.9])
    assert not any(
        str(t.get("name", "")).startswith("acceptable") for t in pf.roc_figure(table)["data"]
    )
    for space, (sx, sy) in (("roc", (1.0, 1.0)), ("coverage", (3.0, 3.0))):
        spec = pf.roc_figure(table, space=space, acceptable_region=True)
        region = spec["data"][1]  # under every curve and band
        assert region["name"] == "acceptable: Q ≥ 1, E ≥ 1"
        x, y = np.asarray(region["x"], float) / sx, np.asarray(region["y"], float) / sy
        edge = slice(0, -2)  # then the top corners (1, 1) and (0, 1) close it
        assert_allclose(y[edge], np.sqrt(x[edge]))
        assert x[0] == 0
        assert x[-3] == 1
        assert_allclose(y[-2:], [1, 1])


def test_reliability_bands_are_the_wilson_intervals_the_static_diagram_draws():
    """``band`` of calibration_figure draws the bins' pointwise intervals as error bars and
    the simultaneous ones (Bonferroni) as bars from their low to their high bound, as
    CalibrationDisplay.plot(band=...) does; empty bins get no bar."""
    from phidelta.inference import reliability_intervals
    from phidelta.measures import expected_calibration_error

    rng = np.random.default_rng(5)
    p = rng.uniform(0, 0.75, size=120)  # the last bins stay empty
    y = rng.uniform(size=120) < p
    rel = reliability_intervals(expected_calibration_error(y, p, bins=10), confidence_level=0.9)
    filled = rel.count > 0
    assert not filled.all()
    both = pf.calibration_figure(y, p, kind="reliability", reliability=rel, band=True)
    bars, bins = both["data"][1:]
    assert bars["name"] == "90% simultaneous (Wilson, Bonferroni over bins)"
    xs = np.asarray(bars["x"], float).reshape(-1, 3)
    ys = np.asarray(bars["y"], float).reshape(-1, 3)
    assert_allclose(xs[:, :2], np.repeat(rel.mean_predicted[filled, None], 2, axis=1))
    assert_allclose(ys[:, 0], rel.simultaneous_low[filled])
    assert_allclose(ys[:, 1], rel.simultaneous_high[filled])
    assert np.isnan(ys[:, 2]).all()  # a break between bars
    observed = np.asarray(bins["y"], float)
    assert_allclose(observed + np.asarray(bins["error_y"]["array"], float), rel.high)
    assert_allclose(observed - np.asarray(bins["error_y"]["arrayminus"], float), rel.low)
    alone = pf.calibration_figure(y, p, kind="reliability", reliability=rel, band=False)
    assert [t["name"] for t in alone["data"]] == ["ideal", "bins"]
    assert "error_y" not in alone["data"][1]
    default = pf.calibration_figure(y, p, kind="reliability", reliability=rel)
    assert [t["name"] for t in default["data"]] == ["ideal", "bins, 90% Wilson"]
    with pytest.raises(ValueError, match="`band` must be True, False"):
        pf.calibration_figure(y, p, kind="reliability", reliability=rel, band="both")


def test_calibration_and_decision_figures():
    rng = np.random.default_rng(2)
    p = rng.uniform(size=400)
    y = rng.uniform(size=400) < p
    smooth = pf.calibration_figure(y, p, kind="smooth")
    names = [t["name"] for t in smooth["data"]]
    assert names == ["ideal", "isotonic", "logistic calibration", "nonparametric (lowess)"]
    with pytest.raises(ValueError, match='kind="smooth" needs probabilities'):
        pf.calibration_figure(y, p * 3 - 1, kind="smooth")
    curve = decision_curve(ScoreTable.from_scores(y, p))
    spec = pf.decision_curve_figure(curve, names=["model"])
    model = next(t for t in spec["data"] if t["name"] == "model")
    assert_allclose(model["y"], curve.net_benefit)
    treat_all = next(t for t in spec["data"] if t["name"] == "treat all")
    # treat all: prevalence − (1 − prevalence) · p_t / (1 − p_t) (Vickers & Elkin 2006)
    pt, prev = curve.threshold_probability, y.mean()
    assert_allclose(treat_all["y"], prev - (1 - prev) * pt / (1 - pt), atol=1e-12)


def test_triangle_figure_escapes_names_and_marks_the_pool():
    from phidelta import ConfusionMatrix

    cm = ConfusionMatrix([[[8, 2], [1, 9]], [[5, 5], [3, 7]]])
    spec = pf.entropy_triangle_figure(
        entropy_balance(cm), names=["<i>x</i>", "y"], pooled=entropy_balance(cm.sum())
    )
    json.dumps(spec, allow_nan=False)
    named = [t["name"] for t in spec["data"] if t.get("showlegend") is not False]
    assert named == ["triangle", "&lt;i&gt;x&lt;/i&gt;", "y", "pooled"]


def test_notebook_html_inlines_plotly_once_and_no_script_src():
    pytest.importorskip("plotly")
    page = pf.notebook_html(pf.phi_delta_figure([0.1], [0.2]), pf.phi_delta_figure([0], [0]))
    assert page.count(pf.plotly_js()[:200]) == 1
    assert "<script src" not in page
    fig = pf.to_figure(pf.phi_delta_figure([0.1], [0.2], names=["</script><b>"]))
    assert "</script><b>" not in pf.notebook_html(fig, include_plotlyjs=False)


def test_each_display_draws_its_specification_in_plotly(monkeypatch):
    pytest.importorskip("plotly")
    from phidelta import ConfusionMatrix
    from phidelta.rendering import (
        CalibrationDisplay,
        DecisionCurveDisplay,
        EntropyTriangleDisplay,
        PhiDeltaDisplay,
        RocDisplay,
        ThresholdScanDisplay,
    )

    rng = np.random.default_rng(3)
    p = rng.uniform(size=200)
    y = rng.uniform(size=200) < p
    table = ScoreTable.from_scores(y, p)
    cm = ConfusionMatrix([[[8, 2], [1, 9]]])
    displays = [
        PhiDeltaDisplay(phi=[0.1, -0.2], delta=[0.5, 0.3], names=["a", "b"]),
        RocDisplay(tables=[table], names=["m"]),
        CalibrationDisplay(y_true=y, scores=p),
        ThresholdScanDisplay(table=table),
        DecisionCurveDisplay(tables=[table]),
        EntropyTriangleDisplay(balance=entropy_balance(cm), names=["m"]),
    ]
    for display in displays:
        spec = pf.display_figure(display)
        fig = display.to_plotly()
        assert [t.name for t in fig.data] == [t.get("name") for t in spec["data"]]
        assert_allclose(
            np.asarray(fig.data[-1].x, dtype=float), np.asarray(spec["data"][-1]["x"], dtype=float)
        )
    with pytest.raises(TypeError, match="`display` must be one of"):
        pf.display_figure(object())
    monkeypatch.setitem(__import__("sys").modules, "plotly", None)
    monkeypatch.setitem(__import__("sys").modules, "plotly.graph_objects", None)
    with pytest.raises(ImportError, match=r"the 'interactive' extra"):
        displays[0].to_plotly()


def test_a_long_threshold_scan_is_thinned_with_its_steps():
    rng = np.random.default_rng(7)
    y = rng.random(5000) < 0.3
    s = y + rng.normal(size=5000)
    table = ScoreTable.from_scores(y, s)
    whole = pf.threshold_scan_figure(ScoreTable.from_scores(y[:500], s[:500]))
    assert whole["data"][0]["line"]["shape"] == "hv"  # short: every step, drawn as steps
    spec = pf.threshold_scan_figure(table)
    from phidelta.measures import threshold_scan

    scan = threshold_scan(table, ["classification_error"])
    x = np.asarray(scan.index[1:], dtype=float)
    err = np.asarray(scan["classification_error"][1:], dtype=float)
    drawn = np.c_[spec["data"][0]["x"], spec["data"][0]["y"]]
    assert len(drawn) < len(x)
    # every exact step corner within half a pixel of the drawn polyline (in plot units)
    corners = np.c_[np.repeat(x, 2)[1:], np.repeat(err, 2)[:-1]]
    span = np.ptp(corners, axis=0)
    assert _distance_to_polyline(corners[::3] / span, drawn / span).max() <= DRAWING_TOLERANCE


def test_a_constant_score_draws_its_best_cut_at_infinity():
    """One distinct score: the cost-optimal cut may predict no row positive (threshold +∞),
    which the figure names instead of failing (the web page answered 500 here)."""
    y = np.array([0, 1] * 50)
    table = ScoreTable.from_scores(y, np.full(100, 0.5))
    best = optimal_points(table, ratio=1.0, cost_ratio=1.0)
    spec = pf.roc_figure(table, optimal=True, ratio=1.0, cost_ratio=1.0)
    json.dumps(spec, allow_nan=False)
    line = next(t for t in spec["data"] if t.get("name", "").startswith("best iso-cost"))
    expected = {np.inf: "∞", -np.inf: "−∞"}.get(float(best.thresholds[0]))
    assert expected is not None
    assert line["name"].endswith(f"score ≥ {expected}")
    assert [pf._common.number(v) for v in (np.inf, -np.inf, 0.5, 2.0)] == ["∞", "−∞", "0.5", "2"]


_BOXES = """(id) => {
    const root = document.getElementById(id);
    const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
                          return [r.left, r.top, r.right, r.bottom]; };
    const modebar = root.querySelector('.modebar');
    return {figure: box(root), title: box(root.querySelector('.gtitle')),
            modebar: modebar && getComputedStyle(modebar.parentNode).opacity !== '0'
                     ? box(modebar) : null,
            legend: box(root.querySelector('.legend .bg')),
            plot: box(root.querySelector('.nsewdrag')),
            ticks: box(root.querySelector('.xaxislayer-above')),
            xtitle: box(root.querySelector('.g-xtitle')),
            entries: root.querySelectorAll('.legend .traces').length};
}"""


def _overlap(a, b) -> bool:
    return (
        a is not None
        and b is not None
        and a[0] < b[2]
        and b[0] < a[2]
        and a[1] < b[3]
        and b[1] < a[3]
    )


def test_titles_clear_the_mode_bar_and_legends_clear_the_plot_in_a_browser(tmp_path):
    """Drawn by plotly.js in a 400-pixel-wide figure and hovered (the mode bar shown): the
    title and the mode bar do not overlap, and a curve figure's legend lies below its plot
    area, wholly inside the figure (the flaws of the screenshots: a toolbar over the
    centred title, a ROC legend over the chance diagonal)."""
    from playwright.sync_api import sync_playwright

    from pages import ARGS, CHROMIUM

    rng = np.random.default_rng(0)
    y = rng.random(400) < 0.35
    s = 1 / (1 + np.exp(-(2.2 * y - 1 + rng.normal(size=400))))
    table = ScoreTable.from_scores(y, s)
    figures = {
        "roc": pf.roc_figure(
            table, operating_point={"fpr": 0.2, "tpr": 0.8}, title_text="ROC and operating point"
        ),
        "coverage": pf.roc_figure(table, space="coverage"),
        "pr": pf.precision_recall_figure(table),
        "calibration": pf.calibration_figure(y, s, kind="smooth"),
        "scan": pf.threshold_scan_figure(table, measures=("classification_error", "sensitivity")),
        "decision": pf.decision_curve_figure(decision_curve(table)),
        "phidelta": pf.phi_delta_figure(
            [0.1, 0.2], [0.5, 0.4], title_text="folds, N/P = 1.00<br>positive when score ≥ 0.5"
        ),
        "phidelta below": pf.phi_delta_figure(  # a wrapped legend of long entries
            [0.1, 0.2, 0.15],
            [0.5, 0.4, 0.45],
            isometrics=("accuracy", "bias", "sensitivity"),
            name="the first classifier: folds",
            mean=True,
            ellipse=True,
            pooled_point=(0.15, 0.45),
            legend_below=True,
        ),
    }
    path = tmp_path / "figures.html"
    path.write_text(
        f"<html><body style='margin:0;width:400px'>{pf.notebook_html(*figures.values())}"
        "</body></html>",
        encoding="utf-8",
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page(viewport={"width": 420, "height": 700})
        page.goto(path.as_uri())
        page.wait_for_selector(".main-svg")
        ids = page.eval_on_selector_all(".phidelta-figures > div[id]", "ds => ds.map(d => d.id)")
        for name, key in zip(figures, ids, strict=True):
            page.locator(f"#{key}").scroll_into_view_if_needed()
            box = page.locator(f"#{key} .nsewdrag").bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(
                f"() => getComputedStyle(document.querySelector('#{key} .modebar-container')"
                ".firstChild).opacity === '1'"
            )
            found = page.evaluate(_BOXES, key)
            assert found["modebar"] is not None, name
            assert not _overlap(found["title"], found["modebar"]), (name, found)
            if name != "phidelta":  # the diagram's legend is beside it
                assert found["entries"] >= 2, name
                assert found["legend"][1] >= found["plot"][3], (name, found)  # below
                assert found["legend"][3] <= found["figure"][3] + 1, (name, found)  # inside
                # the x axis's title between its ticks and the legend
                assert found["ticks"][3] <= found["xtitle"][1] + 1, (name, found)
                assert found["xtitle"][3] <= found["legend"][1] + 1, (name, found)
        browser.close()


def test_the_roc_figure_marks_the_cost_optimal_point_as_the_static_one():
    """The point the best iso-cost line touches (Flach 2012, §2.2) is marked, at the
    library's optimal_points, in ROC and coverage space; optimal=False draws neither, and a
    given operating point stays the one point marked."""
    from phidelta.measures import optimal_points

    rng = np.random.default_rng(9)
    y = rng.random(500) < 0.3
    table = ScoreTable.from_scores(y, y + rng.normal(size=500))
    best = optimal_points(table, ratio=2.0, cost_ratio=1.5)
    for space, (sx, sy) in (
        ("roc", (1, 1)),
        ("coverage", (table.total_negatives, table.total_positives)),
    ):
        spec = pf.roc_figure(table, ratio=2.0, cost_ratio=1.5, space=space)
        (marker,) = [t for t in spec["data"] if str(t.get("name", "")).startswith("optimal: ")]
        assert_allclose(marker["x"], [best.fpr[0] * sx], rtol=1e-12)
        assert_allclose(marker["y"], [best.tpr[0] * sy], rtol=1e-12)
    plain = pf.roc_figure(table, optimal=False)
    assert not [t for t in plain["data"] if str(t.get("name", "")).startswith("optimal")]
    # with the folds' operating point given (the page, the explorer) it is the one point
    given = pf.roc_figure(table, operating_point={"fpr": 0.2, "tpr": 0.7})
    assert [t["name"] for t in given["data"] if t.get("mode") == "markers"] == ["operating point"]

"""``phidelta report --interactive``: the static report's sections with every figure drawn by
plotly.js from the figure specification, a threshold explorer per score column, plotly.js
inlined once; in headless Chromium it opens and works with the network off."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure
from playwright.sync_api import sync_playwright

from pages import ARGS, CHROMIUM, open_offline
from phidelta.cli import main
from phidelta.data import Roles, load_assessment
from phidelta.datasets import climate_data_path
from phidelta.rendering import RocDisplay
from phidelta.rendering.plotly import display_figure


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    """One input, written as the static and as the interactive report by the command line."""
    folder = tmp_path_factory.mktemp("interactive")
    rng = np.random.default_rng(7)
    n = 240
    y = rng.random(n) < 0.4
    frame = pd.DataFrame(
        {
            "y": np.where(y, "sick", "well"),
            "model": np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 1.6 * y - 0.4))), 3),
            "baseline": np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 0.8 * y - 0.3))), 3),
            "fold": rng.integers(0, 3, n),
        }
    )
    predictions = folder / "scores.csv"
    frame.to_csv(predictions, index=False)
    common = [
        "report", "--data", str(climate_data_path()), "--label", "RainBool", "--positive", "1",
        "--predictions", str(predictions), "--truth", "y", "--predictions-positive", "sick",
        "--score", "model", "--fold", "fold", "--compare", "baseline",
    ]  # fmt: skip
    written = {}
    for kind, extra in (("static", []), ("interactive", ["--interactive"])):
        path = folder / f"{kind}.html"
        with pytest.MonkeyPatch.context() as patch:
            if kind == "static":  # its sections and figures are compared, not its pixels
                patch.setattr(Figure, "savefig", lambda self, buffer, **kw: buffer.write(b"."))
            assert main([*common, *extra, "-o", str(path)]) == 0
        written[kind] = path.read_text(encoding="utf-8")
    roles = Roles("y", positive="sick", score="model", fold="fold")
    return written, load_assessment(predictions, roles), folder / "interactive.html"


def _headings(page: str) -> list[str]:
    return re.findall(r"<h2>(.*?)</h2>", page)


def _figures(page: str) -> list[dict]:
    """Every figure the page draws: the data and layout of each Plotly.newPlot call."""
    decoder = json.JSONDecoder()
    found = []
    for match in re.finditer(r'Plotly\.newPlot\("figure-[0-9a-f]+", ', page):
        data, end = decoder.raw_decode(page, match.end())
        layout, _ = decoder.raw_decode(page, end + 2)
        found.append({"data": data, "layout": layout})
    return found


def test_the_same_sections_every_figure_interactive_plotly_once(reports):
    static, interactive = reports[0]["static"], reports[0]["interactive"]
    explorers = [h for h in _headings(interactive) if h.startswith("Threshold explorer")]
    assert explorers == ["Threshold explorer: model", "Threshold explorer: baseline"]
    assert [h for h in _headings(interactive) if h not in explorers] == _headings(static)
    assert static.count("<figure>") == interactive.count('<figure class="interactive">') > 8
    assert "<figure><img" not in interactive  # no PNG left
    assert len(_figures(interactive)) == interactive.count('<figure class="interactive">')
    assert interactive.count("* plotly.js v") == 1  # inlined once, however many figures
    assert interactive.count("window.phideltaExplorer = {") == 1
    assert not re.search(r"<script[^>]+src=", interactive)  # nothing to fetch


def test_the_reports_figure_is_the_figure_specifications(reports):
    """One figure code: the report draws the specification a Display's to_plotly() draws."""
    (written, result, _) = reports
    roc = next(f for f in _figures(written["interactive"]) if f["layout"]["title"]["text"] == "ROC")
    display = RocDisplay(tables=[result.pooled_table()])
    # the static figure shades Jiřina's acceptable region too
    expected = json.loads(json.dumps(display_figure(display, acceptable_region=True)))
    assert roc == expected
    figure = display.to_plotly(acceptable_region=True)
    assert [t.name for t in figure.data] == [t.get("name") for t in roc["data"]]
    assert np.array_equal(np.asarray(figure.data[2].x, float), np.asarray(roc["data"][2]["x"]))


def test_one_input_gives_the_same_roc_traces_on_the_page_in_the_notebook_and_the_report(reports):
    """Issue 32: the page, the notebook (to_plotly) and the report draw one input's ROC curve
    and hull with the same traces — one figure code path."""
    from phidelta.web import _views as views

    (written, result, path) = reports
    report = next(
        f for f in _figures(written["interactive"]) if f["layout"]["title"]["text"] == "ROC"
    )
    frame = pd.read_csv(path.parent / "scores.csv")
    params = {"label": "y", "positive": "sick", "score": "model", "fold": "fold"}
    page = json.loads(views.to_json(views.classifier_view(frame, params)))["figures"]["roc"]
    notebook = RocDisplay(tables=[result.pooled_table()]).to_plotly()
    assert page["data"][1]["name"].startswith("ROC")
    assert page["data"][2]["name"].startswith("convex hull")
    assert report["data"][1]["name"].startswith("acceptable")  # the report's, under the curves
    for i in (1, 2):  # the ROC curve and its convex hull
        assert page["data"][i] == report["data"][i + 1]
        assert page["data"][i]["name"] == notebook.data[i].name
        for axis in ("x", "y"):
            drawn = np.asarray(getattr(notebook.data[i], axis), float)
            assert np.array_equal(np.asarray(page["data"][i][axis], float), drawn)


@pytest.fixture(scope="module")
def offline(reports):
    """The saved interactive report in headless Chromium, every non-file request refused."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page, asked, errors = open_offline(browser, reports[2], ready=".pdx-measures tbody tr")
        yield page, asked, errors
        browser.close()


def test_the_saved_report_opens_with_the_network_off(reports, offline):
    page, asked, errors = offline
    drawn = page.evaluate("""() => Array.from(document.querySelectorAll('.plotly-figure'))
        .map(d => [d.data ? d.data.length : 0, d.querySelectorAll('.main-svg').length])""")
    assert len(drawn) == len(_figures(reports[0]["interactive"]))
    assert all(traces > 0 and svgs > 0 for traces, svgs in drawn)
    explorers = page.evaluate("""() => Array.from(document.querySelectorAll('.pdx'))
        .map(e => ['.pdx-roc', '.pdx-pr', '.pdx-phidelta'].map(
            k => e.querySelector(k).data ? e.querySelector(k).data.length : 0))""")
    assert len(explorers) == 2
    assert all(traces > 0 for plots in explorers for traces in plots)  # both explorers drawn
    assert asked == []
    assert errors == []


def test_the_reports_explorer_shows_the_librarys_counts(reports, offline):
    page, _, errors = offline
    result = reports[1]
    table = result.pooled_table()
    root = ".pdx >> nth=0"
    for position in (5, 60):
        page.locator(root).locator("input.pdx-threshold").evaluate(
            f"e => {{ e.value = '{position}'; e.dispatchEvent(new Event('input')); }}"
        )
        cut = page.locator(root).get_attribute("data-threshold")
        counts = table.counts_at(float(cut))
        cells = (
            page.locator(root)
            .locator(".pdx-matrix td")
            .evaluate_all(
                "tds => Object.fromEntries(tds.map(td => [td.className.slice(4), "
                "Number(td.dataset.count)]))"
            )
        )
        assert cells == {k: int(getattr(counts, k)[0]) for k in ("tp", "fp", "fn", "tn")}
    assert errors == []


def test_hover_shows_a_features_name_and_its_phi_and_delta(offline):
    page, _, errors = offline
    first = page.locator(".plotly-figure").first  # the signature's diagram at N/P = 1
    names = first.evaluate(
        "d => d.data.filter(t => t.customdata && t.mode === 'markers')"
        ".flatMap(t => t.customdata.map(c => c[0]))"
    )
    first.locator(".scatterlayer .trace .points path").last.hover(force=True)
    page.wait_for_selector(".plotly-figure .hoverlayer .hovertext")
    text = first.locator(".hoverlayer .hovertext").first.text_content()
    assert any(name in text for name in names)
    assert "φ = " in text
    assert "δ = " in text
    assert errors == []


def test_the_demo_command_passes_interactive_on(tmp_path, monkeypatch):
    """``phidelta demo --interactive`` asks the demo report for the interactive page (the
    report itself fits every model once per fold: too slow here, its sections are those
    of file_report above)."""
    import phidelta.report

    asked = {}

    def demo_report(path, **options):
        asked.update(options)
        return phidelta.report.Report("demo", interactive=options["interactive"]).write(path)

    monkeypatch.setattr(phidelta.report, "demo_report", demo_report)
    out = tmp_path / "demo.html"
    assert main(["demo", "--interactive", "--folds", "2", "-o", str(out)]) == 0
    assert asked["interactive"] is True
    assert out.read_text(encoding="utf-8").count("* plotly.js v") == 1
    assert main(["demo", "--folds", "2", "-o", str(out)]) == 0
    assert asked["interactive"] is False
    assert "plotly.js" not in out.read_text(encoding="utf-8")


def test_an_interactive_report_draws_nothing_with_matplotlib(tmp_path, monkeypatch):
    """Its figures come from the figure specification: the feature signature's diagrams are
    built as displays of values, no matplotlib figure is made to be thrown away (the static
    report of the same data makes one per ratio)."""
    from phidelta.report import file_report

    made = []
    init = Figure.__init__

    def counted(self, *args, **kwargs):
        made.append(1)
        init(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "__init__", counted)
    monkeypatch.setattr(Figure, "savefig", lambda self, buffer, **kw: buffer.write(b"."))
    features = Roles("RainBool", positive=1)
    page = file_report(
        tmp_path / "i.html", data=climate_data_path(), features=features, interactive=True
    ).read_text(encoding="utf-8")
    assert made == []
    assert page.count('<figure class="interactive">') == 2
    file_report(tmp_path / "s.html", data=climate_data_path(), features=features)
    assert len(made) == 2


@pytest.fixture(scope="module")
def banded(tmp_path_factory):
    """A small interactive report with intervals (ROC bands, the reliability diagram's Wilson
    intervals, the decision curve's bands, the triangle's segments), every matplotlib figure
    made on the way counted."""
    folder = tmp_path_factory.mktemp("banded")
    rng = np.random.default_rng(11)
    n = 150
    y = rng.random(n) < 0.4
    p = np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 1.5 * y - 0.5))), 3)
    frame = pd.DataFrame(
        {
            "y": np.where(y, "sick", "well"),
            "model": p,
            "pred": np.where(p >= 0.5, "sick", "well"),
            "fold": np.arange(n) % 3,
        }
    )
    predictions = folder / "scores.csv"
    frame.to_csv(predictions, index=False)
    made = []
    init = Figure.__init__

    def counted(self, *args, **kwargs):
        made.append(1)
        init(self, *args, **kwargs)

    path = folder / "banded.html"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Figure, "__init__", counted)
        assert main([
            "report", "--predictions", str(predictions), "--truth", "y", "--positive", "sick",
            "--score", "model", "--prediction", "pred", "--fold", "fold",
            "--confidence-level", "0.9", "--random-state", "3", "--interactive", "-o", str(path),
        ]) == 0  # fmt: skip
    roles = Roles("y", positive="sick", score="model", fold="fold")
    page = path.read_text(encoding="utf-8")
    return page, made, load_assessment(predictions, roles), frame


def _assert_shaded(figure: dict, band, x) -> None:
    """The figure shades ``band``'s simultaneous and pointwise bands at ``x`` (a shaded
    band: its high edge filled down to the trace before, its low edge)."""
    data = figure["data"]
    shaded = {
        t["name"]: [np.asarray(v, float) for v in (t["x"], data[i - 1]["y"], t["y"])]
        for i, t in enumerate(data)
        if t.get("fill") == "tonexty"
    }
    level = f"{100 * band.confidence_level:g}%"
    for name, low, high in (
        (f"{level} simultaneous band (sup-t)", band.simultaneous_low, band.simultaneous_high),
        (f"{level} pointwise band (percentile)", band.low, band.high),
    ):
        drawn_x, drawn_low, drawn_high = shaded[name]
        np.testing.assert_allclose(drawn_x, x)
        np.testing.assert_allclose(drawn_low, low)
        np.testing.assert_allclose(drawn_high, high)


def test_an_interactive_report_with_intervals_draws_no_matplotlib_figure(banded):
    """The bands are computed for the Plotly figures, not by drawing a matplotlib figure that
    the page would throw away, and no figure is left as a PNG."""
    page, made, _, _ = banded
    assert made == []
    assert "<img" not in page  # no PNG (plotly.js itself holds a "data:image/png" text)
    headings = _headings(page)
    assert {"Calibration of model", "Decision curves of model"} <= set(headings)
    assert len(_figures(page)) == page.count('<figure class="interactive">') >= 8


def test_the_interactive_figures_bands_are_the_inference_layers(banded):
    """Each band drawn is the one phidelta.inference gives the same rows at the same level
    and seed, as the static report's figures draw them."""
    from phidelta.counts import ScoreTable
    from phidelta.inference import decision_curve_band, reliability_intervals, roc_band
    from phidelta.measures import decision_curve, expected_calibration_error

    page, _, result, frame = banded
    figures = _figures(page)
    table = result.pooled_table()
    roc = next(f for f in figures if f["layout"]["title"]["text"] == "ROC")
    expected = roc_band(table, confidence_level=0.9, random_state=3)
    _assert_shaded(roc, expected, expected.fpr)

    y, p = (frame["y"] == "sick").to_numpy(), frame["model"].to_numpy()
    bins = reliability_intervals(expected_calibration_error(y, p, bins=10), confidence_level=0.9)
    filled = bins.count > 0
    (diagram,) = [
        f
        for f in figures
        if f["layout"]["title"]["text"] == "reliability diagram"
        and any(t.get("name", "").startswith("90% simultaneous") for t in f["data"])
    ]
    bars, points = diagram["data"][1:]
    ends = np.asarray(bars["y"], float).reshape(-1, 3)
    np.testing.assert_allclose(ends[:, 0], bins.simultaneous_low[filled])
    np.testing.assert_allclose(ends[:, 1], bins.simultaneous_high[filled])
    observed = np.asarray(points["y"], float)
    above, below = (np.asarray(points["error_y"][k], float) for k in ("array", "arrayminus"))
    np.testing.assert_allclose(observed + above, bins.high)
    np.testing.assert_allclose(observed - below, bins.low)

    scores = ScoreTable.from_scores(y, p, pos_label=True)
    grid = decision_curve(scores).threshold_probability
    expected = decision_curve_band(scores, thresholds=grid, confidence_level=0.9, random_state=3)
    decision = next(f for f in figures if f["layout"]["title"]["text"] == "decision curve")
    _assert_shaded(decision, expected, grid)

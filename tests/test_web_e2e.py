"""End to end in headless Chromium (Playwright driving Debian's chromium), through
``phidelta serve`` as a user starts it."""

from __future__ import annotations

import csv
import io
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.testing import assert_allclose

import phidelta

pytest.importorskip("fastapi")
playwright = pytest.importorskip("playwright.sync_api")
pd = pytest.importorskip("pandas")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)"
)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``phidelta serve`` in a subprocess, on a free port, with its own database."""

    def __init__(self, database: Path) -> None:
        self.database, self.port, self.process = database, _free_port(), None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "phidelta",
                "serve",
                "--port",
                str(self.port),
                "--database",
                str(self.database),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 90  # a busy machine imports slowly
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/examples", timeout=1)
                return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
            self.process = None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module (starting it costs seconds); a test that restarts it leaves
    it running."""
    running = Server(tmp_path_factory.mktemp("web") / "web.sqlite3").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield instance
        instance.close()


# The tests read Plotly's data with Playwright's polling predicates, which evaluate strings;
# the page's Content-Security-Policy forbids that, so those pages bypass it. The page itself is
# checked under its policy in test_the_page_works_under_its_content_security_policy.


def _upload(browser, server, path: Path, height: int = 1100) -> tuple[Any, list[str]]:
    """A new page (1300 px wide, its policy bypassed) with ``path`` uploaded and the setup
    shown, and the list its script errors go to."""
    page = browser.new_page(viewport={"width": 1300, "height": height}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    return page, errors


def _measure_cell(page, row: str, column: str) -> str:
    """The text of the measure table's cell of ``row`` (a fold id or "pooled") and ``column``."""
    head = page.eval_on_selector_all("#measures thead th", "h => h.map(x => x.textContent)")
    return page.eval_on_selector_all(
        f"#measures tbody tr[data-row='{row}'] td", "c => c.map(x => x.textContent)"
    )[head.index(column)]


def _points(page) -> dict:
    return page.evaluate("""() => {
        const trace = document.getElementById('plot').data.find(t => t.name === 'features');
        return {x: trace.x, y: trace.y, color: trace.marker.color, names:
                trace.customdata.map(c => c[0])};
    }""")


def test_feature_view_end_to_end(server, browser, refdata, tmp_path):
    csv_path = refdata / "phidelta" / "climate_data.csv"
    page = browser.new_page(
        viewport={"width": 1300, "height": 1400}, accept_downloads=True, bypass_csp=True
    )
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.set_input_files("#file", str(csv_path))
    page.wait_for_selector("#setup-section:not([hidden])")
    # the page lists the values it found for the class column, the implied positive chosen
    page.select_option("#label", "RainBool")
    assert page.eval_on_selector_all("#positive option", "o => o.map(x => x.value)") == [
        "0",
        "1",
    ]
    assert page.input_value("#positive") == "1"
    page.select_option("#positive", "1")
    page.click("#analyse")
    page.wait_for_function(
        "document.getElementById('plot').data && "
        "document.getElementById('plot').data.some(t => t.name === 'features')"
    )
    points = _points(page)
    assert len(points["x"]) == 6  # six features, six points
    analysis_url = page.url
    assert "/analyses/" in analysis_url

    # hover one point and read its name
    page.hover(".scatterlayer .trace:last-child .points path >> nth=0", force=True)
    page.wait_for_selector(".hoverlayer .hovertext")
    hover = page.text_content(".hoverlayer .hovertext")
    assert any(name in hover for name in points["names"])
    assert "sensitivity" in hover

    # select a table row: its point turns pink, and clicking again clears it
    first_row = page.locator("#ranking tbody tr").first
    name = first_row.locator("td").nth(1).inner_text()
    first_row.click()
    after = _points(page)
    index = after["names"].index(name)
    assert after["color"][index] == "deeppink"
    assert page.locator("#ranking tbody tr.highlight").count() == 1

    # move the ratio: the diamond changes
    border_before = page.evaluate("document.getElementById('plot').data[0].x")
    page.eval_on_selector(
        "#ratio", "e => { e.value = String(Math.log10(4)); e.dispatchEvent(new Event('change')); }"
    )
    page.wait_for_function("document.getElementById('plot').data[0].x[1] > 1.5")
    border_after = page.evaluate("document.getElementById('plot').data[0].x")
    assert border_after != border_before
    import phidelta

    shown = 10 ** float(page.eval_on_selector("#ratio", "e => e.value"))  # slider: log10 steps
    assert_allclose(border_after, phidelta.diamond(round(shown, 4)).border[:, 0], atol=1e-6)

    # download the CSV and compare it with phidelta.stats at the same ratio
    page.eval_on_selector("#ratio", "e => { e.value = '0'; e.dispatchEvent(new Event('change')); }")
    page.wait_for_function("document.getElementById('plot').data[0].x[1] < 1.01")
    with page.expect_download() as download_info:
        page.click("#download")
    text = Path(download_info.value.path()).read_text()
    table = pd.read_csv(io.StringIO(text))

    frame = pd.read_csv(csv_path)
    labels = frame.pop("RainBool")
    phi, delta, names, _ = phidelta.stats(frame, labels, ratio_corrected=False)
    assert list(table["name"]) == names
    assert_allclose(table["phi"], phi, atol=1e-12)
    assert_allclose(table["delta"], delta, atol=1e-12)
    assert errors == []

    # restart the server: the analysis URL still works
    server.stop()
    server.start()
    page.goto(analysis_url)
    page.wait_for_function(
        "document.getElementById('plot').data && "
        "document.getElementById('plot').data.some(t => t.name === 'features')"
    )
    assert len(_points(page)["x"]) == 6


def test_errors_are_shown_next_to_their_control(server, browser, tmp_path):
    page = browser.new_page(bypass_csp=True)
    page.goto(server.url)
    bad = tmp_path / "one_class.csv"
    bad.write_text("y,x\n1,0.5\n1,0.8\n1,0.1\n")
    page.set_input_files("#file", str(bad))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#label", "y")
    page.click("#analyse")
    message = page.locator('.error[data-field="label"]')
    message.wait_for()
    assert "holds one class" in message.inner_text()
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    page.set_input_files("#file", str(empty))
    file_error = page.locator('.error[data-field="file"]')
    page.wait_for_function("document.querySelector('.error[data-field=\"file\"]').textContent")
    assert "empty" in file_error.inner_text()


def test_one_door_in_the_browser(server, browser, tmp_path):
    """A float class column with a gap, the exact actual ratio, and a score threshold."""
    rng = np.random.default_rng(5)
    n = 435
    c = (rng.random(n) < 168 / 435).astype(float)
    c[[4, 9]] = np.nan  # read back as floats 0.0 / 1.0 with gaps
    s = np.round(rng.normal(size=n) + 1.5 * np.nan_to_num(c), 2)
    path = tmp_path / "votes.csv"
    pd.DataFrame({"c": c, "f": rng.normal(size=n) + np.nan_to_num(c), "s": s}).to_csv(
        path, index=False
    )
    kept = ~np.isnan(c)
    actual = float((c[kept] == 0).sum() / (c[kept] == 1).sum())
    page, errors = _upload(browser, server, path, height=1200)
    page.select_option("#label", "c")
    page.select_option("#positive", "1")  # the page sends the class as text
    page.click("#analyse")
    page.wait_for_function(
        "document.getElementById('plot').data && "
        "document.getElementById('plot').data.some(t => t.name === 'features')"
    )
    # "actual N/P" asks for the exact ratio, not the slider's rounded log10 value
    with page.expect_response(lambda r: "/view?" in r.url) as answer:
        page.click("#actual-ratio")
    assert "ratio=actual" in answer.value.url
    view = answer.value.json()
    assert view["ratio"] == view["actual_ratio"] == pytest.approx(actual, rel=1e-15)
    assert view["rows_left_out"] == 2
    page.screenshot(path=str(tmp_path / "actual_ratio.png"))
    # the classifier view says how scores became predictions
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#kind", "classifier")
    page.select_option("#label", "c")
    page.select_option("#score", "s")
    page.fill("#threshold", "0.75")
    page.click("#analyse")
    page.wait_for_function("document.getElementById('roc').data")
    title = page.evaluate("document.getElementById('plot')._fullLayout.title.text")
    assert "score ≥ 0.75" in title
    assert "2 rows with missing values left out" in title
    page.fill("#threshold", "half")
    page.click("#analyse")
    message = page.locator('.error[data-field="threshold"]')
    message.wait_for()
    assert "number" in message.inner_text()
    page.screenshot(path=str(tmp_path / "threshold.png"), full_page=True)
    assert errors == []


def test_the_page_works_under_its_content_security_policy(server, browser, refdata):
    page = browser.new_page(viewport={"width": 1300, "height": 1100})  # the policy applies
    violations = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    response = page.goto(server.url)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.set_input_files("#file", str(refdata / "phidelta" / "climate_data.csv"))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#label", "RainBool")
    page.select_option("#positive", "1")
    page.click("#analyse")
    page.wait_for_selector("#plot .main-svg")  # Plotly drew the diagram
    page.wait_for_selector("#ranking tbody tr")
    assert page.locator("#ranking tbody tr").count() == 6
    page.check("#significance")  # the toggle too (soft counts: the permutation test)
    page.wait_for_selector("#ranking th.significance-col:visible")
    assert page.inner_text("#significance-note").startswith("A permutation test of |δ|")
    assert errors == []
    assert violations == []


# --- the page fixes of issue 14 and the toggles of issue 17 ----------------------------------


def _wait_for_trace(page, name: str) -> None:
    page.wait_for_function(
        "name => { const plot = document.getElementById('plot');"
        " return plot.data && plot.data.some(t => t.name === name); }",
        arg=name,
    )


def _layout(page) -> dict:
    return page.evaluate("""() => {
        const l = document.getElementById('plot')._fullLayout;
        return {x: l.xaxis.range, y: l.yaxis.range, width: l.xaxis._length,
                height: l.yaxis._length};
    }""")


def _legend(page) -> list[str]:
    return page.eval_on_selector_all("#plot .legend .legendtext", "e => e.map(x => x.textContent)")


def _boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        "e => e.map(x => { const b = x.getBoundingClientRect();"
        " return {text: x.textContent, left: b.left, right: b.right, top: b.top,"
        " bottom: b.bottom}; })",
    )


def _inside(inner: dict, outer: dict) -> bool:
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def _overlap(a: dict, b: dict) -> bool:
    return not (
        a["right"] <= b["left"]
        or b["right"] <= a["left"]
        or a["bottom"] <= b["top"]
        or b["bottom"] <= a["top"]
    )


@pytest.fixture(scope="module")
def features_csv(tmp_path_factory) -> Path:
    """Semicolon-separated: a class, binary features (one strong), a nominal feature whose
    values hold HTML, and a numeric one."""
    rng = np.random.default_rng(17)
    n = 200
    y = rng.integers(0, 2, n)
    frame = pd.DataFrame(
        {
            "y": y,
            "strong": np.where(rng.random(n) < 0.85, y, 1 - y),
            "noise": rng.integers(0, 2, n),
            "colour": rng.choice(["red", "green", "<b>blue</b>"], n),
            "level": np.round(rng.normal(size=n) + 0.3 * y, 3),
        }
    )
    path = tmp_path_factory.mktemp("features") / "features.csv"
    frame.to_csv(path, index=False, sep=";")
    return path


def _analyse_features(page, server, path: Path) -> None:
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#label", "y")
    page.select_option("#positive", "1")
    page.select_option("#numeric", "threshold")  # integer counts: every feature is tested
    page.click("#analyse")
    _wait_for_trace(page, "features")


def test_the_feature_view_fits_its_diamond_and_sorts_and_marks_significance(
    server, browser, features_csv
):
    page = browser.new_page(
        viewport={"width": 1300, "height": 1200}, accept_downloads=True, bypass_csp=True
    )
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.set_input_files("#file", str(features_csv))
    page.wait_for_selector("#setup-section:not([hidden])")
    # a semicolon-separated file is read as its five columns
    columns = page.eval_on_selector_all("#label option", "o => o.map(x => x.value)")
    assert columns == ["y", "strong", "noise", "colour", "level"]
    assert "5 columns" in page.inner_text("#dataset-info")
    _analyse_features(page, server, features_csv)

    # the diagram fits the diamond (x from −1 to 1 plus room for the corner labels), in
    # equal units
    layout = _layout(page)
    assert -1.7 < layout["x"][0] < -1.0
    assert 1.0 < layout["x"][1] < 1.7
    assert layout["y"][0] == pytest.approx(-1.16)
    per_unit_x = layout["width"] / (layout["x"][1] - layout["x"][0])
    per_unit_y = layout["height"] / (layout["y"][1] - layout["y"][0])
    assert per_unit_x == pytest.approx(per_unit_y, rel=0.01)
    assert 2 / (layout["x"][1] - layout["x"][0]) > 0.6  # the diamond takes most of the width

    # the legend names the isometric families, not single lines ("accuracy 0.1")
    page.check('input[data-isometric="information_gain"]')
    page.check('input[data-isometric="bias"]')
    page.wait_for_function(
        "['information gain', 'bias'].every(name =>"
        " document.getElementById('plot').data.some(t => t.name === name))"
    )
    legend = _legend(page)
    assert sorted(legend) == ["accuracy", "bias", "diamond", "features", "information gain"]
    assert not any(ch.isdigit() for entry in legend for ch in entry)

    # the "feature" header sorts by name, the |δ| header by |δ| again
    def names() -> list[str]:
        return page.eval_on_selector_all(
            "#ranking tbody tr td:nth-child(2)", "e => e.map(x => x.textContent)"
        )

    by_delta = names()
    page.click('#ranking th[data-sort="name"]')
    page.wait_for_function(
        "document.querySelector('#ranking th[data-sort=\"name\"]').textContent.endsWith('▾')"
    )
    assert names() == sorted(by_delta, key=lambda s: s.strip("<").casefold())
    assert names() != by_delta
    page.click('#ranking th[data-sort="delta"]')
    page.wait_for_function(
        "document.querySelector('#ranking th[data-sort=\"delta\"]').textContent.endsWith('▾')"
    )
    page.wait_for_function(
        "names => [...document.querySelectorAll('#ranking tbody tr td:nth-child(2)')]"
        ".map(x => x.textContent).join('|') === names",
        arg="|".join(by_delta),
    )

    # significance, off by default: p and q columns, stars for q ≤ 0.05
    assert page.locator("#ranking th.significance-col:visible").count() == 0
    assert page.locator("#ranking tbody tr").first.locator("td").count() == 10
    with page.expect_response(lambda r: "/view?" in r.url) as answer:
        page.check("#significance")
    assert "significance=true" in answer.value.url
    view = answer.value.json()
    page.wait_for_selector("#ranking th.significance-col:visible")
    assert page.locator("#ranking th.significance-col:visible").count() == 2
    rows = page.locator("#ranking tbody tr")
    assert rows.first.locator("td").count() == 12
    cells = page.eval_on_selector_all(
        "#ranking tbody tr", "e => e.map(r => [...r.cells].map(c => c.textContent))"
    )
    shown = {row[1]: row[11] for row in cells}
    for feature in view["features"]:
        q = feature["qvalue"]
        assert shown[feature["name"]] == (f"{q:.2e}" if q < 1e-3 else f"{q:.4f}")
    significant = {view["features"][i]["name"] for i in view["significance"]["significant"]}
    assert "strong" in significant
    assert "noise" not in significant
    points = page.evaluate("""() => {
        const t = document.getElementById('plot').data.find(t => t.name === 'features');
        return {symbols: t.marker.symbol, names: t.customdata.map(c => c[0])};
    }""")
    for name, symbol in zip(points["names"], points["symbols"], strict=True):
        assert (symbol == "star") == (name in significant), name
    # a numeric feature cut on the data: the library's permutation test, cut searched again
    assert view["significance"]["method"] == "permutation"
    assert "q ≤ 0.05 (1000 permutations, BH)" in _legend(page)
    note = page.inner_text("#significance-note")
    assert note.startswith("A permutation test of |δ| (1000 permutations")
    assert "of 6 features" in note
    assert "optimistic" not in note

    # names from the data stay text: the nominal value <b>blue</b> is no element anywhere
    assert "colour(<b>blue</b>)" in shown
    assert page.locator("#ranking b, #plot b").count() == 0
    assert "colour(&lt;b&gt;blue&lt;/b&gt;)" in points["names"]

    # the CSV download: an empty cut for nominal features (not "nan"), and p and q columns
    with page.expect_download() as download_info:
        page.click("#download")
    table = list(csv.DictReader(io.StringIO(Path(download_info.value.path()).read_text())))
    nominal = [row for row in table if row["kind"] == "nominal"]
    assert len(nominal) == 3
    assert all(row["cut"] == "" for row in nominal)
    assert all(row["cut"] != "" for row in table if row["kind"] == "numeric")
    by_name = {f["name"]: f for f in view["features"]}
    for row in table:
        assert float(row["qvalue"]) == pytest.approx(by_name[row["name"]]["qvalue"], rel=1e-15)
        assert float(row["pvalue"]) == pytest.approx(by_name[row["name"]]["pvalue"], rel=1e-15)
    page.uncheck("#significance")
    page.wait_for_selector("#ranking th.significance-col", state="hidden")
    assert "significance" not in page.get_attribute("#download", "href")
    assert errors == []


@pytest.mark.parametrize("kind", ["signature", "classifier"])
def test_corner_labels_stay_inside_the_plot_on_a_phone(server, browser, features_csv, kind):
    page = browser.new_page(viewport={"width": 420, "height": 900}, bypass_csp=True)
    if kind == "signature":
        _analyse_features(page, server, features_csv)
    else:
        page.goto(server.url)
        page.set_input_files("#file", str(features_csv))
        page.wait_for_selector("#setup-section:not([hidden])")
        page.select_option("#kind", "classifier")
        page.select_option("#label", "y")
        page.select_option("#prediction", "strong")
        page.click("#analyse")
        _wait_for_trace(page, "folds")
    plot = _boxes(page, "#plot .main-svg")[0]
    labels = _boxes(page, "#plot .annotation-text")
    assert len(labels) == 4
    for label in labels:
        assert _inside(label, plot), label
    # the page is no wider than the screen (the ranking table scrolls in its box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 420
    # the axis title and the legend do not overlap
    title = _boxes(page, "#plot .g-xtitle text")[0]
    for entry in _boxes(page, "#plot .legend .legendtext"):
        assert not _overlap(title, entry), entry


def _fold_region_polygons(trace: dict) -> list[np.ndarray]:
    """The polygons of one trace drawn as rings separated by null."""
    rings, ring = [], []
    for x, y in zip(trace["x"], trace["y"], strict=True):
        if x is None:
            rings.append(np.array(ring))
            ring = []
        else:
            ring.append((x, y))
    if ring:
        rings.append(np.array(ring))
    return rings


def test_classifier_and_triangle_views(server, browser, tmp_path):
    """Axes, the coverage space, ROC colours, labels clear of the points, the 95%
    regions toggle; the triangle view's folds and their pool."""
    from phidelta.inference import phi_delta_region

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    score = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    path = tmp_path / "predictions.csv"
    pd.DataFrame(
        {"y": y, "p": score, "yhat": (score > 0.5).astype(int), "fold": rng.integers(1, 6, 300)}
    ).to_csv(path, index=False)
    page, errors = _upload(browser, server, path)
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    page.select_option("#prediction", "yhat")
    page.select_option("#score", "p")
    page.select_option("#fold", "fold")
    page.click("#analyse")
    page.wait_for_function("document.getElementById('roc').data")
    # the ROC curve is blue, its hull dark grey and dashed: neither orange nor red
    roc = page.evaluate(
        "document.getElementById('roc').data.map(t => [t.name || '', t.line && t.line.color,"
        " t.line && t.line.dash])"
    )
    curve = next(t for t in roc if t[0].startswith("ROC"))
    hull = next(t for t in roc if t[0].startswith("convex hull"))
    assert curve[1] == "#2a6bb0"
    assert hull[1:] == ["#333", "dash"]
    warm = {"orange", "red", "#ff7f0e", "#d62728", "darkorange", "orangered"}
    assert curve[1] not in warm
    assert hull[1] not in warm
    titles = page.evaluate(
        "['plot', 'roc', 'calibration'].map(id => {"
        " const layout = document.getElementById(id)._fullLayout;"
        " return [layout.xaxis.title.text, layout.yaxis.title.text]; })"
    )
    assert titles == [
        ["φ (characteristic / bias)", "δ (discriminant / accuracy)"],
        ["false positive rate", "true positive rate"],
        ["score", "calibrated probability"],
    ]
    titles = page.evaluate(
        "(l => [l.title.text, l.xaxis.title.text])"
        "(document.getElementById('threshold-scan')._fullLayout)"
    )
    assert titles == ["threshold dependence", "threshold θ (predict positive when score ≥ θ)"]
    # Jiřina's threshold dependence (Figs. 2-3): its title, axes and legend clear of each
    # other and of the plot area, all inside the figure
    scan = page.evaluate("document.getElementById('threshold-scan').data.map(t => t.name)")
    assert scan[:3] == ["classification error", "signal efficiency", "background acceptance"]
    assert scan[3].startswith("minimum Ce = ")
    figure = _boxes(page, "#threshold-scan")[0]
    parts = {
        name: _boxes(page, f"#threshold-scan {selector}")[0]
        for name, selector in (
            ("title", ".gtitle"),
            ("area", ".nsewdrag"),
            ("x title", ".xtitle"),
            ("legend", ".legend"),
        )
    }
    x_ticks = _boxes(page, "#threshold-scan .xtick text")
    y_ticks = _boxes(page, "#threshold-scan .ytick text")
    assert x_ticks
    assert y_ticks
    for name, box in parts.items():
        assert _inside(box, figure), (name, box, figure)
        for other, second in parts.items():
            if other != name:
                assert not _overlap(box, second), (name, other)
    for tick in x_ticks + y_ticks:
        assert _inside(tick, figure)
        for name in ("title", "x title", "legend"):
            assert not _overlap(tick, parts[name]), (tick, name)
    # the coverage space: the same curve in counts, in the N × P rectangle
    page.check("#coverage")
    page.wait_for_function(
        "document.getElementById('roc')._fullLayout.xaxis.title.text.startsWith('false positives')"
    )
    curve = page.evaluate("document.getElementById('roc').data[1]")
    assert max(curve["x"]) == (y == 0).sum()
    assert max(curve["y"]) == (y == 1).sum()
    page.locator("#roc").screenshot(path=str(tmp_path / "coverage.png"))
    page.uncheck("#coverage")
    page.wait_for_function(
        "document.getElementById('roc')._fullLayout.xaxis.title.text === 'false positive rate'"
    )
    # the fold points do not cover the corner labels ("oracle" among them)
    traces = page.evaluate("document.getElementById('plot').data.map(t => t.name)")
    folds = traces.index("folds")
    points = _boxes(page, f"#plot .scatterlayer .trace:nth-child({folds + 1}) path.point")
    assert len(points) == 5
    labels = {label["text"]: label for label in _boxes(page, "#plot .annotation-text")}
    assert "oracle" in labels
    for point in points:
        for label in labels.values():
            assert not _overlap(point, label), (point, label)
    # regions: off by default; on, the library's 95% regions of the folds and of the pool
    assert "95% regions, folds" not in traces
    with page.expect_response(lambda r: "/view?" in r.url) as answer:
        page.check("#regions")
    assert "regions=true" in answer.value.url
    _wait_for_trace(page, "95% regions, folds")
    data = page.evaluate("""() => {
        const plot = document.getElementById('plot');
        const pick = name => plot.data.find(t => t.name === name);
        return {folds: pick('95% regions, folds'), pooled: pick('95% region, pooled'),
                point: pick('pooled folds'), counts: plot.data.length && state.view.folds,
                fill: pick('95% regions, folds').fill};
    }""")
    assert data["fill"] == "toself"
    counts = phidelta.BinaryCounts(
        **{c: [int(f[c]) for f in data["counts"]] for c in ("tn", "fp", "fn", "tp")}
    )
    expected = phi_delta_region(counts, confidence_level=0.95, ratio=1.0)
    rings = _fold_region_polygons(data["folds"])
    assert len(rings) == 5
    for ring, polygon in zip(rings, expected.polygons, strict=True):
        assert_allclose(ring[:4], polygon, atol=1e-12)
        assert_allclose(ring[4], polygon[0], atol=1e-12)  # closed
    pooled = phi_delta_region(counts.sum(), confidence_level=0.95, ratio=1.0).polygons[0]
    assert_allclose(np.c_[data["pooled"]["x"][:4], data["pooled"]["y"][:4]], pooled, atol=1e-12)
    assert data["point"]["marker"]["symbol"] == "star"
    page.uncheck("#regions")
    page.wait_for_function(
        "!document.getElementById('plot').data.some(t => t.name === '95% regions, folds')"
    )
    # the triangle view: folds by their names, and their pool as a star
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#kind", "multiclass")
    page.select_option("#label", "y")
    page.select_option("#prediction", "yhat")
    page.select_option("#fold", "fold")
    page.click("#analyse")
    page.wait_for_selector("#triangle-table tbody tr")
    names = page.evaluate(
        "document.getElementById('plot').data.filter(t => t.showlegend !== false && t.name"
        " && t.name !== 'triangle').map(t => t.name)"
    )
    assert names == ["1", "2", "3", "4", "5", "pooled"]
    pooled_marks = page.evaluate(
        "document.getElementById('plot').data.find(t => t.name === 'pooled').marker.symbol"
    )
    assert pooled_marks[1] == "star"
    first_cells = page.eval_on_selector_all(
        "#triangle-table tbody tr td:first-child", "e => e.map(x => x.textContent)"
    )
    assert first_cells == ["1", "2", "3", "4", "5", "pooled"]  # the legend's pool has its row
    assert errors == []


@pytest.fixture(scope="module")
def two_classifiers_csv(tmp_path_factory) -> Path:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    p = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    q = 1 / (1 + np.exp(-(1.5 * rng.normal(size=300) + 1.5 * y - 0.7)))
    path = tmp_path_factory.mktemp("two") / "two.csv"
    pd.DataFrame({"y": y, "p": p, "q": q, "fold": rng.integers(1, 6, 300)}).to_csv(
        path, index=False
    )
    return path


def test_classifier_view_table_comparison_and_one_operating_point(
    server, browser, two_classifiers_csv, tmp_path
):
    """The measure table (folds, pooled, mean ± std, Wilson and DeLong intervals) and its CSV,
    the comparison of a second score column, and a single operating point whose "optimal"
    names its ratio and costs."""
    from phidelta.data import Roles, load_comparison

    frame = pd.read_csv(two_classifiers_csv)
    expected = load_comparison(
        frame,
        Roles("y", score="p", fold="fold", threshold="optimal"),
        Roles("y", score="q", fold="fold", threshold="optimal"),
    )
    page = browser.new_page(
        viewport={"width": 1300, "height": 1100}, accept_downloads=True, bypass_csp=True
    )
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.set_input_files("#file", str(two_classifiers_csv))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    assert page.input_value("#positive") == "1"  # implied for 0/1 classes, preselected
    page.select_option("#score", "p")
    page.select_option("#fold", "fold")
    page.fill("#threshold", "optimal")
    page.select_option("#compare-score", "q")
    page.click("#analyse")
    page.wait_for_selector("#measures tbody tr")
    rows = page.eval_on_selector_all(
        "#measures tbody tr", "r => r.map(x => [...x.cells].map(c => c.textContent))"
    )
    assert [r[0] for r in rows] == ["1", "2", "3", "4", "5", "pooled", "mean", "std"]
    head = page.eval_on_selector_all("#measures thead th", "h => h.map(x => x.textContent)")
    summary = expected.a.summary()
    pooled = rows[5]
    sens = pooled[head.index("sensitivity")]
    low, high = summary["sensitivity_low"][5], summary["sensitivity_high"][5]
    assert sens == f"{summary['sensitivity'][5]:.4f}[{low:.3f}, {high:.3f}]"  # Wilson
    auc = pooled[head.index("auc")]
    assert auc == (
        f"{summary['auc'][5]:.4f}[{summary['auc_low'][5]:.3f}, {summary['auc_high'][5]:.3f}]"
    )  # DeLong
    mean = rows[6][head.index("delta")]
    assert mean == f"{summary['delta'][6]:.4f}± {summary['delta'][7]:.4f}"
    with page.expect_download() as download:
        page.click("#download-measures")
    read = pd.read_csv(download.value.path(), dtype={"row": str})
    assert read["classifier"].tolist() == ["p"] * 8 + ["q"] * 8
    # under the figures: every vertex of both ROC curves (the view's are thinned)
    with page.expect_download() as download:
        page.click("#download-roc")
    read = pd.read_csv(download.value.path())
    for name, result in zip(("p", "q"), (expected.a, expected.b), strict=True):
        curve = phidelta.measures.roc_curve(result.pooled_table())
        rows = read[read["classifier"] == name]
        assert_allclose(
            rows[["threshold", "fpr", "tpr"]], np.c_[curve.thresholds, curve.fpr, curve.tpr]
        )
    # the comparison: the library's verdict and tests, the second classifier drawn
    assert page.text_content("#verdict") == expected.verdict()
    tests = page.eval_on_selector_all(
        "#tests tbody tr td:first-child", "c => c.map(x => x.textContent)"
    )
    assert tests == ["McNemar", "DeLong", "corrected resampled t", "paired difference"]
    assert "q: folds" in _legend(page)
    # one operating point in the ROC: the folds' cut, named with its ratio and costs
    roc = page.evaluate("document.getElementById('roc').data.map(t => [t.name || '', t.mode])")
    markers = [name for name, mode in roc if mode == "markers"]
    assert markers == ["operating point of the folds (pooled)"]
    iso = next(name for name, _ in roc if name.startswith("best iso-cost line"))
    assert "N/P = 1.00, c_FN/c_FP = 1" in iso
    actual = page.evaluate(f"({expected.a.ratio!r}).toPrecision(3)")  # as the page prints it
    title = page.evaluate("document.getElementById('plot')._fullLayout.title.text")
    assert f"cost-optimal at the data's N/P = {actual} with equal costs" in title
    note = page.text_content("#operating-note")
    assert "At N/P = 1.00 and a cost ratio c_FN/c_FP = 1 the cost-optimal cut" in note
    page.locator("#view-section").screenshot(path=str(tmp_path / "classifier.png"))
    assert errors == []


def test_the_page_asks_for_the_positive_class_and_a_link_restores_its_settings(
    server, browser, two_classifiers_csv, tmp_path
):
    """Female/Male: the page asks, next to its control, in its own words; a shared link
    carries the view's settings and shows what produced the analysis; every control of the
    jargon has its help."""
    rng = np.random.default_rng(1)
    sex = rng.choice(["Female", "Male"], 120)
    path = tmp_path / "survey.csv"
    pd.DataFrame({"Sex": sex, "Height": rng.normal(170, 10, 120) + (sex == "Male") * 10}).to_csv(
        path, index=False
    )
    page, errors = _upload(browser, server, path)
    assert page.input_value("#positive") == ""
    assert "Choose the positive class" in page.text_content("#positive-help")
    page.click("#analyse")
    message = page.text_content('.error[data-field="positive"]')
    assert message == "Choose the positive class (Female or Male): the class to detect."
    assert "`positive`" not in message
    assert page.evaluate("document.activeElement.id") == "positive"
    # help: what φ and δ mean, the guide's pages, and a title on every piece of jargon
    intro = page.text_content("#help-intro")
    assert "δ" in intro
    assert "φ" in intro
    assert "not the phi coefficient" in intro
    guides = page.eval_on_selector_all(".guide", "g => g.map(x => x.title)")
    assert "docs/guide/phidelta_space.rst" in guides
    assert "docs/guide/entropy_triangle.rst" in guides
    for control in ("#numeric", "#coverage", "#phi-max", "#delta-min", "#k", "#cost-ratio"):
        title = page.evaluate(f"document.querySelector('{control}').closest('label').title")
        assert len(title) > 30, control
    assert "(published)" not in page.inner_text("#numeric")
    # a classifier view with settings: the link carries them, a new page restores them
    page.set_input_files("#file", str(two_classifiers_csv))
    page.wait_for_function("document.getElementById('dataset-info').textContent.startsWith('two')")
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    page.select_option("#score", "p")
    page.click("#analyse")
    page.wait_for_selector("#measures tbody tr")
    page.fill("#cost-ratio", "2")
    with page.expect_response(lambda r: "/view?" in r.url):
        page.dispatch_event("#cost-ratio", "change")
    with page.expect_response(lambda r: "regions=true" in r.url):
        page.check("#regions")
    page.click("#actual-ratio")
    page.wait_for_function("document.getElementById('permalink').href.includes('ratio=actual')")
    link = page.get_attribute("#permalink", "href")
    assert "cost_ratio=2" in link
    assert "regions=1" in link
    assert page.evaluate("location.pathname + location.search") == link
    other = browser.new_page(viewport={"width": 1300, "height": 1100}, bypass_csp=True)
    other.on("pageerror", lambda e: errors.append(str(e)))
    other.goto(server.url + link)
    _wait_for_trace(other, "95% regions, folds")
    assert other.is_checked("#regions")
    assert other.input_value("#cost-ratio") == "2"
    view = other.evaluate("state.view")
    assert view["ratio"] == view["actual_ratio"]
    assert view["cost_ratio"] == 2
    settings = other.text_content("#settings")
    assert settings.startswith("Made from two.csv: class column y, positive class 1,")
    assert "scores p" in settings
    assert "threshold default" in settings
    assert errors == []


def test_matrix_uploads_triangle_labels_and_the_pooled_row(server, browser, tmp_path):
    """A labelled matrix is described and analysed as one (not "Unnamed: 0"); the triangle's
    corner labels lie inside the figure, off the points, with leader lines; the legend's
    "pooled" has its row in the table."""
    path = tmp_path / "matrix.csv"
    path.write_text(",a,b,c\na,15,0,5\nb,0,15,5\nc,0,0,20\n")
    page = browser.new_page(viewport={"width": 1300, "height": 1100}, bypass_csp=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    info_accept = page.get_attribute("#file", "accept").split(",")
    assert ".gz" in info_accept
    assert ".csv.gz" in info_accept
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    info = page.text_content("#dataset-info")
    assert "a 3×3 confusion matrix (classes a, b, c)" in info
    assert "Unnamed" not in info
    assert page.input_value("#kind") == "multiclass"
    assert page.is_checked("#matrix")
    page.click("#analyse")
    page.wait_for_selector("#triangle-table tbody tr")
    rng = np.random.default_rng(7)
    truth = rng.choice(list("abc"), 300)
    guess = np.where(rng.random(300) < 0.7, truth, rng.choice(list("abc"), 300))
    folds = tmp_path / "folds.csv"
    pd.DataFrame({"y": truth, "p": guess, "fold": rng.integers(1, 4, 300)}).to_csv(
        folds, index=False
    )
    page.goto(server.url)
    page.set_input_files("#file", str(folds))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#kind", "multiclass")
    page.select_option("#label", "y")
    page.select_option("#prediction", "p")
    page.select_option("#fold", "fold")
    page.click("#analyse")
    page.wait_for_selector("#triangle-table tbody tr")
    first = page.eval_on_selector_all(
        "#triangle-table tbody tr td:first-child", "e => e.map(x => x.textContent)"
    )
    assert first == ["1", "2", "3", "pooled"]
    figure = _boxes(page, "#plot .main-svg")[0]
    labels = _boxes(page, "#plot .annotation-text")
    assert len(labels) == 3
    arrows = page.eval_on_selector_all("#plot .annotation-arrow-g path", "p => p.length")
    assert arrows == 3  # a leader line each
    points = _boxes(page, "#plot .scatterlayer path.point")
    for label in labels:
        assert _inside(label, figure), label
        for point in points:
            assert not _overlap(point, label), (point, label)
    assert errors == []


def test_the_missing_values_field_and_its_report(server, browser, tmp_path):
    """Markers typed in the "missing values" field reach the data layer; the view says per
    column what was read as missing where rows were left out, and a common marker kept as a
    category says how to read it as missing on this page."""
    path = tmp_path / "regions.csv"
    rows = [
        f"{i % 2},{'NA' if i % 3 else 'EU'},{'unknown' if i % 11 == 0 else i % 2}"
        for i in range(60)
    ]
    path.write_text("y,region,pred\n" + "\n".join(rows) + "\n")
    page, errors = _upload(browser, server, path)
    page.select_option("#label", "y")
    page.click("#analyse")
    page.wait_for_selector("#ranking tbody tr")
    note = page.text_content("#missing-note")
    assert "column 'region': 40 cells 'NA' kept as a category" in note
    assert "write NA in the “missing values” field" in note
    page.select_option("#kind", "classifier")
    page.select_option("#prediction", "pred")
    page.fill("#missing-values", "unknown")
    page.click("#analyse")
    page.wait_for_selector("#measures tbody tr")
    note = page.text_content("#missing-note")
    assert note.startswith("6 rows with a missing value left out. ")
    assert "column 'pred': 6 cells 'unknown' read as missing" in note
    assert "missing values: empty cells and unknown" in page.text_content("#settings")
    assert errors == []


def test_suspect_columns_are_named_and_left_out_from_the_page(server, browser, tmp_path):
    """An identifier column and a copy of the label are named above the diagram with the
    page's advice; typed into "leave out columns" they are no longer features."""
    path = tmp_path / "cars.csv"
    rows = [f"{i % 2},car{i},{'yes' if i % 2 else 'no'},{(i * 7) % 5}" for i in range(40)]
    path.write_text("y,model,copy,x\n" + "\n".join(rows) + "\n")
    page, errors = _upload(browser, server, path)
    page.select_option("#label", "y")
    page.click("#analyse")
    page.wait_for_selector("#ranking tbody tr")
    assert page.is_visible("#suspect-note")
    note = page.text_content("#suspect-note")
    assert "column copy separates the classes perfectly" in note
    assert "column model holds a different value in every row" in note
    page.fill("#ignore-columns", "model, copy")
    page.click("#analyse")
    page.wait_for_function("document.querySelector('#suspect-note').hidden")
    names = page.eval_on_selector_all(
        "#ranking tbody tr td:first-child", "e => e.map(x => x.textContent)"
    )
    assert names
    assert not any(n.startswith(("model", "copy")) for n in names)
    assert "columns left out: model, copy" in page.text_content("#settings")
    assert errors == []


def test_the_interval_switch_adds_intervals_to_the_table_and_bands_to_the_roc(
    server, browser, tmp_path
):
    """Issue 29, item 5: toggling "intervals" shows every measure's interval of
    measure_intervals (seed 0) in the table and the ROC bands of roc_band; the link carries
    the switch and restores it."""
    from phidelta.counts import BinaryCounts
    from phidelta.data import Roles, load_assessment
    from phidelta.inference import measure_intervals, roc_band

    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 300)
    score = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    frame = pd.DataFrame({"y": y, "p": score, "fold": rng.integers(1, 4, 300)})
    path = tmp_path / "scores.csv"
    frame.to_csv(path, index=False)
    assessment = load_assessment(frame, Roles("y", score="p", fold="fold"))
    counts = BinaryCounts.concat([assessment.counts, assessment.pooled()])
    expected = measure_intervals(counts, measures=["mcc", "delta"], random_state=0)
    band = roc_band(assessment.pooled_table(), random_state=0)
    page, errors = _upload(browser, server, path)
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    page.select_option("#score", "p")
    page.select_option("#fold", "fold")
    page.click("#analyse")
    page.wait_for_selector("#measures tbody tr")

    assert "[" not in _measure_cell(page, "pooled", "mcc")  # off: no interval of MCC
    assert page.evaluate("document.getElementById('roc').data.every(t => !t.fill)")
    with page.expect_response(lambda r: "intervals=true" in r.url):
        page.check("#intervals")
    page.wait_for_function("document.getElementById('intervals-note').textContent.length > 0")
    for name in ("mcc", "delta"):
        for i, row in enumerate(["1", "2", "3", "pooled"]):
            low, high = expected.low[name][i], expected.high[name][i]
            assert _measure_cell(page, row, name).endswith(f"[{low:.3f}, {high:.3f}]"), (name, row)
    assert "random_state = 0" in page.text_content("#intervals-note")
    assert "bca: " in page.text_content("#intervals-note")
    title = page.evaluate(
        "[...document.querySelectorAll('#measures thead th')].find(h => h.textContent === 'mcc')"
        ".title"
    )
    assert "bca" in title
    shaded = page.evaluate(
        "document.getElementById('roc').data.filter(t => t.fill === 'tonexty')"
        ".map(t => [t.name, t.y])"
    )
    names = [name for name, _ in shaded]
    assert names == ["95% simultaneous band (sup-t)", "95% pointwise band (percentile)"]
    assert_allclose(shaded[0][1], band.simultaneous_high, rtol=1e-12)
    assert_allclose(shaded[1][1], band.high, rtol=1e-12)
    # the link carries the switch: a new page opens with it on
    link = page.get_attribute("#permalink", "href")
    assert "intervals=1" in link
    page.locator("#view-section").screenshot(path=str(tmp_path / "intervals.png"))
    other = browser.new_page(viewport={"width": 1300, "height": 1100}, bypass_csp=True)
    other.goto(server.url + link)
    other.wait_for_function(
        "document.getElementById('roc').data &&"
        " document.getElementById('roc').data.some(t => t.fill === 'tonexty')"
    )
    assert other.is_checked("#intervals")
    # the joint regions' label follows the switch's level (one switch for every interval)
    assert page.text_content("#regions-level") == "95%"
    with page.expect_response(lambda r: "confidence_level=0.9" in r.url):
        page.select_option("#confidence-level", "0.9")
    page.wait_for_function("document.getElementById('regions-level').textContent === '90%'")
    # off again: no band
    with page.expect_response(lambda r: "intervals=false" in r.url):
        page.uncheck("#intervals")
    page.wait_for_function("!document.getElementById('roc').data.some(t => t.fill === 'tonexty')")
    assert errors == []


def test_the_interval_switch_in_the_triangle_view(server, browser, tmp_path):
    """Issue 29, items 5 and 6: with the switch, every number of the triangle's table has the
    interval `phidelta triangle --confidence-level` prints (Multiclass.intervals, seed 0), the
    pooled star its three segments, and the note says how they were made; off, none."""
    from phidelta.data import Roles, load_multiclass

    rng = np.random.default_rng(11)
    truth = rng.choice(list("abc"), 300)
    guess = np.where(rng.random(300) < 0.7, truth, rng.choice(list("abc"), 300))
    frame = pd.DataFrame({"y": truth, "p": guess, "fold": rng.integers(1, 4, 300)})
    path = tmp_path / "folds.csv"
    frame.to_csv(path, index=False)
    expected = load_multiclass(frame, Roles("y", prediction="p", fold="fold")).intervals(
        confidence_level=0.9, random_state=0
    )
    page, errors = _upload(browser, server, path)
    page.select_option("#kind", "multiclass")
    page.select_option("#label", "y")
    page.select_option("#prediction", "p")
    page.select_option("#fold", "fold")
    page.click("#analyse")
    page.wait_for_selector("#triangle-table tbody tr")
    assert page.is_visible("#intervals")  # the switch is there for the triangle too
    assert not page.is_visible("#ratio")  # the class ratio is not
    assert "[" not in page.text_content("#triangle-table tbody")

    def cells() -> dict:
        return {
            row[0]: row[1:]
            for row in page.eval_on_selector_all(
                "#triangle-table tbody tr", "r => r.map(x => [...x.cells].map(c => c.textContent))"
            )
        }

    page.select_option("#confidence-level", "0.9")
    with page.expect_response(lambda r: "intervals=true" in r.url):
        page.check("#intervals")
    page.wait_for_function(
        "document.querySelector('#triangle-table tbody').textContent.includes('[')"
    )
    shown = cells()
    assert list(shown) == ["1", "2", "3", "pooled"]
    columns = ("joint_delta_h", "joint_mi2", "joint_vi", "mutual_information", "accuracy")
    for i, row in enumerate(shown):
        for j, name in enumerate(columns):
            low, high = expected.low[name][i], expected.high[name][i]
            estimate = expected.estimate[name][i]
            assert shown[row][j] == f"{estimate:.4f}[{low:.3f}, {high:.3f}]", (row, name)
    note = page.text_content("#triangle-intervals-note")
    assert "90% intervals: BCA bootstrap" in note
    assert "random_state = 0" in note
    assert "the pooled star" in note
    segments = page.evaluate(
        "document.getElementById('plot').data.filter(t => (t.name || '').includes('intervals'))"
        ".map(t => [t.name, t.x.length])"
    )
    assert segments == [["90% intervals of ΔH′, 2MI′, VI′", 9]]  # the star's three, with gaps
    assert "intervals=1" in page.get_attribute("#permalink", "href")
    page.locator("#view-section").screenshot(path=str(tmp_path / "triangle-intervals.png"))
    with page.expect_response(lambda r: "intervals=false" in r.url):
        page.uncheck("#intervals")
    page.wait_for_function(
        "!document.querySelector('#triangle-table tbody').textContent.includes('[')"
    )
    assert page.is_hidden("#triangle-intervals-note")
    assert errors == []


def test_a_group_column_makes_the_pages_intervals_resample_whole_groups(server, browser, tmp_path):
    """Issue 29, item 3 on the page: the group column chosen among the roles, the table's
    intervals are the cluster bootstrap of assessment_intervals (seed 0), the AUC's
    Obuchowski's, the ROC band resamples whole groups, and the note near the table says how
    many groups and what is left out (the joint regions)."""
    from phidelta._door_intervals import assessment_intervals
    from phidelta.data import Roles, load_assessment

    rng = np.random.default_rng(29)
    patient = np.repeat(np.arange(40), 5)
    y = rng.integers(0, 2, 200)
    shift = rng.normal(size=40)[patient]
    score = np.round(y + shift + rng.normal(size=200), 2)
    frame = pd.DataFrame({"y": y, "s": score, "patient": patient, "fold": patient % 2})
    path = tmp_path / "patients.csv"
    frame.to_csv(path, index=False)
    assessment = load_assessment(frame, Roles("y", score="s", fold="fold", group="patient"))
    expected = assessment_intervals(
        assessment, ["mcc", "delta"], confidence_level=0.9, random_state=0
    )
    auc = assessment.summary(confidence_level=0.9, random_state=0)
    page, errors = _upload(browser, server, path)
    page.select_option("#kind", "classifier")
    assert page.is_visible("#group")  # among the column roles
    page.select_option("#label", "y")
    page.select_option("#score", "s")
    page.select_option("#fold", "fold")
    page.select_option("#group", "patient")
    page.click("#analyse")
    page.wait_for_selector("#measures tbody tr")
    assert "groups patient" in page.text_content("#settings")
    page.select_option("#confidence-level", "0.9")
    page.check("#regions")
    with page.expect_response(lambda r: "intervals=true" in r.url):
        page.check("#intervals")
    page.wait_for_function("document.getElementById('intervals-note').textContent.length > 0")

    for name in ("mcc", "delta"):
        for i, row in enumerate(["0", "1", "pooled"]):
            low, high = expected.low[name][i], expected.high[name][i]
            assert _measure_cell(page, row, name).endswith(f"[{low:.3f}, {high:.3f}]"), (name, row)
    low, high = auc["auc_low"][2], auc["auc_high"][2]
    assert _measure_cell(page, "pooled", "auc").endswith(f"[{low:.3f}, {high:.3f}]")
    note = page.locator(".classifier-view .groups-note")
    assert note.is_visible()
    text = note.text_content()
    assert text.startswith("Groups: 40 groups (patient): every interval resamples whole groups")
    assert "Obuchowski" in text
    assert "the joint φ-δ regions" in text  # asked for, and left out
    assert "calibration" not in text  # scores beyond [0, 1]: no reliability bins to leave out
    assert "cluster bca: " in page.text_content("#intervals-note")
    assert "AUC: Obuchowski (clustered)" in page.text_content("#intervals-note")
    bands = page.evaluate(
        "document.getElementById('roc').data.filter(t => t.fill === 'tonexty').length"
    )
    assert bands == 2  # the pointwise and the simultaneous band, of whole groups
    assert not page.evaluate(
        "document.getElementById('plot').data.some(t => (t.name || '').includes('region'))"
    )
    page.locator("#view-section").screenshot(path=str(tmp_path / "groups.png"))
    assert errors == []


def test_every_classifier_of_a_comparison_gets_its_roc_bands(
    server, browser, two_classifiers_csv, tmp_path
):
    """Issue 29, item 5: with the switch, the second classifier's ROC curve has its bands too
    (roc_band of its pooled scores, seed 0), each named and shaded in its classifier's colour."""
    from phidelta.data import Roles, load_comparison
    from phidelta.inference import roc_band

    frame = pd.read_csv(two_classifiers_csv)
    compared = load_comparison(
        frame, Roles("y", score="p", fold="fold"), Roles("y", score="q", fold="fold")
    )
    bands = [roc_band(r.pooled_table(), random_state=0) for r in (compared.a, compared.b)]
    page, errors = _upload(browser, server, two_classifiers_csv)
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    page.select_option("#score", "p")
    page.select_option("#fold", "fold")
    page.select_option("#compare-score", "q")
    page.click("#analyse")
    page.wait_for_selector("#measures tbody tr")
    with page.expect_response(lambda r: "intervals=true" in r.url):
        page.check("#intervals")
    page.wait_for_function(
        "document.getElementById('roc').data.filter(t => t.fill === 'tonexty').length === 4"
    )
    shaded = page.evaluate(
        "document.getElementById('roc').data.filter(t => t.fill === 'tonexty')"
        ".map(t => [t.name, t.y, t.fillcolor])"
    )
    assert [name for name, _, _ in shaded] == [
        "95% simultaneous band (sup-t) p",
        "95% pointwise band (percentile) p",
        "95% simultaneous band (sup-t) q",
        "95% pointwise band (percentile) q",
    ]
    for (_, y, _), want in zip(shaded[::2], bands, strict=True):
        assert_allclose(y, want.simultaneous_high, rtol=1e-12)
    for (_, y, _), want in zip(shaded[1::2], bands, strict=True):
        assert_allclose(y, want.high, rtol=1e-12)
    assert shaded[0][2].startswith("rgba(31,119,180")
    assert shaded[2][2].startswith("rgba(19,141,117")
    page.locator("#roc").screenshot(path=str(tmp_path / "comparison-bands.png"))
    assert errors == []


def test_the_classifier_view_of_probabilities_has_calibration_statistics_and_a_decision_curve(
    server, browser, tmp_path
):
    """Issue 30, item 8, the page's door: for predicted probabilities the classifier view shows
    val.prob's statistics (the numbers of phidelta calibration) and the decision curve (net
    benefit from its definition, treat-all and treat-none), with bands under the interval
    switch; the figures come from the server (issue 32) and hover names φ and δ."""
    from phidelta._door_scoring import calibration_numbers

    rng = np.random.default_rng(4)
    n = 300
    y = rng.integers(0, 2, n)
    p = 1 / (1 + np.exp(-(rng.normal(size=n) + 2 * y - 1)))
    frame = pd.DataFrame({"y": y, "p": p, "logit": np.log(p / (1 - p))})
    path = tmp_path / "probabilities.csv"
    frame.to_csv(path, index=False)
    page, errors = _upload(browser, server, path)
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    page.select_option("#score", "p")
    page.click("#analyse")
    page.wait_for_selector("#scoring:not([hidden]) #calibration-stats tbody tr")
    shown = dict(
        page.eval_on_selector_all(
            "#calibration-stats tbody tr",
            "r => r.map(x => [x.cells[0].textContent, x.cells[1].textContent])",
        )
    )
    numbers = calibration_numbers(y == 1, p)
    for name in ("Brier", "Intercept", "Slope", "Eavg", "Emax", "ECE (equal width)"):
        assert shown[name] == f"{numbers[name]:.4f}", name
    traces = page.evaluate(
        "document.getElementById('decision').data.map(t => ({name: t.name, x: t.x, y: t.y}))"
    )
    by_name = {t["name"]: t for t in traces}
    pt = np.asarray(by_name["model"]["x"], dtype=float)
    # net benefit from its definition: treat when p ≥ p_t (Vickers & Elkin 2006)
    treated = p[None, :] >= pt[:, None]
    tp = (treated & (y == 1)).sum(axis=1)
    fp = (treated & (y == 0)).sum(axis=1)
    expected = tp / n - fp / n * pt / (1 - pt)
    assert_allclose(by_name["model"]["y"], expected, atol=1e-12)
    prevalence = y.mean()
    assert_allclose(
        by_name["treat all"]["y"], prevalence - (1 - prevalence) * pt / (1 - pt), atol=1e-12
    )
    assert_allclose(by_name["treat none"]["y"], 0 * pt)
    assert page.evaluate("document.getElementById('decision').data.every(t => !t.fill)")
    curves = page.evaluate("document.getElementById('calibration-curves').data.map(t => t.name)")
    assert curves == ["ideal", "isotonic", "logistic calibration", "nonparametric (lowess)"]
    # hover over a fold's point: its name, φ and δ
    page.evaluate(
        "() => { const plot = document.getElementById('plot');"
        " const i = plot.data.findIndex(t => t.name === 'folds');"
        " Plotly.Fx.hover(plot, [{curveNumber: i, pointNumber: 0}]); }"
    )
    hover = page.text_content("#plot .hoverlayer")
    assert "φ = " in hover
    assert "δ = " in hover
    # the switch: the decision curve's bands
    with page.expect_response(lambda r: "intervals=true" in r.url):
        page.check("#intervals")
    page.wait_for_function(
        "document.getElementById('decision').data.some(t => t.fill === 'tonexty')"
    )
    assert "random_state = 0" in page.text_content("#scoring-note")
    page.locator("#scoring").screenshot(path=str(tmp_path / "scoring.png"))
    # scores that are no probabilities: no calibration statistics, no decision curve
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    page.select_option("#score", "logit")
    page.click("#analyse")
    page.wait_for_function("document.getElementById('roc').data")
    assert page.is_hidden("#scoring")
    assert errors == []


def test_a_notebooks_offline_figures_draw_with_the_network_off(browser, tmp_path):
    """Issue 32, item 1: notebook_html (OfflineFigure's output) draws a Display's to_plotly()
    with plotly.js inlined once — nothing fetched, also under RequireJS (the classic
    notebook defines ``define.amd``, which would keep plotly.js from setting window.Plotly)."""
    from phidelta.rendering import PhiDeltaDisplay, RocDisplay
    from phidelta.rendering.plotly import OfflineFigure

    roc = RocDisplay.from_predictions([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    diagram = PhiDeltaDisplay(phi=[0.1, -0.2], delta=[0.5, 0.3], names=["<b>a</b>", "b"])
    cell = OfflineFigure(roc.to_plotly(), diagram.to_plotly())._repr_html_()
    path = tmp_path / "notebook.html"
    require = "<script>window.define = function () {}; window.define.amd = {};</script>"
    path.write_text(f"<!doctype html><html><body>{require}{cell}</body></html>", "utf-8")
    page = browser.new_page()
    asked, errors = [], []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def refuse(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    page.route("**/*", refuse)
    page.goto(path.as_uri())
    page.wait_for_function(
        "document.querySelectorAll('.js-plotly-plot').length === 2"
        " && [...document.querySelectorAll('.js-plotly-plot')].every(d => d.data)"
    )
    names = page.evaluate(
        "[...document.querySelectorAll('.js-plotly-plot')].map(d => d.data.map(t => t.name))"
    )
    assert names[0] == [t.name for t in roc.to_plotly().data]
    assert "folds" in names[1]
    assert page.evaluate("typeof window.define.amd") == "object"  # RequireJS left as it was
    assert asked == []
    assert errors == []

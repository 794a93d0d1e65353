"""End to end in headless Chromium (Playwright driving Debian's chromium), through
``phidelta serve`` as a user starts it."""

from __future__ import annotations

import io
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

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
        deadline = time.time() + 30
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
    # the page lists the values it found for the class column
    page.select_option("#label", "RainBool")
    assert page.eval_on_selector_all("#positive option", "o => o.map(x => x.value)") == [
        "",
        "0",
        "1",
    ]
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


def test_classifier_and_triangle_views(server, browser, tmp_path):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    score = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    path = tmp_path / "predictions.csv"
    pd.DataFrame(
        {"y": y, "p": score, "yhat": (score > 0.5).astype(int), "fold": rng.integers(1, 6, 300)}
    ).to_csv(path, index=False)
    page = browser.new_page(viewport={"width": 1300, "height": 1100}, bypass_csp=True)
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#kind", "classifier")
    page.select_option("#label", "y")
    page.select_option("#prediction", "yhat")
    page.select_option("#score", "p")
    page.select_option("#fold", "fold")
    page.click("#analyse")
    page.wait_for_function("document.getElementById('roc').data")
    folds = page.evaluate(
        "document.getElementById('plot').data.find(t => t.name === 'folds').x.length"
    )
    assert folds == 5
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
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
    page.select_option("#kind", "multiclass")
    page.select_option("#label", "y")
    page.select_option("#prediction", "yhat")
    page.click("#analyse")
    page.wait_for_selector("#triangle-table tbody tr")
    assert page.locator("#triangle-table tbody tr").count() == 1


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
    page = browser.new_page(viewport={"width": 1300, "height": 1200}, bypass_csp=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#setup-section:not([hidden])")
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
    assert errors == []
    assert violations == []

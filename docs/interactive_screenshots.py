"""Screenshots of the threshold explorer and the interactive report for the guide.

Writes docs/images/threshold_explorer.png and docs/images/interactive_report.png with headless
Chromium (Playwright driving /usr/bin/chromium, as the browser tests do), the network off.
Run from the repository: ``python docs/interactive_screenshots.py``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from playwright.sync_api import sync_playwright

import phidelta
from phidelta.data import Roles
from phidelta.datasets import climate_data_path
from phidelta.report import file_report

IMAGES = Path(__file__).resolve().parent / "images"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def _scores() -> tuple[np.ndarray, np.ndarray]:
    """Cross-validated probabilities of a logistic regression on the breast-cancer data."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    data = load_breast_cancer()
    malignant = data.target == 0
    model = make_pipeline(StandardScaler(), LogisticRegression(C=0.05))
    probability = cross_val_predict(model, data.data, malignant, cv=5, method="predict_proba")
    return malignant, probability[:, 1]


def _open(browser, path: Path, height: int):
    page = browser.new_page(viewport={"width": 1280, "height": height})
    page.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith("file://") else route.abort()
        ),
    )
    page.goto(path.as_uri())
    return page


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    y, p = _scores()
    labels = np.where(y, "malignant", "benign")
    explorer = phidelta.explore(
        labels, p, pos_label="malignant", name="logistic regression", threshold=0.3
    )
    explorer_page = explorer.save(folder / "explorer.html")
    report = file_report(
        folder / "report.html",
        data=climate_data_path(),
        features=Roles("RainBool", positive=1),
        interactive=True,
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS, headless=True)
        page = _open(browser, explorer_page, 1000)
        page.wait_for_selector(".pdx-measures tbody tr")
        page.wait_for_timeout(500)
        page.locator(".pdx").screenshot(path=str(IMAGES / "threshold_explorer.png"))
        page = _open(browser, report, 900)
        page.wait_for_selector(".plotly-figure .main-svg")
        # hovered, the figure shows plotly.js's toolbar, above its title
        figure = page.locator("figure.interactive").first
        figure.locator(".scatterlayer .trace .points path").last.hover(force=True)
        page.wait_for_selector(".hoverlayer .hovertext")
        page.locator("section").first.screenshot(path=str(IMAGES / "interactive_report.png"))
        browser.close()


if __name__ == "__main__":
    main()

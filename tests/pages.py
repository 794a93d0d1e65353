"""Helpers for the pages phidelta writes (the explorer, the interactive report): headless
Chromium (Debian's chromium driven by Playwright) with every request but the file itself
refused, and the distance of points to a drawn polyline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def open_offline(browser: Any, path: Path, *, ready: str) -> tuple[Any, list[str], list[str]]:
    """The page of ``path`` once ``ready`` (a selector) is shown; the URLs it asked for (any
    is a failure: the network is off) and its JavaScript errors, both filled as it runs."""
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    asked: list[str] = []
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def refuse(route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    page.route("**/*", refuse)
    page.goto(Path(path).as_uri())
    page.wait_for_selector(ready)
    return page, asked, errors


def distance_to_polyline(x: Any, y: Any, px: Any, py: Any) -> np.ndarray:
    """Each point's distance to the nearest segment of the polyline (px, py)."""
    x, y, px, py = (np.asarray(v, dtype=float) for v in (x, y, px, py))
    ax, ay, dx, dy = px[:-1], py[:-1], np.diff(px), np.diff(py)
    length2 = np.maximum(dx * dx + dy * dy, 1e-300)
    t = np.clip(((x[:, None] - ax) * dx + (y[:, None] - ay) * dy) / length2, 0, 1)
    return np.min(np.hypot(x[:, None] - ax - t * dx, y[:, None] - ay - t * dy), axis=1)

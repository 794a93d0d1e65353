"""The report's calibration and decision-curve sections (issue 30, item 8)."""

from __future__ import annotations

import re

import numpy as np
import pytest

pd = pytest.importorskip("pandas")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from phidelta._report_scoring import file_scoring_sections  # noqa: E402
from phidelta.counts import ScoreTable  # noqa: E402
from phidelta.data import Roles  # noqa: E402
from phidelta.inference import calibration_summary  # noqa: E402
from phidelta.measures import decision_curve  # noqa: E402
from phidelta.report import (  # noqa: E402
    Report,
    calibration_section,
    decision_section,
    file_report,
)


def _headings(page: str) -> list[str]:
    return re.findall(r"<h2>(.*?)</h2>", page)


def _cells(body: str, row: str) -> list[str]:
    """The cells of the table row whose first cell is ``row``."""
    match = re.search(rf"<tr><td[^>]*>{re.escape(row)}</td>(.*?)</tr>", body)
    assert match, row
    return re.findall(r"<td[^>]*>(.*?)</td>", match.group(1))


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(11)
    n = 240
    p = rng.uniform(0.02, 0.98, n)
    return pd.DataFrame(
        {
            "y": np.where(rng.uniform(size=n) < p, "yes", "no"),
            "p": p.round(3),
            "q": (p**2).round(3),
            "s": rng.normal(size=n),
            "w": rng.uniform(0.5, 2, n),
        }
    )


def test_calibration_section_shows_val_prob_numbers(frame):
    y = (frame["y"] == "yes").to_numpy()
    body = calibration_section(y, {"p": frame["p"].to_numpy()})
    brier = float(np.mean((frame["p"] - y) ** 2))  # the definition, not the library
    assert float(_cells(body, "Brier")[0]) == pytest.approx(brier, abs=1e-4)
    summary = calibration_summary(y, frame["p"].to_numpy()).to_dict()
    assert float(_cells(body, "Slope")[0]) == pytest.approx(summary["Slope"], rel=1e-3)
    assert body.count("<figure>") == 1


def test_decision_section_net_benefit_from_its_definition(frame):
    y = (frame["y"] == "yes").to_numpy()
    p = frame["p"].to_numpy()
    body = decision_section(y, {"p": p, "q": frame["q"].to_numpy()}, n_resamples=50)
    treated = p >= 0.2
    nb = (np.sum(treated & y) - np.sum(treated & ~y) * 0.2 / 0.8) / len(y)
    assert float(_cells(body, "0.2000")[1]) == pytest.approx(nb, abs=1e-4)
    curve = decision_curve(ScoreTable.from_scores(y, p), thresholds=[0.2])
    assert nb == pytest.approx(curve.net_benefit[0], abs=1e-12)
    assert "paired difference of net benefit" in body


def test_file_report_adds_both_sections_for_probabilities(frame, tmp_path):
    path = tmp_path / "p.csv"
    frame.to_csv(path, index=False)
    page = file_report(
        tmp_path / "r.html",
        predictions=path,
        roles=Roles("y", positive="yes", score="p"),
        compare=Roles("y", positive="yes", score="q"),
    ).read_text(encoding="utf-8")
    assert "Calibration of p, q" in _headings(page)
    assert "Decision curves of p, q" in _headings(page)


def test_file_report_says_why_scores_get_no_calibration(frame, tmp_path):
    path = tmp_path / "p.csv"
    frame.to_csv(path, index=False)
    roles = Roles("y", positive="yes", score="s")
    page = file_report(tmp_path / "r.html", predictions=path, roles=roles).read_text("utf-8")
    assert "Calibration and decision curves" in _headings(page)
    assert "are not all in [0, 1]" in page
    assert not any(h.startswith("Calibration of") for h in _headings(page))


def test_one_predicted_probability_gets_a_note_and_the_decision_curve():
    """A constant probability has no calibration slope: the report says so (it failed whole
    before) and still draws the decision curve, whose net benefit needs no fit."""
    import pandas as pd

    constant = pd.DataFrame({"y": ["yes", "no"] * 40, "p": [0.5] * 80})
    built = Report("r")
    file_scoring_sections(built, constant, Roles("y", positive="yes", score="p"))
    sections = dict(built.sections)
    assert "No calibration statistics" in sections["Calibration of p"]
    assert "not identifiable" in sections["Calibration of p"]
    assert "Decision curves of p" in sections


def test_weighted_rows_get_a_note_not_statistics(frame):
    built = Report("r")
    file_scoring_sections(built, frame, Roles("y", positive="yes", score="p", weight="w"))
    ((heading, body),) = built.sections
    assert heading == "Calibration and decision curves"
    assert "Sample weights" in body


@pytest.fixture
def figures(monkeypatch):
    """The matplotlib figures the sections put into the page, in order."""
    import phidelta._report_html as report_html

    drawn = []
    original = report_html.figure_html

    def keep(fig, caption, **options):
        drawn.append((fig, caption))
        return original(fig, caption, **options)

    monkeypatch.setattr(report_html, "figure_html", keep)
    return drawn


def test_calibration_figure_shows_each_models_lowess_smooth(frame, figures):
    from phidelta.geometry import smooth_calibration_curve

    y = (frame["y"] == "yes").to_numpy()
    models = {"p": frame["p"].to_numpy(), "q": frame["q"].to_numpy()}
    calibration_section(y, models)
    ((fig, caption),) = figures
    assert "lowess" in caption
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    for name, p in models.items():
        eavg = calibration_summary(y, p).to_dict()["Eavg"]
        (label,) = [k for k in lines if k.startswith(f"{name}: lowess")]
        assert label == f"{name}: lowess (Eavg {eavg:.3f})"
        smooth = smooth_calibration_curve(y, p)
        np.testing.assert_allclose(lines[label].get_xdata(), smooth.probability)
        np.testing.assert_allclose(lines[label].get_ydata(), smooth.observed)


def test_decision_figure_is_clipped_above_the_prevalence(frame, figures):
    y = (frame["y"] == "yes").to_numpy()
    decision_section(y, {"p": frame["p"].to_numpy()}, n_resamples=50)
    ((fig, _),) = figures
    ax = fig.axes[0]
    low, high = ax.get_ylim()
    assert high == pytest.approx(1.1 * y.mean())  # net benefit never exceeds the prevalence
    assert low == pytest.approx(-0.5 * y.mean())
    treat_all = next(line for line in ax.get_lines() if line.get_label() == "treat all")
    assert treat_all.get_ydata().min() < low  # treat-all's fall is cut, not followed


def test_best_threshold_section_shows_each_fold_and_the_pooled_interval(frame):
    from phidelta.assessment import assess

    folds = np.arange(len(frame)) % 4
    data = frame.assign(fold=folds)
    built = Report("r")
    file_scoring_sections(built, data, Roles("y", positive="yes", score="s", fold="fold"))
    heading, body = built.sections[0]
    assert heading == "Best threshold of s"
    y = (frame["y"] == "yes").to_numpy()
    best = assess(y, scores=frame["s"].to_numpy(), folds=folds).best_thresholds(random_state=0)
    for fold in range(4):  # the library's numbers, rounded as the report rounds
        shown = float(_cells(body, str(fold))[0])
        assert shown == pytest.approx(best.thresholds[fold], abs=5e-4)
    low, high = best.pooled.low["threshold"][0], best.pooled.high["threshold"][0]
    assert f"{low:.4g} – {high:.4g}" in _cells(body, "pooled")[1]
    assert float(_cells(body, "std")[0]) == pytest.approx(best.spread["std"], abs=5e-4)


def test_interactive_calibration_figure_has_the_same_lowess_lines(frame):
    from phidelta._report_scoring import _reliability_figure
    from phidelta.geometry import smooth_calibration_curve
    from phidelta.rendering import CalibrationDisplay

    y = (frame["y"] == "yes").to_numpy()
    models = {"p": frame["p"].to_numpy(), "q": frame["q"].to_numpy()}
    displays = [CalibrationDisplay(y_true=y, scores=p) for p in models.values()]
    numbers = [{"Eavg": 0.01, "ECE (equal width)": 0.05}, {"Eavg": 0.02, "ECE (equal width)": 0.06}]
    spec = _reliability_figure(displays, list(models), 10, numbers)
    lowess = [t for t in spec["data"] if "lowess" in t["name"]]
    assert [t["name"] for t in lowess] == ["p: lowess (Eavg 0.010)", "q: lowess (Eavg 0.020)"]
    for trace, p in zip(lowess, models.values(), strict=True):
        smooth = smooth_calibration_curve(y, p)
        np.testing.assert_allclose(trace["x"], smooth.probability)
        np.testing.assert_allclose(trace["y"], smooth.observed)
    bins = [t for t in spec["data"] if t.get("mode") == "markers"]
    assert [t["marker"]["color"] for t in bins] == [t["line"]["color"] for t in lowess]
    # the static figure's bins: named with their ECE, no intervals drawn
    assert [t["name"] for t in bins] == ["p (ECE 0.050)", "q (ECE 0.060)"]
    assert not any("error_y" in t for t in bins)
    # the legend (five entries, one model's figure has two) grows the figure below the axes
    from phidelta.rendering.plotly import display_figure

    alone = display_figure(displays[0], kind="reliability", bins=10, band=False)["layout"]
    grown = spec["layout"]["margin"]["b"] - alone["margin"]["b"]
    assert grown > 0
    assert spec["layout"]["height"] - alone["height"] == grown

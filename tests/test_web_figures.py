"""One figure code (issue 32): the figures the page draws are the ones the server sends, made
by phidelta.rendering.plotly; a Display's to_plotly() of the same input has the same traces."""

from __future__ import annotations

import json

import numpy as np
import pytest
from numpy.testing import assert_allclose

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
pytest.importorskip("plotly")
pd = pytest.importorskip("pandas")

import phidelta  # noqa: E402
from phidelta.rendering import PhiDeltaDisplay, RocDisplay  # noqa: E402
from phidelta.rendering.plotly import ISOMETRIC_FAMILIES, display_figure  # noqa: E402
from phidelta.web import _views as views  # noqa: E402


def _analyse(frame, kind, **params):
    """The view the server sends for an analysis (the view function, through the JSON)."""
    make = {"signature": views.signature_view, "classifier": views.classifier_view}[kind]
    query = params.pop("query", {})
    return json.loads(views.to_json(make(frame, params, **query)))


def _same_traces(sent: dict, figure) -> None:
    """The traces of a figure the server sent and of a plotly Figure: same names, kinds and
    coordinates, in the same order."""
    assert [t.get("name") for t in sent["data"]] == [t.name for t in figure.data]
    for mine, theirs in zip(sent["data"], figure.data, strict=True):
        assert mine.get("mode") == theirs.mode
        for axis in ("x", "y"):
            a = np.array([np.nan if v is None else v for v in mine[axis]], dtype=float)
            b = np.array([np.nan if v is None else v for v in theirs[axis]], dtype=float)
            assert_allclose(a, b, rtol=1e-12, atol=1e-12, equal_nan=True)


def test_the_page_and_the_notebook_draw_the_same_signature(refdata):
    frame = pd.read_csv(refdata / "phidelta" / "climate_data.csv")
    view = _analyse(frame, "signature", label="RainBool", positive="1", query={"ratio": 2})
    labels = frame.pop("RainBool")
    sig = phidelta.signature(frame, labels)
    points = sig.phi_delta(2)
    notebook = PhiDeltaDisplay(
        phi=points.phi, delta=points.delta, ratio=2, names=sig.names, view="feature"
    ).to_plotly(isometrics=ISOMETRIC_FAMILIES)
    _same_traces(view["figures"]["plot"], notebook)
    # the library's numbers, and the names as hover text with φ and δ
    features = next(t for t in view["figures"]["plot"]["data"] if t["name"] == "features")
    assert_allclose(features["x"], points.phi, atol=1e-12)
    assert [c[0] for c in features["customdata"]] == list(sig.names)
    assert "φ = %{x:.4f}" in features["hovertemplate"]


def test_the_page_and_the_notebook_draw_the_same_roc():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 400)
    p = 1 / (1 + np.exp(-(rng.normal(size=400) + 2 * y - 1)))
    frame = pd.DataFrame({"y": y, "p": p})
    view = _analyse(frame, "classifier", label="y", positive="1", score="p")
    table = phidelta.ScoreTable.from_scores(y, p, pos_label=1)
    point = view["operating_point"]
    notebook = RocDisplay(tables=[table]).to_plotly(
        ratio=view["ratio"],
        operating_point={"fpr": point["fpr"], "tpr": point["tpr"]},
        title_text="ROC and operating point",
    )
    sent = view["figures"]["roc"]
    _same_traces(
        {"data": [{**t, "name": t.get("name")} for t in sent["data"]]},
        notebook.update_traces(selector={"mode": "markers"}, name=sent["data"][-1]["name"]),
    )
    curve = phidelta.measures.roc_curve(table)
    assert_allclose(sent["data"][1]["x"], curve.fpr)
    # the report's ROC figure is display_figure of the same display with its defaults
    # (tests/test_report_interactive.py): its curve and hull are the page's
    report = display_figure(RocDisplay(tables=[table]))
    for i in (1, 2):
        assert report["data"][i] == sent["data"][i]
    # the calibration statistics are the door's numbers
    from phidelta._door_scoring import calibration_numbers

    numbers = calibration_numbers(y == 1, p)
    shown = {s["name"]: s["value"] for s in view["scoring"]["statistics"]}
    for name in ("Brier", "Eavg", "HL:p", "ECE (equal width)", "Slope"):
        assert shown[name] == pytest.approx(numbers[name], rel=1e-12)
    # and val.prob's plot is the geometry layer's lowess curve of the same rows
    from phidelta.geometry import smooth_calibration_curve

    smooth = smooth_calibration_curve(y == 1, p)
    lowess = next(t for t in view["figures"]["calibration_curves"]["data"] if "lowess" in t["name"])
    assert_allclose(lowess["x"], smooth.probability, atol=1e-12)
    assert_allclose(lowess["y"], smooth.observed, atol=1e-12)


def test_names_from_the_data_are_escaped_in_every_figure():
    rng = np.random.default_rng(6)
    y = rng.integers(0, 2, 60)
    frame = pd.DataFrame(
        {"y": y, "<b>x</b>": y ^ (rng.random(60) < 0.2), "fold": rng.choice(["<i>f</i>", "g"], 60)}
    )
    text = str(_analyse(frame, "signature", label="y", positive="1")["figures"])
    assert "<b>x</b>" not in text
    assert "&lt;b&gt;x&lt;/b&gt;" in text
    view = _analyse(
        frame, "classifier", label="y", positive="1", prediction="<b>x</b>", fold="fold"
    )
    text = str(view["figures"])
    assert "<i>f</i>" not in text
    assert "&lt;i&gt;f&lt;/i&gt;" in text


def test_a_comparisons_decision_curve_has_both_classifiers():
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 300)
    p = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    q = np.clip(p + rng.normal(0, 0.2, 300), 0, 1)
    frame = pd.DataFrame({"y": y, "p": p, "q": q, "logit": np.log(p / (1 - p))})
    view = _analyse(frame, "classifier", label="y", positive="1", score="p", compare_score="q")
    traces = {t["name"]: t for t in view["figures"]["decision"]["data"]}
    for name, scores in (("p", p), ("q", q)):
        curve = phidelta.measures.decision_curve(phidelta.ScoreTable.from_scores(y, scores))
        assert_allclose(traces[name]["y"], curve.net_benefit, atol=1e-12)
    # a compared column that is no probability: its curve is left out
    view = _analyse(frame, "classifier", label="y", positive="1", score="p", compare_score="logit")
    assert "logit" not in {t["name"] for t in view["figures"]["decision"]["data"]}


def test_the_page_draws_precision_recall_curves_with_the_librarys_bands():
    """The classifier view's precision–recall figure: each classifier's curve through the
    library's points and, with the interval switch, precision_recall_band's bands at the
    page's seed — the figure phidelta.rendering.plotly makes of them."""
    from phidelta.inference import precision_recall_band
    from phidelta.rendering.plotly import precision_recall_figure

    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 300)
    p = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    q = 1 / (1 + np.exp(-(1.5 * rng.normal(size=300) + y - 0.5)))
    frame = pd.DataFrame({"y": y, "p": p, "q": q})
    settings = {"confidence_level": 0.9, "n_resamples": 300}
    view = _analyse(
        frame,
        "classifier",
        label="y",
        positive="1",
        score="p",
        compare_score="q",
        query={"intervals": settings},
    )
    tables = [phidelta.ScoreTable.from_scores(y, s, pos_label=1) for s in (p, q)]
    bands = [precision_recall_band(t, **settings, random_state=views.INTERVAL_SEED) for t in tables]
    expected = precision_recall_figure(
        tables, names=["p", "q"], bands=bands, title_text="precision–recall"
    )
    sent = view["figures"]["precision_recall"]
    assert json.loads(json.dumps(expected)) == sent
    curve = phidelta.measures.precision_recall_curve(tables[0])
    drawn = next(t for t in sent["data"] if (t.get("name") or "").startswith("precision–recall p"))
    assert_allclose(drawn["x"], curve.recall)
    assert any("pointwise band" in (t.get("name") or "") for t in sent["data"])
    # without the switch: the curves, no band
    plain = _analyse(frame, "classifier", label="y", positive="1", score="p")
    names = [t.get("name") or "" for t in plain["figures"]["precision_recall"]["data"]]
    assert not any("band" in n for n in names)
    assert any(n.startswith("precision–recall (AP") for n in names)

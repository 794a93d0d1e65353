"""What a notebook shows for phidelta's results (``_repr_html_``): a title that says what the
result is, and a table of its numbers as the library computes them."""

from __future__ import annotations

import re

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta import BinaryCounts, signature
from phidelta.assessment import assess
from phidelta.datasets import load_climate_data
from phidelta.measures import measure_table


def _table(html: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of the (first) table in some HTML."""
    header = re.findall(r"<th(?: [^>]*)?>(.*?)</th>", html)
    rows = [
        re.findall(r"<td(?: [^>]*)?>(.*?)</td>", r) for r in re.findall(r"<tr>(.*?)</tr>", html)
    ]
    return header, [row for row in rows if row]


def test_a_signature_shows_its_most_discriminant_features():
    data, labels, names = load_climate_data()
    features = signature(data, labels, feature_names=names)
    html = features._repr_html_()
    assert "Signature of 6 features: positive class 1" in html
    header, rows = _table(html)
    assert header == ["feature", "kind", "φ", "δ", "sensitivity", "specificity"]
    order = features.rank("delta")
    assert [row[0] for row in rows] == [names[i] for i in order]
    point = features.phi_delta()
    assert_allclose([float(row[3]) for row in rows], point.delta[order], atol=5e-5)
    many = signature(np.tile(data, 3), labels)  # 18 features: the first 10 and a note
    assert len(_table(many._repr_html_())[1]) == 10
    assert "to_frame()" in many._repr_html_()


def test_an_assessment_shows_its_folds_even_one_of_a_single_class():
    a = assess([1, 0, 1, 0, 1, 1], scores=[0.9, 0.2, 0.4, 0.6, 0.8, 0.3], folds=[1, 1, 2, 2, 3, 3])
    html = a._repr_html_()
    assert "Assessment of 3 fold(s)" in html
    assert "scores cut at 0.5" in html
    header, rows = _table(html)
    assert header[:5] == ["fold", "tn", "fp", "fn", "tp"]
    assert header[-2:] == ["auc", "auc 95% CI"]
    assert [row[0] for row in rows] == ["1", "2", "3", "pooled", "mean", "std"]
    assert rows[2][-2:] == ["–", "–"]  # fold 3 holds positives only: no AUC
    assert [int(v) for v in rows[1][1:5]] == [0, 1, 1, 0]
    predicted = assess([1, 0, 1, 0], y_pred=[1, 0, 0, 0])
    assert "predictions" in predicted._repr_html_()
    assert "auc" not in _table(predicted._repr_html_())[0]


def test_an_assessment_shows_the_pooled_row_the_mean_and_the_intervals_of_every_door():
    from phidelta.inference import auc_confidence_interval, rate_intervals

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    s = 1 / (1 + np.exp(-(rng.normal(size=300) + 2 * y - 1)))
    a = assess(y, scores=s, folds=np.arange(300) % 5)
    header, rows = _table(a._repr_html_())
    pooled, mean, std = rows[-3:]
    assert [pooled[0], mean[0], std[0]] == ["pooled", "mean", "std"]
    assert [int(v) for v in pooled[1:5]] == a.pooled().to_array()[0].tolist()
    wilson = rate_intervals(a.pooled())["sensitivity"]
    low, high = (float(v) for v in pooled[header.index("sensitivity 95% CI")].split("–"))
    assert (low, high) == pytest.approx((wilson.low[0], wilson.high[0]), abs=5e-5)
    delong = auc_confidence_interval(a.pooled_table())
    low, high = (float(v) for v in pooled[header.index("auc 95% CI")].split("–"))
    assert (low, high) == pytest.approx((delong.low, delong.high), abs=5e-5)
    accuracy = a.measures(["accuracy"])["accuracy"]
    assert float(mean[header.index("accuracy")]) == pytest.approx(accuracy.mean(), abs=5e-5)
    assert float(std[header.index("accuracy")]) == pytest.approx(accuracy.std(), abs=5e-5)
    assert mean[1] == "–"  # no counts, no intervals across folds
    many = assess(y, scores=s, folds=np.arange(300) % 60)  # 50 folds shown, then the summary
    names = [row[0] for row in _table(many._repr_html_())[1]]
    assert names[-4:] == ["49", "pooled", "mean", "std"]
    assert "10 more folds not shown" in many._repr_html_()


def test_plain_reprs_are_one_short_line():
    from phidelta.comparison import compare

    y = [0, 1] * 20
    poor = [1 - v if i % 3 == 0 else v for i, v in enumerate(y)]
    result = compare(
        y, scores=(np.array(y) * 0.6 + 0.2, np.array(poor) * 0.5 + 0.25), names=("good", "poor"),
        folds=[i % 4 for i in range(40)],
    )  # fmt: skip
    text = repr(result.a)
    assert text == (
        "Assessment(4 fold(s), positive=1, ratio=1, scores cut at 0.5, "
        "pooled=BinaryCounts(tn=[20], fp=[0], fn=[0], tp=[20]))"
    )
    assert "ScoreTable" not in repr(result)  # it listed every fold's table twice
    assert repr(result).startswith("Comparison('good' vs 'poor', 4 fold(s): McNemar p=")
    assert "DeLong p=" in repr(result)
    assert len(repr(result)) < 160


def test_a_measure_table_shows_every_measure_per_entry():
    counts = BinaryCounts(tn=[15, 40], fp=[10, 10], fn=[15, 20], tp=[60, 30])
    table = measure_table(counts, measures=["accuracy", "delta"], index=["a", "b"])
    header, rows = _table(table._repr_html_())
    assert header == ["", "tn", "fp", "fn", "tp", "accuracy", "delta"]
    assert [row[0] for row in rows] == ["a", "b"]
    assert [float(row[5]) for row in rows] == pytest.approx(table["accuracy"], abs=5e-5)
    assert _table(measure_table(counts, measures=["phi"])._repr_html_())[0][0] == "tn"


def test_a_comparison_shows_its_verdict_pooled_measures_and_tests():
    from phidelta.comparison import compare
    from phidelta.report import comparison_verdict

    y = [0, 1] * 20
    good, poor = y[:], [1 - v if i % 3 == 0 else v for i, v in enumerate(y)]
    result = compare(
        y, y_pred=(good, poor), names=("good", "poor"), folds=[i % 4 for i in range(40)]
    )
    html = result._repr_html_()
    assert "good vs poor on the same examples" in html
    assert result.verdict() in html
    assert comparison_verdict(result) == result.verdict()  # the report's sentence is the same
    tables = html.split("</table>")
    header, rows = _table(tables[0])
    assert [row[0] for row in rows] == ["good", "poor"]
    assert float(rows[1][header.index("accuracy")]) == pytest.approx(
        float(measure_table(result.b.pooled(), measures=["accuracy"])["accuracy"][0]), abs=5e-5
    )
    assert [row[0] for row in _table(tables[1])[1]] == [row["test"] for row in result.summary()]
    assert "apart at the 1e-05 level" in result.verdict(alpha=1e-5)
    with pytest.raises(ValueError, match="alpha"):
        result.verdict(alpha=1.5)
    with pytest.raises(TypeError, match="alpha"):
        result.verdict(alpha="0.05")


def test_empty_results_show_without_error():
    from phidelta.measures import MeasureTable

    assert MeasureTable({})._repr_html_() is None  # the notebook falls back to the repr
    features = signature(np.array([[1, 0], [0, 1], [1, 1], [0, 0]]), [1, 0, 1, 0])
    assert "Signature of 0 features" in features[0:0]._repr_html_()
    empty = measure_table(BinaryCounts(tn=[0], fp=[0], fn=[0], tp=[0]), measures=["accuracy"])
    assert _table(empty._repr_html_())[1] == [["0", "0", "0", "0", "–"]]  # 0/0 is undefined


def test_a_measure_table_prints_as_a_table_in_a_terminal():
    """``print(result.summary())`` in a plain terminal (no notebook): a line per measure, a
    column per entry, each measure's values rounded alike, counts whole; ``repr`` stays short."""
    from phidelta.measures import MeasureTable

    counts = BinaryCounts(tn=[15.0, 40.0], fp=[10.0, 10.0], fn=[15.0, 20.0], tp=[60.0, 30.0])
    table = measure_table(counts, measures=["accuracy", "mcc"], index=["a", "b"])
    lines = str(table).splitlines()
    assert lines[0].split() == ["measure", "a", "b"]
    cells = {line.split()[0]: line.split()[1:] for line in lines[1:]}
    assert cells["fp"] == ["10", "10"]  # counts as counts, not 10.0
    assert cells["accuracy"] == ["0.7500", "0.7000"]
    for name in ("accuracy", "mcc"):
        assert_allclose([float(v) for v in cells[name]], table[name], atol=5e-5)
    assert repr(table) == "MeasureTable(6 measures × 2 entries)"
    many = measure_table(BinaryCounts(tn=[1] * 12, fp=[1] * 12, fn=[1] * 12, tp=[1] * 12))
    text = many.to_string(max_entries=3)
    assert text.splitlines()[0].split() == ["measure", "0", "1", "2"]
    assert text.endswith("… and 9 more entries (to_frame() has them all)")
    with pytest.raises(ValueError, match="max_entries"):
        many.to_string(max_entries=0)
    assert str(MeasureTable({})) == "measure"


def test_a_signature_prints_its_most_discriminant_features_in_a_terminal():
    """``print(signature)``: the notebook's sentence, then the ten features of largest |δ|,
    a line each, in the ranking's order, with the library's φ and δ."""
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 300)
    x = rng.normal(size=(300, 13)) + y[:, None] * np.linspace(0, 1.2, 13)
    sig = signature(x, y)
    lines = str(sig).splitlines()
    assert lines[0].startswith("Signature of 13 features: positive class 1")
    assert lines[1].split() == ["feature", "kind", "φ", "δ", "sensitivity", "specificity"]
    rows = [line.split() for line in lines[2:12]]
    order = sig.rank("delta")[:10]
    assert [r[0] for r in rows] == [sig.names[i] for i in order]
    point = sig.phi_delta(1.0)
    assert_allclose([float(r[3]) for r in rows], point.delta[order], atol=5e-5)
    assert_allclose([float(r[2]) for r in rows], point.phi[order], atol=5e-5)
    assert lines[12] == "… the 10 of 13 with the largest |δ|; to_frame() has them all"
    assert len(str(sig[:3]).splitlines()) == 5  # sentence, header, three features

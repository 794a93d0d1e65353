"""The entropy triangle's intervals in every door (issue 29, items 5 and 6): ``phidelta triangle
--confidence-level``, :meth:`phidelta.data.Multiclass.intervals`, the report's triangle,
signature and comparison sections, and the segments that draw the intervals in the triangle."""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pytest
from numpy.testing import assert_allclose

from phidelta._door_intervals import TRIANGLE_MEASURES, triangle_intervals
from phidelta.counts import ConfusionMatrix
from phidelta.geometry import ternary_coordinates, ternary_interval_segments
from phidelta.inference import ENTROPY_BALANCE_MEASURES, matrix_intervals
from phidelta.measures import entropy_balance

pytest.importorskip("click")
pytest.importorskip("matplotlib")
pd = pytest.importorskip("pandas")

from tests.test_cli import run  # noqa: E402

MATRIX = [[15, 0, 5], [0, 15, 5], [0, 0, 20]]


@pytest.fixture(scope="module")
def matrix_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("triangle") / "m.csv"
    path.write_text(",x,y,z\n" + "".join(f"{c},{','.join(map(str, r))}\n"
                                         for c, r in zip("xyz", MATRIX, strict=True)))  # fmt: skip
    return str(path)


@pytest.fixture(scope="module")
def folds_file(tmp_path_factory):
    rng = np.random.default_rng(5)
    n = 300
    truth = rng.choice(list("abc"), n)
    guess = np.where(rng.random(n) < 0.7, truth, rng.choice(list("abc"), n))
    path = tmp_path_factory.mktemp("triangle") / "folds.csv"
    pd.DataFrame({"y": truth, "p": guess, "fold": rng.integers(1, 4, n)}).to_csv(path, index=False)
    return str(path)


def triangle_json(*args: str) -> dict:
    done = run("triangle", *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# --- the library ------------------------------------------------------------------------------
def test_every_quantity_of_the_balance_has_its_interval_on_request():
    cm = ConfusionMatrix([MATRIX, [[16, 2, 2], [2, 16, 2], [1, 1, 18]]])
    res = matrix_intervals(cm, list(ENTROPY_BALANCE_MEASURES), n_resamples=200, random_state=0)
    balance = entropy_balance(cm).to_dict()
    for name in ENTROPY_BALANCE_MEASURES:
        np.testing.assert_array_equal(res.estimate[name], balance[name])
        assert np.all(res.low[name] <= res.estimate[name] + 1e-12), name
        assert np.all(res.estimate[name] <= res.high[name] + 1e-12), name
    # a quantity's interval does not depend on which others are asked for (same resamples)
    alone = matrix_intervals(cm, ["ema"], n_resamples=200, random_state=0, index=["a", "b"])
    np.testing.assert_array_equal(alone.low["ema"], res.low["ema"])
    assert list(alone.to_frame().index) == ["a", "b"]
    with pytest.raises(ValueError, match="`index` has 1 labels for 2 matrices"):
        matrix_intervals(cm, ["ema"], n_resamples=20, index=["a"])
    assert set(TRIANGLE_MEASURES) == set(entropy_balance(cm).to_dict()) - {
        "h_uniform_x",
        "h_uniform_y",
    }


def test_triangle_intervals_add_the_pooled_matrix_and_refuse_weights():
    cm = ConfusionMatrix([MATRIX, [[16, 2, 2], [2, 16, 2], [1, 1, 18]]])
    res = triangle_intervals(cm, ["a", "b"], confidence_level=0.9, n_resamples=100)
    assert res.index == ["a", "b", "pooled"]
    pooled = matrix_intervals(
        ConfusionMatrix(np.concatenate([cm.counts, cm.sum().counts])),
        list(TRIANGLE_MEASURES),
        confidence_level=0.9,
        n_resamples=100,
        random_state=0,
    )
    for name in TRIANGLE_MEASURES:
        np.testing.assert_array_equal(res.low[name], pooled.low[name])
    alone = triangle_intervals(cm, ["a", "b"], confidence_level=0.9, n_resamples=100, pooled=False)
    assert alone.index == ["a", "b"]
    assert (
        triangle_intervals(ConfusionMatrix([[1.5, 1], [1, 2]]), ["w"], confidence_level=0.9) is None
    )
    # a rectangular matrix without declared outputs: no accuracy, the entropies still
    rect = triangle_intervals(ConfusionMatrix([[8, 1, 1], [2, 7, 1]]), ["r"], confidence_level=0.9)
    assert "accuracy" not in rect.methods
    assert "joint_mi2" in rect.methods


def test_the_data_door_gives_the_same_intervals(folds_file):
    from phidelta.data import Roles, load_multiclass

    loaded = load_multiclass(folds_file, Roles("y", prediction="p", fold="fold"))
    res = loaded.intervals(confidence_level=0.9, method="percentile", random_state=3)
    want = triangle_intervals(
        loaded.matrices, loaded.names, confidence_level=0.9, method="percentile", random_state=3
    )
    assert res.index == ["1", "2", "3", "pooled"] == want.index
    assert set(res.methods.values()) == {"percentile"}
    for name in TRIANGLE_MEASURES:
        np.testing.assert_array_equal(res.high[name], want.high[name])
    frame = res.to_frame()
    assert list(frame.index) == res.index
    with pytest.raises(ValueError, match="`method` must be one of"):
        loaded.intervals(method="basic")


def test_segments_run_across_the_level_lines_and_stay_in_the_triangle():
    point = np.array([[0.2, 0.6, 0.2], [0.1, 0.02, 0.88]])
    low = np.array([[0.1, 0.5, 0.15], [0.05, 0.0, 0.8]])
    high = np.array([[0.3, 0.7, 0.3], [0.3, 0.05, 0.95]])
    ends = ternary_interval_segments(point, low, high)
    assert ends.shape == (2, 3, 2, 2)
    # back to fractions: the bound on the segment's coordinate, the others equal shares
    h = np.sqrt(3) / 2
    mi2 = ends[..., 1] / h
    dh = ends[..., 0] - mi2 / 2
    vi = 1 - dh - mi2
    fractions = np.stack([dh, mi2, vi], axis=-1)  # (k, coordinate, end, fraction)
    for c in range(3):
        assert_allclose(fractions[0, c, 0, c], low[0, c], atol=1e-12)
        assert_allclose(fractions[0, c, 1, c], high[0, c], atol=1e-12)
    assert np.all(fractions >= -1e-12)  # inside the triangle
    # the second point's ΔH′ cannot rise past 0.1 + 2·0.02 without leaving it: cut at the side
    assert_allclose(fractions[1, 0, 1], [0.14, 0.0, 0.86], atol=1e-12)
    # a point's ends on the line through it (the altitude): the point lies between them
    xy = ternary_coordinates(point[:1])[0]
    for c in range(3):
        a, b = ends[0, c]
        (u, v), (w, z) = b - a, xy - a
        assert_allclose(u * z - v * w, 0, atol=1e-12)
    none = ternary_interval_segments([[np.nan] * 3], [[0, 0, 0]], [[1, 1, 1]])
    assert np.isnan(none).all()
    with pytest.raises(ValueError, match="shape"):
        ternary_interval_segments(point, low[:1], high)


def test_the_display_draws_three_segments_per_point_or_the_stars_alone():
    import matplotlib

    matplotlib.use("Agg")
    from phidelta.rendering import EntropyTriangleDisplay

    cm = ConfusionMatrix([MATRIX, [[16, 2, 2], [2, 16, 2], [1, 1, 18]]])
    res = triangle_intervals(cm, ["a", "b"], confidence_level=0.9, n_resamples=100, pooled=False)
    shown = EntropyTriangleDisplay(balance=entropy_balance(cm), names=["a", "b"], intervals=res)
    assert len(shown.plot().intervals_.get_segments()) == 6
    both = triangle_intervals(cm, ["a", "b"], confidence_level=0.9, n_resamples=100)
    star = EntropyTriangleDisplay(
        balance=entropy_balance(cm), pooled=entropy_balance(cm.sum()), intervals=both
    ).plot()
    assert len(star.intervals_.get_segments()) == 3  # the pooled star's
    assert "90% intervals" in [t.get_text() for t in star.ax_.get_legend().get_texts()]
    with pytest.raises(ValueError, match="`intervals` must hold"):
        EntropyTriangleDisplay(balance=entropy_balance(cm), intervals=both)


# --- the command line -------------------------------------------------------------------------
def test_triangle_prints_every_quantitys_interval(matrix_file, tmp_path):
    plot = tmp_path / "t.png"
    doc = triangle_json(
        matrix_file, "--matrix", "--confidence-level", "0.9", "--interval-method", "percentile",
        "--random-state", "5", "--plot", str(plot),
    )  # fmt: skip
    want = matrix_intervals(
        ConfusionMatrix(MATRIX, input_classes=list("xyz"), output_classes=list("xyz")),
        list(TRIANGLE_MEASURES),
        confidence_level=0.9,
        method="percentile",
        random_state=5,
    )
    rows = {r["quantity"]: r for r in doc["rows"]}
    for name in TRIANGLE_MEASURES:
        assert rows[name]["value_low"] == pytest.approx(want.low[name][0], rel=1e-12)
        assert rows[name]["value_high"] == pytest.approx(want.high[name][0], rel=1e-12)
    assert rows["h_uniform_x"]["value_low"] is None
    assert doc["confidence_level"] == 0.9
    assert doc["random_state"] == 5
    assert doc["interval_method"].startswith("percentile bootstrap")
    assert plot.stat().st_size > 0


def test_triangle_with_folds_has_columns_per_fold_and_pooled(folds_file):
    from phidelta.data import Roles, load_multiclass

    args = (folds_file, "--label", "y", "--prediction", "p", "--fold", "fold")
    doc = triangle_json(*args, "--confidence-level", "0.95")
    keys = list(doc["rows"][0])
    assert keys == ["quantity", "1", "1_low", "1_high", "2", "2_low", "2_high", "3", "3_low",
                    "3_high", "pooled", "pooled_low", "pooled_high"]  # fmt: skip
    want = load_multiclass(folds_file, Roles("y", prediction="p", fold="fold")).intervals(
        random_state=0
    )
    rows = {r["quantity"]: r for r in doc["rows"]}
    for i, column in enumerate(["1", "2", "3", "pooled"]):
        assert rows["joint_mi2"][f"{column}_low"] == pytest.approx(want.low["joint_mi2"][i])
        assert rows["joint_mi2"][f"{column}_low"] <= rows["joint_mi2"][column]
        assert rows["joint_mi2"][column] <= rows["joint_mi2"][f"{column}_high"]
    # the same file in chunks: the same intervals
    assert (
        triangle_json(*args, "--confidence-level", "0.95", "--chunksize", "50")["rows"]
        == (doc["rows"])
    )
    # CSV: the columns in the header, the method on stderr
    done = run("triangle", *args, "--confidence-level", "0.95", "--format", "csv")
    assert done.stdout.splitlines()[0].startswith("quantity,1,1_low,1_high")
    assert "# interval method: bca bootstrap" in done.stderr
    # without the switch nothing changes
    plain = triangle_json(*args)
    assert list(plain["rows"][0]) == ["quantity", "1", "2", "3", "pooled"]
    assert "confidence_level" not in plain


def test_triangle_refuses_bad_options_in_one_line(matrix_file):
    done = run("triangle", matrix_file, "--matrix", "--confidence-level", "1.5")
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1
    assert "(0, 1)" in done.stderr
    done = run("triangle", matrix_file, "--matrix", "--random-state", "3")
    assert done.returncode == 1
    assert "give --confidence-level too" in done.stderr


def test_a_matrix_of_weights_gets_no_interval(tmp_path):
    path = tmp_path / "w.csv"
    path.write_text("1.5,0.5\n0.25,2\n")
    doc = triangle_json(str(path), "--matrix", "--confidence-level", "0.9")
    assert "no interval is given" in doc["no_interval"]
    assert "value_low" not in doc["rows"][0]


# --- the report -------------------------------------------------------------------------------
def _cells(page: str) -> list[str]:
    return re.findall(r"<td[^>]*>([^<]*\[[^<]*\])</td>", page)


def test_report_triangle_section_shows_every_number_with_its_interval(
    folds_file, matrix_file, tmp_path
):
    from phidelta.data import Roles, load_multiclass, read_matrix

    out = tmp_path / "r.html"
    done = run(
        "report", "--predictions", folds_file, "--truth", "y", "--prediction", "p", "--fold",
        "fold", "--matrix", matrix_file, "--confidence-level", "0.9", "-o", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    page = html.unescape(out.read_text(encoding="utf-8"))
    folds = load_multiclass(folds_file, Roles("y", prediction="p", fold="fold")).intervals(
        confidence_level=0.9, random_state=0
    )
    matrix = triangle_intervals(read_matrix(matrix_file), ["m"], confidence_level=0.9)
    shown = ("joint_delta_h", "joint_mi2", "joint_vi", "mutual_information", "accuracy", "ema",
             "nit")  # fmt: skip
    # 4 rows (3 folds and pooled) and 1 row, 7 numbers each
    assert len(_cells(page)) == 7 * (4 + 1)
    for res in (folds, matrix):
        for name in shown:
            for low, high in zip(res.low[name], res.high[name], strict=True):
                assert f"[{low:.2f},\xa0{high:.2f}]" in page, name
    assert page.count("Intervals at 90%: BCA bootstrap of the rows behind each matrix") == 2
    assert "the segments through the pooled star are the intervals" in page
    assert "the segments through each F_XY point are the intervals" in page


def test_report_signature_and_comparison_sections_show_their_intervals(tmp_path):
    from phidelta._door_intervals import signature_intervals
    from phidelta.data import Roles, load_comparison, load_signature
    from phidelta.inference import paired_difference_from_table

    rng = np.random.default_rng(9)
    n = 300
    y = rng.integers(0, 2, n)
    features = pd.DataFrame(
        {
            "y": y,
            "a": np.where(rng.random(n) < 0.8, y, 1 - y),
            "colour": rng.choice(["red", "blue"], n),
            "x": rng.normal(size=n) + y,
        }
    )
    data = tmp_path / "features.csv"
    features.to_csv(data, index=False)
    scores = pd.DataFrame(
        {
            "y": y,
            "p": np.clip(0.35 * y + 0.65 * rng.random(n), 0, 1).round(3),
            "q": np.clip(0.2 * y + 0.8 * rng.random(n), 0, 1).round(3),
            "fold": rng.integers(1, 4, n),
        }
    )
    predictions = tmp_path / "scores.csv"
    scores.to_csv(predictions, index=False)
    out = tmp_path / "r.html"
    done = run(
        "report", "--data", str(data), "--label", "y", "--predictions", str(predictions),
        "--score", "p", "--compare", "q", "--fold", "fold", "--confidence-level", "0.9",
        "--random-state", "2", "-o", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    page = html.unescape(out.read_text(encoding="utf-8"))
    # the signature: the library's intervals of the counted features, a sentence for x
    sig = load_signature(str(data), Roles("y"))
    bounds, _, counted = signature_intervals(sig, confidence_level=0.9, random_state=2)
    assert counted == 2
    for column in ("phi", "delta", "sensitivity", "specificity", "information_gain"):
        low, high = bounds[column]
        for i in range(len(sig)):
            if np.isfinite(low[i]):
                assert f"[{low[i]:.2f},\xa0{high[i]:.2f}]" in page, column
    assert "1 feature with soft counts" in page
    # the comparison: each classifier's pooled measures and their paired differences
    compared = load_comparison(
        str(predictions), Roles("y", score="p", fold="fold"), Roles("y", score="q", fold="fold")
    )
    difference = paired_difference_from_table(
        compared.difference.table,
        measures=["accuracy", "delta", "mcc"],
        confidence_level=0.9,
        random_state=2,
    )
    assert "<h3>Pooled measures and paired differences</h3>" in page
    for name in ("accuracy", "delta", "mcc"):
        low, high = difference.low[name], difference.high[name]
        assert f"[{low:.2f},\xa0{high:.2f}]" in page, name
    low, high = compared.delong.confidence_interval(0.9)
    assert f"[{low:.2f},\xa0{high:.2f}]" in page  # the AUCs' difference, paired DeLong
    assert "Mean per-fold difference accuracy p − q" in page
    assert "accuracy p − q " in page
    assert "90% interval [" in page

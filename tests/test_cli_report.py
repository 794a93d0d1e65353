"""``phidelta report`` (issue 28): the entropy triangle of several classes or of a count matrix,
a binary report that says when no triangle is drawn, the same pooled numbers as ``assess``, and
no library warning on a large input."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

pytest.importorskip("click")
pytest.importorskip("matplotlib")
pd = pytest.importorskip("pandas")

from phidelta._format import column_text  # noqa: E402
from phidelta.cli import main  # noqa: E402
from phidelta.counts import ConfusionMatrix  # noqa: E402
from phidelta.measures import entropy_balance  # noqa: E402


def run(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def three_classes(tmp_path_factory):
    rng = np.random.default_rng(3)
    n = 300
    y = rng.choice(["cat", "dog", "owl"], n)
    guess = np.where(rng.random(n) < 0.7, y, rng.choice(["cat", "dog", "owl"], n))
    frame = pd.DataFrame({"y": y, "yhat": guess, "s": rng.random(n)})
    path = tmp_path_factory.mktemp("report") / "three.csv"
    frame.to_csv(path, index=False)
    return str(path), frame


def test_a_file_of_three_classes_gives_the_triangle(three_classes, tmp_path, capsys):
    path, frame = three_classes
    out = tmp_path / "r.html"
    code, _, err = run(
        capsys, "report", "--predictions", path, "--truth", "y", "--prediction", "yhat", "-o",
        str(out),
    )  # fmt: skip
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert "Entropy triangle of the predictions" in page
    assert "3 classes (cat, dog, owl)" in page
    assert "Classifier assessment" not in page  # a binary analysis needs two classes
    assert page.count("data:image/png;base64,") == 1
    balance = entropy_balance(ConfusionMatrix.from_labels(frame.y, frame.yhat))
    for value in (balance.mutual_information[0], balance.accuracy[0], balance.nit[0]):
        assert f"<td>{column_text([float(value)])[0]}</td>" in page


def test_scores_or_a_comparison_of_three_classes_are_one_clear_line(
    three_classes, tmp_path, capsys
):
    path, _ = three_classes
    args = ["report", "--predictions", path, "--truth", "y", "--prediction", "yhat"]
    code, out, err = run(capsys, *args, "--score", "s", "-o", str(tmp_path / "r.html"))
    assert code == 1
    assert out == ""
    assert err.strip().splitlines() == [
        "Error: column 'y' holds 3 classes (cat, dog, owl); scores and a comparison need two "
        "(the entropy triangle of several classes needs only the label and prediction columns)."
    ]
    assert not (tmp_path / "r.html").exists()


def test_a_matrix_file_gives_the_triangle(tmp_path, capsys):
    matrix = tmp_path / "confusion.csv"
    matrix.write_text("true,a,b,c\na,15,0,5\nb,0,15,5\nc,0,0,20\n")
    out = tmp_path / "m.html"
    code, _, err = run(capsys, "report", "--matrix", str(matrix), "-o", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert "Entropy triangle of confusion.csv" in page
    balance = entropy_balance(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]))
    assert f"<td>{column_text([float(balance.joint_fractions[0, 1])])[0]}</td>" in page  # 2MI′
    assert "No entropy triangle" not in page
    code, _, err = run(capsys, "report", "--data", str(matrix), "--label", "a", "--header", "no")
    assert code != 0
    assert "--header needs --matrix" in err


def test_a_report_without_predicted_labels_says_no_triangle_is_drawn(tmp_path, capsys):
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 200)
    path = tmp_path / "scores.csv"
    pd.DataFrame({"y": y, "s": rng.random(200) + y}).to_csv(path, index=False)
    out = tmp_path / "r.html"
    code, _, err = run(
        capsys, "report", "--predictions", str(path), "--truth", "y", "--score", "s", "-o", str(out)
    )
    assert code == 0, err
    assert "No entropy triangle is drawn" in out.read_text(encoding="utf-8")
    code, help_text, _ = run(capsys, "report", "--help")
    assert "Without --prediction or --matrix the report says that no triangle is drawn" in (
        " ".join(help_text.split())
    )


def test_the_report_prints_the_pooled_numbers_of_assess(tmp_path, capsys):
    rng = np.random.default_rng(11)
    n = 800
    y = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n) + 1.2 * y, 2)
    path = tmp_path / "p.csv"
    pd.DataFrame({"y": y, "s": s, "fold": rng.integers(1, 6, n)}).to_csv(path, index=False)
    roles = ["--score", "s", "--fold", "fold"]
    code, out, err = run(capsys, "assess", str(path), "--label", "y", *roles, "--format", "json")
    assert code == 0, err
    rows = {r["row"]: r for r in json.loads(out)["rows"]}
    page_path = tmp_path / "r.html"
    code, _, err = run(
        capsys, "report", "--predictions", str(path), "--truth", "y", *roles, "-o", str(page_path)
    )
    assert code == 0, err
    page = page_path.read_text(encoding="utf-8")
    p = rows["pooled"]
    assert (
        f"Pooled AUC {p['auc']:.4f} (DeLong 95% CI {p['auc_low']:.4f}–{p['auc_high']:.4f})" in page
    )
    assert (
        f"sensitivity {p['sensitivity']:.4f} (Wilson 95% CI {p['sensitivity_low']:.4f}–"
        f"{p['sensitivity_high']:.4f})" in page
    )
    # the report's table of pooled, mean and std rows holds the CLI's numbers, rounded alike
    across = page.split("Pooled and across folds")[1].split("</table>")[0]
    cells = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in across.split("<tr>")[2:]]
    assert [c[0] for c in cells] == ["pooled", "mean", "std"]
    header = re.findall(r"<th[^>]*>([^<]*)</th>", across)
    for i, name in enumerate(header[1:], start=1):
        expected = column_text([rows[r][name] for r in ("pooled", "mean", "std")])
        assert [c[i] for c in cells] == expected, name


def test_a_large_report_draws_no_legend_by_search_and_warns_nothing(tmp_path, capsys, monkeypatch):
    """matplotlib warns 'Creating legend with loc="best" can be slow' when that search takes
    over a second (10⁶ distinct scores): every legend of the report has its place, so the
    search never runs, however large the input."""
    from matplotlib.legend import Legend

    searched = []
    original = Legend._find_best_position

    def recording(self, *args, **kwargs):
        searched.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Legend, "_find_best_position", recording)
    rng = np.random.default_rng(2)
    n = 100_000
    y = rng.integers(0, 2, n)
    s = 1 / (1 + np.exp(-(rng.normal(size=n) + 2 * y - 1)))  # 10⁵ distinct scores
    path = tmp_path / "large.csv"
    frame = pd.DataFrame({"y": y, "s": s, "yhat": (s > 0.5).astype(int)})
    frame["fold"] = rng.integers(1, 6, n)
    frame.to_csv(path, index=False)
    out = tmp_path / "large.html"
    code, _, err = run(
        capsys, "report", "--predictions", str(path), "--truth", "y", "--score", "s",
        "--prediction", "yhat", "--fold", "fold", "-o", str(out),
    )  # fmt: skip
    assert code == 0, err
    assert err == ""  # no warning line
    assert searched == []


def test_the_reports_joint_regions_follow_its_confidence_level():
    """One switch for every interval: with --confidence-level 0.9 the φ-δ diagrams' joint
    regions are the 90% regions (caption, legend, polygon), in the assessment and in the
    comparison, static and interactive alike."""
    import json
    import re

    import matplotlib

    matplotlib.use("Agg")
    from phidelta._report_html import interactive_figures
    from phidelta.comparison import compare
    from phidelta.inference import phi_delta_region
    from phidelta.report import assessment_section, comparison_section

    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 200)
    a = np.where(rng.random(200) < 0.8, y, 1 - y)
    b = np.where(rng.random(200) < 0.7, y, 1 - y)
    folds = np.arange(200) % 4
    result = compare(y, y_pred=(a, b), folds=folds, names=("a", "b"))
    static = assessment_section(result.a, confidence_level=0.9, ratio=1.0)
    assert "joint 90% region of the pooled counts" in static
    assert "joint 95%" not in comparison_section(result, confidence_level=0.9, ratio=1.0)
    with interactive_figures(True):
        page = comparison_section(result, confidence_level=0.9, ratio=1.0)
    assert "joint 90% regions of their pooled counts" in page
    decoder = json.JSONDecoder()
    match = re.search(r'Plotly\.newPlot\("figure-[0-9a-f]+", ', page)
    data, _ = decoder.raw_decode(page, match.end())
    regions = [t for t in data if "90% region" in str(t.get("name", "")) and t["x"]]
    assert len(regions) == 2  # the pooled region of each classifier
    assert not [t for t in data if "95%" in str(t.get("name", ""))]
    for name, side in (("a", result.a), ("b", result.b)):
        (trace,) = [t for t in regions if t["name"].startswith(f"{name}: ")]
        corners = phi_delta_region(side.pooled(), ratio=1.0, confidence_level=0.9).polygons[0]
        drawn = np.array([trace["x"], trace["y"]], dtype=float).T
        drawn = drawn[~np.isnan(drawn).any(axis=1)]
        assert np.allclose(np.unique(drawn.round(12), axis=0), np.unique(corners.round(12), axis=0))

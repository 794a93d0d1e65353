"""One public surface: results unpack like tuples and have attributes (SciPy's names where SciPy
has the concept), the counts objects import from ``phidelta``, ``convert`` is defined once and
the layers import only downward."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy import stats

import phidelta
from phidelta import BinaryCounts, inference, measures
from phidelta.counts import ConfusionMatrix, ScoreTable
from phidelta.measures._results import TupleResult

SRC = Path(phidelta.__file__).resolve().parent

Y = np.array([1, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1])
A = np.array([0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1, 0.4, 0.7, 0.5, 0.5])
B = np.array([0.6, 0.4, 0.8, 0.5, 0.3, 0.7, 0.2, 0.1, 0.9, 0.2, 0.3, 0.6])
TABLE = ScoreTable.from_scores(Y, A)
PROBABILITIES = np.array([0.9, 0.8, 0.7, 0.3, 0.2, 0.4, 0.6, 0.1, 0.4, 0.7, 0.5, 0.5])

# each result type, how to get one, and the fields it unpacks to, in order
CASES = {
    "PairedTest": (
        lambda: inference.mcnemar_test([1, 0, 1, 0, 1], [1, 0, 0, 0, 1], [0, 0, 1, 1, 1]),
        ("statistic", "pvalue"),
    ),
    "FriedmanTest": (
        lambda: inference.friedman_test([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6]]),
        ("statistic", "pvalue"),
    ),
    "RankGroups": (
        lambda: inference.rank_groups([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6]]),
        ("average_ranks", "critical_difference", "cliques"),
    ),
    "PhiDeltaRegion": (
        lambda: inference.phi_delta_region(
            BinaryCounts(tn=[8, 5], fp=[2, 5], fn=[1, 3], tp=[9, 7])
        ),
        ("polygons", "specificity", "sensitivity"),
    ),
    "RocCurve": (lambda: measures.roc_curve(TABLE), ("fpr", "tpr", "thresholds")),
    "CoverageCurve": (lambda: measures.coverage_curve(TABLE), ("fp", "tp", "thresholds")),
    "RocHull": (lambda: measures.roc_convex_hull(TABLE), ("fpr", "tpr", "thresholds")),
    "PrecisionRecallCurve": (
        lambda: measures.precision_recall_curve(TABLE),
        ("precision", "recall", "thresholds"),
    ),
    "RankingErrors": (lambda: measures.ranking_errors(TABLE), ("errors", "ties", "pairs")),
    "Interval": (lambda: inference.wilson_interval([8, 3], [10, 4]), ("low", "high")),
    "AucInterval": (lambda: inference.auc_confidence_interval(TABLE), ("low", "high")),
    "ConfidenceInterval": (
        lambda: inference.auc_confidence_interval(TABLE).confidence_interval,
        ("low", "high"),
    ),
    "DelongTest": (lambda: inference.delong_test(Y, A, B), ("statistic", "pvalue")),
    "OperatingPoints": (
        lambda: measures.optimal_points(TABLE, ratio=2.0),
        ("fpr", "tpr", "thresholds"),
    ),
    "BrierDecomposition": (
        lambda: measures.brier_decomposition(Y, PROBABILITIES),
        ("brier", "calibration", "refinement"),
    ),
    "EntropyBalance": (
        lambda: measures.entropy_balance(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]])),
        ("delta_h", "mutual_information", "variation_of_information"),
    ),
    "AveragedRoc": (
        lambda: measures.average_roc([TABLE, ScoreTable.from_scores(Y, B)], points=5),
        ("fpr", "tpr", "fpr_std", "tpr_std"),
    ),
    "GainCurve": (lambda: measures.gain_curve(TABLE), ("fraction", "gain", "lift")),
    "CostCurve": (
        lambda: measures.cost_curve(TABLE, points=11),
        ("probability_cost", "normalized_cost"),
    ),
    "DecisionCurve": (
        lambda: measures.decision_curve(TABLE),
        ("threshold_probability", "net_benefit", "treat_all", "treat_none"),
    ),
    "BrierCurve": (
        lambda: measures.brier_curve(TABLE, points=11),
        ("operating_condition", "loss"),
    ),
    "SmoothRocCurve": (lambda: measures.smooth_roc(TABLE, n=16), ("fpr", "tpr")),
    "LogisticCalibration": (
        lambda: measures.logistic_calibration(Y, PROBABILITIES),
        ("intercept", "slope"),
    ),
    "DebiasedCalibrationError": (
        lambda: measures.debiased_calibration_error(Y, PROBABILITIES, bins=3),
        ("error", "squared"),
    ),
    "CalibrationBins": (
        lambda: measures.expected_calibration_error(Y, PROBABILITIES, bins=4),
        ("ece", "mean_predicted", "observed"),
    ),
}


def _same(a, b):
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and np.array_equal(a, b, equal_nan=True)
    return a == b or (a != a and b != b)  # NaN equals NaN here


def _result_type(name: str) -> type:
    return getattr(measures, name) if name in measures.__all__ else getattr(inference, name)


def test_every_result_type_is_covered():
    # the measures' results and those that moved from them to inference (issue 29)
    names = [*measures.__all__, *sorted(measures._MOVED)]
    exported = {
        name
        for name in names
        if inspect.isclass(obj := _result_type(name)) and dataclasses.is_dataclass(obj)
    }
    # MeasureInfo: a registry entry; CalibrationStatistics: val.prob's record of 17 numbers,
    # read by name (to_dict, to_frame), not unpacked
    assert exported - {"MeasureInfo", "CalibrationStatistics"} == set(CASES)
    for name in CASES:
        assert issubclass(_result_type(name), TupleResult), name


@pytest.mark.parametrize("name", sorted(CASES))
def test_result_unpacks_to_its_documented_fields(name):
    make, fields = CASES[name]
    result = make()
    assert type(result).__name__ == name
    assert type(result)._fields == fields
    values = tuple(result)
    assert len(result) == len(values) == len(fields)
    for i, field in enumerate(fields):
        assert _same(values[i], getattr(result, field)), field
        assert _same(result[i], getattr(result, field)), field
    assert _same(result[-1], getattr(result, fields[-1]))
    assert len(result[:2]) == min(2, len(fields))
    first, *rest = result  # unpacks, and again: iteration does not consume the result
    assert _same(first, getattr(result, fields[0]))
    assert len(rest) == len(fields) - 1
    assert len(list(result)) == len(fields)
    with pytest.raises(IndexError):
        result[len(fields)]
    text = repr(result)
    assert text.startswith(f"{name}(")
    assert "table=" not in text


def test_sklearn_order_of_the_curves():
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    y = np.array([1, 0, 1, 1, 0, 0, 1, 0, 1, 1])
    s = np.array([0.9, 0.8, 0.7, 0.6, 0.55, 0.5, 0.4, 0.3, 0.2, 0.1])
    fpr, tpr, thresholds = measures.roc_curve(ScoreTable.from_scores(y, s))
    sk_fpr, sk_tpr, sk_thresholds = sklearn_metrics.roc_curve(y, s, drop_intermediate=False)
    assert_allclose(fpr, sk_fpr, atol=1e-12)
    assert_allclose(tpr, sk_tpr, atol=1e-12)
    assert_allclose(thresholds[1:], sk_thresholds[1:], atol=1e-12)
    precision, recall, cuts = measures.precision_recall_curve(ScoreTable.from_scores(y, s))
    sk_precision, sk_recall, sk_cuts = sklearn_metrics.precision_recall_curve(y, s)
    # scikit-learn: increasing thresholds, the (precision 1, recall 0) end point last
    assert_allclose(precision, sk_precision[::-1], atol=1e-12)
    assert_allclose(recall, sk_recall[::-1], atol=1e-12)
    assert_allclose(cuts[1:], sk_cuts[::-1], atol=1e-12)


def _brute_delong(y, a, b):
    """z of the paired DeLong test straight from the pairwise definition (DeLong et al. 1988)."""

    def components(s):
        pos, neg = s[y == 1], s[y == 0]
        psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
        return psi.mean(axis=1), psi.mean(axis=0), psi.mean()

    v10a, v01a, auc_a = components(a)
    v10b, v01b, auc_b = components(b)
    cov = np.cov(np.vstack([v10a, v10b])) / len(v10a) + np.cov(np.vstack([v01a, v01b])) / len(v01a)
    se = np.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    return auc_a - auc_b, se


@pytest.mark.parametrize("seed", range(4))
def test_delong_scipy_names_match_a_direct_computation(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 150))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    a = np.round(rng.normal(size=n) + y, 1)
    b = np.round(rng.normal(size=n) + 0.5 * y, 1)
    difference, se = _brute_delong(y, a, b)
    z = difference / se
    result = inference.delong_test(y, a, b)
    statistic, pvalue = result
    assert statistic == result.statistic == result.z
    assert pvalue == result.pvalue == result.p_value
    assert statistic == pytest.approx(z, abs=1e-9)
    assert pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), abs=1e-12)
    for level in (0.95, 0.8):
        low, high = result.confidence_interval(confidence_level=level)
        half = stats.norm.ppf(0.5 + level / 2) * se
        assert low == pytest.approx(difference - half, abs=1e-9)
        assert high == pytest.approx(difference + half, abs=1e-9)
    with pytest.raises(ValueError, match=r"`confidence_level` must be in \(0, 1\)"):
        result.confidence_interval(confidence_level=95)


def test_intervals_have_scipy_names():
    auc_ci = inference.auc_confidence_interval(TABLE, confidence_level=0.9)
    low, high = auc_ci
    assert (low, high) == (auc_ci.low, auc_ci.high)
    assert auc_ci.statistic == auc_ci.auc == measures.auc(TABLE)
    assert auc_ci.confidence_level == auc_ci.level == 0.9
    assert isinstance(auc_ci.confidence_interval, measures.ConfidenceInterval)
    assert tuple(auc_ci.confidence_interval) == (low, high)
    assert auc_ci.standard_error > 0
    # the interval of a curve's AUC is inference's, from the curve's table (a layer up)
    curve = measures.roc_curve(TABLE)
    again = inference.auc_confidence_interval(curve.table, confidence_level=0.9)
    assert tuple(again.confidence_interval) == (low, high)
    assert not hasattr(curve, "confidence_interval")
    with pytest.raises(ValueError, match=r"`confidence_level` must be in \(0, 1\)"):
        inference.auc_confidence_interval(curve.table, confidence_level=90)

    wilson = inference.wilson_interval([8, 3], [10, 4], confidence_level=0.9)
    assert wilson.statistic is wilson.estimate
    assert wilson.confidence_level == 0.9
    ci = wilson.confidence_interval
    assert ci.low is wilson.low
    assert ci.high is wilson.high
    boot = inference.bootstrap_interval(
        BinaryCounts(tn=[60], fp=[40], fn=[20], tp=[80]), measures.unbiased_mcc, n_resamples=50
    )
    low, high = boot
    assert low[0] <= boot.statistic[0] <= high[0]


def test_confidence_interval_is_shaped_like_scipys():
    scipy_ci = stats.pearsonr([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]).confidence_interval()
    ours = measures.ConfidenceInterval(0.25, 0.75)
    assert tuple(type(ours)._fields) == tuple(type(scipy_ci)._fields) == ("low", "high")
    assert repr(ours) == "ConfidenceInterval(low=0.25, high=0.75)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        ours.low = 0.0  # type: ignore[misc]


def test_entropy_balance_unpacks_to_the_balance_equation():
    balance = measures.entropy_balance(ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]]))
    delta_h, mi, vi = balance
    assert_allclose(delta_h + 2 * mi + vi, balance.h_uniform_x + balance.h_uniform_y, atol=1e-12)


def test_counts_objects_import_from_the_package():
    assert phidelta.ScoreTable is phidelta.counts.ScoreTable
    assert phidelta.ConfusionMatrix is phidelta.counts.ConfusionMatrix
    assert phidelta.BinaryCounts is phidelta.counts.BinaryCounts
    assert {"BinaryCounts", "ConfusionMatrix", "ScoreTable"} <= set(phidelta.__all__)
    assert phidelta.__all__ == sorted(phidelta.__all__)


def test_every_public_name_resolves_and_dir_lists_no_helpers():
    """Tab completion on ``phidelta.`` shows what a user reaches for: the layers, the doors
    (``assess``, ``compare``, ``metrics``) — each resolving to its module's object — and none
    of the package's own helpers (``importlib``, ``Any``, ``TYPE_CHECKING``)."""
    import importlib

    for name in phidelta.__all__:
        assert getattr(phidelta, name) is not None, name
    assert phidelta.assess is importlib.import_module("phidelta.assessment").assess
    assert phidelta.compare is importlib.import_module("phidelta.comparison").compare
    assert phidelta.metrics is importlib.import_module("phidelta.metrics")
    listed = [n for n in dir(phidelta) if not n.startswith("__")]
    assert listed == [n for n in phidelta.__all__ if not n.startswith("__")]
    assert not {"importlib", "Any", "TYPE_CHECKING", "annotations"} & set(dir(phidelta))


def _module_functions(tree: ast.Module) -> list[str]:
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def test_convert_is_defined_once():
    assert phidelta.convert is phidelta.api.convert is measures.convert
    defining = [
        path.relative_to(SRC).as_posix()
        for path in sorted(SRC.rglob("*.py"))
        if "convert" in _module_functions(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert defining == ["measures/_phidelta.py"]


# --- layers: imports point only downward -------------------------------------------------------
# the base modules every layer may use, then the layers from the bottom up
BASE = (
    "phidelta._docstrings",  # docstring entries written once (the measures' shared entries)
    "phidelta._format",
    "phidelta._lowess",  # the smoother of calibration curves (a numerical kernel, as _compute)
    "phidelta._validation",
    "phidelta._compute",
    "phidelta._parallel",
    "phidelta._sorting",
    "phidelta._stack",
    "phidelta.exceptions",
)
LAYERS = (
    "phidelta.counts",
    "phidelta.measures",
    "phidelta.inference",  # intervals and tests of the measures (issue 29)
    "phidelta.geometry",
    "phidelta.rendering",
)
# private modules of a lower layer still imported: the positive-class rule (issue 13, part 1),
# and the argument checks, φ-δ map and result base that inference shares with the measures
# right below it
PRIVATE_ALLOWED = {
    "phidelta.counts._labels",
    "phidelta.measures._calibration",  # the check of labels and probabilities
    "phidelta.measures._common",
    "phidelta.measures._entropy",
    "phidelta.measures._phidelta",
    "phidelta.measures._ranking",
    "phidelta.measures._results",
}


def _imports(path: Path, package: str) -> set[str]:
    """Every phidelta module a file imports, at any depth (local imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            # `from phidelta import counts` or `from phidelta.measures import _bias`: submodules
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {m for m in found if m == "phidelta" or m.startswith("phidelta.")}


def _layer_files(layer: str) -> list[Path]:
    return sorted((SRC / layer.split(".")[1]).glob("*.py"))


def _is_module(name: str) -> bool:
    parts = name.split(".")
    path = SRC.joinpath(*parts[1:])
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@pytest.mark.parametrize("layer", LAYERS[1:])
def test_layers_import_only_downward(layer):
    allowed = BASE + LAYERS[: LAYERS.index(layer) + 1]
    for path in _layer_files(layer):
        for module in _imports(path, layer):
            if not _is_module(module):
                continue  # a name imported from a module, e.g. phidelta.measures.roc_curve
            where = f"{path.relative_to(SRC)} imports {module}"
            assert module != "phidelta", where
            assert any(module == a or module.startswith(f"{a}.") for a in allowed), where
            other = next((a for a in LAYERS if module.startswith(f"{a}.")), None)
            if other is not None and other != layer and module not in PRIVATE_ALLOWED:
                # another layer's private modules are its own business: use its public names
                assert not module.split(".")[2].startswith("_"), where


def test_nothing_below_geometry_uses_its_hull():
    for layer in ("phidelta.counts", "phidelta.measures"):
        for path in _layer_files(layer):
            assert "phidelta.geometry._hull" not in _imports(path, layer), path
    # the hull of a curve is shared math: defined once, below every layer
    defining = [
        path.relative_to(SRC).as_posix()
        for path in sorted(SRC.rglob("*.py"))
        if "curve_hull" in _module_functions(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert defining == ["_compute.py"]


def test_measure_registry_takes_keywords():
    info = measures.MEASURES[0]
    assert (info.name, info.symbol, info.family, info.low, info.high, info.swap) == (
        "negatives",
        "N",
        "counts",
        0,
        float("inf"),
        "positives",
    )
    with pytest.raises(TypeError):
        measures.MeasureInfo("x", measures.accuracy, "a", "biased", "src", 0, 1)  # type: ignore[misc]
    assert all(m.name == m.function.__name__ for m in measures.MEASURES)

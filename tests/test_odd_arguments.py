"""Every public function of the library refuses odd arguments with a ValueError or a
TypeError — never an AttributeError, IndexError or ZeroDivisionError from deep inside.

Each callable exported by ``phidelta`` and its public modules (counts, measures, inference,
geometry, signatures, selection, data, assessment, comparison, rendering) is called with one odd
argument, and with every pair of the first ten, in the first positions (a call that happens to
be valid is fine: only the type of a failure is checked here; the values are tested
elsewhere). ``True`` among them is the file descriptor of standard output to ``open``: a data
source must refuse it rather than read and close it.
"""

from __future__ import annotations

import inspect
import itertools
import warnings

import numpy as np
import pytest

import phidelta
from phidelta import (
    assessment,
    comparison,
    counts,
    geometry,
    inference,
    measures,
    selection,
    signatures,
)

pytest.importorskip("pandas")
pytest.importorskip("matplotlib")
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from phidelta import data, rendering

ODD = {
    "None": None,
    "list": [1, 2],
    "text": "abc",
    "NaN": np.nan,
    "empty array": np.array([]),
    "matrix": np.ones((2, 2)),
    "negative": -1,
    "dict": {"a": 1},
    "inf": np.inf,
    "True": True,
    "object": object(),
    "zero counts": counts.BinaryCounts(tn=[0], fp=[0], fn=[0], tp=[0]),
    "no counts": counts.BinaryCounts(tn=[], fp=[], fn=[], tp=[]),
    "confusion matrix": counts.ConfusionMatrix([[1, 0], [0, 1]]),
    "score table": counts.ScoreTable.from_scores([1, 0], [0.2, 0.1]),
    "one-class table": counts.ScoreTable.from_scores([1, 1], [0.2, 0.1]),
}

PUBLIC = [
    (f"{module.__name__}.{name}", getattr(module, name))
    for module in (
        phidelta,
        counts,
        measures,
        inference,
        geometry,
        signatures,
        selection,
        data,
        assessment,
        comparison,
        rendering,
    )
    for name in module.__all__
    if callable(getattr(module, name))
    and not (isinstance(getattr(module, name), type) and issubclass(getattr(module, name), Warning))
]


@pytest.mark.parametrize(("name", "function"), PUBLIC, ids=[p[0] for p in PUBLIC])
def test_odd_arguments_are_refused_cleanly(name, function, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a method may write the text argument as a file name
    calls = [(value,) for value in ODD.values()]
    calls += list(itertools.product(list(ODD.values())[:10], repeat=2))
    for arguments in calls:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                function(*arguments)
            except (ValueError, TypeError):
                pass
            except Exception as exc:  # pragma: no cover - the failure this test looks for
                shown = ", ".join(type(a).__name__ for a in arguments)
                pytest.fail(f"{name}({shown}) raised {type(exc).__name__}: {exc}")
            finally:
                plt.close("all")


def test_the_fixed_cases_say_what_was_expected():
    with pytest.raises(TypeError, match="`positives` must be a 1-D array of counts"):
        measures.auc_numerator(None, np.array([1]))
    with pytest.raises(ValueError, match="Lengths differ"):
        measures.auc_numerator(np.array([1, 2]), np.array([1]))
    assert measures.auc_numerator([20, 10, 20], [5, 5, 40]) == 3550  # array-likes are fine
    with pytest.raises(ValueError, match="one or more classes on its last axis"):
        measures.laplace_correction(3)
    with pytest.raises(ValueError, match="one or more classes on its last axis"):
        measures.m_estimate(np.zeros((2, 0)), m=1)
    with pytest.raises(ValueError, match="at least one level"):
        geometry.ternary_grid([])
    with pytest.raises(TypeError, match=r"`roles` must be a phidelta\.data\.Roles"):
        data.load_signature(b"y,f\n1,2\n0,3\n", "y")
    with pytest.raises(TypeError, match="must be a file path, the bytes of a file"):
        data.read_header(True)
    with pytest.raises(TypeError, match="`table` must be a phidelta ScoreTable"):
        assessment.decision_threshold([0.2, 0.7])
    table = counts.ScoreTable.from_scores([1, 0, 1, 0, 1, 0], [6, 5, 4, 3, 2, 1])
    with pytest.raises(TypeError, match="`points` must be an integer"):
        measures.binormal_auc(table, points=np.inf)
    with pytest.raises(ValueError, match="`points` must be an integer >= 2"):
        measures.binormal_auc(table, points=1)
    with pytest.raises(TypeError, match="`schema` must be a dict"):
        signatures.block_statistics(np.eye(2), [True, False], schema="abc")


def _instances() -> dict[str, object]:
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(30, 3)), rng.integers(0, 2, 30)
    y[:2] = [0, 1]
    return {
        "BinaryCounts": counts.BinaryCounts(tn=[5, 3], fp=[2, 1], fn=[1, 2], tp=[4, 6]),
        "ScoreTable": counts.ScoreTable.from_scores(y, x[:, 0]),
        "ConfusionMatrix": counts.ConfusionMatrix([[5, 1, 0], [1, 4, 2], [0, 1, 6]]),
        "Signature": signatures.signature(x, y),
        "PhiDelta": phidelta.convert([0.8, 0.6], [0.7, 0.9]),
    }


def _methods() -> list[tuple[str, object]]:
    found = []
    classes = {
        member
        for module in (
            counts,
            measures,
            inference,
            geometry,
            signatures,
            data,
            assessment,
            rendering,
        )
        for name in module.__all__
        if isinstance(member := getattr(module, name), type)
        and not issubclass(member, BaseException)
    }
    for cls in sorted(classes, key=lambda c: c.__name__):
        found += [
            (f"{cls.__name__}.{name}", getattr(cls, name))
            for name in sorted(vars(cls))
            if name.startswith("from_") and callable(getattr(cls, name))
        ]
    for label, instance in _instances().items():
        found += [
            (f"{label}().{name}", getattr(instance, name))
            for name in sorted(dir(instance))
            if not name.startswith("_") and callable(getattr(instance, name))
        ]
    return found


METHODS = _methods()


@pytest.mark.parametrize(("name", "method"), METHODS, ids=[m[0] for m in METHODS])
def test_constructors_and_methods_refuse_odd_arguments_cleanly(name, method, tmp_path, monkeypatch):
    test_odd_arguments_are_refused_cleanly(name, method, tmp_path, monkeypatch)


def _valid_calls() -> list[tuple[str, object, tuple]]:
    """Each public function with optional parameters, with first arguments it accepts."""
    from phidelta import metrics

    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(40, 3)), np.arange(40) % 2
    firsts = [
        (counts.BinaryCounts(tn=[5, 3], fp=[2, 1], fn=[1, 2], tp=[4, 6]),),
        (counts.ScoreTable.from_scores(y, x[:, 0]),),
        (counts.ConfusionMatrix([[5, 1], [2, 6]]),),
        (y, x[:, 0]),
        (y, (x[:, 0] > 0).astype(int)),
        (x, y),
        (signatures.signature(x, y),),
        ([0.8, 0.6], [0.7, 0.9]),
    ]
    found = []
    modules = (
        phidelta,
        counts,
        measures,
        inference,
        geometry,
        signatures,
        assessment,
        rendering,
        metrics,
    )
    for module in modules:
        for name in module.__all__:
            function = getattr(module, name)
            if not callable(function) or isinstance(function, type):
                continue
            try:
                parameters = inspect.signature(function).parameters.values()
            except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
                continue
            if not any(p.default is not inspect.Parameter.empty for p in parameters):
                continue
            for arguments in firsts:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        function(*arguments)
                    except Exception:  # not these arguments: try the next ones
                        continue
                    finally:
                        plt.close("all")
                found.append((f"{module.__name__}.{name}", function, arguments))
                break
    return found


VALID_CALLS = _valid_calls()
ODD_OPTIONS = [None, "abc", np.nan, -1, 0, 1e300, np.inf, [1, 2], {"a": 1}, True, (1, 2), ""]


@pytest.mark.parametrize(
    ("name", "function", "arguments"), VALID_CALLS, ids=[c[0] for c in VALID_CALLS]
)
def test_odd_options_are_refused_cleanly(name, function, arguments, tmp_path, monkeypatch):
    """A valid call with one optional parameter set to an odd value."""
    monkeypatch.chdir(tmp_path)
    options = [
        p.name
        for p in inspect.signature(function).parameters.values()
        if p.default is not inspect.Parameter.empty
        and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    for option, value in itertools.product(options, ODD_OPTIONS):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                function(*arguments, **{option: value})
            except (ValueError, TypeError, NotImplementedError):
                pass
            except Exception as exc:  # pragma: no cover - the failure this test looks for
                pytest.fail(f"{name}(…, {option}={value!r}) raised {type(exc).__name__}: {exc}")
            finally:
                plt.close("all")


def _valid_method_calls() -> list[tuple[str, object, tuple]]:
    """Each public method with optional parameters that works without arguments."""
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(40, 3)), np.arange(40) % 2
    binary = counts.BinaryCounts(tn=[5, 3], fp=[2, 1], fn=[1, 2], tp=[4, 6])
    table = counts.ScoreTable.from_scores(y, x[:, 0])
    instances = {
        "BinaryCounts": binary,
        "ScoreTable": table,
        "ConfusionMatrix": counts.ConfusionMatrix([[5, 1], [2, 6]]),
        "Signature": signatures.signature(x, y),
        "PhiDelta": phidelta.convert([0.8, 0.6], [0.7, 0.9]),
        "RocCurve": measures.roc_curve(table),
        "PhiDeltaDisplay": rendering.PhiDeltaDisplay.from_counts(binary),
        "Assessment": assessment.assess(
            y, y_pred=(x[:, 0] > 0).astype(int), scores=x[:, 0], folds=np.arange(40) % 4
        ),
    }
    found = []
    for label, instance in instances.items():
        for name in sorted(dir(instance)):
            method = getattr(instance, name)
            if name.startswith("_") or not callable(method):
                continue
            try:
                parameters = inspect.signature(method).parameters.values()
            except (TypeError, ValueError):  # pragma: no cover
                continue
            if not any(p.default is not inspect.Parameter.empty for p in parameters):
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    method()
                except Exception:  # needs arguments: covered by the positional test
                    continue
                finally:
                    plt.close("all")
            found.append((f"{label}().{name}", method, ()))
    return found


VALID_METHOD_CALLS = _valid_method_calls()


@pytest.mark.parametrize(
    ("name", "method", "arguments"), VALID_METHOD_CALLS, ids=[c[0] for c in VALID_METHOD_CALLS]
)
def test_odd_method_options_are_refused_cleanly(name, method, arguments, tmp_path, monkeypatch):
    test_odd_options_are_refused_cleanly(name, method, arguments, tmp_path, monkeypatch)

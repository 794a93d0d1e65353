"""phidelta: how good is a classifier or a feature, independently of class imbalance.

Layers, in the order results flow: :mod:`phidelta.counts` (additive sufficient statistics),
:mod:`phidelta.signatures` (features → counts), :mod:`phidelta.measures` (pure functions of
counts), :mod:`phidelta.inference` (their intervals, regions and tests),
:mod:`phidelta.geometry` (the φ-δ space as coordinates), then the interfaces
(:mod:`phidelta.api`).

Examples
--------
>>> import phidelta
>>> counts = phidelta.BinaryCounts.from_labels([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
>>> phidelta.phi_delta(counts)
PhiDelta(phi=array([0.16666667]), delta=array([0.16666667]))
>>> phidelta.convert([0.6], [0.8], ratio=1.0)
PhiDelta(phi=array([0.2]), delta=array([0.4]))
>>> table = phidelta.ScoreTable.from_scores([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1])
>>> fpr, tpr, thresholds = phidelta.measures.roc_curve(table)
>>> tpr
array([0. , 0.5, 1. , 1. ])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below, loaded on first use (``import phidelta`` stays light)
    from phidelta import (
        assessment,
        comparison,
        counts,
        datasets,
        exceptions,
        geometry,
        inference,
        measures,
        metrics,
        rendering,
        signatures,
    )
    from phidelta._explore import explore
    from phidelta.api import convert, stats
    from phidelta.assessment import assess
    from phidelta.comparison import compare
    from phidelta.counts import BinaryCounts, ConfusionMatrix, GroupedCounts, ScoreTable
    from phidelta.exceptions import UndefinedMeasureWarning
    from phidelta.geometry import Diamond, diamond, isometrics, make_grid, random_samples
    from phidelta.measures import PhiDelta, measure_table, phi_delta
    from phidelta.signatures import Signature, signature

# where each public name lives: imported when first asked for (PEP 562), so that the command
# line starts without SciPy and the layers load only when a program uses them
_LAZY = {
    "assessment": "phidelta.assessment",
    "comparison": "phidelta.comparison",
    "counts": "phidelta.counts",
    "datasets": "phidelta.datasets",
    "exceptions": "phidelta.exceptions",
    "metrics": "phidelta.metrics",
    "rendering": "phidelta.rendering",
    "assess": "phidelta.assessment",
    "compare": "phidelta.comparison",
    "geometry": "phidelta.geometry",
    "inference": "phidelta.inference",
    "measures": "phidelta.measures",
    "signatures": "phidelta.signatures",
    "convert": "phidelta.api",
    "explore": "phidelta._explore",
    "stats": "phidelta.api",
    "BinaryCounts": "phidelta.counts",
    "ConfusionMatrix": "phidelta.counts",
    "GroupedCounts": "phidelta.counts",
    "ScoreTable": "phidelta.counts",
    "UndefinedMeasureWarning": "phidelta.exceptions",
    "Diamond": "phidelta.geometry",
    "diamond": "phidelta.geometry",
    "isometrics": "phidelta.geometry",
    "make_grid": "phidelta.geometry",
    "random_samples": "phidelta.geometry",
    "PhiDelta": "phidelta.measures",
    "measure_table": "phidelta.measures",
    "phi_delta": "phidelta.measures",
    "Signature": "phidelta.signatures",
    "signature": "phidelta.signatures",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'phidelta' has no attribute {name!r}")
    loaded = importlib.import_module(module)
    value = loaded if module.endswith(f".{name}") else getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:  # what a user may reach for (tab completion), no helper names
    return sorted(set(__all__) | {n for n in globals() if n.startswith("__")})


#: The version of the installed package (PEP 440).
__version__ = "0.1.0"

__all__ = [
    "BinaryCounts",
    "ConfusionMatrix",
    "Diamond",
    "GroupedCounts",
    "PhiDelta",
    "ScoreTable",
    "Signature",
    "UndefinedMeasureWarning",
    "__version__",
    "assess",
    "assessment",
    "compare",
    "comparison",
    "convert",
    "counts",
    "datasets",
    "diamond",
    "exceptions",
    "explore",
    "geometry",
    "inference",
    "isometrics",
    "make_grid",
    "measure_table",
    "measures",
    "metrics",
    "phi_delta",
    "random_samples",
    "rendering",
    "signature",
    "signatures",
    "stats",
]

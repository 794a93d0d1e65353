"""The functional interface with the published names (Armano et al. 2019, §4.2).

``convert(specificity, sensitivity, ratio=1.0) -> (phi, delta)`` and
``stats(data, labels, info=None, ratio_corrected=True) -> (phi, delta, names, ratio)`` as in the
Python and R packages ``phiDelta``; ``plot`` joins them with the rendering layer.

``convert`` is defined once, in the measures layer (:func:`phidelta.measures.convert`), and
re-exported here and as ``phidelta.convert``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from phidelta.measures import PhiDelta, convert
from phidelta.signatures import signature

__all__ = ["PhiDelta", "Stats", "convert", "stats"]

_INFO_KEYS = {"name", "description", "features", "feature_names", "classes", "positive"}


class Stats(NamedTuple):
    """The published result of ``stats``: φ, δ, feature names and the class ratio N/P.

    Attributes
    ----------
    phi, delta : ndarray
        One value per feature.
    names : list of str
        The feature names.
    ratio : float
        The class ratio N/P of the labels.

    See Also
    --------
    stats : returns it.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. Section 4.2 (``stats``).

    Examples
    --------
    >>> from phidelta.datasets import load_climate_data
    >>> data, labels, names = load_climate_data()
    >>> result = stats(data, labels, {"features": names})
    >>> result.names == names, round(result.ratio, 4)
    (True, 0.9333)
    """

    phi: np.ndarray
    delta: np.ndarray
    names: list[str]
    ratio: float


def stats(
    data: Any,
    labels: Any,
    info: dict[str, Any] | None = None,
    ratio_corrected: bool = True,
    **options: Any,
) -> Stats:
    """φ, δ of every feature: the published ``phiDelta.stats``.

    Parameters
    ----------
    data : 2-D array, DataFrame (pandas, polars) or SciPy sparse matrix
        Samples in rows, features in columns.
    labels : array-like
        Two classes.
    info : dict, optional
        As in the software paper: ``name``, ``description``, ``features`` (feature names),
        ``classes`` (class names), ``positive`` (the positive class). Without it, names come
        from the DataFrame columns or are F1, F2, …. The positive class follows the package's
        one rule (:func:`phidelta.counts.check_pos_label`): implicit (1 / True) for {0, 1},
        {−1, 1} and {False, True}, otherwise ``info["positive"]`` is needed. (The published
        packages took the first class name in sorted order; naming the class avoids a silent
        choice.)
    ratio_corrected : bool, default=True
        Generalized φ, δ at the actual ratio N/P of the labels (True) or standard ones (False).
        (The R package feeds P/N here by mistake; this returns the correct N/P values.)
    **options
        Passed to :func:`phidelta.signatures.signature` (``numeric``, ``kinds``, …).

    Returns
    -------
    Stats
        ``(phi, delta, names, ratio)`` with ratio = N/P.

    Raises
    ------
    ValueError
        If `info` has unknown keys, ``info["positive"]`` is not among ``info["classes"]``, or
        the labels do not have two classes with a known positive one.

    See Also
    --------
    convert : φ, δ from specificity and sensitivity.
    phidelta.signatures.signature : the feature signature it is built on.

    References
    ----------
    Armano, G., Giuliani, A., Neumann, U., Rothe, N., & Heider, D. (2019). Phi-Delta-Diagrams:
    software implementation of a visual tool for assessing classifier and feature performance.
    Machine Learning and Knowledge Extraction, 1(1), 121–137. Section 4.2 (``stats``).

    Examples
    --------
    >>> from phidelta.datasets import load_climate_data
    >>> data, labels, names = load_climate_data()
    >>> phi, delta, names, ratio = stats(data, labels, {"features": names}, ratio_corrected=False)
    >>> names[-1], round(float(delta[-1]), 6), round(ratio, 6)
    ('WindForceAvg', 0.272527, 0.933333)
    """
    info = dict(info or {})
    unknown = sorted(set(info) - _INFO_KEYS)
    if unknown:
        raise ValueError(f"`info` has unknown keys {unknown}; known: {sorted(_INFO_KEYS)}.")
    features = info.get("features", info.get("feature_names"))
    classes = info.get("classes")
    positive = info.get("positive")
    if positive is None and "pos_label" in options:
        positive = options.pop("pos_label")
    if classes is not None and positive is not None and positive not in list(classes):
        raise ValueError(
            f"info['positive']={positive!r} is not one of info['classes']={classes!r}."
        )
    sig = signature(data, labels, pos_label=positive, feature_names=features, **options)
    ratio = sig.ratio
    phi, delta = sig.phi_delta(ratio if ratio_corrected else 1.0)
    return Stats(phi, delta, list(sig.names), ratio)

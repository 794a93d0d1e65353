"""Hypothesis strategies for counts."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from phidelta import BinaryCounts

_INTS = st.integers(min_value=0, max_value=10**6)
_FLOATS = st.floats(
    min_value=0.0, max_value=1e6, allow_nan=False, allow_infinity=False, allow_subnormal=False
)


@st.composite
def binary_counts(
    draw,
    *,
    min_size: int = 1,
    max_size: int = 12,
    soft: bool | None = None,
    both_classes: bool = False,
) -> BinaryCounts:
    """Random counts; ``both_classes`` guarantees P > 0 and N > 0 in every entry."""
    k = draw(st.integers(min_size, max_size))
    is_soft = draw(st.booleans()) if soft is None else soft
    elements = _FLOATS if is_soft else _INTS
    dtype = np.float64 if is_soft else np.int64
    cells = [draw(hnp.arrays(dtype, k, elements=elements)) for _ in range(4)]
    tn, fp, fn, tp = cells
    if both_classes:
        tn = np.where(tn + fp > 0, tn, tn + 1)
        tp = np.where(tp + fn > 0, tp, tp + 1)
    return BinaryCounts(tn, fp, fn, tp)


ratios = st.floats(min_value=0.1, max_value=10.0, allow_nan=False)
any_ratios = st.floats(min_value=1e-6, max_value=1e6, allow_nan=False)
rates = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)

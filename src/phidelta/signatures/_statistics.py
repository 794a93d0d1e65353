"""Per-feature counts: one vectorized pass per column kind (no loop over rows or numeric features).

Every derived feature becomes one entry of a :class:`BinaryCounts` ("the feature as a
single-feature classifier", Armano 2015 §2): exact counts for binary, nominal-indicator and
thresholded features, soft counts for numeric features in ``"soft"`` mode.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

NumericMode = Literal["soft", "threshold"]
Kind = Literal["binary", "numeric", "nominal", "constant"]


class ConstantFeatureWarning(UserWarning):
    """Some features take a single value: they are dummy classifiers on a corner of the diamond.

    A constant feature "always present" predicts every sample positive (the right corner,
    φ = 1, δ = 0, of Armano 2015, Figs. 5 and 8); one that is always 0 or False predicts every
    sample negative (the left corner). :func:`signature` keeps such features and warns once,
    naming them.

    Examples
    --------
    >>> import warnings
    >>> import numpy as np
    >>> from phidelta.signatures import signature
    >>> data = np.array([[1, 0], [1, 1], [1, 0]])
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     sig = signature(data, [0, 1, 1])
    >>> caught[0].category is ConstantFeatureWarning, sig.kinds
    (True, ['constant', 'binary'])
    >>> sig.phi_delta()
    PhiDelta(phi=array([ 1. , -0.5]), delta=array([0. , 0.5]))
    """


@dataclass
class FeatureRows:
    """Derived features: names, their source column, kind, cut (threshold mode) and counts."""

    names: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    cuts: list[float] = field(default_factory=list)
    cells: list[np.ndarray] = field(default_factory=list)  # each (k, 4): tn, fp, fn, tp

    def add(
        self,
        names: list[str],
        source: list[str] | str,
        kind: list[str] | str,
        cells: np.ndarray,
        cuts: list[float] | np.ndarray | None = None,
    ) -> None:
        k = len(names)
        self.names.extend(names)
        self.sources.extend([source] * k if isinstance(source, str) else source)
        self.kinds.extend([kind] * k if isinstance(kind, str) else kind)
        self.cuts.extend([np.nan] * k if cuts is None else list(np.asarray(cuts, float)))
        self.cells.append(np.asarray(cells, dtype=np.float64).reshape(k, 4))


def _cells_from_presence(
    pos_present: np.ndarray, neg_present: np.ndarray, pos_total: np.ndarray, neg_total: np.ndarray
) -> np.ndarray:
    """(tn, fp, fn, tp) from "feature present" counts among positives and negatives."""
    return np.stack(
        [neg_total - neg_present, neg_present, pos_total - pos_present, pos_present], axis=1
    ).astype(np.float64)


# --- numeric columns --------------------------------------------------------------------------
def soft_cells_from_sums(
    pos_sum: np.ndarray,
    neg_sum: np.ndarray,
    pos_obs: np.ndarray,
    neg_obs: np.ndarray,
    n_pos: float,
    n_neg: float,
    low: np.ndarray,
    high: np.ndarray,
) -> np.ndarray:
    """The published packages' soft counts, with a missing value replaced by the column mean.

    x is min-max scaled to s ∈ [−1, 1]; TP = Σ_{y=+} (1 + s)/2 and TN = Σ_{y=−} (1 − s)/2
    (refdata README). With the unscaled values this is TP = Σ_{y=+} (x − min)/(max − min),
    which needs only the class sums of x: additive over blocks of rows.
    """
    mean = (pos_sum + neg_sum) / (pos_obs + neg_obs)
    pos_sum = pos_sum + (n_pos - pos_obs) * mean  # mean imputation (the published handling of ?)
    neg_sum = neg_sum + (n_neg - neg_obs) * mean
    width = high - low
    tp = (pos_sum - n_pos * low) / width
    tn = (n_neg * high - neg_sum) / width
    return np.stack([tn, n_neg - tn, n_pos - tp, tp], axis=1)


def _threshold_cells(
    x: np.ndarray,
    is_pos: np.ndarray,
    block: int | None = None,
    columns: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Each column as the single-cut classifier "x > cut" (or its opposite) maximizing |δ|.

    Cuts lie midway between adjacent distinct observed values; missing values are left out of
    that feature's counts. Columns are processed in blocks whose working arrays (about 40
    bytes per cell) stay within half the size of the float table, so the mode's peak memory
    is a small multiple of the data, whatever its shape. ``columns`` picks the columns of
    ``x`` to use (without copying them all at once).
    """
    picked = np.arange(x.shape[1]) if columns is None else np.asarray(columns, dtype=np.intp)
    m, d = x.shape[0], len(picked)
    cells = np.empty((d, 4))
    cuts = np.empty(d)
    if block is None:
        block = max(1, min(d, (8 * d) // 80, (1 << 25) // max(m, 1)))
    count = np.int32 if m < 2**31 else np.int64
    for start in range(0, d, block):
        xb = x[:, picked[start : start + block]]
        order = np.argsort(xb, axis=0, kind="stable")  # NaN last
        sorted_x = np.take_along_axis(xb, order, axis=0)
        labels = is_pos[order]
        del order
        obs = (~np.isnan(xb)).sum(axis=0)
        valid_row = np.arange(m)[:, None] < obs[None, :]
        cum_pos = np.cumsum(labels & valid_row, axis=0, dtype=count)
        np.logical_not(labels, out=labels)
        labels &= valid_row
        cum_neg = np.cumsum(labels, axis=0, dtype=count)
        del labels
        total_pos, total_neg = cum_pos[-1].astype(np.float64), cum_neg[-1].astype(np.float64)
        # a cut after row i: rows ≤ i predicted negative, rows > i positive
        distinct = np.zeros_like(valid_row)
        np.not_equal(sorted_x[1:], sorted_x[:-1], out=distinct[:-1])
        distinct[:-1] &= valid_row[1:]
        del valid_row
        with np.errstate(divide="ignore", invalid="ignore"):
            # δ of each cut in one float array: tpr − fpr = (P − cum_pos)/P − (N − cum_neg)/N
            # = cum_neg/N − cum_pos/P
            delta = cum_neg / total_neg
            delta -= cum_pos / total_pos
        delta[~distinct] = 0.0
        np.nan_to_num(delta, copy=False)
        np.abs(delta, out=delta)
        best = np.argmax(delta, axis=0)
        del delta
        cols = np.arange(xb.shape[1])
        tp = total_pos - cum_pos[best, cols]
        fp = total_neg - cum_neg[best, cols]
        has_cut = distinct[best, cols]
        below = sorted_x[best, cols]
        above = sorted_x[np.minimum(best + 1, m - 1), cols]
        cuts[start : start + xb.shape[1]] = np.where(has_cut, (below + above) / 2, np.nan)
        tp = np.where(has_cut, tp, total_pos)
        fp = np.where(has_cut, fp, total_neg)
        cells[start : start + xb.shape[1]] = np.stack(
            [total_neg - fp, fp, total_pos - tp, tp], axis=1
        )
    return cells, cuts


# --- text columns: binary or nominal ---------------------------------------------------------
def _value_key(v: Any) -> str:
    return "?" if v is None or (isinstance(v, float) and v != v) else str(v)


def _factorize(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sorted distinct text values (missing → "?") and each row's index into them.

    Hash-based through pandas when it is installed (linear time), else a sort.
    """
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover - pandas is present wherever DataFrames are
        keys = np.array([_value_key(v) for v in raw.tolist()], dtype=str)
        return np.unique(keys, return_inverse=True)
    codes, uniques = pd.factorize(raw, use_na_sentinel=True)
    keys = [_value_key(v) for v in np.asarray(uniques, dtype=object).tolist()]
    if (codes < 0).any():  # missing entries are the value "?"
        keys.append("?")
        codes = np.where(codes < 0, len(keys) - 1, codes)
    labels = np.array(keys, dtype=str)
    values, first = np.unique(labels, return_inverse=True)  # merges "?" and missing
    return values, first[codes]


def nominal_subsets(m: int, max_exhaustive: int = 8) -> list[tuple[int, ...]]:
    """Value subsets of the published package, in a deterministic order.

    Every subset S with 1 ≤ size(S) ≤ ⌊m/2⌋ whose complement is not already listed when m ≤ 8
    (for size(S) = m/2 the half containing the first value); singletons only when m > 8. Each
    subset becomes an indicator feature "value in S" of a nominal column (the binarization of
    nominal features of the software paper, Armano et al. 2019).

    Parameters
    ----------
    m : int
        Number of distinct values of the nominal column.
    max_exhaustive : int, default 8
        Above this many values only singletons are listed (2^(m − 1) − 1 subsets would be too
        many).

    Returns
    -------
    list of tuple of int
        The subsets, as sorted value indices: by size, then lexicographically.

    Examples
    --------
    >>> nominal_subsets(3)
    [(0,), (1,), (2,)]
    >>> nominal_subsets(4)
    [(0,), (1,), (2,), (3,), (0, 1), (0, 2), (0, 3)]
    >>> len(nominal_subsets(10))
    10
    """
    if m > max_exhaustive:
        return [(i,) for i in range(m)]
    subsets: list[tuple[int, ...]] = []
    for size in range(1, m // 2 + 1):
        for subset in itertools.combinations(range(m), size):
            if 2 * size == m and 0 not in subset:
                continue  # its complement (which holds value 0) is listed
            subsets.append(subset)
    return subsets


# --- sparse matrices: "term present" -----------------------------------------------------------
def _nnz_blocks(indptr: np.ndarray, block_nnz: int) -> list[tuple[int, int]]:
    """Split the major axis into runs holding about ``block_nnz`` stored entries each."""
    n = len(indptr) - 1
    if n == 0:
        return []
    targets = np.arange(block_nnz, int(indptr[-1]), block_nnz)
    cuts = np.unique(np.concatenate([[0], np.searchsorted(indptr, targets, side="right") - 1, [n]]))
    return [(int(a), int(b)) for a, b in itertools.pairwise(cuts) if b > a]


def _transposed_kernel() -> Any:
    """SciPy's compiled y += Aᵀ·x for a CSR block, called directly (its constructor would copy
    each block's index slice). Private API: checked on a tiny matrix, else None."""
    try:
        import scipy.sparse as sp
        from scipy.sparse import _sparsetools

        kernel = _sparsetools.csc_matvec
        probe = sp.csr_matrix(np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]))
        out = np.zeros(2)
        kernel(2, 3, probe.indptr, probe.indices, probe.data, np.array([1.0, 2.0, 4.0]), out)
        return kernel if np.array_equal(out, [3.0, 6.0]) else None
    except Exception:  # pragma: no cover - depends on the SciPy build
        return None


_KERNEL = _transposed_kernel()


def sparse_presence(
    matrix: Any, is_pos: np.ndarray, block_nnz: int = 1 << 18
) -> tuple[np.ndarray, np.ndarray]:
    """Per-column counts of nonzero entries among positive rows and among negative rows.

    One sparse product per block of about ``block_nnz`` stored entries, whose values are
    replaced by "value ≠ 0" (explicit zeros are absent). The product uses the weights
    w = 1 + M·[row is positive] with M a power of two above the number of rows, so each column
    gets total + M·positives in one pass: exact, as every partial sum is an integer below 2⁵³.
    Extra memory is O(columns + block); CSR and CSC are read in place, other formats converted.
    """
    import scipy.sparse as sp

    n_rows, n_cols = matrix.shape
    scale = float(2 ** int(np.ceil(np.log2(n_rows + 1))))
    if n_rows * (scale + 1) < 2.0**53:
        weights = [1.0 + scale * is_pos.astype(np.float64)]
    else:  # too many rows to pack two counts into one double: two products
        weights = [is_pos.astype(np.float64), np.ones(n_rows)]
    fmt = matrix.format if matrix.format in ("csr", "csc") else "csr"
    source = matrix if matrix.format == fmt else sp.csr_matrix(matrix)
    indptr, indices, data = source.indptr, source.indices, source.data
    results = [np.zeros(n_cols) for _ in weights]
    blocks = _nnz_blocks(indptr, block_nnz)
    # no explicit zeros (the usual case): every block shares one buffer of ones
    ones = None
    if len(data) and bool(np.all(data)):
        longest = max((int(indptr[b]) - int(indptr[a]) for a, b in blocks), default=0)
        ones = np.ones(longest)
    direct = _KERNEL is not None and fmt == "csr" and indices.dtype == indptr.dtype
    for start, stop in blocks:
        lo, hi = int(indptr[start]), int(indptr[stop])
        if direct:  # no per-block matrix object: the index slice stays a view
            present = ones[: hi - lo] if ones is not None else (data[lo:hi] != 0).astype(np.float64)
            local = indptr[start : stop + 1] - indptr[start]
            for result, w in zip(results, weights, strict=True):
                _KERNEL(
                    n_cols,
                    stop - start,
                    local,
                    indices[lo:hi],
                    present,
                    np.ascontiguousarray(w[start:stop]),
                    result,
                )
            continue
        present = ones[: hi - lo] if ones is not None else (data[lo:hi] != 0).astype(np.float64)
        local_ptr = (indptr[start : stop + 1] - lo).astype(indices.dtype, copy=False)
        if fmt == "csr":  # a block of rows: its transpose times the rows' weights
            block = sp.csr_matrix(
                (present, indices[lo:hi], local_ptr), shape=(stop - start, n_cols)
            )
            for result, w in zip(results, weights, strict=True):
                result += block.T @ w[start:stop]
        else:  # a block of columns
            block = sp.csc_matrix(
                (present, indices[lo:hi], local_ptr), shape=(n_rows, stop - start)
            )
            for result, w in zip(results, weights, strict=True):
                result[start:stop] = block.T @ w
    if len(weights) == 1:
        packed = results[0]
        pos_present = np.floor(packed / scale)
        total = packed - pos_present * scale
    else:
        pos_present, total = results
    pos_present = np.rint(pos_present).astype(np.int64)
    return pos_present, np.rint(total).astype(np.int64) - pos_present

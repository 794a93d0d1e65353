"""Per-feature counts: one vectorized pass per column kind (no loop over rows or numeric features).

Every derived feature becomes one entry of a :class:`BinaryCounts` ("the feature as a
single-feature classifier", Armano 2015 §2): exact counts for binary, nominal-indicator and
thresholded features, soft counts for numeric features in ``"soft"`` mode.
"""

from __future__ import annotations

import itertools
import warnings
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from phidelta.signatures._columns import Column

NumericMode = Literal["soft", "threshold"]
Kind = Literal["binary", "numeric", "nominal", "constant"]


class ConstantFeatureWarning(UserWarning):
    """Some features take a single value: they are dummy classifiers on a corner of the diamond."""


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


# --- numeric and binary-numeric columns (vectorized over columns) ------------------------------
def numeric_block(
    x: np.ndarray,
    names: list[str],
    is_pos: np.ndarray,
    mode: NumericMode,
    rows: FeatureRows,
    forced: dict[str, str],
) -> list[str]:
    """Process a float matrix of numeric columns at once; returns the names of constant ones."""
    if x.shape[1] == 0:
        return []
    has_missing = bool(np.isnan(x).any())
    if has_missing:
        observed = ~np.isnan(x)
        n_observed = observed.sum(axis=0)
        empty = np.flatnonzero(n_observed == 0)
        if len(empty):
            raise ValueError(f"Column {names[empty[0]]!r} has no values (all missing).")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            low, high = np.nanmin(x, axis=0), np.nanmax(x, axis=0)
    else:
        observed = None
        low, high = x.min(axis=0), x.max(axis=0)
    constant = low == high
    # two-valued columns: screen on the first rows, then check the candidates fully
    head = x[: min(len(x), 512)]
    candidates = np.flatnonzero(
        np.all((head == low) | (head == high) | np.isnan(head), axis=0) & ~constant
    )
    two_valued = np.zeros(x.shape[1], dtype=bool)
    if len(candidates):
        sub = x[:, candidates]
        ok = (sub == low[candidates]) | (sub == high[candidates]) | np.isnan(sub)
        two_valued[candidates] = ok.all(axis=0)
    for j, name in enumerate(names):  # per-column overrides (a dictionary lookup, not a pass)
        wanted = forced.get(name)
        if wanted == "numeric" and two_valued[j]:
            two_valued[j] = False
        elif wanted == "binary" and not (two_valued[j] or constant[j]):
            raise ValueError(f"Column {name!r} has more than two values; it cannot be binary.")
    pos = is_pos.astype(np.float64)
    neg = 1.0 - pos
    n_pos, n_neg = float(pos.sum()), float(neg.sum())
    simple = np.flatnonzero(two_valued | constant)
    if len(simple):
        sub = x[:, simple]
        present = (sub == high[simple]).astype(np.float64)  # NaN is never present
        if observed is not None:
            obs = observed[:, simple].astype(np.float64)
            pos_obs, neg_obs = pos @ obs, neg @ obs
        else:
            pos_obs, neg_obs = np.full(len(simple), n_pos), np.full(len(simple), n_neg)
        pos_present, neg_present = pos @ present, neg @ present
        # a constant column is "always present" unless its value is 0 / False (Armano 2015, §5:
        # a never-occurring term sits at the left corner, an always-occurring one at the right)
        absent = constant[simple] & (high[simple] == 0)
        cells = _cells_from_presence(
            np.where(absent, 0.0, pos_present), np.where(absent, 0.0, neg_present), pos_obs, neg_obs
        )
        kinds = np.where(constant[simple], "constant", "binary").tolist()
        rows.add([names[j] for j in simple], [names[j] for j in simple], kinds, cells)
    rest = np.flatnonzero(~(two_valued | constant))
    if len(rest):
        sub_names = [names[j] for j in rest]
        sub = x if len(rest) == x.shape[1] else x[:, rest]
        if mode == "soft":
            if observed is not None:
                obs = observed if len(rest) == x.shape[1] else observed[:, rest]
                filled = np.where(obs, sub, 0.0)
                obs_f = obs.astype(np.float64)
                pos_obs, neg_obs = pos @ obs_f, neg @ obs_f
            else:
                filled = sub
                pos_obs, neg_obs = np.full(len(rest), n_pos), np.full(len(rest), n_neg)
            cells = _soft_cells(filled, low[rest], high[rest], pos, neg, pos_obs, neg_obs)
            rows.add(sub_names, sub_names, "numeric", cells)
        else:
            cells, cuts = _threshold_cells(sub, is_pos)
            rows.add(sub_names, sub_names, "numeric", cells, cuts)
    return [names[j] for j in np.flatnonzero(constant)]


def _soft_cells(
    filled: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    pos: np.ndarray,
    neg: np.ndarray,
    pos_obs: np.ndarray,
    neg_obs: np.ndarray,
) -> np.ndarray:
    """The published packages' soft counts, with a missing value replaced by the column mean.

    x is min-max scaled to s ∈ [−1, 1]; TP = Σ_{y=+} (1 + s)/2 and TN = Σ_{y=−} (1 − s)/2
    (refdata README). With the unscaled values this is TP = Σ_{y=+} (x − min)/(max − min).
    """
    n_pos, n_neg = pos.sum(), neg.sum()
    pos_sum, neg_sum = pos @ filled, neg @ filled
    mean = (pos_sum + neg_sum) / (pos_obs + neg_obs)
    pos_sum = pos_sum + (n_pos - pos_obs) * mean  # mean imputation (the published handling of ?)
    neg_sum = neg_sum + (n_neg - neg_obs) * mean
    width = high - low
    tp = (pos_sum - n_pos * low) / width
    tn = (n_neg * high - neg_sum) / width
    return np.stack([tn, n_neg - tn, n_pos - tp, tp], axis=1)


def _threshold_cells(
    x: np.ndarray, is_pos: np.ndarray, block: int = 64
) -> tuple[np.ndarray, np.ndarray]:
    """Each column as the single-cut classifier "x > cut" (or its opposite) maximizing |δ|.

    Cuts lie midway between adjacent distinct observed values; missing values are left out of
    that feature's counts. Columns are processed in blocks to bound memory.
    """
    m, d = x.shape
    cells = np.empty((d, 4))
    cuts = np.empty(d)
    for start in range(0, d, block):
        xb = x[:, start : start + block]
        order = np.argsort(xb, axis=0, kind="stable")  # NaN last
        sorted_x = np.take_along_axis(xb, order, axis=0)
        labels = is_pos[order]
        obs = (~np.isnan(xb)).sum(axis=0)
        valid_row = np.arange(m)[:, None] < obs[None, :]
        cum_pos = np.cumsum(labels & valid_row, axis=0)
        cum_neg = np.cumsum(~labels & valid_row, axis=0)
        total_pos, total_neg = cum_pos[-1], cum_neg[-1]
        # a cut after row i: rows ≤ i predicted negative, rows > i positive
        distinct = np.zeros_like(valid_row)
        distinct[:-1] = (sorted_x[1:] != sorted_x[:-1]) & valid_row[1:]
        with np.errstate(divide="ignore", invalid="ignore"):
            tpr = (total_pos - cum_pos) / total_pos
            fpr = (total_neg - cum_neg) / total_neg
        delta = np.where(distinct, tpr - fpr, 0.0)
        best = np.argmax(np.abs(np.nan_to_num(delta)), axis=0)
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

    Every subset S with 1 ≤ |S| ≤ ⌊m/2⌋ whose complement is not already listed when m ≤ 8
    (for |S| = m/2 the half containing the first value); singletons only when m > 8.
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


def text_column(
    column: Column, is_pos: np.ndarray, rows: FeatureRows, forced: str | None, max_values: int
) -> bool:
    """Binary (two values) or nominal indicators of a text column; returns True if constant.

    A missing entry (None, NaN) is the value "?", as in the published packages' data sets.
    """
    values, inverse = _factorize(column.values)
    m = len(values)
    if m == 0:
        raise ValueError(f"Column {column.name!r} has no values (all missing).")
    pos_counts = np.bincount(inverse[is_pos], minlength=m).astype(np.float64)
    neg_counts = np.bincount(inverse[~is_pos], minlength=m).astype(np.float64)
    n_pos, n_neg = float(is_pos.sum()), float((~is_pos).sum())
    if m == 1:
        cells = _cells_from_presence(pos_counts, neg_counts, np.array([n_pos]), np.array([n_neg]))
        rows.add([column.name], column.name, "constant", cells)
        return True
    if forced == "binary" or (forced is None and m == 2):
        if m > 2:
            raise ValueError(f"Column {column.name!r} has {m} values; it cannot be binary.")
        present = m - 1  # the lexicographically larger value (published packages)
        cells = _cells_from_presence(
            pos_counts[present:], neg_counts[present:], np.array([n_pos]), np.array([n_neg])
        )
        rows.add([column.name], column.name, "binary", cells)
        return False
    order = np.arange(m)
    if m > max_values:  # keep the most frequent values; the rest get no indicator
        frequency = pos_counts + neg_counts
        order = np.sort(np.argsort(-frequency, kind="stable")[:max_values])
        warnings.warn(
            f"Column {column.name!r} has {m} distinct values; indicators are built for the "
            f"{max_values} most frequent (raise `max_values` to keep more).",
            UserWarning,
            stacklevel=4,
        )
    subsets = nominal_subsets(len(order))
    membership = np.zeros((len(subsets), m))
    for r, subset in enumerate(subsets):
        membership[r, order[list(subset)]] = 1.0
    names = [f"{column.name}({','.join(values[order[list(s)]].tolist())})" for s in subsets]
    cells = _cells_from_presence(
        membership @ pos_counts,
        membership @ neg_counts,
        np.full(len(subsets), n_pos),
        np.full(len(subsets), n_neg),
    )
    rows.add(names, column.name, "nominal", cells)
    return False


# --- sparse matrices: "term present" -----------------------------------------------------------
def _nnz_blocks(indptr: np.ndarray, block_nnz: int) -> list[tuple[int, int]]:
    """Split the major axis into runs holding about ``block_nnz`` stored entries each."""
    n = len(indptr) - 1
    if n == 0:
        return []
    targets = np.arange(block_nnz, int(indptr[-1]), block_nnz)
    cuts = np.unique(np.concatenate([[0], np.searchsorted(indptr, targets, side="right") - 1, [n]]))
    return [(int(a), int(b)) for a, b in itertools.pairwise(cuts) if b > a]


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
    for start, stop in _nnz_blocks(indptr, block_nnz):
        lo, hi = int(indptr[start]), int(indptr[stop])
        present = (data[lo:hi] != 0).astype(np.float64)
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

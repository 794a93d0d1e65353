"""Permutation p-values of δ for every feature of a signature (Phipson & Smyth 2010).

H₀: the feature is independent of the class. The class labels are permuted (one permutation
shared by every feature, so the features' statistics keep their joint null distribution) and
each feature's statistic |δ| (standard, ratio 1: the signature's ``"delta"`` ranking) is
recomputed; the p-value is (b + 1)/(B + 1), with b the permutations whose |δ| is at least the
observed one (within 1e-12) among B permutations: never 0, and a valid test at any B (Phipson
& Smyth 2010). The test is two-sided: a feature whose presence marks the negative class is as
far from noise as one marking the positive class.

Every statistic is recomputed from the rows, for blocks of permutations at once:

* linear features (soft numeric, binary, nominal indicators, sparse presence): δ depends on the
  permuted labels only through the class sum S = y·v of the feature's values v (range, total
  and class sizes are invariant), so a block of label vectors Y (b × rows) gives every S in one
  matrix product Y @ V;
* threshold features: the best cut is re-optimized in every permutation, so the statistic is
  the two-sample Kolmogorov–Smirnov distance between the classes. Each column is sorted once;
  a permutation costs a gather of its labels in every column's order and one cumulative sum
  over all columns. Keeping the observed cut instead would treat a maximum over cuts as a
  single test: optimistic p-values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from phidelta.signatures._accumulate import nominal_indicators, numbers_as_text
from phidelta.signatures._columns import Table
from phidelta.signatures._statistics import _factorize

_TIE = 1e-12  # a |δ| within this of the observed one counts as "at least as extreme"
_WORK_CELLS = 1 << 23  # cells of the threshold test's working array (32–64 MiB)


@dataclass(frozen=True)
class SignatureRows:
    """The rows a signature was built from, as the permutation test needs them: the table as
    :func:`~phidelta.signatures.signature` read it (a reference to the data, not a copy, for a
    float64 array or a sparse matrix), the class of every row, and ``max_values``."""

    table: Table
    is_pos: np.ndarray
    max_values: int
    groups: np.ndarray | None = None  # each row's group (patient, site), when given


@dataclass
class _Linear:
    """Features with |δ| = |S·(1/P + 1/N) − T/N| / w, S = y·v the class sum of their values."""

    positions: list[int]
    totals: np.ndarray  # T = 1·v
    widths: np.ndarray  # w: the range of a soft feature, 1 for a presence indicator
    matrix: Any = None  # (rows, k) dense or sparse values; or, for text columns:
    by_value: list[tuple[Any, np.ndarray]] = field(default_factory=list)  # (one-hot, membership)

    def sums(self, labels: np.ndarray) -> np.ndarray:
        if self.matrix is None:  # class counts per value, then per indicator
            return np.hstack(
                [(membership @ (onehot.T @ labels.T)).T for onehot, membership in self.by_value]
            )
        if isinstance(self.matrix, np.ndarray):
            return labels @ self.matrix
        return np.asarray(self.matrix.T @ labels.T).T

    def statistic(self, labels: np.ndarray, n_pos: float, n_neg: float) -> np.ndarray:
        s = self.sums(labels)
        return np.abs((s * (1 / n_pos + 1 / n_neg) - self.totals / n_neg) / self.widths)


@dataclass
class _Missing:
    """Binary features with missing values: the class sizes of the observed rows vary too."""

    positions: list[int]
    present: np.ndarray  # (rows, k)
    observed: np.ndarray  # (rows, k)

    def statistic(self, labels: np.ndarray, n_pos: float, n_neg: float) -> np.ndarray:
        tp, pos = labels @ self.present, labels @ self.observed
        present, observed = self.present.sum(axis=0), self.observed.sum(axis=0)
        with np.errstate(divide="ignore", invalid="ignore"):
            delta = tp / pos - (present - tp) / (observed - pos)
        return np.abs(np.nan_to_num(delta, nan=0.0, posinf=0.0, neginf=0.0))


@dataclass
class _Threshold:
    """Threshold features: max over cuts of |F₋(cut) − F₊(cut)|, re-optimized per labelling.

    Complete columns use integers: with the labels z in a column's order, the cut after the
    k-th smallest value has δ·N·P = Σ_{i≤k} (P − n·z_i), one cumulative sum. Cuts inside a
    run of tied values are masked out. Columns with missing values (left out of the counts,
    so the class sizes of the observed rows vary with the labels) take a general path.
    """

    positions: list[int]
    order: np.ndarray  # (k, rows) each column's row order, ties in columns [:n_tied]
    valid: np.ndarray  # (n_tied, rows) cut after position k allowed
    n_tied: int
    gaps_positions: list[int]
    gaps_order: np.ndarray  # (k', rows), missing values last
    gaps_valid: np.ndarray  # (k', rows)
    gaps_observed: np.ndarray  # (k',)

    @classmethod
    def build(cls, positions: list[int], x: np.ndarray) -> _Threshold:
        """From the features' columns ``x`` (rows × k), each sorted once (no loop over them)."""
        n = x.shape[0]
        order = np.argsort(x, axis=0, kind="stable").T  # (k, rows), missing values last
        ordered = np.take_along_axis(x.T, order, axis=1)
        observed = (~np.isnan(x)).sum(axis=0)
        valid = np.zeros(order.shape, dtype=bool)
        np.not_equal(ordered[:, 1:], ordered[:, :-1], out=valid[:, :-1])
        valid &= np.arange(n)[None, :] < (observed - 1)[:, None]
        gappy = observed < n
        tied = ~gappy & ~valid[:, :-1].all(axis=1)
        first = np.flatnonzero(tied)
        plain = np.concatenate([first, np.flatnonzero(~gappy & ~tied)])
        gaps = np.flatnonzero(gappy)
        return cls(
            [positions[j] for j in plain],
            np.ascontiguousarray(order[plain]),
            np.ascontiguousarray(valid[first]),
            len(first),
            [positions[j] for j in gaps],
            np.ascontiguousarray(order[gaps]),
            np.ascontiguousarray(valid[gaps]),
            observed[gaps].astype(np.int64),
        )

    def statistic(self, labels: np.ndarray, n_pos: float, n_neg: float) -> np.ndarray:
        """|δ| of the best cut, one row per labelling (``labels``: b × rows of 0/1)."""
        n = labels.shape[1]
        k, k_gaps = len(self.order), len(self.gaps_order)
        out = np.empty((len(labels), k + k_gaps))
        wide = n * max(n_pos, n_neg) >= 2**31
        kind = np.int64 if wide else np.int32
        step = max(1, min(k, _WORK_CELLS // max(n, 1)))  # columns per working array
        work = np.empty((step, n), dtype=kind)
        scale = 1.0 / (n_pos * n_neg)
        for b, y in enumerate(labels):
            weights = (int(n_pos) - n * y.astype(kind)).astype(kind)
            for start in range(0, k, step):  # blocks of columns bound the memory
                stop = min(k, start + step)
                block = work[: stop - start]
                np.take(weights, self.order[start:stop], out=block, mode="clip")  # unbuffered
                np.cumsum(block, axis=1, out=block)
                if start < self.n_tied:
                    tied = min(stop, self.n_tied) - start
                    block[:tied] *= self.valid[start : start + tied]
                out[b, start:stop] = np.maximum(block.max(axis=1), -block.min(axis=1)) * scale
            if k_gaps:
                out[b, k:] = self._with_gaps(y)
        return out

    def _with_gaps(self, y: np.ndarray) -> np.ndarray:
        n = len(y)
        cum_pos = np.cumsum(np.take(y.astype(np.int64), self.gaps_order), axis=1)
        rows = np.arange(len(self.gaps_order))
        pos = cum_pos[rows, self.gaps_observed - 1].astype(np.float64)
        neg = self.gaps_observed - pos
        seen = np.arange(1, n + 1, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            delta = (seen - cum_pos) / neg[:, None] - cum_pos / pos[:, None]
        delta = np.where(self.gaps_valid, np.nan_to_num(delta, nan=0.0), 0.0)
        return np.abs(delta).max(axis=1)

    @property
    def all_positions(self) -> list[int]:
        return self.positions + self.gaps_positions


def _design(
    names: list[str], sources: list[str], kinds: list[str], mode: str, rows: SignatureRows
) -> tuple[list[Any], np.ndarray]:
    """Group the features by how their statistic is recomputed; also flag the constant ones."""
    table = rows.table
    numeric_at = {name: j for j, name in enumerate(table.numeric_names or [])}
    text_at = {c.name: c for c in table.text or []}
    sparse_at = {name: j for j, name in enumerate(table.names)} if table.sparse is not None else {}
    dense: list[tuple[int, int, np.ndarray, float]] = []  # (feature, column, values, width)
    missing: list[tuple[int, np.ndarray, np.ndarray]] = []  # (feature, present, observed)
    threshold: list[tuple[int, int]] = []  # (feature, numeric column)
    sparse: list[tuple[int, int]] = []
    text: dict[str, list[int]] = {}
    constant = np.zeros(len(names), dtype=bool)
    for i, (source, kind) in enumerate(zip(sources, kinds, strict=True)):
        if kind == "constant":
            constant[i] = True  # δ = 0 under every labelling: p = 1
        elif source in sparse_at:
            sparse.append((i, sparse_at[source]))
        elif kind == "nominal" or source in text_at:
            text.setdefault(source, []).append(i)
        elif kind == "numeric" and mode == "threshold":
            threshold.append((i, numeric_at[source]))
        else:
            j = numeric_at[source]
            x = table.numeric[:, j]
            gaps = np.isnan(x)
            if kind == "numeric":  # soft: a missing value counts as the column mean
                width = float(np.nanmax(x) - np.nanmin(x))
                dense.append((i, j, np.where(gaps, np.nanmean(x), x) if gaps.any() else x, width))
            elif gaps.any():  # binary, missing values left out of this feature's counts
                present = (x == np.nanmax(x)).astype(np.float64)
                missing.append((i, present, (~gaps).astype(np.float64)))
            else:  # binary: present = the larger value
                dense.append((i, -1, (x == x.max()).astype(np.float64), 1.0))
    groups: list[Any] = []
    if dense:
        in_order = [j for _, j, _, _ in dense] == list(range(table.numeric.shape[1]))
        if in_order and _all_views(dense, table):
            matrix = table.numeric  # every column as it is: no copy of the data
        else:
            matrix = np.column_stack([v for _, _, v, _ in dense])
        groups.append(
            _Linear(
                [i for i, _, _, _ in dense],
                matrix.sum(axis=0),
                np.array([w for _, _, _, w in dense]),
                matrix,
            )
        )
    if missing:
        groups.append(
            _Missing(
                [i for i, _, _ in missing],
                np.column_stack([p for _, p, _ in missing]),
                np.column_stack([o for _, _, o in missing]),
            )
        )
    if sparse:
        present = table.sparse.tocsc()[:, [j for _, j in sparse]]
        present = (present != 0).astype(np.float64)
        groups.append(
            _Linear(
                [i for i, _ in sparse],
                np.asarray(present.sum(axis=0)).ravel(),
                np.ones(len(sparse)),
                present.tocsr(),
            )
        )
    if text:
        groups.append(_text_group(text, names, kinds, rows, numeric_at, text_at))
    if threshold:
        columns = table.numeric[:, [j for _, j in threshold]]
        groups.append(_Threshold.build([i for i, _ in threshold], columns))
    return groups, constant


def _all_views(dense: list[tuple[int, int, np.ndarray, float]], table: Table) -> bool:
    """Every linear feature is a raw numeric column (soft, complete), in the table's order."""
    return all(
        j >= 0 and np.shares_memory(v, table.numeric) and v.shape == table.numeric[:, j].shape
        for _, j, v, _ in dense
    )


def _text_group(
    text: dict[str, list[int]],
    names: list[str],
    kinds: list[str],
    rows: SignatureRows,
    numeric_at: dict[str, int],
    text_at: dict[str, Any],
) -> _Linear:
    import scipy.sparse as sp

    table = rows.table
    positions: list[int] = []
    by_value, totals = [], []
    for source, features in text.items():
        if source in text_at:
            raw = text_at[source].values
        else:  # a numeric column read as nominal
            raw = numbers_as_text(table.numeric[:, numeric_at[source]])
        values, codes = _factorize(raw)
        n, m = len(codes), len(values)
        counts = np.bincount(codes, minlength=m).astype(np.float64)
        if kinds[features[0]] == "binary":  # the (lexicographically) larger value is present
            membership, derived = np.array([[0.0, 1.0]]), [source]
        else:
            membership, derived = nominal_indicators(source, values, counts, rows.max_values)
        row_of = {name: r for r, name in enumerate(derived)}
        picked = membership[[row_of[names[i]] for i in features]]
        onehot = sp.csr_matrix((np.ones(n), (np.arange(n), codes)), shape=(n, m))
        positions.extend(features)
        by_value.append((onehot, picked))
        totals.append(picked @ counts)
    return _Linear(positions, np.concatenate(totals), np.ones(len(positions)), None, by_value)


def _statistics(groups: list[Any], labels: np.ndarray, k: int) -> np.ndarray:
    """|δ| of every feature (columns) under every labelling (rows of 0/1 ``labels``)."""
    n_pos = float(labels[0].sum())
    n_neg = labels.shape[1] - n_pos
    out = np.zeros((len(labels), k))
    as_float = labels.astype(np.float64)
    for group in groups:
        if isinstance(group, _Threshold):
            out[:, group.all_positions] = group.statistic(labels, n_pos, n_neg)
        else:
            out[:, group.positions] = group.statistic(as_float, n_pos, n_neg)
    return out


def observed_statistics(
    names: list[str], sources: list[str], kinds: list[str], mode: str, rows: SignatureRows
) -> np.ndarray:
    """|δ| of every feature at the actual labels, recomputed from the rows as the permutation
    test does (equal to the signature's |δ|; a check of the two code paths)."""
    groups, _ = _design(names, sources, kinds, mode, rows)
    y = np.asarray(rows.is_pos, dtype=bool).astype(np.int8)
    return _statistics(groups, y[None, :], len(names))[0]


def check_permutation_arguments(n_permutations: Any) -> int:
    if (
        isinstance(n_permutations, bool)
        or not isinstance(n_permutations, int | np.integer)
        or n_permutations < 1
    ):
        raise ValueError(f"`n_permutations` must be a positive integer; got {n_permutations!r}.")
    return int(n_permutations)


def permutation_pvalues(
    names: list[str],
    sources: list[str],
    kinds: list[str],
    mode: str,
    rows: SignatureRows,
    n_permutations: int,
    seed: Any,
    block: int | None = None,
) -> np.ndarray:
    """Permutation p-values of |δ| of the listed features (see the module's docstring).

    ``block`` (permutations per matrix product) changes the speed, not the result: the
    permutations are drawn one after the other from ``numpy.random.default_rng(seed)``.
    """
    n_permutations = check_permutation_arguments(n_permutations)
    groups, constant = _design(names, sources, kinds, mode, rows)
    y = np.asarray(rows.is_pos, dtype=bool).astype(np.int8)
    n, k = len(y), len(names)
    observed = _statistics(groups, y[None, :], k)[0] - _TIE
    if block is None:
        block = max(1, min(256, (1 << 22) // max(n, 1)))
    rng = np.random.default_rng(seed)
    exceed = np.zeros(k, dtype=np.int64)
    done = 0
    while done < n_permutations:
        b = min(block, n_permutations - done)
        labels = rng.permuted(np.tile(y, (b, 1)), axis=1)
        exceed += (_statistics(groups, labels, k) >= observed).sum(axis=0)
        done += b
    p = (exceed + 1) / (n_permutations + 1)
    p[constant] = 1.0
    return p


__all__ = ["SignatureRows", "observed_statistics", "permutation_pvalues"]


# --- counts per group of rows (clustered intervals) ----------------------------------------------
_GROUP_CELLS = 1 << 21  # cells of one block of group indicators (rows × groups)


def group_cells(
    names: list[str],
    sources: list[str],
    kinds: list[str],
    mode: str,
    cuts: np.ndarray,
    whole: np.ndarray,
    rows: SignatureRows,
    codes: np.ndarray,
    n_groups: int,
) -> np.ndarray:
    """Every feature's counts (tn, fp, fn, tp) in every group of rows, shape (k, G, 4).

    A feature with integer counts (binary, nominal indicator, sparse presence, thresholded
    numeric, constant) is re-read from the rows as the signature counted it, and its groups'
    counts are checked to add up to its counts ``whole`` (k, 4); soft numeric features get NaN
    (their min-max counts are not counts of rows). ``codes``: each row's group, 0 … G − 1.
    """
    k, n = len(names), len(codes)
    out = np.full((k, n_groups, 4), np.nan)
    is_pos = np.asarray(rows.is_pos, dtype=bool)
    pos_rows = np.bincount(codes, weights=is_pos, minlength=n_groups)
    neg_rows = np.bincount(codes, weights=~is_pos, minlength=n_groups)
    design, constant = _design(names, sources, kinds, mode, rows)
    block = max(1, _GROUP_CELLS // max(n, 1))
    for group in design:
        if isinstance(group, _Threshold):
            continue  # read from the columns and the cuts below
        positions = list(group.positions)
        for start in range(0, n_groups, block):
            stop = min(start + block, n_groups)
            member = codes[None, :] == np.arange(start, stop)[:, None]  # (b, rows)
            pos = (member & is_pos).astype(np.float64)
            neg = (member & ~is_pos).astype(np.float64)
            if isinstance(group, _Missing):  # binary with gaps: the observed rows' classes
                tp, fp = pos @ group.present, neg @ group.present
                p, m = pos @ group.observed, neg @ group.observed
            else:
                tp, fp = group.sums(pos), group.sums(neg)
                p = np.repeat(pos_rows[start:stop, None], len(positions), axis=1)
                m = np.repeat(neg_rows[start:stop, None], len(positions), axis=1)
            cells = np.stack([m - fp, fp, p - tp, tp], axis=-1)  # (b, k', 4)
            out[positions, start:stop] = cells.transpose(1, 0, 2)
    table = rows.table
    numeric_at = {name: j for j, name in enumerate(table.numeric_names or [])}
    for i, (source, kind) in enumerate(zip(sources, kinds, strict=True)):
        if constant[i]:  # always present, or never, as its whole counts say
            present = whole[i, 1] + whole[i, 3] > 0
            out[i] = _constant_cells(present, pos_rows, neg_rows)
        elif kind == "numeric" and mode == "threshold":
            x = table.numeric[:, numeric_at[source]]
            observed = ~np.isnan(x)
            for present in (observed & (x > cuts[i]), observed & (x < cuts[i])):
                tp = np.bincount(codes, weights=present & is_pos, minlength=n_groups)
                fp = np.bincount(codes, weights=present & ~is_pos, minlength=n_groups)
                p = np.bincount(codes, weights=observed & is_pos, minlength=n_groups)
                m = np.bincount(codes, weights=observed & ~is_pos, minlength=n_groups)
                cells = np.stack([m - fp, fp, p - tp, tp], axis=-1)
                if np.allclose(cells.sum(axis=0), whole[i]):  # the cut's side the signature took
                    out[i] = cells
                    break
    for i in range(k):
        if not np.isnan(out[i]).any() and not np.allclose(out[i].sum(axis=0), whole[i]):
            out[i] = np.nan  # not the signature's counts (soft values): no groups' counts
    return out


def _constant_cells(present: bool, pos_rows: np.ndarray, neg_rows: np.ndarray) -> np.ndarray:
    zero = np.zeros_like(pos_rows)
    if present:  # every row predicted positive: fp = N_g, tp = P_g
        return np.stack([zero, neg_rows, zero, pos_rows], axis=-1)
    return np.stack([neg_rows, zero, pos_rows, zero], axis=-1)

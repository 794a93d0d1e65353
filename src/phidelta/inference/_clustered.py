"""Clustered data: intervals that resample whole groups of rows, and Obuchowski's AUC variance.

Several rows of one patient (images, visits), speaker (utterances), document (sentences) or site
(patients) are not independent: an interval that treats them so is too narrow. Once groups are
given, no interval here treats the rows of one group as independent.

Counts first. The sufficient statistics are the additive parts *per group*: a 2×2 table per
group (a 2×2×2 table for two classifiers' paired predictions), and for scores each group's
positive and negative counts at the pooled distinct scores. The **cluster bootstrap**
(Davison & Hinkley 1997, §3.8; Field & Welsh 2007) draws G groups with replacement among the
G groups — weights multinomial over the groups, all resamples at once, each block of resamples
from its own generator spawned from ``random_state`` (so the result does not depend on
threads) — and adds the drawn groups' parts: no row is resampled, and a group's rows stay
together with their correlation. Groups with the same 2×2 table are exchangeable, so the
bootstrap of tables draws its weights over the *distinct* per-group tables (a multinomial with
their multiplicities): its cost grows with the number of distinct tables, not of groups. A
score table's resample costs O(items + distinct scores), its items being the (group, distinct
score) pairs.

The AUC also has a closed form (Obuchowski 1997): DeLong's structural components summed per
cluster — V₁₀ over a cluster's positives, V₀₁ over its negatives — and their spread between
clusters (:func:`obuchowski`). With one row per group it is DeLong's variance exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import sparse

from phidelta.counts import BinaryCounts, GroupedCounts, ScoreTable
from phidelta.counts._labels import as_label_array, python_value
from phidelta.inference._resampling import (
    BOOTSTRAP_METHODS,
    _bca,
    _quantiles,
    distinct_entries,
    jackknife_acceleration,
)

__all__ = [
    "CLUSTER_METHODS",
    "GroupedTable",
    "check_group_labels",
    "cluster_bounds",
    "count_parts",
    "entry_parts",
    "obuchowski",
    "obuchowski_covariance",
    "table_parts",
    "table_resamples",
]

#: The interval methods once groups are given, by the bootstrap they stand for.
CLUSTER_METHODS: Mapping[str, str] = {"bca": "cluster_bca", "percentile": "cluster_percentile"}

# resampled cells per block of the bootstrap of 2×2 tables: weights and tables stay a few MB
_BLOCK_CELLS = 1 << 21
# resampled counts per block of the bootstrap of score tables: a block's scans stay in cache
_TABLE_CELLS = 1 << 19


# --- the groups ---------------------------------------------------------------------------------
def factorize(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, distinct)``: each label's index among the distinct labels, sorted (by type,
    then value, where text and numbers mix)."""
    try:
        distinct, codes = np.unique(labels, return_inverse=True)
        return codes.ravel().astype(np.intp), distinct
    except TypeError:  # text beside numbers: sorted by type, then value
        from phidelta.counts import ordered_values

        values = [python_value(v) for v in labels.tolist()]
        keys = [(type(v).__name__, v) for v in values]  # 1 and True stay apart
        distinct = dict(zip(keys, values, strict=True))
        order = ordered_values(list(distinct.values()))
        index = {(type(v).__name__, v): i for i, v in enumerate(order)}
        codes = np.fromiter((index[key] for key in keys), np.intp, len(keys))
        return codes, np.array(order, dtype=object)


def check_group_labels(groups: Any, n: int, *, name: str = "groups") -> tuple[np.ndarray, int]:
    """``(codes, G)``: the group of each of ``n`` rows as codes 0 … G − 1 (groups sorted).

    Raises a ValueError for the wrong length, a missing label (NaN or None: a row of no group
    is not independent of nothing — leave it out, or give it a group) or a single group (its
    rows cannot be resampled as groups: there is nothing to vary).
    """
    labels = as_label_array(groups, name)  # refuses NaN and None
    if len(labels) != n:
        raise ValueError(f"`{name}` has {len(labels)} labels for {n} rows; give one per row.")
    codes, distinct = factorize(labels)
    if len(distinct) < 2:
        raise ValueError(
            f"`{name}` holds a single group: whole groups cannot be resampled with one group "
            "(the interval would have no width). Give at least two groups, or none."
        )
    return codes, len(distinct)


def _single_entry_parts(value: Any) -> Any:
    """A ``GroupedCounts`` or a ``(parts, labels)`` pair from a ``from_groups``: its parts."""
    if isinstance(value, GroupedCounts):
        return value.counts
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and not isinstance(value[0], np.ndarray)
        and isinstance(value[1], np.ndarray)
    ):
        return value[0]  # ScoreTable's or ConfusionMatrix's from_groups: (parts, groups)
    return value


def entry_parts(
    groups: Any, k: int, kind: type, *, entry: str, entries: str, given: str
) -> list[Any]:
    """The groups of each of ``k`` entries, each a ``kind`` with one entry per group: one such
    object (or a ``from_groups`` result) for a single entry, else a sequence of them.

    ``entry`` and ``entries`` name an entry ("entry", "matrix") and several, ``given`` the
    argument that holds them ("counts", "matrices"), for the messages."""
    example = f"{kind.__name__}.from_groups(y_true, y_pred, groups)"
    value = _single_entry_parts(groups)
    if isinstance(value, kind):
        if k != 1:
            raise ValueError(
                f"`groups` holds the groups of one {entry}; `{given}` has {k}: give a "
                f"sequence with the groups of each {entry}."
            )
        return [value]
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        per_entry = [_single_entry_parts(v) for v in value]
        if len(per_entry) != k or not all(isinstance(v, kind) for v in per_entry):
            raise ValueError(
                f"`groups` must give each of the {k} {entries} of `{given}` its {given} per "
                f"group (a {kind.__name__} with one per group, e.g. {example}); got "
                f"{len(per_entry)} items."
            )
        return per_entry
    raise TypeError(
        f"`groups` must be the {given} of each group (a {kind.__name__} with one per group, as "
        f"{example} gives), or a sequence of those per {entry}; got {type(groups).__name__}."
    )


def _too_few(e: int, k: int, count: int) -> str:
    where = "" if k == 1 else f" of entry {e}"
    return (
        f"the groups{where} are {count}: whole groups cannot be resampled with fewer than two "
        "(the interval would have no width). Give at least two groups."
    )


def count_parts(counts: BinaryCounts, groups: Any) -> list[np.ndarray]:
    """Each entry's per-group cells (G_e, 4), from ``groups``: for one entry the counts of its
    groups (a :class:`BinaryCounts` with one entry per group, or ``BinaryCounts.from_groups``'s
    result), for several a sequence of those, one per entry. They must add up to `counts`."""
    k = len(counts)
    per_entry = entry_parts(
        groups, k, BinaryCounts, entry="entry", entries="entries", given="counts"
    )
    whole = counts.to_array()
    parts = []
    for e, part in enumerate(per_entry):
        cells = part.to_array()
        if len(cells) < 2:
            raise ValueError(_too_few(e, k, len(cells)))
        if not np.allclose(cells.sum(axis=0), whole[e], rtol=1e-9, atol=1e-9):
            raise ValueError(
                f"the groups' counts add up to {cells.sum(axis=0).tolist()} (tn, fp, fn, tp), "
                f"not to the counts {whole[e].tolist()}"
                + ("" if k == 1 else f" of entry {e}")
                + ": the groups must split the same rows."
            )
        parts.append(cells)
    return parts


# --- score tables per group ---------------------------------------------------------------------
@dataclass(frozen=True)
class GroupedTable:
    """A score table split by group: for each group its positive and negative counts at the
    pooled distinct scores, stored sparsely (one item per group and distinct score it holds).

    Attributes
    ----------
    scores : ndarray of shape (d,)
        The pooled distinct scores, decreasing.
    group, cell : ndarray of int, shape (m,)
        Each item's group (0 … G − 1) and distinct score (an index into ``scores``).
    positives, negatives : ndarray of shape (m,)
        Each item's counts (integers, or weights).
    n_groups : int
        G.
    """

    scores: np.ndarray
    group: np.ndarray
    cell: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray
    n_groups: int

    @classmethod
    def from_tables(cls, tables: Sequence[ScoreTable]) -> GroupedTable:
        """The grouped table of one score table per group."""
        lengths = np.array([len(t) for t in tables], dtype=np.intp)
        scores = np.concatenate([t.scores for t in tables]) if len(tables) else np.empty(0)
        kind = np.result_type(
            *(t.positives.dtype for t in tables), *(t.negatives.dtype for t in tables)
        )
        positives = np.concatenate([t.positives for t in tables]).astype(kind)
        negatives = np.concatenate([t.negatives for t in tables]).astype(kind)
        ascending, inverse = np.unique(scores, return_inverse=True)
        d = len(ascending)
        return cls(
            scores=ascending[::-1].copy(),
            group=np.repeat(np.arange(len(tables), dtype=np.intp), lengths),
            cell=(d - 1 - inverse.ravel()).astype(np.intp),
            positives=positives,
            negatives=negatives,
            n_groups=len(tables),
        )

    @classmethod
    def from_rows(
        cls,
        is_positive: np.ndarray,
        scores: np.ndarray,
        codes: np.ndarray,
        n_groups: int,
        weights: np.ndarray | None = None,
    ) -> tuple[GroupedTable, np.ndarray]:
        """The grouped table of rows (trusted), and each row's distinct score (its cell)."""
        ascending, inverse = np.unique(scores, return_inverse=True)
        d = len(ascending)
        cell_of_row = (d - 1 - inverse.ravel()).astype(np.intp)
        key = codes.astype(np.int64) * d + cell_of_row
        items, item_of_row = np.unique(key, return_inverse=True)
        item_of_row = item_of_row.ravel()
        m = len(items)
        w = np.ones(len(scores)) if weights is None else weights
        pos = np.bincount(item_of_row, weights=np.where(is_positive, w, 0.0), minlength=m)
        neg = np.bincount(item_of_row, weights=np.where(is_positive, 0.0, w), minlength=m)
        if weights is None:
            pos, neg = np.rint(pos).astype(np.int64), np.rint(neg).astype(np.int64)
        grouped = cls(
            scores=ascending[::-1].copy(),
            group=(items // d).astype(np.intp),
            cell=(items % d).astype(np.intp),
            positives=pos,
            negatives=neg,
            n_groups=n_groups,
        )
        return grouped, cell_of_row

    def pooled(self) -> ScoreTable:
        """The table of all groups together."""
        d = len(self.scores)
        pos = _sum_at(self.cell, self.positives, d)
        neg = _sum_at(self.cell, self.negatives, d)
        return ScoreTable._trusted(self.scores, pos, neg)

    def per_group(self, values: np.ndarray) -> np.ndarray:
        """Sums of per-item ``values`` per group, shape (G,)."""
        return np.bincount(self.group, weights=values, minlength=self.n_groups)

    def matrices(self) -> tuple[sparse.csc_matrix, sparse.csc_matrix]:
        """The positive and negative counts as sparse (G, d) matrices (float64: exact for
        counts below 2⁵³)."""
        shape = (self.n_groups, len(self.scores))
        index = (self.group, self.cell)
        pos = sparse.csc_matrix((self.positives.astype(np.float64), index), shape=shape)
        neg = sparse.csc_matrix((self.negatives.astype(np.float64), index), shape=shape)
        return pos, neg


def _sum_at(index: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """Sums of ``values`` at ``index``, exact for integers."""
    if values.dtype.kind in "iub":
        out = np.zeros(size, dtype=np.int64)
        np.add.at(out, index, values.astype(np.int64))
        return out
    return np.bincount(index, weights=values, minlength=size)


def table_parts(table: ScoreTable, groups: Any, *, minimum: int = 2) -> GroupedTable:
    """The grouped table of ``groups`` (one score table per group, or ``ScoreTable.from_groups``'
    result), checked to add up to `table`."""
    value = _single_entry_parts(groups)
    if isinstance(value, ScoreTable) or not isinstance(value, Sequence) or isinstance(value, str):
        raise TypeError(
            "`groups` must be the score table of each group (a list of ScoreTable, as "
            "ScoreTable.from_groups(y_true, scores, groups) gives); got "
            f"{type(groups).__name__}."
        )
    tables = list(value)
    if not all(isinstance(t, ScoreTable) for t in tables):
        raise TypeError("`groups` must hold one ScoreTable per group.")
    if len(tables) < minimum:
        raise ValueError(_too_few(0, 1, len(tables)))
    grouped = GroupedTable.from_tables(tables)
    pooled = grouped.pooled()
    given = table
    keep = (given.positives != 0) | (given.negatives != 0)
    same = (
        np.array_equal(pooled.scores, given.scores[keep])
        and np.allclose(pooled.positives, given.positives[keep], rtol=1e-9)
        and np.allclose(pooled.negatives, given.negatives[keep], rtol=1e-9)
    )
    if not same:
        raise ValueError(
            "the groups' score tables do not add up to `table` (ScoreTable.merge of them "
            "differs): the groups must split the same rows."
        )
    return grouped


# --- Obuchowski (1997) --------------------------------------------------------------------------
def _components(pos: np.ndarray, neg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """DeLong's structural components per distinct score (decreasing): V₁₀ of a positive there
    (the share of negatives it outranks, ties half), V₀₁ of a negative there."""
    pos = pos.astype(np.float64)
    neg = neg.astype(np.float64)
    p, n = pos.sum(), neg.sum()
    neg_below = n - np.cumsum(neg)
    pos_above = np.cumsum(pos) - pos
    return (neg_below + neg / 2) / n, (pos_above + pos / 2) / p


@dataclass(frozen=True)
class ClusteredAuc:
    """Obuchowski's variance of an AUC and what it is made of (trusted, internal)."""

    auc: float
    variance: float
    clusters: int  # I: groups with a row
    with_positives: int  # I₁₀
    with_negatives: int  # I₀₁
    centred_positives: np.ndarray  # V₁₀ᵢ − mᵢ·θ̂ per group
    centred_negatives: np.ndarray  # V₀₁ᵢ − nᵢ·θ̂ per group
    positives: float  # M
    negatives: float  # N


def obuchowski(grouped: GroupedTable) -> ClusteredAuc:
    """Obuchowski's (1997) clustered variance of the AUC of a grouped table.

    With V₁₀ᵢ the sum of the structural components of cluster i's mᵢ positives, V₀₁ᵢ that of
    its nᵢ negatives, M = Σmᵢ, N = Σnᵢ, I the clusters, I₁₀ those with a positive and I₀₁ those
    with a negative:

    S₁₀ = I₁₀ / ((I₁₀ − 1) M) · Σᵢ (V₁₀ᵢ − mᵢθ̂)², S₀₁ = I₀₁ / ((I₀₁ − 1) N) · Σᵢ (V₀₁ᵢ − nᵢθ̂)²,
    S₁₁ = I / (I − 1) · Σᵢ (V₁₀ᵢ − mᵢθ̂)(V₀₁ᵢ − nᵢθ̂), Var = S₁₀/M + S₀₁/N + 2 S₁₁/(M N).

    NaN variance unless I₁₀ ≥ 2 and I₀₁ ≥ 2. Weights enter as the clusters' weighted sums.
    """
    d = len(grouped.scores)
    pos_total = _sum_at(grouped.cell, grouped.positives, d)
    neg_total = _sum_at(grouped.cell, grouped.negatives, d)
    m_total, n_total = float(pos_total.sum()), float(neg_total.sum())
    v10, v01 = _components(pos_total, neg_total)
    pos = grouped.positives.astype(np.float64)
    neg = grouped.negatives.astype(np.float64)
    big_v10 = grouped.per_group(pos * v10[grouped.cell])
    big_v01 = grouped.per_group(neg * v01[grouped.cell])
    m = grouped.per_group(pos)
    n = grouped.per_group(neg)
    theta = float(big_v10.sum() / m_total)
    a = big_v10 - m * theta
    b = big_v01 - n * theta
    clusters = int(np.count_nonzero((m + n) > 0))
    i10, i01 = int(np.count_nonzero(m > 0)), int(np.count_nonzero(n > 0))
    if i10 < 2 or i01 < 2:
        variance = np.nan
    else:
        s10 = i10 / ((i10 - 1) * m_total) * float(np.dot(a, a))
        s01 = i01 / ((i01 - 1) * n_total) * float(np.dot(b, b))
        s11 = clusters / (clusters - 1) * float(np.dot(a, b))
        variance = s10 / m_total + s01 / n_total + 2 * s11 / (m_total * n_total)
    return ClusteredAuc(theta, variance, clusters, i10, i01, a, b, m_total, n_total)


def obuchowski_covariance(first: ClusteredAuc, second: ClusteredAuc) -> float:
    """Obuchowski's (1997) covariance of two AUCs on the same clustered rows (two scorers):
    S₁₀, S₀₁ and both cross terms S₁₁ of the two curves' centred cluster sums."""
    i10, i01, clusters = first.with_positives, first.with_negatives, first.clusters
    m, n = first.positives, first.negatives
    s10 = i10 / ((i10 - 1) * m) * float(np.dot(first.centred_positives, second.centred_positives))
    s01 = i01 / ((i01 - 1) * n) * float(np.dot(first.centred_negatives, second.centred_negatives))
    factor = clusters / (clusters - 1)
    s11 = factor * float(np.dot(first.centred_positives, second.centred_negatives))
    s11 += factor * float(np.dot(second.centred_positives, first.centred_negatives))
    return s10 / m + s01 / n + s11 / (m * n)


# --- the cluster bootstrap of tables of cells ---------------------------------------------------
def _patterns(cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct per-group tables and how many groups have each (sorted: the result does
    not depend on the order of the groups)."""
    patterns, multiplicity = np.unique(cells, axis=0, return_counts=True)
    return patterns, multiplicity


def _patterns_key(cells: np.ndarray) -> tuple[Any, ...]:
    """What identifies an entry's groups' tables whatever the order of its groups."""
    patterns, multiplicity = _patterns(np.asarray(cells))
    return patterns.shape, str(patterns.dtype), patterns.tobytes(), multiplicity.tobytes()


def _resampled_cells(
    patterns: np.ndarray, multiplicity: np.ndarray, n_resamples: int, rng: np.random.Generator
) -> np.ndarray:
    """``n_resamples`` cluster-bootstrap tables (B, c): G groups drawn with replacement, as
    multinomial weights over the distinct tables (probabilities multiplicity / G), in blocks
    that bound the memory."""
    groups = int(multiplicity.sum())
    u, c = patterns.shape
    p = multiplicity / groups
    out = np.empty((n_resamples, c), dtype=patterns.dtype)
    rows = max(1, _BLOCK_CELLS // max(u, 1))
    for start in range(0, n_resamples, rows):
        stop = min(start + rows, n_resamples)
        weights = rng.multinomial(groups, p, size=stop - start)
        out[start:stop] = weights.astype(patterns.dtype) @ patterns
    return out


def cluster_bounds(
    parts: Sequence[np.ndarray],
    build: Callable[[np.ndarray], Any],
    statistics: Mapping[str, Callable[[Any], np.ndarray]],
    estimates: Mapping[str, np.ndarray],
    *,
    level: float,
    method: str,
    n_resamples: int,
    rng: np.random.Generator,
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """(low, high) of every statistic for every entry by the cluster bootstrap.

    ``parts[e]`` holds entry e's per-group cells (G_e, c); ``build(rows of cells)`` makes the
    tables the statistics take. Every entry draws from its own generator spawned from ``rng``;
    all statistics use the same resamples. BCa's acceleration comes from the jackknife that
    leaves out one group at a time (Efron 1987, eq. 6.6; groups with the same table alike,
    weighted by their number). An entry of fewer than two groups gets NaN bounds. Entries of
    the same groups' tables (a single fold and the pooled rows) are resampled once and get
    the same bounds.
    """
    distinct = distinct_entries([_patterns_key(cells) for cells in parts])
    if distinct is not None:
        first, where = distinct
        bounds = cluster_bounds(
            [parts[e] for e in first],
            build,
            statistics,
            {name: np.asarray(estimates[name])[first] for name in statistics},
            level=level,
            method=method,
            n_resamples=n_resamples,
            rng=rng,
        )
        return {name: (low[where], high[where]) for name, (low, high) in bounds.items()}
    k = len(parts)
    c = parts[0].shape[1] if k else 0
    integer = all(p.dtype.kind in "iub" for p in parts)
    kind = np.int64 if integer else np.float64
    streams = rng.spawn(k)
    resampled = np.zeros((k, n_resamples, c), dtype=kind)
    left_out: list[np.ndarray] = []
    multiplicities: list[np.ndarray] = []
    usable = np.zeros(k, dtype=bool)
    for e, (cells, stream) in enumerate(zip(parts, streams, strict=True)):
        cells = cells.astype(kind)
        patterns, multiplicity = _patterns(cells)
        usable[e] = len(cells) >= 2
        if usable[e]:
            resampled[e] = _resampled_cells(patterns, multiplicity, n_resamples, stream)
        left_out.append(cells.sum(axis=0) - patterns)  # the table without one group
        multiplicities.append(multiplicity)
    tables = build(resampled.reshape(-1, c))
    jackknife = build(np.concatenate(left_out)) if method == "bca" else None
    splits = np.cumsum([len(m) for m in multiplicities])[:-1]
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    alpha = (1 - level) / 2
    for name, statistic in statistics.items():
        with np.errstate(invalid="ignore", divide="ignore"):
            values = np.asarray(statistic(tables), dtype=np.float64).reshape(k, n_resamples)
        estimate = np.asarray(estimates[name], dtype=np.float64)
        if method == "bca":
            with np.errstate(invalid="ignore", divide="ignore"):
                theta = np.asarray(statistic(jackknife), dtype=np.float64)
            acceleration = np.array(
                [
                    jackknife_acceleration(mult[None], t[None])[0]
                    for mult, t in zip(multiplicities, np.split(theta, splits), strict=True)
                ]
            )
            low, high = _bca(values, estimate, acceleration, level)
        else:
            low, high = _quantiles(np.sort(values, axis=1), alpha, 1 - alpha)
        out[name] = (np.where(usable, low, np.nan), np.where(usable, high, np.nan))
    return out


# --- the cluster bootstrap of score tables ------------------------------------------------------
def _group_weights(rng: np.random.Generator, n_groups: int, rows: int) -> np.ndarray:
    """``rows`` cluster-bootstrap weights (rows, G): how often each of G groups is among G
    draws with replacement (a multinomial), from G uniform draws per resample."""
    picks = rng.integers(0, n_groups, size=(rows, n_groups))
    picks += np.arange(0, rows * n_groups, n_groups, dtype=picks.dtype)[:, None]
    return np.bincount(picks.ravel(), minlength=rows * n_groups).reshape(rows, n_groups)


def table_resamples(
    grouped: GroupedTable,
    consume: Callable[[np.ndarray, np.ndarray, int], None],
    *,
    n_resamples: int,
    rng: np.random.Generator,
    threads: int = 1,
) -> None:
    """Draw ``n_resamples`` cluster-bootstrap score tables and hand each block to
    ``consume(positives, negatives, start)`` — arrays (rows, d) of the resampled counts at the
    pooled distinct scores, the block's first resample number.

    Blocks have a fixed size (from d and G alone) and each its own generator spawned from
    ``rng``, so the resamples do not depend on ``threads``. ``consume`` must write disjoint
    parts of its output (it may run in several threads at once).
    """
    d, groups = len(grouped.scores), grouped.n_groups
    pos_g, neg_g = grouped.matrices()
    rows = max(1, min(n_resamples, _TABLE_CELLS // max(d, groups, 1)))
    starts = range(0, n_resamples, rows)
    streams = rng.spawn(len(starts))

    def block(number: int) -> None:
        start = starts[number]
        stop = min(start + rows, n_resamples)
        weights = _group_weights(streams[number], groups, stop - start).astype(np.float64)
        # dense (rows, G) times sparse (G, d): the resampled counts, (rows, d)
        consume(np.asarray(weights @ pos_g), np.asarray(weights @ neg_g), start)

    if threads > 1 and len(starts) > 1:
        with ThreadPoolExecutor(min(threads, len(starts))) as pool:
            list(pool.map(block, range(len(starts))))
    else:
        for number in range(len(starts)):
            block(number)


def resampled_auc(pos: np.ndarray, neg: np.ndarray) -> np.ndarray:
    """The AUC (ties half) of each row of resampled counts (rows, d) at distinct scores in
    decreasing order; NaN where a class is absent."""
    p = pos.sum(axis=1).astype(np.float64)
    n = neg.sum(axis=1).astype(np.float64)
    running = np.cumsum(pos, axis=1)
    running *= 2
    running -= pos  # 2·(positives above) + positives here
    numerator = np.einsum("bi,bi->b", neg, running).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where((p > 0) & (n > 0), numerator / (2 * p * n), np.nan)


def table_statistic_values(
    grouped: GroupedTable,
    statistic: Callable[[ScoreTable], float],
    *,
    is_auc: bool,
    n_resamples: int,
    rng: np.random.Generator,
    threads: int = 1,
) -> np.ndarray:
    """The statistic of ``n_resamples`` cluster-bootstrap tables; NaN where a resample holds
    one class only (the AUC and its relatives are undefined there)."""
    values = np.full(n_resamples, np.nan)
    integer = grouped.positives.dtype.kind in "iub" and grouped.negatives.dtype.kind in "iub"

    def consume(pos: np.ndarray, neg: np.ndarray, start: int) -> None:
        rows = len(pos)
        if is_auc:
            values[start : start + rows] = resampled_auc(pos, neg)
            return
        both = (pos.sum(axis=1) > 0) & (neg.sum(axis=1) > 0)
        if integer:  # integer tables resample to integer tables
            pos, neg = np.rint(pos).astype(np.int64), np.rint(neg).astype(np.int64)
        for b in np.flatnonzero(both):
            table = ScoreTable._trusted(grouped.scores, pos[b].copy(), neg[b].copy())
            values[start + b] = statistic(table)

    table_resamples(
        grouped, consume, n_resamples=n_resamples, rng=rng, threads=threads if is_auc else 1
    )
    return values


def percentile(values: np.ndarray, level: float) -> tuple[float, float]:
    """The percentile interval of the defined values (NaN when none is)."""
    defined = values[~np.isnan(values)]
    if not defined.size:
        return np.nan, np.nan
    alpha = (1 - level) / 2
    return float(np.quantile(defined, alpha)), float(np.quantile(defined, 1 - alpha))


# --- curves of resampled tables (bands) ---------------------------------------------------------
def other_at_level_rows(
    level: np.ndarray, ranks: np.ndarray, lead: np.ndarray, other: np.ndarray
) -> np.ndarray:
    """For each row of resampled integer counts (rows, d): the other class's (interpolated)
    count where the lead class's count reaches ``level`` (rows, h) — at the cell of the rank-th
    lead example, linear along a tie — as ``_bands._other_at_level`` reads the table itself;
    the other total where the rank exceeds the lead total."""
    rows, d = lead.shape
    cum_lead = np.cumsum(lead, axis=1)
    cum_other = np.cumsum(other, axis=1)
    lead_total = cum_lead[:, -1]
    inside = ranks <= lead_total[:, None]
    span = int(lead_total.max()) + 1 if rows else 1
    offset = np.arange(rows, dtype=np.int64)[:, None] * span
    flat = (cum_lead + offset).ravel()
    target = np.minimum(ranks, lead_total[:, None]) + offset
    cell = np.searchsorted(flat, target.ravel(), side="left").reshape(rows, -1)
    cell -= np.arange(rows, dtype=np.int64)[:, None] * d
    cell = np.clip(cell, 0, d - 1)
    row = np.arange(rows)[:, None]
    before = np.clip(cell - 1, 0, None)
    lead_lo = np.where(cell > 0, cum_lead[row, before], 0)
    other_lo = np.where(cell > 0, cum_other[row, before], 0)
    lead_at = lead[row, cell]
    other_at = other[row, cell]
    with np.errstate(invalid="ignore", divide="ignore"):
        value = other_lo + (level - lead_lo) / lead_at * other_at
    return np.where(inside, value, cum_other[:, -1:].astype(np.float64))


def curve_resamples(
    grouped: GroupedTable,
    curve: Callable[[np.ndarray, np.ndarray], np.ndarray],
    width: int,
    *,
    n_resamples: int,
    rng: np.random.Generator,
) -> np.ndarray:
    """``curve(positives, negatives)`` — (rows, d) → (rows, width) — of every cluster-bootstrap
    table, shape (n_resamples, width)."""
    out = np.empty((n_resamples, width))

    def consume(pos: np.ndarray, neg: np.ndarray, start: int) -> None:
        out[start : start + len(pos)] = curve(pos, neg)

    table_resamples(grouped, consume, n_resamples=n_resamples, rng=rng)
    return out


# --- the public functions' clustered paths ------------------------------------------------------
def clustered_auc_interval(
    table: ScoreTable, groups: Any, level: float
) -> tuple[float, float, float, float]:
    """:func:`~phidelta.inference.auc_confidence_interval` with groups: Obuchowski's variance
    and the normal interval, clipped to [0, 1]: ``(auc, standard error, low, high)``."""
    from scipy import special

    from phidelta.measures import auc

    grouped = table_parts(table, groups)
    clustered = obuchowski(grouped)
    if np.isnan(clustered.variance):
        raise ValueError(
            "Obuchowski's variance needs at least two groups with positives and two with "
            f"negatives; the groups hold positives in {clustered.with_positives} and negatives "
            f"in {clustered.with_negatives}."
        )
    value = auc(table)
    se = float(np.sqrt(max(clustered.variance, 0.0)))
    z = float(special.ndtri(0.5 + level / 2))
    return value, se, float(max(0.0, value - z * se)), float(min(1.0, value + z * se))


def clustered_table_interval(
    table: ScoreTable,
    statistic: Callable[[ScoreTable], float],
    groups: Any,
    *,
    level: float,
    n_resamples: int,
    rng: np.random.Generator,
    threads: int,
) -> tuple[float, float, float]:
    """:func:`~phidelta.inference.table_bootstrap_interval` with groups: the percentile
    interval of the statistic over cluster-bootstrap tables (resamples of one class left out):
    ``(estimate, low, high)``."""
    from phidelta.measures import auc

    grouped = table_parts(table, groups)
    values = table_statistic_values(
        grouped,
        statistic,
        is_auc=statistic is auc,
        n_resamples=n_resamples,
        rng=rng,
        threads=threads,
    )
    low, high = percentile(values, level)
    return statistic(table), low, high


def _binary_tables(flat: np.ndarray) -> BinaryCounts:
    return BinaryCounts._trusted(flat[:, 0], flat[:, 1], flat[:, 2], flat[:, 3])


def clustered_count_interval(
    counts: BinaryCounts,
    statistic: Callable[..., np.ndarray],
    groups: Any,
    *,
    level: float,
    method: str,
    n_resamples: int,
    rng: np.random.Generator,
    quiet: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`~phidelta.inference.bootstrap_interval` (percentile) and
    :func:`~phidelta.inference.count_bootstrap_interval` with groups: each entry's groups
    drawn whole: ``(estimate, low, high)``."""
    from functools import partial

    parts = count_parts(counts, groups)
    measure = partial(statistic, zero_division=np.nan) if quiet else statistic
    estimate = np.asarray(measure(counts), dtype=np.float64)
    low, high = cluster_bounds(
        parts,
        _binary_tables,
        {"statistic": measure},
        {"statistic": estimate},
        level=level,
        method=method,
        n_resamples=n_resamples,
        rng=rng,
    )["statistic"]
    return estimate, low, high


def clustered_delong(
    is_positive: np.ndarray,
    scores_a: np.ndarray,
    scores_b: np.ndarray,
    groups: Any,
) -> tuple[float, float, float]:
    """``(auc_a, auc_b, variance of auc_a − auc_b)`` by Obuchowski's clustered (co)variances."""
    codes, n_groups = check_group_labels(groups, len(is_positive))
    fitted = []
    for scores in (scores_a, scores_b):
        grouped, _ = GroupedTable.from_rows(is_positive, scores, codes, n_groups)
        fitted.append(obuchowski(grouped))
    first, second = fitted
    if first.with_positives < 2 or first.with_negatives < 2:
        raise ValueError(
            "Obuchowski's variance needs at least two groups with positives and two with "
            f"negatives; the groups hold positives in {first.with_positives} and negatives "
            f"in {first.with_negatives}."
        )
    variance = first.variance + second.variance - 2 * obuchowski_covariance(first, second)
    return first.auc, second.auc, variance


def clustered_methods(names: Sequence[str], method: Any, auto: Mapping[str, str]) -> dict[str, str]:
    """Each measure's bootstrap once groups are given ("bca" or "percentile"; "none" for the
    plain counts): closed forms treat the rows as independent, so none is used."""

    def refuse(value: Any) -> ValueError:
        return ValueError(
            f"with `groups` every interval resamples whole groups: `method` must be 'auto', "
            f"'bca' or 'percentile' (the closed forms treat rows as independent); got {value!r}."
        )

    chosen = {name: "none" if auto[name] == "none" else "bca" for name in names}
    if isinstance(method, str):
        if method == "auto":
            return chosen
        if method not in BOOTSTRAP_METHODS:
            raise refuse(method)
        return {name: m if m == "none" else method for name, m in chosen.items()}
    if not isinstance(method, Mapping):
        raise TypeError(
            f'`method` must be "auto", a method name or a dict measure → method; got '
            f"{type(method).__name__}."
        )
    for name, value in method.items():
        if name not in auto:
            raise ValueError(f"`method` names an unknown measure {name!r}; known: {sorted(auto)}.")
        if auto[name] == "none":
            if value != "none":
                raise ValueError(
                    f"`method`[{name!r}] must be 'none' (a plain count); got {value!r}."
                )
            continue
        if value not in BOOTSTRAP_METHODS:
            raise refuse(value)
        if name in chosen:
            chosen[name] = value
    return chosen


def clustered_measure_bounds(
    parts: Sequence[np.ndarray],
    chosen: Mapping[str, str],
    statistics: Mapping[str, Callable[[BinaryCounts], np.ndarray]],
    estimate: Mapping[str, np.ndarray],
    *,
    level: float,
    n_resamples: int,
    rng: np.random.Generator,
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """:func:`~phidelta.inference.measure_intervals` with groups: the bounds of every measure
    by the cluster bootstrap (all measures of one kind on the same resamples)."""
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for kind in ("bca", "percentile"):
        named = [name for name, m in chosen.items() if m == kind]
        if named:
            out |= cluster_bounds(
                parts,
                _binary_tables,
                {name: statistics[name] for name in named},
                estimate,
                level=level,
                method=kind,
                n_resamples=n_resamples,
                rng=rng,
            )
    return out


def paired_parts(
    groups: Any, is_positive: np.ndarray, is_a: np.ndarray, is_b: np.ndarray
) -> np.ndarray:
    """The 2×2×2 table [y, a, b] of each group of rows, shape (G, 8)."""
    codes, n_groups = check_group_labels(groups, len(is_positive))
    cell = 4 * is_positive.astype(np.intp) + 2 * is_a.astype(np.intp) + is_b.astype(np.intp)
    return np.bincount(codes * 8 + cell, minlength=8 * n_groups).reshape(n_groups, 8)


def check_paired_parts(groups: Any, table: np.ndarray) -> np.ndarray:
    """The per-group 2×2×2 tables of ``paired_difference_from_table(groups=)``: shape (G, 2, 2,
    2) or (G, 8), non-negative whole counts adding up to `table`, at least two groups."""
    cells = np.asarray(groups)
    if cells.ndim not in (2, 4) or cells.shape[1:] not in ((8,), (2, 2, 2)):
        raise ValueError(
            "`groups` must hold the 2×2×2 table of each group, shape (G, 2, 2, 2) or (G, 8); "
            f"got shape {cells.shape}."
        )
    cells = cells.reshape(len(cells), 8)
    whole = cells.dtype.kind in "iu" or (
        cells.dtype.kind == "f" and bool(np.all(np.isfinite(cells) & (cells == np.round(cells))))
    )
    if not whole or np.any(cells < 0):
        raise ValueError("`groups` must hold non-negative integer counts.")
    cells = cells.astype(np.int64)
    if len(cells) < 2:
        raise ValueError(_too_few(0, 1, len(cells)))
    if not np.array_equal(cells.sum(axis=0), table.reshape(8)):
        raise ValueError(
            "the groups' tables do not add up to `table`: the groups must split the same rows."
        )
    return cells

"""Mergeable sufficient statistics of a signature: blocks of rows add up exactly.

A block of rows gives, per numeric column, the class sums and observed counts, the minimum and
maximum and (while a column has at most two distinct values) the class counts of each value;
per text column, the class counts of each value; per sparse column, the presence counts. Adding
two statistics gives the statistics of the union of their rows, so a signature computed from
chunks (or on a cluster) equals the one computed in one go (its counts exactly, its sums of
floats to rounding: they are added in another order).
"""

from __future__ import annotations

import itertools
import warnings
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from phidelta._parallel import run_parts, thread_count
from phidelta._stack import outside_stacklevel
from phidelta.signatures._columns import Column
from phidelta.signatures._statistics import (
    FeatureRows,
    _cells_from_presence,
    _factorize,
    nominal_subsets,
    soft_cells_from_sums,
    sparse_presence,
)

#: Stretches of rows that :func:`column_sums_and_range` adds up on their own (row-major data): a
#: number fixed by the data's shape, so the sums are the same on any number of threads (12
#: share out evenly among 1, 2, 3, 4 or 6) — fewer for very wide data, whose stretches' results
#: (four numbers a column each, kept until they are added) would otherwise take
#: :data:`_STRETCH_RESULTS` bytes or more.
_STRETCHES = 12
_STRETCH_RESULTS = 64 << 20
#: Rows of at least this many numbers (32 KiB) are added to a class sum one at a time.
_LONG_ROW = 1 << 12
#: Matrices from this many cells on are shared out among phidelta's threads.
_PARALLEL_CELLS = 1 << 19


def column_sums_and_range(
    x: np.ndarray, is_pos: np.ndarray, block_bytes: int = 2 << 20
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per column of ``x``: minimum, maximum, and the sums over the positive rows and over the
    negative rows, in one read of ``x``.

    ``x`` goes by in blocks of about ``block_bytes``, each reduced while it is cached: its
    minimum and maximum (which propagate NaN, flagging the columns with missing values), its
    sum, and its sum over the rows of the smaller class (the other class's sum is the
    difference). 2 MiB, a little more than a core's own cache, measured fastest on two
    threads (1 MiB: 1.4× slower; the later reads of a block come from the shared cache, and
    fewer, longer NumPy calls keep the threads from waiting for the interpreter's lock).

    NumPy's own loops, not BLAS: the product of a block with the labels was a BLAS call,
    which shares out so short a product among threads of its own — on a busy machine waiting
    for them — and no BLAS call runs in phidelta's threads (see :mod:`phidelta._parallel`).
    The work is shared out among those threads in a way that does not depend on their
    number, so neither do the sums: a row-major matrix in a fixed number of stretches of rows
    (:data:`_STRETCHES`) whose results are added in order, a column-major one by columns.
    """
    n, k = x.shape
    low, high = np.full(k, np.inf), np.full(k, -np.inf)
    pos_sum, neg_sum = np.zeros(k), np.zeros(k)
    if n == 0 or k == 0:
        return low, high, pos_sum, neg_sum
    is_pos = np.asarray(is_pos, dtype=bool)
    fewer_positives = 2 * int(np.count_nonzero(is_pos)) <= n
    picked = is_pos if fewer_positives else ~is_pos
    threads = thread_count() if n * k >= _PARALLEL_CELLS else 1
    if x.flags.f_contiguous and not x.flags.c_contiguous:
        low, high, total, class_sum = _by_columns(x.T, picked, block_bytes, threads)
    else:
        low, high, total, class_sum = _by_rows(x, picked, block_bytes, threads)
    other = total - class_sum
    if fewer_positives:
        return low, high, class_sum, other
    return low, high, other, class_sum


def _by_rows(
    x: np.ndarray, picked: np.ndarray, block_bytes: int, threads: int
) -> tuple[np.ndarray, ...]:
    """Minimum, maximum, sum and sum over the ``picked`` rows of each column of a row-major
    ``x``: blocks of whole rows, the picked ones copied out and added (long rows, of
    :data:`_LONG_ROW` numbers or more, are added one by one instead: no copy of a block)."""
    n, k = x.shape
    step = max(16, block_bytes // (8 * k))
    long_rows = k >= _LONG_ROW

    def stretch(start: int, stop: int) -> tuple[np.ndarray, ...]:
        low, high = np.full(k, np.inf), np.full(k, -np.inf)
        total, class_sum, reduced = np.zeros(k), np.zeros(k), np.empty(k)
        rows_buffer = None if long_rows else np.empty((min(step, stop - start), k))
        for at in range(start, stop, step):
            end = min(at + step, stop)
            block = x[at:end]
            np.minimum(low, np.minimum.reduce(block, axis=0, out=reduced), out=low)
            np.maximum(high, np.maximum.reduce(block, axis=0, out=reduced), out=high)
            total += np.add.reduce(block, axis=0, out=reduced)
            rows = np.flatnonzero(picked[at:end])
            if rows_buffer is None:
                for row in rows.tolist():
                    class_sum += block[row]
            elif len(rows):
                chosen = np.take(block, rows, axis=0, out=rows_buffer[: len(rows)], mode="clip")
                class_sum += np.add.reduce(chosen, axis=0, out=reduced)
        return low, high, total, class_sum

    blocks = -(-n // step)
    count = max(1, min(_STRETCHES, _STRETCH_RESULTS // (32 * k)))
    edges = [min(n, blocks * i // count * step) for i in range(count + 1)]
    stretches = [(a, b) for a, b in itertools.pairwise(edges) if b > a]
    shared = min(threads, len(stretches))
    groups = [
        (len(stretches) * i // shared, len(stretches) * (i + 1) // shared) for i in range(shared)
    ]
    low, high = np.full(k, np.inf), np.full(k, -np.inf)
    total, class_sum = np.zeros(k), np.zeros(k)
    for group in run_parts(lambda i, j: [stretch(*stretches[t]) for t in range(i, j)], groups):
        for lo, hi, part_total, part_class in group:
            np.minimum(low, lo, out=low)
            np.maximum(high, hi, out=high)
            total += part_total
            class_sum += part_class
    return low, high, total, class_sum


def _by_columns(
    xt: np.ndarray, picked: np.ndarray, block_bytes: int, threads: int
) -> tuple[np.ndarray, ...]:
    """:func:`_by_rows` of a column-major matrix, given as its transpose ``xt`` (row-major,
    one row per column): tiles of a few columns by up to 2¹⁶ rows, each column's numbers
    reduced along its contiguous values (the picked rows' sum as a product with the 0/1
    picks, by ``einsum``: not BLAS). Each column is done by one thread, start to end."""
    k, n = xt.shape
    rows = min(n, 1 << 16)
    width = max(1, block_bytes // (8 * rows))
    weights = picked.astype(np.float64)
    low, high = np.full(k, np.inf), np.full(k, -np.inf)
    total, class_sum = np.zeros(k), np.zeros(k)

    def columns(start: int, stop: int) -> None:
        for at in range(start, stop, width):
            end = min(at + width, stop)
            lo, hi, tot, cls = low[at:end], high[at:end], total[at:end], class_sum[at:end]
            for r in range(0, n, rows):
                tile = xt[at:end, r : r + rows]
                np.minimum(lo, np.minimum.reduce(tile, axis=1), out=lo)
                np.maximum(hi, np.maximum.reduce(tile, axis=1), out=hi)
                tot += np.add.reduce(tile, axis=1)
                cls += np.einsum("ij,j->i", tile, weights[r : r + rows])

    count = max(1, min(threads, k))
    run_parts(columns, [(k * i // count, k * (i + 1) // count) for i in range(count)])
    return low, high, total, class_sum


@dataclass
class NumericSummary:
    """Per numeric column: sums, counts, range, and the class counts of up to two values."""

    pos_sum: np.ndarray
    neg_sum: np.ndarray
    pos_obs: np.ndarray
    neg_obs: np.ndarray
    low: np.ndarray
    high: np.ndarray
    values: np.ndarray  # (k, 2), NaN-padded: the distinct values while there are ≤ 2
    pos_at: np.ndarray  # (k, 2) positives at each tracked value
    neg_at: np.ndarray  # (k, 2)
    many: np.ndarray  # (k,) more than two distinct values seen

    @classmethod
    def from_block(cls, x: np.ndarray, is_pos: np.ndarray) -> NumericSummary:
        k = x.shape[1]
        pos = is_pos.astype(np.float64)
        neg = 1.0 - pos
        low, high, pos_sum, neg_sum = column_sums_and_range(x, is_pos)
        pos_obs, neg_obs = np.full(k, pos.sum()), np.full(k, neg.sum())
        # NaN propagates through the minimum: only the columns with missing values need more
        gaps = np.flatnonzero(np.isnan(low) | np.isnan(high))
        if len(gaps):
            sub = x[:, gaps]
            missing = np.isnan(sub)
            observed = (~missing).astype(np.float64)
            pos_obs[gaps], neg_obs[gaps] = pos @ observed, neg @ observed
            filled = np.where(missing, 0.0, sub)
            pos_sum[gaps], neg_sum[gaps] = pos @ filled, neg @ filled
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                low[gaps], high[gaps] = np.nanmin(sub, axis=0), np.nanmax(sub, axis=0)
        empty = (pos_obs + neg_obs) == 0
        low, high = np.where(empty, np.inf, low), np.where(empty, -np.inf, high)
        constant = (low == high) & ~empty
        head = x[: min(len(x), 512)]
        screen = np.all((head == low) | (head == high) | np.isnan(head), axis=0)
        candidates = np.flatnonzero(screen & ~constant & ~empty)
        two = np.zeros(k, dtype=bool)
        if len(candidates):
            sub = x[:, candidates]
            ok = (sub == low[candidates]) | (sub == high[candidates]) | np.isnan(sub)
            two[candidates] = ok.all(axis=0)
        many = ~(two | constant | empty)
        values = np.full((k, 2), np.nan)
        values[constant | two, 0] = low[constant | two]
        values[two, 1] = high[two]
        pos_at, neg_at = np.zeros((k, 2)), np.zeros((k, 2))
        pos_at[constant, 0], neg_at[constant, 0] = pos_obs[constant], neg_obs[constant]
        if two.any():
            sub = x[:, two]
            at_high = (sub == high[two]).astype(np.float64)
            pos_high, neg_high = pos @ at_high, neg @ at_high
            pos_at[two, 1], neg_at[two, 1] = pos_high, neg_high
            pos_at[two, 0], neg_at[two, 0] = pos_obs[two] - pos_high, neg_obs[two] - neg_high
        return cls(pos_sum, neg_sum, pos_obs, neg_obs, low, high, values, pos_at, neg_at, many)

    def __add__(self, other: NumericSummary) -> NumericSummary:
        values4 = np.concatenate([self.values, other.values], axis=1)
        pos4 = np.concatenate([self.pos_at, other.pos_at], axis=1)
        neg4 = np.concatenate([self.neg_at, other.neg_at], axis=1)
        ordered = np.sort(values4, axis=1)  # NaN last
        starts = np.ones_like(ordered, dtype=bool)
        starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
        starts &= ~np.isnan(ordered)
        n_distinct = starts.sum(axis=1)
        many = self.many | other.many | (n_distinct > 2)
        firsts = np.where(starts, ordered, np.inf)
        firsts.sort(axis=1)
        unique = np.where(np.isfinite(firsts[:, :2]), firsts[:, :2], np.nan)
        pos_at, neg_at = np.zeros_like(unique), np.zeros_like(unique)
        for j in range(2):  # the two value slots (not a loop over features)
            match = values4 == unique[:, j : j + 1]
            pos_at[:, j] = np.where(match, pos4, 0.0).sum(axis=1)
            neg_at[:, j] = np.where(match, neg4, 0.0).sum(axis=1)
        unique[many] = np.nan
        return NumericSummary(
            self.pos_sum + other.pos_sum,
            self.neg_sum + other.neg_sum,
            self.pos_obs + other.pos_obs,
            self.neg_obs + other.neg_obs,
            np.minimum(self.low, other.low),
            np.maximum(self.high, other.high),
            unique,
            pos_at,
            neg_at,
            many,
        )


@dataclass
class TextSummary:
    """Per text column: class counts of each value (missing entries are the value "?")."""

    counts: dict[str, np.ndarray]  # value -> [positives, negatives]

    @classmethod
    def from_block(cls, values: np.ndarray, is_pos: np.ndarray) -> TextSummary:
        if len(values) == 0:
            return cls({})
        distinct, inverse = _factorize(values)
        m = len(distinct)
        pos = np.bincount(inverse[is_pos], minlength=m).astype(np.float64)
        neg = np.bincount(inverse[~is_pos], minlength=m).astype(np.float64)
        return cls(
            {str(v): np.array([p, n]) for v, p, n in zip(distinct.tolist(), pos, neg, strict=True)}
        )

    def __add__(self, other: TextSummary) -> TextSummary:
        merged = {k: v.copy() for k, v in self.counts.items()}
        for key, value in other.counts.items():
            merged[key] = merged[key] + value if key in merged else value.copy()
        return TextSummary(merged)


@dataclass
class SignatureStatistics:
    """Everything a signature needs from its rows; ``+`` merges blocks of rows.

    Build with :func:`block_statistics`; turn into a signature with
    :meth:`Signature.from_statistics`. The sum of
    the statistics of blocks is the statistics of their union, so a signature computed from
    chunks or on a cluster equals the one computed in one go (the soft counts of the published
    packages, Armano et al. 2019, are sums over rows).

    Attributes
    ----------
    names : list of str
        All the columns, in order.
    n_pos, n_neg : float
        Rows of the positive and of the negative class.
    numeric_names : list of str
        The numeric columns.
    numeric : NumericSummary or None
        Per numeric column: class sums and observed counts, range, and the class counts of up
        to two distinct values.
    text_names : list of str
        The text (nominal) columns.
    text : list of TextSummary
        Per text column: the class counts of each value.
    sparse_pos, sparse_neg : ndarray or None
        For a sparse matrix: per column, the positive and negative rows where it is present.

    Examples
    --------
    >>> import numpy as np
    >>> from phidelta.signatures import block_statistics
    >>> x, y = np.array([[1, 0.5], [0, 2.5], [1, 1.0]]), np.array([True, False, True])
    >>> total = block_statistics(x[:2], y[:2]) + block_statistics(x[2:], y[2:])
    >>> total.n_pos, total.n_neg, total.schema()
    (2.0, 1.0, {'F1': True, 'F2': True})
    """

    names: list[str]
    n_pos: float
    n_neg: float
    numeric_names: list[str] = field(default_factory=list)
    numeric: NumericSummary | None = None
    text_names: list[str] = field(default_factory=list)
    text: list[TextSummary] = field(default_factory=list)
    sparse_pos: np.ndarray | None = None
    sparse_neg: np.ndarray | None = None

    def schema(self) -> dict[str, bool]:
        """Column name → numeric?: read later blocks with these types.

        Pass it as the ``schema`` of :func:`phidelta.signatures.block_statistics`, so that a
        block whose column happens to hold only numbers is still read as text, and vice versa.

        Returns
        -------
        dict of str to bool
            True for the numeric columns, False for the text ones.
        """
        return {**dict.fromkeys(self.numeric_names, True), **dict.fromkeys(self.text_names, False)}

    def __add__(self, other: SignatureStatistics) -> SignatureStatistics:
        if (self.names, self.numeric_names, self.text_names) != (
            other.names,
            other.numeric_names,
            other.text_names,
        ):
            raise ValueError(
                "Cannot merge statistics of blocks with different columns or "
                "column types; every block must have the same columns."
            )
        if (self.sparse_pos is None) != (other.sparse_pos is None):
            raise ValueError("Cannot merge statistics of sparse and dense blocks.")
        numeric = None
        if self.numeric is not None and other.numeric is not None:
            numeric = self.numeric + other.numeric
        return SignatureStatistics(
            self.names,
            self.n_pos + other.n_pos,
            self.n_neg + other.n_neg,
            self.numeric_names,
            numeric,
            self.text_names,
            [a + b for a, b in zip(self.text, other.text, strict=True)],
            None if self.sparse_pos is None else self.sparse_pos + other.sparse_pos,
            None if self.sparse_neg is None else self.sparse_neg + other.sparse_neg,
        )

    def _features(
        self, rows: FeatureRows, forced: dict[str, str], max_values: int, soft: bool = True
    ) -> tuple[list[str], np.ndarray]:
        """Add the derived features to ``rows``.

        Parameters
        ----------
        rows : FeatureRows
            The derived features so far; this method appends to it.
        forced : dict of str to str
            Per-column kinds ("binary", "numeric", "nominal" or "ignore").
        max_values : int
            Nominal columns with more distinct values get indicators for the most frequent
            ones.
        soft : bool, default True
            Soft counts for many-valued numeric columns; False leaves them out of ``rows``
            (the threshold mode needs whole columns).

        Returns
        -------
        constants : list of str
            The columns holding a single value.
        leftover : ndarray of int
            Indices into ``numeric_names`` of the many-valued numeric columns left for the
            threshold mode (empty when ``soft``).

        Raises
        ------
        ValueError
            If a numeric column has no values, or a column forced to be binary has more than
            two.
        """
        constants: list[str] = []
        if self.sparse_pos is not None:
            assert self.sparse_neg is not None
            cells = np.stack(
                [
                    self.n_neg - self.sparse_neg,
                    self.sparse_neg,
                    self.n_pos - self.sparse_pos,
                    self.sparse_pos,
                ],
                axis=1,
            )
            empty = (self.sparse_pos + self.sparse_neg) == 0
            rows.add(self.names, self.names, np.where(empty, "constant", "binary").tolist(), cells)
            return constants, np.empty(0, dtype=np.intp)
        leftover = np.empty(0, dtype=np.intp)
        if self.numeric is not None and self.numeric_names:
            constants, leftover = _numeric_features(
                self.numeric, self.numeric_names, self.n_pos, self.n_neg, rows, forced, soft
            )
        for name, summary in zip(self.text_names, self.text, strict=True):
            if _text_features(
                name, summary, self.n_pos, self.n_neg, rows, forced.get(name), max_values
            ):
                constants.append(name)
        return constants, leftover


def _numeric_features(
    s: NumericSummary,
    names: list[str],
    n_pos: float,
    n_neg: float,
    rows: FeatureRows,
    forced: dict[str, str],
    soft: bool,
) -> tuple[list[str], np.ndarray]:
    empty = np.flatnonzero((s.pos_obs + s.neg_obs) == 0)
    if len(empty):
        raise ValueError(f"Column {names[empty[0]]!r} has no values (all missing).")
    n_distinct = np.where(s.many, 3, (~np.isnan(s.values)).sum(axis=1))
    constant, two = n_distinct == 1, n_distinct == 2
    for j, name in enumerate(names):  # per-column overrides (dictionary lookups)
        wanted = forced.get(name)
        if wanted == "numeric" and two[j]:
            two[j] = False
        elif wanted == "binary" and not (two[j] or constant[j]):
            raise ValueError(f"Column {name!r} has more than two values; it cannot be binary.")
    simple = np.flatnonzero(constant | two)
    if len(simple):
        # present = the larger value; a constant is present unless it is 0 / False
        upper = np.where(two[simple], 1, 0)
        pos_present = s.pos_at[simple, upper]
        neg_present = s.neg_at[simple, upper]
        absent = constant[simple] & (s.values[simple, 0] == 0)
        cells = _cells_from_presence(
            np.where(absent, 0.0, pos_present),
            np.where(absent, 0.0, neg_present),
            s.pos_obs[simple],
            s.neg_obs[simple],
        )
        rows.add(
            [names[j] for j in simple],
            [names[j] for j in simple],
            np.where(constant[simple], "constant", "binary").tolist(),
            cells,
        )
    rest = np.flatnonzero(~(constant | two))
    if len(rest) and soft:
        sub = [names[j] for j in rest]
        cells = soft_cells_from_sums(
            s.pos_sum[rest],
            s.neg_sum[rest],
            s.pos_obs[rest],
            s.neg_obs[rest],
            n_pos,
            n_neg,
            s.low[rest],
            s.high[rest],
        )
        rows.add(sub, sub, "numeric", cells)
        rest = np.empty(0, dtype=np.intp)
    return [names[j] for j in np.flatnonzero(constant)], rest


def _text_features(
    name: str,
    summary: TextSummary,
    n_pos: float,
    n_neg: float,
    rows: FeatureRows,
    forced: str | None,
    max_values: int,
) -> bool:
    """Binary (two values) or nominal indicators; returns True for a constant column."""
    values = np.array(sorted(summary.counts), dtype=str)
    m = len(values)
    if m == 0:
        raise ValueError(f"Column {name!r} has no values (all missing).")
    pos_counts = np.array([summary.counts[v][0] for v in values.tolist()])
    neg_counts = np.array([summary.counts[v][1] for v in values.tolist()])
    if m == 1:
        cells = _cells_from_presence(pos_counts, neg_counts, np.array([n_pos]), np.array([n_neg]))
        rows.add([name], name, "constant", cells)
        return True
    if forced == "binary" or (forced is None and m == 2):
        if m > 2:
            raise ValueError(f"Column {name!r} has {m} values; it cannot be binary.")
        # the lexicographically larger value is "present" (published packages)
        cells = _cells_from_presence(
            pos_counts[1:], neg_counts[1:], np.array([n_pos]), np.array([n_neg])
        )
        rows.add([name], name, "binary", cells)
        return False
    if m > max_values:  # keep the most frequent values; the rest get no indicator
        warnings.warn(
            f"Column {name!r} has {m} distinct values; indicators are built for the "
            f"{max_values} most frequent (raise `max_values` to keep more).",
            UserWarning,
            stacklevel=outside_stacklevel(),
        )
    membership, names = nominal_indicators(name, values, pos_counts + neg_counts, max_values)
    cells = _cells_from_presence(
        membership @ pos_counts,
        membership @ neg_counts,
        np.full(len(names), n_pos),
        np.full(len(names), n_neg),
    )
    rows.add(names, name, "nominal", cells)
    return False


def nominal_indicators(
    name: str, values: np.ndarray, totals: np.ndarray, max_values: int
) -> tuple[np.ndarray, list[str]]:
    """The indicator features of a nominal column with the sorted distinct ``values`` (row
    counts ``totals``): their value memberships (one row per indicator) and names."""
    m = len(values)
    order = np.arange(m)
    if m > max_values:  # keep the most frequent values; the rest get no indicator
        order = np.sort(np.argsort(-totals, kind="stable")[:max_values])
    subsets = nominal_subsets(len(order))
    membership = np.zeros((len(subsets), m))
    for r, subset in enumerate(subsets):
        membership[r, order[list(subset)]] = 1.0
    names = [f"{name}({','.join(values[order[list(s)]].tolist())})" for s in subsets]
    return membership, names


def numbers_as_text(values: np.ndarray) -> np.ndarray:
    """A numeric column read as nominal: each number's repr, missing values None."""
    return np.array([None if v != v else repr(v) for v in values.tolist()], dtype=object)


def statistics_of_block(
    table: Any, is_pos: np.ndarray, forced: dict[str, str]
) -> SignatureStatistics:
    """The sufficient statistics of one block of rows (a :class:`Table` from ``read_table``).

    The low-level step of :func:`block_statistics`, for a table already read.

    Parameters
    ----------
    table : Table
        The block, as ``phidelta.signatures._columns.read_table`` splits it (numeric matrix,
        text columns, or a sparse matrix).
    is_pos : ndarray of bool, shape (n_rows,)
        True for the rows of the positive class.
    forced : dict of str to str
        Per-column kinds ("binary", "numeric", "nominal" or "ignore").

    Returns
    -------
    SignatureStatistics
        The block's statistics; blocks add up with ``+``.

    Examples
    --------
    >>> import numpy as np
    >>> from phidelta.signatures._columns import read_table
    >>> table = read_table(np.array([[1, 0.5], [0, 2.5], [1, 1.0]]), None)
    >>> statistics = statistics_of_block(table, np.array([True, False, True]), {})
    >>> statistics.names, statistics.n_pos, statistics.n_neg
    (['F1', 'F2'], 2.0, 1.0)
    """
    n_pos, n_neg = float(is_pos.sum()), float((~is_pos).sum())
    if table.sparse is not None:
        pos_present, neg_present = sparse_presence(table.sparse, is_pos)
        return SignatureStatistics(
            table.names,
            n_pos,
            n_neg,
            sparse_pos=pos_present.astype(np.float64),
            sparse_neg=neg_present.astype(np.float64),
        )
    keep = [
        j
        for j, name in enumerate(table.numeric_names)
        if forced.get(name) not in ("ignore", "nominal")
    ]
    matrix = table.numeric if len(keep) == table.numeric.shape[1] else table.numeric[:, keep]
    numeric_names = [table.numeric_names[j] for j in keep]
    with np.errstate(invalid="ignore"):  # an infinite value (inf·0 in the sums): refused below
        numeric = NumericSummary.from_block(matrix, is_pos) if keep else None
    if numeric is not None:
        # (a column missing in the whole block has the empty range low = +inf > high = -inf)
        infinite = np.flatnonzero((numeric.low == -np.inf) | (numeric.high == np.inf))
        if len(infinite):
            raise ValueError(
                f"feature {numeric_names[infinite[0]]!r} holds an infinite value"
                + (f" (and {len(infinite) - 1} more features)" if len(infinite) > 1 else "")
                + "; a soft count or a cut needs finite numbers: replace it, or make it "
                "missing (NaN) to leave it out"
            )
    text_columns: list[Column] = [c for c in (table.text or []) if forced.get(c.name) != "ignore"]
    for j, name in enumerate(table.numeric_names):  # numbers forced to be nominal
        if forced.get(name) == "nominal":
            text_columns.append(Column(name, numbers_as_text(table.numeric[:, j]), False))
    order = {name: i for i, name in enumerate(table.names)}
    text_columns.sort(key=lambda c: order[c.name])
    return SignatureStatistics(
        table.names,
        n_pos,
        n_neg,
        numeric_names,
        numeric,
        [c.name for c in text_columns],
        [TextSummary.from_block(c.values, is_pos) for c in text_columns],
    )


__all__ = ["SignatureStatistics", "nominal_indicators", "numbers_as_text"]

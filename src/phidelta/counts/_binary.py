"""Binary confusion counts: the sufficient statistic of every binary measure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from phidelta._validation import (
    as_float_array,
    check_ratio,
    check_same_length,
    check_sample_weight,
    check_unit_interval,
)
from phidelta.counts._labels import as_label_array, encode_pair, group_codes

__all__ = ["BinaryCounts", "GroupedCounts"]

_FIELDS = ("tn", "fp", "fn", "tp")


def _as_count_array(value: Any, name: str) -> np.ndarray:
    raw = np.asarray(value) if not isinstance(value, str | bytes) else value
    array = as_float_array(raw, name)
    if np.any(array < 0):
        raise ValueError(f"`{name}` must be non-negative counts; got a minimum of {array.min():g}.")
    is_integer_input = isinstance(raw, np.ndarray) and (
        np.issubdtype(raw.dtype, np.integer) or raw.dtype == bool
    )
    if is_integer_input:
        return raw.astype(np.int64).reshape(array.shape)
    return array


def _freeze(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


class GroupedCounts(NamedTuple):
    """Counts with one entry per group (fold, classifier) and the group each entry is for.

    Attributes
    ----------
    counts : BinaryCounts
        One entry per group.
    groups : ndarray
        The group of each entry, in sorted order.

    See Also
    --------
    BinaryCounts.from_groups : returns it.

    Examples
    --------
    >>> counts, groups = BinaryCounts.from_groups([0, 1, 0, 1], [0, 1, 1, 1], ["a", "a", "b", "b"])
    >>> counts.tp, groups
    (array([1, 1]), array(['a', 'b'], dtype='<U1'))
    """

    counts: BinaryCounts
    groups: np.ndarray


_INT64_MAX = 2**63 - 1


def _check_int64_totals(*fields: np.ndarray) -> None:
    """Refuse integer counts whose totals (an entry's sum, tn + fp, …) would wrap around in
    int64: the sum of the fields' largest values bounds every total, so one comparison
    suffices unless the counts are near 2⁶³."""
    if not all(f.dtype.kind in "iu" for f in fields) or not all(f.size for f in fields):
        return
    if sum(int(f.max()) for f in fields) <= _INT64_MAX:
        return
    raise OverflowError(
        "these counts add up to more than int64 holds (2⁶³ − 1): totals such as tn + fp would "
        "wrap around to negative numbers; give the counts as floats"
    )


class BinaryCounts:
    """Confusion counts ``tn, fp, fn, tp`` of one or many binary classifiers, folds or features.

    Each field is a 1-D array with one entry per classifier, fold or feature (Armano 2015,
    Table 1: TN, FP, FN, TP). Counts may be fractional ("soft" counts, as feature statistics
    and sample weights produce); integer inputs stay ``int64``.

    Counts are *sufficient statistics that add*: ``a + b`` is the entrywise sum, and the counts
    of two disjoint data sets add up to the counts of their union.

    Parameters
    ----------
    tn, fp, fn, tp : array-like of shape (k,) or scalars
        True negatives, false positives, false negatives, true positives. Finite, non-negative.

    Examples
    --------
    >>> c = BinaryCounts(tn=[15], fp=[10], fn=[15], tp=[60])   # Flach, Example 2.1
    >>> c.positives, c.negatives
    (array([75]), array([25]))
    >>> (c + c).tp
    array([120])
    """

    __slots__ = ("fn", "fp", "tn", "tp")
    __hash__ = None  # type: ignore[assignment]  # mutable-looking arrays: not hashable

    tn: np.ndarray
    fp: np.ndarray
    fn: np.ndarray
    tp: np.ndarray

    def __init__(self, tn: Any, fp: Any, fn: Any, tp: Any) -> None:
        arrays = {
            name: _as_count_array(v, name)
            for name, v in zip(_FIELDS, (tn, fp, fn, tp), strict=True)
        }
        check_same_length(**arrays)
        if len({a.dtype for a in arrays.values()}) > 1:
            arrays = {k: a.astype(np.float64) for k, a in arrays.items()}
        _check_int64_totals(*arrays.values())
        for name, array in arrays.items():
            object.__setattr__(self, name, _freeze(array))

    @classmethod
    def _trusted(
        cls, tn: np.ndarray, fp: np.ndarray, fn: np.ndarray, tp: np.ndarray
    ) -> BinaryCounts:
        """Build without validation (private: callers guarantee shape, dtype, sign)."""
        self = object.__new__(cls)
        dtype = np.result_type(tn, fp, fn, tp)
        for name, array in zip(_FIELDS, (tn, fp, fn, tp), strict=True):
            object.__setattr__(self, name, _freeze(np.array(array, dtype=dtype, ndmin=1)))
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("BinaryCounts is immutable; build a new one instead.")

    def __reduce__(self) -> tuple[Any, ...]:
        return (BinaryCounts._trusted, (self.tn, self.fp, self.fn, self.tp))

    # --- container protocol -------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.tn)

    def __getitem__(self, index: Any) -> BinaryCounts:
        if isinstance(index, int | np.integer):
            if not -len(self) <= index < len(self):
                raise IndexError(f"index {index} is out of range for {len(self)} entries.")
            index = slice(index, index + 1 if index != -1 else None)
        return BinaryCounts._trusted(self.tn[index], self.fp[index], self.fn[index], self.tp[index])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __add__(self, other: Any) -> BinaryCounts:
        if not isinstance(other, BinaryCounts):
            return NotImplemented
        if len(self) != len(other):
            raise ValueError(
                f"Cannot add counts with {len(self)} and {len(other)} entries; entries add "
                "pairwise, so lengths must match (use .sum() to pool the entries of one side)."
            )
        return BinaryCounts._trusted(
            self.tn + other.tn, self.fp + other.fp, self.fn + other.fn, self.tp + other.tp
        )

    def __radd__(self, other: Any) -> BinaryCounts:
        if isinstance(other, int) and other == 0:  # sum([...]) starts from 0
            return self
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BinaryCounts):
            return NotImplemented
        return all(np.array_equal(getattr(self, f), getattr(other, f)) for f in _FIELDS)

    def __repr__(self) -> str:
        def show(a: np.ndarray) -> str:
            return np.array2string(a, separator=", ", threshold=8, edgeitems=3)

        fields = ", ".join(f"{f}={show(getattr(self, f))}" for f in _FIELDS)
        return f"BinaryCounts({fields})"

    # --- totals (Armano 2015, Table 1) -------------------------------------------------------
    @property
    def negatives(self) -> np.ndarray:
        """N = TN + FP, the number of negative samples."""
        return self.tn + self.fp

    @property
    def positives(self) -> np.ndarray:
        """P = FN + TP, the number of positive samples."""
        return self.fn + self.tp

    @property
    def predicted_negatives(self) -> np.ndarray:
        """N̂ = TN + FN, the number of samples classified negative."""
        return self.tn + self.fn

    @property
    def predicted_positives(self) -> np.ndarray:
        """P̂ = FP + TP, the number of samples classified positive."""
        return self.fp + self.tp

    @property
    def total(self) -> np.ndarray:
        """M = N + P, the number of samples."""
        return self.tn + self.fp + self.fn + self.tp

    @property
    def is_soft(self) -> bool:
        """True when any count is fractional (soft counts from features or weights)."""
        if self.tn.dtype.kind in "iu":
            return False
        return not all(np.all(np.mod(getattr(self, f), 1) == 0) for f in _FIELDS)

    # --- reshaping ----------------------------------------------------------------------
    def sum(self) -> BinaryCounts:
        """Pool all entries into one (e.g. the counts of all folds together).

        Returns
        -------
        BinaryCounts
            One entry, the sum of all entries.
        """
        return BinaryCounts._trusted(*(getattr(self, f).sum(keepdims=True) for f in _FIELDS))

    @classmethod
    def concat(cls, parts: Sequence[BinaryCounts]) -> BinaryCounts:
        """Stack the entries of several counts objects into one.

        Parameters
        ----------
        parts : sequence of BinaryCounts
            The objects whose entries are stacked, in order.

        Returns
        -------
        BinaryCounts
            All entries of `parts`, one after the other.

        Raises
        ------
        TypeError
            If `parts` is empty or holds something else than BinaryCounts.
        """
        parts = list(parts)
        if not parts or not all(isinstance(p, BinaryCounts) for p in parts):
            raise TypeError("`parts` must be a non-empty sequence of BinaryCounts.")
        return cls._trusted(*(np.concatenate([getattr(p, f) for p in parts]) for f in _FIELDS))

    def to_array(self) -> np.ndarray:
        """Array of shape (k, 4) with columns tn, fp, fn, tp.

        Returns
        -------
        ndarray of shape (k, 4)
            Columns tn, fp, fn, tp.
        """
        return np.stack([self.tn, self.fp, self.fn, self.tp], axis=1)

    def to_matrix(self) -> np.ndarray:
        """Confusion matrices of shape (k, 2, 2): ``[[TN, FP], [FN, TP]]`` (rows = true class).

        Returns
        -------
        ndarray of shape (k, 2, 2)
            One confusion matrix per entry, true class in rows (Armano 2015, Ξ of eq. 3).
        """
        return self.to_array().reshape(-1, 2, 2)

    def to_dict(self) -> dict[str, np.ndarray]:
        """The four fields as a dict of arrays (copies).

        Returns
        -------
        dict of str to ndarray
            Keys ``"tn"``, ``"fp"``, ``"fn"``, ``"tp"``.
        """
        return {f: getattr(self, f).copy() for f in _FIELDS}

    @classmethod
    def from_array(cls, array: Any) -> BinaryCounts:
        """From an array of shape (k, 4) (tn, fp, fn, tp) or (k, 2, 2) confusion matrices.

        Parameters
        ----------
        array : array-like of shape (k, 4) or (k, 2, 2)
            Counts tn, fp, fn, tp per row, or confusion matrices with the true class in rows.

        Returns
        -------
        BinaryCounts
            k entries.

        Raises
        ------
        ValueError
            If the shape is neither (k, 4) nor (k, 2, 2), or a count is negative.
        """
        a = np.asarray(array)
        if a.ndim == 3 and a.shape[1:] == (2, 2):
            a = a.reshape(-1, 4)
        if a.ndim == 1 and a.shape == (4,):
            a = a.reshape(1, 4)
        if a.ndim != 2 or a.shape[1] != 4:
            raise ValueError(f"`array` must have shape (k, 4) or (k, 2, 2); got shape {a.shape}.")
        return cls(a[:, 0], a[:, 1], a[:, 2], a[:, 3])

    # --- constructors from data -------------------------------------------------------------
    @classmethod
    def from_labels(
        cls,
        y_true: Any,
        y_pred: Any,
        *,
        pos_label: Any = None,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> BinaryCounts:
        """Count one classifier's true and predicted labels (one entry).

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n,)
            Labels of any binary encoding: 0/1, ±1, booleans, strings, categories.
        pos_label : scalar, optional
            The positive class. Required unless the labels are {0, 1}, {-1, 1} or booleans
            (then 1 / True). Must occur in ``y_true`` or ``y_pred`` (or in ``labels``).
        labels : pair, optional
            Declare both classes, e.g. for one chunk of a larger data set that may miss a class.
        sample_weight : array-like of shape (n,), optional
            Non-negative weights; the counts become weighted (float) sums.

        Returns
        -------
        BinaryCounts
            One entry.

        Raises
        ------
        ValueError
            If the lengths differ, there are more than two classes, or the positive class cannot
            be determined.

        Examples
        --------
        >>> BinaryCounts.from_labels(["spam", "ham", "spam"], ["spam", "spam", "ham"],
        ...                          pos_label="spam")
        BinaryCounts(tn=[0], fp=[1], fn=[1], tp=[1])
        """
        y_true = as_label_array(y_true, "y_true")
        y_pred = as_label_array(y_pred, "y_pred")
        n = check_same_length(y_true=y_true, y_pred=y_pred)
        true_pos, pred_pos, _ = encode_pair(y_true, y_pred, pos_label, labels)
        if sample_weight is not None:
            w = check_sample_weight(sample_weight, len(y_true))
            cells = np.bincount(2 * true_pos.astype(np.intp) + pred_pos, weights=w, minlength=4)
            return cls._trusted(*(cells[i : i + 1] for i in range(4)))
        positives = np.count_nonzero(true_pos)
        predicted = np.count_nonzero(pred_pos)
        tp = np.count_nonzero(true_pos & pred_pos)
        fn, fp = positives - tp, predicted - tp
        tn = n - positives - fp
        return cls._trusted(*(np.array([v], dtype=np.int64) for v in (tn, fp, fn, tp)))

    @classmethod
    def from_label_batch(
        cls,
        y_true: Any,
        y_pred: Any,
        *,
        pos_label: Any = None,
        labels: Any = None,
    ) -> BinaryCounts:
        """Count a batch of classifiers or folds at once: one entry per row.

        Parameters
        ----------
        y_true : array-like of shape (n,) or (k, n), or a sequence of k 1-D arrays
            True labels: shared by every row when 1-D.
        y_pred : array-like of shape (k, n), or a sequence of k 1-D arrays
            Predictions, one row per classifier / fold. Sequences may be ragged (folds of
            different sizes), then ``y_true`` must be a sequence of matching lengths.
        pos_label : scalar, optional
            The positive class, as in :meth:`from_labels`.
        labels : pair, optional
            Declare both classes.

        Returns
        -------
        BinaryCounts
            One entry per row of `y_pred`.

        Raises
        ------
        ValueError
            If the shapes or lengths do not match, or the positive class cannot be determined.

        Examples
        --------
        >>> BinaryCounts.from_label_batch([0, 1, 1], [[0, 1, 1], [1, 1, 0]]).tp
        array([2, 1])
        """
        if _is_ragged(y_pred) or _is_ragged(y_true):
            return cls._from_ragged(y_true, y_pred, pos_label=pos_label, labels=labels)
        y_pred = as_label_array(y_pred, "y_pred", ndim=2)
        y_true = as_label_array(y_true, "y_true", ndim=(1, 2))
        k, n = y_pred.shape
        if y_true.ndim == 1:
            if len(y_true) != n:
                raise ValueError(
                    f"`y_true` has {len(y_true)} labels but each row of `y_pred` has {n}."
                )
        elif y_true.shape != y_pred.shape:
            raise ValueError(
                f"`y_true` has shape {y_true.shape} but `y_pred` has shape {y_pred.shape}."
            )
        true_pos, pred_pos, _ = encode_pair(y_true, y_pred, pos_label, labels)
        if true_pos.ndim == 1:
            positives = np.full(k, np.count_nonzero(true_pos), dtype=np.int64)
            tp = np.count_nonzero(true_pos[None, :] & pred_pos, axis=1)
        else:
            positives = np.count_nonzero(true_pos, axis=1)
            tp = np.count_nonzero(true_pos & pred_pos, axis=1)
        predicted = np.count_nonzero(pred_pos, axis=1)
        fn, fp = positives - tp, predicted - tp
        tn = n - positives - fp
        return cls._trusted(tn, fp, fn, tp)

    @classmethod
    def _from_ragged(cls, y_true: Any, y_pred: Any, *, pos_label: Any, labels: Any) -> BinaryCounts:
        true_rows = [as_label_array(r, f"y_true[{i}]") for i, r in enumerate(y_true)]
        pred_rows = [as_label_array(r, f"y_pred[{i}]") for i, r in enumerate(y_pred)]
        if len(true_rows) != len(pred_rows):
            raise ValueError(
                f"`y_true` has {len(true_rows)} rows but `y_pred` has {len(pred_rows)}."
            )
        for i, (t, p) in enumerate(zip(true_rows, pred_rows, strict=True)):
            if len(t) != len(p):
                raise ValueError(f"Row {i}: `y_true` has {len(t)} labels, `y_pred` has {len(p)}.")
        lengths = np.array([len(t) for t in true_rows], dtype=np.int64)
        groups = np.repeat(np.arange(len(lengths)), lengths)
        flat_true = np.concatenate(true_rows) if true_rows else np.array([])
        flat_pred = np.concatenate(pred_rows) if pred_rows else np.array([])
        return cls.from_groups(
            flat_true, flat_pred, groups, pos_label=pos_label, labels=labels, n_groups=len(lengths)
        ).counts

    @classmethod
    def from_groups(
        cls,
        y_true: Any,
        y_pred: Any,
        groups: Any,
        *,
        pos_label: Any = None,
        labels: Any = None,
        sample_weight: Any = None,
        n_groups: int | None = None,
    ) -> GroupedCounts:
        """Count per group (e.g. per cross-validation fold): one entry per distinct group.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n,)
            Labels of any binary encoding.
        groups : array-like of shape (n,)
            The group (fold, classifier) of each sample.
        pos_label : scalar, optional
            The positive class, as in :meth:`from_labels`.
        labels : pair, optional
            Declare both classes.
        sample_weight : array-like of shape (n,), optional
            Non-negative weights.
        n_groups : int, optional
            For internal callers whose `groups` are already codes 0, …, n_groups − 1: one
            entry per code, including codes without samples.

        Returns
        -------
        GroupedCounts
            ``(counts, groups)`` with the groups in sorted order.

        Raises
        ------
        ValueError
            If the lengths differ or the positive class cannot be determined.

        Examples
        --------
        >>> folds = ["a", "a", "b", "b"]
        >>> counts, folds = BinaryCounts.from_groups([0, 1, 0, 1], [0, 1, 1, 1], folds)
        >>> counts.fp, folds
        (array([0, 1]), array(['a', 'b'], dtype='<U1'))
        """
        y_true = as_label_array(y_true, "y_true")
        y_pred = as_label_array(y_pred, "y_pred")
        groups_array = as_label_array(groups, "groups")
        check_same_length(y_true=y_true, y_pred=y_pred, groups=groups_array)
        true_pos, pred_pos, _ = encode_pair(y_true, y_pred, pos_label, labels)
        if n_groups is not None:  # private: groups are already codes 0..n_groups-1
            codes, uniques, k = groups_array.astype(np.intp), np.arange(n_groups), n_groups
        else:
            uniques, codes = group_codes(groups_array)
            k = len(uniques)
        if sample_weight is not None:
            w = check_sample_weight(sample_weight, len(y_true))
            cell = codes * 4 + 2 * true_pos.astype(np.intp) + pred_pos
            cells = np.bincount(cell, weights=w, minlength=4 * k).reshape(k, 4)
            return GroupedCounts(cls._trusted(*cells.T), uniques)
        total = np.bincount(codes, minlength=k)
        positives = np.bincount(codes[true_pos], minlength=k)
        predicted = np.bincount(codes[pred_pos], minlength=k)
        tp = np.bincount(codes[true_pos & pred_pos], minlength=k)
        fn, fp = positives - tp, predicted - tp
        tn = total - positives - fp
        return GroupedCounts(cls._trusted(tn, fp, fn, tp), uniques)

    @classmethod
    def from_chunks(
        cls,
        chunks: Any,
        *,
        pos_label: Any = None,
        labels: Any = None,
    ) -> BinaryCounts:
        """Counts of data arriving in blocks: ``(y_true, y_pred)`` or ``(y_true, y_pred, groups)``
        pairs, merged as they come (memory: one block plus the counts).

        ``labels`` declares both classes (a block may hold one class only); with labels
        {0, 1}, {−1, 1} or booleans it may be omitted. With groups (folds), the result has one
        entry per group seen, in sorted group order.

        Parameters
        ----------
        chunks : iterable of tuple
            ``(y_true, y_pred)`` or ``(y_true, y_pred, groups)`` blocks, all of one kind.
        pos_label : scalar, optional
            The positive class, as in :meth:`from_labels`.
        labels : pair, optional
            Declare both classes.

        Returns
        -------
        BinaryCounts
            One entry, or one per group seen (sorted).

        Raises
        ------
        TypeError
            If a chunk is not a 2- or 3-tuple.
        ValueError
            If `chunks` is empty, or some chunks have groups and others not.

        Examples
        --------
        >>> blocks = [([1, 0], [1, 1]), ([0, 0, 1], [0, 0, 0])]
        >>> BinaryCounts.from_chunks(blocks) == BinaryCounts.from_labels([1, 0, 0, 0, 1],
        ...                                                              [1, 1, 0, 0, 0])
        True
        """
        total: BinaryCounts | None = None
        grouped: dict[Any, BinaryCounts] = {}
        for number, chunk in enumerate(chunks):
            if not isinstance(chunk, tuple | list) or len(chunk) not in (2, 3):
                raise TypeError(
                    f"Chunk {number} must be (y_true, y_pred) or (y_true, y_pred, groups)."
                )
            if len(chunk) == 2:
                part = cls.from_labels(chunk[0], chunk[1], pos_label=pos_label, labels=labels)
                total = part if total is None else total + part
            else:
                counts, groups = cls.from_groups(
                    chunk[0], chunk[1], chunk[2], pos_label=pos_label, labels=labels
                )
                for g, entry in zip(groups.tolist(), counts, strict=True):
                    grouped[g] = grouped[g] + entry if g in grouped else entry
        if grouped:
            if total is not None:
                raise ValueError("Chunks must all have groups or all lack them.")
            keys = sorted(grouped, key=lambda g: (str(type(g)), g))
            return cls.concat([grouped[k] for k in keys])
        if total is None:
            raise ValueError("`chunks` is empty: no rows to count.")
        return total

    @classmethod
    def from_rates(
        cls,
        specificity: Any,
        sensitivity: Any,
        *,
        negatives: Any = None,
        positives: Any = None,
        ratio: Any = None,
    ) -> BinaryCounts:
        """Counts from (specificity, sensitivity) and class sizes, or from a class ratio.

        With ``negatives`` and ``positives`` the counts are ``TN = ρ̄·N``, ``FP = N − TN``,
        ``TP = ρ·P``, ``FN = P − TP``. With ``ratio`` r = N/P they are normalized to sum to 1
        (N = n = r/(1+r), P = p = 1/(1+r), Armano 2015, §2): the matrix Ω of eq. 3.

        Parameters
        ----------
        specificity, sensitivity : array-like of shape (k,)
            Rates ρ̄ and ρ in [0, 1].
        negatives, positives : array-like of shape (k,), optional
            Class sizes N and P (with both, not with `ratio`).
        ratio : float or array-like of shape (k,), optional
            Class ratio r = N/P: normalized counts summing to 1.

        Returns
        -------
        BinaryCounts
            k entries (float counts).

        Raises
        ------
        ValueError
            If both or neither of `ratio` and the class sizes are given, a size is negative, or a
            rate lies outside [0, 1].

        Examples
        --------
        >>> BinaryCounts.from_rates([0.6], [0.8], negatives=25, positives=75)
        BinaryCounts(tn=[15.], fp=[10.], fn=[15.], tp=[60.])
        """
        spec = check_unit_interval(as_float_array(specificity, "specificity"), "specificity")
        sens = check_unit_interval(as_float_array(sensitivity, "sensitivity"), "sensitivity")
        check_same_length(specificity=spec, sensitivity=sens)
        if ratio is not None:
            if negatives is not None or positives is not None:
                raise ValueError("Pass either `ratio` or `negatives` and `positives`, not both.")
            r = check_ratio(ratio)
            neg, pos = r / (1 + r), 1 / (1 + r)
        else:
            if negatives is None or positives is None:
                raise ValueError("Pass `negatives` and `positives` (class sizes), or `ratio`.")
            neg = as_float_array(negatives, "negatives", ndim=None)
            pos = as_float_array(positives, "positives", ndim=None)
            if np.any(neg < 0) or np.any(pos < 0):
                raise ValueError("`negatives` and `positives` must be non-negative.")
        neg, pos = np.broadcast_to(neg, spec.shape), np.broadcast_to(pos, spec.shape)
        tn, tp = spec * neg, sens * pos
        return cls._trusted(tn, neg - tn, pos - tp, tp)

    # --- reweighting --------------------------------------------------------------------------
    def at_ratio(self, ratio: Any) -> BinaryCounts:
        """The normalized counts (Ω, Armano 2015 eq. 3) the same rates would give at ratio r.

        Keeps specificity and sensitivity and sets N = r/(1+r), P = 1/(1+r), so that every biased
        measure evaluated on the result answers "what if the class ratio were r?". At r = 1 it
        yields the unbiased measures (Armano 2015, §3). Entries without positives or without
        negatives have undefined rates and become NaN.

        Parameters
        ----------
        ratio : float or array-like of shape (k,)
            Class ratio r = N/P, positive and finite.

        Returns
        -------
        BinaryCounts
            Normalized counts (each entry sums to 1).

        Raises
        ------
        TypeError
            If `ratio` is not a number.
        ValueError
            If `ratio` is not positive and finite.

        Examples
        --------
        >>> BinaryCounts(tn=[15], fp=[10], fn=[15], tp=[60]).at_ratio(1.0)
        BinaryCounts(tn=[0.3], fp=[0.2], fn=[0.1], tp=[0.4])
        """
        r = check_ratio(ratio)
        with np.errstate(divide="ignore", invalid="ignore"):
            negatives, positives = self.negatives, self.positives
            # each rate divided directly (not as 1 − x): tiny rates keep their precision
            tnr, fpr = self.tn / negatives, self.fp / negatives
            fnr, tpr = self.fn / positives, self.tp / positives
        neg, pos = r / (1 + r), 1 / (1 + r)
        return BinaryCounts._trusted(tnr * neg, fpr * neg, fnr * pos, tpr * pos)


def _is_ragged(value: Any) -> bool:
    if isinstance(value, np.ndarray) or hasattr(value, "to_numpy"):
        return False
    if not isinstance(value, Sequence) or isinstance(value, str | bytes) or not value:
        return False
    first = value[0]
    if isinstance(first, str | bytes) or not hasattr(first, "__len__"):
        return False
    return len({len(row) for row in value}) > 1

"""Multi-class confusion matrices: batches of n×p counts (rows = true, columns = predicted)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import as_float_array, check_same_length, check_sample_weight
from phidelta.counts._binary import BinaryCounts
from phidelta.counts._labels import as_label_array, group_codes

__all__ = ["ConfusionMatrix"]


def _labels_list(values: Any, name: str) -> list[Any]:
    if isinstance(values, list | tuple):  # keep Python objects: [0, "erasure", 1] stays mixed
        items = [v.item() if isinstance(v, np.generic) else v for v in values]
        as_label_array(np.array(items, dtype=object), name)  # rejects missing values
    else:
        items = as_label_array(values, name).tolist()
    if len(set(map(repr, items))) != len(items):
        raise ValueError(f"`{name}` must not repeat a class; got {items!r}.")
    return items


class ConfusionMatrix:
    """A batch of k confusion matrices of shape (n, p): rows are the true (input) classes X,
    columns the predicted (output) classes Y (Valverde-Albacete & Peláez-Moreno 2010).

    n ≠ p is allowed (e.g. a classifier with a reject/erasure output). Counts may be fractional
    (joint probabilities, channel models). Matrices add entrywise with ``+``, so the matrix of
    two disjoint data sets is the sum of their matrices.

    Parameters
    ----------
    counts : array-like of shape (n, p) or (k, n, p)
        Non-negative, finite counts; every matrix must have a positive total.
    input_classes, output_classes : sequence, optional
        Class labels of rows and columns; default ``0..n-1`` for the rows, and for the columns
        the input classes when n = p. A rectangular matrix (n ≠ p, e.g. with a reject
        column) without ``output_classes`` has undeclared outputs: entropies work, but
        accuracy and kappa raise until the outputs are declared. A prediction is correct
        where the output label equals the input label.

    Examples
    --------
    >>> cm = ConfusionMatrix([[15, 0, 5], [0, 15, 5], [0, 0, 20]])   # matrix a of the paper
    >>> cm.shape, float(cm.total[0])
    ((1, 3, 3), 60.0)
    """

    __slots__ = ("counts", "input_classes", "output_classes")
    __hash__ = None  # type: ignore[assignment]

    counts: np.ndarray
    input_classes: list[Any]
    output_classes: list[Any]

    def __init__(
        self, counts: Any, *, input_classes: Any = None, output_classes: Any = None
    ) -> None:
        array = as_float_array(counts, "counts", ndim=None)
        if array.ndim == 2:
            array = array[None]
        if array.ndim != 3:
            raise ValueError(
                f"`counts` must have shape (n, p) or (k, n, p); got shape {array.shape}."
            )
        k, n, p = array.shape
        if n < 2 or p < 2:
            raise ValueError(
                f"A confusion matrix needs at least 2 input and 2 output classes; got {n}×{p}."
            )
        if np.any(array < 0):
            raise ValueError("`counts` must be non-negative.")
        totals = array.sum(axis=(1, 2))
        if k and np.any(totals <= 0):
            bad = np.flatnonzero(totals <= 0).tolist()
            raise ValueError(
                f"`counts` has all-zero matrices at positions {bad}; a confusion "
                "matrix needs at least one sample."
            )
        raw = np.asarray(counts)
        if np.issubdtype(raw.dtype, np.integer):
            array = array.astype(np.int64)
        inputs = (
            list(range(n))
            if input_classes is None
            else _labels_list(input_classes, "input_classes")
        )
        outputs: list[Any] | None
        if output_classes is not None:
            outputs = _labels_list(output_classes, "output_classes")
        else:  # 0..p-1 only where it means "the same classes as the inputs"
            outputs = list(range(p)) if p == n and input_classes is None else None
            if outputs is None and p == n:
                outputs = list(inputs)
        if len(inputs) != n or (outputs is not None and len(outputs) != p):
            raise ValueError(
                f"`input_classes` has {len(inputs)} and `output_classes` "
                f"{len(outputs) if outputs is not None else 'no'} labels "
                f"for matrices of shape {n}×{p}."
            )
        array.setflags(write=False)
        object.__setattr__(self, "counts", array)
        object.__setattr__(self, "input_classes", inputs)
        object.__setattr__(self, "output_classes", outputs)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("ConfusionMatrix is immutable; build a new one instead.")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.counts, self.input_classes, self.output_classes))

    # --- container protocol ---------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int, int]:
        return self.counts.shape  # type: ignore[return-value]

    def __len__(self) -> int:
        return self.counts.shape[0]

    def __getitem__(self, index: Any) -> ConfusionMatrix:
        if isinstance(index, int | np.integer):
            if not -len(self) <= index < len(self):
                raise IndexError(f"index {index} is out of range for {len(self)} matrices.")
            index = [int(index)]
        return ConfusionMatrix(
            self.counts[index], input_classes=self.input_classes, output_classes=self.output_classes
        )

    def __add__(self, other: Any) -> ConfusionMatrix:
        if not isinstance(other, ConfusionMatrix):
            return NotImplemented
        if self.shape != other.shape:
            raise ValueError(f"Cannot add matrices of shapes {self.shape} and {other.shape}.")
        if self.input_classes != other.input_classes or self.output_classes != other.output_classes:
            raise ValueError("Cannot add confusion matrices with different classes.")
        return ConfusionMatrix(
            self.counts + other.counts,
            input_classes=self.input_classes,
            output_classes=self.output_classes,
        )

    def __radd__(self, other: Any) -> ConfusionMatrix:
        if isinstance(other, int) and other == 0:
            return self
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ConfusionMatrix):
            return NotImplemented
        return (
            np.array_equal(self.counts, other.counts)
            and self.input_classes == other.input_classes
            and self.output_classes == other.output_classes
        )

    def __repr__(self) -> str:
        k, n, p = self.shape
        return (
            f"ConfusionMatrix({k} matrices of {n}×{p}; inputs {self.input_classes}, "
            f"outputs {self.output_classes})"
        )

    @property
    def total(self) -> np.ndarray:
        """Number of samples of each matrix."""
        return self.counts.sum(axis=(1, 2)).astype(np.float64)

    def joint(self) -> np.ndarray:
        """Joint probabilities P_XY = N_XY / N (the MLE of the paper), shape (k, n, p).

        Returns
        -------
        ndarray of shape (k, n, p)
            Each matrix divided by its total.
        """
        return self.counts / self.total[:, None, None]

    def sum(self) -> ConfusionMatrix:
        """Pool the batch into one matrix.

        Returns
        -------
        ConfusionMatrix
            One matrix, the sum of the batch.
        """
        return ConfusionMatrix(
            self.counts.sum(axis=0),
            input_classes=self.input_classes,
            output_classes=self.output_classes,
        )

    @property
    def outputs_declared(self) -> bool:
        """False for a rectangular matrix built without ``output_classes``: which of its
        predictions are correct is then unknown."""
        return self.output_classes is not None

    def correct_mask(self) -> np.ndarray:
        """Boolean (n, p): where the output label equals the input label (correct decisions).

        Raises a ValueError for a rectangular matrix without declared output classes.

        Returns
        -------
        ndarray of bool, shape (n, p)
            True where the output label equals the input label.

        Raises
        ------
        ValueError
            For a rectangular matrix without declared output classes.
        """
        if self.output_classes is None:
            n, p = self.shape[1:]
            raise ValueError(
                f"This {n}×{p} confusion matrix has {p} output columns for {n} input classes "
                "and no declared `output_classes`, so which predictions are correct is unknown "
                "(accuracy, kappa); pass `output_classes` (e.g. [0, 'erasure', 1])."
            )
        mask = np.zeros(self.shape[1:], dtype=bool)
        for i, x in enumerate(self.input_classes):
            for j, y in enumerate(self.output_classes):
                mask[i, j] = _same_label(x, y)
        return mask

    # --- constructors -----------------------------------------------------------------------------
    @classmethod
    def from_labels(
        cls,
        y_true: Any,
        y_pred: Any,
        *,
        classes: Any = None,
        output_classes: Any = None,
        sample_weight: Any = None,
    ) -> ConfusionMatrix:
        """Count true and predicted labels into one matrix.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (m,)
            True and predicted labels.
        classes : sequence, optional
            The input classes, in order. Pass them: a class that never occurs still counts
            (it sets the size of the uniform reference U_X). Default: the sorted labels seen.
        output_classes : sequence, optional
            Output classes if they differ from ``classes`` (e.g. with a reject symbol).
        sample_weight : array-like of shape (m,), optional
            Non-negative weights; the counts become weighted (float) sums.

        Returns
        -------
        ConfusionMatrix
            One matrix of shape (n, p).

        Raises
        ------
        ValueError
            If the lengths differ, a class repeats, or a label is not among the declared classes.

        Examples
        --------
        >>> y_true, y_pred = ["a", "b", "b"], ["a", "b", "a"]
        >>> cm = ConfusionMatrix.from_labels(y_true, y_pred, classes=["a", "b", "c"])
        >>> cm.counts[0]
        array([[1, 0, 0],
               [1, 1, 0],
               [0, 0, 0]])
        """
        counts, inputs, outputs = _count(
            y_true, y_pred, None, classes, output_classes, sample_weight
        )
        return cls(counts[0], input_classes=inputs, output_classes=outputs)

    @classmethod
    def from_groups(
        cls,
        y_true: Any,
        y_pred: Any,
        groups: Any,
        *,
        classes: Any = None,
        output_classes: Any = None,
        sample_weight: Any = None,
    ) -> tuple[ConfusionMatrix, np.ndarray]:
        """One matrix per group (fold, SNR level); returns ``(matrices, groups)``.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (m,)
            True and predicted labels.
        groups : array-like of shape (m,)
            The group (fold, SNR level) of each sample.
        classes : sequence, optional
            The input classes, in order (default: the sorted labels seen).
        output_classes : sequence, optional
            Output classes if they differ from ``classes``.
        sample_weight : array-like of shape (m,), optional
            Non-negative weights.

        Returns
        -------
        matrices : ConfusionMatrix
            One matrix per group.
        groups : ndarray
            The groups, in sorted order.

        Raises
        ------
        ValueError
            As :meth:`from_labels`.

        Examples
        --------
        >>> folds = ["a", "a", "b", "b"]
        >>> cm, groups = ConfusionMatrix.from_groups([0, 1, 1, 0], [0, 1, 0, 0], folds)
        >>> cm.counts[1], groups
        (array([[1, 0],
               [1, 0]]), array(['a', 'b'], dtype='<U1'))
        """
        group_array = as_label_array(groups, "groups")
        uniques, codes = group_codes(group_array)
        counts, inputs, outputs = _count(
            y_true, y_pred, (codes, len(uniques)), classes, output_classes, sample_weight
        )
        return cls(counts, input_classes=inputs, output_classes=outputs), uniques

    @classmethod
    def from_chunks(
        cls, chunks: Any, *, classes: Any, output_classes: Any = None
    ) -> ConfusionMatrix:
        """The matrix of data arriving in blocks of ``(y_true, y_pred)``; ``classes`` must be
        declared (a block need not contain every class).

        Parameters
        ----------
        chunks : iterable of (y_true, y_pred)
            Blocks of labels.
        classes : sequence
            The input classes, in order (required).
        output_classes : sequence, optional
            Output classes if they differ from ``classes``.

        Returns
        -------
        ConfusionMatrix
            One matrix.

        Raises
        ------
        TypeError
            If a chunk is not a pair.
        ValueError
            If `classes` is missing or `chunks` is empty.

        Examples
        --------
        >>> ConfusionMatrix.from_chunks([([0, 1], [0, 2]), ([2], [2])], classes=[0, 1, 2]).counts
        array([[[1, 0, 0],
                [0, 0, 1],
                [0, 0, 1]]])
        """
        if classes is None:
            raise ValueError("`classes` is required for chunks: a block may miss a class.")
        total: ConfusionMatrix | None = None
        for number, chunk in enumerate(chunks):
            if not isinstance(chunk, tuple | list) or len(chunk) != 2:
                raise TypeError(f"Chunk {number} must be a pair (y_true, y_pred).")
            counts, inputs, outputs = _count(
                chunk[0], chunk[1], None, classes, output_classes, None
            )
            part = counts[0]
            total = part if total is None else total + part  # type: ignore[operator]
            last = (inputs, outputs)
        if total is None:
            raise ValueError("`chunks` is empty: no rows to count.")
        return cls(total, input_classes=last[0], output_classes=last[1])

    @classmethod
    def from_channel(
        cls,
        channel: Any,
        prior: Any = None,
        *,
        input_classes: Any = None,
        output_classes: Any = None,
    ) -> ConfusionMatrix:
        """Joint distributions P_XY = prior(x)·P(Y | X = x) from channel matrices (rows sum to 1).

        Parameters
        ----------
        channel : array-like of shape (n, p) or (k, n, p)
            P(Y | X = x) per row, each row summing to 1.
        prior : array-like of shape (n,), optional
            P(X), n non-negative probabilities summing to 1; uniform by default.
        input_classes, output_classes : sequence, optional
            Class labels of the rows and columns.

        Returns
        -------
        ConfusionMatrix
            Joint probabilities (float counts summing to 1 per matrix).

        Raises
        ------
        ValueError
            If the shape is wrong, a probability is negative, a row does not sum to 1, or
            `prior` is invalid.

        References
        ----------
        Valverde-Albacete, F. J., & Peláez-Moreno, C. (2010). Two information-theoretic tools to
        assess the performance of multi-class classifiers. Pattern Recognition Letters. Fig. 4(b)
        (channel models).

        Examples
        --------
        >>> ConfusionMatrix.from_channel([[0.9, 0.1], [0.1, 0.9]]).counts[0]
        array([[0.45, 0.05],
               [0.05, 0.45]])
        """
        matrix = as_float_array(channel, "channel", ndim=None)
        if matrix.ndim == 2:
            matrix = matrix[None]
        if matrix.ndim != 3:
            raise ValueError(f"`channel` must have shape (n, p) or (k, n, p); got {matrix.shape}.")
        if np.any(matrix < 0):
            raise ValueError("`channel` must hold probabilities P(Y | X) >= 0.")
        rows = matrix.sum(axis=2)
        if not np.allclose(rows, 1.0, rtol=0, atol=1e-9):
            worst = float(np.max(np.abs(rows - 1)))
            raise ValueError(
                f"Each row of `channel` must sum to 1 (it is P(Y | X = x)); the worst row is off "
                f"by {worst:.3g}."
            )
        n = matrix.shape[1]
        if prior is None:
            weights = np.full(n, 1.0 / n)
        else:
            weights = as_float_array(prior, "prior")
            if len(weights) != n or np.any(weights < 0) or not np.isclose(weights.sum(), 1.0):
                raise ValueError(
                    f"`prior` must be {n} non-negative probabilities summing to 1; got {prior!r}."
                )
        return cls(
            weights[None, :, None] * matrix,
            input_classes=input_classes,
            output_classes=output_classes,
        )

    # --- reductions ----------------------------------------------------------------------------
    def one_vs_rest(self) -> BinaryCounts:
        """Binary counts of each class against the rest: entry ``m·n + i`` is class i of matrix m.

        Class i is positive; TP = N(i, i), FN = row i minus TP, FP = column i minus TP (columns
        matched by label; an output with no matching input class — a reject symbol — is a
        negative prediction for every class).

        Returns
        -------
        BinaryCounts
            k·n entries.

        Examples
        --------
        >>> ConfusionMatrix([[5, 1], [2, 4]]).one_vs_rest().tp
        array([5., 4.])
        """
        k, n, _ = self.shape
        joint = self.counts.astype(np.float64)
        mask = self.correct_mask()
        total = joint.sum(axis=(1, 2))
        row = joint.sum(axis=2)  # (k, n): positives of each class
        # predicted as class i: the output column(s) labelled like input class i
        predicted = np.einsum("kap,np->kn", joint, mask.astype(np.float64))
        tp = np.einsum("knp,np->kn", joint, mask.astype(np.float64))
        fn, fp = row - tp, predicted - tp
        tn = total[:, None] - row - fp
        fields = [np.clip(a, 0, None).reshape(k * n) for a in (tn, fp, fn, tp)]
        return BinaryCounts._trusted(*fields)


def _restore(counts: np.ndarray, inputs: list[Any], outputs: list[Any]) -> ConfusionMatrix:
    return ConfusionMatrix(counts, input_classes=inputs, output_classes=outputs)


def _same_label(a: Any, b: Any) -> bool:
    try:
        return bool(a == b) and isinstance(a, str) == isinstance(b, str)
    except Exception:
        return False


def _count(
    y_true: Any,
    y_pred: Any,
    grouping: tuple[np.ndarray, int] | None,
    classes: Any,
    output_classes: Any,
    sample_weight: Any,
) -> tuple[np.ndarray, list[Any], list[Any]]:
    t = as_label_array(y_true, "y_true")
    p = as_label_array(y_pred, "y_pred")
    check_same_length(y_true=t, y_pred=p)
    if classes is None:
        inputs = sorted(
            set(np.unique(t).tolist()) | set(np.unique(p).tolist())
            if output_classes is None
            else set(np.unique(t).tolist()),
            key=_sort_key,
        )
    else:
        inputs = _labels_list(classes, "classes")
    outputs = inputs if output_classes is None else _labels_list(output_classes, "output_classes")
    t_codes = _codes(t, inputs, "y_true", "classes")
    p_codes = _codes(
        p, outputs, "y_pred", "output_classes" if output_classes is not None else "classes"
    )
    n, q = len(inputs), len(outputs)
    cell = t_codes * q + p_codes
    weights = None
    if sample_weight is not None:
        weights = check_sample_weight(sample_weight, len(t))
    k = 1
    if grouping is not None:
        codes, k = grouping
        check_same_length(y_true=t, groups=codes)
        cell = codes * (n * q) + cell
    flat = np.bincount(cell, weights=weights, minlength=k * n * q)
    return flat.reshape(k, n, q), inputs, outputs


def _sort_key(value: Any) -> tuple[str, Any]:
    return (type(value).__name__, value)


def _key(value: Any) -> tuple[bool, Any]:
    """Hashable identity of a label: strings never equal numbers ("1" ≠ 1), 1 == 1.0 == True."""
    return (isinstance(value, str | bytes), value)


def _codes(values: np.ndarray, classes: list[Any], name: str, classes_name: str) -> np.ndarray:
    """Index of each label in ``classes``; a clear error for labels outside them."""
    kinds = {isinstance(c, str | bytes) for c in classes} | (
        {values.dtype.kind in "USO" and values.dtype.kind != "O"} if values.size else set()
    )
    if len(kinds) == 1 and values.dtype.kind != "O":
        lookup = np.asarray(classes)
        order = np.argsort(lookup, kind="stable")
        sorted_classes = lookup[order]
        positions = np.clip(np.searchsorted(sorted_classes, values), 0, len(classes) - 1)
        found = sorted_classes[positions] == values
        codes = order[positions].astype(np.intp)
    else:  # mixed label types: a dictionary lookup
        index = {_key(c): i for i, c in enumerate(classes)}
        codes = np.array([index.get(_key(v), -1) for v in values.tolist()], dtype=np.intp)
        found = codes >= 0
    if not np.all(found):
        stray = sorted({repr(v) for v in values[~found].tolist()})[:6]
        raise ValueError(
            f"`{name}` has labels [{', '.join(stray)}] that are not in "
            f"`{classes_name}` ({classes!r})."
        )
    return codes

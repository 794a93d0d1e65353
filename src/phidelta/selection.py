"""scikit-learn integration: select features by their φ-δ signature (an interface layer)."""

from __future__ import annotations

import numbers
import warnings
from typing import Any

import numpy as np

try:
    from sklearn.base import BaseEstimator
    from sklearn.feature_selection import SelectorMixin
    from sklearn.utils.validation import check_is_fitted, validate_data
except ImportError as exc:  # pragma: no cover - exercised without scikit-learn only
    raise ImportError("phidelta.selection needs scikit-learn: pip install 'phidelta[ml]'.") from exc

from phidelta.counts import check_pos_label
from phidelta.signatures import ConstantFeatureWarning, Signature, signature

__all__ = ["PhiDeltaSelector"]


class PhiDeltaSelector(SelectorMixin, BaseEstimator):
    """Select features with Armano's rule on their φ-δ signature (Armano 2015, §5.1).

    Keeps features with |φ| < ``phi_max`` and |φ| + |δ|/``delta_min`` ≥ 1 and, with ``fdr``,
    whose dependence on the class survives a false discovery rate control; then the top ``k``
    by |δ|. Features are read as present when nonzero (binary counts: a bag-of-words matrix
    from ``CountVectorizer``/``TfidfVectorizer`` works as is, sparse); ``numeric="soft"`` or
    ``"threshold"`` reads dense numeric columns instead.

    Parameters
    ----------
    phi_max : float, default 1.0
        φM of the rule: features with |φ| ≥ ``phi_max`` are too characteristic (present in
        almost all documents, or in almost none) to be kept (Armano 2015, §5.1).
    delta_min : float, default 0.0
        δm of the rule: the discriminant capability a feature at φ = 0 needs; 0 keeps every
        feature with |φ| < ``phi_max``.
    k : int or None, default None
        Keep at most this many features (by |δ|); None keeps all that pass the rule.
    ratio : float or "actual", default 1.0
        Class ratio of the φ-δ space the rule is applied in (1: standard, unbiased).
    numeric : {"presence", "soft", "threshold"}, default "presence"
        How a column becomes counts: ``"presence"`` reads nonzero as present (binary counts);
        ``"soft"`` and ``"threshold"`` read dense numeric columns as :func:`signature` does.
    pos_label : optional
        The positive class of the reported signatures. The selection itself does not depend
        on it (|φ| and |δ| are symmetric in the classes); by default 1 / True for {0, 1},
        {−1, 1} and {False, True}, else the last class in sorted order.
    fdr : float in (0, 1) or None, default None
        Also require the Benjamini–Hochberg adjusted p-value of H₀ "the feature is independent
        of the class" to be at most ``fdr`` (Benjamini & Hochberg 1995), over all features:
        Fisher's exact test for ``numeric="presence"`` (binary counts), the permutation test of
        |δ| (:meth:`Signature.pvalues`, cuts re-optimized in ``"threshold"`` mode) otherwise.
        With more than two classes the control is applied per class (one against the rest).
    n_permutations : int, default 1000
        Permutations of the permutation test (``fdr`` set, ``numeric`` "soft" or "threshold").
    random_state : int or None, default 0
        Seed of the permutation test.

    Attributes
    ----------
    signature_ : Signature
        The signature (of the first class against the rest, for multi-class labels).
    signatures_ : list of Signature
        One per class for multi-class labels; a single one for binary labels.
    support_ : ndarray of bool
        The mask of the kept features (:meth:`get_support`).

    See Also
    --------
    phidelta.signatures.signature : the signatures the rule reads.
    phidelta.signatures.Signature.select : the rule on one signature.

    References
    ----------
    G. Armano, "A direct measure of discriminant and characteristic capability for classifier
    building and assessment", Information Sciences (2015): §5.1, Fig. 12 and Table 3.
    Y. Benjamini and Y. Hochberg, "Controlling the false discovery rate: a practical and
    powerful approach to multiple testing", JRSS B 57 (1995) 289–300.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1, 0, 1], [1, 1, 0], [0, 1, 1], [0, 0, 1]])
    >>> y = np.array([1, 1, 0, 0])
    >>> PhiDeltaSelector(delta_min=0.5, k=1).fit(X, y).get_support()
    array([ True, False, False])

    Only the features that are more than noise, at a 5 % false discovery rate:

    >>> rng = np.random.default_rng(0)
    >>> y = np.repeat([0, 1], 100)
    >>> X = np.column_stack([y + rng.normal(size=200), rng.normal(size=(200, 30))])
    >>> PhiDeltaSelector(numeric="soft", fdr=0.05).fit(X, y).get_support(indices=True)
    array([0])
    """

    def __init__(
        self,
        phi_max: float = 1.0,
        delta_min: float = 0.0,
        k: int | None = None,
        ratio: float | str = 1.0,
        numeric: str = "presence",
        pos_label: Any = None,
        fdr: float | None = None,
        n_permutations: int = 1000,
        random_state: int | None = 0,
    ):
        self.phi_max = phi_max
        self.delta_min = delta_min
        self.k = k
        self.ratio = ratio
        self.numeric = numeric
        self.pos_label = pos_label
        self.fdr = fdr
        self.n_permutations = n_permutations
        self.random_state = random_state

    def fit(self, X: Any, y: Any) -> PhiDeltaSelector:
        """Compute the signature of every feature and apply the selection rule.

        With more than two classes each class is assessed against the rest (one signature
        per class, ``signatures_``) and a feature is kept when the rule keeps it for any class;
        ``k`` then ranks features by their largest |δ| over the classes.

        Parameters
        ----------
        X : array-like or sparse matrix of shape (n_samples, n_features)
            The features: counts or presence (a bag-of-words matrix), or numeric columns with
            ``numeric="soft"`` or ``"threshold"``; no missing values.
        y : array-like of shape (n_samples,)
            The class labels (two or more classes).

        Returns
        -------
        PhiDeltaSelector
            The fitted selector itself (``signature_``, ``signatures_`` and ``support_`` set).

        Raises
        ------
        ValueError
            If ``numeric``, ``fdr`` or ``k`` is invalid, or ``y`` has a single class.
        """
        X, y = validate_data(
            self,
            X,
            y,
            accept_sparse=("csr", "csc"),
            ensure_all_finite=True,
            dtype=None if _is_sparse(X) else np.float64,
        )
        if self.numeric not in ("presence", "soft", "threshold"):
            raise ValueError(
                f'`numeric` must be "presence", "soft" or "threshold"; got {self.numeric!r}.'
            )
        if self.fdr is not None and (isinstance(self.fdr, bool) or not 0 < self.fdr < 1):
            raise ValueError(f"`fdr` must be in (0, 1) or None; got {self.fdr!r}.")
        for name, low, high in (("phi_max", 0.0, 2.0), ("delta_min", 0.0, 1.0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise TypeError(f"`{name}` must be a number in [{low:g}, {high:g}]; got {value!r}.")
        ratio = self.ratio
        if not (
            (isinstance(ratio, str) and ratio == "actual")
            or (isinstance(ratio, numbers.Real) and not isinstance(ratio, bool) and ratio > 0)
        ):
            raise ValueError(f'`ratio` must be a positive number or "actual"; got {ratio!r}.')
        classes = np.unique(y)
        if len(classes) < 2:
            raise ValueError(
                f"PhiDeltaSelector needs at least two classes; got one class {classes.tolist()}."
            )
        import scipy.sparse as sp

        data = X.tocsr() if sp.issparse(X) else X
        if self.numeric == "presence" and not sp.issparse(data):
            dense = np.asarray(data)
            if dense.size and (dense.min() < 0 or not np.array_equal(dense, np.trunc(dense))):
                warnings.warn(
                    'numeric="presence" reads every non-zero value as present; these features '
                    "hold negative or fractional values (continuous, scaled?): "
                    'numeric="soft" or "threshold" reads them as numbers.',
                    UserWarning,
                    stacklevel=2,
                )
            data = (dense != 0).astype(np.float64)
        mode = "soft" if self.numeric == "presence" else self.numeric
        if len(classes) == 2:
            pos_label = self.pos_label
            if pos_label is None:
                # |φ| and |δ| are the same whichever class is positive (φ → −φ, δ → δ), so the
                # selection needs no positive class: the package's rule where it applies, else
                # the last class
                try:
                    pos_label = check_pos_label(classes.tolist(), None, where="`y`")
                except ValueError:
                    pos_label = classes[-1]
            tasks = [(pos_label, y)]
        else:
            tasks = [(1, (y == c).astype(int)) for c in classes]
        n_features = X.shape[1]
        named = getattr(self, "feature_names_in_", None)  # a DataFrame's columns
        names = None if named is None else [str(name) for name in named]
        support = np.zeros(n_features, dtype=bool)
        best_delta = np.zeros(n_features)
        signatures = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConstantFeatureWarning)
            for pos_label, target in tasks:
                sig = signature(
                    data, target, pos_label=pos_label, numeric=mode, feature_names=names
                )
                ratio = sig.ratio if self.ratio == "actual" else float(self.ratio)
                pvalues: Any = "fisher"
                if self.fdr is not None and self.numeric != "presence":
                    pvalues = sig.pvalues(
                        "permutation",
                        n_permutations=self.n_permutations,
                        random_state=self.random_state,
                    )
                chosen = sig.select(
                    phi_max=self.phi_max,
                    delta_min=self.delta_min,
                    ratio=ratio,
                    fdr=self.fdr,
                    pvalues=pvalues,
                )
                support[chosen] = True
                delta = np.abs(sig.phi_delta(ratio).delta)
                best_delta = np.maximum(best_delta, np.nan_to_num(delta))
                signatures.append(sig)
        if self.k is not None:
            if isinstance(self.k, bool) or not isinstance(self.k, int | np.integer) or self.k < 0:
                raise ValueError(f"`k` must be a non-negative integer or None; got {self.k!r}.")
            candidates = np.flatnonzero(support)
            keep = candidates[np.argsort(-best_delta[candidates], kind="stable")[: self.k]]
            support = np.zeros(n_features, dtype=bool)
            support[keep] = True
        self.signatures_: list[Signature] = signatures
        self.signature_: Signature = signatures[0]
        self.support_ = support
        return self

    def _get_support_mask(self) -> np.ndarray:
        check_is_fitted(self, "support_")
        return self.support_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        tags.input_tags.sparse = True
        tags.input_tags.allow_nan = False
        return tags


def _is_sparse(X: Any) -> bool:
    import scipy.sparse as sp

    return sp.issparse(X)

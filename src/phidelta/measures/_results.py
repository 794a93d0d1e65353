"""Result objects that unpack like tuples and read like records, as SciPy's results do.

Every result of :mod:`phidelta.measures` and :mod:`phidelta.inference` is a frozen dataclass
with named attributes (its repr shows them). :class:`TupleResult` adds the tuple protocol —
``__iter__``, ``__len__`` and ``__getitem__`` over the documented fields in ``_fields`` — so
that a result unpacks the way the established functions' results do::

    fpr, tpr, thresholds = roc_curve(table)                # scikit-learn's roc_curve
    statistic, pvalue = inference.delong_test(y, a, b)     # scipy.stats' test results
    low, high = inference.auc_confidence_interval(table)   # scipy.stats' ConfidenceInterval

Attributes outside ``_fields`` (the table a curve came from, counts, labels) stay attributes.
Where SciPy has the concept the result also answers to SciPy's name: ``statistic``,
``pvalue``, ``standard_error``, ``confidence_interval`` and ``confidence_level``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

__all__ = ["ConfidenceInterval", "TupleResult"]


class TupleResult:
    """Mixin for a frozen dataclass: unpacks, indexes and measures like ``tuple(_fields)``.

    A subclass names the unpacked attributes, in order, in the class attribute ``_fields``;
    ``iter``, ``len`` and ``[i]`` then agree with that tuple.

    See Also
    --------
    ConfidenceInterval : a result built on it.

    References
    ----------
    Virtanen, P., et al. (2020). SciPy 1.0: fundamental algorithms for scientific computing in
    Python. Nature Methods, 17, 261–272 (SciPy's result objects, which unpack the same way).

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> from typing import ClassVar
    >>> @dataclass(frozen=True)
    ... class Pair(TupleResult):
    ...     statistic: float
    ...     pvalue: float
    ...     note: str = ""
    ...     _fields: ClassVar[tuple[str, ...]] = ("statistic", "pvalue")
    >>> statistic, pvalue = Pair(1.5, 0.13, note="not unpacked")
    >>> len(Pair(1.5, 0.13)), Pair(1.5, 0.13)[1]
    (2, 0.13)
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __iter__(self) -> Iterator[Any]:
        return (getattr(self, name) for name in self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __getitem__(self, index: int | slice) -> Any:
        return tuple(self)[index]


@dataclass(frozen=True)
class ConfidenceInterval(TupleResult):
    """The bounds of a confidence interval; unpacks as ``low, high``.

    The shape of ``scipy.stats``' ``ConfidenceInterval``: floats for one estimate, arrays
    (one bound per entry) for a batch.

    Attributes
    ----------
    low, high : float or ndarray
        The bounds; arrays hold one bound per entry.

    See Also
    --------
    phidelta.inference.Interval : estimates with their intervals.

    References
    ----------
    Virtanen, P., et al. (2020). SciPy 1.0: fundamental algorithms for scientific computing in
    Python. Nature Methods, 17, 261–272 (``scipy.stats``' ``ConfidenceInterval``, whose shape
    this follows).

    Examples
    --------
    >>> ci = ConfidenceInterval(0.62, 0.91)
    >>> low, high = ci
    >>> low, ci.high
    (0.62, 0.91)
    """

    low: Any
    high: Any

    _fields: ClassVar[tuple[str, ...]] = ("low", "high")

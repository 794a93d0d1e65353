"""Warnings and errors raised by phidelta."""

from __future__ import annotations

__all__ = ["UndefinedMeasureWarning"]


class UndefinedMeasureWarning(UserWarning):
    """A measure has a zero denominator for some entries.

    Raised by every measure when its default ``zero_division="warn"`` is in effect; the
    undefined entries are returned as NaN. Pass an explicit ``zero_division`` value (a float,
    or ``numpy.nan``) to choose the value and silence the warning.

    See Also
    --------
    phidelta.signatures.ConstantFeatureWarning : the warning of a feature with a single value.

    Examples
    --------
    Precision is undefined without predicted positives (tp + fp = 0):

    >>> import warnings
    >>> from phidelta.counts import BinaryCounts
    >>> from phidelta.measures import precision
    >>> counts = BinaryCounts(tn=[5, 3], fp=[0, 1], fn=[5, 2], tp=[0, 4])
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     precision(counts)
    array([nan, 0.8])
    >>> caught[0].category is UndefinedMeasureWarning
    True
    >>> precision(counts, zero_division=0.0)  # chosen: no warning
    array([0. , 0.8])
    """

"""Warnings and errors raised by phidelta."""

from __future__ import annotations

__all__ = ["SuspectColumnWarning", "ThresholdWarning", "UndefinedMeasureWarning"]


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


class SuspectColumnWarning(UserWarning):
    """Columns of a signature that look like no feature: a copy of the label, or an identifier.

    A column with a feature that separates the classes perfectly (standard δ = ±1) is often
    the label itself, or computed from it; a text column with a different value in every row
    (a name, an id) becomes one one-row indicator per row. Both are ranked among the features
    without complaint, so :func:`phidelta.signatures.signature` (and every door that builds a
    signature) warns, naming them; leave them out with ``kinds={column: "ignore"}``.
    The same columns are data on the result: :attr:`phidelta.signatures.Signature.suspect_columns`.

    Parameters
    ----------
    message : str
        The warning's text.
    columns : dict of str to str
        Each suspect column and why: ``"label copy"`` or ``"identifier"``.

    Attributes
    ----------
    columns : dict of str to str
        The suspect columns and why.

    Examples
    --------
    >>> import warnings
    >>> import numpy as np
    >>> from phidelta import signature
    >>> y = np.array([0, 1] * 10)
    >>> data = np.column_stack([y, np.arange(20) % 3])  # the first column is the label
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     sig = signature(data, y)
    >>> caught[0].category is SuspectColumnWarning, caught[0].message.columns
    (True, {'F1': 'label copy'})
    >>> signature(data, y, kinds={"F1": "ignore"}).suspect_columns  # left out: no warning
    {}
    """

    def __init__(self, message: str, columns: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.columns = dict(columns or {})


class ThresholdWarning(UserWarning):
    """The default cut of the scores puts every row on one side.

    Without a threshold, scores in [0, 1] are cut at 0.5 (probabilities) and other scores at
    0 (decision functions). Scores that are never negative yet exceed 1 (a concentration, a
    percentage, a count) all lie at or above 0, so every row is predicted positive and every
    measure of the predictions says so; the score's ranking measures (AUC, curves) are
    unaffected. Give the threshold (a number within the scores, or ``"optimal"``).

    Examples
    --------
    >>> import warnings
    >>> from phidelta.assessment import assess
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     result = assess([0, 1, 0, 1], scores=[20.0, 80.0, 35.0, 60.0])
    >>> caught[0].category is ThresholdWarning, result.counts.fp.tolist()
    (True, [2])
    >>> assess([0, 1, 0, 1], scores=[20.0, 80.0, 35.0, 60.0], threshold=50).counts.fp.tolist()
    [0]
    """

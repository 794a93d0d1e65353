"""Warnings and errors raised by phidelta."""

from __future__ import annotations

__all__ = ["UndefinedMeasureWarning"]


class UndefinedMeasureWarning(UserWarning):
    """A measure has a zero denominator for some entries.

    Raised by every measure when its default ``zero_division="warn"`` is in effect; the
    undefined entries are returned as NaN. Pass an explicit ``zero_division`` value (a float,
    or ``numpy.nan``) to choose the value and silence the warning.
    """

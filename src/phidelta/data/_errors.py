"""The error of the data layer: a ValueError that names what it concerns."""

from __future__ import annotations

__all__ = ["DataError"]


class DataError(ValueError):
    """Bad data or a bad description of it.

    ``role`` names what the message concerns — ``"file"``, a role such as ``"label"``,
    ``"positive"``, ``"score"``, ``"threshold"``, or a column name — so that a door can point at
    the control (a web form field, a command-line option) that caused it; ``limit`` names
    the exceeded :class:`~phidelta.data.Limits` bound (an interface may answer "too large").

    Parameters
    ----------
    message : str
        What is wrong and how to fix it.
    role : str, optional
        What the message concerns.

    Attributes
    ----------
    role : str or None
        What the message concerns.
    limit : str or None
        The exceeded :class:`~phidelta.data.Limits` field, for errors of size.

    Examples
    --------
    >>> error = DataError("the label column must be a column name; got 3", "label")
    >>> error.role, isinstance(error, ValueError)
    ('label', True)
    """

    def __init__(self, message: str, role: str | None = None) -> None:
        super().__init__(message)
        self.role = role
        #: the exceeded :class:`~phidelta.data.Limits` field, for errors of size
        self.limit: str | None = None

"""The error of the data layer: a ValueError that names what it concerns."""

from __future__ import annotations

import difflib

__all__ = ["DataError", "missing_column"]


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


def header_hint(names: list[str]) -> str:
    """ " (…the file needs a header row…)" when every column name reads as a number: the first
    row of a file without a header is taken for the names; else ""."""

    def number(text: str) -> bool:
        try:
            float(text)
        except ValueError:
            return False
        return True

    if names and all(number(str(name)) for name in names):
        return " (the first row looks like data: the file needs a header row of column names)"
    return ""


def missing_column(
    column: str, present: list[str], where: str, role: str | None = None
) -> DataError:
    """The error for a column that is not in the data: it names the role, suggests the
    column meant (same name in other case, else a close spelling) and lists the columns.

    Examples
    --------
    >>> print(missing_column("rainbool", ["RainBool"], "a.csv", "label"))
    column 'rainbool' (label) is not in a.csv; did you mean 'RainBool'? Its columns are RainBool
    >>> missing_column("rainbool", ["RainBool", "Tmin"], "a.csv", "label").role
    'label'
    """
    names = [str(name) for name in present]
    folded = [name for name in names if name.casefold() == str(column).casefold()]
    close = folded or difflib.get_close_matches(str(column), names, n=1, cutoff=0.75)
    shown = ", ".join(names[:30]) + (" …" if len(names) > 30 else "")
    what = f"column {column!r}" + (f" ({role})" if role else "")
    hint = header_hint(names)
    if close:
        return DataError(
            f"{what} is not in {where}; did you mean {close[0]!r}? Its columns are {shown}{hint}",
            role or str(column),
        )
    return DataError(
        f"{what} is not in {where}; its columns are {shown}{hint}", role or str(column)
    )

"""Docstring entries that the point measures share, written once.

A measure's docstring names them by placeholder lines (``{counts}``, ``{zero_division}``,
``{raises}``) and :func:`measure_entries` fills them in (see
:func:`phidelta._docstrings.shared_entries`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

from phidelta._docstrings import shared_entries

F = TypeVar("F", bound=Callable[..., Any])

#: The `counts` parameter of every point measure.
COUNTS = """\
counts : BinaryCounts
    One or more binary confusion counts; one value per entry."""

#: The errors of a measure of `counts` alone.
COUNTS_RAISES = """\
Raises
------
TypeError
    If `counts` is not a :class:`~phidelta.counts.BinaryCounts`."""

#: The errors of a measure of `counts` with the `zero_division` policy.
RAISES = (
    COUNTS_RAISES
    + """
ValueError
    If `zero_division` is neither ``"warn"`` nor a number."""
)


def zero_division_entry(where: str) -> str:
    """The `zero_division` parameter of a measure undefined for the entries `where` …

    Parameters
    ----------
    where : str
        The entries where the measure is undefined, e.g. ``"there are no samples (M = 0)"``.

    Returns
    -------
    str
        The entry, its description wrapped at 84 characters (88 at a docstring's indentation).

    Examples
    --------
    >>> print(zero_division_entry("B = 0"))
    zero_division : "warn" or float, default="warn"
        Value for entries where B = 0. With ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.
    """
    description = (
        f'Value for entries where {where}. With ``"warn"`` they are NaN and an '
        ":class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many."
    )
    wrapped = textwrap.fill(
        description,
        width=84,
        initial_indent="    ",
        subsequent_indent="    ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    return 'zero_division : "warn" or float, default="warn"\n' + wrapped


def measure_entries(where: str, **more: str) -> Callable[[F], F]:
    """Fill a measure's ``{counts}``, ``{zero_division}`` and ``{raises}`` lines.

    Parameters
    ----------
    where : str
        The entries where the measure is undefined, as in :func:`zero_division_entry`.
    **more : str
        Further fragments of this docstring, ``name=text``.

    Returns
    -------
    callable
        The decorator of :func:`phidelta._docstrings.shared_entries`.

    Examples
    --------
    >>> @measure_entries("B = 0")
    ... def f(counts, *, zero_division="warn"):
    ...     '''F.
    ...
    ...     Parameters
    ...     ----------
    ...     {counts}
    ...     {zero_division}
    ...
    ...     {raises}
    ...     '''
    >>> f.__doc__.splitlines()[4].strip()
    'counts : BinaryCounts'
    """
    return shared_entries(
        counts=COUNTS, zero_division=zero_division_entry(where), raises=RAISES, **more
    )

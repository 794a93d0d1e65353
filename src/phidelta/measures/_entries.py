"""Docstring entries that the point measures share, written once.

A measure's docstring names them by placeholder lines and :func:`measure_entries` fills them in
(see :func:`phidelta._docstrings.shared_entries`): ``{parameters}`` (the section of `counts` and
`zero_division`; in a Parameters section with more entries, ``{counts}`` and
``{zero_division}``), ``{returns}`` (the Returns header and the type of a point measure's
array; the description follows it in the docstring, indented) and ``{raises}``. The usual
conditions (:data:`NO_SAMPLES`, :data:`CLASS_ABSENT`) and the seed's reference
(:func:`armano_2015`) are here too.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

from phidelta._docstrings import shared_entries

F = TypeVar("F", bound=Callable[..., Any])

#: The entries where most measures are undefined (the `entries` of :func:`measure_entries`).
NO_SAMPLES = "where there are no samples (M = 0)"
CLASS_ABSENT = "where a class is absent (TN + FP = 0 or TP + FN = 0)"

#: The `counts` parameter of every point measure.
COUNTS = """\
counts : BinaryCounts
    One or more binary confusion counts; one value per entry."""

#: The Parameters section of a measure of `counts` alone.
COUNTS_PARAMETERS = "Parameters\n----------\n" + COUNTS

#: The Returns header and type of a point measure: one value per entry of `counts`.
RETURNS = """\
Returns
-------
ndarray of shape (len(counts),)"""

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


def zero_division_entry(entries: str) -> str:
    """The `zero_division` parameter of a measure undefined for some `entries`.

    Parameters
    ----------
    entries : str
        The entries where the measure is undefined, as the rest of "Value for entries …",
        e.g. ``"where there are no samples (M = 0)"`` or ``"with TP + FN + FP = 0"``.

    Returns
    -------
    str
        The entry, its description wrapped at 84 characters (88 at a docstring's indentation).

    Examples
    --------
    >>> print(zero_division_entry("where B = 0"))
    zero_division : "warn" or float, default="warn"
        Value for entries where B = 0. With ``"warn"`` they are NaN and an
        :class:`~phidelta.exceptions.UndefinedMeasureWarning` says how many.
    """
    description = (
        f'Value for entries {entries}. With ``"warn"`` they are NaN and an '
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


def armano_2015(part: str) -> str:
    """The reference of Armano (2015), where φ and δ and most point measures here come from.

    Parameters
    ----------
    part : str
        The part cited, e.g. ``"Table 1."``.

    Returns
    -------
    str
        The reference, for a References section.

    Examples
    --------
    >>> print(armano_2015("Eq. 21."))
    Armano, G. (2015). A direct measure of discriminant and characteristic capability for
    classifier building and assessment. Information Sciences. Eq. 21.
    """
    return (
        "Armano, G. (2015). A direct measure of discriminant and characteristic capability for\n"
        f"classifier building and assessment. Information Sciences. {part}"
    )


_PLACEHOLDER = re.compile(r"^[ \t]*\{\w+\}[ \t]*$", re.MULTILINE)


def measure_entries(entries: str, **more: str) -> Callable[[F], F]:
    """Fill the placeholder lines of a measure's docstring: ``{parameters}`` (or ``{counts}``
    and ``{zero_division}``), ``{returns}``, ``{raises}`` and those of `more`.

    Parameters
    ----------
    entries : str
        The entries where the measure is undefined, as in :func:`zero_division_entry`.
    **more : str
        Further fragments of this docstring, ``name=text``; one named as a standard entry
        (``raises=...``) takes its place.

    Returns
    -------
    callable
        A decorator that returns the function itself, its docstring filled by
        :func:`phidelta._docstrings.shared_entries`.

    Raises
    ------
    ValueError
        (From the decorator.) If a placeholder line is left unfilled (a misspelt name), or
        the docstring has no placeholder of a fragment in `more`.

    Examples
    --------
    >>> @measure_entries("where B = 0")
    ... def f(counts, *, zero_division="warn"):
    ...     '''F.
    ...
    ...     {parameters}
    ...
    ...     {returns}
    ...         F in [0, 1].
    ...     '''
    >>> f.__doc__.splitlines()[4].strip()
    'counts : BinaryCounts'
    """
    zero_division = zero_division_entry(entries)
    standard = {
        "parameters": f"{COUNTS_PARAMETERS}\n{zero_division}",
        "counts": COUNTS,
        "zero_division": zero_division,
        "returns": RETURNS,
        "raises": RAISES,
    }

    def fill(function: F) -> F:
        doc = function.__doc__ or ""
        present = {name: text for name, text in standard.items() if f"{{{name}}}" in doc}
        function = shared_entries(**{**present, **more})(function)
        left = _PLACEHOLDER.search(function.__doc__ or "")
        if left:
            raise ValueError(
                f"the docstring of {function.__name__} keeps the line {left.group().strip()}"
            )
        return function

    return fill

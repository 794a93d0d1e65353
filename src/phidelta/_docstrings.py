"""Docstring entries that several functions of one module share, written once.

A front (:mod:`phidelta.spark`, :mod:`phidelta.distributed`) documents the same parameters
and errors in many functions. Each such entry is a fragment, and a docstring names it by a
placeholder line, ``{name}`` alone on its line; :func:`shared_entries` puts the fragment in
its place, indented as the placeholder, so that ``help()``, the documentation and numpydoc
read whole sections.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = [
    "ASSESSMENT_RESULT",
    "COMPARISON_RESULT",
    "SIGNATURE_OPTIONS",
    "SIGNATURE_RESULT",
    "shared_entries",
]

F = TypeVar("F", bound=Callable[..., Any])

# Entries of the analyses that the data layer runs and the fronts run on their engines.

#: A feature signature's options (:func:`phidelta.data.load_signature`, the fronts').
SIGNATURE_OPTIONS = """\
kinds : dict, optional
    Per-column overrides: "binary", "numeric", "nominal" or "ignore".
max_values : int, default=256
    Nominal columns with more distinct values get indicators for the most frequent ones."""

#: What a feature signature returns.
SIGNATURE_RESULT = """\
Returns
-------
Signature
    φ, δ and the counts of every feature."""

#: What an assessment on an engine returns.
ASSESSMENT_RESULT = """\
Returns
-------
Assessment
    Per-fold counts and score tables, equal to the in-memory result."""

#: What a comparison of two classifiers returns.
COMPARISON_RESULT = """\
Returns
-------
Comparison
    Both assessments and the paired tests; unpacks as ``mcnemar, delong, ttest``."""


def shared_entries(**fragments: str) -> Callable[[F], F]:
    """A decorator that puts shared fragments in place of the ``{name}`` placeholder lines of
    a function's docstring.

    Parameters
    ----------
    **fragments
        ``name=text``: the entries (numpydoc lines, unindented) that replace the line
        ``{name}``.

    Returns
    -------
    callable
        The decorator; it returns the function itself, its docstring filled.

    Raises
    ------
    ValueError
        If the docstring has no placeholder of a fragment (a misspelt name).

    Examples
    --------
    >>> classes = "pos_label : scalar, optional\\n    The positive class."
    >>> @shared_entries(classes=classes)
    ... def f(pos_label=None):
    ...     '''F.
    ...
    ...     Parameters
    ...     ----------
    ...     {classes}
    ...     '''
    >>> print(f.__doc__.splitlines()[4])
        pos_label : scalar, optional
    """

    def fill(function: F) -> F:
        doc = function.__doc__ or ""
        for name, text in fragments.items():
            place = re.compile(r"^([ \t]*)\{" + re.escape(name) + r"\}[ \t]*$", re.MULTILINE)
            if not place.search(doc):
                raise ValueError(f"the docstring of {function.__name__} has no line {{{name}}}")
            doc = place.sub(lambda found, text=text: textwrap.indent(text, found.group(1)), doc)
        function.__doc__ = doc
        return function

    return fill

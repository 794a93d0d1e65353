"""Numbers as text for people: one rule for the command line's tables and the report's.

A column of measures reads best when its numbers share their decimals, so that they line up
and 0.75 does not look less precise than 0.8947. :func:`column_text` gives a column of floats
``digits`` decimals when its values are below 1, one fewer for each digit before the point of
its largest value (whole numbers such as 1.0 aside: 13.83, 123.4), and more when its
smallest value would otherwise show fewer than two significant digits. A column with values
below 0.001 (p-values) or from a million up keeps ``digits`` significant digits a value:
fixed decimals would hide the one or bloat the other.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = ["MISSING", "column_text", "html_table", "number_text"]

#: How an undefined number (None or NaN) is shown.
MISSING = "–"


def _is_float(value: Any) -> bool:
    return isinstance(value, float | np.floating)


def number_text(value: Any, digits: int = 4) -> str:
    """One value: a float to ``digits`` significant digits, None and NaN as :data:`MISSING`,
    anything else as ``str``."""
    if value is None or (_is_float(value) and math.isnan(value)):
        return MISSING
    if _is_float(value):
        return f"{float(value):.{digits}g}"
    return str(value)


def column_text(values: Sequence[Any], digits: int = 4) -> list[str]:
    """A column's values as text, the floats of an all-float column with shared decimals.

    >>> column_text([0.8947, 0.75, 1.0, None])
    ['0.8947', '0.7500', '1.0000', '–']
    >>> column_text([0.0002003, 0.01486])  # p-values: significant digits a value
    ['0.0002003', '0.01486']
    >>> column_text([3.3042, 0.0037])  # two significant digits of the smallest
    ['3.3042', '0.0037']
    >>> column_text([0.0, -0.0, float("nan")])  # zeros as a column below 1
    ['0.0000', '0.0000', '–']
    """
    present = [v for v in values if v is not None]
    finite = [abs(float(v)) for v in present if _is_float(v) and math.isfinite(v)]
    magnitudes = [m for m in finite if m]
    if not (present and all(map(_is_float, present)) and finite):
        return [number_text(v, digits) for v in values]
    if not magnitudes:  # zeros only: the decimals of a column below 1, as its neighbours'
        return _fixed(values, digits, digits)
    low, high = min(magnitudes), max(magnitudes)
    if low < 1e-3 or high >= 1e6:
        return [number_text(v, digits) for v in values]
    # digits before the point of the largest value with a fraction (a 1.0 among accuracies
    # should not cost them a decimal)
    fractional = [m for m in magnitudes if m != math.floor(m)]
    lead = math.floor(math.log10(max(fractional, default=high))) + 1
    decimals = max(digits - max(lead, 0), 1 - math.floor(math.log10(low)))
    return _fixed(values, decimals, digits)


def _fixed(values: Sequence[Any], decimals: int, digits: int) -> list[str]:
    """Finite floats with ``decimals`` decimals (−0.0 as 0), the rest by :func:`number_text`."""
    return [
        number_text(v, digits) if v is None or not math.isfinite(v) else f"{v + 0.0:.{decimals}f}"
        for v in values
    ]


def html_table(
    columns: Mapping[str, Sequence[Any]],
    *,
    caption: str | None = None,
    max_rows: int | None = None,
    digits: int = 4,
) -> str:
    """Named columns of equal length as an HTML table, numbers by :func:`column_text` (text
    columns left-aligned, numbers right-aligned); with ``max_rows``, the first rows and a note
    of how many more there are. For notebooks' ``_repr_html_`` and the report.

    >>> print(html_table({"fold": ["1", "2"], "accuracy": [0.75, 0.8947]}))
    <table><thead><tr><th style="text-align:left">fold</th><th>accuracy</th></tr></thead><tbody><tr><td style="text-align:left">1</td><td>0.7500</td></tr><tr><td style="text-align:left">2</td><td>0.8947</td></tr></tbody></table>
    """  # noqa: E501
    names = list(columns)
    rows = len(columns[names[0]]) if names else 0
    shown = rows if max_rows is None else min(rows, max_rows)
    text = {name: column_text(list(columns[name][:shown]), digits) for name in names}
    left = {name: shown > 0 and isinstance(columns[name][0], str) for name in names}

    def cell(tag: str, value: str, name: str) -> str:
        style = ' style="text-align:left"' if left[name] else ""
        return f"<{tag}{style}>{html.escape(value)}</{tag}>"

    head = "".join(cell("th", str(name), name) for name in names)
    body = "".join(
        "<tr>" + "".join(cell("td", text[name][i], name) for name in names) + "</tr>"
        for i in range(shown)
    )
    title = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    more = f'<p class="note">{rows - shown} more rows not shown.</p>' if shown < rows else ""
    return f"<table>{title}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}"

"""Where a warning points: the first frame outside the package.

A warning is about the caller's line, not about the helper that noticed the problem; the
depth of that helper below the public function differs from path to path (binary or
averaged, called directly or through another public function), so it is found, not counted.
"""

from __future__ import annotations

import os
import sys

_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def outside_stacklevel() -> int:
    """The ``stacklevel`` for :func:`warnings.warn`, called in the function that warns, that
    points at the first frame outside phidelta (the user's line).

    Returns
    -------
    int
        1 for the warning function itself, plus one per phidelta frame above it.

    Examples
    --------
    >>> outside_stacklevel()  # called from outside the package: the caller itself
    1
    """
    frame = sys._getframe(1)
    level = 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame = frame.f_back
        level += 1
    return level

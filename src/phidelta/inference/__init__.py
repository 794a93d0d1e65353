"""Inference: intervals, bands, tests and regions — functions of counts, one layer above the
point measures of :mod:`phidelta.measures` (which never import it).

Every interval reports the method that made it; undefined stays NaN, and no bound leaves the
measure's range.
"""

__all__: list[str] = []

"""The functional interface with the published names (Armano et al. 2019, §4.2).

``convert(specificity, sensitivity, ratio=1.0) -> (phi, delta)`` as in the Python and R
packages ``phiDelta``. ``stats`` and ``plot`` join it with the feature and diagram layers.
"""

from __future__ import annotations

from phidelta.measures._phidelta import PhiDelta, convert

__all__ = ["PhiDelta", "convert"]

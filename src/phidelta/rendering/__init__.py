"""Rendering: matplotlib displays that only draw what the geometry layer computed.

Needs the ``plot`` extra (matplotlib). Displays follow scikit-learn: ``from_*`` class methods
compute and draw, taking every option of ``plot`` (one call, one figure:
``EntropyTriangleDisplay.from_matrices(m, extended=True)``); ``plot(ax=...)`` draws a display
again and returns it (on a new figure without ``ax``); nothing calls ``show()``.
:class:`ThresholdExplorer` (what :func:`phidelta.explore` returns) is a page instead: a scoring
classifier's linked ROC, precision–recall and φ-δ diagrams with a threshold slider, drawn by
plotly.js in a notebook or a saved file.

Every Display also draws itself with Plotly: ``display.to_plotly()`` returns a
``plotly.graph_objects.Figure`` of the figure specification of :mod:`phidelta.rendering.plotly`
(the one the web page and the interactive report draw; the ``interactive`` extra), and
``phidelta.rendering.plotly.OfflineFigure(fig)`` shows it in a notebook with plotly.js inlined.
"""

from phidelta.rendering._critical_difference import CriticalDifferenceDisplay
from phidelta.rendering._decision import DecisionCurveDisplay
from phidelta.rendering._explorer import ThresholdExplorer
from phidelta.rendering._phidelta import DELTA_LABEL, PHI_LABEL, PhiDeltaDisplay, plot
from phidelta.rendering._scores import CalibrationDisplay, RocDisplay, ThresholdScanDisplay
from phidelta.rendering._triangle import EntropyTriangleDisplay

__all__ = [
    "DELTA_LABEL",
    "PHI_LABEL",
    "CalibrationDisplay",
    "CriticalDifferenceDisplay",
    "DecisionCurveDisplay",
    "EntropyTriangleDisplay",
    "PhiDeltaDisplay",
    "RocDisplay",
    "ThresholdExplorer",
    "ThresholdScanDisplay",
    "plot",
]

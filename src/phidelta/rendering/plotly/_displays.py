"""The figure specification of each matplotlib Display: what its ``to_plotly()`` draws."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta.rendering.plotly._curves import (
    calibration_figure,
    decision_curve_figure,
    roc_figure,
    threshold_scan_figure,
)
from phidelta.rendering.plotly._phidelta import phi_delta_figure
from phidelta.rendering.plotly._triangle import entropy_triangle_figure

__all__ = ["InteractiveDisplay", "display_figure"]

_COORDINATES = ("joint_delta_h", "joint_mi2", "joint_vi")


def _phi_delta(display: Any, **options: Any) -> dict[str, Any]:
    regions = options.pop("regions", False)
    confidence_level = options.pop("confidence_level", 0.95)
    marked = options.pop("marked", getattr(display, "significant_", None))
    extra: dict[str, Any] = {}
    if regions:
        from phidelta.inference import phi_delta_region

        if display.counts is None:
            raise ValueError("`regions` needs the counts: build the display with from_counts.")
        method = "exact" if not display.counts.is_soft else "bootstrap"
        found = phi_delta_region(
            display.counts,
            confidence_level=confidence_level,
            ratio=display.ratio,
            method=method,
            **({"random_state": 0} if method == "bootstrap" else {}),
        )
        extra = {"regions": list(found.polygons), "confidence_level": confidence_level}
    return phi_delta_figure(
        display.phi,
        display.delta,
        ratio=display.ratio,
        names=display.names,
        view=display.view,
        marked=marked,
        marked_label=options.pop("marked_label", "significant"),
        **extra,
        **options,
    )


def _roc(display: Any, **options: Any) -> dict[str, Any]:
    band = getattr(display, "band_", None)
    if band is not None and hasattr(band, "fpr") and options.get("space", "roc") == "roc":
        options.setdefault("bands", [band])
    return roc_figure(display.tables, names=display.names, **options)


def _calibration(display: Any, **options: Any) -> dict[str, Any]:
    kind = options.pop("kind", "map")
    reliability = options.pop("reliability", getattr(display, "band_", None))
    if kind == "reliability" and reliability is None:
        from phidelta.inference import reliability_intervals
        from phidelta.measures import expected_calibration_error

        bins = expected_calibration_error(
            display.y_true,
            display.scores,
            pos_label=display.pos_label,
            bins=options.pop("bins", 10),
        )
        reliability = reliability_intervals(bins)
    return calibration_figure(
        display.y_true,
        display.scores,
        pos_label=display.pos_label,
        kind=kind,
        reliability=reliability,
        **options,
    )


def _decision(display: Any, **options: Any) -> dict[str, Any]:
    from phidelta.measures import decision_curve

    thresholds = options.pop("thresholds", None)
    curves = [decision_curve(t, thresholds=thresholds) for t in display.tables]
    band = getattr(display, "band_", None)
    # the band drawn by plot(), if it is of the curve asked for
    if band is not None and options.get("kind", "net_benefit") == getattr(
        band, "measure", "net_benefit"
    ):
        options.setdefault("band", band)
    return decision_curve_figure(curves, names=display.names, **options)


def _triangle(display: Any, **options: Any) -> dict[str, Any]:
    from phidelta.geometry import ternary_interval_segments

    segments = None
    level = 0.95
    if display.intervals is not None:
        low = np.stack([display.intervals.low[n] for n in _COORDINATES], axis=1)
        high = np.stack([display.intervals.high[n] for n in _COORDINATES], axis=1)
        if display.pooled is not None:  # the star's only (its row is the last)
            fractions = np.atleast_2d(display.pooled.joint_fractions)
            low, high = low[-1:], high[-1:]
        else:
            fractions = np.atleast_2d(display.balance.joint_fractions)
        segments = ternary_interval_segments(fractions, low, high)
        level = getattr(display.intervals, "confidence_level", 0.95) or 0.95
    return entropy_triangle_figure(
        display.balance,
        names=display.names,
        pooled=display.pooled,
        interval_segments=segments,
        confidence_level=level,
        **options,
    )


_BUILDERS = {
    "PhiDeltaDisplay": _phi_delta,
    "RocDisplay": _roc,
    "CalibrationDisplay": _calibration,
    "ThresholdScanDisplay": lambda d, **o: threshold_scan_figure(d.table, **o),
    "DecisionCurveDisplay": _decision,
    "EntropyTriangleDisplay": _triangle,
}


def display_figure(display: Any, **options: Any) -> dict[str, Any]:
    """The figure specification of a Display's values (what ``display.to_plotly()`` draws).

    The Display's stored values (points, tables, rows, balances) and its computed results
    where :meth:`plot` made them (bands, significance) go to the figure function of its kind;
    ``options`` are that function's keyword arguments.

    Parameters
    ----------
    display : a Display of phidelta.rendering
        PhiDeltaDisplay, RocDisplay, CalibrationDisplay, ThresholdScanDisplay,
        DecisionCurveDisplay or EntropyTriangleDisplay.
    **options
        Options of :func:`phi_delta_figure` (and ``regions=True``), :func:`roc_figure`,
        :func:`calibration_figure`, :func:`threshold_scan_figure`,
        :func:`decision_curve_figure` (and ``thresholds``) or :func:`entropy_triangle_figure`.

    Returns
    -------
    dict

    Raises
    ------
    TypeError
        If ``display`` is none of these.

    Examples
    --------
    >>> from phidelta.rendering import PhiDeltaDisplay
    >>> spec = display_figure(PhiDeltaDisplay(phi=[0.1], delta=[0.5]), isometrics=["bias"])
    >>> spec["data"][1]["name"]
    'bias'
    """
    builder = _BUILDERS.get(type(display).__name__)
    if builder is None:
        raise TypeError(
            f"`display` must be one of {sorted(_BUILDERS)}; got {type(display).__name__}."
        )
    return builder(display, **options)


class InteractiveDisplay:
    """What every Display of :mod:`phidelta.rendering` can also do: draw itself with Plotly."""

    def to_plotly(self, **options: Any) -> Any:
        """This display as an interactive ``plotly.graph_objects.Figure``.

        The figure specification the web page and the interactive report draw
        (:func:`phidelta.rendering.plotly.display_figure`: the φ-δ diagram, ROC, calibration,
        threshold scan, decision curve or entropy triangle of this display's values); show it
        offline in a notebook with :class:`phidelta.rendering.plotly.OfflineFigure`.

        Parameters
        ----------
        **options
            Options of the figure function of this display's kind
            (:func:`~phidelta.rendering.plotly.phi_delta_figure`,
            :func:`~phidelta.rendering.plotly.roc_figure`,
            :func:`~phidelta.rendering.plotly.calibration_figure`,
            :func:`~phidelta.rendering.plotly.threshold_scan_figure`,
            :func:`~phidelta.rendering.plotly.decision_curve_figure`,
            :func:`~phidelta.rendering.plotly.entropy_triangle_figure`).

        Returns
        -------
        plotly.graph_objects.Figure
            The figure, with the traces of the specification in its order.

        Raises
        ------
        ImportError
            Without plotly (the ``interactive`` or ``web`` extra).

        Examples
        --------
        >>> from phidelta.rendering import PhiDeltaDisplay, RocDisplay
        >>> display = PhiDeltaDisplay(phi=[0.1, -0.2], delta=[0.5, 0.3], names=["a", "b"])
        >>> [trace.name for trace in display.to_plotly(mean=True).data][-2:]
        ['folds', 'mean']
        >>> roc = RocDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> roc.to_plotly().data[1].name
        'ROC (AUC 0.750)'
        """
        from phidelta.rendering.plotly._common import to_figure

        return to_figure(display_figure(self, **options))

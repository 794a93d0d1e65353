"""The φ-δ diagram (Armano 2015; Armano et al. 2019): standard or generalized for a ratio."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import (
    as_float_array,
    check_confidence_level,
    check_ratio,
    check_same_length,
)
from phidelta.counts import BinaryCounts, ConfusionMatrix
from phidelta.geometry import diamond, isometrics, spread_ellipse
from phidelta.inference import phi_delta_region
from phidelta.measures import MEASURES, generalized_to_standard, phi_delta
from phidelta.rendering._common import (
    place_labels,
    require_matplotlib,
    require_result,
    within,
)
from phidelta.rendering.plotly._displays import InteractiveDisplay

__all__ = ["PhiDeltaDisplay", "plot"]

#: The label of the φ axis: φ is the characteristic capability, and −φ Friedman's bias
#: (Armano 2015, eqs. 12 and 16–17).
PHI_LABEL = "φ (characteristic / bias)"
#: The label of the δ axis: δ is the discriminant capability, and (1 + δ)/2 the unbiased
#: accuracy (Armano 2015, eqs. 11 and 14).
DELTA_LABEL = "δ (discriminant / accuracy)"
_ISOMETRIC_STYLE = {
    "accuracy": ("tab:blue", "a"),
    "delta": ("tab:blue", "δ"),
    "bias": ("tab:red", "φ"),
    "phi": ("tab:red", "φ"),
    "sensitivity": ("tab:green", "ρ"),
    "specificity": ("tab:olive", "ρ̄"),
    "precision": ("tab:purple", "π"),
    "negative_predictive_value": ("tab:brown", "π̄"),
    "information_gain": ("tab:gray", "I"),
}


#: Where an isometric's label may sit, as fractions of the way along its line, in order.
_LABEL_PLACES = (0.8, 0.65, 0.9, 0.5, 0.35, 0.2, 0.95, 0.72, 0.58, 0.42, 0.27, 0.1)


def _along(phi: np.ndarray, delta: np.ndarray, fraction: float) -> tuple[float, float]:
    """The point ``fraction`` of the way along a drawn line (a segment or a sampled curve)."""
    k = len(phi) - 1
    if k <= 1:
        return (
            float(phi[0] + fraction * (phi[-1] - phi[0])),
            float(delta[0] + fraction * (delta[-1] - delta[0])),
        )
    at = min(k, max(0, round(fraction * k)))
    return float(phi[at]), float(delta[at])


def _covers(ax: Any, label: Any, others: list[Any]) -> bool:
    """Whether ``label``'s box overlaps the box of any of ``others`` (in display units)."""
    if not others:
        return False
    box = label.get_window_extent()  # the figure's own renderer, whatever its canvas
    return any(box.overlaps(other.get_window_extent()) for other in others)


#: The grey key of a diagram shared by named sets: what each kind of mark is.
_KEY = (
    ("phidelta:set", "folds"),
    ("phidelta:mean", "mean"),
    ("phidelta:spread", "spread (2σ ellipse)"),
    ("phidelta:region", "95% region (pooled)"),
)


def _legend_of_sets(ax: Any, point_kind: str) -> None:
    """One legend entry per named set (classifier) on ``ax``, in its colour, then one grey
    key entry per kind of mark drawn (points, mean, spread, region)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    artists = [*ax.collections, *ax.lines, *ax.patches]
    drawn = {artist.get_gid(): artist for artist in artists if artist.get_gid()}
    handles, labels = ax.get_legend_handles_labels()  # the sets, and any marked points
    grey = "0.35"
    proxies = {
        "phidelta:set": Line2D([], [], ls="", marker="o", color=grey, markersize=5),
        "phidelta:mean": Line2D(
            [], [], ls="", marker="X", color=grey, markeredgecolor="black", markersize=7
        ),
        "phidelta:spread": Line2D([], [], ls="--", color=grey, lw=1.2),
        "phidelta:region": Patch(facecolor=grey, edgecolor=grey, alpha=0.3),
    }
    for gid, text in _KEY:
        if gid in drawn:
            if gid == "phidelta:set":
                text = point_kind
            elif drawn[gid].get_label().lstrip("_"):  # e.g. "macro mean", "90% region"
                text = drawn[gid].get_label().lstrip("_")
            handles.append(proxies[gid])
            labels.append(text)
    # the lower right corner of the axes lies outside the diamond (no slow search for a place)
    ax.legend(handles, labels, loc="lower right", fontsize=7, framealpha=0.85)


def _point_indices(highlight: Any, n: int) -> np.ndarray | None:
    """The indices of ``highlight`` (None: none), each an integer in [−n, n)."""
    if highlight is None:
        return None
    array = np.atleast_1d(np.asarray(highlight))
    if array.ndim != 1 or not (array.size == 0 or array.dtype.kind in "iu"):
        raise ValueError(f"`highlight` must hold indices of points (integers); got {highlight!r}.")
    if array.size and (array.min() < -n or array.max() >= n):
        raise ValueError(f"`highlight` indices must lie in [0, {n}); got {highlight!r}.")
    return array.astype(np.intp)


class PhiDeltaDisplay(InteractiveDisplay):
    """A φ-δ diagram: the diamond for a class ratio, isometrics, and points.

    The diagram of Armano (2015, Figs. 4–9): φ on the horizontal axis, δ on the vertical one,
    the diamond of admissible pairs; for a class ratio N/P ≠ 1 the generalized diagram of the
    software paper (Armano et al. 2019).

    Like scikit-learn's ``*Display`` objects: the constructor stores values, ``from_*``
    computes them and draws, ``plot(ax=...)`` draws and returns the display (never shows).

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        Coordinates in the diagram of ``ratio`` (generalized when ratio ≠ 1).
    ratio : float in [0.1, 10], default 1.0
        Class ratio N/P of the diagram: 1 draws the standard diamond.
    names : list of str, optional
        One name per point (folds, classifiers, features), for ``annotate``.
    view : {"classifier", "feature"}, default "classifier"
        Which corner labels to draw (oracle / dummies, or covariant / characteristic / rare).

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
        Set by :meth:`plot`, like every attribute below.
    border_, points_, isometrics_, labels_, colorbar_ : matplotlib artists
        The diamond, the points, the isometric lines, the placed names, the colour bar.
    isometric_labels_, corner_labels_ : list of Text
        The labels of the isometrics and of the corners.
    regions_ : list of Polygon
        Confidence regions (``regions=``).
    marked_ : PathCollection or None
        The marked points (``marked=``, or ``from_signature(fdr=...)``).
    significant_, qvalues_ : ndarray or None
        Set by :meth:`from_signature` with ``fdr``: flag and BH q-value of every point.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from phidelta import BinaryCounts
    >>> display = PhiDeltaDisplay.from_counts(BinaryCounts(tn=[15, 40], fp=[10, 10],
    ...                                                    fn=[15, 20], tp=[60, 30]))
    >>> display.border_.get_xydata().shape
    (5, 2)

    The published functional interface draws the same diagram from coordinates:

    >>> display = plot([0.1, -0.2], [0.5, 0.3], names=["f1", "f2"])
    >>> display.view, [label.get_text() for label in display.labels_]
    ('feature', ['f1', 'f2'])
    """

    def __init__(
        self,
        *,
        phi: Any,
        delta: Any,
        ratio: float = 1.0,
        names: list[str] | None = None,
        view: str = "classifier",
    ) -> None:
        self.phi = as_float_array(phi, "phi")
        self.delta = as_float_array(delta, "delta")
        check_same_length(phi=self.phi, delta=self.delta)
        self.ratio = float(check_ratio(ratio, geometry=True))
        if names is not None and len(names) != len(self.phi):
            raise ValueError(f"`names` has {len(names)} names for {len(self.phi)} points.")
        self.names = None if names is None else [str(n) for n in names]
        if view not in ("classifier", "feature"):
            raise ValueError(f'`view` must be "classifier" or "feature"; got {view!r}.')
        self.view = view
        self.counts: BinaryCounts | None = None
        # what the points are (legend), whether ``mean`` pools the regions, label everything
        self.point_kind = "folds" if view == "classifier" else "features"
        self.mean_label = "mean"
        self.pool_regions = True
        self.label_all = False

    # --- constructors --------------------------------------------------------------------------
    @classmethod
    def from_counts(
        cls,
        counts: BinaryCounts,
        *,
        ratio: float = 1.0,
        names: list[str] | None = None,
        view: str = "classifier",
        ax: Any = None,
        draw: bool = True,
        **plot_kw: Any,
    ) -> PhiDeltaDisplay:
        """Diagram of binary counts (folds, classifiers or features) at ``ratio``.

        Parameters
        ----------
        counts : BinaryCounts
            One point per entry; entries whose φ or δ is undefined (a class without samples)
            are left out.
        ratio : float in [0.1, 10] or "actual", default 1.0
            Class ratio N/P of the diagram; ``"actual"``: the N/P of all entries together.
        names : list of str, optional
            One name per entry of ``counts``.
        view : {"classifier", "feature"}, default "classifier"
            Which corner labels to draw.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        draw : bool, default True
            False: the display of the values only, nothing drawn (no figure made), for
            :meth:`to_plotly` (an interactive report) or a later :meth:`plot`.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        PhiDeltaDisplay
            The display, drawn; it keeps the counts (for ``color_by`` and ``regions``).
        """
        display, _ = cls._from_counts(counts, ratio=ratio, names=names, view=view)
        return display.plot(ax=ax, **plot_kw) if draw else display

    @classmethod
    def from_comparison(
        cls,
        comparison: Any,
        *,
        ratio: float = 1.0,
        ax: Any = None,
        colors: tuple[str, str] = ("tab:blue", "tab:green"),
        regions: bool | str = True,
        ellipse: bool = True,
        draw: bool = True,
        **plot_kw: Any,
    ) -> tuple[PhiDeltaDisplay, PhiDeltaDisplay]:
        """Two classifiers in one diagram: each one's folds, mean, spread and — by default —
        the joint 95% region of its pooled counts, in its own colour and named in the legend.

        Parameters
        ----------
        comparison : phidelta.comparison.Comparison
            The result of :func:`phidelta.comparison.compare` (or ``compare_estimators``,
            ``phidelta.data.load_comparison``).
        ratio : float, default=1.0
            Class ratio N/P of the diagram.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        colors : pair of str
            Colours of classifier A and classifier B.
        regions : bool or {"exact", "wilson", "bootstrap"}, default=True
            Draw each classifier's pooled region (see :meth:`plot`).
        ellipse : bool, default=True
            Draw each classifier's 2σ spread ellipse.
        draw : bool, default True
            False: the two displays of the values only, nothing drawn (no figure made).
        **plot_kw
            Passed to :meth:`plot` (e.g. ``isometrics``, ``limits``, ``title``).

        Returns
        -------
        tuple of PhiDeltaDisplay
            The displays of A and of B (sharing ``ax_``).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from phidelta.comparison import compare
        >>> y = [0, 1] * 30
        >>> a = [v if i % 7 else 1 - v for i, v in enumerate(y)]
        >>> b = [v if i % 3 else 1 - v for i, v in enumerate(y)]
        >>> folds = [i % 3 for i in range(60)]
        >>> first, second = PhiDeltaDisplay.from_comparison(
        ...     compare(y, y_pred=(a, b), folds=folds, names=("A", "B")))
        >>> [t.get_text() for t in second.ax_.get_legend().get_texts()]
        ['A', 'B', 'folds', 'mean', 'spread (2σ ellipse)', '95% region (pooled)']
        >>> first.points_.get_facecolor()[0].round(3).tolist()  # everything A draws is blue
        [0.122, 0.467, 0.706, 1.0]
        """
        require_result(
            comparison, ("a", "b", "names"), "comparison", "the result of a classifier comparison"
        )
        displays = []
        for i, (result, name, colour) in enumerate(
            zip((comparison.a, comparison.b), comparison.names, colors, strict=True)
        ):
            display = cls.from_counts(
                result.counts,
                ratio=ratio,
                ax=ax,
                mean=True,
                ellipse=ellipse,
                regions=regions,
                color=colour,
                label=str(name),
                frame=i == 0,
                draw=draw,
                **plot_kw,
            )
            ax = display.ax_ if draw else None
            displays.append(display)
        return displays[0], displays[1]

    @classmethod
    def _from_counts(
        cls, counts: BinaryCounts, *, ratio: float, names: list[str] | None, view: str
    ) -> tuple[PhiDeltaDisplay, np.ndarray]:
        """The display of the entries whose φ and δ are defined, and the mask of those."""
        if names is not None and len(names) != len(counts):
            raise ValueError(f"`names` has {len(names)} names for {len(counts)} entries of counts.")
        if isinstance(ratio, str) and ratio == "actual":  # the pooled N/P of all entries
            positives, negatives = float(np.sum(counts.positives)), float(np.sum(counts.negatives))
            if not positives or not negatives:
                raise ValueError('ratio="actual" needs positives and negatives in `counts`.')
            ratio = negatives / positives
        phi, delta = phi_delta(counts, ratio=ratio, zero_division=np.nan)
        ok = ~(np.isnan(phi) | np.isnan(delta))
        display = cls(
            phi=phi[ok],
            delta=delta[ok],
            ratio=ratio,
            names=None if names is None else [n for n, k in zip(names, ok, strict=True) if k],
            view=view,
        )
        display.counts = counts[np.flatnonzero(ok)]
        return display, ok

    @classmethod
    def from_predictions(
        cls,
        y_true: Any,
        y_pred: Any,
        *,
        groups: Any = None,
        pos_label: Any = None,
        ratio: float = 1.0,
        ax: Any = None,
        **plot_kw: Any,
    ) -> PhiDeltaDisplay:
        """Diagram of predictions, one point per group (fold) when ``groups`` is given.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
            True and predicted labels (binary).
        groups : array-like of shape (n_samples,), optional
            The fold (or group) of every sample: one point per group, named after it.
        pos_label : optional
            The positive class; default the package's rule (1 / True for {0, 1}, {−1, 1} and
            booleans).
        ratio : float in [0.1, 10], default 1.0
            Class ratio N/P of the diagram.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        PhiDeltaDisplay
            The display, drawn.
        """
        if groups is None:
            counts, names = BinaryCounts.from_labels(y_true, y_pred, pos_label=pos_label), None
        else:
            counts, folds = BinaryCounts.from_groups(y_true, y_pred, groups, pos_label=pos_label)
            names = [str(f) for f in folds]
        return cls.from_counts(counts, ratio=ratio, names=names, ax=ax, **plot_kw)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: Any,
        y: Any,
        *,
        pos_label: Any = None,
        ratio: float = 1.0,
        ax: Any = None,
        **plot_kw: Any,
    ) -> PhiDeltaDisplay:
        """Diagram of a fitted classifier's predictions on (X, y): one point.

        For folds use :func:`phidelta.assessment.cross_validate` and :meth:`from_counts`.

        Parameters
        ----------
        estimator : fitted classifier
            Anything with ``predict``.
        X : array-like of shape (n_samples, n_features)
            The samples to predict.
        y : array-like of shape (n_samples,)
            Their true labels (binary).
        pos_label : optional
            The positive class; default the package's rule.
        ratio : float in [0.1, 10], default 1.0
            Class ratio N/P of the diagram.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Options of :meth:`plot`.

        Returns
        -------
        PhiDeltaDisplay
            The display, drawn.
        """
        return cls.from_predictions(
            y, estimator.predict(X), pos_label=pos_label, ratio=ratio, ax=ax, **plot_kw
        )

    @classmethod
    def from_signature(
        cls,
        signature: Any,
        *,
        ratio: float | str = 1.0,
        fdr: float | None = None,
        pvalues: Any = "auto",
        ax: Any = None,
        draw: bool = True,
        **plot_kw: Any,
    ) -> PhiDeltaDisplay:
        """Diagram of a feature signature (feature view); ``ratio="actual"`` uses its N/P.

        Parameters
        ----------
        signature : phidelta.signatures.Signature
            The features to draw (:func:`phidelta.signatures.signature`).
        ratio : float in [0.1, 10] or "actual", default 1.0
            Class ratio N/P of the diagram; ``"actual"`` uses the signature's.
        fdr : float in (0, 1), optional
            Mark the features whose Benjamini–Hochberg adjusted p-value
            (:func:`phidelta.inference.benjamini_hochberg` of ``signature.pvalues()``) is at
            most ``fdr`` with a ringed diamond and a legend entry (Benjamini & Hochberg 1995).
        pvalues : {"auto", "fisher", "permutation"} or array-like, default="auto"
            The p-values adjusted for ``fdr``: ``"auto"`` those every door shows
            (``signature.default_pvalues()``: Fisher's exact test for binary and nominal
            features, the permutation test when a numeric feature's counts or cut come from the
            data), a method of ``signature.pvalues``, or the p-values themselves, one per feature.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        draw : bool, default True
            False: the display of the values only, nothing drawn (no figure made), for
            :meth:`to_plotly` (an interactive report) or a later :meth:`plot`.
        **plot_kw
            Passed to :meth:`plot` (``annotate`` defaults to 10).

        Returns
        -------
        PhiDeltaDisplay
            With ``significant_`` (bool per drawn point) and ``qvalues_`` when ``fdr`` is given.

        Raises
        ------
        ValueError
            If ``fdr`` is outside (0, 1), or from ``signature.pvalues(pvalues)`` (e.g.
            ``"fisher"`` on soft counts).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> import numpy as np
        >>> from phidelta import signature
        >>> rng = np.random.default_rng(0)
        >>> y = rng.integers(0, 2, 300)
        >>> X = np.column_stack([y ^ (rng.random(300) < 0.2), rng.integers(0, 2, 300)])
        >>> d = PhiDeltaDisplay.from_signature(signature(X, y), fdr=0.05)
        >>> d.significant_.tolist()
        [True, False]
        """
        require_result(
            signature, ("counts", "names", "ratio", "pvalues"), "signature", "a Signature"
        )
        r = signature.ratio if ratio == "actual" else float(ratio)
        plot_kw.setdefault("annotate", 10)
        qvalues = None
        if fdr is not None:
            if not (isinstance(fdr, int | float) and 0 < fdr < 1):
                raise ValueError(f"`fdr` must be in (0, 1); got {fdr!r}.")
            from phidelta.inference import benjamini_hochberg

            if isinstance(pvalues, str):  # "auto": the signature's default, as every door's
                pvalues = signature.pvalues(pvalues)
            pvalues = np.asarray(pvalues, dtype=float)
            if pvalues.shape != (len(signature.names),):
                raise ValueError(
                    f"`pvalues` must hold one p-value per feature ({len(signature.names)}); "
                    f"got shape {pvalues.shape}."
                )
            qvalues = benjamini_hochberg(pvalues)
        display, ok = cls._from_counts(
            signature.counts, ratio=r, names=list(signature.names), view="feature"
        )
        display.qvalues_ = None if qvalues is None else qvalues[ok]
        display.significant_ = None
        if qvalues is not None:
            display.significant_ = display.qvalues_ <= fdr
            plot_kw["marked"] = display.significant_
            plot_kw.setdefault("marked_label", f"BH q ≤ {fdr:g}")
        return display.plot(ax=ax, **plot_kw) if draw else display

    @classmethod
    def from_confusion_matrix(
        cls,
        matrices: Any,
        *,
        labels: list[Any] | None = None,
        ratio: float = 1.0,
        mean: bool = False,
        ax: Any = None,
        **plot_kw: Any,
    ) -> PhiDeltaDisplay:
        """One point per class of a multi-class confusion matrix: class against the rest.

        The binary counts of class i are those of
        :meth:`phidelta.ConfusionMatrix.one_vs_rest` (TP = N(i, i), FN = the rest of row i,
        FP = the rest of column i): the point is the class's one-vs-rest classifier — the φ-δ
        companion of the entropy triangle.

        A stack of matrices (one per fold) is *pooled*: the points are those of the summed
        matrix, i.e. of every test example once, and their regions (``regions=True``) are the
        regions of the pooled counts. For the spread of one class over the folds use
        ``from_counts(cm.one_vs_rest()[i::n_classes], mean=True, ellipse=True)``.

        Parameters
        ----------
        matrices : phidelta.ConfusionMatrix or array-like of shape (n, n) or (folds, n, n)
            Rows are true classes, columns predicted classes.
        labels : list, optional
            Class names; default the matrix's input classes (``0..n-1`` for arrays).
        ratio : float in [0.1, 10], default 1.0
            One diamond for all classes: the standard diagram by default (every class has its
            own N/P, so a generalized diagram fits at most one of them).
        mean : bool, default False
            Add the macro mean point: the mean of the classes' φ and δ, which is the point of
            the macro-averaged sensitivity and specificity (φ and δ are linear in them).
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        **plot_kw
            Passed to :meth:`plot`; ``annotate`` defaults to every class.

        Returns
        -------
        PhiDeltaDisplay
            ``names`` are the class labels; a class with no examples (or no negatives) has
            no point.

        Raises
        ------
        ValueError
            If ``labels`` does not name every class, or the matrices are invalid.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> d = PhiDeltaDisplay.from_confusion_matrix(
        ...     [[15, 0, 5], [0, 15, 5], [0, 0, 20]], labels=["a", "b", "c"], mean=True)
        >>> d.names, d.delta.round(3).tolist()
        (['a', 'b', 'c'], [0.75, 0.75, 0.75])
        """
        cm = matrices if isinstance(matrices, ConfusionMatrix) else ConfusionMatrix(matrices)
        n = cm.shape[1]
        names = [str(c) for c in cm.input_classes] if labels is None else list(labels)
        if len(names) != n:
            raise ValueError(f"`labels` has {len(names)} labels for {n} classes.")
        counts = cm.sum().one_vs_rest()
        display, _ = cls._from_counts(counts, ratio=ratio, names=names, view="classifier")
        display.point_kind = "classes"
        display.mean_label = "macro mean"
        display.pool_regions = False
        display.label_all = True
        plot_kw.setdefault("annotate", n)
        return display.plot(ax=ax, mean=mean, **plot_kw)

    # --- drawing ---------------------------------------------------------------------------------
    def plot(
        self,
        ax: Any = None,
        *,
        isometrics: tuple[str, ...] | list[str] = ("accuracy",),
        color_by: Any = None,
        cmap: str = "viridis",
        annotate: int = 0,
        highlight: Any = None,
        mean: bool = False,
        ellipse: bool = False,
        corner_labels: bool = True,
        title: str | None = None,
        marker_size: float = 28,
        color: str | None = None,
        regions: bool | str = False,
        confidence_level: float = 0.95,
        marked: Any = None,
        marked_label: str = "marked",
        limits: tuple[float, float, float, float] | None = None,
        label: str | None = None,
        frame: bool | None = None,
        level: float | None = None,
    ) -> PhiDeltaDisplay:
        """Draw the diagram.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure.
        isometrics : sequence of str, default ("accuracy",)
            Names of :data:`phidelta.geometry.ISOMETRIC_MEASURES` whose isometrics to draw
            (Armano 2015, Figs. 2–3).
        color_by : str or array-like, optional
            A measure name (from the core registry, needs counts) or one value per point:
            colours the points, with a colour bar.
        cmap : str, default "viridis"
            The colour map of ``color_by``.
        annotate : int, default 0
            Label the first ``annotate`` points by |δ| (names, without overlaps).
        highlight : array-like of int, optional
            Indices of points to ring in pink (the web application's highlight).
        mean, ellipse : bool, default False
            The mean point and a 2-standard-deviation spread ellipse (folds).
        corner_labels : bool, default True
            Name the corners of the diamond (after ``view``; Armano 2015, Figs. 5 and 8).
        title : str, optional
            Title of the axes; default "φ-δ diagram (standard)" or "(generalized, …)".
        marker_size : float, default 28
            Size of the points (matplotlib's ``s``).
        color : str, optional
            Colour of everything this set of points draws: points, mean, spread and regions
            (one colour per classifier when several share a diagram). Default: blue points
            and regions, with the mean and spread in orange so that they stand out.
        regions : bool or {"exact", "wilson", "bootstrap"}
            Draw joint confidence regions at ``confidence_level``
            (:func:`phidelta.inference.phi_delta_region`, needs counts): one per point, or —
            with ``mean`` — the region of the pooled counts.
        confidence_level : float, default 0.95
            Confidence level of the regions.
        marked : array-like of bool, optional
            One flag per point: flagged points get a ringed diamond and the legend entry
            ``marked_label`` (:meth:`from_signature` marks significant features this way).
        marked_label : str, default "marked"
            The legend entry of the marked points (followed by their number).
        limits : (phi_min, phi_max, delta_min, delta_max), optional
            Zoom into this part of the diagram (names are placed inside the zoomed view);
            default the whole diamond.
        label : str, optional
            Name of this set of points (a classifier): the legend then has one entry per
            named set, in its colour, and one grey key entry per kind of mark (folds, mean,
            spread, region), so that several sets can share one diagram.
        frame : bool, optional
            Draw the diamond, isometrics and corner labels; False adds the points to the
            diagram already on ``ax`` (see :meth:`from_comparison`). Default: draw them
            unless ``ax`` already holds a φ-δ diagram, so that a second classifier drawn on
            the same axes joins the first one's diagram.
        level : float, optional
            Former name of `confidence_level` (deprecated).

        Returns
        -------
        PhiDeltaDisplay
            The display itself, with ``ax_``, ``figure_`` and the artists set.

        Raises
        ------
        ValueError
            If ``regions`` or ``color_by`` needs counts the display does not have, ``marked``
            does not hold one flag per point, ``highlight`` indices are not points, or
            ``limits`` is not a box.
        TypeError
            If ``ax`` is not a matplotlib Axes.
        """
        plt = require_matplotlib("PhiDeltaDisplay.plot")
        joint = check_confidence_level(confidence_level, level, where="PhiDeltaDisplay.plot")
        highlighted = _point_indices(highlight, len(self.phi))
        if ax is None:
            _, ax = plt.subplots(figsize=(6.4, 5.6))
        elif not (hasattr(ax, "scatter") and hasattr(ax, "fill")):
            raise TypeError(f"`ax` must be a matplotlib Axes; got {type(ax).__name__}.")
        shape = diamond(self.ratio)
        left, right = shape.phi_limits
        border = shape.border
        if frame is None:  # a diagram already on these axes: add to it
            frame = not any(line.get_gid() == "phidelta:diamond" for line in ax.lines)
        # a named set (a classifier) puts its name in the legend and its marks in a key
        named = (lambda text: f"_{text}") if label else (lambda text: text)
        base = "tab:blue" if color is None else color
        # one colour per classifier; alone and uncoloured, the mean and spread stand out
        accent = base if (label or color is not None) else "tab:orange"
        if frame:
            ax.fill(border[:, 0], border[:, 1], color="0.97", zorder=0)
            (self.border_,) = ax.plot(
                border[:, 0], border[:, 1], color="black", lw=1.2, zorder=2, gid="phidelta:diamond"
            )
            ax.axhline(0, color="0.6", lw=0.6, ls="--", zorder=1)
            ax.axvline(0, color="0.6", lw=0.6, ls="--", zorder=1)
            self.isometrics_ = self._draw_isometrics(ax, list(isometrics))
        else:
            self.border_, self.isometrics_, self.isometric_labels_ = None, [], []
        values = self._values(color_by)
        if values is not None:
            self.points_ = ax.scatter(
                self.phi,
                self.delta,
                c=values,
                cmap=cmap,
                s=marker_size,
                edgecolors="0.2",
                linewidths=0.3,
                zorder=4,
            )
            label = color_by if isinstance(color_by, str) else "value"
            self.colorbar_ = ax.figure.colorbar(self.points_, ax=ax, label=label, shrink=0.8)
        else:
            self.points_ = ax.scatter(
                self.phi,
                self.delta,
                s=marker_size,
                color=base,
                edgecolors="white",
                linewidths=0.4,
                zorder=4,
            )
            self.colorbar_ = None
        if highlighted is not None and len(self.phi):
            idx = highlighted
            ax.scatter(
                self.phi[idx],
                self.delta[idx],
                s=marker_size * 4,
                facecolors="none",
                edgecolors="deeppink",
                linewidths=1.8,
                zorder=5,
            )
        if (mean or ellipse) and len(self.phi):
            centre = (self.phi.mean(), self.delta.mean())
            if ellipse and len(self.phi) > 1:
                ring = spread_ellipse(self.phi, self.delta)
                (spread,) = ax.plot(
                    ring[:, 0],
                    ring[:, 1],
                    color=accent,
                    lw=1.2,
                    ls="-" if not label else "--",
                    zorder=3,
                    label=named("spread (2σ ellipse)"),
                    gid="phidelta:spread",
                )
                # the spread is of points inside the diamond: the ring stops at its edge
                patch = plt.Polygon(border, closed=True, transform=ax.transData)
                spread.set_clip_path(patch)
            ax.scatter(
                *centre,
                marker="X",
                s=marker_size * 3,
                color=accent,
                edgecolors="black",
                linewidths=0.6,
                zorder=6,
                label=named(self.mean_label),
                gid="phidelta:mean",
            )
        self.marked_ = self._draw_marked(ax, marked, marked_label, marker_size)
        pooled = mean and self.pool_regions
        self.regions_ = self._draw_regions(ax, regions, joint, pooled=pooled, colour=base)
        for patch in self.regions_[:1]:
            patch.set_label(named(patch.get_label()))
            patch.set_gid("phidelta:region")
        if (label or mean or ellipse or self.regions_ or self.marked_ is not None) and len(
            self.phi
        ):
            self.points_.set_label(label if label else self.point_kind)
            if label:
                self.points_.set_gid("phidelta:set")
                _legend_of_sets(ax, self.point_kind)
            else:  # the corner of the axes outside the diamond (no slow search for a place)
                ax.legend(loc="lower right", fontsize=7, framealpha=0.85)
        if limits is None:
            margin_x = 0.2 * (right - left)
            ax.set_xlim(left - margin_x, right + margin_x)
            ax.set_ylim(-1.22, 1.22)
        else:
            phi_min, phi_max, delta_min, delta_max = (float(v) for v in limits)
            if not (phi_min < phi_max and delta_min < delta_max):
                raise ValueError(
                    "`limits` must be (phi_min, phi_max, delta_min, delta_max) with each "
                    f"minimum below its maximum; got {limits!r}."
                )
            ax.set_xlim(phi_min, phi_max)
            ax.set_ylim(delta_min, delta_max)
        ax.set_aspect("equal", adjustable="box")
        if self.isometric_labels_:
            ax.apply_aspect()
            self._separate_labels(ax)
        ax.set_xlabel(PHI_LABEL)
        ax.set_ylabel(DELTA_LABEL)
        kind = "standard" if self.ratio == 1 else f"generalized, ratio N/P = {self.ratio:g}"
        if frame or title is not None:
            ax.set_title(title if title is not None else f"φ-δ diagram ({kind})", fontsize=10)
        self.corner_labels_: list[Any] = []
        if corner_labels and frame:
            self._draw_corners(ax, shape)
        self.ax_, self.figure_ = ax, ax.figure
        self.labels_ = []
        if annotate and self.names:
            order = self._most_discriminant(annotate)
            self.labels_ = place_labels(
                ax,
                self.phi[order],
                self.delta[order],
                [self.names[i] for i in order],
                avoid=[*self.corner_labels_, *self.isometric_labels_],
                points=np.column_stack([self.phi, self.delta]),
                point_size=marker_size,
            )
        return self

    def _draw_marked(self, ax: Any, marked: Any, label: str, marker_size: float) -> Any:
        if marked is None:
            return None
        flags = np.asarray(marked)
        if flags.dtype != bool or flags.shape != self.phi.shape:
            raise ValueError(
                f"`marked` must be one bool per point ({len(self.phi)}); got {flags.shape} "
                f"of {flags.dtype}."
            )
        return ax.scatter(
            self.phi[flags],
            self.delta[flags],
            marker="D",
            s=marker_size * 2.2,
            facecolors="none",
            edgecolors="tab:red",
            linewidths=1.3,
            zorder=5,
            label=f"{label} ({int(flags.sum())})",
        )

    def _draw_regions(
        self, ax: Any, regions: bool | str, level: float, *, pooled: bool, colour: str
    ) -> list[Any]:
        if not regions:
            return []
        if self.counts is None:
            raise ValueError(
                "`regions` need counts: use from_counts, from_predictions or from_signature."
            )
        from matplotlib.patches import Polygon

        method = "exact" if regions is True else str(regions)
        if method == "exact" and self.counts.is_soft:
            method = "bootstrap"
        counts = self.counts.sum() if pooled else self.counts
        found = phi_delta_region(
            counts, confidence_level=level, method=method, ratio=self.ratio, random_state=0
        )
        patches = []
        for i, corners in enumerate(found.polygons):
            if np.isnan(corners).any():
                continue
            patch = Polygon(
                corners,
                closed=True,
                facecolor=colour,
                edgecolor=colour,
                alpha=0.18 if not pooled else 0.28,
                lw=0.6,
                zorder=3,
                label=(f"{level:.0%} region" + (" (pooled)" if pooled else "")) if i == 0 else None,
            )
            ax.add_patch(patch)
            patches.append(patch)
        return patches

    def _most_discriminant(self, k: int) -> np.ndarray:
        """The ``k`` points to label, best first: by |δ| at ratio 1 (discriminant capability
        does not depend on the ratio; a generalized δ would rank dummy classifiers such as
        constant features, which sit on a corner, among the best), dummies never labelled."""
        if self.counts is not None:
            standard = phi_delta(self.counts, ratio=1.0, zero_division=np.nan).delta
        else:
            standard = generalized_to_standard(self.phi, self.delta, self.ratio).delta
        strength = np.abs(np.nan_to_num(standard))
        order = np.argsort(-strength, kind="stable")
        if self.label_all:
            return order[:k]
        return order[strength[order] > 1e-12][:k]

    def _values(self, color_by: Any) -> np.ndarray | None:
        if color_by is None:
            return None
        if isinstance(color_by, str):
            info = {m.name: m for m in MEASURES}.get(color_by)
            if info is None:
                raise ValueError(
                    f"`color_by`={color_by!r} is not a measure; known: "
                    f"{sorted(m.name for m in MEASURES)}."
                )
            if self.counts is None:
                raise ValueError(
                    "`color_by` by name needs counts: use from_counts, "
                    "from_predictions or from_signature."
                )
            return info(self.counts, zero_division=np.nan)
        values = as_float_array(color_by, "color_by") if not np.isscalar(color_by) else None
        if values is None or len(values) != len(self.phi):
            raise ValueError("`color_by` must be a measure name or one value per point.")
        return values

    def _draw_isometrics(self, ax: Any, names: list[str]) -> list[Any]:
        artists = []
        self.isometric_labels_: list[Any] = []
        for name in names:
            colour, symbol = _ISOMETRIC_STYLE.get(name, ("0.5", name))
            for line in isometrics(name, ratio=self.ratio):
                if line.is_empty:
                    continue
                (artist,) = ax.plot(
                    line.phi, line.delta, color=colour, lw=0.6, alpha=0.55, zorder=1
                )
                artists.append(artist)
                if line.branch == "lower":
                    continue
                # the label sits on the line, inside the diamond (never outside the figure);
                # _separate_labels moves it along the line once the axes have their limits
                x, y = _along(line.phi, line.delta, _LABEL_PLACES[0])
                label = ax.text(
                    x,
                    y,
                    f"{symbol}={round(line.value, 6) + 0.0:g}",
                    fontsize=6,
                    color=colour,
                    ha="center",
                    va="center",
                    clip_on=True,
                    zorder=3.5,  # above regions and spreads, below the points
                    bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.7},
                )
                label.line_ = line
                self.isometric_labels_.append(label)
        return artists

    def _separate_labels(self, ax: Any) -> None:
        """Slide each isometric label along its line to the first place where it lies inside
        the axes and covers no earlier label (in display units, so after the axes have their
        limits and aspect). A zoomed view may show only a piece of a line: a label with no
        place inside the axes is hidden rather than cut at the frame."""
        placed: list[Any] = []
        frame = ax.get_window_extent()
        for label in self.isometric_labels_:
            line = label.line_
            inside = []
            for fraction in _LABEL_PLACES:
                label.set_position(_along(line.phi, line.delta, fraction))
                if not within(label.get_window_extent(), frame):
                    continue
                inside.append(fraction)
                if not _covers(ax, label, placed):
                    break
            else:  # no free place: the first one inside, if any
                if not inside:
                    label.set_visible(False)
                    continue
                label.set_position(_along(line.phi, line.delta, inside[0]))
            placed.append(label)

    def _draw_corners(self, ax: Any, shape: Any) -> None:
        # side corners: two short lines under the corner, so they stay inside the axes
        offsets = {
            "top": (6, "bottom"),
            "bottom": (-6, "top"),
            "left": (-6, "top"),
            "right": (-6, "top"),
        }
        self.corner_labels_ = []
        (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
        for name, corner in shape.corners.items():
            if not (x0 <= corner.phi <= x1 and y0 <= corner.delta <= y1):
                continue  # a zoomed view: no label for a corner out of sight
            dy, va = offsets[name]
            text = corner.label(self.view).replace(": ", ":\n")
            self.corner_labels_.append(
                ax.annotate(
                    text,
                    (corner.phi, corner.delta),
                    xytext=(0, dy),
                    textcoords="offset points",
                    ha="center",
                    va=va,
                    fontsize=7,
                    color="0.3",
                    annotation_clip=False,
                    linespacing=0.95,
                )
            )


def plot(
    phi: Any, delta: Any, names: list[str] | None = None, ratio: float = 1.0, **plot_kw: Any
) -> PhiDeltaDisplay:
    """The published ``phiDelta.plot(phi, delta, names=None, ratio=1.0)``: draw a φ-δ diagram.

    The functional interface of the software paper (Armano et al. 2019), in Python and R.
    Call ``matplotlib.pyplot.show()`` or ``display.figure_.savefig(...)`` yourself.

    Parameters
    ----------
    phi, delta : array-like of shape (k,)
        Coordinates of the points (generalized when ``ratio`` ≠ 1, as ``phidelta.convert``
        returns them).
    names : list of str, optional
        One name per point: the points are then features (``view="feature"``) and the 10
        most discriminant are labelled.
    ratio : float in [0.1, 10], default 1.0
        Class ratio N/P of the diagram.
    **plot_kw
        ``ax``, ``view`` and the options of :meth:`PhiDeltaDisplay.plot` (``isometrics``,
        ``annotate``, ``highlight``, …).

    Returns
    -------
    PhiDeltaDisplay
        The display, drawn.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> display = plot([0.1, -0.2, 0.0], [0.5, 0.3, -0.1], ratio=2.0)
    >>> display.ratio, display.ax_.get_title()
    (2.0, 'φ-δ diagram (generalized, ratio N/P = 2)')
    """
    view = plot_kw.pop("view", "classifier" if names is None else "feature")
    ax = plot_kw.pop("ax", None)
    if names is not None:
        plot_kw.setdefault("annotate", 10)
    display = PhiDeltaDisplay(phi=phi, delta=delta, ratio=ratio, names=names, view=view)
    return display.plot(ax=ax, **plot_kw)

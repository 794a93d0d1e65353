"""The critical difference diagram of Demšar (2006): average ranks and groups of classifiers."""

from __future__ import annotations

from typing import Any

import numpy as np

from phidelta._validation import DEPRECATED, as_float_array, renamed
from phidelta.inference import rank_groups
from phidelta.rendering._common import require_matplotlib

__all__ = ["CriticalDifferenceDisplay"]

# vertical layout, in data units of the diagram (the axis at y = 0, names below)
_TICK = 0.12
_CD_Y = 0.75
_CLIQUE_FIRST, _CLIQUE_STEP = -0.35, 0.25
_ROW = 0.42
_GAP_PT = 10
_TEST_NAMES = {
    "nemenyi": "Nemenyi",
    "bonferroni-dunn": "Bonferroni–Dunn",
}  # points between a name and the end of its elbow line


class CriticalDifferenceDisplay:
    """Critical difference diagram (Demšar 2006, Figs. 1–2) of classifiers over data sets.

    The axis of average ranks (1 = best, on the left); every classifier's name hangs from
    its average rank (the better half on the left, the worse half on the right); a bar above
    the axis has the length of the critical difference (CD); thick lines join the classifiers
    whose ranks are not significantly different (Nemenyi's cliques), or — for the
    Bonferroni–Dunn test — mark the control's interval of ±CD.

    Parameters
    ----------
    average_ranks : array-like of shape (k,)
        Average rank of every classifier over the data sets (1 = best).
    names : list of str
        One name per classifier.
    critical_difference : float
        The critical difference CD (:func:`phidelta.inference.critical_difference`).
    cliques : list of tuple of int
        Groups (indices into ``average_ranks``) drawn as thick lines.
    test : {"nemenyi", "bonferroni-dunn"}, default "nemenyi"
        The post-hoc test, named in the CD label.
    alpha : float, default 0.05
        The significance level α, named in the CD label.
    control : int, optional
        Index of the control classifier (Bonferroni–Dunn).
    level : optional
        Former name of `alpha` (deprecated).

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
        Set by :meth:`plot`, like every attribute below.
    name_labels_ : list of Text
        One per classifier, in the order of ``names``.
    elbow_lines_ : list of Line2D
        The line from each classifier's rank on the axis to its name.
    clique_lines_ : list of Line2D
        One thick line per clique.
    cd_bar_, cd_label_ : Line2D and Text
        The critical difference bar and its value.

    References
    ----------
    J. Demšar, "Statistical comparisons of classifiers over multiple data sets", JMLR 7
    (2006) 1–30.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> scores = [[0.76, 0.80, 0.81, 0.79], [0.83, 0.85, 0.88, 0.86], [0.69, 0.72, 0.70, 0.74],
    ...           [0.90, 0.91, 0.93, 0.92], [0.61, 0.66, 0.68, 0.64], [0.77, 0.78, 0.80, 0.79]]
    >>> display = CriticalDifferenceDisplay.from_scores(scores, ["C4.5", "kNN", "SVM", "NB"])
    >>> display.average_ranks.round(2).tolist()
    [4.0, 2.5, 1.33, 2.17]
    >>> display.cd_label_.get_text()
    'CD = 1.915  (Nemenyi, α = 0.05)'
    >>> [[display.names[i] for i in clique] for clique in display.cliques]
    [['SVM', 'NB', 'kNN'], ['NB', 'kNN', 'C4.5']]
    """

    def __init__(
        self,
        *,
        average_ranks: Any,
        names: list[str],
        critical_difference: float,
        cliques: list[tuple[int, ...]],
        test: str = "nemenyi",
        alpha: float = 0.05,
        control: int | None = None,
        level: Any = DEPRECATED,
    ) -> None:
        self.average_ranks = as_float_array(average_ranks, "average_ranks")
        if len(names) != len(self.average_ranks):
            raise ValueError(
                f"`names` has {len(names)} names for {len(self.average_ranks)} classifiers."
            )
        self.names = [str(name) for name in names]
        self.critical_difference = float(critical_difference)
        self.cliques = [tuple(int(i) for i in clique) for clique in cliques]
        self.test = test
        self.alpha = float(
            renamed(alpha, level, name="alpha", old="level", where="CriticalDifferenceDisplay")
        )
        self.control = control

    @property
    def level(self) -> float:
        """The significance level α (``alpha``; the former name)."""
        return self.alpha

    @classmethod
    def from_scores(
        cls,
        scores: Any,
        names: list[str] | None = None,
        *,
        alpha: float = 0.05,
        test: str = "nemenyi",
        lower_is_better: bool = False,
        control: int | None = None,
        ax: Any = None,
        level: Any = DEPRECATED,
        **plot_kw: Any,
    ) -> CriticalDifferenceDisplay:
        """Rank the classifiers on every data set and draw the diagram.

        Parameters
        ----------
        scores : array-like of shape (n_datasets, n_classifiers)
            One row per data set, one column per classifier (e.g. accuracy, AUC or δ).
        names : list of str, optional
            Classifier names; default the columns of a pandas DataFrame, else ``"0"``,
            ``"1"``, ….
        alpha : float in (0, 1), default 0.05
            Significance level α of the critical difference.
        test : {"nemenyi", "bonferroni-dunn"}, default "nemenyi"
            All pairs (cliques), or every classifier against ``control``.
        lower_is_better : bool, default False
            Rank 1 to the lowest score (error rates, losses).
        control : int, optional
            Column of the control classifier for ``"bonferroni-dunn"``; default the best.
        ax : matplotlib Axes, optional
            Where to draw; default a new figure sized to the names.
        level : optional
            Former name of `alpha` (deprecated).
        **plot_kw
            Passed to :meth:`plot`.

        Returns
        -------
        CriticalDifferenceDisplay
            The display, drawn.

        Raises
        ------
        ValueError
            From :func:`phidelta.inference.rank_groups` for bad ``scores``, ``alpha``,
            ``test`` or ``control``, and if ``names`` does not name every column.

        Notes
        -----
        Demšar (2006) recommends the post-hoc test only after Friedman's test
        (:func:`phidelta.inference.friedman_test`) rejects that all classifiers are equivalent.
        """
        if names is None and hasattr(scores, "columns"):
            names = [str(column) for column in scores.columns]
        alpha = renamed(alpha, level, name="alpha", old="level", where="from_scores")
        groups = rank_groups(
            scores, alpha=alpha, test=test, lower_is_better=lower_is_better, control=control
        )
        k = len(groups.average_ranks)
        display = cls(
            average_ranks=groups.average_ranks,
            names=[str(i) for i in range(k)] if names is None else list(names),
            critical_difference=groups.critical_difference,
            cliques=groups.cliques,
            test=groups.test,
            alpha=groups.alpha,
            control=groups.control,
        )
        return display.plot(ax=ax, **plot_kw)

    def plot(
        self, ax: Any = None, *, fontsize: float = 9, title: str | None = None
    ) -> CriticalDifferenceDisplay:
        """Draw the diagram on ``ax`` (a new figure sized to the names when None).

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; default a new figure sized to the names.
        fontsize : float, default 9
            Size of the names; tick labels and the CD label are one point smaller.
        title : str, optional
            Title of the diagram; default none.

        Returns
        -------
        CriticalDifferenceDisplay
            The display itself, with ``ax_``, ``figure_`` and the artists set.
        """
        plt = require_matplotlib("CriticalDifferenceDisplay.plot")
        k = len(self.average_ranks)
        order = np.argsort(self.average_ranks, kind="stable")
        left = order[: (k + 1) // 2]  # best first, top row first
        right = order[(k + 1) // 2 :][::-1]  # worst first, top row first
        rows = max(len(left), len(right))
        n_cliques = len(self.cliques)
        first_row = _CLIQUE_FIRST - _CLIQUE_STEP * max(n_cliques, 1) - 0.1
        bottom = first_row - _ROW * (rows - 1) - 0.35
        top = _CD_Y + 0.45 + (0.3 if title else 0.0)
        if ax is None:
            longest = max(len(text) for text in self._texts())
            text_inches = 0.55 * fontsize / 72 * longest  # a character is about 0.55 em wide
            width = min(16.0, max(5.0, 0.7 * (k - 1) + 2 * (text_inches + 0.35) + 0.3))
            # rows of names 1.6 text heights apart: _ROW data units ≙ 1.6·fontsize points
            inches_per_unit = 1.6 * fontsize / 72 / _ROW
            height = (top - bottom) * inches_per_unit + 0.1
            _, ax = plt.subplots(figsize=(width, height))
            ax.set_position((0.01, 0.01, 0.98, 0.98))
        self.ax_, self.figure_ = ax, ax.figure
        ax.set_axis_off()
        ax.set_ylim(bottom, top)
        ax.set_xlim(1, k)  # replaced below once the names are measured

        line = {"color": "black", "lw": 1.0, "solid_capstyle": "butt"}
        ax.plot([1, k], [0, 0], **line)
        small = fontsize - 1
        for r in range(1, k + 1):
            ax.plot([r, r], [0, _TICK], **line)
            ax.text(r, _TICK + 0.05, str(r), ha="center", va="bottom", fontsize=small)
        for lo, hi in zip(range(1, k), range(2, k + 1), strict=True):
            ax.plot([(lo + hi) / 2] * 2, [0, _TICK / 2], **line)

        # the CD bar, from rank 1, with its value above
        cd = self.critical_difference
        (self.cd_bar_,) = ax.plot([1, 1 + cd], [_CD_Y, _CD_Y], color="black", lw=1.6)
        for x in (1, 1 + cd):
            ax.plot([x, x], [_CD_Y - 0.06, _CD_Y + 0.06], color="black", lw=1.0)
        self.cd_label_ = ax.text(
            1 + cd / 2,
            _CD_Y + 0.09,
            f"CD = {cd:.3f}  ({_TEST_NAMES[self.test]}, α = {self.alpha:g})",
            ha="left" if cd < 1.5 else "center",
            va="bottom",
            fontsize=small,
        )
        if cd < 1.5:
            self.cd_label_.set_x(1)

        # names on elbow lines; text ends are placed after measuring
        self.name_labels_: list[Any] = [None] * k
        self.elbow_lines_: list[Any] = [None] * k
        rank_text = self._texts()
        elbows = []
        for side, members in (("left", left), ("right", right)):
            for row, i in enumerate(members):
                y = first_row - _ROW * row
                r = self.average_ranks[i]
                (elbow,) = ax.plot([r, r, r], [0, y, y], color="0.35", lw=0.8)
                weight = "bold" if self.control is not None and i == self.control else "normal"
                text = ax.text(
                    r,
                    y,
                    rank_text[i],
                    ha="right" if side == "left" else "left",
                    va="center",
                    fontsize=fontsize,
                    fontweight=weight,
                )
                self.name_labels_[i] = text
                self.elbow_lines_[i] = elbow
                elbows.append((side, elbow, text, y))

        # cliques: thick lines just below the axis, one row each, best group first
        self.clique_lines_ = []
        for c, clique in enumerate(self.cliques):
            ranks = self.average_ranks[list(clique)]
            y = _CLIQUE_FIRST - _CLIQUE_STEP * c
            lo, hi = ranks.min(), ranks.max()
            if self.test == "bonferroni-dunn" and self.control is not None:
                centre = self.average_ranks[self.control]
                lo, hi = max(1.0, centre - cd), min(float(k), centre + cd)
            (clique_line,) = ax.plot(
                [lo - 0.03, hi + 0.03], [y, y], color="black", lw=4, solid_capstyle="round"
            )
            self.clique_lines_.append(clique_line)

        self._fit_names(ax, k, elbows)
        if title:
            ax.text(
                0.5 * (ax.get_xlim()[0] + ax.get_xlim()[1]),
                top - 0.05,
                title,
                ha="center",
                va="top",
                fontsize=fontsize + 1,
            )
        return self

    def _texts(self) -> list[str]:
        return [
            f"{name} ({rank:.2f})"
            for name, rank in zip(self.names, self.average_ranks, strict=True)
        ]

    def _fit_names(self, ax: Any, k: int, elbows: list[tuple[str, Any, Any, float]]) -> None:
        """Widen the x range so that the longest name on each side fits inside the axes, then
        end every elbow line a little before its name."""
        renderer = ax.figure.canvas.get_renderer()
        width_px = ax.get_window_extent(renderer).width
        gap_px = _GAP_PT * ax.figure.dpi / 72
        widths = {"left": 0.0, "right": 0.0}
        for side, _, text, _ in elbows:
            widths[side] = max(widths[side], text.get_window_extent(renderer).width)
        # data span D with (k − 1) for the ranks and each side's text + gap in pixels:
        # D = (k − 1) + D·(w_left + w_right + 4·gap)/W
        share = (widths["left"] + widths["right"] + 4 * gap_px) / width_px
        span = (k - 1) / max(1 - share, 0.15)
        per_px = span / width_px
        x_left = 1 - (widths["left"] + 2 * gap_px) * per_px
        x_right = k + (widths["right"] + 2 * gap_px) * per_px
        ax.set_xlim(x_left, x_right)
        left_end = 1 - gap_px * per_px * 0.5
        right_end = k + gap_px * per_px * 0.5
        for side, elbow, text, y in elbows:
            end = left_end if side == "left" else right_end
            r = elbow.get_xdata()[0]
            elbow.set_data([r, r, end], [0, y, y])
            text.set_x(
                end - gap_px * per_px * 0.4 if side == "left" else end + gap_px * per_px * 0.4
            )

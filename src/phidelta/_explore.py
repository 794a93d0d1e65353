"""``phidelta.explore``: a scoring classifier's threshold explorer in a notebook (an interface).

The explorer itself (:class:`phidelta.rendering._explorer.ThresholdExplorer`) is a page that
needs no server and no network; this module only turns what a user has — labels and scores,
a score table or an assessment — into the exact score table it starts from.
"""

from __future__ import annotations

from typing import Any

__all__ = ["explore"]


def explore(
    y_true: Any,
    scores: Any = None,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
    name: str | None = None,
    confidence_level: float = 0.95,
    ratio: float | None = None,
    threshold: float | None = None,
) -> Any:
    """Explore a scoring classifier's thresholds: ROC, precision–recall and φ-δ, linked.

    One slider moves the cut "positive when score ≥ threshold": the operating point moves
    together on the ROC, precision–recall and φ-δ diagrams, and the confusion matrix and the
    measures at that cut (with their intervals, :func:`phidelta.inference.measure_intervals`)
    follow; a second slider sets the class ratio N/P of the φ-δ diagram. A notebook (Jupyter,
    VS Code) shows the result inline; ``save(path)`` writes a page that opens anywhere.
    Everything is embedded — the counts at each cut, exact, and plotly.js — so neither needs
    Python or a network once written.

    Parameters
    ----------
    y_true : array-like, ScoreTable or Assessment
        True labels (with ``scores``), or a :class:`~phidelta.counts.ScoreTable`, or an
        :class:`~phidelta.assessment.Assessment` with scores (its pooled table; its threshold
        is the first cut shown).
    scores : array-like, optional
        One score per label (higher: more positive); only with labels.
    pos_label : object, optional
        The positive class of ``y_true`` (as :meth:`ScoreTable.from_scores` infers it when
        omitted).
    sample_weight : array-like, optional
        One weight per label.
    name : str, optional
        The classifier's name; default "classifier".
    confidence_level : float, default 0.95
        Level of the measures' intervals.
    ratio : float, optional
        The φ-δ diagram's first ratio N/P in [0.1, 10]; default the data's own.
    threshold : float, optional
        The first cut shown; default the cut of the largest δ (Youden's J).

    Returns
    -------
    ThresholdExplorer
        Shown inline by a notebook; ``save(path)``, ``html()``.

    Raises
    ------
    TypeError
        If ``y_true`` is a ScoreTable or an Assessment and ``scores`` is given, or an
        Assessment holds no scores.
    ValueError
        If the data lack a class.

    Examples
    --------
    >>> import phidelta
    >>> explorer = phidelta.explore([1, 0, 1, 0, 1], [0.9, 0.5, 0.5, 0.1, 0.3], name="demo")
    >>> explorer
    ThresholdExplorer(name='demo', positives=3, negatives=2, steps=5)
    >>> explorer.payload["steps"]["tp"]  # true positives at each cut, from the top score down
    [0, 1, 2, 3, 3]
    """
    from phidelta.counts import ScoreTable
    from phidelta.rendering._explorer import ThresholdExplorer

    positive: Any = "positive"
    start = threshold
    if isinstance(y_true, ScoreTable):
        if scores is not None:
            raise TypeError("`scores` must be None when `y_true` is a ScoreTable.")
        table = y_true
    elif hasattr(y_true, "pooled_table") and hasattr(y_true, "tables"):  # an Assessment
        if scores is not None:
            raise TypeError("`scores` must be None when `y_true` is an Assessment.")
        if y_true.tables is None:
            raise TypeError(
                "`y_true` is an Assessment without scores; the explorer needs a score column "
                "(assess(..., scores=...))."
            )
        table, positive = y_true.pooled_table(), y_true.positive
        start = y_true.threshold if threshold is None else threshold
    else:
        if scores is None:
            raise TypeError(
                "`scores` is required with labels; or pass a ScoreTable or an Assessment."
            )
        table = ScoreTable.from_scores(
            y_true, scores, pos_label=pos_label, sample_weight=sample_weight
        )
        positive = "positive" if pos_label is None else pos_label
    return ThresholdExplorer.from_table(
        table,
        name="classifier" if name is None else name,
        positive=positive,
        confidence_level=confidence_level,
        ratio=ratio,
        threshold=start,
    )

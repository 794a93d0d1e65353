"""scikit-learn's metrics with scikit-learn's names, signatures and conventions, computed
through phidelta's counts and score tables.

Replace ``from sklearn.metrics import roc_auc_score`` by
``from phidelta.metrics import roc_auc_score``: the same arguments give the same numbers
(to rounding), the same warnings and the same error types. Labels are counted once into
:class:`~phidelta.counts.BinaryCounts` or a :class:`~phidelta.counts.ConfusionMatrix`, and
scores are sorted once into a :class:`~phidelta.counts.ScoreTable`, which is what makes these
functions faster than scikit-learn's.

Differences from scikit-learn, on purpose:

* Undefined values warn with :class:`UndefinedMetricWarning`, a subclass of phidelta's
  :class:`~phidelta.exceptions.UndefinedMeasureWarning` and — when scikit-learn's
  ``sklearn.exceptions`` is imported — of scikit-learn's ``UndefinedMetricWarning``, so that
  filters written for either package apply.
* Negative ``sample_weight`` values are refused (phidelta's counts are non-negative).
* The implicit positive class follows :func:`phidelta.counts.check_pos_label`, which besides
  scikit-learn's {0, 1} and {−1, 1} also reads the text "0"/"1" and "false"/"true"; a text
  ``pos_label`` matches the number it spells.
* Parameter errors are ``ValueError`` with scikit-learn's wording, not its
  ``InvalidParameterError`` class.
* Where a result does not depend on the scale of ``sample_weight`` (the ranking metrics,
  ``matthews_corrcoef``), weights far from 1 are rescaled by a power of two, which is exact:
  weights of 1e-170 or 1e155 give the numbers of the same weights near 1 (scikit-learn: a
  ``ZeroDivisionError``, NaN or 0 where products of weights overflow or underflow).
* Integer weights whose counts overflow int64 raise ``OverflowError`` (scikit-learn's sums
  wrap around to negative counts).
* ``roc_curve(drop_intermediate=True)`` with weights drops every point on a straight run of
  equal steps; scikit-learn compares rounded running sums, so equal float weights (0.1 each)
  can leave some collinear points in its curve. The curves have the same shape and area.
* ``roc_auc_score`` checks the lengths first, empty inputs are a ``ValueError`` everywhere,
  and ``auc`` takes boolean coordinates (scikit-learn: NaN, ``IndexError``, ``TypeError``).
* Warnings name the caller's line.
"""

from phidelta.metrics._classification import (
    accuracy_score,
    balanced_accuracy_score,
    cohen_kappa_score,
    confusion_matrix,
    f1_score,
    fbeta_score,
    matthews_corrcoef,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
)
from phidelta.metrics._inputs import UndefinedMetricWarning
from phidelta.metrics._probabilistic import brier_score_loss, log_loss
from phidelta.metrics._ranking import (
    auc,
    average_precision_score,
    det_curve,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
)

__all__ = [
    "UndefinedMetricWarning",
    "accuracy_score",
    "auc",
    "average_precision_score",
    "balanced_accuracy_score",
    "brier_score_loss",
    "cohen_kappa_score",
    "confusion_matrix",
    "det_curve",
    "f1_score",
    "fbeta_score",
    "log_loss",
    "matthews_corrcoef",
    "precision_recall_curve",
    "precision_recall_fscore_support",
    "precision_score",
    "recall_score",
    "roc_auc_score",
    "roc_curve",
]

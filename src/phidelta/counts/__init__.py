"""Counts: additive sufficient statistics (the first layer after the data).

Binary confusion counts, multi-class confusion matrices (with the channel models of the
entropy-triangle paper) and score tables of scoring classifiers.
"""

from phidelta.counts._binary import BinaryCounts, GroupedCounts
from phidelta.counts._channels import (
    binary_erasure_channel,
    binary_symmetric_channel,
    convex_series,
    noisy_typewriter,
)
from phidelta.counts._confusion import ConfusionMatrix
from phidelta.counts._labels import (
    BinaryTarget,
    as_label_array,
    binary_target,
    check_pos_label,
    match_class,
    ordered_values,
    python_value,
    same_class,
)
from phidelta.counts._scores import MergingStack, ScoreTable

__all__ = [
    "BinaryCounts",
    "BinaryTarget",
    "ConfusionMatrix",
    "GroupedCounts",
    "MergingStack",
    "ScoreTable",
    "as_label_array",
    "binary_erasure_channel",
    "binary_symmetric_channel",
    "binary_target",
    "check_pos_label",
    "convex_series",
    "match_class",
    "noisy_typewriter",
    "ordered_values",
    "python_value",
    "same_class",
]

"""Counts: additive sufficient statistics (the first layer after the data).

Binary confusion counts, multi-class confusion matrices (with the channel models of the
entropy-triangle paper); score tables join them with the scoring layer.
"""

from phidelta.counts._binary import BinaryCounts, GroupedCounts
from phidelta.counts._channels import (
    binary_erasure_channel,
    binary_symmetric_channel,
    convex_series,
    noisy_typewriter,
)
from phidelta.counts._confusion import ConfusionMatrix

__all__ = [
    "BinaryCounts",
    "ConfusionMatrix",
    "GroupedCounts",
    "binary_erasure_channel",
    "binary_symmetric_channel",
    "convex_series",
    "noisy_typewriter",
]

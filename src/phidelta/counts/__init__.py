"""Counts: additive sufficient statistics (the first layer after the data).

Binary confusion counts here; k×k confusion matrices and score tables join them as the
multi-class and scoring layers are added.
"""

from phidelta.counts._binary import BinaryCounts, GroupedCounts

__all__ = ["BinaryCounts", "GroupedCounts"]

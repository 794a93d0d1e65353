"""Feature signatures: φ-δ statistics of every feature, ranking and selection (data → counts).

Each column of a data table (dense, DataFrame or sparse) becomes one or more single-feature
classifiers with their confusion counts; :class:`Signature` ranks and selects them.
"""

from phidelta.signatures._accumulate import SignatureStatistics
from phidelta.signatures._signature import (
    RANKINGS,
    SUMMARY_COLUMNS,
    Signature,
    block_statistics,
    signature,
    signature_from_chunks,
)
from phidelta.signatures._statistics import ConstantFeatureWarning, nominal_subsets

__all__ = [
    "RANKINGS",
    "SUMMARY_COLUMNS",
    "ConstantFeatureWarning",
    "Signature",
    "SignatureStatistics",
    "block_statistics",
    "nominal_subsets",
    "signature",
    "signature_from_chunks",
]

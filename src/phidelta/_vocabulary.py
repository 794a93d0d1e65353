"""Names every layer and interface shares, in a module that imports nothing heavy (the
command line reads them while it parses its options, before any data is touched)."""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["RANKINGS", "SUMMARY_COLUMNS", "RankBy"]

RankBy = Literal["delta", "corner", "phi", "information_gain"]
#: The orders :meth:`phidelta.signatures.Signature.rank` knows (every interface offers these).
RANKINGS: tuple[str, ...] = get_args(RankBy)
#: The columns of a signature summary (command line, report), in order.
SUMMARY_COLUMNS = (
    "name",
    "kind",
    "specificity",
    "sensitivity",
    "phi",
    "delta",
    "phi_ratio",
    "delta_ratio",
    "information_gain",
    "information_gain_ratio",
)

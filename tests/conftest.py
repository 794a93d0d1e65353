"""Shared fixtures: the reference data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_REFDATA = ROOT.parent / "shared" / "refdata"
VENDORED_REFDATA = Path(__file__).resolve().parent / "data" / "refdata"


def refdata_root() -> Path:
    """``../shared/refdata`` when the checkout sits beside it, else the copy under tests/data."""
    return SHARED_REFDATA if SHARED_REFDATA.is_dir() else VENDORED_REFDATA


@pytest.fixture(scope="session")
def refdata() -> Path:
    return refdata_root()

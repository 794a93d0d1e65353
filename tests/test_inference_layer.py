"""Inference is its own layer above the point measures (issue 29): ``phidelta.measures`` does
not import it, not even lazily, and the names that moved there answer from
``phidelta.measures`` with an AttributeError naming their new place."""

from __future__ import annotations

import subprocess
import sys

import pytest

from phidelta import inference, measures

#: the names that moved from phidelta.measures to phidelta.inference
MOVED = sorted(measures._MOVED)


def test_moved_names_live_in_inference_only():
    # sorted as ruff's RUF022 sorts: constants first, then classes and functions
    constants = [n for n in inference.__all__ if n.isupper()]
    assert inference.__all__ == sorted(constants) + sorted(set(inference.__all__) - set(constants))
    assert set(MOVED) <= set(inference.__all__)
    assert not set(MOVED) & set(measures.__all__)
    assert {"wilson_interval", "cohen_kappa_interval", "phi_delta_region"} <= set(MOVED)
    assert "cohen_kappa" in measures.__all__  # κ itself stays a measure


@pytest.mark.parametrize("name", MOVED)
def test_a_former_name_says_where_it_lives_now(name):
    with pytest.raises(AttributeError, match=rf"moved to phidelta\.inference\.{name} "):
        getattr(measures, name)
    assert callable(getattr(inference, name))


def test_a_former_name_in_an_import_and_unknown_names_fail():
    with pytest.raises(ImportError, match="wilson_interval"):
        from phidelta.measures import wilson_interval
    from phidelta.inference import wilson_interval

    assert wilson_interval([8], [10]).low[0] == pytest.approx(0.49016247)
    with pytest.raises(AttributeError, match="has no attribute 'no_such_measure'"):
        measures.no_such_measure  # noqa: B018


def test_importing_measures_does_not_import_inference():
    code = (
        "import sys\n"
        "import phidelta.measures as m\n"
        "print('phidelta.inference' in sys.modules)\n"
        "try:\n"
        "    m.delong_test\n"
        "except AttributeError:\n"
        "    pass\n"
        "print('phidelta.inference' in sys.modules)\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert found.stdout.split() == ["False", "False"]  # never loaded by the measures

"""One zero-denominator policy for every measure: NaN + warning, or the value you pass."""

from __future__ import annotations

import numpy as np
import pytest

from phidelta import BinaryCounts, measures
from phidelta.exceptions import UndefinedMeasureWarning
from phidelta.measures import MEASURES

# entries: a normal classifier, one that predicts nothing positive, one with no positives
COUNTS = BinaryCounts(tn=[15, 20, 10], fp=[10, 0, 0], fn=[15, 5, 0], tp=[60, 0, 0])


def test_precision_without_predicted_positives_warns_and_is_nan():
    with pytest.warns(
        UndefinedMeasureWarning,
        match=r"precision is undefined for 2 of 3 entries \(no predicted positives",
    ):
        values = measures.precision(COUNTS)
    assert np.isnan(values[1])
    assert np.isnan(values[2])
    assert values[0] == pytest.approx(60 / 70)


@pytest.mark.parametrize("value", [0.0, 1.0, -1.0])
def test_explicit_value_is_used_silently(value, recwarn):
    values = measures.precision(COUNTS, zero_division=value)
    assert list(values[1:]) == [value, value]
    assert not [w for w in recwarn if issubclass(w.category, UndefinedMeasureWarning)]


def test_enrichment_with_no_background_accepted():
    counts = BinaryCounts(tn=[10], fp=[0], fn=[2], tp=[8])  # Be = 0
    with pytest.warns(UndefinedMeasureWarning, match=r"enrichment factor E is undefined"):
        assert np.isnan(measures.enrichment_factor(counts)[0])
    assert measures.rejection_factor(counts, zero_division=np.inf)[0] == np.inf


def test_unbiased_measures_undefined_without_a_class():
    with pytest.warns(UndefinedMeasureWarning, match=r"unbiased accuracy is undefined for 1 of 3"):
        values = measures.unbiased_accuracy(COUNTS)
    assert np.isnan(values[2])
    assert not np.isnan(values[1])


@pytest.mark.parametrize(
    "info", [m for m in MEASURES if not m.defined_everywhere], ids=lambda m: m.name
)
def test_every_measure_applies_the_policy_on_empty_counts(info):
    empty = BinaryCounts(0, 0, 0, 0)
    with pytest.warns(UndefinedMeasureWarning, match=r"is undefined for 1 of 1 entries"):
        assert np.isnan(info(empty)[0])
    assert info(empty, zero_division=0.5)[0] == 0.5


def test_measure_table_defaults_to_silent_nan(recwarn):
    table = measures.measure_table(COUNTS)
    assert np.isnan(table["precision"][1])
    assert table["precision"][0] == pytest.approx(60 / 70)
    assert not [w for w in recwarn if issubclass(w.category, UndefinedMeasureWarning)]
    with pytest.warns(UndefinedMeasureWarning):
        measures.measure_table(COUNTS, measures=["precision"], zero_division="warn")


def test_measure_table_frame_and_subset():
    pd = pytest.importorskip("pandas")
    table = measures.measure_table(
        COUNTS, measures=["accuracy", "phi", "delta"], index=["a", "b", "c"]
    )
    frame = table.to_frame()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["tn", "fp", "fn", "tp", "accuracy", "phi", "delta"]
    assert list(frame.index) == ["a", "b", "c"]
    assert frame.loc["a", "accuracy"] == pytest.approx(0.75)
    full = measures.measure_table(COUNTS)
    assert set(full) == {"tn", "fp", "fn", "tp"} | {m.name for m in MEASURES}
    with pytest.raises(ValueError, match=r"Unknown measures \['acuracy'\]"):
        measures.measure_table(COUNTS, measures=["acuracy"])


def test_bad_arguments():
    with pytest.raises(TypeError, match=r"`counts` must be a BinaryCounts; got list"):
        measures.accuracy([1, 2, 3, 4])
    with pytest.raises(ValueError, match=r"`zero_division` must be \"warn\" or a number"):
        measures.accuracy(COUNTS, zero_division="zero")
    with pytest.raises(ValueError, match=r"`ratio` must be a positive finite number"):
        measures.phi_delta(COUNTS, ratio=-1)
    with pytest.raises(ValueError, match=r"`ratio` must be a positive number or \"actual\""):
        measures.phi_delta(COUNTS, ratio="balanced")
    with pytest.raises(ValueError, match=r"`ratio` must be a scalar or have one value per entry"):
        measures.phi_delta(COUNTS, ratio=[1, 2])
    with pytest.raises(ValueError, match=r"`beta` must be a positive finite number"):
        measures.fbeta_score(COUNTS, beta=0)
    with pytest.raises(ValueError, match=r"`signal_weight` must be a non-negative finite"):
        measures.weighted_classification_error(COUNTS, signal_weight=-2)
    with pytest.raises(ValueError, match=r"`base` must be a positive number other than 1"):
        measures.information_gain(COUNTS, base=1)


def test_convert_errors():
    with pytest.raises(
        ValueError, match=r"Lengths differ: `specificity` has 2, `sensitivity` has 1"
    ):
        measures.convert([0.1, 0.2], [0.3])
    with pytest.raises(ValueError, match=r"`specificity` must be finite; it contains NaN"):
        measures.convert([np.nan], [0.3])
    with pytest.raises(ValueError, match=r"`specificity` must lie in \[0, 1\]"):
        measures.convert([-0.1], [0.3])
    with pytest.raises(ValueError, match=r"`ratio` must be a positive finite number"):
        measures.convert([0.1], [0.3], ratio=0)
    with pytest.raises(TypeError, match=r"`ratio` must be a positive number"):
        measures.convert([0.1], [0.3], ratio="4")
    with pytest.raises(TypeError, match=r"`sensitivity` must be numeric"):
        measures.convert([0.1], ["x"])

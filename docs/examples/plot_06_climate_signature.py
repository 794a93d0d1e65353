"""
Feature signature of the climate data (software paper, Fig. 7)
==============================================================

Reproduces Fig. 7 of Armano, Giuliani, Neumann, Rothe and Heider (2019), *Phi-Delta-Diagrams:
Software Implementation of a Visual Tool for Assessing Classifier and Feature Performance*: the
R package's ``phiDelta.stats`` and ``phiDelta.plot`` applied to its example data set
``climate_data`` — 29 days of weather at Frankfurt (Oder) in February 2016, class ``RainBool``
(15 days with rain, 14 without), six numeric features.

Differences from the paper: the features are drawn twice — in the standard diagram (ratio 1)
and in the generalized diagram at the data's own class ratio N/P = 14/15. The R package, with
its default ``ratio_corrected=TRUE``, evaluates the generalized formulas at P/N = 15/14 by
mistake; phidelta uses N/P, so its right panel differs from R's figure by up to 0.09 in φ and
0.02 in δ (the left panel matches R's ``ratio_corrected=FALSE`` values exactly).
"""

# %%
# φ and δ of every feature
# ------------------------
# ``phidelta.stats`` is the published functional interface: numeric columns are min-max scaled
# to [−1, 1] and give soft counts, as in both published packages.
import matplotlib.pyplot as plt

import phidelta
from phidelta.datasets import load_climate_data
from phidelta.rendering import plot

data, labels, names = load_climate_data()
standard = phidelta.stats(data, labels, {"features": names}, ratio_corrected=False)
actual = phidelta.stats(data, labels, {"features": names}, ratio_corrected=True)
print(f"class ratio N/P = {actual.ratio:.4f}")
for name, phi, delta in zip(standard.names, standard.phi, standard.delta, strict=True):
    print(f"{name:>13}: φ = {phi:+.4f}  δ = {delta:+.4f}")

# %%
# Fig. 7 — the diagram
# --------------------
# ``phidelta.rendering.plot`` is the published ``phiDelta.plot(phi, delta, names, ratio)``;
# with names it uses the feature view and labels the points. No feature is far from the φ
# axis: the weather of one day predicts rain only weakly (the largest absolute δ, 0.27, is
# the wind force's, then come the sunshine and the minimum temperature).
fig, axes = plt.subplots(1, 2, figsize=(12, 5.6), layout="constrained")
plot(
    standard.phi,
    standard.delta,
    names=standard.names,
    ax=axes[0],
    title="standard φ-δ diagram (ratio 1)",
)
plot(
    actual.phi,
    actual.delta,
    names=actual.names,
    ratio=actual.ratio,
    ax=axes[1],
    title=f"generalized, actual ratio N/P = {actual.ratio:.3f}",
)
plt.show()

# %%
# Ranking the features
# --------------------
# The same numbers as a table, ranked by the absolute value of δ (the discriminant
# capability), from the ``Signature`` behind ``stats``.
sig = phidelta.signature(data, labels, feature_names=names)
print(sig.to_frame().iloc[sig.rank("delta")][["phi", "delta"]].round(3))

"""
Information gain over the φ-δ space and its minima
==================================================

Reproduces Fig. 7 of Armano (2015): the information gain I(X̂; X) = H(X) − H(X | X̂) of a
classifier (eq. 21), evaluated on a 25 × 25 grid covering the whole φ-δ space (left), and the
locus of its minima (right), which is the φ axis δ = 0.

Differences from the paper: the grid is the published package's ``make_grid(25)`` — 25 × 25
values of (specificity, sensitivity) in [0, 1]², which fill the diamond — so the surface is
drawn over the diamond rather than over a square; the right panel colours every grid point by
its information gain and rings the minima.
"""

# %%
# The grid and its information gain
# ---------------------------------
# ``make_grid(25)`` gives the (φ, δ) of 625 classifiers. ``measures.phi_delta_to_rates`` turns
# them back into (specificity, sensitivity), ``BinaryCounts.from_rates(..., ratio=1)`` into the
# normalized confusion matrix of balanced data, and ``measures.information_gain`` into bits.
import matplotlib.pyplot as plt
import numpy as np

import phidelta
from phidelta import BinaryCounts, measures
from phidelta.rendering import PhiDeltaDisplay

phi, delta = phidelta.make_grid(25)
rates = measures.phi_delta_to_rates(phi, delta)
counts = BinaryCounts.from_rates(rates.specificity, rates.sensitivity, ratio=1.0)
gain = measures.information_gain(counts)

minimum = np.isclose(gain, gain.min(), atol=1e-12)
print(f"information gain from {gain.min():.3g} to {gain.max():.3g} bits")
print(
    f"{minimum.sum()} grid points reach the minimum, all on δ = 0:", np.allclose(delta[minimum], 0)
)

# %%
# Fig. 7 — the surface and its minima
# -----------------------------------
# The gain is 1 bit at the oracle and the anti-oracle (top and bottom corners) and 0 along the
# whole φ axis: the dummy classifiers (left and right corners) and the random guess (the
# origin) tell nothing about the class. The surface is symmetric under φ → −φ and δ → −δ.
fig = plt.figure(figsize=(12, 5.6), layout="constrained")
ax3d = fig.add_subplot(1, 2, 1, projection="3d")
ax3d.plot_trisurf(phi, delta, gain, cmap="viridis", linewidth=0.1, edgecolor="0.3")
ax3d.set(xlabel="φ", ylabel="δ", xticks=[-1, 0, 1], yticks=[-1, 0, 1], zticks=[0, 0.5, 1])
ax3d.set_zlabel("I(X̂; X) [bits]", labelpad=2)
ax3d.view_init(elev=22, azim=-35)
ax3d.set_box_aspect(None, zoom=0.85)
ax3d.set_title("information gain on a 25 × 25 grid", fontsize=10)

ax = fig.add_subplot(1, 2, 2)
display = PhiDeltaDisplay(phi=phi, delta=delta).plot(
    ax=ax,
    isometrics=(),
    color_by=gain,
    marker_size=12,
    highlight=np.flatnonzero(minimum),
    title="minima (ringed): the φ axis",
)
display.colorbar_.set_label("I(X̂; X) [bits]")
plt.show()

# %%
# Information gain and the class ratio
# ------------------------------------
# With the class ratio r = N/P the prior entropy H(X) changes and so does the gain of a
# classifier with given rates. ``measures.unbiased_information_gain`` is the gain at r = 1,
# the function drawn above; ``measures.information_gain`` uses the counts' own ratio.
imbalanced = BinaryCounts.from_rates([0.9], [0.9], ratio=4.0)
print(
    "rates 0.9 / 0.9, N/P = 4: gain",
    f"{measures.information_gain(imbalanced)[0]:.3f} bits,",
    f"at balance {measures.unbiased_information_gain(imbalanced)[0]:.3f} bits",
)

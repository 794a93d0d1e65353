"""
δ and φ: four cases and their isometrics in ROC space
=====================================================

Reproduces Figs. 1–3 of Armano (2015), *A direct measure of discriminant and characteristic
capability for classifier building and assessment*: the four extreme normalized confusion
matrices that motivate the two measures (Fig. 1), the isometrics of the discriminant capability
δ = tp − fp (Fig. 2) and of the characteristic capability φ = tp + fp − 1 (Fig. 3), drawn over
the false positive rate fp and the true positive rate tp.

Differences from the paper: Fig. 1 shades the cells by their rate (light = few hits, dark =
many) and prints the rates; Figs. 2 and 3 are drawn as labelled contour lines at steps of 0.25
instead of the paper's unlabelled lines, and side by side.
"""

# %%
# Fig. 1 — the four relevant cases
# --------------------------------
# Each case is a normalized confusion matrix Γ = [[tn, fp], [fn, tp]] (rows: true class,
# columns: predicted class; rates, so each row sums to one). ``BinaryCounts.from_rates``
# builds it from (specificity, sensitivity) and ``measures.phi_delta`` gives its (φ, δ).
import matplotlib.pyplot as plt
import numpy as np

import phidelta
from phidelta import BinaryCounts, measures

cases = {  # (fp, tp) of the four cases of Section 4.1
    "fp ≈ 0, tp ≈ 1": (0.05, 0.95),
    "fp ≈ 1, tp ≈ 1": (0.95, 0.95),
    "fp ≈ 0, tp ≈ 0": (0.05, 0.05),
    "fp ≈ 1, tp ≈ 0": (0.95, 0.05),
}
fp, tp = np.array(list(cases.values())).T
counts = BinaryCounts.from_rates(1 - fp, tp, ratio=1.0)
gamma = measures.normalized_confusion_matrix(counts)
phi, delta = measures.phi_delta(counts)

fig, axes = plt.subplots(1, 4, figsize=(9, 2.9), layout="constrained")
for k, (ax, title) in enumerate(zip(axes, cases, strict=True)):
    ax.imshow(gamma[k], cmap="Greys", vmin=0, vmax=1.6)
    for (i, j), rate in np.ndenumerate(gamma[k]):
        name = [["tn", "fp"], ["fn", "tp"]][i][j]
        ax.text(
            j,
            i,
            f"{name}\n{rate:.2f}",
            ha="center",
            va="center",
            color="white" if rate > 0.5 else "black",
            fontsize=9,
        )
    ax.set_xticks([0, 1], ["X̂ = 0", "X̂ = 1"])
    ax.set_yticks([0, 1], ["X = 0", "X = 1"])
    ax.set_title(f"{title}\nδ = {delta[k] + 0:+.1f}, φ = {phi[k] + 0:+.1f}", fontsize=9)
fig.suptitle("Armano (2015), Fig. 1: relevant cases for δ and φ", fontsize=10)

# %%
# Only one measure is far from zero in each case: δ ≈ ±1 goes with φ ≈ 0 (an oracle or an
# anti-oracle) and φ ≈ ±1 with δ ≈ 0 (a classifier that says "positive" or "negative" to
# everything) — the orthogonal behaviour of Table 2.
#
# Figs. 2 and 3 — isometrics in ROC space
# ---------------------------------------
# ``phidelta.convert`` maps (specificity, sensitivity) = (1 − fp, tp) to (φ, δ); evaluating
# it on a grid of the unit square and drawing level lines gives the isometrics.
grid = np.linspace(0, 1, 101)
FP, TP = np.meshgrid(grid, grid)
phi_grid, delta_grid = phidelta.convert(1 - FP.ravel(), TP.ravel())
levels = np.arange(-1, 1.01, 0.25)

fig, axes = plt.subplots(1, 2, figsize=(9, 4.5), layout="constrained")
for ax, values, title, colour in (
    (axes[0], delta_grid, "Fig. 2: isometrics of δ = tp − fp", "tab:blue"),
    (axes[1], phi_grid, "Fig. 3: isometrics of φ = tp + fp − 1", "tab:red"),
):
    lines = ax.contour(
        FP, TP, values.reshape(FP.shape), levels=levels, colors=colour, linewidths=0.9
    )
    ax.clabel(lines, fmt="%+.2f", fontsize=7)
    ax.set(
        xlim=(0, 1),
        ylim=(0, 1),
        aspect="equal",
        xlabel="false positive rate fp",
        ylabel="true positive rate tp",
    )
    ax.set_title(title, fontsize=10)

# %%
# The δ isometrics run parallel to the ROC diagonal (δ = 0 is the random-guess diagonal,
# δ = 1 the top-left corner), the φ isometrics parallel to the other diagonal: the two
# families are orthogonal, so (φ, δ) is the ROC space rotated by 45° (and stretched by √2).
plt.show()

"""
The φ-δ diamond and its corners for classifiers
===============================================

Reproduces Figs. 4–6 of Armano (2015): the shape of the φ-δ space — the diamond
``|φ| + |δ| ≤ 1`` drawn from the isometrics of tp and fp (Fig. 4) —, the classifiers that sit
at its corners (Fig. 5), and how a point P₀ reads as bias and accuracy (Fig. 6).

Differences from the paper: the three panels are drawn with phidelta's ``PhiDeltaDisplay``
(shaded diamond, dashed axes, corner names under the corners); Fig. 6's point P₀ is a concrete
classifier (specificity 0.6, sensitivity 0.8) and its unbiased accuracy and bias are printed.
"""

# %%
# Fig. 4 — the diamond from the tp and fp isometrics
# --------------------------------------------------
# Since δ = tp − fp and φ = tp + fp − 1, the lines of constant tp (sensitivity ρ) and of
# constant fp (1 − specificity ρ̄) are straight lines of slope −1 and +1 in the φ-δ plane
# (eq. 13). ``phidelta.isometrics`` returns them as coordinates, clipped to the diamond; the
# lines tp = 0, tp = 1, fp = 0 and fp = 1 are its four borders.
import matplotlib.pyplot as plt
import numpy as np

import phidelta
from phidelta import BinaryCounts, measures
from phidelta.rendering import PhiDeltaDisplay

fig, axes = plt.subplots(1, 3, figsize=(13, 4.6), layout="constrained")
ax = axes[0]
display = PhiDeltaDisplay(phi=[], delta=[]).plot(
    ax=ax, isometrics=(), corner_labels=False, title="Fig. 4: shape of the φ-δ space"
)


def label(line, text, colour):
    """Write ``text`` beside a border line (outside) or an inner line (near its right end)."""
    phi, delta = line.phi.mean(), line.delta.mean()
    if abs(phi) < 0.1:  # the line through the origin
        right = np.argmax(line.phi)
        phi, delta = 0.6 * line.phi[right], 0.6 * line.delta[right]
    ax.annotate(
        text,
        (phi, delta),
        xytext=(6 * np.sign(phi), 6 * np.sign(delta)),
        textcoords="offset points",
        ha="left" if phi > 0 else "right",
        va="bottom" if delta > 0 else "top",
        color=colour,
        fontsize=9,
    )


for line in phidelta.isometrics("sensitivity", [0, 0.5, 1]):  # slope −1
    ax.plot(line.phi, line.delta, color="tab:green", lw=1.4)
    label(line, f"tp = {line.value:g}", "tab:green")
for line in phidelta.isometrics("specificity", [1, 0.5, 0]):  # slope +1
    ax.plot(line.phi, line.delta, color="tab:purple", lw=1.4, ls="--")
    label(line, f"fp = {1 - line.value:g}", "tab:purple")
# sphinx_gallery_defer_figures

# %%
# Fig. 5 — the corners are well-known classifiers
# -----------------------------------------------
# ``phidelta.diamond(ratio)`` knows its corners: the oracle (top, ρ = ρ̄ = 1), the anti-oracle
# (bottom, ρ = ρ̄ = 0) and the two dummy classifiers that answer "negative" (left) or
# "positive" (right) to every sample. The display writes their names.
shape = phidelta.diamond(1.0)
for name, corner in shape.corners.items():
    print(
        f"{name:>6}: (φ, δ) = ({corner.phi:+.0f}, {corner.delta:+.0f})  "
        f"ρ̄ = {corner.specificity:.0f}, ρ = {corner.sensitivity:.0f}  → {corner.classifier}"
    )

corners = [shape.corners[name] for name in phidelta.geometry.CORNER_NAMES]
PhiDeltaDisplay(phi=[c.phi for c in corners], delta=[c.delta for c in corners]).plot(
    ax=axes[1],
    isometrics=(),
    marker_size=60,
    color="tab:red",
    title="Fig. 5: corners in the classifier view",
)
# sphinx_gallery_defer_figures

# %%
# Fig. 6 — a point reads as bias and accuracy
# -------------------------------------------
# For a classifier P₀ with specificity 0.6 and sensitivity 0.8, φ is its (unbiased) bias and
# δ = 2·a_u − 1 its unbiased accuracy remapped to [−1, 1] (eqs. 14 and 20). Accuracy
# isometrics are horizontal lines and bias isometrics vertical lines: the projections of P₀ on
# the axes read off both.
p0 = BinaryCounts.from_rates([0.6], [0.8], ratio=1.0)
phi0, delta0 = measures.phi_delta(p0)
accuracy_u = measures.unbiased_accuracy(p0)[0]
print(f"P0: φ = {phi0[0]:.2f}, δ = {delta0[0]:.2f}, a_u = {accuracy_u:.2f} = (1 + δ)/2")

ax = axes[2]
PhiDeltaDisplay(phi=phi0, delta=delta0).plot(
    ax=ax,
    isometrics=(),
    marker_size=60,
    color="black",
    title="Fig. 6: a point P₀ in the classifier view",
)
ax.plot([phi0[0], phi0[0]], [0, delta0[0]], color="tab:red", lw=1.5)
ax.plot([0, phi0[0]], [delta0[0], delta0[0]], color="tab:blue", lw=1.5)
ax.annotate("P₀", (phi0[0], delta0[0]), xytext=(6, 6), textcoords="offset points")
ax.annotate(
    f"bias φ = {phi0[0]:.1f}",
    (phi0[0], 0),
    xytext=(0, -14),
    textcoords="offset points",
    ha="center",
    color="tab:red",
    fontsize=9,
)
ax.annotate(
    f"δ = {delta0[0]:.1f}\n(a_u = {accuracy_u:.1f})",
    (0, delta0[0]),
    xytext=(-6, 0),
    textcoords="offset points",
    ha="right",
    va="center",
    color="tab:blue",
    fontsize=9,
)
plt.show()

"""
The entropy triangle of the paper's matrices a–f and a convex series
====================================================================

Reproduces Figs. 2(b) and 5(a) of Valverde-Albacete & Peláez-Moreno (2010), *Two
information-theoretic tools to assess the performance of multi-class classifiers*. The entropy
balance splits the uniform joint entropy of a confusion matrix into three normalized parts that
sum to one — ΔH′ (how far the marginals are from uniform), 2·MI′ (information transferred from
the true class X to the prediction Y) and VI′ (what remains uncertain) —, so every classifier
is a point of a triangle (the de Finetti diagram). Fig. 2(b) places the six 3-class matrices
a–f of Fig. 3 and a convex series from the worst classifier (a uniform, independent matrix) to
the best (a uniform diagonal); Fig. 5(a) adds each matrix's marginal fractions F_X and F_Y
beside its joint fraction F_XY.

Differences from the paper: all matrices share one marker (the paper uses a different marker
per matrix) and carry their letter; the series is drawn as a line of stars. The paper's
F_X(f) ≈ [0.45, 0, 0.55] was read off its figure; the computed value is [0.48, 0, 0.52].
"""

# %%
# The balance of each matrix
# --------------------------
# Rows are the true classes, columns the predicted ones. ``measures.entropy_balance`` returns
# the entropies (in bits) and the fractions; a, b and c have the same accuracy (0.83) but not
# the same information transfer.
import matplotlib.pyplot as plt
import numpy as np

from phidelta import ConfusionMatrix, geometry, measures
from phidelta.rendering import EntropyTriangleDisplay

paper = {
    "a": [[15, 0, 5], [0, 15, 5], [0, 0, 20]],
    "b": [[16, 2, 2], [2, 16, 2], [1, 1, 18]],
    "c": [[1, 0, 4], [0, 1, 4], [1, 1, 48]],
    "d": [[15, 0, 0], [0, 18, 0], [0, 0, 27]],
    "e": [[1, 0, 0], [0, 2, 0], [0, 0, 57]],
    "f": [[0, 0, 5], [0, 0, 5], [0, 0, 50]],
}
matrices = ConfusionMatrix(np.array(list(paper.values())))
balance = measures.entropy_balance(matrices)
frame = balance.to_frame()
frame.index = list(paper)
print(frame[["accuracy", "mutual_information", "variation_of_information"]].round(3))
print("F_X(f) =", np.round(balance.input_fractions[5], 4))

# %%
# A convex series: λ·(uniform diagonal) + (1 − λ)·(uniform independent), λ = 0, 0.1, …, 1.
# Its marginals stay uniform, so it runs up the left side (ΔH′ = 0) from the bottom-left
# corner (nothing transferred) to the apex (everything transferred).
lam = np.linspace(0, 1, 11)
series = ConfusionMatrix(
    lam[:, None, None] * np.eye(3) / 3 + (1 - lam[:, None, None]) * np.full((3, 3), 1 / 9)
)
stars = geometry.extended_triangle(measures.entropy_balance(series)).joint

# %%
# Figs. 2(b) and 5(a)
# -------------------
# Left: the joint fractions F_XY. Right, the extended diagram: F_X (◁) and F_Y (▷) flank each
# F_XY on a horizontal line (the three share the mutual information). They coincide for d and
# e, whose input and output marginals are equal. The majority classifier f always predicts the
# third class: its output entropy is zero, so F_Y(f) = [1, 0, 0] sits on the bottom-right
# corner.
fig, axes = plt.subplots(1, 2, figsize=(12, 5.6), layout="constrained")
EntropyTriangleDisplay(balance=balance, names=list(paper)).plot(
    ax=axes[0], title="Fig. 2(b): matrices a–f and a convex series (★)"
)
axes[0].plot(
    stars[:, 0],
    stars[:, 1],
    color="tab:orange",
    marker="*",
    ms=9,
    lw=0.8,
    zorder=3,
    label="convex series",
)
axes[0].legend(fontsize=7, loc="upper right")
EntropyTriangleDisplay(balance=balance, names=list(paper)).plot(
    ax=axes[1], extended=True, title="Fig. 5(a): the extended diagram"
)
plt.show()

"""
Features in the φ-δ space: corners and the semantics of the borders
===================================================================

Reproduces Figs. 8 and 9 of Armano (2015). A binary feature f is a single-feature classifier
("f is true" = predict the positive class c): δ says how much it agrees (δ → +1, covariant)
or disagrees (δ → −1, contravariant) with c; φ how pervasive it is, whatever the class (φ → +1:
true almost everywhere — stop words; φ → −1: rarely true). Its four borders are strict
implications between the feature and the class (Fig. 9).

Differences from the paper: instead of an abstract sketch, eight generated binary features —
one near each corner, one on each border — are placed with ``phidelta.signature``; the
implications and the normalized confusion matrix of each border (rows: class c̄, c; columns:
f̄, f) are written beside it.
"""

# %%
# Eight features with a known place
# ---------------------------------
# 100 positive and 100 negative samples. Each column is true on a chosen share of the
# negatives and of the positives (specificity ρ̄ = share of negatives where f is false,
# sensitivity ρ = share of positives where f is true).
import matplotlib.pyplot as plt
import numpy as np

import phidelta
from phidelta.rendering import PhiDeltaDisplay

y = np.repeat([0, 1], 100)
shares = {  # name: (share of negatives where f is true, share of positives where f is true)
    "covariant": (0.02, 0.98),
    "contravariant": (0.98, 0.03),
    "rare": (0.02, 0.03),
    "stop word": (0.97, 0.98),
    "f → c": (0.0, 0.4),
    "f̄ → c̄": (0.5, 1.0),
    "f̄ → c": (1.0, 0.7),
    "f → c̄": (0.6, 0.0),
}
columns = []
for on_negatives, on_positives in shares.values():
    column = np.zeros(200, dtype=bool)
    column[: round(100 * on_negatives)] = True  # the first 100 samples are negatives
    column[100 : 100 + round(100 * on_positives)] = True
    columns.append(column)
X = np.column_stack(columns)

sig = phidelta.signature(X, y, feature_names=list(shares))
print(sig.to_frame()[["phi", "delta", "specificity", "sensitivity"]].round(2))

# %%
# Figs. 8 and 9 — the feature view
# --------------------------------
# ``PhiDeltaDisplay.from_signature`` draws the features with the feature-view names of the
# corners; ``diamond(1).edges`` holds the implication each border stands for. On the upper-left
# border ρ̄ = 1: no negative sample has f, so f → c; on the upper-right ρ = 1: every positive
# has f, so a sample without f is negative (f̄ → c̄); and so on.
fig, ax = plt.subplots(figsize=(7.5, 6.8), layout="constrained")
PhiDeltaDisplay.from_signature(
    sig,
    ax=ax,
    isometrics=(),
    annotate=len(shares),
    marker_size=40,
    title="Figs. 8–9: the feature view",
)

shape = phidelta.diamond(1.0)
matrices = {  # normalized confusion matrix on each border: [[tn, fp], [fn, tp]]
    ("left", "top"): "[[1, 0], [1−ρ, ρ]]",
    ("top", "right"): "[[ρ̄, 1−ρ̄], [0, 1]]",
    ("right", "bottom"): "[[0, 1], [1−ρ, ρ]]",
    ("bottom", "left"): "[[ρ̄, 1−ρ̄], [1, 0]]",
}
for (a, b), implication in shape.edges.items():
    middle = (getattr(shape, a) + getattr(shape, b)) / 2
    outward = np.sign(middle)
    ax.annotate(
        f"{implication}\n{matrices[a, b]}",
        middle,
        xytext=28 * outward,
        textcoords="offset points",
        ha="center",
        va="center",
        fontsize=9,
        color="tab:red",
    )
plt.show()

# %%
# Features on the upper borders *support* the positive class in one direction (f → c: when
# the feature is present the sample is positive; f̄ → c̄: when it is absent the sample is
# negative), those on the lower borders the negative class. Armano's selection rule keeps such
# supporting features besides the most discriminant ones: ``Signature.select``.
selected = sig.select(phi_max=0.7, delta_min=0.4)
print("selected:", [sig.names[i] for i in selected])

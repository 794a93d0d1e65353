"""
Rankings with ties: the pair grid, coverage and ROC curves (Flach, Examples 2.2–2.4)
====================================================================================

Reproduces Figs. 2.7 and 2.8 of Flach, *Machine Learning*, chapter 2. A scoring tree ranks
100 e-mails in three tied segments [20+, 5−][10+, 5−][20+, 40−] (Example 2.2). Every
positive–negative pair is ranked correctly, wrongly, or tied: 725 ranking errors of 2,500
pairs, ties counted half, so the AUC is 0.71 (Example 2.3). The coverage curve has one
diagonal segment per tied leaf and one point per threshold, A–D (Fig. 2.7). Doubling the
negatives changes the coverage curve but not the ROC curve nor the AUC (Example 2.4, Fig. 2.8).

Differences from the book: the pair grid is drawn with one block per pair of leaves (a block
of 20 × 5 pairs is one coloured rectangle) rather than one cell per pair; the four split points
are labelled on the curves of Fig. 2.8 too.
"""

# %%
# The ranking and its errors
# --------------------------
# Scores are the leaves' log₂ spam/ham ratios (2, 1, −1; Fig. 2.5). A ``ScoreTable`` keeps
# how many positives and negatives share each score, which is all a ranking measure needs.
import matplotlib.pyplot as plt
import numpy as np

from phidelta import ScoreTable, measures
from phidelta.rendering import RocDisplay

leaves = [(20, 5, 2.0), (10, 5, 1.0), (20, 40, -1.0)]  # (positives, negatives, score)
y = np.concatenate([np.repeat([1, 0], [pos, neg]) for pos, neg, _ in leaves])
scores = np.concatenate([np.full(pos + neg, s) for pos, neg, s in leaves])
table = ScoreTable.from_scores(y, scores)

errors = measures.ranking_errors(table)
print(
    f"{errors.errors:g} ranking errors (ties count half) of {errors.pairs:g} pairs; "
    f"AUC = {measures.auc(table):.2f}"
)

# %%
# Fig. 2.7 — the pair grid and the coverage curve
# -----------------------------------------------
# ``measures.ranking_grid`` gives the outcome of each (positive leaf, negative leaf) block:
# correctly ranked (green, bottom right), ranking error (red, top left) or tie (orange). The
# coverage curve cuts the ties in half; the area under it, over Pos·Neg, is the AUC.
outcome, positives, negatives = measures.ranking_grid(table)
curve = measures.coverage_curve(table)
fig, axes = plt.subplots(1, 2, figsize=(11, 5), layout="constrained")
ax = axes[0]
ax.pcolormesh(
    np.r_[0, np.cumsum(negatives)],
    np.r_[0, np.cumsum(positives)],
    outcome,
    cmap=plt.matplotlib.colors.ListedColormap(["tab:red", "orange", "tab:green"]),
    vmin=-1,
    vmax=1,
    edgecolors="white",
    linewidth=2,
)
ax.plot(curve.fp, curve.tp, color="black", lw=1.5)
ax.set(
    aspect="equal", xlabel="negatives, by decreasing score", ylabel="positives, by decreasing score"
)
ax.set_title("Fig. 2.7 (left): pairs correct / tied / wrong", fontsize=10)

ax = axes[1]
RocDisplay(tables=[table]).plot(
    ax=ax, space="coverage", hull=False, title="Fig. 2.7 (right): coverage curve"
)
ax.set_aspect("equal")


def label_points(ax, x, y):
    """Write the split points A–D beside the curve's vertices."""
    offsets = {"A": (5, 3), "B": (-12, 4), "C": (-12, 4), "D": (-12, -14)}
    for name, xi, yi in zip("ABCD", x, y, strict=True):
        ax.annotate(name, (xi, yi), xytext=offsets[name], textcoords="offset points", fontsize=11)


label_points(ax, curve.fp, curve.tp)
for name, fp, tp in zip("ABCD", curve.fp, curve.tp, strict=True):
    print(f"{name}: TP = {tp:2d}, FP = {fp:2d}")
plt.show()

# %%
# The display also draws the accuracy isometric (slope 1 in coverage space) through the most
# accurate split point, C: 30 + 40 = 70 of 100 e-mails right, at the threshold 0 (any
# threshold between the scores −1 and 1 gives C).
#
# Fig. 2.8 — class imbalance (Example 2.4)
# ----------------------------------------
# Add 50 negatives identical to the original ones: each leaf's negatives double. The coverage
# box becomes 100 × 50, the curve changes; its ROC curve — rates instead of counts — and the
# AUC do not, as twice the ranking errors are spread over twice the pairs. With twice as many
# negatives the accuracy isometric has slope 2 and touches B and C alike: both classify 110 of
# 150 e-mails correctly, and the display marks both optimal points.
doubled = ScoreTable.from_scores(np.r_[y, np.zeros(50, int)], np.r_[scores, scores[y == 0]])
fig, axes = plt.subplots(1, 2, figsize=(11, 4.6), layout="constrained")
RocDisplay(tables=[doubled]).plot(
    ax=axes[0], space="coverage", hull=False, title="Fig. 2.8 (left): coverage curve, clr = 1/2"
)
RocDisplay(tables=[table, doubled], names=["original", "50 negatives added"]).plot(
    ax=axes[1], hull=False, title="Fig. 2.8 (right): the same ROC curve"
)
axes[0].set_aspect("equal")
label_points(axes[0], *measures.coverage_curve(doubled)[:2])
label_points(axes[1], *measures.roc_curve(doubled)[:2])
print(
    f"AUC: original {measures.auc(table):.2f}, with 50 more negatives {measures.auc(doubled):.2f}"
)
plt.show()

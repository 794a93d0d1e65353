"""
Operating points, the ROC convex hull and the calibration map (Flach, Examples 2.5–2.6)
=======================================================================================

Reproduces Figs. 2.11 and 2.13 of Flach, *Machine Learning*, chapter 2, on the spam filter of
Example 2.5: ten e-mails scored 0.89 … 0.13. For a class ratio of 3 spam to 2 ham the accuracy
isometric has slope 2/3 and touches the ROC curve at the threshold 0.28 (accuracy 0.80); an
isometric for twice as many hams touches three points at once (Fig. 2.11). The convex hull
removes the curve's two concavities (AUC 0.75 → 0.83) and gives the isotonic calibration map
(Fig. 2.13); calibration trades calibration loss for refinement loss and lowers the squared
error from 0.19 to 0.13 (Example 2.6 defines the squared error).

Differences from the book: the Laplace-corrected map pools every convex-hull segment, collinear
points included, so its values are 3/4, 5/8, 1/4 where the book corrects the two collinear
concavities separately and gets 2/3, 3/5, 3/5, 1/3 (phidelta documents the choice in
``IsotonicCalibrator``).
"""

# sphinx_gallery_thumbnail_number = 2

# %%
# Example 2.5 — choosing the threshold
# ------------------------------------
# ``optimal_points`` slides the accuracy isometric of slope N/P (here 2/3,
# ``isometric_slope``) down from the top-left corner until it touches the ROC curve, and
# returns every touching point with a threshold that reproduces it.
import matplotlib.pyplot as plt
import numpy as np

from phidelta import ScoreTable, geometry, measures
from phidelta.rendering import CalibrationDisplay, RocDisplay

scores = np.array([0.89, 0.80, 0.74, 0.71, 0.63, 0.49, 0.42, 0.32, 0.24, 0.13])
spam = np.array([1, 1, 0, 1, 1, 0, 1, 1, 0, 0])  # 1 = spam (positive), 0 = ham
table = ScoreTable.from_scores(spam, scores)

best = measures.optimal_points(table, ratio=2 / 3)
print(
    f"slope {measures.isometric_slope(ratio=2 / 3):.3f}: threshold {best.thresholds[0]:.2f},"
    f" accuracy {best.accuracy[0]:.2f}"
)
more_ham = measures.optimal_points(table, ratio=4 / 3)
print(
    f"slope {measures.isometric_slope(ratio=4 / 3):.3f}: thresholds {more_ham.thresholds}, "
    f"accuracy {more_ham.accuracy[0]:.3f} at that ratio"
)

fig, ax = plt.subplots(figsize=(5.6, 5.4), layout="constrained")
RocDisplay(tables=[table]).plot(
    ax=ax, hull=False, ratio=2 / 3, title="Fig. 2.11: selecting the optimal point"
)
segment = geometry.line_in_box((more_ham.fpr[0], more_ham.tpr[0]), 4 / 3)
ax.plot(
    segment[:, 0],
    segment[:, 1],
    color="tab:purple",
    ls=":",
    lw=1.2,
    label="isometric for twice the hams (slope 4/3)",
)
ax.scatter(
    more_ham.fpr,
    more_ham.tpr,
    facecolors="none",
    edgecolors="tab:purple",
    zorder=6,
    s=90,
    label="its three optimal points",
)
ax.plot([0, 1], [1, 0], color="0.7", lw=0.8)  # the descending diagonal
ax.legend(loc="lower right", fontsize=7)
plt.show()

# %%
# Where an isometric crosses the descending diagonal, its height is the accuracy it stands
# for: 0.80 for the upper line.
#
# Fig. 2.13 — convex hull and calibration map
# -------------------------------------------
# The ROC curve has two concavities (a ham ranked above spams). The convex hull bridges them;
# each hull segment's share of spam becomes the calibrated probability of its scores, with
# linear interpolation between segments: isotonic calibration.
hull = measures.roc_convex_hull(table)
print(f"AUC {measures.auc(table):.4f}, convex hull AUC {hull.auc():.4f}")

fig, axes = plt.subplots(1, 2, figsize=(11, 4.8), layout="constrained")
RocDisplay(tables=[table]).plot(
    ax=axes[0], hull=True, ratio=2 / 3, title="Fig. 2.13 (left): ROC convex hull"
)
CalibrationDisplay(y_true=spam, scores=scores).plot(
    ax=axes[1], kind="map", laplace=True, title="Fig. 2.13 (right): calibration map"
)
axes[1].scatter(scores, spam, color="black", s=18, zorder=5, label="e-mails (1 = spam)")
axes[1].legend(fontsize=7, loc="center left")
plt.show()

# %%
# Example 2.6 — squared error, calibration and refinement
# -------------------------------------------------------
# The squared error of a probability vector is half the squared distance to the true class's
# indicator (Flach eq. 2.6): 0.07 and 0.0001 for the book's two three-class predictions. For
# the spam filter, the mean squared error (Brier score) falls from 0.19 to 0.13: before, all of
# it is calibration loss; after, all of it is refinement loss.
print(
    "SE of (0.70, 0.10, 0.20) and (0.99, 0, 0.01), first class true:",
    measures.squared_error([0, 0], [[0.70, 0.10, 0.20], [0.99, 0.0, 0.01]], classes=[0, 1, 2]),
)
calibrated = measures.IsotonicCalibrator().fit(spam, scores).transform(scores)
print("calibrated:", np.round(calibrated, 3))
for name, p in (("before", scores), ("after", calibrated)):
    brier, calibration, refinement = measures.brier_decomposition(spam, p)
    print(
        f"{name}: Brier {brier:.4f} = calibration {calibration:.4f} + refinement {refinement:.4f}"
    )

"""
Generalized φ-δ diagrams: class ratio, bias and "guess if" (software paper, Figs. 2, 5, 6)
==========================================================================================

Reproduces Figs. 2, 5 and 6 of Armano et al. (2019). The standard diagram (ratio 1) shows
unbiased measures; the generalized diagram for a class ratio r = N/P stretches the diamond so
that its accuracy isometrics stay horizontal and its bias isometrics vertical at that ratio
(Fig. 2). A classifier trained on imbalanced data looks biased towards the majority class in
the standard diagram (Fig. 5a); drawn at the actual ratio its mean bias is close to zero (Fig.
5b); "guessing" the inverse ratio shows how its errors would weigh if the classes were swapped
in size (Fig. 6b).

Differences from the paper: the paper assesses a linear SVM on 2,206 Software and 564 Hardware
web pages (ratio N/P ≈ 1/4), which are not shipped; here the collection is *generated* with
``phidelta.datasets.make_text_corpus`` (600 documents, 80 % positive, ratio ≈ 0.22), so the
points differ, but the behaviour is the same.
"""

# sphinx_gallery_thumbnail_number = 2

# %%
# Fig. 2 — standard and generalized diagrams
# ------------------------------------------
# ``PhiDeltaDisplay(..., ratio=r)`` draws the diamond of ratio r (``phidelta.diamond(r)``):
# its corners move, and the accuracy (a) and bias (φ) isometrics stay horizontal and vertical.
#
# The display labels the accuracy isometrics on their right; the bias isometrics come from
# ``phidelta.isometrics`` (their end points, as (φ, δ) arrays) and are labelled at the bottom
# (the short ones near the corners are left unlabelled).
import matplotlib.pyplot as plt
import numpy as np
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.svm import LinearSVC

import phidelta
from phidelta import measures
from phidelta.assessment import cross_validate
from phidelta.datasets import make_text_corpus
from phidelta.rendering import PhiDeltaDisplay


def bias_isometrics(ax, ratio):
    for line in phidelta.isometrics("bias", ratio=ratio):
        if line.is_empty:  # the value is not reached inside this diamond
            continue
        low = np.argmin(line.delta)
        ax.plot(line.phi, line.delta, color="tab:red", lw=0.6, alpha=0.6)
        if np.ptp(line.delta) < 0.5:  # a short line near a corner: leave the corner readable
            continue
        ax.annotate(
            f"φ={line.value + 0:g}",
            (line.phi[low], line.delta[low]),
            xytext=(0, 4),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=6,
            color="tab:red",
        )


fig, axes = plt.subplots(1, 2, figsize=(11, 5), layout="constrained")
for ax, ratio in zip(axes, (1.0, 0.25), strict=True):
    PhiDeltaDisplay(phi=[], delta=[], ratio=ratio).plot(ax=ax, isometrics=("accuracy",))
    bias_isometrics(ax, ratio)
plt.show()

# %%
# Figs. 5 and 6 — one assessment at three ratios
# ----------------------------------------------
# 30 folds of a linear SVM. ``measures.phi_delta(counts, ratio=r)`` gives the generalized
# coordinates; ``PhiDeltaDisplay.from_counts(..., ratio=r)`` draws them. At the actual ratio,
# generalized φ is the classifier's bias E[ŷ] − E[y] (labels ±1) and δ = 2·accuracy − 1.
documents, labels = make_text_corpus(600, positive_fraction=0.8, random_state=3)
bag = CountVectorizer().fit_transform(documents)
run = cross_validate(LinearSVC(), bag, labels, cv=30, pos_label="hiking")

ratios = {
    "Fig. 5a: standard (ratio 1)": 1.0,
    f"Fig. 5b / 6a: actual ratio {run.ratio:.2f}": run.ratio,
    f"Fig. 6b: inverted ratio {1 / run.ratio:.2f}": 1 / run.ratio,
}
fig, axes = plt.subplots(1, 3, figsize=(15, 5), layout="constrained")
for ax, (title, ratio) in zip(axes, ratios.items(), strict=True):
    PhiDeltaDisplay.from_counts(
        run.counts, ratio=ratio, ax=ax, mean=True, ellipse=True, isometrics=(), title=title
    )
    bias_isometrics(ax, ratio)
    phi, delta = measures.phi_delta(run.counts, ratio=ratio)
    print(f"ratio {ratio:.2f}: mean φ = {phi.mean():+.3f}, mean δ = {delta.mean():.3f}")
axes[2].legend(loc="upper right", fontsize=7)  # away from the long diamond's lower corner
plt.show()

# %%
# In the standard diagram the folds lean to the right (positive bias). At the actual ratio the
# mean bias almost vanishes: the imbalance, not a preference of the SVM, produced it. With the
# ratio inverted the folds line up along the right border, where sensitivity is 1: the
# classifier misses almost no positives, while its specificity varies widely from fold to
# fold — a variation the actual ratio hides because negatives are few.
print(
    "specificity per fold ranges from",
    measures.specificity(run.counts).min().round(2),
    "to",
    measures.specificity(run.counts).max().round(2),
)

"""
How sure is a point? Confidence regions and a paired comparison of two classifiers
==================================================================================

Not a figure of the seed papers: Armano (2015) reads the variance of a classifier off the
scatter of its runs in the φ-δ diagram (Figs. 11 and 15) but gives no confidence region and no
test. This example adds both. A point (φ, δ) comes from two estimated rates — sensitivity from
the positives, specificity from the negatives —, so a rectangle of two rate intervals, mapped
through the linear φ-δ transform, is a joint confidence region (a parallelogram).
``inference.phi_delta_region`` computes it (Clopper–Pearson intervals, Šidák-adjusted to a
joint 95 %); ``PhiDeltaDisplay.plot(regions=True)`` draws it. Two classifiers assessed on the
same 30 folds are then compared with McNemar's test (same examples) and Nadeau & Bengio's
corrected resampled t-test (same folds).

The data set is scikit-learn's breast-cancer data (shipped with scikit-learn, no download),
malignant as the positive class; the classifiers are a logistic regression and a depth-2
decision tree.
"""

# %%
# Thirty folds of two classifiers
# -------------------------------
# ``cross_validation_splits`` gives the stratified splits that ``cross_validate`` uses, so
# both models see exactly the same folds; ``cross_validated_predictions`` returns each
# example's out-of-fold prediction, and ``BinaryCounts.from_groups`` the counts of each fold.
import matplotlib.pyplot as plt
from matplotlib.patches import Polygon
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from phidelta import BinaryCounts, inference, measures
from phidelta.assessment import cross_validated_predictions, cross_validation_splits
from phidelta.rendering import PhiDeltaDisplay

X, y = load_breast_cancer(return_X_y=True)
labels, positive, splits = cross_validation_splits(y == 0, cv=30, pos_label=True, random_state=0)
models = {
    "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(solver="liblinear")),
    "decision tree (depth 2)": DecisionTreeClassifier(max_depth=2, random_state=0),
}
predictions, folds = {}, {}
for name, model in models.items():
    predicted, _, fold = cross_validated_predictions(model, X, labels, splits, positive=positive)
    predictions[name] = predicted
    folds[name], _ = BinaryCounts.from_groups(labels, predicted, fold, pos_label=positive)

# %%
# The regions of the pooled counts
# --------------------------------
# With ``mean=True`` the display draws the region of the pooled counts (all 569 out-of-fold
# predictions) beside the folds' mean and 2σ spread; the other classifier's region is outlined
# for comparison. The regions are much smaller than the spread of the folds: each fold has
# only about 19 examples, the pooled counts 569. Folds without a single error all sit on the
# top corner, and folds with the same counts coincide, so fewer than 30 points are visible.
regions = {name: inference.phi_delta_region(counts.sum()) for name, counts in folds.items()}
fig, axes = plt.subplots(1, 2, figsize=(11, 4.6), layout="constrained", sharey=True)
for ax, (name, counts), colour, other in zip(
    axes, folds.items(), ("tab:blue", "tab:green"), reversed(list(folds)), strict=True
):
    accuracy = measures.accuracy(counts.sum())[0]
    PhiDeltaDisplay.from_counts(
        counts,
        ax=ax,
        mean=True,
        ellipse=True,
        regions=True,
        color=colour,
        corner_labels=False,
        title=f"{name}: pooled accuracy {accuracy:.3f}",
    )
    ax.add_patch(
        Polygon(
            regions[other].polygons[0],
            closed=True,
            fill=False,
            ls="--",
            edgecolor="0.3",
            label=f"{other}: pooled region",
        )
    )
    ax.set(xlim=(-0.4, 0.4), ylim=(0.45, 1.03))  # zoom on the top corner
    ax.legend(loc="lower right", fontsize=7)
plt.show()

for name, region in regions.items():
    (spec_low, spec_high), (sens_low, sens_high) = region.specificity[0], region.sensitivity[0]
    print(
        f"{name}: specificity in [{spec_low:.3f}, {spec_high:.3f}], "
        f"sensitivity in [{sens_low:.3f}, {sens_high:.3f}] (joint 95 %)"
    )

# %%
# Paired tests
# ------------
# McNemar's test looks at the examples on which exactly one of the two classifiers errs; the
# corrected resampled t-test at the 30 paired fold accuracies, with the variance inflated
# because the folds share their training data (test fraction 1/30).
(name_a, a), (name_b, b) = folds.items()
statistic, pvalue = inference.mcnemar_test(
    labels, predictions[name_a], predictions[name_b], pos_label=positive
)
print(f"McNemar: statistic {statistic:.3f}, p = {pvalue:.4f}")
t, p = inference.corrected_resampled_ttest(
    measures.accuracy(a), measures.accuracy(b), test_fraction=1 / 30
)
print(f"corrected resampled t-test on fold accuracies: t = {t:.3f}, p = {p:.4f}")

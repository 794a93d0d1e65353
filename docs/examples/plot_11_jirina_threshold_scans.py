"""
Threshold dependence of the error, E and Q (Jiřina)
===================================================

Reproduces the threshold scans of Jiřina & Jiřina (2005), *Measures and Characteristics of
Classification Quality*: the classification error against the threshold θ — how deep and how
sharp its minimum is (Figs. 2 and 3) —, and the enrichment factor
E = Se/Be and the quality factor Q = Se/√Be against the background acceptance Be (Figs. 6 and
7), where Q ≥ 1 only on part of the range.

Differences from the report: its Figs. 2–3 use the IRIS and SPLICE data with the SFSloc7a
classifier, Figs. 6–7 its "bad" data. Here the scores are *generated*: a "good" and a "bad"
classifier whose scores for signal and background are logistic transforms of two normal
distributions (separation 3 and 0.6 standard deviations), 500 samples of each class. The
numbers therefore differ from the report's; the shapes are the point.
"""

# %%
# Two score sets
# --------------
# A ``ScoreTable`` holds, for every distinct score, how many signal (positive) and background
# (negative) samples received it; every threshold scan is read from it.
import matplotlib.pyplot as plt
import numpy as np

from phidelta import ScoreTable, measures
from phidelta.rendering import ThresholdScanDisplay

rng = np.random.default_rng(7)
y = np.repeat([1, 0], 500)  # 1 = signal, 0 = background


def scores(separation):
    x = rng.normal(0, 1, y.size) + np.where(y == 1, separation / 2, -separation / 2)
    return 1 / (1 + np.exp(-x))


good = ScoreTable.from_scores(y, scores(3.0))
bad = ScoreTable.from_scores(y, scores(0.6))

# %%
# Figs. 2 and 3 — the classification error against the threshold
# ---------------------------------------------------------------
# Ce = (S₀ + B₁)/N: signal lost plus background accepted, over all samples. ``threshold_scan``
# evaluates it (and any other measure) at every threshold; the display marks the minimum.
fig, axes = plt.subplots(1, 2, figsize=(11, 4), layout="constrained", sharey=True)
for ax, table, name in ((axes[0], good, "good"), (axes[1], bad, "bad")):
    ThresholdScanDisplay(table=table).plot(
        ax=ax, measures=("classification_error",), title=f"{name} data: Ce against θ"
    )
    ax.set_ylabel("classification error Ce")
    scan = measures.threshold_scan(table, ["classification_error"])
    best = np.nanargmin(scan["classification_error"])
    print(
        f"{name}: minimal Ce {scan['classification_error'][best]:.4f} at θ = {scan.index[best]:.4f}"
    )
plt.show()

# %%
# Figs. 6 and 7 — E and Q against the background acceptance
# ----------------------------------------------------------
# For the bad data, on a logarithmic scale. E ≥ 1 everywhere (the classifier does enrich the
# signal), but E is large only where Be is tiny; Q ≥ 1 — the data are statistically at least
# as good after the selection as before — only where Be is large.
fig, ax = plt.subplots(figsize=(7, 4.2), layout="constrained")
ThresholdScanDisplay(table=bad).plot(
    ax=ax,
    measures=("enrichment_factor", "quality_factor"),
    against="background_acceptance",
    log=True,
    title="bad data: E and Q against Be",
)
ax.axhline(1, color="0.4", lw=0.8, ls="--")
ax.set_ylabel("E = Se/Be,  Q = Se/√Be")

scan = measures.threshold_scan(bad, ["quality_factor", "background_acceptance"])
be = scan["background_acceptance"][scan["quality_factor"] >= 1]
print(
    f"bad data: Q ≥ 1 only where Be ≥ {be.min():.2f}; largest Q = "
    f"{np.nanmax(scan['quality_factor']):.3f}"
)
plt.show()

# %%
# Global measures
# ---------------
# The global sorting measure a = A/A_max (§6.1: A is the sum of the ranks of the signal
# samples, A_max its largest value) and the area under the ROC curve (§6.2) sum up the whole
# scan; both are 1 for an ideal classifier. The report says a random classifier gets 0.5: that
# holds for the AUC, but a random ranking gives a = (PN/2 + P(P+1)/2) / (PN + P(P+1)/2), here
# 2/3 with P = N = 500 (it tends to 0.5 only when the signal is a small fraction).
for name, table in (("good", good), ("bad", bad)):
    print(f"{name}: a = {measures.sorting_measure(table):.4f}, AUC = {measures.auc(table):.4f}")

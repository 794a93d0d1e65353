"""
ROC curves, error lines and the acceptable region (Jiřina)
==========================================================

Reproduces Figs. 4, 5, 8 and 9 of Jiřina & Jiřina (2005): the ROC curves of "good" and "bad"
data (Fig. 4), the straight lines of constant classification error in the ROC diagram (Fig. 5),
and the acceptable region — where the quality factor Q = Se/√Be ≥ 1 (above a parabola) and the
enrichment factor E = Se/Be ≥ 1 (above the diagonal) — with lines of constant Q and E, for the
good and the bad data (Figs. 8 and 9).

Differences from the report: the scores are generated (logistic transforms of two normal
distributions, separation 3 and 0.6 standard deviations, 500 signal and 500 background
samples), so the curves are not the report's; the ROC axes follow the report (Be horizontal,
Se vertical) on a linear scale.
"""

# sphinx_gallery_thumbnail_number = 2

# %%
# Fig. 4 — ROC curves of good and bad data
# ----------------------------------------
# ``RocDisplay`` draws one curve per score table; it also marks the accuracy-optimal point of
# the first curve and the accuracy isometric through it (see the Flach examples).
import matplotlib.pyplot as plt
import numpy as np

from phidelta import ScoreTable, measures
from phidelta.rendering import RocDisplay

rng = np.random.default_rng(7)
y = np.repeat([1, 0], 500)  # 1 = signal, 0 = background


def scores(separation):
    x = rng.normal(0, 1, y.size) + np.where(y == 1, separation / 2, -separation / 2)
    return 1 / (1 + np.exp(-x))


good = ScoreTable.from_scores(y, scores(3.0))
bad = ScoreTable.from_scores(y, scores(0.6))

fig, axes = plt.subplots(1, 2, figsize=(11, 5), layout="constrained")
RocDisplay(tables=[good, bad], names=["good data", "bad data"]).plot(
    ax=axes[0], hull=False, title="Fig. 4: ROC curves"
)
# sphinx_gallery_defer_figures

# %%
# Fig. 5 — lines of constant classification error
# -----------------------------------------------
# Ce = (B·Be + S·(1 − Se))/(S + B) is linear in (Be, Se): its isometrics are straight lines of
# slope B/S (``measures.isometric_slope``), here 1. Every point of a line has the same error.
slope = measures.isometric_slope(ratio=1.0)
be = np.linspace(0, 1, 2)
ax = axes[1]
for error in (0.05, 0.1, 0.2, 0.3, 0.4, 0.5):
    se = 1 - (error * (1 + slope) - slope * be)  # Ce = (slope·Be + 1 − Se)/(1 + slope)
    ax.plot(be, se, color="tab:gray", lw=0.8)
    ax.annotate(
        f"Ce = {error:g}",
        (error, 1 - error),
        xytext=(5, -3),
        textcoords="offset points",
        ha="left",
        va="top",
        fontsize=8,
        color="0.3",
    )
ax.set(
    xlim=(0, 1),
    ylim=(0, 1),
    aspect="equal",
    xlabel="background acceptance Be",
    ylabel="signal efficiency Se",
)
ax.set_title("Fig. 5: lines of constant Ce (S = B)", fontsize=10)
plt.show()

# %%
# Figs. 8 and 9 — the acceptable region
# -------------------------------------
# Q ≥ 1 above the parabola Se = √Be; E ≥ 1 above the diagonal Se = Be, which the parabola
# already implies. ``RocDisplay.plot(acceptable_region=True)`` shades it;
# ``measures.acceptable_region`` says which points of the curve lie in it. The good curve
# stays inside; the bad curve runs along the parabola, so Q barely reaches 1.
grid = np.linspace(1e-4, 1, 400)
fig, axes = plt.subplots(1, 2, figsize=(11, 5), layout="constrained")
for ax, table, name in ((axes[0], good, "Fig. 8: good data"), (axes[1], bad, "Fig. 9: bad data")):
    RocDisplay(tables=[table], names=["ROC curve"]).plot(
        ax=ax, hull=False, acceptable_region=True, title=name
    )
    for q in (0.5, 1, 2):  # Se = Q·√Be, inside the unit square
        se = q * np.sqrt(grid)
        ax.plot(grid[se <= 1], se[se <= 1], color="tab:red", lw=1.6 if q == 1 else 0.7)
        ax.annotate(
            f"Q = {q:g}",
            (min(1, 1 / q**2) * 0.8, q * np.sqrt(min(1, 1 / q**2) * 0.8)),
            xytext=(3, -10),
            textcoords="offset points",
            color="tab:red",
            fontsize=8,
        )
    for e in (1, 2, 10):  # Se = E·Be
        se = e * grid
        ax.plot(grid[se <= 1], se[se <= 1], color="tab:purple", lw=1.6 if e == 1 else 0.7, ls="--")
        ax.annotate(
            f"E = {e:g}",
            (0.45 / e, 0.45),
            xytext=(4, 0),
            textcoords="offset points",
            color="tab:purple",
            fontsize=8,
        )
    inside = measures.acceptable_region(table)
    print(f"{name}: {inside.mean():.0%} of the ROC points are acceptable")
plt.show()

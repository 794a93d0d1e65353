"""Regenerate the README's statistical figures in docs/images/.

Run from the repository root (needs the ``plot`` and ``ml`` extras)::

    python docs/make_figures.py                      # every figure
    python docs/make_figures.py regions_two_classifiers critical_difference

Every figure is seeded: the same versions of phidelta, scikit-learn and matplotlib draw the
same pictures.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from phidelta import BinaryCounts, ConfusionMatrix, inference, measures
from phidelta.assessment import cross_validated_predictions, cross_validation_splits
from phidelta.rendering import CriticalDifferenceDisplay, PhiDeltaDisplay

IMAGES = Path(__file__).resolve().parent / "images"
FOLDS = 30
SEED = 0


def _two_classifiers() -> dict[str, Any]:
    """30-fold out-of-fold predictions of two classifiers on the same folds (breast cancer)."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_breast_cancer(return_X_y=True)
    y = np.where(y == 0, "malignant", "benign")
    labels, positive, splits = cross_validation_splits(
        y, cv=FOLDS, pos_label="malignant", random_state=SEED
    )
    models = {
        "logistic regression": make_pipeline(StandardScaler(), LogisticRegression()),
        "naive Bayes": GaussianNB(),
    }
    runs = {}
    for name, model in models.items():
        predicted, _, folds = cross_validated_predictions(
            model, X, labels, splits, positive=positive
        )
        counts, _ = BinaryCounts.from_groups(labels, predicted, folds, pos_label=positive)
        runs[name] = {"predicted": predicted, "counts": counts}
    return {"labels": labels, "positive": positive, "runs": runs}


def regions_two_classifiers(path: Path) -> None:
    """Thirty folds of two classifiers, their pooled 95% regions and the paired tests' verdict.

    The corrected resampled t-test (Nadeau & Bengio 2003) compares the folds' accuracies
    (test fraction 1/30 of the data); McNemar's test compares the out-of-fold predictions of
    the same examples.
    """
    data = _two_classifiers()
    (name_a, a), (name_b, b) = data["runs"].items()
    accuracy_a, accuracy_b = measures.accuracy(a["counts"]), measures.accuracy(b["counts"])
    t = inference.corrected_resampled_ttest(accuracy_a, accuracy_b, test_fraction=1 / FOLDS)
    mc = inference.mcnemar_test(
        data["labels"], a["predicted"], b["predicted"], pos_label=data["positive"]
    )
    fig, ax = plt.subplots(figsize=(10.0, 5.3), layout="constrained")
    for i, ((name, run), colour) in enumerate(
        zip(data["runs"].items(), ("tab:blue", "tab:green"), strict=True)
    ):
        accuracy = measures.accuracy(run["counts"].sum())[0]
        # the assessment guide's recipe: one call per classifier, named, in its own colour
        PhiDeltaDisplay.from_counts(
            run["counts"],
            ax=ax,
            mean=True,
            ellipse=True,
            regions=True,
            color=colour,
            label=f"{name} (pooled accuracy {accuracy:.3f})",
            frame=i == 0,
            marker_size=46 if i == 0 else 18,  # a fold both share: a green dot in a blue disc
            limits=(-0.5, 0.5, 0.45, 1.05),
            title=f"{FOLDS} folds of each classifier, their means, spreads and pooled regions",
        )
    # the legend beside the diagram, where it hides no fold
    legend = ax.get_legend()
    ax.legend(
        legend.legend_handles,
        [text.get_text() for text in legend.get_texts()],
        loc="upper left",
        bbox_to_anchor=(1.02, 1.0),
        fontsize=8,
        frameon=False,
    )
    significant = max(t.pvalue, mc.pvalue) < 0.05
    kind = "exact binomial, b =" if mc.method == "exact" else "continuity-corrected χ² ="
    verdict = "\n".join(
        [
            f"{name_a} vs {name_b} on breast cancer, the same {FOLDS} stratified folds:",
            f"corrected resampled t-test of the fold accuracies (Nadeau & Bengio): "
            f"t = {t.statistic:.2f}, p = {t.pvalue:.2g}",
            f"McNemar test of the out-of-fold predictions: {kind} {mc.statistic:.2f}, "
            f"p = {mc.pvalue:.2g}",
            "verdict: "
            + ("the difference is significant" if significant else "no significant difference")
            + " at α = 0.05",
        ]
    )
    fig.suptitle(verdict, fontsize=9.5, linespacing=1.35)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _benchmark_scores() -> tuple[np.ndarray, list[str], list[str]]:
    """10-fold accuracies of five classifiers over four real and eight synthetic data sets."""
    from sklearn.datasets import (
        load_breast_cancer,
        load_digits,
        load_iris,
        load_wine,
        make_classification,
    )
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_score
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    sets = {
        "breast cancer": load_breast_cancer(return_X_y=True),
        "iris": load_iris(return_X_y=True),
        "wine": load_wine(return_X_y=True),
        "digits": load_digits(return_X_y=True),
    }
    for i in range(8):
        sets[f"synthetic {i + 1}"] = make_classification(
            n_samples=300,
            n_features=12,
            n_informative=3 + i % 4,
            n_redundant=2,
            flip_y=0.05 * (i % 3),
            class_sep=0.6 + 0.15 * i,
            random_state=i,
        )
    models = {
        "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
        "k-nearest neighbours (k = 5)": make_pipeline(StandardScaler(), KNeighborsClassifier()),
        "naive Bayes (Gaussian)": GaussianNB(),
        "decision tree (depth ≤ 4)": DecisionTreeClassifier(max_depth=4, random_state=0),
        "majority class": make_pipeline(StandardScaler(), _majority()),
    }
    cv = StratifiedKFold(10, shuffle=True, random_state=SEED)
    scores = np.array(
        [
            [cross_val_score(m, X, y, cv=cv).mean() for m in models.values()]
            for X, y in sets.values()
        ]
    )
    return scores, list(models), list(sets)


def _majority() -> Any:
    from sklearn.dummy import DummyClassifier

    return DummyClassifier(strategy="most_frequent")


def critical_difference(path: Path) -> None:
    """Demšar's diagram of five classifiers over twelve data sets (Nemenyi, α = 0.05)."""
    scores, names, _ = _benchmark_scores()
    friedman = inference.friedman_test(scores)
    display = CriticalDifferenceDisplay.from_scores(
        scores,
        names,
        title=(
            f"Accuracy over {len(scores)} data sets — Friedman χ² = {friedman.statistic:.1f}, "
            f"Iman–Davenport p = {friedman.iman_davenport_pvalue:.2g}"
        ),
    )
    display.figure_.savefig(path, dpi=110)
    plt.close(display.figure_)


def phidelta_classes(path: Path) -> None:
    """One-vs-rest points of the ten digits (logistic regression, 10 folds pooled)."""
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.naive_bayes import GaussianNB

    X, y = load_digits(return_X_y=True)
    cv = StratifiedKFold(10, shuffle=True, random_state=SEED)
    fig, axes = plt.subplots(1, 2, figsize=(10.5, 4.6), layout="constrained")
    for ax, (name, model) in zip(
        axes,
        {"Gaussian naive Bayes": GaussianNB(), "logistic regression": LogisticRegression()}.items(),
        strict=True,
    ):
        if name == "logistic regression":
            from sklearn.pipeline import make_pipeline
            from sklearn.preprocessing import StandardScaler

            model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
        predicted = cross_val_predict(model, X, y, cv=cv)
        matrix = ConfusionMatrix.from_labels(y, predicted, classes=list(range(10)))
        PhiDeltaDisplay.from_confusion_matrix(
            matrix,
            mean=True,
            regions=True,
            ax=ax,
            limits=(-0.45, 0.3, 0.5, 1.05),
            title=f"{name}: one point per digit (one vs rest)",
        )
    fig.savefig(path, dpi=110)
    plt.close(fig)


def signature_climate_ratios(path: Path) -> None:
    """The climate data's features at three class ratios (the README's first figure): the
    diamond stretches with N/P and the features move with it (Armano et al. 2019, Fig. 5)."""
    from phidelta import signature
    from phidelta.datasets import load_climate_data

    data, labels, names = load_climate_data()
    features = signature(data, labels, feature_names=names)
    fig, axes = plt.subplots(1, 3, figsize=(15, 5.4), layout="constrained")
    for ax, ratio in zip(axes, (0.25, 1.0, 4.0), strict=True):
        PhiDeltaDisplay.from_signature(features, ratio=ratio, ax=ax, isometrics=("accuracy",))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def roc_bands(path: Path) -> None:
    """Bands on curves (issue 29): a ROC curve with its 95 % pointwise and simultaneous bands
    (stratified bootstrap, vertical averaging) and a reliability diagram with each bin's
    Wilson interval; out-of-fold naive Bayes probabilities on the breast cancer data."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import cross_val_predict
    from sklearn.naive_bayes import GaussianNB

    from phidelta.rendering import CalibrationDisplay, RocDisplay

    X, y = load_breast_cancer(return_X_y=True)
    malignant = (y == 0).astype(int)
    scores = cross_val_predict(GaussianNB(), X[:, :4], malignant, cv=10, method="predict_proba")
    scores = scores[:, 1]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11.0, 5.2), layout="constrained")
    RocDisplay.from_predictions(
        malignant, scores, ax=left, band=True, random_state=SEED, operating_point=False
    )
    CalibrationDisplay.from_predictions(
        malignant, scores, ax=right, kind="reliability", bins=10, band=True
    )
    fig.savefig(path, dpi=110)
    plt.close(fig)


FIGURES = {
    "roc_bands": roc_bands,
    "signature_climate_ratios": signature_climate_ratios,
    "regions_two_classifiers": regions_two_classifiers,
    "critical_difference": critical_difference,
    "phidelta_classes": phidelta_classes,
}


def main(names: list[str]) -> None:
    unknown = set(names) - set(FIGURES)
    if unknown:
        raise SystemExit(f"unknown figures {sorted(unknown)}; known: {sorted(FIGURES)}")
    for name in names or list(FIGURES):
        path = IMAGES / f"{name}.png"
        FIGURES[name](path)
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""The scikit-learn selector and the bag-of-words example of the docs."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from numpy.testing import assert_array_equal

sklearn = pytest.importorskip("sklearn")
pytestmark = pytest.mark.filterwarnings("ignore:No features were selected")
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer  # noqa: E402
from sklearn.model_selection import StratifiedKFold, cross_val_score  # noqa: E402
from sklearn.naive_bayes import MultinomialNB  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.utils.estimator_checks import parametrize_with_checks  # noqa: E402

from phidelta.datasets import make_text_corpus  # noqa: E402
from phidelta.selection import PhiDeltaSelector  # noqa: E402
from phidelta.signatures import signature  # noqa: E402


@parametrize_with_checks(
    [
        PhiDeltaSelector(),
        PhiDeltaSelector(numeric="soft", k=2),
        PhiDeltaSelector(fdr=0.5),
        PhiDeltaSelector(numeric="threshold", fdr=0.5, n_permutations=49, random_state=3),
    ]
)
@pytest.mark.filterwarnings("ignore:numeric=.presence. reads every non-zero value:UserWarning")
def test_sklearn_compatible(estimator, check):
    check(estimator)


@pytest.fixture(scope="module")
def corpus():
    return make_text_corpus(600, random_state=0)


def test_signature_of_a_text_collection(corpus):
    documents, labels = corpus
    vectorizer = CountVectorizer()
    counts = vectorizer.fit_transform(documents)
    terms = vectorizer.get_feature_names_out()
    sig = signature(counts, labels, pos_label="hiking", feature_names=list(terms))
    phi, delta = sig.phi_delta()
    highest_phi = {terms[i] for i in sig.rank("phi")[:12]}
    # the stop words sit at the right corner ("a" is not a token for CountVectorizer)
    assert {"the", "of", "and", "to", "in", "is", "for", "on", "that"} <= highest_phi
    top = [terms[i] for i in np.argsort(-delta)[:5]]
    bottom = [terms[i] for i in np.argsort(delta)[:5]]
    assert {"trail", "hike", "mountain", "walk", "summit"} & set(top)
    assert {"fish", "angler", "fly", "river", "bait"} & set(bottom)
    # most terms are rare: the left corner (Zipf's law, Armano 2015 §5.1)
    assert np.median(phi) < -0.9


def test_pipeline_selects_discriminant_terms(corpus):
    documents, labels = corpus
    pipe = make_pipeline(
        CountVectorizer(), PhiDeltaSelector(phi_max=0.7, delta_min=0.2, k=10), MultinomialNB()
    )
    pipe.fit(documents, labels)
    kept = pipe[1].get_feature_names_out(pipe[0].get_feature_names_out())
    assert len(kept) == 10
    assert not {"the", "of", "and"} & set(kept)  # |φ| < 0.7 drops the stop words
    hiking = {"trail", "hike", "mountain", "walk", "summit", "boots", "ridge", "path", "camp"}
    fishing = {"fish", "angler", "fly", "river", "bait", "trout", "reel", "lake", "catch"}
    assert set(kept) <= hiking | fishing  # the ten most discriminant are topic terms
    assert set(kept) & hiking
    assert set(kept) & fishing
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    scores = cross_val_score(pipe, documents, labels, cv=folds, scoring="balanced_accuracy")
    assert scores.mean() > 0.9  # the unbiased accuracy with ten selected terms
    # TF-IDF weights have the same presence pattern: the same terms are selected
    tfidf = make_pipeline(TfidfVectorizer(), PhiDeltaSelector(phi_max=0.7, delta_min=0.2, k=10))
    tfidf.fit(documents, labels)
    assert set(tfidf[1].get_feature_names_out(tfidf[0].get_feature_names_out())) == set(kept)


def test_selector_errors_and_multiclass():
    x = np.eye(6)
    with pytest.raises(ValueError, match=r"`numeric` must be"):
        PhiDeltaSelector(numeric="fuzzy").fit(x, [0, 1, 0, 1, 0, 1])
    with pytest.raises(ValueError, match=r"`k` must be a non-negative integer"):
        PhiDeltaSelector(k=-1).fit(x, [0, 1, 0, 1, 0, 1])
    multi = PhiDeltaSelector(delta_min=0.5).fit(x, [0, 1, 2, 0, 1, 2])
    assert len(multi.signatures_) == 3


def _signal_and_noise(seed=0, n=300, noise=40):
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.arange(n) % 2)
    signal = np.column_stack([y + rng.normal(size=n), -0.8 * y + rng.normal(size=n)])
    return np.hstack([signal, rng.normal(size=(n, noise))]), y


@pytest.mark.parametrize("numeric", ["soft", "threshold"])
def test_fdr_keeps_the_signal_and_drops_the_noise(numeric):
    X, y = _signal_and_noise()
    plain = PhiDeltaSelector(numeric=numeric).fit(X, y)
    assert plain.get_support().sum() == X.shape[1]  # the geometric rule alone keeps all
    controlled = PhiDeltaSelector(numeric=numeric, fdr=0.05, n_permutations=499).fit(X, y)
    assert controlled.get_support(indices=True).tolist() == [0, 1]
    # the selector's rule is the signature's: BH over the permutation p-values
    sig = signature(X, y, numeric=numeric)
    p = sig.pvalues("permutation", n_permutations=499, random_state=0)
    expected = sig.select(fdr=0.05, pvalues=p)
    assert sorted(expected.tolist()) == controlled.get_support(indices=True).tolist()
    # combined with the existing rule and k
    both = PhiDeltaSelector(numeric=numeric, fdr=0.05, n_permutations=499, k=1).fit(X, y)
    assert both.get_support(indices=True).tolist() == [0]


def test_fdr_with_presence_features_uses_fisher_and_multiclass():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 3, 600)
    noise = (rng.random((600, 30)) < 0.3).astype(float)
    marks = np.column_stack([(y == c) & (rng.random(600) < 0.6) for c in range(3)]).astype(float)
    X = np.hstack([marks, noise])
    assert PhiDeltaSelector().fit(X, y).get_support().all()  # no control: all 33 kept
    chosen = PhiDeltaSelector(fdr=0.01).fit(X, y).get_support(indices=True)
    # the three marks, each significant for every class; at most a stray noise feature (the
    # control is per class: 3 × 30 noise tests at q ≤ 1 %)
    assert {0, 1, 2} <= set(chosen.tolist())
    assert len(chosen) <= 4
    sparse = PhiDeltaSelector(fdr=0.01).fit(sp.csr_matrix(X), y).get_support(indices=True)
    assert_array_equal(sparse, chosen)


def test_fdr_parameters_follow_sklearn_conventions():
    from sklearn.base import clone

    selector = PhiDeltaSelector(fdr=0.1, n_permutations=99, random_state=4)
    params = selector.get_params()
    assert params["fdr"] == 0.1
    assert params["n_permutations"] == 99
    assert params["random_state"] == 4
    assert clone(selector).get_params() == params
    assert selector.set_params(fdr=None).fdr is None
    assert PhiDeltaSelector().get_params()["fdr"] is None
    X, y = _signal_and_noise(2, n=80, noise=5)
    for bad in (0, 1, 1.5, True):
        with pytest.raises(ValueError, match="`fdr` must be in"):
            PhiDeltaSelector(fdr=bad).fit(X, y)
    with pytest.raises(ValueError, match="`n_permutations`"):
        PhiDeltaSelector(numeric="soft", fdr=0.1, n_permutations=0).fit(X, y)
    with pytest.raises(ValueError, match="`pvalues` must hold one p-value per feature"):
        signature(X, y).select(fdr=0.1, pvalues=[0.5])


def test_bad_parameters_and_continuous_data_read_as_presence_are_named():
    rng = np.random.default_rng(1)
    X, y = rng.normal(size=(40, 3)), rng.integers(0, 2, 40)
    with pytest.raises(ValueError, match='`ratio` must be a positive number or "actual"'):
        PhiDeltaSelector(ratio="balanced").fit(X, y)
    with pytest.raises(TypeError, match="`phi_max` must be a number"):
        PhiDeltaSelector(phi_max="a").fit(X, y)
    with pytest.warns(UserWarning, match='numeric="presence" reads every non-zero value'):
        PhiDeltaSelector().fit(X, y)  # scaled data: every value is "present"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        PhiDeltaSelector().fit(rng.integers(0, 4, (40, 3)), y)  # word counts: no warning
        PhiDeltaSelector(numeric="soft").fit(X, y)


def test_the_signature_keeps_a_dataframes_column_names():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(0)
    X = pd.DataFrame(rng.integers(0, 3, (50, 3)), columns=["alpha", "beta", "gamma"])
    selector = PhiDeltaSelector().fit(X, rng.integers(0, 2, 50))
    assert selector.signature_.names == ["alpha", "beta", "gamma"]
    assert PhiDeltaSelector().fit(X.values, rng.integers(0, 2, 50)).signature_.names[0] == "F1"

"""The scikit-learn selector and the bag-of-words example of the docs."""

from __future__ import annotations

import numpy as np
import pytest

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


@parametrize_with_checks([PhiDeltaSelector(), PhiDeltaSelector(numeric="soft", k=2)])
def test_sklearn_compatible(estimator, check):
    check(estimator)


@pytest.fixture(scope="module")
def corpus():
    return make_text_corpus(600, seed=0)


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

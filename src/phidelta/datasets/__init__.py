"""Small data sets shipped with the package (no network access needed)."""

from __future__ import annotations

import csv
from importlib import resources
from typing import Any

import numpy as np

from phidelta._validation import DEPRECATED, renamed

__all__ = ["climate_data_path", "load_climate_data", "make_text_corpus"]


def climate_data_path() -> str:
    """Path of ``climate_data.csv``: 29 days of weather at Frankfurt (Oder), February 2016.

    The example of the R package phiDelta (same data as ``EFS::efsdata``): class ``RainBool``
    (1 = rain, 15 days; 0 = no rain, 14 days) and six features; the data of the software
    paper's Fig. 7 (Armano et al. 2019).

    Returns
    -------
    str
        The path of the CSV file inside the installed package: a header line, then the class
        in the first column and the features in the others.

    See Also
    --------
    load_climate_data : the same data as NumPy arrays.

    Examples
    --------
    >>> path = climate_data_path()
    >>> path.endswith("climate_data.csv")
    True
    >>> open(path).readline().split(",")[:2]
    ['RainBool', 'date']
    """
    return str(resources.files("phidelta.datasets").joinpath("climate_data.csv"))


def load_climate_data() -> tuple[np.ndarray, np.ndarray, list[str]]:
    """``(data, labels, feature_names)`` of the climate example as NumPy arrays.

    The file of :func:`climate_data_path` (Armano et al. 2019, Fig. 7), read without pandas.

    Returns
    -------
    data : ndarray of shape (29, 6)
        The six features, one row per day (floats).
    labels : ndarray of shape (29,)
        The class ``RainBool``: 1 = rain, 0 = no rain (integers).
    feature_names : list of str
        The names of the six features, in the order of the columns of ``data``.

    Examples
    --------
    >>> data, labels, names = load_climate_data()
    >>> data.shape, int(labels.sum()), names[0]
    ((29, 6), 15, 'date')
    """
    with open(climate_data_path(), newline="") as handle:
        rows = list(csv.reader(handle))
    header, body = rows[0], np.array(rows[1:], dtype=np.float64)
    return body[:, 1:], body[:, 0].astype(np.int64), header[1:]


_STOP_WORDS = ("the", "of", "and", "to", "in", "a", "is", "for", "on", "that")
_TOPICS = {
    "hiking": ("trail", "hike", "mountain", "walk", "summit", "boots", "ridge", "path", "camp"),
    "fishing": ("fish", "angler", "fly", "river", "bait", "trout", "reel", "lake", "catch"),
}


def make_text_corpus(
    n_documents: int = 600,
    *,
    positive_fraction: float = 0.4,
    vocabulary: int = 2000,
    random_state: int | np.random.Generator | None = 0,
    seed: Any = DEPRECATED,
) -> tuple[list[str], np.ndarray]:
    """A generated two-topic text collection (like the software paper's Hiking vs Fishing).

    Documents mix stop words (frequent in both classes), Zipf-distributed filler terms (rare,
    the left corner of a signature) and topic terms of their class (the discriminant ones);
    stop words, at high φ and low abs(δ), are the characteristic but not discriminant features
    of Armano (2015, §5).

    Parameters
    ----------
    n_documents : int, default 600
        Number of documents (the first is always "hiking", the second "fishing").
    positive_fraction : float, default 0.4
        Probability that a document is about hiking.
    vocabulary : int, default 2000
        Number of filler terms ``w1``, ``w2``, … (term r has probability proportional to 1/r).
    random_state : int, numpy.random.Generator or None, default 0
        Source of randomness, as in scikit-learn's ``make_*`` generators: the same integer
        gives the same corpus (None: fresh entropy).
    seed : optional
        Former name of `random_state` (deprecated).

    Returns
    -------
    documents : list of str
        The documents, words separated by single spaces.
    labels : ndarray of str
        ``"hiking"`` (the positive class of the examples) or ``"fishing"``, one per document.

    Examples
    --------
    >>> docs, labels = make_text_corpus(10, random_state=1)
    >>> len(docs), sorted(set(labels.tolist()))
    (10, ['fishing', 'hiking'])
    """
    random_state = renamed(
        random_state, seed, name="random_state", old="seed", where="make_text_corpus"
    )
    rng = np.random.default_rng(random_state)
    is_hiking = rng.random(n_documents) < positive_fraction
    is_hiking[:2] = [True, False]  # both classes are always present
    ranks = np.arange(1, vocabulary + 1)
    zipf = 1.0 / ranks
    zipf /= zipf.sum()
    filler = np.array([f"w{r}" for r in ranks])
    documents = []
    for hiking in is_hiking:
        length = int(rng.integers(20, 60))
        words = list(rng.choice(filler, size=length, p=zipf))
        words += list(rng.choice(_STOP_WORDS, size=int(rng.integers(8, 20))))
        own = _TOPICS["hiking" if hiking else "fishing"]
        other = _TOPICS["fishing" if hiking else "hiking"]
        words += list(rng.choice(own, size=int(rng.integers(1, 6))))
        if rng.random() < 0.15:  # topics overlap a little
            words += list(rng.choice(other, size=1))
        rng.shuffle(words)
        documents.append(" ".join(words))
    labels = np.where(is_hiking, "hiking", "fishing")
    return documents, labels

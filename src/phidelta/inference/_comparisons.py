"""Is one classifier really better? Paired tests on the same examples, folds or data sets.

* McNemar's test of two classifiers' predictions on the same examples (exact binomial on the
  discordant pairs, or χ² with continuity correction), and its clustered form for several
  examples per patient, speaker, document or site (Durkalski et al. 2003);
* the corrected resampled t-test of Nadeau & Bengio (2003) for per-fold results of k-fold or
  repeated hold-out runs (the folds overlap in training data, so the plain paired t-test is
  too liberal);
* Friedman's test of k classifiers over N data sets with the Iman–Davenport F variant, the
  Nemenyi post-hoc test and the critical difference of average ranks (Demšar 2006).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from phidelta._validation import (
    DEPRECATED,
    as_float_array,
    check_open_unit,
    check_same_length,
    renamed,
)
from phidelta.counts import as_label_array, binary_target
from phidelta.measures import TupleResult

__all__ = [
    "FriedmanTest",
    "PairedTest",
    "RankGroups",
    "clustered_mcnemar_test",
    "corrected_resampled_ttest",
    "critical_difference",
    "friedman_test",
    "mcnemar_discordant_test",
    "mcnemar_test",
    "nemenyi_test",
    "rank_cliques",
    "rank_groups",
]


@dataclass(frozen=True)
class PairedTest(TupleResult):
    """A test statistic and its two-sided p-value; unpacks as ``statistic, pvalue``.

    The result of McNemar's test (McNemar 1947) and of the corrected resampled t-test (Nadeau &
    Bengio 2003).

    Attributes
    ----------
    statistic, pvalue : float
        The test statistic and its two-sided p-value.
    method : str
        Which test (and variant) produced them.

    See Also
    --------
    mcnemar_test, mcnemar_discordant_test, corrected_resampled_ttest

    Examples
    --------
    >>> result = mcnemar_discordant_test(3, 0)
    >>> statistic, pvalue = result
    >>> statistic, pvalue, result.method
    (0.0, 0.25, 'exact')
    """

    statistic: float
    pvalue: float
    method: str

    _fields = ("statistic", "pvalue")


def mcnemar_test(
    y_true: Any, pred_a: Any, pred_b: Any, *, pos_label: Any = None, exact: bool | None = None
) -> PairedTest:
    """McNemar's test: do two classifiers err on the same examples equally often?

    Only the discordant examples count: b = A right and B wrong, c = A wrong and B right.
    Exact: two-sided binomial test of min(b, c) against Binomial(b + c, ½) (statistic
    min(b, c)); otherwise χ² = (abs(b − c) − 1)² / (b + c) with one degree of freedom (Edwards'
    continuity correction). Both equal ``statsmodels.stats.contingency_tables.mcnemar`` with
    ``correction=True``, except that no discordant pair at all gives statistic 0 and p = 1
    in both variants (statsmodels' χ² gives an infinite statistic and p = 0 there).

    Parameters
    ----------
    y_true, pred_a, pred_b : array-like of shape (n,)
        True labels and the two classifiers' predicted labels of the same examples (binary;
        any encoding, the positive class as for every binary measure).
    pos_label : optional
        The positive class; default the usual rule (1, True, or the larger label).
    exact : bool, optional
        Force the exact or the χ² test; ``None`` chooses the exact test below 25
        discordant pairs, as statsmodels recommends.

    Returns
    -------
    PairedTest
        ``statistic``, ``pvalue`` (two-sided) and ``method`` (``"exact"`` or ``"chi2"``).

    Raises
    ------
    ValueError
        If the arrays differ in length or hold more than two classes.

    References
    ----------
    Q. McNemar, "Note on the sampling error of the difference between correlated proportions
    or percentages", Psychometrika 12 (1947) 153–157. A. L. Edwards, "Note on the 'correction
    for continuity' in testing the significance of the difference between correlated
    proportions", Psychometrika 13 (1948) 185–187. T. G. Dietterich, "Approximate statistical
    tests for comparing supervised classification learning algorithms", Neural Computation
    10 (1998) 1895–1923.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> a = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> b = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0]
    >>> statistic, pvalue = mcnemar_test(y, a, b)
    >>> statistic, round(pvalue, 4)
    (0.0, 0.125)
    """

    y = as_label_array(y_true, "y_true")
    a = as_label_array(pred_a, "pred_a")
    b_ = as_label_array(pred_b, "pred_b")
    check_same_length(y_true=y, pred_a=a, pred_b=b_)
    target = binary_target(y, pos_label)
    classes = target.classes if len(target.classes) == 2 else None
    right_a = binary_target(a, target.positive, name="pred_a", labels=classes).is_positive
    right_b = binary_target(b_, target.positive, name="pred_b", labels=classes).is_positive
    right_a = right_a == target.is_positive
    right_b = right_b == target.is_positive
    only_a = int(np.count_nonzero(right_a & ~right_b))
    only_b = int(np.count_nonzero(~right_a & right_b))
    return mcnemar_discordant_test(only_a, only_b, exact=exact)


def mcnemar_discordant_test(only_a: int, only_b: int, *, exact: bool | None = None) -> PairedTest:
    """McNemar's test (McNemar 1947) from its sufficient statistics, the discordant counts.

    The numbers of examples that only classifier A, and only classifier B, predicts right (see
    :func:`mcnemar_test`). Those counts add up over blocks of examples, so chunked and
    distributed data give the test of all of them.

    Parameters
    ----------
    only_a, only_b : int
        Discordant examples in A's favour (A right, B wrong) and in B's.
    exact : bool, optional
        Force the exact binomial or the continuity-corrected χ² test; ``None`` chooses the
        exact test below 25 discordant examples.

    Returns
    -------
    PairedTest
        ``statistic``, ``pvalue`` and ``method``.

    Examples
    --------
    >>> mcnemar_discordant_test(3, 0)
    PairedTest(statistic=0.0, pvalue=0.25, method='exact')
    >>> round(mcnemar_discordant_test(40, 15).pvalue, 5)
    0.00121
    """
    from scipy import stats

    for name, value in (("only_a", only_a), ("only_b", only_b)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
            raise ValueError(f"`{name}` must be a non-negative integer; got {value!r}.")
    only_a, only_b = int(only_a), int(only_b)
    discordant = only_a + only_b
    if exact is None:
        exact = discordant < 25
    if discordant == 0:
        return PairedTest(0.0, 1.0, "exact" if exact else "chi2")
    if exact:
        result = stats.binomtest(min(only_a, only_b), discordant, 0.5)
        return PairedTest(float(min(only_a, only_b)), float(result.pvalue), "exact")
    statistic = (abs(only_a - only_b) - 1) ** 2 / discordant
    return PairedTest(float(statistic), float(stats.chi2.sf(statistic, 1)), "chi2")


def clustered_mcnemar_test(only_a: Any, only_b: Any) -> PairedTest:
    """McNemar's test for clustered examples (Durkalski, Palesch, Lipsitz & Rust 2003).

    With several examples per group (patient, speaker, document, site) the discordant
    examples of one group are not independent. With b_k and c_k the examples of group k that
    only A, and only B, predicts right, the statistic is

    X² = (Σ_k (b_k − c_k))² / Σ_k (b_k − c_k)²,

    χ² with one degree of freedom under the null hypothesis; with one example per group it
    is McNemar's χ² without continuity correction, (b − c)² / (b + c).

    Parameters
    ----------
    only_a, only_b : array-like of int, shape (G,)
        Per group, the examples in A's favour (A right, B wrong) and in B's.

    Returns
    -------
    PairedTest
        ``statistic`` (X²), ``pvalue`` and ``method`` ``"durkalski"``; statistic 0 and
        p-value 1 where no group has more discordant examples of one kind than the other.

    Raises
    ------
    ValueError
        If the arrays differ in length, hold negative or fractional counts, or hold fewer
        than two groups.

    References
    ----------
    Durkalski, V. L., Palesch, Y. Y., Lipsitz, S. R., & Rust, P. F. (2003). Analysis of
    clustered matched-pair data. Statistics in Medicine, 22(15), 2417–2428.

    Examples
    --------
    >>> res = clustered_mcnemar_test([3, 2, 4, 0, 3], [0, 1, 1, 1, 0])
    >>> round(res.statistic, 4), round(res.pvalue, 4), res.method
    (2.7931, 0.0947, 'durkalski')
    """
    from scipy import stats

    arrays = []
    for name, value in (("only_a", only_a), ("only_b", only_b)):
        array = np.asarray(value)
        if (
            array.ndim != 1
            or array.dtype.kind not in "iuf"
            or np.any(array < 0)
            or not np.all(array == np.round(array))
        ):
            raise ValueError(
                f"`{name}` must hold each group's non-negative whole count; got {value!r}."
            )
        arrays.append(array.astype(np.float64))
    b, c = arrays
    check_same_length(only_a=b, only_b=c)
    if len(b) < 2:
        raise ValueError(
            f"`only_a` holds {len(b)} group(s): the clustered test needs at least two groups."
        )
    d = b - c
    spread = float(np.dot(d, d))
    if spread == 0:
        return PairedTest(0.0, 1.0, "durkalski")
    statistic = float(d.sum()) ** 2 / spread
    return PairedTest(statistic, float(stats.chi2.sf(statistic, 1)), "durkalski")


def corrected_resampled_ttest(values_a: Any, values_b: Any, *, test_fraction: float) -> PairedTest:
    """Nadeau & Bengio's (2003) corrected resampled t-test of paired per-fold results.

    With d the per-fold differences of J folds (or runs), t = mean(d) / √((1/J + n₂/n₁)·s²),
    where n₂/n₁ = ``test_fraction`` / (1 − ``test_fraction``) is the ratio of test to training
    sizes (1/(k − 1) for k-fold cross-validation); J − 1 degrees of freedom. The plain paired
    t-test (the 1/J term alone) ignores that the folds share training data and is too
    liberal (Nadeau & Bengio 2003; Bouckaert & Frank 2004).

    Parameters
    ----------
    values_a, values_b : array-like of shape (J,)
        Per-fold results of the two classifiers on the same folds (accuracy, φ, δ, …).
    test_fraction : float in (0, 1)
        The share of the data in each test fold: 1/k for k-fold cross-validation.

    Returns
    -------
    PairedTest
        ``statistic`` (t, positive when A is better) and the two-sided ``pvalue``; identical
        results give t = 0 and p = 1, a constant non-zero difference t = ±∞ and p = 0.

    Raises
    ------
    ValueError
        If the values differ in length, there are fewer than 2 pairs, or ``test_fraction``
        is outside (0, 1).

    References
    ----------
    C. Nadeau and Y. Bengio, "Inference for the generalization error", Machine Learning 52
    (2003) 239–281. R. R. Bouckaert and E. Frank, "Evaluating the replicability of
    significance tests for comparing learning algorithms", PAKDD 2004, 3–12.

    Examples
    --------
    >>> a = [0.81, 0.83, 0.80, 0.85, 0.82]
    >>> b = [0.78, 0.80, 0.79, 0.80, 0.79]
    >>> t, p = corrected_resampled_ttest(a, b, test_fraction=0.2)
    >>> round(t, 3), round(p, 4)
    (3.162, 0.0341)
    """
    from scipy import stats

    a = as_float_array(values_a, "values_a")
    b = as_float_array(values_b, "values_b")
    check_same_length(values_a=a, values_b=b)
    if len(a) < 2:
        raise ValueError("The corrected t-test needs at least 2 paired results.")
    if not 0 < test_fraction < 1:
        raise ValueError(f"`test_fraction` must be in (0, 1); got {test_fraction!r}.")
    d = a - b
    variance = d.var(ddof=1)
    j = len(d)
    scale = 1 / j + test_fraction / (1 - test_fraction)
    if variance == 0:
        statistic = 0.0 if d.mean() == 0 else float(np.sign(d.mean()) * np.inf)
        pvalue = 1.0 if d.mean() == 0 else 0.0
        return PairedTest(statistic, pvalue, "corrected resampled t")
    statistic = float(d.mean() / np.sqrt(scale * variance))
    pvalue = float(2 * stats.t.sf(abs(statistic), j - 1))
    return PairedTest(statistic, pvalue, "corrected resampled t")


@dataclass(frozen=True)
class FriedmanTest(TupleResult):
    """Friedman's test over data sets; unpacks as ``statistic, pvalue`` (χ²_F and its p-value).

    The result of :func:`friedman_test` (Friedman 1937; Iman & Davenport 1980; Demšar 2006,
    §3.2.2).

    Attributes
    ----------
    statistic, pvalue : float
        Friedman's χ²_F (k − 1 degrees of freedom) and its p-value.
    iman_davenport, iman_davenport_pvalue : float
        The less conservative F_F = (N − 1)χ²_F / (N(k − 1) − χ²_F) with (k − 1, (k − 1)(N − 1))
        degrees of freedom (Demšar 2006, eq. 2).
    average_ranks : ndarray of shape (k,)
        Rank 1 = best (highest score) on a data set; ties share the mean rank.

    Examples
    --------
    >>> statistic, pvalue = friedman_test([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6],
    ...                                    [0.8, 0.7, 0.65]])
    >>> round(statistic, 3), round(pvalue, 4)
    (6.5, 0.0388)
    """

    statistic: float
    pvalue: float
    iman_davenport: float
    iman_davenport_pvalue: float
    average_ranks: np.ndarray

    _fields = ("statistic", "pvalue")


def _ranks(scores: np.ndarray) -> np.ndarray:
    from scipy import stats

    return stats.rankdata(-scores, axis=1)  # best score gets rank 1


def _check_scores(scores: Any) -> np.ndarray:
    array = as_float_array(scores, "scores", ndim=2)
    n, k = array.shape
    if k < 2 or n < 2:
        raise ValueError(
            "`scores` must have shape (data sets, classifiers) with at least 2 of each; "
            f"got {array.shape}."
        )
    return array


def friedman_test(scores: Any) -> FriedmanTest:
    """Friedman's test of k classifiers over N data sets (Demšar 2006, §3.2.2).

    χ²_F equals ``scipy.stats.friedmanchisquare`` (with its tie correction); the
    Iman–Davenport statistic F_F = (N − 1)χ²_F / (N(k − 1) − χ²_F) follows an F distribution
    with k − 1 and (k − 1)(N − 1) degrees of freedom and is less conservative (Demšar's
    eq. 2). The direction of the scores does not change either statistic.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_classifiers)
        One row per data set and one column per classifier (higher is better for
        ``average_ranks``).

    Returns
    -------
    FriedmanTest
        χ²_F and its p-value, the Iman–Davenport F_F and its p-value, and the average ranks.

    Raises
    ------
    ValueError
        If ``scores`` is not 2-D with at least 2 data sets and 2 classifiers.

    References
    ----------
    M. Friedman, "The use of ranks to avoid the assumption of normality implicit in the
    analysis of variance", JASA 32 (1937) 675–701. R. L. Iman and J. M. Davenport,
    "Approximations of the critical region of the Friedman statistic", Communications in
    Statistics A 9 (1980) 571–595. J. Demšar, JMLR 7 (2006) 1–30.

    Examples
    --------
    >>> result = friedman_test([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6],
    ...                         [0.8, 0.7, 0.65]])
    >>> round(result.statistic, 3), result.average_ranks.tolist()
    (6.5, [1.25, 1.75, 3.0])
    """
    from scipy import stats

    array = _check_scores(scores)
    n, k = array.shape
    ranks = _ranks(array)
    statistic, pvalue = stats.friedmanchisquare(*array.T)
    statistic = float(statistic)
    denominator = n * (k - 1) - statistic
    if denominator <= 0:
        f_stat, f_p = float("inf"), 0.0
    else:
        f_stat = (n - 1) * statistic / denominator
        f_p = float(stats.f.sf(f_stat, k - 1, (k - 1) * (n - 1)))
    return FriedmanTest(statistic, float(pvalue), float(f_stat), f_p, ranks.mean(axis=0))


_CD_TESTS = ("nemenyi", "bonferroni-dunn")


def _q_alpha(k: int, alpha: float, test: str) -> float:
    """Demšar's q_α: the studentized range quantile over √2 (Nemenyi), or the two-sided normal
    quantile at α/(2(k − 1)) (Bonferroni–Dunn: k − 1 comparisons with a control)."""
    from scipy import stats

    if test == "nemenyi":
        return float(stats.studentized_range.ppf(1 - alpha, k, np.inf) / np.sqrt(2))
    return float(stats.norm.isf(alpha / (2 * (k - 1))))


def _check_cd_arguments(k: int, n: int, alpha: float, test: str) -> None:
    if k < 2 or n < 1:
        raise ValueError(f"`k` must be ≥ 2 classifiers and `n` ≥ 1 data set; got {k}, {n}.")
    check_open_unit(alpha, "alpha")
    if test not in _CD_TESTS:
        raise ValueError(f"`test` must be one of {_CD_TESTS}; got {test!r}.")


def critical_difference(
    k: int, n: int, alpha: float = 0.05, *, test: str = "nemenyi", level: Any = DEPRECATED
) -> float:
    """The critical difference of average ranks, CD = q_α·√(k(k + 1)/(6N)) (Demšar 2006, eq. 3).

    Two of ``k`` classifiers compared over ``n`` data sets differ significantly at level
    ``alpha`` when their average ranks differ by at least CD.

    Parameters
    ----------
    k : int
        Number of classifiers (≥ 2; for Bonferroni–Dunn including the control).
    n : int
        Number of data sets (≥ 1).
    alpha : float in (0, 1), default 0.05
        The significance level α.
    test : {"nemenyi", "bonferroni-dunn"}, default "nemenyi"
        ``"nemenyi"``: all pairs; q_α is the studentized range quantile for k groups and
        infinite degrees of freedom over √2 (Demšar's Table 5a). ``"bonferroni-dunn"``: every
        classifier against one control; q_α is the two-sided normal quantile at α/(k − 1)
        (Table 5b).
    level : optional
        Former name of `alpha` (deprecated).

    Returns
    -------
    float
        The critical difference CD, in units of average rank.

    Raises
    ------
    ValueError
        If ``k`` < 2, ``n`` < 1, ``alpha`` is outside (0, 1) or ``test`` is unknown.

    References
    ----------
    J. Demšar, "Statistical comparisons of classifiers over multiple data sets", JMLR 7
    (2006) 1–30.

    Examples
    --------
    >>> round(critical_difference(4, 14), 3)   # q_0.05 = 2.569 for four classifiers
    1.254
    >>> round(critical_difference(4, 14, test="bonferroni-dunn"), 3)   # q_0.05 = 2.394
    1.168
    """
    alpha = renamed(alpha, level, name="alpha", old="level", where="critical_difference")
    _check_cd_arguments(k, n, alpha, test)
    return float(_q_alpha(k, alpha, test) * np.sqrt(k * (k + 1) / (6 * n)))


@dataclass(frozen=True)
class RankGroups(TupleResult):
    """Average ranks, critical difference and groups not significantly different (Demšar 2006).

    What a critical difference diagram draws (Demšar 2006, §3.2.2 and Figures 1–2); the result
    of :func:`rank_groups`.

    Attributes
    ----------
    average_ranks : ndarray of shape (k,)
        Average rank of every classifier over the data sets (1 = best; ties share the mean
        rank, as ``scipy.stats.rankdata``).
    critical_difference : float
        CD of :func:`critical_difference` for k classifiers and N data sets.
    cliques : list of tuple of int
        Groups of at least two classifiers (column indices, best rank first). ``"nemenyi"``:
        the maximal sets whose range of average ranks is smaller than CD, ordered by their
        best member. ``"bonferroni-dunn"``: at most one group, the control and every
        classifier within CD of it.
    n_datasets : int
        N, the number of data sets.
    alpha : float
        The significance level α (also ``level``, its former name).
    test : str
        ``"nemenyi"`` or ``"bonferroni-dunn"``.
    control : int or None
        The control classifier of a Bonferroni–Dunn comparison.

    Unpacks as ``average_ranks, critical_difference, cliques``.

    Examples
    --------
    >>> groups = rank_groups([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6],
    ...                       [0.8, 0.7, 0.65]])
    >>> groups.n_datasets, groups.test, groups.cliques
    (4, 'nemenyi', [(0, 1), (1, 2)])
    """

    average_ranks: np.ndarray
    critical_difference: float
    cliques: list[tuple[int, ...]]
    n_datasets: int
    alpha: float
    test: str
    control: int | None = None

    _fields = ("average_ranks", "critical_difference", "cliques")

    @property
    def level(self) -> float:
        """The significance level α (``alpha``; the former name)."""
        return self.alpha


def rank_cliques(average_ranks: Any, critical_difference: float) -> list[tuple[int, ...]]:
    """Maximal groups of classifiers whose average ranks span less than the CD (Demšar 2006).

    Groups of at least two classifiers whose average ranks span less than
    ``critical_difference``: the thick lines of a Nemenyi CD diagram (Demšar 2006, Figure 1).
    Sorted by rank, such a group is a run of consecutive classifiers; a run is kept when no
    other run contains it. Indices are those of ``average_ranks``, best (lowest) rank first.

    Parameters
    ----------
    average_ranks : array-like of shape (k,)
        Average rank of every classifier (1 = best).
    critical_difference : float
        The critical difference, non-negative (see :func:`critical_difference`).

    Returns
    -------
    list of tuple of int
        The groups, as indices of ``average_ranks``, best rank first.

    Raises
    ------
    ValueError
        If ``critical_difference`` is negative or NaN.

    Examples
    --------
    >>> rank_cliques([1.2, 2.0, 2.9, 4.0], 1.0)   # 4.0 − 2.9 ≥ CD: no third pair
    [(0, 1), (1, 2)]
    >>> rank_cliques([1.0, 1.5, 4.0], 1.0)
    [(0, 1)]
    """
    ranks = as_float_array(average_ranks, "average_ranks")
    if not critical_difference >= 0:
        raise ValueError(
            f"`critical_difference` must be a non-negative number; got {critical_difference!r}."
        )
    order = np.argsort(ranks, kind="stable")
    sorted_ranks = ranks[order]
    # the last member of the run starting at each position: ranks[end] − ranks[start] < CD
    ends = np.searchsorted(sorted_ranks, sorted_ranks + critical_difference, side="left") - 1
    cliques = []
    furthest = -1
    for start, end in enumerate(ends):
        if end > furthest and end > start:
            cliques.append(tuple(int(i) for i in order[start : end + 1]))
        furthest = max(furthest, int(end))
    return cliques


def rank_groups(
    scores: Any,
    *,
    alpha: float = 0.05,
    test: str = "nemenyi",
    lower_is_better: bool = False,
    control: int | None = None,
    level: Any = DEPRECATED,
) -> RankGroups:
    """Average ranks, critical difference and groups of classifiers not significantly different
    (Demšar 2006, §3.2.2 and Figures 1–2): the numbers behind a critical difference diagram.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_classifiers)
        One row per data set, one column per classifier.
    alpha : float in (0, 1), default 0.05
        The significance level α.
    test : {"nemenyi", "bonferroni-dunn"}, default "nemenyi"
        See :func:`critical_difference`.
    lower_is_better : bool, default False
        Rank 1 goes to the lowest score (errors, losses) instead of the highest.
    control : int, optional
        Column of the control classifier (Bonferroni–Dunn only); default the best-ranked one.
    level : optional
        Former name of `alpha` (deprecated).

    Returns
    -------
    RankGroups
        Average ranks, critical difference and cliques.

    Raises
    ------
    ValueError
        If ``scores`` is not 2-D with at least 2 data sets and 2 classifiers, or ``test``,
        ``alpha`` or ``control`` is invalid.

    Examples
    --------
    >>> groups = rank_groups([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6],
    ...                       [0.8, 0.7, 0.65]])
    >>> groups.average_ranks.tolist(), round(groups.critical_difference, 3), groups.cliques
    ([1.25, 1.75, 3.0], 1.657, [(0, 1), (1, 2)])
    """
    alpha = renamed(alpha, level, name="alpha", old="level", where="rank_groups")
    array = _check_scores(scores)
    n, k = array.shape
    _check_cd_arguments(k, n, alpha, test)
    ranks = _ranks(-array if lower_is_better else array).mean(axis=0)
    cd = critical_difference(k, n, alpha, test=test)
    if test == "nemenyi":
        if control is not None:
            raise ValueError("`control` is for test='bonferroni-dunn' only.")
        return RankGroups(ranks, cd, rank_cliques(ranks, cd), n, alpha, test)
    if control is None:
        control = int(np.argmin(ranks))
    elif not (isinstance(control, int | np.integer) and 0 <= control < k):
        raise ValueError(f"`control` must be a column index in [0, {k}); got {control!r}.")
    near = np.flatnonzero(np.abs(ranks - ranks[control]) < cd)
    members = tuple(int(i) for i in near[np.argsort(ranks[near], kind="stable")])
    cliques = [members] if len(members) > 1 else []
    return RankGroups(ranks, cd, cliques, n, alpha, test, int(control))


def nemenyi_test(scores: Any) -> np.ndarray:
    """Pairwise Nemenyi p-values (k × k) of classifiers over data sets (Demšar 2006, §3.2.2).

    z = abs(R_i − R_j) / √(k(k + 1)/(6N)); the p-value is the studentized range survival
    function at z·√2 with k groups and infinite degrees of freedom, the convention of
    scikit-posthocs' ``posthoc_nemenyi_friedman`` (equal to within 1e-10). A pair differs at level
    α exactly when its rank difference reaches :func:`critical_difference`.

    Parameters
    ----------
    scores : array-like of shape (n_datasets, n_classifiers)
        One row per data set, one column per classifier (higher is better).

    Returns
    -------
    ndarray of shape (k, k)
        Symmetric, with ones on the diagonal.

    Raises
    ------
    ValueError
        If ``scores`` is not 2-D with at least 2 data sets and 2 classifiers.

    References
    ----------
    P. B. Nemenyi, "Distribution-free multiple comparisons", PhD thesis, Princeton (1963).
    J. Demšar, JMLR 7 (2006) 1–30.

    Examples
    --------
    >>> p = nemenyi_test([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.6], [0.8, 0.7, 0.65]])
    >>> p.shape, bool(p[0, 2] < p[0, 1])
    ((3, 3), True)
    """
    from scipy import stats

    array = _check_scores(scores)
    n, k = array.shape
    ranks = _ranks(array).mean(axis=0)
    z = np.abs(ranks[:, None] - ranks[None, :]) / np.sqrt(k * (k + 1) / (6 * n))
    p = stats.studentized_range.sf(z * np.sqrt(2), k, np.inf)
    np.fill_diagonal(p, 1.0)
    return np.clip(p, 0.0, 1.0)

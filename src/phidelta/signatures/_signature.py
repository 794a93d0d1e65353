"""The φ-δ signature of a data set: every (derived) feature as a single-feature classifier."""

from __future__ import annotations

import csv
import html
import io
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from phidelta._stack import outside_stacklevel
from phidelta._validation import DEPRECATED, renamed, require_pandas
from phidelta.counts import BinaryCounts
from phidelta.counts._labels import (
    PositiveClass,
    as_label_array,
    binary_target,
    distinct_at_most_two,
)
from phidelta.exceptions import SuspectColumnWarning
from phidelta.measures import (
    MeasureTable,
    information_gain,
    measure_table,
    phi_delta,
    sensitivity,
    specificity,
)
from phidelta.measures._phidelta import RatioLike
from phidelta.signatures._accumulate import SignatureStatistics, statistics_of_block
from phidelta.signatures._columns import read_table
from phidelta.signatures._permutation import (
    SignatureRows,
    check_permutation_arguments,
    group_cells,
    permutation_pvalues,
)
from phidelta.signatures._statistics import (
    ConstantFeatureWarning,
    FeatureRows,
    NumericMode,
    _threshold_cells,
)

__all__ = [
    "RANKINGS",
    "SUMMARY_COLUMNS",
    "Signature",
    "block_statistics",
    "signature",
    "signature_from_chunks",
]

from phidelta._vocabulary import RANKINGS, SUMMARY_COLUMNS, RankBy


def _encode_labels(labels: Any, pos_label: Any, n_rows: int) -> tuple[np.ndarray, Any, list[Any]]:
    y = as_label_array(labels, "labels")
    if len(y) != n_rows:
        raise ValueError(f"`labels` has {len(y)} entries but `data` has {n_rows} rows.")
    values, _ = distinct_at_most_two(y, "labels")
    if len(values) < 2:
        raise ValueError(
            f"`labels` holds a single class ({values!r}); a signature needs positive and "
            "negative samples (the class ratio N/P would be undefined)."
        )
    is_pos, positive, values = binary_target(y, pos_label, name="labels")
    return np.asarray(is_pos, dtype=bool), positive, values


@dataclass(frozen=True)
class Signature:
    """The class signature: one row per (derived) feature, with its counts.

    Build it with :func:`signature`. Each feature is a single-feature classifier ("present" =
    positive): exact counts for binary features, nominal indicators and thresholded numeric
    features, soft counts for numeric features in ``"soft"`` mode (the published packages').

    Attributes
    ----------
    names, sources, kinds : list of str
        Derived feature name, its source column, and its kind ("binary", "numeric", "nominal"
        or "constant").
    cuts : ndarray
        The threshold of each numeric feature in ``"threshold"`` mode (present: value > cut);
        NaN otherwise.
    counts : BinaryCounts
        One entry per feature.
    ratio : float
        The actual class ratio N/P of the labels.
    positive : object
        The positive class.
    numeric_mode : str
        "soft" or "threshold" (see :func:`signature`).
    rows_left_out : int
        Rows left out because their class label was missing (reading a table through
        :mod:`phidelta.data`).
    missing_cells : phidelta.data.MissingCells or None
        What :mod:`phidelta.data` read as missing, per column (None when not read through it).

    See Also
    --------
    signature : build one from data and labels.
    signature_from_chunks : build one from blocks of rows.

    Notes
    -----
    A signature built by :func:`signature` keeps a reference to its rows (the table as read:
    no copy of a float64 array or of a sparse matrix), which the permutation test of
    :meth:`pvalues` needs; one built from statistics (:func:`signature_from_chunks`,
    :meth:`from_statistics`) has none.

    The signature is Armano's (2015, §4.3 and Fig. 10): each feature is a point of the φ-δ
    diamond, discriminant features near the top and bottom corners (high abs(δ)),
    characteristic ones near the left and right corners (abs(φ) near 1: rare terms and stop
    words).

    Examples
    --------
    >>> import numpy as np
    >>> data = np.array([[1, 0], [1, 1], [0, 1], [0, 0]])
    >>> sig = signature(data, [1, 1, 0, 0])
    >>> sig.names, sig.kinds, sig.ratio
    (['F1', 'F2'], ['binary', 'binary'], 1.0)
    >>> sig.counts
    BinaryCounts(tn=[2, 1], fp=[0, 1], fn=[0, 1], tp=[2, 1])
    >>> sig.phi_delta().delta.tolist()
    [1.0, 0.0]
    >>> len(sig), sig[1:].names
    (2, ['F2'])
    """

    names: list[str]
    sources: list[str]
    kinds: list[str]
    cuts: np.ndarray = field(repr=False)
    counts: BinaryCounts = field(repr=False)
    ratio: float
    positive: Any
    numeric_mode: str = "soft"
    rows_left_out: int = 0
    _rows: SignatureRows | None = field(default=None, repr=False, compare=False)
    missing_cells: Any = field(default=None, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.names)

    @property
    def suspect_columns(self) -> dict[str, str]:
        """Source columns that look like no feature, each with why, in column order.

        ``"label copy"``: a feature of the column separates the classes perfectly (standard
        δ = ±1: every positive on one side, every negative on the other), as the label itself
        or a column computed from it does (a numeric feature's best cut, ``numeric=
        "threshold"``, is not counted: on a small sample a cut often separates the classes).
        ``"identifier"``: a nominal column whose values each occur in one row (a name, an
        id), read as one one-row indicator per row. They are ranked among the features all
        the same; :func:`signature` warns (:class:`~phidelta.exceptions.SuspectColumnWarning`),
        and ``kinds={column: "ignore"}`` leaves them out. Every door shows
        :meth:`suspect_note`.

        Returns
        -------
        dict of str to str
            Column → ``"label copy"`` or ``"identifier"``; empty when none.

        Examples
        --------
        >>> import warnings
        >>> import numpy as np
        >>> import pandas as pd
        >>> y = np.array([0, 1] * 5)
        >>> table = pd.DataFrame(
        ...     {"copy": y, "id": [f"row {i}" for i in range(10)], "x": np.arange(10) % 3})
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     sig = signature(table, y)
        >>> sig.suspect_columns
        {'copy': 'label copy', 'id': 'identifier'}
        """
        if not len(self):
            return {}
        delta = phi_delta(self.counts, ratio=1.0, zero_division=np.nan).delta
        # the best cut of a numeric feature may separate a small sample: not a copy
        perfect = ((np.abs(np.nan_to_num(delta)) >= 1 - 1e-12) & np.isnan(self.cuts)).tolist()
        present = (self.counts.tp + self.counts.fp).tolist()  # the rows of each feature's value
        features_of: dict[str, list[int]] = {}  # one pass: a loop per source was quadratic
        for i, source in enumerate(self.sources):
            features_of.setdefault(source, []).append(i)
        found: dict[str, str] = {}
        for source, rows in features_of.items():
            if any(perfect[i] for i in rows):
                found[source] = "label copy"
            elif (
                len(rows) > 2
                and all(self.kinds[i] == "nominal" for i in rows)
                and all(present[i] == 1 for i in rows)
            ):  # the most frequent values occur once: every value does
                found[source] = "identifier"
        return found

    def suspect_note(self) -> str | None:
        """One sentence naming :attr:`suspect_columns` and why (None when there are none):
        the note every door shows, each adding how to leave them out in its own words.

        Returns
        -------
        str or None
            One sentence naming the suspect columns and why, with how to leave them out;
            None when no column is suspect.

        Examples
        --------
        >>> import warnings
        >>> import numpy as np
        >>> import pandas as pd
        >>> y = np.array([0, 1] * 5)
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     sig = signature(pd.DataFrame({"y2": y, "x": np.arange(10) % 3}), y)
        >>> sig.suspect_note()
        'column y2 separates the classes perfectly (δ = ±1: the label, or computed from it?)'
        """
        suspects = self.suspect_columns
        if not suspects:
            return None
        parts = []
        for why, text in (
            (
                "label copy",
                "separate{s} the classes perfectly (δ = ±1: the label, or computed from it?)",
            ),
            ("identifier", "hold{s} a different value in every row (identifiers, not features)"),
        ):
            named = [c for c, w in suspects.items() if w == why]
            if named:
                columns = "column " if len(named) == 1 else "columns "
                parts.append(
                    columns + ", ".join(named) + " " + text.format(s="s" if len(named) == 1 else "")
                )
        return "; ".join(parts)

    def _summary(self, shown: int = 10) -> tuple[str, dict[str, Any]]:
        """What the signature is (a sentence), and its ``shown`` most discriminant features as
        columns (feature, kind, φ, δ, sensitivity, specificity): the notebook's and the
        terminal's view."""
        order = self.rank("delta")[:shown]
        point = self.phi_delta(1.0)
        columns = {
            "feature": [self.names[i] for i in order],
            "kind": [self.kinds[i] for i in order],
            "φ": point.phi[order],
            "δ": point.delta[order],
            "sensitivity": sensitivity(self.counts, zero_division=np.nan)[order],
            "specificity": specificity(self.counts, zero_division=np.nan)[order],
        }
        numeric = "best single cut" if self.numeric_mode == "threshold" else "soft counts"
        left = f", {self.rows_left_out} rows left out" if self.rows_left_out else ""
        title = (
            f"Signature of {len(self)} features: positive class {self.positive!r}, class ratio "
            f"N/P = {self.ratio:.4g}, numeric features as {numeric}{left}"
        )
        return title, columns

    def _repr_html_(self) -> str:
        """In a notebook: what the signature is, and its most discriminant features."""
        from phidelta._format import html_table

        shown = 10
        title, columns = self._summary(shown)
        more = (
            f"<p>The {shown} features with the largest |δ| (standard φ-δ) of {len(self)}; "
            "<code>to_frame()</code> has them all.</p>"
            if len(self) > shown
            else ""
        )
        return f"<div><p><b>{html.escape(title)}</b></p>{html_table(columns)}{more}</div>"

    def __str__(self) -> str:
        """In a terminal (``print(signature)``): what the signature is, and its ten most
        discriminant features, a line each, numbers rounded alike per column."""
        from phidelta._format import column_text

        shown = 10
        title, columns = self._summary(shown)
        cells = {name: column_text(list(values)) for name, values in columns.items()}
        widths = {name: max(len(name), *map(len, cells[name]), 0) for name in cells}
        text = {"feature", "kind"}
        lines = [
            "  ".join(
                (cell.ljust if name in text else cell.rjust)(widths[name]) for name, cell in row
            ).rstrip()
            for row in [
                [(name, name) for name in cells],
                *([(name, cells[name][i]) for name in cells] for i in range(len(cells["φ"]))),
            ]
        ]
        more = (
            [f"… the {shown} of {len(self)} with the largest |δ|; to_frame() has them all"]
            if len(self) > shown
            else []
        )
        return "\n".join([title, *lines, *more])

    def __getitem__(self, index: Any) -> Signature:
        idx = np.arange(len(self))[index]
        idx = np.atleast_1d(idx)
        return Signature(
            [self.names[i] for i in idx],
            [self.sources[i] for i in idx],
            [self.kinds[i] for i in idx],
            self.cuts[idx],
            self.counts[idx],
            self.ratio,
            self.positive,
            self.numeric_mode,
            self.rows_left_out,
            self._rows,
            self.missing_cells,
        )

    @classmethod
    def from_statistics(
        cls,
        statistics: SignatureStatistics,
        *,
        positive: Any,
        kinds: dict[str, str] | None = None,
        max_values: int = 256,
    ) -> Signature:
        """The signature (soft mode) of merged :func:`block_statistics`.

        Equal to :func:`signature` on all the rows the statistics came from (soft mode); it
        keeps no rows, so :meth:`pvalues` offers Fisher's test only.

        Parameters
        ----------
        statistics : SignatureStatistics
            The sum of the blocks' :func:`block_statistics`.
        positive : object
            The positive class, only reported (the blocks already marked the positive rows).
        kinds : dict, optional
            Per-column overrides: "binary", "numeric", "nominal" or "ignore".
        max_values : int, default 256
            Nominal columns with more distinct values get indicators for the most frequent
            ones.

        Returns
        -------
        Signature
            One row per (derived) feature, soft counts for numeric features.

        Raises
        ------
        ValueError
            If the rows hold a single class, or ``kinds`` holds an unknown kind.
        """
        if statistics.n_pos == 0 or statistics.n_neg == 0:
            raise ValueError("The labels hold a single class; a signature needs both.")
        forced = _check_kinds(kinds, None)
        return _finish(statistics, None, None, positive, "soft", forced, max_values)

    def phi_delta(self, ratio: RatioLike = 1.0) -> Any:
        """(φ, δ) of every feature: standard at ratio 1, generalized otherwise ("actual": N/P).

        φ = ρ − ρ̄ and δ = ρ + ρ̄ − 1 from specificity ρ̄ and sensitivity ρ (Armano 2015,
        eqs. 11–12), or the generalized coordinates at a class ratio (Armano et al. 2019).

        Parameters
        ----------
        ratio : float or "actual", default 1.0
            Class ratio N/P of the φ-δ space; ``"actual"`` takes the signature's ``ratio``.

        Returns
        -------
        PhiDelta
            ``phi`` and ``delta``, arrays of shape (n_features,); unpacks as ``phi, delta``
            (NaN where a class has no samples of a feature's counts).
        """
        value = self.ratio if isinstance(ratio, str) and ratio == "actual" else ratio
        return phi_delta(self.counts, ratio=value, zero_division=np.nan)

    def measures(self, names: list[str] | None = None) -> MeasureTable:
        """Any measure of the core registry, one row per feature (undefined entries NaN).

        Parameters
        ----------
        names : list of str, optional
            Names from :data:`phidelta.measures.MEASURES`; all of them by default.

        Returns
        -------
        MeasureTable
            Name → array of shape (n_features,), the counts tn, fp, fn, tp first;
            :meth:`~phidelta.measures.MeasureTable.to_frame` indexes it by feature name.
        """
        return measure_table(self.counts, measures=names, index=self.names)

    def _information(self, ratio: float) -> np.ndarray:
        counts = self.counts.at_ratio(ratio)
        return information_gain(counts, zero_division=np.nan)

    def to_dict(self, ratio: float | None = None) -> dict[str, Any]:
        """The signature as columns: counts, rates, φ, δ and information gain per feature.

        Columns: name, source, kind, cut, counts, rates, φ and δ (standard and at ``ratio``,
        default the actual one), information gain at balance and at ``ratio``.

        Parameters
        ----------
        ratio : float, optional
            The class ratio of the ``*_ratio`` columns; default the signature's actual ratio.

        Returns
        -------
        dict of str to list or ndarray
            ``name``, ``source``, ``kind``, ``cut``, ``tn``, ``fp``, ``fn``, ``tp``,
            ``specificity``, ``sensitivity``, ``phi``, ``delta``, ``phi_ratio``,
            ``delta_ratio``, ``ratio``, ``information_gain``, ``information_gain_ratio``; one
            entry per feature in each.
        """
        r = self.ratio if ratio is None else ratio
        std = self.phi_delta(1.0)
        gen = self.phi_delta(r)
        return {
            "name": list(self.names),
            "source": list(self.sources),
            "kind": list(self.kinds),
            "cut": self.cuts.copy(),
            "tn": np.asarray(self.counts.tn, float),
            "fp": np.asarray(self.counts.fp, float),
            "fn": np.asarray(self.counts.fn, float),
            "tp": np.asarray(self.counts.tp, float),
            "specificity": specificity(self.counts, zero_division=np.nan),
            "sensitivity": sensitivity(self.counts, zero_division=np.nan),
            "phi": std.phi,
            "delta": std.delta,
            "phi_ratio": gen.phi,
            "delta_ratio": gen.delta,
            "ratio": np.full(len(self), float(r)),
            "information_gain": self._information(1.0),
            "information_gain_ratio": self._information(r),
        }

    def to_frame(self, ratio: float | None = None) -> Any:
        """A pandas DataFrame with the columns of :meth:`to_dict`, indexed by feature name
        (the index is called ``feature``, so that ``reset_index()`` does not collide with the
        ``name`` column).

        Parameters
        ----------
        ratio : float, optional
            The class ratio of the ``*_ratio`` columns; default the signature's actual ratio.

        Returns
        -------
        pandas.DataFrame
            One row per feature.

        Raises
        ------
        ImportError
            If pandas is not installed.
        """
        pd = require_pandas("Signature.to_frame")
        frame = pd.DataFrame(self.to_dict(ratio)).set_index("name", drop=False)
        frame.index.name = "feature"
        return frame

    def to_csv(self, path: str | Path | None = None, ratio: float | None = None) -> str | None:
        """Write the table of :meth:`to_dict` as CSV, or return it as text.

        Numbers are written with 17 significant digits (they read back exactly), undefined
        values as empty cells (e.g. the cut of a nominal feature).

        Parameters
        ----------
        path : str or Path, optional
            The file to write (UTF-8); ``None`` returns the text instead.
        ratio : float, optional
            The class ratio of the ``*_ratio`` columns; default the signature's actual ratio.

        Returns
        -------
        str or None
            The CSV text when ``path`` is None, else None.
        """
        columns = self.to_dict(ratio)
        keys = list(columns)
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(keys)
        for i in range(len(self)):
            row = []
            for key in keys:
                value = columns[key][i]
                if isinstance(value, float | np.floating):  # undefined (a nominal cut): empty
                    value = "" if np.isnan(value) else repr(float(value))
                row.append(value)
            writer.writerow(row)
        text = buffer.getvalue()
        if path is None:
            return text
        if not str(path):
            raise ValueError("`path` must name a file (or be None for the text); got ''.")
        Path(path).write_text(text, encoding="utf-8")
        return None

    def rank(self, by: RankBy = "delta", *, ratio: float = 1.0) -> np.ndarray:
        """Indices of the features, best first.

        Parameters
        ----------
        by : {"delta", "corner", "phi", "information_gain"}, default "delta"
            ``"delta"``: by |δ| (discriminant features); ``"corner"``: by distance to the
            nearer of the top and bottom corners of the diagram at ``ratio`` (the bottom corner
            is (2(n − p), −1), not (0, −1), when ratio ≠ 1); ``"phi"``: by φ, largest first
            (stop words and characteristic features, Armano 2015 §5.1); ``"information_gain"``:
            by the mutual information with the class at ``ratio``.
        ratio : float, default 1.0
            The class ratio of the φ-δ space the features are ranked in.

        Returns
        -------
        ndarray of int
            A permutation of the feature indices; ties keep the feature order, undefined
            entries come last.

        Raises
        ------
        ValueError
            If ``by`` is not one of :data:`RANKINGS`.
        """
        if by not in RANKINGS:
            raise ValueError(f"`by` must be one of {list(RANKINGS)}; got {by!r}.")
        phi, delta = self.phi_delta(ratio)
        if by == "delta":
            key = -np.abs(delta)
        elif by == "phi":
            key = -phi
        elif by == "information_gain":
            key = -self._information(ratio)
        else:
            n, p = ratio / (1 + ratio), 1 / (1 + ratio)
            to_top = np.hypot(phi, delta - 1)
            to_bottom = np.hypot(phi - 2 * (n - p), delta + 1)
            key = np.minimum(to_top, to_bottom)
        key = np.where(np.isnan(key), np.inf, key)
        return np.argsort(key, kind="stable")

    def pvalues(
        self,
        method: str = "auto",
        *,
        n_permutations: int = 1000,
        random_state: int | np.random.Generator | None = 0,
        seed: Any = DEPRECATED,
    ) -> np.ndarray:
        """p-values of H₀ "the feature is independent of the class", one per feature.

        Parameters
        ----------
        method : {"auto", "fisher", "permutation"}, default "auto"
            ``"auto"`` (default): the p-values every door of phidelta shows
            (:meth:`default_pvalues`): the test :meth:`default_test` names — Fisher's when
            every feature is binary or nominal, else the permutation test — and, for a
            signature without its rows, Fisher's test of the integer-count features and NaN
            for soft ones. ``"fisher"``: Fisher's exact test of each feature's 2×2 table
            (two-sided, equal to ``scipy.stats.fisher_exact``), for integer counts: binary,
            nominal and threshold-mode features. For a threshold feature it ignores that the
            cut was chosen to maximize |δ|, so its p-values are optimistic; use the
            permutation test.
            ``"permutation"``: a Monte Carlo permutation test of |δ| (standard, at ratio 1),
            for every kind of feature. The labels are permuted (one permutation shared by
            all features) and each feature's |δ| is recomputed from the rows; a threshold
            feature's best cut is re-optimized in every permutation (its statistic is then the
            two-sample Kolmogorov–Smirnov distance). The test is two-sided: large |δ| of
            either sign is evidence. For binary features it estimates the exact conditional
            p-value of |δ|, which is Fisher's when the classes are balanced.
        n_permutations : int, default 1000
            Permutations B of the permutation test; its p-values are multiples of 1/(B + 1).
        random_state : int, numpy Generator or None, default 0
            Source of the permutations, as SciPy's ``random_state`` (the same integer gives
            the same p-values; None: fresh entropy).
        seed : optional
            Former name of `random_state` (deprecated).

        Returns
        -------
        ndarray of shape (n_features,)
            Fisher: exact p-values. Permutation: (b + 1)/(B + 1), b the permutations whose
            |δ| is at least the observed one (within 1e-12): never 0, and a valid p-value at
            any B (Phipson & Smyth 2010). Constant features get 1. Adjust the p-values of
            many features with :func:`phidelta.inference.benjamini_hochberg`.

        Raises
        ------
        ValueError
            If ``method`` is unknown, ``n_permutations`` is not a positive integer, Fisher's
            test meets soft counts, or the permutation test meets a signature built from
            statistics (it needs the rows: build the signature with :func:`signature`).

        References
        ----------
        Phipson, B. & Smyth, G. K. (2010). Permutation p-values should never be zero:
        calculating exact p-values when permutations are randomly drawn. *Statistical
        Applications in Genetics and Molecular Biology* 9(1), article 39.

        Examples
        --------
        >>> import numpy as np
        >>> rng = np.random.default_rng(0)
        >>> y = np.repeat([0, 1], 50)
        >>> x = np.column_stack([y + rng.normal(size=100), rng.normal(size=100)])
        >>> p = signature(x, y).pvalues("permutation", n_permutations=999, random_state=1)
        >>> float(p[0]), bool(p[1] > 0.05)  # never 0: at least 1/(B + 1)
        (0.001, True)

        By default the test every door uses: here (soft counts) the permutation test.

        >>> bool((signature(x, y).pvalues() == signature(x, y).pvalues("permutation")).all())
        True
        """
        from phidelta.inference import fisher_exact_pvalues

        random_state = renamed(random_state, seed, name="random_state", old="seed", where="pvalues")
        if method == "auto":  # one default everywhere: what the report, page and CLI show
            return self.default_pvalues(n_permutations=n_permutations, random_state=random_state)[0]
        if method == "permutation":
            n_permutations = check_permutation_arguments(n_permutations)
            if self._rows is None:
                raise ValueError(
                    'method="permutation" needs the rows the signature was built from; this '
                    "one was built from statistics (signature_from_chunks, from_statistics). "
                    'Build it with signature(data, labels), or use method="fisher" for '
                    "integer counts."
                )
            return permutation_pvalues(
                self.names,
                self.sources,
                self.kinds,
                self.numeric_mode,
                self._rows,
                n_permutations,
                random_state,
            )
        if method != "fisher":
            raise ValueError(f'`method` must be "fisher", "permutation" or "auto"; got {method!r}.')
        if self.counts.is_soft:
            raise ValueError(
                "Fisher p-values need integer counts; this signature has soft counts (numeric "
                'features in soft mode): use method="permutation", build it with '
                'numeric="threshold" or use only its binary and nominal features.'
            )
        return fisher_exact_pvalues(self.counts)

    def default_pvalues(
        self,
        *,
        n_permutations: int = 1000,
        random_state: int | np.random.Generator | None = 0,
        seed: Any = DEPRECATED,
    ) -> tuple[np.ndarray, str]:
        """The p-values every door of phidelta shows (report, web page, ``stats --fdr``):
        :meth:`default_test`'s, with that test's name.

        A signature without its rows (built from chunks, a streamed file or statistics)
        cannot run the permutation test; then its features with integer counts (binary,
        nominal, threshold-mode numeric) get Fisher's exact test — optimistic for a threshold
        feature, whose cut was chosen from the same data — and soft features NaN, and the
        name is ``"fisher"``.

        Parameters
        ----------
        n_permutations : int, default 1000
            Permutations of the permutation test.
        random_state : int, numpy Generator or None, default 0
            Source of the permutations (as in :meth:`pvalues`).
        seed : optional
            Former name of `random_state` (deprecated).

        Returns
        -------
        pvalues : ndarray of shape (n_features,)
            One p-value per feature (NaN where no test applies).
        method : {"fisher", "permutation"}
            The test that ran.

        Examples
        --------
        >>> import numpy as np
        >>> sig = signature(np.array([[0, 1], [1, 1], [1, 0], [0, 0]]), [0, 1, 1, 0])
        >>> p, method = sig.default_pvalues()
        >>> method, p.round(3).tolist()
        ('fisher', [0.333, 1.0])
        """
        method = self.default_test()
        if method == "permutation" and self._rows is None:
            from phidelta.inference import fisher_exact_pvalues

            counts = self.counts
            integer = np.all(np.mod(counts.to_array(), 1) == 0, axis=1)  # counts of examples
            pvalues = np.full(len(self), np.nan)
            if integer.any():
                pvalues[integer] = fisher_exact_pvalues(counts[integer])
            return pvalues, "fisher"
        random_state = renamed(
            random_state, seed, name="random_state", old="seed", where="default_pvalues"
        )
        pvalues = self.pvalues(method, n_permutations=n_permutations, random_state=random_state)
        return pvalues, method

    def default_test(self) -> str:
        """The test ``pvalues(method="auto")`` runs: Fisher's exact test when every feature is
        binary or nominal (integer counts of examples, no cut chosen from the data), else
        the permutation test (soft counts have no 2×2 table; a threshold feature's cut was
        chosen to maximize |δ|, which the permutation test repeats and Fisher's ignores).

        Returns
        -------
        str
            ``"fisher"`` or ``"permutation"``.

        Examples
        --------
        >>> import numpy as np
        >>> signature(np.array([[0, 1.5], [1, 0.2], [1, 2.0]]), [0, 1, 1]).default_test()
        'permutation'
        """
        if self.counts.is_soft or "numeric" in self.kinds:
            return "permutation"
        return "fisher"

    def counts_by_group(self, groups: Any = None) -> tuple[np.ndarray, np.ndarray]:
        """Every feature's counts within every group of rows (patient, speaker, document, site):
        the additive parts that clustered intervals resample whole.

        Parameters
        ----------
        groups : array-like of shape (n_rows,), optional
            The group of each row the signature was built from; default the groups it was
            read with (:func:`phidelta.data.load_signature` with a group column).

        Returns
        -------
        cells : ndarray of shape (n_features, G, 4)
            tn, fp, fn, tp of each feature in each group (groups sorted), adding up to
            :attr:`counts`; NaN for soft numeric features (their min-max counts are not
            counts of rows).
        labels : ndarray
            The groups, sorted.

        Raises
        ------
        ValueError
            If the signature has no rows (built from statistics or in chunks), `groups` is
            not one label per row or is missing, or holds a single group.

        Examples
        --------
        >>> sig = signature(np.array([[1], [1], [0], [0], [1], [0]]), [1, 1, 0, 0, 0, 1])
        >>> cells, labels = sig.counts_by_group(["a", "a", "b", "b", "c", "c"])
        >>> cells[0].tolist(), labels.tolist()
        ([[0.0, 0.0, 0.0, 2.0], [2.0, 0.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0]], ['a', 'b', 'c'])
        """
        from phidelta.counts._labels import as_label_array

        if self._rows is None:
            raise ValueError(
                "counts_by_group needs the rows the signature was built from; this one was "
                "built from statistics (signature_from_chunks, from_statistics, or a table "
                "read in chunks). Build it with signature(data, labels)."
            )
        given = self._rows.groups if groups is None else groups
        if given is None:
            raise ValueError("Give `groups`: one group label per row.")
        labels = as_label_array(given, "groups")  # refuses NaN and None
        if len(labels) != len(self._rows.is_pos):
            raise ValueError(
                f"`groups` has {len(labels)} labels for {len(self._rows.is_pos)} rows; give one "
                "per row."
            )
        distinct, codes = np.unique(labels, return_inverse=True)
        if len(distinct) < 2:
            raise ValueError("`groups` holds a single group; give at least two.")
        whole = self.counts.to_array().astype(np.float64)
        cells = group_cells(
            self.names,
            self.sources,
            self.kinds,
            self.numeric_mode,
            self.cuts,
            whole,
            self._rows,
            codes.ravel().astype(np.intp),
            len(distinct),
        )
        return cells, distinct

    def select(
        self,
        *,
        phi_max: float = 1.0,
        delta_min: float = 0.0,
        k: int | None = None,
        ratio: float = 1.0,
        fdr: float | None = None,
        pvalues: str | Any = "auto",
    ) -> np.ndarray:
        """Armano's selection rule (2015, §5.1 and Fig. 12): indices of the selected features.

        Keep features with |φ| < φ_M and |φ| + |δ|/δ_m ≥ 1 (δ_m = 0 keeps all), and, with
        ``fdr``, whose Benjamini–Hochberg adjusted p-value is at most ``fdr``; then the top
        ``k`` of them by |δ|. Table 3 of the paper uses (φ_M, δ_m) = (0.9, 0.1), (0.8, 0.2),
        (0.7, 0.4).

        Parameters
        ----------
        phi_max : float in (0, 2], default 1.0
            φ_M.
        delta_min : float in [0, 1], default 0.0
            δ_m.
        k : int or None, default None
            Keep at most this many features (by |δ|).
        ratio : float, default 1.0
            The class ratio of the φ-δ space the rule is applied in.
        fdr : float in (0, 1) or None, default None
            Control the false discovery rate of the kept features at this level
            (Benjamini & Hochberg 1995): the BH adjustment runs over all the signature's
            features, before the geometric rule and ``k``.
        pvalues : {"auto", "fisher", "permutation"} or array of shape (n_features,), default "auto"
            The p-values ``fdr`` adjusts: ``"auto"`` those of :meth:`default_pvalues` (what
            every door shows: Fisher's exact test for binary and nominal features, the
            permutation test when a numeric feature's soft counts or best cut come from the
            data — Fisher's test would ignore that the cut was chosen), a method of
            :meth:`pvalues` (with its defaults: 1,000 permutations, seed 0) or p-values
            computed beforehand, e.g. ``sig.pvalues("permutation", n_permutations=9999)``.

        Returns
        -------
        ndarray of int
            The selected features, largest |δ| first.

        Raises
        ------
        ValueError
            If an argument is out of its range, or ``pvalues`` has the wrong length.

        References
        ----------
        Benjamini, Y. & Hochberg, Y. (1995). Controlling the false discovery rate: a practical
        and powerful approach to multiple testing. *J. R. Stat. Soc. B* 57(1), 289–300.

        Examples
        --------
        >>> import numpy as np
        >>> rng = np.random.default_rng(0)
        >>> y = np.repeat([0, 1], 100)
        >>> x = np.column_stack([y + rng.normal(size=200), rng.normal(size=(200, 30))])
        >>> sig = signature(x, y)
        >>> sig.select(fdr=0.05, pvalues="permutation").tolist()
        [0]
        """
        if not 0 < phi_max <= 2:
            raise ValueError(f"`phi_max` must be in (0, 2]; got {phi_max!r}.")
        if not 0 <= delta_min <= 1:
            raise ValueError(f"`delta_min` must be in [0, 1]; got {delta_min!r}.")
        if k is not None and (isinstance(k, bool) or not isinstance(k, int | np.integer) or k < 0):
            raise ValueError(f"`k` must be a non-negative integer or None; got {k!r}.")
        if fdr is not None and (isinstance(fdr, bool) or not 0 < fdr < 1):
            raise ValueError(f"`fdr` must be in (0, 1) or None; got {fdr!r}.")
        phi, delta = self.phi_delta(ratio)
        absphi, absdelta = np.abs(phi), np.abs(delta)
        with np.errstate(divide="ignore", invalid="ignore"):
            support = absdelta / delta_min if delta_min > 0 else np.full_like(absdelta, np.inf)
        keep = (absphi < phi_max) & (absphi + support >= 1) & ~np.isnan(phi)
        if fdr is not None:  # and only features whose dependence survives the FDR control
            from phidelta.inference import benjamini_hochberg

            if isinstance(pvalues, str):
                p = self.default_pvalues()[0] if pvalues == "auto" else self.pvalues(pvalues)
            else:
                p = np.asarray(pvalues, dtype=np.float64)
                if p.shape != (len(self),):
                    raise ValueError(
                        f"`pvalues` must hold one p-value per feature ({len(self)}); got shape "
                        f"{p.shape}."
                    )
            keep &= benjamini_hochberg(p) <= fdr
        chosen = np.flatnonzero(keep)
        chosen = chosen[np.argsort(-absdelta[chosen], kind="stable")]
        return chosen if k is None else chosen[:k]


def signature(
    data: Any,
    labels: Any,
    *,
    pos_label: Any = None,
    numeric: NumericMode = "soft",
    kinds: dict[str, str] | None = None,
    feature_names: list[str] | None = None,
    max_values: int = 256,
) -> Signature:
    """The φ-δ signature of every feature of ``data`` for the classes in ``labels``.

    Parameters
    ----------
    data : 2-D array, pandas/polars DataFrame, or SciPy sparse matrix
        Rows are samples. Sparse matrices are read as "term present" (nonzero) features.
    labels : array-like of shape (n_rows,)
        Two classes of any encoding.
    pos_label : optional
        The positive class. Needed unless the labels are {0, 1}, {−1, 1} or {False, True}
        (also as 0.0/1.0 or their text), whose positive is 1 / True: the package's one rule
        (:func:`phidelta.counts.check_pos_label`).
    numeric : {"soft", "threshold"}, default "soft"
        How a numeric feature becomes counts. ``"soft"`` (default): the published packages'
        min-max soft counts; it reproduces their numbers, takes a single additive pass (so it
        is exact for chunked and distributed data) and carries no selection optimism.
        ``"threshold"``: the feature as the single-cut classifier maximizing |δ| (cut reported
        in ``Signature.cuts``) — the best a one-feature classifier can do on these data, but
        optimistic on small samples because it maximizes over every cut.
    kinds : dict, optional
        Per-column overrides: "binary", "numeric", "nominal" or "ignore".
    feature_names : list of str, optional
        Column names (default: the DataFrame's columns, or F1, F2, …).
    max_values : int, default 256
        Nominal columns with more distinct values get indicators for the most frequent ones.

    Returns
    -------
    Signature
        One row per (derived) feature: a binary or numeric column gives one, a nominal column
        one indicator per value (one against the rest, as the published packages binarize
        nominal features).

    Raises
    ------
    ValueError
        If ``numeric`` or ``kinds`` is invalid, ``data`` has no rows, the labels do not match
        the rows or hold a single class, or every column is ignored.

    Warns
    -----
    ConstantFeatureWarning
        When some features take a single value.
    SuspectColumnWarning
        When a column looks like no feature: a copy of the label (δ = ±1) or an identifier
        (a different value in every row); ``Signature.suspect_columns`` names them too.

    Notes
    -----
    Missing values: numeric (soft) — replaced by the column mean (the published handling of
    "?"); numeric (threshold) and binary numeric — left out of that feature's counts; text —
    the value "?". A constant feature is a dummy classifier on a corner of the diamond: "always
    present" (right corner) unless its value is 0/False (left corner); a warning names it.

    Each feature's (φ, δ) is Armano's (2015, §4.3): the feature read as a classifier, "present"
    predicting the positive class; the soft counts of a numeric feature are those of the
    published packages (Armano et al. 2019).

    Examples
    --------
    >>> from phidelta.datasets import load_climate_data
    >>> data, labels, names = load_climate_data()
    >>> sig = signature(data, labels, feature_names=names)
    >>> sig.names[sig.rank("delta")[0]]
    'WindForceAvg'
    """
    if numeric not in ("soft", "threshold"):
        raise ValueError(f'`numeric` must be "soft" or "threshold"; got {numeric!r}.')
    table = read_table(data, feature_names)
    names, n_rows = table.names, table.n_rows
    if n_rows == 0:
        raise ValueError("`data` has no rows.")
    is_pos, positive, _ = _encode_labels(labels, pos_label, n_rows)
    forced = _check_kinds(kinds, names)
    statistics = statistics_of_block(table, is_pos, forced)
    return _finish(statistics, table, is_pos, positive, numeric, forced, max_values)


def _finish(
    statistics: SignatureStatistics,
    table: Any,
    is_pos: np.ndarray | None,
    positive: Any,
    numeric: NumericMode,
    forced: dict[str, str],
    max_values: int,
) -> Signature:
    """Turn merged statistics (and, in threshold mode, the whole numeric columns) into rows."""
    rows = FeatureRows()
    constants, leftover = statistics._features(rows, forced, max_values, soft=numeric == "soft")
    if len(leftover):  # threshold mode: the many-valued numeric columns need the whole column
        assert table is not None
        assert is_pos is not None
        position = {name: j for j, name in enumerate(table.numeric_names)}
        columns = [position[statistics.numeric_names[i]] for i in leftover]
        cells, cuts = _threshold_cells(table.numeric, is_pos, columns=np.asarray(columns))
        sub = [statistics.numeric_names[i] for i in leftover]
        rows.add(sub, sub, "numeric", cells, cuts)
    names, sparse = statistics.names, statistics.sparse_pos is not None
    n_pos, n_neg = statistics.n_pos, statistics.n_neg
    if constants and not sparse:
        warnings.warn(
            f"{len(constants)} constant feature(s) {constants[:5]}: each is a dummy classifier "
            "placed on a corner of the diamond.",
            ConstantFeatureWarning,
            stacklevel=outside_stacklevel(),
        )
    if not rows.names:
        raise ValueError("No features to assess: every column was ignored.")
    order = _source_order(rows, names)
    cells = np.vstack(rows.cells)
    cuts = np.asarray(rows.cuts, dtype=np.float64)
    row_names, sources, kinds = rows.names, rows.sources, rows.kinds
    if order is not None:
        cells, cuts = cells[order], cuts[order]
        row_names, sources, kinds = (
            [items[i] for i in order] for items in (rows.names, rows.sources, rows.kinds)
        )
    counts = BinaryCounts._trusted(*(cells[:, i] for i in range(4)))
    if not counts.is_soft:
        counts = BinaryCounts._trusted(*(np.rint(cells[:, i]).astype(np.int64) for i in range(4)))
    result = Signature(
        names=list(row_names),
        sources=list(sources),
        kinds=list(kinds),
        cuts=cuts,
        counts=counts,
        ratio=float(n_neg / n_pos),
        positive=positive,
        numeric_mode=numeric,
        _rows=None if table is None else SignatureRows(table, is_pos, max_values),
    )
    suspects = result.suspect_columns
    if suspects:
        ignore = ", ".join(f"{c!r}: 'ignore'" for c in suspects)
        warnings.warn(
            SuspectColumnWarning(
                f"{result.suspect_note()}: ranked among the features all the same; to leave "
                f"{'it' if len(suspects) == 1 else 'them'} out pass kinds={{{ignore}}}.",
                suspects,
            ),
            stacklevel=outside_stacklevel(),
        )
    return result


def signature_from_chunks(
    chunks: Iterable[tuple[Any, Any]],
    *,
    pos_label: Any = None,
    kinds: dict[str, str] | None = None,
    feature_names: list[str] | None = None,
    max_values: int = 256,
) -> Signature:
    """The signature of data arriving in blocks of rows: ``(data_block, labels_block)`` pairs.

    Each block is reduced to additive sufficient statistics as it arrives (memory: one block
    plus the statistics); the result equals :func:`signature` on all rows at once (soft mode;
    the threshold mode needs whole columns) — soft counts to rounding, being sums of floats
    added in another order. Column types (numeric or text) are read from the
    first block and imposed on the others. Blocks may lack a class; give ``pos_label`` unless
    the labels are {0, 1}, {−1, 1} or booleans.

    Parameters
    ----------
    chunks : iterable of (data, labels) pairs
        The blocks: ``data`` as for :func:`signature` (same columns in every block), ``labels``
        one per row of the block.
    pos_label : optional
        The positive class, as for :func:`signature`.
    kinds : dict, optional
        Per-column overrides: "binary", "numeric", "nominal" or "ignore".
    feature_names : list of str, optional
        Column names (default: the DataFrame's columns, or F1, F2, …).
    max_values : int, default 256
        Nominal columns with more distinct values get indicators for the most frequent ones.

    Returns
    -------
    Signature
        The signature of all the rows (soft mode), without the rows themselves.

    Raises
    ------
    TypeError
        If a chunk is not a pair.
    ValueError
        If ``chunks`` is empty, a block's labels do not match its rows, or the labels of all
        blocks hold a single class.

    Examples
    --------
    >>> import numpy as np
    >>> x, y = np.random.default_rng(0).normal(size=(100, 3)), np.arange(100) % 2
    >>> blocks = ((x[i:i + 30], y[i:i + 30]) for i in range(0, 100, 30))
    >>> in_blocks, whole = signature_from_chunks(blocks), signature(x, y)
    >>> bool(np.allclose(in_blocks.counts.to_array(), whole.counts.to_array(), rtol=1e-13))
    True
    """
    forced = _check_kinds(kinds, None)
    total: SignatureStatistics | None = None
    schema: dict[str, bool] | None = None
    positive = PositiveClass(pos_label, where="the labels")
    for number, chunk in enumerate(chunks):
        try:
            data, labels = chunk
        except (TypeError, ValueError) as exc:
            raise TypeError(f"Chunk {number} must be a pair (data, labels).") from exc
        table = read_table(data, feature_names, schema)
        if total is None:
            _check_kinds(kinds, table.names)
            schema = table.schema()
        y = as_label_array(labels, f"labels of chunk {number}")
        if len(y) != table.n_rows:
            raise ValueError(
                f"Chunk {number}: `labels` has {len(y)} entries but the data has "
                f"{table.n_rows} rows."
            )
        is_pos = positive.mask(y, f"labels of chunk {number}")
        block = statistics_of_block(table, np.asarray(is_pos, dtype=bool), forced)
        total = block if total is None else total + block
    if total is None:
        raise ValueError("`chunks` is empty: no rows to assess.")
    if total.n_pos == 0 or total.n_neg == 0:
        raise ValueError(
            f"The labels hold a single class ({positive.classes}); a signature needs positive "
            "and negative samples."
        )
    return _finish(total, None, None, positive.result(), "soft", forced, max_values)


def block_statistics(
    data: Any,
    is_positive: Any,
    *,
    schema: dict[str, bool] | None = None,
    feature_names: list[str] | None = None,
    kinds: dict[str, str] | None = None,
) -> SignatureStatistics:
    """The additive statistics of one block of rows (a chunk, a Dask partition).

    ``is_positive`` marks the positive rows; ``schema`` (column → numeric?, from the first
    block's :meth:`SignatureStatistics.schema`) makes every block read its columns alike.
    Blocks add up with ``+``; :meth:`Signature.from_statistics` turns the total into a
    signature equal to :func:`signature` on all rows (soft mode).

    Parameters
    ----------
    data : 2-D array, DataFrame or sparse matrix
        The block's rows, as for :func:`signature`.
    is_positive : array-like of bool, shape (n_rows,)
        True for the rows of the positive class.
    schema : dict of str to bool, optional
        Column → numeric?, from the first block; by default read from this block.
    feature_names : list of str, optional
        Column names (default: the DataFrame's columns, or F1, F2, …).
    kinds : dict, optional
        Per-column overrides: "binary", "numeric", "nominal" or "ignore".

    Returns
    -------
    SignatureStatistics
        The block's sufficient statistics; blocks add up with ``+``.

    Raises
    ------
    ValueError
        If ``is_positive`` does not have one entry per row, or ``kinds`` is invalid.

    Examples
    --------
    >>> import numpy as np
    >>> x, y = np.eye(4), np.array([True, False, True, False])
    >>> total = block_statistics(x[:2], y[:2]) + block_statistics(x[2:], y[2:])
    >>> Signature.from_statistics(total, positive=True).counts == signature(x, y).counts
    True
    """
    if schema is not None and not isinstance(schema, dict):
        raise TypeError(
            "`schema` must be a dict of column name to numeric? (SignatureStatistics.schema()); "
            f"got {type(schema).__name__}."
        )
    table = read_table(data, feature_names, schema)
    forced = _check_kinds(kinds, table.names if schema is None else None)
    mask = np.asarray(is_positive, dtype=bool)
    if mask.shape != (table.n_rows,):
        raise ValueError(
            f"`is_positive` has shape {mask.shape} but the block has {table.n_rows} rows."
        )
    return statistics_of_block(table, mask, forced)


def _check_kinds(kinds: dict[str, str] | None, names: list[str] | None) -> dict[str, str]:
    forced = dict(kinds or {})
    allowed = {"binary", "numeric", "nominal", "ignore"}
    bad = {k: v for k, v in forced.items() if v not in allowed}
    if bad:
        raise ValueError(f"`kinds` values must be one of {sorted(allowed)}; got {bad}.")
    if names is not None and forced:
        unknown = sorted(set(forced) - set(names))
        if unknown:
            raise ValueError(f"`kinds` names unknown columns {unknown}; the columns are {names}.")
    return forced


def _source_order(rows: FeatureRows, names: list[str]) -> np.ndarray | None:
    """Order the derived features by their source column's position (stable within a column).

    ``None`` means the rows already are in that order (one feature per column, e.g. sparse input).
    """
    if rows.sources == names:
        return None
    position = {name: i for i, name in enumerate(names)}
    keys = np.array([position[s] for s in rows.sources])
    return np.argsort(keys, kind="stable")

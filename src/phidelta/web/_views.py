"""What each view of the web page shows, computed by the library (JSON-ready payloads)."""

from __future__ import annotations

import contextlib
import csv
import heapq
import io
import json
import weakref
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import numpy as np

from phidelta.geometry import (
    calibration_polyline,
    diamond,
    extended_triangle,
    isometrics,
    line_in_box,
    spread_ellipse,
    ternary_grid,
    ternary_interval_segments,
)
from phidelta.inference import benjamini_hochberg, phi_delta_region
from phidelta.measures import (
    IsotonicCalibrator,
    entropy_balance,
    isometric_slope,
    optimal_points,
    phi_delta,
    roc_convex_hull,
    roc_curve,
)
from phidelta.rendering.plotly import (
    calibration_figure,
    corner_annotations,
    decision_curve_figure,
    entropy_triangle_figure,
    escape,
    phi_delta_figure,
    point_traces,
    precision_recall_figure,
    roc_figure,
    thinned,
    threshold_scan_figure,
)
from phidelta.rendering.plotly._common import TEAL, number, precision
from phidelta.signatures import RANKINGS


class InputError(ValueError):
    """Bad input, with the name of the form field it concerns; ``limit`` names an exceeded
    :class:`~phidelta.data.Limits` bound (then the answer is 413, else 400)."""

    def __init__(self, message: str, field: str | None = None, limit: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.limit = limit

    @property
    def status(self) -> int:
        return 400 if self.limit is None else 413


# the form fields of the page; any other role of a data error is shown as a general message
_FIELDS = {
    "file",
    "label",
    "positive",
    "prediction",
    "score",
    "fold",
    "group",
    "threshold",
    "numeric",
    "missing_values",
    "ignore",
}


def _input_error(exc: ValueError, default: str | None = None) -> InputError:
    role = getattr(exc, "role", None)
    message = str(exc)
    if message and message[0].islower():
        message = message[0].upper() + message[1:]
    if not message.endswith("."):
        message += "."
    return InputError(message, role if role in _FIELDS else default, getattr(exc, "limit", None))


def read_table(content: bytes, fmt: str, limits: Any) -> Any:
    """Bytes of an upload as a DataFrame (the data layer's reader; nothing is executed),
    within the server's :class:`~phidelta.data.Limits`: beyond one, an InputError naming it
    (answered with 413), for any other flaw one answered with 400."""
    from phidelta.data import read_table as read

    try:
        return read(content, format=fmt, name="the upload", limits=limits)
    except ValueError as exc:
        raise _input_error(exc, "file") from None


def summary(frame: Any) -> dict[str, Any]:
    """Columns with their kind, (up to 50) distinct values and, for a column of two classes,
    the positive class the library's rule implies (None when it must be chosen), for the
    page's controls; a table that is a labelled confusion matrix says so (``matrix``)."""
    columns = []
    for name in frame.columns:
        series = frame[name]
        values = series.dropna().unique()
        shown = [_plain(v) for v in _first_in_text_order(values, 50)]
        columns.append(
            {
                "name": str(name),
                "dtype": str(series.dtype),
                "distinct": len(values),
                "values": shown,
                "positive": _implicit_positive(shown) if len(values) == 2 else None,
            }
        )
    described: dict[str, Any] = {"rows": len(frame), "columns": columns}
    classes = _matrix_classes(frame)
    if classes is not None:
        described["matrix"] = {"classes": classes}
    return described


def _implicit_positive(classes: list[Any]) -> Any:
    """The positive class of two classes by the package's one rule
    (:func:`~phidelta.counts.check_pos_label`: 1 or True for 0/1, ±1 and boolean classes),
    or None when the user must choose it."""
    from phidelta.counts import check_pos_label

    try:
        return _plain(check_pos_label(classes, None, where="the label column"))
    except (ValueError, TypeError):
        return None


def _matrix_classes(frame: Any) -> list[str] | None:
    """The classes of a table that is a labelled k × k confusion matrix (a first column of
    row names equal to the other columns' names, as R's ``write.csv`` of a table writes
    it), else None."""
    k = len(frame.columns) - 1
    if not 2 <= k <= 1000 or len(frame) != k:
        return None
    names = [str(c) for c in frame.columns[1:]]
    if [str(v) for v in frame.iloc[:, 0].tolist()] != names:
        return None
    counts = frame.iloc[:, 1:]
    if not all(np.issubdtype(t, np.number) for t in counts.dtypes):
        return None
    return names


def _first_in_text_order(values: Any, n: int) -> list[Any]:
    """The first ``n`` values in the order of their text (what ``sorted(key=str)`` gives)."""
    if len(values) <= n:
        return sorted(values, key=str)
    array = np.asarray(values)
    if array.dtype.kind in "biuf":  # sorted as text in C (numbers print as Python prints them)
        order = np.argsort(array.astype(str), kind="stable")[:n]
        return list(array[order])
    return heapq.nsmallest(n, values, key=str)


def to_json(payload: Any) -> bytes:
    """A payload as compact JSON (what FastAPI would send; no NaN: missing numbers are null)."""
    return json.dumps(
        payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=_encode
    ).encode()


def _encode(value: Any) -> Any:
    if isinstance(value, np.generic):
        return _plain(value)
    if hasattr(value, "isoformat"):  # dates, times, pandas timestamps
        return value.isoformat()
    return str(value)


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


def _floats(values: Any) -> list[float | None]:
    return [None if not np.isfinite(v) else float(v) for v in np.asarray(values, dtype=float)]


def _float_rows(values: Any) -> list[list[float | None]]:
    return [_floats(row) for row in np.asarray(values, dtype=float)]


def _check_ratio(ratio: float | str | None, actual: float) -> float:
    """The diagram's ratio: a number, or "actual" (None) for the exact N/P of the data."""
    value = actual if ratio is None or ratio == "actual" else ratio
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise InputError('The ratio must be a number or "actual".', "ratio") from None
    if not 0.1 <= value <= 10:
        raise InputError(f"The ratio must be between 0.1 and 10; it is {value:.4g}.", "ratio")
    return value


def _roles(params: dict[str, Any], *, keep: tuple[str, ...]) -> Any:
    from phidelta.data import Roles

    if not params.get("label"):
        raise InputError("Choose the class column.", "label")
    try:
        return Roles(params["label"], **{k: params.get(k) for k in keep})
    except ValueError as exc:
        raise _input_error(exc) from None


def markers(params: dict[str, Any]) -> list[str]:
    """The page's "missing values" field (text read as missing besides empty cells, separated
    by commas: ``NA, -99``) as the data layer's ``missing_values=``."""
    text = params.get("missing_values") or ""
    return [m.strip() for m in str(text).split(",") if m.strip()]


def missing_report(cells: Any) -> str:
    """What was read as missing, per column, and the markers kept as categories with how to
    read them as missing on this page (:func:`phidelta.data.describe_missing`); empty when
    nothing was."""
    from phidelta.data import describe_missing

    return describe_missing(cells, hint="write {joined} in the “missing values” field")


def ignored(params: dict[str, Any]) -> list[str]:
    """The page's "leave out columns" field (names separated by commas) as a list."""
    text = params.get("ignore") or ""
    return [c.strip() for c in str(text).split(",") if c.strip()]


def suspect_report(sig: Any) -> str:
    """Columns that look like no feature (a copy of the label, an identifier), with how to
    leave them out on this page; empty when there are none."""
    note = sig.suspect_note()
    if not note:
        return ""
    names = ", ".join(sig.suspect_columns)
    return f"{note}; ranked all the same: write {names} in the “leave out columns” field"


def _signature_of(frame: Any, params: dict[str, Any]) -> Any:
    import warnings

    from phidelta.data import check_columns, load_signature
    from phidelta.exceptions import SuspectColumnWarning

    left_out = ignored(params)
    try:
        check_columns([str(c) for c in frame.columns], left_out, "the dataset")
    except ValueError as exc:
        error = _input_error(exc, "ignore")
        error.field = "ignore"
        raise error from None
    try:
        with warnings.catch_warnings():  # the page shows it from the signature's own data
            warnings.simplefilter("ignore", SuspectColumnWarning)
            return load_signature(
                frame,
                _roles(params, keep=("positive", "group")),
                numeric=params.get("numeric", "soft"),
                kinds=dict.fromkeys(left_out, "ignore") or None,
                missing_values=markers(params),
            )
    except ValueError as exc:
        raise _input_error(exc, "label") from None


def _assessment_of(frame: Any, params: dict[str, Any]) -> Any:
    from phidelta.data import load_assessment

    roles = _roles(params, keep=("positive", "prediction", "score", "fold", "threshold", "group"))
    try:
        with _threshold_shown():
            return load_assessment(frame, roles, missing_values=markers(params))
    except ValueError as exc:
        raise _input_error(exc, "label") from None


@contextlib.contextmanager
def _threshold_shown() -> Iterator[None]:
    """The library's ThresholdWarning not printed: the view says it (:func:`_threshold_note`)."""
    import warnings

    from phidelta.exceptions import ThresholdWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ThresholdWarning)
        yield


def _comparison_of(frame: Any, params: dict[str, Any]) -> Any:
    """Two classifiers of the predictions table: the page's classifier (its prediction and/or
    score column) and the one of ``compare_prediction`` / ``compare_score``, sharing the
    label, positive class, fold and threshold (the command line's ``--compare``)."""
    from dataclasses import replace

    from phidelta.data import load_comparison

    roles = _roles(params, keep=("positive", "prediction", "score", "fold", "threshold", "group"))
    other = replace(
        roles, prediction=params.get("compare_prediction"), score=params.get("compare_score")
    )
    try:
        with _threshold_shown():
            return load_comparison(
                frame,
                roles,
                other,
                measure=params.get("compare_measure") or "accuracy",
                missing_values=markers(params),
            )
    except ValueError as exc:
        # the second classifier's columns are the ones that do not fit the first's
        error = _input_error(exc, "label")
        if getattr(exc, "role", None) in ("prediction", "score", "weight"):
            error.field = "compare"
        raise error from None


def _compares(params: dict[str, Any]) -> bool:
    return bool(params.get("compare_prediction") or params.get("compare_score"))


#: The parameters each kind of analysis reads. The page sends every field, those hidden for the
#: kind too (a score column chosen before switching to features): the others are not stored,
#: so an analysis shows what it was computed from and equal analyses share one cache entry.
PARAMETERS = {
    "signature": (
        "label",
        "positive",
        "group",
        "numeric",
        "missing_values",
        "ignore",
        "intervals",
        "confidence_level",
        "n_resamples",
    ),
    "classifier": (
        "label",
        "positive",
        "prediction",
        "score",
        "fold",
        "group",
        "threshold",
        "compare_prediction",
        "compare_score",
        "compare_measure",
        "missing_values",
        "intervals",
        "confidence_level",
        "n_resamples",
    ),
    "multiclass": (
        "label",
        "prediction",
        "fold",
        "group",
        "matrix",
        "header",
        "missing_values",
        "intervals",
        "confidence_level",
        "n_resamples",
    ),
}


def applicable(kind: str, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with those the kind does not read set to None (and the t-test's measure
    without a second classifier)."""
    kept = {name: value if name in PARAMETERS[kind] else None for name, value in params.items()}
    if not _compares(kept) and "compare_measure" in kept:
        kept["compare_measure"] = None
    if not kept.get("intervals"):  # the level and resamples only matter with the switch on
        kept.update({k: None for k in _INTERVAL_KEYS if k in kept})
    return kept


def load(kind: str, frame: Any, params: dict[str, Any]) -> Any:
    """What a view computes from the table before the ratio matters (a signature or an
    assessment), to be kept and passed back as ``loaded=``; None for other kinds."""
    if kind == "signature":
        return _signature_of(frame, params)
    if kind == "classifier":
        return _comparison_of(frame, params) if _compares(params) else _assessment_of(frame, params)
    return None


@lru_cache(maxsize=32)
def _diamond_payload(ratio: float, names: tuple[str, ...]) -> dict[str, Any]:
    """The diamond and its isometrics: they depend on the ratio only, so each is computed once
    per ratio (the information-gain lines cost ~50 ms) and shared; never mutate the result."""
    shape = diamond(ratio)
    lines = {}
    for name in names:
        lines[name] = [
            {"value": line.value, "phi": _floats(line.phi), "delta": _floats(line.delta)}
            for line in isometrics(name, ratio=ratio, num=41)
            if not line.is_empty
        ]
    return {
        "border": {"phi": _floats(shape.border[:, 0]), "delta": _floats(shape.border[:, 1])},
        "corners": {
            k: {"phi": c.phi, "delta": c.delta, "classifier": c.classifier, "feature": c.feature}
            for k, c in shape.corners.items()
        },
        "isometrics": lines,
    }


#: the false discovery rate the web views mark features at (``?fdr=`` changes it)
FDR = 0.05

ISOMETRICS = (
    "accuracy",
    "bias",
    "sensitivity",
    "specificity",
    "precision",
    "negative_predictive_value",
    "information_gain",
)


def signature_view(
    frame: Any,
    params: dict[str, Any],
    *,
    ratio: float | str | None = 1.0,
    rank_by: str = "delta",
    phi_max: float = 0.7,
    delta_min: float = 0.4,
    k: int | None = 10,
    significance: bool = False,
    fdr: float = FDR,
    intervals: dict[str, Any] | None = None,
    loaded: Any = None,
) -> dict[str, Any]:
    """The feature view: every feature's point, the ranking, the rule's selection and the
    diamond at ``ratio``; with ``significance``, the features' p-values
    (:func:`feature_significance`), their Benjamini–Hochberg q-values and the features with
    q ≤ ``fdr``; with ``intervals`` (:func:`interval_settings`), the intervals of φ, δ (at
    ratio 1), sensitivity and specificity of the features with integer counts
    (:func:`feature_intervals`). With a group column every interval resamples whole groups
    and the p-values, which treat rows as independent, are left out (``groups`` says so)."""
    sig = _signature_of(frame, params) if loaded is None else loaded
    group = params.get("group") or None
    r = _check_ratio(ratio, sig.ratio)
    if rank_by not in RANKINGS:
        raise InputError(f"Unknown ranking {rank_by!r}.", "rank")
    table = sig.to_dict(ratio=r)
    order = sig.rank(rank_by, ratio=r)
    try:
        chosen = sig.select(phi_max=phi_max, delta_min=delta_min, k=k, ratio=r)
    except ValueError as exc:
        raise InputError(str(exc), "rule") from None
    features = [
        {
            "index": int(i),
            "name": table["name"][i],
            "kind": table["kind"][i],
            "specificity": _floats([table["specificity"][i]])[0],
            "sensitivity": _floats([table["sensitivity"][i]])[0],
            "phi": _floats([table["phi_ratio"][i]])[0],
            "delta": _floats([table["delta_ratio"][i]])[0],
            "phi_standard": _floats([table["phi"][i]])[0],
            "delta_standard": _floats([table["delta"][i]])[0],
            "information_gain": _floats([table["information_gain"][i]])[0],
        }
        for i in range(len(sig))
    ]
    payload: dict[str, Any] = {
        "kind": "signature",
        "ratio": r,
        "actual_ratio": sig.ratio,
        "positive": _plain(sig.positive),
        "rows_left_out": sig.rows_left_out,
        "missing": missing_report(sig.missing_cells),
        "suspect": suspect_report(sig),
        "features": features,
        "order": [int(i) for i in order],
        "selected": [int(i) for i in chosen],
        "diamond": _diamond_payload(r, ISOMETRICS),
    }
    if significance and group is None:
        payload["significance"] = _significance_payload(sig, features, fdr)
    if intervals is not None:
        bounds, whole, info = feature_intervals(sig, intervals, grouped=group is not None)
        for i, feature in enumerate(features):
            for key, values in bounds.items():
                feature[key] = _floats([values[i]])[0]
        payload["intervals"] = {**info, "soft": [int(i) for i in np.flatnonzero(~whole)]}
    if group is not None:
        methods = {}
        if intervals is not None:  # no interval without the switch
            methods["features"] = ", ".join(sorted(set(payload["intervals"]["methods"].values())))
        payload["groups"] = groups_payload(
            str(group),
            group_count(sig),
            methods,
            ["significance"] if significance else [],
        )
    payload["figures"] = signature_figures(payload, fdr)
    return payload


def feature_intervals(
    sig: Any, settings: dict[str, Any], *, grouped: bool = False
) -> tuple[dict[str, np.ndarray], np.ndarray, dict[str, Any]]:
    """:func:`phidelta.inference.measure_intervals` of φ, δ (both at ratio 1), sensitivity
    and specificity of the features whose counts are integer (binary and nominal features,
    thresholded numeric ones); soft counts (numeric features read softly) get no interval.
    ``grouped``: the signature was read with a group column, and the intervals are the
    cluster bootstrap's of :func:`phidelta._door_intervals.signature_intervals` (the command
    line's and the report's).

    Returns
    -------
    bounds : dict of str to ndarray
        ``<measure>_low`` and ``<measure>_high``, one per feature, NaN for soft counts.
    whole : ndarray of bool
        The features with integer counts (with groups: those that got an interval).
    info : dict
        How they were made: level, resamples, seed, method per measure.
    """
    from phidelta.inference import measure_intervals

    if grouped:
        return _grouped_feature_intervals(sig, settings)
    counts = sig.counts
    cells = np.stack([counts.tn, counts.fp, counts.fn, counts.tp]).astype(float)
    whole = np.all(cells == np.round(cells), axis=0)
    res = measure_intervals(
        counts[np.flatnonzero(whole)],
        measures=list(FEATURE_INTERVAL_MEASURES),
        confidence_level=settings["confidence_level"],
        n_resamples=settings["n_resamples"],
        random_state=INTERVAL_SEED,
    )
    bounds = {}
    for name in FEATURE_INTERVAL_MEASURES:
        for end, values in (("low", res.low[name]), ("high", res.high[name])):
            column = np.full(len(counts), np.nan)
            column[whole] = values
            bounds[f"{name}_{end}"] = column
    return bounds, whole, _interval_info(res)


def _grouped_feature_intervals(
    sig: Any, settings: dict[str, Any]
) -> tuple[dict[str, np.ndarray], np.ndarray, dict[str, Any]]:
    """:func:`feature_intervals` of a signature read with a group column."""
    from phidelta._door_intervals import counted_features, signature_intervals

    found, methods, _ = signature_intervals(
        sig,
        confidence_level=settings["confidence_level"],
        n_resamples=settings["n_resamples"],
        random_state=INTERVAL_SEED,
    )
    whole = np.zeros(len(sig), dtype=bool)
    whole[counted_features(sig)] = True
    bounds = {
        f"{name}_{end}": found[name][j]
        for name in FEATURE_INTERVAL_MEASURES
        for j, end in enumerate(("low", "high"))
    }
    info = {
        "confidence_level": settings["confidence_level"],
        "n_resamples": settings["n_resamples"],
        "random_state": INTERVAL_SEED,
        "methods": {name: methods[name] for name in FEATURE_INTERVAL_MEASURES if name in methods},
    }
    return bounds, whole, info


def _check_fdr(fdr: float) -> float:
    if not 0 < fdr < 1:
        raise InputError(f"The false discovery rate must be in (0, 1); it is {fdr:.4g}.", "fdr")
    return float(fdr)


def feature_significance(sig: Any) -> tuple[np.ndarray, np.ndarray, str]:
    """The features' p-values by the library's rule (:meth:`Signature.default_test`, as the
    command line and the report compute them: Fisher's exact test when every feature is binary
    or nominal, else the permutation test of |δ|, 1,000 permutations, seed 0), their
    Benjamini–Hochberg q-values and the test's name. Computed once per signature.

    A signature without its rows falls back to Fisher's test of the features with integer
    counts (NaN for soft ones).

    Parameters
    ----------
    sig : Signature

    Returns
    -------
    pvalues, qvalues : ndarray of shape (n_features,)
    method : {"fisher", "permutation"}
    """
    key = id(sig)
    if key not in _SIGNIFICANCE:
        pvalues, method = sig.default_pvalues()
        _SIGNIFICANCE[key] = (pvalues, benjamini_hochberg(pvalues), method)
        weakref.finalize(sig, _SIGNIFICANCE.pop, key, None)  # kept as long as the signature
    return _SIGNIFICANCE[key]


#: p-values of the signatures alive in this process (their cache entries), by id
_SIGNIFICANCE: dict[int, tuple[np.ndarray, np.ndarray, str]] = {}


def group_count(sig: Any) -> int:
    """The number of groups of a signature read with a group column
    (:meth:`Signature.counts_by_group`), counted once per signature: every feature's counts
    per group are not made again at each ratio."""
    key = id(sig)
    if key not in _GROUPS:
        _GROUPS[key] = len(sig.counts_by_group()[1])
        weakref.finalize(sig, _GROUPS.pop, key, None)  # kept as long as the signature
    return _GROUPS[key]


#: the number of groups of the signatures alive in this process, by id
_GROUPS: dict[int, int] = {}


def _significance_payload(sig: Any, features: list[dict[str, Any]], fdr: float) -> dict[str, Any]:
    """p- and q-values into each feature, and which features pass the FDR control."""
    fdr = _check_fdr(fdr)
    pvalues, qvalues, method = feature_significance(sig)
    for feature, p, q in zip(features, _floats(pvalues), _floats(qvalues), strict=True):
        feature["pvalue"], feature["qvalue"] = p, q
    significant = np.flatnonzero(np.nan_to_num(qvalues, nan=2.0) <= fdr)
    # Fisher's test of a threshold feature ignores that its cut was chosen to maximize |δ|
    chosen_cut = (
        np.isfinite(pvalues) & (np.asarray(sig.kinds) == "numeric")
        if method == "fisher"
        else np.zeros(len(sig), dtype=bool)
    )
    return {
        "method": method,
        "permutations": 1000 if method == "permutation" else None,
        "adjustment": "benjamini-hochberg",
        "fdr": fdr,
        "tested": int(np.isfinite(pvalues).sum()),
        "significant": [int(i) for i in significant],
        "optimistic": [int(i) for i in np.flatnonzero(chosen_cut)],
    }


def signature_csv(
    frame: Any,
    params: dict[str, Any],
    ratio: float | str | None,
    loaded: Any = None,
    *,
    significance: bool = False,
    intervals: dict[str, Any] | None = None,
) -> str:
    """The ranking table as CSV (:meth:`Signature.to_csv`); with ``significance``, two more
    columns: ``pvalue`` (:func:`feature_significance`) and ``qvalue`` (Benjamini–Hochberg),
    empty where untested; with ``intervals``, the ``_low`` and ``_high`` of φ, δ (at ratio
    1), sensitivity and specificity (:func:`feature_intervals`), empty for soft counts."""
    sig = _signature_of(frame, params) if loaded is None else loaded
    if significance and params.get("group"):
        raise InputError(
            "The features' p-values (Fisher, permutations) treat rows as independent and have "
            "no clustered form: no significance with a group column.",
            "group",
        )
    text = sig.to_csv(ratio=_check_ratio(ratio, sig.ratio)) or ""
    if not significance and intervals is None:
        return text
    extra: dict[str, Any] = {}
    if significance:
        pvalues, qvalues, _ = feature_significance(sig)
        extra.update(pvalue=pvalues, qvalue=qvalues)
    if intervals is not None:
        extra.update(feature_intervals(sig, intervals, grouped=bool(params.get("group")))[0])
    rows = list(csv.reader(io.StringIO(text)))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([*rows[0], *extra])
    for i, row in enumerate(rows[1:]):
        writer.writerow([*row, *(_csv_number(v[i]) for v in extra.values())])
    return buffer.getvalue()


def _csv_cell(column: str, value: float) -> str:
    """A cell of the measure table: whole counts as integers, other numbers as
    :func:`_csv_number` writes them."""
    if column in ("tn", "fp", "fn", "tp") and np.isfinite(value) and float(value).is_integer():
        return str(int(value))
    return _csv_number(value)


def _csv_number(value: float) -> str:
    """As :meth:`Signature.to_csv` writes numbers: 17 significant digits, NaN as empty."""
    return "" if np.isnan(value) else repr(float(value))


#: the seed of every bootstrap the web views run (the same file gives the same intervals)
INTERVAL_SEED = 0
#: the measures of the feature view that get intervals (of integer counts)
FEATURE_INTERVAL_MEASURES = ("phi", "delta", "sensitivity", "specificity")
_INTERVAL_KEYS = ("intervals", "confidence_level", "n_resamples")


def interval_settings(params: dict[str, Any], query: dict[str, Any]) -> dict[str, Any] | None:
    """The interval switch of a view: the query's ``intervals``, ``confidence_level`` and
    ``n_resamples`` where given, else the analysis's stored ones; None when it is off."""
    merged = {
        k: query.get(k) if query.get(k) is not None else params.get(k) for k in _INTERVAL_KEYS
    }
    if not merged["intervals"]:
        return None
    return {
        "confidence_level": float(merged["confidence_level"] or 0.95),
        "n_resamples": int(merged["n_resamples"] or 2000),
    }


def loading_params(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` without the interval switch (what a signature or assessment is loaded
    from: switching intervals reuses it)."""
    return {k: v for k, v in params.items() if k not in _INTERVAL_KEYS}


def _interval_info(res: Any) -> dict[str, Any]:
    return {
        "confidence_level": res.confidence_level,
        "n_resamples": res.n_resamples,
        "random_state": INTERVAL_SEED,
        "methods": dict(res.methods),
    }


#: what a view with groups leaves out, for it treats rows as independent and has no clustered
#: form (as ``assess --regions --group`` and ``stats --fdr --group`` are refused, and the
#: report leaves them out)
NO_CLUSTERED_FORM = {
    "regions": "the joint φ-δ regions",
    "reliability": "the calibration bins' Wilson intervals",
    "scoring": "the calibration statistics and the decision curve",
    "significance": "the features' p-values",
}


def groups_payload(
    column: str, count: int, methods: dict[str, str], left_out: list[str]
) -> dict[str, Any]:
    """What a view says of its groups (the command line's groups note): how many, what
    resamples them and how (``methods``), and what is left out for it has no clustered form
    (keys of :data:`NO_CLUSTERED_FORM`)."""
    text = (
        f"{count} groups ({column}): every interval resamples whole groups (cluster bootstrap, "
        f"seed {INTERVAL_SEED}), never a group's rows apart"
    )
    if methods.get("auc") == "obuchowski":
        text += "; the AUC's is Obuchowski's clustered interval"
    if methods.get("mcnemar") == "durkalski":
        text += "; McNemar's test is the clustered one (Durkalski et al. 2003)"
    if left_out:
        text += (
            "; not shown, for they treat rows as independent and have no clustered form: "
            + ", ".join(NO_CLUSTERED_FORM[k] for k in left_out)
        )
    return {
        "column": column,
        "count": count,
        "random_state": INTERVAL_SEED,
        "methods": methods,
        "left_out": left_out,
        "text": text,
    }


def fold_intervals(result: Any, names: list[str], settings: dict[str, Any]) -> Any:
    """The intervals of the folds' counts followed by the pooled counts (one batch, seeded
    with :data:`INTERVAL_SEED`): :func:`phidelta._door_intervals.assessment_intervals`, the
    command line's and the report's, so that with groups (``result.groups``) they resample
    whole groups."""
    from phidelta._door_intervals import assessment_intervals

    res = assessment_intervals(
        result,
        names,
        confidence_level=settings["confidence_level"],
        n_resamples=settings["n_resamples"],
        random_state=INTERVAL_SEED,
    )
    if res is None:
        raise InputError("No interval for soft (weighted) counts.", "intervals")
    return res


def summary_columns(
    result: Any, settings: dict[str, Any] | None
) -> tuple[list[str], dict[str, np.ndarray], Any]:
    """:meth:`Assessment.summary`: its row labels and columns, and the intervals' result.

    With the interval switch (``settings``), every measure of the registry in it is followed
    by its ``_low`` and ``_high`` from :func:`fold_intervals` (NaN for the mean and std rows)
    and the AUC's DeLong interval is at the switch's level; else the summary as it is (Wilson
    and DeLong 95% intervals) and None. With groups (``result.groups``) the rates' intervals
    are the cluster bootstrap's (seeded with :data:`INTERVAL_SEED`) and the AUC's
    Obuchowski's, as :meth:`Assessment.summary` gives them.
    """
    from phidelta.measures import MEASURES

    if settings is None:  # the seed: with groups the rates' intervals are a cluster bootstrap
        table = result.summary(random_state=INTERVAL_SEED)
        columns = {k: np.asarray(v, dtype=float) for k, v in table.items()}
        return [str(i) for i in table.index], columns, None
    table = result.summary(
        confidence_level=settings["confidence_level"],
        random_state=INTERVAL_SEED,
        n_resamples=settings["n_resamples"],
    )
    registry = {m.name for m in MEASURES} - {"tn", "fp", "fn", "tp"}
    names = [k for k in table if k in registry]
    res = fold_intervals(result, names, settings)
    none = np.full(2, np.nan)
    columns = {}
    for key in table:
        if key.endswith(("_low", "_high")) and key.rsplit("_", 1)[0] in names:
            continue  # replaced by the switch's intervals
        columns[key] = np.asarray(table[key], dtype=float)
        if key in names:
            columns[f"{key}_low"] = np.concatenate([res.low[key], none])
            columns[f"{key}_high"] = np.concatenate([res.high[key], none])
    return [str(i) for i in table.index], columns, res


def classifier_view(
    frame: Any,
    params: dict[str, Any],
    *,
    ratio: float | str | None = 1.0,
    cost_ratio: float = 1.0,
    regions: bool = False,
    intervals: dict[str, Any] | None = None,
    loaded: Any = None,
) -> dict[str, Any]:
    """The assessment view: the folds' points with their mean and spread at ``ratio``, the
    measure table (:meth:`Assessment.summary`: folds, pooled, mean and std, with Wilson and
    DeLong intervals), ROC with the folds' operating point and the cost-optimal cut at
    ``ratio`` and ``cost_ratio``, calibration (with scores); with ``regions``, the 95%
    confidence region of every fold and of the pooled counts; with a second classifier, the
    comparison (:mod:`phidelta.comparison`). With ``intervals`` (:func:`interval_settings`),
    every measure of the table gets its interval (:func:`summary_columns`), the ROC curve its
    bands (:func:`band_of`) and the calibration plot its reliability intervals.

    With a group column (``result.groups``) every interval resamples whole groups, as the
    command line's and the report's (the AUC's is Obuchowski's); the regions, the reliability
    intervals and the scoring section have no clustered form and are left out, which the
    view's ``groups`` note says (:func:`groups_payload`)."""
    from phidelta.comparison import Comparison

    if cost_ratio <= 0 or not np.isfinite(cost_ratio):
        raise InputError("The cost ratio must be a positive number.", "cost_ratio")
    if loaded is None:
        loaded = load("classifier", frame, params)
    comparison = loaded if isinstance(loaded, Comparison) else None
    result = loaded.a if comparison is not None else loaded
    grouped = result.groups is not None
    left_out = []  # what has no clustered form (NO_CLUSTERED_FORM), as asked for
    r = _check_ratio(ratio, result.ratio)
    payload: dict[str, Any] = {
        "kind": "classifier",
        "ratio": r,
        "actual_ratio": result.ratio,
        "positive": _plain(result.positive),
        "threshold": result.threshold,
        "rows_left_out": result.rows_left_out,
        "missing": missing_report(result.missing_cells),
        "cost_ratio": cost_ratio,
        **_fold_points(result, r),
        "diamond": _diamond_payload(r, ("accuracy", "bias")),
        "table": _table_payload(result, intervals),
        "operating_point": _operating_point(result, params),
        "threshold_note": None,  # said below, of the pooled score tables
    }
    if regions and grouped:
        left_out.append("regions")
    elif regions:
        # at the interval switch's level when it is on: one switch for every interval
        level = REGION_LEVEL if intervals is None else intervals["confidence_level"]
        payload["regions"] = regions_payload(result.counts, r, level)
    tables: list[Any] = [None, None]  # the pooled score tables and their ROC bands
    bands: list[Any] = [None, None]
    pr_bands: list[Any] = [None, None]  # and their precision–recall bands
    reliability = None
    if result.tables is not None:
        table = result.pooled_table()
        hull = roc_convex_hull(table)
        best = optimal_points(table, ratio=r, cost_ratio=cost_ratio)
        segment = line_in_box(
            (best.fpr[0], best.tpr[0]), isometric_slope(ratio=r, cost_ratio=cost_ratio)
        )
        calibration = calibration_polyline(IsotonicCalibrator().fit_table(table))
        payload["roc"] = {
            **roc_payload(table),
            # totals: the coverage space (Flach Fig. 2.7) is the ROC space scaled by N and P
            "positives": table.total_positives,
            "negatives": table.total_negatives,
            "hull": {"fpr": _floats(hull.fpr), "tpr": _floats(hull.tpr), "auc": hull.auc()},
            # the cost-optimal points at the view's ratio and cost ratio (not the folds' cut)
            "optimal": {
                "fpr": _floats(best.fpr),
                "tpr": _floats(best.tpr),
                "threshold": _floats(best.thresholds),
                "accuracy": _floats(best.accuracy),
                "ratio": r,
                "cost_ratio": cost_ratio,
            },
            "isometric": {
                "fpr": _floats(segment[:, 0]) if len(segment) else [],
                "tpr": _floats(segment[:, 1]) if len(segment) else [],
            },
        }
        payload["calibration"] = {  # the map exactly, and the score range to show
            "score": _floats(calibration.score),
            "probability": _floats(calibration.probability),
            "window": list(calibration.window),
            "clipped": calibration.clipped,
        }
        tables[0] = table
        if intervals is not None:
            groups = _pooled_groups(result)
            bands[0] = band_of("roc", table, intervals, groups)
            payload["roc"]["band"] = None if bands[0] is None else _band_payload(bands[0])
            pr_bands[0] = band_of("precision_recall", table, intervals, groups)
            if grouped and _reliability_applies(table):
                left_out.append("reliability")
            elif not grouped:
                reliability = reliability_of(table, intervals)
            payload["calibration"]["reliability"] = _reliability_dict(reliability)
    if comparison is not None:
        kept: dict[str, Any] = {}
        payload["comparison"] = _comparison_payload(comparison, r, params, intervals, kept)
        tables[1], bands[1] = kept.get("table"), kept.get("band")
        pr_bands[1] = kept.get("precision_recall_band")
    payload["threshold_note"] = _threshold_note(
        params,
        [
            (params.get("score"), tables[0], result.threshold),
            (params.get("compare_score"), tables[1], comparison and comparison.b.threshold),
        ],
    )
    payload["figures"] = classifier_figures(
        payload, (tables[0], tables[1]), (bands[0], bands[1]), reliability, pr_bands
    )
    if tables[0] is not None and grouped:  # rows as independent: not shown
        from phidelta._door_scoring import are_probabilities

        if are_probabilities(tables[0].scores):
            left_out.append("scoring")
    elif tables[0] is not None:  # predicted probabilities: calibration and decision curve
        name = str(comparison.names[0]) if comparison is not None else "model"
        payload["scoring"], figures = scoring_payload(tables[0], name, intervals, reliability)
        if figures is not None:
            payload["figures"] |= figures
            second = _second_decision_curve(tables[1], comparison)
            if second is not None:  # the compared classifier's curve, in its colour
                first = escape(comparison.names[0])
                for trace in figures["decision"]["data"]:  # the bands are the first's
                    if "band" in (trace.get("name") or ""):
                        trace["name"] += f" {first}"
                figures["decision"]["data"].append(second)
    if grouped:
        payload["groups"] = groups_payload(
            str(params.get("group")),
            len(result.groups.labels),
            _classifier_methods(payload, comparison),
            left_out,
        )
    return payload


def roc_payload(table: Any) -> dict[str, Any]:
    """The ROC curve of a pooled score table as a view sends it: its vertices thinned as the
    figures draw them (:func:`~phidelta.rendering.plotly.thinned`: a curve of more than 1,000
    vertices within half a pixel of a 1,000-pixel plot, every kept vertex exact), its exact
    AUC and ``points``, the number of vertices of the full curve (every one of them is in
    :func:`roc_csv`), so that a view stays small however many distinct scores there are."""
    curve = roc_curve(table)
    keep = thinned(curve.fpr, curve.tpr)
    return {
        "fpr": _floats(curve.fpr[keep]),
        "tpr": _floats(curve.tpr[keep]),
        "auc": curve.auc(),
        "points": len(curve.fpr),
    }


def _pooled_groups(result: Any) -> Any:
    """The groups' pooled score tables of an assessment (what its ROC band resamples whole),
    None without groups."""
    return None if result.groups is None else result.groups.pooled_parts()[1]


def _classifier_methods(payload: dict[str, Any], comparison: Any) -> dict[str, str]:
    """What resamples whole groups in a classifier view, and how."""
    table = payload["table"].get("intervals")
    methods = {
        # without the switch the summary's rates: the cluster bootstrap's BCa (Assessment.summary)
        "measures": ", ".join(sorted(set(table["methods"].values()))) if table else "cluster_bca"
    }
    if payload.get("roc") is not None:
        methods["auc"] = "obuchowski"
        if payload["roc"].get("band") is not None:
            methods["roc_band"] = payload["roc"]["band"]["method"]
    if comparison is not None:
        methods["mcnemar"] = comparison.mcnemar.method
        if comparison.delong is not None:
            methods["delong"] = "obuchowski"
        if comparison.difference is not None:
            methods["paired_difference"] = ", ".join(
                sorted(set(comparison.difference.methods.values()))
            )
    return methods


def _second_decision_curve(table: Any, comparison: Any) -> dict[str, Any] | None:
    """The compared classifier's net benefit as a trace of the decision curve (its scores
    must be probabilities too); None otherwise."""
    from phidelta._door_scoring import are_probabilities, decision_tables

    rows = None if table is None else _rows_of(table)
    if rows is None or not are_probabilities(table.scores) or rows[0].all() or not rows[0].any():
        return None
    name = escape(comparison.names[1])
    columns, _ = decision_tables(rows[0], {"model": rows[1]})
    return {
        "type": "scatter",
        "x": _floats(columns["threshold_probability"]),
        "y": _floats(columns["model:net_benefit"]),
        "mode": "lines",
        "line": {"color": TEAL, "width": 2},
        "name": name,
        "hovertemplate": f"{name}<br>p_t = %{{x:.2f}}<br>net benefit = %{{y:.4f}}<extra></extra>",
    }


def _fold_points(result: Any, ratio: float) -> dict[str, Any]:
    """The folds' points (φ, δ) at ``ratio`` with their counts, and their mean and 2σ
    spread ellipse where two or more are defined."""
    pd_ = phi_delta(result.counts, ratio=ratio, zero_division=np.nan)
    points: dict[str, Any] = {
        "folds": [
            {
                "name": str(f),
                "phi": p,
                "delta": d,
                **{
                    cell: _plain(getattr(result.counts, cell)[i])
                    for cell in ("tn", "fp", "fn", "tp")
                },
            }
            for i, (f, p, d) in enumerate(
                zip(result.folds, _floats(pd_.phi), _floats(pd_.delta), strict=True)
            )
        ]
    }
    ok = np.isfinite(pd_.phi) & np.isfinite(pd_.delta)
    if ok.any():
        ring = spread_ellipse(pd_.phi[ok], pd_.delta[ok])
        points["mean"] = {"phi": float(pd_.phi[ok].mean()), "delta": float(pd_.delta[ok].mean())}
        points["ellipse"] = {"phi": _floats(ring[:, 0]), "delta": _floats(ring[:, 1])}
    return points


def _table_payload(result: Any, intervals: dict[str, Any] | None = None) -> dict[str, Any]:
    """:meth:`Assessment.summary` column by column: the rows (fold ids, ``pooled``, ``mean``,
    ``std``) and every column (counts, measures, their intervals, AUC), null where undefined;
    with the interval switch, every measure's interval (:func:`summary_columns`) and how they
    were made (level, resamples, seed, method per measure)."""
    index, columns, res = summary_columns(result, intervals)
    payload: dict[str, Any] = {
        "index": index,
        "columns": {k: _floats(v) for k, v in columns.items()},
    }
    if res is not None:
        payload["intervals"] = _interval_info(res)
    return payload


def band_of(kind: str, table: Any, settings: dict[str, Any], groups: Any = None) -> Any:
    """A curve's band of a score table at the switch's settings, seeded with
    :data:`INTERVAL_SEED`: ``kind`` "roc" is :func:`phidelta.inference.roc_band`,
    "precision_recall" :func:`phidelta.inference.precision_recall_band`; with ``groups`` (the
    groups' score tables) whole groups are resampled (what the report draws); None for
    weighted counts."""
    from phidelta import inference

    band = {"roc": inference.roc_band, "precision_recall": inference.precision_recall_band}
    try:
        return band[kind](
            table,
            confidence_level=settings["confidence_level"],
            n_resamples=settings["n_resamples"],
            random_state=INTERVAL_SEED,
            groups=groups,
        )
    except ValueError:  # weighted counts: the bootstrap resamples examples
        return None


def _band_payload(band: Any) -> dict[str, Any]:
    return {
        "fpr": _floats(band.fpr),
        "tpr": _floats(band.tpr),
        "low": _floats(band.low),
        "high": _floats(band.high),
        "simultaneous_low": _floats(band.simultaneous_low),
        "simultaneous_high": _floats(band.simultaneous_high),
        "confidence_level": band.confidence_level,
        "method": band.method,
        "random_state": INTERVAL_SEED,
    }


def reliability_payload(table: Any, settings: dict[str, Any]) -> dict[str, Any] | None:
    """The reliability diagram of the pooled scores (ten equal-width bins of
    :func:`~phidelta.measures.expected_calibration_error`) with each bin's Wilson interval
    (:func:`phidelta.inference.reliability_intervals`); None unless the scores are
    probabilities (in [0, 1]) with integer counts."""
    return _reliability_dict(reliability_of(table, settings))


def _reliability_dict(res: Any) -> dict[str, Any] | None:
    if res is None:
        return None
    return {
        "mean_predicted": _floats(res.mean_predicted),
        "observed": _floats(res.observed),
        "low": _floats(res.low),
        "high": _floats(res.high),
        "count": _floats(res.count),
        "confidence_level": res.confidence_level,
        "method": res.method,
    }


def reliability_of(table: Any, settings: dict[str, Any]) -> Any:
    """The reliability bins of :func:`reliability_payload` as
    :func:`phidelta.inference.reliability_intervals` gives them; None unless the scores are
    probabilities with integer counts."""
    from phidelta.inference import reliability_intervals
    from phidelta.measures import expected_calibration_error

    if not _reliability_applies(table):
        return None
    y, p = _rows_of(table)
    bins = expected_calibration_error(y, p, pos_label=True)
    return reliability_intervals(bins, confidence_level=settings["confidence_level"])


def _reliability_applies(table: Any) -> bool:
    """Whether a score table has a reliability diagram: probabilities (in [0, 1]) with
    integer counts."""
    scores = np.asarray(table.scores, dtype=float)
    return bool(scores.size and scores.min() >= 0 and scores.max() <= 1) and (
        _rows_of(table) is not None
    )


def _operating_point(result: Any, params: dict[str, Any]) -> dict[str, Any]:
    """Where the folds' counts sit, pooled, in the ROC space, and what chose it: the
    prediction column, or the scores' cut — the default rule, a given number, or the
    library's "optimal" (cost-optimal at the data's own N/P with equal costs,
    :func:`phidelta.assessment.decision_threshold`)."""
    from phidelta.measures import false_positive_rate, sensitivity

    pooled = result.pooled()
    if result.threshold is None:
        rule = "predictions"
    else:
        given = str(params.get("threshold") or "").strip().lower()
        rule = "optimal" if given == "optimal" else ("given" if given else "default")
    point = {
        "fpr": _floats(false_positive_rate(pooled, zero_division=np.nan))[0],
        "tpr": _floats(sensitivity(pooled, zero_division=np.nan))[0],
        "threshold": result.threshold,
        "rule": rule,
        # the operating condition "optimal" was decided at
        "ratio": result.ratio if rule == "optimal" else None,
        "cost_ratio": 1.0 if rule == "optimal" else None,
    }
    point["text"] = _cut_text(point)
    return point


def _comparison_payload(
    comparison: Any,
    ratio: float,
    params: dict[str, Any],
    intervals: dict[str, Any] | None = None,
    kept: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The second classifier (its folds at ``ratio``, measure table and ROC curve, with the
    interval switch its intervals and ROC bands) and the paired tests with their verdict
    (:meth:`Comparison.summary`, :meth:`Comparison.verdict`)."""
    b = comparison.b
    measure = comparison.measure
    payload: dict[str, Any] = {
        "names": [str(n) for n in comparison.names],
        "verdict": comparison.verdict(),
        "measure": measure,
        "tests": [
            {
                "test": row["test"],
                "statistic": _floats([row["statistic"]])[0],
                "pvalue": _floats([row["pvalue"]])[0],
                "detail": row["detail"],
            }
            for row in comparison.summary()
        ],
        "per_fold": {
            "a": _floats(comparison.a.measures([measure])[measure]),
            "b": _floats(b.measures([measure])[measure]),
        },
        "threshold": b.threshold,
        "operating_point": _operating_point(b, params),
        **_fold_points(b, ratio),
        "table": _table_payload(b, intervals),
    }
    if b.tables is not None:
        table = b.pooled_table()
        payload["roc"] = roc_payload(table)
        band = pr_band = None
        if intervals is not None:  # every classifier's curve with its bands
            groups = _pooled_groups(b)
            band = band_of("roc", table, intervals, groups)
            payload["roc"]["band"] = None if band is None else _band_payload(band)
            pr_band = band_of("precision_recall", table, intervals, groups)
        if kept is not None:  # the figures use them too
            kept |= {"table": table, "band": band, "precision_recall_band": pr_band}
    return payload


def assessment_csv(
    frame: Any,
    params: dict[str, Any],
    loaded: Any = None,
    intervals: dict[str, Any] | None = None,
) -> str:
    """The measure table of a classifier analysis as CSV: :meth:`Assessment.summary`'s rows
    (``row``: fold ids, ``pooled``, ``mean``, ``std``) and columns, every digit (NaN as
    empty); with a second classifier both, led by a ``classifier`` column; with the interval
    switch, every measure's ``_low`` and ``_high`` (:func:`summary_columns`)."""
    from phidelta.comparison import Comparison

    if loaded is None:
        loaded = load("classifier", frame, params)
    if isinstance(loaded, Comparison):
        parts = [(str(n), r) for n, r in zip(loaded.names, (loaded.a, loaded.b), strict=True)]
    else:
        parts = [(None, loaded)]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for i, (name, result) in enumerate(parts):
        index, table, _ = summary_columns(result, intervals)
        if i == 0:
            writer.writerow([*(["classifier"] if name is not None else []), "row", *table])
        for j, row in enumerate(index):
            lead = [name] if name is not None else []
            writer.writerow([*lead, row, *(_csv_cell(k, table[k][j]) for k in table)])
    return buffer.getvalue()


def roc_csv(frame: Any, params: dict[str, Any], loaded: Any = None) -> str:
    """The full ROC curve of every classifier of an analysis as CSV, the vertices a view's
    ``roc`` thins (:func:`roc_payload`): columns ``classifier`` (its score column), ``threshold``
    (predict positive when score ≥ threshold; the first is inf: nothing positive), ``fpr`` and
    ``tpr``, each row a vertex of :func:`phidelta.measures.roc_curve` of the classifier's
    pooled score table, every digit.

    Raises
    ------
    InputError
        If no classifier of the analysis has a score column (then it has no ROC curve).
    """
    from phidelta.comparison import Comparison

    if loaded is None:
        loaded = load("classifier", frame, params)
    if isinstance(loaded, Comparison):
        parts = [(str(n), r) for n, r in zip(loaded.names, (loaded.a, loaded.b), strict=True)]
    else:
        parts = [(str(params.get("score")), loaded)]
    parts = [(name, result) for name, result in parts if result.tables is not None]
    if not parts:
        raise InputError(
            "This analysis has no score column, so no ROC curve: choose a score column.", "score"
        )
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["classifier", "threshold", "fpr", "tpr"])
    for name, result in parts:
        curve = roc_curve(result.pooled_table())
        for row in zip(curve.thresholds, curve.fpr, curve.tpr, strict=True):
            writer.writerow([name, *(_csv_number(v) for v in row)])
    return buffer.getvalue()


#: the joint confidence level of the regions the web views draw
REGION_LEVEL = 0.95


def region_of(counts: Any, ratio: float, level: float = REGION_LEVEL) -> Any:
    """:func:`phidelta.inference.phi_delta_region` at ``level`` (the web's default, or the
    interval switch's): Clopper–Pearson for integer counts, a seeded bootstrap for soft ones
    (weighted counts)."""
    if counts.is_soft:
        return phi_delta_region(
            counts, confidence_level=level, method="bootstrap", ratio=ratio, random_state=0
        )
    return phi_delta_region(counts, confidence_level=level, method="exact", ratio=ratio)


def _polygon(corners: np.ndarray) -> dict[str, list[float | None]] | None:
    """A region's four corners (φ, δ) in order around it; None when it is undefined (a fold
    without positives or without negatives)."""
    if not np.all(np.isfinite(corners)):
        return None
    return {"phi": _floats(corners[:, 0]), "delta": _floats(corners[:, 1])}


def regions_payload(counts: Any, ratio: float, level: float = REGION_LEVEL) -> dict[str, Any]:
    """The region of every fold and of the folds pooled (counts added up), with the pooled
    point, at ``ratio`` and ``level``."""
    pooled = counts.sum()
    folds = region_of(counts, ratio, level)
    together = region_of(pooled, ratio, level)
    point = phi_delta(pooled, ratio=ratio, zero_division=np.nan)
    return {
        "level": level,
        "method": together.method,
        "folds": [_polygon(p) for p in folds.polygons],
        "pooled": _polygon(together.polygons[0]),
        "pooled_point": {
            "phi": _floats(point.phi)[0],
            "delta": _floats(point.delta)[0],
        },
    }


def multiclass_view(
    frame: Any,
    params: dict[str, Any],
    content: bytes | None = None,
    fmt: str | None = None,
    *,
    intervals: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The entropy triangle of the matrices (one per fold, or of a matrix file): F_XY, F_X and
    F_Y of each, the table (ΔH′, 2MI′, VI′, MI, accuracy) and with several matrices the
    pooled ones; with ``intervals`` (:func:`interval_settings`) every number of the table
    with its interval and the segments of the triangle (:func:`triangle_intervals_payload`);
    with a group column they resample whole groups (``groups`` says so)."""
    from phidelta.data import load_multiclass, read_matrix

    left_out, missing, groups = 0, "", None
    if params.get("matrix") and params.get("group"):
        raise InputError(
            "A confusion matrix file holds counts, not rows: it has no group column (choose "
            "none, or analyse the label and prediction columns of the rows).",
            "group",
        )
    if params.get("matrix"):
        if content is None:
            raise InputError("The confusion matrix file is not available.", "file")
        try:
            matrices = read_matrix(content, header=params.get("header") or "auto", format=fmt)
        except csv.Error as exc:  # the csv module's own error (not a ValueError)
            raise InputError(f"Cannot read the matrix file: {exc}.", "file") from None
        except ValueError as exc:
            raise _input_error(exc, "file") from None
        names = ["matrix"]
    else:
        if not params.get("prediction"):
            raise InputError("Choose the label and the prediction columns.", "prediction")
        roles = _roles(params, keep=("prediction", "fold", "group"))
        try:
            loaded = load_multiclass(frame, roles, missing_values=markers(params))
        except ValueError as exc:
            raise _input_error(exc, "prediction") from None
        matrices, names, left_out = loaded.matrices, loaded.names, loaded.rows_left_out
        groups = loaded.groups
        missing = missing_report(loaded.missing_cells)
    balance = entropy_balance(matrices)
    coords = extended_triangle(balance)
    payload = {
        "kind": "multiclass",
        "names": names,
        "classes": [str(c) for c in matrices.input_classes],
        "rows_left_out": left_out,
        "missing": missing,
        "joint": _float_rows(coords.joint),
        "input": _float_rows(coords.input),
        "output": _float_rows(coords.output),
        "fractions": _float_rows(balance.joint_fractions),
        "mutual_information": _floats(balance.mutual_information),
        "accuracy": _floats(balance.accuracy),
        "pooled": _pooled_marks(matrices) if len(matrices) > 1 else None,
        "pooled_row": _pooled_row(matrices) if len(matrices) > 1 else None,
        "grid": {
            name: [_float_rows(segment) for segment in lines]
            for name, lines in ternary_grid().lines.items()
        },
    }
    if intervals is not None:
        payload["intervals"] = triangle_intervals_payload(matrices, names, intervals, groups)
    if groups is not None:
        shown = payload.get("intervals")
        payload["groups"] = groups_payload(
            str(params.get("group")),
            len(groups.labels),
            {} if shown is None else {"triangle": shown["method"]},
            [],
        )
    payload["figures"] = {"plot": triangle_figure(matrices, names, payload.get("intervals"))}
    return payload


def triangle_intervals_payload(
    matrices: Any, names: list[str], settings: dict[str, Any], groups: Any = None
) -> dict[str, Any] | None:
    """The intervals of the triangle's table (:func:`phidelta._door_intervals.triangle_intervals`,
    BCa, seeded with :data:`INTERVAL_SEED`: the numbers ``phidelta triangle`` prints): per
    matrix and, with several, pooled; and the segments that draw the intervals of ΔH′, 2MI′
    and VI′ through the points (the pooled star's only, with several matrices). With
    ``groups`` (:attr:`phidelta.data.Multiclass.groups`) whole groups are resampled. None for
    counts that are not counts of rows."""
    from phidelta._door_intervals import triangle_intervals

    res = triangle_intervals(
        matrices,
        names,
        confidence_level=settings["confidence_level"],
        n_resamples=settings["n_resamples"],
        random_state=INTERVAL_SEED,
        groups=None if groups is None else groups.per_matrix(),
    )
    if res is None:
        return None
    k = len(matrices)
    coordinates = ("joint_delta_h", "joint_mi2", "joint_vi")
    low = np.stack([res.low[c] for c in coordinates], axis=1)
    high = np.stack([res.high[c] for c in coordinates], axis=1)
    if k > 1:  # the pooled star's segments: the folds' points show their spread
        fractions = entropy_balance(matrices.sum()).joint_fractions
        ends = ternary_interval_segments(fractions, low[k:], high[k:])
    else:
        ends = ternary_interval_segments(entropy_balance(matrices).joint_fractions, low, high)

    def bounds(rows: slice) -> dict[str, Any]:
        out = {"fractions_low": _float_rows(low[rows]), "fractions_high": _float_rows(high[rows])}
        for name in ("mutual_information", "accuracy"):  # accuracy: declared outputs only
            for end in ("low", "high"):
                values = getattr(res, end).get(name)
                shown = None if values is None else _floats(values[rows])
                out[f"{name}_{end}"] = shown or [None] * len(low[rows])
        return out

    return {
        "confidence_level": res.confidence_level,
        "n_resamples": res.n_resamples,
        "random_state": INTERVAL_SEED,
        "method": next(iter(res.methods.values())),
        **bounds(slice(0, k)),
        "pooled": {key: v[0] for key, v in bounds(slice(k, k + 1)).items()} if k > 1 else None,
        "segments": [[_float_rows(segment) for segment in point] for point in ends],
    }


def _pooled_row(matrices: Any) -> dict[str, Any]:
    """The table row of the matrices added up: ΔH′, 2MI′, VI′, MI and accuracy."""
    balance = entropy_balance(matrices.sum())
    return {
        "fractions": _floats(balance.joint_fractions[0]),
        "mutual_information": _floats(balance.mutual_information)[0],
        "accuracy": _floats(balance.accuracy)[0],
    }


def _pooled_marks(matrices: Any) -> list[list[float | None]]:
    """F_X, F_XY and F_Y of the matrices added up (the folds pooled)."""
    pooled = extended_triangle(entropy_balance(matrices.sum()))
    return _float_rows(np.vstack([pooled.input, pooled.joint, pooled.output]))


# --- the figures the page draws (phidelta.rendering.plotly: one figure code) ------------------


def _p_text(value: float | None) -> str:
    """A p- or q-value as the page writes it: four decimals, or three significant digits
    below 0.001."""
    if value is None or not np.isfinite(value):
        return "–"
    if value < 1e-3:
        mantissa, exponent = f"{value:.2e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    return f"{value:.4f}"


def _threshold_note(
    params: dict[str, Any], cuts: list[tuple[Any, Any, float | None]]
) -> str | None:
    """The library's :class:`~phidelta.exceptions.ThresholdWarning` in the page's words, for
    each classifier (its score column, pooled score table or None, and cut) whose scores the
    default cut puts on one side (every row positive); None when a threshold was given."""
    from phidelta.assessment import one_sided_default_cut

    if str(params.get("threshold") or "").strip():
        return None
    notes = [
        f"{name}: {message}"
        for name, table, cut in cuts
        if table is not None and (message := one_sided_default_cut(table, cut))
    ]
    # the page's words: its threshold field
    text = "; ".join(notes).replace("give the threshold", "set the threshold field")
    return text.replace("'optimal'", "“optimal”") or None


def _cut_text(point: dict[str, Any]) -> str:
    """How the folds' operating point was chosen, with the ratio and costs of an "optimal"
    cut."""
    if point["rule"] == "predictions":
        return "the prediction column"
    text = f"score ≥ {number(point['threshold'], 4)}"
    if point["rule"] == "optimal":
        return (
            f"{text}, cost-optimal at the data's N/P = {precision(point['ratio'])} with equal "
            "costs (c_FN/c_FP = 1)"
        )
    if point["rule"] == "default":
        return f"{text}, the default cut (0.5 for scores in [0, 1], else 0)"
    return f"{text}, the threshold chosen"


def signature_figures(payload: dict[str, Any], fdr: float = FDR) -> dict[str, Any]:
    """The feature view's φ-δ diagram (every isometric family, each trace tagged with its
    family so that the page's toggles show or hide it), and the corner names of a narrow plot.
    Each feature's ``customdata`` is ``[name, index, sensitivity, specificity(, q)]``."""
    features = payload["features"]
    hover: dict[str, Any] = {
        "sensitivity": [f["sensitivity"] for f in features],
        "specificity": [f["specificity"] for f in features],
    }
    significance = payload.get("significance")
    marked = None
    label = "marked"
    if significance is not None:
        hover["q"] = [_p_text(f.get("qvalue")) for f in features]
        chosen = set(significance["significant"])
        marked = [f["index"] in chosen for f in features]
        test = (
            "Fisher"
            if significance["method"] == "fisher"
            else f"{significance['permutations']} permutations"
        )
        label = f"q ≤ {number(significance['fdr'])} ({test}, BH)"
    ratio = payload["ratio"]
    plot = phi_delta_figure(
        [f["phi"] if f["phi"] is not None else np.nan for f in features],
        [f["delta"] if f["delta"] is not None else np.nan for f in features],
        ratio=ratio,
        names=[f["name"] for f in features],
        view="feature",
        isometrics=ISOMETRICS,
        name="features",
        hover=hover,
        marked=marked,
        marked_label=label,
        title_text=f"φ-δ diagram, N/P = {precision(ratio)} "
        f"(actual {precision(payload['actual_ratio'])})",
    )
    return {
        "plot": plot,
        "small_annotations": corner_annotations(ratio, view="feature", small=True),
    }


def _ring(polygon: dict[str, Any] | None) -> np.ndarray | None:
    if polygon is None:
        return None
    return np.c_[np.asarray(polygon["phi"], dtype=float), np.asarray(polygon["delta"], dtype=float)]


def _coordinates(folds: list[dict[str, Any]], key: str) -> np.ndarray:
    return np.array([np.nan if f[key] is None else f[key] for f in folds], dtype=float)


#: the measures of the classifier view's threshold scan: the classification error Ce with the
#: two rates it weighs, signal efficiency Se and background acceptance Be (Jiřina 2005, §4.1-4.3,
#: Figs. 2-3: Ce against the threshold, its minimum marked)
THRESHOLD_SCAN_MEASURES = ("classification_error", "signal_efficiency", "background_acceptance")


def classifier_figures(
    payload: dict[str, Any],
    tables: tuple[Any, Any] = (None, None),
    bands: tuple[Any, Any] = (None, None),
    reliability: Any = None,
    precision_recall_bands: tuple[Any, Any] | list[Any] = (None, None),
) -> dict[str, Any]:
    """The classifier view's figures: the folds in the φ-δ diagram (with a second
    classifier's, the regions and the pooled point), and with scores the ROC curve, the same
    in the coverage space, the precision–recall curves, the calibration map and the first
    classifier's threshold scan (:data:`THRESHOLD_SCAN_MEASURES`).

    Parameters
    ----------
    payload : dict
        The view's payload so far (:func:`classifier_view`).
    tables : (ScoreTable or None, ScoreTable or None)
        The pooled score tables of the classifier and of the one compared with it.
    bands : (RocBand or None, RocBand or None)
        Their ROC bands (the interval switch).
    reliability : ReliabilityIntervals, optional
        The calibration bins with their intervals.
    precision_recall_bands : (PrecisionRecallBand or None, PrecisionRecallBand or None)
        The tables' precision–recall bands (the interval switch).
    """
    cmp = payload.get("comparison")
    names = [escape(n) for n in cmp["names"]] if cmp else []
    who = f"{names[0]}: " if cmp else ""
    folds = payload["folds"]
    ratio = payload["ratio"]
    point = payload["operating_point"]
    regions = payload.get("regions")
    title_text = (
        f"folds, N/P = {precision(ratio)}"
        + (
            f" · {payload['rows_left_out']} rows with missing values left out"
            if payload["rows_left_out"]
            else ""
        )
        + ("" if point["rule"] == "predictions" else f"<br>positive when {point['text']}")
    )
    plot = phi_delta_figure(
        _coordinates(folds, "phi"),
        _coordinates(folds, "delta"),
        ratio=ratio,
        names=[f["name"] for f in folds],
        view="classifier",
        isometrics=("accuracy", "bias"),
        name=f"{who}folds",
        mean=True,
        ellipse=True,
        regions=[_ring(g) for g in regions["folds"]] if regions else None,
        pooled_region=_ring(regions["pooled"]) if regions else None,
        pooled_point=(
            (regions["pooled_point"]["phi"], regions["pooled_point"]["delta"])
            if regions and regions["pooled_point"]["phi"] is not None
            else None
        ),
        region_label=cmp["names"][0] if cmp else None,
        confidence_level=regions["level"] if regions else REGION_LEVEL,
        title_text=title_text,
        legend_below=True,
    )
    plot["layout"]["title"]["font"]["size"] = 12
    if cmp:
        second = point_traces(
            _coordinates(cmp["folds"], "phi"),
            _coordinates(cmp["folds"], "delta"),
            names=[f["name"] for f in cmp["folds"]],
            name=f"{names[1]}: folds",
            color=TEAL,
            symbol="triangle-up",
            mean=True,
            accent=TEAL,
        )
        star = regions is not None and regions["pooled_point"]["phi"] is not None
        pooled_at = len(plot["data"]) - (1 if star else 0)
        plot["data"][pooled_at:pooled_at] = second
    figures: dict[str, Any] = {
        "plot": plot,
        "small_annotations": corner_annotations(ratio, view="classifier", small=True),
    }
    table, other = tables
    if table is None:
        return figures
    compared = [table] if other is None else [table, other]
    operating = {
        "fpr": point["fpr"],
        "tpr": point["tpr"],
        "name": "operating point of the folds (pooled)",
        "text": escape(point["text"]),
    }
    if point["fpr"] is None or point["tpr"] is None:
        operating = None
    for space in ("roc", "coverage"):
        figures[space] = roc_figure(
            compared,
            names=cmp["names"] if cmp else None,
            space=space,
            ratio=ratio,
            cost_ratio=payload["cost_ratio"],
            operating_point=operating,
            bands=[bands[0], bands[1]] if other is not None else [bands[0]],
            title_text=f"{'coverage space' if space == 'coverage' else 'ROC'} and operating point",
        )
    figures["precision_recall"] = precision_recall_figure(
        compared,
        names=cmp["names"] if cmp else None,
        bands=list(precision_recall_bands[: len(compared)]),
        title_text="precision–recall",
    )
    figures["calibration"] = calibration_figure(table=table, reliability=reliability)
    figures["threshold_scan"] = threshold_scan_figure(
        table, measures=THRESHOLD_SCAN_MEASURES, title_text=f"{who}threshold dependence"
    )
    return figures


def triangle_figure(
    matrices: Any, names: list[str], intervals: dict[str, Any] | None
) -> dict[str, Any]:
    """The triangle view's figure: each matrix's F_X ◀ F_XY ● F_Y ▶, the pooled marks with
    several matrices, and with the interval switch the segments of ΔH′, 2MI′ and VI′."""
    segments = None
    level = 0.95
    if intervals is not None:
        segments = np.array(
            [
                [[[np.nan if v is None else v for v in end] for end in seg] for seg in point]
                for point in intervals["segments"]
            ],
            dtype=float,
        ).reshape(-1, 3, 2, 2)
        level = intervals["confidence_level"]
    return entropy_triangle_figure(
        entropy_balance(matrices),
        names=names,
        pooled=entropy_balance(matrices.sum()) if len(matrices) > 1 else None,
        interval_segments=segments,
        confidence_level=level,
    )


#: the statistics of the classifier view's calibration table, in rms's val.prob order, then
#: Hosmer–Lemeshow's test and the expected calibration errors (phidelta._door_scoring names)
CALIBRATION_SHOWN = (
    "Dxy",
    "C (ROC)",
    "R2",
    "D",
    "U",
    "Q",
    "Brier",
    "Intercept",
    "Slope",
    "Emax",
    "E90",
    "Eavg",
    "S:z",
    "S:p",
    "HL:Chi-sq",
    "HL:df",
    "HL:p",
    "ECE (equal width)",
    "ECE (equal mass)",
    "ℓ2 CE (debiased)",
)


def _rows_of(table: Any) -> tuple[np.ndarray, np.ndarray] | None:
    """The rows (class, score) behind a score table of integer counts; None for weighted
    counts."""
    scores = np.asarray(table.scores, dtype=float)
    pos, neg = np.asarray(table.positives), np.asarray(table.negatives)
    if not (np.all(pos == np.round(pos)) and np.all(neg == np.round(neg))):
        return None
    pos, neg = pos.astype(np.int64), neg.astype(np.int64)
    y = np.concatenate([np.ones(pos.sum(), dtype=bool), np.zeros(neg.sum(), dtype=bool)])
    return y, np.concatenate([np.repeat(scores, pos), np.repeat(scores, neg)])


def scoring_payload(
    table: Any, name: str, settings: dict[str, Any] | None, reliability: Any = None
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The classifier view's calibration statistics and decision curve, for scores that are
    probabilities (with integer counts): the numbers ``phidelta calibration`` and ``phidelta
    decision`` print (:func:`phidelta._door_scoring.calibration_numbers`,
    :func:`phidelta._door_scoring.decision_tables`: rms's val.prob statistics,
    Hosmer–Lemeshow, the expected calibration errors; net benefit of the model, treat-all and
    treat-none), with the interval switch the decision curve's bootstrap bands (seeded with
    :data:`INTERVAL_SEED`); and the figures of the decision curve and of the calibration
    curves (rms's val.prob plot, with the reliability bins where given). (None, None)
    otherwise.

    Parameters
    ----------
    table : ScoreTable
        The pooled scores.
    name : str
        The model's name in the figure.
    settings : dict, optional
        The interval switch (:func:`interval_settings`).
    reliability : ReliabilityIntervals, optional
        The bins drawn on the calibration curves.
    """
    from types import SimpleNamespace

    from phidelta._door_scoring import are_probabilities, calibration_numbers, decision_tables

    rows = _rows_of(table)
    if rows is None or not are_probabilities(table.scores):
        return None, None
    y, p = rows
    if y.all() or not y.any():
        return None, None
    try:
        numbers = calibration_numbers(y, p)
    except ValueError:  # e.g. one predicted probability: no calibration slope (as the CLI says)
        return None, None
    bootstrap = (
        {}
        if settings is None
        else {
            "band": True,
            "confidence_level": settings["confidence_level"],
            "n_resamples": settings["n_resamples"],
            "random_state": INTERVAL_SEED,
        }
    )
    columns, _ = decision_tables(y, {"model": p}, **bootstrap)
    pt = np.asarray(columns["threshold_probability"], dtype=float)
    curve = SimpleNamespace(
        threshold_probability=pt,
        net_benefit=np.asarray(columns["model:net_benefit"], dtype=float),
        treat_all=np.asarray(columns["treat_all"], dtype=float),
        treat_none=np.asarray(columns["treat_none"], dtype=float),
        prevalence=float(y.mean()),
    )
    band = None
    if settings is not None:
        band = SimpleNamespace(
            **{
                end: np.asarray(columns[f"model:net_benefit_{end}"], dtype=float)
                for end in ("low", "high", "simultaneous_low", "simultaneous_high")
            },
            confidence_level=settings["confidence_level"],
        )
    figure = decision_curve_figure(
        curve,
        names=[name],
        band=band,
        title_text="decision curve: net benefit",
    )
    # rms's val.prob plot: lowess, logistic calibration, the isotonic map (and the bins)
    smooth = calibration_figure(
        y,
        p,
        pos_label=True,
        kind="smooth",
        reliability=reliability,
        title_text="calibration curves (rms's val.prob)",
    )
    payload = {
        "statistics": [
            {"name": key, "value": _floats([numbers[key]])[0]} for key in CALIBRATION_SHOWN
        ],
        "rows": len(y),
        "decision": {
            key: _floats(values)
            for key, values in columns.items()
            if key == "threshold_probability"
            or key in ("treat_all", "treat_none")
            or key.startswith("model:")
        },
        "band": None
        if settings is None
        else {
            "confidence_level": settings["confidence_level"],
            "n_resamples": settings["n_resamples"],
            "random_state": INTERVAL_SEED,
            "method": "bootstrap of the rows, percentile pointwise and sup-t simultaneous",
        },
    }
    return payload, {"decision": figure, "calibration_curves": smooth}

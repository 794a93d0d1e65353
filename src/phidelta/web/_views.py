"""What each view of the web page shows, computed by the library (JSON-ready payloads)."""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from phidelta.assessment import assess
from phidelta.counts import ConfusionMatrix
from phidelta.geometry import (
    diamond,
    extended_triangle,
    isometrics,
    line_in_box,
    spread_ellipse,
)
from phidelta.measures import (
    IsotonicCalibrator,
    entropy_balance,
    isometric_slope,
    optimal_points,
    roc_convex_hull,
    roc_curve,
)
from phidelta.signatures import signature


class InputError(ValueError):
    """Bad input, with the name of the form field it concerns."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def read_table(content: bytes, fmt: str) -> Any:
    """Bytes of an upload as a DataFrame (CSV, TSV or Parquet); nothing is executed."""
    import pandas as pd

    if not content.strip():
        raise InputError("The file is empty.", "file")
    try:
        if fmt == "parquet":
            frame = pd.read_parquet(io.BytesIO(content))
        else:
            frame = pd.read_csv(io.BytesIO(content), sep="\t" if fmt == "tsv" else ",")
    except Exception as exc:
        raise InputError(f"The file cannot be read as {fmt.upper()}: {exc}", "file") from None
    if frame.empty or len(frame.columns) == 0:
        raise InputError("The file has no rows.", "file")
    return frame


def summary(frame: Any) -> dict[str, Any]:
    """Columns with their kind and (up to 50) distinct values, for the page's controls."""
    columns = []
    for name in frame.columns:
        series = frame[name]
        values = series.dropna().unique()
        columns.append(
            {
                "name": str(name),
                "dtype": str(series.dtype),
                "distinct": len(values),
                "values": [_plain(v) for v in sorted(values, key=str)[:50]],
            }
        )
    return {"rows": len(frame), "columns": columns}


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


def _floats(values: Any) -> list[float | None]:
    return [None if not np.isfinite(v) else float(v) for v in np.asarray(values, dtype=float)]


def _column(frame: Any, name: str | None, field: str) -> Any:
    if name is None or name == "":
        return None
    if name not in frame.columns:
        raise InputError(
            f"Column {name!r} is not in the data; its columns are "
            f"{', '.join(map(str, frame.columns))}.",
            field,
        )
    return frame[name]


def _positive(series: Any, value: Any) -> Any:
    if value is None or value == "":
        return None
    for v in series.dropna().unique():
        if str(_plain(v)) == str(value):
            return _plain(v)
    raise InputError(f"The positive class {value!r} is not in column {series.name!r}.", "positive")


def _check_ratio(ratio: float) -> float:
    if not 0.1 <= ratio <= 10:
        raise InputError("The ratio must be between 0.1 and 10.", "ratio")
    return ratio


def _diamond_payload(ratio: float, names: list[str]) -> dict[str, Any]:
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
    ratio: float | None = 1.0,
    rank_by: str = "delta",
    phi_max: float = 0.7,
    delta_min: float = 0.4,
    k: int | None = 10,
) -> dict[str, Any]:
    label = params["label"]
    labels = _column(frame, label, "label")
    if labels is None:
        raise InputError("Choose the class column.", "label")
    if labels.isna().any():
        raise InputError(f"Column {label!r} has missing class labels.", "label")
    positive = _positive(labels, params.get("positive"))
    try:
        sig = signature(
            frame.drop(columns=[label]),
            labels.to_numpy(),
            pos_label=positive,
            numeric=params.get("numeric", "soft"),
        )
    except ValueError as exc:
        raise InputError(str(exc), "label") from None
    r = _check_ratio(float(sig.ratio if ratio is None else ratio))
    if rank_by not in ("delta", "corner", "phi", "information_gain"):
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
    return {
        "kind": "signature",
        "ratio": r,
        "actual_ratio": sig.ratio,
        "positive": _plain(sig.positive),
        "features": features,
        "order": [int(i) for i in order],
        "selected": [int(i) for i in chosen],
        "diamond": _diamond_payload(r, list(ISOMETRICS)),
    }


def signature_csv(frame: Any, params: dict[str, Any], ratio: float | None) -> str:
    label = params["label"]
    labels = _column(frame, label, "label")
    positive = _positive(labels, params.get("positive"))
    sig = signature(
        frame.drop(columns=[label]),
        labels.to_numpy(),
        pos_label=positive,
        numeric=params.get("numeric", "soft"),
    )
    r = sig.ratio if ratio is None else _check_ratio(ratio)
    return sig.to_csv(ratio=r) or ""


def classifier_view(
    frame: Any, params: dict[str, Any], *, ratio: float | None = 1.0, cost_ratio: float = 1.0
) -> dict[str, Any]:
    y = _column(frame, params.get("label"), "label")
    if y is None:
        raise InputError("Choose the label column.", "label")
    prediction = _column(frame, params.get("prediction"), "prediction")
    score = _column(frame, params.get("score"), "score")
    fold = _column(frame, params.get("fold"), "fold")
    if prediction is None and score is None:
        raise InputError("Choose a prediction column or a score column.", "prediction")
    scores = None
    if score is not None:
        import pandas as pd

        numeric = pd.to_numeric(score, errors="coerce")
        if numeric.isna().any():
            raise InputError(f"Column {score.name!r} must hold numbers only.", "score")
        scores = numeric.to_numpy(dtype=float)
    positive = _positive(y, params.get("positive"))
    if cost_ratio <= 0 or not np.isfinite(cost_ratio):
        raise InputError("The cost ratio must be a positive number.", "cost_ratio")
    try:
        result = assess(
            y.to_numpy(),
            y_pred=None if prediction is None else prediction.to_numpy(),
            scores=scores,
            folds=None if fold is None else fold.to_numpy(),
            pos_label=positive,
        )
    except ValueError as exc:
        raise InputError(str(exc), "label") from None
    r = _check_ratio(float(result.ratio if ratio is None else ratio))
    from phidelta.measures import phi_delta

    pd_ = phi_delta(result.counts, ratio=r, zero_division=np.nan)
    payload: dict[str, Any] = {
        "kind": "classifier",
        "ratio": r,
        "actual_ratio": result.ratio,
        "positive": _plain(result.positive),
        "cost_ratio": cost_ratio,
        "folds": [
            {"name": str(f), "phi": p, "delta": d}
            for f, p, d in zip(result.folds, _floats(pd_.phi), _floats(pd_.delta), strict=True)
        ],
        "diamond": _diamond_payload(r, ["accuracy", "bias"]),
    }
    ok = np.isfinite(pd_.phi) & np.isfinite(pd_.delta)
    if ok.any():
        ring = spread_ellipse(pd_.phi[ok], pd_.delta[ok])
        payload["mean"] = {"phi": float(pd_.phi[ok].mean()), "delta": float(pd_.delta[ok].mean())}
        payload["ellipse"] = {"phi": _floats(ring[:, 0]), "delta": _floats(ring[:, 1])}
    if result.tables is not None:
        table = result.pooled_table()
        curve = roc_curve(table)
        hull = roc_convex_hull(table)
        best = optimal_points(table, ratio=r, cost_ratio=cost_ratio)
        segment = line_in_box(
            (best.fpr[0], best.tpr[0]), isometric_slope(ratio=r, cost_ratio=cost_ratio)
        )
        calibrator = IsotonicCalibrator().fit_table(table)
        grid = np.linspace(table.scores.min(), table.scores.max(), 200)
        payload["roc"] = {
            "fpr": _floats(curve.fpr),
            "tpr": _floats(curve.tpr),
            "auc": curve.auc(),
            # totals: the coverage space (Flach Fig. 2.7) is the ROC space scaled by N and P
            "positives": table.total_positives,
            "negatives": table.total_negatives,
            "hull": {"fpr": _floats(hull.fpr), "tpr": _floats(hull.tpr), "auc": hull.auc()},
            "optimal": {
                "fpr": _floats(best.fpr),
                "tpr": _floats(best.tpr),
                "threshold": _floats(best.thresholds),
                "accuracy": _floats(best.accuracy),
            },
            "isometric": {
                "fpr": _floats(segment[:, 0]) if len(segment) else [],
                "tpr": _floats(segment[:, 1]) if len(segment) else [],
            },
        }
        payload["calibration"] = {
            "score": _floats(grid),
            "probability": _floats(calibrator.transform(grid)),
        }
    return payload


def multiclass_view(frame: Any, params: dict[str, Any]) -> dict[str, Any]:
    if params.get("matrix"):
        try:
            counts = frame.to_numpy(dtype=float)
        except (TypeError, ValueError):
            raise InputError("A confusion matrix must hold numbers only.", "file") from None
        try:
            matrices = ConfusionMatrix(counts)
        except ValueError as exc:
            raise InputError(str(exc), "file") from None
        names = ["matrix"]
    else:
        y = _column(frame, params.get("label"), "label")
        p = _column(frame, params.get("prediction"), "prediction")
        if y is None or p is None:
            raise InputError("Choose the label and the prediction columns.", "prediction")
        truth, guess = y.astype(str).to_numpy(), p.astype(str).to_numpy()
        classes = sorted(set(truth) | set(guess))
        fold = _column(frame, params.get("fold"), "fold")
        try:
            if fold is None:
                matrices, names = (
                    ConfusionMatrix.from_labels(truth, guess, classes=classes),
                    ["all"],
                )
            else:
                matrices, groups = ConfusionMatrix.from_groups(
                    truth, guess, fold.to_numpy(), classes=classes
                )
                names = [str(g) for g in groups]
        except ValueError as exc:
            raise InputError(str(exc), "prediction") from None
    balance = entropy_balance(matrices)
    coords = extended_triangle(balance)
    return {
        "kind": "multiclass",
        "names": names,
        "joint": coords.joint.tolist(),
        "input": coords.input.tolist(),
        "output": coords.output.tolist(),
        "fractions": balance.joint_fractions.tolist(),
        "mutual_information": _floats(balance.mutual_information),
        "accuracy": _floats(balance.accuracy),
    }

"""What the JSON API takes and gives: enums for its choices, typed requests and responses.

The view payloads are computed in worker processes and sent as JSON bytes; these models are
their description (the OpenAPI schema, checked against real answers by the schemathesis test).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from phidelta.data import HEADER_CHOICES
from phidelta.measures import MEASURES
from phidelta.signatures import RANKINGS


class AnalysisKind(StrEnum):
    """What an analysis shows."""

    signature = "signature"  # features of a class column in the φ-δ diamond
    classifier = "classifier"  # predictions or scores against labels, per fold
    multiclass = "multiclass"  # the entropy triangle of confusion matrices


class Numeric(StrEnum):
    """How a numeric feature enters a signature."""

    soft = "soft"
    threshold = "threshold"


class ExampleName(StrEnum):
    """The built-in example data sets."""

    climate = "climate"


# the one list of rankings (phidelta.signatures.RANKINGS) and of matrix header choices
Ranking = StrEnum("Ranking", {name: name for name in RANKINGS})  # type: ignore[misc]
MatrixHeader = StrEnum("MatrixHeader", {name: name for name in HEADER_CHOICES})  # type: ignore[misc]
# the measures of the registry (phidelta.measures.MEASURES), for the corrected t-test
MeasureName = StrEnum("MeasureName", {m.name: m.name for m in MEASURES})  # type: ignore[misc]

#: the interval switch's defaults and the bounds of its bootstrap resamples
CONFIDENCE_LEVEL = 0.95
N_RESAMPLES = 2000
MIN_RESAMPLES = 100
MAX_RESAMPLES = 10_000

Scalar = int | float | str | bool | None
Numbers = list[float | None]  # null where a number is undefined (0/0)


# --- errors -----------------------------------------------------------------------------------
class ErrorDetail(BaseModel):
    message: str = Field(..., description="what went wrong and how to fix it")
    field: str | None = Field(None, description="the form field it concerns, if any")
    limit: str | None = Field(
        None, description="the exceeded server limit (max_upload_bytes, max_columns, ...)"
    )


class ErrorResponse(BaseModel):
    """Every error answer of the API except 422 (FastAPI's validation errors)."""

    detail: ErrorDetail


# --- datasets ---------------------------------------------------------------------------------
class Column(BaseModel):
    name: str
    dtype: str
    distinct: int = Field(..., description="number of distinct values (missing ones left out)")
    values: list[Scalar] = Field(..., description="up to 50 distinct values, in text order")
    positive: Scalar = Field(
        None,
        description="for two classes, the positive class the package's rule implies (1 or "
        "True for 0/1, ±1 and boolean classes); null when it must be chosen",
    )


class MatrixShape(BaseModel):
    classes: list[str] = Field(..., description="the classes of a labelled confusion matrix")


class DatasetItem(BaseModel):
    id: str
    name: str = Field(..., description="the uploaded file's name, as a label")
    format: str = Field(..., description="csv, tsv or parquet")
    created: float = Field(..., description="seconds since the epoch")


class Dataset(DatasetItem):
    rows: int
    columns: list[Column]
    matrix: MatrixShape | None = Field(
        None,
        description="set when the table is a labelled k × k confusion matrix (a first column "
        "of row names equal to the other columns' names)",
    )


class Deleted(BaseModel):
    deleted: str = Field(..., description="the id of what was deleted")


class Example(BaseModel):
    name: ExampleName
    description: str


# --- analyses ---------------------------------------------------------------------------------
class AnalysisParams(BaseModel):
    """The roles of a dataset's columns and how to read them."""

    label: str | None = Field(None, max_length=500, description="class / true-label column")
    positive: str | None = Field(None, max_length=500, description="the positive class")
    prediction: str | None = Field(None, max_length=500)
    score: str | None = Field(None, max_length=500)
    fold: str | None = Field(None, max_length=500)
    group: str | None = Field(
        None,
        max_length=500,
        description="column of group ids (patient, speaker, document, site) when several rows "
        "belong to one group: no feature, and every interval resamples whole groups (cluster "
        "bootstrap; the AUC's is Obuchowski's clustered interval); what has no clustered form "
        "is left out of the view and named in its groups note (phidelta.data's Roles(group=), "
        "the command line's --group); not for a confusion matrix file",
    )
    threshold: str | None = Field(
        None,
        max_length=64,
        description='score cut (a number or "optimal"); default 0.5 for scores in [0, 1], else 0',
    )
    numeric: Numeric = Field(Numeric.soft, description="how numeric features enter a signature")
    compare_prediction: str | None = Field(
        None, max_length=500, description="classifier analyses: a second classifier's predictions"
    )
    compare_score: str | None = Field(
        None, max_length=500, description="classifier analyses: a second classifier's scores"
    )
    compare_measure: MeasureName | None = Field(  # type: ignore[valid-type]
        None, description="the per-fold measure of the corrected t-test (default accuracy)"
    )
    missing_values: str | None = Field(
        None,
        max_length=1000,
        description="text read as missing besides empty cells, separated by commas (e.g. "
        '"NA, -99"); in a column of numbers the common markers (NA, NaN, null, None, ?) are '
        "missing anyway (phidelta.data's missing_values=)",
    )
    ignore: str | None = Field(
        None,
        max_length=2000,
        description="signatures: columns left out of the features, separated by commas (an "
        "identifier, a copy of the label: kinds={column: 'ignore'})",
    )
    matrix: bool = Field(False, description="the dataset is a confusion matrix")
    header: MatrixHeader = Field(
        MatrixHeader("auto"), description="matrix header row: auto, yes or no"
    )
    intervals: bool = Field(
        False,
        description="every measure with its interval, bands on the ROC curves, reliability "
        "intervals (phidelta.inference.measure_intervals, roc_band, reliability_intervals); "
        "in a multi-class view every number of the triangle's table with its interval and "
        "segments in the triangle (matrix_intervals); bootstrap seeded with 0; a view's query "
        "overrides it",
    )
    confidence_level: float = Field(
        CONFIDENCE_LEVEL, gt=0, lt=1, description="the intervals' confidence level, in (0, 1)"
    )
    n_resamples: int = Field(
        N_RESAMPLES,
        ge=MIN_RESAMPLES,
        le=MAX_RESAMPLES,
        description="resamples of the intervals' bootstrap",
    )


class AnalysisRequest(AnalysisParams):
    """What to analyse: a dataset and the roles of its columns."""

    dataset_id: str = Field(..., max_length=64)
    kind: AnalysisKind = AnalysisKind.signature


class StoredParams(BaseModel):
    """Parameters as stored (analyses of older versions may lack some)."""

    label: str | None = None
    positive: str | None = None
    prediction: str | None = None
    score: str | None = None
    fold: str | None = None
    group: str | None = None
    threshold: str | None = None
    numeric: str | None = None
    compare_prediction: str | None = None
    compare_score: str | None = None
    compare_measure: str | None = None
    missing_values: str | None = None
    ignore: str | None = None
    matrix: bool | None = None
    header: str | None = None
    intervals: bool | None = None
    confidence_level: float | None = None
    n_resamples: int | None = None


class AnalysisItem(BaseModel):
    id: str
    dataset_id: str
    kind: AnalysisKind
    params: StoredParams
    created: float


class Point(BaseModel):
    phi: float
    delta: float


class Curve(BaseModel):
    phi: Numbers
    delta: Numbers


class Isometric(Curve):
    value: float


class Corner(Point):
    classifier: str
    feature: str


class DiamondShape(BaseModel):
    border: Curve
    corners: dict[str, Corner]
    isometrics: dict[str, list[Isometric]]


class Feature(BaseModel):
    index: int
    name: str
    kind: str
    specificity: float | None
    sensitivity: float | None
    phi: float | None = Field(..., description="φ at the view's ratio")
    delta: float | None = Field(..., description="δ at the view's ratio")
    phi_standard: float | None = Field(..., description="φ at ratio 1")
    delta_standard: float | None = Field(..., description="δ at ratio 1")
    information_gain: float | None
    pvalue: float | None = Field(
        None,
        description="the feature's p-value (with ?significance=true): Fisher's exact test "
        "or the permutation test of |δ|, as Significance.method says",
    )
    qvalue: float | None = Field(
        None, description="the Benjamini–Hochberg adjusted p-value (with ?significance=true)"
    )
    phi_low: float | None = Field(None, description="with the interval switch: φ at ratio 1")
    phi_high: float | None = None
    delta_low: float | None = Field(None, description="with the interval switch: δ at ratio 1")
    delta_high: float | None = None
    sensitivity_low: float | None = None
    sensitivity_high: float | None = None
    specificity_low: float | None = None
    specificity_high: float | None = None


class Significance(BaseModel):
    """Which features depend on the class by more than chance (``?significance=true``)."""

    method: Literal["fisher", "permutation"] = Field(
        ...,
        description="the library's rule (Signature.default_test): Fisher's exact test of the "
        "2×2 table when every feature is binary or nominal, else the permutation test of |δ| "
        "(a threshold feature's cut searched again in every permutation)",
    )
    permutations: int | None = Field(
        None, description="permutations of the permutation test (seed 0); null for Fisher"
    )
    adjustment: Literal["benjamini-hochberg"]
    fdr: float = Field(..., description="the false discovery rate features are marked at")
    tested: int = Field(..., description="features with a p-value")
    significant: list[int] = Field(..., description="feature indices with q-value ≤ fdr")
    optimistic: list[int] = Field(
        default_factory=list,
        description="numeric features tested by Fisher's test in threshold mode (only when "
        "the rows to permute are gone): their cut was chosen on the data to maximize |δ|, "
        "which Fisher's test ignores, so their p-values are optimistic",
    )


MISSING = (
    "what was read as missing, per column, and the common markers kept as categories "
    "(phidelta.data.describe_missing); empty when nothing was"
)


class Groups(BaseModel):
    """With a group column: the rows come in groups (patients, speakers, documents, sites) and
    no interval of the view treats a group's rows as independent (the command line's groups
    note)."""

    column: str = Field(..., description="the group column")
    count: int = Field(..., description="the number of groups")
    random_state: int = Field(..., description="the seed of the cluster bootstrap")
    methods: dict[str, str] = Field(
        ...,
        description="what resamples whole groups and how: e.g. measures → cluster_bca, auc → "
        "obuchowski, roc_band → the band's construction, mcnemar → durkalski",
    )
    left_out: list[str] = Field(
        default_factory=list,
        description="what has no clustered form and is not in the view (regions, reliability, "
        "scoring, significance), as asked for",
    )
    text: str = Field(..., description="the note, as the page shows it")


class Figure(BaseModel):
    """A Plotly figure specification (phidelta.rendering.plotly): the page draws it as sent
    (``Plotly.react(element, data, layout)``); data-borne names in it are escaped."""

    data: list[dict[str, Any]] = Field(..., description="the traces")
    layout: dict[str, Any]


class DiagramFigures(BaseModel):
    plot: Figure = Field(..., description="the φ-δ diagram")
    small_annotations: list[dict[str, Any]] = Field(
        ..., description="the corner names of a narrow plot (a phone): a word a line"
    )


class ClassifierFigures(DiagramFigures):
    roc: Figure | None = Field(None, description="with scores: ROC, hull, best iso-cost line")
    coverage: Figure | None = Field(None, description="the same in the coverage space")
    precision_recall: Figure | None = Field(
        None, description="with scores: precision–recall curves (with the intervals, bands)"
    )
    calibration: Figure | None = Field(None, description="with scores: the calibration map")
    decision: Figure | None = Field(
        None, description="with predicted probabilities: the decision curve (net benefit)"
    )
    threshold_scan: Figure | None = Field(
        None,
        description="with scores: the first classifier's classification error, signal "
        "efficiency and background acceptance against the threshold (Jiřina 2005, Figs. 2-3)",
    )
    calibration_curves: Figure | None = Field(
        None,
        description="with predicted probabilities: rms's val.prob plot (lowess, logistic "
        "calibration, isotonic map)",
    )


class TriangleFigures(BaseModel):
    plot: Figure = Field(..., description="the entropy triangle")


class SignatureView(BaseModel):
    kind: Literal["signature"]
    ratio: float
    actual_ratio: float
    positive: Scalar
    rows_left_out: int
    missing: str = Field("", description=MISSING)
    features: list[Feature]
    order: list[int] = Field(..., description="feature indices, best first")
    selected: list[int] = Field(..., description="feature indices chosen by the rule")
    diamond: DiamondShape
    significance: Significance | None = Field(
        None,
        description="with ?significance=true; not with a group column (its p-values treat "
        "rows as independent)",
    )
    intervals: FeatureIntervalInfo | None = Field(None, description="with the interval switch")
    groups: Groups | None = Field(None, description="with a group column")
    figures: DiagramFigures


class Fold(BaseModel):
    name: str
    phi: float | None
    delta: float | None
    tn: float | None
    fp: float | None
    fn: float | None
    tp: float | None


class RocPoints(BaseModel):
    fpr: Numbers
    tpr: Numbers


class RocHull(RocPoints):
    auc: float


class OptimalPoints(RocPoints):
    """The cost-optimal points of the pooled ROC curve at the view's ratio and cost ratio."""

    threshold: Numbers
    accuracy: Numbers
    ratio: float = Field(..., description="the class ratio N/P they are optimal at")
    cost_ratio: float = Field(..., description="the cost ratio c_FN/c_FP they are optimal at")


class RocBandView(RocPoints):
    """phidelta.inference.roc_band of the pooled scores (vertical averaging on a grid of
    false positive rates)."""

    low: Numbers
    high: Numbers
    simultaneous_low: Numbers
    simultaneous_high: Numbers
    confidence_level: float
    method: str = Field(..., description="the construction, as roc_band names it")
    random_state: int


class ThinnedRoc(BaseModel):
    """A pooled ROC curve as a view sends it: thinned for drawing, its AUC exact."""

    fpr: Numbers = Field(
        ...,
        description="false positive rates of the curve's vertices, thinned as the figures draw "
        "them (phidelta.geometry.thin_polyline): a curve of more than 1,000 vertices keeps "
        "those within half a pixel of a 1,000-pixel plot (0.0005 of the unit square), each "
        "kept vertex exact; every vertex is in GET /api/analyses/{id}/roc.csv",
    )
    tpr: Numbers = Field(..., description="true positive rates of the same vertices")
    auc: float = Field(..., description="the area under the full curve (ties count half)")
    points: int = Field(
        ...,
        description="the number of vertices of the full curve (phidelta.measures.roc_curve); "
        "more than len(fpr) when it was thinned",
    )


class Roc(ThinnedRoc):
    positives: float
    negatives: float
    hull: RocHull
    optimal: OptimalPoints
    isometric: RocPoints
    band: RocBandView | None = Field(None, description="with the interval switch")


class OperatingPoint(BaseModel):
    """Where the folds' counts sit, pooled, in the ROC space, and what chose them."""

    fpr: float | None
    tpr: float | None
    threshold: float | None = Field(..., description="the scores' cut (null for predictions)")
    rule: Literal["predictions", "default", "given", "optimal"] = Field(
        ...,
        description="the prediction column, the default cut (0.5 for scores in [0, 1], else "
        "0), a given threshold, or the cost-optimal cut at the data's own N/P with equal costs",
    )
    ratio: float | None = Field(None, description='the N/P "optimal" was decided at')
    cost_ratio: float | None = Field(None, description='the cost ratio "optimal" was decided at')
    text: str = Field(..., description="how the cut was chosen, as the page says it")


class IntervalInfo(BaseModel):
    """How the intervals of a table were made (phidelta.inference.measure_intervals)."""

    confidence_level: float
    n_resamples: int = Field(..., description="resamples of the bootstrap methods")
    random_state: int = Field(
        ..., description="the bootstrap's seed: the same file, the same intervals"
    )
    methods: dict[str, str] = Field(..., description="the method of each measure's interval")


class FeatureIntervalInfo(IntervalInfo):
    soft: list[int] = Field(
        ..., description="feature indices with soft (non-integer) counts: no interval"
    )


class MeasureRows(BaseModel):
    """phidelta.assessment.Assessment.summary, column by column."""

    index: list[str] = Field(..., description='fold ids, then "pooled", "mean" and "std"')
    columns: dict[str, Numbers] = Field(
        ...,
        description="counts, measures, Wilson 95% intervals of the rates (*_low, *_high) and "
        "with scores the AUC with DeLong's 95% interval; with the interval switch every "
        "measure's *_low and *_high at its level; null where undefined",
    )
    intervals: IntervalInfo | None = Field(None, description="with the interval switch")


class PairedTest(BaseModel):
    test: str
    statistic: float | None
    pvalue: float | None
    detail: str


class RocCurve(ThinnedRoc):
    band: RocBandView | None = Field(None, description="with the interval switch")


class ComparisonView(BaseModel):
    """A second classifier on the same rows and the paired tests (phidelta.comparison)."""

    names: list[str]
    verdict: str
    measure: str = Field(..., description="the per-fold measure of the corrected t-test")
    tests: list[PairedTest] = Field(..., description="McNemar, DeLong, corrected resampled t")
    per_fold: dict[str, Numbers] = Field(..., description="the measure per fold, a and b")
    threshold: float | None
    operating_point: OperatingPoint
    folds: list[Fold]
    mean: Point | None = None
    ellipse: Curve | None = None
    table: MeasureRows
    roc: RocCurve | None = None


class Region(BaseModel):
    """A confidence region: the four corners (φ, δ) of a parallelogram, in order around it."""

    phi: Numbers
    delta: Numbers


class MaybePoint(BaseModel):
    phi: float | None
    delta: float | None


class Regions(BaseModel):
    """The joint confidence regions of (φ, δ) (``?regions=true``; see
    ``phidelta.inference.phi_delta_region``)."""

    level: float = Field(..., description="the joint confidence level")
    method: Literal["exact", "bootstrap"] = Field(
        ..., description="Clopper–Pearson (integer counts) or a seeded bootstrap (soft counts)"
    )
    folds: list[Region | None] = Field(
        ..., description="one per fold; null without positives or negatives"
    )
    pooled: Region | None = Field(..., description="the region of the folds' counts added up")
    pooled_point: MaybePoint = Field(..., description="(φ, δ) of the pooled counts")


class Reliability(BaseModel):
    """Ten equal-width bins of probabilities with each bin's Wilson interval
    (phidelta.inference.reliability_intervals)."""

    mean_predicted: Numbers
    observed: Numbers
    low: Numbers
    high: Numbers
    count: Numbers
    confidence_level: float
    method: str


class Calibration(BaseModel):
    """The isotonic calibration map: the polyline through its turns, flat to the window's
    edges, and the score range to show ([0, 1] for probabilities, else where it changes)."""

    score: Numbers
    probability: Numbers
    window: tuple[float, float]
    clipped: bool = Field(..., description="the window leaves out scores where the map is flat")
    reliability: Reliability | None = Field(
        None,
        description="with the interval switch, for scores in [0, 1]; not with a group column "
        "(Wilson's intervals treat rows as independent)",
    )


class NamedNumber(BaseModel):
    name: str
    value: float | None


class DecisionBand(BaseModel):
    confidence_level: float
    n_resamples: int
    random_state: int = Field(..., description="the bootstrap's seed")
    method: str


class Scoring(BaseModel):
    """Predicted probabilities: the numbers ``phidelta calibration`` and ``phidelta decision``
    print for the pooled scores."""

    statistics: list[NamedNumber] = Field(
        ...,
        description="rms's val.prob statistics (Dxy … S:p), Hosmer–Lemeshow's test (HL:*) "
        "and the expected calibration errors",
    )
    rows: int = Field(..., description="the rows they are computed from")
    decision: dict[str, Numbers] = Field(
        ...,
        description="threshold_probability, treat_all, treat_none and model:net_benefit, "
        "model:standardized_net_benefit, model:net_interventions_avoided (per 100); with the "
        "interval switch model:net_benefit_low, _high, _simultaneous_low, _simultaneous_high",
    )
    band: DecisionBand | None = Field(None, description="with the interval switch")


class ClassifierView(BaseModel):
    kind: Literal["classifier"]
    ratio: float
    actual_ratio: float
    positive: Scalar
    threshold: float | None
    rows_left_out: int
    missing: str = Field("", description=MISSING)
    cost_ratio: float
    folds: list[Fold]
    diamond: DiamondShape
    mean: Point | None = None
    ellipse: Curve | None = None
    table: MeasureRows
    operating_point: OperatingPoint
    threshold_note: str | None = Field(
        None,
        description="the default cut puts every row on one side (phidelta.exceptions."
        "ThresholdWarning): set the threshold",
    )
    roc: Roc | None = None
    calibration: Calibration | None = None
    regions: Regions | None = Field(
        None, description="with ?regions=true; not with a group column (no clustered form)"
    )
    comparison: ComparisonView | None = None
    scoring: Scoring | None = Field(
        None,
        description="with predicted probabilities: calibration statistics, decision curve "
        "(not with a group column: they treat rows as independent)",
    )
    groups: Groups | None = Field(None, description="with a group column")
    figures: ClassifierFigures


class PooledBalance(BaseModel):
    fractions: Numbers = Field(..., description="ΔH′, 2MI′, VI′")
    mutual_information: float | None
    accuracy: float | None


class PooledTriangleIntervals(BaseModel):
    """The intervals of the pooled row of the triangle's table."""

    fractions_low: Numbers = Field(..., description="ΔH′, 2MI′, VI′")
    fractions_high: Numbers
    mutual_information_low: float | None
    mutual_information_high: float | None
    accuracy_low: float | None
    accuracy_high: float | None


class TriangleIntervals(BaseModel):
    """The intervals of the triangle's table (phidelta.inference.matrix_intervals: a bootstrap
    of the rows behind each matrix, as ``phidelta triangle --confidence-level`` prints them)."""

    confidence_level: float
    n_resamples: int = Field(..., description="resamples of the bootstrap")
    random_state: int = Field(
        ..., description="the bootstrap's seed: the same file, the same intervals"
    )
    method: str = Field(..., description='"bca", with a group column "cluster_bca"')
    fractions_low: list[Numbers] = Field(..., description="ΔH′, 2MI′, VI′ per matrix")
    fractions_high: list[Numbers]
    mutual_information_low: Numbers
    mutual_information_high: Numbers
    accuracy_low: Numbers = Field(..., description="null for undeclared outputs")
    accuracy_high: Numbers
    pooled: PooledTriangleIntervals | None = Field(
        None, description="the matrices added up (with several matrices)"
    )
    segments: list[list[list[Numbers]]] = Field(
        ...,
        description="per point drawn (each matrix's F_XY, or the pooled star's alone with "
        "several matrices), three segments (ΔH′, 2MI′, VI′), each two ends (x, y): the "
        "intervals across the level lines (phidelta.geometry.ternary_interval_segments)",
    )


class MulticlassView(BaseModel):
    kind: Literal["multiclass"]
    names: list[str]
    classes: list[str]
    rows_left_out: int
    missing: str = Field("", description=MISSING)
    joint: list[Numbers]
    input: list[Numbers]
    output: list[Numbers]
    fractions: list[Numbers]
    mutual_information: Numbers
    accuracy: Numbers
    pooled: list[Numbers] | None = Field(
        None, description="F_X, F_XY and F_Y of all matrices added up (with several matrices)"
    )
    pooled_row: PooledBalance | None = Field(
        None, description="the table row of all matrices added up (with several matrices)"
    )
    grid: dict[str, list[list[Numbers]]] = Field(
        default_factory=dict, description="level lines of ΔH′, 2MI′ and VI′ at 0.2 … 0.8"
    )
    intervals: TriangleIntervals | None = Field(None, description="with the interval switch")
    groups: Groups | None = Field(None, description="with a group column")
    figures: TriangleFigures


View = Annotated[SignatureView | ClassifierView | MulticlassView, Field(discriminator="kind")]


class DatasetRef(BaseModel):
    id: str
    name: str


class Analysis(AnalysisItem):
    dataset: DatasetRef
    view: View


class AnalysisCreated(AnalysisItem):
    url: str = Field(..., description="the page of the analysis")
    view: View

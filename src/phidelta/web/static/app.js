"use strict";
// phidelta web page: every number comes from the JSON API (/docs lists it).

const state = {dataset: null, analysis: null, view: null, highlight: new Set(), sort: "delta",
               isometrics: new Set(["accuracy"])};
const $ = (id) => document.getElementById(id);
// Plotly renders a subset of HTML in text, names and hover labels: the figures come from the
// server (phidelta.rendering.plotly) with data-borne strings (column, feature, fold and class
// names) escaped; the page adds no text of its own to them
const ISOMETRICS = ["accuracy", "bias", "sensitivity", "specificity", "precision",
  "negative_predictive_value", "information_gain"];

function clearErrors() {
  document.querySelectorAll(".error").forEach((e) => { e.textContent = ""; });
}
function showError(detail) {
  const info = (detail && detail.detail) || detail || {};
  let message = info.message || info.detail || String(detail);
  let field = info.field || "general";
  if (Array.isArray(info)) {  // FastAPI validation errors
    message = info.map((e) => `${(e.loc || []).join(".")}: ${e.msg}`).join("; ");
    const last = (info[0] && info[0].loc || []).slice(-1)[0];
    field = ["ratio", "cost_ratio"].includes(last) ? last :
      (["phi_max", "delta_min", "k"].includes(last) ? "rule" : "general");
  }
  const target = document.querySelector(`.error[data-field="${field}"]`) ||
                 document.querySelector('.error[data-field="general"]');
  target.textContent = message;
}
async function api(method, url, body) {
  const options = {method, headers: {}};
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) {
    options.body = JSON.stringify(body);
    options.headers["Content-Type"] = "application/json";
  }
  const response = await fetch(url, options);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = {detail: {message: text}}; }
  if (!response.ok) { throw data || {detail: {message: response.statusText}}; }
  return data;
}

// --- 1. data --------------------------------------------------------------------------------
function fillSelect(select, options, {empty = null, chosen = null} = {}) {
  select.innerHTML = "";
  if (empty !== null) select.add(new Option(empty, ""));
  options.forEach((o) => select.add(new Option(String(o), String(o))));
  if (chosen !== null) select.value = String(chosen);
}
// a list of names for a sentence: the first twelve, then how many more
function nameList(names) {
  return names.length <= 12 ? names.join(", ") :
    `${names.slice(0, 12).join(", ")}, … (${names.length - 12} more)`;
}
function datasetLoaded(dataset) {
  state.dataset = dataset;
  // a labelled confusion matrix is described, and analysed, as one
  $("dataset-info").textContent = dataset.matrix ?
    `${dataset.name}: a ${dataset.matrix.classes.length}×${dataset.matrix.classes.length} ` +
      `confusion matrix (classes ${nameList(dataset.matrix.classes)}); ` +
      "analysed as a multi-class entropy triangle" :
    `${dataset.name}: ${dataset.rows} rows, ${dataset.columns.length} columns ` +
      `(${nameList(dataset.columns.map((c) => c.name))})`;
  const names = dataset.columns.map((c) => c.name);
  fillSelect($("label"), names);
  // a likely class column: the first one with two values
  const binary = dataset.columns.filter((c) => c.distinct === 2);
  if (binary.length) $("label").value = binary[0].name;
  ["prediction", "score", "fold", "group", "compare-prediction", "compare-score"].forEach((id) =>
    fillSelect($(id), names, {empty: "(none)"}));
  if (dataset.matrix) {
    $("kind").value = "multiclass";
    $("matrix").checked = true;
  }
  updatePositive();
  $("setup-section").hidden = false;
  updateKind();
}
function labelColumn() {
  return ((state.dataset && state.dataset.columns) || []).find((c) => c.name === $("label").value);
}
// the positive class: preselected where the package's rule implies it (0/1, ±1, true/false),
// else chosen by the user from the column's classes
function updatePositive() {
  const column = labelColumn();
  const values = column ? column.values : [];
  const implied = column && column.positive !== null && column.positive !== undefined;
  fillSelect($("positive"), values, {empty: implied ? null : "choose…",
                                     chosen: implied ? column.positive : ""});
  $("positive-help").textContent = !column ? "" : implied ?
    `“${column.positive}” is the positive class (the class to detect), as usual for ` +
      `${values.join("/")} classes; choose the other to detect it instead.` :
    column.distinct === 2 ? `Choose the positive class: the one of ${values.join(" and ")} ` +
      "to detect (the other is the negative class)." : "";
}
// before asking the server: a binary analysis of two classes with no implied positive class
// needs the user's choice, asked next to the control
function positiveMissing() {
  const column = labelColumn();
  const binary = $("kind").value !== "multiclass";
  return binary && column && column.distinct === 2 && !$("positive").value;
}
function updateKind() {
  const kind = $("kind").value, matrix = $("matrix").checked;
  const show = (selector, visible) => document.querySelectorAll(`#setup-section ${selector}`)
    .forEach((e) => { e.hidden = !visible; });
  show(".signature-only", kind === "signature");
  show(".classifier-only", kind === "classifier");
  show(".predictions-only", kind !== "signature" && !matrix);
  show(".binary-only", kind !== "multiclass");
  show(".matrix-only", kind === "multiclass");
  show(".not-matrix", !(kind === "multiclass" && matrix));
}
async function upload(file) {
  clearErrors();
  const form = new FormData();
  form.append("file", file);
  try { datasetLoaded(await api("POST", "/api/datasets", form)); }
  catch (e) { showError(e); }
}

// --- 2. analysis ----------------------------------------------------------------------------
async function analyse() {
  clearErrors();
  if (positiveMissing()) {
    const values = labelColumn().values;
    showError({field: "positive", message: `Choose the positive class (${values.join(" or ")}): ` +
      "the class to detect."});
    $("positive").focus();
    return;
  }
  const body = {dataset_id: state.dataset.id, kind: $("kind").value, label: $("label").value,
    positive: $("positive").value || null, prediction: $("prediction").value || null,
    score: $("score").value || null, fold: $("fold").value || null,
    // a confusion matrix file has no rows to group
    group: ($("kind").value === "multiclass" && $("matrix").checked) ? null : $("group").value || null,
    numeric: $("numeric").value, matrix: $("matrix").checked, header: $("header").value,
    threshold: $("threshold").value.trim() || null,
    compare_prediction: $("compare-prediction").value || null,
    compare_score: $("compare-score").value || null,
    compare_measure: $("compare-measure").value || null,
    missing_values: $("missing-values").value.trim() || null,
    ignore: $("ignore-columns").value.trim() || null};
  try {
    const created = await api("POST", "/api/analyses", body);
    history.pushState({}, "", created.url);
    await openAnalysis(created.id);
  } catch (e) { showError(e); }
}
// what produced an analysis, in the page's words (a shared link shows it)
function settingsText(analysis) {
  const p = analysis.params;
  const parts = [];
  if (p.matrix) parts.push("the file as a confusion matrix");
  else if (p.label) parts.push(`class column ${p.label}`);
  if (analysis.kind !== "multiclass" && !p.matrix) {
    parts.push(`positive class ${p.positive === null || p.positive === undefined ?
      (analysis.view.positive === null ? "–" : `${analysis.view.positive} (implied)`) : p.positive}`);
  }
  if (analysis.kind === "signature") {
    parts.push(`numeric features: ${p.numeric === "threshold" ? "best single cut" : "soft counts"}`);
  }
  if (p.prediction) parts.push(`predictions ${p.prediction}`);
  if (p.score) parts.push(`scores ${p.score}`);
  if (analysis.kind === "classifier" && p.score && !p.prediction) {
    parts.push(`threshold ${p.threshold || "default"}`);
  }
  if (p.fold) parts.push(`folds ${p.fold}`);
  if (p.group) parts.push(`groups ${p.group}`);
  if (p.missing_values) parts.push(`missing values: empty cells and ${p.missing_values}`);
  if (p.ignore) parts.push(`columns left out: ${p.ignore}`);
  if (p.compare_prediction || p.compare_score) {
    parts.push(`compared with ${[p.compare_prediction, p.compare_score].filter((x) => x)
      .join(" / ")} (t-test of ${p.compare_measure || "accuracy"})`);
  }
  return `Made from ${analysis.dataset.name}: ${parts.join(", ")}.`;
}
// the view's settings as a query string: the link to this analysis carries them
function settingsQuery() {
  const q = new URLSearchParams();
  q.set("ratio", state.actualRatio ? "actual" : currentRatio().toPrecision(3));
  const kind = state.analysis && state.analysis.kind;
  if (kind === "classifier") {
    q.set("cost_ratio", $("cost-ratio").value);
    if ($("regions").checked) q.set("regions", "1");
    if ($("coverage").checked) q.set("coverage", "1");
  }
  if ($("intervals").checked) {
    q.set("intervals", "1");
    q.set("level", $("confidence-level").value);
  }
  if (kind === "signature") {
    q.set("sort", state.sort);
    q.set("iso", [...state.isometrics].join(","));
    q.set("phi_max", $("phi-max").value);
    q.set("delta_min", $("delta-min").value);
    q.set("k", $("k").value);
    if ($("significance").checked) q.set("significance", "1");
  }
  return q.toString();
}
function updateLink() {
  if (!state.analysis) return;
  const url = `/analyses/${state.analysis.id}?${settingsQuery()}`;
  $("permalink").href = url;
  if (location.pathname + location.search !== url) history.replaceState({}, "", url);
}
// the settings of a link (its query string) back into the controls; true when there were any
function restoreSettings(query, actual) {
  const q = new URLSearchParams(query);
  if (![...q.keys()].length) return false;
  const ratio = q.get("ratio");
  state.actualRatio = ratio === "actual" && actual >= 0.1 && actual <= 10;
  const value = ratio === "actual" ? actual : parseFloat(ratio);
  setRatioSlider(Math.min(10, Math.max(0.1, Number.isFinite(value) ? value : 1)));
  if (q.has("cost_ratio")) $("cost-ratio").value = q.get("cost_ratio");
  $("regions").checked = q.get("regions") === "1";
  $("coverage").checked = q.get("coverage") === "1";
  $("significance").checked = q.get("significance") === "1";
  $("intervals").checked = q.get("intervals") === "1";
  if (["0.9", "0.95", "0.99"].includes(q.get("level"))) $("confidence-level").value = q.get("level");
  [["phi_max", "phi-max"], ["delta_min", "delta-min"], ["k", "k"]].forEach(([key, id]) => {
    if (q.has(key)) $(id).value = q.get(key);
  });
  if (q.has("sort")) setSort(q.get("sort"));
  if (q.has("iso")) {
    state.isometrics = new Set(q.get("iso").split(",").filter((n) => ISOMETRICS.includes(n)));
    document.querySelectorAll("#isometric-toggles input").forEach((input) => {
      input.checked = state.isometrics.has(input.dataset.isometric); });
  }
  return true;
}
async function openAnalysis(id, query = "") {
  clearErrors();
  try {
    const analysis = await api("GET", `/api/analyses/${id}`);
    state.analysis = analysis;
    state.highlight = new Set();
    $("view-section").hidden = false;
    $("view-title").textContent = {signature: "Feature signature", classifier: "Classifier",
      multiclass: "Entropy triangle"}[analysis.kind] + ` of ${analysis.dataset.name}`;
    $("settings").textContent = settingsText(analysis);
    const actual = analysis.view.actual_ratio;
    $("actual-ratio").textContent = actual ? actual.toPrecision(4) : "–";
    setRatioSlider(1);  // the defaults, unless the link says otherwise
    state.actualRatio = false;
    $("regions").checked = false;  // regions and significance are off by default
    $("significance").checked = false;
    $("coverage").checked = false;
    $("cost-ratio").value = "1";
    // the switch as the analysis stored it, unless the link says otherwise
    $("intervals").checked = Boolean(analysis.params.intervals);
    $("confidence-level").value = String(analysis.params.confidence_level || 0.95);
    if (restoreSettings(query, actual)) await refresh();
    else render(analysis.view);
  } catch (e) {
    $("view-section").hidden = false;
    showError(e);
  }
}
// the interval switch of a view (table.intervals or view.intervals) as a query string suffix
function intervalSuffix(info) {
  return info ? `intervals=true&confidence_level=${info.confidence_level}&n_resamples=${info.n_resamples}` : "";
}
function percent(level) { return `${Number((100 * level).toPrecision(3))}%`; }
// "wilson: sensitivity, specificity; bca: mcc" — which method made which measure's interval
function methodsText(methods) {
  const by = {};
  Object.entries(methods).forEach(([m, how]) => { (by[how] = by[how] || []).push(m.replace(/_/g, " ")); });
  return Object.entries(by).map(([how, ms]) => `${how.replace(/_/g, " ")}: ${ms.join(", ")}`).join("; ");
}
function setRatioSlider(ratio) {
  $("ratio").value = Math.log10(ratio).toFixed(2);
  $("ratio-value").textContent = ratio.toPrecision(3);
}
function currentRatio() { return Math.pow(10, parseFloat($("ratio").value)); }
// the exact actual ratio is sent as "actual" (the slider's value is rounded in log10)
function ratioParam() { return state.actualRatio ? "actual" : currentRatio().toFixed(4); }
async function refresh() {
  if (!state.analysis) return;
  clearErrors();
  const params = new URLSearchParams({ratio: ratioParam(),
    rank: state.sort === "name" ? "delta" : state.sort,
    phi_max: $("phi-max").value, delta_min: $("delta-min").value, k: $("k").value,
    cost_ratio: $("cost-ratio").value});
  const kind = state.analysis.kind;
  if (kind === "classifier" && $("regions").checked) params.set("regions", "true");
  if (kind === "signature" && $("significance").checked) params.set("significance", "true");
  params.set("intervals", $("intervals").checked ? "true" : "false");
  if ($("intervals").checked) params.set("confidence_level", $("confidence-level").value);
  try { render(await api("GET", `/api/analyses/${state.analysis.id}/view?${params}`)); }
  catch (e) { showError(e); }
}
function setSort(key) {
  state.sort = key;
  document.querySelectorAll("#ranking th[data-sort]").forEach((h) => {
    h.textContent = h.textContent.replace(/ ▾$/, "") + (h.dataset.sort === key ? " ▾" : ""); });
}

// --- 3. views -------------------------------------------------------------------------------
function render(view) {
  state.view = view;
  updateLink();
  // what was read as missing (per column), where rows were left out
  const left = view.rows_left_out ?
    `${view.rows_left_out} row${view.rows_left_out === 1 ? "" : "s"} with a missing value left out. ` : "";
  $("missing-note").textContent = left + (view.missing ? `Missing values: ${view.missing}.` : "");
  // columns that look like no feature (a copy of the label, an identifier), by name
  $("suspect-note").hidden = !view.suspect;
  $("suspect-note").textContent = view.suspect ? `Suspect columns: ${view.suspect}.` : "";
  // the default cut on one side of every score (percentages, concentrations): every row positive
  $("threshold-note").hidden = !view.threshold_note;
  $("threshold-note").textContent = view.threshold_note ? `Threshold: ${view.threshold_note}.` : "";
  // the joint regions' level: the interval switch's when it is on (one switch for every interval)
  $("regions-level").textContent = percent(view.regions ? view.regions.level :
    ($("intervals").checked ? Number($("confidence-level").value) : 0.95));
  const kind = view.kind;
  document.querySelectorAll(".signature-view").forEach((e) => { e.hidden = kind !== "signature"; });
  document.querySelectorAll(".classifier-view").forEach((e) => { e.hidden = kind !== "classifier"; });
  document.querySelectorAll(".multiclass-view").forEach((e) => { e.hidden = kind !== "multiclass"; });
  document.querySelectorAll(".ratio-controls").forEach((e) => { e.hidden = kind === "multiclass"; });
  $("significance-note").hidden = !(kind === "signature" && view.significance);
  // with a group column: how many groups, what resamples them, what is left out (the server's)
  document.querySelectorAll(".groups-note").forEach((note) => {
    note.textContent = view.groups ? `Groups: ${view.groups.text}.` : "";
    note.hidden = !view.groups || (note.classList.contains("multiclass-view") && kind !== "multiclass");
  });
  if (kind === "signature") renderSignature(view);
  else if (kind === "classifier") renderClassifier(view);
  else renderTriangle(view);
}
// --- figures: the server sends each figure (phidelta.rendering.plotly, the same code as the
// notebook's and the report's); the page only picks what its controls show and draws it
const CONFIG = {responsive: true};
// a figure's traces without the isometric families switched off on the page
function visibleTraces(figure) {
  return figure.data.filter((t) => !(t.meta && t.meta.isometric) ||
    state.isometrics.has(t.meta.isometric));
}
// a plot narrower than this (a phone) gets side-corner labels a word a line (sent by the
// server) and a height that fits the diamond
const SMALL_PLOT = 480;
function smallPlot() { return $("plot").clientWidth < SMALL_PLOT; }
// in a half-width plot the legend goes below the diamond
const LEGEND_BELOW = {font: {size: 9}, orientation: "h", y: -0.18};
// a small plot (a phone): the height follows the width (equal units leave no empty band) and
// the legend sits at the bottom of the figure, below the axis title, in as many rows as needed
function fitSmallPlot(layout, traces, small) {
  if (!smallPlot()) return layout;
  const margin = layout.margin;
  const width = $("plot").clientWidth - margin.l - margin.r;
  const range = layout.xaxis.range;
  const area = Math.round(width * 2.32 / (range[1] - range[0]));
  const entries = traces.filter((t) => t.showlegend !== false).length;
  const rows = Math.ceil(entries / Math.max(1, Math.floor($("plot").clientWidth / 115)));
  // the φ axis's ticks and title take 45 px (the sent margin.b may also hold a legend below)
  const bottom = 45 + 12 + 30 * rows;  // a legend row is ~29 px high
  return Object.assign({}, layout, {height: area + margin.t + bottom,
    margin: Object.assign({}, margin, {b: bottom}), annotations: small,
    legend: {font: {size: 9}, orientation: "h", yref: "container", y: 0, yanchor: "bottom"}});
}
// draw the φ-δ diagram of a view as sent, with the page's isometric toggles and highlight
function drawDiagram(view, points) {
  const figure = view.figures.plot;
  // the signature view's toggles pick the isometric families; the classifier view shows
  // accuracy and bias, as sent
  const shown = view.kind === "signature" ? visibleTraces(figure) : figure.data;
  const traces = shown.map((t) => t.name === points ? highlighted(t) : t);
  let layout = figure.layout;
  // on a narrow screen the legend goes below, leaving the width to the diamond
  if (view.kind === "signature" && $("plot").clientWidth < 640) {
    layout = Object.assign({}, layout, {legend: LEGEND_BELOW});
  }
  Plotly.react("plot", traces, fitSmallPlot(layout, traces, view.figures.small_annotations),
               CONFIG)
    // Plotly.react keeps the top margin sent, not the one the title's automargin pushed to
    // hold it below the toolbar; a relayout pushes it again
    .then(() => Plotly.relayout("plot", {"title.automargin": true}));
  Plotly.Plots.resize("plot");  // the view's layout may have changed the plot's width
}
// the points picked on the page (rows or points clicked) pink and larger; customdata[1] is
// each point's index
const PINK = "deeppink";  // as the library's highlight
function highlighted(trace) {
  if (!state.highlight.size) return trace;
  const marker = trace.marker, n = trace.x.length;
  const pick = (value, i) => Array.isArray(value) ? value[i] : value;
  const chosen = trace.customdata.map((c) => state.highlight.has(c[1]));
  return Object.assign({}, trace, {marker: Object.assign({}, marker, {
    color: chosen.map((c, i) => c ? PINK : pick(marker.color, i)),
    size: chosen.map((c, i) => pick(marker.size, i) + (c ? 6 : 0)).slice(0, n)})});
}

// a p- or q-value as text: four decimals, or three significant digits below 0.001
function pText(v) {
  if (v === null || v === undefined) return "–";
  return v < 1e-3 ? v.toExponential(2) : v.toFixed(4);
}
// with ?significance=true: features with q ≤ the FDR are stars, the others circles
function significantSet(view) {
  return new Set(view.significance ? view.significance.significant : []);
}
function renderSignature(view) {
  const f = view.features;
  drawDiagram(view, "features");
  const plot = $("plot");
  if (!plot.dataset.bound) {
    plot.on("plotly_click", (event) => {
      const point = event.points.find((p) => p.data.name === "features");
      if (point) toggle(point.customdata[1]);
    });
    plot.dataset.bound = "1";
  }
  renderTable(view);
  const names = view.selected.map((i) => f[i].name);
  $("selected-list").textContent = names.length ? names.join(", ") : "none";
  const ratio = state.actualRatio ? "actual" : view.ratio.toFixed(4);
  $("download").href = `/api/analyses/${state.analysis.id}/signature.csv?ratio=${ratio}` +
    (view.significance ? "&significance=true" : "") +
    (view.intervals ? `&${intervalSuffix(view.intervals)}` : "&intervals=false");
  const fi = view.intervals;
  $("feature-intervals-note").hidden = !fi;
  $("feature-intervals-note").textContent = !fi ? "" :
    `In brackets the ${percent(fi.confidence_level)} intervals (${methodsText(fi.methods)}); ` +
    `those of φ and δ are at N/P = 1 (the measures' own ratio). ` +
    (fi.soft.length ? `No interval for soft counts: ${fi.soft.map((i) => view.features[i].name).join(", ")}.` : "");
  const s = view.significance;
  const test = !s ? "" : s.method === "fisher" ? "Fisher's exact test" :
    `A permutation test of |δ| (${s.permutations} permutations of the labels)`;
  $("significance-note").textContent = !s ? "" : s.tested === 0 ?
    "No feature could be tested." :
    `${test} of ${s.tested} features, Benjamini–Hochberg adjusted: ` +
    `${s.significant.length} with q ≤ ${s.fdr} (stars).` + (s.optimistic.length ?
      " The cuts of numeric features were chosen on these data, so their p-values are " +
      "optimistic." : "");
}
function renderTable(view) {
  const body = document.querySelector("#ranking tbody");
  body.innerHTML = "";
  const n = view.ratio / (1 + view.ratio), p = 1 / (1 + view.ratio);
  // "feature" sorts by name here; every other order comes ranked from the server
  const order = state.sort === "name" ? [...view.order].sort((a, b) =>
    view.features[a].name.localeCompare(view.features[b].name)) : view.order;
  const significant = significantSet(view);
  document.querySelectorAll("#ranking .significance-col").forEach((th) => {
    th.hidden = !view.significance; });
  order.forEach((i, rank) => {
    const x = view.features[i];
    const corner = Math.min(Math.hypot(x.phi, x.delta - 1),
                            Math.hypot(x.phi - 2 * (n - p), x.delta + 1));
    const row = body.insertRow();
    row.dataset.index = i;
    if (state.highlight.has(i)) row.classList.add("highlight");
    const cells = [rank + 1, x.name, x.kind, Math.abs(x.delta), corner, x.phi, x.delta,
                   x.specificity, x.sensitivity, x.information_gain];
    cells.forEach((v) => { row.insertCell().textContent =
      typeof v === "number" ? (Number.isInteger(v) ? v : v.toFixed(4)) : (v === null ? "–" : v); });
    if (view.intervals) {  // φ, δ, specificity, sensitivity: their intervals under the value
      const soft = view.intervals.soft.includes(i);
      [[5, "phi"], [6, "delta"], [7, "specificity"], [8, "sensitivity"]].forEach(([c, m]) => {
        const lo = x[`${m}_low`], hi = x[`${m}_high`];
        const small = document.createElement("span");
        small.className = "interval";
        small.textContent = soft ? "no interval for soft counts" : lo === null || hi === null ? "" :
          `${(m === "phi" || m === "delta") && Math.abs(view.ratio - 1) > 1e-9 ? "N/P = 1: " : ""}` +
          `[${lo.toFixed(3)}, ${hi.toFixed(3)}]`;
        small.title = soft ? "" : `${percent(view.intervals.confidence_level)} ${view.intervals.methods[m]} interval`;
        row.cells[c].append(small);
      });
    }
    if (view.significance) {
      [x.pvalue, x.qvalue].forEach((v) => { row.insertCell().textContent = pText(v); });
      if (significant.has(i)) row.cells[row.cells.length - 1].classList.add("significant");
    }
    row.addEventListener("click", () => toggle(i));
  });
}
function toggle(index) {
  if (state.highlight.has(index)) state.highlight.delete(index); else state.highlight.add(index);
  renderSignature(state.view);
}
function renderClassifier(view) {
  drawDiagram(view, null);
  renderRoc(view);
  renderScoring(view);
  renderMeasures(view);
}
// predicted probabilities: val.prob's statistics and the decision curve, as the server sent
function renderScoring(view) {
  const scoring = view.scoring;
  $("scoring").hidden = !scoring;
  if (!scoring) { Plotly.purge("decision"); Plotly.purge("calibration-curves"); return; }
  const table = $("calibration-stats");
  table.innerHTML = "";
  const head = table.createTHead().insertRow();
  ["statistic", "value"].forEach((n) => {
    const th = document.createElement("th"); th.textContent = n; head.append(th); });
  const body = table.createTBody();
  scoring.statistics.forEach((s) => {
    const row = body.insertRow();
    row.dataset.row = s.name;
    row.insertCell().textContent = s.name;
    row.insertCell().textContent = s.value === null ? "–" :
      (s.name === "HL:df" ? String(s.value) : (/:p$/.test(s.name) ? pText(s.value) : s.value.toFixed(4)));
  });
  const decision = view.figures.decision, curves = view.figures.calibration_curves;
  Plotly.react("decision", decision.data, decision.layout, CONFIG);
  Plotly.react("calibration-curves", curves.data, curves.layout, CONFIG);
  const b = scoring.band;
  $("scoring-note").textContent = `Of ${scoring.rows} rows.` + (b ? ` Decision-curve bands: ` +
    `${percent(b.confidence_level)}, ${b.method}, ${b.n_resamples} resamples, random_state = ` +
    `${b.random_state}.` : " Switch the intervals on for the decision curve's bands.");
}
// the ROC curve (or, ticked, the coverage space) with its hull, the folds' one operating point
// and the best iso-cost line at the view's class and cost ratios; the calibration map
function renderRoc(view) {
  const note = $("operating-note");
  // every vertex of the curves (the view's are thinned for drawing)
  $("download-roc").hidden = !view.roc;
  $("download-roc").href = `/api/analyses/${state.analysis.id}/roc.csv`;
  if (!view.roc) {
    Plotly.purge("roc"); Plotly.purge("precision-recall"); Plotly.purge("calibration");
    Plotly.purge("threshold-scan");
    note.textContent = "";
    return;
  }
  const r = view.roc, point = view.operating_point, best = r.optimal;
  const cmp = view.comparison;
  // coverage space (Flach Fig. 2.7): the same curves in counts, x·N and y·P
  const roc = $("coverage").checked ? view.figures.coverage : view.figures.roc;
  Plotly.react("roc", roc.data, roc.layout, CONFIG);
  const pr = view.figures.precision_recall;
  Plotly.react("precision-recall", pr.data, pr.layout, CONFIG);
  const cut = Number(best.threshold[0].toPrecision(3));
  note.textContent = `Operating point of the folds: ${point.text}. ` +
    `At N/P = ${best.ratio.toPrecision(3)} and a cost ratio c_FN/c_FP = ` +
    `${Number(best.cost_ratio.toPrecision(3))} the cost-optimal cut is score ≥ ${cut}, where ` +
    "the best iso-cost line touches the hull (set it as the threshold to use it).";
  const rel = view.calibration.reliability;
  if (r.band) note.textContent += ` ROC bands: ${r.band.method}, random_state = ` +
    `${r.band.random_state}` + (cmp ? "; each curve has its pointwise band (in the legend) and, " +
    "paler around it, its simultaneous band." : ".");
  if (rel) note.textContent += ` Calibration bins: ${rel.method}.`;
  const calibration = view.figures.calibration;
  Plotly.react("calibration", calibration.data, calibration.layout, CONFIG);
  // Jiřina's threshold dependence of the first classifier's pooled scores
  const scan = view.figures.threshold_scan;
  Plotly.react("threshold-scan", scan.data, scan.layout, CONFIG);
}
// a number of the measure table: counts whole, the rest with four decimals
function cellText(value, column) {
  if (value === null || value === undefined) return "–";
  if (["tn", "fp", "fn", "tp"].includes(column) && Number.isInteger(value)) return String(value);
  return value.toFixed(4);
}
// Assessment.summary as a table: a row per fold, pooled, mean, std; each rate with its 95%
// interval in brackets, the mean with ± std
function fillMeasureTable(table, rows, grouped) {
  const cols = rows.columns;
  const names = Object.keys(cols).filter((k) => !/_(low|high)$/.test(k));
  table.innerHTML = "";
  const head = table.createTHead().insertRow();
  ["row", ...names].forEach((n) => {
    const th = document.createElement("th");
    th.textContent = n.replace(/_/g, " ");
    const info = rows.intervals;
    if (info && info.methods[n]) th.title = `${percent(info.confidence_level)} interval in brackets: ${info.methods[n].replace(/_/g, " ")}`;
    else if (cols[`${n}_low`]) {
      const level = percent(info ? info.confidence_level : 0.95);
      th.title = n === "auc" ? `${grouped ? "Obuchowski's clustered" : "DeLong's"} ${level} interval in brackets` :
        `${grouped ? "the cluster bootstrap's" : "Wilson's"} ${level} interval in brackets`;
    }
    head.append(th);
  });
  const body = table.createTBody();
  const std = rows.index.indexOf("std");
  rows.index.forEach((label, i) => {
    const row = body.insertRow();
    row.dataset.row = label;
    if (["pooled", "mean", "std"].includes(label)) row.classList.add("summary-row");
    row.insertCell().textContent = label;
    names.forEach((n) => {
      const v = cols[n][i];
      const cell = row.insertCell();
      cell.textContent = cellText(v, n);
      // under the value: its 95% interval, or for the mean ± the std across folds
      const low = cols[`${n}_low`], high = cols[`${n}_high`];
      let under = "";
      if (low && low[i] !== null && high[i] !== null) {
        under = `[${low[i].toFixed(3)}, ${high[i].toFixed(3)}]`;
      } else if (label === "mean" && std >= 0 && v !== null && cols[n][std] !== null) {
        under = `± ${cols[n][std].toFixed(4)}`;
      }
      if (under) {
        const small = document.createElement("span");
        small.className = "interval";
        small.textContent = under;
        cell.append(small);
      }
    });
  });
}
function renderMeasures(view) {
  fillMeasureTable($("measures"), view.table, Boolean(view.groups));
  const info = view.table.intervals;
  $("download-measures").href = `/api/analyses/${state.analysis.id}/assessment.csv?` +
    (info ? intervalSuffix(info) : "intervals=false");
  $("intervals-note").hidden = !info;
  $("intervals-note").textContent = !info ? "" :
    `Intervals at ${percent(info.confidence_level)} for every measure (hover a column for its ` +
    `method): ${methodsText(info.methods)}; AUC: ${view.groups ? "Obuchowski (clustered)" : "DeLong"}. ` +
    `Bootstrap: ${info.n_resamples} resamples of the ${view.groups ? "groups' " : ""}counts, ` +
    `random_state = ${info.random_state}, so the same file gives the same intervals.`;
  const cmp = view.comparison;
  $("comparison").hidden = !cmp;
  if (!cmp) return;
  $("comparison-title").textContent = `${cmp.names[0]} against ${cmp.names[1]}: paired tests`;
  $("verdict").textContent = cmp.verdict;
  const tests = $("tests");
  tests.innerHTML = "";
  const head = tests.createTHead().insertRow();
  ["test", "statistic", "p-value", "what was compared"].forEach((n) => {
    const th = document.createElement("th"); th.textContent = n; head.append(th); });
  const body = tests.createTBody();
  cmp.tests.forEach((t) => {
    const row = body.insertRow();
    [t.test, t.statistic === null ? "–" : t.statistic.toFixed(4), pText(t.pvalue), t.detail]
      .forEach((v) => { row.insertCell().textContent = v; });
  });
  $("second-title").textContent = `Measures of ${cmp.names[1]} (${cmp.names[0]}'s are above)`;
  fillMeasureTable($("measures-b"), cmp.table, Boolean(view.groups));
}
function renderTriangle(view) {
  Plotly.react("plot", view.figures.plot.data, view.figures.plot.layout, CONFIG);
  const iv = view.intervals;
  const body = document.querySelector("#triangle-table tbody");
  body.innerHTML = "";
  // each number with its interval under it (with the switch): [value, low, high]
  const lows = (i) => iv && [...iv.fractions_low[i], iv.mutual_information_low[i], iv.accuracy_low[i]];
  const highs = (i) => iv && [...iv.fractions_high[i], iv.mutual_information_high[i], iv.accuracy_high[i]];
  const rows = view.names.map((name, i) =>
    [name, [...view.fractions[i], view.mutual_information[i], view.accuracy[i]], lows(i), highs(i)]);
  // the pooled row: what the legend's "pooled" marks are
  if (view.pooled_row) {
    const p = iv && iv.pooled;
    rows.push(["pooled", [...view.pooled_row.fractions, view.pooled_row.mutual_information,
      view.pooled_row.accuracy], p && [...p.fractions_low, p.mutual_information_low, p.accuracy_low],
      p && [...p.fractions_high, p.mutual_information_high, p.accuracy_high]]);
  }
  rows.forEach(([name, values, low, high]) => {
    const row = body.insertRow();
    row.dataset.row = name;
    if (name === "pooled" && view.pooled_row) row.classList.add("summary-row");
    row.insertCell().textContent = name;
    values.forEach((v, j) => {
      const cell = row.insertCell();
      cell.textContent = v === null ? "–" : v.toFixed(4);
      if (low && low[j] !== null && high[j] !== null) {
        const small = document.createElement("span");
        small.className = "interval";
        small.textContent = `[${low[j].toFixed(3)}, ${high[j].toFixed(3)}]`;
        cell.append(small);
      }
    });
  });
  const note = $("triangle-intervals-note");
  const asked = $("intervals").checked;
  note.hidden = !iv && !asked;
  note.textContent = !iv ? (asked ? "No intervals: the matrix holds weighted counts, not " +
    "counts of rows." : "") : `In brackets the ${percent(iv.confidence_level)} intervals: ` +
    (view.groups ? `${iv.method.replace(/_/g, " ")} bootstrap: whole groups drawn, never a ` +
      "group's rows apart" : `${iv.method.toUpperCase()} bootstrap of the rows behind each matrix`) +
    ` (${iv.n_resamples} ` +
    `resamples, random_state = ${iv.random_state}, so the same file gives the same intervals). ` +
    `The segments through ${view.pooled ? "the pooled star" : "each point"} run across the ` +
    "level lines of ΔH′, 2MI′ and VI′ from the low to the high bound: three intervals, not a " +
    "joint region.";
}

// --- wiring ---------------------------------------------------------------------------------
function buildIsometricToggles() {
  const box = $("isometric-toggles");
  box.innerHTML = "Isometrics: ";
  ISOMETRICS.forEach((name) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.checked = state.isometrics.has(name);
    input.dataset.isometric = name;
    input.addEventListener("change", () => {
      if (input.checked) state.isometrics.add(name); else state.isometrics.delete(name);
      if (state.view) render(state.view);
    });
    label.append(input, " " + name.replace(/_/g, " "));
    box.append(label);
  });
}
window.addEventListener("DOMContentLoaded", () => {
  buildIsometricToggles();
  $("file").addEventListener("change", (e) => { if (e.target.files[0]) upload(e.target.files[0]); });
  $("example").addEventListener("click", async () => {
    clearErrors();
    try { datasetLoaded(await api("POST", "/api/examples/climate")); } catch (e) { showError(e); }
  });
  $("label").addEventListener("change", updatePositive);
  $("kind").addEventListener("change", updateKind);
  $("matrix").addEventListener("change", updateKind);
  $("analyse").addEventListener("click", analyse);
  $("ratio").addEventListener("input", () => {
    state.actualRatio = false;
    $("ratio-value").textContent = currentRatio().toPrecision(3);
  });
  $("ratio").addEventListener("change", refresh);
  $("actual-ratio").addEventListener("click", () => {
    const actual = state.view && state.view.actual_ratio;
    if (!actual) return;
    setRatioSlider(Math.min(10, Math.max(0.1, actual)));
    state.actualRatio = actual >= 0.1 && actual <= 10;  // outside: the nearest allowed ratio
    refresh();
  });
  $("cost-ratio").addEventListener("change", refresh);
  $("coverage").addEventListener("change", () => { if (state.view) render(state.view); });
  $("regions").addEventListener("change", refresh);
  $("intervals").addEventListener("change", refresh);
  $("confidence-level").addEventListener("change", refresh);
  $("significance").addEventListener("change", refresh);
  $("apply-rule").addEventListener("click", async () => {
    await refresh();
    state.highlight = new Set(state.view.selected);
    renderSignature(state.view);
  });
  $("clear").addEventListener("click", () => { state.highlight = new Set(); renderSignature(state.view); });
  document.querySelectorAll("#ranking th[data-sort]").forEach((th) => th.addEventListener("click", () => {
    setSort(th.dataset.sort);
    if (th.dataset.sort === "name") { renderTable(state.view); updateLink(); } else refresh();
  }));
  $("delete").addEventListener("click", async () => {
    if (!state.analysis) return;
    try {
      await api("DELETE", `/api/analyses/${state.analysis.id}`);
      state.analysis = null;
      $("view-section").hidden = true;
      history.pushState({}, "", "/");
    } catch (e) { showError(e); }
  });
  const match = location.pathname.match(/^\/analyses\/([0-9a-f]+)$/);
  if (match) openAnalysis(match[1], location.search);
});

/* phidelta's threshold explorer: runs in the browser from the exact score table that
   phidelta.rendering._explorer embeds as JSON (no server, no network; plotly.js on the page).

   One slider walks the operating points of a scoring classifier (predict positive when
   score >= threshold): the point moves together on the ROC, precision-recall and phi-delta
   diagrams, and the confusion matrix and the measures show the library's numbers at that cut
   (computed in Python per step, intervals included). A second slider sets the class ratio
   N/P of the phi-delta diagram: the diagram's background is the figure phidelta built at
   that ratio, the curve and the point are mapped from (specificity, sensitivity) by the
   generalized phi-delta (Armano et al. 2019, eq. 2), as phidelta.measures.phi_delta does. */
(function () {
  "use strict";
  if (window.phideltaExplorer) return;

  // Armano et al. 2019, eq. 2 with n = r/(1+r), p = 1/(1+r): the same operations, in the
  // same order, as phidelta.measures._phidelta._from_proportions
  function phiDelta(specificity, sensitivity, ratio) {
    var n = ratio / (1 + ratio), p = 1 / (1 + ratio);
    return [
      2 * p * sensitivity - 2 * n * specificity + 2 * (n - p),
      2 * p * sensitivity + 2 * n * specificity - 1,
    ];
  }

  // the interval of w1*p1 - w2*p2 from the Wilson limits (l, u) of p1 and p2: Newcombe's
  // hybrid score interval weighted (the MOVER), the same operations, in the same order, as
  // phidelta.inference._methods.newcombe_bounds
  function weightedNewcombe(p1, l1, u1, p2, l2, u2, w1, w2) {
    var c1 = w1, c2 = -w2;
    var t1 = c1 * p1, t2 = c2 * p2;
    var low1 = Math.min(c1 * l1, c1 * u1), high1 = Math.max(c1 * l1, c1 * u1);
    var low2 = Math.min(c2 * l2, c2 * u2), high2 = Math.max(c2 * l2, c2 * u2);
    var theta = t1 + t2;
    var low = theta - Math.sqrt((t1 - low1) * (t1 - low1) + (t2 - low2) * (t2 - low2));
    var high = theta + Math.sqrt((high1 - t1) * (high1 - t1) + (high2 - t2) * (high2 - t2));
    var bottom = Math.min(c1, 0) + Math.min(c2, 0), top = Math.max(c1, 0) + Math.max(c2, 0);
    return [Math.min(Math.max(low, bottom), top), Math.min(Math.max(high, bottom), top)];
  }

  // phi and delta at the ratio with their intervals (Armano et al. 2019, eq. 2:
  // phi_r = 2p*sens - 2n*spec + 2(n - p), delta_r = 2p*sens + 2n*spec - 1), from the Wilson
  // limits of sensitivity and specificity at step i
  function ratioIntervals(measures, i, sens, spec, ratio) {
    var n = ratio / (1 + ratio), p = 1 / (1 + ratio);
    var lo = measures.low, hi = measures.high;
    var s = [sens, lo.sensitivity[i], hi.sensitivity[i]];
    var c = [spec, lo.specificity[i], hi.specificity[i]];
    var phi = weightedNewcombe(s[0], s[1], s[2], c[0], c[1], c[2], 2 * p, 2 * n);
    var delta = weightedNewcombe(s[0], s[1], s[2], c[0], c[1], c[2], 2 * p, -(2 * n));
    return [[phi[0] + 2 * (n - p), phi[1] + 2 * (n - p)], [delta[0] - 1, delta[1] - 1]];
  }

  function text(value, digits) {
    if (value === null || value === undefined || !isFinite(value)) return "—";
    return Number(value).toFixed(digits);
  }

  function count(value) {
    return Number.isInteger(value) ? String(value) : Number(value).toPrecision(6);
  }

  function cell(row, className, value, attributes) {
    var td = document.createElement("td");
    td.className = className;
    td.textContent = value;
    Object.keys(attributes || {}).forEach(function (k) {
      td.setAttribute(k, attributes[k]);
    });
    row.appendChild(td);
    return td;
  }

  function render(root) {
    if (typeof root === "string") root = document.getElementById(root);
    if (!root || root.dataset.rendered) return;
    root.dataset.rendered = "1";
    var data = JSON.parse(root.querySelector("script.pdx-data").textContent);
    var steps = data.steps, P = data.positives, N = data.negatives, S = steps.tp.length;
    var threshold = root.querySelector("input.pdx-threshold");
    var ratioInput = root.querySelector("input.pdx-ratio");
    var plots = {
      roc: root.querySelector(".pdx-roc"),
      pr: root.querySelector(".pdx-pr"),
      phidelta: root.querySelector(".pdx-phidelta"),
    };
    var config = {displaylogo: false, responsive: true};
    var pointStyle = {size: 13, color: "crimson", symbol: "circle",
                      line: {color: "white", width: 1.5}};

    // the operating point: its cut on hover (customdata), moved by restyle
    function point(x, y, label, cut) {
      return {type: "scatter", mode: "markers", name: "operating point", x: [x], y: [y],
              customdata: [[cut]], marker: pointStyle, showlegend: true,
              meta: "operating point",
              hovertemplate: "<b>" + data.name_html + "</b><br>%{customdata[0]}<br>" + label +
                             "<extra></extra>"};
    }

    // a threshold as people read it: eight significant digits at most (the exact value is
    // the root's data-threshold)
    function scoreText(t) {
      return t === null ? "nothing predicted positive"
        : "positive when score ≥ " + String(Number(Number(t).toPrecision(8)));
    }

    function cutText(i) {
      return scoreText(steps.threshold[i]);
    }

    function rates(i) {
      var tp = steps.tp[i], fp = steps.fp[i];
      // weighted tables: a running sum may overshoot its total by a rounding error
      return {tp: tp, fp: fp, fn: Math.max(P - tp, 0), tn: Math.max(N - fp, 0),
              tpr: tp / P, fpr: fp / N,
              precision: tp + fp > 0 ? tp / (tp + fp) : null};
    }

    function ratioAt() {
      return data.ratios[Number(ratioInput.value)];
    }

    // the phi-delta background (diamond, isometrics, ...) of the chosen ratio, then the
    // classifier's curve and the operating point mapped at that ratio
    function phiDeltaTraces(r, i) {
      var background = data.phidelta_backgrounds[Number(ratioInput.value)];
      var curve = data.curve, xs = [], ys = [], cuts = [], k, pd;
      for (k = 0; k < curve.fpr.length; k++) {
        pd = phiDelta(1 - curve.fpr[k], curve.tpr[k], r);
        xs.push(pd[0]);
        ys.push(pd[1]);
        cuts.push(scoreText(curve.threshold[k]));
      }
      var at = rates(i);
      var here = phiDelta(1 - at.fpr, at.tpr, r);
      var traces = background.data.map(function (t) { return t; });
      traces.push({type: "scatter", mode: "lines", name: data.name_html, x: xs, y: ys,
                   line: {color: "#2a6bb0", width: 2}, meta: "curve", customdata: cuts,
                   hovertemplate: "<b>" + data.name_html + "</b><br>%{customdata}<br>" +
                                  "φ = %{x:.4f}<br>δ = %{y:.4f}<extra></extra>"});
      traces.push(point(here[0], here[1], "φ = %{x:.4f}<br>δ = %{y:.4f}", cutText(i)));
      return {data: traces, layout: background.layout};
    }

    var first = rates(data.start);
    var rocTraces = data.figures.roc.data.concat([point(
      first.fpr, first.tpr, "fpr = %{x:.4f}<br>tpr = %{y:.4f}", cutText(data.start))]);
    var prTraces = data.figures.pr.data.concat([point(
      first.tpr, first.precision, "recall = %{x:.4f}<br>precision = %{y:.4f}",
      cutText(data.start))]);
    Plotly.newPlot(plots.roc, rocTraces, data.figures.roc.layout, config);
    Plotly.newPlot(plots.pr, prTraces, data.figures.pr.layout, config);
    var pd0 = phiDeltaTraces(ratioAt(), data.start);
    Plotly.newPlot(plots.phidelta, pd0.data, pd0.layout, config);
    var shownRatio = ratioAt();

    var matrix = root.querySelector("table.pdx-matrix tbody");
    var table = root.querySelector("table.pdx-measures tbody");
    var level = Math.round(100 * data.confidence_level * 1000) / 1000;

    function update() {
      var i = S - 1 - Number(threshold.value); // right: higher threshold
      var at = rates(i), r = ratioAt(), k;
      var cut = steps.threshold[i], said = [[cutText(i)]];
      root.querySelector(".pdx-threshold-value").textContent = cutText(i);
      root.querySelector(".pdx-ratio-value").textContent = "N/P = " + Number(r).toPrecision(3);
      root.dataset.step = String(i);
      root.dataset.threshold = cut === null ? "inf" : String(cut);
      root.dataset.ratio = String(r);

      Plotly.restyle(plots.roc, {x: [[at.fpr]], y: [[at.tpr]], customdata: [said]},
                     [rocTraces.length - 1]);
      Plotly.restyle(plots.pr, {x: [[at.tpr]], y: [[at.precision]], customdata: [said]},
                     [prTraces.length - 1]);
      if (r !== shownRatio) { // a new ratio: its background, the curve mapped again
        var pd = phiDeltaTraces(r, i);
        Plotly.react(plots.phidelta, pd.data, pd.layout, config);
        shownRatio = r;
      } else {
        var here = phiDelta(1 - at.fpr, at.tpr, r);
        Plotly.restyle(plots.phidelta, {x: [[here[0]]], y: [[here[1]]], customdata: [said]},
                       [plots.phidelta.data.length - 1]);
      }

      matrix.innerHTML = "";
      [["actual positive", "tp", at.tp, "fn", at.fn],
       ["actual negative", "fp", at.fp, "tn", at.tn]].forEach(function (row) {
        var tr = document.createElement("tr");
        var th = document.createElement("th");
        th.textContent = row[0];
        tr.appendChild(th);
        cell(tr, "pdx-" + row[1], row[1].toUpperCase() + " " + count(row[2]),
             {"data-count": String(row[2])});
        cell(tr, "pdx-" + row[3], row[3].toUpperCase() + " " + count(row[4]),
             {"data-count": String(row[4])});
        matrix.appendChild(tr);
      });

      table.innerHTML = "";
      data.measures.names.forEach(function (name, m) {
        var value = data.measures.value[name][i];
        var low = data.measures.low[name] ? data.measures.low[name][i] : null;
        var high = data.measures.high[name] ? data.measures.high[name][i] : null;
        var tr = document.createElement("tr");
        tr.dataset.measure = name;
        var th = document.createElement("th");
        th.textContent = data.measures.labels[m];
        tr.appendChild(th);
        cell(tr, "pdx-value", text(value, 4), {"data-value": String(value)});
        cell(tr, "pdx-interval",
             low === null && high === null ? "" : "[" + text(low, 4) + ", " +
             text(high, 4) + "]",
             {"data-low": String(low), "data-high": String(high)});
        cell(tr, "pdx-method", data.measures.methods[name] || "");
        table.appendChild(tr);
      });
      // the generalized pair at the diagram's ratio, each a weighted difference of
      // sensitivity and specificity, with its weighted Newcombe interval
      var g = phiDelta(1 - at.fpr, at.tpr, r);
      var bounds = ratioIntervals(data.measures, i, at.tp / P, at.tn / N, r);
      [["phi_ratio", "φ at N/P = " + Number(r).toPrecision(3), g[0], bounds[0]],
       ["delta_ratio", "δ at N/P = " + Number(r).toPrecision(3), g[1], bounds[1]]
      ].forEach(function (row) {
        var tr = document.createElement("tr");
        tr.dataset.measure = row[0];
        var th = document.createElement("th");
        th.textContent = row[1];
        tr.appendChild(th);
        cell(tr, "pdx-value", text(row[2], 4), {"data-value": String(row[2])});
        cell(tr, "pdx-interval", "[" + text(row[3][0], 4) + ", " + text(row[3][1], 4) + "]",
             {"data-low": String(row[3][0]), "data-high": String(row[3][1])});
        cell(tr, "pdx-method", "Newcombe hybrid score, weighted");
        table.appendChild(tr);
      });
      root.querySelector(".pdx-level").textContent = level + "%";
    }

    threshold.addEventListener("input", update);
    ratioInput.addEventListener("input", update);
    update();
  }

  function renderAll() {
    Array.prototype.forEach.call(document.querySelectorAll(".pdx[data-explorer]"), render);
  }

  window.phideltaExplorer = {render: render, renderAll: renderAll, phiDelta: phiDelta};
})();

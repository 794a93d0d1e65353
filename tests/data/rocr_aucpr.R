# Reference values of ROCR's area under the precision-recall curve for tests/test_pr_auc.py.
#
# Run by hand, never in CI (CI has no R), from the repository root:
#     Rscript tests/data/rocr_aucpr.R > tests/data/rocr_aucpr.json
# Needs R with the ROCR and MASS packages (Debian: r-cran-rocr r-cran-mass). Doubles are
# written with 17 significant digits, so they round-trip exactly.
#
# For each data set (labels y, scores s; no weights) the file holds
#   rocr      performance(prediction(s, y), "aucpr") -- ROCR's published number;
#   expected  the same curve with every point in its place (written below, independently of
#             ROCR's code, from ROCR's cutoffs pred@tp, pred@fp);
#   long_steps  how many steps of the curve gain more than two positives (Davis & Goadrich
#             interpolation). ROCR 1.0-11 inserts the interpolated points of the second and
#             later such steps at the wrong positions, so rocr == expected exactly when
#             long_steps < 2; this script stops if that does not hold.
suppressPackageStartupMessages({
  library(ROCR)
  library(MASS)
})

in_order_aucpr <- function(pred) {
  tp <- pred@tp[[1]]
  fp <- pred@fp[[1]]
  n_pos <- pred@n.pos[[1]]
  first <- c(TRUE, diff(tp) > 0) # per TP value the first cutoff reaching it: the fewest FP
  tp <- tp[first]
  fp <- fp[first]
  rec <- 0
  prec <- 1 # ROCR: precision 1 at recall 0
  for (i in seq_along(tp)[-1]) {
    gain <- tp[i] - tp[i - 1]
    if (gain > 2) { # Davis & Goadrich: FP grows linearly with TP along the step
      x <- seq_len(gain - 1)
      skew <- (fp[i] - fp[i - 1]) / gain
      rec <- c(rec, (tp[i - 1] + x) / n_pos)
      prec <- c(prec, (tp[i - 1] + x) / (tp[i - 1] + fp[i - 1] + x + skew * x))
    }
    rec <- c(rec, tp[i] / n_pos)
    prec <- c(prec, tp[i] / (tp[i] + fp[i]))
  }
  sum(diff(rec) * (head(prec, -1) + tail(prec, -1)) / 2)
}

case <- function(name, y, s) {
  y <- as.integer(y)
  pred <- prediction(s, y, label.ordering = c(0L, 1L))
  rocr <- performance(pred, "aucpr")@y.values[[1]]
  expected <- in_order_aucpr(pred)
  tp <- pred@tp[[1]]
  long_steps <- sum(diff(unique(tp)) > 2)
  if (long_steps < 2 && abs(rocr - expected) > 1e-12) stop("ROCR disagrees on ", name)
  list(name = name, y = y, s = s, rocr = rocr, expected = expected, long_steps = long_steps)
}

set.seed(20260101, kind = "Mersenne-Twister", normal.kind = "Inversion")
n <- 60
y_random <- rbinom(n, 1, 0.4)
s_random <- rnorm(n) + y_random

data(ROCR.simple)
data(ROCR.hiv)
data(ROCR.xval)
hiv <- function(labels) as.integer(labels > 0)

fit <- glm(type ~ npreg + glu + bmi + ped + age, family = binomial, data = Pima.tr)
pima_score <- predict(fit, newdata = Pima.te, type = "response")
pima_y <- as.integer(Pima.te$type == "Yes")

cases <- list(
  case("perfect ranking", c(1, 1, 1, 0, 0), c(0.9, 0.8, 0.7, 0.2, 0.1)),
  case("worst ranking", c(0, 0, 1, 1, 1), c(0.9, 0.8, 0.7, 0.2, 0.1)),
  case("four samples", c(0, 0, 1, 1), c(0.1, 0.4, 0.35, 0.8)),
  case("one score, three positives", c(1, 0, 1, 1, 0), rep(0.5, 5)),
  case("one positive", c(0, 1, 0, 0), c(0.4, 0.3, 0.2, 0.1)),
  case("ties, one long step", c(1, 1, 1, 0, 1, 0, 0, 1, 0), c(0.9, 0.9, 0.9, 0.9, 0.5, 0.5, 0.1, 0.1, 0.1)),
  case("ties, short steps", c(1, 0, 1, 1, 0, 0, 1, 0), c(0.9, 0.9, 0.8, 0.7, 0.7, 0.7, 0.3, 0.3)),
  case("ties, two long steps", c(1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0),
       c(0.9, 0.9, 0.9, 0.9, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.1, 0.1)),
  case("random, no ties", y_random, s_random),
  case("random, ties (rounded to 1 decimal)", y_random, round(s_random, 1)),
  case("random, ties (rounded to integers)", y_random, round(s_random)),
  case("ROCR.simple", ROCR.simple$labels, ROCR.simple$predictions),
  case("ROCR.simple, ties (rounded to 1 decimal)", ROCR.simple$labels, round(ROCR.simple$predictions, 1)),
  case("ROCR.hiv svm fold 1", hiv(ROCR.hiv$hiv.svm$labels[[1]]), ROCR.hiv$hiv.svm$predictions[[1]]),
  case("ROCR.hiv nn fold 1", hiv(ROCR.hiv$hiv.nn$labels[[1]]), ROCR.hiv$hiv.nn$predictions[[1]]),
  case("ROCR.xval fold 1", ROCR.xval$labels[[1]], ROCR.xval$predictions[[1]]),
  case("MASS Pima.te, logistic regression fitted on Pima.tr", pima_y, unname(pima_score)),
  case("MASS Pima.te, ties (rounded to 1 decimal)", pima_y, round(unname(pima_score), 1))
)

# JSON by hand: jsonlite prints at most 15 significant digits
text <- function(x) encodeString(x, quote = '"')
numbers <- function(x) paste0("[", paste(sprintf("%.17g", x), collapse = ", "), "]")
entry <- function(c) {
  paste0(
    '    {"name": ', text(c$name), ",\n",
    '     "y": ', numbers(c$y), ",\n",
    '     "s": ', numbers(c$s), ",\n",
    '     "rocr": ', sprintf("%.17g", c$rocr), ', "expected": ', sprintf("%.17g", c$expected),
    ', "long_steps": ', c$long_steps, "}"
  )
}
note <- paste(
  "rocr: performance(prediction(s, y), 'aucpr'); expected: the same curve with its points",
  "in order; they agree when long_steps < 2 (ROCR 1.0-11 misplaces the interpolated points",
  "of the second and later steps that gain more than two positives)."
)
software <- paste0(R.version.string, "; ROCR ", packageVersion("ROCR"), "; MASS ", packageVersion("MASS"))
cat(
  "{\n",
  '  "source": "tests/data/rocr_aucpr.R",\n',
  '  "software": ', text(software), ",\n",
  '  "date": ', text(format(Sys.Date())), ",\n",
  '  "note": ', text(note), ",\n",
  '  "cases": [\n', paste(vapply(cases, entry, ""), collapse = ",\n"), "\n  ]\n}\n",
  sep = ""
)

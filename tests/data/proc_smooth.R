# Reference values of pROC's smoothed ROC curves for tests/test_smooth_roc.py.
#
# Run by hand, never in CI (CI has no R), from the repository root:
#     Rscript tests/data/proc_smooth.R > tests/data/proc_smooth.json
# Needs R with pROC and MASS (Debian: r-cran-proc r-cran-mass). Doubles are written with 17
# significant digits. The data sets are those of tests/data/proc_coords.R (written there).
#
# For each data set and each setting, smooth(roc(y, s, direction = "<"), method, n = 512, ...):
#   sensitivities, specificities  the smoothed curve (514 points: pROC adds both ends), every
#                                  fourth point written (indices 1, 5, 9, ... in R's order);
#   auc                            auc() of the smoothed curve;
#   bw                             the bandwidth density() used (density only).
suppressPackageStartupMessages({
  library(pROC)
  library(MASS)
})

data(aSAH)
poor <- as.integer(aSAH$outcome == "Poor")
fit <- glm(type ~ ., data = Pima.tr, family = binomial)
pima_y <- as.integer(Pima.te$type == "Yes")
pima_s <- unname(predict(fit, Pima.te, type = "response"))
set.seed(7)
sim_y <- rbinom(150, 1, 0.35)
sim_s <- round(rnorm(150) + 1.2 * sim_y, 1)
data_sets <- list(
  list(name = "pROC aSAH, s100b (ties)", y = poor, s = aSAH$s100b),
  list(name = "pROC aSAH, wfns (five levels)", y = poor, s = as.numeric(aSAH$wfns)),
  list(name = "MASS Pima.te, logistic regression fitted on Pima.tr", y = pima_y, s = pima_s),
  list(name = "simulated, 150 rows rounded to 1 decimal", y = sim_y, s = sim_s)
)
settings <- list(
  list(label = "binormal", method = "binormal", args = list()),
  list(label = "density", method = "density", args = list()),
  list(label = "density, adjust 2", method = "density", args = list(adjust = 2)),
  list(label = "density, bw 0.3", method = "density", args = list(bw = 0.3))
)

text <- function(x) encodeString(x, quote = '"')
numbers <- function(x) paste0("[", paste(sprintf("%.17g", as.numeric(x)), collapse = ", "), "]")
keep <- seq(1, 514, by = 4)
entries <- c()
for (d in data_sets) {
  r <- roc(d$y, d$s, levels = c(0, 1), direction = "<", quiet = TRUE)
  for (s in settings) {
    sm <- do.call(smooth, c(list(r, method = s$method, n = 512), s$args))
    bw <- NA
    if (s$method == "density") {
      predictor <- c(r$controls, r$cases)
      bw <- if (is.null(s$args$bw)) bw.nrd0(predictor) else s$args$bw
      if (!is.null(s$args$adjust)) bw <- bw * s$args$adjust
    }
    entries <- c(entries, paste0(
      '    {"name": ', text(d$name), ', "setting": ', text(s$label),
      ', "method": ', text(s$method),
      ', "adjust": ', ifelse(is.null(s$args$adjust), 1, s$args$adjust),
      ', "bandwidth": ', ifelse(is.null(s$args$bw), "null", sprintf("%.17g", s$args$bw)),
      ', "bw": ', ifelse(is.na(bw), "null", sprintf("%.17g", bw)), ",\n",
      '     "auc": ', sprintf("%.17g", as.numeric(sm$auc)), ",\n",
      '     "sensitivities": ', numbers(sm$sensitivities[keep]), ",\n",
      '     "specificities": ', numbers(sm$specificities[keep]), "}"
    ))
  }
}
software <- paste0(R.version.string, "; pROC ", packageVersion("pROC"), "; MASS ",
                   packageVersion("MASS"))
cat(
  "{\n",
  '  "source": "tests/data/proc_smooth.R",\n',
  '  "software": ', text(software), ",\n",
  '  "date": ', text(format(Sys.Date())), ",\n",
  '  "kept": "every fourth of the 514 points, from the first",\n',
  '  "cases": [\n', paste(entries, collapse = ",\n"), "\n  ]\n}\n",
  sep = ""
)

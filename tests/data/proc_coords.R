# Reference values of pROC's best thresholds, coordinates and coordinate intervals for
# tests/test_coordinates.py.
#
# Run by hand, never in CI (CI has no R), from the repository root:
#     Rscript tests/data/proc_coords.R > tests/data/proc_coords.json
# Needs R with pROC and MASS (Debian: r-cran-proc r-cran-mass). Doubles are written with 17
# significant digits, so they round-trip exactly; the data are written too, so the tests read
# the very numbers pROC saw.
#
# For each data set (labels y: 1 = case; scores s, higher = case, direction "<"):
#   best        coords(r, "best", best.method, best.weights): every tied best point
#               (threshold, sensitivity, specificity), for four (method, weights) settings;
#   se_at_sp    coords(r, x, input = "specificity", ret = "sensitivity") on a grid;
#   sp_at_se    coords(r, x, input = "sensitivity", ret = "specificity") on a grid;
#   ci_*        stratified bootstrap intervals (boot.n = 5000, set.seed(1) before each):
#               ci.se, ci.sp, ci.thresholds (at three thresholds) and ci.coords of the best
#               threshold (best.policy = "random"), as (2.5 %, 50 %, 97.5 %) rows.
suppressPackageStartupMessages({
  library(pROC)
  library(MASS)
})

boot_n <- 5000
settings <- list(
  list(method = "youden", weights = c(1, 0.5)),
  list(method = "youden", weights = c(2, 0.3)),
  list(method = "closest.topleft", weights = c(1, 0.5)),
  list(method = "closest.topleft", weights = c(0.5, 0.2))
)
sp_grid <- c(0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 1)
boot_at <- c(0.5, 0.8, 0.9)

case <- function(name, y, s) {
  r <- roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE)
  best <- lapply(settings, function(b) {
    m <- coords(r, "best", best.method = b$method, best.weights = b$weights,
                ret = c("threshold", "sensitivity", "specificity"), transpose = FALSE)
    list(method = b$method, weights = b$weights, threshold = m$threshold,
         sensitivity = m$sensitivity, specificity = m$specificity)
  })
  se_at_sp <- coords(r, sp_grid, input = "specificity", ret = "sensitivity",
                     transpose = FALSE)$sensitivity
  sp_at_se <- coords(r, sp_grid, input = "sensitivity", ret = "specificity",
                     transpose = FALSE)$specificity
  thresholds <- unname(quantile(s, c(0.25, 0.5, 0.75), type = 1))
  set.seed(1)
  ci_se <- unclass(ci.se(r, specificities = boot_at, boot.n = boot_n, progress = "none"))
  set.seed(1)
  ci_sp <- unclass(ci.sp(r, sensitivities = boot_at, boot.n = boot_n, progress = "none"))
  set.seed(1)
  ci_thr <- ci.thresholds(r, thresholds = thresholds, boot.n = boot_n, progress = "none")
  set.seed(1)
  ci_best <- ci.coords(r, "best", ret = c("threshold", "sensitivity", "specificity"),
                       best.policy = "random", boot.n = boot_n, progress = "none")
  list(name = name, y = y, s = s, best = best, se_at_sp = se_at_sp, sp_at_se = sp_at_se,
       thresholds = thresholds, ci_se = ci_se[, c(1, 3)], ci_sp = ci_sp[, c(1, 3)],
       ci_thresholds_sensitivity = unclass(ci_thr$sensitivity)[, c(1, 3)],
       ci_thresholds_specificity = unclass(ci_thr$specificity)[, c(1, 3)],
       ci_best_threshold = ci_best$threshold[1, c(1, 3)],
       ci_best_sensitivity = ci_best$sensitivity[1, c(1, 3)],
       ci_best_specificity = ci_best$specificity[1, c(1, 3)])
}

data(aSAH)
poor <- as.integer(aSAH$outcome == "Poor")
fit <- glm(type ~ ., data = Pima.tr, family = binomial)
pima_y <- as.integer(Pima.te$type == "Yes")
pima_s <- unname(predict(fit, Pima.te, type = "response"))
set.seed(7)
sim_y <- rbinom(150, 1, 0.35)
sim_s <- round(rnorm(150) + 1.2 * sim_y, 1)
cases <- list(
  case("pROC aSAH, s100b (ties)", poor, aSAH$s100b),
  case("pROC aSAH, wfns (five levels)", poor, as.numeric(aSAH$wfns)),
  case("MASS Pima.te, logistic regression fitted on Pima.tr", pima_y, pima_s),
  case("simulated, 150 rows rounded to 1 decimal", sim_y, sim_s)
)

# JSON by hand: jsonlite prints at most 15 significant digits
text <- function(x) encodeString(x, quote = '"')
numbers <- function(x) {
  x <- as.numeric(x)
  v <- ifelse(is.na(x), "null", ifelse(is.infinite(x), ifelse(x > 0, '"Infinity"', '"-Infinity"'),
              sprintf("%.17g", x)))
  paste0("[", paste(v, collapse = ", "), "]")
}
rows <- function(m) paste0("[", paste(apply(matrix(m, ncol = 2), 1, numbers), collapse = ", "), "]")
best_entry <- function(b) {
  paste0('{"method": ', text(b$method), ', "weights": ', numbers(b$weights),
         ', "threshold": ', numbers(b$threshold), ', "sensitivity": ', numbers(b$sensitivity),
         ', "specificity": ', numbers(b$specificity), "}")
}
entry <- function(c) {
  paste0(
    '    {"name": ', text(c$name), ",\n",
    '     "y": ', numbers(c$y), ",\n",
    '     "s": ', numbers(c$s), ",\n",
    '     "best": [', paste(vapply(c$best, best_entry, ""), collapse = ",\n              "), "],\n",
    '     "grid": ', numbers(sp_grid), ",\n",
    '     "se_at_sp": ', numbers(c$se_at_sp), ",\n",
    '     "sp_at_se": ', numbers(c$sp_at_se), ",\n",
    '     "boot_at": ', numbers(boot_at), ",\n",
    '     "thresholds": ', numbers(c$thresholds), ",\n",
    '     "ci_se": ', rows(c$ci_se), ",\n",
    '     "ci_sp": ', rows(c$ci_sp), ",\n",
    '     "ci_thresholds_sensitivity": ', rows(c$ci_thresholds_sensitivity), ",\n",
    '     "ci_thresholds_specificity": ', rows(c$ci_thresholds_specificity), ",\n",
    '     "ci_best_threshold": ', numbers(c$ci_best_threshold), ",\n",
    '     "ci_best_sensitivity": ', numbers(c$ci_best_sensitivity), ",\n",
    '     "ci_best_specificity": ', numbers(c$ci_best_specificity), "}"
  )
}
software <- paste0(R.version.string, "; pROC ", packageVersion("pROC"), "; MASS ",
                   packageVersion("MASS"))
cat(
  "{\n",
  '  "source": "tests/data/proc_coords.R",\n',
  '  "software": ', text(software), ",\n",
  '  "date": ', text(format(Sys.Date())), ",\n",
  '  "boot_n": ', boot_n, ",\n",
  '  "cases": [\n', paste(vapply(cases, entry, ""), collapse = ",\n"), "\n  ]\n}\n",
  sep = ""
)

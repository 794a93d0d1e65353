# Reference values of rms's val.prob for tests/test_calibration_statistics.py.
#
# Run by hand, never in CI (CI has no R), from the repository root:
#     Rscript tests/data/rms_valprob.R > tests/data/rms_valprob.json
# Needs R with rms, Hmisc and MASS (Debian: r-cran-rms r-cran-hmisc r-cran-mass). Doubles are
# written with 17 significant digits, so they round-trip exactly; NA is written as null.
#
# For each data set (labels y, predicted probabilities p, both written to the file) it holds
#   valprob    the 18 statistics of val.prob(p, y, pl = FALSE), under rms's names;
#   smooth     the smoothed calibration curve val.prob computes its Emax, E90 and Eavg on,
#              lowess(p, y, iter = 0) (f = 2/3, delta = 1% of the range of p) read at each p
#              (approx(..., xout = p, ties = mean)), in the order of the rows;
#   glm        intercept and slope of glm(y ~ qlogis(p), binomial) iterated to convergence (rms
#              stops when -2 log L changes by less than 0.025), on the rows with 0 < p < 1;
#   somers2    Hmisc's somers2(p, y): the exact C (ties count half) and Dxy on every row (the C
#              of val.prob is lrm.fit's, computed on probabilities binned to 1/5000, on the rows
#              with 0 < p < 1);
#   hosmer_lemeshow  Hosmer-Lemeshow's statistic over deciles of risk by the rule documented in
#              phidelta: cut points the quantiles (type 7) of p at 0, 1/g, ..., 1, repeated cut
#              points dropped; groups (q[k-1], q[k]], the first one closed; empty groups dropped;
#              C = sum over groups of (O - E)^2 / (E (1 - E / n)); df = groups - 2 (g = 10).
# The file also holds lowess(x, y, f, iter = 0, delta) on a few non-binary data sets, to check
# the smoother on its own.
suppressPackageStartupMessages({
  library(rms)
  library(MASS)
})

hosmer_lemeshow <- function(p, y, g = 10) {
  cuts <- unique(unname(quantile(p, probs = seq(0, 1, length.out = g + 1), type = 7)))
  group <- cut(p, cuts, include.lowest = TRUE, right = TRUE)
  size <- tapply(p, group, length)
  observed <- tapply(y, group, sum)
  expected <- tapply(p, group, sum)
  kept <- !is.na(size) & size > 0
  size <- size[kept]
  observed <- observed[kept]
  expected <- expected[kept]
  statistic <- sum((observed - expected)^2 / (expected * (1 - expected / size)))
  df <- length(size) - 2
  list(statistic = statistic, df = df, pvalue = pchisq(statistic, df, lower.tail = FALSE),
       size = unname(size), observed = unname(observed), expected = unname(expected))
}

case <- function(name, p, y) {
  y <- as.integer(y)
  v <- suppressWarnings(val.prob(p, y, pl = FALSE))
  sm <- lowess(p, y, iter = 0)
  smooth <- approx(sm, xout = p, ties = mean)$y
  inside <- p > 0 & p < 1
  fit <- glm(y[inside] ~ qlogis(p[inside]), family = binomial,
             control = glm.control(epsilon = 1e-15, maxit = 100))
  s2 <- somers2(p, y)
  list(name = name, y = y, p = p, valprob = v, smooth = smooth,
       glm = unname(coef(fit)), somers2 = c(C = unname(s2["C"]), Dxy = unname(s2["Dxy"])),
       hl = hosmer_lemeshow(p, y))
}

set.seed(20260530, kind = "Mersenne-Twister", normal.kind = "Inversion")
cases <- list()
lp <- rnorm(200)
cases[[1]] <- case("miscalibrated logistic model, n = 200", plogis(lp),
                   rbinom(200, 1, plogis(0.3 + 0.8 * lp)))
lp <- rnorm(500, -1, 1.5)
cases[[2]] <- case("calibrated, n = 500", plogis(lp), rbinom(500, 1, plogis(lp)))
lp <- rnorm(150)
cases[[3]] <- case("overconfident, n = 150", plogis(2.5 * lp), rbinom(150, 1, plogis(lp)))
lp <- rnorm(1000, -3, 1)
cases[[4]] <- case("underconfident, rare events, n = 1000", plogis(0.5 * lp - 1.5),
                   rbinom(1000, 1, plogis(lp)))
lp <- rnorm(300)
cases[[5]] <- case("ties: probabilities rounded to two decimals, n = 300",
                   pmin(pmax(round(plogis(lp), 2), 0.01), 0.99), rbinom(300, 1, plogis(lp)))
p <- sample(c(0.1, 0.3, 0.5, 0.7, 0.9), 80, replace = TRUE)
cases[[6]] <- case("five distinct probabilities, n = 80", p, rbinom(80, 1, p))
cases[[7]] <- case("twelve rows",
                   c(0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95),
                   c(0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1))
p <- c(plogis(0.4 + 0.9 * rnorm(40)), plogis(-2 + 0.2 * rnorm(40)))
cases[[8]] <- case("two clusters of probabilities (gaps wider than delta), n = 80", p,
                   rbinom(80, 1, p))
lp <- rnorm(100)
p <- plogis(lp)
y <- rbinom(100, 1, p)
p[c(3, 17, 58)] <- 0
y[c(3, 17, 58)] <- 0
p[c(25, 71)] <- 1
y[c(25, 71)] <- 1
cases[[9]] <- case("probabilities of 0 and 1 that are right, n = 100", p, y)
fit <- glm(type ~ npreg + glu + bmi + ped + age, family = binomial, data = Pima.tr)
cases[[10]] <- case("MASS Pima.te, logistic regression fitted on Pima.tr",
                    unname(predict(fit, newdata = Pima.te, type = "response")),
                    Pima.te$type == "Yes")

smoother <- function(name, x, y, f, delta = 0.01 * diff(range(x))) {
  list(name = name, x = x, y = y, f = f, delta = delta,
       fitted = lowess(x, y, f = f, iter = 0, delta = delta)$y)
}
x <- round(runif(120, 0, 10), 1)
smoothers <- list(
  smoother("cars, f = 2/3", cars$speed, cars$dist, 2 / 3),
  smoother("cars, f = 0.3, delta = 0", cars$speed, cars$dist, 0.3, 0),
  smoother("sine with ties, f = 0.2", x, sin(x) + rnorm(120, sd = 0.3), 0.2),
  smoother("sine with ties, f = 0.5, delta = 0.5", x, sin(x) + rnorm(120, sd = 0.3), 0.5, 0.5),
  smoother("four points, f = 2/3", c(1, 2, 4, 8), c(1, 3, 2, 5), 2 / 3)
)

# JSON by hand: jsonlite prints at most 15 significant digits
text <- function(x) encodeString(x, quote = '"')
number <- function(x) ifelse(is.na(x), "null", sprintf("%.17g", x))
numbers <- function(x) paste0("[", paste(number(x), collapse = ", "), "]")
named <- function(x) {
  paste0("{", paste(text(names(x)), ": ", number(unname(x)), sep = "", collapse = ", "), "}")
}
entry <- function(c) {
  paste0(
    '    {"name": ', text(c$name), ",\n",
    '     "y": ', numbers(c$y), ",\n",
    '     "p": ', numbers(c$p), ",\n",
    '     "valprob": ', named(c$valprob), ",\n",
    '     "smooth": ', numbers(c$smooth), ",\n",
    '     "glm": ', numbers(c$glm), ",\n",
    '     "somers2": ', named(c$somers2), ",\n",
    '     "hosmer_lemeshow": {"statistic": ', number(c$hl$statistic), ', "df": ', c$hl$df,
    ', "pvalue": ', number(c$hl$pvalue), ",\n",
    '                         "size": ', numbers(c$hl$size), ", ",
    '"observed": ', numbers(c$hl$observed), ",\n",
    '                         "expected": ', numbers(c$hl$expected), "}}"
  )
}
smoother_entry <- function(s) {
  paste0(
    '    {"name": ', text(s$name), ', "f": ', number(s$f), ', "delta": ', number(s$delta), ",\n",
    '     "x": ', numbers(s$x), ",\n",
    '     "y": ', numbers(s$y), ",\n",
    '     "fitted": ', numbers(s$fitted), "}"
  )
}
note <- paste(
  "valprob: rms::val.prob(p, y, pl = FALSE); smooth: lowess(p, y, iter = 0) at p;",
  "glm: converged logistic recalibration on 0 < p < 1; somers2: Hmisc::somers2(p, y);",
  "hosmer_lemeshow: deciles of risk as documented in the script; lowess: stats::lowess(x, y, f,",
  "iter = 0, delta), fitted values in the order of sorted x."
)
software <- paste0(R.version.string, "; rms ", packageVersion("rms"), "; Hmisc ",
                   packageVersion("Hmisc"), "; MASS ", packageVersion("MASS"))
cat(
  "{\n",
  '  "source": "tests/data/rms_valprob.R",\n',
  '  "software": ', text(software), ",\n",
  '  "date": ', text(format(Sys.Date())), ",\n",
  '  "note": ', text(note), ",\n",
  '  "cases": [\n', paste(vapply(cases, entry, ""), collapse = ",\n"), "\n  ],\n",
  '  "lowess": [\n', paste(vapply(smoothers, smoother_entry, ""), collapse = ",\n"), "\n  ]\n}\n",
  sep = ""
)

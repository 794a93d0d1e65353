# Reference values of pROC's comparisons of ROC curves, variances and power for
# tests/test_roc_tests.py (roc.test, var, cov, coords, power.roc.test).
#
# Run by hand, never in CI (CI has no R), from the repository root:
#     Rscript tests/data/proc_tests.R > tests/data/proc_tests.json
# Needs R with pROC (Debian: r-cran-proc). Takes a few minutes (pROC's resampling runs in R).
# Doubles are written with 17 significant digits, so they round-trip exactly.
#
# Every data set is written into the file with its results. Curves are built with
# direction = "<" (positives score higher), phidelta's convention; pROC's default "auto"
# chooses the direction per curve from the medians.
#
# Deterministic values (AUCs, partial AUCs, DeLong's statistics, degrees of freedom, p-values
# and interval, DeLong's variances and covariance, coordinates, Venkatraman's E, power and
# sample sizes) are compared to 1e-9; resampled ones (bootstrap standard errors, permutation
# p-values) within Monte Carlo error, with the number of resamples written beside them.
#
# Venkatraman's unpaired test: pROC 1.18 mixes the two curves' prevalences with
# (cases1 + cases2) / (2 * n1) -- length(D1) twice -- instead of / (n1 + n2). "venkatraman"
# holds pROC's own numbers; "venkatraman_mixed" the statistic and permutation p-value from
# pROC's own functions (venkatraman.unpaired.stat, venkatraman.unpaired.permutation) with the
# pooled proportion (cases1 + cases2) / (n1 + n2). They agree when n1 == n2.
suppressPackageStartupMessages(library(pROC))

B_BOOT <- 4000 # bootstrap resamples (roc.test, var, cov)
B_PERM <- 4000 # Venkatraman permutations

set.seed(20261130, kind = "Mersenne-Twister", normal.kind = "Inversion", sample.kind = "Rejection")

curve <- function(y, s, ...) roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE, ...)
num <- function(x) unname(as.numeric(x))

# Data sets ------------------------------------------------------------------------------
n <- 100
y_bin <- rbinom(n, 1, 0.45)
u <- rnorm(n)
a_bin <- 1.1 * y_bin + u
b_bin <- 0.7 * y_bin + 0.6 * u + 0.8 * rnorm(n)

y_u1 <- rbinom(70, 1, 0.4)
s_u1 <- 0.8 * y_u1 + rnorm(70)
y_u2 <- rbinom(110, 1, 0.5)
s_u2 <- 0.9 * y_u2 + rnorm(110, sd = 1.2)
y_e1 <- rbinom(80, 1, 0.5)
s_e1 <- 1.0 * y_e1 + rnorm(80)
y_e2 <- rbinom(80, 1, 0.5)
s_e2 <- 0.5 * y_e2 + rnorm(80)

data(aSAH)
poor <- as.integer(aSAH$outcome == "Poor")
wfns <- as.numeric(as.character(aSAH$wfns))

datasets <- list(
  list(name = "paired, binormal", paired = TRUE, y1 = y_bin, s1 = a_bin, y2 = y_bin, s2 = b_bin),
  list(name = "paired, ties (1 decimal)", paired = TRUE, y1 = y_bin, s1 = round(a_bin, 1),
       y2 = y_bin, s2 = round(b_bin, 1)),
  list(name = "aSAH s100b and ndka", paired = TRUE, y1 = poor, s1 = aSAH$s100b, y2 = poor,
       s2 = aSAH$ndka),
  list(name = "aSAH wfns and s100b", paired = TRUE, y1 = poor, s1 = wfns, y2 = poor,
       s2 = aSAH$s100b),
  list(name = "unpaired, 70 and 110 rows", paired = FALSE, y1 = y_u1, s1 = s_u1, y2 = y_u2,
       s2 = s_u2),
  list(name = "unpaired, 80 and 80 rows", paired = FALSE, y1 = y_e1, s1 = s_e1, y2 = y_e2,
       s2 = s_e2)
)

SPECIFICITIES <- c(0.5, 0.8, 0.9, 0.95)
SENSITIVITIES <- c(0.5, 0.8, 0.9)

# Venkatraman's unpaired test with the pooled proportion of positives, from pROC's functions
venkatraman_mixed <- function(r1, r2, boot.n) {
  R <- rank(r1$predictor, ties.method = "first")
  S <- rank(r2$predictor, ties.method = "first")
  D1 <- r1$response
  D2 <- r2$response
  mp <- (sum(D1 == r1$levels[2]) + sum(D2 == r2$levels[2])) / (length(D1) + length(D2))
  E <- pROC:::venkatraman.unpaired.stat(R, S, D1, D2, r1$levels, r2$levels, mp)
  EP <- vapply(seq_len(boot.n), function(i) {
    pROC:::venkatraman.unpaired.permutation(i, R, S, D1, D2, r1$levels, r2$levels, mp, "first")
  }, 0)
  list(statistic = E, pvalue = sum(EP >= E) / boot.n, n_permutations = boot.n)
}

boot_se <- function(test) num(diff(test$estimate) * -1 / test$statistic) # (est1 - est2) / D

run <- function(d) {
  r1 <- curve(d$y1, d$s1)
  r2 <- curve(d$y2, d$s2)
  out <- list(name = d$name, paired = d$paired, y1 = d$y1, s1 = d$s1, y2 = d$y2, s2 = d$s2)
  out$auc <- c(num(auc(r1)), num(auc(r2)))
  # partial areas: specificity 0.8-1 (fpr 0-0.2), sensitivity 0.8-1 corrected (McClish)
  out$pauc_sp <- c(num(auc(r1, partial.auc = c(1, 0.8))), num(auc(r2, partial.auc = c(1, 0.8))))
  out$pauc_se_corrected <- c(
    num(auc(r1, partial.auc = c(1, 0.8), partial.auc.focus = "sensitivity", partial.auc.correct = TRUE)),
    num(auc(r2, partial.auc = c(1, 0.8), partial.auc.focus = "sensitivity", partial.auc.correct = TRUE))
  )
  out$specificities <- SPECIFICITIES
  out$sensitivity_at <- rbind(
    coords(r1, SPECIFICITIES, input = "specificity", ret = "sensitivity", transpose = FALSE)$sensitivity,
    coords(r2, SPECIFICITIES, input = "specificity", ret = "sensitivity", transpose = FALSE)$sensitivity
  )
  out$sensitivities <- SENSITIVITIES
  out$specificity_at <- rbind(
    coords(r1, SENSITIVITIES, input = "sensitivity", ret = "specificity", transpose = FALSE)$specificity,
    coords(r2, SENSITIVITIES, input = "sensitivity", ret = "specificity", transpose = FALSE)$specificity
  )
  out$var_delong <- c(num(var(r1, method = "delong")), num(var(r2, method = "delong")))

  delong <- function(paired) {
    res <- list()
    for (alt in c("two.sided", "less", "greater")) {
      t <- suppressWarnings(roc.test(r1, r2, method = "delong", paired = paired, alternative = alt))
      res[[alt]] <- num(t$p.value)
      res$statistic <- num(t$statistic)
      if (!paired) res$df <- num(t$parameter)
      if (paired) res$conf_int <- num(t$conf.int)
    }
    if (paired) {
      t90 <- roc.test(r1, r2, method = "delong", paired = TRUE, conf.level = 0.9)
      res$conf_int_90 <- num(t90$conf.int)
    }
    names(res)[names(res) == "two.sided"] <- "pvalue_two_sided"
    names(res)[names(res) == "less"] <- "pvalue_less"
    names(res)[names(res) == "greater"] <- "pvalue_greater"
    res
  }
  out$delong_unpaired <- delong(FALSE)
  if (d$paired) {
    out$delong_paired <- delong(TRUE)
    out$cov_delong <- num(cov(r1, r2, method = "delong"))
    pw <- function(...) {
      p <- power.roc.test(r1, r2, ...)
      list(ncases = num(p$ncases), ncontrols = num(p$ncontrols), power = num(p$power),
           sig_level = num(p$sig.level))
    }
    out$power <- list(
      at_n = pw(),
      at_n_one_sided = pw(alternative = "one.sided"),
      at_n_alpha_01 = pw(sig.level = 0.01),
      n_for_90 = pw(power = 0.9),
      n_for_80_one_sided_kappa_2 = pw(power = 0.8, kappa = 2, alternative = "one.sided")
    )
  }

  # resampled ------------------------------------------------------------------------------
  boot <- function(...) {
    t <- suppressWarnings(roc.test(r1, r2, boot.n = B_BOOT, progress = "none", ...))
    list(statistic = num(t$statistic), standard_error = boot_se(t), estimate = num(t$estimate),
         n_resamples = B_BOOT)
  }
  out$bootstrap <- boot(method = "bootstrap", paired = d$paired)
  out$bootstrap_nonstratified <- boot(method = "bootstrap", paired = d$paired, boot.stratified = FALSE)
  r1p <- curve(d$y1, d$s1, partial.auc = c(1, 0.8))
  r2p <- curve(d$y2, d$s2, partial.auc = c(1, 0.8))
  t <- suppressWarnings(roc.test(r1p, r2p, method = "bootstrap", boot.n = B_BOOT,
                                 paired = d$paired, progress = "none"))
  out$bootstrap_pauc_sp <- list(statistic = num(t$statistic), standard_error = boot_se(t),
                                estimate = num(t$estimate), n_resamples = B_BOOT)
  r1c <- curve(d$y1, d$s1, partial.auc = c(1, 0.8), partial.auc.focus = "sensitivity",
               partial.auc.correct = TRUE)
  r2c <- curve(d$y2, d$s2, partial.auc = c(1, 0.8), partial.auc.focus = "sensitivity",
               partial.auc.correct = TRUE)
  t <- suppressWarnings(roc.test(r1c, r2c, method = "bootstrap", boot.n = B_BOOT,
                                 paired = d$paired, progress = "none"))
  out$bootstrap_pauc_se_corrected <- list(statistic = num(t$statistic), standard_error = boot_se(t),
                                          estimate = num(t$estimate), n_resamples = B_BOOT)
  coord_test <- function(method, at) {
    args <- list(r1, r2, method = method, boot.n = B_BOOT, paired = d$paired, progress = "none")
    args[[if (method == "specificity") "specificity" else "sensitivity"]] <- at
    t <- suppressWarnings(do.call(roc.test, args))
    # the difference of the coordinates at `at` (pROC's estimate holds the AUCs)
    c1 <- if (method == "specificity") {
      coords(r1, at, input = "specificity", ret = "sensitivity", transpose = FALSE)$sensitivity
    } else {
      coords(r1, at, input = "sensitivity", ret = "specificity", transpose = FALSE)$specificity
    }
    c2 <- if (method == "specificity") {
      coords(r2, at, input = "specificity", ret = "sensitivity", transpose = FALSE)$sensitivity
    } else {
      coords(r2, at, input = "sensitivity", ret = "specificity", transpose = FALSE)$specificity
    }
    list(at = at, statistic = num(t$statistic), estimate = c(c1, c2),
         standard_error = num((c1 - c2) / t$statistic), n_resamples = B_BOOT)
  }
  out$specificity_test <- coord_test("specificity", 0.9)
  out$sensitivity_test <- coord_test("sensitivity", 0.8)
  out$var_bootstrap <- c(num(var(r1, method = "bootstrap", boot.n = B_BOOT, progress = "none")),
                         num(var(r2, method = "bootstrap", boot.n = B_BOOT, progress = "none")))
  if (d$paired) {
    out$cov_bootstrap <- num(cov(r1, r2, method = "bootstrap", boot.n = B_BOOT, progress = "none"))
  }
  out$bootstrap_n_resamples <- B_BOOT
  t <- suppressWarnings(roc.test(r1, r2, method = "venkatraman", boot.n = B_PERM,
                                 paired = d$paired, progress = "none"))
  out$venkatraman <- list(statistic = num(t$statistic), pvalue = num(t$p.value),
                          n_permutations = B_PERM)
  if (!d$paired) out$venkatraman_mixed <- venkatraman_mixed(r1, r2, B_PERM)
  out
}

cases <- lapply(datasets, run)

# Power of one AUC against 0.5 (Obuchowski's variance, B = 1) -------------------------------
one <- function(..., alternative = "two.sided") {
  p <- power.roc.test(..., alternative = alternative)
  list(alternative = alternative, auc = num(p$auc), ncases = num(p$ncases),
       ncontrols = num(p$ncontrols), sig_level = num(p$sig.level), power = num(p$power))
}
power_one <- list(
  c(list(input = "n"), one(auc = 0.68, ncases = 41, ncontrols = 72)),
  c(list(input = "n"), one(auc = 0.65, ncases = 100, ncontrols = 100, sig.level = 0.01)),
  c(list(input = "n"), one(auc = 0.72, ncases = 15, ncontrols = 30, alternative = "one.sided")),
  c(list(input = "power", kappa = 1.5), one(auc = 0.8, power = 0.9, kappa = 1.5)),
  c(list(input = "power", kappa = 1), one(auc = 0.6, power = 0.8, kappa = 1, sig.level = 0.01)),
  c(list(input = "power", kappa = 0.5), one(auc = 0.75, power = 0.95, kappa = 0.5,
                                            alternative = "one.sided"))
)

# Power of two binormal curves (Obuchowski & McClish 1997), pROC's parameter list ------------
binormal_auc <- function(A, B) pnorm(A / sqrt(1 + B^2))
binormal_pauc <- function(A, B, f1, f2) integrate(function(x) pnorm(A + B * qnorm(x)), f1, f2,
                                                  rel.tol = 1e-13)$value
two <- function(pars, fpr = NULL, ..., alternative = "two.sided") {
  delta <- if (is.null(fpr)) {
    binormal_auc(pars$A1, pars$B1) - binormal_auc(pars$A2, pars$B2)
  } else {
    binormal_pauc(pars$A1, pars$B1, fpr[1], fpr[2]) - binormal_pauc(pars$A2, pars$B2, fpr[1], fpr[2])
  }
  full <- c(pars, list(delta = delta))
  if (!is.null(fpr)) full <- c(full, list(FPR11 = fpr[1], FPR12 = fpr[2], FPR21 = fpr[1], FPR22 = fpr[2]))
  p <- power.roc.test(full, ..., alternative = alternative)
  c(pars, list(alternative = alternative, fpr = if (is.null(fpr)) NULL else fpr, delta = delta,
               ncases = num(p$ncases),
               ncontrols = num(p$ncontrols), sig_level = num(p$sig.level), power = num(p$power)))
}
pars1 <- list(A1 = 1.5, B1 = 1, A2 = 1, B2 = 1, rn = 0.5, ra = 0.4)
pars2 <- list(A1 = 2.0, B1 = 0.8, A2 = 1.4, B2 = 1.2, rn = 0.3, ra = 0.6)
pars0 <- list(A1 = 1.2, B1 = 1, A2 = 0.8, B2 = 1, rn = 0, ra = 0)
power_two <- list(
  c(list(input = "n"), two(pars1, ncases = 60, ncontrols = 90)),
  c(list(input = "n"), two(pars2, ncases = 120, ncontrols = 120, sig.level = 0.01)),
  c(list(input = "n"), two(pars0, ncases = 80, ncontrols = 80, alternative = "one.sided")),
  c(list(input = "power", kappa = 1), two(pars1, power = 0.9, kappa = 1)),
  c(list(input = "power", kappa = 2), two(pars2, power = 0.8, kappa = 2)),
  c(list(input = "power", kappa = 1), two(pars0, power = 0.8, kappa = 1, alternative = "one.sided")),
  c(list(input = "n"), two(pars1, fpr = c(0, 0.2), ncases = 200, ncontrols = 200)),
  c(list(input = "power", kappa = 1.5), two(pars2, fpr = c(0.1, 0.3), power = 0.8, kappa = 1.5))
)

# JSON by hand: jsonlite prints at most 15 significant digits -----------------------------
json <- function(x, indent = "  ") {
  inner <- paste0(indent, "  ")
  if (is.null(x)) return("null")
  if (is.list(x)) {
    if (is.null(names(x))) {
      items <- vapply(x, json, "", indent = inner)
      return(paste0("[\n", inner, paste(items, collapse = paste0(",\n", inner)), "\n", indent, "]"))
    }
    items <- vapply(names(x), function(k) paste0(encodeString(k, quote = '"'), ": ",
                                                 json(x[[k]], inner)), "")
    return(paste0("{\n", inner, paste(items, collapse = paste0(",\n", inner)), "\n", indent, "}"))
  }
  if (is.character(x)) return(encodeString(x, quote = '"'))
  if (is.logical(x) && length(x) == 1) return(if (x) "true" else "false")
  if (is.matrix(x)) {
    rows <- apply(x, 1, function(r) json(as.numeric(r), inner))
    return(paste0("[", paste(rows, collapse = ", "), "]"))
  }
  one_number <- function(v) if (is.na(v)) "null" else sprintf("%.17g", v)
  values <- vapply(as.numeric(x), one_number, "")
  if (length(x) == 1 && is.null(attr(x, "array"))) return(values)
  paste0("[", paste(values, collapse = ", "), "]")
}
as_array <- function(v) structure(v, array = TRUE) # written as a list even when of length 1
for (i in seq_along(cases)) {
  for (k in c("y1", "s1", "y2", "s2")) cases[[i]][[k]] <- as_array(cases[[i]][[k]])
}

software <- paste0(R.version.string, "; pROC ", packageVersion("pROC"))
note <- paste(
  "Curves with levels = c(0, 1), direction = '<'. Resampled entries give their number of",
  "resamples; bootstrap standard_error = (estimate1 - estimate2) / statistic (pROC's D).",
  "venkatraman_mixed: pROC's unpaired statistic and permutations with the pooled proportion",
  "of positives (cases1 + cases2) / (n1 + n2); pROC 1.18 divides by 2 * n1."
)
top <- list(source = "tests/data/proc_tests.R", software = software,
            date = format(Sys.Date()), note = note, cases = cases,
            power_one = power_one, power_two = power_two)
cat(json(top, ""), "\n", sep = "")

package org.graphsha.evaluation;

/**
 * Ranking metrics of a two-class target, computed from the positive class's probability (docs/algorithm.md §3.1).
 * Each is NaN where it is undefined: average precision and precision at k without a positive node, ROC-AUC
 * without a positive or without a negative node; all three when a score is NaN (a diverged model).
 *
 * @param positiveClass  index of the flagged class
 * @param averagePrecision the area under the precision-recall curve as average precision (step-wise)
 * @param rocAuc         the area under the ROC curve, tied scores counting one half
 * @param precisionAtK   the share of positive nodes among the k highest-scored nodes
 * @param k              the number of positive nodes in the evaluated set (so precision at k is R-precision)
 */
public record Ranking(int positiveClass, double averagePrecision, double rocAuc, double precisionAtK, int k) {}

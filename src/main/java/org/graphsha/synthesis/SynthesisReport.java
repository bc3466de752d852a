package org.graphsha.synthesis;

/**
 * What one epoch's synthesis produced, for logs and the Cypher surface.
 *
 * @param epoch                  the epoch index
 * @param phase                  which procedure ran
 * @param countsPerClass         synthetic nodes per class id
 * @param meanDelta              mean anchor share δ of the synthetic features (NaN when none)
 * @param meanSyntheticInDegree  mean number of edges into a synthetic node (NaN when none)
 * @param edgeCount              synthetic edges of both directions
 */
public record SynthesisReport(
    int epoch,
    Phase phase,
    int[] countsPerClass,
    double meanDelta,
    double meanSyntheticInDegree,
    int edgeCount
) {
    public enum Phase { WARM_UP, EASY, HARDER }

    public int syntheticCount() {
        return SynthesisCounts.total(countsPerClass);
    }
}

package org.graphsha.tools.generate;

/**
 * A generated graph: per node its class and year, and the relationships as (source, target) node
 * indices, each source newer (higher index) than its target, like a citation. Features are produced
 * per node on demand by {@link #features()}.
 */
public record GeneratedGraph(GeneratorSettings settings, int[] classes, int[] classSizes, int[] years,
                             int[] sources, int[] targets, ClassFeatures features) {

    public int nodeCount() {
        return classes.length;
    }

    public int relationshipCount() {
        return sources.length;
    }

    public String split(int node) {
        return TimeSplit.split(years[node]);
    }
}

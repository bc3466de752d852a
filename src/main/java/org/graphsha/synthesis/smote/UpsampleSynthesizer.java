package org.graphsha.synthesis.smote;

import java.util.random.RandomGenerator;
import org.graphsha.synthesis.SynthesisCounts;
import org.graphsha.synthesis.SynthesisTarget;
import org.graphsha.synthesis.Synthesizer;
import org.graphsha.synthesis.SyntheticEdgeList;
import org.graphsha.synthesis.SyntheticEdges;
import org.graphsha.synthesis.TrainingClasses;

import org.graphsha.graph.Csr;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;

/**
 * The Upsample baseline: every epoch, each class below the mean training class size gets
 * floor(mean - n_c) copies of its training nodes, drawn uniformly with replacement; a copy keeps the
 * source's features and class (δ = 1) and receives an edge from every neighbour of the source.
 * The paper describes it only in words ([GAP] in docs/algorithm.md §5); this follows its proposal.
 */
public final class UpsampleSynthesizer implements Synthesizer {

    private final int nodeCount;
    private final Csr adjacency;
    private final TrainingClasses training;
    private final int[] counts;

    public UpsampleSynthesizer(GraphSnapshot snapshot) {
        this.nodeCount = snapshot.nodeCount();
        this.adjacency = snapshot.adjacency();
        this.training = new TrainingClasses(snapshot);
        this.counts = SynthesisCounts.perClass(training.sizes(), SynthesisTarget.MEAN);
    }

    @Override
    public SyntheticBatch synthesize(int epoch, float[] previousLogits, RandomGenerator random) {
        int m = 0;
        for (int c = 0; c < counts.length; c++) {
            m += training.nodesOf[c].length > 0 ? counts[c] : 0;
        }
        int[] sources = new int[m];
        int[] classes = new int[m];
        float[] deltas = new float[m];
        SyntheticEdgeList edges = new SyntheticEdgeList(SyntheticEdges.INBOUND);
        int k = 0;
        for (int c = 0; c < counts.length; c++) {
            int[] pool = training.nodesOf[c];
            for (int copy = 0; copy < counts[c] && pool.length > 0; copy++, k++) {
                int source = pool[random.nextInt(pool.length)];
                sources[k] = source;
                classes[k] = c;
                deltas[k] = 1f;
                for (int e = adjacency.offsets()[source]; e < adjacency.offsets()[source + 1]; e++) {
                    edges.connect(adjacency.neighbours()[e], nodeCount + k);
                }
            }
        }
        return new SyntheticBatch(sources, sources.clone(), deltas, classes, edges.sources(), edges.targets());
    }

    /** Copies per class, in class order. */
    public int[] counts() {
        return counts.clone();
    }
}

package org.graphsha.synthesis.smote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.graphsha.data.KnownDataset;
import org.graphsha.data.LongTailedSplit;
import org.graphsha.data.Snapshots;
import org.graphsha.graph.Dataset;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SyntheticBatch;
import org.junit.jupiter.api.Test;

class UpsampleSynthesizerTest {

    @Test
    void copiesMinorityTrainingNodesWithAllTheirEdges() {
        Dataset cora = KnownDataset.CORA.readBundled(false);
        GraphSnapshot snapshot = Snapshots.of(cora, LongTailedSplit.compute(cora.classes(), cora.classCount(),
            cora.publicSplit(), cora.edges(), 100), false);
        UpsampleSynthesizer upsample = new UpsampleSynthesizer(snapshot);
        assertArrayEquals(new int[] {56, 83, 0, 0, 17, 75, 87}, upsample.counts(), "floor(mean - n_c), mean 90.14");

        SyntheticBatch batch = upsample.synthesize(0, null, new SplittableRandom(7));
        int n = snapshot.nodeCount();
        assertEquals(318, batch.size());
        int expectedEdges = 0;
        for (int k = 0; k < batch.size(); k++) {
            int source = batch.anchors()[k];
            assertEquals(source, batch.auxiliaries()[k]);
            assertEquals(1f, batch.deltas()[k]);
            assertEquals(snapshot.classes()[source], batch.classes()[k]);
            assertEquals(true, snapshot.trainMask()[source]);
            expectedEdges += snapshot.adjacency().degree(source);
        }
        assertEquals(expectedEdges, batch.edgeSources().length);
        for (int e = 0; e < batch.edgeSources().length; e++) {
            int copy = batch.edgeTargets()[e] - n;
            int source = batch.anchors()[copy];
            int neighbour = batch.edgeSources()[e];
            assertEquals(true, Arrays.stream(snapshot.adjacency().neighbours(), snapshot.adjacency().offsets()[source],
                snapshot.adjacency().offsets()[source + 1]).anyMatch(v -> v == neighbour), "edge from a neighbour of the source");
        }
    }
}

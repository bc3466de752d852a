package org.graphsha.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.graphsha.graph.ProjectionSchema;
import org.graphsha.nn.BackboneKind;
import org.graphsha.nn.ModelSpec;
import org.graphsha.nn.Tensor;

/** A small stored model for the catalog and cache tests; its first weight tells two versions apart. */
public final class TestModels {

    private TestModels() {}

    public static TrainedModel model(String name, float weight) {
        return model(name, weight, BackboneKind.GCN);
    }

    public static TrainedModel model(String name, float weight, BackboneKind backbone) {
        return new TrainedModel(name, new TrainingGraph("g", List.of("Paper"), List.of("CITES"), List.of(3)),
            ModelSpec.defaults(backbone), "vanilla", List.of(0L, 1L), List.of("features"),
            3, 1, Map.of(), Map.of(), Instant.parse("2026-11-25T10:00:00Z"),
            List.of(new Tensor("conv1.weight", new long[] {3, 2}, new float[] {weight, 2, 3, 4, 5, 6}, true)),
            new double[] {0, 0},
            new ProjectionSchema(List.of("Paper"), List.of("CITES"), Map.of("CITES", "UNDIRECTED"), true));
    }
}

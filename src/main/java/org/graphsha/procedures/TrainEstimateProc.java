package org.graphsha.procedures;

import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.TrainConfig;
import org.graphsha.diffusion.DiffusionKind;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.training.MemoryEstimate;
import org.neo4j.gds.core.Username;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** Memory estimation in GDS's yield shape, with the heap / native split PyTorch makes necessary. */
public class TrainEstimateProc {

    private static final int ASSUMED_MAX_CLASSES = 64;

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Username username;

    @Procedure(name = "graphsha.train.estimate", mode = Mode.READ)
    @Description("Estimates the heap and native (PyTorch) memory graphsha.train would need with this configuration.")
    public Stream<EstimateResult> estimate(@Name("graphName") String graphName,
                                           @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        TrainConfig config = TrainConfig.of(graphName, configuration);
        GdsGraphs.Dimensions size = new ProcedureContext(db, username, null, null).graphs().dimensions(graphName,
            TrainConfig.filter(config.nodeLabels()), TrainConfig.filter(config.relationshipTypes()),
            config.featureProperties());
        boolean graphsha = config.method().needsDiffusion();
        var diffusion = config.synthesis().diffusion();
        long entries = !graphsha ? 0 : diffusion.kind() == DiffusionKind.PPR ? size.nodeCount() * diffusion.topK()
            : size.relationshipCount() + size.nodeCount();
        // Reading the target would cost a pass over the database; the class count only scales the small logits
        // term, so a generous bound stands in for it. Synthesis adds at most about half the nodes again.
        MemoryEstimate estimate = MemoryEstimate.of(size.nodeCount(), size.relationshipCount(), size.featureDimension(),
            ASSUMED_MAX_CLASSES, config.training().model(), config.method().syntheticNodeBound(size.nodeCount()), entries,
            graphsha && diffusion.exactFor(Math.toIntExact(size.nodeCount())), config.method().decodesSyntheticEdges());
        return Stream.of(EstimateResult.of(estimate, size.nodeCount(), size.relationshipCount()));
    }
}

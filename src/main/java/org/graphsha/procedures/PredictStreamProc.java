package org.graphsha.procedures;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.graphsha.config.PredictConfig.Mode;
import org.graphsha.pipeline.PredictModes;
import org.graphsha.pipeline.PredictPipeline;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** {@code graphsha.predict.stream}, as GDS's nodeClassification.predict.stream plus the confidence. */
public class PredictStreamProc extends PredictProcBase {

    public record StreamResult(long nodeId, Object predictedClass, List<Double> predictedProbabilities, double confidence) {}

    @Procedure(name = "graphsha.predict.stream", mode = org.neo4j.procedure.Mode.READ)
    @Description("Classifies the nodes of a GDS graph with a trained graphsha model and streams class, "
        + "probabilities (includePredictedProbabilities: true) and confidence per node.")
    public Stream<StreamResult> stream(@Name("graphName") String graphName,
                                       @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        PredictPipeline.Call call = call(Mode.STREAM, graphName, configuration);
        boolean include = call.config().includePredictedProbabilities();
        PredictPipeline.Predictions p = PredictModes.stream(call);
        return IntStream.range(0, p.nodeCount()).mapToObj(i -> new StreamResult(p.neo4jIds()[i], p.classValues()[i],
            include ? Arrays.stream(p.probabilities()[i]).boxed().toList() : null, p.confidence(i)));
    }
}

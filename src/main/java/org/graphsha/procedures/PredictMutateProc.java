package org.graphsha.procedures;

import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.PredictConfig.Mode;
import org.graphsha.pipeline.PredictModes;
import org.graphsha.pipeline.PredictPipeline;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** {@code graphsha.predict.mutate}, as GDS's nodeClassification.predict.mutate plus the confidence property. */
public class PredictMutateProc extends PredictProcBase {

    public record MutateResult(long preProcessingMillis, long computeMillis, long postProcessingMillis, long mutateMillis,
                               long nodePropertiesWritten, Map<String, Object> configuration) {}

    @Procedure(name = "graphsha.predict.mutate", mode = org.neo4j.procedure.Mode.READ)
    @Description("Classifies the nodes of a GDS graph with a trained graphsha model and adds the predicted class "
        + "(numeric), and optionally confidence and probabilities, as node properties of the in-memory graph.")
    public Stream<MutateResult> mutate(@Name("graphName") String graphName,
                                       @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        PredictPipeline.Outcome<Long> o = PredictModes.mutate(call(Mode.MUTATE, graphName, configuration));
        PredictPipeline.Predictions p = o.predictions();
        return Stream.of(new MutateResult(p.preProcessingMillis(), p.computeMillis(), o.postProcessingMillis(),
            o.outputMillis(), o.output(), p.configuration()));
    }
}

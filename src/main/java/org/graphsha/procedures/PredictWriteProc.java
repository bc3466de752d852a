package org.graphsha.procedures;

import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.PredictConfig.Mode;
import org.graphsha.pipeline.PredictModes;
import org.graphsha.pipeline.PredictPipeline;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** {@code graphsha.predict.write}, as GDS's nodeClassification.predict.write; one transaction, so atomic. */
public class PredictWriteProc extends PredictProcBase {

    public record WriteResult(long preProcessingMillis, long computeMillis, long postProcessingMillis, long writeMillis,
                              long nodePropertiesWritten, Map<String, Object> configuration) {}

    @Procedure(name = "graphsha.predict.write", mode = org.neo4j.procedure.Mode.WRITE)
    @Description("Classifies the nodes of a GDS graph with a trained graphsha model and writes the predicted class "
        + "(and optionally confidence and probabilities) as node properties, all in one transaction.")
    public Stream<WriteResult> write(@Name("graphName") String graphName,
                                     @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        PredictPipeline.Outcome<Long> o = PredictModes.write(call(Mode.WRITE, graphName, configuration), tx);
        PredictPipeline.Predictions p = o.predictions();
        return Stream.of(new WriteResult(p.preProcessingMillis(), p.computeMillis(), o.postProcessingMillis(),
            o.outputMillis(), o.output(), p.configuration()));
    }
}

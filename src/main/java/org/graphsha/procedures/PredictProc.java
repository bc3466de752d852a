package org.graphsha.procedures;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.PredictConfig;
import org.graphsha.pipeline.PredictPipeline;
import org.graphsha.writeback.PredictionWriter;
import org.neo4j.gds.core.Username;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

public class PredictProc {

    @Context
    public GraphDatabaseAPI db;

    @Context
    public Transaction tx;

    @Context
    public Username username;

    public record StreamResult(long nodeId, Object predictedClass, List<Double> probabilities, double confidence) {}

    public record WriteResult(long nodePropertiesWritten, long preProcessingMillis, long computeMillis, long writeMillis,
                              Map<String, Object> configuration) {}

    @Procedure(name = "graphsha.predict.stream", mode = Mode.READ)
    @Description("Classifies every node of a GDS graph with a trained graphsha model and streams the results.")
    public Stream<StreamResult> stream(@Name("graphName") String graphName,
                                       @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        PredictPipeline.Predictions p = predict(PredictConfig.stream(graphName, configuration));
        return IntStream.range(0, p.neo4jIds().length).mapToObj(i -> new StreamResult(p.neo4jIds()[i],
            p.classValues()[i], Arrays.stream(p.probabilities()[i]).boxed().toList(),
            Arrays.stream(p.probabilities()[i]).max().orElse(Double.NaN)));
    }

    @Procedure(name = "graphsha.predict.write", mode = Mode.WRITE)
    @Description("Classifies every node of a GDS graph with a trained graphsha model and writes the predicted class "
        + "(and optionally confidence and probabilities) as node properties, all in one transaction.")
    public Stream<WriteResult> write(@Name("graphName") String graphName,
                                     @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        PredictConfig config = PredictConfig.write(graphName, configuration);
        PredictPipeline.Predictions p = predict(config);
        long start = System.nanoTime();
        long written = PredictionWriter.write(tx, p.neo4jIds(), p.classValues(), p.probabilities(),
            config.writeProperty().orElseThrow(), config.confidenceProperty().orElse(null),
            config.probabilitiesProperty().orElse(null));
        return Stream.of(new WriteResult(written, p.preProcessingMillis(), p.computeMillis(),
            (System.nanoTime() - start) / 1_000_000, config.effective()));
    }

    private PredictPipeline.Predictions predict(PredictConfig config) {
        ProcedureContext context = new ProcedureContext(db, username, null, null);
        TrainedModel model = context.catalog().get(config.modelName());
        return PredictPipeline.run(config, model, context.graphs());
    }
}

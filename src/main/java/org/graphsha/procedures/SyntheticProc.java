package org.graphsha.procedures;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.graphsha.config.ConfigReader;
import org.graphsha.config.JobOptions;
import org.graphsha.config.TrainConfig;
import org.graphsha.pipeline.SyntheticPipeline;
import org.graphsha.writeback.SyntheticNodeWriter;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** Synthetic nodes as data: materialise them for a GraphSHA model, and remove exactly them again. */
public class SyntheticProc extends JobProcedure {

    public record WriteResult(String modelName, long nodesCreated, long relationshipsCreated) {}

    public record DropResult(String modelName, long nodesDeleted) {}

    @Procedure(name = "graphsha.synthetic.write", mode = Mode.WRITE)
    @Description("Materialises a GraphSHA synthesis round of a trained model as nodes with their anchor, auxiliary, "
        + "delta, class and features, replacing the model's earlier synthetic nodes.")
    public Stream<WriteResult> write(@Name("graphName") String graphName,
                                     @Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        ConfigReader reader = new ConfigReader(configuration);
        String modelName = reader.requiredString("modelName");
        String label = ConfigReader.identifier("syntheticNodeLabel",
            reader.string("syntheticNodeLabel", TrainConfig.DEFAULT_SYNTHETIC_LABEL));
        JobOptions job = JobOptions.read(reader, new HashMap<>(), 1);
        reader.finish();
        ProcedureContext context = context();
        SyntheticNodeWriter.Written written = SyntheticPipeline.write(graphName, context.catalog().getStored(modelName), label,
            context.graphs(), tx, context.progress(1, job), terminationGuard::check);
        return Stream.of(new WriteResult(modelName, written.nodes(), written.relationships()));
    }

    @Procedure(name = "graphsha.synthetic.drop", mode = Mode.WRITE)
    @Description("Deletes the synthetic nodes of one model (and their relationships), nothing else.")
    public Stream<DropResult> drop(@Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        ConfigReader reader = new ConfigReader(configuration);
        String modelName = reader.requiredString("modelName");
        String label = ConfigReader.identifier("syntheticNodeLabel",
            reader.string("syntheticNodeLabel", TrainConfig.DEFAULT_SYNTHETIC_LABEL));
        reader.finish();
        String owner = context().catalog().user().username();
        return Stream.of(new DropResult(modelName, SyntheticNodeWriter.drop(tx, label, modelName, owner)));
    }
}

package org.graphsha.pipeline;

import java.util.List;
import java.util.SplittableRandom;

import org.graphsha.catalog.StoredModel;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.TrainConfig;
import org.graphsha.config.WriteOptions;
import org.graphsha.data.TrainingData;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.gds.GdsProgress;
import org.graphsha.gds.ProjectedGraph;
import org.graphsha.graph.SyntheticBatch;
import org.graphsha.nn.Engines;
import org.graphsha.store.write.BatchedWrite;
import org.graphsha.synthesis.graphsha.GraphShaSynthesizer;
import org.graphsha.training.Inference;
import org.graphsha.training.loop.FeatureMode;
import org.graphsha.writeback.SyntheticNodeWriter;
import org.neo4j.graphdb.Transaction;

/**
 * {@code graphsha.synthetic.write} for a stored GraphSHA model: one more GraphSHA synthesis round on
 * the model's training graph, with the trained model's logits as the hardness source and the
 * model's own settings and seed, materialised as nodes. Earlier synthetic nodes of the model are
 * replaced: deleted first, then the new ones written, both in batches unless the write is atomic.
 */
public final class SyntheticPipeline {

    private SyntheticPipeline() {}

    /** What was written, and how long deleting the earlier nodes and writing the new ones took. */
    public record Outcome(SyntheticNodeWriter.Written written, long writeMillis) {}

    /**
     * @param tx     the caller's transaction, for reads
     * @param writer writes the nodes: in batches of their own transactions, or in {@code tx} when atomic
     */
    public static Outcome write(String graphName, StoredModel stored, String label, GdsGraphs graphs,
                                                    Transaction tx, BatchedWrite writer, WriteOptions options,
                                                    TrainPipeline.ProgressFactory progressFactory,
                                                    Runnable checkTerminated) {
        TrainedModel model = stored.model();
        TrainConfig config = TrainConfig.ofStored(graphName, model.configuration());
        if (!config.run().method().writesSyntheticNodes()) {
            throw new IllegalArgumentException("Model `" + model.name() + "` was trained with method '" + model.method()
                + "'; synthetic nodes exist only for method 'graphsha'");
        }
        ProjectedGraph graph = graphs.read(graphName, TrainConfig.filter(config.nodeLabels()),
            TrainConfig.filter(config.relationshipTypes()), model.featureProperties());
        TrainingData data = Inputs.trainingData(model.featureTransform(), graph,
            Inputs.labels(config, graphs, graph.neo4jIds(), tx));
        GdsProgress progress = progressFactory.start("graphsha.synthetic.write", List.of(
            new GdsProgress.Stage("diffusion", graph.nodeCount()), new GdsProgress.Stage("write", 1)));
        try {
            float[] logits = Inference.logits(model.spec(), model.parameters(), data.snapshot(),
                Engines.runtime(config.device(), config.concurrency()), FeatureMode.AUTO);
            progress.beginStage("diffusion");
            boolean[] rows = GraphShaSynthesizer.rowsRead(data.snapshot(), false);
            progress.volume(Diffusion.columns(data.snapshot().nodeCount(), config.diffusion(), rows));
            NeighbourDistribution distribution = Diffusion.compute(data.snapshot().adjacency(),
                config.diffusion(), rows, steps -> {
                    checkTerminated.run();
                    progress.progress(steps);
                });
            progress.endStage("diffusion");
            GraphShaSynthesizer synthesizer = new GraphShaSynthesizer(data.snapshot(), distribution, config.run().synthesis());
            int firstHarderEpoch = Math.max(0, config.run().synthesis().warmupEpochs() + 1);
            SyntheticBatch batch = synthesizer.synthesize(firstHarderEpoch, logits,
                new SplittableRandom(config.seed()));
            checkTerminated.run();
            progress.beginStage("write");
            long begin = System.nanoTime();
            progress.volume(batch.size());
            BatchedWrite.Mode mode = WriteModes.of(options);
            SyntheticNodeWriter.drop(writer, mode, label, model.name(), stored.username());
            checkTerminated.run();
            SyntheticNodeWriter.Written written = SyntheticNodeWriter.write(writer, mode, label, model.name(),
                stored.username(), batch, graph.neo4jIds(), data.classValues(), data.snapshot().features(), nodes -> {
                    checkTerminated.run();
                    progress.progress(nodes);
                });
            progress.endStage("write");
            progress.finish("graphsha.synthetic.write");
            return new Outcome(written, (System.nanoTime() - begin) / 1_000_000);
        } catch (RuntimeException e) {
            progress.fail();
            throw e;
        }
    }
}

package org.graphsha.pipeline;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.PredictConfig;
import org.graphsha.config.TrainConfig;
import org.graphsha.gds.GdsGraphs;
import org.graphsha.store.settings.ModelDirectory;
import org.graphsha.testing.TestNeo4j;
import org.graphsha.training.MemoryEstimate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * The guard inside graphsha.train and graphsha.predict on Cora-LT, with a small machine stated through
 * the call (the procedures pass {@link MemoryGuard.Available#now()}): the call fails before a job
 * starts, names the figures its estimate procedure yields, and runs with {@code sudo: true}.
 */
class MemoryGuardPipelineTest {

    private static final MemoryGuard.Available SMALL = new MemoryGuard.Available(1L << 20, 0, 64L << 20);

    @BeforeAll
    static void coraLongTailed() {
        TestNeo4j.resetWithCoraLongTailed();
    }

    private static GdsGraphs graphs() {
        return new GdsGraphs("", TestNeo4j.db().databaseName());
    }

    private static ModelCatalog catalog() {
        return ModelCatalog.at(ModelDirectory.of((GraphDatabaseAPI) TestNeo4j.db()), new CatalogUser("", false));
    }

    private static TrainPipeline.ProgressFactory noJob() {
        return (job, stages) -> {
            throw new AssertionError("a refused call must not start its job (" + job + ")");
        };
    }

    @Test
    void trainIsRefusedBeforeItsJobWithTheEstimatesFigures() {
        TrainConfig config = TrainConfig.of("cora", Map.of("modelName", "guarded", "splitProperty", "split"));
        try (Transaction tx = TestNeo4j.db().beginTx()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> TrainPipeline.run(config,
                graphs(), tx, catalog(), noJob(), () -> {}, SMALL));
            Map<String, Object> estimate = rows("CALL graphsha.train.estimate('cora', {modelName: 'guarded', "
                + "splitProperty: 'split'}) YIELD heapBytes, nativeBytesMax RETURN *").get(0);
            assertTrue(e.getMessage().startsWith("Memory required to run graphsha.train ("
                + MemoryEstimate.human((Long) estimate.get("heapBytes")) + " heap, "
                + MemoryEstimate.human((Long) estimate.get("nativeBytesMax")) + " native) exceeds available memory "
                + "(1.0 MiB heap, 64.0 MiB machine): both parts are too large."), e.getMessage());
            assertTrue(e.getMessage().contains("warmupEpochs: -1"), e.getMessage());
            assertTrue(e.getMessage().contains("backbone: 'sign'"), "the refusal names the decoupled backbone");
        }
        assertEquals(List.of(), catalog().list());
    }

    @Test
    void theTrainEstimateCountsGraphShasWarmUpNodes() {
        TrainConfig config = TrainConfig.of("cora", Map.of("modelName", "e", "splitProperty", "split"));
        // Under the 'mean' target only the warm-up fills classes up to the largest; without it the peak is lower.
        TrainConfig without = TrainConfig.of("cora", Map.of("modelName", "e", "splitProperty", "split",
            "warmupEpochs", -1L, "synthesisTarget", "mean"));
        try (Transaction tx = TestNeo4j.db().beginTx()) {
            TrainSizing.Estimate estimate = TrainSizing.estimate(config, graphs(), tx);
            long largest = (Long) rows("MATCH (p:Paper {split: 'train'}) WITH p.class AS c, count(*) AS n "
                + "RETURN max(n) AS largest").get(0).get("largest");
            long training = (Long) rows("MATCH (p:Paper {split: 'train'}) RETURN count(*) AS n").get(0).get("n");
            assertEquals(7 * largest - training, estimate.syntheticNodes());
            assertTrue(TrainSizing.estimate(without, graphs(), tx).syntheticNodes() < estimate.syntheticNodes());
        }
    }

    @Test
    void predictIsRefusedLikeItsEstimateAndSudoRunsIt() {
        rows("CALL graphsha.train('cora', {modelName: 'small', method: 'vanilla', splitProperty: 'split', epochs: 5, "
            + "overwrite: true})");
        TrainedModel model = catalog().get("small");
        PredictConfig config = PredictConfig.of(PredictConfig.Mode.STREAM, "cora", Map.of("modelName", "small"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> PredictModes.stream(
            new PredictPipeline.Call(config, model, graphs(), noJob(), () -> {}, SMALL)));
        Map<String, Object> estimate = rows("CALL graphsha.predict.stream.estimate('cora', {modelName: 'small'}) "
            + "YIELD heapBytes, nativeBytesMax RETURN *").get(0);
        assertTrue(e.getMessage().startsWith("Memory required to run graphsha.predict.stream ("
            + MemoryEstimate.human((Long) estimate.get("heapBytes")) + " heap, "
            + MemoryEstimate.human((Long) estimate.get("nativeBytesMax")) + " native) exceeds available memory"),
            e.getMessage());
        assertTrue(e.getMessage().contains("`sudo: true` skips this check"), e.getMessage());
        PredictConfig sudo = PredictConfig.of(PredictConfig.Mode.STREAM, "cora", Map.of("modelName", "small",
            "sudo", true));
        TrainPipeline.ProgressFactory quiet = (job, stages) -> org.graphsha.gds.GdsProgress.start(
            org.neo4j.gds.core.utils.progress.EmptyTaskRegistryFactory.INSTANCE, org.neo4j.logging.NullLog.getInstance(), 1,
            null, false, job, stages);
        assertEquals(2708, PredictModes.stream(new PredictPipeline.Call(sudo, model, graphs(), quiet, () -> {}, SMALL))
            .nodeCount());
        rows("CALL graphsha.model.drop('small')");
    }
}

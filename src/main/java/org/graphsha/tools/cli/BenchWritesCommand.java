package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.graphsha.tools.bench.MemorySampler;
import org.graphsha.tools.generate.Flags;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * graphsha.predict.write on a generated graph, batched and atomic: wall time, peak used heap (JMX,
 * sampled every 100 ms) and the peak transaction heap that Neo4j's memory tracking reports in
 * {@code SHOW TRANSACTIONS} (estimatedUsedHeapMemory, sampled every 100 ms), for the calling
 * transaction and for the largest batch transaction. The model is a vanilla GCN trained for a few
 * epochs on the same projection, or taken from the catalog when it is there already.
 */
final class BenchWritesCommand implements Main.Command {

    static final String USAGE = "bench-writes [--graph-name writes] [--label Paper] [--model writes-gcn] [--epochs 1] "
        + "[--modes batched,atomic] [--write-concurrency 2] [--write-batch-size 10000]";

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        Flags flags = new Flags(args);
        String graph = flags.string("graph-name", "writes");
        String label = flags.string("label", "Paper");
        String model = flags.string("model", "writes-gcn");
        int epochs = flags.intInRange("epochs", 1, 1, 1000);
        List<String> modes = List.of(flags.string("modes", "batched,atomic").split(","));
        int concurrency = flags.intInRange("write-concurrency", 2, 1, 1024);
        int batchSize = flags.intInRange("write-batch-size", 10_000, 1, Integer.MAX_VALUE);
        flags.finish("--graph-name, --label, --model, --epochs, --modes, --write-concurrency, --write-batch-size");
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0);
             MemorySampler sampler = new MemorySampler(100)) {
            GraphDatabaseService db = neo4j.db();
            long t = System.nanoTime();
            Map<String, Object> projected = single(db, "CALL gds.graph.drop($graph, false) YIELD graphName "
                + "WITH count(*) AS dropped CALL gds.graph.project($graph, $label, '*', "
                + "{nodeProperties: ['features', 'class']}) YIELD nodeCount RETURN nodeCount",
                Map.of("graph", graph, "label", label));
            out.printf(Locale.ROOT, "projected %s nodes in %.1f s%n", projected.get("nodeCount"), seconds(t));
            if (!(Boolean) single(db, "CALL graphsha.model.exists($model) YIELD exists RETURN exists",
                Map.of("model", model)).get("exists")) {
                t = System.nanoTime();
                single(db, "CALL graphsha.train($graph, {modelName: $model, method: 'vanilla', backbone: 'gcn', "
                    + "splitProperty: 'split', epochs: $epochs, concurrency: 2}) YIELD modelName RETURN modelName",
                    Map.of("graph", graph, "model", model, "epochs", epochs));
                out.printf(Locale.ROOT, "trained %s in %.1f s%n", model, seconds(t));
            }
            out.println("| mode | nodes | properties | wall s | writeMillis | peak heap used MiB | peak tx heap, caller MiB "
                + "| peak tx heap, one batch MiB | outcome |");
            out.println("|---|---|---|---|---|---|---|---|---|");
            for (String mode : modes) {
                db.executeTransactionally("MATCH (n:`" + label + "`) WHERE n.predicted IS NOT NULL "
                    + "CALL { WITH n REMOVE n.predicted, n.confidence } IN TRANSACTIONS OF 50000 ROWS");
                System.gc();
                sampler.takeStagePeaks();
                boolean atomic = mode.trim().equals("atomic");
                String outcome;
                Map<String, Object> row = null;
                t = System.nanoTime();
                try (TransactionMemory memory = new TransactionMemory(db)) {
                    try {
                        row = single(db, "CALL graphsha.predict.write($graph, {modelName: $model, writeProperty: 'predicted', "
                            + "confidenceProperty: 'confidence', atomic: $atomic, writeConcurrency: $c, writeBatchSize: $b}) "
                            + "YIELD nodePropertiesWritten, writeMillis RETURN *", Map.of("graph", graph, "model", model,
                            "atomic", atomic, "c", concurrency, "b", batchSize));
                        outcome = "ok";
                    } catch (RuntimeException e) {
                        outcome = "failed: " + CypherRunner.describe(e).replace('\n', ' ').replace('|', '/');
                    }
                    double wall = seconds(t);
                    MemorySampler.Peaks peaks = sampler.takeStagePeaks();
                    long written = (Long) single(db, "MATCH (n:`" + label + "`) WHERE n.predicted IS NOT NULL "
                        + "RETURN count(n) AS c", Map.of()).get("c");
                    out.printf(Locale.ROOT, "| %s (writeConcurrency %d, writeBatchSize %d) | %d | %s | %.1f | %s | %.0f | %.1f | %.1f | %s |%n",
                        atomic ? "atomic" : "batched", concurrency, batchSize, written,
                        row == null ? "-" : row.get("nodePropertiesWritten"), wall,
                        row == null ? "-" : row.get("writeMillis"), peaks.heapMb(), memory.callerMb(), memory.batchMb(),
                        outcome);
                }
            }
        }
        return 0;
    }

    /** Samples SHOW TRANSACTIONS until closed. */
    private static final class TransactionMemory implements AutoCloseable {
        private final AtomicLong caller = new AtomicLong();
        private final AtomicLong batch = new AtomicLong();
        private final Thread thread;
        private volatile boolean running = true;

        TransactionMemory(GraphDatabaseService db) {
            thread = new Thread(() -> {
                while (running) {
                    try {
                        db.executeTransactionally("SHOW TRANSACTIONS YIELD currentQuery, estimatedUsedHeapMemory "
                            + "RETURN currentQuery, estimatedUsedHeapMemory", Map.of(), result -> {
                                result.forEachRemaining(r -> {
                                    String query = String.valueOf(r.get("currentQuery"));
                                    long heap = r.get("estimatedUsedHeapMemory") instanceof Long l ? l : 0;
                                    if (query.contains("graphsha.predict.write")) {
                                        caller.accumulateAndGet(heap, Math::max);
                                    } else if (!query.contains("SHOW TRANSACTIONS")) {
                                        batch.accumulateAndGet(heap, Math::max);
                                    }
                                });
                                return null;
                            });
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    } catch (RuntimeException e) {
                        // the database may be busy or closing; the next sample tries again
                    }
                }
            }, "graphsha-transaction-memory");
            thread.setDaemon(true);
            thread.start();
        }

        double callerMb() {
            return caller.get() / (1024.0 * 1024);
        }

        double batchMb() {
            return batch.get() / (1024.0 * 1024);
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join();
        }
    }

    private static Map<String, Object> single(GraphDatabaseService db, String query, Map<String, Object> parameters) {
        return db.executeTransactionally(query, parameters, result -> result.next());
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}

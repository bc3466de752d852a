package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.live.LiveScoring;
import org.graphsha.live.NodePredictConfig;
import org.graphsha.live.NodePredictPipeline;
import org.graphsha.live.rows.ModelRows;
import org.graphsha.numeric.Argmax;
import org.graphsha.store.settings.ModelDirectory;
import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.GeneratorSettings;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * {@code ./graphsha bench-live}: the latency of {@code graphsha.predict.nodes} for single nodes (random
 * ones and the highest-degree hubs), warm, through Cypher as a client calls it, one transaction per call;
 * and the time of batches against a projection built for the purpose plus {@code predict.stream}, with
 * the probabilities of both compared. On Cora (loaded as :CoraPaper) or on the arXiv-sized generated
 * graph (:Paper, bulk-imported when the home has no database), docs/benchmarks/live.md.
 */
final class BenchLiveCommand implements Main.Command {

    static final String USAGE = "bench-live [--dataset cora|generated] [--backbones gcn,sage,gat] [--epochs 5] "
        + "[--singles 1000] [--hubs 20] [--hub-degree 1000] [--warmup 200] [--batches 1000,100000] [--caps 10,25,100] [--seed 7] "
        + "[generate flags, for --dataset generated]";

    private record Graph(String label, String type, String projection, String trainKeys) {}

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        String dataset;
        List<String> backbones;
        int epochs;
        int singles;
        int hubCount;
        int warmup;
        int hubDegree;
        long seed;
        List<Integer> batches;
        List<Integer> caps;
        GeneratorSettings settings;
        GenerateCommand.Target target;
        try {
            Flags flags = new Flags(args);
            dataset = flags.string("dataset", "cora");
            if (!dataset.equals("cora") && !dataset.equals("generated")) {
                throw new IllegalArgumentException("invalid value `" + dataset + "` for --dataset: cora or generated");
            }
            backbones = List.of(flags.string("backbones", "gcn,sage,gat").split(","));
            epochs = flags.intInRange("epochs", 5, 1, 100_000);
            singles = flags.intInRange("singles", 1000, 1, 10_000_000);
            hubCount = flags.intInRange("hubs", 20, 0, 100_000);
            warmup = flags.intInRange("warmup", 200, 0, 10_000_000);
            hubDegree = flags.intInRange("hub-degree", 1000, 1, Integer.MAX_VALUE);
            seed = flags.longInRange("seed", 7, 0, Long.MAX_VALUE);
            batches = ints(flags.string("batches", "1000,100000"));
            caps = ints(flags.string("caps", "10,25,100"));
            settings = GeneratorSettings.parse(flags);
            target = GenerateCommand.Target.parse(flags);
            flags.finish("--dataset, --backbones, --epochs, --singles, --hubs, --hub-degree, --warmup, --batches, --caps, --seed, "
                + GeneratorSettings.FLAGS + ", " + GenerateCommand.Target.FLAGS);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage() + "\nusage: ./graphsha " + USAGE);
        }
        boolean cora = dataset.equals("cora");
        if (!cora && (!GenerateCommand.databaseExists(options.home()) || target.replace())) {
            GenerateCommand.bulk(options.home(), settings, target, out);
        }
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
            GraphDatabaseService db = neo4j.db();
            Graph graph = cora
                ? new Graph("CoraPaper", "CORA_CITES", "live-cora", "")
                : new Graph(target.label(), target.relationshipType(), "live-generated",
                    ", splitProperty: 'split', featureNormalization: 'none'");
            if (cora) {
                exec(db, "CALL graphsha.dataset.load('cora', {nodeLabel: 'CoraPaper', "
                    + "relationshipType: 'CORA_CITES', replace: true})", Map.of());
            }
            long nodes = (Long) single(db, "MATCH (n:`" + graph.label() + "`) RETURN count(n) AS c", Map.of()).get("c");
            out.printf(Locale.ROOT, "%s: %d :%s nodes; %d cores; %s%n", dataset, nodes, graph.label(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " "
                    + System.getProperty("java.version"));
            project(db, graph, graph.projection());
            long[] ids = ids(db, graph);
            Map<String, long[]> hubGroups = new LinkedHashMap<>();
            long[] top = hubs(db, graph, hubCount, -1);
            hubGroups.put("top " + top.length + " hubs", top);
            List<Long> topDegrees = degrees(db, graph, top);
            out.printf(Locale.ROOT, "top hubs: degrees %s%n", topDegrees);
            if (!topDegrees.isEmpty() && topDegrees.get(0) > hubDegree) {
                long[] near = hubs(db, graph, hubCount, hubDegree);
                hubGroups.put(near.length + " nodes of degree ~" + hubDegree, near);
                out.printf(Locale.ROOT, "nodes of degree ~%d: degrees %s%n", hubDegree, degrees(db, graph, near));
            }
            Random random = new Random(seed);
            for (String backbone : backbones) {
                String model = graph.projection() + "-" + backbone;
                long t = System.nanoTime();
                exec(db, "CALL graphsha.train($graph, {modelName: $model, method: 'vanilla', backbone: $backbone, "
                    + "epochs: $epochs, overwrite: true" + graph.trainKeys() + "})", Map.of("graph", graph.projection(),
                    "model", model, "backbone", backbone, "epochs", epochs));
                out.printf(Locale.ROOT, "%n== %s: trained %s (%d epochs) in %.1f s%n", model, backbone, epochs, seconds(t));
                bench(db, out, model, ids, hubGroups, random, singles, warmup, batches, caps, graph);
            }
            exec(db, "CALL gds.graph.drop($g, false)", Map.of("g", graph.projection()));
        }
        return 0;
    }

    private void bench(GraphDatabaseService db, PrintStream out, String model, long[] ids, Map<String, long[]> hubGroups,
                       Random random, int singles, int warmup, List<Integer> batches, List<Integer> caps, Graph graph) {
        String call = "CALL graphsha.predict.nodes($model, $node, $config) YIELD nodeId, predictedClass, predictedProbabilities AS probabilities "
            + "RETURN nodeId, predictedClass, probabilities";
        for (int i = 0; i < warmup; i++) {
            exec(db, call, Map.of("model", model, "node", ids[random.nextInt(ids.length)], "config", Map.of()));
            exec(db, "RETURN $node AS nodeId", Map.of("node", ids[random.nextInt(ids.length)]));
        }
        long[] sample = new long[singles];
        for (int i = 0; i < singles; i++) {
            sample[i] = ids[random.nextInt(ids.length)];
        }
        long[] sample200 = Arrays.copyOf(sample, Math.min(200, sample.length));

        // Cold rows: the model is loaded, but no first-layer row is cached yet.
        List<Map<String, Object>> latency = new ArrayList<>();
        double[] floor = new double[sample.length];
        for (int i = 0; i < sample.length; i++) {
            long t = System.nanoTime();
            exec(db, "RETURN $node AS nodeId", Map.of("node", sample[i]));
            floor[i] = seconds(t);
        }
        latency.add(latencyRow("`RETURN $node` (Cypher and transaction floor)", "-", floor));
        double[] empty = new double[sample.length];
        for (int i = 0; i < sample.length; i++) {
            long t = System.nanoTime();
            exec(db, call, Map.of("model", model, "node", List.of(), "config", Map.of()));
            empty[i] = seconds(t);
        }
        latency.add(latencyRow("`predict.nodes` of `[]` (procedure call floor)", "-", empty));
        live(db).clearRows();
        Map<Long, double[]> exact = new HashMap<>();
        latency.add(latencyRow("random nodes", "cold", timeSingles(db, call, model, sample, Map.of(), exact)));

        List<Map<String, Object>> batchRows = new ArrayList<>();
        Map<Integer, long[]> batchNodes = new LinkedHashMap<>();
        for (int size : batches) {
            long[] batch = shuffledPrefix(ids, Math.min(size, ids.length), random);
            batchNodes.put(size, batch);
            live(db).clearRows();
            Map<Long, double[]> live = new HashMap<>(batch.length * 2);
            double liveSeconds = timeBatch(db, call, model, batch, live);
            long t = System.nanoTime();
            project(db, graph, "live-bench");
            double projectSeconds = seconds(t);
            t = System.nanoTime();
            Map<Long, double[]> stream = new HashMap<>();
            db.executeTransactionally("CALL graphsha.predict.stream('live-bench', {modelName: $model, includePredictedProbabilities: true}) YIELD nodeId, predictedProbabilities AS probabilities "
                + "RETURN nodeId, probabilities", Map.of("model", model), result -> {
                    result.forEachRemaining(r -> {
                        Long id = (Long) r.get("nodeId");
                        if (live.containsKey(id)) {
                            stream.put(id, probabilities(r.get("probabilities")));
                        }
                    });
                    return null;
                });
            double streamSeconds = seconds(t);
            exec(db, "CALL gds.graph.drop('live-bench')", Map.of());
            double maxDiff = 0;
            for (var e : live.entrySet()) {
                maxDiff = Math.max(maxDiff, maxAbs(stream.get(e.getKey()), e.getValue()));
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("batch", batch.length);
            row.put("rows", "cold");
            row.put("predict.nodes s", String.format(Locale.ROOT, "%.2f", liveSeconds));
            row.put("nodes/s", Math.round(batch.length / liveSeconds));
            row.put("project s", String.format(Locale.ROOT, "%.2f", projectSeconds));
            row.put("predict.stream s", String.format(Locale.ROOT, "%.2f", streamSeconds));
            row.put("project + stream s", String.format(Locale.ROOT, "%.2f", projectSeconds + streamSeconds));
            row.put("speed-up", String.format(Locale.ROOT, "%.1fx", (projectSeconds + streamSeconds) / liveSeconds));
            row.put("max abs diff", String.format(Locale.ROOT, "%.2g", maxDiff));
            batchRows.add(row);
        }

        // Warm rows: one call over every node fills the cache, as a live database's traffic does over time.
        live(db).clearRows();
        double fillSeconds = timeBatch(db, call, model, ids, new HashMap<>());
        out.printf(Locale.ROOT, "%nfilled the first-layer rows of all %d nodes in one call: %.2f s%n", ids.length, fillSeconds);
        Map<Long, double[]> warm = new HashMap<>();
        latency.add(latencyRow("random nodes (same as above)", "warm", timeSingles(db, call, model, sample, Map.of(), warm)));
        double agreement = 0;
        for (var e : warm.entrySet()) {
            agreement = Math.max(agreement, maxAbs(exact.get(e.getKey()), e.getValue()));
        }
        for (var group : hubGroups.entrySet()) {
            latency.add(latencyRow(group.getKey(), "warm", timeSingles(db, call, model, group.getValue(), Map.of(), exact)));
        }
        out.println();
        out.println("Single-node calls, " + warmup + " warm-up calls before, one transaction per call, through Cypher "
            + "(cold: no first-layer row cached at the start; warm: all cached). Warm vs cold max abs diff: "
            + String.format(Locale.ROOT, "%.2g", agreement));
        out.print(markdown(List.of("nodes", "rows", "calls", "p50 ms", "p99 ms", "max ms", "mean ms"), latency));

        List<Map<String, Object>> breakdown = new ArrayList<>();
        breakdown.add(breakdown(db, model, "random nodes (first 200)", sample200));
        for (var group : hubGroups.entrySet()) {
            breakdown.add(breakdown(db, model, group.getKey(), group.getValue()));
        }
        out.println();
        out.println("Inside the procedure, warm (same nodes, pipeline called directly): nodes read and time");
        out.print(markdown(List.of("nodes", "median nodes read", "max nodes read", "p50 ms", "p99 ms", "max ms"),
            breakdown));

        if (!caps.isEmpty()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int cap : caps) {
                Map<Long, double[]> capped = new HashMap<>();
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("maxNeighbours", cap);
                double[] times = timeSingles(db, call, model, sample200, Map.of("maxNeighbours", cap), capped);
                row.put("random p50 ms", ms(percentile(times, 0.5)));
                row.put("random p99 ms", ms(percentile(times, 0.99)));
                for (var group : hubGroups.entrySet()) {
                    times = timeSingles(db, call, model, group.getValue(), Map.of("maxNeighbours", cap), capped);
                    row.put(group.getKey() + " p50 ms", ms(percentile(times, 0.5)));
                    row.put(group.getKey() + " max ms", ms(percentile(times, 1)));
                }
                double maxDiff = 0;
                int changed = 0;
                for (var e : capped.entrySet()) {
                    double[] want = exact.get(e.getKey());
                    maxDiff = Math.max(maxDiff, maxAbs(want, e.getValue()));
                    changed += Argmax.of(want) != Argmax.of(e.getValue()) ? 1 : 0;
                }
                row.put("max abs diff vs exact", String.format(Locale.ROOT, "%.2g", maxDiff));
                row.put("class changed", changed + " of " + capped.size());
                rows.add(row);
            }
            out.println();
            out.println("Neighbour cap (maxNeighbours; off by default), warm: the first 200 random nodes and the hubs, "
                + "against the exact call");
            out.print(markdown(new ArrayList<>(rows.get(0).keySet()), rows));
        }

        int i = 0;
        for (var entry : batchNodes.entrySet()) {
            Map<String, Object> cold = batchRows.get(i++);
            double liveSeconds = timeBatch(db, call, model, entry.getValue(), new HashMap<>());
            Map<String, Object> row = new LinkedHashMap<>(cold);
            row.put("rows", "warm");
            row.put("predict.nodes s", String.format(Locale.ROOT, "%.2f", liveSeconds));
            row.put("nodes/s", Math.round(entry.getValue().length / liveSeconds));
            double streamTotal = Double.parseDouble((String) cold.get("project + stream s"));
            row.put("speed-up", String.format(Locale.ROOT, "%.1fx", streamTotal / liveSeconds));
            row.put("max abs diff", "");
            batchRows.add(row);
        }
        out.println();
        out.println("Batches: one predict.nodes call against project + predict.stream (whole graph), same model; "
            + "max abs diff of the probabilities over the batch");
        out.print(markdown(new ArrayList<>(batchRows.get(0).keySet()), batchRows));
    }

    private static double timeBatch(GraphDatabaseService db, String call, String model, long[] batch,
                                    Map<Long, double[]> results) {
        long t = System.nanoTime();
        db.executeTransactionally(call, Map.of("model", model, "node", toList(batch), "config", Map.of()), result -> {
            result.forEachRemaining(r -> results.put((Long) r.get("nodeId"), probabilities(r.get("probabilities"))));
            return null;
        });
        return seconds(t);
    }

    /** Wall time of each call in seconds; the probabilities of each node go to {@code results}. */
    private static double[] timeSingles(GraphDatabaseService db, String call, String model, long[] nodes,
                                        Map<String, Object> config, Map<Long, double[]> results) {
        double[] times = new double[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            long t = System.nanoTime();
            double[] p = db.executeTransactionally(call, Map.of("model", model, "node", nodes[i], "config", config),
                result -> probabilities(result.next().get("probabilities")));
            times[i] = seconds(t);
            results.put(nodes[i], p);
        }
        return times;
    }

    /** The DBMS's live scoring, as its extension offers it to the database. */
    private static LiveScoring live(GraphDatabaseService db) {
        return ((GraphDatabaseAPI) db).getDependencyResolver().resolveDependency(LiveScoring.class);
    }

    private static Map<String, Object> breakdown(GraphDatabaseService db, String model, String name, long[] nodes) {
        LiveScoring live = live(db);
        ModelCatalog catalog = ModelCatalog.at(ModelDirectory.of((GraphDatabaseAPI) db), new CatalogUser("", true),
            live::modelFileChanged);
        ModelRows trained = live.load(catalog, model);
        String database = live.databaseKey(db.databaseName());
        NodePredictConfig config = NodePredictConfig.of(model, Map.of());
        double[] fields = new double[nodes.length];
        double[] times = new double[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            try (Transaction tx = db.beginTx()) {
                NodePredictPipeline.Predictions p = NodePredictPipeline.run(config, trained, database, tx,
                    new long[] {nodes[i]});
                fields[i] = p.fieldNodes();
                times[i] = p.nanos() / 1e9;
            }
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("nodes", name);
        row.put("median nodes read", Math.round(percentile(fields, 0.5)));
        row.put("max nodes read", Math.round(percentile(fields, 1)));
        row.put("p50 ms", ms(percentile(times, 0.5)));
        row.put("p99 ms", ms(percentile(times, 0.99)));
        row.put("max ms", ms(percentile(times, 1)));
        return row;
    }

    private static Map<String, Object> latencyRow(String name, String rows, double[] times) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("nodes", name);
        row.put("rows", rows);
        row.put("calls", times.length);
        row.put("p50 ms", ms(percentile(times, 0.5)));
        row.put("p99 ms", ms(percentile(times, 0.99)));
        row.put("max ms", ms(percentile(times, 1)));
        row.put("mean ms", ms(Arrays.stream(times).average().orElse(Double.NaN)));
        return row;
    }

    /** Nearest-rank percentile. */
    static double percentile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static String ms(double seconds) {
        return String.format(Locale.ROOT, "%.2f", seconds * 1000);
    }

    private static void project(GraphDatabaseService db, Graph graph, String name) {
        exec(db, "CALL gds.graph.drop($name, false) YIELD graphName WITH count(*) AS dropped "
            + "CALL gds.graph.project($name, $label, {`" + graph.type() + "`: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features']}) YIELD nodeCount RETURN nodeCount", Map.of("name", name, "label", graph.label()));
    }

    private static long[] ids(GraphDatabaseService db, Graph graph) {
        return db.executeTransactionally("MATCH (n:`" + graph.label() + "`) RETURN id(n) AS id ORDER BY id", Map.of(),
            result -> result.stream().mapToLong(r -> (Long) r.get("id")).toArray());
    }

    /** The highest-degree nodes ({@code degree} < 0), or those with the degree nearest to {@code degree}. */
    private static long[] hubs(GraphDatabaseService db, Graph graph, int count, int degree) {
        String d = "COUNT { (n)-[:`" + graph.type() + "`]-() }";
        return db.executeTransactionally("MATCH (n:`" + graph.label() + "`) RETURN id(n) AS id ORDER BY "
            + (degree < 0 ? d + " DESC" : "abs(" + d + " - $degree)") + ", id LIMIT $k", Map.of("k", count, "degree", degree),
            result -> result.stream().mapToLong(r -> (Long) r.get("id")).toArray());
    }

    private static List<Long> degrees(GraphDatabaseService db, Graph graph, long[] nodes) {
        return db.executeTransactionally("UNWIND $ids AS i MATCH (n) WHERE id(n) = i RETURN COUNT { (n)-[:`" + graph.type()
            + "`]-() } AS d", Map.of("ids", toList(nodes)), result -> result.stream().map(r -> (Long) r.get("d")).toList());
    }

    private static long[] shuffledPrefix(long[] ids, int size, Random random) {
        List<Long> list = new ArrayList<>(toList(ids));
        Collections.shuffle(list, random);
        return list.subList(0, size).stream().mapToLong(Long::longValue).toArray();
    }

    private static List<Long> toList(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    @SuppressWarnings("unchecked")
    private static double[] probabilities(Object value) {
        return ((List<Double>) value).stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double maxAbs(double[] a, double[] b) {
        double max = 0;
        for (int c = 0; c < a.length; c++) {
            max = Math.max(max, Math.abs(a[c] - b[c]));
        }
        return max;
    }

    private static List<Integer> ints(String text) {
        if (text.isBlank() || text.equals("none")) {
            return List.of();
        }
        return Arrays.stream(text.split(",")).map(s -> Integer.parseInt(s.trim().replace("_", ""))).toList();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** Runs a statement to its end: results are lazy, a procedure call runs only as its rows are read. */
    private static void exec(GraphDatabaseService db, String query, Map<String, Object> parameters) {
        db.executeTransactionally(query, parameters, result -> {
            result.forEachRemaining(r -> { });
            return null;
        });
    }

    private static Map<String, Object> single(GraphDatabaseService db, String query, Map<String, Object> parameters) {
        return db.executeTransactionally(query, parameters, result -> result.next());
    }

    private static String markdown(List<String> columns, List<Map<String, Object>> rows) {
        StringBuilder s = new StringBuilder("| " + String.join(" | ", columns) + " |\n|");
        columns.forEach(c -> s.append("---|"));
        s.append('\n');
        for (Map<String, Object> row : rows) {
            s.append("| ");
            s.append(String.join(" | ", columns.stream().map(c -> String.valueOf(row.get(c))).toList()));
            s.append(" |\n");
        }
        return s.toString();
    }
}

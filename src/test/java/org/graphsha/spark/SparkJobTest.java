package org.graphsha.spark;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.config.TrainConfig;
import org.graphsha.data.SplitRole;
import org.graphsha.data.Snapshots;
import org.graphsha.graph.EdgeList;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.graph.SparseFeatures;
import org.graphsha.nn.GcnNormalization;
import org.graphsha.nn.HopFeatures;
import org.graphsha.nn.HopOperator;
import org.graphsha.nn.RowBlocks;
import org.graphsha.store.settings.ModelDirectory;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * The Spark job end to end at local[2], in a JVM of its own on Spark's classpath (as spark-submit runs it), against
 * the test harness over Bolt: every node gets class and confidence, the job's hop features equal the core's Java
 * ones, and the plugin scores the model the job stored exactly as the job did.
 */
class SparkJobTest {

    private static final int NODES = 150;
    private static final int DIMENSION = 6;
    private static final int HOPS = 2;
    private static Path dump;
    private static Path modelFile;
    private static Path pluginModelFile;
    private static String output;
    /** The console of the scoring job that was killed mid-write. */
    private static String killedAfter;

    @BeforeAll
    static void runTheJob() throws Exception {
        TestNeo4j.reset();
        writeGraph();
        dump = Files.createTempFile("graphsha-spark", ".txt");
        modelFile = TestNeo4j.importDirectory().resolve("spark").resolve("sparkModel.graphsha-model");
        Files.createDirectories(modelFile.getParent());
        output = runJob(dump, "url=" + TestNeo4j.boltUri(), "nodeLabel=SparkPaper", "relationshipType=SPARK_CITES",
            "featureProperties=features", "targetProperty=cls", "splitProperty=split", "modelName=sparkModel",
            "modelFile=" + modelFile, "epochs=20", "hops=" + HOPS, "partitions=2", "batchSize=64", "overwrite=true");
        scoreThePluginsModelAndKillTheJobMidWrite();
    }

    /**
     * The plugin trains an ensemble of two sign models and exports it; the job scores it ({@code task=predict}) and
     * writes one node per transaction, and is killed once a third of the nodes are written.
     */
    private static void scoreThePluginsModelAndKillTheJobMidWrite() throws Exception {
        rows("CALL gds.graph.project('sparkGraph', 'SparkPaper', {SPARK_CITES: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features', 'cls']})");
        rows("CALL graphsha.train('sparkGraph', {modelName: 'pluginSign', backbone: 'sign', hops: " + HOPS + ", "
            + "targetProperty: 'cls', featureProperties: ['features'], epochs: 20, ensembleSize: 2, overwrite: true})");
        pluginModelFile = TestNeo4j.importDirectory().resolve("spark").resolve("pluginSign.graphsha-model");
        rows("CALL graphsha.model.export('pluginSign', {fileName: 'spark/pluginSign.graphsha-model', overwrite: true})");
        killedAfter = startJob(null, "task=predict", "url=" + TestNeo4j.boltUri(), "nodeLabel=SparkPaper",
            "relationshipType=SPARK_CITES", "modelFile=" + pluginModelFile, "partitions=2", "batchSize=1",
            "predictionProperty=pluginClass", "confidenceProperty=pluginConfidence").killWhen(() ->
                ((Number) single("MATCH (n:SparkPaper) WHERE n.pluginClass IS NOT NULL RETURN count(n)")).longValue()
                    >= NODES / 3);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        rows("CALL graphsha.model.drop('sparkModel', false) YIELD modelName RETURN count(*)");
        rows("CALL graphsha.model.drop('pluginSign', false) YIELD modelName RETURN count(*)");
        rows("CALL graphsha.model.drop('pluginSame', false) YIELD modelName RETURN count(*)");
        rows("CALL gds.graph.drop('sparkGraph', false) YIELD graphName RETURN count(*)");
        TestNeo4j.run("MATCH (n:SparkPaper) DETACH DELETE n");
        Files.deleteIfExists(dump);
        Files.deleteIfExists(modelFile);
        Files.deleteIfExists(pluginModelFile);
    }

    /** Three classes of 90, 45 and 15 nodes, features near their class's centre, most edges inside a class. */
    private static void writeGraph() {
        Random random = new Random(11);
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            int cls = i < 90 ? 0 : i < 135 ? 1 : 2;
            List<Double> features = new ArrayList<>();
            for (int j = 0; j < DIMENSION; j++) {
                features.add((j % 3 == cls ? 1.5 : 0.0) + random.nextGaussian());
            }
            String split = i % 4 == 0 ? "val" : i % 4 == 1 ? "test" : "train";
            nodes.add(Map.of("i", (long) i, "cls", (long) cls, "features", features, "split", split));
        }
        List<Map<String, Object>> edges = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            for (int e = 0; e < 3; e++) {
                int j = random.nextDouble() < 0.7 ? sameClass(i, random) : random.nextInt(NODES);
                edges.add(Map.of("a", (long) i, "b", (long) j));
            }
        }
        rows("UNWIND $nodes AS n CREATE (:SparkPaper {i: n.i, cls: n.cls, features: n.features, split: n.split})",
            Map.of("nodes", nodes));
        rows("UNWIND $edges AS e MATCH (a:SparkPaper {i: e.a}), (b:SparkPaper {i: e.b}) CREATE (a)-[:SPARK_CITES]->(b)",
            Map.of("edges", edges));
    }

    private static int sameClass(int i, Random random) {
        int from = i < 90 ? 0 : i < 135 ? 90 : 135;
        int to = i < 90 ? 90 : i < 135 ? 135 : NODES;
        return from + random.nextInt(to - from);
    }

    private static String runJob(Path hopsOut, String... args) throws Exception {
        Job job = startJob(hopsOut, args);
        boolean finished = job.process.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            job.process.destroyForcibly().waitFor();
        }
        String text = job.output();
        assertTrue(finished && job.process.exitValue() == 0, "the Spark job failed:\n" + text);
        // The job's summary with its stage times (docs/spark.md quotes them).
        text.lines().filter(l -> l.startsWith("graphsha-spark:")).forEach(System.out::println);
        return text;
    }

    private static Job startJob(Path hopsOut, String... args) throws IOException {
        Path target = Path.of("target");
        String sparkClasspath = Files.readString(target.resolve("spark-job.classpath")).trim();
        String runtime = Files.readString(target.resolve("launcher-runtime.classpath")).trim();
        // C1 only: the job's JVM lives half a minute, too short for C2's compiles to pay back (user CPU 69 s -> 59 s).
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx2g", "-XX:TieredStopAtLevel=1", "-Dspark.master=local[2]", "-Dspark.ui.enabled=false", "-Dspark.sql.shuffle.partitions=2"));
        command.addAll(SparkJvm.OPENS);
        command.addAll(List.of("-cp", target.resolve("classes").toAbsolutePath() + java.io.File.pathSeparator + runtime
            + java.io.File.pathSeparator + sparkClasspath, SparkJob.class.getName()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile("graphsha-spark-job", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        if (hopsOut != null) {
            builder.environment().put("GRAPHSHA_SPARK_HOPS_OUT", hopsOut.toString());
        }
        builder.environment().put("DJL_OFFLINE", "true");
        return new Job(builder.start(), log);
    }

    /** A running job's process and its console log. */
    private record Job(Process process, Path log) {

        String output() throws IOException {
            String text = Files.readString(log);
            Files.deleteIfExists(log);
            return text;
        }

        /** Kills the job (SIGKILL) as soon as {@code condition} holds; fails if the job ends first. */
        String killWhen(java.util.function.BooleanSupplier condition) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (!condition.getAsBoolean()) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly().waitFor();
                    throw new AssertionError("the job ended or stalled before the condition to kill it held:\n"
                        + output());
                }
                Thread.sleep(20);
            }
            process.destroyForcibly().waitFor();
            return output();
        }
    }

    @Test
    void everyNodeGetsAClassAndAConfidenceFromOneWrite() {
        assertEquals((long) NODES, single("MATCH (n:SparkPaper) WHERE n.predictedClass IN [0, 1, 2] "
            + "AND n.confidence > 1.0 / 3 AND n.confidence <= 1.0 RETURN count(n)"), output);
        assertTrue(output.contains("graphsha-spark: train, model sparkModel, " + NODES + " nodes scored"), output);
    }

    @Test
    void theJobsHopFeaturesEqualTheCoresJavaOnes() throws IOException {
        Map<Long, float[][]> spark = new HashMap<>();
        for (String line : Files.readAllLines(dump)) {
            String[] f = line.split(" ");
            if (f[0].equals("hops")) {
                float[] row = new float[f.length - 3];
                for (int j = 0; j < row.length; j++) {
                    row[j] = Float.parseFloat(f[j + 3]);
                }
                spark.computeIfAbsent(Long.parseLong(f[1]), id -> new float[HOPS + 1][])[Integer.parseInt(f[2])] = row;
            }
        }
        // The plugin's path: the projection's undirected edges and features, the model's transform, nn.HopFeatures.
        List<Map<String, Object>> nodes = rows("MATCH (n:SparkPaper) RETURN id(n) AS id, n.features AS x ORDER BY id");
        Map<Long, Integer> position = new LinkedHashMap<>();
        float[] values = new float[NODES * DIMENSION];
        int[] columns = new int[NODES * DIMENSION];
        int[] offsets = new int[NODES + 1];
        for (int i = 0; i < NODES; i++) {
            position.put((Long) nodes.get(i).get("id"), i);
            double[] x = (double[]) nodes.get(i).get("x");
            for (int j = 0; j < DIMENSION; j++) {
                values[i * DIMENSION + j] = (float) x[j];
                columns[i * DIMENSION + j] = j;
            }
            offsets[i + 1] = (i + 1) * DIMENSION;
        }
        List<int[]> pairs = new ArrayList<>();
        for (Map<String, Object> r : rows("MATCH (a:SparkPaper)-[:SPARK_CITES]->(b:SparkPaper) WHERE a <> b "
            + "RETURN DISTINCT CASE WHEN id(a) < id(b) THEN id(a) ELSE id(b) END AS s, "
            + "CASE WHEN id(a) < id(b) THEN id(b) ELSE id(a) END AS t")) {
            pairs.add(new int[] {position.get((Long) r.get("s")), position.get((Long) r.get("t"))});
        }
        EdgeList edges = new EdgeList(pairs.stream().mapToInt(p -> p[0]).toArray(),
            pairs.stream().mapToInt(p -> p[1]).toArray());
        SparseFeatures raw = new SparseFeatures(NODES, DIMENSION, offsets, columns, values);
        FeatureTransform transform = TrainConfig.FeatureNormalization.AUTO.fit(raw);
        int[] unknown = new int[NODES];
        java.util.Arrays.fill(unknown, -1);
        SplitRole[] roles = new SplitRole[NODES];
        java.util.Arrays.fill(roles, SplitRole.NONE);
        GraphSnapshot snapshot = Snapshots.of(edges, transform.apply(raw), unknown, 3, roles);
        HopFeatures java = HopFeatures.compute(HopOperator.of(snapshot.adjacency(), GcnNormalization.MEAN),
            snapshot.features(), HOPS, 1);

        assertEquals(NODES, spark.size());
        double worst = 0;
        for (Map.Entry<Long, Integer> node : position.entrySet()) {
            float[][] s = spark.get(node.getKey());
            for (int k = 0; k <= HOPS; k++) {
                RowBlocks h = java.hop(k);
                int r = node.getValue();
                for (int j = 0; j < DIMENSION; j++) {
                    worst = Math.max(worst, Math.abs(s[k][j] - h.block(r)[h.offset(r) + j]));
                }
            }
        }
        assertTrue(worst <= 1e-5, "largest hop difference " + worst);
    }

    @Test
    @SuppressWarnings("unchecked")
    void thePluginServesTheJobsModelWithTheJobsScores() throws IOException {
        Map<Long, Object[]> job = new HashMap<>();
        for (String line : Files.readAllLines(dump)) {
            String[] f = line.split(" ");
            if (f[0].equals("score")) {
                job.put(Long.parseLong(f[1]), new Object[] {Long.parseLong(f[2]), Double.parseDouble(f[3])});
            }
        }
        rows("CALL graphsha.model.import('spark/sparkModel.graphsha-model', {overwrite: true})");
        List<Map<String, Object>> served = rows("CALL graphsha.predict.stream('sparkGraph', {modelName: 'sparkModel'}) "
            + "YIELD nodeId, predictedClass, confidence RETURN nodeId, predictedClass, confidence");
        assertEquals(NODES, served.size());
        double worst = 0;
        for (Map<String, Object> r : served) {
            Object[] expected = job.get((Long) r.get("nodeId"));
            assertEquals(expected[0], r.get("predictedClass"), "node " + r.get("nodeId"));
            worst = Math.max(worst, Math.abs((Double) expected[1] - (Double) r.get("confidence")));
        }
        assertTrue(worst <= 1e-5, "largest confidence difference " + worst);
        Map<String, Object> info = (Map<String, Object>) rows("CALL graphsha.model.list('sparkModel') YIELD modelInfo "
            + "RETURN modelInfo").get(0).get("modelInfo");
        assertEquals("sign", info.get("backbone"));
    }

    @Test
    void aJobKilledMidWriteLeftEveryNodeWithBothPropertiesOrNeither() {
        long both = ((Number) single("MATCH (n:SparkPaper) WHERE n.pluginClass IS NOT NULL "
            + "AND n.pluginConfidence IS NOT NULL RETURN count(n)")).longValue();
        long either = ((Number) single("MATCH (n:SparkPaper) WHERE n.pluginClass IS NOT NULL "
            + "OR n.pluginConfidence IS NOT NULL RETURN count(n)")).longValue();
        assertEquals(both, either, "half-written nodes after the kill:\n" + killedAfter);
        assertTrue(both >= NODES / 3 && both < NODES, both + " of " + NODES + " nodes written when the job was killed");
    }

    @Test
    void theJobScoresAPluginTrainedEnsembleAsThePluginDoes() {
        Map<Long, Map<String, Object>> written = new HashMap<>();
        for (Map<String, Object> r : rows("MATCH (n:SparkPaper) WHERE n.pluginClass IS NOT NULL "
            + "RETURN id(n) AS id, n.pluginClass AS cls, n.pluginConfidence AS confidence")) {
            written.put((Long) r.get("id"), r);
        }
        assertTrue(written.size() >= NODES / 3, written.size() + " nodes scored by the job");
        double worst = 0;
        for (Map<String, Object> r : rows("CALL graphsha.predict.stream('sparkGraph', {modelName: 'pluginSign'}) "
            + "YIELD nodeId, predictedClass, confidence RETURN nodeId, predictedClass, confidence")) {
            Map<String, Object> job = written.get((Long) r.get("nodeId"));
            if (job != null) {
                assertEquals(r.get("predictedClass"), job.get("cls"), "node " + r.get("nodeId"));
                worst = Math.max(worst, Math.abs((Double) r.get("confidence") - (Double) job.get("confidence")));
            }
        }
        assertTrue(worst <= 1e-5, "largest confidence difference " + worst);
    }

    /**
     * The job orders nodes by Neo4j id, and a projection of nodes created in one statement holds them in that order:
     * the same keys and seed then train the same model in the plugin as on the driver.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theSameKeysAndSeedTrainTheSameModelInThePlugin() {
        Map<String, Object> trained = rows("CALL graphsha.train('sparkGraph', {modelName: 'pluginSame', backbone: "
            + "'sign', hops: " + HOPS + ", featureProperties: ['features'], targetProperty: 'cls', splitProperty: "
            + "'split', epochs: 20, overwrite: true}) YIELD modelInfo, validationMetrics RETURN *").get(0);
        TrainedModel job = ModelCatalog.readFile(modelFile);
        assertEquals((long) job.bestEpoch(), ((Map<String, Object>) trained.get("modelInfo")).get("bestEpoch"));
        Map<String, Object> validation = (Map<String, Object>) trained.get("validationMetrics");
        Map<String, Object> jobValidation = (Map<String, Object>) job.metrics().get("validation");
        assertEquals(jobValidation.get("balancedAccuracy"), validation.get("balancedAccuracy"));
        assertEquals(jobValidation.get("f1Macro"), validation.get("f1Macro"));
        assertEquals(jobValidation.get("accuracy"), validation.get("accuracy"));
        TrainedModel plugin = ModelCatalog.at(ModelDirectory.of((GraphDatabaseAPI) TestNeo4j.db()),
            new CatalogUser("", false)).get("pluginSame");
        for (int t = 0; t < job.parameters().size(); t++) {
            assertArrayEquals(job.parameters().get(t).data(), plugin.parameters().get(t).data(),
                "tensor " + job.parameters().get(t).name());
        }
    }
}

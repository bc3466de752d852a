package org.graphsha.live;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code graphsha.predict.nodes} against {@code graphsha.predict.stream} on Cora: for every backbone the
 * probabilities agree to 1e-5, for the whole graph in one call, for single nodes (the highest-degree
 * ones included) and for a node created after training (against a new projection that includes it).
 */
class PredictNodesTest {

    static final double TOLERANCE = 1e-5;

    /** Model name, projection it is trained on, train keys. */
    static Stream<List<String>> models() {
        return Stream.of(
            List.of("live-gcn-mean", "cora", "backbone: 'gcn', gcnNormalization: 'mean'"),
            List.of("live-gcn-symmetric", "cora", "backbone: 'gcn', gcnNormalization: 'symmetric'"),
            List.of("live-gat", "cora", "backbone: 'gat'"),
            List.of("live-sage", "cora", "backbone: 'sage'"),
            List.of("live-sage-natural", "cora-natural", "backbone: 'sage'"),
            List.of("live-sage-standardized", "cora", "backbone: 'sage', featureNormalization: 'standardize'"));
    }

    /** The ten highest-degree papers (Cora's hubs: 168, 78, 74, ... relationships). */
    static List<Long> hubs;
    static List<Long> sample;

    @BeforeAll
    static void trainModels() {
        TestNeo4j.resetWithCoraLongTailed();
        run("CALL gds.graph.project('cora-natural', 'Paper', 'CITES', {nodeProperties: ['features']})");
        models().forEach(m -> run("CALL graphsha.train('" + m.get(1) + "', {modelName: '" + m.get(0) + "', method: 'vanilla', "
            + "splitProperty: 'split', epochs: 20, " + m.get(2) + "}) YIELD modelName RETURN modelName"));
        hubs = rows("MATCH (p:Paper) RETURN id(p) AS id ORDER BY COUNT { (p)-[:CITES]-() } DESC, id LIMIT 10").stream()
            .map(r -> (Long) r.get("id")).toList();
        List<Long> all = rows("MATCH (p:Paper) RETURN id(p) AS id ORDER BY id").stream().map(r -> (Long) r.get("id")).toList();
        Random random = new Random(7);
        sample = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            sample.add(all.get(random.nextInt(all.size())));
        }
    }

    /** model.list's {@code loaded}: false until predict.nodes reads the model, false again once it is replaced. */
    @Test
    void modelListSaysWhetherPredictNodesHoldsTheModel() {
        run("CALL graphsha.train('cora', {modelName: 'live-loaded', method: 'vanilla', splitProperty: 'split', "
            + "epochs: 5}) YIELD modelName RETURN modelName");
        String loaded = "CALL graphsha.model.list('live-loaded') YIELD loaded RETURN loaded";
        assertEquals(false, rows(loaded).get(0).get("loaded"));
        rows("MATCH (p:Paper) WITH p LIMIT 1 CALL graphsha.predict.nodes('live-loaded', p) YIELD nodeId RETURN nodeId");
        assertEquals(true, rows(loaded).get(0).get("loaded"));
        run("CALL graphsha.train('cora', {modelName: 'live-loaded', method: 'vanilla', splitProperty: 'split', "
            + "epochs: 5, overwrite: true}) YIELD modelName RETURN modelName");
        assertEquals(false, rows(loaded).get(0).get("loaded"));
        run("CALL graphsha.model.drop('live-loaded') YIELD modelName RETURN modelName");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void oneCallForTheWholeGraphAgreesWithPredictStream(List<String> model) {
        Map<Long, Row> stream = stream(model.get(1), model.get(0));
        Map<Long, Row> live = nodes(model.get(0), "COLLECT { MATCH (p:Paper) RETURN p }", "{}");
        assertEquals(stream.keySet(), live.keySet());
        double diff = assertAgree(stream, live);
        System.out.printf("predict.nodes %s, all %d nodes in one call: max |p - p_stream| = %.3g%n", model.get(0),
            live.size(), diff);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void singleNodesAgreeWithPredictStreamHubsIncluded(List<String> model) {
        Map<Long, Row> stream = stream(model.get(1), model.get(0));
        Map<Long, Row> live = new HashMap<>();
        for (long id : concat(hubs, sample)) {
            live.putAll(nodes(model.get(0), id + "", "{}"));
        }
        double diff = assertAgree(stream, live);
        System.out.printf("predict.nodes %s, %d single-node calls (10 hubs): max |p - p_stream| = %.3g%n", model.get(0),
            live.size(), diff);
    }

    @Test
    void aNeighbourCapAboveEveryDegreeChangesNothingAndASmallOneIsASeededSample() {
        String model = "live-gcn-symmetric";
        Map<Long, Row> stream = stream("cora", model);
        for (long hub : hubs.subList(0, 3)) {
            assertAgree(stream, nodes(model, hub + "", "{maxNeighbours: 200}"));
            Map<Long, Row> capped = nodes(model, hub + "", "{maxNeighbours: 5}");
            assertEquals(capped, nodes(model, hub + "", "{maxNeighbours: 5}"), "the same sample every call");
            assertEquals(capped, nodes(model, "[" + hub + ", " + sample.get(0) + "]", "{maxNeighbours: 5}").entrySet()
                .stream().filter(e -> e.getKey() == hub).collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                    Map.Entry::getValue)), "whatever else the call scores");
            double diff = 0;
            for (int c = 0; c < capped.get(hub).probabilities().size(); c++) {
                diff = Math.max(diff, Math.abs(capped.get(hub).probabilities().get(c)
                    - stream.get(hub).probabilities().get(c)));
            }
            assertTrue(diff > TOLERANCE, "a hub of " + hub + " read through 5 of its neighbours moved only " + diff);
            assertEquals(1.0, capped.get(hub).probabilities().stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
        }
        Map<Long, Row> other = nodes(model, hubs.get(0) + "", "{maxNeighbours: 5, samplingSeed: 7}");
        assertTrue(!other.equals(nodes(model, hubs.get(0) + "", "{maxNeighbours: 5}")), "another seed, another sample");
    }

    @Test
    void aNodeCreatedAfterTrainingAgreesWithANewProjection() {
        List<String> coraModels = models().filter(m -> m.get(1).equals("cora")).map(m -> m.get(0)).toList();
        try {
            // Scored inside the transaction that creates it, before any projection can see it.
            Map<String, List<Double>> created = new HashMap<>();
            for (String model : coraModels) {
                created.put(model, castProbabilities(rows("MATCH (a:Paper) WHERE id(a) = $hub MATCH (b:Paper) "
                    + "WHERE id(b) = $other CREATE (n:Paper {id: -1, features: a.features}) CREATE (n)-[:CITES]->(a) "
                    + "CREATE (b)-[:CITES]->(n) WITH n CALL graphsha.predict.nodes($model, n) "
                    + "YIELD nodeId, predictedProbabilities AS probabilities WITH n, nodeId, probabilities DETACH DELETE n "
                    + "RETURN nodeId, probabilities", Map.of("hub", hubs.get(0), "other", sample.get(0), "model", model))
                    .get(0).get("probabilities")));
            }
            // The same node committed, and one projection that sees it, for every model.
            rows("MATCH (a:Paper) WHERE id(a) = $hub MATCH (b:Paper) WHERE id(b) = $other "
                + "CREATE (n:Paper {id: -1, features: a.features}) CREATE (n)-[:CITES]->(a) CREATE (b)-[:CITES]->(n)",
                Map.of("hub", hubs.get(0), "other", sample.get(0)));
            run("CALL gds.graph.project('cora-new', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            long added = (Long) rows("MATCH (n:Paper {id: -1}) RETURN id(n) AS id").get(0).get("id");
            for (String model : coraModels) {
                Map<Long, Row> stream = stream("cora-new", model);
                Map<Long, Row> live = nodes(model, "COLLECT { MATCH (p:Paper) WHERE id(p) IN $ids RETURN p }", "{}",
                    Map.of("ids", List.of(added, hubs.get(0), sample.get(0))));
                assertEquals(3, live.size());
                double diff = assertAgree(stream, live);
                assertAgree(Map.of(added, stream.get(added)), Map.of(added, new Row(null, created.get(model))));
                System.out.printf("predict.nodes %s, new node and its neighbours vs a new projection: max diff %.3g%n",
                    model, diff);
            }
        } finally {
            run("CALL gds.graph.drop('cora-new', false)");
            run("MATCH (n:Paper {id: -1}) DETACH DELETE n");
        }
    }

    record Row(Object predictedClass, List<Double> probabilities) {}

    static Map<Long, Row> stream(String graph, String model) {
        Map<Long, Row> result = new HashMap<>();
        for (Map<String, Object> r : rows("CALL graphsha.predict.stream($graph, {modelName: $model, includePredictedProbabilities: true}) "
            + "YIELD nodeId, predictedClass, predictedProbabilities AS probabilities RETURN *", Map.of("graph", graph, "model", model))) {
            result.put((Long) r.get("nodeId"), new Row(r.get("predictedClass"), castProbabilities(r.get("probabilities"))));
        }
        return result;
    }

    static Map<Long, Row> nodes(String model, String nodes, String config) {
        return nodes(model, nodes, config, Map.of());
    }

    static Map<Long, Row> nodes(String model, String nodes, String config, Map<String, Object> parameters) {
        Map<String, Object> p = new HashMap<>(parameters);
        p.put("model", model);
        Map<Long, Row> result = new HashMap<>();
        for (Map<String, Object> r : rows("CALL graphsha.predict.nodes($model, " + nodes + ", " + config + ") "
            + "YIELD nodeId, predictedClass, predictedProbabilities AS probabilities, confidence RETURN *", p)) {
            List<Double> probabilities = castProbabilities(r.get("probabilities"));
            assertEquals(probabilities.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                (Double) r.get("confidence"), 0);
            result.put((Long) r.get("nodeId"), new Row(r.get("predictedClass"), probabilities));
        }
        return result;
    }

    @SuppressWarnings("unchecked")
    static List<Double> castProbabilities(Object value) {
        return (List<Double>) value;
    }

    /** @return the largest absolute difference of a probability */
    static double assertAgree(Map<Long, Row> expected, Map<Long, Row> actual) {
        double max = 0;
        for (Map.Entry<Long, Row> e : actual.entrySet()) {
            Row want = expected.get(e.getKey());
            List<Double> got = e.getValue().probabilities();
            assertEquals(want.probabilities().size(), got.size());
            for (int c = 0; c < got.size(); c++) {
                max = Math.max(max, Math.abs(got.get(c) - want.probabilities().get(c)));
            }
            if (want.predictedClass() != null && e.getValue().predictedClass() != null && topGap(got) > 1e-4) {
                assertEquals(want.predictedClass(), e.getValue().predictedClass(), "node " + e.getKey());
            }
        }
        double worst = max;
        assertTrue(worst <= TOLERANCE, () -> "max |p - p_stream| = " + worst);
        return max;
    }

    static double topGap(List<Double> p) {
        List<Double> sorted = p.stream().sorted().toList();
        return sorted.get(sorted.size() - 1) - sorted.get(sorted.size() - 2);
    }

    static List<Long> concat(List<Long> a, List<Long> b) {
        List<Long> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}

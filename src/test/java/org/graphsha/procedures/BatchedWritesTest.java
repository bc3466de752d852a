package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.graphsha.testing.Errors;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neo4j.graphdb.Transaction;
import org.neo4j.internal.kernel.api.connectioninfo.ClientConnectionInfo;
import org.neo4j.internal.kernel.api.security.AccessMode;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * The three writing calls in batches of their own transactions (the default) and atomically: batches
 * land everything at any writeConcurrency, a batch that fails leaves every node complete or untouched
 * and the error counts the written ones, the atomic write is all or nothing, batches write no more
 * than the caller may, and bad write keys fail before anything is written.
 */
class BatchedWritesTest {

    private static final Pattern STOPPED = Pattern.compile("stopped after (\\d+) of (\\d+) nodes");

    @BeforeAll
    static void coraWithModels() {
        TestNeo4j.resetWithCoraLongTailed();
        rows("CALL graphsha.train('cora', {modelName: 'm', splitProperty: 'split', method: 'vanilla', epochs: 3})");
        // A few hundred synthetic nodes are enough for more batches than writer threads.
        rows("CALL graphsha.train('cora', {modelName: 'sha', splitProperty: 'split', epochs: 3, maxSyntheticNodes: 400})");
    }

    @AfterEach
    void clean() {
        rows("MATCH (p:Paper) REMOVE p.predicted, p.confidence, p.probabilities");
        rows("MATCH (c:Copy) DETACH DELETE c");
        rows("MATCH (s:GraphSHASynthetic) DETACH DELETE s");
        rows("MATCH (d:Loaded) DETACH DELETE d");
        rows("CALL gds.graph.list() YIELD graphName WHERE graphName <> 'cora' "
            + "CALL gds.graph.drop(graphName) YIELD nodeCount RETURN count(*)");
    }

    @ParameterizedTest(name = "writeConcurrency {0}, writeBatchSize {1}, atomic {2}")
    @CsvSource({"1, 500, false", "4, 300, false", "1, 10000, false", "2, 700, true"})
    void predictWriteLandsEveryPropertyOfEveryNode(int concurrency, int batchSize, boolean atomic) {
        Map<String, Object> row = rows("CALL graphsha.predict.write('cora', {modelName: 'm', writeProperty: 'predicted', "
            + "confidenceProperty: 'confidence', predictedProbabilityProperty: 'probabilities', writeConcurrency: $c, "
            + "writeBatchSize: $b, atomic: $a}) YIELD nodePropertiesWritten, configuration RETURN *",
            Map.of("c", concurrency, "b", batchSize, "a", atomic)).get(0);
        assertEquals(3 * 2708L, row.get("nodePropertiesWritten"));
        Map<?, ?> configuration = (Map<?, ?>) row.get("configuration");
        assertEquals((long) concurrency, configuration.get("writeConcurrency"));
        assertEquals((long) batchSize, configuration.get("writeBatchSize"));
        assertEquals(atomic, configuration.get("atomic"));
        assertEquals(2708L, single("MATCH (p:Paper) WHERE p.predicted IS NOT NULL AND p.confidence IS NOT NULL "
            + "AND size(p.probabilities) = 7 RETURN count(p)"));
        // the written class is the streamed one, node by node
        assertEquals(0L, single("CALL graphsha.predict.stream('cora', {modelName: 'm'}) YIELD nodeId, predictedClass "
            + "MATCH (p) WHERE id(p) = nodeId AND p.predicted <> predictedClass RETURN count(p)"));
    }

    @ParameterizedTest(name = "writeConcurrency {0}")
    @CsvSource({"1", "3"})
    void aBatchThatFailsLeavesNoHalfWrittenNodeAndTheErrorCountsTheWrittenOnes(int concurrency) {
        int copies = copiesWithOneDeleted();
        String message = Errors.rootMessage(assertThrows(RuntimeException.class, () -> rows(
            "CALL graphsha.predict.write('copies', {modelName: 'm', writeProperty: 'predicted', "
                + "confidenceProperty: 'confidence', predictedProbabilityProperty: 'probabilities', "
                + "writeBatchSize: 100, writeConcurrency: $c})", Map.of("c", concurrency))));
        assertTrue(message.contains("no longer exists"), message);
        Matcher stopped = STOPPED.matcher(message);
        assertTrue(stopped.find(), message);
        long reported = Long.parseLong(stopped.group(1));
        assertEquals(copies, Long.parseLong(stopped.group(2)));
        assertEquals(reported, single("MATCH (c:Copy) WHERE c.predicted IS NOT NULL RETURN count(c)"));
        assertEquals(0L, single("MATCH (c:Copy) WHERE c.predicted IS NOT NULL "
            + "AND (c.confidence IS NULL OR c.probabilities IS NULL) RETURN count(c)"), "a half-written node");
        assertEquals(0L, single("MATCH (c:Copy) WHERE c.predicted IS NULL "
            + "AND (c.confidence IS NOT NULL OR c.probabilities IS NOT NULL) RETURN count(c)"), "a half-written node");
        assertEquals(0, reported % 100, "whole batches only: " + reported);
        assertTrue(reported < copies, message);
        if (concurrency == 1) {
            // one thread writes the batches in order: every batch before the deleted node's was committed
            assertEquals(500L, reported, message);
        }
    }

    @Test
    void anAtomicWriteThatFailsWritesNothing() {
        copiesWithOneDeleted();
        assertFailsUnchanged("CALL graphsha.predict.write('copies', {modelName: 'm', writeProperty: 'predicted', "
            + "writeBatchSize: 100, atomic: true})", "no longer exists");
        assertEquals(0L, single("MATCH (c:Copy) WHERE c.predicted IS NOT NULL RETURN count(c)"));
    }

    @Test
    void batchesWriteNoMoreThanTheCallerMay() {
        SecurityContext readOnly = SecurityContext.authDisabled(AccessMode.Static.READ,
            ClientConnectionInfo.EMBEDDED_CONNECTION, "neo4j");
        try (Transaction tx = ((GraphDatabaseAPI) TestNeo4j.db()).beginTransaction(KernelTransaction.Type.EXPLICIT, readOnly)) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> tx.execute("CALL graphsha.predict.write('cora', "
                + "{modelName: 'm', writeProperty: 'predicted'})").next());
            assertTrue(Errors.rootMessage(e).contains("not allowed"), Errors.rootMessage(e));
        }
        assertEquals(0L, single("MATCH (p:Paper) WHERE p.predicted IS NOT NULL RETURN count(p)"));
    }

    @Test
    void syntheticWriteInBatchesMatchesTheAtomicWrite() {
        Map<String, Object> atomic = rows("CALL graphsha.synthetic.write('cora', {modelName: 'sha', atomic: true}) "
            + "YIELD nodesCreated, relationshipsCreated RETURN *").get(0);
        Map<String, Object> batched = rows("CALL graphsha.synthetic.write('cora', {modelName: 'sha', "
            + "writeBatchSize: 64, writeConcurrency: 3}) YIELD nodesCreated, relationshipsCreated, configuration "
            + "RETURN *").get(0);
        assertEquals(atomic.get("nodesCreated"), batched.get("nodesCreated"));
        assertEquals(atomic.get("relationshipsCreated"), batched.get("relationshipsCreated"));
        assertTrue((Long) batched.get("nodesCreated") > 3 * 64, "more batches than writer threads: " + batched);
        assertEquals(64L, ((Map<?, ?>) batched.get("configuration")).get("writeBatchSize"));
        // the second write replaced the first, and every node came with all of its relationships
        assertEquals(batched.get("nodesCreated"), single("MATCH (s:GraphSHASynthetic) RETURN count(s)"));
        assertEquals(batched.get("relationshipsCreated"), single("MATCH (s:GraphSHASynthetic)-[r]-() RETURN count(r)"));
        assertEquals(0L, single("MATCH (s:GraphSHASynthetic) WHERE s.features IS NULL "
            + "OR COUNT { (s)-[:SYNTHESIZED_FROM]->() } <> 2 "
            + "RETURN count(s)"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "batched, 3 threads | {nodeLabel: 'Loaded', writeBatchSize: 400, writeConcurrency: 3}",
        "atomic            | {nodeLabel: 'Loaded', atomic: true}",
        "older batchSize   | {nodeLabel: 'Loaded', batchSize: 1000}"})
    void datasetLoadWritesEveryNodeAndRelationship(String name, String configuration) {
        assertEquals(2708L, single("CALL graphsha.dataset.load('cora', " + configuration + ") YIELD nodeCount "
            + "RETURN nodeCount"));
        assertEquals(2708L, single("MATCH (d:Loaded) WHERE d.features IS NOT NULL AND d.class IS NOT NULL "
            + "AND d.publicSplit IS NOT NULL RETURN count(d)"));
        assertEquals(5278L, single("MATCH (:Loaded)-[r:CITES]->(:Loaded) RETURN count(r)"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "zero batch size        | predict.write('cora', {modelName: 'm', writeProperty: 'p', writeBatchSize: 0})        | Invalid value 0 for configuration key `writeBatchSize`: expected a positive integer",
        "text batch size        | predict.write('cora', {modelName: 'm', writeProperty: 'p', writeBatchSize: 'all'})    | Invalid value 'all' for configuration key `writeBatchSize`",
        "fractional batch size  | synthetic.write('cora', {modelName: 'sha', writeBatchSize: 2.5})                      | Invalid value 2.5 for configuration key `writeBatchSize`",
        "atomic as text         | predict.write('cora', {modelName: 'm', writeProperty: 'p', atomic: 'yes'})            | Invalid value 'yes' for configuration key `atomic`: expected true or false",
        "zero writeConcurrency  | synthetic.write('cora', {modelName: 'sha', writeConcurrency: 0})                      | Invalid value 0 for configuration key `writeConcurrency`",
        "misspelt key           | predict.write('cora', {modelName: 'm', writeProperty: 'p', writeBatchsize: 10})      | Unexpected configuration key `writeBatchsize` (did you mean `writeBatchSize`?)",
        "atomic in stream       | predict.stream('cora', {modelName: 'm', atomic: true})                               | Unexpected configuration key `atomic`",
        "both batch size keys   | dataset.load('cora', {nodeLabel: 'Loaded', batchSize: 10, writeBatchSize: 20})      | `writeBatchSize` (20) and `batchSize` (10)",
        "negative load batch    | dataset.load('cora', {nodeLabel: 'Loaded', writeBatchSize: -5})                     | Invalid value -5 for configuration key `writeBatchSize`"})
    void badWriteKeysFailBeforeAnythingIsWritten(String name, String call, String expected) {
        assertFailsUnchanged("CALL graphsha." + call, expected);
    }

    /** 1,000 copies of Paper nodes (features and class) projected as 'copies', then the 550th deleted. */
    private static int copiesWithOneDeleted() {
        rows("MATCH (p:Paper) WITH p ORDER BY p.id LIMIT 1000 CREATE (:Copy {features: p.features, class: p.class})");
        rows("CALL gds.graph.project('copies', 'Copy', '*', {nodeProperties: ['features', 'class']})");
        // the write goes through the nodes in the order predict.stream lists them: the 551st is in the sixth batch of 100
        long victim = (Long) single("CALL graphsha.predict.stream('copies', {modelName: 'm'}) YIELD nodeId "
            + "WITH collect(nodeId) AS ids RETURN ids[550]");
        rows("MATCH (c:Copy) WHERE id(c) = $id DELETE c", Map.of("id", victim));
        return 1000;
    }
}

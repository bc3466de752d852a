package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A user's own graph as it comes: accounts with a boolean target on a tenth of them, integer and float scalar
 * properties (one missing on some accounts), and merchants, a second label without any feature, that only
 * connect accounts.
 */
class OwnGraphTest {

    private static final String TRAIN = "CALL graphsha.train('%s', {modelName: '%s', targetProperty: 'isFraud', "
        + "featureProperties: %s, nodeLabels: %s, method: 'reweight', epochs: 10, overwrite: true}) "
        + "YIELD modelInfo RETURN modelInfo";

    @BeforeAll
    static void graph() {
        TestNeo4j.reset();
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo RETURN count(*)");
        rows("UNWIND range(0, 159) AS i CREATE (:Account {ref: i, isFraud: i % 10 = 0, amount: (i * 37) % 50 "
            + "+ CASE WHEN i % 10 = 0 THEN 40 ELSE 0 END, score: toFloat(i % 13) / 13.0, "
            + "age: CASE WHEN i % 7 = 3 THEN null ELSE i % 60 END, kind: CASE WHEN i = 1 THEN 'x' ELSE null END})");
        rows("UNWIND range(0, 15) AS m CREATE (:Merchant {ref: m})");
        // The same classes with a value on the merchants too, to show what targetNodeLabels leaves out.
        rows("MATCH (a:Account) SET a.fraudAll = a.isFraud");
        rows("MATCH (m:Merchant) SET m.fraudAll = false");
        rows("MATCH (a:Account), (m:Merchant) WHERE m.ref = CASE WHEN a.isFraud THEN a.ref % 3 ELSE 3 + a.ref % 13 END "
            + "CREATE (a)-[:PAYS]->(m)");
        rows("CALL gds.graph.project('own', {Account: {properties: {amount: {}, score: {}, age: {defaultValue: 0}}}, "
            + "Merchant: {}}, {PAYS: {orientation: 'UNDIRECTED'}})");
        // The model the refusals of predictions onto the training data name.
        rows(String.format(TRAIN, "own", "fraud", "['amount', 'score', 'age']", "['*']"));
        rows("CALL gds.graph.project('noDefault', {Account: {properties: ['amount', 'score', 'age']}, Merchant: {}}, "
            + "{PAYS: {orientation: 'UNDIRECTED'}})");
    }

    @Test
    @SuppressWarnings("unchecked")
    void trainsOnABooleanTargetWithMixedScalarsAndFeaturelessMerchants() {
        Map<String, Object> info = (Map<String, Object>) single(String.format(TRAIN, "own", "fraud",
            "['amount', 'score', 'age']", "['*']"));
        assertEquals(List.of(false, true), info.get("classes"));
        // Three scalar columns and the structure marker of the merchants.
        assertEquals(4L, info.get("featureDimension"));
        rows("CALL graphsha.predict.write('own', {modelName: 'fraud', writeProperty: 'fraudPredicted'})");
        assertEquals(160L, single("MATCH (a:Account) WHERE a.fraudPredicted IN [true, false] RETURN count(a)"));
        assertEquals(16L, single("MATCH (m:Merchant) WHERE m.fraudPredicted IN [true, false] RETURN count(m)"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void withoutMerchantsThereIsNoMarkerColumn() {
        Map<String, Object> info = (Map<String, Object>) single(String.format(TRAIN, "own", "accountsOnly",
            "['amount', 'score', 'age']", "['Account']"));
        assertEquals(3L, info.get("featureDimension"));
    }

    @Test
    void aPropertyMissingOnSomeNodesNamesTheDefaultValue() {
        assertFailsUnchanged(String.format(TRAIN, "noDefault", "m", "['amount', 'score', 'age']", "['*']"),
            "Feature property `age` of graph `noDefault` is missing on node",
            "project it with a defaultValue, e.g. nodeProperties: {age: {defaultValue: 0.0}}");
    }

    @Test
    void aTargetMixingBooleansAndStringsIsRefused() {
        rows("MATCH (a:Account {ref: 2}) SET a.mixed = 'yes' WITH 1 AS x MATCH (a:Account) WHERE a.ref <> 2 "
            + "SET a.mixed = a.isFraud");
        assertFailsUnchanged("CALL graphsha.train('own', {modelName: 'm', targetProperty: 'mixed', "
            + "featureProperties: ['amount'], epochs: 2})", "class values mix booleans and strings");
    }

    @Test
    @SuppressWarnings("unchecked")
    void reportsTestMetricsThatModelSelectionNeverSawWithoutASplitProperty() {
        Map<String, Object> row = rows("CALL graphsha.train('own', {modelName: 'holdout', targetProperty: 'isFraud', "
            + "featureProperties: ['amount', 'score', 'age'], method: 'reweight', epochs: 10, overwrite: true}) "
            + "YIELD testMetrics, configuration RETURN *").get(0);
        Map<String, Object> test = (Map<String, Object>) row.get("testMetrics");
        Map<String, Map<String, Long>> confusion = (Map<String, Map<String, Long>>) test.get("confusionMatrix");
        // 16 fraud and 144 other accounts, a fifth of each tests.
        assertEquals(3L, confusion.get("true").values().stream().mapToLong(Long::longValue).sum());
        assertEquals(29L, confusion.get("false").values().stream().mapToLong(Long::longValue).sum());
        assertEquals(0.2, ((Map<String, Object>) row.get("configuration")).get("testFraction"));
    }

    @Test
    void splitStratifiedWritesTrainValidationAndTestAndRemovesNothing() {
        List<Object> before = TestNeo4j.counts().subList(0, 2);
        List<Map<String, Object>> table = rows("CALL graphsha.split.stratified({nodeLabel: 'Account', "
            + "targetProperty: 'isFraud', writeProperty: 'part'}) YIELD classValue, train, val, test, removed "
            + "RETURN * ORDER BY classValue");
        assertEquals(List.of(false, true), table.stream().map(r -> r.get("classValue")).toList());
        assertEquals(List.of(29L, 3L), table.stream().map(r -> r.get("test")).toList());
        assertEquals(List.of(29L, 3L), table.stream().map(r -> r.get("val")).toList());
        assertEquals(List.of(86L, 10L), table.stream().map(r -> r.get("train")).toList());
        assertEquals(List.of(0L, 0L), table.stream().map(r -> r.get("removed")).toList());
        assertEquals(before, TestNeo4j.counts().subList(0, 2), "the split removed or added nodes or relationships");
        Map<String, Object> trained = rows("CALL graphsha.train('own', {modelName: 'split', targetProperty: 'isFraud', "
            + "featureProperties: ['amount'], splitProperty: 'part', method: 'reweight', epochs: 5, overwrite: true}) "
            + "YIELD testMetrics RETURN testMetrics").get(0);
        assertEquals(true, trained.get("testMetrics") != null);
    }

    @Test
    @SuppressWarnings("unchecked")
    void targetNodeLabelsClassifiesOnlyItsLabelsAndKeepsTheOthersAsStructure() {
        String train = "CALL graphsha.train('own', {modelName: 'labels', targetProperty: 'fraudAll', "
            + "featureProperties: ['amount', 'score', 'age'], method: 'reweight', epochs: 5, overwrite: true%s}) "
            + "YIELD testMetrics, modelInfo RETURN *";
        Map<String, Object> all = rows(String.format(train, "")).get(0);
        Map<String, Object> accounts = rows(String.format(train, ", targetNodeLabels: ['Account']")).get(0);
        // The merchants' `false` tests too without the key (a fifth of 160), not with it (a fifth of 144).
        assertEquals(32L, testedOf(all, "false"));
        assertEquals(29L, testedOf(accounts, "false"));
        // Merchants stay in the graph: their marker column is still there.
        assertEquals(4L, ((Map<String, Object>) accounts.get("modelInfo")).get("featureDimension"));
        // predict.stats scores the known classes of the classified labels only: 160 accounts, not the 16 merchants.
        assertEquals(160L, single("CALL graphsha.predict.stats('own', {modelName: 'labels'}) YIELD metrics "
            + "RETURN metrics.nodeCount"));
    }

    @SuppressWarnings("unchecked")
    private static long testedOf(Map<String, Object> row, String classValue) {
        Map<String, Map<String, Long>> confusion = (Map<String, Map<String, Long>>)
            ((Map<String, Object>) row.get("testMetrics")).get("confusionMatrix");
        return confusion.get(classValue).values().stream().mapToLong(Long::longValue).sum();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        split onto the target       | CALL graphsha.split.stratified({nodeLabel: 'Account', targetProperty: 'isFraud', writeProperty: 'isFraud'}) | Invalid value 'isFraud' for configuration key `writeProperty`: it is the targetProperty
        long-tailed onto the target | CALL graphsha.split.longTailed({nodeLabel: 'Account', relationshipType: 'PAYS', targetProperty: 'isFraud', writeProperty: 'isFraud'}) | Invalid value 'isFraud' for configuration key `writeProperty`: it is the targetProperty
        split fractions sum to one  | CALL graphsha.split.stratified({nodeLabel: 'Account', targetProperty: 'isFraud', testFraction: 0.5, validationFraction: 0.5}) | configuration key `testFraction`: with validationFraction 0.5 it leaves no node to train on
        test share beside a split   | CALL graphsha.train('own', {modelName: 'm', targetProperty: 'isFraud', featureProperties: ['amount'], splitProperty: 'part', testFraction: 0.3}) | splitProperty `part` already marks the test nodes
        train fractions sum to one  | CALL graphsha.train('own', {modelName: 'm', targetProperty: 'isFraud', featureProperties: ['amount'], testFraction: 0.9}) | configuration key `testFraction`: with validationFraction 0.2 it leaves no node to train on
        unknown target label        | CALL graphsha.train('own', {modelName: 'm', targetProperty: 'isFraud', featureProperties: ['amount'], targetNodeLabels: ['Device']}) | Invalid value 'Device' for configuration key `targetNodeLabels`: graph `own` has the labels [Account, Merchant]
        target label not read       | CALL graphsha.train('own', {modelName: 'm', targetProperty: 'isFraud', featureProperties: ['amount'], nodeLabels: ['Account'], targetNodeLabels: ['Merchant']}) | Invalid value 'Merchant' for configuration key `targetNodeLabels`: the call reads only the nodeLabels [Account]
        mutate onto the db target   | CALL graphsha.predict.mutate('own', {modelName: 'fraud', mutateProperty: 'isFraud'}) | Invalid value 'isFraud' for configuration key `mutateProperty`: model `fraud` was trained on 'isFraud' as its target property (targetProperty), and mutating predictions there would shadow it
        write onto the db target    | CALL graphsha.predict.write('own', {modelName: 'fraud', writeProperty: 'isFraud'}) | Invalid value 'isFraud' for configuration key `writeProperty`: model `fraud` was trained on 'isFraud' as its target property
        live scoring with marker     | MATCH (a:Account {ref: 0}) CALL graphsha.predict.nodes('fraud', a) YIELD nodeId RETURN nodeId | Model `fraud` was trained with nodes that carry none of its feature properties [amount, score, age] as structure
        predict without the merchants | CALL graphsha.predict.stream('own', {modelName: 'fraud', targetNodeLabels: ['Account']}) | the model was trained with nodes of a label that has none of the feature properties (a marker column): read such a label too
        missing split points on     | CALL graphsha.train('own', {modelName: 'm', targetProperty: 'isFraud', featureProperties: ['amount'], splitProperty: 'nowhere'}) | write it first with graphsha.split.stratified
        """)
    void refuses(String name, String query, String expected) {
        assertFailsUnchanged(query, expected.strip());
    }
}

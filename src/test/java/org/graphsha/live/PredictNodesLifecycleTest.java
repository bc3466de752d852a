package org.graphsha.live;

import static org.graphsha.live.PredictNodesTest.assertAgree;
import static org.graphsha.live.PredictNodesTest.nodes;
import static org.graphsha.live.PredictNodesTest.stream;
import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.graphsha.catalog.CatalogUser;
import org.graphsha.catalog.ModelCatalog;
import org.graphsha.catalog.TrainedModel;
import org.graphsha.store.settings.ModelDirectory;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * graphsha.predict.nodes over a model's life and a database's changes: the model file is read once and
 * read again after the model is replaced; a dropped model fails; changed features are never served
 * from the cached rows; bad inputs fail with a message that names the problem and write nothing.
 */
class PredictNodesLifecycleTest {

    static long paper;
    static long neighbour;

    @BeforeAll
    static void cora() {
        TestNeo4j.resetWithCoraLongTailed();
        train("life", "gcn", false);
        run("CALL graphsha.train('cora', {modelName: 'life-symmetric', method: 'vanilla', backbone: 'gcn', "
            + "gcnNormalization: 'symmetric', epochs: 5}) YIELD modelName RETURN modelName");
        train("life-sage", "sage", false);
        // A paper with several neighbours, and one of them.
        Map<String, Object> pair = rows("MATCH (p:Paper)-[:CITES]-(q:Paper) WHERE COUNT { (p)-[:CITES]-() } = 5 "
            + "RETURN id(p) AS p, id(q) AS q ORDER BY p, q LIMIT 1").get(0);
        paper = (Long) pair.get("p");
        neighbour = (Long) pair.get("q");
    }

    /** The test DBMS's live scoring, as its extension offers it. */
    static LiveScoring live() {
        return ((GraphDatabaseAPI) TestNeo4j.db()).getDependencyResolver().resolveDependency(LiveScoring.class);
    }

    static void train(String model, String backbone, boolean overwrite) {
        run("CALL graphsha.train('cora', {modelName: '" + model + "', method: 'vanilla', backbone: '" + backbone
            + "', epochs: 5, overwrite: " + overwrite + "}) YIELD modelName RETURN modelName");
    }

    @Test
    void theModelFileIsReadOnceThenAgainWhenTheModelIsReplaced() {
        train("replaced", "gcn", false);
        long loads = live().loads();
        for (int i = 0; i < 5; i++) {
            nodes("replaced", paper + "", "{}");
        }
        assertEquals(loads + 1, live().loads(), "five calls, one read");
        train("replaced", "sage", true);
        Map<Long, PredictNodesTest.Row> live = nodes("replaced", "$ids", "{}", Map.of("ids", List.of(paper, neighbour)));
        assertEquals(loads + 2, live().loads());
        assertAgree(stream("cora", "replaced"), live);
    }

    @Test
    void aModelStoredBeforeProjectionsWereRecordedNeedsItsLabelsAndTypes() {
        ModelCatalog catalog = ModelCatalog.at(ModelDirectory.of((GraphDatabaseAPI) TestNeo4j.db()),
            CatalogUser.AUTH_DISABLED);
        TrainedModel m = catalog.get("life");
        catalog.store(new TrainedModel("legacy", m.trainingGraph(), m.spec(), m.method(), m.classValues(), m.featureProperties(),
            m.featureDimension(), m.bestEpoch(), m.configuration(), m.metrics(), m.createdAt(), m.parameters(),
            m.logitOffsets(), null, List.of(), m.featureTransform(), m.decision()), true);
        Map<String, Object> ids = Map.of("ids", List.of(paper, neighbour));
        try {
            assertFailsUnchanged("MATCH (p) WHERE id(p) = " + paper + " CALL graphsha.predict.nodes('legacy', p) "
                + "YIELD predictedClass SET p.predicted = predictedClass",
                "Model `legacy` was stored without the labels and types of its training projection", "nodeLabels");
            rows("MATCH (p), (q) WHERE id(p) = $p AND id(q) = $q CREATE (p)-[:LINKED]->(q)",
                Map.of("p", paper, "q", neighbour));
            assertAgree(stream("cora", "life"), nodes("legacy", "$ids",
                "{nodeLabels: 'Paper', relationshipTypes: 'CITES'}", ids));
            // Read over other relationships, the same nodes have other neighbours: nothing cached from the
            // CITES graph may answer.
            run("CALL gds.graph.project('cora-linked', 'Paper', {LINKED: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            Map<Long, PredictNodesTest.Row> linked = new java.util.HashMap<>();
            for (Map<String, Object> r : rows("CALL graphsha.predict.stream('cora-linked', {modelName: 'life', "
                + "relationshipTypes: ['LINKED'], includePredictedProbabilities: true}) "
                + "YIELD nodeId, predictedClass, predictedProbabilities AS probabilities RETURN *")) {
                linked.put((Long) r.get("nodeId"), new PredictNodesTest.Row(r.get("predictedClass"),
                    PredictNodesTest.castProbabilities(r.get("probabilities"))));
            }
            assertAgree(linked, nodes("legacy", "$ids",
                "{nodeLabels: 'Paper', relationshipTypes: 'LINKED'}", ids));
            assertFailsUnchanged("MATCH (p) WHERE id(p) = " + paper + " CALL graphsha.predict.nodes('life', p, "
                + "{nodeLabels: 'Paper'}) YIELD predictedClass SET p.predicted = predictedClass",
                "reads the labels [Paper] and the relationship types [CITES] of its training projection");
        } finally {
            run("CALL gds.graph.drop('cora-linked', false)");
            run("MATCH ()-[r:LINKED]->() DELETE r");
            catalog.drop("legacy", Optional.empty());
        }
    }

    @Test
    void aDroppedModelFailsAndTheQueryWritesNothing() {
        train("dropped", "gcn", false);
        nodes("dropped", paper + "", "{}");
        run("CALL graphsha.model.drop('dropped') YIELD modelName RETURN modelName");
        assertFailsUnchanged("MATCH (p) WHERE id(p) = " + paper + " CALL graphsha.predict.nodes('dropped', p) "
            + "YIELD predictedClass SET p.predicted = predictedClass", "Model `dropped` does not exist");
    }

    @Test
    void changedFeaturesAreReadAgainInsideAndAfterTheirTransaction() {
        nodes("life", "COLLECT { MATCH (p:Paper) RETURN p }", "{}");
        List<Object> original = List.of(rows("MATCH (q) WHERE id(q) = $q RETURN q.features AS f", Map.of("q", neighbour))
            .get(0).get("f"));
        try {
            // Inside the writing transaction: the new features count already.
            Map<String, Object> inside = rows("MATCH (q) WHERE id(q) = $q MATCH (far:Paper) WHERE far <> q AND far.features <> q.features "
                + "AND NOT (far)-[:CITES]-(q) WITH q, far LIMIT 1 SET q.features = far.features WITH q "
                + "CALL graphsha.predict.nodes('life', $p) YIELD predictedProbabilities AS probabilities RETURN probabilities",
                Map.of("q", neighbour, "p", paper)).get(0);
            run("CALL gds.graph.project('cora-changed', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            Map<Long, PredictNodesTest.Row> changed = stream("cora-changed", "life");
            assertAgree(changed, Map.of(paper, new PredictNodesTest.Row(null,
                PredictNodesTest.castProbabilities(inside.get("probabilities")))));
            // After the commit: the rows cached before the change are not used.
            assertAgree(changed, nodes("life", "$ids", "{}", Map.of("ids", List.of(paper, neighbour))));
            double moved = 0;
            Map<Long, PredictNodesTest.Row> before = stream("cora", "life");
            for (int c = 0; c < changed.get(paper).probabilities().size(); c++) {
                moved = Math.max(moved, Math.abs(changed.get(paper).probabilities().get(c)
                    - before.get(paper).probabilities().get(c)));
            }
            // How far depends on which distant paper lent its features; any change shows the test changed something.
            assertTrue(moved > 0, "the change should move the neighbour's prediction, moved " + moved);
        } finally {
            run("CALL gds.graph.drop('cora-changed', false)");
            rows("MATCH (q) WHERE id(q) = $q SET q.features = $f", Map.of("q", neighbour, "f", original.get(0)));
        }
        assertAgree(stream("cora", "life"), nodes("life", "$ids", "{}", Map.of("ids", List.of(paper, neighbour))));
    }

    @Test
    void aNeighbourThatLosesItsLabelLeavesTheNeighbourhood() {
        nodes("life", "COLLECT { MATCH (p:Paper) RETURN p }", "{}");
        try {
            // Inside the transaction that removes the label, and after it: the neighbour's cached row no
            // longer vouches for it.
            Map<String, Object> inside = rows("MATCH (q) WHERE id(q) = $q REMOVE q:Paper SET q:Retracted WITH q "
                + "CALL graphsha.predict.nodes('life', $p) YIELD predictedProbabilities AS probabilities RETURN probabilities",
                Map.of("q", neighbour, "p", paper)).get(0);
            run("CALL gds.graph.project('cora-relabelled', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            Map<Long, PredictNodesTest.Row> relabelled = stream("cora-relabelled", "life");
            assertAgree(relabelled, Map.of(paper, new PredictNodesTest.Row(null,
                PredictNodesTest.castProbabilities(inside.get("probabilities")))));
            assertAgree(relabelled, nodes("life", "$ids", "{}", Map.of("ids", List.of(paper))));
        } finally {
            run("CALL gds.graph.drop('cora-relabelled', false)");
            rows("MATCH (q) WHERE id(q) = $q REMOVE q:Retracted SET q:Paper", Map.of("q", neighbour));
        }
        assertAgree(stream("cora", "life"), nodes("life", "$ids", "{}", Map.of("ids", List.of(paper, neighbour))));
    }

    /** Papers around the change: the two ends, their neighbours, and the neighbours' neighbours' sample. */
    static List<Long> around(long a, long b) {
        return rows("MATCH (x) WHERE id(x) IN [$a, $b] OPTIONAL MATCH (x)-[:CITES]-(y:Paper) "
            + "OPTIONAL MATCH (y)-[:CITES]-(z:Paper) WITH collect(DISTINCT id(x)) + collect(DISTINCT id(y)) "
            + "+ collect(DISTINCT id(z)) AS ids UNWIND ids AS id RETURN DISTINCT id", Map.of("a", a, "b", b)).stream()
            .map(r -> (Long) r.get("id")).toList();
    }

    static void assertAgreesWithANewProjection(String model, List<Long> ids) {
        try {
            run("CALL gds.graph.project('cora-now', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
                + "{nodeProperties: ['features']})");
            assertAgree(stream("cora-now", model), nodes(model, "$ids", "{}", Map.of("ids", ids)));
        } finally {
            run("CALL gds.graph.drop('cora-now', false)");
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"life", "life-symmetric", "life-sage"})
    void createdAndDeletedRelationshipsAndNodesReachTheCachedOutputs(String model) {
        long far = (Long) rows("MATCH (q) WHERE id(q) = $q MATCH (f:Paper) WHERE COUNT { (f)-[:CITES]-() } = 3 "
            + "AND NOT EXISTS { (q)-[:CITES*1..3]-(f) } AND f <> q RETURN id(f) AS f ORDER BY f DESC LIMIT 1",
            Map.of("q", neighbour)).get(0).get("f");
        List<Long> before = around(neighbour, far);
        nodes(model, "COLLECT { MATCH (p:Paper) RETURN p }", "{}");
        try {
            rows("MATCH (q), (f) WHERE id(q) = $q AND id(f) = $f CREATE (q)-[:CITES {live: true}]->(f)",
                Map.of("q", neighbour, "f", far));
            assertAgreesWithANewProjection(model, around(neighbour, far));
            run("MATCH ()-[r:CITES {live: true}]->() DELETE r");
            assertAgreesWithANewProjection(model, before);
            rows("MATCH (q) WHERE id(q) = $q CREATE (q)<-[:CITES]-(:Paper {id: -20, features: q.features})",
                Map.of("q", neighbour));
            nodes(model, "COLLECT { MATCH (p:Paper) RETURN p }", "{}");
            run("MATCH (p:Paper {id: -20}) DETACH DELETE p");
            assertAgreesWithANewProjection(model, before);
        } finally {
            run("MATCH ()-[r:CITES {live: true}]->() DELETE r");
            run("MATCH (p:Paper {id: -20}) DETACH DELETE p");
        }
    }

    @Test
    void badInputsFailWithTheirReasonAndWriteNothing() {
        String score = " CALL graphsha.predict.nodes('life', p) YIELD predictedClass SET p.predicted = predictedClass";
        try {
            run("CREATE (:Paper {id: -10})");
            assertFailsUnchanged("MATCH (p:Paper {id: -10})" + score, "Feature property `features` is missing on node");
            rows("MATCH (p:Paper {id: -10}), (q) WHERE id(q) = $p CREATE (q)-[:CITES]->(p)", Map.of("p", paper));
            assertFailsUnchanged("MATCH (p) WHERE id(p) = " + paper + score,
                "Feature property `features` is missing on node", "a neighbour within two hops of the scored nodes");

            run("CREATE (:Paper {id: -11, features: [1.0, 2.0]})");
            assertFailsUnchanged("MATCH (p:Paper {id: -11})" + score, "Model `life` expects 1433 features from [features]",
                "gives 2");

            rows("MATCH (q) WHERE id(q) = $q CREATE (:Account {features: q.features})", Map.of("q", neighbour));
            assertFailsUnchanged("MATCH (p:Account)" + score, "Model `life` was trained on nodes labelled [Paper]",
                "has the labels [Account]");

            assertFailsUnchanged("MATCH (p:Paper {id: -11}) CALL graphsha.predict.nodes('life', 'p') YIELD predictedClass "
                + "SET p.predicted = predictedClass", "`nodes` must be a node, a node id or a list of them");
            assertFailsUnchanged("MATCH (p) WHERE id(p) = " + paper + " CALL graphsha.predict.nodes('life', p, "
                + "{maxNeighbors: 10}) YIELD predictedClass SET p.predicted = predictedClass",
                "Unexpected configuration key `maxNeighbors`", "maxNeighbours");
            assertFailsUnchanged("CALL graphsha.predict.nodes('life', 987654321) YIELD nodeId CREATE (:Scored {id: nodeId})",
                "Node 987654321 does not exist");
        } finally {
            run("MATCH (p:Paper) WHERE p.id IN [-10, -11] DETACH DELETE p");
            run("MATCH (a:Account) DETACH DELETE a");
        }
    }
}

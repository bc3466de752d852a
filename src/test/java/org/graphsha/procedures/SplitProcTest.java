package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.graphsha.testing.SharedDatasets;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SplitProcTest {

    private static final String LT = "CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES'}) "
        + "YIELD classValue, train, val, test, removed RETURN * ORDER BY classValue";

    @BeforeEach
    void clean() {
        TestNeo4j.reset();
    }

    @Test
    void coraLongTailedMatchesTheReferenceTable() {
        rows("CALL graphsha.dataset.load('cora', {includeFeatures: false})");
        List<Map<String, Object>> table = rows(LT);
        assertEquals(List.of(34L, 7L, 158L, 341L, 73L, 15L, 3L), column(table, "train"));
        assertEquals(List.of(61L, 36L, 78L, 158L, 81L, 57L, 29L), column(table, "val"));
        assertEquals(List.of(130L, 91L, 144L, 319L, 149L, 103L, 64L), column(table, "test"));
        assertEquals(631L, single("MATCH (p:Paper {split: 'train'}) RETURN count(p)"));
        assertEquals(577L, single("MATCH (p:Paper {split: 'removed'}) RETURN count(p)"));
    }

    @Test
    void citeseerLongTailedMatchesTheReferenceTable() {
        rows("CALL graphsha.dataset.load('citeseer', {includeFeatures: false})");
        List<Map<String, Object>> table = rows(LT);
        assertEquals(List.of(3L, 23L, 371L, 147L, 58L, 9L), column(table, "train"));
        assertEquals(List.of(29L, 86L, 116L, 106L, 94L, 69L), column(table, "val"));
        assertEquals(List.of(77L, 182L, 181L, 231L, 169L, 160L), column(table, "test"));
    }

    /** Through Cypher on the smallest of the three; data.StepSplitTest checks all three, down to the nodes. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"photo, 180, 9, 4, 760, 6134"})
    void stepSplitMatchesTheReferenceTable(String name, long major, long minor, int majors, long val, long test) {
        SharedDatasets.require(name);
        rows("CALL graphsha.dataset.load($name, {path: $name, includeFeatures: false, nodeLabel: 'N'})", Map.of("name", name));
        List<Map<String, Object>> table = rows("CALL graphsha.split.step({nodeLabel: 'N'}) "
            + "YIELD classIndex, train, val, test RETURN * ORDER BY classIndex");
        for (Map<String, Object> row : table) {
            assertEquals((Long) row.get("classIndex") < majors ? major : minor, row.get("train"), row.toString());
        }
        assertEquals(val, table.stream().mapToLong(r -> (Long) r.get("val")).sum());
        assertEquals(test, table.stream().mapToLong(r -> (Long) r.get("test")).sum());
        assertEquals(val, single("MATCH (n:N {split: 'val'}) RETURN count(n)"));
    }

    @Test
    void worksOnAUsersGraphWithStringClasses() {
        rows("UNWIND range(0, 199) AS i CREATE (:Account {ref: i, kind: CASE WHEN i % 10 = 0 THEN 'fraud' ELSE 'normal' END})");
        rows("MATCH (a:Account), (b:Account) WHERE b.ref = a.ref + 1 CREATE (a)-[:PAYS]->(b)");
        List<Map<String, Object>> table = rows("CALL graphsha.split.longTailed({nodeLabel: 'Account', "
            + "relationshipType: 'PAYS', targetProperty: 'kind', orderProperty: 'ref', imbalanceRatio: 30, "
            + "writeProperty: 'role'}) YIELD classValue, train RETURN classValue, train ORDER BY classValue");
        assertEquals(List.of("fraud", "normal"), column(table, "classValue"));
        assertEquals(List.of(6L, 180L), column(table, "train"));
        assertEquals(186L, single("MATCH (a:Account {role: 'train'}) RETURN count(a)"));

        List<Map<String, Object>> step = rows("CALL graphsha.split.step({nodeLabel: 'Account', targetProperty: 'kind', "
            + "orderProperty: 'ref', imbalanceRatio: 2}) YIELD classValue, train RETURN classValue, train ORDER BY classValue");
        assertEquals(List.of("fraud", "normal"), column(step, "classValue"));
    }

    @Test
    void rejectsRatioNotAboveOne() {
        rows("CALL graphsha.dataset.load('cora', {includeFeatures: false})");
        assertFailsUnchanged("CALL graphsha.split.step({nodeLabel: 'Paper', imbalanceRatio: 1})",
            "configuration key `imbalanceRatio`", "greater than 1");
        assertEquals(0L, single("MATCH (p:Paper) WHERE p.split IS NOT NULL RETURN count(p)"));
    }

    @Test
    void rejectsMissingTargetProperty() {
        rows("CALL graphsha.dataset.load('cora', {includeFeatures: false})");
        assertFailsUnchanged("CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES', "
            + "targetProperty: 'topic'})", "targetProperty `topic` is not set on any node with label `Paper`");
    }

    @Test
    void rejectsClassWithNoTrainingNodes() {
        rows("UNWIND range(0, 9) AS i CREATE (:Item {id: i, class: CASE WHEN i < 3 THEN 'rare' ELSE 'common' END, "
            + "publicSplit: CASE WHEN i < 3 THEN 'test' ELSE 'none' END})");
        assertFailsUnchanged("CALL graphsha.split.longTailed({nodeLabel: 'Item', relationshipType: 'X'})",
            "class `rare` has no nodes outside the val and test splits");
        assertEquals(0L, single("MATCH (i:Item) WHERE i.split IS NOT NULL RETURN count(i)"));
    }

    @Test
    void rejectsMissingLabelAndMissingKeys() {
        assertFailsUnchanged("CALL graphsha.split.step({nodeLabel: 'Nothing'})", "No nodes with label `Nothing`");
        assertFailsUnchanged("CALL graphsha.split.longTailed({nodeLabel: 'Paper'})",
            "mandatory configuration parameter `relationshipType`");
        assertFailsUnchanged("CALL graphsha.split.step({nodeLabel: 'Paper', ratio: 5})",
            "Unexpected configuration key `ratio`");
    }

    private static List<Object> column(List<Map<String, Object>> table, String name) {
        return table.stream().map(r -> r.get(name)).toList();
    }
}

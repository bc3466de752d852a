package org.graphsha.store.write;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.graphsha.store.write.PartialWriteException.Unit;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neo4j.graphdb.Node;

/**
 * A batched write stopped between batches, as a terminated call stops it (the termination guard
 * throws in the callback after a committed batch): the committed batches stay, the exception counts
 * their nodes, and no node holds part of its write.
 */
class BatchedWriteTest {

    private static long[] ids;

    @BeforeEach
    void probes() {
        rows("UNWIND range(0, 999) AS i CREATE (:BatchProbe {i: i})");
        ids = rows("MATCH (b:BatchProbe) RETURN id(b) AS id ORDER BY b.i").stream()
            .mapToLong(r -> (Long) r.get("id")).toArray();
    }

    @AfterEach
    void clean() {
        rows("MATCH (b:BatchProbe) DELETE b");
    }

    @ParameterizedTest(name = "concurrency {0}")
    @CsvSource({"1", "4"})
    void aTerminationBetweenBatchesKeepsTheCommittedOnesAndCountsThem(int concurrency) {
        AtomicInteger batches = new AtomicInteger();
        BatchedWrite writer = BatchedWrite.embedded(TestNeo4j.db());
        PartialWriteException stopped = assertThrows(PartialWriteException.class, () -> writer.run(
            new BatchedWrite.Mode(false, 100, concurrency), ids.length, Unit.NODES, (tx, from, to) -> {
                for (int i = from; i < to; i++) {
                    Node node = tx.getNodeById(ids[i]);
                    node.setProperty("first", i);
                    node.setProperty("second", -i);
                }
                return 2L * (to - from);
            }, nodes -> {
                if (batches.incrementAndGet() == 3) {
                    throw new IllegalStateException("The transaction has been terminated.");
                }
            }));
        assertTrue(stopped.getMessage().contains("stopped after " + stopped.committed() + " of 1000 nodes"),
            stopped.getMessage());
        assertTrue(stopped.getMessage().toLowerCase().contains("terminated"), stopped.getMessage());
        assertEquals(stopped.committed(), single("MATCH (b:BatchProbe) WHERE b.first IS NOT NULL RETURN count(b)"));
        assertEquals(0L, single("MATCH (b:BatchProbe) WHERE (b.first IS NULL) <> (b.second IS NULL) RETURN count(b)"));
        assertEquals(0, stopped.committed() % 100);
        assertTrue(stopped.committed() >= 300, stopped.getMessage());
        if (concurrency == 1) {
            assertEquals(300, stopped.committed(), "one thread stops right after the third batch");
        }
    }
}

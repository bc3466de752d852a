package org.graphsha.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neo4j.graphdb.Transaction;
import org.neo4j.internal.kernel.api.connectioninfo.ClientConnectionInfo;
import org.neo4j.internal.kernel.api.security.AccessMode;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * {@code graphsha.train} writes nothing to the database, so it runs where only reads are allowed: a
 * read replica, a GDS secondary, or here a transaction whose access mode is READ.
 */
class ReadOnlyTrainTest {

    private static final SecurityContext READ_ONLY =
        SecurityContext.authDisabled(AccessMode.Static.READ, ClientConnectionInfo.EMBEDDED_CONNECTION, "neo4j");

    @BeforeAll
    static void coraLongTailed() {
        TestNeo4j.resetWithCoraLongTailed();
    }

    @Test
    void trainsInAReadOnlyTransaction() {
        try (Transaction tx = readOnly()) {
            Map<String, Object> row = tx.execute("CALL graphsha.train('cora', {modelName: 'read-only', "
                + "splitProperty: 'split', epochs: 5, overwrite: true}) YIELD modelName, modelInfo RETURN *").next();
            assertEquals("read-only", row.get("modelName"));
            tx.commit();
        }
        assertEquals(true, TestNeo4j.single("CALL graphsha.model.exists('read-only') YIELD exists RETURN exists"));
    }

    @Test
    void theTransactionReallyRefusesWrites() {
        try (Transaction tx = readOnly()) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> tx.execute("CREATE (:ReadOnlyCheck)").next());
            assertTrue(e.getMessage().contains("not allowed"), e.getMessage());
        }
    }

    private static Transaction readOnly() {
        return ((GraphDatabaseAPI) TestNeo4j.db()).beginTransaction(KernelTransaction.Type.EXPLICIT, READ_ONLY);
    }
}

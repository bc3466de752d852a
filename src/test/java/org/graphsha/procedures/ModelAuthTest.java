package org.graphsha.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.graphsha.testing.Errors;
import org.graphsha.testing.GdsTestProcedures;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilder;
import org.neo4j.internal.kernel.api.connectioninfo.ClientConnectionInfo;
import org.neo4j.internal.kernel.api.security.AbstractSecurityLog;
import org.neo4j.internal.kernel.api.security.AccessMode;
import org.neo4j.internal.kernel.api.security.AdminAccessMode;
import org.neo4j.internal.kernel.api.security.AuthSubject;
import org.neo4j.internal.kernel.api.security.LoginContext;
import org.neo4j.internal.kernel.api.security.SecurityContext;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.api.security.AuthManager;
import org.neo4j.kernel.api.security.AuthToken;
import org.neo4j.kernel.database.PrivilegeDatabaseReference;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Models belong to users, on a server with authentication on: its own Neo4j (Community, as the
 * harness is) with the users alice, bob and carol. Community has no roles, so carol is made an admin
 * the way Enterprise does it: her security context reports the role {@code admin}. The embedded API
 * (no login) runs with authentication off, which the catalog also treats as an admin.
 */
class ModelAuthTest {

    private static final String PASSWORD = "graphsha-secret";
    private static final String TRAIN = "CALL graphsha.train('g', {modelName: $name, method: $method, targetProperty: 'c', "
        + "featureProperties: $features, epochs: 5}) YIELD modelName RETURN modelName";

    private static Neo4j neo4j;
    private static GraphDatabaseAPI db;
    private static LoginContext alice;
    private static LoginContext bob;
    private static LoginContext carol;

    @BeforeAll
    static void start() throws Exception {
        Neo4jBuilder builder = TestNeo4j.builder()
            .withConfig(GraphDatabaseSettings.auth_enabled, true)
            .withConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("gds.*", "graphsha.*"));
        for (Class<?> type : GdsTestProcedures.classes()) {
            builder = builder.withProcedure(type).withFunction(type).withAggregationFunction(type);
        }
        for (Class<?> type : GraphshaProcedures.CLASSES) {
            builder = builder.withProcedure(type);
        }
        neo4j = builder.build();
        db = (GraphDatabaseAPI) neo4j.defaultDatabaseService();
        var system = neo4j.databaseManagementService().database("system");
        for (String user : List.of("alice", "bob", "carol")) {
            system.executeTransactionally("CREATE USER " + user + " SET PASSWORD '" + PASSWORD + "' CHANGE NOT REQUIRED");
        }
        db.executeTransactionally("UNWIND range(0, 29) AS i CREATE (:N {i: i, f: [toFloat(i % 3), 1.0], "
            + "c: CASE WHEN i % 3 = 0 THEN 'a' ELSE 'b' END})");
        db.executeTransactionally("MATCH (a:N), (b:N) WHERE b.i = a.i + 1 CREATE (a)-[:E]->(b)");
        AuthManager auth = db.getDependencyResolver().resolveDependency(AuthManager.class);
        alice = auth.login(AuthToken.newBasicAuthToken("alice", PASSWORD), ClientConnectionInfo.EMBEDDED_CONNECTION);
        bob = auth.login(AuthToken.newBasicAuthToken("bob", PASSWORD), ClientConnectionInfo.EMBEDDED_CONNECTION);
        carol = withAdminRole(auth.login(AuthToken.newBasicAuthToken("carol", PASSWORD),
            ClientConnectionInfo.EMBEDDED_CONNECTION));
        // GDS graphs belong to users too: each user projects their own `g`.
        for (LoginContext user : List.of(alice, bob, carol, LoginContext.AUTH_DISABLED)) {
            rows(user, "CALL gds.graph.project('g', 'N', {E: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['f', 'i']})");
        }
        train(alice, "m", "vanilla");
        train(bob, "m", "focal");
        rows(bob, TRAIN, Map.of("name", "bobs", "method", "vanilla", "features", List.of("f", "i")));
        train(LoginContext.AUTH_DISABLED, "shared", "vanilla");
    }

    @AfterAll
    static void stop() {
        if (neo4j != null) {
            neo4j.close();
        }
    }

    @Test
    void eachUserListsOwnAndSharedModelsAndAnAdminAll() {
        assertEquals(List.of(":shared", "alice:m"), names(alice));
        assertEquals(List.of(":shared", "bob:bobs", "bob:m"), names(bob));
        assertEquals(List.of(":shared", "alice:m", "bob:bobs", "bob:m"), names(carol));

        Map<String, Object> m = rows(alice, "CALL graphsha.model.list('m')").get(0);
        assertEquals("graphsha", m.get("modelType"));
        assertEquals("alice", m.get("username"));
        assertEquals(false, m.get("loaded"));
        assertEquals(true, m.get("stored"));
        assertEquals("g", ((Map<?, ?>) m.get("modelInfo")).get("graphName"));
        assertEquals("vanilla", ((Map<?, ?>) m.get("modelInfo")).get("method"));
        Map<?, ?> schema = (Map<?, ?>) m.get("graphSchema");
        assertEquals(List.of("N"), schema.get("nodeLabels"));
        assertEquals(List.of("E"), schema.get("relationshipTypes"));
        assertEquals(List.of(Map.of("property", "f", "width", 2L)), schema.get("features"));
        assertEquals("c", schema.get("targetProperty"));
        assertEquals(List.of("a", "b"), schema.get("classes"));
        assertEquals("focal", single(bob, "CALL graphsha.model.list('m') YIELD modelInfo RETURN modelInfo.method"));
        assertEquals(List.of(Map.of("property", "f", "width", 2L), Map.of("property", "i", "width", 1L)),
            single(bob, "CALL graphsha.model.list('bobs') YIELD graphSchema RETURN graphSchema.features"));
    }

    @Test
    void aUserCannotReachAnotherUsersModel() {
        assertEquals(false, single(alice, "CALL graphsha.model.exists('bobs') YIELD exists RETURN exists"));
        assertEquals(List.of(), rows(alice, "CALL graphsha.model.list('bobs')"));
        for (String query : List.of(
            "CALL graphsha.predict.stream('g', {modelName: 'bobs'})",
            "CALL graphsha.synthetic.write('g', {modelName: 'bobs'})",
            "CALL graphsha.model.drop('bobs')")) {
            assertFails(alice, query, "Model `bobs` does not exist");
        }
        assertFails(alice, "CALL graphsha.model.drop('bobs', true, 'bob')", "Only an admin can drop another user's model");
        // Overwriting replaces the caller's own model only.
        rows(alice, TRAIN.replace("epochs: 5", "epochs: 5, overwrite: true"),
            Map.of("name", "m", "method", "vanilla", "features", List.of("f")));
        assertEquals("focal", single(bob, "CALL graphsha.model.list('m') YIELD modelInfo RETURN modelInfo.method"));
        assertEquals(30L, single(alice, "CALL graphsha.predict.stream('g', {modelName: 'm'}) YIELD nodeId RETURN count(*)"));
    }

    @Test
    void syntheticNodesOfTwoUsersModelsOfOneNameStayApart() {
        train(alice, "syn", "graphsha");
        train(bob, "syn", "graphsha");
        long alices = (Long) single(alice, "CALL graphsha.synthetic.write('g', {modelName: 'syn'}) YIELD nodesCreated "
            + "RETURN nodesCreated");
        long bobs = (Long) single(bob, "CALL graphsha.synthetic.write('g', {modelName: 'syn'}) YIELD nodesCreated "
            + "RETURN nodesCreated");
        assertTrue(alices > 0 && bobs > 0, alices + " and " + bobs + " synthetic nodes");
        assertEquals(alices, single(alice, "MATCH (s:GraphSHASynthetic {modelName: 'syn', modelOwner: 'alice'}) "
            + "RETURN count(s)"));
        assertEquals(bobs, single(bob, "CALL graphsha.synthetic.drop({modelName: 'syn'}) YIELD nodesDeleted "
            + "RETURN nodesDeleted"));
        assertEquals(alices, single(alice, "MATCH (s:GraphSHASynthetic {modelName: 'syn'}) RETURN count(s)"));
        assertEquals(alices, single(alice, "CALL graphsha.synthetic.drop({modelName: 'syn'}) YIELD nodesDeleted "
            + "RETURN nodesDeleted"));
    }

    @Test
    void sharedModelsServeEveryUser() {
        for (LoginContext user : List.of(alice, bob, carol)) {
            assertEquals(30L, single(user, "CALL graphsha.predict.stream('g', {modelName: 'shared'}) YIELD nodeId "
                + "RETURN count(*)"));
        }
    }

    @Test
    void adminsSeeEveryModelAndDropByUsername() {
        train(alice, "dup", "vanilla");
        train(bob, "dup", "vanilla");
        List<String> all = names(carol, "dup");
        assertEquals(List.of("alice:dup", "bob:dup"), all);
        assertEquals(all, names(LoginContext.AUTH_DISABLED, "dup"));
        assertEquals(true, single(carol, "CALL graphsha.model.exists('dup') YIELD exists RETURN exists"));
        assertFails(carol, "CALL graphsha.model.drop('dup')", "exists for the users [alice, bob]");
        assertEquals("bob", single(carol, "CALL graphsha.model.drop('dup', true, 'bob') YIELD username RETURN username"));
        assertEquals(List.of("alice:dup"), names(carol, "dup"));
        assertEquals("alice", single(LoginContext.AUTH_DISABLED, "CALL graphsha.model.drop('dup') YIELD username "
            + "RETURN username"));
        assertFalse((Boolean) single(alice, "CALL graphsha.model.exists('dup') YIELD exists RETURN exists"));
        // Seeing is not using: an admin predicts with their own and the shared models only, as in GDS's model catalog.
        assertFails(carol, "CALL graphsha.predict.stream('g', {modelName: 'bobs'})", "Model `bobs` does not exist");
    }

    private static void train(LoginContext user, String name, String method) {
        rows(user, TRAIN, Map.of("name", name, "method", method, "features", List.of("f")));
    }

    private static List<String> names(LoginContext user) {
        return names(user, null);
    }

    @SuppressWarnings("unchecked")
    private static List<String> names(LoginContext user, String name) {
        String call = name == null ? "CALL graphsha.model.list()" : "CALL graphsha.model.list('" + name + "')";
        return (List<String>) single(user, call + " YIELD username, modelName "
            + "WITH username + ':' + modelName AS entry ORDER BY entry RETURN collect(entry)");
    }

    private static void assertFails(LoginContext user, String query, String fragment) {
        Throwable error = assertThrows(RuntimeException.class, () -> rows(user, query));
        String message = Errors.rootMessage(error);
        assertTrue(message.contains(fragment), () -> "expected `" + fragment + "` in: " + message);
    }

    private static Object single(LoginContext user, String query) {
        List<Map<String, Object>> rows = rows(user, query);
        assertEquals(1, rows.size(), query);
        return rows.get(0).values().iterator().next();
    }

    private static List<Map<String, Object>> rows(LoginContext user, String query) {
        return rows(user, query, Map.of());
    }

    /** Runs a query as that user, in its own transaction. */
    private static List<Map<String, Object>> rows(LoginContext user, String query, Map<String, Object> parameters) {
        try (Transaction tx = db.beginTransaction(KernelTransaction.Type.EXPLICIT, user);
             Result result = tx.execute(query, parameters)) {
            List<Map<String, Object>> rows = new ArrayList<>();
            result.forEachRemaining(rows::add);
            tx.commit();
            return rows;
        }
    }

    /** Enterprise's role, which Community lacks: the login's security context reports the role `admin`. */
    private static LoginContext withAdminRole(LoginContext login) {
        return new LoginContext(login.subject(), login.connectionInfo()) {
            @Override
            public SecurityContext authorize(IdLookup idLookup, PrivilegeDatabaseReference database, AbstractSecurityLog log) {
                return new AdminContext(subject(), AccessMode.Static.FULL, connectionInfo(), database.name());
            }
        };
    }

    /** Keeps the role when the kernel derives a context with another access mode (it does so for procedure calls). */
    private static final class AdminContext extends SecurityContext {
        AdminContext(AuthSubject subject, AccessMode mode, ClientConnectionInfo connection, String database) {
            super(subject, mode, connection, database);
        }

        @Override
        public Set<String> roles() {
            return Set.of("admin", "PUBLIC");
        }

        @Override
        public SecurityContext withMode(AccessMode mode) {
            return new AdminContext(subject(), mode, connectionInfo(), database());
        }

        @Override
        public SecurityContext withMode(AdminAccessMode mode) {
            return this;
        }
    }
}

package org.graphsha.testing;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;

/**
 * A stand-in for a Neo4j server, run in its own JVM by {@code PluginsDirectoryTest}: Neo4j and GDS on
 * the JVM classpath, graphsha only in the plugins directory, so the plugin is loaded from its jars by
 * Neo4j's own class loader. Uses nothing of graphsha itself. Prints each result row as one line.
 *
 * <p>Arguments: home, plugins directory, then Cypher statements.
 */
public final class PluginServerMain {

    private PluginServerMain() {}

    public static void main(String[] args) {
        DatabaseManagementService service = new DatabaseManagementServiceBuilder(Path.of(args[0]))
            .setConfig(GraphDatabaseSettings.plugin_dir, Path.of(args[1]))
            .setConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("gds.*", "graphsha.*"))
            .build();
        int status = 0;
        try {
            GraphDatabaseService db = service.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
            for (int i = 2; i < args.length; i++) {
                try (Transaction tx = db.beginTx(); Result result = tx.execute(args[i])) {
                    result.forEachRemaining(row -> System.out.println("ROW " + format(row)));
                    tx.commit();
                }
            }
            System.out.println("DONE");
        } catch (RuntimeException e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            System.out.println("ERROR " + cause);
            status = 1;
        } finally {
            service.shutdown();
        }
        System.out.flush();
        Runtime.getRuntime().halt(status);
    }

    private static String format(Map<String, Object> row) {
        return row.entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}

package org.graphsha.tools.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graphsha.procedures.GraphshaProcedures;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.internal.kernel.api.exceptions.ProcedureException;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/** An in-process Neo4j with every GDS and graphsha procedure registered, for the CLI. */
public final class EmbeddedNeo4j implements AutoCloseable {

    private final DatabaseManagementService service;
    private final GraphDatabaseService db;
    private final Path importDirectory;

    private EmbeddedNeo4j(DatabaseManagementService service, Path importDirectory) {
        this.service = service;
        this.db = service.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        this.importDirectory = importDirectory;
    }

    /** @param boltPort a port to serve Bolt on 127.0.0.1, or 0 for no Bolt */
    public static EmbeddedNeo4j start(Path home, int boltPort) throws Exception {
        Path importDirectory = home.resolve("import").toAbsolutePath();
        Files.createDirectories(importDirectory);
        var builder = new DatabaseManagementServiceBuilder(home.toAbsolutePath());
        // A server's settings where a user needs them (the page cache of a large graph, dbms.graphsha.*); the
        // settings below, which the commands rely on, win over the file's.
        Path conf = home.resolve("conf").resolve("neo4j.conf");
        if (Files.isRegularFile(conf)) {
            builder.loadPropertiesFromFile(conf);
        }
        builder.setConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("gds.*", "graphsha.*"))
            .setConfig(GraphDatabaseSettings.load_csv_file_url_root, importDirectory)
            .setConfig(BoltConnector.enabled, boltPort > 0);
        if (boltPort > 0) {
            builder.setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", boltPort))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(GraphDatabaseSettings.auth_enabled, false);
        }
        DatabaseManagementService service = builder.build();
        Runtime.getRuntime().addShutdownHook(new Thread(service::shutdown));
        EmbeddedNeo4j neo4j = new EmbeddedNeo4j(service, importDirectory);
        neo4j.registerProcedures();
        return neo4j;
    }

    public GraphDatabaseService db() {
        return db;
    }

    public Path importDirectory() {
        return importDirectory;
    }

    private void registerProcedures() throws ProcedureException {
        GlobalProcedures procedures = ((GraphDatabaseAPI) db).getDependencyResolver().resolveDependency(GlobalProcedures.class);
        List<Class<?>> classes = new ArrayList<>(GdsProcedureClasses.find());
        classes.addAll(GraphshaProcedures.CLASSES);
        for (Class<?> type : classes) {
            procedures.registerProcedure(type);
            procedures.registerFunction(type);
            procedures.registerAggregationFunction(type);
        }
    }

    @Override
    public void close() {
        service.shutdown();
    }
}

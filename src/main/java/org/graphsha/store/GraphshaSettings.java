package org.graphsha.store;

import java.nio.file.Path;

import org.neo4j.annotations.api.PublicApi;
import org.neo4j.annotations.service.ServiceProvider;
import org.neo4j.configuration.Description;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.SettingsDeclaration;
import org.neo4j.graphdb.config.Setting;

import static org.neo4j.configuration.SettingImpl.newBuilder;
import static org.neo4j.configuration.SettingValueParsers.PATH;

/**
 * graphsha's settings in neo4j.conf, declared so that Neo4j's strict config validation accepts them. Neo4j
 * only allows a fixed set of namespaces, hence the {@code dbms.} prefix.
 */
@ServiceProvider
@PublicApi
public class GraphshaSettings implements SettingsDeclaration {

    @Description("Folder of the graphsha model catalog. Relative paths resolve against the server's data "
        + "directory; the default is <data directory>/graphsha/models.")
    public static final Setting<Path> models_directory =
        newBuilder("dbms.graphsha.models_directory", PATH, Path.of("graphsha", "models"))
            .setDependency(GraphDatabaseSettings.data_directory).build();
}

package org.graphsha.store.settings;

import java.nio.file.Path;

import org.neo4j.annotations.api.PublicApi;
import org.neo4j.annotations.service.ServiceProvider;
import org.neo4j.configuration.Description;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.SettingsDeclaration;
import org.neo4j.graphdb.config.Setting;

import static org.neo4j.configuration.SettingImpl.newBuilder;
import static org.neo4j.configuration.SettingConstraints.min;
import static org.neo4j.configuration.SettingValueParsers.BYTES;
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

    @Description("Heap that graphsha.predict.nodes may keep trained models in once read from their files, counted as "
        + "their parameters (at most 32 models, least recently used out; the most recent one stays even when larger).")
    public static final Setting<Long> model_cache_max_size =
        newBuilder("dbms.graphsha.model_cache.max_size", BYTES, 256L << 20).addConstraint(min(0L)).build();

    @Description("Heap that one table of rows graphsha.predict.nodes keeps between calls may take: the first-layer "
        + "rows, or the layer-1 outputs, of one cached model (or ensemble member) on one graph. A full table starts "
        + "empty again; 0 keeps no rows.")
    public static final Setting<Long> row_cache_max_size =
        newBuilder("dbms.graphsha.row_cache.max_size", BYTES, 128L << 20).addConstraint(min(0L)).build();
}

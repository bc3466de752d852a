package org.graphsha.store.settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The plugin's version and the Neo4j, GDS and DJL versions it was built and tested with, as the build wrote them
 * (src/main/resources-filtered/org/graphsha/build.properties).
 */
public record BuildInfo(String version, String neo4jTested, String gdsTested, String djl) {

    public static BuildInfo read() {
        Properties properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/org/graphsha/build.properties")) {
            if (in == null) {
                return new BuildInfo("unknown", "unknown", "unknown", "unknown");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new BuildInfo(properties.getProperty("version"), properties.getProperty("neo4j"),
            properties.getProperty("gds"), properties.getProperty("djl"));
    }
}

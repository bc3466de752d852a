package org.graphsha.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.gds.GdsVersionCheck;
import org.graphsha.nn.Engines;
import org.graphsha.store.settings.BuildInfo;
import org.neo4j.graphdb.Transaction;

/**
 * What {@code graphsha.debug.sysInfo} reports, in the manner of {@code gds.debug.sysInfo}: the versions found
 * against those the plugin was tested with, whether PyTorch's natives load (the engine is really started and runs
 * one operation), the devices, and whether the models directory is writable. It reads only; the one file it
 * writes, to prove the directory writable, is deleted at once, and nothing goes to the database.
 */
public final class SystemCheck {

    private SystemCheck() {}

    /** Key and value, in report order. */
    public static Map<String, Object> report(Transaction tx, Path modelsDirectory) {
        BuildInfo build = BuildInfo.read();
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("graphshaVersion", build.version());
        String neo4j = neo4jVersion(tx);
        String gds = gdsVersion(tx);
        report.put("neo4jVersion", neo4j);
        report.put("neo4jVersionTested", build.neo4jTested());
        report.put("gdsVersion", gds);
        report.put("gdsVersionTested", build.gdsTested());
        report.put("versionsAsTested", neo4j.equals(build.neo4jTested()) && gds.equals(build.gdsTested()));
        // What every call that needs GDS decides on this server: same, warn (a patch release) or refuse.
        GdsVersionCheck check = GdsVersionCheck.of(GdsVersionCheck.found(), build.gdsTested());
        report.put("gdsVersionCheck", check.outcome().name().toLowerCase(java.util.Locale.ROOT));
        report.put("gdsVersionCheckMessage", check.message().isEmpty() ? "none" : check.message());
        report.put("djlVersion", build.djl());
        Engines.Status engine = Engines.status();
        report.put("engineLoaded", engine.loaded());
        report.put("engineVersion", engine.loaded() ? engine.version() : "none");
        report.put("engineError", engine.loaded() ? "none" : engine.error());
        List<String> devices = new ArrayList<>();
        if (engine.loaded()) {
            devices.add("cpu");
            for (int gpu = 0; gpu < engine.gpuCount(); gpu++) {
                devices.add("gpu:" + gpu);
            }
        }
        report.put("devices", devices);
        report.put("engineCacheDirectory", setting("ENGINE_CACHE_DIR", setting("DJL_CACHE_DIR", "DJL's default (~/.djl.ai)")));
        report.put("djlOffline", setting("DJL_OFFLINE", "false"));
        report.put("modelsDirectory", modelsDirectory.toString());
        report.put("modelsDirectoryWritable", writable(modelsDirectory));
        return report;
    }

    private static String neo4jVersion(Transaction tx) {
        try (var result = tx.execute("CALL dbms.components() YIELD name, versions WHERE name = 'Neo4j Kernel' "
            + "RETURN versions[0] AS version")) {
            return result.hasNext() ? String.valueOf(result.next().get("version")) : "unknown";
        }
    }

    private static String gdsVersion(Transaction tx) {
        try (var result = tx.execute("RETURN gds.version() AS version")) {
            return String.valueOf(result.next().get("version"));
        } catch (RuntimeException missing) {
            return "not installed (" + missing.getMessage() + ")";
        }
    }

    /** DJL reads its switches from the environment or a JVM property of the same name. */
    private static String setting(String name, String otherwise) {
        String value = System.getenv(name);
        if (value == null) {
            value = System.getProperty(name);
        }
        return value == null ? otherwise : value;
    }

    /** The catalog creates the directory on its first model, so the nearest existing parent must take a file. */
    static boolean writable(Path directory) {
        Path existing = directory.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            return false;
        }
        try {
            Files.delete(Files.createTempFile(existing, ".graphsha-check", ".tmp"));
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}

package org.graphsha.procedures;

import java.util.stream.Stream;

import org.graphsha.pipeline.SystemCheck;
import org.graphsha.store.settings.BuildInfo;
import org.graphsha.store.settings.ModelDirectory;
import org.neo4j.graphdb.Transaction;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Procedure;
import org.neo4j.procedure.UserFunction;

/** The plugin's version and its installation check, as GDS's {@code gds.version()} and {@code gds.debug.sysInfo}. */
public class SysInfoProc {

    @Context
    public Transaction tx;

    @Context
    public GraphDatabaseAPI db;

    public record Row(String key, Object value) {}

    @UserFunction("graphsha.version")
    @Description("The version of the graphsha plugin.")
    public String version() {
        return BuildInfo.read().version();
    }

    @Procedure(name = "graphsha.debug.sysInfo", mode = Mode.READ)
    @Description("Checks the installation: Neo4j and GDS versions found against those tested, whether the PyTorch "
        + "natives load (starts the engine), the devices, and whether the models directory is writable. Writes "
        + "nothing to the database.")
    public Stream<Row> sysInfo() {
        return SystemCheck.report(tx, ModelDirectory.of(db)).entrySet().stream()
            .map(entry -> new Row(entry.getKey(), entry.getValue()));
    }
}

package org.graphsha.procedures;

import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.graphsha.gds.GdsVersionCheck;
import org.graphsha.store.settings.BuildInfo;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.Test;

class SysInfoProcTest {

    @Test
    void reportsVersionsTheEngineAndTheModelsDirectoryAndWritesNothing() {
        TestNeo4j.reset();
        rows("CREATE (:Marker {n: 1})");
        List<Object> before = TestNeo4j.counts();
        Map<String, Object> info = new LinkedHashMap<>();
        rows("CALL graphsha.debug.sysInfo() YIELD key, value RETURN key, value")
            .forEach(row -> info.put((String) row.get("key"), row.get("value")));
        assertEquals(before, TestNeo4j.counts(), "the check wrote to the database");
        // The harness runs the versions the build tests with.
        assertEquals(info.get("neo4jVersionTested"), info.get("neo4jVersion"), info.toString());
        assertEquals("2.13.9", info.get("gdsVersion"), info.toString());
        assertEquals(true, info.get("versionsAsTested"), info.toString());
        // The version every GDS call checks is read from GDS's classes: the one gds.version() answers.
        assertEquals(single("RETURN gds.version()"), GdsVersionCheck.found());
        assertEquals("same", info.get("gdsVersionCheck"), info.toString());
        assertEquals("none", info.get("gdsVersionCheckMessage"), info.toString());
        assertEquals(GdsVersionCheck.Outcome.SAME, GdsVersionCheck.ofServer(BuildInfo.read().gdsTested()).outcome());
        assertEquals(true, info.get("engineLoaded"), info.toString());
        assertEquals("none", info.get("engineError"));
        assertTrue(((List<?>) info.get("devices")).contains("cpu"), info.toString());
        assertEquals(true, info.get("modelsDirectoryWritable"), info.toString());
        assertEquals(info.get("graphshaVersion"), single("RETURN graphsha.version()"));
        assertTrue(((String) info.get("graphshaVersion")).matches("\\d+\\.\\d+\\.\\d+.*"), info.toString());
    }
}

package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;
import static org.graphsha.testing.TestNeo4j.single;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.graphsha.testing.Jobs;
import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatasetProcTest {

    @BeforeEach
    void clean() {
        TestNeo4j.reset();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "cora,     2708, 5278, 10556, 1433, 49216,  7",
        "citeseer, 3327, 4552, 9104,  3703, 105165, 6",
    })
    void loadsBundledDatasetAndProjectsItWithTheReadmeCounts(String name, long nodes, long edges, long directed,
                                                             long dimension, long nonZeros, long classes) {
        Map<String, Object> load = rows("CALL graphsha.dataset.load($name)", Map.of("name", name)).get(0);
        assertEquals(nodes, load.get("nodeCount"));
        assertEquals(edges, load.get("relationshipCount"));
        assertEquals(classes, load.get("classCount"));
        assertEquals(dimension, load.get("featureDimension"));
        assertEquals(edges, single("MATCH (:Paper)-[r:CITES]->(:Paper) RETURN count(r)"));

        Map<String, Object> projection = rows("CALL gds.graph.project('g', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['features', 'class']}) YIELD nodeCount, relationshipCount "
            + "RETURN nodeCount, relationshipCount").get(0);
        assertEquals(nodes, projection.get("nodeCount"));
        assertEquals(directed, projection.get("relationshipCount"));
        Map<String, Object> features = rows("CALL gds.graph.nodeProperty.stream('g', 'features') YIELD propertyValue "
            + "RETURN min(size(propertyValue)) AS minDim, max(size(propertyValue)) AS maxDim, "
            + "sum(size([v IN propertyValue WHERE v <> 0.0])) AS nonZeros").get(0);
        assertEquals(dimension, features.get("minDim"));
        assertEquals(dimension, features.get("maxDim"));
        assertEquals(nonZeros, features.get("nonZeros"));
        assertEquals(classes, single("CALL gds.graph.nodeProperty.stream('g', 'class') YIELD propertyValue "
            + "RETURN count(DISTINCT propertyValue)"));
    }

    @Test
    void writesThePublicSplitAndClassOfEveryNode() {
        rows("CALL graphsha.dataset.load('cora', {nodeLabel: 'Doc', relationshipType: 'LINKS'})");
        assertEquals(140L, single("MATCH (d:Doc {publicSplit: 'train'}) RETURN count(d)"));
        assertEquals(3L, single("MATCH (d:Doc {id: 0}) RETURN d.class"));
        assertEquals(5278L, single("MATCH ()-[r:LINKS]->() RETURN count(r)"));
    }

    @Test
    void replacesOnlyWhenAsked() {
        rows("CALL graphsha.dataset.load('cora')");
        assertFailsUnchanged("CALL graphsha.dataset.load('cora')",
            "Label `Paper` already holds 2708 nodes", "{replace: true}");
        rows("CALL graphsha.dataset.load('cora', {replace: true})");
        assertEquals(2708L, single("MATCH (p:Paper) RETURN count(p)"));
        assertEquals(5278L, single("MATCH ()-[r:CITES]->() RETURN count(r)"));
    }

    @Test
    void showsProgressStopsOnTerminateAndLeavesNothing() throws Exception {
        // One node or relationship per transaction: slow enough to be seen and stopped half-way.
        Jobs.terminateOnceListed("CALL graphsha.dataset.load('cora', {nodeLabel: 'Stopped', batchSize: 1, "
            + "jobId: 'stopped-load'})", "graphsha.dataset.load", "nodeLabel: 'Stopped'");
        assertEquals(0L, single("MATCH (n:Stopped) RETURN count(n)"));
    }

    @Test
    void integralFloatsAreIntegersAndJobKeysAreAccepted() {
        assertEquals(2708L, single("CALL graphsha.dataset.load('cora', {nodeLabel: 'Floats', batchSize: 5000.0, "
            + "logProgress: false, sudo: true, writeConcurrency: 2, jobId: 'j'}) YIELD nodeCount RETURN nodeCount"));
    }

    @Test
    void rejectsUnknownDataset() {
        assertFailsUnchanged("CALL graphsha.dataset.load('corra')", "Unknown dataset `corra`", "cora, citeseer",
            "{path: 'folder'}");
    }

    @Test
    void rejectsPathOutsideTheImportDirectory() {
        assertFailsUnchanged("CALL graphsha.dataset.load('mine', {path: '../../etc'})",
            "configuration key `path`", "outside the import directory");
        assertFailsUnchanged("CALL graphsha.dataset.load('mine', {path: '/tmp'})", "outside the import directory");
    }

    @Test
    void rejectsUnknownConfigKeyWithSuggestion() {
        assertFailsUnchanged("CALL graphsha.dataset.load('cora', {nodelabel: 'X'})",
            "Unexpected configuration key `nodelabel`", "did you mean `nodeLabel`");
    }

    @Test
    void rejectsMalformedFilesWithoutWritingAnything() throws IOException {
        Path folder = dataset("broken", "id,label,split\n0,0,train\n1,1,test\n2,1,val\n",
            "source,target\n0,1\n1\n", "id,index,value\n0,0,1\n");
        assertFailsUnchanged("CALL graphsha.dataset.load('broken', {path: 'broken'})",
            "`edges.csv.gz` line 3: expected 2 columns");
        writeGzip(folder.resolve("edges.csv.gz"), "source,target\n0,1\n");
        writeGzip(folder.resolve("nodes.csv.gz"), "id,label\n0,0\n");
        assertFailsUnchanged("CALL graphsha.dataset.load('broken', {path: 'broken'})",
            "header must be `id,label,split`");
    }

    @Test
    void rejectsWrongFeatureDimensionOfAKnownDataset() throws IOException {
        dataset("cora-copy", "id,label,split\n0,0,train\n1,1,test\n", "source,target\n0,1\n", "id,index,value\n0,1500,1\n");
        assertFailsUnchanged("CALL graphsha.dataset.load('cora', {path: 'cora-copy'})",
            "feature index 1500 is outside the feature dimension 1433");
    }

    @Test
    void loadsAFolderDataset() throws IOException {
        dataset("tiny", "id,label,split\n0,0,train\n1,1,test\n2,1,none\n", "source,target\n0,1\n1,2\n",
            "id,index,value\n0,0,1\n2,3,0.5\n");
        Map<String, Object> load = rows("CALL graphsha.dataset.load('tiny', {path: 'tiny', nodeLabel: 'T'})").get(0);
        assertEquals(3L, load.get("nodeCount"));
        assertEquals(4L, load.get("featureDimension"));
        assertEquals(0.5, ((Number) single("MATCH (t:T {id: 2}) RETURN t.features[3]")).doubleValue(), 1e-9);
    }

    private static Path dataset(String name, String nodes, String edges, String features) throws IOException {
        Path folder = Files.createDirectories(TestNeo4j.importDirectory().resolve(name));
        writeGzip(folder.resolve("nodes.csv.gz"), nodes);
        writeGzip(folder.resolve("edges.csv.gz"), edges);
        writeGzip(folder.resolve("features.csv.gz"), features);
        return folder;
    }

    private static void writeGzip(Path file, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.US_ASCII));
        }
    }
}

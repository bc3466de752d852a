package org.graphsha.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.graphsha.data.KnownDataset;
import org.junit.jupiter.api.Test;

class DatasetReaderTest {

    @Test
    void readsBundledCoraWithTheDocumentedCounts() {
        Dataset cora = KnownDataset.CORA.readBundled(true);
        assertEquals(2708, cora.nodeCount());
        assertEquals(7, cora.classCount());
        assertEquals(5278, cora.edges().size());
        assertEquals(1433, cora.features().dimension());
        assertEquals(49216, cora.features().nonZeros());
        assertEquals(3, cora.classes()[0]);
    }

    @Test
    void namesMissingColumns() {
        var files = validFiles();
        files.put("edges.csv.gz", "source,target\n0\n");
        assertMessage(files, "edges.csv.gz` line 2: expected 2 columns");
    }

    @Test
    void namesWrongHeader() {
        var files = validFiles();
        files.put("nodes.csv.gz", "id,class,split\n0,0,train\n");
        assertMessage(files, "header must be `id,label,split`");
    }

    @Test
    void namesFeatureIndexOutsideDimension() {
        var files = validFiles();
        files.put("features.csv.gz", "id,index,value\n0,5,1\n");
        var error = assertThrows(DatasetFormatException.class, () -> read(files, 4));
        assertTrue(error.getMessage().contains("feature index 5 is outside the feature dimension 4"), error.getMessage());
    }

    @Test
    void namesUnknownNodeInEdges() {
        var files = validFiles();
        files.put("edges.csv.gz", "source,target\n0,9\n");
        assertMessage(files, "target `9` is not a node id in 0..1");
    }

    @Test
    void namesMissingFile() {
        var files = validFiles();
        files.remove("features.csv.gz");
        assertMessage(files, "`features.csv.gz` is missing");
    }

    @Test
    void namesNonNumericValue() {
        var files = validFiles();
        files.put("nodes.csv.gz", "id,label,split\n0,x,train\n");
        assertMessage(files, "label `x` is not an integer");
    }

    private static Map<String, String> validFiles() {
        Map<String, String> files = new HashMap<>();
        files.put("nodes.csv.gz", "id,label,split\n0,0,train\n1,1,test\n");
        files.put("edges.csv.gz", "source,target\n0,1\n");
        files.put("features.csv.gz", "id,index,value\n0,1,1\n1,0,2.5\n");
        return files;
    }

    private static void assertMessage(Map<String, String> files, String expected) {
        var error = assertThrows(DatasetFormatException.class, () -> read(files, 0));
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }

    private static Dataset read(Map<String, String> files, int dimension) {
        return DatasetReader.read("t", name -> files.containsKey(name) ? gzip(files.get(name)) : null, dimension, true);
    }

    private static ByteArrayInputStream gzip(String text) throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.US_ASCII));
        }
        return new ByteArrayInputStream(bytes.toByteArray());
    }
}

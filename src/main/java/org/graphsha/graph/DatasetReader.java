package org.graphsha.graph;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Reads the gzipped CSV dataset format (nodes, edges, features) and validates every row, so that a
 * caller can reject a broken dataset before writing anything.
 */
public final class DatasetReader {

    public static final String NODES_FILE = "nodes.csv.gz";
    public static final String EDGES_FILE = "edges.csv.gz";
    public static final String FEATURES_FILE = "features.csv.gz";

    /** Opens a dataset file by name, or returns null when the file does not exist. */
    @FunctionalInterface
    public interface FileSource {
        InputStream open(String fileName) throws IOException;
    }

    private DatasetReader() {}

    /**
     * @param expectedDimension the feature dimension the caller knows, or 0 to infer it as max index + 1
     * @param withFeatures      false skips the feature file (the result then has dimension 0)
     */
    public static Dataset read(String name, FileSource source, int expectedDimension, boolean withFeatures) {
        Nodes nodes = readNodes(source);
        EdgeList edges = readEdges(source, nodes.classes.length);
        SparseFeatures features = withFeatures
            ? readFeatures(source, nodes.classes.length, expectedDimension)
            : new SparseFeatures(nodes.classes.length, 0, new int[nodes.classes.length + 1], new int[0], new float[0]);
        int classCount = Arrays.stream(nodes.classes).max().orElse(-1) + 1;
        return new Dataset(name, nodes.classes, classCount, nodes.splits, edges, features);
    }

    private record Nodes(int[] classes, PublicSplit[] splits) {}

    private static Nodes readNodes(FileSource source) {
        IntArrayBuilder classes = new IntArrayBuilder();
        var splits = new ArrayList<PublicSplit>();
        forEachRow(source, NODES_FILE, "id,label,split", 3, (row, line) -> {
            int id = parseInt(row[0], NODES_FILE, line, "id");
            if (id != classes.size()) {
                throw error(NODES_FILE, line, "expected node id " + classes.size() + " but found `" + row[0]
                    + "`; ids must run 0..N-1 in order");
            }
            int label = parseInt(row[1], NODES_FILE, line, "label");
            if (label < 0) {
                throw error(NODES_FILE, line, "label `" + row[1] + "` is negative");
            }
            classes.add(label);
            try {
                splits.add(PublicSplit.parse(row[2]));
            } catch (IllegalArgumentException e) {
                throw error(NODES_FILE, line, e.getMessage());
            }
        });
        if (classes.size() == 0) {
            throw new DatasetFormatException(NODES_FILE + " holds no nodes");
        }
        return new Nodes(classes.toArray(), splits.toArray(PublicSplit[]::new));
    }

    private static EdgeList readEdges(FileSource source, int nodeCount) {
        IntArrayBuilder sources = new IntArrayBuilder();
        IntArrayBuilder targets = new IntArrayBuilder();
        forEachRow(source, EDGES_FILE, "source,target", 2, (row, line) -> {
            int s = parseNodeId(row[0], nodeCount, EDGES_FILE, line, "source");
            int t = parseNodeId(row[1], nodeCount, EDGES_FILE, line, "target");
            if (s == t) {
                throw error(EDGES_FILE, line, "self loop on node " + s + " is not allowed");
            }
            sources.add(s);
            targets.add(t);
        });
        return new EdgeList(sources.toArray(), targets.toArray());
    }

    private static SparseFeatures readFeatures(FileSource source, int nodeCount, int expectedDimension) {
        IntArrayBuilder ids = new IntArrayBuilder();
        IntArrayBuilder columns = new IntArrayBuilder();
        FloatArrayBuilder values = new FloatArrayBuilder();
        forEachRow(source, FEATURES_FILE, "id,index,value", 3, (row, line) -> {
            ids.add(parseNodeId(row[0], nodeCount, FEATURES_FILE, line, "id"));
            int index = parseInt(row[1], FEATURES_FILE, line, "index");
            if (index < 0 || (expectedDimension > 0 && index >= expectedDimension)) {
                throw error(FEATURES_FILE, line, "feature index " + index + " is outside the feature dimension "
                    + expectedDimension + "; check the dataset or its featureDimension");
            }
            columns.add(index);
            try {
                values.add(Float.parseFloat(row[2]));
            } catch (NumberFormatException e) {
                throw error(FEATURES_FILE, line, "value `" + row[2] + "` is not a number");
            }
        });
        int dimension = expectedDimension > 0 ? expectedDimension : Arrays.stream(columns.toArray()).max().orElse(-1) + 1;
        return toCsr(nodeCount, dimension, ids.toArray(), columns.toArray(), values.toArray());
    }

    private static SparseFeatures toCsr(int rows, int dimension, int[] ids, int[] columns, float[] values) {
        int[] offsets = new int[rows + 1];
        for (int id : ids) {
            offsets[id + 1]++;
        }
        for (int r = 0; r < rows; r++) {
            offsets[r + 1] += offsets[r];
        }
        int[] cursor = Arrays.copyOf(offsets, rows);
        int[] sortedColumns = new int[columns.length];
        float[] sortedValues = new float[values.length];
        for (int k = 0; k < ids.length; k++) {
            int slot = cursor[ids[k]]++;
            sortedColumns[slot] = columns[k];
            sortedValues[slot] = values[k];
        }
        return new SparseFeatures(rows, dimension, offsets, sortedColumns, sortedValues).compact();
    }

    @FunctionalInterface
    private interface RowHandler {
        void accept(String[] row, long line);
    }

    private static void forEachRow(FileSource source, String file, String header, int columns, RowHandler handler) {
        try (InputStream raw = source.open(file)) {
            if (raw == null) {
                throw new DatasetFormatException("dataset file `" + file + "` is missing");
            }
            BufferedReader reader = new BufferedReader(
                new InputStreamReader(new GZIPInputStream(raw, 1 << 16), StandardCharsets.US_ASCII), 1 << 16);
            String first = reader.readLine();
            if (first == null || !first.equals(header)) {
                throw error(file, 1, "header must be `" + header + "` but is `" + first + "`");
            }
            long line = 1;
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                line++;
                String[] row = text.split(",", -1);
                if (row.length != columns) {
                    throw error(file, line, "expected " + columns + " columns (" + header + ") but found "
                        + row.length + " in `" + text + "`");
                }
                handler.accept(row, line);
            }
        } catch (java.util.zip.ZipException e) {
            throw new DatasetFormatException("dataset file `" + file + "` is not gzip-compressed: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read dataset file `" + file + "`", e);
        }
    }

    private static int parseNodeId(String text, int nodeCount, String file, long line, String column) {
        int id = parseInt(text, file, line, column);
        if (id < 0 || id >= nodeCount) {
            throw error(file, line, column + " `" + text + "` is not a node id in 0.." + (nodeCount - 1));
        }
        return id;
    }

    private static int parseInt(String text, String file, long line, String column) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw error(file, line, column + " `" + text + "` is not an integer");
        }
    }

    private static DatasetFormatException error(String file, long line, String problem) {
        return new DatasetFormatException("malformed dataset file `" + file + "` line " + line + ": " + problem);
    }
}

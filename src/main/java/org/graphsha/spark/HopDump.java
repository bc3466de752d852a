package org.graphsha.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.spark.sql.Row;

/**
 * The job's hop features and scores as text, one line per node ("hops id k v0 v1 ..." and "score id class
 * confidence"), for comparing them with the plugin's (GRAPHSHA_SPARK_HOPS_OUT; docs/spark.md).
 */
final class HopDump {

    private HopDump() {}

    static void write(Path file, Map<Long, float[][]> hops, List<Row> predictions) {
        List<String> lines = new ArrayList<>();
        hops.forEach((id, rows) -> {
            for (int k = 0; k < rows.length; k++) {
                StringBuilder line = new StringBuilder("hops ").append(id).append(' ').append(k);
                for (float v : rows[k]) {
                    line.append(' ').append(v);
                }
                lines.add(line.toString());
            }
        });
        for (Row r : predictions) {
            lines.add("score " + r.getLong(0) + " " + r.get(1) + " " + r.getDouble(2));
        }
        try {
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}

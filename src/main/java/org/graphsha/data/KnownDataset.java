package org.graphsha.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import org.graphsha.graph.Dataset;
import org.graphsha.graph.DatasetReader;

/**
 * The benchmark datasets of the paper, with the facts the files do not carry: feature dimension,
 * the imbalanced setting the paper uses, and natural default names for the graph schema. Cora and
 * CiteSeer ship inside the jar; the others load from a folder in the same format.
 */
public enum KnownDataset {
    CORA(1433, true, Setting.LONG_TAILED, "Paper", "CITES"),
    CITESEER(3703, true, Setting.LONG_TAILED, "Paper", "CITES"),
    PUBMED(500, false, Setting.LONG_TAILED, "Paper", "CITES"),
    PHOTO(745, false, Setting.STEP, "Product", "CO_PURCHASED"),
    COMPUTERS(767, false, Setting.STEP, "Product", "CO_PURCHASED"),
    CS(6805, false, Setting.STEP, "Author", "CO_AUTHOR");

    public enum Setting { LONG_TAILED, STEP }

    private final int featureDimension;
    private final boolean bundled;
    private final Setting setting;
    private final String defaultNodeLabel;
    private final String defaultRelationshipType;

    KnownDataset(int featureDimension, boolean bundled, Setting setting, String nodeLabel, String relationshipType) {
        this.featureDimension = featureDimension;
        this.bundled = bundled;
        this.setting = setting;
        this.defaultNodeLabel = nodeLabel;
        this.defaultRelationshipType = relationshipType;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public int featureDimension() {
        return featureDimension;
    }

    public boolean bundled() {
        return bundled;
    }

    public Setting setting() {
        return setting;
    }

    public String defaultNodeLabel() {
        return defaultNodeLabel;
    }

    public String defaultRelationshipType() {
        return defaultRelationshipType;
    }

    public static Optional<KnownDataset> find(String name) {
        return Arrays.stream(values()).filter(d -> d.id().equalsIgnoreCase(name)).findFirst();
    }

    public static String bundledNames() {
        return Arrays.stream(values()).filter(KnownDataset::bundled).map(KnownDataset::id)
            .collect(Collectors.joining(", "));
    }

    /** Reads the copy inside the jar; only for bundled datasets. */
    public Dataset readBundled(boolean withFeatures) {
        if (!bundled) {
            throw new IllegalStateException(id() + " is not bundled");
        }
        String folder = "/org/graphsha/datasets/" + id() + "/";
        return DatasetReader.read(id(), file -> KnownDataset.class.getResourceAsStream(folder + file),
            featureDimension, withFeatures);
    }

    /** Reads a dataset folder; a known name also fixes the expected feature dimension. */
    public static Dataset readFolder(String name, Path folder, boolean withFeatures) {
        int dimension = find(name).map(KnownDataset::featureDimension).orElse(0);
        return DatasetReader.read(name, file -> openIfExists(folder.resolve(file)), dimension, withFeatures);
    }

    private static InputStream openIfExists(Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.newInputStream(file) : null;
    }
}

package org.graphsha.tools.bench;

import java.nio.file.Files;
import java.nio.file.Path;

import org.graphsha.config.TrainConfig.FeatureNormalization;
import org.graphsha.data.KnownDataset;
import org.graphsha.data.LongTailedSplit;
import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitResult;
import org.graphsha.data.TieOrder;
import org.graphsha.data.StepSplit;
import org.graphsha.graph.Dataset;
import org.graphsha.graph.FeatureTransform;
import org.graphsha.graph.GraphSnapshot;

/**
 * Builds benchmark snapshots from the dataset files with the exact split procedures: LT with ρ = 100,
 * step with ρ = 20 (docs/algorithm.md §1). Amazon/Coauthor features are binarised as PyG's npz reader does.
 */
public final class BenchDatasets {

    public static final double LT_RATIO = 100;
    public static final double STEP_RATIO = 20;

    private BenchDatasets() {}

    public static GraphSnapshot load(KnownDataset known, boolean longTailed, Path datasetsDir) {
        return load(known, longTailed, datasetsDir, longTailed ? LT_RATIO : STEP_RATIO);
    }

    /** @param ratio the imbalance ratio ρ of the split (the paper's Figure 5 varies it on Cora-LT) */
    public static GraphSnapshot load(KnownDataset known, boolean longTailed, Path datasetsDir, double ratio) {
        return load(known, longTailed, datasetsDir, ratio, TieOrder.ASCENDING);
    }

    /** @param ties the LT split's order among equal-degree nodes (ignored by the step split) */
    public static GraphSnapshot load(KnownDataset known, boolean longTailed, Path datasetsDir, double ratio,
                                     TieOrder ties) {
        return load(known, longTailed, datasetsDir, ratio, ties, FeatureNormalization.AUTO);
    }

    /** @param form the run's {@code featureNormalization}, applied as {@link #transform} says */
    public static GraphSnapshot load(KnownDataset known, boolean longTailed, Path datasetsDir, double ratio,
                                     TieOrder ties, FeatureNormalization form) {
        Dataset d;
        Path folder = datasetsDir == null ? null : datasetsDir.resolve(known.id());
        if (folder != null && Files.isRegularFile(folder.resolve("nodes.csv.gz"))) {
            d = KnownDataset.readFolder(known.id(), folder, true);
        } else if (known.bundled()) {
            d = known.readBundled(true);
        } else {
            throw new IllegalArgumentException("dataset `" + known.id() + "` is not bundled and was not found under "
                + (datasetsDir == null ? "(no --datasets folder)" : datasetsDir) + "; pass --datasets DIR");
        }
        SplitResult split = longTailed
            ? LongTailedSplit.compute(d.classes(), d.classCount(), d.publicSplit(), d.edges(), ratio, ties)
            : StepSplit.compute(d.classes(), d.classCount(), ratio);
        return Snapshots.of(d, split, transform(known, form, d));
    }

    /**
     * The features of a paper cell. {@code auto} gives the reference's row sums, on binarised features for Amazon and
     * Coauthor, so every paper figure keeps its runs; any other form is applied to the file's values as
     * {@code graphsha.train} applies it to a projection of them.
     */
    static FeatureTransform transform(KnownDataset known, FeatureNormalization form, Dataset d) {
        boolean binarize = !(known == KnownDataset.CORA || known == KnownDataset.CITESEER
            || known == KnownDataset.PUBMED);
        return form == FeatureNormalization.AUTO ? new FeatureTransform.RowSum(binarize) : form.fit(d.features());
    }

    /** Whether {@link #load} finds the dataset: bundled, or its files under the folder. */
    public static boolean available(KnownDataset known, Path datasetsDir) {
        return known.bundled()
            || datasetsDir != null && Files.isRegularFile(datasetsDir.resolve(known.id()).resolve("nodes.csv.gz"));
    }

    /** The shared datasets folder next to the checkout, if present. */
    public static Path defaultDir() {
        String configured = System.getProperty("graphsha.datasets", System.getenv("GRAPHSHA_DATASETS"));
        if (configured != null) {
            return Path.of(configured);
        }
        Path guess = Path.of("..", "shared", "datasets").toAbsolutePath().normalize();
        return Files.isDirectory(guess) ? guess : null;
    }
}

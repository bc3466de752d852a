package org.graphsha.synthesis;

import java.util.Locale;
import java.util.SplittableRandom;

import org.graphsha.data.KnownDataset;
import org.graphsha.data.LongTailedSplit;
import org.graphsha.data.Snapshots;
import org.graphsha.data.SplitResult;
import org.graphsha.data.StepSplit;
import org.graphsha.diffusion.Diffusion;
import org.graphsha.diffusion.DiffusionOptions;
import org.graphsha.diffusion.NeighbourDistribution;
import org.graphsha.graph.Dataset;
import org.graphsha.graph.GraphSnapshot;
import org.graphsha.synthesis.graphsha.GraphShaSynthesizer;
import org.graphsha.testing.SharedDatasets;

/**
 * Times {@link GraphShaSynthesizer#synthesize} per epoch (not a test). Usage:
 * {@code java -cp target/classes:target/test-classes org.graphsha.synthesis.SynthesisBenchmark cora|citeseer|photo|computers|cs [epochs]}
 */
public final class SynthesisBenchmark {

    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "cora";
        int epochs = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        KnownDataset known = KnownDataset.find(name).orElseThrow();
        Dataset dataset = known.bundled() ? known.readBundled(false)
            : KnownDataset.readFolder(name, SharedDatasets.root().resolve(name), false);
        SplitResult split = known.setting() == KnownDataset.Setting.LONG_TAILED
            ? LongTailedSplit.compute(dataset.classes(), dataset.classCount(), dataset.publicSplit(), dataset.edges(), 100)
            : StepSplit.compute(dataset.classes(), dataset.classCount(), 20);
        GraphSnapshot snapshot = Snapshots.of(dataset, split, false);
        long start = System.nanoTime();
        NeighbourDistribution rows = Diffusion.compute(snapshot.adjacency(), DiffusionOptions.defaults());
        double diffusionSeconds = (System.nanoTime() - start) / 1e9;
        GraphShaSynthesizer synthesizer = new GraphShaSynthesizer(snapshot, rows, SynthesisOptions.defaults());
        SplittableRandom random = new SplittableRandom(100);
        float[] logits = new float[snapshot.nodeCount() * snapshot.classCount()];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = (float) random.nextGaussian();
        }
        double warmupMillis = 0;
        double harderMillis = 0;
        int harderEpochs = 0;
        double meanDegree = 0;
        for (int epoch = 0; epoch < epochs; epoch++) {
            long t0 = System.nanoTime();
            synthesizer.synthesize(epoch, epoch == 0 ? null : logits, random);
            double millis = (System.nanoTime() - t0) / 1e6;
            if (epoch <= SynthesisOptions.DEFAULT_WARMUP_EPOCHS) {
                warmupMillis += millis;
            } else if (epoch >= 20) { // after the JIT has settled
                harderMillis += millis;
                harderEpochs++;
                meanDegree += synthesizer.lastReport().meanSyntheticInDegree();
            }
        }
        System.out.printf(Locale.ROOT,
            "dataset=%s nodes=%d diffusion=%.2fs (%d entries) warmupEpoch=%.2fms harderEpoch=%.3fms "
                + "synthetic=%d meanSyntheticInDegree=%.2f%n",
            name, snapshot.nodeCount(), diffusionSeconds, rows.entryCount(),
            warmupMillis / (SynthesisOptions.DEFAULT_WARMUP_EPOCHS + 1), harderMillis / Math.max(1, harderEpochs),
            synthesizer.lastReport().syntheticCount(), meanDegree / Math.max(1, harderEpochs));
    }
}

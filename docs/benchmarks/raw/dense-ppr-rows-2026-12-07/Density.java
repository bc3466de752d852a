package org.graphsha.diffusion;
import org.graphsha.data.*;
public class Density {
    public static void main(String[] a) throws Exception {
        var dataset = KnownDataset.CORA.readBundled(false);
        var split = LongTailedSplit.compute(dataset.classes(), dataset.classCount(), dataset.publicSplit(), dataset.edges(), 100);
        var cora = Snapshots.of(dataset, split, false);
        var opts = DiffusionOptions.defaults();
        Transition walk = new Transition(cora.adjacency(), opts.normalization());
        long t = System.nanoTime();
        DensePpr d = new DensePpr(walk, opts.alpha());
        System.out.printf("cholesky %.2f s%n", (System.nanoTime() - t) / 1e9);
        int n = walk.nodeCount();
        var s = d.new ColumnSolver();
        t = System.nanoTime();
        for (int src = 0; src < n; src++) s.column(src, (v, x) -> {});
        System.out.printf("solve all %.2f s%n", (System.nanoTime() - t) / 1e9);
    }
}

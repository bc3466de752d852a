import org.graphsha.tools.generate.*;
import java.util.*;

/** Share of nodes whose hop rows a GraphSHA training on the sign backbone reads. */
public class RowSet {
    public static void main(String[] a) {
        GeneratorSettings s = a[0].equals("products") ? GeneratorSettings.products() : GeneratorSettings.defaults();

        GeneratedGraph g = GraphGenerator.generate(s, p -> { });
        int n = g.nodeCount();
        int[] src = g.sources(), dst = g.targets();
        int[] cls = g.classes();
        int classes = s.classes();
        int[] trainPerClass = new int[classes];
        boolean[] train = new boolean[n], val = new boolean[n];
        for (int v = 0; v < n; v++) {
            String sp = g.split(v);
            train[v] = sp.equals("train"); val[v] = sp.equals("val");
            if (train[v]) trainPerClass[cls[v]]++;
        }
        int largest = 0;
        for (int c = 1; c < classes; c++) if (trainPerClass[c] > trainPerClass[largest]) largest = c;
        boolean[] anchor = new boolean[n];
        int anchors = 0, trainCount = 0, valCount = 0;
        for (int v = 0; v < n; v++) {
            anchor[v] = train[v] && cls[v] != largest;
            if (anchor[v]) anchors++;
            if (train[v]) trainCount++;
            if (val[v]) valCount++;
        }
        boolean[] read = new boolean[n];
        for (int v = 0; v < n; v++) read[v] = train[v] || val[v];
        int base = trainCount + valCount;
        for (int e = 0; e < src.length; e++) {
            if (anchor[src[e]]) read[dst[e]] = true;
            if (anchor[dst[e]]) read[src[e]] = true;
        }
        int total = 0;
        for (boolean r : read) if (r) total++;
        System.out.printf("%s: N=%d edges=%d train=%d (%.1f%%) val=%d anchors(train outside the largest class)=%d%n",
            a[0], n, src.length, trainCount, 100.0 * trainCount / n, valCount, anchors);
        System.out.printf("train+val rows: %d (%.1f%%); + the anchors' neighbours (read by warm-up copies): %d (%.1f%%)%n",
            base, 100.0 * base / n, total, 100.0 * total / n);
        
    }
}

package org.graphsha.tools.importer;

import java.util.function.BiConsumer;

import org.graphsha.store.load.DatasetImport;
import org.graphsha.tools.generate.GeneratedGraph;
import org.graphsha.tools.generate.UserGraph;

/**
 * A generated graph as the writers see it: its relationships (those of {@link #graph()}) and, per node,
 * the properties to write, in write order. Both {@link GeneratedGraphWriter} and {@link BulkImport} take
 * it, so each shape of graph is described once and written the same way by either path.
 */
public record GraphRecords(GeneratedGraph graph, NodeProperties nodes) {

    /** Hands node {@code node}'s properties to {@code property}, one call per property. */
    @FunctionalInterface
    public interface NodeProperties {
        void visit(int node, BiConsumer<String, Object> property);
    }

    /**
     * The generator's class of every node of the user-shaped graph, as a string. It exists so that
     * predictions on the unlabeled nodes can be scored; it is the answer, never a training target.
     */
    public static final String TRUE_CLASS = "trueClass";

    /**
     * The arXiv-shaped graph in the shape {@code graphsha.dataset.load} gives a dataset ({@code id},
     * integer {@code class}, {@code publicSplit}, float-array {@code features}), plus the generator's
     * {@code year} and its {@code split}.
     */
    public static GraphRecords arxiv(GeneratedGraph graph) {
        return new GraphRecords(graph, (i, property) -> {
            int c = graph.classes()[i];
            property.accept(DatasetImport.ID, (long) i);
            property.accept(DatasetImport.CLASS, (long) c);
            property.accept(GeneratedGraphWriter.YEAR, (long) graph.years()[i]);
            property.accept(GeneratedGraphWriter.SPLIT, graph.split(i));
            property.accept(DatasetImport.PUBLIC_SPLIT, graph.split(i));
            property.accept(DatasetImport.FEATURES, graph.features().row(i, c));
        });
    }

    /**
     * The user-shaped graph as a user's database would hold it: {@code id}, float-array {@code features},
     * a string {@code class} on the labeled nodes only, and no split property, so {@code graphsha.train}
     * holds out its own validation nodes. Every node also gets {@link #TRUE_CLASS} for evaluation.
     */
    public static GraphRecords user(UserGraph user) {
        GeneratedGraph graph = user.graph();
        return new GraphRecords(graph, (i, property) -> {
            int c = graph.classes()[i];
            property.accept(DatasetImport.ID, (long) i);
            if (user.labeled()[i]) {
                property.accept(DatasetImport.CLASS, UserGraph.className(c));
            }
            property.accept(TRUE_CLASS, UserGraph.className(c));
            property.accept(DatasetImport.FEATURES, graph.features().row(i, c));
        });
    }

    public int nodeCount() {
        return graph.nodeCount();
    }

    public int relationshipCount() {
        return graph.relationshipCount();
    }
}

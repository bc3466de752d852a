package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.util.Locale;

import org.graphsha.tools.console.ProgressDisplay;
import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.GeneratedGraph;
import org.graphsha.tools.generate.GeneratorSettings;
import org.graphsha.tools.generate.GraphGenerator;
import org.graphsha.tools.generate.GraphStatistics;
import org.graphsha.tools.generate.UserGraph;
import org.graphsha.tools.generate.UserGraphSettings;
import org.graphsha.tools.importer.GraphRecords;

/**
 * The graphs {@code ./graphsha generate --shape} writes. Each has its own settings flags (the other
 * shape's are refused) and its own default label, relationship type and write mode: the arXiv-sized
 * citation graph is bulk-imported as a new database, the small user-shaped graph is added to the
 * database through transactions.
 */
enum GraphShape {
    ARXIV("arxiv", "Paper", "CITES", GenerateCommand.WriteMode.BULK, GeneratorSettings.FLAGS),
    USER("user", "Account", "TRANSFERS", GenerateCommand.WriteMode.TRANSACTIONAL, UserGraphSettings.FLAGS);

    /** A graph to write, sampled (with a summary printed) only once its target is known to be free. */
    interface Sampler {
        GraphRecords sample(PrintStream out);
    }

    final String flagValue;
    final String label;
    final String relationshipType;
    final GenerateCommand.WriteMode writeMode;
    final String settingsFlags;

    GraphShape(String flagValue, String label, String relationshipType, GenerateCommand.WriteMode writeMode,
               String settingsFlags) {
        this.flagValue = flagValue;
        this.label = label;
        this.relationshipType = relationshipType;
        this.writeMode = writeMode;
        this.settingsFlags = settingsFlags;
    }

    static GraphShape parse(Flags flags) {
        String value = flags.string("shape", ARXIV.flagValue);
        for (GraphShape shape : values()) {
            if (shape.flagValue.equals(value)) {
                return shape;
            }
        }
        throw new IllegalArgumentException("invalid value `" + value + "` for --shape: expected arxiv or user");
    }

    /** Reads this shape's settings flags, after refusing those of the other shape. */
    Sampler read(Flags flags) {
        GraphShape other = this == ARXIV ? USER : ARXIV;
        flags.refuse(other.settingsFlags, "sets the graph of --shape " + other.flagValue + ", but this is --shape "
            + flagValue + (this == ARXIV ? " (the default)" : "") + "; its flags are " + settingsFlags);
        return this == ARXIV ? arxiv(GeneratorSettings.parse(flags)) : user(UserGraphSettings.parse(flags));
    }

    static Sampler arxiv(GeneratorSettings settings) {
        return out -> {
            out.println("generating: " + settings);
            long start = System.nanoTime();
            ProgressDisplay generating = ProgressDisplay.forStandardOutput(System.err);
            GeneratedGraph graph = GraphGenerator.generate(settings, f -> generating.update("generate", f));
            generating.finish();
            GraphStatistics stats = GraphStatistics.of(graph);
            out.printf(Locale.ROOT, "generated in %.1f s: %d nodes, %d relationships, classes %d..%d nodes, "
                    + "edge homophily %.3f, training imbalance ratio %.0f%n", (System.nanoTime() - start) / 1e9,
                graph.nodeCount(), graph.relationshipCount(), graph.classSizes()[graph.classSizes().length - 1],
                graph.classSizes()[0], stats.edgeHomophily(), stats.trainImbalanceRatio());
            return GraphRecords.arxiv(graph);
        };
    }

    static Sampler user(UserGraphSettings settings) {
        return out -> {
            out.println("generating: " + settings);
            long start = System.nanoTime();
            UserGraph user = UserGraph.generate(settings);
            GeneratedGraph graph = user.graph();
            out.printf(Locale.ROOT, "generated in %.1f s: %d nodes, %d relationships, edge homophily %.3f; "
                    + "labeled/all nodes per class: %s%n", (System.nanoTime() - start) / 1e9, graph.nodeCount(),
                graph.relationshipCount(), GraphStatistics.edgeHomophily(graph), user.labelsPerClass());
            out.println("`class` is set on the labeled nodes only (no split property: graphsha.train holds out its "
                + "own validation nodes); `" + GraphRecords.TRUE_CLASS + "` holds every node's generated class, to "
                + "score predictions with, never to train on");
            return GraphRecords.user(user);
        };
    }
}

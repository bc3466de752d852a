package org.graphsha.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

import org.graphsha.config.ConfigReader;
import org.graphsha.console.ProgressDisplay;
import org.graphsha.generate.Flags;
import org.graphsha.generate.GeneratorSettings;
import org.graphsha.generate.GraphGenerator;
import org.graphsha.generate.GraphStatistics;
import org.graphsha.generate.SyntheticGraph;
import org.graphsha.store.DatasetImport;
import org.graphsha.store.GeneratedGraphWriter;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * {@code ./graphsha generate}: an arXiv-sized synthetic graph (see {@link GraphGenerator}) written
 * straight into the embedded database, in the shape {@code graphsha.dataset.load} writes.
 */
final class GenerateCommand implements Main.Command {

    static final String USAGE = "generate [--nodes 169343] [--edges 1166243] [--features 128] [--classes 40]"
        + " [--imbalance-ratio 775] [--homophily 0.65] [--degree-exponent 2.5] [--feature-signal 0.15]"
        + " [--train-fraction 0.537] [--val-fraction 0.176] [--seed 42] [--label Paper] [--relationship-type CITES]"
        + " [--batch-size 100000] [--replace false]";

    /** Where the graph goes and how it is written; shared with {@code bench-scale}. */
    record Target(String label, String relationshipType, int batchSize, boolean replace) {
        static final String FLAGS = "--label, --relationship-type, --batch-size, --replace";

        static Target parse(Flags flags) {
            return new Target(
                ConfigReader.identifier("--label", flags.string("label", "Paper")),
                ConfigReader.identifier("--relationship-type", flags.string("relationship-type", "CITES")),
                flags.intInRange("batch-size", 100_000, 1, 10_000_000),
                flags.bool("replace", false));
        }
    }

    /** Generation and write times and what was written. */
    record Outcome(SyntheticGraph graph, double generateSeconds, GeneratedGraphWriter.WriteTimes write) {
        double writeSeconds() {
            return write.nodeSeconds() + write.relationshipSeconds();
        }

        /** Relationships per second of the whole write, node writing included. */
        double relationshipsPerSecond() {
            return graph.relationshipCount() / writeSeconds();
        }
    }

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        GeneratorSettings settings;
        Target target;
        try {
            Flags flags = new Flags(args);
            settings = GeneratorSettings.parse(flags);
            target = Target.parse(flags);
            flags.finish(GeneratorSettings.FLAGS + ", " + Target.FLAGS);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage() + "\nusage: ./graphsha " + USAGE);
        }
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
            generateInto(neo4j.db(), settings, target, out);
        }
        return 0;
    }

    static Outcome generateInto(GraphDatabaseService db, GeneratorSettings settings, Target target, PrintStream out) {
        DatasetImport existing = new DatasetImport(db, target.label(), target.relationshipType(), 10_000);
        if (existing.countExisting() > 0) {
            if (!target.replace()) {
                throw new Main.UsageException("label " + target.label() + " already has nodes; pass --replace true "
                    + "to delete them first, or choose another --label");
            }
            existing.deleteExisting();
        }
        out.println("generating: " + settings);
        long start = System.nanoTime();
        ProgressDisplay generating = ProgressDisplay.forStandardOutput(System.err);
        SyntheticGraph graph = GraphGenerator.generate(settings, f -> generating.update("generate", f));
        generating.finish();
        double generateSeconds = (System.nanoTime() - start) / 1e9;
        GraphStatistics stats = GraphStatistics.of(graph);
        out.printf(Locale.ROOT, "generated in %.1f s: %d nodes, %d relationships, classes %d..%d nodes, "
                + "edge homophily %.3f, training imbalance ratio %.0f%n", generateSeconds, graph.nodeCount(),
            graph.relationshipCount(), graph.classSizes()[graph.classSizes().length - 1], graph.classSizes()[0],
            stats.edgeHomophily(), stats.trainImbalanceRatio());
        ProgressDisplay writing = ProgressDisplay.forStandardOutput(System.err);
        var times = new GeneratedGraphWriter(db, target.label(), target.relationshipType(), target.batchSize())
            .write(graph, f -> writing.update("write", f));
        writing.finish();
        Outcome outcome = new Outcome(graph, generateSeconds, times);
        out.printf(Locale.ROOT, "written as :%s nodes and :%s relationships in %.1f s (nodes %.1f s, relationships %.1f s): "
                + "%.0f relationships/s overall, %.0f relationships/s for the relationships alone%n", target.label(),
            target.relationshipType(), outcome.writeSeconds(), times.nodeSeconds(), times.relationshipSeconds(),
            outcome.relationshipsPerSecond(), graph.relationshipCount() / times.relationshipSeconds());
        return outcome;
    }
}

package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graphsha.config.ConfigReader;
import org.graphsha.tools.console.ProgressDisplay;
import org.graphsha.tools.generate.Flags;
import org.graphsha.tools.generate.GeneratedGraph;
import org.graphsha.tools.generate.GeneratorSettings;
import org.graphsha.tools.generate.GraphGenerator;
import org.graphsha.tools.generate.GraphStatistics;
import org.graphsha.tools.importer.BulkImport;
import org.graphsha.store.DatasetImport;
import org.graphsha.tools.importer.GeneratedGraphWriter;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * {@code ./graphsha generate}: an arXiv-sized synthetic graph (see {@link GraphGenerator}) written
 * straight into the embedded database, in the shape {@code graphsha.dataset.load} writes. Two write
 * paths: {@code bulk} (default) builds the whole default database with Neo4j's offline importer;
 * {@code transactional} adds the graph under its label to whatever the database holds, through
 * large core-API transactions: at full size ~9x slower in wall time and ~5x more CPU per relationship
 * (docs/benchmarks/scale.md).
 */
final class GenerateCommand implements Main.Command {

    static final String USAGE = "generate [--nodes 169343] [--edges 1166243] [--features 128] [--classes 40]"
        + " [--imbalance-ratio 775] [--homophily 0.65] [--degree-exponent 2.5] [--feature-signal 0.15]"
        + " [--train-fraction 0.537] [--val-fraction 0.176] [--seed 42] [--label Paper] [--relationship-type CITES]"
        + " [--write-mode bulk|transactional] [--batch-size 100000] [--replace false]";

    enum WriteMode { BULK, TRANSACTIONAL }

    /** Where the graph goes and how it is written; shared with {@code bench-scale}. */
    record Target(String label, String relationshipType, WriteMode mode, int batchSize, boolean replace) {
        static final String FLAGS = "--label, --relationship-type, --write-mode, --batch-size, --replace";

        static Target parse(Flags flags) {
            String mode = flags.string("write-mode", "bulk");
            return new Target(
                ConfigReader.identifier("--label", flags.string("label", "Paper")),
                ConfigReader.identifier("--relationship-type", flags.string("relationship-type", "CITES")),
                switch (mode) {
                    case "bulk" -> WriteMode.BULK;
                    case "transactional" -> WriteMode.TRANSACTIONAL;
                    default -> throw new IllegalArgumentException("invalid value `" + mode
                        + "` for --write-mode: expected bulk or transactional");
                },
                flags.intInRange("batch-size", 100_000, 1, 10_000_000),
                flags.bool("replace", false));
        }
    }

    /**
     * Sampling and write times of a generated graph. The write's CPU seconds (all threads of the
     * process) tell what it costs on a machine shared with other work, where wall time mostly
     * measures the neighbours.
     */
    record Outcome(GeneratedGraph graph, double generateSeconds, double writeSeconds, double writeCpuSeconds) {
        double relationshipsPerSecond() {
            return graph.relationshipCount() / writeSeconds;
        }
    }

    static double processCpuSeconds() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean bean ? bean.getProcessCpuTime() / 1e9 : Double.NaN;
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
        if (target.mode() == WriteMode.BULK) {
            bulk(options.home(), settings, target, out);
            try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
                out.println("database holds " + count(neo4j.db(), target));
            }
        } else {
            try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
                transactional(neo4j.db(), settings, target, out);
            }
        }
        return 0;
    }

    /** Whether the home already has a default database (the bulk path replaces it as a whole). */
    static boolean databaseExists(Path home) {
        return Files.isDirectory(BulkImport.layout(home).databaseDirectory());
    }

    /** Generates and imports a new default database; the database must not be running. */
    static Outcome bulk(Path home, GeneratorSettings settings, Target target, PrintStream out) throws Exception {
        if (databaseExists(home)) {
            if (!target.replace()) {
                throw new Main.UsageException("the home " + home + " already has a database; --write-mode bulk "
                    + "builds a new one: pass --replace true to delete it, or --write-mode transactional to add the "
                    + "graph under its label");
            }
            BulkImport.deleteDatabase(home);
        }
        long sampling = System.nanoTime();
        GeneratedGraph graph = sample(settings, out);
        double samplingSeconds = (System.nanoTime() - sampling) / 1e9;
        ProgressDisplay writing = ProgressDisplay.forStandardOutput(System.err);
        long start = System.nanoTime();
        double cpu = processCpuSeconds();
        BulkImport.write(home, graph, target.label(), target.relationshipType(), f -> writing.update("import", f));
        writing.finish();
        Outcome outcome = new Outcome(graph, samplingSeconds, (System.nanoTime() - start) / 1e9, processCpuSeconds() - cpu);
        out.printf(Locale.ROOT, "bulk import of :%s nodes and :%s relationships in %.1f s (%.1f CPU s): "
            + "%.0f relationships/s (nodes included in the time)%n", target.label(), target.relationshipType(),
            outcome.writeSeconds(), outcome.writeCpuSeconds(), outcome.relationshipsPerSecond());
        return outcome;
    }

    /** Generates and adds the graph under its label through transactions, into a running database. */
    static Outcome transactional(GraphDatabaseService db, GeneratorSettings settings, Target target, PrintStream out) {
        DatasetImport existing = new DatasetImport(db, target.label(), target.relationshipType());
        if (existing.countExisting() > 0) {
            if (!target.replace()) {
                throw new Main.UsageException("label " + target.label() + " already has nodes; pass --replace true "
                    + "to delete them first, or choose another --label");
            }
            existing.deleteExisting();
        }
        long sampling = System.nanoTime();
        GeneratedGraph graph = sample(settings, out);
        double samplingSeconds = (System.nanoTime() - sampling) / 1e9;
        ProgressDisplay writing = ProgressDisplay.forStandardOutput(System.err);
        double cpu = processCpuSeconds();
        var times = new GeneratedGraphWriter(db, target.label(), target.relationshipType(), target.batchSize())
            .write(graph, f -> writing.update("write", f));
        writing.finish();
        Outcome outcome = new Outcome(graph, samplingSeconds, times.nodeSeconds() + times.relationshipSeconds(),
            processCpuSeconds() - cpu);
        out.printf(Locale.ROOT, "written as :%s nodes and :%s relationships in %.1f s (%.1f CPU s; nodes %.1f s, "
                + "relationships %.1f s): %.0f relationships/s overall, %.0f relationships/s for the relationships alone%n",
            target.label(), target.relationshipType(), outcome.writeSeconds(), outcome.writeCpuSeconds(), times.nodeSeconds(), times.relationshipSeconds(),
            outcome.relationshipsPerSecond(), graph.relationshipCount() / times.relationshipSeconds());
        return outcome;
    }

    private static GeneratedGraph sample(GeneratorSettings settings, PrintStream out) {
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
        return graph;
    }

    static String count(GraphDatabaseService db, Target target) {
        Map<String, Object> row = db.executeTransactionally("MATCH (n:`" + target.label() + "`) WITH count(n) AS nodes "
            + "MATCH ()-[r:`" + target.relationshipType() + "`]->() RETURN nodes, count(r) AS relationships", Map.of(),
            r -> r.next());
        return row.get("nodes") + " :" + target.label() + " nodes and " + row.get("relationships") + " :"
            + target.relationshipType() + " relationships";
    }
}

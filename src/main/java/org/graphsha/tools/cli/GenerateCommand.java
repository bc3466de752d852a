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
import org.graphsha.tools.importer.BulkImport;
import org.graphsha.store.load.DatasetImport;
import org.graphsha.tools.importer.GeneratedGraphWriter;
import org.graphsha.tools.importer.GraphRecords;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * {@code ./graphsha generate}: a synthetic graph written straight into the embedded database, either
 * arXiv-sized (see {@link GraphGenerator}, in the shape {@code graphsha.dataset.load} writes) or, with
 * {@code --shape user}, the user-shaped (fraud-like) graph of {@link GraphShape#USER}. Two write paths: {@code bulk} (default) builds the whole default database with Neo4j's offline importer;
 * {@code transactional} adds the graph under its label to whatever the database holds, through
 * large core-API transactions: at full size ~9x slower in wall time and ~5x more CPU per relationship
 * (docs/benchmarks/scale.md).
 */
final class GenerateCommand implements Main.Command {

    static final String USAGE = "generate [--shape arxiv|user]"
        + " [arxiv: --preset arxiv|products] [--nodes 169343] [--edges 1166243] [--features 128] [--classes 40]"
        + " [--imbalance-ratio 775] [--homophily 0.65] [--degree-exponent 2.5] [--feature-signal 0.15]"
        + " [--train-fraction 0.537] [--val-fraction 0.176] [--seed 42]"
        + " [user: --user-nodes 5000] [--user-classes 4] [--user-class-ratio 50] [--user-rarest-labels 10]"
        + " [--user-homophily 0.7] [--user-degree 8] [--user-features 16] [--user-signal 0.5] [--user-seed 7]"
        + " [--label Paper|Account] [--relationship-type CITES|TRANSFERS]"
        + " [--write-mode bulk|transactional (user: transactional)] [--batch-size 100000] [--replace false]";

    enum WriteMode { BULK, TRANSACTIONAL }

    /** Where the graph goes and how it is written; shared with {@code bench-scale}. */
    record Target(String label, String relationshipType, WriteMode mode, int batchSize, boolean replace) {
        static final String FLAGS = "--label, --relationship-type, --write-mode, --batch-size, --replace";

        /** With the arXiv shape's defaults. */
        static Target parse(Flags flags) {
            return parse(flags, GraphShape.ARXIV);
        }

        static Target parse(Flags flags, GraphShape shape) {
            String mode = flags.string("write-mode", shape.writeMode.name().toLowerCase(Locale.ROOT));
            return new Target(
                ConfigReader.identifier("--label", flags.string("label", shape.label)),
                ConfigReader.identifier("--relationship-type", flags.string("relationship-type", shape.relationshipType)),
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
        GraphShape.Sampler sampler;
        Target target;
        try {
            Flags flags = new Flags(args);
            GraphShape shape = GraphShape.parse(flags);
            sampler = shape.read(flags);
            target = Target.parse(flags, shape);
            flags.finish("--shape, " + shape.settingsFlags + ", " + Target.FLAGS);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage() + "\nusage: ./graphsha " + USAGE);
        }
        if (target.mode() == WriteMode.BULK) {
            bulk(options.home(), sampler, target, out);
            try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
                out.println("database holds " + count(neo4j.db(), target));
            }
        } else {
            try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
                transactional(neo4j.db(), sampler, target, out);
            }
        }
        return 0;
    }

    /** Whether the home already has a default database (the bulk path replaces it as a whole). */
    static boolean databaseExists(Path home) {
        return Files.isDirectory(BulkImport.layout(home).databaseDirectory());
    }

    /** Generates the arXiv-shaped graph and imports it as a new default database; it must not be running. */
    static Outcome bulk(Path home, GeneratorSettings settings, Target target, PrintStream out) throws Exception {
        return bulk(home, GraphShape.arxiv(settings), target, out);
    }

    /** Generates and imports a new default database; the database must not be running. */
    static Outcome bulk(Path home, GraphShape.Sampler sampler, Target target, PrintStream out) throws Exception {
        if (databaseExists(home)) {
            if (!target.replace()) {
                throw new Main.UsageException("the home " + home + " already has a database; --write-mode bulk "
                    + "builds a new one: pass --replace true to delete it, or --write-mode transactional to add the "
                    + "graph under its label");
            }
            BulkImport.deleteDatabase(home);
        }
        long sampling = System.nanoTime();
        GraphRecords records = sampler.sample(out);
        GeneratedGraph graph = records.graph();
        double samplingSeconds = (System.nanoTime() - sampling) / 1e9;
        ProgressDisplay writing = ProgressDisplay.forStandardOutput(System.err);
        long start = System.nanoTime();
        double cpu = processCpuSeconds();
        BulkImport.write(home, records, target.label(), target.relationshipType(), f -> writing.update("import", f));
        writing.finish();
        Outcome outcome = new Outcome(graph, samplingSeconds, (System.nanoTime() - start) / 1e9, processCpuSeconds() - cpu);
        out.printf(Locale.ROOT, "bulk import of :%s nodes and :%s relationships in %.1f s (%.1f CPU s): "
            + "%.0f relationships/s (nodes included in the time)%n", target.label(), target.relationshipType(),
            outcome.writeSeconds(), outcome.writeCpuSeconds(), outcome.relationshipsPerSecond());
        return outcome;
    }

    /** Generates the arXiv-shaped graph and adds it under its label through transactions, into a running database. */
    static Outcome transactional(GraphDatabaseService db, GeneratorSettings settings, Target target, PrintStream out) {
        return transactional(db, GraphShape.arxiv(settings), target, out);
    }

    /** Generates and adds the graph under its label through transactions, into a running database. */
    static Outcome transactional(GraphDatabaseService db, GraphShape.Sampler sampler, Target target, PrintStream out) {
        DatasetImport existing = new DatasetImport(db, target.label(), target.relationshipType());
        if (existing.countExisting() > 0) {
            if (!target.replace()) {
                throw new Main.UsageException("label " + target.label() + " already has nodes; pass --replace true "
                    + "to delete them first, or choose another --label");
            }
            existing.deleteExisting();
        }
        long sampling = System.nanoTime();
        GraphRecords records = sampler.sample(out);
        GeneratedGraph graph = records.graph();
        double samplingSeconds = (System.nanoTime() - sampling) / 1e9;
        ProgressDisplay writing = ProgressDisplay.forStandardOutput(System.err);
        double cpu = processCpuSeconds();
        var times = new GeneratedGraphWriter(db, target.label(), target.relationshipType(), target.batchSize())
            .write(records, f -> writing.update("write", f));
        writing.finish();
        Outcome outcome = new Outcome(graph, samplingSeconds, times.nodeSeconds() + times.relationshipSeconds(),
            processCpuSeconds() - cpu);
        out.printf(Locale.ROOT, "written as :%s nodes and :%s relationships in %.1f s (%.1f CPU s; nodes %.1f s, "
                + "relationships %.1f s): %.0f relationships/s overall, %.0f relationships/s for the relationships alone%n",
            target.label(), target.relationshipType(), outcome.writeSeconds(), outcome.writeCpuSeconds(), times.nodeSeconds(), times.relationshipSeconds(),
            outcome.relationshipsPerSecond(), graph.relationshipCount() / times.relationshipSeconds());
        return outcome;
    }

    static String count(GraphDatabaseService db, Target target) {
        Map<String, Object> row = db.executeTransactionally("MATCH (n:`" + target.label() + "`) WITH count(n) AS nodes "
            + "MATCH ()-[r:`" + target.relationshipType() + "`]->() RETURN nodes, count(r) AS relationships", Map.of(),
            r -> r.next());
        return row.get("nodes") + " :" + target.label() + " nodes and " + row.get("relationships") + " :"
            + target.relationshipType() + " relationships";
    }
}

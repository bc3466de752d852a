package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Entry point of {@code ./graphsha}: global options, then one subcommand. */
public final class Main {

    /** A subcommand gets its own arguments and the shared options; it returns the exit status. */
    interface Command {
        int run(List<String> args, Options options, PrintStream out) throws Exception;
    }

    record Options(Path home) {}

    record Entry(String summary, Command command) {}

    static final Map<String, Entry> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("demo", new Entry("Cora-LT end to end through Cypher: load, split, project, train a plain GCN "
            + "and GraphSHA, compare them, write predictions, analyst queries; --epochs N trains N epochs instead of "
            + "the default 900", new DemoCommand()));
        COMMANDS.put("cypher", new Entry("run Cypher: cypher 'QUERY' or cypher -f FILE.cypher [FILE ...] (';'-separated); "
            + "--memory prints each statement's peak RSS and heap",
            new CypherCommand()));
        COMMANDS.put("serve", new Entry("serve the database over Bolt on 127.0.0.1 [--bolt-port 7687] until interrupted",
            new ServeCommand()));
        COMMANDS.put("bench", new Entry("benchmark the learning core on a dataset file set: bench --dataset cora "
            + "--setting lt --backbone gcn --method graphsha --runs 10 (no database involved); paper tables: bench --table "
            + "lt|step, bench --rho-sweep 5,10,20,50,100 (docs/benchmarks/paper-tables.md)",
            (args, options, out) -> org.graphsha.tools.bench.BenchCommand.run(args.toArray(String[]::new), out)));
        COMMANDS.put("generate", new Entry("write an arXiv-sized synthetic graph (power-law degrees, homophily, "
            + "long-tailed classes, class-correlated features, time split), or with --shape user a fraud-shaped one "
            + "(string classes on a few labeled nodes, no split), into the database: " + GenerateCommand.USAGE,
            new GenerateCommand()));
        COMMANDS.put("bench-scale", new Entry("the whole pipeline at ogbn-arXiv size through Cypher (generate or "
            + "reuse, project, GraphSHA and plain GCN, predict.write) with time, memory and metrics: "
            + BenchScaleCommand.USAGE, new BenchScaleCommand()));
        COMMANDS.put("bench-live", new Entry("latency of graphsha.predict.nodes (single nodes, hubs, neighbour caps) "
            + "and batches against project + predict.stream, on Cora or the generated graph: " + BenchLiveCommand.USAGE,
            new BenchLiveCommand()));
        COMMANDS.put("bench-writes", new Entry("graphsha.predict.write batched and atomic on the graph in the "
            + "database (project, train a small model unless it exists, write twice) with time, heap and transaction "
            + "heap: " + BenchWritesCommand.USAGE, new BenchWritesCommand()));
        COMMANDS.put("estimate", new Entry("graphsha.train's memory estimate for a graph of a given size, before it "
            + "exists, against 24, 64 and 256 GiB: " + org.graphsha.tools.bench.EstimateCommand.USAGE.substring(7),
            (args, options, out) -> org.graphsha.tools.bench.EstimateCommand.run(args.toArray(String[]::new), out)));
        COMMANDS.put("help", new Entry("list the commands", (args, options, out) -> help(out)));
    }

    private Main() {}

    public static void main(String[] argv) {
        int status = execute(argv, System.out, System.err);
        System.out.flush();
        System.err.flush();
        // Neo4j and DJL leave non-daemon threads behind; the command is over, so end the JVM now.
        Runtime.getRuntime().halt(status);
    }

    /** Runs a command line and maps failures to exit statuses: 2 for usage errors, 1 for anything else. */
    static int execute(String[] argv, PrintStream out, PrintStream err) {
        try {
            return run(argv, out);
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (Exception e) {
            err.println("error: " + CypherRunner.describe(e));
            return 1;
        }
    }

    static int run(String[] argv, PrintStream out) throws Exception {
        List<String> args = new ArrayList<>(Arrays.asList(argv));
        Path root = Path.of(System.getProperty("graphsha.root", "."));
        Path home = root.resolve("data").resolve("graphsha");
        int homeFlag = args.indexOf("--home");
        if (homeFlag >= 0) {
            if (homeFlag + 1 >= args.size()) {
                throw new UsageException("--home needs a directory");
            }
            home = Path.of(args.get(homeFlag + 1));
            args.subList(homeFlag, homeFlag + 2).clear();
        }
        String name = args.isEmpty() ? "help" : args.remove(0);
        Entry entry = COMMANDS.get(name);
        if (entry == null) {
            throw new UsageException("unknown command `" + name + "`; run ./graphsha help for the list");
        }
        return entry.command().run(args, new Options(home), out);
    }

    private static int help(PrintStream out) {
        out.println("usage: ./graphsha [--home DIR] COMMAND [ARGS]");
        out.println("  DIR defaults to ./data/graphsha (the embedded Neo4j's home); DIR/conf/neo4j.conf, when present, sets its settings");
        out.println();
        COMMANDS.forEach((name, entry) -> out.printf("  %-11s %s%n", name, entry.summary()));
        return 0;
    }

    /** Wrong command-line usage: reported without a stack trace, exit status 2. */
    static final class UsageException extends IllegalArgumentException {
        UsageException(String message) {
            super(message);
        }
    }
}

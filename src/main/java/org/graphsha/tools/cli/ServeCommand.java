package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** {@code ./graphsha serve [--bolt-port 7687]}: Bolt on 127.0.0.1 until the process is interrupted. */
final class ServeCommand implements Main.Command {

    static final int DEFAULT_BOLT_PORT = 7687;

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        int port = port(args);
        EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
        out.println("Neo4j with GDS and graphsha serves bolt://127.0.0.1:" + port + " (no authentication).");
        out.println("Home " + options.home().toAbsolutePath() + ", import directory " + neo4j.importDirectory());
        out.println("Press Ctrl-C to stop.");
        out.flush();
        stopped.await();
        return 0;
    }

    private static int port(List<String> args) {
        if (args.isEmpty()) {
            return DEFAULT_BOLT_PORT;
        }
        if (args.size() == 2 && args.get(0).equals("--bolt-port")) {
            try {
                int port = Integer.parseInt(args.get(1));
                if (port > 0 && port < 65536) {
                    return port;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new Main.UsageException("--bolt-port must be a port number in 1..65535, but was `" + args.get(1) + "`");
        }
        throw new Main.UsageException("usage: ./graphsha serve [--bolt-port 7687]");
    }
}

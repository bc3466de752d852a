package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code ./graphsha cypher 'QUERY'} or {@code ./graphsha cypher -f FILE.cypher}. */
final class CypherCommand implements Main.Command {

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        List<String> statements = statements(args);
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
            CypherRunner runner = new CypherRunner(neo4j.db(), out);
            for (String statement : statements) {
                runner.run(statement);
            }
        }
        return 0;
    }

    private static List<String> statements(List<String> args) throws java.io.IOException {
        if (args.size() >= 2 && args.get(0).equals("-f")) {
            List<String> statements = new ArrayList<>();
            for (String name : args.subList(1, args.size())) {
                Path file = Path.of(name);
                if (!Files.isRegularFile(file)) {
                    throw new Main.UsageException("no such file: " + file);
                }
                statements.addAll(CypherRunner.statements(Files.readString(file)));
            }
            return statements;
        }
        if (args.size() == 1 && !args.get(0).startsWith("-")) {
            return CypherRunner.statements(args.get(0));
        }
        throw new Main.UsageException("usage: ./graphsha cypher 'QUERY' | ./graphsha cypher -f FILE.cypher [FILE.cypher ...]");
    }
}

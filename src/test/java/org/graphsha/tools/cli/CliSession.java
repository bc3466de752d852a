package org.graphsha.tools.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Runs {@code ./graphsha} commands in-process against one home directory, as the launcher script does,
 * and keeps what the last command printed so a test can assert on exactly that command's output.
 */
final class CliSession {

    private final Path home;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    CliSession(Path home) {
        this.home = home;
    }

    int run(String... args) {
        out.reset();
        err.reset();
        String[] argv = new String[args.length + 2];
        argv[0] = "--home";
        argv[1] = home.toString();
        System.arraycopy(args, 0, argv, 2, args.length);
        return Main.execute(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}

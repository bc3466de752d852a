package org.graphsha.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Logging;
import org.neo4j.driver.exceptions.ServiceUnavailableException;
import org.neo4j.driver.exceptions.SessionExpiredException;

/**
 * A Neo4j community server installed and run the way its own launcher does it, for
 * {@code RealServerTest}: a home folder with {@code lib/} (Neo4j's jars only, resolved from
 * {@code src/test/neo4j-server/pom.xml}), {@code plugins/} (GDS and this build's plugins/ jars) and
 * {@code conf/neo4j.conf}; the initial password set as {@code neo4j-admin} sets it; the
 * server started as a separate JVM running {@code org.neo4j.server.CommunityEntryPoint} with the
 * classpath {@code plugins/*:conf/*:lib/*}, the JVM options of the conf and {@code --home-dir} /
 * {@code --config-dir}, as Neo4j's bootloader builds that command line.
 */
public final class RealNeo4jServer implements AutoCloseable {

    /**
     * The optional line of docs/install.md: without it GDS's first projection after a start waits about 90 s here
     * while JOL attaches the Serviceability Agent from a child JVM.
     */
    private static final String SKIP_JOL_ATTACH = "-Djol.skipHotspotSAAttach=true";

    /** The JVM options of the neo4j.conf that Neo4j 5's tarball ships. */
    private static final List<String> DISTRIBUTION_JVM_OPTIONS = List.of(
        "-XX:+UseG1GC", "-XX:-OmitStackTraceInFastThrow", "-XX:+AlwaysPreTouch",
        "-XX:+UnlockExperimentalVMOptions", "-XX:+TrustFinalNonStaticFields", "-XX:+DisableExplicitGC",
        "-Djdk.nio.maxCachedBufferSize=1024", "-Dio.netty.tryReflectionSetAccessible=true",
        "-Djdk.tls.ephemeralDHKeySize=2048", "-Djdk.tls.rejectClientInitiatedRenegotiation=true",
        "-XX:FlightRecorderOptions=stackdepth=256", "-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
        "-Dlog4j2.disable.jmx=true", "-Dlog4j.layout.jsonTemplate.maxStringLength=32768");
    private static final String HEAP_INITIAL = "512m";
    private static final String HEAP_MAX = "2g";

    private final Path root;
    private final Path home;
    private final int boltPort;
    private final String password;
    private final List<String> javaOptions;
    private Process process;
    private int starts;
    private boolean shutdownHook;

    private RealNeo4jServer(Path root, int boltPort, String password, List<String> javaOptions) {
        this.root = root;
        this.home = root.resolve("home");
        this.boltPort = boltPort;
        this.password = password;
        this.javaOptions = javaOptions;
    }

    /**
     * Lays out a fresh server home under {@code root} (emptied first, apart from the cached lib
     * resolution): lib/, plugins/ and conf/neo4j.conf with {@code settings} after the fixed ones.
     *
     * @param pluginJars the jars for plugins/ (linked, or copied where links are impossible)
     */
    public static RealNeo4jServer install(Path root, List<Path> pluginJars, Map<String, String> settings,
                                          String password) throws IOException, InterruptedException {
        root = root.toAbsolutePath().normalize();
        Files.createDirectories(root);
        deleteRecursively(root.resolve("home"));
        Path home = Files.createDirectories(root.resolve("home"));
        Path lib = Files.createDirectories(home.resolve("lib"));
        for (Path jar : neo4jLib(root)) {
            link(jar, lib.resolve(jar.getFileName()));
        }
        Path plugins = Files.createDirectories(home.resolve("plugins"));
        for (Path jar : pluginJars) {
            link(jar, plugins.resolve(jar.getFileName()));
        }
        int port = freePort();
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("server.default_listen_address", "127.0.0.1");
        conf.put("server.bolt.listen_address", "127.0.0.1:" + port);
        conf.put("server.http.enabled", "false");
        conf.put("server.https.enabled", "false");
        conf.put("dbms.security.auth_enabled", "true");
        conf.put("dbms.usage_report.enabled", "false");
        conf.put("server.memory.heap.initial_size", HEAP_INITIAL);
        conf.put("server.memory.heap.max_size", HEAP_MAX);
        conf.put("server.memory.pagecache.size", "128m");
        // Netty's graceful shutdown of Bolt's two event loop groups waits a quiet period of 5 s each by default:
        // 10 s of every stop of a server that has no client left.
        conf.put("internal.dbms.bolt.netty_server_shutdown_quiet_period", "0");
        conf.putAll(settings);
        List<String> lines = new ArrayList<>();
        conf.forEach((key, value) -> lines.add(key + "=" + value));
        DISTRIBUTION_JVM_OPTIONS.forEach(option -> lines.add("server.jvm.additional=" + option));
        lines.add("server.jvm.additional=" + SKIP_JOL_ATTACH);
        Files.write(Files.createDirectories(home.resolve("conf")).resolve("neo4j.conf"), lines, StandardCharsets.UTF_8);

        List<String> javaOptions = new ArrayList<>(DISTRIBUTION_JVM_OPTIONS);
        javaOptions.add(SKIP_JOL_ATTACH);
        javaOptions.add("-Dfile.encoding=UTF-8");
        javaOptions.add("-Xms" + HEAP_INITIAL);
        javaOptions.add("-Xmx" + HEAP_MAX);
        // The test's own choice, not install.md's: the server lives a minute, and C2's compiles cost more CPU
        // than they save (RealServerTest's user CPU 86 s -> 67 s), CPU the suite's other fork is waiting for.
        javaOptions.add("-XX:TieredStopAtLevel=1");
        RealNeo4jServer server = new RealNeo4jServer(root, port, password, javaOptions);
        server.setInitialPassword();
        return server;
    }

    public Path home() {
        return home;
    }

    public String boltUri() {
        return "bolt://127.0.0.1:" + boltPort;
    }

    public Driver driver() {
        return driver(password);
    }

    public Driver driver(String password) {
        return GraphDatabase.driver(boltUri(), AuthTokens.basic("neo4j", password),
            Config.builder().withoutEncryption().withLogging(Logging.none())
                .withConnectionTimeout(10, TimeUnit.SECONDS).build());
    }

    /**
     * {@code neo4j-admin dbms set-initial-password}: the script's launcher runs {@code AdminTool} in a
     * JVM with the server's classpath and NEO4J_HOME / NEO4J_CONF set; this runs that JVM directly.
     */
    private void setInitialPassword() throws IOException, InterruptedException {
        Path log = root.resolve("set-initial-password.log");
        ProcessBuilder builder = new ProcessBuilder(java(), "-XX:TieredStopAtLevel=1", "-cp", classpath(), "org.neo4j.cli.AdminTool",
            "dbms", "set-initial-password", password)
            .directory(home.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("NEO4J_HOME", home.toString());
        builder.environment().put("NEO4J_CONF", home.resolve("conf").toString());
        Process admin = builder.start();
        try {
            if (!admin.waitFor(3, TimeUnit.MINUTES) || admin.exitValue() != 0) {
                throw new IllegalStateException("neo4j-admin dbms set-initial-password failed:\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
            }
        } finally {
            killTree(admin);
        }
    }

    /** Starts the server and waits until Bolt accepts the password. */
    public void start(Duration timeout) throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("already running");
        }
        starts++;
        List<String> command = new ArrayList<>(List.of(java(), "-cp", classpath()));
        command.addAll(javaOptions);
        command.addAll(List.of("org.neo4j.server.CommunityEntryPoint", "--home-dir=" + home,
            "--config-dir=" + home.resolve("conf")));
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
            .redirectOutput(consoleLog(starts).toFile());
        builder.environment().put("DJL_OFFLINE", "true");
        builder.environment().put("OPT_OUT_TRACKING", "true");
        process = builder.start();
        if (!shutdownHook) {
            // Ends the server with the test JVM too, should that exit before close().
            Runtime.getRuntime().addShutdownHook(new Thread(this::close, "stop-real-neo4j-server"));
            shutdownHook = true;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Driver driver = driver()) {
            while (true) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the server exited with " + process.exitValue() + ":\n"
                        + tail(consoleLog(starts)) + "\n" + tail(home.resolve("logs").resolve("neo4j.log")));
                }
                try {
                    driver.verifyConnectivity();
                    return;
                } catch (ServiceUnavailableException | SessionExpiredException notYet) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the server did not open Bolt within " + timeout + ":\n"
                            + tail(consoleLog(starts)) + "\n" + tail(home.resolve("logs").resolve("neo4j.log")));
                    }
                    Thread.sleep(500);
                }
            }
        }
    }

    /** Stops the server as {@code neo4j stop} does (SIGTERM, then waits); kills it if it hangs. */
    public void stop(Duration timeout) throws InterruptedException {
        if (process == null) {
            return;
        }
        process.destroy();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            killTree(process);
            throw new IllegalStateException("the server did not stop within " + timeout + "; killed");
        }
        process = null;
    }

    /** Kills the server, whatever its state. Never throws. */
    @Override
    public synchronized void close() {
        if (process != null) {
            killTree(process);
            process = null;
        }
    }

    /** debug.log, neo4j.log and each start's console output (stdout and stderr). */
    public List<Path> logFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        Path logs = home.resolve("logs");
        for (String name : List.of("debug.log", "neo4j.log")) {
            if (Files.exists(logs.resolve(name))) {
                files.add(logs.resolve(name));
            }
        }
        for (int i = 1; i <= starts; i++) {
            if (Files.exists(consoleLog(i))) {
                files.add(consoleLog(i));
            }
        }
        return files;
    }

    /** As Neo4j's bootloader builds it: plugins/*, conf/*, lib/*. */
    private String classpath() {
        return String.join(File.pathSeparator, home.resolve("plugins") + File.separator + "*",
            home.resolve("conf") + File.separator + "*", home.resolve("lib") + File.separator + "*");
    }

    private Path consoleLog(int start) {
        return root.resolve("console-" + start + ".log");
    }

    /**
     * The jars of lib/: the runtime closure of {@code org.neo4j:neo4j} at the version on the test
     * classpath, resolved by Maven from {@code src/test/neo4j-server/pom.xml} into the same local
     * repository, once (cached in {@code root}).
     */
    static List<Path> neo4jLib(Path root) throws IOException, InterruptedException {
        return resolved(root, "neo4j-server", Map.of("neo4j.version", versionOf(org.neo4j.server.CommunityEntryPoint.class)));
    }

    /** {@code <version>} of a class's jar, from its place in the local repository: .../<artifact>/<version>/x.jar. */
    private static String versionOf(Class<?> type) {
        return jarOf(type).getParent().getFileName().toString();
    }

    private static Path jarOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The runtime closure of the pom in {@code src/test/<name>/pom.xml} with these properties, resolved by Maven
     * into the same local repository, once (cached in {@code root}).
     */
    private static List<Path> resolved(Path root, String name, Map<String, String> properties)
        throws IOException, InterruptedException {
        Files.createDirectories(root);
        // <local repository>/org/neo4j/neo4j/<version>/neo4j-<version>.jar
        Path repository = jarOf(org.neo4j.server.CommunityEntryPoint.class).getParent().getParent().getParent()
            .getParent().getParent();
        Path pom = Path.of("src", "test", name, "pom.xml").toAbsolutePath();
        Path cache = root.resolve(name + "-" + String.join("-", new java.util.TreeMap<>(properties).values())
            + ".classpath");
        if (!Files.exists(cache) || Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(pom)) < 0) {
            Path resolved = root.resolve(name + ".classpath.tmp");
            Files.deleteIfExists(resolved);
            List<String> command = new ArrayList<>(List.of(Path.of("mvnw").toAbsolutePath().toString(), "-B", "-q",
                "-f", pom.toString(), "-Dmaven.repo.local=" + repository));
            properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
            command.addAll(List.of("dependency:build-classpath", "-Dmdep.outputFile=" + resolved));
            // Offline first (everything is usually in the local repository already), then online.
            Path log = root.resolve("resolve-" + name + ".log");
            if (!maven(log, append(command, "-o")) && !maven(log, command)) {
                throw new IllegalStateException("could not resolve the jars of " + pom + "; see " + log);
            }
            Files.move(resolved, cache, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return classpathFile(cache);
    }

    private static boolean maven(Path log, List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        // A few seconds of resolving: C1 alone halves its CPU (7.8 s -> 3.5 s of user time here).
        builder.environment().put("MAVEN_OPTS", "-XX:TieredStopAtLevel=1");
        Process maven = builder.start();
        try {
            return maven.waitFor(10, TimeUnit.MINUTES) && maven.exitValue() == 0;
        } finally {
            killTree(maven);
        }
    }

    private static List<String> append(List<String> list, String item) {
        List<String> copy = new ArrayList<>(list);
        copy.add(1, item);
        return copy;
    }

    private static void link(Path target, Path link) throws IOException {
        try {
            Files.createLink(link, target);
        } catch (IOException | UnsupportedOperationException notPossible) {
            Files.copy(target, link);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        Files.walkFileTree(folder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * GDS as a server's plugins directory holds it. Maven Central has GDS only as module jars (the
     * single {@code neo4j-graph-data-science} jar is a shaded build of them that is published
     * elsewhere), so this is the closure of GDS's modules as graphsha's pom declares them
     * ({@code src/test/gds-plugin/pom.xml}) less Neo4j's lib/ and graphsha's own runtime jars: the
     * {@code org.neo4j.gds} modules plus the libraries the shaded jar bundles (hppc, agrona, ejml, ...).
     */
    public static List<Path> gdsJars(Path root) throws IOException, InterruptedException {
        java.util.Set<Path> neo4j = new java.util.HashSet<>();
        for (Path jar : neo4jLib(root.toAbsolutePath().normalize())) {
            neo4j.add(artifactFolder(jar));
        }
        java.util.Set<Path> bundled = new java.util.HashSet<>();
        for (Path jar : classpathFile(Path.of("target", "launcher-runtime.classpath"))) {
            bundled.add(artifactFolder(jar));
        }
        List<Path> gds = new ArrayList<>();
        Map<String, String> versions = Map.of("neo4j.version", versionOf(org.neo4j.server.CommunityEntryPoint.class),
            "gds.version", versionOf(org.neo4j.gds.compat.GdsVersionInfoProvider.class));
        for (Path jar : resolved(root.toAbsolutePath().normalize(), "gds-plugin", versions)) {
            Path artifact = artifactFolder(jar);
            if (!neo4j.contains(artifact) && !bundled.contains(artifact)) {
                gds.add(jar);
            }
        }
        return gds;
    }

    /** {@code <repository>/<group path>/<artifact>} of a jar in the local repository: the artifact, any version. */
    private static Path artifactFolder(Path jar) {
        return jar.toAbsolutePath().normalize().getParent().getParent();
    }

    private static List<Path> classpathFile(Path file) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (String entry : Files.readString(file, StandardCharsets.UTF_8).strip().split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                jars.add(Path.of(entry));
            }
        }
        return jars;
    }

    /** The release archive this build wrote ({@code target/*-neo4j-plugin.zip}, built in the process-classes phase). */
    public static Path releaseArchive() throws IOException {
        List<Path> archives;
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            archives = files.filter(p -> p.getFileName().toString().endsWith("-neo4j-plugin.zip")).toList();
        }
        if (archives.size() != 1) {
            throw new IllegalStateException("expected one release archive *-neo4j-plugin.zip in target/, found "
                + archives + "; it is built in the process-classes phase");
        }
        return archives.get(0);
    }

    /**
     * The archive's {@code <top>/plugins/} jars, each checked against the file of that name in {@code folder}: same
     * size and CRC-32, so a server given {@code folder}'s jars runs exactly what the archive installs, without
     * unpacking its 230 MB. Fails on a jar that only one of them holds.
     */
    public static List<Path> archivedPluginsAsIn(Path archive, Path folder) throws IOException {
        List<String> archived = new ArrayList<>();
        try (ZipFile zip = new ZipFile(archive.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                String[] parts = entry.getName().split("/");
                if (entry.isDirectory() || parts.length != 3 || !parts[1].equals("plugins")
                    || !parts[2].endsWith(".jar")) {
                    continue;
                }
                Path file = folder.resolve(parts[2]);
                if (!Files.isRegularFile(file) || Files.size(file) != entry.getSize() || crc(file) != entry.getCrc()) {
                    throw new IllegalStateException("the release archive's " + entry.getName() + " differs from "
                        + file + " (or it is missing there)");
                }
                archived.add(parts[2]);
            }
        }
        List<Path> jars = jarsIn(folder);
        List<String> names = jars.stream().map(p -> p.getFileName().toString()).toList();
        if (!names.equals(archived.stream().sorted().toList())) {
            throw new IllegalStateException("the release archive holds the jars " + archived + ", " + folder
                + " holds " + names);
        }
        return jars;
    }

    /** A file of the archive's top folder, e.g. its README.md. */
    public static String archivedText(Path archive, String name) throws IOException {
        try (ZipFile zip = new ZipFile(archive.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                String[] parts = entry.getName().split("/");
                if (parts.length == 2 && parts[1].equals(name)) {
                    return new String(zip.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        throw new IllegalStateException("the release archive " + archive + " has no " + name + " in its top folder");
    }

    private static long crc(Path file) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buffer = new byte[1 << 20];
        try (var in = Files.newInputStream(file)) {
            for (int read; (read = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, read);
            }
        }
        return crc.getValue();
    }

    public static List<Path> jarsIn(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

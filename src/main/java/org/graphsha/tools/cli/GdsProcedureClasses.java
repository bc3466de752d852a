package org.graphsha.tools.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Finds the GDS classes that declare procedures or functions, for runtimes that register procedures
 * explicitly (the embedded CLI and the test harness). A server finds them itself in its plugins
 * directory. Class files are searched for the annotation names before loading, which keeps the
 * scan to about a second instead of loading every GDS class.
 */
public final class GdsProcedureClasses {

    private static final String GDS_JAR_MARKER = "/org/neo4j/gds/";
    private static final List<byte[]> ANNOTATIONS = List.of(
        bytes("Lorg/neo4j/procedure/Procedure;"),
        bytes("Lorg/neo4j/procedure/UserFunction;"),
        bytes("Lorg/neo4j/procedure/UserAggregationFunction;"));

    private static List<Class<?>> cached;

    private GdsProcedureClasses() {}

    public static synchronized List<Class<?>> find() {
        if (cached == null) {
            cached = Collections.unmodifiableList(scan());
        }
        return cached;
    }

    private static List<Class<?>> scan() {
        ClassLoader loader = GdsProcedureClasses.class.getClassLoader();
        List<Class<?>> found = new ArrayList<>();
        try {
            for (URL manifest : Collections.list(loader.getResources("META-INF/MANIFEST.MF"))) {
                if (manifest.getProtocol().equals("jar") && manifest.getPath().contains(GDS_JAR_MARKER)) {
                    JarURLConnection connection = (JarURLConnection) manifest.openConnection();
                    connection.setUseCaches(false);
                    try (JarFile jar = connection.getJarFile()) {
                        scanJar(jar, loader, found);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot scan the GDS jars for procedures", e);
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no GDS procedures found on the classpath; is the GDS library present?");
        }
        return found;
    }

    private static void scanJar(JarFile jar, ClassLoader loader, List<Class<?>> found) throws IOException {
        for (JarEntry entry : Collections.list(jar.entries())) {
            String name = entry.getName();
            if (!name.endsWith(".class") || name.contains("$")) {
                continue;
            }
            try (InputStream in = jar.getInputStream(entry)) {
                byte[] code = in.readAllBytes();
                if (ANNOTATIONS.stream().anyMatch(a -> contains(code, a))) {
                    found.add(Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, loader));
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // A class whose optional dependencies are absent cannot serve procedures here; skip it.
            }
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}

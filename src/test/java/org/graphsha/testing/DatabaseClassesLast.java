package org.graphsha.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;

import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * Runs the test classes that use the shared harness after the others, keeping the order among each group. The
 * harness starts in the background from the first class on ({@link HarnessWarmUp}), so the classes that need no
 * database run while it starts instead of after it. A class counts as a harness user when its class file names
 * {@link TestNeo4j}; the order only decides how long the run takes, never what a test sees.
 */
public final class DatabaseClassesLast implements ClassOrderer {

    private static final byte[] HARNESS =
        TestNeo4j.class.getName().replace('.', '/').getBytes(StandardCharsets.US_ASCII);

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparing((ClassDescriptor d) -> usesHarness(d.getTestClass())));
    }

    private static boolean usesHarness(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
            return in != null && contains(in.readAllBytes(), HARNESS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}

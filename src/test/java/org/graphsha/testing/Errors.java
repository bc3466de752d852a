package org.graphsha.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/** Asserts that a query fails with a message naming the problem and leaves the database as it was. */
public final class Errors {

    private Errors() {}

    public static String assertFailsUnchanged(String query, String... expectedFragments) {
        List<Object> before = TestNeo4j.counts();
        Throwable error = assertThrows(RuntimeException.class, () -> TestNeo4j.rows(query));
        String message = rootMessage(error);
        for (String fragment : expectedFragments) {
            assertTrue(message.contains(fragment), () -> "expected `" + fragment + "` in: " + message);
        }
        assertEquals(before, TestNeo4j.counts(), "the failed call changed the database");
        return message;
    }

    public static String rootMessage(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}

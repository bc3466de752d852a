package org.graphsha.testing;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the shared Neo4j harness in the background when the first test class of a full run starts, so that
 * its start overlaps the classes that need no database (run first: {@link DatabaseClassesLast}) instead of
 * stalling the first class that does.
 * Registered for every class through extension auto-detection; it acts only when the system property
 * {@code graphsha.harness.warmUp} is true, which the build sets for runs without {@code -Dtest}: a run of a
 * few chosen classes may need no database at all.
 */
public final class HarnessWarmUp implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        if (Boolean.getBoolean("graphsha.harness.warmUp")) {
            TestNeo4j.startInBackground();
        }
    }
}

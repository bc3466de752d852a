package org.graphsha.pipeline;

import org.graphsha.nn.Engines;

/** Prints what the engine check finds in this JVM, as a child JVM with its own DJL settings sees it. */
public final class EngineStatusProbe {

    private EngineStatusProbe() {}

    public static void main(String[] args) {
        Engines.Status status = Engines.status();
        System.out.println("loaded=" + status.loaded());
        System.out.println("error=" + status.error());
    }
}

package org.graphsha.gds;

import org.graphsha.numeric.Durations;
import org.neo4j.gds.core.utils.progress.tasks.LeafTask;
import org.neo4j.gds.core.utils.progress.tasks.Progress;
import org.neo4j.gds.core.utils.progress.tasks.Status;

/**
 * A stage whose name, while it runs, ends with the time it has left at its rate so far: {@code gds.listProgress}
 * yields a task's name and elapsed time but no remaining time, so this is where a user watching a long training
 * sees it ("training (about 3 min 10 s left)").
 */
final class TimedStage extends LeafTask {

    private volatile long startedNanos;
    private volatile boolean ending;

    TimedStage(String name, long volume) {
        super(name, volume);
    }

    /** The stage's name without its remaining time. */
    String name() {
        return super.description();
    }

    @Override
    public void start() {
        super.start();
        startedNanos = System.nanoTime();
    }

    /** From here on the name is plain again: GDS logs a stage's end with its name before it marks it finished. */
    void ending() {
        ending = true;
    }

    @Override
    public String description() {
        if (ending || status() != Status.RUNNING) {
            return name();
        }
        Progress progress = getProgress();
        long done = progress.progress();
        long volume = progress.volume();
        if (done <= 0 || volume <= done) {
            return name();
        }
        double elapsed = (System.nanoTime() - startedNanos) / 1e9;
        return name() + GdsProgress.REMAINING_TIME + Durations.human(elapsed * (volume - done) / done) + " left)";
    }

    /** A stage's name without its remaining time. */
    static String plainName(String description) {
        int suffix = description.indexOf(GdsProgress.REMAINING_TIME);
        return suffix < 0 ? description : description.substring(0, suffix);
    }
}

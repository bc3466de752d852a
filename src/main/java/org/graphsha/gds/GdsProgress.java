package org.graphsha.gds;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.neo4j.gds.core.concurrency.Concurrency;
import org.neo4j.gds.core.utils.progress.JobId;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.gds.core.utils.progress.tasks.ProgressTracker;
import org.neo4j.gds.core.utils.progress.tasks.Status;
import org.neo4j.gds.core.utils.progress.tasks.Task;
import org.neo4j.gds.core.utils.progress.tasks.TaskProgressTracker;
import org.neo4j.gds.core.utils.progress.tasks.TaskTreeProgressTracker;
import org.neo4j.gds.core.utils.progress.tasks.Tasks;
import org.neo4j.gds.core.utils.warnings.EmptyUserLogRegistryFactory;
import org.neo4j.gds.logging.LogAdapter;
import org.neo4j.logging.Log;

/**
 * A job in GDS's task framework, so that {@code gds.listProgress} and the Neo4j log show how far a
 * long call has got. Stages run in the order they were declared, each with a known volume; a running stage's
 * name ends with its remaining time ({@link TimedStage}).
 */
public final class GdsProgress {

    public record Stage(String name, long volume) {}

    /** Where a running stage's remaining time starts in its name, for readers that show their own. */
    public static final String REMAINING_TIME = " (about ";

    private final ProgressTracker tracker;
    private final Map<String, TimedStage> stages;

    private GdsProgress(ProgressTracker tracker, Map<String, TimedStage> stages) {
        this.tracker = tracker;
        this.stages = stages;
    }

    /**
     * @param jobId       the user's jobId, or null for a fresh one
     * @param logProgress whether progress goes to the Neo4j log (one line per ten percent); the job shows in
     *                    {@code gds.listProgress} either way, as GDS's {@code logProgress: false} does
     */
    public static GdsProgress start(TaskRegistryFactory registry, Log log, int concurrency, String jobId,
                                    boolean logProgress, String job, List<Stage> stages) {
        Map<String, TimedStage> leaves = new LinkedHashMap<>();
        for (Stage stage : stages) {
            leaves.put(stage.name(), new TimedStage(stage.name(), stage.volume()));
        }
        Task root = Tasks.task(job, List.copyOf(leaves.values()));
        JobId id = jobId == null ? new JobId() : new JobId(jobId);
        ProgressTracker tracker = logProgress
            ? new TaskProgressTracker(root, new TenPercentLog(new LogAdapter(log)), new Concurrency(concurrency), id,
                registry, EmptyUserLogRegistryFactory.INSTANCE)
            : new TaskTreeProgressTracker(root, new LogAdapter(log), new Concurrency(concurrency), id, registry,
                EmptyUserLogRegistryFactory.INSTANCE);
        tracker.beginSubTask(job);
        return new GdsProgress(tracker, leaves);
    }

    public void beginStage(String name) {
        tracker.beginSubTask(name);
    }

    /** Sets the running stage's volume, for a stage whose size is known only once it begins. */
    public void volume(long volume) {
        tracker.setVolume(volume);
    }

    public void progress(long steps) {
        tracker.logProgress(steps);
    }

    public void info(String message) {
        tracker.logInfo(message);
    }

    public void endStage(String name) {
        // The running stage's name carries its remaining time, so GDS's own check of the name cannot be used.
        TimedStage stage = stages.get(name);
        if (stage == null || stage.status() != Status.RUNNING) {
            throw new IllegalStateException("the stage `" + name + "` is not running");
        }
        stage.ending();
        tracker.endSubTask();
    }

    public void finish(String job) {
        tracker.endSubTask(job);
        tracker.release();
    }

    /** Marks the running stage and the job as failed and removes the job from the task registry. */
    public void fail() {
        tracker.endSubTaskWithFailure();
        tracker.release();
    }
}

package org.graphsha.gds;

import java.util.ArrayList;
import java.util.List;

import org.neo4j.gds.core.concurrency.Concurrency;
import org.neo4j.gds.core.utils.progress.JobId;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.gds.core.utils.progress.tasks.ProgressTracker;
import org.neo4j.gds.core.utils.progress.tasks.Task;
import org.neo4j.gds.core.utils.progress.tasks.TaskProgressTracker;
import org.neo4j.gds.core.utils.progress.tasks.TaskTreeProgressTracker;
import org.neo4j.gds.core.utils.progress.tasks.Tasks;
import org.neo4j.gds.core.utils.warnings.EmptyUserLogRegistryFactory;
import org.neo4j.gds.logging.LogAdapter;
import org.neo4j.logging.Log;

/**
 * A job in GDS's task framework, so that {@code gds.listProgress} and the Neo4j log show how far a
 * long call has got. Stages run in the order they were declared, each with a known volume.
 */
public final class GdsProgress {

    public record Stage(String name, long volume) {}

    private final ProgressTracker tracker;

    private GdsProgress(ProgressTracker tracker) {
        this.tracker = tracker;
    }

    /**
     * @param jobId       the user's jobId, or null for a fresh one
     * @param logProgress whether progress goes to the Neo4j log (one line per ten percent); the job shows in
     *                    {@code gds.listProgress} either way, as GDS's {@code logProgress: false} does
     */
    public static GdsProgress start(TaskRegistryFactory registry, Log log, int concurrency, String jobId,
                                    boolean logProgress, String job, List<Stage> stages) {
        List<Task> leaves = new ArrayList<>();
        for (Stage stage : stages) {
            leaves.add(Tasks.leaf(stage.name(), stage.volume()));
        }
        Task root = Tasks.task(job, leaves);
        JobId id = jobId == null ? new JobId() : new JobId(jobId);
        ProgressTracker tracker = logProgress
            ? new TaskProgressTracker(root, new TenPercentLog(new LogAdapter(log)), new Concurrency(concurrency), id,
                registry, EmptyUserLogRegistryFactory.INSTANCE)
            : new TaskTreeProgressTracker(root, new LogAdapter(log), new Concurrency(concurrency), id, registry,
                EmptyUserLogRegistryFactory.INSTANCE);
        tracker.beginSubTask(job);
        return new GdsProgress(tracker);
    }

    public void beginStage(String name) {
        tracker.beginSubTask(name);
    }

    public void progress(long steps) {
        tracker.logProgress(steps);
    }

    public void info(String message) {
        tracker.logInfo(message);
    }

    public void endStage(String name) {
        tracker.endSubTask(name);
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

package org.graphsha.tools.cli;

import java.util.Map;

import org.graphsha.gds.GdsProgress;
import org.graphsha.tools.console.ProgressDisplay;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * While a statement runs, polls {@code gds.listProgress} once a second and shows the running graphsha
 * job (diffusion, training epochs) on a progress display. Procedures run inside the database; this is
 * how the CLI sees how far they are.
 */
final class JobWatcher implements AutoCloseable {

    /**
     * The running stage of the first graphsha job. The job's own progress weighs its stages by their
     * volumes, which are in different units (source columns for the diffusion, one step per epoch
     * for training), so it reads ~100 % for the whole training; the innermost running task is what
     * tells how far the long part has got. The display shows its own time left, so the stage's is cut off.
     */
    private static final String QUERY = "CALL gds.listProgress() YIELD jobId, taskName "
        + "WHERE taskName STARTS WITH 'graphsha' WITH jobId, taskName AS job LIMIT 1 "
        + "CALL gds.listProgress(jobId) YIELD taskName, progress, status WHERE status = 'RUNNING' "
        + "RETURN job + ' ' + trim(replace(replace(split(taskName, '" + GdsProgress.REMAINING_TIME + "')[0], '|--', ''), "
        + "'|', '')) AS taskName, progress";

    private final Thread thread;
    private final ProgressDisplay display;
    private volatile boolean running = true;

    JobWatcher(GraphDatabaseService db, ProgressDisplay display) {
        this.display = display;
        this.thread = new Thread(() -> poll(db), "graphsha-progress");
        thread.setDaemon(true);
        thread.start();
    }

    private void poll(GraphDatabaseService db) {
        while (running) {
            try {
                Thread.sleep(1000);
                Map<String, Object> job = db.executeTransactionally(QUERY, Map.of(), r -> {
                    Map<String, Object> innermost = null;
                    while (r.hasNext()) {
                        innermost = r.next(); // the job first, then its running stages, innermost last
                    }
                    return innermost;
                });
                if (job != null && running) {
                    display.update(String.valueOf(job.get("taskName")), percent(String.valueOf(job.get("progress"))));
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // Progress is a convenience: a failed poll (e.g. during shutdown) must not disturb the statement.
            }
        }
    }

    static double percent(String progress) {
        try {
            return Double.parseDouble(progress.replace("%", "").strip()) / 100;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        display.finish();
    }
}

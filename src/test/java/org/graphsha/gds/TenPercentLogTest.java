package org.graphsha.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.neo4j.gds.core.concurrency.Concurrency;
import org.neo4j.gds.core.utils.progress.JobId;
import org.neo4j.gds.core.utils.progress.TaskRegistryFactory;
import org.neo4j.gds.core.utils.progress.tasks.TaskProgressTracker;
import org.neo4j.gds.core.utils.progress.tasks.Tasks;
import org.neo4j.gds.core.utils.warnings.EmptyUserLogRegistryFactory;
import org.neo4j.gds.logging.Log;

/** GDS's tracker writes a line per percent; through this log a 900-step task leaves at most eleven. */
class TenPercentLogTest {

    @Test
    void passesOneProgressLinePerTenPercentAndEveryOtherLine() {
        List<String> lines = new ArrayList<>();
        Log collecting = new Log() {
            @Override public void info(String message) { lines.add(message); }
            @Override public void info(String format, Object... arguments) { lines.add(String.format(format, arguments)); }
            @Override public void warn(String message, Exception e) { lines.add(message); }
            @Override public void warn(String format, Object... arguments) { lines.add(String.format(format, arguments)); }
            @Override public boolean isDebugEnabled() { return false; }
            @Override public void debug(String format, Object... arguments) { }
            @Override public void error(String message, Throwable t) { lines.add(message); }
            @Override public void error(String format, Object... arguments) { lines.add(String.format(format, arguments)); }
            @Override public void error(String format, Throwable t, Object... arguments) { lines.add(format); }
        };
        var task = Tasks.task("job", Tasks.leaf("diffusion", 50), Tasks.leaf("training", 900));
        var tracker = new TaskProgressTracker(task, new TenPercentLog(collecting), new Concurrency(1), new JobId("j"),
            TaskRegistryFactory.empty(), EmptyUserLogRegistryFactory.INSTANCE);
        tracker.beginSubTask("job");
        tracker.beginSubTask("diffusion");
        tracker.logProgress(50);
        tracker.endSubTask("diffusion");
        tracker.beginSubTask("training");
        for (int epoch = 0; epoch < 900; epoch++) {
            tracker.logProgress(1);
        }
        tracker.logInfo("epoch 900/900: done");
        tracker.endSubTask("training");
        tracker.endSubTask("job");
        List<Integer> tenths = lines.stream().filter(l -> l.matches(".* training \\d+%$"))
            .map(l -> Integer.parseInt(l.replaceAll(".* (\\d+)%$", "$1")) / 10).toList();
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), tenths, String.join("\n", lines));
        assertEquals(1, lines.stream().filter(l -> l.endsWith("epoch 900/900: done")).count(), String.join("\n", lines));
        assertEquals(1, lines.stream().filter(l -> l.endsWith("job :: diffusion 100%")).count(), String.join("\n", lines));
    }
}

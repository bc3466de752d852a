package org.graphsha.gds;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.neo4j.gds.logging.Log;

/**
 * GDS's progress logger writes a line for every percent; a 900-epoch training would put about 150
 * of them into neo4j.log. This log passes one progress line per ten percent, and every other line.
 */
final class TenPercentLog implements Log {

    /** GDS's progress lines: "[job] [thread] task NN%". */
    private static final Pattern PERCENT_ONLY = Pattern.compile("(\\d+)%");

    private final Log delegate;
    private final Map<String, Integer> lastTenth = new HashMap<>();

    TenPercentLog(Log delegate) {
        this.delegate = delegate;
    }

    @Override
    public void info(String message) {
        delegate.info(message);
    }

    @Override
    public void info(String format, Object... arguments) {
        if (arguments.length > 0 && arguments[arguments.length - 1] instanceof String last) {
            Matcher percent = PERCENT_ONLY.matcher(last);
            // A running stage's name carries its remaining time, which changes from line to line.
            String task = arguments.length > 1 ? TimedStage.plainName(String.valueOf(arguments[arguments.length - 2]))
                : "";
            if (percent.matches() && !firstOfItsTenth(task, Integer.parseInt(percent.group(1)))) {
                return;
            }
        }
        delegate.info(format, arguments);
    }

    /** GDS logs in batches, so a percentage may be skipped: the first line past each tenth of a task passes. */
    private synchronized boolean firstOfItsTenth(String task, int percent) {
        if (percent / 10 <= lastTenth.getOrDefault(task, 0)) {
            return false;
        }
        lastTenth.put(task, percent / 10);
        return true;
    }

    @Override
    public void warn(String message, Exception e) {
        delegate.warn(message, e);
    }

    @Override
    public void warn(String format, Object... arguments) {
        delegate.warn(format, arguments);
    }

    @Override
    public boolean isDebugEnabled() {
        return delegate.isDebugEnabled();
    }

    @Override
    public void debug(String format, Object... arguments) {
        delegate.debug(format, arguments);
    }

    @Override
    public void error(String message, Throwable t) {
        delegate.error(message, t);
    }

    @Override
    public void error(String format, Object... arguments) {
        delegate.error(format, arguments);
    }

    @Override
    public void error(String format, Throwable t, Object... arguments) {
        delegate.error(format, t, arguments);
    }
}

package org.graphsha.config;

import java.util.Map;
import java.util.Optional;

/**
 * The keys every long-running graphsha call accepts, as GDS's procedures do: {@code jobId} names the
 * job in {@code gds.listProgress}, {@code logProgress} turns its lines in the Neo4j log on or off,
 * {@code writeConcurrency} is the number of writer threads where a call writes, and {@code sudo}
 * waives the memory check where a call has one (calls without one accept it and document that).
 */
public record JobOptions(Optional<String> jobId, boolean logProgress, int writeConcurrency, boolean sudo) {

    static final Key<Optional<String>> JOB_ID = Key.optionalString("jobId", Key.Part.CALL, "");
    static final Key<Boolean> LOG_PROGRESS = Key.bool("logProgress", Key.Part.CALL, true);
    /** Its default is the call's concurrency where it has one. */
    static final Key<Integer> WRITE_CONCURRENCY = Key.integer("writeConcurrency", Key.Part.CALL, 1, 1, 1024, "`1`");
    static final Key<Boolean> SUDO = Key.bool("sudo", Key.Part.CALL, false);

    /** Reads the four keys; the effective configuration gets the ones that were given or have defaults. */
    public static JobOptions read(ConfigReader r, Map<String, Object> effective, int defaultWriteConcurrency) {
        Optional<String> jobId = JOB_ID.read(r);
        jobId.ifPresent(j -> effective.put(JOB_ID.name(), j));
        boolean logProgress = LOG_PROGRESS.put(r, effective);
        int writeConcurrency = WRITE_CONCURRENCY.put(r, defaultWriteConcurrency, effective);
        boolean sudo = SUDO.put(r, effective);
        return new JobOptions(jobId, logProgress, writeConcurrency, sudo);
    }

    public String jobIdOrNull() {
        return jobId.orElse(null);
    }
}

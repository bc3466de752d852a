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

    /** Reads the four keys; the effective configuration gets the ones that were given or have defaults. */
    public static JobOptions read(ConfigReader r, Map<String, Object> effective, int defaultWriteConcurrency) {
        Optional<String> jobId = r.optionalString("jobId");
        jobId.ifPresent(j -> effective.put("jobId", j));
        boolean logProgress = r.bool("logProgress", true);
        int writeConcurrency = r.intInRange("writeConcurrency", defaultWriteConcurrency, 1, 1024);
        boolean sudo = r.bool("sudo", false);
        effective.put("logProgress", logProgress);
        effective.put("writeConcurrency", (long) writeConcurrency);
        effective.put("sudo", sudo);
        return new JobOptions(jobId, logProgress, writeConcurrency, sudo);
    }

    public String jobIdOrNull() {
        return jobId.orElse(null);
    }
}

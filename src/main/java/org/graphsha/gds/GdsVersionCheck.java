package org.graphsha.gds;

/**
 * Whether the GDS on this server is the one graphsha was tested with. graphsha reads projections through GDS's
 * internal API, which changes between GDS minor versions: against another minor version the first call would fail
 * with an unexplained {@code NoSuchMethodError} or {@code NoClassDefFoundError}. A call that needs GDS checks first
 * and refuses with a message instead; a different patch version of the same minor version is allowed with a warning.
 * Nothing is cached: each call reads the version again (a field of an already loaded class).
 *
 * @param outcome what the call does
 * @param message the reason, naming both versions and what to do; empty when the versions are the same
 */
public record GdsVersionCheck(Outcome outcome, String message) {

    public enum Outcome { SAME, WARN, REFUSE }

    /** GDS's own record of its version, read reflectively: its place may change with the versions this guards. */
    private static final String VERSION_PROVIDER = "org.neo4j.gds.compat.GdsVersionInfoProvider";

    /** The GDS version on the class path, or {@code "unknown"} when GDS does not say it where this version does. */
    public static String found() {
        try {
            Class<?> provider = Class.forName(VERSION_PROVIDER);
            Object info = provider.getField("GDS_VERSION_INFO").get(null);
            return String.valueOf(info.getClass().getMethod("gdsVersion").invoke(info));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return "unknown";
        }
    }

    /** The check of this server's GDS against {@code tested}. */
    public static GdsVersionCheck ofServer(String tested) {
        return of(found(), tested);
    }

    /**
     * Compares two versions such as {@code 2.13.9}: the same string is {@link Outcome#SAME}; the same major and minor
     * numbers (a patch release, which keeps GDS's API) or a version that cannot be read {@link Outcome#WARN}; other
     * major or minor numbers {@link Outcome#REFUSE}.
     */
    public static GdsVersionCheck of(String found, String tested) {
        if (found.equals(tested)) {
            return new GdsVersionCheck(Outcome.SAME, "");
        }
        int[] f = majorMinor(found);
        int[] t = majorMinor(tested);
        String versions = "graphsha was tested with GDS " + tested + ", and this server runs GDS " + found;
        if (f == null || t == null) {
            return new GdsVersionCheck(Outcome.WARN, versions + " (a version graphsha cannot compare); if a call fails "
                + "with NoSuchMethodError or NoClassDefFoundError, install GDS " + tested + " (docs/install.md). "
                + "graphsha.debug.sysInfo() shows both versions.");
        }
        if (f[0] == t[0] && f[1] == t[1]) {
            return new GdsVersionCheck(Outcome.WARN, versions + ", a patch release of the same minor version, which "
                + "keeps the API graphsha uses. It should work; GDS " + tested + " is the version the tests ran "
                + "against (docs/install.md). graphsha.debug.sysInfo() shows both versions.");
        }
        return new GdsVersionCheck(Outcome.REFUSE, versions + ". graphsha reads graphs through GDS's internal API, "
            + "which changes between minor versions, so this call would fail on a missing method or class. Install "
            + "GDS " + tested + " in the plugins directory in place of GDS " + found + " and restart Neo4j "
            + "(docs/install.md), or use a graphsha release built for GDS " + found + ". graphsha.debug.sysInfo() "
            + "shows both versions.");
    }

    /** Throws the refusal, for a call that cannot run on this GDS. */
    public void requireUsable() {
        if (outcome == Outcome.REFUSE) {
            throw new IllegalStateException(message);
        }
    }

    /** Major and minor of {@code 2.13.9}, {@code 2.13.9-alpha01} or {@code 2.13}; null for anything else. */
    static int[] majorMinor(String version) {
        String[] parts = version.split("[.\\-+]");
        if (parts.length < 2) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

package org.graphsha.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.graphsha.method.RunConfig;

/**
 * One run a call of {@code graphsha.train} may train: the call's own, or one entry of {@code candidateMethods}.
 *
 * @param name       how progress, the bench and {@code modelCandidates} show it: the method, then its own keys if any
 * @param parameters the method and its own keys, as {@code modelSelectionStats} reports them ({@code bestParameters})
 * @param run        the method and how its model trains
 * @param effective  the configuration of a call that named this method and these keys alone, defaults filled in: what
 *                   the model keeps when this run is chosen
 */
public record NamedRun(String name, Map<String, Object> parameters, RunConfig run, Map<String, Object> effective) {

    public NamedRun {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }
}

package org.graphsha.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of {@code candidateMethods}: a method, possibly with keys of its own, and the configuration it trains with.
 *
 * @param name       how progress, the bench and {@code modelCandidates} show it: the method, then its own keys if any
 * @param parameters the method and its own keys, as {@code modelSelectionStats} reports them ({@code bestParameters})
 * @param config     the configuration of a call that named this method and these keys instead of the candidates
 */
public record CandidateConfig(String name, Map<String, Object> parameters, TrainConfig config) {

    public CandidateConfig {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }
}

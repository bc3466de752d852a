package org.graphsha.method.selection;

import java.util.HashSet;
import java.util.List;

import org.graphsha.method.Method;

/**
 * The {@code candidateMethods} and {@code validationFolds} keys of {@code graphsha.train}: the methods
 * that cross-validation chooses among, in the user's order (the order breaks ties), and the number of
 * folds. {@link #OFF} when the call names a single {@code method}.
 */
public record MethodCandidates(List<Method> methods, int folds) {

    public static final int DEFAULT_FOLDS = 3;

    public static final MethodCandidates OFF = new MethodCandidates(List.of(), 0);

    public MethodCandidates {
        methods = List.copyOf(methods);
        if (!methods.isEmpty()) {
            if (methods.size() < 2) {
                throw new IllegalArgumentException("cross-validation needs at least 2 candidate methods, but got "
                    + methods);
            }
            if (new HashSet<>(methods).size() != methods.size()) {
                throw new IllegalArgumentException("candidate methods must be distinct, but got " + methods);
            }
            if (folds < 2) {
                throw new IllegalArgumentException("cross-validation needs at least 2 folds, but got " + folds);
            }
        }
    }

    /** Whether the call chooses its method by cross-validation. */
    public boolean enabled() {
        return !methods.isEmpty();
    }
}

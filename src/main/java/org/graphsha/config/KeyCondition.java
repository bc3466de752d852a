package org.graphsha.config;

import java.util.function.BiPredicate;
import java.util.function.Predicate;

import org.graphsha.method.Method;

/**
 * What a key's value must fit beyond its own range or choices, declared with the key ({@link Key#onlyWith},
 * {@link Key#against}) and checked by {@link TrainKeys} for every key alike. Each refusal names the key, its value,
 * what it conflicts with and how to fix the call.
 *
 * @param <T> the key's value type
 */
sealed interface KeyCondition<T> {

    /**
     * A value that only some methods can take: when the call gives the key and {@code inUse} holds, a method that
     * does not {@code take} it is refused. A key the call leaves out keeps its default, which every method takes.
     *
     * @param neededMethod the method the key belongs to, for "needs method ..."; null for a key that every method
     *                     but a few takes, which reads "does not combine with method ..."
     * @param why          why the method cannot take it, or null
     */
    record OnlyWith<T>(Predicate<? super T> inUse, Predicate<Method> takes, String neededMethod, String why)
        implements KeyCondition<T> {

        void check(String key, T value, Method method) {
            if (!inUse.test(value) || takes.test(method)) {
                return;
            }
            String methodName = ConfigReader.choiceName(method);
            String shown = key + ": " + (value instanceof Enum<?> e ? "'" + ConfigReader.choiceName(e) + "'" : value);
            String reason = why == null ? "" : ", " + why;
            throw new IllegalArgumentException(neededMethod == null
                ? shown + " does not combine with method '" + methodName + "'" + reason + "; choose another method or "
                    + "leave " + key + " out"
                : shown + " needs method '" + neededMethod + "'" + reason + ", but method is '" + methodName
                    + "'; leave " + key + " out for other methods");
        }
    }

    /**
     * A value that must stand in a relation to another key's value (heads must divide hiddenSize).
     *
     * @param must the relation as the refusal says it: "it must {@code must} other (its value)"
     */
    record Against<T, U>(Key<U> other, BiPredicate<? super T, ? super U> holds, String must)
        implements KeyCondition<T> {

        void check(String key, T value, ConfigReader r) {
            U otherValue = other.read(r);
            if (!holds.test(value, otherValue)) {
                throw new IllegalArgumentException("Invalid value " + value + " for configuration key `" + key
                    + "`: it must " + must + " " + other.name() + " (" + otherValue + ")");
            }
        }
    }
}

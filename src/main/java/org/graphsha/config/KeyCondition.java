package org.graphsha.config;

import java.util.function.BiPredicate;
import java.util.function.Predicate;

import org.graphsha.method.Method;
import org.graphsha.training.augment.EpochAugmentation;

/**
 * What a key's value must fit beyond its own range or choices, declared with the key ({@link Key#onlyWith},
 * {@link Key#augmentation}, {@link Key#against}) and checked by {@link TrainKeys} for every key alike. Each
 * refusal names the key, its value, what it conflicts with and how to fix the call.
 *
 * @param <T> the key's value type
 */
sealed interface KeyCondition<T> {

    /**
     * A value that only one method can take: when the call gives the key and {@code inUse} holds, another method is
     * refused.
     *
     * @param neededMethod the method the key belongs to, for "needs method ..."
     * @param why          why only that method can take it, or null
     */
    record OnlyWith<T>(Predicate<? super T> inUse, Predicate<Method> takes, String neededMethod, String why)
        implements KeyCondition<T> {

        void check(String key, T value, Method method) {
            if (!inUse.test(value) || takes.test(method)) {
                return;
            }
            String reason = why == null ? "" : ", " + why;
            throw new IllegalArgumentException(shown(key, value) + " needs method '" + neededMethod + "'" + reason
                + ", but method is '" + ConfigReader.choiceName(method) + "'; leave " + key + " out for other methods");
        }
    }

    /**
     * A value that turns on a per-epoch augmentation ({@link EpochAugmentation}): when the call gives the key and
     * {@code inUse} holds, a method whose step does not take {@code kind} ({@link Method#augmentations}) is refused,
     * in the same words for every augmentation, with the method's reason.
     */
    record Augmentation<T>(Predicate<? super T> inUse, Class<? extends EpochAugmentation> kind)
        implements KeyCondition<T> {

        void check(String key, T value, Method method) {
            if (!inUse.test(value) || method.takes(kind)) {
                return;
            }
            throw new IllegalArgumentException(shown(key, value) + " does not combine with method '"
                + ConfigReader.choiceName(method) + "', " + method.whyItTakesNoAugmentation() + "; choose another method "
                + "or leave " + key + " out");
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

    /** "key: 1.0" or "key: 'choice'", as the call wrote it. */
    private static String shown(String key, Object value) {
        return key + ": " + (value instanceof Enum<?> e ? "'" + ConfigReader.choiceName(e) + "'"
            : value instanceof double[] numbers ? java.util.Arrays.toString(numbers) : value);
    }
}

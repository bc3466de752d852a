package org.graphsha.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

import org.graphsha.method.Method;
import org.graphsha.training.augment.EpochAugmentation;

/**
 * One configuration key, declared once: its name, which part of a call it belongs to, whether a candidate of
 * {@code candidateMethods} may set it, its default as the procedure's documentation shows it, and how it is read
 * and checked, alone and against the method or other keys ({@link KeyCondition}). Reading puts the value into the
 * effective configuration in the form Cypher yields (64-bit numbers, choices by their user-facing name).
 *
 * @param <T> the value's type
 */
public final class Key<T> {

    /**
     * The call's keys (graph, input, job, ensemble, and the diffusion and schedule every candidate shares) against
     * a run's (method, backbone, trainer, synthesis).
     */
    public enum Part { CALL, RUN }

    /** Reads the key's value, or the default when the key is absent; throws with the key, value and what fits. */
    @FunctionalInterface
    interface Reader<T> {
        T read(ConfigReader reader, String key, T defaultValue);
    }

    private final String name;
    private final Part part;
    private final boolean perCandidate;
    private final String documentedDefault;
    private final T defaultValue;
    private final Reader<T> reader;
    private final List<KeyCondition<T>> conditions;

    private Key(String name, Part part, boolean perCandidate, String documentedDefault, T defaultValue,
                Reader<T> reader) {
        this(name, part, perCandidate, documentedDefault, defaultValue, reader, List.of());
    }

    private Key(String name, Part part, boolean perCandidate, String documentedDefault, T defaultValue,
                Reader<T> reader, List<KeyCondition<T>> conditions) {
        if (perCandidate && part != Part.RUN) {
            throw new IllegalArgumentException("only a run's keys may be set per candidate, but `" + name
                + "` is the call's");
        }
        this.name = name;
        this.part = part;
        this.perCandidate = perCandidate;
        this.documentedDefault = documentedDefault;
        this.defaultValue = defaultValue;
        this.reader = reader;
        this.conditions = List.copyOf(conditions);
    }

    public String name() {
        return name;
    }

    public Part part() {
        return part;
    }

    /** Whether an entry of {@code candidateMethods} may set this key for itself. */
    public boolean perCandidate() {
        return perCandidate;
    }

    /** The default column of the key table in docs/procedures.md, as Markdown. */
    public String documentedDefault() {
        return documentedDefault;
    }

    /** The same key, settable by each candidate of {@code candidateMethods}. */
    Key<T> perCandidate(boolean settable) {
        return new Key<>(name, part, settable, documentedDefault, defaultValue, reader, conditions);
    }

    /**
     * The same key, refused when given with a value {@code inUse} and a method that does not {@code take} it.
     *
     * @param neededMethod the method the key belongs to
     * @param why          why only that method can take it, or null
     */
    Key<T> onlyWith(Predicate<? super T> inUse, Predicate<Method> takes, String neededMethod, String why) {
        return with(new KeyCondition.OnlyWith<>(inUse, takes, neededMethod, why));
    }

    /**
     * The same key, turning on the per-epoch augmentation {@code kind} when its value is {@code inUse}: refused with
     * a method whose step does not take it ({@link Method#augmentations}).
     */
    Key<T> augmentation(Predicate<? super T> inUse, Class<? extends EpochAugmentation> kind) {
        return with(new KeyCondition.Augmentation<>(inUse, kind));
    }

    /**
     * The same key, refused unless {@code holds} for its value and {@code other}'s ("it must {@code must} ...").
     * {@code other} is read with its declared default, so it must be a key whose default depends on no other.
     */
    <U> Key<T> against(Key<U> other, BiPredicate<? super T, ? super U> holds, String must) {
        return with(new KeyCondition.Against<>(other, holds, must));
    }

    private Key<T> with(KeyCondition<T> condition) {
        List<KeyCondition<T>> more = new ArrayList<>(conditions);
        more.add(condition);
        return new Key<>(name, part, perCandidate, documentedDefault, defaultValue, reader, more);
    }

    /**
     * Refuses the key's value, if the call gives one, when the method cannot take it. A key left out keeps a default
     * every method takes (some defaults depend on the method), so only a given value is checked.
     */
    void checkMethod(ConfigReader r, Method method) {
        if (r.raw(name) == null) {
            return;
        }
        for (KeyCondition<T> condition : conditions) {
            if (condition instanceof KeyCondition.OnlyWith<T> onlyWith) {
                onlyWith.check(name, read(r), method);
            } else if (condition instanceof KeyCondition.Augmentation<T> augmentation) {
                augmentation.check(name, read(r), method);
            }
        }
    }

    /** Refuses the key's value, given or default, when it does not fit the other keys it is declared against. */
    void checkOtherKeys(ConfigReader r) {
        for (KeyCondition<T> condition : conditions) {
            if (condition instanceof KeyCondition.Against<T, ?> against) {
                against.check(name, read(r), r);
            }
        }
    }

    /** The value, or the declared default. */
    T read(ConfigReader r) {
        return reader.read(r, name, defaultValue);
    }

    /** The value, or a default that depends on other keys (the method, the backbone, the concurrency). */
    T read(ConfigReader r, T dependentDefault) {
        return reader.read(r, name, dependentDefault);
    }

    /** {@link #read(ConfigReader)}, kept in the effective configuration. */
    T put(ConfigReader r, Map<String, Object> effective) {
        return keep(read(r), effective);
    }

    /** {@link #read(ConfigReader, Object)}, kept in the effective configuration. */
    T put(ConfigReader r, T dependentDefault, Map<String, Object> effective) {
        return keep(read(r, dependentDefault), effective);
    }

    /** Keeps a value in the effective configuration in the types Cypher knows (64-bit numbers, names of choices). */
    T keep(T value, Map<String, Object> effective) {
        effective.put(name, value instanceof Enum<?> constant ? ConfigReader.choiceName(constant)
            : value instanceof Float f ? (double) f : value instanceof Integer i ? (long) i : value);
        return value;
    }

    static Key<String> requiredString(String name, Part part) {
        return new Key<>(name, part, false, "required", null, (r, key, d) -> r.requiredString(key));
    }

    static Key<String> string(String name, Part part, String defaultValue) {
        return new Key<>(name, part, false, "`'" + defaultValue + "'`", defaultValue, ConfigReader::string);
    }

    static Key<Optional<String>> optionalString(String name, Part part, String documentedDefault) {
        return new Key<>(name, part, false, documentedDefault, Optional.empty(),
            (r, key, d) -> r.optionalString(key));
    }

    static Key<List<String>> strings(String name, Part part, List<String> defaultValue, String documentedDefault) {
        return new Key<>(name, part, false, documentedDefault, defaultValue, ConfigReader::stringList);
    }

    static Key<Boolean> bool(String name, Part part, boolean defaultValue) {
        return new Key<>(name, part, false, "`" + defaultValue + "`", defaultValue, ConfigReader::bool);
    }

    static Key<Integer> integer(String name, Part part, int defaultValue, int min, int max, String documentedDefault) {
        return new Key<>(name, part, false, documentedDefault, defaultValue,
            (r, key, d) -> r.intInRange(key, d, min, max));
    }

    /**
     * A number in (min, max) when {@code exclusive}, else in [min, max].
     */
    static Key<Double> number(String name, Part part, double defaultValue, double min, double max, boolean exclusive,
                              String documentedDefault) {
        return new Key<>(name, part, false, documentedDefault, defaultValue,
            (r, key, d) -> r.numberInRange(key, d, min, max, exclusive));
    }

    /** A number kept in single precision, as the model reads it; the effective configuration shows that value. */
    static Key<Float> single(String name, Part part, double defaultValue, double min, double max,
                             String documentedDefault) {
        return new Key<>(name, part, false, documentedDefault, (float) defaultValue,
            (r, key, d) -> (float) r.numberInRange(key, d, min, max, false));
    }

    static <E extends Enum<E>> Key<E> choice(String name, Part part, E defaultValue, Class<E> type) {
        return new Key<>(name, part, false, "`'" + ConfigReader.choiceName(defaultValue) + "'`", defaultValue,
            (r, key, d) -> r.choice(key, d, type));
    }

    /** A key whose value its owner reads itself (a list of maps, or an integer or a word). */
    static <T> Key<T> custom(String name, Part part, String documentedDefault, T defaultValue, Reader<T> reader) {
        return new Key<>(name, part, false, documentedDefault, defaultValue, reader);
    }

    @Override
    public String toString() {
        return name;
    }
}

package org.graphsha.config;

import java.util.Map;

/** Configuration of the {@code graphsha.split.*} procedures. */
public record SplitConfig(
    String nodeLabel,
    String relationshipType,
    String targetProperty,
    String publicSplitProperty,
    String orderProperty,
    String writeProperty,
    double imbalanceRatio
) {
    public static final double LONG_TAILED_RATIO = 100;
    public static final double STEP_RATIO = 20;

    public static SplitConfig longTailed(Map<String, Object> map) {
        ConfigReader reader = new ConfigReader(map);
        var config = new SplitConfig(
            label(reader),
            ConfigReader.identifier("relationshipType", reader.requiredString("relationshipType")),
            target(reader),
            ConfigReader.identifier("publicSplitProperty", reader.string("publicSplitProperty", "publicSplit")),
            order(reader),
            write(reader),
            ratio(reader, LONG_TAILED_RATIO));
        reader.finish();
        return config.checked();
    }

    public static SplitConfig step(Map<String, Object> map) {
        ConfigReader reader = new ConfigReader(map);
        var config = new SplitConfig(label(reader), null, target(reader), null, order(reader), write(reader),
            ratio(reader, STEP_RATIO));
        reader.finish();
        return config.checked();
    }

    /** The split must not land on the labels it is computed from. */
    private SplitConfig checked() {
        if (writeProperty.equals(targetProperty)) {
            throw new IllegalArgumentException("Invalid value '" + writeProperty + "' for configuration key "
                + "`writeProperty`: it is the targetProperty, and writing the split there would overwrite the labels; "
                + "choose another name, e.g. 'split'");
        }
        return this;
    }

    private static String label(ConfigReader reader) {
        return ConfigReader.identifier("nodeLabel", reader.requiredString("nodeLabel"));
    }

    private static String target(ConfigReader reader) {
        return ConfigReader.identifier("targetProperty", reader.string("targetProperty", "class"));
    }

    private static String order(ConfigReader reader) {
        return ConfigReader.identifier("orderProperty", reader.string("orderProperty", "id"));
    }

    private static String write(ConfigReader reader) {
        return ConfigReader.identifier("writeProperty", reader.string("writeProperty", "split"));
    }

    private static double ratio(ConfigReader reader, double defaultValue) {
        double ratio = reader.number("imbalanceRatio", defaultValue);
        if (!(ratio > 1)) {
            throw new IllegalArgumentException("Invalid value " + ratio + " for configuration key `imbalanceRatio`: "
                + "expected a number greater than 1 (the largest class is ρ times the smallest); the default is "
                + defaultValue);
        }
        return ratio;
    }
}

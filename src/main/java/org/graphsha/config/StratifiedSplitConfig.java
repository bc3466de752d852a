package org.graphsha.config;

import java.util.Map;

/**
 * Configuration of {@code graphsha.split.stratified}: the automatic holdout of {@code graphsha.train} (same keys,
 * same defaults, same draw), written to a node property so that every later training and evaluation sees the same
 * test nodes.
 */
public record StratifiedSplitConfig(
    String nodeLabel,
    String targetProperty,
    String orderProperty,
    String writeProperty,
    double validationFraction,
    double testFraction,
    long randomSeed
) {
    public static StratifiedSplitConfig of(Map<String, Object> map) {
        ConfigReader r = new ConfigReader(map);
        String label = ConfigReader.identifier("nodeLabel", r.requiredString("nodeLabel"));
        String target = ConfigReader.identifier("targetProperty", r.string("targetProperty", "class"));
        String order = ConfigReader.identifier("orderProperty", r.string("orderProperty", "id"));
        String write = ConfigReader.identifier("writeProperty", r.string("writeProperty", "split"));
        if (write.equals(target)) {
            throw new IllegalArgumentException("Invalid value '" + write + "' for configuration key `writeProperty`: it "
                + "is the targetProperty, and writing the split there would overwrite the labels; choose another name, "
                + "e.g. 'split'");
        }
        double validation = r.numberInRange("validationFraction", 0.2, 0, 1, true);
        double test = r.numberInRange("testFraction", 0.2, 0, 0.9, false);
        if (validation + test >= 1) {
            throw new IllegalArgumentException("Invalid value " + test + " for configuration key `testFraction`: with "
                + "validationFraction " + validation + " it leaves no node to train on; keep their sum below 1, for "
                + "example 0.2 and 0.2");
        }
        long seed = r.intInRange("randomSeed", 100, 0, Integer.MAX_VALUE);
        r.finish();
        return new StratifiedSplitConfig(label, target, order, write, validation, test, seed);
    }
}

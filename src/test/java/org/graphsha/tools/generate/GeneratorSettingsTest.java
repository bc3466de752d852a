package org.graphsha.tools.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class GeneratorSettingsTest {

    static GeneratorSettings parse(String... args) {
        Flags flags = new Flags(List.of(args));
        GeneratorSettings settings = GeneratorSettings.parse(flags);
        flags.finish(GeneratorSettings.FLAGS);
        return settings;
    }

    static String failure(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> parse(args)).getMessage();
    }

    @Test
    void defaultsAreArxivSized() {
        GeneratorSettings settings = parse();
        assertEquals(169_343, settings.nodes());
        assertEquals(1_166_243, settings.edges());
        assertEquals(128, settings.features());
        assertEquals(40, settings.classes());
        assertEquals(775, settings.imbalanceRatio());
    }

    @Test
    void productsPresetIsShapedLikeOgbnProducts() {
        GeneratorSettings settings = parse("--preset", "products", "--homophily", "0.5");
        assertEquals(2_449_029, settings.nodes());
        assertEquals(61_859_140L, settings.edges());
        assertEquals(100, settings.features());
        assertEquals(47, settings.classes());
        assertEquals(0.08, settings.trainFraction());
        assertEquals(0.02, settings.valFraction());
        assertEquals(0.5, settings.homophily());
        int[] sizes = ClassSizes.of(settings.nodes(), settings.classes(), settings.imbalanceRatio());
        assertTrue(sizes[0] >= 1000L * sizes[sizes.length - 1], "largest " + sizes[0] + ", smallest " + sizes[sizes.length - 1]);
    }

    @Test
    void flagsOverrideDefaults() {
        GeneratorSettings settings = parse("--nodes", "1000", "--edges", "5_000", "--classes", "5", "--imbalance-ratio", "20", "--homophily", "0.3", "--seed", "9");
        assertEquals(1000, settings.nodes());
        assertEquals(5000, settings.edges());
        assertEquals(0.3, settings.homophily());
        assertEquals(9, settings.seed());
    }

    @Test
    void badValuesNameTheFlagAndTheValue() {
        assertContains(failure("--nodes", "many"), "--nodes", "many");
        assertContains(failure("--homophily", "1.5"), "--homophily", "1.5");
        assertContains(failure("--degree-exponent", "2"), "--degree-exponent", "2");
        assertContains(failure("--classes", "1"), "--classes", "1");
        assertContains(failure("--train-fraction", "0.9", "--val-fraction", "0.2"), "--train-fraction", "--val-fraction");
        assertContains(failure("--nodes", "100", "--edges", "5000"), "--edges", "5000", "--nodes");
        assertContains(failure("--nodes", "1000", "--edges", "2000", "--imbalance-ratio", "100000"), "--imbalance-ratio", "100000");
        assertContains(failure("--homophilly", "0.5"), "--homophilly", "--homophily");
        assertContains(failure("--seed"), "--seed", "needs a value");
        assertContains(failure("--preset", "papers100M"), "--preset", "papers100M", "products");
        assertContains(failure("nodes", "5"), "nodes");
        assertContains(failure("--seed", "1", "--seed", "2"), "--seed", "twice");
    }

    private static void assertContains(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), "`" + message + "` should mention " + part);
        }
    }
}

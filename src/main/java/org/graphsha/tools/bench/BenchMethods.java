package org.graphsha.tools.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.graphsha.config.ConfigReader;
import org.graphsha.method.Method;

/**
 * The methods the bench can run, read from the one registry every entry point shares:
 * {@link Method} (the {@code method} key of {@code graphsha.train}). A method added there can be
 * run by {@code --methods} without further edits; the order is the paper's row order, with methods the
 * paper does not list placed just before GraphSHA.
 */
final class BenchMethods {

    private BenchMethods() {}

    static List<String> all() {
        List<String> names = new ArrayList<>();
        for (Method m : Method.values()) {
            names.add(ConfigReader.choiceName(m));
        }
        List<String> order = PaperValues.get().paperOrder();
        int beforeLast = order.indexOf("graphsha");
        names.sort(Comparator.comparingDouble(name -> {
            int at = order.indexOf(name);
            return at >= 0 ? at : beforeLast - 0.5;
        }));
        return List.copyOf(names);
    }

    static boolean known(String method) {
        return all().contains(method);
    }
}

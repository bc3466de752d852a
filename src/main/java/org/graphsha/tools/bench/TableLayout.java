package org.graphsha.tools.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.graphsha.data.KnownDataset;

/**
 * The rows and columns a rendering shows: what this invocation asked for plus everything already in
 * the results file, so a table finished piecewise (e.g. {@code --methods graphSmote} later) still
 * renders whole. Methods in the registry's order (methods from other builds last), backbones GCN,
 * GAT, SAGE, datasets in their enum order, ratios ascending.
 */
record TableLayout(List<String> backbones, List<String> methods, List<KnownDataset> datasets, List<Double> ratios) {

    static TableLayout of(TableOptions o, TableResults results) {
        Set<String> backbones = new LinkedHashSet<>(o.backbones());
        Set<String> methods = new LinkedHashSet<>(o.methods());
        Set<String> datasets = new LinkedHashSet<>();
        o.datasets().forEach(d -> datasets.add(d.id()));
        TreeSet<Double> ratios = new TreeSet<>(o.ratios());
        for (TableResults.Cell c : results.cells()) {
            if (c.runs().isEmpty()) {
                continue;
            }
            backbones.add(c.backbone());
            methods.add(c.method());
            datasets.add(c.dataset());
            ratios.add(c.ratio());
        }
        List<String> backboneOrder = new ArrayList<>();
        for (String b : List.of("gcn", "gat", "sage")) {
            if (backbones.contains(b)) {
                backboneOrder.add(b);
            }
        }
        List<String> methodOrder = new ArrayList<>();
        for (String m : BenchMethods.all()) {
            if (methods.contains(m)) {
                methodOrder.add(m);
            }
        }
        methods.stream().filter(m -> !methodOrder.contains(m)).forEach(methodOrder::add);
        List<KnownDataset> datasetOrder = Arrays.stream(KnownDataset.values()).filter(d -> datasets.contains(d.id()))
            .toList();
        // A table (not a sweep) has one ratio: its setting's.
        List<Double> ratioList = o.sweep() ? List.copyOf(ratios) : o.ratios();
        return new TableLayout(List.copyOf(backboneOrder), List.copyOf(methodOrder), datasetOrder, ratioList);
    }
}

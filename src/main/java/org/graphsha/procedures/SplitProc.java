package org.graphsha.procedures;

import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.graphsha.config.SplitConfig;
import org.graphsha.config.StratifiedSplitConfig;
import org.graphsha.data.Holdout;
import org.graphsha.data.EmptyClassException;
import org.graphsha.data.LongTailedSplit;
import org.graphsha.data.SplitResult;
import org.graphsha.data.SplitRole;
import org.graphsha.data.StepSplit;
import org.graphsha.store.load.LabeledNodes;
import org.neo4j.graphdb.Transaction;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/** The imbalanced splits, written as a node property in the caller's transaction (so all or nothing). */
public class SplitProc {

    @Context
    public Transaction tx;

    public record ClassCounts(Object classValue, long classIndex, long train, long val, long test, long removed) {}

    @Procedure(name = "graphsha.split.longTailed", mode = Mode.WRITE)
    @Description("Long-tailed split (GraphENS/GraphSHA protocol, imbalanceRatio default 100): removes the "
        + "lowest-degree training nodes per class and writes train/val/test/removed/none to writeProperty.")
    public Stream<ClassCounts> longTailed(@Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        SplitConfig config = SplitConfig.longTailed(configuration);
        LabeledNodes nodes = read(config, config.publicSplitProperty(), config.relationshipType());
        return apply(config, nodes, () -> LongTailedSplit.compute(nodes.classes(), nodes.classIndex().size(),
            nodes.publicSplit(), nodes.edges(), config.imbalanceRatio()));
    }

    @Procedure(name = "graphsha.split.step", mode = Mode.WRITE)
    @Description("Step split (GraphSHA protocol, imbalanceRatio default 20): 10% train with the first half of the "
        + "classes major, 10% balanced validation, the rest test; writes train/val/test/none to writeProperty.")
    public Stream<ClassCounts> step(@Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        SplitConfig config = SplitConfig.step(configuration);
        LabeledNodes nodes = read(config, null, null);
        return apply(config, nodes,
            () -> StepSplit.compute(nodes.classes(), nodes.classIndex().size(), config.imbalanceRatio()));
    }

    @Procedure(name = "graphsha.split.stratified", mode = Mode.WRITE)
    @Description("Stratified split for a graph of your own (graphsha.train's automatic holdout, kept): per class "
        + "testFraction (0.2) tests, validationFraction (0.2) validates, the rest trains; writes train/val/test/none to "
        + "writeProperty and removes no node or edge.")
    public Stream<ClassCounts> stratified(@Name(value = "configuration", defaultValue = "{}") Map<String, Object> configuration) {
        StratifiedSplitConfig config = StratifiedSplitConfig.of(configuration);
        LabeledNodes nodes = LabeledNodes.read(tx, config.nodeLabel(), config.targetProperty(), null,
            config.orderProperty(), null);
        SplitResult result = new SplitResult(Holdout.stratified(nodes.classes(), nodes.classIndex().size(),
            config.validationFraction(), config.testFraction(), config.randomSeed() ^ Holdout.TRAIN_TEST_SEED,
            config.randomSeed()), nodes.classes(),
            nodes.classIndex().size());
        return write(config.writeProperty(), nodes, result);
    }

    private LabeledNodes read(SplitConfig config, String publicSplitProperty, String relationshipType) {
        return LabeledNodes.read(tx, config.nodeLabel(), config.targetProperty(), publicSplitProperty,
            config.orderProperty(), relationshipType);
    }

    private static Stream<ClassCounts> apply(SplitConfig config, LabeledNodes nodes, java.util.function.Supplier<SplitResult> split) {
        SplitResult result;
        try {
            result = split.get();
        } catch (EmptyClassException e) {
            throw new IllegalArgumentException(e.messageFor(nodes.classValue(e.classIndex())));
        }
        return write(config.writeProperty(), nodes, result);
    }

    private static Stream<ClassCounts> write(String property, LabeledNodes nodes, SplitResult result) {
        for (int i = 0; i < nodes.nodes().size(); i++) {
            nodes.nodes().get(i).setProperty(property, result.roles()[i].value());
        }
        int[] train = result.countPerClass(SplitRole.TRAIN);
        int[] val = result.countPerClass(SplitRole.VAL);
        int[] test = result.countPerClass(SplitRole.TEST);
        int[] removed = result.countPerClass(SplitRole.REMOVED);
        return IntStream.range(0, result.classCount()).mapToObj(c ->
            new ClassCounts(nodes.classValue(c), c, train[c], val[c], test[c], removed[c]));
    }
}

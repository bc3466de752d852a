package org.graphsha.tools.cli;

import java.io.PrintStream;
import java.util.List;

import org.graphsha.tools.generate.Flags;

/** {@code ./graphsha demo}: the README's main story, told through the same Cypher a user would type. */
final class DemoCommand implements Main.Command {

    record Step(String title, String cypher) {

        /** The step with {@code epochs} added to its training call, if it has one (a quick look at the story). */
        Step withEpochs(int epochs) {
            return new Step(title, cypher.replace("overwrite: true})", "overwrite: true, epochs: " + epochs + "})"));
        }
    }

    static final List<Step> STEPS = List.of(
        new Step("Load Cora (bundled) as :Paper nodes and :CITES relationships",
            "CALL graphsha.dataset.load('cora', {nodeLabel: 'Paper', relationshipType: 'CITES', replace: true})\n"
                + "YIELD nodeCount, relationshipCount, featureDimension, writeMillis"),
        new Step("Make it long-tailed (imbalance ratio 100): training nodes per class",
            "CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES', imbalanceRatio: 100})\n"
                + "YIELD classValue, train, val, test, removed\n"
                + "RETURN classValue AS class, train, val, test, removed ORDER BY class"),
        new Step("Project it with GDS",
            "CALL gds.graph.drop('cora', false) YIELD graphName WITH count(*) AS dropped\n"
                + "CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}},\n"
                + "  {nodeProperties: ['features', 'class']})\n"
                + "YIELD graphName, nodeCount, relationshipCount, projectMillis RETURN graphName, nodeCount, "
                + "relationshipCount, projectMillis"),
        new Step("Train a plain GCN (the baseline)",
            "CALL graphsha.train('cora', {modelName: 'cora-vanilla', method: 'vanilla', backbone: 'gcn',\n"
                + "  splitProperty: 'split', overwrite: true})\n"
                + "YIELD modelName, preProcessingMillis, trainMillis, modelInfo\n"
                + "RETURN modelName, preProcessingMillis, trainMillis, modelInfo.bestEpoch AS bestEpoch"),
        new Step("Train the same GCN with GraphSHA synthesis",
            "CALL graphsha.train('cora', {modelName: 'cora-graphsha', method: 'graphsha', backbone: 'gcn',\n"
                + "  splitProperty: 'split', overwrite: true})\n"
                + "YIELD modelName, preProcessingMillis, trainMillis, modelInfo, syntheticNodesPerEpoch\n"
                + "RETURN modelName, preProcessingMillis, trainMillis, modelInfo.bestEpoch AS bestEpoch,\n"
                + "  round(syntheticNodesPerEpoch) AS syntheticNodesPerEpoch"),
        new Step("Test metrics side by side (%)",
            "UNWIND ['cora-vanilla', 'cora-graphsha'] AS name\n"
                + "CALL graphsha.model.list(name) YIELD modelName, metrics\n"
                + "RETURN modelName, round(100 * metrics.test.accuracy, 1) AS accuracy,\n"
                + "  round(100 * metrics.test.balancedAccuracy, 1) AS balancedAccuracy,\n"
                + "  round(100 * metrics.test.f1Macro, 1) AS f1Macro"),
        new Step("Per-class test accuracy (%), rarest training class first",
            "CALL graphsha.model.list('cora-vanilla') YIELD metrics AS vanilla\n"
                + "CALL graphsha.model.list('cora-graphsha') YIELD metrics AS graphsha\n"
                + "UNWIND range(0, size(vanilla.test.perClass) - 1) AS i\n"
                + "WITH vanilla.test.perClass[i] AS v, graphsha.test.perClass[i] AS g\n"
                + "MATCH (t:Paper {split: 'train'}) WHERE t.class = v.class\n"
                + "RETURN v.class AS class, count(t) AS trainNodes, round(100 * v.accuracy, 1) AS vanilla,\n"
                + "  round(100 * g.accuracy, 1) AS graphsha ORDER BY trainNodes"),
        new Step("Write both models' predictions back as node properties",
            "CALL graphsha.predict.write('cora', {modelName: 'cora-vanilla', writeProperty: 'predictedVanilla'})\n"
                + "YIELD nodePropertiesWritten AS vanillaWritten\n"
                + "CALL graphsha.predict.write('cora', {modelName: 'cora-graphsha', writeProperty: 'predicted',\n"
                + "  confidenceProperty: 'confidence'})\n"
                + "YIELD nodePropertiesWritten, writeMillis RETURN vanillaWritten, nodePropertiesWritten, writeMillis"),
        new Step("Analyst query: test papers of the 3 rarest classes that GraphSHA gets right and the plain GCN misses",
            "MATCH (t:Paper {split: 'train'}) WITH t.class AS class, count(*) AS n ORDER BY n LIMIT 3\n"
                + "WITH collect(class) AS rare\n"
                + "MATCH (p:Paper {split: 'test'}) WHERE p.class IN rare\n"
                + "RETURN p.class AS class, count(*) AS testPapers,\n"
                + "  sum(CASE WHEN p.predicted = p.class AND p.predictedVanilla <> p.class THEN 1 ELSE 0 END) AS rescued,\n"
                + "  sum(CASE WHEN p.predicted <> p.class AND p.predictedVanilla = p.class THEN 1 ELSE 0 END) AS lost\n"
                + "ORDER BY class"),
        new Step("Analyst query: papers predicted as a rare class with low confidence (to review first)",
            "MATCH (t:Paper {split: 'train'}) WITH t.class AS class, count(*) AS n ORDER BY n LIMIT 3\n"
                + "WITH collect(class) AS rare\n"
                + "MATCH (p:Paper) WHERE p.predicted IN rare AND p.confidence < 0.6\n"
                + "RETURN p.id AS paper, p.predicted AS predicted, round(p.confidence, 3) AS confidence,\n"
                + "  p.split AS split ORDER BY confidence LIMIT 8"));

    @Override
    public int run(List<String> args, Main.Options options, PrintStream out) throws Exception {
        int epochs;
        try {
            Flags flags = new Flags(args);
            epochs = flags.intInRange("epochs", 0, 1, 1_000_000);
            flags.finish("--epochs");
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage() + "\nusage: ./graphsha demo [--epochs N]");
        }
        long start = System.nanoTime();
        try (EmbeddedNeo4j neo4j = EmbeddedNeo4j.start(options.home(), 0)) {
            CypherRunner runner = new CypherRunner(neo4j.db(), out);
            for (int i = 0; i < STEPS.size(); i++) {
                Step step = epochs == 0 ? STEPS.get(i) : STEPS.get(i).withEpochs(epochs);
                out.println();
                out.println("== " + (i + 1) + ". " + step.title());
                out.println("  " + step.cypher().replace("\n", "\n  "));
                runner.run(step.cypher());
                out.flush();
            }
        }
        out.printf("%nDemo finished in %.0f s.%n", (System.nanoTime() - start) / 1e9);
        return 0;
    }
}

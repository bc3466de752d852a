package org.graphsha.procedures;

import static org.graphsha.testing.Errors.assertFailsUnchanged;
import static org.graphsha.testing.TestNeo4j.rows;

import org.graphsha.testing.TestNeo4j;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input to the train, predict, model and synthetic procedures: every case must fail with a
 * message naming the problem (and the fix), before any training, leaving the database and the model
 * catalog exactly as they were.
 */
class TrainBadInputTest {

    @BeforeAll
    static void graphs() {
        TestNeo4j.reset();
        rows("CALL graphsha.model.list() YIELD modelName CALL graphsha.model.drop(modelName) YIELD modelInfo RETURN count(*)");
        rows("UNWIND range(0, 59) AS i CREATE (:Acc {ref: i, kind: CASE WHEN i % 6 = 0 THEN 'fraud' ELSE 'normal' END, "
            + "score: toFloat(i % 7), vec: [toFloat(i % 3), 1.0], "
            + "part: CASE WHEN i < 40 THEN 'train' WHEN i < 50 THEN 'val' ELSE 'test' END, "
            + "trainOnly: 'train', testOnly: 'test', one: 'x', ratio: 0.5 + i, "
            + "fraudOut: CASE WHEN i % 6 = 0 THEN 'test' WHEN i < 40 THEN 'train' ELSE 'val' END})");
        rows("MATCH (a:Acc), (b:Acc) WHERE b.ref = a.ref + 1 CREATE (a)-[:PAYS]->(b)");
        // Ten nodes, so that classes and holdout are valid: the classes and split are checked before the features
        // are read (the memory guard sizes the run from them), and only the features are wrong here.
        rows("UNWIND range(0, 9) AS i CREATE (:Odd {vec: CASE WHEN i = 9 THEN [1.0] ELSE [1.0, 2.0] END, "
            + "kind: CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END})");
        rows("UNWIND range(0, 9) AS i CREATE (:Nan {vec: CASE WHEN i = 0 THEN [0.0/0.0] ELSE [1.0] END, "
            + "kind: CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END})");
        rows("CREATE (:Wide {vec: [1.0, 2.0, 3.0], kind: 'a'}), (:Wide {vec: [1.0, 0.0, 1.0], kind: 'b'})");
        rows("CALL gds.graph.project('wide', 'Wide', '*', {nodeProperties: ['vec']})");
        rows("CALL gds.graph.project('acc', 'Acc', {PAYS: {orientation: 'UNDIRECTED'}}, "
            + "{nodeProperties: ['score', 'vec', 'ratio']})");
        rows("CALL gds.graph.project('odd', 'Odd', '*', {nodeProperties: ['vec']})");
        rows("CALL gds.graph.project('nan', 'Nan', '*', {nodeProperties: ['vec']})");
        rows("CALL graphsha.train('acc', {modelName: 'existing', targetProperty: 'kind', featureProperties: ['vec'], "
            + "method: 'vanilla', epochs: 3})");
    }

    private static final String OK = "modelName: 'm', targetProperty: 'kind', featureProperties: ['vec'], epochs: 2";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        missing graph             | CALL graphsha.train('nope', {OK})                                     | Graph with name `nope` does not exist
        missing modelName         | CALL graphsha.train('acc', {targetProperty: 'kind'})                  | mandatory configuration parameter `modelName`
        path trick in name        | CALL graphsha.train('acc', {OK, modelName: '../x'})                   | Invalid model name `../x`
        duplicate model           | CALL graphsha.train('acc', {OK, modelName: 'existing'})               | Model `existing` already exists; pass overwrite: true
        unknown key               | CALL graphsha.train('acc', {OK, epoch: 3})                            | Unexpected configuration key `epoch` (did you mean `epochs`?)
        misspelt method key       | CALL graphsha.train('acc', {OK, methd: 'vanilla'})                    | did you mean `method`?
        epochs not a number       | CALL graphsha.train('acc', {OK, epochs: 'many'})                      | Invalid value 'many' for configuration key `epochs`
        epochs zero               | CALL graphsha.train('acc', {OK, epochs: 0})                           | Invalid value 0 for configuration key `epochs`
        negative learning rate    | CALL graphsha.train('acc', {OK, learningRate: -1})                    | configuration key `learningRate`
        unknown method            | CALL graphsha.train('acc', {OK, method: 'smote'})                     | Invalid value 'smote' for configuration key `method`: expected one of ['graphsha'
        unknown backbone          | CALL graphsha.train('acc', {OK, backbone: 'mlp'})                     | configuration key `backbone`: expected one of ['gcn', 'gat', 'sage', 'sign']
        heads not dividing hidden | CALL graphsha.train('acc', {OK, heads: 3})                            | Invalid value 3 for configuration key `heads`: it must divide hiddenSize (64)
        dropout above one         | CALL graphsha.train('acc', {OK, dropout: 1.5})                        | configuration key `dropout`
        ensemble of none          | CALL graphsha.train('acc', {OK, ensembleSize: 0})                     | Invalid value 0 for configuration key `ensembleSize`: expected an integer in 1..20
        ensemble too large        | CALL graphsha.train('acc', {OK, ensembleSize: 21})                    | Invalid value 21 for configuration key `ensembleSize`
        ensemble not a count      | CALL graphsha.train('acc', {OK, ensembleSize: 2.5})                   | Invalid value 2.5 for configuration key `ensembleSize`
        unknown device            | CALL graphsha.train('acc', {OK, device: 'tpu'})                       | configuration key `device`: expected one of ['auto', 'cpu', 'gpu']
        gpu without a GPU         | CALL graphsha.train('acc', {OK, device: 'gpu'})                       | device `gpu` was requested but PyTorch sees no GPU
        unknown diffusion         | CALL graphsha.train('acc', {OK, diffusion: 'magic'})                  | configuration key `diffusion`: expected one of ['ppr', 'heat', 'none']
        unknown synthetic edges   | CALL graphsha.train('acc', {OK, syntheticEdges: 'both'})              | configuration key `syntheticEdges`
        beta shape zero           | CALL graphsha.train('acc', {OK, deltaBetaA: 0})                       | configuration key `deltaBetaA`
        topK zero                 | CALL graphsha.train('acc', {OK, topK: 0})                             | configuration key `topK`
        concurrency zero          | CALL graphsha.train('acc', {OK, concurrency: 0})                      | configuration key `concurrency`
        validation fraction       | CALL graphsha.train('acc', {OK, validationFraction: 1.5})             | configuration key `validationFraction`
        retired synthetic write   | CALL graphsha.train('acc', {OK, writeSyntheticNodes: true})           | Configuration key `writeSyntheticNodes` is no longer accepted
        fractional epochs         | CALL graphsha.train('acc', {OK, epochs: 10.5})                        | Invalid value 10.5 for configuration key `epochs`
        up-scale w/o GraphSmote   | CALL graphsha.train('acc', {OK, graphSmoteUpScale: 1})              | graphSmoteUpScale: 1.0 needs method 'graphSmote', but method is 'graphsha'
        negative up-scale         | CALL graphsha.train('acc', {OK, method: 'graphSmote', graphSmoteUpScale: -1}) | configuration key `graphSmoteUpScale`: expected a number in [0.0, 100.0]
        unknown node label        | CALL graphsha.train('acc', {OK, nodeLabels: ['User']})                | Invalid value 'User' for configuration key `nodeLabels`
        unknown relationship type | CALL graphsha.train('acc', {OK, relationshipTypes: ['SENDS']})        | Invalid value 'SENDS' for configuration key `relationshipTypes`
        missing feature property  | CALL graphsha.train('acc', {OK, featureProperties: ['age']})          | Invalid value 'age' for configuration key `featureProperties`
        ragged feature arrays     | CALL graphsha.train('odd', {OK})                                      | is ragged: arrays of length 2 and 1
        precision above one       | CALL graphsha.train('acc', {OK, decisionRule: 'targetPrecision', decisionTarget: 1.5}) | Invalid value 1.5 for configuration key `decisionTarget`: expected a number in (0, 1]
        precision zero            | CALL graphsha.train('acc', {OK, decisionRule: 'targetPrecision', decisionTarget: 0}) | Invalid value 0 for configuration key `decisionTarget`: expected a number in (0, 1]
        target without its rule   | CALL graphsha.train('acc', {OK, decisionTarget: 0.9})                 | decisionTarget: 0.9 is the target of decisionRule: 'targetPrecision' or 'targetRecall', but the call has decisionRule: 'balanced'
        target rule w/o target    | CALL graphsha.train('acc', {OK, decisionRule: 'targetRecall'})        | decisionRule: 'targetRecall' needs decisionTarget, the recall to reach
        unknown decision rule     | CALL graphsha.train('acc', {OK, decisionRule: 'f1'})                  | configuration key `decisionRule`: expected one of ['balanced', 'prior', 'macroF1', 'targetPrecision', 'targetRecall']
        prior of wrong length     | CALL graphsha.train('acc', {OK, decisionRule: 'prior', classPrior: [0.5, 0.3, 0.2]}) | classPrior: [0.5, 0.3, 0.2] has 3 numbers, but the target has 2 classes [fraud, normal]; give one positive number per class, in this order
        prior not positive        | CALL graphsha.train('acc', {OK, decisionRule: 'prior', classPrior: [1.0, 0.0]}) | Invalid value [1.0, 0.0] for configuration key `classPrior`: expected a list of positive numbers
        prior without its rule    | CALL graphsha.train('acc', {OK, classPrior: [0.9, 0.1]})              | classPrior: [0.9, 0.1] is the prior of decisionRule: 'prior', but the call has decisionRule: 'balanced'
        precision of three classes | CALL graphsha.train('acc', {OK, targetProperty: 'part', decisionRule: 'targetPrecision', decisionTarget: 0.9}) | decisionRule: 'targetPrecision' flags one class of two, but the target has 3 classes [test, train, val]
        NaN feature               | CALL graphsha.train('nan', {OK})                                      | holds NaN on node
        missing target            | CALL graphsha.train('acc', {OK, targetProperty: 'label'})             | targetProperty `label` is not set on any node
        fractional target         | CALL graphsha.train('acc', {OK, targetProperty: 'ratio'})             | must hold integers, booleans or strings
        single class              | CALL graphsha.train('acc', {OK, targetProperty: 'one'})               | Training needs at least 2 classes
        class without train node  | CALL graphsha.train('acc', {OK, splitProperty: 'fraudOut'})           | Class `fraud` has no training node
        split without validation  | CALL graphsha.train('acc', {OK, splitProperty: 'trainOnly'})          | marks no labeled node as 'val'
        split nowhere set         | CALL graphsha.train('acc', {OK, splitProperty: 'fold'})               | splitProperty `fold` is not set on any node of the graph
        split without train       | CALL graphsha.train('acc', {OK, splitProperty: 'one'})                | splitProperty `one` has value `x`
        split marks no train      | CALL graphsha.train('acc', {OK, splitProperty: 'testOnly'})           | splitProperty `testOnly` marks no labeled node as 'train'
        invalid split value       | CALL graphsha.train('acc', {OK, splitProperty: 'kind'})               | splitProperty `kind` has value `
        estimate unknown key      | CALL graphsha.train.estimate('acc', {OK, epoc: 1})                    | did you mean `epochs`?
        predict unknown model     | CALL graphsha.predict.stream('acc', {modelName: 'ghost'})             | Model `ghost` does not exist
        predict missing write key | CALL graphsha.predict.write('acc', {modelName: 'existing'})           | mandatory configuration parameter `writeProperty`
        predict other features    | CALL graphsha.predict.stream('wide', {modelName: 'existing'})         | Model `existing` expects 2 features from [vec], but graph `wide` gives 3
        predict unknown key       | CALL graphsha.predict.stream('acc', {modelName: 'existing', batch: 1}) | Unexpected configuration key `batch`
        drop unknown model        | CALL graphsha.model.drop('ghost')                                     | Model `ghost` does not exist
        synthetic for vanilla     | CALL graphsha.synthetic.write('acc', {modelName: 'existing'})         | synthetic nodes exist only for method 'graphsha'
        synthetic drop no model   | CALL graphsha.synthetic.drop({})                                      | mandatory configuration parameter `modelName`
        """)
    void failsCleanly(String name, String query, String expected) {
        assertFailsUnchanged(query.replace("{OK", "{" + OK), expected.strip());
    }
}

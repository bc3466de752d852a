CALL graphsha.dataset.load('cora', {nodeLabel: 'Paper', relationshipType: 'CITES', replace: true})
YIELD nodeCount;
CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES', imbalanceRatio: 100})
YIELD classValue RETURN count(*) AS classes;
CALL gds.graph.drop('cora', false) YIELD graphName RETURN count(*) AS dropped;
CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD graphName, nodeCount;
CALL graphsha.train('cora', {modelName: 'cora-ens3', splitProperty: 'split', overwrite: true, ensembleSize: 3})
YIELD trainMillis, testMetrics, modelInfo
RETURN trainMillis, round(10000 * testMetrics.accuracy) / 100 AS acc, round(10000 * testMetrics.balancedAccuracy) / 100 AS bAcc,
  round(10000 * testMetrics.f1Macro) / 100 AS f1, modelInfo.bestEpoch AS bestEpoch;
CALL graphsha.model.list('cora-ens3') YIELD metrics
UNWIND metrics.ensembleMembers AS m
RETURN m.randomSeed AS seed, m.bestEpoch AS bestEpoch, m.validation.balancedAccuracy AS valBAcc;
MATCH (p:Paper {split: 'test'}) WITH collect(p) AS nodes
CALL graphsha.predict.nodes('cora-ens3', nodes) YIELD nodeId, predictedClass
WITH nodeId, predictedClass MATCH (p) WHERE id(p) = nodeId
RETURN count(*) AS scored, sum(CASE WHEN p.class = predictedClass THEN 1 ELSE 0 END) AS correct;
CALL graphsha.predict.stream('cora', {modelName: 'cora-ens3'}) YIELD nodeId, predictedClass
WITH nodeId, predictedClass MATCH (p) WHERE id(p) = nodeId AND p.split = 'test'
RETURN count(*) AS scored, sum(CASE WHEN p.class = predictedClass THEN 1 ELSE 0 END) AS correct;

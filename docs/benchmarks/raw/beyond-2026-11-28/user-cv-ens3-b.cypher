CALL gds.graph.drop('accounts', false) YIELD graphName RETURN count(*) AS dropped;
CALL gds.graph.project('accounts', 'Account', {TRANSFERS: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features']})
YIELD graphName, nodeCount, relationshipCount;
UNWIND [103, 104] AS seed
CALL graphsha.train('accounts', {modelName: 'cv-' + seed, randomSeed: seed, ensembleSize: 3,
  candidateMethods: ['graphsha', 'tam'], selfTrainingWeight: 1, overwrite: true})
YIELD modelSelectionStats, trainMillis
RETURN seed, modelSelectionStats.chosenMethod AS chosen, trainMillis;
UNWIND [103, 104] AS seed
CALL graphsha.predict.stream('accounts', {modelName: 'cv-' + seed}) YIELD nodeId, predictedClass
MATCH (a:Account) WHERE id(a) = nodeId AND a.class IS NULL
WITH seed, a.trueClass AS class, avg(CASE WHEN predictedClass = a.trueClass THEN 1.0 ELSE 0.0 END) AS recall
WITH seed, avg(recall) AS balancedAccuracy
RETURN seed, round(10000 * balancedAccuracy) / 100 AS unlabeledBAcc ORDER BY seed;

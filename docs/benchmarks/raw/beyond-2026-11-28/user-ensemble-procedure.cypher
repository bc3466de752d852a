CALL gds.graph.drop('accounts', false) YIELD graphName RETURN count(*) AS dropped;
CALL gds.graph.project('accounts', 'Account', {TRANSFERS: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features']})
YIELD graphName, nodeCount, relationshipCount;
UNWIND [1, 3] AS k
UNWIND range(100, 104) AS seed
CALL graphsha.train('accounts', {modelName: 'u-' + seed + '-' + k, randomSeed: seed, ensembleSize: k, overwrite: true})
YIELD modelInfo, trainMillis
RETURN k, seed, modelInfo.bestEpoch AS bestEpoch, trainMillis;
UNWIND [1, 3] AS k
UNWIND range(100, 104) AS seed
CALL graphsha.predict.stream('accounts', {modelName: 'u-' + seed + '-' + k}) YIELD nodeId, predictedClass
MATCH (a:Account) WHERE id(a) = nodeId AND a.class IS NULL
WITH k, seed, a.trueClass AS class, avg(CASE WHEN predictedClass = a.trueClass THEN 1.0 ELSE 0.0 END) AS recall
WITH k, seed, avg(recall) AS balancedAccuracy
RETURN k AS ensembleSize, seed, round(10000 * balancedAccuracy) / 100 AS unlabeledBAcc ORDER BY k, seed;

// Memory guard check on Cora-LT (docs/benchmarks/production.md): load, split, project in one process,
// then the estimate and the training run whose peak RSS is compared with it.
CALL graphsha.dataset.load('cora', {nodeLabel: 'Paper', relationshipType: 'CITES', replace: true})
YIELD nodeCount, relationshipCount;
CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES', imbalanceRatio: 100})
YIELD classValue RETURN count(*) AS classes;
CALL gds.graph.drop('cora', false) YIELD graphName RETURN count(*) AS dropped;
CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD nodeCount, relationshipCount;
CALL graphsha.train.estimate('cora', {modelName: 'mem-cora', splitProperty: 'split'})
YIELD requiredMemory, heapBytes, nativeBytesMax;
CALL graphsha.train('cora', {modelName: 'mem-cora', splitProperty: 'split', overwrite: true})
YIELD trainMillis, syntheticNodesPerEpoch;
CALL graphsha.predict.stream.estimate('cora', {modelName: 'mem-cora'})
YIELD requiredMemory, heapBytes, nativeBytesMax;
CALL graphsha.predict.stream('cora', {modelName: 'mem-cora'}) YIELD nodeId RETURN count(*) AS predicted;

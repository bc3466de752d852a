// Memory guard check on Coauthor-CS with the step split (docs/benchmarks/production.md). The dataset folder
// `cs` must be linked into the home's import directory.
CALL graphsha.dataset.load('cs', {path: 'cs', replace: true})
YIELD nodeCount, relationshipCount, featureDimension;
CALL graphsha.split.step({nodeLabel: 'Author'})
YIELD classValue RETURN count(*) AS classes;
CALL gds.graph.drop('cs', false) YIELD graphName RETURN count(*) AS dropped;
CALL gds.graph.project('cs', 'Author', {CO_AUTHOR: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD nodeCount, relationshipCount;
CALL graphsha.train.estimate('cs', {modelName: 'mem-cs', splitProperty: 'split', epochs: 30})
YIELD requiredMemory, heapBytes, nativeBytesMax;
CALL graphsha.train('cs', {modelName: 'mem-cs', splitProperty: 'split', epochs: 30, overwrite: true})
YIELD trainMillis, syntheticNodesPerEpoch;
CALL graphsha.predict.stream.estimate('cs', {modelName: 'mem-cs'})
YIELD requiredMemory, heapBytes, nativeBytesMax;
CALL graphsha.predict.stream('cs', {modelName: 'mem-cs'}) YIELD nodeId RETURN count(*) AS predicted;

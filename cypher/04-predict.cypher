// Classify every paper with the GraphSHA model: stream a few, then write class and confidence back.

// The GDS projection lives in memory: create it when this session does not have it yet.
CALL gds.graph.exists('cora') YIELD exists
WITH exists WHERE NOT exists
CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD graphName, nodeCount
RETURN graphName AS projected, nodeCount;

CALL graphsha.predict.stream('cora', {modelName: 'cora-graphsha'})
YIELD nodeId, predictedClass, confidence
RETURN nodeId, predictedClass, round(confidence, 3) AS confidence ORDER BY nodeId LIMIT 5;

CALL graphsha.predict.write('cora', {modelName: 'cora-graphsha', writeProperty: 'predicted',
  confidenceProperty: 'confidence'})
YIELD nodePropertiesWritten, computeMillis, writeMillis;

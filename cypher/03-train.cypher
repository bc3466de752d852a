// Train a plain GCN and a GCN with GraphSHA synthesis on Cora-LT; the split comes from the `split` property.
// Both name the GCN backbone (the default is GraphSAGE); other keys take their defaults, see docs/procedures.md.

// The GDS projection lives in memory: create it when this session does not have it yet.
CALL gds.graph.exists('cora') YIELD exists
WITH exists WHERE NOT exists
CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD graphName, nodeCount
RETURN graphName AS projected, nodeCount;

CALL graphsha.train.estimate('cora', {modelName: 'cora-graphsha', backbone: 'gcn', splitProperty: 'split'})
YIELD requiredMemory, heapBytes, nativeBytesMax;

CALL graphsha.train('cora', {modelName: 'cora-vanilla', method: 'vanilla', backbone: 'gcn', splitProperty: 'split',
  overwrite: true})
YIELD modelName, trainMillis, testMetrics
RETURN modelName, trainMillis, round(100 * testMetrics.balancedAccuracy, 1) AS testBalancedAccuracy;

CALL graphsha.train('cora', {modelName: 'cora-graphsha', method: 'graphsha', backbone: 'gcn', splitProperty: 'split',
  overwrite: true})
YIELD modelName, trainMillis, testMetrics, syntheticNodesPerEpoch
RETURN modelName, trainMillis, round(100 * testMetrics.balancedAccuracy, 1) AS testBalancedAccuracy,
  round(syntheticNodesPerEpoch) AS syntheticNodesPerEpoch;

CALL graphsha.model.list() YIELD modelName, modelInfo, creationTime
RETURN modelName, modelInfo.method AS method, modelInfo.backbone AS backbone, modelInfo.bestEpoch AS bestEpoch,
  creationTime;

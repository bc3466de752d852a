CALL gds.graph.drop('arxiv', false) YIELD graphName RETURN count(*);
CALL gds.graph.project('arxiv', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']}) YIELD nodeCount RETURN nodeCount;
CALL graphsha.train('arxiv', {modelName: 'det-v1', backbone: 'sign', method: 'vanilla', splitProperty: 'split', featureNormalization: 'none', epochs: 3, concurrency: 2, overwrite: true}) YIELD modelInfo RETURN modelInfo.bestEpoch AS bestEpoch;
CALL graphsha.predict.stream('arxiv', {modelName: 'det-v1'}) YIELD nodeId, confidence RETURN toString(sum(confidence)) AS confidenceSum, toString(sum(nodeId * confidence)) AS weighted;
CALL gds.graph.drop('arxiv') YIELD graphName RETURN count(*);
CALL gds.graph.project('arxiv', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']}) YIELD nodeCount RETURN nodeCount;
CALL graphsha.train('arxiv', {modelName: 'det-v2', backbone: 'sign', method: 'vanilla', splitProperty: 'split', featureNormalization: 'none', epochs: 3, concurrency: 2, overwrite: true}) YIELD modelInfo RETURN modelInfo.bestEpoch AS bestEpoch;
CALL graphsha.predict.stream('arxiv', {modelName: 'det-v2'}) YIELD nodeId, confidence RETURN toString(sum(confidence)) AS confidenceSum, toString(sum(nodeId * confidence)) AS weighted;
CALL graphsha.predict.stream('arxiv', {modelName: 'det-v1'}) YIELD nodeId, confidence RETURN toString(sum(confidence)) AS confidenceSum, toString(sum(nodeId * confidence)) AS weighted;

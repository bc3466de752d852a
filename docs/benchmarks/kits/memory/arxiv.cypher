// Memory guard check on the arXiv-size generated graph (docs/benchmarks/production.md), after
// `./graphsha --home H generate` into the same home. Training as bench-scale's GraphSHA stage, cut to the
// first three epochs: warm-up epochs, which set the peak (docs/benchmarks/scale.md).
CALL gds.graph.drop('arxiv', false) YIELD graphName RETURN count(*) AS dropped;
CALL gds.graph.project('arxiv', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD nodeCount, relationshipCount;
CALL graphsha.train.estimate('arxiv', {modelName: 'mem-arxiv', backbone: 'gcn', hiddenSize: 256, splitProperty: 'split',
  featureNormalization: 'none', diffusionMode: 'scalable', diffusionEpsilon: 1e-4, epochs: 3, concurrency: 2})
YIELD requiredMemory, heapBytes, nativeBytesMax;
CALL graphsha.train('arxiv', {modelName: 'mem-arxiv', backbone: 'gcn', hiddenSize: 256, splitProperty: 'split',
  featureNormalization: 'none', diffusionMode: 'scalable', diffusionEpsilon: 1e-4, epochs: 3, concurrency: 2,
  overwrite: true})
YIELD trainMillis, preProcessingMillis, syntheticNodesPerEpoch;
CALL graphsha.predict.stream.estimate('arxiv', {modelName: 'mem-arxiv'})
YIELD requiredMemory, heapBytes, nativeBytesMax;
CALL graphsha.predict.stream('arxiv', {modelName: 'mem-arxiv'}) YIELD nodeId RETURN count(*) AS predicted;

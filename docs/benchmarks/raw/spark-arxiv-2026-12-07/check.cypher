MATCH (p:Paper) RETURN count(p) AS nodes, count(p.predictedClass) AS withClass, count(p.confidence) AS withConfidence;
CALL graphsha.model.import('arxiv-spark.graphsha-model', {overwrite: true}) YIELD modelName RETURN modelName;
CALL gds.graph.project('arxiv', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features']}) YIELD nodeCount RETURN nodeCount;
CALL graphsha.predict.stream('arxiv', {modelName: 'arxiv-spark'}) YIELD nodeId, predictedClass, confidence
MATCH (p) WHERE id(p) = nodeId
RETURN count(*) AS scored, sum(CASE WHEN p.predictedClass = predictedClass THEN 1 ELSE 0 END) AS sameClass,
  max(abs(p.confidence - confidence)) AS largestConfidenceDifference;

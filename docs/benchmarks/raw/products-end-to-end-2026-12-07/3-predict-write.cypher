CALL gds.graph.project('products', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']}) YIELD nodeCount, relationshipCount, projectMillis RETURN nodeCount, relationshipCount, projectMillis;
CALL graphsha.predict.write('products', {modelName: 'products-graphsha', writeProperty: 'predicted', confidenceProperty: 'confidence'}) YIELD nodePropertiesWritten, writeMillis RETURN nodePropertiesWritten, writeMillis;
MATCH (p:Paper) WHERE p.predicted IS NULL OR p.confidence IS NULL RETURN count(*) AS withoutPrediction;

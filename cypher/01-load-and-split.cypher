// Load Cora (bundled in the plugin), make the long-tailed split and project it with GDS.
// Run with: ./graphsha cypher -f cypher/01-load-and-split.cypher

CALL graphsha.dataset.load('cora', {nodeLabel: 'Paper', relationshipType: 'CITES', replace: true})
YIELD dataset, nodeCount, relationshipCount, featureDimension, writeMillis;

CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES', imbalanceRatio: 100})
YIELD classValue, train, val, test, removed
RETURN classValue AS class, train, val, test, removed ORDER BY class;

CALL gds.graph.drop('cora', false) YIELD graphName RETURN count(*) AS dropped;

CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD graphName, nodeCount, relationshipCount;

// The share of each class among the training nodes: the long tail the model has to cope with.
MATCH (p:Paper {split: 'train'})
WITH p.class AS class, count(*) AS nodes
WITH collect({class: class, nodes: nodes}) AS rows, sum(nodes) AS total
UNWIND rows AS row
RETURN row.class AS class, row.nodes AS trainNodes, round(100.0 * row.nodes / total, 1) AS percent
ORDER BY trainNodes DESC;

// Project the split Cora graph into GDS: features and class as node properties, citations undirected.
// Run after 01-load-and-split.cypher.

CALL gds.graph.drop('cora', false) YIELD graphName RETURN count(*) AS droppedOldProjection;

CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD graphName, nodeCount, relationshipCount, projectMillis;

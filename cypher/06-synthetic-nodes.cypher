// Look at what GraphSHA synthesises: materialise a synthesis round of the trained model as nodes,
// inspect them with their anchor (the minority node they stand for) and auxiliary (the node whose
// features they mostly take), then remove exactly them again.

// The GDS projection lives in memory: create it when this session does not have it yet.
CALL gds.graph.exists('cora') YIELD exists
WITH exists WHERE NOT exists
CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features', 'class']})
YIELD graphName, nodeCount
RETURN graphName AS projected, nodeCount;

CALL graphsha.synthetic.write('cora', {modelName: 'cora-graphsha'})
YIELD modelName, nodesCreated, relationshipsCreated;

// Synthetic nodes per class, the share of the anchor in their features (delta) and their in-degree.
MATCH (s:GraphSHASynthetic {modelName: 'cora-graphsha'})
OPTIONAL MATCH (n)-[:SYNTHETIC_NEIGHBOUR]->(s)
WITH s, count(n) AS degree
RETURN s.class AS class, count(s) AS syntheticNodes, round(avg(s.delta), 4) AS meanDelta,
  round(avg(degree), 2) AS meanInDegree
ORDER BY class;

// Provenance: which class the auxiliary came from (the boundary the synthetic node sits on).
MATCH (s:GraphSHASynthetic {modelName: 'cora-graphsha'})-[:SYNTHESIZED_FROM {role: 'auxiliary'}]->(aux:Paper)
RETURN s.class AS syntheticClass, aux.class AS auxiliaryClass, count(*) AS nodes
ORDER BY syntheticClass, nodes DESC;

CALL graphsha.synthetic.drop({modelName: 'cora-graphsha'}) YIELD nodesDeleted;

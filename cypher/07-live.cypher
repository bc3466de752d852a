// Live classification with graphsha.predict.nodes: no GDS projection, each node is scored from its
// two-hop neighbourhood read in the query's own transaction (docs/procedures.md). Cora's papers stand
// in for accounts: read :Paper as :Account, :CITES as :TRANSFERS_TO, `features` as the account's
// feature vector, and the model as a fraud classifier trained on the projection of script 03.

// 1. Score nodes inside the transaction that creates them, and write the class in the same query:
//    three new papers, each citing a few existing ones, are classified before anything commits.
MATCH (p:Paper) WHERE p.createdAt IS NOT NULL DETACH DELETE p;

UNWIND [[0, 1, 2], [633, 1862, 2582], [1701, 1866]] AS citedIds
MATCH (cited:Paper) WHERE cited.id IN citedIds
WITH citedIds, collect(cited) AS cited
CREATE (p:Paper {id: 100000 + citedIds[0], features: head(cited).features, createdAt: datetime()})
FOREACH (c IN cited | CREATE (p)-[:CITES]->(c))
WITH p
CALL graphsha.predict.nodes('cora-graphsha', p) YIELD predictedClass, confidence
SET p.predicted = predictedClass, p.confidence = confidence
RETURN p.id AS paper, predictedClass, round(confidence, 3) AS confidence ORDER BY paper;

// 2. Score the nodes created in the last hour, all in one call (their neighbourhoods are read once).
//    The rows come in input order, here by paper id; node ids follow no such order, as deleted ids are reused.
MATCH (p:Paper) WHERE p.createdAt > datetime() - duration('PT1H')
WITH p ORDER BY p.id
WITH collect(p) AS recent
CALL graphsha.predict.nodes('cora-graphsha', recent) YIELD nodeId, predictedClass, predictedProbabilities, confidence
RETURN nodeId, predictedClass, round(confidence, 3) AS confidence, size(predictedProbabilities) AS classes;

// 3. Write the class back in the same query, one call per matched node; the query writes nothing if a call fails.
MATCH (p:Paper) WHERE p.createdAt > datetime() - duration('PT1H')
CALL graphsha.predict.nodes('cora-graphsha', p) YIELD predictedClass, confidence
SET p.predicted = predictedClass, p.confidence = confidence
RETURN count(*) AS written;

// The same probabilities as predict.stream on a projection built now, which includes the new papers.
CALL gds.graph.project('cora-live', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features']})
YIELD nodeCount
CALL graphsha.predict.stream('cora-live', {modelName: 'cora-graphsha'}) YIELD nodeId, predictedClass, confidence
MATCH (p:Paper) WHERE id(p) = nodeId AND p.createdAt IS NOT NULL
RETURN p.id AS paper, predictedClass AS streamed, p.predicted AS live,
  abs(confidence - p.confidence) < 1e-5 AS sameConfidence ORDER BY paper;

CALL gds.graph.drop('cora-live') YIELD graphName;

MATCH (p:Paper) WHERE p.createdAt IS NOT NULL DETACH DELETE p;

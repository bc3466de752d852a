// Questions an analyst asks once predictions are in the graph. Run after 04-predict.cypher.

// Test accuracy per class, rarest training class first.
MATCH (t:Paper {split: 'train'}) WITH t.class AS class, count(*) AS trainNodes
MATCH (p:Paper {split: 'test', class: class})
RETURN class, trainNodes, count(p) AS testNodes,
  round(100.0 * sum(CASE WHEN p.predicted = p.class THEN 1 ELSE 0 END) / count(p), 1) AS accuracy
ORDER BY trainNodes;

// Where do the misclassified test papers go: into a larger class (squeezed) or a smaller one?
MATCH (t:Paper {split: 'train'}) WITH t.class AS class, count(*) AS size
WITH collect([class, size]) AS sizes
MATCH (p:Paper {split: 'test'}) WHERE p.predicted <> p.class
WITH p, [s IN sizes WHERE s[0] = p.class][0][1] AS trueSize, [s IN sizes WHERE s[0] = p.predicted][0][1] AS predictedSize
RETURN CASE WHEN predictedSize > trueSize THEN 'into a larger class' ELSE 'into a smaller class' END AS direction,
  count(*) AS papers;

// Unsure predictions of rare classes, with the neighbours that pulled them: a review queue.
MATCH (t:Paper {split: 'train'}) WITH t.class AS class, count(*) AS n ORDER BY n LIMIT 3
WITH collect(class) AS rare
MATCH (p:Paper) WHERE p.predicted IN rare AND p.confidence < 0.5 AND p.split <> 'train'
OPTIONAL MATCH (p)-[:CITES]-(q:Paper)
RETURN p.id AS paper, p.predicted AS predicted, round(p.confidence, 3) AS confidence,
  collect(DISTINCT q.predicted) AS neighbourPredictions
ORDER BY confidence LIMIT 10;

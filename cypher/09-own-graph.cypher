// A graph of your own, as it usually comes: :Client accounts with integer and float properties (one of them
// missing on some clients), a boolean `isFraud` on the labeled clients (true on a tenth of them), :Merchant
// nodes without any feature that only connect clients, and no split property.
// The script writes its own small graph first, so it runs on any database:
//   ./graphsha cypher -f cypher/09-own-graph.cypher

// Start clean: this script's nodes and projections from an earlier run.
MATCH (n) WHERE n:Client OR n:Merchant DETACH DELETE n RETURN count(n) AS removedNodes;
CALL gds.graph.drop('own', false) YIELD graphName RETURN count(*) AS droppedOldProjection;
CALL gds.graph.drop('own-clients', false) YIELD graphName RETURN count(*) AS droppedOldProjection;

// 300 clients: 250 labeled (every tenth a fraud), 50 unlabeled, the ones to predict. `txCount` is an integer,
// `avgAmount` a float, `accountAgeDays` an integer that every seventh client lacks.
UNWIND range(0, 299) AS i
CREATE (:Client {ref: i,
  isFraud: CASE WHEN i < 250 THEN i % 10 = 0 ELSE null END,
  txCount: (i * 37) % 50 + CASE WHEN i % 10 = 0 THEN 15 ELSE 0 END,
  avgAmount: toFloat((i * 13) % 100) / 10.0,
  accountAgeDays: CASE WHEN i % 7 = 3 THEN null ELSE (i * 17) % 900 END})
RETURN count(*) AS clients;

// 30 merchants with no properties: frauds pay at merchants 0-2, every other client at two of the rest.
UNWIND range(0, 29) AS m CREATE (:Merchant {ref: m}) RETURN count(*) AS merchants;
MATCH (c:Client), (m:Merchant)
WHERE (c.ref % 10 = 0 AND m.ref = c.ref % 3)
   OR (c.ref % 10 <> 0 AND m.ref IN [3 + (c.ref * 7) % 27, 3 + (c.ref * 11) % 27])
CREATE (c)-[:PAYS_AT]->(m)
RETURN count(*) AS payments;

// The features only on :Client, so merchants stay in the graph as structure (zero features and a marker
// column); `accountAgeDays` gets a defaultValue for the clients that lack it. The boolean target is read
// from the database, so it is not projected.
CALL gds.graph.project('own',
  {Client: {properties: {txCount: {}, avgAmount: {}, accountAgeDays: {defaultValue: 0}}}, Merchant: {}},
  {PAYS_AT: {orientation: 'UNDIRECTED'}})
YIELD graphName, nodeCount, relationshipCount;

// No splitProperty: a stratified 20 % of each class tests (testFraction) and 20 % validates; only the clients
// are classified (targetNodeLabels). The test metrics come from clients that training and the choice of the
// epoch never saw.
CALL graphsha.train('own', {modelName: 'own-fraud', targetProperty: 'isFraud',
  featureProperties: ['txCount', 'avgAmount', 'accountAgeDays'], targetNodeLabels: ['Client'], overwrite: true})
YIELD modelInfo, testMetrics
RETURN modelInfo.classes AS classes, modelInfo.featureDimension AS featureDimension,
  round(100 * testMetrics.balancedAccuracy, 1) AS testBalancedAccuracy;

// Per class on the test clients: precision, recall and F1, keyed by the class value.
CALL graphsha.model.list('own-fraud') YIELD metrics
UNWIND metrics.test.perClass AS c
RETURN c.class AS class, round(c.precision, 3) AS precision, round(c.recall, 3) AS recall, round(c.f1, 3) AS f1
ORDER BY class;

// The confusion matrix on the test clients: rows are the true class, columns the predicted one.
CALL graphsha.model.list('own-fraud') YIELD metrics
WITH metrics.test.confusionMatrix AS matrix
UNWIND keys(matrix) AS actual
RETURN actual, matrix[actual]['false'] AS predictedFalse, matrix[actual]['true'] AS predictedTrue
ORDER BY actual;

// Every node read gets a prediction (merchants too); the clients nobody labeled are the ones to look at.
CALL graphsha.predict.write('own', {modelName: 'own-fraud', writeProperty: 'fraudPredicted',
  confidenceProperty: 'fraudConfidence'})
YIELD nodePropertiesWritten;
MATCH (c:Client) WHERE c.isFraud IS NULL
RETURN count(c) AS unlabeledClients, sum(CASE WHEN c.fraudPredicted THEN 1 ELSE 0 END) AS flagged;

// What the merchants are worth here: the same training on the clients alone, without the payments.
CALL gds.graph.project('own-clients',
  {Client: {properties: {txCount: {}, avgAmount: {}, accountAgeDays: {defaultValue: 0}}}}, '*')
YIELD graphName, nodeCount, relationshipCount;
CALL graphsha.train('own-clients', {modelName: 'own-fraud-clients', targetProperty: 'isFraud',
  featureProperties: ['txCount', 'avgAmount', 'accountAgeDays'], overwrite: true})
YIELD modelInfo, testMetrics
RETURN modelInfo.featureDimension AS featureDimension,
  round(100 * testMetrics.balancedAccuracy, 1) AS testBalancedAccuracy;

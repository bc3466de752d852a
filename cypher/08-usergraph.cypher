// The user-shaped (fraud-like) graph end to end: :Account nodes with dense numeric `features`, a string
// `class` on a small labeled share of them, :TRANSFERS between them, and no split property.
// Write it first, then run this script:
//   ./graphsha generate --shape user
//   ./graphsha cypher -f cypher/08-usergraph.cypher
// `trueClass` is the generator's class of every account. It exists only to score the predictions on the
// unlabeled accounts below: never use it as targetProperty or as a feature.

CALL gds.graph.drop('accounts', false) YIELD graphName RETURN count(*) AS droppedOldProjection;

// String classes are read from the database by graphsha.train, so only the features are projected.
CALL gds.graph.project('accounts', 'Account', {TRANSFERS: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features']})
YIELD graphName, nodeCount, relationshipCount;

// Training keys at their defaults (targetProperty 'class', featureProperties ['features'], method graphsha,
// backbone sage, featureNormalization auto, which gives these numeric features standard scores).
// Without splitProperty, a stratified 20 % of each class's labeled accounts tests (testFraction), 20 %
// validates and the rest trains.
CALL graphsha.train('accounts', {modelName: 'accounts-graphsha', overwrite: true})
YIELD modelName, trainMillis, modelInfo, validationMetrics
RETURN modelName, trainMillis, modelInfo.classes AS classes,
  round(100 * validationMetrics.balancedAccuracy, 1) AS validationBalancedAccuracy;

// Every account gets a predicted class and the model's confidence in it.
CALL graphsha.predict.write('accounts', {modelName: 'accounts-graphsha', writeProperty: 'predicted',
  confidenceProperty: 'confidence'})
YIELD nodePropertiesWritten, computeMillis, writeMillis;

// Recall per class on the accounts nobody labeled, rarest class first, against the generator's truth.
MATCH (a:Account) WHERE a.class IS NULL
WITH a.trueClass AS class, count(*) AS unlabeled,
  sum(CASE WHEN a.predicted = a.trueClass THEN 1 ELSE 0 END) AS correct
RETURN class, unlabeled, correct, round(100.0 * correct / unlabeled, 1) AS recall
ORDER BY unlabeled;

// The mean of those recalls: balanced accuracy on the unlabeled accounts (chance is 1 / classes).
MATCH (a:Account) WHERE a.class IS NULL
WITH a.trueClass AS class, avg(CASE WHEN a.predicted = a.trueClass THEN 1.0 ELSE 0.0 END) AS recall
RETURN round(100 * avg(recall), 1) AS balancedAccuracy, count(class) AS classes;

// Trains GraphSHA on Cora through ./graphsha serve and reads the predictions back (docs/clients.md).
import neo4j from 'neo4j-driver';

const driver = neo4j.driver(process.env.GRAPHSHA_BOLT ?? 'bolt://127.0.0.1:7687');
const session = driver.session();
const run = async (query, params = {}) => (await session.run(query, params)).records.map(r => r.toObject());
try {
  await run("CALL graphsha.dataset.load('cora', {replace: true})");
  await run("CALL graphsha.split.longTailed({nodeLabel: 'Paper', relationshipType: 'CITES'})");
  await run("CALL gds.graph.drop('cora', false)");
  await run(`CALL gds.graph.project('cora', 'Paper', {CITES: {orientation: 'UNDIRECTED'}},
             {nodeProperties: ['features', 'class']})`);
  // JavaScript numbers are floats on the wire; integer keys accept integral floats, so 60 works as is.
  const [trained] = await run(`CALL graphsha.train('cora', {modelName: 'js-sha', splitProperty: 'split',
      epochs: $epochs, overwrite: true}) YIELD modelName, testMetrics RETURN modelName, testMetrics`, {epochs: 60});
  console.log(trained.modelName, 'test bAcc', trained.testMetrics.balancedAccuracy.toFixed(3));
  // Where an integer must stay an integer in Cypher (LIMIT), wrap it with neo4j.int.
  const rows = await run(`CALL graphsha.predict.stream('cora', {modelName: 'js-sha'})
      YIELD nodeId, predictedClass, confidence RETURN nodeId, predictedClass, confidence LIMIT $n`, {n: neo4j.int(3)});
  for (const r of rows) {
    console.log(r.nodeId.toString(), r.predictedClass.toString(), r.confidence.toFixed(3));
  }
} finally {
  await session.close();
  await driver.close();
}

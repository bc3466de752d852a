#!/usr/bin/env bash
# The Spark job end to end on the arXiv-shaped generated graph at local[2] (docs/spark.md, "arXiv-shaped graph"):
# generate and bulk import, serve the database over Bolt, then one train run (read, train on the driver, hops,
# score, write back, store), a count of the written nodes, and the plugin's predict.stream against the job's scores.
# Usage: COMMANDS.sh PROJECT_DIR HOME_DIR OUT_DIR  (JOB_JAVA_OPTS: extra options for the job's JVM)
set -euo pipefail
ROOT=$(cd "$1" && pwd); HOME_DIR=$2; OUT=$3
mkdir -p "$OUT"
cd "$ROOT"
./mvnw -q -B package -DskipTests
rm -rf "$HOME_DIR"
/usr/bin/time -v ./graphsha --home "$HOME_DIR" generate > "$OUT/generate.txt" 2>&1
mkdir -p "$HOME_DIR/conf" && echo "server.memory.pagecache.size=512m" > "$HOME_DIR/conf/neo4j.conf"
GRAPHSHA_JAVA_OPTS=-Xmx3g ./graphsha --home "$HOME_DIR" serve --bolt-port 7688 > "$OUT/serve.txt" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
until grep -q "7688" "$OUT/serve.txt" 2>/dev/null && (exec 3<>/dev/tcp/127.0.0.1/7688) 2>/dev/null; do sleep 2; done

CP=target/classes:$(cat target/launcher-runtime.classpath):$(cat target/spark-job.classpath)
SPARK_OPTS=(-XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
  -Djdk.reflect.useDirectMethodHandle=false)
/usr/bin/time -v java -Xmx6g ${JOB_JAVA_OPTS:-} "${SPARK_OPTS[@]}" -Dspark.master='local[2]' -Dspark.ui.enabled=false \
  -Dspark.sql.shuffle.partitions=4 -cp "$CP" org.graphsha.spark.SparkJob \
  url=bolt://127.0.0.1:7688 nodeLabel=Paper relationshipType=CITES featureProperties=features targetProperty=class \
  splitProperty=split modelName=arxiv-spark modelFile="$OUT/arxiv-spark.graphsha-model" overwrite=true \
  method=graphsha selfTrainingWeight=0 maxSyntheticNodes=100000 featureNormalization=none \
  diffusionMode=scalable diffusionEpsilon=0.0001 epochs=60 patience=20 concurrency=2 hops=2 partitions=4 \
  batchSize=5000 > "$OUT/job.txt" 2>&1
grep "graphsha-spark:" "$OUT/job.txt"
kill $SERVER; wait $SERVER || true
trap - EXIT

# The written predictions and the plugin's scores of the job's model, in one embedded session.
mkdir -p "$HOME_DIR/import" && cp "$OUT/arxiv-spark.graphsha-model" "$HOME_DIR/import/"
cat > "$OUT/check.cypher" <<'CYPHER'
MATCH (p:Paper) RETURN count(p) AS nodes, count(p.predictedClass) AS withClass, count(p.confidence) AS withConfidence;
CALL graphsha.model.import('arxiv-spark.graphsha-model', {overwrite: true}) YIELD modelName RETURN modelName;
CALL gds.graph.project('arxiv', 'Paper', {CITES: {orientation: 'UNDIRECTED'}}, {nodeProperties: ['features']}) YIELD nodeCount RETURN nodeCount;
CALL graphsha.predict.stream('arxiv', {modelName: 'arxiv-spark'}) YIELD nodeId, predictedClass, confidence
MATCH (p) WHERE id(p) = nodeId
RETURN count(*) AS scored, sum(CASE WHEN p.predictedClass = predictedClass THEN 1 ELSE 0 END) AS sameClass,
  max(abs(p.confidence - confidence)) AS largestConfidenceDifference;
CYPHER
GRAPHSHA_JAVA_OPTS=-Xmx3g ./graphsha --home "$HOME_DIR" cypher -f "$OUT/check.cypher" > "$OUT/check.txt" 2>&1
cat "$OUT/check.txt"

# The test nodes' balanced accuracy of the written classes (the split property's `test` nodes).
GRAPHSHA_JAVA_OPTS=-Xmx3g ./graphsha --home "$HOME_DIR" cypher -f "$(dirname "$0")/test-metrics.cypher"

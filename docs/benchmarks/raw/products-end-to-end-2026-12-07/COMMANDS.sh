#!/usr/bin/env bash
# The products-shaped graph end to end on one machine, from the repository root. HOME_DIR is the embedded
# database's home. The three cypher runs were separate processes (each projects the graph again): GraphSHA's
# training, then vanilla's (in the recorded runs the memory guard refused the call after a training in the same process, because it counted uncollected garbage; since mended, see the scale page),
# then predict.write of the GraphSHA model and a count of nodes left without a prediction.
set -u
HOME_DIR=${1:-/tmp/products-home}
RAW=docs/benchmarks/raw/products-end-to-end-2026-12-07
/usr/bin/time -v ./graphsha --home "$HOME_DIR" generate --preset products
mkdir -p "$HOME_DIR/conf" && echo "server.memory.pagecache.size=1g" > "$HOME_DIR/conf/neo4j.conf"
export MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576 GRAPHSHA_JAVA_OPTS=-Xmx14g
for step in 1-train 2-train-vanilla 3-predict-write; do
  /usr/bin/time -v ./graphsha --home "$HOME_DIR" cypher -f "$RAW/$step.cypher"
done
# Afterwards, all of it in one process with a 13 GiB heap (the figures of the page's headline row):
#   GRAPHSHA_JAVA_OPTS=-Xmx13g ./graphsha --home "$HOME_DIR" cypher -f "$RAW/one-process.cypher"
# The raw outputs name the files as they were on the machine: full.cypher is 1-train.cypher followed by the
# vanilla call and the write (both refused there by the guard, see 1-train-graphsha.txt), rest.cypher is
# 2-train-vanilla.cypher plus the write, write.cypher is 3-predict-write.cypher, one.cypher is one-process.cypher.

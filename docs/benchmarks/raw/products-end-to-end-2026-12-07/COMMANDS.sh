#!/usr/bin/env bash
# The products-shaped graph end to end on one machine, from the repository root:
# generate + bulk import, then one cypher run (project, train GraphSHA and vanilla on the sign backbone,
# predict.write, a count of nodes left without a prediction). HOME_DIR is the embedded database's home.
set -u
HOME_DIR=${1:-/tmp/products-home}
/usr/bin/time -v ./graphsha --home "$HOME_DIR" generate --preset products
mkdir -p "$HOME_DIR/conf" && echo "server.memory.pagecache.size=1g" > "$HOME_DIR/conf/neo4j.conf"
export MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576 GRAPHSHA_JAVA_OPTS=-Xmx14g
/usr/bin/time -v ./graphsha --home "$HOME_DIR" cypher -f docs/benchmarks/raw/products-end-to-end-2026-12-07/train.cypher

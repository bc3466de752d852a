#!/usr/bin/env bash
# diffusionSources: 'anchors' against the default 'all', from the repository root (docs/benchmarks/scale.md,
# "Diffusion from the anchors only").
set -u
RAW=docs/benchmarks/raw/diffusion-anchors-2026-12-07
for d in cora citeseer; do
  ./graphsha bench --threads 1 --setting lt --dataset $d --backbone gcn --runs 10 --seed 100 \
    --diffusionSources anchors > $RAW/$d-lt-gcn-anchors.txt 2>&1 &
done; wait
./graphsha --home /tmp/arx generate
echo "server.memory.pagecache.size=512m" > /tmp/arx/conf/neo4j.conf
GRAPHSHA_JAVA_OPTS=-Xmx4g ./graphsha --home /tmp/arx cypher -f $RAW/arxiv.cypher
./graphsha --home /tmp/prod generate --preset products
mkdir -p /tmp/prod/conf && echo "server.memory.pagecache.size=1g" > /tmp/prod/conf/neo4j.conf
MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576 GRAPHSHA_JAVA_OPTS=-Xmx13g ./graphsha --home /tmp/prod cypher -f $RAW/products.cypher

# The arXiv-shaped graph on the same day and VM (2-core AMD EPYC, 24 GiB), one command after the other, nothing else
# running: the full-batch GCN default through bench-scale (GraphSHA and vanilla, 20 epochs each), then the sign
# backbone's trainings of raw/arxiv-sign-2026-12-07/arxiv.cypher (60 epochs each) on a freshly generated graph.
MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576 GRAPHSHA_JAVA_OPTS=-Xmx5g /usr/bin/time -v ./graphsha --home /tmp/scale-d bench-scale > gcn-bench-scale.txt 2>&1
./graphsha --home /tmp/arxiv-e generate > generate.txt 2>&1
mkdir -p /tmp/arxiv-e/conf && echo 'server.memory.pagecache.size=512m' > /tmp/arxiv-e/conf/neo4j.conf
GRAPHSHA_JAVA_OPTS=-Xmx3g /usr/bin/time -v ./graphsha --home /tmp/arxiv-e cypher -f docs/benchmarks/raw/arxiv-sign-2026-12-07/arxiv.cypher > sign-train.txt 2>&1
